//! Conditions that can never hold: a `when` that is false for every setting of the options
//! it reads, whatever the position and the parameters (`when corner == off and corner ==
//! board`, `when lone-jump and not lone-jump and pieces(mover) == 1`). The rule it guards
//! can never apply, which the checker reports as a warning.

use crate::check::Unary;
use crate::check::{OptionDecl, TExpr, TExprKind};
use crate::model::Op;

/// The most combinations of option values tried; a condition reading more is not judged.
const MAX_COMBINATIONS: usize = 4096;

/// A value as far as the options decide it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Bool(bool),
    /// Choice `.1` of option `.0`.
    Choice(usize, usize),
    /// Depends on the position or a parameter, or is not a truth value or a choice.
    Unknown,
}

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
        if eval(condition, options, &values) != Value::Bool(false) {
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

/// Evaluates with three-valued logic: `false and unknown` is false, `true or unknown` true.
fn eval(e: &TExpr, options: &[OptionDecl], values: &[usize]) -> Value {
    use Value::{Bool, Choice, Unknown};
    match &e.kind {
        TExprKind::Bool(b) => Bool(*b),
        TExprKind::Option(i) => match options.get(*i) {
            Some(o) if o.is_switch => Bool(o.choices.get(values[*i]).is_some_and(|c| c == "on")),
            Some(_) => Choice(*i, values[*i]),
            None => Unknown,
        },
        TExprKind::Choice { option, index } => Choice(*option, *index),
        TExprKind::Unary(Unary::Not, x) => match eval(x, options, values) {
            Bool(b) => Bool(!b),
            _ => Unknown,
        },
        TExprKind::Binary(op, a, b) => {
            let (a, b) = (eval(a, options, values), eval(b, options, values));
            match op {
                Op::And => match (a, b) {
                    (Bool(false), _) | (_, Bool(false)) => Bool(false),
                    (Bool(true), Bool(true)) => Bool(true),
                    _ => Unknown,
                },
                Op::Or => match (a, b) {
                    (Bool(true), _) | (_, Bool(true)) => Bool(true),
                    (Bool(false), Bool(false)) => Bool(false),
                    _ => Unknown,
                },
                Op::Eq | Op::Ne => {
                    let equal = match (a, b) {
                        (Bool(x), Bool(y)) => x == y,
                        (Choice(o, x), Choice(p, y)) if o == p => x == y,
                        _ => return Unknown,
                    };
                    Bool(equal == (*op == Op::Eq))
                }
                _ => Unknown,
            }
        }
        _ => Unknown,
    }
}
