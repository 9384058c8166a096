//! Attack: whether a piece stands where another player could take it by landing on it
//! (`attacked(P, K)`), read from the move rules themselves rather than restated: every
//! slide of the other players' whose `onto` lets it end on an enemy piece, and every walk
//! (a leap, a hop: its own tests say where it lands) but one that tests sites unattacked
//! itself (a castling's: [`rulebook_model::Walk::attacks`]), its condition read with that
//! player as the mover ([`rulebook_model::Tables::attackers`]). Jumps, flights and the captures of effects after a move do not attack in
//! this sense. Where the board's links lead back, an attack is looked for backwards from
//! the site attacked (a slide along its reversed directions to the first piece, a walk
//! reversed by the compiler), which visits a few sites; elsewhere forwards from each piece
//! the rule moves.

use super::movegen::{set_sites, SiteSet, SITE_SET_WORDS};
use std::sync::Arc;

use super::{Move, MoveList, State};
use rulebook_model::board::reverse_direction;
use rulebook_model::{
    Cell, Condition, MoveKind, MoveRule, Player, Site, Walk, ALL_KINDS, ANY_KIND, EMPTY, NO_SITE,
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
        let rules = self.game.moves.iter().zip(&self.game.tables.attackers);
        rules.enumerate().any(|(index, (rule, &attacks))| {
            // The rules that may take by landing (`Tables::attackers`): a walk's own tests
            // say what it lands on (a hop lands on an enemy piece with no `onto`), a slide
            // lands on a piece only where `onto` lets it.
            attacks
                && self.holds_for(attacker, &rule.condition)
                && self.rule_attacks(attacker, (index, rule), targets)
        })
    }

    /// Whether `condition` holds with `player` as the mover.
    pub(super) fn holds_for(&self, player: Player, condition: &Condition) -> bool {
        match condition {
            Condition::Always => true,
            Condition::When(e) => self.value(player, e) != 0,
        }
    }

    /// Whether a move of rule `index`, made by `attacker`, could end on a site of
    /// `targets`: looked for backwards from the targets where the board allows (a slide
    /// along its reversed directions, a walk reversed), else forwards from every piece the
    /// rule moves.
    fn rule_attacks(
        &self,
        attacker: Player,
        (index, rule): (usize, &MoveRule),
        targets: &SiteSet,
    ) -> bool {
        let tables = &self.game.tables;
        match (&rule.kind, tables.walks.get(index).map(|w| &w.reversed)) {
            (
                MoveKind::Slide {
                    directions,
                    max_length,
                    ..
                },
                _,
            ) if tables.links_lead_back => {
                self.slide_attacks_back(attacker, rule, (directions, *max_length), targets)
            }
            (MoveKind::Walk(_), Some(Some(back))) => {
                self.walk_attacks_back(attacker, (index, rule), back, targets)
            }
            _ => self.rule_attacks_forward(attacker, rule, targets),
        }
    }

    /// Whether a piece `attacker` moves by `rule` (a slide along `directions`) stands where
    /// a slide from a site of `targets` along a reversed direction first meets a piece, at
    /// most `max_length` sites on, over empty sites the rule does not avoid: the slides
    /// that [`State::slide_takes`] finds, looked for from their ends.
    fn slide_attacks_back(
        &self,
        attacker: Player,
        rule: &MoveRule,
        (directions, max_length): (&[u8], u16),
        targets: &SiteSet,
    ) -> bool {
        let filter = &rule.filter;
        let allowed =
            |r: Option<u16>, s: Site| r.is_none_or(|r| !self.game.in_region(r as usize, s));
        let board = &self.game.board;
        set_sites(&targets[..self.position.words]).any(|to| {
            if !allowed(filter.avoiding, to) || !allowed(filter.not_landing, to) {
                return false;
            }
            directions.iter().any(|&dir| {
                let back = reverse_direction(dir);
                let mut at = to;
                for _ in 0..max_length {
                    at = board.step(at, back);
                    if at == NO_SITE {
                        return false;
                    }
                    let cell = self.position.cells[at.index()];
                    if cell != EMPTY {
                        return self.moves_by(attacker, rule, cell);
                    }
                    if !allowed(filter.avoiding, at) {
                        return false;
                    }
                }
                false
            })
        })
    }

    /// Whether a piece `attacker` moves by `rule` stands on a site that `back`, the rule's
    /// walk reversed, reaches from a site of `targets`.
    fn walk_attacks_back(
        &self,
        attacker: Player,
        (index, rule): (usize, &MoveRule),
        back: &Walk,
        targets: &SiteSet,
    ) -> bool {
        let mut origins: SiteSet = [0; SITE_SET_WORDS];
        let paths = self.game.tables.walks[index].reversed_paths.as_ref();
        for to in set_sites(&targets[..self.position.words]) {
            match paths {
                Some(paths) => self.mark_paths(attacker, (back, paths.from(to)), &mut origins),
                None => self.walk_as(attacker, back, &back.steps, (to, NO_SITE), &mut origins),
            }
        }
        self.moves_from_any(attacker, rule, &origins)
    }

    /// Whether a piece `attacker` moves by `rule` stands on a site of `origins`.
    #[inline]
    pub(super) fn moves_from_any(
        &self,
        attacker: Player,
        rule: &MoveRule,
        origins: &SiteSet,
    ) -> bool {
        let own = self.position.occupied_by(attacker);
        (0..self.position.words).any(|w| {
            let mut bits = origins[w] & own[w];
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.moves_by(attacker, rule, self.position.cells[site]) {
                    return true;
                }
            }
            false
        })
    }

    /// Whether `cell` holds a piece of `attacker`'s of a kind `rule` moves.
    #[inline]
    pub(super) fn moves_by(&self, attacker: Player, rule: &MoveRule, cell: Cell) -> bool {
        let kinds = rule.filter.kinds;
        self.game.tables.owner[cell.index()] == attacker
            && (kinds == ALL_KINDS || kinds >> self.game.kind_of(cell) & 1 == 1)
    }

    /// Whether a move of `rule`, made by `attacker` from one of its pieces, could end on a
    /// site of `targets`.
    fn rule_attacks_forward(&self, attacker: Player, rule: &MoveRule, targets: &SiteSet) -> bool {
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
                    self.walk_as(attacker, walk, &walk.steps, (from, NO_SITE), &mut reached);
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
    pub(super) fn attacked_there(&mut self, cell: Cell, from: Site, site: Site) -> bool {
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
