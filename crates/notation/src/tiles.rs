//! Tile moves as text: a cell and a tile (`d4:BYYBBY`, the tile named by its wedge colours
//! in side order). `pass` and `swap` are read and written for every game in the parent.

use super::{is_site_like, MoveError};
use rulebook_engine::{Move, State};
use rulebook_model::board::HEX_DIRECTIONS;
use rulebook_model::tiles::SIDES;
use rulebook_model::{MoveKind, Site, Tiles, EMPTY, NO_SITE};

/// The text of a placed tile: `d4:BYYBBY`.
pub(super) fn text(state: &State, m: Move) -> String {
    let game = state.game();
    let pattern = match &game.tiles {
        Some(tiles) => tiles.pattern_name(m.tile_kind()),
        None => unreachable!("a placement rule is checked to come with tiles"),
    };
    format!("{}:{pattern}", game.board.site_names[m.to().index()])
}

/// Parses `d4:BYYBBY` into a legal move, or says why it is not one.
pub(super) fn parse(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let game = std::sync::Arc::clone(state.game());
    let Some(tiles) = game.tiles.as_ref() else {
        return Err(MoveError::GameOver);
    };
    let illegal = |reason: String| MoveError::Illegal {
        text: text.to_string(),
        reason,
    };
    let letters: String = tiles.letters.iter().collect();
    let malformed = || MoveError::Malformed {
        text: text.to_string(),
        expected: format!(
            "a cell and a tile like `d4:{}`, `pass` or `swap` (a tile names its wedge \
             colours, {letters}, in side order E, NE, NW, W, SW, SE)",
            tiles.pattern_name(0b100110)
        ),
    };
    let (cell, pattern) = text.split_once(':').ok_or_else(malformed)?;
    let (cell, pattern) = (cell.trim(), pattern.trim());
    if !is_site_like(cell) {
        return Err(malformed());
    }
    let kind = tiles.kind_named(pattern).ok_or_else(malformed)?;
    let site = game
        .board
        .site_named(cell)
        .ok_or_else(|| illegal(format!("`{cell}` is not a cell of this board")))?;
    if state.has_ended() {
        return Err(MoveError::GameOver);
    }
    let Some((rule, MoveKind::Place { matching })) =
        rule_of(state, &|k| matches!(k, MoveKind::Place { .. }))
    else {
        return Err(illegal("no tile may be placed now".into()));
    };
    let mover = game.player_name(state.to_move());
    if state.cell(site) != EMPTY {
        return Err(illegal(format!("{cell} is not empty")));
    }
    if state.hand(state.to_move()) & (1 << kind) == 0 {
        return Err(illegal(format!("{pattern} is not in {mover}'s hand")));
    }
    if matching {
        if let Some(reason) = mismatch(state, tiles, site, kind) {
            return Err(illegal(reason));
        }
    }
    Ok(Move::tile(rule, kind, site))
}

/// The first move rule of a kind that `want` accepts whose condition holds, with its kind.
fn rule_of(state: &State, want: &dyn Fn(&MoveKind) -> bool) -> Option<(u8, MoveKind)> {
    state
        .game()
        .moves
        .iter()
        .enumerate()
        .find(|(i, r)| want(&r.kind) && state.rule_holds(*i))
        .map(|(i, r)| (i as u8, r.kind.clone()))
}

/// Why tile `kind` does not fit on `site`, in words (the first side that does not match).
fn mismatch(state: &State, tiles: &Tiles, site: Site, kind: usize) -> Option<String> {
    let c = state.constraint(site) as usize;
    let bad = (kind ^ c) & (c >> SIDES) & ((1 << SIDES) - 1);
    if bad == 0 {
        return None;
    }
    let side = bad.trailing_zeros() as usize;
    let game = state.game();
    let dir = HEX_DIRECTIONS[side].0;
    let has = tiles.letters[Tiles::colour(kind, side).index()];
    let want = tiles.letters[(c >> side) & 1];
    let nb = tiles.neighbours[site.index()][side];
    Some(if nb == NO_SITE {
        format!(
            "its {dir} wedge is {has}, but the board edge there is {want} ({})",
            game.about.players[(c >> side) & 1]
        )
    } else {
        format!(
            "its {dir} wedge is {has}, but the tile on {} faces it with {want}",
            game.board.site_names[nb.index()]
        )
    })
}
