//! The framing of the protocol on standard input and output: each message a `Content-Length`
//! header, a blank line and that many bytes of JSON, read and written with `lsp-server`'s
//! message types. The reading is our own (not `lsp-server`'s stdio threads) so that bad
//! input is answered rather than ending the server: a payload that is not a message is
//! skipped with an error reply, and an oversized one is read past without being held in
//! memory.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};

/// The largest message read, in bytes: a rule file at its largest limit, escaped as JSON,
/// fits many times over.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The longest header line read.
const MAX_HEADER_BYTES: u64 = 1024;

/// What one frame of input held.
pub enum Incoming {
    /// A message.
    Message(Message),
    /// A frame that held no message, and why (the input goes on after it).
    Malformed(String),
}

/// Reads the next frame; `None` at the end of the input (a frame cut short included).
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let mut length: Option<Result<usize, String>> = None;
    loop {
        let mut line = String::new();
        match input.take(MAX_HEADER_BYTES).read_line(&mut line) {
            Ok(0) => return Ok(None),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Ok(Some(Incoming::Malformed("a header is not text".into())))
            }
            Err(e) => return Err(e),
        }
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("Content-Length") {
                let value = value.trim();
                length = Some(
                    value
                        .parse()
                        .map_err(|_| format!("bad Content-Length `{value}`")),
                );
            }
        }
    }
    let length = match length {
        None => return Ok(Some(Incoming::Malformed("no Content-Length header".into()))),
        Some(Err(why)) => return Ok(Some(Incoming::Malformed(why))),
        Some(Ok(n)) => n,
    };
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.take(length as u64), &mut io::sink())?;
        if skipped < length as u64 {
            return Ok(None);
        }
        let why = format!("a message of {length} bytes (at most {MAX_MESSAGE_BYTES})");
        return Ok(Some(Incoming::Malformed(why)));
    }
    let mut body = vec![0; length];
    if let Err(e) = input.read_exact(&mut body) {
        return match e.kind() {
            io::ErrorKind::UnexpectedEof => Ok(None),
            _ => Err(e),
        };
    }
    Ok(Some(match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Incoming::Message(message),
        Err(e) => Incoming::Malformed(format!("not a JSON-RPC message: {e}")),
    }))
}

/// Writes a message.
pub fn write(output: &mut impl Write, message: Message) -> io::Result<()> {
    message.write(output)
}

/// Writes the error reply to a frame that held no message: JSON-RPC's parse error, whose
/// `id` is null (which `lsp-server`'s responses cannot say).
pub fn write_malformed(output: &mut impl Write, why: &str) -> io::Result<()> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": ErrorCode::ParseError as i32, "message": why },
    })
    .to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}
