//! Sowing games: sowing the stones of a pit, the rules after sowing, and the end when a
//! row is empty.

use super::{Move, MoveList, Outcome, Position, State};
use rulebook_model::{
    Action, Board, EndResult, EndRule, EndWhen, Expr, Game, MoveKind, Op, Player, Site, SowCheck,
    Sowing, Zobrist, MAX_RELAY_LIFTS, NO_SITE,
};

mod fast;

pub(super) use fast::Lanes;

impl State {
    /// Sows the stones of `origin` by move rule `rule` for the player to move (relaying
    /// while the rule says so), applies the first rule after sowing whose condition holds,
    /// and ends the game if a row is empty. Returns whether the mover moves again.
    /// `FORWARD`: the move is known to be played forward (nothing saved for undo, whatever
    /// the state's flag says).
    #[inline(always)]
    pub(super) fn sow<const FORWARD: bool>(&mut self, rule: usize, origin: Site) -> bool {
        if !FORWARD && !self.forward {
            self.position.pits.save();
        }
        let game: &Game = &self.game;
        let Position {
            pits,
            hash,
            to_move,
            ..
        } = &mut self.position;
        let MoveKind::Sow {
            sowing,
            track,
            relay,
            start,
        } = &game.moves[rule].kind
        else {
            return false;
        };
        if start.is_none() && relay.is_none() {
            // The common case, with nothing to evaluate.
            let (mover, first) = (*to_move, Some(NO_SITE));
            // Marks feed stores only once a pit is marked.
            let marks_feed = sowing.marked_to_owner && pits.marked > 0;
            let plain = !sowing.skip_origin && !marks_feed;
            pits.last = match (pits.hashed, plain) {
                (true, true) => {
                    pits.lap::<true, true>(game, sowing, track, mover, origin, first, hash)
                }
                (false, true) => {
                    pits.lap::<false, true>(game, sowing, track, mover, origin, first, hash)
                }
                (true, false) => {
                    pits.lap::<true, false>(game, sowing, track, mover, origin, first, hash)
                }
                (false, false) => {
                    pits.lap::<false, false>(game, sowing, track, mover, origin, first, hash)
                }
            };
        } else {
            self.sow_laps(rule, origin);
        }
        let again = match self.rule_after_sowing() {
            Some(r) => self.act(r),
            None => false,
        };
        if !self.without_ends {
            self.check_rows();
        }
        again
    }

    /// Sows the stones of `origin` by move rule `rule`, which has a `start at` or relays
    /// (out of line: the common case has neither).
    #[inline(never)]
    fn sow_laps(&mut self, rule: usize, origin: Site) {
        let start = match &self.game.moves[rule].kind {
            MoveKind::Sow {
                start: Some(start), ..
            } => Site::of_value(self.eval(start)),
            _ => NO_SITE,
        };
        let site = self.position.sow_lap(&self.game, rule, origin, Some(start));
        self.position.pits.last = self.relay(rule, site);
    }

    /// Lifts the stones of the pit a lap ended in and sows them on, while the rule's relay
    /// condition holds there, it is a pit, and fewer than [`MAX_RELAY_LIFTS`] lifts were
    /// made (the first included); returns the site the last lap ended in.
    pub(super) fn relay(&mut self, rule: usize, mut site: Site) -> Site {
        let game: &Game = &self.game;
        let Position {
            pits,
            hash,
            to_move,
            ..
        } = &mut self.position;
        let MoveKind::Sow {
            relay: Some(condition),
            sowing,
            track,
            ..
        } = &game.moves[rule].kind
        else {
            return site;
        };
        let Some((op, k)) = last_count_test(condition) else {
            return self.relay_evaluated(rule, site);
        };
        // A condition on the stones of the last site alone: compared without the evaluator.
        for _ in 1..MAX_RELAY_LIFTS {
            pits.last = site;
            if game.board.pit_number(site) == 0 || op.apply(pits.count(site) as i64, k) == 0 {
                break;
            }
            site = match pits.hashed {
                true => pits.lap::<true, false>(game, sowing, track, *to_move, site, None, hash),
                false => pits.lap::<false, false>(game, sowing, track, *to_move, site, None, hash),
            };
        }
        site
    }

