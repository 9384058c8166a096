//! The computer opponent, for any compiled game: an iterative-deepening alpha-beta search
//! judged by the game's own evaluation ([`Heuristics::estimate`](rulebook_model::Heuristics::estimate):
//! its score, else what its end rule compares, else pieces on the board), with captures
//! and extra turns searched first and past the horizon (see `search.rs`), and a plain
//! fixed-depth search of the same evaluation as the baseline its levels are measured
//! against.
//!
//! The search knows nothing of a game beyond the [`State`] API: legal moves, who is to move
//! (so extra turns, where the same player moves again, need no special case), the outcome
//! and the evaluation. Levels are defined by time for people (the budget they advertise,
//! on every core) and by nodes for reproducible play (`match`, tests, scripts).

mod chance;
mod chance_tree;
mod mcts;
mod search;
mod solo;
mod table;
mod think_time;

pub use mcts::{Policy, Space};
pub use think_time::{think_times, ThinkReport};

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::analysis::Rng;
use rulebook_engine::{Move, MoveList, State};
use search::{Flags, Found, Limits, Worker, MAX_DEPTH, SCALE, WIN, WON};
use table::{Table, NO_MOVE};

/// A strength of the computer: how much it may think per move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The name users type (`easy`).
    pub name: &'static str,
    /// Search nodes per move when play must be reproducible (`match`, tests, scripts).
    pub iterations: u64,
    /// Thinking time per move at a terminal: the level uses most of it, on every core.
    pub seconds: f64,
    /// The deepest the search looks, in plies (before captures are followed further).
    pub depth: u32,
}

/// The levels, weakest first. Each level's positions are about what its time reaches at a
/// terminal in the slowest bundled game to judge (measured with `rulebook think --level
/// strong --positions 2` on two cores shared with other work: in 10 s, 1.7M positions in
/// the slowest, 4M to 46M in the others; so about 500,000 in medium's 3 s), so the
/// reproducible budget plays about as well as the terminal's there and no better
/// elsewhere. Medium looks at most 8 plies ahead: where moves are few (sowing, or captures
/// that must be taken) its positions reach 10 to 15 plies, one or two short of strong's,
/// and the two played as equals (in one game, strong 31-9-24 in 64 games); where moves are
/// many its positions reach 4 to 7 plies and the cap binds only as the board empties.
pub const LEVELS: [Level; 3] = [
    Level {
        name: "easy",
        iterations: 2_000,
        seconds: 1.0,
        depth: 1,
    },
    Level {
        name: "medium",
        iterations: 500_000,
        seconds: 3.0,
        depth: 8,
    },
    Level {
        name: "strong",
        iterations: 2_000_000,
        seconds: 10.0,
        depth: MAX_DEPTH,
    },
];

/// The level used when none is named.
pub const DEFAULT_LEVEL: &str = "medium";

/// The depth of the baseline player ([`Searcher::baseline`]) unless told otherwise.
pub const BASELINE_DEPTH: u32 = 2;

/// Entries of the transposition table, as a power of two (16 bytes each), unless set
/// ([`Searcher::set_table_megabytes`]).
const TABLE_BITS: u32 = 18;

/// The bytes of one entry of the transposition table.
const ENTRY_BYTES: usize = 16;

/// The size of the transposition table unless set, in megabytes (2^20 bytes).
pub const TABLE_MEGABYTES: usize = (ENTRY_BYTES << TABLE_BITS) >> 20;

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
    /// The most nodes searched (positions visited).
    pub iterations: u64,
    /// The most wall-clock time, if limited: no new depth is begun after half of it.
    pub time: Option<Duration>,
    /// The deepest nominal depth, in plies.
    pub depth: u32,
    /// Threads that search together (more than one only with a time limit, since their
    /// sharing makes the result depend on timing).
    pub threads: usize,
}

