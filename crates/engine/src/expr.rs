//! The position as an environment of the model's expression evaluator: as it stands, for
//! the rules' conditions, and for a chosen player with the majority scores, for a score.

use std::cell::OnceCell;

use super::groups::Reaches;
use super::State;
use rulebook_model::board::{AxisShifts, AXES, MAX_GRID_SIDE};
use rulebook_model::{
    Board, Env, Expr, GroupMeasure, GroupUnit, Player, Site, ANY_KIND, EMPTY, NO_SITE,
};

impl State {
    /// Evaluates a compiled expression against the position.
    #[inline(always)]
    pub(super) fn eval(&self, e: &Expr) -> i64 {
        Env::eval(self, e)
    }

    /// The value of `e` for `player`: evaluated with that player as the mover (with the
    /// majority scores, computed only if `e` reads them). The computer judges an unfinished
    /// game by [`Heuristics::estimate`](rulebook_model::Heuristics::estimate) this way.
    pub fn value(&self, player: Player, e: &Expr) -> i64 {
        Scored {
            state: self,
            mover: player,
            majority: &OnceCell::new(),
            areas: &OnceCell::new(),
        }
        .eval(e)
    }

    /// Calls `visit` with every player in turn order and the value of `e` for them, as
    /// [`State::value`] gives it, the majority scores and what the players' areas are
    /// found from computed at most once for all.
    pub fn each_value(&self, e: &Expr, mut visit: impl FnMut(Player, i64)) {
        let (majority, areas) = (OnceCell::new(), OnceCell::new());
        for player in Player::all(self.game.seats()) {
            let scored = Scored {
                state: self,
                mover: player,
                majority: &majority,
                areas: &areas,
            };
            visit(player, scored.eval(e));
        }
    }
}

/// The words of a set of sites of the largest grid (26 x 26), for [`Env::connected`] and
/// [`Env::groups`].
pub(super) const FLOOD_WORDS: usize = ((MAX_GRID_SIDE * MAX_GRID_SIDE) as usize).div_ceil(64);

/// A set of sites of the largest grid: bit `site % 64` of word `site / 64`.
pub(super) type Flood = [u64; FLOOD_WORDS];

/// How many sites a set holds.
#[inline]
fn ones(set: &Flood) -> i64 {
    set.iter().map(|w| w.count_ones() as i64).sum()
}

/// A flood fill over the pieces `own` linked along the directions of the mask `links`, by
/// the board's neighbour table, in two sets of sites on the stack (a grid has at most 26 x
/// 26 sites): `reached`, and `todo`, the sites of it still to look from. It takes the
/// sites of `todo` lowest first and stops at the first for which `stop(word, bit)` holds
/// (true); otherwise it ends with `reached` the whole groups of its first sites (false).
/// A link that a wall cuts (`cut`, per site a bit per direction; empty in games without
/// walls) is not followed.
#[inline]
pub(super) fn spread(
    (board, cut): (&Board, &[u8]),
    own: (&[u64], rulebook_model::DirectionBits),
    sets: (&mut Flood, &mut Flood),
    stop: impl Fn(usize, u32) -> bool,
) -> bool {
    // Compiled twice, so that the fill of a game without walls reads no cut at each site.
    match cut.is_empty() {
        true => spread_links::<false>((board, cut), own, sets, stop),
        false => spread_links::<true>((board, cut), own, sets, stop),
    }
}

