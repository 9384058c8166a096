//! The routes of a chain of legs recorded by the pieces they pass over
//! ([`rulebook_model::RouteRecord::Pieces`]): a leg may land on any of several sites along its line (a
//! jump that flies, a [`Step::Repeat`] in the leg), a route may hand on to another rule's
//! legs where the moving piece becomes another kind as it lands (a promotion `at once`),
//! and the routes that pass over the same sites to the same end are one move. A recursive
//! search, apart from the fixed-stack search of routes recorded by their legs
//! (`walk.rs`), whose legs each land on one site.

use super::movegen::{SiteSet, SITE_SET_WORDS};
use super::walk::{flip, has, Legs, Lifted, Passing, Reached, Route, RouteEnd, RouteSteps, Runner};
use super::{Move, State};
use rulebook_model::{
    Cell, MidChain, MoveKind, Player, RouteRules, Site, Step, Walk, MAX_CHAIN_LEGS, NO_SITE,
};

/// Where the ends of routes go: the landings of each route (its start first) and the route.
type Ends<'a> = dyn FnMut(&[Site], Route) + 'a;

/// What the search keeps as it goes down a route.
struct PieceSearch {
    /// The moving piece's mover, and the site it left.
    lifted: Lifted,
    /// The sites passed over so far.
    passed: SiteSet,
    /// The sites the piece has stood on (kept where [`RouteRules::fresh_landings`]).
    stood: SiteSet,
    /// The bits of the sites passed over ([`rulebook_model::PieceBits`]).
    taken: u64,
    /// The route so far: `landings[0]` is the start, `landings[d]` where leg `d` landed.
    landings: [Site; MAX_CHAIN_LEGS + 1],
    /// The direction of the leg that reached each depth, if it has one.
    directions: [Option<u8>; MAX_CHAIN_LEGS + 1],
    /// The index of the leg that reached depth 1 (a straight route's every leg).
    first_leg: usize,
}

/// The route in force: the walk whose legs it runs, and the moving piece as it now is.
#[derive(Clone, Copy)]
struct Going<'a> {
    walk: &'a Walk,
    legs: &'a [Vec<Step>],
    rules: RouteRules,
    piece: Cell,
    /// The kind the piece became on the way, if it did.
    became: Option<u8>,
}

/// The destinations after a route's end for [`State::piece_chain_routes`]: each a move of
/// rule `rule` from `from`, given with the route's landings.
struct Visit<'a> {
    landings: &'a [Site],
    visit: &'a mut dyn FnMut(&[Site], Move),
    rule: u8,
    from: Site,
}

impl Reached for Visit<'_> {
    fn reach(&mut self, _to: Site, _passed: Site) {}

    fn reach_route(&mut self, to: Site, route: Route) {
        (self.visit)(self.landings, route.move_to(self.rule, self.from, to));
    }
}

impl State {
    /// Runs the rest of the walk from the end of every route recorded by its pieces from
    /// `start` ([`rulebook_model::RouteRecord::Pieces`]). Out of line, as the other searches.
    #[inline(never)]
    pub(super) fn piece_routes(
        &self,
        run: impl Runner,
        walk: &Walk,
        RouteSteps { legs, rules, rest }: RouteSteps,
        start: Site,
        reached: &mut impl Reached,
    ) {
        let mut ends = |landings: &[Site], route: Route| {
            let end = landings[landings.len() - 1];
            let mut end_reached = RouteEnd { reached, route };
            self.walk_from(run, walk, rest, (end, NO_SITE), &mut end_reached);
        };
        self.search_piece_routes(run.mover(), walk, (legs, rules), start, &mut ends);
    }

    /// Every route of rule `index`, a walk whose first step is a route recorded by its
    /// pieces (as the compiler writes one), of the piece on `from`, with its landings
    /// (`from` first) and its move, in the order of the search (legs in order, the nearer
    /// landing first), routes that make the same move included; none for any other rule.
    pub(super) fn piece_chain_routes(
        &self,
        index: u8,
        from: Site,
        visit: &mut dyn FnMut(&[Site], Move),
    ) {
        let MoveKind::Walk(walk) = &self.game.moves[index as usize].kind else {
            return;
        };
        let Some((Step::Route { legs, rules }, rest)) = walk.steps.split_first() else {
            return;
        };
        let mover = self.position.to_move;
        let mut ends = |landings: &[Site], route: Route| {
            let end = landings[landings.len() - 1];
            let mut visited = Visit {
                landings,
                visit: &mut *visit,
                rule: index,
                from,
            };
            let mut end_reached = RouteEnd {
                reached: &mut visited,
                route,
            };
            self.walk_as(mover, walk, rest, (end, NO_SITE), &mut end_reached);
        };
        self.search_piece_routes(mover, walk, (legs, *rules), from, &mut ends);
    }

