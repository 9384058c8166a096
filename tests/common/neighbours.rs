//! The sites next to a site, by name, for the tests of boards (which cells of a grid of
//! hexagons touch).

use std::collections::BTreeSet;

use rulebook::model::Game;

/// The names of the sites one step from `site` along the board's directions.
pub fn touching(game: &Game, site: &str) -> BTreeSet<String> {
    let b = &game.board;
    let at = b.site_named(site).expect("a site of the board");
    (0..b.directions() as u8)
        .map(|d| b.step(at, d))
        .filter(|s| !s.is_none())
        .map(|s| b.site_names[s.index()].clone())
        .collect()
}

/// A set of names, as [`touching`] gives them.
pub fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}
