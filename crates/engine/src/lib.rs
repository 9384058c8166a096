//! The engine: a playable position of any compiled game, the same API for every game.
//!
//! The hot path (move generation, [`State::apply`], [`State::undo`]) runs on the compiled
//! tables only: no names, no general-purpose hash maps (the ban on repetition keeps its own
//! table of position hashes), and no heap allocation once the state's buffers have grown to
//! the game's needs.
//!
//! The engine knows no text: the text of moves, its parsing and the words of a refusal are
//! the notation's (the crate `rulebook-notation`, above this one), which reads a position
//! through the public queries here. This crate depends only on `rulebook-model`.

mod attack;
mod capture;
mod chance;
mod expr;
mod flying;
mod grooves;
mod groups;
mod guard;
mod lines;
mod movegen;
mod movelist;
mod oneword;
mod piece_routes;
mod placed;
mod playout;
mod quiet;
mod repetition;
mod report;
mod setup;
mod sides;
mod sowing;
mod stacks;
mod tiles;
mod unlisted;
mod walk;

pub use movegen::set_sites;
pub use movelist::MoveList;
pub use quiet::QuietMemo;
pub use report::{EffectFired, MoveReport, SowFired};
pub use setup::{unmoved_at_start, usual_stock, Setup, SetupDice, SetupError, SetupPart};

use std::sync::Arc;

use rulebook_model::board::reverse_direction;
use rulebook_model::WalkAction;
use rulebook_model::{
    leg_bits, CaptureMode, Cell, Chain, EffectKind, EndCheck, EndResult, EndWhen, Game, Jumped,
    LineCapture, MoveKind, Player, Progress, SecondPart, Shot, Site, Taking, Walk, EMPTY, NO_SITE,
};

/// A move: which move rule makes it, and what it involves. Its kind is its rule's
/// (`game.moves[m.rule()].kind`); each kind is built by its own constructor and read
/// through accessors that say what they return:
///
/// | kind | constructor | parts |
/// |---|---|---|
/// | a step or slide | [`Move::step`] | [`from`](Move::from), [`to`](Move::to) |
/// | a jump (single, or a chain straight on) | [`Move::jump`] | `from`, [`over`](Move::over) (the first site jumped), `to` |
/// | a chain that may turn | [`Move::chain`] | `from`, `over`, `to`, [`legs`](Move::legs), [`path`](Move::path) |
/// | a chain recorded by the pieces it jumps | [`Move::taking`] | `from`, `to`, `legs`, [`taken`](Move::taken), [`became`](Move::became) |
/// | steps that capture by approach or withdrawal | [`Move::chain`] (no site jumped) | `from`, `to`, `legs`, `path` (read by [`Move::steps`]) |
/// | a piece placed from the stock | [`Move::place`] | `to` |
/// | a piece removed | [`Move::remove`] | `from` |
/// | a sowing | [`Move::sow`] | [`pit`](Move::pit) (also `from` and `to`) |
/// | a tile placed from a hand | [`Move::tile`] | [`tile_kind`](Move::tile_kind), `to` (the cell) |
/// | a pass, the pie rule's swap | [`Move::pass`], [`Move::swap`] | the rule alone |
///
/// A part a kind does not have reads [`NO_SITE`] (a site) or 0. The value is 16 bytes and
/// `Copy`; its order (rule, from, to, over, legs, path) is the one moves are sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Index of the move rule in the game.
    rule: u8,
    /// Where the piece starts (a step, a jump), the site a piece is removed from, or the
    /// pit sown; [`NO_SITE`] otherwise.
    from: Site,
    /// Where it lands or is placed (a tile: its cell), or the pit sown; [`NO_SITE`]
    /// otherwise.
    to: Site,
    /// The site jumped over (the first, in a chain), or [`NO_SITE`]; for a chain recorded
    /// by the pieces it jumps, the kind the piece became on the way (`at once`), as a
    /// number, or [`NO_SITE`].
    over: Site,
    /// The number of jumps of a jump chained by `chained` or `chained straight`
    /// ([`Chain::Turning`], [`Chain::Straight`]), of pieces a chain recorded by its pieces
    /// jumps, of legs of a walk's route, or of steps of a capture by approach or
    /// withdrawal; 0 for any other move.
    legs: u8,
    /// For a chain turning, the direction of each of its jumps (for a route, each leg), as
    /// its index in the rule's directions, in [`leg_bits`] bits a jump, the first jump
    /// highest (so among moves with as many jumps, the order of paths is that of their
    /// directions in turn); 0 for a chain straight (every jump goes the way of the first,
    /// found from `from` and `over`); for a chain
    /// recorded by its pieces, their bits ([`rulebook_model::PieceBits`]); for a tile
    /// placement, the tile's kind; 0 for any other move.
    path: u64,
}

impl Move {
    /// Whether two moves (of rules that [may coincide](rulebook_model::Facts::moves_may_coincide)) are the
    /// same on the board: the same origin, destination and jumps (and, placed, the same
    /// kind). A chain of one jump
    /// (`legs` 1) is the single jump over the same site (`legs` 0).
    #[inline]
    fn same_sites(self, other: Move, game: &Game) -> bool {
        if self.from != other.from || self.to != other.to {
            return false;
        }
        if self.reaches(game) || other.reaches(game) {
            // Recorded by its ends alone: the same as another rule's move between the same
            // sites that takes nothing.
            let takes = |m: Move| game.moves[m.rule as usize].kind.takes_passed();
            return !takes(self) && !takes(other);
        }
        if self.legs == other.legs && self.path == other.path {
            return self.from != NO_SITE || self.rule == other.rule || self.places_as(other, game);
        }
        let one_jump = |m: Move| match game.moves[m.rule as usize].kind {
            MoveKind::Jump { chain, .. } => chain != Chain::Pieces && m.legs <= 1,
            _ => false,
        };
        self.over == other.over && one_jump(self) && one_jump(other)
    }

    /// Whether the move is a jump chained `to any landing` ([`Chain::Reach`]).
    #[inline]
    fn reaches(self, game: &Game) -> bool {
        matches!(
            game.moves[self.rule as usize].kind,
            MoveKind::Jump {
                chain: Chain::Reach,
                ..
            }
        )
    }

    /// Whether two moves onto one site from no site, of different rules, place pieces of
    /// the same kind (or neither places one).
    #[inline(never)]
    fn places_as(self, other: Move, game: &Game) -> bool {
        let placed = |m: Move| game.moves[m.rule as usize].kind.placed_kind();
        placed(self) == placed(other)
    }

    /// A move of rule `rule` from `from` to `to` that jumps over nothing (a step, a slide).
    #[inline]
    pub fn step(rule: u8, from: Site, to: Site) -> Move {
        Move {
            rule,
            from,
            to,
            over: NO_SITE,
            legs: 0,
            path: 0,
        }
    }

    /// A jump of rule `rule` from `from` over `over` (the first site jumped, in a chain
    /// straight on) to `to`.
    #[inline]
    pub fn jump(rule: u8, from: Site, over: Site, to: Site) -> Move {
        Move {
            over,
            ..Move::step(rule, from, to)
        }
    }

    /// A chain of `legs` jumps of rule `rule` that may turn, from `from` over `over` (the
    /// first site jumped) to `to`, its directions packed in `path` (see [`Move::path`]).
    #[inline]
    pub fn chain(rule: u8, (from, over, to): (Site, Site, Site), legs: u8, path: u64) -> Move {
        Move {
            legs,
            path,
            ..Move::jump(rule, from, over, to)
        }
    }

    /// A chain of rule `rule` recorded by the pieces it jumps ([`Chain::Pieces`]): from
    /// `from` to `to`, the piece made a piece of kind `became` on the way (`at once`), if
    /// it was, having jumped the pieces whose bits are `taken`
    /// ([`rulebook_model::PieceBits`]).
    #[inline]
    pub fn taking(rule: u8, (from, to): (Site, Site), became: Option<u8>, taken: u64) -> Move {
        Move {
            over: became.map_or(NO_SITE, |k| Site::at(k.into())),
            legs: taken.count_ones() as u8,
            path: taken,
            ..Move::step(rule, from, to)
        }
    }

    /// A piece placed by rule `rule` on `site` from the stock.
    #[inline]
    pub fn place(rule: u8, site: Site) -> Move {
        Move::step(rule, NO_SITE, site)
    }

    /// A piece removed by rule `rule` from `site`.
    #[inline]
    pub fn remove(rule: u8, site: Site) -> Move {
        Move::step(rule, site, NO_SITE)
    }

    /// A sowing by rule `rule` from `pit`.
    #[inline]
    pub fn sow(rule: u8, pit: Site) -> Move {
        Move::step(rule, pit, pit)
    }

    /// A tile of kind `kind` placed by rule `rule` on `cell` from the mover's hand.
    #[inline]
    pub fn tile(rule: u8, kind: usize, cell: Site) -> Move {
        Move {
            path: kind as u64,
            ..Move::place(rule, cell)
        }
    }

    /// Wall number `wall` laid by rule `rule` in the grooves
    /// ([`Grooves`](rulebook_model::Grooves)), or the line drawn by a rule of sides on side
    /// number `wall` ([`Sides`](rulebook_model::Sides)).
    #[inline]
    pub fn wall(rule: u8, wall: usize) -> Move {
        Move {
            path: wall as u64,
            ..Move::pass(rule)
        }
    }

    /// The number of the wall a wall's move lays, or of the side a line's move draws on
    /// (meaningful for a move of a wall or side rule only).
    #[inline]
    pub fn wall_number(self) -> usize {
        self.path as usize
    }

    /// A pass by rule `rule`.
    #[inline]
    pub fn pass(rule: u8) -> Move {
        Move::step(rule, NO_SITE, NO_SITE)
    }

    /// The pie rule's swap, by rule `rule`.
    #[inline]
    pub fn swap(rule: u8) -> Move {
        Move::step(rule, NO_SITE, NO_SITE)
    }

    /// The index of the move rule that makes this move.
    #[inline]
    pub fn rule(self) -> u8 {
        self.rule
    }

    /// Where the piece starts (a step, a jump), the site a piece is removed from, or the
    /// pit sown; [`NO_SITE`] for any other move.
    #[inline]
    pub fn from(self) -> Site {
        self.from
    }

    /// Where the piece lands or is placed (a tile: its cell), or the pit sown;
    /// [`NO_SITE`] for any other move.
    #[inline]
    pub fn to(self) -> Site {
        self.to
    }

    /// The site a jump jumps over (the first, in a chain), or [`NO_SITE`].
    #[inline]
    pub fn over(self) -> Site {
        self.over
    }

    /// The pit a sowing is sown from.
    #[inline]
    pub fn pit(self) -> Site {
        self.from
    }

    /// The pieces a chain recorded by them jumps, as bits ([`rulebook_model::PieceBits`],
    /// read by [`rulebook_model::PieceBits::sites`] from the move's `from`; meaningful for a
    /// move of a [`Chain::Pieces`] rule only).
    #[inline]
    pub fn taken(self) -> u64 {
        self.path
    }

    /// The kind a chain recorded by the pieces it jumps made its piece on the way (`at
    /// once`), if it did (meaningful for a move of a [`Chain::Pieces`] rule only).
    #[inline]
    pub fn became(self) -> Option<usize> {
        (self.over != NO_SITE).then(|| self.over.index())
    }

    /// The number of jumps of a chain that may turn (of pieces jumped, for one recorded by
    /// them); 0 for any other move.
    #[inline]
    pub fn legs(self) -> u8 {
        self.legs
    }

    /// The directions of a chain that may turn: each jump's as its index in the rule's
    /// directions, in [`leg_bits`] bits a jump, the first jump highest; 0 for any other
    /// move.
    #[inline]
    pub fn path(self) -> u64 {
        self.path
    }

    /// This move (a slide or a step) with a piece shot onto `site` afterwards.
    #[inline]
    pub fn with_shot(self, site: Site) -> Move {
        Move {
            path: self.path & !SECOND_PART | site.index() as u64,
            ..self
        }
    }

    /// The site a piece is shot onto after the move (meaningful for a move of a rule with
    /// `then shoot` only).
    #[inline]
    pub fn shot(self) -> Site {
        Site::at((self.path & SECOND_PART) as usize)
    }

    /// This move with the enemy piece on `site` removed afterwards (`then remove enemy`).
    #[inline]
    pub fn with_removal(self, site: Site) -> Move {
        Move {
            path: self.path & !SECOND_PART | (site.index() as u64 + 1),
            ..self
        }
    }

