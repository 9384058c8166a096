//! Checking: resolves every name, types every expression and validates ranges, collecting
//! all errors of a file instead of stopping at the first.

mod never;
mod types;

pub use types::*;

use std::collections::HashMap;

use crate::diag::{Diagnostic, Span};
use crate::model::board::{grid_direction_group, GRID_DIRECTIONS, GRID_PATHS, HEX_DIRECTIONS};
use crate::model::tiles::{PATTERNS, SIDES};
use crate::model::GroupUnit;
use crate::model::Sowing;
use crate::syntax::ast::{self, BinaryOp, ExprKind, Name, StatementKind, UnaryOp};

/// The largest number of players a game may have.
pub const PLAYERS: usize = 2;

/// The result of checking: the description (if there were no errors) and all diagnostics.
pub struct Checked {
    /// The checked description, present when there were no errors.
    pub description: Option<Description>,
    /// Errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks a parsed file.
pub fn check(file: &ast::File) -> Checked {
    let mut checker = Checker::default();
    let description = checker.run(file);
    let mut diagnostics = checker.diagnostics;
    // A variant is merged with the file it extends before it is checked (`crate::variant`).
    let unresolved = file
        .extends
        .iter()
        .map(|(_, span)| *span)
        .chain(file.removals.iter().map(|r| r.span));
    for span in unresolved {
        diagnostics.push(
            Diagnostic::error("`extends` and `remove` belong in a variant", span)
                .with_help("a file that removes statements must begin with `extends \"NAME\"`"),
        );
    }
    diagnostics.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    let description = if diagnostics.iter().any(Diagnostic::is_error) {
        None
    } else {
        description
    };
    Checked {
        description,
        diagnostics,
    }
}

#[derive(Default)]
struct Checker {
    diagnostics: Vec<Diagnostic>,
    /// Every declared name (players, parameters, options, pieces) and where.
    declared: HashMap<String, (Span, &'static str)>,
    /// Preset names (their own namespace: a preset may share an option's name).
    preset_names: HashMap<String, Span>,
    players: Vec<String>,
    params: Vec<ParamDecl>,
    options: Vec<OptionDecl>,
    pieces: Vec<String>,
    /// Options read by some rule (for the "never read" warning).
    options_read: Vec<bool>,
    /// The kind of board, once known.
    board_kind: Option<BoardKind>,
    /// Whether a `score` expression is being checked (where `majority` may be used).
    in_score: bool,
}

impl Checker {
    fn error(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    /// Declares a name; reports a duplicate with a note at the first declaration.
    fn declare(&mut self, name: &Name, what: &'static str) -> bool {
        if let Some((first, first_what)) = self.declared.get(&name.text).copied() {
            self.error(
                Diagnostic::error(format!("`{}` is declared twice", name.text), name.span)
                    .with_label(format!("this {what} has the same name"))
                    .with_note_at(
                        first,
                        format!(
                            "`{}` was first declared here as {} {first_what}",
                            name.text,
                            article(first_what)
                        ),
                    ),
            );
            return false;
        }
        self.declared.insert(name.text.clone(), (name.span, what));
        true
    }

    fn run(&mut self, file: &ast::File) -> Option<Description> {
        use StatementKind as S;
        let mut game_name: Option<(String, Span)> = None;
        let mut players_span = None;
        let mut board: Option<(&ast::BoardShape, Span)> = None;
        let mut preset_stmts = Vec::new();
        let mut piece_span = None;

        // First pass: declarations, so that later statements may refer to anything.
        for st in &file.statements {
            match &st.kind {
                S::Game(name) => {
                    if let Some((_, first)) = &game_name {
                        let first = *first;
                        self.error(
                            Diagnostic::error("the game's name is given twice", st.span)
                                .with_note_at(first, "first given here"),
                        );
                    } else {
                        game_name = Some((name.clone(), st.span));
                    }
                }
                S::Players(names) => {
                    if let Some(first) = players_span {
                        self.error(
                            Diagnostic::error("the players are listed twice", st.span)
                                .with_note_at(first, "first listed here"),
                        );
                        continue;
                    }
                    players_span = Some(st.span);
                    for n in names {
                        if self.declare(n, "player") {
                            self.players.push(n.text.clone());
                        }
                    }
                    if names.len() != PLAYERS {
                        self.error(Diagnostic::error(
                            format!(
                                "a game has exactly {PLAYERS} players; {}",
                                match names.len() {
                                    1 => "1 is listed".to_string(),
                                    n => format!("{n} are listed"),
                                }
                            ),
                            st.span,
                        ));
                    }
                }
                S::Parameter {
                    name,
                    min,
                    max,
                    default,
                } => {
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
                                    format!("the range {lo}..{hi} is empty"),
                                    min.span.to(max.span),
                                )
                                .with_help("write the smaller bound first"),
                            );
                        } else if d < lo || d > hi {
                            self.error(Diagnostic::error(
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
                S::Option {
                    name,
                    choices,
                    default,
                } => {
                    let (list, is_switch): (Vec<Name>, bool) = match choices {
                        Some(c) => (c.clone(), false),
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
                        self.options_read.push(false);
                    }
                }
                S::Preset { .. } => preset_stmts.push(st),
                S::Board(shape) => {
                    if let Some((_, first)) = board {
                        self.error(
                            Diagnostic::error("the board is described twice", st.span)
                                .with_note_at(first, "first described here"),
                        );
                    } else {
                        board = Some((shape, st.span));
                        self.board_kind = Some(match shape {
                            ast::BoardShape::Grid { .. } => BoardKind::Grid,
                            ast::BoardShape::Mancala { .. } => BoardKind::Mancala,
                            ast::BoardShape::Hex { .. } => BoardKind::Hex,
                        });
                    }
                }
                S::Pieces(names) => {
                    if let Some(first) = piece_span {
                        self.error(
                            Diagnostic::error("the pieces are listed twice", st.span)
                                .with_note_at(first, "first listed here")
                                .with_help("list every kind of piece in one `piece` statement"),
                        );
                        continue;
                    }
                    piece_span = Some(st.span);
                    for n in names {
                        // A clash is reported; the piece still exists for later statements.
                        self.declare(n, "piece");
                        if !self.pieces.contains(&n.text) {
                            self.pieces.push(n.text.clone());
                        }
                    }
                }
                _ => {}
            }
        }

        let missing = |what: &str, example: &str| {
            Diagnostic::plain(format!("the rule file has no {what}"))
                .with_help(format!("add a statement like `{example}`"))
        };
        if game_name.is_none() {
            self.error(missing("game name", "game \"My Game\""));
        }
        if players_span.is_none() {
            self.error(missing("players", "players black, white"));
        }
        if board.is_none() {
            self.error(missing("board", "board grid 8 by 8"));
        }
        if piece_span.is_none() && self.board_kind == Some(BoardKind::Grid) {
            self.error(missing("pieces", "piece stone"));
        }

        // Presets.
        let mut presets = Vec::new();
        let mut default_preset: Option<(usize, Span)> = None;
        for st in preset_stmts {
            if let S::Preset {
                name,
                is_default,
                settings,
            } = &st.kind
            {
                if let Some(first) = self.preset_names.get(&name.text).copied() {
                    self.error(
                        Diagnostic::error(
                            format!("preset `{}` is declared twice", name.text),
                            name.span,
                        )
                        .with_note_at(first, "first declared here"),
                    );
                    continue;
                }
                self.preset_names.insert(name.text.clone(), name.span);
                if *is_default {
                    if let Some((_, first)) = default_preset {
                        self.error(
                            Diagnostic::error("two presets are marked `default`", name.span)
                                .with_note_at(first, "the first default preset"),
                        );
                    } else {
                        default_preset = Some((presets.len(), name.span));
                    }
                }
                let settings = settings
                    .iter()
                    .filter_map(|s| self.check_setting(s))
                    .collect();
                presets.push(PresetDecl {
                    name: name.text.clone(),
                    span: name.span,
                    settings,
                });
            }
        }

        // Board.
        let board_decl = board.map(|(shape, span)| match shape {
            ast::BoardShape::Grid { width, height } => {
                let w = self.static_expr(width, Type::Int, "the board's width");
                let h = self.static_expr(height, Type::Int, "the board's height");
                (
                    w.zip(h)
                        .map(|(width, height)| BoardDecl::Grid { width, height }),
                    span,
                )
            }
            ast::BoardShape::Mancala { pits } => (
                self.static_expr(pits, Type::Int, "the number of pits")
                    .map(|pits| BoardDecl::Mancala { pits }),
                span,
            ),
            ast::BoardShape::Hex { side, removed } => (
                self.static_expr(side, Type::Int, "the number of cells a side")
                    .map(|side| BoardDecl::Hex {
                        side,
                        removed: removed.iter().map(|n| (n.text.clone(), n.span)).collect(),
                    }),
                span,
            ),
        });

        // Rules.
        let mut setup = Vec::new();
        let mut stones: Option<(TExpr, Span)> = None;
        let mut after_sow: Option<(Vec<SowRuleDecl>, Span)> = None;
        let mut moves = Vec::new();
        let mut effects = Vec::new();
        let mut forbid: Option<Conditional<()>> = None;
        let mut end = Vec::new();
        let mut edges = Vec::new();
        // Each facing direction given a colour, with where, to report one given twice.
        let mut edge_sides: Vec<(u8, Span)> = Vec::new();
        let mut edge_overrides = Vec::new();
        let mut hands: Vec<(usize, TExpr)> = Vec::new();
        let mut scores = Vec::new();
        for st in &file.statements {
            match &st.kind {
                S::Setup {
                    player,
                    piece,
                    region,
                } => {
                    self.needs_board(BoardKind::Grid, "pieces on sites", st.span);
                    let p = self.lookup_in(player, &self.players.clone(), "player");
                    let k = self.lookup_in(piece, &self.pieces.clone(), "piece");
                    let r = self.static_expr(region, Type::Region, "a setup region");
                    if let (Some(player), Some(piece), Some(region)) = (p, k, r) {
                        setup.push(SetupDecl {
                            player,
                            piece,
                            region,
                            span: st.span,
                        });
                    }
                }
                S::SetupStones { count } => {
                    self.needs_board(BoardKind::Mancala, "stones in pits", st.span);
                    if let Some((_, first)) = &stones {
                        let first = *first;
                        self.error(
                            Diagnostic::error("the stones are set up twice", st.span)
                                .with_note_at(first, "first set up here"),
                        );
                        continue;
                    }
                    if let Some(c) = self.static_expr(count, Type::Int, "the number of stones") {
                        stones = Some((c, st.span));
                    }
                }
                S::AfterSow { rules } => {
                    self.needs_board(BoardKind::Mancala, "rules after sowing", st.span);
                    if let Some((_, first)) = &after_sow {
                        let first = *first;
                        self.error(
                            Diagnostic::error("there are two `after sow` blocks", st.span)
                                .with_note_at(first, "the first one")
                                .with_help("put every rule after sowing in one block, in the order they are tried"),
                        );
                        continue;
                    }
                    let checked: Vec<SowRuleDecl> =
                        rules.iter().filter_map(|r| self.sow_rule(r)).collect();
                    after_sow = Some((checked, st.span));
                }
                S::Move { kind, condition } => {
                    let needs = match kind {
                        ast::MoveKind::Sow { .. } => Some(BoardKind::Mancala),
                        ast::MoveKind::Place { .. } => Some(BoardKind::Hex),
                        ast::MoveKind::Pass | ast::MoveKind::Swap => None,
                        _ => Some(BoardKind::Grid),
                    };
                    if let Some(needs) = needs {
                        self.needs_board(needs, "this move", st.span);
                    }
                    if matches!(kind, ast::MoveKind::Place { .. })
                        && !file
                            .statements
                            .iter()
                            .any(|s| matches!(s.kind, S::Hand { .. }))
                    {
                        self.error(
                            Diagnostic::error(
                                "tiles are placed from hands, and no player has one",
                                st.span,
                            )
                            .with_help("give the players hands, like `hand black: tiles`"),
                        );
                    }
                    let rule = match kind {
                        ast::MoveKind::Slide { directions } => self
                            .directions(directions)
                            .map(|directions| MoveDecl::Slide { directions }),
                        ast::MoveKind::Jump { directions, mode } => self
                            .directions(directions)
                            .map(|directions| MoveDecl::Jump {
                                directions,
                                mode: *mode,
                            }),
                        ast::MoveKind::Sow {
                            counterclockwise,
                            options,
                        } => Some(MoveDecl::Sow(self.sow(*counterclockwise, options))),
                        ast::MoveKind::Place { matching } => Some(MoveDecl::Place {
                            matching: *matching,
                        }),
                        ast::MoveKind::Pass => Some(MoveDecl::Pass),
                        ast::MoveKind::Swap => Some(MoveDecl::Swap),
                    };
                    let condition = self.condition(condition.as_ref());
                    if let (Some(rule), Some(condition)) = (rule, condition) {
                        moves.push(Conditional {
                            rule,
                            condition,
                            span: st.span,
                        });
                    }
                }
                S::After { effect, condition } => {
                    self.needs_board(BoardKind::Grid, "custodian capture", st.span);
                    let rule = self.effect(effect);
                    let condition = self.condition(condition.as_ref());
                    if let (Some(rule), Some(condition)) = (rule, condition) {
                        effects.push(Conditional {
                            rule,
                            condition,
                            span: st.span,
                        });
                    }
                }
                S::ForbidRepetition { condition } => {
                    if let Some(first) = &forbid {
                        let first = first.span;
                        self.error(
                            Diagnostic::error("repetition is forbidden twice", st.span)
                                .with_note_at(first, "first forbidden here"),
                        );
                        continue;
                    }
                    let cond = condition
                        .as_ref()
                        .map(|c| self.static_expr(c, Type::Bool, "the condition of `forbid`"));
                    match cond {
                        Some(None) => {}
                        Some(Some(c)) => {
                            forbid = Some(Conditional {
                                rule: (),
                                condition: Some(c),
                                span: st.span,
                            })
                        }
                        None => {
                            forbid = Some(Conditional {
                                rule: (),
                                condition: None,
                                span: st.span,
                            })
                        }
                    }
                }
                S::Edges(rules) => {
                    self.needs_board(BoardKind::Hex, "board-edge colours", st.span);
                    for (dir, colour) in rules {
                        let side = self.hex_side(dir);
                        let colour = self.lookup_in(colour, &self.players.clone(), "player");
                        if let (Some(side), Some(colour)) = (side, colour) {
                            if let Some(&(_, first)) = edge_sides.iter().find(|(s, _)| *s == side) {
                                self.error(
                                    Diagnostic::error(
                                        format!(
                                            "the colour of edges facing {} is given twice",
                                            dir.text
                                        ),
                                        dir.span,
                                    )
                                    .with_note_at(first, "first given here"),
                                );
                                continue;
                            }
                            edge_sides.push((side, dir.span));
                            edges.push((side, colour));
                        }
                    }
                }
                S::Edge {
                    site,
                    direction,
                    colour,
                } => {
                    self.needs_board(BoardKind::Hex, "a board-edge colour", st.span);
                    let side = self.hex_side(direction);
                    let colour = self.lookup_in(colour, &self.players.clone(), "player");
                    if let (Some(side), Some(colour)) = (side, colour) {
                        edge_overrides.push(EdgeOverride {
                            site: site.text.clone(),
                            span: site.span,
                            side,
                            colour,
                        });
                    }
                }
                S::Hand { player, tiles } => {
                    self.needs_board(BoardKind::Hex, "a hand of tiles", st.span);
                    let p = self.lookup_in(player, &self.players.clone(), "player");
                    let t = self.static_expr(tiles, Type::Tiles, "a hand");
                    if let (Some(p), Some(t)) = (p, t) {
                        if hands.iter().any(|(q, _)| *q == p) {
                            self.error(Diagnostic::error(
                                format!("{} is given a hand twice", player.text),
                                st.span,
                            ));
                        } else {
                            hands.push((p, t));
                        }
                    }
                }
                S::Score { score, condition } => {
                    self.in_score = true;
                    let t = self.typed(score, Type::Int, "a score");
                    self.in_score = false;
                    let c = match condition {
                        None => Some(None),
                        Some(c) => self
                            .static_expr(c, Type::Bool, "the condition of `score`")
                            .map(Some),
                    };
                    if let (Some(rule), Some(condition)) = (t, c) {
                        scores.push(Conditional {
                            rule,
                            condition,
                            span: st.span,
                        });
                    }
                }
                S::End { condition, result } => {
                    let when = match condition {
                        ast::EndCondition::NoLegalMove(_) => EndWhen::NoLegalMove,
                        ast::EndCondition::EmptyRow(span) => {
                            self.needs_board(BoardKind::Mancala, "`empty row`", *span);
                            EndWhen::EmptyRow
                        }
                        ast::EndCondition::BothPass(_) => EndWhen::BothPass,
                    };
                    if matches!(result, ast::EndResult::HighestScore { .. }) {
                        if when != EndWhen::BothPass {
                            self.error(
                                Diagnostic::error(
                                    "`highest score wins` goes with `both pass`",
                                    st.span,
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
                                Diagnostic::error("the game has no score", st.span)
                                    .with_help("add one, like `score pieces(mover)`"),
                            );
                        }
                    }
                    if matches!(result, ast::EndResult::StoreMajority { .. }) {
                        self.needs_board(BoardKind::Mancala, "a result by stores", st.span);
                        if when != EndWhen::EmptyRow {
                            self.error(
                                Diagnostic::error(
                                    "`remaining to ..., most in store wins` goes with `empty row`",
                                    st.span,
                                )
                                .with_help("write `end when empty row: remaining to empty side, most in store wins`"),
                            );
                        }
                    }
                    if let Some(first) = end.iter().find(|e: &&EndDecl| e.when == when) {
                        let first = first.span;
                        self.error(
                            Diagnostic::error("this end condition is given twice", st.span)
                                .with_note_at(first, "first given here"),
                        );
                        continue;
                    }
                    end.push(EndDecl {
                        when,
                        result: *result,
                        span: st.span,
                    });
                }
                _ => {}
            }
        }

        if !hands.is_empty() {
            let letters = self.tile_letters();
            if letters.len() == 2 && letters[0] == letters[1] {
                let span = players_span.unwrap_or(Span::new(0, 0));
                self.error(
                    Diagnostic::error(
                        "tile patterns name colours by the players' initials, and these are the same",
                        span,
                    )
                    .with_help("give the players names with different first letters"),
                );
            }
        }
        let move_statements = file
            .statements
            .iter()
            .filter(|st| matches!(st.kind, S::Move { .. }))
            .count();
        if let Some((_, span)) = board {
            if move_statements == 0 {
                self.error(
                    Diagnostic::error("the game has no moves", span)
                        .with_help("add a move, like `move slide orthogonal`"),
                );
            }
            if end.is_empty() {
                self.error(
                    Diagnostic::error("the game has no end rule", span)
                        .with_help("add one, like `end when no legal move: mover loses`"),
                );
            }
            let empty = match self.board_kind {
                Some(BoardKind::Mancala) => stones.is_none(),
                Some(BoardKind::Hex) => hands.is_empty(),
                _ => setup.is_empty(),
            };
            if empty && !self.has_errors() {
                self.diagnostics.push(Diagnostic::warning(
                    "the setup puts no piece on the board",
                    span,
                ));
            }
        }
        let clean = !self.has_errors();
        for (i, read) in self.options_read.clone().into_iter().enumerate() {
            if !read && clean {
                let o = &self.options[i];
                self.diagnostics.push(
                    Diagnostic::warning(
                        format!("option `{}` is never read by any rule", o.name),
                        o.span,
                    )
                    .with_help("use it in a `when` condition, or remove it"),
                );
            }
        }
        // A kind of piece that no setup places is never on the board: no move can move it
        // and no capture can take it (moves never create pieces of a new kind).
        if clean && self.board_kind == Some(BoardKind::Grid) {
            for (k, piece) in self.pieces.iter().enumerate() {
                if setup.iter().any(|s| s.piece == k) {
                    continue;
                }
                if let Some((span, _)) = self.declared.get(piece) {
                    self.diagnostics.push(
                        Diagnostic::warning(
                            format!("piece `{piece}` is never placed by any setup, so no rule can ever move it"),
                            *span,
                        )
                        .with_help(format!("add a `setup PLAYER {piece} on REGION`, or remove it")),
                    );
                }
            }
        }

        let (name, _) = game_name?;
        let (board, board_span) = board_decl?;
        Some(Description {
            name,
            players: self.players.clone(),
            params: self.params.clone(),
            options: self.options.clone(),
            presets,
            default_preset: default_preset.map(|(i, _)| i),
            board: board?,
            board_span,
            pieces: self.pieces.clone(),
            setup,
            stones: stones.map(|(c, _)| c),
            after_sow: after_sow.map(|(r, _)| r).unwrap_or_default(),
            moves,
            effects,
            forbid_repetition: forbid,
            end,
            edges,
            edge_overrides,
            hands,
            scores,
        })
    }

    /// A side of a hex cell by the direction it faces.
    fn hex_side(&mut self, name: &Name) -> Option<u8> {
        let found = HEX_DIRECTIONS.iter().position(|d| d.0 == name.text);
        if found.is_none() {
            let d = Diagnostic::error(format!("unknown direction `{}`", name.text), name.span)
                .with_note(format!(
                    "the sides of a hex cell face: {}",
                    HEX_DIRECTIONS.map(|d| d.0).join(", ")
                ))
                .with_suggestion(&name.text, HEX_DIRECTIONS.iter().map(|d| d.0));
            self.error(d);
        }
        found.map(|i| i as u8)
    }

    /// The letters of the colours in tile patterns: the players' initials, upper case.
    fn tile_letters(&self) -> Vec<char> {
        self.players
            .iter()
            .map(|p| p.chars().next().unwrap_or('?').to_ascii_uppercase())
            .collect()
    }

    /// A tile pattern (`BYYBBY`) as a one-tile set, on a board with hands.
    fn tile_pattern(&self, name: &str) -> Option<u64> {
        if self.board_kind != Some(BoardKind::Hex) || name.len() != SIDES {
            return None;
        }
        let letters = self.tile_letters();
        let mut kind = 0usize;
        for (side, c) in name.chars().enumerate() {
            kind |= letters.iter().position(|&l| l == c)? << side;
        }
        (kind < PATTERNS).then_some(1u64 << kind)
    }

    /// Reports `what` if the board is not of the kind it needs.
    fn needs_board(&mut self, kind: BoardKind, what: &str, span: Span) {
        if let Some(actual) = self.board_kind {
            if actual != kind {
                self.error(
                    Diagnostic::error(format!("{what} needs {}", kind.describe()), span)
                        .with_note(format!("this game has {}", actual.describe())),
                );
            }
        }
    }

    /// The options of a sow move; an option given twice is an error.
    fn sow(&mut self, counterclockwise: bool, options: &[(ast::SowOption, Span)]) -> Sowing {
        let mut d = Sowing {
            counterclockwise,
            ..Sowing::default()
        };
        let mut seen: Vec<(ast::SowOption, Span)> = Vec::new();
        for &(o, span) in options {
            if let Some(&(_, first)) = seen.iter().find(|(x, _)| *x == o) {
                self.error(
                    Diagnostic::error("this sowing option is given twice", span)
                        .with_note_at(first, "first given here"),
                );
                continue;
            }
            seen.push((o, span));
            match o {
                ast::SowOption::OriginFirst => d.origin_first = true,
                ast::SowOption::SkipOpponentStore => d.skip_opponent_store = true,
                ast::SowOption::SkipStores => d.skip_stores = true,
                ast::SowOption::SkipOrigin => d.skip_origin = true,
                ast::SowOption::MarkedToOwner => d.marked_to_owner = true,
            }
        }
        d
    }

    /// A rule after sowing: a condition and actions on sites.
    fn sow_rule(&mut self, rule: &ast::SowRule) -> Option<SowRuleDecl> {
        let condition = self
            .condition(Some(&rule.condition))?
            .expect("a condition was given");
        let mut actions = Vec::new();
        let mut ok = true;
        for a in &rule.actions {
            let action = match a {
                ast::Action::Again(_) => Some(ActionDecl::Again),
                ast::Action::Take { from, to } => {
                    let f = self.typed(from, Type::Site, "where `take` takes stones from");
                    let t = self.typed(to, Type::Site, "where `take` puts them");
                    f.zip(t).map(|(from, to)| ActionDecl::Take { from, to })
                }
                ast::Action::Mark(site) => self
                    .typed(site, Type::Site, "what `mark` marks")
                    .map(ActionDecl::Mark),
            };
            match action {
                Some(a) => actions.push(a),
                None => ok = false,
            }
        }
        ok.then_some(SowRuleDecl {
            condition,
            actions,
            span: rule.span,
        })
    }

    /// An expression that must have a type (it may depend on the position).
    fn typed(&mut self, e: &ast::Expr, ty: Type, what: &str) -> Option<TExpr> {
        let t = self.expr(e)?;
        if t.ty != ty {
            self.error(
                Diagnostic::error(
                    format!("{what} must be {}", ty.describe(&self.options)),
                    e.span,
                )
                .with_label(format!("this is {}", t.ty.describe(&self.options))),
            );
            return None;
        }
        Some(t)
    }

    fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    fn lookup_in(&mut self, name: &Name, list: &[String], what: &str) -> Option<usize> {
        let found = list.iter().position(|n| *n == name.text);
        if found.is_none() {
            let mut d = Diagnostic::error(format!("unknown {what} `{}`", name.text), name.span)
                .with_label(format!("not a {what} of this game"));
            d = d.with_suggestion(&name.text, list.iter().map(String::as_str));
            if d.help.is_none() && !list.is_empty() {
                d = d.with_note(format!("the {what}s are: {}", list.join(", ")));
            }
            self.error(d);
        }
        found
    }

    fn check_setting(&mut self, setting: &ast::Setting) -> Option<(Knob, KnobValue)> {
        let name = &setting.name;
        if let Some(i) = self.params.iter().position(|p| p.name == name.text) {
            let p = self.params[i].clone();
            return match &setting.value {
                ast::SettingValue::Int(v, span) => {
                    if *v < p.min || *v > p.max {
                        self.error(
                            Diagnostic::error(
                                format!(
                                    "{v} is outside the range of `{}` ({}..{})",
                                    p.name, p.min, p.max
                                ),
                                *span,
                            )
                            .with_note_at(p.span, "the parameter is declared here"),
                        );
                        None
                    } else {
                        Some((Knob::Param(i), KnobValue::Int(*v)))
                    }
                }
                ast::SettingValue::Name(n) => {
                    self.error(Diagnostic::error(
                        format!("parameter `{}` takes a number, not `{}`", p.name, n.text),
                        n.span,
                    ));
                    None
                }
            };
        }
        if let Some(i) = self.options.iter().position(|o| o.name == name.text) {
            let o = self.options[i].clone();
            return match &setting.value {
                ast::SettingValue::Name(n) => match o.choices.iter().position(|c| *c == n.text) {
                    Some(c) => Some((Knob::Option(i), KnobValue::Choice(c))),
                    None => {
                        let mut d = Diagnostic::error(
                            format!("`{}` is not a choice of option `{}`", n.text, o.name),
                            n.span,
                        )
                        .with_note(format!("the choices are: {}", o.choices.join(", ")));
                        d = d.with_suggestion(&n.text, o.choices.iter().map(String::as_str));
                        self.error(d);
                        None
                    }
                },
                ast::SettingValue::Int(_, span) => {
                    self.error(
                        Diagnostic::error(
                            format!("option `{}` takes a name, not a number", o.name),
                            *span,
                        )
                        .with_note(format!("the choices are: {}", o.choices.join(", "))),
                    );
                    None
                }
            };
        }
        let known: Vec<&str> = self
            .params
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.options.iter().map(|o| o.name.as_str()))
            .collect();
        let mut d = Diagnostic::error(
            format!("unknown parameter or option `{}`", name.text),
            name.span,
        );
        d = d.with_suggestion(&name.text, known.iter().copied());
        self.error(d);
        None
    }

    fn directions(&mut self, dirs: &ast::Directions) -> Option<Vec<u8>> {
        let mut out: Vec<u8> = Vec::new();
        let mut ok = true;
        for n in &dirs.names {
            if let Some(group) = grid_direction_group(&n.text) {
                for d in group {
                    if !out.contains(d) {
                        out.push(*d);
                    }
                }
            } else if let Some(d) = GRID_DIRECTIONS.iter().position(|d| d.0 == n.text) {
                if !out.contains(&(d as u8)) {
                    out.push(d as u8);
                }
            } else {
                ok = false;
                let known =
                    GRID_DIRECTIONS
                        .iter()
                        .map(|d| d.0)
                        .chain(["orthogonal", "diagonal", "all"]);
                let mut d = Diagnostic::error(format!("unknown direction `{}`", n.text), n.span)
                    .with_label("not a direction of this board");
                d = d.with_suggestion(&n.text, known);
                self.error(d.with_note(
                    "grid boards have north, east, south, west, north-east, south-east, south-west, north-west, and the groups orthogonal, diagonal, all",
                ));
            }
        }
        ok.then_some(out)
    }

    fn effect(&mut self, effect: &ast::Effect) -> Option<EffectDecl> {
        match effect {
            ast::Effect::Custodian {
                shape,
                turning_once,
                max_length,
                mode,
                ..
            } => {
                let run = match shape {
                    ast::RunShape::Lines(d) => RunDecl::Lines(self.directions(d)?),
                    ast::RunShape::Path(name) => {
                        if !GRID_PATHS.contains(&name.text.as_str()) {
                            let mut d = Diagnostic::error(
                                format!("unknown path `{}`", name.text),
                                name.span,
                            )
                            .with_note(format!(
                                "the paths of a grid board are: {}",
                                GRID_PATHS.join(", ")
                            ));
                            d = d.with_suggestion(&name.text, GRID_PATHS.iter().copied());
                            self.error(d);
                            return None;
                        }
                        RunDecl::Path(name.text.clone())
                    }
                };
                let max_length = match max_length {
                    Some(e) => Some(self.static_expr(e, Type::Int, "the longest run")?),
                    None => None,
                };
                Some(EffectDecl::Custodian {
                    run,
                    turning_once: *turning_once,
                    max_length,
                    mode: *mode,
                })
            }
        }
    }

    /// A `when` condition: `Some(None)` when absent, `None` after an error.
    fn condition(&mut self, condition: Option<&ast::Expr>) -> Option<Option<TExpr>> {
        match condition {
            None => Some(None),
            Some(e) => {
                let t = self.expr(e)?;
                if t.ty != Type::Bool {
                    self.error(
                        Diagnostic::error("a condition must be true or false", e.span)
                            .with_label(format!("this is {}", t.ty.describe(&self.options))),
                    );
                    return None;
                }
                if never::never_holds(&t, &self.options) {
                    self.diagnostics.push(
                        Diagnostic::warning(
                            "this condition is false for every setting of the options it reads, so the rule can never apply",
                            e.span,
                        )
                        .with_help("correct the condition, or remove the rule"),
                    );
                }
                Some(Some(t))
            }
        }
    }

    /// An expression that must have a type and must not depend on the position.
    fn static_expr(&mut self, e: &ast::Expr, ty: Type, what: &str) -> Option<TExpr> {
        let t = self.typed(e, ty, what)?;
        if t.depends_on_position() {
            self.error(
                Diagnostic::error(format!("{what} cannot depend on the position"), e.span)
                    .with_help("use only numbers, parameters and options here"),
            );
            return None;
        }
        Some(t)
    }

    /// A number that must be known without any parameter (a range bound or default).
    fn const_int(&mut self, e: &ast::Expr) -> Option<i64> {
        let t = self.expr(e)?;
        match fold_const_int(&t) {
            Some(v) => Some(v),
            None => {
                self.error(
                    Diagnostic::error("expected a whole number here", e.span)
                        .with_help("ranges and defaults of parameters are plain numbers"),
                );
                None
            }
        }
    }

    fn expr(&mut self, e: &ast::Expr) -> Option<TExpr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ExprKind::Int(v) => (TExprKind::Int(*v), Type::Int),
            ExprKind::Name(n) => self.resolve_name(n)?,
            ExprKind::Call { function, args } if function.text == "majority" => {
                self.needs_board(BoardKind::Hex, "`majority`", function.span);
                if !self.in_score {
                    self.error(
                        Diagnostic::error("`majority` can only be used in a `score`", span)
                            .with_help("write it as `score majority(wedges)`"),
                    );
                    return None;
                }
                let unit = match args.as_slice() {
                    [a] => match &a.kind {
                        ExprKind::Name(n) if n.text == "wedges" => Some(GroupUnit::Wedges),
                        ExprKind::Name(n) if n.text == "pieces" => Some(GroupUnit::Pieces),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(unit) = unit else {
                    self.error(
                        Diagnostic::error(
                            "`majority` takes how group sizes are counted: `wedges` or `pieces`",
                            span,
                        )
                        .with_help("write `majority(wedges)` or `majority(pieces)`"),
                    );
                    return None;
                };
                (TExprKind::Majority(unit), Type::Int)
            }
            ExprKind::Call { function, args } => {
                let Some(&(builtin, name, arg_ty, result)) =
                    Builtin::ALL.iter().find(|b| b.1 == function.text)
                else {
                    let mut d = Diagnostic::error(
                        format!("unknown function `{}`", function.text),
                        function.span,
                    );
                    d = d.with_suggestion(&function.text, Builtin::ALL.iter().map(|b| b.1));
                    if d.help.is_none() {
                        d = d.with_note(format!(
                            "the functions are: {}",
                            Builtin::ALL
                                .iter()
                                .map(|b| b.1)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    self.error(d);
                    return None;
                };
                if let (Some(needed), Some(actual)) = (builtin.board(), self.board_kind) {
                    if needed != actual {
                        self.error(
                            Diagnostic::error(
                                format!("`{name}` needs {}", needed.describe()),
                                function.span,
                            )
                            .with_note(format!("this game has {}", actual.describe())),
                        );
                        return None;
                    }
                }
                if args.len() != 1 {
                    self.error(Diagnostic::error(
                        format!(
                            "`{}` takes one argument; {} given",
                            function.text,
                            args.len()
                        ),
                        span,
                    ));
                    return None;
                }
                let arg = self.expr(&args[0])?;
                if arg.ty != arg_ty {
                    self.error(
                        Diagnostic::error(
                            format!(
                                "`{}` takes {}",
                                function.text,
                                arg_ty.describe(&self.options)
                            ),
                            arg.span,
                        )
                        .with_label(format!("this is {}", arg.ty.describe(&self.options))),
                    );
                    return None;
                }
                (TExprKind::Call(builtin, vec![arg]), result)
            }
            ExprKind::Unary(op, inner) => {
                let t = self.expr(inner)?;
                let want = match op {
                    UnaryOp::Not => Type::Bool,
                    UnaryOp::Neg => Type::Int,
                };
                if t.ty != want {
                    self.error(
                        Diagnostic::error(
                            format!(
                                "`{}` needs {}",
                                if *op == UnaryOp::Not { "not" } else { "-" },
                                want.describe(&self.options)
                            ),
                            t.span,
                        )
                        .with_label(format!("this is {}", t.ty.describe(&self.options))),
                    );
                    return None;
                }
                (TExprKind::Unary(*op, Box::new(t)), want)
            }
            ExprKind::Binary(op, a, b) => return self.binary(*op, a, b, span),
        };
        Some(TExpr { kind, ty, span })
    }

    fn binary(&mut self, op: BinaryOp, a: &ast::Expr, b: &ast::Expr, span: Span) -> Option<TExpr> {
        use BinaryOp as B;
        // A choice name is resolved against the option on the other side of `==`/`!=`.
        let (ta, tb) = if matches!(op, B::Eq | B::Ne) {
            let ta = self.expr_or_choice(a, b)?;
            let tb = self.expr_or_choice(b, a)?;
            (ta, tb)
        } else {
            let ta = self.expr(a);
            let tb = self.expr(b);
            (ta?, tb?)
        };
        let mismatch = |this: &mut Checker, expected: &str| {
            let opts = &this.options;
            let d = Diagnostic::error(format!("`{}` needs {expected}", op.symbol()), span)
                .with_note_at(
                    ta.span,
                    format!("the left side is {}", ta.ty.describe(opts)),
                )
                .with_note_at(
                    tb.span,
                    format!("the right side is {}", tb.ty.describe(opts)),
                );
            this.error(d);
        };
        let ty = match op {
            B::Or | B::And => {
                if ta.ty != Type::Bool || tb.ty != Type::Bool {
                    mismatch(self, "conditions on both sides");
                    return None;
                }
                Type::Bool
            }
            B::Eq | B::Ne => {
                if ta.ty != tb.ty || matches!(ta.ty, Type::Region | Type::Tiles) {
                    mismatch(
                        self,
                        "two values of the same kind (numbers, switches, choices, players)",
                    );
                    return None;
                }
                Type::Bool
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                if ta.ty != Type::Int || tb.ty != Type::Int {
                    mismatch(self, "numbers on both sides");
                    return None;
                }
                Type::Bool
            }
            B::Add | B::Sub => {
                if ta.ty != tb.ty || !matches!(ta.ty, Type::Int | Type::Region | Type::Tiles) {
                    mismatch(self, "two numbers, two regions or two sets of tiles");
                    return None;
                }
                ta.ty
            }
            B::Mul | B::Mod => {
                if ta.ty != Type::Int || tb.ty != Type::Int {
                    mismatch(self, "numbers on both sides");
                    return None;
                }
                Type::Int
            }
        };
        Some(TExpr {
            kind: TExprKind::Binary(op, Box::new(ta), Box::new(tb)),
            ty,
            span,
        })
    }

    /// Resolves `e`, reading a bare name as a choice of the option that `other` names.
    fn expr_or_choice(&mut self, e: &ast::Expr, other: &ast::Expr) -> Option<TExpr> {
        if let (ExprKind::Name(n), ExprKind::Name(o)) = (&e.kind, &other.kind) {
            if let Some(oi) = self.options.iter().position(|x| x.name == o.text) {
                let opt = &self.options[oi];
                if !opt.is_switch && self.options.iter().all(|x| x.name != n.text) {
                    return match opt.choices.iter().position(|c| *c == n.text) {
                        Some(index) => Some(TExpr {
                            kind: TExprKind::Choice { option: oi, index },
                            ty: Type::Choice(oi),
                            span: e.span,
                        }),
                        None => {
                            let mut d = Diagnostic::error(
                                format!("`{}` is not a choice of option `{}`", n.text, opt.name),
                                n.span,
                            )
                            .with_note(format!("the choices are: {}", opt.choices.join(", ")));
                            d = d.with_suggestion(&n.text, opt.choices.iter().map(String::as_str));
                            self.error(d);
                            None
                        }
                    };
                }
            }
        }
        self.expr(e)
    }

    fn resolve_name(&mut self, n: &Name) -> Option<(TExprKind, Type)> {
        let t = n.text.as_str();
        if let Some(i) = self.params.iter().position(|p| p.name == t) {
            return Some((TExprKind::Param(i), Type::Int));
        }
        if let Some(i) = self.options.iter().position(|o| o.name == t) {
            self.options_read[i] = true;
            let ty = if self.options[i].is_switch {
                Type::Bool
            } else {
                Type::Choice(i)
            };
            return Some((TExprKind::Option(i), ty));
        }
        if let Some(i) = self.players.iter().position(|p| p == t) {
            return Some((TExprKind::Player(i), Type::Player));
        }
        match t {
            "on" => return Some((TExprKind::Bool(true), Type::Bool)),
            "off" => return Some((TExprKind::Bool(false), Type::Bool)),
            "mover" => return Some((TExprKind::Mover, Type::Player)),
            "opponent" => return Some((TExprKind::Opponent, Type::Player)),
            "all" => return Some((TExprKind::Region(RegionConst::All), Type::Region)),
            "corners" => return Some((TExprKind::Region(RegionConst::Corners), Type::Region)),
            "perimeter" => return Some((TExprKind::Region(RegionConst::Perimeter), Type::Region)),
            "last" => {
                self.needs_board(BoardKind::Mancala, "`last`", n.span);
                return Some((TExprKind::Last, Type::Site));
            }
            _ => {}
        }
        if let Some(d) = GRID_DIRECTIONS.iter().position(|d| d.0 == t) {
            return Some((TExprKind::Direction(d as u8), Type::Direction));
        }
        if t == "tiles" && self.board_kind == Some(BoardKind::Hex) {
            return Some((TExprKind::Tiles(u64::MAX), Type::Tiles));
        }
        if let Some(set) = self.tile_pattern(t) {
            return Some((TExprKind::Tiles(set), Type::Tiles));
        }
        let known: Vec<&str> = self
            .params
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.options.iter().map(|o| o.name.as_str()))
            .chain(self.players.iter().map(String::as_str))
            .chain([
                "on",
                "off",
                "mover",
                "opponent",
                "all",
                "corners",
                "perimeter",
            ])
            .chain((self.board_kind == Some(BoardKind::Mancala)).then_some("last"))
            .chain(GRID_DIRECTIONS.iter().map(|d| d.0))
            .collect();
        let mut d = Diagnostic::error(format!("unknown name `{t}`"), n.span)
            .with_label("not a parameter, option, player, direction, region or site");
        let parts: Vec<&str> = t.split('-').collect();
        if parts.len() > 1 && parts.iter().all(|p| known.contains(p)) {
            d = d.with_help(format!(
                "names may contain `-`; to subtract, put spaces around it: `{}`",
                parts.join(" - ")
            ));
        } else {
            d = d.with_suggestion(t, known.iter().copied());
        }
        self.error(d);
        None
    }
}

/// "a" or "an" before a word.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The value of a typed integer expression made of numbers alone.
fn fold_const_int(e: &TExpr) -> Option<i64> {
    match &e.kind {
        TExprKind::Int(v) => Some(*v),
        TExprKind::Unary(UnaryOp::Neg, x) => fold_const_int(x)?.checked_neg(),
        TExprKind::Binary(op, a, b) => {
            let (a, b) = (fold_const_int(a)?, fold_const_int(b)?);
            match op {
                BinaryOp::Add => a.checked_add(b),
                BinaryOp::Sub => a.checked_sub(b),
                BinaryOp::Mul => a.checked_mul(b),
                _ => None,
            }
        }
        _ => None,
    }
}
