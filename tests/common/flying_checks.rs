//! Checks shared by the tests of the draughts games with flying kings (International and
//! Russian draughts) against their independent reference (`flying_draughts_reference.rs`).

use std::sync::Arc;

use super::flying_draughts_reference::{Game as Reference, Variant};
use super::perft_file;
use rulebook::analysis::perft;
use rulebook::engine::{Outcome, State};
use rulebook::model::Game;
use rulebook::notation;

/// The reference's perft counts and the engine's agree with the data file at `path`, for
/// `game` and the reference's `variant`, up to `limit` leaves; returns how many cases the
/// file has.
pub fn check_perft(path: &str, game: &Arc<Game>, variant: Variant, limit: u64) -> usize {
    let cases = perft_file::read(path, None);
    let count = cases.len();
    for case in cases {
        let mut state = State::new(Arc::clone(game));
        let mut reference = Reference::new(variant);
        for m in case.moves.split_whitespace() {
            notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            reference = reference.play(m);
        }
        let depth = case.depth_within(limit);
        let (got, engine) = (reference.perft(depth), perft(&mut state, depth));
        for (d, c) in case.counts_to(depth) {
            assert_eq!(got[d - 1], c, "the reference, {}: depth {d}", case.place);
            assert_eq!(engine[d - 1], c, "the engine, {}: depth {d}", case.place);
        }
    }
    count
}

/// The engine's position, its legal moves (in any order) and its outcome are the
/// reference's (`here` names the place in a failure).
pub fn assert_agree(state: &State, reference: &Reference, here: &str) {
    assert_eq!(
        notation::position_text(state),
        reference.to_text(),
        "{here}"
    );
    let mut engine = notation::legal_texts(state);
    engine.sort();
    let mut expected = reference.moves();
    expected.sort();
    assert_eq!(engine, expected, "{here}");
    let outcome = state.outcome().map(|o| match o {
        Outcome::Win(p) => Some(p.index()),
        Outcome::Draw => None,
    });
    assert_eq!(outcome, reference.outcome(), "{here}");
}
