//! Helpers shared by the modules of the test suite (`tests/main.rs`), reached as
//! `crate::common::NAME`: the independent reference implementations of the games the tests
//! cross-check the engine against, the checks shared by the tests of several references,
//! the readers of the data files (perft files, positions drawn as rows), and the one way
//! to run the `rulebook` binary (`bin`).

pub mod ayoayo_reference;
pub mod bin;
pub mod brandubh_reference;
pub mod configurations;
pub mod deadline;
pub mod draughts_reference;
pub mod fanorona_reference;
pub mod fixtures;
pub mod flying_checks;
pub mod flying_draughts_reference;
pub mod go_reference;
pub mod grid_checks;
pub mod hasami_reference;
pub mod kalah_reference;
pub mod konane_reference;
pub mod mangala_reference;
pub mod move_texts;
pub mod mu_torere_reference;
pub mod neighbours;
pub mod othello_reference;
pub mod oware_reference;
pub mod perft_file;
pub mod picks;
pub mod records;
pub mod reference;
pub mod rows;
pub mod sowing_checks;
#[cfg(unix)]
pub mod special_files;
pub mod toguz_kumalak_reference;
pub mod xorshift;

/// The invariants the fuzz targets check (`fuzz/src/lib.rs`, a crate of its own workspace,
/// so included by path), held by `properties.rs` on deterministic inputs.
#[path = "../../fuzz/src/lib.rs"]
pub mod invariants;

/// The text of bundled Go without its capture of groups: a board of placements scored by
/// area, which the alpha-beta search plays (Go itself is the tree search's).
pub fn go_without_capture() -> String {
    let rules = std::fs::read_to_string("games/go.game").expect("games/go.game is readable");
    let capture = "after move capture groups without liberties orthogonal remove";
    assert!(rules.contains(capture), "Go's capture rule as written");
    rules
        .lines()
        .filter(|l| !l.starts_with(capture))
        .map(|l| format!("{l}\n"))
        .collect()
}
