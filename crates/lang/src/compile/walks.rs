//! Walks of the core ([`rulebook_model::walk`]), compiled: every step the checker passed
//! becomes the engine's, each distinct leap a table of the site it reaches from every site,
//! and the landing that the rule's clauses allow its tests. Slides and steps are lowered
//! here onto walks too ([`slide_walk`]); [`routine`] then picks the engine's routine for a
//! walk by its shape, so that a walk shaped as a slide, whatever surface words wrote it,
//! runs on the slide routine and any other on the walk interpreter.

use super::moves::absolute_directions;
use crate::check::WalkDecl;
use rulebook_model::board::{reverse_direction, RELATIVE_BASE};
use rulebook_model::{
    Board, CaptureMode, Chain, Jumped, Landing, Leap, LineCapture, LinePieces, MoveFilter,
    MoveKind, Player, Removal, RouteRecord, RouteRules, SecondPart, Shot, Site, SiteTest, Step,
    Taking, Walk, WalkAction, NO_SITE, UNLIMITED,
};
use std::num::NonZeroU8;

/// A slide along `directions` of at most `max` sites (`move step` is `max` 1), as the
/// language reference says it, written as a walk: along each direction, a shift onto an
/// empty site that `avoiding` does not name, repeated one to `max` times, each stop a
/// destination (unless the rule lands on enemies only); and, where `onto` allows an enemy,
/// up to `max - 1` such shifts and one more onto an enemy piece that is not avoided. `not
/// landing on` is tested before each destination.
pub fn slide_walk(directions: &[u8], max: u16, filter: &MoveFilter) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let land = |mut steps: Vec<Step>| {
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    let mut branches = Vec::new();
    for &d in directions {
        let mut body = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        body.extend(avoided.clone());
        if filter.landing != Landing::Enemy {
            let (body, min) = (body.clone(), 1);
            branches.push(land(vec![Step::Repeat { body, min, max }]));
        }
        if filter.landing != Landing::Empty {
            let (min, max) = (0, max - 1);
            let mut steps = vec![Step::Repeat { body, min, max }];
            steps.extend([Step::Shift(d), Step::Test(SiteTest::Enemy)]);
            steps.extend(avoided.clone());
            branches.push(land(steps));
        }
    }
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(branches)],
        leaps: Vec::new(),
        taking: None,
    }
}

/// How far a slide that passes over the mover's own pieces or goes an exact length
/// ([`passing_slide_walk`]) goes.
#[derive(Clone, Copy, Debug)]
pub enum SlideReach {
    /// At most this many sites.
    UpTo(u16),
    /// Exactly this many.
    Exactly(u16),
    /// Exactly as many as pieces counted so stand on the line it runs along.
    ByLine(LinePieces),
}

/// A slide along `directions` that goes `reach` sites, over the mover's own pieces too
/// where `over_friend` says so, as a walk: along each direction, sites it may pass (empty,
/// or the mover's) that `avoiding` does not name, as many as the reach says less one, then
/// one more onto what `onto` allows (an empty site without it), neither avoided nor
/// forbidden by `not landing on`: a destination.
pub fn passing_slide_walk(
    directions: &[u8],
    (reach, over_friend): (SlideReach, bool),
    filter: &MoveFilter,
) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let passed = match over_friend {
        true => SiteTest::EmptyOrFriend,
        false => SiteTest::Empty,
    };
    let landing = landing_test(filter.landing);
    let branch = |d: u8| {
        let mut body = vec![Step::Shift(d), Step::Test(passed)];
        body.extend(avoided.clone());
        let mut steps = vec![match reach {
            SlideReach::UpTo(max) => Step::Repeat {
                body,
                min: 0,
                max: max - 1,
            },
            SlideReach::Exactly(n) => Step::Repeat {
                body,
                min: n - 1,
                max: n - 1,
            },
            SlideReach::ByLine(counted) => Step::RepeatByLine {
                body,
                axis: d,
                counted,
                add: -1,
            },
        }];
        steps.extend([Step::Shift(d), Step::Test(landing)]);
        steps.extend(avoided.clone());
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(
            directions.iter().map(|&d| branch(d)).collect(),
        )],
        leaps: Vec::new(),
        taking: None,
    }
}

/// `then shoot KIND along DIRECTIONS` as the walk of a second part that places `kind`: from
/// the landing along each direction, empty sites one or more, each a destination (the
/// [`slide_walk`] of the directions, without limit).
pub fn shot_walk(kind: u8, directions: &[u8]) -> Walk {
    let action = WalkAction::Place {
        kind,
        from_hand: false,
    };
    let slide = slide_walk(directions, UNLIMITED, &MoveFilter::default());
    Walk { action, ..slide }
}

/// `then remove enemy [if line N] [sparing line N]` as the walk of a second part that
/// removes a piece: from the landing, the test that the piece there stands in a line of
/// at least `if_line` of the mover's pieces (none for 0), then every site in turn holding
/// an enemy piece, which with `sparing_line` (not 0) stands in no line of that many of its
/// owner's unless every enemy piece does, each a destination.
pub fn removal_walk(removal: Removal) -> Walk {
    let mut steps = Vec::new();
    if removal.if_line > 0 {
        steps.push(Step::Test(SiteTest::InLine(removal.if_line)));
    }
    steps.extend([Step::Anywhere, Step::Test(SiteTest::Enemy)]);
    if removal.sparing_line > 0 {
        steps.push(Step::Test(SiteTest::OutOfLineFirst(removal.sparing_line)));
    }
    steps.push(Step::Emit);
    Walk {
        action: WalkAction::Remove,
        steps,
        leaps: Vec::new(),
        taking: None,
    }
}

