//! The command line: `rulebook list | check | show | perft | bench | think | play |
//! position | render | test | snapshot`; `rulebook` alone offers the bundled games to play.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Parser, Subcommand};

use crate::analysis::{bench, perft};
use crate::authoring::{scenario, snapshot, TestFile};
use crate::catalog::BUNDLED;
use crate::engine::State;
use crate::model::Game;
use crate::pipeline::{self, LoadError};
use crate::render;

/// A rules interpreter for board games described in `.game` files.
#[derive(Parser, Debug)]
#[command(name = "rulebook", version, about)]
pub struct Cli {
    /// What to do (nothing: choose a bundled game and play it).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the bundled games with their presets and options.
    List,
    /// Check rule files: exit 0 if they are sound, else print diagnostics and exit 1.
    Check {
        /// Rule files (paths or bundled names).
        #[arg(required = true)]
        files: Vec<String>,
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
        /// The deepest depth to count.
        depth: usize,
        #[command(flatten)]
        start: StartArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play random games and report their speed.
    Bench {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        start: StartArgs,
        /// Number of playouts.
        #[arg(long, default_value_t = 2000)]
        playouts: u64,
        /// Seed of the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a playout after this many plies (reported as ended by the cap).
        #[arg(long, default_value_t = 1000)]
        max_plies: usize,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
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
        /// The SVG file to write (written to a temporary file, then renamed into place).
        #[arg(long, value_name = "FILE")]
        svg: std::path::PathBuf,
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
}

/// The arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// A bundled game's name or a path to a `.game` file (not with --load or --resume).
    #[arg(required_unless_present_any = ["load", "resume"])]
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
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "resume"])]
    pub load: Option<std::path::PathBuf>,
    /// Resume the game autosaved when the last session quit with unsaved moves.
    #[arg(long, conflicts_with = "game")]
    pub resume: bool,
    /// Read commands and moves from FILE instead of the terminal.
    #[arg(long, value_name = "FILE")]
    pub script: Option<std::path::PathBuf>,
    /// Plain text, no colours (also with NO_COLOR set, or when output is not a terminal).
    #[arg(long)]
    pub no_color: bool,
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

/// Where to start: after a list of moves from the start position.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// Moves to play first, in canonical text separated by spaces: `--moves "h2-c2 a3-f3"`.
    #[arg(long, default_value = "")]
    pub moves: String,
}

/// The deepest perft the command accepts.
pub const MAX_PERFT_DEPTH: usize = 20;

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    match execute(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = std::io::stdout().flush();
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}

/// Whether to colour output on standard error.
fn color_stderr() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

fn load(args: &GameArgs) -> Result<Arc<Game>, String> {
    pipeline::load(&args.game, args.preset.as_deref(), &args.sets).map_err(|e| render_error(&e))
}

fn render_error(e: &LoadError) -> String {
    e.render(color_stderr())
}

fn start_state(game: Arc<Game>, start: &StartArgs) -> Result<State, String> {
    play_start(State::new(game), start)
}

