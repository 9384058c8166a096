//! The bundled Einstein würfelt nicht (`games/einstein-wurfelt-nicht.game`, rules EW-1 ..
//! EW-7 of `docs/games/einstein-wurfelt-nicht.md`) and what it needs of the language: the
//! throw as a value (`throw`), kinds with numbers (`piece one as A numbered 1`), `by
//! [nearest] numbered VALUE` and `onto empty or piece`. Every rule on hand-built positions,
//! and the 60 random games OpenSpiel played from random placements
//! (`tests/openspiel/einstein-wurfelt-nicht-games.txt`, printed by
//! `tests/openspiel/perft.py`) replayed move by move: every legal move after every ply the
//! same, and the same result at the end. Its perft counts, OpenSpiel's, are in
//! `tests/perft/einstein-wurfelt-nicht.perft` (checked by `perft.rs`).

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::move_texts::{play, sorted_legal, OpenSpielGames};

const WHITE: Player = Player::FIRST;
const BLACK: Player = Player::SECOND;

fn game() -> Arc<Game> {
    pipeline::load("einstein-wurfelt-nicht", None, &[]).expect("the bundled game loads")
}

fn at(text: &str) -> State {
    notation::parse_position(&game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves after `throw` from the position `text`, sorted.
fn after_throw(text: &str, throw: u8) -> Vec<String> {
    let mut s = at(text);
    play(&mut s, &format!("roll:{throw}"));
    sorted_legal(&s)
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn ew2_ew3_the_start_is_openspiels_first_placement_and_opens_with_a_throw() {
    let s = State::new(game());
    assert_eq!(notation::position_text(&s), "abc2/de3/f3A/3BC/2DEF white");
    assert_eq!(
        sorted_legal(&s),
        ["roll:1", "roll:2", "roll:3", "roll:4", "roll:5", "roll:6"]
    );
    assert_eq!(s.pieces(WHITE), 6);
    assert_eq!(s.pieces(BLACK), 6);
}

/// White's cubes one on c3, four on e2 and six on e1; Black's one and two on a5 and b5.
const GAPS: &str = "ab3/5/2A2/4D/4F white";

#[test]
fn ew4_the_cube_of_the_throw_moves() {
    assert_eq!(after_throw(GAPS, 1), sorted(&["c3-c4", "c3-b3", "c3-b4"]));
    assert_eq!(after_throw(GAPS, 4), sorted(&["e2-e3", "e2-d2", "e2-d3"]));
    assert_eq!(after_throw(GAPS, 6), sorted(&["e1-e2", "e1-d1", "e1-d2"]));
}

#[test]
fn ew4_a_cube_gone_gives_the_next_higher_and_the_next_lower() {
    let one_or_four = sorted(&["c3-c4", "c3-b3", "c3-b4", "e2-e3", "e2-d2", "e2-d3"]);
    assert_eq!(after_throw(GAPS, 2), one_or_four);
    assert_eq!(after_throw(GAPS, 3), one_or_four);
    let four_or_six = sorted(&["e2-e3", "e2-d2", "e2-d3", "e1-e2", "e1-d1", "e1-d2"]);
    assert_eq!(after_throw(GAPS, 5), four_or_six);
}

#[test]
fn ew4_with_cubes_on_one_side_only_the_nearest_of_them_moves() {
    // White's three and five left: a 1 or 2 moves the three, a 6 the five.
    let text = "ab3/5/5/2C1E/5 white";
    for throw in [1, 2] {
        assert_eq!(
            after_throw(text, throw),
            sorted(&["c2-c3", "c2-b2", "c2-b3"])
        );
    }
    assert_eq!(after_throw(text, 6), sorted(&["e2-e3", "e2-d2", "e2-d3"]));
    assert_eq!(
        after_throw(text, 4),
        sorted(&["c2-c3", "c2-b2", "c2-b3", "e2-e3", "e2-d2", "e2-d3"])
    );
}

#[test]
fn ew4_a_player_with_one_cube_moves_it_whatever_the_throw() {
    // Black's six alone on c3, White's two on e1.
    let text = "5/5/2f2/5/4B black";
    for throw in 1..=6 {
        assert_eq!(
            after_throw(text, throw),
            sorted(&["c3-c2", "c3-d3", "c3-d2"])
        );
    }
    // White's two alone on e1 (Black's one on a5).
    let text = "a4/5/5/5/4B white";
    for throw in 1..=6 {
        assert_eq!(
            after_throw(text, throw),
            sorted(&["e1-e2", "e1-d1", "e1-d2"])
        );
    }
}

#[test]
fn ew5_each_side_steps_toward_its_far_corner_and_not_off_the_board() {
    // White's one on a3 (the west edge) and Black's one on e3 (the east edge).
    let text = "5/5/A3a/5/5 white";
    assert_eq!(after_throw(text, 1), ["a3-a4"]);
    let mut s = at(text);
    play(&mut s, "roll:1 a3-a4 roll:1");
    assert_eq!(sorted_legal(&s), ["e3-e2"]);
    // White's one on c5 (the north edge): only west.
    assert_eq!(after_throw("2A2/5/5/5/3a1 white", 1), ["c5-b5"]);
}

#[test]
fn ew5_a_cube_landed_on_is_removed_the_movers_own_too() {
    // The six steps onto White's own four on e2.
    let mut s = at(GAPS);
    play(&mut s, "roll:6 e1-e2");
    assert_eq!(notation::position_text(&s), "ab3/5/2A2/4F/5 black");
    assert_eq!(s.pieces(WHITE), 2);
    assert_eq!(s.outcome(), None);
    s.undo();
    assert_eq!(
        notation::position_text(&s),
        "ab3/5/2A2/4D/4F white thrown=6"
    );
    assert_eq!(s.pieces(WHITE), 3);
    // White's one on b4 takes Black's two on b5; Black's one still stands.
    let mut s = at("ab3/1A3/5/5/4F white");
    play(&mut s, "roll:1 b4-b5");
    assert_eq!(notation::position_text(&s), "aA3/5/5/5/4F black");
    assert_eq!(s.pieces(BLACK), 1);
    assert_eq!(s.outcome(), None);
}

#[test]
fn ew6_a_cube_on_the_far_corner_wins() {
    // White's one on b4 reaches a5 (empty).
    let mut s = at("2a2/1A3/5/5/4F white");
    play(&mut s, "roll:1 b4-a5");
    assert_eq!(s.outcome(), Some(Outcome::Win(WHITE)));
    // Black's three on d2 reaches e1, taking White's six there.
    let mut s = at("a4/5/5/3c1/4F black");
    play(&mut s, "roll:3 d2-e1");
    assert_eq!(s.outcome(), Some(Outcome::Win(BLACK)));
    // Reaching another corner does not.
    let mut s = at("a4/5/5/3c1/4F black");
    play(&mut s, "roll:3");
    assert!(sorted_legal(&s).contains(&"d2-d1".to_string()));
    play(&mut s, "d2-d1");
    assert_eq!(s.outcome(), None);
}

#[test]
fn ew7_taking_the_last_enemy_cube_wins() {
    // Black's two alone on b5; White's one on b4 takes it.
    let mut s = at("1b3/1A3/5/5/4F white");
    play(&mut s, "roll:1 b4-b5");
    assert_eq!(s.outcome(), Some(Outcome::Win(WHITE)));
    s.undo();
    assert_eq!(s.outcome(), None);
    // Taking one's own cube is no loss, however few are left.
    let mut s = at("1b3/5/5/4A/4F white");
    play(&mut s, "roll:6 e1-e2");
    assert_eq!(s.pieces(WHITE), 1);
    assert_eq!(s.outcome(), None);
}

/// A small game of the language's constructs without `nearest`: `by numbered throw` and a
/// rule `when throw == 6`.
const NUMBERED: &str = "game \"Numbered\"
players south, north
board grid 3 by 3
piece low as L numbered 1, high as H numbered 2, plain
setup south low on a1
setup south high on b1
setup south plain on c1
setup north low on a3
dice 1 of 3 faces
move step north by numbered throw
move step north by plain when throw == 3
move pass
end when no legal move: mover loses
";

#[test]
fn by_numbered_without_nearest_moves_only_the_kind_of_that_number() {
    let game = pipeline::load_text("numbered.game", NUMBERED, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let mut s = State::new(game);
    play(&mut s, "roll:1");
    assert_eq!(sorted_legal(&s), ["a1-a2"]);
    s.undo();
    play(&mut s, "roll:2");
    assert_eq!(sorted_legal(&s), ["b1-b2"]);
    s.undo();
    // No kind is numbered 3, and `nearest` is not written: only the plain piece, by the
    // rule that reads the throw.
    play(&mut s, "roll:3");
    assert_eq!(sorted_legal(&s), ["c1-c2"]);
    // North's one piece is numbered 1: a throw of 2 moves nothing, and North passes.
    play(&mut s, "c1-c2 roll:2");
    assert_eq!(sorted_legal(&s), ["pass"]);
}

#[test]
fn openspiels_random_games_replay_move_by_move() {
    let record = OpenSpielGames {
        path: "tests/openspiel/einstein-wurfelt-nicht-games.txt",
        start: &|| None,
        position: &at,
        outcome: &|o| match o {
            None => "none".into(),
            Some(Outcome::Win(p)) if p == WHITE => "white wins".into(),
            Some(Outcome::Win(_)) => "black wins".into(),
            Some(other) => panic!("{other:?}"),
        },
    };
    let (games, plies) = record.replay(|_, _| {});
    assert_eq!(games, 60);
    assert!(plies > 2000, "{plies} plies");
}
