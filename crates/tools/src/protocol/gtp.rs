//! GTP, version 2 (the text protocol of go-playing programs, which GUIs such as Sabaki and
//! referees such as GNU's `twogtp` speak), for any game of two players who place pieces
//! on a square grid ([`fits`]): the game is judged by its shape, never by its name.
//!
//! GTP names a point by a column letter, `A` to `Z` without `I`, and a row number from 1
//! at the bottom (`J9`); the game's own names (`j9`, files `a` to `i` and on) are not
//! used. Black is the first player in turn order, white the second, whatever they are
//! called (GTP's controllers start with black). `docs/protocols.md` lists the commands.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_lang::pipeline;
use rulebook_model::{Game, Layout, MoveKind, Player, Site};
use rulebook_notation as notation;

pub use super::Options;
use super::{Answer, Protocol};
use crate::ai::{self, Searcher};
use crate::record::GameSpec;
use crate::render;

/// GTP's column letters: `A` to `Z` without `I`, so at most 25 columns.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The commands known, in the order `list_commands` gives them.
const COMMANDS: [&str; 14] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
];

/// The setting that `komi` sets, in a game that has one.
const KOMI: &str = "komi";

/// Whether GTP fits the game: two players taking turns, a square grid of at most 25
/// points a side, and every move a piece placed on a point or a pass (at least one
/// placement), so that a vertex or `pass` names a move: one kind placed, nothing removed,
/// shot or turned besides; else why not.
pub fn fits(game: &Game) -> Result<(), String> {
    let b = &game.board;
    let grid = matches!(b.layout, Layout::Grid(_));
    let places = |k: &MoveKind| k.placed_kind().is_some();
    let mut kinds = game.moves.iter().filter_map(|r| r.kind.placed_kind());
    let first = kinds.next();
    let more_than_a_point =
        (game.moves.iter()).any(|r| places(&r.kind) && r.filter.has_second_part());
    let why = if game.about.players.len() != 2 {
        "it is not a game of two players"
    } else if !grid || b.width != b.height || usize::from(b.width) > COLUMNS.len() {
        "its board is not a square grid of at most 25 x 25 points"
    } else if first.is_none() {
        "no move places a piece"
    } else if (game.moves.iter())
        .any(|r| !places(&r.kind) && !matches!(r.kind, MoveKind::Pass { .. }))
    {
        "some move is neither a placement nor a pass"
    } else if kinds.any(|k| Some(k) != first) {
        "its placements place more than one kind of piece"
    } else if more_than_a_point {
        "a placement removes or shoots a piece besides"
    } else if game.facts.moves_again {
        "a player may move again, and GTP's colours take turns"
    } else {
        return Ok(());
    };
    Err(format!("GTP does not fit {}: {why}", game.about.name))
}

/// A GTP session: the game (its spec, to change the board size and komi), the position,
/// and the computer.
#[derive(Debug)]
pub struct Session {
    /// The game as asked for, without the komi.
    spec: GameSpec,
    /// The komi given by `komi`, as a setting (`komi=7`), if the game has one.
    komi: Option<String>,
    state: State,
    searcher: Searcher,
    options: Options,
}

impl Session {
    /// A session at the start of the game `spec` names; the error says why GTP does not
    /// fit it, or is the game's diagnostics.
    pub fn new(spec: GameSpec, options: Options) -> Result<Session, String> {
        let game = spec.load()?;
        Session::with_game(spec, game, options)
    }

    /// A session at the start of `game`, compiled already from `spec`; the error says why
    /// GTP does not fit it.
    pub fn with_game(spec: GameSpec, game: Arc<Game>, options: Options) -> Result<Session, String> {
        fits(&game)?;
        Ok(Session {
            spec,
            komi: None,
            state: State::new(game),
            searcher: Searcher::new(),
            options,
        })
    }

