//! The tools of `rulebook` that stand on a compiled game and its engine: the computer
//! opponent ([`ai`]), perft and random playouts ([`analysis`]), scenario files and
//! behaviour snapshots ([`authoring`]), game records ([`record`], YAML behind [`yaml`]),
//! pictures of positions and games ([`render`]), and the protocols other programs speak
//! ([`protocol`]: JSON lines, GTP). The command line and the REPL (the `rulebook` crate)
//! sit on top of them.

// Errors here are diagnostics for people: returned once, on the cold path of bad input,
// never in the engine's loop; boxing them would only add noise.
#![allow(clippy::result_large_err)]

pub mod ai;
pub mod analysis;
pub mod authoring;
pub mod protocol;
pub mod record;
pub mod render;
pub mod yaml;
