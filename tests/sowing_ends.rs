//! Ends of sowing games other than `empty row`: a store past a threshold, and no legal
//! move, each with the stones left counted for their row's owner
//! (`remaining to owners, most in store wins`), as Oware and Toguz Kumalak end.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::{notation, pipeline};

const GAME: &str = r#"
game "Store ends"
players south, north
board mancala 6 pits with stores
setup 4 stones in every pit
move sow counterclockwise with skip opponent store
end when count(store(mover)) > 24: remaining to owners, most in store wins
end when no legal move: remaining to owners, most in store wins
"#;

fn game() -> Arc<Game> {
    match pipeline::load_text("store-ends.game", GAME, None, &[]) {
        Ok(g) => g,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

fn at(text: &str) -> State {
    notation::parse_position(&game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_store_past_the_threshold_ends_the_game_after_the_move() {
    // South's last stone goes into South's store: 25 there, North's 23 left in its row.
    let mut s = at("0,0,0,0,0,1|24/4,4,4,4,4,3|0 south");
    assert_eq!(s.outcome(), None);
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn with_no_legal_move_the_stones_left_count_for_their_row_s_owner() {
    // North cannot sow: South has 20 in store and 3 in its row, North 25 in store.
    let s = at("1,2,0,0,0,0|20/0,0,0,0,0,0|25 north");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    // With South's row holding 6, South's 24 beat North's 22.
    let s = at("3,3,0,0,0,0|18/0,0,0,0,0,0|22 north");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    // 24 and 24: a draw.
    let s = at("2,2,0,0,0,0|20/0,0,0,0,0,0|24 north");
    assert_eq!(s.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_threshold_already_met_ends_the_game_after_any_move() {
    // South's store already holds 25 in this hand-built position: a move that changes no
    // store still ends the game, every time it is played (the engine re-evaluates such a
    // condition only when the stores it reads change, so this checks that it remembers).
    let mut s = at("1,0,0,0,0,0|25/4,4,4,4,4,2|0 south");
    assert_eq!(s.outcome(), None);
    for _ in 0..2 {
        notation::play_text(&mut s, "1").unwrap();
        assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
        s.undo();
        assert_eq!(s.outcome(), None);
    }
    // The condition reads the mover's store: North's 25 do not end the game after South's
    // move (as the position was built: South moved last), but after North's.
    let mut s = at("1,0,0,0,0,0|0/4,4,4,4,4,2|25 north");
    assert_eq!(s.outcome(), None);
    notation::play_text(&mut s, "1").unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    assert_eq!(
        notation::position_text(&s),
        "0,0,0,0,0,0|1/0,0,0,0,0,0|47 south"
    );
}
