//! A player's straight lines of pieces (`line(P, R)`, `lines(P, N, R)`): each run of their
//! pieces on a region's sites along one of a grid's four axes, from end to end. Where the
//! links along every axis join sites a fixed number apart ([`Board::axis_shifts`]), the runs
//! are found with bit arithmetic on the occupancy, a word of 64 sites at a time; elsewhere
//! by walking the links from every piece.
//!
//! [`Board::axis_shifts`]: rulebook_model::Board::axis_shifts

use super::movegen::{set_sites, SiteSet, SITE_SET_WORDS};
use super::State;
use rulebook_model::board::{AxisShifts, AXES};
use rulebook_model::{Player, Site, NO_SITE};

/// A set of sites for each of the four axes ([`AXES`]) at once: per word of a set of sites
/// (bit `site % 64` of word `site / 64`), per axis.
type AxisSets = [[u64; 4]; SITE_SET_WORDS];

impl State {
    /// The length of `player`'s longest straight line of pieces on the region's sites (0
    /// without a piece there).
    pub(super) fn longest_line(&self, player: Player, region: u16) -> i64 {
        let Some(shifts) = self.game.board.axis_shifts() else {
            let mut longest = 0;
            self.each_line(player, region, |length| longest = longest.max(length));
            return longest;
        };
        let own = self.position.occupied_by(player);
        if let &[word] = own {
            // A board of one word (at most 64 sites): no set on the stack to clear.
            let mask = self.game.tables.regions[region as usize][0];
            return longest(&mut [[word & mask; 4]], shifts);
        }
        let mut runs: AxisSets = [[0; 4]; SITE_SET_WORDS];
        longest(self.pieces_on(player, region, &mut runs), shifts)
    }

    /// Whether `player` has a straight line of at least `length` pieces on the region's
    /// sites: as [`State::longest_line`]` >= length`, but on a board with shifts the runs
    /// are extended only until that length.
    pub(super) fn has_line(&self, player: Player, region: u16, length: i64) -> bool {
        let Some(shifts) = self.game.board.axis_shifts() else {
            return self.longest_line(player, region) >= length;
        };
        if length <= 0 {
            return true;
        }
        let own = self.position.occupied_by(player);
        if let &[word] = own {
            let mask = self.game.tables.regions[region as usize][0];
            return word_reaches(word & mask, shifts, length);
        }
        let mut runs: AxisSets = [[0; 4]; SITE_SET_WORDS];
        reaches(self.pieces_on(player, region, &mut runs), shifts, length)
    }

    /// How many of `player`'s straight lines of pieces on the region's sites are exactly
    /// `length` long: per axis, the sites that start a run (no linked piece just below
    /// them) from which a run of `length` pieces goes up the axis, less those from which
    /// one of `length + 1` does.
    pub(super) fn lines_of(&self, player: Player, region: u16, length: u16) -> i64 {
        let Some(shifts) = self.game.board.axis_shifts() else {
            let mut count = 0;
            self.each_line(player, region, |l| {
                count += i64::from(l == i64::from(length))
            });
            return count;
        };
        if length == 0 {
            return 0;
        }
        let (mut runs, mut starts): (AxisSets, AxisSets) =
            ([[0; 4]; SITE_SET_WORDS], [[0; 4]; SITE_SET_WORDS]);
        let runs = self.pieces_on(player, region, &mut runs);
        let starts = run_starts(runs, shifts, &mut starts[..runs.len()]);
        for _ in 1..length {
            if !extend(runs, shifts) {
                return 0;
            }
        }
        let at_least = common(runs, starts);
        extend(runs, shifts);
        at_least - common(runs, starts)
    }

    /// `player`'s pieces on the region's sites, as a set of sites for each axis in the
    /// first words of `sets`, as many as the board has: those words.
    #[inline(always)]
    fn pieces_on<'a>(
        &self,
        player: Player,
        region: u16,
        sets: &'a mut AxisSets,
    ) -> &'a mut [[u64; 4]] {
        let mask = &self.game.tables.regions[region as usize];
        let own = self.position.occupied_by(player);
        for (w, (&o, &m)) in sets.iter_mut().zip(own.iter().zip(mask)) {
            *w = [o & m; 4];
        }
        &mut sets[..own.len()]
    }

    /// Calls `visit` with the length of each of `player`'s straight lines of pieces on the
    /// region's sites, on any board: each run of them along one of the board's axes, from
    /// end to end (a piece with no neighbour along an axis is a line of 1 along it),
    /// walked along the links.
    fn each_line(&self, player: Player, region: u16, mut visit: impl FnMut(i64)) {
        let mask = &self.game.tables.regions[region as usize];
        let own = self.position.occupied_by(player);
        let mut pieces: SiteSet = [0; SITE_SET_WORDS];
        for (w, (&o, &m)) in pieces.iter_mut().zip(own.iter().zip(mask)) {
            *w = o & m;
        }
        let pieces = &pieces[..own.len()];
        let counted = |s: Site| {
            s != NO_SITE
                && pieces
                    .get(s.index() / 64)
                    .is_some_and(|w| w >> (s.index() % 64) & 1 == 1)
        };
        let board = &self.game.board;
        for s in set_sites(pieces) {
            // North, east, north-east, south-east, each with its opposite direction: a
            // line is measured from its first piece only.
            for (forward, back) in AXES {
                if counted(board.step(s, back)) {
                    continue;
                }
                let mut length = 1;
                let mut next = board.step(s, forward);
                while counted(next) {
                    length += 1;
                    next = board.step(next, forward);
                }
                visit(length);
            }
        }
    }
}

