//! Text from files made safe to print on a terminal.

use std::borrow::Cow;

/// `text` with every control character (C0, DEL, C1) and every bidirectional formatting
/// character written as a Rust escape (`\u{1b}`), so that a game's name or a case's name
/// cannot move the cursor, change colours or reorder what the terminal shows. Text without
/// them is returned as it is.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_on_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_on_terminal(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether a character may act on a terminal instead of being shown.
fn unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_overrides_are_escaped() {
        assert!(matches!(terminal_safe("A game"), Cow::Borrowed(_)));
        assert_eq!(
            terminal_safe("a\u{1b}[31mb\u{202e}c\u{7}\u{9b}"),
            "a\\u{1b}[31mb\\u{202e}c\\u{7}\\u{9b}"
        );
        assert_eq!(terminal_safe("Çé 中"), "Çé 中");
    }
}
