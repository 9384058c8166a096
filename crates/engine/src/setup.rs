//! A described position ([`Setup`]) and its validation into a [`State`]: every count is
//! checked against the compiled game's tables before the state is built, so a hand-built
//! position can never index past them.

use std::sync::Arc;

use super::State;
use rulebook_model::tiles::PATTERNS;
use rulebook_model::{Cell, Game, MoveKind, Player, Site, EMPTY, MAX_HAND, MAX_STACK, NO_SITE};

/// A position described part by part, without history: what [`State::from_setup`] checks
/// and builds, and what [`State::setup`] reads back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The content of every site (as many as the board has).
    pub cells: Vec<Cell>,
    /// Stones per site on a board of pits (as many as the board has sites); in a game with
    /// stacks, the pieces on each site (0 on an empty one, more than 1 for a stack), or
    /// empty for one piece on each site that holds one; empty on other boards.
    pub counts: Vec<u16>,
    /// Marks per site: 0, or 1 + the marking player; empty for none.
    pub marks: Vec<u8>,
    /// Tile games: each player's hand (bit `k` for the tile of kind `k`); `None` for the
    /// starting hands less the tiles each player has on the board.
    pub hands: Option<Vec<u64>>,
    /// Games with a counted stock: pieces in hand, `stock[player * kinds + kind]`; `None`
    /// for the usual hands ([`usual_stock`]).
    pub stock: Option<Vec<u16>>,
    /// Tile games: passes in a row.
    pub passes: u8,
    /// Whether the players have swapped sides (games with the swap).
    pub swapped: bool,
    /// Tile games: the player who made the last placement, if any.
    pub last_placer: Option<Player>,
    /// Games with `by unmoved`: a bit per site whose piece has not moved; `None` for the
    /// usual ones ([`unmoved_at_start`]).
    pub unmoved: Option<Vec<u64>>,
    /// Games with `in passing`: the last move, `(from, to)`, of a piece that passed over
    /// sites on its line, if it may be taken in passing; `None` for none.
    pub passing: Option<(Site, Site)>,
    /// Games whose rules read `last` or `origin` on a board of pieces: the sites the latest
    /// move started from and landed on, `(origin, last)`, either of them [`NO_SITE`] where
    /// it has none (a placement has no origin); `None` for no move yet.
    pub played: Option<(Site, Site)>,
    /// Games with `end when N moves without ...`: the moves in a row without progress.
    pub clock: u16,
    /// Games of chance: the throw of this turn, or the opening roll to come.
    pub thrown: SetupDice,
    /// Games whose walls lie in grooves: the walls standing, by number
    /// ([`Grooves`](rulebook_model::Grooves)), lowest first; games whose lines are drawn
    /// on the sides of cells: the sides drawn, by number
    /// ([`Sides`](rulebook_model::Sides)), lowest first.
    pub walls: Vec<usize>,
    /// The player to move.
    pub to_move: Player,
}

impl Setup {
    /// An empty board of this game (no pieces, no stones, no marks), the first player to
    /// move.
    pub fn empty(game: &Game) -> Setup {
        let sites = game.board.sites();
        Setup {
            cells: vec![EMPTY; sites],
            counts: if game.board.pits() > 0 {
                vec![0; sites]
            } else {
                Vec::new()
            },
            marks: Vec::new(),
            hands: None,
            stock: None,
            passes: 0,
            swapped: false,
            last_placer: None,
            unmoved: None,
            passing: None,
            played: None,
            clock: 0,
            thrown: SetupDice::Due,
            walls: Vec::new(),
            to_move: Player::FIRST,
        }
    }
}

/// The dice of a described position ([`Setup::thrown`]), in a game of chance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SetupDice {
    /// The dice are to be thrown for this turn (in other games: always).
    #[default]
    Due,
    /// The opening roll is to come (`opening roll one die each`): its throw decides who
    /// starts.
    Opening,
    /// The throw of this turn, as the index of its outcome in
    /// [`Dice::outcomes`](rulebook_model::Dice::outcomes), with the dice left to use
    /// (dice used one by one; empty otherwise).
    Made(usize, Vec<u8>),
}

