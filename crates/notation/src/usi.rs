//! A move as the USI protocol writes it, read wherever moves are typed in a game that SFEN
//! fits ([`super::sfen_fits`]) on a board at most 9 files wide and 26 ranks high. Its
//! points are a file's number, counted from 1 at the first player's right (the last file,
//! rulebook's rightmost), and a rank's letter, `a` for the top rank (the last, on the
//! second player's side): on a board 9 by 9, `7g` is `c3`.
//!
//! - `7g7f`: a piece's move from one point to another, which keeps its kind;
//! - `8h2b+`: the same move promoting the piece (to the kind its promotions make of it);
//! - `P*5e`: a piece of the kind `P` put from hand onto a point (`P*e5`).

use rulebook_engine::{Move, MoveList, State};
use rulebook_model::{Game, Layout};

use super::{move_text, pieces, MoveError};

/// The name of the point at USI's file number `file` and rank letter `rank`, if the board
/// has it.
fn point(game: &Game, file: u8, rank: u8) -> Option<String> {
    let (w, h) = (
        usize::from(game.board.width),
        usize::from(game.board.height),
    );
    let (file, from_top) = (
        usize::from(file.checked_sub(b'0')?),
        usize::from(rank.checked_sub(b'a')?),
    );
    if !(1..=w).contains(&file) || from_top >= h {
        return None;
    }
    let index = (h - 1 - from_top) * w + (w - file);
    game.board.site_names.get(index).cloned()
}

/// The legal move that USI text stands for, or why there is none; `None` when the text is
/// not USI's or USI does not fit the game.
pub(super) fn parse(state: &mut State, text: &str) -> Option<Result<Move, MoveError>> {
    let game = state.game();
    let grid = matches!(game.board.layout, Layout::Grid(_));
    if !grid || game.board.width > 9 || game.board.height > 26 || !text.is_ascii() {
        return None;
    }
    let b = text.as_bytes();
    if let [letter, b'*', file, rank] = *b {
        let to = point(game, file, rank).filter(|_| letter.is_ascii_uppercase())?;
        super::sfen_fits(game).ok()?;
        let canonical = format!("{}*{to}", char::from(letter));
        return Some(pieces::parse(state, &canonical).map_err(|e| e.written_as(text)));
    }
    let (body, promotes) = match b {
        [body @ .., b'+'] => (body, true),
        body => (body, false),
    };
    let [f1, r1, f2, r2] = *body else {
        return None;
    };
    let (from, to) = (point(game, f1, r1)?, point(game, f2, r2)?);
    super::sfen_fits(game).ok()?;
    Some(choose(state, text, &format!("{from}-{to}"), promotes))
}

/// Among the legal moves from one point to another (`canonical`, `c3-c4`), the one that
/// promotes the piece (`promotes`) or keeps its kind.
fn choose(
    state: &mut State,
    text: &str,
    canonical: &str,
    promotes: bool,
) -> Result<Move, MoveError> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let prefix = format!("{canonical}=");
    let candidates: Vec<Move> = (moves.iter().copied())
        .filter(|&m| {
            let t = move_text(state, m);
            t == canonical || t.starts_with(&prefix)
        })
        .collect();
    if candidates.is_empty() {
        return pieces::parse(state, canonical).map_err(|e| e.written_as(text));
    }
    let game = std::sync::Arc::clone(state.game());
    let kept = |m: Move| {
        let before = game.kind_of(state.cell(m.from()));
        let mut after = state.clone();
        after.apply(m);
        let now = game.kind_of(after.cell(m.to()));
        (before, now)
    };
    let found = candidates.iter().copied().find(|&m| {
        let (before, now) = kept(m);
        match promotes {
            true => now != before && game.tables.hand_kinds.get(now) == Some(&(before as u8)),
            false => now == before,
        }
    });
    found.ok_or_else(|| MoveError::Illegal {
        text: text.to_string(),
        reason: match promotes {
            true => "the piece is not promoted by this move (write it without `+`)".into(),
            false => "the piece must be promoted by this move (write `+` after it)".into(),
        },
    })
}
