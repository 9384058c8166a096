//! The engine side by side with hand-written engines of the same rules (`speed/`):
//! Ming Mang (8 x 8 with and without the ban on repetition, 17 x 17, 19 x 19), Gundru,
//! Mangala (and its Castle variant) and Migong.
//!
//! The quick test checks that each hand-written engine is the same game as the rule file:
//! the same perft counts to a small depth, and the same random playouts (both draw
//! `below(number of legal moves)` from the same generator once a ply and list moves in the
//! same order, so the same seeds give the same games, ply for ply).
//!
//! The benchmark (`--ignored`) plays the same playouts in both, alternated in one process,
//! and prints plies per second and the ratio per row; it never asserts a time:
//!
//! ```sh
//! cargo test --release --test suite speed:: -- --ignored --nocapture
//! ```
//!
//! `SPEED_ROUNDS` (default 5) sets the rounds and `SPEED_SECONDS` (default 0.4) the time of
//! each engine's run of a row in a round.

mod mangala;
mod migong;
mod ming_mang;

use std::time::Instant;

use rulebook::analysis::{bench, perft, BenchLength, Rng};
use rulebook::engine::State;
use rulebook::pipeline;

/// The ply cap of every playout.
const CAP: usize = 200;

/// The seed of every playout (playout `i` draws from `Rng::stream(SEED, i)`).
const SEED: u64 = 2024;

/// A hand-written engine, ready to play.
enum Hand {
    MingMang(ming_mang::MingMang),
    Mangala(mangala::Mangala),
    Migong(Box<migong::Tables>, migong::Migong),
}

impl Hand {
    /// Plays playouts `0..n`; returns the plies played.
    fn playouts(&self, n: u64) -> u64 {
        let mut plies = 0;
        match self {
            Hand::MingMang(start) => {
                let mut g = start.clone();
                let mut work = ming_mang::Work::new();
                for i in 0..n {
                    let mut rng = Rng::stream(SEED, i);
                    plies += g.playout(start, &mut rng, CAP, &mut work) as u64;
                }
            }
            Hand::Mangala(start) => {
                let mut g = start.clone();
                for i in 0..n {
                    let mut rng = Rng::stream(SEED, i);
                    plies += g.playout(start, &mut rng, CAP) as u64;
                }
            }
            Hand::Migong(t, start) => {
                let mut g = start.clone();
                let mut work = migong::Work::new();
                for i in 0..n {
                    let mut rng = Rng::stream(SEED, i);
                    plies += g.playout(t, start, &mut rng, CAP, &mut work) as u64;
                }
                std::hint::black_box(work.wins);
            }
        }
        plies
    }

    fn perft(&self, depth: usize) -> Vec<u64> {
        match self {
            Hand::MingMang(g) => g.perft(depth),
            Hand::Mangala(g) => g.perft(depth),
            Hand::Migong(t, g) => g.perft(t, depth),
        }
    }
}

/// A row of the comparison: its name, the game as `rulebook` loads it, the hand-written
/// engine, and the perft depth the quick test compares.
struct Row {
    name: &'static str,
    state: State,
    hand: Hand,
    depth: usize,
}

fn row(name: &'static str, game: (&str, Option<&str>, &[&str]), hand: Hand, depth: usize) -> Row {
    let sets: Vec<String> = game.2.iter().map(|s| s.to_string()).collect();
    let loaded = pipeline::load(game.0, game.1, &sets).expect("a bundled game loads");
    Row {
        name,
        state: State::new(loaded),
        hand,
        depth,
    }
}

fn ming_mang(n: usize, ban: bool) -> Hand {
    Hand::MingMang(ming_mang::MingMang::new(ming_mang::Rules {
        n,
        ban,
        corner: false,
        lone_jump: false,
        gundru: false,
    }))
}