    /// The search of the routes from `start` by `legs` under `rules`, each end given to
    /// `ends`.
    fn search_piece_routes(
        &self,
        mover: Player,
        walk: &Walk,
        (legs, rules): (&[Vec<Step>], RouteRules),
        start: Site,
        ends: &mut Ends,
    ) {
        let mut search = PieceSearch {
            lifted: Lifted { mover, left: start },
            passed: [0; SITE_SET_WORDS],
            stood: [0; SITE_SET_WORDS],
            taken: 0,
            landings: [NO_SITE; MAX_CHAIN_LEGS + 1],
            directions: [None; MAX_CHAIN_LEGS + 1],
            first_leg: 0,
        };
        search.landings[0] = start;
        if rules.fresh_landings {
            flip(&mut search.stood, start);
        }
        let going = Going {
            walk,
            legs,
            rules,
            piece: self.position.cells[start.index()],
            became: None,
        };
        self.piece_legs(&mut search, going, 0, ends);
    }

    /// The legs on from landing `depth` of the route: returns whether any landed.
    fn piece_legs(
        &self,
        search: &mut PieceSearch,
        going: Going,
        depth: usize,
        ends: &mut Ends,
    ) -> bool {
        let most = going
            .rules
            .most
            .map_or(MAX_CHAIN_LEGS, |m| usize::from(m.get()));
        if depth >= most.min(MAX_CHAIN_LEGS) {
            return false;
        }
        let mut landed = false;
        for (k, leg) in going.legs.iter().enumerate() {
            let direction = Walk::leg_direction(leg);
            let straight_off = going.rules.straight && depth > 0 && k != search.first_leg;
            let turns_back = going.rules.turning && depth > 0 && {
                direction.is_some() && direction == search.directions[depth]
            };
            if !straight_off && !turns_back {
                landed |= self.piece_leg(search, going, (depth, k), ends);
            }
        }
        landed
    }

    /// The landings of leg `k` of the route from landing `depth`, each gone on from, and
    /// the routes that end there: returns whether the leg landed anywhere.
    fn piece_leg(
        &self,
        search: &mut PieceSearch,
        going: Going,
        (depth, k): (usize, usize),
        ends: &mut Ends,
    ) -> bool {
        let rules = going.rules;
        let passed = search.passed;
        let taken = (rules.taken_at_once)
            .then_some(&passed)
            .zip(going.walk.taking);
        let run = Legs {
            lifted: search.lifted,
            taken,
        };
        let (at, leg) = (search.landings[depth], &going.legs[k]);
        let (mut landed, mut went_on) = (false, false);
        let each_landing = |visit: &mut dyn FnMut(Passing, Site)| {
            self.leg_ends(run, going.walk, leg, (at, Passing::NONE), &passed, visit)
        };
        each_landing(&mut |over, to| {
            if rules.fresh_landings && has(&search.stood, to) {
                return;
            }
            landed = true;
            self.enter(search, (depth, k, leg), over, to);
            let on = self.handed_on(going, to);
            let goes_on = on.is_some_and(|next| self.piece_legs(search, next, depth + 1, ends));
            went_on |= goes_on;
            if rules.at_will || (!goes_on && !rules.lands_to_go_on()) {
                self.end_route(search, going, depth + 1, ends);
            }
            self.leave(search, depth + 1, over);
        });
        if landed && !went_on && rules.lands_to_go_on() && !rules.at_will {
            each_landing(&mut |over, to| {
                if !(rules.fresh_landings && has(&search.stood, to)) {
                    self.enter(search, (depth, k, leg), over, to);
                    self.end_route(search, going, depth + 1, ends);
                    self.leave(search, depth + 1, over);
                }
            });
        }
        landed
    }

