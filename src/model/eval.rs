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
    /// How many sites a player has marked.
    fn marks(&self, player: Player) -> i64;
    /// The mover's majority score with groups measured in `unit`.
    fn majority(&self, unit: GroupUnit) -> i64;
    /// The value of [`Expr::Tabled`]`(table)` for the mover and the last site.
    fn tabled(&self, table: u16) -> i64;
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

impl Expr {
    /// The expression's value in `env` (conditions are 0 or 1).
    pub fn eval<E: Env>(&self, env: &E) -> i64 {
        let board = || env.board();
        match self {
            Expr::Const(v) => *v,
            Expr::Player(r) => r.resolve(env.mover()) as i64,
            Expr::Last => env.last() as i64,
            Expr::Pieces(r) => env.pieces(r.resolve(env.mover())),
            Expr::Store(p) => board().store(operand(p, env) as Player) as i64,
            Expr::Owner(s) => board().row_owner(operand(s, env) as Site) as i64,
            Expr::Count(s) => env.stones(operand(s, env) as Site),
            Expr::PitNumber(s) => board().pit_number(operand(s, env) as Site) as i64,
            Expr::Opposite(s) => board().opposite(operand(s, env) as Site) as i64,
            Expr::Marks(p) => env.marks(operand(p, env) as Player),
            Expr::Majority(unit) => env.majority(*unit),
            Expr::Not(x) => (operand(x, env) == 0) as i64,
            Expr::Neg(x) => operand(x, env).wrapping_neg(),
            Expr::Binary(op, a, b) => {
                let x = operand(a, env);
                match op {
                    super::Op::And => (x != 0 && operand(b, env) != 0) as i64,
                    super::Op::Or => (x != 0 || operand(b, env) != 0) as i64,
                    _ => op.apply(x, operand(b, env)),
                }
            }
            Expr::Tabled(k) => env.tabled(*k),
        }
    }
}

/// An operand: leaves (a constant, a player, `last`) are answered here, without a call
/// (about half of all nodes). [`Expr::eval`] repeats these arms rather than share a
/// function: a shared one tests the variant a second time.
#[inline(always)]
fn operand<E: Env>(e: &Expr, env: &E) -> i64 {
    match e {
        Expr::Const(v) => *v,
        Expr::Player(r) => r.resolve(env.mover()) as i64,
        Expr::Last => env.last() as i64,
        _ => e.eval(env),
    }
}
