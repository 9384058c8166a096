//! The random playout of a game whose only move is one plain sowing (no `start at`, no
//! relay) on a board of fewer than [`LANES`] sites: what it reads of the game gathered once,
//! when a state of the game is made, into tables of fixed size that the sowing loop reads
//! without bounds checks, and the picking and sowing of each ply in one loop. A game
//! outside it plays its playouts by the general path ([`State::playout`] chooses).

use std::sync::Arc;

use super::{Pits, BITS_SET};
use crate::engine::State;
use crate::model::{Action, Expr, Game, MoveKind, Player, Site, SowCheck, SowPlan, PLAYERS};

/// The sites a board may have for the tables (a site's index is masked to them, so that
/// every read of a table is in bounds).
pub(in crate::engine) const LANES: usize = 64;

/// What the playout of a plain sowing reads of its game ([`Lanes::for_game`]), shared by
/// every copy of a state.
#[derive(Debug)]
pub(in crate::engine) struct Lanes {
    /// Per mover, the site after each site on the sowing's track.
    next: [[u8; LANES]; PLAYERS],
    /// Per site, its bit in the mask of non-empty pits (0 for a store).
    bit: [u64; LANES],
    /// Each player's pit 1.
    first: [u8; PLAYERS],
    /// Each player's store (for `marked pits feed owner store`).
    store: [u8; PLAYERS],
    /// Per mover and last site, the rules after sowing whose conditions hold as far as
    /// they decide ([`crate::model::SowPlan::candidates`], of one word).
    candidates: [[u64; LANES]; PLAYERS],
    /// Per rule after sowing, its table ([`rule_table`]).
    tables: [Option<Box<Table<Entry>>>; 64],
    /// A bit per rule after sowing with parts of its condition that its table lacks.
    others: u64,
    /// A bit per rule after sowing whose actions the general path carries out.
    general: u64,
    /// A bit per rule after sowing that gives the mover another move.
    again: u64,
    /// The numbers of stones below which the rules' bits say whether a part holds.
    tabled: u16,
    /// The keys of both players to move, combined: what a change of turn adds to the hash.
    turn: u64,
    /// `first stone into origin`.
    origin_first: bool,
    /// `skip origin`.
    skip_origin: bool,
    /// `marked pits feed owner store`.
    to_marker: bool,
}

impl Lanes {
    /// The tables of a game whose only move rule is a sowing with no `start at` and no
    /// relay, on a board of fewer than [`LANES`] sites, that keeps no hash of the stones (it
    /// tracks no repeated positions) and has at most 64 rules after sowing; `None` for any
    /// other game. Whether a playout may use them is decided per playout as well
    /// ([`State::playout`]: nothing may narrow the moves).
    pub(in crate::engine) fn for_game(game: &Game) -> Option<Arc<Lanes>> {
        let board = &game.board;
        let sites = board.sites();
        let [rule] = &game.moves[..] else {
            return None;
        };
        let MoveKind::Sow {
            sowing,
            track,
            relay: None,
            start: None,
        } = &rule.kind
        else {
            return None;
        };
        let plan = &game.sow_plan;
        if sites >= LANES
            || board.pits() == 0
            || game.tracks_repetition
            || plan.words != 1
            || track.len() < PLAYERS * sites
            || plan.candidates.len() < PLAYERS * sites
        {
            return None;
        }
        let site = |s: Site| match s.index() < sites {
            true => Some(s.index() as u8),
            false => None,
        };
        let mut lanes = Lanes {
            next: [[0; LANES]; PLAYERS],
            bit: [0; LANES],
            first: [0; PLAYERS],
            store: [0; PLAYERS],
            candidates: [[0; LANES]; PLAYERS],
            tables: std::array::from_fn(|_| None),
            others: 0,
            general: 0,
            again: (plan.actions.iter().enumerate())
                .filter(|(_, actions)| actions.contains(&Action::Again))
                .fold(0, |bits, (r, _)| bits | 1 << r),
            tabled: plan.stones.min(64) as u16,
            turn: game.zobrist.to_move.iter().fold(0, |key, k| key ^ k),
            origin_first: sowing.origin_first,
            skip_origin: sowing.skip_origin,
            to_marker: sowing.marked_to_owner,
        };
        for p in Player::all() {
            let i = p.index();
            lanes.first[i] = site(board.pit(p, 1))?;
            // A board without stores feeds none: the general path says what happens.
            lanes.store[i] = match site(board.store(p)) {
                Some(store) => store,
                None if sowing.marked_to_owner => return None,
                None => 0,
            };
            for s in 0..sites {
                // A track's site outside the board is never reached by a lap.
                lanes.next[i][s] = site(track[i * sites + s]).unwrap_or(0);
                lanes.candidates[i][s] = plan.candidates[i * sites + s];
            }
        }
        for s in 0..sites {
            lanes.bit[s] = board.pit_bit(Site::at(s));
        }
        for r in 0..plan.actions.len().min(64) {
            let (table, others, general) = rule_table(plan, r, sites);
            lanes.tables[r] = table;
            lanes.others |= (others as u64) << r;
            lanes.general |= (general as u64) << r;
        }
        Some(Arc::new(lanes))
    }
}

