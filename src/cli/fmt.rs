//! `rulebook fmt`: rule files rewritten in the canonical layout ([`crate::syntax::format`]),
//! or, with `--check`, the files not in it shown with what would change.

use std::collections::HashSet;
use std::io::Read as _;
use std::path::{Path, PathBuf};

use super::common::color_stderr;
use crate::authoring::diff;
use crate::diag::{plural, Source, SourceMap};
use crate::files::{self, Kind, Replace};
use crate::pipeline;
use crate::syntax::{format, MAX_SOURCE_BYTES};

/// How deep folders are searched for rule files (symbolic-link loops are cut by
/// remembering the folders visited; this bounds plain nesting).
const MAX_FOLDER_DEPTH: usize = 16;

/// What `fmt` formats: a file, or standard input (`-`) to standard output.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    /// A rule file, rewritten in place.
    File(PathBuf),
    /// Standard input, formatted to standard output.
    Stdin,
}

/// What became of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// It was in the canonical layout already.
    Unchanged,
    /// It was not: rewritten, or (with `--check`) shown.
    Changed,
    /// It could not be read, parsed or written; the reason is printed.
    Failed,
}

/// Formats every input (`--check`: changes nothing and shows what would change); fails if
/// any input could not be formatted, or, with `--check`, if any is not in the layout.
pub(super) fn run(paths: &[String], check: bool) -> Result<(), String> {
    let inputs = collect(paths)?;
    let color = color_stderr();
    let (mut changed, mut failed) = (0, 0);
    for input in &inputs {
        match format_input(input, check, color) {
            Outcome::Unchanged => {}
            Outcome::Changed => changed += 1,
            Outcome::Failed => failed += 1,
        }
    }
    let mut problems = Vec::new();
    if check && changed > 0 {
        problems.push(format!(
            "{changed} file{} not in the canonical layout (`rulebook fmt FILE...` rewrites them)",
            plural(changed)
        ));
    }
    if failed > 0 {
        problems.push(format!(
            "{failed} file{} could not be formatted",
            plural(failed)
        ));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(format!("error: {}", problems.join("; "))),
    }
}

/// Formats one input and says what became of it: a rewritten file is named on standard
/// output; with `check`, a file that would change is named with the diff; a failure is
/// explained on standard error.
fn format_input(input: &Input, check: bool, color: bool) -> Outcome {
    let source = match input {
        Input::File(path) => pipeline::read_file(path).map_err(|e| e.render(color)),
        Input::Stdin => read_stdin(),
    };
    let source = match source {
        Ok(source) => source,
        Err(message) => {
            eprint!("{message}");
            return Outcome::Failed;
        }
    };
    let formatted = match format(&source.text) {
        Ok(text) => text,
        Err(d) => {
            eprint!("{}", SourceMap::new(source).render(&[d], color));
            return Outcome::Failed;
        }
    };
    let same = formatted == source.text;
    match input {
        _ if check && same => {}
        _ if check => {
            let name = &source.name;
            println!("{name}: not in the canonical layout (- as written, + formatted)");
            print!("{}", diff(&source.text, &formatted, (name, name)));
        }
        Input::Stdin => print!("{formatted}"),
        Input::File(_) if same => {}
        Input::File(path) => {
            if let Err(e) = files::write_atomic(path, Kind::RuleFile, &formatted, Replace::Never) {
                eprintln!("error: {e}");
                return Outcome::Failed;
            }
            println!("formatted {}", source.name);
        }
    }
    match same {
        true => Outcome::Unchanged,
        false => Outcome::Changed,
    }
}

/// The rule file on standard input (at most [`MAX_SOURCE_BYTES`], UTF-8, a byte-order mark
/// dropped), named `<stdin>`; the message on failure.
fn read_stdin() -> Result<Source, String> {
    let mut bytes = Vec::new();
    let limit = MAX_SOURCE_BYTES as u64;
    (std::io::stdin().lock().take(limit + 1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("error: cannot read standard input: {e}\n"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "error: standard input is too large for a rule file (the limit is {limit} bytes)\n"
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| "error: standard input is not UTF-8 text\n".to_string())?;
    Ok(Source {
        name: "<stdin>".into(),
        text: text.strip_prefix('\u{feff}').unwrap_or(&text).to_string(),
    })
}

/// The inputs the paths name: `-` is standard input, a file is itself, a folder every
/// rule file (`*.game`) under it in name order. A path that does not exist, or a folder
/// without rule files, is an error.
fn collect(paths: &[String]) -> Result<Vec<Input>, String> {
    let mut inputs = Vec::new();
    for path in paths {
        if path == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let path = Path::new(path);
        if path.is_dir() {
            let mut found = Vec::new();
            rule_files_in(path, 0, &mut HashSet::new(), &mut found)?;
            if found.is_empty() {
                return Err(format!(
                    "error: `{}` holds no rule files (*.game)",
                    path.display()
                ));
            }
            inputs.extend(found.into_iter().map(Input::File));
        } else if path.exists() {
            inputs.push(Input::File(path.to_path_buf()));
        } else {
            return Err(format!("error: `{}` does not exist", path.display()));
        }
    }
    Ok(inputs)
}

/// Adds the rule files under `dir` to `out`, in name order, searching each real folder
/// once (`seen`: the canonical paths visited) and skipping hidden files and folders.
fn rule_files_in(
    dir: &Path,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<PathBuf>,
) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("error: cannot read `{}`: {e}", dir.display());
    if depth > MAX_FOLDER_DEPTH {
        return Err(format!(
            "error: `{}` is nested more than {MAX_FOLDER_DEPTH} folders deep",
            dir.display()
        ));
    }
    if !seen.insert(std::fs::canonicalize(dir).map_err(cannot)?) {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(cannot)?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = (path.file_name()).is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            rule_files_in(&path, depth + 1, seen, out)?;
        } else if path.extension().is_some_and(|e| e == "game") {
            out.push(path);
        }
    }
    Ok(())
}
