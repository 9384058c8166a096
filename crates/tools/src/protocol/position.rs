//! A position as JSON: what `rulebook position --json` prints and what the JSON protocol's
//! replies carry as `state`.

use std::sync::Arc;

use rulebook_engine::{Outcome, State};
use rulebook_model::{Layout, Player, Site};
use rulebook_notation as notation;
use serde_json::{json, Map, Value};

use crate::render;

/// The position as JSON: the game and its settings, the board, its text, the side to
/// move, the legal moves, the moves played, the outcome, and the counts the game keeps
/// (pieces, hands, scores).
pub fn position_json(state: &State) -> Value {
    let game = Arc::clone(state.game());
    let text = render::board_text(state);
    let outcome = state.outcome();
    let per_player = |f: &dyn Fn(Player) -> Value| -> Value {
        game.players_named()
            .map(|(p, n)| (n.to_string(), f(p)))
            .collect::<Map<_, _>>()
            .into()
    };
    let settings: Map<_, _> = (game.about.settings.iter())
        .map(|s| (s.name.clone(), json!(s.value)))
        .collect();
    let mut out = json!({
        "game": game.about.name,
        "preset": game.about.preset,
        "settings": settings,
        "board": board_json(state),
        "picture": text.lines().collect::<Vec<_>>(),
        "position": notation::readable_position_text(state).ok(),
        "to_move": game.player_name(state.to_move()),
        "moves": notation::legal_texts(state),
        "played": played_texts(state),
        "over": outcome.is_some(),
        "winner": match outcome {
            Some(Outcome::Win(p)) => json!(game.player_name(p)),
            _ => Value::Null,
        },
        "draw": matches!(outcome, Some(Outcome::Draw)),
        "points": state.points(),
        "reason": outcome.map(|_| render::end_reason(state)),
    });
    // Pieces on the board (a mancala board has stones in pits and stores instead).
    if game.board.pits() == 0 {
        out["pieces"] = per_player(&|p| state.pieces(p).into());
    }
    if Player::all(game.seats()).any(|p| state.pieces_in_hand(p).iter().any(|&n| n > 0)) {
        out["hands"] = per_player(&|p| {
            (game.about.piece_kinds.iter())
                .zip(state.pieces_in_hand(p))
                .map(|(k, &n)| (k.clone(), json!(n)))
                .collect::<Map<_, _>>()
                .into()
        });
    }
    if game.ends.score.is_some() {
        out["scores"] = per_player(&|p| state.score(p).into());
    }
    if game.tiles.is_some() {
        // The tiles left in each hand, by name.
        out["hands"] = per_player(&|p| {
            let hand = state.hand(p);
            let tiles: Vec<&String> = (game.about.piece_kinds.iter().enumerate())
                .filter(|(k, _)| *k < 64 && hand >> k & 1 == 1)
                .map(|(_, name)| name)
                .collect();
            json!(tiles)
        });
    }
    out
}

/// The canonical texts of the moves that led to `state` (from the game's start, or from
/// the position it was set up from), each named in the position before it.
fn played_texts(state: &State) -> Vec<String> {
    let mut back = state.clone();
    let mut moves = Vec::with_capacity(state.ply());
    while let Some(m) = back.undo() {
        moves.push(m);
    }
    (moves.iter().rev())
        .map(|&m| {
            let text = notation::move_text(&back, m);
            back.apply(m);
            text
        })
        .collect()
}

/// The board's contents: on a mancala board each player's pits (from their pit 1) and
/// stores; on others the occupied sites, each with its piece's player and kind, and the
/// sites marked by a player.
fn board_json(state: &State) -> Value {
    let game = state.game();
    let b = &game.board;
    let layout = match b.layout {
        Layout::Grid(_) => "grid",
        Layout::Mancala(_) => "mancala",
        Layout::Hex(_) => "hex",
    };
    let name = |p: Player| game.player_name(p).to_string();
    let marks: Map<_, _> = Site::all(b.sites())
        .filter_map(|s| Some((b.site_names[s.index()].clone(), name(state.mark(s)?).into())))
        .collect();
    let mut board = if b.pits() > 0 {
        let players = Player::all(game.seats());
        let pits: Map<_, _> = players
            .clone()
            .map(|p| {
                let counts: Vec<u16> = (1..=b.pits()).map(|k| state.count(b.pit(p, k))).collect();
                (name(p), json!(counts))
            })
            .collect();
        let stores: Map<_, _> = players
            .map(|p| (name(p), json!(state.count(b.store(p)))))
            .collect();
        json!({ "layout": layout, "pits": pits, "stores": stores })
    } else {
        let sites: Map<_, _> = Site::all(b.sites())
            .filter_map(|s| {
                let p = state.owner(s)?;
                let kind = &game.about.piece_kinds[game.kind_of(state.cell(s))];
                let piece = json!({"player": name(p), "kind": kind});
                Some((b.site_names[s.index()].clone(), piece))
            })
            .collect();
        json!({ "layout": layout, "sites": sites })
    };
    if !marks.is_empty() {
        board["marked_by"] = marks.into();
    }
    board
}
