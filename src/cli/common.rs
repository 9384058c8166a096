//! What several commands share: loading a game, the start position, the settings line.

use std::io::IsTerminal;
use std::sync::Arc;

use super::{GameArgs, StartArgs};
use crate::engine::State;
use crate::model::Game;
use crate::notation;
use crate::pipeline::{self, LoadError};

/// Whether to colour output on standard error.
pub(super) fn color_stderr() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// Loads the game the arguments name, with their preset and settings.
pub(super) fn load(args: &GameArgs) -> Result<Arc<Game>, String> {
    pipeline::load(&args.game, args.preset.as_deref(), &args.sets).map_err(|e| render_error(&e))
}

/// A load error as the text to print on standard error.
pub(super) fn render_error(e: &LoadError) -> String {
    e.render(color_stderr())
}

/// The position of `--position` (or the game's start) after `--moves`.
pub(super) fn start_state(game: Arc<Game>, start: &StartArgs) -> Result<State, String> {
    let state = match &start.position {
        Some(text) => {
            notation::parse_position(&game, text).map_err(|e| format!("error: --position: {e}"))?
        }
        None => State::new(game),
    };
    play_start(state, start)
}

/// Plays `--moves` on a state.
pub(super) fn play_start(mut state: State, start: &StartArgs) -> Result<State, String> {
    for (i, text) in start.moves.split_whitespace().enumerate() {
        notation::play_text(&mut state, text)
            .map_err(|e| format!("error: move {} of --moves: {e}", i + 1))?;
    }
    Ok(state)
}

/// The game's preset and settings as printed after its name: ` (preset p: a=1 b=2)`.
pub(super) fn settings_line(g: &Game) -> String {
    let s: Vec<String> = g
        .settings
        .iter()
        .map(|s| format!("{}={}", s.name, s.value))
        .collect();
    match &g.preset {
        Some(p) => format!(" (preset {p}: {})", s.join(" ")),
        None if s.is_empty() => String::new(),
        None => format!(" ({})", s.join(" ")),
    }
}

/// The plural ending of a count: "" for one, "s" otherwise.
pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
