//! The bundled xiangqi (`games/xiangqi.game`, rules XQ-1 .. XQ-14 of
//! `docs/games/xiangqi.md`) on hand-built positions: one test per rule, each expected move
//! list worked out by hand from the rules page. Letters: K A B N R C P (general, advisor,
//! elephant, horse, rook, cannon, soldier; xiangqi FEN's), upper case Red's, lower case Black's.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, set};

const RED: Player = Player::FIRST;
const BLACK: Player = Player::SECOND;

fn xiangqi() -> Arc<Game> {
    pipeline::load("xiangqi", None, &[]).expect("the bundled xiangqi loads")
}

/// The position with `pieces` (site and letter) on an otherwise empty board, `to_move` to
/// move.
fn position(game: &Arc<Game>, pieces: &[(&str, char)], to_move: Player) -> State {
    let mut rows = [['.'; 9]; 10];
    for &(site, letter) in pieces {
        let file = usize::from(site.as_bytes()[0] - b'a');
        let rank: usize = site[1..].parse().expect("a rank");
        rows[10 - rank][file] = letter;
    }
    let diagram: Vec<String> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let cells = rulebook::render::parse_diagram(game, &diagram.join("\n")).expect("a diagram");
    State::with_cells(Arc::clone(game), cells, to_move)
}

/// The texts of the legal moves of the piece on `site`.
fn moves_from(state: &mut State, site: &str) -> BTreeSet<String> {
    from(&legal(state), site)
}

/// Whether `player`'s general is attacked (the game's `forbid leaving` condition, read
/// with `player` as the mover).
fn general_attacked(state: &State, player: Player) -> bool {
    state.value(player, &state.game().forbidden[0]) != 0
}

#[test]
fn xq3_the_general_steps_orthogonally_inside_its_palace() {
    let game = xiangqi();
    // Red's general on the palace corner d1: c1 is outside the palace, so d2 and e1.
    let mut red = position(&game, &[("d1", 'K'), ("f10", 'k')], RED);
    assert_eq!(moves_from(&mut red, "d1"), set(&["d1-d2", "d1-e1"]));
    // Black's on its palace corner f8: f7 and g8 are outside, so f9 and e8.
    let mut black = position(&game, &[("d1", 'K'), ("f8", 'k')], BLACK);
    assert_eq!(moves_from(&mut black, "f8"), set(&["f8-e8", "f8-f9"]));
}

#[test]
fn xq4_the_advisor_steps_diagonally_inside_its_palace() {
    let game = xiangqi();
    // Red's advisor in the palace's centre e2 has four diagonals; f1 holds its general.
    let mut red = position(&game, &[("e2", 'A'), ("f1", 'K'), ("d10", 'k')], RED);
    assert_eq!(
        moves_from(&mut red, "e2"),
        set(&["e2-d1", "e2-d3", "e2-f3"])
    );
    // Black's advisor on the corner d10: c9 is outside the palace, so only e9.
    let mut black = position(&game, &[("d10", 'a'), ("e10", 'k'), ("f1", 'K')], BLACK);
    assert_eq!(moves_from(&mut black, "d10"), set(&["d10-e9"]));
}

#[test]
fn xq5_the_elephant_needs_an_empty_eye_and_stays_on_its_side() {
    let game = xiangqi();
    let generals = [("d1", 'K'), ("f10", 'k')];
    // Red's elephant on c1: a3 (eye b2) and e3 (eye d2); with a piece on d2, only a3.
    let mut red = position(&game, &[generals[0], generals[1], ("c1", 'B')], RED);
    assert_eq!(moves_from(&mut red, "c1"), set(&["c1-a3", "c1-e3"]));
    let mut red = position(
        &game,
        &[generals[0], generals[1], ("c1", 'B'), ("d2", 'N')],
        RED,
    );
    assert_eq!(moves_from(&mut red, "c1"), set(&["c1-a3"]));
    // On the river bank c5 it may not cross: a7 and e7 are Black's side.
    let mut red = position(&game, &[generals[0], generals[1], ("c5", 'B')], RED);
    assert_eq!(moves_from(&mut red, "c5"), set(&["c5-a3", "c5-e3"]));
    // Black's elephant on c6 likewise: a4 and e4 are Red's side.
    let mut black = position(&game, &[generals[0], generals[1], ("c6", 'b')], BLACK);
    assert_eq!(moves_from(&mut black, "c6"), set(&["c6-a8", "c6-e8"]));
    // Black's on g10 with its eye f9 taken: only i8 (eye h9).
    let mut black = position(
        &game,
        &[generals[0], ("e10", 'k'), ("g10", 'b'), ("f9", 'a')],
        BLACK,
    );
    assert_eq!(moves_from(&mut black, "g10"), set(&["g10-i8"]));
}

