//! Moves judged against `forbid leaving attacked(mover, KIND)` without playing them, in a
//! game whose [`Guard`] the compiler proved. The test of a site attacked
//! ([`State::attacked`]) looks backwards from the guarded pieces and reads only the cells
//! (and the unmoved marks) of the sites it visits; a [plain](Guard::plain) move changes
//! only the site its piece leaves (emptied) and the one it lands on (a piece of the
//! mover's, of a kind not guarded). So when no guarded piece is attacked before a plain
//! move that moves no guarded piece, the search after it reads what it read before on
//! every site but those two, and finds no attacker unless the move emptied or filled a
//! site it reads: a site where a piece of the mover's found at the end of a search stood
//! cannot hold an attacker after the move either, as the move puts no piece of another
//! player's anywhere. The sites that matter are found once per position ([`Watched`]):
//! the guarded pieces' own, every site a reversed walk's test reads (a horse's leg, a
//! cannon's screen and the sites before it), and, for a slide, the first piece from a
//! guarded piece along a reversed direction when it is the mover's and the next piece
//! beyond it is one the slide moves (a pinned piece: only its leaving opens the line; a
//! piece landing between only blocks it). A hop ([`Guard::hops`]) is watched along its
//! lines instead of by every site its reversed walk reads: it lands on a guarded piece
//! when the second piece back along a line is its hopper, so only an empty site before a
//! first piece that is a hopper (a piece landing there makes the screen), and the first
//! two pieces where the third is one (either leaving makes it second), can let it. Every
//! other plain move is allowed as it is; those that touch one are played and judged as
//! before.
//!
//! Where a guarded piece is attacked, the same reading refuses moves instead: a plain
//! move that lands on no attacker (a piece of another player's that the search found at
//! the end of a walk or a slide reaching a guarded piece), on no site of the slides that
//! reach one, and touches no site a reversed walk reads, leaves every such attack as it
//! was, so the guarded piece attacked: it is refused unplayed. Only the moves that may
//! take the attacker, block a line or a leg, or move a screen away are played and judged.

use super::movegen::{set_sites, SiteSet, SITE_SET_WORDS};
use super::walk::Reached;
use super::{Move, Position, State};
use rulebook_model::board::reverse_direction;
use rulebook_model::{
    Guard, Landing, MoveKind, MoveRule, Player, Site, SiteTest, Walk, EMPTY, NO_SITE,
};

/// The sites a plain move may neither leave nor land on to be judged without being
/// played, in one position: allowed where no guarded piece is attacked, refused where one
/// is ([`Watched::in_check`]).
pub(super) struct Watched {
    /// Where a piece leaving may open an attack (the guarded pieces, the sites a reversed
    /// walk reads, the pinned pieces), or, in check, end one (the guarded pieces, the
    /// sites a reversed walk reads, a screen among them).
    leaving: SiteSet,
    /// Where a piece landing may make an attack (the guarded pieces and the sites a
    /// reversed walk reads), or, in check, end one (those, the attackers, and the sites of
    /// the slides that reach a guarded piece).
    landing: SiteSet,
    /// A guarded piece is attacked now.
    in_check: bool,
}

impl Watched {
    /// Whether the plain move `m` is legal, judged without playing it; `None` where it
    /// must be played to tell: it leaves a site of [`Watched::leaving`] or lands on one of
    /// [`Watched::landing`].
    #[inline]
    pub(super) fn judges(&self, m: Move) -> Option<bool> {
        let clear = |set: &SiteSet, s: Site| {
            s == NO_SITE
                || set[(s.index() / 64) & (SITE_SET_WORDS - 1)] >> (s.index() % 64) & 1 == 0
        };
        (clear(&self.leaving, m.from) && clear(&self.landing, m.to)).then_some(!self.in_check)
    }
}

/// Where a plain move may make a hop reach a guarded piece ([`State::hop_watch`]).
struct HopLines {
    /// The hops' reversed walks' reads, which stand for these in check.
    reads: Reads,
    /// The pieces whose leaving may make a hop's screen.
    leaving: SiteSet,
    /// The empty sites where a piece landing may make a hop's screen.
    landing: SiteSet,
}

/// What the search from the guarded pieces finds: pinned pieces, what the reversed walks
/// read, the attacks, the hops' lines.
struct Found {
    /// The guarded pieces and the pinned pieces.
    pinned: SiteSet,
    /// What the reversed walks but the hops' read.
    reads: Reads,
    /// The attacks found: the attackers' sites and those of the slides between them and
    /// the pieces they attack (every attack marks its attacker: none where none is found).
    checks: SiteSet,
    /// The hops' lines.
    hops: HopLines,
}

impl Found {
    /// Nothing found yet from `guarded`.
    fn new(guarded: SiteSet) -> Found {
        let empty = [0; SITE_SET_WORDS];
        Found {
            pinned: guarded,
            reads: Reads::new(),
            checks: empty,
            hops: HopLines {
                reads: Reads::new(),
                leaving: empty,
                landing: empty,
            },
        }
    }

