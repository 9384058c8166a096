//! `then rotate`: the quarter turns of square blocks of a grid that a placement's second
//! part chooses among, as cycles of four sites ([`rulebook_model::Turns`]).

use super::Compiler;
use crate::check::{EffectDecl, TExpr};
use crate::diag::{Code, Diagnostic, Span};
use rulebook_model::board::{Drawing, Layout};
use rulebook_model::{self as model, Site};

impl Compiler<'_> {
    /// `then rotate REGIONS` (the clause at `span`): the index of its turns, in a game
    /// whose effects after a move neither capture nor promote (they would look for the
    /// placed piece where it was placed, and the rotation may carry it away); `None` after
    /// an error.
    pub(super) fn rotated(&mut self, regions: &[TExpr], span: Span) -> Option<u16> {
        let judged = (self.desc.effects.iter()).find(|e| !matches!(e.rule, EffectDecl::Again));
        if let Some(effect) = judged {
            let d = Diagnostic::error(
                Code::E0442,
                "a placement that rotates a region cannot be followed by captures or promotions",
                span,
            )
            .with_note_at(
                effect.span,
                "this rule acts on the piece where it was placed",
            )
            .with_help("leave out `then rotate`, or the rules after a move");
            self.errors.push(d);
            return None;
        }
        self.turns(regions)
    }

    /// The turns of `regions` (each clockwise, then anticlockwise, in the order written),
    /// by their index among the game's [`Tables::turns`](model::Tables::turns); `None`
    /// after an error (a region that is no square block of a grid of squares).
    fn turns(&mut self, regions: &[TExpr]) -> Option<u16> {
        let mut choices = Vec::with_capacity(regions.len() * 2);
        for region in regions {
            let sites = self.region_value(region)?;
            let Some(cycles) = self.quarter_turn(&sites) else {
                let d = Diagnostic::error(
                    Code::E0441,
                    "a region rotated must be a square block of a grid of squares",
                    region.span,
                )
                .with_help("name a block of at least 2 x 2 points, such as `within(b2, 1)`");
                let d = self.with_config(d);
                self.errors.push(d);
                return None;
            };
            let back = cycles.iter().map(|&[a, b, c, d]| [a, d, c, b]).collect();
            choices.push(cycles);
            choices.push(back);
        }
        let turns = model::Turns { choices };
        let index = match self.turns.iter().position(|t| *t == turns) {
            Some(k) => k,
            None => {
                self.turns.push(turns);
                self.turns.len() - 1
            }
        };
        Some(index as u16)
    }

    /// The clockwise quarter turn of a square block of at least 2 x 2 points of a grid
    /// that is not one of hexagons, as cycles of four sites (each piece goes to the next
    /// site of its cycle); `None` for any other region.
    fn quarter_turn(&self, sites: &[Site]) -> Option<Vec<[Site; 4]>> {
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
        if !block {
            return None;
        }
        let at = |x: usize, y: usize| Site::at((r0 + y) * width + f0 + x);
        // Clockwise, north up: (x, y) -> (y, side - 1 - x); one cycle from each site of
        // the block's lower-left quarter (its middle column too, for an odd side).
        let cycles = (0..side / 2)
            .flat_map(|y| (0..side.div_ceil(2)).map(move |x| (x, y)))
            .map(|(x, y)| {
                let n = side - 1;
                [at(x, y), at(y, n - x), at(n - x, n - y), at(n - y, x)]
            })
            .collect();
        Some(cycles)
    }
}
