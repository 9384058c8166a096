//! `rulebook match --record FILE`: every game's seats, result and moves, one game a line,
//! so that a game that ended oddly (or not at all) can be replayed with `rulebook
//! position GAME --moves "..."`, and a match stopped before its end resumed (`--resume`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;

use super::self_play::{GameResult, Plan, SelfPlayTotals};
use crate::engine::{Move, MoveList, State};
use crate::files::{Kind, Replace};
use crate::model::Player;

/// The second line of a record, after its header ([`header`]).
const LEGEND: &str = "# a game a line: its number, who played which side, the result, the \
                      plies, and the moves (replay them with `rulebook position GAME --moves \
                      \"...\"`)";

/// The largest record `--resume` reads (a line a game: 10,000 games of 400 plies take
/// about 25 MB).
const MAX_RECORD_BYTES: u64 = 1 << 30;

/// Refuses, before any game is played, a record file that could not be written: a folder,
/// a device or a FIFO, a file this command read as the rule file (unless `replace` allows
/// it), or a file in a folder that does not exist or cannot be written. A symbolic link
/// is followed: the file it leads to is checked.
pub(super) fn check_writable(path: &Path, replace: Replace) -> Result<(), String> {
    let file = crate::files::check_output(path, Kind::MatchRecord, replace)
        .map_err(|e| format!("error: --record: {e}"))?;
    let refuse = |why: String| format!("error: --record: cannot write `{}`: {why}", path.display());
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(refuse(format!("no folder {}", folder.display())));
    }
    crate::files::check_writable_folder(folder).map_err(|e| refuse(e.to_string()))
}

/// Writes the games of `tally` (played with [`Plan::record`]) to `path`, replacing it at
/// once.
pub(super) fn write(
    path: &Path,
    plan: &Plan,
    tally: &SelfPlayTotals,
    replace: Replace,
) -> Result<(), String> {
    crate::files::write_atomic(path, Kind::MatchRecord, &text(plan, tally), replace)
        .map_err(|e| format!("error: --record: {e}"))
}

/// The games of a match kept in its record as they end: the record is written again after
/// each, so that a match killed before its end (not only stopped by Ctrl-C) keeps its
/// finished games for `--resume`.
pub(super) struct Kept<'a> {
    path: &'a Path,
    plan: &'a Plan<'a>,
    replace: Replace,
    games: Mutex<Vec<(GameResult, Vec<Move>)>>,
}

impl<'a> Kept<'a> {
    /// No game kept yet; the record is written to `path` as [`write()`] writes it.
    pub(super) fn new(path: &'a Path, plan: &'a Plan<'a>, replace: Replace) -> Kept<'a> {
        Kept {
            path,
            plan,
            replace,
            games: Mutex::new(Vec::new()),
        }
    }

    /// Keeps a game that has ended and writes the record of all kept so far.
    pub(super) fn add(&self, result: &GameResult, moves: &[Move]) -> Result<(), String> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let at = games.partition_point(|(g, _)| g.index < result.index);
        games.insert(at, (*result, moves.to_vec()));
        let each = games.iter().map(|(g, moves)| (g, moves.as_slice()));
        let text = games_text(self.plan, games.len(), each);
        crate::files::write_atomic(self.path, Kind::MatchRecord, &text, self.replace)
            .map_err(|e| format!("error: --record: {e}"))
    }
}

/// A game in a line, without its moves: its number, who played which side, the result
/// (for a game the cap stopped, who was ahead and by how much) and the plies: `game 3:
/// black medium, white strong; white won; 212 plies`.
pub(super) fn game_line(plan: &Plan, result: &GameResult) -> String {
    let game = plan.start.game();
    let seated = plan.seated(result.rotation);
    let seats: Vec<String> = seated.iter().map(|a| a.name()).collect();
    let sides: Vec<String> = Player::all(game.seats())
        .zip(&seats)
        .map(|(p, who)| format!("{} {who}", game.player_name(p)))
        .collect();
    let ending = match (result.outcome, result.leader) {
        (Some(o), _) => {
            let points = game.ends.win_points(result.ended_by.map(usize::from));
            crate::render::result_words(game, o, points)
        }
        (None, Some(p)) => {
            let (one, many) = crate::ai::unit(game);
            let unit = if result.margin == 1 { one } else { many };
            let by = format!("{} {unit}", result.margin);
            format!("unfinished, {} ahead by {by}", game.player_name(p))
        }
        (None, None) => "unfinished, level".into(),
    };
    format!(
        "game {}: {}; {ending}; {} plies",
        result.index,
        sides.join(", "),
        result.plies
    )
}

/// The first line of a record of `games` games played by `plan`: the game, the players
/// and the options that decide the games.
fn header(plan: &Plan, games: usize) -> String {
    let (before, after) = header_around_count(plan);
    format!("{before}{games}{after}")
}

