//! Forsyth–Edwards Notation (FEN), the position text of the programs that speak UCI, for any game of two
//! players on a grid whose pieces all have distinct letters ([`fen_fits`]): six fields
//! joined by spaces, the last two optional together.
//!
//! 1. The board, as in rulebook's own text ([`super::position_text`]).
//! 2. The player to move ([`side_letter_of`]): `w` for the first player and `b` for the
//!    second, or, where the players' names begin with `w` and `b`, the initial (`b` for
//!    black when black moves first); read also by initial (`r` for red).
//! 3. Castling availability: `K` for the castle toward east of a `move castle` rule, `Q`
//!    toward west, upper case for the first player and lower case for the second; `-` for
//!    none. A letter says that the castling piece and the partner at the end of the rank
//!    that way stand unmoved on their start squares; without a letter of its own the
//!    partner there has moved, and without any letter of its player the castling piece
//!    has. Every other piece on its start square is unmoved, as in rulebook's text.
//! 4. The en passant square: the site a piece of the player who moved last has just
//!    passed, one step forward (for that player) from the site it left, with the piece one
//!    step beyond; it gives the last move (`last=FROM-TO`), or `-`.
//! 5. The halfmove clock: moves since the last capture or move of a piece that may be
//!    taken in passing ([`Clocks`]).
//! 6. The fullmove number, from 1, counted up after the second player's move.

use std::sync::Arc;

use rulebook_engine::{unmoved_at_start, Setup, State};
use rulebook_model::board::{reverse_direction, GRID_DIRECTIONS, RELATIVE_DIRECTIONS};
use rulebook_model::{Cell, Game, Layout, MoveKind, Player, Site, EMPTY};

use super::position::{bad, finish, grid_text, parse_grid, piece_letter, PositionError};

/// FEN's two counters, which rulebook's own position text does not keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Moves (plies) since the last capture or move of a piece that may be taken in
    /// passing (FEN's field 5).
    pub halfmove: u32,
    /// The number of the move, from 1, counted up after the second player's move (field 6).
    /// For SFEN, its move number, counted up after every move ([`super::parse_sfen`]).
    pub fullmove: u32,
}

impl Default for Clocks {
    /// The clocks of a game's start: `0 1`.
    fn default() -> Clocks {
        Clocks {
            halfmove: 0,
            fullmove: 1,
        }
    }
}

/// The castling sides FEN names: the letter of the first player's castle and the grid
/// direction it goes.
const SIDES: [(char, &str); 2] = [('K', "east"), ('Q', "west")];

/// Whether FEN fits the game: a grid, two players with distinct initials, a distinct
/// letter for every piece, and no pieces taken into hand (SFEN's part:
/// [`super::sfen_fits`]); else why not.
pub fn fen_fits(game: &Game) -> Result<(), String> {
    let initials: Vec<char> = (game.about.players.iter()).map(|p| initial(p)).collect();
    let mut letters: Vec<char> = game.piece_cells().map(|c| piece_letter(game, c)).collect();
    letters.sort_unstable();
    let why = if !matches!(game.board.layout, Layout::Grid(_)) {
        "its board is not a grid"
    } else if initials.len() != 2 || initials[0] == initials[1] {
        "it is not a game of two players with different initials"
    } else if letters.windows(2).any(|w| w[0] == w[1]) {
        "two of its pieces share a letter"
    } else if !game.tables.hand_kinds.is_empty() {
        "its pieces taken go into hand, which FEN cannot say (SFEN can)"
    } else {
        return Ok(());
    };
    Err(format!("FEN does not fit {}: {why}", game.about.name))
}

/// A player's initial, lower case.
fn initial(name: &str) -> char {
    name.chars().next().unwrap_or('?').to_ascii_lowercase()
}

/// FEN's letter for `player` to move: its initial where the players' initials are `w`
/// and `b`, otherwise `w` for the first player and `b` for the second (FEN's White and
/// Black: a first player called red is `w`).
pub fn side_letter_of(game: &Game, player: Player) -> char {
    let mut initials: Vec<char> = game.about.players.iter().map(|p| initial(p)).collect();
    initials.sort_unstable();
    match initials == ['b', 'w'] {
        true => initial(game.player_name(player)),
        false => ['w', 'b'][player.index()],
    }
}

