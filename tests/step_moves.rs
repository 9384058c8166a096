//! Steps picked without listing them (`Counted::Steps`: every move rule steps a
//! piece one site, on a board of at most 64 sites whose directions are shifts of a word),
//! against the list: on seeded random positions of grids of squares, with diagonals on the
//! dark points only, with points left out, and of hexagons, with directions relative to the
//! mover, every landing (`onto`), `not landing on`, `avoiding`, one rule, rules in force
//! by a condition (one at a time, or several) and two kinds of piece, the pick of index `k` is the `k`-th listed move.

use std::sync::Arc;

use rulebook::model::{Counted, Game};
use rulebook::pipeline;

use crate::common::picks::picks_are_the_listed_moves;
use crate::common::xorshift::XorShift;

/// Breakthrough's rules: a step forward onto an empty point, diagonally forward onto an
/// empty one or an enemy.
const BREAKTHROUGH: &str = "move step forward\nmove step forward-diagonal onto empty or enemy\n";

/// Every landing, `not landing on`, and a rule in force only with enough pieces.
const LANDINGS: &str = "move step north, east onto enemy\n\
                        move step south-west, west not landing on corners\n\
                        move step south onto empty or piece when pieces(mover) > 5\n";

/// Steps of every kind of piece, one rule avoiding a side.
const AVOIDING: &str = "move step orthogonal onto empty or enemy\n\
                        move step diagonal avoiding side(north)\n";

/// One rule, narrowed by `onto`.
const ONE_RULE: &str = "move step north, east, south-west onto enemy\n";

/// Two rules, one in force at a time (each player's).
const ONE_IN_FORCE: &str = "move step north onto empty or enemy when mover == white\n\
                            move step south, east not landing on corners when mover == black\n";

/// The six directions of a grid of hexagons.
const HEXAGONS: &str = "move step east, north-east onto empty or enemy\n\
                        move step west, south-west, north-west, south-east\n";

/// The game of a board, its pieces and rules.
fn game(board: &str, pieces: &str, rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Steps\"\nplayers white, black\nboard {board}\npiece {pieces}\n{rules}\
         end when no legal move: draw\n"
    );
    match pipeline::load_text("steps.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("{board}: the test game loads:\n{}", e.render(false)),
    }
}

/// Checks every pick against the list on random positions of a game whose steps are
/// counted.
fn check(board: &str, pieces: &str, rules: &str, rng: &mut XorShift) {
    let game = game(board, pieces, rules);
    assert_eq!(
        game.facts.counted,
        Counted::Steps,
        "{board}: the steps are counted"
    );
    let label = format!("{board}, pieces {pieces}, rules {rules:?}");
    picks_are_the_listed_moves(&game, 300, rng, &label);
}

#[test]
fn picks_of_steps_are_the_listed_moves_on_random_positions() {
    let mut rng = XorShift(0x57_e95);
    for board in [
        "grid 8 by 8",
        "grid 3 by 3",
        "grid 7 by 6",
        "grid 9 by 7 with diagonals on dark",
        "grid 8 by 8 without corners",
    ] {
        for rules in [BREAKTHROUGH, LANDINGS, AVOIDING, ONE_RULE, ONE_IN_FORCE] {
            check(board, "pawn", rules, &mut rng);
        }
        check(board, "stone, ring", AVOIDING, &mut rng);
    }
    check("grid 8 by 7 of hexagons", "stone", HEXAGONS, &mut rng);
}

#[test]
fn steps_are_counted_only_where_shifts_of_one_word_find_them_all() {
    let counted = |board: &str, pieces: &str, rules: &str| {
        game(board, pieces, rules).facts.counted == Counted::Steps
    };
    assert!(counted("grid 8 by 8", "pawn", BREAKTHROUGH));
    assert!(!counted("grid 9 by 8", "pawn", BREAKTHROUGH), "72 sites");
    assert!(!counted(
        "grid 8 by 8",
        "pawn",
        "move step north capturing\n"
    ));
    assert!(
        !counted("grid 8 by 8", "pawn", "move slide north\n"),
        "a slide"
    );
    assert!(
        !counted(
            "grid 8 by 8",
            "pawn",
            "move step north\nmove step north, east\n"
        ),
        "two rules make one move"
    );
    assert!(
        !counted("grid 8 by 8", "stone, ring", "move step north by ring\n"),
        "one kind of two moves"
    );
    assert!(
        !counted("grid 8 by 8", "pawn", "move step north\nmove leap (1, 2)\n"),
        "a leap"
    );
}
