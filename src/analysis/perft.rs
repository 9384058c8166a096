//! Perft: the number of leaves of the legal-move tree at each depth.

use crate::engine::{MoveList, State};

/// Leaf counts of the move tree for depths `1..=depth`, from the state's position.
/// `counts[d - 1]` is the count at depth `d`; a finished game has no moves below it.
pub fn perft(state: &mut State, depth: usize) -> Vec<u64> {
    let mut buffers: Vec<MoveList> = (0..=depth).map(|_| MoveList::new()).collect();
    (1..=depth).map(|d| count(state, d, &mut buffers)).collect()
}

fn count(state: &mut State, depth: usize, buffers: &mut [MoveList]) -> u64 {
    if depth == 1 {
        // The last ply is counted in bulk where the game allows.
        return state.legal_move_count() as u64;
    }
    let (moves, rest) = buffers.split_first_mut().expect("a buffer per depth");
    state.legal_moves(moves);
    let mut total = 0;
    for i in 0..moves.len() {
        state.apply(moves[i]);
        total += count(state, depth - 1, rest);
        state.undo();
    }
    total
}
