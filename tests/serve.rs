//! `rulebook serve` (docs/web.md): every endpoint of the JSON API over real HTTP, on a
//! server bound to a free port; bad requests answered 4xx with a message; two sessions
//! kept apart; a game taken up again by a server started on the same autosave folder.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

use rulebook::serve::{spawn, Options};
use serde_json::{json, Value};

/// A server on a free port of this machine, autosaving in `autosave`.
fn server(game: Option<&str>, autosave: Option<PathBuf>) -> SocketAddr {
    spawn(&Options {
        game: game.map(String::from),
        host: "127.0.0.1".into(),
        port: 0,
        autosave,
        analyst: Some(rulebook::cli::analyst()),
    })
    .expect("the server starts")
}

/// A fresh folder for a test's autosaves.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// One HTTP/1.1 request (the connection closed after it): the status and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let body = body.unwrap_or("");
    let kind = match body.is_empty() {
        true => String::new(),
        false => "Content-Type: application/json\r\n".into(),
    };
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{kind}Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}

/// A request whose reply is JSON with the status expected.
fn call(addr: SocketAddr, method: &str, path: &str, body: Option<Value>, status: u16) -> Value {
    let text = body.map(|b| b.to_string());
    let (got, reply) = http(addr, method, path, text.as_deref());
    assert_eq!(got, status, "{method} {path}: {reply}");
    serde_json::from_str(&reply)
        .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {reply}"))
}

/// A new session of a game; its state.
fn new_game(addr: SocketAddr, body: Value) -> Value {
    call(addr, "POST", "/api/sessions", Some(body), 200)
}

/// The state of a session (`state`: any state of it) as the server has it now.
fn session(addr: SocketAddr, state: &Value) -> Value {
    let id = state["id"].as_str().unwrap();
    call(addr, "GET", &format!("/api/sessions/{id}"), None, 200)
}

/// A move played by its text in a session (`state`: any state of it); the state after it.
fn play(addr: SocketAddr, state: &Value, text: &str) -> Value {
    call(
        addr,
        "POST",
        &path(state, "play"),
        Some(json!({ "move": text })),
        200,
    )
}

/// The path of a request of a session (`state`: any state of it): `what` is `play`,
/// `undo`...
fn path(state: &Value, what: &str) -> String {
    format!("/api/sessions/{}/{what}", state["id"].as_str().unwrap())
}

