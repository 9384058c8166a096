//! The REPL: play any described game at a terminal or from a script.
//!
//! [`Session`] is the engine (a [`Command`] or a move in, text out; no terminal), and
//! [`front`] puts it behind rustyline for people or reads lines for scripts.

pub mod autosave;
mod choice;
mod command;
pub mod front;
mod session;

pub use command::{help, parse, Command, Spec, COMMANDS};
pub use session::{Options, Reply, Session, DEFAULT_WIDTH};
