//! Analysis over the engine: perft (move-tree leaf counts), random-playout benchmarks and
//! the statistics of self-play.

mod bench;
mod perft;
mod rng;
pub mod stats;

pub use bench::{bench, random_game, BenchLength, BenchReport};
pub use perft::{perft, perft_threads};
pub use rng::Rng;