/// The length of the longest run of a set along any axis, `runs` the set for each axis (0
/// if it is empty): how many times [`extend`] keeps a site, starting from the whole set.
#[inline(always)]
fn longest(runs: &mut [[u64; 4]], shifts: &AxisShifts) -> i64 {
    let mut length = 0;
    let mut left = runs.iter().any(|w| w[0] != 0);
    while left {
        length += 1;
        left = extend(runs, shifts);
    }
    length
}

/// Whether a run of `length` (1 or more) sites of a set goes along an axis, `runs` the set
/// for each axis: whether [`extend`] keeps a site `length - 1` times.
#[inline(always)]
fn reaches(runs: &mut [[u64; 4]], shifts: &AxisShifts, length: i64) -> bool {
    if runs.iter().all(|w| w[0] == 0) {
        return false;
    }
    (1..length).all(|_| extend(runs, shifts))
}

/// [`reaches`] on a board of one word (at most 64 sites), `pieces` the set: the shifts and
/// links of the axes read once, the runs kept in registers.
#[inline(always)]
fn word_reaches(pieces: u64, shifts: &AxisShifts, length: i64) -> bool {
    if pieces == 0 {
        return false;
    }
    let (shift, linked) = (shifts.shift, shifts.linked[0]);
    let mut runs = [pieces; 4];
    for _ in 1..length {
        let mut left = 0;
        for axis in 0..AXES.len() {
            runs[axis] &= linked[axis] & runs[axis] >> shift[axis];
            left |= runs[axis];
        }
        if left == 0 {
            return false;
        }
    }
    true
}

/// Keeps of `runs`, per axis the sites from which a run of `k` sites of a set goes up the
/// axis, those from which one of `k + 1` does: each whose linked site up the axis is one
/// of them too. Whether any is left.
#[inline(always)]
fn extend(runs: &mut [[u64; 4]], shifts: &AxisShifts) -> bool {
    let mut left = 0;
    if let [only] = runs {
        // A board of one word (at most 64 sites).
        for (axis, run) in only.iter_mut().enumerate() {
            *run &= shifts.linked[0][axis] & (*run >> shifts.shift[axis]);
            left |= *run;
        }
        return left != 0;
    }
    for w in 0..runs.len() {
        let above = runs.get(w + 1).copied().unwrap_or_default();
        for axis in 0..AXES.len() {
            let shift = shifts.shift[axis];
            let up = runs[w][axis] >> shift | above[axis] << (64 - shift);
            runs[w][axis] &= shifts.linked[w][axis] & up;
            left |= runs[w][axis];
        }
    }
    left != 0
}

/// Per axis, the sites of the set `pieces` that start a run up the axis (those with no
/// linked site of the set just below them), in `starts`.
fn run_starts<'a>(
    pieces: &[[u64; 4]],
    shifts: &AxisShifts,
    starts: &'a mut [[u64; 4]],
) -> &'a [[u64; 4]] {
    let linked = |w: usize, axis: usize| pieces[w][axis] & shifts.linked[w][axis];
    for (w, start) in starts.iter_mut().enumerate() {
        for axis in 0..AXES.len() {
            let shift = shifts.shift[axis];
            let carried = if w > 0 {
                linked(w - 1, axis) >> (64 - shift)
            } else {
                0
            };
            start[axis] = pieces[w][axis] & !(linked(w, axis) << shift | carried);
        }
    }
    starts
}

/// How many sites two sets for each axis have in common, all axes together.
fn common(a: &[[u64; 4]], b: &[[u64; 4]]) -> i64 {
    let pairs = a.iter().flatten().zip(b.iter().flatten());
    pairs.map(|(x, y)| i64::from((x & y).count_ones())).sum()
}
