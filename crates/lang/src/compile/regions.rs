//! Regions known when the game is compiled: the named ones (`all`, `corners`, `centre`,
//! `dark`, points), those of functions on the board (`side`, `corner`, `rank`, `file`,
//! `diagonal`, `within`, `neighbours`), and the index of each region the rules read among
//! the game's bit masks ([`rulebook_model::Tables::regions`]).

use super::exprs::Value;
use super::{Compiler, Seat};
use crate::check::{RegionConst, TExpr, TExprKind, Type};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::board::{RELATIVE_BASE, RELATIVE_DIRECTIONS};
use rulebook_model::{self as model, Op, Site};

impl Compiler<'_> {
    /// The sites of a region known when the game is compiled.
    pub(super) fn region_value(&mut self, region: &TExpr) -> Option<Vec<Site>> {
        match self.fold(region)? {
            Value::Region(sites) => Some(sites),
            _ => None,
        }
    }

    /// A region's index in the game's regions ([`Tables::regions`](model::Tables::regions)).
    pub(super) fn region_index(&mut self, e: &TExpr) -> Option<u16> {
        match self.fold(e)? {
            Value::Region(sites) => Some(self.region_mask(&sites)),
            _ => None,
        }
    }

    /// [`Compiler::region_index`] of a region that must have sites.
    pub(super) fn nonempty_region(&mut self, e: &TExpr, what: &str) -> Option<u16> {
        let Value::Region(sites) = self.fold(e)? else {
            return None;
        };
        let sites = self.on_board(sites);
        if sites.is_empty() {
            let d = Diagnostic::error(
                Code::E0619,
                format!("{what}: this region has no sites"),
                e.span,
            )
            .with_help("a region that is empty would make this rule do nothing");
            let d = self.with_config(d);
            self.errors.push(d);
            return None;
        }
        Some(self.region_mask(&sites))
    }

    /// The index of a region among those pieces are counted in (the same sites, the same
    /// index), without the points the board is `without`.
    pub(super) fn region_mask(&mut self, sites: &[Site]) -> u16 {
        let mask = self.mask(sites);
        match self.regions.iter().position(|m| *m == mask) {
            Some(k) => k as u16,
            None => {
                self.regions.push(mask);
                (self.regions.len() - 1) as u16
            }
        }
    }

    /// `pieces(PLAYER, REGION[, KIND])` of a region around the latest move's site (`last`
    /// or `origin`, which the checker allows only there): the region laid out for every
    /// site of the board, one after another among the game's regions, to be read during
    /// play at the site the latest move gives.
    pub(super) fn pieces_around(
        &mut self,
        player: model::PlayerRef,
        region: &TExpr,
        kind: u8,
    ) -> Option<Value> {
        let site = match (
            region.reads(&TExprKind::Last),
            region.reads(&TExprKind::Origin),
        ) {
            (true, false) => model::Expr::Last,
            (false, true) => model::Expr::Origin,
            _ => return None,
        };
        let width = self.board().width;
        let points = Site::all(self.board().sites()).map(|s| {
            let (file, rank) = (s.index() as u16 % width, s.index() as u16 / width);
            Some(RegionConst::Point { file, rank })
        });
        let mut masks = Vec::with_capacity(self.board().sites() + 1);
        for point in std::iter::once(None).chain(points) {
            let Value::Region(sites) = self.fold(&at_point(region, point))? else {
                return None;
            };
            masks.push(self.mask(&sites));
        }
        let base = u16::try_from(self.regions.len()).ok()?;
        self.regions.extend(masks);
        Some(Value::Runtime(model::Expr::PiecesAround {
            player,
            site: Box::new(site),
            base,
            kind,
        }))
    }

    /// The bit mask of a region's sites, without the points the board is `without`.
    fn mask(&self, sites: &[Site]) -> Vec<u64> {
        let mut mask = vec![0u64; self.board().sites().div_ceil(64)];
        for &s in sites.iter().filter(|&&s| !self.board().is_removed(s)) {
            mask[s.index() / 64] |= 1 << (s.index() % 64);
        }
        mask
    }

    /// The sites of a region that are points of the board (not taken off by `without`).
    pub(super) fn on_board(&self, sites: Vec<Site>) -> Vec<Site> {
        let board = self.board();
        sites
            .into_iter()
            .filter(|&s| !board.is_removed(s))
            .collect()
    }

    /// On a board `without` some points, the region of the others (the sites a piece may
    /// be placed on when no region is given); `None` on any other board.
    pub(super) fn points_on_board(&mut self) -> Option<u16> {
        let all: Vec<Site> = Site::all(self.board().sites()).collect();
        let cut = self.board().removed_points().next().is_some();
        cut.then(|| self.region_mask(&all))
    }

    /// The sites of a named region (`all`, `corners`, `perimeter`, `centre`, `dark`,
    /// `light`); a point is folded with its span ([`Compiler::point`]).
    pub(super) fn region_const(&self, r: RegionConst) -> Vec<Site> {
        let b = self.board();
        match r {
            RegionConst::All => Site::all(b.sites()).collect(),
            RegionConst::Corners => b.corner_sites(),
            RegionConst::Perimeter => b.perimeter_points(),
            RegionConst::Centre => {
                let (w, h) = (b.width, b.height);
                // The middle index of a side, or both middle ones when the side is even.
                let middle = |n: u16, i: u16| i == n / 2 || (n.is_multiple_of(2) && i + 1 == n / 2);
                Site::all(b.sites())
                    .filter(|s| {
                        let i = s.index() as u16;
                        middle(w, i % w) && middle(h, i / w)
                    })
                    .collect()
            }
            RegionConst::Colour { dark } => Site::all(b.sites())
                .filter(|&s| b.is_dark(s) == dark)
                .collect(),
            RegionConst::Point { .. } => unreachable!("points are folded with their span"),
        }
    }

    /// The site of the point at `file`, `rank` (from 0), or an error if it is off the board.
    pub(super) fn point(&mut self, file: u16, rank: u16, span: Span) -> Option<Site> {
        let b = self.board();
        let (w, h) = (b.width, b.height);
        if file < w && rank < h {
            return Some(Site::at(usize::from(rank * w + file)));
        }
        let name = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
        let d = Diagnostic::error(
            Code::E0620,
            format!("{name} is not a point of the board, which is {w} by {h}"),
            span,
        );
        let d = self.with_config(d);
        self.errors.push(d);
        None
    }

    /// `side(D)`: the whole side of the grid facing `D` (as the player whose rule it is
    /// sees it, for `forward` and `backward`).
    pub(super) fn side_region(&mut self, d: u8, span: Span) -> Option<Vec<Site>> {
        let (w, h) = (self.board().width as i64, self.board().height as i64);
        Some(match self.seated_direction(d, span)? {
            0 => self.sites_where(|_, r| r == h - 1),
            1 => self.sites_where(|f, _| f == w - 1),
            2 => self.sites_where(|_, r| r == 0),
            3 => self.sites_where(|f, _| f == 0),
            _ => {
                let message = "`side` takes north, east, south, west, forward or backward";
                let d = Diagnostic::error(Code::E0621, message, span)
                    .with_help("for a corner, write `corner(north-west)`");
                self.errors.push(d);
                return None;
            }
        })
    }

    /// A direction as the player whose rule is compiled sees it, where it is relative to
    /// the mover (`forward`: north for the first player, south for the second); the first
    /// of two (`forward-diagonal`).
    /// Whether the player whose move rule is compiled faces south (the second player of
    /// two), asking [`Compiler::per_seat`] for a rule per player where it is not yet known.
    pub(super) fn seated_south(&mut self) -> bool {
        match self.seat {
            Seat::Of(player) => player != model::Player::FIRST,
            Seat::Asked => {
                self.seat_needed = true;
                false
            }
            Seat::Nobody => false,
        }
    }

    fn seated_direction(&mut self, d: u8, span: Span) -> Option<u8> {
        let Some(relative) = d.checked_sub(RELATIVE_BASE) else {
            return Some(d);
        };
        let player = match (self.scored, self.seat) {
            (Some(p), _) | (None, Seat::Of(p)) => p,
            (None, Seat::Asked) => {
                self.seat_needed = true;
                model::Player::FIRST
            }
            (None, Seat::Nobody) => {
                let d = Diagnostic::error(
                    Code::E0622,
                    format!(
                        "`{}` is the mover's direction, and nobody moves here",
                        RELATIVE_DIRECTIONS[relative as usize].0
                    ),
                    span,
                )
                .with_help(
                    "a region relative to the mover may be read by a move, an `after move` \
                     rule, an `end`, a score and a `setup` (as its player sees it)",
                );
                self.errors.push(d);
                return None;
            }
        };
        let (_, first, second) = RELATIVE_DIRECTIONS[relative as usize];
        Some(if player == model::Player::FIRST {
            first[0]
        } else {
            second[0]
        })
    }

    /// `corner(D)`: the corner of the grid that the diagonal direction `D` points to.
    pub(super) fn corner(&mut self, d: u8, span: Span) -> Option<Vec<Site>> {
        let (w, h) = (self.board().width as i64, self.board().height as i64);
        Some(match d {
            4 => self.sites_where(|f, r| f == w - 1 && r == h - 1),
            5 => self.sites_where(|f, r| f == w - 1 && r == 0),
            6 => self.sites_where(|f, r| f == 0 && r == 0),
            7 => self.sites_where(|f, r| f == 0 && r == h - 1),
            _ => {
                self.errors.push(
                    Diagnostic::error(
                        Code::E0623,
                        "`corner` takes north-east, south-east, south-west or north-west",
                        span,
                    )
                    .with_help("for a whole side, write `side(north)`"),
                );
                return None;
            }
        })
    }

    /// `rank(N)` (`rank`: true) or `file(N)`, numbered from 1, or an error if `N` is off
    /// the board.
    pub(super) fn rank_or_file(&mut self, rank: bool, n: i64, span: Span) -> Option<Vec<Site>> {
        let b = self.board();
        let (limit, what) = match rank {
            true => (b.height as i64, "rank"),
            false => (b.width as i64, "file"),
        };
        if n < 1 || n > limit {
            self.errors.push(self.with_config(Diagnostic::error(
                Code::E0624,
                format!("{what} {n} is off the board (1..{limit})"),
                span,
            )));
            return None;
        }
        Some(self.sites_where(|f, r| if rank { r == n - 1 } else { f == n - 1 }))
    }

    /// `diagonal(N)` (running north-east, numbered from the north-west corner) or
    /// `antidiagonal(N)` (running north-west, numbered from a1), or an error if `N` is off
    /// the board.
    pub(super) fn diagonal(&mut self, rising: bool, n: i64, span: Span) -> Option<Vec<Site>> {
        let b = self.board();
        let (w, h) = (b.width as i64, b.height as i64);
        let what = if rising { "diagonal" } else { "antidiagonal" };
        if n < 1 || n > w + h - 1 {
            let limit = w + h - 1;
            self.errors.push(self.with_config(Diagnostic::error(
                Code::E0625,
                format!("{what} {n} is off the board (1..{limit})"),
                span,
            )));
            return None;
        }
        Some(self.sites_where(|f, r| match rising {
            true => f - r == n - h,
            false => f + r == n - 1,
        }))
    }

    /// `within(REGION, N)`: the sites at most `N` king steps (on a grid of hexagons, steps
    /// to a touching cell) from a site of the region.
    pub(super) fn within(&mut self, region: Value, distance: Value, span: Span) -> Option<Value> {
        let (Value::Region(sites), Value::Int(n)) = (region, distance) else {
            return None;
        };
        if n < 0 {
            let d = Diagnostic::error(
                Code::E0626,
                format!("the distance of `within` would be {n}; it must be at least 0"),
                span,
            );
            self.errors.push(self.with_config(d));
            return None;
        }
        let w = self.board().width as i64;
        // On a grid of hexagons a step may also go north-west or south-east (file and rank
        // changing in opposite ways), not north-east or south-west.
        let hexagons = self.board().drawing() == model::Drawing::Hexagons;
        let near = |a: i64, b: i64| {
            let (df, dr) = (a % w - b % w, a / w - b / w);
            let across = if hexagons { (df + dr).abs() } else { 0 };
            df.abs().max(dr.abs()).max(across) <= n
        };
        Some(Value::Region(
            (0..self.board().sites() as i64)
                .filter(|&s| sites.iter().any(|&r| near(s, r.index() as i64)))
                .map(|s| Site::at(s as usize))
                .collect(),
        ))
    }

    /// `neighbours(REGION)`: the sites one orthogonal step (on a grid of hexagons, one step
    /// to a touching cell) from the region and not in it, in order.
    pub(super) fn neighbours(&self, region: &[Site]) -> Vec<Site> {
        let b = self.board();
        let directions = match b.drawing() {
            model::Drawing::Hexagons | model::Drawing::Graph => 0..b.directions() as u8,
            _ => 0..4,
        };
        let mut out: Vec<Site> = region
            .iter()
            .flat_map(|&s| directions.clone().map(move |d| b.step(s, d)))
            .filter(|&n| n != model::NO_SITE && !region.contains(&n))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The sites of the grid whose file and rank (from 0) meet `pred`, in order.
    fn sites_where(&self, pred: impl Fn(i64, i64) -> bool) -> Vec<Site> {
        let (w, h) = (self.board().width as i64, self.board().height as i64);
        (0..w * h)
            .filter(|s| pred(s % w, s / w))
            .map(|s| Site::at(s as usize))
            .collect()
    }
}

