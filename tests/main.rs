//! The integration tests of `rulebook`, in one test binary (`cargo test --test suite`): each
//! module below is one area of the program (tests/README.md says which), and the helpers
//! they share are in `common/`. One binary links the library once, where a binary a file
//! linked it 58 times. Run one module with `cargo test --test suite MODULE::`.
//!
//! `allocations.rs` is a test binary of its own (see `Cargo.toml`): it counts every
//! allocation of its process with a global allocator.

mod common;

mod again;
mod ai;
mod analyze;
mod architecture;
mod armies;
mod attacks;
mod authoring;
mod ayoayo_reference;
mod boards;
mod brandubh_reference;
mod capture_runs;
mod capturing;
mod chains;
mod cli;
mod codes;
mod connection;
mod diagnostics;
mod docs;
mod draughts_reference;
mod editors;
mod einstein_wurfelt_nicht;
mod ends;
mod fanorona;
mod fen;
mod flying;
mod fmt;
mod forward;
mod fox_and_geese;
mod go;
mod goals;
mod groups;
mod hasami_reference;
mod havannah;
mod hex;
mod hints;
mod hops;
mod international_draughts;
mod kalah_reference;
mod konane_reference;
mod leaps;
mod lines;
mod lsp;
mod mangala;
mod mangala_reference;
mod mensch_aergere_dich_nicht;
mod migong;
mod morris;
mod moves;
mod othello_reference;
mod oware_reference;
mod parallel;
mod pentago;
mod pente;
mod perft;
mod players;
mod position_text;
mod positions;
mod primitives;
mod properties;
mod protocols;
mod record;
mod references;
mod regions;
mod relative_regions;
mod repetition;
mod repl;
mod rings;
mod rule_counts;
mod serve;
mod session;
mod sfen;
mod shogi;
mod shots;
mod simulation;
mod site_moves;
mod snapshots;
mod solo;
mod sowing_ends;
mod sowing_shapes;
mod speed;
mod stock;
mod toguz_kumalak_reference;
mod tutorial;
mod ur_reference;
mod walks;
mod warnings;
mod xiangqi;
