//! The opening roll (`dice ... used one by one, opening roll one die each`;
//! docs/language/dice.md): before the first move each of the two players throws one die,
//! the higher starting with both dice. The race of `tests/fixtures/valid/dice-race.game`
//! with the clause: the opening's outcomes as the first chance node, who starts, the
//! position's text, hash and undo, perft; the REPL's words and a record replayed; the
//! refusals (E0354).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::State;
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::bin;
use crate::common::move_texts::{play, sorted_legal};

/// The race's dice line, and the same with the opening roll.
const DICE: &str = "dice 2 of 3 faces used one by one, doubles twice, must use most dice";

fn race_text(dice: &str) -> String {
    let text = std::fs::read_to_string("tests/fixtures/valid/dice-race.game").expect("reads");
    assert!(text.contains(DICE));
    text.replace(DICE, dice)
}

fn load(text: &str) -> Result<Arc<Game>, String> {
    pipeline::load_text("race.game", text, None, &[]).map_err(|e| e.render(false))
}

/// The race, opening with one die each.
fn opening_race() -> Arc<Game> {
    load(&race_text(&format!("{DICE}, opening roll one die each"))).expect("loads")
}

#[test]
fn the_opening_roll_is_the_first_chance_node_and_the_higher_die_starts() {
    let game = opening_race();
    let mut state = State::new(Arc::clone(&game));
    assert!(state.opening());
    let dice = state.chance().expect("a chance node at the start");
    assert_eq!(dice.total(), 6, "the ordered throws of two different dice");
    let throws = [
        "roll:1-2", "roll:1-3", "roll:2-1", "roll:2-3", "roll:3-1", "roll:3-2",
    ];
    assert_eq!(sorted_legal(&state), throws);
    let start = (state.hash(), state.setup());
    // South's die 1, North's 3: North starts, with a 1 and a 3 to use.
    play(&mut state, "roll:1-3");
    assert!(!state.opening());
    assert_eq!(state.to_move(), Player::SECOND);
    assert_eq!(state.dice_left(), [1, 3]);
    assert_eq!(state.thrown(), Some(4));
    assert_eq!(sorted_legal(&state), ["a2", "c2"]);
    assert_eq!(notation::position_text(&state), "4/4 north thrown=1-3");
    // Taken back, the opening is to come again, the position as it was.
    state.undo().expect("the opening to undo");
    assert!(state.opening());
    assert_eq!((state.hash(), state.setup()), start);
    play(&mut state, "roll:3-1");
    assert_eq!(state.to_move(), Player::FIRST);
    assert_eq!(state.dice_left(), [3, 1]);
    // After the starter's turn, the turns throw as usual: 9 ordered throws, doubles too.
    play(&mut state, "c1 a1");
    assert_eq!(state.to_move(), Player::SECOND);
    assert!(!state.opening());
    assert_eq!(state.chance().map(|d| d.total()), Some(9));
    assert!(sorted_legal(&state).contains(&"roll:2-2".to_string()));
}

#[test]
fn perft_counts_the_opening_as_its_first_ply() {
    let (with, without) = (opening_race(), load(&race_text(DICE)).expect("loads"));
    let counts = perft(&mut State::new(with), 3);
    assert_eq!(counts[0], 6);
    // Each opening leaves two different dice to a player, as the throws of the race
    // without it that are not doubles, played by either player.
    let mut plain = 0;
    for (text, starter) in [("4/4 south", "south"), ("4/4 north", "north")] {
        let state = notation::parse_position(&without, text).expect("reads");
        for throw in sorted_legal(&state) {
            let (a, b) = throw["roll:".len()..].split_once('-').expect("two dice");
            if a != b && (a > b) == (starter == "south") {
                let mut s = notation::parse_position(&without, text).expect("reads");
                play(&mut s, &throw);
                plain += perft(&mut s, 1)[0];
            }
        }
    }
    assert_eq!(counts[1], plain);
}

