//! A win worth points (`end when ...: mover wins 2`), on the scored race of
//! `fixtures/valid/scored-race.game` (two stacked pieces each; a win is worth 1, 2 when the
//! loser has borne off none, 3 when besides the loser has a piece in hand or in the
//! winner's home): each rule firing from a hand-built position, the option and presets
//! that choose the scoring, undo, `pieces(P, R)` counting the pieces of stacks, the points
//! refused where they cannot be (a draw, 0, more than 100, a number that depends on the
//! position), and every face that reports a result: `show`, `position` (text and JSON),
//! the REPL's game-over line and its saved record, a scenario's outcome, `match`,
//! `analyze` and the JSON protocol.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};
use serde_json::{json, Value};

use crate::common::bin;
use crate::common::move_texts::play;

const RACE: &str = "tests/fixtures/valid/scored-race.game";

fn game(preset: Option<&str>) -> Arc<Game> {
    match pipeline::load(RACE, preset, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the race loads:\n{}", e.render(false)),
    }
}

/// The position of `text` in the race under `preset`, after South's throw of 1 and its
/// move `h1-off`, the last of its pieces borne off.
fn after_bearing_off(preset: Option<&str>, text: &str) -> State {
    let mut state = notation::parse_position(&game(preset), text).expect("a position");
    play(&mut state, "roll:1 h1-off");
    state
}

/// North with a piece on g1, South's home, and one on a1; both still on the board.
const IN_HOME: &str = "N5NS south";
/// North with both pieces on the board, a stack on d1, none in South's home.
const NONE_OFF: &str = "3N3S south stacks=d1:2";
/// North with one piece borne off.
const ONE_OFF: &str = "N6S south";
/// North with one piece on a1 and one taken, in hand.
const TAKEN: &str = "N6S south hand=north:1";

#[test]
fn each_rule_gives_its_points_and_the_winner_is_the_same() {
    for (text, points, rule) in [
        (IN_HOME, 3, 0),
        (NONE_OFF, 2, 1),
        (ONE_OFF, 1, 2),
        (TAKEN, 3, 0),
    ] {
        let state = after_bearing_off(None, text);
        assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)), "{text}");
        assert_eq!(state.points(), points, "{text}");
        assert_eq!(state.end_rule(), Some(rule), "{text}");
    }
}

#[test]
fn the_presets_choose_the_scoring() {
    for (preset, in_home, none_off) in
        [(Some("single"), 1, 1), (Some("double"), 2, 2), (None, 3, 2)]
    {
        assert_eq!(
            after_bearing_off(preset, IN_HOME).points(),
            in_home,
            "{preset:?}"
        );
        assert_eq!(
            after_bearing_off(preset, NONE_OFF).points(),
            none_off,
            "{preset:?}"
        );
    }
    let single = game(Some("single"));
    assert!(
        !single.ends.scored(),
        "no rule of the preset single is worth more than 1"
    );
    assert!(game(None).ends.scored());
}

#[test]
fn no_points_while_the_game_goes_on_and_undo_takes_them_back() {
    let mut state = after_bearing_off(None, IN_HOME);
    assert_eq!(state.points(), 3);
    state.undo();
    assert_eq!(state.outcome(), None);
    assert_eq!(state.points(), 0);
}

#[test]
fn a_draw_is_worth_nothing() {
    let text = "game \"Stuck\"\nplayers a, b\nboard grid 2 by 1\npiece p\nsetup a p on a1\n\
                move step east\nend when no legal move: draw\nend when pieces(a) > 1: a wins 2\n";
    let game = pipeline::load_text("stuck.game", text, None, &[]).expect("it loads");
    let mut state = State::new(game);
    play(&mut state, "a1-b1");
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    assert_eq!(state.points(), 0);
}

#[test]
fn points_after_every_form_of_a_win_and_from_a_parameter() {
    let base = "game \"Forms\"\nplayers a, b\nboard grid 3 by 1\npiece p\nsetup a p on a1\n\
                setup b p on c1\nparameter worth: 1..9 = 4\nmove step east, west\n";
    for (end, winner, points) in [
        ("end when no legal move: mover loses 2", Player::FIRST, 2),
        ("end when no legal move: opponent wins 5", Player::FIRST, 5),
        (
            "end when no legal move: mover wins worth",
            Player::SECOND,
            4,
        ),
        ("end when no legal move: a wins worth * 2", Player::FIRST, 8),
        ("end when last == b1: mover wins 2 + 1", Player::FIRST, 3),
    ] {
        let text = format!("{base}{end}\n");
        let game = pipeline::load_text("forms.game", &text, None, &[]).expect(end);
        let mut state = State::new(game);
        play(&mut state, "a1-b1");
        assert_eq!(state.outcome(), Some(Outcome::Win(winner)), "{end}");
        assert_eq!(state.points(), points, "{end}");
    }
}

