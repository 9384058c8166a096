//! The constructs of the chess family beyond attack (tests/attacks.rs): a kind of piece
//! written with a letter of its own (`piece knight as N`); a promotion with a choice
//! (`promote pawn to queen, knight`). Hand-built positions, each
//! expectation derived by hand from the language reference.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::notation::{self, parse_position, position_text};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, set};

fn load(name: &str, text: &str) -> Arc<Game> {
    match pipeline::load_text(name, text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// Two kinds with one initial, told apart by `as`.
const LETTERS: &str = r#"
game "Letters"
players white, black
board grid 4 by 4
piece king, knight as n
setup white king on a1
setup white knight on b1
setup black king on d4
setup black knight on c4
move step all onto empty or enemy
end when no legal move: mover loses
"#;

#[test]
fn a_letter_of_its_own_writes_and_reads_a_kind() {
    let game = load("letters.game", LETTERS);
    let start = State::new(Arc::clone(&game));
    assert_eq!(position_text(&start), "2nk/4/4/KN2 white");
    let read = parse_position(&game, "1N1k/4/4/K1n1 black").expect("the text reads");
    assert_eq!(position_text(&read), "1N1k/4/4/K1n1 black");
}

/// Pawns that step forward and take forward-diagonally, promoted on the far rank to a
/// queen or a knight, as the mover chooses.
const PROMOTIONS: &str = r#"
game "Promotions"
players white, black
board grid 4 by 4
piece king, queen, knight as N, pawn
setup white pawn on b3
setup white king on a1
setup black king on d1
setup black knight on c4
move step all onto empty or enemy by king, queen
move leap (1, 2) onto empty or enemy by knight
move step forward by pawn
move step forward-diagonal onto enemy by pawn
after move promote pawn to queen, knight in side(forward)
end when pieces(mover, king) == 0: opponent wins
"#;

#[test]
fn a_promotion_with_a_choice_is_one_move_per_kind() {
    let game = load("promotions.game", PROMOTIONS);
    let mut state = State::new(Arc::clone(&game));
    let pawn = from(&legal(&mut state), "b3");
    assert_eq!(pawn, set(&["b3-b4=N", "b3-b4=Q", "b3-c4=N", "b3-c4=Q"]));
    let mut knight = state.clone();
    notation::play_text(&mut knight, "b3-c4=N").expect("the capture promotes");
    assert_eq!(position_text(&knight), "2N1/4/4/K2k black");
    notation::play_text(&mut state, "b3-b4=q").expect("the letter's case does not matter");
    assert_eq!(position_text(&state), "1Qn1/4/4/K2k black");
}

#[test]
fn a_promotion_left_unsaid_is_refused_with_the_choices() {
    let game = load("promotions.game", PROMOTIONS);
    let mut state = State::new(game);
    let err = notation::parse_move(&mut state, "b3-b4").expect_err("the kind is missing");
    let text = err.to_string();
    assert!(
        text.contains("say to what, as in b3-b4=Q, b3-b4=N"),
        "{text}"
    );
    let err = notation::parse_move(&mut state, "b3-b4=K").expect_err("no king promotion");
    assert!(err.to_string().contains("the choices are"), "{err}");
}

/// Pawns that may go two steps on their first move, and a rook that never moved.
const FIRST_MOVES: &str = r#"
game "First moves"
players white, black
board grid 4 by 5
piece pawn, rook
setup white pawn on a2 + b2
setup black pawn on a4
setup white rook on d1
setup black rook on d5
move slide forward max 2 by unmoved pawn
move step forward by pawn
move step orthogonal by unmoved rook
end when no legal move: mover loses
"#;

#[test]
fn an_unmoved_piece_loses_its_first_move_once_it_moves() {
    let game = load("first-moves.game", FIRST_MOVES);
    let mut state = State::new(Arc::clone(&game));
    let moves = legal(&mut state);
    assert_eq!(from(&moves, "b2"), set(&["b2-b3", "b2-b4"]));
    assert_eq!(
        from(&moves, "a2"),
        set(&["a2-a3"]),
        "a4 blocks the second step"
    );
    assert_eq!(from(&moves, "d1"), set(&["d1-c1", "d1-d2"]));
    for text in ["b2-b3", "d5-d4", "d1-c1", "a4-a3"] {
        notation::play_text(&mut state, text).expect("a legal move");
    }
    let moves = legal(&mut state);
    assert_eq!(from(&moves, "b3"), set(&["b3-b4"]), "the pawn has moved");
    assert!(from(&moves, "c1").is_empty(), "the rook has moved");
    let text = position_text(&state);
    assert_eq!(
        text, "4/3r/pP2/P3/2R1 white",
        "a2 stands unmoved, as at the start"
    );
    let read = parse_position(&game, &text).expect("the text reads back");
    assert!(read == state && read.hash() == state.rebuilt().hash());
    assert_eq!(read.hash(), state.hash(), "the marks are in the hash");
    for _ in 0..4 {
        state.undo();
    }
    assert_eq!(position_text(&state), "3r/p3/4/PP2/3R white");
    assert!(state == State::new(game) && state.hash() == state.rebuilt().hash());
}

#[test]
fn a_word_of_unmoved_pieces_must_name_pieces() {
    let game = load("first-moves.game", FIRST_MOVES);
    let err = parse_position(&game, "3r/p3/4/PP2/3R white unmoved=c3").expect_err("c3 is empty");
    assert!(err.to_string().contains("c3 is empty"), "{err}");
    let none = parse_position(&game, "3r/p3/4/PP2/3R white unmoved=-").expect("none unmoved");
    assert_eq!(position_text(&none), "3r/p3/4/PP2/3R white unmoved=-");
    let text = "3r/p3/4/PP2/3R white unmoved=a2,a4";
    let mut some = parse_position(&game, text).expect("some unmoved");
    assert_eq!(position_text(&some), text);
    assert_eq!(
        from(&legal(&mut some), "b2"),
        set(&["b2-b3"]),
        "b2 has moved"
    );
}

/// Pawns with a first double step, taking forward-diagonally and in passing.
const IN_PASSING: &str = r#"
game "In passing"
players white, black
board grid 5 by 5
piece pawn as P
setup white pawn on a2 + d3
setup black pawn on c5
move slide forward max 2 by unmoved pawn
move step forward by pawn
move step forward-diagonal onto enemy by pawn
move step forward-diagonal onto enemy pawn in passing by pawn
end when no legal move: mover loses
"#;

#[test]
fn a_piece_that_passed_is_taken_in_passing_on_the_next_move_only() {
    let game = load("in-passing.game", IN_PASSING);
    let mut state = State::new(Arc::clone(&game));
    for text in ["a2-a3", "c5-c3"] {
        notation::play_text(&mut state, text).expect("a legal move");
    }
    assert_eq!(
        from(&legal(&mut state), "d3"),
        set(&["d3-c4", "d3-d4", "d3-d5"])
    );
    let text = position_text(&state);
    assert_eq!(text, "5/5/P1pP1/5/5 white last=c5-c3");
    let read = parse_position(&game, &text).expect("the text reads back");
    assert!(read == state && read.hash() == state.hash());
    let mut taken = state.clone();
    notation::play_text(&mut taken, "d3-c4").expect("in passing");
    assert_eq!(position_text(&taken), "5/2P2/P4/5/5 black");
    assert_eq!(taken.undo().map(|m| m.over()), game.board.site_named("c3"));
    assert!(
        taken == state && taken.hash() == state.hash(),
        "undo restores the pawn"
    );
    notation::play_text(&mut state, "a3-a4").expect("a legal move");
    notation::play_text(&mut state, "c3-c2").expect("a legal move");
    assert_eq!(
        from(&legal(&mut state), "d3"),
        set(&["d3-d4", "d3-d5"]),
        "too late"
    );
}

#[test]
fn a_last_move_word_must_be_one_that_passed() {
    let game = load("in-passing.game", IN_PASSING);
    let err = parse_position(&game, "5/5/P1pP1/5/5 white last=c4-c3").expect_err("a step");
    assert!(err.to_string().contains("may be taken in passing"), "{err}");
    let err = parse_position(&game, "5/5/P1pP1/5/5 black last=c5-c3").expect_err("not black's");
    assert!(err.to_string().contains("white's"), "{err}");
}

/// A king that castles with either rook, and a bishop whose line may cross its path.
const CASTLING: &str = r#"
game "Castling"
players white, black
board grid 8 by 8
piece king, rook, bishop
setup white king on e1
setup white rook on a1 + h1
setup black king on e8
move step all onto empty or enemy by king
move castle east, west with rook by king
move slide orthogonal onto empty or enemy by rook
move slide diagonal onto empty or enemy by bishop
forbid leaving attacked(mover, king)
end when no legal move: mover loses
"#;

fn castlings(game: &Arc<Game>, text: &str) -> std::collections::BTreeSet<String> {
    let mut state = parse_position(game, text).expect("the position reads");
    let moves = from(&legal(&mut state), "e1");
    moves
        .into_iter()
        .filter(|m| m == "e1-g1" || m == "e1-c1")
        .collect()
}

#[test]
fn a_king_castles_with_an_unmoved_rook_over_sites_not_attacked() {
    let game = load("castling.game", CASTLING);
    let mut state = State::new(Arc::clone(&game));
    assert_eq!(
        castlings(&game, &position_text(&state)),
        set(&["e1-c1", "e1-g1"])
    );
    notation::play_text(&mut state, "e1-g1").expect("castling");
    assert_eq!(position_text(&state), "4k3/8/8/8/8/8/8/R4RK1 black");
    state.undo();
    assert!(
        state == State::new(Arc::clone(&game)),
        "undo puts both back, unmoved"
    );
    // b1 may be attacked (the king does not cross it); d1 may not, nor the king's site.
    assert_eq!(
        castlings(&game, "4k3/8/8/8/8/8/8/R3K2R white"),
        set(&["e1-c1", "e1-g1"])
    );
    let f1_attacked = "4k3/8/8/8/8/8/6b1/R3K2R white";
    assert_eq!(castlings(&game, f1_attacked), set(&["e1-c1"]));
    let in_check = "4k3/8/8/8/8/8/3b4/R3K2R white";
    assert_eq!(castlings(&game, in_check), set(&[]));
    assert_eq!(
        castlings(&game, "4k3/8/8/8/8/8/8/R3K2R white unmoved=e1,h1,e8"),
        set(&["e1-g1"])
    );
    let crossed = "4k3/8/8/8/8/8/8/R3K2R white unmoved=e1,a1,e8";
    assert_eq!(castlings(&game, crossed), set(&["e1-c1"]));
    let b1_attacked = "4k3/8/8/8/4b3/8/8/R3K2R white";
    assert_eq!(castlings(&game, b1_attacked), set(&["e1-c1", "e1-g1"]));
    let d1_attacked = "4k3/8/8/8/8/8/2b5/R3K2R white";
    assert_eq!(castlings(&game, d1_attacked), set(&["e1-g1"]));
    let blocked = "4k3/8/8/8/8/8/8/RB2K1BR white";
    assert_eq!(castlings(&game, blocked), set(&[]));
}

/// A king and a rook each, the rook stepping; a position ends the game the third time it
/// occurs, and 6 moves in a row without a capture or a rook's move end it too.
const COUNTS: &str = r#"
game "Counts"
players white, black
board grid 4 by 4
piece king, rook
setup white king on a1
setup white rook on b2
setup black king on d4
setup black rook on c3
move step all onto empty or enemy by king
move step orthogonal onto empty or enemy by rook
end when no legal move: mover loses
end when repeated position 3 times: draw
end when 6 moves without capture or move by rook: draw
"#;

fn play_all(state: &mut State, texts: &[&str]) {
    for text in texts {
        notation::play_text(state, text).expect("a legal move");
    }
}

#[test]
fn a_position_ends_the_game_the_third_time_it_occurs() {
    let uncounted = COUNTS.replace("end when 6 moves without capture or move by rook: draw", "");
    let game = load("counts.game", &uncounted);
    let mut state = State::new(Arc::clone(&game));
    let there_and_back = ["a1-a2", "d4-d3", "a2-a1", "d3-d4"];
    play_all(&mut state, &there_and_back);
    assert_eq!(state.outcome(), None, "the start has occurred twice");
    play_all(&mut state, &there_and_back[..3]);
    assert_eq!(state.outcome(), None);
    play_all(&mut state, &there_and_back[3..]);
    assert_eq!(state.outcome(), Some(Outcome::Draw), "a third time");
    assert_eq!(
        rulebook::render::end_reason(&state),
        "black repeated a position 3 times"
    );
    state.undo();
    assert_eq!(state.outcome(), None, "undo takes the end back");
}

/// A king each and a white rook; a repetition through which a player checked with every
/// move loses for that player, any other third occurrence is a draw.
const CHECKS: &str = r#"
game "Checks"
players white, black
board grid 4 by 4
piece king, rook
setup white king on a1
setup white rook on b1
setup black king on d4
move step all onto empty or enemy by king
move slide orthogonal onto empty or enemy by rook
forbid leaving attacked(mover, king)
end when no legal move: mover loses
end when repeated position 3 times keeping attacked(opponent, king): mover loses
end when repeated position 3 times: draw
"#;

#[test]
fn a_repetition_kept_in_check_by_one_player_is_lost_by_that_player() {
    let game = load("checks.game", CHECKS);
    let mut state = State::new(Arc::clone(&game));
    // Every white move gives check along rank 4 or 3; the black king steps out and back.
    play_all(&mut state, &["b1-b4", "d4-d3", "b4-b3", "d3-d4"]);
    let cycle = ["b3-b4", "d4-d3", "b4-b3", "d3-d4"];
    play_all(&mut state, &cycle);
    assert_eq!(
        state.outcome(),
        None,
        "after b1-b4 the position has occurred twice"
    );
    play_all(&mut state, &cycle[..1]);
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::new(1).unwrap())));
    assert_eq!(
        rulebook::render::end_reason(&state),
        "white kept attacked(opponent, king) through a repeated position"
    );
    state.undo();
    assert_eq!(state.outcome(), None, "undo takes the end back");
    play_all(&mut state, &cycle[..1]);
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::new(1).unwrap())));
}