/// The second part made of `walk`, run from the landing, picked by the walk's shape: a
/// shot ([`SecondPart::Shoot`]) where the walk is the [`shot_walk`] of some directions; a
/// removal ([`SecondPart::Remove`]) where it is the [`removal_walk`] of some lines; else the
/// walk itself, added to `parts` ([`SecondPart::Place`], [`SecondPart::Take`]).
pub fn part_routine(walk: Walk, parts: &mut Vec<Walk>) -> SecondPart {
    let routine = match walk.action {
        WalkAction::Place { kind, .. } => shot_shape(kind, &walk),
        WalkAction::Remove => removal_shape(&walk),
        WalkAction::Move => unreachable!("a second part's walk places or removes a piece"),
    };
    routine.unwrap_or_else(|| {
        let action = walk.action;
        parts.push(walk);
        let walk = (parts.len() - 1) as u16;
        match action {
            WalkAction::Place { kind, .. } => SecondPart::Place { kind, walk },
            _ => SecondPart::Take { walk },
        }
    })
}

/// The shot whose walk `walk` is, placing `kind` ([`shot_walk`]), if it is one.
fn shot_shape(kind: u8, walk: &Walk) -> Option<SecondPart> {
    let as_move = Walk {
        action: WalkAction::Move,
        ..walk.clone()
    };
    match slide_shape(&as_move, &MoveFilter::default()) {
        Some((directions, UNLIMITED)) if shot_walk(kind, &directions) == *walk => {
            let directions = directions.iter().fold(0, |bits, &d| bits | 1 << d);
            Some(SecondPart::Shoot(Shot { kind, directions }))
        }
        _ => None,
    }
}

/// The removal whose walk `walk` is ([`removal_walk`]), if it is one: its lines read from
/// the tests of lines it makes, written again and compared.
fn removal_shape(walk: &Walk) -> Option<SecondPart> {
    let if_line = match walk.steps.first() {
        Some(&Step::Test(SiteTest::InLine(n))) => n,
        _ => 0,
    };
    let sparing_line = match walk.steps.iter().rev().nth(1) {
        Some(&Step::Test(SiteTest::OutOfLineFirst(n))) => n,
        _ => 0,
    };
    let removal = Removal {
        if_line,
        sparing_line,
    };
    (removal_walk(removal) == *walk).then_some(SecondPart::Remove(removal))
}

/// A flight to any empty site (of `region`, where one is given), as the language reference
/// says it, written as a walk: the [`site_walk`] of a piece's move.
pub fn fly_walk(region: Option<u16>, filter: &MoveFilter) -> Walk {
    site_walk(WalkAction::Move, region, filter)
}

/// A move onto one site of the board anywhere (of `region`, where one is given), as the
/// language reference says it, written as a walk doing `action`: the cursor anywhere, a
/// site empty (one of the mover's pieces, for a removal), in the region, not in the region
/// of `not landing on`, with the neighbour that `next to` asks for, a destination. A
/// flight (a piece's move), a placement and a removal are this walk.
pub fn site_walk(action: WalkAction, region: Option<u16>, filter: &MoveFilter) -> Walk {
    let holds = match action {
        WalkAction::Remove => SiteTest::Friend,
        WalkAction::Move | WalkAction::Place { .. } => SiteTest::Empty,
    };
    let mut steps = vec![Step::Anywhere, Step::Test(holds)];
    steps.extend(region.map(|r| Step::Test(SiteTest::In(r))));
    steps.extend(filter.not_landing.map(|r| Step::Test(SiteTest::NotIn(r))));
    steps.extend(filter.next_to.map(|n| Step::Test(SiteTest::NextTo(n))));
    steps.push(Step::Emit);
    Walk {
        action,
        steps,
        leaps: Vec::new(),
        taking: None,
    }
}

/// A single jump along `directions` over a piece that `over` allows, as the language
/// reference says it, written as a walk: along each direction, a shift onto such a piece
/// on a site `avoiding` does not name, taken there where the rule takes (`mode`), and a
/// shift onto an empty site beyond that is not avoided, nor in the region of `not landing
/// on`, a destination. The move records the site jumped in every case.
pub fn jump_walk(
    directions: &[u8],
    (over, mode): (Jumped, Option<CaptureMode>),
    filter: &MoveFilter,
) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let jumped = jumped_test(over);
    let branch = |d: u8| {
        let mut steps = vec![Step::Shift(d), Step::Test(jumped)];
        steps.extend(avoided.clone());
        steps.push(Step::Over);
        steps.extend([Step::Shift(d), Step::Test(SiteTest::Empty)]);
        steps.extend(avoided.clone());
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(
            directions.iter().map(|&d| branch(d)).collect(),
        )],
        leaps: Vec::new(),
        taking: Some(taking(over, mode)),
    }
}

/// A flying jump that does not chain, along `directions` over a piece that `over` allows,
/// as the language reference says it, written as a walk: along each direction, any number
/// of shifts onto empty sites that `avoiding` does not name, a shift onto such a piece not
/// avoided, taken there where the rule takes (`mode`), then one or more shifts onto empty
/// sites not avoided, each a destination unless it is in the region of `not landing on`.
/// The move records the site jumped in every case.
pub fn flying_jump_walk(
    directions: &[u8],
    (over, mode): (Jumped, Option<CaptureMode>),
    filter: &MoveFilter,
) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let branch = |d: u8| {
        let mut empty = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        empty.extend(avoided.clone());
        let any = |body: Vec<Step>, min: u16| Step::Repeat {
            body,
            min,
            max: UNLIMITED,
        };
        let mut steps = vec![any(empty.clone(), 0)];
        steps.extend([Step::Shift(d), Step::Test(jumped_test(over))]);
        steps.extend(avoided.clone());
        steps.push(Step::Over);
        steps.push(any(empty, 1));
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(
            directions.iter().map(|&d| branch(d)).collect(),
        )],
        leaps: Vec::new(),
        taking: Some(taking(over, mode)),
    }
}

