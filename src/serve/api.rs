//! The JSON API (docs/web.md): the games offered, sessions made, moves played by text or
//! by the sites clicked, undo and redo, the computer's move and hints (searched on a
//! blocking thread, so that no request waits on another), records saved and loaded.
//! Every refusal is a 4xx status with `{"error": "why"}`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State as Extract};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::analysis::Runs;
use super::games::Offer;
use super::sessions::{lock, valid_id, Play, Searching, Sessions, Shared};
use super::view::{legal_clicks, state_json};
use crate::ai::{self, Budget, Level, Searcher};
use crate::engine::{Move, MoveList, State};
use crate::notation;
use crate::record::{GameSpec, Record};

/// What every handler shares: the games offered and the sessions.
#[derive(Debug)]
pub struct App {
    /// The games a session may play.
    pub offer: Offer,
    /// The games being played.
    pub sessions: Sessions,
    /// The analysis page's runs.
    pub runs: Runs,
}

/// The application as the handlers receive it.
pub type AppRef = Arc<App>;

/// A refusal: its status and why.
#[derive(Debug)]
pub struct ApiError(pub StatusCode, pub String);

impl ApiError {
    /// A request that cannot be carried out as it stands (400).
    pub fn bad(why: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, why.into())
    }

    /// Nothing of that name (404).
    pub fn not_found(why: impl Into<String>) -> ApiError {
        ApiError(StatusCode::NOT_FOUND, why.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        ApiError(r.status(), r.body_text())
    }
}

/// A handler's answer: JSON, or a refusal.
type Answer = Result<Json<Value>, ApiError>;

/// A JSON body, or the refusal of one that does not read.
pub type Body<T> = Result<Json<T>, JsonRejection>;

/// `GET /api/games`.
pub async fn games(Extract(app): Extract<AppRef>) -> Json<Value> {
    Json(app.offer.json())
}

/// The body of `POST /api/sessions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    game: String,
    preset: Option<String>,
    #[serde(default)]
    set: Map<String, Value>,
}

/// `POST /api/sessions`: a new game; its state, with its id.
pub async fn create(Extract(app): Extract<AppRef>, body: Body<NewGame>) -> Answer {
    let Json(new) = body?;
    if !app.offer.offers(&new.game) {
        return Err(ApiError::bad(format!(
            "`{}` is not a game offered here",
            new.game
        )));
    }
    let sets = settings(&new.set)?;
    let spec = GameSpec {
        game: new.game,
        preset: new.preset.filter(|p| !p.is_empty()),
        sets,
    };
    let game = spec.load().map_err(|e| ApiError::bad(e.trim_end()))?;
    start(&app, Play::new(spec, State::new(game)))
}

/// Settings given as an object (`{"size": 9}`) as `key=value` texts.
pub fn settings(set: &Map<String, Value>) -> Result<Vec<String>, ApiError> {
    (set.iter())
        .map(|(key, value)| match value {
            Value::String(s) => Ok(format!("{key}={s}")),
            Value::Number(n) => Ok(format!("{key}={n}")),
            _ => Err(ApiError::bad(format!(
                "setting `{key}`: its value is a string or a number"
            ))),
        })
        .collect()
}

/// Holds a new session and answers with its state.
fn start(app: &App, play: Play) -> Answer {
    let id = app
        .sessions
        .add(play)
        .map_err(|e| ApiError(StatusCode::SERVICE_UNAVAILABLE, e))?;
    let shared = app
        .sessions
        .get(&id)
        .ok_or_else(|| ApiError::not_found("no such game"))?;
    let play = lock(&shared);
    Ok(Json(state_json(
        &id,
        &play.spec,
        &play.state,
        play.redo.len(),
    )))
}

/// The session of an id, or 404.
fn session(app: &App, id: &str) -> Result<Shared, ApiError> {
    let found = valid_id(id).then(|| app.sessions.get(id)).flatten();
    found.ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))
}

/// The session's state as the API sends it.
fn reply(id: &str, play: &Play) -> Json<Value> {
    Json(state_json(id, &play.spec, &play.state, play.redo.len()))
}

