//! Syntax: the pest grammar (`grammar/game.pest`), the spanned syntax tree, and the
//! canonical layout of a rule file ([`format()`]).

pub mod ast;
mod format;
mod parser;
mod slips;

pub use format::format;
pub use parser::{keywords, later_syntax_errors, parse, parse_in, MAX_NESTING, MAX_SOURCE_BYTES};
