//! Sowing moves as text: the number of the pit sown, counted from the mover's left.

use super::MoveError;
use rulebook_engine::{Move, MoveList, State};

/// The text of a sowing move: its pit's number.
pub(super) fn text(state: &State, m: Move) -> String {
    state.game().board.pit_number(m.pit()).to_string()
}

/// Parses a pit number (1 from the mover's left) into a legal sowing move.
pub(super) fn parse(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let pits = state.game().board.pits();
    let k: u16 = text.parse().map_err(|_| MoveError::Malformed {
        text: text.to_string(),
        expected: format!("a pit number from 1 to {pits}, counted from the mover's left"),
    })?;
    if k == 0 || k > pits {
        return Err(MoveError::Illegal {
            text: text.to_string(),
            reason: format!(
                "there is no pit {k}; pits are numbered 1 to {pits} from the mover's left"
            ),
        });
    }
    let pit = state.game().board.pit(state.to_move(), k);
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    match moves.iter().copied().find(|m| m.pit() == pit) {
        Some(m) => Ok(m),
        None if moves.is_empty() => Err(MoveError::GameOver),
        None => Err(MoveError::Illegal {
            text: text.to_string(),
            reason: format!("pit {k} is empty"),
        }),
    }
}