#[test]
fn xq6_the_horse_is_stopped_by_a_piece_on_its_leg() {
    let game = xiangqi();
    let all_eight = [
        "e5-c4", "e5-c6", "e5-d3", "e5-d7", "e5-f3", "e5-f7", "e5-g4", "e5-g6",
    ];
    let mut red = position(&game, &[("d1", 'K'), ("f10", 'k'), ("e5", 'N')], RED);
    assert_eq!(moves_from(&mut red, "e5"), set(&all_eight));
    // A piece on e6 (its leg to the north) stops d7 and f7; the horse cannot take it.
    let mut red = position(
        &game,
        &[("d1", 'K'), ("f10", 'k'), ("e5", 'N'), ("e6", 'p')],
        RED,
    );
    let without_north: Vec<&str> = all_eight
        .into_iter()
        .filter(|m| !m.ends_with('7'))
        .collect();
    assert_eq!(moves_from(&mut red, "e5"), set(&without_north));
}

#[test]
fn xq8_the_cannon_slides_without_taking_and_takes_over_exactly_one_screen() {
    let game = xiangqi();
    // Red's cannon on b3. North: b4 and b5 are empty, b6 a black soldier (the screen), b7
    // empty, b8 a black rook: it slides to b4, b5 and takes b8 over the screen. South: b2,
    // b1. East: slides c3 .. i3. West: a3.
    let mut red = position(
        &game,
        &[
            ("d1", 'K'),
            ("f10", 'k'),
            ("b3", 'C'),
            ("b6", 'p'),
            ("b8", 'r'),
        ],
        RED,
    );
    let mut expected = vec![
        "b3-b4".to_string(),
        "b3-b5".to_string(),
        "b3-b8".to_string(),
        "b3-b2".to_string(),
        "b3-b1".to_string(),
        "b3-a3".to_string(),
    ];
    expected.extend("cdefghi".chars().map(|f| format!("b3-{f}3")));
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&mut red, "b3"), set(&expected));
    // No screen: the rook on b8 cannot be taken, the cannon slides up to b7.
    let mut red = position(
        &game,
        &[("d1", 'K'), ("f10", 'k'), ("b3", 'C'), ("b8", 'r')],
        RED,
    );
    let north: BTreeSet<String> = moves_from(&mut red, "b3")
        .into_iter()
        .filter(|m| m.starts_with("b3-b") && m != "b3-b2" && m != "b3-b1")
        .collect();
    assert_eq!(north, set(&["b3-b4", "b3-b5", "b3-b6", "b3-b7"]));
    // Two screens (b5 and b6, its own): the rook on b8 is out of reach; nor does it take
    // over one screen (d3) onto its own piece (f3).
    let mut red = position(
        &game,
        &[
            ("d1", 'K'),
            ("f10", 'k'),
            ("b3", 'C'),
            ("b5", 'P'),
            ("b6", 'P'),
            ("b8", 'r'),
            ("d3", 'P'),
            ("f3", 'R'),
        ],
        RED,
    );
    let along_b_or_onto_f3: BTreeSet<String> = moves_from(&mut red, "b3")
        .into_iter()
        .filter(|m| m.starts_with("b3-b") || m == "b3-f3")
        .collect();
    assert_eq!(along_b_or_onto_f3, set(&["b3-b1", "b3-b2", "b3-b4"]));
}

