//! Lines drawn on the sides of a grid's cells (`move place KIND on sides`, [`Sides`]) and
//! the cells they close (`after move claim closed cells with KIND`). The lines drawn are
//! kept as the walls of grooves are ([`Walls`]: a bit per side, and per site the links
//! they cut, so that steps and floods do not cross a line between two cells); a game draws
//! lines or lays walls, never both. Out of line, as the walls' moves are.

use rulebook_model::{EffectKind, Game, MoveKind, Player, Sides, Site, NO_SITE};

use crate::grooves::Walls;
use crate::movelist::MoveList;
use crate::{Move, SetupError, State};

/// The sides of the game's first rule that draws lines, if any.
pub(crate) fn sides(game: &Game) -> Option<&Sides> {
    game.moves.iter().find_map(|r| match &r.kind {
        MoveKind::Side(s) => Some(s),
        _ => None,
    })
}

impl Walls {
    /// No line drawn, on the sides of a game's cells.
    pub(crate) fn undrawn(game: &Game, sides: &Sides) -> Walls {
        Walls {
            placed: vec![0; sides.count().div_ceil(64)],
            cut: vec![0; game.board.sites()],
        }
    }

    /// Draws the line on side `side` (`true`) or rubs it out: its bit and the link it
    /// cuts, both ways (none on the border).
    fn draw(&mut self, sides: &Sides, side: usize, drawn: bool) {
        self.placed[side / 64] ^= 1 << (side % 64);
        debug_assert_eq!(self.stands(side), drawn);
        if let Some((site, dir)) = sides.link(side) {
            self.cut[site.index()] ^= 1 << dir;
            let [_, other] = sides.cells[side];
            self.cut[other.index()] ^= 1 << ((dir + 2) % 4);
        }
    }
}

impl State {
    /// Whether a line is drawn on side `side` (never in a game without sides).
    pub fn side_drawn(&self, side: usize) -> bool {
        let placed = &self.position.walls.placed;
        sides(&self.game).is_some_and(|s| side < s.count())
            && placed
                .get(side / 64)
                .is_some_and(|p| p >> (side % 64) & 1 == 1)
    }

    /// The sides drawn, by number ([`Sides`]), lowest first (none in a game without sides).
    pub fn drawn_sides(&self) -> Vec<usize> {
        match sides(&self.game) {
            Some(_) => self.placed_bits(),
            None => Vec::new(),
        }
    }

    /// The sides of the game's cells where lines are drawn, if its rules draw any.
    pub fn sides(&self) -> Option<&Sides> {
        sides(&self.game)
    }

    /// Draws the lines of a described position, each on a side not drawn yet (as a move
    /// would, claiming nothing), with their hash keys.
    pub(crate) fn set_sides(&mut self, sides: &Sides, lines: &[usize]) -> Result<(), SetupError> {
        for &side in lines {
            if side >= sides.count() || self.position.walls.stands(side) {
                return Err(SetupError::Wall { wall: side });
            }
            self.position.walls.draw(sides, side, true);
            self.position.hash ^= self.game.tables.zobrist.wall(side);
        }
        Ok(())
    }

    /// Appends the lines rule `index` may draw: one on every side not drawn yet, where the
    /// mover has one to draw.
    #[inline(never)]
    pub(crate) fn side_moves(&self, index: u8, sides: &Sides, out: &mut MoveList) {
        let mover = self.position.to_move;
        if sides.from_hand && self.pieces_in_hand(mover)[sides.kind as usize] == 0 {
            return;
        }
        for side in 0..sides.count() {
            if !self.position.walls.stands(side) {
                out.push(Move::wall(index, side));
            }
        }
    }

    /// Draws the line of move `m` for `mover` (from the stock where it counts one), claims
    /// the cells it closes, and passes the turn.
    #[inline(never)]
    pub(crate) fn apply_side(&mut self, m: Move, mover: Player) {
        let game = &*self.game;
        let MoveKind::Side(sides) = &game.moves[m.rule() as usize].kind else {
            unreachable!("only a side rule's move draws a line");
        };
        let side = m.wall_number();
        self.position.walls.draw(sides, side, true);
        self.position.hash ^= game.tables.zobrist.wall(side);
        // The cells the line borders, each with its four sides.
        let bordered =
            sides.cells[side].map(|c| (c != NO_SITE).then(|| (c, sides.of_cell[c.index()])));
        let (from_hand, kind) = (sides.from_hand, sides.kind);
        if from_hand {
            self.take_from_hand(mover, kind);
        }
        let claimed = self.claim_closed(bordered, mover);
        if self.game.facts.reads_claimed {
            self.position.traces.claimed = claimed;
        }
        self.pass_turn(mover);
    }

    /// Claims for `mover` the cells a line has just closed, of those it borders (each with
    /// its four sides): each empty one whose four sides are drawn gets a piece of the first
    /// claim rule whose condition holds. How many it claimed.
    fn claim_closed(&mut self, bordered: [Option<(Site, [u32; 4])>; 2], mover: Player) -> u8 {
        let claim = self.game.effects.iter().find_map(|e| match e.kind {
            EffectKind::Claim { kind } if self.holds(&e.condition) => Some(kind),
            _ => None,
        });
        let Some(kind) = claim else {
            return 0;
        };
        let piece = self.game.cell(mover, usize::from(kind));
        let mut claimed = 0;
        for (cell, of_cell) in bordered.into_iter().flatten() {
            let walls = &self.position.walls;
            let closed = of_cell.iter().all(|&side| walls.stands(side as usize));
            if closed && self.position.cells[cell.index()].is_empty() {
                self.set(cell, piece);
                claimed += 1;
            }
        }
        claimed
    }

    /// Rubs out the line of move `m` (the cells it claimed, the stock, the hash and the
    /// side to move are restored by [`State::undo`]).
    #[inline(never)]
    pub(crate) fn undo_side(&mut self, m: Move, mover: Player) {
        let game = &*self.game;
        let MoveKind::Side(sides) = &game.moves[m.rule() as usize].kind else {
            unreachable!("only a side rule's move draws a line");
        };
        self.position.walls.draw(sides, m.wall_number(), false);
        if sides.from_hand {
            let kinds = game.about.piece_kinds.len();
            self.position.stock[mover.index() * kinds + sides.kind as usize] += 1;
        }
    }
}
