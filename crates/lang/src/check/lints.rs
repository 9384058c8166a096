//! Lints: things that are not errors but can never take effect, reported as warnings once
//! the file has no errors.

mod never;
mod shadowed;

use super::declarations::Declared;
use super::{BoardKind, Checker, EffectDecl, MoveDecl, RuleDecls, TExpr};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};

impl Checker {
    /// The rules every game needs (a move and an end), and the warnings about the whole file.
    /// `statements` counts the `move` and `end` statements as written (some may have
    /// errors).
    pub(super) fn whole_file(
        &mut self,
        statements: (usize, usize),
        found: &Declared,
        rules: &RuleDecls,
    ) {
        let placed = placed_kinds(rules);
        if let Some((_, span)) = found.board {
            self.needed_rules(statements, span, rules, &placed);
        }
        let clean = !self.has_errors();
        if clean {
            self.unread_options();
        }
        if clean && self.board.kind == Some(BoardKind::Grid) {
            self.shared_letters(found);
        }
        if clean && self.board.kind == Some(BoardKind::Grid) {
            self.unplaced_pieces(rules, &placed);
        }
        if clean {
            self.shadowed_promotions(rules);
        }
    }

    /// Warns about each promotion that an earlier one always comes before (only the first
    /// promotion that applies is made).
    fn shadowed_promotions(&mut self, rules: &RuleDecls) {
        for (later, earlier) in
            shadowed::shadowed_promotions(&rules.effects, self.pieces.names.len())
        {
            self.diagnostics.push(
                Diagnostic::warning(Code::W0101,
                    "this promotion can never apply: an earlier one promotes the same pieces there first",
                    rules.effects[later].span,
                )
                .with_note_at(
                    rules.effects[earlier].span,
                    "this promotion applies first, and only the first that applies is made",
                )
                .with_help("narrow the earlier one (its kinds, its region or a `when`), or remove this one"),
            );
        }
    }

    /// The errors for a game without moves, without an end rule, or with pits that start
    /// empty; the warning for a board that starts empty though no move places a piece
    /// (`placed`) and no player has tiles in hand. `span`: the board statement.
    fn needed_rules(
        &mut self,
        (move_statements, end_statements): (usize, usize),
        span: Span,
        rules: &RuleDecls,
        placed: &[usize],
    ) {
        if move_statements == 0 {
            self.error(
                Diagnostic::error(Code::E0319, "the game has no moves", span)
                    .with_help("add a move, like `move slide orthogonal`"),
            );
        }
        if end_statements == 0 {
            self.error(
                Diagnostic::error(Code::E0320, "the game has no end rule", span)
                    .with_help("add one, like `end when no legal move: mover loses`"),
            );
        }
        if self.board.kind == Some(BoardKind::Mancala) && rules.start.stones.is_none() {
            // Empty pits at the start: no move could ever be made.
            self.error(
                Diagnostic::error(
                    Code::E0321,
                    "the pits start empty, so no stone could ever be sown",
                    span,
                )
                .with_help("add a setup, like `setup 4 stones in every pit`"),
            );
        }
        let empty = match self.board.kind {
            Some(BoardKind::Mancala) => false,
            Some(BoardKind::Hex) => rules.tiles.hands.is_empty(),
            _ => rules.start.setup.is_empty() && placed.is_empty(),
        };
        if empty && !self.has_errors() {
            self.diagnostics.push(Diagnostic::warning(
                Code::W0102,
                "the setup puts no piece on the board",
                span,
            ));
        }
    }

    /// Warns about each option that no rule reads.
    fn unread_options(&mut self) {
        for (i, read) in self.reads.options.clone().into_iter().enumerate() {
            if !read {
                let o = &self.options[i];
                self.diagnostics.push(
                    Diagnostic::warning(
                        Code::W0103,
                        format!("option `{}` is never read by any rule", o.name),
                        o.span,
                    )
                    .with_help("use it in a `when` condition, or remove it"),
                );
            }
        }
    }

