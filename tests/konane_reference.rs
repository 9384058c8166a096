//! Tests of the independent Konane reference implementation
//! (`tests/common/konane_reference.rs`, rules KO-1..KO-6 of `docs/games/konane.md`).
//! Every expected move list and board below was worked out by hand from the rules page.
//! The last tests check the engine's data files against the reference:
//! `tests/perft/konane.perft` and `tests/scenarios/konane*-positions.yaml`.

use crate::common::grid_checks::{self, strings};
use crate::common::xorshift::XorShift;
use crate::common::{konane_reference, perft_file};

use konane_reference::Game;

const START_8: &str =
    "WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW black";

// KO-1: board and setup.

#[test]
fn ko1_start_8x8_alternates_with_a1_black() {
    let g = Game::new(8);
    assert_eq!(g.to_text(), START_8);
    assert_eq!(g.cell("a1"), 'B');
    assert_eq!(g.cell("h8"), 'B');
    assert_eq!(g.cell("a8"), 'W');
    assert_eq!(g.cell("h1"), 'W');
    assert_eq!(g.cell("d4"), 'B');
    assert_eq!(g.cell("e4"), 'W');
    assert_eq!((g.count(0), g.count(1)), (32, 32));
    assert_eq!(g.to_move(), 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn ko1_start_odd_and_small_boards() {
    let g = Game::new(5);
    assert_eq!(g.to_text(), "BWBWB/WBWBW/BWBWB/WBWBW/BWBWB black");
    assert_eq!((g.count(0), g.count(1)), (13, 12));
    let g = Game::new(4);
    assert_eq!(g.to_text(), "WBWB/BWBW/WBWB/BWBW black");
    let g = Game::new(16);
    assert_eq!(g.cell("p16"), 'B');
    assert_eq!(g.cell("a16"), 'W');
    assert_eq!((g.count(0), g.count(1)), (128, 128));
}

#[test]
fn ko1_board_text_as_the_engine_draws_it() {
    let g = Game::new(4).play("xb2");
    assert_eq!(
        g.board_text(),
        "   a b c d\n4  W B W B  4\n3  B W B W  3\n2  W . W B  2\n1  B W B W  1\n   a b c d\n"
    );
    let g = Game::new(10);
    let text = g.board_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "    a b c d e f g h i j");
    assert_eq!(lines[1], "10  W B W B W B W B W B  10");
    assert_eq!(lines[10], " 1  B W B W B W B W B W  1");
}

// Position text.

#[test]
fn position_text_round_trips() {
    for text in [
        START_8,
        "8/8/W7/8/W7/8/W7/B7 black",
        "8/8/8/3W4/2WBW3/3W4/8/8 white",
        "4/4/4/4 white",
        "B15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15W black",
        "BW3W3W/10/10/10/10/10/10/10/10/W8B white",
    ] {
        assert_eq!(Game::from_position(text).to_text(), text);
    }
    // `.` for one empty point and split runs are read, never written.
    let g = Game::from_position("B.2/4/1W1./4 white");
    assert_eq!(g.to_text(), "B3/4/1W2/4 white");
    assert_eq!(g.cell("a4"), 'B');
    assert_eq!(g.cell("b2"), 'W');
    let g = Game::from_position("B15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15W black");
    assert_eq!(g.size(), 16);
    assert_eq!(g.cell("a16"), 'B');
    assert_eq!(g.cell("p1"), 'W');
}

// KO-2: the first removal.

#[test]
fn ko2_first_removal_corners_and_centre() {
    assert_eq!(Game::new(8).moves(), strings(&["xa1", "xd4", "xe5", "xh8"]));
    assert_eq!(Game::new(4).moves(), strings(&["xa1", "xb2", "xc3", "xd4"]));
    assert_eq!(
        Game::new(5).moves(),
        strings(&["xa1", "xa5", "xc3", "xe1", "xe5"])
    );
    assert_eq!(
        Game::new(7).moves(),
        strings(&["xa1", "xa7", "xd4", "xg1", "xg7"])
    );
    assert_eq!(
        Game::new(16).moves(),
        strings(&["xa1", "xh8", "xi9", "xp16"])
    );
}

#[test]
fn ko2_removal_empties_the_point_and_passes_the_turn() {
    let g = Game::new(8).play("xe5");
    assert_eq!(
        g.to_text(),
        "WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBW1WBW/WBWBWBWB/BWBWBWBW/WBWBWBWB/BWBWBWBW white"
    );
    assert_eq!(g.to_move(), 1);
    assert_eq!(g.count(0), 31);
}

// KO-3: the second removal.

#[test]
fn ko3_second_removal_next_to_the_empty_point() {
    let g = Game::new(8);
    assert_eq!(g.play("xa1").moves(), strings(&["xa2", "xb1"]));
    assert_eq!(g.play("xh8").moves(), strings(&["xg8", "xh7"]));
    assert_eq!(
        g.play("xd4").moves(),
        strings(&["xc4", "xd3", "xd5", "xe4"])
    );
    assert_eq!(
        g.play("xe5").moves(),
        strings(&["xd5", "xe4", "xe6", "xf5"])
    );
    let g = Game::new(4);
    assert_eq!(
        g.play("xb2").moves(),
        strings(&["xa2", "xb1", "xb3", "xc2"])
    );
    let g = Game::new(5);
    assert_eq!(
        g.play("xc3").moves(),
        strings(&["xb3", "xc2", "xc4", "xd3"])
    );
    assert_eq!(g.play("xa5").moves(), strings(&["xa4", "xb5"]));
}

#[test]
fn ko3_the_phase_is_read_from_the_board() {
    // One empty point in a hand-built position (b1, not a corner): the player to move
    // removes a piece of its own next to it: a1, b2 or c1.
    let g = Game::from_position("WBWB/BWBW/WBWB/B1BW black");
    assert_eq!(g.moves(), strings(&["xa1", "xb2", "xc1"]));
    // White to move there has no piece next to b1: no move (KO-6).
    let g = Game::from_position("WBWB/BWBW/WBWB/B1BW white");
    assert_eq!(g.outcome(), Some(Some(0)));
    // Two empty points (the 4 x 4 game after xb2 xc2): jumps only, no removal; b4 jumps
    // b3 into b2, while d2 cannot jump the empty c2.
    let g = Game::from_position("WBWB/BWBW/W2B/BWBW black");
    assert_eq!(g.moves(), strings(&["b4-b2"]));
    assert_eq!(Game::new(4).play_all("xb2 xc2"), g);
}

// KO-4: the jump.

#[test]
fn ko4_first_jumps_of_the_game() {
    // After xd4 xd5 Black can land only on d4 (d5 is a White point): from b4 over c4,
    // from f4 over e4, from d2 over d3; d6 cannot jump the empty d5.
    let g = Game::new(8).play_all("xd4 xd5");
    assert_eq!(g.moves(), strings(&["b4-d4", "d2-d4", "f4-d4"]));
    let g = g.play("d2-d4");
    assert_eq!(
        g.cells(),
        strings(&[
            "WBWBWBWB", "BWBWBWBW", "WBWBWBWB", "BWB.BWBW", "WBWBWBWB", "BWB.BWBW", "WBW.WBWB",
            "BWBWBWBW",
        ])
    );
    assert_eq!((g.count(0), g.count(1)), (31, 30));
    assert_eq!(g.to_move(), 1);
}

#[test]
fn ko4_single_jumps_in_four_directions() {
    let g = Game::from_position("8/8/8/3W4/2WBW3/3W4/8/8 black");
    assert_eq!(g.moves(), strings(&["d4-b4", "d4-d2", "d4-d6", "d4-f4"]));
    let after = g.play("d4-b4");
    assert_eq!(after.to_text(), "8/8/8/3W4/1B2W3/3W4/8/8 white");
    // White's d5, d3 and e4 are not next to b4: no move, White loses (KO-6).
    assert_eq!(after.moves(), Vec::<String>::new());
    assert_eq!(after.outcome(), Some(Some(0)));
}

#[test]
fn ko4_no_jump_onto_a_piece_or_over_own_or_empty() {
    // d4 and f4 block each other over e4; a2 jumps b2 to c2.
    let g = Game::from_position("8/8/8/8/3BWB2/8/BW6/8 black");
    assert_eq!(g.moves(), strings(&["a2-c2"]));
    // The landing point holds an enemy piece.
    let g = Game::from_position("8/8/8/8/3BWW2/8/BW6/8 black");
    assert_eq!(g.moves(), strings(&["a2-c2"]));
    // Over an own piece, or over an empty point.
    let g = Game::from_position("8/8/8/8/3BB3/8/BW6/8 black");
    assert_eq!(g.moves(), strings(&["a2-c2"]));
    let g = Game::from_position("8/8/8/8/3B1W2/8/BW6/8 black");
    assert_eq!(g.moves(), strings(&["a2-c2"]));
}

#[test]
fn ko4_jumps_at_the_edge_of_a_large_board() {
    // 10 x 10: j10 is Black's, i10 and j9 White's; j10 jumps either one.
    let g = Game::from_position("8WB/9W/10/10/10/10/10/10/10/10 black");
    assert_eq!(g.moves(), strings(&["j10-h10", "j10-j8"]));
    assert_eq!(
        g.play("j10-j8").to_text(),
        "8W1/10/9B/10/10/10/10/10/10/10 white"
    );
}

// KO-5: chains.

#[test]
fn ko5_each_length_of_a_chain_is_a_move() {
    let g = Game::from_position("8/8/W7/8/W7/8/W7/B7 black");
    assert_eq!(g.moves(), strings(&["a1-a3", "a1-a3-a5", "a1-a3-a5-a7"]));
    assert_eq!(g.play("a1-a3").to_text(), "8/8/W7/8/W7/B7/8/8 white");
    assert_eq!(g.play("a1-a3-a5").to_text(), "8/8/W7/B7/8/8/8/8 white");
    assert_eq!(g.play("a1-a3-a5").moves(), strings(&["a6-a4"]));
    let all = g.play("a1-a3-a5-a7");
    assert_eq!(all.to_text(), "8/B7/8/8/8/8/8/8 white");
    assert_eq!(all.outcome(), Some(Some(0)));
}

#[test]
fn ko5_chain_in_play_from_the_start() {
    // After xd4 xd5 d2-d4, White's d7 jumps d6 into d5 and may go on over Black's d4 into
    // the empty d3 (then d2 is empty: the chain ends).
    let g = Game::new(8).play_all("xd4 xd5 d2-d4");
    assert_eq!(
        g.moves(),
        strings(&["b3-d3", "b5-d5", "d7-d5", "d7-d5-d3", "f3-d3", "f5-d5"])
    );
    let g = g.play("d7-d5-d3");
    assert_eq!(
        g.cells(),
        strings(&[
            "WBWBWBWB", "BWB.BWBW", "WBW.WBWB", "BWB.BWBW", "WBW.WBWB", "BWBWBWBW", "WBW.WBWB",
            "BWBWBWBW",
        ])
    );
    assert_eq!(
        g.moves(),
        strings(&["b2-d2", "b4-d4", "b6-d6", "f2-d2", "f4-d4", "f6-d6"])
    );
}

#[test]
fn ko5_chain_stops_at_own_piece_occupied_point_and_never_turns() {
    // Over Black's own a4: no second jump.
    let g = Game::from_position("8/8/W7/8/B7/8/W7/B7 black");
    assert_eq!(g.moves(), strings(&["a1-a3"]));
    // a5 occupied: no second jump.
    let g = Game::from_position("8/8/8/W7/W7/8/W7/B7 black");
    assert_eq!(g.moves(), strings(&["a1-a3"]));
    // No turn: from c3 the jump over d3 to e3 would go east after going north.
    let g = Game::from_position("8/8/8/8/8/3W4/2W5/2B5 black");
    assert_eq!(g.moves(), strings(&["c1-c3"]));
    let g = g.play("c1-c3");
    assert_eq!(g.to_text(), "8/8/8/8/8/2BW4/8/8 white");
    assert_eq!(g.moves(), strings(&["d3-b3"]));
}

#[test]
fn ko5_chains_westward_and_southward() {
    // h1 jumps g1, e1, c1 west; h8 jumps h7, h5 south; both chains can stop anywhere.
    let g = Game::from_position("7B/7W/8/7W/8/8/8/2W1W1WB black");
    assert_eq!(
        g.moves(),
        strings(&["h1-f1", "h1-f1-d1", "h1-f1-d1-b1", "h8-h6", "h8-h6-h4"])
    );
    assert_eq!(
        g.play("h1-f1-d1-b1").to_text(),
        "7B/7W/8/7W/8/8/8/1B6 white"
    );
}

// KO-6: the end.

#[test]
fn ko6_player_without_a_move_loses() {
    let g = Game::from_position("8/8/8/8/8/8/8/BWB5 black");
    assert_eq!(g.moves(), Vec::<String>::new());
    assert_eq!(g.outcome(), Some(Some(1)));
    assert_eq!(g.outcome_text(), "white wins");
    let g = Game::from_position("8/8/8/8/8/8/8/BWB5 white");
    assert_eq!(g.moves(), strings(&["b1-d1"]));
    assert_eq!(g.outcome(), None);
    let g = Game::from_position("8/8/8/8/8/8/8/B7 white");
    assert_eq!(g.outcome(), Some(Some(0)));
    assert_eq!(g.perft(3), vec![0, 0, 0]);
}

#[test]
fn ko6_small_game_played_out() {
    // 4 x 4: xa1 xb1, then Black's only jump a3-a1 (over a2; c1 cannot jump the empty b1).
    let g = Game::new(4).play_all("xa1 xb1");
    assert_eq!(g.moves(), strings(&["a3-a1"]));
    let g = g.play("a3-a1");
    assert_eq!(g.to_text(), "WBWB/1WBW/1BWB/B1BW white");
    // White lands only on the White points a2 and b1 (a3 is a Black point): c2 over b2 into
    // a2 (a4 cannot jump the empty a3), b3 over b2 and d1 over c1 into b1.
    assert_eq!(g.moves(), strings(&["b3-b1", "c2-a2", "d1-b1"]));
    // After b3-b1 (over b2) Black can land only on the empty Black points a3 and b2: a1
    // cannot jump the empty a2, c3 the empty b3, b4 the empty b3; d2 jumps c2 into b2.
    let g = g.play("b3-b1");
    assert_eq!(g.to_text(), "WBWB/2BW/2WB/BWBW black");
    assert_eq!(g.moves(), strings(&["d2-b2"]));
}

/// Plays random games on several sizes and checks invariants after every ply.
#[test]
fn random_games_keep_the_invariants() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for size in [4, 5, 6, 7, 8, 9, 12] {
        for _ in 0..20 {
            let mut g = Game::new(size);
            let mut ply = 0;
            while g.outcome().is_none() {
                let moves = g.moves();
                let mv = moves[rng.below(moves.len())].clone();
                let next = g.play(&mv);
                let me = g.to_move();
                if ply < 2 {
                    assert!(mv.starts_with('x'), "ply {ply}: {mv}");
                    assert_eq!(next.count(me), g.count(me) - 1);
                } else {
                    let jumps = mv.matches('-').count();
                    assert!(jumps >= 1 && !mv.starts_with('x'));
                    assert_eq!(next.count(me), g.count(me));
                    assert_eq!(next.count(1 - me), g.count(1 - me) - jumps);
                }
                assert_eq!(Game::from_position(&next.to_text()), next);
                g = next;
                ply += 1;
                assert!(ply <= (size * size) as usize);
            }
            assert!(ply >= 2);
            assert_eq!(g.outcome(), Some(Some(1 - g.to_move())));
        }
    }
}

