//! `rulebook uci`: UCI (docs/protocols.md), over standard input and output.

use super::common::{budget, load, serve, Interrupt};
use super::ProtocolArgs;
use crate::protocol::uci::{Options, Session};

/// Serves UCI on the game the arguments name, the computer playing at their level when
/// `go` gives no limit, until `quit` or the end of the input; `stop` and `quit` stop a
/// running search.
pub(super) fn run(args: &ProtocolArgs) -> Result<(), String> {
    let options = Options {
        budget: budget(args)?,
        seed: args.seed,
    };
    let level =
        crate::ai::level(&args.level).ok_or_else(|| format!("error: no level `{}`", args.level))?;
    let mut session =
        Session::with_game(load(&args.game)?, options, level).map_err(|e| format!("error: {e}"))?;
    let (stopper, ender) = (session.stopper(), session.stopper());
    let interrupt = Interrupt {
        commands: &["stop", "quit"],
        on_command: Box::new(move || stopper.command()),
        on_end: Box::new(move || ender.input_ended()),
    };
    serve(&mut session, Some(interrupt))
}
