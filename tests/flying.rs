//! What the draughts family beyond English draughts needs of the language, on small rule
//! texts written from the language reference and on Russian draughts
//! (`tests/fixtures/valid/russian-draughts.game`): jumps from afar (`move jump DIRECTIONS
//! flying over ...`), single and chained; captures that must take the most pieces
//! (`compulsory most`), over chains recorded by their directions, by their pieces, and
//! straight on; what a promotion does to a chain that reaches its region (`at once`, `at
//! end`, and the default that ends it); the text of such chains (the first route, any route
//! read); undo and the hash; the compiler's limit on the pieces a recorded chain can take;
//! and Russian draughts against the independent reference
//! (`tests/common/flying_draughts_reference.rs`), move by move and by the counts of
//! `tests/perft/russian-draughts.perft`.

use crate::common::flying_checks;
use crate::common::flying_draughts_reference as reference;

use std::sync::Arc;

use reference::{Game as Reference, Variant};
use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::notation::legal_texts;
use rulebook::{notation, pipeline};

const RUSSIAN: &str = include_str!("fixtures/valid/russian-draughts.game");

/// Pieces that jump orthogonally from afar, one piece a move, and step orthogonally.
const LONG_JUMPS: &str = r#"
game "Long jumps"
players white, black
board grid 8 by 8
piece man
move jump orthogonal flying over enemy remove
move step orthogonal
end when no legal move: mover loses
"#;

/// Draughts of men that capture both ways and short kings, where a capture must take the
/// most pieces (chains recorded by their directions: nothing flies).
const SHORT_MOST: &str = r#"
game "Short kings, most"
players white, black
board grid 8 by 8
piece man, king
setup white man on dark * rank(1)
setup black man on dark * rank(8)
move jump diagonal over enemy remove chained by man compulsory most
move jump diagonal over enemy remove chained by king compulsory most
move step forward-diagonal by man
move step diagonal by king
after move promote man to king in rank(8) at end when mover == white
after move promote man to king in rank(1) at end when mover == black
end when no legal move: mover loses
"#;

