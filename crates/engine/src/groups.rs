//! Groups of pieces linked along a capture's directions: the capture of the enemy groups a
//! move leaves without a liberty (an empty site next to one of their pieces), the test of
//! `with liberties` (no suicide), and the area of a player (pieces and the empty regions
//! only they border).
//!
//! Every search is a flood fill over sets of sites and a stack of sites, both fixed arrays
//! on the machine stack (a grid has at most 26 x 26 sites): nothing is allocated. A fill
//! that looks for a liberty stops at the first it finds, so that the common case (a group
//! with an empty site next to it) reads a few sites only.

use std::cell::OnceCell;

use super::movegen::SITE_SET_WORDS;
use super::{capture, Move, State};
use rulebook_model::board::MAX_GRID_SIDE;
use rulebook_model::{Board, CaptureMode, Game, Player, Site, EMPTY, NO_SITE, PLAYERS};

/// The most sites of a grid.
const MAX_SITES: usize = (MAX_GRID_SIDE * MAX_GRID_SIDE) as usize;

/// A set of sites: bit `site % 64` of word `site / 64`.
type Set = [u64; SITE_SET_WORDS];

/// The sets a player's area is found from ([`State::area_with`]).
#[derive(Debug)]
pub(super) struct Reaches {
    /// The empty sites.
    empty: Set,
    /// Per player: their pieces and the empty sites those reach.
    reached: [Set; PLAYERS],
}

#[inline(always)]
fn has(set: &Set, s: Site) -> bool {
    set[(s.index() / 64) & (SITE_SET_WORDS - 1)] >> (s.index() % 64) & 1 == 1
}

#[inline(always)]
fn add(set: &mut Set, s: Site) {
    set[(s.index() / 64) & (SITE_SET_WORDS - 1)] |= 1 << (s.index() % 64);
}

/// The directions of a mask (bit `d` for the board's direction `d`).
#[inline(always)]
fn directions(mut mask: rulebook_model::DirectionBits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let d = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        (d < 32).then_some(d)
    })
}

/// A stack of sites for a flood fill.
struct Stack {
    sites: [Site; MAX_SITES],
    len: usize,
}

