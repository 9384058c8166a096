//! The command line: `rulebook list | check | fmt | show | perft | bench | think | play |
//! position | render | test | snapshot | analyze | match | json | gtp | uci | serve | saves |
//! lsp | completions | man`;
//! `rulebook` alone offers the bundled games to play.
//!
//! One module per command; `common` holds what several share (loading a game from
//! [`GameArgs`], the start position after `--moves`, the settings line).

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Parser};

use crate::files::Replace;
use position::Text;

pub use analyze::{AnalyzeArgs, MatchArgs, RunArgs};

mod analyze;
mod bench;
mod check;
mod common;
pub mod explain;
mod fmt;
mod gtp;
mod json;
mod list;
mod perft;
mod play;
mod position;
mod render;
mod serve;
mod show;
mod snapshot;
mod test;
mod think;
mod uci;

pub use analyze::served::analyst;

/// A rules interpreter for board games described in `.game` files.
#[derive(Parser, Debug)]
#[command(name = "rulebook", version, about)]
pub struct Cli {
    /// What to do (nothing: choose a bundled game and play it).
    #[command(subcommand)]
    pub command: Option<Subcommand>,
}

/// The subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Subcommand {
    /// List the bundled games with their presets and options.
    List,
    /// Check rule files: exit 0 if they are sound, else print diagnostics and exit 1.
    /// Each file is compiled under every preset (and its defaults), or with --preset and
    /// --set under those alone.
    Check {
        /// Rule files (paths or bundled names).
        #[arg(required = true)]
        files: Vec<String>,
        /// Compile under this preset only.
        #[arg(long)]
        preset: Option<String>,
        /// Compile with this parameter or option set: `--set size=9` (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        sets: Vec<String>,
    },
    /// Rewrite rule files in the canonical layout (--check: show what would change).
    ///
    /// Only white space changes (docs/language/syntax.md, "Layout"): spacing,
    /// indentation, blank lines and the comments' alignment; tokens, comments and the
    /// line breaks inside statements are kept. Folders are searched for `*.game` files;
    /// `-` formats standard input to standard output. A file that does not parse is left
    /// as it is, with the error.
    Fmt {
        /// Rule files, folders of them, or `-` for standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Change nothing: show what would change in each file not in the layout, and exit
        /// 1 if any is not.
        #[arg(long)]
        check: bool,
    },
    /// Explain a diagnostic's code (`E0401`, `W0101`): what it means, an example that draws
    /// it, and the fix (docs/diagnostics.md lists every code).
    Explain {
        /// The code, as a diagnostic shows it: `error[E0401]`.
        code: String,
    },
    /// Show the compiled summary of a game: board, pieces, moves, effects, end rules, settings.
    Show {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count the leaves of the move tree for every depth up to DEPTH.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// The deepest depth to count (1 or more).
        #[arg(value_parser = clap::value_parser!(u16).range(1..))]
        depth: u16,
        #[command(flatten)]
        start: StartArgs,
        /// Threads to count on (the moves at the root are shared out): all cores by default.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: Option<u16>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play random games and report their speed (`--all`: every bundled game and preset).
    Bench(BenchArgs),
    /// Play a game in the REPL (`help` inside lists the commands). Without a terminal (or
    /// with --script) lines are read from the input and the replies printed; a script
    /// with a refused line (an illegal move, a bad command) exits with 1 at its end.
    Play(PlayArgs),
    /// Measure the computer's think time per move against its level's budget, on the
    /// positions of a seeded random game.
    Think {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        start: StartArgs,
        /// The level: easy, medium or strong.
        #[arg(long, default_value = crate::ai::DEFAULT_LEVEL)]
        level: String,
        /// Moves to think about.
        #[arg(long, default_value_t = 10)]
        positions: usize,
        /// Seed of the searches and of the random game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Draw a position as an SVG picture (every kind of board).
    Render {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        start: StartArgs,
        /// The SVG file to write (written to a temporary file, then renamed into place; a
        /// symbolic link is followed, a device or a FIFO refused); `-` writes the picture
        /// to standard output.
        #[arg(long, value_name = "FILE")]
        svg: std::path::PathBuf,
        /// Write the picture even over a file this command read as a rule file.
        #[arg(long)]
        force: bool,
    },
    /// Print a position: board, side to move, legal moves, or the outcome.
    Position {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        start: StartArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Print the position in Forsyth–Edwards Notation alone (games on a grid of two
        /// players whose pieces have distinct letters and are not taken into hand:
        /// docs/language/positions.md).
        #[arg(long, conflicts_with = "json")]
        fen: bool,
        /// Print the position in SFEN alone, USI's position text (games on a grid of two
        /// players whose pieces taken go into hand, promoted pieces written `+P`:
        /// docs/language/positions.md).
        #[arg(long, conflicts_with_all = ["json", "fen"])]
        sfen: bool,
    },
    /// Run scenario files (*.yaml) and check behaviour snapshots (*.snapshot); folders are
    /// searched. Exit 1 if any expectation fails or any behaviour drifted.
    Test {
        /// Scenario files, snapshots, rule files (their snapshot) or folders.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Accept drifted behaviour: rewrite the snapshots that differ.
        #[arg(long)]
        update: bool,
    },
    /// Write the behaviour snapshot of rule files beside them (`x.game` -> `x.snapshot`).
    Snapshot {
        /// Paths to `.game` files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Play many seeded games (random players or the computer) and report what the rules
    /// do: results per seat with intervals, game length, branching, each rule's use;
    /// `--vs` compares with another variant, `--svg DIR` draws charts (docs/analyze.md).
    Analyze(AnalyzeArgs),
    /// Play two players against each other, seats alternated (in a game of more seats, the
    /// second in every seat but the first's): wins, draws and an Elo difference with its
    /// interval (more seats: the first player's share of wins).
    Match(MatchArgs),
    /// Speak the JSON-lines protocol on standard input and output, for programs in any
    /// language: a request a line, a reply a line, on any game (docs/protocols.md).
    Json {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Speak GTP (version 2) on standard input and output, as go programs do, for GUIs
    /// such as Sabaki and referees such as twogtp: games of two players placing pieces on
    /// a square grid (docs/protocols.md).
    Gtp(ProtocolArgs),
    /// Speak UCI on standard input and output, as the engines of GUIs such as Arena and
    /// referees such as cutechess-cli do: games of two players moving pieces on a grid whose
    /// pieces have distinct letters (docs/protocols.md).
    Uci(ProtocolArgs),
    /// Play in a web browser: serve a page and its JSON API (docs/web.md) on this machine,
    /// every file embedded in the program; the page opens on GAME if given (a rule file's
    /// path is offered beside the bundled games).
    Serve(ServeArgs),
    /// List the autosaved games (the games left with unsaved moves), the last left first:
    /// `rulebook play --resume N` reopens number N.
    Saves,
    /// Print the shell completion script for SHELL (README.md says where to install it).
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
    /// Run the language server for editors, on standard input and output: diagnostics,
    /// hover, completion, definitions, references, rename, formatting (docs/editors.md).
    Lsp,
    /// Print the manual page, in roff: `rulebook man > ~/.local/share/man/man1/rulebook.1`.
    Man,
}

/// The arguments of `play`.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// A bundled game's name or a path to a `.game` file (not with --load or --resume;
    /// without any of them, a list of the bundled games to choose from).
    pub game: Option<String>,
    /// A preset of the game.
    #[arg(long)]
    pub preset: Option<String>,
    /// Set a parameter or option: `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
    #[command(flatten)]
    pub start: StartArgs,
    /// Resume a saved game record.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "resume", "position"])]
    pub load: Option<std::path::PathBuf>,
    /// Resume an autosaved game: the last one left with unsaved moves, or number N of
    /// `rulebook saves`.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "1",
          value_parser = clap::value_parser!(u16).range(1..),
          conflicts_with_all = ["game", "position"])]
    pub resume: Option<u16>,
    /// Read commands and moves from FILE instead of the terminal.
    #[arg(long, value_name = "FILE")]
    pub script: Option<std::path::PathBuf>,
    /// Plain text, no colours (also with NO_COLOR set, or when output is not a terminal).
    #[arg(long)]
    pub no_color: bool,
    /// Seed of the computer's searches [default: a new one each game; `ai` shows it].
    #[arg(long)]
    pub seed: Option<u64>,
    /// The computer plays SIDE (a player's name, or `both`) at LEVEL (easy, medium or
    /// strong; medium if not given): `--ai white:strong` (repeatable).
    #[arg(long, value_name = "SIDE[:LEVEL]")]
    pub ai: Vec<String>,
    /// The computer's time limit per move, in seconds, instead of its level's (the search
    /// also stops at its iterations: raise them with --iterations).
    #[arg(long, value_name = "SECONDS", value_parser = seconds_value)]
    pub think: Option<f64>,
    /// The computer's search iterations per move, instead of its level's (with a seed, the
    /// same moves on every machine).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub iterations: Option<u64>,
}

/// The arguments of `rulebook serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// A bundled game's name or a path to a `.game` file, for the page to open on.
    pub game: Option<String>,
    /// The port to listen on (0: any free one, printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on: this machine only unless told otherwise (`0.0.0.0`
    /// lets other machines in: the API has no passwords).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Do not keep the games across restarts (no autosave files).
    #[arg(long)]
    pub no_autosave: bool,
}

