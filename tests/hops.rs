//! Hops (`move hop DIRECTIONS`), the first shape written as a walk with shifts and repeats:
//! a xiangqi cannon's capture over exactly one screen. A hand-built position with every
//! hop derived by hand, seeded random positions against a reference written here from the
//! language reference alone, directions relative to the mover turned for each player, and
//! `onto` refused with its place.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, random_positions_agree, set};

/// Cannons that slide onto empty sites or hop to take; soldiers that only hop forward.
const CANNONS: &str = r#"
game "Cannons"
players red, black
board grid 9 by 10
piece cannon, soldier
setup red cannon on b3 + h3
setup black cannon on b8 + h8
setup red soldier on a4 + c4 + e4 + g4 + i4
setup black soldier on a7 + c7 + e7 + g7 + i7
move slide orthogonal by cannon
move hop orthogonal by cannon
move hop forward by soldier
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

fn cannons() -> Arc<Game> {
    match pipeline::load_text("hops.game", CANNONS, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

#[test]
fn a_cannon_hops_over_one_screen_to_the_first_piece_beyond_if_it_is_an_enemy() {
    let game = cannons();
    // The red cannon on d5. North: d6 empty, d7 a red soldier (the screen), d8 empty, d9 a
    // black cannon: taken. East: e5 a black soldier (the screen, next to it), f5 and g5
    // empty, h5 a red cannon: a friend, no hop. South: d4 the screen, d3 empty, d2 a black
    // soldier: taken, and nothing further (d1 beyond is not reached). West: c5, b5, a5
    // empty: no screen, no hop. Its slides: d6, c5, b5, a5.
    let cells = rulebook::render::parse_diagram(
        &game,
        ". . . . . . . . .
         . . . c . . . . .
         . . . . . . . . .
         . . . S . . . . .
         . . . . . . . . .
         . . . C s . . C .
         . . . S . . . . .
         . . . . . . . . .
         . . . s . . . . .
         . . . c . . . . .",
    )
    .expect("a valid diagram");
    let mut state = State::with_cells(Arc::clone(&game), cells, Player::FIRST);
    let listed = legal(&mut state);
    assert_eq!(
        from(&listed, "d5"),
        set(&["d5-d9", "d5-d2", "d5-d6", "d5-c5", "d5-b5", "d5-a5"])
    );
    // Red's soldiers hop forward, north. From d7: d8 empty, d9 the screen, and the line
    // ends: nothing. From d4: d5 the screen, d6 empty, d7 a red soldier: a friend, nothing.
    assert_eq!(from(&listed, "d7"), set(&[]));
    assert_eq!(from(&listed, "d4"), set(&[]));
    // Black's soldier on d2 hops forward, south for black: d1 is empty and the line ends.
    // Black's cannon on d9 hops south: d8 empty, d7 the screen, d6 empty, d5 red: taken.
    let cells = state_cells(&game, &state);
    let mut black = State::with_cells(Arc::clone(&game), cells, Player::SECOND);
    let listed = legal(&mut black);
    assert!(listed.contains("d9-d5"), "{listed:?}");
    assert_eq!(from(&listed, "d2"), set(&[]));
}

fn state_cells(game: &Game, state: &State) -> Vec<Cell> {
    rulebook::model::Site::all(game.board.sites())
        .map(|s| state.cell(s))
        .collect()
}

/// The moves of `mover` by the reference: a cannon slides north, east, south or west over
/// empty sites, stopping at each; along the same lines it passes empty sites to a first
/// piece (the screen), empty sites again to a second piece, and lands on it if it is an
/// enemy's. A soldier makes only that hop, and only forward (north for red, south for
/// black).
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let at = |f: i32, r: i32| cells[(r * w + f) as usize];
    let inside = |f: i32, r: i32| (0..w).contains(&f) && (0..h).contains(&r);
    let enemy = |c: Cell| c != EMPTY && game.tables.owner[c.index()] != mover;
    let forward = if mover == Player::FIRST { 1 } else { -1 };
    let mut out = BTreeSet::new();
    for from in 0..w * h {
        let (f, r) = (from % w, from / w);
        let (slides, lines): (bool, Vec<(i32, i32)>) = match cells[from as usize] {
            c if c == game.cell(mover, 0) => (true, vec![(0, 1), (1, 0), (0, -1), (-1, 0)]),
            c if c == game.cell(mover, 1) => (false, vec![(0, forward)]),
            _ => continue,
        };
        for (df, dr) in lines {
            let (mut tf, mut tr) = (f + df, r + dr);
            while inside(tf, tr) && at(tf, tr) == EMPTY {
                if slides {
                    out.insert(format!("{}-{}", name(f, r), name(tf, tr)));
                }
                (tf, tr) = (tf + df, tr + dr);
            }
            // (tf, tr): the screen, if on the board.
            (tf, tr) = (tf + df, tr + dr);
            while inside(tf, tr) && at(tf, tr) == EMPTY {
                (tf, tr) = (tf + df, tr + dr);
            }
            if inside(tf, tr) && enemy(at(tf, tr)) {
                out.insert(format!("{}-{}", name(f, r), name(tf, tr)));
            }
        }
    }
    out
}

#[test]
fn random_positions_agree_with_the_reference() {
    let game = cannons();
    let reference = |cells: &[Cell], mover| reference_moves(&game, cells, mover);
    let compared = random_positions_agree(&game, 20261204, 400, 3, reference);
    assert!(compared > 300, "{compared} positions compared");
}

#[test]
fn onto_is_refused_for_a_hop_with_its_place() {
    let text = CANNONS.replace(
        "move hop orthogonal by cannon",
        "move hop orthogonal onto enemy",
    );
    let error = pipeline::load_text("hops.game", &text, None, &[])
        .expect_err("`onto` with a hop is refused")
        .render(false);
    assert!(error.contains("a hop lands on an enemy piece"), "{error}");
    assert!(error.contains("hops.game:11:"), "its place: {error}");
}
