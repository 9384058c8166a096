//! The analysis page's runs: `rulebook analyze` or `rulebook match` played on request
//! (the same games and report as the commands, which the command line gives the server
//! as an [`Analyst`]), within [`MAX_GAMES`] games, one run at a time on threads of its
//! own, followed by the page as its games end and stopped by it, or by a watchdog when
//! the page has left ([`LEFT_GRACE`]) or nobody has asked after the run for
//! [`UNWATCHED`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State as Extract};
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
    /// Games to play (of each variant, with `vs`).
    pub games: u64,
    /// The seed: game `i` draws from its own stream of it (`--seed`).
    pub seed: u64,
    /// The cap: a game stopped after this many plies is unfinished (`--max-plies`).
    pub max_plies: u64,
    /// An analysis's second variant, played with the same seeds and compared (`--vs`).
    pub vs: Option<Variant>,
    /// Threads to play on.
    pub threads: usize,
}

/// A variant of a game: loaded, with its name, preset and settings.
#[derive(Debug)]
pub struct Variant {
    /// The game, loaded with its preset and settings.
    pub game: Arc<Game>,
    /// Its name, preset and settings.
    pub spec: GameSpec,
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

/// The highest cap of plies a run takes (as `--max-plies`).
pub const MAX_PLIES: u64 = 1_000_000;

/// How long a run goes on after its page said it left (`POST .../leave`, sent as the page
/// is closed or reloaded) unless the page asks after it again (a reload does).
pub const LEFT_GRACE: Duration = Duration::from_secs(4);

/// How long a run goes on that nobody asks after (a browser closed without a word): long
/// enough for a page in a background tab, whose timers the browser slows to one a minute.
pub const UNWATCHED: Duration = Duration::from_secs(300);

/// A run: what was asked, how far it is, its report when done.
#[derive(Debug)]
pub struct Run {
    id: String,
    asked: Value,
    games: u64,
    total: u64,
    done: AtomicU64,
    stop: AtomicBool,
    result: Mutex<Option<Result<Value, String>>>,
    /// Who follows it: when it was asked after and when its page left.
    watch: Mutex<Watch>,
    /// Why the watchdog stopped it, if it did.
    abandoned: Mutex<Option<&'static str>>,
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
    seed: Option<u64>,
    max_plies: Option<u64>,
    vs: Option<AskVariant>,
}

/// The variant of `vs` in `POST /api/analyses`: this game unless another is named, with
/// its own preset and settings (this side's are not carried over).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AskVariant {
    game: Option<String>,
    preset: Option<String>,
    #[serde(default)]
    set: Map<String, Value>,
}

/// A run as the API sends it: what was asked, `games` and `done`, `running`, and when
/// done its `report` (or `error`).
fn status(run: &Run) -> Json<Value> {
    let mut out = run.asked.clone();
    out["id"] = json!(run.id);
    out["games"] = json!(run.games);
    out["total"] = json!(run.total);
    out["done"] = json!(run.done.load(Ordering::Relaxed));
    if let Some(why) = *lock(&run.abandoned) {
        out["abandoned"] = json!(why);
    }
    let result = lock(&run.result);
    out["running"] = json!(result.is_none());
    match &*result {
        Some(Ok(report)) => out["report"] = report.clone(),
        Some(Err(e)) => out["error"] = json!(e),
        None => {}
    }
    Json(out)
}

/// A game offered here, loaded with a preset and settings; the error says why not.
fn variant(
    app: &AppRef,
    game: String,
    preset: Option<String>,
    set: &Map<String, Value>,
) -> Result<Variant, ApiError> {
    if !app.offer.offers(&game) {
        return Err(ApiError::bad(format!(
            "`{game}` is not a game offered here"
        )));
    }
    let spec = GameSpec {
        game,
        preset: preset.filter(|p| !p.is_empty()),
        sets: settings(set)?,
    };
    let game = spec.load().map_err(|e| ApiError::bad(e.trim_end()))?;
    Ok(Variant { game, spec })
}

