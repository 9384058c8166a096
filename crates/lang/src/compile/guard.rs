//! [`Tables::guard`](model::Tables::guard): what the compiler proves of a game whose
//! `forbid leaving` conditions are all `attacked(mover, KIND)`, so that the list of legal
//! moves judges most moves without playing them (the engine's `guard.rs` says why that is
//! exact). Every other game, and every game where one of the proofs fails, gets none.

use rulebook_model::{
    self as model, Board, Condition, EffectKind, Expr, Landing, MoveKind, MoveRule, PlayerRef,
    SiteTest, Step, WalkAction, ALL_KINDS, ANY_KIND,
};

/// The guard of a game of move rules `moves`, effects `effects` and `forbid leaving`
/// conditions `forbidden` on `board`, if every proof holds.
pub(super) fn guard(
    moves: &[MoveRule],
    effects: &[model::Effect],
    forbidden: &[Expr],
    board: &Board,
) -> Option<model::Guard> {
    let kinds = guarded_kinds(forbidden)?;
    let searched_back = board.links_lead_back() && moves.iter().all(attacks_back);
    let effects_plain = effects.iter().all(|e| match e.kind {
        EffectKind::Again => true,
        EffectKind::Promote { to, .. } => kinds >> to & 1 == 0,
        _ => false,
    });
    (searched_back && effects_plain).then(|| model::Guard {
        kinds,
        plain: moves.iter().map(|rule| plain(rule, kinds)).collect(),
        hops: moves.iter().map(hop_directions).collect(),
    })
}

/// The directions of `rule` if it is a hop ([`model::Guard::hops`]) that no region
/// narrows: its walk, along each direction, repeats a shift over empty sites, shifts onto
/// a piece, repeats a shift over empty sites, and shifts onto an enemy piece, its
/// destination.
fn hop_directions(rule: &MoveRule) -> Option<Vec<u8>> {
    let MoveKind::Walk(walk) = &rule.kind else {
        return None;
    };
    let [Step::Branch(branches)] = walk.steps.as_slice() else {
        return None;
    };
    let free = rule.filter.avoiding.is_none() && rule.filter.not_landing.is_none();
    let plain = walk.action == WalkAction::Move && walk.taking.is_none() && free;
    let directions: Option<Vec<u8>> = branches.iter().map(|b| hop_direction(b)).collect();
    directions.filter(|_| plain)
}

/// The direction of one line of a hop's walk (see [`hop_directions`]), if it is one.
fn hop_direction(branch: &[Step]) -> Option<u8> {
    let over_empty = |body: &[Step], d: u8| body == [Step::Shift(d), Step::Test(SiteTest::Empty)];
    match branch {
        [Step::Repeat {
            body: to_screen,
            min: 0,
            ..
        }, Step::Shift(d), Step::Test(SiteTest::Occupied), Step::Repeat {
            body: beyond,
            min: 0,
            ..
        }, Step::Shift(e), Step::Test(SiteTest::Enemy), Step::Emit]
            if d == e && over_empty(to_screen, *d) && over_empty(beyond, *d) =>
        {
            Some(*d)
        }
        _ => None,
    }
}

/// The kinds that `forbidden` guards, each condition `attacked(mover, KIND)`; `None` if
/// there is none or one is of another form.
fn guarded_kinds(forbidden: &[Expr]) -> Option<u64> {
    let kinds = forbidden.iter().try_fold(0, |kinds, c| match *c {
        Expr::Attacked(PlayerRef::Mover, ANY_KIND) => Some(ALL_KINDS),
        Expr::Attacked(PlayerRef::Mover, kind) if kind < 64 => Some(kinds | 1 << kind),
        _ => None,
    })?;
    (!forbidden.is_empty()).then_some(kinds)
}

/// Whether the test of a site attacked reads `rule` backwards, from the site, under a
/// condition that reads nothing but who moves, and through tests of the sites it visits
/// alone: a rule that may take is a slide or a walk that can be reversed, and its walk
/// asks no site's neighbours.
fn attacks_back(rule: &MoveRule) -> bool {
    let takes = match &rule.kind {
        MoveKind::Slide { .. } => rule.filter.landing != Landing::Empty,
        MoveKind::Walk(walk) if !walk.attacks() => false,
        MoveKind::Walk(walk) => {
            let neighbours = walk.fold_tests(false, |n, t| n || matches!(t, SiteTest::NextTo(_)));
            if neighbours || walk.reversed().is_none() {
                return false;
            }
            true
        }
        _ => false,
    };
    !takes
        || match &rule.condition {
            Condition::Always => true,
            Condition::When(e) => reads_only_the_mover(e),
        }
}

/// Whether `e` reads nothing of the position but who moves: constants, players, and
/// operators on them.
fn reads_only_the_mover(e: &Expr) -> bool {
    !e.any(&|x| {
        !matches!(
            x,
            Expr::Const(_) | Expr::Player(_) | Expr::Not(_) | Expr::Neg(_) | Expr::Binary(..)
        )
    })
}

/// Whether the moves of `rule` are [plain](model::Guard::plain) where `guarded` are the
/// kinds guarded.
fn plain(rule: &MoveRule, guarded: u64) -> bool {
    let filter = &rule.filter;
    let alone = filter.then.is_none()
        && !rule.kind.captures_in_line()
        && !filter.in_passing
        && rule.forbidding.is_none();
    let placed_plain = |kind: u8| guarded >> kind & 1 == 0;
    alone
        && match &rule.kind {
            MoveKind::Slide { .. } | MoveKind::Fly { .. } => true,
            MoveKind::Walk(walk) => walk.action == WalkAction::Move && walk.taking.is_none(),
            MoveKind::PlacePiece { kind, .. } => placed_plain(*kind),
            MoveKind::SiteWalk(walk) => walk.placed_kind().is_some_and(placed_plain),
            _ => false,
        }
}
