//! The documentation's examples: every ```game block in docs/ must parse and be in the
//! canonical layout (`rulebook fmt`), and every complete example must also pass the
//! checker. And the documentation's links: every relative link finds its file and its
//! heading, and the index of the language reference (docs/language/README.md) lists every
//! page, keyword and built-in.

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

/// Every Markdown file a reader may follow links in: README.md, and those of docs/ and
/// editors/ and of their folders, sorted.
fn linked_files() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let mut folders = vec![std::path::PathBuf::from("docs"), "editors".into()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if path.is_dir() && !name.starts_with('.') && name != "node_modules" {
                folders.push(path);
            } else if name.ends_with(".md") {
                files.push(path.display().to_string());
            }
        }
    }
    files.sort();
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

/// The relative links of a Markdown text outside its fenced code blocks, each with its line
/// (from 1): the target of every `[text](target)` that names no scheme (`https://`).
fn relative_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        for rest in line.split("](").skip(1) {
            let target = rest.split(')').next().unwrap_or_default();
            if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
                links.push((i + 1, target.to_string()));
            }
        }
    }
    links
}

/// Whether a relative link of `page` leads somewhere: to a file (or folder), and with an
/// anchor (`#name`) to a heading of that file; `Err` says what is missing.
fn follow(page: &str, target: &str) -> Result<(), String> {
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let file = match path {
        "" => std::path::PathBuf::from(page),
        _ => std::path::Path::new(page)
            .parent()
            .expect("a folder")
            .join(path),
    };
    if !file.exists() {
        return Err(format!("no file {}", file.display()));
    }
    if anchor.is_empty() {
        return Ok(());
    }
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    match anchors(&text).iter().any(|a| a == anchor) {
        true => Ok(()),
        false => Err(format!("no heading `#{anchor}` in {}", file.display())),
    }
}

/// The documentation stands alone: every relative link of its pages (README.md, and the
/// pages of docs/ and editors/) names a file of the repository and, with an anchor
/// (`language/moves.md#move-jump-a-jump-over-a-piece`), a heading of that file, by
/// GitHub's rule for anchors; so does every `../`-path a page cites in backquotes.
#[test]
fn every_relative_link_finds_its_file_and_heading() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in linked_files() {
        let text = std::fs::read_to_string(&page).expect("a page");
        // A `../`-path cited in backquotes (`../games/chess.game`) is followed too.
        let cited = (text.split('`').skip(1).step_by(2))
            .filter(|c| c.starts_with("../") && !c.contains(' '))
            .map(|c| (0, c.to_string()));
        for (line, target) in relative_links(&text).into_iter().chain(cited) {
            if let Err(why) = follow(&page, &target) {
                broken.push(format!("{page}:{line}: {target}: {why}"));
            }
            checked += 1;
        }
    }
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
    assert!(checked > 500, "only {checked} links found");
    // The rules themselves, on a text made up here.
    let text = "# A `move` and `x`: one\n## Two\n## Two\n[a](b.md#c) [d](https://e)\n```\n[f](g)\n";
    assert_eq!(anchors(text), ["a-move-and-x-one", "two", "two-1"]);
    assert_eq!(relative_links(text), [(4, "b.md#c".to_string())]);
}

/// The index of the language reference.
const INDEX: &str = "docs/language/README.md";

/// The lines of the section `## NAME` of a Markdown text, up to the next section.
fn section<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let heading = format!("## {name}");
    (text.lines())
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect()
}

/// The index lists every page of docs/language/, once, with what it holds.
#[test]
fn the_index_lists_every_page_of_the_reference() {
    let text = std::fs::read_to_string(INDEX).expect(INDEX);
    let mut listed: Vec<&str> = (section(&text, "Pages").into_iter())
        .filter_map(|l| l.strip_prefix("- [")?.split(']').next())
        .collect();
    listed.sort_unstable();
    let pages: Vec<String> = (markdown_in("docs/language").iter())
        .filter_map(|p| Some(p.rsplit('/').next()?.to_string()))
        .filter(|p| p != "README.md")
        .collect();
    assert!(pages.len() >= 10, "only {} pages", pages.len());
    assert_eq!(
        listed, pages,
        "{INDEX} lists each page of docs/language/ once"
    );
}

/// The index lists every keyword of the grammar and every built-in function, in
/// alphabetical order, each with links to the sections that say what it does.
#[test]
fn the_index_lists_every_keyword_and_built_in() {
    let text = std::fs::read_to_string(INDEX).expect(INDEX);
    let mut words: Vec<&str> = Vec::new();
    for line in section(&text, "Index").into_iter() {
        let Some(entry) = line.strip_prefix("- `") else {
            continue;
        };
        let (word, links) = entry.split_once("`: ").expect("- `WORD`: LINKS");
        let targets = relative_links(links);
        assert!(!targets.is_empty(), "{INDEX}: `{word}` has no link");
        for (_, target) in targets {
            assert!(
                target.contains('#'),
                "{INDEX}: `{word}`: {target} names no section"
            );
            follow(INDEX, &target).unwrap_or_else(|why| panic!("{INDEX}: `{word}`: {why}"));
        }
        words.push(word);
    }
    let mut sorted = words.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(words, sorted, "{INDEX}: the words in order, each once");
    let builtins = rulebook::check::Builtin::ALL.map(|(_, name, _, _)| name);
    let missing: Vec<&str> = (rulebook::syntax::keywords().into_iter())
        .chain(builtins)
        .filter(|w| !words.contains(w))
        .collect();
    assert!(missing.is_empty(), "{INDEX} does not list {missing:?}");
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
