//! `rulebook lsp` driven as an editor drives it: a process spoken to over standard input
//! and output, through editing sessions (open a file with an error, fix it, hover,
//! complete, go to a definition, format, a file that extends another), and through bad
//! input, which it answers without ending.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::bin;

/// How long a test waits for any one message.
const PATIENCE: Duration = Duration::from_secs(10);

/// A running server and the messages it has sent.
struct Server {
    child: Child,
    input: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Server {
    /// Starts `rulebook lsp`.
    fn start() -> Server {
        let mut child = bin::command(["lsp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_frame(&mut reader) {
                if send.send(message).is_err() {
                    break;
                }
            }
        });
        Server {
            input: child.stdin.take(),
            child,
            messages,
            next_id: 0,
        }
    }

    /// Starts the server and initializes it.
    fn initialized() -> Server {
        let mut server = Server::start();
        let reply = server.request("initialize", json!({ "capabilities": {} }));
        assert!(
            reply["result"]["capabilities"]["hoverProvider"] == json!(true),
            "{reply}"
        );
        server.notify("initialized", json!({}));
        server
    }

    /// Writes raw bytes to the server.
    fn send_raw(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("the input is open");
        input.write_all(bytes).expect("the server reads");
        input.flush().expect("the server reads");
    }

    /// Writes a message, framed.
    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// Sends a request; returns the whole response (`result` or `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait_for(|m| m["id"] == json!(id) && m.get("method").is_none())
    }

    /// Sends a notification.
    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The next message that `pick` accepts (the others are dropped).
    fn wait_for(&mut self, pick: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message =
                (self.messages.recv_timeout(PATIENCE)).expect("the server answers in time");
            if pick(&message) {
                return message;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        m["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Opens a file; returns its diagnostics.
    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        let item = json!({ "uri": uri, "languageId": "rulebook", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
        self.diagnostics(uri)
    }

    /// A request about a place of a file.
    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        let mut params = json!({
            "textDocument": { "uri": uri },
            "position": { "line": line, "character": character },
        });
        if method == "textDocument/references" {
            params["context"] = json!({ "includeDeclaration": true });
        }
        self.request(method, params)["result"].clone()
    }

    /// Shuts the server down and waits for it to exit; its exit status's success.
    fn finish(mut self) -> bool {
        let reply = self.request("shutdown", Value::Null);
        assert_eq!(reply["result"], Value::Null, "{reply}");
        self.notify("exit", Value::Null);
        self.close()
    }

    /// Closes the server's input and waits for it to exit; its exit status's success.
    fn close(mut self) -> bool {
        drop(self.input.take());
        let status = bin::wait_within(self.child, PATIENCE).expect("the server exits");
        status.status.success()
    }
}

/// Reads one framed message; `None` at the end.
fn read_frame(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// A small game with an error: `kign` is no kind of piece.
const BROKEN: &str = "game \"Test\"
players black, white
board grid 8 by 8 of checkered squares
piece man, king
setup black man on rank(1)
setup white man on rank(8)
move step forward-diagonal by man
after move promote man to kign in side(forward)
end when no legal move: mover loses
";

/// A file URI in no folder that exists (the game extends nothing).
const URI: &str = "file:///nowhere/test.game";

/// The range of a diagnostic as (line, character) pairs.
fn range(d: &Value) -> ((u64, u64), (u64, u64)) {
    let at = |p: &Value| {
        (
            p["line"].as_u64().unwrap_or(99),
            p["character"].as_u64().unwrap_or(99),
        )
    };
    (at(&d["range"]["start"]), at(&d["range"]["end"]))
}

#[test]
fn an_error_is_shown_where_it_is_and_clears_when_fixed() {
    let mut server = Server::initialized();
    let found = server.open(URI, BROKEN);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["severity"], 1, "an error");
    assert_eq!(found[0]["code"], "E0325", "the code of an unknown name");
    assert_eq!(
        range(&found[0]),
        ((7, 26), (7, 30)),
        "on `kign`: {}",
        found[0]
    );
    assert!(found[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("did you mean `king`?"));
    let actions = server.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": URI },
            "range": found[0]["range"],
            "context": { "diagnostics": [] },
        }),
    );
    let edit = &actions["result"][0]["edit"]["changes"][URI][0];
    assert_eq!(edit["newText"], "king", "{actions}");
    let fixed = BROKEN.replace("kign", "king");
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{ "text": fixed }],
        }),
    );
    assert_eq!(server.diagnostics(URI), Vec::<Value>::new());
    server.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": URI } }),
    );
    assert_eq!(server.diagnostics(URI), Vec::<Value>::new());
    assert!(server.finish(), "shutdown then exit is a success");
}