    /// The sites watched in `position` with `guarded` its guarded pieces: where no attack
    /// was found, the guarded and pinned pieces, the sites the walks read and the hops'
    /// screens to be; in check, the guarded pieces, the attackers and slides, and every
    /// site the walks read. `None` where a walk read the last move on an empty site.
    fn watched(self, guarded: SiteSet, position: &Position) -> Option<Watched> {
        let words = position.words;
        let (reads, hops) = (&self.reads, &self.hops.reads);
        let passed = set_sites(&reads.passed[..words]).chain(set_sites(&hops.passed[..words]));
        if passed
            .into_iter()
            .any(|s| position.cells[s.index()] == EMPTY)
        {
            return None;
        }
        let (mut watched, hop_leaving, hop_landing) =
            match self.checks[..words].iter().any(|&w| w != 0) {
                false => {
                    let watched = Watched {
                        leaving: self.pinned,
                        landing: guarded,
                        in_check: false,
                    };
                    (watched, self.hops.leaving, self.hops.landing)
                }
                true => {
                    let watched = Watched {
                        leaving: guarded,
                        landing: self.checks,
                        in_check: true,
                    };
                    (watched, hops.read, hops.read)
                }
            };
        for w in 0..words {
            watched.leaving[w] |= reads.read[w] | hop_leaving[w];
            watched.landing[w] |= reads.read[w] | hop_landing[w];
        }
        Some(watched)
    }
}

impl Reads {
    /// Nothing read.
    fn new() -> Reads {
        let empty = [0; SITE_SET_WORDS];
        Reads {
            origins: empty,
            read: empty,
            passed: empty,
        }
    }
}

/// What the reversed walks of a search from the guarded pieces reach and read.
struct Reads {
    /// Where they end: the sites an attacker would move from.
    origins: SiteSet,
    /// The sites their tests read.
    read: SiteSet,
    /// The sites read by a test of the piece that passed ([`SiteTest::Passed`]), which
    /// reads the last move too where the site is empty.
    passed: SiteSet,
}

impl Reached for Reads {
    fn reach(&mut self, to: Site, _passed: Site) {
        mark(&mut self.origins, to);
    }

    fn read(&mut self, at: Site, test: SiteTest) {
        mark(&mut self.read, at);
        if let SiteTest::Passed(_) = test {
            mark(&mut self.passed, at);
        }
    }
}

/// Adds `site` to `set`.
fn mark(set: &mut SiteSet, site: Site) {
    set[(site.index() / 64) & (SITE_SET_WORDS - 1)] |= 1 << (site.index() % 64);
}

impl State {
    /// The sites that the plain moves of this position may not touch to be judged without
    /// being played, under the game's `guard`; `None` where the search read the last move
    /// (every move is then played and judged).
    pub(super) fn watched(&self, guard: &Guard) -> Option<Watched> {
        let game = &*self.game;
        if !game.tables.links_lead_back {
            return None;
        }
        let victim = self.position.to_move;
        let guarded = self.movers(guard.kinds);
        let mut found = Found::new(guarded);
        for attacker in Player::all(game.about.players.len()).filter(|&p| p != victim) {
            for (index, rule) in game.moves.iter().enumerate() {
                match &rule.kind {
                    MoveKind::Slide {
                        directions,
                        max_length,
                        ..
                    } if rule.filter.landing != Landing::Empty
                        && self.holds_for(attacker, &rule.condition) =>
                    {
                        let slide = (directions.as_slice(), *max_length);
                        let into = (&mut found.pinned, &mut found.checks);
                        self.slide_watch(attacker, rule, slide, &guarded, into);
                    }
                    MoveKind::Walk(_)
                        if game.tables.attackers[index]
                            && self.holds_for(attacker, &rule.condition) =>
                    {
                        let back = game.tables.walks.get(index)?.reversed.as_ref()?;
                        let Some(lines) = &guard.hops[index] else {
                            let into = (&mut found.reads, &mut found.checks);
                            self.walk_watch(attacker, rule, back, &guarded, into);
                            continue;
                        };
                        let into = (&mut found.hops.reads, &mut found.checks);
                        self.walk_watch(attacker, rule, back, &guarded, into);
                        self.hop_watch(attacker, rule, lines, &guarded, &mut found.hops);
                    }
                    _ => {}
                }
            }
        }
        found.watched(guarded, &self.position)
    }

