//! Tests of the independent English draughts reference implementation
//! (`tests/common/draughts_reference.rs`, rules DR-1..DR-7 of `docs/games/draughts.md`).
//! Every expected move list and board below was worked out by hand from the rules page.
//! The last tests check the reference against OpenSpiel's random games
//! (`tests/openspiel/draughts-games.txt`) and the engine's data files against the
//! reference: `tests/perft/draughts.perft` and `tests/scenarios/draughts-positions.yaml`.

use crate::common::grid_checks::{self, strings};
use crate::common::xorshift::XorShift;
use crate::common::{draughts_reference, perft_file};

use draughts_reference::Game;
use perft_file::PerftCase;

fn none() -> Vec<String> {
    Vec::new()
}

const START: &str = "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 black";

// DR-1: board, players, setup.

#[test]
fn dr1_start_position() {
    let g = Game::new();
    assert_eq!(g.to_text(), START);
    assert_eq!(
        g.cells(),
        strings(&[
            ".m.m.m.m", "m.m.m.m.", ".m.m.m.m", "........", "........", "M.M.M.M.", ".M.M.M.M",
            "M.M.M.M.",
        ])
    );
    assert_eq!((g.count(0), g.count(1)), (12, 12));
    assert_eq!((g.kings(0), g.kings(1)), (0, 0));
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.cell("a1"), 'M');
    assert_eq!(g.cell("b1"), '.');
    assert_eq!(g.cell("h8"), 'm');
    assert_eq!(g.cell("a8"), '.');
    assert_eq!(Game::from_position(START), g);
    assert_eq!(g.outcome(), None);
}