#[test]
fn the_keeper_loses_when_the_other_player_completes_the_repetition() {
    let game = load("checks.game", CHECKS);
    // White to move, the rook already on b3: the third occurrence of the start comes
    // after a move of black's, who never checked; white checked with every move.
    let mut state = parse_position(&game, "3k/1R2/4/K3 white").expect("the text reads");
    let cycle = ["b3-b4", "d4-d3", "b4-b3", "d3-d4"];
    play_all(&mut state, &cycle);
    play_all(&mut state, &cycle[..3]);
    assert_eq!(state.outcome(), None);
    play_all(&mut state, &cycle[3..]);
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::new(1).unwrap())));
    assert_eq!(state.repetition_keeper(), Player::new(0));
}

#[test]
fn a_repetition_with_a_move_that_did_not_keep_the_condition_is_the_plain_rules() {
    let game = load("checks.game", CHECKS);
    let mut state = State::new(Arc::clone(&game));
    // b1-b2 gives no check: white did not keep it through the cycle.
    let cycle = ["b1-b2", "d4-d3", "b2-b1", "d3-d4"];
    play_all(&mut state, &cycle);
    play_all(&mut state, &cycle);
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    assert_eq!(state.repetition_keeper(), None);
    assert_eq!(
        rulebook::render::end_reason(&state),
        "black repeated a position 3 times"
    );
    // A cycle of quiet moves back to the start, then one of checks: white gave check with
    // every move since the second occurrence, not since the first.
    let mut state = parse_position(&game, "3k/1R2/4/K3 white").expect("the text reads");
    play_all(&mut state, &["b3-a3", "d4-c4", "a3-b3", "c4-d4"]);
    play_all(&mut state, &["b3-b4", "d4-d3", "b4-b3"]);
    assert_eq!(state.outcome(), None);
    play_all(&mut state, &["d3-d4"]);
    assert_eq!(state.outcome(), Some(Outcome::Draw), "b3-a3 gave no check");
}

