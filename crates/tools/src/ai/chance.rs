//! The computer in a game of chance. In a race, at every level: expectimax a few turns deep
//! (a turn being a player's moves between two throws, each of its ends searched once
//! however many orders of its moves reach it), as deep as the budget's positions allow
//! (`strong`'s four times `medium`'s reach about a turn further, up to 12 turns where
//! `medium` stops at 6; where a whole third turn is beyond them, `strong` searches on only
//! the best few ends of each turn), a throw of the dice a chance node whose value is its
//! outcomes' values weighted by their likelihood (dice used one by one thrown in either
//! order searched as one throw), the positions judged by how far each side's pieces have
//! gone along their tracks, less what they stand to lose to a hit (at `strong` also behind
//! closed sites, a piece still to bear off counted a little more, and a hit by any player
//! who throws before the piece's owner moves again: [`horizon`]). In any other game, with a
//! budget that caps the depth (the levels below `strong`), flat Monte Carlo: random games
//! played on after each move, the dice thrown as likely as they fall, the move that wins
//! most chosen; with a budget of positions alone (`strong`, and a number of positions asked
//! for), the tree search with chance nodes of `chance_tree.rs`, which keeps gaining from
//! positions where flat Monte Carlo stops.

use super::search::{Found, MAX_DEPTH};
use super::{Budget, Judgement, Thought};
use crate::analysis::Rng;
use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_model::{Dice, MoveKind, Player, Site, Track, PLAYERS};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The deepest the computer looks in a race, in turns (a player's moves between two throws),
/// where its level caps the depth (`easy`, `medium`).
const MAX_CHANCE_DEPTH: u32 = 6;

/// The deepest the computer looks in a race where its level does not cap the depth
/// (`strong`): as deep as its positions allow, up to this many turns (with one die or a few
/// binary lots and a few pieces to choose from, six turns cost some tens of thousands of
/// positions, so that the cap above, not the positions, would stop the search).
const UNCAPPED_CHANCE_DEPTH: u32 = 12;

/// How many ends of a turn a narrowed search searches on past it at most (the root's by
/// the depth before, the others' by the horizon): fewer where that many do not fit.
const BREADTH: usize = 4;

/// The fewest ends of a turn a narrowed search searches on past it.
const MIN_BREADTH: usize = 2;

/// What a piece that no die of the next throw can move (the sites ahead of it closed by
/// `blocked by`) is judged to lose, in mean throws of the dice: two, about 16 sites with
/// two six-faced dice used one by one, doubles twice (weighed against an outside
/// program's judgement of the same plays, docs/analyze.md's error rates: from half a throw
/// to six compared, two and three best).
const STUCK_THROWS: f64 = 2.0;

/// Where dice are used one by one, what each piece still to leave the board costs beyond
/// its sites to go: every piece needs a die of its own to leave, so a die that bears one
/// off does more than its sites say (weighed as [`STUCK_THROWS`]: 1 to 8 compared, 1 to 4
/// alike).
const OFF_SITES: f64 = 2.0;

/// The share of the budget's positions that expectimax in a race may visit, as its
/// reciprocal: a quarter (at `medium`, 125,000 positions, under half a second a move where
/// a position costs a few microseconds, as with dice used one by one).
const RACE_SHARE: u64 = 4;

/// The best move of `root` for the player to move: in a race by expectimax deepened a turn
/// at a time within the budget ([`deepen`], at most [`deepest`] turns); in any other game,
/// with a budget whose depth is not capped below [`MAX_DEPTH`], by the tree search with
/// chance nodes, else by random games played on after each move ([`sampled`]); at a throw
/// of the dice, a throw made with `seed` (the computer throws the dice, it does not choose
/// them); a move that is the only one, without a search (its value 0.5, its depth 0).
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
    if moves.len() == 1 {
        // A forced move is played without a search, as in games without dice.
        return done(moves[0], 0.5, 0, 0);
    }
    if grows_tree(root, budget) {
        let (t, _) = super::chance_tree::rank(root, budget, seed, stop, began)?;
        return Some((t, Found::default()));
    }
    if race_lead(root, root.to_move()).is_none() {
        let (m, v, plies) = sampled(root, &moves, budget, &mut rng, began);
        return done(m, v, plies, 1);
    }
    let (m, v, nodes, depth) = deepen(root, budget, stop, began)?;
    done(m, v, nodes, depth)
}

/// The deepest `budget` searches `root`: in a race, by expectimax, its depth in turns, at
/// most [`MAX_CHANCE_DEPTH`], or [`UNCAPPED_CHANCE_DEPTH`] where the budget does not cap
/// the depth below [`MAX_DEPTH`]; elsewhere its depth.
pub(super) fn deepest(root: &State, budget: Budget) -> u32 {
    let game = root.game();
    let race = game.facts.roll_rule.is_some() && first_track(game).is_some();
    match race && !grows_tree(root, budget) {
        true if budget.depth >= MAX_DEPTH => UNCAPPED_CHANCE_DEPTH,
        true => budget.depth.clamp(1, MAX_CHANCE_DEPTH),
        false => budget.depth,
    }
}

