//! Iterative-deepening alpha-beta search judged by the game's own evaluation
//! ([`Heuristics::estimate`](rulebook_model::Heuristics::estimate)), from the side of the player to move
//! at the root: that player maximises, every other player minimises (so extra turns, where
//! the same player moves again, and games of more than two players need no special case).
//!
//! Moves are searched best first: the move the transposition table remembers, then by what
//! one move changes of the evaluation (so captures come first). At the search's horizon a
//! quiescence search goes on along the moves that change the evaluation or give the mover
//! another turn, so a capture is never judged with its recapture unseen. Where a position
//! has hundreds of moves none of which can be told quiet without playing it (a placement
//! on any cell), only the best few by the evaluation are searched deeper, and of the
//! root's moves only the best few by their exact values two plies deep. Nothing here
//! names a game: everything is read from the state and the compiled game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::table::{Bound, Entry, Table, NO_MOVE};
use rulebook_engine::{set_sites, Move, MoveList, Outcome, QuietMemo, State};
use rulebook_model::board::{reverse_direction, MAX_GRID_SIDE};
use rulebook_model::DirectionBits;
use rulebook_model::{
    CaptureMode, Cell, EffectKind, EndResult, Expr, Goal, Layout, MoveKind, Player, Rows, Run,
    Site, ANY_KIND, NO_SITE, PLAYERS,
};

/// The value of a won game (less the plies it takes, so a quicker win is preferred).
pub(super) const WIN: i32 = 1_000_000_000;

/// The search's values per unit of the game's estimate: the finer terms of the levels'
/// judgement ([`judge`]) are worth less than one unit of the game's own measure.
pub(super) const SCALE: i32 = 16;

/// How few pieces a player has left when the levels' judgement, where a player with no
/// legal move loses, counts the room about them ([`confinement`]).
const FEW_PIECES: u32 = 4;

/// What a site of the private room ([`Room::private`]) of a player far behind is worth to
/// that player (in 1/[`SCALE`] units), where a player with no legal move loses: half a
/// piece, so that the side ahead goes into that room before it is walled off.
const PRIVATE_SITE: i64 = 8;

/// What each piece on the board, the mover's or another player's, is worth to the
/// searching player (in 1/[`SCALE`] units) where pieces count and are taken by closing
/// them between two of the taker's ([`takes_by_closing`]): an even trade costs it twice
/// this, so it keeps the pieces on the board, where its deeper search finds more to take,
/// rather than trade down to a sparse ending, where a side with few pieces can run but not
/// be caught.
const PIECE_ON_BOARD: i64 = 3;

/// The words of a set of sites of the largest grid.
const ROOM_WORDS: usize = (MAX_GRID_SIDE * MAX_GRID_SIDE) as usize / 64 + 1;

/// The words of a set of the runs of [`Rows`] on the largest grid (four axes from each site).
const RUN_WORDS: usize = 4 * ROOM_WORDS;

/// What a stone in a player's own pits is worth (in 1/[`SCALE`] units) where an empty row
/// ends the game and the stones left go to their owners.
const ROW_STONE: i64 = 8;

/// What one step of a goal's piece nearer to its region is worth (in 1/[`SCALE`] units).
const GOAL_STEP: i64 = 4;

/// How far back the levels' search looks for a position played before, which it judges a
/// draw (so a side ahead makes progress rather than repeat moves).
const REPETITION_WINDOW: usize = 100;

/// Values beyond this are won (or lost) games.
pub(super) const WON: i32 = WIN - 1000;

/// The deepest nominal depth of the search.
pub(super) const MAX_DEPTH: u32 = 64;

/// Plies the quiescence search adds at most beyond the nominal depth.
const QUIESCENCE_PLIES: u32 = 4;

/// The longest line searched, in plies.
const MAX_PLY: usize = (MAX_DEPTH + QUIESCENCE_PLIES + 2) as usize;

/// Nodes (positions evaluated or searched) between two looks at the clock and the stop
/// flags.
const CHECK_EVERY: u64 = 256;

/// The ordering key of a move that takes something for its mover's good (plus the gain):
/// tried before any other but the remembered best move.
const CAPTURE_KEY: i32 = 1 << 29;

/// The ordering key of the killer move (the last that cut its ply off), when quiet: after
/// the captures, before the other quiet moves (keyed by their history, below this).
const KILLER_KEY: i32 = 1 << 28;

/// Quiet moves tried at full depth at a node before the others are searched one ply
/// shallower (and again at full depth if they turn out better than expected).
const FULL_DEPTH_MOVES: usize = 3;

/// The least depth at which quiet moves late in the order are searched shallower.
const REDUCTION_DEPTH: i32 = 3;

/// The most moves the root may have for the quiescence search to try each move of a
/// position where none can be told quiet without playing it ([`State::is_quiet`]): beyond
/// this (a placement on any of hundreds of cells, each changing the score) the horizon is
/// not extended, since trying every move there costs more than a ply of the full search.
const QUIESCENCE_MOVES: usize = 256;

/// The most root moves that raise the mover's lead for the quiescence search to follow
/// such moves, where none of the root's moves can be told quiet: beyond this (a stone on
/// any of dozens of points, each adding to its owner's area) nearly every move gains, and
/// following them all for a few plies costs more than the plies of the full search it
/// leaves no budget for. A root of this many moves or fewer is not looked at.
const QUIESCENCE_GAINS: usize = 64;

/// Moves searched at a node of more than [`QUIESCENCE_MOVES`] moves none of which can be
/// told quiet (a placement on any of hundreds of cells), two plies or more from the
/// horizon: the best by the evaluation after each. The others are passed over, since
/// searching every one of them deeper costs more than the depth it buys. At the root, every
/// move is searched two plies deep, and only the best of them deeper ([`ROOT_BEAM_MOVES`]).
const BEAM_MOVES: usize = 12;

/// Root moves searched three plies deep or more where the nodes below the root are beamed
/// ([`BEAM_MOVES`]): the best by their exact values two plies deep. Every root move is
/// searched to two plies, and the window of that pass is kept open to the last of the
/// best this many so far, so their values are exact, not bounds (choosing root moves by
/// bounds lost games).
const ROOT_BEAM_MOVES: usize = 16;

/// Moves told quiet or not ([`State::is_quiet`]) that count as one node: about the time
/// one position played, evaluated and taken back costs.
const QUIET_TESTS_PER_NODE: u64 = 16;

/// `player`'s lead by the game's own measure: its estimate less the best of the other
/// players' (its estimate alone in a game of one player), kept clear of the won values.
#[inline]
pub(super) fn lead(state: &State, player: Player) -> i32 {
    let (mine, other) = estimates(state, player);
    lead_of(mine, other)
}

