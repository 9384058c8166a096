//! `rulebook`: a rules interpreter for board games described in `.game` files.
//!
//! The workspace's crates are its layers, and Cargo holds each to the ones below it:
//! `rulebook-model` (the compiled game's types) at the bottom; on it two stacks that know
//! nothing of each other: `rulebook-engine` (the playable [`engine::State`]) under
//! `rulebook-notation` (the text of moves and positions), and `rulebook-lang` (text ->
//! [`syntax`] -> [`check`] -> [`compile`], joined by [`pipeline`]); `rulebook-tools`
//! ([`ai`], [`analysis`], [`authoring`], [`protocol`], [`record`], [`render`]) on both.
//! This crate is the faces people use, the command line ([`cli`]), the REPL ([`repl`]), the
//! web page ([`serve`]) and the language server for editors ([`lsp`]), and re-exports the layers below under one
//! name.

// Errors here are diagnostics for people: returned once, on the cold path of bad input,
// never in the engine's loop; boxing them would only add noise.
#![allow(clippy::result_large_err)]

pub mod cli;
pub mod lsp;
pub mod repl;
pub mod serve;

pub use rulebook_engine as engine;
pub use rulebook_lang::{catalog, check, compile, diag, files, ide, pipeline, syntax, variant};
pub use rulebook_model as model;
pub use rulebook_notation as notation;
pub use rulebook_tools::{ai, analysis, authoring, protocol, record, render, yaml};