#[test]
fn a_double_step_no_legal_move_may_take_in_passing_leaves_nothing_in_the_position() {
    let game = pipeline::load("chess", None, &[]).expect("chess loads");
    let mut state = State::new(Arc::clone(&game));
    notation::play_text(&mut state, "e2-e4").expect("a double step");
    assert!(
        !position_text(&state).contains("last="),
        "no black pawn beside e4"
    );
    let knights = ["g8-f6", "g1-f3", "f6-g8", "f3-g1"];
    play_all(&mut state, &knights);
    assert_eq!(state.outcome(), None, "the position after e2-e4 twice");
    play_all(&mut state, &knights);
    assert_eq!(state.outcome(), Some(Outcome::Draw), "and a third time");
    let mut open = State::new(Arc::clone(&game));
    play_all(&mut open, &["e2-e4", "a7-a6", "e4-e5", "d7-d5"]);
    assert!(
        position_text(&open).contains(" last=d7-d5"),
        "e5-d6 may take it"
    );
    let pinned = "8/2p3p1/8/K2pP2r/5P1p/8/1k4P1/2R5 white last=d7-d5";
    let pinned = parse_position(&game, pinned).expect("a double step read");
    assert!(
        !position_text(&pinned).contains("last="),
        "e5-d6 would leave the king on a5 to the rook on h5"
    );
}

