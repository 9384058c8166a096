//! `take from SITE DIRECTION while CONDITION to SITE`: a run of pits captured walking back
//! from the last one (Oware's capture of 2s and 3s), on hand-built positions.

use std::sync::Arc;

use rulebook::model::Game;
use rulebook::{notation, pipeline};

/// Sowing into pits only; the last stone making 2 or 3 on the opponent's side takes that
/// pit and, walking back, every pit of the opponent's that holds 2 or 3.
const GAME: &str = r#"
game "Runs"
players south, north
board mancala 6 pits with stores
setup 4 stones in every pit
move sow counterclockwise with skip stores
after sow first of {
  when owner(last) == opponent and (count(last) == 2 or count(last) == 3):
    take from last clockwise while owner(last) == opponent and (count(last) == 2 or count(last) == 3)
      to store(mover)
}
end when no legal move: remaining to owners, most in store wins
"#;

fn game() -> Arc<Game> {
    match pipeline::load_text("runs.game", GAME, None, &[]) {
        Ok(g) => g,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The position after `moves` from `text`, as text.
fn after(text: &str, moves: &str) -> String {
    let mut s = notation::parse_position(&game(), text).unwrap_or_else(|e| panic!("{e}"));
    for m in moves.split_whitespace() {
        notation::play_text(&mut s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    notation::position_text(&s)
}

#[test]
fn the_run_walks_back_over_the_opponents_twos_and_threes() {
    // South's pit 6 holds 3: its stones land in North's pits 1, 2, 3, making 2, 3 and 2.
    // The walk back from North's pit 3 takes 2, 3, 2 (7 stones) and stops at South's pit 6
    // (a pit of the mover's).
    assert_eq!(
        after("4,4,4,4,4,3|0/1,2,1,4,4,4|0 south", "6"),
        "4,4,4,4,4,0|7/0,0,0,4,4,4|0 north"
    );
}

#[test]
fn the_run_stops_at_the_first_pit_that_does_not_hold_two_or_three() {
    // Pits 1..3 of North become 2, 4, 2: the walk takes pit 3 and stops at pit 2 (4).
    assert_eq!(
        after("4,4,4,4,4,3|0/1,3,1,4,4,4|0 south", "6"),
        "4,4,4,4,4,0|2/2,4,0,4,4,4|0 north"
    );
}

#[test]
fn no_run_starts_when_the_last_pit_does_not_qualify() {
    // The last stone makes 5 in North's pit 3: nothing is taken, though pits 1 and 2 hold 2.
    assert_eq!(
        after("4,4,4,4,4,3|0/1,1,4,4,4,4|0 south", "6"),
        "4,4,4,4,4,0|0/2,2,5,4,4,4|0 north"
    );
}
