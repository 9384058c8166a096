//! The protocols other programs speak (docs/protocols.md): `rulebook json` and `rulebook
//! gtp` over standard input and output, whole sessions and bad input (malformed lines, an
//! unknown command, an illegal move, the input ending in the middle); and their sessions
//! as a library (`rulebook::protocol`), on every bundled game and to the end of a game.

use std::time::Duration;

use rulebook::ai::Budget;
use rulebook::catalog::BUNDLED;
use rulebook::model::Player;
use rulebook::protocol::{gtp, json, uci, Protocol};
use rulebook::record::GameSpec;
use serde_json::{json, Value};

use crate::common::bin::{self, text};

/// The longest a session of these tests may take before it is killed and the test fails.
const LIMIT: Duration = Duration::from_secs(30);

fn spec(game: &str, preset: Option<&str>) -> GameSpec {
    GameSpec {
        game: game.to_string(),
        preset: preset.map(String::from),
        sets: Vec::new(),
    }
}

/// Runs `rulebook ARGS` with `input` on standard input; returns its exit success, its
/// standard output and its standard error.
fn talk(args: &[&str], input: impl Into<Vec<u8>>) -> (bool, String, String) {
    let out = bin::run_with_input_within(bin::command(args), input.into(), LIMIT)
        .unwrap_or_else(|e| panic!("{e}"));
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// The JSON replies of a `rulebook json` session, a line each.
fn json_replies(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("`{l}` is not JSON: {e}")))
        .collect()
}

/// The request lines as one input.
fn lines(requests: &[Value]) -> String {
    requests.iter().map(|r| format!("{r}\n")).collect()
}

fn error_of(reply: &Value) -> &str {
    assert_eq!(reply["ok"], json!(false), "an error reply: {reply}");
    reply["error"].as_str().expect("an error says why")
}

#[test]
fn a_json_session_plays_thinks_evaluates_undoes_and_quits() {
    let start = lines(&[
        json!({"id": 1, "cmd": "moves"}),
        json!({"id": 2, "cmd": "play", "move": "e5"}),
        json!({"id": 3, "cmd": "play", "move": "e5"}),
        json!({"id": 4, "cmd": "state"}),
        json!({"id": 5, "cmd": "think", "level": "easy", "seed": 3}),
        json!({"id": 6, "cmd": "think", "level": "easy", "seed": 3, "play": true}),
        json!({"id": 7, "cmd": "evaluate"}),
        json!({"id": 8, "cmd": "undo"}),
    ]);
    let (ok, out, err) = talk(&["json", "go", "--preset", "9x9"], start.clone());
    assert!(ok && err.is_empty(), "{err}");
    let r = json_replies(&out);
    assert_eq!(
        r.len(),
        8,
        "a reply a request (the input ended without quit)"
    );
    for (i, reply) in r.iter().enumerate() {
        assert_eq!(reply["id"], json!(i + 1), "the id echoed: {reply}");
    }
    let moves = r[0]["moves"].as_array().expect("the legal moves");
    assert_eq!(moves.len(), 82, "81 points and the pass");
    assert_eq!(
        (r[1]["played"].clone(), r[1]["ok"].clone()),
        (json!("e5"), json!(true))
    );
    assert_eq!(r[1]["state"]["to_move"], json!("white"));
    assert!(error_of(&r[2]).contains("e5"), "{}", r[2]);
    assert_eq!(
        r[3]["state"]["played"],
        json!(["e5"]),
        "the illegal move changed nothing"
    );
    let thought = r[4]["move"].clone();
    assert!(r[3]["state"]["moves"]
        .as_array()
        .unwrap()
        .contains(&thought));
    assert_eq!(r[5]["move"], thought, "the same seed, the same move");
    assert_eq!(r[5]["state"]["played"], json!(["e5", thought]));
    assert!(r[4]["judgement"].is_object() && r[4]["iterations"].as_u64() > Some(0));
    assert_eq!(r[6]["to_move"], json!("black"));
    assert_eq!(
        r[6]["leads"]["black"],
        json!(-r[6]["leads"]["white"].as_i64().unwrap())
    );
    assert_eq!(r[6]["lead"], r[6]["leads"]["black"]);
    assert_eq!(r[7]["undone"], thought);
    assert_eq!(r[7]["state"]["played"], json!(["e5"]));

    // A position set as text, a new game with settings, another game, then quit: what
    // follows quit is not read.
    let position = r[1]["state"]["position"]
        .as_str()
        .expect("its text")
        .to_string();
    let more = lines(&[
        json!({"id": "p", "cmd": "position", "text": position}),
        json!({"id": "n", "cmd": "new", "preset": "13x13", "set": {"komi": 5}}),
        json!({"id": "k", "cmd": "new", "game": "kalah"}),
        json!({"id": "q", "cmd": "quit"}),
        json!({"id": "after", "cmd": "moves"}),
    ]);
    let (ok, out, _) = talk(&["json", "go", "--preset", "9x9"], more);
    let r = json_replies(&out);
    assert!(ok);
    let ids: Vec<&Value> = r.iter().map(|r| &r["id"]).collect();
    assert_eq!(ids, [&json!("p"), &json!("n"), &json!("k"), &json!("q")]);
    assert_eq!(r[0]["state"]["position"], json!(position));
    assert_eq!(r[0]["state"]["played"], json!([]));
    assert_eq!(
        r[1]["state"]["settings"],
        json!({"size": "13", "komi": "5"})
    );
    assert_eq!(r[2]["state"]["game"], json!("Kalah"));
    assert_eq!(
        r[2]["state"]["moves"],
        json!(["1", "2", "3", "4", "5", "6"])
    );
    assert_eq!(r[3], json!({"id": "q", "ok": true}));
}