    /// Goes down the route by leg `k` (`leg`) from landing `depth`: the sites it passed
    /// over marked, its landing `to` kept.
    fn enter(
        &self,
        search: &mut PieceSearch,
        (depth, k, leg): (usize, usize, &[Step]),
        over: Passing,
        to: Site,
    ) {
        self.flip_passed(&mut search.passed, over);
        search.taken ^= self.passing_bits(over);
        search.landings[depth + 1] = to;
        search.directions[depth + 1] = Walk::leg_direction(leg);
        if depth == 0 {
            search.first_leg = k;
        }
        flip(&mut search.stood, to);
    }

    /// Comes back up from landing `depth`, reached passing over `over`.
    fn leave(&self, search: &mut PieceSearch, depth: usize, over: Passing) {
        self.flip_passed(&mut search.passed, over);
        search.taken ^= self.passing_bits(over);
        flip(&mut search.stood, search.landings[depth]);
    }

    /// The bits of the sites a leg passed over ([`rulebook_model::PieceBits`]).
    fn passing_bits(&self, over: Passing) -> u64 {
        let bits = &self.game.tables.piece_bits;
        let (mut site, mut all) = (over.first, 0);
        for _ in 0..over.len {
            all |= bits.bit(site);
            site = self.game.board.step(site, over.along);
        }
        all
    }

    /// The route ending at landing `depth`, given to `ends`, the piece made the kind a
    /// promotion `at once` makes it there, if one does.
    fn end_route(&self, search: &PieceSearch, going: Going, depth: usize, ends: &mut Ends) {
        let to = search.landings[depth];
        let became = match self.mid_chain(going.piece, to) {
            Some((MidChain::GoOn, kind)) => Some(kind),
            _ => going.became,
        };
        let route = Route::by_pieces(search.taken, became);
        ends(&search.landings[..=depth], route);
    }

    /// How the route goes on from a landing on `to`: as it is, or (a promotion `at once`)
    /// by the legs of the first rule in force that moves the new kind with a route recorded
    /// by its pieces; `None` where it stops there (a promotion that ends a chain, or no rule
    /// goes on).
    fn handed_on<'a>(&'a self, going: Going<'a>, to: Site) -> Option<Going<'a>> {
        let kind = match self.mid_chain(going.piece, to) {
            None | Some((MidChain::Pass, _)) => return Some(going),
            Some((MidChain::Stop, _)) => return None,
            Some((MidChain::GoOn, kind)) => kind,
        };
        let game = &*self.game;
        game.moves.iter().find_map(|rule| {
            let MoveKind::Walk(walk) = &rule.kind else {
                return None;
            };
            let (legs, rules) = walk.route().filter(|(_, rules)| rules.by_pieces())?;
            let moves_it = rule.filter.kinds >> kind & 1 == 1 && self.holds(&rule.condition);
            moves_it.then(|| Going {
                walk,
                legs,
                rules,
                piece: game.cell(self.position.to_move, kind as usize),
                became: Some(kind),
            })
        })
    }

    /// Runs the leg `steps` from the cursor `at` (what it passed over so far: `over`),
    /// giving each end it reaches to `visit` with what it passed over: a [`Step::Repeat`]
    /// ends at each number of repetitions it can make from its least, the rest of the leg
    /// going on from each.
    fn leg_ends(
        &self,
        run: impl Runner,
        walk: &Walk,
        steps: &[Step],
        (at, over): (Site, Passing),
        passed: &SiteSet,
        visit: &mut dyn FnMut(Passing, Site),
    ) {
        let (mut at, mut over) = (at, over);
        for (i, step) in steps.iter().enumerate() {
            match *step {
                Step::Repeat { ref body, min, max } => {
                    let rest = &steps[i + 1..];
                    for done in 0..=max {
                        if done >= min {
                            self.leg_ends(run, walk, rest, (at, over), passed, visit);
                        }
                        let next = body.iter().try_fold(at, |a, s| run.step(self, walk, s, a));
                        match next {
                            Some(next) if done < max => at = next,
                            _ => return,
                        }
                    }
                    return;
                }
                Step::Over if has(passed, at) => return,
                Step::Over => over = Passing::one(at),
                Step::OverRun(along) => match self.run_passed(run.mover(), at, along, passed) {
                    Some(run) => over = run,
                    None => return,
                },
                _ => match run.step(self, walk, step, at) {
                    Some(next) => at = next,
                    None => return,
                },
            }
        }
        visit(over, at);
    }
}
