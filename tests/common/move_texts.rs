//! The legal moves of a position as their texts, for the tests that compare them with
//! moves listed by hand or by a reference.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::notation;

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
