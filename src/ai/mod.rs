//! The computer opponent: Monte Carlo tree search (UCT) over the engine, for any compiled
//! game.
//!
//! The search knows nothing of a game beyond the [`State`] API: legal moves, random legal
//! moves for rollouts ([`State::pick_legal_move`]), who is to move (so extra turns, where the
//! same player moves again, need no special case), and the outcome. Rollouts stop after a
//! ply cap; an unfinished rollout is scored by the game's own estimate
//! ([`Game::estimate`](crate::model::Game::estimate): its score, else what its end rule
//! compares, else pieces on the board), so games whose random playouts rarely end still get
//! a signal. A rollout allocates nothing (the work state and the tree's buffers are reused)
//! except, where the estimate reads group majorities, the work space of grouping.

mod bench;

pub use bench::{think_times, ThinkReport};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::analysis::Rng;
use crate::engine::{Move, MoveList, Outcome, State};
use crate::model::Player;

/// A strength of the computer: how much it may think per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The name users type (`easy`).
    pub name: &'static str,
    /// Search iterations per move (each one a descent of the tree and a rollout).
    pub iterations: u64,
    /// Wall-clock limit per move: the search stops at whichever limit comes first.
    pub seconds: f64,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 3] = [
    Level {
        name: "easy",
        iterations: 100,
        seconds: 1.0,
    },
    Level {
        name: "medium",
        iterations: 1000,
        seconds: 3.0,
    },
    Level {
        name: "strong",
        iterations: 5000,
        seconds: 10.0,
    },
];

/// The level used when none is named.
pub const DEFAULT_LEVEL: &str = "medium";

/// Plies a rollout plays before it is scored by material.
pub const ROLLOUT_PLIES: usize = 20;

/// The exploration constant of UCT (rewards lie in 0..=1).
const EXPLORATION: f64 = 1.0;

/// The level with this name (or a unique prefix of it).
pub fn level(name: &str) -> Option<Level> {
    let name = name.to_ascii_lowercase();
    if let Some(l) = LEVELS.iter().find(|l| l.name == name) {
        return Some(*l);
    }
    let mut found = LEVELS
        .iter()
        .filter(|l| !name.is_empty() && l.name.starts_with(&name));
    match (found.next(), found.next()) {
        (Some(l), None) => Some(*l),
        _ => None,
    }
}

/// How long one search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The most iterations.
    pub iterations: u64,
    /// The most wall-clock time, if limited.
    pub time: Option<Duration>,
}

impl Budget {
    /// A level's budget: its iterations and its time limit.
    pub fn of(level: &Level) -> Budget {
        Budget {
            iterations: level.iterations,
            time: Some(Duration::from_secs_f64(level.seconds)),
        }
    }

