//! SFEN, USI's position text (`notation::parse_sfen`, `sfen_text`;
//! docs/language/positions.md, "Positions as text"): every `# sfen` line of
//! tests/perft/shogi.perft reads into the same position as the rulebook text under it,
//! with the same perft counts, and is written back unchanged; the move number goes on
//! over the moves; bad SFEN is refused naming the field; `rulebook position --sfen` and
//! `--position` read and write it; USI move text (`7g7f`, `8h2b+`, `P*5e`) is read where
//! moves are typed.

use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::{MoveList, State};
use rulebook::model::Game;
use rulebook::notation::{
    self, fen_fits, is_fen, is_sfen, parse_position, parse_sfen, sfen_fits, sfen_text, Clocks,
};
use rulebook::pipeline;

use crate::common::bin::{self, text};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn shogi() -> Arc<Game> {
    pipeline::load("shogi", None, &[]).expect("shogi loads")
}

/// The perft file's SFENs, each with the rulebook text under it.
fn perft_sfens() -> Vec<(String, String)> {
    let file = std::fs::read_to_string("tests/perft/shogi.perft").expect("the perft file");
    let lines: Vec<&str> = file.lines().collect();
    let pairs: Vec<(String, String)> = (lines.windows(2))
        .filter_map(|w| {
            let sfen = w[0].strip_prefix("# sfen ")?;
            let text = w[1].strip_prefix("position ")?;
            Some((sfen.to_string(), text.to_string()))
        })
        .collect();
    assert_eq!(pairs.len(), 3, "the file's SFENs");
    pairs
}

#[test]
fn the_start_reads_and_writes_as_usis_start() {
    let game = shogi();
    let (state, clocks) = parse_sfen(&game, START).expect("the start");
    assert!(state == State::new(Arc::clone(&game)), "the start position");
    assert_eq!(clocks.fullmove, 1);
    assert_eq!(sfen_text(&state, clocks).as_deref(), Ok(START));
    let short = START.trim_end_matches(" 1");
    let (read, clocks) = parse_sfen(&game, short).expect("without the move number");
    assert!(read == state && clocks.fullmove == 1);
    assert!(is_sfen(&game, START) && !is_fen(&game, START));
}

