//! The one evaluator of compiled expressions. It walks the tree and applies the operators
//! and the board's functions; what an expression reads of a position (the mover, the last
//! site, stones, pieces, marks, tables) comes from an [`Env`]. The engine is one
//! environment (a position during play), the compiler's sowing tables another (every mover
//! and last site in turn).

use super::{Board, Expr, GroupUnit, Player, PlayerRef, Site};

/// What an expression reads besides its constants: each evaluator supplies only these.
pub trait Env {
    /// The board.
    fn board(&self) -> &Board;
    /// The player to move.
    fn mover(&self) -> Player;
    /// The site the last stone was sown into.
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

    /// The value of `e` here (conditions are 0 or 1): the one walk of the tree, which
    /// applies the operators and the board's functions.
    fn eval(&self, e: &Expr) -> i64
    where
        Self: Sized,
    {
        let board = || self.board();
        match e {
            Expr::Const(v) => *v,
            Expr::Player(r) => r.resolve(self.mover()) as i64,
            Expr::Last => self.last() as i64,
            Expr::Pieces(r) => self.pieces(r.resolve(self.mover())),
            Expr::PiecesIn(r, k, kind) => self.pieces_in(r.resolve(self.mover()), *k, *kind),
            Expr::Line(r, k) => self.line(r.resolve(self.mover()), *k),
            Expr::Store(p) => board().store(operand(self, p) as Player) as i64,
            Expr::Owner(s) => board().row_owner(operand(self, s) as Site) as i64,
            Expr::Count(s) => self.stones(operand(self, s) as Site),
            Expr::PitNumber(s) => board().pit_number(operand(self, s) as Site) as i64,
            Expr::Opposite(s) => board().opposite(operand(self, s) as Site) as i64,
            Expr::Marks(p) => self.marks(operand(self, p) as Player),
            Expr::Marked(p) => self.marked(operand(self, p) as Player) as i64,
            Expr::RowStones(p) => self.row_stones(operand(self, p) as Player),
            Expr::Majority(unit) => self.majority(*unit),
            Expr::Not(x) => (operand(self, x) == 0) as i64,
            Expr::Neg(x) => operand(self, x).wrapping_neg(),
            Expr::Binary(op, a, b) => {
                let x = operand(self, a);
                match op {
                    super::Op::And => (x != 0 && operand(self, b) != 0) as i64,
                    super::Op::Or => (x != 0 || operand(self, b) != 0) as i64,
                    _ => op.apply(x, operand(self, b)),
                }
            }
            Expr::Tabled(k) => self.tabled(*k),
        }
    }
}

impl PlayerRef {
    /// The player this names when `mover` is to move (games have two players).
    #[inline(always)]
    pub fn resolve(self, mover: Player) -> Player {
        match self {
            PlayerRef::Mover => mover,
            PlayerRef::Opponent => 1 - mover,
            PlayerRef::Fixed(p) => p,
        }
    }
}

/// An operand: leaves (a constant, a player, `last`) are answered here, without a call
/// (about half of all nodes). [`Env::eval`] repeats these arms rather than share a
/// function: a shared one tests the variant a second time.
#[inline(always)]
fn operand<E: Env>(env: &E, e: &Expr) -> i64 {
    match e {
        Expr::Const(v) => *v,
        Expr::Player(r) => r.resolve(env.mover()) as i64,
        Expr::Last => env.last() as i64,
        _ => env.eval(e),
    }
}
