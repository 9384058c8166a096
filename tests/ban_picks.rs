//! The random pick under a ban on repetition, where the ban alone keeps the moves listed
//! (`Facts::picks_unlisted_under_ban`): the pick draws a move among those before the ban,
//! counted without listing them, judges it alone and draws again when the ban refuses it,
//! and lists and judges them all after 8 refusals. Each legal move must stay as likely as
//! another, no banned move may be drawn, and a position whose every move is banned has no
//! legal move.

use std::collections::BTreeMap;
use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{Move, MoveList, State};
use rulebook::model::Game;
use rulebook::pipeline;

use crate::common::move_texts::play;

/// Ming Mang on 4 x 4 (`games/ming-mang.game`), with the ban on repetition or without.
fn ming_mang_4(ban: bool) -> Arc<Game> {
    let sets = [
        "size=4".to_string(),
        format!("repetition={}", ["off", "on"][ban as usize]),
    ];
    pipeline::load("ming-mang", None, &sets).expect("Ming Mang loads")
}

/// The legal moves of `state`.
fn legal(state: &State) -> Vec<Move> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves.iter().copied().collect()
}

/// A position of seeded random games of Ming Mang 4 x 4 under the ban where the ban
/// refuses at least as many moves as it allows, and allows two or more: the same moves
/// played without the ban give the moves before it. The first such position from ply 6.
fn position_with_banned_moves() -> (State, usize) {
    let (banned, free) = (ming_mang_4(true), ming_mang_4(false));
    for seed in 0..200 {
        let (mut state, mut before) = (State::new(banned.clone()), State::new(free.clone()));
        let mut rng = Rng::new(seed);
        for ply in 0..200 {
            let (allowed, all) = (legal(&state), legal(&before));
            if allowed.is_empty() {
                break;
            }
            if ply >= 6 && allowed.len() >= 2 && all.len() >= 2 * allowed.len() {
                assert!(allowed.iter().all(|m| all.contains(m)));
                return (state, all.len());
            }
            let m = allowed[rng.below(allowed.len())];
            state.apply(m);
            before.apply(m);
        }
    }
    panic!("no position of 200 random games has more moves banned than allowed")
}

/// The bound that a chi-square statistic of `dof` degrees of freedom passes with
/// probability 0.999 (Wilson and Hilferty's approximation: z = 3.09).
fn chi_square_bound(dof: usize) -> f64 {
    let k = dof as f64;
    let c = 2.0 / (9.0 * k);
    k * (1.0 - c + 3.09 * c.sqrt()).powi(3)
}

#[test]
fn the_pick_under_the_ban_is_uniform_over_the_legal_moves() {
    let (state, before_ban) = position_with_banned_moves();
    assert!(state.game().facts.picks_unlisted_under_ban);
    let allowed = legal(&state);
    let draws = 40_000;
    let mut counts: BTreeMap<Move, usize> = allowed.iter().map(|&m| (m, 0)).collect();
    let mut moves = MoveList::new();
    for seed in 0..draws {
        let mut rng = Rng::stream(99, seed);
        let m = state
            .pick_legal_move(&mut moves, |n| rng.below(n))
            .expect("a legal move");
        match counts.get_mut(&m) {
            Some(n) => *n += 1,
            None => panic!("{m:?} was drawn: the ban refuses it"),
        }
    }
    let expected = draws as f64 / allowed.len() as f64;
    let chi: f64 = (counts.values())
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    let bound = chi_square_bound(allowed.len() - 1);
    assert!(
        counts.values().all(|&n| n > 0),
        "every legal move is drawn: {counts:?}"
    );
    assert!(
        chi < bound,
        "{} legal moves of {before_ban}: chi-square {chi:.1} over {bound:.1}: {counts:?}",
        allowed.len()
    );
}

/// A line of five sites, a piece each: slides along it, under the ban on repetition.
const LINE: &str = "game \"Line\"\nplayers black, white\nboard grid 5 by 1\npiece stone\n\
                    setup black stone on a1\nsetup white stone on e1\n\
                    move slide orthogonal\nforbid repeated position\n\
                    end when no legal move: mover loses\n";

#[test]
fn a_position_whose_every_move_is_banned_has_no_legal_move() {
    let game = pipeline::load_text("line.game", LINE, None, &[]).expect("the line loads");
    assert!(game.facts.picks_unlisted_under_ban);
    let mut state = State::new(game);
    // Black ends on b1 and White on d1 with Black to move, both of Black's slides (to a1
    // and to c1) bringing back a position: after the third move and after the ninth.
    play(
        &mut state,
        "a1-c1 e1-d1 c1-a1 d1-c1 a1-b1 c1-e1 b1-a1 e1-d1 a1-c1 d1-e1 c1-b1 e1-d1",
    );
    let mut moves = MoveList::new();
    assert!(legal(&state).is_empty());
    assert!(!state.has_legal_move(&mut moves));
    // Eight draws each refused, then the two moves listed and both refused.
    let mut calls = Vec::new();
    let picked = state.pick_legal_move(&mut moves, |n| {
        calls.push(n);
        0
    });
    assert_eq!(picked, None);
    assert_eq!(calls, [2, 2, 2, 2, 2, 2, 2, 2, 2, 1]);
}
