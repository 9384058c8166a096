//! Tests of the independent Othello reference implementation
//! (`tests/common/othello_reference.rs`, rules OT-1..OT-6 of `docs/games/othello.md`):
//! hand-worked positions, the scenario file of hand-built positions, and perft against the
//! counts produced by OpenSpiel (`tests/perft/othello.perft`).

use crate::common::grid_checks;
use crate::common::xorshift::XorShift;
use crate::common::{othello_reference, perft_file};

use othello_reference::Game;

const START: &str = "8/8/8/3WB3/3BW3/8/8/8 black";

#[test]
fn start_position() {
    // OT-1: Black d4 e5, White e4 d5, Black to move.
    let g = Game::new();
    assert_eq!(g.to_text(), START);
    assert_eq!(Game::from_position(START), g);
    assert_eq!(g.at("d4"), Some(0));
    assert_eq!(g.at("e5"), Some(0));
    assert_eq!(g.at("e4"), Some(1));
    assert_eq!(g.at("d5"), Some(1));
    assert_eq!(g.counts(), [2, 2]);
    assert_eq!(g.moves(), ["c5", "d6", "e3", "f4"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn usual_opening_in_engine_coordinates() {
    // Othello's `d3 c3 c4` (rows from the top) is the engine's `d6 c6 c5`.
    // d6 turns d5 (against d4); White's c6 turns d5 back (diagonal to e4);
    // Black's c5 turns d5 again (against e5).
    let g = Game::new().play_all("d6 c6");
    assert_eq!(g.to_text(), "8/8/2WB4/3WB3/3BW3/8/8/8 black");
    let g = g.play("c5");
    assert_eq!(g.to_text(), "8/8/2WB4/2BBB3/3BW3/8/8/8 white");
}

#[test]
fn position_text_round_trip() {
    for text in [
        "8/1B6/W1B5/WWBBB3/W2BB3/4B3/8/8 black",
        "7W/6B1/1B1B1W2/2WWW3/BWW1WB2/2WWW3/1B1B1W2/6B1 white",
        "WWWWWWWW/8/8/8/8/8/8/BBBBBBBB black",
    ] {
        assert_eq!(Game::from_position(text).to_text(), text);
    }
    // `.` is one empty point.
    assert_eq!(
        Game::from_position("8/8/8/...WB.../...BW.../8/8/8 black"),
        Game::new()
    );
}

#[test]
fn flipping_nothing_is_illegal() {
    // OT-2: c4 touches White's d5 (north-east) but d5 is followed by the empty e6.
    let g = Game::new();
    assert!(!g.moves().contains(&"c4".to_string()));
    let r = std::panic::catch_unwind(|| Game::new().play("c4"));
    assert!(r.is_err(), "c4 must be refused");
}

#[test]
fn eight_directions_at_once() {
    // OT-3: d4 closes a row in every direction (lengths 1 or 2): 11 discs turn.
    let g = Game::from_position("7W/6B1/1B1B1W2/2WWW3/BWW1WB2/2WWW3/1B1B1W2/6B1 black");
    assert_eq!(g.counts(), [8, 12]);
    let g = g.play("d4");
    assert_eq!(g.counts(), [20, 1]);
    assert_eq!(
        g.to_text(),
        "7W/6B1/1B1B1B2/2BBB3/BBBBBB2/2BBB3/1B1B1B2/6B1 white"
    );
    assert_eq!(g.moves(), ["a1"]);
}

#[test]
fn pass_only_when_no_placement_and_the_end_needs_no_pass() {
    // OT-4: Black's only disc b1 sits against the edge behind White's a1.
    let g = Game::from_position("8/8/8/8/8/8/8/WB6 black");
    assert_eq!(g.moves(), ["pass"]);
    let g = g.play("pass");
    assert_eq!(g.to_text(), "8/8/8/8/8/8/8/WB6 white");
    assert_eq!(g.moves(), ["c1"]);
    // OT-5: after c1 Black has no disc; the game is over with no pass to play.
    let g = g.play("c1");
    assert!(g.is_over());
    assert_eq!(g.moves(), Vec::<String>::new());
    assert_eq!(g.outcome(), Some(Some(1)));
}

#[test]
fn neither_can_place_is_over_for_either_player_to_move() {
    // OT-5: the same board is over whoever is to move.
    for who in ["black", "white"] {
        let g = Game::from_position(&format!("8/8/8/8/8/8/8/WW1BB3 {who}"));
        assert!(g.is_over());
        assert_eq!(g.outcome(), Some(None), "2 discs each: a draw (OT-6)");
    }
}

#[test]
fn two_passes_never_happen_in_random_games() {
    // OT-4/OT-5: after a pass the other player always has a placement; every game ends
    // with neither player able to place, and no game ends on a pass.
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut passes = 0;
    for _ in 0..300 {
        let mut g = Game::new();
        let mut last = String::new();
        loop {
            let moves = g.moves();
            if moves.is_empty() {
                break;
            }
            if moves == ["pass"] {
                assert_ne!(last, "pass", "two passes in a row at {}", g.to_text());
                passes += 1;
            }
            last = moves[rng.below(moves.len())].clone();
            g = g.play(&last);
        }
        assert_ne!(last, "pass");
        assert!(g.outcome().is_some());
        let [b, w] = g.counts();
        assert!(b + w <= 64);
    }
    assert!(passes > 0, "random games should meet some passes");
}

// ---------------------------------------------------------------------------------------
// The perft data file (counts from OpenSpiel).

/// The engine-independent reference's counts equal OpenSpiel's up to `limit` leaves (and
/// depth `max_depth`); how many counts were compared.
fn check_perft(limit: u64, max_depth: usize) -> usize {
    let mut cases = perft_file::read("tests/perft/othello.perft", Some("othello"));
    for case in &mut cases {
        case.counts.retain(|&(d, _)| d <= max_depth);
    }
    grid_checks::compared(&grid_checks::check_perft(&cases, limit, |_| Game::new()))
}

#[test]
fn perft_equals_openspiel_up_to_a_million_leaves() {
    let checked = check_perft(1_000_000, usize::MAX);
    assert!(checked >= 30, "only {checked} counts checked");
}

#[test]
#[ignore = "deep perft: run with `cargo test --release --test suite othello_reference:: -- --ignored`"]
fn perft_equals_openspiel_deep() {
    check_perft(u64::MAX, 10);
}

#[test]
fn a_game_can_end_at_ply_nine() {
    // OT-5: White's last disc turned at ply 9 (a sequence found in OpenSpiel): the game is
    // over at once, with no pass. Under a "two passes end the game" reading these games
    // would go on with passes, which is why perft from the start would differ from depth 10.
    let before = Game::new().play_all("e3 f3 c5 c4 c3 e6 e7 d3");
    assert!(before.moves().contains(&"g3".to_string()));
    let end = before.play("g3");
    assert_eq!(end.counts()[1], 0, "no white disc left");
    assert!(end.is_over());
    assert_eq!(end.moves(), Vec::<String>::new());
    assert_eq!(end.outcome(), Some(Some(0)));
}

// ---------------------------------------------------------------------------------------
// The scenario file of hand-built positions, checked against the reference.

#[test]
fn scenario_file_holds_for_the_reference() {
    let names = grid_checks::check_scenarios(
        "tests/scenarios/othello-positions.yaml",
        "othello",
        |_, position| position.map_or_else(Game::new, Game::from_position),
    );
    assert!(names.len() >= 20);
    for id in 1..=6 {
        let tag = format!("OT-{id}");
        assert!(
            names.iter().any(|name| name.contains(&tag)),
            "no case for {tag}"
        );
    }
    for name in &names {
        assert!(name.starts_with("OT-"), "{name}: name the rule id first");
    }
}

#[test]
#[ignore = "deep: run with `cargo test --release --test suite othello_reference:: -- --ignored`"]
fn finished_games_by_depth_explain_the_published_tables() {
    // Games over at ply 9 and at ply 10 from the start (about 3 minutes in release). A table that keeps counting a
    // finished game at the deeper depths (as a pass, or as a leaf that stays) exceeds
    // OpenSpiel's counts by exactly these: 24571284 - 24571056 = 228 at depth 10 and
    // 212258800 - 212258216 = 228 + 356 at depth 11.
    fn finished(g: &Game, level: usize, out: &mut [u64]) {
        let moves = g.moves();
        if moves.is_empty() {
            out[level] += 1;
            return;
        }
        if level + 1 < out.len() {
            for m in moves {
                finished(&g.play(&m), level + 1, out);
            }
        }
    }
    let mut out = vec![0; 11];
    finished(&Game::new(), 0, &mut out);
    assert_eq!(out[..9], [0; 9]);
    assert_eq!(out[9], 228);
    assert_eq!(out[10], 356);
}
