//! End-to-end tests of the `rulebook` command: output, exit codes and bad input.

use std::process::{Output, Stdio};

use rulebook::analysis::random_game;
use rulebook::engine::State;
use rulebook::{notation, pipeline};

use crate::common::bin::{self, text};

fn rulebook(args: &[&str], stdin: &str) -> Output {
    rulebook_in(std::path::Path::new("."), args, stdin)
}

/// Runs the binary in the folder `dir`.
fn rulebook_in(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    let mut command = bin::command(args);
    command
        .current_dir(dir)
        // `play` autosaves unfinished games: not into the user's own directory.
        .env(
            "RULEBOOK_HOME",
            std::env::temp_dir().join("rulebook-cli-tests"),
        );
    bin::run_with_input(command, stdin)
}

/// Runs a command that must succeed; returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = rulebook(args, "");
    assert!(
        out.status.success(),
        "{args:?} failed:\n{}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Runs a command that must fail cleanly; returns its standard error.
fn fails(args: &[&str]) -> String {
    let out = rulebook(args, "");
    let err = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{args:?} should exit 1; stderr:\n{err}"
    );
    assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
    assert!(!err.trim().is_empty(), "{args:?} failed without a message");
    err
}

#[test]
fn list_names_games_presets_and_options() {
    let out = ok(&["list"]);
    for word in [
        "ming-mang",
        "gundru",
        "xiangqi",
        "traditional (default)",
        "8x8",
        "go",
        "--set size=N",
        "corner=off|board|anywhere",
        "lone-jump=off|on",
    ] {
        assert!(out.contains(word), "`{word}` missing from:\n{out}");
    }
}

#[test]
fn check_accepts_the_bundled_files() {
    let out = ok(&[
        "check",
        "games/ming-mang.game",
        "games/gundru.game",
        "ming-mang",
    ]);
    assert_eq!(out.matches(": ok").count(), 3, "{out}");
}

#[test]
fn check_compiles_under_a_preset_and_settings_when_given() {
    let out = ok(&[
        "check",
        "ming-mang",
        "--preset",
        "8x8",
        "--set",
        "corner=anywhere",
    ]);
    assert!(out.contains(": ok"), "{out}");
    let err = fails(&["check", "ming-mang", "--set", "size=30"]);
    assert!(err.contains("size=30 is out of range"), "{err}");
    assert!(
        err.contains("found when compiling with --set size=30"),
        "{err}"
    );
    let err = fails(&["check", "ming-mang", "--preset", "88"]);
    assert!(err.contains("did you mean `8x8`?"), "{err}");
}

#[test]
fn render_writes_to_standard_output_for_a_dash() {
    let out = ok(&["render", "draughts", "--moves", "c3-d4", "--svg", "-"]);
    assert!(
        out.starts_with("<svg ") && out.ends_with("</svg>\n"),
        "{out}"
    );
    assert!(!std::path::Path::new("-").exists());
}

#[test]
fn show_prints_the_compiled_summary() {
    let out = ok(&[
        "show",
        "ming-mang",
        "--preset",
        "8x8",
        "--set",
        "corner=anywhere",
    ]);
    assert!(out.contains("board: grid 8 x 8 (64 points)"), "{out}");
    assert!(out.contains("repeated positions: forbidden"), "{out}");
    assert!(
        out.contains(
            "capture custodian north, east, south, west, turning once, convert called \"turn\""
        ),
        "{out}"
    );
    assert!(out.contains("corner = anywhere"), "{out}");
}

/// Every clause that narrows a move is in the summary: a step that takes by landing is
/// told from a quiet one, and a region avoided is named.
#[test]
fn show_tells_what_a_move_may_land_on_and_avoid() {
    let text = "// Landing rules.\ngame \"Landing\"\nplayers white, black\n\
        board grid 3 by 3\npiece pawn\nregion middle = b2\n\
        setup white pawn on a1\nsetup black pawn on c3\n\
        move step forward\nmove step forward-diagonal onto enemy\n\
        move slide orthogonal onto empty or enemy avoiding middle\n\
        end when no legal move: mover loses\n";
    let game = rulebook::pipeline::load_text("landing.game", text, None, &[]).unwrap();
    let out = rulebook::render::summary(&game);
    // A kind no setup places is counted without a list of sites after it.
    assert!(!out.lines().any(|l| l.ends_with(' ')), "{out}");
    let moves: Vec<&str> = out.lines().filter(|l| l.contains(". step ")).collect();
    assert!(!moves[0].contains("onto"), "{out}");
    assert!(
        moves[2].contains(", onto an enemy piece (taking it)"),
        "{out}"
    );
    assert!(
        out.contains(
            "slide north, east, south, west, onto an empty site or an enemy piece (taking it), \
             avoiding {b2}"
        ),
        "{out}"
    );
}