    /// The site of the enemy piece removed after the move, or [`NO_SITE`] when none is
    /// (meaningful for a move of a rule with `then remove enemy` only).
    #[inline]
    pub fn removal(self) -> Site {
        match self.path & SECOND_PART {
            0 => NO_SITE,
            p => Site::at(p as usize - 1),
        }
    }

    /// This placement with the region turn `choice` of its rule's `then rotate` afterwards
    /// (the `k`-th region clockwise: `2k`; anticlockwise: `2k + 1`).
    #[inline]
    pub fn with_turn(self, choice: usize) -> Move {
        Move {
            path: self.path & !SECOND_PART | choice as u64,
            ..self
        }
    }

    /// The region turn chosen after the placement (meaningful for a move of a rule with
    /// `then rotate` only): [`Move::with_turn`]'s `choice`.
    #[inline]
    pub fn turn(self) -> usize {
        (self.path & SECOND_PART) as usize
    }

    /// Where the piece the move landed or placed stands once the move is made: its
    /// landing site ([`Move::to`]), carried round by the region the move turned after it,
    /// if it stood there (`then rotate`).
    pub fn lands_at(self, game: &Game) -> Site {
        let Some(turns) = game.moves[self.rule as usize].filter.turns() else {
            return self.to;
        };
        let cycles = &game.tables.turns[turns as usize].choices[self.turn()].cycles;
        (cycles.iter())
            .find_map(|c| (c.iter().position(|&s| s == self.to)).map(|k| c[(k + 1) % c.len()]))
            .unwrap_or(self.to)
    }

    /// This move (of a piece, not a chain of jumps) with the piece promoted to `kind`,
    /// where a promotion lets the mover choose.
    #[inline]
    pub fn with_promotion(self, kind: usize) -> Move {
        Move {
            path: self.path & SECOND_PART | (kind as u64 + 1) << PROMOTION_SHIFT,
            ..self
        }
    }

    /// The kind the mover chose for the piece's promotion, if the move chose one (never
    /// for a chain of jumps, a tile or a sowing, whose `path` means other things).
    #[inline]
    pub fn promoted_to(self) -> Option<usize> {
        match (self.legs, self.path >> PROMOTION_SHIFT) {
            (0, k) if k > 0 => Some(k as usize - 1),
            _ => None,
        }
    }

    /// The kind of the tile a tile placement places (meaningful for a move of a tile rule
    /// only).
    #[inline]
    pub fn tile_kind(self) -> usize {
        self.path as usize
    }

    /// The jumps of a move chained by `chained` or `chained straight` and recorded by its
    /// directions ([`Chain::Turning`], [`Chain::Straight`]), or the legs of a walk's move
    /// recorded by its route ([`rulebook_model::Step::Route`]), in order: for each, the
    /// site jumped (passed) over (the first of a run) and the site landed on (nothing for
    /// any other move).
    pub fn jumps(self, game: &Game) -> impl Iterator<Item = (Site, Site)> + '_ {
        let route = self.route_legs(game).map(|(_, over, to)| (over, to));
        let directions = match self.straight_directions(game) {
            (_, None) => (self.turning_directions(game), None),
            straight => straight,
        };
        self.turning_jumps(directions, game).chain(route)
    }

    /// The legs of a walk's move recorded by its route ([`rulebook_model::Step::Route`]), in
    /// order: each leg's index in the route, the site it passed over (the first of a run)
    /// and its landing; nothing for any other move.
    pub(crate) fn route_legs(self, game: &Game) -> impl Iterator<Item = (usize, Site, Site)> + '_ {
        let walk = match &game.moves[self.rule as usize].kind {
            MoveKind::Walk(walk) => (walk.route())
                .filter(|(_, rules)| !rules.by_pieces())
                .map(|(legs, rules)| (walk, legs, rules.straight)),
            _ => None,
        };
        let mut at = self.from;
        let choices = walk.map_or((0, None), |(walk, legs, straight)| {
            let first =
                |k: &usize| walk.route_leg(&game.board, &legs[*k], self.from).0 == self.over;
            (
                legs.len(),
                straight.then(|| (0..legs.len()).find(first)).flatten(),
            )
        });
        self.leg_indices(choices).map(move |k| {
            let (walk, legs, _) = walk.expect("a move with legs to choose from has a route");
            let (over, to) = walk.route_leg(&game.board, &legs[k], at);
            at = to;
            (k, over, to)
        })
    }

    /// The directions of a jump chained by `chained` and recorded by its directions
    /// ([`Chain::Turning`]); none for any other move.
    #[inline(always)]
    fn turning_directions(self, game: &Game) -> &[u8] {
        match &game.moves[self.rule as usize].kind {
            MoveKind::Jump {
                directions,
                chain: Chain::Turning | Chain::TurningAtWill,
                ..
            } => directions,
            _ => &[],
        }
    }

    /// The directions of a jump `chained straight` ([`Chain::Straight`]), with the index of
    /// the one its jumps go along (its first jump's); none for any other move.
    fn straight_directions(self, game: &Game) -> (&[u8], Option<usize>) {
        match &game.moves[self.rule as usize].kind {
            MoveKind::Jump {
                directions,
                chain: Chain::Straight,
                ..
            } => {
                let first = |&d: &u8| game.board.step(self.from, d) == self.over;
                (directions, directions.iter().position(first))
            }
            _ => (&[], None),
        }
    }

    /// The jumps of a move chained along `directions` (every jump along the one at
    /// `straight`, if given) and recorded by them ([`Move::jumps`]); none where
    /// `directions` is empty.
    #[inline(always)]
    fn turning_jumps<'a>(
        self,
        (directions, straight): (&'a [u8], Option<usize>),
        game: &'a Game,
    ) -> impl Iterator<Item = (Site, Site)> + 'a {
        let mut at = self.from;
        self.leg_indices((directions.len(), straight))
            .map(move |k| {
                let over = game.board.step(at, directions[k]);
                at = game.board.step(over, directions[k]);
                (over, at)
            })
    }

    /// The index of each of the move's legs in turn, of `choices` ([`Move::path`], the
    /// first leg highest), or, for a straight chain, the one at `straight` every time;
    /// none where there are no choices.
    #[inline(always)]
    fn leg_indices(
        self,
        (choices, straight): (usize, Option<usize>),
    ) -> impl Iterator<Item = usize> {
        let legs = if choices == 0 {
            0
        } else {
            u32::from(self.legs)
        };
        let bits = leg_bits(choices);
        let mask = (1u64 << bits) - 1;
        (0..legs)
            .rev()
            .map(move |i| straight.unwrap_or((self.path >> (bits * i) & mask) as usize))
    }
}

/// The bits of [`Move::path`] that hold a move's second part (the site of a shot, or of a
/// removal plus one); the bits from [`PROMOTION_SHIFT`] on hold a chosen promotion.
const SECOND_PART: u64 = (1 << PROMOTION_SHIFT) - 1;

/// Where in [`Move::path`] the kind chosen for a promotion (plus one) begins.
const PROMOTION_SHIFT: u32 = 56;

/// One step of a move that captures by approach or withdrawal ([`Move::steps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStep {
    /// Where the piece stood.
    pub from: Site,
    /// Where it landed.
    pub to: Site,
    /// The board's direction of the step.
    pub dir: u8,
    /// It captured by withdrawal (the run behind `from`), not by approach (the run beyond
    /// `to`).
    pub withdrawal: bool,
}

impl LineStep {
    /// The first site of the run this step captures and the direction the run goes on in.
    #[inline]
    pub fn run(self, board: &rulebook_model::Board) -> (Site, u8) {
        match self.withdrawal {
            true => {
                let back = reverse_direction(self.dir);
                (board.step(self.from, back), back)
            }
            false => (board.step(self.to, self.dir), self.dir),
        }
    }
}

impl Move {
    /// The steps of a move that captures by approach or withdrawal, in order (nothing for
    /// any other move): each step's direction is its index in the rule's directions, then
    /// (when the rule has both ways) a bit for the way, in the path, the first step highest
    /// ([`LineCapture::step_bits`]).
    pub fn steps(self, game: &Game) -> impl Iterator<Item = LineStep> + '_ {
        let rule = &game.moves[self.rule as usize];
        let (directions, capture): (&[u8], _) = match &rule.kind {
            MoveKind::Slide {
                directions,
                line_capture: Some(lc),
                ..
            } => (directions, *lc),
            _ => (&[], LineCapture::default()),
        };
        let legs = if directions.is_empty() { 0 } else { self.legs };
        let bits = capture.step_bits(directions.len());
        let both = capture.approach && capture.withdrawal;
        let mask = (1u64 << bits) - 1;
        let mut at = self.from;
        (0..u32::from(legs)).rev().map(move |i| {
            let code = self.path >> (bits * i) & mask;
            let dir = directions[(code >> u32::from(both)) as usize];
            let from = at;
            at = game.board.step(at, dir);
            LineStep {
                from,
                to: at,
                dir,
                withdrawal: if both {
                    code & 1 == 1
                } else {
                    capture.withdrawal
                },
            }
        })
    }
}

