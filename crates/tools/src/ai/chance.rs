//! The computer in a game of chance. With a budget that caps the depth (the levels below
//! `strong`): in a race, expectimax to a few plies, a throw of the dice a chance node whose
//! value is its outcomes' values weighted by their likelihood, the moves judged by how far
//! each side's pieces have gone along their tracks; in any other game, flat Monte Carlo:
//! random games played on after each move, the dice thrown as likely as they fall, the
//! move that wins most chosen. With a budget of positions alone (`strong`, and a number of
//! positions asked for), the tree search with chance nodes of `chance_tree.rs`, which keeps
//! gaining from positions where those two stop.

use super::search::{Found, MAX_DEPTH};
use super::{Budget, Judgement, Thought};
use crate::analysis::Rng;
use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_model::{MoveKind, Player, Site};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The deepest the computer looks in a game of chance, in moves (throws not counted).
const MAX_CHANCE_DEPTH: u32 = 4;

/// The best move of `root` for the player to move: with a budget whose depth is not capped
/// below [`MAX_DEPTH`], by the tree search with chance nodes; else in a race by expectimax to
/// the budget's depth (at most [`MAX_CHANCE_DEPTH`] moves), in any other game by random
/// games played on after each move ([`sampled`]); at a throw of the dice, a throw made with
/// `seed` (the computer throws the dice, it does not choose them).
pub(super) fn think(
    root: &State,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
    began: Instant,
) -> Option<(Thought, Found)> {
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let done = |best: Move, value: f64, nodes: u64, depth: u32| {
        let me = root.to_move();
        let lead = race_lead(root, me).unwrap_or_else(|| super::standing(root, me));
        let t = Thought {
            best,
            iterations: nodes,
            elapsed: began.elapsed(),
            value,
            judgement: Judgement::Lead(lead),
            depth,
            interrupted: false,
            hundredths: lead * 100,
        };
        Some((t, Found::default()))
    };
    if root.chance().is_some() {
        let throw = root.pick_throw(|n| rng.below(n))?;
        return done(throw, 0.5, 0, 0);
    }
    if grows_tree(root, budget) {
        let (t, _) = super::chance_tree::rank(root, budget, seed, stop, began)?;
        return Some((t, Found::default()));
    }
    if race_lead(root, root.to_move()).is_none() {
        let (m, v, plies) = sampled(root, &moves, budget, &mut rng, began);
        return done(m, v, plies, 1);
    }
    let me = root.to_move();
    let depth = budget.depth.clamp(1, MAX_CHANCE_DEPTH);
    let (mut state, mut nodes) = (root.clone(), 0);
    let mut best: Option<(Move, f64)> = None;
    for &m in moves.iter() {
        state.apply(m);
        let v = expect(&mut state, depth - 1, me, &mut nodes);
        state.undo();
        // Ties go to the first move, the engine's order being fixed.
        if best.is_none_or(|(_, b)| v > b + 1e-12) {
            best = Some((m, v));
        }
    }
    let (m, v) = best?;
    done(m, v, nodes, depth)
}

/// Whether `budget` grows the tree with chance nodes from `root` in a game of chance: where
/// a player moves (not at a throw) and the budget does not cap the depth below
/// [`MAX_DEPTH`] (`strong`, or positions alone).
pub(super) fn grows_tree(root: &State, budget: Budget) -> bool {
    root.chance().is_none() && budget.depth >= MAX_DEPTH
}

/// The longest random game played on after a move by [`sampled`], in plies.
const MAX_SAMPLE_PLIES: usize = 1000;

