//! Games of chance: the throw of the dice that opens every turn (a chance event, each
//! outcome a move of its own) and the moves of a race along the players' tracks by the
//! throw.

use super::{Move, MoveList, State};
use rulebook_model::{Along, Dice, MoveKind, Player, Site, Track, TrackFrom, EMPTY, NO_SITE};

/// The hash key of a throw (the index of its outcome), mixed from the index alone: a
/// position before the throw and after differ by it.
#[inline]
fn throw_key(outcome: u8) -> u64 {
    (u64::from(outcome) + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
}

/// The hash key of a position before the opening roll (`opening roll one die each`).
const OPENING_KEY: u64 = 0x5DEE_CE66_D1CE_0B3A;

/// The bit of a throw's [`Move`] that marks it a throw of the opening roll (its outcome
/// one of [`Dice::opening`]'s).
const OPENING_THROW: u64 = 1 << 32;

/// The most dice a turn holds to use one by one (four dice, a double given twice).
pub(super) const MOST_DICE_LEFT: usize = 8;

/// The dice of the turn ([`Position`](super::Position)'s `thrown`): the throw made, and,
/// for dice used one by one, the dice left to use. Copy, so that a move's undo note keeps
/// it whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Thrown {
    /// 0 before the dice are thrown this turn, or 1 + the index of the throw in
    /// [`Dice::outcomes`]; 0 in other games.
    outcome: u8,
    /// Dice used one by one: how many dice are left to use (the first of `dice`); 0 in
    /// other games, and once the turn's dice are done with.
    left: u8,
    /// The dice left, in the order thrown; 0 in the slots past them.
    dice: [u8; MOST_DICE_LEFT],
    /// Whether the opening roll is still to come (`opening roll one die each`): no
    /// player has moved, and the first throw decides who starts.
    opening: bool,
}

impl Thrown {
    /// The throw made this turn, as the index of its outcome; `None` before the throw.
    #[inline]
    pub(super) fn outcome(self) -> Option<usize> {
        self.outcome.checked_sub(1).map(usize::from)
    }

    /// The dice left to use (empty where the dice are summed).
    #[inline]
    pub(super) fn dice(&self) -> &[u8] {
        &self.dice[..usize::from(self.left)]
    }

    /// Whether the opening roll is still to come (`opening roll one die each`).
    #[inline]
    pub(super) fn opening(self) -> bool {
        self.opening
    }

    /// The hash key of the turn's dice: the throw's, and the dice left's (before the
    /// opening roll, the opening's).
    #[inline]
    fn key(self) -> u64 {
        match self.outcome.checked_sub(1) {
            Some(outcome) => throw_key(outcome) ^ self.dice_key(),
            None if self.opening => OPENING_KEY,
            None => 0,
        }
    }

    /// The hash key of the dice left (0 for none).
    fn dice_key(self) -> u64 {
        let mut key = 0;
        for (i, &die) in self.dice().iter().enumerate() {
            key ^= ((u64::from(die) << 8) | (i as u64 + 1))
                .wrapping_mul(0xD6E8_FEB8_6659_FD93)
                .rotate_left(17);
        }
        key
    }

    /// The same throw with one die of value `die` used (the first such die left).
    fn without(mut self, die: u8) -> Thrown {
        if let Some(i) = self.dice().iter().position(|&d| d == die) {
            self.dice.copy_within(i + 1.., i);
            self.left -= 1;
            // The slots past the dice left stay 0, so that equal throws compare equal.
            self.dice[usize::from(self.left)] = 0;
        }
        self
    }
}

impl Move {
    /// The throw of the dice by rule `rule` that shows outcome number `outcome` (its index
    /// in [`Dice::outcomes`]).
    #[inline]
    pub fn throw(rule: u8, outcome: usize) -> Move {
        Move {
            path: outcome as u64,
            ..Move::pass(rule)
        }
    }

    /// The throw of the opening roll by rule `rule` that shows outcome number `outcome` (its
    /// index in the outcomes of [`Dice::opening`]).
    pub fn opening_throw(rule: u8, outcome: usize) -> Move {
        Move {
            path: OPENING_THROW | outcome as u64,
            ..Move::pass(rule)
        }
    }

    /// For a throw of the dice, the index of its outcome in [`Dice::outcomes`] (for a
    /// throw of the opening roll, in [`Dice::opening`]'s); 0 for any other move.
    #[inline]
    pub fn outcome(self) -> usize {
        (self.path as u32) as usize
    }