    /// The position being played.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Carries out a command: the reply's text, or the error's.
    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let wanted = match command {
            "known_command" | "boardsize" | "komi" | "genmove" => 1,
            "play" => 2,
            _ => 0,
        };
        if args.len() < wanted {
            let s = if wanted == 1 { "" } else { "s" };
            return Err(format!(
                "syntax error: {command} takes {wanted} argument{s}"
            ));
        }
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("rulebook".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(COMMANDS.contains(&args[0]).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args[0]),
            "clear_board" => {
                self.state = State::new(Arc::clone(self.state.game()));
                Ok(String::new())
            }
            "komi" => self.komi(args[0]),
            "play" => self.play(args[0], args[1]),
            "genmove" => self.genmove(args[0]),
            "undo" => match self.state.undo() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".to_string()),
            },
            "showboard" => Ok(self.board()),
            "final_score" => Ok(self.score()),
            _ => Err("unknown command".to_string()),
        }
    }

    /// The settings to compile the game with: the spec's, then the komi given.
    fn sets(&self) -> Vec<String> {
        self.spec.sets.iter().chain(&self.komi).cloned().collect()
    }

    /// `boardsize N`: the game as it is if its board has N points a side, else the first
    /// of its presets whose board has; the board cleared.
    fn boardsize(&mut self, size: &str) -> Result<String, String> {
        let size: u16 = size
            .parse()
            .map_err(|_| "syntax error: a size is a number")?;
        let side = |g: &Game| g.board.width == size && g.board.height == size && fits(g).is_ok();
        if side(self.state.game()) {
            self.state = State::new(Arc::clone(self.state.game()));
            return Ok(String::new());
        }
        for preset in pipeline::preset_names(&self.spec.game) {
            let spec = GameSpec {
                game: self.spec.game.clone(),
                preset: Some(preset),
                sets: self.sets(),
            };
            if let Some(game) = spec.load().ok().filter(|g| side(g)) {
                self.spec.preset = spec.preset;
                self.state = State::new(game);
                return Ok(String::new());
            }
        }
        Err("unacceptable size".to_string())
    }

    /// `komi K`: the game's `komi` setting (a whole number: K rounded, halves away from
    /// 0), the moves played kept; accepted and ignored in a game without one.
    fn komi(&mut self, komi: &str) -> Result<String, String> {
        let value: f64 = (komi.parse().ok())
            .filter(|k: &f64| k.is_finite())
            .ok_or("syntax error: komi is a number")?;
        if !self
            .state
            .game()
            .about
            .settings
            .iter()
            .any(|s| s.name == KOMI)
        {
            return Ok(String::new());
        }
        let set = format!("{KOMI}={}", value.round());
        let spec = GameSpec {
            sets: self.spec.sets.iter().chain([&set]).cloned().collect(),
            ..self.spec.clone()
        };
        let game = spec.load().map_err(|e| {
            let why = e.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            format!("komi {komi} is refused: {}", why.trim())
        })?;
        let mut state = State::new(game);
        for m in self.state.moves_played() {
            notation::play(&mut state, m).map_err(|e| format!("the moves played: {e}"))?;
        }
        self.state = state;
        self.komi = Some(set);
        Ok(String::new())
    }

    /// `play COLOUR VERTEX`: the colour's move at the vertex (or its pass), if it is legal
    /// and the colour is to move.
    fn play(&mut self, colour: &str, vertex: &str) -> Result<String, String> {
        let player = self.colour(colour)?;
        let target = self.vertex(vertex)?;
        if self.state.has_ended() {
            return Err("illegal move: the game is over".to_string());
        }
        if player != self.state.to_move() {
            let name = self.state.game().player_name(self.state.to_move());
            return Err(format!("illegal move: {name} is to move"));
        }
        let m = self.legal_move(target).ok_or("illegal move")?;
        self.state.apply(m);
        Ok(String::new())
    }

    /// `genmove COLOUR`: the computer's move for the colour, played; its vertex or `pass`.
    fn genmove(&mut self, colour: &str) -> Result<String, String> {
        let player = self.colour(colour)?;
        if self.state.has_ended() {
            return Err("the game is over".to_string());
        }
        if player != self.state.to_move() {
            let name = self.state.game().player_name(self.state.to_move());
            return Err(format!("{name} is to move"));
        }
        let ply = self.state.ply() as u64;
        let seed = (self.options.seed).wrapping_add(ply.wrapping_mul(0x9e37_79b9));
        let stop = AtomicBool::new(false);
        let t = (self
            .searcher
            .think(&self.state, self.options.budget, seed, &stop))
        .ok_or("the game is over")?;
        let text = self.vertex_text(t.best);
        self.state.apply(t.best);
        Ok(text)
    }

    /// The player a GTP colour (`b`, `black`, `w`, `white`, in any case) names.
    fn colour(&self, word: &str) -> Result<Player, String> {
        let seat = match word.to_ascii_lowercase().as_str() {
            "b" | "black" => 0,
            "w" | "white" => 1,
            _ => return Err(format!("syntax error: `{word}` is not a colour")),
        };
        Ok(seat_of(seat))
    }

    /// The point a GTP vertex names (`None`: `pass`).
    fn vertex(&self, word: &str) -> Result<Option<Site>, String> {
        let bad = || format!("syntax error: `{word}` is not a vertex");
        if word.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        let (letter, row) = word.split_at_checked(1).ok_or_else(bad)?;
        let upper = letter.to_ascii_uppercase().into_bytes();
        let file = (COLUMNS.iter())
            .position(|&c| upper == [c])
            .ok_or_else(bad)?;
        let rank: usize = row.parse().map_err(|_| bad())?;
        let board = &self.state.game().board;
        let size = usize::from(board.width);
        if file >= size || rank == 0 || rank > size {
            return Err(format!("illegal move: {word} is off the board"));
        }
        Ok(Some(Site::at((rank - 1) * size + file)))
    }

    /// A move's GTP vertex: the point it places a piece on, or `pass`.
    fn vertex_text(&self, m: Move) -> String {
        let game = self.state.game();
        if game.moves[m.rule() as usize].kind.placed_kind().is_none() {
            return "pass".to_string();
        }
        let size = usize::from(game.board.width);
        let (rank, file) = (m.to().index() / size, m.to().index() % size);
        format!("{}{}", char::from(COLUMNS[file]), rank + 1)
    }

    /// The legal move that places a piece on `target` (`None`: that passes), if any.
    fn legal_move(&self, target: Option<Site>) -> Option<Move> {
        let mut moves = MoveList::new();
        self.state.legal_moves(&mut moves);
        let game = self.state.game();
        moves
            .iter()
            .copied()
            .find(|m| match (&game.moves[m.rule() as usize].kind, target) {
                (MoveKind::Pass { .. }, None) => true,
                (kind, Some(site)) => kind.placed_kind().is_some() && m.to() == site,
                _ => false,
            })
    }

    /// `showboard`: the board with GTP's coordinates, then who is to move or how the game
    /// ended (no empty line, as GTP requires).
    fn board(&self) -> String {
        let game = self.state.game();
        let size = usize::from(game.board.width);
        let letters: String = (COLUMNS[..size].iter())
            .map(|&c| format!(" {}", char::from(c)))
            .collect();
        let mut out = format!("\n  {letters}\n");
        for rank in (0..size).rev() {
            let points: String = (0..size)
                .map(|file| {
                    let site = Site::at(rank * size + file);
                    format!(" {}", render::glyph(game, self.state.cell(site)))
                })
                .collect();
            out.push_str(&format!("{:>2}{points} {}\n", rank + 1, rank + 1));
        }
        out.push_str(&format!("  {letters}\n"));
        match self.state.outcome() {
            Some(o) => {
                let why = render::end_reason(&self.state);
                out.push_str(&format!(
                    "game over: {} ({why})",
                    render::result_words(game, o, self.state.points())
                ));
            }
            None => {
                let mover = game.player_name(self.state.to_move());
                out.push_str(&format!("{mover} to move"));
            }
        }
        out
    }

    /// `final_score`: `B+N`, `W+N` or `0`, by the game's own measure (its score where it
    /// has one, komi included); a finished game's winner as its outcome says.
    fn score(&self) -> String {
        let black = seat_of(0);
        let lead = ai::lead(&self.state, black);
        let black_wins = match self.state.outcome() {
            Some(Outcome::Draw) => return "0".to_string(),
            Some(Outcome::Win(p)) => p == black,
            None if lead == 0 => return "0".to_string(),
            None => lead > 0,
        };
        format!("{}+{}", if black_wins { "B" } else { "W" }, lead.abs())
    }
}

