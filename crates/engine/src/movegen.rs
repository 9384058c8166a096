//! Move generation: the pseudo-legal moves of every move rule, in the fixed order of
//! [`State::legal_moves`] (rule, then the site moved from, then the site moved to, then a
//! sequence of jumps' path).

use super::{capture, LineStep, Move, MoveList, State};
use rulebook_model::board::{AxisShifts, LineMasks, AXES, LINE_OF_DIRECTION, MAX_GRID_SIDE};
use rulebook_model::{
    leg_bits, Board, CaptureMode, Cell, Chain, Condition, EffectKind, Expr, Game, Jumped, Landing,
    LineCapture, MidChain, MoveFilter, MoveKind, MoveRule, Neighbour, NextTo, Numbered, Op, Player,
    PlayerRef, Removal, SecondPart, Shot, Site, Taking, Walk, ALL_KINDS, EMPTY, MAX_CHAIN_LEGS,
    NO_SITE, UNLIMITED,
};

/// The most sites of a board with rays (a grid of 26 x 26).
const MAX_GRID_SITES: usize = (MAX_GRID_SIDE * MAX_GRID_SIDE) as usize;

/// The most lines of one family on a grid (diagonals of a 26 x 26 board: 51), rounded up
/// to a power of two so that masking a line's index keeps it in bounds.
pub(super) const MAX_LINES: usize = (2 * MAX_GRID_SIDE as usize).next_power_of_two();

/// Words of a [`SiteSet`]: enough for [`MAX_GRID_SITES`] (11), rounded up to a power of two
/// so that masking a word's index keeps it in bounds.
pub(super) const SITE_SET_WORDS: usize = MAX_GRID_SITES.div_ceil(64).next_power_of_two();

/// Slots for a count per piece: [`MAX_GRID_SITES`] rounded up to a power of two, so that
/// masking a piece's index keeps it in bounds.
const PIECE_SLOTS: usize = MAX_GRID_SITES.next_power_of_two();

/// A set of a grid's sites: bit `site % 64` of word `site / 64`.
pub(super) type SiteSet = [u64; SITE_SET_WORDS];

