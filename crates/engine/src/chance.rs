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

    /// For a throw of the dice, the index of its outcome in [`Dice::outcomes`]; 0 for any
    /// other move.
    #[inline]
    pub fn outcome(self) -> usize {
        self.path as usize
    }
}

impl State {
    /// The dice, when the player to move must throw them now (a chance point: the legal
    /// moves are the throws, each as likely as its weight says); `None` otherwise.
    pub fn chance(&self) -> Option<&Dice> {
        let rule = self.game.facts.roll_rule?;
        if self.position.thrown != 0 || self.position.ended.is_some() {
            return None;
        }
        match &self.game.moves[rule as usize].kind {
            MoveKind::Roll(dice) => Some(dice),
            _ => None,
        }
    }

    /// The value thrown this turn, once the dice are thrown (`None` before, and in a game
    /// without dice).
    pub fn thrown(&self) -> Option<i64> {
        let rule = self.game.facts.roll_rule?;
        let index = usize::from(self.position.thrown.checked_sub(1)?);
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
                return Some(Move::throw(rule, outcome));
            }
            way -= weight;
        }
        None
    }

    /// Appends the throws of the dice, one per outcome.
    pub(super) fn throws(&self, dice: &Dice, out: &mut MoveList) {
        let rule = self.game.facts.roll_rule.unwrap_or(0);
        for outcome in 0..dice.outcomes.len() {
            out.push(Move::throw(rule, outcome));
        }
    }

    /// Appends the moves along the track of rule `rule` by this turn's throw.
    pub(super) fn track_moves(&self, rule: u8, track: &Track, out: &mut MoveList) {
        let Some(steps) = self.thrown().filter(|&v| v > 0) else {
            return;
        };
        self.steps_moves(rule, track, steps as usize, out);
    }

    /// Appends the moves along the track of rule `rule` by `steps` sites: from the stock
    /// first, then by the site moved from (none while a piece of the mover's waits in the
    /// stock, after `from hand first`).
    pub(super) fn steps_moves(&self, rule: u8, track: &Track, steps: usize, out: &mut MoveList) {
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

    /// Appends the moves of the mover's pieces on the board `steps` sites along their
    /// track (only from the sites of `from REGION`, if given), by the site moved from.
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

    /// Plays a throw of the dice: the turn's throw is its outcome; the same player moves.
    pub(super) fn throw(&mut self, m: Move) {
        let outcome = m.outcome() as u8;
        self.position.thrown = outcome + 1;
        self.position.hash ^= throw_key(outcome);
    }

    /// Forgets the turn's throw after a move of `mover`'s other than a throw (the next
    /// turn throws anew), and gives `mover` that next turn if the dice say so for the
    /// throw (`again on`).
    #[inline]
    pub(super) fn end_throw(&mut self, mover: Player) {
        let Some(outcome) = self.position.thrown.checked_sub(1) else {
            return;
        };
        self.position.hash ^= throw_key(outcome);
        self.position.thrown = 0;
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
        let (kind, again) = (track.kind, track.again);
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
        let keys = &self.game.tables.zobrist.to_move;
        self.position.hash ^= keys[mover.index()] ^ keys[next.index()];
        self.position.to_move = next;
    }

    /// Takes back what a move of a game of chance changed beyond the sites (which undo has
    /// restored): the throw of the turn before it and, for a move along a track, the
    /// stock.
    pub(super) fn undo_chance(&mut self, m: Move, mover: Player, thrown: u8) {
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
