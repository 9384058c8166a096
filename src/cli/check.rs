//! `rulebook check`: diagnostics of rule files, compiled under every preset (and each
//! configuration's start position looked at: [`check::compile_all`]).

use super::common::color_stderr;
use crate::authoring::check;
use crate::diag::plural;
use crate::diag::Diagnostic;
use crate::pipeline;

/// Checks every file and prints its diagnostics; fails if any file has errors. Each is
/// compiled under every preset and its defaults, or, when a preset or settings are given,
/// with those alone.
pub(super) fn run(files: &[String], preset: Option<&str>, sets: &[String]) -> Result<(), String> {
    let color = color_stderr();
    let mut failed = false;
    for f in files {
        failed |= !check_file(f, preset, sets, color);
    }
    if failed {
        Err(String::new())
    } else {
        Ok(())
    }
}

/// Checks one file as [`run`] does, printing its diagnostics and its verdict; whether it is
/// sound (it may have warnings).
fn check_file(f: &str, preset: Option<&str>, sets: &[String], color: bool) -> bool {
    let source = match pipeline::read_source(f) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{}", e.render(color));
            return false;
        }
    };
    let d = match pipeline::describe(source) {
        Ok(d) => d,
        Err(e) => {
            eprint!("{}", e.render(color));
            let errors = e.diagnostics.iter().filter(|d| d.is_error()).count();
            eprintln!(
                "{}: {errors} error{}",
                e.sources.as_ref().map_or(f, |s| s.root().name.as_str()),
                plural(errors)
            );
            return false;
        }
    };
    let compiled = check::compile_all(&d, preset, sets);
    let mut warnings = d.warnings;
    warnings.extend(compiled.warnings);
    warnings.sort_by_key(Diagnostic::order);
    eprint!("{}", d.sources.render(&warnings, color));
    let errors = compiled.errors;
    if errors.is_empty() {
        println!(
            "{}: ok ({} warning{})",
            d.sources.root().name,
            warnings.len(),
            plural(warnings.len())
        );
        return true;
    }
    eprint!("{}", d.sources.render(&errors, color));
    eprintln!(
        "{}: {} error{}",
        d.sources.root().name,
        errors.len(),
        plural(errors.len())
    );
    false
}
