//! Checking: resolves every name, types every expression and validates ranges, collecting
//! all errors of a file instead of stopping at the first.
//!
//! A file is read in passes, each in a module of its own: `declarations` (game, players,
//! parameters, options, pieces, the kind of board), `limits`, `presets`, then every
//! rule statement by concern: `moves` (setup, move), `effects` (after move, after
//! sow), `boards` (board, edges, edge, hand) and `ends` (end, score, forbid), with
//! expressions typed in `exprs`; last, `lints` gives the warnings about the whole
//! file. The result is a [`Description`] in a vocabulary of its own (`types`), which
//! shares no type with the syntax tree.

mod boards;
mod chance;
mod declarations;
mod effects;
mod ends;
mod exprs;
mod graphs;
mod limits;
mod lints;
mod many;
mod moves;
mod paths;
mod presets;
mod solo;
mod stacks;
mod types;

pub use exprs::{ValueWord, VALUE_WORDS};
pub use limits::{MAX_CHOICES, MAX_PIECE_KINDS, MAX_PRESETS, MAX_SETTINGS, MAX_STATEMENTS};
pub use types::*;

use crate::diag::Code;
use std::collections::HashMap;

use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, Name, StatementKind as S};

pub use rulebook_model::PLAYERS;

/// The result of checking: the description (if there were no errors) and all diagnostics.
pub struct Checked {
    /// The checked description, present when there were no errors.
    pub description: Option<Description>,
    /// Errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks a parsed file.
pub fn check(file: &ast::File) -> Checked {
    let mut checker = Checker::default();
    let description = checker.run(file);
    let mut diagnostics = checker.diagnostics;
    // A variant is merged with the file it extends before it is checked (`crate::variant`).
    let unresolved = file
        .extends
        .iter()
        .map(|(_, span)| *span)
        .chain(file.removals.iter().map(|r| r.span));
    for span in unresolved {
        diagnostics.push(
            Diagnostic::error(
                Code::E0322,
                "`extends` and `remove` belong in a variant",
                span,
            )
            .with_help("a file that removes statements must begin with `extends \"NAME\"`"),
        );
    }
    diagnostics.sort_by_key(Diagnostic::order);
    let description = if diagnostics.iter().any(Diagnostic::is_error) {
        None
    } else {
        description
    };
    Checked {
        description,
        diagnostics,
    }
}

/// What the passes over a file know of it as they go, and the diagnostics they found.
#[derive(Default)]
struct Checker {
    diagnostics: Vec<Diagnostic>,
    /// Every declared name (players, parameters, options, pieces) and where.
    declared: HashMap<String, (Span, &'static str)>,
    /// Preset names (their own namespace: a preset may share an option's name).
    preset_names: HashMap<String, Span>,
    players: Players,
    params: Vec<ParamDecl>,
    options: Vec<OptionDecl>,
    pieces: PieceKinds,
    board: BoardFacts,
    /// Where the expression being checked stands.
    context: ExprContext,
    reads: Reads,
    /// The limits already reported as exceeded (each is reported once).
    limits_reported: Vec<&'static str>,
    /// The word that names marks (`mark SITE as NAME`), where it was first given.
    mark_name: Option<Name>,
    /// The named regions checked so far, in the order written, with what each stands for
    /// (`None` after an error in it).
    regions: Vec<(String, Option<TExpr>)>,
    /// The named paths checked, in the order written, with what each is (`None` after an
    /// error in it).
    paths: Vec<(String, Option<PathDecl>)>,
}

/// The players, and the `players` statement of a game of one or of three or more (whose
/// rules such a game refuses).
#[derive(Default)]
struct Players {
    /// Their names, in turn order.
    names: Vec<String>,
    /// The `players` statement of a game of one player.
    solo: Option<Span>,
    /// The `players` statement of a game of three players or more.
    many: Option<Span>,
}

/// The kinds of piece, with what the `piece` statement gives each, indexed by kind.
#[derive(Default)]
struct PieceKinds {
    /// Their names.
    names: Vec<String>,
    /// The letter of its `as`, if it has one.
    letters: Vec<Option<char>>,
    /// Its number (`numbered N`), if it has one.
    numbers: Vec<Option<i64>>,
    /// Its worth (`worth N`), if it has one.
    worths: Vec<Option<i64>>,
    /// Where its `stacked` stands, if written.
    stacked: Vec<Option<Span>>,
}

/// What the rules may say of the board: its kind and how its grid is drawn.
#[derive(Default)]
struct BoardFacts {
    /// The kind of board, once known.
    kind: Option<BoardKind>,
    /// Whether the board is a grid of hexagons (`of hexagons`), whose directions are named
    /// as a hexagon's.
    hexagons: bool,
    /// Whether the board is a grid of squares with every point and every link of its
    /// shape (no `of hexagons`, `without` or `with lines`): the grid walls lie on.
    plain_grid: bool,
    /// A board given as a graph (`board graph`): its sites' names in order and its
    /// directions' names by code (`""` for a code no name is given).
    graph: Option<(Vec<String>, Vec<String>)>,
}

impl BoardFacts {
    /// The site of a graph board with this name, as a region of one point (the graph is a
    /// grid of one rank).
    fn graph_site(&self, name: &str) -> Option<RegionConst> {
        let (sites, _) = self.graph.as_ref()?;
        let file = sites.iter().position(|s| s == name)? as u16;
        Some(RegionConst::Point { file, rank: 0 })
    }
}

/// Where the expression being checked stands: what encloses it decides which words it may
/// use and which names are bound.
#[derive(Default)]
struct ExprContext {
    /// Whether a `score` expression is being checked (where `majority` may be used).
    in_score: bool,
    /// Whether a condition judging a move is being checked (`forbid leaving`,
    /// `forbidding`), where `no legal move` may be used.
    judging_move: bool,
    /// Whether a condition read just after a move is being checked (`after move again
    /// when`, `end when`), where `captured` may be used.
    after_move: bool,
    /// The names bound by the quantifiers around the expression being checked, outermost
    /// first.
    bound: Vec<String>,
}

/// What the rules read that the checks of the whole file look at.
#[derive(Default)]
struct Reads {
    /// Per option, whether some rule reads it (for the "never read" warning).
    options: Vec<bool>,
    /// Where `throw` is first read, to refuse it in a game without dice.
    throw_at: Option<Span>,
    /// Where `origin` is first read, to refuse it in a game where no move starts from a
    /// site.
    origin_at: Option<Span>,
}

/// The rules of a file as the second pass checks them, statement by statement.
#[derive(Default)]
struct RuleDecls {
    /// What the game starts with.
    start: StartDecls,
    /// The dice and the tracks.
    chance: ChanceDecls,
    /// The rules after sowing, with their block (to report a second one).
    after_sow: Option<(Vec<SowRuleDecl>, Span)>,
    moves: Vec<Conditional<MoveRuleDecl>>,
    effects: Vec<Conditional<EffectDecl>>,
    /// Per effect, its short name (`called "corner"`).
    effect_labels: Vec<Option<String>>,
    forbid: Option<Conditional<ForbidDecl>>,
    /// An `end when repeated position ignoring turn` was written.
    end_ignoring_turn: bool,
    /// `forbid leaving CONDITION`, with the statement's span.
    forbid_leaving: Vec<(TExpr, Span)>,
    /// `capture into hand`, with the statement's span.
    capture_into_hand: Option<Span>,
    end: Vec<EndDecl>,
    scores: Vec<Conditional<TExpr>>,
    /// The colours of the board's edges and the players' hands of tiles.
    tiles: TileDecls,
}

/// What a game starts with, as its statements say: pieces on the board, pieces in hand,
/// stones in the pits.
#[derive(Default)]
struct StartDecls {
    setup: Vec<SetupDecl>,
    /// `setup N PLAYER KIND in hand`.
    stock: Vec<StockDecl>,
    /// The stones in every pit, with the statement (to report a second one).
    stones: Option<(TExpr, Span)>,
}

/// The dice thrown every turn and the tracks the players race along.
#[derive(Default)]
struct ChanceDecls {
    /// The dice, with the statement (to report a second one).
    dice: Option<(DiceDecl, Span)>,
    /// The tracks.
    tracks: Vec<TrackDecl>,
}

/// What a tile game says of its tiles: the colours of the board's edges (by facing
/// direction, and edge by edge) and the players' starting hands.
#[derive(Default)]
struct TileDecls {
    edges: Vec<(u8, usize)>,
    /// Each facing direction given a colour, with where, to report one given twice.
    edge_sides: Vec<(u8, Span)>,
    edge_overrides: Vec<EdgeOverride>,
    hands: Vec<(usize, TExpr)>,
}

impl Checker {
    fn error(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    /// Declares a name; reports a duplicate with a note at the first declaration.
    fn declare(&mut self, name: &Name, what: &'static str) -> bool {
        if let Some((first, first_what)) = self.declared.get(&name.text).copied() {
            self.error(
                Diagnostic::error(
                    Code::E0323,
                    format!("`{}` is declared twice", name.text),
                    name.span,
                )
                .with_label(format!("this {what} has the same name"))
                .with_note_at(
                    first,
                    format!(
                        "`{}` was first declared here as {} {first_what}",
                        name.text,
                        article(first_what)
                    ),
                ),
            );
            return false;
        }
        self.declared.insert(name.text.clone(), (name.span, what));
        true
    }

    /// Every pass over a file; the description, if the passes could build one.
    fn run(&mut self, file: &ast::File) -> Option<Description> {
        let found = self.declarations(file);
        self.statement_counts(file);
        self.one_player_rules(file);
        self.many_player_rules(file);
        let (presets, default_preset) = self.presets(&found.presets);
        let board = found.board.map(|(shape, span)| (self.board(shape), span));
        self.named_regions(file);
        self.named_paths(file);
        let board = board.zip(found.board).map(|((decl, span), (shape, _))| {
            (decl.and_then(|d| self.board_regions(shape, d)), span)
        });
        let mut rules = RuleDecls::default();
        for st in &file.statements {
            match &st.kind {
                S::Setup { .. } | S::SetupStones { .. } | S::SetupHand { .. } | S::Move { .. } => {
                    self.setup_or_move(file, st, &mut rules)
                }
                S::AfterSow { .. } | S::After { .. } => self.after(st, &mut rules),
                S::Edges(_) | S::Edge { .. } | S::Hand { .. } => self.edge_or_hand(st, &mut rules),
                S::Dice { .. } | S::Track { .. } => self.dice_or_track(st, &mut rules),
                S::ForbidRepetition { .. }
                | S::ForbidLeaving(_)
                | S::CaptureIntoHand
                | S::Score { .. }
                | S::End { .. } => self.end_or_score(file, st, &mut rules),
                _ => {}
            }
        }
        self.tile_colours(&found, &rules);
        let hand_kinds = self.hand_kinds(&rules);
        self.sides_and_claims(&rules);
        self.captures_across_rules(file);
        self.tracks_of_every_player(&rules);
        self.stacks_move_along_tracks(&rules);
        self.throw_needs_dice(&rules);
        self.origin_needs_a_start(&rules);
        let written = |f: fn(&S) -> bool| file.statements.iter().filter(|st| f(&st.kind)).count();
        let move_statements = written(|k| matches!(k, S::Move { .. }));
        let end_statements = written(|k| matches!(k, S::End { .. }));
        self.whole_file((move_statements, end_statements), &found, &rules);

        let (name, _) = found.game_name?;
        let (board, _) = board?;
        Some(self.description(name, (presets, default_preset), board?, rules, hand_kinds))
    }

    /// The description the passes built: the game's name, its presets (with the default
    /// one), its board, its rules and the kinds pieces taken go into hand as.
    fn description(
        &self,
        name: String,
        (presets, default_preset): (Vec<PresetDecl>, Option<usize>),
        board: BoardDecl,
        rules: RuleDecls,
        hand_kinds: Vec<usize>,
    ) -> Description {
        Description {
            about: AboutDecl {
                name,
                players: self.players.names.clone(),
                pieces: self.pieces.names.clone(),
                piece_letters: self.pieces.letters.clone(),
                piece_numbers: self.pieces.numbers.clone(),
                piece_worths: self.pieces.worths.clone(),
                piece_stacked: self.pieces.stacked.iter().map(Option::is_some).collect(),
                mark_name: self.mark_name.as_ref().map(|n| n.text.clone()),
            },
            settings: SettingDecls {
                params: self.params.clone(),
                options: self.options.clone(),
                presets,
                default_preset,
            },
            board,
            start: GameStart {
                setup: rules.start.setup,
                stones: rules.start.stones.map(|(c, _)| c),
                stock: rules.start.stock,
            },
            chance: Chance {
                dice: rules.chance.dice.map(|(d, _)| d),
                tracks: rules.chance.tracks,
            },
            paths: self.paths.iter().filter_map(|(_, p)| p.clone()).collect(),
            moves: rules.moves,
            effects: rules.effects,
            effect_labels: rules.effect_labels,
            after_sow: rules.after_sow.map(|(r, _)| r).unwrap_or_default(),
            bans: Bans {
                repetition: rules.forbid,
                ignoring_turn: rules.end_ignoring_turn,
                leaving: rules.forbid_leaving,
            },
            capture_into_hand: CaptureIntoHand {
                at: rules.capture_into_hand,
                kinds: hand_kinds,
            },
            ends: EndDecls {
                rules: rules.end,
                scores: rules.scores,
            },
            tiles: TileRules {
                edges: rules.tiles.edges,
                edge_overrides: rules.tiles.edge_overrides,
                hands: rules.tiles.hands,
            },
        }
    }

    /// Reports `what` if the board is not of the kind it needs.
    fn needs_board(&mut self, kind: BoardKind, what: &str, span: Span) {
        if let Some(actual) = self.board.kind {
            if actual != kind {
                self.error(
                    Diagnostic::error(
                        Code::E0324,
                        format!("{what} needs {}", kind.describe()),
                        span,
                    )
                    .with_note(format!("this game has {}", actual.describe())),
                );
            }
        }
    }

    /// An error for something that reads a grid's files, ranks or corners, on a board
    /// given as a graph.
    fn needs_geometry(&mut self, what: &str, span: Span) {
        if self.board.graph.is_some() {
            self.error(
                Diagnostic::error(
                    Code::E0538,
                    format!("{what} reads a grid's files and ranks, which a graph board has not"),
                    span,
                )
                .with_help("name the sites, or a region of them: `region ring = k1 + k2 + k3`"),
            );
        }
    }

    fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The kinds of piece a list names (each unknown one reported), or `None` after an error.
    fn kinds(&mut self, names: &[Name]) -> Option<Vec<usize>> {
        let pieces = self.pieces.names.clone();
        let kinds: Vec<Option<usize>> = names
            .iter()
            .map(|n| self.lookup_in(n, &pieces, "piece"))
            .collect();
        kinds.into_iter().collect()
    }

    fn lookup_in(&mut self, name: &Name, list: &[String], what: &str) -> Option<usize> {
        let found = list.iter().position(|n| *n == name.text);
        if found.is_none() {
            let mut d = Diagnostic::error(
                Code::E0325,
                format!("unknown {what} `{}`", name.text),
                name.span,
            )
            .with_label(format!("not a {what} of this game"));
            d = d.with_suggestion(&name.text, list.iter().map(String::as_str));
            if d.help.is_none() && !list.is_empty() {
                d = d.with_note(format!("the {what}s are: {}", list.join(", ")));
            }
            self.error(d);
        }
        found
    }
}

/// "a" or "an" before a word.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// The checked form of an infix operator.
fn op(op: ast::BinaryOp) -> rulebook_model::Op {
    use ast::BinaryOp as B;
    use rulebook_model::Op;
    match op {
        B::Or => Op::Or,
        B::And => Op::And,
        B::Eq => Op::Eq,
        B::Ne => Op::Ne,
        B::Lt => Op::Lt,
        B::Le => Op::Le,
        B::Gt => Op::Gt,
        B::Ge => Op::Ge,
        B::Add => Op::Add,
        B::Sub => Op::Sub,
        B::Mul => Op::Mul,
        B::Mod => Op::Mod,
        B::Div => Op::Div,
    }
}

/// The checked form of a capture's mode.
fn capture_mode(mode: ast::CaptureMode) -> CaptureMode {
    match mode {
        ast::CaptureMode::Convert => CaptureMode::Convert,
        ast::CaptureMode::Remove => CaptureMode::Remove,
    }
}

/// The checked form of an end rule's result.
fn end_result(result: &ast::EndResult) -> EndResult {
    match *result {
        ast::EndResult::PlayerWins(_) => unreachable!("resolved by the caller"),
        ast::EndResult::MostPieces => EndResult::MostPieces,
        ast::EndResult::MoverLoses => EndResult::MoverLoses,
        ast::EndResult::MoverWins => EndResult::MoverWins,
        ast::EndResult::Draw => EndResult::Draw,
        ast::EndResult::StoreMajority { to_empty_side } => {
            EndResult::StoreMajority { to_empty_side }
        }
        ast::EndResult::HighestScore { last_placer_loses } => {
            EndResult::HighestScore { last_placer_loses }
        }
    }
}
