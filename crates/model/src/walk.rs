//! The core of a piece's move: a walk. A cursor starts on the moving piece's site and goes
//! through a program of a few primitives: it is moved (along a direction, by a fixed
//! offset, or to every site in turn), the site under it is tested, a part is repeated, the
//! walk branches, a site is marked as passed over, and a site reached is offered as a
//! destination. Every
//! destination a walk reaches from a piece is a move of that piece to there, made as a
//! step is (the piece leaves its site and lands, replacing what stood there), then the
//! piece on the site the walk passed over on its way, if it marked one, is taken as the
//! walk says ([`Taking`]), then the game's effects follow as after any move.
//!
//! A surface construct that says where a piece may go is written as a walk by the compiler
//! (`move leap 1, 2` is eight branches of a leap, a test of the landing and a destination);
//! the engine runs any walk with one interpreter, so a construct made of these primitives
//! needs no engine change.

use crate::board::reverse_direction;
use crate::{CaptureMode, NextTo, Site, NO_SITE};
use std::num::NonZeroU8;

/// A compiled walk: its program, and the tables its leaps read.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// What each destination's move does, and so where the walk starts.
    pub action: WalkAction,
    /// The program, run from the moving piece's site (from no site where the action of a
    /// move rule's walk is no [`WalkAction::Move`]: its first step is then
    /// [`Step::Anywhere`]; from the move's landing for a second part's,
    /// [`crate::SecondPart`]).
    pub steps: Vec<Step>,
    /// The leaps [`Step::Leap`] makes, by index.
    pub leaps: Vec<Leap>,
    /// What becomes of the piece on the site the walk passes over ([`Step::Over`]); none
    /// where the walk has no such step.
    pub taking: Option<Taking>,
}

/// What the move to a walk's destination does. A piece's move runs the walk from each of the
/// mover's pieces; a placement or a removal runs it once, from no site, its first step
/// going to every site in turn ([`Step::Anywhere`]); a second part that places or removes a
/// piece runs it from each move's landing ([`crate::SecondPart`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkAction {
    /// The moving piece goes from its site to the destination, as a step does.
    Move,
    /// A new piece of the mover's, of this kind, lands on the destination; `from_hand`: it
    /// comes from the mover's counted stock ([`crate::Start::stock`]), which must hold one,
    /// else from an unlimited supply.
    Place {
        /// The kind of the piece placed.
        kind: u8,
        /// The piece comes from the mover's counted stock.
        from_hand: bool,
    },
    /// The piece on the destination leaves the board.
    Remove,
}

/// What a walk's move does to the piece on the site it passed over ([`Step::Over`]), once
/// the moving piece has landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taking {
    /// An enemy piece there is captured so (removed, or made the mover's); the mover's own
    /// stays.
    Capture(CaptureMode),
    /// The piece there leaves the board, whoever's it is.
    Remove,
    /// The piece there stays: the move only records the site it passed over.
    Keep,
    /// The piece there moves on the move's line to the site just before the destination
    /// (the last the moving piece crossed), whoever's it is: the move takes nothing and
    /// moves two pieces (a castling's partner).
    Behind,
}

impl Taking {
    /// Whether a piece passed over may leave the board or change hands.
    pub fn takes(self) -> bool {
        matches!(self, Taking::Capture(_) | Taking::Remove)
    }
}

impl Walk {
    /// The kind of piece the walk's moves place, if they are placements.
    #[inline(never)]
    pub fn placed_kind(&self) -> Option<u8> {
        match self.action {
            WalkAction::Place { kind, .. } => Some(kind),
            WalkAction::Move | WalkAction::Remove => None,
        }
    }

    /// Whether the walk's moves are placements from an unlimited supply.
    #[inline(never)]
    pub fn placed_from_supply(&self) -> bool {
        matches!(
            self.action,
            WalkAction::Place {
                from_hand: false,
                ..
            }
        )
    }

    /// Whether a step of the walk, at any depth, makes this test.
    pub fn tests(&self, test: SiteTest) -> bool {
        self.fold_tests(false, |found, t| found || *t == test)
    }

    /// Whether a move of the walk may be an attack, so that the test of a site attacked
    /// runs it: unless the walk itself tests a site unattacked ([`SiteTest::Unattacked`]),
    /// which would ask again.
    pub fn attacks(&self) -> bool {
        !self.tests(SiteTest::Unattacked)
    }