/// The texts of a JSON list of texts (`played`).
fn texts(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_page_and_its_files_are_served() {
    let addr = server(None, None);
    for (file, needle) in [
        ("/", "<script src=\"/app.js\">"),
        ("/app.js", "/api/sessions"),
        ("/api.js", "async function api("),
        ("/analysis", "<script src=\"/api.js\">"),
        ("/analysis.js", "/api/analyses"),
        ("/style.css", ".spot"),
    ] {
        let (status, body) = http(addr, "GET", file, None);
        assert_eq!(status, 200, "{file}");
        assert!(body.contains(needle), "{file}");
    }
}

#[test]
fn games_lists_the_bundled_games_with_presets_and_settings() {
    let addr = server(Some("tests/fixtures/valid/pente.game"), None);
    let games = call(addr, "GET", "/api/games", None, 200);
    assert_eq!(games["start"], "tests/fixtures/valid/pente.game");
    let list = games["games"].as_array().unwrap();
    assert_eq!(list[0]["name"], "tests/fixtures/valid/pente.game");
    let go = list
        .iter()
        .find(|g| g["name"] == "go")
        .expect("go is offered");
    let presets: Vec<&Value> = go["presets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert!(presets.contains(&&json!("13x13")), "{presets:?}");
    let thirteen = (go["presets"].as_array().unwrap().iter())
        .find(|p| p["name"] == "13x13")
        .unwrap();
    assert_eq!(
        thirteen["sets"],
        json!({"size": "13"}),
        "a preset's values are offered"
    );
    assert!(go["settings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["name"] == "komi"));
    // A file offered on the command line can be played; another path cannot.
    let pente = new_game(addr, json!({"game": "tests/fixtures/valid/pente.game"}));
    assert_eq!(pente["over"], false);
    let refused = call(
        addr,
        "POST",
        "/api/sessions",
        Some(json!({"game": "/etc/passwd"})),
        400,
    );
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("not a game offered"));
}

#[test]
fn a_new_game_has_its_picture_sites_and_moves() {
    let addr = server(None, None);
    let s = new_game(
        addr,
        json!({"game": "go", "preset": "13x13", "set": {"komi": 6}}),
    );
    assert_eq!(s["preset"], "13x13");
    assert_eq!(s["settings"]["komi"], "6");
    assert!(s["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(s["spots"].as_array().unwrap().len(), 169);
    assert_eq!(s["to_move"], "black");
    let choices = s["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 170, "every point and a pass");
    assert!(choices
        .iter()
        .any(|c| c["text"] == "pass" && c["sites"] == json!([])));
    assert!(choices
        .iter()
        .any(|c| c["text"] == "g7" && c["sites"] == json!(["g7"])));
    assert_eq!(s["last"], Value::Null);
    // A game again from its state: the same id answers.
    let again = session(addr, &s);
    assert_eq!(again["id"], s["id"]);
}

#[test]
fn bad_requests_are_refused_with_a_message() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "othello"}));
    let cases: [(&str, String, Option<&str>, u16); 10] = [
        ("POST", "/api/sessions".into(), Some("{not json"), 400),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "othello", "extra": 1}"#),
            422,
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "no-such-game"}"#),
            400,
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"game": "go", "preset": "7x7"}"#),
            400,
        ),
        ("POST", path(&s, "play"), Some(r#"{"move": "a1"}"#), 400),
        ("POST", path(&s, "play"), Some(r#"{"move": "zz99"}"#), 400),
        ("POST", path(&s, "play"), Some(r#"{}"#), 400),
        ("GET", "/api/sessions/0123456789abcdef".into(), None, 404),
        ("GET", "/api/sessions/../../etc".into(), None, 404),
        ("GET", "/api/nothing".into(), None, 404),
    ];
    for (method, at, body, status) in cases {
        let (got, reply) = http(addr, method, &at, body);
        assert_eq!(got, status, "{method} {at} {body:?}: {reply}");
        assert!(!reply.trim().is_empty(), "{method} {at}: a message");
    }
    let refused = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"move": "a1"})),
        400,
    );
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("a1 is not legal"),
        "{refused}"
    );
    let s = session(addr, &s);
    assert_eq!(s["played"], json!([]), "a refused move changes nothing");
    call(addr, "POST", &path(&s, "undo"), None, 400);
    call(addr, "POST", &path(&s, "redo"), None, 400);
    call(
        addr,
        "POST",
        &path(&s, "computer"),
        Some(json!({"level": "genius"})),
        400,
    );
    call(
        addr,
        "GET",
        &format!("{}?level=genius", path(&s, "hint")),
        None,
        400,
    );
    call(
        addr,
        "POST",
        "/api/records",
        Some(json!({"record": "moves: ["})),
        400,
    );
    call(
        addr,
        "POST",
        "/api/records",
        Some(json!({"record": "game: othello\nmoves: [a1]\n"})),
        400,
    );
}

#[test]
fn moves_by_text_and_by_sites_undo_and_redo() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "othello"}));
    let s = play(addr, &s, "e3");
    assert_eq!(texts(&s["played"]), ["e3"]);
    assert_eq!(s["last"]["move"], "e3");
    assert_eq!(s["last"]["by"], "black");
    let s = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"sites": ["f3"]})),
        200,
    );
    assert_eq!(texts(&s["played"]), ["e3", "f3"]);
    let s = call(addr, "POST", &path(&s, "undo"), None, 200);
    assert_eq!(
        (texts(&s["played"]), s["redo"].clone()),
        (vec!["e3".to_string()], json!(1))
    );
    let s = call(addr, "POST", &path(&s, "redo"), None, 200);
    assert_eq!(texts(&s["played"]), ["e3", "f3"]);
    assert_eq!(s["redo"], 0);
    // A move played after undo forgets what was taken back.
    let s = call(addr, "POST", &path(&s, "undo"), None, 200);
    let s = play(addr, &s, "d3");
    assert_eq!(s["redo"], 0);
    call(addr, "POST", &path(&s, "redo"), None, 400);
}

