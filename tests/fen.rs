//! FEN and UCI move text (`notation::parse_fen`, `fen_text`, `uci_text`;
//! docs/language/positions.md, "Positions as text" and "Moves as text"): every `# fen`
//! line of tests/perft/chess.perft reads into the same position as the rulebook text
//! under it, with the same perft counts, and is written back unchanged; `rulebook
//! position --fen` goes on with the clocks over the moves; contradictions are refused
//! naming the field; UCI move text is read wherever moves are typed and written for every
//! legal move.

use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::{MoveList, State};
use rulebook::model::Game;
use rulebook::notation::{
    self, clocks_after, fen_fits, fen_text, move_text, parse_fen, parse_position, uci_text, Clocks,
};
use rulebook::pipeline;

use crate::common::bin::{self, text};

fn chess() -> Arc<Game> {
    pipeline::load("chess", None, &[]).expect("chess loads")
}

/// The perft file's FENs, each with the rulebook text under it.
fn perft_fens() -> Vec<(String, String)> {
    let file = std::fs::read_to_string("tests/perft/chess.perft").expect("the perft file");
    let lines: Vec<&str> = file.lines().collect();
    let pairs: Vec<(String, String)> = (lines.windows(2))
        .filter_map(|w| {
            let fen = w[0].strip_prefix("# fen ")?;
            let text = w[1].strip_prefix("position ")?;
            Some((fen.to_string(), text.to_string()))
        })
        .collect();
    assert_eq!(pairs.len(), 11, "the file's FENs");
    pairs
}

#[test]
fn an_en_passant_square_no_legal_capture_uses_is_read_and_dropped() {
    let game = chess();
    let given = "8/2p3p1/8/K2pP2r/5P1p/8/1k4P1/2R5 w - d6 0 30";
    let (read, clocks) = parse_fen(&game, given).expect("a FEN with an en passant square");
    let (none, _) = parse_fen(&game, &given.replace(" d6 ", " - ")).expect("the same without");
    assert!(
        read == none && read.hash() == none.hash(),
        "e5-d6 is not legal"
    );
    let written = fen_text(&read, clocks).expect("written");
    assert_eq!(written, given.replace(" d6 ", " - "));
}

