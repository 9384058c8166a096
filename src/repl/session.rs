//! The REPL's engine: a game in progress and the commands on it, string in, string out.
//! Nothing here touches the terminal, so every command is tested with plain strings.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::command::{self, Command};
use crate::ai::{self, Budget, Level, Searcher};
use crate::engine::{Move, MoveList, State};
use crate::notation::{self, MoveError};
use crate::record::{self, Record, Setup};
use crate::render;

/// The most moves the computer plays in a row for one line (when it plays every side).
pub const MAX_COMPUTER_MOVES: usize = 200;

/// The moves a hint lists.
const HINT_MOVES: usize = 3;

/// How a session behaves.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Colour the board (ANSI escape codes).
    pub color: bool,
    /// Interactive use: the computer also obeys its levels' time limits and reports its
    /// think time. Otherwise it uses iteration budgets only, so a script plays the same
    /// game on every machine.
    pub interactive: bool,
    /// Where unsaved games go on quit (and before `new`, `preset`, `set`, `load`).
    pub autosave: Option<PathBuf>,
    /// The seed of the computer's searches.
    pub seed: u64,
}

/// What a line gave: text to print, whether it was refused, whether to leave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Text to print (ends with a newline unless empty).
    pub text: String,
    /// The line was refused (an illegal move, a bad command).
    pub error: bool,
    /// The user asked to leave.
    pub quit: bool,
}

impl Reply {
    fn ok(text: String) -> Reply {
        Reply {
            text,
            ..Reply::default()
        }
    }

    fn error(text: impl Into<String>) -> Reply {
        let mut text = text.into();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        Reply {
            text: format!("error: {text}"),
            error: true,
            quit: false,
        }
    }
}

/// A game being played, with the computer's seats and the moves taken back.
pub struct Session {
    setup: Setup,
    state: State,
    redo: Vec<Move>,
    /// The computer's level for each seat it takes: seat i is the person who began as
    /// player i (see [`Session::seat`]).
    ai: Vec<Option<Level>>,
    searcher: Searcher,
    stop: Arc<AtomicBool>,
    options: Options,
    /// The moves as last saved or loaded (or none, for a new game).
    saved: Vec<Move>,
}

impl Session {
    /// A session on a game's start position.
    pub fn new(setup: Setup, options: Options) -> Result<Session, String> {
        let game = setup.load()?;
        let state = State::new(game);
        Ok(Session::with_state(setup, state, options))
    }

    /// A session resuming a game record (already replayed into `state`).
    pub fn with_state(setup: Setup, state: State, options: Options) -> Session {
        let players = state.game().players.len();
        let saved = state.moves_played().collect();
        Session {
            setup,
            state,
            redo: Vec::new(),
            ai: vec![None; players],
            searcher: Searcher::new(),
            stop: Arc::new(AtomicBool::new(false)),
            options,
            saved,
        }
    }

    /// The flag that stops the computer's think (set it from a Ctrl-C handler).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Whether the board is coloured.
    pub fn color(&self) -> bool {
        self.options.color
    }

    /// The position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Whether moves were played since the game was started, saved or loaded.
    pub fn unsaved(&self) -> bool {
        self.state.ply() > 0 && !self.state.moves_played().eq(self.saved.iter().copied())
    }

    /// The greeting: the game, how to get help, and the position.
    pub fn greeting(&mut self) -> String {
        let mut out = format!("{}\n", self.title());
        out.push_str("Type a move, `moves` for the legal moves, `help` for the commands.\n");
        out.push_str(&self.after_change());
        out
    }

    /// The prompt: who is to move.
    pub fn prompt(&mut self) -> String {
        match self.state.outcome() {
            Some(_) => "game over> ".to_string(),
            None => format!("{}> ", self.player_name(self.state.to_move())),
        }
    }

    /// Words that complete at the start of a line: the legal moves, then the commands.
    pub fn completions(&mut self) -> Vec<String> {
        let mut words = self.legal_texts();
        words.extend(command::names().map(str::to_string));
        words
    }

