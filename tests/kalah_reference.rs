//! Tests of the independent Kalah reference (`tests/common/kalah_reference.rs`, rules
//! KA-1..KA-5 of `docs/games/kalah.md`): hand-worked positions for every rule, the perft
//! data file (OpenSpiel's counts), the scenario file of hand-built positions, and
//! OpenSpiel's own random games replayed ply by ply (`tests/openspiel/kalah-games.txt`).

use crate::common::kalah_reference;
use crate::common::sowing_checks;

use kalah_reference::Game;

sowing_checks::sowing_reference!(kalah_reference, |game| []);

fn play_all(g: &Game, moves: &str) -> Game {
    moves.split_whitespace().fold(g.clone(), |g, m| g.play(m))
}

#[test]
fn ka1_start() {
    let g = Game::new();
    assert_eq!(g.to_text(), "4,4,4,4,4,4|0/4,4,4,4,4,4|0 south");
    assert_eq!(Game::from_position(&g.to_text()), g);
    assert_eq!(g.moves(), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.total(), 48);
}

#[test]
fn ka2_sowing() {
    // Pit 1: the first stone into pit 2, not back into pit 1.
    assert_eq!(
        Game::new().play("1").to_text(),
        "0,5,5,5,5,4|0/4,4,4,4,4,4|0 north"
    );
    // Pit 6: South's store, then North's pits 1, 2, 3.
    assert_eq!(
        Game::new().play("6").to_text(),
        "4,4,4,4,4,0|1/5,5,5,4,4,4|0 north"
    );
    // North's pit 5, 4 stones: North 6, North's store, South 1, South 2.
    assert_eq!(
        play_all(&Game::new(), "1 5").to_text(),
        "1,6,5,5,5,4|0/4,4,4,4,0,5|1 south"
    );
    // Eight stones from South's pit 6: store, North 1..6, North's store skipped, South 1.
    let g = Game::from_position("1,0,0,0,0,8|0/1,0,0,0,0,0|38 south").play("6");
    assert_eq!(g.to_text(), "2,0,0,0,0,0|1/2,1,1,1,1,1|38 north");
    // Thirteen stones go round once and the last falls into the emptied origin (KA-4 then
    // captures it with the stones opposite).
    let g = Game::from_position("13,0,0,0,0,0|0/1,1,1,1,1,1|29 south").play("1");
    assert_eq!(g.to_text(), "0,1,1,1,1,1|4/2,2,2,2,2,0|29 north");
}

#[test]
fn ka3_extra_turn() {
    let g = Game::new().play("3");
    assert_eq!(g.to_text(), "4,4,0,5,5,5|1/4,4,4,4,4,4|0 south");
    assert_eq!(g.moves(), ["1", "2", "4", "5", "6"]);
    assert_eq!(g.play("1").to_move(), 1);
    let g = Game::from_position("4,4,4,4,4,4|0/4,4,4,4,4,1|3 north").play("6");
    assert_eq!(g.to_text(), "4,4,4,4,4,4|0/4,4,4,4,4,0|4 north");
}

#[test]
fn ka4_capture() {
    // South 3 ends in South's empty pit 4, which faces North's pit 3 (4 stones).
    let g = Game::from_position("0,0,1,0,0,2|18/0,0,4,0,0,1|22 south").play("3");
    assert_eq!(g.to_text(), "0,0,0,0,0,2|23/0,0,0,0,0,1|22 north");
    // The same with the pit opposite empty: nothing is taken.
    let g = Game::from_position("0,0,1,0,0,2|18/0,0,0,4,0,1|22 south").play("3");
    assert_eq!(g.to_text(), "0,0,0,1,0,2|18/0,0,0,4,0,1|22 north");
    // An empty pit of the opponent's: nothing.
    let g = Game::from_position("0,0,0,0,3,0|19/0,1,0,0,0,0|25 south").play("5");
    assert_eq!(g.to_text(), "0,0,0,0,0,1|20/1,1,0,0,0,0|25 north");
    // North captures: North 1 into North's empty pit 2, facing South's pit 5 (3 stones).
    let g = Game::from_position("1,1,1,1,3,1|10/1,0,0,0,0,2|27 north").play("1");
    assert_eq!(g.to_text(), "1,1,1,1,0,1|10/0,0,0,0,0,2|31 south");
    // The documented example of docs/language/sowing.md.
    assert_eq!(
        play_all(&Game::new(), "5 1 1").to_text(),
        "0,5,5,5,0,5|8/0,0,5,5,5,5|0 north"
    );
}

#[test]
fn ka5_end() {
    // South's last stone into South's store empties South's row: over, no extra turn.
    let g = Game::from_position("0,0,0,0,0,1|20/1,2,3,4,5,6|6 south").play("6");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|21/0,0,0,0,0,0|27 north");
    assert_eq!(g.outcome(), Some(Some(1)));
    assert!(g.moves().is_empty());
    // A capture empties North's row: South keeps its own stones.
    let g = Game::from_position("0,0,1,0,0,2|18/0,0,4,0,0,0|23 south").play("3");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|25/0,0,0,0,0,0|23 north");
    assert_eq!(g.outcome(), Some(Some(0)));
    // Draw.
    let g = Game::from_position("0,0,0,0,0,1|23/0,0,0,0,0,1|23 south").play("6");
    assert_eq!(g.outcome(), Some(None));
    // Read with an empty row: over at once, each row to its owner.
    let g = Game::from_position("0,0,0,0,0,0|20/1,2,3,4,5,6|7 north");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|20/0,0,0,0,0,0|28 north");
    assert_eq!(g.outcome(), Some(Some(1)));
    // More than half the stones in a store does not end Kalah.
    let g = Game::from_position("0,0,0,0,0,1|30/1,0,0,0,0,0|16 north");
    assert_eq!(g.outcome(), None);
}

#[test]
fn perft_file() {
    let n = sowing_checks::check_perft_file::<Game>("tests/perft/kalah.perft", "kalah", 1_000_000);
    assert!(n >= 20);
}

#[test]
fn scenario_file() {
    let n = sowing_checks::check_scenarios::<Game>(
        "tests/scenarios/kalah-positions.yaml",
        "kalah",
        "KA",
        5,
    );
    assert!(n >= 15);
}

#[test]
fn openspiel_random_games() {
    let plies = sowing_checks::check_openspiel_games::<Game>("tests/openspiel/kalah-games.txt");
    assert!(plies > 1000);
}

#[test]
fn random_games_conserve_stones() {
    let plies = sowing_checks::random_games::<Game>(300, 20261124, Game::total);
    assert!(plies > 5000);
}

/// Every count of the perft file, depth 9 from the start included (2.8 million leaves;
/// run with `--ignored`).
#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_file_in_full() {
    sowing_checks::check_perft_file::<Game>("tests/perft/kalah.perft", "kalah", u64::MAX);
}
