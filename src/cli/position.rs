//! `rulebook position`: a position's board, side to move, legal moves or outcome, and its
//! text (the notation `--position` reads), or its FEN or SFEN alone.

use std::sync::Arc;

use super::common::{load, start_clocks, start_state};
use super::{GameArgs, StartArgs};
use crate::notation;
use crate::protocol::position_json;
use crate::render;

/// Which text of a position `rulebook position` prints alone: FEN (`--fen`) or SFEN
/// (`--sfen`); `Own` prints the board, the moves and rulebook's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Text {
    /// The board drawn, the legal moves and rulebook's own text (or JSON).
    Own,
    /// FEN alone.
    Fen,
    /// SFEN alone.
    Sfen,
}

impl Text {
    /// The text the flags `--fen` and `--sfen` ask for.
    pub(super) fn of(fen: bool, sfen: bool) -> Text {
        match (fen, sfen) {
            (true, _) => Text::Fen,
            (_, true) => Text::Sfen,
            _ => Text::Own,
        }
    }
}

/// Prints the position after `--position` and `--moves` (as JSON with `json`, as FEN or
/// SFEN alone with `text`).
pub(super) fn run(
    game: &GameArgs,
    start: &StartArgs,
    json: bool,
    text: Text,
) -> Result<(), String> {
    let game = load(game)?;
    let state = start_state(Arc::clone(&game), start)?;
    if text == Text::Fen {
        // The clocks of a FEN given, or the start's, gone on over the moves.
        let clocks = notation::clocks_after(start_clocks(&game, start)?, &state);
        let text = notation::fen_text(&state, clocks).map_err(|e| {
            let sfen = notation::sfen_fits(&game)
                .is_ok()
                .then_some(" (try --sfen)");
            format!("error: {e}{}", sfen.unwrap_or(""))
        })?;
        println!("{text}");
    } else if text == Text::Sfen {
        // The move number of an SFEN given, or the start's, gone on over the moves.
        let text = notation::sfen_text(&state, start_clocks(&game, start)?)
            .map_err(|e| format!("error: {e}"))?;
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
