//! Compilation: a checked description plus a configuration (parameter and option values)
//! becomes a [`Game`]: the board's tables built, regions turned into site lists, every
//! condition that depends only on the configuration folded away, hash keys drawn.

use crate::check::{
    CaptureFilterDecl, Conditional, Description, EffectDecl, MoveDecl, RunDecl, TExpr,
};
use crate::diag::{Diagnostic, Span};
use rulebook_model::board::MAX_GRID_SIDE;
use rulebook_model::board::{RELATIVE_BASE, RELATIVE_DIRECTIONS};
use rulebook_model::tiles::PATTERNS;
use rulebook_model::{self as model, Board, Condition, Expr, Game, Op, PlayerRef, Site, Zobrist};

mod board;
mod chains;
mod config;
mod end_keys;
mod exprs;
mod goals;
mod regions;
mod setup;
mod sow_plan;
mod sowing;
mod tiles;

pub use config::Config;
use exprs::{to_runtime, Value};

/// The most pits per player on a mancala board.
pub const MAX_PITS: i64 = 32;

/// The most stones per pit at the start.
pub const MAX_STONES_PER_PIT: i64 = 100;
/// The most sites that conditions over regions nested inside each other may look at in
/// one evaluation (the board's sites to the power of the depth), so that no condition
/// costs more than a bounded amount of work.
pub const MAX_QUANTIFIED_SITES: u64 = 1 << 16;

/// The most moves back a ban on repetition `within N` may look.
pub const MAX_WITHIN: i64 = 1000;

/// The end rules kept for these settings, with their conditions on the position and where
/// each condition is written.
#[derive(Default)]
struct Ends {
    rules: Vec<model::EndRule>,
    labels: Vec<Option<String>>,
    conditions: Vec<Expr>,
    sources: Vec<model::RuleSource>,
}

struct Compiler<'a> {
    desc: &'a Description,
    config: &'a Config,
    board: Option<Board>,
    /// The regions expressions count pieces in, as bit masks ([`Expr::PiecesIn`]).
    regions: Vec<Vec<u64>>,
    errors: Vec<Diagnostic>,
    /// While a score's condition is folded: the player scored, whom `mover` names.
    scored: Option<model::Player>,
    /// Whose `forward` a region relative to the mover (`side(forward)`) faces.
    seat: Seat,
    /// Set when a region relative to the mover was met while [`Seat::Asked`].
    seat_needed: bool,
}

/// Whose directions a region relative to the mover (`side(forward)`) is read by, while a
/// part of the game is compiled.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Seat {
    /// Nobody's: the part has no mover (a board, a ban on repetition).
    Nobody,
    /// A rule that is compiled once, unless it turns out to need a player.
    Asked,
    /// This player's.
    Of(model::Player),
}

/// A set of kinds of piece (bit `k` for kind `k`); none given: every kind.
fn kind_set(kinds: Option<&[usize]>) -> u64 {
    match kinds {
        None => model::ALL_KINDS,
        Some(kinds) => kinds.iter().fold(0, |set, &k| set | 1 << k),
    }
}

/// [`Game::runs_walk_back`]: per effect, whether it takes straight runs on a board whose
/// links lead back.
fn runs_walk_back(effects: &[model::Effect], board: &model::Board) -> Vec<bool> {
    let walk_back = board.links_lead_back();
    effects
        .iter()
        .map(|e| walk_back && e.takes_straight_runs())
        .collect()
}

/// [`Game::quiet_rules`]: per move rule, what it alone tells of whether its moves may be
/// quiet; none are where an effect promotes or gives another move.
fn quiet_rules(
    moves: &[model::MoveRule],
    promotes: bool,
    moves_again: bool,
) -> Vec<model::QuietRule> {
    let quiet_rule = |rule: &model::MoveRule| match rule.kind {
        _ if promotes || moves_again || rule.filter.line_capture.is_some() => {
            model::QuietRule::Never
        }
        model::MoveKind::Slide { .. }
        | model::MoveKind::Jump { mode: None, .. }
        | model::MoveKind::Fly { .. } => model::QuietRule::Landing {
            removes: rule.filter.removal.is_some(),
            shoots: rule.filter.shot.is_some(),
        },
        _ => model::QuietRule::Never,
    };
    moves.iter().map(quiet_rule).collect()
}