impl Default for Move {
    fn default() -> Move {
        Move {
            rule: 0,
            from: NO_SITE,
            to: NO_SITE,
            over: NO_SITE,
            legs: 0,
            path: 0,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

/// What one move changed, for undo.
#[derive(Clone, Copy, Debug)]
struct Frame {
    mv: Move,
    log_start: u32,
    /// Where the stones' logs stood before this move, and the last site sown.
    pits: sowing::PitsFrame,
    /// Who made the move (after an extra turn the same player moves twice).
    mover: Player,
    /// The outcome before this move (always none: a finished game has no moves).
    ended: Option<Outcome>,
    /// The passes in a row before this move.
    passes: u8,
    /// The last move's piece that passed, before this move ([`Traces::passing`]).
    passing: (Site, Site),
    /// The moves without progress before this move ([`Traces::clock`]).
    clock: u16,
    /// The throw of the turn before this move ([`Position::thrown`]).
    thrown: chance::Thrown,
    /// The enemy pieces before the move before this one ([`Traces::enemies`]).
    enemies: u16,
    /// The cells the move before this one claimed ([`Traces::claimed`]).
    claimed: u8,
    /// Whether no group rule held before this move ([`Traces::groups_clear`]).
    groups_clear: bool,
}

/// A position of a game with its history: the state that moves are played on.
///
/// It holds the game and three parts, each with its own reason to be: the `Position`
/// (what two states must agree on to be the same position), the `History` (what undo and
/// the ban on repeated positions read), and the `Scratch` (buffers and caches, which a
/// copy of the state need not carry); and two flags saying how moves are played just now.
/// Its methods are spread over the crate's modules by concern (see `docs/architecture.md`).
#[derive(Debug)]
pub struct State {
    game: Arc<Game>,
    position: Position,
    history: History,
    scratch: Scratch,
    /// Play moves without the end rules checked after them (to judge a move's result).
    without_ends: bool,
    /// Play moves without recording what undo needs (set while [`State::play_forward`]
    /// plays one).
    forward: bool,
}

/// What a position is: the pieces (with the occupancy, counts and line masks kept from
/// them), the stones and marks, the tiles and hands, the stock, the side to move, the
/// hash, and whether an end rule checked after moves has ended the game. Two states are the
/// same position when these agree ([`State`]'s `==`); a state copies them alone to try a
/// move and take it back ([`Position::copy_from`]). Apart from the history and the scratch
/// so that what a position is reads as a whole, and is compared and copied as one.
#[derive(Debug)]
struct Position {
    cells: Vec<Cell>,
    /// Per player, a bit per site of the sites holding that player's pieces; then, in a
    /// game whose rules move pieces by two kinds or more ([`rulebook_model::Facts::cell_sets`]),
    /// the same per cell (every player's every kind,
    /// [`Game::cell_codes`] blocks, the first, [`EMPTY`]'s, unused), so that the pieces of
    /// the kinds a rule moves are a few words away ([`State::movers`]).
    occupancy: Vec<u64>,
    /// The words of a player's `occupancy`.
    words: usize,
    piece_count: Vec<u32>,
    to_move: Player,
    hash: u64,
    /// Sowing games: stones and marks per site, the last site sown, their undo logs.
    pits: sowing::Pits,
    /// Tile games: hands, constraints per cell, passes, the swap.
    tile: tiles::TileState,
    /// Pieces in hand, `stock[player * kinds + kind]` (empty in games without a counted
    /// stock, [`Start::stock`](rulebook_model::Start::stock)).
    stock: Vec<u16>,
    /// Grid boards whose slides are counted along lines ([`movegen::tracked_lines`]): per
    /// family of lines, per line, its mask with the bit of every occupied site set; empty
    /// in other games.
    lines: Vec<u64>,
    /// What earlier moves left that later rules read: in passing, unmoved pieces, the clock.
    traces: Traces,
    /// Games of chance: the throw of this turn, if made, and the dice left to use
    /// ([`chance::Thrown`]).
    thrown: chance::Thrown,
    /// Games whose walls lie in grooves: the walls standing and the links they cut; games
    /// whose lines are drawn on the sides of cells: the sides drawn and the links they cut.
    walls: grooves::Walls,
    /// The outcome, once an end rule checked after moves has ended the game.
    ended: Option<Outcome>,
    /// Games with stacks ([`rulebook_model::Start::stacking`]): per site, the pieces on it
    /// beyond the one of `cells`; empty in other games.
    stacks: Vec<u16>,
}

/// What earlier moves left in a position that later rules read ([`Position::traces`]): each
/// is empty (or none) in a game whose rules do not read it. (The sites the latest move
/// started from and landed on, `origin` and `last`, are kept with the stones' last site,
/// in [`sowing::Pits`].)
#[derive(Clone, Debug)]
struct Traces {
    /// Games with `in passing`: where the last move's piece came from and where it stands,
    /// when it is of a kind taken in passing, passed over a site on its line, and a legal
    /// move may take it in passing; `(NO_SITE, NO_SITE)` otherwise.
    passing: (Site, Site),
    /// Games with `by unmoved`: a bit per site whose piece has not moved since the start
    /// (no move has changed the site); empty in other games.
    unmoved: Vec<u64>,
    /// Games with `end when N moves without ...`: the moves in a row that have made no
    /// progress ([`rulebook_model::Clock`]); 0 in other games.
    clock: u16,
    /// Games whose rules read `captured`: the pieces of other players than the latest
    /// move's mover on the board before that move, so that `captured` is those less the
    /// ones left ([`State::captured_by`]); 0 in other games. Not part of what the position
    /// is: the rules read it only just after a move, where its effects are decided.
    enemies: u16,
    /// Games whose rules read `claimed`: the cells the latest move claimed
    /// ([`rulebook_model::EffectKind::Claim`]); 0 in other games. Not part of what the
    /// position is, as [`Traces::enemies`].
    claimed: u8,
    /// The index in [`Ends::rules`](rulebook_model::Ends::rules) of the rule that set
    /// [`Position::ended`] (meaningful only while it is set).
    ended_by: u32,
    /// Games with end conditions on groups judged from the stone placed
    /// ([`rulebook_model::EndCheck::Placed`]): known that none of their group rules holds
    /// for any player (false where not known). Not part of what the position is.
    groups_clear: bool,
}

impl PartialEq for Traces {
    /// The traces a position is made of: all but [`Traces::enemies`],
    /// [`Traces::claimed`] and [`Traces::ended_by`] (which rule ended the game: a note on
    /// the outcome, not part of what the position is).
    fn eq(&self, other: &Traces) -> bool {
        self.passing == other.passing && self.unmoved == other.unmoved && self.clock == other.clock
    }
}

impl Traces {
    /// None: no piece unmoved (in `unmoved_words` words of bits), no move made.
    fn new(unmoved_words: usize) -> Traces {
        Traces {
            unmoved: vec![0; unmoved_words],
            passing: (NO_SITE, NO_SITE),
            clock: 0,
            enemies: 0,
            claimed: 0,
            ended_by: 0,
            groups_clear: false,
        }
    }

    /// Copies another position's traces into these, reusing this one's buffer.
    #[inline(always)]
    fn copy_from(&mut self, other: &Traces) {
        self.unmoved.clone_from(&other.unmoved);
        self.passing = other.passing;
        self.clock = other.clock;
        self.enemies = other.enemies;
        self.claimed = other.claimed;
        self.ended_by = other.ended_by;
        self.groups_clear = other.groups_clear;
    }
}

/// What the moves played have left behind: the hashes of the positions before them, the
/// same as a table for the ban on repetition, and what undo needs to take each back (the
/// old content of every site changed, a frame a move). Apart from the position because a
/// state copied to try one move need not carry it ([`State::copy_position_from`]), and
/// moves played forward ([`State::play_forward`]) leave next to nothing in it.
#[derive(Debug, Default)]
struct History {
    /// Hashes of the positions before each move played (the start position first).
    hashes: Vec<u64>,
    /// The hashes of `hashes`, for the ban on repetition (empty in games without it).
    seen: repetition::Seen,
    /// `(site, previous cell)` for every change, newest last.
    log: Vec<(Site, Cell)>,
    frames: Vec<Frame>,
    /// The moves played, in a game with a rule `repeated position ... keeping` (beside
    /// `seen`'s keys), replayed to find who kept its condition through a repetition.
    played: Vec<Move>,
}

/// Work space and caches: buffers reused from move to move so that playing allocates
/// nothing, and what is known of the position that is costly to find again. Nothing here
/// is part of the position or its history: a copy of the state starts with empty buffers
/// and forgets what is known of the goals.
#[derive(Debug, Default)]
struct Scratch {
    /// Sites captured by the move being played, with what happens to them (reused).
    captured: Vec<(Site, CaptureMode)>,
    /// Work space for the legal moves of the position after a move (reused).
    work: MoveList,
    /// Per end condition checked after every move that the stones of a few sites decide
    /// ([`rulebook_model::EndCheck::Stones`]) and per mover: 0, or its last verdict
    /// (bit 0) with bit 1 set and those stones above.
    end_memo: Vec<u64>,
    /// Whether the goals of the move rules' `so that`s all hold in this position, when
    /// known: found by the check for a stuck player after a move, for the pick that follows;
    /// forgotten by every change of the position.
    goals_known: Option<bool>,
    /// What `no legal move` reads while a move is judged ([`State::judge`]): first each
    /// guess, then, where the guesses disagree, the answer.
    no_legal_move: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            game: Arc::clone(&self.game),
            position: self.position.clone(),
            history: self.history.clone(),
            scratch: self.scratch.clone(),
            without_ends: false,
            forward: false,
        }
    }

    /// Copies another state into this one, reusing this one's buffers (no allocation once
    /// they are large enough).
    fn clone_from(&mut self, other: &State) {
        if !Arc::ptr_eq(&self.game, &other.game) {
            self.game = Arc::clone(&other.game);
        }
        self.position.clone_from(&other.position);
        self.history.clone_from(&other.history);
        self.scratch.clone_from(&other.scratch);
    }
}

/// `to.clone_from(from)`, but nothing done when both are empty (a state copied for every
/// playout holds many buffers that its game never fills).
#[inline(always)]
fn copy_from<T: Clone>(to: &mut Vec<T>, from: &Vec<T>) {
    if !(to.is_empty() && from.is_empty()) {
        to.clone_from(from);
    }
}

/// The blocks of [`Position::occupancy`] after the players': one per cell code in a game
/// whose rules move pieces by two kinds or more, none in another.
fn by_cell_blocks(game: &Game) -> usize {
    match keeps_cell_sets(game) {
        true => game.cell_codes(),
        false => 0,
    }
}

/// Whether a position of the game keeps a set of sites per cell ([`Position::occupancy`]):
/// where its rules move pieces by two kinds or more, or by number
/// ([`rulebook_model::Facts::cell_sets`]).
/// (In a game of several kinds whose rules do not, such as one of pawns and walls, keeping
/// them cost more than they saved: 2% more instructions in such a game's playouts.)
#[inline(always)]
fn keeps_cell_sets(game: &Game) -> bool {
    game.facts.cell_sets
}

impl State {
    /// Copies the position of another state into this one (pieces, stones, marks, side to
    /// move, hash, tile state), reusing this one's buffers and, in the same game, keeping
    /// its own history: enough to play a move and take it back with the end rules left out
    /// (which alone read the history), at a fraction of the cost of a whole copy.
    #[inline(never)]
    fn copy_position_from(&mut self, other: &State) {
        if !Arc::ptr_eq(&self.game, &other.game) {
            self.clone_from(other);
            return;
        }
        self.position.copy_from(&other.position);
        self.scratch.goals_known = None;
    }
}

impl PartialEq for State {
    /// Two states are equal when their positions are (cells, stones, marks, side to move).
    fn eq(&self, other: &State) -> bool {
        self.position == other.position
    }
}

impl Clone for Position {
    fn clone(&self) -> Position {
        let mut copy = Position {
            cells: Vec::new(),
            occupancy: Vec::new(),
            words: self.words,
            piece_count: Vec::new(),
            to_move: self.to_move,
            hash: self.hash,
            pits: sowing::Pits::default(),
            tile: tiles::TileState::default(),
            stock: Vec::new(),
            lines: Vec::new(),
            traces: Traces {
                unmoved: Vec::new(),
                ..self.traces
            },
            thrown: self.thrown,
            walls: grooves::Walls::default(),
            ended: self.ended,
            stacks: Vec::new(),
        };
        copy.clone_from(self);
        copy
    }

    /// Copies another position into this one, the stones' and the tiles' undo logs
    /// included, reusing this one's buffers.
    #[inline(always)]
    fn clone_from(&mut self, other: &Position) {
        copy_from(&mut self.cells, &other.cells);
        copy_from(&mut self.occupancy, &other.occupancy);
        self.words = other.words;
        copy_from(&mut self.piece_count, &other.piece_count);
        self.to_move = other.to_move;
        self.hash = other.hash;
        self.pits.clone_from(&other.pits);
        self.tile.clone_from(&other.tile);
        copy_from(&mut self.stock, &other.stock);
        copy_from(&mut self.lines, &other.lines);
        copy_from(&mut self.traces.unmoved, &other.traces.unmoved);
        self.walls.copy_from(&other.walls);
        self.traces.passing = other.traces.passing;
        self.traces.clock = other.traces.clock;
        self.traces.enemies = other.traces.enemies;
        self.traces.claimed = other.traces.claimed;
        self.thrown = other.thrown;
        self.ended = other.ended;
        self.traces.ended_by = other.traces.ended_by;
        self.traces.groups_clear = other.traces.groups_clear;
        copy_from(&mut self.stacks, &other.stacks);
    }
}

impl PartialEq for Position {
    /// Two positions are equal when their cells, stones, marks, tiles, stock, side to
    /// move, traces, throw, walls and stacks are (the rest follows from these).
    fn eq(&self, other: &Position) -> bool {
        self.cells == other.cells
            && self.pits.same_position(&other.pits)
            && self.to_move == other.to_move
            && self.tile.same_position(&other.tile)
            && self.stock == other.stock
            && self.traces == other.traces
            && self.thrown == other.thrown
            && self.walls.placed == other.walls.placed
            && self.stacks == other.stacks
    }
}

impl Position {
    /// Copies another position of the same game into this one, reusing this one's buffers;
    /// the stones' undo logs stay this one's.
    #[inline(always)]
    fn copy_from(&mut self, other: &Position) {
        self.cells.clone_from(&other.cells);
        self.occupancy.clone_from(&other.occupancy);
        self.piece_count.clone_from(&other.piece_count);
        self.to_move = other.to_move;
        self.hash = other.hash;
        self.pits.copy_position_from(&other.pits);
        self.ended = other.ended;
        self.stacks.clone_from(&other.stacks);
        self.tile.clone_from(&other.tile);
        self.stock.clone_from(&other.stock);
        self.lines.clone_from(&other.lines);
        self.traces.copy_from(&other.traces);
        self.walls.copy_from(&other.walls);
        self.thrown = other.thrown;
    }

    /// Whether the piece on `site` has not moved (in a game that keeps it).
    #[inline]
    fn is_unmoved(&self, site: Site) -> bool {
        let word = self
            .traces
            .unmoved
            .get(site.index() / 64)
            .copied()
            .unwrap_or(0);
        word >> (site.index() % 64) & 1 == 1
    }

    /// Marks the piece on `site` unmoved, or (`false`) moved, in a game that keeps it.
    #[inline]
    fn mark_unmoved(&mut self, site: Site, unmoved: bool) {
        let (word, bit) = (site.index() / 64, 1u64 << (site.index() % 64));
        match unmoved {
            true => self.traces.unmoved[word] |= bit,
            false => self.traces.unmoved[word] &= !bit,
        }
    }

    /// The sites holding `player`'s pieces, a bit a site (`words` words).
    #[inline(always)]
    fn occupied_by(&self, player: Player) -> &[u64] {
        &self.occupancy[player.index() * self.words..][..self.words]
    }

