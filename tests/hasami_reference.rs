//! Tests of the independent Hasami Shogi and Dai Hasami Shogi reference implementation.

#[path = "common/hasami_reference.rs"]
mod hasami_reference;

use hasami_reference::{Game, Variant};

#[test]
#[ignore]
fn print_deeper_perft() {
    let d: usize = std::env::var("DEPTH").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let moves = std::env::var("MOVES").unwrap_or_default();
    for v in [Variant::Hasami, Variant::Dai] {
        let g = Game::new(v).play_all(&moves);
        println!("{v:?} {:?}", g.perft(d));
    }
}
