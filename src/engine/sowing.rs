//! Sowing games: sowing the stones of a pit, the rules after sowing, and the end when a
//! row is empty.

use super::{Move, MoveList, Outcome, State};
use crate::model::{
    Action, EndResult, EndWhen, MoveKind, Player, Site, SowCheck, MAX_RELAY_LIFTS, NO_SITE,
};

impl State {
    /// Sows the stones of `origin` by move rule `rule` for the player to move (relaying
    /// while the rule says so), applies the first rule after sowing whose condition holds,
    /// and ends the game if a row is empty. Returns whether the mover moves again.
    pub(super) fn sow(&mut self, rule: usize, origin: Site) -> bool {
        // One snapshot of the stones per move serves undo (cheaper than a log entry for
        // every stone sown).
        self.count_log.extend_from_slice(&self.counts);
        let (start, relays) = match &self.game.moves[rule].kind {
            MoveKind::Sow { start, relay, .. } => (
                start.as_ref().map_or(NO_SITE, |e| self.eval(e) as Site),
                relay.is_some(),
            ),
            _ => (NO_SITE, false),
        };
        let mut site = self.sow_lap(rule, origin, Some(start));
        if relays {
            site = self.relay(rule, site);
        }
        self.last = site;
        let again = self.after_sowing();
        if !self.without_ends {
            self.check_rows();
        }
        again
    }

    /// Lifts the stones of the pit a lap ended in and sows them on, while the rule's relay
    /// condition holds there, it is a pit, and fewer than [`MAX_RELAY_LIFTS`] lifts were
    /// made (the first included); returns the site the last lap ended in.
    pub(super) fn relay(&mut self, rule: usize, mut site: Site) -> Site {
        let game = std::sync::Arc::clone(&self.game);
        let MoveKind::Sow {
            relay: Some(condition),
            ..
        } = &game.moves[rule].kind
        else {
            return site;
        };
        // The move's first lift counts too.
        for _ in 1..MAX_RELAY_LIFTS {
            self.last = site;
            if game.board.pit_number(site) == 0 || self.eval(condition) == 0 {
                break;
            }
            site = self.sow_lap(rule, site, None);
        }
        site
    }

    /// One lap: lifts every stone of `from` and sows them along rule `rule`'s track;
    /// returns the site the last stone went into. `first` is given for the move's first
    /// lap, the only one `first stone into origin` and `start at` apply to: the site
    /// `start at` named, or [`NO_SITE`].
    #[inline(always)]
    pub(super) fn sow_lap(&mut self, rule: usize, from: Site, first: Option<Site>) -> Site {
        let game = &*self.game;
        let MoveKind::Sow { sowing, track, .. } = &game.moves[rule].kind else {
            return from;
        };
        let sites = self.counts.len();
        let track = &track[self.to_move as usize * sites..][..sites];
        let (board, zobrist) = (&game.board, &game.zobrist);
        let counts = &mut self.counts;
        let mut hash = self.hash;
        let mut stones = counts[from as usize];
        hash ^= zobrist.count(from, stones) ^ zobrist.count(from, 0);
        counts[from as usize] = 0;
        let mut site = from;
        if first.is_some() && sowing.origin_first && stones > 1 {
            hash ^= zobrist.count_step(from, 0);
            counts[from as usize] = 1;
            stones -= 1;
        }
        let drop = Sown {
            marks: &self.marks,
            board,
            zobrist,
            to_marker: sowing.marked_to_owner,
        };
        // `start at`: the first stone goes to the given site, and the track goes on from it.
        if let Some(start) = first.filter(|&s| (s as usize) < sites && stones > 0) {
            site = start;
            drop.stone(counts, &mut hash, site);
            stones -= 1;
        }
        while stones > 0 {
            site = track[site as usize];
            if sowing.skip_origin && site == from {
                continue;
            }
            drop.stone(counts, &mut hash, site);
            stones -= 1;
        }
        self.hash = hash;
        site
    }

    /// Applies the first rule after sowing whose condition holds; returns whether it gives
    /// the mover another move. Only the candidates for this mover and last site are looked
    /// at, and of their conditions only the parts that depend on the stones
    /// ([`crate::model::SowPlan`]).
    fn after_sowing(&mut self) -> bool {
        let sites = self.game.board.sites();
        if self.last as usize >= sites {
            return false;
        }
        let words = self.game.sow_plan.words;
        let entry = self.to_move as usize * sites + self.last as usize;
        for w in 0..words {
            let mut bits = self.game.sow_plan.candidates[entry * words + w];
            while bits != 0 {
                let r = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.game.sow_plan.checks[r]
                    .iter()
                    .all(|check| self.check(check, entry))
                {
                    return self.act(r);
                }
            }
        }
        false
    }