impl State {
    /// Appends the moves allowed by the move rules, before the ban on repetition: at a
    /// throw of the dice, the throws alone.
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        if self.game.facts.bit_moves {
            // No dice there: every rule is a step or a chain of jumps.
            return self.bit_rule_moves(out);
        }
        match self.chance() {
            Some(dice) => self.throws(dice, out),
            None => self.rule_moves(out),
        }
    }

    /// [`State::rule_moves`] in a game whose every rule bit sets find
    /// ([`rulebook_model::Facts::bit_moves`]): steps and chains of jumps, each by
    /// [`State::word_piece_moves`], with nothing after them but promotions with a choice and
    /// compulsion. Apart and out of line, so that the move generator of the other games is
    /// compiled as it was (with a test for such rules in it, its registers were laid out
    /// otherwise, 1% to 3% more instructions in the playouts of games of placements). Cold,
    /// so that the test before it leaves the common path's layout alone (without, 0.5% to
    /// 1.3% more there). A rule that is
    /// not compulsory is skipped once a compulsory one has moves, which would drop its.
    #[cold]
    #[inline(never)]
    fn bit_rule_moves(&self, out: &mut MoveList) {
        let game = &*self.game;
        let start = out.len();
        let mut compulsory = false;
        let drops = !out.uncompelled;
        for (index, rule) in game.moves.iter().enumerate() {
            if !self.holds_for_mover(&rule.condition)
                || (compulsory && drops && !rule.filter.compulsory)
            {
                continue;
            }
            let rule_start = out.len();
            let found = self.word_piece_moves(index as u8, rule, out);
            debug_assert!(found, "a rule that bit sets find");
            if game.facts.promotion_choice_kinds & rule.filter.kinds != 0 {
                self.add_promotion_choices(rule_start, out);
            }
            compulsory |= rule.filter.compulsory && out.len() > rule_start;
        }
        if compulsory && drops {
            out.retain_from(start, |m| game.moves[m.rule as usize].filter.compulsory);
            if game.facts.majority {
                self.keep_most(start, out);
            }
        }
    }

    /// Appends the moves of the rules `in passing` that [`State::pseudo_legal_moves`]
    /// gives. Where no rule's moves can drop another's (no compulsory rule, no capture by
    /// approach or withdrawal), no dice are thrown and every such rule is a walk that
    /// nothing narrows after it ([`State::rule_moves`] gives its moves with their choices
    /// of promotion and nothing else), by those rules alone; else picked out of every
    /// rule's moves.
    pub(super) fn moves_in_passing(&self, out: &mut MoveList) {
        let game = &*self.game;
        let alone = |r: &MoveRule| {
            let f = &r.filter;
            let narrowed = f.then.is_some() || f.capturing || f.liberties.is_some();
            let walk_alone =
                matches!(r.kind, MoveKind::Walk(_)) && !narrowed && r.so_that.is_none();
            !f.compulsory && !r.kind.captures_in_line() && (!f.in_passing || walk_alone)
        };
        if self.chance().is_some() || !game.moves.iter().all(alone) {
            self.pseudo_legal_moves(out);
            out.retain(|m| game.moves[m.rule as usize].filter.in_passing);
            return;
        }
        for (index, rule) in game.moves.iter().enumerate() {
            let MoveKind::Walk(walk) = &rule.kind else {
                continue;
            };
            if rule.filter.in_passing && self.holds(&rule.condition) {
                let start = out.len();
                self.walks(index as u8, rule, walk, out);
                if game.facts.promotion_choice_kinds & rule.filter.kinds != 0 {
                    self.add_promotion_choices(start, out);
                }
            }
        }
    }

    /// Appends the moves allowed by the move rules after the throw, if any.
    fn rule_moves(&self, out: &mut MoveList) {
        let game = &*self.game;
        let start = out.len();
        let mut pass = None;
        let mut compulsory = false;
        let mut targets = [0u64; SITE_SET_WORDS];
        for (index, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let index = index as u8;
            let rule_start = out.len();
            match &rule.kind {
                MoveKind::Sow { .. } => self.sowing_moves(index, out),
                MoveKind::Place { matching } => self.tile_moves(index, *matching, out),
                MoveKind::Swap if self.swap_open() => out.push(Move::swap(index)),
                MoveKind::Swap => {}
                MoveKind::Pass { at_will: false } => pass = pass.or(Some(index)),
                MoveKind::Pass { at_will: true } => out.push(Move::pass(index)),
                MoveKind::PlacePiece { .. } | MoveKind::Remove { .. } => {
                    self.site_moves(index, rule, out)
                }
                MoveKind::Fly { region } => self.flights(index, *region, rule, out),
                MoveKind::Castle {
                    directions,
                    partner,
                } => self.castlings(index, rule, (directions, *partner), out),
                MoveKind::Walk(walk) => self.walks(index, rule, walk, out),
                MoveKind::SiteWalk(walk) => self.site_walks(index, walk, out),
                MoveKind::Roll(_) => {}
                MoveKind::Track(track) => self.track_moves(index, track, out),
                MoveKind::Wall(grooves) => self.wall_moves(index, grooves, out),
                MoveKind::Side(sides) => self.side_moves(index, sides, out),
                MoveKind::Jump {
                    chain: Chain::Pieces,
                    ..
                }
                | MoveKind::Jump { flying: true, .. } => self.far_jumps(index, rule, out),
                MoveKind::Jump {
                    chain: Chain::Straight,
                    ..
                } => self.straight_chains(index, rule, out),
                MoveKind::Slide { .. } | MoveKind::Jump { .. } => {
                    self.piece_moves(index, rule, &mut targets, out)
                }
            }
            if let Some(then) = rule.filter.then {
                self.add_second_parts(then, rule, rule_start, &mut targets, out);
            }
            if game.facts.promotion_choice_kinds & rule.filter.kinds != 0 {
                self.add_promotion_choices(rule_start, out);
            }
            if rule.filter.capturing {
                self.keep_capturing(rule, rule_start, out);
            }
            if let Some(links) = rule.filter.liberties {
                self.keep_liberties(links, rule_start, out);
            }
            if let Some(goal) = &rule.so_that {
                self.keep_moves_reaching(goal, rule_start, out);
            }
            compulsory |= rule.filter.compulsory && out.len() > rule_start;
        }
        if game.facts.captures_in_line {
            self.drop_steps_that_capture(start, out);
        }
        if compulsory && !out.uncompelled {
            out.retain_from(start, |m| game.moves[m.rule as usize].filter.compulsory);
            if game.facts.majority {
                self.keep_most(start, out);
            }
        }
        self.keep_most_dice(start, out);
        if let (Some(rule), true, false) = (pass, out.len() == start, out.probing) {
            if !self.game.facts.ends_when_no_player_can_move || self.another_player_can_move(out) {
                out.push(Move::pass(rule));
            }
        }
    }

    /// Keeps of the moves from position `start` on those that `with liberties` along
    /// `links` allows, unless the list leaves them to the random pick that asks for it
    /// ([`MoveList::liberties_unjudged`]). Out of line: inlined, the test of the list
    /// shapes the move generator of every game (2% to 4% more instructions in playouts).
    #[inline(never)]
    fn keep_liberties(
        &self,
        links: rulebook_model::DirectionBits,
        start: usize,
        out: &mut MoveList,
    ) {
        if !out.liberties_unjudged {
            out.retain_from(start, |m| self.keeps_liberty(m, links));
        }
    }

    /// When `goal` does not hold for the mover, keeps of the moves from position `start` on
    /// only those after which it does (played on a copy of the position kept in `out`, the
    /// end rules checked after moves left out).
    fn keep_moves_reaching(&self, goal: &rulebook_model::Expr, start: usize, out: &mut MoveList) {
        let mover = self.position.to_move;
        if self.value(mover, goal) != 0 {
            return;
        }
        let mut copy = out.copy.take().unwrap_or_else(|| Box::new(self.clone()));
        copy.copy_position_from(self);
        out.retain_from(start, |m| {
            // The goal is judged on the board the move leaves, before an end rule moves
            // stones off it.
            copy.without_ends = true;
            copy.apply(m);
            let reached = copy.value(mover, goal) != 0;
            copy.undo();
            copy.without_ends = false;
            reached
        });
        out.copy = Some(copy);
    }

    /// Drops from `out` the moves after which a condition of `forbid leaving` holds for the
    /// mover (played on a copy of the position kept in `out`, the end rules checked after
    /// moves left out: the condition is read on the board the move leaves).
    pub(super) fn drop_forbidden(&self, out: &mut MoveList) {
        let mut judge = self.judge_on_copy(out);
        match &self.game.tables.guard {
            // A plain move that touches no watched site is judged unplayed (`guard.rs`):
            // allowed, or refused in check; the sites are found at the first plain move.
            Some(guard) => {
                let mut watched = None;
                out.retain(|m| {
                    let judged = (guard.plain[m.rule as usize])
                        .then(|| watched.get_or_insert_with(|| self.watched(guard)))
                        .and_then(|w| w.as_ref()?.judges(m));
                    judged.unwrap_or_else(|| !self.forbids(m, &mut judge))
                });
            }
            None => out.retain(|m| !self.forbids(m, &mut judge)),
        }
        judge.put_back(out);
    }

    /// Draws moves from `out` (the moves before the ban of `forbid leaving`), each at index
    /// `pick(n)` of the `n` left and taken out of the list, until one that the ban allows,
    /// which it returns: a legal move, each as likely as another when `pick` is uniform,
    /// found by judging a move or two rather than every move. `None` when the ban allows none.
    pub(super) fn pick_allowed(
        &self,
        out: &mut MoveList,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let mut judge = self.judge_on_copy(out);
        let mut found = None;
        while !out.is_empty() {
            let k = pick(out.len());
            if !self.forbids(out[k], &mut judge) {
                found = Some(out[k]);
                break;
            }
            out.swap_remove(k);
        }
        judge.put_back(out);
        found
    }

    /// The work space for judging this position's moves: a copy of the position (kept in
    /// `out` between calls), checking no end rule after moves, and a list for its replies.
    fn judge_on_copy(&self, out: &mut MoveList) -> Judging {
        let mut copy = out.copy.take().unwrap_or_else(|| Box::new(self.clone()));
        copy.copy_position_from(self);
        copy.without_ends = true;
        Judging {
            copy,
            replies: out.spare.take().unwrap_or_default(),
            // Whether a `forbid leaving` asks for the replies, found once for every move.
            asks: self.game.forbidden.iter().any(asks_for_replies),
        }
    }

    /// Whether move `m` leaves a condition of `forbid leaving`, or of its rule's
    /// `forbidding`, true for the mover: played on the judging copy and taken back.
    fn forbids(&self, m: Move, judge: &mut Judging) -> bool {
        let mover = self.position.to_move;
        // Judging the replies to a move (this state is a copy judging one), a condition
        // that asks for the replies' replies is left out, so that judging ends.
        let nested = self.without_ends;
        let game = &*self.game;
        let Judging {
            copy,
            replies,
            asks,
        } = judge;
        copy.apply(m);
        let mut forbidden =
            (game.forbidden.iter()).any(|c| copy.judge(mover, c, (*asks, nested), replies));
        if let Some(own) = &game.moves[m.rule as usize].forbidding {
            let asks = asks_for_replies(own);
            forbidden = forbidden || copy.judge(mover, own, (asks, nested), replies);
        }
        copy.undo();
        forbidden
    }

    /// Whether condition `c` of `forbid leaving` or `forbidding` holds for `mover`, who
    /// has just moved, on this copy of the position: where it `asks` whether the player
    /// to move now has a legal move (`no legal move`) and the answer matters, the replies
    /// are listed (in `replies`), unless `nested`, where such a condition is not judged.
    pub(super) fn judge(
        &mut self,
        mover: Player,
        c: &rulebook_model::Expr,
        (asks, nested): (bool, bool),
        replies: &mut MoveList,
    ) -> bool {
        if !asks {
            return self.value(mover, c) != 0;
        }
        if nested {
            return false;
        }
        self.scratch.no_legal_move = false;
        let if_some = self.value(mover, c) != 0;
        self.scratch.no_legal_move = true;
        let if_none = self.value(mover, c) != 0;
        if if_some == if_none {
            return if_some;
        }
        let stuck = !self.has_legal_move(replies);
        self.scratch.no_legal_move = stuck;
        match stuck {
            true => if_none,
            false => if_some,
        }
    }

    /// Whether no move rule's `so that` narrows the moves here: the goal of every rule
    /// that has one already holds for the mover (and so keeps all of its moves).
    pub(super) fn goals_hold(&self) -> bool {
        // Read with the player to move as the mover, a goal is the position's own
        // expression (it reads no majority and no table, where a score's view differs).
        self.game
            .moves
            .iter()
            .all(|r| r.so_that.as_ref().is_none_or(|goal| self.eval(goal) != 0))
    }

    /// Whether a player other than the one to move has a move other than passing (on a
    /// copy of the position kept in `work`, with its own list: nothing is allocated once
    /// they exist).
    fn another_player_can_move(&self, work: &mut MoveList) -> bool {
        let mut copy = work.copy.take().unwrap_or_else(|| Box::new(self.clone()));
        let mut moves = work.spare.take().unwrap_or_default();
        moves.probing = true;
        (*copy).clone_from(self);
        let mut found = false;
        for p in Player::all(self.game.seats()).filter(|&p| p != self.position.to_move) {
            copy.position.to_move = p;
            moves.clear();
            copy.pseudo_legal_moves(&mut moves);
            let rules = &self.game.moves;
            if moves
                .iter()
                .any(|m| !matches!(rules[m.rule as usize].kind, MoveKind::Pass { .. }))
            {
                found = true;
                break;
            }
        }
        work.copy = Some(copy);
        work.spare = Some(moves);
        found
    }

    /// The slides and jumps of one move rule, by the mover's pieces of the kinds it allows.
    fn piece_moves(&self, index: u8, rule: &MoveRule, targets: &mut SiteSet, out: &mut MoveList) {
        let game = &*self.game;
        let board = &game.board;
        // The mover's pieces, or (with `by`) those of the kinds the rule allows.
        let own = self.position.occupied_by(self.position.to_move);
        let narrowed;
        let movers: &[u64] = match self.moving_kinds(rule) {
            ALL_KINDS => own,
            kinds => {
                narrowed = self.movers(kinds);
                &narrowed[..self.position.words]
            }
        };
        if board.has_ray_masks() && rule.filter.landing == Landing::Empty {
            // One word (ray masks are kept on boards of at most 64 sites).
            if self.slides_by_masks(index, rule, movers[0], out) {
                return;
            }
        }
        for (w, &word) in movers.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let from = Site::at(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                match &rule.kind {
                    MoveKind::Slide {
                        directions,
                        line_capture: Some(capture),
                        ..
                    } => self.line_captures(index, from, (directions, *capture), rule, out),
                    MoveKind::Slide {
                        directions,
                        max_length,
                        ..
                    } => {
                        let slide = (from, directions.as_slice(), *max_length);
                        self.slides_by_ray(index, slide, &rule.filter, targets, out)
                    }
                    MoveKind::Jump {
                        directions,
                        over,
                        chain,
                        ..
                    } => self.jumps_from(index, from, (directions, *over, *chain), rule, out),
                    _ => unreachable!("only slides and jumps move pieces"),
                }
            }
        }
    }

    /// The moves of `rule`, a slide onto an empty site on a board with ray masks, by the
    /// pieces `movers`, found by bit arithmetic on the rays where they can be: a slide of
    /// any length, or a step without a capture in line. False, finding none, for another.
    fn slides_by_masks(&self, index: u8, rule: &MoveRule, movers: u64, out: &mut MoveList) -> bool {
        let game = &*self.game;
        let region = |r: Option<u16>| r.map_or(0, |r| game.tables.regions[r as usize][0]);
        match &rule.kind {
            MoveKind::Slide {
                rising,
                falling,
                max_length: UNLIMITED,
                ..
            } => {
                let avoided = region(rule.filter.avoiding);
                // The players' sets, and any of the cells' after them: their union is the
                // same.
                let occupied = self.position.occupancy.iter().fold(avoided, |a, &b| a | b);
                let forbidden = region(rule.filter.not_landing) | avoided;
                let board = &game.board;
                slides_by_mask(
                    board, occupied, movers, forbidden, index, rising, falling, out,
                );
            }
            // The steps without a branch on each piece's.
            MoveKind::Slide {
                rising,
                falling,
                max_length: 1,
                line_capture: None,
                ..
            } => self.steps_by_mask(index, movers, (rising, falling), rule, out),
            _ => return false,
        }
        true
    }

    /// Whether a rule's condition holds: `mover == PLAYER`, which the compiler writes for
    /// each player of a rule in directions relative to the mover, read without evaluating.
    #[inline]
    fn holds_for_mover(&self, condition: &Condition) -> bool {
        if let Condition::When(Expr::Binary(Op::Eq, a, b)) = condition {
            if let (Expr::Player(PlayerRef::Mover), Expr::Player(PlayerRef::Fixed(p))) =
                (&**a, &**b)
            {
                return self.position.to_move == *p;
            }
        }
        self.holds(condition)
    }

    /// The moves of `rule` on a board of at most 64 sites where bit sets find them: steps
    /// (slides of one site onto an empty one, [`State::steps_by_mask`]) and chains of jumps
    /// that turn, from the pieces that have a first jump ([`State::may_jump`]); false for
    /// another rule ([`MoveRule::found_by_bits`] tells them).
    #[inline]
    fn word_piece_moves(&self, index: u8, rule: &MoveRule, out: &mut MoveList) -> bool {
        let jumps = match &rule.kind {
            MoveKind::Slide {
                max_length: 1,
                line_capture: None,
                ..
            } if rule.filter.landing == Landing::Empty => None,
            MoveKind::Jump {
                directions,
                over,
                chain: chain @ (Chain::Turning | Chain::TurningAtWill),
                ..
            } => Some((directions, *over, *chain)),
            _ => return false,
        };
        let movers = match self.moving_kinds(rule) {
            ALL_KINDS => self.position.occupied_by(self.position.to_move)[0],
            kinds => self
                .movers_word(kinds)
                .unwrap_or_else(|| self.movers(kinds)[0]),
        };
        let Some((directions, over, chain)) = jumps else {
            if let MoveKind::Slide {
                rising, falling, ..
            } = &rule.kind
            {
                self.steps_by_mask(index, movers, (rising, falling), rule, out);
            }
            return true;
        };
        let mut bits = self.may_jump(movers, directions, over);
        while bits != 0 {
            let from = Site::at(bits.trailing_zeros() as usize);
            bits &= bits - 1;
            match chain {
                Chain::Turning => self.chains::<false>(index, from, directions, over, rule, out),
                _ => self.chains::<true>(index, from, directions, over, rule, out),
            }
        }
        true
    }

    /// The steps (slides of one site onto an empty one) of the pieces `movers` on a board of
    /// at most 64 sites, found by bit arithmetic on the rays as unlimited slides are
    /// ([`slides_by_mask`]), in the same order as the ray walk gives them. Out of line, so
    /// that the slides of other games are compiled as they were.
    #[inline(never)]
    fn steps_by_mask(
        &self,
        index: u8,
        movers: u64,
        (rising, falling): (&[u8], &[u8]),
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let game = &*self.game;
        let avoided = rule
            .filter
            .avoiding
            .map_or(0, |r| game.tables.regions[r as usize][0]);
        let forbidden = rule
            .filter
            .not_landing
            .map_or(0, |r| game.tables.regions[r as usize][0]);
        let players = self.position.piece_count.len();
        let occupied = self.position.occupancy[..players]
            .iter()
            .fold(avoided, |a, &b| a | b);
        let open = !(occupied | forbidden);
        let board = &game.board;
        // A piece has at most one step a direction: `most` moves are written for each
        // piece whatever it has, and the length moves on by those it has (no branch on
        // them); the next piece's overwrite the rest.
        let most = rising.len() + falling.len();
        out.reserve((movers.count_ones() as usize + 1) * most);
        let mut len = out.len();
        let mut pieces = movers;
        while pieces != 0 {
            let from = Site::at(pieces.trailing_zeros() as usize);
            pieces &= pieces - 1;
            let rays = board.ray_masks(from);
            let mut targets = 0u64;
            for &dir in rising {
                // The ray's nearest site: its lowest, or its highest for a falling one.
                let ray = rays[(dir & 7) as usize];
                targets |= ray & ray.wrapping_neg();
            }
            for &dir in falling {
                let ray = rays[(dir & 7) as usize];
                targets |= (1u64 << 63).wrapping_shr(ray.leading_zeros()) & ray;
            }
            targets &= open;
            let found = targets.count_ones() as usize;
            for at in len..len + most {
                let to = Site::at((targets.trailing_zeros() & 63) as usize);
                targets &= targets.wrapping_sub(1);
                out.write(at, Move::step(index, from, to));
            }
            len += found;
        }
        out.set_len(len);
    }

    /// Of the pieces `movers` on a board of one word whose axes are shifts of it
    /// ([`rulebook_model::Board::axis_shifts`]), those with a first jump towards one of
    /// `directions` over a piece that `over` allows onto an empty site, found for all of
    /// them at once by shifts, so that the search of chains ([`State::chains`]) starts from
    /// them alone: at least every piece that has one (the rule's regions are not read), and
    /// all of `movers` on another board or where a direction is on no axis.
    #[inline(never)]
    fn may_jump(&self, movers: u64, directions: &[u8], over: Jumped) -> u64 {
        let (Some(shifts), 1) = (self.game.board.axis_shifts(), self.position.words) else {
            return movers;
        };
        if movers == 0 {
            return 0;
        }
        let players = self.position.piece_count.len();
        let occupied = self.position.occupancy[..players]
            .iter()
            .fold(0, |a, &b| a | b);
        let own = self.position.occupancy[self.position.to_move.index()];
        let jumped = match over {
            Jumped::Enemy => occupied & !own,
            Jumped::Friend => own,
            Jumped::Any => occupied,
        };
        let (empty, mut found) = (!occupied, 0u64);
        for &dir in directions {
            let Some((axis, up)) = shifts.toward(dir) else {
                return movers;
            };
            let (s, linked) = (shifts.shift[axis], shifts.linked[0][axis]);
            found |= match up {
                // Over the site `s` on (linked on) onto the one `2s` on.
                true => linked & ((jumped & linked) >> s) & (empty >> s >> s),
                // Over the site `s` below onto the one `2s` below, each linked up.
                false => ((jumped & linked) << s) & ((empty & linked) << s << s),
            };
        }
        movers & found
    }

    /// Replaces each move from position `start` on by one move per site its second part
    /// chooses (made by `with`), `sites` marking them in `targets` and counting them (a
    /// shot's, [`State::shot_sites`], or a part walk's, [`State::part_sites`]), in the order
    /// of those sites; a move with no such site goes, or with `bare` stays as it is (a part
    /// that removes a piece is made where it can be). Leaves `targets` empty. Out of line,
    /// so that the second parts of other kinds are compiled as they were.
    #[inline(never)]
    fn add_part_sites(
        &self,
        sites: impl Fn(Move, &mut SiteSet) -> usize,
        (with, bare): (fn(Move, Site) -> Move, bool),
        start: usize,
        targets: &mut SiteSet,
        out: &mut MoveList,
    ) {
        let mut total = 0;
        out.retain_from(start, |m| {
            let count = sites(m, targets);
            targets[..self.position.words].fill(0);
            total += count.max(bare as usize);
            count > 0 || bare
        });
        let moves = out.len() - start;
        out.reserve(total - moves);
        // Filled from the back: every move has a site or stays, so move i's go at or after i.
        let mut at = start + total;
        for i in (start..start + moves).rev() {
            let m = out[i];
            let count = sites(m, targets);
            if count == 0 {
                at -= 1;
                out.write(at, m);
                continue;
            }
            at -= count;
            let mut next = at;
            for (w, &word) in targets.iter().enumerate().take(self.position.words) {
                let mut bits = word;
                while bits != 0 {
                    let site = Site::at(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    out.write(next, with(m, site));
                    next += 1;
                }
            }
            targets[..self.position.words].fill(0);
        }
        out.set_len(start + total);
    }

    /// Replaces each move of `rule` from position `start` on by the moves its second part
    /// makes of it. Out of line: inlined, the kinds of second part shape the move
    /// generator of every game (0.2% to 0.5% more instructions in playouts of games that
    /// have none).
    #[inline(never)]
    fn add_second_parts(
        &self,
        then: SecondPart,
        rule: &MoveRule,
        start: usize,
        targets: &mut SiteSet,
        out: &mut MoveList,
    ) {
        match then {
            SecondPart::Shoot(shot) => {
                let sites = |m, targets: &mut SiteSet| self.shot_sites(shot, m, targets);
                self.add_part_sites(sites, (Move::with_shot, false), start, targets, out)
            }
            SecondPart::Place { walk, .. } => {
                let part = &self.game.tables.parts[walk as usize];
                let sites = |m, targets: &mut SiteSet| self.part_sites(part, m, targets);
                self.add_part_sites(sites, (Move::with_shot, false), start, targets, out)
            }
            SecondPart::Take { walk } => {
                let part = &self.game.tables.parts[walk as usize];
                let sites = |m, targets: &mut SiteSet| self.part_sites(part, m, targets);
                self.add_part_sites(sites, (Move::with_removal, true), start, targets, out)
            }
            SecondPart::Remove(removal) => {
                let taking = self.passed_taking(rule);
                self.add_removals(removal, taking, start, out)
            }
            SecondPart::Rotate(turns) => self.add_turns(turns, start, out),
        }
    }

    /// Replaces each move from position `start` on by one move per choice its rule's `then
    /// rotate` or `then reflect` offers (the game's turns number `turns`), in their order.
    fn add_turns(&self, turns: u16, start: usize, out: &mut MoveList) {
        let choices = self.game.tables.turns[turns as usize].choices.len();
        let moves = out.len() - start;
        out.reserve(moves * (choices - 1));
        // Filled from the back: move i's turns go at or after i.
        for i in (start..start + moves).rev() {
            let m = out[i];
            let at = start + (i - start) * choices;
            for choice in 0..choices {
                out.write(at + choice, m.with_turn(choice));
            }
        }
        out.set_len(start + moves * choices);
    }

    /// Replaces each move from position `start` on whose piece a promotion with a choice
    /// applies to (judged before the move, where it lands) by one move per kind offered,
    /// in the order of the kinds; the other moves stay as they are.
    fn add_promotion_choices(&self, start: usize, out: &mut MoveList) {
        let offered = |m: Move| self.promotion_choices(m).count_ones() as usize;
        let total: usize = (start..out.len()).map(|i| offered(out[i]).max(1)).sum();
        let moves = out.len() - start;
        if total == moves {
            return;
        }
        out.reserve(total - moves);
        // Filled from the back: move i's choices go at or after i.
        let mut at = start + total;
        for i in (start..start + moves).rev() {
            let m = out[i];
            let choices = self.promotion_choices(m);
            if choices == 0 {
                at -= 1;
                out.write(at, m);
                continue;
            }
            at -= choices.count_ones() as usize;
            let kinds = (0..64).filter(|k| choices >> k & 1 == 1);
            for (next, kind) in (at..).zip(kinds) {
                out.write(next, m.with_promotion(kind));
            }
        }
        out.set_len(start + total);
    }

    /// The kinds (a bit each) the mover may choose for the piece move `m`: those of the
    /// first promotion that applies to its piece landing where it lands, if that one offers
    /// a choice; 0 otherwise (and for placements and chains of jumps).
    fn promotion_choices(&self, m: Move) -> u64 {
        if m.from == NO_SITE || m.to == NO_SITE || m.legs != 0 {
            return 0;
        }
        let game = &*self.game;
        let kind = game.kind_of(self.position.cells[m.from.index()]);
        // The kind first: most promotions are of other kinds than the piece's.
        let applies = |effect: &rulebook_model::Effect| match effect.kind {
            EffectKind::Promote { to, choices, .. } => (effect.filter.kinds >> kind & 1 == 1
                && kind != to as usize
                && game.promotes_on(&effect.kind, (m.from, m.to))
                && self.holds(&effect.condition))
            .then_some(choices),
            _ => None,
        };
        game.effects.iter().find_map(applies).unwrap_or(0)
    }

    /// Replaces each move from position `start` on after which the mover removes an enemy
    /// piece (the piece that moved stands in a line of `removal.if_line`) by one move per
    /// piece they may remove, in site order; the other moves stay as they are. Judged on the
    /// board as the move's first part left it, as the part's walk is
    /// ([`rulebook_model::SecondPart::Take`]): the pieces the move takes itself (the one it
    /// lands on, and the one it passes over where its rule takes it so, `taking`) are gone,
    /// or the mover's where converted.
    fn add_removals(
        &self,
        removal: Removal,
        taking: Option<Taking>,
        start: usize,
        out: &mut MoveList,
    ) {
        // Apart for the rules that take nothing they pass over, so that their test of lines
        // asks nothing of it.
        let n = removal.if_line;
        match taking {
            None => {
                let lines = self.lands_in_line(n, |_| None);
                self.removals_by(removal, (taking, lines), start, out)
            }
            Some(taking) => {
                let lines = self.lands_in_line(n, self.taken_over(taking));
                self.removals_by(removal, (Some(taking), lines), start, out)
            }
        }
    }

    /// [`State::add_removals`], whether the piece that moved stands in a line judged by
    /// `lines`.
    fn removals_by(
        &self,
        removal: Removal,
        (taking, lines): (Option<Taking>, impl Fn(Move) -> bool),
        start: usize,
        out: &mut MoveList,
    ) {
        // Moves before the first that lands in a line stay where they are.
        let Some(first) = (start..out.len()).find(|&i| lines(out[i])) else {
            return;
        };
        let words = self.position.words;
        let sparing = removal.sparing_line;
        let removable = self.removable(sparing, [NO_SITE; 2]);
        let count = |set: &SiteSet| set[..words].iter().map(|w| w.count_ones() as usize).sum();
        let all = count(&removable);
        let mover = self.position.to_move;
        let enemy = |s: Site| s != NO_SITE && self.owner(s).is_some_and(|p| p != mover);
        // The pieces move `m` may remove where it takes an enemy piece itself (judged again
        // without it); `None` where it takes none.
        let after = |m: Move| {
            let over = if taking.is_some() && enemy(m.over) {
                m.over
            } else {
                NO_SITE
            };
            let gone = [if enemy(m.to) { m.to } else { NO_SITE }, over];
            (gone != [NO_SITE; 2]).then(|| self.removable_without(sparing, gone))
        };
        // How many pieces move `m` may remove (none: the move stays as it is).
        let choices = |m: Move| match lines(m) {
            true => after(m).map_or(all, |set| count(&set)),
            false => 0,
        };
        let end = out.len();
        let total = first + (first..end).map(|i| choices(out[i]).max(1)).sum::<usize>();
        out.reserve(total - end);
        // Filled from the back: move i's variants go at or after i.
        let mut at = total;
        for i in (first..end).rev() {
            let m = out[i];
            let choices = choices(m);
            at -= choices.max(1);
            if choices == 0 {
                out.write(at, m);
                continue;
            }
            let set = after(m).unwrap_or(removable);
            for (k, site) in set_sites(&set[..words]).enumerate() {
                out.write(at + k, m.with_removal(site));
            }
        }
        out.set_len(total);
    }

    /// The site move `m` passes over, where its rule takes the piece there as `taking` says,
    /// and whether the mover's piece stands there then (one converted, or one of the
    /// mover's that a capture keeps).
    fn taken_over(&self, taking: Taking) -> impl Fn(Move) -> Option<(Site, bool)> + '_ {
        let mover = self.position.to_move;
        move |m: Move| {
            (m.over != NO_SITE).then(|| {
                let cell = self.taken_cell(mover, m.over, taking);
                (
                    m.over,
                    cell != EMPTY && self.game.tables.owner[cell.index()] == mover,
                )
            })
        }
    }

    /// The test of whether the piece that moves in a move then stands in a line of at
    /// least `n` of the mover's pieces, along any axis of the board (always, for `n` 0), on
    /// the board as the move's first part left it: the piece gone from its site and on its
    /// landing, and on the site it passes over, where its rule takes the piece there, the
    /// mover's or not as `over` says ([`State::taken_over`]).
    fn lands_in_line<'a>(
        &'a self,
        n: u8,
        over: impl Fn(Move) -> Option<(Site, bool)> + 'a,
    ) -> impl Fn(Move) -> bool + 'a {
        let mover = self.position.to_move;
        let lines = self.game.tables.line_masks(n);
        // With the runs of `n` sites as masks, the board is of one word.
        let occupied = lines.map_or(0, |_| self.position.occupied_by(mover)[0]);
        let closing = lines.map_or(0, |lines| closing_sites(lines.runs(), occupied));
        // Inlined where it is asked, the test of the landing alone; the rest out of line.
        move |m: Move| {
            let over = over(m);
            match lines {
                Some(lines) => {
                    (over.is_some() || closing >> (m.to.index() & 63) & 1 == 1)
                        && completes_run(lines, occupied, m, over)
                }
                None => self.lands_in_line_by_links(n, m, over),
            }
        }
    }

    /// [`State::lands_in_line`] on a board without the runs as masks: the pieces counted
    /// along the links.
    #[inline(never)]
    fn lands_in_line_by_links(&self, n: u8, m: Move, over: Option<(Site, bool)>) -> bool {
        let mover = self.position.to_move;
        let own = |s: Site| match over {
            _ if s == m.to => true,
            Some((site, mine)) if s == site => mine,
            _ => s != NO_SITE && s != m.from && self.owner(s) == Some(mover),
        };
        n == 0 || self.longest_line_through(m.to, own) >= n as usize
    }

    /// The most pieces for which `counted` holds in a line through `site` (which counts
    /// itself), along any axis of the board.
    pub(super) fn longest_line_through(&self, site: Site, counted: impl Fn(Site) -> bool) -> usize {
        let board = &self.game.board;
        let run = |dir: u8| {
            let mut n = 0;
            let mut s = board.step(site, dir);
            while s != NO_SITE && counted(s) {
                n += 1;
                s = board.step(s, dir);
            }
            n
        };
        AXES.iter()
            .map(|&(forward, back)| 1 + run(forward) + run(back))
            .max()
            .unwrap_or(1)
    }

    /// [`State::removable`] where a move's first part took a piece (out of line and cold:
    /// the sites left out are known only then).
    #[cold]
    #[inline(never)]
    fn removable_without(&self, sparing: u8, gone: [Site; 2]) -> SiteSet {
        self.removable(sparing, gone)
    }

    /// The enemy pieces the mover may remove, those on the sites `gone` left out (taken
    /// by the move's first part; [`NO_SITE`]: none): all of them, or with `sparing` (not 0)
    /// those not in a line of that many of their owner's, unless every one is. Inlined, so
    /// that with no site left out nothing is asked of them.
    #[inline(always)]
    fn removable(&self, sparing: u8, gone: [Site; 2]) -> SiteSet {
        let mut left_out = [0u64; SITE_SET_WORDS];
        for s in gone.into_iter().filter(|&s| s != NO_SITE) {
            left_out[s.index() / 64] |= 1 << (s.index() % 64);
        }
        let mut enemies = [0u64; SITE_SET_WORDS];
        for p in Player::all(self.game.seats()).filter(|&p| p != self.position.to_move) {
            let theirs = self.position.occupied_by(p);
            for ((e, t), l) in enemies.iter_mut().zip(theirs).zip(left_out) {
                *e |= t & !l;
            }
        }
        if sparing == 0 {
            return enemies;
        }
        let mut unspared = [0u64; SITE_SET_WORDS];
        let lines = self.game.tables.line_masks(sparing);
        let owner = |t: Site| match left_out[t.index() / 64] >> (t.index() % 64) & 1 {
            1 => None,
            _ => self.owner(t),
        };
        for s in set_sites(&enemies[..self.position.words]) {
            let owner_s = self.owner(s);
            let in_line = match (lines, owner_s) {
                // A board of one word: a run of `sparing` sites through `s` all theirs.
                (Some(lines), Some(p)) => {
                    let theirs = self.position.occupied_by(p)[0] & !left_out[0];
                    lines.through(s).iter().any(|&line| line & !theirs == 0)
                }
                _ => self.longest_line_through(s, |t| owner(t) == owner_s) >= sparing as usize,
            };
            if !in_line {
                unspared[s.index() / 64] |= 1 << (s.index() % 64);
            }
        }
        match unspared.iter().any(|&w| w != 0) {
            true => unspared,
            false => enemies,
        }
    }

    /// Marks in `targets` (which must be empty) the sites a piece may be shot onto after
    /// move `m` (empty sites along the shot's directions from where the piece lands, the
    /// site it left counting as empty), and returns how many there are.
    pub(super) fn shot_sites(&self, shot: Shot, m: Move, targets: &mut SiteSet) -> usize {
        let board = &self.game.board;
        for dir in (0..board.directions() as u8).filter(|d| shot.directions >> d & 1 == 1) {
            for &s in board.ray(m.to(), dir) {
                if s != m.from() && self.position.cells[s.index()] != EMPTY {
                    break;
                }
                targets[s.index() / 64] |= 1 << (s.index() % 64);
            }
        }
        targets[..self.position.words]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// The kinds of piece (a bit per kind) that may make the moves of `rule` now: those of
    /// its `by`, narrowed by its `by numbered`.
    #[inline(always)]
    pub(super) fn moving_kinds(&self, rule: &MoveRule) -> u64 {
        match &rule.numbered {
            Some(numbered) => rule.filter.kinds & self.numbered_kinds(numbered),
            None => rule.filter.kinds,
        }
    }

    /// The kinds of piece (a bit per kind) a rule's `by [nearest] numbered VALUE` lets move
    /// now: of the kinds the mover has on the board, those numbered the value; with
    /// `nearest`, where there are none, those of the next number above it and of the next
    /// below.
    fn numbered_kinds(&self, numbered: &Numbered) -> u64 {
        let value = self.eval(&numbered.value);
        let own = self.position.occupied_by(self.position.to_move);
        let mut present = 0u64;
        for (w, &word) in own.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                present |= 1 << self.game.kind_of(self.position.cells[site]);
            }
        }
        let here = numbered
            .kinds
            .iter()
            .filter(|&&(_, k)| present >> k & 1 == 1);
        let set = |keep: &dyn Fn(i64) -> bool| {
            here.clone()
                .filter(|&&(n, _)| keep(n))
                .fold(0u64, |s, &(_, k)| s | 1 << k)
        };
        let exact = set(&|n| n == value);
        if exact != 0 || !numbered.nearest {
            return exact;
        }
        let below = here.clone().map(|&(n, _)| n).filter(|&n| n < value).max();
        let above = here.clone().map(|&(n, _)| n).filter(|&n| n > value).min();
        set(&|n| Some(n) == below || Some(n) == above)
    }

    /// [`State::movers`] as one word, on a board of one word in a game of more than one
    /// kind (whose position keeps the sets of the cells); `None` elsewhere.
    #[inline]
    fn movers_word(&self, kinds: u64) -> Option<u64> {
        let by_cell = self.position.piece_count.len();
        if self.position.words != 1 || self.position.occupancy.len() <= by_cell {
            return None;
        }
        let game = &*self.game;
        let n = game.about.piece_kinds.len();
        let first = game.cell(self.position.to_move, 0).index();
        let sets = &self.position.occupancy[by_cell + first..][..n];
        let mut ks = kinds & (u64::MAX >> (64 - n.clamp(1, 64)));
        let mut movers = 0;
        while ks != 0 {
            movers |= sets[ks.trailing_zeros() as usize];
            ks &= ks - 1;
        }
        Some(movers)
    }

    /// The sites of the mover's pieces of the kinds in `kinds` (bit `k` for kind `k`): the
    /// sets of their cells, which the position keeps in a game of more than one kind.
    pub(super) fn movers(&self, kinds: u64) -> SiteSet {
        let mut movers = [0u64; SITE_SET_WORDS];
        let (game, words) = (&*self.game, self.position.words);
        let by_cell = self.position.piece_count.len() * words;
        let sets = self.position.occupancy.get(by_cell..).unwrap_or(&[]);
        if !sets.is_empty() {
            let n = game.about.piece_kinds.len();
            let mut ks = kinds & (u64::MAX >> (64 - n.clamp(1, 64)));
            while ks != 0 {
                let cell = game.cell(self.position.to_move, ks.trailing_zeros() as usize);
                ks &= ks - 1;
                let set = &sets[cell.index() * words..][..words];
                for (m, &s) in movers.iter_mut().zip(set) {
                    *m |= s;
                }
            }
            return movers;
        }
        let own = self.position.occupied_by(self.position.to_move);
        movers[..self.position.words].copy_from_slice(own);
        for (w, word) in movers.iter_mut().take(self.position.words).enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if kinds >> self.game.kind_of(self.position.cells[site]) & 1 == 0 {
                    *word &= !(1 << (site % 64));
                }
            }
        }
        movers
    }

    /// The sites that a slide from `from` towards `dir` may end on: the empty sites of the
    /// ray before the first occupied one, at most `max_length` of them, nearest first.
    #[inline]
    pub(super) fn open_ray<'b>(
        &self,
        board: &'b Board,
        from: Site,
        dir: u8,
        max_length: u16,
    ) -> &'b [Site] {
        let ray = board.ray(from, dir);
        let ray = &ray[..ray.len().min(max_length as usize)];
        let open = ray
            .iter()
            .position(|&to| self.position.cells[to.index()] != EMPTY)
            .unwrap_or(ray.len());
        &ray[..open]
    }

    /// The number of slides from `from` (of at most `max_length` sites).
    #[inline]
    fn slide_count(&self, board: &Board, from: Site, directions: &[u8], max_length: u16) -> usize {
        directions
            .iter()
            .map(|&dir| self.open_ray(board, from, dir, max_length).len())
            .sum()
    }

    /// Marks the sites that slides from `from` end on in `targets` (a set of sites, bit
    /// `site % 64` of word `site / 64`); returns how many.
    #[inline]
    fn mark_slide_targets(
        &self,
        board: &Board,
        from: Site,
        directions: &[u8],
        max_length: u16,
        targets: &mut SiteSet,
    ) -> usize {
        let mut n = 0;
        for &dir in directions {
            let reach = self.open_ray(board, from, dir, max_length);
            for &to in reach {
                // `& (SITE_SET_WORDS - 1)` keeps the index in bounds (so the compiler checks
                // nothing) without changing any index of a grid's site.
                targets[(to.index() >> 6) & (SITE_SET_WORDS - 1)] |= 1 << (to.index() & 63);
            }
            n += reach.len();
        }
        n
    }

    /// Marks in `targets` the sites that slides from `from` end on under a rule that avoids
    /// a region or may land on enemy pieces (`onto`): along each direction, the empty sites
    /// before the first occupied or avoided one (unless it lands only on enemies), and that
    /// one when it holds an enemy piece the rule may land on and is not avoided; returns
    /// how many.
    fn mark_targets_narrowed(
        &self,
        (from, directions, max_length): (Site, &[u8], u16),
        filter: &MoveFilter,
        targets: &mut SiteSet,
    ) -> usize {
        let game = &*self.game;
        let avoided = |s: Site| {
            filter
                .avoiding
                .is_some_and(|r| game.in_region(r as usize, s))
        };
        let mut n = 0;
        let mut mark = |s: Site| {
            targets[(s.index() >> 6) & (SITE_SET_WORDS - 1)] |= 1 << (s.index() & 63);
            n += 1;
        };
        for &dir in directions {
            let ray = game.board.ray(from, dir);
            for &to in &ray[..ray.len().min(max_length as usize)] {
                if avoided(to) {
                    break;
                }
                if self.position.cells[to.index()] != EMPTY {
                    if filter.landing == Landing::EmptyOrPiece
                        || (filter.landing != Landing::Empty
                            && self.owner(to) != Some(self.position.to_move))
                    {
                        mark(to);
                    }
                    break;
                }
                if filter.landing != Landing::Enemy {
                    mark(to);
                }
            }
        }
        n
    }

    /// Clears from `targets` the sites of region `region` (when there is one).
    #[inline]
    fn unmark_region(&self, region: Option<u16>, targets: &mut SiteSet) {
        if let Some(r) = region {
            let mask = &self.game.tables.regions[r as usize];
            for (t, m) in targets.iter_mut().zip(mask) {
                *t &= !m;
            }
        }
    }

    /// Slides of at most `max_length` sites on a board of any size, in site order without a
    /// sort: the targets are marked in `targets` (which must be empty), then read back word
    /// by word, which leaves it empty again.
    #[inline]
    fn slides_by_ray(
        &self,
        rule: u8,
        (from, directions, max_length): (Site, &[u8], u16),
        filter: &MoveFilter,
        targets: &mut SiteSet,
        out: &mut MoveList,
    ) {
        let board = &self.game.board;
        let n = match (filter.avoiding, filter.landing) {
            (None, Landing::Empty) => {
                self.mark_slide_targets(board, from, directions, max_length, targets)
            }
            _ => self.mark_targets_narrowed((from, directions, max_length), filter, targets),
        };
        if n == 0 {
            return;
        }
        self.unmark_region(filter.not_landing, targets);
        out.reserve(n);
        let mut len = out.len();
        for (w, word) in targets.iter_mut().take(self.position.words).enumerate() {
            while *word != 0 {
                let to = Site::at(w * 64 + word.trailing_zeros() as usize);
                *word &= *word - 1;
                out.write(len, Move::step(rule, from, to));
                len += 1;
            }
        }
        out.set_len(len);
    }

    /// The slide at index `pick(n)` of the `n` slides of the mover's pieces under `rule` on a
    /// board of any size, without listing them: each piece's slides are counted, and only
    /// the chosen piece's targets are marked, to find the chosen one among them.
    pub(super) fn pick_slide(
        &self,
        rule: u8,
        directions: &[u8],
        max_length: u16,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let board = &self.game.board;
        let own = self.position.occupied_by(self.position.to_move);
        // A piece has at most 25 slides along each of eight rays on a grid of at most 26 x
        // 26 sites: its count fits in a byte. Counts are kept in the order of the pieces.
        let mut counts = [0u8; PIECE_SLOTS];
        let by_lines = !self.position.lines.is_empty() && directions.iter().all(|&d| d < 8);
        let (pieces, total) = if by_lines {
            self.slide_counts_by_lines(directions, max_length, &mut counts)
        } else {
            let (mut pieces, mut total) = (0, 0);
            for (w, &word) in own.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let from = Site::at(w * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                    let count = self.slide_count(board, from, directions, max_length);
                    counts[pieces] = count as u8;
                    pieces += 1;
                    total += count;
                }
            }
            (pieces, total)
        };
        debug_assert!(pieces <= MAX_GRID_SITES);
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        let mut piece = 0;
        while k >= counts[piece] as usize {
            k -= counts[piece] as usize;
            piece += 1;
        }
        let from = nth_site(own, piece);
        let mut targets = [0u64; SITE_SET_WORDS];
        self.mark_slide_targets(board, from, directions, max_length, &mut targets);
        Some(Move::step(rule, from, nth_site(&targets, k)))
    }

    /// The number of slides of each of the mover's pieces (in site order, into `counts`)
    /// on a grid, with the lines of the board as bit masks (kept up to date by every change
    /// of a site, [`tracked_lines`]): a ray's empty sites are the zero bits next to a
    /// piece's own, counted with one instruction. Returns the pieces and the slides in all.
    #[inline(never)]
    fn slide_counts_by_lines(
        &self,
        directions: &[u8],
        max_length: u16,
        counts: &mut [u8; PIECE_SLOTS],
    ) -> (usize, usize) {
        let lines = self.game.board.lines();
        // The families of lines the directions run along, each once, with how many of the
        // directions go up its lines' places and how many down.
        let (mut runs, mut used) = ([(0usize, 0u32, 0u32); 4], 0);
        for &d in directions {
            let (family, rising) = LINE_OF_DIRECTION[d as usize];
            let i = match runs[..used].iter().position(|r| r.0 == family) {
                Some(i) => i,
                None => {
                    runs[used] = (family, 0, 0);
                    used += 1;
                    used - 1
                }
            };
            match rising {
                true => runs[i].1 += 1,
                false => runs[i].2 += 1,
            }
        }
        let runs = &runs[..used];
        // Family `f`'s line `l` is `masks[f * MAX_LINES + l]`.
        let masks: &[u64; 4 * MAX_LINES] = self.position.lines[..]
            .try_into()
            .expect("a state keeps the masks of four families of lines");
        let at =
            |family: usize, line: u8| (family * MAX_LINES + line as usize) & (4 * MAX_LINES - 1);
        let own = self.position.occupied_by(self.position.to_move);
        let (mut pieces, mut total) = (0, 0);
        for (w, &word) in own.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let place = &lines.place[site];
                let mut count = 0;
                for &(family, rises, falls) in runs {
                    let (line, pos) = place[family & 3];
                    let mask = masks[at(family, line)];
                    // The bits beyond the piece's own (bit pos + 1), up to the first set one,
                    // each way along the line.
                    let up = (mask >> (pos + 2)).trailing_zeros();
                    let down = (mask << (63 - pos)).leading_zeros();
                    count +=
                        up.min(max_length as u32) * rises + down.min(max_length as u32) * falls;
                }
                counts[pieces & (PIECE_SLOTS - 1)] = count as u8;
                pieces += 1;
                total += count as usize;
            }
        }
        (pieces, total)
    }

    /// Jumps over an adjacent piece (of those `over` allows) onto the empty site beyond:
    /// one move per landing.
    fn jumps(
        &self,
        index: u8,
        from: Site,
        directions: &[u8],
        over: Jumped,
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let game = &*self.game;
        let board = &game.board;
        let start = out.len();
        let jumpable = |s: Site| {
            let c = if s == NO_SITE {
                EMPTY
            } else {
                self.position.cells[s.index()]
            };
            c != EMPTY
                && match over {
                    Jumped::Enemy => game.tables.owner[c.index()] != self.position.to_move,
                    Jumped::Friend => game.tables.owner[c.index()] == self.position.to_move,
                    Jumped::Any => true,
                }
        };
        let avoided = |s: Site| {
            rule.filter
                .avoiding
                .is_some_and(|r| game.in_region(r as usize, s))
        };
        let may_land = |s: Site| {
            s != NO_SITE
                && !avoided(s)
                && self.position.cells[s.index()] == EMPTY
                && rule
                    .filter
                    .not_landing
                    .is_none_or(|r| !game.in_region(r as usize, s))
        };
        for &dir in directions {
            let jumped = board.step(from, dir);
            if jumpable(jumped) && !avoided(jumped) {
                let to = board.step(jumped, dir);
                if may_land(to) {
                    out.push(Move::jump(index, from, jumped, to));
                }
            }
        }
        out.sort_tail_by_destination(start);
    }

    /// The jumps of a rule `chained straight`, by the mover's pieces of the kinds it allows,
    /// in site order. Out of line, so that the moves of other games are compiled as they
    /// were.
    #[inline(never)]
    fn straight_chains(&self, index: u8, rule: &MoveRule, out: &mut MoveList) {
        let MoveKind::Jump {
            directions, over, ..
        } = &rule.kind
        else {
            return;
        };
        let narrowed;
        let movers: &[u64] = match self.moving_kinds(rule) {
            ALL_KINDS => self.position.occupied_by(self.position.to_move),
            kinds => {
                narrowed = self.movers(kinds);
                &narrowed[..self.position.words]
            }
        };
        for from in set_sites(movers) {
            self.straight_chains_from(index, from, (directions, *over), rule, out);
        }
    }

    /// The jumps `chained straight` of the piece on `from`: over an adjacent piece (of
    /// those `over` allows) onto the empty site beyond, then on along the same line over
    /// further such pieces, until the piece lands where it is promoted: one move per
    /// landing, recorded by its number of jumps ([`Move::chain`], with no path: every jump
    /// goes the way of the first). The piece has left `from`, as in every chain.
    #[inline(always)]
    fn straight_chains_from(
        &self,
        index: u8,
        from: Site,
        (directions, over): (&[u8], Jumped),
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let legs = ChainLegs {
            state: self,
            from,
            over,
            filter: &rule.filter,
        };
        let start = out.len();
        for &dir in directions {
            let Some((first, mut to)) = legs.leg(from, dir) else {
                continue;
            };
            let mut jumps = 1;
            loop {
                out.push(Move::chain(index, (from, first, to), jumps, 0));
                if self.game.facts.promotes && self.straight_chain_ends(from, to) {
                    break;
                }
                let Some((_, next)) = legs.leg(to, dir) else {
                    break;
                };
                (to, jumps) = (next, jumps + 1);
            }
        }
        out.sort_tail_by_destination(start);
    }

    /// The chains of jumps (`chained`) of the piece on `from`: from every landing it jumps on,
    /// in any of the directions, while it can; each sequence that cannot go on (or that
    /// ends where the piece is promoted) is one move, and with `AT_WILL` (`chained at
    /// will`) every sequence, to any of its landings. A depth-first search on a fixed
    /// stack, over the position as it stands: the piece has left `from`, and the pieces it
    /// jumps stay (they are captured when the move ends) but are not jumped again. Moves
    /// come out by landing site, then by number of jumps, then by the jumps' directions
    /// (first jump first, in the order of the rule's directions). Kept out of line, so that
    /// the slides and jumps of other games are compiled as they were.
    #[inline(never)]
    fn chains<const AT_WILL: bool>(
        &self,
        index: u8,
        from: Site,
        directions: &[u8],
        over: Jumped,
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let board = &self.game.board;
        let start = out.len();
        let piece = self.position.cells[from.index()];
        let legs = ChainLegs {
            state: self,
            from,
            over,
            filter: &rule.filter,
        };
        if directions.iter().all(|&dir| legs.leg(from, dir).is_none()) {
            return;
        }
        // Per depth: the landing site, the index of the next direction to try (none where
        // the piece is promoted), and whether a jump went on from it. The compiler bounds
        // the jumps by `max_chain_legs`, at most `MAX_CHAIN_LEGS`.
        let mut stack = [(NO_SITE, 0u8, false); MAX_CHAIN_LEGS + 1];
        stack[0] = (from, 0, false);
        let mut jumped = [0u64; SITE_SET_WORDS];
        let bits = leg_bits(directions.len());
        let mask = (1u64 << bits) - 1;
        // The index of each jump's direction, `bits` bits a jump, the first jump highest.
        let mut path = 0u64;
        let mut depth = 0;
        loop {
            let (at, next, _) = stack[depth];
            if (next as usize) < directions.len() {
                stack[depth].1 += 1;
                let Some((mid, to)) = legs.leg(at, directions[next as usize]) else {
                    continue;
                };
                let (w, b) = site_bit(mid);
                if jumped[w] & b != 0 {
                    continue;
                }
                stack[depth].2 = true;
                jumped[w] |= b;
                path = path << bits | next as u64;
                depth += 1;
                let next = match self.promoted_at(piece, to) {
                    true => directions.len() as u8,
                    false => 0,
                };
                stack[depth] = (to, next, false);
                continue;
            }
            if depth == 0 {
                break;
            }
            if AT_WILL || !stack[depth].2 {
                let first = directions[(path >> (bits * (depth as u32 - 1)) & mask) as usize];
                let over = board.step(from, first);
                out.push(Move::chain(index, (from, over, at), depth as u8, path));
            }
            depth -= 1;
            // Take back the jump from the landing below.
            let (below, tried, _) = stack[depth];
            path >>= bits;
            let (w, b) = site_bit(board.step(below, directions[tried as usize - 1]));
            jumped[w] &= !b;
        }
        out.sort_tail_by_destination_and_path(start);
    }

    /// The jumps of one rule (its directions, whose pieces it jumps, how it goes on) by the
    /// piece on `from`, by the routine of its kind of chain.
    #[inline(always)]
    fn jumps_from(
        &self,
        index: u8,
        from: Site,
        (directions, over, chain): (&[u8], Jumped, Chain),
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        match chain {
            Chain::Reach => self.chains_to_any_landing(index, from, directions, over, rule, out),
            Chain::TurningAtWill => self.chains::<true>(index, from, directions, over, rule, out),
            Chain::Turning => self.chains::<false>(index, from, directions, over, rule, out),
            Chain::Single | Chain::Pieces => self.jumps(index, from, directions, over, rule, out),
            Chain::Straight => unreachable!("straight chains have their own loop"),
        }
    }

    /// The jumps of the piece on `from` chained `to any landing` ([`Chain::Reach`]): every
    /// site it can reach by a sequence of jumps, landing on no site twice nor back where
    /// it started, is one move from `from` to there, whatever the route (a step's move,
    /// which takes nothing). A search over the landings, kept on the stack (the sites
    /// reached as a set, those still to jump from as a list): nothing is allocated. Moves
    /// come out by landing site. Kept out of line, so that the jumps of other games are
    /// compiled as they were.
    #[inline(never)]
    fn chains_to_any_landing(
        &self,
        index: u8,
        from: Site,
        directions: &[u8],
        over: Jumped,
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let legs = ChainLegs {
            state: self,
            from,
            over,
            filter: &rule.filter,
        };
        let start = out.len();
        let mut reached = [0u64; SITE_SET_WORDS];
        let (w, b) = site_bit(from);
        reached[w] |= b;
        // Each site goes on the list once, when first reached: the list never holds more
        // sites than the board has.
        let mut todo = [NO_SITE; SITE_SET_WORDS * 64];
        todo[0] = from;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let at = todo[len];
            for &dir in directions {
                let Some((_, to)) = legs.leg(at, dir) else {
                    continue;
                };
                let (w, b) = site_bit(to);
                if reached[w] & b != 0 {
                    continue;
                }
                reached[w] |= b;
                todo[len] = to;
                len += 1;
                out.push(Move::step(index, from, to));
            }
        }
        out.sort_tail_by_destination(start);
    }

    /// The moves of the piece on `from` that capture by approach or withdrawal
    /// ([`LineCapture`]): every sequence of capturing steps it can make (with `chained`; one
    /// step without), each ending a move. A depth-first search over the position as the
    /// steps leave it, kept in sets of sites on the stack (the sites the piece has stood on,
    /// the pieces taken), with nothing allocated. Moves come out by landing site, then by
    /// number of steps, then by path. Kept out of line, so that the slides of other games
    /// are compiled as they were.
    #[inline(never)]
    fn line_captures(
        &self,
        index: u8,
        from: Site,
        (directions, capture): (&[u8], LineCapture),
        rule: &MoveRule,
        out: &mut MoveList,
    ) {
        let start = out.len();
        let mut walk = LineWalk {
            index,
            from,
            directions,
            capture,
            filter: &rule.filter,
            stood: [0; SITE_SET_WORDS],
            taken: [0; SITE_SET_WORDS],
            first: NO_SITE,
            most: capture.most_steps(directions.len()),
            bits: capture.step_bits(directions.len()),
        };
        walk.stood[from.index() >> 6] |= 1 << (from.index() & 63);
        self.line_steps(&mut walk, from, None, 0, 0, out);
        out.sort_tail_by_destination_and_path(start);
    }

    /// The steps on from `at` (the piece's last step went along `last`) of a sequence of
    /// `depth` steps so far, whose path is `path`: each that captures makes a move, and
    /// (while the sequence may go on) the search goes on from where it lands.
    fn line_steps(
        &self,
        walk: &mut LineWalk,
        at: Site,
        last: Option<u8>,
        depth: usize,
        path: u64,
        out: &mut MoveList,
    ) {
        let game = &*self.game;
        let board = &game.board;
        let has = |set: &SiteSet, s: Site| set[s.index() >> 6] >> (s.index() & 63) & 1 == 1;
        let in_region = |r: Option<u16>, s: Site| r.is_some_and(|r| game.in_region(r as usize, s));
        let both = walk.capture.approach && walk.capture.withdrawal;
        for (i, &dir) in walk.directions.iter().enumerate() {
            let to = board.step(at, dir);
            if Some(dir) == last
                || to == NO_SITE
                || has(&walk.stood, to)
                || in_region(walk.filter.avoiding, to)
                || in_region(walk.filter.not_landing, to)
            {
                continue;
            }
            // A piece taken off earlier in the sequence leaves its point empty.
            let empty = match self.position.cells[to.index()] {
                EMPTY => true,
                _ => has(&walk.taken, to) && walk.capture.mode == CaptureMode::Remove,
            };
            if !empty {
                continue;
            }
            let step = |withdrawal| LineStep {
                from: at,
                to,
                dir,
                withdrawal,
            };
            let takes = |withdrawal: bool| {
                let way = match withdrawal {
                    false => walk.capture.approach,
                    true => walk.capture.withdrawal,
                };
                way && self.line_enemy(walk, step(withdrawal).run(board).0)
            };
            // Both found before the search goes down (which marks the pieces a way takes).
            let ways = [takes(false), takes(true)];
            for withdrawal in [false, true] {
                if !ways[usize::from(withdrawal)] {
                    continue;
                }
                let (first, along) = step(withdrawal).run(board);
                if depth == 0 {
                    walk.first = first;
                }
                let code = (i as u64) << u32::from(both) | u64::from(withdrawal && both);
                let path = path << walk.bits | code;
                out.push(Move::chain(
                    walk.index,
                    (walk.from, walk.first, to),
                    depth as u8 + 1,
                    path,
                ));
                if depth + 1 >= walk.most {
                    continue;
                }
                let taken = self.mark_run(walk, first, along);
                walk.stood[to.index() >> 6] |= 1 << (to.index() & 63);
                self.line_steps(walk, to, Some(dir), depth + 1, path, out);
                walk.stood[to.index() >> 6] &= !(1 << (to.index() & 63));
                let mut site = first;
                for _ in 0..taken {
                    walk.taken[site.index() >> 6] &= !(1 << (site.index() & 63));
                    site = board.step(site, along);
                }
            }
        }
    }

    /// Whether `site` holds an enemy piece of the mover's as the search's steps have left
    /// the board: not one taken, nor a site the piece has left.
    #[inline]
    fn line_enemy(&self, walk: &LineWalk, site: Site) -> bool {
        if site == NO_SITE {
            return false;
        }
        let bit = |set: &SiteSet| set[site.index() >> 6] >> (site.index() & 63) & 1 == 1;
        let cell = self.position.cells[site.index()];
        cell != EMPTY
            && self.game.tables.owner[cell.index()] != self.position.to_move
            && !bit(&walk.taken)
            && !bit(&walk.stood)
    }

    /// Marks as taken the run of enemy pieces from `first` along `along`; returns how many.
    fn mark_run(&self, walk: &mut LineWalk, first: Site, along: u8) -> usize {
        let mut site = first;
        let mut n = 0;
        while self.line_enemy(walk, site) {
            walk.taken[site.index() >> 6] |= 1 << (site.index() & 63);
            n += 1;
            site = self.game.board.step(site, along);
        }
        n
    }

    /// Drops from position `start` on the plain steps and slides that go where a step of a
    /// capture by approach or withdrawal goes: that step captures (a piece that moves so
    /// takes what it moves up to or away from), so it is listed once, as the capture.
    #[inline(never)]
    fn drop_steps_that_capture(&self, start: usize, out: &mut MoveList) {
        let rules = &self.game.moves;
        let captures = |m: &Move| rules[m.rule as usize].kind.captures_in_line();
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let plain = match &rules[m.rule as usize].kind {
                MoveKind::Slide { line_capture, .. } => line_capture.is_none(),
                MoveKind::Walk(walk) => walk.taking.is_none(),
                _ => false,
            };
            if plain
                && out[start..]
                    .iter()
                    .any(|c| captures(c) && c.legs == 1 && (c.from, c.to) == (m.from, m.to))
            {
                out.retain_from(i, |k| k != m);
                continue;
            }
            i += 1;
        }
    }

    /// Whether a chain `chained straight` of the piece on `from` ends on `to`, where the
    /// piece is promoted ([`State::promoted_at`]).
    #[inline(never)]
    fn straight_chain_ends(&self, from: Site, to: Site) -> bool {
        self.promoted_at(self.position.cells[from.index()], to)
    }

    /// Whether a piece `piece` that lands on `site` is promoted there (by the first
    /// promotion that applies, judged on the position before the move), which ends a chain
    /// of jumps.
    #[inline(never)]
    pub(super) fn promoted_at(&self, piece: Cell, site: Site) -> bool {
        let game = &*self.game;
        game.facts.promotes
            && game.effects.iter().any(|effect| {
                let EffectKind::Promote {
                    to,
                    region,
                    mid_chain: MidChain::Stop,
                    ..
                } = effect.kind
                else {
                    return false;
                };
                let kind = game.kind_of(piece);
                game.in_region(region as usize, site)
                    && effect.filter.kinds >> kind & 1 == 1
                    && kind != to as usize
                    && self.holds(&effect.condition)
            })
    }

    /// Placements onto the empty sites, or removals of the mover's pieces, in the region of
    /// the rule (and not on `not landing on`), where `next to` allows; placements
    /// `capturing` only where they capture, where [`State::placements_capturing`] tells.
    /// Out of line, so that the rule loop of the games of moving pieces is compiled
    /// without it (inlined, the playouts of a game of slides took 1.1% more instructions).
    #[inline(never)]
    fn site_moves(&self, index: u8, rule: &MoveRule, out: &mut MoveList) {
        let (removing, mut sites) = self.site_targets(index);
        if rule.filter.capturing {
            self.keep_sites_capturing(rule, &mut sites);
        }
        let words = self.position.words;
        // Room for them all at once, and the length kept at hand, not pushed one by one.
        out.reserve(sites[..words].iter().map(|w| w.count_ones() as usize).sum());
        let mut len = out.len();
        for (w, &word) in sites.iter().take(words).enumerate() {
            let mut bits = word;
            while bits != 0 {
                let site = Site::at(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
                if !rule
                    .filter
                    .next_to
                    .is_none_or(|n| self.has_neighbour(site, n))
                {
                    continue;
                }
                out.write(
                    len,
                    match removing {
                        true => Move::remove(index, site),
                        false => Move::place(index, site),
                    },
                );
                len += 1;
            }
        }
        out.set_len(len);
    }

    /// The sites move rule `index` (a placement or a removal) may act on before `next to`
    /// is asked: the empty sites (the mover's pieces, for a removal) of its region, not on
    /// `not landing on`; none for a placement from a stock that has no piece of its kind.
    /// `true` with a removal's sites.
    pub(super) fn site_targets(&self, index: u8) -> (bool, SiteSet) {
        let rule = &self.game.moves[index as usize];
        let Some((removing, region)) = self.site_rule(index) else {
            return (false, [0; SITE_SET_WORDS]);
        };
        let mut sites = match removing {
            true => self.own_sites(region),
            false => self.empty_sites(region),
        };
        self.unmark_region(rule.filter.not_landing, &mut sites);
        (removing, sites)
    }

    /// What move rule `index` (a placement or a removal) acts on: whether it removes, and
    /// its region; `None` for a placement from a stock that has no piece of its kind.
    #[inline]
    pub(super) fn site_rule(&self, index: u8) -> Option<(bool, Option<u16>)> {
        match self.game.moves[index as usize].kind {
            MoveKind::Remove { region } => Some((true, region)),
            MoveKind::PlacePiece {
                kind,
                from_hand: true,
                ..
            } if self.pieces_in_hand(self.position.to_move)[kind as usize] == 0 => None,
            MoveKind::PlacePiece { region, .. } => Some((false, region)),
            _ => unreachable!("only placements and removals are moves on one site"),
        }
    }

    /// Keeps of `sites` those with a neighbour along one of `n`'s directions that holds
    /// what it names, as [`State::has_neighbour`] finds: by shifting a set of sites along
    /// the board's axes where they are [shifts](Board::axis_shifts), else site by site.
    pub(super) fn keep_next_to(&self, n: NextTo, sites: &mut SiteSet) {
        let words = self.position.words;
        let Some(shifts) = self.game.board.axis_shifts() else {
            for (w, word) in sites.iter_mut().enumerate().take(words) {
                let mut bits = *word;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let site = Site::at(w * 64 + bit.trailing_zeros() as usize);
                    if !self.has_neighbour(site, n) {
                        *word &= !bit;
                    }
                }
            }
            return;
        };
        let holding = self.holding(n.what);
        let mut near = [0u64; SITE_SET_WORDS];
        let mut dirs = n.directions;
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            self.mark_next_to(shifts, dir, &holding, &mut near);
        }
        for (word, near) in sites.iter_mut().zip(near).take(words) {
            *word &= near;
        }
    }

    /// The sites that hold what a `next to` names, for the mover.
    fn holding(&self, what: Neighbour) -> SiteSet {
        let (words, mover) = (self.position.words, self.position.to_move.index());
        let mut sites = match what {
            Neighbour::Empty => return self.empty_sites(None),
            _ => [0u64; SITE_SET_WORDS],
        };
        if what == Neighbour::Last {
            let last = self.position.pits.last;
            if last != NO_SITE {
                sites[last.index() / 64] |= 1 << (last.index() % 64);
            }
            return sites;
        }
        for p in 0..self.game.about.players.len() {
            let wanted = match what {
                Neighbour::Enemy => p != mover,
                Neighbour::Friend => p == mover,
                Neighbour::Piece | Neighbour::Empty | Neighbour::Last => true,
            };
            if wanted {
                let own = &self.position.occupancy[p * words..][..words];
                for (word, &o) in sites.iter_mut().zip(own) {
                    *word |= o;
                }
            }
        }
        sites
    }

    /// Marks in `near` the sites whose neighbour along `dir` is one of `holding`: along
    /// the axis of `dir`, each link joins a site (marked in the axis's `linked`) to the
    /// site `shift` on, so `holding` shifted by `shift` down (`dir` leading up) or up
    /// (`dir` leading down) is where those neighbours are.
    fn mark_next_to(&self, shifts: &AxisShifts, dir: u8, holding: &SiteSet, near: &mut SiteSet) {
        let words = self.position.words;
        let Some((axis, up)) = shifts.toward(dir) else {
            return;
        };
        let (shift, linked) = (shifts.shift[axis], |w: usize| shifts.linked[w][axis]);
        for w in 0..words {
            near[w] |= if up {
                linked(w) & (holding[w] >> shift | holding[w + 1] << (64 - shift))
            } else {
                let below = if w > 0 {
                    (holding[w - 1] & linked(w - 1)) >> (64 - shift)
                } else {
                    0
                };
                (holding[w] & linked(w)) << shift | below
            };
        }
    }

    /// The empty sites, of `region` if given.
    fn empty_sites(&self, region: Option<u16>) -> SiteSet {
        let mut sites = [0u64; SITE_SET_WORDS];
        for (w, word) in sites.iter_mut().take(self.position.words).enumerate() {
            let occupied = (0..self.game.about.players.len()).fold(0, |a, p| {
                a | self.position.occupancy[p * self.position.words + w]
            });
            let in_board = match (w + 1) * 64 <= self.position.cells.len() {
                true => u64::MAX,
                false => (1u64 << (self.position.cells.len() % 64)) - 1,
            };
            *word = !occupied & in_board & self.region_word(region, w);
        }
        sites
    }

    /// The sites of the mover's pieces, in `region` if given.
    pub(super) fn own_sites(&self, region: Option<u16>) -> SiteSet {
        let mut sites = [0u64; SITE_SET_WORDS];
        let own = self.position.occupied_by(self.position.to_move);
        for (w, word) in sites.iter_mut().take(self.position.words).enumerate() {
            *word = own[w] & self.region_word(region, w);
        }
        sites
    }

    /// Word `w` of a region's mask (every bit set when there is no region).
    #[inline]
    fn region_word(&self, region: Option<u16>, w: usize) -> u64 {
        region.map_or(u64::MAX, |r| self.game.tables.regions[r as usize][w])
    }

    /// The flights of one move rule: each of the mover's pieces (of the kinds it allows)
    /// to each empty site of `region` (or of the board) where it may land.
    fn flights(&self, index: u8, region: Option<u16>, rule: &MoveRule, out: &mut MoveList) {
        let movers = match rule.filter.kinds {
            ALL_KINDS => self.own_sites(None),
            kinds => self.movers(kinds),
        };
        let mut targets = self.empty_sites(region);
        self.unmark_region(rule.filter.not_landing, &mut targets);
        for from in set_sites(&movers[..self.position.words]) {
            for to in set_sites(&targets[..self.position.words]) {
                out.push(Move::step(index, from, to));
            }
        }
    }

    /// Whether a site has a neighbour along `n`'s directions holding what it names (for
    /// the mover).
    pub(super) fn has_neighbour(&self, site: Site, n: NextTo) -> bool {
        let board = &self.game.board;
        let mut dirs = n.directions;
        while dirs != 0 {
            let dir = dirs.trailing_zeros() as u8;
            dirs &= dirs - 1;
            let s = board.step(site, dir);
            if s == NO_SITE {
                continue;
            }
            let found = match (n.what, self.owner(s)) {
                (Neighbour::Empty, None) => true,
                (Neighbour::Enemy, Some(p)) => p != self.position.to_move,
                (Neighbour::Friend, Some(p)) => p == self.position.to_move,
                (Neighbour::Piece, Some(_)) => true,
                (Neighbour::Last, _) => s == self.position.pits.last,
                _ => false,
            };
            if found {
                return true;
            }
        }
        false
    }

    /// Keeps of the moves of `rule` from `start` on those that capture something
    /// ([`State::captures_something`]), but for a placement whose moves
    /// [`State::site_moves`] made where [`State::placements_capturing`] tells alone.
    #[inline(never)]
    fn keep_capturing(&self, rule: &MoveRule, start: usize, out: &mut MoveList) {
        if !self.landings_tell(rule) {
            out.retain_from(start, |m| self.captures_something(m));
        }
    }

    /// The empty sites where a placement of `rule` captures something, found by walking
    /// back from the mover's pieces over enemy ones ([`capture::landings_closing_runs`]),
    /// as the test of quiet moves does: `None` where that does not tell, for a rule that
    /// is no plain placement ([`MoveKind::PlacePiece`]: a placement of the walk
    /// interpreter's is tried move by move) or takes by itself (a removal, a shot, a line
    /// capture), or a
    /// capture that applies and takes something else than straight runs that walk back.
    fn placements_capturing(&self, rule: &MoveRule) -> Option<SiteSet> {
        if !self.landings_tell(rule) {
            return None;
        }
        let game = &*self.game;
        let mover = self.position.to_move;
        let cell = |s: Site| self.position.cells[s.index()];
        let mut landings = [0u64; SITE_SET_WORDS];
        for (effect, _) in self.capturing_effects() {
            if let Some(word) = self.word_landings(effect) {
                landings[0] |= word;
                continue;
            }
            let own = set_sites(self.position.occupied_by(mover));
            let mark = |to: Site, _closer| landings[to.index() / 64] |= 1 << (to.index() % 64);
            capture::landings_closing_runs(game, cell, effect, mover, own, mark);
        }
        Some(landings)
    }

    /// Keeps of `sites` those where a placement of `rule` captures, where
    /// [`State::placements_capturing`] tells. Out of line: inlined, its set of sites on the
    /// stack shapes the move generator of every game.
    #[inline(never)]
    fn keep_sites_capturing(&self, rule: &MoveRule, sites: &mut SiteSet) {
        if let Some(landings) = self.placements_capturing(rule) {
            sites.iter_mut().zip(landings).for_each(|(s, l)| *s &= l);
        }
    }

    /// Whether [`State::placements_capturing`] tells where the placements of `rule` capture:
    /// a plain placement that takes nothing by itself, on a board of at most
    /// [`SITE_SET_WORDS`] words, after which every effect in force that captures takes
    /// straight runs that walk back.
    fn landings_tell(&self, rule: &MoveRule) -> bool {
        let game = &*self.game;
        let takes_itself = rule.filter.has_second_part() || rule.kind.captures_in_line();
        matches!(rule.kind, MoveKind::PlacePiece { .. })
            && !takes_itself
            && game.board.sites() <= SITE_SET_WORDS * 64
            && (self.capturing_effects()).all(|(effect, _)| game.tables.runs_walk_back[effect])
    }

    /// The effects in force after a move that may capture (not a promotion, not another
    /// move, not a claim of cells), with their indices.
    fn capturing_effects(&self) -> impl Iterator<Item = (usize, &rulebook_model::Effect)> {
        (self.game.effects.iter().enumerate()).filter(|(_, rule)| {
            !matches!(
                rule.kind,
                EffectKind::Promote { .. } | EffectKind::Again | EffectKind::Claim { .. }
            ) && self.holds(&rule.condition)
        })
    }

    /// The landings of [`State::placements_capturing`] for `effect` by bit arithmetic
    /// ([`capture::word_landings_closing_runs`]), on a board of one word whose axes are
    /// shifts; `None` on any other board.
    fn word_landings(&self, effect: usize) -> Option<u64> {
        let shifts = self.game.board.axis_shifts()?;
        if self.position.words != 1 {
            return None;
        }
        let mover = self.position.to_move;
        let own = self.position.occupied_by(mover)[0];
        let players = self.game.about.players.len();
        let occupied = (0..players).fold(0, |a, p| a | self.position.occupancy[p]);
        let empty = self.empty_sites(None)[0];
        let sets = (own, occupied & !own, empty);
        capture::word_landings_closing_runs(&self.game, effect, sets, shifts)
    }

    /// Whether the effects after move `m` (a move of a piece or a placement) capture
    /// something, found without playing it.
    pub(super) fn captures_something(&self, m: Move) -> bool {
        self.takes_by_its_rule(m)
            .unwrap_or_else(|| self.effects_capture(m))
    }

    /// Whether move `m` takes something, where that is known before the effects after it
    /// are looked at: it lands nowhere (`false`), takes by its own rule (approach,
    /// withdrawal, removal, a capturing jump) or lands on an enemy piece. `None` when the
    /// effects decide ([`State::effects_capture`]).
    pub(super) fn takes_by_its_rule(&self, m: Move) -> Option<bool> {
        if m.to == NO_SITE {
            return Some(false);
        }
        let game = &*self.game;
        let rule = &game.moves[m.rule as usize];
        // Every step of a capture by approach or withdrawal takes something.
        let removes = rule.filter.removes_by_part() && m.removal() != NO_SITE;
        match rule.kind {
            _ if rule.kind.captures_in_line() || removes => Some(true),
            MoveKind::PlacePiece { .. } => None,
            MoveKind::Jump { mode: Some(_), .. } => Some(true),
            // A walk takes the site it passed over, if it marked one.
            MoveKind::Walk(Walk {
                taking: Some(taking),
                ..
            }) if taking.takes() && m.over != NO_SITE => Some(true),
            // Landing on an enemy piece takes it.
            _ if self.position.cells[m.to.index()] != EMPTY => Some(true),
            _ => None,
        }
    }

    /// Whether the effects after move `m` capture something ([`State::captures_something`]
    /// once [`State::takes_by_its_rule`] has not told).
    pub(super) fn effects_capture(&self, m: Move) -> bool {
        let game = &*self.game;
        let mover = self.position.to_move;
        let piece = match game.moves[m.rule as usize].kind.placed_kind() {
            Some(kind) => game.cell(mover, kind as usize),
            None => self.position.cells[m.from.index()],
        };
        // The piece shot, if the rule shoots one, stands before the captures are made.
        let shot = game.moves[m.rule as usize]
            .filter
            .placed_by_part()
            .map(|kind| (m.shot(), game.cell(mover, kind as usize)));
        let after = |s: Site| match shot {
            Some((site, cell)) if site == s => cell,
            _ if s == m.to => piece,
            _ if s == m.from => EMPTY,
            _ => self.position.cells[s.index()],
        };
        // The board before the move has every enemy piece of the board after it.
        let before = |s: Site| self.position.cells[s.index()];
        game.effects.iter().enumerate().any(|(effect, rule)| {
            self.holds(&rule.condition)
                && capture::may_capture(game, before, effect, m.to, mover)
                && capture::captures_any(game, after, effect, m.to, mover)
        })
    }
}

