//! `rulebook think`: the computer's think time per move against its level's budget.

use super::common::{load, settings_line, start_state};
use super::{GameArgs, StartArgs};
use crate::render::terminal_safe;

/// Measures the think time of `level` on `positions` positions and prints it (as JSON with
/// `json`).
pub(super) fn run(
    game: &GameArgs,
    start: &StartArgs,
    level: &str,
    positions: usize,
    seed: u64,
    json: bool,
) -> Result<(), String> {
    let names: Vec<&str> = crate::ai::LEVELS.iter().map(|l| l.name).collect();
    let level = crate::ai::level(level).ok_or_else(|| {
        format!(
            "error: no level `{level}`; the levels are {}",
            names.join(", ")
        )
    })?;
    let state = start_state(load(game)?, start)?;
    let r = crate::ai::think_times(&state, &level, positions, seed);
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
        );
    } else {
        println!(
            "game: {}{}",
            terminal_safe(&state.game().about.name),
            settings_line(state.game())
        );
        println!(
            "level {}: {:.1} s per move on every core ({} iterations where play must be reproducible)",
            r.level, r.budget_seconds, r.iterations
        );
        println!(
            "{} moves (throws of the dice passed over): mean {:.3} s, max {:.3} s, {} over the time limit, {} stopped by it",
            r.moves, r.mean_seconds, r.max_seconds, r.over_budget, r.stopped_by_time
        );
        println!(
            "iterations (positions searched)/s: {:.0}; mean depth {:.1} plies (turns in a race)",
            r.iterations_per_second, r.mean_depth
        );
    }
    Ok(())
}
