//! `rulebook serve`: the games played in a web browser. An HTTP server (axum on tokio)
//! serves a page to play on and one of analyses, their scripts and style (embedded in the
//! program: `assets/`), and a JSON API (`api`, docs/web.md) over the sessions of games
//! being played (`sessions`, each autosaved), whose state the page is sent as `view`
//! makes it, and over the runs of `rulebook analyze` and `match` (`analysis`).

mod analysis;
mod api;
mod games;
mod sessions;
mod view;

use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use analysis::{Analyst, Asked, Variant};
use api::App;

/// How the server is started.
#[derive(Clone, Debug)]
pub struct Options {
    /// The game the page opens on: a bundled name or a rule file's path (which the page
    /// then offers beside the bundled games).
    pub game: Option<String>,
    /// The address to listen on (`127.0.0.1`: this machine only).
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// The folder of the sessions' autosaves; none: games are not kept across restarts.
    pub autosave: Option<PathBuf>,
    /// Who plays the analysis page's runs (the command line's `analyze` and `match`);
    /// none: the page's requests are refused.
    pub analyst: Option<Analyst>,
}

/// The pages, their scripts (`api.js`: what both share) and style, embedded in the
/// program.
const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const API_SCRIPT: &str = include_str!("assets/api.js");
const STYLE: &str = include_str!("assets/style.css");
const ANALYSIS_PAGE: &str = include_str!("assets/analysis.html");
const ANALYSIS_SCRIPT: &str = include_str!("assets/analysis.js");

/// The routes: the page's files and the API.
fn router(app: Arc<App>) -> Router {
    let file = |kind: &'static str, text: &'static str| {
        get(move || async move { ([(header::CONTENT_TYPE, kind)], text).into_response() })
    };
    let sessions = "/api/sessions/{id}";
    Router::new()
        .route("/", file("text/html; charset=utf-8", PAGE))
        .route("/app.js", file("text/javascript; charset=utf-8", SCRIPT))
        .route(
            "/api.js",
            file("text/javascript; charset=utf-8", API_SCRIPT),
        )
        .route("/style.css", file("text/css; charset=utf-8", STYLE))
        .route("/analysis", file("text/html; charset=utf-8", ANALYSIS_PAGE))
        .route(
            "/analysis.js",
            file("text/javascript; charset=utf-8", ANALYSIS_SCRIPT),
        )
        .route("/api/games", get(api::games))
        .route("/api/sessions", post(api::create))
        .route("/api/records", post(api::load))
        .route("/api/analyses", post(analysis::start))
        .route("/api/analyses/{id}", get(analysis::get))
        .route("/api/analyses/{id}/stop", post(analysis::stop))
        .route("/api/analyses/{id}/leave", post(analysis::leave))
        .route(sessions, get(api::get))
        .route(&format!("{sessions}/play"), post(api::play))
        .route(&format!("{sessions}/throw"), post(api::throw))
        .route(&format!("{sessions}/at"), get(api::at))
        .route(&format!("{sessions}/undo"), post(api::undo))
        .route(&format!("{sessions}/redo"), post(api::redo))
        .route(&format!("{sessions}/computer"), post(api::computer))
        .route(&format!("{sessions}/hint"), get(api::hint))
        .route(&format!("{sessions}/stop"), post(api::stop))
        .route(&format!("{sessions}/record"), get(api::record))
        .fallback(api::unknown)
        .with_state(app)
}

/// Whether an address to listen on is this machine's alone (a loopback address, or
/// `localhost`).
fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Refuses (403) a request whose `Host` is not this machine's by a loopback name: a page
/// elsewhere that had a name of its own resolved to 127.0.0.1 (DNS rebinding) cannot
/// drive a server that listens on this machine alone.
async fn loopback_only(request: Request, next: Next) -> Response {
    let host = (request.headers().get(header::HOST))
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    match ["localhost", "127.0.0.1", "[::1]"].contains(&name) {
        true => next.run(request).await,
        false => {
            let why =
                format!("this server answers requests for 127.0.0.1 or localhost, not `{host}`");
            (
                StatusCode::FORBIDDEN,
                axum::Json(serde_json::json!({ "error": why })),
            )
                .into_response()
        }
    }
}

/// Loads what the server offers and binds its address; the error says why not.
fn prepare(options: &Options) -> Result<(TcpListener, Arc<App>), String> {
    let offer = games::Offer::new(options.game.clone())?;
    let sessions = sessions::Sessions::restore(options.autosave.clone());
    let listener = TcpListener::bind((options.host.as_str(), options.port)).map_err(|e| {
        format!(
            "error: cannot listen on {}:{}: {e}",
            options.host, options.port
        )
    })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("error: {e}"))?;
    Ok((
        listener,
        Arc::new(App {
            offer,
            sessions,
            runs: analysis::Runs::new(options.analyst),
        }),
    ))
}

/// Serves on a listener until the process ends.
fn serve_on(listener: TcpListener, app: Arc<App>, loopback: bool) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_io()
        .build()
        .map_err(|e| format!("error: cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("error: cannot listen: {e}"))?;
        let mut routes = router(app);
        if loopback {
            routes = routes.layer(middleware::from_fn(loopback_only));
        }
        axum::serve(listener, routes)
            .await
            .map_err(|e| format!("error: the server stopped: {e}"))
    })
}

/// Runs the server in the foreground, printing its address, until the process is
/// stopped.
pub fn run(options: &Options) -> Result<(), String> {
    let (listener, app) = prepare(options)?;
    let addr = listener.local_addr().map_err(|e| format!("error: {e}"))?;
    println!("rulebook serve: open http://{addr}/ in a browser (Ctrl-C stops it)");
    serve_on(listener, app, is_loopback(&options.host))
}

/// Starts the server on a thread of its own (for tests: port 0 takes a free port); its
/// address.
pub fn spawn(options: &Options) -> Result<SocketAddr, String> {
    let (listener, app) = prepare(options)?;
    let addr = listener.local_addr().map_err(|e| format!("error: {e}"))?;
    let loopback = is_loopback(&options.host);
    std::thread::spawn(move || serve_on(listener, app, loopback));
    Ok(addr)
}
