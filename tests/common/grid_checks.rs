//! Checks shared by the tests of the grid games' independent references (Brandubh, Hasami
//! Shogi and Dai Hasami Shogi, Othello, Konane, English draughts: tests/*_reference.rs):
//! the scenario files of hand-built positions (`tests/scenarios/`) and the perft data files
//! (`tests/perft/`), each read and checked against a reference. Nothing here knows a
//! game's rules: the references are reached through [`Reference`], implemented at the end
//! of this file.

use serde_yaml::Value;

use super::perft_file::PerftCase;
use super::{
    brandubh_reference, draughts_reference, hasami_reference, konane_reference, othello_reference,
};

/// What the checks need of a reference implementation.
pub trait Reference: Sized {
    /// The position as text (docs/language/positions.md).
    fn text(&self) -> String;
    /// The legal moves as text, in the reference's own order (which the checks require to
    /// be sorted).
    fn legal_texts(&self) -> Vec<String>;
    /// The position after a legal move (the reference panics on an illegal one).
    fn played(&self, mv: &str) -> Self;
    /// The name of the player to move.
    fn mover_name(&self) -> String;
    /// `PLAYER wins`, `draw` or `none`.
    fn result_text(&self) -> String;
    /// The board as the reference draws it, and `drawing` (a case's `board:`), each in the
    /// form in which they must be equal.
    fn boards(&self, drawing: &str) -> (String, String);
    /// Leaf counts at depths 1..=depth.
    fn leaves(&self, depth: usize) -> Vec<u64>;
}

/// The keys a case of a scenario file may have.
const KEYS: [&str; 10] = [
    "name",
    "position",
    "moves",
    "legal_moves",
    "legal_count",
    "legal",
    "illegal",
    "to_move",
    "outcome",
    "board",
];

/// Checks every case of the scenario file at `path` (a file of `games/GAME.game`) against
/// the reference; `start(sets, position)` is a case's start, from the file's `set:` list
/// and the case's `position:` text if it has one. Returns the cases' names.
pub fn check_scenarios<R: Reference>(
    path: &str,
    game: &str,
    start: impl Fn(&[String], Option<&str>) -> R,
) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: Value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let expected = format!("../../games/{game}.game");
    assert_eq!(
        file["game"].as_str(),
        Some(expected.as_str()),
        "{path}: game"
    );
    let sets = move_list(file.get("set"));
    let cases = file["cases"].as_sequence().expect("cases");
    cases
        .iter()
        .map(|case| check_case(case, &sets, &start))
        .collect()
}

/// Checks one case: its keys, its start and moves, then what must hold after them.
fn check_case<R: Reference>(
    case: &Value,
    sets: &[String],
    start: &impl Fn(&[String], Option<&str>) -> R,
) -> String {
    let name = case["name"].as_str().expect("a case has a name");
    for key in case.as_mapping().expect("a case is a mapping").keys() {
        let key = key.as_str().expect("a key");
        assert!(KEYS.contains(&key), "{name}: unknown key {key}");
    }
    let position = case
        .get("position")
        .map(|p| p.as_str().expect("position text"));
    let mut g = start(sets, position);
    if let Some(p) = position {
        assert_eq!(g.text(), p, "{name}: the position is written canonically");
    }
    for m in move_list(case.get("moves")) {
        assert!(
            g.legal_texts().contains(&m),
            "{name}: {m} is not legal in {}",
            g.text()
        );
        g = g.played(&m);
    }
    check_after_moves(name, case, &g);
    name.to_string()
}

/// What a case says of the position after its moves.
fn check_after_moves<R: Reference>(name: &str, case: &Value, g: &R) {
    let legal = g.legal_texts();
    if let Some(list) = case.get("legal_moves") {
        let expected = move_list(Some(list));
        let mut sorted = expected.clone();
        sorted.sort();
        assert_eq!(expected, sorted, "{name}: legal_moves written sorted");
        assert_eq!(legal, expected, "{name}: legal_moves");
    }
    if let Some(n) = case.get("legal_count") {
        let n = n.as_u64().expect("legal_count is a number");
        assert_eq!(legal.len() as u64, n, "{name}: legal_count");
    }
    for m in move_list(case.get("legal")) {
        assert!(legal.contains(&m), "{name}: {m} should be legal");
    }
    for m in move_list(case.get("illegal")) {
        assert!(!legal.contains(&m), "{name}: {m} should be illegal");
    }
    let text = |key: &str| case.get(key).map(|v| v.as_str().expect("text"));
    if let Some(p) = text("to_move") {
        assert_eq!(g.mover_name(), p, "{name}: to_move");
    }
    if let Some(o) = text("outcome") {
        assert_eq!(g.result_text(), o, "{name}: outcome");
    }
    if let Some(b) = text("board") {
        let (drawn, expected) = g.boards(b);
        assert_eq!(drawn, expected, "{name}: board");
    }
}