/// The search for moves that capture by approach or withdrawal from one site
/// ([`State::line_captures`]).
struct LineWalk<'a> {
    /// The move rule's index.
    index: u8,
    /// Where the piece started.
    from: Site,
    /// The rule's directions.
    directions: &'a [u8],
    /// How it captures.
    capture: LineCapture,
    /// What narrows it.
    filter: &'a MoveFilter,
    /// The sites the piece has stood on in this sequence (they count as empty, but for
    /// where it stands, and it may not land on them again).
    stood: SiteSet,
    /// The enemy pieces taken so far.
    taken: SiteSet,
    /// The first site the sequence takes (the first of its first step's run): the move's
    /// [`Move::over`], as a walk's route records it.
    first: Site,
    /// The most steps a move holds.
    most: usize,
    /// The bits a step takes in the path.
    bits: u32,
}

/// What the piece of a chain of jumps from one site may jump and land on
/// ([`State::chains`]), over the position as it stands.
struct ChainLegs<'a> {
    /// The position.
    state: &'a State,
    /// Where the piece started (it has left it: the piece may land there again).
    from: Site,
    /// Whose pieces it jumps.
    over: Jumped,
    /// What narrows the rule.
    filter: &'a MoveFilter,
}

impl ChainLegs<'_> {
    /// A jump from `at` towards `dir`: the site jumped and the landing site.
    #[inline(always)]
    fn leg(&self, at: Site, dir: u8) -> Option<(Site, Site)> {
        let board = &self.state.game.board;
        let mid = board.step(at, dir);
        if mid == NO_SITE || !self.jumpable(mid) {
            return None;
        }
        let to = board.step(mid, dir);
        self.may_land(to).then_some((mid, to))
    }

    /// Whether the piece may jump the site `s` (on the board): a piece it jumps, not where
    /// it started, nor in the region it avoids.
    #[inline(always)]
    fn jumpable(&self, s: Site) -> bool {
        let (state, game) = (self.state, &*self.state.game);
        let c = state.position.cells[s.index()];
        s != self.from
            && c != EMPTY
            && !self.in_region(self.filter.avoiding, s)
            && match self.over {
                Jumped::Enemy => game.tables.owner[c.index()] != state.position.to_move,
                Jumped::Friend => game.tables.owner[c.index()] == state.position.to_move,
                Jumped::Any => true,
            }
    }

    /// Whether the piece may land on the site `s` (or [`NO_SITE`]): empty, or where it
    /// started, and in neither the region it avoids nor where it may not land.
    #[inline(always)]
    fn may_land(&self, s: Site) -> bool {
        s != NO_SITE
            && (s == self.from || self.state.position.cells[s.index()] == EMPTY)
            && !self.in_region(self.filter.avoiding, s)
            && !self.in_region(self.filter.not_landing, s)
    }

    /// Whether `s` is in `region` (never, for no region).
    #[inline(always)]
    fn in_region(&self, region: Option<u16>, s: Site) -> bool {
        region.is_some_and(|r| self.state.game.in_region(r as usize, s))
    }
}

