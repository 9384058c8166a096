//! The ban on repeated positions (MM-5): the hash a move would give, found without playing
//! it, against the hash after playing it; and the legal moves against a brute-force ban
//! (every move the same game without the ban allows, played and its hash looked for in the
//! whole history), over seeded random games.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{Move, MoveList, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::{notation, pipeline};

fn load(preset: Option<&str>, sets: &[&str]) -> Arc<Game> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    pipeline::load("ming-mang", preset, &sets).expect("the bundled game loads")
}

/// The ban on, and the same game without it, for each configuration tested.
fn configurations() -> Vec<(&'static str, Arc<Game>, Arc<Game>)> {
    let small = ["size=6", "corner=board", "lone-jump=on"];
    let anywhere = ["size=5", "corner=anywhere", "lone-jump=on"];
    vec![
        (
            "8x8",
            load(Some("8x8"), &[]),
            load(Some("8x8"), &["repetition=off"]),
        ),
        (
            "6x6, corner on the board, lone jump",
            load(None, &[&small[..], &["repetition=on"]].concat()),
            load(None, &small),
        ),
        (
            "5x5, corner anywhere, lone jump",
            load(None, &[&anywhere[..], &["repetition=on"]].concat()),
            load(None, &anywhere),
        ),
    ]
}

/// The hashes of every position of the state's history and of the position itself.
fn positions(state: &State) -> Vec<u64> {
    let mut back = state.clone();
    let mut out = vec![back.hash()];
    while back.undo().is_some() {
        out.push(back.hash());
    }
    out
}

/// The moves `free` (the game without the ban, at the same position) allows that do not
/// recreate a position of its history.
fn banned_by_brute_force(free: &mut State) -> Vec<Move> {
    let seen = positions(free);
    let mut moves = MoveList::new();
    free.legal_moves(&mut moves);
    let mut out = Vec::new();
    for &m in moves.iter() {
        free.apply(m);
        if !seen.contains(&free.hash()) {
            out.push(m);
        }
        free.undo();
    }
    out
}

#[test]
fn hash_after_a_move_is_the_hash_after_playing_it() {
    let (mut moves, mut checked, mut jumps, mut captures) = (MoveList::new(), 0, 0, 0);
    for (name, banned, free) in configurations() {
        for seed in 0..4u64 {
            let mut rng = Rng::new(seed);
            let mut state = State::new(Arc::clone(&banned));
            let mut free = State::new(Arc::clone(&free));
            for ply in 0..160 {
                state.legal_moves(&mut moves);
                let allowed = banned_by_brute_force(&mut free);
                assert_eq!(&moves[..], &allowed[..], "{name}, seed {seed}, ply {ply}");
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter() {
                    let quick = state.hash_after(m);
                    let pieces = state.pieces(Player::FIRST) + state.pieces(Player::SECOND);
                    let mover = state.pieces(state.to_move());
                    state.apply(m);
                    let text = notation::move_text(&state, m);
                    assert_eq!(quick, Some(state.hash()), "{name}, seed {seed}: {text}");
                    assert_eq!(
                        state.pieces(Player::FIRST) + state.pieces(Player::SECOND),
                        pieces
                    );
                    captures += usize::from(state.pieces(state.to_move().next(2)) > mover);
                    jumps += usize::from(m.over() != rulebook::model::NO_SITE);
                    state.undo();
                    checked += 1;
                }
                let m = moves[rng.below(moves.len())];
                state.apply(m);
                free.apply(m);
            }
        }
    }
    // The games are long enough to reach captures and the lone piece's jump.
    assert!(
        checked > 10_000 && captures > 100 && jumps > 0,
        "{checked} {captures} {jumps}"
    );
}

#[test]
fn positions_repeated_by_unchecked_moves_stay_banned_until_all_are_undone() {
    // `apply` does not check the ban, so a history can hold a position twice; taking back
    // one of them must leave the other in force.
    let (banned, free) = (
        load(Some("8x8"), &[]),
        load(Some("8x8"), &["repetition=off"]),
    );
    let mut state = State::new(Arc::clone(&banned));
    let mut free = State::new(free);
    let mut moves = MoveList::new();
    let there_and_back = ["h2-g2", "a7-b7", "g2-h2", "b7-a7"];
    let texts = [
        &there_and_back[..],
        &there_and_back[..],
        &there_and_back[..2],
    ]
    .concat();
    let mut played = Vec::new();
    for text in texts {
        let m = notation::parse_move(&mut free, text).expect("a move of the game without the ban");
        state.apply(m);
        free.apply(m);
        played.push(m);
        state.legal_moves(&mut moves);
        assert_eq!(
            &moves[..],
            &banned_by_brute_force(&mut free)[..],
            "after {text}"
        );
    }
    while let Some(m) = state.undo() {
        assert_eq!(free.undo(), Some(m));
        state.legal_moves(&mut moves);
        assert_eq!(&moves[..], &banned_by_brute_force(&mut free)[..], "undo");
    }
    assert_eq!(played.len(), 10);
}

