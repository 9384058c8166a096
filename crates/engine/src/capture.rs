//! Captures after a move: the runs of enemy pieces that a move closes (custodian), and
//! the enemy pieces it encloses.
//!
//! Runs are only collected here; the caller applies them all after every effect has
//! looked at the same board, so converted pieces never capture in turn. The board is read
//! through a function, so that the captures of a move can be found before it is played.

use std::ops::{ControlFlow, RangeInclusive};

use rulebook_model::{
    board::{reverse_direction, AxisShifts, Path},
    Board, CaptureFilter, CaptureMode, Cell, EffectKind, Game, Player, RunShape, Site, EMPTY,
    NO_SITE,
};

/// Passes to `capture` the sites that effect number `effect` captures for a piece of
/// `mover` that has just landed on `landing`, on the board whose sites hold `cell(site)`
/// (a site may be passed more than once).
#[inline(always)]
pub(super) fn collect(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    landing: Site,
    mover: Player,
    mut capture: impl FnMut(Site, CaptureMode),
) {
    let pass_on = |s, mode, _closer| {
        capture(s, mode);
        Flow::Continue(())
    };
    let _ = collect_until(game, cell, effect, landing, mover, pass_on);
}

/// Whether [`collect`] would pass any site: the search stops at the first one.
#[inline(always)]
pub(super) fn captures_any(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    landing: Site,
    mover: Player,
) -> bool {
    let stop = |_, _, _| Flow::Break(());
    collect_until(game, cell, effect, landing, mover, stop).is_break()
}

/// Passes to `closer` the site that closes each run [`collect`] would take (a piece of the
/// mover's, or an empty hostile site; a site may be passed more than once), or
/// [`NO_SITE`] for a capture that no one site closes (groups and enclosures, which every
/// neighbour closes): the search stops where `closer` says [`Flow::Break`].
#[inline(always)]
pub(super) fn closers(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    landing: Site,
    mover: Player,
    mut closer: impl FnMut(Site) -> Flow,
) -> Flow {
    collect_until(game, cell, effect, landing, mover, |_, _, by| closer(by))
}

/// Whether to go on looking for captures after one site is found.
pub(super) type Flow = ControlFlow<()>;

/// [`collect`], stopping at the first site for which `capture` says [`Flow::Break`];
/// `capture` is also told the site that closed the run ([`closers`]).
#[inline(always)]
fn collect_until(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    landing: Site,
    mover: Player,
    capture: impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    let filter = &game.effects[effect].filter;
    if *filter == CaptureFilter::default() {
        // Any enemy piece anywhere, closed by a piece of the mover's: the common case,
        // without the tests of kinds (a division), regions and hostile sites.
        let enemy = |s: Site| {
            let c = cell(s);
            c != EMPTY && game.tables.owner[c.index()] != mover
        };
        let own = |s: Site| {
            let c = cell(s);
            c != EMPTY && game.tables.owner[c.index()] == mover
        };
        return collect_runs(game, (&enemy, &own), effect, landing, capture);
    }
    // A piece this effect may take: an enemy's, of a kind it takes, where it takes them.
    let enemy = |s: Site| {
        let c = cell(s);
        c != EMPTY
            && game.tables.owner[c.index()] != mover
            && filter.kinds >> game.kind_of(c) & 1 == 1
            && in_region(game, filter.standing, s)
    };
    // What closes a capture: a piece of the mover's, or an empty hostile site.
    let own = |s: Site| {
        let c = cell(s);
        match c {
            EMPTY => filter.hostile.is_some() && in_region(game, filter.hostile, s),
            _ => game.tables.owner[c.index()] == mover,
        }
    };
    collect_runs(game, (&enemy, &own), effect, landing, capture)
}

