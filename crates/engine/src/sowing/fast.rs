//! The random playout of a game whose only move is one plain sowing (no `start at`, no
//! relay) on a board of fewer than [`LANES`] sites: what it reads of the game gathered once,
//! when a state of the game is made, into tables of fixed size that the sowing loop reads
//! without bounds checks, and the picking and sowing of each ply in one loop. A game
//! outside it plays its playouts by the general path ([`State::playout`] chooses).

use std::sync::Arc;

use super::{Pits, BITS_SET, ROWS};
use crate::State;
use rulebook_model::{
    Action, Board, Expr, Game, MoveKind, Player, PlayerRef, Site, SowCheck, SowPlan, Sowing,
};

/// The sites a board may have for the tables (a site's index is masked to them, so that
/// every read of a table is in bounds).
pub(crate) const LANES: usize = 64;

/// What the playout of a plain sowing reads of its game ([`Lanes::for_game`]), shared by
/// every copy of a state.
#[derive(Debug)]
pub(crate) struct Lanes {
    /// Per mover, the site after each site on the sowing's track.
    next: [[u8; LANES]; ROWS],
    /// Per site, its bit in the mask of non-empty pits (0 for a store).
    bit: [u64; LANES],
    /// Each player's pit 1.
    first: [u8; ROWS],
    /// Each player's store (for `marked pits feed owner store`).
    store: [u8; ROWS],
    /// Per mover and last site, the index in `steps` of its first [`Step`].
    start: [[u16; LANES]; ROWS],
    /// The rules after sowing that may apply for each mover and last site (those whose
    /// conditions hold as far as the mover and the last site decide them:
    /// [`rulebook_model::SowPlan::candidates`]), in order, a run of steps each (the last
    /// flagged [`END`]); step 0 is one that never holds, the run of those with none.
    steps: Box<[Step]>,
    /// The numbers of stones below which the steps' bits say whether a part holds.
    tabled: u16,
    /// The keys of both players to move, combined: what a change of turn adds to the hash.
    turn: u64,
    /// `first stone into origin`.
    origin_first: bool,
    /// `skip origin`.
    skip_origin: bool,
    /// `marked pits feed owner store`.
    to_marker: bool,
}

impl Lanes {
    /// The tables of a game of two players whose only move rule is a sowing with no `start
    /// at` and no relay, on a board of fewer than [`LANES`] sites, that keeps no hash of the
    /// stones (it tracks no repeated positions) and has at most 64 rules after sowing;
    /// `None` for any other game. Whether a playout may use them is decided per playout as well
    /// ([`State::playout`]: nothing may narrow the moves).
    pub(crate) fn for_game(game: &Game) -> Option<Arc<Lanes>> {
        let (sowing, track) = lone_plain_sowing(game)?;
        if game.seats() != ROWS {
            return None;
        }
        let plan = &game.after_sowing.plan;
        let mut lanes = Lanes {
            next: [[0; LANES]; ROWS],
            bit: [0; LANES],
            first: [0; ROWS],
            store: [0; ROWS],
            start: [[0; LANES]; ROWS],
            steps: Box::new([]),
            tabled: plan.stones.min(64) as u16,
            turn: game.tables.zobrist.to_move.iter().fold(0, |key, k| key ^ k),
            origin_first: sowing.origin_first,
            skip_origin: sowing.skip_origin,
            to_marker: sowing.marked_to_owner,
        };
        lanes.fill_sites(&game.board, track)?;
        lanes.fill_steps(plan, game.board.sites())?;
        Some(Arc::new(lanes))
    }

    /// Fills the tables of sites: each player's pit 1, store and track ([`Lanes::next`]),
    /// and each site's bit. `None` where the board has no stores and marked pits feed them.
    fn fill_sites(&mut self, board: &Board, track: &[Site]) -> Option<()> {
        let sites = board.sites();
        let site = |s: Site| match s.index() < sites {
            true => Some(s.index() as u8),
            false => None,
        };
        for p in Player::all(ROWS) {
            let i = p.index();
            self.first[i] = site(board.pit(p, 1))?;
            // A board without stores feeds none: the general path says what happens.
            self.store[i] = match site(board.store(p)) {
                Some(store) => store,
                None if self.to_marker => return None,
                None => 0,
            };
            for s in 0..sites {
                // A track's site outside the board is never reached by a lap.
                self.next[i][s] = site(track[i * sites + s]).unwrap_or(0);
            }
        }
        for s in 0..sites {
            self.bit[s] = board.pit_bit(Site::at(s));
        }
        Some(())
    }

