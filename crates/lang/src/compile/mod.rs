//! Compilation: a checked description plus a configuration (parameter and option values)
//! becomes a [`Game`]: the board's tables built, regions turned into site lists, every
//! condition that depends only on the configuration folded away, hash keys drawn.
//!
//! The passes run in order (`Compiler::run`), each in a module of its own: `settings` (the
//! values of the parameters and options), `board` (the board and its shape), `setup` (the
//! pieces and stones at the start), `moves` (the move rules, once per player where they
//! read the mover's directions) with `chains` (chained jumps), `effects` (after a move),
//! `ends` (the end rules, the ban on repetition, the score), `sowing` (a sowing's track
//! and the rules after sowing) and `tiles`. Every pass folds its expressions through
//! `exprs` and reads regions through `regions`. Last, `derived` makes the game of the
//! parts, with the facts that play reads from them, among them the tables of `sow_plan`,
//! `end_keys`, `goals` and `rows`.

use crate::check::{Conditional, Description, TExpr};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::{self as model, Board, Condition, Game};

mod board;
mod chains;
mod chance;
mod derived;
mod effects;
mod end_keys;
mod ends;
mod exprs;
mod goals;
mod guard;
mod moves;
mod regions;
mod rows;
mod settings;
mod setup;
mod sow_plan;
mod sowing;
mod tiles;
mod turns;
mod walks;
mod word_shifts;

pub use walks::{
    castle_walk, chain_walk, fly_walk, flying_jump_walk, jump_walk, line_capture_walk,
    part_routine, piece_chain_walk, reach_walk, removal_walk, routine, shot_walk, site_walk,
    slide_walk,
};

use derived::{BuiltTables, Parts, Sourced};
use exprs::Value;
pub use settings::Settings;

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

/// The state of one compilation, which the passes share.
struct Compiler<'a> {
    /// What is compiled.
    desc: &'a Description,
    /// The values it is compiled with.
    settings: &'a Settings,
    /// The board, once the first pass has built it.
    board: Option<Board>,
    /// The regions expressions count pieces in, as bit masks
    /// ([`rulebook_model::Expr::PiecesIn`]).
    regions: Vec<Vec<u64>>,
    /// The turns of the rules with `then rotate` ([`rulebook_model::Tables::turns`]).
    turns: Vec<model::Turns>,
    /// The walks of the rules' second parts ([`rulebook_model::Tables::parts`]).
    parts: Vec<model::Walk>,
    /// The errors found so far, in the order found.
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
pub fn compile(desc: &Description, settings: &Settings) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Compiler {
        desc,
        settings,
        board: None,
        regions: Vec::new(),
        turns: Vec::new(),
        parts: Vec::new(),
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
    /// The passes, in order: the board (which every later pass reads) and its shape, what
    /// the game starts with, the moves (one rule per player where directions are the
    /// mover's), the effects after a move, the ban on repetition, the ends, the rules
    /// after sowing, the tiles and the score; then the game, with the facts derived from
    /// them. `None` when an error stops the passes.
    fn run(&mut self) -> Option<Game> {
        self.board = Some(self.build_board()?);
        self.shape_grid()?;
        self.named_paths()?;
        let stones = self.stones_per_pit()?;
        let (setup, stacks) = self.setup();
        let (stock, stocked) = self.stock();
        let stacking = (self.desc.about.piece_stacked.iter().enumerate())
            .fold(0u64, |bits, (k, &s)| bits | u64::from(s) << k);
        let on_board = setup.len() + stacks.iter().map(|&n| n as usize).sum::<usize>();
        self.hands_hold_every_piece(on_board, &stock);
        let moves = self.moves();
        let moves: Vec<model::MoveRule> = (moves.into_iter())
            .flat_map(|rule| self.per_player(rule))
            .collect();
        let (effects, effect_sources) = self.effects();
        let piece_bits = self.piece_bits(&moves);
        let repetition = self.forbid_repetition()?;
        let (forbidden, forbidden_sources) = self.forbid_leaving()?;
        let ends = self.ends();
        let (after_sow, sow_sources) = self.after_sow();
        let tiles = self.tiles();
        let score = self.score();
        let parts = Parts {
            settings: self.settings_listed(),
            board: self.board.take()?,
            start: model::Start {
                setup,
                stock,
                stocked,
                stones,
                stacking,
                stacks,
            },
            moves,
            effects: Sourced {
                rules: effects,
                sources: effect_sources,
            },
            repetition,
            forbidden: Sourced {
                rules: forbidden,
                sources: forbidden_sources,
            },
            ends,
            after_sow: Sourced {
                rules: after_sow,
                sources: sow_sources,
            },
            tiles,
            score,
            tables: BuiltTables {
                regions: std::mem::take(&mut self.regions),
                turns: std::mem::take(&mut self.turns),
                parts: std::mem::take(&mut self.parts),
                piece_bits,
            },
        };
        Some(parts.into_game(self.desc, self.settings.preset.clone()))
    }

    /// Whether a rule of the game lays walls in the grooves or draws lines on the sides of
    /// cells (`move place KIND on grooves`, `on sides`): both cut links between cells.
    fn lays_walls(&self) -> bool {
        self.desc.moves.iter().any(|m| {
            matches!(
                m.rule.shape,
                crate::check::MoveDecl::PlacePiece {
                    on: crate::check::PlaceOn::Grooves | crate::check::PlaceOn::Sides,
                    ..
                }
            )
        })
    }

    /// In a game whose rules lay walls in the grooves, a slide, a single jump or a chain of
    /// jumps recorded by its route or to any landing (not capturing by approach or
    /// withdrawal, not flying) as its walk, and every walk with shifts that
    /// walls stop ([`walks::walled_walk`]), run by the walk interpreter, which alone reads
    /// the links the walls cut; any other move as it is.
    fn walled(&self, kind: model::MoveKind, filter: &model::MoveFilter) -> model::MoveKind {
        if !self.lays_walls() {
            return kind;
        }
        let walk = match kind {
            model::MoveKind::Walk(walk) => walk,
            other if other.line_capture().is_some() => return other,
            model::MoveKind::Slide {
                directions,
                max_length,
                ..
            } => walks::slide_walk(&directions, max_length, filter),
            model::MoveKind::Jump {
                directions,
                flying: false,
                over,
                mode,
                chain: model::Chain::Single,
            } => walks::jump_walk(&directions, (over, mode), filter),
            model::MoveKind::Jump {
                directions,
                flying: false,
                over,
                mode,
                chain:
                    chain @ (model::Chain::Turning
                    | model::Chain::TurningAtWill
                    | model::Chain::Straight),
            } => walks::chain_walk(&directions, (over, mode), chain, filter),
            model::MoveKind::Jump {
                directions,
                flying,
                over,
                mode,
                chain: model::Chain::Pieces,
            } => walks::piece_chain_walk(&directions, flying, (over, mode), filter),
            model::MoveKind::Jump {
                directions,
                flying: false,
                over,
                chain: model::Chain::Reach,
                ..
            } => walks::reach_walk(&directions, over, filter),
            other => return other,
        };
        model::MoveKind::Walk(walks::walled_walk(walk))
    }

    /// The board; built by the first pass.
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
                    Code::E0618,
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
            .settings_listed()
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
