//! The codes of diagnostics (crates/lang/src/diag/codes.rs): every code the program can emit has
//! a page in docs/diagnostics.md (what `rulebook explain` prints) and a fixture that draws
//! it (or, for what only the command line asks for, a command), and is made at one place
//! only; a page shows what the program prints for its fixture. A new diagnostic fails here
//! until it has its own code, page and fixture (docs/diagnostics.md says how).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Duration;

use rulebook::cli::explain;
use rulebook::diag::Code;

use crate::common::bin;

/// The codes that no fixture draws yet, from tests/fixtures/codes-without-fixture.txt (one
/// a line, `#` comments): each wants a fixture in tests/fixtures/broken (or warnings), and
/// the list may only shrink (a code a fixture draws must leave it).
fn without_fixture() -> Vec<String> {
    let path = root().join("tests/fixtures/codes-without-fixture.txt");
    let text = std::fs::read_to_string(&path).expect("the list of codes without a fixture");
    (text.lines())
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The codes of what only the command line asks for (a bundled game's name, `--preset` and
/// `--set` values), which no rule file can draw: each with a command that draws it, as its
/// page in docs/diagnostics.md shows.
const BY_COMMAND: &[(&str, &[&str])] = &[
    ("E0201", &["check", "chesss"]),
    ("E0334", &["check", "ming-mang", "--set", "corner=yes"]),
    ("E0701", &["check", "go", "--preset", "huge"]),
    ("E0702", &["check", "go", "--set", "size"]),
    ("E0703", &["check", "go", "--set", "size=big"]),
    ("E0704", &["check", "go", "--set", "size=30"]),
    ("E0705", &["check", "go", "--set", "colour=red"]),
];

/// The package root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The codes in `text`, as rendered diagnostics show them: `error[E0101]`, `warning[W0101]`.
fn rendered_codes(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for head in ["error[", "warning["] {
        for rest in text.split(head).skip(1) {
            if let Some((code, _)) = rest.split_once(']') {
                found.insert(code.to_string());
            }
        }
    }
    found
}

#[test]
fn every_code_has_a_page() {
    let missing: Vec<&str> = (Code::ALL.iter())
        .filter(|c| explain::page(**c).is_none())
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a section `## CODE: ...` in docs/diagnostics.md: {missing:?}"
    );
    // And no page for a code that does not exist.
    for line in explain::PAGES.lines() {
        if let Some(code) = line.strip_prefix("## ").and_then(|l| l.split(':').next()) {
            assert!(
                Code::parse(code).is_some(),
                "docs/diagnostics.md has a page for `{code}`, which is no code"
            );
        }
    }
}

/// The snapshots of the broken and warning fixtures are what the pipeline says about them
/// (tests/diagnostics.rs and tests/warnings.rs check that), so the codes they show are the
/// codes the fixtures draw.
#[test]
fn every_code_is_drawn_by_a_fixture() {
    let mut drawn: BTreeMap<String, String> = BTreeMap::new();
    let dir = root().join("tests/snapshots");
    for entry in std::fs::read_dir(&dir).expect("tests/snapshots") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if !(name.starts_with("suite__diagnostics__errors@")
            || name.starts_with("suite__warnings__warnings@"))
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a snapshot");
        for code in rendered_codes(&text) {
            drawn.entry(code).or_insert_with(|| name.to_string());
        }
    }
    for (code, args) in BY_COMMAND {
        let command = format!("`rulebook {}`", args.join(" "));
        drawn.entry(code.to_string()).or_insert(command);
    }
    let without = without_fixture();
    let mut undrawn = Vec::new();
    for code in Code::ALL {
        let listed = without.iter().any(|c| c == code.as_str());
        match (drawn.get(code.as_str()), listed) {
            (None, false) => undrawn.push(code.as_str()),
            (Some(by), true) => {
                panic!(
                    "{code} is drawn by {by}: take it off tests/fixtures/codes-without-fixture.txt"
                )
            }
            _ => {}
        }
    }
    assert!(
        undrawn.is_empty(),
        "codes that no fixture in tests/fixtures/broken or tests/fixtures/warnings draws \
         (add one, and accept its snapshot): {undrawn:?}"
    );
    for code in &without {
        assert!(
            Code::parse(code).is_some(),
            "codes-without-fixture.txt lists `{code}`, no code"
        );
    }
    for code in drawn.keys() {
        assert!(
            Code::parse(code).is_some(),
            "a snapshot shows `{code}`, no code"
        );
    }
}

