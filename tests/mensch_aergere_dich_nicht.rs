//! The bundled Mensch ärgere dich nicht (`games/mensch-aergere-dich-nicht.game`, rules MA-1
//! .. MA-9 of `docs/games/mensch-aergere-dich-nicht.md`, OpenSpiel's `maedn` for four
//! players) and what it needs of the language: `dice ... again on 6`, and a move along a
//! track `from hand` or `from REGION`, `enter on 6` and `without bearing off`. Every rule on
//! hand-built positions, and 20 random games OpenSpiel played
//! (`tests/openspiel/mensch-aergere-dich-nicht-games.txt`, printed by
//! `tests/openspiel/mensch-aergere-dich-nicht.py`) replayed move by move, the throws
//! included: every legal move after every ply the same, and the same result at the end. Its
//! perft counts, OpenSpiel's, are in `tests/perft/mensch-aergere-dich-nicht.perft` (checked
//! by `perft.rs`).

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::move_texts::{play, sorted_legal, OpenSpielGames};

const PLAYERS: [&str; 4] = ["red", "blue", "green", "yellow"];

fn game() -> Arc<Game> {
    pipeline::load("mensch-aergere-dich-nicht", None, &[]).expect("the bundled game loads")
}

/// The position with these pieces (`("a7", 'R')`, ...; every other piece in hand) and
/// `to_move` to throw.
fn at(pieces: &[(&str, char)], to_move: &str) -> State {
    let mut rows = vec![vec!['.'; 11]; 11];
    for (site, letter) in pieces {
        let file = (site.as_bytes()[0] - b'a') as usize;
        let rank: usize = site[1..].parse().expect("a rank");
        rows[11 - rank][file] = *letter;
    }
    let ranks: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let text = format!("{} {to_move}", ranks.join("/"));
    notation::parse_position(&game(), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves after `throw` in the position of `pieces`, `to_move` to throw.
fn after_throw(pieces: &[(&str, char)], to_move: &str, throw: u8) -> Vec<String> {
    let mut s = at(pieces, to_move);
    play(&mut s, &format!("roll:{throw}"));
    sorted_legal(&s)
}

fn rolls() -> Vec<String> {
    (1..=6).map(|n| format!("roll:{n}")).collect()
}

fn name(p: Player) -> &'static str {
    PLAYERS[p.index()]
}

#[test]
fn ma1_the_start_has_every_piece_waiting_and_red_throws() {
    let g = game();
    assert_eq!(g.board.sites(), 121);
    let s = State::new(g);
    assert_eq!(name(s.to_move()), "red");
    assert_eq!(sorted_legal(&s), rolls());
    let text = notation::position_text(&s);
    assert!(text.ends_with(" red"), "{text}");
}

#[test]
fn ma2_a_six_throws_again_and_any_other_throw_passes_the_turn() {
    let mut s = State::new(game());
    play(&mut s, "roll:6 a7");
    assert_eq!(name(s.to_move()), "red", "a six: red throws again");
    assert_eq!(sorted_legal(&s), rolls());
    play(&mut s, "roll:3 a7-d7");
    assert_eq!(name(s.to_move()), "blue");
    // Sixes in a row, with no limit.
    play(&mut s, "roll:6 g11 roll:6 g11-i7 roll:6 g11 roll:2");
    assert_eq!(name(s.to_move()), "blue");
    play(&mut s, "g11-g9");
    assert_eq!(name(s.to_move()), "green");
}

#[test]
fn ma2_a_pass_after_a_six_throws_again_too() {
    // Red's three home pieces and one on b5, which a six would take onto its own e6.
    let pieces = [
        ("c6", 'R'),
        ("d6", 'R'),
        ("e6", 'R'),
        ("b5", 'R'),
        ("g11", 'B'),
    ];
    let mut s = at(&pieces, "red");
    play(&mut s, "roll:6");
    assert_eq!(sorted_legal(&s), ["pass"]);
    play(&mut s, "pass");
    assert_eq!(name(s.to_move()), "red");
    play(&mut s, "roll:5");
    assert_eq!(sorted_legal(&s), ["pass"]);
    play(&mut s, "pass");
    assert_eq!(name(s.to_move()), "blue");
}

#[test]
fn ma2_undo_takes_back_the_second_throw_and_the_position_key() {
    let mut s = State::new(game());
    play(&mut s, "roll:6");
    let (key, mover) = (s.hash(), s.to_move());
    play(&mut s, "a7");
    assert_eq!(s.to_move(), mover);
    s.undo();
    assert_eq!((s.hash(), s.to_move()), (key, mover));
    assert_eq!(sorted_legal(&s), ["a7"]);
}

#[test]
fn ma3_each_player_goes_round_once_and_only_into_their_own_home() {
    // Red on a6 (its track's 40th field) goes home to b6; blue on a6 (its 30th) goes on.
    assert_eq!(after_throw(&[("a6", 'R')], "red", 1), ["a6-b6"]);
    assert_eq!(after_throw(&[("a6", 'B')], "blue", 1), ["a6-a7"]);
    assert_eq!(after_throw(&[("a6", 'B')], "blue", 4), ["a6-d7"]);
    // Blue's home is f10 .. f7 after e11, its 39th field.
    assert_eq!(after_throw(&[("e11", 'B')], "blue", 2), ["e11-f10"]);
    assert_eq!(after_throw(&[("e11", 'R')], "red", 2), ["e11-g11"]);
    // Green from k5, yellow from e1.
    assert_eq!(after_throw(&[("k5", 'G')], "green", 5), ["k5-g4"]);
    assert_eq!(after_throw(&[("e1", 'Y')], "yellow", 5), ["e1-d5"]);
}

#[test]
fn ma4_a_piece_comes_in_only_on_a_six_onto_the_start_field() {
    for throw in 1..=5 {
        assert_eq!(
            after_throw(&[], "red", throw),
            ["pass"],
            "a throw of {throw}"
        );
    }
    assert_eq!(after_throw(&[], "red", 6), ["a7"]);
    assert_eq!(after_throw(&[], "blue", 6), ["g11"]);
    assert_eq!(after_throw(&[], "green", 6), ["k5"]);
    assert_eq!(after_throw(&[], "yellow", 6), ["e1"]);
}

#[test]
fn ma4_coming_in_takes_an_enemy_piece_on_the_start_field() {
    let mut s = at(&[("a7", 'B'), ("c7", 'B')], "red");
    play(&mut s, "roll:6 a7");
    let text = notation::position_text(&s);
    assert!(text.starts_with("11/11/11/11/R1B8/"), "{text}");
    // Blue's piece is back in its hand: three waiting, one on c7.
    play(&mut s, "roll:1 a7-b7 roll:6");
    assert_eq!(sorted_legal(&s), ["g11"], "blue brings one in");
}

#[test]
fn ma5_a_piece_on_the_start_field_moves_on_first_while_one_waits() {
    let pieces = [("a7", 'R'), ("c5", 'R')];
    assert_eq!(after_throw(&pieces, "red", 2), ["a7-c7"]);
    assert_eq!(
        after_throw(&pieces, "red", 6),
        ["a7-e9"],
        "before bringing one in"
    );
    // Blocked by its own piece: any piece moves.
    let blocked = [("a7", 'R'), ("c7", 'R'), ("c5", 'R')];
    assert_eq!(after_throw(&blocked, "red", 2), ["c5-a5", "c7-e7"]);
    // With no piece waiting, the start field is a field like another.
    let all_out = [("a7", 'R'), ("c7", 'R'), ("c5", 'R'), ("k5", 'R')];
    assert_eq!(
        after_throw(&all_out, "red", 1),
        ["a7-b7", "c5-b5", "c7-d7", "k5-j5"]
    );
    // It may take an enemy piece doing so.
    assert_eq!(
        after_throw(&[("a7", 'R'), ("c7", 'G')], "red", 2),
        ["a7-c7"]
    );
}

#[test]
fn ma6_a_six_must_bring_a_piece_in_while_the_start_field_is_free_of_ones_own() {
    assert_eq!(after_throw(&[("c5", 'R')], "red", 6), ["a7"]);
    // The start field held by its own blocked piece: the others move.
    let blocked = [("a7", 'R'), ("e9", 'R'), ("c5", 'R')];
    assert_eq!(after_throw(&blocked, "red", 6), ["c5-d6", "e9-g9"]);
    // Nobody waiting: any piece moves.
    let all_out = [("c7", 'R'), ("c5", 'R'), ("k5", 'R'), ("e6", 'R')];
    assert_eq!(
        after_throw(&all_out, "red", 6),
        ["c5-d6", "c7-e11", "k5-g3"]
    );
}

#[test]
fn ma7_a_piece_lands_on_an_enemy_to_take_it_and_never_on_its_own() {
    let mut s = at(&[("c5", 'R'), ("d7", 'R'), ("e8", 'Y'), ("k5", 'R')], "red");
    play(&mut s, "roll:2");
    assert_eq!(sorted_legal(&s), ["c5-a5", "d7-e8", "k5-i5"]);
    play(&mut s, "d7-e8");
    let text = notation::position_text(&s);
    assert!(text.starts_with("11/11/11/4R6/"), "{text}");
    // Yellow's piece went back to its hand: a six brings in one of four.
    play(&mut s, "roll:1 pass roll:1 pass roll:6 e1 roll:6 e1-c5");
    // A piece does not land on its own.
    assert_eq!(
        after_throw(&[("a7", 'R'), ("c7", 'R')], "red", 2),
        ["c7-e7"]
    );
}

#[test]
fn ma7_no_piece_goes_past_the_last_home_field_and_home_pieces_jump_each_other() {
    let stuck = [("c6", 'R'), ("d6", 'R'), ("e6", 'R'), ("b5", 'R')];
    assert_eq!(after_throw(&stuck, "red", 6), ["pass"]);
    assert_eq!(
        after_throw(&[("c6", 'R'), ("d6", 'R')], "red", 2),
        ["c6-e6"]
    );
    assert_eq!(after_throw(&[("c6", 'R'), ("d6", 'R')], "red", 3), ["pass"]);
    assert_eq!(
        after_throw(&[("b6", 'R'), ("c6", 'R')], "red", 2),
        ["b6-d6", "c6-e6"]
    );
    // From the 39th field (a5) a five reaches the last home field, a six nothing.
    let near = [("a5", 'R'), ("k5", 'R'), ("c6", 'R'), ("d6", 'R')];
    assert_eq!(after_throw(&near, "red", 5), ["a5-e6", "k5-g4"]);
    assert_eq!(after_throw(&near, "red", 6), ["k5-g3"]);
}

#[test]
fn ma8_a_player_who_cannot_move_passes() {
    let mut s = at(&[("e6", 'R')], "red");
    play(&mut s, "roll:4");
    assert_eq!(sorted_legal(&s), ["pass"]);
    play(&mut s, "pass");
    assert_eq!(name(s.to_move()), "blue");
}

#[test]
fn ma9_the_first_with_four_pieces_home_wins() {
    let pieces = [
        ("b6", 'R'),
        ("c6", 'R'),
        ("d6", 'R'),
        ("a5", 'R'),
        ("f7", 'B'),
    ];
    let mut s = at(&pieces, "red");
    play(&mut s, "roll:2");
    assert_eq!(sorted_legal(&s), ["c6-e6"], "a5 may not land on its own b6");
    let mut s = at(&pieces, "red");
    play(&mut s, "roll:5 a5-e6");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    // Yellow's too.
    let home = [("f2", 'Y'), ("f3", 'Y'), ("f4", 'Y'), ("f1", 'Y')];
    let mut s = at(&home, "yellow");
    play(&mut s, "roll:4 f1-f5");
    assert_eq!(
        s.outcome().map(|o| match o {
            Outcome::Win(p) => PLAYERS[p.index()],
            Outcome::Draw => "draw",
        }),
        Some("yellow")
    );
}

#[test]
fn openspiels_random_games_replay_move_by_move() {
    let record = OpenSpielGames {
        path: "tests/openspiel/mensch-aergere-dich-nicht-games.txt",
        start: &|| Some(State::new(game())),
        position: &|text| panic!("{text}: the record starts every game from the start"),
        outcome: &|o| match o {
            None => "none".into(),
            Some(Outcome::Win(p)) => format!("{} wins", PLAYERS[p.index()]),
            Some(other) => panic!("{other:?}"),
        },
    };
    let mut passes_after_six = 0;
    let (games, plies) = record.replay(|m, last| {
        passes_after_six += usize::from(m == "pass" && last == "roll:6");
    });
    assert_eq!(games, 20);
    assert!(plies > 15000, "{plies} plies");
    assert!(passes_after_six > 0, "a pass after a six is among them");
}
