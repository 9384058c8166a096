//! The legal moves of a position as their texts, for the tests that compare them with
//! moves listed by hand or by a reference.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::notation;

use super::records::{self, Entry};

/// The texts of the legal moves of `state`; fails if two moves have one text (a move
/// listed twice).
pub fn legal(state: &mut State) -> BTreeSet<String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let texts: BTreeSet<String> = moves
        .iter()
        .map(|m| notation::move_text(state, *m))
        .collect();
    assert_eq!(texts.len(), moves.len(), "a move is listed twice");
    texts
}

/// Plays the moves of `moves` (their texts, separated by spaces) on `state`, in order;
/// fails at the first that is not legal there.
pub fn play(state: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        notation::play_text(state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Plays `moves` (their texts) on `state` as one game OpenSpiel recorded (`line`, named
/// in failures): the game goes on before each move, each is legal, and it ends with
/// `expected` after the last.
pub fn play_to_end(mut state: State, moves: &[&str], expected: Outcome, line: &str) {
    for (ply, m) in moves.iter().enumerate() {
        assert_eq!(state.outcome(), None, "{line}: over before ply {}", ply + 1);
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{line}: {m}: {e}"));
    }
    assert_eq!(state.outcome(), Some(expected), "{line}");
}

/// The texts of the legal moves of `state`, sorted.
pub fn sorted_legal(state: &State) -> Vec<String> {
    let mut moves = notation::legal_texts(state);
    moves.sort();
    moves
}

/// The texts given, as a set (what [`legal`] and [`from`] are compared with).
pub fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

/// Of the move texts `moves`, those of the piece on `site` (`SITE-...`).
pub fn from(moves: &BTreeSet<String>, site: &str) -> BTreeSet<String> {
    let prefix = format!("{site}-");
    let of_site = moves.iter().filter(|m| m.starts_with(&prefix));
    of_site.cloned().collect()
}

/// Plays `count` seeded random positions of `game` (each site empty, in `empty` chances out
/// of `empty` plus the number of piece cells, else one of the piece cells; a random side to
/// move) and asserts that the legal moves are those `reference` lists for the cells and the
/// mover. Positions where the game is over (a side without pieces, or no move by the
/// reference) are skipped; returns how many were compared.
pub fn random_positions_agree(
    game: &Arc<Game>,
    seed: u64,
    count: usize,
    empty: usize,
    reference: impl Fn(&[Cell], Player) -> BTreeSet<String>,
) -> usize {
    let mut rng = Rng::new(seed);
    let pieces: Vec<Cell> = game.piece_cells().collect();
    let mut compared = 0;
    for _ in 0..count {
        let cells: Vec<Cell> = (0..game.board.sites())
            .map(|_| {
                pieces
                    .get(rng.below(pieces.len() + empty))
                    .copied()
                    .unwrap_or(EMPTY)
            })
            .collect();
        let mover = Player::new(rng.below(2)).expect("two players");
        let expected = reference(&cells, mover);
        let owns =
            |p: Player| (cells.iter()).any(|&c| c != EMPTY && game.tables.owner[c.index()] == p);
        if expected.is_empty() || !Player::all(2).all(owns) {
            continue; // the game is over: nothing is listed
        }
        let mut state = State::with_cells(Arc::clone(game), cells, mover);
        assert_eq!(legal(&mut state), expected, "mover {mover:?}");
        compared += 1;
    }
    compared
}

/// A record of games OpenSpiel played (`tests/openspiel/*-games.txt`, `#` lines comments):
/// `game N` begins a game, `position TEXT` (where the record has it) sets its position,
/// and each ply is `MOVE ; MOVES ; OUTCOME`, the legal moves after the move sorted and the
/// outcome after it as `outcome` words it.
pub struct OpenSpielGames<'a> {
    /// The record's path.
    pub path: &'a str,
    /// The state a `game` line begins (none: a `position` line gives it).
    pub start: &'a dyn Fn() -> Option<State>,
    /// The state of a `position TEXT` line.
    pub position: &'a dyn Fn(&str) -> State,
    /// An outcome in the record's words (`none` while the game goes on).
    pub outcome: &'a dyn Fn(Option<rulebook::engine::Outcome>) -> String,
}

impl OpenSpielGames<'_> {
    /// Replays every game move by move, asserting each move legal, the legal moves after
    /// it and the outcome as recorded; `each` sees every move played, with the one before.
    /// Returns the games and the plies.
    pub fn replay(&self, mut each: impl FnMut(&str, &str)) -> (usize, usize) {
        let (mut state, mut games, mut plies, mut last) = (None, 0, 0, String::new());
        for entry in records::read(self.path) {
            let ply = match entry {
                Entry::Game => {
                    (state, games, last) = ((self.start)(), games + 1, String::new());
                    continue;
                }
                Entry::Position(text) => {
                    state = Some((self.position)(&text));
                    continue;
                }
                Entry::Ply(ply) => ply,
            };
            let (s, m) = (
                state.as_mut().expect("a position before the moves"),
                &ply.played,
            );
            assert_eq!(s.outcome(), None, "{}: over before {m}", ply.place);
            notation::play_text(s, m).unwrap_or_else(|e| panic!("{}: {m}: {e}", ply.place));
            plies += 1;
            each(m, &last);
            let at = format!("{}, game {games}, ply {plies}, after {m}", ply.place);
            assert_eq!(sorted_legal(s), ply.legal, "{at}");
            assert_eq!((self.outcome)(s.outcome()), ply.outcome, "{at}");
            last = ply.played;
        }
        (games, plies)
    }
}
