//! Regions relative to the mover (`side(forward)`, `side(backward)`): each player reads them
//! with their own directions (the first player's forward is north, the second's south), in
//! a setup (as the player set up sees them), a move's clauses, an `after move` rule, an
//! `end` and a score; where nobody moves (a board) they are refused.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

/// A game of pawns and queens (`P`, `Q` for white; `p`, `q` for black) on `board` with
/// `rules` after it.
fn game_on(board: &str, rules: &str) -> Result<Arc<Game>, String> {
    let text =
        format!("game \"Relative\"\nplayers white, black\n{board}\npiece pawn, queen\n{rules}\n");
    pipeline::load_text("relative.game", &text, None, &[]).map_err(|e| e.render(false))
}

/// [`game_on`] a 3 x 3 grid, which must load.
fn loaded(rules: &str) -> Arc<Game> {
    game_on("board grid 3 by 3", rules).unwrap_or_else(|e| panic!("the test game loads:\n{e}"))
}

/// The position of `text` (as `rulebook position` writes it).
fn position(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).expect("a position of the game")
}

const END: &str = "end when no legal move: mover loses";
const STEPS: &str = "move step forward\nend when no legal move: mover loses";

#[test]
fn each_player_s_setup_reads_its_own_backward_side() {
    let game = loaded(&format!(
        "setup white pawn on side(backward)\nsetup black pawn on side(backward) - a3\n{STEPS}"
    ));
    let text = notation::position_text(&State::new(game));
    assert_eq!(
        text, "1pp/3/PPP white",
        "white's back rank is 1, black's is 3"
    );
}

#[test]
fn reaching_the_far_side_wins_for_either_player() {
    let game = loaded(&format!(
        "end when pieces(mover, side(forward)) > 0: mover wins\n{STEPS}"
    ));
    // White's a2 steps to a3, black's back rank: white wins.
    let mut state = position(&game, "3/P1p/3 white");
    notation::play_text(&mut state, "a2-a3").expect("a step north");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    // Black's c2 steps to c1, white's back rank: black wins.
    let mut state = position(&game, "3/P1p/3 black");
    notation::play_text(&mut state, "c2-c1").expect("a step south");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
    // Black on rank 3, its own back rank, has reached nothing.
    let mut state = position(&game, "p2/3/2P black");
    notation::play_text(&mut state, "a3-a2").expect("a step south");
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "c1-c2").expect("a step north");
    assert_eq!(state.outcome(), None, "nor white on rank 2");
}

#[test]
fn written_relative_or_by_ranks_the_game_is_the_same() {
    let rules = "move step forward-diagonal onto empty or enemy";
    let relative = loaded(&format!(
        "setup white pawn on side(backward)\nsetup black pawn on side(backward)\n{rules}\n\
         end when pieces(mover, side(forward)) > 0: mover wins\n{STEPS}"
    ));
    let by_ranks = loaded(&format!(
        "setup white pawn on rank(1)\nsetup black pawn on rank(3)\n{rules}\n\
         end when mover == white and pieces(white, rank(3)) > 0: white wins\n\
         end when mover == black and pieces(black, rank(1)) > 0: black wins\n{STEPS}"
    ));
    let perft = |g: &Arc<Game>| rulebook::analysis::perft(&mut State::new(Arc::clone(g)), 5);
    assert_eq!(perft(&relative), perft(&by_ranks));
    assert_eq!(
        perft(&relative)[0],
        7,
        "three steps north, four diagonally (b1 two ways)"
    );
}

#[test]
fn a_promotion_in_the_far_side_crowns_only_its_player_s_pieces() {
    let game = loaded(
        "after move promote pawn to queen in side(forward)\nmove step north, south\n\
         end when no legal move: mover loses",
    );
    let mut state = position(&game, "3/P1p/3 white");
    notation::play_text(&mut state, "a2-a3").expect("a step north");
    assert_eq!(notation::position_text(&state), "Q2/2p/3 black");
    notation::play_text(&mut state, "c2-c1").expect("a step south");
    assert_eq!(notation::position_text(&state), "Q2/3/2q white");
    // Each on the other's far side stays a pawn.
    let mut state = position(&game, "3/P1p/3 black");
    notation::play_text(&mut state, "c2-c3").expect("a step north");
    assert_eq!(notation::position_text(&state), "2p/P2/3 white");
    notation::play_text(&mut state, "a2-a1").expect("a step south");
    assert_eq!(notation::position_text(&state), "2p/3/P2 black");
}