/// [`spread`], reading the links that walls cut where `WALLS`.
#[inline]
fn spread_links<const WALLS: bool>(
    (board, cut): (&Board, &[u8]),
    (own, links): (&[u64], rulebook_model::DirectionBits),
    (reached, todo): (&mut Flood, &mut Flood),
    stop: impl Fn(usize, u32) -> bool,
) -> bool {
    let (words, steps) = (own.len(), board.neighbours());
    let mut w = 0;
    while w < words {
        if todo[w] == 0 {
            w += 1;
            continue;
        }
        let bit = todo[w].trailing_zeros();
        todo[w] &= todo[w] - 1;
        if stop(w, bit) {
            return true;
        }
        let site = Site::at(w * 64 + bit as usize);
        let mut dirs = match WALLS {
            false => links,
            true => links & !rulebook_model::DirectionBits::from(cut[site.index()]),
        };
        while dirs != 0 {
            let next = steps.step(site, dirs.trailing_zeros() as u8);
            dirs &= dirs - 1;
            if next == NO_SITE {
                continue;
            }
            let (nw, nb) = (next.index() / 64, next.index() % 64);
            if own[nw] >> nb & 1 == 1 && reached[nw] >> nb & 1 == 0 {
                reached[nw] |= 1 << nb;
                todo[nw] |= 1 << nb;
                w = w.min(nw);
            }
        }
    }
    false
}

/// The axes ([`AXES`]) whose two directions are both in the mask `links`, as a mask of
/// axes; `None` if `links` holds one direction of an axis without the other.
fn whole_axes(links: rulebook_model::DirectionBits) -> Option<u8> {
    let mut axes = 0;
    for (a, &(forward, back)) in AXES.iter().enumerate() {
        match (links >> forward & 1, links >> back & 1) {
            (1, 1) => axes |= 1 << a,
            (0, 0) => {}
            _ => return None,
        }
    }
    Some(axes)
}

/// The flood of [`spread`] a step at a time over whole words, on a board whose links
/// along the axes of the mask `axes` are shifts ([`AxisShifts`]): `reached` grows by
/// every site of `allowed` linked to it until it no longer grows. Each round costs a few
/// operations a word and an axis, where [`spread`] looks at every site it reaches.
fn spread_by_shifts(shifts: &AxisShifts, axes: u8, allowed: &[u64], reached: &mut [u64]) {
    let words = allowed.len();
    loop {
        let mut grown = false;
        for w in 0..words {
            let mut new = 0;
            let mut left = axes;
            while left != 0 {
                let a = left.trailing_zeros() as usize;
                left &= left - 1;
                let k = shifts.shift[a];
                let linked = |w: usize| reached[w] & shifts.linked[w][a];
                // Up the axis: from a linked site `k` below; down: to a linked site.
                let mut up = linked(w) << k;
                if w > 0 {
                    up |= linked(w - 1) >> (64 - k);
                }
                let mut down = reached[w] >> k;
                if w + 1 < words {
                    down |= reached[w + 1] << (64 - k);
                }
                new |= up | down & shifts.linked[w][a];
            }
            new &= allowed[w] & !reached[w];
            if new != 0 {
                reached[w] |= new;
                grown = true;
            }
        }
        if !grown {
            return;
        }
    }
}

/// What a compiled expression reads of the position.
impl Env for State {
    #[inline(always)]
    fn board(&self) -> &Board {
        &self.game.board
    }

    #[inline(always)]
    fn mover(&self) -> Player {
        self.position.to_move
    }

    #[inline(always)]
    fn last(&self) -> Site {
        self.position.pits.last
    }

    fn captured(&self) -> i64 {
        self.captured_by(self.position.to_move)
    }

    fn claimed(&self) -> i64 {
        i64::from(self.position.traces.claimed)
    }

    fn throw_value(&self) -> i64 {
        self.thrown().unwrap_or(0)
    }

    #[inline(always)]
    fn stones(&self, site: Site) -> i64 {
        self.count(site) as i64
    }

    #[inline(always)]
    fn pieces(&self, player: Player) -> i64 {
        self.position.piece_count[player.index()] as i64
    }

