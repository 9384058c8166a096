//! Groups of like-coloured wedges in a tile game, and the majority scores read from them.
//!
//! The search reads a score for every position it judges, and most of those positions are
//! one position plus one tile (the moves of a position, judged one after another). So the
//! grouping of the last position grouped from scratch is kept (the base), and a position
//! that is the base plus one tile is measured from it by what that tile joins: a few groups
//! merged, in place of every tile grouped again.

use std::sync::Arc;

use super::State;
use rulebook_model::tiles::{Tiles, PATTERNS, SIDES};
use rulebook_model::{Cell, Game, GroupUnit, Player, EMPTY, NO_SITE};

/// The majority scores `[unit][colour]` (units: wedges, pieces; colours as players).
pub(crate) type Majorities = [[i64; 2]; 2];

impl State {
    /// The majority scores `majority[unit][player]`: the largest size at which the player
    /// has more groups of their colour than the other player (0 if none).
    pub(crate) fn group_scores(&self) -> Majorities {
        WORK.with_borrow_mut(|work| work.scores(self))
    }

    /// The sizes of all groups of like-coloured connected wedges, counted in `unit`, with
    /// their colour (a player), largest first.
    pub fn group_sizes(&self, unit: GroupUnit) -> Vec<(Player, u32)> {
        let mut out = WORK.with_borrow_mut(|work| {
            work.group(self, None);
            let mut out = Vec::new();
            work.each_group(|colour, sizes| {
                out.push((colour, u32::from(sizes[unit as usize])));
            });
            out
        });
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// The site of the last change logged, if it put a tile on an empty cell that still
    /// holds one: the position without it is the base its siblings share.
    fn last_placement(&self) -> Option<usize> {
        let &(site, before) = self.history.log.last()?;
        (before == EMPTY && self.position.cells[site.index()] != EMPTY).then_some(site.index())
    }
}

/// A tile kind's runs: its wedges split round the tile into runs of one colour. A run's
/// wedges are always in one group, so the runs, not the wedges, are grouped.
#[derive(Clone, Copy, Debug)]
struct Runs {
    /// The number of runs.
    count: u8,
    /// Per side, the run its wedge is in.
    of_side: [u8; SIDES],
    /// Per run, its number of wedges.
    wedges: [u8; SIDES],
    /// Bit `r` set when run `r` has the second player's colour.
    colours: u8,
}

impl Runs {
    /// The colour of run `run`.
    fn colour(&self, run: usize) -> Player {
        Tiles::colour(self.colours.into(), run)
    }
}

/// The runs of every kind of tile.
const RUNS: [Runs; PATTERNS] = runs_table();

/// The table of [`RUNS`].
const fn runs_table() -> [Runs; PATTERNS] {
    let mut table = [runs_of(0); PATTERNS];
    let mut kind = 1;
    while kind < PATTERNS {
        table[kind] = runs_of(kind);
        kind += 1;
    }
    table
}

/// The colour bit of a kind's wedge on `side` (taken round the tile).
const fn colour_bit(kind: usize, side: usize) -> u8 {
    (kind >> (side % SIDES)) as u8 & 1
}

/// Whether a run of a kind's wedges starts at `side`: its colour differs from the side's
/// before it.
const fn starts_run(kind: usize, side: usize) -> bool {
    colour_bit(kind, side) != colour_bit(kind, side + SIDES - 1)
}

/// The runs of a kind: a run starts at each side whose colour differs from the side's
/// before it (round the tile); a tile of one colour is one run.
const fn runs_of(kind: usize) -> Runs {
    let mut first = 0;
    while first < SIDES - 1 && !starts_run(kind, first) {
        first += 1;
    }
    let mut runs = Runs {
        count: 0,
        of_side: [0; SIDES],
        wedges: [0; SIDES],
        colours: 0,
    };
    let mut i = 0;
    while i < SIDES {
        let side = (first + i) % SIDES;
        if i > 0 && starts_run(kind, side) {
            runs.count += 1;
        }
        let run = runs.count as usize;
        runs.of_side[side] = run as u8;
        runs.wedges[run] += 1;
        runs.colours |= colour_bit(kind, side) << run;
        i += 1;
    }
    runs.count += 1;
    runs
}

thread_local! {
    /// The work space of grouping, one per thread: a score read from a shared position
    /// allocates nothing once it has grown.
    static WORK: std::cell::RefCell<GroupWork> = std::cell::RefCell::default();
}

/// No group: pads [`GroupWork::split`]'s lists.
const NO_GROUP: u16 = u16::MAX;

/// Work space for grouping wedges (the runs of the placed tiles, [`Runs`]), holding the
/// grouping of one position (the base). Every buffer is refilled by [`GroupWork::group`];
/// none is cleared beyond what it uses.
#[derive(Debug, Default)]
struct GroupWork {
    /// The game the base belongs to (held, so that no other game takes its address).
    game: Option<Arc<Game>>,
    /// The base's cells.
    cells: Vec<Cell>,
    /// The occupied sites, in order.
    tiles: Vec<u16>,
    /// Per site (read only for occupied ones), its tile's first node and its kind.
    first: Vec<(u16, u8)>,
    /// Per node (a run of a placed tile), its group's root (after [`GroupWork::measure`]).
    parent: Vec<u16>,
    /// Per node, its group's size in wedges and in pieces (meaningful for roots).
    sizes: Vec<[u16; 2]>,
    /// Group counts by unit, colour and size, sizes up to `stride - 1`.
    hist: Vec<u16>,
    /// One more than the largest group's size in wedges.
    stride: usize,
    /// Per unit and colour, the sizes at which the colour has more groups, largest first.
    winning: [[Vec<u16>; 2]; 2],
    /// The base's majority scores.
    majority: Majorities,
    /// The distinct groups (padded with [`NO_GROUP`]) of every tile that has runs of one
    /// colour in two groups: merging those groups counts the tile once.
    split: Vec<[u16; SIDES]>,
    /// Whether `winning` and `split` describe the base (made when first needed).
    prepared: bool,
    /// The hash of the position before the last move of the last position grouped from
    /// scratch.
    parent_of_last: Option<u64>,
}

/// How a position stands to the base.
enum FromBase {
    /// The same cells.
    Same,
    /// The base plus a tile on this site.
    OneMore(usize),
    /// Anything else.
    Unrelated,
}

impl GroupWork {
    /// The majority scores of `state`: from the base where it is the base or one tile
    /// more. Else `state` is grouped from scratch and made the base; but where the last
    /// position so grouped came from the same position as `state` (by the hash before the
    /// last move: siblings, judged one after another), that position is made the base.
    fn scores(&mut self, state: &State) -> Majorities {
        match self.relation_to_base(state) {
            FromBase::Same => self.majority,
            FromBase::OneMore(site) => self.scores_with(state, site),
            FromBase::Unrelated => {
                let parent = state.history.hashes.last().copied();
                let placed = state
                    .last_placement()
                    .filter(|_| parent == self.parent_of_last);
                self.parent_of_last = parent;
                self.group(state, placed);
                match placed {
                    Some(site) => self.scores_with(state, site),
                    None => self.majority,
                }
            }
        }
    }