impl Budget {
    /// A level's budget at a terminal: its time, on every core.
    pub fn of(level: &Level) -> Budget {
        Budget {
            iterations: u64::MAX,
            time: Some(Duration::from_secs_f64(level.seconds)),
            depth: level.depth,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// A level's reproducible budget: its nodes and depth on one thread, no clock, so the
    /// same seed gives the same move on every machine.
    pub fn reproducible(level: &Level) -> Budget {
        Budget {
            depth: level.depth,
            ..Budget::iterations(level.iterations)
        }
    }

    /// Nodes only, at any depth, on one thread: reproducible.
    pub fn iterations(iterations: u64) -> Budget {
        Budget {
            iterations,
            time: None,
            depth: MAX_DEPTH,
            threads: 1,
        }
    }
}

/// How a move is judged: a won or lost game with best play, or the evaluation (the mover's
/// estimate less the best of the others') at the end of the line searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The mover wins in this many plies at most.
    Wins(u32),
    /// The mover loses in this many plies (at the latest, with best defence).
    Loses(u32),
    /// The game goes on; the mover's lead by the game's own measure (with the levels'
    /// finer terms, each below one unit but a goal's distance, the stones left to their
    /// owners and the room walled off by a side far behind, rounded towards 0).
    Lead(i64),
    /// The share of the random games played on after the move (by the tree search of
    /// `mcts.rs`) that the mover won, in thousandths: an estimate, nothing proved.
    Sampled(u32),
}

impl Judgement {
    fn of(value: i32) -> Judgement {
        if value >= WON {
            Judgement::Wins((WIN - value) as u32)
        } else if value <= -WON {
            Judgement::Loses((WIN + value) as u32)
        } else {
            // The finer terms of the levels' judgement are below one unit (but for the
            // distance to a goal and walled-off room): the lead in the game's own measure,
            // rounded towards 0.
            Judgement::Lead(i64::from(value / SCALE))
        }
    }

    /// The judgement of the same line for the other player of a game of two, one ply
    /// longer.
    fn turned(self) -> Judgement {
        match self {
            Judgement::Wins(p) => Judgement::Loses(p + 1),
            Judgement::Loses(p) => Judgement::Wins(p + 1),
            Judgement::Lead(v) => Judgement::Lead(-v),
            Judgement::Sampled(s) => Judgement::Sampled(1000 - s.min(1000)),
        }
    }

    /// A key that orders judgements from worst to best for the mover: a loss (the later the
    /// better), a lead (the greater the better), a win (the sooner the better).
    fn key(self) -> (u8, i64) {
        match self {
            Judgement::Loses(p) => (0, i64::from(p)),
            Judgement::Lead(v) => (1, v),
            Judgement::Sampled(s) => (1, i64::from(s)),
            Judgement::Wins(p) => (2, -i64::from(p)),
        }
    }

