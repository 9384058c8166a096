//! The REPL end to end: scripts piped into `rulebook play` (and `--script`, `--load`,
//! `--resume`, `rulebook` alone), with transcripts snapshotted for every bundled game.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

use crate::common::bin;

/// A directory of its own for each test (autosave and records).
fn home(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rulebook-repl-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(home: &Path, args: &[&str], stdin: &str) -> Output {
    let mut command = bin::command(args);
    command
        .env_remove("NO_COLOR")
        .env("RULEBOOK_HOME", home)
        .current_dir(home);
    let out = bin::run_with_input(command, stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    out
}

fn stdout(out: &Output) -> String {
    bin::text(&out.stdout)
}

fn stderr(out: &Output) -> String {
    bin::text(&out.stderr)
}

/// Runs a script that must succeed; returns the transcript (with the home directory's
/// path replaced by `HOME`, so that snapshots are the same everywhere).
fn transcript(test: &str, args: &[&str], script: &str) -> String {
    let h = home(test);
    let out = run(&h, args, script);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let t = stdout(&out).replace(h.to_str().unwrap(), "HOME");
    assert!(
        !t.contains('\x1b'),
        "no colour when output is not a terminal"
    );
    std::fs::remove_dir_all(h).unwrap();
    t
}

#[test]
fn gundru_transcript_with_commands() {
    let t = transcript(
        "gundru",
        &["play", "gundru", "--seed", "1"],
        "help\nmoves\ni2-e2\nmoves\nhistory\nundo\nredo\nai white easy\ne2-e5\nhistory\nboard\nquit\n",
    );
    assert!(t.contains("white (easy) plays"), "{t}");
    assert!(
        t.contains("(a script does not autosave"),
        "quit in a script does not autosave: {t}"
    );
    insta::assert_snapshot!("gundru", t);
}

#[test]
fn ming_mang_transcript_with_forgiving_and_refused_moves() {
    let h = home("ming-mang");
    let out = run(
        &h,
        &["play", "ming-mang", "--preset", "8x8"],
        "h2-c2\nb1\na7\na2\nh3-a3\nzz\nset lone-jump=on\nshow\nquit\n",
    );
    // Refused lines: the script goes on, and exits with 1 at its end.
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("some lines were refused"));
    let t = stdout(&out).replace(h.to_str().unwrap(), "HOME");
    assert!(t.contains("is ambiguous: it could be"), "{t}");
    assert!(
        t.contains("last move: a2-b2 by white"),
        "an origin alone: {t}"
    );
    assert!(t.contains("is not legal"), "{t}");
    insta::assert_snapshot!("ming-mang-8x8", t);
}

/// A move the rules allow but `forbid leaving` refuses is explained by the condition and
/// where it is written, not as a repetition: in xiangqi, black's soldier on e6 is the only
/// piece between red's cannon (screened by red's soldier on e5) and black's general.
#[test]
fn xiangqi_a_move_leaving_the_general_attacked_is_refused_with_the_rule() {
    let h = home("xiangqi");
    let out = run(
        &h,
        &["play", "xiangqi"],
        "b3-e3\ne7-e6\ne4-e5\ne6-e5\nquit\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let t = stdout(&out);
    assert!(
        t.contains(
            "error: e6-e5 is not legal: it would leave `attacked(mover, general)` true for \
             black (`forbid leaving`, xiangqi.game:57)"
        ),
        "{t}"
    );
    assert!(!t.contains("repeat an earlier position"), "{t}");
}

#[test]
fn a_promotion_typed_without_its_kind_asks_which_and_the_next_line_answers() {
    let h = home("promotion");
    let position = "4k3/P7/8/8/8/8/8/4K3 white";
    let script = "a7-a8\nx\n\na7-a8\nknight\nundo\na7-a8\nmoves\nA7-A8\nq\ntext\n";
    let out = run(&h, &["play", "chess", "--position", position], script);
    let t = stdout(&out);
    let asked = "a7-a8: the piece becomes which? queen (Q), rook (R), bishop (B), knight (N)";
    assert_eq!(t.matches(asked).count(), 4, "{t}");
    assert!(
        t.contains("a7-a8=? (Q R B N)> x\nerror: `x` is none of the choices"),
        "{t}"
    );
    assert!(t.contains("a7-a8=? (Q R B N)> \nno move played"), "{t}");
    assert!(t.contains("last move: a7-a8=N by white"), "{t}");
    assert!(
        t.contains("a7-a8=? (Q R B N)> moves\n9 legal moves:"),
        "a command drops the choice"
    );
    assert!(t.contains("last move: a7-a8=Q by white"), "{t}");
    assert!(t.contains("position: Q3k3/8/8/8/8/8/8/4K3 black\n"), "{t}");
    assert!(t.contains("fen: Q3k3/8/8/8/8/8/8/4K3 b - - 0 1\n"), "{t}");
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn undo_takes_a_move_back_with_the_throw_after_it_and_a_throw_is_never_typed() {
    let h = home("throws");
    let script = "d1\nundo\nmoves\nundo\nroll:4\n\nmoves\n";
    let out = run(&h, &["play", "ur", "--seed", "3"], script);
    let t = stdout(&out);
    assert!(t.contains("north throws 1 (roll:1)\nnorth> undo"), "{t}");
    assert!(
        t.contains("south> moves\n1 legal move: d1\nsouth> undo"),
        "back to south's throw: {t}"
    );
    assert!(
        t.contains(
            "south> roll:4\nerror: the dice are thrown, not chosen: an empty line throws them"
        ),
        "{t}"
    );
    assert!(t.contains("south> \nsouth throws 1 (roll:1)"), "{t}");
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn the_text_command_writes_fen_going_on_from_the_fen_given() {
    let h = home("fen-text");
    let position = "4k3/8/8/8/8/8/8/4K2R w K - 12 40";
    let out = run(
        &h,
        &["play", "chess", "--position", position],
        "fen\nh1-h2\nfen\n",
    );
    let t = stdout(&out);
    assert!(t.contains("fen: 4k3/8/8/8/8/8/8/4K2R w K - 12 40\n"), "{t}");
    assert!(
        t.contains("position: 4k3/8/8/8/8/8/7R/4K3 black unmoved=e1 clock=13\n"),
        "{t}"
    );
    assert!(t.contains("fen: 4k3/8/8/8/8/8/7R/4K3 b - - 13 40\n"), "{t}");
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn mangala_finished_game_between_two_computers() {
    let t = transcript(
        "mangala",
        &["play", "mangala", "--seed", "1"],
        "ai both easy\nhistory\nquit\n",
    );
    assert!(t.contains("game over: "), "{t}");
    insta::assert_snapshot!("mangala", t);
}

#[test]
fn mangala_castle_finished_game_with_another_seed() {
    let t = transcript(
        "castle",
        &["play", "mangala", "--preset", "castle", "--seed", "2"],
        "ai south strong\nai north easy\nhistory\n",
    );
    assert!(t.contains("game over: "), "{t}");
    insta::assert_snapshot!("mangala-castle", t);
}

#[test]
fn migong_swap_then_a_finished_game_between_two_computers() {
    let h = home("migong");
    let out = run(
        &h,
        &["play", "migong", "--seed", "1"],
        "d4:BYYBBY\nswap\nc4:YBBBBB\nai both easy\nquit\n",
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "a refused line: exit 1 at the end"
    );
    let t = stdout(&out).replace(h.to_str().unwrap(), "HOME");
    assert!(t.contains("the players have swapped sides"), "{t}");
    assert!(
        t.contains("is not legal"),
        "c4's east side faces d4's west wedge: {t}"
    );
    assert!(t.contains("game over: "), "{t}");
    insta::assert_snapshot!("migong", t);
}

#[test]
fn script_file_option_and_end_of_input() {
    let h = home("script");
    std::fs::write(h.join("s.txt"), "i2-e2\n").unwrap();
    let out = run(&h, &["play", "gundru", "--script", "s.txt"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    assert!(t.contains("black> i2-e2"), "{t}");
    assert!(t.contains("(end of input)"), "{t}");
    assert!(t.contains("a script does not autosave"), "{t}");
    assert!(!h.join("autosaves").exists(), "{t}");
    let out = run(&h, &["play", "gundru", "--script", "missing.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read `missing.txt`"));
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn save_then_load_and_resume() {
    let h = home("resume");
    // A game a person left (autosaved at a terminal; here saved where autosaves go).
    let slot = "autosaves/20260101-120000-gundru.yaml";
    std::fs::create_dir_all(h.join("autosaves")).unwrap();
    let out = run(
        &h,
        &["play", "gundru"],
        &format!("i2-e2\nsave g.yaml\na2-d2\nsave {slot}\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let record = std::fs::read_to_string(h.join("g.yaml")).unwrap();
    for field in ["game: gundru", "- i2-e2", "result: unfinished", "date: "] {
        assert!(record.contains(field), "{field} missing from:\n{record}");
    }
    // --load goes on from the saved move; --resume from the newest autosave.
    let out = run(&h, &["play", "--load", "g.yaml"], "history\n");
    assert!(
        stdout(&out).contains("  1. black i2-e2\n(end of input)"),
        "{}",
        stdout(&out)
    );
    let out = run(&h, &["play", "--resume"], "history\n");
    let t = stdout(&out);
    assert!(t.contains("  2. white a2-d2"), "{t}");
    // A script (this one and the one before) leaves the person's autosave alone.
    let out = run(&h, &["play", "mangala"], "3\nquit\n");
    assert!(stdout(&out).contains("a script does not autosave"));
    let slots: Vec<_> = std::fs::read_dir(h.join("autosaves")).unwrap().collect();
    assert_eq!(slots.len(), 1, "{slots:?}");
    // `rulebook saves` lists them, newest first; `--resume N` picks one.
    std::fs::copy(
        h.join("g.yaml"),
        h.join("autosaves/20260102-090000-gundru.yaml"),
    )
    .unwrap();
    let out = run(&h, &["saves"], "");
    let t = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let first = t.find("  1. ").expect("numbered");
    let second = t.find("  2. ").expect("numbered");
    assert!(
        t[first..second].contains(" gundru, 1 move, white to move\n")
            && t[second..].contains(" gundru, 2 moves, black to move\n"),
        "{t}"
    );
    let out = run(&h, &["play", "--resume", "2"], "history\n");
    assert!(
        stdout(&out).contains("  2. white a2-d2"),
        "{}",
        stdout(&out)
    );
    let out = run(&h, &["play", "--resume"], "history\n");
    assert!(
        stdout(&out).contains("  1. black i2-e2\n(end"),
        "{}",
        stdout(&out)
    );
    let out = run(&h, &["play", "--resume", "3"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no autosave number 3 (there are 2"),
        "{}",
        stderr(&out)
    );
    // A corrupt record: a clear message, exit 1.
    std::fs::write(h.join("bad.yaml"), "game: [\n").unwrap();
    let out = run(&h, &["play", "--load", "bad.yaml"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("`bad.yaml` is not a game record"),
        "{}",
        stderr(&out)
    );
    // Nothing to resume.
    let empty = home("resume-none");
    let out = run(&empty, &["play", "--resume"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no autosaved game"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}

#[test]
fn no_arguments_offers_the_bundled_games() {
    let h = home("choose");
    // The list numbers the bundled games in name order.
    let names: Vec<&str> = rulebook::catalog::BUNDLED.iter().map(|b| b.name).collect();
    let number = names
        .iter()
        .position(|&n| n == "ming-mang")
        .expect("bundled")
        + 1;
    let out = run(&h, &[], &format!("{number}\nquit\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    for (i, name) in names.iter().enumerate() {
        assert!(t.contains(&format!("{}. {name}", i + 1)), "{t}");
    }
    assert!(t.contains("Ming Mang"), "{t}");
    assert!(t.contains("ming-mang (presets: "), "{t}");
    // A bad choice is asked again; a preset may follow the game.
    let beyond = names.len() + 1;
    let out = run(
        &h,
        &[],
        &format!("{beyond}\nming\n\nming-mang nine\n{number} 8x8\nquit\n"),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    assert!(t.contains(&format!("no game number {beyond}")), "{t}");
    assert!(t.contains("unknown game `ming`"), "{t}");
    assert!(t.contains("type a game's number or name"), "{t}");
    assert!(t.contains("nine"), "the preset's error: {t}");
    assert_eq!(t.matches("game (a number or a name").count(), 5, "{t}");
    assert!(t.contains("Ming Mang (preset 8x8: size=8"), "{t}");
    let out = run(&h, &[], "ming-mang 9x9 extra\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no game chosen"));
    let out = run(&h, &[], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no game chosen"));
    // The choice is one bounded line, like a script's.
    let out = run(&h, &[], &"x".repeat(5000));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the choice is longer than 4096 bytes"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn play_without_a_game_offers_them_and_keeps_its_other_options() {
    let h = home("play-choose");
    let args = ["play", "--ai", "white:easy", "--seed", "4"];
    let out = run(&h, &args, "gundru\ni2-e2\nai\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    assert!(t.contains("choose a game to play"), "{t}");
    assert!(
        t.contains("white (easy) plays "),
        "the computer plays white: {t}"
    );
    assert!(t.contains("its searches' seed: 4"), "{t}");
    // What belongs to a game needs the game named.
    for option in [
        &["--set", "size=9"][..],
        &["--preset", "8x8"],
        &["--moves", "i2-e2"],
        &["--script", "moves.txt"],
    ] {
        // Refused before any input is read: none is given (a write would meet a closed pipe).
        let out = run(&h, &[&["play"][..], option].concat(), "");
        assert_eq!(out.status.code(), Some(1), "{option:?}");
        let e = stderr(&out);
        assert!(
            e.contains(&format!("{} needs a game: `rulebook play GAME", option[0])),
            "{e}"
        );
        assert!(!stdout(&out).contains("choose a game"), "{option:?}");
    }
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn think_measures_the_computer_against_its_budget() {
    let h = home("think");
    let out = run(
        &h,
        &[
            "think",
            "mangala",
            "--level",
            "easy",
            "--positions",
            "3",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let r: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(r["level"], "easy");
    assert_eq!(r["moves"], 3);
    assert_eq!(r["iterations"], 2000);
    assert_eq!(r["mean_depth"], 1.0, "easy looks one ply ahead");
    assert!(r["max_seconds"].as_f64().unwrap() >= r["mean_seconds"].as_f64().unwrap());
    let out = run(&h, &["think", "mangala", "--level", "genius"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the levels are easy, medium, strong"));
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn a_users_rule_file_is_played_saved_and_resumed_like_a_bundled_game() {
    let h = home("user-file");
    let file = std::env::current_dir()
        .unwrap()
        .join("tests/fixtures/valid/kalah.game");
    let file = file.to_str().unwrap();
    let out = run(&h, &["play", file], "moves\nai both easy\nsave k.yaml\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    assert!(t.contains("6 legal moves: 1 2 3 4 5 6"), "{t}");
    assert!(t.contains("game over: "), "{t}");
    let record = std::fs::read_to_string(h.join("k.yaml")).unwrap();
    assert!(record.contains(&format!("game: {file}")), "{record}");
    assert!(!record.contains("result: unfinished"), "{record}");
    let out = run(&h, &["play", "--load", "k.yaml"], "history\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("game over> history\n  1. south "),
        "{}",
        stdout(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
}

/// Runs `rulebook play` on a script file, failing the test if it has not ended in 10 s.
fn run_script_within_10_s(h: &Path, game: &str, script: &Path) -> Output {
    let mut command = bin::command(["play", game, "--script"]);
    command.arg(script).env("RULEBOOK_HOME", h).current_dir(h);
    bin::run_within(command, Duration::from_secs(10)).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(unix)]
#[test]
fn an_endless_script_line_is_refused_at_once() {
    // Issue 15: `--script /dev/zero` once read into memory without end.
    let h = home("dev-zero");
    let out = run_script_within_10_s(&h, "ming-mang", Path::new("/dev/zero"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("error: line 1 of the input is longer than 4096 bytes"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn a_long_line_and_bad_utf8_are_refused_with_their_line_number() {
    let h = home("bad-lines");
    let long = format!("board\n{}\nquit\n", "x".repeat(4097));
    std::fs::write(h.join("long.txt"), long).unwrap();
    let out = run_script_within_10_s(&h, "gundru", &h.join("long.txt"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("error: line 2 of the input is longer than 4096 bytes"),
        "{}",
        stderr(&out)
    );
    // A line of exactly 4096 bytes is read (and refused as a move, not as a line).
    std::fs::write(
        h.join("edge.txt"),
        format!("{}\r\nquit\n", "x".repeat(4096)),
    )
    .unwrap();
    let out = run_script_within_10_s(&h, "gundru", &h.join("edge.txt"));
    assert!(!stderr(&out).contains("longer than"), "{}", stderr(&out));
    assert!(stdout(&out).contains("black> xxxx"), "{}", stdout(&out));
    std::fs::write(h.join("latin1.txt"), b"board\nhistory\n\xe9t\xe9\nquit\n").unwrap();
    let out = run_script_within_10_s(&h, "gundru", &h.join("latin1.txt"));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("error: line 3 of the input is not UTF-8 text"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn the_computer_is_set_up_from_the_command_line() {
    let h = home("ai-flag");
    let args = [
        "play",
        "gundru",
        "--ai",
        "white:easy",
        "--iterations",
        "5",
        "--seed",
        "4",
    ];
    let out = run(&h, &args, "i2-e2\nai\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let t = stdout(&out);
    // `--iterations 5` bounds the search below easy's own 2,000 positions (the first
    // depth is always searched to its end, so a few more than 5 are counted).
    let counted: usize = t
        .split("white (easy) plays ")
        .nth(1)
        .and_then(|rest| rest.split('(').nth(1))
        .and_then(|n| n.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the computer's move and its count: {t}"));
    assert!(counted < 2000, "{counted} positions: {t}");
    assert!(
        t.contains("the computer plays white (easy)\nits searches' seed: 4"),
        "{t}"
    );
    // The same seed plays the same moves.
    assert_eq!(stdout(&run(&h, &args, "i2-e2\nai\n")), t);
    // Without a seed, each game has its own.
    let seed = |out: &Output| {
        let t = stdout(out);
        let at = t.find("seed: ").expect("the seed is shown") + 6;
        t[at..].split_whitespace().next().unwrap().to_string()
    };
    let both = ["play", "mangala", "--ai", "both:easy", "--iterations", "3"];
    let (a, b) = (run(&h, &both, "ai\n"), run(&h, &both, "ai\n"));
    assert!(stdout(&a).contains("game over: "), "{}", stdout(&a));
    assert_ne!(seed(&a), seed(&b));
    for (flag, message) in [
        ("green:easy", "--ai green:easy: no side `green`"),
        (
            "white:genius",
            "no level `genius`; the levels are easy, medium, strong",
        ),
    ] {
        let out = run(&h, &["play", "gundru", "--ai", flag], "");
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
    let out = run(&h, &["play", "gundru", "--think", "0"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    std::fs::remove_dir_all(h).unwrap();
}

#[test]
fn the_autosave_of_an_earlier_version_is_kept_as_a_slot() {
    let h = home("legacy");
    let out = run(&h, &["play", "gundru"], "i2-e2\nsave autosave.yaml\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&h, &["saves"], "");
    let t = stdout(&out);
    assert!(
        t.contains("  1. ") && t.contains(" gundru, 1 move, white to move"),
        "{t}"
    );
    assert!(!h.join("autosave.yaml").exists(), "moved into the folder");
    let out = run(&h, &["play", "--resume"], "history\n");
    assert!(
        stdout(&out).contains("  1. black i2-e2"),
        "{}",
        stdout(&out)
    );
    std::fs::remove_dir_all(h).unwrap();
}

/// Issue 52: `save` and `svg` over the rule file being played turned it into a record or
/// a picture, `save /dev/full` (as root) replaced the device, and a symbolic link was
/// replaced by a file. Each is refused with the file named, the file left as it was. A
/// record loaded is saved over (that is what saving a loaded game is for), not drawn
/// over; a link is followed, and the record written where it leads loads.
#[cfg(unix)]
#[test]
fn save_and_svg_replace_only_regular_files_and_never_the_rule_file() {
    use std::os::unix::fs::FileTypeExt as _;
    let file_type = |p: &Path| std::fs::symlink_metadata(p).unwrap().file_type();
    let h = home("safe-outputs");
    let rules = std::fs::read_to_string("tests/fixtures/valid/kalah.game").unwrap();
    std::fs::write(h.join("my.game"), &rules).unwrap();
    crate::common::special_files::fifo(&h, "pipe.svg");
    let device = crate::common::special_files::null_device(&h, "null");
    std::fs::create_dir(h.join("records")).unwrap();
    std::os::unix::fs::symlink("records/real.yaml", h.join("link.yaml")).unwrap();
    let mut script = String::from("1\nsave my.game\nsvg my.game\nsvg pipe.svg\n");
    if let Some(device) = &device {
        script += &format!("save {}\n", device.display());
    }
    script += "save link.yaml\nload link.yaml\nsvg link.yaml\nsave link.yaml\nsvg board.svg\n";
    let out = run(&h, &["play", "my.game"], &script);
    assert_eq!(
        out.status.code(),
        Some(1),
        "refused lines: {}",
        stderr(&out)
    );
    let t = stdout(&out);
    let mut replies = vec![
        "error: cannot write `my.game`: it was read as a rule file and would be replaced by \
         a game record; choose another file"
            .to_string(),
        "error: cannot write `my.game`: it was read as a rule file and would be replaced by \
         a picture; choose another file"
            .to_string(),
        "error: cannot write `pipe.svg`: it is a FIFO (a named pipe), not a regular file".into(),
        "saved 1 move to link.yaml\n".into(),
        "loaded link.yaml (1 move)".into(),
        "error: cannot write `link.yaml` (a link to `records/real.yaml`): it was read as a \
         game record and would be replaced by a picture; choose another file"
            .into(),
        "drew the position in board.svg".into(),
    ];
    if let Some(device) = &device {
        replies.push(format!(
            "error: cannot write `{}`: it is a device, not a regular file",
            device.display()
        ));
        assert!(file_type(device).is_char_device());
    }
    for reply in replies {
        assert!(t.contains(&reply), "no `{reply}` in\n{t}");
    }
    assert_eq!(t.matches("saved 1 move to link.yaml").count(), 2, "{t}");
    assert_eq!(std::fs::read_to_string(h.join("my.game")).unwrap(), rules);
    assert!(file_type(&h.join("pipe.svg")).is_fifo());
    assert!(file_type(&h.join("link.yaml")).is_symlink());
    let mut names: Vec<String> = std::fs::read_dir(&h)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "null")
        .collect();
    names.sort();
    let expected = ["board.svg", "link.yaml", "my.game", "pipe.svg", "records"];
    assert_eq!(names, expected, "no temporary file is left");
    // The record where the link leads names the rule file so that it loads.
    let out = run(&h, &["play", "--load", "records/real.yaml"], "history\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("  1. south 1"), "{}", stdout(&out));
    std::fs::remove_dir_all(h).unwrap();
}