/// Whether a move rule is narrowed by a clause, or a pass is a move at will (besides the
/// others, which only listing adds): the moves are then never picked without listing.
fn moves_narrowed(moves: &[model::MoveRule]) -> bool {
    moves.iter().any(|r| {
        r.filter != model::MoveFilter::default()
            || matches!(r.kind, model::MoveKind::Pass { at_will: true })
    })
}

/// Where a rule was written, with its label (the pipeline adds its place and text).
fn rule_source(span: Span, label: &Option<String>) -> model::RuleSource {
    model::RuleSource {
        label: label.clone(),
        file: span.file.0,
        start: span.start,
        end: span.end,
        ..model::RuleSource::default()
    }
}

/// Compiles a description with a configuration.
pub fn compile(desc: &Description, config: &Config) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Compiler {
        desc,
        config,
        board: None,
        regions: Vec::new(),
        errors: Vec::new(),
        scored: None,
        seat: Seat::Nobody,
        seat_needed: false,
    };
    let game = c.run();
    match game {
        Some(g) if c.errors.is_empty() => Ok(g),
        _ => Err(c.errors),
    }
}

impl Compiler<'_> {
    fn run(&mut self) -> Option<Game> {
        let desc = self.desc;
        self.board = Some(self.build_board()?);
        self.shape_grid()?;
        let stones = match &desc.stones {
            Some(e) => {
                self.bounded(e, 1, MAX_STONES_PER_PIT, "the number of stones per pit")? as u16
            }
            None => 0,
        };
        let setup = self.setup();
        let (stock, stocked) = self.stock();
        let moves = self.moves();
        let moves: Vec<model::MoveRule> = moves
            .into_iter()
            .flat_map(|rule| self.per_player(rule))
            .collect();
        let moves_narrowed = moves_narrowed(&moves);
        let move_goals = moves.iter().any(|r| r.so_that.is_some());
        let moves_may_coincide = moves_may_coincide(&moves);
        let (effects, effect_sources) = self.effects();
        let has = |kind: fn(&model::EffectKind) -> bool| effects.iter().any(|e| kind(&e.kind));
        let promotes = has(|k| matches!(k, model::EffectKind::Promote { .. }));
        let moves_again = has(|k| matches!(k, model::EffectKind::Again));
        let majority = moves.iter().any(|r| r.filter.most);
        let piece_bits = self.piece_bits(&moves);
        let (forbid_repetition, repetition) = match &desc.forbid_repetition {
            None => (false, model::Repetition::default()),
            Some(f) => (self.condition(f).is_some(), self.repetition(&f.rule)?),
        };
        let Ends {
            rules: end_rules,
            labels: end_labels,
            conditions: end_conditions,
            sources: end_condition_sources,
        } = self.ends();
        let (after_sow, sow_sources): (Vec<model::SowRule>, Vec<model::RuleSource>) = desc
            .after_sow
            .iter()
            .filter_map(|r| Some((self.sow_rule(r)?, rule_source(r.span, &r.label))))
            .unzip();
        let tiles = self.tiles();
        let score_expr = self.score();
        let settings = self.settings();
        let board = self.board.take()?;
        let runs_walk_back = runs_walk_back(&effects, &board);
        let quiet_rules = quiet_rules(&moves, promotes, moves_again);
        let ends_on_repetition = end_rules
            .iter()
            .any(|r| r.when == model::EndWhen::RepeatedPosition);
        let stuck_moves_stones = end_rules.iter().any(|r| {
            r.when == model::EndWhen::NoLegalMove
                && matches!(r.result, model::EndResult::StoreMajority { .. })
        });
        let players = desc.players.len();
        let total_stones = stones as usize * board.pits() as usize * players;
        let sow_plan = sow_plan::sow_plan(&after_sow, &board, players, total_stones);
        let end_condition_sites = end_keys::end_keys(&end_conditions, &board, players);
        let piece_kinds: Vec<String> = match &tiles {
            Some(t) => (0..PATTERNS).map(|k| t.pattern_name(k)).collect(),
            None => desc.pieces.clone(),
        };
        let cell_codes = 1 + players * piece_kinds.len();
        Some(Game {
            name: desc.name.clone(),
            preset: self.config.preset.clone(),
            settings,
            players: desc.players.clone(),
            owner: owners(cell_codes, piece_kinds.len()),
            piece_kinds,
            tiles,
            mark_name: desc.mark_name.clone(),
            score: score_expr.clone(),
            zobrist: Zobrist::new(board.sites(), cell_codes, players, total_stones)
                .with_hands(stock.len()),
            stock,
            stocked,
            stones,
            after_sow,
            sow_plan,
            sow_sources,
            goals: goals::goals(&end_rules, &end_conditions, &self.regions, &board),
            board,
            setup,
            moves,
            moves_may_coincide,
            effects,
            effect_sources,
            forbid_repetition,
            repetition,
            runs_walk_back,
            quiet_rules,
            promotes,
            moves_again,
            majority,
            piece_bits,
            moves_narrowed,
            move_goals,
            ends_after_moves: !end_conditions.is_empty()
                || ends_on_repetition
                || stuck_moves_stones,
            empty_row_end: end_rules
                .iter()
                .find(|r| r.when == model::EndWhen::EmptyRow)
                .copied(),
            stuck_moves_stones,
            tracks_repetition: forbid_repetition || ends_on_repetition,
            ends_when_no_player_can_move: end_rules
                .iter()
                .any(|r| r.when == model::EndWhen::NoPlayerCanMove),
            estimate: estimate(score_expr.as_ref(), &end_rules),
            stalemate_loses: goals::stalemate_loses(&end_rules),
            end_rules,
            end_labels,
            end_condition_sites,
            end_conditions,
            end_condition_sources,
            regions: std::mem::take(&mut self.regions),
        })
    }

    /// The effects after a move, with where each is written.
    fn effects(&mut self) -> (Vec<model::Effect>, Vec<model::RuleSource>) {
        let desc = self.desc;
        let labels = desc.effect_labels.iter().chain(std::iter::repeat(&None));
        let mut out = (Vec::new(), Vec::new());
        for (e, label) in desc.effects.iter().zip(labels) {
            for (seat, effect) in self.per_seat(|c| c.effect(e)) {
                if let Some(condition) = seated_condition(&effect.condition, seat) {
                    out.0.push(model::Effect {
                        condition,
                        ..effect
                    });
                    out.1.push(rule_source(e.span, label));
                }
            }
        }
        out
    }

    /// The end rules as written, with their short names, but for those whose condition on
    /// the position can never hold with these settings (`end when aim == five and ...`
    /// where `aim` is not `five`); and the conditions on the position of those kept, in the
    /// order of [`model::EndWhen::Position`]'s index (one folded to true stays, as 1), with
    /// where each is written.
    fn ends(&mut self) -> Ends {
        let desc = self.desc;
        let mut ends = Ends::default();
        for e in &desc.end {
            let Some(c) = e.condition.as_ref() else {
                ends.rules.push(model::EndRule {
                    when: e.when,
                    result: e.result,
                });
                ends.labels.push(e.label.clone());
                continue;
            };
            let folded = self.per_seat(|compiler| match compiler.fold(c)? {
                Value::Runtime(x) => {
                    compiler.reachable_thresholds(&x, c.span);
                    Some(Condition::When(x))
                }
                Value::Bool(true) => Some(Condition::Always),
                _ => None,
            });
            for (seat, condition) in folded {
                let condition = match seated_condition(&condition, seat) {
                    Some(Condition::When(x)) => x,
                    Some(Condition::Always) => Expr::Const(1),
                    None => continue,
                };
                ends.rules.push(model::EndRule {
                    when: model::EndWhen::Position(ends.conditions.len() as u8),
                    result: e.result,
                });
                ends.labels.push(e.label.clone());
                ends.conditions.push(condition);
                ends.sources.push(rule_source(c.span, &None));
            }
        }
        ends
    }

    /// Refuses a comparison of a line's length or a count of pieces with a number no
    /// position of this board can reach (`line(mover) >= 9` on 8 x 8): such an end could
    /// never come.
    fn reachable_thresholds(&mut self, e: &Expr, span: Span) {
        let board = self.board();
        let (longest, sites) = (board.width.max(board.height) as i64, board.sites() as i64);
        let most = |x: &Expr| match x {
            Expr::Line(..) => Some((longest, "a line on this board is at most")),
            Expr::Pieces(_) | Expr::PiecesIn(..) => Some((sites, "a player has at most")),
            _ => None,
        };
        if let Expr::Binary(op @ (Op::Ge | Op::Gt | Op::Eq), a, b) = e {
            if let (Some((max, what)), Expr::Const(v)) = (most(a), b.as_ref()) {
                let needed = if *op == Op::Gt { v + 1 } else { *v };
                if needed > max {
                    let unit = if what.starts_with("a line") {
                        "long"
                    } else {
                        "pieces"
                    };
                    let d = Diagnostic::error(
                        format!("this can never hold: {what} {max} {unit}, not {needed}"),
                        span,
                    )
                    .with_help("lower the threshold, or the board is smaller than meant");
                    let d = self.with_config(d);
                    self.errors.push(d);
                    return;
                }
            }
        }
        for x in e.operands() {
            self.reachable_thresholds(x, span);
        }
    }

    /// The move rules whose conditions can hold in this configuration.
    fn moves(&mut self) -> Vec<model::MoveRule> {
        let desc = self.desc;
        let mut rules = Vec::new();
        for m in &desc.moves {
            for (seat, rule) in self.per_seat(|c| c.move_rule(m)) {
                if let Some(condition) = seated_condition(&rule.condition, seat) {
                    rules.push(model::MoveRule { condition, ..rule });
                }
            }
        }
        rules
    }

    /// Compiles a rule by `compile`, once; or, where it reads a region relative to the
    /// mover (`side(forward)`), once for each player, each returned with the player it was
    /// compiled for (whose condition [`seated_condition`] then narrows to that player).
    /// An error found in several passes is reported once.
    fn per_seat<T>(
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
            for player in model::Player::all().take(self.desc.players.len()) {
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
        let players = self.desc.players.len();
        let by_pieces = self.chains_by_pieces();
        let condition = self.condition(m)?;
        let kind = match &m.rule.shape {
            MoveDecl::Slide {
                directions,
                max_length,
            } => {
                // Relative directions get theirs per player (`per_player`).
                let (rising, falling) = directions
                    .iter()
                    .filter(|&&d| d < RELATIVE_BASE)
                    .partition(|&&d| self.board().ascends(d));
                let max_length = match max_length {
                    None => model::UNLIMITED,
                    Some(m) => self.bounded(m, 1, MAX_GRID_SIDE, "the longest slide")? as u16,
                };
                model::MoveKind::Slide {
                    directions: directions.clone(),
                    rising,
                    falling,
                    max_length,
                }
            }
            MoveDecl::Jump {
                directions,
                flying,
                over,
                mode,
                chain,
            } => model::MoveKind::Jump {
                directions: directions.clone(),
                flying: *flying,
                over: *over,
                mode: *mode,
                chain: self.jump_chain(*chain, directions, by_pieces, m.span)?,
            },
            MoveDecl::Remove { region } => model::MoveKind::Remove {
                region: match region {
                    Some(r) => Some(self.nonempty_region(r, "where pieces are removed")?),
                    None => None,
                },
            },
            MoveDecl::PlacePiece { kind, region } => model::MoveKind::PlacePiece {
                kind: *kind as u8,
                from_hand: self.desc.stock.iter().any(|s| s.piece == *kind),
                region: match region {
                    Some(r) => Some(self.nonempty_region(r, "where pieces are placed")?),
                    None => self.points_on_board(),
                },
            },
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
            MoveDecl::Fly => model::MoveKind::Fly {
                region: self.points_on_board(),
            },
        };
        let filter = self.move_filter(&m.rule)?;
        let so_that = match &m.rule.so_that {
            Some(e) => Some(to_runtime(self.fold(e)?)?),
            None => None,
        };
        Some(model::MoveRule {
            kind,
            filter,
            condition,
            so_that,
        })
    }

    /// What narrows a move rule: its clauses, with their regions compiled.
    fn move_filter(&mut self, rule: &crate::check::MoveRuleDecl) -> Option<model::MoveFilter> {
        let mut region = |r: &Option<TExpr>| match r {
            Some(r) => self.region_index(r).map(Some),
            None => Some(None),
        };
        let (not_landing, avoiding) = (region(&rule.not_landing)?, region(&rule.avoiding)?);
        Some(model::MoveFilter {
            kinds: kind_set(rule.by.as_deref()),
            not_landing,
            avoiding,
            capturing: rule.capturing,
            next_to: rule.next_to,
            landing: rule.landing,
            compulsory: rule.compulsory,
            most: rule.most,
            shot: rule.shot,
            line_capture: rule.line_capture,
            liberties: rule.liberties,
            removal: match &rule.removal {
                Some(r) => Some(self.removal(r)?),
                None => None,
            },
        })
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
    fn per_player(&self, rule: model::MoveRule) -> Vec<model::MoveRule> {
        let directions = match &rule.kind {
            model::MoveKind::Slide { directions, .. }
            | model::MoveKind::Jump { directions, .. } => directions.clone(),
            _ => return vec![rule],
        };
        if directions.iter().all(|&d| d < RELATIVE_BASE) {
            return vec![rule];
        }
        let board = self.board();
        model::Player::all()
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
                    _ => unreachable!("only slides and jumps have directions"),
                }
                Some(model::MoveRule {
                    kind,
                    filter: rule.filter,
                    condition,
                    so_that: rule.so_that.clone(),
                })
            })
            .collect()
    }

    /// Whether the game's `chained` jumps are recorded by the pieces they jump
    /// ([`model::Chain::Pieces`]): when one of them flies, or a promotion hands a chain on
    /// to the new kind (`at once`).
    fn chains_by_pieces(&self) -> bool {
        let desc = self.desc;
        desc.moves.iter().any(|m| {
            matches!(
                m.rule.shape,
                MoveDecl::Jump {
                    flying: true,
                    chain: model::Chain::Turning,
                    ..
                }
            )
        }) || desc.effects.iter().any(|e| {
            matches!(
                e.rule,
                EffectDecl::Promote {
                    mid_chain: model::MidChain::GoOn,
                    ..
                }
            )
        })
    }

    /// How the game's chains recorded by their pieces name them (nothing when it has
    /// none).
    fn piece_bits(&self, moves: &[model::MoveRule]) -> model::PieceBits {
        let by_pieces = |r: &model::MoveRule| {
            matches!(
                r.kind,
                model::MoveKind::Jump {
                    chain: model::Chain::Pieces,
                    ..
                }
            )
        };
        match moves.iter().any(by_pieces) {
            true => chains::piece_bits(self.board(), &self.chained_directions()),
            false => model::PieceBits::default(),
        }
    }

    /// The absolute directions of every `chained` jump of the game, for both players.
    fn chained_directions(&self) -> Vec<u8> {
        let mut all: Vec<u8> = Vec::new();
        for m in &self.desc.moves {
            if let MoveDecl::Jump {
                directions,
                chain: model::Chain::Turning,
                ..
            } = &m.rule.shape
            {
                for player in model::Player::all() {
                    all.extend(absolute_directions(directions, player));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        all
    }

    /// How a jump goes on: a `chained` jump's sequences are recorded by their directions, or
    /// (`by_pieces`) by the pieces they jump; either must fit in a move on this board (an
    /// error if not).
    fn jump_chain(
        &mut self,
        chain: model::Chain,
        directions: &[u8],
        by_pieces: bool,
        span: Span,
    ) -> Option<model::Chain> {
        match (chain, by_pieces) {
            (model::Chain::Turning, true) => {
                let bits = chains::piece_bits(self.board(), &self.chained_directions());
                let most = bits.sites.iter().map(Vec::len).max().unwrap_or(0);
                if most <= 64 {
                    return Some(model::Chain::Pieces);
                }
                let d = Diagnostic::error(
                    format!(
                        "a chain of these jumps could jump any of {most} pieces on this board; a move records at most 64"
                    ),
                    span,
                )
                .with_note("where a chain flies or a piece is promoted `at once`, a move records the pieces its jumps pass over, among the sites a chain from its start could jump")
                .with_help("use a smaller board, or fewer directions");
                self.errors.push(self.with_config(d));
                None
            }
            (model::Chain::TurningAtWill, true) => {
                let d = Diagnostic::error(
                    "a chain that may stop at will cannot go on in a game where chains are recorded by their pieces",
                    span,
                )
                .with_note("a chain flies or a piece is promoted `at once` in this game, so its chains are recorded by the pieces they jump")
                .with_help("write `chained` (played to its end), or leave out `flying` and `at once`");
                self.errors.push(self.with_config(d));
                None
            }
            (model::Chain::Turning | model::Chain::TurningAtWill, false) => {
                self.chains_fit(directions, span)?;
                Some(chain)
            }
            _ => Some(chain),
        }
    }

    /// Whether the chains of a `chained` jump along `directions` (for each player, when
    /// some are relative to the mover) fit in a move on this board; an error if not.
    fn chains_fit(&mut self, directions: &[u8], span: Span) -> Option<()> {
        let too_long = model::Player::all().find_map(|player| {
            let absolute = absolute_directions(directions, player);
            chains::fits(self.board(), &absolute)
                .err()
                .map(|legs| (legs, absolute.len()))
        });
        let Some((legs, count)) = too_long else {
            return Some(());
        };
        let d = Diagnostic::error(
            format!(
                "a chain of these jumps could make {legs} jumps on this board; a move along {count} directions holds at most {}",
                model::max_chain_legs(count)
            ),
            span,
        )
        .with_help("use a smaller board, or fewer directions, or `chained straight`");
        self.errors.push(self.with_config(d));
        None
    }

    /// What narrows a capture, compiled.
    fn capture_filter(&mut self, f: &CaptureFilterDecl) -> Option<model::CaptureFilter> {
        let standing = match &f.standing {
            None => None,
            Some((inside, r)) => {
                let Value::Region(sites) = self.fold(r)? else {
                    return None;
                };
                let sites: Vec<Site> = match inside {
                    true => sites,
                    false => Site::all(self.board().sites())
                        .filter(|s| !sites.contains(s))
                        .collect(),
                };
                Some(self.region_mask(&sites))
            }
        };
        let hostile = match &f.against {
            Some(r) => Some(self.nonempty_region(r, "the hostile sites")?),
            None => None,
        };
        Some(model::CaptureFilter {
            kinds: kind_set(f.of.as_deref()),
            standing,
            hostile,
        })
    }

    /// An effect, unless its condition is false in this configuration.
    fn effect(&mut self, e: &Conditional<EffectDecl>) -> Option<model::Effect> {
        let condition = self.condition(e)?;
        let (run, turning_once, (min_length, max_length), mode, filter) = match &e.rule {
            EffectDecl::Again => {
                return Some(model::Effect {
                    kind: model::EffectKind::Again,
                    filter: model::CaptureFilter::default(),
                    condition,
                })
            }
            EffectDecl::Promote {
                from,
                to,
                region,
                mid_chain,
            } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Promote {
                        to: *to as u8,
                        region: self.nonempty_region(region, "where pieces are promoted")?,
                        mid_chain: *mid_chain,
                    },
                    filter: model::CaptureFilter {
                        kinds: kind_set(from.as_deref()),
                        ..model::CaptureFilter::default()
                    },
                    condition,
                })
            }
            EffectDecl::Custodian {
                run,
                turning_once,
                min_length,
                max_length,
                mode,
                filter,
            } => (run, turning_once, (min_length, max_length), mode, filter),
            EffectDecl::Groups { directions, mode } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Groups {
                        directions: directions.iter().fold(0, |bits, &d| bits | 1 << d),
                        mode: *mode,
                    },
                    filter: model::CaptureFilter::default(),
                    condition,
                })
            }
            EffectDecl::Enclosed {
                directions,
                mode,
                filter,
            } => {
                return Some(model::Effect {
                    kind: model::EffectKind::Enclosed {
                        directions: directions.clone(),
                        mode: *mode,
                    },
                    filter: self.capture_filter(filter)?,
                    condition,
                })
            }
        };
        let shape = match run {
            RunDecl::Lines(d) => model::RunShape::Lines(d.clone()),
            RunDecl::Path(name) => {
                if self.board().removed_points().next().is_some() {
                    let d = Diagnostic::error(
                        format!("a board without some of its points has no path `{name}`"),
                        e.span,
                    )
                    .with_help("the points it is without cut the grid's perimeter");
                    self.errors.push(d);
                    return None;
                }
                model::RunShape::Path(self.board().path(name)?)
            }
        };
        let min_length_expr = min_length.as_ref();
        let max_length = self.run_length(max_length.as_ref(), u16::MAX, "longest")?;
        let min_length = self.run_length(min_length_expr, 1, "shortest")?;
        if let (Some(e), true) = (min_length_expr, min_length > max_length) {
            self.errors.push(Diagnostic::error(
                format!("the shortest run captured, {min_length}, is longer than the longest, {max_length}"),
                e.span,
            ));
            return None;
        }
        Some(model::Effect {
            kind: model::EffectKind::Custodian {
                shape,
                turning_once: *turning_once,
                min_length,
                max_length,
                mode: *mode,
            },
            filter: self.capture_filter(filter)?,
            condition,
        })
    }

    /// A custodian capture's `min` or `max` (`which`: "shortest" or "longest"), at least
    /// 1; `unset` when not written.
    fn run_length(&mut self, e: Option<&TExpr>, unset: u16, which: &str) -> Option<u16> {
        let Some(e) = e else {
            return Some(unset);
        };
        match self.fold(e)? {
            Value::Int(v) if v >= 1 => Some(v.min(u16::MAX as i64) as u16),
            Value::Int(v) => {
                self.errors.push(Diagnostic::error(
                    format!("the {which} run must be at least 1, not {v}"),
                    e.span,
                ));
                None
            }
            _ => None,
        }
    }

    /// Each player's score: the first score whose condition holds in this configuration
    /// with that player as the mover; one expression where both players have the same.
    fn score(&mut self) -> Option<Expr> {
        let desc = self.desc;
        let mut chosen = [None, None];
        for (player, chosen) in model::Player::all().zip(&mut chosen) {
            self.scored = Some(player);
            *chosen = (0..desc.scores.len()).find(|&i| self.condition(&desc.scores[i]).is_some());
            self.scored = None;
        }
        let expr = |c: &mut Self, i: usize| to_runtime(c.fold(&desc.scores[i].rule)?);
        match chosen {
            [None, None] => None,
            // One statement for both, unless it reads a region relative to the mover.
            [Some(a), Some(b)] if a == b => {
                let seated = self.per_seat(|c| expr(c, a));
                let mut per = seated.into_iter().map(|(_, e)| e);
                match (per.next(), per.next()) {
                    (Some(e), None) => Some(e),
                    (Some(first), Some(second)) => Some(Expr::PerMover(Box::new([first, second]))),
                    _ => None,
                }
            }
            [a, b] => {
                let mut per = |i: Option<usize>, player| match i {
                    None => Some(Expr::Const(0)),
                    Some(i) => {
                        self.seat = Seat::Of(player);
                        let e = expr(self, i);
                        self.seat = Seat::Nobody;
                        e
                    }
                };
                let first = per(a, model::Player::FIRST)?;
                Some(Expr::PerMover(Box::new([
                    first,
                    per(b, model::Player::SECOND)?,
                ])))
            }
        }
    }

    /// The ban on repetition's reading: what a position is, and how many moves back it
    /// looks (`within N`, 1 to [`MAX_WITHIN`]).
    fn repetition(&mut self, f: &crate::check::ForbidDecl) -> Option<model::Repetition> {
        let within = match &f.within {
            Some(n) => self.bounded(n, 1, MAX_WITHIN, "how many moves back the ban looks")?,
            None => 0,
        };
        Some(model::Repetition {
            positional: f.ignoring_turn,
            within: within as u32,
        })
    }

    fn board(&self) -> &Board {
        self.board
            .as_ref()
            .expect("the board is built before anything that reads it")
    }

    /// A number from the configuration that must lie in `min..=max`.
    fn bounded(&mut self, e: &TExpr, min: i64, max: i64, what: &str) -> Option<i64> {
        match self.fold(e)? {
            Value::Int(v) if (min..=max).contains(&v) => Some(v),
            Value::Int(v) => {
                let d = self.with_config(Diagnostic::error(
                    format!("{what} would be {v}; it must be between {min} and {max}"),
                    e.span,
                ));
                self.errors.push(d);
                None
            }
            _ => None,
        }
    }

    /// The diagnostic with a note of the parameter values it arose under, if there are any.
    fn with_config(&self, d: Diagnostic) -> Diagnostic {
        let s: Vec<String> = self
            .settings()
            .iter()
            .map(|s| format!("{}={}", s.name, s.value))
            .collect();
        if s.is_empty() {
            d
        } else {
            d.with_note(format!("with {}", s.join(", ")))
        }
    }

    /// The condition of a rule: `None` when it is false for this configuration.
    fn condition<T>(&mut self, rule: &Conditional<T>) -> Option<Condition> {
        match &rule.condition {
            None => Some(Condition::Always),
            Some(e) => match self.fold(e)? {
                Value::Bool(true) => Some(Condition::Always),
                Value::Bool(false) => None,
                Value::Runtime(x) => Some(Condition::When(x)),
                _ => None,
            },
        }
    }
}

