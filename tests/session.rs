//! The REPL's engine (`repl::Session`) command by command: string in, string out, no
//! terminal.

use std::path::PathBuf;
use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::{Player, Site};
use rulebook::notation;
use rulebook::record::GameSpec;
use rulebook::repl::{Options, Session};
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rulebook-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn session(game: &str, sets: &[&str], autosave: Option<PathBuf>) -> Session {
    let setup = GameSpec {
        game: game.into(),
        preset: None,
        sets: sets.iter().map(|s| s.to_string()).collect(),
    };
    let options = Options {
        autosave,
        seed: 3,
        ..Options::default()
    };
    Session::new(setup, options).unwrap()
}

fn ok(s: &mut Session, line: &str) -> String {
    let r = s.handle(line);
    assert!(!r.error, "`{line}` was refused: {}", r.text);
    r.text
}

fn refused(s: &mut Session, line: &str) -> String {
    let r = s.handle(line);
    assert!(r.error, "`{line}` was accepted: {}", r.text);
    // A rule-file or settings diagnostic carries its code: `error[E0704]: ...`.
    assert!(
        r.text.starts_with("error: ") || r.text.starts_with("error["),
        "{}",
        r.text
    );
    r.text
}

fn texts(s: &Session) -> Vec<String> {
    s.state()
        .moves_played()
        .map(|m| notation::move_text(s.state(), m))
        .collect()
}

#[test]
fn help_and_moves() {
    let mut s = session("ming-mang", &["size=4"], None);
    assert!(ok(&mut s, "help").contains("save FILE"));
    assert!(ok(&mut s, "? undo").contains("take back"));
    assert!(refused(&mut s, "help fly").contains("no command `fly`"));
    assert_eq!(
        ok(&mut s, "moves"),
        "8 legal moves: d2-b2 d2-c2 d3-b3 d3-c3 b4-b2 b4-b3 c4-c2 c4-c3\n"
    );
    assert_eq!(ok(&mut s, "m"), ok(&mut s, "legal"));
    assert!(ok(&mut s, "   ").is_empty());
}

#[test]
fn moves_canonical_forgiving_ambiguous_and_illegal() {
    let mut s = session("ming-mang", &["size=4"], None);
    let view = ok(&mut s, "d2-c2");
    assert!(view.contains("last move: d2-c2 by black"), "{view}");
    assert!(view.contains("to move: white"), "{view}");
    // An origin alone, when that piece has one move only; any case.
    ok(&mut s, "A2");
    assert_eq!(texts(&s), ["d2-c2", "a2-b2"]);

    let e = refused(&mut s, "c3");
    assert!(
        e.contains("ambiguous") && e.contains("d3-c3") && e.contains("c4-c3"),
        "{e}"
    );
    let e = refused(&mut s, "d3-a3");
    assert!(e.contains("d3-a3 is not legal"), "{e}");
    let e = refused(&mut s, "zz");
    assert!(e.contains("not a move") && e.contains("`moves`"), "{e}");
    let e = refused(&mut s, "a1");
    assert!(
        e.contains("no legal move of black starts or ends at `a1`"),
        "{e}"
    );
    assert_eq!(s.state().ply(), 2, "refused moves change nothing");
    // A destination alone, when one piece only can go there.
    let setup = GameSpec {
        game: "ming-mang".into(),
        preset: None,
        sets: vec!["size=4".into()],
    };
    let game = Arc::clone(s.state().game());
    let cells = rulebook::render::parse_diagram(&game, ". . . B\n. . . .\n. . . .\nW . . .\n");
    let state = State::with_cells(game, cells.unwrap(), Player::FIRST);
    let mut lone = Session::with_state(setup, state, Options::default());
    ok(&mut lone, "d1");
    assert_eq!(texts(&lone), ["d4-d1"]);
}

/// A point typed where the game places pieces is a placement: its refusal gives the rule's
/// reason (Go's suicide), not the words for a piece that moves from or to it.
#[test]
fn a_refused_placement_keeps_its_reason() {
    let game = rulebook::pipeline::load("go", Some("9x9"), &[]).unwrap();
    let state = notation::parse_position(&game, "9/9/9/9/9/9/9/B8/1B7 white").unwrap();
    let setup = GameSpec {
        game: "go".into(),
        preset: Some("9x9".into()),
        sets: Vec::new(),
    };
    let mut s = Session::with_state(setup, state, Options::default());
    let e = refused(&mut s, "a1");
    assert!(
        e.contains("a1 is not legal") && e.contains("without a liberty"),
        "{e}"
    );
    assert!(refused(&mut s, "b1").contains("b1 is not empty"));
    assert_eq!(s.state().ply(), 0, "refused moves change nothing");
}

/// A placement refused by the rules' clauses says which: the region of every placement
/// rule, or the neighbour a rule asks for (Connect Four's disc on a disc).
#[test]
fn a_placement_refused_by_its_clauses_says_which() {
    let dir = temp_dir("drop");
    let path = dir.join("drop.game");
    std::fs::write(
        &path,
        "// Discs drop into columns.\ngame \"Drop\"\nplayers red, yellow\n\
         board grid 4 by 4\npiece disc\nmove place disc in rank(1)\n\
         move place disc next to piece along south\nend when line(mover) >= 3: mover wins\n\
         end when no legal move: draw\n",
    )
    .unwrap();
    let mut s = session(path.to_str().unwrap(), &[], None);
    let e = refused(&mut s, "b3");
    assert!(
        e.contains("a piece placed on b3 needs a piece next to it (along south)"),
        "{e}"
    );
    let dir = temp_dir("corner");
    let path = dir.join("corner.game");
    std::fs::write(
        &path,
        "// Only the corners.\ngame \"Corner\"\nplayers red, yellow\nboard grid 3 by 3\n\
         piece disc\nmove place disc in corners\nend when no legal move: draw\n",
    )
    .unwrap();
    let mut s = session(path.to_str().unwrap(), &[], None);
    let e = refused(&mut s, "b2");
    assert!(e.contains("no placement rule places a piece on b2"), "{e}");
}

#[test]
fn undo_and_redo() {
    let mut s = session("ming-mang", &["size=4"], None);
    refused(&mut s, "undo");
    refused(&mut s, "redo");
    ok(&mut s, "d2-c2");
    ok(&mut s, "a3-b3");
    ok(&mut s, "undo 2");
    assert_eq!(s.state().ply(), 0);
    ok(&mut s, "redo");
    assert_eq!(texts(&s), ["d2-c2"]);
    ok(&mut s, "r");
    assert_eq!(texts(&s), ["d2-c2", "a3-b3"]);
    ok(&mut s, "u");
    ok(&mut s, "a2-b2");
    refused(&mut s, "redo");
}

