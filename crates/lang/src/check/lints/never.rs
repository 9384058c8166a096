//! Conditions that can never hold: a `when` that is false for every setting of the options
//! it reads, whatever the position and the parameters (`when corner == off and corner ==
//! board`, `when lone-jump and not lone-jump and pieces(mover) == 1`). The rule it guards
//! can never apply, which the checker reports as a warning.

use crate::check::Unary;
use crate::check::{OptionDecl, TExpr, TExprKind};

/// The most combinations of option values tried; a condition reading more is not judged.
const MAX_COMBINATIONS: usize = 4096;

/// True if `condition` is false for every combination of values of the options it reads,
/// whatever the position and the parameters.
pub(super) fn never_holds(condition: &TExpr, options: &[OptionDecl]) -> bool {
    let mut read = Vec::new();
    options_read(condition, &mut read);
    read.sort_unstable();
    read.dedup();
    let mut total: usize = 1;
    for &o in &read {
        let Some(n) = options.get(o).map(|d| d.choices.len()) else {
            return false;
        };
        total = match total.checked_mul(n) {
            Some(t) if t <= MAX_COMBINATIONS => t,
            _ => return false,
        };
    }
    let mut values = vec![0; options.len()];
    for mut k in 0..total {
        for &o in &read {
            let n = options[o].choices.len();
            values[o] = k % n;
            k /= n;
        }
        if eval(condition, options, &values) != Some(0) {
            return false;
        }
    }
    true
}

fn options_read(e: &TExpr, out: &mut Vec<usize>) {
    match &e.kind {
        TExprKind::Option(i) => out.push(*i),
        TExprKind::Unary(_, x) => options_read(x, out),
        TExprKind::Binary(_, a, b) => {
            options_read(a, out);
            options_read(b, out);
        }
        TExprKind::Call(_, args) => args.iter().for_each(|a| options_read(a, out)),
        _ => {}
    }
}

/// The value as far as the options decide it (`None`: it depends on the position or a
/// parameter), with three-valued logic: `false and unknown` is false, `true or unknown`
/// true. Switches are 0 or 1, choices their index (the checker compares a choice only with
/// a choice of the same option).
fn eval(e: &TExpr, options: &[OptionDecl], values: &[usize]) -> Option<i64> {
    match &e.kind {
        TExprKind::Bool(b) => Some(*b as i64),
        TExprKind::Option(i) => {
            let o = options.get(*i)?;
            Some(match o.is_switch {
                true => o.choices.get(values[*i]).is_some_and(|c| c == "on") as i64,
                false => values[*i] as i64,
            })
        }
        TExprKind::Choice { index, .. } => Some(*index as i64),
        TExprKind::Unary(Unary::Not, x) => eval(x, options, values).map(|v| (v == 0) as i64),
        TExprKind::Binary(op, a, b) => {
            op.partial(eval(a, options, values), eval(b, options, values))
        }
        _ => None,
    }
}
