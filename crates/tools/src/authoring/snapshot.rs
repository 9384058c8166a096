//! Behaviour snapshots: a text file beside a rule file (`my-game.game` ->
//! `my-game.snapshot`) recording what the game does under its default configuration and
//! under every preset: the compiled summary, the start position with its legal moves,
//! perft counts to a small depth, and one seeded random game. `rulebook snapshot` writes
//! it; `rulebook test` regenerates it and shows the diff when the behaviour has drifted.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::analysis::{perft, random_game};
use crate::render::{board_text, position_text, result_text, summary};
use rulebook_engine::State;
use rulebook_lang::files::{Kind, Replace};
use rulebook_lang::pipeline;
use rulebook_model::{Game, Player};
use rulebook_notation as notation;

/// The seed of the golden game.
pub const SEED: u64 = 7;

/// The longest golden game, in plies.
pub const MAX_PLIES: usize = 60;

/// Perft goes one depth deeper while the last count is below this many leaves...
pub const PERFT_LEAVES: u64 = 1000;

/// ...and never deeper than this.
pub const PERFT_MAX_DEPTH: usize = 4;

/// The snapshot file of a rule file: the same path with the extension `.snapshot`.
pub fn snapshot_path(rule_file: &Path) -> PathBuf {
    rule_file.with_extension("snapshot")
}

/// The rule file of a snapshot file: the same path with the extension `.game`.
pub fn rule_path(snapshot: &Path) -> PathBuf {
    snapshot.with_extension("game")
}

/// The snapshot text of a rule file, for its default configuration and every preset.
pub fn generate(rule_file: &Path) -> Result<String, String> {
    let fail = |e: pipeline::LoadError| e.render(false);
    let path = rule_file.to_string_lossy();
    if !path.ends_with(".game") {
        let help = match rulebook_lang::catalog::bundled(&path) {
            Some(b) => format!(
                "\nhelp: give the path of its rule file, e.g. `games/{}.game`",
                b.name
            ),
            None => String::new(),
        };
        return Err(format!(
            "error: `{path}` is not a rule file: snapshots are kept beside `.game` files{help}"
        ));
    }
    let described =
        pipeline::describe(pipeline::read_source(&path).map_err(fail)?).map_err(fail)?;
    let file_name = rule_file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Behaviour of {file_name}, written by `rulebook snapshot`; checked by `rulebook test`."
    );
    let _ = writeln!(
        out,
        "# After an intended change, accept the new behaviour with `rulebook test --update` and review the diff."
    );
    let presets = described
        .description
        .settings
        .presets
        .iter()
        .map(|p| Some(p.name.as_str()));
    for preset in std::iter::once(None).chain(presets) {
        let game = pipeline::build(&described, preset, &[]).map_err(fail)?;
        let config = preset.map_or("default".to_string(), |p| format!("preset {p}"));
        out.push_str(&configuration(&game, &config)?);
    }
    Ok(out)
}

/// One configuration's section.
fn configuration(game: &Arc<Game>, config: &str) -> Result<String, String> {
    let mut out = String::new();
    let _ = writeln!(out, "\n======== {config} ========");
    let _ = writeln!(out, "\n-------- summary --------");
    out.push_str(&summary(game));
    let _ = writeln!(out, "\n-------- start --------");
    out.push_str(&position_text(&State::new(Arc::clone(game))));
    let _ = writeln!(
        out,
        "\n-------- perft (depth by depth, while under {PERFT_LEAVES} leaves, at most {PERFT_MAX_DEPTH}) --------"
    );
    let mut state = State::new(Arc::clone(game));
    let mut depth = 1;
    loop {
        let count = perft(&mut state, depth)[depth - 1];
        let _ = writeln!(out, "{depth} {count}");
        if count >= PERFT_LEAVES || depth == PERFT_MAX_DEPTH {
            break;
        }
        depth += 1;
    }
    let _ = writeln!(
        out,
        "\n-------- golden game (seed {SEED}, at most {MAX_PLIES} plies) --------"
    );
    out.push_str(&golden(game)?);
    Ok(out)
}