    /// The mover's expected score, 0 (loss) ..= 1 (win): a lead of 3 reads as about 0.9.
    pub fn expected(self) -> f64 {
        match self {
            Judgement::Wins(_) => 1.0,
            Judgement::Loses(_) => 0.0,
            Judgement::Lead(v) => 0.5 + 0.5 * (v as f64 / 2.0).tanh(),
            Judgement::Sampled(s) => f64::from(s.min(1000)) / 1000.0,
        }
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thought {
    /// The move chosen.
    pub best: Move,
    /// Nodes searched (0 when the move was the only legal one).
    pub iterations: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The mover's expected score with the best move, 0 (loss) ..= 1 (win).
    pub value: f64,
    /// How the best move is judged.
    pub judgement: Judgement,
    /// The depth searched to completion, in plies (in a race, turns: a player's moves
    /// between two throws).
    pub depth: u32,
    /// Whether the search was stopped from outside before its budget was spent.
    pub interrupted: bool,
    /// Where the game goes on ([`Judgement::Lead`]): the lead in hundredths of a unit of
    /// the game's measure, the levels' finer terms (below one unit) not rounded away; 0
    /// where the game is won or lost.
    pub hundredths: i64,
}

/// A move with its judgement, as a hint lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ranked {
    /// The move.
    pub mv: Move,
    /// How it is judged.
    pub judgement: Judgement,
    /// How many plies ahead it was searched (0 in a game of one player, which is not
    /// searched by depth): the moves the last, unfinished depth reached lead, searched a
    /// ply deeper than the others.
    pub depth: u32,
    /// The reply that refutes the search's first judgement of the move, where checking it
    /// from the other side found one ([`Searcher::rank`]): the judgement is then the
    /// check's.
    pub reply: Option<Move>,
}

/// How a search is run: the levels' search, or the plain baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Manner {
    /// Best move only, horizon extended by captures.
    Best,
    /// Every move's exact value, horizon extended by captures.
    Ranked,
    /// The fixed-depth baseline: full width, nothing beyond its depth.
    Plain,
}

/// How many of the ranked moves (the best first) [`Searcher::rank`] checks from the other
/// side: the moves a hint shows.
pub const CHECKED_MOVES: usize = 3;

/// The computer; keep one to reuse its buffers and table between searches.
#[derive(Debug, Default)]
pub struct Searcher {
    workers: Vec<Worker>,
    table: Option<Arc<Table>>,
    searches: u64,
    moves: MoveList,
    /// In a game of one player, where the winning line found last goes on (the position's
    /// hash) and its moves from there.
    solo_line: Option<(u64, Vec<Move>)>,
    /// In a game of one player, the positions its searches proved not won.
    solo_memory: solo::Memory,
    /// The transposition table's entries as a power of two (0: [`TABLE_BITS`]).
    table_bits: u32,
    /// The key of the last search's entries in the table ([`Searcher::line`]).
    salt: u64,
}

impl Searcher {
    /// A searcher with empty buffers.
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Gives the transposition table, the positions the search remembers, at most
    /// `megabytes` (2^20 bytes; at least 1), its entries a power of two of 16 bytes each;
    /// what it remembered is forgotten.
    pub fn set_table_megabytes(&mut self, megabytes: usize) {
        let entries = megabytes.clamp(1, 1 << 20) * (1 << 20) / ENTRY_BYTES;
        self.table_bits = entries.ilog2();
        self.table = None;
    }

    /// The line of play the last search expects from `root`, the position it searched:
    /// `first`, its move, then at each position after it the move the search's table
    /// holds as best there, while there is one, the game goes on and no position comes
    /// again; at most `most` moves. The table keeps what the deepest search of a position
    /// found until another position takes its place, so the line may end early.
    pub fn line(&self, root: &State, first: Move, most: usize) -> Vec<Move> {
        let mut line = vec![first];
        let Some(table) = &self.table else {
            return line;
        };
        let (mut state, mut moves) = (root.clone(), MoveList::new());
        let mut seen = vec![root.hash()];
        state.apply(first);
        while line.len() < most && !seen.contains(&state.hash()) {
            seen.push(state.hash());
            state.legal_moves(&mut moves);
            let best = table
                .get(state.hash() ^ self.salt)
                .map_or(NO_MOVE, |e| e.best);
            let Some(&m) = moves.get(usize::from(best)) else {
                break;
            };
            line.push(m);
            state.apply(m);
        }
        line
    }

    /// Searches `root` within `budget` (ties between equal moves broken by `seed`); returns
    /// `None` when the side to move has no legal move. Setting `stop` ends the search early
    /// with the best move found so far (the first depth is always completed). In the games
    /// that [`mcts::Policy::of`] picks (placements, captures of groups without liberties,
    /// an end when both pass) it is the Monte Carlo tree search of `mcts.rs`; elsewhere
    /// the alpha-beta search.
    pub fn think(
        &mut self,
        root: &State,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        if let Some(policy) = mcts::Policy::of(root.game()) {
            self.salt = 0;
            return mcts::think(root, policy, budget, seed, stop);
        }
        self.run(root, budget, seed, stop, Manner::Best)
            .map(|(t, _)| t)
    }

