//! The position as an environment of the model's expression evaluator.

use super::State;
use crate::model::{Board, Env, Expr, GroupUnit, Player, Site};

impl State {
    /// Evaluates a compiled expression against the position.
    #[inline(always)]
    pub(super) fn eval(&self, e: &Expr) -> i64 {
        Env::eval(self, e)
    }
}

/// What a compiled expression reads of the position.
impl Env for State {
    #[inline(always)]
    fn board(&self) -> &Board {
        &self.game.board
    }

    #[inline(always)]
    fn mover(&self) -> Player {
        self.to_move
    }

    #[inline(always)]
    fn last(&self) -> Site {
        self.last
    }

    #[inline(always)]
    fn stones(&self, site: Site) -> i64 {
        self.count(site) as i64
    }

    #[inline(always)]
    fn pieces(&self, player: Player) -> i64 {
        self.piece_count[player as usize] as i64
    }

    #[inline(always)]
    fn marks(&self, player: Player) -> i64 {
        let mark = player + 1;
        self.marks.iter().filter(|&&m| m == mark).count() as i64
    }

    #[inline(always)]
    fn majority(&self, unit: GroupUnit) -> i64 {
        self.tile.majority[unit as usize][self.to_move as usize & 1]
    }

    #[inline(always)]
    fn tabled(&self, table: u16) -> i64 {
        let sites = self.game.board.sites();
        self.game.sow_plan.tables[table as usize]
            .get(self.to_move as usize * sites + self.last as usize)
            .copied()
            .unwrap_or(0)
    }
}
