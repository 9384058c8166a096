//! Extra turns after a move of a piece (`after move again when CONDITION`;
//! docs/language/effects.md, "`after move again`"): Connect6
//! (`tests/fixtures/valid/connect6.game`), whose turns are two placements after a first
//! of one, counted against the product of the empty points; the turn kept and given back
//! by undo and in the hash; position text; the REPL's report; the ban on repetition,
//! which must play a move to know who moves next, against a filter written in the test;
//! and the refusal of an `again` without a condition.

use std::collections::HashSet;
use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Player};
use rulebook::notation::{move_text, parse_position, play_text, position_text};
use rulebook::pipeline;

fn connect6(size: u32) -> Arc<Game> {
    let set = [format!("size={size}")];
    match pipeline::load("tests/fixtures/valid/connect6.game", None, &set) {
        Ok(game) => game,
        Err(e) => panic!("Connect6 loads:\n{}", e.render(false)),
    }
}

/// Every placement is a ply: from the empty board of `n` points, the counts are the falling
/// products n, n (n - 1), n (n - 1) (n - 2), ... while nobody can have six in a row.
#[test]
fn each_stone_of_a_turn_is_a_ply_and_the_counts_are_the_falling_products() {
    let game = connect6(7);
    let counts = perft(&mut State::new(Arc::clone(&game)), 4);
    assert_eq!(counts, [49, 49 * 48, 49 * 48 * 47, 49 * 48 * 47 * 46]);
}

/// Black places one stone, then White two, then Black two: the side to move after each.
#[test]
fn black_places_one_then_each_side_two() {
    let game = connect6(9);
    let mut state = State::new(Arc::clone(&game));
    let (black, white) = (Player::FIRST, Player::SECOND);
    let expected = [white, white, black, black, white, white, black];
    for (text, to_move) in ["e5", "a1", "b1", "e6", "e7", "c1", "d1"]
        .iter()
        .zip(expected)
    {
        let hash_before = state.hash();
        play_text(&mut state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(state.to_move(), to_move, "after {text}");
        assert_ne!(state.hash(), hash_before);
    }
    // Undo gives the turn back as it was, and the hash with it.
    let mut hashes = Vec::new();
    let mut movers = Vec::new();
    let mut replay = State::new(Arc::clone(&game));
    for text in ["e5", "a1", "b1", "e6"] {
        hashes.push(replay.hash());
        movers.push(replay.to_move());
        play_text(&mut replay, text).unwrap();
    }
    for (hash, mover) in hashes.into_iter().zip(movers).rev() {
        replay.undo().expect("a move to take back");
        assert_eq!((replay.hash(), replay.to_move()), (hash, mover));
    }
}

/// A position read as text holds whose move it is, mid-turn too, and reads back the same.
#[test]
fn a_position_in_the_middle_of_a_turn_reads_back() {
    let game = connect6(9);
    let mut state = State::new(Arc::clone(&game));
    for text in ["e5", "a1"] {
        play_text(&mut state, text).unwrap();
    }
    let text = position_text(&state);
    assert!(text.ends_with(" white"), "{text}");
    let read = parse_position(&game, &text).expect("reads back");
    assert_eq!(
        (read.hash(), read.to_move()),
        (state.hash(), Player::SECOND)
    );
    // Its next placement passes the turn: White's second stone.
    let mut read = read;
    play_text(&mut read, "b1").unwrap();
    assert_eq!(read.to_move(), Player::FIRST);
}

/// The move report and the REPL say that the player moves again, naming the rule.
#[test]
fn the_report_says_the_player_moves_again() {
    let game = connect6(9);
    let mut state = State::new(Arc::clone(&game));
    play_text(&mut state, "e5").unwrap();
    let mut report = rulebook::engine::MoveReport::new();
    let mv = rulebook::notation::parse_move(&mut state, "a1").expect("legal");
    state.apply_reported(mv, &mut report);
    assert!(report.extra_turn);
    let said = rulebook::render::move_effects(&state, &report);
    assert_eq!(said, "moves again (second stone)");
}

/// Stones that step; a stone that lands on the centre square's ring moves again. Positions
/// repeat often, so the ban on repetition is exercised where the next player is known only
/// once the move is made.
const RING: &str = r#"
game "Ring"
players black, white
board grid 4 by 4
piece stone
setup black stone on a1 + d1
setup white stone on a4 + d4
move step orthogonal
after move again when pieces(mover, b2 + c2 + b3 + c3) > 0 and pieces(opponent) > 1
forbid repeated position when ban
option ban = on
end when no legal move: mover loses
"#;

/// The legal moves of a position with the ban on repetition are those of the game without
/// it whose result, played, is no position seen before (a filter written here, playing
/// every move), through 60 random games.
#[test]
fn the_ban_on_repetition_plays_each_move_to_know_who_moves_next() {
    let banned = pipeline::load_text("ring.game", RING, None, &[]).expect("loads");
    let free = pipeline::load_text("ring.game", RING, None, &["ban=off".into()]).expect("loads");
    let mut extra_turns = 0;
    let mut refused = 0;
    for seed in 0..60 {
        let (mut with_ban, mut without) = (
            State::new(Arc::clone(&banned)),
            State::new(Arc::clone(&free)),
        );
        let mut seen: HashSet<u64> = HashSet::from([without.hash()]);
        let mut rng = Rng::new(seed);
        let (mut list, mut all) = (MoveList::new(), MoveList::new());
        for _ in 0..80 {
            with_ban.legal_moves(&mut list);
            without.legal_moves(&mut all);
            let allowed: Vec<String> = (all.iter())
                .filter(|&&m| {
                    let mut after = without.clone();
                    after.apply(m);
                    !seen.contains(&after.hash())
                })
                .map(|&m| move_text(&without, m))
                .collect();
            let listed: Vec<String> = list.iter().map(|&m| move_text(&with_ban, m)).collect();
            assert_eq!(listed, allowed, "seed {seed}: {}", position_text(&without));
            refused += all.len() - list.len();
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            let mover = with_ban.to_move();
            play_text(&mut without, &move_text(&with_ban, m)).unwrap();
            with_ban.apply(m);
            extra_turns += usize::from(with_ban.to_move() == mover);
            seen.insert(without.hash());
        }
    }
    assert!(
        extra_turns > 100 && refused > 100,
        "{extra_turns} extra turns, {refused} refused"
    );
}

/// `again` after every move would never pass the turn: refused with its place.
#[test]
fn again_without_a_condition_is_refused() {
    let text = RING.replace(
        "after move again when pieces(mover, b2 + c2 + b3 + c3) > 0 and pieces(opponent) > 1",
        "after move again",
    );
    let err = match pipeline::load_text("ring.game", &text, None, &[]) {
        Ok(_) => panic!("an unconditional `again` loads"),
        Err(e) => e.render(false),
    };
    assert!(
        err.contains("`again` after every move would never pass the turn"),
        "{err}"
    );
    assert!(err.contains("ring.game:9:12"), "{err}");
}
