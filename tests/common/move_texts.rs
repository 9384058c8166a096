//! The legal moves of a position as their texts, for the tests that compare them with
//! moves listed by hand or by a reference.

use std::collections::BTreeSet;

use rulebook::engine::{MoveList, State};
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
