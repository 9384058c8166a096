//! Stacks: pieces of a `stacked` kind, several of one player on a site, set up by
//! `setup N PLAYER KIND on REGION` and moved one at a time along tracks.

use super::{Checker, MoveDecl, RuleDecls, TExpr, Type};
use crate::diag::{Code, Diagnostic};
use crate::syntax::ast;

impl Checker {
    /// The count of `setup N PLAYER KIND on REGION`, typed, when the kind (`kind`, if
    /// known) is `stacked`; an error otherwise.
    pub(super) fn stack_count(&mut self, count: &ast::Expr, kind: Option<usize>) -> Option<TExpr> {
        let stacked = kind.and_then(|k| self.pieces.stacked.get(k).copied().flatten());
        if kind.is_some() && stacked.is_none() {
            let name = &self.pieces.names[kind.unwrap_or(0)];
            self.error(
                Diagnostic::error(
                    Code::E0343,
                    format!("`{name}` is not `stacked`: one piece of it stands on a site"),
                    count.span,
                )
                .with_help(format!(
                    "write `piece {name} stacked` for several on a site, or leave the count out"
                )),
            );
            return None;
        }
        self.static_expr(count, Type::Int, "the number of pieces on a site")
    }

    /// In a game with a `stacked` kind, every move rule is `move along track` (which moves
    /// one piece of a stack) or `move pass`: an error at any other.
    pub(super) fn stacks_move_along_tracks(&mut self, rules: &RuleDecls) {
        let Some(stacked) = self.pieces.stacked.iter().flatten().next().copied() else {
            return;
        };
        for m in &rules.moves {
            if !matches!(m.rule.shape, MoveDecl::Track { .. } | MoveDecl::Pass { .. }) {
                self.error(
                    Diagnostic::error(
                        Code::E0344,
                        "pieces of a `stacked` kind move only along tracks",
                        m.span,
                    )
                    .with_note_at(stacked, "a kind is stacked here")
                    .with_help("a game with stacks moves by `move along track` and `move pass`"),
                );
            }
        }
    }
}
