//! A piece's move as the UCI protocol (docs/protocols.md) writes it: the two points joined
//! (`e2e4`), then the letter of a kind promoted to, lower case (`e7e8q`); a castling is its
//! piece's move (`e1g1`). Read wherever moves are typed, in a game on a grid, as the
//! canonical text it stands for (`e2-e4`, `e7-e8=Q`).

use rulebook_engine::{Move, State};
use rulebook_model::{Game, Layout};

use super::{is_site_like, move_text};

/// The canonical text that UCI text stands for in a game on a grid (`e7e8q`: `e7-e8=Q`),
/// or `None` when the text is not of that form.
pub(super) fn dashed(game: &Game, text: &str) -> Option<String> {
    if !matches!(game.board.layout, Layout::Grid(_)) || !text.is_ascii() {
        return None;
    }
    let (body, promotion) = match text.chars().last() {
        Some(c) if c.is_ascii_alphabetic() => (&text[..text.len() - 1], Some(c)),
        _ => (text, None),
    };
    // The second point begins at the last letter of the body.
    let split = body.rfind(|c: char| c.is_ascii_alphabetic())?;
    let (from, to) = body.split_at(split);
    if !is_site_like(from) || !is_site_like(to) {
        return None;
    }
    Some(match promotion {
        Some(kind) => format!("{from}-{to}={}", kind.to_ascii_uppercase()),
        None => format!("{from}-{to}"),
    })
}

/// A move's UCI text, when it is a piece's move from one point to another (with a
/// promotion at most): `e2e4`, `e7e8q`.
pub fn uci_text(state: &State, m: Move) -> Option<String> {
    let text = move_text(state, m);
    let (points, promotion) = match text.split_once('=') {
        Some((points, kind)) => (points, Some(kind.to_ascii_lowercase())),
        None => (text.as_str(), None),
    };
    let (from, to) = points.split_once('-')?;
    let game = state.game();
    let sites = [from, to].map(|p| game.board.site_named(p));
    let grid = matches!(game.board.layout, Layout::Grid(_));
    (grid && sites.iter().all(Option::is_some))
        .then(|| format!("{from}{to}{}", promotion.unwrap_or_default()))
}