#[test]
fn dr1_black_moves_first_up_the_board() {
    let g = Game::new();
    assert_eq!(
        g.moves(),
        strings(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"])
    );
    let g = g.play("c3-d4");
    assert_eq!(
        g.to_text(),
        "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/3M4/M3M1M1/1M1M1M1M/M1M1M1M1 white"
    );
    // White moves down the board: each of b6, d6, f6 has two steps, h6 one.
    assert_eq!(
        g.moves(),
        strings(&["b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"])
    );
}

#[test]
fn dr1_position_text_round_trip_with_four_letters() {
    let text = "3K4/4m3/8/2k5/8/8/1M6/8 white";
    let g = Game::from_position(text);
    assert_eq!(g.to_text(), text);
    assert_eq!(g.cell("d8"), 'K');
    assert_eq!(g.cell("e7"), 'm');
    assert_eq!(g.cell("c5"), 'k');
    assert_eq!(g.cell("b2"), 'M');
    assert_eq!(
        (g.count(0), g.count(1), g.kings(0), g.kings(1)),
        (2, 2, 1, 1)
    );
    // `.` is one empty square.
    assert_eq!(
        Game::from_position("...K..../8/8/8/8/8/8/8 black").to_text(),
        "3K4/8/8/8/8/8/8/8 black"
    );
}

#[test]
#[should_panic(expected = "light square")]
fn dr1_no_piece_on_a_light_square() {
    Game::from_position("8/8/8/8/8/8/8/1M6 black");
}

// DR-2: steps.

#[test]
fn dr2_man_steps_diagonally_forward() {
    assert_eq!(
        Game::from_position("7m/8/8/8/3M4/8/8/8 black").moves(),
        strings(&["d4-c5", "d4-e5"])
    );
    // White's man steps down the board.
    assert_eq!(
        Game::from_position("8/8/8/4m3/8/8/8/M7 white").moves(),
        strings(&["e5-d4", "e5-f4"])
    );
    // At the edge, one step.
    assert_eq!(
        Game::from_position("7k/8/8/8/8/M7/8/8 black").moves(),
        strings(&["a3-b4"])
    );
}

#[test]
fn dr2_king_steps_in_four_directions() {
    assert_eq!(
        Game::from_position("7m/8/8/8/3K4/8/8/8 black").moves(),
        strings(&["d4-c3", "d4-c5", "d4-e3", "d4-e5"])
    );
    assert_eq!(
        Game::from_position("8/8/8/4k3/8/8/8/M7 white").moves(),
        strings(&["e5-d4", "e5-d6", "e5-f4", "e5-f6"])
    );
    // A king in the corner has one square; it moves one square only (not flying).
    let g = Game::from_position("7m/8/8/8/8/8/8/K7 black");
    assert_eq!(g.moves(), strings(&["a1-b2"]));
    assert_eq!(g.play("a1-b2").to_text(), "7m/8/8/8/8/8/1K6/8 white");
}

#[test]
fn dr2_blocked_squares() {
    // c5 and d4 are Black's; White's e5 cannot be jumped (f6 is occupied): no capture,
    // and d4 is blocked by c5 and e5, so only c5 steps.
    assert_eq!(
        Game::from_position("8/8/5m2/2M1m3/3M4/8/8/8 black").moves(),
        strings(&["c5-b6", "c5-d6"])
    );
}

// DR-3: captures.

#[test]
fn dr3_single_jump() {
    let g = Game::from_position("8/8/8/8/3m4/2M5/8/8 black");
    assert_eq!(g.moves(), strings(&["c3-e5"]));
    let after = g.play("c3-e5");
    assert_eq!(after.to_text(), "8/8/8/4M3/8/8/8/8 white");
    assert_eq!(after.count(1), 0);
}

#[test]
fn dr3_man_jumps_forward_only_king_any_way() {
    // The man on e5 cannot jump d4 behind it; it steps.
    assert_eq!(
        Game::from_position("7m/8/8/4M3/3m4/8/8/8 black").moves(),
        strings(&["e5-d6", "e5-f6"])
    );
    // A king jumps it (and must: DR-4).
    let g = Game::from_position("7m/8/8/4K3/3m4/8/8/8 black");
    assert_eq!(g.moves(), strings(&["e5-c3"]));
    assert_eq!(g.play("e5-c3").to_text(), "7m/8/8/8/8/2K5/8/8 white");
    // White's man jumps down the board only: d4 in front, not d6 behind.
    assert_eq!(
        Game::from_position("8/8/3M4/4m3/3M4/8/8/8 white").moves(),
        strings(&["e5-c3"])
    );
}

#[test]
fn dr3_chain_in_a_straight_line_must_go_on() {
    let g = Game::from_position("8/8/8/8/3m4/8/1m6/M7 black");
    assert_eq!(g.moves(), strings(&["a1-c3-e5"]));
    assert_eq!(g.play("a1-c3-e5").to_text(), "8/8/8/4M3/8/8/8/8 white");
}

#[test]
fn dr3_chain_changes_direction() {
    let g = Game::from_position("8/8/3m4/8/3m4/2M5/8/8 black");
    assert_eq!(g.moves(), strings(&["c3-e5-c7"]));
    let after = g.play("c3-e5-c7");
    assert_eq!(after.to_text(), "8/2M5/8/8/8/8/8/8 white");
    assert_eq!(
        after.board_text(),
        "   a b c d e f g h\n\
         8  . . . . . . . .  8\n\
         7  . . M . . . . .  7\n\
         6  . . . . . . . .  6\n\
         5  . . . . . . . .  5\n\
         4  . . . . . . . .  4\n\
         3  . . . . . . . .  3\n\
         2  . . . . . . . .  2\n\
         1  . . . . . . . .  1\n   a b c d e f g h\n"
    );
}

#[test]
fn dr3_white_king_chain_turns() {
    // White's king on f6 jumps e5 into d4, then c3 into b2 or e3 into f2: two moves.
    let g = Game::from_position("8/8/5k2/4M3/8/2M1M3/8/8 white");
    assert_eq!(g.moves(), strings(&["f6-d4-b2", "f6-d4-f2"]));
    assert_eq!(g.play("f6-d4-f2").to_text(), "8/8/8/8/8/2M5/5k2/8 black");
}

#[test]
fn dr3_king_goes_round_and_lands_where_it_started() {
    // Four White men round e3; the king on c3 goes round either way and lands on c3
    // again; it cannot jump d4 (or d2) a second time.
    let g = Game::from_position("8/8/8/8/3m1m2/2K5/3m1m2/8 black");
    assert_eq!(g.moves(), strings(&["c3-e1-g3-e5-c3", "c3-e5-g3-e1-c3"]));
    let after = g.play("c3-e5-g3-e1-c3");
    assert_eq!(after.to_text(), "8/8/8/8/8/2K5/8/8 white");
    assert_eq!(after.outcome(), Some(Some(0)));
}

#[test]
fn dr3_no_piece_is_jumped_twice() {
    // The king on a1 jumps b2 into c3, d4 into e5, then f4 into g3; from g3 it could only
    // go back over f4 (already jumped), so the move ends there.
    let g = Game::from_position("8/8/8/8/3m1m2/8/1m6/K7 black");
    assert_eq!(g.moves(), strings(&["a1-c3-e5-g3"]));
    assert_eq!(g.play("a1-c3-e5-g3").to_text(), "8/8/8/8/8/6K1/8/8 white");
}

#[test]
fn dr3_chains_branch() {
    // Black's king on d4: over c5 into b6, then it must go on over c7 into d8; or over e5
    // into f6, then over g7 into h8. Stopping on b6 or f6 is not a move.
    let g = Game::from_position("8/2m3m1/8/2m1m3/3K4/8/8/8 black");
    assert_eq!(g.moves(), strings(&["d4-b6-d8", "d4-f6-h8"]));
}

// DR-4: compulsory capture, free choice.

#[test]
fn dr4_capture_is_compulsory_and_any_sequence_may_be_chosen() {
    let g = Game::from_position("8/8/3m4/8/1m1m4/2M5/8/6M1 black");
    assert_eq!(g.moves(), strings(&["c3-a5", "c3-e5-c7"]));
    assert_eq!(g.play("c3-a5").to_text(), "8/8/3m4/M7/3m4/8/8/6M1 white");
}

#[test]
fn dr4_any_piece_that_can_capture() {
    // Both men can take a piece; both land on e5.
    assert_eq!(
        Game::from_position("8/8/8/8/3m1m2/2M3M1/8/8 black").moves(),
        strings(&["c3-e5", "g3-e5"])
    );
    // From the start: after c3-d4 b6-c5 Black must take (d4 over c5 into b6); no step
    // is offered.
    let g = Game::new().play_all("c3-d4 b6-c5");
    assert_eq!(g.moves(), strings(&["d4-b6"]));
    // White must take back: a7 or c7 over b6.
    let g = g.play("d4-b6");
    assert_eq!(g.moves(), strings(&["a7-c5", "c7-a5"]));
}

// DR-5: crowning.

#[test]
fn dr5_man_crowned_on_the_far_rank() {
    let g = Game::from_position("8/2M5/8/8/8/8/8/k7 black");
    assert_eq!(g.moves(), strings(&["c7-b8", "c7-d8"]));
    let g = g.play("c7-d8");
    assert_eq!(g.to_text(), "3K4/8/8/8/8/8/8/k7 white");
    assert_eq!(g.kings(0), 1);
    // White's man is crowned on rank 1.
    let g = Game::from_position("7K/8/8/8/8/8/3m4/8 white");
    assert_eq!(g.moves(), strings(&["d2-c1", "d2-e1"]));
    assert_eq!(g.play("d2-e1").to_text(), "7K/8/8/8/8/8/8/4k3 black");
}

#[test]
fn dr5_crowning_ends_the_move() {
    // b6 jumps c7 into d8 and is crowned; as a king it could jump e7, but the move ends.
    let g = Game::from_position("8/2m1m3/1M6/8/8/8/8/8 black");
    assert_eq!(g.moves(), strings(&["b6-d8"]));
    let g = g.play("b6-d8");
    assert_eq!(g.to_text(), "3K4/4m3/8/8/8/8/8/8 white");
    assert_eq!(g.moves(), strings(&["e7-d6", "e7-f6"]));
    // A king on b6 goes on through d8.
    let g = Game::from_position("8/2m1m3/1K6/8/8/8/8/8 black");
    assert_eq!(g.moves(), strings(&["b6-d8-f6"]));
    assert_eq!(g.play("b6-d8-f6").to_text(), "8/8/5K2/8/8/8/8/8 white");
    // White: e3 jumps d2 into c1 and stops, though a king could take b2 next.
    let g = Game::from_position("8/8/8/8/8/4m3/1M1M4/8 white");
    assert_eq!(g.moves(), strings(&["e3-c1"]));
    let g = g.play("e3-c1");
    assert_eq!(g.to_text(), "8/8/8/8/8/8/1M6/2k5 black");
    assert_eq!(g.moves(), strings(&["b2-a3", "b2-c3"]));
}

#[test]
fn dr5_man_chain_turns_and_ends_crowned_from_the_start() {
    // Line A of the perft file: White must take a5-c3, then Black's b2 takes three pieces,
    // turning at f6, and is crowned on d8.
    let g = Game::new().play_all(
        "e3-d4 b6-a5 d4-c5 d6-b4 a3-c5 h6-g5 f2-e3 e7-d6 c5-e7 f8-d6 g1-f2 d8-e7 e3-f4 \
         g5-e3-g1 d2-e3 f6-e5 c3-b4",
    );
    assert_eq!(
        g.to_text(),
        "1m5m/m1m1m1m1/3m4/m3m3/1M6/4M1M1/1M5M/M1M1M1k1 white"
    );
    assert_eq!(g.moves(), strings(&["a5-c3"]));
    let g = g.play("a5-c3");
    assert_eq!(g.moves(), strings(&["b2-d4-f6-d8"]));
    let g = g.play("b2-d4-f6-d8");
    assert_eq!(g.to_text(), "1m1K3m/m1m3m1/3m4/8/8/4M1M1/7M/M1M1M1k1 white");
    assert_eq!((g.kings(0), g.kings(1)), (1, 1));
}

// DR-6: no move loses.

#[test]
fn dr6_no_pieces_loses() {
    let g = Game::from_position("8/8/8/8/8/8/8/M7 white");
    assert_eq!(g.moves(), none());
    assert_eq!(g.outcome(), Some(Some(0)));
    assert_eq!(g.outcome_text(), "black wins");
    assert_eq!(g.perft(3), vec![0, 0, 0]);
    let g = Game::from_position("7m/8/8/8/8/8/8/8 black");
    assert_eq!(g.outcome_text(), "white wins");
}

#[test]
fn dr6_all_blocked_loses() {
    let g = Game::from_position("8/8/8/8/7m/6M1/5M2/8 white");
    assert_eq!(g.moves(), none());
    assert_eq!(g.outcome(), Some(Some(0)));
    let g = Game::from_position("8/8/8/8/7m/6M1/5M2/8 black");
    assert_eq!(g.moves(), strings(&["f2-e3", "g3-f4"]));
    assert_eq!(g.outcome(), None);
    // Black's only man, on a7, is blocked by White's b8 (and cannot jump off the board).
    let g = Game::from_position("1m6/M7/8/8/8/8/8/8 black");
    assert_eq!(g.moves(), none());
    assert_eq!(g.outcome_text(), "white wins");
}

// DR-7: a repeated position is a draw.

#[test]
fn dr7_repeated_position_is_a_draw() {
    let start = Game::from_position("7k/8/8/8/8/8/8/K7 black");
    let g = start.play_all("a1-b2 h8-g7 b2-a1");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves(), strings(&["g7-f6", "g7-f8", "g7-h6", "g7-h8"]));
    let g = g.play("g7-h8");
    assert_eq!(g.to_text(), "7k/8/8/8/8/8/8/K7 black");
    assert_eq!(g.outcome(), Some(None));
    assert_eq!(g.outcome_text(), "draw");
    assert_eq!(g.moves(), none());
    // Read from text, the same position starts a fresh history.
    assert_eq!(Game::from_position(&g.to_text()).outcome(), None);
    // Without DR-7 the game goes on.
    let g = start
        .without_repetition()
        .play_all("a1-b2 h8-g7 b2-a1 g7-h8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves(), strings(&["a1-b2"]));
    // Perft: of the 1 x 1 x 4 x 4 sequences of four moves, the one coming back
    // (a1-b2 h8-g7 b2-a1 g7-h8) ends the game: at depth 5 it has no moves.
    assert_eq!(start.perft(4), vec![1, 1, 4, 16]);
    assert_eq!(
        start.perft(5)[4],
        start.without_repetition().perft(5)[4] - 1
    );
}

#[test]
fn dr7_any_earlier_position_counts() {
    let g = Game::from_position("7k/8/8/8/8/8/8/K7 black").play_all("a1-b2 h8-g7");
    let h = g.play_all("b2-c3 g7-f6 c3-b2");
    assert_eq!(h.outcome(), None);
    let h = h.play("f6-g7");
    // b2 and g7 again, Black to move: the position after a1-b2 h8-g7.
    assert_eq!(h.to_text(), g.to_text());
    assert_eq!(h.outcome(), Some(None));
}

// Random games.

#[test]
fn random_games_keep_the_invariants() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut draws = 0;
    for _ in 0..200 {
        let mut g = Game::new();
        let mut plies = 0;
        while g.outcome().is_none() {
            let moves = g.moves();
            let mv = moves[rng.below(moves.len())].clone();
            let next = g.play(&mv);
            let me = g.to_move();
            let jumps = if g.count(1 - me) > next.count(1 - me) {
                mv.matches('-').count()
            } else {
                0
            };
            // A move takes one piece per jump, none of the mover's, and never loses a king.
            assert_eq!(next.count(me), g.count(me), "{mv}");
            assert_eq!(next.count(1 - me) + jumps, g.count(1 - me), "{mv}");
            assert!(next.kings(me) >= g.kings(me), "{mv}");
            assert!(next.kings(me) <= g.kings(me) + 1, "{mv}");
            // A step is never offered when a capture is.
            let steps = moves.iter().filter(|m| is_step(m, &g)).count();
            assert!(steps == 0 || steps == moves.len(), "{moves:?}");
            assert_eq!(Game::from_position(&next.to_text()), next);
            g = next;
            plies += 1;
            assert!(plies < 2000);
        }
        match g.outcome() {
            Some(None) => draws += 1,
            Some(Some(p)) => assert_eq!(p, 1 - g.to_move()),
            None => unreachable!(),
        }
    }
    assert!(draws > 0, "some random games end by repetition");
}

