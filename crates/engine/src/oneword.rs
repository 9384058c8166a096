//! Moves on one site (a placement, a removal) on a board of at most 64 sites, whose sets
//! of sites are one word: what [`State::site_targets`] and [`State::keep_next_to`] find, as
//! a `u64` on the stack, for picking such a move at random without listing the moves.

use super::movegen::nth_site;
use super::{Move, State};
use rulebook_model::{Neighbour, NextTo, Site};

impl State {
    /// The sites of move rule `index`'s moves (a placement or a removal) on a board of one
    /// word, as [`State::site_targets`] and then [`State::keep_next_to`] find them: `true`
    /// with a removal's sites.
    #[inline]
    pub(super) fn word_targets(&self, index: u8) -> (bool, u64) {
        let Some((removing, region)) = self.site_rule(index) else {
            return (false, 0);
        };
        let game = &*self.game;
        let (regions, filter) = (&game.tables.regions, &game.moves[index as usize].filter);
        let mut sites = match removing {
            true => self.position.occupied_by(self.position.to_move)[0],
            false => self.word_empty(),
        };
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

    /// The empty sites of a board of one word.
    #[inline]
    fn word_empty(&self) -> u64 {
        let board = u64::MAX >> (64 - self.position.cells.len());
        !self.word_occupied() & board
    }

    /// Keeps of `sites` (on a board of one word) those with a neighbour along one of `n`'s
    /// directions that holds what it names, as [`State::keep_next_to`] does.
    fn word_next_to(&self, n: NextTo, sites: u64) -> u64 {
        let Some(shifts) = self.game.board.axis_shifts() else {
            let mut kept = sites;
            let mut bits = sites;
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                if !self.has_neighbour(Site::at(bit.trailing_zeros() as usize), n) {
                    kept &= !bit;
                }
            }
            return kept;
        };
        let own = self.position.occupied_by(self.position.to_move)[0];
        let holding = match n.what {
            Neighbour::Empty => self.word_empty(),
            Neighbour::Enemy => self.word_occupied() & !own,
            Neighbour::Friend => own,
            Neighbour::Piece => self.word_occupied(),
        };
        let mut near = 0;
        let mut dirs = n.directions;
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let Some((axis, up)) = shifts.toward(dir) else {
                continue;
            };
            let (shift, linked) = (shifts.shift[axis], shifts.linked[0][axis]);
            near |= match up {
                true => linked & holding >> shift,
                false => (holding & linked) << shift,
            };
        }
        sites & near
    }

    /// The moves of each move rule in force on a board of one word, where every rule acts
    /// on one site, as [`State::each_site_rule`] gives them: `visit(rule, removing, sites)`
    /// until it returns `true`.
    #[inline]
    pub(super) fn each_word_rule(&self, mut visit: impl FnMut(u8, bool, u64) -> bool) {
        let mut taken = 0u64;
        for (index, rule) in self.game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let (removing, sites) = self.word_targets(index as u8);
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
