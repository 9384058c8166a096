//! The constructs of the chess family beyond attack (tests/attacks.rs): a kind of piece
//! written with a letter of its own (`piece knight as N`); a promotion with a choice
//! (`promote pawn to queen, knight`). Hand-built positions, each
//! expectation derived by hand from the language reference.

use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::Game;
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
