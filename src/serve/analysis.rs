//! The analysis page's runs: `rulebook analyze` or `rulebook match` played on request
//! (the same games and report as the commands, which the command line gives the server
//! as an [`Analyst`]), within [`MAX_GAMES`] games, one run at a time on threads of its
//! own, followed by the page as its games end and stopped by it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, State as Extract};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::api::{settings, ApiError, AppRef, Body};
use super::sessions::lock;
use crate::model::Game;
use crate::record::GameSpec;

/// What the analysis page asks for: the game loaded, who plays, how many games.
#[derive(Debug)]
pub struct Asked {
    /// The game, loaded with its preset and settings.
    pub game: Arc<Game>,
    /// Its name, preset and settings.
    pub spec: GameSpec,
    /// `false`: an analysis (every seat played by `players[0]`); `true`: a match of
    /// `players[0]` against `players[1]`.
    pub duel: bool,
    /// Who plays.
    pub players: Vec<String>,
    /// Games to play.
    pub games: u64,
    /// Threads to play on.
    pub threads: usize,
}

/// Called as each game of a run ends.
pub type Progress<'a> = dyn Fn() + Sync + 'a;

/// Who plays the analyses: `rulebook analyze` and `match`, given by the command line
/// (which the server may not call itself).
#[derive(Clone, Copy, Debug)]
pub struct Analyst {
    /// Checks what is asked before any game is played; the error says why not.
    pub check: fn(&Asked) -> Result<(), String>,
    /// Plays what is asked, `done` called as each game ends, until the games are played
    /// or the flag is set; the report as JSON.
    pub run: fn(&Asked, &AtomicBool, &Progress<'_>) -> Result<Value, String>,
}

/// The most games a run plays.
pub const MAX_GAMES: u64 = 1000;

/// A run: what was asked, how far it is, its report when done.
#[derive(Debug)]
pub struct Run {
    id: String,
    asked: Value,
    games: u64,
    done: AtomicU64,
    stop: AtomicBool,
    result: Mutex<Option<Result<Value, String>>>,
}

/// Who plays the runs, and the run under way or done last.
#[derive(Debug)]
pub struct Runs {
    analyst: Option<Analyst>,
    last: Mutex<Option<Arc<Run>>>,
    made: AtomicU64,
}

impl Runs {
    /// No run yet; without an analyst, none is played (404).
    pub fn new(analyst: Option<Analyst>) -> Runs {
        Runs {
            analyst,
            last: Mutex::new(None),
            made: AtomicU64::new(0),
        }
    }
}

/// The body of `POST /api/analyses`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ask {
    game: String,
    preset: Option<String>,
    #[serde(default)]
    set: Map<String, Value>,
    kind: String,
    players: String,
    games: u64,
}

/// A run as the API sends it: what was asked, `games` and `done`, `running`, and when
/// done its `report` (or `error`).
fn status(run: &Run) -> Json<Value> {
    let mut out = run.asked.clone();
    out["id"] = json!(run.id);
    out["games"] = json!(run.games);
    out["done"] = json!(run.done.load(Ordering::Relaxed));
    let result = lock(&run.result);
    out["running"] = json!(result.is_none());
    match &*result {
        Some(Ok(report)) => out["report"] = report.clone(),
        Some(Err(e)) => out["error"] = json!(e),
        None => {}
    }
    Json(out)
}

/// What a request asks for, checked, with the game loaded.
fn asked(app: &AppRef, analyst: Analyst, ask: Ask) -> Result<Asked, ApiError> {
    if !app.offer.offers(&ask.game) {
        return Err(ApiError::bad(format!(
            "`{}` is not a game offered here",
            ask.game
        )));
    }
    if !(1..=MAX_GAMES).contains(&ask.games) {
        return Err(ApiError::bad(format!(
            "games: from 1 to {MAX_GAMES}, not {}",
            ask.games
        )));
    }
    let duel = match ask.kind.as_str() {
        "analyze" => false,
        "match" => true,
        other => {
            return Err(ApiError::bad(format!(
                "kind: `analyze` or `match`, not `{other}`"
            )))
        }
    };
    let spec = GameSpec {
        game: ask.game,
        preset: ask.preset.filter(|p| !p.is_empty()),
        sets: settings(&ask.set)?,
    };
    let game = spec.load().map_err(|e| ApiError::bad(e.trim_end()))?;
    let asked = Asked {
        game,
        spec,
        duel,
        players: ask
            .players
            .split(',')
            .map(|p| p.trim().to_string())
            .collect(),
        games: ask.games,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    (analyst.check)(&asked).map_err(ApiError::bad)?;
    Ok(asked)
}

/// `POST /api/analyses`: a run started; its status. Refused (409) while another runs.
pub async fn start(
    Extract(app): Extract<AppRef>,
    body: Body<Ask>,
) -> Result<Json<Value>, ApiError> {
    let Json(ask) = body?;
    let what = json!({
        "kind": ask.kind, "game": ask.game, "preset": ask.preset, "players": ask.players,
    });
    let analyst =
        (app.runs.analyst).ok_or_else(|| ApiError::not_found("this server plays no analyses"))?;
    let asked = asked(&app, analyst, ask)?;
    let mut last = lock(&app.runs.last);
    if last.as_ref().is_some_and(|r| lock(&r.result).is_none()) {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "an analysis is running: stop it, or wait for it".into(),
        ));
    }
    let run = Arc::new(Run {
        id: format!("{:x}", app.runs.made.fetch_add(1, Ordering::Relaxed) + 1),
        asked: what,
        games: asked.games,
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        result: Mutex::new(None),
    });
    *last = Some(Arc::clone(&run));
    let running = Arc::clone(&run);
    std::thread::spawn(move || {
        let count = || {
            running.done.fetch_add(1, Ordering::Relaxed);
        };
        let result = (analyst.run)(&asked, &running.stop, &count);
        *lock(&running.result) = Some(result);
    });
    Ok(status(&run))
}

/// The run of an id, or 404.
fn find(app: &AppRef, id: &str) -> Result<Arc<Run>, ApiError> {
    let last = lock(&app.runs.last);
    (last.as_ref().filter(|r| r.id == id).cloned())
        .ok_or_else(|| ApiError::not_found(format!("no analysis `{id}`")))
}

/// `GET /api/analyses/{id}`: the run's status.
pub async fn get(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let run = find(&app, &id)?;
    Ok(status(&run))
}

/// `POST /api/analyses/{id}/stop`: the run stopped (the games under way dropped, those
/// finished reported); its status.
pub async fn stop(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let run = find(&app, &id)?;
    run.stop.store(true, Ordering::Relaxed);
    Ok(status(&run))
}
