//! `rulebook position`: a position's board, side to move, legal moves or outcome, and its
//! text (the notation `--position` reads).

use std::sync::Arc;

use super::common::{load, start_clocks, start_state};
use super::{GameArgs, StartArgs};
use crate::notation;
use crate::protocol::position_json;
use crate::render;

/// Prints the position after `--position` and `--moves` (as JSON with `json`, as FEN
/// alone with `fen`).
pub(super) fn run(game: &GameArgs, start: &StartArgs, json: bool, fen: bool) -> Result<(), String> {
    let game = load(game)?;
    let state = start_state(Arc::clone(&game), start)?;
    if fen {
        // The clocks of a FEN given, or the start's, gone on over the moves.
        let clocks = notation::clocks_after(start_clocks(&game, start)?, &state);
        let text = notation::fen_text(&state, clocks).map_err(|e| format!("error: {e}"))?;
        println!("{text}");
    } else if json {
        println!("{}", position_json(&state));
    } else {
        print!("{}", render::position_text(&state));
        match notation::readable_position_text(&state) {
            Ok(text) => println!("position: {text}"),
            Err(e) => println!("position: none ({e})"),
        }
    }
    Ok(())
}