fn load(name: &str, text: &str) -> Arc<Game> {
    pipeline::load_text(name, text, None, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn russian() -> Arc<Game> {
    load("russian-draughts.game", RUSSIAN)
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(state: &mut State, text: &str) {
    notation::play_text(state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refusal(state: &mut State, text: &str) -> String {
    match notation::parse_move(state, text) {
        Ok(m) => panic!("{text} was accepted as {}", notation::move_text(state, m)),
        Err(e) => e.to_string(),
    }
}

/// Every legal move, played and taken back, leaves the position and its hash as they were,
/// and the hash after it is the position's own.
fn undo_everything(state: &mut State) -> usize {
    let (before, hash) = (notation::position_text(state), state.hash());
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    for &m in moves.iter() {
        state.apply(m);
        assert_eq!(*state, state.rebuilt(), "the hash is the position's own");
        state.undo();
        assert_eq!(
            (notation::position_text(state), state.hash()),
            (before.clone(), hash)
        );
    }
    moves.len()
}

#[test]
fn a_flying_jump_passes_empty_sites_and_lands_on_any_beyond() {
    let g = load("long.game", LONG_JUMPS);
    // White (upper case) on a1, Black on a5 and on h8: the jump over a5 lands on a6, a7 or
    // a8; along rank 1 nothing is jumped.
    let mut s = at(&g, "7B/8/8/B7/8/8/8/W7 white");
    let jumps: Vec<String> = legal_texts(&s)
        .into_iter()
        .filter(|m| m.contains("a1-a"))
        .collect();
    assert_eq!(jumps, ["a1-a6", "a1-a7", "a1-a8", "a1-a2"]);
    play(&mut s, "a1-a7");
    assert_eq!(notation::position_text(&s), "7B/W7/8/8/8/8/8/8 black");
    // A friend in the gap, two pieces in a row, or a piece with nothing empty behind it
    // cannot be jumped.
    for blocked in [
        "7B/8/8/B7/8/W7/8/W7 white",
        "7B/8/8/B7/B7/8/8/W7 white",
        "B7/B7/B7/B7/8/8/8/W7 white",
    ] {
        let moves = legal_texts(&at(&g, blocked));
        assert!(
            !moves.iter().any(|m| m.starts_with("a1-a") && m != "a1-a2"),
            "{blocked}: {moves:?}"
        );
    }
    // Three jumps and two steps.
    assert_eq!(undo_everything(&mut at(&g, "7B/8/8/B7/8/8/8/W7 white")), 5);
}

#[test]
fn a_flying_jump_keeps_to_where_it_may_land_and_what_it_avoids() {
    let rules = |clauses: &str| {
        let text = LONG_JUMPS.replace(
            "flying over enemy remove",
            &format!("flying over enemy remove {clauses}"),
        );
        load("long.game", &text)
    };
    let jumps = |g: &Arc<Game>| -> Vec<String> {
        let s = at(g, "7B/8/8/B7/8/8/8/W7 white");
        legal_texts(&s)
            .into_iter()
            .filter(|m| m.starts_with("a1-a") && m != "a1-a2")
            .collect()
    };
    // a7 is passed over, not landed on.
    assert_eq!(jumps(&rules("not landing on a7")), ["a1-a6", "a1-a8"]);
    // An avoided site in the gap, or beyond the piece, stops the jump there.
    assert!(jumps(&rules("avoiding a3")).is_empty());
    assert_eq!(jumps(&rules("avoiding a7")), ["a1-a6"]);
    assert!(
        jumps(&rules("avoiding a5")).is_empty(),
        "the piece itself avoided"
    );
}

#[test]
fn the_most_pieces_over_chains_recorded_by_their_directions() {
    let g = load("short.game", SHORT_MOST);
    // The man on c3 takes one (c3-a5) or two (c3-e5-g7): only the two.
    let mut s = at(&g, "7m/8/5m2/8/1m1m4/2M5/8/8 white");
    assert_eq!(legal_texts(&s), ["c3-e5-g7"]);
    assert_eq!(
        refusal(&mut s, "c3-a5"),
        "c3-a5 is not legal: a capture must take the most pieces it can: \
         this one takes 1 piece, and c3-e5-g7 takes 2 pieces"
    );
    // A king's three beat a man's two; two of three are equal and both legal.
    let s = at(&g, "8/8/5m2/8/1m1m4/2M5/3m1m2/6K1 white");
    assert_eq!(legal_texts(&s), ["g1-e3-c5-a3"]);
    let s = at(&g, "8/8/8/8/1m1m4/2M5/8/8 white");
    assert_eq!(legal_texts(&s), ["c3-a5", "c3-e5"]);
}

#[test]
fn the_most_pieces_over_chains_straight_on() {
    let g = load(
        "straight.game",
        r#"
game "Straight"
players white, black
board grid 8 by 1
piece man
move jump east, west over enemy remove chained straight compulsory most
move step east, west
end when no legal move: mover loses
"#,
    );
    // From a1 over b1 to c1, and on over d1 to e1: only the longer is legal.
    let s = at(&g, "WB1B4 white");
    assert_eq!(legal_texts(&s), ["a1-c1-e1"]);
    let s = at(&g, "WB1B1B2 white");
    assert_eq!(legal_texts(&s), ["a1-c1-e1-g1"]);
}

#[test]
fn at_end_a_man_passes_the_far_rank_in_a_chain_recorded_by_directions() {
    let g = load("short.game", SHORT_MOST);
    // Over d7 onto e8 and on over f7 to g6: still a man.
    let mut s = at(&g, "8/3m1m2/2M5/8/8/8/8/8 white");
    assert_eq!(legal_texts(&s), ["c6-e8-g6"]);
    play(&mut s, "c6-e8-g6");
    assert_eq!(notation::position_text(&s), "8/8/6M1/8/8/8/8/8 black");
    // Without `at end`, the chain ends on e8, where the man is crowned.
    let g = load("short.game", &SHORT_MOST.replace(" at end", ""));
    let mut s = at(&g, "8/3m1m2/2M5/8/8/8/8/8 white");
    assert_eq!(legal_texts(&s), ["c6-e8"]);
    play(&mut s, "c6-e8");
    assert_eq!(notation::position_text(&s), "4K3/5m2/8/8/8/8/8/8 black");
}

#[test]
fn at_once_a_man_crowned_in_a_capture_goes_on_as_a_king() {
    let g = russian();
    // Over c7 onto d8, crowned, and on as a king over e7, landing on f6, g5 or h4.
    let mut s = at(&g, "8/2m1m3/1M6/8/8/8/8/8 white");
    assert_eq!(legal_texts(&s), ["b6-d8-h4", "b6-d8-g5", "b6-d8-f6"]);
    play(&mut s, "b6-d8-g5");
    assert_eq!(notation::position_text(&s), "8/8/8/6K1/8/8/8/8 black");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    s.undo();
    assert_eq!(notation::position_text(&s), "8/2m1m3/1M6/8/8/8/8/8 white");
    // With nothing more to take, it is crowned where the capture ends.
    let mut s = at(&g, "7m/2m5/1M6/8/8/8/8/8 white");
    play(&mut s, "b6-d8");
    assert_eq!(notation::position_text(&s), "3K3m/8/8/8/8/8/8/8 black");
    // Black's men are crowned on rank 1: over d2 onto c1, then as a king over b2 to a3,
    // where the capture ends with a king.
    let mut s = at(&g, "7K/8/8/8/8/4m3/1M1M4/8 black");
    assert_eq!(legal_texts(&s), ["e3-c1-a3"]);
    play(&mut s, "e3-c1-a3");
    assert_eq!(notation::position_text(&s), "7K/8/8/8/8/k7/8/8 white");
    assert_eq!(
        undo_everything(&mut at(&g, "8/2m1m3/1M6/8/8/8/8/8 white")),
        3
    );
}

#[test]
fn a_chain_recorded_by_its_pieces_is_written_along_its_first_route() {
    let g = russian();
    // The king on c5 goes round the four men about e5 (d4, f4, d6, f6) either way: both
    // ways back to c5 take the same men, one move, written along the first route found.
    let mut s = at(&g, "7m/8/3m1m2/2K5/3m1m2/8/8/8 white");
    let moves = legal_texts(&s);
    let round: Vec<&String> = moves
        .iter()
        .filter(|m| m.ends_with("-c5") && m.split('-').count() == 5)
        .collect();
    assert_eq!(round.len(), 1, "{moves:?}");
    let first = round[0].clone();
    // The other way round is read as the same move, and the move keeps its first text
    // once played (the last move is read in the position before it).
    let parts: Vec<&str> = first.split('-').collect();
    let other: Vec<&str> = std::iter::once(parts[0])
        .chain(parts[1..parts.len() - 1].iter().rev().copied())
        .chain(std::iter::once(parts[parts.len() - 1]))
        .collect();
    let other = other.join("-");
    assert_ne!(other, first);
    let m = notation::parse_move(&mut s, &other).expect("the other way round");
    assert_eq!(notation::move_text(&s, m), first);
    s.apply(m);
    assert_eq!(notation::move_text(&s, m), first, "the last move's text");
    assert_eq!(notation::position_text(&s), "7m/8/8/2K5/8/8/8/8 black");
}

#[test]
fn a_chain_recorded_by_its_pieces_must_fit_the_board() {
    // Flying chains along the four orthogonal directions: a piece on any site but a corner
    // could be jumped (along the edge, too), 60 on 8 x 8, within the 64 a move records,
    // and 96 on 10 x 10.
    let text = |size: u32| {
        format!(
            "game \"T\"\nplayers white, black\nboard grid {size} by {size}\npiece man\n\
             setup white man on a1\nsetup black man on b2\n\
             move jump orthogonal flying over enemy remove chained\nmove step orthogonal\n\
             end when no legal move: mover loses\n"
        )
    };
    assert!(pipeline::load_text("t.game", &text(8), None, &[]).is_ok());
    let refused = match pipeline::load_text("t.game", &text(10), None, &[]) {
        Ok(_) => panic!("10 x 10 is refused"),
        Err(e) => e.render(false),
    };
    assert!(
        refused.contains(
            "a chain of these jumps could jump any of 96 pieces on this board; \
             a move records at most 64"
        ),
        "{refused}"
    );
    // Along the diagonals, only sites off the edge can be jumped, and the two colours are
    // apart: 50 each on 12 x 12.
    let diagonal = text(12).replace("orthogonal flying", "diagonal flying");
    assert!(pipeline::load_text("t.game", &diagonal, None, &[]).is_ok());
}

/// The reference's counts and the engine's agree with the data file up to `limit` leaves.
fn check_russian_perft(limit: u64) {
    let path = "tests/perft/russian-draughts.perft";
    let cases = flying_checks::check_perft(path, &russian(), Variant::Russian, limit);
    assert!(cases >= 3, "{cases} cases");
}

#[test]
fn russian_perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_russian_perft(60_000);
}

#[test]
#[ignore = "deep: millions of leaves through the slow reference"]
fn deep_russian_perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_russian_perft(u64::MAX);
}

#[test]
fn russian_random_games_agree_with_the_reference_and_undo() {
    let game = russian();
    let mut rng = Rng::new(11);
    let mut moves = MoveList::new();
    let (mut crowned_in_capture, mut plies) = (0, 0);
    for g in 0..60 {
        let mut state = State::new(Arc::clone(&game));
        let mut reference = Reference::new(Variant::Russian);
        for ply in 0..250 {
            let here = format!("game {g}, ply {ply}: {}", reference.to_text());
            flying_checks::assert_agree(&state, &reference, &here);
            undo_everything(&mut state);
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let text = notation::move_text(&state, m);
            crowned_in_capture += usize::from(m.became().is_some() && m.legs() > 1);
            state.apply(m);
            reference = reference.play(&text);
            plies += 1;
        }
    }
    assert!(plies > 2000, "{plies} plies");
    assert!(
        crowned_in_capture > 0,
        "no man was crowned during a capture"
    );
}
