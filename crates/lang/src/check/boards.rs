//! The board and its edges: `board`, `edges`, `edge`, and the players' hands of tiles.

use super::declarations::Declared;
use super::exprs::point_named;
use super::{BoardDecl, BoardKind, Checker, EdgeOverride, RegionConst, RuleDecls, TileDecls, Type};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, Name, StatementKind as S};
use rulebook_model::board::HEX_DIRECTIONS;
use rulebook_model::tiles::{PATTERNS, SIDES};
use rulebook_model::Drawing;

impl Checker {
    /// The board's dimensions, checked.
    pub(super) fn board(&mut self, shape: &ast::BoardShape) -> Option<BoardDecl> {
        match shape {
            ast::BoardShape::Grid {
                width,
                height,
                cells,
                lines,
                shape,
                ..
            } => {
                let w = self.static_expr(width, Type::Int, "the board's width");
                let h = self.static_expr(height, Type::Int, "the board's height");
                let lines = self.board_lines(lines);
                let (width, height, lines) = (w?, h?, lines?);
                Some(BoardDecl::Grid {
                    width,
                    height,
                    drawing: match cells {
                        None => Drawing::Points,
                        Some(ast::Cells::Squares { checkered }) => Drawing::Squares {
                            checkered: *checkered,
                        },
                        Some(ast::Cells::Hexagons) => Drawing::Hexagons,
                    },
                    diagonals: None,
                    without: None,
                    lines,
                    shape: *shape,
                })
            }
            ast::BoardShape::Graph { sites, links } => self.graph_board(sites, links),
            ast::BoardShape::GraphRing {
                sites,
                span,
                centre,
            } => self.graph_ring(*sites, *span, *centre),
            ast::BoardShape::GraphRings {
                rings,
                sites,
                spokes,
                centre,
            } => self.graph_rings(*rings, *sites, *spokes, *centre),
            ast::BoardShape::Mancala { pits } => self
                .static_expr(pits, Type::Int, "the number of pits")
                .map(|pits| BoardDecl::Mancala { pits }),
            ast::BoardShape::Hex { side, removed } => self
                .static_expr(side, Type::Int, "the number of cells a side")
                .map(|side| BoardDecl::Hex {
                    side,
                    removed: removed.iter().map(|n| (n.text.clone(), n.span)).collect(),
                }),
        }
    }

    /// A grid's `with diagonals on REGION` and `without REGION`, checked once the named
    /// regions are (so they may use any of them): the declared board with those regions.
    pub(super) fn board_regions(
        &mut self,
        shape: &ast::BoardShape,
        board: BoardDecl,
    ) -> Option<BoardDecl> {
        let (
            ast::BoardShape::Grid {
                diagonals, without, ..
            },
            BoardDecl::Grid {
                width,
                height,
                drawing,
                lines,
                shape: outline,
                ..
            },
        ) = (shape, &board)
        else {
            return Some(board);
        };
        if let (Drawing::Hexagons, Some(e)) = (drawing, diagonals) {
            self.error(
                Diagnostic::error(
                    Code::E0335,
                    "a grid of hexagons has no diagonals to keep",
                    e.span,
                )
                .with_help("each hexagon touches its six neighbours: drop `with diagonals on`"),
            );
            return None;
        }
        let mut region = |e: Option<&ast::Expr>, what: &str| match e {
            Some(e) => self.static_expr(e, Type::Region, what).map(Some),
            None => Some(None),
        };
        let diagonals = region(diagonals.as_deref(), "the points diagonals join");
        let without = region(without.as_deref(), "the points the board is without");
        Some(BoardDecl::Grid {
            width: width.clone(),
            height: height.clone(),
            drawing: *drawing,
            diagonals: diagonals?,
            without: without?.map(Box::new),
            lines: lines.clone(),
            shape: *outline,
        })
    }