/// Moves (or settings) in a scenario file: none, a string of them separated by spaces, or
/// a list.
fn move_list(v: Option<&Value>) -> Vec<String> {
    match v {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) => s.split_whitespace().map(String::from).collect(),
        Some(Value::Sequence(items)) => items
            .iter()
            .map(|m| m.as_str().expect("a move as text").to_string())
            .collect(),
        Some(other) => panic!("moves are a list or a string, not {other:?}"),
    }
}

/// Checks the reference's leaf counts against each case of a perft file, from the case's
/// start (`start(case)`, before its moves) to the deepest depth whose count is within
/// `limit` leaves. Returns each case's place and how many counts were compared.
pub fn check_perft<R: Reference>(
    cases: &[PerftCase],
    limit: u64,
    start: impl Fn(&PerftCase) -> R,
) -> Vec<(String, usize)> {
    cases
        .iter()
        .map(|case| {
            let mut g = start(case);
            for m in case.moves.split_whitespace() {
                g = g.played(m);
            }
            let depth = case.depth_within(limit);
            let got = g.leaves(depth);
            for (d, c) in case.counts_to(depth) {
                assert_eq!(got[d - 1], c, "{}: depth {d}", case.place);
            }
            (case.place.clone(), case.counts_to(depth).count())
        })
        .collect()
}

/// How many counts [`check_perft`] compared in all.
pub fn compared(checked: &[(String, usize)]) -> usize {
    checked.iter().map(|(_, n)| n).sum()
}

/// A drawing without the spaces at the ends of its lines and the blank lines before it,
/// ending in one newline.
fn drawing_lines(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .collect();
    let mut out = lines.join("\n").trim_end().to_string();
    out.push('\n');
    out
}

/// Moves written as string literals, as the references list them.
pub fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Implements [`Reference`] for a reference's `Game`: the methods every grid reference has
/// under the same names, then the player to move's name, the result and the boards.
macro_rules! grid_reference {
    ($game:ty, $mover:expr, $result:expr, $boards:expr) => {
        impl Reference for $game {
            fn text(&self) -> String {
                self.to_text()
            }
            fn legal_texts(&self) -> Vec<String> {
                self.moves()
            }
            fn played(&self, mv: &str) -> Self {
                self.play(mv)
            }
            fn mover_name(&self) -> String {
                ($mover)(self)
            }
            fn result_text(&self) -> String {
                ($result)(self)
            }
            fn boards(&self, drawing: &str) -> (String, String) {
                ($boards)(self, drawing)
            }
            fn leaves(&self, depth: usize) -> Vec<u64> {
                self.perft(depth)
            }
        }
    };
}

/// The board as the reference draws it and a drawing, both by [`drawing_lines`].
fn drawn_boards(board_text: String, drawing: &str) -> (String, String) {
    (drawing_lines(&board_text), drawing_lines(drawing))
}

grid_reference!(
    brandubh_reference::Game,
    |g: &brandubh_reference::Game| brandubh_reference::PLAYERS[g.to_move()].to_string(),
    |g: &brandubh_reference::Game| match g.outcome() {
        None => "none".to_string(),
        Some(None) => "draw".to_string(),
        Some(Some(p)) => format!("{} wins", brandubh_reference::PLAYERS[p]),
    },
    |g: &brandubh_reference::Game, d: &str| drawn_boards(g.board_text(), d)
);

grid_reference!(
    hasami_reference::Game,
    |g: &hasami_reference::Game| g.to_move_name().to_string(),
    hasami_reference::Game::outcome_text,
    |g: &hasami_reference::Game, d: &str| drawn_boards(g.board_text(), d)
);

grid_reference!(
    konane_reference::Game,
    |g: &konane_reference::Game| konane_reference::PLAYERS[g.to_move()].to_string(),
    konane_reference::Game::outcome_text,
    |g: &konane_reference::Game, d: &str| drawn_boards(g.board_text(), d)
);

grid_reference!(
    draughts_reference::Game,
    |g: &draughts_reference::Game| draughts_reference::PLAYERS[g.to_move()].to_string(),
    draughts_reference::Game::outcome_text,
    |g: &draughts_reference::Game, d: &str| drawn_boards(g.board_text(), d)
);

grid_reference!(
    othello_reference::Game,
    |g: &othello_reference::Game| othello_reference::PLAYERS[g.to_move()].to_string(),
    othello_reference::Game::outcome_text,
    |g: &othello_reference::Game, d: &str| {
        let rows = |rows: Vec<Vec<char>>| -> String {
            let rows: Vec<String> = rows.into_iter().map(String::from_iter).collect();
            rows.join("\n")
        };
        (rows(g.cells()), rows(diagram_rows(d)))
    }
);

/// The rows of an Othello board diagram (rank 8 first), without rank numbers and file
/// letters.
fn diagram_rows(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
                .collect::<Vec<_>>()
        })
        .filter(|t| !t.is_empty() && t.join("") != "abcdefgh")
        .map(|t| {
            t.iter()
                .map(|s| {
                    assert_eq!(s.len(), 1, "one letter per point: `{s}`");
                    s.chars().next().unwrap()
                })
                .collect()
        })
        .collect()
}
