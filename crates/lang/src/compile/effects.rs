//! Effects after a move (`after move`): captures (custodian runs along lines or a path,
//! groups, enclosed pieces) with what narrows them, promotion, and another move.

use super::exprs::Value;
use super::moves::seated_condition;
use super::{kind_set, rule_source, Compiler};
use crate::check::{CaptureFilterDecl, Conditional, EffectDecl, RunDecl, TExpr};
use crate::diag::Diagnostic;
use rulebook_model::{self as model, Site};

impl Compiler<'_> {
    /// The effects after a move, with where each is written.
    pub(super) fn effects(&mut self) -> (Vec<model::Effect>, Vec<model::RuleSource>) {
        let desc = self.desc;
        let labels = desc.effect_labels.iter().chain(std::iter::repeat(&None));
        let mut out = (Vec::new(), Vec::new());
        for (e, label) in desc.effects.iter().zip(labels) {
            for (seat, effect) in self.per_seat(|c| c.effect(e)) {
                if let Some(condition) = seated_condition(&effect.condition, seat) {
                    out.0.push(model::Effect {
                        condition,
                        ..effect
                    });
                    out.1.push(rule_source(e.span, label));
                }
            }
        }
        out
    }

    /// What narrows a capture, compiled.
    fn capture_filter(&mut self, f: &CaptureFilterDecl) -> Option<model::CaptureFilter> {
        let standing = match &f.standing {
            None => None,
            Some((inside, r)) => {
                let Value::Region(sites) = self.fold(r)? else {
                    return None;
                };
                let sites: Vec<Site> = match inside {
                    true => sites,
                    false => Site::all(self.board().sites())
                        .filter(|s| !sites.contains(s))
                        .collect(),
                };
                Some(self.region_mask(&sites))
            }
        };
        let hostile = match &f.against {
            Some(r) => Some(self.nonempty_region(r, "the hostile sites")?),
            None => None,
        };
        Some(model::CaptureFilter {
            kinds: kind_set(f.of.as_deref()),
            standing,
            hostile,
        })
    }

    /// An effect, unless its condition is false in this configuration.
    fn effect(&mut self, e: &Conditional<EffectDecl>) -> Option<model::Effect> {
        let condition = self.condition(e)?;
        let (run, turning_once, (min_length, max_length), mode, filter) = match &e.rule {
            EffectDecl::Again => {
                return Some(model::Effect {
                    kind: model::EffectKind::Again,
                    filter: model::CaptureFilter::default(),
                    condition,
                })
            }
            EffectDecl::Promote {
                from,
                to,
                region,
                mid_chain,
            } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Promote {
                        to: *to as u8,
                        region: self.nonempty_region(region, "where pieces are promoted")?,
                        mid_chain: *mid_chain,
                    },
                    filter: model::CaptureFilter {
                        kinds: kind_set(from.as_deref()),
                        ..model::CaptureFilter::default()
                    },
                    condition,
                })
            }
            EffectDecl::Custodian {
                run,
                turning_once,
                min_length,
                max_length,
                mode,
                filter,
            } => (run, turning_once, (min_length, max_length), mode, filter),
            EffectDecl::Groups { directions, mode } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Groups {
                        directions: directions.iter().fold(0, |bits, &d| bits | 1 << d),
                        mode: *mode,
                    },
                    filter: model::CaptureFilter::default(),
                    condition,
                })
            }
            EffectDecl::Enclosed {
                directions,
                mode,
                filter,
            } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Enclosed {
                        directions: directions.clone(),
                        mode: *mode,
                    },
                    filter: self.capture_filter(filter)?,
                    condition,
                })
            }
        };
        let shape = match run {
            RunDecl::Lines(d) => model::RunShape::Lines(d.clone()),
            RunDecl::Path(name) => {
                if self.board().removed_points().next().is_some() {
                    let d = Diagnostic::error(
                        format!("a board without some of its points has no path `{name}`"),
                        e.span,
                    )
                    .with_help("the points it is without cut the grid's perimeter");
                    self.errors.push(d);
                    return None;
                }
                model::RunShape::Path(self.board().path(name)?)
            }
        };
        let min_length_expr = min_length.as_ref();
        let max_length = self.run_length(max_length.as_ref(), u16::MAX, "longest")?;
        let min_length = self.run_length(min_length_expr, 1, "shortest")?;
        if let (Some(e), true) = (min_length_expr, min_length > max_length) {
            self.errors.push(Diagnostic::error(
                format!("the shortest run captured, {min_length}, is longer than the longest, {max_length}"),
                e.span,
            ));
            return None;
        }
        Some(model::Effect {
            kind: model::EffectKind::Custodian {
                shape,
                turning_once: *turning_once,
                min_length,
                max_length,
                mode: *mode,
            },
            filter: self.capture_filter(filter)?,
            condition,
        })
    }

    /// A custodian capture's `min` or `max` (`which`: "shortest" or "longest"), at least
    /// 1; `unset` when not written.
    fn run_length(&mut self, e: Option<&TExpr>, unset: u16, which: &str) -> Option<u16> {
        let Some(e) = e else {
            return Some(unset);
        };
        match self.fold(e)? {
            Value::Int(v) if v >= 1 => Some(v.min(u16::MAX as i64) as u16),
            Value::Int(v) => {
                self.errors.push(Diagnostic::error(
                    format!("the {which} run must be at least 1, not {v}"),
                    e.span,
                ));
                None
            }
            _ => None,
        }
    }
}
