//! `rulebook position`: a position's board, side to move, legal moves or outcome, and its
//! text (the notation `--position` reads).

use super::common::{load, start_state};
use super::{GameArgs, StartArgs};
use crate::notation;
use crate::protocol::position_json;
use crate::render;

/// Prints the position after `--position` and `--moves` (as JSON with `json`).
pub(super) fn run(game: &GameArgs, start: &StartArgs, json: bool) -> Result<(), String> {
    let state = start_state(load(game)?, start)?;
    if json {
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
