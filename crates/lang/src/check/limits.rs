//! Resource limits: how many presets, parameters, options, choices, kinds of piece and
//! statements of one kind a game may have. Each is far above what a game needs and keeps
//! checking and compiling fast (every preset is compiled by `rulebook check`, say). Each
//! limit is reported once, at the first declaration past it; declarations past a limit are
//! not kept, so that no later pass works on an unbounded list.

use crate::diag::Code;
use std::collections::HashMap;

use super::Checker;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};

/// The most presets a game may have.
pub const MAX_PRESETS: usize = 64;

/// The most parameters and options a game may have, together.
pub const MAX_SETTINGS: usize = 64;

/// The most choices an option may have.
pub const MAX_CHOICES: usize = 64;

/// The most statements of one kind (`setup`, `move`, `score` ...) in a game.
pub const MAX_STATEMENTS: usize = 100;

pub use rulebook_model::MAX_PIECE_KINDS;

impl Checker {
    /// True if `count` things are already declared and the limit is `limit`: the new one,
    /// at `span`, is over it. The first time for a `what`, this is reported.
    pub(super) fn over_limit(
        &mut self,
        what: &'static str,
        limit: usize,
        count: usize,
        span: Span,
    ) -> bool {
        if count < limit {
            return false;
        }
        if !self.limits_reported.contains(&what) {
            self.limits_reported.push(what);
            self.error(
                Diagnostic::error(
                    Code::E0317,
                    format!("a game may have at most {limit} {what}"),
                    span,
                )
                .with_label("past the limit")
                .with_note("the limits keep checking and play fast; no game needs more"),
            );
        }
        true
    }

    /// Reports a kind of statement written more than [`MAX_STATEMENTS`] times.
    pub(super) fn statement_counts(&mut self, file: &ast::File) {
        let mut counts: HashMap<&'static str, usize> = HashMap::new();
        for st in &file.statements {
            let keyword = keyword(&st.kind);
            let count = counts.entry(keyword).or_default();
            *count += 1;
            if *count == MAX_STATEMENTS + 1 {
                self.error(
                    Diagnostic::error(
                        Code::E0318,
                        format!("a game may have at most {MAX_STATEMENTS} `{keyword}` statements"),
                        st.span,
                    )
                    .with_label(format!(
                        "this is statement {} of its kind",
                        MAX_STATEMENTS + 1
                    ))
                    .with_note("the limits keep checking and play fast; no game needs more"),
                );
            }
        }
    }
}

/// The keyword a statement opens with.
fn keyword(kind: &ast::StatementKind) -> &'static str {
    match kind {
        S::Game(_) => "game",
        S::Players(_) => "players",
        S::Region { .. } => "region",
        S::Parameter { .. } => "parameter",
        S::Option { .. } => "option",
        S::Preset { .. } => "preset",
        S::Board(_) => "board",
        S::Pieces(_) => "piece",
        S::Setup { .. } | S::SetupStones { .. } | S::SetupHand { .. } => "setup",
        S::AfterSow { .. } | S::After { .. } => "after",
        S::Move { .. } => "move",
        S::ForbidRepetition { .. } | S::ForbidLeaving(_) => "forbid",
        S::CaptureIntoHand => "capture",
        S::Edges(_) => "edges",
        S::Edge { .. } => "edge",
        S::Hand { .. } => "hand",
        S::Dice { .. } => "dice",
        S::Track { .. } => "track",
        S::Path { .. } => "path",
        S::Score { .. } => "score",
        S::End { .. } => "end",
    }
}
