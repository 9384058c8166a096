//! Completion: the words that may follow at a place of a rule file, as the grammar says.
//!
//! The statement holding the place is parsed from its start up to the place, the word
//! being typed left out ([`syntax::expected`]): the keywords the parser tried there are
//! offered; where a name may begin, the names of the kind that fits, told by the words
//! before it (kinds of piece after `by`, `place` or `setup PLAYER`, players after `setup`,
//! directions after `slide`, parameters and options in a preset, ...); where an
//! expression may begin, every declared name, the words that name values (`mover`, `on`,
//! ...) and the built-in functions with their signatures. Nothing is offered in a comment
//! or a string. The words that open a statement are offered at the start of a line that
//! is not indented, `extends` only before any other statement.

use super::{reference, symbols::declarations, Symbol, SymbolKind};
use crate::check::{Builtin, Type, ValueWord, VALUE_WORDS};
use crate::diag::Span;
use crate::syntax::ast::{BoardShape, Cells, StatementKind};
use crate::syntax::{self, keywords, Expectation, Expected};
use rulebook_model::board::{GRID_DIRECTIONS, GRID_PATHS, HEXAGON_DIRECTIONS, RELATIVE_DIRECTIONS};

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
    "path",
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
    "along", "castle", "fly", "hop", "jump", "leap", "pass", "place", "remove", "slide", "sow",
    "step", "swap",
];

/// The effects after a move, after `after move`.
pub const EFFECTS: &[&str] = &["again", "capture", "claim", "promote"];

/// What a completion candidate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateKind {
    /// A keyword of the language.
    Keyword,
    /// A name the file declares.
    Name(SymbolKind),
    /// A built-in function.
    Builtin,
    /// A word of the language that names a value where a name may stand: a direction, a
    /// path, `mover`, `on`, ...
    Value,
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

/// The groups of directions (`model::board::grid_direction_group`).
const DIRECTION_GROUPS: [&str; 3] = ["orthogonal", "diagonal", "all"];

/// The statements that declare names.
const DECLARING: [&str; 7] = [
    "players",
    "piece",
    "region",
    "parameter",
    "option",
    "preset",
    "path",
];

/// The words offered at `offset`: those that may stand there and begin with the part of a
/// word written before it; `inherited` are names declared elsewhere (in the files a
/// variant extends).
pub fn complete(text: &str, offset: usize, inherited: &[Symbol]) -> Vec<Candidate> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    // The word being typed: the ASCII letters, digits, `_` and `-` before the place.
    let typed = (text[..offset].bytes().rev())
        .take_while(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        .count();
    let (typed_from, prefix) = (offset - typed, &text[offset - typed..offset]);
    let start = syntax::statement_start(text, typed_from);
    let statement = &text[start..typed_from];
    let names = Names {
        text,
        skip: start,
        inherited,
    };
    let mut out = match syntax::expected(statement) {
        Expectation::Expected(e) => grammatical(&e, statement, first(&text[..start]), &names),
        Expectation::Quoted => Vec::new(),
        // The fallback, only where the statement does not parse up to the place and the
        // grammar cannot say what follows: the approximation completion used before it
        // asked the grammar.
        Expectation::Broken => approximately(&text[..typed_from], names.all()),
    };
    out.retain(|c| c.label.starts_with(prefix));
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| seen.insert(c.label.clone()));
    out
}

