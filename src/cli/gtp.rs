//! `rulebook gtp`: GTP, version 2 (docs/protocols.md), over standard input and output.

use super::common::{budget, load, serve};
use super::ProtocolArgs;
use crate::protocol::gtp::{Options, Session};
use crate::record::GameSpec;

/// Serves GTP on the game the arguments name, the computer playing at their level, until
/// `quit` or the end of the input.
pub(super) fn run(args: &ProtocolArgs) -> Result<(), String> {
    let budget = budget(args)?;
    let game = load(&args.game)?;
    let spec = GameSpec {
        game: args.game.game.clone(),
        preset: args.game.preset.clone(),
        sets: args.game.sets.clone(),
    };
    let options = Options {
        budget,
        seed: args.seed,
    };
    let mut session = Session::with_game(spec, game, options).map_err(|e| format!("error: {e}"))?;
    serve(&mut session, None)
}