/// The word of a [`SiteSet`] that holds site `s`, and its bit there.
#[inline(always)]
fn site_bit(s: Site) -> (usize, u64) {
    (
        (s.index() >> 6) & (SITE_SET_WORDS - 1),
        1u64 << (s.index() & 63),
    )
}

/// The sites of a set (bit `s % 64` of word `s / 64` for site `s`), in order.
pub fn set_sites(set: &[u64]) -> impl Iterator<Item = Site> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            let bit = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            Some(Site::at(w * 64 + bit))
        })
    })
}

/// Whether a condition of a ban asks whether the player to move has a legal move.
pub(super) fn asks_for_replies(c: &rulebook_model::Expr) -> bool {
    c.any(&|e| matches!(e, rulebook_model::Expr::NoLegalMove))
}

/// The lines of an empty board as kept by a state ([`toggle_lines`]): `masks[family *
/// MAX_LINES + line]` as in [`rulebook_model::board::GridLines::empty`], for a game on a grid
/// whose slides [`State::pick_slide`] counts along lines (a slide of limited length, or any
/// slide on a board too large for ray masks); empty for every other game, whose states then
/// keep none.
pub(super) fn tracked_lines(game: &Game) -> Vec<u64> {
    let board = &game.board;
    let counted = game.moves.iter().any(|r| match &r.kind {
        MoveKind::Slide {
            directions,
            max_length,
            ..
        } => {
            directions.iter().all(|&d| d < 8)
                && (*max_length != UNLIMITED || !board.has_ray_masks())
        }
        _ => false,
    });
    // Games whose moves are always listed count no slides.
    let lines = board.lines();
    if !counted || game.facts.always_listed || lines.place.is_empty() {
        return Vec::new();
    }
    let mut masks = vec![0u64; 4 * MAX_LINES];
    for (family, empty) in lines.empty.iter().enumerate() {
        masks[family * MAX_LINES..][..empty.len()].copy_from_slice(empty);
    }
    masks
}