/// Each code is made at one place of the sources: a diagnostic copied with its code must
/// get a code, a page and a fixture of its own.
#[test]
fn every_code_is_made_at_one_place() {
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut stack = vec![root().join("crates")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path.file_name().unwrap_or_default();
            if path.extension().is_none_or(|x| x != "rs") || name == "codes.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            // Tests of the diagnostics themselves may use any code.
            let text = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (i, line) in text.lines().enumerate() {
                for rest in line.split("Code::").skip(1) {
                    let code: String = rest.chars().take(5).collect();
                    if Code::parse(&code).is_some() {
                        let at = format!("{}:{}", path.display(), i + 1);
                        places.entry(code).or_default().push(at);
                    }
                }
            }
        }
    }
    let twice: Vec<_> = places.iter().filter(|(_, at)| at.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "codes made at more than one place (give each diagnostic its own): {twice:#?}"
    );
    let unused: Vec<&str> = (Code::ALL.iter())
        .map(|c| c.as_str())
        .filter(|c| !places.contains_key(*c))
        .collect();
    assert!(
        unused.is_empty(),
        "codes no diagnostic is made with: {unused:?}"
    );
}

#[test]
fn commands_draw_their_codes() {
    for (code, args) in BY_COMMAND {
        let out = bin::command(args.iter().copied())
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success(),
            "`rulebook {}` succeeded",
            args.join(" ")
        );
        assert_eq!(
            rendered_codes(&stderr).into_iter().collect::<Vec<_>>(),
            [code.to_string()],
            "`rulebook {}` says:\n{stderr}",
            args.join(" ")
        );
        let page = explain::page(Code::parse(code).expect("a code")).expect("a page");
        assert!(
            page.contains(&format!("rulebook {}", args.join(" "))),
            "the page of {code} shows the command that draws it"
        );
        let diagnostic = stderr.split("\n\n").next().unwrap_or_default();
        for line in diagnostic.lines() {
            assert!(
                page.lines().any(|l| l == line),
                "the page of {code} shows what `rulebook {}` says, as it says it; not:\n{line}",
                args.join(" ")
            );
        }
    }
}

#[test]
fn explain_prints_a_page() {
    let out = bin::command(["explain", "e0101"])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("## E0101: "), "{stdout}");
    assert!(stdout.contains("Fix: "), "{stdout}");
    let out = bin::command(["explain", "E9999"])
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a diagnostic code"));
}

#[test]
fn rendered_codes_are_read_from_the_brackets() {
    let text = "error[E0101]: x\n  = note: y\nwarning[W0101]: z\n";
    let codes: Vec<String> = rendered_codes(text).into_iter().collect();
    assert_eq!(codes, ["E0101", "W0101"]);
}

/// The fixture a code's page shows as its example (`Example (\`tests/fixtures/...\`):`).
fn example_fixture(page: &str) -> Option<&str> {
    let rest = page.split_once("Example (`")?.1;
    let path = rest.split_once('`')?.0;
    path.starts_with("tests/fixtures/").then_some(path)
}

/// What a code's page shows its example draws: the ```text block after the line that
/// begins with `draws`, without its fences.
fn shown_output(page: &str) -> Option<&str> {
    let example = page.split_once("Example (`")?.1;
    let after = example.split_once("\ndraws")?.1;
    let block = after.split_once("```text\n")?.1;
    Some(block.split_once("```")?.0)
}

/// Each code's page shows what `rulebook check` prints for its example fixture: every
/// diagnostic the page shows (its code and message, place, the lines quoted, the notes and
/// helps) is one the checker prints, word for word, and the first is of the page's code.
#[test]
fn every_page_shows_what_its_fixture_draws() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for code in Code::ALL {
        let page = explain::page(*code).expect("a page");
        let Some(fixture) = example_fixture(page) else {
            continue;
        };
        let shown = shown_output(page)
            .unwrap_or_else(|| panic!("the page of {code} shows no output of {fixture}"));
        let out = bin::run_within(bin::command(["check", fixture]), Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("{e}"));
        let stderr = bin::text(&out.stderr);
        let printed: Vec<&str> = stderr.split("\n\n").map(|d| d.trim_matches('\n')).collect();
        let first = shown.lines().next().unwrap_or_default();
        let heads = [format!("error[{code}]: "), format!("warning[{code}]: ")];
        if !heads.iter().any(|head| first.starts_with(head)) {
            wrong.push(format!("{code}: the output shown begins `{first}`"));
        }
        for diagnostic in shown.trim_matches('\n').split("\n\n") {
            if !printed.contains(&diagnostic) {
                wrong.push(format!(
                    "{code}: `rulebook check {fixture}` does not print\n{diagnostic}\nbut\n{stderr}"
                ));
            }
        }
        checked += 1;
    }
    assert!(
        wrong.is_empty(),
        "pages whose output is not the program's:\n\n{}",
        wrong.join("\n\n")
    );
    assert!(
        checked >= 150,
        "only {checked} pages show a fixture's output"
    );
}