    /// [`State::relay`] with the relay condition evaluated at every lift (out of line).
    #[inline(never)]
    fn relay_evaluated(&mut self, rule: usize, mut site: Site) -> Site {
        let game = &*self.game;
        let MoveKind::Sow {
            relay: Some(condition),
            ..
        } = &game.moves[rule].kind
        else {
            return site;
        };
        // The move's first lift counts too.
        for _ in 1..MAX_RELAY_LIFTS {
            self.position.pits.last = site;
            if game.board.pit_number(site) == 0 || self.eval(condition) == 0 {
                break;
            }
            site = self.position.sow_lap(game, rule, site, None);
        }
        site
    }

    /// The first rule after sowing whose condition holds, if any. Only the candidates for
    /// this mover and last site are looked at, and of their conditions only the parts that
    /// depend on the stones ([`rulebook_model::SowPlan`]).
    #[inline(always)]
    pub(super) fn rule_after_sowing(&self) -> Option<usize> {
        let game = &*self.game;
        let sites = game.board.sites();
        if self.position.pits.last.index() >= sites {
            return None;
        }
        let plan = &game.after_sowing.plan;
        let entry = self.position.to_move.index() * sites + self.position.pits.last.index();
        if plan.words == 1 {
            // Up to 64 rules (every game seen so far): one word of candidates.
            return self.first_holding(plan.candidates[entry], 0, entry);
        }
        (0..plan.words).find_map(|w| {
            self.first_holding(plan.candidates[entry * plan.words + w], w * 64, entry)
        })
    }