impl Stack {
    fn new() -> Stack {
        Stack {
            sites: [NO_SITE; MAX_SITES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, s: Site) {
        self.sites[self.len % MAX_SITES] = s;
        self.len += 1;
    }
}

/// Fills the group of `start` (the sites `member` allows, linked along `links`), marking
/// its sites in `seen` and leaving them on `stack` (emptied first); stops at the first
/// site next to the group that `liberty` allows, and returns whether it found one (then
/// the group is only partly on the stack).
fn fill(
    board: &Board,
    (member, liberty): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    links: rulebook_model::DirectionBits,
    start: Site,
    (seen, stack): (&mut Set, &mut Stack),
) -> bool {
    stack.len = 0;
    add(seen, start);
    stack.push(start);
    let mut next = 0;
    while next < stack.len {
        let s = stack.sites[next % MAX_SITES];
        next += 1;
        for dir in directions(links) {
            let n = board.step(s, dir);
            if n == NO_SITE || has(seen, n) {
                continue;
            }
            if liberty(n) {
                return true;
            }
            if member(n) {
                add(seen, n);
                stack.push(n);
            }
        }
    }
    false
}

/// Passes to `capture` every piece of the enemy groups (pieces `enemy` allows, linked along
/// `links`) with a piece next to `landing` along `links` and no empty site (`cell` EMPTY)
/// next to any of their pieces along them. Kept out of line, so that the captures of other
/// games are compiled as they were.
#[inline(never)]
pub(super) fn capture_groups(
    board: &Board,
    (enemy, empty): (&impl Fn(Site) -> bool, &impl Fn(Site) -> bool),
    links: rulebook_model::DirectionBits,
    (landing, mode): (Site, CaptureMode),
    capture: &mut impl FnMut(Site, CaptureMode),
) {
    // The sites of the groups already judged: a group next to the landing site along
    // several directions is judged once.
    let mut judged: Set = [0; SITE_SET_WORDS];
    let mut stack = Stack::new();
    for dir in directions(links) {
        let start = board.step(landing, dir);
        if start == NO_SITE || has(&judged, start) || !enemy(start) {
            continue;
        }
        // A fill of its own: one that found a liberty saw only part of its group, which
        // a fill from another of its pieces must walk again to find a liberty too.
        let mut seen: Set = [0; SITE_SET_WORDS];
        let free = fill(
            board,
            (enemy, &empty),
            links,
            start,
            (&mut seen, &mut stack),
        );
        for (j, s) in judged.iter_mut().zip(seen) {
            *j |= s;
        }
        if !free {
            for &s in &stack.sites[..stack.len.min(MAX_SITES)] {
                capture(s, mode);
            }
        }
    }
}

/// Orthogonal directions, as indices into a word of [`Board::orthogonal_links`].
const NORTH: usize = 0;
const EAST: usize = 1;
const SOUTH: usize = 2;
const WEST: usize = 3;

/// The sites one orthogonal link away from those of `set`, on a grid `width` points wide
/// with orthogonal links `links` (see [`Board::orthogonal_links`]).
#[inline(always)]
fn neighbours(set: &Set, links: &[[u64; 4]], width: u32) -> Set {
    // The sites of word `w` with a link along `dir` (none in a word off the board).
    let linked =
        |w: usize, dir: usize| links.get(w).map_or(0, |l| set[w % SITE_SET_WORDS] & l[dir]);
    let mut next: Set = [0; SITE_SET_WORDS];
    for (w, word) in next.iter_mut().enumerate().take(links.len()) {
        let below = w.wrapping_sub(1);
        *word = linked(w, NORTH) << width
            | linked(below, NORTH) >> (64 - width)
            | linked(w, EAST) << 1
            | linked(below, EAST) >> 63
            | linked(w, SOUTH) >> width
            | linked(w + 1, SOUTH) << (64 - width)
            | linked(w, WEST) >> 1
            | linked(w + 1, WEST) << 63;
    }
    next
}

/// `start` and the sites of `within` that it reaches through them, along the orthogonal
/// links `links` of a grid `width` points wide, spread a step at a time.
fn spread(start: Set, within: &Set, links: &[[u64; 4]], width: u32) -> Set {
    let mut reached = start;
    loop {
        let next = neighbours(&reached, links, width);
        let mut grew = 0;
        for w in 0..links.len() {
            let new = next[w] & within[w] & !reached[w];
            reached[w] |= new;
            grew |= new;
        }
        if grew == 0 {
            return reached;
        }
    }
}

impl State {
    /// Whether the move `m` (a placement, a slide, a step or a flight, of a rule `with
    /// liberties` along `links`) leaves the moved piece's group with a liberty once the
    /// captures after it are made.
    pub(super) fn keeps_liberty(&self, m: Move, links: rulebook_model::DirectionBits) -> bool {
        let game = &*self.game;
        let board = &game.board;
        let mover = self.position.to_move;
        let piece = match game.moves[m.rule() as usize].kind.placed_kind() {
            Some(kind) => game.cell(mover, kind as usize),
            None => self.position.cells[m.from().index()],
        };
        let (from, to) = (m.from(), m.to());
        // The board after the move, before its captures.
        let after = |s: Site| match s {
            _ if s == to => piece,
            _ if s == from => EMPTY,
            _ => self.position.cells[s.index()],
        };
        if directions(links).any(|d| {
            let n = board.step(to, d);
            n != NO_SITE && after(n) == EMPTY
        }) {
            return true;
        }
        // The captures of the move's effects: removed sites become liberties, converted
        // pieces join the mover's.
        let (mut removed, mut converted): (Set, Set) = ([0; SITE_SET_WORDS], [0; SITE_SET_WORDS]);
        for (effect, rule) in game.effects.iter().enumerate() {
            if self.holds(&rule.condition) && capture::may_capture(game, after, effect, to, mover) {
                capture::collect(game, after, effect, to, mover, |s, mode| match mode {
                    CaptureMode::Remove => add(&mut removed, s),
                    CaptureMode::Convert => add(&mut converted, s),
                });
            }
        }
        let own = |s: Site| {
            let c = after(s);
            !has(&removed, s)
                && (has(&converted, s) || c != EMPTY && game.tables.owner[c.index()] == mover)
        };
        let liberty = |s: Site| has(&removed, s) || after(s) == EMPTY;
        let mut seen: Set = [0; SITE_SET_WORDS];
        fill(
            board,
            (&own, &liberty),
            links,
            to,
            (&mut seen, &mut Stack::new()),
        )
    }

    /// `player`'s area: their pieces (unless `territory`) and the empty sites of every
    /// region of empty sites, linked orthogonally, that borders their pieces and no
    /// other player's. On a grid whose orthogonal links join next points only, the empty
    /// sites reached from each player's pieces are spread a step at a time as bit sets
    /// ([`State::reaches`]); on any other board each region is filled in turn.
    pub(super) fn area(&self, player: Player, territory: bool) -> i64 {
        self.area_with(&OnceCell::new(), player, territory)
    }

    /// [`State::area`], with the sets it compares kept in `reaches` for the other
    /// players' areas of the same position (found on the first call).
    pub(super) fn area_with(
        &self,
        reaches: &OnceCell<Option<Reaches>>,
        player: Player,
        territory: bool,
    ) -> i64 {
        let Some(reaches) = reaches.get_or_init(|| self.reaches()) else {
            return self.area_by_regions(player, territory);
        };
        let mine = &reaches.reached[player.index()];
        let mut theirs: Set = [0; SITE_SET_WORDS];
        for other in Player::all(self.game.seats()).filter(|&p| p != player) {
            let reached = &reaches.reached[other.index()];
            theirs.iter_mut().zip(reached).for_each(|(t, &r)| *t |= r);
        }
        let sites: u32 = (0..SITE_SET_WORDS)
            .map(|w| (mine[w] & !theirs[w] & reaches.empty[w]).count_ones())
            .sum();
        let pieces = if territory {
            0
        } else {
            self.position.piece_count[player.index()]
        };
        i64::from(sites) + i64::from(pieces)
    }

    /// What each player's pieces reach through the empty sites, on a grid whose orthogonal
    /// links join next points only (`None` on any other board). A spread from several
    /// players' pieces reaches what the spreads from each reach, so each is made once.
    fn reaches(&self) -> Option<Reaches> {
        let board = &self.game.board;
        let links = board.orthogonal_links();
        if links.is_empty() {
            return None;
        }
        let mut empty: Set = [0; SITE_SET_WORDS];
        (0..links.len()).for_each(|w| empty[w] = !0);
        let width = u32::from(board.width);
        let seats = self.game.seats();
        let reached = std::array::from_fn(|p| {
            let mut pieces: Set = [0; SITE_SET_WORDS];
            if p >= seats {
                return pieces;
            }
            let occupied =
                &self.position.occupancy[p * self.position.words..][..self.position.words];
            pieces.iter_mut().zip(occupied).for_each(|(s, &o)| *s = o);
            empty.iter_mut().zip(occupied).for_each(|(e, &o)| *e &= !o);
            pieces
        });
        let reached = reached.map(|pieces: Set| spread(pieces, &empty, links, width));
        Some(Reaches { empty, reached })
    }

    /// [`State::area`] by a fill of each region of empty sites in turn, along the
    /// board's neighbour table.
    fn area_by_regions(&self, player: Player, territory: bool) -> i64 {
        let game: &Game = &self.game;
        let board = &game.board;
        let cells = &self.position.cells;
        let mut seen: Set = [0; SITE_SET_WORDS];
        let mut stack = Stack::new();
        let mut total = if territory {
            0
        } else {
            self.position.piece_count[player.index()] as i64
        };
        let empty = |s: Site| cells[s.index()] == EMPTY;
        for start in Site::all(board.sites()) {
            if !empty(start) || has(&seen, start) {
                continue;
            }
            // The region, and the players whose pieces border it (bit per player).
            let borders = std::cell::Cell::new(0u8);
            let border = |s: Site| {
                let c = cells[s.index()];
                if c != EMPTY {
                    borders.set(borders.get() | 1 << game.tables.owner[c.index()].index());
                }
                false
            };
            fill(
                board,
                (&empty, &border),
                0b1111,
                start,
                (&mut seen, &mut stack),
            );
            if borders.get() == 1 << player.index() {
                total += stack.len as i64;
            }
        }
        total
    }
}
