//! A reusable list of moves that the generator fills by index, without growing a vector
//! move by move.

use std::ops::Deref;

use super::{Move, State};
use rulebook_model::Game;

/// The longest list [`MoveList::dedup_by_sites`] compares pair by pair (the sort costs
/// more below it: measured with callgrind on the bundled games).
const SHORT_LIST: usize = 24;

/// A list of moves. Its buffer only grows (to the largest list seen), so refilling it
/// allocates nothing; it reads as a slice of moves. It also keeps the work space that the
/// ban on repetition needs in games whose moves must be played to be checked.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    buffer: Vec<Move>,
    len: usize,
    /// A copy of the position to play such moves on (see `repetition.rs`).
    pub(super) copy: Option<Box<State>>,
    /// A list for the moves of that copy.
    pub(super) spare: Option<Box<MoveList>>,
    /// The list only looks for moves other than passing (it never gets a pass).
    pub(super) probing: bool,
    /// The list takes the moves of every rule, as if none were compulsory
    /// ([`State::moves_before_compulsion`]).
    pub(super) uncompelled: bool,
    /// The list keeps the moves that `with liberties` would drop: a random pick judges
    /// the move it draws ([`rulebook_model::Facts::picks_judge_liberties`]).
    pub(super) liberties_unjudged: bool,
    /// Work space of [`MoveList::dedup_by_sites`]: each move's origin and destination
    /// with its place in the list, sorted; and which moves it drops.
    by_sites: Vec<u64>,
    dropped: Vec<bool>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// Empties the list (keeping its buffer).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Makes room for `more` moves after the current ones.
    #[inline]
    pub(super) fn reserve(&mut self, more: usize) {
        let needed = self.len + more;
        if needed > self.buffer.len() {
            self.buffer
                .resize(needed.next_power_of_two(), Move::default());
        }
    }

    /// Writes a move at position `at` (which [`MoveList::reserve`] made room for) without
    /// changing the length.
    #[inline]
    pub(super) fn write(&mut self, at: usize, m: Move) {
        self.buffer[at] = m;
    }

    /// Sets the length after writing moves with [`MoveList::write`].
    #[inline]
    pub(super) fn set_len(&mut self, len: usize) {
        debug_assert!(len <= self.buffer.len());
        self.len = len;
    }

    /// Sets the path of the moves from position `start` on (the die of moves `by die`).
    #[inline]
    pub(super) fn set_paths_from(&mut self, start: usize, path: u64) {
        for m in &mut self.buffer[start..self.len] {
            m.path = path;
        }
    }

    /// Sorts the moves from position `start` on by the site they go to.
    #[inline]
    pub(super) fn sort_tail_by_destination(&mut self, start: usize) {
        self.buffer[start..self.len].sort_unstable_by_key(|m| m.to);
    }

    /// Sorts the moves from position `start` on by the site they go to, then by their jumps.
    #[inline]
    pub(super) fn sort_tail_by_destination_and_path(&mut self, start: usize) {
        self.buffer[start..self.len].sort_unstable_by_key(|m| (m.to, m.legs, m.path));
    }

    /// Sorts the moves from position `start` on by the site they go to, then by what they
    /// jump, and keeps one of each (the routes of a chain recorded by its pieces that make
    /// the same move).
    pub(super) fn sort_and_dedup_tail(&mut self, start: usize) {
        let tail = &mut self.buffer[start..self.len];
        tail.sort_unstable_by_key(|m| (m.to, m.legs, m.path, m.over));
        let mut kept = start;
        for i in start..self.len {
            let m = self.buffer[i];
            if kept == start || self.buffer[kept - 1] != m {
                self.buffer[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Keeps only the first of the moves that share an origin, a destination and jumps (a
    /// single jump and a chain of that one jump are the same move).
    ///
    /// Moves that could be one share their origin and destination, so the moves are sorted
    /// by those (and their place in the list) and only the moves of a run with the same
    /// two sites are compared, each with the earlier ones of its run that are kept: the
    /// moves kept are those the list's order keeps, without comparing every pair. A short
    /// list is cheaper to compare pair by pair. The moves of one rule never repeat one
    /// another and the list is in the order of the rules, so a list whose first and last
    /// moves are of one rule (the usual case, where one rule is in force) is kept whole.
    pub(super) fn dedup_by_sites(&mut self, game: &Game) {
        let n = self.len;
        if n < 2 || self.buffer[0].rule == self.buffer[n - 1].rule {
            return;
        }
        if n <= SHORT_LIST {
            let mut kept = 0;
            for i in 0..n {
                let m = self.buffer[i];
                if !self.buffer[..kept].iter().any(|k| k.same_sites(m, game)) {
                    self.buffer[kept] = m;
                    kept += 1;
                }
            }
            self.len = kept;
            return;
        }
        self.by_sites.clear();
        self.by_sites
            .extend(self.buffer[..n].iter().enumerate().map(|(i, m)| {
                let sites = (m.from.index() as u64) << 16 | m.to.index() as u64;
                sites << 32 | i as u64
            }));
        self.by_sites.sort_unstable();
        self.dropped.clear();
        self.dropped.resize(n, false);
        let mut run = 0;
        while run < n {
            let sites = self.by_sites[run] >> 32;
            let end = (run..n)
                .find(|&k| self.by_sites[k] >> 32 != sites)
                .unwrap_or(n);
            for j in run + 1..end {
                let m = self.buffer[(self.by_sites[j] & 0xffff_ffff) as usize];
                let same = (run..j)
                    .map(|k| (self.by_sites[k] & 0xffff_ffff) as usize)
                    .any(|k| !self.dropped[k] && self.buffer[k].same_sites(m, game));
                self.dropped[(self.by_sites[j] & 0xffff_ffff) as usize] = same;
            }
            run = end;
        }
        let mut kept = 0;
        for i in 0..n {
            if !self.dropped[i] {
                self.buffer[kept] = self.buffer[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Appends one move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.reserve(1);
        self.buffer[self.len] = m;
        self.len += 1;
    }

    /// Removes the move at position `at`, the last move taking its place.
    #[inline]
    pub(super) fn swap_remove(&mut self, at: usize) {
        self.len -= 1;
        self.buffer[at] = self.buffer[self.len];
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(Move) -> bool) {
        self.retain_from(0, keep);
    }

    /// Keeps the moves before position `start`, and after it only those for which `keep`
    /// is true, in order.
    pub(super) fn retain_from(&mut self, start: usize, mut keep: impl FnMut(Move) -> bool) {
        // The move is read again after `keep` rather than held across the call, and the
        // list is a slice of its length: no move's parts kept in registers through `keep`,
        // and no bounds check on reading it.
        let moves = &mut self.buffer[..self.len];
        let mut kept = start;
        for i in start..moves.len() {
            if keep(moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.buffer[..self.len]
    }
}