/// [`lead`] from `player`'s estimate and the best of the other players'.
#[inline]
fn lead_of(mine: i64, other: i64) -> i32 {
    (mine - other).clamp(-i64::from(WON) + 1, i64::from(WON) - 1) as i32
}

/// The game's estimate of `player` and the best of the other players' (0 in a game of one
/// player).
#[inline]
fn estimates(state: &State, player: Player) -> (i64, i64) {
    let (mut mine, mut other) = (0, i64::MIN);
    state.each_value(&state.game().heuristics.estimate, |p, v| {
        match p == player {
            true => mine = v,
            false => other = other.max(v),
        }
    });
    (mine, if other == i64::MIN { 0 } else { other })
}

/// `player`'s standing as the search judges it, in 1/[`SCALE`] units of the game's
/// estimate: the lead ([`lead`]) alone for the plain baseline. The levels (`refined`) add
/// what the end rules say of an unfinished game:
/// - a goal (a piece to bring to a region): [`GOAL_STEP`] for every step nearer;
/// - stones left in the pits going to their owners when the game ends (by any end rule):
///   [`ROW_STONE`] a stone;
/// - no legal move losing, on a grid: the room about a player's last few pieces, and the
///   room a player far behind has walled off where the others cannot follow
///   ([`confinement`]), so a side ahead hems them in and goes in before it is closed;
/// - pieces counting: a bonus for the side ahead that grows as pieces leave the board
///   (below one unit), so a side ahead drives a won game to its end; and where pieces are
///   taken by closing them in ([`takes_by_closing`]), [`PIECE_ON_BOARD`] for every piece
///   on the board, so that the searching player does not trade evenly.
#[inline]
pub(super) fn judge(state: &State, player: Player, refined: bool) -> i32 {
    let (mine, other) = estimates(state, player);
    let mut v = i64::from(lead_of(mine, other)) * i64::from(SCALE);
    if !refined {
        return clamp(v);
    }
    let game = state.game();
    if !game.heuristics.goals.is_empty() {
        v += goals_value(state, player) - most_other(state, player, goals_value);
    }
    if stones_go_to_owners(game) {
        v += (row_stones(state, player) - most_other(state, player, row_stones)) * ROW_STONE;
    }
    if let Some(rows) = &game.heuristics.rows {
        let values = rows_values(state, rows);
        v += values[player.index()] - most_other(state, player, |_, p| values[p.index()]);
    }
    if game.facts.stalemate_loses && matches!(game.board.layout, Layout::Grid(_)) {
        v += confinement(state, player) - most_other(state, player, confinement);
    }
    match &game.heuristics.estimate {
        Expr::Pieces(_) => {
            let pieces = |s: &State, p: Player| i64::from(s.pieces(p));
            let (mine, other) = (pieces(state, player), most_other(state, player, pieces));
            v += (mine - other) * i64::from(SCALE) / (mine + other + 2);
            if takes_by_closing(game) {
                v += (mine + other) * PIECE_ON_BOARD;
            }
        }
        Expr::Material(..) => v += (mine - other) * i64::from(SCALE) / (mine + other + 2),
        _ => {}
    }
    clamp(v)
}

/// Whether a game of two or more players takes pieces off the board by custodian capture,
/// which needs two of the taker's pieces round the pieces taken: the fewer pieces are
/// left, the harder a capture is to set up.
#[inline]
fn takes_by_closing(game: &rulebook_model::Game) -> bool {
    !game.solo()
        && game.effects.iter().any(|e| {
            matches!(
                e.kind,
                EffectKind::Custodian {
                    mode: CaptureMode::Remove,
                    ..
                }
            )
        })
}

/// Whether an end rule gives the stones left in the pits to their rows' owners (whatever
/// ends the game: an empty row, no legal move, a repetition, a condition).
#[inline]
fn stones_go_to_owners(game: &rulebook_model::Game) -> bool {
    game.board.pits() > 0
        && game.ends.rules.iter().any(|r| {
            r.result
                == EndResult::StoreMajority {
                    to_empty_side: false,
                }
        })
}

/// The stones in `player`'s pits (mancala boards).
fn row_stones(state: &State, player: Player) -> i64 {
    let board = &state.game().board;
    (1..=board.pits())
        .map(|k| i64::from(state.count(board.pit(player, k))))
        .sum()
}

/// The most that `f` gives any player but `player` (0 in a game of one player).
fn most_other(state: &State, player: Player, f: impl Fn(&State, Player) -> i64) -> i64 {
    Player::all(state.game().seats())
        .filter(|&p| p != player)
        .map(|p| f(state, p))
        .max()
        .unwrap_or(0)
}

/// Where a player with no legal move loses: the empty sites orthogonally next to
/// `player`'s pieces (their room) when they are down to [`FEW_PIECES`] or fewer, else 0:
/// the side ahead hems the last pieces in, and their owner keeps room. When `player` has
/// fewer than half another player's pieces (in a game without goals whose pieces slide),
/// [`PRIVATE_SITE`] for every site of their private room ([`room`]) besides.
fn confinement(state: &State, player: Player) -> i64 {
    let mine = state.pieces(player);
    if mine == 0 {
        return 0;
    }
    let mut room_about = 0;
    if mine <= FEW_PIECES {
        let empty = |s: Site| state.cell(s).is_empty();
        room_about += neighbours_of_pieces(state, player)
            .filter(|&s| empty(s))
            .count() as i64;
    }
    // Where a piece reaching a region wins, pieces do not say who is far behind; where
    // pieces do not slide, what a slide could reach is not their room. The room is looked
    // for along every line of the board, not only the slides' (a looser measure, which the
    // strength table was measured with).
    let game = state.game();
    let pieces = |s: &State, p: Player| i64::from(s.pieces(p));
    let slides = game
        .moves
        .iter()
        .any(|r| matches!(r.kind, MoveKind::Slide { .. }));
    if slides
        && game.heuristics.goals.is_empty()
        && i64::from(mine) * 2 < most_other(state, player, pieces)
    {
        let every_line = (1u64 << game.board.directions()).wrapping_sub(1) as DirectionBits;
        room_about += room(state, player, every_line).private * PRIVATE_SITE;
    }
    room_about
}

/// The directions along which some piece of `game` slides, a bit for each of the board's
/// (none in a game without slides).
fn slide_directions(game: &rulebook_model::Game) -> DirectionBits {
    game.moves
        .iter()
        .filter_map(|r| match &r.kind {
            MoveKind::Slide { directions, .. } => Some(directions),
            _ => None,
        })
        .flatten()
        .fold(0, |mask, &dir| mask | 1 << dir)
}

/// The empty sites a player's slides could end on ([`room`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Room {
    /// The empty sites a slide of one of the player's pieces could end on.
    reached: i64,
    /// Those of them that no slide of another player's piece could end on: room walled off
    /// by the player's pieces and the board's edges, where the others cannot follow to
    /// block them (a side far behind that keeps such room cannot be blocked, and the game
    /// goes on).
    private: i64,
}

