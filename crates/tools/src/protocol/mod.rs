//! The protocols other programs speak to `rulebook`, a line of text in and a reply out:
//! a JSON-lines protocol for any game ([`json`]), GTP, version 2 ([`gtp`]), for the
//! games that place pieces on a square grid, and UCI ([`uci`]), for the games that move
//! pieces from point to point on a grid. Each is a session that takes one line and returns what
//! to write back, with no transport of its own: the command line runs them over standard
//! input and output (`rulebook json`, `rulebook gtp`, `rulebook uci`), and the fuzz target
//! feeds them lines. `docs/protocols.md` documents them.

pub mod gtp;
pub mod json;
mod position;
pub mod uci;

pub use position::position_json;

use crate::ai::Budget;

/// How the computer plays when a protocol asks it for a move (GTP's `genmove`, UCI's `go`
/// when it gives no limit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The search's budget per move.
    pub budget: Budget,
    /// The seed of the searches (moved on by the ply, so each position has its own).
    pub seed: u64,
}

/// The longest request line the transports pass on, in bytes: a longer one is refused
/// (with [`Protocol::refuse`]) and skipped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What a session answers to one line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The text to write back, with its line ends (empty: nothing to write).
    pub text: String,
    /// Whether the session has ended (the request was to quit).
    pub quit: bool,
}

impl Answer {
    /// A reply that keeps the session going.
    fn goes_on(text: String) -> Answer {
        Answer { text, quit: false }
    }
}

/// A session of a protocol, as a transport drives it.
pub trait Protocol {
    /// Answers one line of input (without its line end).
    fn handle(&mut self, line: &str) -> Answer;

    /// The protocol's error reply to a line the transport could not read (too long, not
    /// UTF-8), saying `why`.
    fn refuse(&mut self, why: &str) -> Answer;
}