/// Whether two move rules of the same kind, for the same mover, share a direction (and so
/// can make the same move). A slide and a jump never coincide: a slide's first step is
/// onto an empty site, a jump's onto an enemy piece.
fn moves_may_coincide(moves: &[model::MoveRule]) -> bool {
    let directions = |m: &model::MoveRule| match &m.kind {
        model::MoveKind::Slide { directions, .. } => (0, directions.clone()),
        // A fly may go where any slide goes.
        model::MoveKind::Fly { .. } => (0, (0..8).collect()),
        model::MoveKind::Jump { directions, .. } => (1, directions.clone()),
        // A placement has no origin: it never makes a slide's or a jump's move.
        model::MoveKind::PlacePiece { kind, .. } => (4 + *kind as usize, vec![0]),
        // A removal has no landing: it never makes any other rule's move.
        model::MoveKind::Remove { .. } => (3, vec![0]),
        // Every sowing rule sows from the same pits.
        model::MoveKind::Sow { .. } => (2, vec![0]),
        // Placements are told apart by rule; a second placement rule is listed apart.
        model::MoveKind::Place { .. } | model::MoveKind::Pass { .. } | model::MoveKind::Swap => {
            (3, Vec::new())
        }
    };
    moves.iter().enumerate().any(|(i, a)| {
        let (kind_a, dirs_a) = directions(a);
        moves[i + 1..].iter().any(|b| {
            let (kind_b, dirs_b) = directions(b);
            let players = (rule_mover(a), rule_mover(b));
            let one_mover = !matches!(players, (Some(x), Some(y)) if x != y);
            kind_a == kind_b && one_mover && dirs_a.iter().any(|d| dirs_b.contains(d))
        })
    })
}

/// The player a rule's condition names as the mover, if it names one.
fn rule_mover(rule: &model::MoveRule) -> Option<model::Player> {
    match &rule.condition {
        Condition::When(e) => moving_player(e),
        Condition::Always => None,
    }
}

/// The player a condition names as the mover: `mover == PLAYER` (either way round), alone
/// or as a term of an `and`.
fn moving_player(e: &Expr) -> Option<model::Player> {
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
fn seated_condition(condition: &Condition, seat: Option<model::Player>) -> Option<Condition> {
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
fn absolute_directions(directions: &[u8], player: model::Player) -> Vec<u8> {
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

/// A player's standing in an unfinished game, from what decides a finished one: the score
/// where there is one, the player's store where an end rule compares stores, else the
/// player's pieces.
fn estimate(score: Option<&Expr>, end_rules: &[model::EndRule]) -> Expr {
    let mover = || Box::new(Expr::Player(PlayerRef::Mover));
    let compares_stores = end_rules
        .iter()
        .any(|r| matches!(r.result, model::EndResult::StoreMajority { .. }));
    match score {
        Some(score) => score.clone(),
        None if compares_stores => Expr::Count(Box::new(Expr::Store(mover()))),
        None => Expr::Pieces(PlayerRef::Mover),
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