/// A table per mover and last site.
type Table<T> = [[T; LANES]; PLAYERS];

/// A site of a table that names none: read as the padding after the board's sites, which
/// holds no stones.
const NONE: u8 = u8::MAX;

/// What a rule after sowing says for one mover and last site, as far as tables say it: up
/// to two parts of its condition, each decided by the stones of one site, and up to two
/// takes of all stones of a site to another.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The sites whose stones decide the parts ([`NONE`] for a part that always holds).
    sites: [u8; 2],
    /// The takes: from and to ([`NONE`] where the take moves nothing).
    takes: [[u8; 2]; 2],
    /// Per part, a bit per number of stones below [`Lanes::tabled`] for which it holds.
    holds: [u64; 2],
}

/// What the lanes know of rule `r` of `plan` on a board of `sites` sites (fewer than
/// [`LANES`]): its table, when at most two parts of its condition are decided by the
/// stones of one site; whether other parts remain (checked by the general path after the
/// table's); whether its actions are carried out by the general path (anything but up to
/// two takes of tabled sites and a move again, or an `unless`).
fn rule_table(plan: &SowPlan, r: usize, sites: usize) -> (Option<Box<Table<Entry>>>, bool, bool) {
    let value = |e: &Expr, entry: usize| match e {
        Expr::Tabled(t) => plan.tables[*t as usize][entry],
        _ => (entry % sites) as i64, // `last`, the only other kind let through
    };
    let site_of = |v: i64| match usize::try_from(v) {
        Ok(s) if s < sites => s as u8,
        _ => NONE,
    };
    let tabled = |e: &Expr| matches!(e, Expr::Tabled(_) | Expr::Last);
    let mut takes = Vec::new();
    let mut general_acts = plan.cancels[r].is_some();
    for action in &plan.actions[r] {
        match action {
            Action::Again => {}
            Action::Take { from, to } if tabled(from) && tabled(to) => takes.push((from, to)),
            Action::Take { .. } | Action::Mark(_) | Action::TakeRun { .. } => general_acts = true,
        }
    }
    if takes.len() > 2 {
        general_acts = true;
        takes.clear();
    }
    let parts: Vec<_> = (plan.checks[r].iter())
        .filter_map(|check| match check {
            SowCheck::Stones { site, holds, .. } => Some((*site as usize, holds)),
            SowCheck::Expr(_) => None,
        })
        .collect();
    let others = parts.len() < plan.checks[r].len();
    if parts.len() > 2 {
        return (None, true, general_acts);
    }
    let always = Entry {
        sites: [NONE; 2],
        takes: [[NONE; 2]; 2],
        holds: [u64::MAX; 2],
    };
    let mut table = Box::new([[always; LANES]; PLAYERS]);
    for (p, row) in table.iter_mut().enumerate() {
        for (last, e) in row.iter_mut().enumerate().take(sites) {
            let entry = p * sites + last;
            for (k, &(site, holds)) in parts.iter().enumerate() {
                e.sites[k] = site_of(plan.tables[site][entry]);
                e.holds[k] = (0..plan.stones.min(64))
                    .filter(|&n| holds[entry * plan.stones + n])
                    .fold(0, |bits, n| bits | 1 << n);
            }
            for (k, &(from, to)) in takes.iter().enumerate() {
                let (a, b) = (site_of(value(from, entry)), site_of(value(to, entry)));
                if a != NONE && b != NONE && a != b {
                    e.takes[k] = [a, b];
                }
            }
        }
    }
    (Some(table), others, general_acts)
}

impl State {
    /// [`State::playout`] of a game with [`Lanes`] (taken only when the moves are always
    /// exactly its sowing's: [`State::plain_sowing`]).
    pub(in crate::engine) fn lanes_playout(
        &mut self,
        lanes: &Lanes,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        // Whether end rules are checked after every move, decided once.
        match self.game.ends_after_moves && !self.without_ends {
            true => self.lanes_plies::<true>(lanes, max_plies, pick),
            false => self.lanes_plies::<false>(lanes, max_plies, pick),
        }
    }

    /// The loop of [`State::lanes_playout`]; `ENDS`: whether end rules are checked after
    /// every move. Each ply as [`State::pick_sowing`], then [`State::play`] of the move.
    #[inline(always)]
    fn lanes_plies<const ENDS: bool>(
        &mut self,
        lanes: &Lanes,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        for n in 0..max_plies {
            if self.ended.is_some() {
                return (n, true);
            }
            let mover = self.to_move;
            let mut full = self.pits.row(mover);
            if full == 0 {
                return (n, true);
            }
            let count = match full {
                0..256 => BITS_SET[full as usize] as usize,
                _ => full.count_ones() as usize,
            };
            for _ in 0..pick(count) {
                full &= full - 1;
            }
            let origin = lanes.first[mover.index()] as usize + full.trailing_zeros() as usize;
            self.goals_known = None;
            self.pits.origin = Site::at(origin);
            let last = self.pits.lanes_lap(lanes, mover, origin);
            self.pits.last = Site::at(last);
            let again = match self.lanes_rule(lanes, mover, last) {
                Some(r) => self.lanes_act(lanes, r, mover, last),
                None => false,
            };
            if !self.without_ends {
                self.check_rows();
            }
            if !again || self.ended.is_some() {
                self.hash ^= lanes.turn;
                self.to_move = mover.next();
            }
            if ENDS && self.ended.is_none() {
                self.check_ends_after_move(mover);
            }
        }
        (max_plies, false)
    }
}