#[test]
fn the_perft_files_sfens_read_as_their_texts_and_write_back_unchanged() {
    let game = shogi();
    for (sfen, text) in perft_sfens() {
        let (mut from_sfen, clocks) =
            parse_sfen(&game, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let mut from_text = parse_position(&game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(from_sfen.setup(), from_text.setup(), "{sfen}");
        assert_eq!(from_sfen.hash(), from_text.hash(), "{sfen}");
        assert_eq!(perft(&mut from_sfen, 2), perft(&mut from_text, 2), "{sfen}");
        assert_eq!(sfen_text(&from_sfen, clocks).as_deref(), Ok(sfen.as_str()));
        let read = parse_position(&game, &sfen).expect("SFEN wherever position text is");
        assert_eq!(read.setup(), from_text.setup(), "{sfen}");
    }
}

#[test]
fn the_move_number_counts_every_move_and_captures_fill_the_hands() {
    let game = shogi();
    let (mut state, clocks) = parse_sfen(&game, START).expect("the start");
    for m in [
        "c3-c4", "g7-g6", "b2-h8=H", "a7-a6", "h8-i9", "h9-g7", "i9-h8",
    ] {
        notation::play_text(&mut state, m).expect("legal");
    }
    let sfen = sfen_text(&state, clocks).expect("written");
    assert_eq!(
        sfen,
        "lnsgkgs2/1r5+B1/1pppppnpp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BL 8"
    );
    let (back, number) = parse_sfen(&game, &sfen).expect("reads back");
    assert_eq!(back.setup(), state.setup());
    assert_eq!(number.fullmove, 8);
    let later = Clocks {
        halfmove: 0,
        fullmove: 30,
    };
    assert!(sfen_text(&state, later)
        .expect("written")
        .ends_with(" BL 37"));
}

#[test]
fn sfen_is_written_and_read_back_along_a_game() {
    let game = shogi();
    let mut state = State::new(Arc::clone(&game));
    let mut moves = MoveList::new();
    let mut promoted_or_held = 0;
    for ply in 0..160 {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        state.apply(moves[ply * 7 % moves.len()]);
        let sfen = sfen_text(&state, Clocks::default()).expect("SFEN says every position");
        promoted_or_held += usize::from(sfen.contains('+') || !sfen.contains(" - "));
        let (read, _) = parse_sfen(&game, &sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert_eq!(read.setup(), state.setup(), "{sfen}");
        let texts = notation::legal_texts;
        assert_eq!(texts(&read), texts(&state), "{sfen}");
    }
    assert!(promoted_or_held > 20, "the game promotes and drops");
}

#[test]
fn bad_sfen_is_refused_naming_the_field() {
    let game = shogi();
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1";
    let cases = [
        (
            format!("{board}/LNSGKGSN b - 1"),
            "rank 1: it has 8 points; the board is 9 wide",
        ),
        (
            format!("{board}/LNSGKGSNLL b - 1"),
            "rank 1: it has 10 points; the board is 9 wide",
        ),
        (
            format!("{board} b - 1"),
            "the board: it has 8 ranks (joined by `/`); the board has 9",
        ),
        (
            format!("{board}/LNSGKGSNX b - 1"),
            "rank 1: `X` is not a piece of this game (its pieces in SFEN: KRBGSNLPkrbgsnlp)",
        ),
        (
            format!("{board}/LNSDKGSNL b - 1"),
            "rank 1: `D` is rulebook's letter of a dragon; SFEN writes a promoted piece as `+` \
             and the letter it is promoted from (`+R`)",
        ),
        (
            format!("{board}/LNSGKGSNL b - 1").replacen("1r5b1", "1r5d1", 1),
            "rank 8: `d` is rulebook's letter of a dragon; SFEN writes a promoted piece as `+` \
             and the letter it is promoted from (`+r`)",
        ),
        (
            format!("{board}/LNS+GKGSNL b - 1"),
            "rank 1: `+G`: a gold is never promoted",
        ),
        (
            format!("{board}/LNSGKGSN+ b - 1"),
            "rank 1: `+` stands before no piece's letter",
        ),
        (
            format!("{board}/LNSGKGSNL x - 1"),
            "the player to move: `x` names no player: expected `b` (black) or `w` (white)",
        ),
        (
            format!("{board}/LNSGKGSNL b P 1"),
            "the players' pieces: 40 on the board and 1 in hand, more than the 40 the players \
             start with (no rule of this game adds any)",
        ),
        (
            format!("{board}/LNSGKGSNL b 0P 1"),
            "the pieces in hand: `0P`: `0` is not a count of pieces (2 to 100)",
        ),
        (
            format!("{board}/LNSGKGSNL b 1P 1"),
            "the pieces in hand: `1P`: `1` is not a count of pieces (2 to 100)",
        ),
        (
            format!("{board}/LNSGKGSNL b PP 1"),
            "the pieces in hand: `P` is given twice",
        ),
        (
            format!("{board}/LNSGKGSNL b 2 1"),
            "the pieces in hand: `2` at its end counts no piece",
        ),
        (
            format!("{board}/LNSGKGSNL b +P 1"),
            "the pieces in hand: a piece in hand is never promoted (`+`)",
        ),
        (
            format!("{board}/LNSGKGSNL b Q 1"),
            "the pieces in hand: `Q` is not a piece of this game (its pieces in SFEN: \
             KRBGSNLPkrbgsnlp)",
        ),
        (
            format!("{board}/LNSGKGSNL b - 0"),
            "the move number: `0` is not a whole number from 1",
        ),
        (
            format!("{board}/LNSGKGSNL b - 1 x"),
            "the SFEN: it has 5 fields; expected 4 (board, player to move, pieces in hand, \
             move number) or the first 3",
        ),
    ];
    for (sfen, message) in cases {
        let e = parse_position(&game, &sfen).expect_err(&sfen);
        assert_eq!(
            e.to_string(),
            format!("bad position text: {message}"),
            "{sfen}"
        );
    }
}

#[test]
fn sfen_fits_games_with_pieces_taken_into_hand_and_fen_no_longer_does() {
    let game = shogi();
    assert!(sfen_fits(&game).is_ok());
    let why = fen_fits(&game).expect_err("FEN cannot say the hands");
    assert_eq!(
        why,
        "FEN does not fit Shogi: its pieces taken go into hand, which FEN cannot say (SFEN can)"
    );
    for name in ["chess", "xiangqi", "kalah"] {
        let other = pipeline::load(name, None, &[]).expect("loads");
        assert!(sfen_fits(&other).is_err(), "{name}");
    }
    let chess = pipeline::load("chess", None, &[]).expect("loads");
    let why = sfen_fits(&chess).expect_err("chess keeps no hands");
    assert!(why.contains("do not go into hand"), "{why}");
}

#[test]
fn the_cli_reads_sfen_and_prints_it() {
    let out = bin::run(&["position", "shogi", "--sfen"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), START);
    let given = "lnsgkgs2/1r5+B1/1pppppnpp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BL 8";
    let out = bin::run(&[
        "position",
        "shogi",
        "--position",
        given,
        "--moves",
        "a6-a5",
        "--sfen",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        "lnsgkgs2/1r5+B1/1pppppnpp/6p2/p8/2P6/PP1PPPPPP/7R1/LNSGKGSNL b BL 9"
    );
    let out = bin::run(&["position", "shogi", "--position", given]);
    assert!(text(&out.stdout).contains(
        "position: lnsgkgs2/1r5H1/1pppppnpp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL white \
         hand=black:0,0,1,0,0,0,1,0"
    ));
    let out = bin::run(&["position", "shogi", "--fen"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("FEN does not fit Shogi")
            && text(&out.stderr).contains("--sfen"),
        "{}",
        text(&out.stderr)
    );
    let out = bin::run(&["position", "chess", "--sfen"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("SFEN does not fit Chess"));
}

#[test]
fn the_repls_text_command_writes_sfen_going_on_from_the_sfen_given() {
    let mut command = bin::command([
        "play",
        "shogi",
        "--position",
        "lnsgkgs2/1r5+B1/1pppppnpp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BL 8",
    ]);
    let home = std::env::temp_dir().join(format!("rulebook-sfen-{}", std::process::id()));
    std::fs::create_dir_all(&home).expect("a home");
    command.env("RULEBOOK_HOME", &home).current_dir(&home);
    let out = bin::run_with_input(command, "text\na6-a5\ntext\n");
    let t = text(&out.stdout);
    assert!(
        t.contains("sfen: lnsgkgs2/1r5+B1/1pppppnpp/p5p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BL 8\n"),
        "{t}"
    );
    assert!(
        t.contains("sfen: lnsgkgs2/1r5+B1/1pppppnpp/6p2/p8/2P6/PP1PPPPPP/7R1/LNSGKGSNL b BL 9\n"),
        "{t}"
    );
    assert!(
        !t.lines().any(|l| l.starts_with("fen:")),
        "no FEN for shogi: {t}"
    );
    std::fs::remove_dir_all(home).expect("removed");
}

#[test]
fn usi_move_text_is_read_wherever_moves_are_typed() {
    let game = shogi();
    let (mut state, clocks) = parse_sfen(&game, START).expect("the start");
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"] {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(
        sfen_text(&state, clocks).as_deref(),
        Ok("lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6")
    );
    // Without `+` the bishop takes and stays a bishop; a move that must promote needs it.
    let (mut state, _) = parse_sfen(&game, START).expect("the start");
    for m in ["7g7f", "3c3d", "8h2b"] {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(sfen_text(&state, clocks).is_ok_and(|s| s.starts_with("lnsgkgsnl/1r5B1/")));
    let (mut pawn, _) = parse_sfen(&game, "4k4/P8/9/9/9/9/9/9/4K4 b - 1").expect("read");
    let refusals = [
        (
            "9b9a",
            "9b9a is not legal: the piece must be promoted by this move (write `+` after it)",
        ),
        (
            "9b8b+",
            "9b8b+ is not legal: the piece on a8 cannot go to b8; it can go: a8-a9",
        ),
    ];
    for (m, why) in refusals {
        let e = notation::parse_move(&mut pawn, m).expect_err(m);
        assert_eq!(e.to_string(), why, "{m}");
    }
    let (mut start, _) = parse_sfen(&game, START).expect("the start");
    let e = notation::parse_move(&mut start, "7g7f+").expect_err("no promotion there");
    assert_eq!(
        e.to_string(),
        "7g7f+ is not legal: the piece is not promoted by this move (write it without `+`)"
    );
    let out = bin::run(&["position", "shogi", "--moves", "7g7f 3c3d 8h2b+", "--sfen"]);
    assert_eq!(
        text(&out.stdout).trim(),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
}
