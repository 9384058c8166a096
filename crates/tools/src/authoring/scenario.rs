//! Scenario files: YAML files that name a game (with a preset and settings) and list cases,
//! each a sequence of moves from the start (or from a `position` given as text) followed by
//! expectations about the position reached (its legal moves, specific moves legal or
//! illegal, the board as rendered text, the side to move, the outcome). `rulebook test`
//! runs them.
//!
//! ```yaml
//! game: ../../games/my-game.game   # a bundled name, or a path from this file's folder
//! preset: small                    # optional
//! set: [corner=board]              # optional, as `--set` on the command line
//! cases:
//!   - name: the first player has 72 moves
//!     legal_count: 72
//!   - name: a capture
//!     position: 8/8/8/8/8/8/8/BBBBWWWW black   # optional: where to start
//!     moves: h2-c2 a3-f3          # or a list: [h2-c2, a3-f3]
//!     legal: [c2-c5]
//!     illegal: [a1-a2]
//! ```

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

use crate::render::{board_text, result_text};
use rulebook_engine::State;
use rulebook_lang::pipeline;
use rulebook_model::Game;
use rulebook_notation::{self as notation, MoveError};

/// A scenario file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// A bundled game's name, or a path to a `.game` file relative to the scenario file.
    pub game: String,
    /// The preset to play (the file's default preset if left out).
    #[serde(default)]
    pub preset: Option<String>,
    /// Settings as `key=value`, as `--set` takes them.
    #[serde(default)]
    pub set: Vec<String>,
    /// The cases, each played from the start position.
    pub cases: Vec<Case>,
}

/// One case: moves from the start (or from a position given as text), then expectations
/// about the position reached.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// What the case shows, in words.
    pub name: String,
    /// Where the case starts, in the notation of `rulebook position` (the game's start if
    /// left out).
    #[serde(default)]
    pub position: Option<String>,
    /// The moves to play first.
    #[serde(default)]
    pub moves: Moves,
    /// How many legal moves the position has.
    #[serde(default)]
    pub legal_count: Option<usize>,
    /// Exactly the legal moves of the position, in any order.
    #[serde(default)]
    pub legal_moves: Option<Moves>,
    /// Moves that must be legal.
    #[serde(default)]
    pub legal: Moves,
    /// Moves that must not be legal (each must still be of the game's form).
    #[serde(default)]
    pub illegal: Moves,
    /// The board as `rulebook position` draws it (spaces at the ends of lines are ignored).
    #[serde(default)]
    pub board: Option<String>,
    /// The player to move.
    #[serde(default)]
    pub to_move: Option<String>,
    /// `PLAYER wins`, `draw`, or `none` while the game goes on.
    #[serde(default)]
    pub outcome: Option<String>,
}

/// Moves in canonical text: a YAML list, or one string with the moves separated by spaces.
/// Numbers are taken as text, so pit numbers can be written bare.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves(pub Vec<String>);

