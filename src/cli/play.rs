//! `rulebook play` and `rulebook` alone: a session at a terminal or over lines.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use super::common::{play_start, render_error, start_clocks, start_state};
use super::PlayArgs;
use crate::catalog::BUNDLED;
use crate::pipeline;
use crate::record::{self, GameSpec};
use crate::repl::{autosave, front, Options, Session};

/// `rulebook` alone, or `rulebook play` without a game: lists the bundled games with their
/// presets, reads a choice (a number or a name, and a preset if wanted), asks again after a
/// bad one, plays it with the rest of `args` (the computer's sides, seed, think time).
pub(super) fn choose_and_play(args: PlayArgs) -> Result<(), String> {
    println!("rulebook: choose a game to play (or run `rulebook --help`)");
    for (i, b) in BUNDLED.iter().enumerate() {
        let presets = crate::pipeline::preset_names(b.name);
        let line = match presets.is_empty() {
            true => format!("  {}. {}\n", i + 1, b.name),
            false => format!(
                "  {}. {} (presets: {})\n",
                i + 1,
                b.name,
                presets.join(", ")
            ),
        };
        print!("{}", super::for_terminal(&line));
    }
    let (game, preset) = loop {
        print!("game (a number or a name, and a preset if wanted): ");
        let _ = std::io::stdout().flush();
        let Some(line) = read_choice()? else {
            println!();
            return Err("error: no game chosen".into());
        };
        match chosen(&line) {
            Ok(choice) => break choice,
            Err(e) => println!("{}", e.trim_end()),
        }
    };
    run(PlayArgs {
        game: Some(game),
        preset,
        ..args
    })
}

/// What `play` without a game, a record or an autosave cannot do: an option that belongs to
/// a game (its preset, settings, start) or a script, which needs one named.
fn needs_a_game(args: &PlayArgs) -> Option<&'static str> {
    let given = [
        (args.preset.is_some(), "--preset"),
        (!args.sets.is_empty(), "--set"),
        (args.start.position.is_some(), "--position"),
        (!args.start.moves.trim().is_empty(), "--moves"),
        (args.script.is_some(), "--script"),
    ];
    given.into_iter().find(|g| g.0).map(|g| g.1)
}

/// A line of the chooser's input (`None` at its end), at most a script line long.
fn read_choice() -> Result<Option<String>, String> {
    let mut line = String::new();
    let limit = front::MAX_LINE_BYTES as u64 + 1;
    let n = std::io::stdin()
        .lock()
        .take(limit)
        .read_line(&mut line)
        .map_err(|e| format!("error: cannot read standard input: {e}"))?;
    if line.len() as u64 >= limit {
        return Err(format!(
            "error: the choice is longer than {} bytes",
            front::MAX_LINE_BYTES
        ));
    }
    Ok((n > 0).then_some(line))
}

/// The game and preset a chooser's line names, or why it names none.
fn chosen(line: &str) -> Result<(String, Option<String>), String> {
    let mut words = line.split_whitespace();
    let (Some(first), preset, None) = (words.next(), words.next(), words.next()) else {
        return Err("type a game's number or name, and a preset if wanted".into());
    };
    let game = match first.parse::<usize>() {
        Ok(n) if (1..=BUNDLED.len()).contains(&n) => BUNDLED[n - 1].name.to_string(),
        Ok(n) => {
            return Err(format!(
                "no game number {n}: the games are 1 to {}",
                BUNDLED.len()
            ))
        }
        Err(_) => first.to_string(),
    };
    let preset = preset.map(str::to_string);
    // Loaded here so that a bad name or preset is asked again (with its diagnostic).
    pipeline::load(&game, preset.as_deref(), &[]).map_err(|e| e.render(false))?;
    Ok((game, preset))
}

/// `rulebook play`: a session on a new game or a record, at a terminal or over lines.
pub(super) fn run(args: PlayArgs) -> Result<(), String> {
    if args.game.is_none() && args.load.is_none() && args.resume.is_none() {
        if let Some(option) = needs_a_game(&args) {
            return Err(format!(
                "error: {option} needs a game: `rulebook play GAME {option} ...`"
            ));
        }
        return choose_and_play(args);
    }
    let interactive = args.script.is_none() && std::io::stdin().is_terminal();
    let options = Options {
        color: !args.no_color && super::common::color_allowed(std::io::stdout().is_terminal()),
        interactive,
        // Scripts and piped input do not autosave: they would replace a person's games.
        autosave: interactive.then(front::autosave_dir).flatten(),
        seed: args.seed.unwrap_or_else(fresh_seed),
        think: args.think,
        iterations: args.iterations,
        width: front::terminal_width(),
    };
    let mut session = session(&args, options)?;
    for spec in &args.ai {
        let (side, level) = match spec.split_once(':') {
            Some((side, level)) => (side, Some(level)),
            None => (spec.as_str(), None),
        };
        session
            .set_computer(side, level)
            .map_err(|e| format!("error: --ai {spec}: {e}"))?;
    }
    if interactive {
        return front::run_terminal(session);
    }
    play_lines(&mut session, args.script.as_deref())
}

