//! Effects after a move (`after move`): captures (custodian runs along lines or a path,
//! groups, enclosed pieces) with what narrows them, promotion, and another move.

use super::exprs::Value;
use super::moves::seated_condition;
use super::{kind_set, rule_source, Compiler};
use crate::check::{CaptureFilterDecl, Conditional, EffectDecl, RunDecl, TExpr};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
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
        let (kind, filter) = match &e.rule {
            EffectDecl::Again => (model::EffectKind::Again, model::CaptureFilter::default()),
            EffectDecl::Claim { kind } => (
                model::EffectKind::Claim { kind: *kind as u8 },
                model::CaptureFilter::default(),
            ),
            EffectDecl::Promote {
                from,
                to,
                region,
                leaving,
                mid_chain,
                choices,
            } => {
                let kind = model::EffectKind::Promote {
                    to: *to as u8,
                    region: self.nonempty_region(region, "where pieces are promoted")?,
                    leaving: *leaving,
                    mid_chain: *mid_chain,
                    choices: kind_set(Some(choices)),
                };
                let filter = model::CaptureFilter {
                    kinds: kind_set(from.as_deref()),
                    ..model::CaptureFilter::default()
                };
                (kind, filter)
            }
            EffectDecl::Custodian {
                run,
                turning_once,
                min_length,
                max_length,
                mode,
                filter,
            } => {
                let shape = self.run_shape(run, e.span)?;
                let (min_length, max_length) =
                    self.run_lengths(min_length.as_ref(), max_length.as_ref())?;
                let kind = model::EffectKind::Custodian {
                    shape,
                    turning_once: *turning_once,
                    min_length,
                    max_length,
                    mode: *mode,
                };
                (kind, self.capture_filter(filter)?)
            }
            EffectDecl::Groups { directions, mode } => {
                let kind = model::EffectKind::Groups {
                    directions: directions.iter().fold(0, |bits, &d| bits | 1 << d),
                    mode: *mode,
                };
                (kind, model::CaptureFilter::default())
            }
            EffectDecl::Enclosed {
                directions,
                mode,
                filter,
            } => {
                let kind = model::EffectKind::Enclosed {
                    directions: directions.clone(),
                    mode: *mode,
                };
                (kind, self.capture_filter(filter)?)
            }
        };
        Some(model::Effect {
            kind,
            filter,
            condition,
        })
    }

    /// Where a custodian capture's runs go: along lines, or along a path of the board
    /// (which a board `without` some points has none of: an error).
    fn run_shape(&mut self, run: &RunDecl, span: Span) -> Option<model::RunShape> {
        Some(match run {
            RunDecl::Lines(d) => model::RunShape::Lines(d.clone()),
            RunDecl::Path(name) => {
                if self.board().removed_points().next().is_some() {
                    let d = Diagnostic::error(
                        Code::E0609,
                        format!("a board without some of its points has no path `{name}`"),
                        span,
                    )
                    .with_help("the points it is without cut the grid's perimeter");
                    self.errors.push(d);
                    return None;
                }
                model::RunShape::Path(self.board().path(name)?)
            }
        })
    }

    /// A custodian capture's shortest and longest runs (`min`, `max`), or an error when
    /// the shortest is longer than the longest.
    fn run_lengths(&mut self, min: Option<&TExpr>, max: Option<&TExpr>) -> Option<(u16, u16)> {
        let max_length = self.run_length(max, u16::MAX, "longest")?;
        let min_length = self.run_length(min, 1, "shortest")?;
        if let (Some(e), true) = (min, min_length > max_length) {
            self.errors.push(Diagnostic::error(Code::E0610,
                format!("the shortest run captured, {min_length}, is longer than the longest, {max_length}"),
                e.span,
            ));
            return None;
        }
        Some((min_length, max_length))
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
                    Code::E0611,
                    format!("the {which} run must be at least 1, not {v}"),
                    e.span,
                ));
                None
            }
            _ => None,
        }
    }
}
