//! Tests of the independent Mangala reference implementation
//! (`tests/common/mangala_reference.rs`, rules MG-1..MG-5).

use crate::common::xorshift::XorShift;
use crate::common::{mangala_reference, perft_file};

use mangala_reference::{new, Game};

fn total(g: &Game) -> u32 {
    let p = g.pits();
    p[0].iter().sum::<u32>() + p[1].iter().sum::<u32>() + g.stores().iter().sum::<u32>()
}

fn play_all(mut g: Game, moves: &[&str]) -> Game {
    for mv in moves {
        assert!(g.moves().iter().any(|m| m == mv), "{mv} not legal");
        g = g.play(mv);
    }
    g
}

#[test]
fn perft_plain_from_start() {
    assert_eq!(new(false).perft(5), vec![6, 36, 213, 1233, 6956]);
}

#[test]
fn perft_castle_from_start() {
    assert_eq!(new(true).perft(4), vec![6, 36, 210, 1195]);
}

#[test]
fn start_position() {
    for castle in [false, true] {
        let g = new(castle);
        assert_eq!(g.pits(), [[4; 6]; 2]);
        assert_eq!(g.stores(), [0, 0]);
        assert_eq!(g.to_move(), 0);
        assert!(!g.is_over());
        assert_eq!(g.winner(), None);
        assert_eq!(g.moves(), vec!["1", "2", "3", "4", "5", "6"]);
        assert_eq!(total(&g), 48);
    }
}

#[test]
fn pit_four_at_start_gives_extra_turn() {
    // MG-2/MG-3: 4 stones from pit 4: one back into pit 4, then pits 5, 6 and the store.
    let g = new(false).play("4");
    assert_eq!(g.pits(), [[4, 4, 4, 1, 5, 5], [4; 6]]);
    assert_eq!(g.stores(), [1, 0]);
    assert_eq!(g.to_move(), 0, "South moves again");
    assert_eq!(g.moves(), vec!["1", "2", "3", "4", "5", "6"]);
}