/// `player`'s room: the empty sites a slide of their pieces along `slides` (a bit for each
/// of the board's directions, see [`slide_directions`]) could end on, up to the first
/// piece, and how many of them are private.
fn room(state: &State, player: Player, slides: DirectionBits) -> Room {
    let board = &state.game().board;
    let mut reached = [0u64; ROOM_WORDS];
    let mut room = Room {
        reached: 0,
        private: 0,
    };
    for from in Site::all(board.sites()) {
        if state.owner(from) != Some(player) {
            continue;
        }
        for dir in (0..board.directions() as u8).filter(|&d| slides & 1 << d != 0) {
            let ray = board.ray(from, dir);
            let end = ray.iter().position(|&s| !state.cell(s).is_empty());
            // A piece of another player at the end of the run reaches all of it.
            let open = end.is_some_and(|k| state.owner(ray[k]) != Some(player));
            for &s in &ray[..end.unwrap_or(ray.len())] {
                let (word, bit) = (s.index() / 64, 1u64 << (s.index() % 64));
                if reached[word] & bit == 0 {
                    reached[word] |= bit;
                    room.reached += 1;
                    let private = !open && !reachable_by_other(state, s, player, slides);
                    room.private += i64::from(private);
                }
            }
        }
    }
    room
}

/// Whether a piece of a player other than `player` could slide along `slides` to the
/// empty site `s`: the first piece from `s` along some direction is another player's, and
/// it slides back the other way.
fn reachable_by_other(state: &State, s: Site, player: Player, slides: DirectionBits) -> bool {
    let board = &state.game().board;
    (0..board.directions() as u8)
        .filter(|&dir| slides & 1 << reverse_direction(dir) != 0)
        .any(|dir| {
            board
                .ray(s, dir)
                .iter()
                .find(|&&t| !state.cell(t).is_empty())
                .is_some_and(|&t| state.owner(t) != Some(player))
        })
}

/// Where a player with no legal move loses and no position may be played twice: whether
/// every player but the one to move is shut in, all the room their slides reach private
/// ([`room`]), so that they can only move about in it until its positions run out. Then
/// the player to move, when nothing better offers, waits ([`waiting_rank`]).
pub(super) fn others_shut_in(state: &State) -> bool {
    let game = state.game();
    let waits =
        game.facts.stalemate_loses && game.repetition.forbidden && game.heuristics.goals.is_empty();
    waits && all_shut_in_but(state, state.to_move())
}

/// How well `m` (played in `after`, by the player who moved before it) waits while the
/// others are shut in ([`others_shut_in`]): 2 if they are still shut in after it, plus 1 if
/// it takes back the mover's last move (the piece goes back where it came from), so that
/// the mover's own positions stay few and the others' moves about their room are used up.
pub(super) fn waiting_rank(after: &State, m: Move, last: Option<Move>) -> i64 {
    let shut = all_shut_in_but(after, after.last_mover());
    let back = last.is_some_and(|l| l.from() == m.to() && l.to() == m.from());
    2 * i64::from(shut) + i64::from(back)
}

/// Whether every player but `player` has room to slide to, and all of it private
/// ([`Room::private`]); never in a game without slides.
fn all_shut_in_but(state: &State, player: Player) -> bool {
    let slides = slide_directions(state.game());
    slides != 0
        && Player::all(state.game().seats())
            .filter(|&p| p != player)
            .all(|p| {
                let room = room(state, p, slides);
                room.reached > 0 && room.reached == room.private
            })
}

/// The sites orthogonally next to each of `player`'s pieces, once per piece and direction.
fn neighbours_of_pieces(state: &State, player: Player) -> impl Iterator<Item = Site> + '_ {
    let game = state.game();
    Site::all(game.board.sites())
        .filter(move |&s| state.owner(s) == Some(player))
        .flat_map(move |s| (0..4).map(move |dir| game.board.step(s, dir)))
        .filter(|&next| next != NO_SITE)
}

/// Whether the levels break ties between root moves by [`contact`]: on a grid, where the
/// game's estimate counts pieces (so pieces are won by moving against the other side's).
pub(super) fn seeks_contact(game: &rulebook_model::Game) -> bool {
    matches!(game.board.layout, Layout::Grid(_))
        && matches!(game.heuristics.estimate, Expr::Pieces(_))
}

/// The pairs of orthogonally adjacent sites with a piece of `player` on one and a piece of
/// another player on the other: how closely `player`'s pieces engage the others'.
pub(super) fn contact(state: &State, player: Player) -> i64 {
    let other = |s: Site| state.owner(s).is_some_and(|p| p != player);
    neighbours_of_pieces(state, player)
        .filter(|&s| other(s))
        .count() as i64
}

/// A value kept clear of the won values.
#[inline]
fn clamp(v: i64) -> i32 {
    v.clamp(-i64::from(WON) + 1, i64::from(WON) - 1) as i32
}

/// What `player`'s goals are worth in the position: for each, minus [`GOAL_STEP`] for
/// every step their nearest piece of the goal's kind is from its region (nothing without
/// such a piece).
fn goals_value(state: &State, player: Player) -> i64 {
    let game = state.game();
    let mut value = 0;
    for goal in game.heuristics.goals.iter().filter(|g| g.player == player) {
        let wanted = |cell: Cell| match goal.kind {
            ANY_KIND => !cell.is_empty() && game.tables.owner[cell.index()] == player,
            kind => cell == game.cell(player, usize::from(kind)),
        };
        let nearest = state
            .cells()
            .iter()
            .zip(&goal.distance)
            .filter(|&(&cell, &d)| d != Goal::FAR && wanted(cell))
            .map(|(_, &d)| i64::from(d))
            .min();
        value -= nearest.map_or(0, |d| d * GOAL_STEP);
    }
    value
}

/// What each player's rows are worth in the position, in sixteenths of a unit: for every
/// run of sites where a player could still make a winning row (holding pieces of theirs
/// and none of another's), 1 for one piece in it, 4 for two, 16 for three: four times as
/// much for every piece more.
fn rows_values(state: &State, rows: &Rows) -> [i64; PLAYERS] {
    let seats = state.game().seats();
    let mut values = [0; PLAYERS];
    let mut seen = [0u64; RUN_WORDS];
    for p in Player::all(seats) {
        for site in set_sites(state.occupancy(p)) {
            let (from, to) = (rows.first[site.index()], rows.first[site.index() + 1]);
            for &r in &rows.through[from as usize..to as usize] {
                let (word, bit) = (usize::from(r) / 64, 1 << (r % 64));
                if seen[word] & bit == 0 {
                    seen[word] |= bit;
                    add_run(state, seats, &rows.runs[usize::from(r)], &mut values);
                }
            }
        }
    }
    values
}