/// [`collect_until`] with what it may take (`enemy`) and what closes a capture (`own`).
#[inline(always)]
fn collect_runs(
    game: &Game,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    effect: usize,
    landing: Site,
    mut capture: impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    let captured = &mut capture;
    let rule = &game.effects[effect];
    let (shape, turning_once, (min_length, max_length), mode) = match &rule.kind {
        EffectKind::Custodian {
            shape,
            turning_once,
            min_length,
            max_length,
            mode,
        } => (shape, turning_once, (min_length, max_length), mode),
        // Not captures: the engine promotes, and gives another move, after them.
        EffectKind::Promote { .. } | EffectKind::Again | EffectKind::Claim { .. } => {
            return Flow::Continue(())
        }
        EffectKind::Groups { directions, mode } => {
            return groups(
                &game.board,
                (enemy, own),
                (*directions, *mode),
                landing,
                captured,
            )
        }
        EffectKind::Enclosed { directions, mode } => {
            return enclosed(
                &game.board,
                (enemy, own),
                directions,
                landing,
                *mode,
                captured,
            );
        }
    };
    let (min, max) = (*min_length as usize, *max_length as usize);
    let board = &game.board;
    match shape {
        RunShape::Lines(directions) if !*turning_once => {
            let run = (min, max, *mode);
            straight_runs(board, (enemy, own), directions, landing, run, captured)
        }
        RunShape::Lines(directions) => {
            let run = (min, max, *mode);
            turning_runs(board, (enemy, own), directions, landing, run, captured)
        }
        RunShape::Path(path_index) => {
            let path = &board.paths[*path_index];
            let run = (*turning_once, min, max);
            path_runs(path, (enemy, own), landing, run, *mode, captured)
        }
    }
}

/// The runs in a straight line from `landing` along each of `directions` ([`collect_runs`]
/// for lines that do not turn), of `min` to `max` pieces, taken as `mode` says (`run`).
#[inline(always)]
fn straight_runs(
    board: &Board,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    directions: &[u8],
    landing: Site,
    (min, max, mode): (usize, usize, CaptureMode),
    captured: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    for &dir in directions {
        let (end, n) = walk(board, landing, dir, enemy);
        if n >= min && n <= max && end != NO_SITE && own(end) {
            push_line(captured, board, landing, dir, n, (mode, end))?;
        }
    }
    Flow::Continue(())
}

/// The runs from `landing` along each of `directions` that turn once, strictly inside the
/// run, to a direction perpendicular and among `directions` ([`collect_runs`] for lines
/// `turning once`), of `min` to `max` pieces in all, taken as `mode` says (`run`).
#[inline(always)]
fn turning_runs(
    board: &Board,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    directions: &[u8],
    landing: Site,
    (min, max, mode): (usize, usize, CaptureMode),
    captured: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    for &dir in directions {
        // The first leg: e1 .. ek, enemies in a straight line from the landing site.
        let mut corner = landing;
        for i in 1..=max {
            corner = board.step(corner, dir);
            if corner == NO_SITE || !enemy(corner) {
                break;
            }
            if i < 2 {
                continue; // the turn must be strictly inside the run
            }
            for &turn in board.perpendicular(dir) {
                if !directions.contains(&turn) {
                    continue;
                }
                let (end, m) = walk(board, corner, turn, &enemy);
                if m >= 1 && (min..=max).contains(&(i + m)) && end != NO_SITE && own(end) {
                    push_line(captured, board, landing, dir, i, (mode, end))?;
                    push_line(captured, board, corner, turn, m, (mode, end))?;
                }
            }
        }
    }
    Flow::Continue(())
}

/// The runs along `path` from `landing`, both ways ([`collect_runs`] for a path shape), of
/// `min` to `max` pieces (`run`), turning once on the way if so told.
#[inline(always)]
fn path_runs(
    path: &Path,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    landing: Site,
    (turning_once, min, max): (bool, usize, usize),
    mode: CaptureMode,
    captured: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    let origin = path.position[landing.index()];
    if origin == u16::MAX {
        return Flow::Continue(());
    }
    let origin = origin as usize;
    for forwards in [true, false] {
        let mut n = 0usize;
        let mut turns = 0usize;
        let mut pos = origin;
        let mut closed = false;
        let mut closer = NO_SITE;
        while let Some(next) = path.advance(pos, forwards) {
            if next == origin {
                break;
            }
            let site = path.sites[next];
            if enemy(site) {
                // The previous piece is now known not to be the run's last; it is
                // strictly inside the run unless it is the first.
                if n >= 2 && path.turns[pos] {
                    turns += 1;
                }
                n += 1;
                pos = next;
                continue;
            }
            closed = n >= 1 && own(site);
            closer = site;
            break;
        }
        let turned_right = if turning_once { turns == 1 } else { true };
        if closed && turned_right && (min..=max).contains(&n) {
            let mut pos = origin;
            for _ in 0..n {
                pos = path
                    .advance(pos, forwards)
                    .expect("the run was walked already");
                debug_assert_ne!(path.sites[pos], landing);
                captured(path.sites[pos], mode, closer)?;
            }
        }
    }
    Flow::Continue(())
}

