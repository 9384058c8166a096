//! YAML game records: read, replayed when they name a bundled game, written back and read
//! again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        rulebook_fuzz::record(text);
    }
});
