//! `rulebook check`: diagnostics of rule files, compiled under every preset.

use super::common::color_stderr;
use crate::diag::plural;
use crate::diag::Diagnostic;
use crate::pipeline;

/// Checks every file and prints its diagnostics; fails if any file has errors.
pub(super) fn run(files: &[String]) -> Result<(), String> {
    let mut failed = false;
    let color = color_stderr();
    for f in files {
        let source = match pipeline::read_source(f) {
            Ok(s) => s,
            Err(e) => {
                eprint!("{}", e.render(color));
                failed = true;
                continue;
            }
        };
        match pipeline::describe(source) {
            Ok(d) => {
                eprint!("{}", d.sources.render(&d.warnings, color));
                // Compile under every preset (and the defaults), so that sizes and regions
                // are checked too; an error found under several is shown once.
                let mut configurations: Vec<Option<&str>> = vec![None];
                configurations.extend(d.description.presets.iter().map(|p| Some(p.name.as_str())));
                let mut found: Vec<(Diagnostic, Vec<String>)> = Vec::new();
                for p in configurations {
                    let Err(e) = pipeline::build(&d, p, &[]) else {
                        continue;
                    };
                    let name = p.map_or_else(
                        || "the default settings".to_string(),
                        |p| format!("preset `{p}`"),
                    );
                    for diag in e.diagnostics {
                        match found
                            .iter_mut()
                            .find(|(f, _)| f.message == diag.message && f.span == diag.span)
                        {
                            Some((_, under)) => under.push(name.clone()),
                            None => found.push((diag, vec![name.clone()])),
                        }
                    }
                }
                let errors: Vec<Diagnostic> = found
                    .into_iter()
                    .map(|(diag, under)| {
                        diag.with_note(format!("found when compiling with {}", under.join(", ")))
                    })
                    .collect();
                if errors.is_empty() {
                    println!(
                        "{}: ok ({} warning{})",
                        d.sources.root().name,
                        d.warnings.len(),
                        plural(d.warnings.len())
                    );
                } else {
                    eprint!("{}", d.sources.render(&errors, color));
                    eprintln!(
                        "{}: {} error{}",
                        d.sources.root().name,
                        errors.len(),
                        plural(errors.len())
                    );
                    failed = true;
                }
            }
            Err(e) => {
                eprint!("{}", e.render(color));
                let errors = e.diagnostics.iter().filter(|d| d.is_error()).count();
                eprintln!(
                    "{}: {errors} error{}",
                    e.sources
                        .as_ref()
                        .map_or(f.as_str(), |s| s.root().name.as_str()),
                    plural(errors)
                );
                failed = true;
            }
        }
    }
    if failed {
        Err(String::new())
    } else {
        Ok(())
    }
}
