//! Tests of the independent Brandubh reference implementation
//! (`tests/common/brandubh_reference.rs`, rules BR-1..BR-10 of `docs/games/brandubh.md`):
//! hand-worked positions for every rule, the scenario file
//! `tests/scenarios/brandubh-positions.yaml` case by case, the perft data file
//! `tests/perft/brandubh.perft` up to two million leaves, and random games.
//!
//! Every expected move list and board below was worked out by hand from the rules page,
//! not printed by the reference.

use crate::common::grid_checks;
use crate::common::xorshift::XorShift;
use crate::common::{brandubh_reference, perft_file};

use brandubh_reference::{point, Game, Piece, BLACK, CORNERS, THRONE, WHITE};

const START: &str = "3S3/3S3/3s3/SSsksSS/3s3/3S3/3S3 black";

fn list(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn pieces(g: &Game) -> usize {
    g.cells().iter().filter(|c| c.is_some()).count()
}

// ---------------------------------------------------------------------------------------
// BR-1, BR-2: board, setup, turns; the position text.

#[test]
fn br1_start_position() {
    let g = Game::new();
    assert_eq!(g.to_text(), START);
    assert_eq!(Game::from_position(START), g);
    assert_eq!(g.at(point("d4")), Some(Piece::King));
    for p in ["c4", "e4", "d3", "d5"] {
        assert_eq!(g.at(point(p)), Some(Piece::Soldier(WHITE)), "{p}");
    }
    for p in ["d1", "d2", "d6", "d7", "a4", "b4", "f4", "g4"] {
        assert_eq!(g.at(point(p)), Some(Piece::Soldier(BLACK)), "{p}");
    }
    assert_eq!(pieces(&g), 13);
    assert_eq!(g.to_move(), BLACK);
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.board_text(),
        "   a b c d e f g\n\
         7  . . . S . . .  7\n\
         6  . . . S . . .  6\n\
         5  . . . s . . .  5\n\
         4  S S s k s S S  4\n\
         3  . . . s . . .  3\n\
         2  . . . S . . .  2\n\
         1  . . . S . . .  1\n   \
         a b c d e f g\n"
    );
}

#[test]
fn br2_black_moves_first_with_40_moves() {
    // d1, d7, a4, g4: 4 each; d2, d6, b4, f4: 6 each.
    let expected = list(
        "a4-a2 a4-a3 a4-a5 a4-a6 b4-b1 b4-b2 b4-b3 b4-b5 b4-b6 b4-b7 d1-b1 d1-c1 d1-e1 d1-f1 \
         d2-a2 d2-b2 d2-c2 d2-e2 d2-f2 d2-g2 d6-a6 d6-b6 d6-c6 d6-e6 d6-f6 d6-g6 d7-b7 d7-c7 \
         d7-e7 d7-f7 f4-f1 f4-f2 f4-f3 f4-f5 f4-f6 f4-f7 g4-g2 g4-g3 g4-g5 g4-g6",
    );
    assert_eq!(Game::new().moves(), expected);
    let g = Game::new().play("d2-c2");
    assert_eq!(g.to_move(), WHITE);
    assert_eq!(g.to_text(), "3S3/3S3/3s3/SSsksSS/3s3/2S4/3S3 white");
}

#[test]
fn br2_white_replies_to_each_first_move_by_hand() {
    // 24 at the start; a Black move blocks a defender's line (23) or opens one (25); see
    // "Start position and move counts" in docs/games/brandubh.md. In all 960.
    let blocking = [
        "d1-c1", "d1-e1", "d7-c7", "d7-e7", "a4-a3", "a4-a5", "g4-g3", "g4-g5", "b4-b3", "b4-b5",
        "f4-f3", "f4-f5", "d2-c2", "d2-e2", "d6-c6", "d6-e6",
    ];
    let mut total = 0;
    for m in Game::new().moves() {
        let opens = ["b4", "f4", "d2", "d6"].contains(&&m[..2]);
        let expected = match (opens, blocking.contains(&m.as_str())) {
            (false, false) => 24,
            (false, true) => 23,
            (true, false) => 25,
            (true, true) => 23, // opens one point, blocks two
        };
        let replies = Game::new().play(&m).moves().len();
        assert_eq!(replies, expected, "after {m}");
        total += replies;
    }
    assert_eq!(total, 960);
}

