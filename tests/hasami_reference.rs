//! Tests of the independent Hasami Shogi and Dai Hasami Shogi reference implementation
//! (`tests/common/hasami_reference.rs`, rules HS-1..HS-6 and DH-1..DH-8 of
//! `docs/games/hasami-shogi.md` and `docs/games/dai-hasami-shogi.md`): hand-worked
//! positions for every rule, the scenario files of `tests/scenarios/` (each case checked
//! against the reference, so the files are proved before the engine plays them), and the
//! perft data files of `tests/perft/` (counts up to a million leaves).

use crate::common::grid_checks::{self, strings};
use crate::common::xorshift::XorShift;
use crate::common::{hasami_reference, perft_file};

use hasami_reference::{Aim, Game, Variant};

const HS: Variant = Variant::Hasami;
const DH: Variant = Variant::Dai;

/// A scenario file's text.
fn data_file(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// ---------------------------------------------------------------------------------------
// HS-1 / DH-1: the start positions.

#[test]
fn hs1_start_position() {
    let g = Game::new(HS);
    assert_eq!(g.to_text(), "WWWWWWWWW/9/9/9/9/9/9/9/BBBBBBBBB black");
    assert_eq!(g.to_move(), 0);
    assert_eq!((g.count(0), g.count(1)), (9, 9));
    assert_eq!(g.outcome(), None);
    // HS-2: each piece goes straight forward to rank 2 .. 8.
    let mut expected = Vec::new();
    for f in "abcdefghi".chars() {
        for r in 2..=8 {
            expected.push(format!("{f}1-{f}{r}"));
        }
    }
    assert_eq!(g.moves(), expected);
}

#[test]
fn dh1_start_position() {
    let g = Game::new(DH);
    assert_eq!(
        g.to_text(),
        "WWWWWWWWW/WWWWWWWWW/9/9/9/9/9/BBBBBBBBB/BBBBBBBBB black"
    );
    assert_eq!((g.count(0), g.count(1)), (18, 18));
    assert_eq!(g.outcome(), None);
    // DH-3: each rank-1 piece jumps over the piece in front onto rank 3; DH-2: each rank-2
    // piece slides forward to rank 3 .. 7.
    let mut expected = Vec::new();
    for f in "abcdefghi".chars() {
        expected.push(format!("{f}1-{f}3"));
        for r in 3..=7 {
            expected.push(format!("{f}2-{f}{r}"));
        }
    }
    assert_eq!(g.moves(), expected);
    // White's first moves mirror Black's.
    let w = g.play("e2-e7");
    assert_eq!(w.to_move(), 1);
    assert!(!w.moves().contains(&"e9-e7".to_string()), "e7 is taken");
    assert!(w.moves().contains(&"d9-d7".to_string()));
    assert!(
        w.moves().contains(&"e8-e6".to_string()),
        "a jump over Black's e7"
    );
}

// ---------------------------------------------------------------------------------------
// Position text.

#[test]
fn position_text_reads_back() {
    for text in [
        "WWWWWWWWW/9/9/9/9/9/9/9/BBBBBBBBB black",
        "9/4B4/4W4/4W4/2BW4B/4W4/9/9/9 black",
        "8W/9/9/9/9/9/9/2B6/WB7 white",
        "9/9/9/9/9/9/9/9/9 white",
    ] {
        assert_eq!(Game::from_position(HS, text).to_text(), text);
        assert_eq!(Game::from_position(DH, text).to_text(), text);
    }
    // `.` for one empty point and split runs are read, and printed in the short form.
    let g = Game::from_position(HS, "W.7/9/9/9/4B.3/9/9/9/9 white");
    assert_eq!(g.to_text(), "W8/9/9/9/4B4/9/9/9/9 white");
    assert_eq!(g.cells()[4], "....B....");
}

// ---------------------------------------------------------------------------------------
// HS-2 / DH-2 / DH-3: moves, worked out by hand.

#[test]
fn hs2_rook_moves_only() {
    // Black c5 and e5, White e7 and a9.
    let g = Game::from_position(HS, "W8/9/4W4/9/2B1B4/9/9/9/9 black");
    let expected = strings(&[
        "c5-a5", "c5-b5", "c5-c1", "c5-c2", "c5-c3", "c5-c4", "c5-c6", "c5-c7", "c5-c8", "c5-c9",
        "c5-d5", "e5-d5", "e5-e1", "e5-e2", "e5-e3", "e5-e4", "e5-e6", "e5-f5", "e5-g5", "e5-h5",
        "e5-i5",
    ]);
    assert_eq!(g.moves(), expected);
    // The same position in Dai Hasami Shogi adds no jump: no piece has a neighbour.
    assert_eq!(
        Game::from_position(DH, "W8/9/4W4/9/2B1B4/9/9/9/9 black").moves(),
        expected
    );
}

#[test]
fn dh3_jumps_over_own_and_enemy() {
    // Black e5 and e6, White d5 and a9.
    let g = Game::from_position(DH, "W8/9/9/4B4/3WB4/9/9/9/9 black");
    assert_eq!(
        g.moves(),
        strings(&[
            "e5-c5", "e5-e1", "e5-e2", "e5-e3", "e5-e4", "e5-e7", "e5-f5", "e5-g5", "e5-h5",
            "e5-i5", "e6-a6", "e6-b6", "e6-c6", "e6-d6", "e6-e4", "e6-e7", "e6-e8", "e6-e9",
            "e6-f6", "e6-g6", "e6-h6", "e6-i6",
        ])
    );
    // In Hasami Shogi the same pieces have no jumps.
    let h = Game::from_position(HS, "W8/9/9/4B4/3WB4/9/9/9/9 black");
    assert!(!h.moves().contains(&"e5-c5".to_string()));
    assert!(!h.moves().contains(&"e5-e7".to_string()));
    assert_eq!(h.moves().len(), 22 - 3);
}

#[test]
fn dh3_jump_needs_an_empty_landing_point() {
    let g = Game::from_position(DH, "W8/9/4W4/4B4/4B4/9/9/9/9 black");
    let m = g.moves();
    assert!(m.contains(&"e6-e8".to_string()));
    assert!(!m.contains(&"e5-e7".to_string()));
    assert!(!m.contains(&"e5-e8".to_string()));
}

// ---------------------------------------------------------------------------------------
// HS-3 / DH-4 .. HS-5 / DH-6: captures, worked out by hand.

#[test]
fn hs3_dh4_capture_in_two_directions() {
    for v in [HS, DH] {
        let g = Game::from_position(v, "9/4B4/4W4/4W4/2BW4B/4W4/9/9/9 black").play("i5-e5");
        assert_eq!(g.to_text(), "9/4B4/9/9/2B1B4/4W4/9/9/9 white");
        assert_eq!(g.outcome(), None);
    }
}

#[test]
fn hs3_run_to_the_edge_is_not_taken() {
    let g = Game::from_position(HS, "9/9/9/9/WW7/9/9/9/2B6 black").play("c1-c5");
    assert_eq!(g.to_text(), "9/9/9/9/WWB6/9/9/9/9 white");
}

#[test]
fn hs4_dh5_no_corner_capture() {
    for v in [HS, DH] {
        let g = Game::from_position(v, "8W/9/9/9/9/9/9/2B6/WB7 black").play("c2-a2");
        assert_eq!(g.to_text(), "8W/9/9/9/9/9/9/B8/WB7 white");
    }
}

#[test]
fn hs5_moving_between_is_safe_until_the_row_is_closed_again() {
    let g = Game::from_position(HS, "W8/9/9/9/B1B6/9/9/9/1W7 white").play("b1-b5");
    assert_eq!(g.to_text(), "W8/9/9/9/BWB6/9/9/9/9 black");
    let g = g.play_all("a5-a4 a9-a8 a4-a5");
    assert_eq!(g.to_text(), "9/W8/9/9/B1B6/9/9/9/9 white");
}

#[test]
fn dh4_jump_captures_only_by_its_landing() {
    let g = Game::from_position(DH, "9/9/9/9/9/5WB2/4W4/4B4/9 black").play("e2-e4");
    assert_eq!(g.to_text(), "9/9/9/9/9/4B1B2/4W4/9/9 white");
    let g = Game::from_position(DH, "W8/9/9/4B4/3WB4/9/9/9/9 black").play("e5-c5");
    assert_eq!(g.to_text(), "W8/9/9/4B4/2BW5/9/9/9/9 white");
}

// ---------------------------------------------------------------------------------------
// DH-7: five in a row.

#[test]
fn dh7_five_in_a_row() {
    let win = |pos: &str, mv: &str| Game::from_position(DH, pos).play(mv).outcome();
    // A rank, outside the home ranks.
    assert_eq!(
        win("8W/9/9/9/BBBB5/9/9/4B4/9 black", "e2-e5"),
        Some(Some(0))
    );
    // A file touching the home rank: c2 .. c6 is not enough; c2 .. c7 is.
    assert_eq!(win("8W/9/9/4B4/2B6/2B6/2B6/2B6/9 black", "e6-c6"), None);
    assert_eq!(
        win("8W/9/2B6/4B4/2B6/2B6/2B6/2B6/9 black", "e6-c6"),
        Some(Some(0))
    );
    // Diagonals, one of them through the opponent's home rank.
    assert_eq!(
        win("8W/9/9/5B3/4B4/3B5/2B6/9/6B2 black", "g1-g7"),
        Some(Some(0))
    );
    assert_eq!(
        win("5W3/9/9/1W7/2W6/3W5/4W4/9/B8 white", "f9-f2"),
        Some(Some(1))
    );
    // A jump completes a five.
    assert_eq!(
        win("9/9/9/9/BBB1B4/3W5/3B5/9/9 black", "d3-d5"),
        Some(Some(0))
    );
    // Four is not five.
    assert_eq!(win("8W/9/9/9/BBB6/9/9/3B5/9 black", "d2-d5"), None);
    // A finished game has no moves.
    let g = Game::from_position(DH, "8W/9/9/9/BBBB5/9/9/4B4/9 black").play("e2-e5");
    assert!(g.moves().is_empty());
    assert_eq!(g.perft(2), vec![0, 0]);
    // Hasami Shogi has no such rule.
    let h = Game::from_position(HS, "8W/9/9/9/BBBB5/9/9/4B4/9 black").play("e2-e5");
    assert_eq!(h.outcome(), None);
}

#[test]
fn dh7_a_position_read_with_a_five_of_the_last_mover_is_over() {
    let g = Game::from_position(DH, "8W/9/9/9/BBBBB4/9/9/9/9 white");
    assert_eq!(g.outcome(), Some(Some(0)));
    assert!(g.moves().is_empty());
    // A five of the player to move is looked at only after their move.
    let g = Game::from_position(DH, "8W/9/9/9/BBBBB4/9/9/9/9 black");
    assert_eq!(g.outcome(), None);
}

// ---------------------------------------------------------------------------------------
// HS-6 / DH-8: no legal move loses.

#[test]
fn hs6_dh8_no_move_loses() {
    for v in [HS, DH] {
        let g = Game::from_position(v, "9/9/9/9/4B4/9/9/9/9 white");
        assert!(g.moves().is_empty());
        assert_eq!(g.outcome(), Some(Some(0)));
    }
    // Blocked in the corner: in Hasami Shogi by two pieces, in Dai Hasami Shogi only when
    // the jumps are blocked too.
    let hs = Game::from_position(HS, "9/9/9/9/9/9/9/B8/WB7 white");
    assert_eq!(hs.outcome(), Some(Some(0)));
    let dh = Game::from_position(DH, "9/9/9/9/9/9/9/B8/WB7 white");
    assert_eq!(dh.moves(), strings(&["a1-a3", "a1-c1"]));
    let dh = Game::from_position(DH, "9/9/9/9/9/9/B8/B8/WBB6 white");
    assert_eq!(dh.outcome(), Some(Some(0)));
    // The last piece taken.
    let g = Game::from_position(HS, "9/9/9/9/9/9/9/9/BW5B1 black").play("h1-c1");
    assert_eq!(g.to_text(), "9/9/9/9/9/9/9/9/B1B6 white");
    assert_eq!(g.outcome(), Some(Some(0)));
}

#[test]
fn no_ban_on_repetition() {
    let g = Game::new(HS).play_all("a1-a2 a9-a8 a2-a1 a8-a9");
    assert_eq!(g, Game::new(HS));
    let g = Game::new(DH).play_all("a2-a3 a8-a7 a3-a2 a7-a8");
    assert_eq!(g, Game::new(DH));
}

#[test]
#[should_panic(expected = "not legal")]
fn an_illegal_move_panics() {
    Game::new(HS).play("a1-b2");
}

// ---------------------------------------------------------------------------------------
// Random games: invariants at every ply.

#[test]
fn random_games_keep_the_invariants() {
    for v in [HS, DH] {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut ends, mut captures) = (0, 0);
        for _ in 0..100 {
            let mut g = Game::new(v);
            for _ in 0..300 {
                if g.outcome().is_some() {
                    ends += 1;
                    assert!(g.moves().is_empty(), "a finished game has no moves");
                    break;
                }
                let moves = g.moves();
                let mut sorted = moves.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(moves, sorted, "sorted, no duplicates");
                let mover = g.to_move();
                let before = (g.count(0), g.count(1));
                let mv = &moves[rng.below(moves.len())];
                let next = g.play(mv);
                // The mover never loses a piece; the opponent never gains one.
                assert_eq!(
                    next.count(mover),
                    if mover == 0 { before.0 } else { before.1 }
                );
                let enemy_before = if mover == 0 { before.1 } else { before.0 };
                assert!(next.count(1 - mover) <= enemy_before);
                if next.count(1 - mover) < enemy_before {
                    captures += 1;
                }
                // The position text reads back to the same position.
                assert_eq!(
                    Game::from_position(v, &next.to_text()).to_text(),
                    next.to_text()
                );
                g = next;
            }
        }
        assert!(captures > 0, "{v:?}: no capture in random games");
        // Random Hasami Shogi games rarely end in 300 plies; Dai Hasami Shogi's do, by
        // five in a row.
        if v == DH {
            assert!(ends > 0, "{v:?}: no random game ended");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The scenario files.

/// The aim a scenario file sets (`set: [aim=five]`), if any.
fn aim_of(sets: &[String]) -> Option<Aim> {
    let mut aims = sets.iter().filter_map(|s| s.strip_prefix("aim="));
    aims.next_back().map(|a| match a {
        "all" => Aim::All,
        "all-but-one" => Aim::AllButOne,
        "five" => Aim::Five,
        other => panic!("unknown aim {other}"),
    })
}

/// Checks every case of a scenario file of `game` against the reference; returns how many.
fn check_scenarios(variant: Variant, game: &str, path: &str) -> usize {
    let start = |sets: &[String], position: Option<&str>| {
        let g = match position {
            Some(p) => Game::from_position(variant, p),
            None => Game::new(variant),
        };
        match aim_of(sets) {
            Some(aim) => g.with_aim(aim),
            None => g,
        }
    };
    grid_checks::check_scenarios(path, game, start).len()
}

/// Every rule id of a rules page appears in the name of at least one scenario case.
fn every_rule_has_a_case(path: &str, prefix: &str, last: usize) {
    let text = data_file(path);
    for i in 1..=last {
        let id = format!("{prefix}-{i}");
        let named = text
            .lines()
            .filter(|l| l.trim_start().starts_with("- name:"))
            .any(|l| {
                l.split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
                    .any(|w| w == id)
            });
        assert!(named, "{path}: no case names {id}");
    }
}

#[test]
fn hasami_shogi_scenarios_hold_in_the_reference() {
    let path = "tests/scenarios/hasami-shogi-positions.yaml";
    assert!(check_scenarios(HS, "hasami-shogi", path) >= 6);
    every_rule_has_a_case(path, "HS", 6);
}

#[test]
fn hasami_shogi_aim_scenarios_hold_in_the_reference() {
    let five = "tests/scenarios/hasami-shogi-five.yaml";
    assert!(check_scenarios(HS, "hasami-shogi", five) >= 3);
    let all_but_one = "tests/scenarios/hasami-shogi-all-but-one.yaml";
    assert!(check_scenarios(HS, "hasami-shogi", all_but_one) >= 2);
}

#[test]
fn dai_hasami_shogi_scenarios_hold_in_the_reference() {
    let path = "tests/scenarios/dai-hasami-shogi-positions.yaml";
    assert!(check_scenarios(DH, "dai-hasami-shogi", path) >= 8);
    every_rule_has_a_case(path, "DH", 8);
}

// ---------------------------------------------------------------------------------------
// The perft data files.

fn check_perft(variant: Variant, path: &str, limit: u64) {
    let cases = perft_file::read(path, None);
    grid_checks::check_perft(&cases, limit, |_| Game::new(variant));
}

#[test]
fn hasami_shogi_perft_file_up_to_a_million_leaves() {
    check_perft(HS, "tests/perft/hasami-shogi.perft", 1_000_000);
}

#[test]
fn dai_hasami_shogi_perft_file_up_to_a_million_leaves() {
    check_perft(DH, "tests/perft/dai-hasami-shogi.perft", 1_000_000);
}

#[test]
#[ignore = "deep perft: run with `cargo test --release --test suite hasami_reference:: -- --ignored`"]
fn perft_files_all_depths() {
    check_perft(HS, "tests/perft/hasami-shogi.perft", u64::MAX);
    check_perft(DH, "tests/perft/dai-hasami-shogi.perft", u64::MAX);
}

/// Prints perft and what happens in the tree (captures, wins) after `MOVES` (an
/// environment variable) to `DEPTH`: the tool used to choose the mid-game cases of the
/// perft files. `cargo test --test suite hasami_reference::explore -- --ignored
/// --nocapture`. It checks what it can: no more captures, jumps or ends at a ply than moves,
/// and the counts of the data file's case that starts after the same moves, if there is one.
#[test]
#[ignore = "a tool: prints what happens in the tree after MOVES to DEPTH (with --nocapture)"]
fn explore() {
    let depth: usize = std::env::var("DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let moves = std::env::var("MOVES").unwrap_or_default();
    let variants = match std::env::var("GAME").as_deref() {
        Ok("hs") => vec![HS],
        Ok("dh") => vec![DH],
        _ => vec![HS, DH],
    };
    for v in variants {
        let g = Game::new(v).play_all(&moves);
        let mut captures = vec![0u64; depth];
        let mut ends = vec![0u64; depth];
        let mut jumps = vec![0u64; depth];
        tree(&g, 0, &mut captures, &mut ends, &mut jumps);
        let perft = g.perft(depth);
        println!("{v:?} {}", g.to_text());
        println!("  perft    {perft:?}");
        println!("  captures {captures:?}");
        println!("  jumps    {jumps:?}");
        println!("  ended    {ends:?}");
        for (what, counts) in [("captures", &captures), ("jumps", &jumps), ("ends", &ends)] {
            for (ply, (n, all)) in counts.iter().zip(&perft).enumerate() {
                assert!(
                    n <= all,
                    "{v:?}, ply {}: {n} {what} in {all} moves",
                    ply + 1
                );
            }
        }
        let path = if v == HS {
            "tests/perft/hasami-shogi.perft"
        } else {
            "tests/perft/dai-hasami-shogi.perft"
        };
        let played: Vec<&str> = moves.split_whitespace().collect();
        for case in perft_file::read(path, None) {
            if case.moves.split_whitespace().eq(played.iter().copied()) {
                case.assert_agrees(&perft);
            }
        }
    }
}

fn tree(g: &Game, ply: usize, captures: &mut [u64], ends: &mut [u64], jumps: &mut [u64]) {
    if ply == captures.len() {
        return;
    }
    for m in g.moves() {
        let next = g.play(&m);
        let enemy = 1 - g.to_move();
        if next.count(enemy) < g.count(enemy) {
            captures[ply] += 1;
        }
        let (a, b) = m.split_once('-').unwrap();
        let dist = (a.as_bytes()[0] as i32 - b.as_bytes()[0] as i32).abs()
            + (a[1..].parse::<i32>().unwrap() - b[1..].parse::<i32>().unwrap()).abs();
        if dist == 2 && !g.moves().contains(&format!("{a}-{}", mid(a, b))) {
            jumps[ply] += 1;
        }
        if next.outcome().is_some() {
            ends[ply] += 1;
        }
        tree(&next, ply + 1, captures, ends, jumps);
    }
}

/// The point halfway between two points two apart on a line.
fn mid(a: &str, b: &str) -> String {
    let f = (a.as_bytes()[0] + b.as_bytes()[0]) / 2;
    let r = (a[1..].parse::<u8>().unwrap() + b[1..].parse::<u8>().unwrap()) / 2;
    format!("{}{}", f as char, r)
}
