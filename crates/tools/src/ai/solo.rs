//! The computer in a game of one player: the game is a puzzle, and the search looks for a
//! line of moves that wins it, to the end of the game. Every position is the one
//! player's to move, so there is no reply to minimise over: a position is won if any
//! move leads to a won one, drawn if none does but one leads to a draw, lost otherwise.
//! A depth-first search, best value first out of a move, that remembers the value of
//! every position it has searched to the end (a position reached again by another order
//! of the same moves is not searched twice), from one search to the next in the same
//! game. In a game whose legal moves depend on the positions before (the ban on
//! repetition, an end on a repeated position) nothing is remembered.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::search::{judge, RootMove, WIN, WON};
use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_model::{Game, Player};

/// The positions each move may search in the first round (see `run_solo`).
const FIRST_SHARE: u64 = 4096;

/// The most positions remembered; past it the memory starts again.
const MAX_KNOWN: usize = 1 << 23;

/// Positions' hashes are already well mixed: a map keyed by them hashes nothing again.
#[derive(Debug, Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The value of positions searched to the end but not won, by hash: true for drawn,
/// false for lost.
pub(super) type Known = HashMap<u64, bool, BuildHasherDefault<KeyHasher>>;

/// What the searches of one game remember (see the module's comment).
#[derive(Debug, Default)]
pub(super) struct Memory {
    /// The game whose positions these are.
    game: Option<Arc<Game>>,
    known: Known,
}

impl Memory {
    /// The positions remembered of `game`, taken out to be searched with (and given back
    /// after): none if the memory was of another game or is full, which it then forgets.
    fn take_for(&mut self, game: &Arc<Game>) -> Known {
        let same = self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game));
        if !same || self.known.len() > MAX_KNOWN {
            *self = Memory {
                game: Some(Arc::clone(game)),
                known: Known::default(),
            };
        }
        std::mem::take(&mut self.known)
    }
}

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

impl Solved {
    /// The value for `me` of the root move `m` from `state` so solved: by the length of
    /// its winning line, a loss, a draw, or where unsolved the lead after it.
    fn root_value(self, state: &mut State, m: Move, me: Player) -> i32 {
        match self {
            Solved::Won(n) => WIN - (n as i32 + 1),
            Solved::Lost => -WIN,
            Solved::Drawn => 0,
            Solved::Unknown => {
                state.apply(m);
                let v = judge(state, me, true);
                state.undo();
                v
            }
        }
    }
}

/// The search for a winning line; keep it for the whole of one decision.
pub(super) struct Solver<'a> {
    /// The positions searched to the end but not won (a won one ends the search).
    known: Known,
    /// Whether positions may be remembered (their moves do not depend on the history).
    remember: bool,
    /// Move lists, one per ply.
    lists: Vec<MoveList>,
    /// Positions visited.
    pub nodes: u64,
    /// The most positions to visit.
    limit: u64,
    /// Where the attempt under way stops (positions visited), within `limit`.
    pub attempt: u64,
    /// When to give up, if the time is limited.
    deadline: Option<Instant>,
    /// Set from outside to stop.
    stop: &'a AtomicBool,
    /// Whether the attempt under way ran out of positions or time.
    out: bool,
    /// Whether the whole budget is spent (positions, time, or the stop asked).
    pub spent: bool,
    /// The winning line last found, last move first.
    line: Vec<Move>,
}

