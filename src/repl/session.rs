//! The REPL's engine: a game in progress and the commands on it, string in, string out.
//! Nothing here touches the terminal, so every command is tested with plain strings.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::choice::{normalize, Choice};
use super::command::{self, Command};
use crate::ai::{self, Budget, Level, Searcher};
use crate::diag::plural;
use crate::engine::{Move, MoveList, MoveReport, State};
use crate::files::{self, Kind, Replace};
use crate::model::Player;
use crate::notation::{self, MoveError};
use crate::record::{self, GameSpec, Record};
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
    /// The folder where unsaved games go on quit (and before `new`, `preset`, `set`,
    /// `load`), one file per game ([`super::autosave`]); none for scripts.
    pub autosave: Option<PathBuf>,
    /// The seed of the computer's searches.
    pub seed: u64,
    /// The computer's think time per move in seconds, instead of its levels' (applied in
    /// scripts too).
    pub think: Option<f64>,
    /// The computer's iterations per move, instead of its levels'.
    pub iterations: Option<u64>,
    /// The width of the terminal in columns ([`DEFAULT_WIDTH`] if not known): long
    /// lists and help are fitted to it.
    pub width: Option<usize>,
}

/// The width assumed when the terminal's is not known.
pub const DEFAULT_WIDTH: usize = 80;

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
    setup: GameSpec,
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
    /// The autosave file of this game, once it has one (or when resumed from one).
    slot: Option<PathBuf>,
    /// The colour of the side that resigned, if one did.
    resigned: Option<Player>,
    /// The names of the game's presets (for completion).
    presets: Vec<String>,
    /// The board is drawn turned round (`flip`).
    turned: bool,
    /// What the last move played here did, rule by rule, and the ply it led to (0: none).
    report: (MoveReport, usize),
    /// A move typed without the kind its piece becomes, waiting for the next line to say.
    choosing: Option<Choice>,
    /// FEN's counters at the state's start (those of a FEN it was read from, or an
    /// SFEN's move number as the fullmove number).
    start_clocks: notation::Clocks,
}

impl Session {
    /// A session on a game's start position.
    pub fn new(setup: GameSpec, options: Options) -> Result<Session, String> {
        let game = setup.load()?;
        let state = State::new(game);
        Ok(Session::with_state(setup, state, options))
    }

    /// A session resuming a game record (already replayed into `state`).
    pub fn with_state(setup: GameSpec, state: State, options: Options) -> Session {
        let players = state.game().about.players.len();
        let saved = state.moves_played().collect();
        Session {
            state,
            redo: Vec::new(),
            ai: vec![None; players],
            searcher: Searcher::new(),
            stop: Arc::new(AtomicBool::new(false)),
            options,
            saved,
            slot: None,
            resigned: None,
            turned: false,
            presets: crate::pipeline::preset_names(&setup.game),
            setup,
            report: (MoveReport::new(), 0),
            choosing: None,
            start_clocks: notation::Clocks::default(),
        }
    }

    /// Marks the game as ended by `player`'s resignation (a loaded record's).
    pub fn set_resigned(&mut self, player: Option<Player>) {
        self.resigned = player;
    }

    /// Marks the game as resumed from the autosave `path`: autosaving it again rewrites
    /// that file instead of taking a new one.
    pub fn resumed_from(&mut self, path: PathBuf) {
        self.slot = Some(path);
    }

