//! The game made of the parts the passes compile, with the facts derived from them that
//! play reads instead of working them out again: which moves may be quiet or coincide,
//! whether moves are narrowed, whether runs walk back, what ends a game after a move, who
//! owns each cell, the goals, the hash keys, the plan of the rules after sowing.

use super::ends::{estimate, Ends};
use super::moves::moving_player;
use super::{end_keys, goals, guard, rows, sow_plan, word_shifts};
use crate::check::Description;
use rulebook_model::board::RELATIVE_BASE;
use rulebook_model::tiles::{Tiles, PATTERNS};
use rulebook_model::{self as model, Board, Condition, Expr, Game, Setting, Zobrist};

/// What the passes compile, before the facts derived from it: [`Parts::into_game`] puts
/// each in its part of the [`Game`] (the end rules, which [`Ends`] holds with their labels,
/// conditions and sources, go to the game's ends and sources).
pub(super) struct Parts {
    pub(super) settings: Vec<Setting>,
    pub(super) board: Board,
    pub(super) start: model::Start,
    pub(super) moves: Vec<model::MoveRule>,
    pub(super) effects: Sourced<model::Effect>,
    pub(super) repetition: model::Repetition,
    /// The conditions of `forbid leaving`.
    pub(super) forbidden: Sourced<Expr>,
    pub(super) ends: Ends,
    pub(super) after_sow: Sourced<model::SowRule>,
    pub(super) tiles: Option<Tiles>,
    pub(super) score: Option<Expr>,
    pub(super) tables: BuiltTables,
}

/// Rules of one kind as compiled, each with where it was written (in the same order),
/// which goes to the game's [`Sources`](model::Sources).
pub(super) struct Sourced<T> {
    pub(super) rules: Vec<T>,
    pub(super) sources: Vec<model::RuleSource>,
}

/// The tables the passes build as they go, which go to the game's
/// [`Tables`](model::Tables): the regions' site sets, the regions that turn, the walks of
/// second parts, and the sites a chain may jump.
pub(super) struct BuiltTables {
    pub(super) regions: Vec<Vec<u64>>,
    pub(super) turns: Vec<model::Turns>,
    pub(super) parts: Vec<model::Walk>,
    pub(super) piece_bits: model::PieceBits,
}

impl Parts {
    /// The game made of these parts (of `desc`, compiled with `preset`), with the facts
    /// derived from them.
    pub(super) fn into_game(mut self, desc: &Description, preset: Option<String>) -> Game {
        let players = desc.about.players.len();
        let total_stones = self.total_stones(players);
        let piece_kinds = piece_kinds(self.tiles.as_ref(), &desc.about.pieces);
        let facts = facts(&self, desc);
        let tables = self.tables(desc, &facts, piece_kinds.len());
        let Ends {
            rules: end_rules,
            labels: end_labels,
            conditions: end_conditions,
            sources: end_condition_sources,
            stuck,
            repetitions,
            clock,
            kept,
        } = self.ends;
        Game {
            about: model::About {
                name: desc.about.name.clone(),
                preset,
                settings: self.settings,
                players: desc.about.players.clone(),
                piece_kinds,
                piece_letters: desc.about.piece_letters.clone(),
                piece_numbers: desc.about.piece_numbers.clone(),
                mark_name: desc.about.mark_name.clone(),
            },
            after_sowing: model::AfterSowing {
                plan: sow_plan::sow_plan(&self.after_sow.rules, &self.board, players, total_stones),
                rules: self.after_sow.rules,
            },
            heuristics: model::Heuristics {
                estimate: estimate(self.score.as_ref(), &end_rules, given_worths(desc)),
                goals: goals::goals(&end_rules, &end_conditions, &tables.regions, &self.board),
                rows: rows::rows(&end_rules, &end_conditions, &tables.regions, &self.board),
            },
            ends: model::Ends {
                checks: end_keys::end_checks(
                    &end_conditions,
                    &self.board,
                    players,
                    facts.places_only,
                ),
                empty_row: (end_rules.iter())
                    .find(|r| r.when == model::EndWhen::EmptyRow)
                    .copied(),
                rules: end_rules,
                stuck,
                conditions: end_conditions,
                score: self.score,
                repetitions,
                clock,
                kept,
            },
            start: self.start,
            sources: model::Sources {
                effects: self.effects.sources,
                sowing: self.after_sow.sources,
                end_labels,
                end_conditions: end_condition_sources,
                forbidden: self.forbidden.sources,
            },
            board: self.board,
            moves: self.moves,
            effects: self.effects.rules,
            repetition: self.repetition,
            forbidden: self.forbidden.rules,
            tiles: self.tiles,
            facts,
            tables,
        }
    }