#[test]
fn a_chain_of_jumps_is_clicked_site_by_site() {
    let addr = server(None, None);
    // English draughts, moves picked by a fixed rule until a chain of two jumps is legal.
    let mut s = new_game(addr, json!({"game": "draughts"}));
    let long = |s: &Value| {
        let choices = s["choices"].as_array().unwrap().clone();
        choices
            .into_iter()
            .find(|c| c["sites"].as_array().unwrap().len() >= 3)
    };
    for ply in 0..200 {
        if long(&s).is_some() || s["over"] == true {
            break;
        }
        let choices = s["choices"].as_array().unwrap();
        let pick = choices[(ply * 7 + 3) % choices.len()]["text"].clone();
        s = call(
            addr,
            "POST",
            &path(&s, "play"),
            Some(json!({ "move": pick })),
            200,
        );
        if s["over"] == true {
            s = new_game(addr, json!({"game": "draughts"}));
        }
    }
    let chain = long(&s).expect("a chain within 200 plies");
    let sites = chain["sites"].as_array().unwrap();
    assert_eq!(
        sites.len(),
        chain["text"].as_str().unwrap().split('-').count(),
        "{chain}"
    );
    // The first two landings are not a move; all of them are.
    let part = json!({ "sites": sites[..sites.len() - 1] });
    let refused = call(addr, "POST", &path(&s, "play"), Some(part), 400);
    assert!(
        refused["error"].as_str().unwrap().contains("no legal move"),
        "{refused}"
    );
    let played = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({ "sites": sites })),
        200,
    );
    assert_eq!(played["last"]["move"], chain["text"]);
    assert_eq!(
        played["last"]["taken"].as_array().unwrap().len(),
        sites.len() - 1
    );
}

#[test]
fn a_pit_is_clicked_to_sow_it_and_captures_are_reported() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "mangala"}));
    assert_eq!(s["spots"].as_array().unwrap().len(), 12);
    let choices = s["choices"].as_array().unwrap();
    assert!(choices
        .iter()
        .all(|c| c["sites"].as_array().unwrap().len() == 1));
    // The computer plays both sides until something is taken.
    let mut s = s;
    for _ in 0..40 {
        s = call(
            addr,
            "POST",
            &path(&s, "computer"),
            Some(json!({"level": "easy"})),
            200,
        );
        assert!(s["move"].is_string());
        if !s["last"]["taken"].as_array().unwrap().is_empty() || s["over"] == true {
            break;
        }
    }
    assert!(
        !s["last"]["taken"].as_array().unwrap().is_empty(),
        "a capture within 40 moves"
    );
    assert!(
        s["last"]["effects"].as_str().unwrap().contains("takes"),
        "{}",
        s["last"]
    );
}

#[test]
fn an_earlier_move_is_looked_back_at_with_what_it_took() {
    let addr = server(None, None);
    let mut s = new_game(addr, json!({"game": "mangala"}));
    // Each move's `last` as it was when it was played, the computer playing both sides.
    let mut lasts = Vec::new();
    for _ in 0..12 {
        s = call(
            addr,
            "POST",
            &path(&s, "computer"),
            Some(json!({"level": "easy"})),
            200,
        );
        lasts.push(s["last"].clone());
    }
    let took = (lasts
        .iter()
        .position(|l| !l["taken"].as_array().unwrap().is_empty()))
    .expect("a move of the first 12 takes something");
    assert!(took + 1 < lasts.len(), "a move after the capture");
    for (i, last) in lasts.iter().enumerate() {
        let at = call(
            addr,
            "GET",
            &format!("{}?ply={}", path(&s, "at"), i + 1),
            None,
            200,
        );
        assert_eq!(&at["last"], last, "move {}", i + 1);
        assert_eq!(at["ply"], i + 1);
        assert_eq!(at["played"], json!(s["played"].as_array().unwrap()[..=i]));
    }
    let start = call(addr, "GET", &format!("{}?ply=0", path(&s, "at")), None, 200);
    assert_eq!(start["last"], Value::Null);
    for bad in ["?ply=13", "?ply=-1", "", "?ply=1&more=2"] {
        let (status, body) = http(addr, "GET", &format!("{}{bad}", path(&s, "at")), None);
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body.contains("\"error\""), "{bad}: {body}");
    }
    let now = session(addr, &s);
    assert_eq!(now["played"], s["played"], "looking back changes nothing");
}

