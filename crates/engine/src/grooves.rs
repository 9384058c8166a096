//! Walls in the grooves between a grid's cells (`move place KIND on grooves`,
//! [`Grooves`]): which walls stand, and per site the links they cut, kept as bits so that
//! a step, a walk's shift and a flood read one byte to know whether a link is open. The
//! moves of walls are made out of line, so that the move generator and the making of moves
//! of other games stay as small as they were.

use rulebook_model::{Game, Grooves, MoveKind, Player, Site};

use std::sync::Arc;

use crate::movelist::MoveList;
use crate::{Move, SetupError, State};

/// The walls of a position (or the lines drawn on the sides of its cells,
/// [`crate::sides`]): empty in games without grooves or sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Walls {
    /// A bit per wall standing, by its number ([`Grooves`]) (per side drawn, in a game of
    /// sides).
    pub(crate) placed: Vec<u64>,
    /// Per site, a bit per grid direction whose link from the site a wall cuts.
    pub(crate) cut: Vec<u8>,
}

impl Walls {
    /// No wall yet, in a game whose rules lay walls (no line yet, in one whose rules draw
    /// lines on the sides of cells, [`crate::sides`]); nothing kept in any other.
    pub(crate) fn new(game: &Game) -> Walls {
        match (grooves(game), crate::sides::sides(game)) {
            (Some(g), _) => Walls {
                placed: vec![0; g.walls().div_ceil(64)],
                cut: vec![0; game.board.sites()],
            },
            (None, Some(sides)) => Walls::undrawn(game, sides),
            (None, None) => Walls::default(),
        }
    }

    /// Copies the walls of another position of the same game, reusing the buffers: nothing
    /// to copy in a game without walls.
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, other: &Walls) {
        if !(other.placed.is_empty() && self.placed.is_empty()) {
            self.placed.clone_from(&other.placed);
            self.cut.clone_from(&other.cut);
        }
    }

    /// Whether the link from `site` along grid direction `dir` is cut by a wall.
    #[inline(always)]
    pub(crate) fn cuts(&self, site: Site, dir: u8) -> bool {
        !self.cut.is_empty() && self.cut[site.index()] >> dir & 1 == 1
    }

    /// Whether wall `wall` stands (in a game of sides: whether side `wall` is drawn).
    #[inline]
    pub(crate) fn stands(&self, wall: usize) -> bool {
        self.placed[wall / 64] >> (wall % 64) & 1 == 1
    }

    /// Whether wall `wall` may be laid: both its links open, and the wall crossing it
    /// at its middle not standing.
    #[inline]
    fn fits(&self, grooves: &Grooves, wall: usize) -> bool {
        let [a, b, _, _] = grooves.cuts[wall];
        !self.cuts(a.0, a.1) && !self.cuts(b.0, b.1) && !self.stands(wall ^ 1)
    }

    /// Lays wall `wall` (`true`) or takes it away: its bit and the links it cuts.
    pub(crate) fn set(&mut self, grooves: &Grooves, wall: usize, stands: bool) {
        self.placed[wall / 64] ^= 1 << (wall % 64);
        debug_assert_eq!(self.stands(wall), stands);
        for (site, dir) in grooves.cuts[wall] {
            self.cut[site.index()] ^= 1 << dir;
        }
    }
}

/// The grooves of the game's first rule that lays walls, if any.
pub(crate) fn grooves(game: &Game) -> Option<&Grooves> {
    game.moves.iter().find_map(|r| match &r.kind {
        MoveKind::Wall(g) => Some(g),
        _ => None,
    })
}

impl State {
    /// Whether a wall cuts the link from `site` along grid direction `dir` (never in a game
    /// without grooves).
    pub fn wall_cuts(&self, site: Site, dir: u8) -> bool {
        self.position.walls.cuts(site, dir)
    }

    /// The walls standing, by number, lowest first (none in a game without grooves).
    pub fn standing_walls(&self) -> Vec<usize> {
        if grooves(&self.game).is_none() {
            return Vec::new();
        }
        self.placed_bits()
    }

    /// The walls standing or the lines drawn on sides, by number, lowest first.
    pub(crate) fn placed_bits(&self) -> Vec<usize> {
        let walls = &self.position.walls;
        (0..walls.placed.len() * 64)
            .filter(|&w| {
                walls
                    .placed
                    .get(w / 64)
                    .is_some_and(|p| p >> (w % 64) & 1 == 1)
            })
            .collect()
    }

    /// Lays the walls of a described position, each where it fits (as a move would lay
    /// it, without the rules' `forbidding`), with their hash keys.
    pub(crate) fn set_walls(&mut self, walls: &[usize]) -> Result<(), SetupError> {
        let game = Arc::clone(&self.game);
        if let Some(sides) = crate::sides::sides(&game) {
            return self.set_sides(sides, walls);
        }
        for &wall in walls {
            let fits =
                grooves(&game).filter(|g| wall < g.walls() && self.position.walls.fits(g, wall));
            let Some(g) = fits else {
                return Err(SetupError::Wall { wall });
            };
            self.position.walls.set(g, wall, true);
            self.position.hash ^= game.tables.zobrist.wall(wall);
        }
        Ok(())
    }

    /// Appends the walls rule `index` may lay: every wall that fits, where the mover has
    /// one to lay.
    #[inline(never)]
    pub(crate) fn wall_moves(&self, index: u8, grooves: &Grooves, out: &mut MoveList) {
        let mover = self.position.to_move;
        if grooves.from_hand && self.pieces_in_hand(mover)[grooves.kind as usize] == 0 {
            return;
        }
        for wall in 0..grooves.walls() {
            if self.position.walls.fits(grooves, wall) {
                out.push(Move::wall(index, wall));
            }
        }
    }

    /// Lays the wall of move `m` for `mover`: from the stock where it counts one.
    #[inline(never)]
    pub(crate) fn apply_wall(&mut self, m: Move, mover: Player) {
        let game = &*self.game;
        let MoveKind::Wall(grooves) = &game.moves[m.rule() as usize].kind else {
            unreachable!("only a wall rule's move lays a wall");
        };
        let wall = m.wall_number();
        self.position.walls.set(grooves, wall, true);
        self.position.hash ^= game.tables.zobrist.wall(wall);
        if grooves.from_hand {
            let kind = grooves.kind;
            self.take_from_hand(mover, kind);
        }
        self.pass_turn(mover);
    }

    /// Takes back the wall of move `m` (the stock, the hash and the side to move are
    /// restored by [`State::undo`]).
    #[inline(never)]
    pub(crate) fn undo_wall(&mut self, m: Move, mover: Player) {
        let game = &*self.game;
        let MoveKind::Wall(grooves) = &game.moves[m.rule() as usize].kind else {
            unreachable!("only a wall rule's move lays a wall");
        };
        self.position.walls.set(grooves, m.wall_number(), false);
        if grooves.from_hand {
            let kinds = game.about.piece_kinds.len();
            self.position.stock[mover.index() * kinds + grooves.kind as usize] += 1;
        }
    }
}
