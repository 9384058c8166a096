//! The ban on repeated positions: the hashes of the positions played so far in a table that
//! answers "seen before?" in constant time, and the hash a move would give, found without
//! playing it wherever the move's kind allows.

use super::{capture, Move, MoveList, State};
use rulebook_model::{
    CaptureFilter, CaptureMode, Cell, Chain, Condition, EffectKind, Expr, Game, MoveKind, Player,
    RunShape, Site, EMPTY, NO_SITE,
};

/// The most moves a random pick draws without listing the moves, each judged alone by the
/// ban on repetition, before it lists them and judges them
/// ([`State::pick_unlisted_unrepeated`]): enough that a position whose moves the ban
/// mostly allows is seldom listed, few enough that one where it refuses most (or all:
/// no legal move) is soon.
pub(super) const UNLISTED_DRAWS: usize = 8;

/// The key the ban on repetition of `game` compares for a position of hash `hash` with
/// `to_move` to move: the hash itself, or without the side to move where a position is the
/// sites alone (`ignoring turn`).
#[inline]
pub(super) fn ban_key(game: &Game, hash: u64, to_move: Player) -> u64 {
    match game.repetition.positional {
        true => hash ^ game.tables.zobrist.to_move[to_move.index()],
        false => hash,
    }
}

/// The hashes of a state's history as a multiset, by open addressing with linear probing.
///
/// Entries leave in the reverse order of their arrival (moves are undone newest first), so
/// a leaving entry's slot is simply emptied: every entry still present arrived earlier and
/// so never probed past that slot. Growing re-inserts the history in order, which keeps
/// this true.
#[derive(Debug, Default)]
pub(super) struct Seen {
    /// `(hash, occurrences)`; 0 occurrences marks an empty slot. The length is a power of
    /// two, or 0 before the first entry.
    slots: Vec<(u64, u32)>,
    /// Slots in use.
    used: usize,
    /// The keys in order of arrival (the positions before each move played).
    keys: Vec<u64>,
}

impl Clone for Seen {
    fn clone(&self) -> Seen {
        let mut copy = Seen::default();
        copy.clone_from(self);
        copy
    }

    /// Copies another table into this one, reusing this one's slots (so that a state
    /// copied anew for every playout allocates nothing once its table has grown).
    fn clone_from(&mut self, other: &Seen) {
        super::copy_from(&mut self.slots, &other.slots);
        super::copy_from(&mut self.keys, &other.keys);
        self.used = other.used;
    }
}

impl Seen {
    /// The first slot to probe for `h`.
    #[inline]
    fn home(&self, h: u64) -> usize {
        (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.slots.len() - 1)
    }

    /// The slot holding `h`, or the empty slot where it would go.
    #[inline]
    fn find(&self, h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(h);
        loop {
            let (key, n) = self.slots[i];
            if n == 0 || key == h {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `h` is in the table.
    #[inline]
    pub fn contains(&self, h: u64) -> bool {
        !self.slots.is_empty() && self.slots[self.find(h)].1 > 0
    }

    /// How many times `h` is in the table.
    #[inline]
    pub fn count(&self, h: u64) -> u32 {
        match self.slots.is_empty() {
            true => 0,
            false => self.slots[self.find(h)].1,
        }
    }

    /// Adds a new entry.
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
        if (self.used + 1) * 2 > self.slots.len() {
            self.slots.clear();
            self.slots
                .resize((self.keys.len() * 4).next_power_of_two().max(256), (0, 0));
            self.used = 0;
            for i in 0..self.keys.len() {
                self.add(self.keys[i]);
            }
        } else {
            self.add(key);
        }
    }

    /// The index of the oldest entry `h`, in order of arrival.
    pub fn first(&self, h: u64) -> Option<usize> {
        self.keys.iter().position(|&k| k == h)
    }

    /// The newest `n` entries, newest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = u64> + '_ {
        self.keys.iter().rev().take(n).copied()
    }

    #[inline]
    fn add(&mut self, h: u64) {
        let i = self.find(h);
        let slot = &mut self.slots[i];
        if slot.1 == 0 {
            *slot = (h, 1);
            self.used += 1;
        } else {
            slot.1 += 1;
        }
    }

    /// Removes the newest entry.
    pub fn pop(&mut self) {
        let Some(h) = self.keys.pop() else {
            return;
        };
        let i = self.find(h);
        let slot = &mut self.slots[i];
        debug_assert!(slot.1 > 0, "the newest entry is in the table");
        slot.1 -= 1;
        self.used -= (slot.1 == 0) as usize;
    }
}

/// The captures of a move not yet played, each site once with its first capture (as when
/// the move is played: a second capture finds the piece already taken). It holds up to
/// [`Pending::MAX`] sites; past that it is `full`, and the caller plays the move instead.
struct Pending {
    sites: [(Site, CaptureMode); Pending::MAX],
    len: usize,
    full: bool,
}

impl Pending {
    const MAX: usize = 32;