    /// Notes in `reads` what `back`, the walk of `rule` reversed, reads from the sites of
    /// `guarded`, and in `checks` the pieces of `attacker`'s it finds that `rule` moves:
    /// attackers ([`State::walk_attacks_back`]).
    fn walk_watch(
        &self,
        attacker: Player,
        rule: &MoveRule,
        back: &Walk,
        guarded: &SiteSet,
        (reads, checks): (&mut Reads, &mut SiteSet),
    ) {
        reads.origins = [0; SITE_SET_WORDS];
        for to in set_sites(&guarded[..self.position.words]) {
            self.walk_as(attacker, back, &back.steps, (to, NO_SITE), reads);
        }
        let own = self.position.occupied_by(attacker);
        for (origins, own) in reads.origins.iter_mut().zip(own) {
            *origins &= own;
        }
        for origin in set_sites(&reads.origins[..self.position.words]) {
            if self.moves_by(attacker, rule, self.position.cells[origin.index()]) {
                mark(checks, origin);
            }
        }
    }

    /// Notes in `checks` each piece of `attacker`'s that `rule`, a slide along
    /// `directions` of at most `max_length` sites, moves onto a site of `guarded`
    /// ([`State::slide_attacks_back`]), with the sites between; and adds to `pinned` each
    /// piece of the mover's that is the first piece from a guarded one along a reversed
    /// direction and that, gone, would leave one such piece of `attacker`'s the first.
    fn slide_watch(
        &self,
        attacker: Player,
        rule: &MoveRule,
        (directions, max_length): (&[u8], u16),
        guarded: &SiteSet,
        (pinned, checks): (&mut SiteSet, &mut SiteSet),
    ) {
        let (avoiding, not_landing) = (rule.filter.avoiding, rule.filter.not_landing);
        let allowed =
            |r: Option<u16>, s: Site| r.is_none_or(|r| !self.game.in_region(r as usize, s));
        let cells = &self.position.cells;
        for to in set_sites(&guarded[..self.position.words]) {
            if !allowed(avoiding, to) || !allowed(not_landing, to) {
                continue;
            }
            for &dir in directions {
                let back = reverse_direction(dir);
                let Some((first, left)) = self.first_piece(to, back, max_length, avoiding) else {
                    continue;
                };
                let cell = cells[first.index()];
                if self.moves_by(attacker, rule, cell) {
                    let mut at = to;
                    while at != first {
                        at = self.game.board.step(at, back);
                        mark(checks, at);
                    }
                    continue;
                }
                // Emptied, an avoided site stops the slide.
                let mine = self.game.tables.owner[cell.index()] == self.position.to_move;
                if !mine || !allowed(avoiding, first) {
                    continue;
                }
                if let Some((next, _)) = self.first_piece(first, back, left, avoiding) {
                    if self.moves_by(attacker, rule, cells[next.index()]) {
                        mark(pinned, first);
                    }
                }
            }
        }
    }

    /// Notes in `hops` where a plain move may make a hop of `rule`'s, by a piece of
    /// `attacker`'s along `directions`, reach a site of `guarded` where none reaches one
    /// now. Along each line back from a guarded piece, of the first three pieces `p1`,
    /// `p2`, `p3`: a hop lands on the guarded piece when the second piece on the line is
    /// its hopper. So a piece landing before `p1` matters only where `p1` is a hopper (the
    /// new piece its screen), and `p1` or `p2` leaving only where `p3` is (it comes
    /// second); a piece landing further on, or taken, leaves the second piece no hopper.
    fn hop_watch(
        &self,
        attacker: Player,
        rule: &MoveRule,
        directions: &[u8],
        guarded: &SiteSet,
        hops: &mut HopLines,
    ) {
        let cells = &self.position.cells;
        let hopper = |p: Option<(Site, u16)>| {
            p.is_some_and(|(s, _)| self.moves_by(attacker, rule, cells[s.index()]))
        };
        for to in set_sites(&guarded[..self.position.words]) {
            for &dir in directions {
                let back = reverse_direction(dir);
                let all = u16::MAX;
                let p1 = self.first_piece(to, back, all, None);
                let p2 = p1.and_then(|(s, _)| self.first_piece(s, back, all, None));
                let p3 = p2.and_then(|(s, _)| self.first_piece(s, back, all, None));
                if hopper(p1) {
                    let mut at = self.game.board.step(to, back);
                    while cells[at.index()] == EMPTY {
                        mark(&mut hops.landing, at);
                        at = self.game.board.step(at, back);
                    }
                }
                if hopper(p3) {
                    for (s, _) in [p1, p2].into_iter().flatten() {
                        mark(&mut hops.leaving, s);
                    }
                }
            }
        }
    }

    /// The first piece from `at` along direction `dir`, at most `steps` sites on, over
    /// empty sites outside the region `avoiding`, with the steps left after it: where
    /// [`State::slide_attacks_back`] stops.
    fn first_piece(
        &self,
        at: Site,
        dir: u8,
        steps: u16,
        avoiding: Option<u16>,
    ) -> Option<(Site, u16)> {
        let mut at = at;
        for k in 0..steps {
            at = self.game.board.step(at, dir);
            if at == NO_SITE {
                return None;
            }
            if self.position.cells[at.index()] != EMPTY {
                return Some((at, steps - k - 1));
            }
            if avoiding.is_some_and(|r| self.game.in_region(r as usize, at)) {
                return None;
            }
        }
        None
    }
}
