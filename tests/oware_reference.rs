//! Tests of the independent Oware reference (`tests/common/oware_reference.rs`, rules
//! OW-1..OW-7 of `docs/games/oware.md`): hand-worked positions for every rule, the perft
//! data file (OpenSpiel's counts), the scenario file of hand-built positions, and
//! OpenSpiel's own random games replayed ply by ply (`tests/openspiel/oware-games.txt`).

use crate::common::oware_reference;
use crate::common::sowing_checks;

use oware_reference::Game;

sowing_checks::sowing_reference!(oware_reference, |game| []);

fn after(text: &str, moves: &str) -> Game {
    moves
        .split_whitespace()
        .fold(Game::from_position(text), |g, m| g.play(m))
}

#[test]
fn ow1_start() {
    let g = Game::new();
    assert_eq!(g.to_text(), "4,4,4,4,4,4|0/4,4,4,4,4,4|0 south");
    assert_eq!(g.moves(), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.total(), 48);
}

#[test]
fn ow2_sowing() {
    // Into pits only, South's row on into North's from North's pit 1.
    assert_eq!(
        Game::new().play("3").to_text(),
        "4,4,0,5,5,5|0/5,4,4,4,4,4|0 north"
    );
    // North's pit 6 sows on into South's pit 1 (no store in between).
    assert_eq!(
        Game::new().play("3").play("6").to_text(),
        "5,5,1,6,5,5|0/5,4,4,4,4,0|0 south"
    );
    // Twelve seeds: eleven pits, the origin passed over, the twelfth in South's pit 2.
    assert_eq!(
        after("12,0,0,0,0,0|10/1,1,1,1,1,1|20 south", "1").to_text(),
        "0,2,1,1,1,1|10/2,2,2,2,2,2|20 north"
    );
    // Eleven seeds reach the pit before the origin and stop there.
    assert_eq!(
        after("0,11,0,0,0,0|10/1,1,1,1,1,1|21 south", "2").to_text(),
        "1,0,1,1,1,1|10/2,2,2,2,2,2|21 north"
    );
}

#[test]
fn ow3_capture() {
    // South's pit 5 (4): South 6, North 1, 2, 3 -> 2, 3, 2: all three taken.
    assert_eq!(
        after("2,0,0,0,4,0|10/1,2,1,3,1,1|23 south", "5").to_text(),
        "2,0,0,0,0,1|17/0,0,0,3,1,1|23 north"
    );
    // The run stops at North's pit 2 (5).
    assert_eq!(
        after("2,0,0,0,4,0|10/1,4,1,3,1,1|21 south", "5").to_text(),
        "2,0,0,0,0,1|12/2,5,0,3,1,1|21 north"
    );
    // Not in the mover's own row.
    assert_eq!(
        after("0,0,1,1,0,0|20/1,1,1,1,1,1|20 south", "3").to_text(),
        "0,0,0,2,0,0|20/1,1,1,1,1,1|20 north"
    );
    // The run never leaves the opponent's row: North's last seed in South's pit 2 (3),
    // then South's pit 1 (2); North's own pit 6 behind it is not looked at.
    assert_eq!(
        after("1,2,0,0,0,1|24/0,0,0,0,1,2|17 north", "6").to_text(),
        "0,0,0,0,0,1|24/0,0,0,0,1,0|22 south"
    );
}

#[test]
fn ow4_grand_slam() {
    // Every pit of North's would be taken: nothing is.
    assert_eq!(
        after("0,0,0,0,0,6|12/1,1,1,1,1,2|23 south", "6").to_text(),
        "0,0,0,0,0,0|12/2,2,2,2,2,3|23 north"
    );
    assert_eq!(
        after("0,0,0,0,0,4|20/1,2,1,2,0,0|18 south", "6").to_text(),
        "0,0,0,0,0,0|20/2,3,2,3,0,0|18 north"
    );
    // One seed left beyond the run (North's pit 6): the capture stands.
    assert_eq!(
        after("0,0,0,0,0,4|14/1,2,1,2,0,1|23 south", "6").to_text(),
        "0,0,0,0,0,0|24/0,0,0,0,0,1|23 north"
    );
}