    /// Changes a site's content, the occupancy, the piece counts and the line masks (not
    /// the hash, nor any log).
    #[inline]
    fn put_raw(&mut self, game: &Game, site: Site, cell: Cell) {
        let old = self.cells[site.index()];
        let (word, bit) = (site.index() / 64, 1u64 << (site.index() % 64));
        if old != EMPTY {
            let p = (game.tables.owner[old.index()]).index();
            self.occupancy[p * self.words + word] &= !bit;
            self.piece_count[p] -= 1;
        }
        if cell != EMPTY {
            let p = (game.tables.owner[cell.index()]).index();
            self.occupancy[p * self.words + word] |= bit;
            self.piece_count[p] += 1;
        }
        if keeps_cell_sets(game) {
            // The sets of the cells' pieces, after the players'.
            let at = self.piece_count.len() * self.words + word;
            if old != EMPTY {
                self.occupancy[at + old.index() * self.words] &= !bit;
            }
            if cell != EMPTY {
                self.occupancy[at + cell.index() * self.words] |= bit;
            }
        }
        if (old == EMPTY) != (cell == EMPTY) && !self.lines.is_empty() {
            movegen::toggle_lines(&mut self.lines, &game.board, site);
        }
        self.cells[site.index()] = cell;
    }
}

impl Clone for History {
    fn clone(&self) -> History {
        let mut copy = History::default();
        copy.clone_from(self);
        copy
    }

    /// Copies another history into this one, reusing this one's buffers.
    #[inline(always)]
    fn clone_from(&mut self, other: &History) {
        copy_from(&mut self.hashes, &other.hashes);
        self.seen.clone_from(&other.seen);
        copy_from(&mut self.log, &other.log);
        copy_from(&mut self.frames, &other.frames);
        copy_from(&mut self.played, &other.played);
    }
}

impl History {
    /// Records a move `m` of `game` about to be played from `position`: the position's
    /// hash, where undo or a rule on repeated positions reads it; its key for the ban on
    /// repetition, where `repeats` (the game tracks repeated positions); and, unless the
    /// move is played `forward`, the frame that undo takes it back by.
    #[inline(always)]
    fn record(&mut self, game: &Game, m: Move, position: &Position, repeats: bool, forward: bool) {
        if !forward || repeats {
            self.hashes.push(position.hash);
        }
        if repeats {
            let key = repetition::ban_key(game, position.hash, position.to_move);
            self.seen.push(key);
            if game.ends.kept.is_some() {
                self.played.push(m);
            }
        }
        if !forward {
            self.frames.push(Frame {
                mv: m,
                log_start: self.log.len() as u32,
                pits: position.pits.frame(),
                mover: position.to_move,
                ended: position.ended,
                passes: position.tile.passes,
                passing: position.traces.passing,
                clock: position.traces.clock,
                thrown: position.thrown,
                enemies: position.traces.enemies,
                claimed: position.traces.claimed,
                groups_clear: position.traces.groups_clear,
            });
        }
    }
}

impl Clone for Scratch {
    /// Empty buffers (with room for as many captures), the end memo copied, the goals
    /// unknown.
    fn clone(&self) -> Scratch {
        let mut copy = Scratch {
            captured: Vec::with_capacity(self.captured.capacity()),
            ..Scratch::default()
        };
        copy.clone_from(self);
        copy
    }

    /// Copies the end memo of another state's scratch into this one (its verdicts hold
    /// for any position of the game); the buffers stay this one's, the goals unknown.
    #[inline(always)]
    fn clone_from(&mut self, other: &Scratch) {
        copy_from(&mut self.end_memo, &other.end_memo);
        self.goals_known = None;
    }
}

impl State {
    /// The start position of a game.
    pub fn new(game: Arc<Game>) -> State {
        let mut cells = vec![EMPTY; game.board.sites()];
        for &(site, cell) in &game.start.setup {
            cells[site.index()] = cell;
        }
        let board = &game.board;
        let counts = if board.pits() > 0 {
            Site::all(board.sites())
                .map(|s| {
                    if board.pit_number(s) > 0 {
                        game.start.stones
                    } else {
                        0
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let stock = game.start.stock.clone();
        let heights: Vec<u16> = game.start.stacks.iter().map(|&n| n + 1).collect();
        let mut state = State::with_position(game, cells, counts, Vec::new(), Player::FIRST);
        state.init_stock(stock);
        state.init_stacks(&heights);
        state.await_opening();
        state
    }

    /// A position with these cells and this player to move (a hand-built position: its
    /// history starts here).
    pub fn with_cells(game: Arc<Game>, cells: Vec<Cell>, to_move: Player) -> State {
        let stock = setup::usual_stock(&game, &cells);
        let mut state = State::with_position(game, cells, Vec::new(), Vec::new(), to_move);
        state.init_stock(stock);
        state.init_stacks(&[]);
        state
    }

    /// A hand-built position of a sowing game: stones per site, marks per site (0, or 1 +
    /// the marking player), and the player to move.
    pub fn with_stones(
        game: Arc<Game>,
        counts: Vec<u16>,
        marks: Vec<u8>,
        to_move: Player,
    ) -> State {
        let sites = game.board.sites();
        State::with_position(game, vec![EMPTY; sites], counts, marks, to_move)
    }

    /// The same position built anew from its contents (pieces, stones, marks, side to
    /// move), without its history.
    pub fn rebuilt(&self) -> State {
        State::from_setup(Arc::clone(&self.game), self.setup())
            .expect("a state's own setup fits its game")
    }

    /// A hand-built position of a tile game: cells, each player's hand (bit `k` for the
    /// tile of kind `k`), and the player to move.
    pub fn with_hands(
        game: Arc<Game>,
        cells: Vec<Cell>,
        hands: Vec<u64>,
        to_move: Player,
    ) -> State {
        let mut state = State::with_position(game, cells, Vec::new(), Vec::new(), to_move);
        state.init_tiles(Some(hands));
        state
    }

    fn with_position(
        game: Arc<Game>,
        cells: Vec<Cell>,
        counts: Vec<u16>,
        marks: Vec<u8>,
        to_move: Player,
    ) -> State {
        let sites = game.board.sites();
        // Two seats even in a game of one player (see `Game::solo`).
        let players = game.seats();
        let words = sites.div_ceil(64);
        let mut state = State {
            position: Position {
                cells: vec![EMPTY; sites],
                occupancy: vec![0; words * (players + by_cell_blocks(&game))],
                words,
                piece_count: vec![0; players],
                to_move,
                hash: game.tables.zobrist.to_move[to_move.index()],
                pits: sowing::Pits::new(&game.board, &counts, &marks, game.facts.tracks_repetition),
                tile: tiles::TileState::default(),
                stock: Vec::new(),
                lines: movegen::tracked_lines(&game),
                traces: Traces::new(if game.facts.tracks_unmoved() {
                    words
                } else {
                    0
                }),
                thrown: chance::Thrown::default(),
                walls: grooves::Walls::new(&game),
                ended: None,
                stacks: Vec::new(),
            },
            history: History {
                hashes: Vec::with_capacity(256),
                seen: repetition::Seen::default(),
                log: Vec::with_capacity(1024),
                frames: Vec::with_capacity(256),
                played: Vec::new(),
            },
            scratch: Scratch {
                captured: Vec::with_capacity(sites),
                work: MoveList::new(),
                end_memo: vec![0; game.ends.conditions.len() * players],
                goals_known: None,
                no_legal_move: false,
            },
            without_ends: false,
            forward: false,
            game,
        };
        for (site, cell) in cells.into_iter().enumerate().take(sites) {
            if cell != EMPTY {
                state.put(Site::at(site), cell);
            }
        }
        if state.game.facts.tracks_unmoved() {
            let at_start = setup::unmoved_at_start(&state.game, &state.position.cells);
            state.set_unmoved(&at_start);
        }
        if state.position.pits.hashed() {
            state.position.hash ^= state.position.pits.counts_key(&state.game.tables.zobrist);
        }
        for (site, &mark) in state.position.pits.marks().iter().enumerate() {
            state.position.hash ^= state.game.tables.zobrist.mark(Site::at(site), mark);
        }
        state.init_tiles(None);
        state.position.traces.groups_clear = state.no_group_rule_holds();
        state
            .position
            .pits
            .attach_lanes(sowing::Lanes::for_game(&state.game));
        state
    }

    /// Puts a counted stock in hand (on a state with none yet), with its hash keys.
    fn init_stock(&mut self, stock: Vec<u16>) {
        for (slot, &n) in stock.iter().enumerate() {
            self.position.hash ^= self.game.tables.zobrist.hand(slot, n);
        }
        self.position.stock = stock;
    }

    /// The pieces a player has in hand, by kind (empty in a game without a counted stock).
    pub fn pieces_in_hand(&self, player: Player) -> &[u16] {
        let kinds = self.game.about.piece_kinds.len();
        let first = player.index() * kinds;
        self.position.stock.get(first..first + kinds).unwrap_or(&[])
    }

    /// The game being played.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.position.to_move
    }

    /// The content of a site.
    pub fn cell(&self, site: Site) -> Cell {
        self.position.cells[site.index()]
    }

    /// All cells, by site.
    pub fn cells(&self) -> &[Cell] {
        &self.position.cells
    }

    /// The owner of the piece on a site, if any.
    pub fn owner(&self, site: Site) -> Option<Player> {
        let c = self.position.cells[site.index()];
        (c != EMPTY).then(|| self.game.tables.owner[c.index()])
    }

    /// The stones on a site (0 on boards without stones).
    pub fn count(&self, site: Site) -> u16 {
        self.position.pits.count(site)
    }

    /// The mark on a site: `None`, or the player who marked it.
    pub fn mark(&self, site: Site) -> Option<Player> {
        Player::of_code(self.position.pits.mark(site))
    }

    /// The sites holding `player`'s pieces, a bit a site (64 a word, as many words as the
    /// board's sites need).
    pub fn occupancy(&self, player: Player) -> &[u64] {
        self.position.occupied_by(player)
    }

    /// How many pieces a player has on the board.
    pub fn pieces(&self, player: Player) -> u32 {
        self.position.piece_count[player.index()]
    }

    /// The position's hash: the cells and the side to move (in tile games, not the hands,
    /// passes or swap, which follow from the game's history).
    pub fn hash(&self) -> u64 {
        self.position.hash ^ self.position.pits.key(&self.game.tables.zobrist)
    }

    /// Whether this position (its hash: the cells and the side to move) occurred before
    /// within the last `plies` moves played. A sowing game that keeps no rule on repeated
    /// positions keeps no history of its stones (their keys are added to the hash only when
    /// asked), so it answers no: its positions are not compared.
    pub fn occurred_within(&self, plies: usize) -> bool {
        if self.game.board.pits() > 0 && !self.position.pits.hashed() {
            return false;
        }
        let hash = self.position.hash;
        let hashes = &self.history.hashes;
        hashes.iter().rev().take(plies).any(|&h| h == hash)
    }

    /// How many moves have been played from the state's start.
    pub fn ply(&self) -> usize {
        self.history.frames.len()
    }

    /// The moves played from the state's start, in order.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.frames.iter().map(|f| f.mv)
    }

    /// The last move played and who played it, if any.
    pub fn last_move(&self) -> Option<(Move, Player)> {
        self.history.frames.last().map(|f| (f.mv, f.mover))
    }

    /// The last move `player` played, if any.
    pub fn last_move_of(&self, player: Player) -> Option<Move> {
        self.history
            .frames
            .iter()
            .rev()
            .find(|f| f.mover == player)
            .map(|f| f.mv)
    }

    /// Who moved last: the last move's player, or in a position set up from text the
    /// player before the one to move (the one to move again in a game of one player), as
    /// the end conditions read `mover`.
    pub fn last_mover(&self) -> Player {
        match self.last_move() {
            Some((_, by)) => by,
            None if self.game.solo() => self.position.to_move,
            None => self.position.to_move.previous(self.game.seats()),
        }
    }

    /// The legal moves, in the game's fixed order: by move rule (as listed in the rule
    /// file), then by the site moved from, then by the site moved to (then, for sequences of
    /// jumps, by their number and directions). Empty exactly when the game is over.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if self.position.ended.is_some() {
            return;
        }
        self.pseudo_legal_moves(out);
        if self.game.facts.moves_may_coincide {
            out.dedup_by_sites(&self.game);
        }
        if self.game.repetition.forbidden {
            self.drop_repeats(out);
        }
        if self.game.facts.forbids {
            self.drop_forbidden(out);
        }
    }

