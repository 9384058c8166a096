//! `rulebook test` and `rulebook snapshot` end to end (the built binary): the scenario files
//! of `tests/scenarios/` and the bundled games' snapshots pass; failures are reported with
//! their diff and a non-zero exit; bad scenario files get a message with their place.

use std::path::{Path, PathBuf};

use crate::common::bin::{self, text};

/// A fresh folder for one test, removed when it ends.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("rulebook-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("the file is written");
        path.to_string_lossy().into_owned()
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `rulebook test` expecting failure (exit 1, no panic); returns stdout and stderr.
fn test_fails(args: &[&str]) -> (String, String) {
    let mut all = vec!["test"];
    all.extend_from_slice(args);
    let out = bin::run(&all);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(1),
        "{all:?} should exit 1\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{all:?} panicked:\n{stderr}");
    (stdout, stderr)
}

#[test]
fn the_scenarios_and_the_bundled_snapshots_pass() {
    let out = bin::run(&["test", "tests/scenarios", "games"]);
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "rulebook test failed:\n{stdout}\n{}",
        text(&out.stderr)
    );
    // Every bundled game and preset has a scenario file, and every one was run.
    for file in [
        "gundru.yaml",
        "mangala.yaml",
        "mangala-castle.yaml",
        "ming-mang-traditional.yaml",
        "ming-mang-8x8.yaml",
        "ming-mang-go.yaml",
        "ming-mang-positions.yaml",
        "mangala-positions.yaml",
        "mangala-castle-positions.yaml",
        "migong-positions.yaml",
        "othello-positions.yaml",
        "brandubh-positions.yaml",
        "konane-positions.yaml",
        "konane-5x5-positions.yaml",
        "kalah-positions.yaml",
        "toguz-kumalak-positions.yaml",
        "oware-positions.yaml",
        "ayoayo-positions.yaml",
        "draughts-positions.yaml",
        "international-draughts-positions.yaml",
        "hasami-shogi-positions.yaml",
        "dai-hasami-shogi-positions.yaml",
        "nine-mens-morris-positions.yaml",
        "go-positions.yaml",
    ] {
        assert!(
            stdout.contains(&format!("tests/scenarios/{file}: ")),
            "{file} was not run:\n{stdout}"
        );
    }
    for snapshot in [
        "gundru",
        "mangala",
        "ming-mang",
        "othello",
        "brandubh",
        "konane",
        "hasami-shogi",
        "dai-hasami-shogi",
        "kalah",
        "toguz-kumalak",
        "oware",
        "ayoayo",
        "draughts",
        "international-draughts",
        "nine-mens-morris",
        "go",
        "xiangqi",
        "shogi",
        "hex",
        "pentago",
        "quoridor",
        "einstein-wurfelt-nicht",
        "havannah",
        "chinese-checkers",
        "chinese-checkers-3",
        "chinese-checkers-4",
        "chinese-checkers-6",
        "mensch-aergere-dich-nicht",
        "y",
        "lines-of-action",
        "surakarta",
    ] {
        assert!(
            stdout.contains(&format!("games/{snapshot}.snapshot: behaviour as recorded")),
            "{stdout}"
        );
    }
    assert!(
        stdout.contains(" 0 failed; 0 snapshots drifted"),
        "{stdout}"
    );
    assert!(!stdout.contains("FAIL"), "{stdout}");
}