    /// Whether `f` holds for an expression within a condition or value of the rules (of
    /// moves, effects, `forbid leaving`, ends, the score).
    fn reads(&self, f: &dyn Fn(&Expr) -> bool) -> bool {
        let condition = |c: &Condition| matches!(c, Condition::When(e) if e.any(f));
        let moves = self.moves.iter().any(|r| {
            condition(&r.condition)
                || [&r.so_that, &r.forbidding]
                    .iter()
                    .any(|e| e.as_ref().is_some_and(|e| e.any(f)))
                || r.numbered.as_ref().is_some_and(|n| n.value.any(f))
        });
        let ends = &self.ends;
        let exprs = (ends.conditions.iter().chain(&ends.stuck))
            .chain(&self.forbidden.rules)
            .chain(&self.score)
            .chain(ends.kept.as_ref().map(|k| &k.condition));
        moves
            || self.effects.rules.iter().any(|e| condition(&e.condition))
            || exprs.into_iter().any(|e| e.any(f))
    }

    /// The stones of a mancala game's `players` rows, all told (0 on any other board).
    fn total_stones(&self, players: usize) -> usize {
        self.start.stones as usize * self.board.pits() as usize * players
    }

    /// The game's tables: hash keys for `kinds` kinds of piece, and what the compiler
    /// works out ahead of play (the regions, turns and piece bits are taken out of the
    /// parts).
    fn tables(&mut self, desc: &Description, facts: &model::Facts, kinds: usize) -> model::Tables {
        let players = desc.about.players.len();
        let total_stones = self.total_stones(players);
        let cell_codes = 1 + players * kinds;
        let unmoved = facts.unmoved_kinds != 0 || facts.passing_kinds != 0 || facts.keeps_last;
        let mut walks = walk_forms(&self.moves, &self.board, &self.tables.regions);
        if facts.counted == model::Counted::Steps {
            let pieces = desc.about.pieces.len();
            let shifts = word_shifts::word_shifts(&self.moves, &self.board, pieces);
            for (forms, shifts) in walks.iter_mut().zip(shifts.unwrap_or_default()) {
                forms.word_shifts = shifts;
            }
        }
        if facts.counted == model::Counted::Sites {
            let sites = word_shifts::word_sites(&self.moves, &self.board, &self.tables.regions);
            for (forms, sites) in walks.iter_mut().zip(sites) {
                forms.word_sites = Some(sites);
            }
        }
        model::Tables {
            owner: owners(cell_codes, kinds),
            kind: (0..cell_codes)
                .map(|c| (c.max(1) - 1) % kinds.max(1))
                .map(|k| k as u8)
                .collect(),
            zobrist: Zobrist::new(self.board.sites(), cell_codes, players, total_stones)
                .with_hands(self.start.stock.len())
                .with_unmoved(if unmoved { self.board.sites() } else { 0 }),
            regions: std::mem::take(&mut self.tables.regions),
            turns: std::mem::take(&mut self.tables.turns),
            parts: std::mem::take(&mut self.tables.parts),
            quiet_rules: quiet_rules(&self.moves, facts.promotes, facts.moves_again),
            runs_walk_back: runs_walk_back(&self.effects.rules, &self.board),
            links_lead_back: self.board.links_lead_back(),
            walks,
            attackers: self.moves.iter().map(attacks).collect(),
            piece_bits: std::mem::take(&mut self.tables.piece_bits),
            hand_kinds: desc
                .capture_into_hand
                .kinds
                .iter()
                .map(|&k| k as u8)
                .collect(),
            line_masks: line_masks(&self.moves, &self.board),
            guard: guard::guard(
                &self.moves,
                &self.effects.rules,
                &self.forbidden.rules,
                &self.board,
            ),
        }
    }
}