impl<'de> Deserialize<'de> for Moves {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Moves, D::Error> {
        struct MovesVisitor;
        impl<'de> Visitor<'de> for MovesVisitor {
            type Value = Moves;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("moves: a list, or one string of moves separated by spaces")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Moves, E> {
                Ok(Moves(v.split_whitespace().map(String::from).collect()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Moves, E> {
                Ok(Moves(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Moves, A::Error> {
                let mut out = Vec::new();
                while let Some(MoveText(m)) = seq.next_element()? {
                    out.push(m);
                }
                Ok(Moves(out))
            }
        }
        d.deserialize_any(MovesVisitor)
    }
}

/// One move's text; a number is read as its digits.
struct MoveText(String);

impl<'de> Deserialize<'de> for MoveText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MoveText, D::Error> {
        struct TextVisitor;
        impl Visitor<'_> for TextVisitor {
            type Value = MoveText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a move in canonical text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MoveText, E> {
                Ok(MoveText(v.trim().to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<MoveText, E> {
                Ok(MoveText(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<MoveText, E> {
                Ok(MoveText(v.to_string()))
            }
        }
        d.deserialize_any(TextVisitor)
    }
}

/// The result of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// The case's name.
    pub name: String,
    /// The line of the scenario file where the case is named, when found.
    pub line: Option<usize>,
    /// Each expectation that failed, in words (with a diff where it helps); empty if the
    /// case passed.
    pub failures: Vec<String>,
}

/// The result of one scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The scenario file.
    pub path: PathBuf,
    /// The game's name and the configuration played.
    pub game: String,
    /// Every case, in file order.
    pub cases: Vec<CaseReport>,
}

impl FileReport {
    /// The number of cases that failed.
    pub fn failed(&self) -> usize {
        self.cases.iter().filter(|c| !c.failures.is_empty()).count()
    }
}

/// Reads a scenario file and runs every case in it. An error means the file could not be
/// run at all (unreadable, malformed, or its game does not load); the message says where.
pub fn run_file(path: &Path) -> Result<FileReport, String> {
    let text = super::read_text(path, rulebook_lang::files::Kind::Scenario)?;
    let file: ScenarioFile = crate::yaml::from_str(&text).map_err(|e| {
        let at = match e.location {
            Some((line, column)) => format!("{}:{line}:{column}", path.display()),
            None => path.display().to_string(),
        };
        format!(
            "error: {at}: this is not a valid scenario file: {}",
            e.message
        )
    })?;
    if file.cases.is_empty() {
        return Err(format!(
            "error: {}: the scenario file has no cases",
            path.display()
        ));
    }
    let game = load_game(path, &file)?;
    let mut described = game.about.name.clone();
    let settings: Vec<String> = game
        .about
        .settings
        .iter()
        .map(|s| format!("{}={}", s.name, s.value))
        .collect();
    if let Some(p) = &game.about.preset {
        described.push_str(&format!(", preset {p}"));
    }
    if !settings.is_empty() {
        described.push_str(&format!(" ({})", settings.join(" ")));
    }
    let cases = file
        .cases
        .iter()
        .map(|case| CaseReport {
            name: case.name.clone(),
            line: line_of_case(&text, &case.name),
            failures: run_case(&game, case),
        })
        .collect();
    Ok(FileReport {
        path: path.to_path_buf(),
        game: described,
        cases,
    })
}

/// Loads the scenario's game: a path is taken from the scenario file's folder.
fn load_game(path: &Path, file: &ScenarioFile) -> Result<Arc<Game>, String> {
    let looks_like_path =
        file.game.contains('/') || file.game.contains('\\') || file.game.ends_with(".game");
    let game = if looks_like_path {
        let folder = path.parent().unwrap_or(Path::new(""));
        folder.join(&file.game).to_string_lossy().into_owned()
    } else {
        file.game.clone()
    };
    let fail = |e: pipeline::LoadError| {
        format!(
            "error: {}: the game `{}` does not load:\n{}",
            path.display(),
            file.game,
            e.render(false)
        )
    };
    let described =
        pipeline::describe(pipeline::read_source(&game).map_err(fail)?).map_err(fail)?;
    pipeline::build(&described, file.preset.as_deref(), &file.set).map_err(fail)
}

/// The 1-based line where a case of this name begins (`name: ...`), if it can be found.
fn line_of_case(text: &str, name: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let l = l.trim_start().trim_start_matches("- ").trim_start();
            l.strip_prefix("name:")
                .is_some_and(|rest| rest.trim().trim_matches(['"', '\'']) == name)
        })
        .map(|i| i + 1)
}

/// The position a case is about: its `position` (or the game's start) after its `moves`;
/// or why it cannot be reached.
fn start(game: &Arc<Game>, case: &Case) -> Result<State, String> {
    let mut state = match &case.position {
        Some(text) => notation::parse_position(game, text).map_err(|e| format!("position: {e}"))?,
        None => State::new(Arc::clone(game)),
    };
    for (i, text) in case.moves.0.iter().enumerate() {
        notation::play_text(&mut state, text)
            .map_err(|e| format!("move {} of `moves` cannot be played: {e}", i + 1))?;
    }
    Ok(state)
}

/// Plays a case and returns its failed expectations.
fn run_case(game: &Arc<Game>, case: &Case) -> Vec<String> {
    if !case.expects_something() {
        return vec![
            "the case expects nothing: give at least one of legal_count, legal_moves, legal, illegal, board, to_move, outcome".to_string(),
        ];
    }
    let mut state = match start(game, case) {
        Ok(state) => state,
        Err(failure) => return vec![failure],
    };
    let legal = notation::legal_texts(&state);
    let mut failures: Vec<String> = [
        legal_count_failure(case, &legal),
        legal_moves_failure(case, &legal),
    ]
    .into_iter()
    .flatten()
    .collect();
    failures.extend(named_move_failures(case, &mut state));
    failures.extend(
        [
            board_failure(case, &state),
            to_move_failure(game, case, &state),
            outcome_failure(game, case, &state),
        ]
        .into_iter()
        .flatten(),
    );
    failures
}

impl Case {
    /// Whether the case has an expectation to check.
    fn expects_something(&self) -> bool {
        self.legal_count.is_some()
            || self.legal_moves.is_some()
            || !self.legal.0.is_empty()
            || !self.illegal.0.is_empty()
            || self.board.is_some()
            || self.to_move.is_some()
            || self.outcome.is_some()
    }
}

/// The failure of `legal_count`, if the position's `legal` moves are not as many.
fn legal_count_failure(case: &Case, legal: &[String]) -> Option<String> {
    let n = case.legal_count?;
    (legal.len() != n).then(|| {
        format!(
            "legal_count: expected {n}, found {}: {}",
            legal.len(),
            legal.join(" ")
        )
    })
}

/// The failure of `legal_moves`, if they are not the position's `legal` moves: those
/// missing and those in excess.
fn legal_moves_failure(case: &Case, legal: &[String]) -> Option<String> {
    let Moves(expected) = case.legal_moves.as_ref()?;
    let missing: Vec<&str> = expected
        .iter()
        .filter(|m| !legal.contains(m))
        .map(String::as_str)
        .collect();
    let extra: Vec<&str> = legal
        .iter()
        .filter(|m| !expected.contains(m))
        .map(String::as_str)
        .collect();
    if missing.is_empty() && extra.is_empty() {
        return None;
    }
    let mut f = String::from("legal_moves differ from the position's legal moves:");
    if !missing.is_empty() {
        f.push_str(&format!(
            "\n- expected but not legal: {}",
            missing.join(" ")
        ));
    }
    if !extra.is_empty() {
        f.push_str(&format!("\n+ legal but not expected: {}", extra.join(" ")));
    }
    Some(f)
}

/// The failures of `legal` and `illegal`: each move that is not as the case says, or
/// (among the illegal) not of the game's form.
fn named_move_failures(case: &Case, state: &mut State) -> Vec<String> {
    let mut failures = Vec::new();
    for text in &case.legal.0 {
        if let Err(e) = notation::parse_move(state, text) {
            failures.push(format!("legal: `{text}` should be legal, but {e}"));
        }
    }
    for text in &case.illegal.0 {
        match notation::parse_move(state, text) {
            Ok(_) => failures.push(format!(
                "illegal: `{text}` should be illegal, but it is legal"
            )),
            Err(e @ MoveError::Malformed { .. }) => failures.push(format!(
                "illegal: {e} (list moves of the game's form, so that a typo cannot pass)"
            )),
            Err(_) => {}
        }
    }
    failures
}

/// The failure of `board`, if the position's board differs: the lines that do.
fn board_failure(case: &Case, state: &State) -> Option<String> {
    let (expected, actual) = (
        normalize(case.board.as_ref()?),
        normalize(&board_text(state)),
    );
    (expected != actual).then(|| {
        format!(
            "board differs (- expected, + actual):\n{}",
            super::diff(&expected, &actual, ("expected", "actual"))
                .lines()
                .skip(2)
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

/// The failure of `to_move`, if it names no player of the game or not the one to move.
fn to_move_failure(game: &Game, case: &Case, state: &State) -> Option<String> {
    let expected = case.to_move.as_ref()?;
    let actual = game.player_name(state.to_move());
    if !game.about.players.contains(expected) {
        Some(format!(
            "to_move: `{expected}` is not a player of this game (the players are {})",
            game.about.players.join(", ")
        ))
    } else if expected != actual {
        Some(format!("to_move: expected {expected}, found {actual}"))
    } else {
        None
    }
}

/// The failure of `outcome`, if it is not an outcome of the game or not the position's.
fn outcome_failure(game: &Game, case: &Case, state: &State) -> Option<String> {
    let expected = case.outcome.as_ref()?;
    let expected = expected.split_whitespace().collect::<Vec<_>>().join(" ");
    let valid = expected == "none"
        || expected == "draw"
        || game.about.players.iter().any(|p| is_win_of(&expected, p));
    let actual = match state.outcome() {
        Some(o) => result_text(game, o, state.points()),
        None => "none".to_string(),
    };
    if !valid {
        Some(format!(
            "outcome: `{expected}` is not an outcome: write `PLAYER wins` or `PLAYER wins POINTS` (the players are {}), `draw`, or `none`",
            game.about.players.join(", ")
        ))
    } else if expected != actual {
        Some(format!("outcome: expected {expected}, found {actual}"))
    } else {
        None
    }
}

/// Whether `expected` is a win of `player`: `white wins`, or with the points of a win
/// worth more than 1, `white wins 2`.
fn is_win_of(expected: &str, player: &str) -> bool {
    match expected
        .strip_prefix(player)
        .and_then(|t| t.strip_prefix(" wins"))
    {
        Some("") => true,
        Some(points) => points.trim().parse::<u32>().is_ok_and(|n| n > 1),
        None => false,
    }
}

/// A board text with the spaces at both ends of each line and the blank lines around it
/// removed, so that YAML indentation does not matter.
fn normalize(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let first = lines
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(lines.len());
    let last = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(first, |i| i + 1);
    let mut out = lines[first..last].join("\n");
    out.push('\n');
    out
}

/// The report of a scenario file as text: a line per case, and under each failed case its
/// failures, indented.
pub fn render(report: &FileReport, color: bool) -> String {
    let paint = |code: &str, text: &str| {
        if color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    };
    let safe = crate::render::terminal_safe;
    let mut out = format!("{}: {}\n", report.path.display(), safe(&report.game));
    for case in &report.cases {
        if case.failures.is_empty() {
            out.push_str(&format!(
                "  {}  {}\n",
                paint("32", "ok  "),
                safe(&case.name)
            ));
            continue;
        }
        let place = match case.line {
            Some(l) => format!(" ({}:{l})", report.path.display()),
            None => String::new(),
        };
        out.push_str(&format!(
            "  {}  {}{place}\n",
            paint("1;31", "FAIL"),
            safe(&case.name)
        ));
        for f in &case.failures {
            for (i, line) in f.lines().enumerate() {
                let indent = if i == 0 { "    - " } else { "      " };
                out.push_str(&format!("{indent}{line}\n"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_as_a_list_a_string_or_numbers() {
        let c: Case = crate::yaml::from_str("name: x\nmoves: a1-a2  b1-b2\n").unwrap();
        assert_eq!(c.moves.0, ["a1-a2", "b1-b2"]);
        let c: Case = crate::yaml::from_str("name: x\nmoves: [4, 1]\nlegal: 6\n").unwrap();
        assert_eq!(c.moves.0, ["4", "1"]);
        assert_eq!(c.legal.0, ["6"]);
    }

    #[test]
    fn unknown_fields_are_errors_with_a_place() {
        let e = crate::yaml::from_str::<ScenarioFile>(
            "game: g\ncases:\n  - name: x\n    legal_cont: 3\n",
        )
        .unwrap_err();
        assert!(e.message.contains("legal_cont"), "{e}");
        assert_eq!(e.location.map(|l| l.0), Some(4), "{e:?}");
    }

    #[test]
    fn boards_compare_without_indentation() {
        assert_eq!(normalize("\n  a b\n1 . .  \n\n"), "a b\n1 . .\n");
    }

    #[test]
    fn cases_are_found_by_name() {
        let text = "cases:\n  - name: first\n  - name: \"second\"\n";
        assert_eq!(line_of_case(text, "second"), Some(3));
        assert_eq!(line_of_case(text, "third"), None);
    }
}