/// A move of one diagonal step (no piece jumped).
fn is_step(mv: &str, g: &Game) -> bool {
    let squares: Vec<_> = mv
        .split('-')
        .map(|s| draughts_reference::point(s).unwrap())
        .collect();
    let _ = g;
    squares.len() == 2 && (squares[0].0 - squares[1].0).abs() == 1
}

// OpenSpiel's games.

/// Replays OpenSpiel's random games (tests/openspiel/draughts-games.txt) move by move:
/// the position, the sorted legal moves and the end must agree. OpenSpiel has no DR-7 and
/// draws after 40 actions without a capture, so the games are replayed without DR-7 and
/// OpenSpiel's `draw` is only checked to leave the reference's game going on.
#[test]
fn openspiel_games_agree() {
    let path = "tests/openspiel/draughts-games.txt";
    let text = std::fs::read_to_string(path).unwrap();
    let mut g = Game::new().without_repetition();
    let (mut plies, mut wins, mut draws) = (0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        let at = format!("{path}:{}", n + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with("game ") {
            g = Game::new().without_repetition();
            continue;
        }
        let parts: Vec<&str> = line.split(" ; ").map(str::trim).collect();
        assert_eq!(parts.len(), 4, "{at}: MOVE ; TEXT ; LEGAL ; OUTCOME");
        assert!(g.moves().iter().any(|m| m == parts[0]), "{at}: not legal");
        g = g.play(parts[0]);
        assert_eq!(g.to_text(), parts[1], "{at}: position");
        match parts[3] {
            "draw" => {
                assert_eq!(g.outcome(), None, "{at}");
                draws += 1;
            }
            o => {
                let want: Vec<String> = parts[2].split_whitespace().map(String::from).collect();
                assert_eq!(g.moves(), want, "{at}: legal moves");
                assert_eq!(g.outcome_text(), o, "{at}: outcome");
                wins += usize::from(o != "none");
            }
        }
        plies += 1;
    }
    assert!(
        plies > 1500 && wins >= 25 && draws >= 1,
        "{plies} {wins} {draws}"
    );
}

// The data files for the engine.

/// The cases of the perft file.
fn perft_cases() -> Vec<PerftCase> {
    perft_file::read("tests/perft/draughts.perft", Some("draughts"))
}

fn check_perft(limit: u64) -> usize {
    let checked = grid_checks::check_perft(&perft_cases(), limit, |_| Game::new());
    grid_checks::compared(&checked)
}

#[test]
fn perft_data_file_up_to_a_million_leaves() {
    assert!(check_perft(1_000_000) >= 35);
}

#[test]
#[ignore = "deep perft: run with `cargo test --release --test suite draughts_reference:: -- --ignored`"]
fn perft_data_file_all_depths() {
    check_perft(u64::MAX);
}

/// Checks every case of the scenario file against the reference.
#[test]
fn scenario_file_agrees_with_the_reference() {
    let names = grid_checks::check_scenarios(
        "tests/scenarios/draughts-positions.yaml",
        "draughts",
        |_, position| position.map_or_else(Game::new, Game::from_position),
    );
    let mut ids = std::collections::BTreeSet::new();
    for name in &names {
        assert!(name.starts_with("DR-"), "{name}: the name cites a rule id");
        ids.insert(name.split(':').next().unwrap().to_string());
    }
    assert!(names.len() >= 30, "{} cases", names.len());
    let all: Vec<String> = (1..=7).map(|i| format!("DR-{i}")).collect();
    assert_eq!(ids.into_iter().collect::<Vec<_>>(), all);
}

/// The tool that printed the data file's counts (and the counts without the draw by
/// repetition, DR-7, which can only be more), which must still be its counts: `cargo test
/// --release --test suite draughts_reference::print_perft -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints perft from each case of the data file (with --nocapture)"]
fn print_perft() {
    let cases = perft_cases();
    let start = Game::new().perft(9);
    println!("{start:?}");
    cases[0].assert_agrees(&start);
    for case in cases.iter().skip(1) {
        let g = Game::new().play_all(&case.moves);
        let (counts, without) = (g.perft(8), g.without_repetition().perft(8));
        println!("{}\n  {counts:?}\n  without DR-7 {without:?}", g.to_text());
        case.assert_agrees(&counts);
        for (d, (a, b)) in counts.iter().zip(&without).enumerate() {
            assert!(b >= a, "{}: depth {}: {b} without DR-7", case.place, d + 1);
        }
    }
}
