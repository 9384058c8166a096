//! The computer opponent against a uniformly random player, for every bundled game.
//!
//! Each test plays 20 seeded games at the default level (`medium`) with its iteration
//! budget only (no time limit, so the result is the same on every machine), the AI taking
//! the first player's side in even games and the second's in odd ones. A game that reaches
//! the ply cap unfinished counts as not won.

use std::sync::atomic::AtomicBool;

use rulebook::ai::{level, Budget, Searcher, DEFAULT_LEVEL};
use rulebook::analysis::Rng;
use rulebook::engine::{Outcome, State};
use rulebook::pipeline;

const GAMES: u64 = 20;

/// Plays the games; returns how many the AI won.
fn wins_against_random(
    game: &str,
    preset: Option<&str>,
    sets: &[&str],
    iterations: u64,
    max_plies: usize,
) -> u64 {
    let game = pipeline::load(
        game,
        preset,
        &sets.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("the game loads");
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new();
    let mut wins = 0;
    for seed in 0..GAMES {
        let ai_side = (seed % 2) as u8;
        let mut state = State::new(game.clone());
        let mut rng = Rng::new(1000 + seed);
        for ply in 0..max_plies {
            let m = if state.to_move() == ai_side {
                match searcher.think(
                    &state,
                    Budget::iterations(iterations),
                    seed * 7919 + ply as u64,
                    &stop,
                ) {
                    Some(t) => t.best,
                    None => break,
                }
            } else {
                match state.pick_legal_move(|n| rng.below(n)) {
                    Some(m) => m,
                    None => break,
                }
            };
            state.play(m).expect("every move played is legal");
        }
        if state.outcome() == Some(Outcome::Win(ai_side)) {
            wins += 1;
        }
    }
    wins
}

fn default_iterations() -> u64 {
    level(DEFAULT_LEVEL)
        .expect("the default level exists")
        .iterations
}

#[test]
fn medium_1000_iterations_beats_random_in_18_of_20_mangala_games() {
    assert_eq!(default_iterations(), 1000);
    let wins = wins_against_random("mangala", None, &[], 1000, 500);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
fn medium_1000_iterations_beats_random_in_18_of_20_mangala_castle_games() {
    let wins = wins_against_random("mangala", Some("castle"), &[], 1000, 500);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
fn medium_1000_iterations_beats_random_in_18_of_20_gundru_games() {
    let wins = wins_against_random("gundru", None, &[], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

/// Ming Mang's default preset is 17x17 with over 300 moves a position: 20 games take
/// about three minutes of one core, so this one runs with the deep tests
/// (`cargo test --release -- --ignored`); the 9x9 board below runs in the quick suite.
#[test]
#[ignore]
fn medium_1000_iterations_beats_random_in_18_of_20_ming_mang_17x17_games() {
    let wins = wins_against_random("ming-mang", None, &[], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
fn medium_1000_iterations_beats_random_in_18_of_20_ming_mang_9x9_games() {
    let wins = wins_against_random("ming-mang", None, &["size=9"], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}