#[test]
fn pieces_in_a_region_counts_every_piece_of_a_stack() {
    let text = "game \"Count\"\nplayers a, b\nboard grid 3 by 1\npiece p stacked\n\
                setup 3 a p on a1\nsetup 2 b p on c1\ndice 1 with faces 1\n\
                track a: a1, b1, c1\ntrack b: c1, b1, a1\nmove along track by roll\n\
                end when pieces(a, b1) == 1 and pieces(b, c1) == 2 and pieces(a, a1) == 2: a wins 2\n\
                end when pieces(a, b1) > 0: b wins\n";
    let game = pipeline::load_text("count.game", text, None, &[]).expect("it loads");
    let mut state = State::new(game);
    play(&mut state, "roll:1 a1-b1");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(state.points(), 2);
}

/// The error `rulebook check` gives a race whose single win is `result` instead.
fn check_error(result: &str) -> String {
    let text = std::fs::read_to_string(RACE).unwrap();
    let text = text.replace(
        "pieces(mover) + hand(mover) == 0: mover wins\n",
        &format!("pieces(mover) + hand(mover) == 0: {result}\n"),
    );
    match pipeline::load_text("race.game", &text, None, &[]) {
        Ok(_) => panic!("`{result}` is refused"),
        Err(e) => e.render(false),
    }
}

#[test]
fn points_that_cannot_be_are_refused() {
    let e = check_error("draw 2");
    assert!(e.contains("error[E0537]: a draw is worth no points"), "{e}");
    let e = check_error("mover wins 0");
    assert!(
        e.contains("error[E0618]: the points of a win would be 0; it must be between 1 and 100"),
        "{e}"
    );
    let e = check_error("mover wins 101");
    assert!(e.contains("would be 101"), "{e}");
    let e = check_error("mover wins pieces(mover)");
    assert!(
        e.contains("the points of a win cannot depend on the position"),
        "{e}"
    );
}

fn stdout_of(args: &[&str]) -> String {
    let out = bin::run(args);
    assert!(out.status.success(), "{}", bin::text(&out.stderr));
    bin::text(&out.stdout)
}

#[test]
fn show_and_position_give_the_points() {
    let show = stdout_of(&["show", RACE]);
    assert!(
        show.contains(": mover wins, a win worth 3 points called \"triple\""),
        "{show}"
    );
    assert!(show.contains(": mover wins called \"single\""), "{show}");
    let text = stdout_of(&[
        "position",
        RACE,
        "--position",
        NONE_OFF,
        "--moves",
        "roll:1 h1-off",
    ]);
    assert!(
        text.contains("game over: south won 2 points (double)"),
        "{text}"
    );
    let text = stdout_of(&[
        "position",
        RACE,
        "--position",
        ONE_OFF,
        "--moves",
        "roll:1 h1-off",
    ]);
    assert!(text.contains("game over: south won (single)"), "{text}");
    let args = [
        "position",
        RACE,
        "--position",
        IN_HOME,
        "--moves",
        "roll:1 h1-off",
        "--json",
    ];
    let j: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    assert_eq!(
        (&j["winner"], &j["points"], &j["reason"]),
        (&json!("south"), &json!(3), &json!("triple"))
    );
    let args = ["position", RACE, "--position", IN_HOME, "--json"];
    let j: Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    assert_eq!(j["points"], json!(0));
}

