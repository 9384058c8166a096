//! `rulebook match --record FILE`: every game's seats, result and moves, one game a line,
//! so that a game that ended oddly (or not at all) can be replayed with `rulebook
//! position GAME --moves "..."`.

use std::fmt::Write as _;
use std::path::Path;

use super::play::{GameResult, Plan, Tally};
use crate::engine::State;
use crate::model::Player;

/// Refuses, before any game is played, a record file that could not be written: a folder,
/// or a file in a folder that does not exist or cannot be written.
pub(super) fn check_writable(path: &Path) -> Result<(), String> {
    let refuse = |why: String| format!("error: --record: cannot write {}: {why}", path.display());
    if path.is_dir() {
        return Err(refuse("it is a folder".into()));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(refuse(format!("no folder {}", folder.display())));
    }
    crate::files::check_writable_folder(folder).map_err(|e| refuse(e.to_string()))
}

/// Writes the games of `tally` (played with [`Plan::record`]) to `path`, replacing it at
/// once.
pub(super) fn write(path: &Path, plan: &Plan, tally: &Tally) -> Result<(), String> {
    crate::files::write_atomic(path, &text(plan, tally))
        .map_err(|e| format!("error: --record: cannot write {}: {e}", path.display()))
}

/// A game in a line, without its moves: its number, who played which side, the result
/// (for a game the cap stopped, who was ahead and by how much) and the plies: `game 3:
/// black medium, white strong; white wins; 212 plies`.
pub(super) fn game_line(plan: &Plan, result: &GameResult) -> String {
    let game = plan.start.game();
    let mut seats: Vec<String> = plan.lineup.iter().map(|a| a.name()).collect();
    if result.reversed {
        seats.reverse();
    }
    let sides: Vec<String> = Player::all()
        .zip(&seats)
        .map(|(p, who)| format!("{} {who}", game.player_name(p)))
        .collect();
    let ending = match (result.outcome, result.leader) {
        (Some(o), _) => crate::render::outcome_text(game, o),
        (None, Some(p)) => {
            let (one, many) = crate::ai::unit(game);
            let unit = if result.margin == 1 { one } else { many };
            let by = format!("{} {unit}", result.margin);
            format!("unfinished, {} ahead by {by}", game.player_name(p))
        }
        (None, None) => "unfinished, level".into(),
    };
    format!(
        "game {}: {}; {ending}; {} plies",
        result.index,
        sides.join(", "),
        result.plies
    )
}

/// The record: two comment lines, then a line a game.
fn text(plan: &Plan, tally: &Tally) -> String {
    let game = plan.start.game();
    let names: Vec<String> = plan.lineup.iter().map(|a| a.name()).collect();
    let mut out = format!(
        "# {}{}: {} games of {}, seed {}, cap {} plies, {} plies of random opening\n\
         # a game a line: its number, who played which side, the result, the plies, and the \
         moves (replay them with `rulebook position GAME --moves \"...\"`)\n",
        crate::render::terminal_safe(&game.name),
        super::settings_line(game),
        tally.games.len(),
        names.join(" against "),
        plan.seed,
        plan.max_plies,
        plan.open,
    );
    for (result, (_, moves)) in tally.games.iter().zip(&tally.records) {
        let _ = write!(out, "{};", game_line(plan, result));
        let mut state = State::clone(plan.start);
        for &m in moves {
            let _ = write!(out, " {}", crate::notation::move_text(&state, m));
            state.apply(m);
        }
        out.push('\n');
    }
    out
}
