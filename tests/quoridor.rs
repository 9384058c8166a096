//! The bundled Quoridor (`games/quoridor.game`, rules QU-1 .. QU-9 of
//! `docs/games/quoridor.md`) and what it is written with: walls in the grooves between
//! cells (`move place KIND on grooves`), jumps `turning aside`, and `path` through the
//! links the walls leave. Hand-built positions for every rule; the position text and move
//! text of walls; and random games that OpenSpiel played
//! (`tests/openspiel/quoridor-games.txt`, printed by `tests/openspiel/quoridor.py`), the
//! legal moves compared at every ply and each game ending at the same ply with the same
//! result. The perft counts are in `perft/quoridor.perft`.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

fn quoridor(size: usize, walls: usize) -> Arc<Game> {
    let sets = [format!("size={size}"), format!("walls={walls}")];
    pipeline::load("quoridor", None, &sets).expect("the bundled Quoridor loads")
}

fn small() -> Arc<Game> {
    quoridor(5, 3)
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(state: &State) -> BTreeSet<String> {
    notation::legal_texts(state).into_iter().collect()
}

/// The legal moves of the pawn on `from` (those whose text begins with it and a dash).
fn pawn_moves(state: &State, from: &str) -> BTreeSet<String> {
    let prefix = format!("{from}-");
    legal(state)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

#[test]
fn qu2_qu3_the_pawns_start_at_the_middle_of_their_sides_with_their_walls() {
    let state = State::new(quoridor(9, 10));
    assert_eq!(
        notation::position_text(&state),
        "4p4/9/9/9/9/9/9/9/4P4 white"
    );
    assert_eq!(state.pieces_in_hand(Player::FIRST)[1], 10);
    // On an even board, the file east of the middle, as OpenSpiel.
    let state = State::new(quoridor(6, 4));
    assert_eq!(notation::position_text(&state), "3p2/6/6/6/6/3P2 white");
    // 8 walls a slot row of 4 slots, 2 a slot: 2 * 4 * 4 walls and 3 steps.
    assert_eq!(legal(&State::new(small())).len(), 35);
}

#[test]
fn qu4_a_step_goes_through_no_wall() {
    let game = small();
    let open = at(&game, "5/5/2p2/5/2P2 white");
    assert_eq!(pawn_moves(&open, "c1"), set(&["c1-b1", "c1-d1", "c1-c2"]));
    // c1h lies between ranks 1 and 2 along files c and d.
    let walled = at(&game, "5/5/2p2/5/2P2 white walls=c1h");
    assert_eq!(pawn_moves(&walled, "c1"), set(&["c1-b1", "c1-d1"]));
    // b1v lies between files b and c along ranks 1 and 2.
    let walled = at(&game, "5/5/2p2/5/2P2 white walls=b1v");
    assert_eq!(pawn_moves(&walled, "c1"), set(&["c1-d1", "c1-c2"]));
}

#[test]
fn qu5_a_pawn_jumps_straight_over_the_other() {
    let game = small();
    let state = at(&game, "5/5/2p2/2P2/5 white");
    assert_eq!(
        pawn_moves(&state, "c2"),
        set(&["c2-c1", "c2-b2", "c2-d2", "c2-c4"])
    );
    // Not over a wall between them: then the pawn on c3 is not next to it.
    let state = at(&game, "5/5/2p2/2P2/5 white walls=c2h");
    assert_eq!(pawn_moves(&state, "c2"), set(&["c2-c1", "c2-b2", "c2-d2"]));
}

#[test]
fn qu5_a_pawn_turns_aside_where_a_wall_or_the_edge_is_behind_the_other() {
    let game = small();
    // A wall behind the pawn jumped: beside it, either way.
    let state = at(&game, "5/5/2p2/2P2/5 white walls=c3h");
    assert_eq!(
        pawn_moves(&state, "c2"),
        set(&["c2-c1", "c2-b2", "c2-d2", "c2-b3", "c2-d3"])
    );
    // And a wall on one side of it as well: the other side alone.
    let state = at(&game, "5/5/2p2/2P2/5 white walls=c3h,b3v");
    assert_eq!(
        pawn_moves(&state, "c2"),
        set(&["c2-c1", "c2-b2", "c2-d2", "c2-d3"])
    );
    // The edge behind it.
    let state = at(&game, "5/5/pP3/5/5 white");
    assert_eq!(
        pawn_moves(&state, "b3"),
        set(&["b3-b2", "b3-c3", "b3-b4", "b3-a2", "b3-a4"])
    );
    // Black too, towards its goal.
    let state = at(&game, "5/5/2p2/2P2/5 black walls=b1h");
    assert_eq!(
        pawn_moves(&state, "c3"),
        set(&["c3-b3", "c3-d3", "c3-c4", "c3-b2", "c3-d2"])
    );
}

#[test]
fn qu6_a_wall_overlaps_none_and_crosses_none() {
    let game = small();
    let state = at(&game, "2p2/5/5/5/2P2 white walls=b2h");
    let moves = legal(&state);
    // a2h and c2h share a link with b2h; b2v crosses it at its middle.
    for refused in ["a2h", "b2h", "c2h", "b2v"] {
        assert!(!moves.contains(refused), "{refused}");
    }
    // Beside it, end to end, and across the slots next to its middle.
    for allowed in ["d2h", "a2v", "c2v", "b1v", "b3v", "b1h", "b3h"] {
        assert!(moves.contains(allowed), "{allowed}");
    }
    let mut state = state;
    let refused = notation::parse_move(&mut state, "b2v").expect_err("it crosses b2h");
    assert!(
        refused.to_string().contains("b2v is not legal"),
        "{refused}"
    );
}

#[test]
fn qu7_a_wall_never_closes_either_pawns_last_way() {
    let game = small();
    // White on a1 behind a1h and c1h has one way out, by e1: d1v would close it.
    let state = at(&game, "2p2/5/5/5/P4 black walls=a1h,c1h");
    assert!(!legal(&state).contains("d1v"));
    assert!(legal(&state).contains("d2v"));
    // The same for black's way, at the top.
    let state = at(&game, "p4/5/5/5/2P2 white walls=a4h,c4h");
    assert!(!legal(&state).contains("d4v"));
    assert!(legal(&state).contains("d3v"));
    // The pawns do not close a way: with black on e2, white's one way runs through it, and
    // walls may still be laid (were pawns obstacles, every wall would be refused).
    let state = at(&game, "5/5/5/4p/P4 black walls=a1h,c1h");
    assert!(legal(&state).contains("a3h"));
    assert!(!legal(&state).contains("d1v"));
}

#[test]
fn qu3_a_player_without_walls_only_walks() {
    let game = small();
    let state = at(&game, "4p/5/5/2P2/5 white hand=white:0");
    assert_eq!(legal(&state), set(&["c2-c1", "c2-b2", "c2-d2", "c2-c3"]));
    let mut state = at(&game, "4p/5/5/2P2/5 white hand=white:1");
    notation::play_text(&mut state, "a1h").expect("the last wall");
    assert_eq!(state.pieces_in_hand(Player::FIRST)[1], 0);
    notation::play_text(&mut state, "e5-e4").expect("black steps");
    assert!(legal(&state).iter().all(|m| m.contains('-')));
    // Undo gives the wall back and opens its links.
    state.undo();
    state.undo();
    assert_eq!(state.pieces_in_hand(Player::FIRST)[1], 1);
    assert_eq!(
        notation::position_text(&state),
        "4p/5/5/2P2/5 white hand=white:1"
    );
}

#[test]
fn qu8_the_first_pawn_on_its_far_side_wins() {
    let game = small();
    let mut state = at(&game, "4p/2P2/5/5/5 white");
    notation::play_text(&mut state, "c4-c5").expect("a step");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    let mut state = at(&game, "5/5/5/1p3/2P2 black");
    notation::play_text(&mut state, "b2-b1").expect("a step");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
    // A jump onto the far side wins too.
    let mut state = at(&game, "5/2p2/2P2/5/5 white");
    notation::play_text(&mut state, "c3-c5").expect("a jump");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn qu9_the_game_is_drawn_after_four_times_size_squared_moves() {
    let game = small();
    let mut state = at(&game, "4p/5/2P2/5/5 white clock=99");
    notation::play_text(&mut state, "c3-b3").expect("a step");
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    let mut state = at(&game, "4p/5/2P2/5/5 white clock=98");
    notation::play_text(&mut state, "a1h").expect("a wall");
    assert_eq!(state.outcome(), None);
    // The hundredth move reaching the far side wins here (OpenSpiel draws it: QU-9).
    let mut state = at(&game, "5/2P2/5/p4/5 white clock=99");
    notation::play_text(&mut state, "c4-c5").expect("a step");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn walls_are_written_in_the_position_text_and_read_back() {
    let game = small();
    let mut state = State::new(Arc::clone(&game));
    for m in ["d4v", "c5-c4", "c1-b1", "c1h", "a1v"] {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let text = notation::position_text(&state);
    assert_eq!(
        text,
        "5/2p2/5/5/1P3 black hand=white:1 hand=black:2 clock=5 walls=a1v,c1h,d4v"
    );
    let read = at(&game, &text);
    assert!(read == state, "the same position");
    assert_eq!(read.hash(), state.hash());
    assert_eq!(legal(&read), legal(&state));
    // Walls that overlap, or that the board has no groove for, are refused.
    for bad in [
        "5/2p2/5/5/1P3 black walls=a1v,a1h",
        "5/2p2/5/5/1P3 black walls=e1h",
    ] {
        assert!(notation::parse_position(&game, bad).is_err(), "{bad}");
    }
}

#[test]
fn random_games_match_openspiels_move_by_move() {
    let data = std::fs::read_to_string("tests/openspiel/quoridor-games.txt").expect("the games");
    let mut lines = data.lines().filter(|l| !l.starts_with('#'));
    let mut games = 0;
    while let Some(header) = lines.next() {
        let words: Vec<&str> = header.split_whitespace().collect();
        let ["game", size, walls] = words[..] else {
            panic!("a game's first line, not {header}");
        };
        let mut state = State::new(quoridor(size.parse().unwrap(), walls.parse().unwrap()));
        let mut ply = 0;
        for line in lines.by_ref() {
            if let Some(result) = line.strip_prefix("end ") {
                let expected = match result {
                    "white" => Outcome::Win(Player::FIRST),
                    "black" => Outcome::Win(Player::SECOND),
                    _ => Outcome::Draw,
                };
                assert_eq!(
                    state.outcome(),
                    Some(expected),
                    "game {games}: after ply {ply}"
                );
                break;
            }
            let (listed, played) = line.split_once(" : ").expect("moves : move");
            ply += 1;
            assert_eq!(state.outcome(), None, "game {games}: over before ply {ply}");
            let expected: BTreeSet<String> = listed.split(' ').map(str::to_string).collect();
            assert_eq!(legal(&state), expected, "game {games}, ply {ply}");
            notation::play_text(&mut state, played)
                .unwrap_or_else(|e| panic!("game {games}, ply {ply}: {played}: {e}"));
        }
        games += 1;
    }
    assert_eq!(games, 25);
}

#[test]
fn the_random_pick_gives_a_listed_move_and_undo_gives_the_start_back() {
    let start = State::new(small());
    let mut state = start.clone();
    let (mut moves, mut work) = (MoveList::new(), MoveList::new());
    let mut rng = rulebook::analysis::Rng::new(7);
    let mut played = 0;
    while state.outcome().is_none() && played < 60 {
        state.legal_moves(&mut moves);
        let m = state
            .pick_legal_move(&mut work, |n| rng.below(n))
            .expect("a move");
        assert!(moves.contains(&m), "{}", notation::move_text(&state, m));
        state.apply(m);
        played += 1;
    }
    assert!(notation::position_text(&state).contains("walls="));
    while state.undo().is_some() {}
    assert!(state == start);
    assert_eq!(state.hash(), start.hash());
}
