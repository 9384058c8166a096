//! `rulebook analyze` and `rulebook match` run for the analysis page of `rulebook serve`:
//! the same self-play and the same report (as JSON, as `--json` prints it), with the
//! charts of `--svg`; every game counted as it ends, and the run stopped by a flag.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde_json::{json, Value};

use super::self_play::{self, Agent, Plan};
use super::{match_report, report, svg, GameArgs, MatchArgs, RunArgs, DEFAULT_OPENING};
use crate::engine::State;
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
/// for a match of a game of two.
fn check(asked: &Asked) -> Result<(), String> {
    for name in &asked.players {
        agent(name)?;
    }
    match (
        asked.duel,
        asked.players.len(),
        asked.game.about.players.len(),
    ) {
        (false, 1, _) | (true, 2, 2) => Ok(()),
        (false, _, _) => Err("an analysis has one kind of player, for every seat".into()),
        (true, 2, n) => Err(format!(
            "a match needs a game of two players; this one has {n}"
        )),
        (true, _, _) => Err("a match has two players".into()),
    }
}

/// Plays what is asked, `done` called as each game ends, until the games are played or
/// `stop` is set; the report as JSON (`interrupted` when stopped), an analysis's with its
/// charts (`charts`: `length`, `branching`, `wins`, each an SVG picture).
fn run(asked: &Asked, stop: &AtomicBool, done: &(dyn Fn() + Sync)) -> Result<Value, String> {
    check(asked)?;
    let lineup: Vec<Agent> = match asked.duel {
        true => asked
            .players
            .iter()
            .map(|p| agent(p))
            .collect::<Result<_, _>>()?,
        false => vec![agent(&asked.players[0])?; asked.game.about.players.len()],
    };
    let start = State::new(Arc::clone(&asked.game));
    let plan = Plan {
        start: &start,
        lineup: lineup.clone(),
        alternate: asked.duel,
        open: if asked.duel {
            DEFAULT_OPENING as usize
        } else {
            0
        },
        games: asked.games,
        seed: 1,
        max_plies: 1000,
        threads: asked.threads,
        record: false,
        replays: None,
    };
    let tally = self_play::play(&plan, stop, &|_, _| done());
    if asked.duel {
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
            json: true,
            record: None,
            resume: false,
            force: false,
        };
        let m = match_report(&tally, &plan, &asked.game, &lineup, &args);
        return serde_json::to_value(&m).map_err(|e| e.to_string());
    }
    let mut r = report::report(&asked.game, &lineup, &tally, asked.games);
    r.seed = plan.seed;
    r.max_plies = plan.max_plies;
    let mut out = serde_json::to_value(&r).map_err(|e| e.to_string())?;
    let [length, branching, wins] = svg::charts(&[&r]);
    out["charts"] = json!({ "length": length, "branching": branching, "wins": wins });
    Ok(out)
}