/// Adds to `values` what `run` is worth to the one player with pieces in it, if only one
/// has: 4 to the power of its pieces less one.
#[inline]
fn add_run(state: &State, seats: usize, run: &Run, values: &mut [i64; PLAYERS]) {
    let (mut holder, mut shared, mut pieces) = (None, false, 0);
    for p in Player::all(seats) {
        let n = pieces_in_run(state.occupancy(p), run);
        if n > 0 {
            shared |= holder.is_some();
            (holder, pieces) = (Some(p), n);
        }
    }
    if let (Some(p), false) = (holder, shared) {
        values[p.index()] += 1 << (2 * (pieces - 1)).min(40);
    }
}

/// How many of the sites of `run` are set in `bits`.
#[inline]
fn pieces_in_run(bits: &[u64], run: &Run) -> u32 {
    let w = run.word as usize;
    let next = bits.get(w + 1).map_or(0, |b| b & run.bits[1]);
    (bits[w] & run.bits[0]).count_ones() + next.count_ones()
}

/// A value to store in the table from `ply` plies below the root: a won game's distance is
/// counted from the position, so that it reads right wherever the position is met again.
#[inline]
fn to_table(v: i32, ply: usize) -> i32 {
    match v {
        v if v >= WON => v + ply as i32,
        v if v <= -WON => v - ply as i32,
        v => v,
    }
}

/// A value read from the table `ply` plies below the root (the inverse of [`to_table`]).
#[inline]
fn from_table(v: i32, ply: usize) -> i32 {
    match v {
        v if v >= WON => v - ply as i32,
        v if v <= -WON => v + ply as i32,
        v => v,
    }
}

/// How one search runs: its limits and its manner.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// The deepest nominal depth.
    pub depth: u32,
    /// The most nodes (after the first depth, which is always completed).
    pub nodes: u64,
    /// No new depth is begun after this instant.
    pub soft: Option<Instant>,
    /// The search stops at this instant.
    pub hard: Option<Instant>,
    /// Whether the horizon is extended by the quiescence search (off for the plain
    /// fixed-depth baseline).
    pub quiescence: bool,
    /// Whether every root move gets its exact value (for hints) rather than only the best.
    pub exact_root: bool,
    /// Whether positions are judged with the levels' finer terms ([`judge`]) and a
    /// position played before is judged a draw (off for the plain baseline).
    pub refined: bool,
}

/// A root move and its value at the deepest depth it was searched to (a bound for all but
/// the best, unless [`Limits::exact_root`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    pub value: i32,
    /// The depth `value` was found at, in plies (0: not searched by depth, as in a game
    /// of one player).
    pub depth: u32,
}

/// What one search found.
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    /// The root moves, best first (where only the best few root moves are searched deeper,
    /// those first, then the others as the shallower depth left them).
    pub moves: Vec<RootMove>,
    /// The depth completed (with the best moves of a deeper, unfinished one, if any).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Whether the external stop flag ended the search.
    pub interrupted: bool,
}

/// A thread's search: its work space for ordering moves, the shape of the search it runs,
/// and its budget.
#[derive(Debug, Default)]
pub(super) struct Worker {
    ordering: MoveOrdering,
    shape: Shape,
    budget: Budget,
    root: Player,
    salt: u64,
}

/// What a worker orders moves by, reused from search to search.
#[derive(Debug, Default)]
struct MoveOrdering {
    lists: Vec<MoveList>,
    order: Vec<Vec<(i32, u16)>>,
    killers: Vec<Option<Move>>,
    /// For quiet moves (see [`State::is_quiet`]): how often each (mover, from, to) cut a
    /// node off, weighted by the depth searched; empty for games without quiet moves.
    history: Vec<i32>,
    /// Sites of the board (the stride of [`MoveOrdering::history`]).
    sites: usize,
    /// What the moves of the position being ordered take, by landing site.
    quiet_memo: QuietMemo,
}

/// The shape of a search, decided at its root from the game and the limits.
#[derive(Debug, Default)]
struct Shape {
    /// Whether some moves of the game may be quiet ([`State::is_quiet`]): slides and
    /// jumps, in a game that does not promote.
    quiet_moves: bool,
    /// Whether the quiescence search may pass over quiet moves without playing them: the
    /// game's evaluation changes only by what moves take (no goal to come nearer).
    skip_quiet: bool,
    /// Whether only the best [`BEAM_MOVES`] moves are searched at a node below the root of
    /// more than [`QUIESCENCE_MOVES`] moves: in the levels' search of a game without quiet
    /// moves.
    beam: bool,
    /// Root moves searched at depths of three plies or more: [`ROOT_BEAM_MOVES`] where the
    /// root has more than [`QUIESCENCE_MOVES`] moves and [`Shape::beam`], else all.
    root_width: usize,
    /// Whether the horizon is extended by the quiescence search: as [`Limits::quiescence`]
    /// says, but for a root with more than [`QUIESCENCE_MOVES`] moves none of which can be
    /// told quiet, or more than [`QUIESCENCE_GAINS`] of them that raise the mover's lead.
    quiescence: bool,
}

/// What a search may spend, what it has spent, and whether it was stopped.
#[derive(Debug, Default)]
struct Budget {
    nodes: u64,
    next_check: u64,
    limits: Option<Limits>,
    aborted: bool,
    interrupted: bool,
    must_finish: bool,
}

/// The flags a search watches: the user's stop, and the end of the main thread's search
/// (for helper threads).
pub(super) struct Flags<'a> {
    pub stop: &'a AtomicBool,
    pub done: &'a AtomicBool,
}

