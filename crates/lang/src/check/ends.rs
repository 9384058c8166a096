//! How a game ends and is scored: `end`, `score`, and the ban on repetition (`forbid`).

use super::{
    BoardKind, Checker, Conditional, EndDecl, EndResult, EndWhen, ForbidDecl, RuleDecls, Type,
};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};
use rulebook_model::{Player, Progress};

impl Checker {
    /// `capture into hand`, on a grid (whose pieces can be taken and placed); written twice
    /// it says the same.
    fn capture_into_hand(&mut self, span: Span, rules: &mut RuleDecls) {
        if self.board.kind.is_some_and(|b| b != BoardKind::Grid) {
            let board = self.board.kind.map_or("", BoardKind::describe);
            self.error(
                Diagnostic::error(Code::E0439, "`capture into hand` needs a grid board", span)
                    .with_label(format!("the board is {board}"))
                    .with_help("only pieces on a grid are taken and placed again"),
            );
        }
        rules.capture_into_hand = Some(span);
    }

    /// A `forbid`, `score` or `end` statement.
    pub(super) fn end_or_score(
        &mut self,
        file: &ast::File,
        st: &ast::Statement,
        rules: &mut RuleDecls,
    ) {
        let RuleDecls { forbid, scores, .. } = rules;
        match &st.kind {
            S::ForbidRepetition {
                condition,
                ignoring_turn,
                within,
            } => {
                if let Some(first) = &forbid {
                    let first = first.span;
                    self.error(
                        Diagnostic::error(Code::E0501, "repetition is forbidden twice", st.span)
                            .with_note_at(first, "first forbidden here"),
                    );
                    return;
                }
                let cond = condition
                    .as_ref()
                    .map(|c| self.static_expr(c, Type::Bool, "the condition of `forbid`"));
                let within = within
                    .as_ref()
                    .map(|n| self.static_expr(n, Type::Int, "how many moves back the ban looks"));
                let (Some(within), Some(condition)) = (
                    within.map_or(Some(None), |w| w.map(Some)),
                    cond.map_or(Some(None), |c| c.map(Some)),
                ) else {
                    return;
                };
                *forbid = Some(Conditional {
                    rule: ForbidDecl {
                        ignoring_turn: *ignoring_turn,
                        within,
                    },
                    condition,
                    span: st.span,
                });
            }
            S::ForbidLeaving(condition) => {
                if let Some(c) = self.judging(condition, "`forbid leaving`") {
                    rules.forbid_leaving.push((c, st.span));
                }
            }
            S::CaptureIntoHand => self.capture_into_hand(st.span, rules),
            S::Score { score, condition } => {
                self.context.in_score = true;
                let t = self.typed(score, Type::Int, "a score");
                self.context.in_score = false;
                let c = match condition {
                    None => Some(None),
                    Some(c) => self.score_condition(c).map(Some),
                };
                if let (Some(rule), Some(condition)) = (t, c) {
                    scores.push(Conditional {
                        rule,
                        condition,
                        span: st.span,
                    });
                }
            }
            S::End { .. } => self.end_statement(file, st, rules),
            _ => {}
        }
    }

    /// An `end` statement: its rule, with its short name and its points, added to the
    /// rules.
    fn end_statement(&mut self, file: &ast::File, st: &ast::Statement, rules: &mut RuleDecls) {
        let S::End {
            condition,
            result,
            points,
            label,
        } = &st.kind
        else {
            return;
        };
        let label = self.label(label.as_ref(), st.span);
        rules.end_ignoring_turn |= condition.ignores_turn();
        let before = rules.end.len();
        self.end_rule(file, condition, result, label, st.span, &mut rules.end);
        let points = points.as_ref().and_then(|p| self.end_points(result, p));
        if let (Some(rule), Some(points)) = (rules.end.get_mut(before), points) {
            rule.points = Some(points);
        }
    }

    /// What a win by an end rule is worth (`mover wins 2`): a number known before play;
    /// `None` after an error (a draw given points, which it cannot be worth).
    fn end_points(&mut self, result: &ast::EndResult, points: &ast::Expr) -> Option<super::TExpr> {
        if *result == ast::EndResult::Draw {
            self.error(
                Diagnostic::error(Code::E0537, "a draw is worth no points", points.span)
                    .with_label("points given here")
                    .with_help("only a win carries points: write `draw` alone"),
            );
            return None;
        }
        self.static_expr(points, Type::Int, "the points of a win")
    }

    /// A score's condition: a condition on the settings and on the player scored (`mover`,
    /// and the other, `opponent`), not on the rest of the position.
    fn score_condition(&mut self, c: &ast::Expr) -> Option<super::TExpr> {
        let t = self.typed(c, Type::Bool, "the condition of `score`")?;
        if t.depends_on_more_than_players() {
            self.error(
                Diagnostic::error(
                    Code::E0502,
                    "the condition of `score` cannot depend on the position",
                    c.span,
                )
                .with_help("use only numbers, parameters, options and the player scored (`mover`)"),
            );
            return None;
        }
        Some(t)
    }