#[test]
fn bad_json_lines_get_error_replies_and_the_session_goes_on() {
    let mut input = lines(&[
        json!([1, 2]),
        json!({"id": 1}),
        json!({"id": 2, "cmd": "fly"}),
        json!({"id": 3, "cmd": "play"}),
        json!({"id": 4, "cmd": "moves", "colour": "red"}),
        json!({"id": 5, "cmd": "think", "level": "hard"}),
        json!({"id": 6, "cmd": "think", "iterations": 0}),
        json!({"id": 7, "cmd": "undo"}),
        json!({"id": 8, "cmd": "new", "game": "no-such-game"}),
        json!({"id": 9, "cmd": "new", "set": {"size": [9]}}),
        json!({"id": 10, "cmd": "position", "text": "8/8 black"}),
    ])
    .into_bytes();
    input.extend_from_slice(b"not json\n\n   \n\xff\xfe\n");
    input.extend(std::iter::repeat_n(
        b'x',
        rulebook::protocol::MAX_LINE_BYTES + 10,
    ));
    input.extend_from_slice(b"\n{\"id\": 11, \"cmd\": \"moves\"}\n{\"id\": 12, \"cmd\": \"pl");
    let (ok, out, err) = talk(&["json", "othello"], input);
    assert!(ok, "the end of the input ends the session cleanly: {err}");
    let r = json_replies(&out);
    let ids: Vec<Value> = r.iter().map(|r| r["id"].clone()).collect();
    let mut expected = vec![Value::Null];
    expected.extend((1..=10).map(|i| json!(i)));
    expected.extend([
        Value::Null,
        Value::Null,
        Value::Null,
        json!(11),
        Value::Null,
    ]);
    assert_eq!(
        ids, expected,
        "blank lines get no reply; one reply per other line"
    );
    let errors: Vec<&str> = (r.iter().filter(|r| r["ok"] == json!(false)))
        .map(error_of)
        .collect();
    assert_eq!(
        errors.len(),
        r.len() - 1,
        "all but `moves` refused: {errors:?}"
    );
    for (e, says) in errors.iter().zip([
        "JSON object",
        "cmd",
        "fly",
        "move",
        "colour",
        "no level `hard`",
        "iterations",
        "nothing to undo",
        "no-such-game",
        "size",
        "board",
        "not JSON",
        "UTF-8",
        "longer than",
        "not JSON",
    ]) {
        assert!(e.contains(says), "`{e}` says `{says}`");
    }
    assert_eq!(
        r[14]["moves"],
        json!(["e3", "f4", "c5", "d6"]),
        "the game untouched"
    );
    let (ok, out, _) = talk(&["json", "othello"], "");
    assert!(ok && out.is_empty(), "no input, no reply, exit 0");
}

