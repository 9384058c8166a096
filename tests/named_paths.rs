//! Named paths (`path NAME: ...`) and the moves that follow them (`move slide along PATH
//! [through loop]`), apart from Surakarta's (tests/surakarta.rs): an open path walked both
//! ways to its ends, landings on empty points, a loop in the middle of an open path, the
//! test of a piece attacked (`forbid leaving attacked(...)`) through such a move, and what
//! `rulebook show` writes of them.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::{Game, Player};
use rulebook::{pipeline, render};

use crate::common::move_texts::{from, legal, set};

fn load(text: &str) -> Arc<Game> {
    pipeline::load_text("paths.game", text, None, &[])
        .unwrap_or_else(|e| panic!("the test game loads:\n{}", e.render(false)))
}

/// The legal moves from `site` of the position `diagram` (rank 3 first) of `game`, black to
/// move.
fn moves_from(game: &Arc<Game>, diagram: &str, site: &str) -> BTreeSet<String> {
    let cells = render::parse_diagram(game, diagram).expect("a valid diagram");
    let mut state = State::with_cells(Arc::clone(game), cells, Player::FIRST);
    from(&legal(&mut state), site)
}

/// A game of one move along `path`, with `clauses`, on a board of 5 by 3.
fn along(path: &str, clauses: &str) -> Arc<Game> {
    load(&format!(
        "game \"Paths\"\nplayers black, white\nboard grid 5 by 3\npiece stone\n{path}\n\
         setup black stone on a1\nsetup white stone on e3\nmove slide along line {clauses}\n\
         end when no legal move: mover loses\n"
    ))
}

#[test]
fn an_open_path_is_walked_both_ways_to_its_ends() {
    // a1 b1 c1 d1 e1, open: from c1 both ways over empty points; from a1 one way.
    let g = along("path line: a1, b1, c1, d1, e1", "");
    let diagram = "
        . . . . W
        . . . . .
        . . B . .";
    let expected = set(&["c1-a1", "c1-b1", "c1-d1", "c1-e1"]);
    assert_eq!(moves_from(&g, diagram, "c1"), expected);
    let corner = "
        . . . . W
        . . . . .
        B . . . .";
    assert_eq!(
        moves_from(&g, corner, "a1"),
        set(&["a1-b1", "a1-c1", "a1-d1", "a1-e1"])
    );
    // A piece on the way stops it; onto an enemy piece it is taken with `onto empty or
    // enemy`, not without.
    let blocked = "
        . . . . W
        . . . . .
        B . . W .";
    assert_eq!(moves_from(&g, blocked, "a1"), set(&["a1-b1", "a1-c1"]));
    let g = along("path line: a1, b1, c1, d1, e1", "onto empty or enemy");
    assert_eq!(
        moves_from(&g, blocked, "a1"),
        set(&["a1-b1", "a1-c1", "a1-d1"])
    );
}

#[test]
fn a_loop_in_the_middle_of_an_open_path_counts_for_through_loop() {
    // a1, b1, then a loop to b3, c3: through a loop, only b3 and c3 are landings.
    let g = along("path line: a1, b1, loop, b3, c3", "through loop");
    let diagram = "
        . . . . W
        . . . . .
        B . . . .";
    assert_eq!(moves_from(&g, diagram, "a1"), set(&["a1-b3", "a1-c3"]));
    // From c3 back the other way: b3, then the loop, b1 and a1.
    let back = "
        . . B . W
        . . . . .
        . . . . .";
    assert_eq!(moves_from(&g, back, "c3"), set(&["c3-b1", "c3-a1"]));
}

/// A king that may not be left where a rook's move along the ring could take it.
const GUARDED: &str = "game \"Guarded\"
players black, white
board grid 5 by 3
piece king, rook
path ring: a1, b1, c1, d1, e1, loop, e3, d3, c3, b3, a3, loop, closed
setup black king on c2
setup white rook on a3
move step orthogonal by king
move slide along ring through loop onto enemy by rook
forbid leaving attacked(mover, king)
end when no legal move: mover loses
";

#[test]
fn a_piece_is_attacked_through_a_move_along_a_path() {
    let g = load(GUARDED);
    // The white rook on a3 reaches c1 through the loop to a1 and c3 through both loops (but
    // not straight along rank 3, without a loop): the king may go only to b2 and d2.
    let open = "
        r . . . .
        . . K . .
        . . . . .";
    assert_eq!(moves_from(&g, open, "c2"), set(&["c2-b2", "c2-d2"]));
    // With a black rook on d1, the way through the first loop ends there: c3 is safe (and
    // the black rook takes a3 either way round, one move).
    let guarded = "
        r . . . .
        . . K . .
        . . . R .";
    assert_eq!(
        moves_from(&g, guarded, "c2"),
        set(&["c2-b2", "c2-d2", "c2-c3"])
    );
    assert!(moves_from(&g, guarded, "d1").contains("d1-a3"));
}

#[test]
fn show_writes_the_paths_and_the_walk() {
    let text = render::summary(&load(GUARDED));
    assert!(
        text.contains("path ring: 10 points, closed, 2 loops"),
        "{text}"
    );
    assert!(
        text.contains("along path ring either way, past a loop at least, to any point"),
        "{text}"
    );
}