    /// The kinds (a bit each) of the pieces whose unmoved marks the walk reads
    /// ([`SiteTest::Unmoved`]), where `movers` are the kinds of the pieces it moves: a
    /// test on the start, before any shift, leap or flight, reads the moving piece's; one
    /// elsewhere, the kinds the tests next to it allow ([`SiteTest::EmptyOr`]), every
    /// kind where none narrows them.
    pub fn unmoved_kinds(&self, movers: u64) -> u64 {
        fn fold(steps: &[Step], mut moved: bool, movers: u64) -> u64 {
            let (mut kinds, mut run, mut unmoved) = (0, u64::MAX, false);
            for step in steps {
                match step {
                    Step::Test(SiteTest::Unmoved) => unmoved = true,
                    Step::Test(SiteTest::EmptyOr(k)) => run &= k,
                    Step::Test(_) => {}
                    other => {
                        if unmoved {
                            kinds |= if moved { run } else { movers };
                        }
                        (run, unmoved) = (u64::MAX, false);
                        let inner: &[Vec<Step>] = match other {
                            Step::Branch(walks) | Step::Reach(walks) => walks,
                            Step::Route { legs, .. } => legs,
                            Step::Repeat { body, .. }
                            | Step::RepeatByLine { body, .. }
                            | Step::Follow { body, .. } => std::slice::from_ref(body),
                            _ => &[],
                        };
                        // A branch goes on from the cursor; the other steps that hold
                        // walks move it.
                        let branch = matches!(other, Step::Branch(_));
                        for walk in inner {
                            kinds |= fold(walk, moved || !branch, movers);
                        }
                        moved |= !branch
                            && !matches!(
                                other,
                                Step::Over | Step::Emit | Step::Closed(_) | Step::OverRun(_)
                            );
                    }
                }
            }
            if unmoved {
                kinds |= if moved { run } else { movers };
            }
            kinds
        }
        fold(&self.steps, false, movers)
    }

    /// Folds `f` over the tests the walk makes, at any depth, in order.
    pub fn fold_tests<T>(&self, init: T, mut f: impl FnMut(T, &SiteTest) -> T) -> T {
        fn fold<T>(steps: &[Step], acc: T, f: &mut impl FnMut(T, &SiteTest) -> T) -> T {
            steps.iter().fold(acc, |acc, step| match step {
                Step::Test(t) => f(acc, t),
                Step::Repeat { body, .. } | Step::Follow { body, .. } => fold(body, acc, f),
                Step::RepeatByLine { body, counted, .. } => fold(body, f(acc, &counted.test()), f),
                Step::Branch(walks) | Step::Reach(walks) | Step::Route { legs: walks, .. } => {
                    walks.iter().fold(acc, |acc, w| fold(w, acc, f))
                }
                Step::Shift(_) | Step::Leap(_) | Step::Anywhere | Step::Over | Step::Emit => acc,
                Step::ShiftOpen(_) | Step::Closed(_) | Step::OverRun(_) => acc,
            })
        }
        fold(&self.steps, init, &mut f)
    }

    /// The legs of the walk's chain recorded by its route ([`Step::Route`]), if it has one,
    /// and the route's rules.
    pub fn route(&self) -> Option<(&[Vec<Step>], RouteRules)> {
        self.steps.iter().find_map(|step| match step {
            Step::Route { legs, rules } => Some((legs.as_slice(), *rules)),
            _ => None,
        })
    }

    /// Whether the walk's moves are made leg by leg, each leg's pieces taken as it lands:
    /// its route takes them at once ([`RouteRules::taken_at_once`]) or a leg passes over a
    /// run ([`Step::OverRun`]), whose length the board as the legs before left it tells.
    pub fn plays_by_legs(&self) -> bool {
        self.route()
            .is_some_and(|(_, rules)| rules.taken_at_once || self.passes_runs())
    }

    /// Whether the walk's route is recorded by the sites it passes over
    /// ([`RouteRecord::Pieces`]).
    pub fn records_pieces(&self) -> bool {
        self.route().is_some_and(|(_, rules)| rules.by_pieces())
    }

    /// Whether a leg of the walk's route passes over a run ([`Step::OverRun`]).
    pub fn passes_runs(&self) -> bool {
        self.route().is_some_and(|(legs, _)| {
            (legs.iter().flatten()).any(|step| matches!(step, Step::OverRun(_)))
        })
    }

