//! Move rules: each `move` statement compiled once, or once per player where it reads a
//! region or direction relative to the mover (`forward`, `side(forward)`), with the
//! clauses that narrow it; and the conditions that seat a rule with its player.

use super::exprs::to_runtime;
use super::walks;
use super::{kind_set, Compiler, Seat};
use crate::check::{Conditional, ExactLength, MoveDecl, PlaceOn, TExpr};
use crate::diag::Span;
use rulebook_model::board::{MAX_GRID_SIDE, RELATIVE_BASE, RELATIVE_DIRECTIONS};
use rulebook_model::{self as model, Condition, Expr, Op, PlayerRef};

impl Compiler<'_> {
    /// The move rules whose conditions can hold in this configuration.
    pub(super) fn moves(&mut self) -> Vec<model::MoveRule> {
        let desc = self.desc;
        let mut rules = Vec::new();
        for m in &desc.moves {
            for (seat, rule) in self.per_seat(|c| c.move_rule(m)) {
                if let Some(condition) = seated_condition(&rule.condition, seat) {
                    rules.push(model::MoveRule { condition, ..rule });
                }
            }
        }
        if let Some(dice) = &desc.chance.dice {
            rules.push(model::MoveRule {
                kind: model::MoveKind::Roll(
                    match dice.one_by_one {
                        Some(o) => {
                            let dice = model::Dice {
                                most: o.most,
                                ..model::Dice::one_by_one(dice.count, &dice.faces, o.doubles_twice)
                            };
                            match o.opening {
                                Some(_) => dice.with_opening(),
                                None => dice,
                            }
                        }
                        None => model::Dice::new(dice.count, &dice.faces),
                    }
                    .again_on(&dice.again),
                ),
                filter: model::MoveFilter::default(),
                condition: Condition::Always,
                so_that: None,
                forbidding: None,
                numbered: None,
            });
        }
        rules
    }

    /// Compiles a rule by `compile`, once; or, where it reads a region relative to the
    /// mover (`side(forward)`), once for each player, each returned with the player it was
    /// compiled for (whose condition [`seated_condition`] then narrows to that player).
    /// An error found in several passes is reported once.
    pub(super) fn per_seat<T>(
        &mut self,
        mut compile: impl FnMut(&mut Self) -> Option<T>,
    ) -> Vec<(Option<model::Player>, T)> {
        (self.seat, self.seat_needed) = (Seat::Asked, false);
        let once = compile(self);
        let needed = self.seat_needed;
        let mut out = Vec::new();
        if !needed {
            out.extend(once.map(|rule| (None, rule)));
        } else {
            for player in model::Player::all(self.desc.about.players.len()) {
                self.seat = Seat::Of(player);
                let known = self.errors.len();
                let rule = compile(self);
                let fresh = self.errors.split_off(known);
                for d in fresh {
                    if !self.errors.contains(&d) {
                        self.errors.push(d);
                    }
                }
                out.extend(rule.map(|rule| (Some(player), rule)));
            }
        }
        self.seat = Seat::Nobody;
        out
    }

    /// One move rule as written (its directions relative to the mover left for
    /// [`Compiler::per_player`]).
    fn move_rule(
        &mut self,
        m: &Conditional<crate::check::MoveRuleDecl>,
    ) -> Option<model::MoveRule> {
        let condition = self.condition(m)?;
        let filter = self.move_filter(&m.rule)?;
        let kind = match (&m.rule.shape, m.rule.line_capture) {
            (MoveDecl::Slide { directions, .. }, Some(capture)) => {
                self.line_capture(directions, capture, &filter)
            }
            (shape, _) => self.move_kind(shape, &filter, m.span)?,
        };
        let kind = self.with_walk_tests(kind, &m.rule.walk_tests, &filter)?;
        let kind = self.walled(kind, &filter);
        let so_that = match &m.rule.legality.so_that {
            Some(e) => Some(to_runtime(self.fold(e)?)?),
            None => None,
        };
        let forbidding = match &m.rule.legality.forbidding {
            Some(e) => Some(to_runtime(self.fold(e)?)?),
            None => None,
        };
        let numbered = match &m.rule.numbered {
            Some((nearest, e)) => Some(model::Numbered {
                value: to_runtime(self.fold(e)?)?,
                nearest: *nearest,
                kinds: (self.desc.about.piece_numbers.iter().enumerate())
                    .filter_map(|(k, n)| Some(((*n)?, k as u8)))
                    .collect(),
            }),
            None => None,
        };
        Some(model::MoveRule {
            kind,
            filter,
            condition,
            so_that,
            forbidding,
            numbered,
        })
    }

    /// What a move rule's moves are, with their tables: a slide's directions up and down
    /// the board, a chained jump's record, a sowing's track, the regions of a removal or a
    /// placement.
    fn move_kind(
        &mut self,
        shape: &MoveDecl,
        filter: &model::MoveFilter,
        span: Span,
    ) -> Option<model::MoveKind> {
        let players = self.desc.about.players.len();
        let by_pieces = self.chains_by_pieces();
        Some(match shape {
            MoveDecl::Slide {
                directions,
                max_length,
                exactly,
                over_friend,
            } => {
                let how = (exactly.as_ref(), *over_friend);
                self.slide(directions, max_length.as_ref(), how, filter)?
            }
            MoveDecl::Jump {
                directions,
                flying,
                over,
                mode,
                chain,
                aside,
            } => {
                let jump = (*flying, (*over, *mode), *chain, *aside);
                self.jump(directions, jump, filter, (by_pieces, span))?
            }
            MoveDecl::Remove { region } => {
                let region = match region {
                    Some(r) => Some(self.nonempty_region(r, "where pieces are removed")?),
                    None => None,
                };
                self.on_a_site(model::WalkAction::Remove, region, filter)
            }
            MoveDecl::PlacePiece { kind, region, on } => {
                self.placement(*kind, region.as_ref(), *on, filter)?
            }
            MoveDecl::Sow {
                sowing,
                relay,
                skip,
                start,
            } => model::MoveKind::Sow {
                sowing: *sowing,
                track: self.sow_track(*sowing, skip.as_ref(), players)?,
                relay: match relay {
                    Some(e) => Some(to_runtime(self.fold(e)?)?),
                    None => None,
                },
                start: match start {
                    Some(e) => Some(to_runtime(self.fold(e)?)?),
                    None => None,
                },
            },
            MoveDecl::Place { matching } => model::MoveKind::Place {
                matching: *matching,
            },
            MoveDecl::Pass { at_will } => model::MoveKind::Pass { at_will: *at_will },
            MoveDecl::Swap => model::MoveKind::Swap,
            MoveDecl::Fly => self.fly(filter),
            MoveDecl::Castle {
                directions,
                partner,
            } => {
                let walk = walks::castle_walk(directions, *partner as u8);
                let kind = walks::routine(self.board(), walk, filter);
                debug_assert!(matches!(kind, model::MoveKind::Castle { .. }), "{kind:?}");
                kind
            }
            track @ MoveDecl::Track { .. } => model::MoveKind::Track(self.track(track)?),
            MoveDecl::Walk(steps) => self.walk(steps, filter),
        })
    }

    /// A placement of a piece of kind `kind` onto an empty site (of `region`), or, `on
    /// grooves`, of a wall between cells, or, `on sides`, of a line on a side of a cell;
    /// from the mover's hand where the kind is counted there.
    fn placement(
        &mut self,
        kind: usize,
        region: Option<&TExpr>,
        on: PlaceOn,
        filter: &model::MoveFilter,
    ) -> Option<model::MoveKind> {
        let from_hand = self.desc.start.stock.iter().any(|s| s.piece == kind)
            || !self.desc.capture_into_hand.kinds.is_empty();
        let (width, height) = (self.board().width, self.board().height);
        match on {
            PlaceOn::Grooves => {
                let grooves = model::Grooves::new(width, height, kind as u8, from_hand);
                return Some(model::MoveKind::Wall(grooves));
            }
            PlaceOn::Sides => {
                let sides = model::Sides::new(width, height, kind as u8, from_hand);
                return Some(model::MoveKind::Side(sides));
            }
            PlaceOn::Sites => {}
        }
        let region = match region {
            Some(r) => Some(self.nonempty_region(r, "where pieces are placed")?),
            None => self.points_on_board(),
        };
        let kind = kind as u8;
        Some(self.on_a_site(model::WalkAction::Place { kind, from_hand }, region, filter))
    }

    /// A walk's moves, its leaps `forward` turned for the player whose rule it is, given
    /// the routine its shape asks for.
    fn walk(
        &mut self,
        steps: &[crate::check::WalkDecl],
        filter: &model::MoveFilter,
    ) -> model::MoveKind {
        let faces_south = walks::leaps_forward(steps) && self.seated_south();
        let landing = (filter.landing, filter.not_landing);
        let walk = walks::walk(self.board(), steps, landing, faces_south);
        walks::routine(self.board(), walk, filter)
    }

    /// A slide along `directions` of at most `max_length` sites (1 to [`MAX_GRID_SIDE`];
    /// unlimited when none is given), lowered onto a walk and given the routine its shape
    /// asks for; one `exactly` so long or `over friend` ([`walks::passing_slide_walk`])
    /// runs as a walk.
    fn slide(
        &mut self,
        directions: &[u8],
        max_length: Option<&TExpr>,
        (exactly, over_friend): (Option<&ExactLength>, bool),
        filter: &model::MoveFilter,
    ) -> Option<model::MoveKind> {
        if exactly.is_some() || over_friend {
            let reach = self.slide_reach(max_length, exactly)?;
            let walk = walks::passing_slide_walk(directions, (reach, over_friend), filter);
            return Some(walks::routine(self.board(), walk, filter));
        }
        let max_length = self.longest(max_length)?;
        let walk = walks::slide_walk(directions, max_length, filter);
        let kind = walks::routine(self.board(), walk, filter);
        debug_assert!(matches!(kind, model::MoveKind::Slide { .. }), "{kind:?}");
        Some(kind)
    }

    /// How far a slide with `exactly` or `over friend` goes.
    fn slide_reach(
        &mut self,
        max_length: Option<&TExpr>,
        exactly: Option<&ExactLength>,
    ) -> Option<walks::SlideReach> {
        Some(match exactly {
            None => walks::SlideReach::UpTo(self.longest(max_length)?),
            Some(ExactLength::Line(counted)) => walks::SlideReach::ByLine(*counted),
            Some(ExactLength::Fixed(n)) => {
                let what = "the length of a slide `exactly` so long";
                walks::SlideReach::Exactly(self.bounded(n, 1, MAX_GRID_SIDE, what)? as u16)
            }
        })
    }

    /// The most sites a slide crosses: `max_length`, or ([`model::UNLIMITED`]) any number.
    fn longest(&mut self, max_length: Option<&TExpr>) -> Option<u16> {
        Some(match max_length {
            None => model::UNLIMITED,
            Some(m) => self.bounded(m, 1, MAX_GRID_SIDE, "the longest slide")? as u16,
        })
    }

    /// A step along `directions` that captures by approach or withdrawal, lowered onto its
    /// walk ([`walks::line_capture_walk`]) and given the routine its shape asks for.
    fn line_capture(
        &self,
        directions: &[u8],
        capture: model::LineCapture,
        filter: &model::MoveFilter,
    ) -> model::MoveKind {
        let walk = walks::line_capture_walk(directions, capture, filter);
        let kind = walks::routine(self.board(), walk, filter);
        debug_assert_eq!(kind.line_capture(), Some(capture), "{kind:?}");
        kind
    }

    /// A move doing `action` on one site of `region` (a flight, a placement or a removal),
    /// lowered onto its walk ([`walks::site_walk`]) and given the routine its shape asks for.
    fn on_a_site(
        &self,
        action: model::WalkAction,
        region: Option<u16>,
        filter: &model::MoveFilter,
    ) -> model::MoveKind {
        let walk = walks::site_walk(action, region, filter);
        let kind = walks::routine(self.board(), walk, filter);
        debug_assert!(!matches!(kind, model::MoveKind::Walk(_)), "{kind:?}");
        kind
    }

    /// A flight to any empty site (a point, on a board of lines), lowered onto a walk and
    /// given the routine its shape asks for.
    fn fly(&mut self, filter: &model::MoveFilter) -> model::MoveKind {
        let points = self.points_on_board();
        let kind = self.on_a_site(model::WalkAction::Move, points, filter);
        debug_assert!(matches!(kind, model::MoveKind::Fly { .. }), "{kind:?}");
        kind
    }

    /// A jump's moves (`flying`, over pieces `jumped`, going on by `chain`): a single jump
    /// (flying or not), a chain to any landing (not flying), a chain recorded by its route
    /// (`chained`, not flying) or by its pieces (where `by_pieces`) lowered onto its walk,
    /// any other with its chain.
    fn jump(
        &mut self,
        directions: &[u8],
        (flying, jumped, chain, aside): (
            bool,
            (model::Jumped, Option<model::CaptureMode>),
            model::Chain,
            bool,
        ),
        filter: &model::MoveFilter,
        (by_pieces, span): (bool, Span),
    ) -> Option<model::MoveKind> {
        if aside {
            let walk = walks::aside_walk(directions, jumped, filter);
            return Some(model::MoveKind::Walk(walk));
        }
        Some(match self.jump_chain(chain, directions, by_pieces, span)? {
            model::Chain::Single if !flying => {
                self.given_back(walks::jump_walk(directions, jumped, filter), filter)
            }
            model::Chain::Single => {
                let walk = walks::flying_jump_walk(directions, jumped, filter);
                self.given_back(walk, filter)
            }
            model::Chain::Reach if !flying => {
                let walk = walks::reach_walk(directions, jumped.0, filter);
                self.given_back(walk, filter)
            }
            chain @ (model::Chain::Turning
            | model::Chain::TurningAtWill
            | model::Chain::Straight)
                if !flying =>
            {
                let walk = walks::chain_walk(directions, jumped, chain, filter);
                self.given_back(walk, filter)
            }
            model::Chain::Pieces => {
                let walk = walks::piece_chain_walk(directions, flying, jumped, filter);
                self.given_back(walk, filter)
            }
            chain => model::MoveKind::Jump {
                directions: directions.to_vec(),
                flying,
                over: jumped.0,
                mode: jumped.1,
                chain,
            },
        })
    }

    /// The jump routine for a jump's walk (a single jump's, flying or not, or a chain's to
    /// any landing or by its route), found by the walk's shape.
    fn given_back(&self, walk: model::Walk, filter: &model::MoveFilter) -> model::MoveKind {
        let kind = walks::routine(self.board(), walk, filter);
        debug_assert!(matches!(kind, model::MoveKind::Jump { .. }), "{kind:?}");
        kind
    }

    /// A slide's or a walk's moves with the tests `from` and `onto enemy KIND` add to its
    /// walk: the origin tested first, each destination's piece before it is offered (any
    /// other move as it is: the checker allows the clauses on these alone).
    fn with_walk_tests(
        &mut self,
        kind: model::MoveKind,
        tests: &crate::check::WalkTests,
        filter: &model::MoveFilter,
    ) -> Option<model::MoveKind> {
        if tests.from.is_none()
            && tests.taking.is_none()
            && !tests.unmoved
            && !tests.in_passing
            && tests.next_to.is_none()
        {
            return Some(kind);
        }
        let mut walk = match kind {
            model::MoveKind::Slide {
                directions,
                max_length,
                ..
            } => walks::slide_walk(&directions, max_length, filter),
            model::MoveKind::Fly { region } => walks::fly_walk(region, filter),
            model::MoveKind::Walk(walk) => walk,
            other => return Some(other),
        };
        match (&tests.taking, tests.in_passing) {
            (kinds, true) => {
                let test = model::SiteTest::Passed(kind_set(kinds.as_deref()));
                walks::test_destinations(&mut walk.steps, test);
            }
            (Some(kinds), false) => {
                let test = model::SiteTest::EmptyOr(kind_set(Some(kinds)));
                walks::test_destinations(&mut walk.steps, test);
            }
            (None, false) => {}
        }
        if let Some(from) = &tests.from {
            let region = self.region_index(from)?;
            walk.steps
                .insert(0, model::Step::Test(model::SiteTest::In(region)));
        }
        if tests.unmoved {
            (walk.steps).insert(0, model::Step::Test(model::SiteTest::Unmoved));
        }
        if let Some(n) = tests.next_to {
            (walk.steps).insert(0, model::Step::Test(model::SiteTest::NextTo(n)));
        }
        Some(walks::routine(self.board(), walk, filter))
    }

    /// What narrows a move rule: its clauses, with their regions compiled.
    fn move_filter(&mut self, rule: &crate::check::MoveRuleDecl) -> Option<model::MoveFilter> {
        let mut region = |r: &Option<TExpr>| match r {
            Some(r) => self.region_index(r).map(Some),
            None => Some(None),
        };
        let to = &rule.destination;
        let (not_landing, avoiding) = (region(&to.not_landing)?, region(&to.avoiding)?);
        Some(model::MoveFilter {
            kinds: kind_set(rule.by.as_deref()),
            in_passing: rule.walk_tests.in_passing,
            not_landing,
            avoiding,
            capturing: to.capturing,
            next_to: to.next_to,
            landing: to.landing,
            compulsory: rule.compulsory,
            most: rule.most,
            liberties: rule.liberties,
            then: self.second_part(rule)?,
        })
    }

    /// The move's second part, if it has one (the checker lets a rule have one at most);
    /// `None` after an error.
    fn second_part(
        &mut self,
        rule: &crate::check::MoveRuleDecl,
    ) -> Option<Option<model::SecondPart>> {
        Some(
            match (&rule.then.shot, &rule.then.removal, &rule.then.turns) {
                (Some(shot), _, _) => Some(self.shot_part(*shot)),
                (_, Some(r), _) => {
                    let walk = walks::removal_walk(self.removal(r)?);
                    Some(walks::part_routine(walk, &mut self.parts))
                }
                (_, _, Some(turns)) => Some(model::SecondPart::Rotate(self.rotated(turns)?)),
                (None, None, None) => None,
            },
        )
    }

    /// `then shoot`'s part: its walk ([`walks::shot_walk`], which walls stop in a game that
    /// lays them), given back its routine by shape.
    fn shot_part(&mut self, shot: model::Shot) -> model::SecondPart {
        let directions: Vec<u8> = (0..RELATIVE_BASE)
            .filter(|d| shot.directions >> d & 1 == 1)
            .collect();
        let walk = walks::shot_walk(shot.kind, &directions);
        let walk = match self.lays_walls() {
            true => walks::walled_walk(walk),
            false => walk,
        };
        walks::part_routine(walk, &mut self.parts)
    }

    /// `then remove enemy`'s lines, each between 2 and the longer side of the board (0 where
    /// the clause has none).
    fn removal(&mut self, r: &crate::check::RemovalDecl) -> Option<model::Removal> {
        let longest = i64::from(self.board().width.max(self.board().height));
        let mut line = |e: &Option<TExpr>, what| match e {
            Some(e) => self.bounded(e, 2, longest.max(2), what).map(|n| n as u8),
            None => Some(0),
        };
        let if_line = line(&r.if_line, "the line that lets a piece be removed");
        let sparing_line = line(&r.sparing_line, "the line that spares a piece");
        Some(model::Removal {
            if_line: if_line?,
            sparing_line: sparing_line?,
        })
    }

    /// A move rule whose directions name some relative to the mover (`forward`) as one rule
    /// per player, each with that player's directions and the condition that they move;
    /// any other rule as it is.
    pub(super) fn per_player(&self, rule: model::MoveRule) -> Vec<model::MoveRule> {
        let directions = match &rule.kind {
            model::MoveKind::Slide { directions, .. }
            | model::MoveKind::Jump { directions, .. } => directions.clone(),
            model::MoveKind::Walk(walk) => walks::shift_directions(&walk.steps),
            _ => return vec![rule],
        };
        if directions.iter().all(|&d| d < RELATIVE_BASE) {
            return vec![rule];
        }
        let board = self.board();
        model::Player::all(self.desc.seats())
            .filter_map(|player| {
                // A rule for one player already (`when mover == black`) gives theirs alone.
                let condition = seated_condition(&rule.condition, Some(player))?;
                let absolute = absolute_directions(&directions, player);
                let mut kind = rule.kind.clone();
                match &mut kind {
                    model::MoveKind::Slide {
                        directions,
                        rising,
                        falling,
                        ..
                    } => {
                        (*rising, *falling) = absolute.iter().partition(|&&d| board.ascends(d));
                        *directions = absolute;
                    }
                    model::MoveKind::Jump { directions, .. } => *directions = absolute,
                    model::MoveKind::Walk(walk) => {
                        walk.steps = walks::turned(&walk.steps, player);
                    }
                    _ => unreachable!("only slides, jumps and walks have directions"),
                }
                Some(model::MoveRule {
                    kind,
                    filter: rule.filter,
                    condition,
                    so_that: rule.so_that.clone(),
                    forbidding: rule.forbidding.clone(),
                    numbered: rule.numbered.clone(),
                })
            })
            .collect()
    }
}

