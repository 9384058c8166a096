//! Quiet moves: the moves that change nothing on the board but their own piece's site,
//! told without playing them, for the computer's search, which orders them without
//! playing them and follows only the others past its horizon.

use super::{capture, capture::Flow, Move, State};
use rulebook_model::{EffectKind, QuietRule, Site, EMPTY, NO_SITE};

/// What the captures after a landing on one site are, found once for all the moves of a
/// position that land there ([`State::is_quiet_with`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// Nothing is taken.
    Quiet,
    /// Something is taken, whatever piece lands.
    Takes,
    /// Something is taken only if this site, which closes every run taken, still holds
    /// the mover's piece after the move (it does not when the landing piece came from it).
    ClosedBy(Site),
    /// Not told once for all: a capture that no one site closes (groups, enclosures).
    Unsure,
}

/// Work space of [`State::is_quiet_with`]: what it found for each landing site of one
/// position. Call [`QuietMemo::forget`] before asking about another position.
#[derive(Debug, Default)]
pub struct QuietMemo {
    /// The hash of the position the entries are for (a safeguard besides `forget`).
    hash: u64,
    /// The entries' generation: an entry with another stamp is not known yet.
    stamp: u32,
    /// Per landing site: its stamp, and what was found.
    landings: Vec<(u32, Landing)>,
    /// Per landing site: its stamp, and what the captures that walk back from the
    /// mover's pieces take there ([`State::walk_back_landings`]); a site without an entry
    /// of this stamp takes nothing by them.
    walked: Vec<(u32, Landing)>,
    /// The captures to look for from each landing site (bit `e` for effect `e`; all bits
    /// for every effect, none walked back), once the walk back is done; `None` before.
    look_out: Option<u64>,
}

impl QuietMemo {
    /// Forgets every landing site: the next questions are about another position.
    pub fn forget(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        self.look_out = None;
        if self.stamp == 0 {
            self.landings.fill((0, Landing::Quiet));
            self.walked.fill((0, Landing::Quiet));
            self.stamp = 1;
        }
    }

    /// What the captures after a landing on `to` are in `state`, found now if not yet.
    fn landing(&mut self, state: &State, to: Site) -> Landing {
        if self.hash != state.position.hash || self.landings.len() <= to.index() {
            let sites = state.game.board.sites();
            self.landings.resize(sites, (0, Landing::Quiet));
            self.walked.resize(sites, (0, Landing::Quiet));
            self.hash = state.position.hash;
            self.forget();
        }
        let look_out = match self.look_out {
            Some(effects) => effects,
            None => {
                let effects = state.walk_back_landings(self);
                self.look_out = Some(effects);
                effects
            }
        };
        let entry = self.landings[to.index()];
        if entry.0 == self.stamp {
            return entry.1;
        }
        let walked = match self.walked[to.index()] {
            (stamp, found) if stamp == self.stamp => found,
            _ => Landing::Quiet,
        };
        let found = match look_out {
            0 => walked,
            effects => state.look_out(to, walked, effects),
        };
        self.landings[to.index()] = (self.stamp, found);
        found
    }

    /// Notes that a landing on `to` closes a run, found walking back, at `closer`.
    fn closes(&mut self, to: Site, closer: Site) {
        let entry = &mut self.walked[to.index()];
        entry.1 = match entry.1 {
            _ if entry.0 != self.stamp => Landing::ClosedBy(closer),
            Landing::ClosedBy(site) if site == closer => entry.1,
            _ => Landing::Takes,
        };
        entry.0 = self.stamp;
    }
}

impl State {
    /// Whether move `m` (from [`State::legal_moves`] of this position) is known, without
    /// playing it, to change nothing on the board but its own piece's site: a slide or
    /// jump that takes, converts and promotes nothing. `false` when it does or when that is
    /// not known cheaply (sowings, placements, removals, games that promote).
    pub fn is_quiet(&self, m: Move) -> bool {
        let rule = self.game.tables.quiet_rules[m.rule as usize];
        matches!(rule, QuietRule::Landing { .. }) && !self.captures_something(m)
    }

