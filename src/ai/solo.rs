//! The computer in a game of one player: the game is a puzzle, and the search looks for a
//! line of moves that wins it, to the end of the game. Every position is the one
//! player's to move, so there is no reply to minimise over: a position is won if any
//! move leads to a won one, drawn if none does but one leads to a draw, lost otherwise.
//! A depth-first search, best value first out of a move, that remembers the value of
//! every position it has searched to the end (a position reached again by another order
//! of the same moves is not searched twice).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::engine::{Move, MoveList, Outcome, State};

/// What the search proved of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Solved {
    /// Won, by a line of this many moves.
    Won(u32),
    /// Not won, but drawn with the best line.
    Drawn,
    /// Lost, whatever the moves.
    Lost,
    /// The budget ran out first.
    Unknown,
}

/// The search for a winning line; keep it for the whole of one decision.
pub(super) struct Solver<'a> {
    /// The value of every position searched to the end but not won (a won one ends the
    /// search), by hash: true for drawn, false for lost.
    known: HashMap<u64, bool>,
    /// Move lists, one per ply.
    lists: Vec<MoveList>,
    /// Positions visited.
    pub nodes: u64,
    /// The most positions to visit.
    limit: u64,
    /// When to give up, if the time is limited.
    deadline: Option<Instant>,
    /// Set from outside to stop.
    stop: &'a AtomicBool,
    /// Whether the budget ran out.
    out: bool,
    /// The winning line last found, last move first.
    line: Vec<Move>,
}

impl<'a> Solver<'a> {
    /// A search of at most `limit` positions, until `deadline` if there is one.
    pub fn new(limit: u64, deadline: Option<Instant>, stop: &'a AtomicBool) -> Solver<'a> {
        Solver {
            known: HashMap::new(),
            lists: Vec::new(),
            nodes: 0,
            limit,
            deadline,
            stop,
            out: false,
            line: Vec::new(),
        }
    }

    /// What `state` is worth to the player, searched to the end of the game.
    pub fn solve(&mut self, state: &mut State) -> Solved {
        if self.out {
            return Solved::Unknown;
        }
        self.line.clear();
        match self.search(state, 0) {
            Some(0) => Solved::Won(0),
            Some(n) if n > 0 => Solved::Won(n as u32),
            _ if self.out => Solved::Unknown,
            Some(_) => Solved::Drawn,
            None => Solved::Lost,
        }
    }

    /// The line's length if `state` is won (`Some(n)`, n >= 0), `Some(-1)` if drawn,
    /// `None` if lost or the budget ran out (then `self.out`).
    fn search(&mut self, state: &mut State, ply: usize) -> Option<i64> {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, MoveList::new);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        state.legal_moves(&mut list);
        if list.is_empty() {
            let outcome = state.outcome_with(&mut list);
            self.lists[ply] = list;
            return match outcome {
                Some(Outcome::Win(p)) if p == state.to_move() => Some(0),
                Some(Outcome::Win(_)) => None,
                _ => Some(-1),
            };
        }
        let key = state.hash();
        if let Some(&drawn) = self.known.get(&key) {
            self.lists[ply] = list;
            return drawn.then_some(-1);
        }
        self.nodes += 1;
        if self.nodes >= self.limit
            || self.stop.load(Ordering::Relaxed)
            || (self.nodes % 1024 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.out = true;
            self.lists[ply] = list;
            return None;
        }
        let mut best = None;
        for i in 0..list.len() {
            let m: Move = list[i];
            state.apply(m);
            let v = self.search(state, ply + 1);
            state.undo();
            if self.out {
                break;
            }
            match v {
                Some(n) if n >= 0 => {
                    self.line.push(m);
                    best = Some(n + 1);
                    break;
                }
                Some(_) => best = Some(-1),
                None => {}
            }
        }
        self.lists[ply] = list;
        if !self.out && best.is_none_or(|b| b < 0) {
            self.known.insert(key, best.is_some());
        }
        best
    }
}

impl super::Searcher {
    /// [`Searcher::think`](super::Searcher::think) and
    /// [`Searcher::rank`](super::Searcher::rank) in a game of one player: the moves in
    /// the search's order, each searched to the end for a winning line until one is found
    /// (with `all`, every move, for a hint). A won move is judged [`Judgement::Wins`] in
    /// the moves of its line, a lost one [`Judgement::Loses`], a drawn one a lead of 0, and
    /// one the budget left unsolved by the lead after it. The winning line found is kept:
    /// where the game goes on along it, the next search plays its next move at once.
    ///
    /// [`Judgement::Wins`]: super::Judgement::Wins
    /// [`Judgement::Loses`]: super::Judgement::Loses
    pub(super) fn run_solo(
        &mut self,
        root: &State,
        budget: super::Budget,
        order: Vec<Move>,
        stop: &AtomicBool,
        all: bool,
    ) -> super::Found {
        use super::search::{judge, RootMove, WIN};
        let began = Instant::now();
        let deadline = budget.time.map(|t| began + t.mul_f64(0.9));
        let mut solver = Solver::new(budget.iterations, deadline, stop);
        let mut state = root.clone();
        let me = root.to_move();
        let mut moves = Vec::with_capacity(order.len());
        let kept = self.solo_line.take().filter(|(at, line)| {
            *at == root.hash() && line.first().is_some_and(|m| order.contains(m))
        });
        let mut won = kept.is_some() && !all;
        if let (Some((_, line)), false) = (kept, all) {
            moves.push(RootMove {
                mv: line[0],
                value: WIN - line.len() as i32,
            });
            state.apply(line[0]);
            self.solo_line = Some((state.hash(), line[1..].to_vec()));
            state.undo();
        }
        for m in order {
            if moves.iter().any(|r| r.mv == m) {
                continue;
            }
            state.apply(m);
            let solved = match won && !all {
                true => Solved::Unknown,
                false => solver.solve(&mut state),
            };
            let value = match solved {
                Solved::Won(n) => {
                    if !won {
                        let line = solver.line.iter().rev().copied().collect();
                        self.solo_line = Some((state.hash(), line));
                    }
                    won = true;
                    WIN - (n as i32 + 1)
                }
                Solved::Lost => -WIN,
                Solved::Drawn => 0,
                Solved::Unknown => judge(&state, me, true),
            };
            state.undo();
            moves.push(RootMove { mv: m, value });
        }
        // Best first; among won moves, the shortest line (the sort keeps the order of
        // equal values).
        moves.sort_by_key(|r| std::cmp::Reverse(r.value));
        super::Found {
            // The length of the winning line, if there is one.
            depth: moves
                .first()
                .filter(|r| r.value > 0)
                .map_or(1, |r| (WIN - r.value) as u32),
            moves,
            nodes: solver.nodes,
            interrupted: stop.load(Ordering::Relaxed),
        }
    }
}
