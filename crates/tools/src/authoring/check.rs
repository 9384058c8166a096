//! What `rulebook check` finds once the checker has passed a file: the errors of compiling
//! it under each configuration (its default settings and every preset, or those asked
//! for), and the warnings that need the engine: a start position in which the first player
//! has no legal move, so that the game is over before it starts.

use rulebook_lang::diag::Code;
use std::sync::Arc;

use rulebook_engine::{MoveList, Outcome, State};
use rulebook_lang::diag::Diagnostic;
use rulebook_lang::pipeline::{self, Described};
use rulebook_model::{EndWhen, Game, Player};

/// What compiling a checked file under its configurations found.
#[derive(Debug, Default)]
pub struct Compiled {
    /// The errors, each once, with a note naming the configurations it arose under.
    pub errors: Vec<Diagnostic>,
    /// The warnings of the configurations that compiled, each once, with such a note.
    pub warnings: Vec<Diagnostic>,
}

/// Compiles a described file under its default settings and every preset (or under
/// `preset` and `sets` alone when either is given), so that sizes and regions are checked
/// too, and looks at the start position of each configuration that compiles
/// ([`over_at_start`]). A diagnostic found under several configurations is given once.
pub fn compile_all(d: &Described, preset: Option<&str>, sets: &[String]) -> Compiled {
    let mut configurations: Vec<Option<&str>> = vec![preset];
    if preset.is_none() && sets.is_empty() {
        configurations.extend(
            d.description
                .settings
                .presets
                .iter()
                .map(|p| Some(p.name.as_str())),
        );
    }
    let mut errors = Found::default();
    let mut warnings = Found::default();
    for p in configurations {
        let name = configuration_name(p, sets);
        match pipeline::build(d, p, sets) {
            Ok(game) => warnings.extend(over_at_start(d, &game), &name),
            Err(e) => errors.extend(e.diagnostics, &name),
        }
    }
    Compiled {
        errors: errors.noted(),
        warnings: warnings.noted(),
    }
}

/// The warning for a game that is over before its first move: the first player has no
/// legal move in the start position (pieces set up on the side their moves lead away from,
/// say), so an end rule decides the game at once, or with none it is drawn. It points at
/// the first move rule, with a note at the end rule that decides.
pub fn over_at_start(d: &Described, game: &Arc<Game>) -> Option<Diagnostic> {
    let state = State::new(Arc::clone(game));
    if state.has_legal_move(&mut MoveList::new()) {
        return None;
    }
    let first = game.player_name(Player::FIRST);
    let moves = d.description.moves.first()?;
    let mut warning = Diagnostic::warning(
        Code::W0201,
        format!("the game is over before it starts: the first player, {first}, has no legal move"),
        moves.span,
    )
    .with_label(format!(
        "no move rule gives {first} a move in the start position"
    ))
    .with_help(
        "check the setup against the moves: pieces that move `forward` (north for the first \
         player) set up on the far side, or hemmed in, cannot move",
    );
    let outcome = match state.outcome() {
        // In a game of one player, the second seat's win is the player's loss.
        Some(Outcome::Win(p)) if game.solo() && p != Player::FIRST => "the puzzle is lost".into(),
        Some(Outcome::Win(p)) => format!("the winner is {}", game.player_name(p)),
        _ => "it is a draw".to_string(),
    };
    let rule = state.end_rule().map(|r| game.ends.rules[r].when);
    let decl = rule.and_then(|when| d.description.ends.rules.iter().find(|e| e.when == when));
    match (decl, rule) {
        (Some(e), Some(EndWhen::NoLegalMove | EndWhen::NoPlayerCanMove)) => {
            warning = warning.with_note_at(
                e.span,
                format!("this rule ends the game at once: {outcome}"),
            );
        }
        _ => {
            warning = warning.with_note(format!(
                "no end rule is for a player who cannot move, so the game ends at once: {outcome}"
            ));
        }
    }
    Some(warning)
}

/// Diagnostics found under configurations, each with the configurations it arose under.
#[derive(Default)]
struct Found(Vec<(Diagnostic, Vec<String>)>);

impl Found {
    /// Adds the diagnostics found under configuration `name`.
    fn extend(&mut self, found: impl IntoIterator<Item = Diagnostic>, name: &str) {
        for diag in found {
            match (self.0.iter_mut())
                .find(|(f, _)| f.message == diag.message && f.span == diag.span)
            {
                Some((_, under)) => under.push(name.to_string()),
                None => self.0.push((diag, vec![name.to_string()])),
            }
        }
    }

    /// The diagnostics, each with a note naming the configurations it arose under.
    fn noted(self) -> Vec<Diagnostic> {
        (self.0.into_iter())
            .map(|(diag, under)| {
                diag.with_note(format!("found when compiling with {}", under.join(", ")))
            })
            .collect()
    }
}

/// How a configuration is named in a note: `the default settings`, `preset `8x8``,
/// `--set size=9`, `preset `8x8` and --set size=9`.
fn configuration_name(preset: Option<&str>, sets: &[String]) -> String {
    let sets = (!sets.is_empty()).then(|| format!("--set {}", sets.join(" --set ")));
    match (preset, sets) {
        (None, None) => "the default settings".to_string(),
        (None, Some(sets)) => sets,
        (Some(p), None) => format!("preset `{p}`"),
        (Some(p), Some(sets)) => format!("preset `{p}` and {sets}"),
    }
}
