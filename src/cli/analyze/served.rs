//! `rulebook analyze` and `rulebook match` run for the analysis page of `rulebook serve`:
//! the same self-play and the same report (as JSON, as `--json` prints it), with the
//! charts of `--svg`; every game counted as it ends, and the run stopped by a flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use super::self_play::{self, Agent, Plan};
use super::{compare, match_report, report, svg, GameArgs, MatchArgs, RunArgs, DEFAULT_OPENING};
use crate::engine::State;
use crate::model::Game;
use crate::serve::{Analyst, Asked};

/// The analyses of `rulebook serve`: the checks and the runs of this module.
pub fn analyst() -> Analyst {
    Analyst { check, run }
}

/// The agent a name names, or why not.
fn agent(name: &str) -> Result<Agent, String> {
    Agent::named(name.trim()).ok_or_else(|| {
        format!("unknown player `{name}`: expected random, baseline, easy, medium or strong")
    })
}

/// Checks what is asked before any game is played: the players' names, and two players
/// for a match of a game of two seats or more.
fn check(asked: &Asked) -> Result<(), String> {
    for name in &asked.players {
        agent(name)?;
    }
    match (
        asked.duel,
        asked.players.len(),
        asked.game.about.players.len(),
    ) {
        (false, 1, _) => Ok(()),
        (true, 2, n) if n >= 2 => Ok(()),
        (false, _, _) => Err("an analysis has one kind of player, for every seat".into()),
        (true, 2, n) => Err(format!(
            "a match needs a game of two players or more; this one has {n}"
        )),
        (true, _, _) => Err("a match has two players".into()),
    }
}

/// What a run stopped before any game finished says instead of a report of no games.
const NOTHING_FINISHED: &str = "stopped before any game finished: nothing to report";

/// Plays what is asked, `done` called as each game ends, until the games are played or
/// `stop` is set; the report as JSON (`interrupted` when stopped; an error when no game
/// finished): a match's, or an analysis's with its charts (`charts`: `length`,
/// `branching`, `wins`, each an SVG picture), or with `vs` the comparison of both
/// variants with the charts of both.
fn run(asked: &Asked, stop: &AtomicBool, done: &(dyn Fn() + Sync)) -> Result<Value, String> {
    check(asked)?;
    if asked.duel {
        return duel(asked, stop, done);
    }
    let who = agent(&asked.players[0])?;
    let first = analyse(&asked.game, who, asked, stop, done);
    if first.run.games == 0 {
        return Err(NOTHING_FINISHED.into());
    }
    let second = match &asked.vs {
        Some(v) if !stop.load(Ordering::Relaxed) => Some(analyse(&v.game, who, asked, stop, done)),
        _ => None,
    };
    let (mut out, charts) = match &second {
        None => (to_json(&first)?, svg::charts(&[&first])),
        Some(b) => (
            to_json(&compare::compare(&first, b))?,
            svg::charts(&[&first, b]),
        ),
    };
    if asked.vs.is_some() && second.is_none() {
        out["note"] = json!("stopped before the variant compared was played: no comparison");
    }
    let [length, branching, wins] = charts;
    out["charts"] = json!({ "length": length, "branching": branching, "wins": wins });
    Ok(out)
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| e.to_string())
}

/// The plan of a run from a start: its games, seed and cap, on the threads asked.
fn plan<'a>(asked: &Asked, start: &'a State, lineup: Vec<Agent>) -> Plan<'a> {
    Plan {
        start,
        lineup,
        rotate: asked.duel,
        open: if asked.duel {
            DEFAULT_OPENING as usize
        } else {
            0
        },
        games: asked.games,
        seed: asked.seed,
        max_plies: asked.max_plies as usize,
        threads: asked.threads,
        record: false,
        replays: None,
        duplicate: false,
    }
}

/// The games of one variant played by `who` in every seat, and their report.
fn analyse(
    game: &Arc<Game>,
    who: Agent,
    asked: &Asked,
    stop: &AtomicBool,
    done: &(dyn Fn() + Sync),
) -> report::Report {
    let lineup = vec![who; game.about.players.len()];
    let start = State::new(Arc::clone(game));
    let plan = plan(asked, &start, lineup);
    let tally = self_play::play(&plan, stop, &|_, _| done());
    report::report(game, &plan, &tally)
}

/// A match's games and its report.
fn duel(asked: &Asked, stop: &AtomicBool, done: &(dyn Fn() + Sync)) -> Result<Value, String> {
    let [a, b] = [agent(&asked.players[0])?, agent(&asked.players[1])?];
    let lineup = super::match_lineup(a, b, asked.game.about.players.len());
    let start = State::new(Arc::clone(&asked.game));
    let plan = plan(asked, &start, lineup.clone());
    let tally = self_play::play(&plan, stop, &|_, _| done());
    if tally.games.is_empty() {
        return Err(NOTHING_FINISHED.into());
    }
    let args = MatchArgs {
        game: GameArgs {
            game: asked.spec.game.clone(),
            preset: asked.spec.preset.clone(),
            sets: asked.spec.sets.clone(),
        },
        players: asked.players.join(","),
        games: asked.games,
        open: DEFAULT_OPENING,
        run: RunArgs {
            seed: plan.seed,
            max_plies: plan.max_plies as u64,
            threads: None,
        },
        adjudicate: None,
        duplicate: false,
        json: true,
        record: None,
        resume: false,
        force: false,
    };
    to_json(&match_report(&tally, &plan, &asked.game, &lineup, &args))
}
