//! `rulebook json`: the JSON-lines protocol (docs/protocols.md) over standard input and
//! output.

use super::common::{load, serve};
use super::GameArgs;
use crate::protocol::json::{Limits, Session};
use crate::record::GameSpec;

/// Serves the JSON protocol on the game the arguments name until `quit` or the end of the
/// input.
pub(super) fn run(args: &GameArgs) -> Result<(), String> {
    let game = load(args)?;
    let spec = GameSpec {
        game: args.game.clone(),
        preset: args.preset.clone(),
        sets: args.sets.clone(),
    };
    serve(&mut Session::with_game(spec, game, Limits::default()), None)
}