impl Worker {
    /// Searches `state` (whose side to move has a legal move) by iterative deepening;
    /// `order` gives the root moves in the order to try first (ties stay in this order).
    /// `salt` keys this search's entries of `table` apart from other searches'.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        state: &mut State,
        order: &[Move],
        limits: Limits,
        table: &Table,
        flags: &Flags,
        salt: u64,
    ) -> Found {
        self.prepare(state, order, limits, salt);
        let mut moves: Vec<RootMove> = order
            .iter()
            .map(|&mv| RootMove {
                mv,
                value: -WIN,
                depth: 0,
            })
            .collect();
        let mut found = Found::default();
        for depth in 1..=limits.depth.max(1) {
            if depth > 1 && limits.soft.is_some_and(|t| Instant::now() >= t) {
                break;
            }
            self.budget.must_finish = depth == 1;
            let completed = self.root_pass(state, &mut moves, depth, table, flags);
            if completed == 0 {
                break;
            }
            moves[..completed].sort_by_key(|m| std::cmp::Reverse(m.value));
            // When stopped, the moves completed at this depth were searched deeper than
            // others and lead, the best first (the first completed was the last depth's
            // best); the others follow as the last depth left them.
            found.moves.clone_from(&moves);
            if self.budget.aborted {
                break;
            }
            found.depth = depth;
            if !limits.exact_root && moves[0].value.abs() >= WON {
                break;
            }
        }
        found.nodes = self.budget.nodes;
        found.interrupted = self.budget.interrupted;
        found
    }

    /// Sets the worker up to search `state` with its root moves `order` under `limits`:
    /// its buffers, the search's shape, the budget spent so far (none).
    fn prepare(&mut self, state: &mut State, order: &[Move], limits: Limits, salt: u64) {
        if self.ordering.lists.len() < MAX_PLY + 1 {
            self.ordering.lists.resize_with(MAX_PLY + 1, MoveList::new);
            self.ordering.order.resize_with(MAX_PLY + 1, Vec::new);
        }
        self.ordering.killers.clear();
        self.ordering.killers.resize(MAX_PLY + 1, None);
        let game = state.game();
        self.shape.quiet_moves = !game.facts.promotes
            && game.moves.iter().any(|r| {
                matches!(
                    r.kind,
                    MoveKind::Slide { .. } | MoveKind::Jump { mode: None, .. } | MoveKind::Walk(_)
                )
            });
        self.shape.skip_quiet = self.shape.quiet_moves && game.heuristics.goals.is_empty();
        self.shape.beam = limits.refined && !self.shape.quiet_moves;
        self.shape.root_width = match self.shape.beam && order.len() > QUIESCENCE_MOVES {
            true => ROOT_BEAM_MOVES,
            false => order.len(),
        };
        self.ordering.sites = game.board.sites();
        self.ordering.history.clear();
        if self.shape.quiet_moves {
            self.ordering
                .history
                .resize(PLAYERS * self.ordering.sites * self.ordering.sites, 0);
        }
        self.root = state.to_move();
        self.salt = salt;
        self.budget.nodes = 0;
        self.budget.next_check = 0;
        self.budget.limits = Some(limits);
        self.shape.quiescence = limits.quiescence
            && (self.shape.skip_quiet
                || (order.len() <= QUIESCENCE_MOVES
                    && self.gaining_moves(state, order) <= QUIESCENCE_GAINS));
        self.budget.aborted = false;
        self.budget.interrupted = false;
    }

    /// How many of the root's moves raise the mover's lead, counted only where there are
    /// more than [`QUIESCENCE_GAINS`] (fewer cannot exceed it). Not counted as nodes.
    fn gaining_moves(&self, state: &mut State, order: &[Move]) -> usize {
        if order.len() <= QUIESCENCE_GAINS {
            return 0;
        }
        let stand = self.eval(state);
        order
            .iter()
            .filter(|&&m| {
                state.apply(m);
                let v = self.eval(state);
                state.undo();
                v > stand
            })
            .count()
    }

    /// Searches the root moves to `depth` (in the order of `moves`, updating their values):
    /// all of them, or the first [`Shape::root_width`] from the third ply on. Returns how
    /// many were completed. When stopped, only moves that came before the stop keep their
    /// new values. Two plies deep where the root is beamed, the window stays open to the
    /// last of the best [`Shape::root_width`] values so far, so that those moves'
    /// values are exact; else to the best so far.
    fn root_pass(
        &mut self,
        state: &mut State,
        moves: &mut [RootMove],
        depth: u32,
        table: &Table,
        flags: &Flags,
    ) -> usize {
        let exact = self.budget.limits.is_some_and(|l| l.exact_root);
        let beamed = self.shape.root_width < moves.len();
        let width = if beamed && depth >= 3 {
            self.shape.root_width
        } else {
            moves.len()
        };
        let keep = if beamed && depth == 2 {
            self.shape.root_width
        } else {
            1
        };
        let mut best = Vec::with_capacity(keep + 1);
        for (k, rm) in moves[..width].iter_mut().enumerate() {
            let alpha = match (exact, best.len() < keep) {
                (false, false) => best[keep - 1],
                _ => -WIN,
            };
            state.apply(rm.mv);
            let v = self.node(state, depth as i32 - 1, alpha, WIN, 1, table, flags);
            state.undo();
            if self.budget.aborted {
                return k;
            }
            rm.value = v;
            rm.depth = depth;
            let at = best.partition_point(|&b| b >= v);
            if at < keep {
                best.insert(at, v);
                best.truncate(keep);
            }
        }
        width
    }

    /// How many of a node's `moves` are searched: all of them, or the best [`BEAM_MOVES`]
    /// where [`Shape::beam`] and there are more than [`QUIESCENCE_MOVES`].
    #[inline]
    fn beam_width(&self, moves: usize) -> usize {
        match self.shape.beam && moves > QUIESCENCE_MOVES {
            true => BEAM_MOVES,
            false => moves,
        }
    }

    /// Whether the search must stop now (looked at every [`CHECK_EVERY`] nodes).
    fn out_of_budget(&mut self, flags: &Flags) -> bool {
        if self.budget.aborted {
            return true;
        }
        if self.budget.must_finish || self.budget.nodes < self.budget.next_check {
            return false;
        }
        self.budget.next_check = self.budget.nodes + CHECK_EVERY;
        let limits = self.budget.limits.expect("a search has limits");
        if flags.stop.load(Ordering::Relaxed) {
            self.budget.interrupted = true;
            self.budget.aborted = true;
        } else if flags.done.load(Ordering::Relaxed)
            || self.budget.nodes >= limits.nodes
            || limits.hard.is_some_and(|t| Instant::now() >= t)
        {
            self.budget.aborted = true;
        }
        self.budget.aborted
    }

    /// The evaluation from the root player's side.
    #[inline]
    fn eval(&self, state: &State) -> i32 {
        judge(
            state,
            self.root,
            self.budget.limits.is_some_and(|l| l.refined),
        )
    }

    /// The value of a finished game, `ply` plies from the root.
    fn finished(&self, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Win(p) if p == self.root => WIN - ply as i32,
            Outcome::Win(_) => -(WIN - ply as i32),
            Outcome::Draw => 0,
        }
    }

    /// Alpha-beta to `depth` plies (then quiescence), from the root player's side.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        state: &mut State,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        table: &Table,
        flags: &Flags,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(state, alpha, beta, ply, QUIESCENCE_PLIES, flags);
        }
        self.budget.nodes += 1;
        if self.out_of_budget(flags) {
            return 0;
        }
        let mut list = std::mem::take(&mut self.ordering.lists[ply]);
        state.legal_moves(&mut list);
        if let Some(v) = self.settled(state, &mut list, ply) {
            self.ordering.lists[ply] = list;
            return v;
        }
        let key = state.hash() ^ self.salt;
        let remembered = table.get(key);
        let maximizing = state.to_move() == self.root;
        let window = Window {
            alpha,
            beta,
            maximizing,
        };
        if let Some(v) = remembered.and_then(|e| window.remembered_value(e, depth, ply)) {
            self.ordering.lists[ply] = list;
            return v;
        }
        let mut order = std::mem::take(&mut self.ordering.order[ply]);
        self.order_moves(state, &list, &mut order, depth, ply, remembered, maximizing);
        if depth >= 2 {
            order.truncate(self.beam_width(order.len()));
        }
        let (best, best_index) =
            self.search_moves(state, (&list, &order), window, depth, ply, table, flags);
        self.ordering.lists[ply] = list;
        self.ordering.order[ply] = order;
        if self.budget.aborted {
            return 0;
        }
        let entry = Entry {
            value: to_table(best, ply),
            depth: depth as u8,
            bound: window.bound_of(best),
            best: best_index,
        };
        table.put(key, entry);
        best
    }

    /// The value of a position whose `list` of legal moves leaves nothing to search: a
    /// finished game's, or a draw where the position was played lately (with the levels'
    /// finer judgement); `None` for any other.
    fn settled(&self, state: &State, list: &mut MoveList, ply: usize) -> Option<i32> {
        if list.is_empty() {
            return Some(
                state
                    .outcome_with(list)
                    .map_or(0, |o| self.finished(o, ply)),
            );
        }
        let refined = self.budget.limits.is_some_and(|l| l.refined);
        (refined && state.occurred_within(REPETITION_WINDOW)).then_some(0)
    }

    /// The moves of a node (`list`, searched in `order`) to `depth` plies each (a quiet
    /// move late in the order a ply shallower first), within `window`, until one cuts the
    /// node off. Returns the best value and the index in `list` of its move.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        state: &mut State,
        (list, order): (&MoveList, &[(i32, u16)]),
        mut window: Window,
        depth: i32,
        ply: usize,
        table: &Table,
        flags: &Flags,
    ) -> (i32, u16) {
        let mut best = if window.maximizing { -WIN - 1 } else { WIN + 1 };
        let mut best_index = NO_MOVE;
        for (k, &(key, i)) in order.iter().enumerate() {
            let m = list[i as usize];
            // A quiet move late in the order is searched a ply shallower first, and at
            // full depth only if it does better than the moves before it.
            let reduced = self.shape.quiet_moves
                && depth >= REDUCTION_DEPTH
                && k >= FULL_DEPTH_MOVES
                && (0..KILLER_KEY).contains(&key);
            let (alpha, beta) = (window.alpha, window.beta);
            state.apply(m);
            let mut v = 0;
            if reduced {
                v = self.node(state, depth - 2, alpha, beta, ply + 1, table, flags);
            }
            if !reduced || (window.improved_by(v) && !self.budget.aborted) {
                v = self.node(state, depth - 1, alpha, beta, ply + 1, table, flags);
            }
            state.undo();
            if self.budget.aborted {
                break;
            }
            if window.prefers(v, best) {
                best = v;
                best_index = i;
            }
            window.narrow(v);
            if window.closed() {
                self.cut_off(state.to_move(), m, key, depth, ply);
                break;
            }
        }
        (best, best_index)
    }

    /// Remembers the move `m` of `mover` (ordered with `key`) that cut off a node `ply`
    /// plies from the root, searched `depth` plies deep: as the ply's killer move, and in
    /// the history of quiet moves.
    fn cut_off(&mut self, mover: Player, m: Move, key: i32, depth: i32, ply: usize) {
        self.ordering.killers[ply] = Some(m);
        if (0..CAPTURE_KEY).contains(&key) {
            if let Some(h) = self.history_of(mover, m) {
                *h = h.saturating_add(depth * depth).min(KILLER_KEY - 1);
            }
        }
    }

    /// The history entry of a quiet move of `mover` (none in a game without quiet moves).
    #[inline]
    fn history_of(&mut self, mover: Player, m: Move) -> Option<&mut i32> {
        let (from, to) = (m.from().index(), m.to().index());
        if from >= self.ordering.sites || to >= self.ordering.sites {
            return None;
        }
        let n = self.ordering.sites;
        self.ordering
            .history
            .get_mut((mover.index() * n + from) * n + to)
    }

    /// Fills `order` with the indices of `list`'s moves, best first for the mover: the
    /// remembered best move; then, deep enough in the tree to pay, by the evaluation after
    /// each move, but for quiet moves ([`State::is_quiet`], known without playing them):
    /// those come after the moves that gain, the killer move (the last that cut this ply
    /// off) first, then by their history. Nearer the horizon only the moves that are not
    /// quiet come first, then the killer.
    #[allow(clippy::too_many_arguments)]
    fn order_moves(
        &mut self,
        state: &mut State,
        list: &MoveList,
        order: &mut Vec<(i32, u16)>,
        depth: i32,
        ply: usize,
        remembered: Option<Entry>,
        maximizing: bool,
    ) {
        order.clear();
        let killer = self.ordering.killers[ply];
        let mover = state.to_move();
        let oriented = |v: i32| if maximizing { v } else { -v };
        let stand = if depth >= 2 && self.shape.quiet_moves {
            oriented(self.eval(state))
        } else {
            0
        };
        let n = list.len().min(usize::from(NO_MOVE));
        if self.shape.quiet_moves {
            self.budget.nodes += n as u64 / QUIET_TESTS_PER_NODE;
        }
        self.ordering.quiet_memo.forget();
        for (i, &m) in list.iter().enumerate().take(n) {
            let key = if self.shape.quiet_moves
                && state.is_quiet_with(m, &mut self.ordering.quiet_memo)
            {
                match killer == Some(m) {
                    true => KILLER_KEY,
                    false => self.history_of(mover, m).map_or(0, |h| *h),
                }
            } else if depth >= 2 {
                self.budget.nodes += 1;
                state.apply(m);
                let v = oriented(self.eval(state));
                state.undo();
                match self.shape.quiet_moves {
                    false => v,
                    true if v > stand => CAPTURE_KEY.saturating_add(v - stand),
                    true => (v - stand).min(-1),
                }
            } else if self.shape.quiet_moves {
                CAPTURE_KEY
            } else if killer == Some(m) {
                1
            } else {
                0
            };
            order.push((key, i as u16));
        }
        if let Some(e) = remembered.filter(|e| e.best != NO_MOVE) {
            if let Some(o) = order.iter_mut().find(|o| o.1 == e.best) {
                o.0 = i32::MAX;
            }
        }
        order.sort_by_key(|o| std::cmp::Reverse(o.0));
    }

    /// The quiescence search: the evaluation here, unless a move that changes it for the
    /// mover's good (or gives the mover another turn) does better, for at most `plies`
    /// more plies.
    fn quiesce(
        &mut self,
        state: &mut State,
        alpha: i32,
        beta: i32,
        ply: usize,
        plies: u32,
        flags: &Flags,
    ) -> i32 {
        self.budget.nodes += 1;
        if self.out_of_budget(flags) {
            return 0;
        }
        let mut list = std::mem::take(&mut self.ordering.lists[ply]);
        let stand = self.eval(state);
        // The first depth, which is always completed, stops at its horizon: its cost is
        // then one evaluation a move, whatever the branching.
        let quiescence = self.shape.quiescence && !self.budget.must_finish;
        let mut window = Window {
            alpha,
            beta,
            maximizing: state.to_move() == self.root,
        };
        let stops = !quiescence || plies == 0 || ply >= MAX_PLY || window.stands_beyond(stand);
        // A node that stops asks only whether the game is over (which finds one legal move
        // at most); one that goes on lists its moves, and knows it from the list.
        let outcome = match stops {
            true => state.outcome_with(&mut list),
            false => {
                state.legal_moves(&mut list);
                state.outcome_knowing(!list.is_empty())
            }
        };
        if stops || outcome.is_some() {
            self.ordering.lists[ply] = list;
            return outcome.map_or(stand, |o| self.finished(o, ply));
        }
        let mut order = std::mem::take(&mut self.ordering.order[ply]);
        self.order_gains(state, &list, &mut order, stand, window.maximizing);
        let mut best = stand;
        window.narrow(stand);
        for &(_, i) in order.iter() {
            state.apply(list[i as usize]);
            let v = self.quiesce(state, window.alpha, window.beta, ply + 1, plies - 1, flags);
            state.undo();
            if self.budget.aborted {
                break;
            }
            if window.prefers(v, best) {
                best = v;
            }
            window.narrow(v);
            if window.closed() {
                break;
            }
        }
        self.ordering.lists[ply] = list;
        self.ordering.order[ply] = order;
        best
    }

    /// Fills `order` with the indices of `list`'s moves that the quiescence search plays
    /// (those that change the evaluation for the mover's good from `stand`, or give the
    /// mover another turn; quiet moves passed over where [`Shape::skip_quiet`]), with
    /// their gains, the greatest first.
    fn order_gains(
        &mut self,
        state: &mut State,
        list: &MoveList,
        order: &mut Vec<(i32, u16)>,
        stand: i32,
        maximizing: bool,
    ) {
        let mover = state.to_move();
        order.clear();
        let n = list.len().min(usize::from(NO_MOVE));
        if self.shape.skip_quiet {
            self.budget.nodes += n as u64 / QUIET_TESTS_PER_NODE;
        }
        self.ordering.quiet_memo.forget();
        for (i, &m) in list.iter().enumerate().take(n) {
            if self.shape.skip_quiet && state.is_quiet_with(m, &mut self.ordering.quiet_memo) {
                continue;
            }
            self.budget.nodes += 1;
            state.apply(m);
            let v = self.eval(state);
            let again = state.to_move() == mover;
            state.undo();
            let gain = if maximizing { v - stand } else { stand - v };
            if gain > 0 || again {
                order.push((gain, i as u16));
            }
        }
        order.sort_by_key(|o| std::cmp::Reverse(o.0));
    }
}

