//! What a move did, rule by rule: the effects that captured (and how much each took), the
//! promotion, the rule after sowing that applied, the extra turn, the sites that changed.
//!
//! Found beside play, never in it: [`State::apply_reported`] plays the move with the same
//! [`State::apply`] as the hot path, and replays its steps on a copy of the position made
//! beforehand to tell which rule did what. Playouts, search and perft call `apply` and pay
//! nothing for this; only the faces that show or count a move's effects (the REPL,
//! `rulebook analyze`) call it.

use std::sync::Arc;

use super::{capture, Move, MoveList, State};
use rulebook_model::{
    Action, CaptureMode, Cell, Chain, Jumped, MoveKind, Player, Site, Taking, Walk, WalkAction,
    EMPTY, NO_SITE,
};

/// An effect after a move that took something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EffectFired {
    /// The effect, as its index in [`Game::effects`](rulebook_model::Game::effects) (and [`Sources::effects`](rulebook_model::Sources::effects)).
    pub effect: u16,
    /// The pieces it took (converted or removed).
    pub taken: u32,
}

/// The rule after sowing that applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SowFired {
    /// The rule, as its index in [`AfterSowing::rules`](rulebook_model::AfterSowing::rules) (and [`Sources::sowing`](rulebook_model::Sources::sowing)).
    pub rule: u16,
    /// The stones its actions moved out of their sites (taken to a store, say).
    pub taken: u32,
    /// The sites it marked.
    pub marked: u32,
    /// Whether it gave the mover another move (`again`).
    pub again: bool,
    /// Whether its `unless` held, so that its stones went back.
    pub cancelled: bool,
}

/// What one move did, found by [`State::apply_reported`]. A report is reused from move to
/// move: its buffers (and its copy of the position) keep their room.
#[derive(Clone, Debug, Default)]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// Who made it.
    pub mover: Player,
    /// The jumps the move made (1 for a single jump, the length of a chain, 1 for a chain
    /// to any landing, whose route is not kept; the steps of a capture by approach or
    /// withdrawal; 0 otherwise).
    pub jumps: u32,
    /// The pieces the move's own jumps (or steps capturing by approach or withdrawal) took
    /// (its move rule's capture).
    pub jumped: u32,
    /// The enemy pieces the move removed after it (`then remove enemy`: 0 or 1).
    pub removed: u32,
    /// The enemy piece the moving or placed piece landed on, taken by replacement (`onto
    /// enemy`: 0 or 1).
    pub replaced: u32,
    /// The effects after the move that took something, in the game's order, each with what
    /// it took (a piece taken by two effects counts for the first).
    pub captures: Vec<EffectFired>,
    /// The effect that promoted the piece moved, if one did.
    pub promoted: Option<u16>,
    /// The rule after sowing that applied, if one did.
    pub sow_rule: Option<SowFired>,
    /// Whether the mover moves again.
    pub extra_turn: bool,
    /// Whether the move ended the game.
    pub ended: bool,
    /// The sites whose contents changed (pieces, stones or marks), in site order.
    pub changed: Vec<Site>,
    /// Of those, the sites the move took from, in site order: another player's piece that
    /// changed hands or left the board, a site other than the one sown from that lost
    /// stones.
    pub taken_sites: Vec<Site>,
    /// Work space, kept from move to move for its room.
    work: ReportWork,
}

/// The work space of a [`MoveReport`]: nothing in it is part of what the report says.
#[derive(Clone, Debug, Default)]
struct ReportWork {
    /// The position before the move, replayed step by step.
    scratch: Option<Box<State>>,
    /// Per site, what it held before the move: cell, stones, mark.
    before: Vec<(Cell, u16, u8)>,
    /// The sites the effects captured, each with its effect.
    sites: Vec<(u16, Site, CaptureMode)>,
}

impl MoveReport {
    /// A report with nothing in it yet.
    pub fn new() -> MoveReport {
        MoveReport::default()
    }

    /// The pieces or stones the move took in all, by every rule.
    pub fn taken(&self) -> u32 {
        self.jumped
            + self.removed
            + self.replaced
            + self.captures.iter().map(|c| c.taken).sum::<u32>()
            + self
                .sow_rule
                .map_or(0, |r| if r.cancelled { 0 } else { r.taken })
    }