/// Flips the bit of `site` in the masks of its lines (a piece arrived on it or left it).
#[inline]
pub(super) fn toggle_lines(masks: &mut [u64], board: &Board, site: Site) {
    let place = &board.lines().place[site.index()];
    for (family, &(line, pos)) in place.iter().enumerate() {
        masks[(family * MAX_LINES + line as usize) & (4 * MAX_LINES - 1)] ^= 2 << pos;
    }
}

/// The mover's pieces and their slide targets on a board of at most 64 sites, as
/// `(from, targets)` in site order, leaving out pieces with no target; returns how many.
///
/// Each ray is a bit mask and its nearest blocker is found with bit arithmetic, so no
/// branch depends on where a ray is blocked.
#[inline]
pub(super) fn slide_targets(
    board: &Board,
    occupied: u64,
    own: u64,
    forbidden: u64,
    rising: &[u8],
    falling: &[u8],
    pending: &mut [(Site, u64); 64],
) -> usize {
    let mut n = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = Site::at(pieces.trailing_zeros() as usize);
        pieces &= pieces - 1;
        let mut targets = 0u64;
        let rays = board.ray_masks(from);
        for &dir in rising {
            // Ray sites below the lowest blocker (all of the ray when there is none).
            let ray = rays[(dir & 7) as usize];
            let blockers = ray & occupied;
            let lowest = blockers & blockers.wrapping_neg();
            targets |= ray & lowest.wrapping_sub(1);
        }
        for &dir in falling {
            // Ray sites above the highest blocker (all of the ray when there is none).
            let ray = rays[(dir & 7) as usize];
            let blockers = ray & occupied;
            let at_or_below = (u64::MAX >> (blockers | 1).leading_zeros())
                & ((blockers != 0) as u64).wrapping_neg();
            targets |= ray & !at_or_below;
        }
        let targets = targets & !forbidden;
        // At most 64 pieces on at most 64 sites: `& 63` keeps every index in bounds (so
        // the compiler checks nothing) without changing any index actually used.
        pending[n & 63] = (from, targets);
        n += (targets != 0) as usize;
    }
    n
}