/// The player in GTP's seat (0 black, 1 white): the seat's place in turn order, since GTP
/// controllers start with black.
fn seat_of(seat: usize) -> Player {
    Player::new(seat).unwrap_or(Player::FIRST)
}

/// A command line as GTP reads it: control characters but tabs dropped, tabs made
/// spaces, a comment (`#` on) cut off.
fn clean(line: &str) -> String {
    let code = line.split('#').next().unwrap_or("");
    code.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// A response: `=` or `?`, the command's id if it had one, the text, and the empty line
/// that ends it.
fn respond(id: Option<&str>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    format!("{mark}{} {text}\n\n", id.unwrap_or(""))
}

impl Protocol for Session {
    /// Answers a command line with a response; an empty line or a comment gets none.
    fn handle(&mut self, line: &str) -> Answer {
        let line = clean(line);
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return Answer::goes_on(String::new());
        };
        let numbered = first.bytes().all(|b| b.is_ascii_digit());
        let (id, command) = match numbered {
            true => (Some(first), words.next()),
            false => (None, Some(first)),
        };
        let Some(command) = command else {
            return Answer::goes_on(respond(id, &Err("syntax error: no command".into())));
        };
        let args: Vec<&str> = words.collect();
        let result = self.run(command, &args);
        Answer {
            quit: command == "quit" && result.is_ok(),
            text: respond(id, &result),
        }
    }

    fn refuse(&mut self, why: &str) -> Answer {
        Answer::goes_on(respond(None, &Err(why.to_string())))
    }
}
