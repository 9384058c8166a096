//! `docs/tutorial.md`: every `rulebook` command it shows runs and succeeds, in order, on a
//! copy of the tutorial's files in the reader's folder `my-games/` (so that `rulebook
//! snapshot` cannot rewrite the committed snapshots); the files it shows are the files in `docs/tutorial/`, verbatim; and those
//! files pass their own scenarios and snapshots.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::bin;

const TUTORIAL: &str = "docs/tutorial.md";

fn rulebook(args: &[String], dir: &Path) -> Output {
    bin::command(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// The code blocks of a Markdown text: (language, body).
fn code_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut current, fence) {
            (None, Some(lang)) => current = Some((lang.trim().to_string(), String::new())),
            (Some(_), Some(_)) => blocks.extend(current.take()),
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// Splits a command line into words; double quotes group words.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut word, mut quoted, mut any) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

fn tutorial_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("docs/tutorial")
        .expect("docs/tutorial exists")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            std::fs::copy(&path, to.join(path.file_name().expect("a name"))).expect("a copy");
        }
    }
}

#[test]
fn every_command_of_the_tutorial_runs() {
    let text = std::fs::read_to_string(TUTORIAL).expect("the tutorial");
    let dir = std::env::temp_dir().join(format!("rulebook-tutorial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // The reader's own folder, `my-games/`, with the files the tutorial shows.
    copy_folder(Path::new("docs/tutorial"), &dir.join("my-games"));
    copy_folder(Path::new("games"), &dir.join("games"));
    let mut ran = 0;
    for (lang, body) in code_blocks(&text) {
        if lang != "sh" {
            continue;
        }
        for line in body.lines() {
            let command = words(line);
            if command.first().map(String::as_str) != Some("rulebook") {
                continue; // building and setting the path: what this test binary stands for
            }
            let out = rulebook(&command[1..], &dir);
            assert!(
                out.status.success(),
                "`{line}` failed:\n{}\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ran >= 12, "only {ran} commands found in the tutorial");
}

#[test]
fn the_tutorial_shows_its_files_as_they_are() {
    let text = std::fs::read_to_string(TUTORIAL).expect("the tutorial");
    let blocks = code_blocks(&text);
    let mut shown = 0;
    for file in tutorial_files() {
        let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "game" && ext != "yaml" {
            continue;
        }
        let contents = std::fs::read_to_string(&file).expect("a text file");
        assert!(
            blocks
                .iter()
                .any(|(lang, body)| lang == ext && *body == contents),
            "{} is not shown verbatim in {TUTORIAL}",
            file.display()
        );
        shown += 1;
    }
    assert_eq!(
        shown, 4,
        "the tutorial's variant and new game, with their scenarios"
    );
}

#[test]
fn the_tutorial_files_pass_their_tests() {
    let out = rulebook(&["test".into(), "docs/tutorial".into()], Path::new("."));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("4 cases passed, 0 failed; 0 snapshots drifted"),
        "{stdout}"
    );
    for snapshot in ["flank", "ming-mang-11"] {
        assert!(
            stdout.contains(&format!(
                "docs/tutorial/{snapshot}.snapshot: behaviour as recorded"
            )),
            "{stdout}"
        );
    }
}

/// The files the tutorial asks the reader to create are not files of the repository: they
/// lie in a folder that `.gitignore` leaves out, so a reader following it in a clone
/// changes nothing that is tracked, and the test passes in a clone where the reader has
/// done it (the files are there, and ignored).
#[test]
fn the_tutorial_creates_no_file_of_the_repository() {
    let text = std::fs::read_to_string(TUTORIAL).expect("the tutorial");
    let ignored = std::fs::read_to_string(".gitignore").expect("the repository's .gitignore");
    let flat = text.replace('\n', " ");
    let mut created = 0;
    for part in flat
        .split("Create `")
        .skip(1)
        .chain(flat.split("And its scenarios, `").skip(1))
    {
        let file = part.split('`').next().expect("a file name");
        let folder = file.split('/').next().expect("a first part");
        assert!(
            file.contains('/') && ignored.lines().any(|l| l.trim() == format!("/{folder}/")),
            "the tutorial creates `{file}`, outside a folder that .gitignore leaves out"
        );
        created += 1;
    }
    assert_eq!(created, 4, "the variant, the new game and their scenarios");
    for (lang, body) in code_blocks(&text) {
        if lang == "sh" {
            assert!(!body.contains("docs/tutorial/"), "{body}");
        }
    }
}
