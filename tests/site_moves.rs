//! Moves on one site (placements and removals, where every rule acts on one site:
//! `Counted::Sites`) picked without listing them, against the list: on seeded random
//! positions of games whose rules place onto the same sites, narrowed by `next to` along
//! many directions, on boards of one word of sites and of several, of hexagons, with
//! diagonals on the dark points only and drawn by lines (where `next to` is asked site by
//! site rather than by shifting bits), the pick of index `k` is the `k`-th listed move.

use std::sync::Arc;

use rulebook::model::{Counted, Game};
use rulebook::pipeline;

use crate::common::picks::picks_are_the_listed_moves;
use crate::common::xorshift::XorShift;

/// Rules placing on the first rank and onto a piece, as a falling disc lands.
const FALLING: &str = "move place stone in rank(1)\nmove place stone next to piece along south\n";

/// Rules placing next to an enemy, next to a friend along two directions, and anywhere: the first two
/// make some of the third's moves.
const NEIGHBOURS: &str = "move place stone next to enemy\n\
                          move place stone next to friend along north-east, west\n\
                          move place stone\n";

/// A placement next to an empty site along two directions, and removals by two rules, one narrowed,
/// in force only with enough pieces.
const REMOVALS: &str = "move place stone next to empty along east, north-east\n\
                        move remove next to enemy when pieces(mover) > 3\n\
                        move remove when pieces(mover) > 6\n";

/// A placement off the corners next to a piece along one diagonal axis, and one anywhere
/// while the mover has few pieces.
const DIAGONAL: &str = "move place stone not landing on corners next to piece along north-west, \
                        south-east\nmove place stone when pieces(mover) < 2\n";

/// A drawn board: lines that skip points, no shifts of bits along its axes.
const DRAWN: &str = "grid 7 by 7 with lines a1-d1-g1, b2-d2-f2, c3-d3-e3, a4-b4-c4, e4-f4-g4,\n\
                     c5-d5-e5, b6-d6-f6, a7-d7-g7, a1-a4-a7, b2-b4-b6, c3-c4-c5, d1-d2-d3,\n\
                     d5-d6-d7, e3-e4-e5, f2-f4-f6, g1-g4-g7, a1-b2-c3, e5-f6-g7";

/// The boards, each with whether `next to` shifts bits on it.
const BOARDS: [(&str, bool); 7] = [
    ("grid 3 by 3", true),
    ("grid 7 by 6", true),
    ("grid 9 by 9", true),
    ("grid 19 by 19", true),
    ("grid 6 by 5 of hexagons", true),
    ("grid 9 by 5 with diagonals on dark", true),
    (DRAWN, false),
];

/// The game of a board and rules.
fn game(board: &str, rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Sites\"\nplayers white, black\nboard {board}\npiece stone\n{rules}\
         end when no legal move: draw\n"
    );
    match pipeline::load_text("sites.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("{board}: the test game loads:\n{}", e.render(false)),
    }
}

/// Checks every pick against the list on `positions` random positions of a game.
fn check(board: &str, rules: &str, positions: usize, rng: &mut XorShift) {
    let game = game(board, rules);
    assert_eq!(
        game.facts.counted,
        Counted::Sites,
        "{board}: the moves are counted"
    );
    let label = format!("{board}, rules {rules:?}");
    picks_are_the_listed_moves(&game, positions, rng, &label);
}

#[test]
fn picks_of_moves_on_one_site_are_the_listed_moves_on_random_positions() {
    let mut rng = XorShift(0x51_7e5);
    for (board, shifts) in BOARDS {
        assert_eq!(
            game(board, NEIGHBOURS).board.axis_shifts().is_some(),
            shifts
        );
        for rules in [NEIGHBOURS, REMOVALS] {
            check(board, rules, 300, &mut rng);
        }
    }
    for board in [
        "grid 7 by 6",
        "grid 9 by 9",
        "grid 11 by 7",
        "grid 9 by 5 with diagonals on dark",
    ] {
        for rules in [FALLING, DIAGONAL] {
            check(board, rules, 300, &mut rng);
        }
    }
    check("grid 6 by 5 of hexagons", DIAGONAL, 300, &mut rng);
}

#[test]
fn rules_that_place_two_kinds_or_narrow_otherwise_are_listed() {
    let two_kinds = "move place stone\nmove place ring next to piece\n";
    let text = |rules: &str| rules.replace("piece stone\n", "piece stone, ring\n");
    let game = pipeline::load_text(
        "kinds.game",
        &text(&format!(
            "game \"Kinds\"\nplayers white, black\nboard grid 5 by 5\npiece stone\n{two_kinds}\
             end when no legal move: draw\n"
        )),
        None,
        &[],
    )
    .unwrap_or_else(|e| panic!("{}", e.render(false)));
    assert!(
        game.facts.counted != Counted::Sites,
        "two kinds placed: listed"
    );
    let captures = game_of("move place stone capturing\n");
    assert!(
        captures.facts.counted != Counted::Sites,
        "a placement that must capture: listed"
    );
    assert_eq!(game_of(FALLING).facts.counted, Counted::Sites);
}

/// The game of `rules` on a 5 x 5 grid.
fn game_of(rules: &str) -> Arc<Game> {
    game("grid 5 by 5", rules)
}