    /// Like [`Searcher::think`], but every legal move gets its exact judgement (for hints):
    /// the moves best first. In the tree search's games (and in a game of chance with a
    /// budget that grows the tree with chance nodes), every move with the share of its
    /// playouts won ([`Judgement::Sampled`]), the most visited first, none checked.
    pub fn rank(
        &mut self,
        root: &State,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<(Thought, Vec<Ranked>)> {
        if let Some(policy) = mcts::Policy::of(root.game()) {
            self.salt = 0;
            return mcts::rank(root, policy, budget, seed, stop);
        }
        if root.game().facts.roll_rule.is_some() && chance::grows_tree(root, budget) {
            self.salt = 0;
            return chance_tree::rank(root, budget, seed, stop, Instant::now());
        }
        let (mut t, found) = self.run(root, budget, seed, stop, Manner::Ranked)?;
        let mut ranked: Vec<Ranked> = found
            .moves
            .iter()
            .map(|m| Ranked {
                mv: m.mv,
                judgement: Judgement::of(m.value),
                depth: m.depth,
                reply: None,
            })
            .collect();
        if !root.game().solo() && ranked.len() > 1 {
            self.check_replies(root, budget, seed, stop, &mut ranked);
            if let Some(first) = ranked.first() {
                t.best = first.mv;
                t.judgement = first.judgement;
                t.value = first.judgement.expected();
            }
        }
        Some((t, ranked))
    }

    /// Checks the judgements of the first [`CHECKED_MOVES`] ranked moves from the other
    /// side: the position after each is searched again for the player who replies, a ply
    /// deeper than the move was; where the replies do better against the move than its
    /// ranking said (a won game not won, a gain that a reply takes back), the move gets the
    /// check's judgement and the reply that refutes it, and the moves are sorted again.
    /// So a hint's words are what the deeper of the two searches proved.
    fn check_replies(
        &mut self,
        root: &State,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
        ranked: &mut [Ranked],
    ) {
        let mover = root.to_move();
        let checked = ranked.len().min(CHECKED_MOVES);
        for r in ranked.iter_mut().take(checked) {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let mut after = root.clone();
            after.apply(r.mv);
            if after.outcome().is_some() {
                continue;
            }
            let check = Budget {
                iterations: budget.iterations,
                time: budget.time.map(|t| t / (2 * checked as u32)),
                depth: (r.depth + 1).min(budget.depth.saturating_add(1)).max(1),
                threads: budget.threads,
            };
            let Some((reply, _)) = self.run(&after, check, seed, stop, Manner::Best) else {
                continue;
            };
            let truth = match after.to_move() == mover {
                true => reply.judgement,
                false => reply.judgement.turned(),
            };
            if truth.key() < r.judgement.key() {
                r.judgement = truth;
                r.depth = reply.depth + 1;
                r.reply = (after.to_move() != mover).then_some(reply.best);
            }
        }
        ranked[..checked].sort_by_key(|r| std::cmp::Reverse(r.judgement.key()));
    }

    /// The baseline player: a plain search of every line to `depth` plies judged by the
    /// game's evaluation (minimax, with alpha-beta cut-offs that do not change its result),
    /// equal moves chosen between by `seed`. Setting `stop` ends it early (after depth 1).
    pub fn baseline(
        &mut self,
        root: &State,
        depth: u32,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        let budget = Budget {
            depth: depth.clamp(1, MAX_DEPTH),
            ..Budget::iterations(u64::MAX)
        };
        self.run(root, budget, seed, stop, Manner::Plain)
            .map(|(t, _)| t)
    }

    fn run(
        &mut self,
        root: &State,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
        manner: Manner,
    ) -> Option<(Thought, Found)> {
        let began = Instant::now();
        // No line is read from the table unless this search fills it.
        self.salt = 0;
        if root.game().facts.roll_rule.is_some() {
            return chance::think(root, budget, seed, stop, began);
        }
        let order = self.root_order(root, seed, manner)?;
        if order.len() == 1 && manner != Manner::Ranked {
            let found = Found::default();
            let t = thought(order[0], &found, began, 0);
            return Some((Thought { value: 0.5, ..t }, found));
        }
        if root.game().solo() && manner != Manner::Plain {
            let all = manner == Manner::Ranked;
            let found = self.run_solo(root, budget, order.clone(), stop, all);
            let best = found.moves.first().map_or(order[0], |m| m.mv);
            return Some((thought(best, &found, began, 0), found));
        }
        let limits = Limits {
            depth: budget.depth.clamp(1, MAX_DEPTH),
            nodes: budget.iterations,
            soft: budget.time.map(|t| began + t / 2),
            hard: budget.time.map(|t| began + t.mul_f64(0.97)),
            quiescence: manner != Manner::Plain,
            exact_root: manner == Manner::Ranked,
            refined: manner != Manner::Plain,
        };
        let threads = if budget.time.is_some() {
            budget.threads.max(1)
        } else {
            1
        };
        if self.workers.len() < threads {
            self.workers.resize_with(threads, Worker::default);
        }
        let table = self.table();
        self.searches += 1;
        // Entries of earlier searches (judged from another root) must not match.
        let salt = self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.salt = salt;
        let (main, helpers) = self.workers[..threads]
            .split_first_mut()
            .expect("at least one worker");
        let done = AtomicBool::new(false);
        let (found, helper_nodes) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, w)| {
                    let mut order = order.clone();
                    let shift = (i + 1) % order.len();
                    order.rotate_left(shift);
                    let (table, done) = (&table, &done);
                    scope.spawn(move || {
                        let mut state = root.clone();
                        let flags = Flags { stop, done };
                        let f = w.search(&mut state, &order, limits, table, &flags, salt);
                        f.nodes
                    })
                })
                .collect();
            let mut state = root.clone();
            let flags = Flags { stop, done: &done };
            let found = main.search(&mut state, &order, limits, &table, &flags, salt);
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            let nodes: u64 = handles.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (found, nodes)
        });
        let best = found.moves.first().map_or(order[0], |m| m.mv);
        Some((thought(best, &found, began, helper_nodes), found))
    }

    /// The transposition table, made at its size on first use.
    fn table(&mut self) -> Arc<Table> {
        let bits = match self.table_bits {
            0 => TABLE_BITS,
            bits => bits,
        };
        Arc::clone(self.table.get_or_insert_with(|| Arc::new(Table::new(bits))))
    }

    /// The legal moves of `root` in the order the search tries them first: shuffled by
    /// `seed` (so equal moves are chosen between at random), then, but for the plain
    /// baseline, by the evaluation after each, then by how well each waits while the
    /// others are shut in ([`search::waiting_rank`]), then by contact with the others'
    /// pieces where that is sought ([`search::seeks_contact`]); `None` when there is none.
    fn root_order(&mut self, root: &State, seed: u64, manner: Manner) -> Option<Vec<Move>> {
        root.legal_moves(&mut self.moves);
        if self.moves.is_empty() {
            return None;
        }
        let mut order: Vec<Move> = self.moves.to_vec();
        let mut rng = Rng::new(seed);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        if manner != Manner::Plain {
            let mut work = root.clone();
            let me = root.to_move();
            let contact = search::seeks_contact(root.game());
            let waits = search::others_shut_in(root);
            let last = root.last_move_of(me);
            let mut keyed: Vec<(i32, i64, i64, Move)> = order
                .iter()
                .map(|&m| {
                    work.apply(m);
                    let v = search::judge(&work, me, true);
                    let w = match waits {
                        true => search::waiting_rank(&work, m, last),
                        false => 0,
                    };
                    let c = match contact {
                        true => search::contact(&work, me),
                        false => 0,
                    };
                    work.undo();
                    (v, w, c, m)
                })
                .collect();
            keyed.sort_by_key(|k| std::cmp::Reverse((k.0, k.1, k.2)));
            order = keyed.into_iter().map(|k| k.3).collect();
        }
        Some(order)
    }
}

