//! The bundled Pentago (`games/pentago.game`, rules PE-1 .. PE-5 of `docs/games/pentago.md`)
//! and the clause it proves, `then rotate`: a quarter turn on hand-built positions, every
//! legal move of random positions against a turn worked out here from coordinates, the
//! wins and draws that only the turn makes, the move text and its errors, and random games
//! that OpenSpiel played (`tests/openspiel/pentago-games.txt`, printed by
//! `tests/openspiel/pentago.py`), each ending in rulebook at the same ply with the same
//! result.

use std::sync::Arc;

use crate::common::move_texts::play_to_end;
use crate::common::xorshift::XorShift;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player, Site};
use rulebook::{notation, pipeline};

fn pentago() -> Arc<Game> {
    pipeline::load("pentago", None, &[]).expect("the bundled Pentago loads")
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(game: &Arc<Game>, position: &str, text: &str) -> State {
    let mut state = at(game, position);
    notation::play_text(&mut state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state
}

/// The marble (`W`, `B`) or `.` on each point, `a1` first, rank by rank.
fn points(state: &State) -> Vec<char> {
    let cells = state.game().board.sites();
    (0..cells)
        .map(|i| match state.owner(Site::at(i)) {
            Some(Player::FIRST) => 'W',
            Some(_) => 'B',
            None => '.',
        })
        .collect()
}

/// The points after turning quarter `q` (1 north-west, 2 north-east, 3 south-east, 4
/// south-west) a quarter turn, clockwise or not, worked out from file and rank.
fn turned(before: &[char], q: usize, clockwise: bool) -> Vec<char> {
    let (f0, r0) = [(0, 3), (3, 3), (3, 0), (0, 0)][q - 1];
    let mut after = before.to_vec();
    for y in 0..3 {
        for x in 0..3 {
            // Clockwise, north up, the piece at (x, y) goes to (y, 2 - x).
            let (tx, ty) = match clockwise {
                true => (y, 2 - x),
                false => (2 - y, x),
            };
            after[(r0 + ty) * 6 + f0 + tx] = before[(r0 + y) * 6 + f0 + x];
        }
    }
    after
}

#[test]
fn pe3_a_quarter_turn_carries_the_marbles_of_its_quarter_round_it() {
    let game = pentago();
    let empty = "6/6/6/6/6/6 white";
    // The north-west quarter is a4..c6: its corner a6 goes to c6 clockwise, a4 the other way.
    let cw = after(&game, empty, "a6/1cw");
    assert_eq!(notation::position_text(&cw), "2W3/6/6/6/6/6 black");
    let ccw = after(&game, empty, "a6/1ccw");
    assert_eq!(notation::position_text(&ccw), "6/6/W5/6/6/6 black");
    // The last move's marble is shown where the turn carried it.
    let (m, _) = cw.last_move().expect("a move");
    assert_eq!(game.board.site_names[m.lands_at(&game).index()], "c6");
    let (m, _) = ccw.last_move().expect("a move");
    assert_eq!(game.board.site_names[m.lands_at(&game).index()], "a4");
    // The centre of a quarter stays; the other quarters do not move.
    let centre = after(&game, "6/6/6/6/1B2W1/6 white", "b5/4cw");
    assert_eq!(notation::position_text(&centre), "6/1W4/6/6/1B2W1/6 black");
    // A marble in a corner of the south-east quarter goes round its corners, d1, d3, f3, f1.
    let mut state = at(&game, "6/6/6/6/6/3W2 black");
    for (turn, expected) in [
        ("a6/3cw", "B5/6/6/3W2/6/6 white"),
        ("f6/3cw", "B4W/6/6/5W/6/6 black"),
        ("b6/3cw", "BB3W/6/6/6/6/5W white"),
    ] {
        notation::play_text(&mut state, turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        assert_eq!(notation::position_text(&state), expected, "after {turn}");
    }
}

#[test]
fn pe3_every_move_places_a_marble_then_turns_its_quarter_as_worked_out_from_coordinates() {
    let game = pentago();
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut moves = MoveList::new();
    let mut checked = 0;
    for _ in 0..40 {
        // A position some random plies into a game (not over).
        let mut state = State::new(Arc::clone(&game));
        for _ in 0..rng.below(30) {
            state.legal_moves(&mut moves);
            if state.outcome().is_some() {
                break;
            }
            state.apply(moves[rng.below(moves.len())]);
        }
        if state.outcome().is_some() {
            continue;
        }
        let text = notation::position_text(&state);
        let before = points(&state);
        state.legal_moves(&mut moves);
        let empties = before.iter().filter(|&&c| c == '.').count();
        assert_eq!(moves.len(), empties * 8, "{text}");
        for &m in moves.iter() {
            let written = notation::move_text(&state, m);
            let (site, turn) = written.split_once('/').expect("a turn");
            let q: usize = turn[..1].parse().expect("a quarter");
            let mut placed = before.clone();
            let s = game.board.site_named(site).expect("a point");
            placed[s.index()] = ['W', 'B'][state.to_move().index()];
            let mut copy = state.clone();
            copy.apply(m);
            assert_eq!(
                points(&copy),
                turned(&placed, q, !turn.ends_with("ccw")),
                "{text}: {written}"
            );
            checked += 1;
        }
    }
    assert!(checked > 2000, "{checked} moves checked");
}

#[test]
fn pe4_five_made_by_the_turn_wins_for_whoever_it_is_even_the_other_player() {
    let game = pentago();
    // White's clockwise turn of the north-west quarter brings Black's a4, a5, a6 up to
    // a6, b6, c6, beside d6 and e6: Black's five, made on White's move.
    let opponent = after(&game, "B2BB1/B4W/B5/4W1/1W4/2W3 white", "f1/1cw");
    assert_eq!(
        notation::position_text(&opponent),
        "BBBBB1/5W/6/4W1/1W4/2W2W black"
    );
    assert_eq!(opponent.outcome(), Some(Outcome::Win(Player::SECOND)));
    // White's anticlockwise turn of the south-east quarter brings d3 and d2 down to d1 and
    // e1, beside a1, b1, c1: White's five.
    let mover = after(&game, "3B1B/1B3B/2B3/3W2/3W2/WWW3 white", "a6/3ccw");
    assert_eq!(
        notation::position_text(&mover),
        "W2B1B/1B3B/2B3/6/6/WWWWW1 black"
    );
    assert_eq!(mover.outcome(), Some(Outcome::Win(Player::FIRST)));
    // Placed without the turn, the same marbles make no five.
    let none = after(&game, "3B1B/1B3B/2B3/3W2/3W2/WWW3 white", "a6/1cw");
    assert_eq!(none.outcome(), None);
}

#[test]
fn pe4_five_of_both_colours_at_once_is_a_draw() {
    let game = pentago();
    // One turn of the north-west quarter makes Black's rank 6 (from a4, a5, a6) and
    // White's rank 4 (from c4, c5, c6) at once.
    let both = after(&game, "B1WBB1/B1W3/B1WWW1/6/6/6 white", "f1/1cw");
    assert_eq!(
        notation::position_text(&both),
        "BBBBB1/6/WWWWW1/6/6/5W black"
    );
    assert_eq!(both.outcome(), Some(Outcome::Draw));
}

#[test]
fn pe3_a_move_without_its_turn_or_with_a_turn_there_is_not_is_refused_with_the_choices() {
    let game = pentago();
    let mut state = at(&game, "6/6/6/6/6/6 white");
    let missing = notation::parse_move(&mut state, "d3").expect_err("no turn");
    let text = missing.to_string();
    assert!(
        text.contains("turns a region") && text.contains("d3/1cw"),
        "{text}"
    );
    let wrong = notation::parse_move(&mut state, "d3/5cw").expect_err("no fifth quarter");
    let text = wrong.to_string();
    assert!(
        text.contains("no region turns as `5cw`") && text.contains("4ccw"),
        "{text}"
    );
    let malformed = notation::parse_move(&mut state, "d3/1up").expect_err("no such way");
    assert!(malformed.to_string().contains("d3/2cw"), "{malformed}");
    assert!(notation::parse_move(&mut state, "d3/4ccw").is_ok());
}

#[test]
fn random_games_end_as_openspiels_at_the_same_ply_with_the_same_result() {
    let data = std::fs::read_to_string("tests/openspiel/pentago-games.txt").expect("the games");
    let game = pentago();
    // White wins, Black wins, draws by five of both colours, draws on a full board (PE-5).
    let mut results = [0; 4];
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let result = words.next();
        let moves: Vec<&str> = words.collect();
        let (expected, k) = match result {
            Some("white") => (Outcome::Win(Player::FIRST), 0),
            Some("black") => (Outcome::Win(Player::SECOND), 1),
            Some("draw") if moves.len() < 36 => (Outcome::Draw, 2),
            Some("draw") => (Outcome::Draw, 3),
            other => panic!("a result, not {other:?}"),
        };
        play_to_end(State::new(Arc::clone(&game)), &moves, expected, line);
        results[k] += 1;
    }
    assert_eq!(results, [152, 121, 14, 13]);
}
