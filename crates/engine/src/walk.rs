//! The moves of a walk ([`rulebook_model::Walk`]): one interpreter for every program of the
//! core. From each of the mover's pieces the walk is run on the position as it stands; the
//! destinations it reaches are marked in a set of sites and given out in site order, so that
//! a destination reached along two routes is one move and the order is the one of every
//! other piece move (rule, origin, destination).

use super::movegen::{set_sites, SiteSet, SITE_SET_WORDS};
use super::{Move, MoveList, State};
use rulebook_model::board::reverse_direction;
use rulebook_model::{
    leg_bits, max_chain_legs, CaptureMode, Cell, Game, Hop, LinePieces, MoveRule, Player,
    RouteRules, Site, SiteTest, Step, Taking, Walk, WalkAction, ALL_KINDS, EMPTY, MAX_CHAIN_LEGS,
    NO_SITE,
};
use std::cell::RefCell;

/// Where a walk's cursor stands, and the site it has passed over on its way ([`Step::Over`];
/// [`NO_SITE`]: none).
pub(super) type Cursor = (Site, Site);

/// Whom a walk runs for, and how it makes a straight step: on the position as it stands
/// ([`Standing`]), or as if the moving piece had left a site ([`Lifted`]). Generic, so that
/// the walks on the position as it stands make their steps as they always did.
pub(super) trait Runner: Copy {
    /// The player the walk runs for.
    fn mover(self) -> Player;
    /// Where the straight step `step` of `walk` leaves the cursor from `at` on `state`
    /// ([`State::straight_step`]).
    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site>;
}

/// A walk on the position as it stands, for this player.
#[derive(Clone, Copy)]
struct Standing(Player);

impl Runner for Standing {
    #[inline(always)]
    fn mover(self) -> Player {
        self.0
    }

    #[inline(always)]
    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        state.straight_step(self.0, walk, step, at)
    }
}

/// A walk for `mover` while the moving piece has left the site `left`, which a test reads
/// as empty: the start of a chain of legs ([`Step::Reach`], [`Step::Route`]). A test of
/// lines there reads the other sites as they stand.
#[derive(Clone, Copy)]
pub(super) struct Lifted {
    /// The player the walk runs for.
    pub(super) mover: Player,
    /// The site the moving piece left.
    pub(super) left: Site,
}

impl Runner for Lifted {
    #[inline(always)]
    fn mover(self) -> Player {
        self.mover
    }

    #[inline]
    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        match *step {
            Step::Test(test) if at == self.left => {
                state.passes_as(self.mover, test, at, EMPTY).then_some(at)
            }
            _ => state.straight_step(self.mover, walk, step, at),
        }
    }
}

/// A walk from the moving piece on `from`, for `mover`, that tests the sites where the
/// piece would not be attacked ([`SiteTest::Unattacked`]): on `copy`, a copy of the
/// position, with the piece set there.
#[derive(Clone, Copy)]
struct Guarded<'a> {
    mover: Player,
    from: Site,
    copy: &'a RefCell<Box<State>>,
}

impl Runner for Guarded<'_> {
    fn mover(self) -> Player {
        self.mover
    }

    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        match *step {
            Step::Test(SiteTest::Unattacked) => {
                let piece = state.position.cells[self.from.index()];
                let mut copy = self.copy.borrow_mut();
                (!copy.attacked_there(piece, self.from, at)).then_some(at)
            }
            _ => state.straight_step(self.mover, walk, step, at),
        }
    }
}

/// A second part's walk for `mover` ([`rulebook_model::SecondPart`]) on the board as
/// the move's first part left it: the site the piece `left` reads as empty, its landing
/// as holding the piece landed, and the site the move passed over, where its rule takes
/// the piece there, as the taking left it; every test, those of lines too, reads so.
#[derive(Clone, Copy)]
struct Landed {
    mover: Player,
    left: Site,
    /// The landing, and the piece on it.
    landed: (Site, Cell),
    /// The site passed over whose piece the move took, and what it left there ([`NO_SITE`]:
    /// none).
    over: (Site, Cell),
}

impl Landed {
    /// What the site `s` holds on the board as the first part left it.
    fn cell(self, state: &State, s: Site) -> Cell {
        match s {
            _ if s == self.landed.0 => self.landed.1,
            _ if s == self.left => EMPTY,
            _ if s == self.over.0 => self.over.1,
            _ => state.position.cells[s.index()],
        }
    }
}

impl Runner for Landed {
    #[inline(always)]
    fn mover(self) -> Player {
        self.mover
    }

    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        match *step {
            Step::Test(test @ (SiteTest::InLine(_) | SiteTest::OutOfLineFirst(_))) => {
                let cell = |s: Site| self.cell(state, s);
                state.lined(self.mover, test, at, cell).then_some(at)
            }
            Step::Test(test) if at == self.left || at == self.landed.0 || at == self.over.0 => {
                let cell = self.cell(state, at);
                state.passes_as(self.mover, test, at, cell).then_some(at)
            }
            _ => state.straight_step(self.mover, walk, step, at),
        }
    }
}