#[test]
fn moves_without_progress_are_counted_and_end_the_game() {
    let game = load("counts.game", COUNTS);
    let mut state = State::new(Arc::clone(&game));
    play_all(&mut state, &["a1-a2", "d4-d3", "a2-a1", "d3-d4"]);
    assert!(position_text(&state).ends_with(" white clock=4"));
    notation::play_text(&mut state, "b2-b1").expect("a rook's move");
    assert!(
        position_text(&state).ends_with(" black"),
        "a rook's move is progress"
    );
    play_all(&mut state, &["d4-d3", "a1-a2", "d3-d4", "a2-a1", "d4-d3"]);
    assert_eq!(state.outcome(), None, "five moves");
    notation::play_text(&mut state, "a1-a2").expect("a sixth");
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    assert_eq!(
        rulebook::render::end_reason(&state),
        "6 moves without capture or move by rook"
    );
    let before = parse_position(&game, "3k/2r1/1R2/K3 white clock=5").expect("the text reads");
    let mut taking = before.clone();
    notation::play_text(&mut taking, "a1-a2").expect("a king's move");
    assert_eq!(taking.outcome(), Some(Outcome::Draw), "the sixth move");
    let mut state = parse_position(&game, "3k/4/1r2/K3 white clock=5").expect("reads");
    notation::play_text(&mut state, "a1-b2").expect("the king takes");
    assert_eq!(
        position_text(&state),
        "3k/4/1K2/4 black",
        "a capture is progress"
    );
}