/// `player`'s lead by the game's own measure: its estimate less the best of the other
/// players'.
pub fn lead(state: &State, player: rulebook_model::Player) -> i64 {
    i64::from(search::lead(state, player))
}

/// `player`'s standing as the levels judge a position: the lead by the game's own measure
/// with the levels' finer terms (a goal's distance, the stones left to their owners, the
/// room walled off), rounded towards 0, as [`Judgement::Lead`] counts it; what a hint's
/// "gains" and "loses" are reckoned from.
pub fn standing(state: &State, player: rulebook_model::Player) -> i64 {
    i64::from(search::judge(state, player, true) / SCALE)
}

/// What the game's estimate counts, singular and plural, for words: pieces, points of
/// material (the pieces' worths), stones (in a store) or points.
pub fn unit(game: &rulebook_model::Game) -> (&'static str, &'static str) {
    use rulebook_model::Expr;
    match &game.heuristics.estimate {
        Expr::Pieces(_) => ("piece", "pieces"),
        Expr::Material(..) => ("point of material", "points of material"),
        Expr::Count(e) if matches!(**e, Expr::Store(_)) => ("stone", "stones"),
        _ => ("point", "points"),
    }
}

/// What a hint counts by: the unit of the game's estimate ([`unit()`]) and whether a gain
/// is claimed from it ([`claims_gains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// The unit, singular and plural.
    pub unit: (&'static str, &'static str),
    /// Whether the words say what a move gains or loses.
    pub gains: bool,
}