fn execute(cli: Cli) -> Result<(), String> {
    let Some(command) = cli.command else {
        return choose_and_play();
    };
    match command {
        Command::List => {
            print!("{}", list()?);
            Ok(())
        }
        Command::Check { files } => check(&files),
        Command::Show { game } => {
            print!("{}", render::summary(&*load(&game)?));
            Ok(())
        }
        Command::Perft {
            game,
            depth,
            start,
            json,
        } => {
            if depth > MAX_PERFT_DEPTH {
                return Err(format!(
                    "error: depth {depth} is beyond the limit of {MAX_PERFT_DEPTH}: move trees grow exponentially, and a count that deep would not finish"
                ));
            }
            let mut state = start_state(load(&game)?, &start)?;
            run_perft(&mut state, depth, json);
            Ok(())
        }
        Command::Bench {
            game,
            start,
            playouts,
            seed,
            max_plies,
            json,
        } => {
            let state = start_state(load(&game)?, &start)?;
            let report = bench(&state, playouts, seed, max_plies);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
                );
            } else {
                let g = state.game();
                println!("game: {}{}", g.name, settings_line(g));
                println!(
                    "{} playouts, {} plies in {:.3} s (seed {seed}, cap {max_plies} plies)",
                    report.playouts, report.plies, report.seconds
                );
                println!("playouts/s: {:.0}", report.playouts_per_second);
                println!("plies/s: {:.0}", report.plies_per_second);
                println!("mean plies: {:.1}", report.mean_plies);
                println!(
                    "ended by rule: {}, ended by the ply cap: {}",
                    report.ended_by_rule, report.ended_by_cap
                );
            }
            Ok(())
        }
        Command::Play(args) => play(args),
        Command::Think {
            game,
            start,
            level,
            positions,
            seed,
            json,
        } => {
            let names: Vec<&str> = crate::ai::LEVELS.iter().map(|l| l.name).collect();
            let level = crate::ai::level(&level).ok_or_else(|| {
                format!(
                    "error: no level `{level}`; the levels are {}",
                    names.join(", ")
                )
            })?;
            let state = start_state(load(&game)?, &start)?;
            let r = crate::ai::think_times(&state, &level, positions, seed);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?
                );
            } else {
                println!("game: {}{}", state.game().name, settings_line(state.game()));
                println!(
                    "level {}: {} iterations or {:.1} s per move",
                    r.level, r.iterations, r.budget_seconds
                );
                println!(
                    "{} moves: mean {:.3} s, max {:.3} s, {} over the time limit, {} stopped by it",
                    r.moves, r.mean_seconds, r.max_seconds, r.over_budget, r.stopped_by_time
                );
                println!("iterations/s: {:.0}", r.iterations_per_second);
            }
            Ok(())
        }
        Command::Render { game, start, svg } => {
            let state = start_state(load(&game)?, &start)?;
            crate::files::write_atomic(&svg, &render::position_svg(&state))
                .map_err(|e| format!("error: cannot write {}: {e}", svg.display()))
        }
        Command::Test { paths, update } => test(&paths, update),
        Command::Snapshot { files } => {
            for f in &files {
                let written = snapshot::write(f)?;
                println!("wrote {}", written.display());
            }
            Ok(())
        }
        Command::Position { game, start, json } => {
            let mut state = start_state(load(&game)?, &start)?;
            if json {
                println!("{}", position_json(&mut state));
            } else {
                print!("{}", render::position_text(&mut state));
            }
            Ok(())
        }
    }
}

fn settings_line(g: &Game) -> String {
    let s: Vec<String> = g
        .settings
        .iter()
        .map(|s| format!("{}={}", s.name, s.value))
        .collect();
    match &g.preset {
        Some(p) => format!(" (preset {p}: {})", s.join(" ")),
        None if s.is_empty() => String::new(),
        None => format!(" ({})", s.join(" ")),
    }
}

fn list() -> Result<String, String> {
    let mut out = String::new();
    for b in BUNDLED {
        let described =
            pipeline::describe(pipeline::read_source(b.name).map_err(|e| render_error(&e))?)
                .map_err(|e| render_error(&e))?;
        let d = &described.description;
        out.push_str(&format!("{} ({})\n", b.name, d.name));
        let presets: Vec<String> = d
            .presets
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if Some(i) == d.default_preset {
                    format!("{} (default)", p.name)
                } else {
                    p.name.clone()
                }
            })
            .collect();
        if !presets.is_empty() {
            out.push_str(&format!("  presets: {}\n", presets.join(", ")));
        }
        for p in &d.params {
            out.push_str(&format!(
                "  --set {}=N  ({}..{}, default {})\n",
                p.name, p.min, p.max, p.default
            ));
        }
        for o in &d.options {
            out.push_str(&format!(
                "  --set {}={}  (default {})\n",
                o.name,
                o.choices.join("|"),
                o.choices[o.default]
            ));
        }
    }
    Ok(out)
}