/// One seeded random game from the start: every move with its ply number and mover (and
/// what it captured), the final board and the outcome. The moves are replayed through the
/// checked [`notation::play`], so an engine whose random moves are not legal is reported.
pub fn golden(game: &Arc<Game>) -> Result<String, String> {
    let mut state = State::new(Arc::clone(game));
    let (moves, outcome) = random_game(&mut state, SEED, MAX_PLIES);
    let mut out = String::new();
    let mut replay = State::new(Arc::clone(game));
    for (i, &m) in moves.iter().enumerate() {
        let mover = replay.to_move();
        let others = |state: &State| -> u32 {
            Player::all(state.game().seats())
                .filter(|&p| p != mover)
                .map(|p| state.pieces(p))
                .sum()
        };
        let before = others(&replay);
        let text = notation::move_text(&replay, m);
        notation::play(&mut replay, m).map_err(|e| {
            format!(
                "internal error: ply {} of the golden game, {text}, is refused on replay: {e}",
                i + 1
            )
        })?;
        let taken = before.saturating_sub(others(&replay));
        let captures = match taken {
            0 => String::new(),
            n => format!("  (captures {n})"),
        };
        let _ = writeln!(
            out,
            "{:3}. {} {text}{captures}",
            i + 1,
            game.player_name(mover)
        );
    }
    if replay != state {
        return Err(
            "internal error: replaying the golden game does not reach its final position".into(),
        );
    }
    let _ = writeln!(out, "\nafter {} plies:", moves.len());
    out.push_str(&board_text(&state));
    for (p, name) in game.players_named() {
        if game.board.pits() > 0 {
            let store = state.count(game.board.store(p));
            let _ = writeln!(out, "{name}: {store} in store");
        } else {
            let _ = writeln!(out, "{name}: {} pieces", state.pieces(p));
        }
    }
    match outcome {
        Some(o) => {
            let _ = writeln!(out, "outcome: {}", result_text(game, o, state.points()));
        }
        None => {
            let _ = writeln!(
                out,
                "outcome: unfinished ({} to move, stopped at the {MAX_PLIES}-ply limit)",
                game.player_name(state.to_move())
            );
        }
    }
    Ok(out)
}

/// Writes the snapshot of a rule file beside it (atomically); returns its path.
pub fn write(rule_file: &Path) -> Result<PathBuf, String> {
    let text = generate(rule_file)?;
    let path = snapshot_path(rule_file);
    rulebook_lang::files::write_atomic(&path, Kind::Snapshot, &text, Replace::Never)
        .map_err(|e| format!("error: {e}"))?;
    Ok(path)
}

/// How a snapshot compares with the behaviour of its rule file now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The behaviour is as recorded.
    Same,
    /// The behaviour drifted: the diff from the recorded text to the new one.
    Drifted(String),
}

/// Compares a snapshot file with the behaviour of the rule file beside it. With `update`,
/// a drifted snapshot is rewritten with the new behaviour (the verdict still says it
/// drifted, with the diff accepted).
pub fn check(snapshot: &Path, update: bool) -> Result<Verdict, String> {
    let rule_file = rule_path(snapshot);
    if !rule_file.is_file() {
        return Err(format!(
            "error: `{}` has no rule file beside it (`{}` is missing)",
            snapshot.display(),
            rule_file.display()
        ));
    }
    let now = generate(&rule_file)?;
    let recorded = match snapshot.is_file() {
        true => super::read_text(snapshot, Kind::Snapshot).map_err(|e| format!("error: {e}"))?,
        false if update => String::new(),
        false => {
            return Err(format!(
                "error: `{}` has no snapshot yet: write it with `rulebook snapshot {}`",
                rule_file.display(),
                rule_file.display()
            ))
        }
    };
    let recorded = recorded.replace("\r\n", "\n");
    if recorded == now {
        return Ok(Verdict::Same);
    }
    if update {
        rulebook_lang::files::write_atomic(snapshot, Kind::Snapshot, &now, Replace::Never)
            .map_err(|e| format!("error: {e}"))?;
    }
    Ok(Verdict::Drifted(super::diff(
        &recorded,
        &now,
        ("recorded", "now"),
    )))
}
