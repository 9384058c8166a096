//! Position text from rows of a board drawn a character a site: `.` for an empty site,
//! a piece's letter otherwise (the notation `--position` reads; docs/language/positions.md,
//! "Positions as text").

/// The position text of `rows` (the top rank first) with `player` to move: each row's runs
/// of `.` become their lengths.
pub fn position_text<R: AsRef<str>>(rows: &[R], player: &str) -> String {
    let rows: Vec<String> = rows.iter().map(|row| row_text(row.as_ref())).collect();
    format!("{} {player}", rows.join("/"))
}

/// One row's text: its letters, with each run of `.` as its length.
fn row_text(row: &str) -> String {
    let mut out = String::new();
    let mut gap = 0;
    for c in row.chars() {
        if c == '.' {
            gap += 1;
            continue;
        }
        if gap > 0 {
            out += &gap.to_string();
            gap = 0;
        }
        out.push(c);
    }
    if gap > 0 {
        out += &gap.to_string();
    }
    out
}