#[test]
fn the_repl_says_the_points_and_its_record_keeps_them() {
    let home = std::env::temp_dir().join(format!("rulebook-points-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let file = std::env::current_dir().unwrap().join(RACE);
    let file = file.to_str().unwrap();
    let args = ["play", file, "--position", IN_HOME, "--moves", "roll:1"];
    let mut command = bin::command(args);
    command.env("RULEBOOK_HOME", &home).current_dir(&home);
    let out = bin::run_with_input(command, "h1-off\nsave r.yaml\n");
    let t = bin::text(&out.stdout);
    assert!(t.contains("game over: south won 3 points (triple)"), "{t}");
    let record = std::fs::read_to_string(home.join("r.yaml")).unwrap();
    assert!(record.contains("result: south wins 3\n"), "{record}");
    let mut command = bin::command(["play", "--load", "r.yaml"]);
    command.env("RULEBOOK_HOME", &home).current_dir(&home);
    let out = bin::run_with_input(command, "history\n");
    assert!(out.status.success(), "{}", bin::text(&out.stderr));
    // A record whose result leaves out the points does not replay.
    let wrong = record.replace("result: south wins 3", "result: south wins");
    std::fs::write(home.join("w.yaml"), wrong).unwrap();
    let mut command = bin::command(["play", "--load", "w.yaml"]);
    command.env("RULEBOOK_HOME", &home).current_dir(&home);
    let out = bin::run_with_input(command, "");
    let e = bin::text(&out.stderr);
    assert!(
        e.contains("the record says `south wins` but its moves give `south wins 3`"),
        "{e}"
    );
    std::fs::remove_dir_all(home).unwrap();
}

#[test]
fn a_scenario_expects_the_points() {
    let dir = std::env::temp_dir().join(format!("rulebook-points-sc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = std::env::current_dir().unwrap().join(RACE);
    let scenario = format!(
        "game: {}\ncases:\n  - name: double\n    position: \"{NONE_OFF}\"\n    moves: \
         roll:1 h1-off\n    outcome: south wins 2\n  - name: single\n    position: \
         \"{ONE_OFF}\"\n    moves: roll:1 h1-off\n    outcome: south wins\n",
        file.display()
    );
    let path = dir.join("race.yaml");
    std::fs::write(&path, scenario).unwrap();
    let out = bin::run(&["test", path.to_str().unwrap()]);
    let t = bin::text(&out.stdout) + &bin::text(&out.stderr);
    assert!(out.status.success(), "{t}");
    let wrong = std::fs::read_to_string(&path)
        .unwrap()
        .replace("outcome: south wins 2", "outcome: south wins");
    std::fs::write(&path, wrong).unwrap();
    let out = bin::run(&["test", path.to_str().unwrap()]);
    let t = bin::text(&out.stdout) + &bin::text(&out.stderr);
    assert!(!out.status.success(), "{t}");
    assert!(
        t.contains("outcome: expected south wins, found south wins 2"),
        "{t}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn match_and_analyze_count_the_points_beside_the_wins() {
    let args = [
        "match",
        RACE,
        "--players",
        "random,random",
        "--games",
        "20",
        "--seed",
        "1",
    ];
    let text = stdout_of(&args);
    let line = text
        .lines()
        .find(|l| l.starts_with("points: "))
        .expect(&text);
    assert!(line.contains(" a game), random "), "{text}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let m: Value = serde_json::from_str(&stdout_of(&json_args)).unwrap();
    let (wins, losses) = (m["wins"].as_u64().unwrap(), m["losses"].as_u64().unwrap());
    let (points, against) = (
        m["points"].as_u64().unwrap(),
        m["points_against"].as_u64().unwrap(),
    );
    assert!(points >= wins && points <= 3 * wins, "{m}");
    assert!(against >= losses && against <= 3 * losses, "{m}");
    assert!(
        points + against > wins + losses,
        "some wins are worth more than 1: {m}"
    );
    let mean = m["mean_points"].as_f64().unwrap();
    assert!((mean - points as f64 / 20.0).abs() < 1e-9, "{m}");
    // The Elo stays on the wins: the same score as a game of single wins would give.
    let score = m["elo"]["score"].as_f64().unwrap();
    assert!((score - wins as f64 / 20.0).abs() < 1e-9, "{m}");
    // A game whose wins are worth 1 says nothing of points.
    let single = stdout_of(&[
        "match",
        RACE,
        "--preset",
        "single",
        "--players",
        "random,random",
        "--games",
        "4",
    ]);
    assert!(!single.contains("points: "), "{single}");

    let text = stdout_of(&["analyze", RACE, "--games", "30", "--seed", "2"]);
    let south = text
        .lines()
        .find(|l| l.trim_start().starts_with("south "))
        .expect(&text);
    assert!(south.contains("  points "), "{text}");
    let report: Value = serde_json::from_str(&stdout_of(&[
        "analyze", RACE, "--games", "30", "--seed", "2", "--json",
    ]))
    .unwrap();
    let seats = report["seats"].as_array().unwrap();
    for s in seats {
        let wins = s["wins"]["count"].as_u64().unwrap();
        let total = s["points"]["total"].as_u64().unwrap();
        assert!(total >= wins && total <= 3 * wins, "{s}");
    }
}

#[test]
fn the_json_protocol_gives_the_points_in_its_result() {
    let file = std::env::current_dir().unwrap().join(RACE);
    let requests = [
        json!({"id": 1, "cmd": "position", "text": IN_HOME}),
        json!({"id": 2, "cmd": "play", "move": "roll:1"}),
        json!({"id": 3, "cmd": "play", "move": "h1-off"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = bin::run_with_input(bin::command(["json", file.to_str().unwrap()]), &input);
    let replies: Vec<Value> = bin::text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies[0]["state"]["points"], json!(0), "{replies:?}");
    let state = &replies[2]["state"];
    assert_eq!(
        (&state["over"], &state["winner"], &state["points"]),
        (&json!(true), &json!("south"), &json!(3)),
        "{state}"
    );
}