#[test]
fn hover_completion_definition_and_references_answer() {
    let mut server = Server::initialized();
    let text = BROKEN.replace("kign", "king");
    server.open(URI, &text);
    let hover = server.at("textDocument/hover", URI, 6, 31);
    let help = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        help.starts_with("kind of piece `man`, declared on line 4"),
        "{hover}"
    );
    let hover = server.at("textDocument/hover", URI, 6, 6);
    let help = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(help.contains("`move slide` and `move step`"), "{hover}");
    let definition = server.at("textDocument/definition", URI, 6, 31);
    assert_eq!(definition["uri"], URI);
    assert_eq!(range(&definition), ((3, 6), (3, 9)), "{definition}");
    let uses = server.at("textDocument/references", URI, 3, 7);
    assert_eq!(uses.as_array().map(Vec::len), Some(5), "{uses}");
    let completions = server.at("textDocument/completion", URI, 7, 34);
    let labels: Vec<&str> = (completions.as_array().into_iter().flatten())
        .filter_map(|c| c["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"king") && labels.contains(&"side"),
        "{labels:?}"
    );
    let rename = server.request(
        "textDocument/rename",
        json!({
            "textDocument": { "uri": URI },
            "position": { "line": 3, "character": 7 },
            "newName": "pawn",
        }),
    );
    assert_eq!(
        rename["result"]["changes"][URI].as_array().map(Vec::len),
        Some(5)
    );
    let outline = server.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let names: Vec<&str> = (outline["result"].as_array().into_iter().flatten())
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["black", "white", "man", "king"]);
    assert!(server.finish());
}

#[test]
fn completion_offers_what_the_grammar_allows_there() {
    let mut server = Server::initialized();
    server.open(URI, &BROKEN.replace("kign", "king"));
    let mut offered = |line: u32, character: u32| -> Vec<(String, u64)> {
        let items = server.at("textDocument/completion", URI, line, character);
        (items.as_array().into_iter().flatten())
            .map(|c| {
                let label = c["label"].as_str().unwrap_or_default().to_string();
                (label, c["kind"].as_u64().unwrap_or_default())
            })
            .collect()
    };
    // `move step forward-diagonal by |man`: the kinds of piece (CLASS, 7) and the
    // keywords that may follow `by` (KEYWORD, 14); no player, no built-in.
    let after_by = offered(6, 30);
    let pieces = [("man".to_string(), 7), ("king".to_string(), 7)];
    assert_eq!(after_by[..2], pieces, "{after_by:?}");
    assert!(
        (after_by[2..].iter()).all(|(_, kind)| *kind == 14),
        "{after_by:?}"
    );
    // `end when no legal move: |mover loses`: the results and the players who may win.
    let results: Vec<String> = offered(8, 24).into_iter().map(|(l, _)| l).collect();
    for word in ["mover", "draw", "black", "white"] {
        assert!(results.contains(&word.to_string()), "{word}: {results:?}");
    }
    assert!(!results.contains(&"man".to_string()), "{results:?}");
    assert!(server.finish());
}

#[test]
fn formatting_lays_out_a_file_and_leaves_a_broken_one() {
    let mut server = Server::initialized();
    let messy = BROKEN
        .replace("kign", "king")
        .replace("players black, white", "players   black ,white");
    server.open(URI, &messy);
    let params = json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } });
    let edits = server.request("textDocument/formatting", params.clone())["result"].clone();
    let new = edits[0]["newText"].as_str().unwrap_or_default();
    assert!(new.contains("players black, white\n"), "{edits}");
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{ "text": "players (" }],
        }),
    );
    assert_eq!(server.diagnostics(URI).len(), 1, "the parse error");
    let edits = server.request("textDocument/formatting", params)["result"].clone();
    assert_eq!(edits, json!([]), "no edits for a file that does not parse");
    assert!(server.finish());
}

