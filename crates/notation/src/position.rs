//! Positions as text: a board field, the player to move, and for tile games the words of
//! their state (passes, the swap, the last placer, hands that differ from the start).
//!
//! - A grid: its ranks top to bottom joined by `/`, each rank's points from file `a` as a
//!   piece's letter ([`piece_letter`]) or a number for a run of empty points (`.` is one
//!   empty point too): `8/8/8/8/8/8/8/BBBBWWWW black`.
//! - A board of pits: each player's row in the order of the `players` statement, joined by
//!   `/`; a row is its pits' stones from pit 1, joined by `,`, then `|` and the store's;
//!   a marked site adds `@` and the marking player: `4,4,4,4,4,4|0/4,4,4,4,4,4|0 south`.
//! - Other boards (hex tile boards): the occupied cells joined by `,`, each as in the move
//!   text (`d4:BYYBBY`; lower case for the second player's tile; a piece's letter on a
//!   board without tiles), or `-` for none: `d4:BYYBBY,e5:yybbyy yellow passes=1`.
//!
//! Parsing builds a [`Setup`], holds it to what the rules allow (`limits`: counts of pieces
//! against the start, marks per player; each word after the player to move given once),
//! and lets [`State::from_setup`] check it against the game's tables.

use std::fmt;
use std::sync::Arc;

use rulebook_engine::{
    unmoved_at_start, usual_stock, Setup, SetupDice, SetupError, SetupPart, State,
};
use rulebook_model::{
    Cell, Game, Layout, MoveKind, Player, Site, EMPTY, MAX_HAND, MAX_STACK, NO_SITE,
};

use super::limits;

/// Why a text is not a position of the game: the part of the text and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The part of the text at fault (`rank 3`, `south's row`, `the player to move`).
    pub at: String,
    /// What is wrong with it, in words.
    pub reason: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text: {}: {}", self.at, self.reason)
    }
}

impl std::error::Error for PositionError {}

/// An error at `at` for `reason`.
pub(crate) fn bad(at: impl Into<String>, reason: impl Into<String>) -> PositionError {
    PositionError {
        at: at.into(),
        reason: reason.into(),
    }
}

/// Puts `cell` on the point of file `file` (from 0) of rank `rank` (from 0) of a grid's
/// `cells`, as a rank of a position's text (`at`) reads it: a file past the board's width
/// is left for the caller's count of points to refuse; a point the board leaves out is
/// refused here.
pub(crate) fn put_on_rank(
    game: &Game,
    cells: &mut [Cell],
    (rank, file): (usize, usize),
    cell: Cell,
    at: &str,
) -> Result<(), PositionError> {
    let w = game.board.width as usize;
    if file < w {
        let site = Site::at(rank * w + file);
        if game.board.is_removed(site) {
            let name = &game.board.site_names[site.index()];
            return Err(bad(at, format!("{name} is not a point of this board")));
        }
        cells[site.index()] = cell;
    }
    Ok(())
}

