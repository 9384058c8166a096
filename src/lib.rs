//! `rulebook`: a rules interpreter for board games described in `.game` files.
//!
//! Data flows one way: text -> [`syntax`] (spanned AST) -> [`check`] (names and types) ->
//! [`compile`] (a [`model::Game`] with precomputed tables) -> [`engine`] (playable state);
//! [`notation`] gives moves their text, parses text into moves and words refusals.
//! The faces ([`cli`], [`render`], [`analysis`], [`authoring`]) sit on top and only call down.

// Errors here are diagnostics for people: returned once, on the cold path of bad input,
// never in the engine's loop; boxing them would only add noise.
#![allow(clippy::result_large_err)]

pub mod ai;
pub mod analysis;
pub mod authoring;
pub mod catalog;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod files;
pub mod model;
pub mod notation;
pub mod pipeline;
pub mod record;
pub mod render;
pub mod repl;
pub mod syntax;
pub mod variant;
pub mod yaml;