    /// `with lines a1-d1-g1, ...`: each line's points by file and rank, checked to be
    /// point names, two or more a line; `None` after an error.
    #[allow(clippy::type_complexity)]
    fn board_lines(&mut self, lines: &[Vec<Name>]) -> Option<Vec<Vec<(u16, u16, Span)>>> {
        let mut points = Vec::with_capacity(lines.len());
        let mut ok = true;
        for line in lines {
            let first = line[0].span;
            let span = Span {
                end: line[line.len() - 1].span.end,
                ..first
            };
            if line.len() < 2 {
                self.error(
                    Diagnostic::error(Code::E0301, "a line joins two points or more", span)
                        .with_help("name its points in order, joined by dashes: `a1-d1-g1`"),
                );
                ok = false;
                continue;
            }
            let mut named = Vec::with_capacity(line.len());
            for name in line {
                match point_named(&name.text) {
                    Some(RegionConst::Point { file, rank }) => named.push((file, rank, name.span)),
                    _ => {
                        self.error(
                            Diagnostic::error(
                                Code::E0302,
                                format!("`{}` is not the name of a point", name.text),
                                name.span,
                            )
                            .with_help("a point is a file letter and a rank number, like `d4`"),
                        );
                        ok = false;
                    }
                }
            }
            points.push(named);
        }
        ok.then_some(points)
    }

    /// An `edges`, `edge` or `hand` statement.
    pub(super) fn edge_or_hand(&mut self, st: &ast::Statement, rules: &mut RuleDecls) {
        let TileDecls {
            edges,
            edge_sides,
            edge_overrides,
            hands,
        } = &mut rules.tiles;
        match &st.kind {
            S::Edges(rules) => {
                self.needs_board(BoardKind::Hex, "board-edge colours", st.span);
                for (dir, colour) in rules {
                    let side = self.hex_side(dir);
                    let colour = self.lookup_in(colour, &self.players.names.clone(), "player");
                    if let (Some(side), Some(colour)) = (side, colour) {
                        if let Some(&(_, first)) = edge_sides.iter().find(|(s, _)| *s == side) {
                            self.error(
                                Diagnostic::error(
                                    Code::E0303,
                                    format!(
                                        "the colour of edges facing {} is given twice",
                                        dir.text
                                    ),
                                    dir.span,
                                )
                                .with_note_at(first, "first given here"),
                            );
                            return;
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
                let colour = self.lookup_in(colour, &self.players.names.clone(), "player");
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
                let p = self.lookup_in(player, &self.players.names.clone(), "player");
                let t = self.static_expr(tiles, Type::Tiles, "a hand");
                if let (Some(p), Some(t)) = (p, t) {
                    if hands.iter().any(|(q, _)| *q == p) {
                        self.error(Diagnostic::error(
                            Code::E0304,
                            format!("{} is given a hand twice", player.text),
                            st.span,
                        ));
                    } else {
                        hands.push((p, t));
                    }
                }
            }
            _ => {}
        }
    }

    /// Tile patterns name colours by the players' initials, which must differ.
    pub(super) fn tile_colours(&mut self, found: &Declared, rules: &RuleDecls) {
        if !rules.tiles.hands.is_empty() {
            let letters = self.tile_letters();
            if letters.len() == 2 && letters[0] == letters[1] {
                let span = found.players_span.unwrap_or(Span::new(0, 0));
                self.error(
                    Diagnostic::error(Code::E0305,
                        "tile patterns name colours by the players' initials, and these are the same",
                        span,
                    )
                    .with_help("give the players names with different first letters"),
                );
            }
        }
    }

    /// A side of a hex cell by the direction it faces.
    pub(super) fn hex_side(&mut self, name: &Name) -> Option<u8> {
        let found = HEX_DIRECTIONS.iter().position(|d| d.0 == name.text);
        if found.is_none() {
            let d = Diagnostic::error(
                Code::E0306,
                format!("unknown direction `{}`", name.text),
                name.span,
            )
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
    pub(super) fn tile_letters(&self) -> Vec<char> {
        self.players
            .names
            .iter()
            .map(|p| p.chars().next().unwrap_or('?').to_ascii_uppercase())
            .collect()
    }

    /// A tile pattern (`BYYBBY`) as a one-tile set, on a board with hands.
    pub(super) fn tile_pattern(&self, name: &str) -> Option<u64> {
        if self.board.kind != Some(BoardKind::Hex) || name.len() != SIDES {
            return None;
        }
        let letters = self.tile_letters();
        let mut kind = 0usize;
        for (side, c) in name.chars().enumerate() {
            kind |= letters.iter().position(|&l| l == c)? << side;
        }
        (kind < PATTERNS).then_some(1u64 << kind)
    }
}