/// Whether `budget` grows the tree with chance nodes from `root` in a game of chance: where
/// a player moves (not at a throw), in a game that is not a race, and the budget does not
/// cap the depth below [`MAX_DEPTH`] (`strong`, or positions alone).
pub(super) fn grows_tree(root: &State, budget: Budget) -> bool {
    let race = race_lead(root, root.to_move()).is_some();
    root.chance().is_none() && budget.depth >= MAX_DEPTH && !race
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

/// Expectimax in a race, deepened a turn at a time: a turn is a player's moves up to the
/// next throw of the dice (a die's move and the next die's of the same throw are one turn,
/// with no chance node between them), and depth `d` looks at `d` turns, the throws before
/// the last `d - 1` of them weighed by their chances, the position before the throw after
/// them judged by [`horizon`]. The first depth is always finished; a deeper one is begun
/// only while its cost, guessed from the depths before, fits in the budget's share of
/// positions ([`RACE_SHARE`]) and half its time, and is given up, its result unused, when
/// it would overrun them. With a budget of positions alone (`strong`), where the whole
/// third turn does not fit, it is narrowed: from then on only the best few ends of each
/// turn but the last are searched on ([`BREADTH`] to [`MIN_BREADTH`], as many as fit).
/// The best move, its value, the positions visited and the depth finished.
fn deepen(
    root: &State,
    budget: Budget,
    stop: &AtomicBool,
    began: Instant,
) -> Option<(Move, f64, u64, u32)> {
    let cap = deepest(root, budget);
    let most = budget.iterations / RACE_SHARE;
    // Only a budget of positions alone (`strong`) narrows the search and judges its
    // horizon finely.
    let narrows = budget.depth >= MAX_DEPTH;
    let mut search = Expectimax::new(root, stop, narrows);
    let mut state = root.clone();
    let (mut found, mut last) = (None, 1u64);
    for depth in 1..=cap {
        let (start, from) = (search.nodes, began.elapsed());
        if depth > 1 {
            let deadline = budget.time.map(|t| began + t.mul_f64(0.9));
            search.limit = Some((most, deadline));
        }
        let best = search.root(&mut state, depth);
        if search.out {
            break;
        }
        found = Some((best?, depth));
        let spent = search.nodes - start;
        let took = began.elapsed() - from;
        // Whether the next depth, guessed to cost `growth` times this one, fits.
        let fits = |growth: u64, nodes: u64| {
            let next = nodes.saturating_add(spent.saturating_mul(growth));
            let late = (budget.time)
                .is_some_and(|t| began.elapsed() + took.mul_f64(growth as f64) > t / 2);
            next <= most && !late
        };
        // The next depth's cost: each leaf of this one grows by a throw's outcomes times a
        // turn's moves (the first depth's size), then by the ratio of the last two depths.
        let mut growth = match depth {
            1 => search.throws.saturating_mul(spent),
            _ => spent / last.max(1) + 1,
        };
        if depth == 2 && narrows && !fits(growth, search.nodes) {
            // A third turn narrowed, as wide as fits.
            let breadth = (MIN_BREADTH..=BREADTH)
                .rev()
                .find(|&b| fits(search.narrowed_growth(b), search.nodes))
                .unwrap_or(MIN_BREADTH);
            search.breadth = Some(breadth);
            growth = search.narrowed_growth(breadth);
        }
        last = spent;
        if !fits(growth, search.nodes) {
            break;
        }
    }
    let ((m, v), depth) = found?;
    Some((m, v, search.nodes, depth))
}

/// The most points a win of `root`'s game may be worth (`end when ...: mover wins 3`; 1 in
/// most games).
pub(super) fn most_points(root: &State) -> f64 {
    let most = root.game().ends.rules.iter().map(|r| r.points).max();
    f64::from(most.unwrap_or(1).max(1))
}

/// The state of one expectimax search ([`deepen`]).
struct Expectimax<'a> {
    /// The game's dice, and per outcome the weight it is searched with
    /// ([`searched_weights`]); not the opening roll's, whose order says who starts: its
    /// outcomes keep their weights.
    dice: Option<(&'a Dice, Vec<u64>)>,
    /// The player searching, whose expected score is maximised.
    me: Player,
    /// The most points a win may be worth (`end when ...: mover wins 3`; 1 in most games):
    /// the scale of the score, so that a win worth more is worth more to the search.
    most_points: f64,
    /// Positions visited so far, over every depth.
    nodes: u64,
    /// The positions and the time past which the depth under way is given up (none at the
    /// first depth, which is always finished).
    limit: Option<(u64, Option<Instant>)>,
    /// Set to end the search early (with the limit: from the second depth on).
    stop: &'a AtomicBool,
    /// Whether the depth under way was given up.
    out: bool,
    /// How many throws the dice have (once a chance node is met; 1 before).
    throws: u64,
    /// Per turn met so far (a player's moves between two throws), the root's first, the
    /// hashes of the positions its moves have ended in: the turns under way, then others
    /// whose lists are kept for the next turns at their depth. An end reached again by
    /// another order of the same moves (a die's move and the next die's taken the other
    /// way round) is searched once.
    turns: Vec<Vec<u64>>,
    /// How many turns are under way: the last of them is the one being searched.
    under_way: usize,
    /// Move lists to reuse, one taken by each position being searched and given back.
    lists: Vec<MoveList>,
    /// What the horizon reads of the race's rules; none in a game without tracks.
    race: Option<Race<'a>>,
    /// How many of a turn's ends are searched on past it, the best by the horizon, where
    /// the search is narrowed (from its third turn on); none where every end is.
    breadth: Option<usize>,
    /// The root turn's ends, with their values at the last depth finished, where the search
    /// is narrowed.
    root_ends: Ends,
    /// Lists of a turn's ends to reuse, one taken by each narrowed turn being searched.
    spare_ends: Vec<Ends>,
}

/// A turn's distinct ends: the moves that reach each from the turn's start, and its value.
#[derive(Default)]
struct Ends {
    /// The moves of every end's path, one path after another.
    moves: Vec<Move>,
    /// The ends, in the order met.
    ends: Vec<End>,
    /// The path to the position being looked at, while the ends are gathered.
    path: Vec<Move>,
    /// The ends' indices, best first once [`Ends::rank`] has ranked them.
    order: Vec<usize>,
}

/// One end of a turn ([`Ends`]).
#[derive(Clone, Copy)]
struct End {
    /// Where its path begins in [`Ends::moves`].
    start: usize,
    /// How many moves its path has.
    len: usize,
    /// Its value to the searching player: the horizon's when gathered, or a deeper search's.
    value: f64,
    /// Whether the game is over there (its value is then exact).
    over: bool,
}

impl Ends {
    /// Forgets every end.
    fn clear(&mut self) {
        self.moves.clear();
        self.ends.clear();
        self.path.clear();
        self.order.clear();
    }

    /// The path of end `i`.
    fn path_of(&self, i: usize) -> &[Move] {
        let e = self.ends[i];
        &self.moves[e.start..e.start + e.len]
    }

    /// Ranks the ends into [`Ends::order`], best first for a player who maximises
    /// (`maximise`) or minimises the value, equal ends in the order met.
    fn rank(&mut self, maximise: bool) {
        self.order.clear();
        self.order.extend(0..self.ends.len());
        let ends = &self.ends;
        let key = |i: &usize| ends[*i].value;
        match maximise {
            true => self.order.sort_by(|a, b| key(b).total_cmp(&key(a))),
            false => self.order.sort_by(|a, b| key(a).total_cmp(&key(b))),
        }
    }
}

impl<'a> Expectimax<'a> {
    /// A search for the player to move at `root`, nothing visited yet, ended early when
    /// `stop` is set (from the second depth on); `fine`: its horizon judges closed sites
    /// and bearing off too ([`Race::of`]).
    fn new(root: &'a State, stop: &'a AtomicBool, fine: bool) -> Expectimax<'a> {
        let game = root.game();
        let dice = match game.facts.roll_rule.map(|r| &game.moves[r as usize].kind) {
            Some(MoveKind::Roll(dice)) => Some((dice, searched_weights(dice))),
            _ => None,
        };
        Expectimax {
            dice,
            me: root.to_move(),
            most_points: most_points(root),
            nodes: 0,
            limit: None,
            stop,
            out: false,
            throws: 1,
            turns: Vec::new(),
            under_way: 0,
            lists: Vec::new(),
            race: Race::of(game, fine),
            breadth: None,
            root_ends: Ends::default(),
            spare_ends: Vec::new(),
        }
    }

    /// The best end of the root's turn (`state` the root) looking `depth` turns ahead, the
    /// first of equal ends in the order met (the engine's order of moves being fixed): the
    /// first move of its path, and its value. The turn's ends are gathered at the first
    /// depth and kept, with their values at the last depth finished; where the search is
    /// narrowed ([`Self::breadth`]), from the third turn on only that many of them are
    /// searched, the best at the depth before.
    fn root(&mut self, state: &mut State, depth: u32) -> Option<(Move, f64)> {
        let breadth = self.breadth.unwrap_or(usize::MAX);
        if depth == 1 || self.root_ends.ends.is_empty() {
            self.under_way = 0;
            self.begin_turn();
            let mut ends = std::mem::take(&mut self.root_ends);
            ends.clear();
            self.gather(state, &mut ends);
            self.root_ends = ends;
        }
        let mut ends = std::mem::take(&mut self.root_ends);
        ends.rank(true);
        let searched = if depth >= 3 { breadth } else { usize::MAX };
        let mut values = vec![f64::NEG_INFINITY; ends.ends.len()];
        for &i in ends.order.iter().take(searched) {
            values[i] = match ends.ends[i] {
                e if e.over || depth == 1 => e.value,
                _ => self.searched_end(state, &ends, i, depth - 1),
            };
        }
        if !self.out {
            for (e, v) in ends.ends.iter_mut().zip(&values) {
                e.value = *v;
            }
        }
        let best = (0..values.len()).fold(None, |b: Option<usize>, i| match b {
            Some(j) if values[i] <= values[j] + 1e-12 => Some(j),
            _ => Some(i),
        });
        let found = best.and_then(|i| Some((*ends.path_of(i).first()?, values[i])));
        self.root_ends = ends;
        found
    }

    /// How many times the second depth's positions a narrowed third depth is guessed to
    /// cost, `breadth` ends of a turn searched on: the share of the root's ends searched
    /// on, each of their throws' turns gathered and `breadth` of its ends searched a turn
    /// more.
    fn narrowed_growth(&self, breadth: usize) -> u64 {
        let ends = self.root_ends.ends.len().max(1) as u64;
        let breadth = breadth as u64;
        let per_end = 1 + breadth.saturating_mul(self.throws);
        (per_end.saturating_mul(breadth.min(ends)) / ends).max(1)
    }

    /// The value of end `i` of `ends` (a turn begun at `state`), its throws weighed `depth`
    /// turns ahead.
    fn searched_end(&mut self, state: &mut State, ends: &Ends, i: usize, depth: u32) -> f64 {
        let path = ends.path_of(i);
        for &m in path {
            state.apply(m);
        }
        let v = self.expect(state, depth);
        for _ in path {
            state.undo();
        }
        v
    }

    /// Gathers into `ends` the distinct ends of the turn that `state` begins (or is in),
    /// each with the horizon's value or, where the game is over, its result.
    fn gather(&mut self, state: &mut State, ends: &mut Ends) {
        self.nodes += 1;
        if self.out || self.over() {
            return;
        }
        let mut moves = self.lists.pop().unwrap_or_default();
        let value = match state.outcome_with(&mut moves) {
            Some(outcome) => Some((self.ended(state, outcome), true)),
            None if state.chance().is_some() => Some((self.judged(state), false)),
            None => None,
        };
        match value {
            Some((value, over)) => {
                let start = ends.moves.len();
                ends.moves.extend_from_slice(&ends.path);
                let len = ends.path.len();
                ends.ends.push(End {
                    start,
                    len,
                    value,
                    over,
                });
            }
            None => {
                state.legal_moves(&mut moves);
                for &m in moves.iter() {
                    state.apply(m);
                    if !self.met_before(state) {
                        ends.path.push(m);
                        self.gather(state, ends);
                        ends.path.pop();
                    }
                    state.undo();
                }
            }
        }
        self.lists.push(moves);
    }

    /// [`Self::expect`] of the turn that `state` begins, `depth` more turns weighed after
    /// it, searched narrowly: its ends gathered and judged by the horizon, and only the
    /// [`Self::breadth`] best of them for its mover searched on.
    fn narrowed_turn(&mut self, state: &mut State, depth: u32, breadth: usize) -> f64 {
        let mut ends = self.spare_ends.pop().unwrap_or_default();
        ends.clear();
        self.gather(state, &mut ends);
        let maximise = state.to_move() == self.me;
        ends.rank(maximise);
        let mut best = if maximise { 0.0 } else { 1.0 };
        for &i in ends.order.iter().take(breadth) {
            let v = match ends.ends[i] {
                e if e.over => e.value,
                _ => self.searched_end(state, &ends, i, depth),
            };
            best = if maximise {
                f64::max(best, v)
            } else {
                f64::min(best, v)
            };
        }
        self.spare_ends.push(ends);
        best
    }

    /// Begins a turn, its ends not yet met.
    fn begin_turn(&mut self) {
        if self.under_way == self.turns.len() {
            self.turns.push(Vec::new());
        }
        self.turns[self.under_way].clear();
        self.under_way += 1;
    }

    /// Whether `state`, reached by a move of the turn under way, is an end of that turn
    /// (a throw due) met before in it: its value is known to the mover, so it is not
    /// searched again, though counted as a position visited. A new end is noted.
    fn met_before(&mut self, state: &State) -> bool {
        if state.chance().is_none() {
            return false;
        }
        let ends = &mut self.turns[self.under_way - 1];
        let hash = state.hash();
        let met = ends.contains(&hash);
        if met {
            self.nodes += 1;
        } else {
            ends.push(hash);
        }
        met
    }

    /// The searching player's score in `state`, ended with `outcome`: 0.5 and a half of the
    /// points won over [`Self::most_points`], or less the points lost.
    fn ended(&self, state: &State, outcome: Outcome) -> f64 {
        let me = self.me;
        let won = f64::from(state.game().ends.win_points(state.end_rule()));
        let share = 0.5 * won / self.most_points;
        match outcome {
            Outcome::Win(p) if p == me => 0.5 + share,
            Outcome::Win(_) => 0.5 - share,
            Outcome::Draw => 0.5,
        }
    }

    /// The searching player's score in `state`, where the look-ahead stops before a throw:
    /// the [`horizon`]'s judgement, as a win or a loss of one point.
    fn judged(&self, state: &State) -> f64 {
        match &self.race {
            Some(race) => 0.5 + (horizon(state, self.me, race) - 0.5) / self.most_points,
            None => 0.5,
        }
    }

    /// Whether the depth under way must be given up: past its positions or its time, or
    /// stopped (the clock read every 1,024 positions).
    fn over(&mut self) -> bool {
        let Some((most, deadline)) = self.limit else {
            return false;
        };
        if self.nodes > most {
            self.out = true;
        } else if self.nodes.is_multiple_of(1024) {
            let late = deadline.is_some_and(|d| Instant::now() > d);
            self.out = late || self.stop.load(std::sync::atomic::Ordering::Relaxed);
        }
        self.out
    }

    /// The expected score of the searching player, 0 (the most points lost) ..= 1 (the
    /// most won), a win of one point 0.5 + 0.5 / [`Self::most_points`], with `depth` more
    /// throws weighed before the horizon (judged as a win or a loss of one point).
    fn expect(&mut self, state: &mut State, depth: u32) -> f64 {
        self.nodes += 1;
        if self.out || self.over() {
            return 0.5;
        }
        let mut moves = self.lists.pop().unwrap_or_default();
        let value = match state.outcome_with(&mut moves) {
            Some(outcome) => self.ended(state, outcome),
            None if state.chance().is_some() && depth == 0 => self.judged(state),
            None if state.chance().is_some() => self.throws_value(state, depth, &mut moves),
            None => self.moves_value(state, depth, &mut moves),
        };
        self.lists.push(moves);
        value
    }

    /// [`Self::expect`] at a throw of the dice, `depth` turns still to look at: its
    /// outcomes' values weighed by their chances (`moves` the list to fill with them).
    fn throws_value(&mut self, state: &mut State, depth: u32, moves: &mut MoveList) -> f64 {
        let Some(dice) = state.chance() else {
            return 0.5;
        };
        let total = dice.total() as f64;
        // The game's dice are searched with their orders merged; others (the opening
        // roll's) outcome by outcome, with their own weights.
        let merged = matches!(&self.dice, Some((d, _)) if std::ptr::eq(dice, *d));
        let own: Vec<u64> = match merged {
            true => Vec::new(),
            false => dice.outcomes.iter().map(|&(_, w)| w).collect(),
        };
        state.legal_moves(moves);
        self.throws = match &self.dice {
            Some((_, searched)) if merged => searched.iter().filter(|&&w| w > 0).count() as u64,
            _ => own.len() as u64,
        };
        let mut sum = 0.0;
        for (i, &m) in moves.iter().enumerate() {
            let weight = match &self.dice {
                Some((_, searched)) if merged => searched[i],
                _ => own[i],
            };
            if weight == 0 {
                continue;
            }
            state.apply(m);
            self.begin_turn();
            sum += weight as f64
                * match self.breadth {
                    Some(breadth) if depth >= 2 => self.narrowed_turn(state, depth - 1, breadth),
                    _ => self.expect(state, depth - 1),
                };
            self.under_way -= 1;
            state.undo();
        }
        sum / total
    }

    /// [`Self::expect`] where a player moves: the best value of their moves for them (the
    /// searching player's most, another's least), each end of the turn met before skipped.
    fn moves_value(&mut self, state: &mut State, depth: u32, moves: &mut MoveList) -> f64 {
        state.legal_moves(moves);
        let maximise = state.to_move() == self.me;
        let mut best = if maximise { 0.0 } else { 1.0 };
        for &m in moves.iter() {
            state.apply(m);
            if !self.met_before(state) {
                let v = self.expect(state, depth);
                best = if maximise {
                    f64::max(best, v)
                } else {
                    f64::min(best, v)
                };
            }
            state.undo();
        }
        best
    }
}