/// `GET /api/sessions/{id}`.
pub async fn get(Extract(app): Extract<AppRef>, Path(id): Path<String>) -> Answer {
    let shared = session(&app, &id)?;
    let play = lock(&shared);
    Ok(reply(&id, &play))
}

/// The body of `POST /api/sessions/{id}/play`: a move's text, or the sites clicked.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    text: Option<String>,
    sites: Option<Vec<String>>,
}

/// `POST /api/sessions/{id}/play`: the move played; the new state.
pub async fn play(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    body: Body<PlayMove>,
) -> Answer {
    let Json(asked) = body?;
    let shared = session(&app, &id)?;
    let mut play = lock(&shared);
    if play.state.chance().is_some() {
        return Err(ApiError::bad(
            "the dice are thrown, not chosen: POST /api/sessions/{id}/throw throws them",
        ));
    }
    let m = match (asked.text, asked.sites) {
        (Some(text), None) => notation::parse_move(&mut play.state, &text)
            .map_err(|e| ApiError::bad(e.to_string()))?,
        (None, Some(sites)) => by_sites(&play.state, &sites)?,
        _ => {
            return Err(ApiError::bad(
                "give `move` (a move's text) or `sites`, not both",
            ))
        }
    };
    play.state.apply(m);
    play.redo.clear();
    app.sessions.save(&id, &play);
    Ok(reply(&id, &play))
}

/// `POST /api/sessions/{id}/throw`: the dice thrown for the side to move, when a throw is
/// due; the new state, and `move`, the throw's text ([`throw_for`]).
pub async fn throw(Extract(app): Extract<AppRef>, Path(id): Path<String>) -> Answer {
    let shared = session(&app, &id)?;
    let mut play = lock(&shared);
    throw_for(&app, &id, &mut play)
}

/// Throws the dice for the side to move of a session, if a throw is due: drawn from the
/// session's id and the ply, so that a throw taken back and thrown again (by a person or
/// the computer) falls the same. The new state, and `move`, the throw's text.
fn throw_for(app: &App, id: &str, play: &mut Play) -> Answer {
    let seed = (id.bytes()).fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }) ^ play.state.ply() as u64;
    let mut rng = crate::analysis::Rng::new(seed);
    let throw = (play.state)
        .pick_throw(|n| rng.below(n))
        .ok_or_else(|| ApiError::bad("no throw of the dice is due"))?;
    let text = notation::move_text(&play.state, throw);
    play.state.apply(throw);
    play.redo.clear();
    app.sessions.save(id, play);
    let mut out = reply(id, play);
    out.0["move"] = json!(text);
    Ok(out)
}

/// The one legal move made by clicking `sites` in order.
fn by_sites(state: &State, sites: &[String]) -> Result<Move, ApiError> {
    let legal = legal_clicks(state);
    let found: Vec<(Move, String)> = (legal.iter())
        .filter(|(_, _, clicks)| clicks == sites)
        .map(|(m, text, _)| (*m, text.clone()))
        .collect();
    match found.as_slice() {
        [(m, _)] => Ok(*m),
        [] if legal.is_empty() => Err(ApiError::bad("the game is over")),
        [] => Err(ApiError::bad(format!(
            "no legal move is made by clicking {}",
            sites.join(", ")
        ))),
        more => {
            let texts: Vec<&str> = more.iter().map(|(_, t)| t.as_str()).collect();
            Err(ApiError::bad(format!(
                "those clicks make {} moves ({}): give the move's text",
                texts.len(),
                texts.join(", ")
            )))
        }
    }
}

/// The query of `GET /api/sessions/{id}/at`: how many moves in.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct At {
    ply: usize,
}

/// `GET /api/sessions/{id}/at?ply=N`: the state as it was after the first N moves (its
/// picture, and `last`: the Nth move with what it took), for looking back through the
/// moves; the game is not changed.
pub async fn at(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    query: Result<Query<At>, QueryRejection>,
) -> Answer {
    let Query(at) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let shared = session(&app, &id)?;
    let play = lock(&shared);
    let played = play.state.ply();
    if at.ply > played {
        return Err(ApiError::bad(format!(
            "ply {}: the game has {played} moves",
            at.ply
        )));
    }
    let mut earlier = play.state.clone();
    for _ in at.ply..played {
        earlier.undo();
    }
    let mut out = Json(state_json(&id, &play.spec, &earlier, 0));
    out.0["ply"] = json!(at.ply);
    Ok(out)
}

