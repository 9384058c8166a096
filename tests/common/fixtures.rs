//! The games the tests that compare routines with walks run over (every bundled game and
//! preset, then the valid fixtures), and the comparison itself, ply by ply.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, MoveReport, State};
use rulebook::model::Game;
use rulebook::pipeline;

use super::configurations::configurations;

/// [`configurations`], then every valid fixture (`tests/fixtures/valid/*.game`, in name
/// order) that loads, by its path.
pub fn configurations_and_fixtures() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations();
    let mut fixtures: Vec<_> = std::fs::read_dir("tests/fixtures/valid")
        .expect("the fixtures are readable")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    fixtures.sort();
    for path in fixtures {
        let name = path.display().to_string();
        if let Ok(game) = pipeline::load(&name, None, &[]) {
            out.push((name, game));
        }
    }
    out
}

/// Plays `games` seeded random games of at most `max_plies` plies of `game` and of `walked`
/// (the same game with some rules made walks) side by side, and asserts at every ply the
/// same legal moves, the same hash after the move picked, and the same report of it (what
/// was jumped, replaced and changed), `name` in each message.
pub fn plays_alike(
    name: &str,
    (game, walked): (&Arc<Game>, &Arc<Game>),
    (games, max_plies): (usize, usize),
    rng: &mut Rng,
) {
    for _ in 0..games {
        let mut routines = State::new(Arc::clone(game));
        let mut walks = State::new(Arc::clone(walked));
        let (mut a, mut b) = (MoveList::new(), MoveList::new());
        let mut reports = (MoveReport::new(), MoveReport::new());
        for ply in 0..max_plies {
            routines.legal_moves(&mut a);
            walks.legal_moves(&mut b);
            assert_eq!(&a[..], &b[..], "{name}, ply {ply}");
            if a.is_empty() {
                break;
            }
            let m = a[rng.below(a.len())];
            routines.apply_reported(m, &mut reports.0);
            walks.apply_reported(m, &mut reports.1);
            assert_eq!(routines.hash(), walks.hash(), "{name}, ply {ply}");
            let told = |r: &MoveReport| (r.jumps, r.jumped, r.replaced, r.changed.clone());
            assert_eq!(told(&reports.0), told(&reports.1), "{name}, ply {ply}");
        }
    }
}