/// The player a condition names as the mover: `mover == PLAYER` (either way round), alone
/// or as a term of an `and`.
pub(super) fn moving_player(e: &Expr) -> Option<model::Player> {
    let Expr::Binary(op, a, b) = e else {
        return None;
    };
    match (op, a.as_ref(), b.as_ref()) {
        (Op::And, a, b) => moving_player(a).or_else(|| moving_player(b)),
        (Op::Eq, Expr::Player(PlayerRef::Mover), Expr::Player(PlayerRef::Fixed(p)))
        | (Op::Eq, Expr::Player(PlayerRef::Fixed(p)), Expr::Player(PlayerRef::Mover)) => Some(*p),
        _ => None,
    }
}

/// A rule's condition narrowed to `seat`'s moves (`... and mover == PLAYER`), or `None`
/// where it already names another player as the mover; as it is without a seat, or where
/// it names that player already.
pub(super) fn seated_condition(
    condition: &Condition,
    seat: Option<model::Player>,
) -> Option<Condition> {
    let Some(player) = seat else {
        return Some(condition.clone());
    };
    let moves = Expr::Binary(
        Op::Eq,
        Box::new(Expr::Player(PlayerRef::Mover)),
        Box::new(Expr::Player(PlayerRef::Fixed(player))),
    );
    match condition {
        Condition::Always => Some(Condition::When(moves)),
        Condition::When(e) => match moving_player(e) {
            Some(p) => (p == player).then(|| condition.clone()),
            // Whose move it is first: the cheaper test, which spares the rest.
            None => Some(Condition::When(Expr::Binary(
                Op::And,
                Box::new(moves),
                Box::new(e.clone()),
            ))),
        },
    }
}

/// Directions as `player` sees them: those relative to the mover (`forward`) made absolute,
/// each once, in the order given.
pub(super) fn absolute_directions(directions: &[u8], player: model::Player) -> Vec<u8> {
    let mut absolute: Vec<u8> = Vec::new();
    for d in directions {
        let dirs: &[u8] = match d.checked_sub(RELATIVE_BASE) {
            None => std::slice::from_ref(d),
            Some(r) if player == model::Player::FIRST => RELATIVE_DIRECTIONS[r as usize].1,
            Some(r) => RELATIVE_DIRECTIONS[r as usize].2,
        };
        for &d in dirs {
            if !absolute.contains(&d) {
                absolute.push(d);
            }
        }
    }
    absolute
}
