//! Games of one player: what needs a second player is refused (an opponent, enemy
//! pieces, captures, comparing players, a mancala board, the pie rule).

use super::Checker;
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};

impl Checker {
    /// In a game of one player, reports every statement that needs a second player.
    pub(super) fn one_player_rules(&mut self, file: &ast::File) {
        if self.players.solo.is_none() {
            return;
        }
        for st in &file.statements {
            match &st.kind {
                S::Board(ast::BoardShape::Mancala { .. }) => self.needs_two(
                    "a mancala board has a row for each of two players",
                    "list two players, or draw a grid",
                    st.span,
                ),
                S::Move { kind, clauses, .. } => self.one_player_move(kind, clauses, st.span),
                S::After {
                    effect:
                        ast::Effect::Custodian { .. }
                        | ast::Effect::Enclosed { .. }
                        | ast::Effect::Groups { .. },
                    ..
                } => self.needs_two(
                    "a capture takes the opponent's pieces, and a game of one player has none",
                    "remove pieces by a jump (`over friend remove`) instead",
                    st.span,
                ),
                S::End {
                    result: ast::EndResult::MostPieces | ast::EndResult::HighestScore { .. },
                    ..
                } => self.needs_two(
                    "this result compares the players, and this game has one",
                    "say when the player wins: `end when pieces(NAME) == 1: NAME wins`",
                    st.span,
                ),
                _ => {}
            }
        }
    }

    /// A move of a game of one player: no enemy to jump, land on, capture or stand next
    /// to, and no sides to swap.
    fn one_player_move(&mut self, kind: &ast::MoveKind, clauses: &ast::MoveClauses, span: Span) {
        let no_enemy = "a game of one player has no enemy pieces";
        match kind {
            ast::MoveKind::Jump {
                over: ast::Jumped::Enemy,
                ..
            } => self.needs_two(no_enemy, "jump `over friend` or `over any`", span),
            ast::MoveKind::Swap => self.needs_two(
                "there are no sides to swap in a game of one player",
                "remove the `move swap` rule",
                span,
            ),
            _ => {}
        }
        if let Some((ast::Onto::Enemy | ast::Onto::EmptyOrEnemy, at)) = clauses.destination.onto {
            self.needs_two(no_enemy, "remove `onto enemy`", at);
        }
        if let Some(at) = clauses.destination.capturing {
            self.needs_two(no_enemy, "remove `capturing`", at);
        }
        if let Some((ast::Neighbour::Enemy, _, at)) = clauses.destination.next_to {
            self.needs_two(no_enemy, "say `next to friend` or `next to piece`", at);
        }
        if let Some(take) = &clauses.then.take_after {
            self.needs_two(no_enemy, "remove `then remove enemy`", take.span);
        }
    }

    /// Reports something a game of one player cannot have.
    fn needs_two(&mut self, message: &str, help: &str, span: Span) {
        let players = self.players.solo.unwrap_or(span);
        self.error(
            Diagnostic::error(Code::E0332, message, span)
                .with_note_at(players, "the game has one player")
                .with_help(help),
        );
    }
}
