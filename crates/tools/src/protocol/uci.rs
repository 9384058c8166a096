//! UCI, the text protocol between game engines and their GUIs that `docs/protocols.md`
//! describes, for any game that FEN and UCI's move text fit ([`fits`]): two players on a
//! grid whose pieces have distinct letters, every move a piece's from one point to another. The game
//! is judged by its shape, never by its name. Positions are FEN
//! ([`notation::parse_fen`]), moves UCI text ([`notation::uci_text`]: `e2e4`, `e7e8q`).
//! `docs/protocols.md` lists the commands.
//!
//! A search stops when the budget `go` gives is spent, or through the session's
//! [`Stopper`]: the transport reads on while the session searches, and tells it when `stop`
//! or `quit` comes in (which stops any search) and when the input ends (which stops a
//! search that waits for `stop`, `go infinite`). Without such a transport `go infinite`
//! searches as deep as the search goes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rulebook_engine::{Move, MoveList, State};
use rulebook_model::{Chain, Game, MoveKind};
use rulebook_notation as notation;

pub use super::Options;
use super::{Answer, Protocol};
use crate::ai::{Budget, Judgement, Level, Searcher, Thought, LEVELS, TABLE_MEGABYTES};

/// The moves to the end of the game a clock's time is shared among, when `go` does not
/// say (`movestogo`).
const MOVES_TO_GO: u64 = 30;

/// The most threads the `Threads` option allows.
pub const MAX_THREADS: usize = 64;

/// The largest transposition table the `Hash` option allows, in megabytes.
pub const MAX_HASH: usize = 1024;

/// The most moves of the line of play an `info` line gives after `pv`.
const MOST_PV: usize = 32;

/// Whether UCI fits the game: FEN fits it ([`notation::fen_fits`]) and every move takes a
/// piece from one point to another (no placement, removal, shot, pass, chain of jumps or
/// second move in a turn), so that UCI's `e2e4` names it; else why not.
pub fn fits(game: &Game) -> Result<(), String> {
    notation::fen_fits(game).map_err(|why| why.replacen("FEN", "UCI", 1))?;
    let point_to_point = |k: &MoveKind| match k {
        MoveKind::Slide { .. } | MoveKind::Castle { .. } | MoveKind::Walk(_) => true,
        MoveKind::Jump { chain, .. } => *chain == Chain::Single,
        _ => false,
    };
    let why = if !game.moves.iter().all(|r| point_to_point(&r.kind)) {
        "some move does not take a piece from one point to another"
    } else if (game.moves.iter()).any(|r| r.filter.has_second_part() || r.kind.captures_in_line()) {
        "some move shoots or removes a piece besides"
    } else if game.facts.moves_again {
        "a player may move again, and UCI's players take turns"
    } else {
        return Ok(());
    };
    Err(format!("UCI does not fit {}: {why}", game.about.name))
}

/// What stops a session's searches from outside, shared with its transport.
#[derive(Clone, Debug, Default)]
pub struct Stopper {
    /// Set to stop the running search.
    stop: Arc<AtomicBool>,
    /// Whether the running search waits for `stop`.
    infinite: Arc<AtomicBool>,
    /// Whether the input has ended.
    ended: Arc<AtomicBool>,
}