    fn new() -> Pending {
        Pending {
            sites: [(NO_SITE, CaptureMode::Remove); Pending::MAX],
            len: 0,
            full: false,
        }
    }

    #[inline]
    fn add(&mut self, site: Site, mode: CaptureMode) {
        if self.sites[..self.len].iter().any(|&(s, _)| s == site) {
            return;
        }
        if self.len == Pending::MAX {
            self.full = true;
            return;
        }
        self.sites[self.len] = (site, mode);
        self.len += 1;
    }
}

/// Whether a condition counts pieces (which a jump's capture changes before the captures
/// after the move are looked for).
fn counts_pieces(condition: &Condition) -> bool {
    fn reads(e: &Expr) -> bool {
        matches!(
            e,
            Expr::Pieces(_)
                | Expr::PiecesIn(..)
                | Expr::PiecesAround { .. }
                | Expr::Line(..)
                | Expr::Lines(..)
                | Expr::Reach(..)
                | Expr::Attacked(..)
                | Expr::Connected(..)
                | Expr::Path(..)
                | Expr::Groups(..)
                | Expr::Group(..)
                | Expr::Touching(..)
                | Expr::Ring(..)
        ) || e.operands().any(reads)
    }
    matches!(condition, Condition::When(e) if reads(e))
}

/// The hash after a slide found with bit masks, on a board of at most 64 sites where every
/// capture in force is a straight custodian run of any enemy piece (all of one mode): set
/// up once per position, then a few operations per direction of a run and per move.
struct Quick {
    /// The position's hash with the turn passed on.
    base: u64,
    /// The mover's pieces.
    own: u64,
    /// The other players' pieces.
    enemy: u64,
    /// What the runs' captures do.
    mode: CaptureMode,
    /// The directions runs are looked for along, with the longest run taken: those along
    /// which site numbers grow (`rising[..rises]`), and the others (`falling[..falls]`).
    rising: [(u8, u16); Quick::MAX_RUNS],
    rises: usize,
    falling: [(u8, u16); Quick::MAX_RUNS],
    falls: usize,
    /// Per landing site (bit per site): whether its captures' keys are in `taken` yet.
    known: u64,
    /// Per landing site: the keys its captures change, together ([`Quick::captures_key`]).
    taken: [u64; 64],
}

impl Quick {
    const MAX_RUNS: usize = 16;

