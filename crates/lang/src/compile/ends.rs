//! How a game ends and is judged: the end rules kept under the configuration with their
//! conditions on the position, the score, the ban on repeated positions, and the estimate
//! of an unfinished game.

use super::exprs::{to_runtime, Value};
use super::moves::seated_condition;
use super::{rule_source, Compiler, Seat, MAX_WITHIN};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::{self as model, Condition, Expr, Op, PlayerRef};

/// The end rules kept for these settings, with their conditions on the position and where
/// each condition is written.
#[derive(Default)]
pub(super) struct Ends {
    pub(super) rules: Vec<model::EndRule>,
    pub(super) labels: Vec<Option<String>>,
    pub(super) conditions: Vec<Expr>,
    pub(super) sources: Vec<model::RuleSource>,
    /// The conditions of [`model::EndWhen::StuckAnd`].
    pub(super) stuck: Vec<Expr>,
    /// [`model::Ends::repetitions`].
    pub(super) repetitions: u32,
    /// [`model::Ends::clock`].
    pub(super) clock: Option<model::Clock>,
    /// [`model::Ends::kept`].
    pub(super) kept: Option<model::Kept>,
}

/// The most times a position may be repeated before `end when repeated position N times`
/// ends the game.
const MAX_REPETITIONS: i64 = 1000;

/// The most points a win may be worth (`mover wins N`).
const MAX_POINTS: i64 = 100;

/// The most moves `end when N moves without ...` may count.
const MAX_CLOCK: i64 = 10_000;