/// What a jump over pieces `over` does to the piece it jumps, taking it by `mode` or not
/// at all: the mover's own pieces jumped are removed whatever the mode.
fn taking(over: Jumped, mode: Option<CaptureMode>) -> Taking {
    match (mode, over) {
        (None, _) => Taking::Keep,
        (Some(_), Jumped::Friend) => Taking::Remove,
        (Some(mode), _) => Taking::Capture(mode),
    }
}

/// The mode of a jump over pieces `over` whose walk takes the piece jumped so ([`taking`]
/// read back); none where no jump takes so.
fn taken_mode(taking: Option<Taking>, over: Jumped) -> Option<Option<CaptureMode>> {
    match taking? {
        Taking::Capture(mode) => Some(Some(mode)),
        Taking::Remove if over == Jumped::Friend => Some(Some(CaptureMode::Remove)),
        Taking::Remove | Taking::Behind => None,
        Taking::Keep => Some(None),
    }
}

/// A chain of jumps `to any landing` along `directions` over pieces that `over` allows, as
/// the language reference says it, written as a walk: a [`Step::Reach`] whose legs are, per
/// direction, a shift onto such a piece on a site `avoiding` does not name and a shift onto
/// an empty site beyond that is not avoided nor in the region of `not landing on`; every
/// site reached a destination. Nothing is taken, and the move records no site passed over.
pub fn reach_walk(directions: &[u8], over: Jumped, filter: &MoveFilter) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let leg = |d: u8| {
        let mut steps = vec![Step::Shift(d), Step::Test(jumped_test(over))];
        steps.extend(avoided.clone());
        steps.extend([Step::Shift(d), Step::Test(SiteTest::Empty)]);
        steps.extend(avoided.clone());
        steps.extend(forbidden.clone());
        steps
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![
            Step::Reach(directions.iter().map(|&d| leg(d)).collect()),
            Step::Emit,
        ],
        leaps: Vec::new(),
        taking: None,
    }
}

/// A chain of jumps `chained`, `chained at will` or `chained straight` (`chain`) along
/// `directions` over pieces that `over` allows, as the language reference says it, written
/// as a walk: a [`Step::Route`] (every landing an end but for `chained`, every leg after
/// the first the first again for `chained straight`) whose legs are, per direction, a
/// shift onto such a piece on a site `avoiding` does not name, passed over, and a shift
/// onto an empty site beyond that is not avoided nor in the region of `not landing on`;
/// every end of a route a destination, each piece passed over taken where the rule takes
/// (`mode`).
pub fn chain_walk(
    directions: &[u8],
    (over, mode): (Jumped, Option<CaptureMode>),
    chain: Chain,
    filter: &MoveFilter,
) -> Walk {
    let at_will = matches!(chain, Chain::TurningAtWill | Chain::Straight);
    let straight = chain == Chain::Straight;
    let (avoided, forbidden) = region_tests(filter);
    let leg = |d: u8| {
        let mut steps = vec![Step::Shift(d), Step::Test(jumped_test(over))];
        steps.extend(avoided.clone());
        steps.extend([Step::Over, Step::Shift(d), Step::Test(SiteTest::Empty)]);
        steps.extend(avoided.clone());
        steps.extend(forbidden.clone());
        steps
    };
    let legs = directions.iter().map(|&d| leg(d)).collect();
    let rules = RouteRules {
        at_will,
        straight,
        ..RouteRules::default()
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Route { legs, rules }, Step::Emit],
        leaps: Vec::new(),
        taking: Some(taking(over, mode)),
    }
}

/// A chain of jumps `chained` along `directions` over pieces that `over` allows, in a game
/// whose chains are recorded by the pieces they jump (a chain flies, or a promotion is `at
/// once`), as the language reference says it, written as a walk: a [`Step::Route`]
/// recorded by its pieces, played to its end, landing where it can go on, whose legs are,
/// per direction, (`flying`: any number of shifts onto empty sites, then) a shift onto
/// such a piece on a site `avoiding` does not name, passed over, and a shift onto an empty
/// site beyond that is not avoided (`flying`: one or more such shifts, each a landing), not
/// in the region of `not landing on`; every end of a route a destination, each piece passed
/// over taken where the rule takes (`mode`).
pub fn piece_chain_walk(
    directions: &[u8],
    flying: bool,
    (over, mode): (Jumped, Option<CaptureMode>),
    filter: &MoveFilter,
) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let leg = |d: u8| {
        let mut empty = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        empty.extend(avoided.clone());
        let any = |min: u16| Step::Repeat {
            body: empty.clone(),
            min,
            max: UNLIMITED,
        };
        let mut steps = match flying {
            true => vec![any(0)],
            false => Vec::new(),
        };
        steps.extend([Step::Shift(d), Step::Test(jumped_test(over))]);
        steps.extend(avoided.clone());
        steps.push(Step::Over);
        match flying {
            true => steps.push(any(1)),
            false => steps.extend(empty.clone()),
        }
        steps.extend(forbidden.clone());
        steps
    };
    let rules = RouteRules {
        record: RouteRecord::Pieces {
            lands_to_go_on: true,
        },
        ..RouteRules::default()
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![
            Step::Route {
                legs: directions.iter().map(|&d| leg(d)).collect(),
                rules,
            },
            Step::Emit,
        ],
        leaps: Vec::new(),
        taking: Some(taking(over, mode)),
    }
}

