//! SFEN, the position text of the programs that speak USI, for any game of two
//! players on a grid whose pieces taken go into the taker's hand and whose promoted kinds
//! are each made from one kind ([`sfen_fits`]): four fields joined by spaces, the last
//! optional (`lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`).
//!
//! 1. The board, as in rulebook's own text ([`super::position_text`]: ranks top to bottom,
//!    each from file `a`), but a promoted piece is `+` and the letter of the kind it is
//!    made from ([`Tables::hand_kinds`](rulebook_model::Tables::hand_kinds), the kind it
//!    goes into hand as): `+P`.
//! 2. The player to move: `b` for the first player, `w` for the second.
//! 3. The pieces in hand: for each kind, its count (left out for one) and its letter, the
//!    first player's in upper case and then the second's in lower case, each in the order
//!    the kinds are declared (`S2Pb3p`); `-` for empty hands. Read in any order.
//! 4. The move number, from 1, counted up after every move (not every pair of moves, as
//!    FEN's fullmove number is); 1 when left out. Rulebook's text does not keep it: it is
//!    kept beside the position as [`Clocks::fullmove`] (of the position read), and written
//!    as that number plus the moves played since.

use std::sync::Arc;

use rulebook_engine::{Setup, State};
use rulebook_model::{Cell, Game, Layout, Player, MAX_HAND};

use super::fen::Clocks;
use super::position::{bad, finish, grid_text_by, piece_letter, put_on_rank, PositionError};

/// Whether SFEN fits the game: a grid, two players, pieces taken go into hand (`capture
/// into hand`), every promoted kind is made from one unpromoted kind that no other is
/// made from, and the unpromoted kinds have distinct letters; else why not.
pub fn sfen_fits(game: &Game) -> Result<(), String> {
    let hand = &game.tables.hand_kinds;
    let promoted: Vec<usize> = (0..hand.len()).filter(|&k| base(game, k) != k).collect();
    let mut letters: Vec<char> = (game.piece_cells())
        .filter(|&c| base(game, game.kind_of(c)) == game.kind_of(c))
        .map(|c| piece_letter(game, c))
        .collect();
    letters.sort_unstable();
    let mut bases: Vec<usize> = promoted.iter().map(|&k| base(game, k)).collect();
    bases.sort_unstable();
    let why = if !matches!(game.board.layout, Layout::Grid(_)) {
        "its board is not a grid"
    } else if game.about.players.len() != 2 {
        "it is not a game of two players"
    } else if hand.is_empty() {
        "its pieces taken do not go into hand (`capture into hand`)"
    } else if promoted
        .iter()
        .any(|&k| base(game, base(game, k)) != base(game, k))
    {
        "one of its promoted kinds is made from another promoted kind"
    } else if bases.windows(2).any(|w| w[0] == w[1]) {
        "two of its promoted kinds are made from one kind"
    } else if letters.windows(2).any(|w| w[0] == w[1]) {
        "two of its unpromoted pieces share a letter"
    } else {
        return Ok(());
    };
    Err(format!("SFEN does not fit {}: {why}", game.about.name))
}

/// The kind a piece of `kind` is made from by promotion (itself, unpromoted).
fn base(game: &Game, kind: usize) -> usize {
    game.tables
        .hand_kinds
        .get(kind)
        .map_or(kind, |&k| k as usize)
}

/// Whether a position's text is SFEN rather than rulebook's own: SFEN fits the game and
/// its second word is one letter that names no player.
pub fn is_sfen(game: &Game, text: &str) -> bool {
    let second = text.split_whitespace().nth(1);
    sfen_fits(game).is_ok()
        && second.is_some_and(|w| w.chars().count() == 1 && game.player_by_name(w).is_none())
}