/// Whether no statement stands in `before` (only comments and white space).
fn first(before: &str) -> bool {
    (before.lines()).all(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
}

/// What the grammar allows after `statement`: the names (with values and built-ins) that
/// fit, then the keywords; `extends` only in the `first` statement.
fn grammatical(expected: &Expected, statement: &str, first: bool, names: &Names) -> Vec<Candidate> {
    let mut out = Vec::new();
    if expected.name {
        let tokens = tokens(statement);
        let slot = match expected.expression {
            true => Slot::Expression,
            false => slot(&tokens),
        };
        out = candidates(slot, &tokens, names);
    }
    let words = (expected.words.iter()).filter(|w| first || *w != "extends");
    out.extend(words.map(|w| keyword(w)));
    out
}

/// What kind of name may stand at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A name being declared: nothing to offer.
    New,
    /// A declared name of these kinds.
    Names(&'static [SymbolKind]),
    /// A name being declared again, in a variant, to replace one of these kinds that the
    /// extended file declares.
    Replacing(&'static [SymbolKind]),
    /// A direction or a group of directions.
    Directions,
    /// A path of the board.
    Paths,
    /// The value of an option, in its declaration or a preset: a choice, `on` or `off`.
    Value,
    /// The start of an expression.
    Expression,
}

/// Every kind of declared name.
const ALL_KINDS: &[SymbolKind] = &[
    SymbolKind::Player,
    SymbolKind::Piece,
    SymbolKind::Region,
    SymbolKind::Parameter,
    SymbolKind::Option,
    SymbolKind::Choice,
    SymbolKind::Preset,
];

/// The kind of name that may stand after the tokens of a statement (the grammar having
/// said that a name may), told by the statement's keyword and the word before the name
/// (or before the list of names it continues).
fn slot(tokens: &[&str]) -> Slot {
    use SymbolKind::{Option as Opt, *};
    let tokens = match tokens {
        ["remove", rest @ ..] if !rest.is_empty() => rest,
        _ => tokens,
    };
    let last = tokens.last().copied().unwrap_or_default();
    // The names written since the last keyword or punctuation.
    let keywords = keywords();
    let is_name = |t: &&&str| is_word(t) && keywords.binary_search(t).is_err();
    let trailing = tokens.iter().rev().take_while(is_name).count();
    match (tokens.first().copied().unwrap_or_default(), last) {
        ("setup", _) if trailing == 0 => Slot::Names(&[Player]),
        ("setup", _) if trailing == 1 => Slot::Names(&[Piece]),
        ("edges", _) if trailing == 0 => Slot::Directions,
        ("edges", _) if trailing == 1 => Slot::Names(&[Player]),
        ("edge", _) if trailing == 1 => Slot::Directions,
        ("edge", _) if trailing == 2 => Slot::Names(&[Player]),
        ("preset" | "option", "=") => Slot::Value,
        ("preset", _) if tokens.len() == 1 => Slot::Replacing(&[Preset]),
        ("parameter" | "option", _) if tokens.len() == 1 => Slot::Replacing(&[Parameter, Opt]),
        ("preset", _) => Slot::Names(&[Parameter, Opt]),
        ("end", ":") => Slot::Names(&[Player]),
        ("hand" | "track", _) if tokens.len() == 1 => Slot::Names(&[Player]),
        ("setup" | "edges" | "edge", _) => Slot::New,
        (declaring, _) if DECLARING.contains(&declaring) => Slot::New,
        _ => after_word(tokens),
    }
}

/// The kind of name that may stand after the word before it (or before the list of names,
/// `NAME, NAME, `, it continues).
fn after_word(tokens: &[&str]) -> Slot {
    let mut end = tokens.len();
    while end >= 2 && tokens[end - 1] == "," && is_word(tokens[end - 2]) {
        end -= 2;
    }
    match &tokens[..end] {
        [.., "by" | "unmoved" | "of" | "place" | "promote" | "shoot" | "to" | "enemy" | "with"] => {
            Slot::Names(&[SymbolKind::Piece])
        }
        [.., "custodian", "along"] => Slot::Paths,
        [.., "slide", "along"] => Slot::Names(&[SymbolKind::Path]),
        [.., "slide" | "step" | "jump" | "hop" | "castle" | "custodian" | "enclosed" | "liberties"
        | "along"] => Slot::Directions,
        [.., "as" | "("] => Slot::New,
        _ => Slot::Names(ALL_KINDS),
    }
}

/// Whether a token is a word (a name or a keyword).
fn is_word(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_alphabetic())
}

/// The candidates for a kind of name: `names` gives the declared ones; `tokens` are the
/// statement's, before the place.
fn candidates(slot: Slot, tokens: &[&str], names: &Names) -> Vec<Candidate> {
    let of = |kinds: &[SymbolKind], names: Vec<Symbol>| -> Vec<Candidate> {
        let names = names.into_iter().filter(|s| kinds.contains(&s.kind));
        names.map(name).collect()
    };
    match slot {
        Slot::New => Vec::new(),
        Slot::Names(kinds) => of(kinds, names.all()),
        Slot::Replacing(kinds) => of(kinds, names.replaceable()),
        Slot::Directions => directions(names.hexagons()).collect(),
        Slot::Paths => GRID_PATHS.iter().map(|p| value(p, "path")).collect(),
        Slot::Value => option_values(tokens, names.all()),
        Slot::Expression => {
            // Every name but a preset's.
            let mut out = of(&ALL_KINDS[..6], names.all());
            out.extend(VALUE_WORDS.iter().map(value_word));
            if in_direction_call(tokens) {
                out.extend(directions(names.hexagons()));
            }
            out.extend(builtins());
            out
        }
    }
}

/// The values an option may take, after its `=` (`tokens` are the statement's, before the
/// place): in its declaration, the choices written before it, or `on` and `off` for a
/// switch; in a preset, the choices of the option named before the `=` (among `names`), or
/// `on` and `off` for a switch (nothing for a parameter, whose value is a number).
fn option_values(tokens: &[&str], names: Vec<Symbol>) -> Vec<Candidate> {
    let switch = || ["on", "off"].map(|w| value(w, "switch")).to_vec();
    if tokens.first() == Some(&"option") {
        let written = (tokens.iter())
            .skip_while(|t| **t != ":")
            .filter(|t| is_word(t));
        let written: Vec<Candidate> = written.map(|c| value(c, "choice")).collect();
        return if written.is_empty() {
            switch()
        } else {
            written
        };
    }
    let setting = tokens.len().checked_sub(2).map(|i| tokens[i]);
    let Some(option) =
        (names.iter()).find(|s| s.kind == SymbolKind::Option && Some(s.name.as_str()) == setting)
    else {
        return Vec::new();
    };
    let choices =
        (names.iter()).filter(|s| s.kind == SymbolKind::Choice && s.statement == option.statement);
    let choices: Vec<Candidate> = choices.cloned().map(name).collect();
    if choices.is_empty() {
        switch()
    } else {
        choices
    }
}

/// Whether the place lies among the arguments of a built-in function that takes a
/// direction (`side(`).
fn in_direction_call(tokens: &[&str]) -> bool {
    let mut depth = 0;
    for (i, token) in tokens.iter().enumerate().rev() {
        match *token {
            ")" => depth += 1,
            "(" if depth > 0 => depth -= 1,
            "(" => {
                let called = i.checked_sub(1).map(|f| tokens[f]);
                return (Builtin::ALL.iter())
                    .any(|(_, name, arg, _)| Some(*name) == called && *arg == Type::Direction);
            }
            _ => {}
        }
    }
    false
}

/// The directions and groups of directions, as candidates: a grid's, or on a grid of
/// `hexagons` the hexagon's six and `all`.
fn directions(hexagons: bool) -> Box<dyn Iterator<Item = Candidate>> {
    if hexagons {
        let six = HEXAGON_DIRECTIONS.into_iter().filter(|d| !d.is_empty());
        return Box::new(six.chain(["all"]).map(|d| value(d, "direction")));
    }
    let grid = GRID_DIRECTIONS.iter().map(|d| d.0);
    let relative = RELATIVE_DIRECTIONS.iter().map(|d| d.0);
    let all = DIRECTION_GROUPS.into_iter().chain(grid).chain(relative);
    Box::new(all.map(|d| value(d, "direction")))
}

/// The tokens of a statement's text: words (names, keywords, numbers) and single characters
/// of punctuation; comments and strings left out.
fn tokens(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        let rest = &text[i..];
        let end = if rest.starts_with("//") {
            rest.find('\n').map_or(b.len(), |n| i + n)
        } else if c == '"' {
            rest[1..].find('"').map_or(b.len(), |n| i + n + 2)
        } else if word(b[i]) {
            i + rest.bytes().take_while(|&c| word(c)).count()
        } else {
            i + c.len_utf8()
        };
        if !(rest.starts_with("//") || c == '"' || c.is_whitespace()) {
            out.push(&text[i..end]);
        }
        i = end;
    }
    out
}

