//! Analysis over the engine: perft (move-tree leaf counts) and random-playout benchmarks.

mod bench;
mod perft;
mod rng;

pub use bench::{bench, random_game, BenchReport};
pub use perft::perft;
pub use rng::Rng;