#[test]
fn tiles_are_chosen_by_text_after_the_cell() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "migong"}));
    let choices = s["choices"].as_array().unwrap();
    let first = &choices[0];
    let same: Vec<&Value> = choices
        .iter()
        .filter(|c| c["sites"] == first["sites"])
        .collect();
    assert!(same.len() > 1, "several tiles on one cell");
    let refused = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"sites": first["sites"]})),
        400,
    );
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("give the move's text"),
        "{refused}"
    );
    let s = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"move": first["text"]})),
        200,
    );
    assert_eq!(s["played"][0], first["text"]);
    assert!(s["hands"].is_object());
}

#[test]
fn the_computer_plays_and_hints() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "othello"}));
    let hint = call(
        addr,
        "GET",
        &format!("{}?level=easy", path(&s, "hint")),
        None,
        200,
    );
    let legal: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(legal.contains(&hint["move"].as_str().unwrap()), "{hint}");
    assert!(!hint["moves"].as_array().unwrap().is_empty());
    let after = session(addr, &s);
    assert_eq!(after["played"], json!([]), "a hint plays nothing");
    let s = call(
        addr,
        "POST",
        &path(&s, "computer"),
        Some(json!({"level": "easy"})),
        200,
    );
    assert_eq!(texts(&s["played"]), [s["move"].as_str().unwrap()]);
    assert_eq!(s["to_move"], "white");
}

/// Asks the computer to think (`what`: its move or a hint) at `strong` on the empty
/// 19x19 board, a search of many seconds, and stops it once it is under way: the reply,
/// which comes only when the search's thread has returned, comes promptly after the stop.
fn stopped_search(what: &str) -> (Value, Value, Duration) {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "go", "preset": "19x19"}));
    let (method, request, body) = match what {
        "computer" => (
            "POST",
            path(&s, "computer"),
            Some(json!({"level": "strong"})),
        ),
        _ => ("GET", format!("{}?level=strong", path(&s, "hint")), None),
    };
    let thinking = std::thread::spawn(move || call(addr, method, &request, body, 200));
    let started = std::time::Instant::now();
    let stopped = loop {
        let stop = call(addr, "POST", &path(&s, "stop"), None, 200);
        if stop["stopped"] == 1 || started.elapsed() > Duration::from_secs(20) {
            break std::time::Instant::now();
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let reply = thinking.join().expect("the search answers");
    let after = session(addr, &s);
    (reply, after, stopped.elapsed())
}

#[test]
fn a_search_is_stopped_and_plays_nothing() {
    let (reply, after, took) = stopped_search("computer");
    assert_eq!(reply["stopped"], true, "{reply}");
    assert!(reply.get("move").is_none(), "nothing is played: {reply}");
    assert_eq!(reply["played"], json!([]));
    assert_eq!(after["played"], json!([]), "the game is as it was");
    assert!(
        took < Duration::from_secs(3),
        "the search ended {took:?} after the stop"
    );
    let (reply, after, took) = stopped_search("hint");
    assert_eq!(reply, json!({"stopped": true}));
    assert_eq!(after["played"], json!([]));
    assert!(
        took < Duration::from_secs(3),
        "the hint ended {took:?} after the stop"
    );
}

#[test]
fn two_sessions_are_kept_apart() {
    let addr = server(None, None);
    let a = new_game(addr, json!({"game": "othello"}));
    let b = new_game(addr, json!({"game": "othello"}));
    assert_ne!(a["id"], b["id"]);
    play(addr, &a, "e3");
    play(addr, &b, "f4");
    let a = session(addr, &a);
    let b = session(addr, &b);
    assert_eq!(texts(&a["played"]), ["e3"]);
    assert_eq!(texts(&b["played"]), ["f4"]);
}

#[test]
fn records_are_saved_and_loaded() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "kalah"}));
    let s = play(addr, &s, "3");
    let (status, yaml) = http(addr, "GET", &path(&s, "record"), None);
    assert_eq!(status, 200);
    assert!(
        yaml.contains("game: kalah") && yaml.contains("moves:"),
        "{yaml}"
    );
    let loaded = call(
        addr,
        "POST",
        "/api/records",
        Some(json!({ "record": yaml })),
        200,
    );
    assert_ne!(loaded["id"], s["id"]);
    assert_eq!(loaded["played"], s["played"]);
}