/// Why a [`Setup`] is not a position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A list by site does not have one entry per site.
    Sites {
        /// Which list: cells, counts or marks.
        part: SetupPart,
        /// How many entries it has.
        found: usize,
        /// How many sites the board has.
        sites: usize,
    },
    /// A cell value that is no piece of the game.
    Cell {
        /// The site.
        site: Site,
        /// The value.
        cell: Cell,
    },
    /// Stones on a board without pits, or tile state in a game without tiles.
    NotInGame {
        /// Which part.
        part: SetupPart,
    },
    /// More stones than the game has in play (its hash tables cover no more).
    Stones {
        /// The stones described.
        total: usize,
        /// The stones in play.
        max: usize,
    },
    /// A mark by a player the game does not have.
    Mark {
        /// The site.
        site: Site,
        /// The mark (1 + player).
        mark: u8,
    },
    /// A hand holding kinds of tile that do not exist, or hands for the wrong number of
    /// players.
    Hand {
        /// The player.
        player: usize,
    },
    /// Pieces in hand in a game without a counted stock, hands for the wrong number of
    /// players or kinds, a piece in hand of a kind placed from no stock, or more than
    /// [`MAX_HAND`] of a kind.
    Stock {
        /// The player.
        player: usize,
    },
    /// A side to move that is none of the game's seats.
    ToMove {
        /// The player named.
        player: Player,
    },
    /// More passes in a row than players (the game would have ended).
    Passes {
        /// The passes described.
        passes: u8,
    },
    /// A stack on a site that holds no piece or a piece of a kind that does not stack, or
    /// of more than [`MAX_STACK`] pieces.
    Stack {
        /// The site.
        site: Site,
        /// The pieces described on it.
        count: u16,
    },
    /// A wall in a game without grooves, one the grooves do not have, or one that
    /// crosses or overlaps another described before it; in a game of sides, a line on a
    /// side the cells do not have, or on one named before it.
    Wall {
        /// The wall's number ([`Grooves`](rulebook_model::Grooves)).
        wall: usize,
    },
}

/// A part of a [`Setup`], named in a [`SetupError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupPart {
    /// The cells.
    Cells,
    /// The stones per site.
    Counts,
    /// The marks.
    Marks,
    /// The hands, passes, swap or last placer of a tile game.
    Tiles,
    /// The pieces in hand of a game with a counted stock.
    Stock,
}

/// Checks a setup against the game's tables.
fn validate(game: &Game, setup: &Setup) -> Result<(), SetupError> {
    let sites = game.board.sites();
    let players = game.about.players.len();
    let length = |part, found| match found == sites {
        true => Ok(()),
        false => Err(SetupError::Sites { part, found, sites }),
    };
    length(SetupPart::Cells, setup.cells.len())?;
    if setup.to_move.index() >= game.seats() {
        return Err(SetupError::ToMove {
            player: setup.to_move,
        });
    }
    if let Some((site, &cell)) =
        (setup.cells.iter().enumerate()).find(|(_, &c)| c.index() >= game.cell_codes())
    {
        let site = Site::at(site);
        return Err(SetupError::Cell { site, cell });
    }
    if game.start.stacking != 0 {
        validate_stacks(game, setup)?;
    } else if !setup.counts.is_empty() {
        if game.board.pits() == 0 {
            return Err(SetupError::NotInGame {
                part: SetupPart::Counts,
            });
        }
        length(SetupPart::Counts, setup.counts.len())?;
        let total: usize = setup.counts.iter().map(|&c| c as usize).sum();
        if total > game.tables.zobrist.max_count() {
            let max = game.tables.zobrist.max_count();
            return Err(SetupError::Stones { total, max });
        }
    }
    if !setup.marks.is_empty() {
        length(SetupPart::Marks, setup.marks.len())?;
        if let Some((site, &mark)) =
            (setup.marks.iter().enumerate()).find(|(_, &m)| m as usize > players)
        {
            let site = Site::at(site);
            return Err(SetupError::Mark { site, mark });
        }
    }
    validate_stock(game, setup)?;
    validate_tiles(game, setup)
}