#[test]
fn position_text_round_trips() {
    for text in [
        START,
        "7/5k1/7/7/7/3S3/7 black",
        "2s4/S6/3S1s1/S1s4/1S1kS2/3S3/5S1 black",
        "7/7/7/7/7/7/7 white",
    ] {
        assert_eq!(Game::from_position(text).to_text(), text);
    }
    // `.` for one empty point is read, never printed.
    assert_eq!(
        Game::from_position("...S.../7/7/3k3/7/7/7 white").to_text(),
        "3S3/7/7/3k3/7/7/7 white"
    );
}

// ---------------------------------------------------------------------------------------
// BR-3, BR-4: movement, the throne and the corners.

#[test]
fn br3_rook_moves_stop_at_pieces() {
    // c5 is stopped by c7 (Black) and e5 (Black); the king on a2 may go to both corners.
    let g = Game::from_position("2S4/7/2s1S2/7/7/k6/7 white");
    assert_eq!(
        g.moves(),
        list(
            "a2-a1 a2-a3 a2-a4 a2-a5 a2-a6 a2-a7 a2-b2 a2-c2 a2-d2 a2-e2 a2-f2 a2-g2 \
             c5-a5 c5-b5 c5-c1 c5-c2 c5-c3 c5-c4 c5-c6 c5-d5"
        )
    );
}

#[test]
fn br4_soldiers_pass_over_the_empty_throne_but_do_not_stop() {
    let g = Game::from_position("7/5k1/7/7/7/3S3/7 black");
    assert_eq!(
        g.moves(),
        list("d2-a2 d2-b2 d2-c2 d2-d1 d2-d3 d2-d5 d2-d6 d2-d7 d2-e2 d2-f2 d2-g2")
    );
}

#[test]
fn br4_nothing_passes_the_king_on_the_throne() {
    let g = Game::from_position("7/7/7/3k3/7/7/3S3 black");
    assert_eq!(g.moves(), list("d1-b1 d1-c1 d1-d2 d1-d3 d1-e1 d1-f1"));
}

#[test]
fn br4_soldiers_never_stop_on_corners_the_king_does() {
    let g = Game::from_position("7/5k1/7/7/S6/7/7 black");
    assert_eq!(
        g.moves(),
        list("a3-a2 a3-a4 a3-a5 a3-a6 a3-b3 a3-c3 a3-d3 a3-e3 a3-f3 a3-g3")
    );
    // The king on d2 may go back to the throne.
    let g = Game::from_position("7/5S1/7/7/7/3k3/7 white");
    assert!(g.moves().contains(&"d2-d4".to_string()));
    assert_eq!(g.moves().len(), 12);
}

// ---------------------------------------------------------------------------------------
// BR-5, BR-6: capture of soldiers, hostile points.

#[test]
fn br5_three_captures_at_once() {
    // e1-e2 takes d2 (against c2), f2 (against g2) and e3 (against e4).
    let g = Game::from_position("7/k5S/7/4s2/4S2/2sS1Ss/4s2 white").play("e1-e2");
    assert_eq!(g.to_text(), "7/k5S/7/4s2/7/2s1s1s/7 black");
}

#[test]
fn br5_moving_between_two_enemies_is_safe() {
    let g = Game::from_position("7/2S2k1/7/7/7/1s1s3/7 black").play("c6-c2");
    assert_eq!(g.to_text(), "7/5k1/7/7/7/1sSs3/7 white");
    // And between an enemy and a corner.
    let g = Game::from_position("7/5k1/1S5/7/7/7/2s4 black").play("b5-b1");
    assert_eq!(g.to_text(), "7/5k1/7/7/7/7/1Ss4 white");
}

#[test]
fn br5_the_king_is_armed() {
    // As the hammer: the king takes b2 (against a2) and c3 (against c4); c1 on the edge
    // stays.
    let g = Game::from_position("7/7/7/2s4/2S4/sS4k/2S4 white").play("g2-c2");
    assert_eq!(g.to_text(), "7/7/7/2s4/7/s1k4/2S4 black");
    assert_eq!(g.moves(), list("c1-b1 c1-d1 c1-e1 c1-f1"));
    // As the anvil, on the throne.
    let g = Game::from_position("7/s6/3S3/3k3/7/6S/7 white").play("a6-d6");
    assert_eq!(g.to_text(), "7/3s3/7/3k3/7/6S/7 black");
}