impl<'a> Solver<'a> {
    /// A search of at most `limit` positions, until `deadline` if there is one.
    pub fn new(
        known: Known,
        limit: u64,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
    ) -> Solver<'a> {
        Solver {
            known,
            remember: true,
            lists: Vec::new(),
            nodes: 0,
            limit,
            attempt: limit,
            deadline,
            stop,
            out: false,
            spent: false,
            line: Vec::new(),
        }
    }

    /// What `state` is worth to the player, searched to the end of the game, unless the
    /// attempt ([`Solver::attempt`]) or the budget runs out first.
    pub fn solve(&mut self, state: &mut State) -> Solved {
        if self.spent {
            return Solved::Unknown;
        }
        self.out = false;
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
        let key = state.hash();
        if let Some(&drawn) = self.known.get(&key) {
            return drawn.then_some(-1);
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
        self.nodes += 1;
        self.spent = self.nodes >= self.limit
            || self.stop.load(Ordering::Relaxed)
            || (self.nodes.is_multiple_of(1024)
                && self.deadline.is_some_and(|d| Instant::now() >= d));
        if self.spent || self.nodes >= self.attempt {
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
        if self.remember && !self.out && best.is_none_or(|b| b < 0) {
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
        let began = Instant::now();
        let deadline = budget.time.map(|t| began + t.mul_f64(0.9));
        let game = root.game();
        let known = self.solo_memory.take_for(game);
        let mut solver = Solver::new(known, budget.iterations, deadline, stop);
        solver.remember = !game.facts.tracks_repetition;
        let mut state = root.clone();
        let me = root.to_move();
        let kept = self.kept_line_move(&mut state, &order, all);
        let won = kept.is_some();
        let mut moves: Vec<RootMove> = kept.into_iter().collect();
        let order: Vec<Move> = order
            .into_iter()
            .filter(|m| moves.iter().all(|r: &RootMove| r.mv != *m))
            .collect();
        let solved = self.solve_in_rounds(&mut solver, &mut state, &order, all, won);
        for (&m, solved) in order.iter().zip(solved) {
            moves.push(RootMove {
                mv: m,
                value: solved.root_value(&mut state, m, me),
                depth: 0,
            });
        }
        self.solo_memory.known = solver.known;
        // Best first; among won moves, the shortest line (the sort keeps the order of
        // equal values).
        moves.sort_by_key(|r| std::cmp::Reverse(r.value));
        super::Found {
            // The length of the winning line, if there is one.
            depth: moves
                .first()
                .filter(|r| r.value >= WON)
                .map_or(1, |r| (WIN - r.value) as u32),
            moves,
            nodes: solver.nodes,
            interrupted: stop.load(Ordering::Relaxed),
        }
    }

    /// The next move of the winning line the last search found, if the game has gone on
    /// along it to `state` and its move is among `order` (unless `all`, for a hint: then
    /// none), keeping the rest of the line. The line is forgotten either way.
    fn kept_line_move(&mut self, state: &mut State, order: &[Move], all: bool) -> Option<RootMove> {
        let (_, line) = self.solo_line.take().filter(|(at, line)| {
            *at == state.hash() && line.first().is_some_and(|m| order.contains(m))
        })?;
        if all {
            return None;
        }
        state.apply(line[0]);
        self.solo_line = Some((state.hash(), line[1..].to_vec()));
        state.undo();
        Some(RootMove {
            mv: line[0],
            value: WIN - line.len() as i32,
            depth: 0,
        })
    }

    /// Solves the moves of `order` from `state` until one is won (`won`: one is already,
    /// then none is searched) or, with `all`, every one, or the budget runs out. Every move
    /// gets a share of positions, doubled round by round, so that a move whose loss takes
    /// long to prove does not keep a won one from being tried. The winning line found is
    /// kept.
    fn solve_in_rounds(
        &mut self,
        solver: &mut Solver,
        state: &mut State,
        order: &[Move],
        all: bool,
        mut won: bool,
    ) -> Vec<Solved> {
        let mut solved = vec![Solved::Unknown; order.len()];
        let mut share = FIRST_SHARE;
        while (all || !won) && !solver.spent && solved.contains(&Solved::Unknown) {
            for (i, &m) in order.iter().enumerate() {
                if solved[i] != Solved::Unknown || (won && !all) || solver.spent {
                    continue;
                }
                state.apply(m);
                solver.attempt = solver.nodes.saturating_add(share);
                solved[i] = solver.solve(state);
                if let (Solved::Won(_), false) = (solved[i], won) {
                    let line = solver.line.iter().rev().copied().collect();
                    self.solo_line = Some((state.hash(), line));
                    won = true;
                }
                state.undo();
            }
            share = share.saturating_mul(2);
        }
        solved
    }
}