#[test]
fn every_bundled_game_plays_thinks_and_undoes_through_the_json_session() {
    for b in BUNDLED {
        let mut s = json::Session::new(spec(b.name, None), json::Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", b.name));
        let mut ask = |request: Value| -> Value {
            let answer = s.handle(&request.to_string());
            assert!(!answer.quit && answer.text.ends_with('\n'));
            let reply: Value = serde_json::from_str(&answer.text).expect("a reply is JSON");
            assert_eq!(reply["ok"], json!(true), "{}: {request} -> {reply}", b.name);
            reply
        };
        let first = ask(json!({"cmd": "moves"}))["moves"][0].clone();
        let played = ask(json!({"cmd": "play", "move": first}));
        assert_eq!(played["played"], first, "{}", b.name);
        let thought = ask(json!({"cmd": "think", "iterations": 60, "play": true}));
        assert_eq!(thought["state"]["played"][0], first, "{}", b.name);
        let undone = ask(json!({"cmd": "undo"}));
        assert_eq!(undone["undone"], thought["move"], "{}", b.name);
        assert_eq!(
            undone["state"], played["state"],
            "{}: undo restores",
            b.name
        );
    }
}

#[test]
fn think_budgets_are_held_to_the_session_limits() {
    let limits = json::Limits {
        iterations: 1000,
        seconds: 0.5,
    };
    let mut s = json::Session::new(spec("othello", None), limits).expect("it loads");
    let mut ask = |request: Value| -> Value {
        serde_json::from_str(&s.handle(&request.to_string()).text).expect("JSON")
    };
    let r = ask(json!({"cmd": "think", "iterations": 1001}));
    assert!(error_of(&r).contains("1 to 1000"), "{r}");
    let r = ask(json!({"cmd": "think", "seconds": 2}));
    assert!(error_of(&r).contains("at most 0.5"), "{r}");
    let r = ask(json!({"cmd": "think", "seconds": 0}));
    assert!(error_of(&r).contains("above 0"), "{r}");
    let r = ask(json!({"cmd": "think", "level": "strong", "seconds": 0.1}));
    assert_eq!(r["ok"], json!(true), "within the limits: {r}");
}

/// The responses of a GTP session: each `=` or `?` with its text, the empty line that
/// ends each checked and removed.
fn gtp_responses(stdout: &str) -> Vec<String> {
    assert!(stdout.is_empty() || stdout.ends_with("\n\n"), "{stdout:?}");
    let responses: Vec<String> = stdout.split_terminator("\n\n").map(String::from).collect();
    for r in &responses {
        assert!(
            r.starts_with('=') || r.starts_with('?'),
            "{r:?} in {stdout:?}"
        );
    }
    responses
}

#[test]
fn a_gtp_session_sets_up_plays_generates_scores_and_quits() {
    let input = [
        "protocol_version",
        "1 name",
        "version",
        "list_commands",
        "known_command genmove",
        "known_command time_left",
        "boardsize 19",
        "showboard",
        "boardsize 7",
        "boardsize 9",
        "clear_board",
        "komi 6.5",
        "final_score",
        "play B e5",
        "play white E5",
        "genmove b",
        "10 genmove W",
        "showboard",
        "undo",
        "play w pass",
        "play b pass",
        "genmove w",
        "final_score",
        "quit",
        "name",
    ]
    .join("\n");
    let args = ["gtp", "go", "--preset", "9x9", "--iterations", "300"];
    let (ok, out, err) = talk(&args, input);
    assert!(ok && err.is_empty(), "{err}");
    let r = gtp_responses(&out);
    assert_eq!(r.len(), 24, "a response a command up to quit: {r:?}");
    assert_eq!(
        r[..3],
        [
            "= 2",
            "=1 rulebook",
            &format!("= {}", env!("CARGO_PKG_VERSION"))
        ]
    );
    let listed: Vec<&str> = r[3].trim_start_matches("= ").lines().collect();
    for command in [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "final_score",
    ] {
        assert!(listed.contains(&command), "{command} in {listed:?}");
    }
    assert_eq!(r[4..6], ["= true", "= false"]);
    assert_eq!(r[6], "= ", "19 x 19 is a preset");
    assert!(
        r[7].contains("19 . . . . . . . . . . . . . . . . . . . 19"),
        "{}",
        r[7]
    );
    assert!(
        r[7].contains("A B C D E F G H J K L M N O P Q R S T"),
        "{}",
        r[7]
    );
    assert_eq!(r[8], "? unacceptable size", "no preset is 7 x 7");
    assert_eq!(r[9..12], ["= ", "= ", "= "]);
    assert_eq!(r[12], "= W+7", "komi 6.5 is rounded to the game's whole 7");
    assert_eq!(r[13], "= ");
    assert!(r[14].starts_with("? illegal move"), "{}", r[14]);
    assert!(r[15].starts_with('?'), "black is not to move: {}", r[15]);
    let vertex = r[16].strip_prefix("=10 ").expect("a move for white");
    assert!(vertex != "E5" && !vertex.contains('I'), "{vertex}");
    assert!(r[17].contains(" 5 . . . . B . . . . 5"), "{}", r[17]);
    assert!(
        r[17].contains('W') && r[17].ends_with("black to move"),
        "{}",
        r[17]
    );
    assert_eq!(r[18..21], ["= ", "= ", "= "], "undo, then both pass");
    assert_eq!(r[21], "? the game is over");
    assert!(
        r[22].starts_with("= W+") || r[22].starts_with("= B+"),
        "{}",
        r[22]
    );
    assert_eq!(r[23], "= ");
}

#[test]
fn gtp_errors_are_responses_and_the_session_goes_on() {
    let input = "frobnicate\n7 frobnicate\n# a comment\n\n\t\nplay b\nplay purple E5\n\
                 play b Z99\n8 play b I3\nboardsize nine\nkomi lots\n8\x01 play\tb C3 # c\n\
                 undo\nundo\nknown_command\nplay b C";
    let (ok, out, err) = talk(&["gtp", "go"], input);
    assert!(
        ok && err.is_empty(),
        "the input ended in the middle: exit 0 ({err})"
    );
    let r = gtp_responses(&out);
    let expected = [
        "? unknown command",
        "?7 unknown command",
        "? syntax error",
        "? syntax error: `purple`",
        "? illegal move: Z99 is off the board",
        "?8 syntax error: `I3`",
        "? syntax error",
        "? syntax error",
        "=8 ",
        "= ",
        "? cannot undo",
        "? syntax error",
        "? syntax error: `C`",
    ];
    assert_eq!(r.len(), expected.len(), "{r:?}");
    for (got, want) in r.iter().zip(expected) {
        assert!(got.starts_with(want), "`{got}` begins `{want}`");
    }
}

#[test]
fn gtp_refuses_games_that_are_not_placements_on_a_square_grid() {
    for game in ["draughts", "kalah", "nine-mens-morris"] {
        let (ok, out, err) = talk(&["gtp", game], "name\n");
        assert!(!ok && out.is_empty(), "{game}");
        assert!(err.contains("GTP does not fit"), "{game}: {err}");
    }
}

#[test]
fn gtp_fits_placement_games_by_their_shape() {
    for (name, game) in crate::common::configurations::configurations() {
        // Hex, Havannah and Y without their pie rule (the default) only place stones, as
        // GTP's Hex programs do.
        let placement = name.starts_with("go")
            || name == "othello"
            || name.starts_with("hex")
            || name.starts_with("havannah")
            || name == "y"
            || name.starts_with("y --preset");
        assert_eq!(gtp::fits(&game).is_ok(), placement, "{name}");
    }
    for (file, why) in [
        ("pente", None),
        ("connect6", Some("may move again")),
        ("hex", Some("neither a placement nor a pass")),
    ] {
        let path = format!("tests/fixtures/valid/{file}.game");
        let game = rulebook::pipeline::load(&path, None, &[]).expect("a fixture loads");
        match (gtp::fits(&game), why) {
            (Ok(()), None) => {}
            (Err(e), Some(why)) => assert!(e.contains(why), "{file}: {e}"),
            (result, _) => panic!("{file}: {result:?}"),
        }
    }
    let text = "game \"Mills\"\nplayers black, white\nboard grid 5 by 5\npiece man\n\
                move place man then remove enemy\nend when no legal move: mover loses\n";
    let game = rulebook::pipeline::load_text("mills.game", text, None, &[]).expect("it loads");
    let e = gtp::fits(&game).expect_err("a vertex cannot name the piece removed");
    assert!(e.contains("removes or shoots"), "{e}");
    // Pente's white moves first: GTP's black is the game's first player.
    let options = gtp::Options {
        budget: Budget::iterations(60),
        seed: 1,
    };
    let mut pente = gtp::Session::new(spec("tests/fixtures/valid/pente.game", None), options)
        .expect("GTP fits Pente");
    gtp_ok(&mut pente, "genmove b");
    gtp_ok(&mut pente, "play w G7");
    assert_eq!(pente.state().to_move(), Player::FIRST);
}

fn gtp_session(game: &str, preset: Option<&str>) -> gtp::Session {
    let options = gtp::Options {
        budget: Budget::iterations(60),
        seed: 1,
    };
    gtp::Session::new(spec(game, preset), options).expect("GTP fits")
}

/// The text of a response that must be a success.
fn gtp_ok(s: &mut gtp::Session, command: &str) -> String {
    let text = s.handle(command).text;
    let body = text.strip_prefix("= ").and_then(|t| t.strip_suffix("\n\n"));
    body.unwrap_or_else(|| panic!("{command}: {text:?}"))
        .to_string()
}

#[test]
fn gtp_vertices_skip_the_letter_i_and_name_the_games_points() {
    let mut s = gtp_session("go", Some("19x19"));
    for (command, point, player) in [
        ("play b T19", "s19", Player::FIRST),
        ("play w J1", "i1", Player::SECOND),
        ("play b a1", "a1", Player::FIRST),
        ("play w H8", "h8", Player::SECOND),
    ] {
        gtp_ok(&mut s, command);
        let site = s.state().game().board.site_named(point).expect("a point");
        assert_eq!(s.state().owner(site), Some(player), "{command} -> {point}");
    }
    assert_eq!(
        s.handle("play b U1").text,
        "? illegal move: U1 is off the board\n\n"
    );
}

#[test]
fn gtp_komi_sets_the_games_komi_and_keeps_the_moves() {
    let mut s = gtp_session("go", None);
    gtp_ok(&mut s, "play b E5");
    gtp_ok(&mut s, "play w C3");
    assert_eq!(
        gtp_ok(&mut s, "final_score"),
        "W+7",
        "a stone each, and komi 7"
    );
    gtp_ok(&mut s, "komi 2");
    assert_eq!(gtp_ok(&mut s, "final_score"), "W+2");
    assert_eq!(s.state().ply(), 2, "the moves are kept");
    let refused = s.handle("komi 40").text;
    assert!(refused.starts_with("? komi 40 is refused"), "{refused}");
    assert_eq!(gtp_ok(&mut s, "final_score"), "W+2", "the komi as it was");
    gtp_ok(&mut s, "boardsize 13");
    assert_eq!(
        gtp_ok(&mut s, "final_score"),
        "W+2",
        "the komi kept on a new board"
    );
    let mut othello = gtp_session("othello", None);
    assert_eq!(
        gtp_ok(&mut othello, "komi 7.5"),
        "",
        "accepted, and ignored"
    );
}

#[test]
fn gtp_plays_a_whole_game_of_othello_to_its_end() {
    let mut s = gtp_session("othello", None);
    let mut colour = "b";
    let mut passes = 0;
    for _ in 0..200 {
        let text = s.handle(&format!("genmove {colour}")).text;
        if text.starts_with('?') {
            assert_eq!(text, "? the game is over\n\n");
            break;
        }
        let vertex = text.strip_prefix("= ").expect("a move").trim_end();
        passes += usize::from(vertex == "pass");
        colour = if colour == "b" { "w" } else { "b" };
    }
    let outcome = s.state().outcome().expect("the game ended");
    let score = gtp_ok(&mut s, "final_score");
    let black = s.state().game().player_by_name("black").expect("black");
    let expected = match outcome {
        rulebook::engine::Outcome::Win(p) if p == black => "B+",
        rulebook::engine::Outcome::Win(_) => "W+",
        rulebook::engine::Outcome::Draw => "0",
    };
    assert!(score.starts_with(expected), "{score} for {outcome:?}");
    assert!(
        s.state().ply() > 50,
        "a whole game, {passes} passes among its moves"
    );
}

/// The lines of a `rulebook uci` session's output.
fn uci_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().collect()
}