/// Checks a count against its range; the error names it.
fn within(what: &str, value: u64, most: u64) -> Result<u64, ApiError> {
    match (1..=most).contains(&value) {
        true => Ok(value),
        false => Err(ApiError::bad(format!(
            "{what}: from 1 to {most}, not {value}"
        ))),
    }
}

/// What a request asks for, checked, with the game (and the variant compared) loaded.
fn asked(app: &AppRef, analyst: Analyst, ask: Ask) -> Result<Asked, ApiError> {
    let this = variant(app, ask.game, ask.preset, &ask.set)?;
    let games = within("games", ask.games, MAX_GAMES)?;
    let max_plies = within("max_plies", ask.max_plies.unwrap_or(1000), MAX_PLIES)?;
    let duel = match ask.kind.as_str() {
        "analyze" => false,
        "match" => true,
        other => {
            return Err(ApiError::bad(format!(
                "kind: `analyze` or `match`, not `{other}`"
            )))
        }
    };
    let vs = match ask.vs {
        Some(_) if duel => return Err(ApiError::bad("vs: a match compares no variants")),
        Some(v) => {
            let game = v.game.unwrap_or_else(|| this.spec.game.clone());
            let loaded = variant(app, game, v.preset, &v.set);
            Some(loaded.map_err(|ApiError(code, why)| ApiError(code, format!("vs: {why}")))?)
        }
        None => None,
    };
    let asked = Asked {
        game: this.game,
        spec: this.spec,
        duel,
        players: ask
            .players
            .split(',')
            .map(|p| p.trim().to_string())
            .collect(),
        games,
        seed: ask.seed.unwrap_or(1),
        max_plies,
        vs,
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
        "kind": ask.kind, "game": ask.game, "preset": ask.preset, "set": ask.set,
        "players": ask.players, "seed": ask.seed.unwrap_or(1),
        "max_plies": ask.max_plies.unwrap_or(1000),
        "vs": ask.vs.as_ref().map(|v| json!({ "game": v.game, "preset": v.preset, "set": v.set })),
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
        total: asked.games * if asked.vs.is_some() { 2 } else { 1 },
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        result: Mutex::new(None),
        watch: Mutex::new(Watch::new(Instant::now())),
        abandoned: Mutex::new(None),
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
    let watched = Arc::clone(&run);
    std::thread::spawn(move || watch(&watched));
    Ok(status(&run))
}

/// How a run is followed: when it was last asked after, and when its page said it left
/// (unless asked after since: a reload).
#[derive(Clone, Debug)]
struct Watch {
    seen: Instant,
    /// When a page said it left, and which page (its `page` token, if it gave one).
    left: Option<(Instant, Option<String>)>,
}

impl Watch {
    /// A run asked after at `now` (as it starts).
    fn new(now: Instant) -> Watch {
        Watch {
            seen: now,
            left: None,
        }
    }

    /// Asked after at `now` by `page`: a page follows the run (again, after a reload).
    /// The page that left does not count: its last poll may reach the server after its
    /// word that it left.
    fn asked(&mut self, now: Instant, page: Option<String>) {
        let by_leaver = page.is_some() && self.left.as_ref().is_some_and(|(_, p)| *p == page);
        if !by_leaver {
            *self = Watch::new(now);
        }
    }

    /// `page` said at `now` that it left.
    fn leave(&mut self, now: Instant, page: Option<String>) {
        self.left = Some((now, page));
    }

    /// Why the run is to be stopped at `now`, if it is: its page left [`LEFT_GRACE`] ago
    /// or more and has not asked after it since, or nobody has for [`UNWATCHED`].
    fn abandoned(&self, now: Instant) -> Option<&'static str> {
        if self
            .left
            .as_ref()
            .is_some_and(|(t, _)| now - *t >= LEFT_GRACE)
        {
            Some("the page left")
        } else if now - self.seen >= UNWATCHED {
            Some("nobody asked after the run")
        } else {
            None
        }
    }
}