/// `POST /api/sessions/{id}/undo`: the last move taken back.
pub async fn undo(Extract(app): Extract<AppRef>, Path(id): Path<String>) -> Answer {
    let shared = session(&app, &id)?;
    let mut play = lock(&shared);
    let m = play
        .state
        .undo()
        .ok_or_else(|| ApiError::bad("nothing to undo"))?;
    play.redo.push(m);
    app.sessions.save(&id, &play);
    Ok(reply(&id, &play))
}

/// `POST /api/sessions/{id}/redo`: the last move taken back played again.
pub async fn redo(Extract(app): Extract<AppRef>, Path(id): Path<String>) -> Answer {
    let shared = session(&app, &id)?;
    let mut play = lock(&shared);
    let m = play
        .redo
        .pop()
        .ok_or_else(|| ApiError::bad("nothing to redo"))?;
    if let Err(e) = notation::play(&mut play.state, m) {
        play.redo.clear();
        return Err(ApiError::bad(e.to_string()));
    }
    app.sessions.save(&id, &play);
    Ok(reply(&id, &play))
}

/// The body of `POST /api/sessions/{id}/computer` and the query of `GET .../hint`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Think {
    level: Option<String>,
}

/// The level named (the default one if none).
fn level(think: &Think) -> Result<Level, ApiError> {
    let name = think.level.as_deref().unwrap_or(ai::DEFAULT_LEVEL);
    ai::level(name).ok_or_else(|| {
        let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
        ApiError::bad(format!(
            "no level `{name}`; the levels are {}",
            names.join(", ")
        ))
    })
}

/// A copy of the session's position to search, refused when the game is over.
fn to_search(shared: &Shared) -> Result<State, ApiError> {
    let play = lock(shared);
    let mut moves = MoveList::new();
    play.state.legal_moves(&mut moves);
    match moves.is_empty() {
        true => Err(ApiError::bad(
            "the game is over: there is no move to think about",
        )),
        false => Ok(play.state.clone()),
    }
}

/// `POST /api/sessions/{id}/computer`: the computer's move at a level, played; the new
/// state and `move`. Refused (409) if the game changed while it thought; stopped
/// (`POST .../stop`), it plays nothing and answers the state as it was, with `stopped`.
pub async fn computer(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    body: Body<Think>,
) -> Answer {
    let Json(think) = body?;
    let level = level(&think)?;
    let shared = session(&app, &id)?;
    {
        let mut play = lock(&shared);
        if play.state.chance().is_some() {
            return throw_for(&app, &id, &mut play);
        }
    }
    let root = to_search(&shared)?;
    let searched = root.clone();
    let searching = Searching::new(&shared);
    let flag = Arc::clone(&searching.flag);
    let best = tokio::task::spawn_blocking(move || {
        let seed = searched.ply() as u64 + 1;
        let t = Searcher::new().think(&searched, Budget::reproducible(&level), seed, &flag);
        t.map(|t| t.best)
    })
    .await
    .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
    .ok_or_else(|| ApiError::bad("the game is over"))?;
    let stopped = searching.stopped();
    drop(searching);
    let mut play = lock(&shared);
    if stopped {
        let mut out = reply(&id, &play);
        out.0["stopped"] = json!(true);
        return Ok(out);
    }
    if play.state != root || play.state.ply() != root.ply() {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "the game changed while the computer thought".into(),
        ));
    }
    let text = notation::move_text(&play.state, best);
    play.state.apply(best);
    play.redo.clear();
    app.sessions.save(&id, &play);
    let mut out = reply(&id, &play);
    out.0["move"] = json!(text);
    Ok(out)
}

