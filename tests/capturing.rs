//! `move place ... capturing`: the placements that capture something, which the engine
//! finds at once by walking back from the mover's pieces over enemy ones where every
//! capture that applies takes straight runs, against a reference written here: each
//! placement of the same rules without `capturing` played, and kept if an enemy piece
//! went. Seeded random games of variants of the rules (lengths, directions, removal or
//! conversion, a capture that applies to one player only, one closed by empty corners).

use std::sync::Arc;

use crate::common::xorshift::XorShift;
use rulebook::engine::{Move, MoveList, State};
use rulebook::model::{Game, Player, Site, NO_SITE};
use rulebook::{notation, pipeline};

const OTHELLO: &str = include_str!("../games/othello.game");

/// The rule that places only where the placement captures.
const CAPTURING: &str = "move place disc capturing";

fn load(text: &str) -> Arc<Game> {
    pipeline::load_text("capturing.game", text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The legal moves of `state`.
fn legal(state: &State) -> Vec<Move> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    list.iter().copied().collect()
}

/// The sites of the placements among `moves`, in order.
fn placements(moves: &[Move]) -> Vec<Site> {
    let placed = moves
        .iter()
        .filter(|m| m.from() == NO_SITE && m.to() != NO_SITE);
    placed.map(|m| m.to()).collect()
}

/// The pieces of the players other than the one to move.
fn enemy_pieces(state: &State) -> u32 {
    let mover = state.to_move();
    let enemies = Player::all(2).filter(|&p| p != mover);
    enemies.map(|p| state.pieces(p)).sum()
}

/// The sites where a placement of `free` (the rules without `capturing`), in the position
/// of `state`, takes or converts an enemy piece: each played and taken back.
fn placements_by_playing(free: &Arc<Game>, state: &State) -> Vec<Site> {
    let text = notation::position_text(state);
    let mut played = notation::parse_position(free, &text).unwrap_or_else(|e| panic!("{e}"));
    let before = enemy_pieces(&played);
    let mover = played.to_move();
    let mut kept = Vec::new();
    for m in legal(&played).into_iter().filter(|m| m.from() == NO_SITE) {
        played.apply(m);
        let after: u32 = (Player::all(2).filter(|&p| p != mover))
            .map(|p| played.pieces(p))
            .sum();
        played.undo();
        if after != before {
            kept.push(m.to());
        }
    }
    kept
}

#[test]
fn capturing_placements_are_those_that_take_an_enemy_piece_when_played() {
    let variants = [
        OTHELLO.to_string(),
        OTHELLO.replace(
            "custodian all convert",
            "custodian orthogonal min 2 convert",
        ),
        OTHELLO.replace("custodian all convert", "custodian all max 1 remove"),
        OTHELLO.replace(
            "custodian all convert",
            "custodian diagonal min 2 max 3 convert",
        ),
        OTHELLO.replace("\"outflank\"", "\"outflank\" when mover == black"),
        // A capture closed by empty corners too: each placement is looked at from its site.
        OTHELLO.replace(
            "custodian all convert",
            "custodian all convert against corners",
        ),
    ];
    let mut rng = XorShift(0xC0FF_EE15_CA9E);
    for text in variants {
        let game = load(&text);
        let free = load(&text.replace(CAPTURING, "move place disc"));
        for _ in 0..8 {
            let mut state = State::new(Arc::clone(&game));
            for _ in 0..64 {
                let moves = legal(&state);
                let expected = placements_by_playing(&free, &state);
                assert_eq!(placements(&moves), expected, "{text}");
                if moves.is_empty() || state.outcome().is_some() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
}
