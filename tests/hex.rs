//! The bundled Hex (`games/hex.game`, rules HX-1 .. HX-6 of `docs/games/hex.md`) and the
//! board it is played on, `board grid W by H of hexagons`: which cells touch, the win on
//! hand-built positions, the pie rule, the pictures, the errors of a file that uses a
//! square grid's directions there, and random games that OpenSpiel played
//! (`tests/openspiel/hex-games.txt`, printed by `tests/openspiel/hex.py`), each ending in
//! rulebook at the same ply with the same winner.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::move_texts::play_to_end;
use crate::common::neighbours::{set, touching};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline, render};

fn hex(size: usize) -> Arc<Game> {
    pipeline::load("hex", None, &[format!("size={size}")]).expect("the bundled Hex loads")
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn hx2_a_cell_touches_six_and_a_corner_two_or_three() {
    let game = hex(5);
    assert_eq!(
        touching(&game, "c3"),
        set(&["b3", "d3", "c4", "c2", "b4", "d2"])
    );
    // The acute corners touch two cells, the obtuse ones three.
    assert_eq!(touching(&game, "a1"), set(&["b1", "a2"]));
    assert_eq!(touching(&game, "e5"), set(&["d5", "e4"]));
    assert_eq!(touching(&game, "e1"), set(&["d1", "e2", "d2"]));
    assert_eq!(touching(&game, "a5"), set(&["b5", "a4", "b4"]));
    // The names of the six directions are a hexagon's.
    let b = &game.board;
    let c3 = b.site_named("c3").expect("c3");
    let toward = |name: &str| {
        let d = b
            .direction_names
            .iter()
            .position(|n| n == name)
            .expect(name);
        b.site_names[b.step(c3, d as u8).index()].clone()
    };
    assert_eq!(toward("north-east"), "c4");
    assert_eq!(toward("north-west"), "b4");
    assert_eq!(toward("south-east"), "d2");
    assert_eq!(toward("south-west"), "c2");
}

#[test]
fn hx3_a_stone_goes_on_any_empty_cell() {
    let state = at(&hex(3), "3/1B1/R2 red");
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let texts: BTreeSet<String> = moves
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    assert_eq!(texts, set(&["b1", "c1", "a2", "c2", "a3", "b3", "c3"]));
}

#[test]
fn hx4_a_chain_across_the_board_wins_only_along_touching_cells() {
    let game = hex(3);
    // Red on a3, b2, c1: each touches the next (south-east steps), south to north.
    assert_eq!(
        at(&game, "R2/1R1/2R blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    // Red on c3, b2, a1: the other diagonal, whose cells do not touch on a Hex board.
    assert_eq!(at(&game, "2R/1R1/R2 blue").outcome(), None);
    // Blue joins west and east along a rank, or bending through a north-east step.
    assert_eq!(
        at(&game, "3/BBB/3 red").outcome(),
        Some(Outcome::Win(Player::SECOND))
    );
    assert_eq!(
        at(&game, "B2/1BB/3 red").outcome(),
        Some(Outcome::Win(Player::SECOND))
    );
    // Red's chain from west to east is not Red's win; Blue's from south to north is not
    // Blue's.
    assert_eq!(at(&game, "3/RRR/3 blue").outcome(), None);
    assert_eq!(at(&game, "B2/B2/B2 red").outcome(), None);
}

#[test]
fn hx5_the_pie_rule_is_an_option() {
    let off = hex(5);
    let on = pipeline::load("hex", None, &["size=5".into(), "pie=on".into()]).expect("loads");
    let count = |game: &Arc<Game>| {
        let mut state = State::new(Arc::clone(game));
        notation::play_text(&mut state, "c3").expect("c3");
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        moves.len()
    };
    assert_eq!(count(&off), 24);
    assert_eq!(count(&on), 25);
    let mut state = State::new(on);
    notation::play_text(&mut state, "c3").expect("c3");
    notation::play_text(&mut state, "swap").expect("Blue may swap");
    assert!(notation::play_text(&mut state, "swap").is_err());
}

#[test]
fn the_board_is_drawn_as_hexagons_and_its_text_is_sheared() {
    let mut state = State::new(hex(3));
    for m in ["a1", "c3"] {
        notation::play_text(&mut state, m).expect("a move");
    }
    let svg = render::position_svg(&state);
    assert_eq!(svg.matches("<polygon").count(), 9, "one hexagon a cell");
    assert_eq!(
        svg.matches("<circle cx").count(),
        3,
        "two stones and the last move's ring"
    );
    // Each rank one column further right than the one below.
    let text = render::board_text(&state);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "3    . . B  3");
    assert_eq!(lines[2], "2   . . .  2");
    assert_eq!(lines[3], "1  R . .  1");
}

#[test]
fn a_square_grids_directions_are_refused_on_hexagons_with_the_six_named() {
    let text = "game \"G\"\nplayers red, blue\nboard grid 5 by 5 of hexagons\npiece stone\n\
                move place stone\nend when connected(mover, side(west), side(east), orthogonal): mover wins\n";
    let err = pipeline::load_text("g.game", text, None, &[])
        .expect_err("orthogonal is a square grid's")
        .render(false);
    assert!(err.contains("unknown direction `orthogonal`"), "{err}");
    assert!(err.contains("g.game:6:"), "{err}");
    assert!(err.contains("north-east, north-west"), "{err}");
    let text =
        "game \"G\"\nplayers red, blue\nboard grid 5 by 5 of hexagons with diagonals on dark\n\
                piece stone\nmove place stone\n";
    let err = pipeline::load_text("g.game", text, None, &[])
        .expect_err("no diagonals to keep")
        .render(false);
    assert!(
        err.contains("a grid of hexagons has no diagonals to keep"),
        "{err}"
    );
}

#[test]
fn neighbours_and_within_count_touching_cells() {
    let text = "game \"G\"\nplayers red, blue\nboard grid 5 by 5 of hexagons\npiece stone\n\
                setup red stone on neighbours(c3)\nsetup blue stone on within(a1, 1) - a1\n\
                move place stone\nend when no legal move: draw\n";
    let game = pipeline::load_text("g.game", text, None, &[]).expect("loads");
    let state = State::new(game);
    assert_eq!(
        notation::position_text(&state),
        "5/1RR2/1R1R1/B1RR1/1B3 red"
    );
}

#[test]
fn random_games_end_as_openspiels_at_the_same_ply_with_the_same_winner() {
    let data = std::fs::read_to_string("tests/openspiel/hex-games.txt").expect("the games");
    let mut games = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let size: usize = words.next().expect("a size").parse().expect("a number");
        let winner = match words.next() {
            Some("red") => Player::FIRST,
            Some("blue") => Player::SECOND,
            other => panic!("a winner, not {other:?}"),
        };
        let moves: Vec<&str> = words.collect();
        play_to_end(State::new(hex(size)), &moves, Outcome::Win(winner), line);
        games += 1;
    }
    assert_eq!(games, 100);
}
