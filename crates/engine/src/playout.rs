//! Random playouts: moves played for good, with nothing recorded to take them back, and
//! the picking and playing of each ply in one loop, specialised for the games whose only
//! moves are one plain sowing and for those whose moves only put a piece down on a board
//! of one word.

use super::{Move, MoveList, State};
use rulebook_model::{Condition, Counted, MoveKind, MoveRule};

/// A game whose moves may be of any kind (the families of [`State::play_in`]).
pub(super) const ANY_MOVES: u8 = 0;
/// A game whose moves are all sowings.
pub(super) const SOWINGS: u8 = 1;
/// A game whose moves are all tile placements, passes and swaps.
pub(super) const TILE_MOVES: u8 = 2;

/// Whether moves of this kind are played as tile moves are (a placement, a pass, a swap).
fn is_tile_move(kind: &MoveKind) -> bool {
    matches!(
        kind,
        MoveKind::Place { .. } | MoveKind::Pass { .. } | MoveKind::Swap
    )
}

impl State {
    /// Plays a move for good (the fast path for random playouts): as [`State::apply`], but
    /// nothing is recorded to take it back, so [`State::undo`] cannot take back this move
    /// or any before it (it returns `None`, as at a state's start, and [`State::ply`] and
    /// [`State::moves_played`] count from the position after it). The hashes of the
    /// positions played through are kept only where a rule on repeated positions reads
    /// them ([`State::occurred_within`] does not see the others). The move must come from
    /// [`State::legal_moves`] of this position.
    pub fn play_forward(&mut self, m: Move) {
        self.start_forward();
        self.apply(m);
        self.forward = false;
    }

    /// Plays a random game on from this position, every move for good (as
    /// [`State::play_forward`]): at most `max_plies` moves, each the legal move at index
    /// `pick(n)` of the `n` legal moves (as [`State::pick_legal_move`], `moves` its work
    /// space), so that it plays the same game as picking and applying them one by one.
    /// Returns the moves played and whether the game ended before the cap (checked only
    /// while under it).
    pub fn playout(
        &mut self,
        max_plies: usize,
        moves: &mut MoveList,
        mut pick: impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        self.start_forward();
        let played = match (self.plain_sowing(), self.position.pits.lanes()) {
            (Some(_), Some(lanes)) => self.lanes_playout(&lanes, max_plies, &mut pick),
            (Some(rule), None) => self.sowing_playout(rule, max_plies, &mut pick),
            (None, _) => self.any_playout(max_plies, moves, &mut pick),
        };
        self.forward = false;
        played
    }

    /// [`State::playout`] of any game: a move picked (listing the moves where the game
    /// needs it), then played, in a loop compiled for the family of the game's moves.
    fn any_playout(
        &mut self,
        max_plies: usize,
        moves: &mut MoveList,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        let kinds = || self.game.moves.iter().map(|rule| &rule.kind);
        if self.places_plainly_on_one_word() {
            self.word_placement_plies(max_plies, pick)
        } else if kinds().all(|kind| matches!(kind, MoveKind::Sow { .. })) {
            self.family_plies::<SOWINGS>(max_plies, moves, pick)
        } else if kinds().all(is_tile_move) {
            self.family_plies::<TILE_MOVES>(max_plies, moves, pick)
        } else {
            self.family_plies::<ANY_MOVES>(max_plies, moves, pick)
        }
    }

    /// The loop of [`State::any_playout`] for a game whose moves are all of the family
    /// `FAMILY`: the code of one family's moves does not shape the loop of another's.
    #[inline(always)]
    fn family_plies<const FAMILY: u8>(
        &mut self,
        max_plies: usize,
        moves: &mut MoveList,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        for n in 0..max_plies {
            match self.pick_legal_move(moves, &mut *pick) {
                Some(m) => self.play_in::<FAMILY>(m),
                None => return (n, true),
            }
        }
        (max_plies, false)
    }

    /// Whether every move rule of the game places a piece from the supply, found on bit
    /// sets of one word ([`rulebook_model::WalkForms::word_sites`]), and a move does
    /// nothing but put the piece down and pass the turn: no effect after it, no promotion,
    /// no move again, no dice, no clock, no `last` kept, nothing that judges the moves
    /// after they are found. Such a game's playouts run a loop of their own, which picks
    /// and plays each move as [`State::pick_legal_move`] and [`State::play_forward`] do.
    pub fn places_plainly_on_one_word(&self) -> bool {
        let game = &*self.game;
        let facts = &game.facts;
        let plain = |(i, rule): (usize, &MoveRule)| {
            let from_supply = matches!(
                rule.kind,
                MoveKind::PlacePiece {
                    from_hand: false,
                    ..
                }
            );
            let on_one_word = game.tables.walks[i].word_sites.is_some();
            from_supply && on_one_word && facts.lands_plainly(i as u8)
        };
        facts.counted == Counted::Sites
            && game.moves.iter().enumerate().all(plain)
            && game.effects.is_empty()
            && !(facts.promotes || facts.moves_again || facts.move_goals || facts.always_listed)
            && !(facts.forbids || facts.picks_judge || facts.notes_played || game.tiles.is_some())
            && (facts.roll_rule, game.ends.clock, facts.passing_kinds) == (None, None, 0)
    }

