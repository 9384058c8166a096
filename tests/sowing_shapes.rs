//! The shapes of sowing beyond one lap (relay sowing, `relay while`), on hand-built
//! positions with the boards worked out by hand.

use std::sync::Arc;

use rulebook::model::Game;
use rulebook::{notation, pipeline};

/// A two-player game on a board of `pits` pits a side with stores, 4 stones in each;
/// `rules` are its move and effect statements. A player who cannot move loses, and no
/// stones move at the end.
fn game(pits: u32, rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Shapes\"\nplayers south, north\nboard mancala {pits} pits with stores\n\
         setup 4 stones in every pit\n{rules}\nend when no legal move: mover loses\n"
    );
    match pipeline::load_text("shapes.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The position after `moves` from `text`, as text.
fn after(game: &Arc<Game>, text: &str, moves: &str) -> String {
    let mut s = notation::parse_position(game, text).unwrap_or_else(|e| panic!("{e}"));
    for m in moves.split_whitespace() {
        notation::play_text(&mut s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    notation::position_text(&s)
}

/// Relay sowing into pits only, on until a lap ends in an empty pit.
const RELAY: &str = "move sow counterclockwise with skip stores, relay while count(last) > 1";

#[test]
fn a_relay_lifts_the_pit_the_lap_ended_in_until_a_lap_ends_in_an_empty_pit() {
    let g = game(3, RELAY);
    // South 1's stone makes South 2 hold 2: lifted, they make South 3 hold 1 and North 1
    // hold 2: lifted, they make North 2 and North 3 hold 1. North 3 was empty: the end.
    assert_eq!(
        after(&g, "1,1,0|0/1,0,0|0 south", "1"),
        "0,0,1|0/0,1,1|0 north"
    );
}

#[test]
fn without_a_relay_the_same_move_is_one_lap() {
    let g = game(3, "move sow counterclockwise with skip stores");
    assert_eq!(
        after(&g, "1,1,0|0/1,0,0|0 south", "1"),
        "0,2,0|0/1,0,0|0 north"
    );
}

#[test]
fn skip_origin_passes_over_the_pit_each_lap_was_lifted_from() {
    let g = game(
        2,
        "move sow counterclockwise with skip stores, skip origin, relay while count(last) > 1",
    );
    // South 1's five stones: South 2, North 1, North 2, (South 1 passed over), South 2,
    // North 1, which now holds 2. Its two: North 2, then South 1 (only North 1 is passed
    // over now), which was empty.
    assert_eq!(after(&g, "5,0|0/0,0|0 south", "1"), "1,2|0/0,2|0 north");
}

#[test]
fn a_lap_that_ends_in_a_store_ends_the_move() {
    let g = game(
        2,
        "move sow counterclockwise with relay while count(last) > 1",
    );
    // South 2's stone goes into South's store, which holds 6 then: a store is never lifted.
    assert_eq!(after(&g, "1,1|5/1,0|0 south", "2"), "1,0|6/1,0|0 north");
}

#[test]
fn a_relay_that_never_ends_stops_after_a_thousand_lifts() {
    let g = game(
        2,
        "move sow counterclockwise with skip stores, relay while on",
    );
    // One stone goes round the four pits, a pit a lap: lap k ends k pits on from South 1,
    // and lap 1000 (the last lift) ends on South 1 again.
    assert_eq!(after(&g, "1,0|0/0,0|0 south", "1"), "1,0|0/0,0|0 north");
    // Lap 999 would have ended on North 2.
    let g = game(
        2,
        "move sow counterclockwise with skip stores, relay while count(last) > 0",
    );
    assert_eq!(after(&g, "1,0|0/0,0|0 south", "1"), "1,0|0/0,0|0 north");
}
