//! A rule file through what the language server (`rulebook lsp`) answers, without the
//! protocol: diagnostics, hover, completion, definition and references at a few places,
//! formatting.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        rulebook_fuzz::editor(text);
    }
});