/// Whether a position's text is FEN rather than rulebook's own (or SFEN,
/// [`super::is_sfen`]): on a grid, its second word is one letter that names no player.
pub fn is_fen(game: &Game, text: &str) -> bool {
    let second = text.split_whitespace().nth(1);
    matches!(game.board.layout, Layout::Grid(_))
        && !super::is_sfen(game, text)
        && second.is_some_and(|w| w.chars().count() == 1 && game.player_by_name(w).is_none())
}

/// Reads FEN into a state of the game and its clocks, or says which field is wrong.
pub fn parse_fen(game: &Arc<Game>, text: &str) -> Result<(State, Clocks), PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(bad(
            "the FEN",
            format!(
                "it has {} fields; expected 6 (board, player to move, castling, en passant \
                 square, halfmove clock, fullmove number) or the first 4",
                fields.len()
            ),
        ));
    }
    fen_fits(game).map_err(|why| bad("the FEN", why))?;
    let mut setup = Setup::empty(game);
    parse_grid(game, fields[0], &mut setup.cells)?;
    let letter = |p: Player| side_letter_of(game, p);
    let by_letter = (game.players_named()).find(|&(p, _)| fields[1].chars().eq([letter(p)]));
    let by_initial = (game.players_named()).find(|(_, name)| fields[1].chars().eq([initial(name)]));
    setup.to_move = (by_letter.or(by_initial)).map(|(p, _)| p).ok_or_else(|| {
        let letters: Vec<String> = (game.players_named())
            .map(|(p, name)| format!("`{}` ({name})", letter(p)))
            .collect();
        bad(
            "the player to move",
            format!(
                "`{}` names no player: expected {}",
                fields[1],
                letters.join(" or ")
            ),
        )
    })?;
    if game.facts.tracks_unmoved() {
        setup.unmoved = Some(castling(game, fields[2], &setup.cells)?);
    } else if fields[2] != "-" {
        return Err(bad(
            "the castling field",
            "this game has no castling: expected `-`",
        ));
    }
    setup.passing = en_passant(game, fields[3], &setup)?;
    let clocks = match fields[4..] {
        [halfmove, fullmove] => Clocks {
            halfmove: number(halfmove, "the halfmove clock", 0)?,
            fullmove: number(fullmove, "the fullmove number", 1)?,
        },
        _ => Clocks::default(),
    };
    if let Some(clock) = game.ends.clock {
        setup.clock = match u16::try_from(clocks.halfmove) {
            Ok(n) if u32::from(n) <= clock.moves => n,
            _ => {
                let most = clock.moves;
                let why = format!(
                    "{} is more than this game counts (at most {most})",
                    clocks.halfmove
                );
                return Err(bad("the halfmove clock", why));
            }
        };
    }
    Ok((finish(game, setup)?, clocks))
}

/// A count of a FEN field, at least `least`.
fn number(text: &str, at: &str, least: u32) -> Result<u32, PositionError> {
    (text.parse::<u32>().ok())
        .filter(|&n| n >= least)
        .ok_or_else(|| bad(at, format!("`{text}` is not a whole number from {least}")))
}

/// The grid direction named `name`.
fn direction(name: &str) -> u8 {
    GRID_DIRECTIONS
        .iter()
        .position(|d| d.0 == name)
        .unwrap_or(0) as u8
}

/// A castling of the game, as FEN's castling field names it.
#[derive(Clone, Copy)]
struct Castling {
    /// Whose.
    player: Player,
    /// The castling piece's start square, and the piece.
    site: Site,
    cell: Cell,
    /// The side of [`SIDES`] its rule goes.
    side: usize,
    /// The partner's start square at the end of the rank that way (`None`: none of the
    /// player's partners starts there).
    partner: Option<Site>,
}

/// Each castling of the game, from each start square of a piece a `move castle` rule moves.
fn castlings(game: &Game) -> Vec<Castling> {
    let mut found = Vec::new();
    for rule in &game.moves {
        let MoveKind::Castle {
            directions,
            partner,
        } = &rule.kind
        else {
            continue;
        };
        for &(site, cell) in &game.start.setup {
            let player = game.tables.owner[cell.index()];
            if rule.filter.kinds >> game.kind_of(cell) & 1 == 0 || player.index() > 1 {
                continue;
            }
            for (side, &(_, name)) in SIDES.iter().enumerate() {
                if !directions.contains(&direction(name)) {
                    continue;
                }
                let end = game.board.ray(site, direction(name)).last().copied();
                let rook = game.cell(player, usize::from(*partner));
                let partner = end.filter(|&e| game.start.setup.contains(&(e, rook)));
                found.push(Castling {
                    player,
                    site,
                    cell,
                    side,
                    partner,
                });
            }
        }
    }
    found
}

