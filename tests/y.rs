//! The bundled Game of Y (`games/y.game`, rules GY-1 .. GY-6 of `docs/games/y.md`): the
//! triangle of hexagons cut from a rhombus (its cells, which touch, its three sides), a
//! group touching the three sides on hand-built positions and its near misses (two sides,
//! a corner on two sides, two groups, the other player's group), the smallest boards, no
//! stone on an occupied cell, the pie rule, and random games that OpenSpiel played
//! (`tests/openspiel/y-games.txt`, printed by `tests/openspiel/y.py`), each ending in
//! rulebook at the same ply with the same winner.

use std::sync::Arc;

use crate::common::bin;
use crate::common::move_texts::play_to_end;
use crate::common::neighbours::{set, touching};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::rows::position_text;

fn y(size: usize) -> Arc<Game> {
    pipeline::load("y", None, &[format!("size={size}")]).expect("Y loads")
}

/// The outcome of the position drawn by `rows` (top rank first), `to_move` to move.
fn outcome(game: &Arc<Game>, rows: &[&str], to_move: &str) -> Option<Outcome> {
    let text = position_text(rows, to_move);
    let state = notation::parse_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state.outcome()
}

/// The outcome after each of `moves`, played from the start.
fn outcomes(game: &Arc<Game>, moves: &str) -> Vec<Option<Outcome>> {
    let mut state = State::new(Arc::clone(game));
    moves
        .split_whitespace()
        .map(|m| {
            notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
            state.outcome()
        })
        .collect()
}

fn legal_count(state: &State) -> usize {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves.len()
}

#[test]
fn gy2_a_triangle_of_size_times_size_plus_one_over_two_cells() {
    for size in [1, 2, 3, 5, 7, 19, 26] {
        assert_eq!(
            legal_count(&State::new(y(size))),
            size * (size + 1) / 2,
            "size {size}"
        );
    }
    let game = y(19);
    // An inner cell touches six; a corner two; a cell of a side four.
    assert_eq!(
        touching(&game, "e5"),
        set(&["d5", "f5", "e6", "e4", "d6", "f4"])
    );
    assert_eq!(touching(&game, "a1"), set(&["b1", "a2"]));
    assert_eq!(touching(&game, "s1"), set(&["r1", "r2"]));
    assert_eq!(touching(&game, "a19"), set(&["a18", "b18"]));
    assert_eq!(touching(&game, "e1"), set(&["d1", "f1", "e2", "d2"]));
    assert_eq!(touching(&game, "a7"), set(&["a6", "a8", "b7", "b6"]));
    assert_eq!(touching(&game, "j10"), set(&["i10", "j9", "i11", "k9"]));
    // The cells beyond the third side are no cells.
    for cut in ["b19", "s2", "k10", "s19"] {
        assert!(
            game.board
                .site_named(cut)
                .is_none_or(|s| game.board.is_removed(s)),
            "{cut}"
        );
    }
}

#[test]
fn gy2_show_names_the_triangle() {
    let out = bin::run(&["show", "y"]);
    assert!(out.status.success());
    let text = bin::text(&out.stdout);
    assert!(
        text.contains("board: triangle 19 of hexagons (190 hexagons, on a grid 19 x 19)"),
        "{text}"
    );
    assert!(text.contains("size = 19  (1..26)"), "{text}");
    let out = bin::run(&["show", "y", "--preset", "small"]);
    assert!(
        bin::text(&out.stdout).contains("board: triangle 7 of hexagons (28 hexagons"),
        "{}",
        bin::text(&out.stdout)
    );
}

