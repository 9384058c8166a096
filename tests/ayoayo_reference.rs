//! Tests of the independent Ayoayo reference (`tests/common/ayoayo_reference.rs`, rules
//! AY-1..AY-8 of `docs/games/ayoayo.md`): hand-worked positions for every rule, the perft
//! data file (the reference's own counts: no outside engine plays Ayoayo), the scenario
//! file of hand-built positions, and seeded random games played to their end, counting how
//! often each rule comes into play.

use crate::common::ayoayo_reference;
use crate::common::sowing_checks;
use crate::common::xorshift::XorShift;

use ayoayo_reference::{End, Game, MAX_LIFTS};

sowing_checks::sowing_reference!(ayoayo_reference, |game| []);

fn after(text: &str, moves: &str) -> Game {
    moves
        .split_whitespace()
        .fold(Game::from_position(text), |g, m| g.play(m))
}

#[test]
fn ay1_start() {
    let g = Game::new();
    assert_eq!(g.to_text(), "4,4,4,4,4,4|0/4,4,4,4,4,4|0 south");
    assert_eq!(g.moves(), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.total(), 48);
    assert_eq!(Game::from_position(&g.to_text()), g);
}

#[test]
fn ay2_sowing() {
    // One seed a pit along South's row; the last into an empty pit, North 1 across empty.
    let g = after("0,0,3,0,0,0|20/0,1,1,1,1,1|20 south", "3");
    assert_eq!(g.to_text(), "0,0,0,1,1,1|20/0,1,1,1,1,1|20 north");
    assert_eq!(g.trace().lifts, 1);
    // North 6 is passed (a full pit: only the last seed counts), then South 1.
    let g = after("0,1,0,0,0,0|22/0,0,0,0,2,1|22 north", "5");
    assert_eq!(g.to_text(), "1,1,0,0,0,0|22/0,0,0,0,0,2|22 south");
    // Twelve seeds: the 11 other pits, South 6 passed over, the 12th makes 2 in North 1;
    // then laps of two from North 1, 3, 5, South 1, 3, 5, the last into the emptied
    // North 1.
    let g = after("0,0,0,0,0,12|12/0,0,0,0,0,0|24 south", "6");
    assert_eq!(g.to_text(), "0,2,0,2,0,1|12/1,2,0,2,0,2|24 north");
    assert_eq!(g.trace().lifts, 7);
    assert_eq!(g.trace().long_laps, 1);
    // A relay lap of twelve passes over the pit it lifted (South 2) and sows the chosen
    // pit (South 1); laps of two from South 3, 5, North 1, 3, 5, South 1 end in the
    // emptied South 3, which takes North 4's two.
    let g = Game::from_position("1,11,0,0,0,0|18/0,0,0,0,0,0|18 south");
    assert_eq!(g.moves(), ["1", "2"]);
    let g = g.play("1");
    assert_eq!(g.to_text(), "0,1,1,2,0,2|20/0,2,0,0,0,2|18 north");
    assert_eq!(g.trace().lifts, 8);
}

#[test]
fn ay3_relay() {
    // South 1 from the start: laps from South 1 (4), South 5 (5), North 4 (5), South 3
    // (6), North 3 (6); the last into the emptied South 3, North 4 across holds one.
    let g = Game::new().play("1");
    assert_eq!(g.to_text(), "2,7,1,6,1,6|1/6,6,0,0,6,6|0 north");
    assert_eq!(g.trace().lifts, 5);
    assert_eq!(g.trace().captured, 1);
    // South 5: laps from South 5, North 3, South 2, North 1, South 1; the last into the
    // emptied North 1: North's row, nothing taken.
    let g = Game::new().play("5");
    assert_eq!(g.to_text(), "0,1,6,6,2,7|0/1,6,1,6,6,6|0 north");
    assert_eq!(g.trace().lifts, 5);
    assert_eq!(g.trace().captured, 0);
    // Every first move relays; the start's depth 2 (28, not 36) counts North's pits
    // emptied by them.
    let counts: Vec<usize> = (1..=6)
        .map(|k| Game::new().play(&k.to_string()).moves().len())
        .collect();
    assert_eq!(counts, [4, 4, 4, 4, 6, 6]);
}