/// A step along `directions` that captures by approach or withdrawal (`capture`), as the
/// language reference says it, written as a walk: a route ([`Step::Route`]) with a leg per
/// direction and way (approach first, where the rule has both), each a shift onto an
/// empty site that `avoiding` and `not landing on` do not name, and a run of enemy pieces
/// passed over ([`Step::OverRun`]): on along the shift's direction from the landing
/// (approach), or back from the start, before the shift (withdrawal). The route takes at
/// once, never turns along the direction of the leg before, never lands where the piece
/// has stood, ends at any landing, and has one leg unless the capture is `chained`.
pub fn line_capture_walk(directions: &[u8], capture: LineCapture, filter: &MoveFilter) -> Walk {
    let (avoided, forbidden) = region_tests(filter);
    let shift = |d: u8| {
        let mut steps = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        steps.extend(avoided.clone());
        steps.extend(forbidden.clone());
        steps
    };
    let mut legs = Vec::new();
    for &d in directions {
        if capture.approach {
            let mut leg = shift(d);
            leg.push(Step::OverRun(d));
            legs.push(leg);
        }
        if capture.withdrawal {
            let mut leg = vec![Step::OverRun(reverse_direction(d))];
            leg.extend(shift(d));
            legs.push(leg);
        }
    }
    let rules = RouteRules {
        at_will: true,
        straight: false,
        turning: true,
        fresh_landings: true,
        taken_at_once: true,
        most: NonZeroU8::new(1).filter(|_| !capture.chained),
        record: RouteRecord::Legs,
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Route { legs, rules }, Step::Emit],
        leaps: Vec::new(),
        taking: Some(Taking::Capture(capture.mode)),
    }
}

/// A castling along `directions` with a piece of kind `partner` (`castle DIRECTIONS with
/// PARTNER`), as the language reference says it, written as a walk: along each direction,
/// from the moving piece, unmoved, over two empty sites or more to the first piece that
/// way, one of the mover's, of kind `partner` and unmoved, passed over; back along the
/// line over the empty sites to the start (the first piece that way), then the start and
/// two sites on, each a site where the moving piece would not be attacked, the second a
/// destination (the destination is given out only once the partner is found, so the
/// walk goes there and back). The partner moves to the site crossed ([`Taking::Behind`]).
pub fn castle_walk(directions: &[u8], partner: u8) -> Walk {
    let empty = |d: u8, min: u16| Step::Repeat {
        body: vec![Step::Shift(d), Step::Test(SiteTest::Empty)],
        min,
        max: UNLIMITED,
    };
    let safe = || Step::Test(SiteTest::Unattacked);
    let branch = |d: u8| {
        let back = reverse_direction(d);
        vec![
            Step::Test(SiteTest::Unmoved),
            empty(d, 2),
            Step::Shift(d),
            Step::Test(SiteTest::Friend),
            Step::Test(SiteTest::EmptyOr(1 << partner)),
            Step::Test(SiteTest::Unmoved),
            Step::Over,
            empty(back, 2),
            Step::Shift(back),
            Step::Test(SiteTest::Occupied),
            safe(),
            Step::Shift(d),
            safe(),
            Step::Shift(d),
            safe(),
            Step::Emit,
        ]
    };
    Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(
            directions.iter().map(|&d| branch(d)).collect(),
        )],
        leaps: Vec::new(),
        taking: Some(Taking::Behind),
    }
}

/// The directions and the partner's kind of the castling `walk` is ([`castle_walk`]): the
/// directions read from the branches' first shifts, the kind from the partner's test,
/// then the castling's walk written again from them and compared.
fn castle_shape(walk: &Walk) -> Option<(Vec<u8>, u8)> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        return None;
    };
    let partner = match branches.first()?.get(4)? {
        Step::Test(SiteTest::EmptyOr(kinds)) if kinds.count_ones() == 1 => {
            kinds.trailing_zeros() as u8
        }
        _ => return None,
    };
    let mut directions = Vec::new();
    for branch in branches {
        match branch.get(2) {
            Some(Step::Shift(d)) if !directions.contains(d) => directions.push(*d),
            _ => return None,
        }
    }
    (castle_walk(&directions, partner) == *walk).then_some((directions, partner))
}

/// The tests a rule's regions add to its walk: that a site is not in the region of
/// `avoiding` (a site passed or landed on), and not in that of `not landing on` (a
/// landing); none where the rule has no such region.
fn region_tests(filter: &MoveFilter) -> (Option<Step>, Option<Step>) {
    let not_in = |region: Option<u16>| region.map(|r| Step::Test(SiteTest::NotIn(r)));
    (not_in(filter.avoiding), not_in(filter.not_landing))
}

/// The test of a site whose piece a jump over pieces `over` may jump.
fn jumped_test(over: Jumped) -> SiteTest {
    match over {
        Jumped::Enemy => SiteTest::Enemy,
        Jumped::Friend => SiteTest::Friend,
        Jumped::Any => SiteTest::Occupied,
    }
}