/// Whether a rule of `moves` has `with liberties` and nothing else in them decides on the
/// moves left once it has dropped some ([`model::Facts::picks_judge_liberties`], which
/// asks besides that no two rules make one move and nothing is forbidden): no rule is
/// compulsory, captures in line, or passes only when nothing else is legal.
fn picks_judge_liberties(moves: &[model::MoveRule]) -> bool {
    let decides = |r: &model::MoveRule| {
        r.filter.compulsory
            || r.kind.captures_in_line()
            || matches!(r.kind, model::MoveKind::Pass { at_will: false })
    };
    moves.iter().any(|r| r.filter.liberties.is_some()) && !moves.iter().any(decides)
}

/// The [facts](model::Facts) that follow from a game's move, effect and end rules (and
/// its `capture into hand`, from `desc`).
fn facts(parts: &Parts, desc: &Description) -> model::Facts {
    let (moves, effects) = (&parts.moves, &parts.effects.rules);
    let (end_rules, end_conditions) = (&parts.ends.rules, &parts.ends.conditions);
    let has = |kind: fn(&model::EffectKind) -> bool| effects.iter().any(|e| kind(&e.kind));
    let ends_on = |when| end_rules.iter().any(|r: &model::EndRule| r.when == when);
    let ends_on_repetition = ends_on(model::EndWhen::RepeatedPosition) || parts.ends.kept.is_some();
    let stuck_moves_stones = stuck_moves_stones(end_rules);
    let kinds = desc.about.pieces.len();
    let shifts = word_shifts::word_shifts(moves, &parts.board, kinds);
    let coincide = match &shifts {
        Some(shifts) => word_shifts::shifts_coincide(moves, shifts),
        None => moves_may_coincide(moves),
    };
    let forbids = !parts.forbidden.rules.is_empty() || moves.iter().any(|r| r.forbidding.is_some());
    let judges_liberties = !coincide && !forbids && picks_judge_liberties(moves);
    let (narrowed, sites_counted) = (moves_narrowed(moves), sites_counted(moves));
    let roll_rule = (moves.iter())
        .position(|r| matches!(r.kind, model::MoveKind::Roll(_)))
        .map(|i| i as u8);
    let no_player_can_move = ends_on(model::EndWhen::NoPlayerCanMove);
    let into_hand = !desc.capture_into_hand.kinds.is_empty();
    let promotion_choice_kinds = (effects.iter())
        .filter(|e| matches!(e.kind, model::EffectKind::Promote { choices, .. } if choices != 0))
        .fold(0, |kinds, e| kinds | e.filter.kinds);
    let steps_counted = !coincide && promotion_choice_kinds == 0 && shifts.is_some();
    let counted = match (sites_counted, steps_counted) {
        (true, _) => model::Counted::Sites,
        (false, true) => model::Counted::Steps,
        (false, false) => model::Counted::ByRules,
    };
    // What keeps the moves listed besides a ban on repetition.
    let listed = forbids
        || ((coincide || narrowed) && counted == model::Counted::ByRules)
        || no_player_can_move
        || roll_rule.is_some();
    let next_to_last =
        |r: &model::MoveRule| (r.filter.next_to).is_some_and(|n| n.what == model::Neighbour::Last);
    let keeps_last = parts.board.pits() == 0
        && (parts.reads(&|e| matches!(e, Expr::Last | Expr::Origin))
            || moves.iter().any(next_to_last));
    let reads_captured = parts.reads(&|e| matches!(e, Expr::Captured));
    let reads_claimed = parts.reads(&|e| matches!(e, Expr::Claimed));
    model::Facts {
        moves_narrowed: narrowed,
        move_goals: moves.iter().any(|r| r.so_that.is_some()),
        moves_may_coincide: coincide,
        counted,
        forbids,
        majority: moves.iter().any(|r| r.filter.most),
        captures_in_line: moves.iter().any(|r| r.kind.captures_in_line()),
        picks_judge_liberties: judges_liberties,
        picks_judge: parts.repetition.forbidden || judges_liberties,
        promotes: has(|k| matches!(k, model::EffectKind::Promote { .. })),
        passing_kinds: passing_kinds(moves),
        unmoved_kinds: unmoved_kinds(moves),
        promotion_choice_kinds,
        moves_again: has(|k| matches!(k, model::EffectKind::Again)),
        keeps_last,
        reads_captured,
        reads_claimed,
        notes_played: keeps_last || reads_captured || reads_claimed,
        roll_rule,
        ends_after_moves: !end_conditions.is_empty()
            || ends_on_repetition
            || stuck_moves_stones
            || parts.ends.clock.is_some(),
        stuck_moves_stones,
        tracks_repetition: parts.repetition.forbidden || ends_on_repetition,
        ends_when_no_player_can_move: no_player_can_move,
        stalemate_loses: goals::stalemate_loses(end_rules),
        captures_into_hand: into_hand,
        always_listed: parts.repetition.forbidden || listed,
        picks_unlisted_under_ban: parts.repetition.forbidden && !listed && !judges_liberties,
        plain_landings: if into_hand { 0 } else { plain_landings(moves) },
        bit_moves: parts.board.has_ray_masks() && !moves.is_empty() && moves.iter().all(by_bits),
        places_only: end_keys::places_only(moves, effects, &parts.start),
        cell_sets: moving_kinds(moves).count_ones() > 1
            || moves.iter().any(|r| r.numbered.is_some()),
    }
}