/// The legs of a route ([`Step::Route`]) while the moving piece has left the route's
/// start and, where the route takes at once ([`RouteRules::taken_at_once`]), the pieces
/// on the sites passed over so far have been taken as the walk's [`Taking`] says.
#[derive(Clone, Copy)]
pub(super) struct Legs<'a> {
    /// The mover, and the route's start.
    pub(super) lifted: Lifted,
    /// The sites passed over so far and how their pieces are taken, where the route takes
    /// at once.
    pub(super) taken: Option<(&'a SiteSet, Taking)>,
}

impl Runner for Legs<'_> {
    #[inline(always)]
    fn mover(self) -> Player {
        self.lifted.mover
    }

    fn step(self, state: &State, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        if let (&Step::Test(test), Some((taken, taking))) = (step, self.taken) {
            if has(taken, at) {
                let cell = state.taken_cell(self.lifted.mover, at, taking);
                return state
                    .passes_as(self.lifted.mover, test, at, cell)
                    .then_some(at);
            }
        }
        self.lifted.step(state, walk, step, at)
    }
}

/// The sites strictly between `from` and `to` when they lie on one line of the board
/// (along one of its directions); none otherwise.
pub(super) fn passed_over(game: &Game, (from, to): (Site, Site)) -> &[Site] {
    (0..game.board.directions() as u8)
        .find_map(|dir| {
            let ray = game.board.ray(from, dir);
            ray.iter().position(|&s| s == to).map(|k| &ray[..k])
        })
        .unwrap_or(&[])
}

/// Where a walk's destinations go: each destination reached, with the site passed over on the
/// way there ([`Step::Over`]; [`NO_SITE`] for none).
pub(super) trait Reached {
    /// The walk reached `to`, having passed over `passed`.
    fn reach(&mut self, to: Site, passed: Site);

    /// The walk reached `to` at the end of a route ([`Step::Route`]).
    fn reach_route(&mut self, to: Site, route: Route) {
        self.reach(to, route.first);
    }

    /// The walk reads the site `at` for `test` ([`Step::Test`]; nothing is read but by
    /// tests in a straight walk): nothing to do, but for the search that notes which sites
    /// the test of a site attacked reads (`guard.rs`).
    #[inline(always)]
    fn read(&mut self, _at: Site, _test: SiteTest) {}
}

/// The route of a chain of legs recorded by its route ([`Step::Route`]): the site its first
/// leg passed over, its number of legs and the index of each ([`Move::chain`]).
#[derive(Clone, Copy)]
pub(super) struct Route {
    first: Site,
    legs: u8,
    path: u64,
    /// Recorded by its pieces ([`rulebook_model::RouteRecord::Pieces`]): `path` holds their bits, and
    /// this the kind the piece became on the way, if it did.
    by_pieces: Option<Option<u8>>,
}

impl Route {
    /// A route recorded by the pieces it passed over, whose bits are `taken`, the piece made
    /// a piece of kind `became` on the way, if it was.
    pub(super) fn by_pieces(taken: u64, became: Option<u8>) -> Route {
        Route {
            first: NO_SITE,
            legs: taken.count_ones() as u8,
            path: taken,
            by_pieces: Some(became),
        }
    }

    /// The move of rule `rule` by this route from `from` to `to`.
    pub(super) fn move_to(self, rule: u8, from: Site, to: Site) -> Move {
        match self.by_pieces {
            Some(became) => Move::taking(rule, (from, to), became, self.path),
            None => Move::chain(rule, (from, self.first, to), self.legs, self.path),
        }
    }
}

/// A chain of legs recorded by its route as its step gives it ([`Step::Route`]), with the
/// rest of the walk after it.
pub(super) struct RouteSteps<'a> {
    /// The legs.
    pub(super) legs: &'a [Vec<Step>],
    /// How routes go on and end.
    pub(super) rules: RouteRules,
    /// The rest of the walk, run from each end.
    pub(super) rest: &'a [Step],
}

/// The sites a leg of a route passed over: `len` sites from `first` on along `along` (one
/// for [`Step::Over`], whose `along` is not read; none: `len` 0).
#[derive(Clone, Copy)]
pub(super) struct Passing {
    /// The first site passed over.
    pub(super) first: Site,
    /// The direction the others follow it along.
    pub(super) along: u8,
    /// How many.
    pub(super) len: u8,
}

impl Passing {
    /// Nothing passed over.
    pub(super) const NONE: Passing = Passing {
        first: NO_SITE,
        along: 0,
        len: 0,
    };

    /// The site `at` alone.
    pub(super) fn one(at: Site) -> Passing {
        Passing {
            first: at,
            along: 0,
            len: 1,
        }
    }
}

/// The rest of a walk after a route, run from the route's end: each destination it reaches
/// is reached by that route. The destinations go on through a trait object, so that a
/// route in the rest would not make the interpreter's types nest without end.
pub(super) struct RouteEnd<'a> {
    /// Where the destinations go.
    pub(super) reached: &'a mut dyn Reached,
    /// The route they are reached by.
    pub(super) route: Route,
}