    /// The direction of a leg of a route: that of its first shift, if it has one.
    pub fn leg_direction(leg: &[Step]) -> Option<u8> {
        leg.iter().find_map(|step| match *step {
            Step::Shift(d) | Step::ShiftOpen(d) => Some(d),
            _ => None,
        })
    }

    /// Where leg `leg` of the walk's route ([`Walk::route`]) goes from `from` on
    /// `board`, replayed as the move made it (its tests not read): the site it passed over
    /// (the first of a run), and its landing ([`NO_SITE`] where it leaves the board).
    pub fn route_leg(&self, board: &crate::Board, leg: &[Step], from: Site) -> (Site, Site) {
        let mut over = NO_SITE;
        let mut at = from;
        for step in leg {
            at = match *step {
                _ if at == NO_SITE => return (over, NO_SITE),
                Step::Shift(d) | Step::ShiftOpen(d) => board.step(at, d),
                Step::Leap(k) => self.leaps[k as usize].targets[at.index()],
                Step::Over => {
                    over = at;
                    at
                }
                Step::OverRun(d) => {
                    over = board.step(at, d);
                    at
                }
                _ => at,
            };
        }
        (over, at)
    }

    /// The direction a leg's run goes along ([`Step::OverRun`]), if the leg passes over one.
    pub fn leg_run(leg: &[Step]) -> Option<u8> {
        leg.iter().find_map(|step| match *step {
            Step::OverRun(d) => Some(d),
            _ => None,
        })
    }

    /// Whether a step of the walk follows a named path ([`Step::Follow`]).
    pub fn follows(&self) -> bool {
        fn any(steps: &[Step]) -> bool {
            steps.iter().any(|step| match step {
                Step::Follow { .. } => true,
                Step::Branch(walks) => walks.iter().any(|w| any(w)),
                _ => false,
            })
        }
        any(&self.steps)
    }

    /// Whether a step of the walk is a chain of legs ([`Step::Reach`]).
    pub fn reaches(&self) -> bool {
        fn any(steps: &[Step]) -> bool {
            steps.iter().any(|step| match step {
                Step::Reach(_) => true,
                Step::Branch(walks) => walks.iter().any(|w| any(w)),
                _ => false,
            })
        }
        any(&self.steps)
    }

    /// The walk run backwards, for the test of a site attacked: from a site this walk
    /// reaches, it reaches every site this walk reaches it from, through the same tests on
    /// the same sites in the reverse order (one branch per [`Step::Emit`], each shift turned
    /// to the reverse direction, each leap to its inverse). Exact on a board whose links
    /// lead back ([`crate::Board::links_lead_back`]), where the compiler builds it. None
    /// for a walk that [`reaches`](Walk::reaches), has a route ([`Step::Route`]) or
    /// [`follows`](Walk::follows) a path: its legs or its path read the site it starts
    /// from as empty, and run backwards they would start from the other end.
    pub fn reversed(&self) -> Option<Walk> {
        if self.reaches() || self.route().is_some() || self.follows() {
            return None;
        }
        let mut paths = Vec::new();
        emitting_paths(&self.steps, Vec::new(), &mut paths);
        let mut branches: Vec<Vec<Step>> = (paths.iter())
            .map(|path| {
                let mut back = reversed_straight(path);
                back.push(Step::Emit);
                back
            })
            .collect();
        let steps = match branches.len() {
            1 => branches.pop().unwrap_or_default(),
            _ => vec![Step::Branch(branches)],
        };
        Some(Walk {
            action: self.action,
            steps,
            leaps: self.leaps.iter().map(Leap::inverse).collect(),
            taking: self.taking,
        })
    }
}

/// Adds to `paths` the straight walk from the start to each [`Step::Emit`] of `steps`,
/// each after `prefix`.
fn emitting_paths(steps: &[Step], mut prefix: Vec<Step>, paths: &mut Vec<Vec<Step>>) {
    for step in steps {
        match step {
            Step::Emit => paths.push(prefix.clone()),
            Step::Branch(walks) => {
                for walk in walks {
                    emitting_paths(walk, prefix.clone(), paths);
                }
                return;
            }
            straight => prefix.push(straight.clone()),
        }
    }
}