/// A single jump [`jump_walk`] `turning aside`: along each direction, where the way on
/// beyond the piece jumped is closed ([`Step::Closed`]: the board's edge or a wall),
/// the piece lands instead on an empty site beside the piece jumped, along either
/// direction square to the jump's (`directions` are a square grid's own).
pub fn aside_walk(
    directions: &[u8],
    jumped: (Jumped, Option<CaptureMode>),
    filter: &MoveFilter,
) -> Walk {
    let mut walk = jump_walk(directions, jumped, filter);
    let (_, forbidden) = region_tests(filter);
    let land = |d: u8| {
        let mut steps = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    let [Step::Branch(branches)] = &mut walk.steps[..] else {
        unreachable!("a jump's walk is a branch per direction");
    };
    for (branch, &d) in branches.iter_mut().zip(directions) {
        let over = branch
            .iter()
            .position(|s| *s == Step::Over)
            .expect("a jump passes over");
        let straight = branch.split_off(over + 1);
        let (left, right) = square_to(d);
        let aside = vec![Step::Closed(d), Step::Branch(vec![land(left), land(right)])];
        branch.push(Step::Branch(vec![straight, aside]));
    }
    walk
}

/// `walk` in a game that lays walls: each shift, at any depth, one that a wall stops
/// ([`Step::ShiftOpen`]), so that only such games' walks read the walls.
pub fn walled_walk(mut walk: Walk) -> Walk {
    fn stopped_by_walls(steps: &mut [Step]) {
        for step in steps {
            match step {
                Step::Shift(d) => *step = Step::ShiftOpen(*d),
                Step::Repeat { body, .. } => stopped_by_walls(body),
                Step::Branch(walks) | Step::Reach(walks) | Step::Route { legs: walks, .. } => {
                    walks.iter_mut().for_each(|w| stopped_by_walls(w))
                }
                _ => {}
            }
        }
    }
    stopped_by_walls(&mut walk.steps);
    walk
}

/// The two grid directions square to grid direction `d` (north: west and east; north-east:
/// north-west and south-east), by their places in [`rulebook_model::board::GRID_DIRECTIONS`]
/// (north, east, south, west, then north-east, south-east, south-west, north-west, each
/// four a turn round).
fn square_to(d: u8) -> (u8, u8) {
    let base = d & 4;
    (base + (d + 3) % 4, base + (d + 1) % 4)
}

/// The engine's routine for the moves of `walk`, a move rule narrowed by `filter`, picked
/// by the walk's shape: a flight, a placement or a removal ([`MoveKind::Fly`],
/// [`MoveKind::PlacePiece`], [`MoveKind::Remove`]) where the walk is the [`site_walk`] of
/// its action and some region or none; a slide ([`MoveKind::Slide`], with the directions that rise and
/// fall on `board`) where the walk is the [`slide_walk`] of some directions and reach; a
/// single jump ([`MoveKind::Jump`]) where it is the [`jump_walk`] or the
/// [`flying_jump_walk`] of some directions, the pieces jumped and what becomes of them; a
/// jump chained to any landing where it is the
/// [`reach_walk`] of some directions and pieces jumped; a chain of jumps recorded by its
/// route where it is the [`chain_walk`] of some directions, pieces jumped and what becomes
/// of them; a castling ([`MoveKind::Castle`]) where it is the [`castle_walk`] of some
/// directions and partner; else the walk itself, for the interpreter.
pub fn routine(board: &Board, walk: Walk, filter: &MoveFilter) -> MoveKind {
    if let Some(kind) = site_shape(&walk, filter) {
        return kind;
    }
    if let Some((directions, partner)) = castle_shape(&walk) {
        return MoveKind::Castle {
            directions,
            partner,
        };
    }
    if let Some(kind) = route_shape(&walk, filter) {
        return kind;
    }
    if let Some((directions, over)) = reach_shape(&walk, filter) {
        return MoveKind::Jump {
            directions,
            flying: false,
            over,
            mode: None,
            chain: Chain::Reach,
        };
    }
    let single = jump_shape(&walk, filter).map(|shape| (shape, false));
    let flying = || flying_jump_shape(&walk, filter).map(|shape| (shape, true));
    if let Some(((directions, over, mode), flying)) = single.or_else(flying) {
        return MoveKind::Jump {
            directions,
            flying,
            over,
            mode,
            chain: Chain::Single,
        };
    }
    if let Some((directions, capture)) = line_capture_shape(&walk, filter) {
        return slide_kind(board, directions, 1, Some(capture));
    }
    let Some((directions, max_length)) = slide_shape(&walk, filter) else {
        return match walk.action {
            WalkAction::Move => MoveKind::Walk(walk),
            WalkAction::Place { .. } | WalkAction::Remove => MoveKind::SiteWalk(walk),
        };
    };
    slide_kind(board, directions, max_length, None)
}

/// The slide routine along `directions`, at most `max_length` sites, capturing by approach
/// or withdrawal as `line_capture` says.
fn slide_kind(
    board: &Board,
    directions: Vec<u8>,
    max_length: u16,
    line_capture: Option<LineCapture>,
) -> MoveKind {
    // Relative directions get theirs per player (`Compiler::per_player`).
    let (rising, falling) = directions
        .iter()
        .filter(|&&d| d < RELATIVE_BASE)
        .partition(|&&d| board.ascends(d));
    MoveKind::Slide {
        directions,
        rising,
        falling,
        max_length,
        line_capture,
    }
}

/// The directions and the capture of the step capturing by approach or withdrawal that
/// `walk` is ([`line_capture_walk`]), under `filter`: the directions read from the legs'
/// shifts, the ways from where their runs stand (after the shift: approach; before it:
/// withdrawal), the mode from the walk's taking and `chained` from the route's most
/// legs, then the step's walk written again from them and compared.
fn line_capture_shape(walk: &Walk, filter: &MoveFilter) -> Option<(Vec<u8>, LineCapture)> {
    let [Step::Route { legs, rules }, Step::Emit] = &walk.steps[..] else {
        return None;
    };
    let Some(Taking::Capture(mode)) = walk.taking else {
        return None;
    };
    let mut capture = LineCapture {
        mode,
        chained: rules.most != NonZeroU8::new(1),
        ..LineCapture::default()
    };
    let mut directions = Vec::new();
    for leg in legs {
        match (leg.first(), leg.last()) {
            (Some(Step::OverRun(_)), _) => capture.withdrawal = true,
            (_, Some(Step::OverRun(_))) => capture.approach = true,
            _ => return None,
        }
        let d = Walk::leg_direction(leg)?;
        if !directions.contains(&d) {
            directions.push(d);
        }
    }
    (line_capture_walk(&directions, capture, filter) == *walk).then_some((directions, capture))
}

/// The directions and reach of the slide `walk` is, under `filter`: read from the walk's
/// branches, then the slide's walk written again from them and compared.
fn slide_shape(walk: &Walk, filter: &MoveFilter) -> Option<(Vec<u8>, u16)> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        return None;
    };
    let mut directions = Vec::new();
    for branch in branches {
        let [d] = shift_directions(branch)[..] else {
            return None;
        };
        if !directions.contains(&d) {
            directions.push(d);
        }
    }
    let max = match branches.first()?.first()? {
        Step::Repeat { min: 1, max, .. } => *max,
        Step::Repeat { min: 0, max, .. } => max.checked_add(1)?,
        _ => return None,
    };
    (slide_walk(&directions, max, filter) == *walk).then_some((directions, max))
}