/// The kinds (a bit each) that rules moving pieces (not placing or removing them) name by
/// `by` ([`Facts::cell_sets`](model::Facts::cell_sets)).
fn moving_kinds(moves: &[model::MoveRule]) -> u64 {
    (moves.iter())
        .filter(|r| {
            !matches!(
                r.kind,
                model::MoveKind::PlacePiece { .. } | model::MoveKind::Remove { .. }
            )
        })
        .filter(|r| r.filter.kinds != model::ALL_KINDS)
        .fold(0, |kinds, r| kinds | r.filter.kinds)
}

/// Whether bit sets find the moves of a rule, and nothing narrows or extends them after
/// ([`Facts::bit_moves`](model::Facts::bit_moves)).
fn by_bits(rule: &model::MoveRule) -> bool {
    let f = &rule.filter;
    rule.found_by_bits()
        && f.then.is_none()
        && !f.capturing
        && f.liberties.is_none()
        && rule.so_that.is_none()
}

/// [`Facts::plain_landings`](model::Facts::plain_landings): the rules of `moves` (of the
/// first 64) whose moves are a piece going from its site to another, or a new one from
/// the supply to a site, and nothing else.
fn plain_landings(moves: &[model::MoveRule]) -> u64 {
    use model::MoveKind as Kind;
    let plain = |r: &model::MoveRule| {
        r.filter.then.is_none()
            && !r.filter.in_passing
            && match &r.kind {
                Kind::Slide { line_capture, .. } => line_capture.is_none(),
                Kind::Jump { mode, chain, .. } => mode.is_none() && *chain != model::Chain::Pieces,
                Kind::Fly { .. } => true,
                Kind::Walk(walk) => walk.taking.is_none() && walk.route().is_none(),
                Kind::PlacePiece { from_hand, .. } => !from_hand,
                Kind::SiteWalk(walk) => {
                    matches!(walk.action, model::WalkAction::Place { from_hand, .. } if !from_hand)
                }
                _ => false,
            }
    };
    (moves.iter().take(64).enumerate())
        .filter(|(_, r)| plain(r))
        .fold(0, |all, (i, _)| all | 1 << i)
}