#[test]
fn failing_expectations_are_reported_with_a_diff() {
    let dir = TempDir::new("failing");
    let path = dir.write(
        "wrong.yaml",
        r#"game: mangala
cases:
  - name: right
    legal_count: 6
  - name: all wrong
    moves: 4
    legal_count: 5
    legal_moves: [1, 2, 3, 4, 5, 7]
    legal: [7]
    illegal: [3, x]
    to_move: north
    outcome: south wins
    board: |
      north
      6    5    4    3    2    1
      [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]
      [ 0]                               [ 0]
      [ 4] [ 4] [ 4] [ 1] [ 5] [ 5]
      1    2    3    4    5    6
      south
  - name: a move that cannot be played
    moves: [4, 9]
    legal_count: 6
  - name: expects nothing
    moves: 1
  - name: a position that does not read
    position: 4,4,4|0/4,4,4,4,4,4|0 south
    legal_count: 6
  - name: a move from a position
    position: 0,0,0,0,0,1|0/1,0,0,0,0,0|0 south
    moves: 5
    legal_count: 1
"#,
    );
    let (stdout, _) = test_fails(&[&path]);
    assert!(stdout.contains("ok    right"), "{stdout}");
    assert!(
        stdout.contains("wrong.yaml:5)"),
        "the case's line:\n{stdout}"
    );
    for expected in [
        "legal_count: expected 5, found 6: 1 2 3 4 5 6",
        "- expected but not legal: 7",
        "+ legal but not expected: 6",
        "legal: `7` should be legal, but",
        "illegal: `3` should be illegal, but it is legal",
        "illegal: `x` is not a move: expected a pit number",
        "to_move: expected north, found south",
        "outcome: expected south wins, found none",
        "board differs (- expected, + actual):",
        "-[ 0]                               [ 0]",
        "+[ 0]                               [ 1]",
        "move 2 of `moves` cannot be played",
        "the case expects nothing",
        "position: bad position text: south's row: it has 3 pits; the board has 6 a row",
        "move 1 of `moves` cannot be played: 5 is not legal: pit 5 is empty",
    ] {
        assert!(
            stdout.contains(expected),
            "missing `{expected}` in:\n{stdout}"
        );
    }
    assert!(stdout.contains("1 case passed, 5 failed"), "{stdout}");
}

#[test]
fn bad_scenario_files_get_a_message_with_their_place() {
    let dir = TempDir::new("bad");
    let cases: &[(&str, &[u8], &str)] = &[
        (
            "typo.yaml",
            b"game: gundru\ncases:\n  - name: x\n    legal_cont: 3\n",
            "typo.yaml:4:5: this is not a valid scenario file: cases[0]: unknown field `legal_cont`",
        ),
        (
            "syntax.yaml",
            b"game: gundru\ncases: [\n",
            "syntax.yaml:3:1: this is not a valid scenario file",
        ),
        (
            "no-game.yaml",
            b"cases: []\n",
            "missing field `game`",
        ),
        ("empty.yaml", b"", "this is not a valid scenario file"),
        ("no-cases.yaml", b"game: gundru\ncases: []\n", "the scenario file has no cases"),
        (
            "unknown-game.yaml",
            b"game: gundri\ncases:\n  - name: x\n    legal_count: 1\n",
            "unknown game `gundri`",
        ),
        (
            "missing-file.yaml",
            b"game: nowhere/x.game\ncases:\n  - name: x\n    legal_count: 1\n",
            "cannot read",
        ),
        (
            "bad-preset.yaml",
            b"game: gundru\npreset: castle\ncases:\n  - name: x\n    legal_count: 1\n",
            "castle",
        ),
        (
            "bad-setting.yaml",
            b"game: gundru\nset: [size=99]\ncases:\n  - name: x\n    legal_count: 1\n",
            "size",
        ),
        ("binary.yaml", b"\xff\xfe\x00\x01", "not UTF-8 text"),
    ];
    for (name, contents, expected) in cases {
        let path = dir.write(name, contents);
        let (_, stderr) = test_fails(&[&path]);
        assert!(
            stderr.contains(expected),
            "{name}: expected `{expected}` in:\n{stderr}"
        );
    }
    // The whole folder: every file is reported, none stops the others.
    let (stdout, _) = test_fails(&[&dir.path().to_string_lossy()]);
    assert!(
        stdout.contains(&format!("{} files could not be run", cases.len())),
        "{stdout}"
    );

    let (_, stderr) = test_fails(&["no/such/path"]);
    assert!(stderr.contains("`no/such/path` does not exist"), "{stderr}");
    let (_, stderr) = test_fails(&["Cargo.toml"]);
    assert!(stderr.contains("is neither a scenario file"), "{stderr}");
    let empty = TempDir::new("empty-folder");
    let (_, stderr) = test_fails(&[&empty.path().to_string_lossy()]);
    assert!(stderr.contains("holds no scenario files"), "{stderr}");
}

