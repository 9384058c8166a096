//! The bundled Havannah (`games/havannah.game`, rules HV-1 .. HV-7 of
//! `docs/games/havannah.md`): the hexagon of hexagons cut from a rhombus and its corners
//! and sides, the ring, bridge and fork on hand-built positions (and near misses), the win
//! for the mover only, a full board drawn, the pie rule, and random games that OpenSpiel
//! played (`tests/openspiel/havannah-games.txt`, printed by `tests/openspiel/havannah.py`),
//! each ending in rulebook at the same ply with the same result.

use std::sync::Arc;

use crate::common::move_texts::play_to_end;
use crate::common::neighbours::{set, touching};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::rows::position_text;

fn havannah(size: usize) -> Arc<Game> {
    pipeline::load("havannah", None, &[format!("size={size}")]).expect("Havannah loads")
}

/// The outcome of the position drawn by `rows` (top rank first), `to_move` to move.
fn outcome(game: &Arc<Game>, rows: &[&str], to_move: &str) -> Option<Outcome> {
    let text = position_text(rows, to_move);
    let state = notation::parse_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state.outcome()
}

#[test]
fn hv2_a_hexagon_of_side_8_cut_from_a_rhombus() {
    let game = havannah(8);
    let mut moves = MoveList::new();
    State::new(Arc::clone(&game)).legal_moves(&mut moves);
    assert_eq!(moves.len(), 169, "3 * 8 * 7 + 1 cells");
    // The centre touches six; a corner three; a cell of a side four.
    assert_eq!(
        touching(&game, "h8"),
        set(&["g8", "i8", "h9", "h7", "g9", "i7"])
    );
    assert_eq!(touching(&game, "a15"), set(&["b15", "a14", "b14"]));
    assert_eq!(touching(&game, "h15"), set(&["g15", "h14", "i14"]));
    assert_eq!(touching(&game, "h1"), set(&["i1", "h2", "g2"]));
    assert_eq!(touching(&game, "d5"), set(&["e5", "d6", "c6", "e4"]));
    // The cut corners are no cells.
    for cut in ["a1", "g1", "a7", "i15", "o15", "o9"] {
        assert!(
            game.board
                .site_named(cut)
                .is_none_or(|s| game.board.is_removed(s)),
            "{cut}"
        );
    }
}

