//! Move text against the bundled games: the first byte picks a game and preset, the rest is
//! moves separated by spaces, parsed and played while they are legal.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some((&pick, rest)) = data.split_first() {
        if let Ok(text) = std::str::from_utf8(rest) {
            rulebook_fuzz::move_text(pick, text);
        }
    }
});