/// Checks the heights of the stacks: one per site, more than one only on a site whose
/// piece stacks, at most [`MAX_STACK`].
fn validate_stacks(game: &Game, setup: &Setup) -> Result<(), SetupError> {
    if setup.counts.is_empty() {
        return Ok(());
    }
    let sites = game.board.sites();
    if setup.counts.len() != sites {
        let (part, found) = (SetupPart::Counts, setup.counts.len());
        return Err(SetupError::Sites { part, found, sites });
    }
    let stacks = |cell: Cell| cell != EMPTY && game.start.stacking >> game.kind_of(cell) & 1 == 1;
    let wrong = (setup.cells.iter().zip(&setup.counts)).position(|(&cell, &count)| {
        count > MAX_STACK || (count > 1 && !stacks(cell)) || (count == 0) != (cell == EMPTY)
    });
    match wrong {
        Some(site) => Err(SetupError::Stack {
            site: Site::at(site),
            count: setup.counts[site],
        }),
        None => Ok(()),
    }
}

/// Checks the pieces in hand: one count per player and kind, none of a kind placed from no
/// stock, at most [`MAX_HAND`].
fn validate_stock(game: &Game, setup: &Setup) -> Result<(), SetupError> {
    let Some(stock) = &setup.stock else {
        return Ok(());
    };
    if game.start.stock.is_empty() {
        return Err(SetupError::NotInGame {
            part: SetupPart::Stock,
        });
    }
    let kinds = game.about.piece_kinds.len();
    let fits = |slot: usize| {
        let n = match slot < game.start.stock.len() {
            true => stock.get(slot).copied().unwrap_or(u16::MAX),
            false => u16::MAX,
        };
        n <= MAX_HAND && (n == 0 || game.start.stocked.contains(&((slot % kinds) as u8)))
    };
    match (0..game.start.stock.len().max(stock.len())).find(|&slot| !fits(slot)) {
        Some(slot) => Err(SetupError::Stock {
            player: slot / kinds,
        }),
        None => Ok(()),
    }
}

/// The pieces in hand when a position does not say: each player's stock at the start,
/// less the pieces of each kind they have on the board beyond those the setup put there
/// (the pieces placed since, in a game without captures), never below 0.
pub fn usual_stock(game: &Game, cells: &[Cell]) -> Vec<u16> {
    let kinds = game.about.piece_kinds.len();
    let mut placed = vec![0i64; game.start.stock.len()];
    for &cell in cells.iter().filter(|&&c| c != EMPTY) {
        if let Some(n) =
            placed.get_mut((game.tables.owner[cell.index()]).index() * kinds + game.kind_of(cell))
        {
            *n += 1;
        }
    }
    for &(_, cell) in &game.start.setup {
        if let Some(n) =
            placed.get_mut((game.tables.owner[cell.index()]).index() * kinds + game.kind_of(cell))
        {
            *n -= 1;
        }
    }
    (game.start.stock.iter().zip(placed))
        .map(|(&start, n)| (start as i64 - n.max(0)).max(0) as u16)
        .collect()
}

/// Checks the tile part of a setup: hands of existing kinds for every player, passes.
fn validate_tiles(game: &Game, setup: &Setup) -> Result<(), SetupError> {
    // Passes in a row belong to any game with a pass move; the rest only to tile games.
    let passes = game
        .moves
        .iter()
        .any(|r| matches!(r.kind, MoveKind::Pass { .. }));
    let tile_state = setup.hands.is_some()
        || (setup.passes > 0 && !passes)
        || (setup.swapped && !game.has_swap())
        || setup.last_placer.is_some();
    if setup.passes as usize > game.about.players.len() {
        return Err(SetupError::Passes {
            passes: setup.passes,
        });
    }
    if game.tiles.is_none() {
        return match tile_state {
            true => Err(SetupError::NotInGame {
                part: SetupPart::Tiles,
            }),
            false => Ok(()),
        };
    }
    let players = game.about.players.len();
    if let Some(hands) = &setup.hands {
        let kinds = game.about.piece_kinds.len().min(PATTERNS);
        let all = if kinds >= 64 {
            u64::MAX
        } else {
            (1 << kinds) - 1
        };
        if let Some(player) =
            (0..players.max(hands.len())).find(|&p| hands.get(p).is_none_or(|h| h & !all != 0))
        {
            return Err(SetupError::Hand { player });
        }
    }
    if setup.passes as usize > players {
        return Err(SetupError::Passes {
            passes: setup.passes,
        });
    }
    Ok(())
}