/// Whether effect number `effect` may capture anything for a piece of `mover` landing on
/// `landing` (`cell` as for [`collect`]): every run it takes starts next to the landing site
/// with an enemy piece, so a landing with none there takes nothing. The neighbours are all
/// read, without a branch on each, which makes this much cheaper than [`collect`] when,
/// as for most moves, it says no. Only enemy pieces are looked for, so `cell` may also be
/// the board before the move: a move makes sites empty or the mover's, never an enemy's.
#[inline]
pub(super) fn may_capture(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    landing: Site,
    mover: Player,
) -> bool {
    let enemy = |s: Site| {
        let c = if s == NO_SITE { EMPTY } else { cell(s) };
        (c != EMPTY) & (game.tables.owner[c.index()] != mover)
    };
    let shape = match &game.effects[effect].kind {
        EffectKind::Custodian { shape, .. } => shape,
        EffectKind::Promote { .. } | EffectKind::Again | EffectKind::Claim { .. } => return false,
        EffectKind::Enclosed { directions, .. } => {
            return directions.iter().fold(false, |any, &dir| {
                any | enemy(game.board.step(landing, dir))
            })
        }
        // Groups are judged by [`collect`] alone.
        EffectKind::Groups { .. } => return true,
    };
    match shape {
        RunShape::Lines(directions) => directions.iter().fold(false, |any, &dir| {
            any | enemy(game.board.step(landing, dir))
        }),
        RunShape::Path(path_index) => {
            let path = &game.board.paths[*path_index];
            let origin = path.position[landing.index()];
            origin != u16::MAX
                && [true, false].iter().any(|&forwards| {
                    path.advance(origin as usize, forwards)
                        .is_some_and(|next| enemy(path.sites[next]))
                })
        }
    }
}

/// Passes to `closed` every empty site where a piece of `mover` landing would close a run
/// that effect number `effect` takes, with the piece of the mover's at the run's other
/// end: the runs are found walking back from each of the mover's pieces (on the sites of
/// `own`) over enemy pieces. The effect must be one whose runs walk back
/// ([`Tables::runs_walk_back`](rulebook_model::Tables::runs_walk_back)); `cell` is the board before the landing.
pub(super) fn landings_closing_runs(
    game: &Game,
    cell: impl Fn(Site) -> Cell,
    effect: usize,
    mover: Player,
    own: impl Iterator<Item = Site>,
    mut closed: impl FnMut(Site, Site),
) {
    debug_assert!(game.tables.runs_walk_back[effect]);
    let Some((directions, runs)) = run_lines(game, effect) else {
        return;
    };
    let enemy = |s: Site| {
        let c = cell(s);
        c != EMPTY && game.tables.owner[c.index()] != mover
    };
    for closer in own {
        for &dir in directions {
            let (landing, n) = walk(&game.board, closer, reverse_direction(dir), &enemy);
            if landing != NO_SITE && runs.contains(&n) && cell(landing) == EMPTY {
                closed(landing, closer);
            }
        }
    }
}

/// The directions and lengths (one at least) of the runs effect `effect` takes, where it
/// takes straight runs of a custodian capture.
fn run_lines(game: &Game, effect: usize) -> Option<(&[u8], RangeInclusive<usize>)> {
    let EffectKind::Custodian {
        shape: RunShape::Lines(directions),
        min_length,
        max_length,
        ..
    } = &game.effects[effect].kind
    else {
        return None;
    };
    Some((
        directions,
        (*min_length).max(1) as usize..=*max_length as usize,
    ))
}