#[test]
fn the_opening_to_come_is_in_the_position_text_and_hash() {
    let game = opening_race();
    let state = State::new(Arc::clone(&game));
    let text = notation::position_text(&state);
    assert_eq!(text, "4/4 south opening");
    let read = notation::parse_position(&game, &text).expect("reads");
    assert!(read.opening());
    assert_eq!((read.hash(), read.setup()), (state.hash(), state.setup()));
    // Without the word, the opening is over: the player to move throws as every turn.
    let later = notation::parse_position(&game, "4/4 south").expect("reads");
    assert!(!later.opening());
    assert_ne!(later.hash(), state.hash());
    assert_eq!(later.chance().map(|d| d.total()), Some(9));
    let refused = |game: &Arc<Game>, text: &str| match notation::parse_position(game, text) {
        Ok(_) => panic!("{text} is read"),
        Err(e) => e.to_string(),
    };
    let plain = load(&race_text(DICE)).expect("loads");
    assert!(refused(&plain, "4/4 south opening").contains("`opening`"));
    assert!(refused(&game, "4/4 south opening thrown=1-3").contains("before the opening"));
    assert!(refused(&game, "4/4 south thrown=1-3 opening").contains("`opening`"));
}

#[test]
fn an_opening_roll_needs_two_players_and_two_dice_of_two_faces() {
    let opening = ", opening roll one die each";
    let three = race_text(&format!("dice 3 of 3 faces used one by one{opening}"));
    let one_face = race_text(&format!("dice 2 with faces 2, 2 used one by one{opening}"));
    let players = race_text(&format!("{DICE}{opening}"))
        .replace("players south, north", "players south, north, east")
        .replace(
            "track north: a2, b2, c2, d2, d1, c1",
            "track north: a2, b2, c2, d2, d1, c1\ntrack east: a2, b2, c2, d2, d1, c1",
        );
    for (text, label) in [
        (three, "the game throws 3 dice"),
        (one_face, "the dice have one face"),
        (players, "the game has 3 players"),
    ] {
        let error = load(&text).expect_err("refused");
        assert!(error.contains("error[E0354]"), "{error}");
        assert!(error.contains(label), "{label}: {error}");
    }
}

/// A directory of its own for the test (the REPL's autosaves and records).
fn home(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-opening-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a home");
    dir
}

fn run(home: &Path, args: &[&str], stdin: &str) -> String {
    let mut command = bin::command(args);
    command.env("RULEBOOK_HOME", home).current_dir(home);
    let out = bin::run_with_input(command, stdin);
    assert!(out.status.success(), "{}", bin::text(&out.stderr));
    bin::text(&out.stdout)
}

#[test]
fn the_repl_says_the_opening_roll_and_a_record_replays_it() {
    let h = home("repl");
    let t = run(
        &h,
        &["play", "backgammon", "--seed", "3"],
        "\nsave g.yaml\n",
    );
    let line = t
        .lines()
        .find(|l| l.contains("opening roll: "))
        .unwrap_or_else(|| panic!("no opening roll said: {t}"));
    // `opening roll: white A, black B, P starts (roll:A-B)`, P the higher die's owner.
    let words: Vec<&str> = line.split(['(', ')', ':', ',', ' ', '-']).collect();
    let digit = |w: &&str| w.parse::<u8>().ok();
    let dice: Vec<u8> = words.iter().filter_map(digit).collect();
    assert_eq!(dice.len(), 4, "{line}");
    assert_eq!(dice[..2], dice[2..], "{line}");
    let starter = if dice[0] > dice[1] { "white" } else { "black" };
    assert!(
        line.contains(&format!(", {starter} starts (roll:")),
        "{line}"
    );
    assert!(line.contains("white") && line.contains("black"), "{line}");
    let record = std::fs::read_to_string(h.join("g.yaml")).expect("saved");
    let throw = format!("- roll:{}-{}", dice[0], dice[1]);
    assert!(record.contains(&throw), "{throw} missing from:\n{record}");
    let t = run(&h, &["play", "--load", "g.yaml"], "position\n");
    assert!(t.contains(&format!("to move: {starter}")), "{t}");
    std::fs::remove_dir_all(h).expect("removed");
}
