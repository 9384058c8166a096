//! Stacks: several pieces of one player and kind on a site, in a game whose kinds stack
//! ([`rulebook_model::Start::stacking`]). A site's piece stays in the cells, as in every
//! game; the pieces beyond it are counted per site ([`super::Position`]'s `stacks`), with
//! a hash key per site and count, and their changes logged for undo as notes.

use super::State;
use rulebook_model::{Cell, Site, ANY_KIND, EMPTY};

/// The hash key of `extra` pieces beyond the first on `site` (0 for none), mixed from the
/// two numbers alone.
#[inline]
fn stack_key(site: Site, extra: u16) -> u64 {
    if extra == 0 {
        return 0;
    }
    let n = (site.index() as u64) << 16 | u64::from(extra);
    (n.wrapping_add(0x632B_E59B_D9B4_E019))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(23)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

impl State {
    /// How many pieces stand on `site`: 0 when it is empty, 1 for a piece, more for a
    /// stack.
    pub fn stack_height(&self, site: Site) -> u32 {
        match self.position.cells[site.index()] {
            EMPTY => 0,
            _ => 1 + u32::from(self.position.stacks.get(site.index()).map_or(0, |&n| n)),
        }
    }

    /// Whether pieces of `cell`'s kind stack (several on a site).
    #[inline]
    pub(super) fn stacks_of(&self, cell: Cell) -> bool {
        cell != EMPTY && self.game.start.stacking >> self.game.kind_of(cell) & 1 == 1
    }

    /// Makes the stacks of a position being built: none in a game without them; else
    /// `heights[site]` pieces on each site holding a piece (a height of 0 or 1, or none
    /// given, is one piece), with the piece counts and hash keys.
    pub(super) fn init_stacks(&mut self, heights: &[u16]) {
        if self.game.start.stacking == 0 {
            return;
        }
        let sites = self.game.board.sites();
        self.position.stacks = vec![0; sites];
        for site in Site::all(sites) {
            let extra = heights
                .get(site.index())
                .map_or(0, |&h| h.saturating_sub(1));
            let cell = self.position.cells[site.index()];
            if cell != EMPTY && extra > 0 {
                self.position.stacks[site.index()] = extra;
                let owner = self.game.tables.owner[cell.index()].index();
                self.position.piece_count[owner] += u32::from(extra);
                self.position.hash ^= stack_key(site, extra);
            }
        }
    }

    /// Adds `delta` (1 or -1) to the pieces beyond the first on `site`, with the piece
    /// count, the hash and the undo log.
    fn restack(&mut self, site: Site, delta: i32) {
        let old = self.position.stacks[site.index()];
        let new = (i32::from(old) + delta) as u16;
        self.position.stacks[site.index()] = new;
        self.position.hash ^= stack_key(site, old) ^ stack_key(site, new);
        let cell = self.position.cells[site.index()];
        let owner = self.game.tables.owner[cell.index()].index();
        let count = &mut self.position.piece_count[owner];
        *count = (i64::from(*count) + i64::from(delta)) as u32;
        if !self.forward {
            let note = if delta > 0 {
                Cell::STACKED_NOTE
            } else {
                Cell::UNSTACKED_NOTE
            };
            self.history.log.push((site, note));
        }
    }

    /// Takes one piece off `site` (the site empties when it was the last).
    #[inline]
    pub(super) fn lift(&mut self, site: Site) {
        match self.position.stacks.get(site.index()) {
            Some(&extra) if extra > 0 => self.restack(site, -1),
            _ => self.set(site, EMPTY),
        }
    }

    /// Puts a piece `cell` on `site`: on top of the same pieces when its kind stacks, else
    /// in place of what stands there.
    #[inline]
    pub(super) fn drop_on(&mut self, site: Site, cell: Cell) {
        match self.position.cells[site.index()] == cell && self.stacks_of(cell) {
            true => self.restack(site, 1),
            false => self.set(site, cell),
        }
    }

    /// Empties `site` of the pieces beyond its first (a stack taken whole); returns how
    /// many there were.
    pub(super) fn unstack(&mut self, site: Site) -> u16 {
        let extra = self.position.stacks.get(site.index()).map_or(0, |&n| n);
        for _ in 0..extra {
            self.restack(site, -1);
        }
        extra
    }

    /// Takes back a change of a stack logged as `note` on `site` (undo): the piece count
    /// as well (the hash is restored whole).
    pub(super) fn undo_stack(&mut self, site: Site, note: Cell) {
        let delta: i32 = if note == Cell::STACKED_NOTE { -1 } else { 1 };
        let extra = &mut self.position.stacks[site.index()];
        *extra = (i32::from(*extra) + delta) as u16;
        let cell = self.position.cells[site.index()];
        let owner = self.game.tables.owner[cell.index()].index();
        let count = &mut self.position.piece_count[owner];
        *count = (i64::from(*count) + i64::from(delta)) as u32;
    }

    /// Per site, the pieces standing on it (0 on an empty site), in a game with stacks;
    /// empty in other games.
    pub fn heights(&self) -> Vec<u16> {
        if self.position.stacks.is_empty() {
            return Vec::new();
        }
        (Site::all(self.game.board.sites()))
            .map(|s| self.stack_height(s) as u16)
            .collect()
    }

    /// [`Expr::PiecesIn`](rulebook_model::Expr::PiecesIn) in a game with stacks: every
    /// piece of the stacks on the sites of `own` in `mask`, of kind `kind` (or any).
    #[cold]
    pub(super) fn stacked_in(&self, own: &[u64], mask: &[u64], kind: u8) -> i64 {
        let mut n = 0;
        for (w, (o, m)) in own.iter().zip(mask).enumerate() {
            let mut bits = o & m;
            while bits != 0 {
                let site = Site::at(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let cell = self.position.cells[site.index()];
                if kind == ANY_KIND || self.game.kind_of(cell) == kind as usize {
                    n += i64::from(self.stack_height(site));
                }
            }
        }
        n
    }
}
