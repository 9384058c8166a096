//! The bundled shogi (`games/shogi.game`, rules SH-1 .. SH-19 of `docs/games/shogi.md`) on
//! hand-built positions: a test for each rule the start position does not reach, each
//! expected move list worked out by hand from the rules page. Positions are rulebook's
//! position text: ranks 9 to 1, files a to i, upper case Black's, the hands as
//! `hand=PLAYER:K,R,B,G,S,N,L,P` counts; letters K R B G S N L P and D H T I M U for the
//! promoted rook, bishop, pawn, silver, knight and lance.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::Game;
use rulebook::notation::{parse_position, play_text, position_text};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, set};

fn shogi() -> Arc<Game> {
    pipeline::load("shogi", None, &[]).expect("the bundled shogi loads")
}

fn at(text: &str) -> State {
    parse_position(&shogi(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal drops of `state` (`X*SITE`).
fn drops(state: &mut State) -> BTreeSet<String> {
    legal(state)
        .into_iter()
        .filter(|m| m.contains('*'))
        .collect()
}

#[test]
fn sh8_the_knight_leaps_two_forward_and_one_aside_only() {
    // Black's knight on e3 (kings far away): d5 and f5, nothing backwards or sideways.
    let mut black = at("k8/9/9/9/9/9/4N4/9/8K black");
    assert_eq!(from(&legal(&mut black), "e3"), set(&["e3-d5", "e3-f5"]));
    // White's knight on e7 goes the other way: d5 and f5.
    let mut white = at("k8/9/4n4/9/9/9/9/9/8K white");
    assert_eq!(from(&legal(&mut white), "e7"), set(&["e7-d5", "e7-f5"]));
}

#[test]
fn sh11_promotion_is_offered_into_within_and_out_of_the_zone() {
    // A silver entering the zone (e6-e7), and one leaving it (c7-b6), may promote or not;
    // a silver outside the zone (g4-g5) may not.
    let mut state = at("k8/9/2S6/4S4/9/6S2/9/9/8K black");
    let moves = legal(&mut state);
    for m in [
        "e6-e7=I", "e6-e7=S", "c7-b6=I", "c7-b6=S", "c7-c8=I", "c7-c8=S",
    ] {
        assert!(moves.contains(m), "{m} in {moves:?}");
    }
    assert!(moves.contains("g4-g5") && !moves.iter().any(|m| m.starts_with("g4-g5=")));
    // A gold and a promoted piece never promote.
    let mut gold = at("k8/9/9/4G4/9/9/9/9/8K black");
    assert!(!legal(&mut gold).iter().any(|m| m.contains('=')));
}

#[test]
fn sh12_a_pawn_on_the_last_rank_and_a_knight_on_the_last_two_must_promote() {
    // The pawn to e9 and the knight to b9 or d9 (the last rank) are promoted with no
    // choice: their moves name none.
    let mut state = at("k8/4P4/2N6/9/9/9/9/9/8K black");
    let moves = legal(&mut state);
    assert!(moves.contains("e8-e9"), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("e8-e9=")));
    assert!(moves.contains("c7-b9") && moves.contains("c7-d9"));
    play_text(&mut state, "e8-e9").expect("legal");
    assert!(
        position_text(&state).starts_with("k3T4/"),
        "{}",
        position_text(&state)
    );
}

#[test]
fn sh13_a_piece_taken_goes_to_the_takers_hand_unpromoted() {
    // Black's rook takes White's dragon on e7: Black then holds a rook in hand, and can
    // drop it; undo gives the dragon back to White. (The rook lands in the zone and
    // stays a rook.)
    let mut state = at("k8/9/4d4/9/9/9/9/4R4/8K black");
    play_text(&mut state, "e2-e7=R").expect("legal");
    let text = position_text(&state);
    assert!(text.ends_with("hand=black:0,1,0,0,0,0,0,0"), "{text}");
    state.undo();
    assert_eq!(position_text(&state), "k8/9/4d4/9/9/9/9/4R4/8K black");
}

#[test]
fn sh14_a_drop_never_lands_where_the_piece_could_not_move_again() {
    // Black holds a lance and a knight: the lance on any empty point but rank 9, the
    // knight on any but ranks 8 and 9.
    let mut state = at("k8/9/9/9/9/9/9/9/8K black hand=black:0,0,0,0,0,1,1,0");
    let dropped = drops(&mut state);
    let on_rank = |rank: &str| dropped.iter().filter(|d| d.ends_with(rank)).count();
    assert!(!dropped
        .iter()
        .any(|d| d.starts_with("L*") && d.ends_with('9')));
    assert!(!dropped
        .iter()
        .any(|d| d.starts_with("N*") && (d.ends_with('9') || d.ends_with('8'))));
    // Below rank 9, 72 points less i1 (Black's king) for the lance; below rank 8, 63 less
    // i1 for the knight.
    assert_eq!(
        dropped.iter().filter(|d| d.starts_with("L*")).count(),
        72 - 1
    );
    assert_eq!(
        dropped.iter().filter(|d| d.starts_with("N*")).count(),
        63 - 1
    );
    assert_eq!(on_rank("9"), 0);
}

#[test]
fn sh15_no_pawn_drop_on_a_file_with_an_unpromoted_pawn_of_ones_own() {
    // Black's pawn on c4 closes file c; its tokin on f5 does not close file f; White's
    // pawn on g6 does not close file g for Black.
    let mut state = at("k8/9/9/6p2/5T3/2P6/9/9/8K black hand=black:0,0,0,0,0,0,0,1");
    let dropped = drops(&mut state);
    assert!(!dropped.iter().any(|d| d.starts_with("P*c")));
    assert!(dropped.contains("P*f4") && dropped.contains("P*g5"));
}

#[test]
fn sh16_a_pawn_drop_may_not_mate_at_once() {
    // White's king on a9, its knight on b9: P*a8 would check it, the pawn guarded by the
    // gold on b7 and b8 covered by both golds, with no escape: forbidden. Pushed there
    // from a7, the same pawn mates lawfully.
    let mate_by_drop = "kn7/2G6/1G7/9/9/9/9/9/8K black hand=black:0,0,0,0,0,0,0,1";
    let mut state = at(mate_by_drop);
    let dropped = drops(&mut state);
    assert!(!dropped.contains("P*a8"), "{dropped:?}");
    assert!(dropped.contains("P*a7"));
    let mut pushed = at("kn7/2G6/PG7/9/9/9/9/9/8K black");
    assert!(legal(&mut pushed).contains("a7-a8=P"));
    play_text(&mut pushed, "a7-a8=P").expect("legal");
    assert!(legal(&mut pushed).is_empty(), "the push mates");
    // A pawn drop that checks, where the king can take the pawn, is allowed.
    let mut escape = at("k8/9/9/9/9/9/9/9/8K black hand=black:0,0,0,0,0,0,0,1");
    assert!(drops(&mut escape).contains("P*a8"));
}

#[test]
fn sh17_no_move_may_leave_ones_king_attacked() {
    // Black's silver on e2 is pinned by White's lance on e9 against Black's king on e1.
    let mut state = at("k3l4/9/9/9/9/9/9/4S4/4K4 black");
    assert_eq!(from(&legal(&mut state), "e2"), set(&["e2-e3"]));
}

/// Plays `cycle` `times` times from `state`.
fn cycles(state: &mut State, cycle: &[&str], times: usize) {
    for _ in 0..times {
        for m in cycle {
            play_text(state, m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        }
    }
}

#[test]
fn sh19_a_fourth_repetition_by_perpetual_check_loses_for_the_checker() {
    // Black's rook checks White's king along rank 5, then rank 4, as the king steps
    // between i5 and i4: the start's fourth occurrence comes after White's move, and
    // Black, who checked with every move, loses.
    let start = "9/9/9/9/8k/R8/9/9/4K4 black";
    let mut state = at(start);
    let checks = ["a4-a5", "i5-i4", "a5-a4", "i4-i5"];
    cycles(&mut state, &checks, 2);
    assert_eq!(state.outcome(), None, "the start has occurred three times");
    cycles(&mut state, &checks, 1);
    let white = rulebook::model::Player::new(1).unwrap();
    assert_eq!(state.outcome(), Some(rulebook::engine::Outcome::Win(white)));
    assert_eq!(
        rulebook::render::end_reason(&state),
        "black kept attacked(opponent, king) through a repeated position"
    );
}

#[test]
fn sh19_any_other_fourth_repetition_is_a_draw() {
    // The rook and the king step to and fro without a check.
    let mut state = at("9/9/9/9/8k/R8/9/9/4K4 black");
    let quiet = ["a4-a3", "i5-i6", "a3-a4", "i6-i5"];
    cycles(&mut state, &quiet, 2);
    assert_eq!(state.outcome(), None);
    cycles(&mut state, &quiet, 1);
    assert_eq!(state.outcome(), Some(rulebook::engine::Outcome::Draw));
}
