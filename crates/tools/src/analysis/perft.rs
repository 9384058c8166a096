//! Perft: the number of leaves of the legal-move tree at each depth, on one thread or
//! split at the root over several.

use std::sync::atomic::{AtomicUsize, Ordering};

use rulebook_engine::{MoveList, State};

/// Leaf counts of the move tree for depths `1..=depth`, from the state's position.
/// `counts[d - 1]` is the count at depth `d`; a finished game has no moves below it.
pub fn perft(state: &mut State, depth: usize) -> Vec<u64> {
    let mut buffers = buffers(depth);
    (1..=depth).map(|d| count(state, d, &mut buffers)).collect()
}

/// [`perft`] on `threads` threads: the moves at the root are shared out among them (each
/// takes the next one not yet counted), so the counts are the same as on one thread.
pub fn perft_threads(state: &State, depth: usize, threads: usize) -> Vec<u64> {
    let mut root = MoveList::new();
    state.legal_moves(&mut root);
    (1..=depth)
        .map(|d| match d {
            1 => root.len() as u64,
            _ => count_below_root(state, &root, d - 1, threads.max(1)),
        })
        .collect()
}

/// The leaves `depth` plies below each root move, summed, with the root moves handed out
/// one at a time to `threads` workers.
fn count_below_root(state: &State, root: &MoveList, depth: usize, threads: usize) -> u64 {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(root.len()).max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut work = state.clone();
                    let mut buffers = buffers(depth);
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = root.get(i) else { break };
                        work.apply(m);
                        total += count(&mut work, depth, &mut buffers);
                        work.undo();
                    }
                    total
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a perft worker panicked"))
            .sum()
    })
}

fn buffers(depth: usize) -> Vec<MoveList> {
    (0..=depth).map(|_| MoveList::new()).collect()
}

fn count(state: &mut State, depth: usize, buffers: &mut [MoveList]) -> u64 {
    if depth == 1 {
        // The last ply is counted in bulk where the game allows.
        let (moves, _) = buffers.split_first_mut().expect("a buffer per depth");
        return state.legal_move_count(moves) as u64;
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