/// [`landings_closing_runs`] on a board of one word (at most 64 sites) whose axes are
/// shifts ([`AxisShifts`]), for every closer at once: the sites (as bits) where a piece of
/// the mover's would close a run of effect `effect` whose other end is one of `own`, the
/// runs of `enemy` pieces and the landing among `empty`; `None` where one of the effect's
/// directions is on no axis.
pub(super) fn word_landings_closing_runs(
    game: &Game,
    effect: usize,
    (own, enemy, empty): (u64, u64, u64),
    shifts: &AxisShifts,
) -> Option<u64> {
    let Some((directions, runs)) = run_lines(game, effect) else {
        return Some(0);
    };
    let (min, max) = (*runs.start(), *runs.end());
    let mut landings = 0;
    for &dir in directions {
        // From the closers back along the line, over the run, to the landing.
        let (axis, up) = shifts.toward(reverse_direction(dir))?;
        let (by, linked) = (shifts.shift[axis], shifts.linked[0][axis]);
        let step = |x: u64| match up {
            true => (x & linked) << by,
            false => (x >> by) & linked,
        };
        let (mut run, mut length) = (step(own) & enemy, 1);
        while run != 0 && length <= max {
            let beyond = step(run);
            if length >= min {
                landings |= beyond & empty;
            }
            run = beyond & enemy;
            length += 1;
        }
    }
    Some(landings)
}

/// [`super::groups::capture_groups`] for a capture with the default filter: a site that is
/// neither an enemy's (`enemy`) nor the mover's (`own`) is empty. The groups are all
/// walked; `capture` is told no more sites once it says [`Flow::Break`].
fn groups(
    board: &Board,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    (links, mode): (rulebook_model::DirectionBits, CaptureMode),
    landing: Site,
    capture: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    let empty = |s: Site| !enemy(s) && !own(s);
    let mut flow = Flow::Continue(());
    let mut until = |s, mode| {
        if flow.is_continue() {
            flow = capture(s, mode, NO_SITE);
        }
    };
    super::groups::capture_groups(board, (enemy, &empty), links, (landing, mode), &mut until);
    flow
}

/// Whether `site` is in region `region` of the game (any site, when there is none).
#[inline]
fn in_region(game: &Game, region: Option<u16>, site: Site) -> bool {
    region.is_none_or(|r| game.in_region(r as usize, site))
}

/// Passes to `capture` each piece next to `landing` that `enemy` allows and whose every
/// neighbour along `directions` is on the board and closed (`own`).
#[inline(always)]
fn enclosed(
    board: &Board,
    (enemy, own): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    directions: &[u8],
    landing: Site,
    mode: CaptureMode,
    capture: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
) -> Flow {
    for &dir in directions {
        let target = board.step(landing, dir);
        if target == NO_SITE || !enemy(target) {
            continue;
        }
        let closed = directions.iter().all(|&d| {
            let s = board.step(target, d);
            s != NO_SITE && own(s)
        });
        if closed {
            capture(target, mode, NO_SITE)?;
        }
    }
    Flow::Continue(())
}

/// Walks from `from` along `dir` over sites that satisfy `pred`; returns the first site
/// that does not (or [`NO_SITE`]) and how many did. Always inlined: a call a run costs
/// the games that capture by runs (outflanking by custodian runs) more than the walk itself.
#[inline(always)]
fn walk(board: &Board, from: Site, dir: u8, pred: &impl Fn(Site) -> bool) -> (Site, usize) {
    // The table's place at hand, not read through the board at each step.
    let steps = board.neighbours();
    let mut n = 0;
    let mut s = steps.step(from, dir);
    while s != NO_SITE && pred(s) {
        n += 1;
        s = steps.step(s, dir);
    }
    (s, n)
}

/// Passes to `captured` the `n` sites after `from` along `dir`, with how they are taken
/// and the site that closed their run, until it says stop.
#[inline]
fn push_line(
    captured: &mut impl FnMut(Site, CaptureMode, Site) -> Flow,
    board: &Board,
    from: Site,
    dir: u8,
    n: usize,
    (mode, closer): (CaptureMode, Site),
) -> Flow {
    let mut s = from;
    for _ in 0..n {
        s = board.step(s, dir);
        captured(s, mode, closer)?;
    }
    Flow::Continue(())
}
