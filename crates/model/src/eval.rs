//! The one evaluator of compiled expressions. It walks the tree and applies the operators
//! and the board's functions; what an expression reads of a position (the mover, the last
//! site, stones, pieces, marks, tables) comes from an [`Env`]. The engine is one
//! environment (a position during play), the compiler's sowing tables another (every mover
//! and last site in turn).

use super::{
    Board, DirectionBits, Expr, GroupUnit, Player, PlayerRef, Quantifier, Site, MAX_BOUND, NO_SITE,
};

/// What an expression reads besides its constants: each evaluator supplies only these.
pub trait Env {
    /// The board.
    fn board(&self) -> &Board;
    /// The player to move.
    fn mover(&self) -> Player;
    /// The site the last stone was sown into; on a board of pieces, the site the latest
    /// move landed on.
    fn last(&self) -> Site;
    /// The stones on a site.
    fn stones(&self, site: Site) -> i64;
    /// How many pieces a player has on the board.
    fn pieces(&self, player: Player) -> i64;
    /// How many pieces a player has on the sites of region `region` (an index into the
    /// game's regions), of kind `kind` or ([`ANY_KIND`](super::ANY_KIND)) of any.
    fn pieces_in(&self, player: Player, region: u16, kind: u8) -> i64;
    /// The length of the player's longest straight line of pieces on region `region`'s
    /// sites.
    fn line(&self, player: Player, region: u16) -> i64;
    /// How many of the player's straight lines of pieces on region `region`'s sites are
    /// exactly `length` long.
    fn lines(&self, player: Player, region: u16, length: u16) -> i64;
    /// How many empty sites a slide from one of the player's pieces, of kind `kind` or
    /// ([`ANY_KIND`](super::ANY_KIND)) of any, could end on (see [`Expr::Reach`]).
    fn reach(&self, player: Player, kind: u8) -> i64;
    /// Whether a piece of the player's, of kind `kind` or ([`ANY_KIND`](super::ANY_KIND))
    /// of any, could be taken by a move of another player's landing on it (see
    /// [`Expr::Attacked`]).
    fn attacked(&self, player: Player, kind: u8) -> bool;
    /// Whether the player's pieces linked along the directions of the mask `links` join a
    /// site of region `from` to a site of region `to` (see [`Expr::Connected`]).
    fn connected(&self, player: Player, from: u16, to: u16, links: DirectionBits) -> bool;
    /// Whether a piece of the player's of kind `kind` has a way along the directions of
    /// the mask `links` to a site of region `goal` (see [`Expr::Path`]).
    fn path(&self, player: Player, kind: u8, goal: u16, links: DirectionBits) -> bool;
    /// The measure of the groups of the player's pieces linked along the directions of the
    /// mask `links` (see [`Expr::Groups`], [`Expr::Group`] and [`Expr::Touching`]).
    fn groups(&self, player: Player, links: DirectionBits, measure: GroupMeasure<'_>) -> i64;
    /// Whether the player's pieces enclose a site, paths running along the directions of
    /// the mask `links` to the sites of region `edge` among those of region `board` (see
    /// [`Expr::Ring`]).
    fn ring(&self, player: Player, links: DirectionBits, edge: u16, board: u16) -> bool;
    /// How many pieces a player has in hand, of kind `kind` or
    /// ([`ANY_KIND`](super::ANY_KIND)) of any.
    fn hand(&self, player: Player, kind: u8) -> i64;
    /// A player's material: the worths (indexed by kind) of their pieces on the board and
    /// in hand, summed (see [`Expr::Material`]).
    fn material(&self, player: Player, worths: &[i64]) -> i64;
    /// A player's area (their pieces and the empty sites only they border), or with
    /// `territory` those empty sites alone (see [`Expr::Area`]).
    fn area(&self, player: Player, territory: bool) -> i64;
    /// How many sites a player has marked.
    fn marks(&self, player: Player) -> i64;
    /// The first site (in site order) a player has marked, or no site.
    fn marked(&self, player: Player) -> Site;
    /// The mover's majority score with groups measured in `unit`.
    fn majority(&self, unit: GroupUnit) -> i64;
    /// The value of [`Expr::Tabled`]`(table)` for the mover and the last site.
    fn tabled(&self, table: u16) -> i64;
    /// The stones in a player's pits.
    fn row_stones(&self, player: Player) -> i64 {
        let board = self.board();
        (1..=board.pits())
            .map(|k| self.stones(board.pit(player, k)))
            .sum()
    }

    /// The site the latest sowing started from; on a board of pieces, the site the latest
    /// move's piece started from.
    fn origin(&self) -> Site;

    /// How many files hold a piece of the player's, of kind `kind` or
    /// ([`ANY_KIND`](super::ANY_KIND)) of any (see [`Expr::Files`]).
    fn files(&self, player: Player, kind: u8) -> i64;

    /// Whether the player to move has no legal move ([`Expr::NoLegalMove`]): known where a
    /// move is judged, false elsewhere.
    fn no_legal_move(&self) -> bool;
    /// The value thrown this turn ([`Expr::Throw`]): 0 before the throw, and in a game
    /// without dice.
    fn throw_value(&self) -> i64 {
        0
    }

    /// How many pieces of other players than the mover the move just made took off the
    /// board or turned ([`Expr::Captured`]): 0 where no move has just been made.
    fn captured(&self) -> i64 {
        0
    }

    /// How many cells the move just made claimed ([`Expr::Claimed`]): 0 where no move
    /// has just been made.
    fn claimed(&self) -> i64 {
        0
    }

    /// The value of `e` here (conditions are 0 or 1).
    #[inline(always)]
    fn eval(&self, e: &Expr) -> i64
    where
        Self: Sized,
    {
        eval_bound(self, e, Bindings::NONE)
    }
}

/// What [`Env::groups`] measures of a player's groups of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupMeasure<'a> {
    /// How many groups there are ([`Expr::Groups`]).
    Count,
    /// How many pieces the largest has ([`Expr::Group`]).
    Largest,
    /// The most of these regions (indices into the game's regions) that one group has a
    /// piece on ([`Expr::Touching`]); where the number after them (`enough`) is above 0,
    /// any number on the same side of it as that most: a search may stop at a group that
    /// reaches it, or look at no group when the regions the player has pieces on are fewer.
    Touching(&'a [u16], u16),
}

/// The sites bound by the quantifiers around a sub-expression, outermost first.
#[derive(Clone, Copy)]
pub struct Bindings {
    sites: [Site; MAX_BOUND],
}

impl Bindings {
    /// No site bound.
    const NONE: Bindings = Bindings {
        sites: [NO_SITE; MAX_BOUND],
    };
}

/// The value of `e` with `bound` standing for the bound sites: the one walk of the tree,
/// which applies the operators and the board's functions (the operators and the counts of
/// pieces here, every other node in [`eval_other`]).
fn eval_bound<E: Env>(env: &E, e: &Expr, bound: Bindings) -> i64 {
    match e {
        Expr::Const(v) => *v,
        Expr::Player(r) => r.resolve(env.mover()).index() as i64,
        Expr::Pieces(r) => env.pieces(r.resolve(env.mover())),
        Expr::Hand(r, kind) => env.hand(r.resolve(env.mover()), *kind),
        Expr::PiecesIn(r, k, kind) => env.pieces_in(r.resolve(env.mover()), *k, *kind),
        Expr::Last => env.last().index() as i64,
        Expr::Count(s) => env.stones(Site::of_value(operand(env, s, bound))),
        Expr::Owner(s) => (env
            .board()
            .row_owner(Site::of_value(operand(env, s, bound))))
        .index() as i64,
        Expr::Not(x) => (operand(env, x, bound) == 0) as i64,
        Expr::Binary(op, a, b) => {
            let x = operand(env, a, bound);
            match op {
                super::Op::And => (x != 0 && operand(env, b, bound) != 0) as i64,
                super::Op::Or => (x != 0 || operand(env, b, bound) != 0) as i64,
                _ => op.apply(x, operand(env, b, bound)),
            }
        }
        _ => eval_other(env, e, bound),
    }
}

/// [`eval_bound`] of the nodes it does not answer itself: apart and out of line, so that
/// the walk of the common nodes (the operators, counts of pieces) saves few registers.
#[inline(never)]
fn eval_other<E: Env>(env: &E, e: &Expr, bound: Bindings) -> i64 {
    let board = || env.board();
    let site = |x: &Expr| Site::of_value(operand(env, x, bound));
    match e {
        Expr::Const(_)
        | Expr::Player(_)
        | Expr::Pieces(_)
        | Expr::Hand(..)
        | Expr::PiecesIn(..)
        | Expr::Last
        | Expr::Count(_)
        | Expr::Owner(_)
        | Expr::Not(_)
        | Expr::Binary(..) => eval_bound(env, e, bound),
        Expr::Line(r, k) => env.line(r.resolve(env.mover()), *k),
        Expr::Lines(r, k, n) => env.lines(r.resolve(env.mover()), *k, *n),
        Expr::Reach(r, kind) => env.reach(r.resolve(env.mover()), *kind),
        Expr::Attacked(r, kind) => env.attacked(r.resolve(env.mover()), *kind) as i64,
        Expr::Material(r, worths) => env.material(r.resolve(env.mover()), worths),
        Expr::Files(r, kind) => env.files(r.resolve(env.mover()), *kind),
        Expr::NoLegalMove => env.no_legal_move() as i64,
        Expr::Throw => env.throw_value(),
        Expr::Captured => env.captured(),
        Expr::Claimed => env.claimed(),
        Expr::Area(r, territory) => env.area(r.resolve(env.mover()), *territory),
        Expr::PiecesAround {
            player,
            site: s,
            base,
            kind,
        } => {
            let k = match site(s) {
                NO_SITE => 0,
                s => s.index() as u16 + 1,
            };
            env.pieces_in(player.resolve(env.mover()), base + k, *kind)
        }
        Expr::PerMover(both) => operand(env, &both[env.mover().index() & 1], bound),
        Expr::Connected(r, a, b, links) => {
            env.connected(r.resolve(env.mover()), *a, *b, *links) as i64
        }
        Expr::Path(r, kind, goal, links) => {
            env.path(r.resolve(env.mover()), *kind, *goal, *links) as i64
        }
        Expr::Groups(r, links) => env.groups(r.resolve(env.mover()), *links, GroupMeasure::Count),
        Expr::Group(r, links) => env.groups(r.resolve(env.mover()), *links, GroupMeasure::Largest),
        Expr::Touching(r, links, regions, enough) => env.groups(
            r.resolve(env.mover()),
            *links,
            GroupMeasure::Touching(regions, *enough),
        ),
        Expr::Ring(r, links, edge, all) => {
            env.ring(r.resolve(env.mover()), *links, *edge, *all) as i64
        }
        Expr::Store(p) => (board().store(Player::of_value(operand(env, p, bound)))).index() as i64,
        Expr::PitNumber(s) => board().pit_number(site(s)) as i64,
        Expr::Opposite(s) => (board().opposite(site(s))).index() as i64,
        Expr::Marks(p) => env.marks(Player::of_value(operand(env, p, bound))),
        Expr::Marked(p) => (env.marked(Player::of_value(operand(env, p, bound)))).index() as i64,
        Expr::RowStones(p) => env.row_stones(Player::of_value(operand(env, p, bound))),
        Expr::Majority(unit) => env.majority(*unit),
        Expr::Neg(x) => operand(env, x, bound).wrapping_neg(),
        Expr::Tabled(k) => env.tabled(*k),
        Expr::Origin => env.origin().index() as i64,
        Expr::Next(s) => (board().ring_step(site(s), true)).index() as i64,
        Expr::Previous(s) => (board().ring_step(site(s), false)).index() as i64,
        Expr::PitOf(p, k) => {
            let k = operand(env, k, bound);
            (board().pit_of(Player::of_value(operand(env, p, bound)), k)).index() as i64
        }
        Expr::Steps(a, b) => board().steps(site(a), site(b)),
        Expr::Bound(k) => (bound.sites[*k as usize]).index() as i64,
        Expr::Over {
            quantifier,
            depth,
            body,
        } => over(env, *quantifier, *depth as usize, body, bound),
    }
}

/// [`Expr::Over`]: the body for every site of the board, bound at level `depth`.
fn over<E: Env>(env: &E, q: Quantifier, depth: usize, body: &Expr, bound: Bindings) -> i64 {
    let mut inner = bound;
    let mut sum = 0i64;
    for s in Site::all(env.board().sites()) {
        inner.sites[depth] = s;
        let v = eval_bound(env, body, inner);
        match q {
            Quantifier::Any if v != 0 => return 1,
            Quantifier::Every if v == 0 => return 0,
            Quantifier::Sum => sum = sum.wrapping_add(v),
            _ => {}
        }
    }
    match q {
        Quantifier::Any => 0,
        Quantifier::Every => 1,
        Quantifier::Sum => sum,
    }
}

impl PlayerRef {
    /// The player this names when `mover` is to move (`opponent` is only allowed in games
    /// of two players: the checker refuses it elsewhere).
    #[inline(always)]
    pub fn resolve(self, mover: Player) -> Player {
        match self {
            PlayerRef::Mover => mover,
            PlayerRef::Opponent => mover.next(2),
            PlayerRef::Fixed(p) => p,
        }
    }
}

/// An operand: leaves (a constant, a player, `last`) are answered here, without a call
/// (about half of all nodes). [`eval_bound`] repeats these arms rather than share a
/// function: a shared one tests the variant a second time.
#[inline(always)]
fn operand<E: Env>(env: &E, e: &Expr, bound: Bindings) -> i64 {
    match e {
        Expr::Const(v) => *v,
        Expr::Player(r) => r.resolve(env.mover()).index() as i64,
        Expr::Last => env.last().index() as i64,
        _ => eval_bound(env, e, bound),
    }
}