#[test]
fn xq9_the_soldier_goes_forward_and_sideways_only_across_the_river() {
    let game = xiangqi();
    let with = |soldier: (&'static str, char), to_move| {
        position(&game, &[("d1", 'K'), ("f10", 'k'), soldier], to_move)
    };
    // Red's soldier on its own side (e4, and e5 on the river bank): forward only.
    assert_eq!(
        moves_from(&mut with(("e4", 'P'), RED), "e4"),
        set(&["e4-e5"])
    );
    assert_eq!(
        moves_from(&mut with(("e5", 'P'), RED), "e5"),
        set(&["e5-e6"])
    );
    // Across the river (e6): forward and sideways, never back.
    assert_eq!(
        moves_from(&mut with(("e6", 'P'), RED), "e6"),
        set(&["e6-d6", "e6-e7", "e6-f6"])
    );
    // On the last rank (a10: the corner): sideways only.
    assert_eq!(
        moves_from(&mut with(("a10", 'P'), RED), "a10"),
        set(&["a10-b10"])
    );
    // Black's soldier: forward is south.
    assert_eq!(
        moves_from(&mut with(("e7", 'p'), BLACK), "e7"),
        set(&["e7-e6"])
    );
    assert_eq!(
        moves_from(&mut with(("e6", 'p'), BLACK), "e6"),
        set(&["e6-e5"])
    );
    assert_eq!(
        moves_from(&mut with(("e5", 'p'), BLACK), "e5"),
        set(&["e5-d5", "e5-e4", "e5-f5"])
    );
}

#[test]
fn xq12_the_generals_may_not_face_each_other() {
    let game = xiangqi();
    // A red rook on e5, the only piece between the generals on e1 and e10: it may move
    // along the file (and take the general) but not leave it.
    let mut red = position(&game, &[("e1", 'K'), ("e10", 'k'), ("e5", 'R')], RED);
    let along: Vec<String> = [2, 3, 4, 6, 7, 8, 9, 10]
        .iter()
        .map(|r| format!("e5-e{r}"))
        .collect();
    let along: Vec<&str> = along.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&mut red, "e5"), set(&along));
    // A general may not step onto an open file the other general stands on: from e2,
    // not d2 (black's general on d10).
    let mut red = position(&game, &[("e2", 'K'), ("d10", 'k')], RED);
    assert_eq!(
        moves_from(&mut red, "e2"),
        set(&["e2-e1", "e2-e3", "e2-f2"])
    );
}

#[test]
fn xq11_no_move_may_leave_the_own_general_attacked() {
    let game = xiangqi();
    // A red rook on e3 pinned by black's rook on e9: only along the file. The general may
    // go to e2 or f1, not d1 (facing black's general on d10).
    let mut red = position(
        &game,
        &[("e1", 'K'), ("e3", 'R'), ("e9", 'r'), ("d10", 'k')],
        RED,
    );
    assert_eq!(moves_from(&mut red, "e1"), set(&["e1-e2", "e1-f1"]));
    let along: Vec<String> = (4..=9)
        .map(|r| format!("e3-e{r}"))
        .chain(["e3-e2".to_string()])
        .collect();
    let along: Vec<&str> = along.iter().map(String::as_str).collect();
    assert_eq!(moves_from(&mut red, "e3"), set(&along));
    // In check from black's cannon on e5 over red's soldier on e3: the general steps
    // aside (e2 is still attacked over the screen), or the rook on a2 adds a second screen
    // on e2. The soldier's step to e4 leaves the check on (it stays the screen).
    let mut red = position(
        &game,
        &[
            ("e1", 'K'),
            ("e3", 'P'),
            ("a2", 'R'),
            ("e5", 'c'),
            ("e10", 'k'),
        ],
        RED,
    );
    assert!(general_attacked(&red, RED));
    assert_eq!(legal(&mut red), set(&["a2-e2", "e1-d1", "e1-f1"]));
}

