//! `then rotate` and `then reflect`: the quarter turns and mirror images of square blocks
//! of a grid that a placement's second part chooses among, as cycles of sites
//! ([`rulebook_model::Turns`]).

use super::Compiler;
use crate::check::{EffectDecl, TurnsDecl};
use crate::diag::{Code, Diagnostic};
use rulebook_model::board::{Drawing, Layout};
use rulebook_model::{self as model, Site, TurnWay};

/// Where a transformation takes the point `(x, y)` of a block of side `n + 1`.
type Image = fn(usize, usize, usize) -> (usize, usize);

/// The mirror images of a block: east and west exchanged (the axis runs north-south),
/// north and south, the diagonal from its south-west corner to its north-east corner, the
/// other diagonal.
const MIRRORS: [(TurnWay, Image); 4] = [
    (TurnWay::EastWest, |x, y, n| (n - x, y)),
    (TurnWay::NorthSouth, |x, y, n| (x, n - y)),
    (TurnWay::Diagonal, |x, y, _| (y, x)),
    (TurnWay::AntiDiagonal, |x, y, n| (n - y, n - x)),
];

impl Compiler<'_> {
    /// `then rotate REGIONS` (or `reflect`): the index of its turns, in a game whose
    /// effects after a move neither capture nor promote (they would look for the placed
    /// piece where it was placed, and the turn may carry it away); `None` after an error.
    pub(super) fn rotated(&mut self, decl: &TurnsDecl) -> Option<u16> {
        let judged = (self.desc.effects.iter()).find(|e| !matches!(e.rule, EffectDecl::Again));
        if let Some(effect) = judged {
            let third = decl.ways.words().third;
            let d = Diagnostic::error(
                Code::E0442,
                format!(
                    "a placement that {third} a region cannot be followed by captures or promotions"
                ),
                decl.span,
            )
            .with_note_at(
                effect.span,
                "this rule acts on the piece where it was placed",
            )
            .with_help(format!(
                "leave out `then {}`, or the rules after a move",
                decl.ways.words().verb
            ));
            self.errors.push(d);
            return None;
        }
        self.turns(decl)
    }

    /// The choices of `decl` by their index among the game's
    /// [`Tables::turns`](model::Tables::turns); `None` after an error (a region that is no
    /// square block of a grid of squares).
    fn turns(&mut self, decl: &TurnsDecl) -> Option<u16> {
        let mut choices = Vec::new();
        if decl.at_will {
            choices.push(model::TurnChoice {
                name: String::new(),
                way: None,
                cycles: Vec::new(),
            });
        }
        for (k, region) in decl.regions.iter().enumerate() {
            let sites = self.region_value(region)?;
            let Some(block) = self.block(&sites) else {
                let d = Diagnostic::error(
                    Code::E0441,
                    format!(
                        "a region {} must be a square block of a grid of squares",
                        decl.ways.words().past
                    ),
                    region.span,
                )
                .with_help("name a block of at least 2 x 2 points, such as `within(b2, 1)`");
                let d = self.with_config(d);
                self.errors.push(d);
                return None;
            };
            let choice = |way: TurnWay, cycles| model::TurnChoice {
                name: format!("{}{}", k + 1, way.name()),
                way: Some(way),
                cycles,
            };
            if decl.ways.rotate {
                let cycles = block.quarter_turn();
                // Round each cycle the other way: a, b, c, d becomes a, d, c, b.
                let back = (cycles.iter())
                    .map(|c| vec![c[0], c[3], c[2], c[1]])
                    .collect();
                choices.push(choice(TurnWay::Clockwise, cycles));
                choices.push(choice(TurnWay::Anticlockwise, back));
            }
            if decl.ways.reflect {
                for (way, image) in MIRRORS {
                    choices.push(choice(way, block.mirrored(image)));
                }
            }
        }
        let turns = model::Turns {
            choices,
            regions: decl.regions.len(),
        };
        let index = match self.turns.iter().position(|t| *t == turns) {
            Some(k) => k,
            None => {
                self.turns.push(turns);
                self.turns.len() - 1
            }
        };
        Some(index as u16)
    }

    /// The square block of at least 2 x 2 points of a grid that is not one of hexagons
    /// that `sites` make; `None` for any other region.
    fn block(&self, sites: &[Site]) -> Option<Block> {
        let board = self.board();
        let on_squares = matches!(board.layout, Layout::Grid(_))
            && !matches!(board.drawing(), Drawing::Hexagons);
        let width = board.width as usize;
        let (files, ranks): (Vec<usize>, Vec<usize>) = sites
            .iter()
            .map(|s| (s.index() % width, s.index() / width))
            .unzip();
        let (f0, r0) = (*files.iter().min()?, *ranks.iter().min()?);
        let side = files.iter().max()? - f0 + 1;
        let block = on_squares
            && side >= 2
            && ranks.iter().max()? - r0 + 1 == side
            && sites.len() == side * side
            && sites.iter().all(|&s| !board.is_removed(s));
        block.then_some(Block {
            corner: (f0, r0),
            side,
            width,
        })
    }
}

/// A square block of a grid: its south-west corner (file, rank from 0), its side, and the
/// width of the grid.
struct Block {
    corner: (usize, usize),
    side: usize,
    width: usize,
}

impl Block {
    /// The site of the block's point `(x, y)` from its south-west corner.
    fn at(&self, x: usize, y: usize) -> Site {
        Site::at((self.corner.1 + y) * self.width + self.corner.0 + x)
    }

    /// The clockwise quarter turn, north up, as cycles of four sites: `(x, y)` goes to
    /// `(y, side - 1 - x)`; one cycle from each point of the block's lower-left quarter
    /// (its middle column too, for an odd side).
    fn quarter_turn(&self) -> Vec<Vec<Site>> {
        let n = self.side - 1;
        (0..self.side / 2)
            .flat_map(|y| (0..self.side.div_ceil(2)).map(move |x| (x, y)))
            .map(|(x, y)| {
                vec![
                    self.at(x, y),
                    self.at(y, n - x),
                    self.at(n - x, n - y),
                    self.at(n - y, x),
                ]
            })
            .collect()
    }

    /// The mirror image `image` (one of [`MIRRORS`]) as cycles of two sites, each pair
    /// once; the points on the axis stay.
    fn mirrored(&self, image: Image) -> Vec<Vec<Site>> {
        let n = self.side - 1;
        let points = (0..self.side).flat_map(|y| (0..self.side).map(move |x| (x, y)));
        points
            .filter_map(|(x, y)| {
                let (u, v) = image(x, y, n);
                // Each pair from its first point in reading order.
                ((v, u) > (y, x)).then(|| vec![self.at(x, y), self.at(u, v)])
            })
            .collect()
    }
}