#[test]
fn ow5_must_feed() {
    let g = Game::from_position("1,0,0,0,2,1|20/0,0,0,0,0,0|24 south");
    assert_eq!(g.moves(), ["5", "6"]);
    assert_eq!(g.play("5").to_text(), "1,0,0,0,0,2|20/1,0,0,0,0,0|24 north");
    // A pit that reaches only the last pit of the own row does not feed.
    let g = Game::from_position("0,0,0,3,1,0|20/0,0,0,0,0,0|24 south");
    assert_eq!(g.moves(), ["4"]);
}

#[test]
fn ow6_end() {
    // Over 24: the game ends, the seeds left to their row's owner.
    let g = after("0,0,0,0,0,1|24/1,1,0,0,0,0|21 south", "6");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|26/0,0,0,0,0,0|22 north");
    assert_eq!(g.outcome(), Some(Some(0)));
    assert!(g.moves().is_empty());
    // North cannot feed South: over, North keeps its own seeds.
    let g = after("0,0,0,0,0,1|23/1,0,0,0,0,0|23 south", "6");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|23/0,0,0,0,0,0|25 north");
    assert_eq!(g.outcome(), Some(Some(1)));
    // Read positions: the player to move has no seed; no move can feed; a store over 24.
    let g = Game::from_position("0,0,0,0,0,0|10/1,2,3,4,5,6|17 south");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|10/0,0,0,0,0,0|38 south");
    let g = Game::from_position("0,0,0,0,1,0|23/0,0,0,0,0,0|24 south");
    assert_eq!(g.outcome(), Some(None));
    let g = Game::from_position("1,1,1,1,1,1|25/1,1,1,1,1,1|11 south");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|31/0,0,0,0,0,0|17 south");
    // 24 does not end it.
    assert_eq!(
        Game::from_position("1,0,0,0,0,1|24/0,0,0,0,0,1|21 south").outcome(),
        None
    );
}

#[test]
fn ow7_repetition() {
    let start = "0,1,0,0,0,2|20/0,1,0,0,0,0|24 south";
    let g = after(start, "6 1 2 2 3 3 4 4 5 5 6 6");
    assert_eq!(g.to_text(), "1,0,0,0,0,0|22/1,0,0,0,0,0|24 south");
    assert_eq!(g.outcome(), None);
    let g = g.play("1");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|23/0,0,0,0,0,0|25 north");
    assert_eq!(g.outcome(), Some(Some(1)));
    // The position a text describes counts as seen: coming back to it ends the game.
    let g = after(
        "0,0,0,0,0,1|22/0,0,0,0,1,0|24 north",
        "5 6 6 1 1 2 2 3 3 4 4",
    );
    assert_eq!(g.outcome(), None);
    assert!(g.play("5").is_over());
}

#[test]
fn perft_file() {
    let n = sowing_checks::check_perft_file::<Game>("tests/perft/oware.perft", "oware", 1_000_000);
    assert!(n >= 20);
}

#[test]
fn scenario_file() {
    let n = sowing_checks::check_scenarios::<Game>(
        "tests/scenarios/oware-positions.yaml",
        "oware",
        "OW",
        7,
    );
    assert!(n >= 15);
}

#[test]
fn openspiel_random_games() {
    let plies = sowing_checks::check_openspiel_games::<Game>("tests/openspiel/oware-games.txt");
    assert!(plies > 2000);
}

#[test]
fn random_games_conserve_seeds() {
    let plies = sowing_checks::random_games::<Game>(100, 20261124, Game::total);
    assert!(plies > 5000);
}

/// Every count of the perft file, to 3.6 million leaves (run with `--ignored`).
#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_file_in_full() {
    sowing_checks::check_perft_file::<Game>("tests/perft/oware.perft", "oware", u64::MAX);
}