/// Where the declared names are read: a file's text, but the statement being written, and
/// the names declared in the files it extends.
struct Names<'a> {
    /// The file's text.
    text: &'a str,
    /// Where the statement being written starts.
    skip: usize,
    /// The names the extended files declare.
    inherited: &'a [Symbol],
}

impl Names<'_> {
    /// The names the text declares, then the inherited ones it does not declare again.
    fn all(&self) -> Vec<Symbol> {
        declared(self.text, self.skip, self.inherited)
    }

    /// Whether the text's board is a grid of hexagons (`of hexagons`), whose directions
    /// are named as a hexagon's.
    fn hexagons(&self) -> bool {
        let board = (syntax::statements(self.text).into_iter())
            .map(|range| &self.text[range])
            .find(|s| s.starts_with("board"));
        let shape = board.and_then(|s| syntax::parse(s).ok()).and_then(|f| {
            f.statements.into_iter().find_map(|st| match st.kind {
                StatementKind::Board(shape) => Some(shape),
                _ => None,
            })
        });
        matches!(
            shape,
            Some(BoardShape::Grid {
                cells: Some(Cells::Hexagons),
                ..
            })
        )
    }

    /// The inherited names the text does not declare again.
    fn replaceable(&self) -> Vec<Symbol> {
        let own = declared(self.text, self.skip, &[]);
        let fresh = |s: &&Symbol| !own.iter().any(|o| o.name == s.name);
        self.inherited.iter().filter(fresh).cloned().collect()
    }
}