/// A rule with directions relative to the mover and a condition naming the mover is that
/// player's rule alone: no rule for the other player that could never apply.
#[test]
fn a_relative_rule_for_one_player_is_one_rule() {
    let text = "// One side.\ngame \"One side\"\nplayers white, black\nboard grid 3 by 3\n\
        piece pawn\nsetup white pawn on a1\nsetup black pawn on c3\n\
        move step forward when mover == white\nmove step all when black == mover\n\
        end when no legal move: mover loses\n";
    let game = rulebook::pipeline::load_text("one.game", text, None, &[]).unwrap();
    assert_eq!(game.moves.len(), 2);
    let out = rulebook::render::summary(&game);
    assert!(
        out.contains("1. step north (slide at most 1) when (mover == white)\n"),
        "{out}"
    );
}

#[test]
fn perft_refuses_a_depth_of_zero() {
    let out = rulebook(&["perft", "ming-mang", "0"], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("0 is not in 1.."),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn perft_prints_depth_and_count_per_line_and_json() {
    let out = ok(&["perft", "ming-mang", "2", "--preset", "8x8"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), ["1 72", "2 4686"]);
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["perft", "gundru", "2", "--json"])).unwrap();
    assert_eq!(json["counts"][1]["depth"], 2);
    assert_eq!(json["counts"][1]["count"], 8827);
}

#[test]
fn perft_starts_after_the_given_moves() {
    let out = ok(&["perft", "gundru", "1", "--moves", "i2-e2 i1-i2"]);
    assert_eq!(out.trim(), "1 12");
}

