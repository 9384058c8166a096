//! `rulebook position`: a position's board, side to move, legal moves or outcome, and its
//! text (the notation `--position` reads).

use std::sync::Arc;

use super::common::{load, start_state};
use super::{GameArgs, StartArgs};
use crate::engine::State;
use crate::notation;
use crate::render;

/// Prints the position after `--position` and `--moves` (as JSON with `json`).
pub(super) fn run(game: &GameArgs, start: &StartArgs, json: bool) -> Result<(), String> {
    let state = start_state(load(game)?, start)?;
    if json {
        println!("{}", position_json(&state));
    } else {
        print!("{}", render::position_text(&state));
        println!("position: {}", notation::position_text(&state));
    }
    Ok(())
}

fn position_json(state: &State) -> serde_json::Value {
    let game = Arc::clone(state.game());
    let text = render::board_text(state);
    let outcome = state.outcome();
    let mut moves = crate::engine::MoveList::new();
    state.legal_moves(&mut moves);
    let moves: Vec<String> = moves
        .iter()
        .map(|m| notation::move_text(state, *m))
        .collect();
    let played: Vec<String> = state
        .moves_played()
        .map(|m| notation::move_text(state, m))
        .collect();
    let pieces: serde_json::Map<String, serde_json::Value> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, n)| (n.clone(), serde_json::json!(state.pieces(p as u8))))
        .collect();
    serde_json::json!({
        "game": game.name,
        "preset": game.preset,
        "settings": game.settings.iter().map(|s| (s.name.clone(), serde_json::json!(s.value))).collect::<serde_json::Map<_, _>>(),
        "board": text.lines().collect::<Vec<_>>(),
        "position": notation::position_text(state),
        "to_move": game.players[state.to_move() as usize],
        "pieces": pieces,
        "moves": moves,
        "played": played,
        "over": outcome.is_some(),
        "winner": match outcome {
            Some(crate::engine::Outcome::Win(p)) => serde_json::json!(game.players[p as usize]),
            _ => serde_json::Value::Null,
        },
        "draw": matches!(outcome, Some(crate::engine::Outcome::Draw)),
    })
}