    /// The set-up for `state`'s position, or `None` where an effect in force is of another
    /// shape (or the board has no ray masks).
    fn new(state: &State) -> Option<Quick> {
        let game = &*state.game;
        let board = &game.board;
        let slides_only = game.moves.iter().all(|r| {
            matches!(r.kind, MoveKind::Slide { .. }) && !r.filter.has_second_part()
                || !state.holds(&r.condition)
        });
        if !board.has_ray_masks()
            || state.position.words != 1
            || !slides_only
            || game.facts.moves_again
            || game.facts.keeps_last
        {
            return None;
        }
        let mover = state.position.to_move;
        let mut quick = Quick {
            base: 0,
            own: state.position.occupancy[mover.index()],
            enemy: 0,
            mode: CaptureMode::Remove,
            rising: [(0, 0); Quick::MAX_RUNS],
            rises: 0,
            falling: [(0, 0); Quick::MAX_RUNS],
            falls: 0,
            known: 0,
            taken: [0; 64],
        };
        for effect in &game.effects {
            if !state.holds(&effect.condition) {
                continue;
            }
            let EffectKind::Custodian {
                shape: RunShape::Lines(directions),
                turning_once: false,
                min_length: 1,
                max_length,
                mode,
            } = &effect.kind
            else {
                return None;
            };
            let first = quick.rises + quick.falls == 0;
            if effect.filter != CaptureFilter::default() || (!first && *mode != quick.mode) {
                return None;
            }
            quick.mode = *mode;
            for &dir in directions {
                let (list, len) = match board.ascends(dir) {
                    true => (&mut quick.rising, &mut quick.rises),
                    false => (&mut quick.falling, &mut quick.falls),
                };
                if dir >= 8 || *len == Quick::MAX_RUNS {
                    return None;
                }
                list[*len] = (dir, *max_length);
                *len += 1;
            }
        }
        quick.enemy = Player::all(game.seats())
            .filter(|&p| p != mover)
            .fold(0, |a, p| a | state.position.occupancy[p.index()]);
        let keys = &game.tables.zobrist.to_move;
        quick.base =
            state.position.hash ^ keys[mover.index()] ^ keys[state.next_player(mover).index()];
        Some(quick)
    }

    /// The hash after `m`, if it is a slide.
    fn hash_after(&mut self, state: &State, m: Move) -> Option<u64> {
        if !matches!(
            state.game.moves[m.rule as usize].kind,
            MoveKind::Slide { .. }
        ) {
            return None;
        }
        self.learn(state, 1 << (m.to.index() & 63));
        Some(self.slide_hash(state, m))
    }

    /// Finds the keys of the captures of slides landing on the sites of `targets` (bit per
    /// site) not found yet.
    fn learn(&mut self, state: &State, targets: u64) {
        let mut new = targets & !self.known;
        self.known |= new;
        while new != 0 {
            let to = Site::at(new.trailing_zeros() as usize);
            new &= new - 1;
            self.taken[to.index() & 63] = self.captures_key(state, to);
        }
    }

    /// The hash after the slide `m`, whose landing site's captures are known
    /// ([`Quick::learn`]).
    #[inline(always)]
    fn slide_hash(&self, state: &State, m: Move) -> u64 {
        let z = &state.game.tables.zobrist;
        let (from, to) = (m.from, m.to);
        let piece = state.position.cells[from.index()];
        self.base
            ^ z.cell(from, piece)
            ^ z.cell(from, EMPTY)
            ^ z.cell(to, state.position.cells[to.index()])
            ^ z.cell(to, piece)
            ^ self.taken[to.index() & 63]
    }

    /// The keys that the captures of a slide landing on `to` change, together. They do not
    /// depend on where the slide starts: it comes along a straight line of empty sites, so
    /// its start lies on the one ray from `to` whose first site is empty or that start (no
    /// run begins there), and on no other ray.
    #[inline(never)]
    fn captures_key(&self, state: &State, to: Site) -> u64 {
        let game = &*state.game;
        let to_bit = 1u64 << (to.index() & 63);
        let (own, enemy) = (self.own | to_bit, self.enemy & !to_bit);
        let rays = game.board.ray_masks(to);
        // A run is taken when it fits and the first site past its enemies is the mover's.
        let fits = |run: u64, max: u16| max >= 64 || run.count_ones() <= max as u32;
        let mut taken = 0u64;
        for &(dir, max) in &self.rising[..self.rises] {
            let ray = rays[(dir & 7) as usize];
            let open = ray & !enemy;
            let end = open & open.wrapping_neg();
            let run = ray & end.wrapping_sub(1);
            // Without a branch on what the board holds.
            let closed = (end & own != 0) & fits(run, max);
            taken |= run & 0u64.wrapping_sub(closed as u64);
        }
        for &(dir, max) in &self.falling[..self.falls] {
            let ray = rays[(dir & 7) as usize];
            let open = ray & !enemy;
            let end = if open == 0 {
                0
            } else {
                1u64 << (63 - open.leading_zeros())
            };
            let run = ray & !(end | end.wrapping_sub(1));
            // Without a branch on what the board holds.
            let closed = (end & own != 0) & fits(run, max);
            taken |= run & 0u64.wrapping_sub(closed as u64);
        }
        let (z, mover) = (&game.tables.zobrist, state.position.to_move);
        let mut key = 0;
        while taken != 0 {
            let s = Site::at(taken.trailing_zeros() as usize);
            taken &= taken - 1;
            let old = state.position.cells[s.index()];
            let new = match self.mode {
                CaptureMode::Convert => game.cell(mover, game.kind_of(old)),
                CaptureMode::Remove => EMPTY,
            };
            key ^= z.cell(s, old) ^ z.cell(s, new);
        }
        key
    }
}

/// What judging one position's moves against the game's history needs: the captures of
/// slides found once ([`Quick`], where it applies), a move's captures not yet played
/// ([`Pending`]), and a copy of the position for the moves whose hash is not found
/// without playing them ([`Fallback`]).
struct Novelty<'a> {
    quick: Option<Quick>,
    pending: Pending,
    fallback: Fallback<'a>,
}

