//! `rulebook test`: scenario files and behaviour snapshots.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use crate::authoring::{scenario, snapshot, TestFile};
use crate::diag::plural;

/// `rulebook test`: every scenario file and snapshot under the paths, then a summary line.
pub(super) fn run(paths: &[PathBuf], update: bool) -> Result<(), String> {
    let files = crate::authoring::collect(paths).map_err(|e| format!("error: {e}"))?;
    let color = super::common::color_allowed(std::io::stdout().is_terminal());
    let (mut passed, mut failed, mut broken, mut drifted) = (0, 0, 0, 0);
    for file in &files {
        match file {
            // A game saved beside the scenarios of a folder is no test.
            TestFile::Scenario(path)
                if !paths.contains(path) && crate::record::load(path).is_ok() =>
            {
                println!("{}: a saved game, not a scenario: skipped", path.display());
            }
            TestFile::Scenario(path) => match scenario::run_file(path) {
                Ok(report) => {
                    print!("{}", scenario::render(&report, color));
                    failed += report.failed();
                    passed += report.cases.len() - report.failed();
                }
                Err(e) => {
                    let _ = std::io::stdout().flush();
                    eprintln!("{e}");
                    if crate::record::load(path).is_ok() {
                        eprintln!("  (it is a saved game, written by `save`: a record of moves, not a scenario)");
                    }
                    broken += 1;
                }
            },
            TestFile::Snapshot(path) => match snapshot::check(path, update) {
                Ok(snapshot::Verdict::Same) => {
                    println!("{}: behaviour as recorded", path.display());
                }
                Ok(snapshot::Verdict::Drifted(diff)) if update => {
                    println!("{}: updated\n{diff}", path.display());
                }
                Ok(snapshot::Verdict::Drifted(diff)) => {
                    println!(
                        "{}: behaviour drifted (- recorded, + now); accept it with `rulebook test --update`\n{diff}",
                        path.display()
                    );
                    drifted += 1;
                }
                Err(e) => {
                    let _ = std::io::stdout().flush();
                    eprintln!("{e}");
                    broken += 1;
                }
            },
        }
    }
    println!(
        "{} case{} passed, {failed} failed; {drifted} snapshot{} drifted; {broken} file{} could not be run",
        passed,
        plural(passed),
        plural(drifted),
        plural(broken)
    );
    if failed + drifted + broken > 0 {
        Err(String::new())
    } else {
        Ok(())
    }
}
