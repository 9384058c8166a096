//! `rulebook check`: diagnostics of rule files, compiled under every preset.

use super::common::color_stderr;
use crate::diag::plural;
use crate::diag::Diagnostic;
use crate::pipeline::{self, Described};

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
    eprint!("{}", d.sources.render(&d.warnings, color));
    let errors = compile_errors(&d, preset, sets);
    if errors.is_empty() {
        println!(
            "{}: ok ({} warning{})",
            d.sources.root().name,
            d.warnings.len(),
            plural(d.warnings.len())
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

/// The errors of compiling a described file under every preset and its defaults (or under
/// `preset` and `sets` alone when either is given), so that sizes and regions are checked
/// too: an error found under several is given once, with a note naming them.
fn compile_errors(d: &Described, preset: Option<&str>, sets: &[String]) -> Vec<Diagnostic> {
    let mut configurations: Vec<Option<&str>> = vec![preset];
    if preset.is_none() && sets.is_empty() {
        configurations.extend(d.description.presets.iter().map(|p| Some(p.name.as_str())));
    }
    let mut found: Vec<(Diagnostic, Vec<String>)> = Vec::new();
    for p in configurations {
        let Err(e) = pipeline::build(d, p, sets) else {
            continue;
        };
        let name = configuration_name(p, sets);
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
    found
        .into_iter()
        .map(|(diag, under)| {
            diag.with_note(format!("found when compiling with {}", under.join(", ")))
        })
        .collect()
}

/// How a configuration is named in a note: `the default settings`, `preset `8x8``,
/// `--set size=9`, `preset `8x8` and --set size=9`.
fn configuration_name(preset: Option<&str>, sets: &[String]) -> String {
    let sets = (!sets.is_empty()).then(|| format!("--set {}", sets.join(" --set ")));
    match (preset, sets) {
        (None, None) => "the default settings".to_string(),
        (None, Some(sets)) => sets,
        (Some(p), None) => format!("preset `{p}`"),
        (Some(p), Some(sets)) => format!("preset `{p}` and {sets}"),
    }
}