/// [`Facts::unmoved_kinds`](model::Facts::unmoved_kinds): the kinds that the move rules
/// of `moves` ask to be unmoved.
fn unmoved_kinds(moves: &[model::MoveRule]) -> u64 {
    let kinds = |m: &model::MoveRule| match &m.kind {
        model::MoveKind::Walk(walk) => walk.unmoved_kinds(m.filter.kinds),
        model::MoveKind::Castle { partner, .. } => m.filter.kinds | 1 << partner,
        _ => 0,
    };
    moves.iter().fold(0, |all, m| all | kinds(m))
}

/// [`Facts::passing_kinds`](model::Facts::passing_kinds): the kinds the walks of `moves`
/// take in passing.
fn passing_kinds(moves: &[model::MoveRule]) -> u64 {
    let kinds = |test: &model::SiteTest| match test {
        model::SiteTest::Passed(kinds) => *kinds,
        _ => 0,
    };
    (moves.iter())
        .map(|m| match &m.kind {
            model::MoveKind::Walk(walk) => walk.fold_tests(0, |all, t| all | kinds(t)),
            _ => 0,
        })
        .fold(0, |all, k| all | k)
}

/// The names of the kinds of piece: a tile game's patterns, or the pieces declared.
/// Each kind's worth where the rules give one kind a worth (`piece queen worth 9`), for
/// the estimate; none where they give none.
fn given_worths(desc: &Description) -> Option<Box<[i64]>> {
    (desc.about.piece_worths.iter().any(Option::is_some)).then(|| super::exprs::worths(desc))
}

fn piece_kinds(tiles: Option<&Tiles>, pieces: &[String]) -> Vec<String> {
    match tiles {
        Some(t) => (0..PATTERNS).map(|k| t.pattern_name(k)).collect(),
        None => pieces.to_vec(),
    }
}

/// [`Facts::stuck_moves_stones`](model::Facts::stuck_moves_stones): whether an end rule, when the mover cannot move, compares
/// the stores (the stones left on the board go to their owners first).
fn stuck_moves_stones(end_rules: &[model::EndRule]) -> bool {
    end_rules.iter().any(|r| {
        r.when == model::EndWhen::NoLegalMove
            && matches!(r.result, model::EndResult::StoreMajority { .. })
    })
}

/// [`Tables::attackers`](model::Tables::attackers): whether the test of a site attacked
/// reads `rule`.
fn attacks(rule: &model::MoveRule) -> bool {
    match &rule.kind {
        model::MoveKind::Walk(walk) => walk.attacks(),
        model::MoveKind::Slide { .. } => rule.filter.landing != model::Landing::Empty,
        _ => false,
    }
}

/// [`Tables::walks`](model::Tables::walks): per move rule, its walk laid out in paths
/// where it is made of fixed paths, and reversed where the board's links lead back and the
/// walk [attacks](model::Walk::attacks) (the reversed walk laid out in turn); the shifts of
/// counted steps are added after ([`model::WalkForms::word_shifts`]).
fn walk_forms(
    moves: &[model::MoveRule],
    board: &Board,
    regions: &[Vec<u64>],
) -> Vec<model::WalkForms> {
    let lead_back = board.links_lead_back();
    let in_region =
        |r: u16, s: model::Site| regions[r as usize][s.index() / 64] >> (s.index() % 64) & 1 == 1;
    let forms = |walk: &model::Walk| {
        let reversed = (lead_back && walk.attacks())
            .then(|| walk.reversed())
            .flatten();
        model::WalkForms {
            paths: model::FixedPaths::of(walk, board, in_region),
            reversed_paths: (reversed.as_ref())
                .and_then(|back| model::FixedPaths::of(back, board, in_region)),
            reversed,
            word_shifts: Vec::new(),
            word_sites: None,
        }
    };
    (moves.iter())
        .map(|rule| match &rule.kind {
            model::MoveKind::Walk(walk) => forms(walk),
            _ => model::WalkForms::default(),
        })
        .collect()
}

/// [`Tables::line_masks`](model::Tables::line_masks): the runs of each length that a
/// removal's `if line` or `sparing line` asks for, on a board of at most 64 sites.
fn line_masks(moves: &[model::MoveRule], board: &Board) -> Vec<model::LineMasks> {
    let mut lengths: Vec<u8> = (moves.iter().filter_map(|rule| rule.filter.removal()))
        .flat_map(|removal| [removal.if_line, removal.sparing_line])
        .collect();
    lengths.sort_unstable();
    lengths.dedup();
    lengths
        .into_iter()
        .filter_map(|n| board.line_masks(n))
        .collect()
}