    /// The loop of [`State::any_playout`] for a game that
    /// [`State::places_plainly_on_one_word`]: each move picked as [`State::pick_legal_move`]
    /// picks it there and played as [`State::play_in`] plays it, without the tests of what
    /// such a game never does.
    fn word_placement_plies(
        &mut self,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        for n in 0..max_plies {
            let found = match self.position.ended {
                Some(_) => None,
                None if self.game.moves.len() > 1 => self.pick_word_site_move(&mut *pick),
                None if self.holds(&self.game.moves[0].condition) => {
                    self.pick_word_move(0, &mut *pick)
                }
                None => None,
            };
            let Some(m) = found else {
                return (n, true);
            };
            let mover = self.position.to_move;
            self.scratch.goals_known = None;
            let repeats = self.game.facts.tracks_repetition;
            (self.history).record(&self.game, m, &self.position, repeats, self.forward);
            self.set(m.to, self.placed_piece(m.rule, mover));
            self.position.tile.passes = 0;
            self.pass_turn(mover);
            if self.game.facts.ends_after_moves && !self.without_ends {
                self.check_ends_after_move(Some(m), mover, true);
            } else {
                self.position.traces.groups_clear = false;
            }
        }
        (max_plies, false)
    }

    /// [`State::playout`] of a game whose only move is sowing rule `rule` (as
    /// [`State::plain_sowing`] finds): a non-empty pit of the mover picked from the bits of
    /// their row, then sown, in one loop.
    fn sowing_playout(
        &mut self,
        rule: u8,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        // What the game decides once, not at every ply: whether the positions played
        // through are kept, and whether end rules are checked after every move.
        let repeats = self.game.facts.tracks_repetition;
        let ends = self.game.facts.ends_after_moves && !self.without_ends;
        match (repeats, ends) {
            (false, false) => self.sowing_plies::<false, false>(rule, max_plies, pick),
            (false, true) => self.sowing_plies::<false, true>(rule, max_plies, pick),
            (true, false) => self.sowing_plies::<true, false>(rule, max_plies, pick),
            (true, true) => self.sowing_plies::<true, true>(rule, max_plies, pick),
        }
    }

    /// The loop of [`State::sowing_playout`]: `REPEATS` as the game's
    /// `tracks_repetition`, `ENDS` whether end rules are checked after every move.
    #[inline(always)]
    fn sowing_plies<const REPEATS: bool, const ENDS: bool>(
        &mut self,
        rule: u8,
        max_plies: usize,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> (usize, bool) {
        for n in 0..max_plies {
            if self.position.ended.is_some() {
                return (n, true);
            }
            match self.pick_sowing(rule, pick) {
                Some(m) => self.play_sowing::<REPEATS, ENDS>(m),
                None => return (n, true),
            }
        }
        (max_plies, false)
    }

    /// [`State::play`] of a sowing move, played forward (`REPEATS` and `ENDS` as for
    /// [`State::sowing_plies`]).
    #[inline(always)]
    fn play_sowing<const REPEATS: bool, const ENDS: bool>(&mut self, m: Move) {
        let mover = self.position.to_move;
        self.scratch.goals_known = None;
        (self.history).record(&self.game, m, &self.position, REPEATS, true);
        self.apply_sowing::<true>(m, mover);
        if ENDS && self.position.ended.is_none() {
            self.check_ends_after_move(Some(m), mover, true);
        }
    }

    /// The sowing rule that makes every move of this game, when the legal moves are always
    /// exactly its moves: the game's only move rule, a sowing with no condition, with
    /// nothing that narrows its moves (no `so that`, no ban on repetition) or judges a
    /// player who cannot move by the others' moves, and no count of moves without
    /// progress. `None` for any other game.
    fn plain_sowing(&self) -> Option<u8> {
        let game = &*self.game;
        let plain = match &game.moves[..] {
            [only] => {
                matches!(only.kind, MoveKind::Sow { .. })
                    && matches!(only.condition, Condition::Always)
            }
            _ => false,
        };
        let counted = game.ends.clock.is_some();
        let plain = plain && !counted && !game.facts.always_listed && !game.facts.move_goals;
        (plain && game.tiles.is_none()).then_some(0)
    }

    /// Turns recording off for moves played forward, forgetting what undo needs of the
    /// moves played before.
    #[inline]
    fn start_forward(&mut self) {
        if !self.history.frames.is_empty() {
            self.forget_moves();
        }
        self.forward = true;
    }

    /// Forgets what undo needs of the moves played so far (out of line: a playout forgets
    /// them at most once).
    #[cold]
    #[inline(never)]
    fn forget_moves(&mut self) {
        self.history.frames.clear();
        self.history.log.clear();
        self.position.pits.clear_logs();
        self.position.tile.clear_log();
    }
}
