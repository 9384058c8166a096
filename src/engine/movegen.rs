//! Move generation: the pseudo-legal moves of every move rule, in the fixed order of
//! [`State::legal_moves`] (rule, then the site moved from, then the site moved to).

use super::{Move, MoveList, State};
use crate::model::board::MAX_GRID_SIDE;
use crate::model::{Board, MoveKind, Site, EMPTY, NO_SITE, UNLIMITED};

/// The most sites of a board with rays (a grid of 26 x 26).
const MAX_GRID_SITES: usize = (MAX_GRID_SIDE * MAX_GRID_SIDE) as usize;

/// Words of a [`SiteSet`]: enough for [`MAX_GRID_SITES`] (11), rounded up to a power of two
/// so that masking a word's index keeps it in bounds.
const SITE_SET_WORDS: usize = MAX_GRID_SITES.div_ceil(64).next_power_of_two();

/// A set of a grid's sites: bit `site % 64` of word `site / 64`.
type SiteSet = [u64; SITE_SET_WORDS];

impl State {
    /// Appends the moves allowed by the move rules, before the ban on repetition.
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        let game = &*self.game;
        let board = &game.board;
        let mover = self.to_move;
        let own = &self.occupancy[mover as usize * self.words..(mover as usize + 1) * self.words];
        let occupied = if board.has_ray_masks() {
            self.occupancy.iter().fold(0u64, |a, &b| a | b)
        } else {
            0
        };
        let start = out.len();
        let mut pass = None;
        let mut targets = [0u64; SITE_SET_WORDS];
        for (index, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let index = index as u8;
            if let (
                MoveKind::Slide {
                    rising,
                    falling,
                    max_length: UNLIMITED,
                    ..
                },
                true,
            ) = (&rule.kind, board.has_ray_masks())
            {
                slides_by_mask(board, occupied, own[0], index, rising, falling, out);
                continue;
            }
            if let MoveKind::Sow { .. } = rule.kind {
                self.sowing_moves(index, out);
                continue;
            }
            if let MoveKind::Place { .. } | MoveKind::Swap = rule.kind {
                self.tile_moves(index, &rule.kind, out);
                continue;
            }
            if matches!(rule.kind, MoveKind::Pass) {
                pass = pass.or(Some(index));
                continue;
            }
            for (w, &word) in own.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let from = (w * 64 + bits.trailing_zeros() as usize) as Site;
                    bits &= bits - 1;
                    match &rule.kind {
                        MoveKind::Slide {
                            directions,
                            max_length,
                            ..
                        } => self.slides_by_ray(
                            index,
                            from,
                            directions,
                            *max_length,
                            &mut targets,
                            out,
                        ),
                        MoveKind::Jump { directions, .. } => {
                            self.jumps(index, from, directions, out)
                        }
                        MoveKind::Sow { .. }
                        | MoveKind::Place { .. }
                        | MoveKind::Pass
                        | MoveKind::Swap => unreachable!("handled above"),
                    }
                }
            }
        }
        if let (Some(rule), true) = (pass, out.len() == start) {
            out.push(Move::step(rule, NO_SITE, NO_SITE));
        }
    }

    /// The sites that a slide from `from` towards `dir` may end on: the empty sites of the
    /// ray before the first occupied one, at most `max_length` of them, nearest first.
    #[inline]
    fn reach<'b>(&self, board: &'b Board, from: Site, dir: u8, max_length: u16) -> &'b [Site] {
        let ray = board.ray(from, dir);
        let ray = &ray[..ray.len().min(max_length as usize)];
        let open = ray
            .iter()
            .position(|&to| self.cells[to as usize] != EMPTY)
            .unwrap_or(ray.len());
        &ray[..open]
    }

    /// The number of slides from `from` (of at most `max_length` sites).
    #[inline]
    fn slide_count(&self, board: &Board, from: Site, directions: &[u8], max_length: u16) -> usize {
        directions
            .iter()
            .map(|&dir| self.reach(board, from, dir, max_length).len())
            .sum()
    }

    /// Marks the sites that slides from `from` end on in `targets` (a set of sites, bit
    /// `site % 64` of word `site / 64`); returns how many.
    #[inline]
    fn mark_slide_targets(
        &self,
        board: &Board,
        from: Site,
        directions: &[u8],
        max_length: u16,
        targets: &mut SiteSet,
    ) -> usize {
        let mut n = 0;
        for &dir in directions {
            let reach = self.reach(board, from, dir, max_length);
            for &to in reach {
                // `& (SITE_SET_WORDS - 1)` keeps the index in bounds (so the compiler checks
                // nothing) without changing any index of a grid's site.
                targets[(to as usize >> 6) & (SITE_SET_WORDS - 1)] |= 1 << (to & 63);
            }
            n += reach.len();
        }
        n
    }

    /// Slides of at most `max_length` sites on a board of any size, in site order without a
    /// sort: the targets are marked in `targets` (which must be empty), then read back word
    /// by word, which leaves it empty again.
    #[inline]
    fn slides_by_ray(
        &self,
        rule: u8,
        from: Site,
        directions: &[u8],
        max_length: u16,
        targets: &mut SiteSet,
        out: &mut MoveList,
    ) {
        let board = &self.game.board;
        let n = self.mark_slide_targets(board, from, directions, max_length, targets);
        if n == 0 {
            return;
        }
        out.reserve(n);
        let mut len = out.len();
        for (w, word) in targets.iter_mut().take(self.words).enumerate() {
            while *word != 0 {
                let to = (w * 64 + word.trailing_zeros() as usize) as Site;
                *word &= *word - 1;
                out.write(len, Move::step(rule, from, to));
                len += 1;
            }
        }
        out.set_len(len);
    }

    /// The slide at index `pick(n)` of the `n` slides of the mover's pieces under `rule` on a
    /// board of any size, without listing them: each piece's slides are counted, and only
    /// the chosen piece's targets are marked, to find the chosen one among them.
    fn pick_slide(
        &self,
        rule: u8,
        directions: &[u8],
        max_length: u16,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let board = &self.game.board;
        let own = &self.occupancy[self.to_move as usize * self.words..][..self.words];
        // A piece has at most 25 slides along each of four lines on a grid of at most 26 x
        // 26 sites: its count fits in a byte. Counts are kept in the order of the pieces.
        let mut counts = [0u8; MAX_GRID_SITES];
        let mut pieces = 0;
        let mut total = 0;
        for (w, &word) in own.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = (w * 64 + bits.trailing_zeros() as usize) as Site;
                bits &= bits - 1;
                let count = self.slide_count(board, from, directions, max_length);
                counts[pieces] = count as u8;
                pieces += 1;
                total += count;
            }
        }
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        let mut piece = 0;
        while k >= counts[piece] as usize {
            k -= counts[piece] as usize;
            piece += 1;
        }
        let from = nth_site(own, piece);
        let mut targets = [0u64; SITE_SET_WORDS];
        self.mark_slide_targets(board, from, directions, max_length, &mut targets);
        Some(Move::step(rule, from, nth_site(&targets, k)))
    }

    /// Jumps over an adjacent enemy piece onto the empty site beyond.
    fn jumps(&self, rule: u8, from: Site, directions: &[u8], out: &mut MoveList) {
        let game = &*self.game;
        let board = &game.board;
        let start = out.len();
        for &dir in directions {
            let over = board.step(from, dir);
            if over == NO_SITE {
                continue;
            }
            let jumped = self.cells[over as usize];
            if jumped == EMPTY || game.owner[jumped as usize] == self.to_move {
                continue;
            }
            let to = board.step(over, dir);
            if to != NO_SITE && self.cells[to as usize] == EMPTY {
                out.push(Move {
                    rule,
                    from,
                    to,
                    over,
                });
            }
        }
        out.sort_tail_by_destination(start);
    }
}

