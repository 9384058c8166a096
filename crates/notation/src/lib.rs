//! Notation: the text of moves and positions. The canonical text of a move, the parsing of
//! text into a legal move of a position, and the words of a refusal ([`MoveError`]); the
//! text of a position and its parsing into a state (`position`, [`PositionError`]), held to
//! what the game's rules allow (`limits`).
//!
//! The engine knows no text; this layer reads a position only through its public queries
//! (legal and pseudo-legal moves, owners, hands, the model's site names). One file per form
//! of move: `pieces` (`from-to`), `pits` (a pit number) and `tiles` (`cell:tile`, `pass`,
//! `swap`); `uci` reads and writes a piece's move as UCI does (`e2e4`, `e7e8q`),
//! `fen` a position as FEN does, and `sfen` one with pieces in hand as USI's SFEN does;
//! `usi` reads a move as USI writes it (`7g7f`, `8h2b+`, `P*5e`).

mod fen;
mod limits;
mod pieces;
mod pits;
mod position;
mod sfen;
mod tiles;
mod uci;
mod usi;

pub use fen::{clocks_after, fen_fits, fen_text, is_fen, parse_fen, Clocks};
pub use position::{
    kind_letter, parse_position, piece_letter, position_text, readable_position_text, PositionError,
};
pub use sfen::{is_sfen, parse_sfen, sfen_fits, sfen_text};
pub use uci::uci_text;

use std::fmt;

use rulebook_engine::{Move, MoveList, State};
use rulebook_model::{Game, Grooves, MoveKind, Sides};

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move of this game's form.
    Malformed {
        /// What was given.
        text: String,
        /// The form expected, in words.
        expected: String,
    },
    /// The move is well formed but not legal here.
    Illegal {
        /// What was given.
        text: String,
        /// Why not, in words.
        reason: String,
    },
    /// The game is over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { text, expected } => {
                write!(f, "`{text}` is not a move: expected {expected}")
            }
            MoveError::Illegal { text, reason } => write!(f, "{text} is not legal: {reason}"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveError {
    /// The same refusal of the move as it was written (`e2e5` read as `e2-e5`).
    fn written_as(self, written: &str) -> MoveError {
        match self {
            MoveError::Malformed { expected, .. } => MoveError::Malformed {
                text: written.to_string(),
                expected,
            },
            MoveError::Illegal { reason, .. } => MoveError::Illegal {
                text: written.to_string(),
                reason,
            },
            MoveError::GameOver => MoveError::GameOver,
        }
    }
}

/// The texts of the position's legal moves, in the engine's order.
pub fn legal_texts(state: &State) -> Vec<String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&m| move_text(state, m)).collect()
}

/// The canonical text of a move of this position's game, by its kind: `from-to` for a
/// piece's move, a pit number for sowing, `cell:tile` for a placed tile, `pass`, `swap`.
pub fn move_text(state: &State, m: Move) -> String {
    match state.game().moves[m.rule() as usize].kind {
        MoveKind::Pass { .. } => "pass".into(),
        MoveKind::Swap => "swap".into(),
        MoveKind::Sow { .. } => pits::text(state, m),
        MoveKind::Place { .. } => tiles::text(state, m),
        MoveKind::Roll(ref dice) => match (m.opens(), &dice.opening) {
            (true, Some(opening)) => format!("roll:{}", throw_text(opening, m.outcome())),
            _ => format!("roll:{}", throw_text(dice, m.outcome())),
        },
        MoveKind::Track(_) => pieces::track_text(state, m),
        MoveKind::Wall(_) => wall_text(state, m),
        MoveKind::Side(_) => side_name(state.game(), m.wall_number()),
        MoveKind::Slide { .. }
        | MoveKind::Jump { .. }
        | MoveKind::PlacePiece { .. }
        | MoveKind::Fly { .. }
        | MoveKind::Castle { .. }
        | MoveKind::Walk(_)
        | MoveKind::SiteWalk(_)
        | MoveKind::Remove { .. } => pieces::text(state, m),
    }
}