impl<'a> Novelty<'a> {
    /// The work space for the moves of `state`, its copy kept in `copy`.
    fn new(state: &State, copy: &'a mut Option<Box<State>>) -> Novelty<'a> {
        Novelty {
            quick: Quick::new(state),
            pending: Pending::new(),
            fallback: Fallback { copy, fresh: false },
        }
    }

    /// Whether move `m` of `state` recreates no position of the game's history (a move
    /// the ban exempts never does).
    fn is_new(&mut self, state: &State, m: Move) -> bool {
        if state.exempt(m) {
            return true;
        }
        let h = (self.quick.as_mut())
            .and_then(|q| q.hash_after(state, m))
            .or_else(|| state.hash_after_with(m, &mut self.pending));
        match h {
            Some(h) => !state.repeats(h),
            None => !state.seen(self.fallback.key_after(state, m)),
        }
    }
}

/// A copy of the position on which the moves whose hash [`State::hash_after`] cannot tell
/// are played and taken back; copied at most once per query, and kept (in a
/// [`MoveList`]) so that later queries allocate nothing.
struct Fallback<'a> {
    copy: &'a mut Option<Box<State>>,
    fresh: bool,
}

impl Fallback<'_> {
    /// The key of the ban on repetition after `m` ([`State::ban_key`]), by playing it on
    /// the copy of `state`.
    fn key_after(&mut self, state: &State, m: Move) -> u64 {
        if !self.fresh {
            match self.copy {
                Some(copy) => (**copy).clone_from(state),
                None => *self.copy = Some(Box::new(state.clone())),
            }
            self.fresh = true;
        }
        let copy = self.copy.as_mut().expect("copied above");
        copy.apply(m);
        let key = copy.ban_key(copy.hash(), copy.position.to_move);
        copy.undo();
        key
    }
}

impl State {
    /// The hash [`State::hash`] would give after playing `m` (a legal move of this
    /// position, or one its move rules allow that the ban on repetition forbids), found
    /// without playing it: from the moved piece's keys, the side to move's and those of
    /// every piece its captures take. `None` for the moves whose result only playing tells:
    /// sowings, tile moves, chained jumps, a jump when a capture's condition counts pieces,
    /// a move taking more than 32 pieces, or any move of a game with a rule `after move
    /// again` or whose rules read `last` or `origin`.
    pub fn hash_after(&self, m: Move) -> Option<u64> {
        Quick::new(self)
            .and_then(|mut q| q.hash_after(self, m))
            .or_else(|| self.hash_after_with(m, &mut Pending::new()))
    }

