//! A custodian capture of runs of a given length (`after move capture custodian all min 2
//! max 2 remove`: Pente's pairs), and an end counted from a hand (the stones a player has
//! lost), on hand-built positions of `tests/fixtures/valid/pente.game`.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

const PENTE: &str = include_str!("fixtures/valid/pente.game");

fn load(text: &str) -> Arc<Game> {
    pipeline::load_text("pente.game", text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The bottom rank of the position after White places on `a1`, with `rank` as the
/// bottom rank before it (13 points, as position text) and the rest of the board empty.
fn bottom_rank_after_a1(game: &Arc<Game>, rank: &str, hands: &str) -> (String, State) {
    let text = format!("{}{rank} white{hands}", "13/".repeat(12));
    let mut state = notation::parse_position(game, &text).unwrap_or_else(|e| panic!("{e}"));
    notation::play_text(&mut state, "a1").unwrap();
    let after = notation::position_text(&state);
    let bottom = after.split(' ').next().unwrap().rsplit('/').next().unwrap();
    (bottom.to_string(), state)
}

#[test]
fn exactly_two_flanked_stones_are_taken() {
    let game = load(PENTE);
    // W . B B W: the pair is taken.
    assert_eq!(bottom_rank_after_a1(&game, "1BBW9", "").0, "W2W9");
    // One or three flanked stones stay.
    assert_eq!(bottom_rank_after_a1(&game, "1BW10", "").0, "WBW10");
    assert_eq!(bottom_rank_after_a1(&game, "1BBBW8", "").0, "WBBBW8");
}

#[test]
fn without_min_a_single_stone_is_taken_too() {
    let game = load(&PENTE.replace("all min 2 max 2", "all max 2"));
    assert_eq!(bottom_rank_after_a1(&game, "1BW10", "").0, "W1W10");
    assert_eq!(bottom_rank_after_a1(&game, "1BBW9", "").0, "W2W9");
}

#[test]
fn the_tenth_stone_taken_wins() {
    let game = load(PENTE);
    // Black has lost eight stones: 100 in hand at the start, 90 left, 2 on the board
    // (b1 and c1), so 10 placed and 8 lost. Taking b1 and c1 makes ten.
    let hands = " hand=white:90 hand=black:90";
    let (bottom, state) = bottom_rank_after_a1(&game, "1BBW9", hands);
    assert_eq!(bottom, "W2W9");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    // With seven lost before, nine is not enough.
    let (_, state) = bottom_rank_after_a1(&game, "1BBW9", " hand=white:90 hand=black:91");
    assert_eq!(state.outcome(), None);
}

#[test]
fn a_shortest_run_longer_than_the_longest_is_refused() {
    let text = PENTE.replace("min 2 max 2", "min 3 max 2");
    let err = pipeline::load_text("pente.game", &text, None, &[]).unwrap_err();
    let shown = err.render(false);
    assert!(
        shown.contains("the shortest run captured, 3, is longer than the longest, 2"),
        "{shown}"
    );
}