    /// How `state`'s cells stand to the base's. The cells are counted where they differ
    /// (a loop without exits, which the compiler runs many cells at a time); a single
    /// difference is the last tile placed.
    fn relation_to_base(&self, state: &State) -> FromBase {
        if !self.is_of(&state.game) || self.cells.len() != state.position.cells.len() {
            return FromBase::Unrelated;
        }
        let differ = self
            .cells
            .iter()
            .zip(&state.position.cells)
            .filter(|(a, b)| a != b)
            .count();
        match (differ, state.last_placement()) {
            (0, _) => FromBase::Same,
            (1, Some(site)) if self.cells[site] == EMPTY => FromBase::OneMore(site),
            _ => FromBase::Unrelated,
        }
    }

    /// Whether the base is a position of `game`.
    fn is_of(&self, game: &Arc<Game>) -> bool {
        self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game))
    }

    /// Makes `state` (with the tile on `without` taken off) the base: groups the runs of
    /// its tiles, measures every group and counts them.
    fn group(&mut self, state: &State, without: Option<usize>) {
        if !self.is_of(&state.game) {
            self.game = Some(Arc::clone(&state.game));
        }
        self.cells.clone_from(&state.position.cells);
        if let Some(site) = without {
            self.cells[site] = EMPTY;
        }
        self.place(&state.game);
        if let Some(tiles) = state.game.tiles.as_ref() {
            self.join(&tiles.neighbours);
        }
        self.measure();
        self.count();
        self.prepared = false;
    }

    /// Makes every run of every placed tile a node of its own.
    fn place(&mut self, game: &Game) {
        self.tiles.clear();
        self.parent.clear();
        self.first.resize(self.cells.len(), (0, 0));
        for (site, &cell) in self.cells.iter().enumerate() {
            if cell == EMPTY {
                continue;
            }
            let kind = game.kind_of(cell) % PATTERNS;
            let node = self.parent.len();
            self.first[site] = (node as u16, kind as u8);
            self.tiles.push(site as u16);
            self.parent
                .extend(node as u16..(node + RUNS[kind].count as usize) as u16);
        }
        self.sizes.clear();
        self.sizes.resize(self.parent.len(), [0, 0]);
    }

    /// Joins the runs that meet across a side of two placed tiles with the same colour.
    fn join(&mut self, neighbours: &[[rulebook_model::Site; SIDES]]) {
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            for (side, &nb) in neighbours[site as usize][..SIDES / 2].iter().enumerate() {
                if nb == NO_SITE || self.cells[nb.index()] == EMPTY {
                    continue;
                }
                let (other_node, other) = self.first[nb.index()];
                let facing = side + SIDES / 2;
                if colour_bit(kind.into(), side) == colour_bit(other.into(), facing) {
                    let a = node + u16::from(RUNS[kind as usize].of_side[side]);
                    let b = other_node + u16::from(RUNS[other as usize].of_side[facing]);
                    union(&mut self.parent, a.into(), b.into());
                }
            }
        }
    }

    /// Points every node at its root, then adds each run's wedges to its group's size in
    /// wedges, and each tile once to the size in pieces of every group it has a run in.
    fn measure(&mut self) {
        for i in 0..self.parent.len() {
            self.parent[i] = find(&mut self.parent, i) as u16;
        }
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            let runs = &RUNS[kind as usize];
            let mut roots = [NO_GROUP; SIDES];
            for run in 0..runs.count as usize {
                let root = self.parent[node as usize + run];
                self.sizes[root as usize][0] += u16::from(runs.wedges[run]);
                if !roots[..run].contains(&root) {
                    self.sizes[root as usize][1] += 1;
                }
                roots[run] = root;
            }
        }
    }

    /// Calls `visit` with each group's colour and its sizes in wedges and pieces.
    fn each_group(&self, mut visit: impl FnMut(Player, [u16; 2])) {
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            let runs = &RUNS[kind as usize];
            for run in 0..runs.count as usize {
                let i = node as usize + run;
                if self.parent[i] as usize == i {
                    visit(runs.colour(run), self.sizes[i]);
                }
            }
        }
    }

    /// Where group counts of `unit`, `colour` and `size` are kept in `hist`.
    fn slot(&self, unit: usize, colour: usize, size: usize) -> usize {
        (unit * 2 + colour) * self.stride + size
    }

    /// Counts the groups by unit, colour and size (a group has at least as many wedges as
    /// pieces), and finds the majority scores.
    fn count(&mut self) {
        let mut largest = 0;
        self.each_group(|_, sizes| largest = largest.max(usize::from(sizes[0])));
        self.stride = largest + 1;
        let mut hist = std::mem::take(&mut self.hist);
        hist.clear();
        hist.resize(4 * self.stride, 0);
        self.each_group(|colour, sizes| {
            for unit in 0..2 {
                hist[self.slot(unit, colour.index(), usize::from(sizes[unit]))] += 1;
            }
        });
        for unit in 0..2 {
            for colour in 0..2 {
                let count = |c, s| hist[self.slot(unit, c, s)];
                self.majority[unit][colour] = (1..=largest)
                    .rev()
                    .find(|&s| count(colour, s) > count(1 - colour, s))
                    .unwrap_or(0) as i64;
            }
        }
        self.hist = hist;
    }

    /// Makes what scoring a position one tile beyond the base needs, once per base.
    fn prepare(&mut self) {
        if self.prepared {
            return;
        }
        self.find_winning();
        self.find_split();
        self.prepared = true;
    }

    /// Lists, per unit and colour, the sizes at which the colour has more groups.
    fn find_winning(&mut self) {
        let mut winning = std::mem::take(&mut self.winning);
        for (unit, per_colour) in winning.iter_mut().enumerate() {
            for (colour, sizes) in per_colour.iter_mut().enumerate() {
                sizes.clear();
                sizes.extend((1..self.stride as u16).rev().filter(|&s| {
                    let count = |c| self.hist[self.slot(unit, c, s.into())];
                    count(colour) > count(1 - colour)
                }));
            }
        }
        self.winning = winning;
    }

    /// Lists the tiles with runs of one colour in two groups.
    fn find_split(&mut self) {
        self.split.clear();
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            let runs = &RUNS[kind as usize];
            let mut groups = [NO_GROUP; SIDES];
            let (mut distinct, mut split) = (0, false);
            for run in 0..runs.count as usize {
                let root = self.parent[node as usize + run];
                split |= (0..run).any(|r| {
                    runs.colour(r) == runs.colour(run) && self.parent[node as usize + r] != root
                });
                if !groups[..distinct].contains(&root) {
                    groups[distinct] = root;
                    distinct += 1;
                }
            }
            if split {
                self.split.push(groups);
            }
        }
    }

    /// The majority scores of the base plus the tile on `site` of `state`: the groups its
    /// runs touch merge with them, and only those groups' counts change.
    fn scores_with(&mut self, state: &State, site: usize) -> Majorities {
        self.prepare();
        let kind = state.game.kind_of(state.position.cells[site]) % PATTERNS;
        let runs = &RUNS[kind];
        let touched = self.touched(state, site, kind);
        let mut changes = Changes::default();
        for run in 0..runs.count as usize {
            if touched.class[run] as usize != run {
                continue;
            }
            // The new group: this class's runs (the new tile, one piece), and the groups
            // they touch, less the tiles those groups share.
            let mut sizes = [0u16, 1];
            for r in (0..runs.count as usize).filter(|&r| touched.class[r] as usize == run) {
                sizes[0] += u16::from(runs.wedges[r]);
            }
            let groups = touched.groups_of(run);
            let colour = runs.colour(run).index();
            for &g in groups.iter().take_while(|&&g| g != NO_GROUP) {
                let old = self.sizes[g as usize];
                changes.add(colour, old, -1);
                sizes = [sizes[0] + old[0], sizes[1] + old[1]];
            }
            sizes[1] -= self.shared_tiles(&groups);
            changes.add(colour, sizes, 1);
        }
        self.majority_with(&changes)
    }

    /// The base's groups that the runs of a tile of `kind` on `site` touch (a neighbour's
    /// run of the same colour across a side), and the tile's runs joined through them.
    fn touched(&self, state: &State, site: usize, kind: usize) -> Touched {
        let runs = &RUNS[kind];
        let mut touched = Touched {
            class: [0, 1, 2, 3, 4, 5],
            touches: [(NO_GROUP, 0); SIDES],
        };
        let Some(tiles) = state.game.tiles.as_ref() else {
            return touched;
        };
        for (side, &nb) in tiles.neighbours[site].iter().enumerate() {
            if nb == NO_SITE || self.cells[nb.index()] == EMPTY {
                continue;
            }
            let (node, other) = self.first[nb.index()];
            let facing = (side + SIDES / 2) % SIDES;
            if colour_bit(kind, side) == colour_bit(other.into(), facing) {
                let run = runs.of_side[side];
                let group = self.parent
                    [usize::from(node + u16::from(RUNS[other as usize].of_side[facing]))];
                touched.touches[side] = (group, run);
            }
        }
        touched.join_runs();
        touched
    }

    /// How many tiles have runs in two or more of `groups` (counted once more for each
    /// group past the first): the pieces counted twice when those groups merge.
    fn shared_tiles(&self, groups: &[u16; SIDES]) -> u16 {
        if groups[1] == NO_GROUP {
            return 0;
        }
        let mut shared = 0;
        for tile in &self.split {
            let inside = tile
                .iter()
                .take_while(|&&g| g != NO_GROUP)
                .filter(|g| groups.contains(g))
                .count() as u16;
            shared += inside.saturating_sub(1);
        }
        shared
    }

    /// The majority scores after `changes` to the base's group counts: at a size no change
    /// touches the base's verdict stands; at the others the counts are compared anew.
    fn majority_with(&self, changes: &Changes) -> Majorities {
        let mut majority = [[0; 2]; 2];
        for (unit, per_colour) in majority.iter_mut().enumerate() {
            let changed = changes.of(unit);
            let count = |colour: usize, (size, delta): (u16, [i32; 2])| {
                let base = match usize::from(size) < self.stride {
                    true => i32::from(self.hist[self.slot(unit, colour, size.into())]),
                    false => 0,
                };
                base + delta[colour]
            };
            for (colour, score) in per_colour.iter_mut().enumerate() {
                let won = changed
                    .iter()
                    .filter(|&&e| count(colour, e) > count(1 - colour, e))
                    .map(|e| e.0);
                let kept = self.winning[unit][colour]
                    .iter()
                    .copied()
                    .find(|&s| !changed.iter().any(|e| e.0 == s));
                *score = won.chain(kept).max().map_or(0, i64::from);
            }
        }
        majority
    }
}