/// Reads SFEN into a state of the game and its move number (as [`Clocks::fullmove`]; the
/// halfmove clock 0), or says which field is wrong.
pub fn parse_sfen(game: &Arc<Game>, text: &str) -> Result<(State, Clocks), PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 3 && fields.len() != 4 {
        return Err(bad(
            "the SFEN",
            format!(
                "it has {} fields; expected 4 (board, player to move, pieces in hand, move \
                 number) or the first 3",
                fields.len()
            ),
        ));
    }
    sfen_fits(game).map_err(|why| bad("the SFEN", why))?;
    let mut setup = Setup::empty(game);
    parse_board(game, fields[0], &mut setup.cells)?;
    setup.to_move = match fields[1] {
        "b" => Player::FIRST,
        "w" => Player::SECOND,
        other => {
            return Err(bad(
                "the player to move",
                format!(
                    "`{other}` names no player: expected `b` ({}) or `w` ({})",
                    game.player_name(Player::FIRST),
                    game.player_name(Player::SECOND)
                ),
            ))
        }
    };
    let mut stock = vec![0u16; 2 * game.about.piece_kinds.len()];
    parse_hands(game, fields[2], &mut stock)?;
    setup.stock = Some(stock);
    let number = match fields.get(3) {
        Some(n) => (n.parse::<u32>().ok()).filter(|&n| n >= 1).ok_or_else(|| {
            bad(
                "the move number",
                format!("`{n}` is not a whole number from 1"),
            )
        })?,
        None => 1,
    };
    let clocks = Clocks {
        halfmove: 0,
        fullmove: number,
    };
    Ok((finish(game, setup)?, clocks))
}

/// The SFEN of a position whose move number was `start.fullmove` when read (1 at the
/// game's start), the moves played since counted on; or why SFEN cannot say it.
pub fn sfen_text(state: &State, start: Clocks) -> Result<String, PositionError> {
    let game = state.game();
    sfen_fits(game).map_err(|why| bad("the position", why))?;
    let setup = state.setup();
    let number = (start.fullmove).saturating_add(u32::try_from(state.ply()).unwrap_or(u32::MAX));
    let text = format!(
        "{} {} {} {number}",
        grid_text_by(game, &setup, |c| sfen_letter(game, c)),
        ['b', 'w'][setup.to_move.index().min(1)],
        hands_text(game, &setup)
    );
    match parse_sfen(game, &text) {
        Ok((back, _)) if back.setup() == setup => Ok(text),
        Ok(_) => Err(bad(
            "the position",
            "SFEN cannot say all of it (only the board, the player to move and the hands)",
        )),
        Err(e) => Err(e),
    }
}

/// A piece in SFEN: its letter, or for a promoted piece `+` and the letter of the kind it
/// is made from.
fn sfen_letter(game: &Game, cell: Cell) -> String {
    let kind = game.kind_of(cell);
    let owner = game.tables.owner[cell.index()];
    match base(game, kind) {
        k if k == kind => piece_letter(game, cell).to_string(),
        k => format!("+{}", piece_letter(game, game.cell(owner, k))),
    }
}

/// The hands: each player's kinds in hand, in declared order, a count before a letter
/// where more than one; `-` for none.
fn hands_text(game: &Game, setup: &Setup) -> String {
    let kinds = game.about.piece_kinds.len();
    let stock = setup.stock.clone().unwrap_or_default();
    let mut text = String::new();
    for p in [Player::FIRST, Player::SECOND] {
        for &k in &game.start.stocked {
            let n = stock.get(p.index() * kinds + k as usize).copied();
            match n.unwrap_or(0) {
                0 => continue,
                1 => {}
                n => text += &n.to_string(),
            }
            text.push(piece_letter(game, game.cell(p, k as usize)));
        }
    }
    match text.is_empty() {
        true => "-".into(),
        false => text,
    }
}

/// The unpromoted piece whose letter this is, or why there is none (at `at`).
fn unpromoted(game: &Game, letter: char, at: &str) -> Result<Cell, PositionError> {
    let is_base = |c: &Cell| base(game, game.kind_of(*c)) == game.kind_of(*c);
    if let Some(cell) =
        (game.piece_cells()).find(|c| is_base(c) && piece_letter(game, *c) == letter)
    {
        return Ok(cell);
    }
    let letters: String = (game.piece_cells())
        .filter(is_base)
        .map(|c| piece_letter(game, c))
        .collect();
    let why = match (game.piece_cells()).find(|&c| piece_letter(game, c) == letter) {
        Some(c) => {
            let promoted = &game.about.piece_kinds[game.kind_of(c)];
            let owner = game.tables.owner[c.index()];
            let from = piece_letter(game, game.cell(owner, base(game, game.kind_of(c))));
            format!(
                "`{letter}` is rulebook's letter of a {promoted}; SFEN writes a promoted piece \
                 as `+` and the letter it is promoted from (`+{from}`)"
            )
        }
        None => format!("`{letter}` is not a piece of this game (its pieces in SFEN: {letters})"),
    };
    Err(bad(at, why))
}