    /// Fills the steps of the rules after sowing of `plan` on a board of `sites` sites, a run
    /// per mover and last site, and where each run starts. `None` where they do not fit
    /// the tables.
    fn fill_steps(&mut self, plan: &SowPlan, sites: usize) -> Option<()> {
        let rules: Vec<RuleSteps> = (0..plan.actions.len().min(64))
            .map(|r| rule_steps(plan, r, sites))
            .collect();
        let mut steps = vec![Step::NEVER];
        for mover in Player::all(ROWS) {
            let p = mover.index();
            for last in 0..sites {
                let run = steps.len();
                let mut bits = plan.candidates[p * sites + last];
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    steps.push(rules.get(r)?.step(r, mover, p * sites + last));
                }
                if steps.len() > run {
                    self.start[p][last] = u16::try_from(run).ok()?;
                    steps.last_mut()?.flags |= END;
                }
            }
        }
        self.steps = steps.into_boxed_slice();
        Some(())
    }
}

/// The sowing and track of a game whose only move rule is a sowing with no `start at` and
/// no relay, on a board of fewer than [`LANES`] sites with pits, that tracks no repeated
/// positions and whose plan fits the tables ([`Lanes::for_game`]); `None` for any other.
fn lone_plain_sowing(game: &Game) -> Option<(&Sowing, &[Site])> {
    let [rule] = &game.moves[..] else {
        return None;
    };
    let MoveKind::Sow {
        sowing,
        track,
        relay: None,
        start: None,
    } = &rule.kind
    else {
        return None;
    };
    let (plan, sites) = (&game.after_sowing.plan, game.board.sites());
    if sites >= LANES
        || game.board.pits() == 0
        || game.facts.tracks_repetition
        || plan.words != 1
        || track.len() < ROWS * sites
        || plan.candidates.len() < ROWS * sites
    {
        return None;
    }
    Some((sowing, track))
}

/// A site of a step that names none: read as the padding after the board's sites, which
/// holds no stones.
const NONE: u8 = u8::MAX;

/// [`Step::flags`]: the last step of its mover and last site.
const END: u8 = 1;
/// [`Step::flags`]: the rule has parts of its condition that the step lacks (the general
/// path checks its whole condition once the step's parts hold).
const CHECK: u8 = 2;
/// [`Step::flags`]: the general path carries out the rule's actions (anything but up to two
/// takes of tabled sites and a move again, or an `unless`).
const GENERAL: u8 = 4;
/// [`Step::flags`]: the rule gives the mover another move.
const AGAIN: u8 = 8;
/// [`Step::flags`]: a part of the condition is decided by the number of sites a player has
/// marked ([`Step::marks`]).
const MARKS: u8 = 16;

/// What a rule after sowing says for one mover and last site, as far as tables say it: up
/// to two parts of its condition, each decided by the stones of one site, a part decided
/// by the number of sites a player has marked, up to two takes of all stones of a site to
/// another, and a mark.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// Per part, a bit per number of stones below [`Lanes::tabled`] for which it holds.
    holds: [u64; 2],
    /// With [`MARKS`]: a bit per number of sites marked by [`Step::marker`] for which
    /// that part holds.
    marks: u64,
    /// The sites whose stones decide the parts ([`NONE`] for a part that always holds).
    sites: [u8; 2],
    /// The takes: from and to ([`NONE`] where the take moves nothing).
    takes: [[u8; 2]; 2],
    /// The site the rule marks for the mover ([`NONE`] for none).
    mark: u8,
    /// The mark ([`Player::code`]) whose sites [`Step::marks`] counts.
    marker: u8,
    /// The rule.
    rule: u8,
    /// [`END`], [`CHECK`], [`GENERAL`], [`AGAIN`], [`MARKS`].
    flags: u8,
}

