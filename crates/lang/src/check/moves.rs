//! Moves and what the board holds at the start: `setup`, `move`.

use super::{
    BoardKind, Checker, Conditional, DestinationDecl, ExactLength, LegalityDecl, MoveDecl,
    MoveRuleDecl, PlaceOn, RemovalDecl, RuleDecls, SecondPartDecl, SetupDecl, StartDecls,
    StockDecl, TExpr, TurnsDecl, Type, WalkDecl, WalkTests,
};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};
use rulebook_model::board::{
    grid_direction_group, GRID_DIRECTIONS, HEXAGON_DIRECTIONS, MAX_GRID_SIDE, RELATIVE_BASE,
    RELATIVE_DIRECTIONS,
};
use rulebook_model::{
    Chain, Jumped, Landing, LineCapture, LinePieces, Neighbour, NextTo, Shot, SiteTest, Sowing,
};

impl Checker {
    /// A `setup` or a `move` statement.
    pub(super) fn setup_or_move(
        &mut self,
        file: &ast::File,
        st: &ast::Statement,
        rules: &mut RuleDecls,
    ) {
        let StartDecls {
            setup,
            stones,
            stock,
        } = &mut rules.start;
        match &st.kind {
            S::Setup {
                count,
                player,
                piece,
                region,
            } => {
                self.needs_board(BoardKind::Grid, "pieces on sites", st.span);
                let p = self.lookup_in(player, &self.players.names.clone(), "player");
                let k = self.lookup_in(piece, &self.pieces.names.clone(), "piece");
                let r = self.static_expr(region, Type::Region, "a setup region");
                let count = count.as_ref().and_then(|c| self.stack_count(c, k));
                if let (Some(player), Some(piece), Some(region)) = (p, k, r) {
                    setup.push(SetupDecl {
                        count,
                        player,
                        piece,
                        region,
                        span: st.span,
                    });
                }
            }
            S::SetupHand {
                count,
                player,
                piece,
            } => self.setup_hand(count, player, piece, st.span, stock),
            S::SetupStones { count } => self.setup_stones(count, st.span, stones),
            S::Move {
                kind,
                clauses,
                condition,
            } => self.move_rule(file, kind, clauses, condition.as_ref(), st.span, rules),
            _ => {}
        }
    }

    /// `setup N PLAYER KIND in hand`; an error if that hand is set up with that kind twice.
    fn setup_hand(
        &mut self,
        count: &ast::Expr,
        player: &ast::Name,
        piece: &ast::Name,
        span: Span,
        stock: &mut Vec<StockDecl>,
    ) {
        self.needs_board(BoardKind::Grid, "pieces in hand", span);
        let p = self.lookup_in(player, &self.players.names.clone(), "player");
        let k = self.lookup_in(piece, &self.pieces.names.clone(), "piece");
        let c = self.static_expr(count, Type::Int, "the number of pieces in hand");
        let (Some(player), Some(piece), Some(count)) = (p, k, c) else {
            return;
        };
        if let Some(first) = stock
            .iter()
            .find(|s| (s.player, s.piece) == (player, piece))
        {
            let first = first.span;
            self.error(
                Diagnostic::error(
                    Code::E0408,
                    format!(
                        "the hand of {} is set up twice with {}",
                        self.players.names[player], self.pieces.names[piece]
                    ),
                    span,
                )
                .with_note_at(first, "first set up here"),
            );
            return;
        }
        stock.push(StockDecl {
            player,
            piece,
            count,
            span,
        });
    }

    /// `setup N stones in every pit`; an error if the stones are set up twice.
    fn setup_stones(&mut self, count: &ast::Expr, span: Span, stones: &mut Option<(TExpr, Span)>) {
        self.needs_board(BoardKind::Mancala, "stones in pits", span);
        if let Some((_, first)) = &stones {
            let first = *first;
            self.error(
                Diagnostic::error(Code::E0409, "the stones are set up twice", span)
                    .with_note_at(first, "first set up here"),
            );
            return;
        }
        if let Some(c) = self.static_expr(count, Type::Int, "the number of stones") {
            *stones = Some((c, span));
        }
    }

    /// A `move` statement.
    pub(super) fn move_rule(
        &mut self,
        file: &ast::File,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
        condition: Option<&ast::Expr>,
        span: Span,
        rules: &mut RuleDecls,
    ) {
        let shape = self.move_shape(file, kind, span);
        let filter = self.move_clauses(kind, clauses);
        let landing = self.landing(kind, clauses);
        let legality = self.judged_clauses(clauses);
        let condition = self.condition(condition);
        let mut walk_tests = self.walk_tests(kind, clauses);
        let mut next_to = self.next_to(clauses.destination.next_to.as_ref());
        // On a piece that moves, `next to` is a test of the site it starts from.
        if let (Some(tests), true) = (&mut walk_tests, tests_origin(kind, clauses)) {
            tests.next_to = next_to.as_mut().and_then(Option::take);
        }
        let then = self.second_part(kind, clauses);
        let line_capture = self.line_capture(kind, clauses);
        let most = self.most(kind, clauses);
        let liberties = self.liberties(kind, clauses);
        let numbered = self.numbered(kind, clauses.numbered.as_deref());
        let (
            Some(numbered),
            Some(legality),
            Some(walk_tests),
            Some(next_to),
            Some(then),
            Some(line_capture),
            Some(most),
            Some(liberties),
        ) = (
            numbered,
            legality,
            walk_tests,
            next_to,
            then,
            line_capture,
            most,
            liberties,
        )
        else {
            return;
        };
        if let (Some(shape), Some((by, not_landing, avoiding)), Some(landing), Some(condition)) =
            (shape, filter, landing, condition)
        {
            rules.moves.push(Conditional {
                rule: MoveRuleDecl {
                    shape,
                    by,
                    numbered,
                    destination: DestinationDecl {
                        not_landing,
                        avoiding,
                        capturing: clauses.destination.capturing.is_some(),
                        next_to,
                        landing,
                    },
                    compulsory: clauses.compulsory.is_some(),
                    most,
                    legality,
                    then,
                    line_capture,
                    liberties,
                    walk_tests,
                },
                condition,
                span,
            });
        }
    }