    fn clear(&mut self, m: Move, mover: Player) {
        self.mv = m;
        self.mover = mover;
        self.jumps = 0;
        self.jumped = 0;
        self.removed = 0;
        self.replaced = 0;
        self.captures.clear();
        self.promoted = None;
        self.sow_rule = None;
        self.extra_turn = false;
        self.ended = false;
        self.changed.clear();
        self.taken_sites.clear();
    }
}

impl State {
    /// Plays move `m` on this copy of the position before it, step by step, saying in
    /// `report` what each step did, as far as the kind of the move tells more than the
    /// position after it.
    fn replay(&mut self, m: Move, report: &mut MoveReport) {
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Sow { .. } => self.replay_sowing(m, report),
            MoveKind::SiteWalk(Walk {
                action: WalkAction::Remove,
                ..
            }) => {}
            MoveKind::Slide { .. }
            | MoveKind::Jump { .. }
            | MoveKind::PlacePiece { .. }
            | MoveKind::Fly { .. }
            | MoveKind::Castle { .. }
            | MoveKind::Walk(_)
            | MoveKind::SiteWalk(_) => self.replay_piece_move(m, report),
            // A piece landing on an enemy's sends it back to its stock.
            MoveKind::Track(_) => {
                let to = m.to;
                report.replaced =
                    (to != NO_SITE && self.position.cells[to.index()] != EMPTY) as u32;
            }
            MoveKind::Place { .. }
            | MoveKind::Pass { .. }
            | MoveKind::Swap
            | MoveKind::Roll(_)
            | MoveKind::Wall(_)
            | MoveKind::Side(_)
            | MoveKind::Remove { .. } => {}
        }
    }

    /// Plays a move as [`State::apply`] does (the same call) and says in `report` what it
    /// did, rule by rule. For the faces that show or count effects; never on the hot path.
    pub fn apply_reported(&mut self, m: Move, report: &mut MoveReport) {
        let mover = self.position.to_move;
        report.clear(m, mover);
        let mut scratch = match report.work.scratch.take() {
            Some(s) => s,
            None => Box::new(self.clone()),
        };
        scratch.copy_position_from(self);
        let sites = self.position.cells.len();
        report.work.before.clear();
        report.work.before.extend((0..sites).map(|s| {
            (
                self.position.cells[s],
                self.position.pits.count(Site::at(s)),
                self.position.pits.mark(Site::at(s)),
            )
        }));
        self.apply(m);
        let game = &*self.game;
        scratch.replay(m, report);
        scratch.history.log.clear();
        scratch.position.pits.clear_logs();
        report.work.scratch = Some(scratch);
        report.ended = self.position.ended.is_some();
        // After a swap of sides the same seat moves, but as the other side: no extra turn.
        // A throw of the dice is no turn of its own either, nor a die's move with dice left.
        let swap = matches!(
            game.moves[m.rule as usize].kind,
            MoveKind::Swap | MoveKind::Roll(_)
        );
        report.extra_turn = !report.ended
            && !swap
            && self.position.thrown.dice().is_empty()
            && self.position.to_move == mover
            && game.about.players.len() > 1;
        for s in 0..sites {
            let count = self.position.pits.count(Site::at(s));
            let (cell, stones, mark) = report.work.before[s];
            if (cell, stones, mark)
                == (
                    self.position.cells[s],
                    count,
                    self.position.pits.mark(Site::at(s)),
                )
            {
                continue;
            }
            report.changed.push(Site::at(s));
            let owner = |c: Cell| (c != EMPTY).then(|| game.tables.owner[c.index()]);
            // In a game of one player, the pieces taken are the player's own (but the one
            // that moved).
            let taken_from = |p: Player| p != mover || (game.solo() && s != m.from.index());
            let lost_piece =
                owner(cell).is_some_and(taken_from) && owner(self.position.cells[s]) != owner(cell);
            if lost_piece || (count < stones && s != m.from.index()) {
                report.taken_sites.push(Site::at(s));
            }
        }
    }

    /// How many of the moves the move rules allow here the ban on repeated positions
    /// refuses (0 in a game without the ban). `moves` is work space.
    pub fn refused_by_repetition(&self, moves: &mut MoveList) -> usize {
        if !self.game.repetition.forbidden || self.position.ended.is_some() {
            return 0;
        }
        moves.clear();
        self.pseudo_legal_moves(moves);
        if self.game.facts.moves_may_coincide {
            moves.dedup_by_sites(&self.game);
        }
        let allowed = moves.len();
        self.drop_repeats(moves);
        allowed - moves.len()
    }

    /// The first condition of `forbid leaving` (its index in [`Game::forbidden`]), or
    /// else the `forbidding` of its rule (the index one past them), that move `m`, one the
    /// move rules allow here, would leave true for the mover: why the move is not legal;
    /// `None` when it leaves none true.
    ///
    /// [`Game::forbidden`]: rulebook_model::Game::forbidden
    pub fn forbidding(&self, m: Move) -> Option<usize> {
        let mover = self.position.to_move;
        let mut copy = self.clone();
        copy.without_ends = true;
        copy.apply(m);
        let game = &*self.game;
        let own = game.moves[m.rule as usize].forbidding.as_ref();
        let mut replies = MoveList::new();
        (game.forbidden.iter().chain(own)).position(|c| {
            let asks = super::movegen::asks_for_replies(c);
            copy.judge(mover, c, (asks, false), &mut replies)
        })
    }

    /// The pieces of every player but `mover`.
    fn others_pieces(&self, mover: Player) -> u32 {
        let all: u32 = self.position.piece_count.iter().sum();
        all - self.position.piece_count[mover.index()]
    }

    /// Replays a move of a piece on this copy of the position before it, as
    /// [`State::apply_piece_move`] makes it, telling which rule took what.
    fn replay_piece_move(&mut self, m: Move, report: &mut MoveReport) {
        let mover = self.position.to_move;
        let filter = &self.game.moves[m.rule as usize].filter;
        let kind = &self.game.moves[m.rule as usize].kind;
        let line_capture = kind.line_capture();
        let by_legs = matches!(kind, MoveKind::Walk(w) if m.legs > 0 && w.plays_by_legs());
        let removes = filter.removes_by_part();
        match line_capture {
            Some(capture) => {
                let others = self.others_pieces(mover);
                self.play_line_steps(m, mover, capture.mode);
                report.jumps = u32::from(m.legs);
                report.jumped = others - self.others_pieces(mover);
            }
            None if by_legs => report.jumped = self.play_route(m, mover),
            None => {
                let landed_on = self.position.cells[m.to.index()];
                report.replaced = (landed_on != EMPTY
                    && self.game.tables.owner[landed_on.index()] != mover)
                    as u32;
                self.land_piece(m, mover);
            }
        }
        report.removed = (removes && m.removal() != NO_SITE) as u32;
        if let MoveKind::Jump {
            mode, chain, over, ..
        } = self.game.moves[m.rule as usize].kind
        {
            report.jumps = match chain {
                Chain::Turning | Chain::TurningAtWill | Chain::Straight | Chain::Pieces => {
                    u32::from(m.legs)
                }
                // Its route is not kept: a chain to any landing counts as one jump.
                Chain::Reach | Chain::Single => 1,
            };
            if (chain, mode) == (Chain::Pieces, None) {
                self.crown_on_the_way(m, mover);
            }
            if let Some(mode) = mode {
                let mine = self.position.piece_count[mover.index()];
                let others = self.others_pieces(mover);
                self.take_jumped(m, mover, chain, over, mode);
                report.jumped = match over {
                    Jumped::Friend => mine - self.position.piece_count[mover.index()],
                    _ => others - self.others_pieces(mover),
                };
            }
        }
        if let MoveKind::Walk(walk) = &self.game.moves[m.rule as usize].kind {
            // A reach's route is not kept: a chain of legs counts as one jump; a route's
            // legs are each one.
            report.jumps = u32::from(m.legs).max(walk.reaches() as u32);
            match walk.taking {
                Some(taking) if !by_legs => self.replay_walk_take(m, mover, taking, report),
                _ => {}
            }
        }
        self.replay_effects(m.to, mover, report);
        if self.game.facts.promotes {
            report.promoted = self.promotion(m).map(|(e, _)| e as u16);
        }
    }

    /// The piece on the site a walk of `mover`'s passed over, if it marked one: taken as the
    /// walk says, the site counted as a jump and the piece, if taken, as a piece jumped.
    fn replay_walk_take(
        &mut self,
        m: Move,
        mover: Player,
        taking: Taking,
        report: &mut MoveReport,
    ) {
        let game = Arc::clone(&self.game);
        if game.moves[m.rule as usize].kind.records_pieces() {
            self.crown_on_the_way(m, mover);
            let passed = game.tables.piece_bits.sites(m.from, m.path);
            report.jumped = passed
                .map(|s| self.take_reported(s, m, mover, taking))
                .sum();
            return;
        }
        if m.legs > 0 {
            let passed = m.jumps(&game).map(|(over, _)| over);
            report.jumped = passed
                .map(|s| self.take_reported(s, m, mover, taking))
                .sum();
            return;
        }
        if m.over == NO_SITE {
            return;
        }
        if taking == Taking::Behind {
            // The piece passed over moves on: no jump, nothing taken.
            self.take_site(m.over, (m.from, m.to), mover, taking);
            return;
        }
        report.jumps = 1;
        report.jumped = self.take_reported(m.over, m, mover, taking);
    }

    /// Takes the piece on `site` (if a site) as a walk of `mover`'s says: 1 if that changed
    /// the site, else 0.
    fn take_reported(&mut self, site: Site, m: Move, mover: Player, taking: Taking) -> u32 {
        if site == NO_SITE {
            return 0;
        }
        let before = self.position.cells[site.index()];
        self.take_site(site, (m.from, m.to), mover, taking);
        (self.position.cells[site.index()] != before) as u32
    }

    /// The effects after a piece of `mover` landed on `landing`: each one's captures, found
    /// on the same board (as the engine finds them), then made in order, so that a piece
    /// two effects take counts for the first.
    fn replay_effects(&mut self, landing: Site, mover: Player, report: &mut MoveReport) {
        let game = &*self.game;
        let mut sites = std::mem::take(&mut report.work.sites);
        sites.clear();
        for effect in 0..game.effects.len() {
            if self.holds(&game.effects[effect].condition) {
                let cells = &self.position.cells;
                let cell = |s: Site| cells[s.index()];
                capture::collect(game, cell, effect, landing, mover, |s, mode| {
                    sites.push((effect as u16, s, mode))
                });
            }
        }
        let mut i = 0;
        while i < sites.len() {
            let effect = sites[i].0;
            let others = self.others_pieces(mover);
            while i < sites.len() && sites[i].0 == effect {
                self.capture(sites[i].1, mover, sites[i].2);
                i += 1;
            }
            let taken = others - self.others_pieces(mover);
            if taken > 0 {
                report.captures.push(EffectFired { effect, taken });
            }
        }
        report.work.sites = sites;
    }

    /// Replays a sowing on this copy of the position before it, as [`State::sow`] makes it,
    /// telling which rule after sowing applied and what it took.
    fn replay_sowing(&mut self, m: Move, report: &mut MoveReport) {
        let rule = m.rule as usize;
        let (start, relays) = match &self.game.moves[rule].kind {
            MoveKind::Sow { start, relay, .. } => (
                start
                    .as_ref()
                    .map_or(NO_SITE, |e| Site::of_value(self.eval(e))),
                relay.is_some(),
            ),
            _ => (NO_SITE, false),
        };
        let mut site = self.position.sow_lap(&self.game, rule, m.from, Some(start));
        if relays {
            site = self.relay(rule, site);
        }
        self.position.pits.last = site;
        let Some(r) = self.rule_after_sowing() else {
            return;
        };
        let counts = self.position.pits.counts().to_vec();
        let marks = self.position.pits.marks().to_vec();
        let again = self.act(r);
        let taken: u32 = (counts.iter().zip(self.position.pits.counts()))
            .map(|(&a, &b)| u32::from(a.saturating_sub(b)))
            .sum();
        let plan = &self.game.after_sowing.plan;
        let moves_stones = plan.actions[r]
            .iter()
            .any(|a| matches!(a, Action::Take { .. } | Action::TakeRun { .. }));
        let cancelled =
            plan.cancels[r].is_some() && moves_stones && counts == self.position.pits.counts();
        report.sow_rule = Some(SowFired {
            rule: r as u16,
            taken,
            marked: (marks.iter().zip(self.position.pits.marks()))
                .filter(|(a, b)| a != b)
                .count() as u32,
            again,
            cancelled,
        });
    }
}
