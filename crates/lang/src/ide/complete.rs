//! Completion: the words that may follow at a place of a rule file. An approximation of
//! the grammar: at the start of a line, the words that begin a statement; after `move`,
//! the kinds of move; after `after move`, the effects; elsewhere every keyword, declared
//! name and built-in function.

use super::{parse_lenient, reference, symbols::declarations, Symbol, SymbolKind};
use crate::check::Builtin;
use crate::syntax::keywords;

/// The words that begin a statement.
pub const STATEMENT_STARTS: &[&str] = &[
    "after",
    "board",
    "capture",
    "dice",
    "edge",
    "edges",
    "end",
    "extends",
    "forbid",
    "game",
    "hand",
    "move",
    "option",
    "parameter",
    "piece",
    "players",
    "preset",
    "region",
    "remove",
    "score",
    "setup",
    "track",
];

/// The kinds of move, after `move`.
pub const MOVES: &[&str] = &[
    "fly", "hop", "jump", "leap", "pass", "place", "remove", "slide", "sow", "step", "swap",
];

/// The effects after a move, after `after move`.
pub const EFFECTS: &[&str] = &["again", "capture", "convert", "promote"];

/// What a completion candidate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateKind {
    /// A keyword of the language.
    Keyword,
    /// A name the file declares.
    Name(SymbolKind),
    /// A built-in function.
    Builtin,
}

/// A word offered for completion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The word.
    pub label: String,
    /// What it is.
    pub kind: CandidateKind,
    /// A line about it: a name's kind, a built-in's signature.
    pub detail: String,
}

/// The words offered at `offset`: those that may stand there and begin with the part of a
/// word written before it; `inherited` are names declared elsewhere (in the files a
/// variant extends).
pub fn complete(text: &str, offset: usize, inherited: &[Symbol]) -> Vec<Candidate> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let line = &text[text[..offset].rfind('\n').map_or(0, |i| i + 1)..offset];
    // The word being typed: the ASCII letters, digits, `_` and `-` that end the line (a
    // character before them may be of several bytes).
    let typed = line
        .bytes()
        .rev()
        .take_while(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        .count();
    let typed_from = line.len() - typed;
    let (before, prefix) = line.split_at(typed_from);
    let before: Vec<&str> = before.split_whitespace().collect();
    let keywords = |words: &[&str]| words.iter().map(|w| keyword(w)).collect::<Vec<_>>();
    let mut out = match before.as_slice() {
        [] => keywords(STATEMENT_STARTS),
        [.., "after", "move"] => keywords(EFFECTS),
        [.., "move"] => keywords(MOVES),
        _ => anywhere(text, offset, inherited),
    };
    out.retain(|c| c.label.starts_with(prefix));
    out
}

/// Every declared name (the file's, then the inherited ones), built-in function and keyword
/// (a word once, as the first of these).
fn anywhere(text: &str, offset: usize, inherited: &[Symbol]) -> Vec<Candidate> {
    let mut names: Vec<Symbol> = (parse_lenient(text, offset).iter())
        .flat_map(declarations)
        .collect();
    for s in inherited {
        if !names.iter().any(|n| n.name == s.name) {
            names.push(s.clone());
        }
    }
    let mut out: Vec<Candidate> = (names.into_iter())
        .map(|s| Candidate {
            detail: s.kind.describe().to_string(),
            label: s.name,
            kind: CandidateKind::Name(s.kind),
        })
        .collect();
    out.extend(Builtin::ALL.iter().map(|(_, name, _, _)| Candidate {
        label: name.to_string(),
        kind: CandidateKind::Builtin,
        detail: reference::signature(name).unwrap_or_default(),
    }));
    let keywords: Vec<Candidate> = (keywords().into_iter())
        .filter(|w| !out.iter().any(|c| c.label == *w))
        .map(keyword)
        .collect();
    out.extend(keywords);
    out
}

/// A keyword as a candidate.
fn keyword(word: &str) -> Candidate {
    Candidate {
        label: word.to_string(),
        kind: CandidateKind::Keyword,
        detail: "keyword".to_string(),
    }
}
