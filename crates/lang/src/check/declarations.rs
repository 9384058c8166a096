//! Declarations: the game's name, its players, parameters, options and kinds of piece, and
//! the kind of board, read first so that every other statement may refer to any of them.

use crate::diag::Code;
use std::collections::HashMap;

use super::{
    BoardKind, Checker, OptionDecl, ParamDecl, MAX_CHOICES, MAX_PIECE_KINDS, MAX_SETTINGS, PLAYERS,
};
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, Name, StatementKind as S};
use rulebook_model::MAX_WORTH;

/// What the first pass over a file found, for the passes after it.
#[derive(Default)]
pub(super) struct Declared<'a> {
    /// The game's name and its statement.
    pub game_name: Option<(String, Span)>,
    /// The `players` statement.
    pub players_span: Option<Span>,
    /// The board's shape and its statement.
    pub board: Option<(&'a ast::BoardShape, Span)>,
    /// The `preset` statements, checked once every parameter and option is known.
    pub presets: Vec<&'a ast::Statement>,
    /// The `piece` statement.
    pub piece_span: Option<Span>,
}

impl Checker {
    /// The named regions (`region NAME = REGION`), in the order written: each may use the
    /// ones above it. Checked once the board is known, before the rules that use them.
    pub(super) fn named_regions(&mut self, file: &ast::File) {
        for st in &file.statements {
            if let S::Region { name, value } = &st.kind {
                let region = self.typed(value, super::Type::Region, "a region's value");
                self.regions.push((name.text.clone(), region));
            }
        }
    }

