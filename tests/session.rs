//! The REPL's engine (`repl::Session`) command by command: string in, string out, no
//! terminal.

use std::path::PathBuf;
use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::notation;
use rulebook::record::Setup;
use rulebook::repl::{Options, Session};
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rulebook-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn session(game: &str, sets: &[&str], autosave: Option<PathBuf>) -> Session {
    let setup = Setup {
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
    assert!(r.text.starts_with("error: "), "{}", r.text);
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
    let setup = Setup {
        game: "ming-mang".into(),
        preset: None,
        sets: vec!["size=4".into()],
    };
    let game = Arc::clone(s.state().game());
    let cells = rulebook::render::parse_diagram(&game, ". . . B\n. . . .\n. . . .\nW . . .\n");
    let state = State::with_cells(game, cells.unwrap(), 0);
    let mut lone = Session::with_state(setup, state, Options::default());
    ok(&mut lone, "d1");
    assert_eq!(texts(&lone), ["d4-d1"]);
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
    let mut s = session("ming-mang", &["size=4"], Some(dir.join("auto.yaml")));
    ok(&mut s, "d2-c2");
    let out = ok(&mut s, "new");
    assert!(out.contains("unsaved moves kept in"), "{out}");
    assert_eq!(s.state().ply(), 0);
    assert_eq!(
        rulebook::record::load(&dir.join("auto.yaml"))
            .unwrap()
            .moves,
        ["d2-c2"]
    );
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
    assert!(e.contains("cannot save"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn show_board_and_quit_with_autosave() {
    let dir = temp_dir("quit");
    let auto = dir.join("auto.yaml");
    let mut s = session("gundru", &[], Some(auto.clone()));
    assert!(ok(&mut s, "show").contains("Gundru"));
    assert!(ok(&mut s, "board").contains("to move: black"));
    let r = s.handle("q");
    assert!(r.quit && r.text.is_empty(), "nothing to save: {r:?}");
    ok(&mut s, "i2-e2");
    let r = s.handle("quit");
    assert!(r.quit && r.text.contains("--resume"), "{r:?}");
    let back = rulebook::record::load(&auto).unwrap().replay().unwrap();
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
    let setup = rulebook::record::Setup {
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
    assert!(out.contains("(no place for an autosave file"), "{out}");
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
    assert_eq!(s.state().to_move(), 0, "Blue, the person, is to move");
    assert!(ok(&mut s, "ai").contains("the computer plays yellow (easy)"));
    // Taking back the swap (and the computer's reply) gives the computer Blue again.
    ok(&mut s, "undo");
    assert_eq!(s.state().ply(), 1);
    assert!(ok(&mut s, "ai").contains("the computer plays blue (easy)"));
}
