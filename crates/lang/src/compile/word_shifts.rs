//! The moves of steps and leaps as shifts of one word of sites ([`model::WordShift`]):
//! where every move rule of a game is one or the other, on a board of at most 64 sites, the
//! engine counts and picks them without listing them ([`model::Counted::Steps`]), and
//! whether two rules make one move is told exactly, site by site.

use super::derived::rule_mover;
use super::walks::landing_test;
use rulebook_model::{self as model, Board, Site, SiteTest, Step, NO_SITE};

/// Per rule of `moves`, its moves as shifts of one word ([`model::WalkForms::word_shifts`]),
/// where every rule (of at most [`model::MAX_COUNTED_STEP_RULES`]) moves a piece of any of
/// the game's `kinds` by a step or a leap whose every direction or offset is one shift
/// ([`rule_shifts`]), narrowed by nothing but its landing, `not landing on` and `avoiding`,
/// on a board of at most 64 sites. `None` otherwise.
pub(super) fn word_shifts(
    moves: &[model::MoveRule],
    board: &Board,
    kinds: usize,
) -> Option<Vec<Vec<model::WordShift>>> {
    if board.sites() > 64 || !(1..=model::MAX_COUNTED_STEP_RULES).contains(&moves.len()) {
        return None;
    }
    let every_kind = u64::MAX >> (64 - kinds.clamp(1, 64));
    let plain = |r: &model::MoveRule| {
        let allowed = model::MoveFilter {
            kinds: r.filter.kinds,
            landing: r.filter.landing,
            not_landing: r.filter.not_landing,
            avoiding: r.filter.avoiding,
            ..model::MoveFilter::default()
        };
        r.filter == allowed
            && r.filter.kinds & every_kind == every_kind
            && (r.so_that.is_none() && r.forbidding.is_none() && r.numbered.is_none())
    };
    (moves.iter())
        .map(|r| plain(r).then(|| rule_shifts(r, board)).flatten())
        .collect()
}

/// The moves of a rule as shifts of one word, one per direction of a step (a slide of one
/// site that captures by neither approach nor withdrawal) or per offset of a leap (a walk
/// whose every branch leaps once, tests its landing as the rule's `onto` and `not landing
/// on` say and offers it: no leg to pass, no `avoiding`), each going the same number of
/// sites on from every site it leaves, and no two making one move. `None` for any other
/// rule.
fn rule_shifts(rule: &model::MoveRule, board: &Board) -> Option<Vec<model::WordShift>> {
    let shifts: Vec<model::WordShift> = match &rule.kind {
        model::MoveKind::Slide {
            directions,
            max_length: 1,
            line_capture: None,
            ..
        } => (directions.iter())
            .map(|&d| word_shift(board, |s| board.step(s, d)))
            .collect::<Option<_>>()?,
        model::MoveKind::Walk(walk) if rule.filter.avoiding.is_none() => {
            leap_shifts(walk, &rule.filter, board)?
        }
        _ => return None,
    };
    let apart = |(i, a): (usize, &model::WordShift)| {
        (shifts[i + 1..].iter()).all(|b| a.rotate != b.rotate || a.from & b.from == 0)
    };
    (shifts.len() <= model::MAX_WORD_SHIFTS && shifts.iter().enumerate().all(apart))
        .then_some(shifts)
}

/// The shifts of a walk that only leaps ([`rule_shifts`]), in the order of its branches.
fn leap_shifts(
    walk: &model::Walk,
    filter: &model::MoveFilter,
    board: &Board,
) -> Option<Vec<model::WordShift>> {
    if walk.action != model::WalkAction::Move || walk.taking.is_some() {
        return None;
    }
    let branches = match &walk.steps[..] {
        [Step::Branch(branches)] => branches.as_slice(),
        _ => std::slice::from_ref(&walk.steps),
    };
    let mut landing = vec![Step::Test(landing_test(filter.landing))];
    landing.extend(filter.not_landing.map(|r| Step::Test(SiteTest::NotIn(r))));
    landing.push(Step::Emit);
    (branches.iter())
        .map(|branch| match branch.split_first() {
            Some((Step::Leap(k), rest)) if rest == landing.as_slice() => {
                let targets = &walk.leaps.get(*k as usize)?.targets;
                word_shift(board, |s| targets[s.index()])
            }
            _ => None,
        })
        .collect()
}

/// The shift of one word that a move to `to(site)` from every site of `board` (of at most
/// 64 sites) is, [`NO_SITE`] where it leaves the board: `None` where it does not go the
/// same number of sites on from every site it leaves.
fn word_shift(board: &Board, to: impl Fn(Site) -> Site) -> Option<model::WordShift> {
    let (mut from, mut distance) = (0u64, None);
    for s in 0..board.sites() {
        let target = to(Site::at(s));
        if target == NO_SITE {
            continue;
        }
        let d = target.index() as i64 - s as i64;
        if d == 0 || *distance.get_or_insert(d) != d {
            return None;
        }
        from |= 1 << s;
    }
    Some(model::WordShift {
        from,
        rotate: distance.unwrap_or(0).rem_euclid(64) as u32,
    })
}

/// Per rule of `moves` (every one a placement or a removal, [`model::Counted::Sites`]), its
/// sites as bit sets of one word find them ([`model::WalkForms::word_sites`]): on a board of at
/// most 64 sites whose every direction a `next to` looks along is one shift. Empty
/// otherwise.
pub(super) fn word_sites(
    moves: &[model::MoveRule],
    board: &Board,
    regions: &[Vec<u64>],
) -> Vec<model::WordSites> {
    if board.sites() > 64 {
        return Vec::new();
    }
    let board_sites = u64::MAX >> (64 - board.sites());
    let sites_of = |r: Option<u16>| r.map(|r| regions[r as usize][0]);
    let rule_sites = |rule: &model::MoveRule| {
        let region = match rule.kind {
            model::MoveKind::PlacePiece { region, .. } | model::MoveKind::Remove { region } => {
                region
            }
            _ => return None,
        };
        let allowed = board_sites
            & sites_of(region).unwrap_or(u64::MAX)
            & !sites_of(rule.filter.not_landing).unwrap_or(0);
        let next_to = match rule.filter.next_to {
            Some(n) => {
                let steps = (0..board.directions() as u8)
                    .filter(|d| n.directions >> d & 1 == 1)
                    .map(|d| word_shift(board, |s| board.step(s, d)))
                    .collect::<Option<_>>()?;
                Some((n.what, steps))
            }
            None => None,
        };
        Some(model::WordSites { allowed, next_to })
    };
    moves
        .iter()
        .map(rule_sites)
        .collect::<Option<_>>()
        .unwrap_or_default()
}

/// Whether two rules of `moves` (whose moves are the shifts `shifts`, per rule) make one
/// move: the same shift from a site both leave, for one mover, by pieces of a kind both
/// move.
pub(super) fn shifts_coincide(moves: &[model::MoveRule], shifts: &[Vec<model::WordShift>]) -> bool {
    let meet = |a: &[model::WordShift], b: &[model::WordShift]| {
        (a.iter()).any(|x| {
            b.iter()
                .any(|y| x.rotate == y.rotate && x.from & y.from != 0)
        })
    };
    (moves.iter().zip(shifts).enumerate()).any(|(i, (a, sa))| {
        (moves[i + 1..].iter().zip(&shifts[i + 1..])).any(|(b, sb)| {
            let one_mover = !matches!((rule_mover(a), rule_mover(b)), (Some(x), Some(y)) if x != y);
            one_mover && a.filter.kinds & b.filter.kinds != 0 && meet(sa, sb)
        })
    })
}