    /// [`State::hash_after`] with `pending` as work space (emptied first), so that a list
    /// of moves is hashed without setting up a new one per move.
    fn hash_after_with(&self, m: Move, pending: &mut Pending) -> Option<u64> {
        pending.len = 0;
        pending.full = false;
        let game = &*self.game;
        let rule = &game.moves[m.rule as usize];
        // Who moves next is known only once the move is made where a rule may say again;
        // where the position keeps the sites of the latest move, the rules may read them.
        if rule.filter.has_second_part() || game.facts.moves_again || game.facts.keeps_last {
            return None;
        }
        let jump = match rule.kind {
            MoveKind::Slide { .. } => None,
            MoveKind::Walk(ref walk) if walk.taking.is_none() => None,
            MoveKind::PlacePiece {
                from_hand: false, ..
            } => None,
            MoveKind::Jump {
                mode,
                chain: Chain::Single,
                ..
            } => Some(mode),
            MoveKind::SiteWalk(ref walk) if walk.placed_from_supply() => None,
            _ => return None,
        };
        if jump.is_some() && game.effects.iter().any(|e| counts_pieces(&e.condition)) {
            return None;
        }
        let (z, mover) = (&game.tables.zobrist, self.position.to_move);
        // What a capture leaves of `cell` (as `State::capture` does it).
        let taken = |cell: Cell, mode: CaptureMode| match mode {
            _ if cell == EMPTY || game.tables.owner[cell.index()] == mover => cell,
            CaptureMode::Convert => game.cell(mover, game.kind_of(cell)),
            CaptureMode::Remove => EMPTY,
        };
        let (from, to) = (m.from, m.to);
        let (piece, mut h) = match rule.kind.placed_kind() {
            Some(kind) => (game.cell(mover, kind as usize), self.hash()),
            None => {
                let piece = self.position.cells[from.index()];
                (
                    piece,
                    self.hash() ^ z.cell(from, piece) ^ z.cell(from, EMPTY),
                )
            }
        };
        h ^= z.cell(to, self.position.cells[to.index()]) ^ z.cell(to, piece);
        let (over, over_cell) = match jump {
            Some(Some(mode)) => (m.over, taken(self.position.cells[m.over.index()], mode)),
            _ => (NO_SITE, EMPTY),
        };
        if over != NO_SITE {
            h ^= z.cell(over, self.position.cells[over.index()]) ^ z.cell(over, over_cell);
        }
        // The board after the move, before the captures of its effects.
        let after = |s: Site| match s {
            _ if s == from => EMPTY,
            _ if s == to => piece,
            _ if s == over => over_cell,
            _ => self.position.cells[s.index()],
        };
        for (effect, rule) in game.effects.iter().enumerate() {
            if self.holds(&rule.condition) && capture::may_capture(game, after, effect, to, mover) {
                capture::collect(game, after, effect, to, mover, |s, mode| {
                    pending.add(s, mode)
                });
            }
        }
        if pending.full {
            return None;
        }
        for &(s, mode) in &pending.sites[..pending.len] {
            let old = after(s);
            h ^= z.cell(s, old) ^ z.cell(s, taken(old, mode));
        }
        let keys = &z.to_move;
        Some(h ^ keys[mover.index()] ^ keys[self.next_player(mover).index()])
    }

    /// [`ban_key`] in this state's game.
    #[inline]
    pub(super) fn ban_key(&self, hash: u64, to_move: Player) -> u64 {
        ban_key(&self.game, hash, to_move)
    }

    /// Whether the key `key` is that of this position or of one before it (within the
    /// last moves the ban looks back over).
    #[inline]
    fn seen(&self, key: u64) -> bool {
        if key == self.ban_key(self.position.hash, self.position.to_move) {
            return true;
        }
        match self.game.repetition.within as usize {
            0 => self.history.seen.contains(key),
            n => self.history.seen.recent(n - 1).any(|k| k == key),
        }
    }

    /// Whether a move whose hash after it is `h` (the turn passed on) recreates a position.
    #[inline]
    fn repeats(&self, h: u64) -> bool {
        self.seen(self.ban_key(h, self.next_player(self.position.to_move)))
    }

    /// Whether the ban on repetition leaves `m` alone: where a position is the sites alone
    /// (`ignoring turn`), a pass, which leaves them as they are.
    #[inline]
    fn exempt(&self, m: Move) -> bool {
        self.game.repetition.positional
            && matches!(self.game.moves[m.rule as usize].kind, MoveKind::Pass { .. })
    }