impl Reached for RouteEnd<'_> {
    fn reach(&mut self, to: Site, _passed: Site) {
        self.reached.reach_route(to, self.route);
    }
}

/// Destinations marked in a set of sites, whatever the walk took on the way.
impl Reached for SiteSet {
    #[inline]
    fn reach(&mut self, to: Site, _passed: Site) {
        self[to.index() / 64] |= 1 << (to.index() % 64);
    }
}

/// The moves of one piece by a walk that passes over a site: one per destination and site
/// passed over.
struct PassingMoves<'a> {
    out: &'a mut MoveList,
    rule: u8,
    from: Site,
}

impl Reached for PassingMoves<'_> {
    fn reach(&mut self, to: Site, passed: Site) {
        self.out.push(Move::jump(self.rule, self.from, passed, to));
    }

    fn reach_route(&mut self, to: Site, route: Route) {
        self.out.push(route.move_to(self.rule, self.from, to));
    }
}

/// Marks `site` in `set` if it is not there, unmarks it if it is; nothing for [`NO_SITE`].
pub(super) fn flip(set: &mut SiteSet, site: Site) {
    if site != NO_SITE {
        set[site.index() / 64] ^= 1 << (site.index() % 64);
    }
}

/// Whether `site` is in `set`.
#[inline]
pub(super) fn has(set: &SiteSet, site: Site) -> bool {
    set[site.index() / 64] >> (site.index() % 64) & 1 == 1
}

impl State {
    /// The moves of a walk rule (rule `index`), by the mover's pieces of the kinds it allows.
    /// Out of line: the interpreter's loop would otherwise shape the move generator of
    /// every game.
    #[inline(never)]
    pub(super) fn walks(&self, index: u8, rule: &MoveRule, walk: &Walk, out: &mut MoveList) {
        let movers = match rule.filter.kinds {
            ALL_KINDS => self.own_sites(None),
            kinds => self.movers(kinds),
        };
        if walk.taking.is_some() {
            return self.passing_walks(index, walk, &movers, out);
        }
        let mut targets: SiteSet = [0; SITE_SET_WORDS];
        // A move in passing takes the piece that passed, where it stands.
        let passed = match rule.filter.in_passing {
            true => self.position.traces.passing.1,
            false => NO_SITE,
        };
        let paths = self.game.tables.walks[index as usize].paths.as_ref();
        let mover = self.position.to_move;
        for from in set_sites(&movers[..self.position.words]) {
            match paths {
                Some(paths) => self.mark_paths(mover, (walk, paths.from(from)), &mut targets),
                None => self.walk_as(mover, walk, &walk.steps, (from, NO_SITE), &mut targets),
            }
            for to in set_sites(&targets[..self.position.words]) {
                out.push(Move::jump(index, from, passed, to));
            }
            targets[..self.position.words].fill(0);
        }
    }

    /// Marks in `targets` the destinations of the paths `hops` (`walk`'s from one site,
    /// [`rulebook_model::FixedPaths`]) whose tests all pass for `mover`: the walk's
    /// destinations from there, found without running it.
    #[inline]
    pub(super) fn mark_paths(
        &self,
        mover: Player,
        (walk, hops): (&Walk, &[Hop]),
        targets: &mut SiteSet,
    ) {
        let mut open = true;
        for hop in hops {
            match hop.test {
                None => {
                    if open {
                        targets.reach(hop.site, NO_SITE);
                    }
                    open = true;
                }
                Some(test) => open = open && self.path_test(mover, walk, test, hop.site),
            }
        }
    }

    /// Whether the site `at` passes `test` of a path of `walk`, for `mover`: the tests of
    /// most paths (empty, or empty or an enemy piece) made here, the others as a straight
    /// step, whose code alone holds them (a second caller of [`State::passes`] would take
    /// it out of line: 1.6% more instructions in a game of walls).
    #[inline(always)]
    fn path_test(&self, mover: Player, walk: &Walk, test: SiteTest, at: Site) -> bool {
        let cell = self.position.cells[at.index()];
        match test {
            SiteTest::Empty => cell == EMPTY,
            SiteTest::EmptyOrEnemy => {
                cell == EMPTY || self.game.tables.owner[cell.index()] != mover
            }
            _ => (self.straight_step(mover, walk, &Step::Test(test), at)).is_some(),
        }
    }

    /// The moves of a walk that places or removes a piece ([`WalkAction`]): the walk run once,
    /// from no site, a placement or a removal on each site it reaches, in site order; none
    /// for a placement from a counted stock that holds no piece of its kind.
    #[inline(never)]
    pub(super) fn site_walks(&self, index: u8, walk: &Walk, out: &mut MoveList) {
        let mover = self.position.to_move;
        if let WalkAction::Place {
            kind,
            from_hand: true,
        } = walk.action
        {
            if self.pieces_in_hand(mover)[kind as usize] == 0 {
                return;
            }
        }
        let mut targets: SiteSet = [0; SITE_SET_WORDS];
        self.walk_as(mover, walk, &walk.steps, (NO_SITE, NO_SITE), &mut targets);
        for site in set_sites(&targets[..self.position.words]) {
            out.push(match walk.action {
                WalkAction::Remove => Move::remove(index, site),
                _ => Move::place(index, site),
            });
        }
    }