/// The groups of the base a new tile touches, and its runs joined through them.
struct Touched {
    /// Per run of the tile, the lowest run joined with it through a group.
    class: [u8; SIDES],
    /// Per side, the group touched across it and the tile's run on that side
    /// ([`NO_GROUP`] if none).
    touches: [(u16, u8); SIDES],
}

impl Touched {
    /// Joins the tile's runs that touch one group: each takes the lowest run's class.
    fn join_runs(&mut self) {
        for a in 0..SIDES {
            for b in a + 1..SIDES {
                let ((ga, ra), (gb, rb)) = (self.touches[a], self.touches[b]);
                if ga == NO_GROUP || ga != gb {
                    continue;
                }
                let (keep, drop) = {
                    let (ca, cb) = (self.class[ra as usize], self.class[rb as usize]);
                    (ca.min(cb), ca.max(cb))
                };
                for c in self.class.iter_mut().filter(|c| **c == drop) {
                    *c = keep;
                }
            }
        }
    }

    /// The distinct groups touched by the runs of class `class` (padded with [`NO_GROUP`]).
    fn groups_of(&self, class: usize) -> [u16; SIDES] {
        let mut groups = [NO_GROUP; SIDES];
        let mut n = 0;
        for &(g, run) in &self.touches {
            if g != NO_GROUP
                && self.class[run as usize] as usize == class
                && !groups[..n].contains(&g)
            {
                groups[n] = g;
                n += 1;
            }
        }
        groups
    }
}

