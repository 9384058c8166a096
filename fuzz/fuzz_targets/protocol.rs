//! Lines to the protocols' sessions: the first byte picks the protocol (even: JSON, odd:
//! GTP) and a bundled game, the rest is lines, each answered and checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((&pick, rest)) = data.split_first() {
        if let Ok(text) = std::str::from_utf8(rest) {
            rulebook_fuzz::protocol(pick, text);
        }
    }
});