fn check(files: &[String]) -> Result<(), String> {
    let mut failed = false;
    let color = color_stderr();
    for f in files {
        let source = match pipeline::read_source(f) {
            Ok(s) => s,
            Err(e) => {
                eprint!("{}", e.render(color));
                failed = true;
                continue;
            }
        };
        match pipeline::describe(source) {
            Ok(d) => {
                eprint!("{}", d.sources.render(&d.warnings, color));
                // Compile under every preset (and the defaults), so that sizes and regions
                // are checked too; an error found under several is shown once.
                let mut configurations: Vec<Option<&str>> = vec![None];
                configurations.extend(d.description.presets.iter().map(|p| Some(p.name.as_str())));
                let mut found: Vec<(crate::diag::Diagnostic, Vec<String>)> = Vec::new();
                for p in configurations {
                    let Err(e) = pipeline::build(&d, p, &[]) else {
                        continue;
                    };
                    let name = p.map_or_else(
                        || "the default settings".to_string(),
                        |p| format!("preset `{p}`"),
                    );
                    for diag in e.diagnostics {
                        match found
                            .iter_mut()
                            .find(|(f, _)| f.message == diag.message && f.span == diag.span)
                        {
                            Some((_, under)) => under.push(name.clone()),
                            None => found.push((diag, vec![name.clone()])),
                        }
                    }
                }
                let errors: Vec<crate::diag::Diagnostic> = found
                    .into_iter()
                    .map(|(diag, under)| {
                        diag.with_note(format!("found when compiling with {}", under.join(", ")))
                    })
                    .collect();
                if errors.is_empty() {
                    println!(
                        "{}: ok ({} warning{})",
                        d.sources.root().name,
                        d.warnings.len(),
                        plural(d.warnings.len())
                    );
                } else {
                    eprint!("{}", d.sources.render(&errors, color));
                    eprintln!(
                        "{}: {} error{}",
                        d.sources.root().name,
                        errors.len(),
                        plural(errors.len())
                    );
                    failed = true;
                }
            }
            Err(e) => {
                eprint!("{}", e.render(color));
                let errors = e.diagnostics.iter().filter(|d| d.is_error()).count();
                eprintln!(
                    "{}: {errors} error{}",
                    e.sources
                        .as_ref()
                        .map_or(f.as_str(), |s| s.root().name.as_str()),
                    if errors == 1 { "" } else { "s" }
                );
                failed = true;
            }
        }
    }
    if failed {
        Err(String::new())
    } else {
        Ok(())
    }
}

/// `rulebook test`: every scenario file and snapshot under the paths, then a summary line.
fn test(paths: &[std::path::PathBuf], update: bool) -> Result<(), String> {
    let files = crate::authoring::collect(paths).map_err(|e| format!("error: {e}"))?;
    let color = std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    let (mut passed, mut failed, mut broken, mut drifted) = (0, 0, 0, 0);
    for file in &files {
        match file {
            TestFile::Scenario(path) => match scenario::run_file(path) {
                Ok(report) => {
                    print!("{}", scenario::render(&report, color));
                    failed += report.failed();
                    passed += report.cases.len() - report.failed();
                }
                Err(e) => {
                    let _ = std::io::stdout().flush();
                    eprintln!("{e}");
                    broken += 1;
                }
            },
            TestFile::Snapshot(path) => match snapshot::check(path, update) {
                Ok(snapshot::Verdict::Same) => {
                    println!("{}: behaviour as recorded", path.display());
                }
                Ok(snapshot::Verdict::Drifted(diff)) if update => {
                    println!("{}: updated\n{diff}", path.display());
                }
                Ok(snapshot::Verdict::Drifted(diff)) => {
                    println!(
                        "{}: behaviour drifted (- recorded, + now); accept it with `rulebook test --update`\n{diff}",
                        path.display()
                    );
                    drifted += 1;
                }
                Err(e) => {
                    let _ = std::io::stdout().flush();
                    eprintln!("{e}");
                    broken += 1;
                }
            },
        }
    }
    println!(
        "{} case{} passed, {failed} failed; {drifted} snapshot{} drifted; {broken} file{} could not be run",
        passed,
        plural(passed),
        plural(drifted),
        plural(broken)
    );
    if failed + drifted + broken > 0 {
        Err(String::new())
    } else {
        Ok(())
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn run_perft(state: &mut State, depth: usize, json: bool) {
    let began = std::time::Instant::now();
    let counts = perft(state, depth);
    let seconds = began.elapsed().as_secs_f64();
    if json {
        let rows: Vec<serde_json::Value> = counts
            .iter()
            .enumerate()
            .map(|(i, c)| serde_json::json!({ "depth": i + 1, "count": c }))
            .collect();
        println!(
            "{}",
            serde_json::json!({ "counts": rows, "seconds": seconds })
        );
    } else {
        for (i, c) in counts.iter().enumerate() {
            println!("{} {c}", i + 1);
        }
        eprintln!("({seconds:.3} s)");
    }
}

fn position_json(state: &mut State) -> serde_json::Value {
    let game = Arc::clone(state.game());
    let text = render::board_text(state);
    let outcome = state.outcome();
    let mut moves = crate::engine::MoveList::new();
    state.legal_moves(&mut moves);
    let moves: Vec<String> = moves.iter().map(|m| state.move_text(*m)).collect();
    let played: Vec<String> = state.moves_played().map(|m| state.move_text(m)).collect();
    let pieces: serde_json::Map<String, serde_json::Value> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, n)| (n.clone(), serde_json::json!(state.pieces(p as u8))))
        .collect();
    serde_json::json!({
        "game": game.name,
        "preset": game.preset,
        "settings": game.settings.iter().map(|s| (s.name.clone(), serde_json::json!(s.value))).collect::<serde_json::Map<_, _>>(),
        "board": text.lines().collect::<Vec<_>>(),
        "to_move": game.players[state.to_move() as usize],
        "pieces": pieces,
        "moves": moves,
        "played": played,
        "over": outcome.is_some(),
        "winner": match outcome {
            Some(crate::engine::Outcome::Win(p)) => serde_json::json!(game.players[p as usize]),
            _ => serde_json::Value::Null,
        },
        "draw": matches!(outcome, Some(crate::engine::Outcome::Draw)),
    })
}

