//! Promotions that can never apply: the first promotion that applies to a piece is the one
//! made, so a promotion written after another that promotes the same kinds, in the same
//! region, under the same condition (or none), is never reached.

use crate::check::{Conditional, EffectDecl, RegionConst, TExpr, TExprKind};
use rulebook_model::MidChain;

/// For each promotion among `effects` that an earlier one always comes before, the index of
/// the later one and of the earlier one. `kinds`: how many kinds of piece the game has.
pub(super) fn shadowed_promotions(
    effects: &[Conditional<EffectDecl>],
    kinds: usize,
) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (later, b) in effects.iter().enumerate() {
        let earlier = effects[..later]
            .iter()
            .position(|a| comes_first(a, b, kinds));
        if let Some(earlier) = earlier {
            found.push((later, earlier));
        }
    }
    found
}

/// Whether promotion `a`, written before `b`, applies wherever `b` would: to every kind `b`
/// promotes, on every site of `b`'s region, whenever `b`'s condition holds, and in a chain
/// of jumps as `b` would (the same `at`, or `b`'s is `at end`, which acts only where the
/// move ends). False if either is no promotion.
fn comes_first(a: &Conditional<EffectDecl>, b: &Conditional<EffectDecl>, kinds: usize) -> bool {
    let (
        EffectDecl::Promote {
            from: a_from,
            to: a_to,
            region: a_region,
            leaving: a_leaving,
            mid_chain: a_chain,
            ..
        },
        EffectDecl::Promote {
            from: b_from,
            to: b_to,
            region: b_region,
            leaving: b_leaving,
            mid_chain: b_chain,
            ..
        },
    ) = (&a.rule, &b.rule)
    else {
        return false;
    };
    let b_kinds = promoted(b_from, *b_to, kinds);
    let a_kinds = promoted(a_from, *a_to, kinds);
    let kinds_covered = !b_kinds.is_empty() && b_kinds.iter().all(|k| a_kinds.contains(k));
    let everywhere = matches!(a_region.kind, TExprKind::Region(RegionConst::All));
    let leaving_covered = *a_leaving || !*b_leaving;
    let region_covered = everywhere || (same(a_region, b_region) && leaving_covered);
    let condition_covered = match (&a.condition, &b.condition) {
        (None, _) => true,
        (Some(x), Some(y)) => same(x, y),
        (Some(_), None) => false,
    };
    let chain_covered = a_chain == b_chain || *b_chain == MidChain::Pass;
    kinds_covered && region_covered && condition_covered && chain_covered
}

/// The kinds a promotion from `from` (none: every kind) to `to` promotes: a piece already
/// of the kind it would become is not promoted.
fn promoted(from: &Option<Vec<usize>>, to: usize, kinds: usize) -> Vec<usize> {
    (0..kinds)
        .filter(|k| *k != to && from.as_ref().is_none_or(|f| f.contains(k)))
        .collect()
}

/// Whether two expressions are the same, wherever they are written.
fn same(a: &TExpr, b: &TExpr) -> bool {
    use TExprKind as K;
    let all_same =
        |x: &[TExpr], y: &[TExpr]| x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y));
    match (&a.kind, &b.kind) {
        (K::Call(f, x), K::Call(g, y)) => f == g && all_same(x, y),
        (
            K::Quantified {
                quantifier: q,
                depth: d,
                region: r,
                body: x,
            },
            K::Quantified {
                quantifier: p,
                depth: e,
                region: s,
                body: y,
            },
        ) => q == p && d == e && same(r, s) && same(x, y),
        (K::Unary(o, x), K::Unary(p, y)) => o == p && same(x, y),
        (K::Binary(o, x1, x2), K::Binary(p, y1, y2)) => o == p && same(x1, y1) && same(x2, y2),
        // The other forms hold no expression, so no place.
        (x, y) => x == y,
    }
}
