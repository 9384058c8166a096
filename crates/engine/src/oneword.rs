//! Moves on one site (a placement, a removal), steps and leaps on a board of at most 64
//! sites, whose sets of sites are one word: what [`State::site_targets`] and
//! [`State::keep_next_to`] find, and the landings of steps and leaps found by shifts
//! ([`rulebook_model::WordShift`]), as a `u64` on the stack, for picking such a move at
//! random without listing the moves.

use super::movegen::nth_site;
use super::{Move, State};
use rulebook_model::{
    Landing, Neighbour, NextTo, Site, WordShift, MAX_COUNTED_STEP_RULES, MAX_WORD_SHIFTS, NO_SITE,
};

/// The steps of one rule along one direction, or its leaps by one offset, on a board of one
/// word ([`State::word_steps`]): the sites they land on, and the rotation of the word from
/// a site left to its landing ([`rulebook_model::WordShift::rotate`]).
type ShiftSteps = (u64, u32);

impl State {
    /// The sites of move rule `index`'s moves (a placement or a removal) on a board of one
    /// word, as [`State::site_targets`] and then [`State::keep_next_to`] find them: `true`
    /// with a removal's sites.
    #[inline]
    pub(super) fn word_targets(&self, index: u8) -> (bool, u64) {
        self.word_targets_among(index, self.word_pieces())
    }

    /// The mover's pieces and all pieces on a board of one word, as two sets of sites.
    #[inline]
    fn word_pieces(&self) -> (u64, u64) {
        let own = self.position.occupied_by(self.position.to_move)[0];
        (own, self.word_occupied())
    }

    /// [`State::word_targets`] where the mover's pieces and all pieces are `pieces`
    /// ([`State::word_pieces`]): from the rule's sites as bit sets find them
    /// ([`rulebook_model::WalkForms::word_sites`]), else site by site.
    #[inline]
    fn word_targets_among(&self, index: u8, (own, occupied): (u64, u64)) -> (bool, u64) {
        let Some((removing, region)) = self.site_rule(index) else {
            return (false, 0);
        };
        let game = &*self.game;
        let board = u64::MAX >> (64 - self.position.cells.len());
        let targets = if removing { own } else { !occupied & board };
        let holding = |what| match what {
            Neighbour::Empty => !occupied & board,
            Neighbour::Enemy => occupied & !own,
            Neighbour::Friend => own,
            Neighbour::Piece => occupied,
            Neighbour::Last => match self.position.pits.last {
                NO_SITE => 0,
                last => 1 << last.index(),
            },
        };
        if let Some(rule) = &game.tables.walks[index as usize].word_sites {
            let mut sites = rule.allowed & targets;
            if let Some((what, steps)) = &rule.next_to {
                let holding = holding(*what);
                let near =
                    |near, step: &WordShift| near | holding.rotate_right(step.rotate) & step.from;
                sites &= steps.iter().fold(0, near);
            }
            return (removing, sites);
        }
        let (regions, filter) = (&game.tables.regions, &game.moves[index as usize].filter);
        let mut sites = targets;
        if let Some(r) = region {
            sites &= regions[r as usize][0];
        }
        if let Some(r) = filter.not_landing {
            sites &= !regions[r as usize][0];
        }
        if let Some(n) = filter.next_to {
            sites = self.word_next_to(n, sites);
        }
        (removing, sites)
    }

    /// The sites of a board of one word that hold a piece.
    #[inline]
    fn word_occupied(&self) -> u64 {
        let players = self.game.about.players.len();
        self.position.occupancy[..players]
            .iter()
            .fold(0, |a, &b| a | b)
    }