#[test]
fn a_game_survives_a_restart() {
    let dir = scratch("restart");
    let first = server(None, Some(dir.clone()));
    let s = new_game(first, json!({"game": "othello"}));
    play(first, &s, "e3");
    let id = s["id"].as_str().unwrap();
    assert!(dir.join(format!("{id}.yaml")).is_file());
    // A second server on the same folder (the first one still runs: a restart's effect).
    let second = server(None, Some(dir.clone()));
    let again = call(second, "GET", &format!("/api/sessions/{id}"), None, 200);
    assert_eq!(texts(&again["played"]), ["e3"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_prints_its_address_and_refuses_a_game_that_does_not_load() {
    use std::io::BufRead;
    let mut child =
        crate::common::bin::command(["serve", "othello", "--port", "0", "--no-autosave"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("its output");
    std::io::BufReader::new(stdout)
        .read_line(&mut line)
        .expect("a line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"));
    let addr: SocketAddr = url.expect("the address printed")["http://".len()..]
        .trim_end_matches('/')
        .parse()
        .expect("an address");
    let games = call(addr, "GET", "/api/games", None, 200);
    assert_eq!(games["start"], "othello");
    let _ = child.kill();
    let _ = child.wait();
    let out = crate::common::bin::run(&["serve", "no-such-game.game", "--port", "0"]);
    assert!(!out.status.success());
    assert!(crate::common::bin::text(&out.stderr).contains("no-such-game.game"));
}

#[test]
fn a_request_for_another_host_is_refused() {
    let addr = server(None, None);
    let mut stream = TcpStream::connect(addr).expect("connects");
    let head = "GET /api/games HTTP/1.1\r\nHost: rebound.example:8080\r\nConnection: close\r\n\r\n";
    stream.write_all(head.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
    assert!(reply.contains("not `rebound.example:8080`"), "{reply}");
    for host in ["localhost:1", "[::1]:8080", "127.0.0.1"] {
        let mut stream = TcpStream::connect(addr).expect("connects");
        let head = format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).expect("a reply");
        assert!(reply.starts_with("HTTP/1.1 200"), "{host}: {reply}");
    }
}

/// Starts a run of the analysis page (an analysis, a match, a comparison: `body`); the
/// path of its status.
fn start_run(addr: SocketAddr, body: Value) -> String {
    let run = call(addr, "POST", "/api/analyses", Some(body), 200);
    format!("/api/analyses/{}", run["id"].as_str().unwrap())
}

/// Asks after the run whose status is at `status` every 20 ms until `ready` holds of that
/// status, and returns it; fails (with the last status) if that takes longer than `limit`.
fn poll(addr: SocketAddr, status: &str, limit: Duration, ready: impl Fn(&Value) -> bool) -> Value {
    let started = std::time::Instant::now();
    loop {
        let now = call(addr, "GET", status, None, 200);
        if ready(&now) {
            return now;
        }
        assert!(started.elapsed() < limit, "{now}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The last status of the run at `status`, once it has ended (within `limit`).
fn finished(addr: SocketAddr, status: &str, limit: Duration) -> Value {
    poll(addr, status, limit, |now| now["running"] == false)
}

/// The status of the run at `status` once a game of it has ended (within two minutes).
fn a_game_done(addr: SocketAddr, status: &str) -> Value {
    poll(addr, status, Duration::from_secs(120), |now| {
        now["done"] != 0
    })
}

/// Starts a run of the analysis page and waits for its end; its last status.
fn analysis(addr: SocketAddr, body: Value) -> Value {
    let status = start_run(addr, body);
    finished(addr, &status, Duration::from_secs(120))
}

/// What the command prints with `--json`.
fn command_json(args: &[&str]) -> Value {
    let out = crate::common::bin::command(args).output().expect("runs");
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn an_analysis_and_a_match_report_as_the_commands_do() {
    let addr = server(None, None);
    let run = analysis(
        addr,
        json!({"game": "mangala", "kind": "analyze", "players": "random", "games": 60}),
    );
    assert_eq!(run["done"], 60, "every game counted as it ended");
    let mut report = run["report"].clone();
    let charts = report.as_object_mut().unwrap().remove("charts").unwrap();
    for chart in ["length", "branching", "wins"] {
        assert!(
            charts[chart].as_str().unwrap().starts_with("<svg"),
            "{chart}"
        );
    }
    let cli = command_json(&["analyze", "mangala", "--games", "60", "--json"]);
    assert_eq!(report, cli, "the report of `rulebook analyze --json`");
    let run = analysis(
        addr,
        json!({"game": "othello", "kind": "match", "players": "easy,random", "games": 6}),
    );
    let cli = command_json(&[
        "match",
        "othello",
        "--players",
        "easy,random",
        "--games",
        "6",
        "--json",
    ]);
    assert_eq!(run["report"], cli, "the report of `rulebook match --json`");
    assert!(run["report"]["elo"]["score"].is_number());
}

#[test]
fn an_analysis_is_stopped_and_reports_the_games_finished() {
    let addr = server(None, None);
    // Mangala at medium: a run of many minutes whose games end within a second or so,
    // even on a busy machine (an Othello game at medium may take minutes there).
    let ask = json!({"game": "mangala", "kind": "analyze", "players": "medium", "games": 1000});
    let status = start_run(addr, ask.clone());
    let refused = call(addr, "POST", "/api/analyses", Some(ask), 409);
    assert!(refused["error"].as_str().unwrap().contains("running"));
    // Stopped once a game has finished (a run stopped before has no report: below).
    a_game_done(addr, &status);
    call(addr, "POST", &format!("{status}/stop"), None, 200);
    let stopped = std::time::Instant::now();
    let run = finished(addr, &status, Duration::from_secs(60));
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "the run ended {:?} after the stop",
        stopped.elapsed()
    );
    let report = &run["report"];
    assert_eq!(report["interrupted"], true, "{report}");
    assert!(report["games"].as_u64().unwrap() < 1000);
    assert_eq!(report["games"], run["done"]);
    for (body, why) in [
        (
            json!({"game": "othello", "kind": "analyze", "players": "random", "games": 0}),
            "games",
        ),
        (
            json!({"game": "othello", "kind": "analyze", "players": "random", "games": 1001}),
            "games",
        ),
        (
            json!({"game": "othello", "kind": "sum", "players": "random", "games": 9}),
            "kind",
        ),
        (
            json!({"game": "othello", "kind": "analyze", "players": "nobody", "games": 9}),
            "nobody",
        ),
        (
            json!({"game": "othello", "kind": "match", "players": "easy", "games": 9}),
            "two players",
        ),
        (
            json!({"game": "nowhere", "kind": "analyze", "players": "random", "games": 9}),
            "nowhere",
        ),
    ] {
        let refused = call(addr, "POST", "/api/analyses", Some(body.clone()), 400);
        assert!(
            refused["error"].as_str().unwrap().contains(why),
            "{body}: {refused}"
        );
    }
    call(addr, "GET", "/api/analyses/ff", None, 404);
}

#[test]
fn an_analysis_takes_a_seed_a_cap_and_a_variant_as_the_command_does() {
    let addr = server(None, None);
    let run = analysis(
        addr,
        json!({"game": "mangala", "kind": "analyze", "players": "random", "games": 20,
               "seed": 7, "max_plies": 30, "vs": {"preset": "castle"}}),
    );
    assert_eq!(run["total"], 40, "both variants' games");
    assert_eq!(run["done"], 40, "every game counted as it ended");
    assert_eq!(run["seed"], 7);
    let mut report = run["report"].clone();
    let charts = report.as_object_mut().unwrap().remove("charts").unwrap();
    assert!(charts["wins"].as_str().unwrap().starts_with("<svg"));
    let cli = command_json(&[
        "analyze",
        "mangala",
        "--games",
        "20",
        "--seed",
        "7",
        "--max-plies",
        "30",
        "--vs",
        "--preset castle",
        "--json",
    ]);
    assert_eq!(report, cli, "the report of `rulebook analyze --vs --json`");
    assert_eq!(report["a"]["max_plies"], 30);
    let run = analysis(
        addr,
        json!({"game": "othello", "kind": "match", "players": "easy,random", "games": 4,
               "seed": 3, "max_plies": 40}),
    );
    let cli = command_json(&[
        "match",
        "othello",
        "--players",
        "easy,random",
        "--games",
        "4",
        "--seed",
        "3",
        "--max-plies",
        "40",
        "--json",
    ]);
    assert_eq!(run["report"], cli, "the report of `rulebook match --json`");
    let ask = |more: Value| {
        let mut body =
            json!({"game": "mangala", "kind": "analyze", "players": "random", "games": 2});
        body.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        body.to_string()
    };
    for (more, status, why) in [
        (
            json!({"max_plies": 0}),
            400,
            "max_plies: from 1 to 1000000, not 0",
        ),
        (json!({"max_plies": 1_000_001}), 400, "max_plies"),
        (json!({"max_plies": "many"}), 422, "max_plies"),
        (json!({"seed": -1}), 422, "seed"),
        (json!({"seed": 1.5}), 422, "seed"),
        (json!({"vs": {"preset": "nowhere"}}), 400, "vs: "),
        (
            json!({"vs": {"game": "elsewhere"}}),
            400,
            "vs: `elsewhere` is not a game",
        ),
        (
            json!({"vs": {"set": {"castle": []}}}),
            400,
            "vs: setting `castle`",
        ),
        (json!({"vs": {"komi": 6}}), 422, "komi"),
        (
            json!({"vs": {}, "kind": "match", "players": "easy,random"}),
            400,
            "vs: a match",
        ),
    ] {
        let (got, reply) = http(addr, "POST", "/api/analyses", Some(&ask(more.clone())));
        assert_eq!(got, status, "{more}: {reply}");
        assert!(reply.contains(why), "{more}: {reply}");
    }
}

/// Whether a new run is refused because one is running: tries a run of one game.
fn busy(addr: SocketAddr) -> bool {
    let tiny = json!({"game": "mangala", "kind": "analyze", "players": "random", "games": 1});
    let (status, reply) = http(addr, "POST", "/api/analyses", Some(&tiny.to_string()));
    assert!(status == 409 || status == 200, "{reply}");
    status == 409
}

#[test]
fn a_run_stopped_before_any_game_finished_says_so() {
    let addr = server(None, None);
    let ask = json!({"game": "othello", "kind": "analyze", "players": "strong", "games": 1000});
    let status = start_run(addr, ask);
    call(addr, "POST", &format!("{status}/stop"), None, 200);
    let run = finished(addr, &status, Duration::from_secs(60));
    assert_eq!(run["done"], 0, "{run}");
    assert_eq!(
        run["error"], "stopped before any game finished: nothing to report",
        "{run}"
    );
    assert!(run.get("report").is_none(), "no report of zeros: {run}");
}

#[test]
fn a_run_is_stopped_when_its_page_leaves_and_does_not_come_back() {
    let addr = server(None, None);
    let ask = json!({"game": "othello", "kind": "analyze", "players": "medium", "games": 1000});
    let status = start_run(addr, ask);
    // A reload: the page leaves, and the new one asks after the run at once.
    let (left, _) = http(addr, "POST", &format!("{status}/leave"), None);
    assert_eq!(left, 204);
    // (That the run then goes on past the grace is the watchdog's, tested with its clock
    // in hand: src/serve/analysis.rs.)
    let back = call(addr, "GET", &status, None, 200);
    assert_eq!(back["running"], true, "{back}");
    assert!(back.get("abandoned").is_none(), "{back}");
    // The page closed: only its own last poll, late, asks after the run, and it stops.
    http(addr, "POST", &format!("{status}/leave?page=p1"), None);
    let late = call(addr, "GET", &format!("{status}?page=p1"), None, 200);
    assert_eq!(late["running"], true, "{late}");
    let started = std::time::Instant::now();
    while busy(addr) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the run left is not stopped"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let (status, _) = http(addr, "POST", "/api/analyses/ff/leave", None);
    assert_eq!(status, 404);
    let (status, body) = http(addr, "POST", "/api/analyses/ff/leave?pgae=p1", None);
    assert_eq!(status, 400, "{body}");
}

#[test]
fn dice_are_thrown_by_the_server_not_chosen() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "ur"}));
    assert_eq!(
        s["dice"],
        json!({"due": true, "opening": false, "thrown": null, "left": []})
    );
    assert_eq!(s["choices"], json!([]), "a throw is not a choice");
    let refused = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"move": "roll:4"})),
        400,
    );
    assert!(refused["error"].as_str().unwrap().contains("not chosen"));
    let thrown = call(addr, "POST", &path(&s, "throw"), None, 200);
    let text = thrown["move"].as_str().unwrap().to_string();
    assert_eq!(
        format!("roll:{}", thrown["dice"]["thrown"]),
        text,
        "{thrown}"
    );
    assert_eq!(thrown["dice"]["due"], false);
    assert_eq!(thrown["to_move"], s["to_move"], "the thrower moves");
    // The computer's throw is the same throw (no search: the dice are not chosen).
    call(addr, "POST", &path(&s, "undo"), None, 200);
    let refused = call(
        addr,
        "GET",
        &format!("{}?level=easy", path(&s, "hint")),
        None,
        400,
    );
    assert!(
        refused["error"].as_str().unwrap().contains("throw"),
        "{refused}"
    );
    let by_computer = call(
        addr,
        "POST",
        &path(&s, "computer"),
        Some(json!({"level": "easy"})),
        200,
    );
    assert_eq!(by_computer["move"], thrown["move"]);
    let again = call(addr, "POST", &path(&s, "throw"), None, 400);
    assert_eq!(again["error"], "no throw of the dice is due");
    // Taken back and thrown again, the throw falls the same: no throwing until it suits.
    call(addr, "POST", &path(&s, "undo"), None, 200);
    let rethrown = call(addr, "POST", &path(&s, "throw"), None, 200);
    assert_eq!(rethrown["move"], text.as_str());
    let choice = &rethrown["choices"][0];
    let moved = call(
        addr,
        "POST",
        &path(&s, "play"),
        Some(json!({"sites": choice["sites"]})),
        200,
    );
    assert_eq!(moved["played"], json!([text, choice["text"]]));
    assert_eq!(moved["dice"]["due"], true, "the next turn throws anew");
    let o = new_game(addr, json!({"game": "othello"}));
    assert_eq!(o["dice"], Value::Null);
    let refused = call(addr, "POST", &path(&o, "throw"), None, 400);
    assert_eq!(refused["error"], "no throw of the dice is due");
}