/// The routine of the [`site_walk`] `walk` is, under `filter`: a flight, a placement or a
/// removal by its action, its region read from the walk's third step, then the site walk
/// written again from them and compared.
fn site_shape(walk: &Walk, filter: &MoveFilter) -> Option<MoveKind> {
    let region = match walk.steps.get(2) {
        Some(Step::Test(SiteTest::In(r))) => Some(*r),
        _ => None,
    };
    if site_walk(walk.action, region, filter) != *walk {
        return None;
    }
    Some(match walk.action {
        WalkAction::Move => MoveKind::Fly { region },
        WalkAction::Place { kind, from_hand } => MoveKind::PlacePiece {
            kind,
            region,
            from_hand,
        },
        WalkAction::Remove => MoveKind::Remove { region },
    })
}

/// The directions and the pieces jumped of jumps written a walk a direction (each walk's
/// first step a shift, its second the test of the piece jumped), each direction once.
fn jumps_read(walks: &[Vec<Step>]) -> Option<(Vec<u8>, Jumped)> {
    let over = match walks.first()?.get(1)? {
        Step::Test(SiteTest::Enemy) => Jumped::Enemy,
        Step::Test(SiteTest::Friend) => Jumped::Friend,
        Step::Test(SiteTest::Occupied) => Jumped::Any,
        _ => return None,
    };
    let mut directions = Vec::new();
    for walk in walks {
        match walk.first() {
            Some(Step::Shift(d)) if !directions.contains(d) => directions.push(*d),
            _ => return None,
        }
    }
    Some((directions, over))
}

/// The directions and the pieces jumped of the chain to any landing `walk` is, under
/// `filter`: read from the legs, then the chain's walk written again from them and
/// compared.
fn reach_shape(walk: &Walk, filter: &MoveFilter) -> Option<(Vec<u8>, Jumped)> {
    let [Step::Reach(legs), Step::Emit] = &walk.steps[..] else {
        return None;
    };
    let (directions, over) = jumps_read(legs)?;
    (reach_walk(&directions, over, filter) == *walk).then_some((directions, over))
}

/// The chain of jumps that `walk` is ([`chain_walk`]), under `filter`: its directions and
/// pieces jumped read from the legs, what becomes of them from the walk's taking, then the
/// chain's walk written again from them and compared.
fn route_shape(walk: &Walk, filter: &MoveFilter) -> Option<MoveKind> {
    let [Step::Route { legs, rules }, Step::Emit] = &walk.steps[..] else {
        return None;
    };
    if rules.by_pieces() {
        return piece_route_shape(walk, legs, filter);
    }
    let chain = match (rules.at_will, rules.straight) {
        (false, false) => Chain::Turning,
        (true, false) => Chain::TurningAtWill,
        (true, true) => Chain::Straight,
        (false, true) => return None,
    };
    let (directions, over) = jumps_read(legs)?;
    let mode = taken_mode(walk.taking, over)?;
    if chain_walk(&directions, (over, mode), chain, filter) != *walk {
        return None;
    }
    Some(MoveKind::Jump {
        directions,
        flying: false,
        over,
        mode,
        chain,
    })
}

/// The chain of jumps recorded by its pieces that `walk`, whose route has `legs`, is
/// ([`piece_chain_walk`]), under `filter`: flying where a leg begins with a repeat, its
/// directions and pieces jumped read from the legs past it, then the chain's walk written
/// again from them and compared.
fn piece_route_shape(walk: &Walk, legs: &[Vec<Step>], filter: &MoveFilter) -> Option<MoveKind> {
    let flying = matches!(legs.first()?.first()?, Step::Repeat { .. });
    let skip = usize::from(flying);
    let jumps: Option<Vec<Vec<Step>>> = (legs.iter())
        .map(|leg| leg.get(skip..).map(<[Step]>::to_vec))
        .collect();
    let (directions, over) = jumps_read(&jumps?)?;
    let mode = taken_mode(walk.taking, over)?;
    (piece_chain_walk(&directions, flying, (over, mode), filter) == *walk).then_some(
        MoveKind::Jump {
            directions,
            flying,
            over,
            mode,
            chain: Chain::Pieces,
        },
    )
}

