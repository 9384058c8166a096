//! `next to` on a piece that moves (docs/language/moves.md): the site the piece starts from
//! must have such a neighbour. A hand-built position with every move derived by hand,
//! seeded random positions against a reference written here from the language reference
//! alone, the directions of `along`, and a graph board, where `next to` looks along every
//! link.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, random_positions_agree, set};

/// Soldiers that slide only from beside an enemy piece (along a rank or file); kings that
/// step one site diagonally only from a site with a friend just north or south of it.
const GUARDS: &str = r#"
game "Guards"
players white, black
board grid 6 by 6
piece soldier, king
setup white soldier on a1 + c1
setup black soldier on a6 + c6
setup white king on f1
setup black king on f6
move slide orthogonal by soldier next to enemy
move step diagonal by king next to friend along north, south
end when no legal move: mover loses
"#;

fn load(text: &str) -> Arc<Game> {
    match pipeline::load_text("guards.game", text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

fn position(game: &Arc<Game>, diagram: &str) -> State {
    let cells = rulebook::render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, Player::FIRST)
}

#[test]
fn a_soldier_slides_only_from_beside_an_enemy_along_a_rank_or_file() {
    let game = load(GUARDS);
    // White (upper case) to move. The soldier on b2 has the black soldier on b3 just north:
    // it slides east to c2..f2, west to a2 and south to b1 (north, b3 stands in the way).
    // The soldier on e5 has the black soldier on f5 just east: west to d5..a5, north to e6,
    // south to e4..e1 (a slide lands on empty sites only, so not on f5). The soldier on d3
    // has an enemy only diagonally next to it (c4): it does not move.
    let mut state = position(
        &game,
        ". . . . . .
         . . . . S s
         . . s . . .
         . s . S . .
         . S . . . .
         . . . . . .",
    );
    let listed = legal(&mut state);
    assert_eq!(
        from(&listed, "b2"),
        set(&["b2-c2", "b2-d2", "b2-e2", "b2-f2", "b2-a2", "b2-b1"])
    );
    assert_eq!(
        from(&listed, "e5"),
        set(&["e5-d5", "e5-c5", "e5-b5", "e5-a5", "e5-e6", "e5-e4", "e5-e3", "e5-e2", "e5-e1"])
    );
    assert_eq!(
        from(&listed, "d3"),
        set(&[]),
        "a diagonal enemy is not beside it"
    );
}

#[test]
fn along_names_the_neighbours_looked_at_for_a_king() {
    let game = load(GUARDS);
    // White kings on c3 (a white soldier on c2, just south: it steps to b4, d4, b2, d2) and
    // on e3 (a white soldier on f3, east, not north or south: no move).
    let mut state = position(
        &game,
        ". . . . . .
         . . . . . .
         . . . . . .
         . . K . K S
         . . S . . .
         . . . . . .",
    );
    let listed = legal(&mut state);
    assert_eq!(
        from(&listed, "c3"),
        set(&["c3-b4", "c3-d4", "c3-b2", "c3-d2"])
    );
    assert_eq!(from(&listed, "e3"), set(&[]));
}

/// The moves of `mover` in `cells`, from the language reference alone: a soldier with an
/// enemy piece on a site orthogonally next to it slides along each orthogonal direction
/// over empty sites, landing on each; a king with a piece of its own just north or south
/// steps to an empty site diagonally next to it.
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let name = |x: i32, y: i32| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let at = |x: i32, y: i32| -> Option<Cell> {
        ((0..6).contains(&x) && (0..6).contains(&y)).then(|| cells[(y * 6 + x) as usize])
    };
    let owner = |c: Cell| game.tables.owner[c.index()];
    let kind = |c: Cell| game.about.piece_kinds[game.kind_of(c)].as_str();
    let mut moves = BTreeSet::new();
    for y in 0..6 {
        for x in 0..6 {
            let c = cells[(y * 6 + x) as usize];
            if c == EMPTY || owner(c) != mover {
                continue;
            }
            let holds = |dx: i32, dy: i32, friend: bool| {
                at(x + dx, y + dy).is_some_and(|n| n != EMPTY && (owner(n) == mover) == friend)
            };
            let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            if kind(c) == "soldier" && orthogonal.iter().any(|&(dx, dy)| holds(dx, dy, false)) {
                for (dx, dy) in orthogonal {
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while at(tx, ty) == Some(EMPTY) {
                        moves.insert(format!("{}-{}", name(x, y), name(tx, ty)));
                        (tx, ty) = (tx + dx, ty + dy);
                    }
                }
            }
            if kind(c) == "king" && (holds(0, 1, true) || holds(0, -1, true)) {
                for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if at(x + dx, y + dy) == Some(EMPTY) {
                        moves.insert(format!("{}-{}", name(x, y), name(x + dx, y + dy)));
                    }
                }
            }
        }
    }
    moves
}

#[test]
fn random_positions_agree_with_the_reference() {
    let game = load(GUARDS);
    let reference = |cells: &[Cell], mover| reference_moves(&game, cells, mover);
    let compared = random_positions_agree(&game, 20261205, 400, 4, reference);
    assert!(compared > 200, "{compared} positions compared");
}

#[test]
fn on_a_graph_board_next_to_looks_along_every_link() {
    // A wheel: the centre is linked to each of the twelve sites of the ring by a link of its
    // own, so a placement next to a piece (black on ring7, white on ring3) may go on the
    // centre as well as on the ring's sites beside either stone. A white stone on ring3
    // steps only while a black stone is linked to it: none is while the black stone stands
    // on ring7, one is when it stands on the centre.
    let game = load(
        r#"
game "Wheel"
players black, white
board graph ring 12 with centre
piece stone
setup black stone on ring7
setup white stone on ring3
move place stone next to piece when mover == black
move step all next to enemy when mover == white
end when no legal move: mover loses
"#,
    );
    let mut state = State::new(Arc::clone(&game));
    assert_eq!(
        legal(&mut state),
        set(&["centre", "ring2", "ring4", "ring6", "ring8"])
    );
    let text = "3W3B5 white";
    let mut state = rulebook::notation::parse_position(&game, text).expect("a position");
    assert_eq!(legal(&mut state), set(&[]), "no black stone beside ring3");
    let mut state = rulebook::notation::parse_position(&game, "B2W9 white").expect("a position");
    assert_eq!(
        legal(&mut state),
        set(&["ring3-ring2", "ring3-ring4"]),
        "the black stone on the centre is linked to ring3"
    );
}
