//! The position as a player sees it between moves: the board with the last move marked,
//! material (pieces, stores, or tiles and scores), whose turn it is or how the game ended;
//! coloured on demand.

use std::fmt::Write as _;

use super::text::{board_text, file_letters, glyph, hex_text, mancala_turned, outcome_text};
use crate::engine::{Outcome, State};
use crate::model::{EndWhen, Layout, EMPTY, NO_SITE};
use crate::notation;

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const UNDERLINE: &str = "\x1b[4m";
const REVERSE: &str = "\x1b[7m";
/// A colour per player, repeated when there are more players.
const PLAYER_COLORS: [&str; 4] = ["\x1b[36m", "\x1b[35m", "\x1b[33m", "\x1b[32m"];

/// The board, material, the last move and whose turn it is (or the outcome). On a grid the
/// last move's destination is bracketed (`[B]`), on a mancala board the pit sown from is
/// `< n>`; with `color` pieces and names are coloured by player, the mark is in reverse
/// video and a grid move's origin underlined.
pub fn play_view(state: &State, color: bool) -> String {
    play_view_turned(state, color, false)
}

/// [`play_view`], with the board `turned` round (the view from the other side of the
/// table): a grid's ranks and files reversed, a mancala board's rows and stores exchanged;
/// a hex board is drawn one way.
pub fn play_view_turned(state: &State, color: bool, turned: bool) -> String {
    let game = std::sync::Arc::clone(state.game());
    let mut out = match game.board.layout {
        Layout::Grid => grid_text(state, color, turned),
        Layout::Mancala { .. } => mancala_text(state, color, turned),
        Layout::Hex { .. } => hex_text(state, color),
        #[allow(unreachable_patterns)] // layouts to come print as `board_text` until they
        // have a view of their own
        _ => board_text(state),
    };
    let paint = |p: usize, s: String| {
        if color {
            format!("{}{s}{RESET}", player_style(&game, p))
        } else {
            s
        }
    };
    let mut material = Vec::with_capacity(game.players.len());
    for (p, name) in game.players.iter().enumerate() {
        let (name, n) = (paint(p, name.clone()), state.pieces(p as u8));
        let plural = if n == 1 { "" } else { "s" };
        material.push(if game.board.pits() > 0 {
            format!("{name} store {}", state.count(game.board.store(p as u8)))
        } else if game.tiles.is_some() {
            format!(
                "{name} score {} ({n} tile{plural} placed)",
                state.score(p as u8)
            )
        } else {
            let g = glyph(&game, game.cell(p as u8, 0));
            format!("{name} ({g}) {n} piece{plural}")
        });
    }
    let _ = writeln!(out, "{}", material.join(", "));
    // (A board of tiles says it under its drawing.)
    if state.swapped() && game.tiles.is_none() {
        let _ = writeln!(out, "the players have swapped sides");
    }
    if let Some((m, by)) = state.last_move() {
        let _ = writeln!(
            out,
            "last move: {} by {}",
            notation::move_text(state, m),
            paint(by as usize, game.players[by as usize].clone())
        );
    }
    match state.outcome() {
        Some(o) => {
            let _ = writeln!(out, "game over: {}", ending_text(state, o));
        }
        None => {
            let p = state.to_move() as usize;
            let _ = writeln!(out, "to move: {}", paint(p, game.players[p].clone()));
        }
    }
    out
}

/// How the game ended in words: the outcome and the end rule that decided it, then on a
/// line of its own the final count (stores, scores or pieces): `south wins (a row of pits
/// is empty)` and `final stores: south 30, north 18`.
fn ending_text(state: &State, o: Outcome) -> String {
    let game = state.game();
    let name = |p: u8| game.players[p as usize].as_str();
    let stuck = || format!("{} has no legal move", name(state.to_move()));
    let mover = state.last_move().map_or(state.to_move(), |(_, by)| by);
    let why = match state.end_rule().map(|r| game.end_rules[r].when) {
        None | Some(EndWhen::NoLegalMove) => stuck(),
        Some(EndWhen::NoPlayerCanMove) => "no player can move".to_string(),
        Some(EndWhen::RepeatedPosition) => format!("{} repeated a position", name(mover)),
        Some(EndWhen::EmptyRow) => "a row of pits is empty".to_string(),
        Some(EndWhen::BothPass) => "both players passed in a row".to_string(),
        Some(EndWhen::Position(i)) => {
            let condition = super::summary::end_condition_text(game, i as usize);
            format!("after {}'s move, {}", name(mover), unbracketed(&condition))
        }
    };
    let players = 0..game.players.len() as u8;
    let (what, counts): (&str, Vec<String>) = if game.board.pits() > 0 {
        let store = |p| state.count(game.board.store(p));
        (
            "stores",
            players
                .map(|p| format!("{} {}", name(p), store(p)))
                .collect(),
        )
    } else if game.score.is_some() {
        let score = |p| state.score(p);
        (
            "score",
            players
                .map(|p| format!("{} {}", name(p), score(p)))
                .collect(),
        )
    } else {
        let pieces = |p| state.pieces(p);
        (
            "pieces",
            players
                .map(|p| format!("{} {}", name(p), pieces(p)))
                .collect(),
        )
    };
    format!(
        "{} ({why})\nfinal {what}: {}",
        outcome_text(game, o),
        counts.join(", ")
    )
}

