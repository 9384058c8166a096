//! `rulebook play` and `rulebook` alone: a session at a terminal or over lines.

use std::io::{BufRead, IsTerminal, Read, Write};

use super::common::{play_start, render_error, start_state};
use super::{PlayArgs, StartArgs};
use crate::catalog::BUNDLED;
use crate::pipeline;
use crate::repl::front;

/// `rulebook` alone: lists the bundled games, reads a choice, plays it.
pub(super) fn choose_and_play() -> Result<(), String> {
    println!("rulebook: choose a game to play (or run `rulebook --help`)");
    for (i, b) in BUNDLED.iter().enumerate() {
        println!("  {}. {}", i + 1, b.name);
    }
    print!("game (number or name): ");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    let limit = front::MAX_LINE_BYTES as u64 + 1;
    std::io::stdin()
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
    run(PlayArgs {
        game: Some(game),
        preset: None,
        sets: Vec::new(),
        start: StartArgs {
            position: None,
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
pub(super) fn run(args: PlayArgs) -> Result<(), String> {
    use crate::record::{self, Setup};
    use crate::repl::{Options, Session};
    let interactive = args.script.is_none() && std::io::stdin().is_terminal();
    let options = Options {
        color: !args.no_color && super::common::color_allowed(std::io::stdout().is_terminal()),
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