    /// Words that complete after a command (`ai`: sides and levels; `preset`: the game's
    /// current preset; `help`: commands).
    pub fn argument_completions(&self, command: &str) -> Vec<String> {
        match command::spec(command).map(|s| s.name) {
            Some("ai") => {
                let mut w: Vec<String> = self.state.game().players.clone();
                w.extend(["both", "off"].map(String::from));
                w.extend(ai::LEVELS.iter().map(|l| l.name.to_string()));
                w
            }
            Some("hint") => ai::LEVELS.iter().map(|l| l.name.to_string()).collect(),
            Some("help") => command::names().map(str::to_string).collect(),
            Some("set") => self
                .state
                .game()
                .settings
                .iter()
                .map(|s| format!("{}=", s.name))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Handles one line: a command or a move. Lines that are only blanks do nothing.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            // An empty line lets the computer go on if it is to move (after a pause).
            if self.computer(self.state.to_move()).is_some() && self.state.outcome().is_none() {
                return Reply::ok(self.after_change());
            }
            return Reply::default();
        }
        // A legal move's exact text is a move, even if it looks like a command.
        if self.legal_texts().iter().any(|t| t == line) {
            return self.play_line(line);
        }
        match command::parse(line) {
            Err(e) => Reply::error(e),
            Ok(c) => self.run(c),
        }
    }

    /// Saves the game to the autosave file if it has unsaved moves; returns what was done.
    pub fn autosave(&mut self) -> Option<String> {
        if !self.unsaved() {
            return None;
        }
        let Some(path) = self.options.autosave.clone() else {
            return Some("(no place for an autosave file: unsaved moves are lost)\n".into());
        };
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        Some(match self.save_to(&path) {
            Ok(()) => format!(
                "unsaved moves kept in {} (`rulebook play --resume` reopens them)\n",
                path.display()
            ),
            Err(e) => format!("error: {e}; unsaved moves are lost\n"),
        })
    }

    fn run(&mut self, c: Command) -> Reply {
        match c {
            Command::Help(topic) => match command::help(topic.as_deref()) {
                Ok(t) => Reply::ok(t),
                Err(e) => Reply::error(e),
            },
            Command::Moves => {
                let texts = self.legal_texts();
                if texts.is_empty() {
                    Reply::ok("no legal moves: the game is over\n".into())
                } else {
                    Reply::ok(format!(
                        "{} legal move{}: {}\n",
                        texts.len(),
                        plural(texts.len()),
                        texts.join(" ")
                    ))
                }
            }
            Command::Undo(n) => self.undo(n),
            Command::Redo(n) => self.redo(n),
            Command::New => self.restart(self.setup.clone()),
            Command::Preset(p) => self.restart(Setup {
                game: self.setup.game.clone(),
                preset: Some(p),
                sets: Vec::new(),
            }),
            Command::Set(sets) => {
                let mut setup = self.setup.clone();
                for s in sets {
                    let key = s.split('=').next().unwrap_or("").to_string();
                    setup
                        .sets
                        .retain(|old| old.split('=').next() != Some(key.as_str()));
                    setup.sets.push(s);
                }
                self.restart(setup)
            }
            Command::AiShow => Reply::ok(self.ai_seats()),
            Command::AiOff => {
                self.ai.iter_mut().for_each(|a| *a = None);
                Reply::ok("the computer plays no side\n".into())
            }
            Command::Ai { side, level } => self.set_ai(&side, level.as_deref()),
            Command::Hint(level) => self.hint(level.as_deref()),
            Command::History => Reply::ok(self.history()),
            Command::Save(file) => match self.save_to(Path::new(&file)) {
                Ok(()) => Reply::ok(format!(
                    "saved {} move{} to {file}\n",
                    self.state.ply(),
                    plural(self.state.ply())
                )),
                Err(e) => Reply::error(e),
            },
            Command::Load(file) => self.load(&file),
            Command::Show => Reply::ok(render::summary(self.state.game())),
            Command::Board => Reply::ok(render::play_view(&self.state, self.options.color)),
            Command::Quit => Reply {
                text: self.autosave().unwrap_or_default(),
                error: false,
                quit: true,
            },
            Command::Move(text) => self.play_line(&text),
        }
    }