#[test]
fn bench_reports_its_figures_as_json() {
    let out = ok(&[
        "bench",
        "ming-mang",
        "--preset",
        "8x8",
        "--playouts",
        "20",
        "--seed",
        "3",
        "--max-plies",
        "50",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in [
        "playouts",
        "seconds",
        "playouts_per_second",
        "plies_per_second",
        "mean_plies",
        "ended_by_rule",
        "ended_by_cap",
    ] {
        assert!(json.get(key).is_some(), "{key} missing from {out}");
    }
    assert_eq!(json["playouts"], 20);
    assert_eq!(
        json["ended_by_rule"].as_u64().unwrap() + json["ended_by_cap"].as_u64().unwrap(),
        20
    );
    // The same seed plays the same games.
    let again: serde_json::Value = serde_json::from_str(&ok(&[
        "bench",
        "ming-mang",
        "--preset",
        "8x8",
        "--playouts",
        "20",
        "--seed",
        "3",
        "--max-plies",
        "50",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["mean_plies"], again["mean_plies"]);
}

#[test]
fn position_shows_board_side_to_move_and_moves() {
    let out = ok(&[
        "position",
        "ming-mang",
        "--preset",
        "8x8",
        "--moves",
        "h2-c2",
    ]);
    assert!(out.contains("to move: white"), "{out}");
    assert!(out.contains("2  W . B . . . . .  2"), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["position", "gundru", "--json"])).unwrap();
    assert_eq!(json["to_move"], "black");
    assert_eq!(json["moves"].as_array().unwrap().len(), 98);
    assert_eq!(json["over"], false);
}

/// A finished game's position says who won and by which end rule, in text and in JSON.
#[test]
fn position_says_how_a_finished_game_ended() {
    let moves = ["--moves", "2 1 3 4 6 4 1 3 4 6 2 6"];
    let out = ok(&[&["position", "mangala"][..], &moves].concat());
    assert!(
        out.contains("game over: south won (a row of pits is empty)\n"),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(
            &[&["position", "mangala", "--json"][..], &moves].concat()
        ))
        .unwrap();
    assert_eq!(json["winner"], "south");
    assert_eq!(json["reason"], "a row of pits is empty");
    // Stuck: the player to move has no legal move.
    let out = ok(&[
        "position",
        "ming-mang",
        "--set",
        "size=4",
        "--position",
        "4/4/B3/W1B1 black",
        "--moves",
        "c1-b1",
    ]);
    assert!(out.contains("(no legal move for white)"), "{out}");
    let unfinished: serde_json::Value =
        serde_json::from_str(&ok(&["position", "gundru", "--json"])).unwrap();
    assert_eq!(unfinished["reason"], serde_json::Value::Null);
}

/// A move given after the game has ended is refused with how it ended.
#[test]
fn moves_after_the_end_are_refused_with_how_the_game_ended() {
    let err = fails(&[
        "position",
        "ming-mang",
        "--set",
        "size=4",
        "--position",
        "4/4/B3/W1B1 black",
        "--moves",
        "c1-b1 a2-a3",
    ]);
    assert!(
        err.contains("move 2 of --moves: the game is over: black won (no legal move for white)"),
        "{err}"
    );
}

#[test]
fn position_json_gives_the_contents_of_the_board() {
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "position",
        "ming-mang",
        "--set",
        "size=4",
        "--moves",
        "d2-b2",
        "--json",
    ]))
    .unwrap();
    // Grid: the occupied sites, with whose piece of which kind; pieces per player.
    let sites = json["board"]["sites"].as_object().unwrap();
    assert_eq!(
        sites["b2"],
        serde_json::json!({"player": "black", "kind": "stone"})
    );
    assert_eq!(sites["a2"]["player"], "white");
    assert!(sites.get("d2").is_none(), "empty sites are left out");
    assert_eq!(json["board"]["layout"], "grid");
    let black = sites.values().filter(|p| p["player"] == "black").count();
    assert_eq!(json["pieces"]["black"], black);
    assert!(json["picture"].as_array().unwrap().len() > 4, "{json}");
    // Mancala: pits from each owner's pit 1, and stores; no "pieces".
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["position", "mangala", "--moves", "3", "--json"])).unwrap();
    assert_eq!(json["board"]["layout"], "mancala");
    assert_eq!(
        json["board"]["pits"]["south"],
        serde_json::json!([4, 4, 1, 5, 5, 5])
    );
    assert_eq!(
        json["board"]["pits"]["north"],
        serde_json::json!([4, 4, 4, 4, 4, 4])
    );
    assert_eq!(
        json["board"]["stores"],
        serde_json::json!({"south": 0, "north": 0})
    );
    assert!(json.get("pieces").is_none(), "{json}");
    // Tiles: the tile placed, its placer, and the tiles left in each hand.
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "position",
        "migong",
        "--moves",
        "d4:BYYBBY",
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["board"]["layout"], "hex");
    assert_eq!(
        json["board"]["sites"]["d4"],
        serde_json::json!({"player": "blue", "kind": "BYYBBY"})
    );
    let hand = |p: &str| json["hands"][p].as_array().unwrap().clone();
    assert!(!hand("blue").contains(&"BYYBBY".into()), "{json}");
    assert!(hand("yellow").contains(&"BYYBBY".into()), "{json}");
    assert_eq!(json["scores"], serde_json::json!({"blue": 0, "yellow": 0}));
}

/// A seeded random game of `name` (with `sets`) that ends within 200 plies, as canonical
/// move texts, with the winner's name ("draw" for a draw).
fn finished_game(name: &str, sets: &[&str]) -> (Vec<String>, String) {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let game = pipeline::load(name, None, &sets).unwrap();
    for seed in 0..200 {
        let mut state = State::new(game.clone());
        let (moves, outcome) = random_game(&mut state, seed, 200);
        if let Some(outcome) = outcome {
            let mut replay = State::new(game.clone());
            let texts = moves
                .iter()
                .map(|m| {
                    let t = notation::move_text(&replay, *m);
                    replay.apply(*m);
                    t
                })
                .collect();
            let result = match outcome {
                rulebook::engine::Outcome::Win(p) => {
                    format!("{} won", game.about.players[p.index()])
                }
                rulebook::engine::Outcome::Draw => "draw".to_string(),
            };
            return (texts, result);
        }
    }
    panic!("no short game finished");
}

#[test]
fn play_finishes_a_sowing_game_from_a_script() {
    let (moves, result) = finished_game("mangala", &[]);
    let script: String = moves.iter().map(|m| format!("{m}\n")).collect();
    let out = rulebook(&["play", "mangala"], &script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("game over: {result}")), "{stdout}");
    assert!(!stdout.contains("error:"), "{stdout}");
}

