//! Autosaves: a folder of game records, one per game a person left with unsaved moves,
//! named by date and game. Only the [`MAX_SLOTS`] written last are kept. Each is written atomically ([`crate::record::save`]).

use std::path::{Path, PathBuf};

use crate::record::{self, Record};

/// The most autosaves kept: writing one more removes the oldest.
pub const MAX_SLOTS: usize = 10;

/// An autosave: its file and the record in it.
#[derive(Clone, Debug)]
pub struct Slot {
    /// The record file.
    pub path: PathBuf,
    /// The record it holds.
    pub record: Record,
}

impl Slot {
    /// One line on the slot: when, which game, how far, whose turn (or the result).
    pub fn describe(&self) -> String {
        let r = &self.record;
        // `2026-01-02T09:00:00Z` is shown as `2026-01-02 09:00`.
        let date = r.date.get(..16).unwrap_or(&r.date).replace('T', " ");
        let mut game = r.game.clone();
        if let Some(p) = &r.preset {
            game.push_str(&format!(" ({p})"));
        }
        let n = r.moves.len();
        let state = match r.replay() {
            Ok(s) if s.outcome().is_none() && r.resigned.is_none() => {
                format!("{} to move", s.game().player_name(s.to_move()))
            }
            Ok(_) => r.result.clone(),
            Err(_) => "does not replay".to_string(),
        };
        let plural = if n == 1 { "" } else { "s" };
        format!("{date} {game}, {n} move{plural}, {state}")
    }
}

/// The autosaves in `dir`, the one written last first (records that do not read are left
/// out).
pub fn list(dir: &Path) -> Vec<Slot> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    paths.sort();
    paths.reverse();
    paths
        .into_iter()
        .filter_map(|(_, path)| {
            let record = record::load(&path).ok()?;
            Some(Slot { path, record })
        })
        .collect()
}

/// A new slot's file for a game: `YYYYMMDD-HHMMSS-GAME.yaml` in `dir` (with `-2`, `-3`...
/// when that name is taken).
pub fn new_slot(dir: &Path, game: &str) -> PathBuf {
    let date: String = record::now_utc()
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .map(|c| if c == 'T' { '-' } else { c })
        .collect();
    // The game's file name without folders or extension, in safe characters.
    let stem = Path::new(game)
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy());
    let name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .take(40)
        .collect();
    let mut path = dir.join(format!("{date}-{name}.yaml"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{date}-{name}-{n}.yaml"));
        n += 1;
    }
    path
}

/// Removes the oldest autosaves beyond [`MAX_SLOTS`]; `keep` is never removed.
pub fn prune(dir: &Path, keep: &Path) {
    for slot in list(dir).iter().skip(MAX_SLOTS) {
        if slot.path != keep {
            let _ = std::fs::remove_file(&slot.path);
        }
    }
}