/// The directions, the pieces jumped and what becomes of them of the single jump `walk`
/// is, under `filter`: read from the walk's branches, then the jump's walk written again
/// from them and compared.
fn jump_shape(walk: &Walk, filter: &MoveFilter) -> Option<(Vec<u8>, Jumped, Option<CaptureMode>)> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        return None;
    };
    let (directions, over) = jumps_read(branches)?;
    let mode = taken_mode(walk.taking, over)?;
    let shape = (directions, over, mode);
    (jump_walk(&shape.0, (over, mode), filter) == *walk).then_some(shape)
}

/// The directions, the pieces jumped and what becomes of them of the flying jump `walk`
/// is ([`flying_jump_walk`]), under `filter`: read from the walk's branches past their
/// first step (the sites crossed before the piece), then the jump's walk written again
/// from them and compared.
fn flying_jump_shape(
    walk: &Walk,
    filter: &MoveFilter,
) -> Option<(Vec<u8>, Jumped, Option<CaptureMode>)> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        return None;
    };
    let afar: Option<Vec<Vec<Step>>> = (branches.iter())
        .map(|branch| branch.get(1..).map(<[Step]>::to_vec))
        .collect();
    let (directions, over) = jumps_read(&afar?)?;
    let mode = taken_mode(walk.taking, over)?;
    let shape = (directions, over, mode);
    (flying_jump_walk(&shape.0, (over, mode), filter) == *walk).then_some(shape)
}

/// What a walk's landing must pass: what the site may hold (`onto`) and the region it may
/// not be in (`not landing on`); and whether the mover faces south, so that leaps
/// `forward` go south.
struct LandingTests {
    holds: SiteTest,
    not_in: Option<u16>,
    faces_south: bool,
}

/// The test a walk makes of its landing for a rule's `onto`.
pub(super) fn landing_test(landing: Landing) -> SiteTest {
    match landing {
        Landing::Empty => SiteTest::Empty,
        Landing::Enemy => SiteTest::Enemy,
        Landing::EmptyOrEnemy => SiteTest::EmptyOrEnemy,
        Landing::EmptyOrPiece => SiteTest::EmptyOrPiece,
    }
}

/// The walk of a move rule whose landing is `landing` (`onto`) and which may not land in
/// the region `not_landing`, for a mover who faces south (`faces_south`) or north.
pub(super) fn walk(
    board: &Board,
    steps: &[WalkDecl],
    (landing, not_landing): (Landing, Option<u16>),
    faces_south: bool,
) -> Walk {
    let tests = LandingTests {
        holds: landing_test(landing),
        not_in: not_landing,
        faces_south,
    };
    let mut leaps = Vec::new();
    let steps = lower(board, steps, &tests, &mut leaps);
    Walk {
        action: WalkAction::Move,
        steps,
        leaps,
        taking: None,
    }
}

/// The engine's steps for `steps`, the leaps they make added to `leaps` (each offset once).
fn lower(
    board: &Board,
    steps: &[WalkDecl],
    tests: &LandingTests,
    leaps: &mut Vec<Leap>,
) -> Vec<Step> {
    let mut out = Vec::new();
    for step in steps {
        match step {
            WalkDecl::Leap {
                files,
                ranks,
                forward,
            } => {
                let ranks = &match forward & tests.faces_south {
                    true => -ranks,
                    false => *ranks,
                };
                let at = leaps
                    .iter()
                    .position(|l| (l.files, l.ranks) == (*files, *ranks));
                let k = at.unwrap_or_else(|| {
                    leaps.push(Leap {
                        files: *files,
                        ranks: *ranks,
                        targets: offset_table(board, (*files, *ranks)),
                    });
                    leaps.len() - 1
                });
                out.push(Step::Leap(k as u16));
            }
            WalkDecl::Shift(d) => out.push(Step::Shift(*d)),
            WalkDecl::Follow { path, loops, body } => out.push(Step::Follow {
                path: *path as u16,
                loops: *loops,
                body: lower(board, body, tests, leaps),
            }),
            WalkDecl::Repeat { body, min, max } => out.push(Step::Repeat {
                body: lower(board, body, tests, leaps),
                min: *min,
                max: *max,
            }),
            WalkDecl::Test(test) => out.push(Step::Test(*test)),
            WalkDecl::NotForbidden => {
                out.extend(tests.not_in.map(|r| Step::Test(SiteTest::NotIn(r))))
            }
            WalkDecl::Landing => {
                out.push(Step::Test(tests.holds));
                out.extend(tests.not_in.map(|r| Step::Test(SiteTest::NotIn(r))));
            }
            WalkDecl::Emit => out.push(Step::Emit),
            WalkDecl::Branch(walks) => out.push(Step::Branch(
                walks
                    .iter()
                    .map(|w| lower(board, w, tests, leaps))
                    .collect(),
            )),
        }
    }
    out
}

