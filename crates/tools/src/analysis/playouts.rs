//! Random playouts: the benchmark of the engine's hot path, and seeded random games.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use super::Rng;
use rulebook_engine::{Move, MoveList, Outcome, State};

/// What a benchmark measured.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct BenchReport {
    /// Number of playouts.
    pub playouts: u64,
    /// Total plies played.
    pub plies: u64,
    /// Threads that played them.
    pub threads: usize,
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

/// How long a benchmark runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BenchLength {
    /// This many playouts: the counts in the report are the same for any thread count.
    Playouts(u64),
    /// As many playouts as start within this many seconds.
    Seconds(f64),
}

/// Plays uniformly random games from `start`, each stopped after `max_plies`, on `threads`
/// threads. Playout `i` draws its moves from its own generator, [`Rng::stream`]`(seed, i)`,
/// so which thread plays it does not matter.
pub fn bench(
    start: &State,
    length: BenchLength,
    seed: u64,
    max_plies: usize,
    threads: usize,
) -> BenchReport {
    let threads = threads.max(1);
    let began = Instant::now();
    let more = |i: u64| match length {
        BenchLength::Playouts(n) => i < n,
        BenchLength::Seconds(s) => began.elapsed().as_secs_f64() < s,
    };
    let next = AtomicU64::new(0);
    let tally = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| play_playouts(start, seed, max_plies, &next, &more)))
            .collect();
        workers
            .into_iter()
            .fold(PlayoutTotals::default(), |sum, w| {
                sum.add(w.join().expect("a benchmark thread panicked"))
            })
    });
    let seconds = began.elapsed().as_secs_f64().max(1e-9);
    let playouts = tally.by_rule + tally.by_cap;
    BenchReport {
        playouts,
        plies: tally.plies,
        threads,
        seconds,
        playouts_per_second: playouts as f64 / seconds,
        plies_per_second: tally.plies as f64 / seconds,
        mean_plies: if playouts == 0 {
            0.0
        } else {
            tally.plies as f64 / playouts as f64
        },
        ended_by_rule: tally.by_rule,
        ended_by_cap: tally.by_cap,
    }
}

/// What one thread's playouts add up to.
#[derive(Clone, Copy, Debug, Default)]
struct PlayoutTotals {
    plies: u64,
    by_rule: u64,
    by_cap: u64,
}

impl PlayoutTotals {
    fn add(self, other: PlayoutTotals) -> PlayoutTotals {
        PlayoutTotals {
            plies: self.plies + other.plies,
            by_rule: self.by_rule + other.by_rule,
            by_cap: self.by_cap + other.by_cap,
        }
    }
}

/// Plays the playouts whose numbers this thread takes from `next`, while `more` allows.
fn play_playouts(
    start: &State,
    seed: u64,
    max_plies: usize,
    next: &AtomicU64,
    more: &(dyn Fn(u64) -> bool + Sync),
) -> PlayoutTotals {
    let mut state = start.clone();
    let mut moves = MoveList::new();
    let mut tally = PlayoutTotals::default();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if !more(i) {
            return tally;
        }
        state.clone_from(start);
        let mut rng = Rng::stream(seed, i);
        let (n, ended) = state.playout(max_plies, &mut moves, |count| rng.below(count));
        tally.plies += n as u64;
        if ended {
            tally.by_rule += 1;
        } else {
            tally.by_cap += 1;
        }
    }
}

/// A move of `moves`, the legal moves of `state` (not empty), drawn by `rng`: at a throw of
/// the dice, a throw as likely as the dice fall ([`State::pick_throw`]: of four lots summed,
/// a 2 six times as likely as a 4); else any of them, each as likely.
pub fn random_move(state: &State, moves: &MoveList, rng: &mut Rng) -> Move {
    (state.pick_throw(|n| rng.below(n))).unwrap_or_else(|| moves[rng.below(moves.len())])
}

/// Plays one seeded random game from `state` (at most `max_plies` moves) and returns the
/// moves played and the outcome, if the game ended; the dice thrown as they fall
/// ([`random_move`]).
pub fn random_game(state: &mut State, seed: u64, max_plies: usize) -> (Vec<Move>, Option<Outcome>) {
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    let mut played = Vec::new();
    for _ in 0..max_plies {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = random_move(state, &moves, &mut rng);
        state.apply(m);
        played.push(m);
    }
    (played, state.outcome())
}