/// The letter of a piece in a position's text (and in drawn boards): `.` for an empty
/// point; otherwise, with one kind of piece and no letter given it (`as`), the owner's
/// initial (upper case); else the kind's letter (`as`) or initial, upper case for the first
/// player and lower case for the others.
pub fn piece_letter(game: &Game, cell: Cell) -> char {
    if cell == EMPTY {
        return '.';
    }
    let owner = (game.tables.owner[cell.index()]).index();
    let kind = game.kind_of(cell);
    let given = game.about.piece_letters.get(kind).copied().flatten();
    if game.about.piece_kinds.len() == 1 && given.is_none() {
        let initial = game.about.players[owner].chars().next().unwrap_or('?');
        initial.to_ascii_uppercase()
    } else {
        let c = kind_letter(game, kind);
        if owner == 0 {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    }
}

/// The letter of a kind of piece, in upper case: the one `as` gives it, or its initial.
pub fn kind_letter(game: &Game, kind: usize) -> char {
    let given = game.about.piece_letters.get(kind).copied().flatten();
    let initial = || game.about.piece_kinds[kind].chars().next().unwrap_or('?');
    given.unwrap_or_else(initial).to_ascii_uppercase()
}

/// The text of a position, if [`parse_position`] can read it back: not in a game where
/// two pieces share a letter (the error says which).
pub fn readable_position_text(state: &State) -> Result<String, PositionError> {
    let text = position_text(state);
    parse_position(state.game(), &text).map(|_| text)
}

/// The text of a position (without its history), which [`parse_position`] reads back
/// into an equal state.
pub fn position_text(state: &State) -> String {
    let game = state.game();
    let setup = state.setup();
    let board = match game.board.layout {
        Layout::Grid(_) => grid_text(game, &setup),
        Layout::Mancala(_) => pits_text(game, &setup),
        Layout::Hex(_) => cells_text(game, &setup),
    };
    let mut words = vec![board, game.player_name(setup.to_move).to_string()];
    words.extend(tile_words(game, &setup));
    words.extend(stock_words(game, &setup));
    words.extend(unmoved_word(game, &setup));
    words.extend(stacks_word(game, &setup));
    words.extend(setup.passing.map(|(from, to)| {
        let names = &game.board.site_names;
        format!("last={}-{}", names[from.index()], names[to.index()])
    }));
    words.extend(setup.played.map(|(origin, last)| {
        let name = |s: Site| {
            game.board
                .site_names
                .get(s.index())
                .map_or("", String::as_str)
        };
        format!("played={}-{}", name(origin), name(last))
    }));
    if game.ends.clock.is_some() && setup.clock > 0 {
        words.push(format!("clock={}", setup.clock));
    }
    if let (SetupDice::Made(outcome, left), Some(dice)) = (&setup.thrown, dice(game)) {
        words.push(format!("thrown={}", crate::throw_text(dice, *outcome)));
        if dice.one_by_one_used() && dice.parts[*outcome] != *left {
            words.push(format!("dice={}", dice_text(left)));
        }
    }
    if let (SetupDice::Opening, Some(_)) = (&setup.thrown, dice(game)) {
        words.push("opening".to_string());
    }
    if !setup.walls.is_empty() {
        let sides = crate::side_rule(game).is_some();
        let name = |&w: &usize| match sides {
            true => crate::side_name(game, w),
            false => crate::wall_name(game, w),
        };
        let names: Vec<String> = setup.walls.iter().map(name).collect();
        let word = if sides { "sides" } else { "walls" };
        words.push(format!("{word}={}", names.join(",")));
    }
    words.join(" ")
}

/// The dice of a game of chance.
fn dice(game: &Game) -> Option<&rulebook_model::Dice> {
    match &game.moves[usize::from(game.facts.roll_rule?)].kind {
        rulebook_model::MoveKind::Roll(dice) => Some(dice),
        _ => None,
    }
}

/// The dice left of a throw used one by one, as the word `dice=...` writes them (`3,5`;
/// `-` for none).
fn dice_text(left: &[u8]) -> String {
    match left.is_empty() {
        true => "-".to_string(),
        false => (left.iter().map(u8::to_string).collect::<Vec<_>>()).join(","),
    }
}

/// Reads the word `dice=D,D...` (dice used one by one, some of the throw's dice used): the
/// dice left, which the throw (`thrown=`, written before it) must hold.
fn parse_dice_left(
    word: &str,
    n: &str,
    dice: &rulebook_model::Dice,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let outcome = match &setup.thrown {
        SetupDice::Made(outcome, _) if dice.one_by_one_used() => *outcome,
        _ => {
            return Err(bad(
                format!("`{word}`"),
                "the dice left follow a throw of dice used one by one (`thrown=3-5 dice=5`)"
                    .to_string(),
            ))
        }
    };
    let mut thrown = dice.parts[outcome].clone();
    let mut left = Vec::new();
    for die in n.split(',').filter(|d| *d != "-") {
        let at = die
            .parse::<u8>()
            .ok()
            .and_then(|d| thrown.iter().position(|&t| t == d));
        let Some(at) = at else {
            return Err(bad(
                format!("`{word}`"),
                format!("`{die}` is not a die left of the throw"),
            ));
        };
        left.push(thrown.remove(at));
    }
    setup.thrown = SetupDice::Made(outcome, left);
    Ok(())
}

/// The throw of a word `thrown=N` (a game of chance, after the throw of this turn): the
/// index of its value among the dice's throws (`thrown=3-5`: dice used one by one).
fn parse_thrown(word: &str, n: &str, dice: &rulebook_model::Dice) -> Result<usize, PositionError> {
    let values: Vec<String> = (0..dice.outcomes.len())
        .map(|i| crate::throw_text(dice, i))
        .collect();
    match values.iter().position(|v| v == n) {
        Some(i) => Ok(i),
        None => Err(bad(
            format!("`{word}`"),
            format!("`{n}` is not a throw of the dice ({})", values.join(", ")),
        )),
    }
}

/// The word `unmoved=SITE,SITE...` (or `unmoved=-`) of a game with `by unmoved`, when the
/// pieces unmoved are not the usual ones ([`unmoved_at_start`]).
fn unmoved_word(game: &Game, setup: &Setup) -> Option<String> {
    let unmoved = setup.unmoved.as_ref()?;
    if *unmoved == unmoved_at_start(game, &setup.cells) {
        return None;
    }
    let names: Vec<&str> = (Site::all(game.board.sites()))
        .filter(|s| unmoved[s.index() / 64] >> (s.index() % 64) & 1 == 1)
        .map(|s| game.board.site_names[s.index()].as_str())
        .collect();
    Some(match names.is_empty() {
        true => "unmoved=-".to_string(),
        false => format!("unmoved={}", names.join(",")),
    })
}

/// Reads a word of a race into `setup`, `thrown=N` (a game of chance) or `stacks=...` (a
/// game with stacks); whether `word` was one.
fn race_word(game: &Game, word: &str, setup: &mut Setup) -> Result<bool, PositionError> {
    if let (Some(n), Some(dice)) = (word.strip_prefix("thrown="), dice(game)) {
        if setup.thrown == SetupDice::Opening {
            return Err(bad(
                format!("`{word}`"),
                "no throw is made before the opening roll (`opening`)".to_string(),
            ));
        }
        let outcome = parse_thrown(word, n, dice)?;
        let left = dice.parts.get(outcome).cloned().unwrap_or_default();
        setup.thrown = SetupDice::Made(outcome, left);
        return Ok(true);
    }
    if let (true, Some(dice)) = (word == "opening", dice(game)) {
        if dice.opening.is_none() || setup.thrown != SetupDice::Due {
            return Err(bad(
                "`opening`".to_string(),
                "the opening roll is to come only in a game whose dice have one \
                 (`opening roll one die each`), before any throw"
                    .to_string(),
            ));
        }
        setup.thrown = SetupDice::Opening;
        return Ok(true);
    }
    if let (Some(n), Some(dice)) = (word.strip_prefix("dice="), dice(game)) {
        parse_dice_left(word, n, dice, setup)?;
        return Ok(true);
    }
    if let (Some(stacks), true) = (word.strip_prefix("stacks="), game.start.stacking != 0) {
        parse_stacks(game, word, stacks, setup)?;
        return Ok(true);
    }
    Ok(false)
}

/// The word `stacks=SITE:N,SITE:N...` of a game with stacks: the sites holding more than
/// one piece, with how many, when some do.
fn stacks_word(game: &Game, setup: &Setup) -> Option<String> {
    if game.start.stacking == 0 {
        return None;
    }
    let stacks: Vec<String> = (setup.counts.iter().enumerate())
        .filter(|(_, &n)| n > 1)
        .map(|(s, n)| format!("{}:{n}", game.board.site_names[s]))
        .collect();
    (!stacks.is_empty()).then(|| format!("stacks={}", stacks.join(",")))
}

/// The heights of a word `stacks=SITE:N,...` (a game with stacks): `N` pieces on each
/// `SITE` named, which must hold a piece of a kind that stacks; one on every other site
/// holding a piece.
fn parse_stacks(
    game: &Game,
    word: &str,
    stacks: &str,
    setup: &mut Setup,
) -> Result<(), PositionError> {
    let at = format!("`{word}`");
    let mut heights: Vec<u16> = (setup.cells.iter())
        .map(|&c| u16::from(c != EMPTY))
        .collect();
    for item in stacks.split(',') {
        let (name, n) = item
            .split_once(':')
            .ok_or_else(|| bad(at.clone(), format!("`{item}` is not SITE:COUNT")))?;
        let site = (game.board.site_named(name))
            .ok_or_else(|| bad(at.clone(), format!("`{name}` is not a point of this board")))?;
        let cell = setup.cells[site.index()];
        let stacks = cell != EMPTY && game.start.stacking >> game.kind_of(cell) & 1 == 1;
        let count = n
            .parse::<u16>()
            .ok()
            .filter(|n| (2..=MAX_STACK).contains(n));
        match (stacks, count) {
            (false, _) => {
                return Err(bad(
                    at,
                    format!("{name} holds no piece of a kind that stacks"),
                ))
            }
            (true, None) => {
                return Err(bad(
                    at,
                    format!("`{n}` is not a height of a stack (2 to {MAX_STACK})"),
                ))
            }
            (true, Some(count)) => heights[site.index()] = count,
        }
    }
    setup.counts = heights;
    Ok(())
}

/// The move of a word `last=FROM-TO` (a game with `in passing`): a piece of the player
/// who moved last, of a kind taken in passing, stands on `TO` and passed over a site on
/// its line from `FROM`, which is empty.
fn parse_passing(
    game: &Game,
    word: &str,
    last: &str,
    setup: &Setup,
) -> Result<(Site, Site), PositionError> {
    let at = format!("`{word}`");
    let site = |name: &str| {
        (game.board.site_named(name))
            .ok_or_else(|| bad(at.clone(), format!("`{name}` is not a point of this board")))
    };
    let (from, to) = last
        .split_once('-')
        .ok_or_else(|| bad(at.clone(), "expected `last=FROM-TO`"))?;
    let (from, to) = (site(from)?, site(to)?);
    let cell = setup.cells[to.index()];
    let players = game.about.players.len();
    let last_mover = Player::of_value(((setup.to_move.index() + players - 1) % players) as i64);
    let passer = cell != EMPTY
        && game.tables.owner[cell.index()] == last_mover
        && game.facts.passing_kinds >> game.kind_of(cell) & 1 == 1;
    if !passer || setup.cells[from.index()] != EMPTY || !on_one_line(game, from, to) {
        return Err(bad(
            at,
            format!(
                "no piece of {}'s that may be taken in passing went so",
                game.player_name(last_mover)
            ),
        ));
    }
    Ok((from, to))
}

/// The sites of a word `played=ORIGIN-LAST` (a game whose rules read `last` or `origin`):
/// where the latest move started and where it landed, either left out for no site
/// (`played=-c3` after a placement).
fn parse_played(game: &Game, word: &str, sites: &str) -> Result<(Site, Site), PositionError> {
    let at = format!("`{word}`");
    let site = |name: &str| match name {
        "" => Ok(NO_SITE),
        _ => (game.board.site_named(name))
            .ok_or_else(|| bad(at.clone(), format!("`{name}` is not a point of this board"))),
    };
    let (origin, last) = sites
        .split_once('-')
        .ok_or_else(|| bad(at.clone(), "expected `played=ORIGIN-LAST`"))?;
    Ok((site(origin)?, site(last)?))
}

/// Whether `to` lies along one of the board's directions from `from`, beyond its
/// neighbour.
fn on_one_line(game: &Game, from: Site, to: Site) -> bool {
    (0..game.board.directions() as u8).any(|dir| {
        let ray = game.board.ray(from, dir);
        ray.iter().position(|&s| s == to).is_some_and(|k| k > 0)
    })
}

/// The count of a word `clock=N`: the moves in a row without progress, at most `most`
/// (the count that ends the game).
/// The walls of a word `walls=e3h,c4v` (in a game whose rules lay walls in grooves), by
/// number, in the order written.
fn parse_walls(game: &Game, word: &str, names: &str) -> Result<Vec<usize>, PositionError> {
    names
        .split(',')
        .map(|name| {
            crate::wall_number(game, name).ok_or_else(|| {
                bad(
                    format!("`{word}`"),
                    format!("`{name}` names no wall of this board's grooves (like `e3h`, `e3v`)"),
                )
            })
        })
        .collect()
}

/// The lines of a word `sides=a1s,b2w` (in a game whose rules draw lines on the sides of
/// cells), by number, in the order written.
fn parse_sides(game: &Game, word: &str, names: &str) -> Result<Vec<usize>, PositionError> {
    names
        .split(',')
        .map(|name| {
            crate::side_number(game, name).ok_or_else(|| {
                bad(
                    format!("`{word}`"),
                    format!("`{name}` names no side of this board's cells (like `a1s`, `b2w`)"),
                )
            })
        })
        .collect()
}

fn parse_clock(word: &str, n: &str, most: u32) -> Result<u16, PositionError> {
    match n.parse::<u16>() {
        Ok(n) if u32::from(n) <= most => Ok(n),
        _ => Err(bad(
            format!("`{word}`"),
            format!("`{n}` is not a count of moves without progress (0 to {most})"),
        )),
    }
}

/// The sites of a word `unmoved=SITE,SITE...` (`-` for none): each must hold a piece of a
/// kind that a rule asks to be unmoved.
fn parse_unmoved(
    game: &Game,
    word: &str,
    sites: &str,
    cells: &[Cell],
) -> Result<Vec<u64>, PositionError> {
    let at = format!("`{word}`");
    let mut unmoved = vec![0u64; game.board.sites().div_ceil(64)];
    for name in sites.split(',').filter(|&n| n != "-") {
        let site = (game.board.site_named(name))
            .ok_or_else(|| bad(at.clone(), format!("`{name}` is not a point of this board")))?;
        if cells[site.index()] == EMPTY {
            return Err(bad(
                at,
                format!("{name} is empty, so nothing stands there unmoved"),
            ));
        }
        let kind = game.kind_of(cells[site.index()]);
        if game.facts.unmoved_kinds >> kind & 1 == 0 {
            let what = &game.about.piece_kinds[kind];
            return Err(bad(
                at,
                format!("{name} holds a {what}, and no rule asks whether a {what} has moved"),
            ));
        }
        unmoved[site.index() / 64] |= 1 << (site.index() % 64);
    }
    Ok(unmoved)
}

/// The words of the pieces in hand, `hand=PLAYER:N` (with several kinds placed from a
/// stock, one count for each, in `piece` order: `hand=PLAYER:N,N`), for every hand that is
/// not the usual one ([`usual_stock`]).
fn stock_words(game: &Game, setup: &Setup) -> Vec<String> {
    let Some(stock) = &setup.stock else {
        return Vec::new();
    };
    let usual = usual_stock(game, &setup.cells);
    let kinds = game.about.piece_kinds.len();
    Player::all(game.about.players.len())
        .filter(|p| {
            let i = p.index() * kinds;
            stock[i..][..kinds] != usual[i..][..kinds]
        })
        .map(|p| {
            let counts: Vec<String> = (game.start.stocked.iter())
                .map(|&k| stock[p.index() * kinds + k as usize].to_string())
                .collect();
            format!("hand={}:{}", game.player_name(p), counts.join(","))
        })
        .collect()
}

/// A word `hand=PLAYER:N,...` of a game with a counted stock, into `stock` (the usual
/// hands, changed for that player).
fn parse_stock_word(game: &Game, word: &str, stock: &mut [u16]) -> Result<(), PositionError> {
    let at = format!("`{word}`");
    let expected = match game.start.stocked.len() {
        1 => "expected `hand=PLAYER:N`".to_string(),
        n => format!("expected `hand=PLAYER:N,N...` with {n} counts, one per kind in hand"),
    };
    let (player, counts) = (word.strip_prefix("hand="))
        .and_then(|rest| rest.split_once(':'))
        .ok_or_else(|| bad(at.clone(), expected.clone()))?;
    let p = player_named(game, player, &at)?.index();
    let counts: Vec<&str> = counts.split(',').collect();
    if counts.len() != game.start.stocked.len() {
        return Err(bad(at, expected));
    }
    let kinds = game.about.piece_kinds.len();
    for (&k, n) in game.start.stocked.iter().zip(counts) {
        stock[p * kinds + k as usize] = n
            .parse::<u16>()
            .ok()
            .filter(|&n| n <= MAX_HAND)
            .ok_or_else(|| {
                bad(
                    at.clone(),
                    format!("`{n}` is not a number of pieces in hand (0 to {MAX_HAND})"),
                )
            })?;
    }
    Ok(())
}

/// Ranks top to bottom, runs of empty points as numbers.
pub(crate) fn grid_text(game: &Game, setup: &Setup) -> String {
    grid_text_by(game, setup, |c| piece_letter(game, c).to_string())
}

/// Ranks top to bottom, runs of empty points as numbers, each piece as `letter` writes it.
pub(crate) fn grid_text_by(game: &Game, setup: &Setup, letter: impl Fn(Cell) -> String) -> String {
    let (w, h) = (game.board.width as usize, game.board.height as usize);
    let ranks: Vec<String> = (0..h)
        .rev()
        .map(|r| {
            let mut rank = String::new();
            let mut empty = 0;
            for &cell in &setup.cells[r * w..(r + 1) * w] {
                if cell == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    rank += &empty.to_string();
                    empty = 0;
                }
                rank += &letter(cell);
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            rank
        })
        .collect();
    ranks.join("/")
}

/// Each row's pits from pit 1, then `|` and the store; marks as `@player`.
fn pits_text(game: &Game, setup: &Setup) -> String {
    let b = &game.board;
    let site = |s: Site| {
        let count = setup.counts.get(s.index()).copied().unwrap_or(0);
        match setup.marks.get(s.index()).copied().unwrap_or(0) {
            0 => count.to_string(),
            m => format!("{count}@{}", game.about.players[m as usize - 1]),
        }
    };
    let rows: Vec<String> = Player::all(game.seats())
        .map(|p| {
            let pits: Vec<String> = (1..=b.pits()).map(|k| site(b.pit(p, k))).collect();
            format!("{}|{}", pits.join(","), site(b.store(p)))
        })
        .collect();
    rows.join("/")
}

/// The occupied cells as `cell:tile` (or `cell:letter`), or `-`.
fn cells_text(game: &Game, setup: &Setup) -> String {
    let cells: Vec<String> = (setup.cells.iter().enumerate())
        .filter(|(_, &c)| c != EMPTY)
        .map(|(s, &c)| format!("{}:{}", game.board.site_names[s], cell_word(game, c)))
        .collect();
    match cells.is_empty() {
        true => "-".into(),
        false => cells.join(","),
    }
}

/// A piece on a cell of a list: its tile pattern (lower case for the second player's), or
/// its letter.
fn cell_word(game: &Game, cell: Cell) -> String {
    match &game.tiles {
        Some(tiles) => {
            let name = tiles.pattern_name(game.kind_of(cell));
            match game.tables.owner[cell.index()] {
                Player::FIRST => name,
                _ => name.to_lowercase(),
            }
        }
        None => piece_letter(game, cell).to_string(),
    }
}

/// The words of a game's state after the player to move: `passes=N`, `swapped` (in any
/// game with the swap), and in tile games `last=P` and `hand=P:...` for every hand that is not the starting hand less the player's tiles on the board.
fn tile_words(game: &Game, setup: &Setup) -> Vec<String> {
    let mut words = Vec::new();
    if setup.passes > 0 {
        words.push(format!("passes={}", setup.passes));
    }
    if setup.swapped {
        words.push("swapped".into());
    }
    let Some(tiles) = &game.tiles else {
        return words;
    };
    if let Some(p) = setup.last_placer {
        words.push(format!("last={}", game.player_name(p)));
    }
    let hands = setup.hands.clone().unwrap_or_default();
    let start = starting_hands(game, &setup.cells);
    for (p, (&hand, &usual)) in hands.iter().zip(&start).enumerate() {
        if hand == usual {
            continue;
        }
        let kinds: Vec<String> = (0..64)
            .filter(|k| hand & (1u64 << k) != 0)
            .map(|k| tiles.pattern_name(k))
            .collect();
        let list = match kinds.is_empty() {
            true => "-".into(),
            false => kinds.join(","),
        };
        words.push(format!("hand={}:{list}", game.about.players[p]));
    }
    words
}

/// Each player's starting hand less the kinds of their tiles on the board.
pub(crate) fn starting_hands(game: &Game, cells: &[Cell]) -> Vec<u64> {
    let mut hands = game
        .tiles
        .as_ref()
        .map_or_else(Vec::new, |t| t.hands.clone());
    hands.resize(game.about.players.len(), 0);
    for &cell in cells.iter().filter(|&&c| c != EMPTY) {
        hands[(game.tables.owner[cell.index()]).index()] &= !(1u64 << game.kind_of(cell));
    }
    hands
}

/// Reads a position's text (as [`position_text`] writes it, or FEN in a game it fits:
/// [`super::parse_fen`], or SFEN in a game it fits: [`super::parse_sfen`]) into a state of
/// the game, or says which part is wrong.
pub fn parse_position(game: &Arc<Game>, text: &str) -> Result<State, PositionError> {
    if super::is_sfen(game, text) {
        return super::parse_sfen(game, text).map(|(state, _)| state);
    }
    if super::is_fen(game, text) {
        return super::parse_fen(game, text).map(|(state, _)| state);
    }
    let mut words = text.split_whitespace();
    let board = words.next().ok_or_else(|| {
        bad(
            "the text",
            "it is empty; expected a board and a player to move",
        )
    })?;
    let mut setup = Setup::empty(game);
    match game.board.layout {
        Layout::Grid(_) => parse_grid(game, board, &mut setup.cells)?,
        Layout::Mancala(_) => parse_pits(game, board, &mut setup)?,
        Layout::Hex(_) => parse_cells(game, board, &mut setup.cells)?,
    }
    let mover = words
        .next()
        .ok_or_else(|| bad("the player to move", "it is missing after the board"))?;
    setup.to_move = player_named(game, mover, "the player to move")?;
    // The hands given, by player; the others are as at the start.
    let mut hands = vec![None; game.about.players.len()];
    let mut stock = usual_stock(game, &setup.cells);
    let mut given: Vec<&str> = Vec::new();
    for word in words {
        once(&mut given, word)?;
        if let (Some(sites), true) = (word.strip_prefix("unmoved="), game.facts.tracks_unmoved()) {
            setup.unmoved = Some(parse_unmoved(game, word, sites, &setup.cells)?);
            continue;
        }
        if let (Some(last), true) = (word.strip_prefix("last="), game.facts.passing_kinds != 0) {
            setup.passing = Some(parse_passing(game, word, last, &setup)?);
            continue;
        }
        if let (Some(sites), true) = (word.strip_prefix("played="), game.facts.keeps_last) {
            setup.played = Some(parse_played(game, word, sites)?);
            continue;
        }
        if let (Some(n), Some(clock)) = (word.strip_prefix("clock="), game.ends.clock) {
            setup.clock = parse_clock(word, n, clock.moves)?;
            continue;
        }
        if race_word(game, word, &mut setup)? {
            continue;
        }
        if let Some(names) = word.strip_prefix("walls=") {
            setup.walls = parse_walls(game, word, names)?;
            continue;
        }
        if let Some(names) = word.strip_prefix("sides=") {
            setup.walls = parse_sides(game, word, names)?;
            continue;
        }
        match word.starts_with("hand=") && !game.start.stock.is_empty() {
            true => parse_stock_word(game, word, &mut stock)?,
            false => parse_tile_word(game, word, &mut setup, &mut hands)?,
        }
    }
    if !game.start.stock.is_empty() {
        setup.stock = Some(stock);
    }
    if hands.iter().any(Option::is_some) {
        let start = starting_hands(game, &setup.cells);
        setup.hands = Some(
            hands
                .iter()
                .zip(start)
                .map(|(h, s)| h.unwrap_or(s))
                .collect(),
        );
    }
    finish(game, setup)
}

/// The state of a setup read from text, held to what the rules allow (`limits`) and to
/// the game's tables.
pub(crate) fn finish(game: &Arc<Game>, setup: Setup) -> Result<State, PositionError> {
    limits::check(game, &setup)?;
    State::from_setup(Arc::clone(game), setup).map_err(|e| setup_error(game, e))
}

/// What a word after the player to move sets, which may be set once: the word itself
/// (`swapped`), the name before its `=` (`passes`, `last`), or for a hand its player's
/// (`hand=blue`).
fn word_key(word: &str) -> &str {
    match word.split_once('=') {
        Some(("hand", rest)) => {
            let player = rest.split_once(':').map_or(rest, |(p, _)| p);
            &word[.."hand=".len() + player.len()]
        }
        Some((key, _)) => key,
        None => word,
    }
}

/// Refuses a word after the player to move that sets what an earlier one of `given`
/// set (`swapped swapped`, `passes=1 passes=2`, two hands of one player); adds it to
/// `given`.
fn once<'a>(given: &mut Vec<&'a str>, word: &'a str) -> Result<(), PositionError> {
    if let Some(earlier) = given.iter().find(|&&w| word_key(w) == word_key(word)) {
        let reason = match *earlier == word {
            true => "it is given twice".to_string(),
            false => format!("it follows `{earlier}`, which sets the same"),
        };
        return Err(bad(
            format!("`{word}`"),
            format!("{reason}; each word after the player to move may be given once"),
        ));
    }
    given.push(word);
    Ok(())
}