/// What the [`horizon`] reads of a race's rules, read once a search rather than at every
/// position it judges.
struct Race<'a> {
    /// The game's first move along a track.
    track: &'a Track,
    /// Per throw of the game's dice, the distances a piece may go with it and its weight
    /// ([`reaches`]); none without dice.
    reach: Vec<(u64, u64)>,
    /// The dice's total weight (1 without dice).
    total: f64,
    /// The throw that brings a piece in from the stock ([`entering`]).
    enter: Option<i64>,
    /// The sites of the track's `safe on`, a bit a site.
    safe: Option<&'a [u64]>,
    /// Where `blocked by` closes sites: per pattern of the distances 1 ..= the longest
    /// die's closed ahead of a piece (bit `d - 1`: `d` sites), the chance that no die of
    /// the next throw moves it ([`stuck_chances`]); empty without `blocked by`, with
    /// longer throws, or judged plainly.
    stuck: Vec<f64>,
    /// What a piece that cannot move is judged to lose, in sites: [`STUCK_THROWS`] mean
    /// throws ([`mean_throw`]).
    stuck_cost: f64,
    /// What each piece still to leave the board costs: [`OFF_SITES`] where the dice are
    /// used one by one and pieces bear off, else 0.
    off_sites: f64,
    /// Whether a piece's [`exposure`] counts every player who throws before its owner
    /// moves again (judged finely), or the player about to throw alone.
    every_thrower: bool,
}