/// The arguments of `rulebook gtp` and `rulebook uci`.
#[derive(Args, Debug)]
pub struct ProtocolArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The computer's level for GTP's `genmove` and UCI's `go` without limits: easy,
    /// medium or strong (its iterations, the same moves on every machine).
    #[arg(long, default_value = crate::ai::DEFAULT_LEVEL)]
    pub level: String,
    /// The computer's search iterations per move, instead of its level's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub iterations: Option<u64>,
    /// A time limit per move, in seconds (the search also stops at its iterations).
    #[arg(long, value_name = "SECONDS", value_parser = seconds_value)]
    pub think: Option<f64>,
    /// Seed of the computer's searches.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Which game, with which preset and settings.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// A bundled game's name or a path to a `.game` file.
    pub game: String,
    /// A preset of the game.
    #[arg(long)]
    pub preset: Option<String>,
    /// Set a parameter or option: `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

/// Where to start: a position given as text (or the game's start), then a list of moves.
#[derive(Args, Debug, Default)]
pub struct StartArgs {
    /// Start from this position instead of the game's start, in the notation of
    /// `rulebook position` (docs/language/positions.md), or FEN or SFEN where
    /// they fit: `--position "8/8/8/8/8/8/8/BBBBWWWW black"`.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Moves to play first (after --position), in canonical text separated by spaces:
    /// `--moves "h2-c2 a3-f3"`.
    #[arg(long, default_value = "")]
    pub moves: String,
}

