//! The JSON-lines protocol, for any game: each request is a JSON object on one line, with
//! a command (`cmd`) and an `id` that the reply echoes; each reply is a JSON object on one
//! line, `{"id": ..., "ok": true, ...}` or `{"id": ..., "ok": false, "error": "..."}`. A
//! refused request changes nothing. `docs/protocols.md` lists the requests and replies.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use rulebook_engine::State;
use rulebook_model::Game;
use rulebook_notation as notation;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::{position_json, Answer, Protocol};
use crate::ai::{self, Budget, Judgement, Searcher};
use crate::record::GameSpec;

/// The most a `think` request may ask for, so that a client cannot tie the session up
/// for longer than its host allows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The most search iterations (positions visited) of one `think`, on each thread it
    /// runs on (the search counts them in steps, so it may go a little past).
    pub iterations: u64,
    /// The most seconds of one `think`.
    pub seconds: f64,
}

impl Default for Limits {
    /// As the command line allows them: 100 million iterations, an hour.
    fn default() -> Limits {
        Limits {
            iterations: 100_000_000,
            seconds: 3600.0,
        }
    }
}

/// A request, by its `cmd`; any field not listed is refused.
#[derive(Debug, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    /// A new game: another game, preset or settings, or the same game again.
    New {
        game: Option<String>,
        preset: Option<String>,
        #[serde(default)]
        set: Map<String, Value>,
    },
    /// A position given as text (`rulebook position`'s notation).
    Position { text: String },
    /// The legal moves.
    Moves {},
    /// A move played, by its text.
    Play {
        #[serde(rename = "move")]
        text: String,
    },
    /// The computer's move.
    Think(Think),
    /// The game's own measure of who leads.
    Evaluate {},
    /// The last move taken back.
    Undo {},
    /// The position.
    State {},
    /// The end of the session.
    Quit {},
}

/// What a `think` request may say.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Think {
    /// The level (medium if not given).
    level: Option<String>,
    /// Search iterations instead of the level's.
    iterations: Option<u64>,
    /// A time limit, in seconds: the search then runs on every core and may differ from
    /// run to run.
    seconds: Option<f64>,
    /// The seed of the search (1 if not given): equal moves are chosen between by it.
    seed: Option<u64>,
    /// Whether to play the move found.
    #[serde(default)]
    play: bool,
}

/// A session of the JSON protocol: a game being played, and the computer.
#[derive(Debug)]
pub struct Session {
    spec: GameSpec,
    state: State,
    searcher: Searcher,
    limits: Limits,
}

impl Session {
    /// A session at the start of the game `spec` names; the error is the game's
    /// diagnostics.
    pub fn new(spec: GameSpec, limits: Limits) -> Result<Session, String> {
        let game = spec.load()?;
        Ok(Session::with_game(spec, game, limits))
    }

    /// A session at the start of `game`, compiled already from `spec`.
    pub fn with_game(spec: GameSpec, game: Arc<Game>, limits: Limits) -> Session {
        Session {
            spec,
            state: State::new(game),
            searcher: Searcher::new(),
            limits,
        }
    }

    /// The position being played.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Carries out a request: the reply's fields, or why it was refused.
    fn run(&mut self, request: Request) -> Result<Map<String, Value>, String> {
        match request {
            Request::New { game, preset, set } => self.new_game(game, preset, &set),
            Request::Position { text } => {
                self.state = notation::parse_position(self.state.game(), &text)
                    .map_err(|e| e.to_string())?;
                Ok(self.state_fields())
            }
            Request::Moves {} => Ok(fields([(
                "moves",
                json!(notation::legal_texts(&self.state)),
            )])),
            Request::Play { text } => {
                let m = notation::parse_move(&mut self.state, &text).map_err(|e| e.to_string())?;
                let played = notation::move_text(&self.state, m);
                self.state.apply(m);
                let mut out = fields([("played", json!(played))]);
                out.append(&mut self.state_fields());
                Ok(out)
            }
            Request::Think(think) => self.think(&think),
            Request::Evaluate {} => Ok(self.evaluate()),
            Request::Undo {} => {
                let m = self.state.undo().ok_or("nothing to undo")?;
                let mut out = fields([("undone", json!(notation::move_text(&self.state, m)))]);
                out.append(&mut self.state_fields());
                Ok(out)
            }
            Request::State {} => Ok(self.state_fields()),
            Request::Quit {} => Ok(Map::new()),
        }
    }

