//! The editor packages of `editors/`: the VS Code extension's TextMate grammar
//! (`editors/vscode/syntaxes/rulebook.tmLanguage.json`) highlights every keyword of the
//! grammar and every built-in function, and nothing else as one; its sample file (the
//! input of `npm test` there) is a rule file. The Neovim setup that docs/editors.md shows
//! is `editors/neovim/rulebook.lua` (which `scripts/neovim-check` runs).

use std::collections::BTreeSet;

use serde_json::Value;

use rulebook::check::Builtin;
use rulebook::{ide, syntax};

/// The TextMate grammar of the VS Code extension.
const GRAMMAR: &str = "editors/vscode/syntaxes/rulebook.tmLanguage.json";

/// The grammar's repository of patterns, by name.
fn repository() -> Value {
    let text = std::fs::read_to_string(GRAMMAR).expect("the TextMate grammar reads");
    let grammar: Value = serde_json::from_str(&text).expect("the TextMate grammar is JSON");
    grammar["repository"].clone()
}

/// The words of the first alternation `(?:a|b|c)` of a repository pattern's `match`.
fn words(repository: &Value, pattern: &str) -> BTreeSet<String> {
    let regex = repository[pattern]["match"]
        .as_str()
        .unwrap_or_else(|| panic!("the pattern `{pattern}` has a `match`"));
    let (_, rest) = regex.split_once("(?:").expect("an alternation");
    let (alternation, _) = rest.split_once(')').expect("an alternation's end");
    alternation.split('|').map(String::from).collect()
}

/// The sets as lines: each a word and where it is missing.
fn differences(name: &str, found: &BTreeSet<String>, wanted: &BTreeSet<String>) -> String {
    let missing = wanted
        .difference(found)
        .map(|w| format!("{w}: missing from {name}"));
    let extra = found
        .difference(wanted)
        .map(|w| format!("{w}: not a word of {name}"));
    missing.chain(extra).collect::<Vec<_>>().join("\n")
}

/// The words of the grammar's operators (`op_and = @{ "and" ~ !name_tail }`).
fn operator_words() -> BTreeSet<String> {
    let pest = std::fs::read_to_string("grammar/game.pest").expect("the grammar reads");
    (pest.lines())
        .filter(|line| line.trim_start().starts_with("op_"))
        .filter_map(|line| line.split_once("@{ \"")?.1.split_once('"'))
        .map(|(word, _)| word.to_string())
        .collect()
}

#[test]
fn every_keyword_is_highlighted_once() {
    let repository = repository();
    let mut wanted: BTreeSet<String> = syntax::keywords().into_iter().map(String::from).collect();
    wanted.extend(operator_words());
    let mut found = BTreeSet::new();
    for pattern in ["keyword", "logical", "result"] {
        let words = words(&repository, pattern);
        let twice: Vec<&String> = found.intersection(&words).collect();
        assert!(twice.is_empty(), "{twice:?} in two patterns");
        found.extend(words);
    }
    let wrong = differences("the keyword patterns", &found, &wanted);
    assert!(wrong.is_empty(), "{GRAMMAR}:\n{wrong}");
}

#[test]
fn statements_and_kinds_of_move_are_those_completion_offers() {
    let repository = repository();
    for (pattern, wanted) in [
        ("statement", ide::STATEMENT_STARTS),
        ("move-rule", ide::MOVES),
    ] {
        let wanted = wanted.iter().map(|w| w.to_string()).collect();
        let wrong = differences(pattern, &words(&repository, pattern), &wanted);
        assert!(wrong.is_empty(), "{GRAMMAR}:\n{wrong}");
    }
}

#[test]
fn every_builtin_function_is_highlighted() {
    let wanted = Builtin::ALL.iter().map(|b| b.1.to_string()).collect();
    let wrong = differences("builtin", &words(&repository(), "builtin"), &wanted);
    assert!(wrong.is_empty(), "{GRAMMAR}:\n{wrong}");
}

#[test]
fn the_grammar_sample_is_a_rule_file() {
    let path = "editors/vscode/tests/sample.game";
    let text = std::fs::read_to_string(path).expect("the sample reads");
    if let Err(e) = syntax::parse(&text) {
        panic!("{path} does not parse: {e:?}");
    }
}

#[test]
fn the_neovim_setup_in_the_docs_is_the_file() {
    let docs = std::fs::read_to_string("docs/editors.md").expect("docs/editors.md reads");
    let file = "editors/neovim/rulebook.lua";
    let lua = std::fs::read_to_string(file).expect("the Neovim setup reads");
    let block = (docs.split_once("```lua\n"))
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(block, _)| block);
    assert_eq!(block, Some(lua.as_str()), "docs/editors.md shows {file}");
}

/// The first keyword of each statement of `grammar/game.pest` (the rules its `statement`
/// rule lists: `game_stmt = { kw_game ~ ...`).
fn grammar_statement_starts() -> BTreeSet<String> {
    let pest = std::fs::read_to_string("grammar/game.pest").expect("the grammar reads");
    let (_, rest) = pest
        .split_once("\nstatement = _{")
        .expect("a statement rule");
    let (alternatives, _) = rest.split_once('}').expect("its end");
    (alternatives.split('|'))
        .map(|rule| {
            let opening = format!("\n{} = {{ kw_", rule.trim());
            let (_, body) = pest.split_once(&opening).expect("the statement's rule");
            let word = body.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
            word.take(1).collect::<String>().replace('_', "-")
        })
        .collect()
}

#[test]
fn statement_starts_are_the_grammar_statements() {
    let mut wanted = grammar_statement_starts();
    wanted.insert("extends".to_string());
    let offered = ide::STATEMENT_STARTS
        .iter()
        .map(|w| w.to_string())
        .collect();
    let wrong = differences("ide::STATEMENT_STARTS", &offered, &wanted);
    assert!(wrong.is_empty(), "{wrong}");
}