// The data files for the engine.

fn game_for(sets: &[String]) -> Game {
    let mut size = 8;
    for s in sets {
        match s.split_once('=') {
            Some(("size", v)) => size = v.parse().unwrap(),
            _ => panic!("unknown setting {s}"),
        }
    }
    Game::new(size)
}

fn check_perft(limit: u64) -> usize {
    let cases = perft_file::read("tests/perft/konane.perft", Some("konane"));
    grid_checks::compared(&grid_checks::check_perft(&cases, limit, |case| {
        game_for(&case.sets)
    }))
}

#[test]
fn perft_data_file_up_to_a_million_leaves() {
    assert!(check_perft(1_000_000) >= 50);
}

#[test]
#[ignore = "deep perft: run with `cargo test --release --test suite konane_reference:: -- --ignored`"]
fn perft_data_file_all_depths() {
    check_perft(u64::MAX);
}

/// Checks every case of a scenario file against the reference; returns how many.
fn check_scenarios(path: &str) -> usize {
    let start = |sets: &[String], position: Option<&str>| match position {
        Some(p) => Game::from_position(p),
        None => game_for(sets),
    };
    let names = grid_checks::check_scenarios(path, "konane", start);
    for name in &names {
        assert!(name.starts_with("KO-"), "{name}: the name cites a rule id");
    }
    names.len()
}

#[test]
fn scenario_files_agree_with_the_reference() {
    let n = check_scenarios("tests/scenarios/konane-positions.yaml");
    assert!(n >= 20);
    let n = check_scenarios("tests/scenarios/konane-5x5-positions.yaml");
    assert!(n >= 5);
}

/// The tool that printed the data file's counts from the start of each size, which must
/// still be its counts: `cargo test --release --test suite konane_reference::print_perft
/// -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints perft to depth 7 of each size (with --nocapture)"]
fn print_perft() {
    let cases = perft_file::read("tests/perft/konane.perft", Some("konane"));
    for size in [4, 5, 6, 8] {
        let counts = Game::new(size).perft(7);
        println!("{size}: {counts:?}");
        let start = cases
            .iter()
            .find(|c| c.moves.is_empty() && game_for(&c.sets).size() == size)
            .unwrap_or_else(|| panic!("the data file starts no game of size {size}"));
        assert_eq!(start.assert_agrees(&counts), 7, "{}", start.place);
    }
}
