//! Syntax: the pest grammar (`grammar/game.pest`) and the spanned syntax tree.

pub mod ast;
mod parser;
mod slips;

pub use parser::{keywords, parse, parse_in, MAX_NESTING, MAX_SOURCE_BYTES};