#[test]
fn snapshots_catch_drift_and_update_accepts_it() {
    let dir = TempDir::new("snapshot");
    let rules = std::fs::read_to_string("games/ming-mang.game").expect("ming-mang.game");
    let game = dir.write("tiny.game", &rules);
    // A scenario beside the rule file finds it by a relative path.
    dir.write(
        "tiny.yaml",
        "game: tiny.game\nset: [size=5]\ncases:\n  - name: start\n    legal_count: 18\n",
    );

    let out = bin::run(&["snapshot", &game]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let snapshot = dir.path().join("tiny.snapshot");
    let recorded = std::fs::read_to_string(&snapshot).expect("the snapshot is written");
    assert!(recorded.contains("======== default ========"), "{recorded}");
    assert!(recorded.contains("-------- perft"), "{recorded}");
    assert!(recorded.contains("\n1 450\n2 195315\n"), "{recorded}");
    assert!(recorded.contains("golden game (seed 7"), "{recorded}");

    let folder = dir.path().to_string_lossy().into_owned();
    let out = bin::run(&["test", &folder]);
    assert!(out.status.success(), "{}", text(&out.stdout));

    // The designer changes the rules: the default preset's size goes from 17 to 7.
    let edited = rules.replace("default { size = 17 }", "default { size = 7 }");
    assert_ne!(edited, rules);
    std::fs::write(&game, edited).expect("edit");
    let (stdout, _) = test_fails(&[&folder]);
    assert!(
        stdout.contains("tiny.snapshot: behaviour drifted"),
        "{stdout}"
    );
    assert!(
        stdout.contains("-1 450\n-2 195315\n+1 50\n"),
        "the perft diff:\n{stdout}"
    );
    assert!(stdout.contains("1 snapshot drifted"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&snapshot).expect("snapshot"),
        recorded,
        "a plain test run must not write"
    );

    let out = bin::run(&["test", "--update", &folder]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("tiny.snapshot: updated"));
    let out = bin::run(&["test", &game]);
    assert!(out.status.success(), "{}", text(&out.stdout));

    // No temporary file is left beside the snapshot.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["tiny.game", "tiny.snapshot", "tiny.yaml"]);
}

#[test]
fn snapshot_refuses_what_it_cannot_write() {
    for (args, expected) in [
        (
            &["snapshot", "gundru"][..],
            "give the path of its rule file, e.g. `games/gundru.game`",
        ),
        (&["test", "/dev/null"][..], "is neither a file nor a folder"),
        (&["snapshot", "no/such.game"][..], "cannot read"),
        (&["test", "no/such.game"][..], "does not exist"),
    ] {
        let out = bin::run(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let dir = TempDir::new("orphan");
    let orphan = dir.write("lost.snapshot", "anything\n");
    let (_, stderr) = test_fails(&[&orphan]);
    assert!(stderr.contains("has no rule file beside it"), "{stderr}");
    let fresh = dir.write("fresh.game", std::fs::read("games/mangala.game").unwrap());
    let (_, stderr) = test_fails(&[&fresh]);
    assert!(stderr.contains("has no snapshot yet"), "{stderr}");
}

#[test]
fn a_variant_of_a_variant_takes_each_layer() {
    // Ming Mang <- Gundru (size 9, corner capture, lone jump, mirrored setup) <- this file
    // (size 7, no lone jump).
    let game =
        rulebook::pipeline::load("tests/fixtures/valid/variant-of-a-variant.game", None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
    assert_eq!(game.about.name, "Gundru 7");
    let settings: Vec<String> = game
        .about
        .settings
        .iter()
        .map(|s| format!("{}={}", s.name, s.value))
        .collect();
    assert_eq!(settings, ["size=7", "repetition=off", "corner=board"]);
    assert_eq!(game.moves.len(), 1, "only the slide is left");
    let mut state = rulebook::engine::State::new(game);
    // Gundru's setup: Black on the whole top rank (the corner a7 too, blocked by White's
    // a6), 5 x 5 + 5 x 5 moves.
    let mut moves = rulebook::engine::MoveList::new();
    state.legal_moves(&mut moves);
    assert_eq!(moves.len(), 50);
    assert!(rulebook::notation::parse_move(&mut state, "b7-b2").is_ok());
    assert!(rulebook::notation::parse_move(&mut state, "a7-a6").is_err());
}

#[test]
fn a_variant_restates_the_edge_colours_and_a_hand() {
    // With every board edge blue, Blue's 63 tiles fit: 84 inner cells x 63, 30 rim cells
    // x 16 and 6 rim corners x 8 (their edge wedges blue), 6 cells by the hole x 32.
    let dir = TempDir::new("migong-variant");
    let blue_rim = dir.write(
        "blue-rim.game",
        "extends \"migong\"\n\
         edges east blue, north-east blue, north-west blue, west blue, south-west blue, south-east blue\n",
    );
    // Blue's hand with all 64 patterns as well: the inner cells take 64.
    let full_hand = dir.write(
        "full-hand.game",
        "extends \"blue-rim.game\"\nhand blue: tiles\n",
    );
    for (file, first_moves) in [(&blue_rim, 6012), (&full_hand, 6096)] {
        let game = rulebook::pipeline::load(file, None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let state = rulebook::engine::State::new(game);
        let mut moves = rulebook::engine::MoveList::new();
        state.legal_moves(&mut moves);
        assert_eq!(moves.len(), first_moves, "{file}");
    }
}

#[cfg(unix)]
#[test]
fn folder_links_are_searched_once_each() {
    // 16 folders, each holding 4 links to the next: followed blindly, 4^15 paths (issue 15).
    let dir = TempDir::new("link-maze");
    let folder = |i: usize| dir.path().join(format!("d{i}"));
    for i in 0..16 {
        std::fs::create_dir(folder(i)).expect("a folder");
    }
    for i in 0..15 {
        for k in 0..4 {
            std::os::unix::fs::symlink(folder(i + 1), folder(i).join(format!("l{k}")))
                .expect("a link");
        }
    }
    // A link back to the top closes a loop as well.
    std::os::unix::fs::symlink(folder(0), folder(15).join("back")).expect("a link");
    let scenario = std::fs::read_to_string("tests/scenarios/gundru.yaml")
        .expect("a scenario file")
        .replace("game: ../../games/gundru.game", "game: gundru");
    std::fs::write(folder(15).join("gundru.yaml"), scenario).expect("the file is written");
    let top = folder(0);
    let command = bin::command(["test", &top.to_string_lossy()]);
    let out = bin::run_within(command, std::time::Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    // The scenario file is run once, though 4^15 paths lead to it.
    assert_eq!(stdout.matches("gundru.yaml").count(), 1, "{stdout}");
}

/// A game saved beside the scenarios is skipped when its folder is tested, and named as a
/// saved game when it is given as a scenario.
#[test]
fn a_saved_game_beside_the_scenarios_is_skipped() {
    let dir = TempDir::new("saved-beside");
    dir.write(
        "walk.yaml",
        "game: gundru\ncases:\n  - name: start\n    legal_count: 98\n",
    );
    let record = dir.write(
        "saved.yaml",
        "game: gundru\nmoves:\n- i2-e2\nresult: unfinished\n",
    );
    let out = bin::run(&["test", &dir.path().to_string_lossy()]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("saved.yaml: a saved game, not a scenario: skipped"),
        "{stdout}"
    );
    assert!(stdout.contains("1 case passed"), "{stdout}");
    let (_, stderr) = test_fails(&[&record]);
    assert!(stderr.contains("it is a saved game"), "{stderr}");
}