/// The bounds of a node's search (alpha-beta), from the root player's side, and whether
/// the root player is to move there (and maximises).
#[derive(Clone, Copy, Debug)]
struct Window {
    /// The value the root player is sure of so far.
    alpha: i32,
    /// The value the other players are sure of so far.
    beta: i32,
    /// Whether the root player moves.
    maximizing: bool,
}

impl Window {
    /// Narrows the window by the value `v` of one of the mover's moves.
    #[inline]
    fn narrow(&mut self, v: i32) {
        if self.maximizing {
            self.alpha = self.alpha.max(v);
        } else {
            self.beta = self.beta.min(v);
        }
    }

    /// Whether the window is closed: the node's other moves cannot matter.
    #[inline]
    fn closed(&self) -> bool {
        self.alpha >= self.beta
    }

    /// Whether the mover does better with `v` than the window's bound on its side.
    #[inline]
    fn improved_by(&self, v: i32) -> bool {
        if self.maximizing {
            v > self.alpha
        } else {
            v < self.beta
        }
    }

    /// Whether the mover prefers `v` to `than`.
    #[inline]
    fn prefers(&self, v: i32, than: i32) -> bool {
        if self.maximizing {
            v > than
        } else {
            v < than
        }
    }

    /// Whether the evaluation `stand` already reaches the bound of the other side, so that
    /// the quiescence search need not look at a move.
    #[inline]
    fn stands_beyond(&self, stand: i32) -> bool {
        if self.maximizing {
            stand >= self.beta
        } else {
            stand <= self.alpha
        }
    }

