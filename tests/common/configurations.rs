//! Every bundled game under its default configuration and under each of its presets, for
//! the tests that run over all of them (and for `tests/allocations.rs`, its own binary,
//! which includes this file alone).

use std::sync::Arc;

use rulebook::catalog::BUNDLED;
use rulebook::model::Game;
use rulebook::pipeline;

/// Every bundled game under its default configuration and under each of its presets, with
/// its name as `rulebook` takes it (`ming-mang --preset 8x8`).
pub fn configurations() -> Vec<(String, Arc<Game>)> {
    let mut out = Vec::new();
    for b in BUNDLED {
        let described = pipeline::describe(pipeline::read_source(b.name).unwrap()).unwrap();
        out.push((
            b.name.to_string(),
            pipeline::build(&described, None, &[]).unwrap(),
        ));
        for p in &described.description.settings.presets {
            let game = pipeline::build(&described, Some(&p.name), &[]).unwrap();
            out.push((format!("{} --preset {}", b.name, p.name), game));
        }
    }
    out
}
