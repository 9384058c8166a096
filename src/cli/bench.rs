//! `rulebook bench`: random playouts and their speed.

use super::common::{load, settings_line, start_state};
use super::{GameArgs, StartArgs};
use crate::analysis::bench;
use crate::render::terminal_safe;

/// Plays `playouts` random games from the start and prints the report (as JSON with `json`).
pub(super) fn run(
    game: &GameArgs,
    start: &StartArgs,
    playouts: u64,
    seed: u64,
    max_plies: usize,
    json: bool,
) -> Result<(), String> {
    let state = start_state(load(game)?, start)?;
    let report = bench(&state, playouts, seed, max_plies);
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        let g = state.game();
        println!("game: {}{}", terminal_safe(&g.name), settings_line(g));
        println!(
            "{} playouts, {} plies in {:.3} s (seed {seed}, cap {max_plies} plies)",
            report.playouts, report.plies, report.seconds
        );
        println!("playouts/s: {:.0}", report.playouts_per_second);
        println!("plies/s: {:.0}", report.plies_per_second);
        println!("mean plies: {:.1}", report.mean_plies);
        println!(
            "ended by rule: {}, ended by the ply cap: {}",
            report.ended_by_rule, report.ended_by_cap
        );
    }
    Ok(())
}