/// The letter of a player's castling to a side: upper case for the first player.
fn side_letter(player: Player, side: usize) -> char {
    match player.index() {
        0 => SIDES[side].0,
        _ => SIDES[side].0.to_ascii_lowercase(),
    }
}

/// The unmoved pieces that castling availability `field` gives (see the module's comment).
fn castling(game: &Game, field: &str, cells: &[Cell]) -> Result<Vec<u64>, PositionError> {
    let at = "the castling field";
    let all = castlings(game);
    let letters: Vec<char> = all.iter().map(|c| side_letter(c.player, c.side)).collect();
    let given: Vec<char> = field.chars().filter(|_| field != "-").collect();
    for (i, c) in given.iter().enumerate() {
        if !letters.contains(c) || given[..i].contains(c) {
            let known: String = SIDES
                .iter()
                .flat_map(|s| [s.0, s.0.to_ascii_lowercase()])
                .collect();
            let why = match letters.contains(c) {
                true => format!("`{c}` is given twice"),
                false if known.contains(*c) => format!("this game has no castling `{c}`"),
                false => format!("`{c}` is not a castling (`K`, `Q`, `k`, `q` or `-`)"),
            };
            return Err(bad(at, why));
        }
    }
    let mut unmoved = unmoved_at_start(game, cells);
    let mut clear = |s: Site| unmoved[s.index() / 64] &= !(1 << (s.index() % 64));
    let name = |s: Site| game.board.site_names[s.index()].clone();
    for &Castling {
        player,
        site,
        cell,
        side,
        partner,
    } in &all
    {
        let letter = side_letter(player, side);
        if !given.contains(&letter) {
            partner.into_iter().for_each(&mut clear);
            if !given
                .iter()
                .any(|&c| letters.contains(&c) && c.is_uppercase() == (player.index() == 0))
            {
                clear(site);
            }
            continue;
        }
        let Some(end) = partner else {
            return Err(bad(
                at,
                format!(
                    "`{letter}`: no partner starts at the end of the rank from {}",
                    name(site)
                ),
            ));
        };
        if cells[site.index()] != cell {
            return Err(bad(
                at,
                format!(
                    "`{letter}`: the castling piece is not on its start square {}",
                    name(site)
                ),
            ));
        }
        if cells[end.index()]
            != game
                .start
                .setup
                .iter()
                .find(|&&(s, _)| s == end)
                .map_or(EMPTY, |&(_, c)| c)
        {
            return Err(bad(
                at,
                format!(
                    "`{letter}`: the partner is not on its start square {}",
                    name(end)
                ),
            ));
        }
    }
    Ok(unmoved)
}

/// The last move an en passant square gives: the piece of the player who moved last one
/// step beyond it (forward, for that player), the square and the one before it empty.
fn en_passant(
    game: &Game,
    field: &str,
    setup: &Setup,
) -> Result<Option<(Site, Site)>, PositionError> {
    let at = "the en passant square";
    if field == "-" {
        return Ok(None);
    }
    if game.facts.passing_kinds == 0 {
        return Err(bad(
            at,
            "nothing is taken in passing in this game: expected `-`",
        ));
    }
    let site = (game.board.site_named(field))
        .ok_or_else(|| bad(at, format!("`{field}` is not a point of this board")))?;
    let last = match setup.to_move {
        Player::FIRST => Player::SECOND,
        _ => Player::FIRST,
    };
    let forward = RELATIVE_DIRECTIONS[0].1[0];
    let forward = match last.index() {
        0 => forward,
        _ => reverse_direction(forward),
    };
    let (from, to) = (
        game.board.step(site, reverse_direction(forward)),
        game.board.step(site, forward),
    );
    let cell = |s: Site| setup.cells.get(s.index()).copied().unwrap_or(EMPTY);
    let passer = cell(to) != EMPTY
        && game.tables.owner[cell(to).index()] == last
        && game.facts.passing_kinds >> game.kind_of(cell(to)) & 1 == 1;
    if to == Site::NONE
        || from == Site::NONE
        || !passer
        || cell(site) != EMPTY
        || cell(from) != EMPTY
    {
        return Err(bad(
            at,
            format!(
                "{field} is not behind a piece of {}'s that may be taken in passing and has just \
                 passed it (it, and the point before it, must be empty)",
                game.player_name(last)
            ),
        ));
    }
    Ok(Some((from, to)))
}