impl Step {
    /// A step that never holds, and ends its run.
    const NEVER: Step = Step {
        holds: [0; 2],
        marks: u64::MAX,
        sites: [NONE; 2],
        takes: [[NONE; 2]; 2],
        mark: NONE,
        marker: 0,
        rule: 0,
        flags: END,
    };
}

/// What the steps of one rule after sowing are made from ([`rule_steps`]).
struct RuleSteps {
    /// Per part decided by the stones of one site, per entry (`mover * sites + last`): the
    /// site and the bits of [`Step::holds`].
    parts: Vec<Vec<(u8, u64)>>,
    /// Per take, the sites from and to per entry ([`NONE`] where it moves nothing).
    takes: Vec<Vec<[u8; 2]>>,
    /// The part decided by the sites a player has marked: the player, and the bits of
    /// [`Step::marks`].
    marks: Option<(PlayerRef, u64)>,
    /// Per entry, the site marked ([`NONE`] for none).
    mark: Vec<u8>,
    /// [`CHECK`], [`GENERAL`], [`AGAIN`] and [`MARKS`] as they apply to the rule.
    flags: u8,
}

impl RuleSteps {
    /// The step of rule `r` for `mover` and `entry` (`mover * sites + last`).
    fn step(&self, r: usize, mover: Player, entry: usize) -> Step {
        let mut step = Step {
            holds: [u64::MAX; 2],
            flags: self.flags,
            rule: r as u8,
            ..Step::NEVER
        };
        for (k, part) in self.parts.iter().enumerate() {
            (step.sites[k], step.holds[k]) = part[entry];
        }
        for (k, take) in self.takes.iter().enumerate() {
            step.takes[k] = take[entry];
        }
        if let Some((player, bits)) = self.marks {
            step.marker = player.resolve(mover).code();
            step.marks = bits;
        }
        step.mark = self.mark.get(entry).copied().unwrap_or(NONE);
        step
    }
}

/// A value of a table as a site of a board of fewer than [`LANES`] sites ([`NONE`] for a
/// value that is none).
fn site_of(v: i64) -> u8 {
    match u8::try_from(v) {
        Ok(s) if (s as usize) < LANES => s,
        _ => NONE,
    }
}

/// What the lanes know of rule `r` of `plan` on a board of `sites` sites (fewer than
/// [`LANES`]): up to two parts of its condition decided by the stones of one site each
/// (with more, none, and the general path checks them all), whether other parts remain,
/// and its takes unless the general path carries out its actions.
fn rule_steps(plan: &SowPlan, r: usize, sites: usize) -> RuleSteps {
    let entries = Entries { plan, sites };
    let mut steps = RuleSteps {
        parts: Vec::new(),
        takes: Vec::new(),
        marks: None,
        mark: Vec::new(),
        flags: 0,
    };
    entries.add_actions(r, &mut steps);
    entries.add_condition(r, &mut steps);
    steps
}

/// The entries of a plan's tables, one per mover and last site (`mover * sites + last`),
/// on a board of `sites` sites (fewer than [`LANES`]): what [`rule_steps`] reads.
#[derive(Clone, Copy)]
struct Entries<'a> {
    /// The plan.
    plan: &'a SowPlan,
    /// The board's sites.
    sites: usize,
}

