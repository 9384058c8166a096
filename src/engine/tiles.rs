//! Tile games: placing tiles from hands with edge matching (a mask test per cell against
//! precomputed tables), the forced pass, the pie rule's swap, and scores over groups of
//! like-coloured wedges.

use super::expr::Scored;
use super::{Move, MoveList, Outcome, State};
use crate::model::tiles::{Constraint, Tiles, PATTERNS, SIDES};
use crate::model::Env as _;
use crate::model::{EndWhen, GroupUnit, MoveKind, Player, Site, EMPTY, NO_SITE};

/// The size of the matching table: one entry per constraint.
const MATCHING: usize = PATTERNS * PATTERNS;

/// The tile part of a position (empty for other games).
#[derive(Debug, Default)]
pub(super) struct TileState {
    /// Per player, the kinds in hand as bits.
    pub hands: Vec<u64>,
    /// Per site, what its sides must be: board edges and placed neighbours (kept for whole
    /// words of 64 sites, so that a word's constraints are read without bounds checks).
    pub constraints: Vec<Constraint>,
    /// Per player and constraint (`player * MATCHING + constraint`), the number of kinds in
    /// the player's hand that meet the constraint: an empty cell's number of placements,
    /// read rather than counted. Kept up to date as a tile leaves or returns to a hand
    /// ([`refit`]).
    fits: Vec<u8>,
    /// Passes in a row.
    pub passes: u8,
    /// Whether the players have swapped sides.
    pub swapped: bool,
    /// The player who made the last placement, if any.
    pub last_placer: Option<Player>,
    /// Per tile move played, `(passes, swapped, last_placer)` before it, newest last.
    log: Vec<(u8, bool, Option<Player>)>,
}

impl Clone for TileState {
    fn clone(&self) -> TileState {
        let mut copy = TileState::default();
        copy.clone_from(self);
        copy
    }

    /// Copies the position, reusing this state's buffers (the work space is not copied).
    fn clone_from(&mut self, other: &TileState) {
        super::copy_from(&mut self.hands, &other.hands);
        super::copy_from(&mut self.fits, &other.fits);
        super::copy_from(&mut self.constraints, &other.constraints);
        self.passes = other.passes;
        self.swapped = other.swapped;
        self.last_placer = other.last_placer;
        super::copy_from(&mut self.log, &other.log);
    }
}

impl TileState {
    /// Whether two tile states hold the same position.
    pub fn same_position(&self, other: &TileState) -> bool {
        self.hands == other.hands
            && self.passes == other.passes
            && self.swapped == other.swapped
            && self.last_placer == other.last_placer
    }

    /// The part of the state besides cells and hands that a move's undo restores.
    pub fn frame(&self) -> (u8, bool, Option<Player>) {
        (self.passes, self.swapped, self.last_placer)
    }

    /// Forgets the log (the position stays).
    pub fn clear_log(&mut self) {
        self.log.clear();
    }
}

impl State {
    /// Sets up the tile state from the cells: hands (the given ones, or the starting hands
    /// without the tiles each player has on the board) and constraints.
    pub(super) fn init_tiles(&mut self, hands: Option<Vec<u64>>) {
        let Some(tiles) = self.game.tiles.as_ref() else {
            self.tile.last_placer = None;
            return;
        };
        let mut t = TileState {
            hands: hands.unwrap_or_else(|| tiles.hands.clone()),
            constraints: tiles.edge_constraints.clone(),
            ..TileState::default()
        };
        t.hands.resize(self.game.players.len(), 0);
        t.constraints.resize(self.words * 64, 0);
        for site in 0..self.cells.len() {
            let cell = self.cells[site];
            if cell != EMPTY {
                let (p, kind) = (self.game.owner[cell.index()], self.game.kind_of(cell));
                t.hands[p.index()] &= !(1 << kind);
                add_constraints(tiles, &mut t.constraints, Site::at(site), kind);
            }
        }
        let wants_within_care = |&c: &Constraint| c & !(c >> SIDES) & (PATTERNS - 1) as u16 == 0;
        debug_assert!(t.constraints.iter().all(wants_within_care), "see refit");
        t.fits = (0..t.hands.len() * MATCHING)
            .map(|i| (t.hands[i / MATCHING] & tiles.matching[i % MATCHING]).count_ones() as u8)
            .collect();
        self.tile = t;
    }

    /// The kinds of tile in a player's hand, as bits (bit `k` for kind `k`).
    pub fn hand(&self, player: Player) -> u64 {
        self.tile.hands.get(player.index()).copied().unwrap_or(0)
    }

