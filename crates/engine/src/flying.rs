//! Jumps from afar and chains recorded by the pieces they jump: a `flying` jump passes
//! over a piece any distance away (the sites before it empty) and lands on any empty site
//! beyond it; a `chained` jump of a game where chains fly or a piece is promoted on the
//! way ([`Chain::Pieces`]) is searched here, with what a promotion does on the way
//! ([`MidChain`]); and `compulsory most` keeps the captures that jump the most pieces.
//!
//! Kept apart from `movegen.rs`, so that the slides and jumps of other games are compiled
//! as they were.

use super::movegen::SITE_SET_WORDS;
use super::{Move, MoveList, State};
use rulebook_model::{
    Cell, Chain, EffectKind, Jumped, MidChain, MoveKind, MoveRule, Site, Taking, EMPTY,
    MAX_CHAIN_LEGS, NO_SITE,
};

/// The search for the chains of one piece recorded by the pieces they jump
/// ([`State::piece_chains`]).
struct PieceWalk {
    /// The move rule the moves are of (the rule the chain began by).
    index: u8,
    /// Where the piece started (empty while it jumps: it may pass over it or land on it).
    from: Site,
    /// The pieces jumped so far: they stay on the board until the move ends, and are not
    /// jumped again.
    jumped: [u64; SITE_SET_WORDS],
    /// Their bits ([`rulebook_model::PieceBits`]).
    taken: u64,
    /// The route so far: `landings[0]` is `from`, `landings[d]` where jump `d` landed.
    landings: [Site; MAX_CHAIN_LEGS + 1],
}

/// What a jump passes over and where it may land, from one site in one direction.
struct Leg {
    /// The piece jumped.
    over: Site,
    /// The first site beyond it.
    first: Site,
}

impl State {
    /// Whether `site` holds nothing for a piece that jumps from `from`: it is empty, or it
    /// is the site the piece left.
    #[inline]
    fn clear_for(&self, site: Site, from: Site) -> bool {
        site == from || self.position.cells[site.index()] == EMPTY
    }

    /// Whether `site` lies in the region with this index (none: no region).
    #[inline]
    fn in_rule_region(&self, region: Option<u16>, site: Site) -> bool {
        region.is_some_and(|r| self.game.in_region(r as usize, site))
    }

    /// The jump of the piece from `from` standing on `at` towards `dir` under `rule`: the
    /// piece it passes over (the next one along the line, or with `flying` the first after
    /// any number of empty sites) and the first site beyond it, when the rule lets it jump
    /// that piece (and it was not jumped already, `jumped`). The landings are that site and,
    /// flying, the empty sites after it ([`State::landings`]).
    #[inline]
    fn leg(
        &self,
        rule: &MoveRule,
        (from, at, dir): (Site, Site, u8),
        jumped: &[u64],
    ) -> Option<Leg> {
        let game = &*self.game;
        let board = &game.board;
        let MoveKind::Jump { flying, over, .. } = rule.kind else {
            return None;
        };
        let avoiding = rule.filter.avoiding;
        let mut mid = board.step(at, dir);
        while flying && mid != NO_SITE && self.clear_for(mid, from) {
            if self.in_rule_region(avoiding, mid) {
                return None;
            }
            mid = board.step(mid, dir);
        }
        if mid == NO_SITE || mid == from || self.in_rule_region(avoiding, mid) {
            return None;
        }
        let cell = self.position.cells[mid.index()];
        let owner = game.tables.owner[cell.index()];
        let may = cell != EMPTY
            && match over {
                Jumped::Enemy => owner != self.position.to_move,
                Jumped::Friend => owner == self.position.to_move,
                Jumped::Any => true,
            };
        let again = jumped[mid.index() >> 6] >> (mid.index() & 63) & 1 == 1;
        let first = board.step(mid, dir);
        // A piece on the board's edge has no site beyond it (and no bit, PieceBits).
        (may && !again && first != NO_SITE).then_some(Leg { over: mid, first })
    }

