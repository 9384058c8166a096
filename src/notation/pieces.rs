//! Moves of pieces as text: two points joined by a dash (`a1-a4`).

use super::{is_site_like, move_text, MoveError};
use crate::engine::{Move, MoveList, State};
use crate::model::Site;

/// The text of a piece's move: `from-to`.
pub(super) fn text(state: &State, m: Move) -> String {
    let names = &state.game().board.site_names;
    format!("{}-{}", names[m.from as usize], names[m.to as usize])
}

/// Parses `from-to` into a legal move of this position, or says why it is not one.
pub(super) fn parse(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let game = std::sync::Arc::clone(state.game());
    let board = &game.board;
    let malformed = || MoveError::Malformed {
        text: text.to_string(),
        expected: "two points joined by a dash, like `a1-a4`".into(),
    };
    let (from, to) = text.split_once('-').ok_or_else(malformed)?;
    let not_a_point = |name: &str| MoveError::Illegal {
        text: text.to_string(),
        reason: format!("`{name}` is not a point of this board"),
    };
    let from_site = board
        .site_named(from.trim())
        .ok_or_else(|| not_a_point(from.trim()));
    let to_site = board
        .site_named(to.trim())
        .ok_or_else(|| not_a_point(to.trim()));
    if !is_site_like(from.trim()) || !is_site_like(to.trim()) {
        return Err(malformed());
    }
    let (from, to) = (from_site?, to_site?);
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if let Some(m) = moves.iter().copied().find(|m| m.from == from && m.to == to) {
        return Ok(m);
    }
    if moves.is_empty() {
        return Err(MoveError::GameOver);
    }
    let from_here: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| move_text(state, *m))
        .collect();
    Err(MoveError::Illegal {
        text: text.to_string(),
        reason: refusal(state, from, to, &from_here),
    })
}

/// Why no legal move goes from `from` to `to`, in words; `from_here` are the texts of the
/// legal moves from `from`.
fn refusal(state: &State, from: Site, to: Site, from_here: &[String]) -> String {
    let game = state.game();
    let mover = &game.players[state.to_move() as usize];
    let name = |s: Site| game.board.site_names[s as usize].clone();
    match state.owner(from) {
        None => format!("there is no piece on {}", name(from)),
        Some(p) if p != state.to_move() => {
            format!("the piece on {} is not {mover}'s", name(from))
        }
        Some(_) => {
            let mut pseudo = MoveList::new();
            state.pseudo_legal_moves(&mut pseudo);
            if pseudo.iter().any(|m| m.from == from && m.to == to) {
                "it would repeat an earlier position".to_string()
            } else if from_here.is_empty() {
                format!("the piece on {} cannot move", name(from))
            } else {
                format!(
                    "the piece on {} cannot go to {}; it can go: {}",
                    name(from),
                    name(to),
                    from_here.join(" ")
                )
            }
        }
    }
}