    /// What the value `best` found within the window is: a bound, or exact.
    fn bound_of(&self, best: i32) -> Bound {
        if best <= self.alpha {
            Bound::Upper
        } else if best >= self.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// The value of the entry `e` a table remembers of the position, `ply` plies from the
    /// root, if it settles a search `depth` plies deep within the window: searched as deep,
    /// and exact or a bound beyond the window.
    fn remembered_value(&self, e: Entry, depth: i32, ply: usize) -> Option<i32> {
        if i32::from(e.depth) < depth {
            return None;
        }
        let value = from_table(e.value, ply);
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => value >= self.beta,
            Bound::Upper => value <= self.alpha,
        };
        usable.then_some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A won game's value is kept in the table counted from the position it belongs to,
    /// so a position met again at another depth reads the right distance from the root.
    #[test]
    fn won_values_are_stored_from_the_position_and_read_from_the_root() {
        let win_in_5_from_ply_3 = WIN - 5;
        let stored = to_table(win_in_5_from_ply_3, 3);
        assert_eq!(stored, WIN - 2);
        assert_eq!(from_table(stored, 3), WIN - 5);
        assert_eq!(from_table(stored, 7), WIN - 9);
        assert_eq!(from_table(to_table(-(WIN - 6), 2), 4), -(WIN - 8));
        assert_eq!(to_table(123, 9), 123);
        assert_eq!(from_table(-123, 9), -123);
    }

    /// Rule text for a two-player game on a 9 x 9 grid whose stones move by `moves`,
    /// followed by `more` (the rule that takes pieces).
    fn two_player_rules(moves: &str, more: &str) -> String {
        format!(
            "game \"Trade\"\nplayers black, white\nboard grid 9 by 9\npiece stone\n\
             setup black stone on rank(1)\nsetup white stone on rank(9)\n{moves}\n{more}\n\
             end when no legal move: mover loses\n"
        )
    }

    /// The searching player's judgement of a position (black to move), before and after
    /// one piece of each side leaves the board.
    fn before_and_after_a_trade(rules: &str, before: &str, after: &str) -> (i32, i32) {
        let game = rulebook_lang::pipeline::load_text("trade", rules, None, &[]).unwrap();
        let judged = |text| {
            let state = rulebook_notation::parse_position(&game, text).unwrap();
            judge(&state, state.to_move(), true)
        };
        (judged(before), judged(after))
    }

    /// Where pieces are taken by closing them in, the side ahead, 9 pieces against 6,
    /// judges an even trade a loss; where they are jumped, a gain: it trades down to the
    /// end.
    #[test]
    fn an_even_trade_costs_where_pieces_are_closed_in_and_pays_where_they_are_jumped() {
        let (before, after) = (
            "WWWWWW3/9/9/9/9/9/9/9/BBBBBBBBB black",
            "WWWWW4/9/9/9/9/9/9/9/BBBBBBBB1 black",
        );
        let closing = two_player_rules(
            "move slide orthogonal",
            "after move capture custodian orthogonal remove",
        );
        let (judged_before, judged_after) = before_and_after_a_trade(&closing, before, after);
        assert!(
            judged_after < judged_before,
            "{judged_after} < {judged_before}"
        );
        let jumping = two_player_rules(
            "move jump orthogonal over enemy remove",
            "move step orthogonal",
        );
        let (judged_before, judged_after) = before_and_after_a_trade(&jumping, before, after);
        assert!(
            judged_after > judged_before,
            "{judged_after} > {judged_before}"
        );
    }

    /// Rule text for a game on a 6 x 6 grid of stones that slide and take by closing in,
    /// where a player with no legal move loses, with `more` besides.
    fn corner_rules(more: &str) -> String {
        format!(
            "game \"Corner\"\nplayers black, white\nboard grid 6 by 6\npiece stone\n\
             setup black stone on rank(6)\nsetup white stone on rank(1)\n\
             move slide orthogonal\n\
             after move capture custodian orthogonal remove\n{more}\n\
             end when no legal move: mover loses\n"
        )
    }

    /// White walled into the corner by a3, b2 and c1, with room a2 and b1 inside (or a1
    /// too), black's stones against the wall: shut in where no position may be played
    /// twice; not where there is a gap in the wall, nor where positions may repeat.
    #[test]
    fn a_side_walled_into_a_corner_is_shut_in_where_positions_may_not_repeat() {
        let shut_in = |rules: &str, text: &str| {
            let game = rulebook_lang::pipeline::load_text("corner", rules, None, &[]).unwrap();
            others_shut_in(&rulebook_notation::parse_position(&game, text).unwrap())
        };
        let forbidding = corner_rules("forbid repeated position");
        let walled = "6/5B/B5/WB4/1WB3/W1WB2 black";
        assert!(shut_in(&forbidding, walled));
        assert!(shut_in(&forbidding, "6/5B/B5/WB4/1WB3/2WB2 black"));
        let gap = "6/5B/B5/W4B/1WB3/W1WB2 black";
        assert!(!shut_in(&forbidding, gap), "a3 slides out east to e3");
        assert!(!shut_in(&corner_rules(""), walled));
    }

    /// While white is shut in, the moves that keep it so rank first, and of those, the one
    /// that takes back black's last move (f4-f5, answered by a1-a2): f5-f4.
    #[test]
    fn the_side_ahead_waits_by_taking_back_its_last_move_while_the_other_is_shut_in() {
        let rules = corner_rules("forbid repeated position");
        let game = rulebook_lang::pipeline::load_text("corner", &rules, None, &[]).unwrap();
        let mut state =
            rulebook_notation::parse_position(&game, "6/6/B4B/WB4/1WB3/W1WB2 black").unwrap();
        for text in ["f4-f5", "a1-a2"] {
            let m = rulebook_notation::parse_move(&mut state, text).unwrap();
            state.apply(m);
        }
        assert!(others_shut_in(&state));
        let last = state.last_move_of(state.to_move());
        let mut rank = |text: &str| {
            let m = rulebook_notation::parse_move(&mut state, text).unwrap();
            state.apply(m);
            let r = waiting_rank(&state, m, last);
            state.undo();
            r
        };
        assert_eq!(rank("f5-f4"), 3);
        assert_eq!(rank("f5-f6"), 2);
        assert_eq!(rank("a4-a6"), 0, "a3 may now slide out north");
    }

    /// The values two plies deep of a search of `state`'s moves (exact for every move with
    /// `exact_root`), best first, and how many moves the third ply searched.
    fn two_plies_then_three(state: &State, exact_root: bool) -> (Vec<i32>, usize) {
        let limits = |depth| Limits {
            depth,
            nodes: u64::MAX,
            soft: None,
            hard: None,
            quiescence: true,
            exact_root,
            refined: true,
        };
        let (stop, done) = (AtomicBool::new(false), AtomicBool::new(false));
        let flags = Flags {
            stop: &stop,
            done: &done,
        };
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let order = moves.to_vec();
        let search = |depth| {
            let table = Table::new(16);
            let mut state = state.clone();
            Worker::default().search(&mut state, &order, limits(depth), &table, &flags, 1)
        };
        let values = search(2).moves.iter().map(|m| m.value).collect();
        let deeper = search(3).moves.iter().filter(|m| m.depth == 3).count();
        (values, deeper)
    }

    /// Where stones are placed on any empty point of 17 x 17 and take by closing in (260
    /// moves here, none quiet), only the root's best [`ROOT_BEAM_MOVES`] moves two plies
    /// deep are searched a third ply, and those are the best by exact values: the same
    /// values as a search that gives every root move its exact value.
    #[test]
    fn a_root_of_hundreds_of_placements_is_searched_deeper_along_its_exact_best_moves() {
        let rules = "game \"Wall\"\nplayers black, white\nboard grid 17 by 17\npiece stone\n\
                     move place stone\nafter move capture custodian orthogonal remove\n\
                     end when no legal move: mover loses\n";
        let game = rulebook_lang::pipeline::load_text("wall", rules, None, &[]).unwrap();
        let scattered = "3W2W1B1WW5/4B11W/W16/5B11/2W7B3W2/3W13/4B8W3/5WW3WB3B1/\
                         10W5B/4B12/9BB6/13W3/17/6B10/15B1/1B15/17 black";
        let state = rulebook_notation::parse_position(&game, scattered).unwrap();
        let (beamed, searched_deeper) = two_plies_then_three(&state, false);
        let (exact, _) = two_plies_then_three(&state, true);
        assert!(beamed.len() > QUIESCENCE_MOVES);
        assert_eq!(searched_deeper, ROOT_BEAM_MOVES);
        assert_eq!(beamed[..ROOT_BEAM_MOVES], exact[..ROOT_BEAM_MOVES]);
    }
}
