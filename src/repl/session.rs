//! The REPL's engine: a game in progress and the commands on it, string in, string out.
//! Nothing here touches the terminal, so every command is tested with plain strings.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::command::{self, Command};
use crate::ai::{self, Budget, Level, Searcher};
use crate::engine::{Move, MoveList, State};
use crate::record::{self, Record, Setup};
use crate::render;

/// The most moves the computer plays in a row for one line (when it plays every side).
pub const MAX_COMPUTER_MOVES: usize = 200;

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
    /// The computer's level for each player it plays.
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
            let mover = self.state.to_move() as usize;
            if self.ai[mover].is_some() && self.state.outcome().is_none() {
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
            Command::Hint => self.hint(),
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
            Command::Board => Reply::ok(render::play_view(&mut self.state, self.options.color)),
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
        if let Some(level) = self.ai[self.state.to_move() as usize] {
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
        let engine_error = match self.state.parse_move(text) {
            Ok(m) => return Ok(m),
            Err(crate::engine::MoveError::GameOver) => {
                return Err("the game is over: `new` starts again, `undo` takes back".into())
            }
            Err(e) => e.to_string(),
        };
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        let wanted = normalize(text);
        let texts: Vec<(Move, String)> = moves
            .iter()
            .map(|&m| (m, self.state.move_text(m)))
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
        out.push_str(&render::play_view(&mut self.state, self.options.color));
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
            let Some(level) = self.ai[mover as usize] else {
                break;
            };
            let Some(t) = self.think(&level) else {
                break;
            };
            let text = self.state.move_text(t.best);
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
            Budget::iterations(level.iterations)
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

    fn hint(&mut self) -> Reply {
        let level = ai::level(ai::DEFAULT_LEVEL).expect("the default level exists");
        match self.think(&level) {
            None => Reply::error("the game is over: there is nothing to suggest"),
            Some(t) => Reply::ok(format!(
                "hint: {} (expected score {:.2}){}\n",
                self.state.move_text(t.best),
                t.value,
                self.think_note(&t)
            )),
        }
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
            while human_plays && self.ai[self.state.to_move() as usize].is_some() {
                match self.state.undo() {
                    Some(m) => self.redo.push(m),
                    None => break,
                }
            }
        }
        Reply::ok(render::play_view(&mut self.state, self.options.color))
    }

    fn redo(&mut self, n: usize) -> Reply {
        if self.redo.is_empty() {
            return Reply::error("nothing to redo");
        }
        for _ in 0..n {
            let Some(m) = self.redo.pop() else { break };
            if self.state.play(m).is_err() {
                self.redo.clear();
                break;
            }
            // The computer's moves taken back with this one come back with it.
            while self.ai[self.state.to_move() as usize].is_some() {
                let Some(m) = self.redo.pop() else { break };
                if self.state.play(m).is_err() {
                    self.redo.clear();
                    break;
                }
            }
        }
        Reply::ok(render::play_view(&mut self.state, self.options.color))
    }

    /// Starts a new game from `setup`; on error the current game is kept.
    fn restart(&mut self, setup: Setup) -> Reply {
        let game = match setup.load() {
            Ok(g) => g,
            Err(e) => return Reply::error(format!("{e}the current game is kept")),
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
        let record = Record::of(&self.setup, &mut self.state);
        record::save(path, &record)?;
        self.saved = self.state.moves_played().collect();
        Ok(())
    }

    fn set_ai(&mut self, side: &str, level: Option<&str>) -> Reply {
        let level = match level {
            None => ai::level(ai::DEFAULT_LEVEL).expect("the default level exists"),
            Some(name) => match ai::level(name) {
                Some(l) => l,
                None => {
                    let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
                    return Reply::error(format!(
                        "no level `{name}`; the levels are {}",
                        names.join(", ")
                    ));
                }
            },
        };
        let players = self.state.game().players.clone();
        if side.eq_ignore_ascii_case("both") || side.eq_ignore_ascii_case("all") {
            self.ai.iter_mut().for_each(|a| *a = Some(level));
        } else {
            match players.iter().position(|p| p.eq_ignore_ascii_case(side)) {
                Some(p) => self.ai[p] = Some(level),
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
            out.push_str(&render::play_view(&mut self.state, self.options.color));
        }
        Reply::ok(out)
    }

    fn ai_seats(&self) -> String {
        let seats: Vec<String> = self
            .ai
            .iter()
            .enumerate()
            .filter_map(|(p, l)| l.map(|l| format!("{} ({})", self.player_name(p as u8), l.name)))
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
                replay.move_text(m)
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
        if settings.is_empty() && preset.is_empty() {
            g.name.clone()
        } else {
            format!("{} ({preset}{})", g.name, settings.join(" "))
        }
    }

    fn player_name(&self, p: u8) -> String {
        self.state.game().players[p as usize].clone()
    }

    fn legal_texts(&mut self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        moves.iter().map(|&m| self.state.move_text(m)).collect()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("rulebook-session-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn session(game: &str, sets: &[&str], autosave: Option<PathBuf>) -> Session {
        let setup = Setup {
            game: game.into(),
            preset: None,
            sets: sets.iter().map(|s| s.to_string()).collect(),
        };
        let options = Options {
            autosave,
            seed: 3,
            ..Options::default()
        };
        Session::new(setup, options).unwrap()
    }

    fn ok(s: &mut Session, line: &str) -> String {
        let r = s.handle(line);
        assert!(!r.error, "`{line}` was refused: {}", r.text);
        r.text
    }

    fn refused(s: &mut Session, line: &str) -> String {
        let r = s.handle(line);
        assert!(r.error, "`{line}` was accepted: {}", r.text);
        assert!(r.text.starts_with("error: "), "{}", r.text);
        r.text
    }

    fn texts(s: &Session) -> Vec<String> {
        s.state
            .moves_played()
            .map(|m| s.state.move_text(m))
            .collect()
    }

    #[test]
    fn help_and_moves() {
        let mut s = session("ming-mang", &["size=4"], None);
        assert!(ok(&mut s, "help").contains("save FILE"));
        assert!(ok(&mut s, "? undo").contains("take back"));
        assert!(refused(&mut s, "help fly").contains("no command `fly`"));
        assert_eq!(
            ok(&mut s, "moves"),
            "8 legal moves: d2-b2 d2-c2 d3-b3 d3-c3 b4-b2 b4-b3 c4-c2 c4-c3\n"
        );
        assert_eq!(ok(&mut s, "m"), ok(&mut s, "legal"));
        assert!(ok(&mut s, "   ").is_empty());
    }

    #[test]
    fn moves_canonical_forgiving_ambiguous_and_illegal() {
        let mut s = session("ming-mang", &["size=4"], None);
        let view = ok(&mut s, "d2-c2");
        assert!(view.contains("last move: d2-c2 by black"), "{view}");
        assert!(view.contains("to move: white"), "{view}");
        // An origin alone, when that piece has one move only; any case.
        ok(&mut s, "A2");
        assert_eq!(texts(&s), ["d2-c2", "a2-b2"]);

        let e = refused(&mut s, "c3");
        assert!(
            e.contains("ambiguous") && e.contains("d3-c3") && e.contains("c4-c3"),
            "{e}"
        );
        let e = refused(&mut s, "d3-a3");
        assert!(e.contains("d3-a3 is not legal"), "{e}");
        let e = refused(&mut s, "zz");
        assert!(e.contains("not a move") && e.contains("`moves`"), "{e}");
        let e = refused(&mut s, "a1");
        assert!(
            e.contains("no legal move of black starts or ends at `a1`"),
            "{e}"
        );
        assert_eq!(s.state.ply(), 2, "refused moves change nothing");
        // A destination alone, when one piece only can go there.
        let setup = s.setup.clone();
        let game = Arc::clone(s.state.game());
        let cells = render::parse_diagram(&game, ". . . B\n. . . .\n. . . .\nW . . .\n");
        let state = State::with_cells(game, cells.unwrap(), 0);
        let mut lone = Session::with_state(setup, state, Options::default());
        ok(&mut lone, "d1");
        assert_eq!(texts(&lone), ["d4-d1"]);
    }

    #[test]
    fn undo_and_redo() {
        let mut s = session("ming-mang", &["size=4"], None);
        refused(&mut s, "undo");
        refused(&mut s, "redo");
        ok(&mut s, "d2-c2");
        ok(&mut s, "a3-b3");
        ok(&mut s, "undo 2");
        assert_eq!(s.state.ply(), 0);
        ok(&mut s, "redo");
        assert_eq!(texts(&s), ["d2-c2"]);
        ok(&mut s, "r");
        assert_eq!(texts(&s), ["d2-c2", "a3-b3"]);
        ok(&mut s, "u");
        ok(&mut s, "a2-b2");
        refused(&mut s, "redo");
    }

    #[test]
    fn new_preset_and_set_start_again_and_keep_the_game_on_error() {
        let dir = temp_dir("restart");
        let mut s = session("ming-mang", &["size=4"], Some(dir.join("auto.yaml")));
        ok(&mut s, "d2-c2");
        let out = ok(&mut s, "new");
        assert!(out.contains("unsaved moves kept in"), "{out}");
        assert_eq!(s.state.ply(), 0);
        assert_eq!(
            crate::record::load(&dir.join("auto.yaml")).unwrap().moves,
            ["d2-c2"]
        );
        ok(&mut s, "set size=5");
        assert_eq!(s.state.game().board.width, 5);
        ok(&mut s, "set corner=board");
        assert_eq!(s.state.game().board.width, 5, "set keeps other settings");
        let e = refused(&mut s, "set size=99");
        assert!(e.contains("current game is kept"), "{e}");
        assert_eq!(s.state.game().board.width, 5);
        ok(&mut s, "preset 8x8");
        assert_eq!(s.state.game().board.width, 8);
        assert!(refused(&mut s, "preset nine").contains("current game is kept"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_computer_plays_a_side() {
        let mut s = session("ming-mang", &["size=4"], None);
        assert!(ok(&mut s, "ai").contains("plays no side"));
        assert!(refused(&mut s, "ai green").contains("the sides are black, white"));
        assert!(refused(&mut s, "ai white genius").contains("easy, medium, strong"));
        // The computer takes black, who is to move: it moves at once.
        let out = ok(&mut s, "ai black easy");
        assert!(out.contains("the computer plays black (easy)"), "{out}");
        assert!(out.contains("black (easy) plays "), "{out}");
        assert_eq!(s.state.ply(), 1);
        // White (a person) moves; the computer answers for black.
        let mut moves = MoveList::new();
        s.state.legal_moves(&mut moves);
        let white = s.state.move_text(moves[0]);
        let out = ok(&mut s, &white);
        assert!(out.contains("black (easy) plays "), "{out}");
        assert_eq!(s.state.ply(), 3);
        ok(&mut s, "ai off");
        assert!(ok(&mut s, "ai").contains("plays no side"));
        // Both sides: it plays a game to its end.
        let mut m = session("mangala", &[], None);
        let out = ok(&mut m, "ai both easy");
        assert!(out.contains("game over: "), "{out}");
        assert!(m.state.clone().outcome().is_some());
    }

    #[test]
    fn undo_against_the_computer_goes_back_to_the_persons_turn() {
        let mut s = session("gundru", &[], None);
        ok(&mut s, "ai white easy");
        let out = ok(&mut s, "i2-e2");
        assert!(out.contains("white (easy) plays"), "{out}");
        assert_eq!(s.state.ply(), 2);
        ok(&mut s, "undo");
        assert_eq!(s.state.ply(), 0, "back to black's turn");
        ok(&mut s, "redo");
        assert_eq!(s.state.ply(), 2, "redo replays the computer's move too");
        ok(&mut s, "ai off");
        ok(&mut s, "undo");
        assert_eq!(s.state.ply(), 1, "without the computer, one move");
    }

    #[test]
    fn hint_and_history_and_extra_turns() {
        let mut s = session("mangala", &[], None);
        assert_eq!(ok(&mut s, "history"), "no moves yet\n");
        let hint = ok(&mut s, "hint");
        assert!(hint.starts_with("hint: "), "{hint}");
        assert_eq!(s.state.ply(), 0, "a hint plays nothing");
        // Pit 4 ends in the store: south moves again.
        ok(&mut s, "4");
        ok(&mut s, "1");
        assert_eq!(ok(&mut s, "history"), "  1. south 4\n  2. south 1\n");
    }

    #[test]
    fn save_and_load_and_bad_records() {
        let dir = temp_dir("save");
        let file = dir.join("g.yaml");
        let f = file.to_str().unwrap().to_string();
        let mut s = session("ming-mang", &["size=4"], None);
        ok(&mut s, "d2-c2");
        assert!(s.unsaved());
        assert!(ok(&mut s, &format!("save {f}")).contains("saved 1 move"));
        assert!(!s.unsaved());
        ok(&mut s, "a3-b3");
        let mut t = session("gundru", &[], None);
        let out = ok(&mut t, &format!("load {f}"));
        assert!(
            out.contains("loaded") && out.contains("last move: d2-c2"),
            "{out}"
        );
        assert_eq!(texts(&t), ["d2-c2"]);
        assert_eq!(t.state.game().board.width, 4);
        // Corrupt and mismatched records are refused; the game is kept.
        std::fs::write(&file, "game: ming-mang\nmoves: [\n").unwrap();
        let e = refused(&mut t, &format!("load {f}"));
        assert!(
            e.contains("not a game record") && e.contains("current game is kept"),
            "{e}"
        );
        std::fs::write(
            &file,
            "game: ming-mang\noptions: {size: '4'}\nmoves: [a1-a2]\n",
        )
        .unwrap();
        let e = refused(&mut t, &format!("load {f}"));
        assert!(e.contains("move 1 (`a1-a2`)"), "{e}");
        assert!(refused(&mut t, "load /no/such/file.yaml").contains("cannot read"));
        assert_eq!(texts(&t), ["d2-c2"]);
        let e = refused(&mut t, &format!("save {}/no/dir/x.yaml", dir.display()));
        assert!(e.contains("cannot save"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn show_board_and_quit_with_autosave() {
        let dir = temp_dir("quit");
        let auto = dir.join("auto.yaml");
        let mut s = session("gundru", &[], Some(auto.clone()));
        assert!(ok(&mut s, "show").contains("Gundru"));
        assert!(ok(&mut s, "board").contains("to move: black"));
        let r = s.handle("q");
        assert!(r.quit && r.text.is_empty(), "nothing to save: {r:?}");
        ok(&mut s, "i2-e2");
        let r = s.handle("quit");
        assert!(r.quit && r.text.contains("--resume"), "{r:?}");
        let back = crate::record::load(&auto).unwrap().replay().unwrap();
        assert!(back == s.state);
        assert!(s.autosave().is_none(), "saved: nothing more to keep");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_finished_game_says_so() {
        let mut s = session("mangala", &[], None);
        let mut state = s.state.clone();
        let (moves, outcome) = crate::analysis::random_game(&mut state, 3, 10_000);
        assert!(outcome.is_some());
        let mut last = String::new();
        for m in moves {
            let text = s.state.move_text(m);
            last = ok(&mut s, &text);
        }
        assert!(last.contains("game over: "), "{last}");
        assert_eq!(s.prompt(), "game over> ");
        assert!(refused(&mut s, "1").contains("the game is over"));
        assert!(refused(&mut s, "hint").contains("game is over"));
        assert!(ok(&mut s, "moves").contains("no legal moves"));
    }
}