    /// The moves of a walk that passes over a site ([`Step::Over`]), from each site of
    /// `movers`: a move per destination and site passed over on the way there, in the
    /// order of destinations then sites passed over, each once. A walk that tests sites
    /// unattacked ([`SiteTest::Unattacked`]) reads them on a copy of the position kept in
    /// `out`. Out of line: inlined, it would make the moves of every walk heavier.
    #[inline(never)]
    fn passing_walks(&self, index: u8, walk: &Walk, movers: &SiteSet, out: &mut MoveList) {
        // A walk that tests sites unattacked is no attack (`Tables::attackers`, read rather
        // than the walk's steps for every piece's moves).
        let copy = (!self.game.tables.attackers[index as usize]).then(|| {
            let mut copy = out.copy.take().unwrap_or_else(|| Box::new(self.clone()));
            copy.copy_position_from(self);
            RefCell::new(copy)
        });
        let mover = self.position.to_move;
        for from in set_sites(&movers[..self.position.words]) {
            let start = out.len();
            let mut moves = PassingMoves {
                out,
                rule: index,
                from,
            };
            let cursor = (from, NO_SITE);
            match &copy {
                Some(copy) => {
                    let run = Guarded { mover, from, copy };
                    self.walk_from(run, walk, &walk.steps, cursor, &mut moves)
                }
                None => self.walk_as(mover, walk, &walk.steps, cursor, &mut moves),
            }
            out.sort_and_dedup_tail(start);
        }
        if let Some(copy) = copy {
            out.copy = Some(copy.into_inner());
        }
    }

    /// Runs `steps` of `walk` for `mover` with the cursor at `at` and the site `passed`
    /// passed over so far (a [`Cursor`]), giving the destinations to `reached`.
    #[inline]
    pub(super) fn walk_as(
        &self,
        mover: Player,
        walk: &Walk,
        steps: &[Step],
        cursor: Cursor,
        reached: &mut impl Reached,
    ) {
        self.walk_from(Standing(mover), walk, steps, cursor, reached);
    }