/// The index of a player by name.
fn player_named(game: &Game, name: &str, at: &str) -> Result<Player, PositionError> {
    game.player_by_name(name).ok_or_else(|| {
        bad(
            at,
            format!(
                "`{name}` is not a player of this game (its players: {})",
                game.about.players.join(", ")
            ),
        )
    })
}

/// The pieces of the game by letter; a letter shared by several pieces reads as none.
fn piece_by_letter(game: &Game, letter: char) -> Result<Cell, String> {
    let found: Vec<Cell> = (game.piece_cells())
        .filter(|&c| piece_letter(game, c) == letter)
        .collect();
    match found[..] {
        [cell] => Ok(cell),
        [] => {
            let letters: String = (game.piece_cells())
                .map(|c| piece_letter(game, c))
                .collect();
            Err(format!(
                "`{letter}` is not a piece of this game (its pieces: {letters}; a number is a \
                 run of empty points)"
            ))
        }
        _ => Err(format!(
            "`{letter}` stands for several pieces of this game, so its positions cannot be \
             written as text"
        )),
    }
}

/// A grid's ranks, top to bottom.
pub(crate) fn parse_grid(game: &Game, text: &str, cells: &mut [Cell]) -> Result<(), PositionError> {
    let (w, h) = (game.board.width as usize, game.board.height as usize);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != h {
        return Err(bad(
            "the board",
            format!(
                "it has {} ranks (joined by `/`); the board has {h}",
                ranks.len()
            ),
        ));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = h - 1 - i;
        let at = format!("rank {}", rank + 1);
        let mut file = 0usize;
        let mut run = String::new();
        for c in rank_text.chars().chain(std::iter::once('\0')) {
            if c.is_ascii_digit() {
                run.push(c);
                continue;
            }
            if !run.is_empty() {
                let n: usize = run.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    bad(at.clone(), format!("`{run}` is not a run of empty points"))
                })?;
                file = file.saturating_add(n);
                run.clear();
            }
            match c {
                '\0' => break,
                '.' => file = file.saturating_add(1),
                _ => {
                    let cell = piece_by_letter(game, c).map_err(|r| bad(at.clone(), r))?;
                    put_on_rank(game, cells, (rank, file), cell, &at)?;
                    file = file.saturating_add(1);
                }
            }
        }
        if file != w {
            return Err(bad(
                at,
                format!("it has {file} points; the board is {w} wide"),
            ));
        }
    }
    Ok(())
}