/// Slides on a board of at most 64 sites, for all of the mover's pieces at once: the
/// targets of [`slide_targets`], then every move emitted in one loop that moves on to the
/// next piece by selection instead of a branch. Moves come out by origin, then destination.
#[allow(clippy::too_many_arguments)]
fn slides_by_mask(
    board: &Board,
    occupied: u64,
    own: u64,
    forbidden: u64,
    rule: u8,
    rising: &[u8],
    falling: &[u8],
    out: &mut MoveList,
) {
    let mut pending = [(NO_SITE, 0u64); 64];
    let n = slide_targets(
        board,
        occupied,
        own,
        forbidden,
        rising,
        falling,
        &mut pending,
    );
    if n == 0 {
        return;
    }
    out.reserve(n * board.max_rays_length());
    let mut len = out.len();
    let (mut from, mut targets) = pending[0];
    let mut i = 0;
    loop {
        let to = Site::at(targets.trailing_zeros() as usize);
        out.write(len, Move::step(rule, from, to));
        len += 1;
        targets &= targets - 1;
        let done = (targets == 0) as usize;
        i += done;
        if i == n {
            break;
        }
        let (next_from, next_targets) = pending[i & 63];
        let more = targets != 0;
        targets = std::hint::select_unpredictable(more, targets, next_targets);
        from = std::hint::select_unpredictable(more, from, next_from);
    }
    out.set_len(len);
}

