//! Games of three players or more: what is defined for exactly two is refused (the other
//! player, a loss that makes the other the winner, directions relative to the mover, a
//! mancala board, the pie rule, scores compared by two).

use super::Checker;
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};

impl Checker {
    /// In a game of three players or more, reports every statement that needs exactly two.
    pub(super) fn many_player_rules(&mut self, file: &ast::File) {
        if self.players.many.is_none() {
            return;
        }
        for st in &file.statements {
            match &st.kind {
                S::Board(ast::BoardShape::Mancala { .. }) => self.needs_exactly_two(
                    "a mancala board has a row for each of two players",
                    "list two players, or draw a grid",
                    st.span,
                ),
                S::Move {
                    kind: ast::MoveKind::Swap,
                    ..
                } => self.needs_exactly_two(
                    "the pie rule swaps the sides of two players",
                    "remove the `move swap` rule",
                    st.span,
                ),
                S::Score { .. } => self.needs_exactly_two(
                    "scores are compared between two players",
                    "end the game by a condition that names its winner",
                    st.span,
                ),
                S::End { result, .. } => self.many_player_result(result, st.span),
                _ => {}
            }
        }
    }

    /// A result of a game of three players or more: one that names the winner.
    fn many_player_result(&mut self, result: &ast::EndResult, span: Span) {
        match result {
            ast::EndResult::MoverLoses => self.needs_exactly_two(
                "`mover loses` makes the other of two players the winner",
                "say who wins (`NAME wins`, `mover wins`, `most pieces wins`) or `draw`",
                span,
            ),
            ast::EndResult::HighestScore { .. } | ast::EndResult::StoreMajority { .. } => self
                .needs_exactly_two(
                    "this result compares two players",
                    "say who wins (`NAME wins`, `mover wins`, `most pieces wins`) or `draw`",
                    span,
                ),
            _ => {}
        }
    }

    /// Reports something defined for two players only, in a game of three or more.
    pub(super) fn needs_exactly_two(&mut self, message: &str, help: &str, span: Span) {
        let Some(players) = self.players.many else {
            return;
        };
        let n = self.players.names.len();
        self.error(
            Diagnostic::error(Code::E0339, message, span)
                .with_note_at(players, format!("the game has {n} players"))
                .with_help(help),
        );
    }
}