    /// Warns about each kind of piece that no setup places, no move places (`placed`) and
    /// no promotion or claim of cells makes: it is never on the board, so no move can move
    /// it and no capture can take it.
    fn unplaced_pieces(&mut self, rules: &RuleDecls, placed: &[usize]) {
        let made = |k: usize| {
            placed.contains(&k)
                || rules.effects.iter().any(|e| match e.rule {
                    EffectDecl::Promote { to, .. } => to == k,
                    EffectDecl::Claim { kind } => kind == k,
                    _ => false,
                })
        };
        for (k, piece) in self.pieces.names.iter().enumerate() {
            if rules.start.setup.iter().any(|s| s.piece == k) || made(k) {
                continue;
            }
            if let Some((span, _)) = self.declared.get(piece) {
                self.diagnostics.push(
                    Diagnostic::warning(Code::W0104,
                        format!("piece `{piece}` is never placed by any setup, so no rule can ever move it"),
                        *span,
                    )
                    .with_help(format!("add a `setup PLAYER {piece} on REGION`, or remove it")),
                );
            }
        }
    }

    /// Warns when two pieces would be drawn with the same letter on a grid (the players'
    /// initials with one kind of piece, the kinds' initials with several): the game's
    /// positions then have no text (`rulebook position`, `--position`).
    fn shared_letters(&mut self, found: &Declared) {
        let initial = |s: &String| s.chars().next().map(|c| c.to_ascii_uppercase());
        let (names, span, what) = match (self.pieces.names.len(), self.pieces.letters.first()) {
            (1, Some(None)) => (&self.players.names, found.players_span, "players"),
            _ => {
                let span = self.declared.get(&self.pieces.names[0]).map(|(s, _)| *s);
                (&self.pieces.names, span, "kinds of piece")
            }
        };
        let letters: Vec<Option<char>> = match what {
            "players" => names.iter().map(initial).collect(),
            _ => (names.iter().zip(&self.pieces.letters))
                .map(|(name, given)| given.or_else(|| initial(name)))
                .collect(),
        };
        let shared = letters.iter().enumerate().find_map(|(i, &a)| {
            let j = i + 1 + letters[i + 1..].iter().position(|&b| b == a)?;
            Some((names[i].clone(), names[j].clone(), a?))
        });
        if let (Some((a, b, letter)), Some(span)) = (shared, span) {
            self.diagnostics.push(
                Diagnostic::warning(Code::W0105,
                    format!("the {what} `{a}` and `{b}` are both drawn `{letter}`, so the game's positions cannot be written as text"),
                    span,
                )
                .with_help("give them names with different first letters, or a kind a letter of its own (`piece knight as N`)"),
            );
        }
    }

    /// Warns about a condition that is false for every setting of the options it reads.
    pub(super) fn never_holds(&mut self, condition: &TExpr, span: Span) {
        if never::never_holds(condition, &self.options) {
            self.diagnostics.push(
                Diagnostic::warning(Code::W0106,
                    "this condition is false for every setting of the options it reads, so the rule can never apply",
                    span,
                )
                .with_help("correct the condition, or remove the rule"),
            );
        }
    }
}

/// The kinds a `move place` brings onto the board (a game that places its pieces may well
/// start with an empty board), or a move shoots (`then shoot arrow`), or a move along a
/// track enters from the stock (the first kind in hand).
fn placed_kinds(rules: &RuleDecls) -> Vec<usize> {
    (rules.moves.iter())
        .flat_map(|m| {
            let put = match m.rule.shape {
                MoveDecl::PlacePiece { kind, .. } => Some(kind),
                MoveDecl::Track { .. } => rules.start.stock.first().map(|s| s.piece),
                _ => None,
            };
            put.into_iter()
                .chain(m.rule.then.shot.map(|s| usize::from(s.kind)))
        })
        .collect()
}