    /// The first rule among the candidate bits `bits` (rule `base` the lowest bit) whose
    /// checks hold; `entry` is `mover * sites + last`.
    #[inline(always)]
    fn first_holding(&self, mut bits: u64, base: usize, entry: usize) -> Option<usize> {
        let checks = &self.game.after_sowing.plan.checks;
        'rules: while bits != 0 {
            let r = base + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            for check in &checks[r] {
                if !self.check(check, entry) {
                    continue 'rules;
                }
            }
            return Some(r);
        }
        None
    }

    /// Whether a part of a condition after sowing holds; `entry` is `mover * sites + last`.
    #[inline(always)]
    fn check(&self, check: &SowCheck, entry: usize) -> bool {
        match check {
            SowCheck::Stones { site, holds, expr } => {
                let site =
                    Site::of_value(self.game.after_sowing.plan.tables[*site as usize][entry]);
                let stones = self.position.pits.count(site) as usize;
                let stride = self.game.after_sowing.plan.stones;
                if stones < stride {
                    holds[entry * stride + stones]
                } else {
                    self.eval(expr) != 0
                }
            }
            SowCheck::Expr(e) => self.eval(e) != 0,
        }
    }

    /// The value of an expression of a rule after sowing, with `entry` `mover * sites +
    /// last`: a table or the last site read at once, anything else evaluated.
    #[inline(always)]
    fn sow_value(&self, e: &Expr, entry: usize) -> i64 {
        match e {
            Expr::Last => self.position.pits.last.index() as i64,
            Expr::Tabled(t) => self.game.after_sowing.plan.tables[*t as usize][entry],
            _ => self.eval(e),
        }
    }

    /// Carries out the actions of rule `r` after sowing (the last site a site of the
    /// board); returns whether the mover moves again.
    #[inline(always)]
    pub(super) fn act(&mut self, r: usize) -> bool {
        let sites = self.position.pits.sites;
        let entry = self.position.to_move.index() * sites + self.position.pits.last.index();
        let mut again = false;
        let cancellable = self.game.after_sowing.plan.cancels[r].is_some();
        if cancellable {
            let pits = &mut self.position.pits;
            pits.saved.clone_from(&pits.counts);
        }
        for a in 0..self.game.after_sowing.plan.actions[r].len() {
            match &self.game.after_sowing.plan.actions[r][a] {
                Action::Again => again = true,
                Action::Take { from, to } => {
                    let from = Site::of_value(self.sow_value(from, entry));
                    let to = Site::of_value(self.sow_value(to, entry));
                    if from.index() < sites && to.index() < sites && from != to {
                        self.position.move_stones(&self.game, from, to);
                    }
                }
                Action::Mark(_) | Action::TakeRun { .. } => self.act_further(r, a, entry),
            }
        }
        if cancellable {
            self.cancel_if(r);
        }
        again
    }

    /// Carries out action `a` of rule `r`, a mark or a run of takes (out of line: the
    /// actions of most rules are takes); `entry` is `mover * sites + last`.
    #[inline(never)]
    fn act_further(&mut self, r: usize, a: usize, entry: usize) {
        match &self.game.after_sowing.plan.actions[r][a] {
            Action::Mark(site) => {
                let site = Site::of_value(self.sow_value(site, entry));
                if site.index() < self.position.pits.marks.len() {
                    self.set_mark(site, self.position.to_move.code());
                }
            }
            Action::TakeRun { .. } => self.take_run(r, a),
            Action::Again | Action::Take { .. } => {}
        }
    }

    /// Puts back the stones that rule `r`'s actions moved if its `unless` condition holds
    /// after them.
    fn cancel_if(&mut self, r: usize) {
        let Some(cancel) = &self.game.after_sowing.plan.cancels[r] else {
            return;
        };
        if self.eval(cancel) == 0 {
            return;
        }
        for site in 0..self.position.pits.sites {
            let saved = self.position.pits.saved[site];
            if self.position.pits.counts[site] != saved {
                self.set_count(Site::at(site), saved);
            }
        }
    }

    /// Ends the game when a player's pits are all empty (if the game has that rule):
    /// the remaining stones go where the rule says, and the stores decide.
    #[inline(always)]
    pub(super) fn check_rows(&mut self) {
        // Two rows of up to 32 pits in one word: a row is empty when its half is.
        let full = self.position.pits.full;
        if full as u32 == 0 || (full >> 32) as u32 == 0 {
            if let Some(rule) = self.game.ends.empty_row {
                let empty = [Player::FIRST, Player::SECOND].map(|p| self.position.pits.row(p) == 0);
                self.end_on_empty_row(rule, empty);
            }
        }
    }

    /// Ends the game by `rule`, an `end when empty row`, with `empty` telling whose rows are
    /// empty: the remaining stones go where the rule says, and the stores decide.
    #[cold]
    #[inline(never)]
    fn end_on_empty_row(&mut self, rule: EndRule, empty: [bool; 2]) {
        if let EndResult::StoreMajority { to_empty_side } = rule.result {
            for p in Player::all(ROWS) {
                let receiver = match (to_empty_side, empty[0], empty[1]) {
                    (false, _, _) => p,
                    (true, true, false) => Player::FIRST,
                    (true, false, true) => Player::SECOND,
                    (true, _, _) => continue, // both rows empty: nothing moves
                };
                // The non-empty pits of the row: the others move nothing.
                let (first, store) = (self.game.board.pit(p, 1), self.game.board.store(receiver));
                let mut full = self.position.pits.row(p);
                while full != 0 {
                    let pit = first.plus(full.trailing_zeros() as usize);
                    full &= full - 1;
                    self.position.move_stones(&self.game, pit, store);
                }
            }
        }
        // The player who just moved is the mover these results speak of.
        self.position.ended = Some(self.end_result(rule.result, self.position.to_move));
        self.ended_by_rule(EndWhen::EmptyRow);
    }

    /// Carries out action `a` of rule `r`, a [`Action::TakeRun`]: from its first site, pit by
    /// pit, while its condition holds with `last` standing for the pit reached, that pit's
    /// stones go to its destination; the walk stops at a store or after a whole lap.
    fn take_run(&mut self, r: usize, a: usize) {
        let game = &*self.game;
        let Action::TakeRun {
            from,
            counterclockwise,
            condition,
            to,
        } = &game.after_sowing.plan.actions[r][a]
        else {
            return;
        };
        let (last, sites) = (self.position.pits.last, self.position.pits.sites);
        let (mut site, to) = (
            Site::of_value(self.eval(from)),
            Site::of_value(self.eval(to)),
        );
        for _ in 0..game.board.pits() * 2 {
            if site.index() >= sites || game.board.pit_number(site) == 0 {
                break;
            }
            self.position.pits.last = site;
            if self.eval(condition) == 0 {
                break;
            }
            if to.index() < sites && site != to {
                self.position.move_stones(game, site, to);
            }
            site = game.board.next_on_track(site, *counterclockwise);
        }
        self.position.pits.last = last;
    }

    /// Moves the stones of every pit into the store of the pit's owner (a game ended with
    /// `remaining to owners`).
    pub(super) fn rows_to_owners(&mut self) {
        let board = &self.game.board;
        let pits = board.pits();
        for p in Player::all(ROWS) {
            for k in 1..=pits {
                let (pit, store) = (self.game.board.pit(p, k), self.game.board.store(p));
                self.position.move_stones(&self.game, pit, store);
            }
        }
    }

    /// The player with more stones in their store and their row wins; equal draw.
    pub(super) fn store_majority(&self) -> Outcome {
        let board = &self.game.board;
        // Each player's store and the stones left in their row (none once `empty row` has
        // moved them).
        let total = |p: Player| {
            let (first, mut full) = (board.pit(p, 1), self.position.pits.row(p));
            let mut total = self.count(board.store(p)) as u32;
            // The non-empty pits of the row.
            while full != 0 {
                total += self.count(first.plus(full.trailing_zeros() as usize)) as u32;
                full &= full - 1;
            }
            total
        };
        let (a, b) = (total(Player::FIRST), total(Player::SECOND));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::FIRST),
            std::cmp::Ordering::Less => Outcome::Win(Player::SECOND),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// Changes the stones on a site and updates the hash (undo restores the move's
    /// snapshot of all counts).
    #[inline(always)]
    fn set_count(&mut self, site: Site, count: u16) {
        if self.position.pits.hashed {
            let old = self.position.pits.counts[site.index()];
            let z = &self.game.tables.zobrist;
            self.position.hash ^= z.count(site, old) ^ z.count(site, count);
        }
        self.position.pits.set(&self.game.board, site, count);
    }

    /// Changes the mark on a site, logging the old one and updating the hash.
    fn set_mark(&mut self, site: Site, mark: u8) {
        let pits = &mut self.position.pits;
        let old = pits.marks[site.index()];
        if !self.forward {
            pits.mark_log.push((site, old));
        }
        pits.marked = pits.marked + (mark != 0) as u32 - (old != 0) as u32;
        let z = &self.game.tables.zobrist;
        self.position.hash ^= z.mark(site, old) ^ z.mark(site, mark);
        pits.marks[site.index()] = mark;
    }

    /// The sowing moves of rule `rule`: every non-empty pit of the mover, by pit number.
    pub(super) fn sowing_moves(&self, rule: u8, out: &mut MoveList) {
        let first = self.game.board.pit(self.position.to_move, 1);
        let mut full = self.position.pits.row(self.position.to_move);
        while full != 0 {
            let pit = first.plus(full.trailing_zeros() as usize);
            full &= full - 1;
            out.push(Move::sow(rule, pit));
        }
    }

    /// The sowing move `pick(n)` of the mover's `n` non-empty pits (by pit number), or none.
    #[inline(always)]
    pub(super) fn pick_sowing<F: FnMut(usize) -> usize + ?Sized>(
        &self,
        rule: u8,
        pick: &mut F,
    ) -> Option<Move> {
        let mut full = self.position.pits.row(self.position.to_move);
        if full == 0 {
            return None;
        }
        // A row of up to 8 pits counted by a table (no instruction counts bits on every
        // processor).
        let n = match full {
            0..256 => BITS_SET[full as usize] as usize,
            _ => full.count_ones() as usize,
        };
        for _ in 0..pick(n) {
            full &= full - 1;
        }
        let first = self.game.board.pit(self.position.to_move, 1);
        let pit = first.plus(full.trailing_zeros() as usize);
        Some(Move::sow(rule, pit))
    }
}

