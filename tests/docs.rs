//! The documentation's examples: every ```game block in docs/ must parse and be in the
//! canonical layout (`rulebook fmt`), and every complete example must also pass the
//! checker.

use rulebook::check::check;
use rulebook::syntax::parse;

/// The ```game blocks of a Markdown file, with the line each starts on. Blocks marked
/// ```game broken show mistakes on purpose: they must parse, but are not checked.
fn game_blocks(path: &str) -> Vec<(usize, String, bool)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String, bool)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut current, fence) {
            (None, true) if line.trim() == "```game" || line.trim() == "```game broken" => {
                current = Some((i + 2, String::new(), line.trim().ends_with("broken")))
            }
            (Some(_), true) => blocks.extend(current.take()),
            (Some((_, body, _)), false) => {
                body.push_str(line);
                body.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

/// The Markdown files of a folder (not of its subfolders), sorted.
fn markdown_in(folder: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .map(|e| e.expect("an entry").path().display().to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    files.sort();
    files
}

/// The pages whose ```game blocks are examples: the language reference's, the tutorial and
/// the rules pages of the bundled games.
fn doc_files() -> Vec<String> {
    let mut files = markdown_in("docs/language");
    files.push("docs/tutorial.md".to_string());
    files.extend(markdown_in("docs/games"));
    files
}

#[test]
fn every_game_block_in_the_docs_parses() {
    let mut count = 0;
    for file in doc_files() {
        for (line, block, _) in game_blocks(&file) {
            if let Err(d) = parse(&block) {
                panic!(
                    "{file}:{line}: the example does not parse: {}\n{block}",
                    d.message
                );
            }
            count += 1;
        }
    }
    // 247 when the reference was split into pages: none may be lost.
    assert!(count >= 247, "only {count} examples found");
}

/// The examples show the layout `rulebook fmt` gives (docs/language/syntax.md, "Layout").
#[test]
fn every_game_block_in_the_docs_is_in_the_canonical_layout() {
    for file in doc_files() {
        for (line, block, _) in game_blocks(&file) {
            let formatted = rulebook::syntax::format(&block).expect("the example parses");
            assert!(
                formatted == block,
                "{file}:{line}: the example is not in the canonical layout:\n{}",
                rulebook::authoring::diff(&block, &formatted, ("as written", "formatted"))
            );
        }
    }
}

/// The example of "Layout" in docs/language/syntax.md: the text shown before is formatted
/// as the text shown after.
#[test]
fn the_layout_example_is_what_fmt_makes_of_it() {
    let text = std::fs::read_to_string(SYNTAX).expect(SYNTAX);
    let rest = &text[text.find("## Layout").expect("a Layout section")..];
    let block = |fence: &str| {
        let body = rest.split_once(fence).expect("the block").1;
        body.split_once("```").expect("closed").0.to_string()
    };
    let (before, after) = (block("```text\n"), block("```game\n"));
    assert_ne!(before, after);
    assert_eq!(
        rulebook::syntax::format(&before).as_deref(),
        Ok(after.as_str())
    );
}

#[test]
fn complete_examples_in_the_docs_check_without_errors() {
    let mut complete = 0;
    for file in doc_files() {
        for (line, block, broken) in game_blocks(&file) {
            let is_complete = !broken
                && block.contains("game \"")
                && block.contains("board ")
                && block.contains("end when");
            if !is_complete {
                continue;
            }
            let file_ast = parse(&block).expect("parses");
            let checked = check(&file_ast);
            let errors: Vec<_> = checked
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| &d.message)
                .collect();
            assert!(errors.is_empty(), "{file}:{line}: {errors:?}");
            complete += 1;
        }
    }
    assert!(complete >= 1, "no complete example found");
}

/// The page of the language reference that lists the keywords and shows the layout.
const SYNTAX: &str = "docs/language/syntax.md";

/// The keyword list of docs/language/syntax.md ("Keywords") is the grammar's, word for word.
#[test]
fn the_documented_keywords_are_the_grammar_s() {
    let text = std::fs::read_to_string(SYNTAX).expect(SYNTAX);
    let section = text
        .split_once("## Keywords")
        .expect("a Keywords section")
        .1;
    let block = section
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a ```text block of keywords")
        .0;
    let mut documented: Vec<&str> = block.split_whitespace().collect();
    documented.sort_unstable();
    let grammar = rulebook::syntax::keywords();
    let missing: Vec<&&str> = grammar.iter().filter(|k| !documented.contains(k)).collect();
    let extra: Vec<&&str> = documented.iter().filter(|k| !grammar.contains(k)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{SYNTAX}'s keywords differ from the grammar: missing {missing:?}, not keywords {extra:?}"
    );
    assert_eq!(documented, grammar, "a keyword is listed twice");
}

/// The anchors of a Markdown file's headings, as GitHub makes them: lower case, every
/// character but letters, digits, spaces, `-` and `_` dropped, spaces made `-`; a
/// repeated anchor gets `-1`, `-2`, ...
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        let Some(title) = line.strip_prefix('#').filter(|_| !in_code) else {
            continue;
        };
        let slug: String = title
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let repeats = out
            .iter()
            .filter(|a| {
                **a == slug
                    || a.strip_prefix(&format!("{slug}-"))
                        .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .count();
        out.push(match repeats {
            0 => slug,
            n => format!("{slug}-{n}"),
        });
    }
    out
}

#[test]
fn every_link_to_a_heading_finds_it() {
    let mut files = doc_files();
    files.extend(
        [
            "README.md",
            "docs/repl.md",
            "docs/analyze.md",
            "docs/architecture.md",
        ]
        .map(String::from),
    );
    let mut broken = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a doc file");
        let dir = std::path::Path::new(file).parent().expect("a folder");
        for (i, line) in text.lines().enumerate() {
            for link in line.split("](").skip(1) {
                let Some(target) = link.split(')').next() else {
                    continue;
                };
                let Some((path, anchor)) = target.split_once('#') else {
                    continue;
                };
                if path.contains("://") {
                    continue;
                }
                let linked = match path {
                    "" => text.clone(),
                    _ => std::fs::read_to_string(dir.join(path)).unwrap_or_default(),
                };
                if !anchors(&linked).iter().any(|a| a == anchor) {
                    broken.push(format!("{file}:{}: {target}", i + 1));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no heading:\n{}",
        broken.join("\n")
    );
    // The rule itself, on headings this page has.
    let text = "# A `move` and `x`: one\n## Two\n## Two\n";
    assert_eq!(anchors(text), ["a-move-and-x-one", "two", "two-1"]);
}

/// The documentation stands alone: every relative link of a page (`[x](../language.md)`)
/// and every `../`-path it cites in backquotes names a file of the repository.
#[test]
fn the_docs_link_only_to_files_of_the_repository() {
    let mut pages = doc_files();
    pages.extend(
        [
            "README.md",
            "docs/repl.md",
            "docs/analyze.md",
            "docs/architecture.md",
        ]
        .map(String::from),
    );
    let mut checked = 0;
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a page");
        let dir = std::path::Path::new(&page)
            .parent()
            .expect("a folder")
            .to_path_buf();
        let links = text
            .split("](")
            .skip(1)
            .filter_map(|rest| rest.split(')').next());
        let cited = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|c| c.starts_with("../"));
        for target in links.chain(cited) {
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() || file.contains("://") || file.contains(' ') {
                continue;
            }
            assert!(
                dir.join(file).exists(),
                "{page} cites `{target}`, which is not in the repository"
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} links found");
}

/// A rule id (`HS-3`): two to five capital letters, a hyphen, a number.
fn rule_id(word: &str) -> Option<(&str, u32)> {
    let (prefix, number) = word.trim_end_matches('.').split_once('-')?;
    let capitals =
        (2..=5).contains(&prefix.len()) && prefix.chars().all(|c| c.is_ascii_uppercase());
    capitals.then_some(())?;
    Some((prefix, number.parse().ok()?))
}

/// The rule ids a text names; `HS-4 .. HS-7` names the four of the range.
fn rule_ids(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut ids = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if let Some((prefix, first)) = rule_id(words[i]) {
            let end = words.get(i + 2).and_then(|w| rule_id(w));
            let last = match end {
                Some((p, last)) if words[i + 1] == ".." && p == prefix => {
                    i += 2;
                    last
                }
                _ => first,
            };
            ids.extend((first..=last).map(|n| format!("{prefix}-{n}")));
        }
        i += 1;
    }
    ids
}

/// The rule ids a page defines: those its headings start with (`### HS-3 Custodian capture`).
fn defined_rule_ids(page: &str) -> Vec<String> {
    let text = std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{page}: {e}"));
    text.lines()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| l.trim_start_matches('#').split_whitespace().next())
        .filter(|w| rule_id(w).is_some())
        .map(String::from)
        .collect()
}

/// Each bundled rule file cites, in its comments, every rule of the page it names
/// (`docs/games/NAME.md`), and no rule id that no page defines: a renumbered page, or a
/// file citing the numbers of an older draft, fails here.
#[test]
fn every_rule_file_cites_the_rules_of_its_page() {
    let defined: Vec<String> = doc_files()
        .iter()
        .filter(|p| p.starts_with("docs/games/"))
        .flat_map(|p| defined_rule_ids(p))
        .collect();
    let mut files = 0;
    for entry in std::fs::read_dir("games").expect("games/") {
        let path = entry.expect("an entry").path().display().to_string();
        if !path.ends_with(".game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a rule file");
        let comments: String = text
            .lines()
            .filter_map(|l| l.split_once("//").map(|(_, c)| format!("{c}\n")))
            .collect();
        let page = comments
            .split_whitespace()
            .find(|w| w.starts_with("docs/games/"))
            .map(|w| w.trim_end_matches('.'))
            .unwrap_or_else(|| panic!("{path} names no page docs/games/NAME.md"));
        let cited = rule_ids(&comments);
        for id in &cited {
            assert!(
                defined.contains(id),
                "{path} cites {id}, which no page defines"
            );
        }
        for id in defined_rule_ids(page) {
            assert!(cited.contains(&id), "{path} never cites {id} of {page}");
        }
        files += 1;
    }
    assert!(files >= 17, "only {files} rule files");
}

#[test]
fn rule_ids_and_their_ranges() {
    assert_eq!(
        rule_ids("// ID-4 .. ID-7: a man jumps (ID-9), GU-1, not A-1 or hs-2 or MM-x."),
        ["ID-4", "ID-5", "ID-6", "ID-7", "ID-9", "GU-1"]
    );
}

/// The ```text blocks of a Markdown file that follow the line containing `marker`: the
/// first two.
fn text_blocks_after(path: &str, marker: &str) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rest = &text[text.find(marker).expect("the marker is in the file")..];
    let mut blocks = rest.split("```text\n").skip(1).map(|b| {
        b.split("```")
            .next()
            .expect("the block is closed")
            .to_string()
    });
    (
        blocks.next().expect("a file"),
        blocks.next().expect("its error"),
    )
}

#[test]
fn the_error_quoted_for_a_missing_condition_is_the_parser_s() {
    let (file, error) = text_blocks_after(SYNTAX, "One consequence to know");
    let d = parse(&file).expect_err("the file is broken on purpose");
    let first = error.lines().next().expect("the error's first line");
    assert_eq!(first, format!("error[{}]: {}", d.code, d.message));
}
