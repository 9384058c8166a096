//! Go (`games/go.game`, GO-1..GO-9 of `docs/games/go.md`) against an independent reference
//! written from the rules page (`tests/common/go_reference.rs`): random games compared move
//! by move (the legal moves, the scores after every move, the end and the result), and
//! perft counts.

use crate::common::go_reference;

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::notation::legal_texts;
use rulebook::{notation, pipeline};

fn go(size: usize) -> Arc<Game> {
    pipeline::load("go", None, &[format!("size={size}")]).expect("the bundled Go loads")
}

/// Plays `games` random games of at most `plies` plies on both, comparing the legal moves
/// before every move and the result at the end; returns the plies played and the games
/// that ended by two passes.
fn compare(size: usize, games: u64, plies: usize) -> (usize, usize) {
    let game = go(size);
    let (mut played, mut finished) = (0, 0);
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut state = State::new(Arc::clone(&game));
        let mut reference = go_reference::Game::new(size, 7);
        for ply in 0..plies {
            let expected = reference.legal_moves();
            assert_eq!(legal_texts(&state), expected, "seed {seed}, ply {ply}");
            if expected.is_empty() {
                break;
            }
            // Passes are rare, so that games reach captures, kos and full boards.
            let placements = expected.len() - 1;
            let pick = match (rng.below(20), placements) {
                (0, _) | (_, 0) => expected.len() - 1,
                _ => rng.below(placements),
            };
            notation::play_text(&mut state, &expected[pick]).expect("a legal move");
            reference.play(&expected[pick]);
            played += 1;
            assert_scores(&state, &reference, &format!("seed {seed}, ply {ply}"));
        }
        if reference.over() {
            finished += 1;
            let winner = reference
                .winner()
                .map(|p| Player::new(p).expect("a player"));
            let expected = winner.map_or(Outcome::Draw, Outcome::Win);
            assert_eq!(state.outcome(), Some(expected), "seed {seed}: the result");
        }
    }
    (played, finished)
}

/// Asserts that both players' scores (their areas, and the komi) agree with the reference,
/// asked one player at a time and for both at once (as the computer asks, with what the
/// areas are found from shared).
fn assert_scores(state: &State, reference: &go_reference::Game, when: &str) {
    let text = notation::position_text(state);
    for p in Player::all(2) {
        assert_eq!(
            state.score(p),
            reference.scores()[p.index()],
            "{when}: {text}"
        );
    }
    let score = state.game().ends.score.as_ref().expect("Go keeps score");
    state.each_value(score, |p, v| {
        assert_eq!(v, reference.scores()[p.index()], "{when}, at once: {text}")
    });
}

#[test]
fn random_games_on_5x5_agree_with_the_reference() {
    let (plies, finished) = compare(5, 200, 150);
    assert!(plies > 10_000, "{plies} plies");
    assert!(finished > 100, "only {finished} games ended by passes");
}

#[test]
fn random_games_on_9x9_agree_with_the_reference() {
    let (plies, finished) = compare(9, 12, 400);
    assert!(plies > 2_000, "{plies} plies");
    assert!(finished > 3, "only {finished} games ended by passes");
}

#[test]
fn random_games_on_13x13_agree_with_the_reference() {
    // 169 points: three words of a set of sites, so areas spread across two word edges.
    let (plies, _) = compare(13, 3, 300);
    assert!(plies > 600, "{plies} plies");
}

#[test]
fn perft_agrees_with_the_reference() {
    // From the start, and after moves that leave a ko and stones in atari.
    let cases: [(usize, &str, usize); 3] = [
        (5, "", 3),
        (5, "c4 d4 b3 e3 c2 d2 a1 c3 d3", 3),
        (
            5,
            "b1 d1 e1 e3 d2 d3 c3 a3 c1 b3 c5 a5 a4 e5 d4 b4 b5 e4 d5 b2",
            4,
        ),
    ];
    for (size, moves, depth) in cases {
        let mut state = State::new(go(size));
        let mut reference = go_reference::Game::new(size, 7);
        for m in moves.split_whitespace() {
            notation::play_text(&mut state, m).expect("a legal move");
            reference.play(m);
        }
        assert_eq!(perft(&mut state, depth), reference.perft(depth), "{moves}");
    }
}

#[test]
fn a_ko_is_refused_and_a_pass_is_always_offered() {
    let mut state = State::new(go(5));
    for m in "c4 d4 b3 e3 c2 d2 a1 c3 d3".split_whitespace() {
        notation::play_text(&mut state, m).expect("a legal move");
    }
    let moves = legal_texts(&state);
    assert!(!moves.contains(&"c3".to_string()), "{moves:?}");
    assert_eq!(moves.last().map(String::as_str), Some("pass"));
    let refused = notation::play_text(&mut state, "c3")
        .unwrap_err()
        .to_string();
    assert!(refused.contains("repeat"), "{refused}");
}

/// Asserts that a random pick in `state` never gives the move `refused` (which the
/// pick's judging refuses, as the list of legal moves does), and gives every legal move
/// about as often as another.
fn assert_picks_legal_moves_alike(state: &State, refused: &str) {
    let mut legal = MoveList::new();
    state.legal_moves(&mut legal);
    let refused = notation::parse_move(&mut State::new(go(5)), refused).expect("a point");
    assert!(!legal.contains(&refused));
    let (mut work, mut rng) = (MoveList::new(), Rng::new(7));
    let mut counts = vec![0usize; legal.len()];
    for _ in 0..200 * legal.len() {
        let m = state.pick_legal_move(&mut work, |n| rng.below(n));
        let k = legal.iter().position(|&l| Some(l) == m);
        counts[k.expect("a legal move is picked")] += 1;
    }
    // Each of the moves 200 times on average: none under half that.
    assert!(counts.iter().all(|&c| c > 100), "{counts:?}");
}

/// A random pick draws from the moves before the ban on repetition (the retaking of the ko
/// among them) and judges the drawn ones alone: the retaking is never picked, and every
/// legal move is, about as often as another.
#[test]
fn a_random_pick_never_retakes_the_ko_and_reaches_every_legal_move() {
    let mut state = State::new(go(5));
    for m in "c4 d4 b3 e3 c2 d2 a1 c3 d3".split_whitespace() {
        notation::play_text(&mut state, m).expect("a legal move");
    }
    assert_picks_legal_moves_alike(&state, "c3");
}

/// `with liberties` too is judged on the moves a random pick draws alone: a stone put
/// where it would have no liberty (a1, between black's b1 and a2) is never picked.
#[test]
fn a_random_pick_never_plays_a_suicide_and_reaches_every_legal_move() {
    assert!(go(5).facts.picks_judge_liberties);
    let mut state = State::new(go(5));
    for m in "b1 e5 a2".split_whitespace() {
        notation::play_text(&mut state, m).expect("a legal move");
    }
    assert_picks_legal_moves_alike(&state, "a1");
}