    /// For a throw of the dice, whether it is the opening roll's
    /// ([`Move::opening_throw`]).
    #[inline]
    pub fn opens(self) -> bool {
        self.path & OPENING_THROW != 0
    }

    /// For a move along a track `by die`, the die it uses; 0 for a move by the sum.
    #[inline]
    pub fn die(self) -> u8 {
        self.path as u8
    }
}

impl State {
    /// The dice, when the player to move must throw them now (a chance point: the legal
    /// moves are the throws, each as likely as its weight says); `None` otherwise. Before
    /// the opening roll ([`State::opening`]), the opening's throws.
    pub fn chance(&self) -> Option<&Dice> {
        let rule = self.game.facts.roll_rule?;
        if self.position.thrown.outcome != 0 || self.position.ended.is_some() {
            return None;
        }
        match &self.game.moves[rule as usize].kind {
            MoveKind::Roll(dice) if self.position.thrown.opening => dice.opening.as_deref(),
            MoveKind::Roll(dice) => Some(dice),
            _ => None,
        }
    }

    /// Whether the throw due now is the opening roll (`opening roll one die each`): each
    /// player's one die, the higher's owner starting.
    pub fn opening(&self) -> bool {
        self.position.thrown.opening && self.chance().is_some()
    }

    /// Leaves the opening roll to come, in a game that has one (a start position, or one
    /// read as such), with its hash key.
    pub(super) fn await_opening(&mut self) {
        let rule = usize::from(self.game.facts.roll_rule.unwrap_or(0));
        let has = matches!(&self.game.moves.get(rule).map(|r| &r.kind),
            Some(MoveKind::Roll(dice)) if dice.opening.is_some());
        if has && self.position.thrown.outcome == 0 && !self.position.thrown.opening {
            self.position.thrown.opening = true;
            self.position.hash ^= OPENING_KEY;
        }
    }

    /// The throw by rule `rule` that shows outcome number `outcome` of the dice that
    /// [`State::chance`] gives: the opening roll's while it is to come, else the turn's.
    fn throw_move(&self, rule: u8, outcome: usize) -> Move {
        match self.position.thrown.opening {
            true => Move::opening_throw(rule, outcome),
            false => Move::throw(rule, outcome),
        }
    }

    /// The value thrown this turn, once the dice are thrown (`None` before, and in a game
    /// without dice).
    pub fn thrown(&self) -> Option<i64> {
        let rule = self.game.facts.roll_rule?;
        let index = self.position.thrown.outcome()?;
        match &self.game.moves[rule as usize].kind {
            MoveKind::Roll(dice) => Some(dice.outcomes[index].0),
            _ => None,
        }
    }

    /// At a chance point, the throw that `pick(w)` falls on, `w` being the dice's
    /// [total](Dice::total) of equally likely ways to fall (each throw as likely as its
    /// weight says); `None` elsewhere.
    pub fn pick_throw(&self, mut pick: impl FnMut(usize) -> usize) -> Option<Move> {
        let dice = self.chance()?;
        let rule = self.game.facts.roll_rule?;
        let mut way = pick(dice.total() as usize) as u64;
        for (outcome, &(_, weight)) in dice.outcomes.iter().enumerate() {
            if way < weight {
                return Some(self.throw_move(rule, outcome));
            }
            way -= weight;
        }
        None
    }

    /// Appends the throws of the dice, one per outcome.
    pub(super) fn throws(&self, dice: &Dice, out: &mut MoveList) {
        let rule = self.game.facts.roll_rule.unwrap_or(0);
        for outcome in 0..dice.outcomes.len() {
            out.push(self.throw_move(rule, outcome));
        }
    }

    /// Appends the moves along the track of rule `rule` by this turn's throw (`by die`:
    /// by each die left, [`State::die_moves`]).
    pub(super) fn track_moves(&self, rule: u8, track: &Track, out: &mut MoveList) {
        if track.by_die {
            return self.die_moves(rule, track, out);
        }
        let Some(steps) = self.thrown().filter(|&v| v > 0) else {
            return;
        };
        self.steps_moves(rule, track, steps as usize, out);
    }

