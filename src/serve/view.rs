//! What the page is sent of a game being played: the position as the JSON protocol gives
//! it, the picture, where each site is drawn, the legal moves with the sites a player
//! clicks to make each, and what the last move took.

use std::collections::HashMap;

use serde_json::{json, Map, Value};

use crate::engine::{Move, MoveList, MoveReport, State};
use crate::model::{Game, MoveKind};
use crate::notation;
use crate::protocol::position_json;
use crate::record::GameSpec;
use crate::render;

/// The state of a session as the API sends it (docs/web.md, "The state").
pub fn state_json(id: &str, spec: &GameSpec, state: &State, redo: usize) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), json!(id));
    out.insert("spec".into(), spec_json(spec));
    if let Value::Object(position) = position_json(state) {
        out.extend(position);
    }
    out.insert("players".into(), json!(state.game().about.players));
    out.insert("svg".into(), json!(render::position_svg(state)));
    out.insert("spots".into(), spots_json(state.game()));
    out.insert("choices".into(), choices_json(state));
    out.insert("redo".into(), json!(redo));
    out.insert("last".into(), last_json(state));
    out.insert("dice".into(), dice_json(state));
    Value::Object(out)
}

/// In a game with dice, `due` (a throw is due: the legal moves are throws, which are
/// thrown, not chosen), `opening` (the throw due is the opening roll, one die each, which
/// decides who starts), `thrown` (this turn's throw, or null before it) and `left` (the
/// dice still to play, where they are used one by one); null in a game without dice.
fn dice_json(state: &State) -> Value {
    match state.game().facts.roll_rule {
        None => Value::Null,
        Some(_) => json!({
            "due": state.chance().is_some(),
            "opening": state.opening(),
            "thrown": state.thrown(),
            "left": state.dice_left(),
        }),
    }
}

/// A game spec as JSON: `game`, `preset`, `set` (the `key=value` texts).
pub fn spec_json(spec: &GameSpec) -> Value {
    json!({ "game": spec.game, "preset": spec.preset, "set": spec.sets })
}

/// Each site the picture draws: its name, centre and radius.
fn spots_json(game: &Game) -> Value {
    let names = &game.board.site_names;
    (render::site_spots(game).iter())
        .map(|s| json!({ "site": names[s.site.index()], "x": s.x, "y": s.y, "r": s.r }))
        .collect()
}

/// The legal moves, each with its text and the sites clicked to make it, in order; a
/// tile's placement with the tile's picture. None when the dice are to be thrown (a throw
/// is not chosen).
fn choices_json(state: &State) -> Value {
    if state.chance().is_some() {
        return json!([]);
    }
    let game = state.game();
    (legal_clicks(state).into_iter())
        .map(|(m, text, sites)| {
            let mut choice = json!({ "text": text, "sites": sites });
            if let MoveKind::Place { .. } = game.moves[m.rule() as usize].kind {
                choice["tile"] = json!(render::tile_svg(game, m.tile_kind()));
            }
            choice
        })
        .collect()
}

/// The legal moves, each with its text and the sites a player clicks to make it
/// ([`move_sites`]).
pub fn legal_clicks(state: &State) -> Vec<(Move, String, Vec<String>)> {
    let game = state.game();
    let by_name: HashMap<&str, usize> = (game.board.site_names.iter().enumerate())
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    (moves.iter())
        .map(|&m| {
            let text = notation::move_text(state, m);
            let sites = move_sites(game, m, &text, &by_name);
            (m, text, sites)
        })
        .collect()
}

/// The sites a player clicks to make a move: the pit sown on a mancala board; elsewhere
/// the sites its text names, in order (`c3-e5-c7`: three; `a1-a4/xd4`: the piece taken
/// last; `d4:BYYBBY`: the cell; `pass`: none).
fn move_sites(game: &Game, m: Move, text: &str, by_name: &HashMap<&str, usize>) -> Vec<String> {
    let names = &game.board.site_names;
    if game.board.pits() > 0 {
        return names.get(m.pit().index()).cloned().into_iter().collect();
    }
    let site = |word: &str| by_name.get(word).map(|&i| names[i].clone());
    text.split(|c: char| !c.is_alphanumeric())
        .filter_map(|word| site(word).or_else(|| word.strip_prefix('x').and_then(site)))
        .collect()
}

/// The last move: its text, who made it, the sites it took from and what its rules did
/// in words; `null` at the start.
fn last_json(state: &State) -> Value {
    let mut before = state.clone();
    let Some(m) = before.undo() else {
        return Value::Null;
    };
    let text = notation::move_text(&before, m);
    // The opening roll is nobody's move.
    let opening = before.opening();
    let mover = (!opening).then(|| before.game().player_name(before.to_move()).to_string());
    let mut report = MoveReport::new();
    before.apply_reported(m, &mut report);
    let names = &state.game().board.site_names;
    let taken: Vec<&String> = report
        .taken_sites
        .iter()
        .map(|s| &names[s.index()])
        .collect();
    json!({
        "move": text,
        "by": mover,
        "taken": taken,
        "effects": render::move_effects(&before, &report),
    })
}