impl State {
    /// The first rule after sowing whose condition holds, after a sowing by `mover` whose
    /// last stone went into site `last` (as [`State::rule_after_sowing`]).
    #[inline(always)]
    fn lanes_rule(&self, lanes: &Lanes, mover: Player, last: usize) -> Option<usize> {
        let (m, last) = (mover.index(), last % LANES);
        let mut bits = lanes.candidates[m][last];
        let counts = self.pits.counts.first_chunk::<LANES>()?;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(table) = &lanes.tables[r % 64] {
                let e = &table[m][last];
                let a = counts[e.sites[0] as usize % LANES];
                let b = counts[e.sites[1] as usize % LANES];
                if a < lanes.tabled && b < lanes.tabled {
                    if e.holds[0] >> (a % 64) & e.holds[1] >> (b % 64) & 1 == 0 {
                        continue;
                    }
                    if lanes.others >> r & 1 == 0 {
                        return Some(r);
                    }
                }
            }
            // Parts the table lacks, or stones beyond it: all parts checked in general.
            let entry = m * self.pits.sites + last;
            if self.first_holding(1 << r, 0, entry).is_some() {
                return Some(r);
            }
        }
        None
    }

    /// Carries out rule `r` after sowing (as [`State::act`]); returns whether the mover
    /// moves again.
    #[inline(always)]
    fn lanes_act(&mut self, lanes: &Lanes, r: usize, mover: Player, last: usize) -> bool {
        let Some(table) = lanes.tables[r % 64]
            .as_ref()
            .filter(|_| lanes.general >> r & 1 == 0)
        else {
            return self.act(r);
        };
        let e = &table[mover.index()][last % LANES];
        let pits = &mut self.pits;
        if let Some(counts) = pits.counts.first_chunk_mut::<LANES>() {
            for [from, to] in e.takes {
                let (from, to) = (from as usize % LANES, to as usize % LANES);
                let moved = counts[from];
                if moved > 0 {
                    counts[from] = 0;
                    counts[to] += moved;
                    pits.full = pits.full & !lanes.bit[from] | lanes.bit[to];
                }
            }
        }
        lanes.again >> r & 1 != 0
    }
}

impl Pits {
    /// The lap of a move of a game with [`Lanes`] for `mover` from pit `from` (a site of the
    /// board, not empty): its stones lifted and sown along the track; returns the site the
    /// last stone went into. As [`Pits::lap`] for a move's first lap, with no hash kept.
    #[inline(always)]
    fn lanes_lap(&mut self, lanes: &Lanes, mover: Player, from: usize) -> usize {
        // Padded to LANES sites when the lanes were attached.
        let Some(counts) = self.counts.first_chunk_mut::<LANES>() else {
            return from;
        };
        let next = &lanes.next[mover.index()];
        let from = from % LANES;
        let mut full = self.full;
        let mut stones = counts[from];
        counts[from] = 0;
        full &= !lanes.bit[from];
        if lanes.origin_first && stones > 1 {
            counts[from] = 1;
            full |= lanes.bit[from];
            stones -= 1;
        }
        let mut site = from;
        let to_marker = lanes.to_marker && self.marked > 0;
        if !lanes.skip_origin && !to_marker {
            // The common case: every stone into the next site of the track.
            while stones > 0 {
                site = next[site] as usize % LANES;
                counts[site] += 1;
                full |= lanes.bit[site];
                stones -= 1;
            }
        } else {
            while stones > 0 {
                site = next[site] as usize % LANES;
                if lanes.skip_origin && site == from {
                    continue;
                }
                let mark = match to_marker {
                    true => self.marks.get(site).copied().unwrap_or(0),
                    false => 0,
                };
                let into = match Player::of_code(mark) {
                    Some(p) => lanes.store[p.index()] as usize % LANES,
                    None => site,
                };
                counts[into] += 1;
                full |= lanes.bit[into];
                stones -= 1;
            }
        }
        self.full = full;
        site
    }

    /// Attaches a game's [`Lanes`] (or none), padding the counts to [`LANES`] sites for
    /// them.
    pub(in crate::engine) fn attach_lanes(&mut self, lanes: Option<Arc<Lanes>>) {
        if lanes.is_some() && self.counts.len() < LANES {
            self.counts.resize(LANES, 0);
        }
        self.lanes = lanes;
    }

    /// The game's [`Lanes`], if it has them.
    #[inline]
    pub(in crate::engine) fn lanes(&self) -> Option<Arc<Lanes>> {
        self.lanes.clone()
    }
}