    /// Whether the players have swapped sides (the pie rule).
    pub fn swapped(&self) -> bool {
        self.tile.swapped
    }

    /// The player who made the last placement, if any.
    pub fn last_placer(&self) -> Option<Player> {
        self.tile.last_placer
    }

    /// The kinds that may be placed on an empty `site` by a placement rule.
    #[inline]
    fn placeable(&self, tiles: &Tiles, matching: bool, site: usize) -> u64 {
        let hand = self.tile.hands[self.to_move.index()];
        if matching {
            hand & tiles.matching[self.tile.constraints[site] as usize]
        } else {
            hand
        }
    }

    /// What the sides of a cell must be, from the board's edges and the tiles placed next
    /// to it: bit `SIDES + side` if a side is constrained, bit `side` for its colour.
    pub fn constraint(&self, site: Site) -> Constraint {
        self.tile.constraints[site.index()]
    }

    /// Whether the pie rule's swap is open: the second player to move, with no piece on the
    /// board, the first with one, and no swap yet.
    pub fn swap_open(&self) -> bool {
        !self.tile.swapped
            && self.to_move == Player::SECOND
            && self.piece_count[Player::SECOND.index()] == 0
            && self.piece_count[Player::FIRST.index()] == 1
    }

    /// Appends the placements of a tile rule, with `matching` as the rule says (the swap
    /// and passes are added by the caller).
    pub(super) fn tile_moves(&self, rule: u8, matching: bool, out: &mut MoveList) {
        let Some(tiles) = self.game.tiles.as_ref() else {
            return;
        };
        for site in 0..self.cells.len() {
            if self.cells[site] != EMPTY {
                continue;
            }
            let mut set = self.placeable(tiles, matching, site);
            out.reserve(set.count_ones() as usize);
            while set != 0 {
                let k = set.trailing_zeros() as usize;
                set &= set - 1;
                out.push(Move::tile(rule, k, Site::at(site)));
            }
        }
    }

    /// The number of legal moves of a tile rule (placements or the swap).
    fn tile_move_count(&self, tiles: &Tiles, kind: &MoveKind) -> usize {
        match *kind {
            MoveKind::Place { matching } => (0..self.cells.len())
                .filter(|&s| self.cells[s] == EMPTY)
                .map(|s| self.placeable(tiles, matching, s).count_ones() as usize)
                .sum(),
            MoveKind::Swap => self.swap_open() as usize,
            MoveKind::Pass { at_will: true } => 1,
            _ => 0,
        }
    }

    /// The number of legal placements and swaps, and the pass rule in force (if any).
    pub fn tile_counts(&self, tiles: &Tiles) -> (usize, Option<u8>) {
        let (mut total, mut pass) = (0, None);
        for (i, rule) in self.game.moves.iter().enumerate() {
            if self.holds(&rule.condition) {
                total += self.tile_move_count(tiles, &rule.kind);
                if matches!(rule.kind, MoveKind::Pass { at_will: false }) && pass.is_none() {
                    pass = Some(i as u8);
                }
            }
        }
        (total, pass)
    }

    /// The number of legal moves, counted without listing them where the game allows.
    /// `moves` is work space.
    pub fn legal_move_count(&self, moves: &mut MoveList) -> usize {
        if self.ended.is_some() {
            return 0;
        }
        if let (Some(tiles), false) = (self.game.tiles.as_ref(), self.game.forbid_repetition) {
            return match self.tile_counts(tiles) {
                (0, pass) => pass.is_some() as usize,
                (total, _) => total,
            };
        }
        self.legal_moves(moves);
        moves.len()
    }

    /// Calls `visit` with every empty cell in order (found from the occupancy bits, not by
    /// reading every cell) and its constraint, until it returns false. The constraints are
    /// read without bounds checks: they are kept for whole words of cells.
    #[inline(always)]
    fn for_each_empty(&self, mut visit: impl FnMut(Site, Constraint) -> bool) {
        let n = self.cells.len();
        for w in 0..self.words {
            let mut empty = !self
                .occupancy
                .iter()
                .skip(w)
                .step_by(self.words)
                .fold(0u64, |a, &b| a | b);
            if (w + 1) * 64 > n {
                empty &= (1u64 << (n - w * 64)) - 1;
            }
            let constraints: &[Constraint; 64] = self.tile.constraints[w * 64..(w + 1) * 64]
                .try_into()
                .expect("whole words");
            while empty != 0 {
                let bit = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if !visit(Site::at(w * 64 + bit), constraints[bit & 63]) {
                    return;
                }
            }
        }
    }

