//! Tests of the independent Toguz Kumalak reference
//! (`tests/common/toguz_kumalak_reference.rs`, rules TK-1..TK-6 of
//! `docs/games/toguz-kumalak.md`): hand-worked positions for every rule, the perft data
//! file (the reference's own counts: no outside engine plays this game here), the
//! scenario file of hand-built positions, and seeded random games.

use crate::common::xorshift::XorShift;
use crate::common::{perft_file, sowing_checks, toguz_kumalak_reference};

use toguz_kumalak_reference::Game;

sowing_checks::sowing_reference!(toguz_kumalak_reference, |game| game.marks());

fn after(text: &str, moves: &str) -> Game {
    moves
        .split_whitespace()
        .fold(Game::from_position(text), |g, m| g.play(m))
}

const START: &str = "9,9,9,9,9,9,9,9,9|0/9,9,9,9,9,9,9,9,9|0 south";

#[test]
fn tk1_start() {
    let g = Game::new();
    assert_eq!(g.to_text(), START);
    assert_eq!(Game::from_position(START), g);
    assert_eq!(g.moves(), ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    assert_eq!(g.total(), 162);
    assert_eq!(g.outcome(), None);
}

#[test]
fn tk2_sowing() {
    // Nine stones from South's pit 1: one back, then pits 2 to 9.
    assert_eq!(
        Game::new().play("1").to_text(),
        "1,10,10,10,10,10,10,10,10|0/9,9,9,9,9,9,9,9,9|0 north"
    );
    // A single stone moves on.
    assert_eq!(
        after("0,0,1,0,0,0,0,0,0|75/5,5,5,5,5,5,5,5,5|41 south", "3").to_text(),
        "0,0,0,1,0,0,0,0,0|75/5,5,5,5,5,5,5,5,5|41 north"
    );
    // Twenty stones: origin, South 2..9, North 1..9, origin again, South 2.
    assert_eq!(
        after("20,0,0,0,0,0,0,0,0|60/1,1,1,1,1,1,1,1,1|73 south", "1").to_text(),
        "2,2,1,1,1,1,1,1,1|60/2,2,2,2,2,2,2,2,2|73 north"
    );
    // North sows the same way, on into South's row.
    assert_eq!(
        Game::new().play("1").play("9").to_text(),
        "2,11,11,11,11,11,11,11,10|0/9,9,9,9,9,9,9,9,1|0 south"
    );
}

#[test]
fn tk3_even_capture() {
    assert_eq!(
        Game::new().play("9").to_text(),
        "9,9,9,9,9,9,9,9,1|10/10,10,10,10,10,10,10,0,9|0 north"
    );
    assert_eq!(
        after("0,0,0,0,0,0,0,0,1|75/5,5,5,5,5,5,5,5,5|41 south", "9").to_text(),
        "0,0,0,0,0,0,0,0,0|81/0,5,5,5,5,5,5,5,5|41 north"
    );
    // Odd: nothing. Even in the own row: nothing.
    assert_eq!(
        after("0,0,0,0,0,0,0,3,0|70/4,5,5,5,5,5,5,5,5|45 south", "8").to_text(),
        "0,0,0,0,0,0,0,1,1|70/5,5,5,5,5,5,5,5,5|45 north"
    );
    assert_eq!(
        after("0,0,0,0,0,1,1,0,0|70/5,5,5,5,5,5,5,5,5|45 south", "6").to_text(),
        "0,0,0,0,0,0,2,0,0|70/5,5,5,5,5,5,5,5,5|45 north"
    );
}

#[test]
fn tk4_tuzdyk() {
    // Made: North's pit 1 reaches 3.
    let g = after("0,0,0,0,0,0,0,0,1|70/2,5,5,5,5,5,5,5,5|49 south", "9");
    assert_eq!(
        g.to_text(),
        "0,0,0,0,0,0,0,0,0|73/0@south,5,5,5,5,5,5,5,5|49 north"
    );
    assert_eq!(g.marks(), [(1, 1, 0)]);
    // Not in the opponent's pit 9.
    assert_eq!(
        after("0,0,0,0,0,0,0,0,10|70/1,1,1,1,1,1,1,1,2|72 south", "9").to_text(),
        "0,0,0,0,0,0,0,0,1|70/2,2,2,2,2,2,2,2,3|72 north"
    );
    // Not a second one.
    assert_eq!(
        after("0,0,0,0,0,0,0,0,4|70/0@south,4,2,5,5,5,5,5,5|52 south", "9").to_text(),
        "0,0,0,0,0,0,0,0,1|71/0@south,5,3,5,5,5,5,5,5|52 north"
    );
    // Not the pit with the number of the opponent's tuzdyk; another number is fine.
    assert_eq!(
        after(
            "20,0,0,0@north,0,0,0,0,5|60/1,1,1,2,1,1,1,1,5|63 south",
            "9"
        )
        .to_text(),
        "20,0,0,0@north,0,0,0,0,1|60/2,2,2,3,1,1,1,1,5|63 north"
    );
    assert_eq!(
        after("20,0,0,0,0,0,0,0,5|60/1,1,1,2,1,1,1,1,5|63 south", "9").to_text(),
        "20,0,0,0,0,0,0,0,1|63/2,2,2,0@south,1,1,1,1,5|63 north"
    );
    assert_eq!(
        after(
            "20,0,0,0@north,0,0,0,0,4|60/1,1,2,1,1,1,1,1,5|64 south",
            "9"
        )
        .to_text(),
        "20,0,0,0@north,0,0,0,0,1|63/2,2,0@south,1,1,1,1,1,5|64 north"
    );
    // North makes one in South's row the same way (South's pit 2 reaches 3).
    assert_eq!(
        after("1,2,0,0,0,0,0,0,5|75/0,0,0,0,0,0,0,0,3|76 north", "9").to_text(),
        "2,0@north,0,0,0,0,0,0,5|75/0,0,0,0,0,0,0,0,1|79 south"
    );
}

#[test]
fn tk5_tuzdyk_feeds_owner() {
    assert_eq!(
        after("0,0,0,0,0,0,0,0,3|70/0@south,4,5,5,5,5,5,5,5|50 south", "9").to_text(),
        "0,0,0,0,0,0,0,0,1|71/0@south,5,5,5,5,5,5,5,5|50 north"
    );
    assert_eq!(
        after(
            "1,0,0,0,0,0,0,0,0|70/0@south,0,0,0,0,0,0,0,12|79 north",
            "9"
        )
        .to_text(),
        "2,1,1,1,1,1,1,1,1|71/0@south,1,0,0,0,0,0,0,1|79 south"
    );
    assert_eq!(
        after("0,0,0,2,0@north,0,0,0,1|60/5,5,5,5,5,5,5,5,5|54 south", "4").to_text(),
        "0,0,0,1,0@north,0,0,0,1|60/5,5,5,5,5,5,5,5,5|55 north"
    );
}

#[test]
fn tk6_end() {
    let g = after("0,0,0,0,0,0,0,0,1|80/1,5,5,5,5,5,5,5,5|40 south", "9");
    assert_eq!(
        g.to_text(),
        "0,0,0,0,0,0,0,0,0|82/0,0,0,0,0,0,0,0,0|80 north"
    );
    assert_eq!(g.outcome(), Some(Some(0)));
    assert!(g.moves().is_empty());
    let g = after("0,0,0,0,0,0,0,0,1|75/0,0,0,0,0,0,0,2,5|79 south", "9");
    assert_eq!(g.outcome(), None);
    let g = g.play("1");
    assert_eq!(
        g.to_text(),
        "0,0,0,0,0,0,0,0,0|75/0,0,0,0,0,0,0,0,0|87 south"
    );
    assert_eq!(g.outcome(), Some(Some(1)));
    let g = after("40,0,0,0,0,0,0,0,1|40/1,0,0,0,0,0,0,0,0|80 south", "9");
    assert_eq!(
        g.to_text(),
        "0,0,0,0,0,0,0,0,0|82/0,0,0,0,0,0,0,0,0|80 north"
    );
    assert_eq!(g.outcome(), Some(Some(0)));
    let g = Game::from_position("1,0,0,0,0,0,0,0,0|80/0,0,0,0,0,0,0,0,0|81 north");
    assert_eq!(g.outcome(), Some(None));
}

#[test]
fn perft_file() {
    let n = sowing_checks::check_perft_file::<Game>(
        "tests/perft/toguz-kumalak.perft",
        "toguz-kumalak",
        1_000_000,
    );
    assert!(n >= 12);
}

#[test]
fn scenario_file() {
    let n = sowing_checks::check_scenarios::<Game>(
        "tests/scenarios/toguz-kumalak-positions.yaml",
        "toguz-kumalak",
        "TK",
        6,
    );
    assert!(n >= 20);
}

#[test]
fn random_games_conserve_stones() {
    let plies = sowing_checks::random_games::<Game>(200, 20261124, Game::total);
    assert!(plies > 5000);
}

/// The tool that printed the data file (the start, then seeded random games of 20 and 40
/// plies), whose moves and counts must still be the file's: `cargo test --release --test
/// suite toguz_kumalak_reference::print_perft -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints the perft cases of the data file (with --nocapture)"]
fn print_perft() {
    let cases = perft_file::read("tests/perft/toguz-kumalak.perft", Some("toguz-kumalak"));
    let start = Game::new().perft(7);
    println!("start {start:?}");
    assert_eq!(cases[0].assert_agrees(&start), 7, "{}", cases[0].place);
    let mut rng = XorShift(20261124);
    for (plies, case) in [20, 40].into_iter().zip(&cases[1..]) {
        let mut g = Game::new();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let legal = g.moves();
            let m = legal[rng.below(legal.len())].clone();
            g = g.play(&m);
            moves.push(m);
        }
        let counts = g.perft(6);
        println!("moves {}", moves.join(" "));
        println!("# {}", g.to_text());
        println!("{counts:?}");
        assert_eq!(moves.join(" "), case.moves, "{}", case.place);
        assert_eq!(case.assert_agrees(&counts), 6, "{}", case.place);
    }
}

/// Every count of the perft file (run with `--ignored`).
#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_file_in_full() {
    sowing_checks::check_perft_file::<Game>(
        "tests/perft/toguz-kumalak.perft",
        "toguz-kumalak",
        u64::MAX,
    );
}