/// Stops a run whose page has left and not come back within [`LEFT_GRACE`], or that
/// nobody has asked after for [`UNWATCHED`]; returns when the run ends.
fn watch(run: &Run) {
    while lock(&run.result).is_none() {
        std::thread::sleep(Duration::from_millis(200));
        let Some(why) = lock(&run.watch).abandoned(Instant::now()) else {
            continue;
        };
        *lock(&run.abandoned) = Some(why);
        run.stop.store(true, Ordering::Relaxed);
        return;
    }
}

/// The run of an id, or 404.
fn find(app: &AppRef, id: &str) -> Result<Arc<Run>, ApiError> {
    let last = lock(&app.runs.last);
    (last.as_ref().filter(|r| r.id == id).cloned())
        .ok_or_else(|| ApiError::not_found(format!("no analysis `{id}`")))
}

/// The query of `GET /api/analyses/{id}` and `POST .../leave`: which page asks (a token
/// of the page's own; the page that said it left is not taken to be back).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    page: Option<String>,
}

/// The page of a query, or 400.
fn page(query: Result<Query<Page>, QueryRejection>) -> Result<Option<String>, ApiError> {
    let Query(asker) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    Ok(asker.page)
}

/// `GET /api/analyses/{id}?page=P`: the run's status.
pub async fn get(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    query: Result<Query<Page>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let page = page(query)?;
    let run = find(&app, &id)?;
    lock(&run.watch).asked(Instant::now(), page);
    Ok(status(&run))
}

/// `POST /api/analyses/{id}/leave?page=P`: the page that follows the run has left (it is
/// sent as the page is closed or reloaded): unless the run is asked after again within
/// [`LEFT_GRACE`] by another page (a reload does), it is stopped. Answers 204.
pub async fn leave(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    query: Result<Query<Page>, QueryRejection>,
) -> Result<StatusCode, ApiError> {
    let page = page(query)?;
    let run = find(&app, &id)?;
    lock(&run.watch).leave(Instant::now(), page);
    Ok(StatusCode::NO_CONTENT)
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

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    fn page(token: &str) -> Option<String> {
        Some(token.to_string())
    }

    #[test]
    fn the_last_poll_of_the_page_that_left_does_not_keep_the_run_going() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        watch.leave(start + SECOND, page("a"));
        // Sent before the page left, it reaches the server after the page's word.
        watch.asked(start + SECOND, page("a"));
        assert_eq!(
            watch.abandoned(start + SECOND + LEFT_GRACE),
            Some("the page left")
        );
        // A caller that names no page (a script) is another follower.
        let mut watch = Watch::new(start);
        watch.leave(start + SECOND, page("a"));
        watch.asked(start + SECOND, None);
        assert_eq!(watch.abandoned(start + SECOND + LEFT_GRACE), None);
    }

    #[test]
    fn a_page_that_left_and_did_not_come_back_stops_its_run_after_the_grace() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        watch.leave(start + SECOND, page("a"));
        assert_eq!(watch.abandoned(start + SECOND), None);
        assert_eq!(watch.abandoned(start + SECOND + LEFT_GRACE / 2), None);
        assert_eq!(
            watch.abandoned(start + SECOND + LEFT_GRACE),
            Some("the page left")
        );
    }

    #[test]
    fn a_reload_asks_after_the_run_and_it_goes_on() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        // The page leaves, and the reloaded one asks after the run at once.
        watch.leave(start + SECOND, page("a"));
        watch.asked(start + SECOND, page("b"));
        for later in [LEFT_GRACE, 10 * LEFT_GRACE, UNWATCHED - 2 * SECOND] {
            assert_eq!(watch.abandoned(start + SECOND + later), None, "{later:?}");
        }
    }

    #[test]
    fn a_run_nobody_asks_after_is_stopped_after_a_while() {
        let start = Instant::now();
        let mut watch = Watch::new(start);
        watch.asked(start + SECOND, None);
        assert_eq!(watch.abandoned(start + UNWATCHED), None);
        assert_eq!(
            watch.abandoned(start + SECOND + UNWATCHED),
            Some("nobody asked after the run")
        );
    }
}