/// The pieces that stand unmoved in a position built from its cells, a bit per site: those
/// of the kinds a rule asks to be unmoved ([`Facts::unmoved_kinds`]) standing where the
/// start position has the same piece (all of them at the start).
///
/// [`Facts::unmoved_kinds`]: rulebook_model::Facts::unmoved_kinds
pub fn unmoved_at_start(game: &Game, cells: &[Cell]) -> Vec<u64> {
    let mut unmoved = vec![0u64; game.board.sites().div_ceil(64)];
    for &(site, cell) in &game.start.setup {
        let asked = game.facts.unmoved_kinds >> game.kind_of(cell) & 1 == 1;
        if asked && cells.get(site.index()) == Some(&cell) {
            unmoved[site.index() / 64] |= 1 << (site.index() % 64);
        }
    }
    unmoved
}

impl State {
    /// The position a setup describes, after checking that it fits the game (its history
    /// starts here). The end rules checked after moves are checked here too, as after the
    /// move that led to the position: on a board of pits, an empty row ends the game by an
    /// `end when empty row` rule (its remaining stones moved as the rule says); in a
    /// tile game, as many passes in a row as players end it by `end when both pass`; an
    /// end rule on a condition of the position ends it with the player before the one to
    /// move as the mover; and so does a count of moves without progress that has reached
    /// its rule's.
    pub fn from_setup(game: Arc<Game>, setup: Setup) -> Result<State, SetupError> {
        validate(&game, &setup)?;
        let sites = game.board.sites();
        let marks = match setup.marks.is_empty() {
            true => vec![0; sites],
            false => setup.marks,
        };
        let stock = match setup.stock {
            Some(stock) => stock,
            None => usual_stock(&game, &setup.cells),
        };
        let stacked = game.start.stacking != 0;
        let (counts, heights) = match stacked {
            true => (Vec::new(), setup.counts),
            false => (setup.counts, Vec::new()),
        };
        let mut state = State::with_position(game, setup.cells, counts, marks, setup.to_move);
        state.init_stock(stock);
        state.init_stacks(&heights);
        if let (Some(unmoved), true) = (&setup.unmoved, state.game.facts.tracks_unmoved()) {
            state.set_unmoved(unmoved);
        }
        if let (Some(passing), true) = (setup.passing, state.game.facts.passing_kinds != 0) {
            let sites = state.game.board.sites();
            if passing.0.index() < sites && passing.1.index() < sites {
                state.set_passing(passing, state.last_mover());
            }
        }
        if let (Some(played), true) = (setup.played, state.game.facts.keeps_last) {
            state.set_played(played);
        }
        if state.game.facts.reads_captured {
            // Nothing captured by the move that led here, which is not known.
            state.position.traces.enemies = state.enemies_of(state.last_mover());
        }
        if state.game.ends.clock.is_some() {
            state.position.traces.clock = setup.clock;
        }
        state.set_walls(&setup.walls)?;
        state.set_setup_dice(&setup.thrown);
        if state.game.tiles.is_some() {
            state.init_tiles(setup.hands);
            state.position.tile.last_placer = setup.last_placer;
        }
        // Passes in a row, in any game with a pass.
        state.position.tile.passes = setup.passes;
        if setup.passes > 0 {
            state.end_if_all_passed(state.position.to_move);
        }
        if setup.swapped {
            state.position.tile.swapped = true;
            state.position.hash ^= state.game.tables.zobrist.swapped;
        }
        if state.game.board.pits() > 0 {
            state.check_rows();
        }
        if !state.game.ends.conditions.is_empty() && state.position.ended.is_none() {
            // As after the move that led here, made by the player before the one to move
            // (which stone it placed is not known).
            state.position.traces.groups_clear = state.no_group_rule_holds();
            state.check_position_ends(state.last_mover(), None);
        }
        if state.game.facts.stuck_moves_stones && state.position.ended.is_none() {
            state.end_if_stuck();
        }
        let clock = state.game.ends.clock.map_or(u32::MAX, |c| c.moves);
        if u32::from(state.position.traces.clock) >= clock && state.position.ended.is_none() {
            state.end_on_clock(state.last_mover());
        }
        Ok(state)
    }