/// A straight walk run backwards: its steps in the reverse order, shifts turned round,
/// leaps by the index of their inverse, repeated bodies reversed in turn.
fn reversed_straight(steps: &[Step]) -> Vec<Step> {
    (steps.iter().rev())
        .map(|step| match step {
            Step::Shift(dir) => Step::Shift(reverse_direction(*dir)),
            Step::ShiftOpen(dir) => Step::ShiftOpen(reverse_direction(*dir)),
            Step::Repeat { body, min, max } => Step::Repeat {
                body: reversed_straight(body),
                min: *min,
                max: *max,
            },
            // The line through any site of it is the same line: the count is the same
            // wherever on it the reversed walk takes it.
            Step::RepeatByLine {
                body,
                axis,
                counted,
                add,
            } => Step::RepeatByLine {
                body: reversed_straight(body),
                axis: *axis,
                counted: *counted,
                add: *add,
            },
            other => other.clone(),
        })
        .collect()
}

/// A leap by a fixed offset on a grid, with where it goes from every site.
#[derive(Clone, Debug, PartialEq)]
pub struct Leap {
    /// Files to the east (negative: to the west).
    pub files: i16,
    /// Ranks to the north (negative: to the south).
    pub ranks: i16,
    /// `targets[site]`: the site the leap reaches from `site`, or [`crate::NO_SITE`] off
    /// the board (built by the compiler, so that a leap reads one table entry).
    pub targets: Vec<Site>,
}

impl Leap {
    /// The leap by the opposite offset, its table the inverse of this one's (a leap by a
    /// fixed offset reaches each site from one site at most).
    pub fn inverse(&self) -> Leap {
        let mut targets = vec![NO_SITE; self.targets.len()];
        for (from, &to) in self.targets.iter().enumerate() {
            if to != NO_SITE {
                targets[to.index()] = Site::at(from);
            }
        }
        Leap {
            files: -self.files,
            ranks: -self.ranks,
            targets,
        }
    }
}