/// Each player's row of pits and store, marks after `@`.
fn parse_pits(game: &Game, text: &str, setup: &mut Setup) -> Result<(), PositionError> {
    let b = &game.board;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 2 {
        return Err(bad(
            "the board",
            format!(
                "it has {} rows (joined by `/`); the board has 2, {}'s then {}'s",
                rows.len(),
                game.about.players[0],
                game.about.players[1]
            ),
        ));
    }
    let mut marks = vec![0u8; b.sites()];
    for (p, row) in Player::all(game.seats()).zip(rows.iter()) {
        let at = format!("{}'s row", game.player_name(p));
        let (pits, store) = row.split_once('|').ok_or_else(|| {
            bad(
                at.clone(),
                "expected its pits joined by `,`, then `|` and its store, like `4,4,4|0`",
            )
        })?;
        let pits: Vec<&str> = pits.split(',').collect();
        if pits.len() != b.pits() as usize {
            return Err(bad(
                at,
                format!(
                    "it has {} pits; the board has {} a row",
                    pits.len(),
                    b.pits()
                ),
            ));
        }
        let sites = (1..=b.pits()).map(|k| b.pit(p, k));
        for (site, word) in sites.chain([b.store(p)]).zip(pits.iter().chain([&store])) {
            let name = &b.site_names[site.index()];
            let (count, mark) = parse_site(game, word, name)?;
            setup.counts[site.index()] = count;
            marks[site.index()] = mark;
        }
    }
    if marks.iter().any(|&m| m != 0) {
        setup.marks = marks;
    }
    Ok(())
}

