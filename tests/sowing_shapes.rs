//! The shapes of sowing beyond one lap (relay sowing, `relay while`) and the sites and
//! sets of pits that rules name (`next`, `previous`, `pit(P, N)`, `origin`, `row`,
//! `between`, `any`, `every`, `stones(REGION)`), on hand-built positions with the boards
//! worked out by hand.

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

/// Sowing into pits only, one lap.
const ONE_LAP: &str = "move sow counterclockwise with skip stores";

#[test]
fn next_previous_and_pit_by_number_name_the_sites_round_the_board() {
    let g = game(
        3,
        &format!(
            "{ONE_LAP}\nafter sow first of {{\n  when last == pit(opponent, 1): take next(last) to store(mover)\n  \
             when last == pit(mover, 3): take previous(last) to store(mover)\n  \
             when last == pit(opponent, 3): take next(last) to store(mover)\n}}"
        ),
    );
    // Ending in North 1, South takes North 2, the next site.
    assert_eq!(
        after(&g, "0,0,1|0/1,2,3|0 south", "3"),
        "0,0,0|2/2,0,3|0 north"
    );
    // Ending in South 3, South takes South 2, the site before it.
    assert_eq!(
        after(&g, "2,0,0|0/1,1,1|0 south", "1"),
        "0,0,1|1/1,1,1|0 north"
    );
    // The site after North 3 is North's store: the ring has the stores in it.
    assert_eq!(
        after(&g, "0,0,3|0/0,0,0|4 south", "3"),
        "0,0,0|4/1,1,1|0 north"
    );
}

#[test]
fn origin_is_the_pit_the_move_was_sown_from() {
    let g = game(
        3,
        "move sow counterclockwise with skip stores, first stone into origin\n\
         after sow first of {\n  when on: take origin to store(opponent)\n}",
    );
    // South 1's first stone goes back into it and then to North's store.
    assert_eq!(
        after(&g, "3,1,1|0/1,1,1|0 south", "1"),
        "0,2,2|0/1,1,1|1 north"
    );
    // A single stone moves on: South 2 is empty and nothing moves.
    assert_eq!(
        after(&g, "3,1,1|0/1,1,1|0 south", "2"),
        "3,0,2|0/1,1,1|0 north"
    );
}

#[test]
fn conditions_over_the_pits_of_a_region() {
    let g = game(
        3,
        &format!(
            "{ONE_LAP}\nafter sow first of {{\n  \
             when every(p in row(opponent): count(p) > 0): again\n  \
             when stones(between(origin, last)) >= 3: take last to store(mover)\n  \
             when any(p in row(opponent): count(p) == 0): take last to store(opponent)\n}}"
        ),
    );
    // Every pit of North's holds stones after South 3's sowing: South moves again.
    assert_eq!(
        after(&g, "1,0,3|0/1,0,1|0 south", "3"),
        "1,0,0|0/2,1,2|0 south"
    );
    // North 3 is empty. Between South 2 and North 2 lie South 3, South's store and North
    // 1, holding 1 + 2 + 1: South takes North 2's stone.
    assert_eq!(
        after(&g, "0,3,0|2/0,0,0|0 south", "2"),
        "0,0,1|3/1,0,0|0 north"
    );
    // With South's store empty they hold 2: the last rule gives the stone to North.
    assert_eq!(
        after(&g, "0,3,0|0/0,0,0|0 south", "2"),
        "0,0,1|0/1,0,0|1 north"
    );
}

#[test]
fn conditions_over_regions_nest() {
    // Some pit of South's holds as many stones as North's pit with the same number.
    let g = game(
        3,
        &format!(
            "{ONE_LAP}\nafter sow first of {{\n  when any(p in row(south): \
             any(q in row(north): pit(p) == pit(q) and count(p) == count(q))): again\n}}"
        ),
    );
    // After South 1: South 2 and North 2 hold 2 each, so South moves again.
    assert_eq!(
        after(&g, "2,1,0|0/0,2,1|0 south", "1"),
        "0,2,1|0/0,2,1|0 south"
    );
    // After South 2: 2, 0, 1 against 0, 2, 2; no pair is equal.
    assert_eq!(
        after(&g, "2,1,0|0/0,2,2|0 south", "2"),
        "2,0,1|0/0,2,2|0 north"
    );
}

#[test]
fn skip_a_region_passes_over_its_sites() {
    // Every pit of the opponent's row but pit 3 is passed over (a game that sows round
    // its own row and one pit of the opponent's).
    let g = game(
        3,
        "move sow counterclockwise with skip stores, skip row(opponent) - between(pit(opponent, 2), store(opponent))",
    );
    // South 3's four stones: North 3 (North 1 and 2 passed over), South 1, 2, 3.
    assert_eq!(
        after(&g, "0,0,4|0/0,0,0|0 south", "3"),
        "1,1,1|0/0,0,1|0 north"
    );
    // North's own sowing passes over South 1 and 2 in turn.
    assert_eq!(
        after(&g, "0,0,0|0/0,0,3|0 north", "3"),
        "0,0,1|0/1,1,0|0 south"
    );
    // A site beside a region is the region of that site: the same sowing.
    let g = game(
        3,
        "move sow counterclockwise with skip stores, skip row(opponent) - pit(opponent, 3)",
    );
    assert_eq!(
        after(&g, "0,0,4|0/0,0,0|0 south", "3"),
        "1,1,1|0/0,0,1|0 north"
    );
}

#[test]
fn start_at_puts_the_first_stone_into_the_site_a_rule_names() {
    // The first stone goes into the pit across, the rest on from there.
    let g = game(
        3,
        "move sow counterclockwise with skip stores, start at opposite(origin)",
    );
    // South 1 (across: North 3) with 3 stones: North 3, then South 1, South 2.
    assert_eq!(
        after(&g, "3,0,0|0/0,0,0|0 south", "1"),
        "1,1,0|0/0,0,1|0 north"
    );
    // `start at origin` puts even a single stone back.
    let g = game(
        3,
        "move sow counterclockwise with skip stores, start at origin",
    );
    assert_eq!(
        after(&g, "0,1,0|0/1,0,0|0 south", "2"),
        "0,1,0|0/1,0,0|0 north"
    );
}
