//! Notation: the text of moves. The canonical text of a move, the parsing of text into a
//! legal move of a position, and the words of a refusal ([`MoveError`]).
//!
//! The engine knows no text; this layer reads a position only through its public queries
//! (legal and pseudo-legal moves, owners, hands, the model's site names). One file per form
//! of move: `pieces` (`from-to`), `pits` (a pit number) and `tiles` (`cell:tile`, `pass`,
//! `swap`).

mod pieces;
mod pits;
mod tiles;

use std::fmt;

use crate::engine::{Move, MoveList, State};
use crate::model::MoveKind;

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

/// The canonical text of a move of this position's game: `from-to`, a pit number for
/// sowing, or `cell:tile`, `pass` or `swap` for tiles.
pub fn move_text(state: &State, m: Move) -> String {
    if let Some(text) = tiles::text(state, m) {
        return text;
    }
    let game = state.game();
    if let MoveKind::Sow { .. } = game.moves[m.rule as usize].kind {
        return pits::text(state, m);
    }
    pieces::text(state, m)
}

/// Parses canonical move text into a legal move of this position, or says why it is not
/// one.
pub fn parse_move(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if state.game().board.pits() > 0 {
        return pits::parse(state, text);
    }
    if state.game().tiles.is_some() {
        return tiles::parse(state, text);
    }
    pieces::parse(state, text)
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

/// Whether a text looks like a site name (a letter then digits), legal on this board or not.
fn is_site_like(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic()) && {
        let rest: Vec<char> = chars.collect();
        !rest.is_empty() && rest.iter().all(char::is_ascii_digit)
    }
}