/// The mover's pieces and their slide targets on a board of at most 64 sites, as
/// `(from, targets)` in site order, leaving out pieces with no target; returns how many.
///
/// Each ray is a bit mask and its nearest blocker is found with bit arithmetic, so no
/// branch depends on where a ray is blocked.
#[inline]
fn slide_targets(
    board: &Board,
    occupied: u64,
    own: u64,
    rising: &[u8],
    falling: &[u8],
    pending: &mut [(Site, u64); 64],
) -> usize {
    let mut n = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as Site;
        pieces &= pieces - 1;
        let mut targets = 0u64;
        let rays = board.ray_masks(from);
        for &dir in rising {
            // Ray sites below the lowest blocker (all of the ray when there is none).
            let ray = rays[(dir & 7) as usize];
            let blockers = ray & occupied;
            let lowest = blockers & blockers.wrapping_neg();
            targets |= ray & lowest.wrapping_sub(1);
        }
        for &dir in falling {
            // Ray sites above the highest blocker (all of the ray when there is none).
            let ray = rays[(dir & 7) as usize];
            let blockers = ray & occupied;
            let at_or_below = (u64::MAX >> (blockers | 1).leading_zeros())
                & ((blockers != 0) as u64).wrapping_neg();
            targets |= ray & !at_or_below;
        }
        // At most 64 pieces on at most 64 sites: `& 63` keeps every index in bounds (so
        // the compiler checks nothing) without changing any index actually used.
        pending[n & 63] = (from, targets);
        n += (targets != 0) as usize;
    }
    n
}