/// The promoted piece `+letter` stands for, or why none.
fn promoted(game: &Game, letter: Option<char>, at: &str) -> Result<Cell, PositionError> {
    let Some(letter) = letter.filter(char::is_ascii_alphabetic) else {
        return Err(bad(at, "`+` stands before no piece's letter"));
    };
    let cell = unpromoted(game, letter, at)?;
    let (from, owner) = (game.kind_of(cell), game.tables.owner[cell.index()]);
    match (0..game.about.piece_kinds.len()).find(|&k| k != from && base(game, k) == from) {
        Some(k) => Ok(game.cell(owner, k)),
        None => Err(bad(
            at,
            format!(
                "`+{letter}`: a {} is never promoted",
                game.about.piece_kinds[from]
            ),
        )),
    }
}

/// SFEN's board: ranks top to bottom joined by `/`, each from file `a`.
fn parse_board(game: &Game, text: &str, cells: &mut [Cell]) -> Result<(), PositionError> {
    let (w, h) = (game.board.width as usize, game.board.height as usize);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != h {
        let why = format!(
            "it has {} ranks (joined by `/`); the board has {h}",
            ranks.len()
        );
        return Err(bad("the board", why));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = h - 1 - i;
        let at = format!("rank {}", rank + 1);
        let mut file = 0usize;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            let cell = match c {
                '1'..='9' => {
                    let mut run = c.to_string();
                    while let Some(d) = chars.next_if(char::is_ascii_digit) {
                        run.push(d);
                    }
                    file = file.saturating_add(run.parse().unwrap_or(usize::MAX));
                    continue;
                }
                '+' => promoted(game, chars.next(), &at)?,
                _ => unpromoted(game, c, &at)?,
            };
            put_on_rank(game, cells, (rank, file), cell, &at)?;
            file = file.saturating_add(1);
        }
        if file != w {
            let why = format!("it has {file} points; the board is {w} wide");
            return Err(bad(at, why));
        }
    }
    Ok(())
}

/// SFEN's hands (`S2Pb3p`, or `-`) into `stock`, by player and kind.
fn parse_hands(game: &Game, field: &str, stock: &mut [u16]) -> Result<(), PositionError> {
    let at = "the pieces in hand";
    if field == "-" {
        return Ok(());
    }
    let kinds = game.about.piece_kinds.len();
    let (mut count, mut seen) = (String::new(), Vec::new());
    for c in field.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        if c == '+' {
            return Err(bad(at, "a piece in hand is never promoted (`+`)"));
        }
        let cell = unpromoted(game, c, at)?;
        let kind = game.kind_of(cell);
        if !game.start.stocked.contains(&(kind as u8)) {
            let why = format!(
                "`{c}`: a {} is never held in hand",
                game.about.piece_kinds[kind]
            );
            return Err(bad(at, why));
        }
        let n = match count.as_str() {
            "" => 1,
            n => (n.parse::<u16>().ok())
                .filter(|n| (2..=MAX_HAND).contains(n))
                .ok_or_else(|| {
                    bad(
                        at,
                        format!("`{n}{c}`: `{n}` is not a count of pieces (2 to {MAX_HAND})"),
                    )
                })?,
        };
        if seen.contains(&c) {
            return Err(bad(at, format!("`{c}` is given twice")));
        }
        seen.push(c);
        stock[game.tables.owner[cell.index()].index() * kinds + kind] = n;
        count.clear();
    }
    if !count.is_empty() {
        return Err(bad(at, format!("`{count}` at its end counts no piece")));
    }
    Ok(())
}
