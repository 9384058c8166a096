//! Broken rule files: every fixture in `tests/fixtures/broken/` must be refused with at least
//! one error, through the library (`read_source` -> `describe` -> `build`) and through the
//! `rulebook check` command, without a panic, a crash or a hang. The rendered errors are
//! snapshots (`tests/snapshots/suite__diagnostics__errors@NAME.snap`), so any change to a
//! message, a span or a help line shows up in review.
//!
//! Each fixture is run through the library in a child process (this same test binary,
//! re-run with [`CHILD_ENV`] set), so that a fixture that overflows the stack or hangs fails
//! its own check with a clear message instead of aborting every test of this file.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::time::Duration;

use rulebook::pipeline::{build, describe, read_source, LoadError};

use crate::common::bin;

/// How long one fixture may take, in the library or in the binary.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Set (to a fixture's path) in the child process that runs one fixture through the library.
const CHILD_ENV: &str = "RULEBOOK_DIAGNOSTICS_CHILD";

/// Stack for the child's pipeline: that of the `rulebook` binary's main thread on Linux.
const CHILD_STACK: usize = 8 << 20;

const BEGIN: &str = "<<<rulebook-diagnostics-begin>>>";
const END: &str = "<<<rulebook-diagnostics-end>>>";

/// The package root (cargo runs integration tests from there too).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/fixtures/broken/NAME.game`: the path relative to the package root, so that the
/// file name in rendered diagnostics does not depend on the machine.
fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(root()).unwrap_or(path);
    rel.to_string_lossy().replace('\\', "/")
}

/// Every broken fixture, sorted (for the tests that do not use `insta::glob!`).
fn fixtures() -> Vec<PathBuf> {
    let dir = root().join("tests/fixtures/broken");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    files
}

/// What a finished child process left behind.
struct Finished {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs a command with a time limit; `Err` (after killing it) if it takes longer.
fn run_with_timeout(command: Command, limit: Duration) -> Result<Finished, String> {
    let out = bin::run_within(command, limit)?;
    Ok(Finished {
        status: out.status,
        stdout: bin::text(&out.stdout),
        stderr: bin::text(&out.stderr),
    })
}

/// The whole pipeline on one file, as the library offers it: read, parse and check, then
/// compile with the default configuration and with every preset (as `rulebook check`
/// does). Returns the number of errors and everything rendered without colour.
fn pipeline(path: &str) -> (usize, String) {
    let mut text = String::new();
    let mut errors = 0;
    let mut report = |e: &LoadError, text: &mut String| {
        errors += e.diagnostics.iter().filter(|d| d.is_error()).count();
        text.push_str(&e.render(false));
    };
    let described = match read_source(path).and_then(describe) {
        Ok(d) => d,
        Err(e) => {
            report(&e, &mut text);
            return (errors, text);
        }
    };
    text.push_str(&described.sources.render(&described.warnings, false));
    let presets = described
        .description
        .settings
        .presets
        .iter()
        .map(|p| Some(p.name.as_str()));
    for preset in std::iter::once(None).chain(presets) {
        if let Err(e) = build(&described, preset, &[]) {
            if let Some(p) = preset {
                text.push_str(&format!("(while building preset `{p}`)\n"));
            }
            report(&e, &mut text);
            break;
        }
    }
    (errors, text)
}

/// The child half of [`broken_fixtures_are_refused_with_diagnostics`]: runs the pipeline on
/// the fixture named by [`CHILD_ENV`] and prints the result between markers. Without that
/// variable (a plain `cargo test`) it does nothing.
#[test]
fn pipeline_child() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (errors, text) = std::thread::Builder::new()
        .name(path.clone())
        .stack_size(CHILD_STACK)
        .spawn(move || pipeline(&path))
        .expect("a thread")
        .join()
        .expect("the pipeline panicked");
    println!("{BEGIN}{errors}\n{text}{END}");
}

