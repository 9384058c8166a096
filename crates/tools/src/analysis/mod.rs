//! Analysis over the engine: perft (move-tree leaf counts), random-playout benchmarks and
//! the statistics of self-play.

mod perft;
mod playouts;
mod rng;
pub mod stats;

pub use perft::{perft, perft_threads};
pub use playouts::{bench, random_game, random_move, BenchLength, BenchReport};
pub use rng::Rng;
