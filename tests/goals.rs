//! A move rule's goal (`move SHAPE so that CONDITION`): where the goal holds already, every
//! move of the rule is legal; where it does not, only the rule's moves after which it holds;
//! and where none of them reaches it, the rule gives no move at all (nothing falls back to
//! the moves that miss it), while the other rules give theirs.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline, render};

/// Black's stones step orthogonally so that one of them stands on the top rank (`rules`:
/// the move rules after that one).
fn game(rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Goals\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
         setup black stone on a1\nsetup white stone on d4\n\
         move step orthogonal so that pieces(mover, rank(4)) > 0\n{rules}\n\
         end when no legal move: mover loses\n"
    );
    match pipeline::load_text("goals.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The legal moves of a position drawn as a diagram (top rank first), black to move.
fn legal(game: &Arc<Game>, diagram: &str) -> (Vec<String>, Option<Outcome>) {
    let cells = render::parse_diagram(game, diagram).expect("a valid diagram");
    let state = State::with_cells(Arc::clone(game), cells, Player::FIRST);
    let mut moves = notation::legal_texts(&state);
    moves.sort();
    (moves, state.outcome())
}

#[test]
fn a_goal_that_holds_already_keeps_every_move() {
    let (moves, _) = legal(
        &game(""),
        "B . . W
         . . . .
         . . . .
         . . B .",
    );
    assert_eq!(moves, ["a4-a3", "a4-b4", "c1-b1", "c1-c2", "c1-d1"]);
}

#[test]
fn a_goal_that_does_not_hold_keeps_the_moves_that_reach_it() {
    let (moves, _) = legal(
        &game(""),
        ". . . W
         B . . .
         . . . .
         . . B .",
    );
    assert_eq!(moves, ["a3-a4"]);
}

#[test]
fn a_goal_no_move_reaches_leaves_the_rule_no_move_and_nothing_falls_back() {
    let stuck = ". . . W
                 . . . .
                 . . . .
                 . . B .";
    let (moves, outcome) = legal(&game(""), stuck);
    assert!(moves.is_empty(), "{moves:?}");
    assert_eq!(
        outcome,
        Some(Outcome::Win(Player::SECOND)),
        "black has no legal move and loses"
    );
    // Another rule's moves are its own: the goal narrows only the rule it is written on.
    let (moves, outcome) = legal(&game("move step diagonal"), stuck);
    assert_eq!(moves, ["c1-b2", "c1-d2"]);
    assert_eq!(outcome, None);
}