    /// The first pass: declarations, so that later statements may refer to anything.
    pub(super) fn declarations<'a>(&mut self, file: &'a ast::File) -> Declared<'a> {
        let mut found = Declared::default();
        for st in &file.statements {
            match &st.kind {
                S::Game(name) => {
                    if let Some((_, first)) = &found.game_name {
                        let first = *first;
                        self.error(
                            Diagnostic::error(
                                Code::E0307,
                                "the game's name is given twice",
                                st.span,
                            )
                            .with_note_at(first, "first given here"),
                        );
                    } else {
                        found.game_name = Some((name.clone(), st.span));
                    }
                }
                S::Players(names) => self.players(names, st.span, &mut found),
                S::Region { name, .. } => {
                    self.declare(name, "region");
                }
                S::Parameter {
                    name,
                    min,
                    max,
                    default,
                } => self.parameter(name, min, max, default),
                S::Option {
                    name,
                    choices,
                    default,
                } => self.option(name, choices.as_deref(), default),
                S::Preset { .. } => found.presets.push(st),
                S::Board(shape) => {
                    if let Some((_, first)) = found.board {
                        self.error(
                            Diagnostic::error(Code::E0308, "the board is described twice", st.span)
                                .with_note_at(first, "first described here"),
                        );
                    } else {
                        found.board = Some((shape, st.span));
                        self.board.hexagons = matches!(
                            shape,
                            ast::BoardShape::Grid {
                                cells: Some(ast::Cells::Hexagons),
                                ..
                            }
                        );
                        self.board.plain_grid = matches!(
                            shape,
                            ast::BoardShape::Grid {
                                cells: None | Some(ast::Cells::Squares { .. }),
                                without: None,
                                lines,
                                ..
                            } if lines.is_empty()
                        );
                        self.board.kind = Some(match shape {
                            ast::BoardShape::Grid { .. } => BoardKind::Grid,
                            ast::BoardShape::Mancala { .. } => BoardKind::Mancala,
                            ast::BoardShape::Hex { .. } => BoardKind::Hex,
                            ast::BoardShape::Graph { .. }
                            | ast::BoardShape::GraphRing { .. }
                            | ast::BoardShape::GraphRings { .. } => BoardKind::Grid,
                        });
                    }
                }
                S::Pieces(kinds) => self.pieces(kinds, st.span, &mut found),
                _ => {}
            }
        }
        self.missing_statements(&found);
        found
    }

    fn players(&mut self, names: &[Name], span: Span, found: &mut Declared) {
        if let Some(first) = found.players_span {
            self.error(
                Diagnostic::error(Code::E0309, "the players are listed twice", span)
                    .with_note_at(first, "first listed here"),
            );
            return;
        }
        found.players_span = Some(span);
        for n in names {
            if self.declare(n, "player") {
                self.players.names.push(n.text.clone());
            }
        }
        match names.len() {
            1 => self.players.solo = Some(span),
            // A name listed twice is reported as such: the players are those declared.
            2..=PLAYERS => {
                if self.players.names.len() > 2 {
                    self.players.many = Some(span);
                }
            }
            n => self.error(
                Diagnostic::error(
                    Code::E0310,
                    format!("a game has one to {PLAYERS} players; {n} are listed"),
                    span,
                )
                .with_help(format!("list at most {PLAYERS} players")),
            ),
        }
    }

    fn parameter(&mut self, name: &Name, min: &ast::Expr, max: &ast::Expr, default: &ast::Expr) {
        if self.over_settings_limit(name) {
            return;
        }
        let min_v = self.const_int(min);
        let max_v = self.const_int(max);
        let def_v = self.const_int(default);
        if min_v.is_none() || max_v.is_none() || def_v.is_none() {
            // Already reported; declare it anyway so that its uses are not
            // reported again as unknown.
            if self.declare(name, "parameter") {
                self.params.push(ParamDecl {
                    name: name.text.clone(),
                    span: name.span,
                    min: 0,
                    max: 0,
                    default: 0,
                });
            }
        }
        if let (Some(lo), Some(hi), Some(d)) = (min_v, max_v, def_v) {
            if lo > hi {
                self.error(
                    Diagnostic::error(
                        Code::E0311,
                        format!("the range {lo}..{hi} is empty"),
                        min.span.to(max.span),
                    )
                    .with_help("write the smaller bound first"),
                );
            } else if d < lo || d > hi {
                self.error(Diagnostic::error(
                    Code::E0312,
                    format!("the default {d} is outside the range {lo}..{hi}"),
                    default.span,
                ));
            }
            if self.declare(name, "parameter") {
                self.params.push(ParamDecl {
                    name: name.text.clone(),
                    span: name.span,
                    min: lo,
                    max: hi,
                    default: d,
                });
            }
        }
    }

    fn option(&mut self, name: &Name, choices: Option<&[Name]>, default: &Name) {
        if self.over_settings_limit(name) {
            return;
        }
        if let Some(extra) = choices.and_then(|c| c.get(MAX_CHOICES)) {
            self.over_limit("choices in an option", MAX_CHOICES, MAX_CHOICES, extra.span);
        }
        let (list, is_switch): (Vec<Name>, bool) = match choices {
            Some(c) => (c.to_vec(), false),
            None => (Vec::new(), true),
        };
        let names: Vec<String> = if is_switch {
            vec!["off".into(), "on".into()]
        } else {
            let mut seen: HashMap<&str, Span> = HashMap::new();
            for c in &list {
                if let Some(first) = seen.get(c.text.as_str()) {
                    self.error(
                        Diagnostic::error(
                            Code::E0313,
                            format!("the choice `{}` is listed twice", c.text),
                            c.span,
                        )
                        .with_note_at(*first, "first listed here"),
                    );
                } else {
                    seen.insert(&c.text, c.span);
                }
            }
            list.iter().map(|c| c.text.clone()).collect()
        };
        let default_index = names.iter().position(|c| *c == default.text);
        if default_index.is_none() {
            let mut d = Diagnostic::error(
                Code::E0314,
                format!(
                    "`{}` is not one of the choices of option `{}`",
                    default.text, name.text
                ),
                default.span,
            )
            .with_note(format!("the choices are: {}", names.join(", ")));
            d = d.with_suggestion(&default.text, names.iter().map(String::as_str));
            self.error(d);
        }
        if self.declare(name, "option") {
            self.options.push(OptionDecl {
                name: name.text.clone(),
                span: name.span,
                choices: names,
                is_switch,
                default: default_index.unwrap_or(0),
            });
            self.reads.options.push(false);
        }
    }

    fn pieces(&mut self, kinds: &[ast::PieceKind], span: Span, found: &mut Declared) {
        if let Some(first) = found.piece_span {
            self.error(
                Diagnostic::error(Code::E0315, "the pieces are listed twice", span)
                    .with_note_at(first, "first listed here")
                    .with_help("list every kind of piece in one `piece` statement"),
            );
            return;
        }
        found.piece_span = Some(span);
        for ast::PieceKind {
            name: n,
            letter,
            number,
            worth,
            stacked,
        } in kinds
        {
            // A clash is reported; the piece still exists for later statements.
            self.declare(n, "piece");
            if !self.pieces.names.contains(&n.text)
                && !self.over_limit(
                    "kinds of piece",
                    MAX_PIECE_KINDS,
                    self.pieces.names.len(),
                    n.span,
                )
            {
                self.pieces.names.push(n.text.clone());
                self.pieces.letters.push(letter.map(|(c, _)| c));
                self.pieces.numbers.push(number.map(|(n, _)| n));
                let worth = worth.and_then(|w| self.worth(w));
                self.pieces.worths.push(worth);
                self.pieces.stacked.push(*stacked);
            }
        }
    }

    /// A kind's `worth N`, if it is within the limit (else reported).
    fn worth(&mut self, (worth, span): (i64, Span)) -> Option<i64> {
        if worth <= i64::from(MAX_WORTH) {
            return Some(worth);
        }
        self.error(
            Diagnostic::error(
                Code::E0340,
                format!("a kind of piece is worth at most {MAX_WORTH}; this one is worth {worth}"),
                span,
            )
            .with_help("scale the worths down: only how they compare matters"),
        );
        None
    }

    /// True (and reported once) if a parameter or option named `name` is past the limit.
    fn over_settings_limit(&mut self, name: &Name) -> bool {
        let count = self.params.len() + self.options.len();
        self.over_limit("parameters and options", MAX_SETTINGS, count, name.span)
    }

    /// Reports the statements every game needs that the file lacks.
    fn missing_statements(&mut self, found: &Declared) {
        let missing = |what: &str, example: &str| {
            Diagnostic::plain(Code::E0316, format!("the rule file has no {what}"))
                .with_help(format!("add a statement like `{example}`"))
        };
        if found.game_name.is_none() {
            self.error(missing("game name", "game \"My Game\""));
        }
        if found.players_span.is_none() {
            self.error(missing("players", "players black, white"));
        }
        if found.board.is_none() {
            self.error(missing("board", "board grid 8 by 8"));
        }
        if found.piece_span.is_none() && self.board.kind == Some(BoardKind::Grid) {
            self.error(missing("pieces", "piece stone"));
        }
    }
}
