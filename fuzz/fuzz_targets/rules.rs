//! A rule file through the whole pipeline (parse, check, compile under every preset), and
//! every game that compiles played: legal moves, move text, perft, a random game with undo,
//! text and SVG rendering.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        rulebook_fuzz::rule_file(text);
    }
});