/// The FEN of a position with these clocks, if FEN can say it all (the unmoved pieces and
/// the last move among them); else why not.
pub fn fen_text(state: &State, clocks: Clocks) -> Result<String, PositionError> {
    let game = state.game();
    fen_fits(game).map_err(|why| bad("the position", why))?;
    let setup = state.setup();
    let unmoved = |s: Site| {
        (setup.unmoved.as_ref()).is_some_and(|u| u[s.index() / 64] >> (s.index() % 64) & 1 == 1)
    };
    let mut rights: Vec<char> = castlings(game)
        .into_iter()
        .filter(|c| {
            setup.cells[c.site.index()] == c.cell
                && unmoved(c.site)
                && (c.partner).is_some_and(|e| setup.cells[e.index()] != EMPTY && unmoved(e))
        })
        .map(|c| side_letter(c.player, c.side))
        .collect();
    rights.sort_by_key(|&c| {
        (
            c.is_lowercase(),
            SIDES.iter().position(|s| s.0 == c.to_ascii_uppercase()),
        )
    });
    rights.dedup();
    let rights: String = match rights.is_empty() {
        true => "-".into(),
        false => rights.into_iter().collect(),
    };
    let passed = setup.passing.and_then(|(from, to)| {
        let dir =
            (0..GRID_DIRECTIONS.len() as u8).find(|&d| game.board.ray(to, d).contains(&from))?;
        Some(game.board.site_names[game.board.step(to, dir).index()].clone())
    });
    let text = format!(
        "{} {} {rights} {} {} {}",
        grid_text(game, &setup),
        side_letter_of(game, setup.to_move),
        passed.as_deref().unwrap_or("-"),
        clocks.halfmove,
        clocks.fullmove
    );
    match parse_fen(game, &text) {
        Ok((back, _)) if back.setup() == as_fen_keeps(game, setup, &rights) => Ok(text),
        Ok(_) => Err(bad(
            "the position",
            "FEN cannot say which of its pieces are unmoved or its last move",
        )),
        Err(e) => Err(e),
    }
}

/// `setup` as a FEN with the castling field `rights` keeps it: without the marks of the
/// kings and rooks unmoved that no right written names (a king unmoved whose rooks have
/// moved), which FEN cannot say and which change no move.
fn as_fen_keeps(game: &Game, mut setup: Setup, rights: &str) -> Setup {
    let Some(unmoved) = setup.unmoved.as_mut() else {
        return setup;
    };
    let mut clear = |s: Site| unmoved[s.index() / 64] &= !(1 << (s.index() % 64));
    for c in castlings(game) {
        if rights.contains(side_letter(c.player, c.side)) {
            continue;
        }
        c.partner.into_iter().for_each(&mut clear);
        let first = c.player.index() == 0;
        if !rights
            .chars()
            .any(|r| r != '-' && r.is_uppercase() == first)
        {
            clear(c.site);
        }
    }
    setup
}

/// The clocks after the moves played in `state` from a position read with `start`: the
/// halfmove clock counts the plies since the last that took a piece or moved a piece that
/// may be taken in passing (`start`'s count going on if none did); the fullmove number
/// goes up after each move of the second player. In a game with `moves without`, the
/// halfmove clock is the engine's count of moves without progress instead.
pub fn clocks_after(start: Clocks, state: &State) -> Clocks {
    let game = state.game();
    let mut before = state.clone();
    let (mut plies, mut since) = (0u32, None);
    loop {
        let after = [Player::FIRST, Player::SECOND].map(|p| before.pieces(p));
        let Some(m) = before.undo() else {
            break;
        };
        let other = usize::from(before.to_move() == Player::FIRST);
        let cell = (m.from() != Site::NONE).then(|| before.cell(m.from()));
        let passer = cell
            .is_some_and(|c| c != EMPTY && game.facts.passing_kinds >> game.kind_of(c) & 1 == 1);
        let took = before.pieces([Player::FIRST, Player::SECOND][other]) != after[other];
        if since.is_none() && (passer || took) {
            since = Some(plies);
        }
        plies += 1;
    }
    let first = before.to_move().index() as u32;
    let counted = game.ends.clock.map(|_| u32::from(state.setup().clock));
    Clocks {
        halfmove: counted.unwrap_or(since.unwrap_or(start.halfmove.saturating_add(plies))),
        fullmove: start.fullmove.saturating_add((plies + first) / 2),
    }
}