/// The session `args` ask for: on a game record (`--load`, `--resume`) or a new game, each
/// from `--position` and `--moves` if given.
fn session(args: &PlayArgs, options: Options) -> Result<Session, String> {
    let record_path = match (&args.load, args.resume) {
        (Some(p), _) => Some(p.clone()),
        (None, Some(n)) => Some(autosave_numbered(n.into())?),
        (None, None) => None,
    };
    if let Some(path) = record_path {
        return recorded_session(args, path, options);
    }
    let setup = GameSpec {
        game: args.game.clone().unwrap_or_default(),
        preset: args.preset.clone(),
        sets: args.sets.clone(),
    };
    let game = pipeline::load(&setup.game, setup.preset.as_deref(), &setup.sets)
        .map_err(|e| render_error(&e))?;
    let clocks = start_clocks(&game, &args.start)?;
    let state = start_state(game, &args.start)?;
    let mut session = Session::with_state(setup, state, options);
    session.set_start_clocks(clocks);
    Ok(session)
}

/// A session going on from the game record at `path`, resigned if the game ended so (which
/// `--moves` then cannot continue); an autosave resumed (`--resume`) is kept up to date.
fn recorded_session(args: &PlayArgs, path: PathBuf, options: Options) -> Result<Session, String> {
    let r = record::load(&path).map_err(|e| format!("error: {e}"))?;
    let state = r
        .replay()
        .map_err(|e| format!("error: `{}`: {e}", path.display()))?;
    let resigned = r.resigned_player(state.game());
    if resigned.is_some() && !args.start.moves.trim().is_empty() {
        return Err(format!(
            "error: `{}`: the game ended by a resignation; --moves cannot continue it",
            path.display()
        ));
    }
    let state = play_start(state, &args.start)?;
    let mut session = Session::with_state(r.setup(), state, options);
    session.set_resigned(resigned);
    if args.resume.is_some() {
        session.resumed_from(path);
    }
    Ok(session)
}

/// Plays the lines of `script` (the standard input if none) and prints the replies; fails
/// at the end if any line was refused.
fn play_lines(session: &mut Session, script: Option<&Path>) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let refused = match script {
        Some(path) => {
            let file = std::fs::File::open(path)
                .map_err(|e| format!("error: cannot read `{}`: {e}", path.display()))?;
            front::run_lines(session, std::io::BufReader::new(file), &mut out)?
        }
        None => front::run_lines(session, std::io::stdin().lock(), &mut out)?,
    };
    if refused {
        return Err("error: some lines were refused (see above)".into());
    }
    Ok(())
}

/// The file of autosave number `n` (1: the last game left).
fn autosave_numbered(n: usize) -> Result<PathBuf, String> {
    let dir = front::autosave_dir()
        .ok_or("error: no place for autosave files (set RULEBOOK_HOME or HOME)")?;
    let slots = autosave::list(&dir);
    if slots.is_empty() {
        return Err(format!(
            "error: no autosaved game to resume (looked in {})",
            dir.display()
        ));
    }
    slots.get(n - 1).map(|s| s.path.clone()).ok_or_else(|| {
        format!(
            "error: no autosave number {n} (there are {}: `rulebook saves` lists them)",
            slots.len()
        )
    })
}

/// `rulebook saves`: the autosaved games, numbered for `play --resume N`.
pub(super) fn list_saves() -> Result<(), String> {
    let dir = front::autosave_dir()
        .ok_or("error: no place for autosave files (set RULEBOOK_HOME or HOME)")?;
    let slots = autosave::list(&dir);
    if slots.is_empty() {
        println!("no autosaved games (in {})", dir.display());
        return Ok(());
    }
    println!("autosaved games, the last left first (`rulebook play --resume N` reopens one):");
    for (i, slot) in slots.iter().enumerate() {
        println!("{:>3}. {}", i + 1, slot.describe());
        println!("     {}", slot.path.display());
    }
    Ok(())
}

/// A seed that differs from game to game: the clock's nanoseconds and the process id,
/// mixed.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut x = nanos ^ (u64::from(std::process::id()) << 32);
    // splitmix64's finaliser spreads nearby clocks far apart.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (x ^ (x >> 31)) % 1_000_000_000
}