/// The site of the `k`-th set bit (from 0) of a set of sites, which must have more than `k`.
/// Inlined always: out of line, the random picks of Hex cost 0.7% more.
#[inline(always)]
pub(super) fn nth_site(set: &[u64], mut k: usize) -> Site {
    for (w, &word) in set.iter().enumerate() {
        let ones = word.count_ones() as usize;
        if k < ones {
            let mut bits = word;
            for _ in 0..k {
                bits &= bits - 1;
            }
            return Site::at(w * 64 + bits.trailing_zeros() as usize);
        }
        k -= ones;
    }
    unreachable!("the set has more than k sites")
}

/// The number of set bits of all the masks together.
#[inline]
pub(super) fn total_bits(pending: &[(Site, u64)]) -> usize {
    pending.iter().map(|&(_, x)| x.count_ones() as usize).sum()
}

/// The work space of judging moves against `forbid leaving` ([`State::judge_on_copy`]).
struct Judging {
    /// A copy of the position, to play each move on.
    copy: Box<State>,
    /// The replies to a move, where a condition asks whether there is one.
    replies: Box<MoveList>,
    /// Whether a condition of `forbid leaving` asks for the replies.
    asks: bool,
}

impl Judging {
    /// Gives the work space back to `out`, for the next call.
    fn put_back(self, out: &mut MoveList) {
        let mut copy = self.copy;
        copy.without_ends = false;
        out.copy = Some(copy);
        out.spare = Some(self.replies);
    }
}

