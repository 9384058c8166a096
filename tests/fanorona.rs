//! Fanorona and what it needs of the language: a step that captures by approach or by
//! withdrawal (`move step all capture by approach or withdrawal remove chained
//! compulsory`), on the board `board grid 9 by 5 with diagonals on dark`. Hand-built
//! positions for each rule (approach, withdrawal, the choice and its text, compulsion, the
//! capture going on, its two bans, stopping early, the end), undo, and the moves, positions
//! and perft counts of an independent reference (tests/common/fanorona_reference.rs),
//! whose counts are kept in tests/perft/fanorona.perft.

use crate::common::fanorona_reference as reference;
use crate::common::perft_file;
use crate::common::rows;

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

const FANORONA: &str = include_str!("fixtures/valid/fanorona.game");

fn fanorona() -> Arc<Game> {
    pipeline::load_text("fanorona.game", FANORONA, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The position text of rows of `W`, `B` and `.`, rank 5 first.
fn position_text(rows: &[&str], white: bool) -> String {
    rows::position_text(rows, if white { "white" } else { "black" })
}

fn position(rows: &[&str], white: bool) -> State {
    let text = position_text(rows, white);
    notation::parse_position(&fanorona(), &text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The legal moves of `state` as text, in the engine's order.
fn moves(state: &State) -> Vec<String> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    list.iter()
        .map(|&m| notation::move_text(state, m))
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The board of `state` as rows of `W`, `B` and `.`, rank 5 first.
fn rows(state: &State) -> Vec<String> {
    let game = state.game();
    (0..reference::HEIGHT)
        .rev()
        .map(|r| {
            (0..reference::WIDTH)
                .map(|f| {
                    let site = game.board.site_named(&reference::name((f, r))).unwrap();
                    match state.owner(site).map(|p| p.index()) {
                        None => '.',
                        Some(0) => 'W',
                        Some(_) => 'B',
                    }
                })
                .collect()
        })
        .collect()
}

fn play(state: &mut State, text: &str) {
    notation::play_text(state, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refusal(state: &mut State, text: &str) -> String {
    match notation::parse_move(state, text) {
        Ok(m) => panic!("{text} was accepted as {}", notation::move_text(state, m)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_opening_has_five_moves_one_a_choice_of_two_captures() {
    let state = State::new(fanorona());
    assert_eq!(
        moves(&state),
        ["d2-e3", "e2-e3", "f2-e3", "d3-e3a", "d3-e3w"],
        "the centre e3 is the only empty point; d3-e3 takes f3 by approach or c3 by withdrawal"
    );
}

/// c1 may step east to d1 and take e1 and f1 by approach.
const APPROACH: [&str; 5] = [
    "........B",
    ".........",
    ".........",
    ".........",
    "..W.BBW..",
];

#[test]
fn approach_takes_the_run_beyond_the_landing_point_up_to_a_friend() {
    // c1 steps east to d1: e1 and f1 are taken, g1 (white) ends the run.
    let mut state = position(&APPROACH, true);
    assert!(moves(&state).contains(&"c1-d1".to_string()));
    play(&mut state, "c1-d1");
    assert_eq!(
        rows(&state),
        [
            "........B",
            ".........",
            ".........",
            ".........",
            "...W..W.."
        ]
    );
}

/// e3 may step away from d3 (with c3 behind it) or from d2 (with c1 behind it).
const WITHDRAWAL: [&str; 5] = [
    ".........",
    ".........",
    "B.BBW....",
    "...B.....",
    "..B......",
];

#[test]
fn withdrawal_takes_the_run_behind_the_starting_point_up_to_a_gap() {
    // e3 steps away from d3 to f3: d3 and c3 are taken, the gap on b3 ends the run, and a3
    // stays. e3 is a dark point, so it also withdraws along the diagonal from d2 (c1 after
    // it) by stepping to f4.
    let mut state = position(&WITHDRAWAL, true);
    assert_eq!(sorted(moves(&state)), ["e3-f3", "e3-f4"]);
    play(&mut state, "e3-f3");
    assert_eq!(
        rows(&state),
        [
            ".........",
            ".........",
            "B....W...",
            "...B.....",
            "..B......"
        ]
    );
    state = position(&WITHDRAWAL, true);
    play(&mut state, "e3-f4");
    assert_eq!(
        rows(&state),
        [
            ".........",
            ".....W...",
            "B.BB.....",
            ".........",
            "........."
        ]
    );
}

#[test]
fn diagonal_steps_and_captures_follow_only_the_diagonal_lines() {
    // No diagonal line runs through c2 (file 3 + rank 2 is odd): the man there steps along
    // its rank and file only, and cannot withdraw from b1 towards d3; nothing is taken.
    let state = position(
        &[
            ".........",
            ".........",
            ".........",
            "..W......",
            ".B.......",
        ],
        true,
    );
    assert_eq!(sorted(moves(&state)), ["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
}

#[test]
fn a_step_that_could_take_both_ways_is_two_moves_and_its_text_says_which() {
    let mut state = State::new(fanorona());
    let refused = refusal(&mut state, "d3-e3");
    assert!(
        refused.contains("say which") && refused.contains("d3-e3a or d3-e3w"),
        "{refused}"
    );
    // The approach takes f3 (g3 is white); the withdrawal takes c3 (b3 is white).
    let mut approach = state.clone();
    play(&mut approach, "d3-e3a");
    assert_eq!(rows(&approach)[2], "BWB.W.WBW");
    play(&mut state, "d3-e3w");
    assert_eq!(rows(&state)[2], "BW..WBWBW");
}

#[test]
fn the_text_of_a_move_played_is_the_one_it_had_before_it() {
    // The way is written where the step had the choice, which the position before the
    // move tells: the last move's text and a game record's are read there.
    let mut state = State::new(fanorona());
    play(&mut state, "d3-e3w");
    let (last, _) = state.last_move().unwrap();
    assert_eq!(notation::move_text(&state, last), "d3-e3w");
    play(&mut state, "d4-d3-c3w-d2");
    let setup = rulebook::record::GameSpec {
        game: "tests/fixtures/valid/fanorona.game".into(),
        preset: None,
        sets: Vec::new(),
    };
    let record = rulebook::record::Record::of(&setup, &state);
    assert_eq!(record.moves, ["d3-e3w", "d4-d3-c3w-d2"]);
    let replayed = record.replay().expect("the record replays");
    assert_eq!(rows(&replayed), rows(&state));
}

#[test]
fn a_way_written_where_the_step_has_only_one_is_read_when_it_is_the_right_one() {
    let mut state = position(&APPROACH, true);
    let m = notation::parse_move(&mut state, "c1-d1a").expect("the approach, written so");
    assert_eq!(notation::move_text(&state, m), "c1-d1");
    let refused = refusal(&mut state, "c1-d1w");
    assert!(refused.contains("is not legal"), "{refused}");
}

#[test]
fn capturing_is_compulsory_and_a_plain_step_is_only_played_without_one() {
    let mut state = position(
        &[
            "........B",
            ".........",
            ".........",
            ".........",
            "W.W.BBW..",
        ],
        true,
    );
    assert!(moves(&state).iter().all(|m| m == "c1-d1" || m == "g1-h1"));
    let refused = refusal(&mut state, "a1-a2");
    assert!(refused.contains("is not legal"), "{refused}");
    // With nothing to take, the plain steps (paika) are the moves.
    let state = position(
        &[
            "B........",
            ".........",
            ".........",
            ".........",
            "........W",
        ],
        true,
    );
    assert_eq!(sorted(moves(&state)), ["i1-h1", "i1-h2", "i1-i2"]);
}

#[test]
fn without_compulsory_a_step_that_captures_is_listed_once_as_the_capture() {
    let text = FANORONA.replace(" chained compulsory", " chained");
    let game = pipeline::load_text("free.game", &text, None, &[]).unwrap();
    let state = notation::parse_position(&game, &position_text(&TWICE, true)).unwrap();
    let all = moves(&state);
    // c1-d1 takes e1 (the plain step to d1 is not listed apart); the plain steps that
    // take nothing are moves too.
    assert_eq!(
        all.iter().filter(|m| m.as_str() == "c1-d1").count(),
        1,
        "{all:?}"
    );
    assert!(all.contains(&"c1-c2".to_string()), "{all:?}");
    let mut state = state;
    play(&mut state, "c1-d1");
    assert_eq!(rows(&state)[4], "...W.....", "the step took e1");
}

/// Fanorona with its capture clause rewritten.
fn variant(clause: &str) -> Arc<Game> {
    let text = FANORONA.replace("capture by approach or withdrawal remove", clause);
    pipeline::load_text("variant.game", &text, None, &[]).unwrap()
}

#[test]
fn one_way_alone_needs_no_suffix_and_takes_only_that_way() {
    let state = State::new(variant("capture by approach remove"));
    // d3-e3 takes f3 by approach; c3 behind it stays.
    assert_eq!(moves(&state), ["d2-e3", "e2-e3", "f2-e3", "d3-e3"]);
    let mut state = state;
    play(&mut state, "d3-e3");
    assert_eq!(rows(&state)[2], "BWB.W.WBW");
    let state = State::new(variant("capture by withdrawal remove"));
    assert_eq!(
        moves(&state),
        ["d3-e3"],
        "only d3 steps away from an enemy man"
    );
}

#[test]
fn convert_turns_each_run_over_as_its_step_is_made() {
    let game = variant("capture by approach or withdrawal convert");
    let mut state = notation::parse_position(&game, &position_text(&TWICE, true)).unwrap();
    play(&mut state, "c1-d1-d2");
    assert_eq!(
        rows(&state),
        [
            "........B",
            ".........",
            "...W.....",
            "...W.....",
            "....W...."
        ],
        "e1 and then d3 became white"
    );
}

/// A man on c1 that can capture twice: c1-d1 takes e1 by approach, then d1-d2 takes d3 by
/// approach; it may stop after the first.
const TWICE: [&str; 5] = [
    "........B",
    ".........",
    "...B.....",
    ".........",
    "..W.B....",
];

#[test]
fn the_same_man_may_capture_again_or_stop_after_any_capture() {
    let state = position(&TWICE, true);
    let all = moves(&state);
    assert!(all.contains(&"c1-d1".to_string()), "{all:?}");
    assert!(all.contains(&"c1-d1-d2".to_string()), "{all:?}");
    let mut stop = state.clone();
    play(&mut stop, "c1-d1");
    assert_eq!(
        stop.to_move().index(),
        1,
        "black moves after the first capture"
    );
    assert_eq!(
        rows(&stop),
        [
            "........B",
            ".........",
            "...B.....",
            ".........",
            "...W....."
        ]
    );
    let mut on = state.clone();
    play(&mut on, "c1-d1-d2");
    assert_eq!(
        rows(&on),
        [
            "........B",
            ".........",
            ".........",
            "...W.....",
            "........."
        ]
    );
}

#[test]
fn the_capture_goes_on_in_another_direction_only() {
    // c1 east to d1 withdraws from b1 (taken). Going on east from d1 to e1 would approach
    // f1, but it is the direction of the last step: barred. North from d1 to d2 approaches
    // d3 instead.
    let rows_ = [
        ".........",
        ".........",
        "...B.....",
        ".........",
        ".BW..B...",
    ];
    let state = position(&rows_, true);
    assert_eq!(sorted(moves(&state)), ["c1-d1", "c1-d1-d2"]);
    assert_eq!(
        sorted(moves(&state)),
        reference::Game::from_rows(&rows_, true).moves()
    );
}

#[test]
fn the_capture_never_returns_to_a_point_the_man_has_stood_on() {
    // b2 east to c2 approaches d2, c2 north to c3 approaches c4, c3 west to b3 approaches
    // a3; b3 south to b2 would approach b1, but the man started on b2: barred.
    let rows_ = [
        ".........",
        "..B......",
        "B........",
        ".W.B.....",
        ".B.......",
    ];
    let state = position(&rows_, true);
    let all = moves(&state);
    assert!(all.contains(&"b2-c2-c3-b3".to_string()), "{all:?}");
    assert!(all.iter().all(|m| !m.contains("b3-b2")), "{all:?}");
    assert_eq!(
        sorted(all),
        reference::Game::from_rows(&rows_, true).moves()
    );
}

#[test]
fn a_player_who_loses_the_last_man_has_lost() {
    let mut state = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            "..W.BB...",
        ],
        true,
    );
    play(&mut state, "c1-d1");
    let mut list = MoveList::new();
    assert_eq!(
        state.outcome_with(&mut list),
        Some(Outcome::Win(Player::new(0).unwrap())),
        "white took black's last men"
    );
}

#[test]
fn undo_restores_the_position_and_its_hash() {
    let mut state = position(&TWICE, true);
    let (before, hash) = (rows(&state), state.hash());
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    for &m in list.iter() {
        state.apply(m);
        assert_ne!(rows(&state), before);
        state.undo();
        assert_eq!((rows(&state), state.hash()), (before.clone(), hash));
        assert_eq!(state, state.rebuilt(), "the hash is the position's own");
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let game = fanorona();
    let mut rng = Rng::new(20);
    for _ in 0..40 {
        let mut state = State::new(Arc::clone(&game));
        let mut reference = reference::Game::new();
        for _ in 0..120 {
            let texts = moves(&state);
            assert_eq!(
                sorted(texts.clone()),
                reference.moves(),
                "{:?}",
                rows(&state)
            );
            if texts.is_empty() {
                break;
            }
            let text = &texts[rng.below(texts.len())];
            play(&mut state, text);
            reference = reference.play(text);
            let cells: Vec<String> = (0..reference::HEIGHT)
                .rev()
                .map(|r| {
                    (0..reference::WIDTH)
                        .map(|f| match reference.at((f, r)) {
                            0 => '.',
                            1 => 'W',
                            _ => 'B',
                        })
                        .collect()
                })
                .collect();
            assert_eq!(rows(&state), cells, "after {text}");
        }
    }
}

/// The reference's counts and the engine's agree with the data file up to `limit` leaves.
fn check_perft(limit: u64) {
    let cases = perft_file::read("tests/perft/fanorona.perft", None);
    assert!(cases.len() >= 3);
    for case in cases {
        let mut state = State::new(fanorona());
        let mut reference = reference::Game::new();
        for m in case.moves.split_whitespace() {
            play(&mut state, m);
            reference = reference.play(m);
        }
        let depth = case.depth_within(limit);
        let got = reference.perft(depth);
        let engine = perft(&mut state, depth);
        for (d, c) in case.counts_to(depth) {
            assert_eq!(got[d - 1], c, "the reference, {}: depth {d}", case.place);
            assert_eq!(engine[d - 1], c, "the engine, {}: depth {d}", case.place);
        }
    }
}

#[test]
fn perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_perft(100_000);
}

#[test]
#[ignore = "deep: a few million leaves through the slow reference"]
fn deep_perft_of_the_reference_and_the_engine_match_the_data_file() {
    check_perft(u64::MAX);
}
