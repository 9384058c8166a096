//! The games the tests that compare routines with walks run over: every bundled game and
//! preset, then the valid fixtures.

use std::sync::Arc;

use rulebook::model::Game;
use rulebook::pipeline;

use super::configurations::configurations;

/// [`configurations`], then every valid fixture (`tests/fixtures/valid/*.game`, in name
/// order) that loads, by its path.
pub fn configurations_and_fixtures() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations();
    let mut fixtures: Vec<_> = std::fs::read_dir("tests/fixtures/valid")
        .expect("the fixtures are readable")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    fixtures.sort();
    for path in fixtures {
        let name = path.display().to_string();
        if let Ok(game) = pipeline::load(&name, None, &[]) {
            out.push((name, game));
        }
    }
    out
}
