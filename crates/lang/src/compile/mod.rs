//! Compilation: a checked description plus a configuration (parameter and option values)
//! becomes a [`Game`]: the board's tables built, regions turned into site lists, every
//! condition that depends only on the configuration folded away, hash keys drawn.

use crate::check::{Conditional, Description, TExpr};
use crate::diag::{Diagnostic, Span};
use rulebook_model::tiles::PATTERNS;
use rulebook_model::{self as model, Board, Condition, Game, Zobrist};

mod board;
mod chains;
mod config;
mod derived;
mod effects;
mod end_keys;
mod ends;
mod exprs;
mod goals;
mod moves;
mod regions;
mod setup;
mod sow_plan;
mod sowing;
mod tiles;

pub use config::Config;
use derived::{moves_may_coincide, moves_narrowed, owners, quiet_rules, runs_walk_back};
use ends::{estimate, Ends};
use exprs::Value;

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
