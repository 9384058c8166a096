//! Regions in expressions: a point by name, the checkerboard's colours, the intersection
//! `*`, the diagonals by number and the sites `within` a distance, checked through the
//! sites a `setup` fills (drawn as the board).

use rulebook::engine::State;
use rulebook::model::Player;
use rulebook::{pipeline, render};

/// The board after a setup of black stones on `region` on a 4 x 4 grid, top rank first.
fn filled(region: &str) -> String {
    filled_on(4, 4, region)
}

/// [`filled`] on a `w` x `h` grid.
fn filled_on(w: usize, h: usize, region: &str) -> String {
    let text = format!(
        "game \"Regions\"\nplayers black, white\nboard grid {w} by {h}\npiece stone\n\
         setup black stone on {region}\nmove step all\nend when no legal move: mover loses\n"
    );
    let game = match pipeline::load_text("regions.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("`{region}` loads:\n{}", e.render(false)),
    };
    let state = State::new(game);
    render::board_text(&state)
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .take(w)
                .collect::<Vec<_>>()
                .join("")
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn a_point_by_name_is_that_one_site() {
    assert_eq!(filled("d2"), "..../..../...B/....");
    assert_eq!(filled("a1 + c4"), "..B./..../..../B...");
}

#[test]
fn dark_squares_include_a1_and_light_ones_its_neighbours() {
    assert_eq!(filled("dark"), ".B.B/B.B./.B.B/B.B.");
    assert_eq!(filled("light"), "B.B./.B.B/B.B./.B.B");
    assert_eq!(filled("dark + light"), filled("all"));
}

#[test]
fn star_keeps_the_sites_in_both_regions() {
    assert_eq!(
        filled("side(north) * side(east)"),
        filled("corner(north-east)")
    );
    assert_eq!(filled("file(3) * rank(2)"), filled("c2"));
    assert_eq!(
        filled("dark * (rank(1) + rank(2)) + d4"),
        "...B/..../.B.B/B.B."
    );
    // `*` binds tighter than `+`.
    assert_eq!(filled("d4 + rank(1) * file(1)"), filled("d4 + a1"));
}

/// The board text a predicate on (file, rank), both from 0, fills on a `w` x `h` grid.
fn naive(w: usize, h: usize, inside: &dyn Fn(i64, i64) -> bool) -> String {
    (0..h)
        .rev()
        .map(|r| {
            (0..w)
                .map(|f| match inside(f as i64, r as i64) {
                    true => 'B',
                    false => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn diagonals_are_numbered_from_the_north_west_corner_and_antidiagonals_from_a1() {
    // On a square board the long diagonal a1-d4 and the long antidiagonal a4-d1 are
    // both number 4 (the side).
    assert_eq!(filled("diagonal(4)"), "...B/..B./.B../B...");
    assert_eq!(filled("antidiagonal(4)"), "B.../.B../..B./...B");
    assert_eq!(filled("diagonal(1)"), filled("a4"));
    assert_eq!(filled("diagonal(7)"), filled("d1"));
    assert_eq!(filled("antidiagonal(1)"), filled("a1"));
    assert_eq!(filled("antidiagonal(7)"), filled("d4"));
    assert_eq!(
        filled("diagonal(4) + antidiagonal(4)"),
        "B..B/.BB./.BB./B..B"
    );
    // 5 x 3: diagonal(3) (the height) starts at a1; antidiagonal(3) ends at c1.
    assert_eq!(filled_on(5, 3, "diagonal(3)"), "..B../.B.../B....");
    assert_eq!(filled_on(5, 3, "antidiagonal(3)"), "B..../.B.../..B..");
    // Every number against its definition, on boards of several shapes.
    for (w, h) in [(4, 4), (5, 3), (2, 7), (1, 1), (26, 3)] {
        let (wi, hi) = (w as i64, h as i64);
        for n in 1..(wi + hi) {
            assert_eq!(
                filled_on(w, h, &format!("diagonal({n})")),
                naive(w, h, &|f, r| f - r == n - hi),
                "diagonal({n}) on {w} x {h}"
            );
            assert_eq!(
                filled_on(w, h, &format!("antidiagonal({n})")),
                naive(w, h, &|f, r| f + r == n - 1),
                "antidiagonal({n}) on {w} x {h}"
            );
        }
    }
}

#[test]
fn within_is_the_sites_at_most_that_many_king_steps_away() {
    assert_eq!(filled("within(b2, 1)"), "..../BBB./BBB./BBB.");
    assert_eq!(filled("within(b2, 1) - b2"), "..../BBB./B.B./BBB.");
    assert_eq!(filled("within(a1, 0)"), filled("a1"));
    assert_eq!(filled("within(a1, 25)"), filled("all"));
    assert_eq!(filled("within(corners, 1)"), "BBBB/BBBB/BBBB/BBBB");
    assert_eq!(filled("within(a1 + d4, 1)"), "..BB/..BB/BB../BB..");
    // Against its definition, from regions of several shapes.
    let (w, h) = (7, 6);
    for (region, sites) in [
        ("c3", vec![(2, 2)]),
        ("rank(1)", (0..7).map(|f| (f, 0)).collect()),
        ("a6 + g1", vec![(0, 5), (6, 0)]),
        ("diagonal(6)", (0..6).map(|r| (r, r)).collect()),
    ] {
        for n in 0..4 {
            let near = |f: i64, r: i64| {
                sites
                    .iter()
                    .any(|&(sf, sr)| (f - sf).abs().max((r - sr).abs()) <= n)
            };
            assert_eq!(
                filled_on(w, h, &format!("within({region}, {n})")),
                naive(w, h, &near),
                "within({region}, {n})"
            );
        }
    }
}

/// The errors of a setup on `region` on a 4 x 4 grid, rendered.
fn refused(region: &str) -> String {
    let text = format!(
        "game \"Regions\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
         setup black stone on {region}\nmove step all\nend when no legal move: mover loses\n"
    );
    match pipeline::load_text("regions.game", &text, None, &[]) {
        Ok(_) => panic!("`{region}` should be refused"),
        Err(e) => e.render(false),
    }
}

#[test]
fn diagonals_off_the_board_and_bad_distances_are_refused() {
    assert!(refused("diagonal(0)").contains("diagonal 0 is off the board (1..7)"));
    assert!(refused("antidiagonal(8)").contains("antidiagonal 8 is off the board (1..7)"));
    assert!(refused("within(a1, -1)").contains("it must be at least 0"));
    assert!(refused("within(a1)").contains("`within` takes a region and a distance; 1 given"));
    assert!(refused("within(1, a1)").contains("the first argument of `within`"));
}

/// A named region (`region NAME = REGION`) stands for its expression wherever it is used:
/// Fox and Geese written with `holes` and `pen` is the same game as written with the
/// expressions inline (same start, same perft), and its first plies are counted by hand:
/// seven geese on rank 3 can step north, then the fox has four moves after each (three
/// steps and, after d3-d4, the jump over d4).
#[test]
fn a_named_region_stands_for_its_expression() {
    let path = "tests/fixtures/valid/fox-and-geese.game";
    let named = pipeline::load(path, None, &[]).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let holes = "within(corner(south-west), 1) + within(corner(south-east), 1)\n  \
                 + within(corner(north-west), 1) + within(corner(north-east), 1)";
    let inline: String = text
        .lines()
        .filter(|l| !l.starts_with("region") && !l.starts_with("  +") && !l.starts_with("//"))
        .map(|l| {
            l.replace(
                "on pen",
                &format!("on rank(1) + rank(2) + rank(3) - ({holes})"),
            )
            .replace("holes", &format!("({holes})"))
                + "\n"
        })
        .collect();
    assert!(!inline.contains("region"), "{inline}");
    let inline = pipeline::load_text("inline.game", &inline, None, &[]).unwrap();
    let (a, b) = (State::new(named), State::new(inline));
    assert_eq!(render::board_text(&a), render::board_text(&b));
    assert_eq!(a.pieces(Player::FIRST), 13);
    let counts = |s: &State| rulebook::analysis::perft(&mut s.clone(), 4);
    assert_eq!(counts(&a), counts(&b));
    assert_eq!(&counts(&a)[..2], [7, 28]);
}
