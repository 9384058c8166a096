//! The records of outside engines' games that the tests replay ply by ply: a `game N` line
//! begins a game from the start, a `position TEXT` line gives the position it goes on from,
//! and each other line is a ply, `MOVE ; LEGAL MOVES ; OUTCOME`; lines of `#` are comments.

/// One line of a record, comments left out.
pub enum Entry {
    /// `game N`: a game begins from the start.
    Game,
    /// `position TEXT`: the game goes on from this position.
    Position(String),
    /// A move played, with what the record says follows it.
    Ply(Ply),
}

/// A ply of a record: the move, the legal moves after it and the outcome after it.
pub struct Ply {
    /// Where the line is, `PATH:LINE`, for messages.
    pub place: String,
    /// The move played, as the record writes it.
    pub played: String,
    /// The legal moves after it, in the record's order.
    pub legal: Vec<String>,
    /// The outcome after it in the record's words (`none` while the game goes on).
    pub outcome: String,
}

/// Reads the record at `path`; fails on a line that is none of the three.
pub fn read(path: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'));
    lines
        .map(|(i, line)| entry(line, format!("{path}:{}", i + 1)))
        .collect()
}

fn entry(line: &str, place: String) -> Entry {
    if line.starts_with("game ") {
        return Entry::Game;
    }
    if let Some(text) = line.strip_prefix("position ") {
        return Entry::Position(text.to_string());
    }
    let [played, legal, outcome] = line.split(" ; ").collect::<Vec<_>>()[..] else {
        panic!("{place}: not `MOVE ; LEGAL ; OUTCOME`");
    };
    Entry::Ply(Ply {
        place,
        played: played.to_string(),
        legal: legal.split_whitespace().map(str::to_string).collect(),
        outcome: outcome.to_string(),
    })
}