    /// Removes the moves that would recreate a position of the game's history.
    pub(super) fn drop_repeats(&self, moves: &mut MoveList) {
        if let Some(mut quick) = Quick::new(self) {
            // Every move is a slide: the captures of each landing site found once, then a
            // hash per move.
            quick.learn(
                self,
                moves.iter().fold(0, |a, m| a | 1 << (m.to.index() & 63)),
            );
            moves.retain(|m| !self.repeats(quick.slide_hash(self, m)));
            return;
        }
        let mut copy = moves.copy.take();
        let mut fallback = Fallback {
            copy: &mut copy,
            fresh: false,
        };
        let mut pending = Pending::new();
        moves.retain(|m| {
            if self.exempt(m) {
                return true;
            }
            match self.hash_after_with(m, &mut pending) {
                Some(h) => !self.repeats(h),
                None => !self.seen(fallback.key_after(self, m)),
            }
        });
        moves.copy = copy;
    }

    /// Whether some move of `moves` does not recreate a position of the game's history.
    pub(super) fn any_new(&self, moves: &mut MoveList) -> bool {
        let mut copy = moves.copy.take();
        let mut novelty = Novelty::new(self, &mut copy);
        let any = moves.iter().any(|&m| novelty.is_new(self, m));
        moves.copy = copy;
        any
    }

    /// A legal move of a game whose moves only a ban on repetition keeps listed
    /// ([`rulebook_model::Facts::picks_unlisted_under_ban`]), drawn without listing the
    /// moves: each draw is the move `pick(n)` of the `n` moves before the ban (counted as
    /// where there is no ban, [`State::draw_before_ban`]), judged alone, until one the ban
    /// allows, at most [`UNLISTED_DRAWS`] draws (`moves` is work space). `Some(found)`
    /// (`found` is `None` where no move is made before the ban), `None` after that many
    /// refusals, or where the moves cannot be counted without a list: the caller then lists
    /// and judges them ([`State::pick_new`]).
    ///
    /// Each legal move is as likely as another when `pick` is uniform, its draws
    /// independent. Of `n` moves before the ban, `l` legal: a draw finds a given legal move
    /// with chance `1/n` and is refused with chance `r = 1 - l/n`, the same whichever legal
    /// moves were refused or drawn before, since each draw puts back what it drew. So a
    /// given legal move comes from draw `i` (counted from 0) with chance `r^i / n`, and from
    /// the list after [`UNLISTED_DRAWS`] = `d` refusals with chance `r^d / l` (the list is a
    /// uniform pick among the `l`, [`State::pick_new`]): in all
    /// `(1 - r^d) / (n (1 - r)) + r^d / l = (1 - r^d) / l + r^d / l = 1 / l`, for every legal
    /// move alike. Where every move is refused (`l = 0`) the list finds none: no legal move.
    pub(super) fn pick_unlisted_unrepeated(
        &self,
        moves: &mut MoveList,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Option<Move>> {
        let mut copy = moves.copy.take();
        let mut novelty = Novelty::new(self, &mut copy);
        let found = self.draw_before_ban(UNLISTED_DRAWS, pick, |m| novelty.is_new(self, m));
        moves.copy = copy;
        found
    }

    /// A move of `moves` that the ban on repetition (if the game has one) and, where a
    /// random pick judges them ([`rulebook_model::Facts::picks_judge_liberties`]), its
    /// rule's `with liberties` allow, drawn by `pick` one after another without putting
    /// back (each drawn move refused is dropped from `moves`) until one is allowed: each
    /// allowed move as likely as another when `pick` is uniform, found by judging a move or
    /// two rather than all of them. None when every move is refused.
    pub(super) fn pick_new(
        &self,
        moves: &mut MoveList,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let game = &*self.game;
        let mut copy = moves.copy.take();
        let mut novelty = (game.repetition.forbidden).then(|| Novelty::new(self, &mut copy));
        let liberties = |m: Move| match game.moves[m.rule as usize].filter.liberties {
            Some(links) if game.facts.picks_judge_liberties => self.keeps_liberty(m, links),
            _ => true,
        };
        let mut found = None;
        while !moves.is_empty() {
            let k = pick(moves.len());
            let m = moves[k];
            if liberties(m) && novelty.as_mut().is_none_or(|n| n.is_new(self, m)) {
                found = Some(m);
                break;
            }
            moves.swap_remove(k);
        }
        moves.copy = copy;
        found
    }
}