/// `GET /api/sessions/{id}/hint?level=L`: the computer's best moves at a level, each with
/// what it leads to in words; the game is not changed. Stopped (`POST .../stop`), it
/// answers `{"stopped": true}` alone.
pub async fn hint(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
    Query(think): Query<Think>,
) -> Answer {
    let level = level(&think)?;
    let shared = session(&app, &id)?;
    if lock(&shared).state.chance().is_some() {
        return Err(ApiError::bad(
            "a throw of the dice is due: the dice are thrown, not chosen; no hint",
        ));
    }
    let root = to_search(&shared)?;
    let searching = Searching::new(&shared);
    let flag = Arc::clone(&searching.flag);
    let found = tokio::task::spawn_blocking(move || hint_json(&root, &level, &flag))
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    match searching.stopped() {
        true => Ok(Json(json!({ "stopped": true }))),
        false => Ok(Json(found)),
    }
}

/// `POST /api/sessions/{id}/stop`: stops the computer's searches under way on the game
/// (its move, a hint), which then play nothing; `stopped`: how many there were.
pub async fn stop(Extract(app): Extract<AppRef>, Path(id): Path<String>) -> Answer {
    let shared = session(&app, &id)?;
    let play = lock(&shared);
    for flag in &play.searches {
        flag.store(true, Ordering::Relaxed);
    }
    Ok(Json(json!({ "stopped": play.searches.len() })))
}

/// The moves a hint lists.
const HINT_MOVES: usize = 3;

/// A hint: `move` (the best), `moves` (up to [`HINT_MOVES`], each `move` and `judgement`
/// in words).
fn hint_json(root: &State, level: &Level, stop: &AtomicBool) -> Result<Value, ApiError> {
    let seed = root.ply() as u64 + 1;
    let (t, ranked) = Searcher::new()
        .rank(root, Budget::reproducible(level), seed, stop)
        .ok_or_else(|| ApiError::bad("the game is over"))?;
    let now = ai::standing(root, root.to_move());
    let measure = ai::measure(root.game());
    let moves: Vec<Value> = (ranked.iter().take(HINT_MOVES))
        .map(|r| {
            let words = match root.game().solo() {
                true => ai::explain_solo(r.judgement),
                false => {
                    let words = ai::explain(r.judgement, now, measure, None);
                    match r.reply {
                        Some(reply) => {
                            let mut after = root.clone();
                            after.apply(r.mv);
                            words + &ai::refuted_by(&notation::move_text(&after, reply))
                        }
                        None => words,
                    }
                }
            };
            json!({ "move": notation::move_text(root, r.mv), "judgement": words })
        })
        .collect();
    Ok(json!({ "move": notation::move_text(root, t.best), "level": level.name, "moves": moves }))
}

/// `GET /api/sessions/{id}/record`: the game record, as YAML (the REPL's `save`).
pub async fn record(
    Extract(app): Extract<AppRef>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let shared = session(&app, &id)?;
    let text = {
        let play = lock(&shared);
        crate::yaml::to_string(&Record::of(&play.spec, &play.state))
    };
    let text = text.map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok((
        [(header::CONTENT_TYPE, "application/yaml; charset=utf-8")],
        text,
    )
        .into_response())
}

/// The body of `POST /api/records`: a record's YAML text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Load {
    record: String,
}

/// `POST /api/records`: a new session from a game record (the REPL's `load`), replayed
/// and checked; its state.
pub async fn load(Extract(app): Extract<AppRef>, body: Body<Load>) -> Answer {
    let Json(load) = body?;
    let record: Record = crate::yaml::from_str(&load.record)
        .map_err(|e| ApiError::bad(format!("not a game record: {e}")))?;
    if !app.offer.offers(&record.game) {
        return Err(ApiError::bad(format!(
            "`{}` is not a game offered here",
            record.game
        )));
    }
    let state = record.replay().map_err(|e| ApiError::bad(e.trim_end()))?;
    start(&app, Play::new(record.setup(), state))
}

/// Any other path under `/api`: 404.
pub async fn unknown() -> ApiError {
    ApiError::not_found("no such request: docs/web.md lists them")
}