/// Changes to the group counts: per unit, the sizes changed, each with the change of the
/// count of each colour's groups of that size.
#[derive(Default)]
struct Changes {
    /// Per unit, the changes made.
    entries: [[(u16, [i32; 2]); 2 * SIDES]; 2],
    /// Per unit, how many sizes changed.
    len: [usize; 2],
}

impl Changes {
    /// A group of `colour` with `sizes` (wedges, pieces) added (`change` 1) or removed (-1).
    fn add(&mut self, colour: usize, sizes: [u16; 2], change: i32) {
        for (unit, &size) in sizes.iter().enumerate() {
            let n = self.len[unit];
            let entries = &mut self.entries[unit];
            match entries[..n].iter_mut().find(|e| e.0 == size) {
                Some(e) => e.1[colour] += change,
                None => {
                    entries[n] = (size, [0, 0]);
                    entries[n].1[colour] = change;
                    self.len[unit] += 1;
                }
            }
        }
    }

    /// The changes in `unit`.
    fn of(&self, unit: usize) -> &[(u16, [i32; 2])] {
        &self.entries[unit][..self.len[unit]]
    }
}

/// The root of node `i`, halving the path to it on the way.
fn find(parent: &mut [u16], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let p = parent[i] as usize;
        parent[i] = parent[p];
        i = p;
    }
    i
}

/// Joins the groups of nodes `a` and `b` (the lower root becomes the root of both).
fn union(parent: &mut [u16], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb) as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind's runs: two sides next to each other round the tile are in one run
    /// exactly when they have one colour, and a run's colour and wedges are its sides'.
    #[test]
    fn a_run_is_the_sides_of_one_colour_next_to_each_other() {
        for (kind, runs) in RUNS.iter().enumerate() {
            let mut wedges = [0; SIDES];
            for side in 0..SIDES {
                let (run, next) = (runs.of_side[side], runs.of_side[(side + 1) % SIDES]);
                let same = colour_bit(kind, side) == colour_bit(kind, side + 1);
                assert_eq!(run == next, same);
                assert!(run < runs.count);
                assert_eq!(runs.colours >> run & 1, colour_bit(kind, side));
                wedges[run as usize] += 1;
            }
            assert_eq!(wedges, runs.wedges);
        }
    }
}
