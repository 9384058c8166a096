//! The board: its kind and size from the configuration (a grid, a mancala board, a hex
//! board with its removed cells and coloured edges), then a grid's shape: the lines it is
//! drawn `with`, its diagonals, the points it is `without`.

use super::{Compiler, MAX_PITS};
use crate::check::{BoardDecl, TExpr};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::board::{HEX_DIRECTIONS, MAX_GRID_SIDE, MAX_HEX_SIDE};
use rulebook_model::{self as model, Board, Outline, Site};

impl Compiler<'_> {
    /// The board, its size from the configuration.
    pub(super) fn build_board(&mut self) -> Option<Board> {
        Some(match &self.desc.board {
            BoardDecl::Grid {
                shape: Some(shape),
                width,
                ..
            } => {
                let what = format!("the number of cells a side of a {}", shape.name());
                let side = self.bounded(width, 1, shape.max_side(), &what)? as u16;
                let outline = Outline {
                    shape: *shape,
                    side,
                };
                let n = outline.grid_side();
                let mut board = Board::grid(n, n);
                board.link_hexagons();
                board.cut_to(outline);
                board
            }
            BoardDecl::Grid {
                width,
                height,
                drawing,
                ..
            } => {
                let w = self.side(width, "width")?;
                let h = self.side(height, "height")?;
                let mut board = Board::grid(w, h);
                match drawing {
                    model::Drawing::Hexagons => board.link_hexagons(),
                    _ => board.set_drawing(*drawing),
                }
                board
            }
            BoardDecl::Graph(graph) => {
                let links: Vec<(Site, Site, Option<u8>)> = (graph.links.iter())
                    .map(|&(a, b, d)| (Site::at(a as usize), Site::at(b as usize), d))
                    .collect();
                let mut board = Board::graph(
                    graph.names.clone(),
                    graph.places.clone(),
                    &links,
                    graph.directions.clone(),
                );
                if let Some(shape) = graph.shape {
                    board.set_ring_shape(shape);
                }
                board
            }
            BoardDecl::Mancala { pits } => {
                let n = self.bounded(pits, 1, MAX_PITS, "the number of pits per player")?;
                Board::mancala(n as u16, &self.desc.about.players)
            }
            BoardDecl::Hex { side, removed } => {
                let n = self.bounded(side, 1, MAX_HEX_SIDE, "the number of cells a side")?;
                self.hex_board(n as u16, removed)?
            }
        })
    }

    /// The board's named paths (`path NAME: ...`), each point one point of the board,
    /// other than the point before it (on a closed path, the last other than the first).
    pub(super) fn named_paths(&mut self) -> Option<()> {
        let mut built = Vec::new();
        for decl in &self.desc.paths {
            let mut sites: Vec<Site> = Vec::new();
            for e in &decl.points {
                let region = self.region_value(e)?;
                match self.on_board(region)[..] {
                    [s] if sites.last() != Some(&s) => sites.push(s),
                    ref other => return self.not_a_path_point(e, other.len()),
                }
            }
            if decl.closed && sites.first() == sites.last() {
                return self.not_a_path_point(&decl.points[0], 1);
            }
            let board_sites = self.board().sites();
            let path = (sites, decl.loops.clone());
            built.push(model::NamedPath::new(
                decl.name.clone(),
                path,
                decl.closed,
                board_sites,
            ));
        }
        self.board.as_mut()?.named_paths = built;
        Some(())
    }

    /// The error for a point of a path that is not one point of the board, or is the point
    /// before it (on a closed path, the first point, where the last is the same).
    fn not_a_path_point(&mut self, e: &TExpr, points: usize) -> Option<()> {
        let what = match points {
            0 => "no point of the board".to_string(),
            1 => "the same point as the one before it".to_string(),
            n => format!("{n} points"),
        };
        let d = Diagnostic::error(
            Code::E0634,
            "a point of a path must be one point of the board, not the one before it",
            e.span,
        )
        .with_label(format!("this is {what}"))
        .with_help("list the path's points one by one, in order: `path inner: b1, b2, b3`");
        let d = self.with_config(d);
        self.errors.push(d);
        None
    }

    /// A grid's `with diagonals on REGION` (diagonal links kept only between the region's
    /// points) and `without REGION` (its points taken off the board, after which every
    /// region the file names leaves them out). Both regions are folded on the full grid, so
    /// they may be `dark` or name any point.
    pub(super) fn shape_grid(&mut self) -> Option<()> {
        let BoardDecl::Grid {
            diagonals,
            without,
            lines,
            ..
        } = &self.desc.board
        else {
            return Some(());
        };
        if !lines.is_empty() {
            let lines = self.drawn_lines(&lines.clone())?;
            self.board.as_mut()?.join_lines(lines);
        }
        if let Some(region) = diagonals {
            let sites = self.region_value(region)?;
            self.board.as_mut()?.keep_diagonals_within(&sites);
        }
        if let Some(region) = without {
            let sites = self.region_value(region)?;
            self.board.as_mut()?.remove_points(&sites);
        }
        Some(())
    }

    /// The lines a grid is drawn `with`, as sites: every point on the board, each two
    /// neighbours on a line along a rank, file or diagonal, and no line passing over a
    /// point of the board; `None` after an error.
    fn drawn_lines(&mut self, lines: &[Vec<(u16, u16, Span)>]) -> Option<Vec<Vec<Site>>> {
        let mut sites = Vec::with_capacity(lines.len());
        for line in lines {
            let points: Option<Vec<Site>> = line
                .iter()
                .map(|&(file, rank, span)| self.point(file, rank, span))
                .collect();
            sites.push(points?);
        }
        let w = self.board().width as i32;
        let named = |s: Site| sites.iter().flatten().any(|&p| p == s);
        let at = |s: Site| (s.index() as i32 % w, s.index() as i32 / w);
        for (line, points) in lines.iter().zip(&sites) {
            for (k, pair) in points.windows(2).enumerate() {
                let ((f0, r0), (f1, r1)) = (at(pair[0]), at(pair[1]));
                let (df, dr) = (f1 - f0, r1 - r0);
                let span = line[k + 1].2;
                let name = |s: Site| self.board().site_names[s.index()].clone();
                let (a, b) = (name(pair[0]), name(pair[1]));
                if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
                    let d = Diagnostic::error(
                        Code::E0601,
                        format!("{a} and {b} are not on one rank, file or diagonal"),
                        span,
                    )
                    .with_help("a line joins points along a rank, a file or a diagonal");
                    self.errors.push(d);
                    return None;
                }
                let steps = df.abs().max(dr.abs());
                let passed = (1..steps)
                    .map(|k| Site::at(((r0 + dr / steps * k) * w + f0 + df / steps * k) as usize))
                    .find(|&s| named(s));
                if let Some(p) = passed {
                    let p = name(p);
                    let d = Diagnostic::error(
                        Code::E0602,
                        format!("the line from {a} to {b} passes {p}, a point of the board"),
                        span,
                    )
                    .with_help(format!(
                        "name every point of a line in order: `{a}-{p}-{b}`"
                    ));
                    self.errors.push(d);
                    return None;
                }
            }
        }
        Some(sites)
    }

    /// A hex board with its removed cells and board-edge colours.
    fn hex_board(&mut self, side: u16, removed: &[(String, Span)]) -> Option<Board> {
        let full = Board::hex(side, &[]);
        let mut cells = Vec::new();
        for (name, span) in removed {
            let centre = (side - 1, side - 1);
            let cell = if name == "centre" {
                Some(centre)
            } else {
                full.site_named(name).map(|s| full.hex_coords(s))
            };
            match cell {
                Some(c) => cells.push(c),
                None => {
                    let d = self.with_config(
                        Diagnostic::error(
                            Code::E0603,
                            format!("`{name}` is not a cell of this board"),
                            *span,
                        )
                        .with_help("name a cell like `d4`, or write `centre`"),
                    );
                    self.errors.push(d);
                }
            }
        }
        let mut board = Board::hex(side, &cells);
        let desc = self.desc;
        for site in Site::all(board.sites()) {
            for &(d, colour) in &desc.tiles.edges {
                board.set_edge_colour(site, d as usize, model::Player::new(colour)?);
            }
        }
        for o in &desc.tiles.edge_overrides {
            let Some(site) = board.site_named(&o.site) else {
                let d = self.with_config(Diagnostic::error(
                    Code::E0604,
                    format!("`{}` is not a cell of this board", o.site),
                    o.span,
                ));
                self.errors.push(d);
                continue;
            };
            if !board.is_edge(site, o.side as usize) {
                let d = self.with_config(Diagnostic::error(
                    Code::E0605,
                    format!(
                        "the {} side of {} is not a board edge: a cell lies beyond it",
                        HEX_DIRECTIONS[o.side as usize].0, o.site
                    ),
                    o.span,
                ));
                self.errors.push(d);
                continue;
            }
            board.set_edge_colour(site, o.side as usize, model::Player::new(o.colour)?);
        }
        Some(board)
    }

    /// A side of a grid board: 1 to [`MAX_GRID_SIDE`].
    fn side(&mut self, e: &TExpr, what: &str) -> Option<u16> {
        self.bounded(e, 1, MAX_GRID_SIDE, &format!("the board's {what}"))
            .map(|v| v as u16)
    }
}
