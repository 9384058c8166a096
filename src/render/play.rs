//! The position as a player sees it between moves: the board with the last move marked,
//! material (pieces or stores), whose turn it is or how the game ended; coloured on demand.

use std::fmt::Write as _;

use super::text::{board_text, glyph, outcome_text};
use crate::engine::State;
use crate::model::{Layout, EMPTY, NO_SITE};

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const UNDERLINE: &str = "\x1b[4m";
const REVERSE: &str = "\x1b[7m";
/// A colour per player, repeated when there are more players.
const PLAYER_COLORS: [&str; 4] = ["\x1b[36m", "\x1b[35m", "\x1b[33m", "\x1b[32m"];

/// The board, material, the last move and whose turn it is (or the outcome). On a grid the
/// last move's destination is bracketed (`[B]`); with `color` the pieces are coloured by
/// player, the destination is shown in reverse video and the origin underlined.
pub fn play_view(state: &mut State, color: bool) -> String {
    let game = std::sync::Arc::clone(state.game());
    let mut out = match game.board.layout {
        Layout::Grid => grid_text(state, color),
        _ => board_text(state),
    };
    let paint = |p: usize, s: String| {
        if color {
            format!("{BOLD}{}{s}{RESET}", PLAYER_COLORS[p % PLAYER_COLORS.len()])
        } else {
            s
        }
    };
    let material: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, name)| {
            if game.board.pits() > 0 {
                format!(
                    "{} store {}",
                    paint(p, name.clone()),
                    state.count(game.board.store(p as u8))
                )
            } else {
                let n = state.pieces(p as u8);
                let g = glyph(&game, game.cell(p as u8, 0));
                format!(
                    "{} ({g}) {n} piece{}",
                    paint(p, name.clone()),
                    if n == 1 { "" } else { "s" }
                )
            }
        })
        .collect();
    let _ = writeln!(out, "{}", material.join(", "));
    if let Some((m, by)) = state.last_move() {
        let _ = writeln!(
            out,
            "last move: {} by {}",
            state.move_text(m),
            paint(by as usize, game.players[by as usize].clone())
        );
    }
    match state.outcome() {
        Some(o) => {
            let _ = writeln!(out, "game over: {}", outcome_text(&game, o));
        }
        None => {
            let p = state.to_move() as usize;
            let _ = writeln!(out, "to move: {}", paint(p, game.players[p].clone()));
        }
    }
    out
}

/// A grid as in [`board_text`], with the last move marked and optional colours.
fn grid_text(state: &State, color: bool) -> String {
    let game = state.game();
    let b = &game.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let (from, to) = state
        .last_move()
        .map_or((NO_SITE, NO_SITE), |(m, _)| (m.from, m.to));
    let label_width = h.to_string().len();
    let files: String = (0..w)
        .map(|f| ((b'a' + f as u8) as char).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::new();
    let _ = writeln!(out, "{:label_width$}  {files}", "");
    for r in (0..h).rev() {
        let _ = write!(out, "{:>label_width$} ", r + 1);
        let marked = (0..w).find(|&f| (r * w + f) as u16 == to && to != NO_SITE);
        for f in 0..w {
            let site = (r * w + f) as u16;
            let sep = match marked {
                Some(m) if m == f => '[',
                Some(m) if m + 1 == f => ']',
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
                    style.push_str(BOLD);
                    style.push_str(PLAYER_COLORS[owner % PLAYER_COLORS.len()]);
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
