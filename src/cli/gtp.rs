//! `rulebook gtp`: GTP, version 2 (docs/protocols.md), over standard input and output.

use std::time::Duration;

use super::common::{load, serve};
use super::GtpArgs;
use crate::ai::{self, Budget};
use crate::protocol::gtp::{Options, Session};
use crate::record::GameSpec;

/// Serves GTP on the game the arguments name, the computer playing at their level, until
/// `quit` or the end of the input.
pub(super) fn run(args: &GtpArgs) -> Result<(), String> {
    let level = ai::level(&args.level).ok_or_else(|| {
        let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
        format!(
            "error: no level `{}`; the levels are {}",
            args.level,
            names.join(", ")
        )
    })?;
    let mut budget = Budget::reproducible(&level);
    if let Some(n) = args.iterations {
        budget.iterations = n;
    }
    if let Some(seconds) = args.think {
        budget.time = Some(Duration::from_secs_f64(seconds));
    }
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
    serve(&mut session)
}
