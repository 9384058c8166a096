//! Boards of hexagons cut to a shape (`board hexagon|triangle|star SIDE of hexagons`,
//! docs/language/board.md, "`board`: the board"): for every side each shape allows, the
//! cells the board keeps against the shape described here in cube coordinates (a hexagon:
//! the cells at most `SIDE - 1` steps from the centre; a star: the cells of either of two
//! triangles laid across each other), their links, the counts the docs give, `without`
//! on a shape, the regions the docs name for its sides and corners, `rulebook show`'s
//! line, pictures, and the refusals.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, NO_SITE};
use rulebook::pipeline;

/// A placement game on `board`, with `extra` statements after it.
fn load(board: &str, extra: &str) -> Result<Arc<Game>, String> {
    let text = format!(
        "game \"Shapes\"\nplayers red, blue\n{board}\n{extra}\npiece stone\n\
         move place stone\nend when no legal move: draw\n"
    );
    pipeline::load_text("shapes.game", &text, None, &[]).map_err(|e| e.render(false))
}

fn game(board: &str) -> Arc<Game> {
    load(board, "").unwrap_or_else(|e| panic!("{board}:\n{e}"))
}

/// The cells of the board as (file, rank) from 0.
fn cells(game: &Game) -> BTreeSet<(i32, i32)> {
    let b = &game.board;
    let removed: BTreeSet<usize> = b.removed_points().map(|s| s.index()).collect();
    (0..b.sites())
        .filter(|i| !removed.contains(i))
        .map(|i| ((i % b.width as usize) as i32, (i / b.width as usize) as i32))
        .collect()
}

/// The cube coordinates of the cell at (file, rank), the rhombus's centre at the origin
/// (the rhombus `n` a side, `n` odd).
fn cube(n: i32, (f, r): (i32, i32)) -> (i32, i32, i32) {
    let (x, y) = (f - (n - 1) / 2, r - (n - 1) / 2);
    (x, y, -x - y)
}

/// The rhombus `n` a side, as (file, rank) from 0.
fn rhombus(n: i32) -> impl Iterator<Item = (i32, i32)> {
    (0..n).flat_map(move |r| (0..n).map(move |f| (f, r)))
}

/// The hexagon of `side` cells a side: the cells at most `side - 1` steps from the centre.
fn hexagon(side: i32) -> BTreeSet<(i32, i32)> {
    let n = 2 * side - 1;
    rhombus(n)
        .filter(|&c| {
            let (x, y, z) = cube(n, c);
            x.abs().max(y.abs()).max(z.abs()) < side
        })
        .collect()
}

/// The star of points `side` rows deep: the cells of the triangle with every cube
/// coordinate at least `-side` and of the one with every coordinate at most `side`.
fn star(side: i32) -> BTreeSet<(i32, i32)> {
    let n = 4 * side + 1;
    rhombus(n)
        .filter(|&c| {
            let (x, y, z) = cube(n, c);
            x.min(y).min(z) >= -side || x.max(y).max(z) <= side
        })
        .collect()
}

/// The triangle of `side` cells a side standing on rank 1 with `a1` its west corner.
fn triangle(side: i32) -> BTreeSet<(i32, i32)> {
    rhombus(side).filter(|&(f, r)| f + r < side).collect()
}

/// The six steps of a grid of hexagons, (files, ranks).
const STEPS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)];

/// Checks the board's cells against `expected` and each cell's links against the
/// neighbours `expected` holds.
fn assert_board(game: &Game, expected: &BTreeSet<(i32, i32)>, what: &str) {
    assert_eq!(&cells(game), expected, "{what}");
    let b = &game.board;
    let w = b.width as i32;
    for &(f, r) in expected {
        let site = b.site_named(&format!("{}{}", (b'a' + f as u8) as char, r + 1));
        let site = site.unwrap_or_else(|| panic!("{what}: a cell at {f},{r}"));
        let linked: BTreeSet<(i32, i32)> = (0..8)
            .map(|d| b.step(site, d))
            .filter(|&s| s != NO_SITE)
            .map(|s| (s.index() as i32 % w, s.index() as i32 / w))
            .collect();
        let around: BTreeSet<(i32, i32)> = (STEPS.iter())
            .map(|(df, dr)| (f + df, r + dr))
            .filter(|c| expected.contains(c))
            .collect();
        assert_eq!(linked, around, "{what}: the links of {f},{r}");
    }
}