#[test]
fn play_reads_moves_until_the_game_ends() {
    let (moves, result) = finished_game("ming-mang", &["size=4"]);
    let mut script = String::from("nonsense\na1-a1\nmoves\n");
    for m in &moves {
        script.push_str(m);
        script.push('\n');
    }
    let out = rulebook(&["play", "ming-mang", "--set", "size=4"], &script);
    // The script had refused lines: it runs to its end, then exits with 1.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("some lines were refused"));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("error: `nonsense` is not a move"),
        "{stdout}"
    );
    assert!(stdout.contains("legal moves:"), "{stdout}");
    assert!(stdout.contains(&format!("game over: {result}")), "{stdout}");
}

#[test]
fn play_ends_cleanly_when_input_ends() {
    let out = rulebook(&["play", "gundru"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("end of input"));
    let out = rulebook(&["play", "gundru"], "i2-e2\nundo\nquit\n");
    assert!(out.status.success());
}

#[test]
fn bad_input_gets_a_clear_message_and_exit_code() {
    let err = fails(&["show", "ming-mong"]);
    assert!(
        err.contains("unknown game `ming-mong`") && err.contains("did you mean `ming-mang`?"),
        "{err}"
    );
    let err = fails(&["show", "ming-mang", "--preset", "9x9"]);
    assert!(
        err.contains("no preset `9x9`") && err.contains("traditional, 8x8, go"),
        "{err}"
    );
    let err = fails(&["show", "ming-mang", "--set", "sise=9"]);
    assert!(
        err.contains("no parameter or option `sise`") && err.contains("did you mean `size`?"),
        "{err}"
    );
    let err = fails(&["show", "ming-mang", "--set", "size=30"]);
    assert!(
        err.contains("size=30 is out of range") && err.contains("4..25"),
        "{err}"
    );
    let err = fails(&["show", "ming-mang", "--set", "size=big"]);
    assert!(err.contains("takes a whole number"), "{err}");
    let err = fails(&["show", "ming-mang", "--set", "corner=sometimes"]);
    assert!(err.contains("not a choice of option `corner`"), "{err}");
    let err = fails(&["show", "ming-mang", "--set", "size"]);
    assert!(err.contains("name=value"), "{err}");
    let err = fails(&[
        "position",
        "ming-mang",
        "--preset",
        "8x8",
        "--moves",
        "h2-c2 h2-c2",
    ]);
    assert!(
        err.contains("move 2 of --moves") && err.contains("no piece on h2"),
        "{err}"
    );
    let err = fails(&["perft", "ming-mang", "1", "--moves", "banana"]);
    assert!(err.contains("`banana` is not a move"), "{err}");
    let err = fails(&["show", "/nonexistent/file.game"]);
    assert!(err.contains("cannot read"), "{err}");
    let err = fails(&["perft", "gundru", "100"]);
    assert!(err.contains("beyond the limit"), "{err}");
    // clap's own usage errors exit 2.
    let out = rulebook(&["perft", "ming-mang", "deep"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = rulebook(&["frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_writes_an_svg_for_every_bundled_board() {
    let dir = std::env::temp_dir().join(format!("rulebook-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, moves, mark) in [
        ("ming-mang", "", "<circle"),
        ("mangala", "4 3", "<circle"),
        ("migong", "d4:BYYBBY swap", "<polygon"),
    ] {
        let file = dir.join(format!("{game}.svg"));
        let path = file.to_string_lossy().into_owned();
        ok(&["render", game, "--moves", moves, "--svg", &path]);
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
            "{game}"
        );
        assert!(svg.contains(mark), "{game}");
    }
    // Only the pictures are left: the temporary files were renamed into place.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["mangala.svg", "migong.svg", "ming-mang.svg"]);
    // A file that cannot be written, and a bad move, are errors, not panics.
    let missing = dir.join("no-such-dir/x.svg").to_string_lossy().into_owned();
    let out = rulebook(&["render", "migong", "--svg", &missing], "");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("cannot write"),
        "{}",
        text(&out.stderr)
    );
    let out = rulebook(
        &[
            "render",
            "migong",
            "--moves",
            "d4:BYYBB",
            "--svg",
            &path_of(&dir),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("is not a move"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn path_of(dir: &std::path::Path) -> String {
    dir.join("bad.svg").to_string_lossy().into_owned()
}

/// A reader that stops early (`rulebook ... | head`) ends the program quietly, as it would
/// any command-line tool: no panic, no message.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    let mut child = bin::command(["position", "migong", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rulebook runs");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_exact(&mut first)
        .expect("some output");
    // The reader is gone now; the rest of the output (75 kB, more than a pipe holds)
    // cannot go.
    let out = child.wait_with_output().expect("rulebook ends");
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGPIPE),
        "{:?} {stderr}",
        out.status
    );
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-cli-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn control_and_bidi_characters_from_files_never_reach_the_terminal() {
    // Issue 15: a game's name (and a scenario case's name) was printed raw.
    let dir = scratch("escapes");
    let game = dir.join("evil.game");
    std::fs::write(
        &game,
        "extends \"gundru\"\ngame \"Evil\u{1b}[31m\u{202e}Red\u{7}\"\n",
    )
    .expect("the rule file is written");
    let game = game.to_string_lossy().into_owned();
    let shown = "Evil\\u{1b}[31m\\u{202e}Red\\u{7}";
    let outputs = [
        ok(&["show", &game]),
        ok(&["bench", &game, "--playouts", "1"]),
        ok(&["think", &game, "--positions", "1", "--level", "easy"]),
        text(&rulebook(&["play", &game], "quit\n").stdout),
    ];
    for out in &outputs {
        assert!(out.contains(shown), "{out}");
    }
    let scenario = dir.join("evil.yaml");
    std::fs::write(
        &scenario,
        "game: evil.game\ncases:\n  - name: \"case \\e[2J\\u202e\"\n    legal_count: 98\n",
    )
    .expect("the scenario is written");
    let out = rulebook(&["test", &scenario.to_string_lossy()], "");
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(all.contains(shown), "{all}");
    assert!(all.contains("case \\u{1b}[2J\\u{202e}"), "{all}");
    for out in outputs.iter().chain([&all]) {
        assert!(!out.contains(['\u{1b}', '\u{202e}', '\u{7}']), "{out}");
    }
    std::fs::remove_dir_all(dir).expect("the folder is removed");
}

#[test]
fn a_record_whose_game_does_not_load_says_error_once() {
    // Issue 15: the prefix was repeated (``error: `x.yaml`: error: unknown game``).
    let dir = scratch("record-prefix");
    let record = dir.join("x.yaml");
    std::fs::write(&record, "game: nope\nmoves: []\n").expect("the record is written");
    let err = fails(&["play", "--load", &record.to_string_lossy()]);
    let first = err.lines().next().unwrap_or("");
    assert!(
        first.starts_with("error: `") && first.ends_with("`: the game `nope` does not load:"),
        "{err}"
    );
    assert_eq!(first.matches("error").count(), 1, "{err}");
    assert!(err.contains("unknown game `nope`"), "{err}");
    std::fs::remove_dir_all(dir).expect("the folder is removed");
}

/// A record names its rule file so that it loads from any folder: by the path from the
/// record's folder when the file lies there, else by its absolute path.
#[test]
fn a_saved_game_loads_from_another_folder() {
    let dir = scratch("record-paths");
    let (rules, away) = (dir.join("rules"), dir.join("away"));
    std::fs::create_dir_all(&rules).expect("a folder for the rules");
    std::fs::create_dir_all(&away).expect("a folder elsewhere");
    std::fs::write(
        rules.join("walk.game"),
        "// A walk.\ngame \"Walk\"\nplayers white, black\nboard grid 3 by 3\npiece man\n\
         setup white man on a1\nsetup black man on c3\nmove step orthogonal\n\
         end when no legal move: mover loses\n",
    )
    .expect("the rule file is written");
    let script = format!(
        "a1-a2\nsave beside.yaml\nsave {}\n",
        away.join("far.yaml").display()
    );
    let out = rulebook_in(&rules, &["play", "walk.game"], &script);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let beside = std::fs::read_to_string(rules.join("beside.yaml")).expect("saved beside");
    assert!(beside.starts_with("game: walk.game\n"), "{beside}");
    let far = std::fs::read_to_string(away.join("far.yaml")).expect("saved elsewhere");
    let absolute = std::fs::canonicalize(rules.join("walk.game")).expect("the file is there");
    assert!(
        far.contains(&format!("game: {}\n", absolute.display())),
        "{far}"
    );
    for record in [rules.join("beside.yaml"), away.join("far.yaml")] {
        let out = rulebook_in(
            &away,
            &["play", "--load", &record.to_string_lossy()],
            "c3-c2\n",
        );
        assert!(out.status.success(), "{record:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("c3-c2"), "{}", text(&out.stdout));
    }
    std::fs::remove_dir_all(dir).expect("the folder is removed");
}

/// Issue 15, item 2: `move pass` on a board without tiles. The pass is a move of any game:
/// it is listed, named, parsed and played like any other (it used to panic naming "no
/// site").
#[test]
fn a_pass_on_a_grid_is_listed_and_played() {
    let dir = std::env::temp_dir().join(format!("rulebook-cli-pass-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("pass.game");
    std::fs::write(
        &file,
        "game \"g\"\nplayers a, b\nboard grid 1 by 1\npiece stone\nmove pass\n\
         end when no legal move: mover loses\n",
    )
    .expect("the rule file is written");
    let path = file.to_string_lossy();
    let position = ok(&["position", &path]);
    assert!(position.contains("legal moves (1): pass"), "{position}");
    let after = ok(&["position", &path, "--moves", "pass pass"]);
    assert!(after.contains("to move: a"), "{after}");
    let played = rulebook(&["play", &path], "pass\nswap\nmoves\n");
    let out = text(&played.stdout) + &text(&played.stderr);
    assert!(
        out.contains("swap is not legal: this game has no swap"),
        "{out}"
    );
    assert!(out.contains("1 legal move: pass"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn position_prints_the_position_text_and_every_command_starts_from_one() {
    let out = ok(&["position", "mangala", "--moves", "3 4"]);
    let line = "position: 4,4,1,5,5,5|0/4,4,4,1,5,5|1 north";
    assert!(out.ends_with(&format!("{line}\n")), "{out}");
    let json = ok(&["position", "mangala", "--moves", "3 4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["position"], "4,4,1,5,5,5|0/4,4,4,1,5,5|1 north");
    // The same position from its text, then a move: as from the moves.
    let written = "4,4,1,5,5,5|0/4,4,4,1,5,5|1 north";
    let from_text = ok(&["position", "mangala", "--position", written, "--moves", "2"]);
    let from_moves = ok(&["position", "mangala", "--moves", "3 4 2"]);
    let last_two = |s: &str| {
        s.lines()
            .rev()
            .take(2)
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(last_two(&from_text), last_two(&from_moves));
    assert_eq!(
        ok(&["perft", "mangala", "3", "--position", written]),
        ok(&["perft", "mangala", "3", "--moves", "3 4"])
    );
    let grid = "4B3/8/8/8/2BW4/8/8/W7 black";
    let game = ["ming-mang", "--preset", "8x8", "--position", grid];
    assert!(
        ok(&[&["position"][..], &game, &["--moves", "e8-e4"]].concat())
            .contains("position: 8/8/8/8/2BBB3/8/8/W7 white")
    );
    ok(&[
        &["bench"][..],
        &game,
        &["--playouts", "5", "--threads", "1"],
    ]
    .concat());
    ok(&[
        &["think"][..],
        &game,
        &["--positions", "1", "--level", "easy"],
    ]
    .concat());
    let dir = scratch("position-text");
    let svg = dir.join("p.svg").to_string_lossy().into_owned();
    ok(&[&["render"][..], &game, &["--svg", &svg]].concat());
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
    let played = rulebook(&[&["play"][..], &game, &["--moves", "e8-e4"]].concat(), "");
    assert!(played.status.success(), "{}", text(&played.stderr));
    // An empty hex board begins with `-`: a value, not an option.
    assert_eq!(
        ok(&["perft", "migong", "1", "--position", "- blue"]),
        ok(&["perft", "migong", "1"])
    );
}

#[test]
fn malformed_position_texts_are_refused_with_the_reason() {
    let cases: [(&[&str], &str, &str); 7] = [
        (
            &["ming-mang", "--preset", "8x8"],
            "8/8/8/8/8/8/8/BBBBWWWWB black",
            "rank 1: it has 9 points; the board is 8 wide",
        ),
        (
            &["ming-mang", "--preset", "8x8"],
            "8/8/8/X7/8/8/8/8 black",
            "rank 5: `X` is not a piece of this game",
        ),
        (
            &["ming-mang", "--preset", "8x8"],
            "8/8/8/8/8/8/8/8 red",
            "the player to move: `red` is not a player of this game",
        ),
        (
            &["mangala"],
            "4,4,4,4,4,-1|0/4,4,4,4,4,4|0 south",
            "south 6: `-1` is not a number of stones",
        ),
        (
            &["mangala"],
            "4,4,4,4,4,99999999999|0/4,4,4,4,4,4|0 south",
            "south 6: `99999999999` is not a number of stones",
        ),
        (
            &["mangala"],
            "4,4,4,4,4,4|60/4,4,4,4,4,4|0 south",
            "the board: it holds 108 stones; this game has 48 in play",
        ),
        (
            &["migong"],
            "z9:BYYBBY blue",
            "`z9:BYYBBY`: `z9` is not a cell of this board",
        ),
    ];
    for (game, position, message) in cases {
        for command in ["position", "perft", "render"] {
            let mut args = vec![command];
            args.extend(game);
            args.extend(["--position", position]);
            match command {
                "perft" => args.push("1"),
                "render" => args.extend(["--svg", "/nonexistent/never-written.svg"]),
                _ => {}
            }
            let err = fails(&args);
            assert!(
                err.contains(&format!("error: --position: bad position text: {message}")),
                "{args:?}: {err}"
            );
        }
    }
}

/// Issue 52: a position the grammar reads but the rules forbid is refused by every
/// command that takes one, exit 1, with what is wrong.
#[test]
fn positions_the_rules_forbid_are_refused_with_the_reason() {
    let cases: [(&str, &str, &str); 4] = [
        (
            "toguz-kumalak",
            "0,0,0,0,0,0,0,0,4|70/0@south,4,2,5,0@south,5,5,5,5|52 south",
            "the sites marked by south: south has marked 2 (north 1, north 5); the rules \
             after sowing let a player mark at most 1",
        ),
        (
            "migong",
            "- blue passes=1 swapped swapped",
            "`swapped`: it is given twice; each word after the player to move may be given once",
        ),
        (
            "migong",
            "d4:BYYBBY,e5:BYYBBY yellow",
            "blue's `BYYBBY` tiles: 2 on the board and 0 in hand, more than the 1 blue starts with",
        ),
        (
            "nine-mens-morris",
            "7/7/7/W6/2WWW2/1W1W1W1/W2W2W black",
            "white's pieces: 10 on the board and 0 in hand, more than the 9 white starts with",
        ),
    ];
    for (game, position, message) in cases {
        for command in ["position", "perft"] {
            let mut args = vec![command, game, "--position", position];
            if command == "perft" {
                args.push("1");
            }
            let err = fails(&args);
            assert!(
                err.contains(&format!("error: --position: bad position text: {message}")),
                "{args:?}: {err}"
            );
        }
    }
}

/// Issue 15: a UTF-8 byte-order mark at the start of a rule file (some editors write one)
/// is skipped, not reported as an invisible character at 1:1; errors keep their columns.
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = std::env::temp_dir().join(format!("rulebook-cli-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let good = dir.join("good.game");
    let rules = "game \"g\"\nplayers a, b\nboard grid 2 by 2\npiece s\n\
                 setup a s on corner(north-east)\nmove slide orthogonal\n\
                 end when no legal move: mover loses\n";
    std::fs::write(&good, format!("\u{feff}{rules}")).expect("written");
    let checked = ok(&["check", &good.to_string_lossy()]);
    assert!(checked.contains("ok"), "{checked}");
    let bad = dir.join("bad.game");
    std::fs::write(&bad, format!("\u{feff}gmae \"g\"\n{rules}")).expect("written");
    let refused = fails(&["check", &bad.to_string_lossy()]);
    assert!(refused.contains("bad.game:1:1"), "{refused}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn shell_completions_and_the_manual_page() {
    let bash = ok(&["completions", "bash"]);
    for word in ["_rulebook()", "play", "--resume", "saves", "completions"] {
        assert!(
            bash.contains(word),
            "{word} missing from the bash completions"
        );
    }
    assert!(ok(&["completions", "zsh"]).contains("#compdef rulebook"));
    assert!(ok(&["completions", "fish"]).contains("complete -c rulebook"));
    let man = ok(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH rulebook 1"),
        "{man}"
    );
    for word in ["play", "saves", "completions"] {
        assert!(man.contains(word), "{word} missing from the manual page");
    }
    let out = bin::run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Each player's material names the letters of the kinds it has, so a player whose pieces
/// are not of the first kind is shown by its own letter.
#[test]
fn material_names_the_letters_of_the_kinds_a_player_has() {
    let out = ok(&["position", "brandubh"]);
    assert!(
        out.contains("black (S): 8 pieces\nwhite (s k): 5 pieces"),
        "{out}"
    );
    let dir = scratch("glyphs");
    let file = dir.join("fox.game");
    std::fs::write(
        &file,
        "game \"Fox and Geese\"\nplayers geese, fox\nboard grid 7 by 7\npiece goose, reynard\n\
         setup geese goose on rank(1)\nsetup fox reynard on d5\nmove step orthogonal\n\
         end when no legal move: mover loses\n",
    )
    .unwrap();
    let out = ok(&["position", file.to_str().unwrap()]);
    assert!(out.contains("5  . . . r . . .  5"), "{out}");
    assert!(out.contains("fox (r): 1 piece"), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 52: `render X.game --svg X.game` turned the rule file into a picture, with exit 0,
/// and a device, a FIFO or a symbolic link named as the picture was replaced by a regular
/// file. Each is refused, the file left as it was (`--force` writes over the rule file);
/// a link to a picture is followed, and the file it leads to replaced from its folder.
#[cfg(unix)]
#[test]
fn render_replaces_only_a_regular_file_and_never_the_rule_file_unasked() {
    use std::os::unix::fs::FileTypeExt as _;
    let file_type = |p: &std::path::Path| std::fs::symlink_metadata(p).unwrap().file_type();
    let dir = scratch("render-targets");
    let rules_text = std::fs::read_to_string("tests/fixtures/valid/kalah.game").unwrap();
    let rules = dir.join("my.game");
    std::fs::write(&rules, &rules_text).unwrap();
    let game = rules.to_str().unwrap();
    let err = fails(&["render", game, "--svg", game]);
    assert!(
        err.contains(&format!(
            "error: cannot write `{game}`: it was read as a rule file and would be replaced \
             by a picture (--force replaces it)"
        )),
        "{err}"
    );
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink("my.game", &link).unwrap();
    let err = fails(&["render", game, "--svg", link.to_str().unwrap()]);
    assert!(
        err.contains("(a link to `") && err.contains("it was read as a rule file"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), rules_text);
    if let Some(device) = crate::common::special_files::null_device(&dir, "null") {
        let err = fails(&["render", "migong", "--svg", device.to_str().unwrap()]);
        assert!(
            err.contains(&format!(
                "error: cannot write `{}`: it is a device, not a regular file",
                device.display()
            )),
            "{err}"
        );
        assert!(file_type(&device).is_char_device());
    }
    let fifo = crate::common::special_files::fifo(&dir, "pipe.svg");
    let err = fails(&["render", "migong", "--svg", fifo.to_str().unwrap()]);
    assert!(
        err.contains("it is a FIFO (a named pipe), not a regular file"),
        "{err}"
    );
    assert!(file_type(&fifo).is_fifo());
    // A link to a picture in another folder: that picture is replaced, the link kept.
    let there = scratch("render-targets-there");
    std::fs::write(there.join("real.svg"), "old").unwrap();
    let picture = dir.join("picture.svg");
    std::os::unix::fs::symlink(there.join("real.svg"), &picture).unwrap();
    ok(&["render", "migong", "--svg", picture.to_str().unwrap()]);
    assert!(file_type(&picture).is_symlink());
    let drawn = std::fs::read_to_string(there.join("real.svg")).unwrap();
    assert!(drawn.starts_with("<svg"), "{drawn}");
    assert_eq!(crate::common::special_files::names_in(&there), ["real.svg"]);
    let left: Vec<String> = crate::common::special_files::names_in(&dir)
        .into_iter()
        .filter(|n| n != "null")
        .collect();
    let expected = ["link.svg", "my.game", "picture.svg", "pipe.svg"];
    assert_eq!(left, expected, "no temporary file is left");
    // Asked, it writes over the rule file.
    ok(&["render", game, "--svg", game, "--force"]);
    assert!(std::fs::read_to_string(&rules).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&there).unwrap();
}