/// A site of a board of pits: `4`, or `4@north` for a site marked by north.
fn parse_site(game: &Game, word: &str, name: &str) -> Result<(u16, u8), PositionError> {
    let (count, mark) = match word.split_once('@') {
        Some((count, player)) => (count, player_named(game, player, name)?.code()),
        None => (word, 0),
    };
    let count = count.trim().parse::<u16>().map_err(|_| {
        bad(
            name,
            format!("`{count}` is not a number of stones (0 to {})", u16::MAX),
        )
    })?;
    Ok((count, mark))
}

/// The occupied cells of a board drawn cell by cell: `d4:BYYBBY,e5:yybbyy`, or `-`.
fn parse_cells(game: &Game, text: &str, cells: &mut [Cell]) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    for item in text.split(',') {
        let (name, piece) = item.split_once(':').ok_or_else(|| {
            bad(
                format!("`{item}`"),
                "expected a cell and a tile like `d4:BYYBBY`, or `-` for an empty board",
            )
        })?;
        let site = game.board.site_named(name).ok_or_else(|| {
            bad(
                format!("`{item}`"),
                format!("`{name}` is not a cell of this board"),
            )
        })?;
        if cells[site.index()] != EMPTY {
            return Err(bad(format!("`{item}`"), format!("{name} is given twice")));
        }
        cells[site.index()] = piece_named(game, piece).map_err(|r| bad(format!("`{item}`"), r))?;
    }
    Ok(())
}