    /// Appends the moves along the track of rule `rule` by `steps` sites: from the stock
    /// first, then by the site moved from (none while a piece of the mover's waits in the
    /// stock, after `from hand first`).
    #[inline(always)]
    fn steps_moves(&self, rule: u8, track: &Track, steps: usize, out: &mut MoveList) {
        let mover = self.position.to_move;
        let waiting = || self.in_stock(mover, track.kind) > 0;
        let enters = !matches!(track.from, TrackFrom::Sites(_))
            && track.enter.is_none_or(|v| v == steps as i64)
            && waiting();
        if enters {
            let p = mover.index();
            let to = match track.enter {
                Some(_) => track.after(p, 0, 1),
                None => track.after(p, 0, steps),
            };
            if let Along::Site(to) = to {
                if self.may_land(track, mover, to, NO_SITE) {
                    out.push(Move::place(rule, to));
                }
            }
        }
        let board = match track.from {
            TrackFrom::Hand => false,
            TrackFrom::HandFirst => !waiting(),
            _ => true,
        };
        if board {
            self.board_track_moves(rule, track, steps, out);
        }
    }

    /// Appends the moves along the track of rule `rule` `by die`: for each value among
    /// the dice left (lowest first), the moves by that many sites, each move noting its
    /// die.
    #[inline(never)]
    fn die_moves(&self, rule: u8, track: &Track, out: &mut MoveList) {
        let mut dice = [0u8; MOST_DICE_LEFT];
        let left = self.position.thrown.dice();
        dice[..left.len()].copy_from_slice(left);
        let dice = &mut dice[..left.len()];
        dice.sort_unstable();
        for (i, &die) in dice.iter().enumerate() {
            if i > 0 && dice[i - 1] == die {
                continue;
            }
            let start = out.len();
            self.steps_moves(rule, track, usize::from(die), out);
            out.set_paths_from(start, u64::from(die));
        }
    }

