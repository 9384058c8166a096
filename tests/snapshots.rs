//! The behaviour snapshots of the bundled games: every `games/*.game` has a
//! `games/*.snapshot` beside it (compiled summary, start position, perft counts and a
//! seeded golden game, for the default configuration and every preset), and the game
//! behaves as recorded there. These files are the one record of the bundled games'
//! behaviour: `rulebook test games` checks the same files, and
//! `rulebook test --update games` accepts an intended change (review `git diff games`).

use std::path::{Path, PathBuf};

use rulebook::authoring::snapshot::{check, rule_path, snapshot_path, Verdict};
use rulebook::pipeline::{describe, read_source};

fn files_with_extension(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the folder exists")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

#[test]
fn bundled_games_behave_as_recorded() {
    let games = files_with_extension("games", "game");
    assert!(games.len() >= 3, "the bundled games are missing: {games:?}");
    let mut problems = Vec::new();
    for game in &games {
        let source =
            read_source(&game.to_string_lossy()).unwrap_or_else(|e| panic!("{}", e.render(false)));
        let described = describe(source).unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert!(
            described.warnings.is_empty(),
            "{} has warnings:\n{}",
            game.display(),
            described.sources.render(&described.warnings, false)
        );
        match check(&snapshot_path(game), false) {
            Ok(Verdict::Same) => {}
            Ok(Verdict::Drifted(diff)) => problems.push(format!(
                "{}: the behaviour drifted from its snapshot (- recorded, + now):\n{diff}",
                game.display()
            )),
            Err(e) => problems.push(e),
        }
    }
    assert!(
        problems.is_empty(),
        "{}\nif the change is intended: cargo run -- test --update games, then review `git diff games`",
        problems.join("\n")
    );
}

#[test]
fn every_snapshot_has_its_rule_file() {
    for snapshot in files_with_extension("games", "snapshot") {
        assert!(
            Path::new(&rule_path(&snapshot)).is_file(),
            "{} is left without its rule file",
            snapshot.display()
        );
    }
}

#[test]
fn bundled_variants_load_the_same_by_name_and_by_path() {
    // A bundled variant's `extends "x.game"` names the bundled `x` when loaded by name, and
    // the file beside it when loaded by path: the two must compile to the same game.
    for game in files_with_extension("games", "game") {
        let stem = game
            .file_stem()
            .expect("a stem")
            .to_string_lossy()
            .into_owned();
        let by_name = rulebook::pipeline::load(&stem, None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        let by_path = rulebook::pipeline::load(&game.to_string_lossy(), None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert_eq!(
            rulebook::render::summary(&by_name),
            rulebook::render::summary(&by_path),
            "{stem}"
        );
    }
}