    /// A move's second part (`then shoot`, `then remove enemy`, `then rotate`); `None`
    /// after an error in any of them.
    fn second_part(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<SecondPartDecl> {
        let shot = self.shot(kind, clauses.then.shoot.as_deref());
        let removal = self.removal(kind, clauses);
        let turns = self.turns(kind, clauses);
        Some(SecondPartDecl {
            shot: shot?,
            removal: removal?,
            turns: turns?,
        })
    }

    /// `by [nearest] numbered VALUE`: `Some(None)` without it; an error on a move other
    /// than a slide or a step, or in a game none of whose kinds has a number.
    fn numbered(
        &mut self,
        kind: &ast::MoveKind,
        clause: Option<&ast::Numbered>,
    ) -> Option<Option<(bool, TExpr)>> {
        let Some(clause) = clause else {
            return Some(None);
        };
        let value = self.typed(&clause.value, Type::Int, "the number of `by numbered`");
        let problem = match kind {
            ast::MoveKind::Slide {
                exactly,
                over_friend,
                ..
            } if exactly.is_some() || *over_friend => Some((
                "a slide `exactly` so long or `over friend` cannot be narrowed `by numbered`",
                "move the numbered pieces with a plain `move slide` (`max N`) or `move step`",
            )),
            ast::MoveKind::Slide { .. } if self.pieces.numbers.iter().any(Option::is_some) => None,
            ast::MoveKind::Slide { .. } => Some((
                "`by numbered` picks pieces by their kind's number, and no kind has one",
                "number the kinds: `piece one as A numbered 1, two as B numbered 2`",
            )),
            _ => Some((
                "only a slide or a step may be narrowed `by numbered`",
                "move the numbered pieces with `move step` or `move slide`",
            )),
        };
        if let Some((message, help)) = problem {
            self.error(Diagnostic::error(Code::E0443, message, clause.span).with_help(help));
            return None;
        }
        Some(Some((clause.nearest, value?)))
    }

    /// The conditions a move is judged by after it: `so that` (its goal) and `forbidding`
    /// (its ban), each `None` when not written; `None` after an error in either.
    fn judged_clauses(&mut self, clauses: &ast::MoveClauses) -> Option<LegalityDecl> {
        let so_that = match &clauses.legality.so_that {
            None => Some(None),
            Some(e) => (self.typed(e, Type::Bool, "the condition of `so that`")).map(Some),
        };
        let forbidding = match &clauses.legality.forbidding {
            None => Some(None),
            Some(e) => self.judging(e, "`forbidding`").map(Some),
        };
        Some(LegalityDecl {
            so_that: so_that?,
            forbidding: forbidding?,
        })
    }

    /// `from REGION` and `onto enemy KIND`: tests of the origin and of the piece taken,
    /// which a slide, a step, a leap or a hop makes as steps of its walk; `None` after an
    /// error.
    fn walk_tests(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<WalkTests> {
        let walks = walks_on_board(kind, clauses);
        let tests_origin = tests_origin(kind, clauses);
        let kinds_span = clauses
            .destination
            .onto_kinds
            .as_ref()
            .map(|names| names[0].span);
        let from_span = clauses.from.as_ref().map(|e| e.span);
        let (origin, landing) = (
            "slides, steps, leaps, hops and flights",
            "slides, steps, leaps and hops",
        );
        let refused = [
            (
                from_span,
                tests_origin,
                "`from` narrows where a piece starts",
                origin,
            ),
            (
                kinds_span,
                walks,
                "`onto enemy KIND` narrows what a piece takes by landing",
                landing,
            ),
            (
                clauses.unmoved,
                tests_origin,
                "`by unmoved` narrows which pieces move",
                origin,
            ),
            (
                clauses.destination.in_passing,
                walks,
                "`in passing` takes a piece that passed",
                landing,
            ),
        ];
        let first = refused
            .into_iter()
            .find(|(span, ok, ..)| span.is_some() && !ok);
        if let Some((Some(span), _, what, moves)) = first {
            let help = match moves == origin {
                true => "a jump, a castling, a placement or a step that captures by approach or withdrawal has no such clause yet",
                false => "a jump, a flight, a castling, a placement or a step that captures by approach or withdrawal has no such clause yet",
            };
            let message = format!("{what}: only {moves}");
            self.error(Diagnostic::error(Code::E0410, message, span).with_help(help));
            return None;
        }
        let from = match &clauses.from {
            Some(e) => Some(self.static_expr(e, Type::Region, "where the piece starts")?),
            None => None,
        };
        let taking = match &clauses.destination.onto_kinds {
            Some(names) => Some(self.kinds(names)?),
            None => None,
        };
        Some(WalkTests {
            from,
            taking,
            unmoved: clauses.unmoved.is_some(),
            in_passing: clauses.destination.in_passing.is_some(),
            next_to: None,
        })
    }

    /// `compulsory most`: only on a jump that captures the enemy pieces it jumps (the
    /// pieces counted); `None` after an error.
    fn most(&mut self, kind: &ast::MoveKind, clauses: &ast::MoveClauses) -> Option<bool> {
        let Some((at, true)) = clauses.compulsory else {
            return Some(false);
        };
        if let ast::MoveKind::Jump {
            over: ast::Jumped::Enemy,
            mode: Some(_),
            ..
        } = kind
        {
            return Some(true);
        }
        self.error(
            Diagnostic::error(Code::E0411,
                "`most` counts the enemy pieces a move jumps and captures, and this move captures none",
                at,
            )
            .with_help("`compulsory most` narrows jumps over enemy pieces that `remove` or `convert` them, like `move jump diagonal over enemy remove chained compulsory most`"),
        );
        None
    }

    /// The rules across statements of capturing jumps: when one compulsory
    /// rule takes the most pieces (`compulsory most`), every one does (the most is counted
    /// over all their moves); a promotion `at once` hands a chain on to a `chained` jump of
    /// the new kind, so one must exist.
    pub(super) fn captures_across_rules(&mut self, file: &ast::File) {
        let moves = file.statements.iter().filter_map(|st| match &st.kind {
            S::Move { kind, clauses, .. } => Some((kind, clauses)),
            _ => None,
        });
        let compulsory: Vec<(Span, bool)> =
            moves.clone().filter_map(|(_, c)| c.compulsory).collect();
        if compulsory.iter().any(|&(_, most)| most) {
            for &(at, _) in compulsory.iter().filter(|(_, most)| !most) {
                self.error(
                    Diagnostic::error(Code::E0412,
                        "this compulsory rule does not say `most`, and another one does",
                        at,
                    )
                    .with_help("the most pieces are counted over the moves of every compulsory rule: write `compulsory most` here too"),
                );
            }
        }
        for st in &file.statements {
            let S::After {
                effect:
                    ast::Effect::Promote {
                        to,
                        mid_chain: Some((ast::MidChain::AtOnce, at)),
                        ..
                    },
                ..
            } = &st.kind
            else {
                continue;
            };
            let Some(to) = to.first() else { continue };
            let goes_on = moves.clone().any(|(kind, clauses)| {
                matches!(
                    kind,
                    ast::MoveKind::Jump {
                        chain: ast::Chain::Turning | ast::Chain::TurningAtWill,
                        ..
                    }
                ) && clauses
                    .by
                    .as_ref()
                    .is_none_or(|kinds| kinds.iter().any(|k| k.text == to.text))
            });
            if !goes_on {
                self.error(
                    Diagnostic::error(Code::E0413,
                        format!("no `chained` jump moves a {}, so a piece promoted `at once` could not jump on", to.text),
                        *at,
                    )
                    .with_help(format!("add a rule like `move jump diagonal over enemy remove chained by {}`, or leave out `at once`", to.text)),
                );
            }
        }
    }

    /// What a move may end on (`onto`): only slides, steps and leaps may end on an enemy
    /// piece; a hop's shape says what it lands on.
    fn landing(&mut self, kind: &ast::MoveKind, clauses: &ast::MoveClauses) -> Option<Landing> {
        if let (Some(at), Some((onto, _))) =
            (clauses.destination.in_passing, clauses.destination.onto)
        {
            if onto != ast::Onto::Enemy {
                self.error(
                    Diagnostic::error(Code::E0435, "a move `in passing` takes an enemy piece: it cannot also land on an empty site as a plain move", at)
                        .with_help("write `onto enemy KIND in passing`, and the plain move as a rule of its own"),
                );
                return None;
            }
            // It lands on the empty site the piece passed over.
            return Some(Landing::Empty);
        }
        match (clauses.destination.onto, kind) {
            (None, _) => Some(Landing::Empty),
            (Some((_, span)), ast::MoveKind::Walk(steps)) if !has_landing(steps) => {
                self.error(
                    Diagnostic::error(
                        Code::E0414,
                        "a hop lands on an enemy piece: `onto` says nothing",
                        span,
                    )
                    .with_help("leave `onto ...` out"),
                );
                None
            }
            (Some((onto, _)), ast::MoveKind::Slide { .. } | ast::MoveKind::Walk(_)) => {
                Some(match onto {
                    ast::Onto::EmptyOrEnemy => Landing::EmptyOrEnemy,
                    ast::Onto::Enemy => Landing::Enemy,
                    ast::Onto::EmptyOrPiece => Landing::EmptyOrPiece,
                })
            }
            (Some((_, span)), _) => {
                self.error(
                    Diagnostic::error(
                        Code::E0415,
                        "only a slide, a step or a leap may land on an enemy piece",
                        span,
                    )
                    .with_help("a jump captures what it jumps over (`over enemy remove`)"),
                );
                None
            }
        }
    }

    /// The clauses of a move: the kinds named by `by`, and the region of `not landing on`.
    #[allow(clippy::type_complexity)]
    fn move_clauses(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<(Option<Vec<usize>>, Option<TExpr>, Option<TExpr>)> {
        // `by` narrows the pieces that move; a placed or removed piece is the mover's own.
        let on_pieces = matches!(
            kind,
            ast::MoveKind::Slide { .. }
                | ast::MoveKind::Jump { .. }
                | ast::MoveKind::Fly
                | ast::MoveKind::Walk(_)
                | ast::MoveKind::Castle { .. }
        );
        let on_cells = matches!(
            kind,
            ast::MoveKind::PlacePiece {
                on: ast::PlaceOn::Sites,
                ..
            }
        );
        let lands = on_pieces || on_cells;
        let crosses_nothing = matches!(kind, ast::MoveKind::Fly | ast::MoveKind::Walk(_));
        let landing_clause = clauses
            .destination
            .not_landing
            .as_ref()
            .map(|e| e.span)
            .or(clauses.destination.capturing);
        if let (Some(span), false) = (landing_clause, lands) {
            let why = "only a move that lands a piece can be narrowed by where it lands";
            self.error(Diagnostic::error(Code::E0416, why, span).with_help(
                "`not landing on` and `capturing` narrow slides, steps, jumps and placements",
            ));
            return None;
        }
        if let (Some(e), false) = (&clauses.destination.avoiding, on_pieces && !crosses_nothing) {
            let why = "only a piece that moves along a line can avoid sites";
            self.error(
                Diagnostic::error(Code::E0417, why, e.span)
                    .with_help("`avoiding` narrows slides, steps and jumps"),
            );
            return None;
        }
        if let (Some(names), false) = (&clauses.by, on_pieces) {
            let span = names[0].span;
            let why = "only a piece that moves is made by a kind";
            self.error(Diagnostic::error(Code::E0418, why, span).with_help(
                "`by` narrows slides, steps, leaps, jumps and flights to pieces of some kinds",
            ));
            return None;
        }
        let by = match &clauses.by {
            Some(names) => Some(self.kinds(names)?),
            None => None,
        };
        let on_sites =
            on_cells || matches!(kind, ast::MoveKind::Remove { .. }) || tests_origin(kind, clauses);
        if let (Some((_, _, span)), false) = (&clauses.destination.next_to, on_sites) {
            let why = "`next to` narrows where a piece is placed, removed or starts from";
            self.error(Diagnostic::error(Code::E0419, why, *span).with_help(
                "use it with `move place KIND`, `move remove`, or a slide, step, leap, hop or \
                 flight (the site the piece starts from)",
            ));
            return None;
        }
        let not_landing = match &clauses.destination.not_landing {
            Some(e) => Some(self.static_expr(e, Type::Region, "where a move may not land")?),
            None => None,
        };
        let avoiding = match &clauses.destination.avoiding {
            Some(e) => Some(self.static_expr(e, Type::Region, "the sites a move avoids")?),
            None => None,
        };
        Some((by, not_landing, avoiding))
    }

    /// Walls lie in the grooves between the cells of a grid of squares with all its points
    /// and links (a grid of another shape is refused here; a board that is no grid, by
    /// [`Checker::move_board`]).
    fn grooved_board(&mut self, span: Span) {
        if self.board.kind == Some(BoardKind::Grid) && !self.board.plain_grid {
            let why = "walls on grooves need a grid of squares with all its points";
            self.error(Diagnostic::error(Code::E0444, why, span).with_note(
                "a wall lies between two pairs of orthogonal neighbours: a grid of hexagons, \
                 `without` or `with lines` has no such grooves",
            ));
        }
    }

    /// Lines lie on the sides of the cells of a grid of squares with all its points and
    /// links (a grid of another shape is refused here; a board that is no grid, by
    /// [`Checker::move_board`]).
    fn sided_board(&mut self, span: Span) {
        if self.board.kind == Some(BoardKind::Grid) && !self.board.plain_grid {
            let why = "lines on sides need a grid of squares with all its points";
            self.error(Diagnostic::error(Code::E0447, why, span).with_note(
                "a line lies on one side of a square cell, between two orthogonal neighbours \
                 or on the border: a grid of hexagons, `without` or `with lines` has no such sides",
            ));
        }
    }

    /// The swap (the pie rule) follows the pieces placed: any board but a board of pits.
    fn swap_board(&mut self, span: Span) {
        if self.board.kind == Some(BoardKind::Mancala) {
            self.error(
                Diagnostic::error(Code::E0420, "the swap needs a board of pieces", span).with_note(
                    "it is open when the first player has one piece on the board and the \
                     second none; a board of pits has stones",
                ),
            );
        }
    }

    /// The board a move needs, and the hands a placement of tiles takes from.
    fn move_board(&mut self, file: &ast::File, kind: &ast::MoveKind, span: Span) {
        if self.placement_off_its_board(kind, span) {
            return;
        }
        let needs = match kind {
            ast::MoveKind::Sow { .. } => Some(BoardKind::Mancala),
            ast::MoveKind::Place { .. } => Some(BoardKind::Hex),
            ast::MoveKind::Pass { .. } => None,
            ast::MoveKind::Swap => {
                self.swap_board(span);
                None
            }
            _ => Some(BoardKind::Grid),
        };
        if let Some(needs) = needs {
            self.needs_board(needs, "this move", span);
        }
        if matches!(kind, ast::MoveKind::Place { .. })
            && !file
                .statements
                .iter()
                .any(|s| matches!(s.kind, S::Hand { .. }))
        {
            self.error(
                Diagnostic::error(
                    Code::E0421,
                    "tiles are placed from hands, and no player has one",
                    span,
                )
                .with_help("give the players hands, like `hand black: tiles`"),
            );
        }
    }

    /// The error for a placement on the other kind of board, which both call `move place`:
    /// a piece (`move place KIND`) on a hex board, whose pieces are tiles, or a tile (`move
    /// place from hand`) on a grid. Whether there was one.
    fn placement_off_its_board(&mut self, kind: &ast::MoveKind, span: Span) -> bool {
        let (message, help) = match (kind, self.board.kind) {
            (ast::MoveKind::PlacePiece { .. }, Some(BoardKind::Hex)) => (
                "placing a piece (`move place KIND`) needs a grid board",
                "a hex board's pieces are tiles, placed by `move place from hand`; to place \
                 stones on hexagons, as in Hex, use a grid of hexagons: `board grid 11 by 11 \
                 of hexagons`",
            ),
            (ast::MoveKind::Place { .. }, Some(BoardKind::Grid)) => (
                "placing a tile (`move place from hand`) needs a hexagonal board",
                "to place pieces on a grid, write `move place KIND`",
            ),
            _ => return false,
        };
        let board = self.board.kind.map_or("", BoardKind::describe);
        self.error(
            Diagnostic::error(Code::E0422, message, span)
                .with_note(format!("this game has {board}"))
                .with_help(help),
        );
        true
    }

    /// A move's primitive.
    fn move_shape(
        &mut self,
        file: &ast::File,
        kind: &ast::MoveKind,
        span: Span,
    ) -> Option<MoveDecl> {
        self.move_board(file, kind, span);
        match kind {
            ast::MoveKind::Slide {
                directions,
                max_length,
                exactly,
                over_friend,
                ..
            } => self.slide(directions, max_length.as_ref(), (exactly, *over_friend)),
            ast::MoveKind::Jump {
                directions,
                flying,
                over,
                mode,
                chain,
                aside,
            } => {
                let decl = self.jump(directions, *flying, over, *mode, chain)?;
                self.turning_aside(decl, *aside)
            }
            ast::MoveKind::Remove { region } => {
                let region = match region {
                    Some(e) => {
                        Some(self.static_expr(e, Type::Region, "where pieces are removed")?)
                    }
                    None => None,
                };
                Some(MoveDecl::Remove { region })
            }
            ast::MoveKind::PlacePiece { kind, region, on } => {
                self.placement(kind, region.as_ref(), *on, span)
            }
            ast::MoveKind::Sow {
                counterclockwise,
                options,
                relay,
                skip,
                start,
            } => {
                let sowing = self.sow(*counterclockwise, options);
                self.sow_parts(sowing, relay, skip, start)
            }
            ast::MoveKind::Place { matching } => Some(MoveDecl::Place {
                matching: *matching,
            }),
            ast::MoveKind::Pass { at_will } => Some(MoveDecl::Pass { at_will: *at_will }),
            ast::MoveKind::Swap => Some(MoveDecl::Swap),
            ast::MoveKind::Fly => Some(MoveDecl::Fly),
            ast::MoveKind::Castle {
                directions,
                partner,
            } => {
                let directions = self.move_directions(directions);
                let partner = self.lookup_in(partner, &self.pieces.names.clone(), "piece");
                Some(MoveDecl::Castle {
                    directions: directions?,
                    partner: partner?,
                })
            }
            ast::MoveKind::Walk(steps) => self.walk(steps, None).map(MoveDecl::Walk),
            track @ ast::MoveKind::Track { .. } => self.track_shape(track),
        }
    }

    /// A walk's steps, checked: every leap moves, and fits on the largest grid.
    fn walk(&mut self, steps: &[ast::WalkStep], along: Option<u8>) -> Option<Vec<WalkDecl>> {
        let mut checked = Vec::new();
        for step in steps {
            checked.push(match step {
                ast::WalkStep::Leap {
                    files,
                    ranks,
                    forward,
                    span,
                } => self.leap((*files, *ranks), *forward, *span)?,
                ast::WalkStep::Along { directions, body } => {
                    let directions = self.move_directions(directions)?;
                    let each = directions.iter().map(|&d| self.walk(body, Some(d)));
                    WalkDecl::Branch(each.collect::<Option<_>>()?)
                }
                ast::WalkStep::Follow { path, loops, body } => {
                    let names: Vec<String> = self.paths.iter().map(|p| p.0.clone()).collect();
                    let index = self.lookup_in(path, &names, "path")?;
                    let decl = self.paths[index].1.as_ref()?;
                    if *loops > 0 && !decl.loops.contains(&true) {
                        self.error(
                            Diagnostic::error(
                                Code::E0446,
                                format!("the path `{}` has no loop to pass", path.text),
                                path.span,
                            )
                            .with_label("`through loop` allows no move along it")
                            .with_help(
                                "mark the loops of the path with `loop` between the points they \
                                 join, or leave out `through loop`",
                            ),
                        );
                        return None;
                    }
                    WalkDecl::Follow {
                        path: index,
                        loops: *loops,
                        body: self.walk(body, along)?,
                    }
                }
                // The parser writes a shift only inside an `Along`.
                ast::WalkStep::Shift => WalkDecl::Shift(along?),
                ast::WalkStep::Repeat { body, min, max } => WalkDecl::Repeat {
                    body: self.walk(body, along)?,
                    min: *min,
                    max: *max,
                },
                ast::WalkStep::Test(test) => WalkDecl::Test(match test {
                    ast::WalkTest::Empty => SiteTest::Empty,
                    ast::WalkTest::Occupied => SiteTest::Occupied,
                    ast::WalkTest::Enemy => SiteTest::Enemy,
                }),
                ast::WalkStep::Landing => WalkDecl::Landing,
                ast::WalkStep::NotForbidden => WalkDecl::NotForbidden,
                ast::WalkStep::Emit => WalkDecl::Emit,
                ast::WalkStep::Branch(walks) => WalkDecl::Branch(
                    (walks.iter())
                        .map(|w| self.walk(w, along))
                        .collect::<Option<_>>()?,
                ),
            });
        }
        Some(checked)
    }

    /// A leap of a walk: an offset that moves, and fits on the largest grid; one `forward`
    /// is for two players (and a grid of squares, whose players face across its ranks).
    fn leap(&mut self, (files, ranks): (i64, i64), forward: bool, span: Span) -> Option<WalkDecl> {
        if forward {
            self.needs_exactly_two(
                "a leap `forward` is known for two players (the first facing north, the \
                 second south)",
                "leave out `forward`, or write a rule per player with the ranks they go",
                span,
            );
        }
        let most = MAX_GRID_SIDE - 1;
        let fault = match (files, ranks) {
            (0, 0) => "a leap of no files and no ranks goes nowhere",
            _ if files.abs() > most || ranks.abs() > most => "a leap cannot be longer than a board",
            _ => {
                return Some(WalkDecl::Leap {
                    files: files as i16,
                    ranks: ranks as i16,
                    forward,
                })
            }
        };
        self.error(
            Diagnostic::error(Code::E0423, fault, span).with_help(format!(
                "give files and ranks from 0 to {most}, not both 0, like `leap (1, 2)`"
            )),
        );
        None
    }

    /// `move slide DIRECTIONS [max N | exactly N] [over friend]` (and `move step`, a slide
    /// of at most one site).
    fn slide(
        &mut self,
        directions: &ast::Directions,
        max_length: Option<&ast::Expr>,
        (exactly, over_friend): (&Option<ast::Expr>, bool),
    ) -> Option<MoveDecl> {
        let exactly = exactly.as_ref().map(|e| self.exact_length(e));
        let max_length = max_length.map(|e| self.static_expr(e, Type::Int, "the longest slide"));
        let directions = self.move_directions(directions);
        let max_length = match max_length {
            None => None,
            Some(m) => Some(m?),
        };
        Some(MoveDecl::Slide {
            directions: directions?,
            max_length,
            exactly: match exactly {
                Some(e) => Some(e?),
                None => None,
            },
            over_friend,
        })
    }

    /// `exactly N`: a number known before play, or the pieces on the line the slide runs
    /// along, `pieces(axis)` (anyone's), `pieces(mover, axis)` or `pieces(opponent, axis)`.
    fn exact_length(&mut self, e: &ast::Expr) -> Option<ExactLength> {
        fn name(e: &ast::Expr) -> Option<&str> {
            match &e.kind {
                ast::ExprKind::Name(n) => Some(n.text.as_str()),
                _ => None,
            }
        }
        if let ast::ExprKind::Call { function, args } = &e.kind {
            let names: Vec<_> = args.iter().map(name).collect();
            let counted = match names[..] {
                [Some("axis")] => Some(LinePieces::Any),
                [Some("mover"), Some("axis")] => Some(LinePieces::Friend),
                [Some("opponent"), Some("axis")] => Some(LinePieces::Enemy),
                _ => None,
            };
            if let (Some(counted), "pieces") = (counted, function.text.as_str()) {
                return Some(ExactLength::Line(counted));
            }
        }
        let what = "the length of a slide `exactly` so long";
        let t = self.typed(e, Type::Int, what)?;
        let help = "use numbers, parameters and options, or count the pieces on the move's \
                    line: `pieces(axis)`, `pieces(mover, axis)` or `pieces(opponent, axis)`";
        self.fixed_or(&t, what, help)?;
        Some(ExactLength::Fixed(t))
    }

    /// `move jump DIRECTIONS [flying] over WHAT [MODE] [chained ...]`; an error for a
    /// friend jumped over and converted, which is the mover's already.
    fn jump(
        &mut self,
        directions: &ast::Directions,
        flying: bool,
        over: &ast::Jumped,
        mode: Option<(ast::CaptureMode, Span)>,
        chain: &ast::Chain,
    ) -> Option<MoveDecl> {
        if let (Some((ast::CaptureMode::Convert, at)), ast::Jumped::Friend) = (mode, over) {
            self.error(
                Diagnostic::error(
                    Code::E0424,
                    "a friend jumped over is the mover's already",
                    at,
                )
                .with_help("`remove` takes it off the board; without a mode it stays"),
            );
            return None;
        }
        let over = match over {
            ast::Jumped::Enemy => Jumped::Enemy,
            ast::Jumped::Friend => Jumped::Friend,
            ast::Jumped::Any => Jumped::Any,
        };
        self.move_directions(directions)
            .map(|directions| self.straight_directions(directions))
            .map(|directions| MoveDecl::Jump {
                directions,
                flying,
                over,
                mode: mode.map(|(m, _)| super::capture_mode(m)),
                chain: match chain {
                    ast::Chain::Single => Chain::Single,
                    ast::Chain::Straight => Chain::Straight,
                    ast::Chain::Turning => Chain::Turning,
                    ast::Chain::TurningAtWill => Chain::TurningAtWill,
                    ast::Chain::Reach => Chain::Reach,
                },
                aside: false,
            })
    }

    /// `place KIND [in REGION]`, or `place KIND on grooves` (a wall, on a grid of squares),
    /// or `place KIND on sides` (a line, on a grid of squares).
    fn placement(
        &mut self,
        kind: &ast::Name,
        region: Option<&ast::Expr>,
        on: ast::PlaceOn,
        span: Span,
    ) -> Option<MoveDecl> {
        let on = match on {
            ast::PlaceOn::Grooves => {
                self.grooved_board(span);
                PlaceOn::Grooves
            }
            ast::PlaceOn::Sides => {
                self.sided_board(span);
                PlaceOn::Sides
            }
            ast::PlaceOn::Sites => PlaceOn::Sites,
        };
        let pieces = self.pieces.names.clone();
        let k = self.lookup_in(kind, &pieces, "piece");
        let region = match region {
            Some(e) => Some(Some(self.static_expr(
                e,
                Type::Region,
                "where pieces are placed",
            )?)),
            None => Some(None),
        };
        Some(MoveDecl::PlacePiece {
            kind: k?,
            region: region?,
            on,
        })
    }

    /// A jump `turning aside` (where `aside` is written): a single jump, not flying, along
    /// the board's own directions (the sides are found from them).
    fn turning_aside(&mut self, decl: MoveDecl, aside: Option<Span>) -> Option<MoveDecl> {
        let (
            Some(span),
            MoveDecl::Jump {
                directions,
                flying,
                over,
                mode,
                chain,
                ..
            },
        ) = (aside, &decl)
        else {
            return Some(decl);
        };
        let relative = directions.iter().any(|&d| d >= RELATIVE_BASE || d >= 8);
        if *flying
            || *chain != Chain::Single
            || relative
            || self.board.hexagons
            || self.board.graph.is_some()
        {
            self.error(
                Diagnostic::error(
                    Code::E0445,
                    "`turning aside` turns a single jump along a square grid's own directions",
                    span,
                )
                .with_help(
                    "leave out `flying` and `chained`, and name the directions (`orthogonal`, \
                     `north`), not the mover's (`forward`)",
                ),
            );
            return None;
        }
        Some(MoveDecl::Jump {
            directions: directions.clone(),
            flying: false,
            over: *over,
            mode: *mode,
            chain: Chain::Single,
            aside: true,
        })
    }

    /// `next to WHAT [along DIRECTIONS]`: the neighbour's content and the board's directions
    /// looked along (orthogonal when none are given); `None` after an error.
    fn next_to(
        &mut self,
        clause: Option<&(ast::Neighbour, Option<Box<ast::Directions>>, Span)>,
    ) -> Option<Option<NextTo>> {
        let Some((what, directions, span)) = clause else {
            return Some(None);
        };
        let what = match what {
            ast::Neighbour::Empty => Neighbour::Empty,
            ast::Neighbour::Enemy => Neighbour::Enemy,
            ast::Neighbour::Friend => Neighbour::Friend,
            ast::Neighbour::Piece => Neighbour::Piece,
            ast::Neighbour::Last => Neighbour::Last,
        };
        let directions = self.board_directions(directions.as_deref(), "`next to`", *span)?;
        Some(Some(NextTo { what, directions }))
    }

    /// The board's directions a clause looks along, as bits (when none are given,
    /// orthogonal on a grid and every link on a graph board); `None` after an error (a
    /// direction relative to the mover).
    fn board_directions(
        &mut self,
        directions: Option<&ast::Directions>,
        clause: &str,
        span: Span,
    ) -> Option<rulebook_model::DirectionBits> {
        let Some(dirs) = directions else {
            return Some(match &self.board.graph {
                Some((_, room)) => ((1u64 << room.len()) - 1) as rulebook_model::DirectionBits,
                None => 0b1111,
            });
        };
        let list = self.directions_of(dirs, true)?;
        if list.iter().any(|&d| d >= RELATIVE_BASE) {
            self.error(
                Diagnostic::error(
                    Code::E0425,
                    format!("{clause} looks along the board's directions"),
                    span,
                )
                .with_help("name them as the board does: `north`, `orthogonal`, ..."),
            );
            return None;
        }
        Some(list.iter().fold(0, |bits, &d| bits | 1 << d))
    }

    /// `with liberties [along DIRECTIONS]`: only on a move that puts a piece on a site (a
    /// placement, a slide or step that captures no run, a flight); the directions as bits.
    fn liberties(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<Option<rulebook_model::DirectionBits>> {
        let Some((directions, span)) = clauses.liberties.as_deref() else {
            return Some(None);
        };
        let lands = matches!(
            kind,
            ast::MoveKind::PlacePiece {
                on: ast::PlaceOn::Sites,
                ..
            } | ast::MoveKind::Slide { .. }
                | ast::MoveKind::Fly
        ) && clauses.line_capture.is_none();
        if !lands {
            self.error(
                Diagnostic::error(
                    Code::E0426,
                    "`with liberties` narrows a move that puts a piece on a site",
                    *span,
                )
                .with_help("use it with `move place KIND`, a slide, a step or `move fly`"),
            );
            return None;
        }
        self.board_directions(directions.as_ref(), "`with liberties`", *span)
            .map(Some)
    }

    /// `capture by approach or withdrawal MODE [chained]`: only on a step, each way named
    /// once, with a mode, ending on an empty site and with no second part; `None` after an
    /// error.
    fn line_capture(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<Option<LineCapture>> {
        let Some(clause) = clauses.line_capture.as_deref() else {
            return Some(None);
        };
        let mode = match line_capture_mode(kind, clauses, clause) {
            Ok(mode) => mode,
            Err((message, span, help)) => {
                self.error(Diagnostic::error(Code::E0427, message, span).with_help(help));
                return None;
            }
        };
        let way = |w: bool| clause.ways.iter().any(|&(x, _)| x == w);
        Some(Some(LineCapture {
            approach: way(false),
            withdrawal: way(true),
            mode: super::capture_mode(mode),
            chained: clause.chained.is_some(),
        }))
    }

    /// `then shoot KIND along DIRECTIONS`: only after a move of a piece from one site to
    /// another that takes nothing on the way (a slide, a step, a leap, a hop, a flight),
    /// along the board's directions; `None` after an error.
    fn shot(&mut self, kind: &ast::MoveKind, clause: Option<&ast::Shoot>) -> Option<Option<Shot>> {
        let Some(shoot) = clause else {
            return Some(None);
        };
        let lands = matches!(
            kind,
            ast::MoveKind::Slide { .. } | ast::MoveKind::Walk(_) | ast::MoveKind::Fly
        );
        if !lands {
            self.error(
                Diagnostic::error(
                    Code::E0428,
                    "only a piece that goes from one site to another may shoot a piece",
                    shoot.span,
                )
                .with_help(
                    "`then shoot KIND along DIRECTIONS` follows `move slide`, `step`, `leap`, `hop` or `fly`",
                ),
            );
            return None;
        }
        let piece = self.kinds(std::slice::from_ref(&shoot.kind));
        let list = self.directions_of(&shoot.directions, true)?;
        if list.iter().any(|&d| d >= RELATIVE_BASE) {
            self.error(
                Diagnostic::error(
                    Code::E0429,
                    "a shot goes along the board's directions",
                    shoot.span,
                )
                .with_help("name them as the board does: `north`, `orthogonal`, `all`, ..."),
            );
            return None;
        }
        Some(Some(Shot {
            kind: piece?[0] as u8,
            directions: list.iter().fold(0, |bits, &d| bits | 1 << d),
        }))
    }

    /// `then rotate REGION, ...` (or `reflect`): only after a placement, as its one second
    /// part, and without `capturing` and `with liberties` (which judge the piece where it
    /// was placed, and the turn may carry it away); `None` after an error.
    fn turns(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<Option<TurnsDecl>> {
        let Some(rotate) = clauses.then.rotate.as_deref() else {
            return Some(None);
        };
        let words = rotate.ways.words();
        let (verb, third) = (words.verb, words.third);
        let refusal = match kind {
            ast::MoveKind::PlacePiece {
                on: ast::PlaceOn::Grooves | ast::PlaceOn::Sides,
                ..
            } => Some((
                format!("only a placement on a site may {verb} a region after it"),
                format!(
                    "`then {verb} REGION, ...` follows `move place KIND`, not a wall or a line \
                     between cells"
                ),
            )),
            ast::MoveKind::PlacePiece { .. } if clauses.then.take_after.is_some() => Some((
                format!("a move {third} a region or removes a piece after it, not both"),
                format!("keep `then {verb}` or `then remove enemy`"),
            )),
            ast::MoveKind::PlacePiece { .. }
                if clauses.destination.capturing.is_some() || clauses.liberties.is_some() =>
            {
                Some((
                    "`capturing` and `with liberties` judge the piece where it was placed, which moving the region's pieces may carry away".to_string(),
                    format!("leave them out of a rule with `then {verb}`"),
                ))
            }
            ast::MoveKind::PlacePiece { .. } => None,
            _ => Some((
                format!("only a placement may {verb} a region after it"),
                format!("`then {verb} REGION, ...` follows `move place KIND`"),
            )),
        };
        if let Some((message, help)) = refusal {
            self.error(Diagnostic::error(Code::E0440, message, rotate.span).with_help(help));
            return None;
        }
        let what = format!("a region {}", words.past);
        let regions: Vec<Option<TExpr>> = (rotate.regions.iter())
            .map(|e| self.typed(e, Type::Region, &what))
            .collect();
        Some(Some(TurnsDecl {
            regions: regions.into_iter().collect::<Option<Vec<TExpr>>>()?,
            ways: rotate.ways,
            at_will: rotate.at_will,
            span: rotate.span,
        }))
    }

    /// `then remove enemy [if line N] [sparing line N]`: only after a move that lands a
    /// piece, and not with `then shoot`; the numbers known when the game is compiled;
    /// `None` after an error.
    fn removal(
        &mut self,
        kind: &ast::MoveKind,
        clauses: &ast::MoveClauses,
    ) -> Option<Option<RemovalDecl>> {
        let Some(take) = clauses.then.take_after.as_deref() else {
            return Some(None);
        };
        let lands = matches!(
            kind,
            ast::MoveKind::Slide { .. }
                | ast::MoveKind::Jump { .. }
                | ast::MoveKind::Fly
                | ast::MoveKind::PlacePiece {
                    on: ast::PlaceOn::Sites,
                    ..
                }
        );
        let chained = matches!(
            kind,
            ast::MoveKind::Jump {
                chain: ast::Chain::Straight
                    | ast::Chain::Turning
                    | ast::Chain::TurningAtWill
                    | ast::Chain::Reach,
                ..
            }
        );
        let refusal = match (lands, &clauses.then.shoot) {
            _ if chained => Some((
                "a chain of jumps cannot remove a piece after it",
                "`then remove enemy` follows a single jump, a slide, step, placement or fly",
            )),
            (false, _) => Some((
                "only a move that lands a piece may remove one after it",
                "`then remove enemy` follows a slide, step, jump, placement or fly",
            )),
            (true, Some(_)) => Some((
                "a move either shoots a piece or removes one after it, not both",
                "keep `then shoot` or `then remove enemy`",
            )),
            (true, None) => None,
        };
        if let Some((message, help)) = refusal {
            self.error(Diagnostic::error(Code::E0430, message, take.span).with_help(help));
            return None;
        }
        let mut number = |e: &Option<ast::Expr>, what| match e {
            Some(e) => self.static_expr(e, Type::Int, what).map(Some),
            None => Some(None),
        };
        let if_line = number(&take.if_line, "the line that lets a piece be removed");
        let sparing_line = number(&take.sparing_line, "the line that spares a piece");
        Some(Some(RemovalDecl {
            if_line: if_line?,
            sparing_line: sparing_line?,
            span: take.span,
        }))
    }

    /// The directions of a capture: the board's own (`north`, `orthogonal` ...).
    pub(super) fn directions(&mut self, dirs: &ast::Directions) -> Option<Vec<u8>> {
        self.directions_of(dirs, false)
    }

    /// The directions of a move: the board's own, and those named relative to the mover
    /// (`forward`, coded from [`RELATIVE_BASE`]).
    pub(super) fn move_directions(&mut self, dirs: &ast::Directions) -> Option<Vec<u8>> {
        self.directions_of(dirs, true)
    }

    fn directions_of(&mut self, dirs: &ast::Directions, relative: bool) -> Option<Vec<u8>> {
        let mut out: Vec<u8> = Vec::new();
        let mut ok = true;
        for n in &dirs.names {
            let r = RELATIVE_DIRECTIONS.iter().position(|d| d.0 == n.text);
            // A grid of hexagons has no forward: its players do not face across ranks.
            let r = r.filter(|_| !self.board.hexagons && self.board.graph.is_none());
            if let (Some(_), false) = (r, relative) {
                ok = false;
                self.error(
                    Diagnostic::error(
                        Code::E0431,
                        format!("`{}` is a direction of a move, not of a capture", n.text),
                        n.span,
                    )
                    .with_help(
                        "a capture looks along the board's directions: `north`, `orthogonal`, ...",
                    ),
                );
            } else if let Some(r) = r {
                self.needs_exactly_two(
                    "a direction relative to the mover is known for two players (the first \
                     facing north, the second south)",
                    "name the board's directions",
                    n.span,
                );
                if !out.contains(&(RELATIVE_BASE + r as u8)) {
                    out.push(RELATIVE_BASE + r as u8);
                }
            } else if self.board.hexagons {
                ok &= self.hexagon_directions(n, &mut out);
            } else if self.board.graph.is_some() {
                ok &= self.graph_directions_named(n, &mut out);
            } else if let Some(group) = grid_direction_group(&n.text) {
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
                let known = GRID_DIRECTIONS
                    .iter()
                    .map(|d| d.0)
                    .chain(["orthogonal", "diagonal", "all"])
                    .chain(RELATIVE_DIRECTIONS.iter().map(|d| d.0));
                let mut d = Diagnostic::error(
                    Code::E0432,
                    format!("unknown direction `{}`", n.text),
                    n.span,
                )
                .with_label("not a direction of this board");
                d = d.with_suggestion(&n.text, known);
                self.error(d.with_note(
                    "grid boards have north, east, south, west, north-east, south-east, south-west, north-west, the groups orthogonal, diagonal, all, and for moves forward, backward, forward-diagonal, backward-diagonal",
                ));
            }
        }
        ok.then_some(out)
    }

    /// A direction of a grid of hexagons, or its group `all` (the six), added to `out`;
    /// false (and an error) for a name that is neither.
    fn hexagon_directions(&mut self, n: &ast::Name, out: &mut Vec<u8>) -> bool {
        let named = HEXAGON_DIRECTIONS
            .iter()
            .enumerate()
            .filter(|&(_, &d)| !d.is_empty() && (n.text == "all" || d == n.text));
        let found: Vec<u8> = named.map(|(i, _)| i as u8).collect();
        if found.is_empty() {
            let known = HEXAGON_DIRECTIONS.iter().copied().filter(|d| !d.is_empty());
            let text = format!("unknown direction `{}`", n.text);
            let d = Diagnostic::error(Code::E0436, text, n.span)
                .with_label("not a direction of a grid of hexagons")
                .with_suggestion(&n.text, known.chain(["all"]));
            self.error(d.with_note(
                "a grid of hexagons has east, north-east, north-west, west, south-west, \
                 south-east, and the group all (the six)",
            ));
            return false;
        }
        for d in found {
            if !out.contains(&d) {
                out.push(d);
            }
        }
        true
    }

    /// Of `directions`, those that run on in a straight line from site to site (a jump's, a
    /// capture's in line): on a graph board, its named directions alone, since a link
    /// without a name goes one site and no further.
    pub(super) fn straight_directions(&self, mut directions: Vec<u8>) -> Vec<u8> {
        if let Some((_, names)) = &self.board.graph {
            directions.retain(|&d| names.get(d as usize).is_some_and(|n| !n.is_empty()));
        }
        directions
    }

    /// A direction of a graph board, or `all` (every link), added to `out`; false (and an
    /// error) for a name that is neither.
    fn graph_directions_named(&mut self, n: &ast::Name, out: &mut Vec<u8>) -> bool {
        let names = self
            .board
            .graph
            .as_ref()
            .map_or(Vec::new(), |g| g.1.clone());
        let found: Vec<u8> = match n.text.as_str() {
            "all" => (0..names.len() as u8).collect(),
            t => names
                .iter()
                .position(|d| d == t)
                .map(|d| d as u8)
                .into_iter()
                .collect(),
        };
        if found.is_empty() {
            let known: Vec<&str> = names
                .iter()
                .map(String::as_str)
                .filter(|d| !d.is_empty())
                .collect();
            let d = Diagnostic::error(
                Code::E0455,
                format!("unknown direction `{}`", n.text),
                n.span,
            )
            .with_label("not a direction of this graph")
            .with_suggestion(&n.text, known.iter().copied().chain(["all"]));
            let listed = match known.is_empty() {
                true => "this graph names no direction: `all` follows every link".to_string(),
                false => format!(
                    "this graph has {}, and `all` (every link)",
                    known.join(", ")
                ),
            };
            self.error(d.with_note(listed));
            return false;
        }
        for d in found {
            if !out.contains(&d) {
                out.push(d);
            }
        }
        true
    }

    /// A sow move with its expressions (`relay while`, `skip`, `start at`) checked.
    fn sow_parts(
        &mut self,
        sowing: Sowing,
        relay: &Option<Box<ast::Expr>>,
        skip: &Option<Box<ast::Expr>>,
        start: &Option<Box<ast::Expr>>,
    ) -> Option<MoveDecl> {
        let relay = self.sow_part(relay, Type::Bool, "the condition of `relay while`");
        let skip = self.sow_part(skip, Type::Region, "the sites after `skip`");
        let start = self.sow_part(start, Type::Site, "the site after `start at`");
        Some(MoveDecl::Sow {
            sowing,
            relay: relay?,
            skip: skip?,
            start: start?,
        })
    }

    /// An optional part of a sow move of type `ty`: `Some(None)` when absent, `None` when
    /// it has an error.
    fn sow_part(
        &mut self,
        e: &Option<Box<ast::Expr>>,
        ty: Type,
        what: &str,
    ) -> Option<Option<TExpr>> {
        match e {
            Some(e) => Some(Some(self.typed(e, ty, what)?)),
            None => Some(None),
        }
    }

    /// The options of a sow move; an option given twice is an error.
    pub(super) fn sow(
        &mut self,
        counterclockwise: bool,
        options: &[(ast::SowOption, Span)],
    ) -> Sowing {
        let mut d = Sowing {
            counterclockwise,
            ..Sowing::default()
        };
        let mut seen: Vec<(ast::SowOption, Span)> = Vec::new();
        for &(o, span) in options {
            if let Some(&(_, first)) = seen.iter().find(|(x, _)| *x == o) {
                self.error(
                    Diagnostic::error(Code::E0433, "this sowing option is given twice", span)
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
                ast::SowOption::Relay | ast::SowOption::SkipRegion | ast::SowOption::StartAt => {}
            }
        }
        let start = seen.iter().find(|(o, _)| *o == ast::SowOption::StartAt);
        let back = seen.iter().find(|(o, _)| *o == ast::SowOption::OriginFirst);
        if let (Some(&(_, start)), Some(&(_, back))) = (start, back) {
            self.error(
                Diagnostic::error(
                    Code::E0434,
                    "`start at` and `first stone into origin` both say where the first stone goes",
                    start,
                )
                .with_note_at(back, "the other is here")
                .with_help("keep one: `start at origin` puts even a single stone back"),
            );
        }
        d
    }
}

/// The mode of a `capture by approach or withdrawal` clause on a move, or what is wrong
/// with it (the first fault found: a `chained` with nothing to go on with, a move that is
/// no step, a way named twice, no mode, a step that lands `onto` a piece, a second part)
/// as an error's message, place and help.
fn line_capture_mode(
    kind: &ast::MoveKind,
    clauses: &ast::MoveClauses,
    clause: &ast::LineCaptureClause,
) -> Result<ast::CaptureMode, (String, Span, &'static str)> {
    let fault = |message: &str, span: Span, help| Err((message.to_string(), span, help));
    if let Some(span) = clause.stray_chain {
        return fault(
            "`chained` here has no capture to go on with",
            span,
            "a step goes on capturing after `capture by approach` or `withdrawal` and its mode, like `move step all capture by approach remove chained`; a jump's `chained` follows its mode",
        );
    }
    if !matches!(kind, ast::MoveKind::Slide { step: true, .. }) {
        let help = match kind {
            ast::MoveKind::Jump { .. } => "a jump captures what it jumps over (`over enemy remove`)",
            ast::MoveKind::Slide { .. } => "the captures are made by steps of one point: write `move step DIRECTIONS capture by ...`",
            _ => "write it after `move step DIRECTIONS`",
        };
        return fault(
            "only a step captures by approach or withdrawal",
            clause.span,
            help,
        );
    }
    if let [(first, _), (second, span)] = clause.ways.as_slice() {
        if first == second {
            let word = if *first { "withdrawal" } else { "approach" };
            return fault(
                &format!("`{word}` is named twice"),
                *span,
                "the ways are `approach`, `withdrawal`, or `approach or withdrawal`",
            );
        }
    }
    let Some(mode) = clause.mode else {
        let help = match clause.chained {
            Some(_) => "write `remove` or `convert` before `chained`, like `capture by approach remove chained`",
            None => "write `remove` or `convert` after the ways, like `capture by approach remove`",
        };
        return fault(
            "a capture by approach or withdrawal needs a mode: what becomes of the pieces taken",
            clause.span,
            help,
        );
    };
    if let Some((_, span)) = clauses.destination.onto {
        return fault(
            "a step that captures by approach or withdrawal ends on an empty point",
            span,
            "it takes the pieces it moves up to or away from; drop `onto`",
        );
    }
    let second = clauses.then.shoot.as_ref().map(|s| s.span);
    if let Some(span) = second.or(clauses.then.take_after.as_ref().map(|t| t.span)) {
        return fault(
            "a step that captures by approach or withdrawal has no second part",
            span,
            "drop `then shoot` or `then remove enemy`, or write that move as a rule of its own",
        );
    }
    Ok(mode)
}

/// Whether a walk tests its landing by the rule's `onto` ([`ast::WalkStep::Landing`]):
/// every walk but those whose shape says what they land on.
fn has_landing(steps: &[ast::WalkStep]) -> bool {
    steps.iter().any(|step| match step {
        ast::WalkStep::Landing => true,
        ast::WalkStep::Along { body, .. } | ast::WalkStep::Repeat { body, .. } => has_landing(body),
        ast::WalkStep::Branch(walks) => walks.iter().any(|w| has_landing(w)),
        _ => false,
    })
}

/// Whether the move runs as a walk over the board: a slide, or a step, leap or hop that
/// does not capture a run by approach or withdrawal (which runs on its own routine).
fn walks_on_board(kind: &ast::MoveKind, clauses: &ast::MoveClauses) -> bool {
    matches!(kind, ast::MoveKind::Slide { .. } | ast::MoveKind::Walk(_))
        && clauses.line_capture.is_none()
}

/// Whether the move's walk tests the site its piece starts from (`from`, `by unmoved`,
/// `next to`): the walks on the board and flights, which land on empty sites only.
fn tests_origin(kind: &ast::MoveKind, clauses: &ast::MoveClauses) -> bool {
    walks_on_board(kind, clauses) || matches!(kind, ast::MoveKind::Fly)
}