    /// Whether a part of a condition after sowing holds; `entry` is `mover * sites + last`.
    #[inline]
    pub(super) fn check(&self, check: &SowCheck, entry: usize) -> bool {
        match check {
            SowCheck::Stones { site, holds, expr } => {
                let site = self.game.sow_plan.tables[*site as usize][entry] as usize;
                let stones = self.counts.get(site).copied().unwrap_or(0) as usize;
                let stride = self.game.sow_plan.stones;
                if stones < stride {
                    holds[entry * stride + stones]
                } else {
                    self.eval(expr) != 0
                }
            }
            SowCheck::Expr(e) => self.eval(e) != 0,
        }
    }

    /// Carries out the actions of rule `r` after sowing; returns whether the mover moves
    /// again.
    pub(super) fn act(&mut self, r: usize) -> bool {
        let mover = self.to_move;
        let mut again = false;
        let cancellable = self.game.sow_plan.cancels[r].is_some();
        if cancellable {
            self.saved_counts.clone_from(&self.counts);
        }
        for a in 0..self.game.sow_plan.actions[r].len() {
            match &self.game.sow_plan.actions[r][a] {
                Action::Again => again = true,
                Action::Take { from, to } => {
                    let (from, to) = (self.eval(from) as Site, self.eval(to) as Site);
                    if (from as usize) < self.counts.len()
                        && (to as usize) < self.counts.len()
                        && from != to
                    {
                        let moved = self.counts[from as usize];
                        self.set_count(from, 0);
                        self.set_count(to, self.counts[to as usize] + moved);
                    }
                }
                Action::Mark(site) => {
                    let site = self.eval(site) as Site;
                    if (site as usize) < self.marks.len() {
                        self.set_mark(site, mover + 1);
                    }
                }
                Action::TakeRun { .. } => self.take_run(r, a),
            }
        }
        if cancellable {
            self.cancel_if(r);
        }
        again
    }

    /// Puts back the stones that rule `r`'s actions moved if its `unless` condition holds
    /// after them.
    fn cancel_if(&mut self, r: usize) {
        let game = std::sync::Arc::clone(&self.game);
        let Some(cancel) = &game.sow_plan.cancels[r] else {
            return;
        };
        if self.eval(cancel) == 0 {
            return;
        }
        for site in 0..self.counts.len() {
            let saved = self.saved_counts[site];
            if self.counts[site] != saved {
                self.set_count(site as Site, saved);
            }
        }
    }

    /// Ends the game when a player's pits are all empty (if the game has that rule):
    /// the remaining stones go where the rule says, and the stores decide.
    pub(super) fn check_rows(&mut self) {
        let Some(rule) = self.game.empty_row_end else {
            return;
        };
        let board = &self.game.board;
        let pits = board.pits();
        let row_empty = |p: Player| {
            let first = board.pit(p, 1) as usize;
            self.counts[first..first + pits as usize]
                .iter()
                .all(|&c| c == 0)
        };
        let empty = [row_empty(0), row_empty(1)];
        if !empty[0] && !empty[1] {
            return;
        }
        if let EndResult::StoreMajority { to_empty_side } = rule.result {
            for p in 0..2u8 {
                let receiver = match (to_empty_side, empty[0], empty[1]) {
                    (false, _, _) => p,
                    (true, true, false) => 0,
                    (true, false, true) => 1,
                    (true, _, _) => continue, // both rows empty: nothing moves
                };
                for k in 1..=pits {
                    let pit = self.game.board.pit(p, k);
                    let stones = self.counts[pit as usize];
                    if stones > 0 {
                        let store = self.game.board.store(receiver);
                        self.set_count(pit, 0);
                        self.set_count(store, self.counts[store as usize] + stones);
                    }
                }
            }
        }
        // The player who just moved is the mover these results speak of.
        self.ended = Some(self.end_result(rule.result, self.to_move, &mut Vec::new()));
        self.ended_by_rule(EndWhen::EmptyRow);
    }

