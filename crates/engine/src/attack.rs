//! Attack: whether a piece stands where another player could take it by landing on it
//! (`attacked(P, K)`), read from the move rules themselves rather than restated: every
//! slide of the other players' whose `onto` lets it end on an enemy piece, and every walk
//! (a leap, a hop: its own tests say where it lands), its condition read with that player
//! as the mover, is run from each of their pieces it moves. Jumps, flights and the
//! captures of effects after a move do not attack in this sense.

use super::movegen::{set_sites, SiteSet, SITE_SET_WORDS};
use std::sync::Arc;

use super::{Move, MoveList, State};
use rulebook_model::{
    Cell, Condition, Landing, MoveKind, MoveRule, Player, Site, ALL_KINDS, ANY_KIND, EMPTY, NO_SITE,
};

impl State {
    /// Whether a piece of `victim`'s, of kind `kind` or ([`ANY_KIND`]) of any, could be
    /// taken by a move of another player's landing on it.
    pub(super) fn attacked(&self, victim: Player, kind: u8) -> bool {
        let mut targets: SiteSet = [0; SITE_SET_WORDS];
        for (w, &word) in self.position.occupied_by(victim).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = self.position.cells[site];
                if kind == ANY_KIND || self.game.kind_of(cell) == kind as usize {
                    targets[w] |= 1 << (site % 64);
                }
            }
        }
        self.any_attacked(victim, &targets)
    }

    /// Whether a piece of `victim`'s standing on `site` could be taken there by a move of
    /// another player's landing on it.
    pub(super) fn attacked_on(&self, victim: Player, site: Site) -> bool {
        let mut targets: SiteSet = [0; SITE_SET_WORDS];
        targets[site.index() / 64] |= 1 << (site.index() % 64);
        self.any_attacked(victim, &targets)
    }

    /// Whether a piece of `victim`'s on a site of `targets` could be taken by a move of
    /// another player's landing on it.
    fn any_attacked(&self, victim: Player, targets: &SiteSet) -> bool {
        if targets.iter().all(|&w| w == 0) {
            return false;
        }
        Player::all(self.game.about.players.len())
            .filter(|&p| p != victim)
            .any(|attacker| self.attacks_any(attacker, targets))
    }

    /// Whether one of `attacker`'s landing moves could end on a site of `targets`.
    fn attacks_any(&self, attacker: Player, targets: &SiteSet) -> bool {
        self.game.moves.iter().any(|rule| {
            // A walk's own tests say what it lands on (a hop lands on an enemy piece with
            // no `onto`); a slide lands on a piece only where `onto` lets it.
            let may_take = match rule.kind {
                MoveKind::Walk(_) => true,
                MoveKind::Slide { .. } => rule.filter.landing != Landing::Empty,
                _ => false,
            };
            may_take
                && self.holds_for(attacker, &rule.condition)
                && self.rule_attacks(attacker, rule, targets)
        })
    }

    /// Whether `condition` holds with `player` as the mover.
    fn holds_for(&self, player: Player, condition: &Condition) -> bool {
        match condition {
            Condition::Always => true,
            Condition::When(e) => self.value(player, e) != 0,
        }
    }

    /// Whether a move of `rule`, made by `attacker`, could end on a site of `targets`.
    fn rule_attacks(&self, attacker: Player, rule: &MoveRule, targets: &SiteSet) -> bool {
        let words = self.position.words;
        let kinds = rule.filter.kinds;
        let mut reached: SiteSet = [0; SITE_SET_WORDS];
        for from in set_sites(self.position.occupied_by(attacker)) {
            let cell = self.position.cells[from.index()];
            if kinds != ALL_KINDS && kinds >> self.game.kind_of(cell) & 1 == 0 {
                continue;
            }
            let hit = match &rule.kind {
                MoveKind::Slide {
                    directions,
                    max_length,
                    ..
                } => self.slide_takes(rule, from, directions, *max_length, targets),
                MoveKind::Walk(walk) => {
                    self.walk_as(attacker, walk, &walk.steps, from, &mut reached);
                    let hit = (0..words).any(|w| reached[w] & targets[w] != 0);
                    reached[..words].fill(0);
                    hit
                }
                _ => false,
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// Whether a slide of `rule` from `from` along one of `directions`, at most
    /// `max_length` sites over empty ones it does not avoid, ends on a piece on a site of
    /// `targets` where it may land.
    fn slide_takes(
        &self,
        rule: &MoveRule,
        from: Site,
        directions: &[u8],
        max_length: u16,
        targets: &SiteSet,
    ) -> bool {
        let filter = &rule.filter;
        let allowed =
            |r: Option<u16>, s: Site| r.is_none_or(|r| !self.game.in_region(r as usize, s));
        let board = &self.game.board;
        directions.iter().any(|&d| {
            let mut at = from;
            for _ in 0..max_length {
                at = board.step(at, d);
                if at == NO_SITE || !allowed(filter.avoiding, at) {
                    return false;
                }
                if self.position.cells[at.index()] != EMPTY {
                    let target = targets[at.index() / 64] >> (at.index() % 64) & 1 == 1;
                    return target && allowed(filter.not_landing, at);
                }
            }
            false
        })
    }
}

impl State {
    /// The castlings of rule `index` (`castle DIRECTIONS with PARTNER`): from each unmoved
    /// piece of the mover's of the kinds the rule moves, not attacked, two sites along a
    /// direction towards the first piece that way, an unmoved piece of theirs of kind
    /// `partner` (the move's `over`), the two sites crossed and landed on empty and not
    /// attacked (tried on a copy of the position kept in `out`, the piece set there).
    pub(super) fn castlings(
        &self,
        index: u8,
        rule: &MoveRule,
        (directions, partner): (&[u8], u8),
        out: &mut MoveList,
    ) {
        let mover = self.position.to_move;
        let mut copy = out.copy.take().unwrap_or_else(|| Box::new(self.clone()));
        copy.copy_position_from(self);
        for from in set_sites(self.position.occupied_by(mover)) {
            let cell = self.position.cells[from.index()];
            let kind = self.game.kind_of(cell);
            if rule.filter.kinds >> kind & 1 == 0 || !self.position.is_unmoved(from) {
                continue;
            }
            for &dir in directions {
                let Some((to, over)) = self.castling_partner(from, dir, partner) else {
                    continue;
                };
                let path = [from, self.game.board.step(from, dir), to];
                if path.iter().all(|&s| !copy.attacked_there(cell, from, s)) {
                    out.push(Move::jump(index, from, over, to));
                }
            }
        }
        out.copy = Some(copy);
    }

    /// Where a castling from `from` along `dir` lands and where its partner stands: the
    /// first piece that way, two sites or more on, an unmoved piece of the mover's of kind
    /// `partner`.
    fn castling_partner(&self, from: Site, dir: u8, partner: u8) -> Option<(Site, Site)> {
        let ray = self.game.board.ray(from, dir);
        let k = ray
            .iter()
            .position(|s| self.position.cells[s.index()] != EMPTY)?;
        let (over, cell) = (ray[k], self.position.cells[ray[k].index()]);
        let own = self.game.tables.owner[cell.index()] == self.position.to_move;
        let fits = k >= 2 && own && self.game.kind_of(cell) == partner as usize;
        (fits && self.position.is_unmoved(over)).then_some((ray[1], over))
    }

    /// Whether the piece `cell` on `from`, set on `site` instead, would be attacked there;
    /// the position is as it was afterwards.
    fn attacked_there(&mut self, cell: Cell, from: Site, site: Site) -> bool {
        let owner = self.game.tables.owner[cell.index()];
        let game = Arc::clone(&self.game);
        self.position.put_raw(&game, from, EMPTY);
        self.position.put_raw(&game, site, cell);
        let attacked = self.attacked_on(owner, site);
        self.position.put_raw(&game, site, EMPTY);
        self.position.put_raw(&game, from, cell);
        attacked
    }
}