impl Entries<'_> {
    /// The value at `entry` of `e`, a table or `last`.
    fn value(self, e: &Expr, entry: usize) -> i64 {
        match e {
            Expr::Tabled(t) => self.plan.tables[*t as usize][entry],
            _ => (entry % self.sites) as i64, // `last`, the only other kind let through
        }
    }

    /// A value as a site of the board ([`NONE`] for one that is not).
    fn on_board(self, v: i64) -> u8 {
        match site_of(v) {
            s if (s as usize) < self.sites => s,
            _ => NONE,
        }
    }

    /// Adds to `steps` what they know of rule `r`'s actions: [`AGAIN`] and [`GENERAL`], and
    /// unless the general path carries them out, its takes and the site it marks.
    fn add_actions(self, r: usize, steps: &mut RuleSteps) {
        let tabled = |e: &Expr| matches!(e, Expr::Tabled(_) | Expr::Last);
        let mut flags = 0;
        let mut takes = Vec::new();
        let mut marked = Vec::new();
        for action in &self.plan.actions[r] {
            match action {
                Action::Again => flags |= AGAIN,
                Action::Take { from, to } if tabled(from) && tabled(to) => takes.push((from, to)),
                Action::Mark(site) if tabled(site) => marked.push(site),
                Action::Take { .. } | Action::Mark(_) | Action::TakeRun { .. } => flags |= GENERAL,
            }
        }
        if marked.len() > 1 || takes.len() > 2 || self.plan.cancels[r].is_some() {
            flags |= GENERAL;
        }
        steps.flags |= flags;
        if flags & GENERAL != 0 {
            return;
        }
        steps.takes = (takes.iter())
            .map(|(from, to)| self.take(from, to))
            .collect();
        if let Some(site) = marked.first() {
            steps.mark = (self.all())
                .map(|entry| self.on_board(self.value(site, entry)))
                .collect();
        }
    }

    /// Per entry, the sites a take of all stones of `from` to `to` moves them from and to
    /// ([`NONE`] where it moves nothing).
    fn take(self, from: &Expr, to: &Expr) -> Vec<[u8; 2]> {
        (self.all())
            .map(|entry| {
                let a = self.on_board(self.value(from, entry));
                let b = self.on_board(self.value(to, entry));
                match a != NONE && b != NONE && a != b {
                    true => [a, b],
                    false => [NONE; 2],
                }
            })
            .collect()
    }

    /// Adds to `steps` what they know of rule `r`'s condition: its parts decided by the
    /// stones of one site (up to two: with more, none), its part decided by the sites a
    /// player has marked, and [`CHECK`] and [`MARKS`].
    fn add_condition(self, r: usize, steps: &mut RuleSteps) {
        let checks = &self.plan.checks[r];
        let mut parts: Vec<_> = (checks.iter())
            .filter_map(|check| match check {
                SowCheck::Stones { site, holds, .. } => Some((*site as usize, holds)),
                SowCheck::Expr(_) => None,
            })
            .collect();
        let marks = (checks.iter()).find_map(|check| match check {
            SowCheck::Expr(e) => marks_part(e),
            SowCheck::Stones { .. } => None,
        });
        if marks.is_some() {
            steps.flags |= MARKS;
        }
        let known = parts.len() + marks.is_some() as usize;
        if known < checks.len() || parts.len() > 2 {
            steps.flags |= CHECK;
        }
        if parts.len() > 2 {
            parts.clear();
        }
        steps.parts = (parts.into_iter())
            .map(|(site, holds)| self.part(site, holds))
            .collect();
        steps.marks = marks;
    }

    /// Per entry, the site of a part decided by its stones (table `site`) and the bits of
    /// [`Step::holds`] (from `holds`, per entry and number of stones).
    fn part(self, site: usize, holds: &[bool]) -> Vec<(u8, u64)> {
        let plan = self.plan;
        (self.all())
            .map(|entry| {
                let bits = (0..plan.stones.min(64))
                    .filter(|&n| holds[entry * plan.stones + n])
                    .fold(0, |bits, n| bits | 1 << n);
                (self.on_board(plan.tables[site][entry]), bits)
            })
            .collect()
    }

    /// Every entry.
    fn all(self) -> std::ops::Range<usize> {
        0..ROWS * self.sites
    }
}

/// A part `marks(PLAYER) OP N` of a condition, the player named by who moves: the player,
/// and a bit per number of sites they have marked (below 64: a board of the lanes has
/// fewer sites) for which it holds. `None` for any other part.
fn marks_part(e: &Expr) -> Option<(PlayerRef, u64)> {
    let Expr::Binary(op, a, b) = e else {
        return None;
    };
    match (&**a, &**b) {
        (Expr::Marks(player), Expr::Const(k)) => match **player {
            Expr::Player(player) => {
                let bits = (0..64).filter(|&n| op.apply(n, *k) != 0);
                Some((player, bits.fold(0, |bits, n| bits | 1 << n)))
            }
            _ => None,
        },
        _ => None,
    }
}

