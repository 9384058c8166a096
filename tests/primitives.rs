//! The primitives of the language for pieces on a board that no bundled game uses all of:
//! landing on an enemy piece (`onto`), compulsory moves, promotion, the end on a repeated
//! position, placement next to a piece and kinds that move apart. Each on a hand-built
//! position written as text, with the moves and boards worked out by hand.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::notation::legal_texts;
use rulebook::{notation, pipeline};

use crate::common::move_texts::play;

/// A game on a 4 x 4 board with pawns and kings; `rules` are its move, effect and end
/// statements.
fn game(rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Primitives\"\nplayers white, black\nboard grid 4 by 4\npiece pawn, king\n\
         setup white pawn on a1\nsetup black pawn on d4\n{rules}\n"
    );
    match pipeline::load_text("primitives.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The position a text describes.
fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays moves given as text.
#[test]
fn a_slide_onto_empty_or_enemy_takes_the_first_enemy_piece_on_its_line() {
    let g = game("move slide orthogonal onto empty or enemy\nend when no legal move: mover loses");
    // White's pawn on a1; Black's pawns on a3 and c1, White's on a4.
    let mut s = at(&g, "P3/p3/4/P1p1 white");
    assert_eq!(
        legal_texts(&s),
        ["a1-b1", "a1-c1", "a1-a2", "a1-a3", "a4-a3", "a4-b4", "a4-c4", "a4-d4"]
    );
    play(&mut s, "a1-a3");
    assert_eq!(notation::position_text(&s), "P3/P3/4/2p1 black");
    assert_eq!(s.pieces(Player::SECOND), 1);
    s.undo();
    assert_eq!(notation::position_text(&s), "P3/p3/4/P1p1 white");
}

#[test]
fn a_step_onto_enemy_must_land_on_one() {
    let g = game("move step orthogonal onto enemy\nend when no legal move: mover loses");
    // Clobber's move: only onto an adjacent enemy piece.
    let s = at(&g, "4/4/p3/Pp2 white");
    assert_eq!(legal_texts(&s), ["a1-b1", "a1-a2"]);
    let s = at(&g, "4/4/4/P2p white");
    assert!(legal_texts(&s).is_empty());
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
}

#[test]
fn a_compulsory_move_leaves_no_other_while_one_is_legal() {
    let g = game(
        "move step orthogonal\nmove jump orthogonal over enemy remove compulsory\n\
         end when no legal move: mover loses",
    );
    // a1 can jump a2; the steps of a1 and c3 are then not legal.
    let s = at(&g, "4/2P1/p3/P3 white");
    assert_eq!(legal_texts(&s), ["a1-a3"]);
    // With nothing to jump, every step is.
    let s = at(&g, "4/2P1/4/P3 white");
    assert_eq!(
        legal_texts(&s),
        ["a1-b1", "a1-a2", "c3-c2", "c3-b3", "c3-d3", "c3-c4"]
    );
}

#[test]
fn a_piece_reaching_the_region_is_promoted() {
    let g = game(
        "move step north by pawn when mover == white\nmove step all by king\n\
         after move promote pawn to king in rank(4) when mover == white\n\
         end when no legal move: mover loses",
    );
    let mut s = at(&g, "3p/4/P3/4 white");
    play(&mut s, "a2-a3");
    assert_eq!(notation::position_text(&s), "3p/P3/4/4 black");
    // Black's pawn has no move (pawns only go north, and only White's): Black loses...
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    // ...so from a position with Black to move elsewhere, White's pawn reaches rank 4.
    let mut s = at(&g, "4/P3/4/4 white");
    play(&mut s, "a3-a4");
    assert_eq!(notation::position_text(&s), "K3/4/4/4 black");
    s.undo();
    assert_eq!(notation::position_text(&s), "4/P3/4/4 white");
}

#[test]
fn a_repeated_position_ends_the_game_with_its_result() {
    let g = game("move step orthogonal\nend when repeated position: draw");
    let mut s = State::new(g);
    play(&mut s, "a1-a2 d4-d3 a2-a1");
    assert_eq!(s.outcome(), None);
    // Black's move back recreates the start position.
    play(&mut s, "d3-d4");
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    assert!(legal_texts(&s).is_empty());
    s.undo();
    assert_eq!(s.outcome(), None);
}

#[test]
fn a_placement_next_to_an_enemy_piece() {
    let g = game("move place pawn next to enemy\nend when no legal move: mover loses");
    let s = at(&g, "4/4/1p2/4 white");
    // The orthogonal neighbours of b2.
    assert_eq!(legal_texts(&s), ["b1", "a2", "c2", "b3"]);
}

#[test]
fn a_placement_next_to_a_piece_along_given_directions() {
    let g = game(
        "move place pawn next to piece along south, east\nend when no legal move: mover loses",
    );
    // A piece of either player's to the south or the east of the site: above b2 and c1
    // (b3, c2), and west of them (a2, b1).
    let s = at(&g, "4/4/1p2/2P1 white");
    assert_eq!(legal_texts(&s), ["b1", "a2", "c2", "b3"]);
    let g =
        game("move place pawn next to friend along diagonal\nend when no legal move: mover loses");
    let s = at(&g, "4/4/1p2/2P1 white");
    // The diagonal neighbours of c1 that are empty: b2 holds black's pawn, so only d2.
    assert_eq!(legal_texts(&s), ["d2"]);
}

/// Connect Four, written from the docs alone: a disc drops to the lowest empty point of
/// its column, so it is placed on the bottom rank or on a piece.
const CONNECT_FOUR: &str = include_str!("fixtures/valid/connect-four.game");

#[test]
fn a_disc_drops_onto_the_bottom_rank_or_a_piece() {
    let g = match pipeline::load_text("connect-four.game", CONNECT_FOUR, None, &[]) {
        Ok(g) => g,
        Err(e) => panic!("{}", e.render(false)),
    };
    // The published perft of Connect Four (OEIS A212693): 7, 49, 343, 2401, 16807, 117649;
    // no game is won before the seventh ply.
    let mut s = State::new(Arc::clone(&g));
    assert_eq!(
        rulebook::analysis::perft(&mut s, 6),
        [7, 49, 343, 2401, 16807, 117649]
    );
    // A full a-file takes no disc; the b-file takes one on b3.
    let s = at(&g, "R6/Y6/R6/Y6/RR5/YY5 red");
    assert_eq!(legal_texts(&s), ["c1", "d1", "e1", "f1", "g1", "b3"]);
}

/// Breakthrough, written from the docs alone: pawns step forward, or diagonally forward onto
/// an empty point or an enemy pawn; reaching the far rank wins.
const BREAKTHROUGH: &str = include_str!("fixtures/valid/breakthrough.game");

#[test]
fn forward_is_north_for_the_first_player_and_south_for_the_second() {
    let g = match pipeline::load_text("breakthrough.game", BREAKTHROUGH, None, &[]) {
        Ok(g) => g,
        Err(e) => panic!("{}", e.render(false)),
    };
    let mut s = State::new(Arc::clone(&g));
    // The published perft of 8 x 8 Breakthrough: 22, 484, 11132, 256036.
    assert_eq!(
        rulebook::analysis::perft(&mut s, 4),
        [22, 484, 11132, 256036]
    );
    // A white pawn on d4 facing black pawns on c5 and d5: forward is blocked, both
    // diagonals are open, and c5 is taken by landing on it.
    let s = at(&g, "8/8/8/2BB4/3W4/8/8/8 white");
    assert_eq!(legal_texts(&s), ["d4-c5", "d4-e5"]);
    let s = at(&g, "8/8/8/2BB4/3W4/8/8/8 black");
    assert_eq!(
        legal_texts(&s),
        ["c5-c4", "c5-b4", "c5-d4", "d5-c4", "d5-e4"]
    );
}

#[test]
fn an_avoided_site_is_neither_crossed_nor_landed_on() {
    let g = game(
        "move slide orthogonal avoiding b1 + a3 onto empty or enemy\n\
         move jump orthogonal over any avoiding c3\nend when no legal move: mover loses",
    );
    // a1 slides north to a2 only (a3 is avoided, so a4's black pawn is out of reach) and
    // east not at all (b1 is avoided); c2 slides to c1, d2, and onto b2's enemy pawn; c3
    // slides to b3 (not on to the avoided a3), d3 and c4. c2 jumps b2 onto a2, but not
    // the avoided c3; c3 itself may start there and jump c2 onto c1.
    let s = at(&g, "p3/2P1/1pP1/P3 white");
    assert_eq!(
        legal_texts(&s),
        ["a1-a2", "c2-c1", "c2-b2", "c2-d2", "c3-b3", "c3-d3", "c3-c4", "c2-a2", "c3-c1"]
    );
}

/// The legal moves of `s` as text, sorted.
fn sorted(s: &State) -> Vec<String> {
    let mut moves = legal_texts(s);
    moves.sort();
    moves
}

#[test]
fn a_slide_over_friend_passes_the_movers_pieces_and_lands_where_onto_lets_it() {
    let g = game(
        "move slide orthogonal over friend onto empty or enemy\n\
         end when no legal move: mover loses",
    );
    // a1 passes its own a2 to a3 and onto Black's a4, its own b1 to c1 and onto d1; never
    // onto its own pieces, never past an enemy's.
    let s = at(&g, "p3/4/P3/PP1p white");
    let a1: Vec<String> = (sorted(&s).into_iter())
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(a1, ["a1-a3", "a1-a4", "a1-c1", "a1-d1"]);
    let b1: Vec<String> = (sorted(&s).into_iter())
        .filter(|m| m.starts_with("b1"))
        .collect();
    assert_eq!(b1, ["b1-b2", "b1-b3", "b1-b4", "b1-c1", "b1-d1"]);
}

#[test]
fn a_slide_exactly_so_long_goes_that_far_and_no_other() {
    let g = game("move slide orthogonal exactly 2\nend when no legal move: mover loses");
    // Two sites north; east, c1's pawn stands where it would land.
    let s = at(&g, "4/4/4/P1p1 white");
    assert_eq!(legal_texts(&s), ["a1-a3"]);
    // Counting the mover's pieces on the move's line: a1 and a2 on file a, so two sites
    // (over a2), but a1 and c1 on rank 1 put c1, its own, where it would land.
    let g = game(
        "move slide orthogonal exactly pieces(mover, axis) over friend\n\
         end when no legal move: mover loses",
    );
    let s = at(&g, "p3/4/P3/P1P1 white");
    assert_eq!(sorted(&s), ["a1-a3", "a2-b2", "c1-c2"]);
}

/// Knightthrough, a row of the RBG yardstick: knights that leap only forward.
const KNIGHTTHROUGH: &str = include_str!("fixtures/valid/knightthrough.game");

/// Yavalath, a row of the RBG yardstick: four in a row wins, three loses.
const YAVALATH: &str = include_str!("fixtures/valid/yavalath.game");

/// A game of the fixtures' texts.
fn fixture(name: &str, text: &str) -> Arc<Game> {
    pipeline::load_text(name, text, None, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

#[test]
fn a_knight_leaps_forward_only_takes_by_landing_and_wins_on_the_far_rank() {
    let g = fixture("knightthrough.game", KNIGHTTHROUGH);
    // White's knight on d6 leaps to c8 and e8 (the first rule), b7 and f7 (the second,
    // onto Black's knight there), never back; Black's knight on f7 leaps south only.
    let s = at(&g, "8/5B2/3W4/8/8/8/8/8 white");
    assert_eq!(legal_texts(&s), ["d6-c8", "d6-e8", "d6-b7", "d6-f7"]);
    let s = at(&g, "8/5B2/3W4/8/8/8/8/8 black");
    assert_eq!(legal_texts(&s), ["f7-e5", "f7-g5", "f7-d6", "f7-h6"]);
    // Taking Black's last knight wins (Black cannot move); with another left, the game
    // goes on until a knight reaches the far rank.
    let mut s = at(&g, "8/5B2/3W4/8/8/8/8/8 white");
    play(&mut s, "d6-f7");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    let mut s = at(&g, "8/5B2/3W4/8/1B6/8/8/8 white");
    play(&mut s, "d6-f7");
    assert_eq!(s.outcome(), None, "a take short of the far rank");
    let mut s = at(&g, "8/5B2/3W4/8/1B6/8/8/8 white");
    play(&mut s, "d6-e8");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn four_in_a_row_wins_and_three_loses_along_the_three_lines_of_hexagons() {
    let g = fixture("yavalath.game", YAVALATH);
    let after = |moves: &str| {
        let mut s = State::new(Arc::clone(&g));
        play(&mut s, moves);
        s.outcome()
    };
    let black = Some(Outcome::Win(Player::SECOND));
    // Three along a rank, along a file and along the other line of hexagons lose.
    assert_eq!(after("e5 a9 f5 b9 g5"), black);
    assert_eq!(after("e5 a9 e6 b9 e7"), black);
    assert_eq!(after("e5 a9 d6 b9 c7"), black);
    // Three along the diagonal that hexagons do not link is no line.
    assert_eq!(after("e5 a9 f6 b9 g7"), None);
    // The fourth stone of a row wins, though it makes three as well.
    assert_eq!(
        after("e5 a9 f5 i1 h5 a5 g5"),
        Some(Outcome::Win(Player::FIRST))
    );
}