    /// The legal move at index `pick(n)` of the `n` legal moves in the order of
    /// [`State::legal_moves`] (`pick` must return a number below `n`), or `None` when there
    /// is none. In a game with `forbid leaving`, a ban on repetition or (where nothing else
    /// hangs on it) `with liberties`, where judging every move costs most of the time,
    /// `pick` draws from the moves before the judging instead, one after another without
    /// putting back, until one it allows: each legal move as likely as another when `pick`
    /// is uniform, found by judging a move or two. At a throw of the dice ([`State::chance`]) it is the throw that way
    /// `pick(w)` of the `w` equally likely ways the dice fall makes ([`State::pick_throw`]),
    /// so that a random pick throws each outcome as often as its weight says. Where it can, it finds that move without listing the others, which makes
    /// random playouts several times cheaper; elsewhere it lists them in `moves`. Inlined
    /// into each loop of the playouts.
    #[inline(always)]
    pub fn pick_legal_move(
        &self,
        moves: &mut MoveList,
        mut pick: impl FnMut(usize) -> usize,
    ) -> Option<Move> {
        if self.game.facts.roll_rule.is_some() {
            if let Some(throw) = self.pick_throw(&mut pick) {
                return Some(throw);
            }
        }
        if let Some(found) = self.pick_without_listing(false, &mut pick) {
            return found;
        }
        if self.game.facts.forbids {
            return self.pick_unbanned(moves, &mut pick);
        }
        if self.game.facts.picks_judge {
            return self.pick_judged(moves, &mut pick);
        }
        self.legal_moves(moves);
        (!moves.is_empty()).then(|| moves[pick(moves.len())])
    }

    /// A legal move of a game that bans repeating a position or whose random picks judge
    /// `with liberties` on the move drawn ([`rulebook_model::Facts::picks_judge_liberties`])
    /// (and has no `forbid leaving`), drawn by `pick` from the moves before them until one
    /// that they allow ([`State::pick_legal_move`]). Out of line, as
    /// [`State::pick_unbanned`].
    #[inline(never)]
    fn pick_judged(
        &self,
        moves: &mut MoveList,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        if self.game.facts.picks_unlisted_under_ban {
            if let Some(found) = self.pick_unlisted_unrepeated(moves, pick) {
                return found;
            }
        }
        if !self.list_for_pick(moves, self.game.facts.picks_judge_liberties) {
            return None;
        }
        self.pick_new(moves, pick)
    }

    /// Lists in `moves` the moves before the judging that a random pick leaves to the move
    /// it draws: the moves of the rules, each once (with `liberties_unjudged`, those that
    /// `with liberties` would drop too); false, listing none, where the game is over.
    fn list_for_pick(&self, moves: &mut MoveList, liberties_unjudged: bool) -> bool {
        moves.clear();
        if self.position.ended.is_some() {
            return false;
        }
        moves.liberties_unjudged = liberties_unjudged;
        self.pseudo_legal_moves(moves);
        moves.liberties_unjudged = false;
        if self.game.facts.moves_may_coincide {
            moves.dedup_by_sites(&self.game);
        }
        true
    }

    /// A legal move of a game with `forbid leaving`, drawn by `pick` from the moves the
    /// other rules allow until one that the ban allows ([`State::pick_legal_move`]). Out of
    /// line: the loops of playouts of games without a ban keep their shape.
    #[inline(never)]
    fn pick_unbanned(
        &self,
        moves: &mut MoveList,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        if !self.list_for_pick(moves, false) {
            return None;
        }
        if self.game.repetition.forbidden {
            self.drop_repeats(moves);
        }
        self.pick_allowed(moves, pick)
    }

    /// Whether the player to move has at least one legal move (`moves` is work space).
    pub fn has_legal_move(&self, moves: &mut MoveList) -> bool {
        if self.position.ended.is_some() {
            return false;
        }
        if let Some(can) = self.can_move_without_listing() {
            return can;
        }
        moves.clear();
        self.pseudo_legal_moves(moves);
        match (self.game.facts.forbids, self.game.repetition.forbidden) {
            // The first move the ban allows answers: judging stops there.
            (true, false) => self.pick_allowed(moves, &mut |_| 0).is_some(),
            (true, true) => {
                self.drop_forbidden(moves);
                self.any_new(moves)
            }
            (false, true) => self.any_new(moves),
            (false, false) => !moves.is_empty(),
        }
    }

    /// Whether the condition of move rule `rule` holds in this position.
    pub fn rule_holds(&self, rule: usize) -> bool {
        self.holds(&self.game.moves[rule].condition)
    }

    /// Whether an end rule checked after moves (an empty row, both players passing) has
    /// ended the game.
    pub fn has_ended(&self) -> bool {
        self.position.ended.is_some()
    }

    /// The end rule that ended the game: its index in
    /// [`Ends::rules`](rulebook_model::Ends::rules). `None` while the game goes on,
    /// and when it ended because the player to move has no legal move and no end rule
    /// judges that (a draw).
    pub fn end_rule(&self) -> Option<usize> {
        if self.position.ended.is_some() {
            return Some(self.position.traces.ended_by as usize);
        }
        if self.has_legal_move(&mut MoveList::new()) {
            return None;
        }
        self.game.ends.rules.iter().position(|r| match r.when {
            EndWhen::NoLegalMove | EndWhen::NoPlayerCanMove => true,
            EndWhen::StuckAnd(i) => self.stuck_condition_holds(i),
            _ => false,
        })
    }

    /// Whether the condition of end rule [`EndWhen::StuckAnd`]`(i)` holds for the player
    /// to move.
    fn stuck_condition_holds(&self, i: u8) -> bool {
        let condition = &self.game.ends.stuck[i as usize];
        self.value(self.position.to_move, condition) != 0
    }

    /// Records that the first end rule that ends the game `when` has ended it (`ended` is
    /// set by the caller). Out of line: it runs once a game, and its callers are on the
    /// path of every move.
    #[cold]
    #[inline(never)]
    pub(crate) fn ended_by_rule(&mut self, when: EndWhen) {
        let rule = self.game.ends.rules.iter().position(|r| r.when == when);
        self.position.traces.ended_by = rule.unwrap_or(0) as u32;
    }

    /// What the game's win is worth: the points of the end rule that decided it (1 unless
    /// the rule says more, `mover wins 2`); 0 while the game goes on and after a draw.
    /// Read beside [`State::outcome`], which it does not change: a game's winner is who
    /// won, whatever the points.
    pub fn points(&self) -> u32 {
        match self.outcome() {
            Some(Outcome::Win(_)) => self.game.ends.win_points(self.end_rule()),
            _ => 0,
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(&mut MoveList::new())
    }

    /// The outcome, if the game is over, with `moves` as work space (so that asking
    /// allocates nothing once the list has grown).
    pub fn outcome_with(&self, moves: &mut MoveList) -> Option<Outcome> {
        self.outcome_by(|| self.has_legal_move(moves))
    }

    /// The outcome, if the game is over, where whether the player to move has a legal
    /// move is known (`can_move`: the list of [`State::legal_moves`] just made is not
    /// empty): [`State::outcome_with`] without finding the moves again.
    pub fn outcome_knowing(&self, can_move: bool) -> Option<Outcome> {
        self.outcome_by(|| can_move)
    }

    /// The outcome, if the game is over, `has_legal_move` asked (once at most) where an
    /// end rule needs to know whether the player to move can move.
    fn outcome_by(&self, mut has_legal_move: impl FnMut() -> bool) -> Option<Outcome> {
        if self.position.ended.is_some() {
            return self.position.ended;
        }
        let mut can_move = None;
        for rule in &self.game.ends.rules {
            let ended = match rule.when {
                EndWhen::NoLegalMove | EndWhen::NoPlayerCanMove => {
                    !*can_move.get_or_insert_with(&mut has_legal_move)
                }
                EndWhen::StuckAnd(i) => {
                    !*can_move.get_or_insert_with(&mut has_legal_move)
                        && self.stuck_condition_holds(i)
                }
                // Checked after every move; `ended` holds its verdict.
                EndWhen::EmptyRow
                | EndWhen::BothPass
                | EndWhen::Position(_)
                | EndWhen::RepeatedPosition
                | EndWhen::RepeatedKeeping
                | EndWhen::MovesWithout => false,
            };
            if ended {
                return Some(self.end_result(rule.result, self.position.to_move));
            }
        }
        // A player with no legal move whom no end rule judges: the game cannot go on, and
        // nobody has won it.
        match can_move.unwrap_or_else(has_legal_move) {
            true => None,
            false => Some(Outcome::Draw),
        }
    }

    /// Plays a move without checking it (the fast path for search and playouts). The move
    /// must come from [`State::legal_moves`] of this position.
    pub fn apply(&mut self, m: Move) {
        self.play(m);
    }

    /// [`State::apply`]'s work, inlined where playouts call it in a loop. Playing forward,
    /// the hash joins the history only where a rule on repeated positions reads it.
    #[inline(always)]
    fn play(&mut self, m: Move) {
        self.play_in::<{ playout::ANY_MOVES }>(m);
    }

    /// [`State::play`] in a game whose moves are all of the family `FAMILY`
    /// ([`playout::ANY_MOVES`], [`playout::SOWINGS`] or [`playout::TILE_MOVES`]), so that a
    /// playout's loop holds the code of that family's moves alone.
    #[inline(always)]
    fn play_in<const FAMILY: u8>(&mut self, m: Move) {
        let mover = self.position.to_move;
        self.scratch.goals_known = None;
        let repeats = self.game.facts.tracks_repetition;
        (self.history).record(&self.game, m, &self.position, repeats, self.forward);
        let before = self
            .game
            .ends
            .clock
            .map(|clock| self.before_move(clock.progress, m));
        if self.game.facts.notes_played {
            self.note_played(m, mover);
        }
        match FAMILY {
            playout::SOWINGS => self.apply_sowing::<false>(m, mover),
            playout::TILE_MOVES => self.apply_tile(m, mover),
            _ => self.apply_any(m, mover),
        }
        if self.game.facts.passing_kinds != 0 {
            self.note_passing(m, mover);
        }
        if self.game.facts.roll_rule.is_some_and(|r| r != m.rule) {
            self.end_throw(mover, m);
        }
        if let Some(before) = before {
            self.tick_clock(before);
        }
        if self.game.facts.ends_after_moves && !self.without_ends && self.position.ended.is_none() {
            let pass = matches!(self.game.moves[m.rule as usize].kind, MoveKind::Pass { .. });
            self.check_ends_after_move(Some(m), mover, !(pass && self.game.repetition.positional));
        } else {
            // Unchecked, a group rule may have come to hold.
            self.position.traces.groups_clear = false;
        }
    }

    /// Plays move `m` of any kind for `mover` (the frame is already pushed).
    #[inline(always)]
    fn apply_any(&mut self, m: Move, mover: Player) {
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Sow { .. } => self.apply_sowing::<false>(m, mover),
            MoveKind::Place { .. } | MoveKind::Pass { .. } | MoveKind::Swap => {
                self.apply_tile(m, mover)
            }
            MoveKind::Remove { .. }
            | MoveKind::SiteWalk(Walk {
                action: WalkAction::Remove,
                ..
            }) => {
                self.set(m.from, EMPTY);
                self.position.tile.passes = 0;
                self.pass_turn(mover);
            }
            MoveKind::Slide { .. }
            | MoveKind::Jump { .. }
            | MoveKind::PlacePiece { .. }
            | MoveKind::Fly { .. }
            | MoveKind::Castle { .. }
            | MoveKind::Walk(_)
            | MoveKind::SiteWalk(_) => self.apply_piece_move(m, mover),
            MoveKind::Roll(_) => self.throw(m),
            MoveKind::Track(_) => self.race(m, mover),
            MoveKind::Wall(_) => self.apply_wall(m, mover),
            MoveKind::Side(_) => self.apply_side(m, mover),
        }
    }

    /// The end rules checked after every move `m` (none: a sowing of the lanes' loop):
    /// conditions on the position, a repeated position (unless `may_repeat` is false: a
    /// pass where a position is the sites alone), a player to move who is stuck (when the
    /// stones left must be moved).
    #[inline(never)]
    fn check_ends_after_move(&mut self, m: Option<Move>, mover: Player, may_repeat: bool) {
        if !self.game.ends.conditions.is_empty() {
            // The stone placed, none for a pass or the swap; after any other move (a
            // game changed after it was compiled) it is not known whether a group rule
            // holds.
            let placed = match m.map(|m| (&self.game.moves[m.rule as usize].kind, m.to)) {
                Some((MoveKind::PlacePiece { .. }, to)) => Some(to),
                Some((MoveKind::Pass { .. } | MoveKind::Swap, _)) => Some(NO_SITE),
                _ => {
                    self.position.traces.groups_clear = false;
                    None
                }
            };
            self.check_position_ends(mover, placed);
        }
        if self.game.facts.tracks_repetition && may_repeat && self.position.ended.is_none() {
            let key = self.ban_key(self.position.hash, self.position.to_move);
            let occurrence = self.history.seen.count(key) + 1;
            if (self.game.ends.kept.as_ref()).is_some_and(|k| occurrence >= k.repetitions) {
                self.end_if_kept(key, mover);
            }
            if occurrence >= self.game.ends.repetitions && self.position.ended.is_none() {
                self.end_by_rule(EndWhen::RepeatedPosition, mover);
            }
        }
        if let Some(clock) = self.game.ends.clock {
            if u32::from(self.position.traces.clock) >= clock.moves && self.position.ended.is_none()
            {
                self.end_on_clock(mover);
            }
        }
        if self.game.facts.stuck_moves_stones && self.position.ended.is_none() {
            self.end_if_stuck();
        }
    }