#[test]
fn gy4_a_group_touching_the_three_sides_wins_and_two_sides_do_not() {
    let game = y(5);
    // c1 (south), c2, b3, a4 (west) and d2 (the third side: 4 + 2 = 6).
    let win = [".....", "W....", ".W...", "..WW.", "..W.."];
    assert_eq!(
        outcome(&game, &win, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    // Without d2: the south and west sides only.
    let two = [".....", "W....", ".W...", "..W..", "..W.."];
    assert_eq!(outcome(&game, &two, "black"), None);
    // The three sides touched by two groups: d2 apart from the rest.
    let apart = [".....", "W....", ".W...", "..W..", "..W.W"];
    assert_eq!(outcome(&game, &apart, "black"), None);
    // Black's win too.
    let black = [".....", "B....", ".B...", "..BB.", "..B.."];
    assert_eq!(
        outcome(&game, &black, "white"),
        Some(Outcome::Win(Player::SECOND))
    );
}

#[test]
fn gy4_a_corner_cell_touches_both_its_sides() {
    let game = y(5);
    // The whole third side, e1 to a5: e1 is on the south side, a5 on the west side.
    let side = ["W....", ".W...", "..W..", "...W.", "....W"];
    assert_eq!(
        outcome(&game, &side, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    // Without a5: the south side (by the corner e1) and the third side only.
    let short = [".....", ".W...", "..W..", "...W.", "....W"];
    assert_eq!(outcome(&game, &short, "black"), None);
    // a4 beside b4: the west side, without a corner.
    let west = [".....", "WW...", "..W..", "...W.", "....W"];
    assert_eq!(
        outcome(&game, &west, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    // A lone corner stone touches two sides, not three; file a from a1 to a5 all three.
    let corner = [".....", ".....", ".....", ".....", "W...."];
    assert_eq!(outcome(&game, &corner, "black"), None);
    let file = ["W....", "W....", "W....", "W....", "W...."];
    assert_eq!(
        outcome(&game, &file, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
}

#[test]
fn gy4_only_the_mover_is_judged() {
    let game = y(5);
    // White's winning group with Black just moved: Black is judged, and has nothing.
    let win = [".....", "W....", ".W...", "..WW.", "B.W.."];
    assert_eq!(outcome(&game, &win, "white"), None);
    assert_eq!(
        outcome(&game, &win, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
}

#[test]
fn gy4_the_smallest_boards_are_won_at_once() {
    // Size 1: one cell, on all three sides.
    assert_eq!(outcomes(&y(1), "a1"), [Some(Outcome::Win(Player::FIRST))]);
    // Size 2: three cells, each on two sides, all touching: White's second stone wins.
    assert_eq!(
        outcomes(&y(2), "b1 a1 a2"),
        [None, None, Some(Outcome::Win(Player::FIRST))]
    );
    // Size 3: White's b1 (south), a2 (west), a3 (west and third side).
    assert_eq!(
        outcomes(&y(3), "b1 c1 a2 b2 a3"),
        [None, None, None, None, Some(Outcome::Win(Player::FIRST))]
    );
    // Black wins size 3 on a1 (south, west), a2, b2 (third side).
    assert_eq!(
        outcomes(&y(3), "c1 a1 a3 a2 b1 b2"),
        [
            None,
            None,
            None,
            None,
            None,
            Some(Outcome::Win(Player::SECOND))
        ]
    );
}

#[test]
fn gy3_a_stone_goes_on_an_empty_cell_only() {
    let mut state = State::new(y(5));
    notation::play_text(&mut state, "c2").expect("c2");
    assert_eq!(legal_count(&state), 14);
    assert!(notation::play_text(&mut state, "c2").is_err());
    assert!(
        notation::play_text(&mut state, "e2").is_err(),
        "off the board"
    );
    notation::play_text(&mut state, "b2").expect("b2");
    assert_eq!(legal_count(&state), 13);
}

#[test]
fn gy5_the_pie_rule_is_an_option() {
    let on = pipeline::load("y", None, &["size=5".into(), "pie=on".into()]).expect("loads");
    let count = |game: Arc<Game>| {
        let mut state = State::new(game);
        notation::play_text(&mut state, "c2").expect("c2");
        legal_count(&state)
    };
    assert_eq!(count(y(5)), 14);
    assert_eq!(count(Arc::clone(&on)), 15);
    let mut state = State::new(on);
    notation::play_text(&mut state, "c2").expect("c2");
    notation::play_text(&mut state, "swap").expect("Black may swap");
    assert!(notation::play_text(&mut state, "swap").is_err());
}

#[test]
fn random_games_end_as_openspiels_at_the_same_ply_with_the_same_winner() {
    let data = std::fs::read_to_string("tests/openspiel/y-games.txt").expect("the games");
    let mut games = std::collections::BTreeMap::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let size: usize = words.next().expect("a size").parse().expect("a number");
        let result = match words.next() {
            Some("white") => Outcome::Win(Player::FIRST),
            Some("black") => Outcome::Win(Player::SECOND),
            other => panic!("a winner, not {other:?}"),
        };
        let moves: Vec<&str> = words.collect();
        play_to_end(State::new(y(size)), &moves, result, line);
        *games.entry(size).or_insert(0) += 1;
    }
    let expected = [(4, 30), (5, 30), (7, 30), (9, 30), (11, 30), (19, 20)];
    assert_eq!(games, expected.into_iter().collect());
}