/// A piece in a list of cells: a tile pattern (upper case for the first player's tile,
/// lower case for the second's), or a piece's letter.
fn piece_named(game: &Game, word: &str) -> Result<Cell, String> {
    let Some(tiles) = &game.tiles else {
        let mut chars = word.chars();
        return match (chars.next(), chars.next()) {
            (Some(c), None) => piece_by_letter(game, c),
            _ => Err(format!("`{word}` is not a piece's letter")),
        };
    };
    let upper = word.to_uppercase();
    let kind = tiles.kind_named(&upper).ok_or_else(|| {
        let letters: String = tiles.letters.iter().collect();
        format!("`{word}` is not a tile: expected six of the letters {letters}, one a side")
    })?;
    let owner = match word == upper {
        true => Player::FIRST,
        false if word == word.to_lowercase() => Player::SECOND,
        false => {
            return Err(format!(
                "`{word}` mixes cases: upper case for {}'s tile, lower case for {}'s",
                game.player_name(Player::FIRST),
                game.player_name(Player::SECOND)
            ))
        }
    };
    Ok(game.cell(owner, kind))
}

/// A word after the player to move: `passes=N`, `swapped`, `last=P` or `hand=P:...` (into
/// `hands`, by player).
fn parse_tile_word(
    game: &Game,
    word: &str,
    setup: &mut Setup,
    hands: &mut [Option<u64>],
) -> Result<(), PositionError> {
    let at = format!("`{word}`");
    if word == "swapped" && game.has_swap() {
        setup.swapped = true;
        return Ok(());
    }
    // Passes in a row belong to any game with a pass (the setup's checks say how many).
    let passes = game
        .moves
        .iter()
        .any(|r| matches!(r.kind, MoveKind::Pass { .. }));
    if let (Some(("passes", n)), true, None) = (word.split_once('='), passes, &game.tiles) {
        setup.passes = n
            .parse()
            .map_err(|_| bad(at, format!("`{n}` is not a number of passes")))?;
        return Ok(());
    }
    let Some(tiles) = &game.tiles else {
        return Err(bad(
            at,
            "nothing may follow the player to move in this game",
        ));
    };
    match word.split_once('=') {
        None if word == "swapped" => setup.swapped = true,
        Some(("passes", n)) => {
            setup.passes = n
                .parse()
                .map_err(|_| bad(at, format!("`{n}` is not a number of passes")))?
        }
        Some(("last", p)) => setup.last_placer = Some(player_named(game, p, &at)?),
        Some(("hand", list)) => {
            let (player, kinds) = list.split_once(':').ok_or_else(|| {
                bad(
                    at.clone(),
                    "expected `hand=PLAYER:TILE,TILE` or `hand=PLAYER:-`",
                )
            })?;
            let p = player_named(game, player, &at)?.index();
            let mut hand = 0u64;
            for kind in kinds.split(',').filter(|&k| k != "-") {
                let k = tiles
                    .kind_named(kind)
                    .ok_or_else(|| bad(at.clone(), format!("`{kind}` is not a tile")))?;
                hand |= 1 << k;
            }
            hands[p] = Some(hand);
        }
        _ => {
            return Err(bad(
                at,
                "expected `passes=N`, `swapped`, `last=PLAYER` or `hand=PLAYER:TILE,...`",
            ))
        }
    }
    Ok(())
}

