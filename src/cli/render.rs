//! `rulebook render`: a position as an SVG picture.

use std::path::Path;

use super::common::{load, start_state};
use super::{GameArgs, StartArgs};
use crate::files::{Kind, Replace};

/// Draws the position and writes it atomically to `svg` (`-`: to standard output); over a
/// file read as the rule file only if `replace` allows it.
pub(super) fn run(
    game: &GameArgs,
    start: &StartArgs,
    svg: &Path,
    replace: Replace,
) -> Result<(), String> {
    let state = start_state(load(game)?, start)?;
    let picture = crate::render::position_svg(&state);
    if svg == Path::new("-") {
        print!("{picture}");
        return Ok(());
    }
    crate::files::write_atomic(svg, Kind::Picture, &picture, replace)
        .map_err(|e| format!("error: {e}"))
}