/// The move of a `bestmove` line.
fn best_move(line: &str) -> &str {
    let mv = line.strip_prefix("bestmove ");
    mv.unwrap_or_else(|| panic!("`{line}` is a bestmove line"))
}

#[test]
fn a_uci_session_identifies_itself_sets_positions_and_plays_legal_moves() {
    let input = "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\n\
                 go depth 1\nposition fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\ngo nodes 2000\n\
                 position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\nquit\nisready\n";
    let (ok, out, err) = talk(&["uci", "chess", "--iterations", "300"], input);
    assert!(ok && err.is_empty(), "{err}");
    // The options are another test's.
    let r: Vec<&str> = (uci_lines(&out).into_iter())
        .filter(|l| !l.starts_with("option "))
        .collect();
    assert!(
        r[0].starts_with("id name rulebook") && r[0].contains("Chess"),
        "{r:?}"
    );
    assert_eq!(
        r[1..4],
        ["id author the rulebook authors", "uciok", "readyok"]
    );
    assert!(r[4].starts_with("info depth "), "{}", r[4]);
    // Black's reply after 1. e4 e5 2. Nf3, legal there.
    let reply = best_move(r[5]);
    let game = rulebook::pipeline::load("chess", None, &[]).expect("chess");
    let mut state = rulebook::engine::State::new(game);
    for m in ["e2e4", "e7e5", "g1f3", reply] {
        rulebook::notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(
        r[6].contains("score mate 1"),
        "a mate in one is seen: {}",
        r[6]
    );
    // Qf8, Qe8, Qg7 and Qh7 all mate.
    let mates = ["f7f8", "f7e8", "f7g7", "f7h7"];
    assert!(mates.contains(&best_move(r[7])), "{}", r[7]);
    assert_eq!(
        r[8..],
        ["info string the game is over", "bestmove (none)"],
        "after quit nothing"
    );
}

#[test]
fn uci_errors_are_info_strings_and_the_session_goes_on() {
    let input: &[u8] = b"frobnicate\nposition\nposition startpos moves e2e5\n\
                 position fen 8/8/8 w - - 0 1\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1\n\
                 go depth\ngo depth 1 searchmoves e2e4\nsetoption name Hash value 0\n\xff\nisready\n\
                 position startpos moves e2e4\ngo depth 1";
    let (ok, out, err) = talk(&["uci", "chess"], input);
    assert!(
        ok && err.is_empty(),
        "the input ended without quit: exit 0 ({err})"
    );
    let r = uci_lines(&out);
    let expected = [
        "info string error: unknown command `frobnicate`",
        "info string error: expected `position startpos`",
        "info string error: move 1 of the position: e2e5 is not legal",
        "info string error: bad position text: the board",
        "info string error: bad position text: the en passant square",
        "info string error: `go depth` takes a whole number",
        "info string error: `go searchmoves` is not supported",
        "info string error: option `Hash` takes a whole number",
        "info string error: the line is not UTF-8",
        "readyok",
        "info depth 1",
    ];
    for (got, want) in r.iter().zip(expected) {
        assert!(got.starts_with(want), "`{got}` begins `{want}`");
    }
    // The position is the last good one: black to move after e2e4.
    assert!(
        r[11].starts_with("bestmove ") && best_move(r[11]).ends_with(['5', '6']),
        "{r:?}"
    );
}

#[test]
fn uci_go_infinite_searches_until_stop_or_the_end_of_the_input() {
    use std::io::Write;
    let mut child = bin::command(["uci", "chess"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(b"go infinite\n").expect("written");
    std::thread::sleep(Duration::from_millis(500));
    stdin.write_all(b"stop\nisready\nquit\n").expect("written");
    let out = bin::wait_within(child, LIMIT).unwrap_or_else(|e| panic!("{e}"));
    let r: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(r.len(), 3, "{r:?}");
    assert!(r[1].starts_with("bestmove ") && r[2] == "readyok", "{r:?}");
    // The input ends with no stop: the search stops, says its move, and the engine exits.
    let (ok, out, _) = talk(&["uci", "chess"], "go infinite\n");
    assert!(
        ok && out
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")),
        "{out}"
    );
}

#[test]
fn uci_fits_games_of_pieces_moving_point_to_point_on_a_grid() {
    for (name, game) in crate::common::configurations::configurations() {
        let fits = uci::fits(&game);
        let expected = ["chess", "xiangqi", "brandubh"].contains(&name.as_str());
        if expected {
            assert!(fits.is_ok(), "{name}: {fits:?}");
        }
        if let Err(why) = fits {
            assert!(why.starts_with("UCI does not fit"), "{why}");
        }
    }
    let (ok, out, err) = talk(&["uci", "kalah"], "uci\n");
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("UCI does not fit Kalah"), "{err}");
}

/// The words after `key` in an `info` line, up to the next key of `keys` (or the end).
fn info_field<'l>(line: &'l str, key: &str) -> Vec<&'l str> {
    const KEYS: [&str; 6] = ["depth", "score", "nodes", "time", "pv", "string"];
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(at) = words.iter().position(|&w| w == key) else {
        return Vec::new();
    };
    (words[at + 1..].iter())
        .take_while(|w| !KEYS.contains(w))
        .copied()
        .collect()
}

