//! Stacks (`piece KIND stacked`, `setup N PLAYER KIND on REGION`): several pieces of one
//! player on a site, moved one at a time along tracks. The start, moves off a stack and
//! onto one, an enemy stack taken whole, the position text (`stacks=`), and random games
//! whose every position reads back from its text equal, with the same hash, and whose
//! moves undo back to the start.

use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Player, Site};
use rulebook::{notation, pipeline};

use crate::common::move_texts::{play, sorted_legal};
use crate::common::xorshift::XorShift;

/// The race of docs/language/dice.md: three of South's against two of North's.
const RACE: &str = r#"
game "Stacked race"
players south, north
board grid 6 by 1 of squares
piece man stacked
setup 3 south man on a1
setup 2 north man on f1
dice 1 of 2 faces
track south: a1, b1, c1, d1, e1, f1
track north: f1, e1, d1, c1, b1, a1
move along track by roll
move pass
end when pieces(mover) == 0 and hand(mover) == 0: mover wins
"#;

fn game() -> Arc<Game> {
    pipeline::load_text("race.game", RACE, None, &[]).expect("the race loads")
}

fn site(game: &Game, name: &str) -> Site {
    game.board.site_named(name).expect("a site")
}

fn heights(state: &State) -> Vec<u32> {
    let sites = state.game().board.sites();
    Site::all(sites).map(|s| state.stack_height(s)).collect()
}

#[test]
fn the_start_stacks_the_pieces_set_up() {
    let state = State::new(game());
    assert_eq!(heights(&state), [3, 0, 0, 0, 0, 2]);
    assert_eq!(state.pieces(Player::FIRST), 3);
    assert_eq!(state.pieces(Player::SECOND), 2);
    let text = notation::position_text(&state);
    assert_eq!(text, "S4N south stacks=a1:3,f1:2");
}

#[test]
fn a_move_takes_one_piece_off_a_stack_and_one_lands_on_a_stack() {
    let mut state = State::new(game());
    play(&mut state, "roll:2 a1-c1");
    assert_eq!(heights(&state), [2, 0, 1, 0, 0, 2]);
    play(&mut state, "roll:2 f1-d1 roll:1");
    // South may move a piece of the stack on a1 onto b1, or the one on c1 onto North's d1.
    assert_eq!(sorted_legal(&state), ["a1-b1", "c1-d1"]);
    play(&mut state, "a1-b1 roll:1 d1-c1 roll:1");
    // North landed on South's lone piece on c1: it went back to South's stock.
    assert_eq!(heights(&state), [1, 1, 1, 0, 0, 1]);
    assert_eq!(state.pieces_in_hand(Player::FIRST), [1]);
    play(&mut state, "a1-b1");
    assert_eq!(heights(&state), [0, 2, 1, 0, 0, 1]);
    assert_eq!(state.pieces(Player::FIRST), 2);
}

#[test]
fn a_piece_landing_on_an_enemy_stack_takes_it_whole() {
    let game = game();
    let mut state =
        notation::parse_position(&game, "1S1N2 north stacks=b1:3 thrown=2").expect("reads");
    assert_eq!(state.stack_height(site(&game, "b1")), 3);
    assert_eq!(state.pieces(Player::FIRST), 3);
    play(&mut state, "d1-b1");
    assert_eq!(heights(&state), [0, 1, 0, 0, 0, 0]);
    assert_eq!(state.pieces_in_hand(Player::FIRST), [3]);
    assert_eq!(state.pieces(Player::FIRST), 0);
    state.undo();
    assert_eq!(heights(&state), [0, 3, 0, 1, 0, 0]);
    assert_eq!(state.pieces_in_hand(Player::FIRST), [0]);
    assert_eq!(state.pieces(Player::FIRST), 3);
}

#[test]
fn counts_of_stacked_pieces_may_pass_the_number_of_sites() {
    // Six sites, and a stack may hold more: an end counting seven pieces can come.
    let text = RACE
        .replace("setup 3 south man", "setup 7 south man")
        .replace(
            "end when pieces(mover) == 0",
            "end when pieces(south) >= 7 and pieces(mover) == 0",
        );
    let loaded = pipeline::load_text("race.game", &text, None, &[]);
    assert!(
        loaded.is_ok(),
        "{:?}",
        loaded.err().map(|e| e.render(false))
    );
    // Without `stacked`, no position holds seven pieces on six sites.
    let flat = text
        .replace("piece man stacked", "piece man")
        .replace("setup 7 south man on a1", "setup south man on a1")
        .replace("setup 2 north man on f1", "setup north man on f1");
    let refused = pipeline::load_text("race.game", &flat, None, &[]).expect_err("refused");
    assert!(
        refused.render(false).contains("E0612"),
        "{}",
        refused.render(false)
    );
}

#[test]
fn a_stack_on_a_site_without_a_stacking_piece_is_refused() {
    let game = game();
    for (text, why) in [
        (
            "1S2N1 south stacks=c1:2",
            "c1 holds no piece of a kind that stacks",
        ),
        ("1S4 south stacks=b1:1", "not a height of a stack"),
        ("1S4 south stacks=b1", "not SITE:COUNT"),
        ("1S4 south stacks=z9:2", "not a point of this board"),
    ] {
        let error = notation::parse_position(&game, text)
            .expect_err(text)
            .to_string();
        assert!(error.contains(why), "{text}: {error}");
    }
}

#[test]
fn random_games_read_back_from_their_text_and_undo_to_the_start() {
    let game = game();
    let mut rng = XorShift(0x5eed_57ac);
    let mut moves = MoveList::new();
    for _ in 0..40 {
        let start = State::new(Arc::clone(&game));
        let mut state = start.clone();
        let mut played = 0;
        while state.outcome().is_none() && played < 200 {
            state.legal_moves(&mut moves);
            let m = moves[rng.below(moves.len())];
            state.apply(m);
            played += 1;
            let text = notation::position_text(&state);
            let read = notation::parse_position(&game, &text).expect("reads back");
            assert_eq!(read.setup(), state.setup(), "{text}");
            assert_eq!(read.hash(), state.hash(), "{text}");
            let total = |p| state.pieces(p) + u32::from(state.pieces_in_hand(p)[0]);
            assert!(total(Player::FIRST) <= 3, "{text}");
            assert!(total(Player::SECOND) <= 2, "{text}");
        }
        for _ in 0..played {
            state.undo().expect("a move to undo");
        }
        assert_eq!(state.setup(), start.setup());
        assert_eq!(state.hash(), start.hash());
    }
}

#[test]
fn the_views_show_the_stacks() {
    let state = State::new(game());
    let board = rulebook::render::position_text(&state);
    assert!(board.contains("stacks: a1 3, f1 2"), "{board}");
    let view = rulebook::render::play_view(&state, false);
    assert!(view.contains("stacks: a1 3, f1 2"), "{view}");
    let svg = rulebook::render::position_svg(&state);
    assert!(
        svg.contains(">3</text>") && svg.contains(">2</text>"),
        "{svg}"
    );
    let summary = rulebook::render::summary(state.game());
    assert!(summary.contains("man (stacked)"), "{summary}");
    assert!(summary.contains("x3 + 0 in hand: a1:3"), "{summary}");
    assert!(summary.contains("x2 + 0 in hand: f1:2"), "{summary}");
}
