//! `rulebook serve`: the web page and its API (docs/web.md), in the foreground.

use super::ServeArgs;
use crate::repl::front;
use crate::serve::{self, Options};

/// Serves until the process is stopped; the error says why it could not start.
pub(super) fn run(args: &ServeArgs) -> Result<(), String> {
    let autosave = match args.no_autosave {
        true => None,
        false => front::data_dir().map(|d| d.join("web")),
    };
    serve::run(&Options {
        game: args.game.clone(),
        host: args.host.clone(),
        port: args.port,
        autosave,
        analyst: Some(super::analyst()),
    })
}