/// One primitive of a walk.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The cursor moves to the next site along the board's direction with this index; the
    /// walk ends where there is none.
    Shift(u8),
    /// The cursor moves by the fixed offset of [`Walk::leaps`] at this index; the walk ends
    /// where the offset leaves the board.
    Leap(u16),
    /// The walk goes on only if the site under the cursor passes the test.
    Test(SiteTest),
    /// The move passes over the site under the cursor, if the walk goes on to a
    /// destination: the move records the site, and its piece is taken as [`Walk::taking`]
    /// says; the walk goes on. Outside a route ([`Step::Route`]) a move records one such
    /// site at most: a later one replaces an earlier one. Never in a repeated body.
    Over,
    /// The site under the cursor is a destination; the walk goes on.
    Emit,
    /// The body, a straight walk (shifts, leaps and tests), is repeated: after each number
    /// of repetitions from `min` to `max` that it can make, the rest of the walk goes on
    /// from where the repetitions left the cursor.
    Repeat {
        /// What is repeated.
        body: Vec<Step>,
        /// The fewest repetitions after which the walk goes on.
        min: u16,
        /// The most repetitions.
        max: u16,
    },
    /// Each of these walks goes on from the cursor in turn. Always a walk's last step.
    Branch(Vec<Vec<Step>>),
    /// A chain of legs: from the cursor, one of these straight walks (shifts, leaps and
    /// tests), then another from where it left the cursor, and so on, never to a site
    /// reached before nor back to the start; the rest of the walk goes on once from every
    /// site so reached after one leg or more, whatever the route. The moving piece has left
    /// the start: a leg's test of that site reads it as empty. Never in a repeated body
    /// (`chained to any landing` is this, a leg per direction).
    Reach(Vec<Vec<Step>>),
    /// A chain of legs recorded by its route (`chained`: a leg a direction, each a jump
    /// over a piece): from the cursor, one of these straight walks (where the route is
    /// recorded by its pieces, [`RouteRecord::Pieces`], walks that may also repeat a
    /// part, each repetition a landing of its own), each passing over a
    /// site ([`Step::Over`]) or a run of them ([`Step::OverRun`]), then another from where
    /// it left the cursor, and so on, never passing over a site twice (a site may be landed
    /// on again, unless the rules say otherwise). A route ends where no leg goes on from its
    /// last landing, or where the moving piece, landing there, would become another kind (a
    /// promotion that stops a chain), or as its [`RouteRules`] say; the rest of the walk
    /// goes on from each end. Each destination so reached is a move of its own per route,
    /// recorded by the number of legs and the index of each in turn ([`crate::leg_bits`]
    /// bits a leg, at most [`crate::max_chain_legs`] legs; none for a straight route, whose
    /// legs pass over different sites from any site, so that the first site passed over
    /// tells the leg), and every site passed over is taken as [`Walk::taking`] says. The
    /// moving piece has left the start, as in [`Step::Reach`]. Never in a repeated body nor
    /// a branch.
    Route {
        /// The legs, by index.
        legs: Vec<Vec<Step>>,
        /// How routes go on and end.
        rules: RouteRules,
    },
    /// In a leg of a route ([`Step::Route`]) only: the move passes over the unbroken run of
    /// enemy pieces that begins on the next site along this direction, as the route has
    /// left the board (a run ends at the board's end, at a site that holds no enemy piece
    /// or one passed over already); the walk goes on only if the run has a piece at least.
    /// The cursor stays. A capture by approach is a shift onto an empty site and a run
    /// on along the shift's direction; one by withdrawal, a run back from the start, then
    /// the shift.
    OverRun(u8),
    /// The cursor goes along the board's named path with this index
    /// ([`crate::Board::named_paths`]), either way from each of the cursor's places on it,
    /// a point at a time, at most once round: at each point reached once at least `loops`
    /// of the path's loops have been passed on the way, the rest of the walk goes on from
    /// there (never from the start itself); the path goes on past a point only if it
    /// passes the body, a straight walk of tests. The moving piece has left the start: a
    /// test of that site reads it as empty, as in [`Step::Reach`], so the path may pass
    /// over it. Never in a repeated body (`move slide along PATH` is this, over empty
    /// points, then the landing's tests and a destination).
    Follow {
        /// The path, by index in [`crate::Board::named_paths`].
        path: u16,
        /// The fewest loops passed before a point is a landing.
        loops: u8,
        /// The tests a point passed over passes.
        body: Vec<Step>,
    },
    /// The cursor goes to every site of the board in turn, the rest of the walk going on
    /// from each (a flight: `move fly` is this, a test of the landing and a destination).
    /// Never in a repeated body.
    Anywhere,
    /// A [`Step::Shift`] that a wall in the grooves ([`crate::Grooves`]) stops: the walk
    /// also ends where a wall cuts the link. In a game that lays walls the compiler makes
    /// every shift this one, so that the shifts of other games read no walls.
    ShiftOpen(u8),
    /// The walk goes on only if no link goes on from the site under the cursor along this
    /// direction: the board ends there, or a wall in the grooves cuts the link.
    Closed(u8),
    /// The body, a straight walk of shifts and tests, is repeated exactly as many times as
    /// pieces counted so stand on the board's line through the cursor along `axis` (both
    /// ways, the cursor's own site among them), plus `add` (`move slide all exactly
    /// pieces(axis)`: the line's pieces less one, the last site a landing of its own); the
    /// walk ends where that comes out below 0. The count reads the board as the walk's
    /// tests do.
    RepeatByLine {
        /// What is repeated.
        body: Vec<Step>,
        /// A direction of the line (its reverse counts alike).
        axis: u8,
        /// Which pieces count.
        counted: LinePieces,
        /// Added to the count.
        add: i8,
    },
}

/// Which pieces a count along a line counts ([`Step::RepeatByLine`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinePieces {
    /// Anyone's.
    Any,
    /// The mover's.
    Friend,
    /// The mover's opponents'.
    Enemy,
}

impl LinePieces {
    /// The test a site's piece passes to be counted.
    pub fn test(self) -> SiteTest {
        match self {
            LinePieces::Any => SiteTest::Occupied,
            LinePieces::Friend => SiteTest::Friend,
            LinePieces::Enemy => SiteTest::Enemy,
        }
    }
}

/// What a chain of legs recorded by its route ([`Step::Route`]) obeys besides its legs.
/// The default: a route goes on while a leg can, any leg after any, and the pieces passed
/// over stand until the moving piece has landed at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteRules {
    /// Every landing ends a route, not only those where it cannot go on (`chained at will`).
    pub at_will: bool,
    /// Every leg after the first is the first again (`chained straight`: a chain along one
    /// line), rather than any of the legs.
    pub straight: bool,
    /// No leg goes along the direction of the leg before it (a leg's direction is that of
    /// its first shift).
    pub turning: bool,
    /// No leg lands on a site the piece has stood on in the route, its start among them.
    pub fresh_landings: bool,
    /// The pieces a leg passes over are taken as the leg is made, and the legs after it
    /// read the board so: a site whose piece was removed as empty, one whose piece was
    /// converted as the mover's. Without it they stand until the end (a later leg can
    /// neither land there nor pass over them again).
    pub taken_at_once: bool,
    /// The most legs in a route (none: as many as the move's record holds).
    pub most: Option<NonZeroU8>,
    /// How a move is recorded: by its legs, or by the sites they pass over.
    pub record: RouteRecord,
}