#[test]
fn br6_hostile_points() {
    // A corner against a defender, and against an attacker.
    let g = Game::from_position("7/5k1/7/7/7/7/1s2S2 black").play("e1-c1");
    assert_eq!(g.to_text(), "7/5k1/7/7/7/7/2S4 white");
    let g = Game::from_position("7/5k1/S6/7/4s2/6S/7 white").play("e3-g3");
    assert_eq!(g.to_text(), "7/5k1/S6/7/6s/7/7 black");
    // The empty throne against an attacker (d5, taken from above; Black then has no
    // piece and loses, BR-9) and against a defender.
    let g = Game::from_position("7/s6/3S3/7/7/5k1/7 white").play("a6-d6");
    assert_eq!(g.to_text(), "7/3s3/7/7/7/5k1/7 black");
    assert_eq!(g.outcome(), Some(Some(WHITE)));
    let g = Game::from_position("7/1k5/7/4s2/7/7/5S1 black").play("f1-f4");
    assert_eq!(g.to_text(), "7/1k5/7/5S1/7/7/7 white");
    // The throne with the king on it is not hostile to his defenders.
    let g = Game::from_position("7/7/7/3ks2/7/7/5S1 black").play("f1-f4");
    assert_eq!(g.to_text(), "7/7/7/3ksS1/7/7/7 white");
}

// ---------------------------------------------------------------------------------------
// BR-7, BR-8: the king's capture and escape.

#[test]
fn br7_king_on_the_throne_needs_four() {
    let g = Game::from_position("7/7/3S3/2SkS2/S6/7/7 black").play("a3-d3");
    assert_eq!(g.to_text(), "7/7/3S3/2S1S2/3S3/7/7 white");
    assert_eq!(g.outcome(), Some(Some(BLACK)));
    assert!(g.moves().is_empty());
    // Two in line are not enough on the throne, nor three with a defender.
    let g = Game::from_position("7/7/7/2Sk3/7/7/4S2 black").play("e1-e4");
    assert_eq!(g.outcome(), None);
    let g = Game::from_position("7/7/3S3/2Sks2/7/7/3S3 black").play("d1-d3");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_text(), "7/7/3S3/2Sks2/3S3/7/7 white");
}

#[test]
fn br7_king_beside_the_throne_needs_three_and_the_empty_throne() {
    // The mid-game position of the perft file: the king on d3 with attackers on e3 and
    // d2; b3-c3 closes the fourth side.
    let g = Game::from_position("2s4/S6/3S1s1/S1s4/1S1kS2/3S3/5S1 black");
    assert_eq!(g.play("b3-c3").outcome(), Some(Some(BLACK)));
    let g = Game::from_position("7/S6/2SkS2/7/7/7/7 black").play("a6-d6");
    assert_eq!(g.outcome(), Some(Some(BLACK)));
    let g = Game::from_position("7/7/2Sk2S/7/7/7/7 black").play("g5-e5");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves(), list("d5-d1 d5-d2 d5-d3 d5-d4 d5-d6 d5-d7"));
}