#[test]
fn new_preset_and_set_start_again_and_keep_the_game_on_error() {
    let dir = temp_dir("restart");
    let mut s = session("ming-mang", &["size=4"], Some(dir.clone()));
    ok(&mut s, "d2-c2");
    let out = ok(&mut s, "new");
    assert!(out.contains("unsaved moves kept in"), "{out}");
    assert_eq!(s.state().ply(), 0);
    let slots = rulebook::repl::autosave::list(&dir);
    assert_eq!(slots.len(), 1);
    assert_eq!(slots[0].record.moves, ["d2-c2"]);
    ok(&mut s, "set size=5");
    assert_eq!(s.state().game().board.width, 5);
    ok(&mut s, "set corner=board");
    assert_eq!(s.state().game().board.width, 5, "set keeps other settings");
    let e = refused(&mut s, "set size=99");
    assert!(!e.contains("error: error:"), "{e}");
    assert!(e.contains("current game is kept"), "{e}");
    assert_eq!(s.state().game().board.width, 5);
    ok(&mut s, "preset 8x8");
    assert_eq!(s.state().game().board.width, 8);
    assert!(refused(&mut s, "preset nine").contains("current game is kept"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_computer_plays_a_side() {
    let mut s = session("ming-mang", &["size=4"], None);
    assert!(ok(&mut s, "ai").contains("plays no side"));
    assert!(refused(&mut s, "ai green").contains("the sides are black, white"));
    assert!(refused(&mut s, "ai white genius").contains("easy, medium, strong"));
    // The computer takes black, who is to move: it moves at once.
    let out = ok(&mut s, "ai black easy");
    assert!(out.contains("the computer plays black (easy)"), "{out}");
    assert!(out.contains("black (easy) plays "), "{out}");
    assert_eq!(s.state().ply(), 1);
    // White (a person) moves; the computer answers for black.
    let mut moves = MoveList::new();
    s.state().clone().legal_moves(&mut moves);
    let white = notation::move_text(s.state(), moves[0]);
    let out = ok(&mut s, &white);
    assert!(out.contains("black (easy) plays "), "{out}");
    assert_eq!(s.state().ply(), 3);
    ok(&mut s, "ai off");
    assert!(ok(&mut s, "ai").contains("plays no side"));
    // Both sides: it plays a game to its end.
    let mut m = session("mangala", &[], None);
    let out = ok(&mut m, "ai both easy");
    assert!(out.contains("game over: "), "{out}");
    assert!(m.state().clone().outcome().is_some());
}

#[test]
fn undo_against_the_computer_goes_back_to_the_persons_turn() {
    let mut s = session("gundru", &[], None);
    ok(&mut s, "ai white easy");
    let out = ok(&mut s, "i2-e2");
    assert!(out.contains("white (easy) plays"), "{out}");
    assert_eq!(s.state().ply(), 2);
    ok(&mut s, "undo");
    assert_eq!(s.state().ply(), 0, "back to black's turn");
    ok(&mut s, "redo");
    assert_eq!(s.state().ply(), 2, "redo replays the computer's move too");
    ok(&mut s, "ai off");
    ok(&mut s, "undo");
    assert_eq!(s.state().ply(), 1, "without the computer, one move");
}

/// On a terminal (a width known) each move of a hint is broken at word ends to its width,
/// the words going on indented; elsewhere a move keeps one line.
#[test]
fn a_hint_is_broken_at_word_ends_to_the_terminals_width() {
    let hint_at = |width: Option<usize>| {
        let setup = GameSpec {
            game: "othello".into(),
            preset: None,
            sets: vec![],
        };
        let options = Options {
            seed: 3,
            width,
            iterations: Some(20_000),
            ..Options::default()
        };
        let mut s = Session::new(setup, options).unwrap();
        ok(&mut s, "hint")
    };
    let whole = hint_at(None);
    assert_eq!(whole.lines().count(), 4, "{whole}");
    assert!(whole.lines().any(|l| l.chars().count() > 60), "{whole}");
    let broken = hint_at(Some(60));
    assert!(broken.lines().count() > 4, "{broken}");
    for line in broken.lines().skip(1) {
        assert!(line.chars().count() <= 60, "{broken}");
        assert!(line.starts_with("  "), "{broken}");
    }
    // The moves' words (the first line, the search's, may differ in its time).
    let words = |text: &str| {
        let moves = text.lines().skip(1).collect::<Vec<_>>().join(" ");
        moves
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&broken), words(&whole), "the same words");
}

#[test]
fn hint_and_history_and_extra_turns() {
    let mut s = session("mangala", &[], None);
    assert_eq!(ok(&mut s, "history"), "no moves yet\n");
    let hint = ok(&mut s, "hint");
    assert!(hint.starts_with("hint (medium, "), "{hint}");
    assert_eq!(
        hint.lines().count(),
        4,
        "the best move, then three moves: {hint}"
    );
    assert_eq!(s.state().ply(), 0, "a hint plays nothing");
    // Pit 4 ends in the store: south moves again.
    ok(&mut s, "4");
    ok(&mut s, "1");
    assert_eq!(ok(&mut s, "history"), "  1. south 4\n  2. south 1\n");
}

/// The issue's free capture: in Ming Mang 8x8 after `h3-b3`, `c1-c3` takes b3 between a3
/// and c3 for nothing. `hint` at every level puts it first, in words, and the computer at
/// `medium` plays it.
#[test]
fn hint_and_medium_take_the_free_capture_in_ming_mang_8x8() {
    let mut s = session("ming-mang", &["size=8", "repetition=on"], None);
    ok(&mut s, "h3-b3");
    let hint = ok(&mut s, "hint");
    let lines: Vec<&str> = hint.lines().collect();
    assert!(lines[0].starts_with("hint (medium, "), "{hint}");
    assert!(lines[0].contains(": c1-c3  ("), "{hint}");
    assert_eq!(
        lines[1],
        "  c1-c3      gains 2 pieces with best replies (ahead by 2 pieces)"
    );
    assert!(lines[2].contains("keeps the balance"), "{hint}");
    for level in ["easy", "strong"] {
        let hint = ok(&mut s, &format!("hint {level}"));
        assert!(hint.contains(&format!("hint ({level}, ")), "{hint}");
        assert!(hint.lines().nth(1).unwrap().contains("c1-c3"), "{hint}");
    }
    assert!(refused(&mut s, "hint expert").contains("the levels are easy, medium, strong"));
    let out = ok(&mut s, "ai white medium");
    assert!(out.contains("white (medium) plays c1-c3"), "{out}");
}

/// Where the search stops before its last depth is done, the moves it reached at that
/// depth lead the hint, and the others say they were looked at less deep: on a 19x19
/// board scored by area (Go's rules without their capture, which the alpha-beta search
/// plays: Go itself is the tree search's, `tests/mcts.rs`), 700 iterations see every first
/// stone one ply ahead (each gains the whole empty board by area) and one two plies ahead
/// (the reply takes it all back); the hint checks the first ones from the other side and
/// names the reply.
#[test]
fn a_hint_says_which_moves_were_searched_less_deep() {
    let dir = temp_dir("area");
    let without = crate::common::go_without_capture();
    let path = dir.join("area.game");
    std::fs::write(&path, without).unwrap();
    let setup = GameSpec {
        game: path.to_string_lossy().into_owned(),
        preset: Some("19x19".into()),
        sets: vec![],
    };
    let options = Options {
        iterations: Some(700),
        seed: 3,
        ..Options::default()
    };
    let mut s = Session::new(setup, options).unwrap();
    let hint = ok(&mut s, "hint strong");
    let lines: Vec<&str> = hint.lines().collect();
    assert!(
        lines[0].starts_with("hint (strong, 2 plies ahead): "),
        "{hint}"
    );
    // The moves looked at one ply ahead only (each gaining the whole empty board) are
    // checked from the other side, a ply deeper: the reply that takes it back is named, and
    // a score claims no gain, only the count at the end of the line.
    for line in &lines[1..] {
        assert!(
            line.contains("points with best replies, by the count as the stones would stand"),
            "{hint}"
        );
    }
    assert!(
        lines.iter().any(|l| l.contains("(against the reply ")),
        "{hint}"
    );
}

#[test]
fn save_and_load_and_bad_records() {
    let dir = temp_dir("save");
    let file = dir.join("g.yaml");
    let f = file.to_str().unwrap().to_string();
    let mut s = session("ming-mang", &["size=4"], None);
    ok(&mut s, "d2-c2");
    assert!(s.unsaved());
    assert!(ok(&mut s, &format!("save {f}")).contains("saved 1 move"));
    assert!(!s.unsaved());
    ok(&mut s, "a3-b3");
    let mut t = session("gundru", &[], None);
    let out = ok(&mut t, &format!("load {f}"));
    assert!(
        out.contains("loaded") && out.contains("last move: d2-c2"),
        "{out}"
    );
    assert_eq!(texts(&t), ["d2-c2"]);
    assert_eq!(t.state().game().board.width, 4);
    // Corrupt and mismatched records are refused; the game is kept.
    std::fs::write(&file, "game: ming-mang\nmoves: [\n").unwrap();
    let e = refused(&mut t, &format!("load {f}"));
    assert!(
        e.contains("not a game record") && e.contains("current game is kept"),
        "{e}"
    );
    std::fs::write(
        &file,
        "game: ming-mang\noptions: {size: '4'}\nmoves: [a1-a2]\n",
    )
    .unwrap();
    let e = refused(&mut t, &format!("load {f}"));
    assert!(e.contains("move 1 (`a1-a2`)"), "{e}");
    assert!(refused(&mut t, "load /no/such/file.yaml").contains("cannot read"));
    assert_eq!(texts(&t), ["d2-c2"]);
    let e = refused(&mut t, &format!("save {}/no/dir/x.yaml", dir.display()));
    assert!(
        e.contains("cannot write `") && e.contains("no/dir/x.yaml`"),
        "{e}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn show_board_and_quit_with_autosave() {
    let dir = temp_dir("quit");
    let mut s = session("gundru", &[], Some(dir.clone()));
    assert!(ok(&mut s, "show").contains("Gundru"));
    assert!(ok(&mut s, "board").contains("to move: black"));
    let r = s.handle("q");
    assert!(r.quit && r.text.is_empty(), "nothing to save: {r:?}");
    ok(&mut s, "i2-e2");
    let r = s.handle("quit");
    assert!(r.quit && r.text.contains("--resume"), "{r:?}");
    let auto = &rulebook::repl::autosave::list(&dir)[0].path;
    let back = rulebook::record::load(auto).unwrap().replay().unwrap();
    assert!(back == *s.state());
    assert!(s.autosave().is_none(), "saved: nothing more to keep");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_finished_game_says_so() {
    let mut s = session("mangala", &[], None);
    let mut state = s.state().clone();
    let (moves, outcome) = rulebook::analysis::random_game(&mut state, 3, 10_000);
    assert!(outcome.is_some());
    let mut last = String::new();
    for m in moves {
        let text = notation::move_text(s.state(), m);
        last = ok(&mut s, &text);
    }
    assert!(last.contains("game over: "), "{last}");
    assert_eq!(s.prompt(), "game over> ");
    assert!(refused(&mut s, "1").contains("the game is over"));
    assert!(refused(&mut s, "hint").contains("game is over"));
    assert!(ok(&mut s, "moves").contains("no legal moves"));
}

#[test]
fn the_last_move_is_bracketed_and_the_turn_shown() {
    let game = rulebook::pipeline::load("ming-mang", None, &["size=4".to_string()]).unwrap();
    let mut state = State::new(game);
    let before = rulebook::render::play_view(&state, false);
    assert!(!before.contains('['), "{before}");
    assert!(before.contains("to move: black"), "{before}");
    notation::play_text(&mut state, "d2-b2").unwrap();
    let after = rulebook::render::play_view(&state, false);
    assert!(after.contains("2  W[B]. .  2"), "{after}");
    assert!(after.contains("last move: d2-b2 by black"), "{after}");
    assert!(after.contains("to move: white"), "{after}");
    // Without colour there is no escape code; with it, the marks are escape codes.
    assert!(!after.contains('\x1b'));
    let coloured = rulebook::render::play_view(&state, true);
    assert!(coloured.contains("\x1b[7m") && coloured.contains("\x1b[4m"));
}

#[test]
fn a_mancala_board_shows_stores() {
    let game = rulebook::pipeline::load("mangala", None, &[]).unwrap();
    let mut state = State::new(game);
    // Pit 4's four stones go to 4, 5, 6 and the store: south moves again.
    notation::play_text(&mut state, "4").unwrap();
    let view = rulebook::render::play_view(&state, false);
    assert!(view.contains("south store 1, north store 0"), "{view}");
    assert!(view.contains("last move: 4 by south"), "{view}");
    assert!(view.contains("to move: south"), "{view}");
    // The pit sown from is marked in its owner's row: south's pit 4 is the fourth.
    assert!(
        view.contains("     [ 4] [ 4] [ 4] < 1> [ 5] [ 5]\n"),
        "{view}"
    );
    notation::play_text(&mut state, "1").unwrap();
    notation::play_text(&mut state, "2").unwrap();
    let view = rulebook::render::play_view(&state, false);
    // North's row is drawn from its pit 6 to its pit 1: its pit 2 is the fifth.
    assert!(view.contains("last move: 2 by north"), "{view}");
    let top = view.lines().nth(2).unwrap();
    assert_eq!(top.matches('<').count(), 1, "{view}");
    assert_eq!(
        top.split_whitespace()
            .filter(|w| w.starts_with('[') || w.starts_with('<'))
            .position(|w| w == "<"),
        Some(4),
        "{view}"
    );
}

#[test]
fn lines_from_a_script() {
    let setup = rulebook::record::GameSpec {
        game: "gundru".into(),
        preset: None,
        sets: vec![],
    };
    let mut s = Session::new(setup, rulebook::repl::Options::default()).unwrap();
    let mut out = Vec::new();
    let refused = rulebook::repl::front::run_lines(
        &mut s,
        "i2-e2\nnonsense\nquit\nmoves\n".as_bytes(),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(refused);
    assert!(out.contains("black> i2-e2\n"), "{out}");
    assert!(out.contains("white> nonsense\nerror: "), "{out}");
    assert!(
        !out.contains("moves\n"),
        "nothing is read after quit: {out}"
    );
    assert!(out.contains("(a script does not autosave"), "{out}");
}

#[test]
fn random_lines_never_panic_and_keep_the_state_legal() {
    let words = [
        "undo",
        "redo 3",
        "undo 2",
        "moves",
        "history",
        "board",
        "new",
        "set size=5",
        "preset 8x8",
        "preset nine",
        "set corner=board",
        "set size=x",
        "ai white easy",
        "ai off",
        "ai nobody",
        "",
        "zz",
        "a1",
        "1",
        "99",
        "h2-c2 x",
        "save",
        "load",
        "help x",
        "set",
        "show",
        "\u{0}",
        "é-é",
        "--",
        "a1-",
        "-a1",
        "undo -1",
        "resign",
        "flip",
        "goto 0",
        "goto 2",
        "goto 99",
        "hlep",
        "svg",
    ];
    let mut s = session("ming-mang", &["size=4"], None);
    let mut rng = rulebook::analysis::Rng::new(11);
    for _ in 0..400 {
        let line = if rng.below(2) == 0 {
            let mut moves = MoveList::new();
            let state = s.state().clone();
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                "new".to_string()
            } else {
                notation::move_text(&state, moves[rng.below(moves.len())])
            }
        } else {
            words[rng.below(words.len())].to_string()
        };
        let r = s.handle(&line);
        assert!(!r.quit);
        // Whatever happened, the position is one the rules reach: replaying it agrees.
        let mut replay = State::new(Arc::clone(s.state().game()));
        for m in s.state().moves_played() {
            notation::play(&mut replay, m).expect("every move in the history is legal");
        }
        assert!(replay == *s.state());
    }
}

/// MI-5: after the pie rule's swap the persons exchange colours, and the colour to move
/// stays Yellow, now the opener's. The computer keeps its seat, not its colour.
#[test]
fn after_a_swap_the_computer_plays_the_other_colour() {
    let mut s = session("migong", &[], None);
    let opened = ok(&mut s, "ai blue easy");
    assert!(opened.contains("blue (easy) plays"), "{opened}");
    assert_eq!(s.state().ply(), 1, "the computer opened as Blue");
    // The person, Yellow, swaps: the person now plays Blue, the computer Yellow, which is
    // to move, so it replies at once.
    let reply = ok(&mut s, "swap");
    assert!(reply.contains("yellow (easy) plays"), "{reply}");
    assert_eq!(s.state().ply(), 3);
    assert_eq!(
        s.state().to_move(),
        Player::FIRST,
        "Blue, the person, is to move"
    );
    assert!(ok(&mut s, "ai").contains("the computer plays yellow (easy)"));
    // Taking back the swap (and the computer's reply) gives the computer Blue again.
    ok(&mut s, "undo");
    assert_eq!(s.state().ply(), 1);
    assert!(ok(&mut s, "ai").contains("the computer plays blue (easy)"));
}

#[test]
fn autosaves_keep_one_slot_per_game_left_and_list_them() {
    let dir = temp_dir("slots");
    // Two games left with unsaved moves: two slots, the newest listed first.
    let mut a = session("gundru", &[], Some(dir.clone()));
    ok(&mut a, "i2-e2");
    assert!(a.handle("quit").text.contains("unsaved moves kept in"));
    let mut b = session("ming-mang", &["size=4"], Some(dir.clone()));
    ok(&mut b, "d2-c2");
    assert!(b.handle("quit").text.contains("unsaved moves kept in"));
    let saves = rulebook::repl::autosave::list(&dir);
    assert_eq!(saves.len(), 2, "{saves:?}");
    assert_eq!(saves[0].record.moves, ["d2-c2"]);
    assert_eq!(saves[1].record.moves, ["i2-e2"]);
    // A game resumed from a slot goes back to its own slot, not to a third.
    let record = rulebook::record::load(&saves[1].path).unwrap();
    let state = record.replay().unwrap();
    let options = Options {
        autosave: Some(dir.clone()),
        ..Options::default()
    };
    let mut c = Session::with_state(record.setup(), state, options);
    c.resumed_from(saves[1].path.clone());
    ok(&mut c, "a2-d2");
    assert!(c
        .handle("quit")
        .text
        .contains(&saves[1].path.display().to_string()));
    let again = rulebook::repl::autosave::list(&dir);
    assert_eq!(again.len(), 2, "{again:?}");
    assert!(again.iter().any(|s| s.record.moves == ["i2-e2", "a2-d2"]));
    // `new` keeps the game left in a slot, and the new game gets a slot of its own.
    ok(&mut c, "new");
    ok(&mut c, "i2-e2");
    c.handle("quit");
    assert_eq!(rulebook::repl::autosave::list(&dir).len(), 3);
    // The oldest slots go beyond the limit.
    for _ in 0..rulebook::repl::autosave::MAX_SLOTS + 2 {
        let mut s = session("gundru", &[], Some(dir.clone()));
        ok(&mut s, "i2-e2");
        s.handle("quit");
    }
    let all = rulebook::repl::autosave::list(&dir);
    assert_eq!(all.len(), rulebook::repl::autosave::MAX_SLOTS);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_script_does_not_autosave() {
    let setup = GameSpec {
        game: "gundru".into(),
        preset: None,
        sets: vec![],
    };
    let mut s = Session::new(setup, Options::default()).unwrap();
    let mut out = Vec::new();
    rulebook::repl::front::run_lines(&mut s, "i2-e2\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("(end of input)\n(a script does not autosave: `save FILE` keeps a game)\n"),
        "{out}"
    );
}

#[test]
fn resign_ends_the_game_and_undo_takes_it_back() {
    let mut s = session("ming-mang", &["size=4"], None);
    ok(&mut s, "d2-c2");
    let out = ok(&mut s, "resign");
    assert!(
        out.contains("game over: white resigned; black won"),
        "{out}"
    );
    assert_eq!(s.prompt(), "game over> ");
    assert!(refused(&mut s, "a2-b2").contains("white resigned"));
    assert!(refused(&mut s, "hint").contains("game is over"));
    assert!(refused(&mut s, "resign").contains("game is over"));
    assert!(ok(&mut s, "moves").contains("no legal moves"));
    ok(&mut s, "undo");
    assert_eq!(texts(&s), ["d2-c2"], "undo takes back the resignation only");
    assert_eq!(s.prompt(), "white> ");
    ok(&mut s, "resign");
    ok(&mut s, "new");
    assert_eq!(s.prompt(), "black> ");
    // Against the computer, the person resigns and the computer does not move on.
    let mut c = session("gundru", &[], None);
    ok(&mut c, "ai white easy");
    assert!(ok(&mut c, "resign").contains("black resigned; white won"));
    assert_eq!(c.state().ply(), 0);
}

/// A resignation is saved with the game: the record says who resigned and the result, and
/// loading it ends the game the same way.
#[test]
fn a_resignation_is_saved_and_loaded() {
    let dir = temp_dir("resign");
    let f = dir.join("r.yaml").to_str().unwrap().to_string();
    let mut s = session("ming-mang", &["size=4"], None);
    ok(&mut s, "d2-c2");
    ok(&mut s, "resign");
    ok(&mut s, &format!("save {f}"));
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains("resigned: white"), "{text}");
    assert!(text.contains("result: black wins"), "{text}");
    let mut t = session("gundru", &[], None);
    let out = ok(&mut t, &format!("load {f}"));
    assert!(out.contains("white resigned; black won"), "{out}");
    assert_eq!(t.prompt(), "game over> ");
    ok(&mut t, "undo");
    assert_eq!(
        t.prompt(),
        "white> ",
        "undo takes back the loaded resignation"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn flip_turns_the_board() {
    let mut s = session("ming-mang", &["size=4"], None);
    ok(&mut s, "d2-b2");
    let plain = ok(&mut s, "board");
    assert!(plain.starts_with("   a b c d\n4  "), "{plain}");
    assert!(plain.contains("2  W[B]. .  2"), "{plain}");
    let turned = ok(&mut s, "flip");
    assert!(turned.starts_with("   d c b a\n1  "), "{turned}");
    assert!(turned.contains("2  . .[B]W  2"), "{turned}");
    assert!(turned.contains("last move: d2-b2 by black"), "{turned}");
    // It stays turned until flipped back.
    assert!(ok(&mut s, "a3-b3").contains("   d c b a\n1  "));
    assert!(ok(&mut s, "flip").starts_with("   a b c d\n4  "));
    // A mancala board turned round: north's row below, from its pit 1, north's store on
    // the right; the pit last sown from is still marked.
    let mut m = session("mangala", &[], None);
    ok(&mut m, "3");
    let turned = ok(&mut m, "flip");
    let lines: Vec<&str> = turned.lines().collect();
    let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(lines[0]), "south", "{turned}");
    assert_eq!(words(lines[1]), "6 5 4 3 2 1", "{turned}");
    assert_eq!(lines[2], "     [ 5] [ 5] [ 5] < 1> [ 4] [ 4]", "{turned}");
    assert_eq!(words(lines[3]), "[ 0] [ 0]", "{turned}");
    assert_eq!(lines[4], "     [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]", "{turned}");
    assert_eq!(words(lines[5]), "1 2 3 4 5 6", "{turned}");
    assert_eq!(lines[6].trim(), "north", "{turned}");
    assert!(ok(&mut m, "flip").lines().next().unwrap().trim() == "north");
    // A hex board turned round: rank 1 on top, files from the right, and each tile half a
    // turn round (its east wedge drawn on the west).
    let mut h = session("migong", &[], None);
    ok(&mut h, "d4:YBBBBB");
    let plain = ok(&mut h, "board");
    assert!(
        plain.contains(" 4           a4    b4    c4   Bd4 Y  e4"),
        "{plain}"
    );
    let turned = ok(&mut h, "flip");
    assert!(
        turned.starts_with(" 1                    g1    f1"),
        "{turned}"
    );
    assert!(turned.contains("e4   Yd4 B  c4    b4    a4\n"), "{turned}");
    assert!(ok(&mut h, "flip").starts_with("13 "));
}

#[test]
fn goto_jumps_to_a_move_of_the_history() {
    let mut s = session("ming-mang", &["size=4"], None);
    for m in ["d2-c2", "a3-b3", "d3-c3"] {
        ok(&mut s, m);
    }
    ok(&mut s, "goto 1");
    assert_eq!(texts(&s), ["d2-c2"]);
    ok(&mut s, "goto 3");
    assert_eq!(texts(&s), ["d2-c2", "a3-b3", "d3-c3"]);
    ok(&mut s, "goto 0");
    assert_eq!(s.state().ply(), 0);
    assert!(refused(&mut s, "goto 4").contains("the history has 3 moves"));
    assert!(refused(&mut s, "goto x").contains("usage: goto N"));
    ok(&mut s, "jump 2");
    assert_eq!(texts(&s), ["d2-c2", "a3-b3"]);
}

#[test]
fn svg_writes_a_picture_of_the_position() {
    let dir = temp_dir("svg");
    let mut s = session("ming-mang", &["size=4"], None);
    ok(&mut s, "d2-c2");
    let file = dir.join("p.svg");
    let out = ok(&mut s, &format!("svg {}", file.display()));
    assert!(out.contains("drew the position in"), "{out}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert!(refused(&mut s, &format!("svg {}/no/dir/p.svg", dir.display())).contains("cannot"));
    assert!(refused(&mut s, "svg").contains("usage: svg FILE"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn think_time_and_iterations_from_the_options() {
    let setup = GameSpec {
        game: "mangala".into(),
        preset: None,
        sets: vec![],
    };
    let options = Options {
        iterations: Some(7),
        ..Options::default()
    };
    let mut s = Session::new(setup, options).unwrap();
    s.set_computer("north", Some("strong")).unwrap();
    assert!(s
        .set_computer("east", None)
        .unwrap_err()
        .contains("no side `east`"));
    let out = ok(&mut s, "1");
    assert!(
        out.contains("north (strong) plays ") && out.contains("(7 iterations)"),
        "{out}"
    );
}

#[test]
fn a_typo_of_a_command_is_named() {
    let mut s = session("ming-mang", &["size=4"], None);
    assert!(refused(&mut s, "hlep").contains("did you mean `help`?"));
    assert!(refused(&mut s, "mvoes").contains("did you mean `moves`?"));
    assert!(refused(&mut s, "svae x.yaml").contains("did you mean `save`?"));
    // A move that is not legal is not taken for a command.
    let e = refused(&mut s, "d2-a9");
    assert!(!e.contains("did you mean"), "{e}");
}

/// Issue 51: Nine Men's Morris's board showed its points without the lines between them,
/// and no man in hand. The play view draws the lines (`-` along a rank, `|` along a file)
/// and says how many men each player has in hand.
#[test]
fn a_board_with_lines_is_drawn_with_them_and_the_hands_are_counted() {
    let mut s = session("nine-mens-morris", &[], None);
    let view = ok(&mut s, "board");
    for row in [
        "7  .-----.-----.  7",
        "6  | .---.---. |  6",
        "5  | | .-.-. | |  5",
        "4  .-.-.   .-.-.  4",
        "1  .-----.-----.  1",
    ] {
        assert!(view.contains(row), "{row} in\n{view}");
    }
    assert!(
        view.contains("white (W) 0 pieces (9 in hand), black (B) 0 pieces (9 in hand)"),
        "{view}"
    );
    let placed = ok(&mut s, "d7");
    assert!(placed.contains("7  .----[W]----.  7"), "{placed}");
    assert!(placed.contains("white (W) 1 piece (8 in hand)"), "{placed}");
}

/// Issue 51: Migong's thousands of opening moves took 720 lines. `moves` counts them by
/// where they start, in a screen; `moves SITE` lists those from a site, `moves all` all.
#[test]
fn too_many_moves_are_counted_by_where_they_start() {
    let mut s = session("migong", &[], None);
    let summary = ok(&mut s, "moves");
    let lines: Vec<&str> = summary.lines().collect();
    assert!(
        lines[0].contains("legal moves, counted by where they start"),
        "{summary}"
    );
    assert!(lines.len() <= 24, "{summary}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{summary}");
    let counts: Vec<(&str, usize)> = (lines[2..].iter())
        .flat_map(|l| l.split(") "))
        .map(|w| w.trim().trim_end_matches(')').split_once(" (").expect(w))
        .map(|(site, n)| (site, n.parse().expect(n)))
        .collect();
    let total: usize = lines[0].split(' ').next().unwrap().parse().unwrap();
    assert_eq!(
        counts.iter().map(|(_, n)| n).sum::<usize>(),
        total,
        "{summary}"
    );

    let all = ok(&mut s, "moves all");
    assert!(all.starts_with(&format!("{total} legal moves:\n")), "{all}");
    assert_eq!(all.split_whitespace().count(), total + 3, "{all}");
    let (site, n) = counts[0];
    let from = ok(&mut s, &format!("moves {site}"));
    assert!(
        from.starts_with(&format!("{n} legal moves from {site}:")),
        "{from}"
    );
    let listed: Vec<&str> = from
        .lines()
        .skip(1)
        .flat_map(str::split_whitespace)
        .collect();
    assert_eq!(listed.len(), n, "{from}");
    assert!(
        listed.iter().all(|m| m.starts_with(&format!("{site}:"))),
        "{from}"
    );
    assert!(refused(&mut s, "moves z99").contains("no legal move starts at `z99`"));

    // A list that fits a screen is printed whole, as before.
    let mut s = session("draughts", &[], None);
    assert!(ok(&mut s, "moves").starts_with("7 legal moves: "));
}

#[test]
fn many_moves_are_listed_in_columns_that_fit_the_width() {
    for width in [80, 40] {
        let setup = GameSpec {
            game: "ming-mang".into(),
            preset: Some("8x8".into()),
            sets: vec![],
        };
        let options = Options {
            width: Some(width),
            ..Options::default()
        };
        let mut s = Session::new(setup, options).unwrap();
        let out = ok(&mut s, "moves");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].ends_with("legal moves:"), "{out}");
        assert!(lines.len() > 3, "{out}");
        assert!(lines.iter().all(|l| l.chars().count() <= width), "{out}");
        let listed: Vec<&str> = lines[1..]
            .iter()
            .flat_map(|l| l.split_whitespace())
            .collect();
        let n: usize = lines[0].split(' ').next().unwrap().parse().unwrap();
        assert_eq!(listed.len(), n, "{out}");
        // Down the columns, in the order of the moves.
        assert_eq!(lines[1].split_whitespace().next(), Some(listed[0]));
    }
}

#[test]
fn the_title_says_what_is_set() {
    let mut s = session("ming-mang", &["size=4"], None);
    let out = ok(&mut s, "preset 8x8");
    assert!(out.contains("(preset 8x8: size=8"), "{out}");
    let out = ok(&mut s, "set size=9");
    assert!(!out.contains("preset 8x8: size=9"), "{out}");
    assert!(
        out.contains("(preset 8x8 changed by set size=9: size=9"),
        "{out}"
    );
}

#[test]
fn help_wraps_at_word_ends_to_the_width() {
    let setup = GameSpec {
        game: "gundru".into(),
        preset: None,
        sets: vec![],
    };
    let options = Options {
        width: Some(40),
        ..Options::default()
    };
    let mut s = Session::new(setup, options).unwrap();
    let out = ok(&mut s, "help");
    assert!(out.lines().all(|l| l.chars().count() <= 40), "{out}");
    let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
    let wide = rulebook::repl::help(None, 1000).unwrap();
    assert_eq!(words(&out), words(&wide), "no word is cut");
    let one = ok(&mut s, "help ai");
    assert!(one.lines().all(|l| l.chars().count() <= 40), "{one}");
}

/// Issue 14, item 1: with the computer on both sides, each move and its board are given
/// out as they are played (not all at once when the line is done).
#[test]
fn the_computers_moves_are_given_out_as_they_are_played() {
    let mut s = session("mangala", &[], None);
    let mut chunks: Vec<String> = Vec::new();
    let reply = s.handle_with("ai both easy", &mut |t: &str| chunks.push(t.to_string()));
    assert!(!reply.error, "{}", reply.text);
    let plies = s.state().ply();
    assert!(s.state().clone().outcome().is_some());
    // The first chunk says who the computer plays; then one chunk per move, each with
    // its board (the last move named, then whose turn it is or how the game ended).
    assert!(chunks[0].contains("the computer plays south (easy) and north (easy)"));
    let moves: Vec<&String> = chunks
        .iter()
        .filter(|c| c.contains("(easy) plays "))
        .collect();
    assert_eq!(moves.len(), plies, "{chunks:?}");
    for c in &moves[..] {
        assert_eq!(c.matches("(easy) plays").count(), 1, "{c}");
        assert!(c.contains("last move: "), "{c}");
        assert!(c.contains("to move: ") || c.contains("game over: "), "{c}");
    }
    assert!(reply.text.is_empty(), "all was given out: {}", reply.text);
    // `handle` collects the same text.
    let mut t = session("mangala", &[], None);
    assert_eq!(t.handle("ai both easy").text, chunks.concat());
}

/// Where the computer moves first (`play --ai both`), the greeting's title and board are
/// given out before it thinks, then each of its moves as it is played: before, the whole
/// run of up to 200 moves was shown at once when it ended (minutes of a blank screen at
/// `strong`).
#[test]
fn the_greeting_is_given_out_before_the_computer_moves_first() {
    let mut s = session("mangala", &[], None);
    s.set_computer("both", Some("easy")).unwrap();
    let mut chunks: Vec<String> = Vec::new();
    let rest = s.greeting(&mut |t: &str| chunks.push(t.to_string()));
    assert!(chunks[0].contains("Type a move"), "{chunks:?}");
    assert!(chunks[0].contains("to move: south"), "{chunks:?}");
    assert!(!chunks[0].contains("plays"), "{chunks:?}");
    let moves = (chunks.iter())
        .filter(|c| c.contains("(easy) plays "))
        .count();
    assert_eq!(moves, s.state().ply(), "one chunk a move: {chunks:?}");
    assert!(rest.is_empty(), "all was given out: {rest}");
}

/// Issue 14, item 2: against the computer, the person's move is shown (its board and
/// `last move:`), then the computer's reply with its own board.
#[test]
fn against_the_computer_the_persons_move_is_shown_then_the_reply() {
    let mut s = session("gundru", &[], None);
    ok(&mut s, "ai white easy");
    let mut chunks: Vec<String> = Vec::new();
    let reply = s.handle_with("i2-e2", &mut |t: &str| chunks.push(t.to_string()));
    assert!(!reply.error);
    let all = format!("{}{}", chunks.concat(), reply.text);
    let mine = all.find("last move: i2-e2 by black").expect(&all);
    let turn = all.find("to move: white").expect(&all);
    let reply_at = all.find("white (easy) plays ").expect(&all);
    let theirs = all.find("by white").expect(&all);
    assert!(mine < turn && turn < reply_at && reply_at < theirs, "{all}");
    assert!(all.trim_end().ends_with("to move: black"), "{all}");
    // The person's board is given out before the computer thinks.
    assert!(
        chunks[0].contains("last move: i2-e2 by black"),
        "{chunks:?}"
    );
    assert!(!chunks[0].contains("plays"), "{chunks:?}");
}

/// Plays seeded random moves through the session to the end of the game; returns the
/// last reply.
fn play_to_the_end(game: &str, seed: u64) -> String {
    let mut s = session(game, &[], None);
    let mut state = s.state().clone();
    let (moves, outcome) = rulebook::analysis::random_game(&mut state, seed, 10_000);
    assert!(outcome.is_some(), "{game} {seed}");
    let mut last = String::new();
    for m in moves {
        let text = notation::move_text(s.state(), m);
        last = ok(&mut s, &text);
    }
    last
}

/// Issue 14, item 7: game over says why (the end rule) and the final count.
#[test]
fn game_over_says_why_and_the_final_count() {
    // Mangala ends when a row is empty; the stores decide (48 stones in all).
    let last = play_to_the_end("mangala", 3);
    let line = last.lines().find(|l| l.starts_with("game over: ")).unwrap();
    assert!(line.ends_with(" (a row of pits is empty)"), "{last}");
    // The final count on the next line.
    let line = last.lines().find(|l| l.starts_with("final ")).unwrap();
    assert!(line.starts_with("final stores: south "), "{last}");
    let counts: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 48, "{line}");
    // Konane ends when the player to move has no legal move; the pieces are counted.
    let last = play_to_the_end("konane", 5);
    let line = last.lines().find(|l| l.starts_with("game over: ")).unwrap();
    let to_move = if line.contains("game over: black won") {
        "white"
    } else {
        "black"
    };
    assert!(
        line.ends_with(&format!(" (no legal move for {to_move})")),
        "{line}"
    );
    assert!(last.contains("\nfinal pieces: black "), "{last}");
    // Brandubh: by the name of the end rule that ended it, or no legal move.
    for seed in 1..4 {
        let last = play_to_the_end("brandubh", seed);
        let line = last.lines().find(|l| l.starts_with("game over: ")).unwrap();
        let why = line.ends_with("(escape)")
            || line.ends_with("(king taken)")
            || line.ends_with("(no legal move for black)")
            || line.ends_with("(no legal move for white)");
        assert!(why, "{line}");
    }
}

/// Issue 14, item 4: the Migong board fits 80 columns, full or empty, and with colour each
/// wedge is in its player's colour (blue and yellow), without colour plain letters.
#[test]
fn the_migong_board_fits_80_columns_and_colours_its_wedges() {
    let game = rulebook::pipeline::load("migong", None, &[]).unwrap();
    let mut state = State::new(game);
    let empty = rulebook::render::play_view(&state, false);
    let (moves, _) = rulebook::analysis::random_game(&mut state, 7, 100);
    assert_eq!(moves.len(), 100);
    let full = rulebook::render::play_view(&state, false);
    for view in [&empty, &full] {
        for line in view.lines() {
            assert!(line.chars().count() <= 80, "{} columns: {line}", line.len());
        }
    }
    // The middle rank, empty, then a tile on d4 with its wedges around its name.
    assert!(
        empty.contains("\n 7  a7    b7    c7    d7    e7    f7          h7"),
        "{empty}"
    );
    let game = rulebook::pipeline::load("migong", None, &[]).unwrap();
    let mut one = State::new(game);
    notation::play_text(&mut one, "d4:BYYBBY").unwrap();
    let view = rulebook::render::play_view(&one, false);
    let rows: Vec<&str> = view.lines().collect();
    let at = rows.iter().position(|l| l.starts_with(" 4 ")).unwrap();
    let d4 = rows[at].find("d4").unwrap();
    assert_eq!(
        &rows[at - 1][d4..d4 + 3],
        "Y Y",
        "north-west, north-east\n{view}"
    );
    assert_eq!(&rows[at][d4 - 1..d4 + 4], "Bd4 B", "west, east\n{view}");
    assert_eq!(
        &rows[at + 1][d4..d4 + 3],
        "B Y",
        "south-west, south-east\n{view}"
    );
    assert!(!view.contains('\x1b'));
    let coloured = rulebook::render::play_view(&one, true);
    assert!(coloured.contains("\x1b[1m\x1b[34mB\x1b[0m"), "{coloured}");
    assert!(coloured.contains("\x1b[1m\x1b[33mY\x1b[0m"), "{coloured}");
}

/// Issue 14, item 5: a castle (Mangala's `mark last as castle`) is named with its owner
/// on the board and in the SVG picture; a mark the rules do not name keeps the plain words.
#[test]
fn a_castle_is_named_with_its_owner_on_the_board_and_in_the_picture() {
    let game = rulebook::pipeline::load("mangala", Some("castle"), &[]).unwrap();
    let state = notation::parse_position(&game, "0,0,0,0,0,2|0/0@south,1,0,0,0,0|0 south").unwrap();
    let view = rulebook::render::play_view(&state, false);
    assert!(view.contains("\nnorth 1: castle (south)\n"), "{view}");
    assert!(!view.contains("marked by"), "{view}");
    let svg = rulebook::render::position_svg(&state);
    assert!(svg.contains(">1 castle (south)</text>"), "{svg}");
    // Toguz Kumalak's tuzdyk is an unnamed mark: the plain words.
    let game = rulebook::pipeline::load("toguz-kumalak", None, &[]).unwrap();
    let mut state = State::new(game);
    let mut seed = 0;
    while !Site::all(state.game().board.sites()).any(|s| state.mark(s).is_some()) {
        state = State::new(Arc::clone(state.game()));
        seed += 1;
        assert!(seed < 200, "no seeded game makes a tuzdyk");
        rulebook::analysis::random_game(&mut state, seed, 400);
    }
    let view = rulebook::render::play_view(&state, false);
    assert!(view.contains(" is marked by "), "{view}");
    assert!(rulebook::render::position_svg(&state).contains(" mark ("));
}

/// Issue 14, item 3: a move's captures are named by the rule that made them (the rule
/// file's `called` label) and the sites taken are marked on the board.
#[test]
fn captures_are_named_and_marked() {
    let mut s = session("gundru", &[], None);
    let first = ok(&mut s, "i2-e2");
    assert!(!first.contains("takes"), "{first}");
    let out = ok(&mut s, "i1-i2");
    assert!(out.starts_with("i1-i2 takes 15 (corner)\n"), "{out}");
    // Each piece taken has a `*` before it (the landing site keeps its brackets).
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[2], "9 *W*W*W*W*W*W*W*W*W  9", "{out}");
    assert_eq!(lines[3], "8  W . . . . . . .*W  8", "{out}");
    assert_eq!(lines[9], "2  W . . . B . . .[W] 2", "{out}");
    assert_eq!(lines[10], "1  W W W W W W W W .  1", "{out}");
    // `board` shows the position again, marks and all (they stay until the next move),
    // and undo takes the marks away with the move.
    let again = ok(&mut s, "board");
    assert!(again.contains("9 *W*W*W*W*W*W*W*W*W  9"), "{again}");
    assert!(again.contains("2  W . . . B . . .[W] 2"), "{again}");
    let undone = ok(&mut s, "undo");
    assert!(!undone.contains('*'), "{undone}");

    // The computer's move is told the same way.
    let mut s = session("gundru", &[], None);
    ok(&mut s, "ai white easy");
    let out = ok(&mut s, "i2-e2");
    assert!(out.contains("white (easy) plays i1-i2"), "{out}");
    assert!(out.contains("\ni1-i2 takes 15 (corner)\n"), "{out}");
    assert!(out.contains("9 *W*W*W*W*W*W*W*W*W  9"), "{out}");

    // Sowing: the rule after sowing by its name, the pit taken from as `( n)`.
    let mut s = session("mangala", &[], None);
    let out = ok(&mut s, "4");
    assert!(out.starts_with("4 moves again (store)\n"), "{out}");
    ok(&mut s, "undo");
    ok(&mut s, "1");
    let out = ok(&mut s, "6");
    assert!(out.starts_with("6 takes 6 (even)\n"), "{out}");
    assert!(
        out.contains("\n     [ 2] ( 0) [ 5] [ 5] [ 4] [ 4]\n"),
        "{out}"
    );
}

/// A jump's capture and a promotion, each told by its rule: the jump by the move's own
/// word, the promotion by its label.
#[test]
fn a_jump_and_a_promotion_are_told() {
    let dir = temp_dir("crown");
    let path = dir.join("crown.game");
    std::fs::write(
        &path,
        "// A jump onto the far rank crowns.\n\
         game \"Crown\"\nplayers black, white\nboard grid 3 by 3\npiece man, king\n\
         setup black man on a1\nsetup white man on a2 + c3\n\
         move step orthogonal\nmove jump orthogonal over enemy remove\n\
         after move promote man to king in rank(3) called \"crown\" when mover == black\n\
         end when no legal move: mover loses\n",
    )
    .unwrap();
    let mut s = session(path.to_str().unwrap(), &[], None);
    let out = ok(&mut s, "a1-a3");
    assert!(
        out.starts_with("a1-a3 takes 1 (jump), promotes (crown)\n"),
        "{out}"
    );
    // The piece jumped is marked.
    assert!(out.contains("\n2 *. . .  2\n"), "{out}");
}

/// In a race a piece landed on goes back to its owner's hand, and is told so, not as taken
/// (tests/fixtures/valid/blocking-race.game; seed 1 throws a 3 first, c1 to f1 hits
/// north's lone man).
#[test]
fn a_hit_in_a_race_is_told_as_sent_back_to_hand() {
    let setup = GameSpec {
        game: "tests/fixtures/valid/blocking-race.game".into(),
        preset: None,
        sets: Vec::new(),
    };
    let options = Options {
        seed: 1,
        ..Options::default()
    };
    let mut s = Session::new(setup, options).unwrap();
    let thrown = ok(&mut s, "");
    assert!(thrown.contains("south throws 3"), "{thrown}");
    let out = ok(&mut s, "c1-f1");
    assert!(out.starts_with("c1-f1 sends 1 back to hand\n"), "{out}");
    assert!(!out.contains("takes"), "{out}");
}

/// A piece taken by landing on it (`onto enemy`) is told as a capture by replacement, and
/// its site marked.
#[test]
fn a_capture_by_landing_is_told() {
    let dir = temp_dir("landing");
    let path = dir.join("landing.game");
    std::fs::write(
        &path,
        "// Pawns step forward, and take diagonally forward by landing.\n\
         game \"Landing\"\nplayers white, black\nboard grid 3 by 3\npiece pawn\n\
         setup white pawn on a1\nsetup black pawn on b2 + c3\n\
         move step forward\nmove step forward-diagonal onto enemy\n\
         end when no legal move: mover loses\n",
    )
    .unwrap();
    let mut s = session(path.to_str().unwrap(), &[], None);
    let quiet = ok(&mut s, "a1-a2");
    assert!(!quiet.contains("takes"), "{quiet}");
    ok(&mut s, "undo");
    let out = ok(&mut s, "a1-b2");
    assert!(out.starts_with("a1-b2 takes 1 (replacement)\n"), "{out}");
    assert!(out.contains("\n2  .[W].  2\n"), "{out}");
}

/// Issue 48: the opening roll is nobody's throw. `history` listed it under white, the
/// first seat (`1. white roll:1-5`); it names it the opening, with each player's die.
#[test]
fn history_lists_the_opening_roll_as_nobodys() {
    let mut s = session("backgammon", &[], None);
    let thrown = ok(&mut s, "");
    assert!(thrown.starts_with("opening roll: white "), "{thrown}");
    let history = ok(&mut s, "history");
    let first = history.lines().next().unwrap_or_default();
    let thrown = first
        .split_once("roll:")
        .map(|(_, t)| t)
        .unwrap_or_default();
    let dice = thrown.split(' ').next().unwrap_or_default();
    let (white, black) = dice.split_once('-').expect(first);
    assert_eq!(
        first,
        format!("  1. opening roll:{dice} (white {white}, black {black})")
    );
    let mover = s.state().to_move();
    let starter = if white > black { 0 } else { 1 };
    assert_eq!(mover.index(), starter, "the higher die starts: {first}");
}
