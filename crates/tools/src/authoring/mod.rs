//! Tools for people who write rule files: what `rulebook check` finds by compiling and
//! starting a game ([`check`]), scenario files (YAML cases with expectations) and behaviour
//! snapshots (a reviewable text file of what a game does), both run by `rulebook test`.

pub mod check;
pub mod scenario;
pub mod snapshot;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The largest scenario or snapshot file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// How deep `rulebook test` looks into folders (symbolic-link loops are cut by remembering
/// the folders visited; this bounds plain nesting).
const MAX_FOLDER_DEPTH: usize = 16;

/// A line diff of two texts: `-` for lines only in `old`, `+` for lines only in `new`,
/// with up to three lines of context around each change, under a header naming both.
pub fn diff(old: &str, new: &str, names: (&str, &str)) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(names.0, names.1)
        .missing_newline_hint(false)
        .to_string()
}

/// Reads a scenario or snapshot file (`kind`) of at most [`MAX_FILE_BYTES`], with a
/// message naming it on failure.
pub fn read_text(path: &Path, kind: rulebook_lang::files::Kind) -> Result<String, String> {
    rulebook_lang::files::read_text(path, MAX_FILE_BYTES, kind)
}

/// What `rulebook test` runs for one file it was given or found in a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestFile {
    /// A scenario file (`.yaml` or `.yml`).
    Scenario(PathBuf),
    /// A behaviour snapshot (`.snapshot`), checked against the rule file beside it.
    Snapshot(PathBuf),
}

/// The files to test under the paths given: a file is taken as it is (a `.game` file
/// stands for the snapshot beside it); a folder is searched for scenario and snapshot files,
/// in name order. Paths that do not exist, and folders without any, are errors.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<TestFile>, String> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = out.len();
            walk(path, 0, &mut HashSet::new(), &mut out)?;
            if out.len() == before {
                return Err(format!(
                    "`{}` holds no scenario files (*.yaml, *.yml) and no snapshots (*.snapshot)",
                    path.display()
                ));
            }
        } else if path.is_file() {
            out.push(classify(path).ok_or_else(|| {
                format!(
                    "`{}` is neither a scenario file (*.yaml, *.yml), a snapshot (*.snapshot) nor a rule file (*.game)",
                    path.display()
                )
            })?);
        } else if path.exists() {
            return Err(format!(
                "`{}` is neither a file nor a folder",
                path.display()
            ));
        } else {
            return Err(format!("`{}` does not exist", path.display()));
        }
    }
    Ok(out)
}

fn classify(path: &Path) -> Option<TestFile> {
    match path.extension()?.to_str()? {
        "yaml" | "yml" => Some(TestFile::Scenario(path.to_path_buf())),
        "snapshot" => Some(TestFile::Snapshot(path.to_path_buf())),
        "game" => Some(TestFile::Snapshot(snapshot::snapshot_path(path))),
        _ => None,
    }
}

/// Searches `dir` and the folders under it, each real folder once: `seen` holds the
/// canonical paths visited, so symbolic links to a folder already searched (a loop, or many
/// links to one folder) are skipped instead of multiplying the paths.
fn walk(
    dir: &Path,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
    out: &mut Vec<TestFile>,
) -> Result<(), String> {
    if depth > MAX_FOLDER_DEPTH {
        return Err(format!(
            "`{}` is nested more than {MAX_FOLDER_DEPTH} folders deep",
            dir.display()
        ));
    }
    let canonical =
        std::fs::canonicalize(dir).map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
    if !seen.insert(canonical) {
        return Ok(());
    }
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read `{}`: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            walk(&path, depth + 1, seen, out)?;
        } else if path.extension().is_some_and(|e| e != "game") {
            // Inside a folder, a rule file is not a test of its own: its snapshot is.
            if let Some(f) = classify(&path) {
                out.push(f);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_marks_changed_lines() {
        let d = diff("a\nb\nc\n", "a\nB\nc\n", ("old", "new"));
        assert!(d.starts_with("--- old\n+++ new\n"), "{d}");
        assert!(d.contains("-b\n"), "{d}");
        assert!(d.contains("+B\n"), "{d}");
        assert!(d.contains(" a\n"), "{d}");
        assert_eq!(diff("same\n", "same\n", ("old", "new")), "");
    }
}