#[test]
fn xq13_checkmate_loses() {
    let game = xiangqi();
    // Black's general on e10, checked along rank 10 by the rook on b10; the rook on a9
    // holds rank 9, and d10, f10 are on the checking rook's line.
    let mut black = position(
        &game,
        &[("e10", 'k'), ("b10", 'R'), ("a9", 'R'), ("d1", 'K')],
        BLACK,
    );
    assert!(general_attacked(&black, BLACK));
    assert!(legal(&mut black).is_empty());
    assert_eq!(black.outcome(), Some(Outcome::Win(RED)));
}

#[test]
fn xq13_stalemate_loses_too() {
    let game = xiangqi();
    // Black's general on e10 is not attacked, but the horse on e8 covers d10 and f10 and
    // the rook on a9 covers e9: no legal move, and black loses.
    let mut black = position(
        &game,
        &[("e10", 'k'), ("e8", 'N'), ("a9", 'R'), ("d1", 'K')],
        BLACK,
    );
    assert!(!general_attacked(&black, BLACK));
    assert!(legal(&mut black).is_empty());
    assert_eq!(black.outcome(), Some(Outcome::Win(RED)));
}

#[test]
fn xq14_a_third_occurrence_by_perpetual_check_loses_for_the_checker() {
    let game = xiangqi();
    // Red's rook checks Black's general along rank 10, then rank 9, as it steps between
    // d10 and d9: the start's third occurrence comes after Black's move, and Red, who
    // checked with every move, loses.
    let mut state = position(&game, &[("d10", 'k'), ("a9", 'R'), ("e1", 'K')], RED);
    let cycle = ["a9-a10", "d10-d9", "a10-a9", "d9-d10"];
    for (i, m) in cycle.iter().cycle().take(8).enumerate() {
        assert_eq!(state.outcome(), None, "before move {}", i + 1);
        rulebook::notation::play_text(&mut state, m).expect("a legal move");
    }
    assert_eq!(state.outcome(), Some(Outcome::Win(BLACK)));
}

#[test]
fn xq14_a_repetition_without_perpetual_check_is_not_judged() {
    let game = xiangqi();
    // The rook and the general step to and fro without a check: the game goes on.
    let mut state = position(&game, &[("d10", 'k'), ("a8", 'R'), ("e1", 'K')], RED);
    let quiet = ["a8-a7", "d10-d9", "a7-a8", "d9-d10"];
    for m in quiet.iter().cycle().take(12) {
        rulebook::notation::play_text(&mut state, m).expect("a legal move");
    }
    assert_eq!(state.outcome(), None);
}

#[test]
fn a_move_refused_by_forbid_leaving_is_explained_by_its_rule() {
    let game = xiangqi();
    let mut state = State::new(Arc::clone(&game));
    for m in ["b3-e3", "e7-e6", "e4-e5"] {
        rulebook::notation::play_text(&mut state, m).expect("a legal move");
    }
    let err = rulebook::notation::play_text(&mut state, "e6-e5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "e6-e5 is not legal: it would leave `attacked(mover, general)` true for black \
         (`forbid leaving`, xiangqi.game:57)"
    );
    let shown = rulebook::render::summary(&game);
    assert!(
        shown.contains("no move may leave true: attacked(mover, general) (mover: who moved)"),
        "{shown}"
    );
}

/// docs/language/constraints.md says the bundled file is its example under `forbid leaving`
/// with the sources cited: the same statements, in the same order, once comments are left
/// out.
#[test]
fn the_bundled_file_is_the_example_of_the_language_reference() {
    let statements = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| line.split("//").next().unwrap_or("").trim().to_string())
            .filter(|line| !line.is_empty())
            .collect()
    };
    let page = "docs/language/constraints.md";
    let docs = std::fs::read_to_string(page).expect(page);
    let start = docs
        .find("```game\ngame \"Xiangqi\"")
        .expect("the xiangqi example")
        + "```game\n".len();
    let length = docs[start..].find("```").expect("the example's end");
    let bundled = std::fs::read_to_string("games/xiangqi.game").expect("games/xiangqi.game");
    assert_eq!(
        statements(&docs[start..start + length]),
        statements(&bundled)
    );
}