    /// Iterations only: the same seed gives the same move on every machine.
    pub fn iterations(iterations: u64) -> Budget {
        Budget {
            iterations,
            time: None,
        }
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thought {
    /// The move chosen: the root's most visited move.
    pub best: Move,
    /// Iterations run.
    pub iterations: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The mover's expected score with the best move, 0 (loss) ..= 1 (win).
    pub value: f64,
    /// Whether the search was stopped from outside before its budget was spent.
    pub interrupted: bool,
}

/// A node of the search tree: a move and the statistics of the games through it.
#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Move,
    /// The player who makes `mv`; rewards are summed from that player's side.
    mover: Player,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    score: f64,
}

impl Node {
    fn new(mv: Move, mover: Player) -> Node {
        Node {
            mv,
            mover,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            score: 0.0,
        }
    }
}

/// A Monte Carlo tree searcher; keep one to reuse its buffers between searches.
#[derive(Debug, Default)]
pub struct Searcher {
    nodes: Vec<Node>,
    path: Vec<u32>,
    moves: MoveList,
    rewards: Vec<f64>,
    work: Option<State>,
}

impl Searcher {
    /// A searcher with empty buffers.
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Searches `root` within `budget` with random numbers from `seed`; returns `None` when
    /// the side to move has no legal move. Setting `stop` ends the search early with the
    /// best move found so far (at least one iteration is always run).
    pub fn think(
        &mut self,
        root: &State,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        let began = Instant::now();
        let mut rng = Rng::new(seed);
        let mut work = match self.work.take() {
            Some(mut w) => {
                w.clone_from(root);
                w
            }
            None => root.clone(),
        };
        self.nodes.clear();
        self.nodes.push(Node::new(Move::default(), root.to_move()));
        self.expand(0, &work, &mut rng);
        let result = match self.nodes[0].children {
            0 => None,
            // One legal move: nothing to think about.
            1 => Some(Thought {
                best: self.nodes[1].mv,
                iterations: 0,
                elapsed: began.elapsed(),
                value: 0.5,
                interrupted: false,
            }),
            _ => {
                let mut iterations = 0;
                let mut interrupted = false;
                while iterations < budget.iterations.max(1) {
                    if iterations > 0 {
                        if stop.load(Ordering::Relaxed) {
                            interrupted = true;
                            break;
                        }
                        if iterations % 32 == 0 && budget.time.is_some_and(|t| began.elapsed() >= t)
                        {
                            break;
                        }
                    }
                    work.clone_from(root);
                    self.iterate(&mut work, &mut rng);
                    iterations += 1;
                }
                let root = self.nodes[0];
                let children = &self.nodes
                    [root.first_child as usize..(root.first_child + root.children) as usize];
                let best = children
                    .iter()
                    .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))))
                    .expect("the root has children");
                Some(Thought {
                    best: best.mv,
                    iterations,
                    elapsed: began.elapsed(),
                    value: mean(best),
                    interrupted,
                })
            }
        };
        self.work = Some(work);
        result
    }

    /// Adds the children of `node` (the legal moves of `state`, the node's position) in a
    /// random order, so that when there are more moves than iterations the ones tried first
    /// are a random sample rather than the first in the engine's order.
    fn expand(&mut self, node: usize, state: &State, rng: &mut Rng) {
        state.legal_moves(&mut self.moves);
        let mover = state.to_move();
        let first = self.nodes.len();
        for &m in self.moves.iter() {
            self.nodes.push(Node::new(m, mover));
        }
        for i in (1..self.moves.len()).rev() {
            let j = rng.below(i + 1);
            self.nodes.swap(first + i, first + j);
        }
        let first = first as u32;
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.children = self.moves.len() as u32;
        n.expanded = true;
    }

    /// One iteration: descend by UCT, expand, roll out, back the result up.
    fn iterate(&mut self, work: &mut State, rng: &mut Rng) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            if !self.nodes[node].expanded {
                if self.nodes[node].visits == 0 {
                    break;
                }
                self.expand(node, work, rng);
            }
            let n = self.nodes[node];
            if n.children == 0 {
                break;
            }
            let child = self.select(n);
            work.apply(self.nodes[child].mv);
            self.path.push(child as u32);
            node = child;
            if self.nodes[child].visits == 0 {
                break;
            }
        }
        rollout(work, rng, &mut self.moves, &mut self.rewards);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.score += self.rewards[n.mover as usize];
        }
    }

    /// The child of `parent` to descend into: an unvisited one first, else the best by UCT.
    fn select(&self, parent: Node) -> usize {
        let first = parent.first_child as usize;
        let children = &self.nodes[first..first + parent.children as usize];
        if let Some(i) = children.iter().position(|c| c.visits == 0) {
            return first + i;
        }
        let log_n = (parent.visits.max(1) as f64).ln();
        let mut best = (first, f64::NEG_INFINITY);
        for (i, c) in children.iter().enumerate() {
            let v = c.visits as f64;
            let uct = c.score / v + EXPLORATION * (log_n / v).sqrt();
            if uct > best.1 {
                best = (first + i, uct);
            }
        }
        best.0
    }
}

/// The mean reward of a node for its mover.
fn mean(n: &Node) -> f64 {
    if n.visits == 0 {
        0.0
    } else {
        n.score / n.visits as f64
    }
}

/// Plays random moves from `state` for at most [`ROLLOUT_PLIES`] plies and writes each
/// player's reward (1 win, 0 loss, 0.5 draw; by material when unfinished) into `rewards`
/// (`moves` is work space).
fn rollout(state: &mut State, rng: &mut Rng, moves: &mut MoveList, rewards: &mut Vec<f64>) {
    for _ in 0..ROLLOUT_PLIES {
        match state.pick_legal_move(moves, |n| rng.below(n)) {
            Some(m) => state.apply(m),
            None => break,
        }
    }
    let players = state.game().players.len();
    rewards.clear();
    rewards.resize(players, 0.0);
    match state.outcome_with(moves) {
        Some(Outcome::Win(p)) => rewards[p as usize] = 1.0,
        Some(Outcome::Draw) => rewards.iter_mut().for_each(|r| *r = 0.5),
        None => {
            for (p, r) in rewards.iter_mut().enumerate() {
                *r = material(state, p as Player);
            }
            let total: f64 = rewards.iter().sum();
            let scale: f64 = rewards.iter().map(|m| m.abs()).sum();
            for r in rewards.iter_mut() {
                let others = (total - *r) / (players - 1).max(1) as f64;
                *r = if scale > 0.0 {
                    0.5 + 0.45 * (*r - others) / scale
                } else {
                    0.5
                };
            }
        }
    }
}

/// A player's material: the game's own estimate of an unfinished game for that player
/// ([`Game::estimate`](crate::model::Game::estimate)).
fn material(state: &State, player: Player) -> f64 {
    state.value(player, &state.game().estimate) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_name_and_prefix() {
        assert_eq!(level("easy").map(|l| l.name), Some("easy"));
        assert_eq!(level("STR").map(|l| l.name), Some("strong"));
        assert_eq!(level(""), None);
        assert_eq!(level("expert"), None);
        assert!(level(DEFAULT_LEVEL).is_some());
        assert!(LEVELS.windows(2).all(|w| w[0].iterations < w[1].iterations));
    }
}
