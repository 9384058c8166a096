//! Placement from a counted stock (`setup N PLAYER KIND in hand`, `hand(P[, K])`;
//! docs/language/pieces.md, "`setup`" and "Built-in functions"): Three Men's Morris
//! (`tests/fixtures/valid/three-mens-morris.game`) against a naive count of its move tree,
//! hand-built positions with their exact moves, the hands taken back by undo and kept in
//! the hash, and the hands in position text.

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::notation::{move_text, parse_position, play_text, position_text};
use rulebook::pipeline;

fn morris() -> Arc<Game> {
    match pipeline::load("tests/fixtures/valid/three-mens-morris.game", None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("Three Men's Morris loads:\n{}", e.render(false)),
    }
}

fn moves(state: &State) -> Vec<String> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    list.iter().map(|&m| move_text(state, m)).collect()
}

fn at(game: &Arc<Game>, text: &str) -> State {
    parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The lines of the board: the neighbours of each point (site `rank * 3 + file`) along
/// the ranks, the files and the two long diagonals.
const LINKS: [&[usize]; 9] = [
    &[1, 3, 4],                // a1: b1, a2, b2
    &[0, 2, 4],                // b1: a1, c1, b2
    &[1, 5, 4],                // c1: b1, c2, b2
    &[0, 6, 4],                // a2: a1, a3, b2
    &[0, 1, 2, 3, 5, 6, 7, 8], // b2: every point
    &[2, 8, 4],                // c2: c1, c3, b2
    &[3, 7, 4],                // a3: a2, b3, b2
    &[6, 8, 4],                // b3: a3, c3, b2
    &[7, 5, 4],                // c3: b3, c2, b2
];

const ROWS: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The leaves `depth` plies below a position of the rules as a rulebook states them:
/// place while you have men in hand, then step along a line; three in a row wins at once;
/// a player who cannot move loses (so has no moves below).
fn naive_perft(board: &mut [u8; 9], hands: &mut [u8; 2], mover: usize, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let me = mover as u8 + 1;
    let mut lines: Vec<(Option<usize>, usize)> = Vec::new();
    if hands[mover] > 0 {
        lines.extend((0..9).filter(|&s| board[s] == 0).map(|s| (None, s)));
    } else {
        for from in (0..9).filter(|&s| board[s] == me) {
            lines.extend(
                LINKS[from]
                    .iter()
                    .filter(|&&to| board[to] == 0)
                    .map(|&to| (Some(from), to)),
            );
        }
    }
    let mut total = 0;
    for (from, to) in lines {
        match from {
            None => hands[mover] -= 1,
            Some(f) => board[f] = 0,
        }
        board[to] = me;
        let won = ROWS.iter().any(|r| r.iter().all(|&s| board[s] == me));
        total += match (won, depth) {
            (_, 1) => 1,
            (true, _) => 0,
            (false, _) => naive_perft(board, hands, 1 - mover, depth - 1),
        };
        board[to] = 0;
        match from {
            None => hands[mover] += 1,
            Some(f) => board[f] = me,
        }
    }
    total
}

#[test]
fn perft_matches_a_naive_count_of_placements_then_steps() {
    let game = morris();
    let depth = 8;
    let counts = perft(&mut State::new(Arc::clone(&game)), depth);
    let expected: Vec<u64> = (1..=depth)
        .map(|d| naive_perft(&mut [0; 9], &mut [3, 3], 0, d))
        .collect();
    assert_eq!(counts, expected);
    // Nobody can win in the first four plies: every placement is a leaf.
    assert_eq!(&counts[..4], &[9, 72, 504, 3024]);
}

#[test]
fn men_are_placed_while_in_hand_then_stepped() {
    let game = morris();
    let start = State::new(Arc::clone(&game));
    assert_eq!(moves(&start).len(), 9, "any empty point");
    assert_eq!(start.pieces_in_hand(Player::FIRST), &[3]);
    // After b2 a1 c1 a3 a2 c3 both hands are empty: black steps along the lines only
    // (not b2-a3, taken; not a2-b1: no diagonal line there).
    let mut state = State::new(Arc::clone(&game));
    for m in ["b2", "a1", "c1", "a3", "a2"] {
        play_text(&mut state, m).expect("a placement");
    }
    assert_eq!(state.pieces_in_hand(Player::FIRST), &[0]);
    assert_eq!(state.pieces_in_hand(Player::SECOND), &[1]);
    assert_eq!(
        moves(&state),
        ["b1", "c2", "b3", "c3"],
        "white still places"
    );
    let board = rulebook::render::position_text(&state);
    assert!(board.contains("black (B): 3 pieces, 0 in hand"), "{board}");
    assert!(board.contains("white (W): 2 pieces, 1 in hand"), "{board}");
    play_text(&mut state, "c3").expect("white's last man");
    assert_eq!(position_text(&state), "W1W/BB1/W1B black");
    assert_eq!(moves(&state), ["c1-b1", "c1-c2", "b2-b1", "b2-c2", "b2-b3"]);
    // A man in hand: placing is the only move, even with men on the board.
    let state = at(&game, "W2/1B1/3 black hand=black:1 hand=white:2");
    assert_eq!(moves(&state), ["a1", "b1", "c1", "a2", "c2", "b3", "c3"]);
    let state = at(&game, "W2/1B1/3 black hand=black:0 hand=white:2");
    assert_eq!(
        moves(&state),
        ["b2-b1", "b2-a2", "b2-c2", "b2-b3", "b2-a1", "b2-c1", "b2-c3"],
        "the steps of the orthogonal rule, then the diagonal rule's"
    );
}

#[test]
fn the_hand_is_taken_back_by_undo_and_kept_in_the_hash() {
    let game = morris();
    let mut state = State::new(Arc::clone(&game));
    let start_hash = state.hash();
    play_text(&mut state, "b2").expect("a placement");
    assert_eq!(state.pieces_in_hand(Player::FIRST), &[2]);
    assert_eq!(
        state.hash(),
        state.rebuilt().hash(),
        "the hash after a placement"
    );
    state.undo();
    assert_eq!(state.pieces_in_hand(Player::FIRST), &[3]);
    assert_eq!(state.hash(), start_hash);
    assert!(state == State::new(Arc::clone(&game)));
    // The same board and side to move with other hands: other positions, other hashes.
    let a = at(&game, "3/1B1/3 white");
    let b = at(&game, "3/1B1/3 white hand=black:1");
    assert_eq!(
        a.pieces_in_hand(Player::FIRST),
        &[2],
        "the usual hand: three less the man placed"
    );
    assert!(a != b);
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn three_in_a_row_wins_and_hand_reads_for_any_player() {
    let game = morris();
    let mut state = at(&game, "3/BB1/WW1 black");
    play_text(&mut state, "c2").expect("the third man");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    // `hand(P)` and `hand(P, K)` in a rule of another game: white may place only while
    // black has more men in hand than white.
    let text = "game \"H\"\nplayers black, white\nboard grid 3 by 3\npiece man, king\n\
                setup 2 black man in hand\nsetup 1 white man in hand\nsetup 1 white king in hand\n\
                move place man when hand(mover, man) > 0\n\
                move place king when hand(mover) < hand(opponent) + 2\n\
                end when no legal move: mover loses\n";
    let game = pipeline::load_text("h.game", text, None, &[]).unwrap();
    let state = State::new(Arc::clone(&game));
    assert_eq!(state.pieces_in_hand(Player::FIRST), &[2, 0]);
    assert_eq!(state.pieces_in_hand(Player::SECOND), &[1, 1]);
    // Black has no king in hand: only men.
    assert_eq!(moves(&state).len(), 9);
    let mut state = at(&game, "3/3/3 white hand=black:0,0 hand=white:1,1");
    // White: a man (1 in hand), or a king (2 in hand < 0 + 2 is false): men only.
    assert_eq!(moves(&state).len(), 9);
    assert_eq!(position_text(&state), "3/3/3 white hand=black:0,0");
    play_text(&mut state, "a1").expect("a man");
    assert_eq!(state.pieces_in_hand(Player::SECOND), &[0, 1]);
    // Now black is to move with nothing in hand: no move, black loses.
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
}

#[test]
fn hands_in_position_text_read_back_and_bad_ones_are_refused() {
    let game = morris();
    for text in [
        "3/1B1/3 white",
        "3/1B1/3 white hand=black:0",
        "3/1B1/3 white hand=black:1 hand=white:0",
        "W1W/BB1/W1B black",
        "3/3/3 black hand=black:0",
    ] {
        let state = at(&game, text);
        assert_eq!(position_text(&state), text);
    }
    // The usual hand is not written: three less the men on the board.
    assert_eq!(
        position_text(&at(&game, "3/1B1/3 white hand=black:2")),
        "3/1B1/3 white"
    );
    for (text, why) in [
        ("3/3/3 black hand=black", "expected `hand=PLAYER:N`"),
        ("3/3/3 black hand=red:1", "`red` is not a player"),
        ("3/3/3 black hand=black:1,2", "expected `hand=PLAYER:N`"),
        (
            "3/3/3 black hand=black:x",
            "`x` is not a number of pieces in hand (0 to 100)",
        ),
        (
            "3/3/3 black hand=black:101",
            "`101` is not a number of pieces in hand",
        ),
        // More men on the board and in hand than the three a player has.
        (
            "3/1B1/3 white hand=black:3",
            "black's pieces: 1 on the board and 3 in hand, more than the 3 black starts with",
        ),
        (
            "WWW/W2/3 black",
            "white's pieces: 4 on the board and 0 in hand, more than the 3 white starts with",
        ),
        (
            "3/3/3 black hand=black:4",
            "more than the 3 black starts with",
        ),
        // A player's hand given twice.
        (
            "3/3/3 black hand=black:1 hand=black:2",
            "`hand=black:2`: it follows `hand=black:1`, which sets the same",
        ),
    ] {
        let e = parse_position(&game, text).expect_err(text).to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
    // A game without a stock has no hands.
    let othello = pipeline::load("othello", None, &[]).unwrap();
    let e = parse_position(&othello, "8/8/8/3WB3/3BW3/8/8/8 black hand=black:1")
        .expect_err("no hands in Othello")
        .to_string();
    assert!(e.contains("nothing may follow"), "{e}");
}

#[test]
fn positions_of_random_games_with_captures_read_back() {
    // Stones from a stock of 6 that capture by custodian: captures make the hands other
    // than the usual ones, so they are written.
    let text = "game \"Stock\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
                setup black stone on a1\nsetup 6 black stone in hand\nsetup 6 white stone in hand\n\
                move place stone\nmove step orthogonal when hand(mover) == 0\n\
                after move capture custodian orthogonal remove\n\
                end when no legal move: mover loses\n";
    let game = pipeline::load_text("stock.game", text, None, &[]).unwrap();
    let mut rng = Rng::new(3);
    let mut list = MoveList::new();
    let mut written = 0;
    for _ in 0..40 {
        let mut state = State::new(Arc::clone(&game));
        for _ in 0..60 {
            let text = position_text(&state);
            written += text.contains("hand=") as usize;
            let back = parse_position(&game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(back == state, "{text}");
            assert_eq!(position_text(&back), text);
            assert_eq!(back.hash(), state.rebuilt().hash(), "{text}");
            assert_eq!(moves(&back), moves(&state), "{text}");
            state.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            state.apply(list[rng.below(list.len())]);
        }
        while state.undo().is_some() {}
        assert!(state == State::new(Arc::clone(&game)), "undo to the start");
    }
    assert!(
        written > 20,
        "hands other than the usual ones were written ({written})"
    );
}