/// A bundled game's rules with the ban on repetition added, and without it.
fn with_and_without_ban(name: &str) -> (Arc<Game>, Arc<Game>) {
    let path = format!("games/{name}.game");
    let text = std::fs::read_to_string(&path).expect("a bundled game");
    let banned = format!("{text}\nforbid repeated position\n");
    let load = |text: &str| pipeline::load_text(&path, text, None, &[]).expect("the game loads");
    (load(&banned), load(&text))
}

#[test]
fn sowing_and_tile_moves_under_the_ban_are_checked_by_playing_them() {
    // These moves' hashes are not worked out read-only: they are played on a copy of the
    // position kept in the move list.
    let mut moves = MoveList::new();
    for name in ["mangala", "migong"] {
        let (banned, free) = with_and_without_ban(name);
        assert!(banned.repetition.forbidden && !free.repetition.forbidden);
        for seed in 0..3u64 {
            let mut rng = Rng::new(seed);
            let mut state = State::new(Arc::clone(&banned));
            let mut free = State::new(Arc::clone(&free));
            for ply in 0..120 {
                state.legal_moves(&mut moves);
                let allowed = banned_by_brute_force(&mut free);
                assert_eq!(&moves[..], &allowed[..], "{name}, seed {seed}, ply {ply}");
                assert_eq!(
                    state.has_legal_move(&mut MoveList::new()),
                    !moves.is_empty()
                );
                if moves.is_empty() {
                    break;
                }
                assert!(moves.iter().all(|&m| state.hash_after(m).is_none()));
                let m = moves[rng.below(moves.len())];
                state.apply(m);
                free.apply(m);
            }
        }
    }
}

#[test]
fn the_swap_is_not_a_repeated_position() {
    // The swap leaves the board and the colour to move as they were, but not the position:
    // the swap is no longer open after it, so the ban does not refuse it.
    let (banned, _) = with_and_without_ban("migong");
    let mut state = State::new(banned);
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    state.apply(moves[0]);
    state.legal_moves(&mut moves);
    let swap = moves
        .iter()
        .find(|&&m| rulebook::notation::move_text(&state, m) == "swap");
    assert!(
        swap.is_some(),
        "the swap is legal under the ban on repetition"
    );
}

/// `occurred_within` finds the position after a back-and-forth among the last moves
/// played, and not beyond the plies it is told to look back.
#[test]
fn a_position_played_before_is_found_within_the_plies_looked_back() {
    let mut state = State::new(load(Some("8x8"), &["repetition=off"]));
    assert!(!state.occurred_within(100));
    for m in ["h3-g3", "a6-b6", "g3-h3"] {
        notation::play_text(&mut state, m).unwrap();
        assert!(!state.occurred_within(100), "{m}");
    }
    notation::play_text(&mut state, "b6-a6").unwrap();
    assert!(state.occurred_within(4));
    assert!(!state.occurred_within(3));
}

/// A sowing game without a rule on repetition keeps no history of its stones: its
/// positions are never said to have occurred before (they once were, whenever the cells
/// and the side to move matched, whatever the stones), and in a random game of Mangala no
/// position does recur (checked by its text).
#[test]
fn a_sowing_game_never_claims_a_position_it_did_not_see() {
    let game = pipeline::load("mangala", None, &[]).unwrap();
    let mut state = State::new(game);
    let mut seen = vec![notation::position_text(&state)];
    let mut rng = Rng::new(3);
    let mut moves = MoveList::new();
    while state.outcome().is_none() {
        state.legal_moves(&mut moves);
        state.apply(moves[rng.below(moves.len())]);
        let text = notation::position_text(&state);
        assert_eq!(state.occurred_within(1000), seen.contains(&text), "{text}");
        seen.push(text);
    }
}