    /// Appends the moves of the mover's pieces on the board `steps` sites along their
    /// track (only from the sites of `from REGION`, if given), by the site moved from.
    #[inline(always)]
    fn board_track_moves(&self, rule: u8, track: &Track, steps: usize, out: &mut MoveList) {
        let mover = self.position.to_move;
        let p = mover.index();
        let sites = self.position.cells.len();
        let only = match track.from {
            TrackFrom::Sites(r) => Some(&self.game.tables.regions[r as usize]),
            _ => None,
        };
        let last = self.bearing_off(track, mover);
        for (w, &word) in self.position.occupied_by(mover).iter().enumerate() {
            let mut bits = word & only.map_or(u64::MAX, |region| region[w]);
            while bits != 0 {
                let from = Site::at(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                let at = track.position[p * sites + from.index()] as usize;
                if at == 0 {
                    continue;
                }
                match track.after(p, at, steps) {
                    Along::Site(to) if self.may_land(track, mover, to, from) => {
                        out.push(Move::step(rule, from, to))
                    }
                    Along::Off if last.is_some() => out.push(Move::remove(rule, from)),
                    Along::Beyond if last == Some(at) => out.push(Move::remove(rule, from)),
                    _ => {}
                }
            }
        }
    }

    /// Whether `mover`'s pieces may leave the board now: `None` if not; else the number on
    /// their track of the site from which a throw greater than needed bears a piece off
    /// (after `bearing off when all in`, that of the piece farthest back, when all are
    /// home; 0, no site, otherwise).
    fn bearing_off(&self, track: &Track, mover: Player) -> Option<usize> {
        let p = mover.index();
        let Some(&home) = track.home.get(p) else {
            return track.bears_off.then_some(0);
        };
        if self.in_stock(mover, track.kind) > 0 {
            return None;
        }
        let sites = self.position.cells.len();
        let mut farthest_back = usize::MAX;
        for (w, &word) in self.position.occupied_by(mover).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let kind = self.game.kind_of(self.position.cells[site]);
                let at = track.position[p * sites + site];
                if kind != track.kind as usize {
                    continue;
                }
                if at < home {
                    return None;
                }
                farthest_back = farthest_back.min(at as usize);
            }
        }
        Some(farthest_back)
    }

    /// Whether the piece of `mover`'s on `from` (or, from [`NO_SITE`], one entering) may
    /// land on `to`: an empty site, the same pieces where they stack, or an enemy piece
    /// off the safe sites and fewer than `blocked by` says.
    #[inline(always)]
    fn may_land(&self, track: &Track, mover: Player, to: Site, from: Site) -> bool {
        let cell = self.position.cells[to.index()];
        if cell == EMPTY {
            return true;
        }
        if self.game.tables.owner[cell.index()] == mover {
            return self.game.start.stacking != 0 && {
                let piece = match from {
                    NO_SITE => self.game.cell(mover, track.kind as usize),
                    from => self.position.cells[from.index()],
                };
                piece == cell && self.stacks_of(cell)
            };
        }
        if track
            .blocked
            .is_some_and(|n| self.stack_height(to) >= u32::from(n))
        {
            return false;
        }
        !track
            .safe
            .is_some_and(|r| self.game.in_region(r as usize, to))
    }

    /// How many pieces of `kind` `player` has in stock.
    fn in_stock(&self, player: Player, kind: u8) -> u16 {
        let kinds = self.game.about.piece_kinds.len();
        (self
            .position
            .stock
            .get(player.index() * kinds + kind as usize))
        .map_or(0, |&n| n)
    }

    /// Adds `delta` to the pieces of `kind` `player` has in stock, with the hash keys.
    fn add_to_stock(&mut self, player: Player, kind: usize, delta: i32) {
        let slot = player.index() * self.game.about.piece_kinds.len() + kind;
        let n = self.position.stock[slot];
        let m = (i32::from(n) + delta).max(0) as u16;
        let z = &self.game.tables.zobrist;
        self.position.hash ^= z.hand(slot, n) ^ z.hand(slot, m);
        self.position.stock[slot] = m;
    }

    /// Plays a throw of the dice: the turn's throw is its outcome (dice used one by one:
    /// its dice are left to use); the same player moves.
    #[inline]
    pub(super) fn throw(&mut self, m: Move) {
        if m.opens() {
            return self.open(m);
        }
        // Before the throw the turn holds no dice (whose key is 0).
        let outcome = m.outcome() as u8;
        self.position.thrown.outcome = outcome + 1;
        self.position.hash ^= throw_key(outcome);
        let kind = &self.game.moves[usize::from(m.rule)].kind;
        if matches!(kind, MoveKind::Roll(dice) if dice.one_by_one_used()) {
            self.give_dice(m);
        }
    }

    /// Plays a throw of the opening roll: the player whose die is the higher moves, with
    /// the two dice left to use as after a throw of them.
    #[cold]
    #[inline(never)]
    fn open(&mut self, m: Move) {
        let opened = match &self.game.moves[usize::from(m.rule)].kind {
            MoveKind::Roll(dice) => dice.opened_by(m.outcome()),
            _ => None,
        };
        let Some((outcome, starter)) = opened else {
            return;
        };
        self.position.hash ^= OPENING_KEY;
        self.position.thrown.opening = false;
        self.throw(Move::throw(m.rule, outcome));
        let (before, starter) = (self.position.to_move, Player::all(2).nth(starter));
        if let Some(starter) = starter {
            let keys = &self.game.tables.zobrist.to_move;
            self.position.hash ^= keys[before.index()] ^ keys[starter.index()];
            self.position.to_move = starter;
        }
    }

    /// Leaves the dice of throw `m`, just made, to use (dice used one by one).
    #[cold]
    fn give_dice(&mut self, m: Move) {
        let game = std::sync::Arc::clone(&self.game);
        let part = match &game.moves[usize::from(m.rule)].kind {
            MoveKind::Roll(dice) => dice.parts.get(m.outcome()).map_or(&[][..], |p| &p[..]),
            _ => &[],
        };
        let mut thrown = self.position.thrown;
        let n = part.len().min(MOST_DICE_LEFT);
        thrown.dice[..n].copy_from_slice(&part[..n]);
        thrown.left = n as u8;
        self.set_thrown(thrown);
    }

    /// Sets the turn's dice, with the hash keys.
    #[inline]
    fn set_thrown(&mut self, thrown: Thrown) {
        self.position.hash ^= self.position.thrown.key() ^ thrown.key();
        self.position.thrown = thrown;
    }

    /// Leaves only these dice of the turn's throw to use (a position read from text, some
    /// dice used): those of `dice` that the throw holds.
    pub(super) fn set_dice_left(&mut self, dice: &[u8]) {
        let mut thrown = self.position.thrown;
        let mut kept = Thrown {
            left: 0,
            dice: [0; MOST_DICE_LEFT],
            ..thrown
        };
        for &die in dice {
            if thrown.dice().contains(&die) && usize::from(kept.left) < MOST_DICE_LEFT {
                thrown = thrown.without(die);
                kept.dice[usize::from(kept.left)] = die;
                kept.left += 1;
            }
        }
        self.set_thrown(kept);
    }

    /// The dice left to use this turn (dice used one by one; empty otherwise).
    pub fn dice_left(&self) -> &[u8] {
        self.position.thrown.dice()
    }

    /// After a move `by die` of `mover`'s, played: its die is used, and the same player
    /// moves on if a die is left that a move can use; else the turn's dice are done with
    /// (and the next turn is `next`'s). Landing on a site of `again on` (whose next turn
    /// `next` already is) ends the turn too, the dice left unused. The player to move.
    #[inline(never)]
    fn use_die(&mut self, m: Move, mover: Player, next: Player) -> Player {
        let mut thrown = self.position.thrown.without(m.die());
        let landed_again = match &self.game.moves[usize::from(m.rule)].kind {
            MoveKind::Track(t) => (t.again.zip(Some(m.to())))
                .is_some_and(|(r, to)| to != NO_SITE && self.game.in_region(r as usize, to)),
            _ => false,
        };
        if !landed_again && thrown.left > 0 {
            // The mover is still to move here: the move's end passes the turn.
            self.set_thrown(thrown);
            if self.die_move_left() {
                return mover;
            }
        }
        thrown.left = 0;
        self.set_thrown(thrown);
        next
    }

    /// Whether the player to move has a move by a die left (found in the work list).
    fn die_move_left(&mut self) -> bool {
        let mut work = std::mem::take(&mut self.scratch.work);
        let probing = std::mem::replace(&mut work.probing, true);
        work.clear();
        self.pseudo_legal_moves(&mut work);
        let found = work.iter().any(|m| self.by_die(*m));
        work.probing = probing;
        self.scratch.work = work;
        found
    }

    /// Keeps of the moves from position `start` on, under `must use most dice`, the moves
    /// by a die that begin a way of using as many of the dice left as can be used (and,
    /// when no way uses more than one, those of the largest die); other moves stay. Each
    /// move is played on a copy of the position kept in `out` (no allocation once it is
    /// there), the dice that can follow it counted move by move, at most as deep as the
    /// dice left.
    #[inline]
    pub(super) fn keep_most_dice(&self, start: usize, out: &mut MoveList) {
        if self.position.thrown.left > 1 && !out.probing {
            self.keep_most_dice_of(start, out);
        }
    }

    /// [`State::keep_most_dice`]'s work, with two dice left or more, out of line.
    #[inline(never)]
    fn keep_most_dice_of(&self, start: usize, out: &mut MoveList) {
        let rule = usize::from(self.game.facts.roll_rule.unwrap_or(0));
        let left = self.position.thrown.dice().len();
        match &self.game.moves[rule].kind {
            MoveKind::Roll(dice) if dice.most && left > 1 => {}
            _ => return,
        }
        let mut copy = out.copy.take().unwrap_or_else(|| Box::new(self.clone()));
        let mut lists = out.spare.take().unwrap_or_default();
        // The end rules read the history only where positions repeat: elsewhere the
        // position alone is copied (the copy's moves undone, its history stays its own).
        match self.game.facts.tracks_repetition {
            true => (*copy).clone_from(self),
            false => copy.copy_position_from(self),
        }
        let (mut best, mut largest) = (0, 0);
        for &m in &out[start..] {
            if self.by_die(m) {
                largest = largest.max(m.die());
                if best < left {
                    best = best.max(copy.dice_after(m, left, &mut lists));
                }
            }
        }
        if best == 1 {
            out.retain_from(start, |m| !self.by_die(m) || m.die() == largest);
        } else if best > 1 {
            out.retain_from(start, |m| {
                !self.by_die(m) || copy.dice_after(m, best, &mut lists) >= best
            });
        }
        out.copy = Some(copy);
        out.spare = Some(lists);
    }

    /// How many dice the mover uses by playing move `m` by a die and then as many more as
    /// they can (counted up to `need` at most), the moves tried listed in `list` (and the
    /// lists after it, each in the one before's `spare`).
    fn dice_after(&mut self, m: Move, need: usize, list: &mut MoveList) -> usize {
        let mover = self.position.to_move;
        self.apply(m);
        let goes_on = self.position.to_move == mover
            && self.position.ended.is_none()
            && !self.position.thrown.dice().is_empty();
        let mut used = 1;
        if goes_on && need > 1 {
            let mut next = list.spare.take().unwrap_or_default();
            list.clear();
            list.probing = true;
            self.pseudo_legal_moves(list);
            for i in 0..list.len() {
                let m = list[i];
                if self.by_die(m) {
                    used = used.max(1 + self.dice_after(m, need - 1, &mut next));
                    if used >= need {
                        break;
                    }
                }
            }
            list.spare = Some(next);
        }
        self.undo();
        used
    }

    /// With dice left after move `m`: whether the turn goes on (`m` is a move by a die,
    /// which found a die left to use); if not, the dice left's key leaves the hash, for
    /// the throw to be forgotten.
    #[cold]
    #[inline(never)]
    fn die_turn_goes_on(&mut self, m: Move) -> bool {
        if self.by_die(m) {
            return true;
        }
        self.position.hash ^= self.position.thrown.dice_key();
        false
    }

    /// Whether `m` is a move along a track `by die`.
    #[inline]
    pub(super) fn by_die(&self, m: Move) -> bool {
        matches!(&self.game.moves[usize::from(m.rule)].kind, MoveKind::Track(t) if t.by_die)
    }

    /// Forgets the turn's throw after a move of `mover`'s other than a throw (the next
    /// turn throws anew), and gives `mover` that next turn if the dice say so for the
    /// throw (`again on`).
    #[inline]
    pub(super) fn end_throw(&mut self, mover: Player, m: Move) {
        let thrown = self.position.thrown;
        let Some(outcome) = thrown.outcome.checked_sub(1) else {
            return;
        };
        if thrown.left > 0 && self.die_turn_goes_on(m) {
            return;
        }
        self.position.hash ^= throw_key(outcome);
        self.position.thrown = Thrown::default();
        let rule = self.game.facts.roll_rule.unwrap_or(0) as usize;
        let again = match &self.game.moves[rule].kind {
            MoveKind::Roll(dice) => dice.throws_again(usize::from(outcome)),
            _ => false,
        };
        let next = self.position.to_move;
        if again && next != mover {
            let keys = &self.game.tables.zobrist.to_move;
            self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
            self.position.to_move = mover;
        }
    }

    /// Plays a move along a track for `mover`: the piece leaves its site or the stock, an
    /// enemy piece where it lands goes back to its owner's stock, and the turn passes
    /// unless the landing site gives another.
    pub(super) fn race(&mut self, m: Move, mover: Player) {
        let MoveKind::Track(track) = &self.game.moves[m.rule() as usize].kind else {
            return;
        };
        let (kind, again, by_die) = (track.kind, track.again, track.by_die);
        let piece = match m.from() {
            NO_SITE => {
                self.add_to_stock(mover, kind as usize, -1);
                self.game.cell(mover, kind as usize)
            }
            from => {
                let piece = self.position.cells[from.index()];
                match self.position.stacks.is_empty() {
                    true => self.set(from, EMPTY),
                    false => self.lift(from),
                }
                piece
            }
        };
        let to = m.to();
        let mut next = self.next_player(mover);
        if to != NO_SITE {
            let taken = self.position.cells[to.index()];
            let stacked = !self.position.stacks.is_empty();
            if taken != EMPTY && (!stacked || taken != piece) {
                let owner = self.game.tables.owner[taken.index()];
                let count = if stacked { 1 + self.unstack(to) } else { 1 };
                self.add_to_stock(owner, self.game.kind_of(taken), i32::from(count));
            }
            match stacked {
                true => self.drop_on(to, piece),
                false => self.set(to, piece),
            }
            if again.is_some_and(|r| self.game.in_region(r as usize, to)) {
                next = mover;
            }
        }
        if by_die {
            next = self.use_die(m, mover, next);
        }
        let keys = &self.game.tables.zobrist.to_move;
        self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.position.to_move = next;
    }

    /// Takes back what a move of a game of chance changed beyond the sites (which undo has
    /// restored): the throw of the turn before it and, for a move along a track, the
    /// stock.
    pub(super) fn undo_chance(&mut self, m: Move, mover: Player, thrown: Thrown) {
        self.position.thrown = thrown;
        let MoveKind::Track(track) = &self.game.moves[m.rule() as usize].kind else {
            return;
        };
        let kinds = self.game.about.piece_kinds.len();
        if m.from() == NO_SITE {
            self.position.stock[mover.index() * kinds + track.kind as usize] += 1;
        }
        if m.to() != NO_SITE {
            let cell = self.position.cells[m.to().index()];
            let owner = self.game.tables.owner[cell.index()];
            if cell != EMPTY && owner != mover {
                let count = self.stack_height(m.to()) as u16;
                self.position.stock[owner.index() * kinds + self.game.kind_of(cell)] -= count;
            }
        }
    }
}
