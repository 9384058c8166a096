//! Syntax: the pest grammar (`grammar/game.pest`), the spanned syntax tree, the
//! canonical layout of a rule file ([`format()`]), and what the grammar allows at a place
//! ([`expected()`], for completion).

pub mod ast;
mod expected;
mod format;
mod parser;
mod slips;

pub use expected::{expected, statement_start, statements, Expectation, Expected};
pub use format::format;
pub use parser::{keywords, later_syntax_errors, parse, parse_in, MAX_NESTING, MAX_SOURCE_BYTES};