/// The arguments of `rulebook bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A bundled game's name or a path to a `.game` file (not with --all).
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub game: Option<String>,
    /// A preset of the game.
    #[arg(long, conflicts_with = "all")]
    pub preset: Option<String>,
    /// Set a parameter or option: `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", conflicts_with = "all")]
    pub sets: Vec<String>,
    #[command(flatten)]
    pub start: StartArgs,
    /// Every bundled game and preset, one after the other, each for --seconds (a position
    /// given as text belongs to one game: not with --position).
    #[arg(long, conflicts_with = "position")]
    pub all: bool,
    /// Number of playouts [default: 2000, or as many as fit in --seconds].
    #[arg(long, conflicts_with = "seconds")]
    pub playouts: Option<u64>,
    /// Play for this many seconds instead of a number of playouts (--all: per game).
    #[arg(long, value_parser = seconds_value)]
    pub seconds: Option<f64>,
    /// Seed of the random moves (playout i draws from its own stream of the seed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a playout after this many plies (reported as ended by the cap).
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// Threads to play on: all cores by default.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// A number of seconds for `--seconds`: positive and at most a day.
fn seconds_value(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err("expected a number of seconds above 0 and at most 86400".into()),
    }
}

/// The threads asked for, or every core the machine offers.
fn threads_or_all(threads: Option<u16>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    )
}

/// The deepest perft the command accepts.
pub const MAX_PERFT_DEPTH: usize = 20;

/// `text` wrapped at word ends to the terminal's width (`COLUMNS`, else the terminal's
/// own), as it is when that is not known (output to a file or a pipe). The lines of a
/// diagnostic's quoted source (`5 | pieces stone`) are kept whole.
pub(crate) fn for_terminal(text: &str) -> String {
    let Some(width) = crate::repl::front::terminal_width() else {
        return text.to_string();
    };
    (text.split_inclusive('\n'))
        .map(
            |line| match line.contains(" | ") || line.trim_end() == "|" {
                true => line.to_string(),
                false => crate::render::wrapped_to(line, width),
            },
        )
        .collect()
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    match execute(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = std::io::stdout().flush();
            let message = for_terminal(&message);
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}

fn execute(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        return play::choose_and_play(PlayArgs::default());
    };
    match command {
        Subcommand::List => list::run(),
        Subcommand::Check {
            files,
            preset,
            sets,
        } => check::run(&files, preset.as_deref(), &sets),
        Subcommand::Fmt { files, check } => fmt::run(&files, check),
        Subcommand::Explain { code } => explain::run(&code),
        Subcommand::Show { game } => show::run(&game),
        Subcommand::Perft {
            game,
            depth,
            start,
            threads,
            json,
        } => perft::run(&game, depth.into(), &start, threads_or_all(threads), json),
        Subcommand::Bench(args) => bench::run(&args),
        Subcommand::Play(args) => play::run(args),
        Subcommand::Think {
            game,
            start,
            level,
            positions,
            seed,
            json,
        } => think::run(&game, &start, &level, positions, seed, json),
        Subcommand::Render {
            game,
            start,
            svg,
            force,
        } => render::run(&game, &start, &svg, Replace::forced(force)),
        Subcommand::Test { paths, update } => test::run(&paths, update),
        Subcommand::Snapshot { files } => snapshot::run(&files),
        Subcommand::Position {
            game,
            start,
            json,
            fen,
            sfen,
        } => position::run(&game, &start, json, Text::of(fen, sfen)),
        Subcommand::Analyze(args) => analyze::run_analyze(&args),
        Subcommand::Match(args) => analyze::run_match(&args),
        Subcommand::Json { game } => json::run(&game),
        Subcommand::Gtp(args) => gtp::run(&args),
        Subcommand::Uci(args) => uci::run(&args),
        Subcommand::Serve(args) => serve::run(&args),
        Subcommand::Saves => play::list_saves(),
        Subcommand::Lsp => crate::lsp::run(),
        Subcommand::Completions { shell } => {
            let mut cli = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cli, "rulebook", &mut std::io::stdout());
            Ok(())
        }
        Subcommand::Man => {
            let cli = <Cli as clap::CommandFactory>::command();
            clap_mangen::Man::new(cli)
                .render(&mut std::io::stdout())
                .map_err(|e| format!("error: cannot write the manual page: {e}"))
        }
    }
}
