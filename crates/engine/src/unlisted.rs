//! Moves found without listing them: where the one move rule in force makes moves a pick
//! can count and index directly (a sowing, a slide, a placement or removal on one site, a
//! tile move), a random pick or a test for any move skips the list of moves.

use super::movegen::{
    nth_site, set_sites, slide_targets, total_bits, SiteSet, MAX_LINES, SITE_SET_WORDS,
};
use super::{Move, State};
use rulebook_model::board::LINE_OF_DIRECTION;
use rulebook_model::{
    Counted, MoveKind, MoveRule, SecondPart, Shot, Site, ALL_KINDS, EMPTY, NO_SITE, UNLIMITED,
};

/// How moves can be found without listing them ([`State::unlisted`]).
enum Unlisted<'a> {
    /// No move rule is in force: there is no move.
    NoRule,
    /// A game of tiles.
    Tiles,
    /// The one rule in force, of this number, sows.
    Sowing(u8),
    /// Every move rule, of two or more, acts on one site
    /// ([`rulebook_model::Counted::Sites`]): the rules in force are counted site by
    /// site ([`State::each_site_rule`]).
    Sites,
    /// The one rule in force, of this number, places a piece (or removes one of the
    /// mover's) on one site, with no clause that narrows its moves but a `next to`.
    Site(u8),
    /// Every move rule steps a piece or leaps with it, on a board of one word
    /// ([`rulebook_model::Counted::Steps`]): the moves are counted by shifts.
    Steps,
    /// The one rule in force slides, then shoots.
    SlideShot(SlideThenShot<'a>),
    /// The one rule in force, number `rule`, slides.
    Slide {
        rule: u8,
        directions: &'a [u8],
        rising: &'a [u8],
        falling: &'a [u8],
        max_length: u16,
    },
}

/// A rule that slides then shoots ([`Unlisted::SlideShot`]): number `rule`, a piece of
/// `kinds` sliding along `directions` (at most `max_length` sites), then a piece shot.
#[derive(Clone, Copy)]
struct SlideThenShot<'a> {
    rule: u8,
    directions: &'a [u8],
    max_length: u16,
    kinds: u64,
    shot: Shot,
}

