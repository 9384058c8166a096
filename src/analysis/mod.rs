//! Analysis over the engine: perft (move-tree leaf counts) and random-playout benchmarks.

mod bench;
mod perft;
mod rng;

pub use bench::{bench, random_game, BenchLength, BenchReport};
pub use perft::{perft, perft_threads};
pub use rng::Rng;
