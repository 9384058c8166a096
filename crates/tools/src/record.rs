//! Game records: which game with which settings, the moves in canonical text, the result
//! and the date, as YAML (through [`crate::yaml`]), saved atomically.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::render;
use rulebook_engine::State;
use rulebook_lang::files::{self, Kind, Replace};
use rulebook_lang::pipeline;
use rulebook_model::{Game, Player};
use rulebook_notation as notation;

/// The largest record file read (a record of a long game is a few hundred kilobytes).
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// A game to play: a bundled name or a rule file's path, a preset and `key=value` settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// A bundled game's name or a path to a `.game` file.
    pub game: String,
    /// The preset asked for, if any.
    pub preset: Option<String>,
    /// Settings as `key=value`, in the order given.
    pub sets: Vec<String>,
}

impl GameSpec {
    /// Compiles the game; the error is the rendered diagnostics.
    pub fn load(&self) -> Result<Arc<Game>, String> {
        pipeline::load(&self.game, self.preset.as_deref(), &self.sets).map_err(|e| e.render(false))
    }
}

/// A game record as stored in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// A bundled game's name or a path to its rule file.
    pub game: String,
    /// The preset, if one was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Every setting of the game as played (`key: value`).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Where the game started, in the notation of `rulebook position`, when not at the
    /// game's start (`--position`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The moves in canonical text, from the start position (or from `position`).
    #[serde(default)]
    pub moves: Vec<String>,
    /// `unfinished`, `draw` or `PLAYER wins`.
    #[serde(default = "unfinished")]
    pub result: String,
    /// The player who resigned after the last move, if one did (the game was not over by
    /// its rules; with two players the other wins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<String>,
    /// When the record was written (UTC, ISO 8601).
    #[serde(default)]
    pub date: String,
}

fn unfinished() -> String {
    "unfinished".to_string()
}

impl Record {
    /// The record of a game played from `setup`'s start position (or the position the
    /// state started from) up to `state`.
    pub fn of(setup: &GameSpec, state: &State) -> Record {
        let game = Arc::clone(state.game());
        let mut start = state.clone();
        while start.undo().is_some() {}
        let position =
            (start != State::new(Arc::clone(&game))).then(|| notation::position_text(&start));
        Record {
            position,
            game: setup.game.clone(),
            preset: game.about.preset.clone(),
            options: game
                .about
                .settings
                .iter()
                .map(|s| (s.name.clone(), s.value.clone()))
                .collect(),
            moves: played_texts(state),
            result: state.outcome().map_or_else(unfinished, |o| {
                render::result_text(&game, o, state.points())
            }),
            resigned: None,
            date: now_utc(),
        }
    }

    /// The record with `player`'s resignation after its last move, and the result it
    /// gives.
    pub fn resigned_by(mut self, game: &Game, player: Player) -> Record {
        self.resigned = Some(game.player_name(player).to_string());
        self.result = resignation_result(game, player);
        self
    }

    /// The player the record says resigned, if one did and the game has a player of that
    /// name.
    pub fn resigned_player(&self, game: &Game) -> Option<Player> {
        let name = self.resigned.as_ref()?;
        game.player_by_name(name)
    }

    /// The setup the record was played with.
    pub fn setup(&self) -> GameSpec {
        GameSpec {
            game: self.game.clone(),
            preset: self.preset.clone(),
            sets: self
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
        }
    }