/// [`Tables::runs_walk_back`](model::Tables::runs_walk_back): per effect, whether it takes straight runs on a board whose
/// links lead back.
fn runs_walk_back(effects: &[model::Effect], board: &model::Board) -> Vec<bool> {
    let walk_back = board.links_lead_back();
    effects
        .iter()
        .map(|e| walk_back && e.takes_straight_runs())
        .collect()
}

/// [`Tables::quiet_rules`](model::Tables::quiet_rules): per move rule, what it alone tells of whether its moves may be
/// quiet; none are where an effect promotes or gives another move.
fn quiet_rules(
    moves: &[model::MoveRule],
    promotes: bool,
    moves_again: bool,
) -> Vec<model::QuietRule> {
    let quiet_rule = |rule: &model::MoveRule| match rule.kind {
        _ if promotes || moves_again || rule.kind.captures_in_line() => model::QuietRule::Never,
        _ if rule.kind.takes_passed() => model::QuietRule::Never,
        // A walk whose piece passed over moves on moves two pieces.
        model::MoveKind::Walk(model::Walk {
            taking: Some(model::Taking::Behind),
            ..
        }) => model::QuietRule::Never,
        model::MoveKind::Slide { .. }
        | model::MoveKind::Jump { .. }
        | model::MoveKind::Fly { .. }
        | model::MoveKind::Walk(_) => model::QuietRule::Landing {
            removes: rule.filter.removes_by_part(),
            shoots: rule.filter.placed_by_part().is_some(),
        },
        _ => model::QuietRule::Never,
    };
    moves.iter().map(quiet_rule).collect()
}

/// Whether a move rule is narrowed by a clause, or a pass is a move at will (besides the
/// others, which only listing adds): the moves are then never picked without listing.
fn moves_narrowed(moves: &[model::MoveRule]) -> bool {
    moves.iter().any(|r| {
        (r.filter != model::MoveFilter::default() && !counted_slide_shot(r))
            || r.numbered.is_some()
            || matches!(r.kind, model::MoveKind::Pass { at_will: true })
    })
}

/// Whether `rule` slides then shoots, narrowed by nothing but the kinds that move: its
/// moves are counted slide by slide without listing them.
fn counted_slide_shot(rule: &model::MoveRule) -> bool {
    let slide = matches!(
        rule.kind,
        model::MoveKind::Slide {
            line_capture: None,
            ..
        }
    );
    let shoots = matches!(rule.filter.then, Some(model::SecondPart::Shoot(_)));
    let counted = model::MoveFilter {
        kinds: rule.filter.kinds,
        then: rule.filter.then,
        ..model::MoveFilter::default()
    };
    slide && shoots && rule.filter == counted
}

/// [`model::Counted::Sites`]: whether every move rule places a
/// piece (all of one kind) or removes one, narrowed by no clause but `next to` and `not
/// landing on`, with no `so that` and no `forbidding`.
fn sites_counted(moves: &[model::MoveRule]) -> bool {
    let placed = moves.iter().find_map(|r| r.kind.placed_kind());
    let on_one_site = |r: &model::MoveRule| match r.kind {
        model::MoveKind::PlacePiece { kind, .. } => Some(kind) == placed,
        model::MoveKind::Remove { .. } => true,
        _ => false,
    };
    let plain = |r: &model::MoveRule| {
        let allowed = model::MoveFilter {
            next_to: r.filter.next_to,
            not_landing: r.filter.not_landing,
            ..model::MoveFilter::default()
        };
        r.filter == allowed && r.so_that.is_none() && r.forbidding.is_none()
    };
    !moves.is_empty() && moves.iter().all(|r| on_one_site(r) && plain(r))
}

