//! How a game ended, in words: the outcome, the end rule that decided it and the final
//! count, for every face that shows a finished game.

use super::text::result_words;
use rulebook_engine::{Outcome, State};
use rulebook_model::{EndWhen, Game, Player};

/// How the game ended in words (for a finished game): the outcome and the end rule that
/// decided it, then on a line of its own the final count (stores, scores or pieces):
/// `south won (a row of pits is empty)` and `final stores: south 30, north 18`.
pub fn ending_text(state: &State, o: Outcome) -> String {
    let game = state.game();
    let name = |p: Player| game.player_name(p);
    let why = end_reason(state);
    let players = Player::all(game.about.players.len());
    let (what, counts): (&str, Vec<String>) = if game.board.pits() > 0 {
        let store = |p| state.count(game.board.store(p));
        (
            "stores",
            players
                .map(|p| format!("{} {}", name(p), store(p)))
                .collect(),
        )
    } else if game.ends.score.is_some() {
        let score = |p| state.score(p);
        (
            "score",
            players
                .map(|p| format!("{} {}", name(p), score(p)))
                .collect(),
        )
    } else {
        let pieces = |p| state.pieces(p);
        (
            "pieces",
            players
                .map(|p| format!("{} {}", name(p), pieces(p)))
                .collect(),
        )
    };
    format!(
        "{} ({why})\nfinal {what}: {}",
        result_words(game, o, state.points()),
        counts.join(", ")
    )
}

/// Which end rule ended the game, in words: its short name where the rule file gives one
/// (`end called "escape" when ...`), else what it says (`a row of pits is empty`, `no
/// legal move for white`, `after black moved, ...`: no verb agrees with a player's name);
/// meaningful once the game is over.
pub fn end_reason(state: &State) -> String {
    let game = state.game();
    let name = |p: Player| game.player_name(p);
    let mover = state.last_mover();
    let rule = state.end_rule();
    if let Some(label) = rule.and_then(|r| end_label(game, r)) {
        return label;
    }
    match rule.map(|r| game.ends.rules[r].when) {
        None | Some(EndWhen::NoLegalMove) => format!("no legal move for {}", name(state.to_move())),
        Some(EndWhen::StuckAnd(i)) => {
            let condition = super::summary::stuck_condition_text(game, i);
            format!(
                "no legal move for {}, and {}",
                name(state.to_move()),
                unbracketed(&condition)
            )
        }
        Some(EndWhen::NoPlayerCanMove) => "no player can move".to_string(),
        Some(EndWhen::RepeatedPosition) => match game.ends.repetitions {
            2 => format!("{} repeated a position", name(mover)),
            n => format!("{} repeated a position {n} times", name(mover)),
        },
        Some(EndWhen::RepeatedKeeping) => {
            let keeper = state.repetition_keeper().map_or("a player", name);
            let condition = super::summary::kept_condition_text(game);
            format!(
                "{keeper} kept {} through a repeated position",
                unbracketed(&condition)
            )
        }
        Some(EndWhen::MovesWithout) => super::summary::clock_text(game),
        Some(EndWhen::EmptyRow) => "a row of pits is empty".to_string(),
        Some(EndWhen::BothPass) => "both players passed in a row".to_string(),
        Some(EndWhen::Position(i)) => {
            let condition = super::summary::end_condition_text(game, i as usize);
            format!("after {} moved, {}", name(mover), unbracketed(&condition))
        }
    }
}

/// End rule `rule` of `game` in a few words, for counts of how games ended: its short name
/// where the rule file gives one, else its condition (`no legal move`, `pieces(opponent)
/// == 0`).
pub fn end_rule_name(game: &Game, rule: usize) -> String {
    if let Some(label) = end_label(game, rule) {
        return label;
    }
    let words = match game.ends.rules[rule].when {
        EndWhen::NoLegalMove => "no legal move",
        EndWhen::NoPlayerCanMove => "no player can move",
        EndWhen::StuckAnd(i) => {
            let condition = super::summary::stuck_condition_text(game, i);
            return format!("no legal move and {}", unbracketed(&condition));
        }
        EndWhen::RepeatedPosition => "repeated position",
        EndWhen::RepeatedKeeping => {
            let condition = super::summary::kept_condition_text(game);
            return format!("repeated position keeping {}", unbracketed(&condition));
        }
        EndWhen::MovesWithout => return super::summary::clock_text(game),
        EndWhen::EmptyRow => "empty row",
        EndWhen::BothPass => "both pass",
        EndWhen::Position(i) => {
            let condition = super::summary::end_condition_text(game, i as usize);
            return unbracketed(&condition).to_string();
        }
    };
    words.to_string()
}

/// End rule `rule`'s short name (`called "escape"`), if the rule file gives one.
fn end_label(game: &Game, rule: usize) -> Option<String> {
    let label = game.sources.end_labels.get(rule)?.as_deref()?;
    Some(super::terminal_safe(label).into_owned())
}

/// `text` without the parentheses around all of it, if it has them.
fn unbracketed(text: &str) -> &str {
    let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text;
    };
    // The first parenthesis must close at the end, not before: `(a) and (b)` keeps them.
    let mut depth = 0;
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return text,
            ')' => depth -= 1,
            _ => {}
        }
    }
    inner
}