    /// `new`: the game named (this session's if none), with the preset and settings given;
    /// with none of the three, this session's game as it was started.
    fn new_game(
        &mut self,
        game: Option<String>,
        preset: Option<String>,
        set: &Map<String, Value>,
    ) -> Result<Map<String, Value>, String> {
        let sets = set
            .iter()
            .map(|(key, value)| match value {
                Value::String(s) => Ok(format!("{key}={s}")),
                Value::Number(n) => Ok(format!("{key}={n}")),
                _ => Err(format!(
                    "setting `{key}`: its value is a string or a number"
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let spec = match (game, preset, sets.is_empty()) {
            (None, None, true) => self.spec.clone(),
            (game, preset, _) => GameSpec {
                game: game.unwrap_or_else(|| self.spec.game.clone()),
                preset,
                sets,
            },
        };
        let game = spec.load().map_err(|e| e.trim_end().to_string())?;
        self.spec = spec;
        self.state = State::new(game);
        Ok(self.state_fields())
    }

    /// `think`: the computer's move within the budget asked for, and how it judges it;
    /// played if asked.
    fn think(&mut self, think: &Think) -> Result<Map<String, Value>, String> {
        let name = think.level.as_deref().unwrap_or(ai::DEFAULT_LEVEL);
        let level = ai::level(name).ok_or_else(|| {
            let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
            format!("no level `{name}`; the levels are {}", names.join(", "))
        })?;
        let mut budget = Budget::reproducible(&level);
        if let Some(seconds) = think.seconds {
            if !(seconds > 0.0 && seconds <= self.limits.seconds) {
                let most = self.limits.seconds;
                return Err(format!("`seconds` must be above 0 and at most {most}"));
            }
            budget = Budget {
                iterations: self.limits.iterations,
                time: Some(Duration::from_secs_f64(seconds)),
                ..Budget::of(&level)
            };
        }
        if let Some(n) = think.iterations {
            if !(1..=self.limits.iterations).contains(&n) {
                let most = self.limits.iterations;
                return Err(format!("`iterations` must be 1 to {most}"));
            }
            budget.iterations = n;
        }
        // A level's own iterations are held to the limit too.
        budget.iterations = budget.iterations.min(self.limits.iterations);
        let stop = AtomicBool::new(false);
        let seed = think.seed.unwrap_or(1);
        let t = (self.searcher.think(&self.state, budget, seed, &stop))
            .ok_or("the game is over: there is no move to think about")?;
        let mut out = fields([
            ("move", json!(notation::move_text(&self.state, t.best))),
            ("judgement", judgement_json(t.judgement)),
            ("value", json!(t.value)),
            ("depth", json!(t.depth)),
            ("iterations", json!(t.iterations)),
            ("seconds", json!(t.elapsed.as_secs_f64())),
        ]);
        if think.play {
            self.state.apply(t.best);
            out.append(&mut self.state_fields());
        }
        Ok(out)
    }

    /// `evaluate`: each player's lead by the game's own measure (its score, else what its
    /// end rule compares, else pieces), without a search.
    fn evaluate(&self) -> Map<String, Value> {
        let game = self.state.game();
        let leads: Map<String, Value> = game
            .players_named()
            .map(|(p, name)| (name.to_string(), json!(ai::lead(&self.state, p))))
            .collect();
        let mover = self.state.to_move();
        fields([
            ("to_move", json!(game.player_name(mover))),
            ("lead", json!(ai::lead(&self.state, mover))),
            ("leads", Value::Object(leads)),
            ("unit", json!(ai::unit(game).1)),
        ])
    }

    /// The `state` field of a reply: the position as `rulebook position --json` gives it.
    fn state_fields(&self) -> Map<String, Value> {
        fields([("state", position_json(&self.state))])
    }
}

impl Protocol for Session {
    /// Answers a request line with a reply line; a blank line gets none.
    fn handle(&mut self, line: &str) -> Answer {
        if line.trim().is_empty() {
            return Answer::goes_on(String::new());
        }
        let (id, request) = parse(line);
        let quit = matches!(request, Ok(Request::Quit {}));
        let body = request.and_then(|r| self.run(r));
        Answer {
            text: reply(&id, body),
            quit,
        }
    }

    fn refuse(&mut self, why: &str) -> Answer {
        Answer::goes_on(reply(&Value::Null, Err(why.to_string())))
    }
}

/// A request line's `id` (null if it has none or is not an object) and its request, or why
/// it is not one.
fn parse(line: &str) -> (Value, Result<Request, String>) {
    let value = match serde_json::from_str::<Value>(line) {
        Ok(v) => v,
        Err(e) => return (Value::Null, Err(format!("not JSON: {e}"))),
    };
    let Value::Object(mut object) = value else {
        return (Value::Null, Err("a request is a JSON object".to_string()));
    };
    let id = object.remove("id").unwrap_or(Value::Null);
    let request =
        serde_json::from_value(Value::Object(object)).map_err(|e| format!("not a request: {e}"));
    (id, request)
}

/// A reply line: the id, whether the request was carried out, then the reply's fields or
/// the error.
fn reply(id: &Value, body: Result<Map<String, Value>, String>) -> String {
    #[derive(Serialize)]
    struct Reply<'a> {
        id: &'a Value,
        ok: bool,
        #[serde(flatten)]
        body: Map<String, Value>,
    }
    let (ok, body) = match body {
        Ok(body) => (true, body),
        Err(e) => (false, fields([("error", json!(e))])),
    };
    let mut text = serde_json::to_string(&Reply { id, ok, body })
        .unwrap_or_else(|e| format!(r#"{{"id":null,"ok":false,"error":"{e}"}}"#));
    text.push('\n');
    text
}

/// How the search judges its move: `{"wins_in": plies}`, `{"loses_in": plies}` or
/// `{"lead": n}` (the mover's lead at the end of the line searched, in the game's unit) or
/// `{"won_share": x}` (the share of random games played on after it that the mover won,
/// 0 ..= 1, by the tree search: an estimate).
fn judgement_json(j: Judgement) -> Value {
    match j {
        Judgement::Wins(p) => json!({ "wins_in": p }),
        Judgement::Loses(p) => json!({ "loses_in": p }),
        Judgement::Lead(v) => json!({ "lead": v }),
        Judgement::Sampled(s) => json!({ "won_share": f64::from(s) / 1000.0 }),
    }
}

/// A reply's fields from (name, value) pairs.
fn fields<const N: usize>(pairs: [(&str, Value); N]) -> Map<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}