/// The names the text declares (but in the statement that starts at `skip`, the one being
/// written), then the `inherited` ones it does not declare again. Each declaring statement
/// is parsed alone: a broken statement elsewhere hides no name, and the file is not parsed
/// whole.
fn declared(text: &str, skip: usize, inherited: &[Symbol]) -> Vec<Symbol> {
    let mut names: Vec<Symbol> = Vec::new();
    for range in syntax::statements(text) {
        let statement = &text[range.clone()];
        let keyword = statement.split(|c: char| !c.is_ascii_alphabetic()).next();
        if range.start == skip || !keyword.is_some_and(|k| DECLARING.contains(&k)) {
            continue;
        }
        let Ok(file) = syntax::parse(statement) else {
            continue;
        };
        let shift = |s: Span| Span::new(s.start + range.start, s.end + range.start);
        names.extend(declarations(&file).into_iter().map(|s| Symbol {
            span: shift(s.span),
            statement: shift(s.statement),
            ..s
        }));
    }
    for s in inherited {
        if !names.iter().any(|n| n.name == s.name) {
            names.push(s.clone());
        }
    }
    names
}

/// The approximation that answers where the grammar cannot (the statement does not parse
/// up to the place, `before` the text up to it): at the start of a line the words that
/// begin a statement, after `move` the kinds of move, after `after move` the effects,
/// elsewhere every declared name, built-in function and keyword.
fn approximately(before: &str, names: Vec<Symbol>) -> Vec<Candidate> {
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let words: Vec<&str> = line.split_whitespace().collect();
    let keywords = |words: &[&str]| words.iter().map(|w| keyword(w)).collect::<Vec<_>>();
    match words.as_slice() {
        [] => keywords(STATEMENT_STARTS),
        [.., "after", "move"] => keywords(EFFECTS),
        [.., "move"] => keywords(MOVES),
        _ => {
            let mut out: Vec<Candidate> = names.into_iter().map(name).collect();
            out.extend(builtins());
            out.extend(keywords(&crate::syntax::keywords()));
            out
        }
    }
}

/// The built-in functions, with their signatures, as candidates.
fn builtins() -> impl Iterator<Item = Candidate> {
    Builtin::ALL.iter().map(|(_, name, _, _)| Candidate {
        label: name.to_string(),
        kind: CandidateKind::Builtin,
        detail: reference::signature(name).unwrap_or_default(),
    })
}

/// A declared name as a candidate.
fn name(s: Symbol) -> Candidate {
    Candidate {
        detail: s.kind.describe().to_string(),
        label: s.name,
        kind: CandidateKind::Name(s.kind),
    }
}

/// A word that names a value as a candidate.
fn value(word: &str, what: &str) -> Candidate {
    Candidate {
        label: word.to_string(),
        kind: CandidateKind::Value,
        detail: what.to_string(),
    }
}

/// A word that names a value, as a candidate: its type and what it names.
fn value_word(w: &ValueWord) -> Candidate {
    let ty = match w.ty {
        Type::Int => "number",
        Type::Bool => "switch",
        Type::Player => "player",
        Type::Region => "region",
        Type::Site => "site",
        Type::Choice(_) | Type::Direction | Type::Tiles | Type::Kind => "value",
    };
    value(w.word, &format!("{ty}: {}", w.about))
}

/// A keyword as a candidate.
fn keyword(word: &str) -> Candidate {
    Candidate {
        label: word.to_string(),
        kind: CandidateKind::Keyword,
        detail: "keyword".to_string(),
    }
}