/// `t` with the latest move's site (`last`, `origin`: within a region, the region of that
/// one site) read as the point `point`, or with `None` as no site (the region `all - all`).
fn at_point(t: &TExpr, point: Option<RegionConst>) -> TExpr {
    let kind = match (&t.kind, point) {
        (TExprKind::Last | TExprKind::Origin, Some(point)) => TExprKind::Region(point),
        (TExprKind::Last | TExprKind::Origin, None) => {
            let all = TExpr {
                kind: TExprKind::Region(RegionConst::All),
                ty: Type::Region,
                span: t.span,
            };
            TExprKind::Binary(Op::Sub, Box::new(all.clone()), Box::new(all))
        }
        (TExprKind::Call(f, args), _) => {
            TExprKind::Call(*f, args.iter().map(|a| at_point(a, point)).collect())
        }
        (TExprKind::Unary(op, x), _) => TExprKind::Unary(*op, Box::new(at_point(x, point))),
        (TExprKind::Binary(op, a, b), _) => TExprKind::Binary(
            *op,
            Box::new(at_point(a, point)),
            Box::new(at_point(b, point)),
        ),
        (kind, _) => kind.clone(),
    };
    let ty = match t.kind {
        TExprKind::Last | TExprKind::Origin => Type::Region,
        _ => t.ty,
    };
    TExpr {
        kind,
        ty,
        span: t.span,
    }
}
