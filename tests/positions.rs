//! Hand-built positions for every rule of Ming Mang and Gundru (MM-2 .. MM-7), drawn as
//! diagrams (top rank first; `B` black, `W` white, `.` empty).

use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::model::{Player, Site};
use rulebook::notation::{self, MoveError};
use rulebook::{pipeline, render};

fn game(sets: &[&str]) -> Arc<Game> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    pipeline::load("ming-mang", None, &sets).expect("the bundled game loads")
}

/// A position from a diagram, with `to_move` ("black" or "white") to move.
fn position(game: &Arc<Game>, diagram: &str, to_move: &str) -> State {
    let cells = render::parse_diagram(game, diagram).expect("a valid diagram");
    let player = game.player_by_name(to_move).expect("a player");
    State::with_cells(Arc::clone(game), cells, player)
}

/// The board as a diagram without labels, for comparing with an expected one.
fn board(state: &State) -> String {
    let g = state.game();
    let w = g.board.width as usize;
    state
        .cells()
        .chunks(w)
        .rev()
        .map(|row| {
            row.iter()
                .map(|&c| render::glyph(g, c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn normalize(diagram: &str) -> String {
    diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

fn legal(state: &mut State) -> Vec<String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| notation::move_text(state, *m))
        .collect()
}

/// Plays `mv` and checks the board afterwards.
fn assert_after(state: &mut State, mv: &str, expected: &str) {
    notation::play_text(state, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert_eq!(board(state), normalize(expected), "after {mv}");
}

#[test]
fn mm3_captures_a_line_in_one_direction_and_converts_it() {
    let g = game(&["size=6"]);
    let mut s = position(
        &g,
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B W W . . .
        . . . . . .
        . . . B . .",
        "black",
    );
    assert_after(
        &mut s,
        "d1-d3",
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B B B B . .
        . . . . . .
        . . . . . .",
    );
    assert_eq!((s.pieces(Player::FIRST), s.pieces(Player::SECOND)), (4, 0));
}

#[test]
fn mm3_captures_in_two_directions_at_once() {
    let g = game(&["size=6"]);
    let mut s = position(
        &g,
        "
        . . . . . .
        . . . B . .
        . . . W . .
        . B W . . .
        . . . . . .
        . . . B . .",
        "black",
    );
    assert_after(
        &mut s,
        "d1-d3",
        "
        . . . . . .
        . . . B . .
        . . . B . .
        . B B B . .
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm3_captures_in_three_directions_at_once() {
    let g = game(&["size=6"]);
    let mut s = position(
        &g,
        "
        . . . . . .
        . . . B . .
        . . . W . .
        B W W . W B
        . . . . . .
        . . . B . .",
        "black",
    );
    assert_after(
        &mut s,
        "d1-d3",
        "
        . . . . . .
        . . . B . .
        . . . B . .
        B B B B B B
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm3_captures_lines_on_both_sides_of_the_same_rank() {
    let g = game(&["size=6"]);
    let mut s = position(
        &g,
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B W . W W B
        . . . . . .
        . . B . . .",
        "black",
    );
    assert_after(
        &mut s,
        "c1-c3",
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B B B B B B
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm3_a_run_must_be_unbroken_and_closed() {
    let g = game(&["size=6"]);
    let mut s = position(
        &g,
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B . W . . .
        W . . . . .
        . . . B . .",
        "black",
    );
    // d3: west is W then a gap; no capture. Nor along a file without a closing piece.
    assert_after(
        &mut s,
        "d1-d3",
        "
        . . . . . .
        . . . . . .
        . . . . . .
        B . W B . .
        W . . . . .
        . . . . . .",
    );
}

#[test]
fn mm3_moving_into_a_sandwich_is_safe() {
    let g = game(&["size=5"]);
    let mut s = position(
        &g,
        "
        . . . . .
        . . . . .
        . W . W .
        . . . . .
        . . B . .",
        "black",
    );
    assert_after(
        &mut s,
        "c1-c3",
        "
        . . . . .
        . . . . .
        . W B W .
        . . . . .
        . . . . .",
    );
    // White may now close the sandwich only by moving a flanking piece away and back.
    assert_eq!(s.pieces(Player::FIRST), 1);
}

#[test]
fn mm3_extending_a_flanked_line_of_ones_own_is_safe() {
    let g = game(&["size=5"]);
    let mut s = position(
        &g,
        "
        . . . . .
        . . . . .
        W B . W .
        . . . . .
        . . B . .",
        "black",
    );
    assert_after(
        &mut s,
        "c1-c3",
        "
        . . . . .
        . . . . .
        W B B W .
        . . . . .
        . . . . .",
    );
}

#[test]
fn mm3_converted_pieces_do_not_capture_in_turn() {
    let g = game(&["size=6"]);
    // Black's c1-c3 captures b3. The converted b3 would close b4 against b5, but
    // conversions make no captures of their own.
    let mut s = position(
        &g,
        "
        . . . . . .
        . B . . . .
        . W . . . .
        B W . . . .
        . . . . . .
        . . B . . .",
        "black",
    );
    assert_after(
        &mut s,
        "c1-c3",
        "
        . . . . . .
        . B . . . .
        . W . . . .
        B B B . . .
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm2_slides_any_distance_over_empty_points_only() {
    let g = game(&["size=5"]);
    let mut s = position(
        &g,
        "
        . . . . .
        . . W . .
        . . . . .
        . . . . .
        B . B . .",
        "black",
    );
    let moves = legal(&mut s);
    assert!(moves.contains(&"c1-c3".to_string()));
    assert!(
        !moves.contains(&"c1-c4".to_string()),
        "may not land on a piece"
    );
    assert!(!moves.contains(&"c1-c5".to_string()), "may not jump");
    assert!(
        !moves.contains(&"a1-c1".to_string()),
        "may not pass through a piece"
    );
    assert!(!moves.iter().any(|m| m == "c1-d2"), "no diagonal moves");
    // a1: 4 up, 1 right; c1: 2 up, 2 right, 1 left.
    assert_eq!(moves.len(), 5 + 5);
}

#[test]
fn mm4_a_player_with_no_legal_move_loses() {
    let g = game(&["size=4"]);
    let mut s = position(
        &g,
        "
        . . . .
        . . . .
        W . . .
        B W . .",
        "black",
    );
    assert!(legal(&mut s).is_empty());
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    assert_eq!(
        notation::play_text(&mut s, "a1-a2"),
        Err(MoveError::GameOver)
    );
}

#[test]
fn mm4_a_player_with_no_pieces_loses() {
    let g = game(&["size=4"]);
    let s = position(
        &g,
        "
        . . . .
        . . . .
        . . . .
        W . . .",
        "black",
    );
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    let s = position(
        &g,
        "
        . . . .
        . . . .
        . . . .
        W . . .",
        "white",
    );
    assert_eq!(s.outcome(), None);
}

#[test]
fn mm5_refuses_a_move_that_recreates_an_earlier_position() {
    let on = game(&["size=8", "repetition=on"]);
    let mut s = State::new(on);
    for m in ["h2-g2", "a2-b2", "g2-h2"] {
        notation::play_text(&mut s, m).unwrap();
    }
    // b2-a2 would bring back the start position with Black to move.
    assert!(!legal(&mut s).contains(&"b2-a2".to_string()));
    match notation::play_text(&mut s, "b2-a2") {
        Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("repeat"), "{reason}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Other moves of that piece stay legal, and without the option the move is legal.
    assert!(legal(&mut s).contains(&"b2-c2".to_string()));
    let mut off = State::new(game(&["size=8", "repetition=off"]));
    for m in ["h2-g2", "a2-b2", "g2-h2", "b2-a2"] {
        notation::play_text(&mut off, m).unwrap();
    }
}

#[test]
fn mm5_a_player_whose_every_move_is_forbidden_loses() {
    // Seeded random games on the smallest board with MM-5 on, until the player to move has
    // pieces that could move (the same position without MM-5 has moves) but every such
    // move would repeat a position: MM-4 then says that player loses.
    let on = game(&["size=4", "repetition=on"]);
    let off = game(&["size=4", "repetition=off"]);
    let mut rng = rulebook::analysis::Rng::new(5);
    let mut moves = MoveList::new();
    for _ in 0..2000 {
        let mut s = State::new(Arc::clone(&on));
        for _ in 0..200 {
            s.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            s.apply(moves[rng.below(moves.len())]);
        }
        let mut unbanned = State::with_cells(Arc::clone(&off), s.cells().to_vec(), s.to_move());
        if legal(&mut s).is_empty() && !legal(&mut unbanned).is_empty() {
            let mover = s.to_move();
            assert_eq!(s.outcome(), Some(Outcome::Win(mover.next(2))));
            return;
        }
    }
    panic!("no game ended with every move forbidden");
}

#[test]
fn mm6_board_captures_a_run_bending_at_a_corner() {
    let diagram = "
        . . . . .
        . . . . .
        W . W . .
        B . . . .
        B B . . .";
    let bent = "
        . . . . .
        . . . . .
        W . . . .
        W . . . .
        W W W . .";
    let mut s = position(&game(&["size=5", "corner=board"]), diagram, "white");
    assert_after(&mut s, "c3-c1", bent);
    // The same move without the option captures nothing.
    let mut s = position(&game(&["size=5", "corner=off"]), diagram, "white");
    assert_after(
        &mut s,
        "c3-c1",
        "
        . . . . .
        . . . . .
        W . . . .
        B . . . .
        B B W . .",
    );
    // The second reading includes board-corner runs.
    let mut s = position(&game(&["size=5", "corner=anywhere"]), diagram, "white");
    assert_after(&mut s, "c3-c1", bent);
}

#[test]
fn mm6_board_a_corner_at_the_end_of_the_run_is_no_bend() {
    // From c1 the run is b1, a1 and the corner a1 is its last piece: no capture (neither
    // a straight MM-3 line, which runs off the board, nor a bent run).
    for corner in ["board", "anywhere"] {
        let mut s = position(
            &game(&["size=5", &format!("corner={corner}")]),
            "
            . . . . .
            . . . . .
            . . W . .
            W . . . .
            B B . . .",
            "white",
        );
        assert_after(
            &mut s,
            "c3-c1",
            "
            . . . . .
            . . . . .
            . . . . .
            W . . . .
            B B W . .",
        );
    }
}

#[test]
fn mm6_board_a_run_bending_at_two_corners_is_not_captured() {
    // On 4x4, from d3: d2, d1 (corner), c1, b1, a1 (corner), a2, then a3 closes. Both
    // corners are inside the run: two bends, so nothing is captured.
    let mut s = position(
        &game(&["size=4", "corner=board"]),
        "
        . . . W
        W . . .
        B . . B
        B B B B",
        "white",
    );
    assert_after(
        &mut s,
        "d4-d3",
        "
        . . . .
        W . . W
        B . . B
        B B B B",
    );
}

#[test]
fn mm6_board_the_first_piece_of_a_run_may_be_a_corner() {
    // From d2: d1 (corner, the run's first piece), c1, b1, a1 (corner, inside), a2, then
    // a3 closes: one bend inside the run, so all five are captured.
    let mut s = position(
        &game(&["size=4", "corner=board"]),
        "
        . . . W
        W . . .
        B . . .
        B B B B",
        "white",
    );
    assert_after(
        &mut s,
        "d4-d2",
        "
        . . . .
        W . . .
        W . . W
        W W W W",
    );
}

#[test]
fn mm6_anywhere_captures_a_run_with_one_turn_inside_the_board() {
    let diagram = "
        . . . . . .
        . . . W . .
        . . . B . .
        . . B B . .
        . W . . . .
        . . . . . .";
    let mut s = position(&game(&["size=6", "corner=anywhere"]), diagram, "white");
    assert_after(
        &mut s,
        "b2-b3",
        "
        . . . . . .
        . . . W . .
        . . . W . .
        . W W W . .
        . . . . . .
        . . . . . .",
    );
    let mut s = position(&game(&["size=6", "corner=board"]), diagram, "white");
    assert_after(
        &mut s,
        "b2-b3",
        "
        . . . . . .
        . . . W . .
        . . . B . .
        . W B B . .
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm6_anywhere_the_turn_must_be_strictly_inside_the_run() {
    // From b3 the first piece c3 is where the line would turn: not allowed.
    let mut s = position(
        &game(&["size=6", "corner=anywhere"]),
        "
        . . . . . .
        . . . . . .
        . . W . . .
        . . B . . .
        . W . . . .
        . . . . . .",
        "white",
    );
    assert_after(
        &mut s,
        "b2-b3",
        "
        . . . . . .
        . . . . . .
        . . W . . .
        . W B . . .
        . . . . . .
        . . . . . .",
    );
}

#[test]
fn mm6_gundru_takes_fifteen_pieces_in_one_bent_run() {
    let mut s = State::new(pipeline::load("gundru", None, &[]).unwrap());
    notation::play_text(&mut s, "i2-e2").unwrap();
    assert_eq!(
        (s.pieces(Player::FIRST), s.pieces(Player::SECOND)),
        (16, 16)
    );
    notation::play_text(&mut s, "i1-i2").unwrap();
    assert_eq!((s.pieces(Player::FIRST), s.pieces(Player::SECOND)), (1, 31));
    assert_eq!(s.owner(g_site(&s, "e2")), Some(Player::FIRST));
}

fn g_site(s: &State, name: &str) -> Site {
    s.game().board.site_named(name).expect("a site")
}

#[test]
fn mm7_a_lone_piece_jumps_and_converts_then_the_power_lapses() {
    let g = game(&["size=5", "lone-jump=on"]);
    let mut s = position(
        &g,
        "
        . . . . .
        . . W W .
        . . B W .
        . . . . .
        W . . . .",
        "black",
    );
    let moves = legal(&mut s);
    assert!(moves.contains(&"c3-c5".to_string()), "{moves:?}");
    assert!(moves.contains(&"c3-e3".to_string()), "{moves:?}");
    assert_after(
        &mut s,
        "c3-c5",
        "
        . . B . .
        . . B W .
        . . . W .
        . . . . .
        W . . . .",
    );
    // Now Black has two pieces: c4 could jump d4 to e4, but the power has lapsed.
    notation::play_text(&mut s, "a1-b1").unwrap();
    let moves = legal(&mut s);
    assert!(!moves.contains(&"c4-e4".to_string()), "{moves:?}");
    // Without the option the lone piece cannot jump.
    let mut off = position(
        &game(&["size=5", "lone-jump=off"]),
        "
        . . . . .
        . . W . .
        . . B W .
        . . . . .
        W . . . .",
        "black",
    );
    assert!(!legal(&mut off).contains(&"c3-c5".to_string()));
}

#[test]
fn mm7_two_pieces_have_no_jump() {
    let g = game(&["size=5", "lone-jump=on"]);
    let mut s = position(
        &g,
        "
        . . . . .
        . . W . .
        . . B . .
        . . . . .
        B . . . W",
        "black",
    );
    assert!(!legal(&mut s).contains(&"c3-c5".to_string()));
}

#[test]
fn a_custom_rule_file_can_remove_captured_pieces_and_limit_run_length() {
    let text = r#"
        game "Short sandwich"
        players black, white
        board grid 5 by 5
        piece stone
        setup black stone on rank(1)
        setup white stone on rank(5)
        move slide orthogonal
        after move capture custodian orthogonal max 1 remove
        end when no legal move: mover loses
    "#;
    let g = pipeline::load_text("short.game", text, None, &[]).expect("the file loads");
    let mut s = position(
        &g,
        "
        . . . . .
        . . . . .
        B W . W W
        . . . . .
        . . B . B",
        "black",
    );
    // c1-c3 closes b3 (one piece: removed) but not d3-e3 (two pieces, above the limit).
    assert_after(
        &mut s,
        "c1-c3",
        "
        . . . . .
        . . . . .
        B . B W W
        . . . . .
        . . . . B",
    );
}

#[test]
fn move_text_errors_say_what_is_wrong() {
    let mut s = State::new(game(&["size=8"]));
    let err = |s: &mut State, t: &str| notation::play_text(s, t).unwrap_err().to_string();
    assert!(err(&mut s, "hello").contains("expected two points"));
    assert!(err(&mut s, "z9-a1").contains("not a point of this board"));
    assert!(err(&mut s, "d4-d5").contains("no piece on d4"));
    assert!(err(&mut s, "a2-b2").contains("not black's"));
    assert!(err(&mut s, "h2-h4").contains("cannot go to h4"));
    assert!(err(&mut s, "h1-h2").contains("cannot move"));
    assert_eq!(s.ply(), 0, "refused moves change nothing");
}