/// The name the test binary gives [`pipeline_child`]: its path below the crate root
/// (`diagnostics::pipeline_child` in the suite).
fn child_test_name() -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::pipeline_child"),
        None => "pipeline_child".to_string(),
    }
}

/// Runs one fixture through [`pipeline_child`] in a child process.
fn pipeline_isolated(path: &str) -> Result<(usize, String), String> {
    let mut command = Command::new(std::env::current_exe().expect("the test binary's path"));
    command
        .args([
            "--exact",
            &child_test_name(),
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, path)
        .current_dir(root());
    let done = run_with_timeout(command, TIMEOUT)?;
    let output = done
        .stdout
        .split_once(BEGIN)
        .and_then(|(_, rest)| rest.split_once(END))
        .map(|(inside, _)| inside);
    match output {
        Some(inside) if done.status.success() => {
            let (count, text) = inside.split_once('\n').unwrap_or((inside, ""));
            Ok((count.parse().unwrap_or(0), text.to_string()))
        }
        _ => Err(format!(
            "the pipeline crashed on {path} ({})\n--- stdout\n{}\n--- stderr\n{}",
            done.status,
            tail(&done.stdout),
            tail(&done.stderr)
        )),
    }
}

/// The end of a long output, for failure messages.
fn tail(s: &str) -> &str {
    let mut start = s.len().saturating_sub(2000);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

/// The leading `//` comment of a fixture, on one line: what the fixture tests.
fn purpose(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let words: Vec<&str> = text
        .lines()
        .map_while(|line| line.strip_prefix("//"))
        .map(str::trim)
        .collect();
    if words.is_empty() {
        format!("(no comment: {} bytes of raw input)", bytes.len())
    } else {
        words.join(" ")
    }
}

#[test]
fn broken_fixtures_are_refused_with_diagnostics() {
    // Fixtures with problems other than a changed snapshot, gathered (and described on
    // stderr as they are found) so that one bad fixture does not hide the others.
    let mut failures = Vec::new();
    insta::glob!("fixtures/broken/*.game", |path| {
        let rel = relative(path);
        let stem = path
            .file_stem()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let (errors, text) = match pipeline_isolated(&rel) {
            Ok(result) => result,
            Err(message) => {
                eprintln!("{message}\n");
                failures.push(rel);
                return;
            }
        };
        if errors == 0 {
            eprintln!("{rel} loaded without errors:\n{text}");
            failures.push(rel.clone());
        }
        if text.contains("internal error") {
            eprintln!("{rel} produced an internal error:\n{text}");
            failures.push(rel.clone());
        }
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_suffix(stem);
        settings.set_description(purpose(path));
        settings.bind(|| insta::assert_snapshot!("errors", text));
    });
    assert!(
        failures.is_empty(),
        "fixtures that crashed, hung, loaded without errors or hit an internal error (details above): {}",
        failures.join(", ")
    );
}

/// A text fixture begins with a `//` comment saying what it tests (the empty file and the
/// random bytes are the exceptions); the comment is also the description of its snapshot.
#[test]
fn text_fixtures_say_what_they_test() {
    for path in fixtures() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let raw = bytes.is_empty() || name == "hostile-binary-garbage.game";
        if !raw {
            assert!(
                bytes.starts_with(b"// "),
                "{name} does not begin with a `//` comment"
            );
        }
    }
}

#[test]
fn check_command_refuses_every_broken_fixture() {
    let mut failures = Vec::new();
    for path in fixtures() {
        let rel = relative(&path);
        let mut command = bin::command(["check", &rel]);
        command.current_dir(root());
        match run_with_timeout(command, TIMEOUT) {
            Err(message) => failures.push(message),
            Ok(done) => {
                if done.status.code() != Some(1) {
                    failures.push(format!(
                        "`rulebook check {rel}` exited with {} (expected exit code 1)\n{}",
                        done.status,
                        tail(&done.stderr)
                    ));
                } else if done.stderr.trim().is_empty() {
                    failures.push(format!("`rulebook check {rel}` printed nothing on stderr"));
                } else if done.stderr.contains("panicked") || done.stderr.contains("internal error")
                {
                    failures.push(format!("`rulebook check {rel}`:\n{}", tail(&done.stderr)));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn check_command_accepts_the_bundled_games() {
    let mut command = bin::command(["check", "games/ming-mang.game", "games/gundru.game"]);
    command.current_dir(root());
    let done = run_with_timeout(command, TIMEOUT).unwrap_or_else(|m| panic!("{m}"));
    assert!(
        done.status.success(),
        "`rulebook check` refused the bundled games ({}):\n{}",
        done.status,
        done.stderr
    );
    assert!(
        done.stdout.contains("games/ming-mang.game: ok"),
        "{}",
        done.stdout
    );
    assert!(
        done.stdout.contains("games/gundru.game: ok"),
        "{}",
        done.stdout
    );
}

#[test]
fn check_command_accepts_the_valid_fixtures() {
    let valid: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures/valid"))
        .expect("tests/fixtures/valid exists")
        .map(|e| e.expect("an entry").path())
        .collect();
    assert!(!valid.is_empty());
    for path in valid {
        let mut command = bin::command(["check"]);
        command.arg(&path).current_dir(root());
        let done = run_with_timeout(command, TIMEOUT).unwrap_or_else(|m| panic!("{m}"));
        assert!(
            done.status.success(),
            "{} was refused:\n{}",
            path.display(),
            done.stderr
        );
    }
}

/// `extends` naming a FIFO is refused at once (a FIFO without a writer would block the open
/// forever); the time limit of the harness turns a regression into a failure, not a hang.
#[test]
fn extends_naming_a_fifo_is_refused_without_blocking() {
    let dir = std::env::temp_dir().join(format!("rulebook-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let made = Command::new("mkfifo").arg(dir.join("pipe.game")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipped");
        return;
    }
    std::fs::write(dir.join("variant.game"), "extends \"pipe.game\"\n").unwrap();
    let mut command = bin::command(["check"]);
    command.arg(dir.join("variant.game"));
    let done = run_with_timeout(command, TIMEOUT).unwrap_or_else(|m| panic!("{m}"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(done.status.code(), Some(1), "{}", done.stderr);
    assert!(
        done.stderr
            .contains("cannot load `pipe.game`, the file this one extends")
            && done.stderr.contains("not a regular file"),
        "{}",
        done.stderr
    );
}

/// A file with 55,000 errors (one per line) is checked in a few seconds: lines and
/// columns come from a line index, and only the first diagnostics are printed in full, the
/// rest counted. The time limit of the harness turns a slow path into a failure.
#[test]
fn fifty_thousand_errors_are_reported_quickly_and_counted() {
    let dir = std::env::temp_dir().join(format!("rulebook-many-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.game");
    let mut text = String::from(
        "game \"Many\"\nplayers black, white\nboard grid 8 by 8\n\
         setup black stone on side(north)\nmove slide orthogonal\n\
         end when no legal move: mover loses\npiece stone",
    );
    for _ in 0..55_000 {
        text.push_str("\n, stone");
    }
    text.push('\n');
    std::fs::write(&path, text).unwrap();
    let mut command = bin::command(["check"]);
    command.arg(&path);
    let done = run_with_timeout(command, TIMEOUT).unwrap_or_else(|m| panic!("{m}"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(done.status.code(), Some(1), "{}", tail(&done.stderr));
    let shown = done
        .stderr
        .matches("error[E0323]: `stone` is declared twice")
        .count();
    assert_eq!(shown, rulebook::diag::MAX_SHOWN, "{}", tail(&done.stderr));
    assert!(
        done.stderr.contains(&format!(
            "... and 54,{:03} more errors\n",
            1000 - rulebook::diag::MAX_SHOWN
        )),
        "{}",
        tail(&done.stderr)
    );
    assert!(
        done.stderr.contains(": 55000 errors\n"),
        "{}",
        tail(&done.stderr)
    );
}