    /// Replays the record: the game compiled and every move played, checked against the
    /// rules and against the recorded result. A game that does not load gives its rendered
    /// diagnostics on the lines after the first, so that a caller's prefix is not repeated.
    pub fn replay(&self) -> Result<State, String> {
        let game = self
            .setup()
            .load()
            .map_err(|e| format!("the game `{}` does not load:\n{e}", self.game))?;
        let mut state = match &self.position {
            Some(text) => notation::parse_position(&game, text).map_err(|e| e.to_string())?,
            None => State::new(Arc::clone(&game)),
        };
        for (i, text) in self.moves.iter().enumerate() {
            notation::play_text(&mut state, text)
                .map_err(|e| format!("move {} (`{text}`) does not replay: {e}", i + 1))?;
        }
        let result = match (&self.resigned, state.outcome()) {
            (None, outcome) => outcome.map_or_else(unfinished, |o| {
                render::result_text(&game, o, state.points())
            }),
            (Some(name), Some(_)) => {
                return Err(format!(
                    "the record says {name} resigned, but the game was over by its rules"
                ))
            }
            (Some(name), None) => match self.resigned_player(&game) {
                Some(p) => resignation_result(&game, p),
                None => return Err(format!("the record says `{name}` resigned: no such player")),
            },
        };
        if result != self.result {
            return Err(format!(
                "the record says `{}` but its moves give `{result}`",
                self.result
            ));
        }
        Ok(state)
    }
}

/// The result of `player`'s resignation: with two players the other wins, else the game
/// ends without a winner.
fn resignation_result(game: &Game, player: Player) -> String {
    match game.about.players.len() {
        2 => render::outcome_text(game, rulebook_engine::Outcome::Win(player.next(2))),
        _ => format!("{} resigns", game.player_name(player)),
    }
}

/// Writes a record to `path` atomically ([`rulebook_lang::files::write_atomic`]): a crash leaves
/// either the old file or the new one. A symbolic link is followed to the file it leads
/// to; a device, a FIFO, a folder, or a file this program read as another kind of file (the
/// rule file being played) is refused. A rule file's path is written so that the record
/// finds it from any folder (`path_from_record`), from the folder of the file written.
pub fn save(path: &Path, record: &Record) -> Result<(), String> {
    let file = files::check_output(path, Kind::GameRecord, Replace::Never)?;
    let mut record = record.clone();
    record.game = path_from_record(&file, &record.game);
    let text =
        crate::yaml::to_string(&record).map_err(|e| format!("cannot write a record: {e}"))?;
    files::write_atomic(&file, Kind::GameRecord, &text, Replace::Never)
}

/// The game as a record at `record` names it: a bundled name as it is; a rule file by its
/// path from the record's folder when it lies in that folder or below, else by its
/// absolute path (a file that cannot be found is left as given).
fn path_from_record(record: &Path, game: &str) -> String {
    if !pipeline::names_a_file(game) {
        return game.to_string();
    }
    let Ok(file) = std::fs::canonicalize(game) else {
        return game.to_string();
    };
    let folder = record
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .and_then(|p| std::fs::canonicalize(p).ok());
    let inside = folder.and_then(|f| file.strip_prefix(f).ok().map(Path::to_path_buf));
    inside.unwrap_or(file).to_string_lossy().into_owned()
}

/// Reads a record from `path` (not yet replayed: see [`Record::replay`]). A rule file's
/// relative path is read from the record's folder (where [`save`] writes it from), or
/// else, for records written before, from the current folder.
pub fn load(path: &Path) -> Result<Record, String> {
    let text = files::read_text(path, MAX_RECORD_BYTES, Kind::GameRecord)?;
    let mut record: Record = crate::yaml::from_str(&text)
        .map_err(|e| format!("`{}` is not a game record: {e}", path.display()))?;
    let beside = path.parent().map(|folder| folder.join(&record.game));
    if let Some(beside) = beside.filter(|b| pipeline::names_a_file(&record.game) && b.is_file()) {
        record.game = beside.to_string_lossy().into_owned();
    }
    Ok(record)
}

/// The current time in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The texts of the moves played to reach `state`, each written in the position before it
/// (where a move's text depends on it: the way of a step that could capture either way).
fn played_texts(state: &State) -> Vec<String> {
    let mut replay = state.clone();
    while replay.undo().is_some() {}
    state
        .moves_played()
        .map(|m| {
            let text = notation::move_text(&replay, m);
            replay.apply(m);
            text
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(now_utc().len(), 20);
    }
}
