//! Warnings: rule files in `fixtures/warnings/` are accepted (no errors) but each draws at
//! least one warning about a rule or declaration that can never apply, or a game over
//! before it starts, as `rulebook check` finds them; the warnings are
//! snapshotted (`snapshots/suite__warnings__warnings@NAME.snap`). `rulebook check` prints
//! them and exits 0, and colours them only on a terminal.

use std::path::Path;

use rulebook::authoring::check::compile_all;
use rulebook::diag::Diagnostic;
use rulebook::pipeline::{describe, read_source};

use crate::common::bin;

/// The fixture's path relative to the package root, as the diagnostics name it.
fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn fixtures_draw_warnings_and_no_errors() {
    insta::glob!("fixtures/warnings", "*.game", |path| {
        let name = relative(path);
        let described =
            describe(read_source(&name).unwrap_or_else(|e| panic!("{}", e.render(false))))
                .unwrap_or_else(|e| panic!("{name} has errors:\n{}", e.render(false)));
        // As `rulebook check` finds them: the checker's, then those of the start position
        // under each configuration.
        let compiled = compile_all(&described, None, &[]);
        assert!(compiled.errors.is_empty(), "{name} does not compile");
        let mut warnings = described.warnings.clone();
        warnings.extend(compiled.warnings);
        warnings.sort_by_key(Diagnostic::order);
        assert!(!warnings.is_empty(), "{name} draws no warning");
        assert!(warnings.iter().all(|d| !d.is_error()));
        let text = described.sources.render(&warnings, false);
        let description = std::fs::read_to_string(path)
            .expect("a text fixture")
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// "))
            .expect("every fixture begins with a `//` comment saying what it tests")
            .to_string();
        let mut settings = insta::Settings::clone_current();
        settings.set_description(description);
        settings.set_prepend_module_to_snapshot(true);
        settings.bind(|| insta::assert_snapshot!("warnings", text));
    });
}

#[test]
fn check_prints_warnings_without_colour_when_not_on_a_terminal() {
    let out = bin::command(["check", "tests/fixtures/warnings/piece-never-placed.game"])
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning[W0104]: piece `king` is never placed"),
        "{stderr}"
    );
    assert!(!stderr.contains('\x1b'), "colour on a pipe:\n{stderr:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok (1 warning)"));
}

/// A kind that no setup places but a move shoots onto the board (the Amazons' arrows) is
/// placed: no warning.
#[test]
fn a_kind_a_move_shoots_is_placed() {
    let source = rulebook::pipeline::read_source("tests/fixtures/valid/amazons.game").unwrap();
    let described = rulebook::pipeline::describe(source).unwrap_or_else(|e| panic!("{e:?}"));
    let warnings: Vec<&str> = described
        .warnings
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// A game whose pieces share a letter prints no position text it could not read back.
#[test]
fn positions_drawn_alike_have_no_text() {
    let out = bin::run(&[
        "position",
        "tests/fixtures/warnings/players-drawn-alike.game",
        "--moves",
        "b2 a1",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("position: none (") && stdout.contains("`B` stands for several pieces"),
        "{stdout}"
    );
}

/// `rulebook check` starts the game under every configuration: a first player with no
/// legal move draws a warning (once, naming the configurations), and the file still passes.
#[test]
fn check_warns_of_a_game_over_before_it_starts() {
    let out = bin::run(&[
        "check",
        "tests/fixtures/warnings/over-before-it-starts.game",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(
        stderr
            .matches("warning[W0201]: the game is over before it starts: the first player, white, has no legal move")
            .count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("the winner is black"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok (1 warning)"));
    // A preset under which the first player can move draws no warning for it.
    let dir = std::env::temp_dir().join(format!("rulebook-over-at-start-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join("sides.game");
    let text = "game \"Sides\"\nplayers white, black\nparameter home: 1..4 = 4\n\
                preset usual { home = 1 }\nboard grid 4 by 4\npiece pawn\n\
                setup white pawn on rank(home)\nsetup black pawn on d3\nmove step forward\n\
                end when no legal move: mover loses\n";
    std::fs::write(&file, text).expect("the rule file is written");
    let out = bin::run(&["check", file.to_str().expect("a UTF-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("found when compiling with the default settings\n"),
        "only the default settings start stuck:\n{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
