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

/// `text` with each line longer than `width` columns broken at spaces, never inside a word
/// (a word longer than the line stands on a line of its own); a line's continuations are
/// indented two columns more than it. Lines that fit, and their spacing, are kept.
pub fn wrapped_to(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = &body[..body.len() - body.trim_start().len()];
        let (mut column, mut first) = (0, true);
        for word in body.trim_start().split(' ') {
            let len = word.chars().count();
            if first {
                out.push_str(indent);
                out.push_str(word);
                column = indent.chars().count() + len;
                first = false;
            } else if column + 1 + len > width && !word.is_empty() {
                // Spaces that padded a column before the break are dropped with it.
                let kept = out.trim_end_matches(' ').len();
                out.truncate(kept);
                out.push('\n');
                out.push_str(indent);
                out.push_str("  ");
                out.push_str(word);
                column = indent.chars().count() + 2 + len;
            } else {
                out.push(' ');
                out.push_str(word);
                column += 1 + len;
            }
        }
        out.push_str(end);
    }
    out
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

    #[test]
    fn long_lines_break_at_word_ends_and_short_ones_stay() {
        let text = "short  line\n  one two three four five\nlast";
        assert_eq!(
            wrapped_to(text, 15),
            "short  line\n  one two three\n    four five\nlast"
        );
        assert_eq!(
            wrapped_to("averyveryverylongword x", 5),
            "averyveryverylongword\n  x"
        );
        assert_eq!(wrapped_to("fits\n", 80), "fits\n");
    }
}
