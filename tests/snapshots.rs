//! Golden snapshots of every bundled game (`games/*.game`), for the default configuration
//! and for every preset the file declares:
//!
//! - `summary@GAME-CONFIG`: the compiled summary (`rulebook show`);
//! - `start@GAME-CONFIG`: the start position with its legal moves (`rulebook position`);
//! - `golden@GAME-CONFIG`: one seeded random game ([`SEED`], at most [`MAX_PLIES`] plies):
//!   every move with its ply number, the final board and the outcome.
//!
//! `CONFIG` is `default` (no preset asked for: the file's default preset, if it has one) or
//! the preset's name. A change to the compiler, the move generator, the captures or the
//! random number generator shows up here as a snapshot diff to review.

use std::fmt::Write as _;
use std::sync::Arc;

use rulebook::analysis::random_game;
use rulebook::engine::{MoveList, State};
use rulebook::model::Game;
use rulebook::pipeline::{build, describe, read_source};
use rulebook::render::{board_text, outcome_text, position_text, summary};

/// The seed of the golden games.
const SEED: u64 = 7;

/// The longest golden game, in plies.
const MAX_PLIES: usize = 60;

/// One seeded random game from the start: the moves (each checked against the legal moves
/// of a replay), the final board and the outcome.
fn golden(game: &Arc<Game>) -> String {
    let mut state = State::new(Arc::clone(game));
    let (moves, outcome) = random_game(&mut state, SEED, MAX_PLIES);

    let mut out = String::new();
    let _ = writeln!(out, "seed {SEED}, at most {MAX_PLIES} plies");
    // Replay the game move by move to name the mover, check legality and show captures.
    let mut replay = State::new(Arc::clone(game));
    let mut legal = MoveList::new();
    for (i, &m) in moves.iter().enumerate() {
        replay.legal_moves(&mut legal);
        assert!(
            legal.contains(&m),
            "ply {} of the golden game, {}, is not legal in its position",
            i + 1,
            replay.move_text(m)
        );
        let mover = replay.to_move();
        let opponent = 1 - mover;
        let before = replay.pieces(opponent);
        replay.apply(m);
        let taken = before - replay.pieces(opponent);
        let captures = match taken {
            0 => String::new(),
            n => format!("  (captures {n})"),
        };
        let _ = writeln!(
            out,
            "{:3}. {} {}{captures}",
            i + 1,
            game.players[mover as usize],
            replay.move_text(m)
        );
    }
    assert!(
        replay == state,
        "replaying the golden game's moves does not reach its final position"
    );

    let _ = writeln!(out, "\nafter {} plies:", moves.len());
    out.push_str(&board_text(&state));
    for (p, name) in game.players.iter().enumerate() {
        if game.board.pits() > 0 {
            let store = state.count(game.board.store(p as u8));
            let _ = writeln!(out, "{name}: {store} in store");
        } else {
            let _ = writeln!(out, "{name}: {} pieces", state.pieces(p as u8));
        }
    }
    match outcome {
        Some(o) => {
            let _ = writeln!(out, "outcome: {}", outcome_text(game, o));
        }
        None => {
            assert_eq!(
                moves.len(),
                MAX_PLIES,
                "the game stopped early without an outcome"
            );
            let _ = writeln!(
                out,
                "outcome: unfinished ({} to move, stopped at the {MAX_PLIES}-ply limit)",
                game.players[state.to_move() as usize]
            );
        }
    }
    out
}

#[test]
fn bundled_games() {
    insta::glob!("../games", "*.game", |path| {
        let stem = path
            .file_stem()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let rel = format!(
            "games/{}",
            path.file_name().expect("a file name").to_string_lossy()
        );
        let source = read_source(&rel).unwrap_or_else(|e| panic!("{}", e.render(false)));
        let described = describe(source).unwrap_or_else(|e| panic!("{}", e.render(false)));
        assert!(
            described.warnings.is_empty(),
            "{stem} has warnings:\n{}",
            described.source.render(&described.warnings, false)
        );

        let presets = described
            .description
            .presets
            .iter()
            .map(|p| Some(p.name.clone()));
        for preset in std::iter::once(None).chain(presets) {
            let config = preset.clone().unwrap_or_else(|| "default".to_string());
            let game = build(&described, preset.as_deref(), &[])
                .unwrap_or_else(|e| panic!("{}", e.render(false)));
            if let Some(p) = &preset {
                assert_eq!(game.preset.as_deref(), Some(p.as_str()));
            }

            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_suffix(format!("{stem}-{config}"));
            settings.set_description(format!(
                "{} ({stem}.game), configuration `{config}`",
                game.name
            ));
            settings.bind(|| {
                insta::assert_snapshot!("summary", summary(&game));
                insta::assert_snapshot!("start", position_text(&mut State::new(Arc::clone(&game))));
                insta::assert_snapshot!("golden", golden(&game));
            });
        }
    });
}
