//! The bundled games of issues 11 and 12 against their independent reference implementations,
//! move by move: seeded random games are played in the engine and in the reference at
//! once, and at every ply the sorted legal moves, the position's text and the outcome must
//! be the same. (The perft files and scenario files check the same references on fixed
//! trees and hand-built positions; these games reach positions neither chose.)

use crate::common::ayoayo_reference;
use crate::common::brandubh_reference;
use crate::common::draughts_reference;
use crate::common::hasami_reference;
use crate::common::kalah_reference;
use crate::common::konane_reference;
use crate::common::othello_reference;
use crate::common::oware_reference;
use crate::common::toguz_kumalak_reference;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::{notation, pipeline};

/// What the comparison needs of a reference implementation.
trait Reference: Sized {
    /// The legal moves as text, sorted.
    fn legal(&self) -> Vec<String>;
    /// The position after a move given as text.
    fn after(&self, text: &str) -> Self;
    /// The position as text (docs/language/positions.md).
    fn text(&self) -> String;
    /// `None` while the game goes on; `Some(None)` a draw; `Some(Some(p))` player p won.
    fn result(&self) -> Option<Option<usize>>;
}

macro_rules! reference {
    ($t:ty) => {
        impl Reference for $t {
            fn legal(&self) -> Vec<String> {
                let mut moves = self.moves();
                moves.sort();
                moves
            }
            fn after(&self, text: &str) -> Self {
                self.play(text)
            }
            fn text(&self) -> String {
                self.to_text()
            }
            fn result(&self) -> Option<Option<usize>> {
                self.outcome()
            }
        }
    };
}

reference!(brandubh_reference::Game);
reference!(hasami_reference::Game);
reference!(kalah_reference::Game);
reference!(konane_reference::Game);
reference!(othello_reference::Game);
reference!(oware_reference::Game);
reference!(ayoayo_reference::Game);
reference!(draughts_reference::Game);
reference!(toguz_kumalak_reference::Game);

/// Plays `games` seeded random games of at most `plies` plies in the engine and the
/// reference together, comparing them at every ply; returns the plies compared.
fn compare<R: Reference>(
    name: &str,
    sets: &[&str],
    start: impl Fn() -> R,
    games: usize,
    plies: usize,
) -> usize {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let game = pipeline::load(name, None, &sets).expect("the bundled game loads");
    let mut rng = Rng::new(20261124);
    let mut moves = MoveList::new();
    let mut compared = 0;
    for g in 0..games {
        let mut engine = State::new(game.clone());
        let mut reference = start();
        for ply in 0..plies {
            let at = format!("{name} {sets:?}, game {g}, ply {ply}");
            assert_eq!(notation::position_text(&engine), reference.text(), "{at}");
            engine.legal_moves(&mut moves);
            let mut texts: Vec<String> = moves
                .iter()
                .map(|&m| notation::move_text(&engine, m))
                .collect();
            texts.sort();
            assert_eq!(texts, reference.legal(), "{at}: {}", reference.text());
            let outcome = engine.outcome().map(|o| match o {
                Outcome::Win(p) => Some(p.index()),
                Outcome::Draw => None,
            });
            assert_eq!(outcome, reference.result(), "{at}: {}", reference.text());
            compared += 1;
            if moves.is_empty() {
                break;
            }
            let text = notation::move_text(&engine, moves[rng.below(moves.len())]);
            notation::play_text(&mut engine, &text).expect("a listed move plays");
            reference = reference.after(&text);
        }
    }
    compared
}

#[test]
fn othello_agrees_with_its_reference_move_by_move() {
    let plies = compare("othello", &[], othello_reference::Game::new, 60, 70);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn brandubh_agrees_with_its_reference_move_by_move() {
    let plies = compare("brandubh", &[], brandubh_reference::Game::new, 60, 200);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn konane_agrees_with_its_reference_move_by_move() {
    let mut plies = 0;
    for size in [4, 5, 6, 8] {
        let set = format!("size={size}");
        plies += compare(
            "konane",
            &[&set],
            || konane_reference::Game::new(size),
            40,
            100,
        );
    }
    assert!(plies > 2000, "only {plies} plies");
}

#[test]
fn kalah_agrees_with_its_reference_move_by_move() {
    let plies = compare("kalah", &[], kalah_reference::Game::new, 100, 200);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn toguz_kumalak_agrees_with_its_reference_move_by_move() {
    let plies = compare(
        "toguz-kumalak",
        &[],
        toguz_kumalak_reference::Game::new,
        40,
        400,
    );
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn oware_agrees_with_its_reference_move_by_move() {
    let plies = compare("oware", &[], oware_reference::Game::new, 60, 400);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn ayoayo_agrees_with_its_reference_move_by_move() {
    let plies = compare("ayoayo", &[], ayoayo_reference::Game::new, 120, 400);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn draughts_agrees_with_its_reference_move_by_move() {
    let plies = compare("draughts", &[], draughts_reference::Game::new, 60, 200);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn hasami_shogi_agrees_with_its_reference_move_by_move() {
    let start = || hasami_reference::Game::new(hasami_reference::Variant::Hasami);
    let plies = compare("hasami-shogi", &[], start, 30, 200);
    assert!(plies > 3000, "only {plies} plies");
}

#[test]
fn dai_hasami_shogi_agrees_with_its_reference_move_by_move() {
    let start = || hasami_reference::Game::new(hasami_reference::Variant::Dai);
    let plies = compare("dai-hasami-shogi", &[], start, 30, 200);
    assert!(plies > 3000, "only {plies} plies");
}