#[test]
fn every_shape_of_every_side_has_the_cells_and_links_of_its_geometry() {
    for side in 1..=13 {
        let g = game(&format!("board hexagon {side} of hexagons"));
        assert_board(&g, &hexagon(side), &format!("hexagon {side}"));
        assert_eq!(cells(&g).len() as i32, 3 * side * (side - 1) + 1);
    }
    for side in 1..=26 {
        let g = game(&format!("board triangle {side} of hexagons"));
        assert_board(&g, &triangle(side), &format!("triangle {side}"));
        assert_eq!(cells(&g).len() as i32, side * (side + 1) / 2);
    }
    for side in 1..=6 {
        let g = game(&format!("board star {side} of hexagons"));
        assert_board(&g, &star(side), &format!("star {side}"));
        // A hexagon of side + 1 and six points of side * (side + 1) / 2 cells.
        assert_eq!(cells(&g).len() as i32, 6 * side * (side + 1) + 1);
    }
}

#[test]
fn the_counts_the_docs_give() {
    let count = |board: &str| cells(&game(board)).len();
    assert_eq!(count("board hexagon 8 of hexagons"), 169);
    assert_eq!(count("board triangle 19 of hexagons"), 190);
    assert_eq!(count("board star 4 of hexagons"), 121);
    let g = game("board star 4 of hexagons");
    assert_eq!((g.board.width, g.board.height), (17, 17));
}

/// The names of the cells of `region` on `board`, sorted.
fn region(board: &str, region: &str) -> Vec<String> {
    let g = load(board, &format!("region r = {region}\nsetup red stone on r"))
        .unwrap_or_else(|e| panic!("{region}:\n{e}"));
    let state = State::new(g.clone());
    let mut names: Vec<String> = (0..g.board.sites())
        .filter(|&i| !state.cell(rulebook::model::Site::at(i)).is_empty())
        .map(|i| g.board.site_names[i].clone())
        .collect();
    names.sort();
    names
}

#[test]
fn the_sides_and_corners_the_docs_name() {
    let hexagon = "board hexagon 3 of hexagons";
    // The rhombus 5 a side; the hexagon's six sides, three cells each.
    for (side, cells) in [
        ("side(south)", ["c1", "d1", "e1"]),
        ("side(north)", ["a5", "b5", "c5"]),
        ("side(west)", ["a3", "a4", "a5"]),
        ("side(east)", ["e1", "e2", "e3"]),
        ("antidiagonal(3)", ["a3", "b2", "c1"]),
        ("antidiagonal(7)", ["c5", "d4", "e3"]),
    ] {
        assert_eq!(region(hexagon, side), cells, "{side}");
    }
    let corners = "corner(north-west) + corner(south-east) + side(north) * file(3) \
                   + side(east) * rank(3) + side(south) * file(3) + side(west) * rank(3)";
    assert_eq!(
        region(hexagon, corners),
        ["a3", "a5", "c1", "c5", "e1", "e3"]
    );
    let triangle = "board triangle 3 of hexagons";
    assert_eq!(region(triangle, "side(south)"), ["a1", "b1", "c1"]);
    assert_eq!(region(triangle, "side(west)"), ["a1", "a2", "a3"]);
    assert_eq!(region(triangle, "antidiagonal(3)"), ["a3", "b2", "c1"]);
    assert_eq!(
        region(triangle, "all"),
        ["a1", "a2", "a3", "b1", "b2", "c1"]
    );
    let star = "board star 1 of hexagons";
    // The hexagon of side 2 round c3 and a cell on each of its sides.
    assert_eq!(region(star, "rank(1)"), ["d1"]);
    assert_eq!(region(star, "rank(5)"), ["b5"]);
    assert_eq!(region(star, "file(1)"), ["a4"]);
    assert_eq!(region(star, "file(5)"), ["e2"]);
    assert_eq!(region(star, "within(corner(south-west), 2)"), ["b2"]);
    assert_eq!(region(star, "within(corner(north-east), 2)"), ["d4"]);
}