impl State {
    /// [`State::playout`] of a game with [`Lanes`] (taken only when the moves are always
    /// exactly its sowing's: [`State::plain_sowing`]).
    #[inline(never)]
    pub(crate) fn lanes_playout(
        &mut self,
        lanes: &Lanes,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        // Decided once: whether end rules are checked after every move, and whether every
        // stone goes into the next site of the track.
        let plain = !lanes.skip_origin && !lanes.to_marker;
        match (
            self.game.facts.ends_after_moves && !self.without_ends,
            plain,
        ) {
            (true, true) => self.lanes_plies::<true, true>(lanes, max_plies, pick),
            (true, false) => self.lanes_plies::<true, false>(lanes, max_plies, pick),
            (false, true) => self.lanes_plies::<false, true>(lanes, max_plies, pick),
            (false, false) => self.lanes_plies::<false, false>(lanes, max_plies, pick),
        }
    }

    /// The loop of [`State::lanes_playout`]; `ENDS`: whether end rules are checked after
    /// every move; `PLAIN`: whether every stone goes into the next site of the track (no
    /// `skip origin`, no `marked pits feed owner store`). Each ply as
    /// [`State::pick_sowing`], then [`State::play`] of the move.
    #[inline(always)]
    fn lanes_plies<const ENDS: bool, const PLAIN: bool>(
        &mut self,
        lanes: &Lanes,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        if self.position.ended.is_some() {
            return (0, max_plies > 0);
        }
        // The non-empty pits, kept here and stored into the pits where the general path
        // may read them.
        let mut full = self.position.pits.full;
        // Where a stone sown into each site goes, once a pit is marked and marked pits feed
        // their owners' stores (kept from the marks as they change).
        let mut feed = EVERY_SITE;
        if !PLAIN && self.position.pits.marked > 0 {
            self.position.pits.lanes_feed(lanes, &mut feed);
        }
        for n in 0..max_plies {
            let mover = self.position.to_move;
            let mut row = (full >> (32 * (mover.index() & 1))) as u32;
            if row == 0 {
                return (n, true);
            }
            let pit = match row {
                // A row of up to 8 pits: counted and picked from by tables.
                0..256 => NTH_BIT[row as usize][pick(BITS_SET[row as usize] as usize) % 8],
                // Up to 16: the same, a byte at a time.
                256..65536 => {
                    let (low, high) = ((row & 255) as usize, (row >> 8) as usize % 256);
                    let below = BITS_SET[low] as usize;
                    match pick(below + BITS_SET[high] as usize) {
                        k if k < below => NTH_BIT[low][k % 8],
                        k => 8 + NTH_BIT[high][(k - below) % 8],
                    }
                }
                _ => {
                    for _ in 0..pick(row.count_ones() as usize) {
                        row &= row - 1;
                    }
                    row.trailing_zeros() as u8
                }
            };
            let origin = lanes.first[mover.index()] as usize + pit as usize;
            self.scratch.goals_known = None;
            self.position.pits.origin = Site::at(origin);
            let last;
            (last, full) = self
                .position
                .pits
                .lanes_lap::<PLAIN>(lanes, mover, origin, full, &feed);
            self.position.pits.last = Site::at(last);
            self.position.pits.full = full;
            let again = match self.lanes_rule(lanes, mover, last) {
                Some(step) => self.lanes_act::<PLAIN>(lanes, step, &mut full, &mut feed),
                None => false,
            };
            if full as u32 != 0 && (full >> 32) as u32 != 0 {
                // Both rows hold stones: the game goes on.
                if !again {
                    self.position.hash ^= lanes.turn;
                    self.position.to_move = mover.other_of_two();
                }
            } else if self.lanes_empty_row(lanes, mover, again) {
                return (n + 1, n + 1 < max_plies);
            } else {
                full = self.position.pits.full;
            }
            if ENDS {
                self.check_ends_after_move(None, mover, true);
                if self.position.ended.is_some() {
                    return (n + 1, n + 1 < max_plies);
                }
                full = self.position.pits.full;
            }
        }
        (max_plies, false)
    }