impl Stopper {
    /// `stop` or `quit` has come in: the running search stops.
    pub fn command(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The input has ended: a search that waits for `stop` stops (now, or as it starts).
    pub fn input_ended(&self) {
        self.ended.store(true, Ordering::SeqCst);
        if self.infinite.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    /// A search that waits for `stop` begins (`waits`) or one ends.
    fn waiting(&self, waits: bool) {
        self.infinite.store(waits, Ordering::SeqCst);
        if waits && self.ended.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// What the UCI options (`setoption`) set, and what they started as.
#[derive(Clone, Copy, Debug)]
struct Settings {
    /// The level the session started at, the `Level` option's default.
    first_level: &'static str,
    /// The level set last.
    level: &'static str,
    /// Threads that search together where the search has a time limit.
    threads: usize,
    /// The transposition table's size, in megabytes.
    hash: usize,
}

/// A UCI session: the game, the position set by `position`, and the computer.
#[derive(Debug)]
pub struct Session {
    state: State,
    searcher: Searcher,
    options: Options,
    stopper: Stopper,
    settings: Settings,
}

impl Session {
    /// A session at the start of `game`, its budget (`options`) made from `level` (what
    /// the `Level` option shows as its default); the error says why UCI does not fit it.
    pub fn with_game(game: Arc<Game>, options: Options, level: Level) -> Result<Session, String> {
        fits(&game)?;
        Ok(Session {
            state: State::new(game),
            searcher: Searcher::new(),
            options,
            stopper: Stopper::default(),
            settings: Settings {
                first_level: level.name,
                level: level.name,
                threads: 1,
                hash: TABLE_MEGABYTES,
            },
        })
    }

    /// The position being played.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// What stops the session's searches, for its transport (see the module's comment).
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// Carries out a command: the reply's lines, or the error's words.
    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "uci" => Ok(format!(
                "id name rulebook {} ({})\nid author the rulebook authors\n{}uciok\n",
                env!("CARGO_PKG_VERSION"),
                self.state.game().about.name,
                self.option_lines()
            )),
            "isready" => Ok("readyok\n".to_string()),
            "ucinewgame" => {
                self.state = State::new(Arc::clone(self.state.game()));
                self.searcher = Searcher::new();
                self.searcher.set_table_megabytes(self.settings.hash);
                Ok(String::new())
            }
            "position" => self.position(args).map(|()| String::new()),
            "go" => self.go(args),
            "stop" => {
                self.stopper.stop.store(false, Ordering::SeqCst);
                Ok(String::new())
            }
            "quit" | "debug" | "ponderhit" => Ok(String::new()),
            "setoption" => self.set_option(args).map(|()| String::new()),
            _ => Err(format!("unknown command `{command}`")),
        }
    }

    /// The `option` lines of the reply to `uci`: `Level`, `Threads`, `Hash`.
    fn option_lines(&self) -> String {
        let levels: String = LEVELS.iter().map(|l| format!(" var {}", l.name)).collect();
        format!(
            "option name Level type combo default {}{levels}\n\
             option name Threads type spin default 1 min 1 max {MAX_THREADS}\n\
             option name Hash type spin default {TABLE_MEGABYTES} min 1 max {MAX_HASH}\n",
            self.settings.first_level
        )
    }

    /// `setoption name NAME value VALUE` (the name in any case): `Level` (the budget of
    /// `go` without limits becomes the level's), `Threads` (how many search together where
    /// the search has a time limit), `Hash` (the transposition table's megabytes, what it
    /// remembered forgotten). A bad name or value changes nothing.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let (name, value) = match args {
            ["name", rest @ ..] => match rest.iter().position(|&w| w == "value") {
                Some(k) => (rest[..k].join(" "), rest[k + 1..].join(" ")),
                None => (rest.join(" "), String::new()),
            },
            _ => return Err("expected `setoption name NAME value VALUE`".into()),
        };
        let number = |most: usize| {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or_else(|| {
                    format!("option `{name}` takes a whole number from 1 to {most}, not `{value}`")
                })
        };
        match name.to_ascii_lowercase().as_str() {
            "level" => {
                let lower = value.to_ascii_lowercase();
                let Some(level) = LEVELS.iter().find(|l| l.name == lower) else {
                    let names: Vec<&str> = LEVELS.iter().map(|l| l.name).collect();
                    return Err(format!(
                        "no level `{value}`; the levels are {}",
                        names.join(", ")
                    ));
                };
                self.options.budget = Budget::reproducible(level);
                self.settings.level = level.name;
            }
            "threads" => self.settings.threads = number(MAX_THREADS)?,
            "hash" => {
                self.settings.hash = number(MAX_HASH)?;
                self.searcher.set_table_megabytes(self.settings.hash);
            }
            _ => {
                return Err(format!(
                    "no option `{name}`; the options are Level, Threads and Hash"
                ))
            }
        }
        Ok(())
    }

