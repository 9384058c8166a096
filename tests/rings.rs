//! `ring(P, DIRECTIONS)`: a player's pieces enclosing a site (docs/language/functions.md,
//! "Rings"). Hand-built positions on a rhombus of hexagons (six round one cell, whatever
//! it holds, a larger loop, a loop closed by the board's edge, near misses), on a hexagon
//! of hexagons cut from one (`without`), and on square grids (`orthogonal` against `all`,
//! a hole in the board); then seeded random positions on those boards against two
//! references written here from the boards' geometry: a search from every site for a path
//! to the edge, and on hexagons the search for a loop that OpenSpiel's Havannah makes
//! (the player's pieces, never turning by more than a sixth of a turn, back to one of
//! them).

use std::sync::Arc;

use rulebook::engine::Outcome;
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::rows::position_text;
use crate::common::xorshift::XorShift;

/// A placement game on `board` that Red wins when `ring(red, DIRECTIONS)` holds.
fn game(board: &str, directions: &str) -> Arc<Game> {
    let text = format!(
        "game \"Rings\"\nplayers red, blue\n{board}\npiece stone\nmove place stone\n\
         end when ring(red, {directions}): red wins\n"
    );
    match pipeline::load_text("rings.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// Whether `ring(red, ...)` holds in the position drawn by `rows` (top rank first).
fn ring(game: &Arc<Game>, rows: &[&str]) -> bool {
    let text = position_text(rows, "blue");
    let state = notation::parse_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    state.outcome() == Some(Outcome::Win(Player::FIRST))
}

/// The steps (files, ranks) from a cell to its neighbours on a grid of hexagons: east,
/// west, north-east and south-west along the file, north-west, south-east.
const HEXAGON_STEPS: [(i64, i64); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)];
/// The orthogonal steps of a square grid.
const ORTHOGONAL_STEPS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The king steps of a square grid.
const KING_STEPS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

#[test]
fn six_round_one_cell_whatever_it_holds() {
    let g = game("board grid 7 by 7 of hexagons", "all");
    // d4's six: c4 and e4 (its rank), d5 and d3 (its file), c5 (north-west), e3
    // (south-east).
    let around = |centre: char| {
        let r5 = "..RR...".to_string();
        let r4 = format!("..R{centre}R..");
        let r3 = "...RR..".to_string();
        [r5, r4, r3]
    };
    for centre in ['.', 'R', 'B'] {
        let [r5, r4, r3] = around(centre);
        let rows = [".......", ".......", &r5, &r4, &r3, ".......", "......."];
        assert!(ring(&g, &rows), "round a cell holding {centre}");
    }
    // Five of the six, the sixth empty or Blue's: no ring.
    let near = [
        ".......", ".......", "..RR...", "..R.R..", "...R...", ".......", ".......",
    ];
    assert!(!ring(&g, &near));
    let near = [
        ".......", ".......", "..RR...", "..R.R..", "...RB..", ".......", ".......",
    ];
    assert!(!ring(&g, &near));
    // e5 and c3 in place of c5 and e3, which are no neighbours of d4: it goes out there.
    let other = [
        ".......", ".......", "...RR..", "..R.R..", "..RR...", ".......", ".......",
    ];
    assert!(!ring(&g, &other));
    // Blue's ring is not Red's.
    let blue = [
        ".......", ".......", "..BB...", "..B.B..", "...BB..", ".......", ".......",
    ];
    assert!(!ring(&g, &blue));
}

#[test]
fn a_larger_loop_and_solid_groups() {
    let g = game("board grid 7 by 7 of hexagons", "all");
    // Round d4 and e4 together (eight stones), one of them Blue's, the other empty.
    let two = [
        ".......", ".......", "..RRR..", "..RB.R.", "...RRR.", ".......", ".......",
    ];
    assert!(ring(&g, &two));
    // The same with a gap: a Blue stone in the loop.
    let gap = [
        ".......", ".......", "..RRR..", "..RB.B.", "...RRR.", ".......", ".......",
    ];
    assert!(!ring(&g, &gap));
    // A thick band two ranks high encloses nothing; a solid hexagon of seven does.
    let band = [
        ".......", ".......", ".......", "..RRRR.", ".RRRR..", ".......", ".......",
    ];
    assert!(!ring(&g, &band));
    let solid = [
        ".......", ".......", "..RR...", "..RRR..", "...RR..", ".......", ".......",
    ];
    assert!(ring(&g, &solid));
    // Three stones touching each other (a triangle) enclose nothing.
    let triangle = [
        ".......", ".......", "..R....", "..RR...", ".......", ".......", ".......",
    ];
    assert!(!ring(&g, &triangle));
}

#[test]
fn a_loop_closed_by_the_edge_is_no_ring() {
    let g = game("board grid 7 by 7 of hexagons", "all");
    // Half a ring round a4, on the west edge: a4's neighbours b4, a5, a3, b3.
    let west = [
        ".......", ".......", "R......", ".R.....", "RR.....", ".......", ".......",
    ];
    assert!(!ring(&g, &west));
    // Round the corner a1 (b1 and a2), and a wall across the board from side to side.
    let corner = [
        ".......", ".......", ".......", ".......", ".......", "R......", ".R.....",
    ];
    assert!(!ring(&g, &corner));
    let wall = [
        ".......", ".......", ".......", "RRRRRRR", ".......", ".......", ".......",
    ];
    assert!(!ring(&g, &wall));
    // Six round b3, a cell next to the edge but not on it: a ring.
    let inner = [
        ".......", ".......", ".......", "RR.....", "R.R....", ".RR....", ".......",
    ];
    assert!(ring(&g, &inner));
}

#[test]
fn a_hexagon_cut_from_a_rhombus_has_its_own_edge() {
    // The hexagon of side 4: the 7 x 7 rhombus without the cells within 2 steps of a1 and
    // of g7 (file and rank, from 0, adding up to at most 2 or at least 10). b3 is on its
    // edge there (next to the cut a3 and b2), though not on the rhombus's.
    let cut = "region cut = within(corner(south-west), 2) + within(corner(north-east), 2)\n\
               board grid 7 by 7 of hexagons without cut";
    let g = game(cut, "all");
    // b3's four neighbours on the board (a4, b4, c3, c2): no ring.
    let edge = [
        ".......", ".......", ".......", "RR.....", "..R....", "..R....", ".......",
    ];
    assert!(!ring(&g, &edge));
    // Round d3: c3, e3, d4, d2, c4, e2.
    let inner = [
        ".......", ".......", ".......", "..RR...", "..R.R..", "...RR..", ".......",
    ];
    assert!(ring(&g, &inner));
    // On the rhombus b3 has six neighbours: the four are no ring, the six are.
    let full = game("board grid 7 by 7 of hexagons", "all");
    assert!(!ring(&full, &edge));
    let six = [
        ".......", ".......", ".......", "RR.....", "R.R....", ".RR....", ".......",
    ];
    assert!(ring(&full, &six));
    // A stone on a cut cell is refused.
    let text = position_text(&six, "blue");
    assert!(notation::parse_position(&g, &text).is_err(), "a3 is cut");
}

#[test]
fn square_grids_read_their_directions() {
    let orthogonal = game("board grid 5 by 5", "orthogonal");
    let king = game("board grid 5 by 5", "all");
    // A diamond of four round c3: closed orthogonally, open to a king.
    let diamond = [".....", "..R..", ".R.R.", "..R..", "....."];
    assert!(ring(&orthogonal, &diamond));
    assert!(!ring(&king, &diamond));
    // Eight round c3: closed both ways.
    let eight = [".....", ".RRR.", ".R.R.", ".RRR.", "....."];
    assert!(ring(&orthogonal, &eight));
    assert!(ring(&king, &eight));
    // One direction stands for both ways: `east` walls a rank off as `east, west` does.
    let east = game("board grid 5 by 5", "east");
    assert!(ring(&east, &[".....", ".....", ".R.R.", ".....", "....."]));
    assert!(!ring(&east, &[".....", ".....", "...R.", ".....", "....."]));
    // Eight round a hole in the board: the sites next to it are its edge.
    let holed = game("board grid 5 by 5 without c3", "all");
    assert!(!ring(&holed, &eight));
}

/// A board for the random positions: its width and height, which of its cells are
/// sites, and the steps that link them.
struct Shape {
    w: usize,
    h: usize,
    on: Vec<bool>,
    steps: &'static [(i64, i64)],
}

impl Shape {
    fn new(
        w: usize,
        h: usize,
        steps: &'static [(i64, i64)],
        on: impl Fn(usize, usize) -> bool,
    ) -> Shape {
        let on = (0..w * h).map(|s| on(s % w, s / w)).collect();
        Shape { w, h, on, steps }
    }

    /// The sites one step from site `s`.
    fn around(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let (f, r) = ((s % self.w) as i64, (s / self.w) as i64);
        self.steps.iter().filter_map(move |&(df, dr)| {
            let (nf, nr) = (f + df, r + dr);
            let inside = nf >= 0 && nr >= 0 && nf < self.w as i64 && nr < self.h as i64;
            let n = (nr * self.w as i64 + nf) as usize;
            (inside && self.on[n]).then_some(n)
        })
    }

    /// Whether `s` lacks a neighbour along a step.
    fn on_edge(&self, s: usize) -> bool {
        self.around(s).count() < self.steps.len()
    }
}

/// The reference: whether some site cannot reach the edge but through another site of
/// `red` (a search from each site in turn).
fn encloses(shape: &Shape, red: &[bool]) -> bool {
    (0..red.len()).filter(|&c| shape.on[c]).any(|c| {
        let mut seen = vec![false; red.len()];
        let mut todo = vec![c];
        seen[c] = true;
        while let Some(s) = todo.pop() {
            if shape.on_edge(s) {
                return false;
            }
            for n in shape.around(s) {
                if !seen[n] && !red[n] {
                    seen[n] = true;
                    todo.push(n);
                }
            }
        }
        true
    })
}

/// The second reference, on hexagons: OpenSpiel's Havannah ring search from every red
/// stone. A path of red stones that turns by at most one direction at each stone (the six
/// directions taken in turn round the cell) and comes back to a stone already on it.
fn loops(shape: &Shape, red: &[bool]) -> bool {
    // The six directions in turn round a cell.
    const ROUND: [(i64, i64); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    fn search(shape: &Shape, red: &[bool], path: &mut Vec<usize>, turns: [usize; 3]) -> bool {
        let s = *path.last().expect("a stone");
        let (f, r) = ((s % shape.w) as i64, (s / shape.w) as i64);
        for dir in turns {
            let (nf, nr) = (f + ROUND[dir].0, r + ROUND[dir].1);
            if nf < 0 || nr < 0 || nf >= shape.w as i64 || nr >= shape.h as i64 {
                continue;
            }
            let n = (nr * shape.w as i64 + nf) as usize;
            if !shape.on[n] || !red[n] {
                continue;
            }
            if path.contains(&n) {
                return true;
            }
            path.push(n);
            let found = search(shape, red, path, [(dir + 5) % 6, dir, (dir + 1) % 6]);
            path.pop();
            if found {
                return true;
            }
        }
        false
    }
    (0..red.len())
        .filter(|&s| red[s])
        .any(|s| (0..6).any(|dir| search(shape, red, &mut vec![s], [dir, dir, dir])))
}

#[test]
fn random_positions_agree_with_the_references() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let hexagon = "region cut = within(corner(south-west), 3) + within(corner(north-east), 3)\n\
                   board grid 9 by 9 of hexagons without cut";
    let boards: [(&str, &str, Shape); 6] = [
        (
            "board grid 7 by 7 of hexagons",
            "all",
            Shape::new(7, 7, &HEXAGON_STEPS, |_, _| true),
        ),
        (
            "board grid 11 by 6 of hexagons",
            "all",
            Shape::new(11, 6, &HEXAGON_STEPS, |_, _| true),
        ),
        // The hexagon of side 5: a cell is cut within 3 steps of a1 or of i9.
        (
            hexagon,
            "all",
            Shape::new(9, 9, &HEXAGON_STEPS, |f, r| f + r > 3 && f + r < 13),
        ),
        (
            "board grid 9 by 8",
            "orthogonal",
            Shape::new(9, 8, &ORTHOGONAL_STEPS, |_, _| true),
        ),
        (
            "board grid 9 by 8",
            "all",
            Shape::new(9, 8, &KING_STEPS, |_, _| true),
        ),
        (
            "board grid 12 by 12 without f6 + g7",
            "all",
            Shape::new(12, 12, &KING_STEPS, |f, r| {
                (f, r) != (5, 5) && (f, r) != (6, 6)
            }),
        ),
    ];
    let mut rings = 0;
    let mut none = 0;
    for (board, dirs, shape) in &boards {
        let g = game(board, dirs);
        for round in 0..150 {
            // Red on 10% to 60% of the sites, the rest Blue's or empty.
            let cells = rng.cells(shape.w * shape.h, 10 + round % 51);
            let red: Vec<bool> = (0..cells.len())
                .map(|s| shape.on[s] && cells[s] == 1)
                .collect();
            let rows: Vec<String> = (0..shape.h)
                .rev()
                .map(|r| {
                    (0..shape.w)
                        .map(
                            |f| match (shape.on[r * shape.w + f], cells[r * shape.w + f]) {
                                (true, 1) => 'R',
                                (true, 2) => 'B',
                                _ => '.',
                            },
                        )
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let expected = encloses(shape, &red);
            assert_eq!(ring(&g, &rows), expected, "{board}, {dirs}: {rows:?}");
            if shape.steps.len() == 6 {
                assert_eq!(loops(shape, &red), expected, "the loop search: {rows:?}");
            }
            if expected {
                rings += 1;
            } else {
                none += 1;
            }
        }
    }
    assert!(rings > 150 && none > 150, "{rings} rings, {none} without");
}