/// A throw of the dice as text: its value (`7`), or, for dice used one by one, its dice
/// in order (`3-4`; a double given twice written once, `4-4`).
pub fn throw_text(dice: &rulebook_model::Dice, outcome: usize) -> String {
    match dice.parts.get(outcome) {
        Some(part) => {
            let thrown = part.len() / if dice.doubled(outcome) { 2 } else { 1 };
            (part[..thrown].iter().map(u8::to_string).collect::<Vec<_>>()).join("-")
        }
        None => dice.outcomes[outcome].0.to_string(),
    }
}

/// The first rule of the game that lays walls in grooves, and its grooves.
fn wall_rule(game: &Game) -> Option<(usize, &Grooves)> {
    game.moves
        .iter()
        .enumerate()
        .find_map(|(i, r)| match &r.kind {
            MoveKind::Wall(g) => Some((i, g)),
            _ => None,
        })
}

/// A wall's name: the name of the cell south-west of its slot, then `h` for a wall across
/// the ranks (along them, between this cell's rank and the next) or `v` for one across the
/// files (`e3h`, `e3v`); `?` in a game without grooves.
pub fn wall_name(game: &Game, wall: usize) -> String {
    let Some((_, grooves)) = wall_rule(game).filter(|(_, g)| wall < g.walls()) else {
        return "?".into();
    };
    let (cell, vertical) = grooves.cell_of(wall);
    let name = &game.board.site_names[cell.index()];
    format!("{name}{}", if vertical { 'v' } else { 'h' })
}

/// The number of the wall this name names ([`wall_name`]), if the game's grooves have it.
pub fn wall_number(game: &Game, name: &str) -> Option<usize> {
    let (_, grooves) = wall_rule(game)?;
    let vertical = match name.as_bytes().last()? {
        b'h' => false,
        b'v' => true,
        _ => return None,
    };
    let cell = game.board.site_named(&name[..name.len() - 1])?;
    grooves.wall_at(cell, game.board.width, vertical)
}

/// The first rule of the game that draws lines on the sides of cells, and its sides.
pub(crate) fn side_rule(game: &Game) -> Option<(usize, &Sides)> {
    game.moves
        .iter()
        .enumerate()
        .find_map(|(i, r)| match &r.kind {
            MoveKind::Side(s) => Some((i, s)),
            _ => None,
        })
}

/// The letters of a cell's sides by grid direction (north, east, south, west).
const SIDE_LETTERS: [u8; 4] = *b"nesw";

/// A side's name: the name of a cell it borders, then the letter of that cell's side: `s`
/// or `w` for the south or west side of the cell north or east of it, `n` or `e` for a side
/// on the board's north or east border, which has no such cell (`b2s`, `a1w`, `b3n`,
/// `c1e` on 3 x 3); `?` in a game without sides.
pub fn side_name(game: &Game, side: usize) -> String {
    let Some((_, sides)) = side_rule(game).filter(|(_, s)| side < s.count()) else {
        return "?".into();
    };
    let (cell, dir) = sides.named_by(side);
    let name = &game.board.site_names[cell.index()];
    format!("{name}{}", char::from(SIDE_LETTERS[usize::from(dir)]))
}

/// The number of the side this name names, in a game with sides: a cell's name and the
/// letter of one of its sides (`n`, `e`, `s` or `w`; so `b1n` names the side `b2s` names).
pub fn side_number(game: &Game, name: &str) -> Option<usize> {
    let (_, sides) = side_rule(game)?;
    let letter = *name.as_bytes().last()?;
    let dir = SIDE_LETTERS.iter().position(|&l| l == letter)?;
    let cell = game.board.site_named(name.get(..name.len() - 1)?)?;
    sides.side_of(cell, dir as u8)
}

/// A line's move from its text (`b2s`), in a game whose rules draw lines on sides: `None`
/// where the text names no side of the board's cells.
fn parse_side(state: &mut State, text: &str) -> Option<Result<Move, MoveError>> {
    let game = state.game().clone();
    let (rule, _) = side_rule(&game)?;
    let side = side_number(&game, text)?;
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return Some(Err(MoveError::GameOver));
    }
    let m = Move::wall(rule as u8, side);
    Some(match moves.contains(&m) {
        true => Ok(m),
        false => Err(MoveError::Illegal {
            text: text.to_string(),
            reason: "no line may be drawn there: one is drawn already, or the rules forbid \
                     it, or the player has none left"
                .into(),
        }),
    })
}