/// Slides on a board of at most 64 sites, for all of the mover's pieces at once: the
/// targets of [`slide_targets`], then every move emitted in one loop that moves on to the
/// next piece by selection instead of a branch. Moves come out by origin, then destination.
fn slides_by_mask(
    board: &Board,
    occupied: u64,
    own: u64,
    rule: u8,
    rising: &[u8],
    falling: &[u8],
    out: &mut MoveList,
) {
    let mut pending = [(0 as Site, 0u64); 64];
    let n = slide_targets(board, occupied, own, rising, falling, &mut pending);
    if n == 0 {
        return;
    }
    out.reserve(n * board.max_rays_length());
    let mut len = out.len();
    let (mut from, mut targets) = pending[0];
    let mut i = 0;
    loop {
        let to = targets.trailing_zeros() as Site;
        out.write(len, Move::step(rule, from, to));
        len += 1;
        targets &= targets - 1;
        let done = (targets == 0) as usize;
        i += done;
        if i == n {
            break;
        }
        let (next_from, next_targets) = pending[i & 63];
        let more = targets != 0;
        targets = std::hint::select_unpredictable(more, targets, next_targets);
        from = std::hint::select_unpredictable(more, from, next_from);
    }
    out.set_len(len);
}

/// The site of the `k`-th set bit (from 0) of a set of sites, which must have more than `k`.
fn nth_site(set: &[u64], mut k: usize) -> Site {
    for (w, &word) in set.iter().enumerate() {
        let ones = word.count_ones() as usize;
        if k < ones {
            let mut bits = word;
            for _ in 0..k {
                bits &= bits - 1;
            }
            return (w * 64 + bits.trailing_zeros() as usize) as Site;
        }
        k -= ones;
    }
    unreachable!("the set has more than k sites")
}

/// The number of set bits of all the masks together. Without a population-count
/// instruction, adding per-byte counts across words and summing the bytes once is about
/// half the work of counting each word.
#[inline]
fn total_bits(pending: &[(Site, u64)]) -> usize {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const M8: u64 = 0x00ff_00ff_00ff_00ff;
    let mut total = 0;
    // Each byte holds at most 8 per word; 31 words keep every byte below 256.
    for chunk in pending.chunks(31) {
        let mut bytes = 0u64;
        for &(_, x) in chunk {
            let x = x - ((x >> 1) & M1);
            let x = (x & M2) + ((x >> 2) & M2);
            bytes += (x + (x >> 4)) & M4;
        }
        let halves = (bytes & M8) + ((bytes >> 8) & M8);
        total += (halves.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize;
    }
    total
}

impl State {
    /// The move `pick(count)` of the legal moves without listing them, when the only move
    /// rule in force is a sowing or a slide, or the game is one of tiles (and nothing
    /// filters moves): `Some(answer)`; otherwise `None`, and the caller lists the moves.
    pub(super) fn pick_without_listing(
        &self,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Option<Move>> {
        let game = &*self.game;
        let board = &game.board;
        if game.forbid_repetition || game.moves_may_coincide || self.ended.is_some() {
            return None;
        }
        let mut active = game
            .moves
            .iter()
            .enumerate()
            .filter(|(_, r)| self.holds(&r.condition));
        let (rule, kind) = match (active.next(), active.next()) {
            (Some((i, r)), None) => (i as u8, &r.kind),
            (None, _) => return Some(None),
            _ if game.tiles.is_some() => return Some(self.pick_tile_move(pick)),
            _ => return None,
        };
        if let MoveKind::Sow { .. } = kind {
            return Some(self.pick_sowing(rule, pick));
        }
        if game.tiles.is_some() {
            return Some(self.pick_tile_move(pick));
        }
        let MoveKind::Slide {
            directions,
            rising,
            falling,
            max_length,
        } = kind
        else {
            return None;
        };
        if *max_length != UNLIMITED || !board.has_ray_masks() {
            return Some(self.pick_slide(rule, directions, *max_length, pick));
        }
        let occupied = self.occupancy.iter().fold(0u64, |a, &b| a | b);
        let own = self.occupancy[self.to_move as usize];
        let mut pending = [(0 as Site, 0u64); 64];
        let n = slide_targets(board, occupied, own, rising, falling, &mut pending);
        let total = total_bits(&pending[..n]);
        if total == 0 {
            return Some(None);
        }
        let mut k = pick(total);
        for &(from, targets) in &pending[..n] {
            let count = targets.count_ones() as usize;
            if k < count {
                let mut t = targets;
                for _ in 0..k {
                    t &= t - 1;
                }
                return Some(Some(Move::step(rule, from, t.trailing_zeros() as Site)));
            }
            k -= count;
        }
        unreachable!("pick returns an index below the count")
    }
}