fn rows() -> Vec<Row> {
    let tables = Box::new(migong::Tables::new());
    let migong_start = migong::Migong::new(&tables);
    vec![
        row(
            "Ming Mang 8x8, ban off",
            ("ming-mang", Some("8x8"), &["repetition=off"]),
            ming_mang(8, false),
            3,
        ),
        row(
            "Ming Mang --preset 8x8 (ban on)",
            ("ming-mang", Some("8x8"), &[]),
            ming_mang(8, true),
            3,
        ),
        row(
            "Ming Mang 17x17 (default)",
            ("ming-mang", None, &[]),
            ming_mang(17, false),
            2,
        ),
        row(
            "Ming Mang --preset go 19x19",
            ("ming-mang", Some("go"), &[]),
            ming_mang(19, false),
            2,
        ),
        row(
            "Gundru",
            ("gundru", None, &[]),
            Hand::MingMang(ming_mang::MingMang::new(ming_mang::Rules {
                n: 9,
                ban: false,
                corner: true,
                lone_jump: true,
                gundru: true,
            })),
            3,
        ),
        row(
            "Mangala",
            ("mangala", None, &[]),
            Hand::Mangala(mangala::Mangala::new(false)),
            6,
        ),
        row(
            "Mangala --preset castle",
            ("mangala", Some("castle"), &[]),
            Hand::Mangala(mangala::Mangala::new(true)),
            6,
        ),
        row(
            "Migong",
            ("migong", None, &[]),
            Hand::Migong(tables, migong_start),
            2,
        ),
    ]
}

/// `rulebook bench`'s playouts `0..n` on one thread: the plies and the seconds.
fn engine_run(state: &State, n: u64) -> (u64, f64) {
    let report = bench(state, BenchLength::Playouts(n), SEED, CAP, 1);
    (report.plies, report.seconds)
}

fn hand_run(hand: &Hand, n: u64) -> (u64, f64) {
    let began = Instant::now();
    let plies = hand.playouts(n);
    (plies, began.elapsed().as_secs_f64())
}

#[test]
fn hand_written_engines_play_the_same_games_as_the_rule_files() {
    for r in rows() {
        let engine = perft(&mut r.state.clone(), r.depth);
        assert_eq!(r.hand.perft(r.depth), engine, "perft of {}", r.name);
        for n in [1, 40] {
            let (plies, _) = engine_run(&r.state, n);
            assert_eq!(
                hand_run(&r.hand, n).0,
                plies,
                "plies of {n} playouts of {}",
                r.name
            );
        }
    }
}

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

#[test]
#[ignore = "a benchmark: run with `cargo test --release --test suite speed:: -- --ignored --nocapture`"]
fn side_by_side_plies_per_second() {
    let rounds: usize = env_or("SPEED_ROUNDS", 5);
    let seconds: f64 = env_or("SPEED_SECONDS", 0.4);
    println!(
        "{} rounds, about {seconds} s per engine and row, ply cap {CAP}, one thread",
        rounds
    );
    println!(
        "{:<34} {:>14} {:>14} {:>8}",
        "game and preset", "rulebook", "hand-written", "ratio"
    );
    for r in rows() {
        // As many playouts as the engine plays in about `seconds`.
        let (_, t) = engine_run(&r.state, 20);
        let n = ((seconds / t.max(1e-6)) * 20.0).max(20.0) as u64;
        let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let (a, b) = if round % 2 == 0 {
                let a = engine_run(&r.state, n);
                (a, hand_run(&r.hand, n))
            } else {
                let b = hand_run(&r.hand, n);
                (engine_run(&r.state, n), b)
            };
            assert_eq!(a.0, b.0, "both engines play the same games");
            let (x, y) = (a.0 as f64 / a.1, b.0 as f64 / b.1);
            ours.push(x);
            theirs.push(y);
            ratios.push(x / y);
        }
        println!(
            "{:<34} {:>12.2}M {:>12.2}M {:>7.2}x",
            r.name,
            median(ours) / 1e6,
            median(theirs) / 1e6,
            median(ratios)
        );
    }
}
