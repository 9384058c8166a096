//! The language front end of `rulebook`: a rule file's text to a compiled game.
//!
//! Data flows one way: text -> [`variant`] (files that `extends` others merged) ->
//! [`syntax`] (the pest grammar's spanned AST) -> [`check`] (names, types, every error
//! collected) -> [`compile`] (a `rulebook_model::Game` with precomputed tables).
//! [`pipeline`] is the one path the faces call, from a bundled name ([`catalog`]) or a file
//! ([`files`]: bounded reads, atomic writes) to a game or its [`diag`]nostics. This crate
//! knows nothing of the engine: the faces take the compiled game there. [`ide`] answers an
//! editor's questions about a text (declared names, hover, completion).

// Errors here are diagnostics for people: returned once, on the cold path of bad input,
// never in the engine's loop; boxing them would only add noise.
#![allow(clippy::result_large_err)]

pub mod catalog;
pub mod check;
pub mod compile;
pub mod diag;
pub mod files;
pub mod ide;
pub mod pipeline;
pub mod syntax;
pub mod variant;