#[test]
fn a_last_counted_move_that_leaves_no_legal_move_is_judged_by_that_rule() {
    let kings_step_onto_empty = COUNTS.replace("all onto empty or enemy by king", "all by king");
    let game = load("counts.game", &kings_step_onto_empty);
    let mut state = parse_position(&game, "kR2/R3/2K1/4 white clock=5").expect("reads");
    notation::play_text(&mut state, "c2-b3").expect("a king's move, the sixth");
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win(rulebook::model::Player::FIRST)),
        "black's king on a4 has no move: the no-legal-move rule decides, not the count"
    );
}

#[test]
fn a_count_of_moves_is_written_read_and_refused_when_out_of_range() {
    let game = load("counts.game", COUNTS);
    let state = parse_position(&game, "3k/2r1/1R2/K3 black clock=3").expect("reads");
    assert_eq!(position_text(&state), "3k/2r1/1R2/K3 black clock=3");
    let mut played = state.clone();
    notation::play_text(&mut played, "d4-d3").expect("legal");
    assert!(position_text(&played).ends_with("clock=4"));
    played.undo();
    assert!(played == state, "undo takes the count back");
    for bad in ["clock=x", "clock=7", "clock=-1"] {
        let text = format!("3k/2r1/1R2/K3 black {bad}");
        let err = parse_position(&game, &text).expect_err(bad).to_string();
        assert!(
            err.contains("not a count of moves without progress (0 to 6)"),
            "{err}"
        );
    }
    let over = parse_position(&game, "3k/2r1/1R2/K3 black clock=6").expect("reads");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Draw),
        "read as after the sixth move"
    );
}

#[test]
fn counts_outside_their_range_are_refused_where_they_are_written() {
    for (rule, message) in [
        (
            "end when repeated position 1 times: draw",
            "how many times would be 1; it must be between 2 and 1000",
        ),
        (
            "end when 0 moves without capture: draw",
            "how many moves would be 0; it must be between 1 and 10000",
        ),
        (
            "end when 5 moves without move by pawn: draw",
            "unknown piece `pawn`",
        ),
    ] {
        let replaced = match rule.contains("moves without") {
            true => "end when 6 moves without capture or move by rook: draw",
            false => "end when repeated position 3 times: draw",
        };
        let text = COUNTS.replace(replaced, rule);
        let err = pipeline::load_text("bad.game", &text, None, &[])
            .expect_err(rule)
            .render(false);
        assert!(err.contains(message), "{rule}: {err}");
    }
}
