//! Regions in expressions: a point by name, the checkerboard's colours and the
//! intersection `*`, checked through the sites a `setup` fills (drawn as the board).

use rulebook::engine::State;
use rulebook::{pipeline, render};

/// The board after a setup of black stones on `region` on a 4 x 4 grid, top rank first.
fn filled(region: &str) -> String {
    let text = format!(
        "game \"Regions\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
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
                .take(4)
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