/// The first line of a record played by `plan`, before and after its count of games.
fn header_around_count(plan: &Plan) -> (String, String) {
    let game = plan.start.game();
    let names: Vec<String> = plan.lineup.iter().map(|a| a.name()).collect();
    let before = format!(
        "# {}{}: ",
        crate::render::terminal_safe(&game.about.name),
        super::settings_line(game)
    );
    let after = format!(
        " games of {}, seed {}, cap {} plies, {} plies of random opening{}",
        names.join(" against "),
        plan.seed,
        plan.max_plies,
        plan.open,
        if plan.duplicate {
            ", the same dice in every game of a round"
        } else {
            ""
        },
    );
    (before, after)
}

/// The record: two comment lines, then a line a game.
fn text(plan: &Plan, tally: &SelfPlayTotals) -> String {
    let moves = tally.records.iter().map(|(_, moves)| moves.as_slice());
    games_text(plan, tally.games.len(), tally.games.iter().zip(moves))
}

/// The record of `count` games, given in order of their numbers with their moves.
fn games_text<'g>(
    plan: &Plan,
    count: usize,
    games: impl Iterator<Item = (&'g GameResult, &'g [Move])>,
) -> String {
    let mut out = format!("{}\n{LEGEND}\n", header(plan, count));
    for (result, moves) in games {
        let _ = write!(out, "{};", game_line(plan, result));
        let mut state = State::clone(plan.start);
        for &m in moves {
            let _ = write!(out, " {}", crate::notation::move_text(&state, m));
            state.apply(m);
        }
        out.push('\n');
    }
    out
}

/// The games of the record at `path`, written by a match of the same game, players and
/// options as `plan` (`--resume`): each game's number and its moves (none when there is
/// no file yet). The record is read as every file is ([`crate::files::read_text`]: a
/// regular file, of at most [`MAX_RECORD_BYTES`]). Refuses, with the file's line, a record
/// of another match, a first line that does not count the games the file holds, a game
/// beyond the games asked or given twice, a move that is not legal, and a game whose moves
/// stop before its end and the cap or go past the cap.
pub(super) fn read(path: &Path, plan: &Plan) -> Result<BTreeMap<u64, Vec<Move>>, String> {
    let refuse =
        |line: usize, why: String| format!("error: --resume: {}:{line}: {why}", path.display());
    // No file yet (or a symbolic link to none): the first run of the match.
    if std::fs::metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
        return Ok(BTreeMap::new());
    }
    let text = crate::files::read_text(path, MAX_RECORD_BYTES, Kind::MatchRecord)
        .map_err(|e| format!("error: --resume: {e}"))?;
    let games: Vec<(usize, &str)> = (1..)
        .zip(text.lines())
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let first = text.lines().next().unwrap_or("");
    let count = counted_games(plan, first).ok_or_else(|| {
        let why = format!(
            "not the record of this match: it begins\n  {first}\nwhere this match writes\n  {}",
            header(plan, plan.games as usize)
        );
        refuse(1, why)
    })?;
    if count != games.len() as u64 {
        let why = format!(
            "its first line counts {count} games, but it holds {}",
            games.len()
        );
        return Err(refuse(1, why));
    }
    let mut replays = BTreeMap::new();
    for (line, text) in games {
        let (index, moves) = game_moves(plan, text).map_err(|why| refuse(line, why))?;
        if replays.insert(index, moves).is_some() {
            return Err(refuse(line, format!("game {index} is given twice")));
        }
    }
    Ok(replays)
}

/// The count of games a record's first line gives, if it is the first line of a record
/// played by `plan` ([`header`]).
fn counted_games(plan: &Plan, first: &str) -> Option<u64> {
    let (before, after) = header_around_count(plan);
    let count = first.strip_prefix(&before)?.strip_suffix(&after)?;
    if !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    count.parse().ok()
}

/// A game line's number and moves, replayed from the start to the game's end (or the cap).
fn game_moves(plan: &Plan, line: &str) -> Result<(u64, Vec<Move>), String> {
    let malformed = || "expected `game N: ...; MOVES`".to_string();
    let number = line
        .strip_prefix("game ")
        .and_then(|rest| rest.split_once(':'));
    let index: u64 = number
        .and_then(|(n, _)| n.parse().ok())
        .ok_or_else(malformed)?;
    if index >= plan.games {
        return Err(format!(
            "game {index} is beyond the {} games asked",
            plan.games
        ));
    }
    let (_, texts) = line.rsplit_once(';').ok_or_else(malformed)?;
    let mut state = State::clone(plan.start);
    let mut moves = Vec::new();
    for (k, text) in (1..).zip(texts.split_whitespace()) {
        let m = crate::notation::parse_move(&mut state, text)
            .map_err(|e| format!("game {index}, move {k}: {e}"))?;
        state.apply(m);
        moves.push(m);
    }
    if moves.len() > plan.max_plies {
        return Err(format!(
            "game {index} has {} plies, more than the cap of {}",
            moves.len(),
            plan.max_plies
        ));
    }
    let mut legal = MoveList::new();
    state.legal_moves(&mut legal);
    if !legal.is_empty() && moves.len() < plan.max_plies {
        return Err(format!(
            "game {index} stops after {}, before its end and the cap",
            crate::ai::plies(moves.len() as u32)
        ));
    }
    Ok((index, moves))
}