    /// The position as a setup (without its history): [`State::from_setup`] of it gives an
    /// equal state.
    pub fn setup(&self) -> Setup {
        let tiles = self.game.tiles.is_some();
        Setup {
            cells: self.position.cells.clone(),
            counts: match self.position.stacks.is_empty() {
                true => self.position.pits.counts().to_vec(),
                false => self.heights(),
            },
            marks: match self.position.pits.marks().iter().any(|&m| m != 0) {
                true => self.position.pits.marks().to_vec(),
                false => Vec::new(),
            },
            hands: tiles.then(|| self.position.tile.hands.clone()),
            stock: (!self.position.stock.is_empty()).then(|| self.position.stock.clone()),
            passes: self.position.tile.passes,
            swapped: self.position.tile.swapped,
            last_placer: self.last_placer(),
            unmoved: self
                .game
                .facts
                .tracks_unmoved()
                .then(|| self.position.traces.unmoved.clone()),
            passing: (self.position.traces.passing.1 != NO_SITE)
                .then_some(self.position.traces.passing),
            played: self.played(),
            clock: self.position.traces.clock,
            thrown: match self.position.thrown.outcome() {
                Some(outcome) => SetupDice::Made(outcome, self.position.thrown.dice().to_vec()),
                None if self.position.thrown.opening() => SetupDice::Opening,
                None => SetupDice::Due,
            },
            walls: self.placed_bits(),
            to_move: self.position.to_move,
        }
    }
}

impl State {
    /// Sets the dice of a described position, on a state whose dice are due: the opening
    /// roll to come (in a game that has one), or the throw made with the dice left.
    fn set_setup_dice(&mut self, thrown: &SetupDice) {
        let throws = self.chance().map_or(0, |dice| dice.outcomes.len());
        match (thrown, self.game.facts.roll_rule) {
            (SetupDice::Opening, _) => self.await_opening(),
            (SetupDice::Made(outcome, dice), Some(rule)) if *outcome < throws => {
                self.throw(crate::Move::throw(rule, *outcome));
                if !self.dice_left().is_empty() {
                    self.set_dice_left(dice);
                }
            }
            _ => {}
        }
    }

    /// The sites the latest move started from and landed on, `(origin, last)`, in a game
    /// that keeps them ([`rulebook_model::Facts::keeps_last`]) once a move has either.
    pub fn played(&self) -> Option<(Site, Site)> {
        let pits = &self.position.pits;
        let some = pits.origin != NO_SITE || pits.last != NO_SITE;
        (self.game.facts.keeps_last && some).then_some((pits.origin, pits.last))
    }

    /// Sets the sites of the latest move, `(origin, last)`, with their hash keys (a site off
    /// the board is no site).
    fn set_played(&mut self, (origin, last): (Site, Site)) {
        let sites = self.game.board.sites();
        let on_board = |s: Site| if s.index() < sites { s } else { NO_SITE };
        let (origin, last) = (on_board(origin), on_board(last));
        let z = &self.game.tables.zobrist;
        let pits = &mut self.position.pits;
        self.position.hash ^= z.played(pits.last, false) ^ z.played(pits.origin, true);
        (pits.origin, pits.last) = (origin, last);
        self.position.hash ^= z.played(last, false) ^ z.played(origin, true);
    }
}