#[test]
fn a_king_unmoved_whose_rooks_have_moved_is_written_without_castling() {
    let game = chess();
    let (mut state, clocks) =
        parse_fen(&game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("read");
    for m in ["a1-b1", "h8-g8", "h1-g1"] {
        notation::play_text(&mut state, m).expect("a rook's move");
    }
    let clocks = clocks_after(clocks, &state);
    assert_eq!(
        fen_text(&state, clocks).as_deref(),
        Ok("r3k1r1/8/8/8/8/8/8/1R2K1R1 b q - 3 2")
    );
}

#[test]
fn fen_is_written_or_refused_after_moves_of_every_kind_in_every_game_it_fits() {
    for bundled in rulebook::catalog::BUNDLED {
        let game = pipeline::load(bundled.name, None, &[]).expect("a bundled game loads");
        if fen_fits(&game).is_err() {
            continue;
        }
        let mut state = State::new(Arc::clone(&game));
        let mut moves = MoveList::new();
        for ply in 0..12 {
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state.apply(moves[ply * 7 % moves.len()]);
            let clocks = clocks_after(Clocks::default(), &state);
            if let Ok(fen) = fen_text(&state, clocks) {
                let (read, _) = parse_fen(&game, &fen).expect("a FEN written reads back");
                assert_eq!(read.cells(), state.cells(), "{}: {fen}", bundled.name);
                let texts = notation::legal_texts;
                assert_eq!(texts(&read), texts(&state), "{}: {fen}", bundled.name);
            }
        }
    }
}

#[test]
fn xiangqi_fen_is_read_and_written_with_red_to_move_as_w() {
    let game = pipeline::load("xiangqi", None, &[]).expect("xiangqi loads");
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let (state, clocks) = parse_fen(&game, start).expect("the published start");
    assert!(state == State::new(Arc::clone(&game)), "the start position");
    assert_eq!(fen_text(&state, clocks).as_deref(), Ok(start));
    let red = start.replace(" w ", " r ");
    let (by_initial, _) = parse_fen(&game, &red).expect("red's initial read too");
    assert!(by_initial == state);
}

#[test]
fn the_perft_files_fens_read_as_their_texts_and_write_back_unchanged() {
    let game = chess();
    for (fen, text) in perft_fens() {
        let (mut from_fen, clocks) =
            parse_fen(&game, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut from_text = parse_position(&game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(from_fen.setup(), from_text.setup(), "{fen}");
        assert_eq!(from_fen.hash(), from_text.hash(), "{fen}");
        assert_eq!(perft(&mut from_fen, 2), perft(&mut from_text, 2), "{fen}");
        assert_eq!(fen_text(&from_fen, clocks).as_deref(), Ok(fen.as_str()));
        let read = parse_position(&game, &fen).expect("FEN wherever position text is");
        assert_eq!(read.setup(), from_text.setup(), "{fen}");
    }
}

#[test]
fn castling_rights_decide_which_kings_and_rooks_are_unmoved() {
    let game = chess();
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w";
    let castles = |rights: &str| {
        let (state, _) = parse_fen(&game, &format!("{base} {rights} - 0 1")).expect("reads");
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mut castles: Vec<String> = (moves.iter())
            .map(|&m| move_text(&state, m))
            .filter(|t| t.starts_with("e1-g1") || t.starts_with("e1-c1"))
            .collect();
        castles.sort();
        castles
    };
    assert_eq!(castles("KQkq"), ["e1-c1", "e1-g1"]);
    // Castling typed as UCI writes it: the king's move.
    let (mut state, _) = parse_fen(&game, &format!("{base} KQkq - 0 1")).expect("reads");
    let castle = notation::parse_move(&mut state, "e1g1").expect("castling as UCI text");
    assert_eq!(move_text(&state, castle), "e1-g1");
    assert_eq!(uci_text(&state, castle).as_deref(), Some("e1g1"));
    assert_eq!(castles("K"), ["e1-g1"]);
    assert_eq!(castles("Qk"), ["e1-c1"]);
    assert!(castles("kq").is_empty());
    assert!(castles("-").is_empty());
    // Each reads back as written, in the usual order.
    for rights in ["KQkq", "K", "Qk", "kq", "-"] {
        let fen = format!("{base} {rights} - 0 1");
        let (state, clocks) = parse_fen(&game, &fen).expect("reads");
        assert_eq!(fen_text(&state, clocks), Ok(fen));
    }
}

#[test]
fn contradictions_are_refused_naming_the_field() {
    let game = chess();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "the castling field",
            "h1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w Qkq - 0 1",
            "the castling field",
            "e1",
        ),
        (
            &format!("{start} w KQkqX - 0 1"),
            "the castling field",
            "`X`",
        ),
        (
            &format!("{start} w KK - 0 1"),
            "the castling field",
            "twice",
        ),
        (
            &format!("{start} w KQkq e3 0 1"),
            "the en passant square",
            "e3",
        ),
        (
            &format!("{start} w KQkq e9 0 1"),
            "the en passant square",
            "e9",
        ),
        (
            &format!("{start} x KQkq - 0 1"),
            "the player to move",
            "`w` (white)",
        ),
        (
            &format!("{start} w KQkq - -1 1"),
            "the halfmove clock",
            "-1",
        ),
        (&format!("{start} w KQkq - 0 0"), "the fullmove number", "0"),
        (&format!("{start} w KQkq - 0"), "the FEN", "5 fields"),
        (&format!("{start} w"), "the FEN", "2 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "the board",
            "7 ranks",
        ),
    ];
    for (fen, at, words) in cases {
        let e = parse_fen(&game, fen)
            .err()
            .unwrap_or_else(|| panic!("{fen} is refused"));
        assert_eq!(e.at, at, "{fen}: {e}");
        assert!(e.to_string().contains(words), "{fen}: {e}");
    }
}

#[test]
fn en_passant_gives_the_last_move_and_the_capture_in_passing() {
    let game = chess();
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let (state, clocks) = parse_fen(&game, fen).expect("reads");
    assert!(notation::legal_texts(&state).contains(&"e5-f6".to_string()));
    assert_eq!(fen_text(&state, clocks).as_deref(), Ok(fen));
    let none = fen.replace(" f6 ", " - ");
    let (state, _) = parse_fen(&game, &none).expect("reads");
    assert!(!notation::legal_texts(&state).contains(&"e5-f6".to_string()));
}

#[test]
fn the_clocks_go_on_over_the_moves_played() {
    let game = chess();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 12";
    let (mut state, clocks) = parse_fen(&game, fen).expect("reads");
    let clocks_of = |moves: &str, state: &mut State| {
        for m in moves.split_whitespace() {
            notation::play_text(state, m).expect("legal");
        }
        clocks_after(clocks, state)
    };
    let quiet = clocks_of("g8-f6 g1-f3", &mut state);
    assert_eq!(
        quiet,
        Clocks {
            halfmove: 9,
            fullmove: 13
        }
    );
    let pawn = clocks_of("e7-e5", &mut state);
    assert_eq!(
        pawn,
        Clocks {
            halfmove: 0,
            fullmove: 14
        }
    );
    let taken = clocks_of("f3-e5 b8-c6 e5-c6", &mut state);
    assert_eq!(
        taken,
        Clocks {
            halfmove: 0,
            fullmove: 15
        }
    );
    assert_eq!(
        clocks_after(Clocks::default(), &State::new(game)),
        Clocks::default()
    );
}

#[test]
fn fen_fits_grids_of_two_players_whose_pieces_have_distinct_letters() {
    for name in ["chess", "draughts", "othello", "go", "xiangqi"] {
        let game = pipeline::load(name, None, &[]).expect("loads");
        assert!(fen_fits(&game).is_ok(), "{name}");
        let state = State::new(Arc::clone(&game));
        let fen = fen_text(&state, Clocks::default()).expect("its start as FEN");
        let (back, _) = parse_fen(&game, &fen).expect("reads back");
        assert_eq!(back.setup(), state.setup(), "{name}: {fen}");
    }
    for name in ["kalah", "migong"] {
        let game = pipeline::load(name, None, &[]).expect("loads");
        let why = fen_fits(&game).expect_err("not a grid");
        assert!(why.contains("not a grid"), "{why}");
    }
}

#[test]
fn uci_move_text_is_read_and_written_for_every_legal_move() {
    let game = chess();
    let fen = "r3k2r/1P3pPp/8/8/8/8/pP4p1/RN2K2R w KQkq - 0 1";
    let (state, _) = parse_fen(&game, fen).expect("reads");
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    for &m in moves.iter() {
        let uci = uci_text(&state, m).expect("every move of chess has UCI text");
        let mut copy = state.clone();
        assert_eq!(notation::parse_move(&mut copy, &uci), Ok(m), "{uci}");
    }
    let texts: Vec<String> = moves.iter().filter_map(|&m| uci_text(&state, m)).collect();
    for expected in ["b7a8q", "b7b8n", "g7h8r", "h1g1", "e1d2"] {
        assert!(
            texts.contains(&expected.to_string()),
            "{expected}: {texts:?}"
        );
    }
    let mut copy = state.clone();
    let e = notation::parse_move(&mut copy, "b7b8").expect_err("a promotion says to what");
    assert!(e.to_string().starts_with("b7b8 is not legal"), "{e}");
}

#[test]
fn the_cli_reads_fen_and_uci_moves_and_prints_fen() {
    let out = bin::run(&["position", "chess", "--fen", "--moves", "e2e4 c7c5 g1f3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout).trim(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    let out = bin::run(&[
        "position",
        "chess",
        "--fen",
        "--position",
        fen,
        "--moves",
        "d7d5 e4d5",
    ]);
    assert_eq!(
        text(&out.stdout).trim(),
        "rnbqkbnr/pp2pppp/8/2pP4/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 3"
    );
    let out = bin::run(&[
        "position",
        "chess",
        "--position",
        &fen.replace(" b ", " x "),
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the player to move"),
        "{}",
        text(&out.stderr)
    );
    let out = bin::run(&["position", "kalah", "--fen"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("FEN does not fit Kalah"),
        "{}",
        text(&out.stderr)
    );
}