/// The stones of a position, sown and moved: what a sowing changes of the [`Position`]
/// alone, so that the state can call it while it holds a part of the game (a condition).
impl Position {
    /// One lap for the player to move: lifts every stone of `from` and sows them along the
    /// track of `game`'s rule `rule`; returns the site the last stone went into. `first` is
    /// given for the move's first lap, the only one `first stone into origin` and `start
    /// at` apply to: the site `start at` named, or [`NO_SITE`].
    #[inline(always)]
    pub(super) fn sow_lap(
        &mut self,
        game: &Game,
        rule: usize,
        from: Site,
        first: Option<Site>,
    ) -> Site {
        let MoveKind::Sow { sowing, track, .. } = &game.moves[rule].kind else {
            return from;
        };
        let (pits, hash, mover) = (&mut self.pits, &mut self.hash, self.to_move);
        match pits.hashed {
            true => pits.lap::<true, false>(game, sowing, track, mover, from, first, hash),
            false => pits.lap::<false, false>(game, sowing, track, mover, from, first, hash),
        }
    }

    /// Moves every stone of site `from` to site `to` (two different sites of `game`'s
    /// board).
    #[inline(always)]
    fn move_stones(&mut self, game: &Game, from: Site, to: Site) {
        let (board, zobrist) = (&game.board, &game.tables.zobrist);
        self.pits.move_all(board, zobrist, &mut self.hash, from, to);
    }
}