#[test]
fn ay4_capture() {
    // The last seed into South's empty pit 6: North 1 across is taken, the seed stays.
    let g = after("0,0,3,0,0,0|20/1,1,1,1,1,1|19 south", "3");
    assert_eq!(g.to_text(), "0,0,0,1,1,1|21/0,1,1,1,1,1|19 north");
    // North's pit 4 faces South's pit 3 (7 - 4): North takes its two.
    let g = after("0,0,2,0,0,0|20/0,0,1,0,0,0|25 north", "3");
    assert_eq!(g.trace().captured, 2);
    assert_eq!(g.to_text(), "0,0,0,0,0,0|20/0,0,0,0,0,0|28 south");
    // An empty pit across: nothing.
    let g = after("0,0,0,0,1,0|22/0,0,1,1,0,1|22 south", "5");
    assert_eq!(g.to_text(), "0,0,0,0,0,1|22/0,0,1,1,0,1|22 north");
    // The last seed into the opponent's empty pit (North 1): nothing, though the pit
    // across (the mover's own South 6) holds a seed.
    let g = after("0,0,4,0,0,0|22/0,0,0,1,0,0|21 south", "3");
    assert_eq!(g.to_text(), "0,0,0,1,1,1|22/1,0,0,1,0,0|21 north");
}

#[test]
fn ay5_feeding() {
    // South's row empty: North 1 stays in North's row, North 6 feeds.
    let g = Game::from_position("0,0,0,0,0,0|22/1,0,0,0,0,3|22 north");
    assert_eq!(g.moves(), ["6"]);
    let g = g.play("6");
    assert_eq!(g.to_text(), "1,1,1,0,0,0|22/1,0,0,0,0,0|22 south");
    assert!(g.trace().feeding && g.trace().feeding_refused);
    let g = Game::from_position("1,0,0,0,0,1|23/0,0,0,0,0,0|23 south");
    assert_eq!(g.moves(), ["6"]);
    // South 1 relays (South 2 makes two) and ends in South 4: still no seed for North.
    let g = Game::from_position("1,1,0,0,0,2|22/0,0,0,0,0,0|22 south");
    assert_eq!(g.moves(), ["6"]);
    // With seeds on both sides, any pit.
    let g = Game::from_position("1,1,0,0,0,2|22/0,0,0,0,0,1|21 south");
    assert_eq!(g.moves(), ["1", "2", "6"]);
}

#[test]
fn ay6_end() {
    // No pit of South's reaches North's empty row: over at once, South keeps its own.
    let g = Game::from_position("1,1,0,0,0,0|24/0,0,0,0,0,0|22 south");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|26/0,0,0,0,0,0|22 south");
    assert_eq!(g.outcome(), Some(Some(0)));
    assert_eq!(g.end(), Some(End::NoMove));
    assert!(g.moves().is_empty());
    let g = Game::from_position("1,1,0,0,0,0|22/0,0,0,0,0,0|24 south");
    assert_eq!(g.outcome(), Some(None));
    // The player to move has no seed: the rest to North.
    let g = Game::from_position("0,0,0,0,0,0|10/1,2,3,4,5,6|17 south");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|10/0,0,0,0,0,0|38 south");
    assert_eq!(g.outcome(), Some(Some(1)));
    // A capture that empties North's row ends the game after the move.
    let g = after("0,0,0,1,0,0|20/0,3,0,0,0,0|24 south", "4");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|24/0,0,0,0,0,0|24 north");
    assert_eq!(g.outcome(), Some(None));
    // More than half in a store does not end the game.
    let g = Game::from_position("1,0,0,0,0,0|30/0,0,0,0,0,1|16 south");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves(), ["1"]);
}

#[test]
fn ay7_repetition() {
    let start = "0,0,0,0,1,0|22/0,0,1,1,0,1|22 south";
    let g = after(start, "5 3 1 5 3");
    assert_eq!(g.to_text(), "0,0,0,0,1,0|22/1,1,0,0,0,1|22 north");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves(), ["1", "2", "6"]);
    // North 1 relays from North 2 and ends in North 4: the position read from text
    // comes back; each row's seeds go to its owner.
    let g = g.play("1");
    assert_eq!(g.to_text(), "0,0,0,0,0,0|23/0,0,0,0,0,0|25 south");
    assert_eq!(g.end(), Some(End::Repetition));
    assert_eq!(g.outcome(), Some(Some(1)));
    // Read one ply later, the same cycle comes back to the position after South's 5.
    let g = after("0,0,0,0,0,1|22/0,0,1,1,0,1|22 north", "3 1 5 3 1");
    assert_eq!(g.outcome(), None);
    assert!(g.play("5").is_over());
}