#[test]
fn a_variant_is_checked_with_the_file_it_extends() {
    let dir = std::env::temp_dir().join(format!("rulebook-lsp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    std::fs::write(dir.join("base.game"), BROKEN.replace("kign", "king")).expect("written");
    let uri = format!("file://{}/variant.game", dir.display());
    let mut server = Server::initialized();
    let fine = "extends \"base.game\"\nregion home = rank(1)\n";
    assert_eq!(
        server.open(&uri, fine),
        Vec::<Value>::new(),
        "the base is found beside it"
    );
    let inheriting = "extends \"base.game\"\nmove step north by king\n";
    server.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": inheriting }] }),
    );
    assert_eq!(server.diagnostics(&uri), Vec::<Value>::new());
    let base = format!("{}/base.game", dir.display());
    let hover = server.at("textDocument/hover", &uri, 1, 21);
    let help = hover["contents"]["value"].as_str().unwrap_or_default();
    let expected = format!("kind of piece `king`, declared in `{base}`, line 4");
    assert!(help.starts_with(&expected), "{hover}");
    let definition = server.at("textDocument/definition", &uri, 1, 21);
    assert_eq!(
        definition["uri"],
        format!("file://{base}").as_str(),
        "{definition}"
    );
    assert_eq!(range(&definition), ((3, 11), (3, 15)), "{definition}");
    let completions = server.at("textDocument/completion", &uri, 1, 19);
    let labels: Vec<&str> = (completions.as_array().into_iter().flatten())
        .filter_map(|c| c["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"man") && labels.contains(&"king") && !labels.contains(&"black"),
        "the base's kinds of piece, and no player, after `by`: {labels:?}"
    );
    let broken = "extends \"base.game\"\nmove step north by kign\n";
    server.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": broken }] }),
    );
    let found = server.diagnostics(&uri);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(range(&found[0]).0, (1, 19), "{}", found[0]);
    let missing = "extends \"missing.game\"\n";
    server.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": missing }] }),
    );
    let found = server.diagnostics(&uri);
    assert!(found[0]["message"]
        .as_str()
        .unwrap_or("")
        .contains("cannot load `missing.game`"));
    let base = server.at("textDocument/definition", &uri, 0, 12);
    let expected = format!("file://{}/missing.game", dir.display());
    assert_eq!(base["uri"], expected.as_str(), "{base}");
    assert!(server.finish());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_answered_and_the_server_goes_on() {
    let mut server = Server::start();
    let early = server.request("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "not initialized: {early}");
    server.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    let parse_error = server.wait_for(|m| m["error"].is_object());
    assert_eq!(parse_error["error"]["code"], -32700, "{parse_error}");
    server.send_raw(b"X-Nothing: at all\r\n\r\n");
    let no_length = server.wait_for(|m| m["error"].is_object());
    assert_eq!(no_length["id"], Value::Null, "{no_length}");
    let reply = server.request("initialize", json!({ "capabilities": {} }));
    assert!(reply["result"].is_object(), "{reply}");
    let unknown = server.request("no/such/method", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let bad = server.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let closed = server.at("textDocument/hover", "file:///not/open.game", 0, 0);
    assert_eq!(closed, Value::Null);
    let binary = "\u{0}\u{1}\u{fffd}piece \u{7f}".repeat(10_000);
    assert!(
        !server.open(URI, &binary).is_empty(),
        "binary text is an error"
    );
    let huge = format!("{}\n", "// a comment\n".repeat(100_000));
    assert!(
        !server.open(URI, &huge).is_empty(),
        "a file over the limit is an error"
    );
    let hover = server.at("textDocument/hover", URI, 50_000, 3);
    assert!(hover.is_null() || hover.is_object());
    assert!(
        server.close(),
        "the end of the input ends the server cleanly"
    );
}

#[test]
fn exit_without_shutdown_fails() {
    let mut server = Server::initialized();
    server.notify("exit", Value::Null);
    assert!(!server.close());
}
