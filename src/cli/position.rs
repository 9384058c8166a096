//! `rulebook position`: a position's board, side to move, legal moves or outcome, and its
//! text (the notation `--position` reads).

use std::sync::Arc;

use super::common::{load, start_state};
use super::{GameArgs, StartArgs};
use crate::engine::State;
use crate::model::{Player, Site};
use crate::notation;
use crate::render;

/// Prints the position after `--position` and `--moves` (as JSON with `json`).
pub(super) fn run(game: &GameArgs, start: &StartArgs, json: bool) -> Result<(), String> {
    let state = start_state(load(game)?, start)?;
    if json {
        println!("{}", position_json(&state));
    } else {
        print!("{}", render::position_text(&state));
        match notation::readable_position_text(&state) {
            Ok(text) => println!("position: {text}"),
            Err(e) => println!("position: none ({e})"),
        }
    }
    Ok(())
}

fn position_json(state: &State) -> serde_json::Value {
    let game = Arc::clone(state.game());
    let text = render::board_text(state);
    let outcome = state.outcome();
    let moves = notation::legal_texts(state);
    let played: Vec<String> = state
        .moves_played()
        .map(|m| notation::move_text(state, m))
        .collect();
    let per_player = |f: &dyn Fn(Player) -> serde_json::Value| -> serde_json::Value {
        game.players_named()
            .map(|(p, n)| (n.to_string(), f(p)))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let mut json = serde_json::json!({
        "game": game.about.name,
        "preset": game.about.preset,
        "settings": game.about.settings.iter().map(|s| (s.name.clone(), serde_json::json!(s.value))).collect::<serde_json::Map<_, _>>(),
        "board": board_json(state),
        "picture": text.lines().collect::<Vec<_>>(),
        "position": notation::readable_position_text(state).ok(),
        "to_move": game.player_name(state.to_move()),
        "moves": moves,
        "played": played,
        "over": outcome.is_some(),
        "winner": match outcome {
            Some(crate::engine::Outcome::Win(p)) => serde_json::json!(game.player_name(p)),
            _ => serde_json::Value::Null,
        },
        "draw": matches!(outcome, Some(crate::engine::Outcome::Draw)),
        "reason": outcome.map(|_| render::end_reason(state)),
    });
    // Pieces on the board (a mancala board has stones in pits and stores instead).
    if game.board.pits() == 0 {
        json["pieces"] = per_player(&|p| state.pieces(p).into());
    }
    if Player::all().any(|p| state.pieces_in_hand(p).iter().any(|&n| n > 0)) {
        json["hands"] = per_player(&|p| {
            game.about
                .piece_kinds
                .iter()
                .zip(state.pieces_in_hand(p))
                .map(|(k, &n)| (k.clone(), serde_json::json!(n)))
                .collect::<serde_json::Map<_, _>>()
                .into()
        });
    }
    if game.ends.score.is_some() {
        json["scores"] = per_player(&|p| state.score(p).into());
    }
    if game.tiles.is_some() {
        // The tiles left in each hand, by name.
        json["hands"] = per_player(&|p| {
            let hand = state.hand(p);
            let tiles: Vec<&String> = (game.about.piece_kinds.iter().enumerate())
                .filter(|(k, _)| *k < 64 && hand >> k & 1 == 1)
                .map(|(_, name)| name)
                .collect();
            serde_json::json!(tiles)
        });
    }
    json
}

/// The board's contents: on a mancala board each player's pits (from their pit 1) and
/// stores; on others the occupied sites, each with its piece's player and kind, and the
/// sites marked by a player.
fn board_json(state: &State) -> serde_json::Value {
    let game = state.game();
    let b = &game.board;
    let layout = match b.layout {
        crate::model::Layout::Grid(_) => "grid",
        crate::model::Layout::Mancala(_) => "mancala",
        crate::model::Layout::Hex(_) => "hex",
    };
    let name = |p: Player| game.player_name(p).to_string();
    let marks: serde_json::Map<_, _> = Site::all(b.sites())
        .filter_map(|s| Some((b.site_names[s.index()].clone(), name(state.mark(s)?).into())))
        .collect();
    let mut board = if b.pits() > 0 {
        let players = Player::all();
        let pits: serde_json::Map<_, _> = players
            .clone()
            .map(|p| {
                let counts: Vec<u16> = (1..=b.pits()).map(|k| state.count(b.pit(p, k))).collect();
                (name(p), serde_json::json!(counts))
            })
            .collect();
        let stores: serde_json::Map<_, _> = players
            .map(|p| (name(p), serde_json::json!(state.count(b.store(p)))))
            .collect();
        serde_json::json!({ "layout": layout, "pits": pits, "stores": stores })
    } else {
        let sites: serde_json::Map<_, _> = Site::all(b.sites())
            .filter_map(|s| {
                let p = state.owner(s)?;
                let kind = &game.about.piece_kinds[game.kind_of(state.cell(s))];
                let piece = serde_json::json!({"player": name(p), "kind": kind});
                Some((b.site_names[s.index()].clone(), piece))
            })
            .collect();
        serde_json::json!({ "layout": layout, "sites": sites })
    };
    if !marks.is_empty() {
        board["marked_by"] = marks.into();
    }
    board
}