#[test]
fn ay8_endless_relay() {
    // Laps of 2, 3, 3, 3, 3 seeds turn the board one pit counterclockwise every five
    // lifts (docs/games/ayoayo.md, AY-8): 1,000 lifts turn it 200 pits, 8 pits round;
    // the last seed is then in North 3 (the turned South 1), which holds two.
    let g = after("2,0,1,0,2,1|18/0,2,1,0,2,1|18 south", "1");
    assert_eq!(g.to_text(), "2,1,0,2,1,0|18/2,1,2,0,1,0|18 north");
    assert_eq!(g.trace().lifts, MAX_LIFTS);
    assert_eq!(g.trace().captured, 0);
    // Nine seeds, one pit every six lifts: 996 lifts turn it 166 pits (10 round), then
    // four laps of two.
    let g = after("2,0,1,0,1,0|20/1,0,1,0,2,1|19 south", "1");
    assert_eq!(g.to_text(), "0,1,0,1,0,1|20/2,0,2,1,0,1|19 north");
    assert_eq!(g.trace().lifts, MAX_LIFTS);
}

#[test]
fn perft_file() {
    let n =
        sowing_checks::check_perft_file::<Game>("tests/perft/ayoayo.perft", "ayoayo", 1_000_000);
    assert!(n >= 30);
}

#[test]
fn scenario_file() {
    let n = sowing_checks::check_scenarios::<Game>(
        "tests/scenarios/ayoayo-positions.yaml",
        "ayoayo",
        "AY",
        8,
    );
    assert!(n >= 15);
}

#[test]
fn random_games_conserve_seeds() {
    let plies = sowing_checks::random_games::<Game>(100, 20261124, Game::total);
    assert!(plies > 3000);
}

/// Counts over seeded random games played to their end: how often each rule comes into
/// play (printed with `--nocapture`), every one at least once.
#[test]
fn random_games_reach_every_rule() {
    let mut rng = XorShift(2 | 1);
    let games = 400;
    let mut plies = 0;
    let mut relays = 0;
    let mut captures = 0;
    let mut long_laps = 0;
    let mut stopped = 0;
    let mut feeding = 0;
    let mut refused = 0;
    let mut by_repetition = 0;
    let mut by_no_move = 0;
    let mut longest = 0;
    for _ in 0..games {
        let mut g = Game::new();
        let mut length = 0;
        while g.outcome().is_none() {
            let moves = g.moves();
            assert!(
                !moves.is_empty(),
                "{}: a game in progress has moves",
                g.to_text()
            );
            g = g.play(&moves[rng.below(moves.len())]);
            assert_eq!(g.total(), 48, "{}", g.to_text());
            let t = g.trace();
            relays += usize::from(t.lifts > 1);
            captures += usize::from(t.captured > 0);
            long_laps += usize::from(t.long_laps > 0);
            stopped += usize::from(t.lifts == MAX_LIFTS);
            feeding += usize::from(t.feeding);
            refused += usize::from(t.feeding_refused);
            length += 1;
            assert!(length < 1000, "a game ends");
        }
        plies += length;
        longest = longest.max(length);
        assert!(g.moves().is_empty());
        assert_eq!(g.rows(), [vec![0; 6], vec![0; 6]]);
        match g.end() {
            Some(End::Repetition) => by_repetition += 1,
            Some(End::NoMove) => by_no_move += 1,
            None => unreachable!(),
        }
    }
    println!(
        "{games} games, {plies} plies (longest {longest}): {relays} moves relay, {captures} \
         capture, {long_laps} sow a lap of 12 or more, {stopped} stop at {MAX_LIFTS} lifts, \
         {feeding} are made under the feeding rule ({refused} with a pit refused); \
         {by_no_move} games end with no legal move, {by_repetition} by repetition"
    );
    for (what, n) in [
        ("relays", relays),
        ("captures", captures),
        ("long laps", long_laps),
        ("moves stopped", stopped),
        ("feeding", feeding),
        ("refused pits", refused),
        ("repetitions", by_repetition),
        ("games without a move", by_no_move),
    ] {
        assert!(n > 0, "no {what} in {games} random games");
    }
}

/// Every count of the perft file (run with `--release --ignored`).
#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_file_in_full() {
    sowing_checks::check_perft_file::<Game>("tests/perft/ayoayo.perft", "ayoayo", u64::MAX);
}