/// The operator and the number of a condition `count(last) OP N` (as `relay while
/// count(last) > 1`), which the stones of the last site decide alone; `None` for any other.
fn last_count_test(condition: &Expr) -> Option<(Op, i64)> {
    match condition {
        Expr::Binary(op, a, b) => match (&**a, &**b) {
            (Expr::Count(site), Expr::Const(k)) if matches!(**site, Expr::Last) => Some((*op, *k)),
            _ => None,
        },
        _ => None,
    }
}

/// The rows of a mancala board, one for each of its two players (the checker refuses the
/// board in a game of another number of players).
const ROWS: usize = 2;

/// The number of bits set in every byte.
const BITS_SET: [u8; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// Sites per chunk of [`Pits::counts`]: an undo snapshot copies whole chunks.
const CHUNK: usize = 16;

/// The stones part of a position (empty in games without pits or marks): stones and marks
/// per site, the site the last stone went into, and their undo logs. The state holds it as
/// one component; a game of pieces pays nothing for it.
#[derive(Debug, Default)]
pub(super) struct Pits {
    /// Stones per site, then zeros up to a whole number of [`CHUNK`]s (empty on boards
    /// without pits).
    counts: Vec<u16>,
    /// The board's sites (the counts beyond them are padding, always 0; 0 without pits).
    sites: usize,
    /// Whether the keys of the stones are kept in the state's hash as moves are played
    /// (in games that track repeated positions); otherwise [`Pits::key`] gives them when
    /// the hash is asked for, and sowing a stone costs no key.
    hashed: bool,
    /// The non-empty pits of both rows, a bit per pit ([`rulebook_model::Board::pit_bit`]).
    full: u64,
    /// Marks per site: 0, or 1 + the player who marked it (empty on a board without pits
    /// where nothing is marked).
    marks: Vec<u8>,
    /// How many sites are marked.
    marked: u32,
    /// The site the last stone was sown into; on a board of pieces whose rules read it
    /// ([`rulebook_model::Facts::keeps_last`]), the site the latest move landed on.
    pub last: Site,
    /// The pit the latest sowing was sown from ([`NO_SITE`] before the first); on a board
    /// of pieces whose rules read it, the site the latest move's piece started from.
    pub origin: Site,
    /// For every sowing move, the chunks of counts holding the board's sites before it,
    /// newest last (one snapshot a move is cheaper than a log entry for every stone sown).
    log: Vec<[u16; CHUNK]>,
    /// `(site, previous mark)` for every change of a mark.
    mark_log: Vec<(Site, u8)>,
    /// The stones per site before the actions of a rule after sowing that may be taken
    /// back (`unless`; reused).
    saved: Vec<u16>,
    /// The tables of a playout of a game whose moves are one plain sowing, if it has them
    /// (then `counts` holds at least [`fast::LANES`] sites).
    lanes: Option<std::sync::Arc<Lanes>>,
}

/// What a move's undo restores of the [`Pits`]: where their logs stood before it, the
/// non-empty pits and the last site sown.
#[derive(Clone, Copy, Debug)]
pub(super) struct PitsFrame {
    full: u64,
    log: u32,
    mark_log: u32,
    last: Site,
    origin: Site,
}

impl Clone for Pits {
    fn clone(&self) -> Pits {
        let mut copy = Pits::default();
        copy.clone_from(self);
        copy
    }

    /// Copies the position and the logs, reusing this one's buffers.
    fn clone_from(&mut self, other: &Pits) {
        self.copy_position_from(other);
        super::copy_from(&mut self.log, &other.log);
        super::copy_from(&mut self.mark_log, &other.mark_log);
    }
}

impl Pits {
    /// Stones and marks on `board` (`counts` empty: a board without pits; `marks` empty:
    /// nothing marked); `hashed`: whether the state's hash keeps the stones' keys as moves
    /// are played.
    pub(super) fn new(board: &Board, counts: &[u16], marks: &[u8], hashed: bool) -> Pits {
        let sites = board.sites();
        let mut pits = Pits {
            last: NO_SITE,
            origin: NO_SITE,
            hashed,
            ..Pits::default()
        };
        if !counts.is_empty() {
            pits.sites = sites;
            pits.counts = vec![0; sites.div_ceil(CHUNK) * CHUNK];
            pits.log.reserve(256 * sites.div_ceil(CHUNK));
        }
        for (site, &count) in counts.iter().enumerate().take(sites) {
            pits.set(board, Site::at(site), count);
        }
        if !counts.is_empty() || marks.iter().any(|&m| m != 0) {
            pits.marks = vec![0; sites];
        }
        for (site, &mark) in marks.iter().enumerate().take(sites) {
            if mark != 0 {
                pits.marks[site] = mark;
                pits.marked += 1;
            }
        }
        pits
    }

    /// Copies the position (stones, marks, last site), reusing this one's buffers.
    pub(super) fn copy_position_from(&mut self, other: &Pits) {
        self.counts.clone_from(&other.counts);
        self.sites = other.sites;
        self.hashed = other.hashed;
        self.full = other.full;
        self.marks.clone_from(&other.marks);
        self.marked = other.marked;
        self.last = other.last;
        self.origin = other.origin;
        let same = match (&self.lanes, &other.lanes) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same {
            self.lanes.clone_from(&other.lanes);
        }
    }

    /// Whether the state's hash keeps the stones' keys as moves are played.
    #[inline]
    pub(super) fn hashed(&self) -> bool {
        self.hashed
    }

    /// The keys of the stones when the state's hash does not keep them (else 0).
    #[inline]
    pub(super) fn key(&self, zobrist: &Zobrist) -> u64 {
        match self.hashed {
            true => 0,
            false => self.counts_key(zobrist),
        }
    }

    /// The keys of the stones.
    pub(super) fn counts_key(&self, zobrist: &Zobrist) -> u64 {
        (self.counts().iter().enumerate()).fold(0, |key, (site, &count)| {
            key ^ zobrist.count(Site::at(site), count)
        })
    }

    /// Whether two have the same stones and marks, and on a board without pits the same
    /// sites of the latest move (kept only where a rule reads them, and then part of the
    /// position; on a board of pits the last site sown is read only just after a sowing).
    pub(super) fn same_position(&self, other: &Pits) -> bool {
        self.counts() == other.counts()
            && self.marks == other.marks
            && (self.sites > 0 || (self.last, self.origin) == (other.last, other.origin))
    }

    /// The stones per site (empty on a board without pits).
    #[inline]
    pub(super) fn counts(&self) -> &[u16] {
        &self.counts[..self.sites]
    }

    /// The stones on a site (0 on boards without stones).
    #[inline(always)]
    pub(super) fn count(&self, site: Site) -> u16 {
        self.counts.get(site.index()).copied().unwrap_or(0)
    }

    /// The marks per site (empty on a board without pits where nothing is marked).
    #[inline]
    pub(super) fn marks(&self) -> &[u8] {
        &self.marks
    }

    /// Whether a site is marked.
    #[inline]
    pub(super) fn any_marked(&self) -> bool {
        self.marked > 0
    }

    /// The mark on a site: 0, or 1 + the player who marked it.
    #[inline]
    pub(super) fn mark(&self, site: Site) -> u8 {
        self.marks.get(site.index()).copied().unwrap_or(0)
    }

    /// A bit per non-empty pit of `player`'s row, pit 1 lowest.
    #[inline(always)]
    fn row(&self, player: Player) -> u32 {
        self.full
            .checked_shr(32 * player.index() as u32)
            .unwrap_or(0) as u32
    }

    /// Changes the stones on a site (not the hash).
    #[inline(always)]
    fn set(&mut self, board: &Board, site: Site, count: u16) {
        self.counts[site.index()] = count;
        let bit = board.pit_bit(site);
        self.full = match count {
            0 => self.full & !bit,
            _ => self.full | bit,
        };
    }

    /// Moves every stone of site `from` to site `to` (two different sites of the board),
    /// updating `hash` if the stones are [`Pits::hashed`].
    #[inline(always)]
    fn move_all(&mut self, board: &Board, zobrist: &Zobrist, hash: &mut u64, from: Site, to: Site) {
        let moved = self.counts[from.index()];
        if moved == 0 {
            return;
        }
        let before = self.counts[to.index()];
        if self.hashed {
            *hash ^= zobrist.count(from, moved)
                ^ zobrist.count(from, 0)
                ^ zobrist.count(to, before)
                ^ zobrist.count(to, before + moved);
        }
        self.counts[from.index()] = 0;
        self.counts[to.index()] = before + moved;
        self.full = self.full & !board.pit_bit(from) | board.pit_bit(to);
    }

    /// Where the logs stand, for [`Pits::undo`].
    #[inline(always)]
    pub(super) fn frame(&self) -> PitsFrame {
        PitsFrame {
            full: self.full,
            log: self.log.len() as u32,
            mark_log: self.mark_log.len() as u32,
            last: self.last,
            origin: self.origin,
        }
    }

    /// Logs the stones of every site, for the undo of the move being made.
    #[inline(always)]
    fn save(&mut self) {
        // The chunks holding the board's sites (the counts may be padded beyond them).
        let chunks = self.counts.as_chunks::<CHUNK>().0;
        match &chunks[..self.sites.div_ceil(CHUNK).min(chunks.len())] {
            [chunk] => self.log.push(*chunk),
            chunks => self.log.extend_from_slice(chunks),
        }
    }

    /// Takes back everything since `frame`.
    #[inline]
    pub(super) fn undo(&mut self, frame: PitsFrame) {
        let start = frame.log as usize;
        if self.log.len() > start {
            let chunks = self.counts.chunks_exact_mut(CHUNK);
            for (chunk, saved) in chunks.zip(&self.log[start..]) {
                chunk.copy_from_slice(saved);
            }
            self.log.truncate(start);
        }
        while self.mark_log.len() > frame.mark_log as usize {
            let (site, mark) = self
                .mark_log
                .pop()
                .expect("the log holds the frame's changes");
            let old = &mut self.marks[site.index()];
            self.marked = self.marked + (mark != 0) as u32 - (*old != 0) as u32;
            *old = mark;
        }
        self.full = frame.full;
        self.last = frame.last;
        self.origin = frame.origin;
    }

    /// Forgets the logs (the position stays).
    pub(super) fn clear_logs(&mut self) {
        self.log.clear();
        self.mark_log.clear();
    }

    /// One lap of a sowing (how and the track of a move rule) for `mover`: lifts every
    /// stone of `from` and sows them along the track, updating `hash` if `HASHED` (the
    /// stones are [`Pits::hashed`]); returns the site the last stone
    /// went into. `first`: as for [`Position::sow_lap`]. `PLAIN`: the sowing skips nothing
    /// and feeds no store by marks (or no pit is marked), and `first` names no site.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn lap<const HASHED: bool, const PLAIN: bool>(
        &mut self,
        game: &Game,
        sowing: &Sowing,
        track: &[Site],
        mover: Player,
        from: Site,
        first: Option<Site>,
        hash: &mut u64,
    ) -> Site {
        let sites = self.sites;
        let track = &track[mover.index() * sites..][..sites];
        let (board, zobrist) = (&game.board, &game.tables.zobrist);
        let counts = &mut self.counts[..sites];
        let (mut h, mut full) = (*hash, self.full);
        let mut stones = counts[from.index()];
        if HASHED {
            // The key of no stones is 0.
            h ^= zobrist.count(from, stones);
        }
        counts[from.index()] = 0;
        full &= !board.pit_bit(from);
        let mut site = from;
        if first.is_some() && sowing.origin_first && stones > 1 {
            if HASHED {
                h ^= zobrist.count_step(from, 0);
            }
            counts[from.index()] = 1;
            full |= board.pit_bit(from);
            stones -= 1;
        }
        let to_marker = !PLAIN && sowing.marked_to_owner && self.marked > 0;
        let drop = Sown {
            marks: &self.marks,
            game,
            to_marker,
            hashed: HASHED,
        };
        // `start at`: the first stone goes to the given site, and the track goes on from it.
        if let Some(start) = first.filter(|&s| !PLAIN && s.index() < sites && stones > 0) {
            site = start;
            drop.stone(counts, &mut h, &mut full, site);
            stones -= 1;
        }
        if !to_marker {
            // The common case: every stone into the next site of the track (but the pit
            // the lap was lifted from, with `skip origin`).
            let skip = match sowing.skip_origin {
                true if !PLAIN => from,
                _ => NO_SITE,
            };
            while stones > 0 {
                site = track[site.index()];
                if !PLAIN && site == skip {
                    continue;
                }
                let count = counts[site.index()];
                if HASHED {
                    h ^= zobrist.count_step(site, count);
                }
                counts[site.index()] = count + 1;
                full |= board.pit_bit(site);
                stones -= 1;
            }
        }
        while stones > 0 {
            site = track[site.index()];
            if sowing.skip_origin && site == from {
                continue;
            }
            drop.stone(counts, &mut h, &mut full, site);
            stones -= 1;
        }
        (*hash, self.full) = (h, full);
        site
    }
}

/// Where a sown stone goes: what [`Pits::lap`] reads besides the counts and the hash.
struct Sown<'a> {
    marks: &'a [u8],
    game: &'a Game,
    /// `marked pits feed owner store`, with a pit marked.
    to_marker: bool,
    /// Whether to update the hash.
    hashed: bool,
}

impl Sown<'_> {
    /// Drops a stone at `site`: into it, or into the store of the player who marked it.
    #[inline(always)]
    fn stone(&self, counts: &mut [u16], hash: &mut u64, full: &mut u64, site: Site) {
        let marker = || Player::of_code(self.marks[site.index()]);
        let into = match self.to_marker {
            true => marker().map_or(site, |p| self.game.board.store(p)),
            false => site,
        };
        if self.hashed {
            *hash ^= self
                .game
                .tables
                .zobrist
                .count_step(into, counts[into.index()]);
        }
        counts[into.index()] += 1;
        *full |= self.game.board.pit_bit(into);
    }
}