    /// [`State::is_quiet`], with what a landing site's captures are kept in `memo` for the
    /// position's other moves that land there: the same answers, found once per site.
    pub fn is_quiet_with(&self, m: Move, memo: &mut QuietMemo) -> bool {
        let QuietRule::Landing { removes, shoots } = self.game.tables.quiet_rules[m.rule as usize]
        else {
            return false;
        };
        if m.to == NO_SITE {
            return true;
        }
        // A piece removed besides, or an enemy piece where the move lands, is taken.
        if (removes && m.removal() != NO_SITE) || self.position.cells[m.to.index()] != EMPTY {
            return false;
        }
        if shoots {
            return !self.effects_capture(m);
        }
        match memo.landing(self, m.to) {
            Landing::Quiet => true,
            Landing::Takes => false,
            Landing::ClosedBy(site) if site != m.from => false,
            // The landing piece leaves the one closing site, or no one site closes.
            Landing::ClosedBy(_) | Landing::Unsure => !self.effects_capture(m),
        }
    }

    /// Finds at once, into `memo`, what the landings on every site of the position take
    /// by the captures that apply and take straight runs that a walk back from the
    /// mover's pieces finds ([`rulebook_model::Tables::runs_walk_back`]): far cheaper than
    /// looking out from each of the hundreds of landing sites of a large open board.
    /// Returns the captures that apply and must be looked for from each landing instead
    /// (bit `e` for effect `e`; all bits, with nothing walked, in a game of more than 64
    /// effects).
    fn walk_back_landings(&self, memo: &mut QuietMemo) -> u64 {
        let game = &*self.game;
        // Bit `e` for each capture that applies here (the conditions are read once).
        let (mut walking, mut looking) = (0u64, 0u64);
        for (effect, rule) in game.effects.iter().enumerate() {
            if matches!(
                rule.kind,
                EffectKind::Promote { .. } | EffectKind::Again | EffectKind::Claim { .. }
            ) || !self.holds(&rule.condition)
            {
                continue;
            }
            match game.tables.runs_walk_back.get(effect) {
                _ if effect >= 64 => return u64::MAX,
                Some(true) => walking |= 1 << effect,
                _ => looking |= 1 << effect,
            }
        }
        let mover = self.position.to_move;
        let own = self.position.occupied_by(mover);
        let own_sites = || {
            own.iter().enumerate().flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    let bit = bits.trailing_zeros();
                    bits &= bits.wrapping_sub(1);
                    (bit < 64).then(|| Site::at(w * 64 + bit as usize))
                })
            })
        };
        let cell = |s: Site| self.position.cells[s.index()];
        while walking != 0 {
            let effect = walking.trailing_zeros() as usize;
            walking &= walking - 1;
            let closes = |to, closer| memo.closes(to, closer);
            capture::landings_closing_runs(game, cell, effect, mover, own_sites(), closes);
        }
        looking
    }

    /// What the effects after a piece of the mover's lands on the empty site `to` take
    /// ([`Landing`]), `found` by others already, looking out from `to` for those of
    /// `effects` (bit `e` for effect `e`; all bits for all) that apply. Only the moved
    /// piece's two sites differ from the board before the move, and the site it leaves can
    /// matter only as the one closing a run: runs are of enemy pieces, and it held none.
    fn look_out(&self, to: Site, mut found: Landing, effects: u64) -> Landing {
        if matches!(found, Landing::Takes | Landing::Unsure) {
            return found;
        }
        let game = &*self.game;
        let mover = self.position.to_move;
        // Any piece of the mover's: captures read the owner of the pieces that close runs,
        // never their kind (and games that promote have no quiet moves).
        let piece = game.cell(mover, 0);
        let after = |s: Site| {
            if s == to {
                piece
            } else {
                self.position.cells[s.index()]
            }
        };
        let before = |s: Site| self.position.cells[s.index()];
        let mut note = |closer: Site| {
            found = match found {
                _ if closer == NO_SITE => Landing::Unsure,
                Landing::Quiet => Landing::ClosedBy(closer),
                Landing::ClosedBy(site) if site == closer => found,
                _ => Landing::Takes,
            };
            match found {
                Landing::Takes | Landing::Unsure => Flow::Break(()),
                _ => Flow::Continue(()),
            }
        };
        for (effect, rule) in game.effects.iter().enumerate() {
            let asked = effect >= 64 || effects >> effect & 1 == 1;
            let may = asked
                && self.holds(&rule.condition)
                && capture::may_capture(game, before, effect, to, mover);
            if may && capture::closers(game, after, effect, to, mover, &mut note).is_break() {
                break;
            }
        }
        found
    }
}
