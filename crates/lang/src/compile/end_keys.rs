//! How the engine judges the end conditions checked after every move
//! ([`rulebook_model::EndCheck`]): those that compare a line with a number
//! (`line(mover) >= 4`) by whether the line reaches that length, and those that the stones
//! of a few sites decide alone (`count(store(south)) > 24`) by those sites, listed for each
//! mover, so that the engine evaluates such a condition again only when the mover or those
//! stones differ from the last time it did; and, in a game whose stones stay where they are
//! placed, those on groups (`ring(mover, all)`) from the stone just placed.

use super::sow_plan::mover_value;
use rulebook_model::{
    Board, EndCheck, Expr, MoveKind, MoveRule, Op, Player, Site, Start, END_KEY_SITES, NO_SITE,
};

/// For each condition, how the engine judges it; `places_only` as [`places_only`] finds
/// ([`Facts::places_only`](rulebook_model::Facts::places_only)).
pub(super) fn end_checks(
    conditions: &[Expr],
    board: &Board,
    players: usize,
    places_only: bool,
) -> Vec<EndCheck> {
    conditions
        .iter()
        .map(|c| {
            line_check(c)
                .or_else(|| end_key(c, board, players).map(EndCheck::Stones))
                .or_else(|| places_only.then(|| placed_check(c)).flatten())
                .unwrap_or(EndCheck::Evaluated)
        })
        .collect()
}

/// [`Facts::places_only`](rulebook_model::Facts::places_only) of these rules: every move
/// rule places a piece on an empty site and does nothing else (no second part, no effect
/// of the game's), passes, or is the swap, and pieces do not stack.
pub(super) fn places_only(
    moves: &[MoveRule],
    effects: &[rulebook_model::Effect],
    start: &Start,
) -> bool {
    let plain = |r: &MoveRule| match r.kind {
        MoveKind::PlacePiece { .. } => !r.filter.has_second_part(),
        MoveKind::Pass { .. } | MoveKind::Swap => true,
        _ => false,
    };
    effects.is_empty() && start.stacking == 0 && !moves.is_empty() && moves.iter().all(plain)
}

/// [`EndCheck::Placed`] for a condition that reads a group rule a placed stone can make
/// true: `ring(...)`, or a `touching(...)` compared with a number. (Not `connected(...)`:
/// its flood from the pieces on one region stops at the first on the other, which costs
/// no more than filling the group placed into.)
fn placed_check(condition: &Expr) -> Option<EndCheck> {
    let mut rules = Vec::new();
    let rest = without_group_rules(condition, &mut rules);
    (!rules.is_empty()).then(|| EndCheck::Placed {
        rules: rules.into_boxed_slice(),
        rest,
    })
}

/// Whether `e` is a group rule of [`EndCheck::Placed`]: one that only the group holding a
/// stone just placed can make true where it was false for that player.
fn is_group_rule(e: &Expr) -> bool {
    match e {
        Expr::Ring(..) => true,
        // Compared with a number, the most regions a group touches is read only as whether
        // it reaches that number.
        &Expr::Touching(_, _, _, enough) => enough > 0,
        _ => false,
    }
}

/// `e` with each of its group rules (added to `rules`) replaced by 0: false, or for a
/// `touching(...)` a number below the one it is compared with.
fn without_group_rules(e: &Expr, rules: &mut Vec<Expr>) -> Expr {
    if is_group_rule(e) {
        if !rules.contains(e) {
            rules.push(e.clone());
        }
        return Expr::Const(0);
    }
    if !e.operands().any(|x| x.any(&is_group_rule)) {
        return e.clone();
    }
    match e {
        Expr::Binary(op, a, b) => Expr::Binary(
            *op,
            Box::new(without_group_rules(a, rules)),
            Box::new(without_group_rules(b, rules)),
        ),
        Expr::Not(x) => Expr::Not(Box::new(without_group_rules(x, rules))),
        Expr::Neg(x) => Expr::Neg(Box::new(without_group_rules(x, rules))),
        // A group rule within another expression: kept as it is (read over the board).
        other => other.clone(),
    }
}

/// [`EndCheck::Line`] for a condition that compares a line with a number: `line(P, R) >=
/// N`, `line(P, R) > N`, `N <= line(P, R)` or `N < line(P, R)`.
fn line_check(condition: &Expr) -> Option<EndCheck> {
    let Expr::Binary(op, a, b) = condition else {
        return None;
    };
    // The line on the side the operator opens to.
    let (line, n, strict) = match op {
        Op::Ge | Op::Gt => (&**a, &**b, *op == Op::Gt),
        Op::Le | Op::Lt => (&**b, &**a, *op == Op::Lt),
        _ => return None,
    };
    let (&Expr::Line(player, region), &Expr::Const(n)) = (line, n) else {
        return None;
    };
    let length = if strict { n.checked_add(1)? } else { n };
    Some(EndCheck::Line {
        player,
        region,
        length,
    })
}

/// The sites whose stones decide a condition, per mover (unused places [`NO_SITE`]); `None`
/// for a condition that reads anything else of the position (pieces, marks, `last`, a row's
/// stones) or the stones of more than [`END_KEY_SITES`] sites.
fn end_key(c: &Expr, board: &Board, players: usize) -> Option<Vec<[Site; END_KEY_SITES]>> {
    let mut counted = Vec::new();
    if !reads_only_counts(c, &mut counted) {
        return None;
    }
    Player::all(players)
        .map(|mover| {
            let mut sites = [NO_SITE; END_KEY_SITES];
            let mut n = 0;
            for &x in &counted {
                // As the evaluator reads `count(x)`: the value of `x` as a site.
                let site = Site::of_value(mover_value(board, x, mover)?);
                if sites[..n].contains(&site) {
                    continue;
                }
                *sites.get_mut(n)? = site;
                n += 1;
            }
            Some(sites)
        })
        .collect()
}

/// Whether `e` reads nothing of the position but the mover and the stones of sites that the
/// mover fixes; the operands of those `count`s are added to `counted`.
fn reads_only_counts<'e>(e: &'e Expr, counted: &mut Vec<&'e Expr>) -> bool {
    match e {
        Expr::Const(_) | Expr::Player(_) => true,
        Expr::Count(x) if fixed_by_mover(x) => {
            counted.push(x);
            true
        }
        Expr::Store(x)
        | Expr::Owner(x)
        | Expr::PitNumber(x)
        | Expr::Opposite(x)
        | Expr::Not(x)
        | Expr::Neg(x) => reads_only_counts(x, counted),
        Expr::Binary(_, a, b) => reads_only_counts(a, counted) && reads_only_counts(b, counted),
        _ => false,
    }
}

/// Whether the value of `e` depends on the mover alone (a constant, a player, the board's
/// functions of those).
fn fixed_by_mover(e: &Expr) -> bool {
    match e {
        Expr::Const(_) | Expr::Player(_) => true,
        Expr::Store(x)
        | Expr::Owner(x)
        | Expr::PitNumber(x)
        | Expr::Opposite(x)
        | Expr::Not(x)
        | Expr::Neg(x) => fixed_by_mover(x),
        Expr::Binary(_, a, b) => fixed_by_mover(a) && fixed_by_mover(b),
        _ => false,
    }
}
