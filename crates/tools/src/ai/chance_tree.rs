//! Monte Carlo tree search with chance nodes, for games of chance. A position where the
//! dice are to be thrown is a chance node: an iteration goes down to the child of a throw
//! drawn as likely as the dice fall, so each throw's subtree is visited in proportion to
//! its chance; at a position where a player moves, it follows the child whose mean result
//! for that player plus an exploration bonus (UCT) is highest. Each node keeps the results
//! of the player who made its move, so the same tree serves two players or more (each
//! player picks what is best for itself, as max^n does) and extra turns need nothing more.
//!
//! A leaf is expanded once visited [`EXPAND_AFTER`] times (a chance node at once); from the
//! leaf reached, a random game is played on ([`State::playout`], the dice thrown as they
//! fall) to its end, scored by its points where a win may be worth more than one. Unlike
//! flat Monte Carlo, which spreads its playouts evenly over the moves, the tree spends them
//! on the moves and replies that matter, so more positions keep buying strength. Races
//! (games with a track) are searched by expectimax instead (`chance.rs`).

use std::sync::atomic::AtomicBool;

use super::mcts::{grow, ranked, root_children, select, shuffle, Child, Grower, Node};
use super::{Budget, Ranked, Thought};
use crate::analysis::Rng;
use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_model::Player;
use std::time::Instant;

/// Visits to a leaf where a player moves before its moves are added as children.
const EXPAND_AFTER: u32 = 2;

/// The weight of UCT's exploration bonus (results run from 0 to 1): chance spreads the
/// results, and a wider search than the placement games' pays.
const EXPLORATION: f32 = 0.7;

/// The longest random game played from a leaf, in plies.
const PLAYOUT_PLIES: usize = 1000;

/// One thread's search: the tree and the buffers of its iterations.
struct Runner<'a> {
    root: &'a State,
    rng: Rng,
    tree: Vec<Node>,
    work: State,
    moves: MoveList,
    path: Vec<u32>,
    /// The most points a win may be worth (1 in most games): the scale of a result.
    most_points: f32,
}

impl<'a> Runner<'a> {
    fn new(root: &'a State, seed: u64) -> Runner<'a> {
        // The root's move is never read: it stands for the move that led here.
        let tree = vec![Node::new(Move::pass(0), root.last_mover(), None)];
        Runner {
            root,
            rng: Rng::new(seed),
            tree,
            work: root.clone(),
            moves: MoveList::new(),
            path: Vec::new(),
            most_points: super::chance::most_points(root) as f32,
        }
    }

    /// Adds the legal moves of the position at `node` (in `work`) as its children: the
    /// throws in the dice's order at a chance node, else the moves in an order shuffled by
    /// the seed (which breaks ties between equal children).
    fn expand(&mut self, node: usize) {
        self.work.legal_moves(&mut self.moves);
        let mover = self.work.to_move();
        let first = self.tree.len();
        (self.tree).extend(self.moves.iter().map(|&m| Node::new(m, mover, None)));
        let count = self.tree.len() - first;
        if self.work.chance().is_none() {
            shuffle(&mut self.tree[first..], &mut self.rng);
        }
        let n = &mut self.tree[node];
        (n.first, n.count, n.expanded) = (first as u32, count as u32, true);
    }

    /// The child of the chance node `node` whose throw the dice give, drawn as likely as
    /// they fall.
    fn thrown(&mut self, node: usize) -> usize {
        let rng = &mut self.rng;
        let throw = self.work.pick_throw(|k| rng.below(k));
        let mut children = self.tree[node].children();
        let first = children.start;
        (children.find(|&c| Some(self.tree[c].mv) == throw)).unwrap_or(first)
    }

    /// Plays a random game on from `work`; the plies played.
    fn playout(&mut self) -> usize {
        let rng = &mut self.rng;
        let (plies, _) = (self.work).playout(PLAYOUT_PLIES, &mut self.moves, |n| rng.below(n));
        plies
    }

    /// Adds the playout's result for each node's mover to every node of the path: ½ a
    /// draw or a game cut short, a win ½ + ½ × its points / the most a win may be worth
    /// (1 where it is worth the most), a loss as far below ½.
    fn back_up(&mut self) {
        let outcome = self.work.outcome_with(&mut self.moves);
        let won = self.work.game().ends.win_points(self.work.end_rule()) as f32;
        let share = 0.5 * won / self.most_points;
        let score = |p: Player| match outcome {
            Some(Outcome::Win(w)) if w == p => 0.5 + share,
            Some(Outcome::Win(_)) => 0.5 - share,
            _ => 0.5,
        };
        for &node in &self.path {
            let n = &mut self.tree[node as usize];
            n.visits += 1;
            n.wins += score(n.mover);
        }
    }
}

impl Grower for Runner<'_> {
    fn iterate(&mut self) -> u64 {
        self.work.clone_from(self.root);
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            let chance = self.work.chance().is_some();
            let due = node == 0 || chance || self.tree[node].visits >= EXPAND_AFTER;
            if !self.tree[node].expanded && due {
                self.expand(node);
            }
            if self.tree[node].count == 0 {
                break;
            }
            node = match chance {
                true => self.thrown(node),
                false => select(&self.tree, node, EXPLORATION),
            };
            self.work.apply(self.tree[node].mv);
            self.path.push(node as u32);
            if self.tree[node].visits == 0 {
                break;
            }
        }
        let plies = self.playout();
        self.back_up();
        (self.path.len() - 1 + plies) as u64
    }

    fn children(&self) -> Vec<Child> {
        root_children(&self.tree)
    }
}

/// The tree search's moves for `root`, a position where a player moves (not a throw):
/// every legal move, the most visited child of the root first, each judged by the share
/// of its playouts its mover won; `None` when there is no legal move.
pub(super) fn rank(
    root: &State,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
    began: Instant,
) -> Option<(Thought, Vec<Ranked>)> {
    let found = grow(root, budget, seed, stop, |seed| Runner::new(root, seed))?;
    ranked(found, began)
}