#[test]
fn uci_options_are_advertised_and_set_the_level_threads_and_hash() {
    // The options, with the level the session started at as the default.
    let (ok, out, err) = talk(&["uci", "chess", "--level", "easy"], "uci\n");
    assert!(ok && err.is_empty(), "{err}");
    let options: Vec<&str> = out.lines().filter(|l| l.starts_with("option ")).collect();
    assert_eq!(
        options,
        [
            "option name Level type combo default easy var easy var medium var strong",
            "option name Threads type spin default 1 min 1 max 64",
            "option name Hash type spin default 4 min 1 max 1024",
        ]
    );
    assert_eq!(out.lines().last(), Some("uciok"));
    // `go` without limits plays at the session's budget, then at the level set (easy: one
    // ply); bad names and values are refused and change nothing.
    let input = "position startpos moves e2e4\ngo\nsetoption name level value Easy\ngo\n\
                 setoption name Level value expert\nsetoption name Threads value 0\n\
                 setoption name Threads value 65\nsetoption name Hash value x\n\
                 setoption name Ponder value true\nsetoption Hash 16\n\
                 setoption name Threads value 2\nsetoption name Hash value 1\n\
                 go movetime 200\ngo depth 2\nisready\n";
    let (ok, out, err) = talk(&["uci", "chess", "--iterations", "3000"], input);
    assert!(ok && err.is_empty(), "{err}");
    let r = uci_lines(&out);
    assert_eq!(r.len(), 15, "{r:?}");
    assert_eq!(
        info_field(r[0], "depth"),
        ["2"],
        "3000 nodes reach 2 plies: {}",
        r[0]
    );
    assert_eq!(
        info_field(r[2], "depth"),
        ["1"],
        "easy looks 1 ply ahead: {}",
        r[2]
    );
    let nodes: u64 = info_field(r[2], "nodes")[0].parse().expect("a count");
    assert!(nodes <= 2_000, "within easy's 2,000 nodes: {}", r[2]);
    let errors = [
        "info string error: no level `expert`; the levels are easy, medium, strong",
        "info string error: option `Threads` takes a whole number from 1 to 64, not `0`",
        "info string error: option `Threads` takes a whole number from 1 to 64, not `65`",
        "info string error: option `Hash` takes a whole number from 1 to 1024, not `x`",
        "info string error: no option `Ponder`; the options are Level, Threads and Hash",
        "info string error: expected `setoption name NAME value VALUE`",
    ];
    assert_eq!(r[4..10], errors);
    // Two threads for a search with a time limit, a table of 1 MB: legal moves still.
    let game = rulebook::pipeline::load("chess", None, &[]).expect("chess");
    for k in [11, 13] {
        let mut state = rulebook::engine::State::new(std::sync::Arc::clone(&game));
        for m in ["e2e4", best_move(r[k])] {
            rulebook::notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
    assert_eq!(r[14], "readyok");
}

#[test]
fn uci_go_reports_the_searchs_score_and_line() {
    let input = "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 1\n\
                 position fen k7/2K5/8/7p/8/8/8/1Q6 b - - 0 1\ngo depth 3\n\
                 position startpos\ngo depth 2\n\
                 position fen 8/8/8/8/8/5k2/8/4K2r w - - 0 1\ngo\n";
    let (ok, out, err) = talk(&["uci", "chess", "--iterations", "300"], input);
    assert!(ok && err.is_empty(), "{err}");
    let r = uci_lines(&out);
    assert_eq!(r.len(), 8, "{r:?}");
    // A queen ahead (chess's measure is the material, the queen worth 9): 900 centipawns
    // and the finer terms below one point.
    let score = info_field(r[0], "score");
    assert_eq!(score[0], "cp", "{}", r[0]);
    let cp: i64 = score[1].parse().expect("centipawns");
    assert!((900..1000).contains(&cp), "{}", r[0]);
    // Black's every move is mated next move: mated in 1, as UCI counts it.
    assert_eq!(info_field(r[2], "score"), ["mate", "-1"], "{}", r[2]);
    // The line of play begins with the move given and is legal throughout.
    let pv = info_field(r[4], "pv");
    assert!(pv.len() >= 2 && pv[0] == best_move(r[5]), "{r:?}");
    let game = rulebook::pipeline::load("chess", None, &[]).expect("chess");
    let mut state = rulebook::engine::State::new(game);
    for m in pv {
        rulebook::notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // The only legal move is not searched, so it has no score.
    assert!(
        r[6].starts_with("info depth 0 nodes 0 time ") && r[6].ends_with(" pv e1d2"),
        "{}",
        r[6]
    );
    assert!(!r[6].contains("score") && r[7] == "bestmove e1d2", "{r:?}");
}

/// `scripts/bg-vs-gnubg`, the referee that plays `rulebook json backgammon` against GNU
/// Backgammon, in its `--self-check` mode that needs no gnubg: its conversions between the
/// game's move texts and gnubg's notation (fixed cases, then every turn of two games
/// against random play written in gnubg's notation, read back and found again die by die
/// in the referee) and the points of each end against the final board.
#[test]
fn the_backgammon_referee_checks_itself_without_gnubg() {
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED: python3 is not installed");
        return;
    }
    let mut command = std::process::Command::new("python3");
    command.args([
        "scripts/bg-vs-gnubg",
        "--self-check",
        "--games",
        "2",
        "--rulebook",
        env!("CARGO_BIN_EXE_rulebook"),
    ]);
    let out = bin::run_within(command, Duration::from_secs(300)).unwrap_or_else(|e| panic!("{e}"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("game 1: rulebook white, "), "{stdout}");
    assert!(stdout.contains("game 2: rulebook black, "), "{stdout}");
    assert!(stdout.contains("; 0 protocol errors\n"), "{stdout}");
    assert!(!stdout.contains("PROTOCOL ERROR"), "{stdout}");
}
