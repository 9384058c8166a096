//! Move generation: the pseudo-legal moves of every move rule, in the fixed order of
//! [`State::legal_moves`] (rule, then the site moved from, then the site moved to).

use super::{Move, MoveList, State};
use crate::model::{Board, MoveKind, Site, EMPTY, NO_SITE};

impl State {
    /// Appends the moves allowed by the move rules, before the ban on repetition.
    pub(super) fn pseudo_legal_moves(&self, out: &mut MoveList) {
        let game = &*self.game;
        let board = &game.board;
        let mover = self.to_move;
        let own = &self.occupancy[mover as usize * self.words..(mover as usize + 1) * self.words];
        let occupied = if board.has_ray_masks() {
            self.occupancy.iter().fold(0u64, |a, &b| a | b)
        } else {
            0
        };
        for (index, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let index = index as u8;
            if let (
                MoveKind::Slide {
                    rising, falling, ..
                },
                true,
            ) = (&rule.kind, board.has_ray_masks())
            {
                slides_by_mask(board, occupied, own[0], index, rising, falling, out);
                continue;
            }
            for (w, &word) in own.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let from = (w * 64 + bits.trailing_zeros() as usize) as Site;
                    bits &= bits - 1;
                    match &rule.kind {
                        MoveKind::Slide { directions, .. } => {
                            self.slides_by_ray(board, index, from, directions, out)
                        }
                        MoveKind::Jump { directions, .. } => {
                            self.jumps(index, from, directions, out)
                        }
                    }
                }
            }
        }
    }

    /// Slides on any board: every site of every ray is written, and the count advances only
    /// while the ray is open (no branch on where a ray is blocked); then the piece's moves
    /// are put in site order.
    #[inline]
    fn slides_by_ray(
        &self,
        board: &Board,
        rule: u8,
        from: Site,
        directions: &[u8],
        out: &mut MoveList,
    ) {
        out.reserve(board.rays_length(from));
        let start = out.len();
        let mut len = start;
        for &dir in directions {
            let mut open = 1usize;
            for &to in board.ray(from, dir) {
                open &= (self.cells[to as usize] == EMPTY) as usize;
                out.write(
                    len,
                    Move {
                        rule,
                        from,
                        to,
                        over: NO_SITE,
                    },
                );
                len += open;
            }
        }
        out.set_len(len);
        if directions.len() > 1 {
            out.sort_tail_by_destination(start);
        }
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

/// Slides on a board of at most 64 sites, for all of the mover's pieces at once.
///
/// Each ray is a bit mask and its nearest blocker is found with bit arithmetic, so no
/// branch depends on where a ray is blocked. A first pass computes each piece's targets
/// (keeping only pieces that have some); a second pass emits every move in one loop that
/// moves on to the next piece by arithmetic selection instead of a branch. Moves come out
/// by origin, then destination.
fn slides_by_mask(
    board: &Board,
    occupied: u64,
    own: u64,
    rule: u8,
    rising: &[u8],
    falling: &[u8],
    out: &mut MoveList,
) {
    let mut pending = [(0 as Site, 0u64); 65];
    let mut n = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as Site;
        pieces &= pieces - 1;
        let mut targets = 0u64;
        for &dir in rising {
            // Ray sites below the lowest blocker (all of the ray when there is none).
            let ray = board.ray_mask(from, dir);
            let blockers = ray & occupied;
            let lowest = blockers & blockers.wrapping_neg();
            targets |= ray & lowest.wrapping_sub(1);
        }
        for &dir in falling {
            // Ray sites above the highest blocker (all of the ray when there is none).
            let ray = board.ray_mask(from, dir);
            let blockers = ray & occupied;
            let at_or_below = (u64::MAX >> (blockers | 1).leading_zeros())
                & ((blockers != 0) as u64).wrapping_neg();
            targets |= ray & !at_or_below;
        }
        pending[n] = (from, targets);
        n += (targets != 0) as usize;
    }
    if n == 0 {
        return;
    }
    out.reserve(n * board.max_rays_length());
    let mut len = out.len();
    let (mut from, mut targets) = pending[0];
    let mut i = 0;
    loop {
        let to = targets.trailing_zeros() as Site;
        out.write(
            len,
            Move {
                rule,
                from,
                to,
                over: NO_SITE,
            },
        );
        len += 1;
        targets &= targets - 1;
        let done = (targets == 0) as usize;
        i += done;
        if i == n {
            break;
        }
        let (next_from, next_targets) = pending[i];
        let more = targets != 0;
        targets = std::hint::select_unpredictable(more, targets, next_targets);
        from = std::hint::select_unpredictable(more, from, next_from);
    }
    out.set_len(len);
}
