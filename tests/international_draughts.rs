//! International draughts (`games/international-draughts.game`, rules ID-1 .. ID-10 of
//! `docs/games/international-draughts.md`) and the independent reference written from
//! that page (`tests/common/flying_draughts_reference.rs`): hand-worked positions for every
//! rule, checked in the reference and in the engine; the published perft of the start
//! (Aart Bik's, duplicate captures removed) and the counts of
//! `tests/perft/international-draughts.perft`; seeded random games and random positions
//! with kings compared move by move (every route of a capture read as its move); undo and
//! the hash.

use crate::common::flying_checks;
use crate::common::flying_draughts_reference as reference;
use crate::common::rows;

use std::sync::Arc;

use reference::{Game as Reference, Variant};
use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::notation::legal_texts;
use rulebook::{notation, pipeline};

const START: &str = "1m1m1m1m1m/m1m1m1m1m1/1m1m1m1m1m/m1m1m1m1m1/10/10/\
                     1M1M1M1M1M/M1M1M1M1M1/1M1M1M1M1M/M1M1M1M1M1 white";

fn game() -> Arc<Game> {
    pipeline::load("international-draughts", None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The legal moves of a position in the engine and in the reference, which must agree;
/// the engine's, in its order.
fn both(text: &str) -> Vec<String> {
    let engine = legal_texts(&at(&game(), text));
    let mut reference = Reference::from_position(Variant::International, text).moves();
    reference.sort();
    assert_eq!(sorted(engine.clone()), reference, "{text}");
    engine
}

/// The position after moves given as text, in the engine and the reference, which must
/// agree.
fn after(text: &str, moves: &[&str]) -> String {
    let mut state = at(&game(), text);
    let mut reference = Reference::from_position(Variant::International, text);
    for m in moves {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        reference = reference.play(m);
    }
    let got = notation::position_text(&state);
    assert_eq!(got, reference.to_text());
    got
}

fn refusal(text: &str, m: &str) -> String {
    let mut state = at(&game(), text);
    match notation::parse_move(&mut state, m) {
        Ok(_) => panic!("{m} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn id1_the_start_twenty_men_each_white_first() {
    let s = State::new(game());
    assert_eq!(notation::position_text(&s), START);
    assert_eq!(Reference::new(Variant::International).to_text(), START);
    assert_eq!(
        both(START),
        ["b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5", "h4-i5", "j4-i5"]
    );
}

#[test]
fn id2_id3_a_man_steps_forward_a_king_slides() {
    assert_eq!(
        both("1m8/10/10/10/10/10/3M6/10/10/10 white"),
        ["d4-c5", "d4-e5"]
    );
    // Black's men step down the board.
    assert_eq!(
        both("10/10/10/10/10/4m5/10/10/10/M9 black"),
        ["e5-d4", "e5-f4"]
    );
    // A king goes any distance along the four diagonals, up to a piece or the edge.
    let king = both("1m8/10/10/10/10/10/3K6/10/10/10 white");
    assert_eq!(king.len(), 15);
    assert!(king.contains(&"d4-j10".to_string()) && king.contains(&"d4-a1".to_string()));
    let blocked = both("1m8/10/10/10/5M4/10/3K6/10/10/10 white");
    assert!(!blocked
        .iter()
        .any(|m| m.starts_with("d4-") && m.ends_with("f6")));
}

#[test]
fn id4_a_man_captures_forward_and_backward() {
    assert_eq!(both("1m8/10/10/10/10/10/3M6/2m7/10/10 white"), ["d4-b2"]);
    assert_eq!(both("1m8/10/10/10/10/4m5/3M6/10/10/10 white"), ["d4-f6"]);
    // Not over its own piece, nor onto an occupied square.
    assert_eq!(
        both("1m8/10/10/10/10/4M5/3M6/10/10/10 white"),
        ["d4-c5", "e5-d6", "e5-f6"]
    );
    assert_eq!(
        both("1m8/10/10/10/5m4/4m5/3M6/10/10/10 white"),
        ["d4-c5"],
        "e5 cannot be jumped: f6 is occupied"
    );
}

#[test]
fn id5_a_king_captures_from_afar_and_lands_on_any_square_beyond() {
    assert_eq!(
        both("1m8/10/10/10/10/10/3m6/10/10/K9 white"),
        ["a1-e5", "a1-f6", "a1-g7", "a1-h8", "a1-i9", "a1-j10"]
    );
    // Two pieces next to each other cannot be jumped; a friend in the way blocks.
    assert_eq!(both("1m8/10/10/10/4m5/3m6/10/10/10/K9 white").len(), 9);
    assert_eq!(both("1m8/10/10/10/10/10/3m6/10/1M8/K9 white").len(), 2);
    // The landing squares end at the next piece; from them the king goes on along the
    // same line over it (from e5 or f6: the same pieces, the same end, one move each).
    assert_eq!(
        both("1m8/10/10/6m3/10/10/3m6/10/10/K9 white"),
        ["a1-e5-h8", "a1-e5-i9", "a1-e5-j10"]
    );
}

#[test]
fn id6_a_capture_goes_on_landing_where_it_can() {
    // Over d4, the king may land on e5 .. j10, but only from f6 can it go on (over e7):
    // it must land there.
    assert_eq!(
        both("1m8/10/10/4m5/10/10/3m6/10/10/K9 white"),
        ["a1-f6-d8", "a1-f6-c9"]
    );
    // A man goes on too, turning, and takes every piece when the move ends.
    let text = "1m8/10/10/10/3m6/10/3m6/2M7/10/10 white";
    assert_eq!(both(text), ["c3-e5-c7"]);
    assert_eq!(
        after(text, &["c3-e5-c7"]),
        "1m8/10/10/2M7/10/10/10/10/10/10 black"
    );
}

#[test]
fn id6_a_piece_is_jumped_once_and_stays_until_the_move_ends() {
    // The king on c5 goes round the four men about e5, either way, over each once: the
    // last jump lands on c5 (where it began: empty during the move), b4 or a3 one way, c5,
    // b6 or a7 the other. Both ways back to c5 take the same men: one move, written along
    // the first route found (north-east first: over d6 to e7). Landing beyond e3 or e7
    // elsewhere than g5's line would end the capture early, so those landings are not taken.
    let text = "1m8/10/10/10/3m1m4/2K7/3m1m4/10/10/10 white";
    assert_eq!(
        both(text),
        [
            "c5-e3-g5-e7-a3",
            "c5-e3-g5-e7-b4",
            "c5-e7-g5-e3-c5",
            "c5-e7-g5-e3-b6",
            "c5-e7-g5-e3-a7"
        ]
    );
    assert_eq!(
        after(text, &["c5-e3-g5-e7-c5"]),
        "1m8/10/10/10/10/2K7/10/10/10/10 black"
    );
    // Once round, the king on c5 (before the move ends) faces d6 again, still standing:
    // it may not jump it a second time, so the capture stops at four.
    let mut s = at(&game(), text);
    let m = notation::parse_move(&mut s, "c5-e3-g5-e7-c5").expect("the other way round");
    assert_eq!(
        (m.legs(), notation::move_text(&s, m)),
        (4, "c5-e7-g5-e3-c5".to_string())
    );
}

#[test]
fn id7_the_capture_that_takes_the_most_pieces_is_compulsory() {
    let text = "9m/10/10/10/5m4/10/1m1m6/2M7/10/10 white";
    assert_eq!(both(text), ["c3-e5-g7"]);
    assert_eq!(
        refusal(text, "c3-a5"),
        "c3-a5 is not legal: a capture must take the most pieces it can: \
         this one takes 1 piece, and c3-e5-g7 takes 2 pieces"
    );
    // A step when a capture is possible.
    assert_eq!(
        refusal("9m/10/10/10/10/10/3m6/2M7/10/M9 white", "a1-b2"),
        "a1-b2 is not legal: a capture is compulsory: c3-e5"
    );
    // A king's capture and a man's count alike: the man takes two, the king one.
    assert_eq!(
        both("1m8/10/10/10/5m4/10/3m4m1/2M7/10/6K3 white"),
        ["c3-e5-g7"]
    );
    // Equal captures are all legal.
    assert_eq!(
        both("1m8/10/10/10/10/10/1m1m6/2M7/10/10 white"),
        ["c3-a5", "c3-e5"]
    );
}

#[test]
fn id8_a_man_is_crowned_only_where_its_move_ends() {
    // Over d9 onto e10, the man must go on over f9: it stays a man.
    let text = "10/3m1m4/2M7/10/10/10/10/10/10/10 white";
    assert_eq!(both(text), ["c8-e10-g8"]);
    assert_eq!(
        after(text, &["c8-e10-g8"]),
        "10/10/6M3/10/10/10/10/10/10/10 black"
    );
    // Ending there, it is crowned.
    let text = "1m8/3m6/2M7/10/10/10/10/10/10/10 white";
    assert_eq!(
        after(text, &["c8-e10"]),
        "1m2K5/10/10/10/10/10/10/10/10/10 black"
    );
    // By a step too; Black's men are crowned on rank 1.
    assert_eq!(
        after("1m8/2M7/10/10/10/10/10/10/10/10 white", &["c9-d10"]),
        "1m1K6/10/10/10/10/10/10/10/10/10 black"
    );
    assert_eq!(
        after("10/10/10/10/10/10/10/10/1m8/8M1 black", &["b2-a1"]),
        "10/10/10/10/10/10/10/10/10/k7M1 white"
    );
}

#[test]
fn id9_id10_the_end() {
    // White's man on a1 is blocked by b2, and b2 cannot be jumped (c3 is Black's): White
    // has no move and loses.
    let s = at(&game(), "10/10/10/10/10/10/10/2m7/1m8/M9 white");
    assert!(legal_texts(&s).is_empty());
    assert_eq!(
        s.outcome(),
        Some(Outcome::Win(rulebook::model::Player::SECOND))
    );
    assert_eq!(
        Reference::from_position(
            Variant::International,
            "10/10/10/10/10/10/10/2m7/1m8/M9 white"
        )
        .outcome(),
        Some(Some(1))
    );
    // Kings back and forth: the start position comes again, a draw.
    let kings = "7k2/10/10/10/10/10/10/10/10/K9 white";
    let moves = ["a1-b2", "h10-g9", "b2-a1", "g9-h10"];
    let mut s = at(&game(), kings);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(s.outcome(), None, "before move {i}");
        notation::play_text(&mut s, m).unwrap();
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    let r = moves.iter().fold(
        Reference::from_position(Variant::International, kings),
        |g, m| g.play(m),
    );
    assert_eq!(r.outcome(), Some(None));
}

#[test]
fn the_start_has_the_published_perft_counts() {
    // Aart Bik's figures (BikDam, duplicate captures removed): 9, 81, 658, 4265, 27117,
    // 167140; the reference agrees to depth 4, and to 6 with --ignored.
    let mut s = State::new(game());
    assert_eq!(perft(&mut s, 6), [9, 81, 658, 4265, 27117, 167140]);
    let r = Reference::new(Variant::International);
    assert_eq!(r.perft(4), [9, 81, 658, 4265]);
}

/// The reference's counts and the engine's agree with the data file up to `limit` leaves.
fn check_perft(limit: u64) {
    let path = "tests/perft/international-draughts.perft";
    let cases = flying_checks::check_perft(path, &game(), Variant::International, limit);
    assert!(cases >= 4, "{cases} cases");
}

#[test]
fn perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_perft(60_000);
}

#[test]
#[ignore = "deep: millions of leaves through the slow reference"]
fn deep_perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_perft(u64::MAX);
}

/// A random position with kings: each dark square holds, with small chances, a man or a
/// king of either side (no man on its own far rank), the player to move at random.
fn random_position(rng: &mut Rng) -> String {
    let mut ranks = Vec::new();
    for r in (0..10).rev() {
        let mut row = String::new();
        for f in 0..10 {
            let roll = rng.below(100);
            let piece = match ((f + r) % 2 == 0, roll) {
                (false, _) => '.',
                (true, 0..=9) if r != 9 => 'M',
                (true, 10..=19) if r != 0 => 'm',
                (true, 20..=23) => 'K',
                (true, 24..=27) => 'k',
                _ => '.',
            };
            row.push(piece);
        }
        ranks.push(row);
    }
    let player = ["white", "black"][rng.below(2)];
    rows::position_text(&ranks, player)
}

/// The positions the legal moves lead to, sorted: what a list of moves does, whatever
/// route each names.
fn outcomes(state: &State) -> Vec<String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut copy = state.clone();
    sorted(
        moves
            .iter()
            .map(|&m| {
                copy.apply(m);
                let text = notation::position_text(&copy);
                copy.undo();
                text
            })
            .collect(),
    )
}

#[test]
fn random_positions_with_kings_agree_with_the_reference_route_by_route() {
    let game = game();
    let mut rng = Rng::new(20261128);
    let (mut routes, mut long) = (0, 0);
    for _ in 0..400 {
        let text = random_position(&mut rng);
        let state = at(&game, &text);
        let reference = Reference::from_position(Variant::International, &text);
        let expected = sorted(
            reference
                .legal()
                .iter()
                .map(|m| reference.after(m).to_text())
                .collect(),
        );
        assert_eq!(outcomes(&state), expected, "{text}");
        assert_eq!(
            sorted(legal_texts(&state)),
            sorted(reference.moves()),
            "{text}"
        );
        // Every route of a capture, typed, is read as its move.
        for (route, canonical) in reference.routes() {
            let mut copy = state.clone();
            let m = notation::parse_move(&mut copy, &route)
                .unwrap_or_else(|e| panic!("{text}: {route}: {e}"));
            assert_eq!(notation::move_text(&state, m), canonical, "{text}: {route}");
            routes += 1;
            long += usize::from(route.split('-').count() > 3);
        }
    }
    assert!(
        routes > 500 && long > 20,
        "{routes} routes, {long} of three jumps or more"
    );
}

#[test]
fn random_games_agree_with_the_reference_and_undo() {
    let game = game();
    let mut rng = Rng::new(7);
    let mut moves = MoveList::new();
    let mut kings = 0;
    for g in 0..24 {
        let mut state = State::new(Arc::clone(&game));
        let mut reference = Reference::new(Variant::International);
        for ply in 0..300 {
            let here = format!("game {g}, ply {ply}: {}", reference.to_text());
            flying_checks::assert_agree(&state, &reference, &here);
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Every move is undone to the same position and hash.
            let (before, hash) = (notation::position_text(&state), state.hash());
            for &m in moves.iter() {
                state.apply(m);
                state.undo();
                assert_eq!(
                    (notation::position_text(&state), state.hash()),
                    (before.clone(), hash)
                );
            }
            let m = moves[rng.below(moves.len())];
            let text = notation::move_text(&state, m);
            state.apply(m);
            assert_eq!(state, state.rebuilt(), "{here}: the hash after {text}");
            reference = reference.play(&text);
            kings += notation::position_text(&state).matches(['K', 'k']).count();
        }
    }
    assert!(kings > 100, "the games reach kings: {kings}");
}