    /// The sites a jump may land on beyond its piece, from `leg.first` on along `dir`: that
    /// site alone, or with `flying` every empty site up to the next piece (a site `not
    /// landing on` forbids is passed, one it avoids ends them).
    #[inline]
    fn landings<'a>(
        &'a self,
        rule: &'a MoveRule,
        (from, dir): (Site, u8),
        leg: &Leg,
    ) -> impl Iterator<Item = Site> + 'a {
        let board = &self.game.board;
        let flying = matches!(rule.kind, MoveKind::Jump { flying: true, .. });
        let mut next = leg.first;
        let mut done = false;
        std::iter::from_fn(move || loop {
            let at = next;
            if done
                || at == NO_SITE
                || !self.clear_for(at, from)
                || self.in_rule_region(rule.filter.avoiding, at)
            {
                return None;
            }
            next = board.step(at, dir);
            done = !flying;
            if !self.in_rule_region(rule.filter.not_landing, at) {
                return Some(at);
            }
        })
    }

    /// The moves of a jump rule that flies or whose chains are recorded by their pieces,
    /// by the mover's pieces of the kinds it allows, in site order.
    #[inline(never)]
    pub(super) fn far_jumps(&self, index: u8, rule: &MoveRule, out: &mut MoveList) {
        let movers = self.movers(rule.filter.kinds);
        let pieces = matches!(
            rule.kind,
            MoveKind::Jump {
                chain: Chain::Pieces,
                ..
            }
        );
        for from in super::movegen::set_sites(&movers[..self.position.words]) {
            match pieces {
                true => self.piece_chains(index, from, out),
                false => self.flying_jumps(index, from, rule, out),
            }
        }
    }

    /// The flying jumps of one rule that does not chain (`move jump DIRECTIONS flying over
    /// ...`) of the piece on `from`: over the first piece along each direction, onto each
    /// empty site beyond it, one move each, by landing site.
    fn flying_jumps(&self, index: u8, from: Site, rule: &MoveRule, out: &mut MoveList) {
        let MoveKind::Jump { directions, .. } = &rule.kind else {
            return;
        };
        let start = out.len();
        let none = [0u64; SITE_SET_WORDS];
        for &dir in directions {
            if let Some(leg) = self.leg(rule, (from, from, dir), &none) {
                for to in self.landings(rule, (from, dir), &leg) {
                    out.push(Move::jump(index, from, leg.over, to));
                }
            }
        }
        out.sort_tail_by_destination(start);
    }

    /// The chains of the piece on `from` by rule `index`, recorded by the pieces they jump
    /// ([`Chain::Pieces`]): every route it can jump to its end is found, and the routes
    /// that end on the same site having jumped the same pieces (and made the piece the same
    /// kind) are one move. Moves come out by landing site, then by number of pieces, then by
    /// the pieces' bits.
    fn piece_chains(&self, index: u8, from: Site, out: &mut MoveList) {
        let start = out.len();
        self.chain_routes(index, from, &mut |_, m| out.push(m));
        out.sort_and_dedup_tail(start);
    }

    /// Every route of the chains by rule `index` of the piece on `from`, each with its
    /// landings (`from` first) and its move, in the order of the search (directions in the
    /// rule's order, the nearer landing first), routes that make the same move included.
    pub(super) fn chain_routes(
        &self,
        index: u8,
        from: Site,
        visit: &mut impl FnMut(&[Site], Move),
    ) {
        let rule = &self.game.moves[index as usize];
        let mut walk = PieceWalk {
            index,
            from,
            jumped: [0; SITE_SET_WORDS],
            taken: 0,
            landings: [NO_SITE; MAX_CHAIN_LEGS + 1],
        };
        walk.landings[0] = from;
        let piece = self.position.cells[from.index()];
        self.walk_chain(&mut walk, (rule, piece, None), (from, 0), visit);
    }

    /// [`State::chain_routes`] for rule `index`, whether a jump's routine or a walk whose
    /// route is recorded by its pieces ([`State::piece_chain_routes`]).
    fn routes_of_either(&self, index: u8, from: Site, visit: &mut dyn FnMut(&[Site], Move)) {
        match &self.game.moves[index as usize].kind {
            MoveKind::Walk(_) => self.piece_chain_routes(index, from, visit),
            _ => self.chain_routes(index, from, &mut |route, m| visit(route, m)),
        }
    }

    /// The jumps on from `at`, the `depth`th landing of the route, by `rule` for a piece
    /// `piece` (the kind it became on the way, if it did, `became`): each ends a route where
    /// the piece cannot jump on (or is promoted and stops). Of the landings beyond one
    /// piece, those from which the piece jumps on are taken when there are any (a chain goes
    /// on while it can): the others end a route only when none goes on. Returns whether any
    /// jump was found.
    fn walk_chain(
        &self,
        walk: &mut PieceWalk,
        (rule, piece, became): (&MoveRule, Cell, Option<u8>),
        (at, depth): (Site, usize),
        visit: &mut impl FnMut(&[Site], Move),
    ) -> bool {
        let MoveKind::Jump { directions, .. } = &rule.kind else {
            return false;
        };
        if depth >= MAX_CHAIN_LEGS {
            return false;
        }
        let bits = &self.game.tables.piece_bits;
        let mut found = false;
        for &dir in directions {
            let Some(leg) = self.leg(rule, (walk.from, at, dir), &walk.jumped) else {
                continue;
            };
            let (w, b) = (leg.over.index() >> 6, 1u64 << (leg.over.index() & 63));
            walk.jumped[w] |= b;
            walk.taken |= bits.bit(leg.over);
            // Bit `i`: the piece cannot jump on from the `i`th landing.
            let (mut ends, mut went_on) = (0u64, false);
            for (i, to) in self.landings(rule, (walk.from, dir), &leg).enumerate() {
                found = true;
                walk.landings[depth + 1] = to;
                let on = match self.mid_chain(piece, to) {
                    None | Some((MidChain::Pass, _)) => Some((rule, piece, became)),
                    Some((MidChain::Stop, _)) => None,
                    Some((MidChain::GoOn, kind)) => self.going_on(kind),
                };
                match on {
                    Some(next) if self.walk_chain(walk, next, (to, depth + 1), visit) => {
                        went_on = true
                    }
                    _ => ends |= 1 << i.min(63),
                }
            }
            if !went_on {
                for (i, to) in self.landings(rule, (walk.from, dir), &leg).enumerate() {
                    if ends >> i.min(63) & 1 == 1 {
                        walk.landings[depth + 1] = to;
                        let kind = match self.mid_chain(piece, to) {
                            Some((MidChain::GoOn, kind)) => Some(kind),
                            _ => became,
                        };
                        let m = Move::taking(walk.index, (walk.from, to), kind, walk.taken);
                        visit(&walk.landings[..depth + 2], m);
                    }
                }
            }
            walk.jumped[w] &= !b;
            walk.taken &= !bits.bit(leg.over);
        }
        found
    }

    /// The promotion that applies first to a piece `piece` landing on `site` during a chain
    /// (judged on the position before the move), if any: what it does to the chain and the
    /// kind it makes.
    #[inline]
    pub(super) fn mid_chain(&self, piece: Cell, site: Site) -> Option<(MidChain, u8)> {
        let game = &*self.game;
        if !game.facts.promotes {
            return None;
        }
        let kind = game.kind_of(piece);
        game.effects.iter().find_map(|effect| {
            let EffectKind::Promote {
                to,
                region,
                mid_chain,
                ..
            } = effect.kind
            else {
                return None;
            };
            let applies = game.in_region(region as usize, site)
                && effect.filter.kinds >> kind & 1 == 1
                && kind != to as usize
                && self.holds(&effect.condition);
            applies.then_some((mid_chain, to))
        })
    }

    /// How a chain goes on for a piece promoted on the way to `kind` (`at once`): by the
    /// first rule of chains recorded by their pieces that moves that kind and is in force,
    /// with the piece as a piece of that kind; `None` when no rule does (the chain ends).
    fn going_on(&self, kind: u8) -> Option<(&MoveRule, Cell, Option<u8>)> {
        let game = &*self.game;
        let rule = game.moves.iter().find(|r| {
            matches!(
                r.kind,
                MoveKind::Jump {
                    chain: Chain::Pieces,
                    ..
                }
            ) && r.filter.kinds >> kind & 1 == 1
                && self.holds(&r.condition)
        })?;
        Some((
            rule,
            game.cell(self.position.to_move, kind as usize),
            Some(kind),
        ))
    }

    /// The moves the move rules allow here (before the ban on repetition) as if no rule
    /// were compulsory: a move that capturing (or capturing the most) rules out is among
    /// them, for saying why it is not legal.
    pub fn moves_before_compulsion(&self, out: &mut MoveList) {
        out.clear();
        out.uncompelled = true;
        self.pseudo_legal_moves(out);
        out.uncompelled = false;
    }

    /// The number of pieces move `m` jumps (what `compulsory most` compares): one for a
    /// single jump, each jump of a chain; none for any other move.
    pub fn pieces_jumped(&self, m: Move) -> u32 {
        match self.game.moves[m.rule as usize].kind {
            MoveKind::Jump {
                chain: Chain::Single,
                ..
            } => 1,
            MoveKind::Jump { .. } => u32::from(m.legs),
            // A piece passed over that moves on is not jumped.
            MoveKind::Walk(ref walk) if walk.taking == Some(Taking::Behind) => 0,
            MoveKind::Walk(_) => u32::from(m.legs).max((m.over != NO_SITE) as u32),
            _ => 0,
        }
    }

    /// Keeps of the moves from position `start` on (the compulsory ones) only those that
    /// jump the most pieces (`compulsory most`).
    #[inline(never)]
    pub(super) fn keep_most(&self, start: usize, out: &mut MoveList) {
        let most = out[start..]
            .iter()
            .map(|&m| self.pieces_jumped(m))
            .max()
            .unwrap_or(0);
        out.retain_from(start, |m| self.pieces_jumped(m) == most);
    }

    /// The landings of a chain recorded by its pieces, `m` (a move of this position), along
    /// the first route the search finds for it (`m.from()` first); `None` when no route of
    /// this position makes it.
    pub fn chain_landings(&self, m: Move) -> Option<Vec<Site>> {
        if m.from == NO_SITE
            || m.rule as usize >= self.game.moves.len()
            || self.owner(m.from) != Some(self.position.to_move)
        {
            return None;
        }
        let mut found = None;
        self.routes_of_either(m.rule, m.from, &mut |route, found_move| {
            if found.is_none() && found_move == m {
                found = Some(route.to_vec());
            }
        });
        found
    }

    /// The move, in this position, of a chain recorded by its pieces whose route lands on
    /// `landings` (the site it starts from first), by the first such rule in force for the
    /// piece there; `None` when no route lands so. The move is pseudo-legal: whether it is
    /// legal (compulsory capture, the most pieces) is for the caller to see.
    pub fn chain_by_landings(&self, landings: &[Site]) -> Option<Move> {
        let game = &*self.game;
        let (&from, _) = landings.split_first()?;
        if from == NO_SITE || self.owner(from) != Some(self.position.to_move) {
            return None;
        }
        let kind = game.kind_of(self.position.cells[from.index()]);
        let mut found = None;
        for (index, rule) in game.moves.iter().enumerate() {
            let chains = rule.kind.records_pieces();
            if !chains || rule.filter.kinds >> kind & 1 == 0 || !self.holds(&rule.condition) {
                continue;
            }
            self.routes_of_either(index as u8, from, &mut |route, m| {
                if found.is_none() && route == landings {
                    found = Some(m);
                }
            });
            if found.is_some() {
                break;
            }
        }
        found
    }
}