#[test]
fn single_stone_moves_on() {
    // After 4 (extra turn) South's pit 4 holds a single stone; it goes into pit 5, which
    // was not empty, so nothing is captured and North moves.
    let g = play_all(new(false), &["4", "4"]);
    assert_eq!(g.pits(), [[4, 4, 4, 0, 6, 5], [4; 6]]);
    assert_eq!(g.stores(), [1, 0]);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn sowing_crosses_into_opponent_row() {
    // Pit 6 at start: one back into pit 6, store, North's pits 1 and 2 (now 5 each, odd).
    let g = new(false).play("6");
    assert_eq!(g.pits(), [[4, 4, 4, 4, 4, 1], [5, 5, 4, 4, 4, 4]]);
    assert_eq!(g.stores(), [1, 0]);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn even_capture() {
    // South 3 and North 3 give both rows [4, 4, 1, 5, 5, 5]; then South 6 ends in North's
    // pit 3, which then holds 2 stones.
    let g = play_all(new(false), &["3"]); // 3,4,5,6 -> South [4,4,1,5,5,5], North moves.
    assert_eq!(g.pits(), [[4, 4, 1, 5, 5, 5], [4; 6]]);
    assert_eq!(g.to_move(), 1);
    // North 3 (4 stones): North 3,4,5,6 -> last in own pit 6 (5). South moves.
    let g = g.play("3");
    assert_eq!(g.pits(), [[4, 4, 1, 5, 5, 5], [4, 4, 1, 5, 5, 5]]);
    // South 5 (5 stones): 5, 6, store, North 1 (5), North 2 (5): odd, nothing.
    // South 6 (5 stones): 6, store, North 1, 2, 3 -> North 3 holds 2: even capture.
    let g = g.play("6");
    assert_eq!(g.pits(), [[4, 4, 1, 5, 5, 1], [5, 5, 0, 5, 5, 5]]);
    assert_eq!(g.stores(), [3, 0]);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn empty_pit_capture() {
    // South 1 (4 stones): 1,2,3,4 -> South [1,5,5,5,4,4]; North 1 (4): North [1,5,5,5,4,4].
    // South 1 (single stone) -> South pit 2 (6), nothing. North 6 (4): 6, store, South 1
    // (empty before, now 1) ... that is North's stone in South's row: 1 is odd, nothing.
    // Simpler: South 4 (extra turn), South 4 (single -> pit 5), North anything, then South
    // sows into its own empty pit 4.
    let g = play_all(new(false), &["4", "4"]); // South [4,4,4,0,6,5], North to move.
    let g = g.play("1"); // North [1,5,5,5,4,4], South to move.
    assert_eq!(g.pits(), [[4, 4, 4, 0, 6, 5], [1, 5, 5, 5, 4, 4]]);
    // South 1 (4 stones): 1,2,3,4 -> last in South pit 4, empty before; opposite is North
    // pit 3 (5 stones): 1 + 5 go to South's store.
    let g = g.play("1");
    assert_eq!(g.pits(), [[1, 5, 5, 0, 6, 5], [1, 5, 0, 5, 4, 4]]);
    assert_eq!(g.stores(), [1 + 6, 0]);
    assert_eq!(g.to_move(), 1);
    assert_eq!(total(&g), 48);
}

#[test]
fn castle_variant_skips_stores() {
    // Pit 6 at start: one back into pit 6, then North 1, 2, 3 (store skipped).
    let g = new(true).play("6");
    assert_eq!(g.pits(), [[4, 4, 4, 4, 4, 1], [5, 5, 5, 4, 4, 4]]);
    assert_eq!(g.stores(), [0, 0]);
    assert_eq!(g.to_move(), 1);
    // Pit 4 at start no longer gives an extra turn: 4, 5, 6, North 1.
    let g = new(true).play("4");
    assert_eq!(g.pits(), [[4, 4, 4, 1, 5, 5], [5, 4, 4, 4, 4, 4]]);
    assert_eq!(g.stores(), [0, 0]);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn castle_is_made_and_collects() {
    // Castle variant. South 1: South [1,5,5,5,4,4]; North 1: North [1,5,5,5,4,4].
    // South 4 (5 stones): S4, S5, S6, N1 (2), N2 (6): 6 is even and not 3, even capture.
    // North 3 (5 stones): N3, N4, N5, N6, S1 (2): even capture.
    // South 3 (5 stones): S3, S4, S5, S6, N1 (3): North's pit 1 becomes South's castle.
    let g = play_all(new(true), &["1", "1", "4", "3"]);
    assert_eq!(g.pits(), [[0, 5, 5, 1, 5, 5], [2, 0, 1, 6, 5, 5]]);
    assert_eq!(g.stores(), [6, 2]);
    assert_eq!(g.castles(), [None, None]);
    let g = g.play("3");
    assert_eq!(g.pits(), [[0, 5, 1, 2, 6, 6], [0, 0, 1, 6, 5, 5]]);
    assert_eq!(g.stores(), [9, 2]);
    assert_eq!(g.castles(), [Some((1, 1)), None]);
    assert_eq!(g.to_move(), 1);
    // North 3 (single stone) goes into North 4: no capture. Then South 6 (6 stones): S6,
    // the castle (to South's store), N2, N3, N4, N5 (6, even): even capture; South already
    // has a castle.
    let g = g.play("3");
    assert_eq!(g.pits(), [[0, 5, 1, 2, 6, 6], [0, 0, 0, 7, 5, 5]]);
    let g = g.play("6");
    assert_eq!(g.pits(), [[0, 5, 1, 2, 6, 1], [0, 1, 1, 8, 0, 5]]);
    assert_eq!(g.stores(), [9 + 1 + 6, 2]);
    assert_eq!(g.castles(), [Some((1, 1)), None]);
    assert_eq!(total(&g), 48);
}

/// The tool that prints deeper counts for cross-checking, which must be those of the
/// engine's data files (`tests/perft/mangala.perft`, `mangala-castle.perft`) as deep as
/// they go: `cargo test --release --test suite mangala_reference::print_deeper_perft --
/// --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints perft to depth 9 (with --nocapture)"]
fn print_deeper_perft() {
    for (name, castle, file) in [
        ("plain ", false, "tests/perft/mangala.perft"),
        ("castle", true, "tests/perft/mangala-castle.perft"),
    ] {
        let counts = new(castle).perft(9);
        println!("{name} {counts:?}");
        let cases = perft_file::read(file, Some("mangala"));
        let start = cases.iter().find(|c| c.moves.is_empty()).expect("a start");
        assert!(start.assert_agrees(&counts) >= 8, "{}", start.place);
    }
}

/// Plays random games and checks the invariants after every ply.
fn random_games(castle: bool, seed: u64, games: usize) -> [usize; 3] {
    let mut rng = XorShift(seed);
    let mut results = [0usize; 3]; // south wins, north wins, draws
    for _ in 0..games {
        let mut g = new(castle);
        let mut plies = 0;
        while !g.is_over() {
            let moves = g.moves();
            assert!(!moves.is_empty(), "a game in progress has moves");
            let mv = &moves[rng.below(moves.len())];
            let before = g.clone();
            g = g.play(mv);
            plies += 1;
            assert!(plies < 10_000, "game too long");
            assert_eq!(total(&g), 48, "stones conserved");
            assert!(g.stores()[0] >= before.stores()[0]);
            assert!(g.stores()[1] >= before.stores()[1]);
            if castle {
                // Castles stay empty, at most one per player, never a pit 6, and never in
                // the owner's own row.
                for (p, c) in g.castles().iter().enumerate() {
                    if let Some((row, k)) = *c {
                        assert_eq!(row, 1 - p);
                        assert_ne!(k, 6);
                        assert_eq!(g.pits()[row][k - 1], 0);
                        assert_eq!(before.castles()[p].map_or(*c, Some), *c);
                    }
                }
                // No extra turns in the castle variant.
                if !g.is_over() {
                    assert_ne!(g.to_move(), before.to_move());
                }
            }
            if g.is_over() {
                assert!(g.moves().is_empty());
                let p = g.pits();
                assert!(p[0].iter().all(|&x| x == 0) || p[1].iter().all(|&x| x == 0));
                // After the sweep both rows are empty.
                assert!(p[0].iter().chain(p[1].iter()).all(|&x| x == 0));
            } else {
                assert_eq!(g.winner(), None);
            }
        }
        let [s, n] = g.stores();
        assert_eq!(s + n, 48);
        match g.winner() {
            Some(Some(0)) => {
                assert!(s > n);
                results[0] += 1;
            }
            Some(Some(1)) => {
                assert!(n > s);
                results[1] += 1;
            }
            Some(None) => {
                assert_eq!(s, 24);
                results[2] += 1;
            }
            other => panic!("unexpected winner {other:?}"),
        }
    }
    results
}

#[test]
fn stones_conserved_in_random_games_plain() {
    for seed in 1..=20u64 {
        let r = random_games(false, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 100);
        assert_eq!(r.iter().sum::<usize>(), 100);
    }
}

#[test]
fn stones_conserved_in_random_games_castle() {
    let mut castles_seen = 0;
    for seed in 1..=20u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let r = random_games(true, rng.next() | 1, 100);
        assert_eq!(r.iter().sum::<usize>(), 100);
        // Count castles made in a few games, to make sure the rule fires at all.
        let mut g = new(true);
        while !g.is_over() {
            let moves = g.moves();
            g = g.play(&moves[rng.below(moves.len())]);
        }
        castles_seen += g.castles().iter().filter(|c| c.is_some()).count();
    }
    assert!(castles_seen > 0, "no castle was ever made");
}