/// A wall's move text: its name ([`wall_name`]).
fn wall_text(state: &State, m: Move) -> String {
    wall_name(state.game(), m.wall_number())
}

/// A wall's move from its text (`e3h`), in a game whose rules lay walls: `None` where the
/// text names no wall of the board's grooves.
fn parse_wall(state: &mut State, text: &str) -> Option<Result<Move, MoveError>> {
    let game = state.game().clone();
    let (rule, _) = wall_rule(&game)?;
    let wall = wall_number(&game, text)?;
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return Some(Err(MoveError::GameOver));
    }
    let m = Move::wall(rule as u8, wall);
    Some(match moves.contains(&m) {
        true => Ok(m),
        false => Err(MoveError::Illegal {
            text: text.to_string(),
            reason: "no wall may be laid there: it would cross or overlap a wall, or \
                     the rules forbid it, or the player has none left"
                .into(),
        }),
    })
}

/// Parses canonical move text into a legal move of this position, or says why it is not
/// one.
pub fn parse_move(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text == "pass" || text == "swap" {
        return parse_turn_move(state, text);
    }
    if let Some(found) = parse_wall(state, text) {
        return found;
    }
    if let Some(found) = parse_side(state, text) {
        return found;
    }
    if state.game().facts.roll_rule.is_some() {
        return parse_by_text(state, text);
    }
    if state.game().board.pits() > 0 {
        return pits::parse(state, text);
    }
    if state.game().tiles.is_some() {
        return tiles::parse(state, text);
    }
    if let Some(found) = usi::parse(state, text) {
        return found;
    }
    match uci::dashed(state.game(), text) {
        Some(dashed) => pieces::parse(state, &dashed).map_err(|e| e.written_as(text)),
        None => pieces::parse(state, text),
    }
}

/// Parses a move in canonical text and plays it; returns the move played.
pub fn play_text(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let m = parse_move(state, text)?;
    state.apply(m);
    Ok(m)
}

/// Plays a move after checking that it is legal, or says why it is not.
pub fn play(state: &mut State, m: Move) -> Result<(), MoveError> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.contains(&m) {
        state.apply(m);
        Ok(())
    } else if moves.is_empty() {
        Err(MoveError::GameOver)
    } else {
        Err(MoveError::Illegal {
            text: move_text(state, m),
            reason: "it is not among the legal moves".into(),
        })
    }
}

/// A move of a game of chance: the legal move whose text this is (`roll:3`, `d1`,
/// `a1-a2`, `g1-off`), or why there is none.
fn parse_by_text(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        return Err(MoveError::GameOver);
    }
    let texts: Vec<String> = moves.iter().map(|&m| move_text(state, m)).collect();
    if let Some(i) = texts.iter().position(|t| t == text) {
        return Ok(moves[i]);
    }
    let reason = match state.chance() {
        Some(_) => "the dice are thrown first (`roll`)".to_string(),
        None => format!("the legal moves are {}", texts.join(", ")),
    };
    Err(MoveError::Illegal {
        text: text.to_string(),
        reason,
    })
}

/// `pass` or `swap` (moves of any game, with no site): the legal one, or why it is not.
fn parse_turn_move(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let is_pass = text == "pass";
    let wanted = |k: &MoveKind| match is_pass {
        true => matches!(k, MoveKind::Pass { .. }),
        false => matches!(k, MoveKind::Swap),
    };
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let rules = &state.game().moves;
    if let Some(&m) = moves
        .iter()
        .find(|m| wanted(&rules[m.rule() as usize].kind))
    {
        return Ok(m);
    }
    if moves.is_empty() {
        return Err(MoveError::GameOver);
    }
    let reason = match (rules.iter().any(|r| wanted(&r.kind)), is_pass) {
        (false, _) => format!("this game has no {text}"),
        (true, true) => "passing is allowed only when no other move is possible".into(),
        (true, false) => "a swap is allowed only on the second player's first turn".into(),
    };
    Err(MoveError::Illegal {
        text: text.to_string(),
        reason,
    })
}

/// Whether a text looks like a site name (a letter then digits), legal on this board or not.
fn is_site_like(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic()) && {
        let rest: Vec<char> = chars.collect();
        !rest.is_empty() && rest.iter().all(char::is_ascii_digit)
    }
}