    /// Ends the game by the rule `repeated position ... keeping`, the position of `key`
    /// having occurred as often as it asks, if a player kept its condition after each of
    /// their moves since the position's first occurrence: that player is the rule's mover
    /// (`mover`, who made the last move, looked at first).
    #[cold]
    #[inline(never)]
    fn end_if_kept(&mut self, key: u64, mover: Player) {
        let mut copy = (self.scratch.work.copy.take()).unwrap_or_else(|| Box::new(self.clone()));
        let keeper = self.keeper(&mut copy, key, mover);
        self.scratch.work.copy = Some(copy);
        if let Some(keeper) = keeper {
            self.end_by_rule(EndWhen::RepeatedKeeping, keeper);
        }
    }

    /// The player who kept the condition of `repeated position ... keeping` after each of
    /// their moves since the first occurrence of the position of `key`, if one did
    /// (`mover` looked at first, then the players in turn order). The position now is the
    /// position then: the moves since are replayed on `copy` from it, the condition read
    /// after each, and taken back.
    fn keeper(&self, copy: &mut State, key: u64, mover: Player) -> Option<Player> {
        let kept = self.game.ends.kept.as_ref()?;
        let first = self.history.seen.first(key)?;
        let moves = self.history.played.get(first..)?;
        copy.copy_position_from(self);
        copy.without_ends = true;
        let everyone = (1u64 << self.game.about.players.len()) - 1;
        let (mut moved, mut broke, mut played) = (0u64, 0u64, 0);
        // Replayed until every player has let the condition go: then nobody kept it.
        for &m in moves {
            if broke == everyone {
                break;
            }
            let by = copy.position.to_move;
            copy.apply(m);
            played += 1;
            moved |= 1 << by.index();
            if copy.value(by, &kept.condition) == 0 {
                broke |= 1 << by.index();
            }
        }
        (0..played).for_each(|_| _ = copy.undo());
        let kept_by = |p: Player| (moved & !broke) >> p.index() & 1 == 1;
        let players = Player::all(self.game.about.players.len());
        std::iter::once(mover).chain(players).find(|&p| kept_by(p))
    }

    /// The player who kept the condition of the rule `repeated position ... keeping`
    /// through the repetition of this position, if one did (who it names as its mover,
    /// when it has ended the game).
    pub fn repetition_keeper(&self) -> Option<Player> {
        self.game.ends.kept.as_ref()?;
        let key = self.ban_key(self.position.hash, self.position.to_move);
        self.keeper(&mut self.clone(), key, self.last_mover())
    }

    /// Ends the game at once when the player to move has no legal move and the end rule
    /// for it gives the stones left to their owners, so that the position shows them moved
    /// (other results are judged when the outcome is asked for).
    pub(crate) fn end_if_stuck(&mut self) {
        // The goals' verdict serves the pick of the next move too.
        if self.game.facts.move_goals {
            self.scratch.goals_known = Some(self.goals_hold());
        }
        let stuck = match self.can_move_without_listing() {
            Some(can) => !can,
            None => {
                let mut moves = std::mem::take(&mut self.scratch.work);
                let stuck = !self.has_legal_move(&mut moves);
                self.scratch.work = moves;
                stuck
            }
        };
        if !stuck {
            return;
        }
        let rule = self
            .game
            .ends
            .rules
            .iter()
            .find(|r| r.when == EndWhen::NoLegalMove)
            .copied();
        if let Some(rule) = rule {
            self.scratch.goals_known = None;
            self.rows_to_owners();
            self.position.ended = Some(self.end_result(rule.result, self.position.to_move));
            self.ended_by_rule(EndWhen::NoLegalMove);
        }
    }

    /// Sows for `mover`, who moves again if a rule after sowing says so (`FORWARD`: the
    /// move is known to be played forward, as [`State::sow`]).
    #[inline(always)]
    fn apply_sowing<const FORWARD: bool>(&mut self, m: Move, mover: Player) {
        self.position.pits.origin = m.from;
        let again = self.sow::<FORWARD>(m.rule as usize, m.from);
        let next = if again && self.position.ended.is_none() {
            mover
        } else {
            self.next_player(mover)
        };
        let keys = &self.game.tables.zobrist.to_move;
        self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.position.to_move = next;
    }

    /// Ends the game by its end rule `when` (`repeated position`, `moves without`), if it
    /// has one: `mover` made the move that fulfilled it.
    fn end_by_rule(&mut self, when: EndWhen, mover: Player) {
        let rules = &self.game.ends.rules;
        if let Some(rule) = rules.iter().find(|r| r.when == when).copied() {
            if let EndResult::StoreMajority { .. } = rule.result {
                self.rows_to_owners();
            }
            self.position.ended = Some(self.end_result(rule.result, mover));
            self.ended_by_rule(when);
        }
    }

    /// What the count of moves without progress needs to know of a move before it is
    /// played: the pieces on the board, and whether it moves a piece of a kind whose
    /// moves are progress.
    #[inline]
    fn before_move(&self, progress: Progress, m: Move) -> (u32, bool) {
        let pieces = self.position.piece_count.iter().sum();
        let cell = match m.from.index() < self.position.cells.len() {
            true => self.position.cells[m.from.index()],
            false => EMPTY,
        };
        let moves_kind = cell != EMPTY && progress.kinds >> self.game.kind_of(cell) & 1 == 1;
        (pieces, moves_kind)
    }

    /// Counts a move without progress, or starts the count again after one with it (a
    /// move of a kind it names, or a capture where it names captures).
    #[inline]
    fn tick_clock(&mut self, (pieces, moves_kind): (u32, bool)) {
        let capture = self.game.ends.clock.is_some_and(|c| c.progress.capture)
            && self.position.piece_count.iter().sum::<u32>() < pieces;
        self.position.traces.clock = match moves_kind || capture {
            true => 0,
            false => self.position.traces.clock.saturating_add(1),
        };
    }

    /// Ends the game by its `moves without` rule, unless the player to move has no legal
    /// move: then the rules for that decide (a checkmate on the last move counted stands).
    #[cold]
    fn end_on_clock(&mut self, mover: Player) {
        let mut moves = std::mem::take(&mut self.scratch.work);
        let can_move = self.has_legal_move(&mut moves);
        self.scratch.work = moves;
        if can_move {
            self.end_by_rule(EndWhen::MovesWithout, mover);
        }
    }

    /// Ends the game if the condition of an end rule checked after every move holds, with
    /// the player who moved as the mover (the first such rule decides). `placed` is the
    /// site of the stone the move placed ([`NO_SITE`] for none), or none where the
    /// position did not come from a move.
    pub(crate) fn check_position_ends(&mut self, mover: Player, placed: Option<Site>) {
        let clear = self.groups_still_clear(mover, placed);
        for r in 0..self.game.ends.rules.len() {
            let EndWhen::Position(i) = self.game.ends.rules[r].when else {
                continue;
            };
            if !self.end_condition_holds(i as usize, mover, clear) {
                continue;
            }
            let rule = self.game.ends.rules[r];
            if let EndResult::StoreMajority { .. } = rule.result {
                self.rows_to_owners();
            }
            self.position.ended = Some(self.end_result(rule.result, mover));
            self.position.traces.ended_by = r as u32;
            return;
        }
    }

    /// Whether it is known that no group rule of the game's end conditions judged from a
    /// placed stone ([`EndCheck::Placed`]) holds, after `mover` placed a stone on `placed`
    /// ([`State::check_position_ends`]); [`Traces::groups_clear`] kept up to date.
    #[inline]
    fn groups_still_clear(&mut self, mover: Player, placed: Option<Site>) -> bool {
        if !self.position.traces.groups_clear {
            return false;
        }
        let clear = placed.is_none_or(|site| !self.placed_rule_holds(mover, site));
        self.position.traces.groups_clear = clear;
        clear
    }

    /// Whether end condition `i` holds with `mover` as the mover: evaluated, or, for one
    /// that the stones of a few sites decide, the last verdict when the mover and those
    /// stones are the same as then; one on groups judged from a placed stone, by its rest
    /// where no group rule holds (`clear`).
    #[inline]
    fn end_condition_holds(&mut self, i: usize, mover: Player, clear: bool) -> bool {
        let game = &*self.game;
        let sites = match &game.ends.checks[i] {
            EndCheck::Stones(sites) => sites,
            EndCheck::Evaluated => return self.value(mover, &game.ends.conditions[i]) != 0,
            EndCheck::Placed { rest, .. } if clear => return self.value(mover, rest) != 0,
            EndCheck::Placed { .. } => return self.value(mover, &game.ends.conditions[i]) != 0,
            &EndCheck::Line {
                player,
                region,
                length,
            } => return self.has_line(player.resolve(mover), region, length),
        };
        let key = sites[mover.index()]
            .iter()
            .fold(0, |key, &s| key << 16 | self.count(s) as u64);
        let entry = key << 2 | 2;
        let memo = i * game.seats() + mover.index();
        if self.scratch.end_memo[memo] & !1 == entry {
            return self.scratch.end_memo[memo] & 1 == 1;
        }
        let holds = self.value(mover, &game.ends.conditions[i]) != 0;
        self.scratch.end_memo[memo] = entry | holds as u64;
        holds
    }

    /// The outcome a result gives, with `mover` the player the result's "mover" names.
    pub(crate) fn end_result(&self, result: EndResult, mover: Player) -> Outcome {
        match result {
            EndResult::MoverLoses => Outcome::Win(mover.next(self.game.seats())),
            EndResult::MoverWins => Outcome::Win(mover),
            EndResult::PlayerWins(p) => Outcome::Win(p),
            EndResult::Draw => Outcome::Draw,
            EndResult::MostPieces => {
                let most = *self.position.piece_count.iter().max().unwrap_or(&0);
                let mut leaders = Player::all(self.game.seats())
                    .filter(|&p| self.position.piece_count[p.index()] == most);
                match (leaders.next(), leaders.next()) {
                    (Some(p), None) => Outcome::Win(p),
                    _ => Outcome::Draw,
                }
            }
            EndResult::StoreMajority { .. } => self.store_majority(),
            EndResult::HighestScore { last_placer_loses } => self.score_outcome(last_placer_loses),
        }
    }

    /// Moves a piece (a slide or a jump) for `mover`, then makes the effects' captures.
    #[inline(always)]
    fn apply_piece_move(&mut self, m: Move, mover: Player) {
        if self.game.facts.lands_plainly(m.rule) {
            let piece = match m.from {
                NO_SITE => self.placed_piece(m.rule, mover),
                from => {
                    let piece = self.position.cells[from.index()];
                    self.set(from, EMPTY);
                    piece
                }
            };
            self.set(m.to, piece);
        } else {
            self.move_and_take(m, mover);
        }
        self.scratch.captured.clear();
        for effect in 0..self.game.effects.len() {
            if self.holds(&self.game.effects[effect].condition) {
                let (game, cells) = (&self.game, &self.position.cells);
                let captured = &mut self.scratch.captured;
                let cell = |s: Site| cells[s.index()];
                capture::collect(game, cell, effect, m.to, mover, |s, mode| {
                    captured.push((s, mode))
                });
            }
        }
        for i in 0..self.scratch.captured.len() {
            let (site, mode) = self.scratch.captured[i];
            self.capture(site, mover, mode);
        }
        if self.game.facts.promotes {
            self.promote(m, mover);
        }
        self.position.tile.passes = 0;
        self.pass_turn(mover);
    }

    /// The piece that move rule `rule`, a placement, puts on the board for `mover`.
    #[inline]
    fn placed_piece(&self, rule: u8, mover: Player) -> Cell {
        let kind = self.game.moves[rule as usize].kind.placed_kind();
        self.game.cell(mover, kind.unwrap_or_default() as usize)
    }

