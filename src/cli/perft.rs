//! `rulebook perft`: leaf counts of the move tree.

use super::common::{load, start_state};
use super::{GameArgs, StartArgs, MAX_PERFT_DEPTH};
use crate::analysis::perft_threads;
use crate::diag::plural;
use crate::engine::State;

/// Counts the move tree to `depth` and prints the counts (as JSON with `json`).
pub(super) fn run(
    game: &GameArgs,
    depth: usize,
    start: &StartArgs,
    threads: usize,
    json: bool,
) -> Result<(), String> {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "error: depth {depth} is beyond the limit of {MAX_PERFT_DEPTH}: move trees grow exponentially, and a count that deep would not finish"
        ));
    }
    let state = start_state(load(game)?, start)?;
    run_perft(&state, depth, threads, json);
    Ok(())
}

fn run_perft(state: &State, depth: usize, threads: usize, json: bool) {
    let began = std::time::Instant::now();
    let counts = perft_threads(state, depth, threads);
    let seconds = began.elapsed().as_secs_f64();
    if json {
        let rows: Vec<serde_json::Value> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| serde_json::json!({ "depth": i + 1, "count": c }))
            .collect();
        println!(
            "{}",
            serde_json::json!({ "counts": rows, "seconds": seconds, "threads": threads })
        );
    } else {
        for (i, c) in counts.iter().enumerate() {
            println!("{} {c}", i + 1);
        }
        eprintln!("({seconds:.3} s on {threads} thread{})", plural(threads));
    }
}
