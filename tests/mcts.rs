//! The computer's Monte Carlo tree search (`crates/tools/src/ai/mcts.rs`): which games it
//! plays (by their compiled rules), its playouts' policy (no placement into the mover's own
//! eye, no pass while another move is left), and its moves in hand-built Go positions: the
//! capture of a group in atari, the rescue of one, a legal move always, the same move for
//! the same seed, an honest judgement.

use std::sync::atomic::AtomicBool;

use rulebook::ai::{explain, level, measure, Budget, Judgement, Policy, Searcher, Space};
use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::Site;
use rulebook::{notation, pipeline};

use crate::common::configurations::configurations;

/// A position of the bundled Go on a `size` x `size` board, from its text.
fn go(size: u32, text: &str) -> State {
    let game = pipeline::load("go", None, &[format!("size={size}")]).expect("Go loads");
    notation::parse_position(&game, text).expect("the position reads")
}

/// The site named `name` (`a1`) in `state`'s game.
fn site(state: &State, name: &str) -> Site {
    let m = notation::parse_move(&mut state.clone(), name).expect("a legal placement");
    m.to()
}

/// The move `medium`'s budget chooses in `state` with `seed`, as text.
fn medium_move(state: &State, seed: u64) -> String {
    let medium = level("medium").expect("medium");
    let stop = AtomicBool::new(false);
    let t = Searcher::new()
        .think(state, Budget::reproducible(&medium), seed, &stop)
        .expect("a move");
    notation::move_text(state, t.best)
}

/// The tree search is chosen by the rules alone: Go under every preset (placements and
/// passes, groups without liberties captured, an end when both pass), and the games whose
/// every move adds a piece and none is ever taken, where no row of pieces wins: Hex,
/// Havannah and Y (a connection wins), under every preset. No other bundled game: Othello
/// places pieces too but turns them over; Pentago and the games of a row are judged by
/// their rows (`tests/ai.rs`).
#[test]
fn the_tree_search_plays_the_games_of_groups_and_of_connections() {
    for (name, game) in configurations() {
        let base = name.split(' ').next().unwrap_or_default();
        let by_tree = ["go", "hex", "havannah", "y"].contains(&base);
        assert_eq!(Policy::of(&game).is_some(), by_tree, "{name}");
    }
}

/// The policy: black's eyes at a1 and e5 (every neighbour black) are not played while
/// another move is left, nor is a pass; a point next to a white stone or an empty point is
/// no eye; and where only the eyes and a pass are left, the playout passes.
#[test]
fn a_playout_never_fills_its_own_eye() {
    let state = go(5, "5/1B3/B1B2/1B3/5 black");
    let policy = Policy::of(state.game()).expect("Go's policy");
    assert!(policy.fills_own_eye(&state, site(&state, "b3")));
    assert!(!policy.fills_own_eye(&state, site(&state, "a1")));
    let white = go(5, "5/1B3/B1B2/1B3/5 white");
    assert!(!policy.fills_own_eye(&white, site(&state, "b3")));
    let (mut space, mut rng) = (Space::new(), Rng::new(1));
    for _ in 0..500 {
        let m = policy
            .choose(&state, None, &mut space, &mut rng)
            .expect("a move");
        let text = notation::move_text(&state, m);
        assert!(text != "b3" && text != "pass", "{text}");
    }
    // Black's stones everywhere but two eyes: nothing is left but them and a pass.
    let full = go(5, "BBBBB/BBBBB/BB1BB/BBBBB/BBBB1 black");
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let m = policy
            .choose(&full, None, &mut space, &mut rng)
            .expect("a move");
        assert_eq!(notation::move_text(&full, m), "pass");
    }
}

/// Three white stones (c6, d6, e6) with one liberty, e5, and white's stones elsewhere
/// (c3, e4, g3) keeping the game close: black to move takes them, white to move saves them
/// by joining e4, whatever the seed.
#[test]
fn the_tree_search_captures_a_group_in_atari_and_rescues_its_own() {
    let text = "9/9/2BBB4/1BWWWB3/2BB5/4W4/2W3W2/9/9";
    for seed in 1..=3 {
        let black = go(9, &format!("{text} black"));
        assert_eq!(medium_move(&black, seed), "e5", "capture, seed {seed}");
        let white = go(9, &format!("{text} white"));
        assert_eq!(medium_move(&white, seed), "e5", "rescue, seed {seed}");
    }
}

/// The same seed gives the same move after the same positions (one thread, no clock), and
/// every move chosen along a game is legal; the judgement is a share of playouts won, an
/// estimate that hints put in words claiming nothing proved.
#[test]
fn the_tree_search_is_reproducible_and_legal_and_claims_no_proof() {
    let mut state = go(9, "9/9/9/9/9/9/9/9/9 black");
    let stop = AtomicBool::new(false);
    let budget = Budget::iterations(40_000);
    for ply in 0..6u64 {
        let a = Searcher::new().think(&state, budget, ply, &stop).unwrap();
        let b = Searcher::new().think(&state, budget, ply, &stop).unwrap();
        assert_eq!((a.best, a.iterations), (b.best, b.iterations), "ply {ply}");
        assert!(a.iterations >= 40_000 && a.iterations < 41_000, "{a:?}");
        let Judgement::Sampled(share) = a.judgement else {
            panic!("{:?}", a.judgement);
        };
        assert!(share <= 1000);
        assert!(explain(a.judgement, 0, measure(state.game()), None).contains("nothing proved"));
        notation::play(&mut state, a.best).expect("a legal move");
    }
    let (t, ranked) = Searcher::new().rank(&state, budget, 1, &stop).unwrap();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    assert_eq!(ranked.len(), moves.len());
    assert_eq!(ranked[0].mv, t.best);
    assert!(ranked.iter().all(|r| r.reply.is_none()));
}

/// Stopped before it starts, the search still answers at once with a legal move.
#[test]
fn a_stopped_tree_search_still_moves() {
    let state = go(9, "9/9/9/9/9/9/9/9/9 black");
    let stop = AtomicBool::new(true);
    let t = Searcher::new()
        .think(&state, Budget::iterations(u64::MAX), 1, &stop)
        .expect("a move");
    assert!(t.interrupted);
    notation::play(&mut state.clone(), t.best).expect("a legal move");
}
