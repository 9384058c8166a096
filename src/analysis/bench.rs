//! Random playouts: the benchmark of the engine's hot path, and seeded random games.

use std::time::Instant;

use super::Rng;
use crate::engine::{Move, MoveList, Outcome, State};

/// What a benchmark measured.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BenchReport {
    /// Number of playouts.
    pub playouts: u64,
    /// Total plies played.
    pub plies: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Playouts per second.
    pub playouts_per_second: f64,
    /// Plies per second.
    pub plies_per_second: f64,
    /// Mean plies per playout.
    pub mean_plies: f64,
    /// Playouts that ended by a rule of the game.
    pub ended_by_rule: u64,
    /// Playouts stopped by the ply cap (unfinished).
    pub ended_by_cap: u64,
}

/// Plays `playouts` uniformly random games from `start`, each stopped after `max_plies`.
pub fn bench(start: &State, playouts: u64, seed: u64, max_plies: usize) -> BenchReport {
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    let (mut plies, mut by_rule, mut by_cap) = (0u64, 0u64, 0u64);
    let began = Instant::now();
    for _ in 0..playouts {
        state.clone_from(start);
        let mut n = 0;
        loop {
            if n == max_plies {
                by_cap += 1;
                break;
            }
            match state.pick_legal_move(|count| rng.below(count)) {
                Some(m) => state.apply(m),
                None => {
                    by_rule += 1;
                    break;
                }
            }
            n += 1;
        }
        plies += n as u64;
    }
    let seconds = began.elapsed().as_secs_f64().max(1e-9);
    BenchReport {
        playouts,
        plies,
        seconds,
        playouts_per_second: playouts as f64 / seconds,
        plies_per_second: plies as f64 / seconds,
        mean_plies: if playouts == 0 {
            0.0
        } else {
            plies as f64 / playouts as f64
        },
        ended_by_rule: by_rule,
        ended_by_cap: by_cap,
    }
}

/// Plays one seeded random game from `state` (at most `max_plies` moves) and returns the
/// moves played and the outcome, if the game ended.
pub fn random_game(state: &mut State, seed: u64, max_plies: usize) -> (Vec<Move>, Option<Outcome>) {
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    let mut played = Vec::new();
    for _ in 0..max_plies {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        state.apply(m);
        played.push(m);
    }
    (played, state.outcome())
}