    /// After a ply by `mover` (`again`: with another move to come) that left a row empty:
    /// the end of an `end when empty row`, and the turn as [`State::lanes_plies`] passes
    /// it. Returns whether the game has ended.
    #[cold]
    #[inline(never)]
    fn lanes_empty_row(&mut self, lanes: &Lanes, mover: Player, again: bool) -> bool {
        if !self.without_ends {
            self.check_rows();
        }
        if !again || self.position.ended.is_some() {
            self.position.hash ^= lanes.turn;
            self.position.to_move = mover.other_of_two();
        }
        self.position.ended.is_some()
    }
}

impl State {
    /// The step of the first rule after sowing whose condition holds, after a sowing by
    /// `mover` whose last stone went into site `last` (as [`State::rule_after_sowing`]).
    #[inline(always)]
    fn lanes_rule<'l>(&self, lanes: &'l Lanes, mover: Player, last: usize) -> Option<&'l Step> {
        let (m, last) = (mover.index(), last % LANES);
        let counts = self.position.pits.counts.first_chunk::<LANES>()?;
        let mut i = lanes.start[m][last] as usize;
        loop {
            let step = lanes.steps.get(i)?;
            let a = counts[step.sites[0] as usize % LANES];
            let b = counts[step.sites[1] as usize % LANES];
            let holds = if a | b < lanes.tabled {
                step.holds[0] >> (a % 64) & step.holds[1] >> (b % 64) & 1 != 0
                    && (step.flags & MARKS == 0 || self.position.pits.marks_hold(step))
                    && (step.flags & CHECK == 0 || self.lanes_rule_holds(step.rule, m, last))
            } else {
                // Stones beyond the tables (or a few just below): all parts checked in general.
                self.lanes_rule_holds(step.rule, m, last)
            };
            if holds {
                return Some(step);
            }
            if step.flags & END != 0 {
                return None;
            }
            i += 1;
        }
    }

    /// Whether every part of the condition of rule `r` after sowing holds, checked by the
    /// general path, after a sowing by mover `m` whose last stone went into site `last`.
    #[cold]
    #[inline(never)]
    fn lanes_rule_holds(&self, r: u8, m: usize, last: usize) -> bool {
        let entry = m * self.position.pits.sites + last;
        self.first_holding(1, r as usize, entry).is_some()
    }

    /// Carries out the rule of `step` after sowing (as [`State::act`]), keeping `full` (the
    /// non-empty pits) and `feed` ([`Pits::lanes_feed`], unless `PLAIN`) up to date;
    /// returns whether the mover moves again.
    #[inline(always)]
    fn lanes_act<const PLAIN: bool>(
        &mut self,
        lanes: &Lanes,
        step: &Step,
        full: &mut u64,
        feed: &mut [u8; LANES],
    ) -> bool {
        if step.flags & GENERAL != 0 {
            let again = self.lanes_act_in_general(step.rule, full);
            if !PLAIN {
                self.position.pits.lanes_feed(lanes, feed);
            }
            return again;
        }
        if step.mark != NONE {
            self.lanes_mark(step.mark);
            if !PLAIN {
                let site = step.mark as usize % LANES;
                feed[site] = lanes.store[self.position.to_move.index()];
            }
        }
        if let Some(counts) = self.position.pits.counts.first_chunk_mut::<LANES>() {
            for [from, to] in step.takes {
                let (from, to) = (from as usize % LANES, to as usize % LANES);
                let moved = counts[from];
                if moved > 0 {
                    counts[from] = 0;
                    counts[to] += moved;
                    *full = *full & !lanes.bit[from] | lanes.bit[to];
                }
            }
        }
        self.position.pits.full = *full;
        step.flags & AGAIN != 0
    }

    /// Marks site `site` (of the board) for the player to move (as [`State::act`] does for a
    /// rule's `mark`).
    #[cold]
    #[inline(never)]
    fn lanes_mark(&mut self, site: u8) {
        self.set_mark(Site::at(site as usize), self.position.to_move.code());
    }

    /// [`State::act`] of rule `r` after sowing, `full` the non-empty pits after it.
    #[cold]
    #[inline(never)]
    fn lanes_act_in_general(&mut self, r: u8, full: &mut u64) -> bool {
        let again = self.act(r as usize);
        *full = self.position.pits.full;
        again
    }
}