    #[inline(always)]
    fn pieces_in(&self, player: Player, region: u16, kind: u8) -> i64 {
        let own = self.position.occupied_by(player);
        let mask = &self.game.tables.regions[region as usize];
        if !self.position.stacks.is_empty() {
            return self.stacked_in(own, mask, kind);
        }
        if kind == ANY_KIND {
            return own
                .iter()
                .zip(mask)
                .map(|(o, m)| (o & m).count_ones() as i64)
                .sum();
        }
        let cell = self.game.cell(player, kind as usize);
        let mut n = 0;
        for (w, (o, m)) in own.iter().zip(mask).enumerate() {
            let mut bits = o & m;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                n += (self.position.cells[site] == cell) as i64;
            }
        }
        n
    }

    fn line(&self, player: Player, region: u16) -> i64 {
        self.longest_line(player, region)
    }

    fn lines(&self, player: Player, region: u16, length: u16) -> i64 {
        self.lines_of(player, region, length)
    }

    fn area(&self, player: Player, territory: bool) -> i64 {
        State::area(self, player, territory)
    }

    fn attacked(&self, player: Player, kind: u8) -> bool {
        State::attacked(self, player, kind)
    }

    /// The empty sites along the rays from the player's pieces (of kind `kind`, or of any)
    /// up to the first piece, as a set of sites on the stack, counted.
    fn reach(&self, player: Player, kind: u8) -> i64 {
        let own = self.position.occupied_by(player);
        let board = &self.game.board;
        let mut reached = [0u64; FLOOD_WORDS];
        for (w, &word) in own.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = Site::at(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if kind != ANY_KIND
                    && self.game.kind_of(self.position.cells[from.index()]) != kind as usize
                {
                    continue;
                }
                for dir in 0..board.directions() as u8 {
                    for &s in board.ray(from, dir) {
                        if self.position.cells[s.index()] != EMPTY {
                            break;
                        }
                        reached[s.index() / 64] |= 1 << (s.index() % 64);
                    }
                }
            }
        }
        reached.iter().map(|w| w.count_ones() as i64).sum()
    }

    /// A flood fill over the player's pieces from those on `from` (`spread`), which
    /// stops at the first piece on `to`, and costs nothing when either region holds none
    /// of the player's pieces.
    fn connected(
        &self,
        player: Player,
        from: u16,
        to: u16,
        links: rulebook_model::DirectionBits,
    ) -> bool {
        let (words, own) = (self.position.words, self.position.occupied_by(player));
        let (from, to) = (
            &self.game.tables.regions[from as usize],
            &self.game.tables.regions[to as usize],
        );
        let mut reached: Flood = [0; FLOOD_WORDS];
        let mut todo: Flood = [0; FLOOD_WORDS];
        let (mut starts, mut ends) = (false, false);
        for w in 0..words {
            todo[w] = own[w] & from[w];
            reached[w] = todo[w];
            starts |= todo[w] != 0;
            ends |= own[w] & to[w] != 0;
        }
        if !(starts && ends) {
            return false;
        }
        let on_to = |w: usize, bit: u32| to[w] >> bit & 1 == 1;
        spread(
            (&self.game.board, &self.position.walls.cut),
            (own, links),
            (&mut reached, &mut todo),
            on_to,
        )
    }

    /// A flood fill (`spread`) from the player's pieces of the kind through the sites that
    /// are empty or hold a piece of that kind, which stops at the first site of `goal`.
    fn path(
        &self,
        player: Player,
        kind: u8,
        goal: u16,
        links: rulebook_model::DirectionBits,
    ) -> bool {
        let (words, own) = (self.position.words, self.position.occupied_by(player));
        let goal = &self.game.tables.regions[goal as usize];
        let mut open: Flood = [0; FLOOD_WORDS];
        let mut todo: Flood = [0; FLOOD_WORDS];
        for (i, &cell) in self.position.cells.iter().enumerate().take(words * 64) {
            if cell == EMPTY || self.game.kind_of(cell) == kind as usize {
                open[i / 64] |= 1 << (i % 64);
            }
        }
        for w in 0..words {
            todo[w] = own[w] & open[w];
        }
        let mut reached = todo;
        let on_goal = |w: usize, bit: u32| goal[w] >> bit & 1 == 1;
        spread(
            (&self.game.board, &self.position.walls.cut),
            (&open[..words], links),
            (&mut reached, &mut todo),
            on_goal,
        )
    }

    /// Each group in turn, from the player's lowest piece not yet in one, filled by
    /// `spread` into a set of sites on the stack: counted, measured by its pieces, or by
    /// the regions it has a piece on. A search for the largest group or the most regions
    /// stops once no group left could do better.
    fn groups(
        &self,
        player: Player,
        links: rulebook_model::DirectionBits,
        measure: GroupMeasure<'_>,
    ) -> i64 {
        let (words, own) = (self.position.words, self.position.occupied_by(player));
        let regions = &self.game.tables.regions;
        let meets = |set: &[u64], r: u16| {
            let mask = &regions[r as usize];
            (0..words).any(|w| set[w] & mask[w] != 0)
        };
        let (mut left, mut count, mut best): (Flood, i64, i64) = ([0; FLOOD_WORDS], 0, 0);
        left[..words].copy_from_slice(&own[..words]);
        if let GroupMeasure::Touching(listed, _) = measure {
            // A group with no piece on a region listed touches none: only the groups of
            // pieces on them are filled.
            for w in 0..words {
                left[w] &= listed.iter().fold(0, |on, &r| on | regions[r as usize][w]);
            }
        }
        // The most any group can score: the pieces, or the regions with a piece on them.
        let most = match measure {
            GroupMeasure::Count => i64::MAX,
            GroupMeasure::Largest => self.position.piece_count[player.index()] as i64,
            GroupMeasure::Touching(listed, _) => {
                listed.iter().filter(|&&r| meets(own, r)).count() as i64
            }
        };
        // The most that is enough: a group reaching it ends the search.
        let most = match measure {
            GroupMeasure::Touching(_, enough) if enough > 0 => {
                let enough = i64::from(enough);
                if most < enough {
                    // Fewer regions with a piece on them than asked: on the same side.
                    return most;
                }
                enough
            }
            _ => most,
        };
        if matches!(measure, GroupMeasure::Touching(..)) && most <= 1 {
            // A piece on the one region touched, or none: no group needs filling.
            return most;
        }
        let stop = |_: usize, _: u32| false;
        while let Some(w) = (0..words).find(|&w| left[w] != 0) {
            let mut reached: Flood = [0; FLOOD_WORDS];
            reached[w] = left[w] & left[w].wrapping_neg();
            let mut todo = reached;
            spread(
                (&self.game.board, &self.position.walls.cut),
                (own, links),
                (&mut reached, &mut todo),
                stop,
            );
            (0..words).for_each(|w| left[w] &= !reached[w]);
            count += 1;
            let (size, rest) = match measure {
                GroupMeasure::Count => continue,
                GroupMeasure::Largest => (ones(&reached), ones(&left)),
                GroupMeasure::Touching(listed, _) => {
                    let touched = listed.iter().filter(|&&r| meets(&reached, r)).count();
                    (touched as i64, i64::MAX)
                }
            };
            best = best.max(size);
            // No group left is larger than the pieces left.
            if best >= most || best >= rest {
                break;
            }
        }
        match measure {
            GroupMeasure::Count => count,
            _ => best,
        }
    }

    /// A flood fill (`spread`) of the sites that are not the player's, from those of them
    /// on the edge: a site it does not reach is enclosed. When it reaches them all, a
    /// piece of the player's is enclosed exactly when it is off the edge and every site it
    /// links to is the player's too (its own site is then walled in by them).
    fn ring(
        &self,
        player: Player,
        links: rulebook_model::DirectionBits,
        edge: u16,
        board: u16,
    ) -> bool {
        let (words, own) = (self.position.words, self.position.occupied_by(player));
        let regions = &self.game.tables.regions;
        let (edge, sites) = (&regions[edge as usize], &regions[board as usize]);
        let mut free: Flood = [0; FLOOD_WORDS];
        let mut reached: Flood = [0; FLOOD_WORDS];
        for w in 0..words {
            free[w] = sites[w] & !own[w];
            reached[w] = free[w] & edge[w];
        }
        let b = (&self.game.board, &self.position.walls.cut[..]);
        let axes = whole_axes(links).filter(|_| b.1.is_empty());
        match (b.0.axis_shifts(), axes) {
            (Some(shifts), Some(axes)) => {
                spread_by_shifts(shifts, axes, &free[..words], &mut reached[..words])
            }
            _ => {
                let mut todo = reached;
                let never = |_: usize, _: u32| false;
                spread(b, (&free[..words], links), (&mut reached, &mut todo), never);
            }
        }
        if (0..words).any(|w| free[w] & !reached[w] != 0) {
            return true;
        }
        let mine = |s: Site| s != NO_SITE && own[s.index() / 64] >> (s.index() % 64) & 1 == 1;
        let inner: Flood = std::array::from_fn(|w| if w < words { own[w] & !edge[w] } else { 0 });
        let walled = super::movegen::set_sites(&inner[..words]).any(|s| {
            let mut dirs = links;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as u8;
                dirs &= dirs - 1;
                if !mine(b.0.step(s, d)) {
                    return false;
                }
            }
            true
        });
        walled
    }

    fn files(&self, player: Player, kind: u8) -> i64 {
        // The player's pieces from their occupancy bits; a file is a bit of a `u64`: the
        // language keeps every board at most 32 sites wide (a grid 26, a hexagonal board
        // 25, a mancala board 32 pits a row), and a wider one is refused here.
        let width = self.game.board.width as usize;
        assert!(width <= 64, "a board {width} sites wide");
        let mut files = 0u64;
        for site in super::movegen::set_sites(self.position.occupied_by(player)) {
            let cell = self.position.cells[site.index()];
            if kind == ANY_KIND || self.game.kind_of(cell) == kind as usize {
                files |= 1 << (site.index() % width);
            }
        }
        files.count_ones() as i64
    }

    fn no_legal_move(&self) -> bool {
        self.scratch.no_legal_move
    }

    fn hand(&self, player: Player, kind: u8) -> i64 {
        let kinds = self.game.about.piece_kinds.len();
        let first = player.index() * kinds;
        let Some(mine) = self.position.stock.get(first..first + kinds) else {
            return 0;
        };
        match kind {
            ANY_KIND => mine.iter().map(|&n| n as i64).sum(),
            k => mine.get(k as usize).map_or(0, |&n| n as i64),
        }
    }

    fn material(&self, player: Player, worths: &[i64]) -> i64 {
        let kinds = worths.len();
        let first = player.index() * kinds;
        let in_hand: i64 = (self.position.stock.get(first..first + kinds)).map_or(0, |mine| {
            mine.iter().zip(worths).map(|(&n, w)| n as i64 * w).sum()
        });
        let mut on_board = 0;
        for (w, &word) in self.position.occupied_by(player).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                on_board += worths[self.game.kind_of(self.position.cells[site])];
            }
        }
        in_hand + on_board
    }

    #[inline(always)]
    fn marks(&self, player: Player) -> i64 {
        if !self.position.pits.any_marked() {
            return 0;
        }
        let (mark, marks) = (player.code(), self.position.pits.marks());
        marks.iter().filter(|&&m| m == mark).count() as i64
    }

    fn marked(&self, player: Player) -> Site {
        let (mark, marks) = (player.code(), self.position.pits.marks());
        marks
            .iter()
            .position(|&m| m == mark)
            .map_or(NO_SITE, Site::at)
    }

    /// Majorities are read only in a score (the checker allows them nowhere else), which
    /// is evaluated in a `Scored`.
    #[inline(always)]
    fn majority(&self, _unit: GroupUnit) -> i64 {
        0
    }

    /// The stones of the player's row, summed from the counts in one slice.
    #[inline(always)]
    fn row_stones(&self, player: Player) -> i64 {
        let board = &self.game.board;
        let first = (board.pit(player, 1)).index();
        let counts = self.position.pits.counts();
        (counts.get(first..first + board.pits() as usize))
            .map_or(0, |row| row.iter().map(|&c| c as i64).sum())
    }

    #[inline(always)]
    fn tabled(&self, table: u16) -> i64 {
        let sites = self.game.board.sites();
        self.game.after_sowing.plan.tables[table as usize]
            .get(self.position.to_move.index() * sites + self.position.pits.last.index())
            .copied()
            .unwrap_or(0)
    }

    /// The pit the latest move sowed from.
    fn origin(&self) -> Site {
        self.position.pits.origin
    }
}