    /// Carries out action `a` of rule `r`, a [`Action::TakeRun`]: from its first site, pit by
    /// pit, while its condition holds with `last` standing for the pit reached, that pit's
    /// stones go to its destination; the walk stops at a store or after a whole lap.
    fn take_run(&mut self, r: usize, a: usize) {
        let game = std::sync::Arc::clone(&self.game);
        let Action::TakeRun {
            from,
            counterclockwise,
            condition,
            to,
        } = &game.sow_plan.actions[r][a]
        else {
            return;
        };
        let (last, sites) = (self.last, self.counts.len());
        let (mut site, to) = (self.eval(from) as Site, self.eval(to) as Site);
        for _ in 0..game.board.pits() * 2 {
            if site as usize >= sites || game.board.pit_number(site) == 0 {
                break;
            }
            self.last = site;
            if self.eval(condition) == 0 {
                break;
            }
            if (to as usize) < sites && site != to {
                let moved = self.counts[site as usize];
                self.set_count(site, 0);
                self.set_count(to, self.counts[to as usize] + moved);
            }
            site = game.board.next_on_track(site, *counterclockwise);
        }
        self.last = last;
    }

    /// Moves the stones of every pit into the store of the pit's owner (a game ended with
    /// `remaining to owners`).
    pub(super) fn rows_to_owners(&mut self) {
        let board = &self.game.board;
        let (pits, players) = (board.pits(), self.game.players.len() as Player);
        for p in 0..players {
            for k in 1..=pits {
                let (pit, store) = (self.game.board.pit(p, k), self.game.board.store(p));
                let stones = self.counts[pit as usize];
                if stones > 0 {
                    self.set_count(pit, 0);
                    self.set_count(store, self.counts[store as usize] + stones);
                }
            }
        }
    }

    /// The player with more stones in their store and their row wins; equal draw.
    pub(super) fn store_majority(&self) -> Outcome {
        let board = &self.game.board;
        // Each player's store and the stones left in their row (none once `empty row` has
        // moved them).
        let total = |p: Player| {
            let row: u32 = (0..board.sites() as Site)
                .filter(|&s| board.pit_number(s) > 0 && board.row_owner(s) == p)
                .map(|s| self.count(s) as u32)
                .sum();
            row + self.count(board.store(p)) as u32
        };
        let (a, b) = (total(0), total(1));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// Changes the stones on a site and updates the hash (undo restores the move's
    /// snapshot of all counts).
    #[inline]
    fn set_count(&mut self, site: Site, count: u16) {
        let old = self.counts[site as usize];
        let z = &self.game.zobrist;
        self.hash ^= z.count(site, old) ^ z.count(site, count);
        self.counts[site as usize] = count;
    }

    /// Changes the mark on a site, logging the old one and updating the hash.
    fn set_mark(&mut self, site: Site, mark: u8) {
        let old = self.marks[site as usize];
        self.mark_log.push((site, old));
        let z = &self.game.zobrist;
        self.hash ^= z.mark(site, old) ^ z.mark(site, mark);
        self.marks[site as usize] = mark;
    }

    /// The sowing moves of rule `rule`: every non-empty pit of the mover, by pit number.
    pub(super) fn sowing_moves(&self, rule: u8, out: &mut MoveList) {
        let board = &self.game.board;
        for k in 1..=board.pits() {
            let pit = board.pit(self.to_move, k);
            if self.counts[pit as usize] > 0 {
                out.push(Move::sow(rule, pit));
            }
        }
    }

    /// The sowing move `pick(n)` of the mover's `n` non-empty pits (by pit number), or none.
    #[inline(always)]
    pub(super) fn pick_sowing(
        &self,
        rule: u8,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let board = &self.game.board;
        let first = board.pit(self.to_move, 1) as usize;
        // A bit per non-empty pit; then the k-th bit (no branch per pit).
        let mut full = 0u64;
        for (i, &c) in self.counts[first..first + board.pits() as usize]
            .iter()
            .enumerate()
        {
            full |= ((c != 0) as u64) << i;
        }
        if full == 0 {
            return None;
        }
        for _ in 0..pick(full.count_ones() as usize) {
            full &= full - 1;
        }
        let pit = (first + full.trailing_zeros() as usize) as Site;
        Some(Move::sow(rule, pit))
    }
}

/// Where a sown stone goes: what [`State::sow_lap`] reads besides the counts and the hash.
struct Sown<'a> {
    marks: &'a [u8],
    board: &'a crate::model::Board,
    zobrist: &'a crate::model::Zobrist,
    /// `marked pits feed owner store`.
    to_marker: bool,
}

impl Sown<'_> {
    /// Drops a stone at `site`: into it, or into the store of the player who marked it.
    #[inline(always)]
    fn stone(&self, counts: &mut [u16], hash: &mut u64, site: Site) {
        let into = match self.to_marker {
            true if self.marks[site as usize] != 0 => {
                self.board.store(self.marks[site as usize] - 1)
            }
            _ => site,
        };
        *hash ^= self.zobrist.count_step(into, counts[into as usize]);
        counts[into as usize] += 1;
    }
}
