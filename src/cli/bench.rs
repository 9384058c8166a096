//! `rulebook bench`: random playouts and their speed, for one game or every bundled one.

use super::common::{load, render_error, settings_line, start_state};
use super::{threads_or_all, BenchArgs, GameArgs};
use crate::analysis::{bench, BenchLength, BenchReport};
use crate::catalog::BUNDLED;
use crate::pipeline;
use crate::render::terminal_safe;

/// How many playouts a benchmark plays when neither --playouts nor --seconds is given.
const DEFAULT_PLAYOUTS: u64 = 2000;

/// How long each game runs under --all when --seconds is not given.
const DEFAULT_SECONDS_PER_GAME: f64 = 2.0;

/// Plays random games and prints the report (as JSON with --json).
pub(super) fn run(args: &BenchArgs) -> Result<(), String> {
    let threads = threads_or_all(args.threads);
    if args.all {
        return run_all(args, threads);
    }
    let game = GameArgs {
        game: args.game.clone().unwrap_or_default(),
        preset: args.preset.clone(),
        sets: args.sets.clone(),
    };
    let state = start_state(load(&game)?, &args.start)?;
    let length = match (args.playouts, args.seconds) {
        (_, Some(s)) => BenchLength::Seconds(s),
        (n, None) => BenchLength::Playouts(n.unwrap_or(DEFAULT_PLAYOUTS)),
    };
    let report = bench(&state, length, args.seed, args.max_plies, threads);
    if args.json {
        println!("{}", to_json(&serde_json::to_value(&report))?);
        return Ok(());
    }
    let g = state.game();
    println!("game: {}{}", terminal_safe(&g.about.name), settings_line(g));
    println!(
        "{} playouts, {} plies in {:.3} s on {} thread{} (seed {}, cap {} plies)",
        report.playouts,
        report.plies,
        report.seconds,
        report.threads,
        crate::diag::plural(report.threads),
        args.seed,
        args.max_plies
    );
    println!("playouts/s: {:.0}", report.playouts_per_second);
    println!("plies/s: {:.0}", report.plies_per_second);
    println!("mean plies: {:.1}", report.mean_plies);
    println!(
        "ended by rule: {}, ended by the ply cap: {}",
        report.ended_by_rule, report.ended_by_cap
    );
    Ok(())
}

/// One row of `bench --all`: a bundled game, its preset (if it has presets) and the report.
#[derive(serde::Serialize)]
struct Row {
    game: String,
    preset: Option<String>,
    #[serde(flatten)]
    report: BenchReport,
}

/// Every bundled game and every preset, each for --seconds (or --playouts), as a table.
fn run_all(args: &BenchArgs, threads: usize) -> Result<(), String> {
    let length = match (args.playouts, args.seconds) {
        (Some(n), _) => BenchLength::Playouts(n),
        (None, s) => BenchLength::Seconds(s.unwrap_or(DEFAULT_SECONDS_PER_GAME)),
    };
    let mut rows = Vec::new();
    let cases = bundled_cases()?;
    // The game column as wide as the longest name, so that every row lines up.
    let width = cases.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    if !args.json {
        println!(
            "{:<width$} {:<12} {:>12} {:>12} {:>10}",
            "game", "preset", "plies/s", "playouts/s", "mean plies"
        );
    }
    for (name, preset) in cases {
        let game = GameArgs {
            game: name.to_string(),
            preset: preset.clone(),
            sets: Vec::new(),
        };
        let state = start_state(load(&game)?, &args.start)?;
        let report = bench(&state, length, args.seed, args.max_plies, threads);
        if !args.json {
            println!(
                "{:<width$} {:<12} {:>12.0} {:>12.1} {:>10.1}",
                name,
                preset.as_deref().unwrap_or("-"),
                report.plies_per_second,
                report.playouts_per_second,
                report.mean_plies
            );
        }
        rows.push(Row {
            game: name.to_string(),
            preset,
            report,
        });
    }
    if args.json {
        println!("{}", to_json(&serde_json::to_value(&rows))?);
    }
    Ok(())
}

/// The bundled games with each of their presets, and `None` for the game as its file sets
/// it when no preset is the default.
fn bundled_cases() -> Result<Vec<(&'static str, Option<String>)>, String> {
    let mut cases = Vec::new();
    for b in BUNDLED {
        let described =
            pipeline::describe(pipeline::read_source(b.name).map_err(|e| render_error(&e))?)
                .map_err(|e| render_error(&e))?;
        let presets = &described.description.settings.presets;
        if described.description.settings.default_preset.is_none() {
            cases.push((b.name, None));
        }
        cases.extend(presets.iter().map(|p| (b.name, Some(p.name.clone()))));
    }
    Ok(cases)
}

fn to_json(value: &Result<serde_json::Value, serde_json::Error>) -> Result<String, String> {
    match value {
        Ok(v) => serde_json::to_string_pretty(v).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}