/// The style (bold and a colour) of player `p`'s pieces and name: the colour the player
/// is named after (`blue`, `yellow`, ...) if there is one, else one of [`PLAYER_COLORS`].
pub(super) fn player_style(game: &crate::model::Game, p: usize) -> String {
    const NAMED: [(&str, &str); 6] = [
        ("red", "\x1b[31m"),
        ("green", "\x1b[32m"),
        ("yellow", "\x1b[33m"),
        ("blue", "\x1b[34m"),
        ("magenta", "\x1b[35m"),
        ("cyan", "\x1b[36m"),
    ];
    let name = game.players[p].to_ascii_lowercase();
    let colour = NAMED
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(PLAYER_COLORS[p % PLAYER_COLORS.len()], |(_, c)| c);
    format!("{BOLD}{colour}")
}

/// `text` without the parentheses around all of it, if it has them.
fn unbracketed(text: &str) -> &str {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text;
    };
    // The first parenthesis must close at the end, not before: `(a) and (b)` keeps them.
    let mut depth = 0;
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return text,
            ')' => depth -= 1,
            _ => {}
        }
    }
    inner
}

/// A grid as in [`board_text`] (or turned round), with the last move marked and optional
/// colours.
fn grid_text(state: &State, color: bool, turned: bool) -> String {
    let game = state.game();
    let b = &game.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let (from, to) = state
        .last_move()
        .map_or((NO_SITE, NO_SITE), |(m, _)| (m.from, m.to));
    let label_width = h.to_string().len();
    let mut files = file_letters(w);
    // Turned round, the files run right to left and the ranks bottom to top.
    let file_at = |i: usize| if turned { w - 1 - i } else { i };
    if turned {
        files = files.split(' ').rev().collect::<Vec<_>>().join(" ");
    }
    let ranks: Vec<usize> = if turned {
        (0..h).collect()
    } else {
        (0..h).rev().collect()
    };
    let mut out = String::new();
    let _ = writeln!(out, "{:label_width$}  {files}", "");
    for r in ranks {
        let _ = write!(out, "{:>label_width$} ", r + 1);
        let marked = (0..w).find(|&i| (r * w + file_at(i)) as u16 == to && to != NO_SITE);
        for i in 0..w {
            let site = (r * w + file_at(i)) as u16;
            let sep = match marked {
                Some(m) if m == i => '[',
                Some(m) if m + 1 == i => ']',
                _ => ' ',
            };
            out.push(sep);
            let cell = state.cell(site);
            let g = glyph(game, cell);
            if color {
                let mut style = String::new();
                if cell == EMPTY {
                    style.push_str(DIM);
                } else {
                    let owner = game.owner[cell as usize] as usize;
                    style.push_str(&player_style(game, owner));
                }
                if site == to {
                    style.push_str(REVERSE);
                } else if site == from {
                    style.push_str(UNDERLINE);
                }
                let _ = write!(out, "{style}{g}{RESET}");
            } else {
                out.push(g);
            }
        }
        let end = if marked == Some(w - 1) { ']' } else { ' ' };
        let _ = writeln!(out, "{end} {}", r + 1);
    }
    let _ = writeln!(out, "{:label_width$}  {files}", "");
    out
}

/// A mancala board as in [`board_text`] (or turned round), with the pit of the last move
/// (where its sowing began) shown as `<n>` instead of `[n]`, or in reverse video with
/// `color`.
fn mancala_text(state: &State, color: bool, turned: bool) -> String {
    let text = mancala_turned(state, turned);
    let Some((m, _)) = state.last_move() else {
        return text;
    };
    let b = &state.game().board;
    let (owner, k, n) = (b.row_owner(m.from), b.pit_number(m.from), b.pits());
    if k == 0 {
        return text;
    }
    // The second player's pits are on the third line (pit n first), the first player's
    // on the fifth (pit 1 first); the other way round when turned.
    let (line, index) = match (owner, turned) {
        (1, false) | (0, true) => (2, (n - k) as usize),
        (0, false) | (1, true) => (4, (k - 1) as usize),
        _ => return text,
    };
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if let Some(row) = lines.get_mut(line) {
        let starts: Vec<usize> = row.match_indices('[').map(|(i, _)| i).collect();
        if let Some(&open) = starts.get(index) {
            if let Some(len) = row[open..].find(']') {
                let inner = row[open + 1..open + len].to_string();
                let marked = if color {
                    format!("{REVERSE}[{inner}]{RESET}")
                } else {
                    format!("<{inner}>")
                };
                row.replace_range(open..=open + len, &marked);
            }
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}
