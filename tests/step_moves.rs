//! Steps and leaps picked without listing them (`Counted::Steps`: every move rule steps a
//! piece one site or leaps by fixed offsets, on a board of at most 64 sites where each
//! direction and offset is a shift of a word), against the list: on seeded random positions
//! of grids of squares, with diagonals on the dark points only, with points left out, and
//! of hexagons, with directions relative to the mover, every landing (`onto`), `not landing
//! on`, `avoiding`, one rule, rules in force by a condition (one at a time, or several),
//! two kinds of piece, leaps `forward` and leaps beside steps, the pick of index `k` is the
//! `k`-th listed move; a leap's sites to leave changed by one makes the picks differ from
//! the list; leaps with a leg, rules making one move and boards over 64 sites are listed.

use std::panic::{catch_unwind, AssertUnwindSafe};
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

/// Knightthrough's rules (`tests/fixtures/valid/knightthrough.game`): knights leaping one
/// file and two ranks forward, or two files and one rank.
const KNIGHTTHROUGH: &str = "move leap (1, 2) forward onto empty or enemy\n\
                             move leap (2, 1) forward onto empty or enemy\n";

/// A knight's eight leaps in one rule, onto an enemy only, and not onto the corners.
const KNIGHTS: &str = "move leap (1, 2) onto enemy not landing on corners\n";

/// Leaps beside steps: steps forward, leaps of a camel and along the lines (which never
/// land where a step does), every landing, one rule in force only with enough pieces.
const LEAPS_AND_STEPS: &str = "move step forward onto empty or enemy\n\
                               move leap (1, 3) onto empty or piece\n\
                               move step north-east, south-west not landing on corners\n\
                               move leap (2, 0) when pieces(mover) > 5\n";

/// Leaps of one player at a time, one of them by a single offset each way.
const LEAPS_IN_TURN: &str = "move leap (0, 3) forward onto empty or enemy when mover == white\n\
                             move leap (2, 2) onto enemy when mover == black\n";

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
fn picks_of_leaps_are_the_listed_moves_on_random_positions() {
    let mut rng = XorShift(0x1ea9);
    for board in [
        "grid 8 by 8",
        "grid 3 by 3",
        "grid 7 by 6",
        "grid 5 by 12",
        "grid 9 by 7 with diagonals on dark",
        "grid 8 by 8 without corners",
    ] {
        for rules in [KNIGHTTHROUGH, KNIGHTS, LEAPS_AND_STEPS, LEAPS_IN_TURN] {
            check(board, "knight", rules, &mut rng);
        }
        check(board, "knight, camel", LEAPS_AND_STEPS, &mut rng);
    }
    let text = include_str!("fixtures/valid/knightthrough.game");
    let game = match pipeline::load_text("knightthrough.game", text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("Knightthrough loads:\n{}", e.render(false)),
    };
    assert_eq!(game.facts.counted, Counted::Steps, "Knightthrough's leaps");
    picks_are_the_listed_moves(&game, 300, &mut rng, "Knightthrough");
}

/// A leap's sites to leave ([`rulebook::model::WordShift::from`]) changed by one site, a
/// site more (from which it would go round to the next rank) or a site less: the picks are
/// no longer the listed moves.
#[test]
fn a_leap_leaving_one_site_more_or_less_is_not_the_list() {
    let game = game("grid 8 by 8", "knight", KNIGHTTHROUGH);
    assert_eq!(game.facts.counted, Counted::Steps);
    picks_are_the_listed_moves(&game, 100, &mut XorShift(0xbad), "unchanged");
    // The first leap of the first rule: one file east and two ranks up, from no site of
    // the h-file.
    let shift = game.tables.walks[0].word_shifts[0];
    assert_eq!(shift.from.count_ones(), 7 * 6, "{shift:?}");
    let h1 = 1 << 7;
    assert_eq!(shift.from & h1, 0, "{shift:?}");
    for from in [shift.from | h1, shift.from & !(1 << 0)] {
        let mut changed = (*game).clone();
        changed.tables.walks[0].word_shifts[0].from = from;
        let changed = Arc::new(changed);
        let agree = catch_unwind(AssertUnwindSafe(|| {
            picks_are_the_listed_moves(&changed, 100, &mut XorShift(0xbad), "changed")
        }));
        assert!(
            agree.is_err(),
            "sites to leave {from:#x}: the picks still agree"
        );
    }
}

#[test]
fn leaps_are_counted_only_where_each_offset_is_one_shift() {
    let counted = |board: &str, pieces: &str, rules: &str| {
        game(board, pieces, rules).facts.counted == Counted::Steps
    };
    assert!(counted("grid 8 by 8", "knight", KNIGHTTHROUGH));
    assert!(counted("grid 8 by 8", "knight", LEAPS_AND_STEPS));
    assert!(!counted("grid 9 by 8", "knight", KNIGHTTHROUGH), "72 sites");
    assert!(
        !counted("grid 8 by 8", "horse", "move leap (1, 2) through (0, 1)\n"),
        "a leg to pass on 64 sites"
    );
    assert!(
        !counted(
            "grid 8 by 8",
            "knight",
            "move leap (1, 2)\nmove leap (2, 1)\n"
        ),
        "two rules, the same eight leaps"
    );
    assert!(
        !counted(
            "grid 8 by 8",
            "knight",
            "move leap (1, 0)\nmove step west\n"
        ),
        "a leap that is a step"
    );
    assert!(
        !counted("grid 8 by 8", "knight", "move leap (1, 2) capturing\n"),
        "capturing"
    );
    assert!(
        !counted(
            "grid 8 by 8",
            "knight, camel",
            "move leap (1, 2) by knight\n"
        ),
        "one kind of two moves"
    );
    assert!(
        !counted(
            "grid 8 by 8",
            "knight",
            "move leap (1, 2)\nmove slide north\n"
        ),
        "a slide"
    );
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
        counted("grid 8 by 8", "pawn", "move step north\nmove leap (1, 2)\n"),
        "a step and a leap"
    );
}