    /// Keeps of `sites` (on a board of one word whose `next to` directions are not each one
    /// shift, [`rulebook_model::WalkForms::word_sites`]) those with a neighbour along one of
    /// `n`'s directions that holds what it names, as [`State::keep_next_to`] does.
    #[cold]
    fn word_next_to(&self, n: NextTo, sites: u64) -> u64 {
        let mut kept = sites;
        let mut bits = sites;
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits &= bits - 1;
            if !self.has_neighbour(Site::at(bit.trailing_zeros() as usize), n) {
                kept &= !bit;
            }
        }
        kept
    }

    /// The moves of each move rule in force on a board of one word, where every rule acts
    /// on one site, as [`State::each_site_rule`] gives them: `visit(rule, removing, sites)`
    /// until it returns `true`.
    #[inline]
    pub(super) fn each_word_rule(&self, mut visit: impl FnMut(u8, bool, u64) -> bool) {
        let mut taken = 0u64;
        let pieces = self.word_pieces();
        for (index, rule) in self.game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let (removing, sites) = self.word_targets_among(index as u8, pieces);
            let sites = sites & !taken;
            taken |= sites;
            if visit(index as u8, removing, sites) {
                return;
            }
        }
    }

    /// [`State::pick_site_move`] on a board of one word: the move `pick(count)` of the
    /// moves of the rules in force, all acting on one site. The first and the last rule
    /// with any are kept from counting; a pick among a third rule's goes through the rules
    /// again.
    pub(super) fn pick_word_site_move(&self, pick: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let (mut total, mut first, mut last) = (0, None, None);
        self.each_word_rule(|rule, removing, sites| {
            let n = sites.count_ones() as usize;
            if n > 0 {
                let kept = Some((rule, removing, sites, total, n));
                match first {
                    None => first = kept,
                    Some(_) => last = kept,
                }
            }
            total += n;
            false
        });
        let first = first?;
        let k = pick(total);
        let (rule, removing, sites, start, _) = match last {
            Some(last) if k >= last.3 => last,
            _ if k < first.3 + first.4 => first,
            _ => {
                let (mut k, mut found) = (k, None);
                self.each_word_rule(|rule, removing, sites| {
                    let n = sites.count_ones() as usize;
                    if k < n {
                        found = Some(word_move(rule, removing, sites, k));
                    }
                    k = k.wrapping_sub(n);
                    found.is_some()
                });
                return found;
            }
        };
        Some(word_move(rule, removing, sites, k - start))
    }

    /// The landings of the steps and leaps of move rule `index`
    /// ([`rulebook_model::Counted::Steps`]) on a board of one word, per direction or offset
    /// of the rule in its order ([`rulebook_model::WalkForms::word_shifts`]), in `steps`:
    /// how many.
    #[inline]
    fn word_steps(&self, index: usize, steps: &mut [ShiftSteps; MAX_WORD_SHIFTS]) -> usize {
        let game = &*self.game;
        let rule = &game.moves[index];
        let shifts = &game.tables.walks[index].word_shifts;
        let own = self.position.occupied_by(self.position.to_move)[0];
        let occupied = self.word_occupied();
        let region = |r: Option<u16>| r.map_or(0, |r| game.tables.regions[r as usize][0]);
        let open = match rule.filter.landing {
            Landing::Empty => !occupied,
            Landing::Enemy => occupied & !own,
            Landing::EmptyOrEnemy => !own,
            Landing::EmptyOrPiece => u64::MAX,
        } & !(region(rule.filter.not_landing) | region(rule.filter.avoiding));
        for (slot, shift) in steps.iter_mut().zip(shifts) {
            *slot = (shift.landings(own) & open, shift.rotate);
        }
        shifts.len().min(steps.len())
    }

    /// Whether the mover has a step or a leap ([`rulebook_model::Counted::Steps`]) on a
    /// board of one word. Out of line, as [`State::pick_word_step`].
    #[inline(never)]
    pub(super) fn has_word_step(&self) -> bool {
        self.word_step_counts(|_, count| count > 0) > 0
    }

    /// The steps of the move rules in force ([`rulebook_model::Counted::Steps`]),
    /// counted rule by rule on a board of one word: `stop(rule, count)` is given each
    /// rule's count until it returns `true`. Returns the count so far.
    fn word_step_counts(&self, mut stop: impl FnMut(u8, usize) -> bool) -> usize {
        let mut total = 0;
        let mut steps = [(0, 0); MAX_WORD_SHIFTS];
        for (index, rule) in self.game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let n = self.word_steps(index, &mut steps);
            let count: usize = steps[..n].iter().map(|s| s.0.count_ones() as usize).sum();
            total += count;
            if stop(index as u8, count) {
                break;
            }
        }
        total
    }

    /// The move `pick(count)` of the steps of the move rules in force
    /// ([`rulebook_model::Counted::Steps`]) on a board of one word, without listing
    /// them: rule by rule as [`State::legal_moves`] lists them. Out of line, so that the
    /// picks of other games are compiled as they were (inlined, Hex's playouts took 1.5%
    /// more instructions).
    #[inline(never)]
    pub(super) fn pick_word_step(&self, pick: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let mut counts = [(0u8, 0usize); MAX_COUNTED_STEP_RULES];
        let mut rules = 0;
        let total = self.word_step_counts(|rule, count| {
            counts[rules] = (rule, count);
            rules += 1;
            false
        });
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        for &(rule, count) in &counts[..rules] {
            if k < count {
                let mut steps = [(0, 0); MAX_WORD_SHIFTS];
                let n = self.word_steps(rule as usize, &mut steps);
                return Some(nth_step(rule, &steps[..n], k));
            }
            k -= count;
        }
        None
    }

    /// The move `pick(count)` of the moves of move rule `rule`, the one rule in force, a
    /// placement or a removal, on a board of one word.
    pub(super) fn pick_word_move(
        &self,
        rule: u8,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let (removing, sites) = self.word_targets(rule);
        let count = sites.count_ones() as usize;
        (count > 0).then(|| word_move(rule, removing, sites, pick(count)))
    }
}

/// The step or leap of index `k` of rule `rule`, whose landings per direction or offset are
/// `steps` ([`State::word_steps`]), in the order [`State::legal_moves`] lists them: by the
/// site left, then by the site landed on.
fn nth_step(rule: u8, steps: &[ShiftSteps], mut k: usize) -> Move {
    let mut sources = [0u64; MAX_WORD_SHIFTS];
    for (source, &(to, rotate)) in sources.iter_mut().zip(steps) {
        *source = to.rotate_right(rotate);
    }
    let mut left = sources.iter().fold(0, |all, &s| all | s);
    while left != 0 {
        let from = left.trailing_zeros();
        left &= left - 1;
        let mut landings = 0u64;
        for (source, &(_, rotate)) in sources.iter().zip(steps) {
            if source >> from & 1 == 1 {
                landings |= 1 << ((from + rotate) & 63);
            }
        }
        let n = landings.count_ones() as usize;
        if k < n {
            // The k-th landing (of at most 8): not `nth_site`, whose other callers would see
            // it compiled out of line.
            for _ in 0..k {
                landings &= landings - 1;
            }
            let to = Site::at(landings.trailing_zeros() as usize);
            return Move::step(rule, Site::at(from as usize), to);
        }
        k -= n;
    }
    unreachable!("a step of index {k} beyond the steps counted")
}

/// The move of rule `rule` on the site of the `k`-th set bit (from 0) of `sites`: a
/// removal (`removing`) or a placement.
#[inline]
fn word_move(rule: u8, removing: bool, sites: u64, k: usize) -> Move {
    let site = nth_site(&[sites], k);
    match removing {
        true => Move::remove(rule, site),
        false => Move::place(rule, site),
    }
}