#[test]
fn a_shape_takes_a_without_of_its_own_and_a_parameter_for_its_side() {
    let g = game("board hexagon 3 of hexagons without centre");
    let mut expected = hexagon(3);
    expected.remove(&(2, 2));
    assert_board(&g, &expected, "hexagon 3 without its centre");
    let summary = rulebook::render::summary(&g);
    assert!(
        summary.contains("board: hexagon 3 of hexagons (18 hexagons, on a grid 5 x 5)"),
        "{summary}"
    );
    // Only the cell the file takes off is listed, not those outside the hexagon.
    assert!(summary.contains("  without: c3\n"), "{summary}");
    let text = "game \"Shapes\"\nplayers red, blue\nparameter size: 2..9 = 4\n\
                board triangle size of hexagons\npiece stone\nmove place stone\n\
                end when no legal move: draw\n";
    let sized = |set: &[&str]| {
        let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let g = pipeline::load_text("shapes.game", text, None, &set)
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let mut moves = MoveList::new();
        State::new(g).legal_moves(&mut moves);
        moves.len()
    };
    assert_eq!(sized(&[]), 10);
    assert_eq!(sized(&["size=7"]), 28);
}

#[test]
fn the_picture_draws_only_the_cells_of_the_shape() {
    for (board, cells) in [
        ("board hexagon 3 of hexagons", 19),
        ("board triangle 4 of hexagons", 10),
        ("board star 2 of hexagons", 37),
    ] {
        let svg = rulebook::render::position_svg(&State::new(game(board)));
        assert_eq!(svg.matches("<polygon").count(), cells, "{board}\n{svg}");
    }
    // A rank's number sits beside its first cell: on the hexagon of side 3, rank 1 begins
    // at c1 (its number east of the letter `b`, which is under the rhombus's b1), rank 2 at
    // b2 (east of `a`), rank 3 at a3 (west of `b`).
    let svg = rulebook::render::position_svg(&State::new(game("board hexagon 3 of hexagons")));
    let x_of = |label: &str| -> f64 {
        let end = svg.find(&format!(">{label}</text>")).expect(label);
        let start = svg[..end].rfind("<text x=\"").expect("a text") + 9;
        let value = &svg[start..];
        value[..value.find('"').unwrap()].parse().unwrap()
    };
    assert!(x_of("1") > x_of("b"), "{svg}");
    assert!(x_of("2") > x_of("a"), "{svg}");
    assert!(x_of("3") < x_of("b"), "{svg}");
}

#[test]
fn a_side_out_of_range_or_a_shape_of_squares_is_refused() {
    for (board, message) in [
        (
            "board hexagon 14 of hexagons",
            "the number of cells a side of a hexagon would be 14; it must be between 1 and 13",
        ),
        (
            "board star 0 of hexagons",
            "the number of cells a side of a star would be 0; it must be between 1 and 6",
        ),
        (
            "board triangle 27 of hexagons",
            "the number of cells a side of a triangle would be 27; it must be between 1 and 26",
        ),
        ("board star 4 of squares", "expected `hexagons`"),
        ("board triangle 4", "expected `of`"),
    ] {
        let error = load(board, "").err().unwrap_or_default();
        assert!(error.contains(message), "{board}:\n{error}");
    }
}