/// A setup refused by the engine, in words.
fn setup_error(game: &Game, e: SetupError) -> PositionError {
    let site = |s: Site| game.board.site_names[s.index()].clone();
    match e {
        SetupError::Stones { total, max } => bad(
            "the board",
            format!("it holds {total} stones; this game has {max} in play"),
        ),
        SetupError::Passes { passes } => bad(
            format!("`passes={passes}`"),
            format!(
                "at most {} passes in a row (one a player) are possible",
                game.about.players.len()
            ),
        ),
        SetupError::Cell { site: s, .. } => bad(site(s), "it holds no piece of this game"),
        SetupError::ToMove { .. } => bad(
            "the side to move",
            format!("this game has {} players", game.about.players.len()),
        ),
        SetupError::Mark { site: s, .. } => bad(site(s), "it is marked by no player"),
        SetupError::Stock { player } => bad(
            format!("the hand of player {}", player + 1),
            format!("it holds no pieces of this game's stock (0 to {MAX_HAND} of each kind)"),
        ),
        SetupError::Hand { player } => bad(
            format!("the hand of player {}", player + 1),
            "it holds no tile of this game",
        ),
        SetupError::Sites { part, found, sites } => bad(
            part_name(part),
            format!("it has {found} sites; the board has {sites}"),
        ),
        SetupError::NotInGame { part } => bad(part_name(part), "this game has none"),
        SetupError::Stack { site: s, count } => bad(
            site(s),
            format!(
                "it cannot hold a stack of {count} (at most {MAX_STACK}, of a kind that stacks)"
            ),
        ),
        SetupError::Wall { wall } if crate::side_rule(game).is_some() => bad(
            format!("side {}", crate::side_name(game, wall)),
            "its line is named twice",
        ),
        SetupError::Wall { wall } => bad(
            format!("wall {}", crate::wall_name(game, wall)),
            "it crosses or overlaps a wall before it",
        ),
    }
}

/// A part of a setup in words.
fn part_name(part: SetupPart) -> &'static str {
    match part {
        SetupPart::Cells => "the pieces",
        SetupPart::Counts => "the stones",
        SetupPart::Marks => "the marks",
        SetupPart::Tiles => "the tile state",
        SetupPart::Stock => "the pieces in hand",
    }
}