    /// The number of placements of a placement rule on an empty cell, by the cell's
    /// constraint: read from [`TileState::fits`] (no counting), or with no matching, the
    /// size of the hand.
    #[inline(always)]
    fn placements_by_constraint(&self, matching: bool) -> impl Fn(Constraint) -> usize + '_ {
        let p = self.to_move.index();
        let fits: &[u8; MATCHING] = self.tile.fits[p * MATCHING..(p + 1) * MATCHING]
            .try_into()
            .expect("a table per player");
        let hand = self.tile.hands[p].count_ones() as usize;
        move |c| match matching {
            true => fits[c as usize & (MATCHING - 1)] as usize,
            false => hand,
        }
    }

    /// The number of placements of a placement rule.
    #[inline(always)]
    fn count_placements(&self, matching: bool) -> usize {
        let count = self.placements_by_constraint(matching);
        let mut total = 0;
        self.for_each_empty(|_, c| {
            total += count(c);
            true
        });
        total
    }

    /// The placement `k` of a placement rule (by cell, then kind), or `None` with `k`
    /// lowered by their number.
    #[inline(always)]
    fn locate_placement(
        &self,
        tiles: &Tiles,
        (matching, rule): (bool, u8),
        k: &mut usize,
    ) -> Option<Move> {
        let count = self.placements_by_constraint(matching);
        let mut found = None;
        self.for_each_empty(|site, c| {
            let n = count(c);
            if *k < n {
                let set = self.placeable(tiles, matching, site.index());
                found = Some(Move::tile(rule, nth_bit(set, *k), site));
                return false;
            }
            *k -= n;
            true
        });
        found
    }

    /// The move `pick(count)` of a tile game's legal moves, found without listing them: the
    /// placements are counted in one pass over the empty cells and found in a second, each
    /// cell's number read from [`TileState::fits`] by its constraint (no counting of bits).
    pub(super) fn pick_tile_move(&self, pick: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let game = &*self.game;
        let tiles = game.tiles.as_ref()?;
        let (mut total, mut pass) = (0, None);
        for (i, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            match rule.kind {
                MoveKind::Place { matching } => total += self.count_placements(matching),
                MoveKind::Pass { .. } => pass = pass.or(Some(i as u8)),
                MoveKind::Swap => total += self.swap_open() as usize,
                _ => {}
            }
        }
        if total == 0 {
            return pass.map(Move::pass);
        }
        let mut k = pick(total);
        for (i, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            match rule.kind {
                MoveKind::Place { matching } => {
                    let found = self.locate_placement(tiles, (matching, i as u8), &mut k);
                    if found.is_some() {
                        return found;
                    }
                }
                MoveKind::Swap if self.swap_open() => {
                    if k == 0 {
                        return Some(Move::swap(i as u8));
                    }
                    k -= 1;
                }
                _ => {}
            }
        }
        None
    }

    /// Plays a placement, pass or swap (the frame is already pushed). Kept out of line, so
    /// that other games' `apply` is compiled as it was.
    #[inline(never)]
    pub(super) fn apply_tile(&mut self, m: Move, mover: Player) {
        if !self.forward {
            let saved = self.tile.frame();
            self.tile.log.push(saved);
        }
        let mut next = self.next_player(mover);
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Place { .. } => {
                let k = m.tile_kind();
                self.set(m.to, self.game.cell(mover, k));
                let hand = &mut self.tile.hands[mover.index()];
                if *hand & 1 << k != 0 {
                    *hand &= !(1 << k);
                    refit(&mut self.tile.fits, mover, k, u8::wrapping_sub);
                }
                if let Some(tiles) = self.game.tiles.as_ref() {
                    add_constraints(tiles, &mut self.tile.constraints, m.to, k);
                }
                self.tile.passes = 0;
                self.tile.last_placer = Some(mover);
            }
            MoveKind::Swap => {
                self.tile.swapped = true;
                self.hash ^= self.game.zobrist.swapped;
                self.tile.passes = 0;
                next = mover;
            }
            _ => {
                // Passes in a row are counted where a rule reads them.
                if self
                    .game
                    .end_rules
                    .iter()
                    .any(|r| r.when == EndWhen::BothPass)
                {
                    self.tile.passes = self.tile.passes.saturating_add(1);
                    self.end_if_all_passed(next);
                }
            }
        }
        let keys = &self.game.zobrist.to_move;
        self.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.to_move = next;
    }

    /// Ends the game by its `end when both pass` rule once every player has passed in a
    /// row; `next` is the player who would move next.
    pub(super) fn end_if_all_passed(&mut self, next: Player) {
        if (self.tile.passes as usize) < self.game.players.len() {
            return;
        }
        let game = std::sync::Arc::clone(&self.game);
        if let Some(rule) = game.end_rules.iter().find(|r| r.when == EndWhen::BothPass) {
            self.ended = Some(self.end_result(rule.result, next));
            self.ended_by_rule(EndWhen::BothPass);
        }
    }

    /// Takes back a tile move's changes other than cells (restored from the log).
    pub(super) fn undo_tile(&mut self, m: Move, mover: Player) {
        if let MoveKind::Place { .. } = self.game.moves[m.rule as usize].kind {
            let k = m.tile_kind();
            if let Some(hand) = self.tile.hands.get_mut(mover.index()) {
                if *hand & 1 << k == 0 {
                    *hand |= 1 << k;
                    refit(&mut self.tile.fits, mover, k, u8::wrapping_add);
                }
            }
            if let Some(tiles) = self.game.tiles.as_ref() {
                for (side, &n) in tiles.neighbours[m.to.index()].iter().enumerate() {
                    if n != NO_SITE {
                        let facing = (side + SIDES / 2) % SIDES;
                        self.tile.constraints[n.index()] &= !(1 << (facing + SIDES) | 1 << facing);
                    }
                }
            }
        }
        if let Some(saved) = self.tile.log.pop() {
            (self.tile.passes, self.tile.swapped, self.tile.last_placer) = saved;
        }
    }

    /// The higher score wins; equal scores draw, or the last placer loses.
    pub(super) fn score_outcome(&self, last_placer_loses: bool) -> Outcome {
        let majority = self.group_scores();
        let [first, second] = [Player::FIRST, Player::SECOND];
        let (a, b) = (
            self.eval_score(first, &majority),
            self.eval_score(second, &majority),
        );
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(first),
            std::cmp::Ordering::Less => Outcome::Win(second),
            std::cmp::Ordering::Equal => match self.last_placer() {
                Some(p) if last_placer_loses => Outcome::Win(self.next_player(p)),
                _ => Outcome::Draw,
            },
        }
    }

    /// A player's score: the game's score expression with that player as the mover (0 if
    /// the game has none).
    pub fn score(&self, player: Player) -> i64 {
        match &self.game.score {
            Some(score) => self.value(player, score),
            None => 0,
        }
    }

    /// The score expression for `player`, with the majority scores of
    /// [`State::group_scores`].
    fn eval_score(&self, player: Player, majority: &[[i64; 2]; 2]) -> i64 {
        let Some(score) = self.game.score.as_ref() else {
            return 0;
        };
        Scored {
            state: self,
            mover: player,
            majority: &std::cell::OnceCell::from(*majority),
            areas: &std::cell::OnceCell::new(),
        }
        .eval(score)
    }

    /// The sizes of all groups of like-coloured connected wedges, counted in `unit`, with
    /// their colour (a player), largest first.
    pub fn group_sizes(&self, unit: GroupUnit) -> Vec<(Player, u32)> {
        let mut out = WORK.with_borrow_mut(|work| {
            work.group(self);
            let mut out = Vec::new();
            work.each_group(|colour, sizes| {
                out.push((colour, u32::from(sizes[unit as usize])));
            });
            out
        });
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// The majority scores `majority[unit][player]`: the largest size at which the player
    /// has more groups of their colour than the other player.
    pub(super) fn group_scores(&self) -> [[i64; 2]; 2] {
        WORK.with_borrow_mut(|work| {
            work.group(self);
            work.majorities()
        })
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

/// Work space for grouping wedges (the runs of the placed tiles, [`Runs`]). Every buffer is
/// refilled by [`GroupWork::group`]; none is cleared beyond what it uses.
#[derive(Debug, Default)]
struct GroupWork {
    /// The occupied sites, in order.
    tiles: Vec<u16>,
    /// Per site (read only for occupied ones), its tile's first node and its kind.
    first: Vec<(u16, u8)>,
    /// Per node (a run of a placed tile), its parent: a root is its own parent.
    parent: Vec<u16>,
    /// Per node, its group's size in wedges and in pieces (meaningful for roots).
    sizes: Vec<[u16; 2]>,
    /// Group counts by unit, colour and size ([`GroupWork::majorities`]).
    hist: Vec<u16>,
}

impl GroupWork {
    /// Groups the runs of the placed tiles of `state` and measures every group.
    fn group(&mut self, state: &State) {
        self.place(state);
        if let Some(tiles) = state.game.tiles.as_ref() {
            self.join(state, &tiles.neighbours);
        }
        self.measure();
    }

    /// Makes every run of every placed tile a node of its own.
    fn place(&mut self, state: &State) {
        self.tiles.clear();
        self.parent.clear();
        self.first.resize(state.cells.len(), (0, 0));
        for (site, &cell) in state.cells.iter().enumerate() {
            if cell == EMPTY {
                continue;
            }
            let kind = state.game.kind_of(cell) % PATTERNS;
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
    fn join(&mut self, state: &State, neighbours: &[[Site; SIDES]]) {
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            for (side, &nb) in neighbours[site as usize][..SIDES / 2].iter().enumerate() {
                if nb == NO_SITE || state.cells[nb.index()] == EMPTY {
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

    /// Adds each run's wedges to its group's size in wedges, and each tile once to the
    /// size in pieces of every group it has a run in.
    fn measure(&mut self) {
        for &site in &self.tiles {
            let (node, kind) = self.first[site as usize];
            let runs = &RUNS[kind as usize];
            let mut roots = [u16::MAX; SIDES];
            for run in 0..runs.count as usize {
                let root = find(&mut self.parent, node as usize + run);
                self.sizes[root][0] += u16::from(runs.wedges[run]);
                if !roots[..run].contains(&(root as u16)) {
                    self.sizes[root][1] += 1;
                }
                roots[run] = root as u16;
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
                    visit(Tiles::colour(runs.colours.into(), run), self.sizes[i]);
                }
            }
        }
    }

    /// The majority scores `majority[unit][colour]` of the groups: the largest size at
    /// which the colour has more groups than the other (0 if none). The counts by size go
    /// up to the largest group only.
    fn majorities(&mut self) -> [[i64; 2]; 2] {
        // A group has at least as many wedges as pieces.
        let mut largest = 0;
        self.each_group(|_, sizes| largest = largest.max(usize::from(sizes[0])));
        let stride = largest + 1;
        let mut hist = std::mem::take(&mut self.hist);
        hist.clear();
        hist.resize(4 * stride, 0);
        let slot = |unit: usize, colour: usize, size: usize| (unit * 2 + colour) * stride + size;
        self.each_group(|colour, sizes| {
            for unit in 0..2 {
                hist[slot(unit, colour.index(), usize::from(sizes[unit]))] += 1;
            }
        });
        let mut majority = [[0; 2]; 2];
        for unit in 0..2 {
            for colour in 0..2 {
                majority[unit][colour] = (1..=largest)
                    .rev()
                    .find(|&s| hist[slot(unit, colour, s)] > hist[slot(unit, 1 - colour, s)])
                    .unwrap_or(0) as i64;
            }
        }
        self.hist = hist;
        majority
    }
}

/// Records in the neighbours of `site` the wedge colours of the tile of kind `kind` on it.
#[inline]
fn add_constraints(tiles: &Tiles, constraints: &mut [Constraint], site: Site, kind: usize) {
    for (side, &n) in tiles.neighbours[site.index()].iter().enumerate() {
        if n != NO_SITE {
            let facing = (side + SIDES / 2) % SIDES;
            let colour = Tiles::colour(kind, side).index() as Constraint;
            constraints[n.index()] |= 1 << (facing + SIDES) | colour << facing;
        }
    }
}

/// Takes a tile of kind `kind` out of a player's counts in [`TileState::fits`] (`change`
/// is `u8::wrapping_sub`) or puts it back (`u8::wrapping_add`): a kind meets, for each set
/// of constrained sides (`care`), the one constraint that wants its colours there (the
/// compiler and [`add_constraints`] keep a constraint's colours within its `care`).
#[inline]
fn refit(fits: &mut [u8], player: Player, kind: usize, change: fn(u8, u8) -> u8) {
    let at = player.index() * MATCHING;
    if let Some(fits) = fits.get_mut(at..at + MATCHING) {
        for care in 0..PATTERNS {
            let c = &mut fits[(care << SIDES | (kind & care)) & (MATCHING - 1)];
            *c = change(*c, 1);
        }
    }
}

/// The index of the `k`-th set bit of `set` (from the lowest).
#[inline]
fn nth_bit(mut set: u64, k: usize) -> usize {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros() as usize
}

fn find(parent: &mut [u16], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let p = parent[i] as usize;
        parent[i] = parent[p];
        i = p;
    }
    i
}

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