#[test]
fn a_score_reads_the_side_of_the_player_scored() {
    let game = loaded(&format!(
        "setup white pawn on a1 + b1\nsetup black pawn on c3\n\
         score pieces(mover, side(backward))\n{STEPS}"
    ));
    let state = State::new(game);
    assert_eq!(state.score(Player::FIRST), 2);
    assert_eq!(state.score(Player::SECOND), 1);
}

#[test]
fn a_rule_for_one_player_is_read_by_that_player_alone() {
    let game = loaded(&format!(
        "end when mover == black and pieces(black, side(forward)) > 0: black wins\n{STEPS}"
    ));
    assert_eq!(
        game.ends.conditions.len(),
        1,
        "black's rule only, not white's"
    );
}

#[test]
fn where_nobody_moves_a_relative_side_is_refused() {
    let refused = game_on("board grid 3 by 3 without side(forward)", STEPS)
        .expect_err("a board has no mover");
    assert!(
        refused.contains("`forward` is the mover's direction, and nobody moves here"),
        "{refused}"
    );
    let refused = game_on(
        "board grid 3 by 3",
        &format!("end when pieces(mover, side(forward-diagonal)) > 0: mover wins\n{STEPS}"),
    )
    .expect_err("a side is orthogonal");
    assert_eq!(
        refused
            .matches("`side` takes north, east, south, west, forward or backward")
            .count(),
        1,
        "said once, though the rule is read for each player: {refused}"
    );
}

/// The computer steers a piece towards a region an end rule makes a goal: written with
/// `side(forward)`, each player's far side is their goal, as it is written by ranks.
#[test]
fn the_far_side_is_each_player_s_goal() {
    for end in [
        "end when pieces(mover, side(forward)) > 0: mover wins",
        "end when mover == white and pieces(white, rank(3)) > 0: white wins\n\
         end when mover == black and pieces(black, rank(1)) > 0: black wins",
    ] {
        let game = loaded(&format!("{end}\n{STEPS}"));
        let goals: Vec<(Player, u64)> = game
            .heuristics
            .goals
            .iter()
            .map(|g| (g.player, g.region[0]))
            .collect();
        assert_eq!(
            goals,
            [(Player::FIRST, 0b111 << 6), (Player::SECOND, 0b111)],
            "white's goal is rank 3 (a3, b3, c3), black's rank 1: {end}"
        );
    }
    let game = loaded(&format!(
        "end when mover == white and pieces(black, rank(1)) > 0: white wins\n{STEPS}"
    ));
    assert!(
        game.heuristics.goals.is_empty(),
        "black's pieces are no goal of white's"
    );
}

/// A rule read once per player gives two rules of the same directions; as they are for
/// different movers they never make the same move, and the move generator is not told to
/// look for one twice. Its moves are those written by ranks.
#[test]
fn the_rules_of_one_statement_for_two_players_never_make_the_same_move() {
    let relative = loaded(&format!(
        "setup white pawn on a1\nsetup black pawn on c3\n\
         move step orthogonal not landing on side(forward)\n{END}"
    ));
    assert_eq!(relative.moves.len(), 2, "one rule for each player");
    assert!(!relative.facts.moves_may_coincide);
    let by_ranks = loaded(&format!(
        "setup white pawn on a1\nsetup black pawn on c3\n\
         move step orthogonal not landing on rank(3) when mover == white\n\
         move step orthogonal not landing on rank(1) when mover == black\n{END}"
    ));
    let perft = |g: &Arc<Game>| rulebook::analysis::perft(&mut State::new(Arc::clone(g)), 6);
    assert_eq!(perft(&relative), perft(&by_ranks));
}