/// Whether two move rules of the same kind, for the same mover, share a direction (and so
/// can make the same move). A slide and a jump never coincide: a slide's first step is
/// onto an empty site, a jump's onto an enemy piece; nor do the moves of two rules whose
/// pieces (`by`) are of different kinds.
fn moves_may_coincide(moves: &[model::MoveRule]) -> bool {
    let directions = |m: &model::MoveRule| match &m.kind {
        model::MoveKind::PlacePiece { .. }
        | model::MoveKind::Remove { .. }
        | model::MoveKind::SiteWalk(_) => site_class(m),
        model::MoveKind::Slide { directions, .. } => (0, directions.clone()),
        // A walk that takes may make any jump's move.
        model::MoveKind::Walk(walk) if walk.taking.is_some() => (1, (0..RELATIVE_BASE).collect()),
        // A fly, and a walk, may go where any slide goes.
        model::MoveKind::Fly { .. } | model::MoveKind::Walk(_) => (0, (0..RELATIVE_BASE).collect()),
        model::MoveKind::Jump { directions, .. } => (1, directions.clone()),
        // A wall or a line lies on no site: no other rule makes its move.
        model::MoveKind::Wall(_) | model::MoveKind::Side(_) => (3, Vec::new()),
        // Every sowing rule sows from the same pits.
        model::MoveKind::Sow { .. } => (2, vec![0]),
        // Placements are told apart by rule; a second placement rule is listed apart.
        // A castling moves two pieces: no other rule makes its move.
        model::MoveKind::Place { .. }
        | model::MoveKind::Pass { .. }
        | model::MoveKind::Swap
        // A throw and a move along a track are told apart by rule likewise.
        | model::MoveKind::Roll(_)
        | model::MoveKind::Track(_)
        | model::MoveKind::Castle { .. } => (3, Vec::new()),
    };
    moves.iter().enumerate().any(|(i, a)| {
        let (kind_a, dirs_a) = directions(a);
        moves[i + 1..].iter().any(|b| {
            let (kind_b, dirs_b) = directions(b);
            let players = (rule_mover(a), rule_mover(b));
            let one_mover = !matches!(players, (Some(x), Some(y)) if x != y);
            let same_kind = kind_a == kind_b && dirs_a.iter().any(|d| dirs_b.contains(d));
            // A jump chained to any landing may end where a slide, step or other jump does.
            let reach = (reaches(a) && kind_b <= 1) || (reaches(b) && kind_a <= 1);
            // Moves of pieces of kinds no rule shares start from different pieces.
            let apart = kind_a <= 1 && kind_b <= 1 && a.filter.kinds & b.filter.kinds == 0;
            one_mover && (same_kind || reach) && !apart
        })
    })
}

/// The class and directions of a placement or a removal, for [`moves_may_coincide`].
fn site_class(rule: &model::MoveRule) -> (usize, Vec<u8>) {
    match rule.kind.action() {
        // A placement has no origin: it never makes a slide's or a jump's move.
        model::WalkAction::Place { kind, .. } => (4 + kind as usize, vec![0]),
        // A removal has no landing: it never makes any other rule's move.
        model::WalkAction::Remove | model::WalkAction::Move => (3, vec![0]),
    }
}

/// Whether a rule is a jump chained `to any landing` ([`model::Chain::Reach`]).
fn reaches(rule: &model::MoveRule) -> bool {
    matches!(
        rule.kind,
        model::MoveKind::Jump {
            chain: model::Chain::Reach,
            ..
        }
    )
}

/// The player a rule's condition names as the mover, if it names one.
pub(super) fn rule_mover(rule: &model::MoveRule) -> Option<model::Player> {
    match &rule.condition {
        Condition::When(e) => moving_player(e),
        Condition::Always => None,
    }
}

/// `owner[cell]` for `cell_codes` cells of `kinds` kinds of piece: the player owning a
/// piece (0 for the empty cell).
fn owners(cell_codes: usize, kinds: usize) -> Vec<model::Player> {
    let kinds = kinds.max(1);
    (0..cell_codes)
        .map(|c| match c {
            0 => model::Player::FIRST,
            c => model::Player::new((c - 1) / kinds).expect("a cell of one of the players"),
        })
        .collect()
}