impl State {
    /// How the moves of this position can be found without listing them: when every move
    /// rule is counted by one routine ([`Counted`]), the only move rule in force is a
    /// sowing, a placement or a slide, or the game is one of tiles (and nothing filters
    /// moves); `None` when they must be listed.
    fn unlisted(&self) -> Option<Unlisted<'_>> {
        if self.game.facts.always_listed {
            return None;
        }
        self.unlisted_before_ban()
    }

    /// [`State::unlisted`] of the moves before a ban on repetition judges them, in a game
    /// where the ban alone keeps them listed
    /// ([`rulebook_model::Facts::picks_unlisted_under_ban`]), and in any game the moves
    /// of which are not always listed.
    #[inline(always)]
    fn unlisted_before_ban(&self) -> Option<Unlisted<'_>> {
        let game = &*self.game;
        if self.position.ended.is_some()
            || (game.facts.move_goals
                && !self
                    .scratch
                    .goals_known
                    .unwrap_or_else(|| self.goals_hold()))
        {
            return None;
        }
        if game.facts.counted != Counted::ByRules {
            if game.facts.counted == Counted::Steps {
                return Some(Unlisted::Steps);
            }
            if game.moves.len() > 1 {
                return Some(Unlisted::Sites);
            }
        }
        if let [only] = &game.moves[..] {
            // One rule (the usual placement game): no rules to go through.
            return match self.holds(&only.condition) {
                true => self.unlisted_rule(0, only),
                false => Some(Unlisted::NoRule),
            };
        }
        let mut active = game
            .moves
            .iter()
            .enumerate()
            .filter(|(_, r)| self.holds(&r.condition));
        let (index, rule) = match (active.next(), active.next()) {
            (Some((i, r)), None) => (i as u8, r),
            (None, _) => return Some(Unlisted::NoRule),
            _ if game.tiles.is_some() => return Some(Unlisted::Tiles),
            _ => return None,
        };
        self.unlisted_rule(index, rule)
    }

    /// How the moves of move rule number `index`, the one rule in force, can be found
    /// without listing them ([`State::unlisted`]).
    #[inline(always)]
    fn unlisted_rule<'a>(&self, index: u8, rule: &'a MoveRule) -> Option<Unlisted<'a>> {
        match &rule.kind {
            MoveKind::Sow { .. } => Some(Unlisted::Sowing(index)),
            _ if self.game.tiles.is_some() => Some(Unlisted::Tiles),
            MoveKind::PlacePiece { .. } | MoveKind::Remove { .. } => Some(Unlisted::Site(index)),
            MoveKind::Slide {
                directions,
                rising,
                falling,
                max_length,
                line_capture: None,
            } if rule.filter.then.is_none() => Some(Unlisted::Slide {
                rule: index,
                directions,
                rising,
                falling,
                max_length: *max_length,
            }),
            _ => slide_shot(index, rule),
        }
    }

    /// The move `pick(count)` of the legal moves without listing them, where
    /// [`State::unlisted`] allows: `Some(answer)`; otherwise `None`, and the caller lists
    /// the moves. With `before_ban`, of the moves before a ban on repetition judges them,
    /// where [`State::unlisted_before_ban`] allows ([`State::draw_before_ban`]): one body
    /// for both, so that the picks it calls are compiled into it as they were.
    pub(super) fn pick_without_listing(
        &self,
        before_ban: bool,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Option<Move>> {
        if self.game.facts.always_listed && !before_ban {
            return None;
        }
        Some(match self.unlisted_before_ban()? {
            Unlisted::NoRule => None,
            Unlisted::Tiles => self.pick_tile_move(pick),
            Unlisted::Sowing(rule) => self.pick_sowing(rule, pick),
            Unlisted::Sites if self.position.words == 1 => self.pick_word_site_move(pick),
            Unlisted::Sites => self.pick_site_move(pick),
            Unlisted::Site(rule) if self.position.words == 1 => self.pick_word_move(rule, pick),
            Unlisted::Site(rule) => {
                let words = self.position.words;
                let (removing, sites) = self.rule_sites(rule);
                let count: usize = sites[..words].iter().map(|w| w.count_ones() as usize).sum();
                // Without a closure: one here was compiled out of line.
                match count {
                    0 => None,
                    _ => Some(site_move(
                        rule,
                        removing,
                        nth_site(&sites[..words], pick(count)),
                    )),
                }
            }
            Unlisted::SlideShot(rule) => self.pick_slide_shot(rule, pick),
            Unlisted::Steps => self.pick_word_step(pick),
            Unlisted::Slide {
                rule,
                directions,
                rising,
                falling,
                max_length,
            } => {
                if max_length != UNLIMITED || !self.game.board.has_ray_masks() {
                    self.pick_slide(rule, directions, max_length, pick)
                } else {
                    self.pick_masked_slide(rule, (rising, falling), pick)
                }
            }
        })
    }

    /// Moves drawn one after another, at most `draws`, each the move `pick(count)` of the
    /// moves before a ban on repetition judges them (found without listing them, as
    /// [`State::unlisted_before_ban`] allows), until one that `allowed` accepts:
    /// `Some(Some(move))`, or `Some(None)` where there is no move at all before the ban;
    /// `None` where the moves cannot be found without listing them or every move drawn was
    /// refused ([`State::pick_unlisted_unrepeated`]).
    #[inline(never)]
    pub(super) fn draw_before_ban(
        &self,
        draws: usize,
        pick: &mut dyn FnMut(usize) -> usize,
        mut allowed: impl FnMut(Move) -> bool,
    ) -> Option<Option<Move>> {
        for _ in 0..draws {
            match self.pick_without_listing(true, pick)? {
                None => return Some(None),
                Some(m) if allowed(m) => return Some(Some(m)),
                Some(_) => {}
            }
        }
        None
    }

    /// Whether the player to move has a legal move, found without listing them where
    /// [`State::unlisted`] allows (`None` elsewhere): for a slide, any piece with an
    /// empty site next to it along one of the rule's directions, without counting the
    /// slides as a pick does.
    pub(super) fn can_move_without_listing(&self) -> Option<bool> {
        let mut first = |_| 0;
        Some(match self.unlisted()? {
            Unlisted::NoRule => false,
            Unlisted::Tiles => self.pick_tile_move(&mut first).is_some(),
            Unlisted::Sowing(rule) => self.pick_sowing(rule, &mut first).is_some(),
            Unlisted::Sites if self.position.words == 1 => {
                let mut any = false;
                self.each_word_rule(|_, _, sites| {
                    any = sites != 0;
                    any
                });
                any
            }
            Unlisted::Sites => {
                let mut any = false;
                self.each_site_rule(|_, _, sites| {
                    any = sites.iter().any(|&w| w != 0);
                    any
                });
                any
            }
            Unlisted::Site(rule) if self.position.words == 1 => self.word_targets(rule).1 != 0,
            Unlisted::Site(rule) => self.rule_sites(rule).1.iter().any(|&w| w != 0),
            Unlisted::SlideShot(rule) => self.pick_slide_shot(rule, &mut first).is_some(),
            Unlisted::Steps => self.has_word_step(),
            Unlisted::Slide {
                directions,
                max_length,
                ..
            } => max_length > 0 && self.can_slide(directions),
        })
    }

    /// The move `pick(count)` of the moves of the rules in force, all acting on one site
    /// ([`Unlisted::Sites`]), counted rule by rule as [`State::each_site_rule`] gives
    /// them. The sites of the first and the last rule with any are kept from counting, so
    /// that the rules are gone through again only for a pick among a third rule's.
    fn pick_site_move(&self, pick: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let words = self.position.words;
        let count = |sites: &SiteSet| -> usize {
            sites[..words].iter().map(|w| w.count_ones() as usize).sum()
        };
        // Per rule kept: its number, whether it removes, its sites, and the index of its
        // first move.
        let (mut total, mut first, mut last) = (0, None, None);
        self.each_site_rule(|rule, removing, sites| {
            let n = count(sites);
            if n > 0 {
                let kept = Some((rule, removing, *sites, total));
                match first {
                    None => first = kept,
                    Some(_) => last = kept,
                }
            }
            total += n;
            false
        });
        let first = first?;
        let k = pick(total);
        let (rule, removing, sites, start) = match last {
            Some(last) if k >= last.3 => last,
            _ if k < first.3 + count(&first.2) => first,
            _ => return self.nth_site_move(k),
        };
        Some(site_move(
            rule,
            removing,
            nth_site(&sites[..words], k - start),
        ))
    }

    /// The move of index `k` of the moves of the rules in force, all acting on one site,
    /// found by going through them ([`State::each_site_rule`]).
    fn nth_site_move(&self, k: usize) -> Option<Move> {
        let words = self.position.words;
        let (mut k, mut found) = (k, None);
        self.each_site_rule(|rule, removing, sites| {
            let n: usize = sites[..words].iter().map(|w| w.count_ones() as usize).sum();
            if k < n {
                found = Some(site_move(rule, removing, nth_site(&sites[..words], k)));
            }
            k = k.wrapping_sub(n);
            found.is_some()
        });
        found
    }

    /// The moves of each move rule in force, in order, where every rule acts on one site
    /// ([`rulebook_model::Counted::Sites`]): `visit(rule, removing, sites)` (`removing`
    /// for a removal) with the sites of the rule's moves as [`State::legal_moves`] lists
    /// them, those of an earlier rule's moves left out (a placement by two rules, all of one
    /// kind, or a removal by two, is one move, listed under the first), until `visit`
    /// returns `true`.
    fn each_site_rule(&self, mut visit: impl FnMut(u8, bool, &SiteSet) -> bool) {
        let words = self.position.words;
        let mut taken: SiteSet = [0; SITE_SET_WORDS];
        for (index, rule) in self.game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let (removing, mut sites) = self.rule_sites(index as u8);
            for (word, taken) in sites.iter_mut().zip(&mut taken).take(words) {
                (*word, *taken) = (*word & !*taken, *taken | *word);
            }
            if visit(index as u8, removing, &sites) {
                return;
            }
        }
    }

    /// The sites of move rule `index`'s moves (a placement or a removal): those of
    /// [`State::site_targets`] that `next to` keeps. `true` with a removal's sites.
    fn rule_sites(&self, index: u8) -> (bool, SiteSet) {
        let (removing, mut sites) = self.site_targets(index);
        if let Some(n) = self.game.moves[index as usize].filter.next_to {
            self.keep_next_to(n, &mut sites);
        }
        (removing, sites)
    }

    /// Whether a piece of the player to move has an empty site next to it along one of
    /// `directions`.
    fn can_slide(&self, directions: &[u8]) -> bool {
        let board = &self.game.board;
        let own = self.position.occupied_by(self.position.to_move);
        set_sites(own).any(|from| {
            directions.iter().any(|&dir| {
                let ray = board.ray(from, dir);
                ray.first()
                    .is_some_and(|s| self.position.cells[s.index()] == EMPTY)
            })
        })
    }

    /// [`State::pick_without_listing`] for a slide then a shot (`rule`): the shots
    /// after each slide are counted along their rays, the pieces and their slides in the
    /// order [`State::legal_moves`] lists them (by site), and only the chosen slide's shots
    /// are marked, to find the chosen one among them in the order of their sites. Out of
    /// line, so that the picks of other games are compiled as they were.
    #[inline(never)]
    fn pick_slide_shot(
        &self,
        rule: SlideThenShot,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let SlideThenShot {
            rule,
            directions,
            max_length,
            kinds,
            shot,
        } = rule;
        let board = &self.game.board;
        let words = self.position.words;
        let movers = match kinds {
            ALL_KINDS => {
                let mut own = [0; SITE_SET_WORDS];
                own[..words].copy_from_slice(self.position.occupied_by(self.position.to_move));
                own
            }
            kinds => self.movers(kinds),
        };
        // Each slide, in the order of the list, with the number of its shots, until `visit`
        // returns true; returns the shots of all the slides visited.
        let each_slide = |visit: &mut dyn FnMut(Move, usize) -> bool| {
            let mut total = 0;
            for from in set_sites(&movers[..words]) {
                // The slides' ends in the order of their sites, as the list has them.
                let mut targets = [0; SITE_SET_WORDS];
                for &dir in directions {
                    for &to in self.open_ray(board, from, dir, max_length) {
                        targets[to.index() / 64] |= 1 << (to.index() % 64);
                    }
                }
                for to in set_sites(&targets[..words]) {
                    let shots = self.shot_count(shot, from, to);
                    total += shots;
                    if visit(Move::step(rule, from, to), shots) {
                        return total;
                    }
                }
            }
            total
        };
        let total = each_slide(&mut |_, _| false);
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        let mut chosen = None;
        each_slide(&mut |m, shots| {
            if k < shots {
                chosen = Some(m);
                return true;
            }
            k -= shots;
            false
        });
        let slide = chosen.expect("pick returns an index below the count");
        let mut sites = [0; SITE_SET_WORDS];
        self.shot_sites(shot, slide, &mut sites);
        Some(slide.with_shot(nth_site(&sites[..words], k)))
    }

    /// The number of sites a shot from `to` reaches after a slide from `from` (which it
    /// may pass through, the piece gone): along each of its directions, the empty sites
    /// before the first occupied one (the sites of distinct rays are distinct).
    fn shot_count(&self, shot: Shot, from: Site, to: Site) -> usize {
        if !self.position.lines.is_empty() {
            return self.shot_count_by_lines(shot, from, to);
        }
        let board = &self.game.board;
        let cells = &self.position.cells;
        let free = |s: &&Site| **s == from || cells[s.index()] == EMPTY;
        (0..board.directions() as u8)
            .filter(|d| shot.directions >> d & 1 == 1)
            .map(|dir| board.ray(to, dir).iter().take_while(free).count())
            .sum()
    }

    /// [`State::shot_count`] on a grid whose lines the position keeps as bit masks
    /// ([`State::pick_slide`] counts slides along them): along each direction, the clear
    /// bits beyond the landing's on its line, up to the first set one, the site left
    /// cleared where it is on that line.
    fn shot_count_by_lines(&self, shot: Shot, from: Site, to: Site) -> usize {
        let lines = self.game.board.lines();
        let (left, landing) = (&lines.place[from.index()], &lines.place[to.index()]);
        let mut count = 0;
        for dir in (0..8).filter(|d| shot.directions >> d & 1 == 1) {
            let (family, rising) = LINE_OF_DIRECTION[dir];
            let (line, place) = landing[family];
            let mut mask = self.position.lines[family * MAX_LINES + line as usize];
            if left[family].0 == line {
                mask &= !(1 << (left[family].1 + 1));
            }
            count += match rising {
                true => (mask >> (place + 2)).trailing_zeros(),
                false => (mask << (63 - place)).leading_zeros(),
            };
        }
        count as usize
    }

    /// [`State::pick_without_listing`] for a slide of any length, rule number `rule`
    /// along the `rising` and `falling` directions, on a board with ray masks.
    fn pick_masked_slide(
        &self,
        rule: u8,
        (rising, falling): (&[u8], &[u8]),
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let board = &self.game.board;
        let occupied = self.position.occupancy.iter().fold(0u64, |a, &b| a | b);
        let own = self.position.occupancy[self.position.to_move.index()];
        let mut pending = [(NO_SITE, 0u64); 64];
        let n = slide_targets(board, occupied, own, 0, rising, falling, &mut pending);
        let total = total_bits(&pending[..n]);
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        for &(from, targets) in &pending[..n] {
            let count = targets.count_ones() as usize;
            if k < count {
                let mut t = targets;
                for _ in 0..k {
                    t &= t - 1;
                }
                return Some(Move::step(
                    rule,
                    from,
                    Site::at(t.trailing_zeros() as usize),
                ));
            }
            k -= count;
        }
        unreachable!("pick returns an index below the count")
    }
}

/// How the moves of move rule number `index` can be found without listing them where it
/// slides then shoots ([`Unlisted::SlideShot`]); `None` for any other rule. Out of line,
/// so that the test for the other rules is compiled as it was.
#[inline(never)]
fn slide_shot(index: u8, rule: &MoveRule) -> Option<Unlisted<'_>> {
    match (&rule.kind, rule.filter.then) {
        (
            MoveKind::Slide {
                directions,
                max_length,
                line_capture: None,
                ..
            },
            Some(SecondPart::Shoot(shot)),
        ) => Some(Unlisted::SlideShot(SlideThenShot {
            rule: index,
            directions,
            max_length: *max_length,
            kinds: rule.filter.kinds,
            shot,
        })),
        _ => None,
    }
}

/// The move of rule `rule` on `site`: a removal (`removing`) or a placement.
fn site_move(rule: u8, removing: bool, site: Site) -> Move {
    match removing {
        true => Move::remove(rule, site),
        false => Move::place(rule, site),
    }
}