    /// Plays a typed move, then the computer's replies.
    fn play_line(&mut self, text: &str) -> Reply {
        if let Some(level) = self.computer(self.state.to_move()) {
            if self.state.outcome().is_none() {
                return Reply::error(format!(
                    "it is the computer's turn ({} plays {}); `ai off` to take over",
                    level.name,
                    self.player_name(self.state.to_move())
                ));
            }
        }
        match self.resolve(text) {
            Err(e) => Reply::error(e),
            Ok(m) => {
                self.state.apply(m);
                if self.redo.last() == Some(&m) {
                    self.redo.pop();
                } else {
                    self.redo.clear();
                }
                Reply::ok(self.after_change())
            }
        }
    }

    /// The move a typed text means: canonical text, or a forgiving form that names one legal
    /// move only (its origin or its destination alone, any letter case).
    fn resolve(&mut self, text: &str) -> Result<Move, String> {
        let engine_error = match notation::parse_move(&mut self.state, text) {
            Ok(m) => return Ok(m),
            Err(MoveError::GameOver) => {
                return Err("the game is over: `new` starts again, `undo` takes back".into())
            }
            Err(e) => e.to_string(),
        };
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        let wanted = normalize(text);
        let texts: Vec<(Move, String)> = moves
            .iter()
            .map(|&m| (m, notation::move_text(&self.state, m)))
            .collect();
        if let Some((m, _)) = texts.iter().find(|(_, t)| normalize(t) == wanted) {
            return Ok(*m);
        }
        let candidates: Vec<&(Move, String)> = texts
            .iter()
            .filter(|(_, t)| {
                let parts: Vec<String> = t
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .filter(|p| !p.is_empty())
                    .map(normalize)
                    .collect();
                parts.len() > 1 && (parts.first() == Some(&wanted) || parts.last() == Some(&wanted))
            })
            .collect();
        match candidates.as_slice() {
            [(m, _)] => Ok(*m),
            [] if self.state.game().board.site_named(text.trim()).is_some() => Err(format!(
                "no legal move of {} starts or ends at `{text}`\n(`moves` lists the legal moves)",
                self.player_name(self.state.to_move())
            )),
            [] => Err(format!("{engine_error}\n(`moves` lists the legal moves)")),
            many => Err(format!(
                "`{text}` is ambiguous: it could be {}",
                many.iter()
                    .map(|(_, t)| t.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        }
    }

    /// After the position changed: the computer's moves, then the position.
    fn after_change(&mut self) -> String {
        let mut out = self.computer_moves();
        out.push_str(&render::play_view(&self.state, self.options.color));
        out
    }

    /// Lets the computer play while it is to move; a stop request ends the run after the
    /// move being thought about (played with the best found so far).
    fn computer_moves(&mut self) -> String {
        let mut out = String::new();
        let mut played = 0;
        while self.state.outcome().is_none() {
            if played == MAX_COMPUTER_MOVES {
                out.push_str(&format!(
                    "(the computer paused after {played} moves: an empty line goes on)\n"
                ));
                break;
            }
            played += 1;
            let mover = self.state.to_move();
            let Some(level) = self.computer(mover) else {
                break;
            };
            let Some(t) = self.think(&level) else {
                break;
            };
            let text = notation::move_text(&self.state, t.best);
            out.push_str(&format!(
                "{} ({}) plays {text}{}\n",
                self.player_name(mover),
                level.name,
                self.think_note(&t)
            ));
            self.state.apply(t.best);
            self.redo.clear();
            if t.interrupted {
                out.push_str("(interrupted: the computer played its best move so far)\n");
                break;
            }
        }
        out
    }

    fn think(&mut self, level: &Level) -> Option<ai::Thought> {
        let budget = if self.options.interactive {
            Budget::of(level)
        } else {
            Budget::reproducible(level)
        };
        self.stop.store(false, Ordering::Relaxed);
        let seed = self
            .options
            .seed
            .wrapping_add((self.state.ply() as u64).wrapping_mul(0x9e37_79b9));
        let t = self.searcher.think(&self.state, budget, seed, &self.stop);
        self.stop.store(false, Ordering::Relaxed);
        t
    }

    fn think_note(&self, t: &ai::Thought) -> String {
        if t.iterations == 0 {
            "  (the only legal move)".to_string()
        } else if self.options.interactive {
            format!(
                "  ({} iterations, {:.2} s)",
                t.iterations,
                t.elapsed.as_secs_f64()
            )
        } else {
            format!("  ({} iterations)", t.iterations)
        }
    }

    /// The computer's best moves (at most [`HINT_MOVES`]) at a level (the default one
    /// unless named), each with what it leads to in words.
    fn hint(&mut self, level: Option<&str>) -> Reply {
        let level = match named_level(level) {
            Ok(l) => l,
            Err(e) => return Reply::error(e),
        };
        let budget = if self.options.interactive {
            Budget::of(&level)
        } else {
            Budget::reproducible(&level)
        };
        self.stop.store(false, Ordering::Relaxed);
        let seed = self
            .options
            .seed
            .wrapping_add((self.state.ply() as u64).wrapping_mul(0x9e37_79b9));
        let ranked = self.searcher.rank(&self.state, budget, seed, &self.stop);
        self.stop.store(false, Ordering::Relaxed);
        let Some((t, moves)) = ranked else {
            return Reply::error("the game is over: there is nothing to suggest");
        };
        let now = ai::lead(&self.state, self.state.to_move());
        let unit = ai::unit(self.state.game());
        let mut out = format!(
            "hint ({}, {} ahead): {}{}\n",
            level.name,
            if t.depth == 1 {
                "1 ply".to_string()
            } else {
                format!("{} plies", t.depth)
            },
            notation::move_text(&self.state, t.best),
            self.think_note(&t)
        );
        for r in moves.iter().take(HINT_MOVES) {
            out.push_str(&format!(
                "  {:<10} {}\n",
                notation::move_text(&self.state, r.mv),
                ai::explain(r.judgement, now, unit)
            ));
        }
        Reply::ok(out)
    }

    fn undo(&mut self, n: usize) -> Reply {
        if self.state.ply() == 0 {
            return Reply::error("nothing to undo");
        }
        let human_plays = self.ai.iter().any(Option::is_none);
        for _ in 0..n {
            let Some(m) = self.state.undo() else { break };
            self.redo.push(m);
            // Against the computer, go back to a position where a person is to move.
            while human_plays && self.computer(self.state.to_move()).is_some() {
                match self.state.undo() {
                    Some(m) => self.redo.push(m),
                    None => break,
                }
            }
        }
        Reply::ok(render::play_view(&self.state, self.options.color))
    }

    fn redo(&mut self, n: usize) -> Reply {
        if self.redo.is_empty() {
            return Reply::error("nothing to redo");
        }
        for _ in 0..n {
            let Some(m) = self.redo.pop() else { break };
            if notation::play(&mut self.state, m).is_err() {
                self.redo.clear();
                break;
            }
            // The computer's moves taken back with this one come back with it.
            while self.computer(self.state.to_move()).is_some() {
                let Some(m) = self.redo.pop() else { break };
                if notation::play(&mut self.state, m).is_err() {
                    self.redo.clear();
                    break;
                }
            }
        }
        Reply::ok(render::play_view(&self.state, self.options.color))
    }

    /// Starts a new game from `setup`; on error the current game is kept.
    fn restart(&mut self, setup: Setup) -> Reply {
        let game = match setup.load() {
            Ok(g) => g,
            // The diagnostics are rendered already (`error: ...`).
            Err(e) => {
                return Reply {
                    text: format!("{}\nthe current game is kept\n", e.trim_end()),
                    error: true,
                    quit: false,
                }
            }
        };
        let mut out = self.autosave().unwrap_or_default();
        self.replace(setup, State::new(game));
        out.push_str(&format!("{}\n", self.title()));
        out.push_str(&self.after_change());
        Reply::ok(out)
    }

    fn replace(&mut self, setup: Setup, state: State) {
        let same_players = state.game().players == self.state.game().players;
        self.saved = state.moves_played().collect();
        self.setup = setup;
        self.state = state;
        self.redo.clear();
        if !same_players {
            self.ai = vec![None; self.state.game().players.len()];
        }
    }

    fn load(&mut self, file: &str) -> Reply {
        let loaded = record::load(Path::new(file)).and_then(|r| {
            let state = r.replay().map_err(|e| format!("`{file}`: {e}"))?;
            Ok((r.setup(), state))
        });
        match loaded {
            Err(e) => Reply::error(format!("{e}\nthe current game is kept")),
            Ok((setup, state)) => {
                let mut out = self.autosave().unwrap_or_default();
                self.replace(setup, state);
                out.push_str(&format!(
                    "loaded {} ({} move{})\n",
                    file,
                    self.state.ply(),
                    plural(self.state.ply())
                ));
                out.push_str(&self.after_change());
                Reply::ok(out)
            }
        }
    }

    fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let record = Record::of(&self.setup, &self.state);
        record::save(path, &record)?;
        self.saved = self.state.moves_played().collect();
        Ok(())
    }

    fn set_ai(&mut self, side: &str, level: Option<&str>) -> Reply {
        let level = match named_level(level) {
            Ok(l) => l,
            Err(e) => return Reply::error(e),
        };
        let players = self.state.game().players.clone();
        if side.eq_ignore_ascii_case("both") || side.eq_ignore_ascii_case("all") {
            self.ai.iter_mut().for_each(|a| *a = Some(level));
        } else {
            match players.iter().position(|p| p.eq_ignore_ascii_case(side)) {
                Some(p) => {
                    let seat = self.seat(p as u8);
                    self.ai[seat] = Some(level);
                }
                None => {
                    return Reply::error(format!(
                        "no side `{side}`; the sides are {} (or `both`)",
                        players.join(", ")
                    ))
                }
            }
        }
        let mut out = self.ai_seats();
        let moves = self.computer_moves();
        if !moves.is_empty() {
            out.push_str(&moves);
            out.push_str(&render::play_view(&self.state, self.options.color));
        }
        Reply::ok(out)
    }

    /// The seat of the person playing `colour`. Seats are people: the pie rule's swap
    /// exchanges the colours they play, so the computer keeps its seat, not its colour.
    fn seat(&self, colour: u8) -> usize {
        let players = self.ai.len() as u8;
        if self.state.swapped() {
            ((colour + 1) % players) as usize
        } else {
            colour as usize
        }
    }

    /// The computer's level for the side playing `colour`, if the computer plays it.
    fn computer(&self, colour: u8) -> Option<Level> {
        self.ai[self.seat(colour)]
    }

    fn ai_seats(&self) -> String {
        let seats: Vec<String> = (0..self.ai.len() as u8)
            .filter_map(|p| {
                self.computer(p)
                    .map(|l| format!("{} ({})", self.player_name(p), l.name))
            })
            .collect();
        if seats.is_empty() {
            "the computer plays no side (`ai SIDE LEVEL` to change)\n".into()
        } else {
            format!("the computer plays {}\n", seats.join(" and "))
        }
    }

    fn history(&self) -> String {
        if self.state.ply() == 0 {
            return "no moves yet\n".into();
        }
        // Replay from the start to know who made each move (extra turns repeat a mover).
        let mut replay = State::new(Arc::clone(self.state.game()));
        let mut out = String::new();
        for (i, m) in self.state.moves_played().enumerate() {
            let mover = replay.to_move();
            out.push_str(&format!(
                "{:>3}. {} {}\n",
                i + 1,
                self.player_name(mover),
                notation::move_text(&replay, m)
            ));
            replay.apply(m);
        }
        out
    }

    fn title(&self) -> String {
        let g = self.state.game();
        let settings: Vec<String> = g
            .settings
            .iter()
            .map(|s| format!("{}={}", s.name, s.value))
            .collect();
        let preset = g
            .preset
            .as_ref()
            .map_or(String::new(), |p| format!("preset {p}: "));
        let name = crate::render::terminal_safe(&g.name);
        if settings.is_empty() && preset.is_empty() {
            name.into_owned()
        } else {
            format!("{name} ({preset}{})", settings.join(" "))
        }
    }

    fn player_name(&self, p: u8) -> String {
        self.state.game().players[p as usize].clone()
    }

    fn legal_texts(&mut self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| notation::move_text(&self.state, m))
            .collect()
    }
}

/// The level named (a unique prefix too), the default one if none is, or why not.
fn named_level(name: Option<&str>) -> Result<Level, String> {
    let Some(name) = name else {
        return Ok(ai::level(ai::DEFAULT_LEVEL).expect("the default level exists"));
    };
    ai::level(name).ok_or_else(|| {
        let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
        format!("no level `{name}`; the levels are {}", names.join(", "))
    })
}

fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