#[test]
fn a_comparison_stopped_before_its_variant_reports_the_first_alone() {
    let addr = server(None, None);
    let ask = json!({"game": "mangala", "kind": "analyze", "players": "medium", "games": 1000,
                     "vs": {"preset": "castle"}});
    let status = start_run(addr, ask);
    a_game_done(addr, &status);
    call(addr, "POST", &format!("{status}/stop"), None, 200);
    let run = finished(addr, &status, Duration::from_secs(60));
    let report = &run["report"];
    assert_eq!(report["interrupted"], true, "{report}");
    assert!(report.get("rows").is_none(), "no comparison: {report}");
    assert_eq!(
        report["note"],
        "stopped before the variant compared was played: no comparison"
    );
    assert!(report["charts"]["wins"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
}

/// The opening roll of backgammon is said to be the opening (nobody's throw) while it is
/// due, and no longer once thrown.
#[test]
fn the_opening_roll_is_told_as_the_opening() {
    let addr = server(None, None);
    let s = new_game(addr, json!({"game": "backgammon"}));
    assert_eq!(
        s["dice"],
        json!({"due": true, "opening": true, "thrown": null, "left": []})
    );
    let thrown = call(addr, "POST", &path(&s, "throw"), None, 200);
    assert_eq!(thrown["dice"]["opening"], false, "{thrown}");
    assert_eq!(thrown["dice"]["due"], false, "{thrown}");
    assert_eq!(thrown["last"]["by"], Value::Null, "nobody's move: {thrown}");
    // roll:A-B, white's die and black's: both left to the starter to play.
    let text = thrown["move"].as_str().unwrap_or_default();
    let (a, b) = text
        .trim_start_matches("roll:")
        .split_once('-')
        .expect(text);
    let (a, b): (u8, u8) = (a.parse().unwrap(), b.parse().unwrap());
    assert_eq!(thrown["dice"]["left"], json!([a, b]), "{thrown}");
    let starter = if a > b { "white" } else { "black" };
    assert_eq!(thrown["to_move"], starter, "{thrown}");
}