    /// The flag that stops the computer's think (set it from a Ctrl-C handler).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Sets the width of the terminal (it may change between lines).
    pub fn set_width(&mut self, width: Option<usize>) {
        self.options.width = width;
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

    /// The greeting: the game, how to get help, and the position; where the computer moves
    /// first, given to `emit` before it thinks, then each of its moves as it is played, as
    /// [`Session::handle_with`] gives them. Returns the text not yet given out.
    pub fn greeting(&mut self, emit: &mut dyn FnMut(&str)) -> String {
        let mut out = format!("{}\n", self.title());
        out.push_str("Type a move, `moves` for the legal moves, `help` for the commands.\n");
        self.after_change(out, emit)
    }

    /// The prompt: who is to move.
    pub fn prompt(&mut self) -> String {
        if let Some(choice) = &self.choosing {
            choice.prompt()
        } else if self.over() {
            "game over> ".to_string()
        } else {
            format!("{}> ", self.player_name(self.state.to_move()))
        }
    }

    /// Whether the game has ended, by its rules or by a resignation.
    fn over(&self) -> bool {
        self.resigned.is_some() || self.state.outcome().is_some()
    }

    /// Words that complete at the start of a line: the legal moves, then the commands.
    pub fn completions(&mut self) -> Vec<String> {
        let mut words = notation::legal_texts(&self.state);
        words.extend(command::names().map(str::to_string));
        words
    }

    /// Words that complete the arguments of a command, a list per argument (the last
    /// serves every later one): `ai`: sides, then levels; `preset`: the game's presets;
    /// `set`: `KEY=` and `KEY=VALUE`; `help`: commands.
    pub fn argument_completions(&self, command: &str) -> Vec<Vec<String>> {
        match command::spec(command).map(|s| s.name) {
            Some("ai") => {
                let mut sides: Vec<String> = self.state.game().about.players.clone();
                sides.extend(["both", "off"].map(String::from));
                let levels = ai::LEVELS.iter().map(|l| l.name.to_string()).collect();
                vec![sides, levels]
            }
            Some("help") => vec![command::names().map(str::to_string).collect()],
            Some("preset") => vec![self.presets.clone()],
            Some("set") => {
                let mut words = Vec::new();
                for s in &self.state.game().about.settings {
                    words.push(format!("{}=", s.name));
                    words.extend(allowed_values(&s.allowed).map(|v| format!("{}={v}", s.name)));
                }
                vec![words]
            }
            Some("hint") => vec![ai::LEVELS.iter().map(|l| l.name.to_string()).collect()],
            _ => Vec::new(),
        }
    }

    /// Sets FEN's counters at the start of the state (read from the FEN it began at).
    pub fn set_start_clocks(&mut self, clocks: notation::Clocks) {
        self.start_clocks = clocks;
    }

    /// Handles one line: a command or a move. Lines that are only blanks do nothing. The
    /// reply holds all the text, the computer's moves included (see
    /// [`Session::handle_with`] to print them as they are played).
    pub fn handle(&mut self, line: &str) -> Reply {
        let mut given = String::new();
        let mut reply = self.handle_with(line, &mut |t: &str| given.push_str(t));
        given.push_str(&reply.text);
        reply.text = given;
        reply
    }

    /// Handles one line as [`Session::handle`] does, giving text to `emit` as soon as it is
    /// known: a person's move and its board before the computer thinks, then each of the
    /// computer's moves with its board as it is played. The reply holds the text not yet
    /// given out, to be printed after it.
    pub fn handle_with(&mut self, line: &str, emit: &mut dyn FnMut(&str)) -> Reply {
        let line = line.trim();
        if let Some(choice) = self.choosing.take() {
            if let Some(reply) = self.answer(&choice, line, emit) {
                return reply;
            }
        }
        if line.is_empty() {
            // An empty line lets the computer go on if it is to move (after a pause).
            if self.computer_to_move() {
                return Reply::ok(self.computer_moves(emit));
            }
            return Reply::default();
        }
        // A legal move's exact text is a move, even if it looks like a command.
        if notation::legal_texts(&self.state).iter().any(|t| t == line) {
            return self.play_line(line, emit);
        }
        match command::parse(line) {
            Err(e) => Reply::error(e),
            Ok(c) => self.run(c, emit),
        }
    }

    /// The reply to `line` while `choice` is open: the move it picks played, or none for
    /// an empty line; `None` when the line is not an answer (a command or another move),
    /// which is then handled as any line, the choice dropped.
    fn answer(&mut self, choice: &Choice, line: &str, emit: &mut dyn FnMut(&str)) -> Option<Reply> {
        if line.is_empty() {
            return Some(Reply::ok("no move played\n".into()));
        }
        if let Some(text) = choice.pick(line) {
            return Some(self.play_line(text, emit));
        }
        let other = command::parse(line).is_ok_and(|c| !matches!(c, Command::Move(_)));
        if other || self.resolve(line).is_ok() {
            return None;
        }
        self.choosing = Some(choice.clone());
        Some(Reply::error(format!(
            "`{line}` is none of the choices: {}\n(an empty line plays none of them)",
            choice.listed()
        )))
    }

    /// Saves the game to the autosave file if it has unsaved moves; returns what was done.
    pub fn autosave(&mut self) -> Option<String> {
        if !self.unsaved() {
            return None;
        }
        let Some(dir) = self.options.autosave.clone() else {
            return Some(if self.options.interactive {
                "(no place for an autosave file: unsaved moves are lost)\n".into()
            } else {
                "(a script does not autosave: `save FILE` keeps a game)\n".into()
            });
        };
        let _ = std::fs::create_dir_all(&dir);
        let path = match &self.slot {
            Some(p) => p.clone(),
            None => super::autosave::new_slot(&dir, &self.setup.game),
        };
        Some(match self.save_to(&path) {
            Ok(()) => {
                self.slot = Some(path.clone());
                super::autosave::prune(&dir, &path);
                format!(
                    "unsaved moves kept in {} (`rulebook play --resume` reopens the last \
                     game left; `rulebook saves` lists them)\n",
                    path.display()
                )
            }
            Err(e) => format!("error: {e}; unsaved moves are lost\n"),
        })
    }

    fn run(&mut self, c: Command, emit: &mut dyn FnMut(&str)) -> Reply {
        match c {
            Command::Help(topic) => match command::help(topic.as_deref(), self.width()) {
                Ok(t) => Reply::ok(t),
                Err(e) => Reply::error(e),
            },
            Command::Moves(which) => self.legal_moves(which.as_deref()),
            Command::Undo(n) => self.undo(n),
            Command::Redo(n) => self.redo(n),
            Command::New => self.restart(self.setup.clone(), emit),
            Command::Preset(p) => self.restart(
                GameSpec {
                    game: self.setup.game.clone(),
                    preset: Some(p),
                    sets: Vec::new(),
                },
                emit,
            ),
            Command::Set(sets) => self.restart(self.setup_with(sets), emit),
            Command::AiShow => Reply::ok(format!(
                "{}its searches' seed: {} (`rulebook play --seed {}` repeats them in a script)\n",
                self.ai_seats(),
                self.options.seed,
                self.options.seed
            )),
            Command::AiOff => {
                self.ai.iter_mut().for_each(|a| *a = None);
                Reply::ok("the computer plays no side\n".into())
            }
            Command::Ai { side, level } => self.set_ai(&side, level.as_deref(), emit),
            Command::Hint(level) => self.hint(level.as_deref()),
            Command::History => Reply::ok(self.history()),
            Command::Save(file) => self.save(&file),
            Command::Load(file) => self.load(&file, emit),
            Command::Show => Reply::ok(render::summary(self.state.game())),
            Command::Board => Reply::ok(self.view()),
            Command::Text => Reply::ok(self.texts()),
            Command::Resign => self.resign(),
            Command::Flip => {
                self.turned = !self.turned;
                Reply::ok(self.view())
            }
            Command::Goto(n) => self.goto(n),
            Command::Svg(file) => self.draw(&file),
            Command::Quit => Reply {
                text: self.autosave().unwrap_or_default(),
                error: false,
                quit: true,
            },
            Command::Move(text) => self.play_line(&text, emit),
        }
    }

    /// The legal moves in columns, or that there are none.
    fn legal_moves(&self, which: Option<&str>) -> Reply {
        let texts = notation::legal_texts(&self.state);
        if texts.is_empty() || self.resigned.is_some() {
            return Reply::ok("no legal moves: the game is over\n".into());
        }
        let all = |texts: &[String], from: &str| {
            let n = texts.len();
            in_columns(
                &format!("{n} legal move{}{from}:", plural(n)),
                texts,
                self.width(),
            )
        };
        match which {
            Some("all") => Reply::ok(all(&texts, "")),
            Some(site) => {
                let site = site.to_ascii_lowercase();
                let from: Vec<String> = (texts.iter())
                    .filter(|t| move_start(t).eq_ignore_ascii_case(&site))
                    .cloned()
                    .collect();
                match from.is_empty() {
                    true => Reply::error(format!(
                        "no legal move starts at `{site}`; `moves` lists where they start"
                    )),
                    false => Reply::ok(all(&from, &format!(" from {site}"))),
                }
            }
            None => Reply::ok(match by_start(&texts, self.width()) {
                Some(summary) => summary,
                None => all(&texts, ""),
            }),
        }
    }

    /// The game being played with `sets` (`KEY=VALUE` each) in place of the settings of
    /// the same keys.
    fn setup_with(&self, sets: Vec<String>) -> GameSpec {
        let mut setup = self.setup.clone();
        for s in sets {
            let key = s.split('=').next().unwrap_or("").to_string();
            setup
                .sets
                .retain(|old| old.split('=').next() != Some(key.as_str()));
            setup.sets.push(s);
        }
        setup
    }

    /// Saves the game to `file` (`save`).
    fn save(&mut self, file: &str) -> Reply {
        match self.save_to(Path::new(file)) {
            Ok(()) => Reply::ok(format!(
                "saved {} move{} to {file}\n",
                self.state.ply(),
                plural(self.state.ply())
            )),
            Err(e) => Reply::error(e),
        }
    }

    /// Draws the position as an SVG picture in `file` (`svg`).
    fn draw(&self, file: &str) -> Reply {
        let svg = render::position_svg(&self.state);
        match files::write_atomic(Path::new(file), Kind::Picture, &svg, Replace::Never) {
            Ok(()) => Reply::ok(format!("drew the position in {file}\n")),
            Err(e) => Reply::error(e),
        }
    }

    /// Plays a typed move, then the computer's replies.
    fn play_line(&mut self, text: &str, emit: &mut dyn FnMut(&str)) -> Reply {
        if let Some(p) = self.resigned {
            return Reply::error(format!(
                "the game is over ({} resigned): `undo` takes the resignation back, `new` starts again",
                self.player_name(p)
            ));
        }
        if let Some(level) = self.computer(self.state.to_move()) {
            if self.state.outcome().is_none() {
                return Reply::error(format!(
                    "it is the computer's turn ({} plays {}); `ai off` to take over",
                    level.name,
                    self.player_name(self.state.to_move())
                ));
            }
        }
        if self.state.chance().is_some() {
            return Reply::error("the dice are thrown, not chosen: an empty line throws them");
        }
        if let Some(choice) = Choice::of(&self.state, text) {
            let question = choice.question();
            self.choosing = Some(choice);
            return Reply::ok(question);
        }
        match self.resolve(text) {
            Err(e) => Reply::error(e),
            Ok(m) => {
                let text = notation::move_text(&self.state, m);
                let said = self.play_reported(m, &text);
                if self.redo.last() == Some(&m) {
                    self.redo.pop();
                } else {
                    self.redo.clear();
                }
                Reply::ok(self.after_change(said, emit))
            }
        }
    }

    /// The move a typed text means: canonical text, or a forgiving form that names one legal
    /// move only (its origin or its destination alone, any letter case).
    fn resolve(&mut self, text: &str) -> Result<Move, String> {
        let (engine_error, refused) = match notation::parse_move(&mut self.state, text) {
            Ok(m) => return Ok(m),
            Err(MoveError::GameOver) => {
                return Err("the game is over: `new` starts again, `undo` takes back".into())
            }
            // A move of the game's form, refused with its reason (a placement on a point).
            Err(e @ MoveError::Illegal { .. }) => (e.to_string(), true),
            Err(e) => (e.to_string(), false),
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
            [] if !refused && self.state.game().board.site_named(text.trim()).is_some() => {
                Err(format!(
                "no legal move of {} starts or ends at `{text}`\n(`moves` lists the legal moves)",
                self.player_name(self.state.to_move())
            ))
            }
            [] => {
                let first = text.split_whitespace().next().unwrap_or("");
                match crate::diag::closest(&first.to_ascii_lowercase(), command::names()) {
                    Some(c) if !first.contains(|c: char| c.is_ascii_digit()) => Err(format!(
                        "`{first}` is neither a move nor a command: did you mean `{c}`?\n\
                         (`help` lists the commands, `moves` the legal moves)"
                    )),
                    _ => Err(format!("{engine_error}\n(`moves` lists the legal moves)")),
                }
            }
            many => Err(format!(
                "`{text}` is ambiguous: it could be {}",
                many.iter()
                    .map(|(_, t)| t.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            )),
        }
    }

    /// After the position changed: what the move did (`said`) and the position, then, if
    /// the computer is to move, its moves. What the computer will answer to is given out first; returns the rest.
    fn after_change(&mut self, said: String, emit: &mut dyn FnMut(&str)) -> String {
        let view = said + &self.view();
        if !self.computer_to_move() {
            return view;
        }
        emit(&view);
        self.computer_moves(emit)
    }

    /// Whether the game goes on and the computer plays the side to move, or throws the
    /// dice for it.
    fn computer_to_move(&self) -> bool {
        let throws = self.state.chance().is_some();
        (throws || self.computer(self.state.to_move()).is_some()) && !self.over()
    }

    /// The position as drawn for the player (turned round after `flip`), with what the
    /// last move took marked if it was played here, and the resignation if there was one.
    fn view(&self) -> String {
        let (report, ply) = &self.report;
        let taken = match *ply == self.state.ply() {
            true => report.taken_sites.as_slice(),
            false => &[],
        };
        let mut out = render::play_view_with(&self.state, self.options.color, self.turned, taken);
        if let Some(p) = self.resigned {
            let mut end = format!("game over: {} resigned", self.player_name(p));
            if self.state.game().about.players.len() == 2 {
                end.push_str(&format!("; {} won", self.player_name(p.next(2))));
            }
            // The last line says whose turn it was: the resignation replaces it.
            let kept = out.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
            out.truncate(kept);
            out.push_str(&end);
            out.push('\n');
        }
        out
    }

    /// The position as text (`position: ...`) and, where the game has one, as FEN (`fen:
    /// ...`) or SFEN (`sfen: ...`), its counters gone on from the start's over the moves
    /// played.
    fn texts(&self) -> String {
        let mut out = match notation::readable_position_text(&self.state) {
            Ok(text) => format!("position: {text}\n"),
            Err(e) => format!("position: none ({e})\n"),
        };
        if notation::fen_fits(self.state.game()).is_ok() {
            let clocks = notation::clocks_after(self.start_clocks, &self.state);
            if let Ok(fen) = notation::fen_text(&self.state, clocks) {
                out.push_str(&format!("fen: {fen}\n"));
            }
        }
        if notation::sfen_fits(self.state.game()).is_ok() {
            if let Ok(sfen) = notation::sfen_text(&self.state, self.start_clocks) {
                out.push_str(&format!("sfen: {sfen}\n"));
            }
        }
        out
    }

    fn resign(&mut self) -> Reply {
        if self.over() {
            return Reply::error("the game is over: there is nothing to resign");
        }
        self.resigned = Some(self.state.to_move());
        Reply::ok(self.view())
    }

    /// Plays `m` (whose text is `text`) and says what its rules did, by the names the rule
    /// file gives them: `i1-i2 takes 15 (corner)` (nothing for a move that did nothing).
    fn play_reported(&mut self, m: Move, text: &str) -> String {
        self.state.apply_reported(m, &mut self.report.0);
        self.report.1 = self.state.ply();
        let words = render::move_effects(&self.state, &self.report.0);
        match words.is_empty() {
            true => String::new(),
            false => format!("{text} {words}\n"),
        }
    }

    /// Goes to the position after move `n`, taking moves back or playing them again
    /// (the computer does not move on: an empty line lets it).
    fn goto(&mut self, n: usize) -> Reply {
        let known = self.state.ply() + self.redo.len();
        if n > known {
            return Reply::error(format!(
                "the history has {known} move{}: `goto 0` to `goto {known}`",
                plural(known)
            ));
        }
        self.resigned = None;
        while self.state.ply() > n {
            match self.state.undo() {
                Some(m) => self.redo.push(m),
                None => break,
            }
        }
        while self.state.ply() < n {
            let Some(m) = self.redo.pop() else { break };
            if notation::play(&mut self.state, m).is_err() {
                self.redo.clear();
                break;
            }
        }
        Reply::ok(self.view())
    }

    /// Lets the computer play while it is to move, giving out each move with the board
    /// after it as it is played; a stop request ends the run after the move being thought
    /// about (played with the best found so far). Returns a note on a pause, if any.
    fn computer_moves(&mut self, emit: &mut dyn FnMut(&str)) -> String {
        let mut played = 0;
        while !self.over() {
            if played == MAX_COMPUTER_MOVES {
                return format!(
                    "(the computer paused after {played} moves: an empty line goes on)\n"
                );
            }
            played += 1;
            let mover = self.state.to_move();
            if self.state.chance().is_some() {
                emit(&self.throw_dice());
                continue;
            }
            let Some(level) = self.computer(mover) else {
                break;
            };
            let Some(t) = self.think(&level) else {
                break;
            };
            let text = notation::move_text(&self.state, t.best);
            let mut out = format!(
                "{} ({}) plays {text}{}\n",
                self.player_name(mover),
                level.name,
                self.think_note(&t)
            );
            out.push_str(&self.play_reported(t.best, &text));
            self.redo.clear();
            if t.interrupted {
                out.push_str("(interrupted: the computer played its best move so far)\n");
            }
            out.push_str(&self.view());
            emit(&out);
            if t.interrupted {
                break;
            }
        }
        String::new()
    }

    /// Throws the dice for the player to move (whoever plays them: a throw is no choice),
    /// by the session's seed moved on by the ply, so that a seed repeats a game; returns
    /// the line that tells it.
    fn throw_dice(&mut self) -> String {
        let mut rng = crate::analysis::Rng::new(self.search_seed());
        let Some(throw) = self.state.pick_throw(|n| rng.below(n)) else {
            return String::new();
        };
        let mover = self.player_name(self.state.to_move());
        let text = notation::move_text(&self.state, throw);
        let opening = self.opening_dice(&self.state, throw);
        self.state.apply(throw);
        self.redo.clear();
        if let Some(dice) = opening {
            return self.opening_line(&dice, &text);
        }
        let value = self.state.thrown().unwrap_or(0);
        match self.state.dice_left() {
            [] => format!("{mover} throws {value} ({text})\n"),
            dice => {
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                format!("{mover} throws {} ({text})\n", dice.join(", "))
            }
        }
    }

    /// The line that tells the opening roll, just thrown: each player's die, in turn
    /// order, and who starts (`opening roll: white 5, black 3, white starts (roll:5-3)`).
    fn opening_line(&self, dice: &[u8], text: &str) -> String {
        let starter = self.player_name(self.state.to_move());
        format!(
            "opening roll: {}, {starter} starts ({text})\n",
            self.each_die(dice)
        )
    }

    fn think(&mut self, level: &Level) -> Option<ai::Thought> {
        if self.resigned.is_some() {
            return None;
        }
        let budget = self.budget(level);
        self.stop.store(false, Ordering::Relaxed);
        let seed = self.search_seed();
        let t = self.searcher.think(&self.state, budget, seed, &self.stop);
        self.stop.store(false, Ordering::Relaxed);
        t
    }

    /// A level's budget: its time at a terminal, its positions in a script, as `--think`
    /// and `--iterations` change them.
    fn budget(&self, level: &Level) -> Budget {
        let mut budget = if self.options.interactive {
            Budget::of(level)
        } else {
            Budget::reproducible(level)
        };
        if let Some(n) = self.options.iterations {
            budget.iterations = n;
        }
        if let Some(seconds) = self.options.think {
            budget.time = Some(std::time::Duration::from_secs_f64(seconds));
        }
        budget
    }

    /// The seed of a search in this position: the session's, moved on by the ply.
    fn search_seed(&self) -> u64 {
        self.options
            .seed
            .wrapping_add((self.state.ply() as u64).wrapping_mul(0x9e37_79b9))
    }

    fn think_note(&self, t: &ai::Thought) -> String {
        if t.iterations == 0 && t.depth == 0 {
            "  (the only legal move)".to_string()
        } else if t.iterations == 0 {
            // A game of one player, along the winning line of an earlier search.
            format!(
                "  (on along the winning line found: {} move{})",
                t.depth,
                if t.depth == 1 { "" } else { "s" }
            )
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
        if self.over() {
            return Reply::error("the game is over: there is nothing to suggest");
        }
        let level = match named_level(level) {
            Ok(l) => l,
            Err(e) => return Reply::error(e),
        };
        let budget = self.budget(&level);
        self.stop.store(false, Ordering::Relaxed);
        let seed = self.search_seed();
        let ranked = self.searcher.rank(&self.state, budget, seed, &self.stop);
        self.stop.store(false, Ordering::Relaxed);
        let Some((t, moves)) = ranked else {
            return Reply::error("the game is over: there is nothing to suggest");
        };
        let now = ai::standing(&self.state, self.state.to_move());
        let measure = ai::measure(self.state.game());
        // The suggested move may come from a deeper depth than the one completed.
        let depth = moves.first().map_or(t.depth, |r| r.depth.max(t.depth));
        let mut out = format!(
            "hint ({}, {} ahead): {}{}\n",
            level.name,
            ai::plies(depth),
            notation::move_text(&self.state, t.best),
            self.think_note(&t)
        );
        for r in moves.iter().take(HINT_MOVES) {
            // Each move's line broken at word ends to the terminal's width, on a terminal
            // (as the commands' reports are: `cli::mod`); a line a move elsewhere.
            let line = format!(
                "  {:<10} {}\n",
                notation::move_text(&self.state, r.mv),
                match self.state.game().solo() {
                    true => ai::explain_solo(r.judgement),
                    false => {
                        let shallower = (r.depth < depth).then_some(r.depth);
                        let words = ai::explain(r.judgement, now, measure, shallower);
                        match r.reply {
                            Some(reply) => {
                                let mut after = self.state.clone();
                                after.apply(r.mv);
                                words + &ai::refuted_by(&notation::move_text(&after, reply))
                            }
                            None => words,
                        }
                    }
                }
            );
            match self.options.width {
                Some(width) => out.push_str(&crate::render::wrapped_to(&line, width)),
                None => out.push_str(&line),
            }
        }
        Reply::ok(out)
    }

    fn undo(&mut self, n: usize) -> Reply {
        if self.resigned.take().is_some() {
            return Reply::ok(self.view());
        }
        if self.state.ply() == 0 {
            return Reply::error("nothing to undo");
        }
        let human_plays = self.ai.iter().any(Option::is_none);
        for _ in 0..n {
            if !self.take_back() {
                break;
            }
            // Against the computer, go back to a position where a person is to move.
            while human_plays && self.computer(self.state.to_move()).is_some() {
                if !self.take_back() {
                    break;
                }
            }
        }
        Reply::ok(self.view())
    }

    /// Takes back the last move, with the throw of the dice after it if there was one (so
    /// that a player is never left to choose a throw); whether there was a move.
    fn take_back(&mut self) -> bool {
        let Some(m) = self.state.undo() else {
            return false;
        };
        self.redo.push(m);
        while self.state.chance().is_some() {
            match self.state.undo() {
                Some(m) => self.redo.push(m),
                None => break,
            }
        }
        true
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
        Reply::ok(self.view())
    }

    /// Starts a new game from `setup`; on error the current game is kept.
    fn restart(&mut self, setup: GameSpec, emit: &mut dyn FnMut(&str)) -> Reply {
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
        emit(&out);
        Reply::ok(self.after_change(String::new(), emit))
    }

    fn replace(&mut self, setup: GameSpec, state: State) {
        let same_players = state.game().about.players == self.state.game().about.players;
        self.saved = state.moves_played().collect();
        if setup.game != self.setup.game {
            self.presets = crate::pipeline::preset_names(&setup.game);
        }
        self.setup = setup;
        self.start_clocks = notation::Clocks::default();
        self.state = state;
        self.redo.clear();
        self.slot = None;
        self.resigned = None;
        if !same_players {
            self.ai = vec![None; self.state.game().about.players.len()];
        }
    }

    fn load(&mut self, file: &str, emit: &mut dyn FnMut(&str)) -> Reply {
        let loaded = record::load(Path::new(file)).and_then(|r| {
            let state = r.replay().map_err(|e| format!("`{file}`: {e}"))?;
            let resigned = r.resigned_player(state.game());
            Ok((r.setup(), state, resigned))
        });
        match loaded {
            Err(e) => Reply::error(format!("{e}\nthe current game is kept")),
            Ok((setup, state, resigned)) => {
                let mut out = self.autosave().unwrap_or_default();
                self.replace(setup, state);
                self.resigned = resigned;
                out.push_str(&format!(
                    "loaded {} ({} move{})\n",
                    file,
                    self.state.ply(),
                    plural(self.state.ply())
                ));
                emit(&out);
                Reply::ok(self.after_change(String::new(), emit))
            }
        }
    }

    fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let mut record = Record::of(&self.setup, &self.state);
        if let Some(p) = self.resigned {
            record = record.resigned_by(self.state.game(), p);
        }
        record::save(path, &record)?;
        self.saved = self.state.moves_played().collect();
        Ok(())
    }

    fn set_ai(&mut self, side: &str, level: Option<&str>, emit: &mut dyn FnMut(&str)) -> Reply {
        if let Err(e) = self.set_computer(side, level) {
            return Reply::error(e);
        }
        emit(&self.ai_seats());
        Reply::ok(self.computer_moves(emit))
    }

    /// The computer takes a side (a player's name, or `both`) at a level (the default
    /// level if none is named); it does not move yet.
    pub fn set_computer(&mut self, side: &str, level: Option<&str>) -> Result<(), String> {
        let level = named_level(level)?;
        let players = self.state.game().about.players.clone();
        if side.eq_ignore_ascii_case("both") || side.eq_ignore_ascii_case("all") {
            self.ai.iter_mut().for_each(|a| *a = Some(level));
        } else {
            match (self.state.game().players_named()).find(|(_, p)| p.eq_ignore_ascii_case(side)) {
                Some((p, _)) => {
                    let seat = self.seat(p);
                    self.ai[seat] = Some(level);
                }
                None => {
                    return Err(format!(
                        "no side `{side}`; the sides are {} (or `both`)",
                        players.join(", ")
                    ))
                }
            }
        }
        Ok(())
    }

    /// The seat of the person playing `colour`. Seats are people: the pie rule's swap
    /// exchanges the colours they play, so the computer keeps its seat, not its colour.
    fn seat(&self, colour: Player) -> usize {
        if self.state.swapped() {
            // The swap is refused but in a game of two players.
            colour.next(2).index()
        } else {
            colour.index()
        }
    }

    /// The computer's level for the side playing `colour`, if the computer plays it.
    fn computer(&self, colour: Player) -> Option<Level> {
        self.ai[self.seat(colour)]
    }

    fn ai_seats(&self) -> String {
        let seats: Vec<String> = (self.state.game().players_named())
            .filter_map(|(p, _)| {
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
            let text = notation::move_text(&replay, m);
            let line = match self.opening_dice(&replay, m) {
                // Nobody's throw: the one that decides who starts.
                Some(dice) => format!("opening {text} ({})", self.each_die(&dice)),
                None => format!("{} {text}", self.player_name(replay.to_move())),
            };
            out.push_str(&format!("{:>3}. {line}\n", i + 1));
            replay.apply(m);
        }
        out
    }

    /// The dice of the opening roll `throw` throws in `state`, one a player in turn order;
    /// `None` if `throw` is no opening roll.
    fn opening_dice(&self, state: &State, throw: Move) -> Option<Vec<u8>> {
        let dice = state.chance().filter(|_| state.opening())?;
        dice.parts.get(throw.outcome()).cloned()
    }

    /// Each player's die of an opening roll, in turn order (`white 5, black 3`).
    fn each_die(&self, dice: &[u8]) -> String {
        let each: Vec<String> = (Player::all(dice.len()).zip(dice))
            .map(|(p, die)| format!("{} {die}", self.player_name(p)))
            .collect();
        each.join(", ")
    }

    fn title(&self) -> String {
        let g = self.state.game();
        let settings: Vec<String> = g
            .about
            .settings
            .iter()
            .map(|s| format!("{}={}", s.name, s.value))
            .collect();
        let preset = match &g.about.preset {
            None => String::new(),
            // Settings changed after the preset are named: the preset alone is not what
            // is played.
            Some(p) if !self.setup.sets.is_empty() => {
                let alone = crate::pipeline::load(&self.setup.game, Some(p), &[]);
                let changed: Vec<String> = g
                    .about
                    .settings
                    .iter()
                    .filter(|s| {
                        alone
                            .as_ref()
                            .map_or(true, |a| a.setting(&s.name) != Some(&s.value))
                    })
                    .map(|s| format!("{}={}", s.name, s.value))
                    .collect();
                if changed.is_empty() {
                    format!("preset {p}: ")
                } else {
                    format!("preset {p} changed by set {}: ", changed.join(" "))
                }
            }
            Some(p) => format!("preset {p}: "),
        };
        let name = crate::render::terminal_safe(&g.about.name);
        if settings.is_empty() && preset.is_empty() {
            name.into_owned()
        } else {
            format!("{name} ({preset}{})", settings.join(" "))
        }
    }

    fn player_name(&self, p: Player) -> String {
        self.state.game().player_name(p).to_string()
    }
}

impl Session {
    fn width(&self) -> usize {
        self.options.width.unwrap_or(DEFAULT_WIDTH)
    }
}

/// The most lines `moves` prints before it counts the moves by where they start instead.
const MOVES_LINES: usize = 24;

/// Where a move's text starts: its first site (`d4` of `d4:BYYBBY`, `c3` of `c3-e5`), or
/// the whole text of a move without one (`pass`).
fn move_start(text: &str) -> &str {
    let end = text.find(|c: char| !c.is_ascii_alphanumeric());
    &text[..end.unwrap_or(text.len())]
}

/// The legal moves counted by where they start (`d4 (96)`), when listing them all would
/// take more than a screen of `width` columns and the count says it in fewer lines.
fn by_start(texts: &[String], width: usize) -> Option<String> {
    let listed = in_columns("", texts, width).lines().count();
    let mut starts: Vec<(&str, usize)> = Vec::new();
    for t in texts {
        match starts.iter_mut().find(|(s, _)| *s == move_start(t)) {
            Some((_, n)) => *n += 1,
            None => starts.push((move_start(t), 1)),
        }
    }
    let words: Vec<String> = starts.iter().map(|(s, n)| format!("{s} ({n})")).collect();
    let title = format!(
        "{} legal moves, counted by where they start\n(`moves SITE` lists those from \
         SITE, `moves all` every one):",
        texts.len()
    );
    let counted = in_columns(&title, &words, width);
    (listed > MOVES_LINES && counted.lines().count() < listed).then_some(counted)
}

/// `words` after `title`: on the same line when all fit in `width` columns, else below it
/// in columns read downwards, as many as fit.
fn in_columns(title: &str, words: &[String], width: usize) -> String {
    let one_line = format!("{title} {}", words.join(" "));
    if one_line.chars().count() <= width {
        return one_line + "\n";
    }
    let column = words.iter().map(|w| w.chars().count()).max().unwrap_or(0) + 2;
    let columns = ((width + 2) / column).max(1);
    let rows = words.len().div_ceil(columns);
    let mut out = format!("{title}\n");
    for r in 0..rows {
        let line: Vec<String> = (0..columns)
            .filter_map(|c| words.get(c * rows + r))
            .map(|w| format!("{w:column$}"))
            .collect();
        out.push_str(line.concat().trim_end());
        out.push('\n');
    }
    out
}

/// The values a setting allows, from its `allowed` text: a range `MIN..MAX` (when short) or
/// choices `a|b|c`.
fn allowed_values(allowed: &str) -> impl Iterator<Item = String> {
    let values: Vec<String> = match allowed.split_once("..") {
        Some((lo, hi)) => match (lo.parse::<i64>(), hi.parse::<i64>()) {
            (Ok(lo), Ok(hi)) if hi - lo < 40 => (lo..=hi).map(|v| v.to_string()).collect(),
            _ => Vec::new(),
        },
        None => allowed.split('|').map(str::to_string).collect(),
    };
    values.into_iter()
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