impl RouteRules {
    /// Whether a move is recorded by the sites its legs passed over
    /// ([`RouteRecord::Pieces`]).
    #[inline]
    pub fn by_pieces(self) -> bool {
        matches!(self.record, RouteRecord::Pieces { .. })
    }

    /// Whether, of the landings of one leg from a site, those from which the route goes on
    /// are its only ones where there are any ([`RouteRecord::Pieces`]).
    #[inline]
    pub fn lands_to_go_on(self) -> bool {
        matches!(
            self.record,
            RouteRecord::Pieces {
                lands_to_go_on: true
            }
        )
    }
}

/// How the moves of a route ([`Step::Route`]) are recorded. (One byte, as
/// [`RouteRules`] is seven: a [`Step`] stays four words.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RouteRecord {
    /// By the legs: how many, and the index of each in turn.
    #[default]
    Legs,
    /// By the sites the legs passed over (as bits of [`crate::PieceBits`]) and the kind
    /// the moving piece became on the way: the routes that pass over the same sites, end on
    /// the same site and make the piece the same kind are one move. The legs may then
    /// repeat a part (a [`Step::Repeat`]), so that a leg lands on any of several sites along
    /// its line (a jump that flies). Such a route goes on where the moving piece becomes
    /// another kind as it lands (a promotion `at once`) by the legs of the first rule in
    /// force that moves that kind with a route of this record.
    Pieces {
        /// Of the landings of one leg from a site, those from which the route goes on are
        /// its only ones where there are any: a landing from which no leg goes on ends a
        /// route only when no landing of that leg goes on (a piece that can jump on must
        /// land where it can).
        lands_to_go_on: bool,
    },
}

/// A test of the site under a walk's cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteTest {
    /// Nothing stands there.
    Empty,
    /// A piece of the mover's opponent stands there.
    Enemy,
    /// A piece of the mover's own stands there.
    Friend,
    /// Nothing, or a piece of the mover's opponent.
    EmptyOrEnemy,
    /// A piece, anyone's.
    Occupied,
    /// Anything: nothing, or a piece of anyone's (`onto empty or piece`).
    EmptyOrPiece,
    /// Nothing, or a piece of one of these kinds (a bit per kind): what `onto enemy KIND`
    /// lets a move take.
    EmptyOr(u64),
    /// A piece stands there that has not moved since the start (`by unmoved`): no move has
    /// changed the site since.
    Unmoved,
    /// An empty site that the last move's piece, an enemy's of one of these kinds (a bit
    /// per kind), passed over on its line (`onto enemy pawn in passing`): the move takes
    /// that piece.
    Passed(u64),
    /// The site is in the region with this index ([`crate::Tables::regions`]).
    In(u16),
    /// The site is not in the region with this index.
    NotIn(u16),
    /// A neighbour of the site along one of the directions holds what it names (`next
    /// to`, on a placement or a removal).
    NextTo(NextTo),
    /// The moving piece, set on the site instead of its own, could not be taken there by a
    /// move of another player's landing on it (a site not attacked; on its own site, the
    /// piece as it stands). Read where the walk's moves pass over a site ([`Walk::taking`]),
    /// which are listed from each piece in turn; in any other walk no site passes. A walk
    /// that makes this test is not an attack ([`Walk::attacks`]).
    Unattacked,
    /// A piece stands there in a line of at least this many pieces of its owner's, itself
    /// among them: an unbroken run of their pieces along one of the board's axes (a
    /// direction and its reverse).
    InLine(u8),
    /// A piece stands there in no line of at least this many pieces of its owner's
    /// ([`SiteTest::InLine`]), or every piece on its side does (the mover's opponents',
    /// for a piece of an opponent's; the mover's, for one of the mover's): the pieces out
    /// of such lines go first.
    OutOfLineFirst(u8),
    /// Nothing, or a piece of the mover's own (what `over friend` lets a slide pass).
    EmptyOrFriend,
}