/// What a hint in `game` counts by.
pub fn measure(game: &rulebook_model::Game) -> Measure {
    Measure {
        unit: unit(game),
        gains: claims_gains(game),
    }
}

/// Whether a hint claims what a move gains or loses in `game`: not where the count swings
/// from ply to ply by far more than a move is worth, so that the figure at the end of the
/// line searched says little of the move: a score counted by area (one stone on a
/// near-empty board claims all of it), and a game whose every move places a piece and
/// whose captures turn pieces over (a move may turn whole runs of them, and the count at
/// the end of a line depends on who moved last: the claims of `medium`'s hints there were
/// refuted by a search two plies deeper, tests/hints.rs).
pub fn claims_gains(game: &rulebook_model::Game) -> bool {
    use rulebook_model::{CaptureMode::Convert, EffectKind as E, MoveKind, WalkAction};
    let places = (game.moves.iter()).all(|rule| match &rule.kind {
        MoveKind::PlacePiece { .. } | MoveKind::Pass { .. } | MoveKind::Swap => true,
        MoveKind::SiteWalk(walk) => matches!(walk.action, WalkAction::Place { .. }),
        _ => false,
    });
    let converts = (game.effects.iter()).any(|e| {
        matches!(
            e.kind,
            E::Custodian { mode: Convert, .. }
                | E::Groups { mode: Convert, .. }
                | E::Enclosed { mode: Convert, .. }
        )
    });
    unit(game).0 != "point" && !(places && converts)
}

/// What a hint adds to a move's words when checking it from the other side found the reply
/// that refutes its first judgement ([`Ranked::reply`]): `reply` is that move's text.
pub fn refuted_by(reply: &str) -> String {
    format!(" (against the reply {reply})")
}

/// A count of plies in words: "1 ply", "3 plies".
pub fn plies(n: u32) -> String {
    match n {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    }
}

/// A judgement in words, for a player whose lead is `now` before the move: a won or lost
/// game, or what the move gains or loses (where `measure` claims gains) and the standing
/// at the end of the line searched; `shallower`: the plies it was searched, where fewer
/// than the move suggested (the search stopped before it reached this move at the deeper
/// depth).
pub fn explain(judgement: Judgement, now: i64, measure: Measure, shallower: Option<u32>) -> String {
    let unit = measure.unit;
    let count = |n: i64| format!("{n} {}", if n == 1 { unit.0 } else { unit.1 });
    match judgement {
        Judgement::Wins(p) => {
            format!("wins: a won game within {}, whatever the reply", plies(p))
        }
        Judgement::Loses(p) => {
            format!(
                "loses: the game is lost within {} with best replies",
                plies(p)
            )
        }
        Judgement::Sampled(share) => sampled(share),
        Judgement::Lead(v) => {
            let change = match v - now {
                0 => "keeps the balance".to_string(),
                d if d > 0 => format!("gains {}", count(d)),
                d => format!("loses {}", count(-d)),
            };
            let standing = match v {
                0 => "level".to_string(),
                v if v > 0 => format!("ahead by {}", count(v)),
                v => format!("behind by {}", count(-v)),
            };
            let how = match shallower {
                Some(p) => format!("looking {} ahead only", plies(p)),
                None => "with best replies".to_string(),
            };
            // Where the count swings by far more than the move changes, no gain is claimed
            // from it ([`claims_gains`]).
            if !measure.gains {
                let what = if unit.0 == "point" {
                    "stones"
                } else {
                    "pieces"
                };
                return format!("{standing} {how}, by the count as the {what} would stand");
            }
            format!("{change} {how} ({standing})")
        }
    }
}