    /// The move itself of [`State::apply_piece_move`] where it is more than a piece going
    /// from one site to another: a placement, a second part, steps that capture in line, a
    /// route, or what a jump or a walk takes.
    #[inline(always)]
    fn move_and_take(&mut self, m: Move, mover: Player) {
        let (line_capture, by_legs, by_pieces) = match &self.game.moves[m.rule as usize].kind {
            MoveKind::Slide { line_capture, .. } => (*line_capture, false, false),
            MoveKind::Walk(walk) if m.legs > 0 => {
                (None, walk.plays_by_legs(), walk.records_pieces())
            }
            _ => (None, false, false),
        };
        match line_capture {
            Some(capture) => self.play_line_steps(m, mover, capture.mode),
            None if by_legs => {
                self.play_route(m, mover);
            }
            None => self.land_piece(m, mover),
        }
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Jump {
                mode: Some(mode),
                chain,
                over,
                ..
            } => self.take_jumped(m, mover, chain, over, mode),
            MoveKind::Jump {
                chain: Chain::Pieces,
                ..
            } => self.crown_on_the_way(m, mover),
            MoveKind::Walk(Walk {
                taking: Some(taking),
                ..
            }) if by_pieces => self.take_pieces(m, mover, taking),
            MoveKind::Walk(Walk {
                taking: Some(taking),
                ..
            }) if m.over != NO_SITE && !by_legs => {
                self.take_site(m.over, (m.from, m.to), mover, taking);
                if m.legs > 1 {
                    self.take_route(m, mover, taking);
                }
            }
            _ => {}
        }
    }

    /// The first part of a piece's move for `mover`: the piece leaves its site (or a new
    /// one comes from the supply) and lands, and a piece is shot or an enemy piece removed
    /// where the rule says so.
    #[inline(always)]
    fn land_piece(&mut self, m: Move, mover: Player) {
        let rule = &self.game.moves[m.rule as usize];
        let then = rule.filter.then;
        let in_passing = rule.filter.in_passing;
        let piece = match rule.kind {
            MoveKind::PlacePiece {
                kind, from_hand, ..
            }
            | MoveKind::SiteWalk(Walk {
                action: WalkAction::Place { kind, from_hand },
                ..
            }) => {
                if from_hand {
                    self.take_from_hand(mover, kind);
                }
                self.game.cell(mover, kind as usize)
            }
            _ => {
                let piece = self.position.cells[m.from.index()];
                self.set(m.from, EMPTY);
                piece
            }
        };
        if self.game.facts.captures_into_hand {
            self.take_into_hand(mover, m.to);
        }
        self.set(m.to, piece);
        match then {
            Some(SecondPart::Shoot(Shot { kind, .. }) | SecondPart::Place { kind, .. }) => {
                self.set(m.shot(), self.game.cell(mover, kind as usize))
            }
            Some(SecondPart::Remove(_) | SecondPart::Take { .. }) if m.removal() != NO_SITE => {
                self.set(m.removal(), EMPTY)
            }
            Some(SecondPart::Rotate(turns)) => self.turn_region(turns, m.turn()),
            _ => {}
        }
        if in_passing && m.over != NO_SITE {
            self.capture(m.over, mover, CaptureMode::Remove);
        }
        if let MoveKind::Castle { .. } = self.game.moves[m.rule as usize].kind {
            // The partner lands on the site the piece crossed.
            let crossed = walk::passed_over(&self.game, (m.from, m.to))[0];
            let partner = self.position.cells[m.over.index()];
            self.set(m.over, EMPTY);
            self.set(crossed, partner);
        }
    }

    /// Turns or mirrors a region as choice `choice` of the game's turns number `turns`
    /// says: round each of its cycles, each piece to the next site. Out of line: few games
    /// turn regions, and every move is applied through [`State::land_piece`].
    #[inline(never)]
    fn turn_region(&mut self, turns: u16, choice: usize) {
        let cycles = self.game.tables.turns[turns as usize].choices[choice]
            .cycles
            .len();
        for k in 0..cycles {
            // A cycle has four sites at most: copied, so that the board can change.
            let cycle = &self.game.tables.turns[turns as usize].choices[choice].cycles[k];
            let (len, mut sites) = (cycle.len(), [NO_SITE; 4]);
            sites[..len].copy_from_slice(cycle);
            let mut cells = [EMPTY; 4];
            for (cell, s) in cells.iter_mut().zip(&sites[..len]) {
                *cell = self.position.cells[s.index()];
            }
            for (i, &cell) in cells[..len].iter().enumerate() {
                let to = sites[(i + 1) % len];
                // An empty site that stays empty changes nothing (an empty site's unmoved
                // mark means nothing): most of a region, early in a game.
                if cell != EMPTY || self.position.cells[to.index()] != EMPTY {
                    self.set(to, cell);
                }
            }
        }
    }

    /// Keeps what the rules read of move `m` of `mover`, about to be made, in a game that
    /// keeps them: the sites it starts from and lands on as `origin` and `last` (with
    /// their hash keys; a throw of the dice leaves them as they were), and the pieces of
    /// the other players before it ([`Traces::enemies`]). Out of line: few games read
    /// them.
    #[inline(never)]
    fn note_played(&mut self, m: Move, mover: Player) {
        if self.game.facts.reads_captured {
            self.position.traces.enemies = self.enemies_of(mover);
        }
        if self.game.facts.reads_claimed {
            self.position.traces.claimed = 0;
        }
        if !self.game.facts.keeps_last || self.game.facts.roll_rule == Some(m.rule) {
            return;
        }
        let z = &self.game.tables.zobrist;
        let pits = &mut self.position.pits;
        self.position.hash ^= z.played(pits.last, false) ^ z.played(pits.origin, true);
        (pits.last, pits.origin) = (m.to, m.from);
        self.position.hash ^= z.played(m.to, false) ^ z.played(m.from, true);
    }

    /// How many pieces the players other than `player` have on the board.
    fn enemies_of(&self, player: Player) -> u16 {
        let all: u32 = self.position.piece_count.iter().sum();
        let own = self
            .position
            .piece_count
            .get(player.index())
            .copied()
            .unwrap_or(0);
        (all - own).min(u32::from(u16::MAX)) as u16
    }

    /// `captured` for `player`, who has just moved: how many pieces of the other players
    /// the move took off the board or turned into `player`'s.
    pub(crate) fn captured_by(&self, player: Player) -> i64 {
        i64::from(
            self.position
                .traces
                .enemies
                .saturating_sub(self.enemies_of(player)),
        )
    }

    /// Keeps the move `m` of `mover` as [`Traces::passing`] if its piece is of a kind
    /// taken in passing and passed over a site on its line (with its hash key).
    fn note_passing(&mut self, m: Move, mover: Player) {
        self.set_passing((m.from, m.to), mover);
    }

    /// Sets [`Traces::passing`] to the move `(from, to)` of `mover` if the piece on `to`
    /// is theirs, of a kind taken in passing, passed over a site on its line, and may be
    /// taken in passing by a legal move; to none otherwise (with the hash keys).
    fn set_passing(&mut self, (from, to): (Site, Site), mover: Player) {
        let z = &self.game.tables.zobrist;
        if self.position.traces.passing.1 != NO_SITE {
            self.position.hash ^= z.passing(self.position.traces.passing.1);
        }
        self.position.traces.passing = (NO_SITE, NO_SITE);
        let game = &*self.game;
        if from == NO_SITE || to == NO_SITE || game.board.pits() > 0 {
            return;
        }
        let m = Move::step(0, from, to);
        let cell = self.position.cells[m.to.index()];
        let passer = cell != EMPTY
            && game.tables.owner[cell.index()] == mover
            && game.facts.passing_kinds >> game.kind_of(cell) & 1 == 1;
        if !passer || walk::passed_over(game, (m.from, m.to)).is_empty() {
            return;
        }
        self.position.traces.passing = (m.from, m.to);
        // Kept only where a capture in passing is legal, so that positions differing in
        // nothing else are the same for the rules on repetition (FIDE 9.2.3); a copy
        // judging a move (`without_ends`) keeps it unchecked.
        if self.without_ends || self.capture_in_passing_is_legal() {
            self.position.hash ^= self.game.tables.zobrist.passing(m.to);
        } else {
            self.position.traces.passing = (NO_SITE, NO_SITE);
        }
    }

    /// Whether the player to move has a legal move of a rule `in passing` (the last move's
    /// piece is already kept as [`Traces::passing`]).
    fn capture_in_passing_is_legal(&mut self) -> bool {
        let mut moves = std::mem::take(&mut self.scratch.work);
        moves.clear();
        self.moves_in_passing(&mut moves);
        if !moves.is_empty() && self.game.facts.forbids {
            self.drop_forbidden(&mut moves);
        }
        let legal = !moves.is_empty();
        self.scratch.work = moves;
        legal
    }

    /// Takes a piece of `kind` from `mover`'s hand (movegen offers the placement only
    /// when there is one).
    fn take_from_hand(&mut self, mover: Player, kind: u8) {
        let slot = mover.index() * self.game.about.piece_kinds.len() + kind as usize;
        let n = self.position.stock[slot];
        let z = &self.game.tables.zobrist;
        self.position.hash ^= z.hand(slot, n) ^ z.hand(slot, n.saturating_sub(1));
        self.position.stock[slot] = n.saturating_sub(1);
    }

    /// Gives the turn to the player after `mover`.
    #[inline(always)]
    fn pass_turn(&mut self, mover: Player) {
        let next = match self.game.facts.moves_again && self.moves_again() {
            true => mover,
            false => self.next_player(mover),
        };
        let keys = &self.game.tables.zobrist.to_move;
        self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.position.to_move = next;
    }

    /// Whether a rule `after move again` holds after the move just made (the player who
    /// made it still the one to move).
    #[inline(never)]
    fn moves_again(&self) -> bool {
        self.again_rule().is_some()
    }

    /// The first rule `after move again` (as its index in [`Game::effects`]) whose
    /// condition holds for the player to move: after a move that gave its player another,
    /// the rule that gave it.
    pub fn again_rule(&self) -> Option<usize> {
        (self.game.effects.iter())
            .position(|e| matches!(e.kind, EffectKind::Again) && self.holds(&e.condition))
    }

    /// Takes back the last move; returns it, or `None` at the state's start.
    pub fn undo(&mut self) -> Option<Move> {
        let frame = self.history.frames.pop()?;
        self.scratch.goals_known = None;
        while self.history.log.len() > frame.log_start as usize {
            let (site, cell) = (self.history.log.pop()).expect("the log holds the frame's changes");
            match cell {
                Cell::UNMOVED_NOTE => self.position.mark_unmoved(site, true),
                Cell::HAND_NOTE => self.position.stock[site.index()] -= 1,
                Cell::STACKED_NOTE | Cell::UNSTACKED_NOTE => self.undo_stack(site, cell),
                _ => self.position.put_raw(&self.game, site, cell),
            }
        }
        self.position.pits.undo(frame.pits);
        self.position.hash = (self.history.hashes.pop()).expect("every frame has a history entry");
        if self.game.facts.tracks_repetition {
            self.history.seen.pop();
        }
        if self.game.ends.kept.is_some() {
            self.history.played.pop();
        }
        self.position.to_move = frame.mover;
        self.position.ended = frame.ended;
        self.position.tile.passes = frame.passes;
        self.position.traces.passing = frame.passing;
        self.position.traces.clock = frame.clock;
        self.position.traces.enemies = frame.enemies;
        self.position.traces.claimed = frame.claimed;
        self.position.traces.groups_clear = frame.groups_clear;
        if self.game.facts.roll_rule.is_some() {
            self.undo_chance(frame.mv, frame.mover, frame.thrown);
        }
        match self.game.moves[frame.mv.rule as usize].kind {
            MoveKind::Place { .. } | MoveKind::Pass { .. } | MoveKind::Swap => {
                self.undo_tile(frame.mv, frame.mover)
            }
            MoveKind::PlacePiece {
                kind,
                from_hand: true,
                ..
            }
            | MoveKind::SiteWalk(Walk {
                action:
                    WalkAction::Place {
                        kind,
                        from_hand: true,
                    },
                ..
            }) => {
                let kinds = self.game.about.piece_kinds.len();
                self.position.stock[frame.mover.index() * kinds + kind as usize] += 1;
            }
            MoveKind::Wall(_) => self.undo_wall(frame.mv, frame.mover),
            MoveKind::Side(_) => self.undo_side(frame.mv, frame.mover),
            _ => {}
        }
        Some(frame.mv)
    }