/// The move of `moves` (those of `root`) with the best mean result for the player to move,
/// 0 (loss) ..= 1 (win), over random games played on after each move in turn (flat Monte
/// Carlo, the dice thrown as likely as they fall) until the budget's positions or half its
/// time are spent; with that mean and the positions played.
fn sampled(
    root: &State,
    moves: &MoveList,
    budget: Budget,
    rng: &mut Rng,
    began: Instant,
) -> (Move, f64, u64) {
    let me = root.to_move();
    let after: Vec<State> = (moves.iter())
        .map(|&m| {
            let mut s = root.clone();
            s.apply(m);
            s
        })
        .collect();
    let (mut score, mut runs) = (vec![0.0; after.len()], 0u64);
    let (mut game, mut list, mut spent) = (root.clone(), MoveList::new(), 0u64);
    let half = budget.time.map(|t| t / 2);
    while spent < budget.iterations && half.is_none_or(|h| began.elapsed() < h) {
        for (i, start) in after.iter().enumerate() {
            game.clone_from(start);
            let (plies, _) = game.playout(MAX_SAMPLE_PLIES, &mut list, |n| rng.below(n));
            spent += plies as u64 + 1;
            score[i] += match game.outcome() {
                Some(Outcome::Win(p)) if p == me => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            };
        }
        runs += 1;
    }
    // Ties go to the first move, the engine's order being fixed.
    let best = (0..after.len()).fold(0, |b, i| if score[i] > score[b] { i } else { b });
    (moves[best], score[best] / runs.max(1) as f64, spent)
}

/// The expected score of `me`, 0 (loss) ..= 1 (win), with `depth` moves more looked at.
fn expect(state: &mut State, depth: u32, me: Player, nodes: &mut u64) -> f64 {
    *nodes += 1;
    let mut moves = MoveList::new();
    if let Some(outcome) = state.outcome_with(&mut moves) {
        return match outcome {
            Outcome::Win(p) if p == me => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        };
    }
    if let Some(dice) = state.chance() {
        let total = dice.total() as f64;
        let weights: Vec<u64> = dice.outcomes.iter().map(|&(_, w)| w).collect();
        state.legal_moves(&mut moves);
        let mut sum = 0.0;
        for (i, &m) in moves.iter().enumerate() {
            state.apply(m);
            sum += weights[i] as f64 * expect(state, depth, me, nodes);
            state.undo();
        }
        return sum / total;
    }
    if depth == 0 {
        return horizon(state, me);
    }
    state.legal_moves(&mut moves);
    let maximise = state.to_move() == me;
    let mut best = if maximise { 0.0 } else { 1.0 };
    for &m in moves.iter() {
        state.apply(m);
        let v = expect(state, depth - 1, me, nodes);
        state.undo();
        best = if maximise {
            f64::max(best, v)
        } else {
            f64::min(best, v)
        };
    }
    best
}

/// What `me` makes of a position where the look-ahead stops (or a race's playout of the
/// tree search is cut short), 0 (lost) ..= 1 (won), by how far each side has gone
/// ([`race_lead`], 20 sites being most of a win): both run in races alone.
pub(super) fn horizon(state: &State, me: Player) -> f64 {
    let sites = race_lead(state, me).unwrap_or_default();
    0.5 + 0.5 * (sites as f64 / 20.0).tanh()
}

/// How much further `player`'s pieces have gone along their tracks than the other
/// players' (a piece borne off counts one beyond its track's last site); none in a game
/// without tracks.
pub(super) fn race_lead(state: &State, player: Player) -> Option<i64> {
    let game = state.game();
    let track = game.moves.iter().find_map(|r| match &r.kind {
        MoveKind::Track(t) => Some(t),
        _ => None,
    })?;
    let sites = game.board.sites();
    let kinds = game.about.piece_kinds.len();
    let progress = |p: Player| -> i64 {
        let length = track.sites[p.index()].len() as i64;
        let on_track: i64 = (0..sites)
            .filter(|&s| state.owner(Site::at(s)) == Some(p))
            .map(|s| i64::from(track.position[p.index() * sites + s]))
            .sum();
        let slot = p.index() * kinds + track.kind as usize;
        let start = game.start.stock.get(slot).map_or(0, |&n| i64::from(n));
        let hand = state.pieces_in_hand(p);
        let in_hand = hand.get(track.kind as usize).map_or(0, |&n| i64::from(n));
        let off = start - in_hand - i64::from(state.pieces(p));
        on_track + off * (length + 1)
    };
    let mine = progress(player);
    let others = Player::all(game.about.players.len())
        .filter(|&p| p != player)
        .map(progress)
        .max()
        .unwrap_or(0);
    Some(mine - others)
}
