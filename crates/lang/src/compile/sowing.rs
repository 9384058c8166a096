//! Sowing: the track each player sows along (the stores and the sites of `skip` passed
//! over), the rules after sowing, and the regions of a mancala board (`row`, `between`,
//! `pit`), which are conditions on a site rather than lists of sites.

use super::exprs::{to_runtime, Value};
use super::{rule_source, sow_plan, Compiler};
use crate::check::{ActionDecl, Builtin, RegionConst, SowRuleDecl, TExpr, TExprKind};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::{self as model, Condition, Expr, Op, Site};

impl Compiler<'_> {
    /// The rules after sowing whose conditions can hold in this configuration, with where
    /// each is written.
    pub(super) fn after_sow(&mut self) -> (Vec<model::SowRule>, Vec<model::RuleSource>) {
        let desc = self.desc;
        desc.after_sow
            .iter()
            .filter_map(|r| Some((self.sow_rule(r)?, rule_source(r.span, &r.label))))
            .unzip()
    }

    /// A rule after sowing, unless its condition is false in this configuration.
    fn sow_rule(&mut self, r: &SowRuleDecl) -> Option<model::SowRule> {
        let condition = match self.fold(&r.condition)? {
            Value::Bool(true) => Condition::Always,
            Value::Bool(false) => return None,
            Value::Runtime(x) => Condition::When(x),
            _ => return None,
        };
        let actions = r
            .actions
            .iter()
            .map(|a| {
                Some(match a {
                    ActionDecl::Again => model::Action::Again,
                    ActionDecl::Take { from, to } => model::Action::Take {
                        from: to_runtime(self.fold(from)?)?,
                        to: to_runtime(self.fold(to)?)?,
                    },
                    ActionDecl::Mark(site) => model::Action::Mark(to_runtime(self.fold(site)?)?),
                    ActionDecl::TakeRun {
                        from,
                        counterclockwise,
                        condition,
                        to,
                    } => model::Action::TakeRun {
                        from: to_runtime(self.fold(from)?)?,
                        counterclockwise: *counterclockwise,
                        condition: to_runtime(self.fold(condition)?)?,
                        to: to_runtime(self.fold(to)?)?,
                    },
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let cancel = match &r.cancel {
            Some(e) => Some(to_runtime(self.fold(e)?)?),
            None => None,
        };
        Some(model::SowRule {
            condition,
            actions,
            cancel,
        })
    }

    /// For each player and site, the next site along the track where that player sows a
    /// stone, the stores that `sowing` skips and the sites of `skip` passed over; an error
    /// if `skip` depends on more than the mover or leaves fewer than two sites.
    pub(super) fn sow_track(
        &mut self,
        sowing: model::Sowing,
        skip: Option<&TExpr>,
        players: usize,
    ) -> Option<Vec<Site>> {
        let sites = self.board().sites();
        let mut skipped = vec![false; players * sites];
        for (i, skipped) in skipped.iter_mut().enumerate() {
            let (mover, site) = (i / sites, Site::at(i % sites));
            let b = self.board();
            *skipped = b.pit_number(site) == 0
                && (sowing.skip_stores
                    || (sowing.skip_opponent_store && b.row_owner(site).index() != mover));
        }
        if let Some(region) = skip {
            self.skip_region(region, players, &mut skipped)?;
        }
        let board = self.board();
        Some(
            (0..players * sites)
                .map(|i| {
                    let (mover, mut site) = (i / sites, Site::at(i % sites));
                    loop {
                        site = board.next_on_track(site, sowing.counterclockwise);
                        if !skipped[mover * sites + site.index()] {
                            return site;
                        }
                    }
                })
                .collect(),
        )
    }

    /// Marks the sites of `skip REGION` as skipped for each mover.
    fn skip_region(&mut self, region: &TExpr, players: usize, skipped: &mut [bool]) -> Option<()> {
        let sites = self.board().sites();
        for mover in model::Player::all(players) {
            for site in 0..sites {
                let member = self.membership(region, &Expr::Const(site as i64))?;
                match sow_plan::mover_value(self.board(), &member, mover) {
                    Some(v) => skipped[mover.index() * sites + site] |= v != 0,
                    None => {
                        let d = Diagnostic::error(Code::E0628,
                            "the sites `skip` passes over can depend on the mover only",
                            region.span,
                        )
                        .with_help("name rows and sites: `skip row(opponent)`, `skip between(store(south), pit(north, 3))`");
                        self.errors.push(self.with_config(d));
                        return None;
                    }
                }
            }
            if skipped[mover.index() * sites..][..sites]
                .iter()
                .filter(|&&s| !s)
                .count()
                < 2
            {
                let d = Diagnostic::error(
                    Code::E0629,
                    "`skip` leaves fewer than two sites to sow into",
                    region.span,
                );
                self.errors.push(self.with_config(d));
                return None;
            }
        }
        Some(())
    }

    /// `pit(PLAYER, NUMBER)`; `row`, `between` and a site as a region outside a condition
    /// over their sites are an error (they have no list of sites).
    pub(super) fn pit_set_call(&mut self, f: Builtin, args: &[TExpr], span: Span) -> Option<Value> {
        if f != Builtin::PitOf {
            return self.pit_set_misplaced(span);
        }
        let player = to_runtime(self.fold(&args[0])?)?;
        let number = to_runtime(self.fold(&args[1])?)?;
        Some(Value::Runtime(Expr::PitOf(
            Box::new(player),
            Box::new(number),
        )))
    }

    /// The error for a region of a mancala board used as a list of sites.
    fn pit_set_misplaced(&mut self, span: Span) -> Option<Value> {
        let d = Diagnostic::error(
            Code::E0630,
            "a region of a mancala board can only be used after `in` or in `stones(...)`",
            span,
        )
        .with_help("write `any(p in row(mover): count(p) > 0)` or `stones(row(mover))`");
        self.errors.push(self.with_config(d));
        None
    }

    /// Whether `site` is in `region` (a region of a mancala board), as a condition.
    pub(super) fn membership(&mut self, region: &TExpr, site: &Expr) -> Option<Expr> {
        let both = |op, a, b| Expr::Binary(op, Box::new(a), Box::new(b));
        let boxed = |e: &Expr| Box::new(e.clone());
        Some(match &region.kind {
            TExprKind::Region(RegionConst::All) => Expr::Const(1),
            TExprKind::Call(Builtin::Row, args) => {
                let player = to_runtime(self.fold(&args[0])?)?;
                let owned = both(Op::Eq, Expr::Owner(boxed(site)), player);
                let pit = both(Op::Gt, Expr::PitNumber(boxed(site)), Expr::Const(0));
                both(Op::And, owned, pit)
            }
            TExprKind::Call(Builtin::Alone, args) => {
                let alone = to_runtime(self.fold(&args[0])?)?;
                both(Op::Eq, site.clone(), alone)
            }
            TExprKind::Call(Builtin::Between, args) => {
                let from = to_runtime(self.fold(&args[0])?)?;
                let to = to_runtime(self.fold(&args[1])?)?;
                let steps = Expr::Steps(boxed(&from), boxed(site));
                let after = both(Op::Gt, steps.clone(), Expr::Const(0));
                let before = both(Op::Lt, steps, Expr::Steps(Box::new(from), Box::new(to)));
                both(Op::And, after, before)
            }
            TExprKind::Binary(op @ (Op::Add | Op::Sub | Op::Mul), a, b) => {
                let (a, b) = (self.membership(a, site)?, self.membership(b, site)?);
                match op {
                    Op::Add => both(Op::Or, a, b),
                    Op::Sub => both(Op::And, a, Expr::Not(Box::new(b))),
                    _ => both(Op::And, a, b),
                }
            }
            _ => {
                let d = Diagnostic::error(Code::E0631,
                    "on a mancala board, a region is `all`, `row(PLAYER)` or `between(SITE, SITE)`, or these joined by `+`, `-` and `*`",
                    region.span,
                );
                self.errors.push(self.with_config(d));
                return None;
            }
        })
    }
}
