//! Tile games: placing tiles from hands with edge matching (a mask test per cell against
//! precomputed tables), the forced pass, the pie rule's swap, and scores over groups of
//! like-coloured wedges.

mod groups;

use super::expr::Scored;
use super::{Move, MoveList, Outcome, State};
use rulebook_model::tiles::{Constraint, Tiles, PATTERNS, SIDES};
use rulebook_model::Env as _;
use rulebook_model::{EndWhen, MoveKind, Player, Site, EMPTY, NO_SITE};

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
            self.position.tile.last_placer = None;
            return;
        };
        let mut t = TileState {
            hands: hands.unwrap_or_else(|| tiles.hands.clone()),
            constraints: tiles.edge_constraints.clone(),
            ..TileState::default()
        };
        t.hands.resize(self.game.about.players.len(), 0);
        t.constraints.resize(self.position.words * 64, 0);
        for site in 0..self.position.cells.len() {
            let cell = self.position.cells[site];
            if cell != EMPTY {
                let (p, kind) = (
                    self.game.tables.owner[cell.index()],
                    self.game.kind_of(cell),
                );
                t.hands[p.index()] &= !(1 << kind);
                add_constraints(tiles, &mut t.constraints, Site::at(site), kind);
            }
        }
        let wants_within_care = |&c: &Constraint| c & !(c >> SIDES) & (PATTERNS - 1) as u16 == 0;
        debug_assert!(t.constraints.iter().all(wants_within_care), "see refit");
        t.fits = (0..t.hands.len() * MATCHING)
            .map(|i| (t.hands[i / MATCHING] & tiles.matching[i % MATCHING]).count_ones() as u8)
            .collect();
        self.position.tile = t;
    }

    /// The kinds of tile in a player's hand, as bits (bit `k` for kind `k`).
    pub fn hand(&self, player: Player) -> u64 {
        let hands = &self.position.tile.hands;
        hands.get(player.index()).copied().unwrap_or(0)
    }

    /// Whether the players have swapped sides (the pie rule).
    pub fn swapped(&self) -> bool {
        self.position.tile.swapped
    }

    /// The player who made the last placement, if any.
    pub fn last_placer(&self) -> Option<Player> {
        self.position.tile.last_placer
    }

    /// The kinds that may be placed on an empty `site` by a placement rule.
    #[inline]
    fn placeable(&self, tiles: &Tiles, matching: bool, site: usize) -> u64 {
        let hand = self.position.tile.hands[self.position.to_move.index()];
        if matching {
            hand & tiles.matching[self.position.tile.constraints[site] as usize]
        } else {
            hand
        }
    }

    /// What the sides of a cell must be, from the board's edges and the tiles placed next
    /// to it: bit `SIDES + side` if a side is constrained, bit `side` for its colour.
    pub fn constraint(&self, site: Site) -> Constraint {
        self.position.tile.constraints[site.index()]
    }

    /// Whether the pie rule's swap is open: the second player to move, with no piece on the
    /// board, the first with one, and no swap yet.
    pub fn swap_open(&self) -> bool {
        !self.position.tile.swapped
            && self.position.to_move == Player::SECOND
            && self.position.piece_count[Player::SECOND.index()] == 0
            && self.position.piece_count[Player::FIRST.index()] == 1
    }

    /// Appends the placements of a tile rule, with `matching` as the rule says (the swap
    /// and passes are added by the caller).
    pub(super) fn tile_moves(&self, rule: u8, matching: bool, out: &mut MoveList) {
        let Some(tiles) = self.game.tiles.as_ref() else {
            return;
        };
        for site in 0..self.position.cells.len() {
            if self.position.cells[site] != EMPTY {
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
            MoveKind::Place { matching } => (0..self.position.cells.len())
                .filter(|&s| self.position.cells[s] == EMPTY)
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
        if self.position.ended.is_some() {
            return 0;
        }
        if let (Some(tiles), false) = (self.game.tiles.as_ref(), self.game.repetition.forbidden) {
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
        let n = self.position.cells.len();
        // The players' sets alone (a game of several kinds keeps one per cell after them).
        let players = self.position.piece_count.len() * self.position.words;
        for w in 0..self.position.words {
            let mut empty = !self.position.occupancy[..players]
                .iter()
                .skip(w)
                .step_by(self.position.words)
                .fold(0u64, |a, &b| a | b);
            if (w + 1) * 64 > n {
                empty &= (1u64 << (n - w * 64)) - 1;
            }
            let constraints: &[Constraint; 64] = self.position.tile.constraints
                [w * 64..(w + 1) * 64]
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
        let p = self.position.to_move.index();
        let fits: &[u8; MATCHING] = self.position.tile.fits[p * MATCHING..(p + 1) * MATCHING]
            .try_into()
            .expect("a table per player");
        let hand = self.position.tile.hands[p].count_ones() as usize;
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
            let saved = self.position.tile.frame();
            self.position.tile.log.push(saved);
        }
        let mut next = self.next_player(mover);
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Place { .. } => {
                let k = m.tile_kind();
                debug_assert!(!self.game.facts.tracks_unmoved(), "tiles are never unmoved");
                self.set_cell(m.to, self.game.cell(mover, k));
                let hand = &mut self.position.tile.hands[mover.index()];
                if *hand & 1 << k != 0 {
                    *hand &= !(1 << k);
                    refit(&mut self.position.tile.fits, mover, k, u8::wrapping_sub);
                }
                if let Some(tiles) = self.game.tiles.as_ref() {
                    add_constraints(tiles, &mut self.position.tile.constraints, m.to, k);
                }
                self.position.tile.passes = 0;
                self.position.tile.last_placer = Some(mover);
            }
            MoveKind::Swap => {
                self.position.tile.swapped = true;
                self.position.hash ^= self.game.tables.zobrist.swapped;
                self.position.tile.passes = 0;
                next = mover;
            }
            _ => {
                // Passes in a row are counted where a rule reads them.
                if self
                    .game
                    .ends
                    .rules
                    .iter()
                    .any(|r| r.when == EndWhen::BothPass)
                {
                    self.position.tile.passes = self.position.tile.passes.saturating_add(1);
                    self.end_if_all_passed(next);
                }
            }
        }
        let keys = &self.game.tables.zobrist.to_move;
        self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.position.to_move = next;
    }

    /// Ends the game by its `end when both pass` rule once every player has passed in a
    /// row; `next` is the player who would move next.
    pub(super) fn end_if_all_passed(&mut self, next: Player) {
        if (self.position.tile.passes as usize) < self.game.about.players.len() {
            return;
        }
        let rules = &self.game.ends.rules;
        if let Some(rule) = rules.iter().find(|r| r.when == EndWhen::BothPass).copied() {
            self.position.ended = Some(self.end_result(rule.result, next));
            self.ended_by_rule(EndWhen::BothPass);
        }
    }

    /// Takes back a tile move's changes other than cells (restored from the log).
    pub(super) fn undo_tile(&mut self, m: Move, mover: Player) {
        if let MoveKind::Place { .. } = self.game.moves[m.rule as usize].kind {
            let k = m.tile_kind();
            if let Some(hand) = self.position.tile.hands.get_mut(mover.index()) {
                if *hand & 1 << k == 0 {
                    *hand |= 1 << k;
                    refit(&mut self.position.tile.fits, mover, k, u8::wrapping_add);
                }
            }
            if let Some(tiles) = self.game.tiles.as_ref() {
                for (side, &n) in tiles.neighbours[m.to.index()].iter().enumerate() {
                    if n != NO_SITE {
                        let facing = (side + SIDES / 2) % SIDES;
                        self.position.tile.constraints[n.index()] &=
                            !(1 << (facing + SIDES) | 1 << facing);
                    }
                }
            }
        }
        if let Some(saved) = self.position.tile.log.pop() {
            (
                self.position.tile.passes,
                self.position.tile.swapped,
                self.position.tile.last_placer,
            ) = saved;
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
        match &self.game.ends.score {
            Some(score) => self.value(player, score),
            None => 0,
        }
    }

    /// The score expression for `player`, with the majority scores of
    /// [`State::group_scores`].
    fn eval_score(&self, player: Player, majority: &groups::Majorities) -> i64 {
        let Some(score) = self.game.ends.score.as_ref() else {
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