impl<'a> Race<'a> {
    /// The race of `game`; none in a game without tracks. Judged `fine`ly (`strong`), its
    /// horizon counts pieces shut in behind closed sites ([`blocking`]), what each piece
    /// still to bear off costs ([`OFF_SITES`]) and, in a game of more than two, the hits of
    /// every player who throws before a piece's owner moves again ([`exposure`]); else
    /// pieces gone and the next throw's hits alone.
    fn of(game: &'a rulebook_model::Game, fine: bool) -> Option<Race<'a>> {
        let track = first_track(game)?;
        let dice = match game.facts.roll_rule.map(|r| &game.moves[r as usize].kind) {
            Some(MoveKind::Roll(dice)) => Some(dice),
            _ => None,
        };
        Some(Race {
            track,
            reach: dice.map(reaches).unwrap_or_default(),
            total: dice.map_or(1.0, |d| d.total() as f64),
            enter: entering(game),
            safe: track.safe.map(|r| &game.tables.regions[r as usize][..]),
            stuck: match track.blocked {
                Some(_) if fine => dice.map(stuck_chances).unwrap_or_default(),
                _ => Vec::new(),
            },
            stuck_cost: dice.map_or(0.0, |d| STUCK_THROWS * mean_throw(d)),
            off_sites: match fine && track.by_die && track.bears_off {
                true => OFF_SITES,
                false => 0.0,
            },
            every_thrower: fine,
        })
    }
}

/// The game's first move along a track.
fn first_track(game: &rulebook_model::Game) -> Option<&Track> {
    game.moves.iter().find_map(|r| match &r.kind {
        MoveKind::Track(t) => Some(t),
        _ => None,
    })
}

/// What `me` makes of a position where the look-ahead stops, 0 (lost) ..= 1 (won), by how
/// far each side has gone along their tracks, less what the player about to throw may
/// take from the others' pieces ([`exposure`]); judged finely ([`Race::of`]), less too
/// what every other player throwing before a piece's owner moves again may take, what
/// pieces shut in stand to lose ([`blocking`]) and, where dice are used one by one,
/// [`OFF_SITES`] for each piece still to leave; 20 sites being most of a win: all run in
/// races alone.
fn horizon(state: &State, me: Player, race: &Race) -> f64 {
    let mut gone = progress(state, race.track);
    let loss = exposure(state, race);
    let held = blocking(state, race);
    for ((g, l), h) in gone.iter_mut().zip(loss).zip(held) {
        *g -= l + h;
    }
    for p in Player::all(state.game().about.players.len()) {
        let to_leave = in_hand(state, race.track, p) + i64::from(state.pieces(p));
        gone[p.index()] -= race.off_sites * to_leave as f64;
    }
    let players = state.game().about.players.len();
    0.5 + 0.5 * (lead_over_others(&gone[..players], me) / 20.0).tanh()
}

/// How much further `player` has gone than the farthest of the other players (0 alone).
fn lead_over_others(gone: &[f64], player: Player) -> f64 {
    let others = (gone.iter().enumerate())
        .filter(|&(p, _)| p != player.index())
        .map(|(_, &g)| g)
        .fold(f64::NEG_INFINITY, f64::max);
    match others.is_finite() {
        true => gone[player.index()] - others,
        false => 0.0,
    }
}

/// How much further `player`'s pieces have gone along their tracks than the other
/// players' (a piece borne off counts one beyond its track's last site); none in a game
/// without tracks.
fn race_lead(state: &State, player: Player) -> Option<i64> {
    let gone = progress(state, first_track(state.game())?);
    let players = state.game().about.players.len();
    Some(lead_over_others(&gone[..players], player) as i64)
}

/// Per player (by index; 0 past the game's players) the sites their pieces have gone
/// along `track`, all counted (a piece borne off one beyond the track's last site).
fn progress(state: &State, track: &Track) -> [f64; PLAYERS] {
    let game = state.game();
    let sites = game.board.sites();
    let kinds = game.about.piece_kinds.len();
    let gone = |p: Player| -> f64 {
        let length = track.sites[p.index()].len() as i64;
        let on_track: i64 = (0..sites)
            .filter(|&s| state.owner(Site::at(s)) == Some(p))
            .map(|s| {
                let height = i64::from(state.stack_height(Site::at(s)));
                i64::from(track.position[p.index() * sites + s]) * height
            })
            .sum();
        let slot = p.index() * kinds + track.kind as usize;
        let start = game.start.stock.get(slot).map_or(0, |&n| i64::from(n));
        let off = start - in_hand(state, track, p) - i64::from(state.pieces(p));
        (on_track + off * (length + 1)) as f64
    };
    let mut all = [0.0; PLAYERS];
    for p in Player::all(game.about.players.len()) {
        all[p.index()] = gone(p);
    }
    all
}

/// How many of `p`'s pieces of the track's kind wait in its stock.
fn in_hand(state: &State, track: &Track, p: Player) -> i64 {
    let hand = state.pieces_in_hand(p);
    hand.get(track.kind as usize).map_or(0, |&n| i64::from(n))
}

/// Per player (by index), the sites along their tracks that their pieces stand to lose to
/// the player about to throw, if that player hits all it can; judged finely
/// ([`Race::every_thrower`]), to every player who throws before they move again, each as
/// if it threw next (in a game of two, the same). Each piece a thrower may land on and
/// take (not on a site of `safe on`, nor in a stack that `blocked by` closes) counts its
/// track's sites times the chance that the throw carries one of the thrower's pieces (or
/// one coming in from its stock) exactly that far ([`hit_chance`]).
fn exposure(state: &State, race: &Race) -> [f64; PLAYERS] {
    let mut loss = [0.0; PLAYERS];
    if race.reach.is_empty() {
        return loss;
    }
    let (game, track) = (state.game(), race.track);
    let (sites, seats) = (game.board.sites(), game.seats());
    let at = |p: usize, s: usize| usize::from(track.position[p * sites + s]);
    // Per player, its pieces by their numbers along its track (0: in the stock), a bit each,
    // and whether its stock holds pieces.
    let mut from = [[0u64; 4]; PLAYERS];
    let mut stocked = [false; PLAYERS];
    for s in 0..sites {
        if let Some(p) = state.owner(Site::at(s)).map(|p| p.index()) {
            let n = at(p, s);
            from[p][n / 64] |= u64::from(n > 0) << (n % 64);
        }
    }
    for p in Player::all(seats) {
        stocked[p.index()] = in_hand(state, track, p) > 0;
        from[p.index()][0] |= u64::from(stocked[p.index()] && race.enter.is_none());
    }
    let first = state.to_move().index();
    for s in 0..sites {
        let Some(owner) = state.owner(Site::at(s)).map(|p| p.index()) else {
            continue;
        };
        let height = state.stack_height(Site::at(s));
        let closed = track.blocked.is_some_and(|n| height >= u32::from(n));
        let sheltered = race.safe.is_some_and(|r| r[s / 64] >> (s % 64) & 1 == 1);
        if closed || sheltered || at(owner, s) == 0 {
            continue;
        }
        // The players who throw before the owner moves again, in turn order.
        let before = (owner + seats - first) % seats;
        let throwers = if race.every_thrower {
            before
        } else {
            before.min(1)
        };
        let chance: f64 = (0..throwers)
            .map(|k| (first + k) % seats)
            .map(|x| hit_chance(race, &from[x], stocked[x], at(x, s)))
            .sum();
        loss[owner] += chance * (at(owner, s) as f64) * f64::from(height);
    }
    loss
}

/// The chance that a throw carries a piece of `from` (a bit per number along the thrower's
/// track), or one coming in from its stock where it is `stocked`, exactly onto number
/// `target` of that track (none where the site is not on it). A die's move and the dice's
/// sum both count where the dice are used one by one; the sites between are not looked at.
fn hit_chance(race: &Race, from: &[u64; 4], stocked: bool, target: usize) -> f64 {
    if target == 0 {
        return 0.0;
    }
    let mut threat = threats(from, target);
    let enter = race
        .enter
        .filter(|&n| stocked && target == 1 && (1..64).contains(&n));
    if let Some(n) = enter {
        threat |= 1 << n;
    }
    let ways: u64 = (race.reach.iter())
        .filter(|&&(m, _)| m & threat != 0)
        .map(|&(_, w)| w)
        .sum();
    ways as f64 / race.total
}

/// Per player (by index), what their pieces lose to the sites others close ahead of them
/// (`blocked by`): each piece's chance that no die of the next throw moves it, times
/// [`Race::stuck_cost`]; pieces in the stock looked at from before the track's first site.
fn blocking(state: &State, race: &Race) -> [f64; PLAYERS] {
    let mut held = [0.0; PLAYERS];
    if race.stuck.is_empty() {
        return held;
    }
    let (game, track) = (state.game(), race.track);
    let sites = game.board.sites();
    let players = game.about.players.len();
    let at = |p: usize, s: usize| usize::from(track.position[p * sites + s]);
    let blocked = u32::from(track.blocked.unwrap_or(u8::MAX));
    // Per player, the numbers along their track of the sites closed to them.
    let mut closed = [[0u64; 4]; PLAYERS];
    for s in 0..sites {
        let Some(owner) = state.owner(Site::at(s)).map(|p| p.index()) else {
            continue;
        };
        if state.stack_height(Site::at(s)) < blocked {
            continue;
        }
        for (p, c) in closed.iter_mut().enumerate().take(players) {
            let n = at(p, s);
            if p != owner && n > 0 {
                c[n / 64] |= 1 << (n % 64);
            }
        }
    }
    // The table has a pattern per set of distances up to the longest die's.
    let span = race.stuck.len().trailing_zeros() as usize;
    let pattern = |p: usize, n: usize| -> usize {
        (1..=span)
            .filter(|d| n + d < 256 && closed[p][(n + d) / 64] >> ((n + d) % 64) & 1 == 1)
            .fold(0, |m, d| m | 1 << (d - 1))
    };
    for s in 0..sites {
        let Some(p) = state.owner(Site::at(s)).map(|p| p.index()) else {
            continue;
        };
        let n = at(p, s);
        if n > 0 {
            held[p] += race.stuck[pattern(p, n)] * f64::from(state.stack_height(Site::at(s)));
        }
    }
    if race.enter.is_none() {
        for p in Player::all(players) {
            let waiting = in_hand(state, track, p) as f64;
            held[p.index()] += race.stuck[pattern(p.index(), 0)] * waiting;
        }
    }
    held.iter_mut().for_each(|h| *h *= race.stuck_cost);
    held
}

/// Per outcome of `dice`, the distances its single dice go (bit `k`: `k` sites; the
/// throw's value where the dice are summed) and its weight.
fn die_distances(dice: &Dice) -> Vec<(u64, u64)> {
    distances(dice, false)
}

/// The sites the dice carry a player's pieces in a throw, on average: the sum of the dice
/// used one by one (a double's four moves where it is used twice over), else the throw.
fn mean_throw(dice: &Dice) -> f64 {
    let sum = |i: usize, value: i64| match dice.parts.get(i) {
        Some(parts) if !parts.is_empty() => parts.iter().map(|&d| i64::from(d)).sum(),
        _ => value,
    };
    let total: f64 = (dice.outcomes.iter().enumerate())
        .map(|(i, &(value, weight))| sum(i, value) as f64 * weight as f64)
        .sum();
    total / dice.total() as f64
}

/// The longest distance of [`die_distances`]'s.
fn longest_die(throws: &[(u64, u64)]) -> usize {
    let highest = |m: u64| 63 - m.leading_zeros() as usize;
    throws
        .iter()
        .filter(|&&(m, _)| m != 0)
        .map(|&(m, _)| highest(m))
        .max()
        .unwrap_or(0)
}

/// Per pattern of closed distances (bit `d - 1`: `d` sites ahead closed, up to the
/// longest single die's), the chance that none of the next throw's dice moves a piece;
/// empty where a die goes more than 12 sites.
fn stuck_chances(dice: &Dice) -> Vec<f64> {
    let throws = die_distances(dice);
    let span = longest_die(&throws);
    if span == 0 || span > 12 {
        return Vec::new();
    }
    let total = dice.total() as f64;
    (0..1usize << span)
        .map(|pattern| {
            let open = !((pattern as u64) << 1);
            let stuck: u64 = (throws.iter())
                .filter(|&&(m, _)| m & open == 0)
                .map(|&(_, w)| w)
                .sum();
            stuck as f64 / total
        })
        .collect()
}

/// The distances from the pieces of `from` (a bit per number along a track) up to
/// `target`, a bit each (those under 64 sites).
fn threats(from: &[u64; 4], target: usize) -> u64 {
    let mut threat = 0;
    for n in target.saturating_sub(63)..target {
        if from[n / 64] >> (n % 64) & 1 == 1 {
            threat |= 1 << (target - n);
        }
    }
    threat
}

/// The throw that brings a piece in from the stock, onto its track's first site, where a
/// move along a track from the stock says `enter on N`.
fn entering(game: &rulebook_model::Game) -> Option<i64> {
    game.moves.iter().find_map(|r| match &r.kind {
        MoveKind::Track(t) => t.enter,
        _ => None,
    })
}

/// Per outcome of `dice`, the weight its throw is searched with: dice used one by one are
/// used in any order, so the outcomes that throw the same dice in another order (1-2 and
/// 2-1) leave the mover the same moves and are searched once, as the first of them, with
/// all their weights (the others with none); other dice's outcomes keep their weights.
fn searched_weights(dice: &Dice) -> Vec<u64> {
    let mut weights: Vec<u64> = dice.outcomes.iter().map(|&(_, w)| w).collect();
    if dice.parts.iter().all(|p| p.is_empty()) {
        return weights;
    }
    // Per throw's dice in order, the first outcome that throws them.
    let mut first: std::collections::HashMap<Vec<u8>, usize> = Default::default();
    for (i, part) in dice.parts.iter().enumerate().take(weights.len()) {
        let mut sorted = part.clone();
        sorted.sort_unstable();
        let j = *first.entry(sorted).or_insert(i);
        if j != i {
            weights[j] += weights[i];
            weights[i] = 0;
        }
    }
    weights
}

/// Per outcome of the dice, the distances a piece may go with it (bit `k`: `k` sites;
/// used one by one, each die and the sums of the dice in the order thrown) and its weight.
fn reaches(dice: &Dice) -> Vec<(u64, u64)> {
    distances(dice, true)
}

/// Per outcome of the dice, its weight and the distances of each die used one by one (and,
/// `with_sums`, of the sums of the dice in the order thrown), or of the throw's value.
fn distances(dice: &Dice, with_sums: bool) -> Vec<(u64, u64)> {
    let bit = |k: i64| if (1..64).contains(&k) { 1u64 << k } else { 0 };
    (dice.outcomes.iter().enumerate())
        .map(|(i, &(value, weight))| {
            let mask = match dice.parts.get(i) {
                Some(parts) if !parts.is_empty() => {
                    let mut sum = 0;
                    parts.iter().fold(0, |m, &d| {
                        sum += i64::from(d);
                        m | bit(i64::from(d)) | if with_sums { bit(sum) } else { 0 }
                    })
                }
                _ => bit(value),
            };
            (mask, weight)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain expectimax, every order of a turn's moves searched to its end: the reference
    /// for [`Expectimax::expect`]'s values (scored as it scores them), with the positions
    /// it visits counted in `nodes`.
    fn plain(state: &mut State, me: Player, depth: u32, nodes: &mut u64) -> f64 {
        *nodes += 1;
        let mut moves = MoveList::new();
        if let Some(outcome) = state.outcome_with(&mut moves) {
            return match outcome {
                Outcome::Win(p) if p == me => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            };
        }
        let chance = state.chance().cloned();
        if chance.is_some() && depth == 0 {
            return Race::of(state.game(), true).map_or(0.5, |r| horizon(state, me, &r));
        }
        state.legal_moves(&mut moves);
        let maximise = state.to_move() == me;
        let values = moves.iter().map(|&m| {
            state.apply(m);
            let v = plain(state, me, depth - u32::from(chance.is_some()), nodes);
            state.undo();
            v
        });
        match &chance {
            Some(dice) => {
                let weighed = values.zip(&dice.outcomes).map(|(v, &(_, w))| v * w as f64);
                weighed.sum::<f64>() / dice.total() as f64
            }
            None if maximise => values.fold(0.0, f64::max),
            None => values.fold(1.0, f64::min),
        }
    }

    /// A race of two dice used one by one, doubles twice, on twelve points, three checkers
    /// a side that hit lone ones, two making a point, borne off from the last three points
    /// (a win worth 1 point, so that values are a plain expectimax's scale).
    const SHORT_TABLES: &str = "game \"Short tables\"\nplayers white, black\n\
        board grid 6 by 2 of squares\npiece checker stacked\n\
        setup 2 white checker on f2\nsetup white checker on c2\n\
        setup 2 black checker on f1\nsetup black checker on c1\n\
        dice 2 of 6 faces used one by one, doubles twice, must use most dice\n\
        track white: f2, e2, d2, c2, b2, a2, a1, b1, c1, d1, e1, f1\n\
        track black: f1, e1, d1, c1, b1, a1, a2, b2, c2, d2, e2, f2\n\
        region white-home = d1 + e1 + f1\nregion black-home = d2 + e2 + f2\n\
        move along track by die from hand first blocked by 2 \
        bearing off when all in white-home + black-home\nmove pass\n\
        end when pieces(mover) + hand(mover) == 0: mover wins\n";

    /// The best of `moves` in `state` by [`plain`] looking `depth` turns ahead (the first
    /// of equal moves), its value, and the positions visited.
    fn plain_best(state: &mut State, moves: &MoveList, depth: u32) -> (Move, f64, u64) {
        let (me, mut nodes) = (state.to_move(), 0);
        let mut best: Option<(Move, f64)> = None;
        for &m in moves.iter() {
            state.apply(m);
            let v = plain(state, me, depth - 1, &mut nodes);
            state.undo();
            if best.is_none_or(|(_, b)| v > b + 1e-12) {
                best = Some((m, v));
            }
        }
        let (m, v) = best.unwrap();
        (m, v, nodes)
    }

    /// A turn's end met again by another order of its moves is searched once, and the
    /// search's best move and value at each depth are a plain expectimax's, in fewer
    /// positions: at 1 and 2 turns, in positions of random games of a short race whose
    /// dice are used one by one, each just thrown.
    #[test]
    fn a_turns_end_searched_once_changes_no_value() {
        let stop = AtomicBool::new(false);
        let game = rulebook_lang::pipeline::load_text("short", SHORT_TABLES, None, &[]);
        let mut state = State::new(game.unwrap());
        let (mut rng, mut list, mut compared) = (Rng::new(7), MoveList::new(), 0);
        let (mut searched, mut plainly) = (0, 0);
        while state.outcome().is_none() && compared < 8 {
            state.legal_moves(&mut list);
            if state.chance().is_none() && state.dice_left().len() >= 2 {
                for depth in 1..=2 {
                    let root = state.clone();
                    let mut search = Expectimax::new(&root, &stop, true);
                    let found = search.root(&mut state, depth).unwrap();
                    let (m, v, nodes) = plain_best(&mut state, &list, depth);
                    assert_eq!(found.0, m, "depth {depth}");
                    assert!((found.1 - v).abs() < 1e-12, "depth {depth}");
                    (searched, plainly) = (searched + search.nodes, plainly + nodes);
                }
                compared += 1;
            }
            state.apply(list[rng.below(list.len())]);
        }
        assert_eq!(compared, 8, "positions compared");
        assert!(
            searched * 4 < plainly * 3,
            "{searched} positions, plainly {plainly}"
        );
    }

    /// The narrowed search gathers each turn's ends and searches them on: with no end left
    /// out its best move and value are a plain expectimax's at 1, 2 and 3 turns; narrowed
    /// to two ends a turn from the third turn on, its first two turns are still searched
    /// whole (the same move and value) and its third visits fewer positions.
    #[test]
    fn a_narrowed_search_leaves_out_only_what_it_narrows() {
        let stop = AtomicBool::new(false);
        let game = rulebook_lang::pipeline::load_text("short", SHORT_TABLES, None, &[]);
        let mut state = State::new(game.unwrap());
        let (mut rng, mut list, mut compared) = (Rng::new(11), MoveList::new(), 0);
        while state.outcome().is_none() && compared < 2 {
            state.legal_moves(&mut list);
            if state.chance().is_none() && state.dice_left().len() >= 2 {
                let root = state.clone();
                let (mut whole, mut narrow) = (
                    Expectimax::new(&root, &stop, true),
                    Expectimax::new(&root, &stop, true),
                );
                whole.breadth = Some(usize::MAX);
                narrow.breadth = Some(2);
                for depth in 1..=3 {
                    let (m, v, _) = plain_best(&mut state, &list, depth);
                    let before = (whole.nodes, narrow.nodes);
                    let found = whole.root(&mut state, depth).unwrap();
                    assert_eq!(found.0, m, "depth {depth}");
                    assert!((found.1 - v).abs() < 1e-12, "depth {depth}");
                    let narrowed = narrow.root(&mut state, depth).unwrap();
                    let spent = (whole.nodes - before.0, narrow.nodes - before.1);
                    match depth {
                        3 => assert!(spent.1 < spent.0, "{spent:?}"),
                        _ => assert_eq!((narrowed, spent.1), (found, spent.0)),
                    }
                }
                compared += 1;
            }
            state.apply(list[rng.below(list.len())]);
        }
        assert_eq!(compared, 2, "positions compared");
    }

    /// Two dice used one by one are searched as 21 throws, a double with its one way and
    /// the others with both orders' two, the second order with none; summed dice keep every
    /// outcome's weight.
    #[test]
    fn the_orders_of_a_throw_are_searched_once() {
        let game = rulebook_lang::pipeline::load_text("short", SHORT_TABLES, None, &[]);
        let game = game.unwrap();
        let Some(MoveKind::Roll(dice)) = game.facts.roll_rule.map(|r| &game.moves[r as usize].kind)
        else {
            panic!("no dice");
        };
        let weights = searched_weights(dice);
        assert_eq!(weights.len(), 36);
        assert_eq!(weights.iter().filter(|&&w| w > 0).count(), 21);
        assert_eq!(weights.iter().sum::<u64>(), 36);
        for (i, part) in dice.parts.iter().enumerate() {
            let double = part.iter().all(|&d| d == part[0]);
            let second = part[0] > part[1];
            let expected = if double {
                1
            } else if second {
                0
            } else {
                2
            };
            assert_eq!(weights[i], expected, "{part:?}");
        }
        let summed = Dice::new(2, &[1, 2, 3]);
        assert_eq!(searched_weights(&summed), [1, 2, 3, 2, 1]);
    }

    /// A throw of dice summed reaches its sum alone; dice used one by one reach each die
    /// and the sums of the dice in the order thrown (a double used twice over: 2, 4, 6, 8).
    #[test]
    fn what_a_throw_reaches() {
        let summed = Dice::new(2, &[0, 1]);
        let masks: Vec<(u64, u64)> = reaches(&summed);
        assert_eq!(masks, [(0, 1), (1 << 1, 2), (1 << 2, 1)]);
        let dice = Dice {
            outcomes: vec![(4, 1), (8, 1)],
            again: Vec::new(),
            parts: vec![vec![3, 1], vec![2, 2, 2, 2]],
            most: true,
            opening: None,
        };
        let masks = reaches(&dice);
        assert_eq!(masks[0], (1 << 1 | 1 << 3 | 1 << 4, 1));
        assert_eq!(masks[1], (1 << 2 | 1 << 4 | 1 << 6 | 1 << 8, 1));
    }

    /// Two six-faced dice used one by one, doubles twice, carry a player's pieces 8 1/6 sites
    /// a throw (a double's four moves); a piece with the first five distances closed is
    /// stuck unless a die shows 6 (25 of 36 throws), with all six closed always, with none
    /// never.
    #[test]
    fn what_a_closed_way_costs() {
        let game = rulebook_lang::pipeline::load_text("short", SHORT_TABLES, None, &[]).unwrap();
        let Some(MoveKind::Roll(dice)) = game.facts.roll_rule.map(|r| &game.moves[r as usize].kind)
        else {
            panic!("no dice");
        };
        assert!((mean_throw(dice) - 49.0 / 6.0).abs() < 1e-9);
        let stuck = stuck_chances(dice);
        assert_eq!(stuck.len(), 64);
        assert_eq!(stuck[0], 0.0);
        assert!((stuck[0b11111] - 25.0 / 36.0).abs() < 1e-9);
        assert_eq!(stuck[0b111111], 1.0);
        assert!((mean_throw(&Dice::new(4, &[0, 1])) - 2.0).abs() < 1e-9);
    }

    /// White's judgement by the horizon (`fine`: [`Race::of`]) of the short tables' start
    /// with black's pieces set up by `black` and white's third piece by `third` (white's
    /// pair on f2 stays).
    fn judged(black: &str, third: &str, fine: bool) -> f64 {
        let text = SHORT_TABLES
            .replace(
                "setup 2 black checker on f1\nsetup black checker on c1\n",
                black,
            )
            .replace("setup white checker on c2\n", third);
        let game = rulebook_lang::pipeline::load_text("judged", &text, None, &[]).unwrap();
        let state = State::new(game);
        let race = Race::of(state.game(), fine).unwrap();
        horizon(&state, Player::all(2).next().unwrap(), &race)
    }

    /// Judged finely, pieces with the sites ahead of them closed (two enemy pieces or more
    /// on each) are worse off than with the same enemy pieces, as far along, closing one
    /// site; judged plainly (below `strong`), the two are alike.
    #[test]
    fn a_piece_shut_in_is_judged_worse() {
        // White's pair on f2 (its track's first site): black's ten checkers on its 2nd to
        // 6th sites (black's 11th to 7th), or all on its 4th (black's 9th).
        let shut = "setup 2 black checker on e2 + d2 + c2 + b2 + a2\n";
        let open = "setup 10 black checker on c2\n";
        let (shut_fine, open_fine) = (judged(shut, "", true), judged(open, "", true));
        assert!(shut_fine < open_fine - 0.05, "{shut_fine} {open_fine}");
        assert_eq!(judged(shut, "", false), judged(open, "", false));
    }

    /// Judged finely, where dice are used one by one, a piece borne off counts more than
    /// the site it went beyond the track's end: white's third piece off is judged better
    /// than on its track's last site by more than twice what one site more gives; judged
    /// plainly, by as much.
    #[test]
    fn a_piece_borne_off_counts_more_than_its_sites() {
        let black = "setup 2 black checker on a2\n";
        for fine in [true, false] {
            let off = judged(black, "", fine);
            let last = judged(black, "setup white checker on f1\n", fine);
            let before = judged(black, "setup white checker on e1\n", fine);
            let more = (off - last) / (last - before);
            assert!(last > before);
            assert!(
                if fine {
                    more > 2.0
                } else {
                    (more - 1.0).abs() < 0.1
                },
                "{more}"
            );
        }
    }

    /// A race of one piece a side on twelve sites, a die of two faces: a turn is one move,
    /// so twelve turns cost a few thousand positions.
    const DASH: &str = "game \"Dash\"\nplayers white, black\n\
        board grid 12 by 2 of squares\npiece runner\n\
        setup 1 white runner in hand\nsetup 1 black runner in hand\n\
        dice 1 with faces 1, 2\n\
        track white: a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1, l1\n\
        track black: a2, b2, c2, d2, e2, f2, g2, h2, i2, j2, k2, l2\n\
        move along track by roll\nmove pass\n\
        end when pieces(mover) == 0 and hand(mover) == 0: mover wins\n";

    /// The dash's start, white's first throw thrown, and its moves.
    fn dash_thrown() -> (State, MoveList) {
        let game = rulebook_lang::pipeline::load_text("dash", DASH, None, &[]).unwrap();
        let mut state = State::new(game);
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        state.apply(moves[0]);
        state.legal_moves(&mut moves);
        (state, moves)
    }

    /// Where turns are cheap, `medium` looks [`MAX_CHANCE_DEPTH`] turns ahead and `strong`,
    /// whose level does not cap the depth, as far as [`UNCAPPED_CHANCE_DEPTH`].
    #[test]
    fn strong_looks_past_six_turns_where_they_are_cheap() {
        let (state, _) = dash_thrown();
        let (stop, began) = (AtomicBool::new(false), Instant::now());
        let depth = |name: &str| {
            let budget = Budget::reproducible(&super::super::level(name).unwrap());
            assert_eq!(state.chance(), None);
            deepen(&state, budget, &stop, began).unwrap().3
        };
        assert_eq!(depth("medium"), MAX_CHANCE_DEPTH);
        assert_eq!(depth("strong"), UNCAPPED_CHANCE_DEPTH);
    }

    /// A move that is the only one is played without a search, at every level: in the
    /// race above a turn is always one move.
    #[test]
    fn a_forced_move_is_played_without_a_search() {
        let (state, moves) = dash_thrown();
        assert_eq!(moves.len(), 1);
        let stop = AtomicBool::new(false);
        for level in super::super::LEVELS {
            let budget = Budget::reproducible(&level);
            let (t, _) = think(&state, budget, 1, &stop, Instant::now()).unwrap();
            assert_eq!((t.best, t.iterations, t.depth), (moves[0], 0, 0));
        }
    }

    /// Judged finely, in a game of three, a piece counts what every player who throws before
    /// its owner moves again may hit, each as if it threw next; judged plainly, what the
    /// player about to throw may hit alone. Red throws next from the track's 1st site, blue
    /// stands on its 4th, green on its 5th: red hits blue with a 3 and green with a 4, blue
    /// (throwing before green) hits green with a 1.
    #[test]
    fn a_piece_counts_the_hits_of_every_player_before_its_owner() {
        let text = "game \"Ring\"\nplayers red, blue, green\n\
            board grid 12 by 1 of squares\npiece man\n\
            setup red man on a1\nsetup blue man on d1\nsetup green man on e1\n\
            dice 1 of 6 faces\n\
            track red: a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1, l1\n\
            track blue: a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1, l1\n\
            track green: a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1, l1\n\
            move along track by roll\nmove pass\n\
            end when pieces(mover) == 0: mover wins\n";
        let game = rulebook_lang::pipeline::load_text("ring", text, None, &[]).unwrap();
        let state = State::new(game);
        assert!(state.chance().is_some());
        let loss = |fine| exposure(&state, &Race::of(state.game(), fine).unwrap());
        let close =
            |a: [f64; PLAYERS], b: [f64; 3]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-9);
        assert!(
            close(loss(false), [0.0, 4.0 / 6.0, 5.0 / 6.0]),
            "{:?}",
            loss(false)
        );
        assert!(
            close(loss(true), [0.0, 4.0 / 6.0, 10.0 / 6.0]),
            "{:?}",
            loss(true)
        );
    }
}
