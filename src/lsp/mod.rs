//! `rulebook lsp`: a language server for rule files, on standard input and output, with
//! `lsp-server`'s messages and `lsp-types`' requests. It keeps the open files' texts
//! (full or ranged changes), publishes each one's diagnostics when it changes, and
//! answers hover, completion, definition, references, rename, formatting, the outline and
//! did-you-mean fixes from the transport-free functions of [`analysis`] and
//! [`crate::ide`]. Bad input is answered, never fatal: a malformed frame gets a parse
//! error, an unknown method or bad parameters an error reply, a request before
//! `initialize` the protocol's "not initialized"; the end of the input ends the server.

pub mod analysis;
mod requests;
mod transport;

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use lsp_types::{notification as note, Uri};

use transport::Incoming;

/// Runs the server on standard input and output until `exit` or the end of the input.
pub fn run() -> Result<(), String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    match serve(&mut stdin.lock(), &mut stdout.lock()) {
        Ok(true) => Ok(()),
        Ok(false) => Err("error: `exit` came before `shutdown`".into()),
        Err(e) => Err(format!(
            "error: the language server's input or output failed: {e}"
        )),
    }
}

/// Serves the messages of `input`, writing the replies to `output`, until `exit` (whether
/// `shutdown` came first) or the end of the input (true).
pub fn serve(input: &mut impl BufRead, output: &mut impl Write) -> io::Result<bool> {
    let mut server = Server::default();
    while let Some(incoming) = transport::read(input)? {
        let message = match incoming {
            Incoming::Malformed(why) => {
                transport::write_malformed(output, &why)?;
                continue;
            }
            Incoming::Message(m) => m,
        };
        if let Message::Notification(n) = &message {
            if n.method == "exit" {
                return Ok(server.phase == Phase::ShutDown);
            }
        }
        for reply in server.handle(message) {
            transport::write(output, reply)?;
        }
    }
    Ok(true)
}

/// Where the server is in the protocol's life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Phase {
    /// Waiting for `initialize`.
    #[default]
    Waiting,
    /// Initialized: answering.
    Running,
    /// After `shutdown`: waiting for `exit`.
    ShutDown,
}

/// An open rule file.
struct Document {
    /// Its text as the editor has it.
    text: String,
    /// Its diagnostics, as last published.
    found: Vec<analysis::Found>,
    /// The names it inherits from the files it extends.
    inherited: Vec<analysis::Inherited>,
}

/// The open files by URI.
type Documents = HashMap<String, Document>;

/// The server's state: its phase and the open files.
#[derive(Default)]
struct Server {
    phase: Phase,
    documents: Documents,
}

impl Server {
    /// The messages that answer one message: a request's response; for a change to a file,
    /// its diagnostics.
    fn handle(&mut self, message: Message) -> Vec<Message> {
        match message {
            Message::Request(request) => {
                let id = request.id.clone();
                let response = catch_unwind(AssertUnwindSafe(|| self.request(request)));
                vec![Message::Response(response.unwrap_or_else(|_| {
                    Response::new_err(
                        id,
                        ErrorCode::InternalError as i32,
                        "the server failed".into(),
                    )
                }))]
            }
            Message::Notification(n) if self.phase == Phase::Running => {
                catch_unwind(AssertUnwindSafe(|| self.notification(n))).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    /// The response to a request.
    fn request(&mut self, request: Request) -> Response {
        let fail = |code: ErrorCode, why: &str| {
            Response::new_err(request.id.clone(), code as i32, why.into())
        };
        match (self.phase, request.method.as_str()) {
            (Phase::Waiting, "initialize") => {
                self.phase = Phase::Running;
                Response::new_ok(request.id, requests::initialize_result())
            }
            (Phase::Waiting, _) => fail(
                ErrorCode::ServerNotInitialized,
                "the server is not initialized",
            ),
            (_, "initialize") => fail(
                ErrorCode::InvalidRequest,
                "the server is already initialized",
            ),
            (Phase::ShutDown, _) => fail(ErrorCode::InvalidRequest, "the server is shut down"),
            (Phase::Running, "shutdown") => {
                self.phase = Phase::ShutDown;
                Response::new_ok(request.id, ())
            }
            (Phase::Running, _) => requests::answer(&self.documents, request),
        }
    }

    /// What a notification calls for: the diagnostics of a file opened, changed or closed.
    fn notification(&mut self, n: Notification) -> Vec<Message> {
        use lsp_types::notification::Notification as _;
        let uri = match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let Ok(p) = params::<note::DidOpenTextDocument>(n) else {
                    return Vec::new();
                };
                self.open(p.text_document.uri.clone(), p.text_document.text);
                p.text_document.uri
            }
            note::DidChangeTextDocument::METHOD => {
                let Ok(p) = params::<note::DidChangeTextDocument>(n) else {
                    return Vec::new();
                };
                let Some(doc) = self.documents.get(p.text_document.uri.as_str()) else {
                    return Vec::new();
                };
                let text = requests::apply_changes(&doc.text, p.content_changes);
                self.open(p.text_document.uri.clone(), text);
                p.text_document.uri
            }
            note::DidCloseTextDocument::METHOD => {
                let Ok(p) = params::<note::DidCloseTextDocument>(n) else {
                    return Vec::new();
                };
                self.documents.remove(p.text_document.uri.as_str());
                p.text_document.uri
            }
            _ => return Vec::new(),
        };
        vec![self.publish(uri)]
    }

    /// Keeps a file's new text and finds its diagnostics.
    fn open(&mut self, uri: Uri, text: String) {
        let name = requests::file_name(&uri);
        let analysis::Analysis { found, inherited } = analysis::analyse(&name, &text);
        let document = Document {
            text,
            found,
            inherited,
        };
        self.documents.insert(uri.as_str().to_string(), document);
    }

    /// The notification of a file's diagnostics (none for a closed file).
    fn publish(&self, uri: Uri) -> Message {
        let diagnostics = (self.documents.get(uri.as_str()))
            .map(|d| {
                d.found
                    .iter()
                    .map(|f| requests::diagnostic(&d.text, f))
                    .collect()
            })
            .unwrap_or_default();
        let params = lsp_types::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        };
        Message::Notification(Notification::new(
            <note::PublishDiagnostics as lsp_types::notification::Notification>::METHOD.into(),
            params,
        ))
    }
}

/// A notification's parameters.
fn params<N: lsp_types::notification::Notification>(
    n: Notification,
) -> serde_json::Result<N::Params> {
    serde_json::from_value(n.params)
}