impl Compiler<'_> {
    /// The end rules as written, with their short names, but for those whose condition on
    /// the position can never hold with these settings (`end when aim == five and ...`
    /// where `aim` is not `five`); and the conditions on the position of those kept, in the
    /// order of [`model::EndWhen::Position`]'s index (one folded to true stays, as 1), with
    /// where each is written.
    pub(super) fn ends(&mut self) -> Ends {
        let desc = self.desc;
        let mut ends = Ends {
            repetitions: 2,
            ..Ends::default()
        };
        for e in &desc.ends.rules {
            if e.when == model::EndWhen::RepeatedKeeping {
                self.kept_end(e, &mut ends);
                continue;
            }
            if let Some(n) = &e.count {
                self.end_count(e, n, &mut ends);
            }
            let points = self.points(e);
            let Some(c) = e.condition.as_ref() else {
                ends.rules.push(model::EndRule {
                    when: e.when,
                    result: e.result,
                    points,
                });
                ends.labels.push(e.label.clone());
                continue;
            };
            if let model::EndWhen::StuckAnd(_) = e.when {
                self.stuck_end(e, c, &mut ends);
                continue;
            }
            let folded = self.per_seat(|compiler| match compiler.fold(c)? {
                Value::Runtime(x) => {
                    compiler.reachable_thresholds(&x, c.span);
                    Some(Condition::When(x))
                }
                Value::Bool(true) => Some(Condition::Always),
                _ => None,
            });
            for (seat, condition) in folded {
                let condition = match seated_condition(&condition, seat) {
                    Some(Condition::When(x)) => x,
                    Some(Condition::Always) => Expr::Const(1),
                    None => continue,
                };
                ends.rules.push(model::EndRule {
                    when: model::EndWhen::Position(ends.conditions.len() as u8),
                    result: e.result,
                    points,
                });
                ends.labels.push(e.label.clone());
                ends.conditions.push(condition);
                ends.sources.push(rule_source(c.span, &None));
            }
        }
        ends
    }

    /// An end rule `no legal move and CONDITION`: kept with its condition left for play
    /// time (folded to true, a plain `no legal move`; to false, dropped).
    fn stuck_end(&mut self, e: &crate::check::EndDecl, c: &crate::check::TExpr, ends: &mut Ends) {
        let when = match self.fold(c) {
            Some(Value::Runtime(x)) => {
                ends.stuck.push(x);
                model::EndWhen::StuckAnd(ends.stuck.len() as u8 - 1)
            }
            Some(Value::Bool(true)) => model::EndWhen::NoLegalMove,
            _ => return,
        };
        ends.rules.push(model::EndRule {
            when,
            result: e.result,
            points: self.points(e),
        });
        ends.labels.push(e.label.clone());
    }

    /// An end rule `repeated position N times keeping CONDITION`: kept with its count and
    /// its condition left for play time (folded to true, every move keeps it; to false,
    /// the rule is dropped).
    fn kept_end(&mut self, e: &crate::check::EndDecl, ends: &mut Ends) {
        let times = match &e.count {
            Some(n) => self.bounded(n, 2, MAX_REPETITIONS, "how many times"),
            None => Some(2),
        };
        let c = e
            .condition
            .as_ref()
            .expect("a `keeping` rule has its condition");
        let condition = match self.fold(c) {
            Some(Value::Runtime(x)) => x,
            Some(Value::Bool(true)) => Expr::Const(1),
            _ => return,
        };
        ends.kept = Some(model::Kept {
            repetitions: times.unwrap_or(2) as u32,
            condition,
        });
        ends.rules.push(model::EndRule {
            when: e.when,
            result: e.result,
            points: self.points(e),
        });
        ends.labels.push(e.label.clone());
    }

    /// What a win by end rule `e` is worth: its points (1 to [`MAX_POINTS`]), or 1.
    fn points(&mut self, e: &crate::check::EndDecl) -> u8 {
        let points = e.points.as_ref();
        let points = points.and_then(|n| self.bounded(n, 1, MAX_POINTS, "the points of a win"));
        points.unwrap_or(1) as u8
    }

    /// The number of `repeated position N times` (2 to [`MAX_REPETITIONS`]) or `N moves
    /// without ...` (1 to [`MAX_CLOCK`]), kept in `ends`.
    fn end_count(&mut self, e: &crate::check::EndDecl, n: &crate::check::TExpr, ends: &mut Ends) {
        if e.when == model::EndWhen::RepeatedPosition {
            let times = self.bounded(n, 2, MAX_REPETITIONS, "how many times");
            ends.repetitions = times.unwrap_or(2) as u32;
        } else if let Some(moves) = self.bounded(n, 1, MAX_CLOCK, "how many moves") {
            ends.clock = Some(model::Clock {
                moves: moves as u32,
                progress: e.progress,
            });
        }
    }

    /// Refuses a comparison of a line's length or a count of pieces (or of groups, or a
    /// group's pieces) with a number no position of this board can reach (`line(mover) >=
    /// 9` on 8 x 8): such an end could never come. Where a kind stacks, a site holds many
    /// pieces, and counts of pieces have no such bound.
    fn reachable_thresholds(&mut self, e: &Expr, span: Span) {
        let board = self.board();
        let (longest, sites) = (board.width.max(board.height) as i64, board.sites() as i64);
        let stacks = self.desc.about.piece_stacked.contains(&true);
        let most = |x: &Expr| match x {
            Expr::Line(..) => Some((longest, "a line on this board is at most")),
            Expr::Pieces(_) | Expr::PiecesIn(..) if stacks => None,
            Expr::Pieces(_)
            | Expr::PiecesIn(..)
            | Expr::PiecesAround { .. }
            | Expr::Groups(..)
            | Expr::Group(..) => Some((sites, "a player has at most")),
            _ => None,
        };
        if let Expr::Binary(op @ (Op::Ge | Op::Gt | Op::Eq), a, b) = e {
            if let (Some((max, what)), Expr::Const(v)) = (most(a), b.as_ref()) {
                let needed = if *op == Op::Gt { v + 1 } else { *v };
                if needed > max {
                    let unit = if what.starts_with("a line") {
                        "long"
                    } else {
                        "pieces"
                    };
                    let d = Diagnostic::error(
                        Code::E0612,
                        format!("this can never hold: {what} {max} {unit}, not {needed}"),
                        span,
                    )
                    .with_help("lower the threshold, or the board is smaller than meant");
                    let d = self.with_config(d);
                    self.errors.push(d);
                    return;
                }
            }
        }
        for x in e.operands() {
            self.reachable_thresholds(x, span);
        }
    }

    /// Each player's score: the first score whose condition holds in this configuration
    /// with that player as the mover; one expression where both players have the same.
    pub(super) fn score(&mut self) -> Option<Expr> {
        let desc = self.desc;
        let mut chosen = [None, None];
        // Scores are refused but in a game of two players.
        for (player, chosen) in model::Player::all(2).zip(&mut chosen) {
            self.scored = Some(player);
            *chosen = (0..desc.ends.scores.len())
                .find(|&i| self.condition(&desc.ends.scores[i]).is_some());
            self.scored = None;
        }
        let expr = |c: &mut Self, i: usize| to_runtime(c.fold(&desc.ends.scores[i].rule)?);
        match chosen {
            [None, None] => None,
            // One statement for both, unless it reads a region relative to the mover.
            [Some(a), Some(b)] if a == b => {
                let seated = self.per_seat(|c| expr(c, a));
                let mut per = seated.into_iter().map(|(_, e)| e);
                match (per.next(), per.next()) {
                    (Some(e), None) => Some(e),
                    (Some(first), Some(second)) => Some(Expr::PerMover(Box::new([first, second]))),
                    _ => None,
                }
            }
            [a, b] => {
                let mut per = |i: Option<usize>, player| match i {
                    None => Some(Expr::Const(0)),
                    Some(i) => {
                        self.seat = Seat::Of(player);
                        let e = expr(self, i);
                        self.seat = Seat::Nobody;
                        e
                    }
                };
                let first = per(a, model::Player::FIRST)?;
                Some(Expr::PerMover(Box::new([
                    first,
                    per(b, model::Player::SECOND)?,
                ])))
            }
        }
    }

    /// The conditions of `forbid leaving`, left for play time (one that folds to false
    /// forbids nothing and is dropped); `None` after an error.
    pub(super) fn forbid_leaving(&mut self) -> Option<(Vec<model::Expr>, Vec<model::RuleSource>)> {
        let (mut out, mut sources) = (Vec::new(), Vec::new());
        for (condition, span) in &self.desc.bans.leaving {
            let e = super::exprs::to_runtime(self.fold(condition)?)?;
            if e != model::Expr::Const(0) {
                out.push(e);
                sources.push(super::rule_source(*span, &None));
            }
        }
        Some((out, sources))
    }

    /// The ban on repeated positions: whether it holds in this configuration, and its
    /// reading; `None` after an error in its reading.
    pub(super) fn forbid_repetition(&mut self) -> Option<model::Repetition> {
        match &self.desc.bans.repetition {
            None => Some(model::Repetition {
                positional: self.desc.bans.ignoring_turn,
                ..model::Repetition::default()
            }),
            Some(f) => {
                let forbidden = self.condition(f).is_some();
                Some(self.repetition(&f.rule, forbidden)?)
            }
        }
    }

    /// The ban on repetition's reading: what a position is, and how many moves back it
    /// looks (`within N`, 1 to [`MAX_WITHIN`]).
    fn repetition(
        &mut self,
        f: &crate::check::ForbidDecl,
        forbidden: bool,
    ) -> Option<model::Repetition> {
        let within = match &f.within {
            Some(n) => self.bounded(n, 1, MAX_WITHIN, "how many moves back the ban looks")?,
            None => 0,
        };
        Some(model::Repetition {
            forbidden,
            positional: f.ignoring_turn || self.desc.bans.ignoring_turn,
            within: within as u32,
        })
    }
}

/// A player's standing in an unfinished game, from what decides a finished one: the score
/// where there is one, the player's store where an end rule compares stores, else the
/// player's pieces: their material where the rules give kinds a worth (`worths`), else
/// how many there are.
pub(super) fn estimate(
    score: Option<&Expr>,
    end_rules: &[model::EndRule],
    worths: Option<Box<[i64]>>,
) -> Expr {
    let mover = || Box::new(Expr::Player(PlayerRef::Mover));
    let compares_stores = end_rules
        .iter()
        .any(|r| matches!(r.result, model::EndResult::StoreMajority { .. }));
    match score {
        Some(score) => score.clone(),
        None if compares_stores => Expr::Count(Box::new(Expr::Store(mover()))),
        None => match worths {
            Some(worths) => Expr::Material(PlayerRef::Mover, worths),
            None => Expr::Pieces(PlayerRef::Mover),
        },
    }
}
