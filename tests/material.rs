//! Worths of kinds of piece (`piece queen worth 9`) and a player's material,
//! `material(P)`: the worths of their pieces on the board and in hand summed, a kind
//! without a worth counting 1; the estimate the computer plays by (material where any kind
//! has a worth, pieces otherwise), and a search that takes the piece worth more.
//! Hand-built positions, each value counted by hand from the language reference.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rulebook::ai::{Budget, Searcher};
use rulebook::engine::State;
use rulebook::model::{Expr, Game, Player, PlayerRef};
use rulebook::{notation, pipeline};

/// Kings worth 0, queens 9, rooks 5, pawns without a worth (1); the game is won by leaving
/// the opponent less than 2 points of material.
const WORTHS: &str = r#"
game "Worths"
players white, black
board grid 8 by 8
piece king worth 0, queen worth 9, rook worth 5, pawn
move step all onto empty or enemy by king
move slide orthogonal onto empty or enemy by rook, queen
move slide diagonal onto empty or enemy by queen
move step forward by pawn
end when material(opponent) < 2: mover wins
end when no legal move: draw
"#;

fn load(text: &str) -> Arc<Game> {
    match pipeline::load_text("worths", text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The state of `game` drawn in `diagram` (upper case: white's), `to_move` to move.
fn state(game: &Arc<Game>, diagram: &str, to_move: Player) -> State {
    let cells = rulebook::render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, to_move)
}

/// White: king, rook and two pawns (0 + 5 + 1 + 1); black: king and queen (0 + 9).
const POSITION: &str = "
. . . . k . . .
. . . q . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
P P . . . . . .
. . . R K . . .";

#[test]
fn material_sums_the_worths_and_counts_1_for_a_kind_without_one() {
    let game = load(WORTHS);
    let s = state(&game, POSITION, Player::FIRST);
    let estimate = &game.heuristics.estimate;
    assert!(matches!(estimate, Expr::Material(PlayerRef::Mover, _)));
    assert_eq!(s.value(Player::FIRST, estimate), 7);
    assert_eq!(s.value(Player::SECOND, estimate), 9);
}

#[test]
fn material_in_a_condition_ends_the_game() {
    let game = load(WORTHS);
    let mut s = state(&game, POSITION, Player::FIRST);
    // d1-d7 takes the queen: black is left the king, worth 0.
    let m = notation::parse_move(&mut s, "d1-d7").expect("the rook takes the queen");
    s.apply(m);
    assert_eq!(
        s.outcome().map(|o| format!("{o:?}")),
        Some("Win(Player(0))".into())
    );
}

#[test]
fn without_worths_the_estimate_counts_pieces() {
    let game = load(
        &WORTHS
            .replace(" worth 0", "")
            .replace(" worth 9", "")
            .replace(" worth 5", ""),
    );
    assert_eq!(game.heuristics.estimate, Expr::Pieces(PlayerRef::Mover));
    let s = state(&game, POSITION, Player::FIRST);
    // `material` still reads: every kind counts 1.
    let material = Expr::Material(PlayerRef::Mover, vec![1; 4].into());
    assert_eq!(s.value(Player::FIRST, &material), 4);
    assert_eq!(s.value(Player::SECOND, &material), 2);
}

#[test]
fn pieces_in_hand_count_in_material() {
    let game = pipeline::load("shogi", None, &[]).expect("shogi loads");
    let mut s = State::new(Arc::clone(&game));
    let estimate = game.heuristics.estimate.clone();
    // Each side: king 0, rook 10, bishop 8, two golds 12, two silvers 10, two knights 8,
    // two lances 6, nine pawns 9.
    assert_eq!(s.value(Player::FIRST, &estimate), 63);
    assert_eq!(s.value(Player::SECOND, &estimate), 63);
    for text in ["c3-c4", "c7-c6", "c4-c5", "c6-c5"] {
        let m = notation::parse_move(&mut s, text).expect("a legal move");
        s.apply(m);
    }
    // White took a pawn into hand: 63 + 1; black is a pawn short.
    assert_eq!(s.value(Player::SECOND, &estimate), 64);
    assert_eq!(s.value(Player::FIRST, &estimate), 62);
}

/// White's rook on d1 may take the pawn on d6, safely, or the queen on h1, which black's
/// rook on h8 takes back: by pieces the pawn gains one and the queen none, by worths the
/// pawn gains 1 and the queen 9 - 5.
const TWO_PREYS: &str = "
. . . . k . . r
. . . . . . . .
. . . p . . . .
. . . . . . . .
. . . . . . . .
K . . . . . . .
. . . . . . . .
. . . R . . . q";

/// The move the search picks in [`TWO_PREYS`], white to move, in `game`.
fn pick(game: &Arc<Game>) -> String {
    let s = state(game, TWO_PREYS, Player::FIRST);
    let stop = AtomicBool::new(false);
    let thought =
        (Searcher::new().think(&s, Budget::iterations(5000), 1, &stop)).expect("white has moves");
    notation::move_text(&s, thought.best)
}

#[test]
fn the_search_weighs_pieces_by_their_worth() {
    let worths = WORTHS.replace("end when material(opponent) < 2: mover wins\n", "");
    assert_eq!(pick(&load(&worths)), "d1-h1");
    let alike = worths
        .replace(" worth 0", "")
        .replace(" worth 9", "")
        .replace(" worth 5", "");
    assert_eq!(pick(&load(&alike)), "d1-d6");
}
