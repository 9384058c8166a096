//! Places in a text as editors count them: a line (from 0) and a column in UTF-16 code
//! units (the Language Server Protocol's default), to and from byte offsets.

/// The line and UTF-16 column of byte `offset` (clamped to the text, and to the start of
/// the character it falls in).
pub fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let col: usize = before[start..].chars().map(char::len_utf16).sum();
    (line as u32, col as u32)
}

/// The byte offset of a line and UTF-16 column: past the end of its line, the line's end
/// (before its line break); past the last line, the end of the text.
pub fn offset(text: &str, line: u32, col: u32) -> usize {
    let mut start = 0;
    for _ in 0..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let mut units = 0;
    for (i, c) in text[start..end].char_indices() {
        if units >= col as usize {
            return start + i;
        }
        units += c.len_utf16();
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "a\n\u{e9}\u{1f600}x\n";
        assert_eq!(line_col(text, 0), (0, 0));
        assert_eq!(line_col(text, 2), (1, 0));
        // é is 2 bytes and 1 unit; the emoji 4 bytes and 2 units.
        assert_eq!(line_col(text, 8), (1, 3));
        assert_eq!(offset(text, 1, 3), 8);
        assert_eq!(line_col(text, 5), (1, 1), "inside a character: its start");
        assert_eq!(offset(text, 1, 99), 9, "past the line: its end");
        assert_eq!(offset(text, 9, 0), text.len(), "past the text: its end");
    }
}