    /// Marks in `targets` (which must be empty) the sites that the walk of a second part,
    /// `part`, reaches after move `m` ([`rulebook_model::SecondPart`]): run for the
    /// mover from where the piece landed, on the board as the first part left it
    /// ([`Landed`]); returns how many there are.
    pub(super) fn part_sites(&self, part: &Walk, m: Move, targets: &mut SiteSet) -> usize {
        let mover = self.position.to_move;
        let rule = &self.game.moves[m.rule as usize];
        let piece = match rule.kind.placed_kind() {
            Some(kind) => self.game.cell(mover, kind as usize),
            None => self.position.cells[m.from.index()],
        };
        let over = match self.passed_taking(rule) {
            Some(taking) if m.over != NO_SITE => {
                let cell = self.taken_cell(mover, m.over, taking);
                match cell == self.position.cells[m.over.index()] {
                    true => (NO_SITE, EMPTY),
                    false => (m.over, cell),
                }
            }
            _ => (NO_SITE, EMPTY),
        };
        let run = Landed {
            mover,
            left: m.from,
            landed: (m.to, piece),
            over,
        };
        self.walk_from(run, part, &part.steps, (m.to, NO_SITE), targets);
        let words = &targets[..self.position.words];
        words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// [`State::walk_as`] for `run`: its mover, and the site the moving piece has left.
    pub(super) fn walk_from(
        &self,
        run: impl Runner,
        walk: &Walk,
        steps: &[Step],
        (at, passed): Cursor,
        reached: &mut impl Reached,
    ) {
        let (mut at, mut passed) = (at, passed);
        for (i, step) in steps.iter().enumerate() {
            match step {
                Step::Repeat { body, min, max } => {
                    let rest = &steps[i + 1..];
                    let repeat = (body.as_slice(), *min, *max);
                    return self.repeat(run, walk, repeat, rest, (at, passed), reached);
                }
                Step::RepeatByLine {
                    body,
                    axis,
                    counted,
                    add,
                } => {
                    let count = self.line_count(run, walk, (*axis, *counted), at, reached);
                    let Ok(times) = u16::try_from(count + i32::from(*add)) else {
                        return;
                    };
                    let repeat = (body.as_slice(), times, times);
                    let rest = &steps[i + 1..];
                    return self.repeat(run, walk, repeat, rest, (at, passed), reached);
                }
                Step::Branch(walks) => {
                    for branch in walks {
                        self.walk_from(run, walk, branch, (at, passed), reached);
                    }
                    return;
                }
                Step::Anywhere => {
                    return self.anywhere(run, walk, &steps[i + 1..], passed, reached);
                }
                Step::Reach(legs) => {
                    let rest = &steps[i + 1..];
                    return self.chain_of_legs(run, walk, (legs, rest), (at, passed), reached);
                }
                Step::Follow { path, loops, body } => {
                    let rest = &steps[i + 1..];
                    let follow = (*path, *loops, body.as_slice());
                    return self.follow(run, walk, follow, rest, (at, passed), reached);
                }
                Step::Route { legs, rules } => {
                    let route = RouteSteps {
                        legs,
                        rules: *rules,
                        rest: &steps[i + 1..],
                    };
                    return self.routes(run, walk, route, at, reached);
                }
                Step::Emit => reached.reach(at, passed),
                Step::Over => passed = at,
                straight => {
                    if let Step::Test(test) = *straight {
                        reached.read(at, test);
                    }
                    match run.step(self, walk, straight, at) {
                        Some(next) => at = next,
                        None => return,
                    }
                }
            }
        }
    }

    /// Runs `rest` from every site of the board in turn ([`Step::Anywhere`]). Out of line:
    /// inlined, its loop would make the interpreter of every walk heavier.
    #[inline(never)]
    fn anywhere(
        &self,
        run: impl Runner,
        walk: &Walk,
        rest: &[Step],
        passed: Site,
        reached: &mut impl Reached,
    ) {
        for site in Site::all(self.game.board.sites()) {
            if !self.game.board.is_removed(site) {
                self.walk_from(run, walk, rest, (site, passed), reached);
            }
        }
    }

    /// Runs `rest` from every point of the named path `path` that a piece on `start` reaches
    /// along it ([`Step::Follow`]): from each of the start's places on the path, each way,
    /// a point at a time and at most once round, from each point reached once `loops`
    /// loops are passed (but the start), on past each point that passes `body` (read with
    /// the start empty). Nothing is allocated. Out of line, as [`State::anywhere`].
    #[inline(never)]
    fn follow(
        &self,
        run: impl Runner,
        walk: &Walk,
        (path, loops, body): (u16, u8, &[Step]),
        rest: &[Step],
        (start, passed): Cursor,
        reached: &mut impl Reached,
    ) {
        let path = &self.game.board.named_paths[path as usize];
        let lifted = Lifted {
            mover: run.mover(),
            left: start,
        };
        for &place in path.places(start) {
            for forwards in [true, false] {
                let (mut i, mut passed_loops) = (place as usize, 0u8);
                for _ in 0..path.sites.len() {
                    let Some((next, through_loop)) = path.advance(i, forwards) else {
                        break;
                    };
                    i = next;
                    passed_loops = passed_loops.saturating_add(u8::from(through_loop));
                    let at = path.sites[i];
                    if passed_loops >= loops && at != start {
                        self.walk_from(run, walk, rest, (at, passed), reached);
                    }
                    let body_step = |at, step: &Step| {
                        if let Step::Test(test) = *step {
                            reached.read(at, test);
                        }
                        lifted.step(self, walk, step, at)
                    };
                    if body.iter().try_fold(at, body_step).is_none() {
                        break;
                    }
                }
            }
        }
    }

    /// Runs `rest` once from every site that a chain of `legs` reaches from `start`
    /// ([`Step::Reach`]): a search over the sites reached, kept on the stack (those reached
    /// as a set, those still to go on from as a list, each put there once): nothing is
    /// allocated. Out of line, as [`State::anywhere`].
    #[inline(never)]
    fn chain_of_legs(
        &self,
        run: impl Runner,
        walk: &Walk,
        (legs, rest): (&[Vec<Step>], &[Step]),
        (start, passed): Cursor,
        reached: &mut impl Reached,
    ) {
        let mut seen: SiteSet = [0; SITE_SET_WORDS];
        seen[start.index() / 64] |= 1 << (start.index() % 64);
        let mut todo = [NO_SITE; SITE_SET_WORDS * 64];
        todo[0] = start;
        let mut len = 1;
        let legs_run = Lifted {
            mover: run.mover(),
            left: start,
        };
        while len > 0 {
            len -= 1;
            let from = todo[len];
            for leg in legs {
                let landed =
                    (leg.iter()).try_fold(from, |at, step| legs_run.step(self, walk, step, at));
                let Some(to) = landed else {
                    continue;
                };
                let (word, bit) = (to.index() / 64, 1 << (to.index() % 64));
                if seen[word] & bit != 0 {
                    continue;
                }
                seen[word] |= bit;
                todo[len] = to;
                len += 1;
                self.walk_from(run, walk, rest, (to, passed), reached);
            }
        }
    }

    /// Runs the rest of the walk from the end of every route of a chain of legs from
    /// `start` ([`Step::Route`]): a depth-first search on a fixed stack (per depth the
    /// landing, the next leg to try and whether a leg went on from it), with the sites
    /// passed over and, where the rules ask, those landed on, as sets: nothing is
    /// allocated. Out of line, as [`State::anywhere`].
    #[inline(never)]
    fn routes(
        &self,
        run: impl Runner,
        walk: &Walk,
        RouteSteps { legs, rules, rest }: RouteSteps,
        start: Site,
        reached: &mut impl Reached,
    ) {
        if rules.by_pieces() {
            let route = RouteSteps { legs, rules, rest };
            return self.piece_routes(run, walk, route, start, reached);
        }
        let piece = self.position.cells[start.index()];
        let bits = leg_bits(legs.len());
        let most = (rules.most).map_or(max_chain_legs(legs.len()), |m| {
            usize::from(m.get()).min(max_chain_legs(legs.len()))
        });
        let none_left = legs.len() as u8;
        let mut stack = [(NO_SITE, 0u8, false); MAX_CHAIN_LEGS + 1];
        stack[0] = (start, 0, false);
        // What the leg that reached each depth passed over, and its index.
        let mut over_at = [(Passing::NONE, 0u8); MAX_CHAIN_LEGS + 1];
        let (mut passed, mut stood): (SiteSet, SiteSet) =
            ([0; SITE_SET_WORDS], [0; SITE_SET_WORDS]);
        if rules.fresh_landings {
            flip(&mut stood, start);
        }
        let (mut path, mut depth) = (0u64, 0);
        let lifted = Lifted {
            mover: run.mover(),
            left: start,
        };
        loop {
            let (at, next, _) = stack[depth];
            if next < none_left && depth < most {
                // A straight route tries only the leg that reached this depth again.
                stack[depth].1 = if rules.straight && depth > 0 {
                    none_left
                } else {
                    next + 1
                };
                let leg = &legs[next as usize];
                let turns_back = rules.turning
                    && depth > 0
                    && Walk::leg_direction(leg)
                        == Walk::leg_direction(&legs[over_at[depth].1 as usize]);
                let taken = (rules.taken_at_once).then_some(&passed).zip(walk.taking);
                let legs_run = Legs { lifted, taken };
                let Some((over, to)) = self.route_leg(legs_run, walk, leg, at, &passed) else {
                    continue;
                };
                if turns_back || has(&stood, to) {
                    continue;
                }
                stack[depth].2 = true;
                self.flip_passed(&mut passed, over);
                if rules.fresh_landings {
                    flip(&mut stood, to);
                }
                path = path << bits | u64::from(next);
                depth += 1;
                over_at[depth] = (over, next);
                let first_leg = if rules.straight { next } else { 0 };
                let stop = self.promoted_at(piece, to).then_some(none_left);
                stack[depth] = (to, stop.unwrap_or(first_leg), false);
                continue;
            }
            if depth == 0 {
                return;
            }
            if rules.at_will || !stack[depth].2 {
                let (first, legs) = (over_at[1].0.first, depth as u8);
                // A straight route's legs are all its first: the path need not say which.
                let path = if rules.straight { 0 } else { path };
                let route = Route {
                    first,
                    legs,
                    path,
                    by_pieces: None,
                };
                let mut end = RouteEnd { reached, route };
                self.walk_from(run, walk, rest, (at, first), &mut end);
            }
            self.flip_passed(&mut passed, over_at[depth].0);
            if rules.fresh_landings {
                flip(&mut stood, at);
            }
            path >>= bits;
            depth -= 1;
        }
    }

    /// Flips in `set` the sites a leg passed over ([`Passing`]).
    pub(super) fn flip_passed(&self, set: &mut SiteSet, over: Passing) {
        let mut site = over.first;
        for _ in 0..over.len {
            flip(set, site);
            site = self.game.board.step(site, over.along);
        }
    }

    /// Where a leg of a route goes from `at` (for `run`, whose left site is where the route
    /// began): what it passes over and its landing, or `None` where it does not go on or
    /// passes over a site of `passed` again.
    fn route_leg(
        &self,
        run: impl Runner,
        walk: &Walk,
        leg: &[Step],
        at: Site,
        passed: &SiteSet,
    ) -> Option<(Passing, Site)> {
        let (mut over, mut at) = (Passing::NONE, at);
        for step in leg {
            over = match *step {
                Step::Over if has(passed, at) => return None,
                Step::Over => Passing {
                    first: at,
                    along: 0,
                    len: 1,
                },
                Step::OverRun(along) => self.run_passed(run.mover(), at, along, passed)?,
                _ => {
                    at = run.step(self, walk, step, at)?;
                    over
                }
            };
        }
        Some((over, at))
    }

    /// The unbroken run of enemy pieces of `mover`'s from the next site along `along` from
    /// `at`, not passed over yet ([`Step::OverRun`]); `None` where it has none.
    pub(super) fn run_passed(
        &self,
        mover: Player,
        at: Site,
        along: u8,
        passed: &SiteSet,
    ) -> Option<Passing> {
        let board = &self.game.board;
        let first = board.step(at, along);
        let (mut site, mut len) = (first, 0u8);
        while site != NO_SITE && !has(passed, site) {
            let cell = self.position.cells[site.index()];
            if cell == EMPTY || self.game.tables.owner[cell.index()] == mover {
                break;
            }
            len += 1;
            site = board.step(site, along);
        }
        (len > 0).then_some(Passing { first, along, len })
    }

    /// What a move of `rule` does to the piece on the site it passes over, where it takes
    /// it: as its kind says ([`rulebook_model::MoveKind::passed_taking`]), or, `in
    /// passing`, captured.
    pub(super) fn passed_taking(&self, rule: &MoveRule) -> Option<Taking> {
        match rule.filter.in_passing {
            true => Some(Taking::Capture(CaptureMode::Remove)),
            false => rule.kind.passed_taking(),
        }
    }

    /// Whether the site `at` passes a test of lines ([`SiteTest::InLine`],
    /// [`SiteTest::OutOfLineFirst`]) for `mover`, the board read through `cell`: the piece
    /// there, and the pieces of its owner's along the board's axes through it. Out of line:
    /// few walks test lines.
    #[inline(never)]
    pub(super) fn lined(
        &self,
        mover: Player,
        test: SiteTest,
        at: Site,
        cell: impl Fn(Site) -> Cell,
    ) -> bool {
        let owner = |s: Site| {
            let c = cell(s);
            (c != EMPTY).then(|| self.game.tables.owner[c.index()])
        };
        let Some(own) = owner(at) else {
            return false;
        };
        let in_line = |s: Site, n: u8| {
            let theirs = owner(s);
            self.longest_line_through(s, |t| owner(t) == theirs) >= n as usize
        };
        match test {
            SiteTest::InLine(n) => in_line(at, n),
            SiteTest::OutOfLineFirst(n) => {
                // Every piece on the side of the piece here (the mover's, or the mover's
                // opponents') in a line.
                let side = own == mover;
                !in_line(at, n)
                    || Site::all(self.game.board.sites()).all(|s| match owner(s) {
                        Some(p) if (p == mover) == side => in_line(s, n),
                        _ => true,
                    })
            }
            _ => unreachable!("only tests of lines are judged here"),
        }
    }

    /// What the site `at` holds once its piece, passed over by a walk of `mover`'s, is
    /// taken as `taking` says ([`State::take_site`]).
    pub(super) fn taken_cell(&self, mover: Player, at: Site, taking: Taking) -> Cell {
        let cell = self.position.cells[at.index()];
        let enemy = cell != EMPTY && self.game.tables.owner[cell.index()] != mover;
        match taking {
            Taking::Remove => EMPTY,
            Taking::Capture(CaptureMode::Remove) if enemy => EMPTY,
            Taking::Capture(CaptureMode::Convert) if enemy => {
                self.game.cell(mover, self.game.kind_of(cell))
            }
            Taking::Capture(_) | Taking::Keep => cell,
            // The piece goes on, off this site.
            Taking::Behind => EMPTY,
        }
    }

    /// Whether the site `at`, were it to hold `cell` (empty: the moving piece has left it;
    /// or what a route's taking left there), passes `test` for `mover`; a piece there has
    /// moved. Apart from [`State::passes`], which it does not call (a second caller would
    /// take that out of line, a call in every step of every walk).
    fn passes_as(&self, mover: Player, test: SiteTest, at: Site, cell: Cell) -> bool {
        let enemy = cell != EMPTY && self.game.tables.owner[cell.index()] != mover;
        match test {
            SiteTest::Empty => cell == EMPTY,
            SiteTest::Enemy => enemy,
            SiteTest::Friend => cell != EMPTY && !enemy,
            SiteTest::EmptyOrEnemy => cell == EMPTY || enemy,
            SiteTest::EmptyOrFriend => !enemy,
            SiteTest::Occupied => cell != EMPTY,
            SiteTest::EmptyOrPiece => true,
            SiteTest::EmptyOr(kinds) => cell == EMPTY || kinds >> self.game.kind_of(cell) & 1 == 1,
            SiteTest::Unmoved => false,
            SiteTest::Passed(kinds) => cell == EMPTY && self.passed_by(mover, kinds, at),
            SiteTest::In(r) => self.game.in_region(r as usize, at),
            SiteTest::NotIn(r) => !self.game.in_region(r as usize, at),
            SiteTest::NextTo(n) => self.has_neighbour(at, n),
            // Read by the walks from a piece alone ([`Guarded`]).
            SiteTest::Unattacked => false,
            // The other sites as they stand.
            SiteTest::InLine(_) | SiteTest::OutOfLineFirst(_) => {
                let cells = &self.position.cells;
                let read = |s: Site| if s == at { cell } else { cells[s.index()] };
                self.lined(mover, test, at, read)
            }
        }
    }

    /// How many sites of the board's line through `at` along `axis` (both ways, `at`
    /// among them) hold a piece `counted` counts, read as `run`'s tests read them
    /// ([`Step::RepeatByLine`]). Out of line, as [`State::anywhere`].
    #[inline(never)]
    fn line_count(
        &self,
        run: impl Runner,
        walk: &Walk,
        (axis, counted): (u8, LinePieces),
        at: Site,
        reached: &mut impl Reached,
    ) -> i32 {
        let test = counted.test();
        let step = Step::Test(test);
        let mut count = |s: Site| {
            reached.read(s, test);
            i32::from(run.step(self, walk, &step, s).is_some())
        };
        let board = &self.game.board;
        let mut total = count(at);
        for dir in [axis, reverse_direction(axis)] {
            // A line ends at the board's edge; at most one lap of the sites even on a board
            // whose links might come round.
            let mut s = board.step(at, dir);
            for _ in 0..board.sites() {
                if s == NO_SITE || s == at {
                    break;
                }
                total += count(s);
                s = board.step(s, dir);
            }
        }
        total
    }

    /// Repeats `body` from the cursor between `min` and `max` times, running `rest` after
    /// each number of repetitions from `min` on, until the body cannot go on.
    fn repeat(
        &self,
        run: impl Runner,
        walk: &Walk,
        (body, min, max): (&[Step], u16, u16),
        rest: &[Step],
        (at, passed): Cursor,
        reached: &mut impl Reached,
    ) {
        let mut at = at;
        for done in 0..=max {
            if done >= min {
                self.walk_from(run, walk, rest, (at, passed), reached);
            }
            if done == max {
                return;
            }
            let body_step = |at, step: &Step| {
                if let Step::Test(test) = *step {
                    reached.read(at, test);
                }
                run.step(self, walk, step, at)
            };
            match body.iter().try_fold(at, body_step) {
                Some(next) => at = next,
                None => return,
            }
        }
    }

    /// Where a straight step (a shift, a leap or a test) leaves the cursor from `at`, or
    /// `None` where the walk ends.
    #[inline]
    fn straight_step(&self, mover: Player, walk: &Walk, step: &Step, at: Site) -> Option<Site> {
        let next = match *step {
            Step::Shift(dir) => self.game.board.step(at, dir),
            Step::Leap(k) => walk.leaps[k as usize].targets[at.index()],
            Step::Test(test) => match self.passes(mover, test, at) {
                true => at,
                false => NO_SITE,
            },
            Step::ShiftOpen(d) => match self.position.walls.cuts(at, d) {
                true => NO_SITE,
                false => self.game.board.step(at, d),
            },
            Step::Closed(d) => {
                match self.game.board.step(at, d) == NO_SITE || self.position.walls.cuts(at, d) {
                    true => at,
                    false => NO_SITE,
                }
            }
            Step::Anywhere
            | Step::Emit
            | Step::Over
            | Step::Repeat { .. }
            | Step::RepeatByLine { .. }
            | Step::Branch(_)
            | Step::Reach(_)
            | Step::Route { .. }
            | Step::Follow { .. }
            | Step::OverRun(_) => unreachable!("the compiler keeps these out of straight walks"),
        };
        (next != NO_SITE).then_some(next)
    }

    /// Whether the last move's piece, an enemy of `mover`'s of one of `kinds`, passed over
    /// the site `at` ([`Traces::passing`](super::Traces)). Out of line: inlined, it would
    /// make every straight step save more registers (4% more instructions in playouts of
    /// a bundled game with `forbid leaving`), for a test few walks make.
    #[inline(never)]
    fn passed_by(&self, mover: Player, kinds: u64, at: Site) -> bool {
        let (from, to) = self.position.traces.passing;
        if to == NO_SITE {
            return false;
        }
        let cell = self.position.cells[to.index()];
        cell != EMPTY
            && self.game.tables.owner[cell.index()] != mover
            && kinds >> self.game.kind_of(cell) & 1 == 1
            && passed_over(&self.game, (from, to)).contains(&at)
    }

    /// Whether the site `at` passes `test`, for `mover`.
    #[inline]
    fn passes(&self, mover: Player, test: SiteTest, at: Site) -> bool {
        let cell = self.position.cells[at.index()];
        let enemy = || cell != EMPTY && self.game.tables.owner[cell.index()] != mover;
        let in_region = |r: u16| self.game.in_region(r as usize, at);
        match test {
            SiteTest::Empty => cell == EMPTY,
            SiteTest::Enemy => enemy(),
            SiteTest::Friend => cell != EMPTY && self.game.tables.owner[cell.index()] == mover,
            SiteTest::EmptyOrEnemy => cell == EMPTY || enemy(),
            SiteTest::EmptyOrFriend => !enemy(),
            SiteTest::Occupied => cell != EMPTY,
            SiteTest::EmptyOrPiece => true,
            SiteTest::EmptyOr(kinds) => cell == EMPTY || kinds >> self.game.kind_of(cell) & 1 == 1,
            SiteTest::Unmoved => self.position.is_unmoved(at),
            SiteTest::Passed(kinds) => cell == EMPTY && self.passed_by(mover, kinds, at),
            SiteTest::In(r) => in_region(r),
            SiteTest::NotIn(r) => !in_region(r),
            SiteTest::NextTo(n) => self.has_neighbour(at, n),
            // Read by the walks from a piece alone ([`Guarded`]).
            SiteTest::Unattacked => false,
            SiteTest::InLine(_) | SiteTest::OutOfLineFirst(_) => {
                let cells = &self.position.cells;
                self.lined(mover, test, at, |s| cells[s.index()])
            }
        }
    }
}
