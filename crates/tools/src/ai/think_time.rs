//! Measuring the computer's think time against its level's budget.

use std::sync::atomic::AtomicBool;

use super::{Budget, Level, Searcher};
use crate::analysis::Rng;
use rulebook_engine::{MoveList, State};

/// What a think-time measurement found.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ThinkReport {
    /// The level measured.
    pub level: String,
    /// Its iterations per move.
    pub iterations: u64,
    /// Its time limit per move, in seconds.
    pub budget_seconds: f64,
    /// Moves thought about.
    pub moves: usize,
    /// Mean think time per move, in seconds.
    pub mean_seconds: f64,
    /// Longest think, in seconds.
    pub max_seconds: f64,
    /// Moves whose think went over the time limit.
    pub over_budget: usize,
    /// Moves stopped by the time limit before the search's deepest depth was reached (the
    /// level's; in a race, searched a turn at a time, at most 6 turns, 12 at `strong`).
    pub stopped_by_time: usize,
    /// The mean depth searched to completion, in plies (in a race, turns).
    pub mean_depth: f64,
    /// Search iterations per second over all moves.
    pub iterations_per_second: f64,
}

/// The most positions of the random game gone through per move thought about: a throw
/// or two before each move, and room to spare.
const MOST_THROWS_A_MOVE: usize = 4;

/// Thinks at `level` (its full budget: iterations and time limit) on `moves` positions of a
/// seeded random game from `start`, and reports the times. A throw of the dice is passed
/// over, as the computer throws it without thinking.
pub fn think_times(start: &State, level: &Level, moves: usize, seed: u64) -> ThinkReport {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new();
    let mut state = start.clone();
    let mut rng = Rng::new(seed);
    let mut list = MoveList::new();
    let budget = Budget::of(level);
    let (mut total, mut max, mut iterations, mut depths) = (0.0f64, 0.0f64, 0u64, 0u64);
    let (mut thought, mut over, mut by_time) = (0, 0, 0);
    let mut i = 0;
    while thought < moves && i < moves.saturating_mul(MOST_THROWS_A_MOVE) {
        i += 1;
        if state.chance().is_some() {
            match state.pick_throw(|n| rng.below(n)) {
                Some(throw) => state.apply(throw),
                None => break,
            }
            continue;
        }
        let Some(t) = searcher.think(&state, budget, seed.wrapping_add(i as u64), &stop) else {
            break;
        };
        let s = t.elapsed.as_secs_f64();
        total += s;
        max = max.max(s);
        iterations += t.iterations;
        thought += 1;
        over += usize::from(s > level.seconds);
        let deepest = super::chance::deepest(&state, budget);
        by_time += usize::from(t.iterations > 0 && t.depth < deepest);
        depths += u64::from(t.depth);
        // Carry on along a random game, so that positions differ.
        match state.pick_legal_move(&mut list, |n| rng.below(n)) {
            Some(m) => state.apply(m),
            None => break,
        }
    }
    ThinkReport {
        level: level.name.to_string(),
        iterations: level.iterations,
        budget_seconds: level.seconds,
        moves: thought,
        mean_seconds: if thought == 0 {
            0.0
        } else {
            total / thought as f64
        },
        max_seconds: max,
        mean_depth: if thought == 0 {
            0.0
        } else {
            depths as f64 / thought as f64
        },
        over_budget: over,
        stopped_by_time: by_time,
        iterations_per_second: if total > 0.0 {
            iterations as f64 / total
        } else {
            0.0
        },
    }
}