    /// Makes the first promotion that applies to the piece move `m` landed, to the kind
    /// the move chose where the promotion offers a choice.
    fn promote(&mut self, m: Move, mover: Player) {
        if let Some((_, to)) = self.promotion(m) {
            let kind = m.promoted_to().unwrap_or(to);
            self.set(m.to, self.game.cell(mover, kind));
        }
    }

    /// The first promotion that applies to the piece move `m` landed (on `m.to`), if one
    /// does: the effect's index and the kind it promotes to.
    pub(crate) fn promotion(&self, m: Move) -> Option<(usize, usize)> {
        let game = &*self.game;
        let kind = game.kind_of(self.position.cells[m.to.index()]);
        game.effects.iter().enumerate().find_map(|(i, effect)| {
            let EffectKind::Promote { to, .. } = effect.kind else {
                return None;
            };
            let applies = game.promotes_on(&effect.kind, (m.from, m.to))
                && effect.filter.kinds >> kind & 1 == 1
                && kind != to as usize
                && self.holds(&effect.condition);
            applies.then_some((i, to as usize))
        })
    }

    /// Takes the pieces a jump of `mover` passed over: captures the enemy pieces (`mode`), or
    /// removes the mover's own where the rule jumps `over friend remove`.
    #[inline(always)]
    pub(crate) fn take_jumped(
        &mut self,
        m: Move,
        mover: Player,
        chain: Chain,
        over: Jumped,
        mode: CaptureMode,
    ) {
        match over {
            Jumped::Friend => self.each_jumped(m, mover, chain, |s, site| s.set(site, EMPTY)),
            _ => self.each_jumped(m, mover, chain, |s, site| s.capture(site, mover, mode)),
        }
    }

    /// Takes the piece on `site`, the site a walk of `mover`'s passed over on its way along
    /// `line` (from, to), as the walk says ([`Taking`]).
    pub(crate) fn take_site(
        &mut self,
        site: Site,
        line: (Site, Site),
        mover: Player,
        taking: Taking,
    ) {
        match taking {
            Taking::Capture(mode) => self.capture(site, mover, mode),
            Taking::Remove => self.set(site, EMPTY),
            Taking::Keep => {}
            Taking::Behind => self.move_behind(site, line),
        }
    }

    /// Moves the piece on `site` to the site just before `to` on the line from `from`
    /// ([`Taking::Behind`]); nothing where they lie on no line. Out of line and cold: a
    /// castling's routine moves its partner itself.
    #[cold]
    #[inline(never)]
    fn move_behind(&mut self, site: Site, (from, to): (Site, Site)) {
        let Some(&behind) = walk::passed_over(&self.game, (from, to)).last() else {
            return;
        };
        let piece = self.position.cells[site.index()];
        self.set(site, EMPTY);
        self.set(behind, piece);
    }

    /// Takes, as the walk says, the pieces on the sites a walk's move `m` of `mover`'s,
    /// recorded by its route, passed over after its first leg's (which the move records as
    /// the site it passed over, taken as any walk's). Out of line and cold: few games' walks
    /// have a route, and inlined it would make every game's `apply` heavier.
    #[cold]
    #[inline(never)]
    fn take_route(&mut self, m: Move, mover: Player, taking: Taking) {
        let game = Arc::clone(&self.game);
        for (over, _) in m.jumps(&game).skip(1).filter(|&(over, _)| over != NO_SITE) {
            self.take_site(over, (m.from, m.to), mover, taking);
        }
    }

    /// Calls `take` on every site a jump passed over, once the piece has landed (they
    /// stood until then): the one jumped; the legs of a chain that may turn or goes
    /// straight on; the pieces a chain recorded by its pieces jumped (whose piece is first
    /// made the kind it became on the way, if it did); none for a chain to any landing.
    #[inline(always)]
    fn each_jumped(
        &mut self,
        m: Move,
        mover: Player,
        chain: Chain,
        mut take: impl FnMut(&mut State, Site),
    ) {
        match chain {
            Chain::Single => take(self, m.over),
            Chain::Turning | Chain::TurningAtWill => {
                let game = Arc::clone(&self.game);
                for (over, _) in m.turning_jumps((m.turning_directions(&game), None), &game) {
                    take(self, over);
                }
            }
            Chain::Straight => self.each_straight_jump(m, take),
            Chain::Pieces => self.each_piece_jumped(m, mover, take),
            // Takes nothing (the compiler refuses a capture), and its route is not kept.
            Chain::Reach => {}
        }
    }

    /// [`State::each_jumped`] for a chain `chained straight`. Kept out of line, so that the
    /// captures of other games are compiled as they were.
    #[inline(never)]
    fn each_straight_jump(&mut self, m: Move, mut take: impl FnMut(&mut State, Site)) {
        let game = Arc::clone(&self.game);
        for (over, _) in m.turning_jumps(m.straight_directions(&game), &game) {
            take(self, over);
        }
    }

    /// [`State::each_jumped`] for a chain recorded by its pieces. Kept out of line, so that
    /// the captures of other games are compiled as they were.
    #[inline(never)]
    fn each_piece_jumped(
        &mut self,
        m: Move,
        mover: Player,
        mut take: impl FnMut(&mut State, Site),
    ) {
        self.crown_on_the_way(m, mover);
        let game = Arc::clone(&self.game);
        for site in game.tables.piece_bits.sites(m.from, m.path) {
            take(self, site);
        }
    }

    /// Takes, as the walk says, the pieces a walk's move `m` of `mover`'s recorded by its
    /// pieces passed over ([`rulebook_model::RouteRecord::Pieces`]), once the piece it
    /// made another kind on the way, if it did, is that kind. Out of line and cold, as
    /// [`State::take_route`].
    #[cold]
    #[inline(never)]
    pub(crate) fn take_pieces(&mut self, m: Move, mover: Player, taking: Taking) {
        self.crown_on_the_way(m, mover);
        let game = Arc::clone(&self.game);
        for site in game.tables.piece_bits.sites(m.from, m.path) {
            self.take_site(site, (m.from, m.to), mover, taking);
        }
    }

    /// Makes the piece a chain recorded by its pieces landed the kind it became on the way
    /// (`at once`), if it did.
    #[inline(never)]
    pub(crate) fn crown_on_the_way(&mut self, m: Move, mover: Player) {
        if let Some(kind) = m.became() {
            self.set(m.to, self.game.cell(mover, kind));
        }
    }

    /// Plays the steps of a move that captures by approach or withdrawal: each step moves
    /// the piece and takes the run of enemy pieces it captures before the next is made.
    /// Kept out of line, so that the moves of other games are compiled as they were.
    #[inline(never)]
    pub(crate) fn play_line_steps(&mut self, m: Move, mover: Player, mode: CaptureMode) {
        let game = Arc::clone(&self.game);
        let piece = self.position.cells[m.from.index()];
        for step in m.steps(&game) {
            self.set(step.from, EMPTY);
            self.set(step.to, piece);
            let (mut site, dir) = step.run(&game.board);
            while site != NO_SITE && self.owner(site).is_some_and(|p| p != mover) {
                self.capture(site, mover, mode);
                site = game.board.step(site, dir);
            }
        }
    }

    /// Plays a walk's move `m` of `mover`'s whose route is made leg by leg
    /// ([`Walk::plays_by_legs`]): the piece goes from landing to landing, and as it lands
    /// the piece a leg passed over, or every piece of the run it passed over (the unbroken
    /// run of enemy pieces, as the legs before left the board), is taken as the walk says.
    /// Returns how many sites that changed. Out of line and cold, as
    /// [`State::take_route`].
    #[cold]
    #[inline(never)]
    pub(crate) fn play_route(&mut self, m: Move, mover: Player) -> u32 {
        let game = Arc::clone(&self.game);
        let MoveKind::Walk(walk) = &game.moves[m.rule as usize].kind else {
            return 0;
        };
        let (Some((legs, _)), Some(taking)) = (walk.route(), walk.taking) else {
            return 0;
        };
        let piece = self.position.cells[m.from.index()];
        let (mut at, mut changed) = (m.from, 0);
        for (k, over, to) in m.route_legs(&game) {
            self.set(at, EMPTY);
            self.set(to, piece);
            at = to;
            let (mut site, along) = (over, Walk::leg_run(&legs[k]));
            while site != NO_SITE
                && (along.is_none() || self.owner(site).is_some_and(|p| p != mover))
            {
                let before = self.position.cells[site.index()];
                self.take_site(site, (m.from, m.to), mover, taking);
                changed += u32::from(self.position.cells[site.index()] != before);
                site = along.map_or(NO_SITE, |d| game.board.step(site, d));
            }
        }
        changed
    }

    /// Converts or removes the piece on `site` if it is not the mover's.
    #[inline]
    fn capture(&mut self, site: Site, mover: Player, mode: CaptureMode) {
        let cell = self.position.cells[site.index()];
        if cell == EMPTY || self.game.tables.owner[cell.index()] == mover {
            return;
        }
        let new = match mode {
            CaptureMode::Convert => self.game.cell(mover, self.game.kind_of(cell)),
            CaptureMode::Remove => EMPTY,
        };
        if mode == CaptureMode::Remove && self.game.facts.captures_into_hand {
            self.take_into_hand(mover, site);
        }
        self.set(site, new);
    }

    /// With `capture into hand`: an enemy piece on `site`, about to be taken by `taker`,
    /// goes into the taker's hand as the kind [`hand_kinds`](rulebook_model::Tables::hand_kinds) says (logged, for
    /// undo, as a [`Cell::HAND_NOTE`]).
    fn take_into_hand(&mut self, taker: Player, site: Site) {
        let cell = self.position.cells[site.index()];
        if cell == EMPTY || self.game.tables.owner[cell.index()] == taker {
            return;
        }
        let kind = self.game.tables.hand_kinds[self.game.kind_of(cell)] as usize;
        let slot = taker.index() * self.game.about.piece_kinds.len() + kind;
        let n = self.position.stock[slot];
        let z = &self.game.tables.zobrist;
        self.position.hash ^= z.hand(slot, n) ^ z.hand(slot, n + 1);
        self.position.stock[slot] = n + 1;
        if !self.forward {
            self.history.log.push((Site::at(slot), Cell::HAND_NOTE));
        }
    }

    /// Changes a site, logging the old content and updating the hash. A piece that stood
    /// there unmoved no longer does (in games that keep it).
    #[inline]
    fn set(&mut self, site: Site, cell: Cell) {
        self.set_cell(site, cell);
        let z = &self.game.tables.zobrist;
        if self.game.facts.tracks_unmoved() && self.position.is_unmoved(site) {
            self.position.mark_unmoved(site, false);
            self.position.hash ^= z.unmoved(site);
            if !self.forward {
                self.history.log.push((site, Cell::UNMOVED_NOTE));
            }
        }
    }

    /// [`State::set`] in a game that keeps no piece as unmoved (a game of tiles).
    #[inline(always)]
    fn set_cell(&mut self, site: Site, cell: Cell) {
        let old = self.position.cells[site.index()];
        if !self.forward {
            self.history.log.push((site, old));
        }
        let z = &self.game.tables.zobrist;
        self.position.hash ^= z.cell(site, old) ^ z.cell(site, cell);
        self.position.put_raw(&self.game, site, cell);
    }

    /// Sets which pieces stand unmoved (a bit per site; bits of empty sites, or past the
    /// board, mean nothing) while building a position, with their hash keys.
    fn set_unmoved(&mut self, unmoved: &[u64]) {
        let z = &self.game.tables.zobrist;
        for site in Site::all(self.game.board.sites()) {
            if self.position.is_unmoved(site) {
                self.position.hash ^= z.unmoved(site);
            }
            let word = unmoved.get(site.index() / 64).copied().unwrap_or(0);
            let bit = word >> (site.index() % 64) & 1 == 1;
            let occupied = self.position.cells[site.index()] != EMPTY;
            self.position.mark_unmoved(site, bit && occupied);
            if bit && occupied {
                self.position.hash ^= z.unmoved(site);
            }
        }
    }

    /// Puts a piece on an empty site while building a position.
    fn put(&mut self, site: Site, cell: Cell) {
        self.position.hash ^= self.game.tables.zobrist.cell(site, cell);
        self.position.put_raw(&self.game, site, cell);
    }

    /// The player after `p` in turn order: `p` again in a game of one player.
    #[inline]
    fn next_player(&self, p: Player) -> Player {
        if self.game.solo() {
            p
        } else {
            p.next(self.game.seats())
        }
    }

    /// Whether a rule's condition holds in this position.
    #[inline]
    fn holds(&self, c: &rulebook_model::Condition) -> bool {
        match c {
            rulebook_model::Condition::Always => true,
            rulebook_model::Condition::When(e) => self.eval(e) != 0,
        }
    }
}