/// A share of random games won in words (see [`Judgement::Sampled`]): no gain claimed,
/// since nothing is proved.
fn sampled(share: u32) -> String {
    format!(
        "won {:.0}% of the random games played on after it (an estimate, nothing proved)",
        f64::from(share) / 10.0
    )
}

/// A judgement in words in a game of one player, where the search looks for a line of
/// moves that wins ([`Judgement::Lead`] is a move it did not solve, or one that draws at
/// best).
pub fn explain_solo(judgement: Judgement) -> String {
    match judgement {
        Judgement::Wins(1) => "wins: the move wins the game".to_string(),
        Judgement::Wins(p) => format!("wins: a line of {p} moves wins the game"),
        Judgement::Loses(_) => "loses: no line of moves after it wins".to_string(),
        Judgement::Lead(_) | Judgement::Sampled(_) => {
            "no winning line found after it within the search".to_string()
        }
    }
}

/// The thought a search's findings make.
fn thought(best: Move, found: &Found, began: Instant, more_nodes: u64) -> Thought {
    let value = found.moves.first().map_or(0, |m| m.value);
    let judgement = Judgement::of(value);
    let hundredths = match judgement {
        Judgement::Lead(_) => i64::from(value) * 100 / i64::from(SCALE),
        _ => 0,
    };
    Thought {
        best,
        iterations: found.nodes + more_nodes,
        elapsed: began.elapsed(),
        value: judgement.expected(),
        judgement,
        depth: found.depth,
        interrupted: found.interrupted,
        hundredths,
    }
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
        assert!(LEVELS.windows(2).all(|w| w[0].seconds < w[1].seconds));
        assert!(LEVELS.windows(2).all(|w| w[0].depth <= w[1].depth));
    }

    #[test]
    fn the_table_is_sized_in_megabytes() {
        assert_eq!(TABLE_MEGABYTES, 4);
        let mut searcher = Searcher::new();
        for (megabytes, bits) in [(1, 16), (3, 17), (4, TABLE_BITS), (1024, 26), (0, 16)] {
            searcher.set_table_megabytes(megabytes);
            assert_eq!(searcher.table_bits, bits, "{megabytes} MB");
        }
    }

    #[test]
    fn judgements_in_words() {
        let counted = |unit, gains| Measure { unit, gains };
        let pieces = counted(("piece", "pieces"), true);
        assert_eq!(
            explain(Judgement::Lead(2), 0, pieces, None),
            "gains 2 pieces with best replies (ahead by 2 pieces)"
        );
        assert_eq!(
            explain(
                Judgement::Lead(-1),
                1,
                counted(("stone", "stones"), true),
                None
            ),
            "loses 2 stones with best replies (behind by 1 stone)"
        );
        assert_eq!(
            explain(Judgement::Lead(0), 0, pieces, None),
            "keeps the balance with best replies (level)"
        );
        let area = counted(("point", "points"), false);
        assert_eq!(
            explain(Judgement::Lead(6), 0, area, Some(1)),
            "ahead by 6 points looking 1 ply ahead only, by the count as the stones would stand"
        );
        assert_eq!(
            explain(
                Judgement::Lead(2),
                0,
                counted(("piece", "pieces"), false),
                None
            ),
            "ahead by 2 pieces with best replies, by the count as the pieces would stand"
        );
        assert!(explain(Judgement::Wins(3), 0, pieces, None).starts_with("wins: "));
        assert_eq!(
            explain(Judgement::Wins(1), 0, pieces, None),
            "wins: a won game within 1 ply, whatever the reply"
        );
        assert!(explain(Judgement::Loses(4), 0, pieces, Some(2)).starts_with("loses: "));
        assert_eq!(Judgement::of(WIN - 3), Judgement::Wins(3));
        assert_eq!(Judgement::of(-WIN + 4), Judgement::Loses(4));
        assert_eq!(Judgement::of(-7 * SCALE), Judgement::Lead(-7));
        assert_eq!(Judgement::of(-7 * SCALE - 5), Judgement::Lead(-7));
        assert_eq!(Judgement::of(2 * SCALE + 15), Judgement::Lead(2));
        assert!(Judgement::Lead(3).expected() > 0.9 && Judgement::Lead(-3).expected() < 0.1);
    }
}