#[test]
fn br7_king_elsewhere_is_captured_by_two() {
    let g = Game::from_position("7/1S5/1k5/7/7/7/1S5 black").play("b1-b4");
    assert_eq!(g.outcome(), Some(Some(BLACK)));
    // Against a corner.
    let g = Game::from_position("7/7/7/7/2S4/k6/7 black").play("c3-a3");
    assert_eq!(g.outcome(), Some(Some(BLACK)));
    assert_eq!(g.to_text(), "7/7/7/7/S6/7/7 white");
    // Not in line with the moved attacker.
    let g = Game::from_position("7/7/Sk5/7/7/7/1S5 black").play("b1-b4");
    assert_eq!(g.outcome(), None);
    // The king may move in between two attackers (crossing the empty throne on the way).
    let g = Game::from_position("3k3/7/7/7/7/2S1S2/7 white").play("d7-d2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves().len(), 16);
}

#[test]
fn br7_defenders_never_capture_their_king() {
    // A white soldier arriving next to the king with an attacker beyond him takes nothing.
    let g = Game::from_position("7/7/7/7/7/S1k2s1/7 white").play("f2-d2");
    assert_eq!(g.to_text(), "7/7/7/7/7/S1ks3/7 black");
    assert_eq!(g.outcome(), None);
}

#[test]
fn br8_escape_to_a_corner() {
    let g = Game::from_position("7/7/4S2/7/k6/7/7 white");
    for m in ["a3-a1", "a3-a7"] {
        let h = g.play(m);
        assert_eq!(h.outcome(), Some(Some(WHITE)), "{m}");
        assert!(h.moves().is_empty());
    }
    // Positions given as text: a king on a corner has won, no king has lost.
    assert_eq!(
        Game::from_position("k6/7/7/7/3S3/7/7 black").outcome(),
        Some(Some(WHITE))
    );
    assert_eq!(
        Game::from_position("7/7/7/7/3S3/7/7 white").outcome(),
        Some(Some(BLACK))
    );
}

// ---------------------------------------------------------------------------------------
// BR-9, BR-10: no legal move; no rule against repetition.

#[test]
fn br9_no_legal_move_loses() {
    let g = Game::from_position("7/7/7/7/7/2S4/1SkS3 white");
    assert!(g.moves().is_empty());
    assert_eq!(g.outcome(), Some(Some(BLACK)));
    // Black's soldier on b1: the corner a1 is not a stop, b2 and c1 are White's.
    let g = Game::from_position("7/7/7/3k3/7/1s5/1Ss4 black");
    assert!(g.moves().is_empty());
    assert_eq!(g.outcome(), Some(Some(WHITE)));
}

#[test]
fn br10_positions_may_repeat() {
    let mut g = Game::new();
    for _ in 0..3 {
        for m in ["b4-b5", "c4-c5", "b5-b4", "c5-c4"] {
            g = g.play(m);
        }
        assert_eq!(g, Game::new());
    }
}

// ---------------------------------------------------------------------------------------
// The scenario file, case by case.

#[test]
fn scenario_file_holds_for_the_reference() {
    let names = grid_checks::check_scenarios(
        "tests/scenarios/brandubh-positions.yaml",
        "brandubh",
        |_, position| position.map_or_else(Game::new, Game::from_position),
    );
    let mut ids = std::collections::BTreeSet::new();
    for name in &names {
        for id in name.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if id.starts_with("BR-") {
                ids.insert(id.to_string());
            }
        }
    }
    let all: Vec<String> = (1..=10).map(|i| format!("BR-{i}")).collect();
    for id in &all {
        assert!(ids.contains(id), "no scenario case names {id}");
    }
}

// ---------------------------------------------------------------------------------------
// The perft data file.

/// The reference's counts equal the data file's up to `limit` leaves.
fn check_perft(limit: u64) {
    let cases = perft_file::read("tests/perft/brandubh.perft", Some("brandubh"));
    assert_eq!(cases.len(), 4);
    for (place, compared) in grid_checks::check_perft(&cases, limit, |_| Game::new()) {
        assert!(compared > 0, "{place}: no count within {limit} leaves");
    }
}

#[test]
fn perft_matches_the_data_file_up_to_two_million_leaves() {
    check_perft(2_000_000);
}

/// The deeper counts of the data file (run with `--release --ignored`).
#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_deep_counts_of_the_data_file() {
    check_perft(u64::MAX);
}

// ---------------------------------------------------------------------------------------
// Random games: the invariants after every ply.

#[test]
fn random_games_keep_the_invariants() {
    let mut ends = [0usize; 3]; // black wins, white wins, unfinished at the cap
    for seed in 1..=200u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut g = Game::new();
        let mut plies = 0;
        while g.outcome().is_none() && plies < 500 {
            let moves = g.moves();
            let before = g.clone();
            let m = &moves[(rng.next() % moves.len() as u64) as usize];
            g = g.play(m);
            plies += 1;
            assert_eq!(g.to_move(), 1 - before.to_move());
            assert!(pieces(&g) <= pieces(&before), "pieces never appear");
            // The mover loses nothing.
            let count = |g: &Game, p: usize| {
                g.cells()
                    .iter()
                    .filter(|c| c.is_some_and(|c| c.owner() == p))
                    .count()
            };
            assert_eq!(
                count(&g, before.to_move()),
                count(&before, before.to_move())
            );
            // Soldiers never stand on the throne or a corner.
            for p in CORNERS.iter().chain([THRONE].iter()) {
                assert!(
                    !matches!(g.at(*p), Some(Piece::Soldier(_))),
                    "{}",
                    g.to_text()
                );
            }
            assert_eq!(Game::from_position(&g.to_text()), g);
        }
        match g.outcome() {
            Some(Some(p)) => ends[p] += 1,
            Some(None) => panic!("no draws in Brandubh"),
            None => ends[2] += 1,
        }
    }
    assert!(
        ends[0] > 0 && ends[1] > 0,
        "both sides win some games: {ends:?}"
    );
}