    /// `position startpos|fen FEN [moves MOVE...]`: the position, set only if it and every
    /// move are good.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let game = Arc::clone(self.state.game());
        let (start, moves) = match args.iter().position(|&w| w == "moves") {
            Some(k) => (&args[..k], &args[k + 1..]),
            None => (args, &args[..0]),
        };
        let mut state =
            match start {
                ["startpos"] => State::new(game),
                ["fen", fen @ ..] => {
                    notation::parse_fen(&game, &fen.join(" "))
                        .map_err(|e| e.to_string())?
                        .0
                }
                _ => return Err(
                    "expected `position startpos` or `position fen FEN`, then `moves` and moves"
                        .into(),
                ),
            };
        for (i, text) in moves.iter().enumerate() {
            notation::play_text(&mut state, text)
                .map_err(|e| format!("move {} of the position: {e}", i + 1))?;
        }
        self.state = state;
        Ok(())
    }

    /// `go` with its limits: the computer's move, as `info` and `bestmove` lines.
    fn go(&mut self, args: &[&str]) -> Result<String, String> {
        let budget = Budget {
            threads: self.settings.threads,
            ..self.budget(args)?
        };
        let waits = args.contains(&"infinite");
        let mut moves = MoveList::new();
        if self.state.outcome_with(&mut moves).is_some() {
            return Ok("info string the game is over\nbestmove (none)\n".to_string());
        }
        let ply = self.state.ply() as u64;
        let seed = (self.options.seed).wrapping_add(ply.wrapping_mul(0x9e37_79b9));
        self.stopper.waiting(waits);
        let stop = Arc::clone(&self.stopper.stop);
        let thought = self.searcher.think(&self.state, budget, seed, &stop);
        self.stopper.waiting(false);
        let Some(t) = thought else {
            return Ok("bestmove (none)\n".to_string());
        };
        Ok(format!(
            "{}\nbestmove {}\n",
            self.info(&t),
            self.text(t.best)
        ))
    }

    /// The `info` line of a search: depth, score, nodes, time, the line of play it
    /// expects. The only legal move is not searched: its line has no score.
    fn info(&self, t: &Thought) -> String {
        let line = self.searcher.line(&self.state, t.best, MOST_PV);
        let pv = line_text(&self.state, &line);
        let time = t.elapsed.as_millis();
        if t.iterations == 0 {
            return format!("info depth 0 nodes 0 time {time} pv {pv}");
        }
        let score = match t.judgement {
            Judgement::Wins(plies) => format!("mate {}", plies.div_ceil(2)),
            Judgement::Loses(plies) => format!("mate -{}", plies.div_ceil(2)),
            Judgement::Lead(_) => format!("cp {}", t.hundredths),
            // A share of playouts won, as centipawns of an even game's 50%.
            Judgement::Sampled(s) => format!("cp {}", i64::from(s) - 500),
        };
        format!(
            "info depth {} score {score} nodes {} time {time} pv {pv}",
            t.depth.max(1),
            t.iterations,
        )
    }

    /// A move's UCI text.
    fn text(&self, m: Move) -> String {
        text(&self.state, m)
    }

    /// The budget of `go`'s limits: `depth N`, `nodes N`, `movetime MS`, the clocks
    /// (`wtime`, `btime`, `winc`, `binc`, `movestogo`), `infinite` (until `stop`); without
    /// any, the session's own.
    fn budget(&self, args: &[&str]) -> Result<Budget, String> {
        if args.is_empty() {
            return Ok(self.options.budget);
        }
        let mut budget = Budget::iterations(u64::MAX);
        let (mut clock, mut increment, mut to_go) = (None, 0, MOVES_TO_GO);
        let first = self.state.to_move().index() == 0;
        let mut words = args.iter();
        while let Some(&word) = words.next() {
            const LIMITS: [&str; 8] = [
                "depth",
                "nodes",
                "movetime",
                "wtime",
                "btime",
                "winc",
                "binc",
                "movestogo",
            ];
            if matches!(word, "infinite" | "ponder") {
                continue;
            }
            if !LIMITS.contains(&word) {
                return Err(format!("`go {word}` is not supported"));
            }
            let value = words
                .next()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| {
                    format!("`go {word}` takes a whole number (depth, nodes, or milliseconds)")
                })?;
            match word {
                "depth" => {
                    budget.depth = u32::try_from(value.max(1))
                        .unwrap_or(u32::MAX)
                        .min(budget.depth)
                }
                "nodes" => budget.iterations = value.max(1),
                "movetime" => budget.time = Some(Duration::from_millis(value.max(1))),
                "wtime" if first => clock = Some(value),
                "btime" if !first => clock = Some(value),
                "winc" if first => increment = value,
                "binc" if !first => increment = value,
                "movestogo" => to_go = value.max(1),
                _ => {}
            }
        }
        if let Some(left) = clock {
            // A share of the time left and most of the increment, never over half of it.
            let share = (left / to_go + increment * 3 / 4).min(left / 2).max(1);
            budget.time = Some(budget.time.map_or(Duration::from_millis(share), |t| {
                t.min(Duration::from_millis(share))
            }));
        }
        Ok(budget)
    }
}

/// A move's UCI text in `state` (its canonical text if it has none, which [`fits`] rules
/// out).
fn text(state: &State, m: Move) -> String {
    notation::uci_text(state, m).unwrap_or_else(|| notation::move_text(state, m))
}

/// The UCI texts of a line of moves from `state`, joined by spaces.
fn line_text(state: &State, line: &[Move]) -> String {
    let mut state = state.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &m in line {
        texts.push(text(&state, m));
        state.apply(m);
    }
    texts.join(" ")
}

impl Protocol for Session {
    /// Answers a command line: its reply lines, or `info string error: ...`; an empty line
    /// gets none.
    fn handle(&mut self, line: &str) -> Answer {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Answer::goes_on(String::new());
        };
        let args: Vec<&str> = words.collect();
        let text = match self.run(command, &args) {
            Ok(text) => text,
            Err(why) => format!("info string error: {}\n", why.replace('\n', " ")),
        };
        Answer {
            text,
            quit: command == "quit",
        }
    }

    fn refuse(&mut self, why: &str) -> Answer {
        Answer::goes_on(format!("info string error: {why}\n"))
    }
}