/// The position seen for one player's score: that player as the mover, with the majority
/// scores `majority[unit][player]` computed once for both players (when first read).
pub(super) struct Scored<'a> {
    /// The position.
    pub state: &'a State,
    /// The player scored.
    pub mover: Player,
    /// The majority scores, once computed.
    pub majority: &'a OnceCell<[[i64; 2]; 2]>,
    /// What the players' areas are found from, once computed.
    pub areas: &'a OnceCell<Option<Reaches>>,
}

impl Env for Scored<'_> {
    fn board(&self) -> &Board {
        self.state.board()
    }

    fn mover(&self) -> Player {
        self.mover
    }

    fn last(&self) -> Site {
        self.state.position.pits.last
    }

    fn captured(&self) -> i64 {
        self.state.captured_by(self.mover)
    }

    fn claimed(&self) -> i64 {
        i64::from(self.state.position.traces.claimed)
    }

    fn throw_value(&self) -> i64 {
        self.state.throw_value()
    }

    fn stones(&self, site: Site) -> i64 {
        self.state.stones(site)
    }

    fn pieces(&self, player: Player) -> i64 {
        Env::pieces(self.state, player)
    }

    fn pieces_in(&self, player: Player, region: u16, kind: u8) -> i64 {
        self.state.pieces_in(player, region, kind)
    }

    fn line(&self, player: Player, region: u16) -> i64 {
        self.state.line(player, region)
    }

    fn lines(&self, player: Player, region: u16, length: u16) -> i64 {
        self.state.lines(player, region, length)
    }

    fn marks(&self, player: Player) -> i64 {
        self.state.marks(player)
    }

    fn connected(
        &self,
        player: Player,
        from: u16,
        to: u16,
        links: rulebook_model::DirectionBits,
    ) -> bool {
        self.state.connected(player, from, to, links)
    }

    fn path(
        &self,
        player: Player,
        kind: u8,
        goal: u16,
        links: rulebook_model::DirectionBits,
    ) -> bool {
        self.state.path(player, kind, goal, links)
    }

    fn groups(
        &self,
        player: Player,
        links: rulebook_model::DirectionBits,
        measure: GroupMeasure<'_>,
    ) -> i64 {
        self.state.groups(player, links, measure)
    }

    fn ring(
        &self,
        player: Player,
        links: rulebook_model::DirectionBits,
        edge: u16,
        board: u16,
    ) -> bool {
        self.state.ring(player, links, edge, board)
    }

    fn reach(&self, player: Player, kind: u8) -> i64 {
        self.state.reach(player, kind)
    }

    fn attacked(&self, player: Player, kind: u8) -> bool {
        self.state.attacked(player, kind)
    }

    fn area(&self, player: Player, territory: bool) -> i64 {
        self.state.area_with(self.areas, player, territory)
    }

    fn hand(&self, player: Player, kind: u8) -> i64 {
        Env::hand(self.state, player, kind)
    }

    fn material(&self, player: Player, worths: &[i64]) -> i64 {
        self.state.material(player, worths)
    }

    fn files(&self, player: Player, kind: u8) -> i64 {
        Env::files(self.state, player, kind)
    }

    fn no_legal_move(&self) -> bool {
        self.state.no_legal_move()
    }

    fn row_stones(&self, player: Player) -> i64 {
        self.state.row_stones(player)
    }

    fn marked(&self, player: Player) -> Site {
        self.state.marked(player)
    }

    fn majority(&self, unit: GroupUnit) -> i64 {
        let majority = self.majority.get_or_init(|| self.state.group_scores());
        majority[unit as usize][self.mover.index() & 1]
    }

    fn tabled(&self, _table: u16) -> i64 {
        // Tables exist only for the rules after sowing, never in a score.
        0
    }

    fn origin(&self) -> Site {
        self.state.origin()
    }
}