    /// An `end` statement: its condition, result and short name, checked and added to
    /// `end`.
    pub(super) fn end_rule(
        &mut self,
        file: &ast::File,
        condition: &ast::EndCondition,
        result: &ast::EndResult,
        label: Option<String>,
        span: Span,
        end: &mut Vec<EndDecl>,
    ) {
        // The rules with a condition of each kind are numbered in the order written.
        let earlier =
            |of_kind: fn(&EndWhen) -> bool| end.iter().filter(|d| of_kind(&d.when)).count() as u8;
        let (when, position) = match condition {
            ast::EndCondition::NoLegalMove(_, None) => (EndWhen::NoLegalMove, None),
            ast::EndCondition::NoLegalMove(_, Some(e)) => {
                let what = "the condition of `no legal move and`";
                let n = earlier(|w| matches!(w, EndWhen::StuckAnd(_)));
                (EndWhen::StuckAnd(n), Some(self.typed(e, Type::Bool, what)))
            }
            ast::EndCondition::NoPlayerCanMove(_) => (EndWhen::NoPlayerCanMove, None),
            ast::EndCondition::RepeatedPosition { keeping: None, .. } => {
                (EndWhen::RepeatedPosition, None)
            }
            ast::EndCondition::RepeatedPosition {
                keeping: Some(e), ..
            } => {
                let what = "the condition of `keeping`";
                (
                    EndWhen::RepeatedKeeping,
                    Some(self.typed(e, Type::Bool, what)),
                )
            }
            ast::EndCondition::MovesWithout { .. } => (EndWhen::MovesWithout, None),
            ast::EndCondition::EmptyRow(span) => {
                self.needs_board(BoardKind::Mancala, "`empty row`", *span);
                (EndWhen::EmptyRow, None)
            }
            ast::EndCondition::BothPass(_) => (EndWhen::BothPass, None),
            ast::EndCondition::Position(e) => {
                let what = "an end condition";
                let n = earlier(|w| matches!(w, EndWhen::Position(_)));
                (EndWhen::Position(n), Some(self.after_move(e, what)))
            }
        };
        let position = match position {
            Some(None) => return,
            Some(Some(c)) => Some(c),
            None => None,
        };
        self.result_fits(file, result, when, span);
        if let Some(first) = end.iter().find(|e: &&EndDecl| e.when == when) {
            let first = first.span;
            self.error(
                Diagnostic::error(Code::E0503, "this end condition is given twice", span)
                    .with_note_at(first, "first given here"),
            );
            return;
        }
        let result = match result {
            ast::EndResult::PlayerWins(name) => match self.winner(name) {
                Some(result) => result,
                None => return,
            },
            other => super::end_result(other),
        };
        let Some((count, progress)) = self.end_count(condition) else {
            return;
        };
        end.push(EndDecl {
            when,
            condition: position,
            result,
            span,
            label,
            count,
            progress,
            points: None,
        });
    }

    /// The number of `repeated position N times` or `N moves without ...` (known before
    /// play), and what is progress for the latter; `None` after an error.
    fn end_count(
        &mut self,
        condition: &ast::EndCondition,
    ) -> Option<(Option<super::TExpr>, Progress)> {
        let (count, what) = match condition {
            ast::EndCondition::RepeatedPosition { count: Some(n), .. } => (n, "how many times"),
            ast::EndCondition::MovesWithout { count, .. } => (count, "how many moves"),
            _ => return Some((None, Progress::default())),
        };
        let count = self.static_expr(count, Type::Int, what)?;
        let mut progress = Progress::default();
        if let ast::EndCondition::MovesWithout { capture, kinds, .. } = condition {
            progress.capture = *capture;
            progress.kinds = self.kinds(kinds)?.iter().fold(0, |all, k| all | 1 << k);
        }
        Some((Some(count), progress))
    }

    /// The result `NAME wins`: that player wins; `opponent wins`, where no player is named
    /// `opponent` (a player's name comes first, as in expressions), is the other player
    /// than `mover` winning, the rule `mover loses`. `None` after an error.
    fn winner(&mut self, name: &ast::Name) -> Option<EndResult> {
        if name.text == "opponent" && !self.players.names.contains(&name.text) {
            if let Some(players) = self.players.solo {
                self.error(
                    Diagnostic::error(
                        Code::E0504,
                        "a game of one player has no opponent",
                        name.span,
                    )
                    .with_note_at(players, "the game has one player")
                    .with_help("the player loses by `mover loses`"),
                );
                return None;
            }
            self.needs_exactly_two(
                "`opponent` names the other of two players",
                "name the winner",
                name.span,
            );
            return Some(EndResult::MoverLoses);
        }
        let players = self.players.names.clone();
        let p = self.lookup_in(name, &players, "player")?;
        Some(EndResult::PlayerWins(
            Player::new(p).expect("the players statement has every player"),
        ))
    }

    /// The errors for a result that does not go with the end's condition or the game:
    /// `highest score wins` but on `both pass` or without a score, a result by stores but
    /// off a mancala board, on `both pass`, or to the empty side but not on `empty row`.
    fn result_fits(
        &mut self,
        file: &ast::File,
        result: &ast::EndResult,
        when: EndWhen,
        span: Span,
    ) {
        if matches!(result, ast::EndResult::HighestScore { .. }) {
            if when != EndWhen::BothPass {
                self.error(
                    Diagnostic::error(
                        Code::E0505,
                        "`highest score wins` goes with `both pass`",
                        span,
                    )
                    .with_help("write `end when both pass: highest score wins`"),
                );
            }
            if !file
                .statements
                .iter()
                .any(|s| matches!(s.kind, S::Score { .. }))
            {
                self.error(
                    Diagnostic::error(Code::E0506, "the game has no score", span)
                        .with_help("add one, like `score pieces(mover)`"),
                );
            }
        }
        if let ast::EndResult::StoreMajority { to_empty_side } = result {
            self.needs_board(BoardKind::Mancala, "a result by stores", span);
            if *to_empty_side && when != EndWhen::EmptyRow {
                self.error(
                    Diagnostic::error(Code::E0507,
                        "`remaining to empty side` goes with `empty row`: only then is one side empty",
                        span,
                    )
                    .with_help("write `remaining to owners, most in store wins`"),
                );
            }
            if when == EndWhen::BothPass {
                self.error(Diagnostic::error(
                    Code::E0508,
                    "a result by stores does not go with `both pass`",
                    span,
                ));
            }
        }
    }
}