/// Every site, as [`Pits::lanes_feed`] gives them when nothing is marked.
const EVERY_SITE: [u8; LANES] = {
    let mut sites = [0; LANES];
    let mut site = 0;
    while site < LANES {
        sites[site] = site as u8;
        site += 1;
    }
    sites
};

/// Per byte, the positions of its set bits, lowest first (then zeros).
const NTH_BIT: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

impl Pits {
    /// The lap of a move of a game with [`Lanes`] for `mover` from pit `from` (a site of the
    /// board, not empty), `full` the non-empty pits before it: its stones lifted and sown
    /// along the track. Returns the site the last stone went into and the non-empty pits
    /// after. As [`Pits::lap`] for a move's first lap, with no hash kept; `PLAIN` as for
    /// [`State::lanes_plies`]; `feed` as [`Pits::lanes_feed`] gives it, read once a pit is
    /// marked.
    #[inline(always)]
    fn lanes_lap<const PLAIN: bool>(
        &mut self,
        lanes: &Lanes,
        mover: Player,
        from: usize,
        mut full: u64,
        feed: &[u8; LANES],
    ) -> (usize, u64) {
        // Padded to LANES sites when the lanes were attached.
        let Some(counts) = self.counts.first_chunk_mut::<LANES>() else {
            return (from, full);
        };
        let next = &lanes.next[mover.index()];
        let from = from % LANES;
        let mut stones = counts[from];
        counts[from] = 0;
        full &= !lanes.bit[from];
        if lanes.origin_first && stones > 1 {
            counts[from] = 1;
            full |= lanes.bit[from];
            stones -= 1;
        }
        let mut site = from;
        if PLAIN || !(lanes.skip_origin || self.marked > 0) {
            // The common case: every stone into the next site of the track.
            while stones > 0 {
                site = next[site] as usize % LANES;
                counts[site] += 1;
                full |= lanes.bit[site];
                stones -= 1;
            }
        } else if !lanes.skip_origin {
            // Marked pits feed their owners' stores (and some are marked).
            while stones > 0 {
                site = next[site] as usize % LANES;
                let into = feed[site] as usize % LANES;
                counts[into] += 1;
                full |= lanes.bit[into];
                stones -= 1;
            }
        } else {
            let to_marker = lanes.to_marker && self.marked > 0;
            while stones > 0 {
                site = next[site] as usize % LANES;
                if site == from {
                    continue;
                }
                let mark = match to_marker {
                    true => self.marks.get(site).copied().unwrap_or(0),
                    false => 0,
                };
                let into = match Player::of_code(mark) {
                    Some(p) => lanes.store[p.index()] as usize % LANES,
                    None => site,
                };
                counts[into] += 1;
                full |= lanes.bit[into];
                stones -= 1;
            }
        }
        (site, full)
    }

    /// Per site, where a stone sown into it goes when marked pits feed their owners'
    /// stores: the store of its mark's player, or the site itself (unmarked, or no such
    /// player).
    #[cold]
    #[inline(never)]
    fn lanes_feed(&self, lanes: &Lanes, feed: &mut [u8; LANES]) {
        for (site, into) in feed.iter_mut().enumerate().take(self.sites) {
            *into = match Player::of_code(self.marks.get(site).copied().unwrap_or(0)) {
                Some(p) => lanes.store[p.index()],
                None => site as u8,
            };
        }
    }

    /// Whether the part of `step` decided by the sites its marker has marked holds.
    #[inline(always)]
    fn marks_hold(&self, step: &Step) -> bool {
        let marked = match self.marked {
            0 => 0,
            _ => self.marks.iter().filter(|&&m| m == step.marker).count(),
        };
        step.marks >> (marked % 64) & 1 != 0
    }

    /// Attaches a game's [`Lanes`] (or none), padding the counts to [`LANES`] sites for
    /// them.
    pub(crate) fn attach_lanes(&mut self, lanes: Option<Arc<Lanes>>) {
        if lanes.is_some() && self.counts.len() < LANES {
            self.counts.resize(LANES, 0);
        }
        self.lanes = lanes;
    }

    /// The game's [`Lanes`], if it has them.
    #[inline]
    pub(crate) fn lanes(&self) -> Option<Arc<Lanes>> {
        self.lanes.clone()
    }
}