/// `rulebook` alone: lists the bundled games, reads a choice, plays it.
fn choose_and_play() -> Result<(), String> {
    println!("rulebook: choose a game to play (or run `rulebook --help`)");
    for (i, b) in BUNDLED.iter().enumerate() {
        println!("  {}. {}", i + 1, b.name);
    }
    print!("game (number or name): ");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("error: cannot read standard input: {e}"))?;
    let choice = line.trim();
    if choice.is_empty() {
        println!();
        return Err("error: no game chosen".into());
    }
    let game = match choice.parse::<usize>() {
        Ok(n) if (1..=BUNDLED.len()).contains(&n) => BUNDLED[n - 1].name.to_string(),
        Ok(n) => return Err(format!("error: no game number {n}")),
        Err(_) => choice.to_string(),
    };
    play(PlayArgs {
        game: Some(game),
        preset: None,
        sets: Vec::new(),
        start: StartArgs {
            moves: String::new(),
        },
        load: None,
        resume: false,
        script: None,
        no_color: false,
        seed: 1,
    })
}

/// `rulebook play`: a session on a new game or a record, at a terminal or over lines.
fn play(args: PlayArgs) -> Result<(), String> {
    use crate::record::{self, Setup};
    use crate::repl::{front, Options, Session};
    let interactive = args.script.is_none() && std::io::stdin().is_terminal();
    let options = Options {
        color: !args.no_color
            && std::env::var_os("NO_COLOR").is_none()
            && std::io::stdout().is_terminal(),
        interactive,
        autosave: front::autosave_path(),
        seed: args.seed,
    };
    let record_path = match (&args.load, args.resume) {
        (Some(p), _) => Some(p.clone()),
        (None, true) => Some(
            front::autosave_path()
                .ok_or("error: no place for an autosave file (set RULEBOOK_HOME or HOME)")?,
        ),
        (None, false) => None,
    };
    let mut session = match record_path {
        Some(path) => {
            if args.resume && !path.exists() {
                return Err(format!(
                    "error: no autosaved game to resume (looked for {})",
                    path.display()
                ));
            }
            let r = record::load(&path).map_err(|e| format!("error: {e}"))?;
            let state = r
                .replay()
                .map_err(|e| format!("error: `{}`: {e}", path.display()))?;
            let state = play_start(state, &args.start)?;
            Session::with_state(r.setup(), state, options)
        }
        None => {
            let setup = Setup {
                game: args.game.clone().unwrap_or_default(),
                preset: args.preset.clone(),
                sets: args.sets.clone(),
            };
            let game = pipeline::load(&setup.game, setup.preset.as_deref(), &setup.sets)
                .map_err(|e| render_error(&e))?;
            let state = start_state(game, &args.start)?;
            Session::with_state(setup, state, options)
        }
    };
    if interactive {
        return front::run_terminal(session);
    }
    let mut out = std::io::stdout().lock();
    let refused = match &args.script {
        Some(path) => {
            let file = std::fs::File::open(path)
                .map_err(|e| format!("error: cannot read `{}`: {e}", path.display()))?;
            front::run_lines(&mut session, std::io::BufReader::new(file), &mut out)?
        }
        None => front::run_lines(&mut session, std::io::stdin().lock(), &mut out)?,
    };
    if refused {
        return Err("error: some lines were refused (see above)".into());
    }
    Ok(())
}

/// Plays `--moves` on a state.
fn play_start(mut state: State, start: &StartArgs) -> Result<State, String> {
    for (i, text) in start.moves.split_whitespace().enumerate() {
        state
            .play_text(text)
            .map_err(|e| format!("error: move {} of --moves: {e}", i + 1))?;
    }
    Ok(state)
}