/// The sites on which a landing may complete one of `runs` (each a set of sites) of the
/// mover's pieces, whose pieces are `own`, where no piece passed over changes hands: the one
/// site a run lacks, or every site of a run that lacks none. A move landing elsewhere
/// completes no run, since it adds no piece but on its landing.
fn closing_sites(runs: &[u64], own: u64) -> u64 {
    runs.iter().fold(0, |closing, &run| {
        let missing = run & !own;
        match missing & missing.wrapping_sub(1) {
            0 if missing == 0 => closing | run,
            0 => closing | missing,
            _ => closing,
        }
    })
}

/// Whether after move `m` a run of `lines` through its landing holds only the mover's
/// pieces, which were `own` before it: the piece gone from its site and on its landing, and
/// the site it passes over the mover's or not as `over` says.
#[inline(never)]
fn completes_run(lines: &LineMasks, own: u64, m: Move, over: Option<(Site, bool)>) -> bool {
    let bit = |s: Site| if s == NO_SITE { 0 } else { 1u64 << s.index() };
    let mut own = own & !bit(m.from) | bit(m.to);
    if let Some((site, mine)) = over {
        own = own & !bit(site) | if mine { bit(site) } else { 0 };
    }
    lines.through(m.to).iter().any(|&line| line & !own == 0)
}
