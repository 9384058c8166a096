//! `rulebook show`: the compiled summary of a game.

use super::common::load;
use super::GameArgs;
use crate::render;

/// Prints the summary of the game the arguments name.
pub(super) fn run(game: &GameArgs) -> Result<(), String> {
    print!("{}", render::summary(&*load(game)?));
    Ok(())
}
