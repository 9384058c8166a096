//! Move shapes on a grid: `move step` and `move slide ... max N` (the worked example of
//! docs/architecture.md). A hand-built position with counts derived by hand, and seeded
//! random positions compared with a reference written here from the language reference
//! alone (walk each direction over empty sites, at most N of them).

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::{notation, pipeline};

use crate::common::fixtures::configurations_and_fixtures;
use crate::common::move_texts::{legal, random_positions_agree};

/// Kings that step one site in any direction and slide up to two sites orthogonally.
const STEPS: &str = r#"
game "Steps"
players black, white
parameter size: 3..8 = 4
board grid size by size
piece king
setup black king on corner(south-west)
setup white king on corner(north-east)
move step all
move slide orthogonal max 2
end when no legal move: mover loses
"#;

/// The eight directions of a grid as (file step, rank step), for the references.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn game(size: i64) -> Arc<Game> {
    let sets = vec![format!("size={size}")];
    match pipeline::load_text("steps.game", STEPS, None, &sets) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

#[test]
fn a_king_in_the_corner_has_three_steps_and_two_longer_slides() {
    // Derived by hand: from a1, steps to a2, b1, b2; slides of two to a3 and c1 (the
    // slides of one coincide with steps and are listed once).
    let mut state = State::new(game(4));
    let expected: BTreeSet<String> = ["a1-a2", "a1-b1", "a1-b2", "a1-a3", "a1-c1"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(legal(&mut state), expected);
}

/// Where two rules in force make the same move, the list holds it once (here a slide of one
/// site and a step); where one rule alone makes moves, every one of them is there.
#[test]
fn a_move_two_rules_make_is_listed_once() {
    let mut moves = MoveList::new();
    let state = State::new(game(4));
    state.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    let from_a1: Vec<&String> = texts.iter().filter(|t| t.starts_with("a1-")).collect();
    assert_eq!(from_a1, ["a1-b1", "a1-a2", "a1-b2", "a1-c1", "a1-a3"]);
    // The step alone: a game of that rule only lists the same three steps.
    let steps = pipeline::load_text(
        "step.game",
        &STEPS.replace("move slide orthogonal max 2\n", ""),
        None,
        &[],
    )
    .expect("the game loads");
    let state = State::new(steps);
    state.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    assert_eq!(texts, ["a1-b1", "a1-a2", "a1-b2"]);
}

/// The list of legal moves holds no move twice, in every bundled game, preset and valid
/// fixture, at every ply of seeded random games (the moves of one rule never repeat one
/// another, which lets a list of one rule's moves skip the search for moves two rules
/// make): every move's text is another's.
#[test]
fn no_legal_move_is_listed_twice() {
    let mut rng = Rng::new(20261204);
    let mut moves = MoveList::new();
    for (name, game) in configurations_and_fixtures() {
        for _ in 0..2 {
            let mut state = State::new(Arc::clone(&game));
            for ply in 0..40 {
                state.legal_moves(&mut moves);
                let texts: BTreeSet<String> = moves
                    .iter()
                    .map(|&m| notation::move_text(&state, m))
                    .collect();
                assert_eq!(texts.len(), moves.len(), "{name}, ply {ply}");
                if moves.is_empty() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn a_slide_with_a_limit_stops_at_a_piece_and_at_its_length() {
    let game = game(5);
    let cells = rulebook::render::parse_diagram(
        &game,
        ". . . . .
         . . . . .
         . . B . .
         . . W . .
         . . . . .",
    )
    .expect("a valid diagram");
    let mut state = State::with_cells(Arc::clone(&game), cells, Player::FIRST);
    let from_c3: BTreeSet<String> = legal(&mut state)
        .into_iter()
        .filter(|m| m.starts_with("c3-"))
        .collect();
    // Steps: all eight neighbours but c2 (white). Slides: two north, east and west;
    // south is blocked at once.
    let expected: BTreeSet<String> = [
        "c3-b2", "c3-b3", "c3-b4", "c3-c4", "c3-d4", "c3-d3", "c3-d2", "c3-c5", "c3-a3", "c3-e3",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(from_c3, expected);
}

/// The moves of `mover` by the reference: for each of their pieces, each of the eight
/// directions one empty site, and each orthogonal direction up to two empty sites.
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let at = |f: i32, r: i32| cells[(r * w + f) as usize];
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let inside = |f: i32, r: i32| (0..w).contains(&f) && (0..h).contains(&r);
    let mut out = BTreeSet::new();
    for r in 0..h {
        for f in 0..w {
            if at(f, r) != game.cell(mover, 0) {
                continue;
            }
            for (df, dr) in DIRECTIONS {
                let limit = if df == 0 || dr == 0 { 2 } else { 1 };
                for k in 1..=limit {
                    let (tf, tr) = (f + df * k, r + dr * k);
                    if !inside(tf, tr) || at(tf, tr) != EMPTY {
                        break;
                    }
                    out.insert(format!("{}-{}", name(f, r), name(tf, tr)));
                }
            }
        }
    }
    out
}

#[test]
fn random_positions_agree_with_the_reference() {
    let mut compared = 0;
    for size in [3, 5, 8] {
        let game = game(size);
        let reference = |cells: &[Cell], mover| reference_moves(&game, cells, mover);
        compared += random_positions_agree(&game, 20261124 + size as u64, 200, 2, reference);
    }
    assert!(compared > 300, "{compared} positions compared");
}

/// Queens on a grid of any shape that slide as far as they like, or at most three sites.
const QUEENS: &str = r#"
game "Queens"
players black, white
parameter width: 1..26 = 8
parameter height: 1..26 = 8
option limited = off
board grid width by height
piece queen
setup black queen on corner(south-west)
move slide all when not limited
move slide all max 3 when limited
end when no legal move: mover loses
"#;

/// The moves of `mover` in the engine's order (by origin, then destination, as sites), by
/// walking each of the eight directions over empty sites, at most `limit` of them.
fn reference_slides(game: &Game, cells: &[Cell], mover: Player, limit: i32) -> Vec<(u16, u16)> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let mut out = Vec::new();
    for from in 0..w * h {
        if cells[from as usize] != game.cell(mover, 0) {
            continue;
        }
        let (f, r) = (from % w, from / w);
        let mut targets = Vec::new();
        for (df, dr) in DIRECTIONS {
            for k in 1..=limit {
                let (tf, tr) = (f + df * k, r + dr * k);
                if !(0..w).contains(&tf) || !(0..h).contains(&tr) {
                    break;
                }
                if cells[(tr * w + tf) as usize] != EMPTY {
                    break;
                }
                targets.push((tr * w + tf) as u16);
            }
        }
        targets.sort_unstable();
        out.extend(targets.into_iter().map(|to| (from as u16, to)));
    }
    out
}

/// Slides on boards of every size up to 26 x 26, on one word of sites or many: the listed
/// moves are the reference's in the same order, and picking the k-th move without listing
/// gives the k-th listed move.
#[test]
fn slides_on_boards_of_any_size_agree_with_the_reference_in_order() {
    let mut rng = Rng::new(20261124);
    let shapes = (1..=26)
        .map(|n| (n, n))
        .chain([(1, 26), (26, 1), (9, 8), (8, 9), (13, 26)]);
    for (width, height) in shapes {
        for limited in [false, true] {
            let sets = vec![
                format!("width={width}"),
                format!("height={height}"),
                format!("limited={}", if limited { "on" } else { "off" }),
            ];
            let game = pipeline::load_text("queens.game", QUEENS, None, &sets)
                .unwrap_or_else(|e| panic!("the test game loads:\n{}", e.render(false)));
            let limit = if limited { 3 } else { 26 };
            for _ in 0..20 {
                let cells: Vec<Cell> = (0..game.board.sites())
                    .map(|_| match rng.below(6) {
                        0 => game.cell(Player::FIRST, 0),
                        1 => game.cell(Player::SECOND, 0),
                        _ => EMPTY,
                    })
                    .collect();
                let mover = Player::new(rng.below(2)).unwrap();
                let expected = reference_slides(&game, &cells, mover, limit);
                if expected.is_empty() {
                    continue; // no legal move: the game is over, and nothing is listed
                }
                let state = State::with_cells(Arc::clone(&game), cells, mover);
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                let listed: Vec<(u16, u16)> = moves
                    .iter()
                    .map(|m| (m.from().index() as u16, m.to().index() as u16))
                    .collect();
                let shape = format!("{width} x {height}, limited {limited}");
                assert_eq!(listed, expected, "{shape}");
                for k in 0..moves.len() {
                    let picked = state.pick_legal_move(&mut MoveList::new(), |n| {
                        assert_eq!(n, moves.len(), "{shape}: the count");
                        k
                    });
                    assert_eq!(picked, Some(moves[k]), "{shape}: move {k}");
                }
            }
        }
    }
}

/// Where the only move rule in force slides, whether the mover can move is found without
/// listing the moves: a stone shut in a corner has none, and the game is over; one empty
/// point beside it is enough. The same on a board with ray masks (8 x 8) and on one
/// without (9 x 9), where moves are found by different paths.
#[test]
fn a_stone_shut_in_a_corner_has_no_move_and_one_open_point_is_enough() {
    for size in [8usize, 9] {
        let sets = [format!("size={size}"), "repetition=off".to_string()];
        let game = pipeline::load("ming-mang", None, &sets).unwrap();
        let empty_ranks = vec![size.to_string(); size - 2].join("/");
        let shut = format!("{empty_ranks}/W{}/BW{} black", size - 1, size - 2);
        let open = format!("{empty_ranks}/W{}/B1W{} black", size - 1, size - 3);
        let mut state = notation::parse_position(&game, &shut).unwrap();
        assert!(!state.has_legal_move(&mut MoveList::new()), "{shut}");
        assert!(legal(&mut state).is_empty(), "{shut}");
        assert!(state.outcome().is_some(), "{shut}");
        let mut state = notation::parse_position(&game, &open).unwrap();
        assert!(state.has_legal_move(&mut MoveList::new()), "{open}");
        assert_eq!(legal(&mut state), BTreeSet::from(["a1-b1".to_string()]));
        assert!(state.outcome().is_none(), "{open}");
    }
}