#[test]
fn hv4_a_ring_round_any_cell_wins_and_the_edge_closes_none() {
    let game = havannah(4);
    // Six round d4 (c4, e4, d5, d3, c5, e3), d4 empty or Black's.
    let ring = [
        ".......", ".......", "..WW...", "..W.W..", "...WW..", ".......", ".......",
    ];
    assert_eq!(
        outcome(&game, &ring, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    let held = [
        ".......", ".......", "..WW...", "..WBW..", "...WW..", ".......", ".......",
    ];
    assert_eq!(
        outcome(&game, &held, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    // Five of the six; and round a5 on the west side (b5, a6, a4, b4), closed by the edge.
    let five = [
        ".......", ".......", "..WW...", "..W.W..", "....W..", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &five, "black"), None);
    let edge = [
        ".......", "W......", ".W.....", "WW.....", ".......", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &edge, "black"), None);
}

#[test]
fn hv4_a_bridge_joins_two_corners() {
    let game = havannah(4);
    // Side 4: corners a7, d7, g4, g1, d1, a4. a7 to d7 along rank 7.
    let bridge = [
        "WWWW...", ".......", ".......", ".......", ".......", ".......", ".......",
    ];
    assert_eq!(
        outcome(&game, &bridge, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    let short = [
        "WWW....", ".......", ".......", ".......", ".......", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &short, "black"), None);
    // d1 to g1 along rank 1, and g1 up file g to g4.
    let south = [
        ".......", ".......", ".......", ".......", ".......", ".......", "...BBBB",
    ];
    assert_eq!(
        outcome(&game, &south, "white"),
        Some(Outcome::Win(Player::SECOND))
    );
    let east = [
        ".......", ".......", ".......", "......B", "......B", "......B", "......B",
    ];
    assert_eq!(
        outcome(&game, &east, "white"),
        Some(Outcome::Win(Player::SECOND))
    );
    // Two corners held by two groups.
    let apart = [
        "W..W...", ".......", ".......", ".......", ".......", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &apart, "black"), None);
}

#[test]
fn hv4_a_fork_joins_three_sides_and_a_corner_is_no_side() {
    let game = havannah(4);
    // b7 (north side), a5 (west side) and b3 (the south-west side) in one group.
    let fork = [
        ".W.....", ".W.....", "WW.....", ".W.....", ".W.....", ".......", ".......",
    ];
    assert_eq!(
        outcome(&game, &fork, "black"),
        Some(Outcome::Win(Player::FIRST))
    );
    // a4 in place of b3: a corner, on no side; two sides and one corner win nothing.
    let corner = [
        ".W.....", ".W.....", "WW.....", "W......", ".......", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &corner, "black"), None);
    // The three sides touched by two groups.
    let apart = [
        ".W.....", ".......", "WW.....", ".W.....", ".W.....", ".......", ".......",
    ];
    assert_eq!(outcome(&game, &apart, "black"), None);
    // The other three sides: f5 (north-east), g3 (east), f1 (south).
    let east = [
        ".......", ".......", ".....B.", ".....B.", ".....BB", ".....B.", ".....B.",
    ];
    assert_eq!(
        outcome(&game, &east, "white"),
        Some(Outcome::Win(Player::SECOND))
    );
}

#[test]
fn hv7_only_the_mover_is_judged() {
    let game = havannah(4);
    // Black's fork with White just moved: White is judged, and has nothing.
    let fork = [
        ".B.....", ".B.....", "BB.....", ".B.....", ".B.....", ".......", "......W",
    ];
    assert_eq!(outcome(&game, &fork, "black"), None);
    assert_eq!(
        outcome(&game, &fork, "white"),
        Some(Outcome::Win(Player::SECOND))
    );
}

#[test]
fn hv5_a_full_board_without_a_structure_is_drawn() {
    // Side 3, every cell filled; OpenSpiel ends this game drawn too.
    let mut state = State::new(havannah(3));
    let moves = "e1 d1 a4 e2 c1 a5 b3 b4 c4 c5 d4 e3 d2 c2 b5 a3 d3 c3 b2";
    for m in moves.split(' ') {
        assert_eq!(state.outcome(), None, "over before {m}");
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(state.outcome(), Some(Outcome::Draw));
}

#[test]
fn hv6_the_pie_rule_is_an_option() {
    let on = pipeline::load("havannah", None, &["size=4".into(), "pie=on".into()]).expect("loads");
    let count = |game: Arc<Game>| {
        let mut state = State::new(game);
        notation::play_text(&mut state, "d4").expect("d4");
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        moves.len()
    };
    assert_eq!(count(havannah(4)), 36);
    assert_eq!(count(Arc::clone(&on)), 37);
    let mut state = State::new(on);
    notation::play_text(&mut state, "d4").expect("d4");
    notation::play_text(&mut state, "swap").expect("Black may swap");
    assert!(notation::play_text(&mut state, "swap").is_err());
}

#[test]
fn random_games_end_as_openspiels_at_the_same_ply_with_the_same_result() {
    let data = std::fs::read_to_string("tests/openspiel/havannah-games.txt").expect("the games");
    let (mut games, mut kinds) = (0, std::collections::BTreeMap::new());
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let size: usize = words.next().expect("a size").parse().expect("a number");
        let result = match words.next() {
            Some("white") => Outcome::Win(Player::FIRST),
            Some("black") => Outcome::Win(Player::SECOND),
            Some("draw") => Outcome::Draw,
            other => panic!("a result, not {other:?}"),
        };
        for kind in words.next().expect("what was made").split('+') {
            *kinds.entry(kind.to_string()).or_insert(0) += 1;
        }
        let moves: Vec<&str> = words.collect();
        play_to_end(State::new(havannah(size)), &moves, result, line);
        games += 1;
    }
    assert_eq!(games, 180);
    // Each structure ends many of them.
    for kind in ["ring", "bridge", "fork"] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) >= 20,
            "{kind}: {kinds:?}"
        );
    }
}