/// Per site of a grid, the site `files` and `ranks` away, or [`NO_SITE`] off the board (or
/// on a point the board leaves out).
fn offset_table(board: &Board, (files, ranks): (i16, i16)) -> Vec<Site> {
    let (width, height) = (i32::from(board.width), i32::from(board.height));
    let to = |site: usize| {
        let file = site as i32 % width + i32::from(files);
        let rank = site as i32 / width + i32::from(ranks);
        let on_board = (0..width).contains(&file) && (0..height).contains(&rank);
        let target = on_board.then(|| Site::at((rank * width + file) as usize));
        target.filter(|&t| !board.is_removed(t)).unwrap_or(NO_SITE)
    };
    (0..board.sites()).map(to).collect()
}

/// `steps` with `test` made just before each destination.
pub(super) fn test_destinations(steps: &mut Vec<Step>, test: SiteTest) {
    let mut i = 0;
    while i < steps.len() {
        match &mut steps[i] {
            Step::Emit => {
                steps.insert(i, Step::Test(test));
                i += 1;
            }
            Step::Branch(walks) => walks.iter_mut().for_each(|w| test_destinations(w, test)),
            _ => {}
        }
        i += 1;
    }
}

/// Whether a walk has a leap `forward`, which goes as the mover faces.
pub(super) fn leaps_forward(steps: &[WalkDecl]) -> bool {
    steps.iter().any(|step| match step {
        WalkDecl::Leap { forward, .. } => *forward,
        WalkDecl::Repeat { body, .. } => leaps_forward(body),
        WalkDecl::Branch(walks) => walks.iter().any(|w| leaps_forward(w)),
        _ => false,
    })
}

/// The directions a walk's shifts go along, each once (relative ones among them).
pub(super) fn shift_directions(steps: &[Step]) -> Vec<u8> {
    let mut out = Vec::new();
    for step in steps {
        let inner = match step {
            Step::Shift(d) => vec![*d],
            Step::Repeat { body, .. }
            | Step::RepeatByLine { body, .. }
            | Step::Follow { body, .. } => shift_directions(body),
            Step::Branch(walks) | Step::Reach(walks) | Step::Route { legs: walks, .. } => {
                walks.iter().flat_map(|w| shift_directions(w)).collect()
            }
            Step::Leap(_) | Step::Anywhere | Step::Test(_) | Step::Over | Step::Emit => Vec::new(),
            Step::ShiftOpen(d) => vec![*d],
            // A run goes along its leg's shift or back: turned with it (`along`).
            Step::Closed(_) | Step::OverRun(_) => Vec::new(),
        };
        for d in inner {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out
}

/// A walk as `player` walks it: each branch that shifts along one direction relative to
/// the mover made a branch per absolute direction it stands for (`forward` diagonals: two).
pub(super) fn turned(steps: &[Step], player: Player) -> Vec<Step> {
    let turn_walk = |walk: &Vec<Step>| -> Vec<Vec<Step>> {
        match shift_directions(walk)[..] {
            [d] if d >= RELATIVE_BASE => absolute_directions(&[d], player)
                .into_iter()
                .map(|a| along(walk, (d, a)))
                .collect(),
            _ => vec![turned(walk, player)],
        }
    };
    steps
        .iter()
        .map(|step| match step {
            Step::Branch(walks) => Step::Branch(walks.iter().flat_map(turn_walk).collect()),
            Step::Reach(legs) => Step::Reach(legs.iter().flat_map(turn_walk).collect()),
            Step::Route { legs, rules } => Step::Route {
                legs: legs.iter().flat_map(turn_walk).collect(),
                rules: *rules,
            },
            Step::Repeat { body, min, max } => Step::Repeat {
                body: turned(body, player),
                min: *min,
                max: *max,
            },
            Step::RepeatByLine { body, .. } => with_body(step, turned(body, player)),
            other => other.clone(),
        })
        .collect()
}

/// The count along a line `step` ([`Step::RepeatByLine`]) with `body` in place of its own.
fn with_body(step: &Step, body: Vec<Step>) -> Step {
    match step {
        Step::RepeatByLine {
            axis, counted, add, ..
        } => Step::RepeatByLine {
            body,
            axis: *axis,
            counted: *counted,
            add: *add,
        },
        other => other.clone(),
    }
}

/// A walk of shifts along the relative direction `relative`, every shift made along
/// `direction` instead (a run along `relative` or back too).
fn along(steps: &[Step], (relative, direction): (u8, u8)) -> Vec<Step> {
    let along = |steps: &[Step]| along(steps, (relative, direction));
    steps
        .iter()
        .map(|step| match step {
            Step::Shift(_) => Step::Shift(direction),
            Step::ShiftOpen(_) => Step::ShiftOpen(direction),
            Step::OverRun(d) if *d == relative => Step::OverRun(direction),
            Step::OverRun(d) if *d == reverse_direction(relative) => {
                Step::OverRun(reverse_direction(direction))
            }
            Step::Repeat { body, min, max } => Step::Repeat {
                body: along(body),
                min: *min,
                max: *max,
            },
            // The line's count reads both ways: its axis turns as a shift does.
            Step::RepeatByLine {
                body, counted, add, ..
            } => Step::RepeatByLine {
                body: along(body),
                axis: direction,
                counted: *counted,
                add: *add,
            },
            Step::Branch(walks) => Step::Branch(walks.iter().map(|w| along(w)).collect()),
            Step::Reach(legs) => Step::Reach(legs.iter().map(|w| along(w)).collect()),
            Step::Route { legs, rules } => Step::Route {
                legs: legs.iter().map(|w| along(w)).collect(),
                rules: *rules,
            },
            other => other.clone(),
        })
        .collect()
}
