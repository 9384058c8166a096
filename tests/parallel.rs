//! Work on several threads: `perft --threads` and `bench --threads` give the same counts as
//! one thread, and `bench --all` covers every bundled game and preset.

use rulebook::analysis::{bench, perft, perft_threads, BenchLength};
use rulebook::engine::State;
use rulebook::pipeline;

use crate::common::bin;

fn ok(args: &[&str]) -> String {
    let out = bin::run(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed:\n{err}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn start(game: &str, preset: Option<&str>) -> State {
    State::new(pipeline::load(game, preset, &[]).expect("a bundled game loads"))
}

#[test]
fn perft_on_several_threads_counts_the_same_as_on_one() {
    for (game, preset, depth) in [
        ("gundru", None, 3),
        ("mangala", Some("castle"), 5),
        ("ming-mang", Some("8x8"), 3),
        ("migong", None, 2),
    ] {
        let state = start(game, preset);
        let one = perft(&mut state.clone(), depth);
        for threads in [1, 2, 3, 7] {
            assert_eq!(
                perft_threads(&state, depth, threads),
                one,
                "{game} {preset:?} on {threads} threads"
            );
        }
    }
}

#[test]
fn perft_threads_of_a_finished_game_counts_nothing() {
    let mut state = start("mangala", None);
    // A seeded random game played to its end: no moves at any depth below it.
    rulebook::analysis::random_game(&mut state, 7, 10_000);
    assert!(state.outcome().is_some(), "the random game ended");
    assert_eq!(perft_threads(&state, 3, 2), vec![0, 0, 0]);
}

#[test]
fn bench_plays_the_same_playouts_on_any_number_of_threads() {
    let state = start("mangala", None);
    let one = bench(&state, BenchLength::Playouts(300), 5, 1000, 1);
    let two = bench(&state, BenchLength::Playouts(300), 5, 1000, 2);
    assert_eq!(one.playouts, 300);
    assert_eq!(
        (one.plies, one.ended_by_rule, one.ended_by_cap),
        (two.plies, two.ended_by_rule, two.ended_by_cap)
    );
    assert_eq!(two.threads, 2);
    // Another seed plays other games.
    let other = bench(&state, BenchLength::Playouts(300), 6, 1000, 1);
    assert_ne!(one.plies, other.plies);
}

#[test]
fn bench_for_a_time_stops_and_counts_what_it_played() {
    let state = start("gundru", None);
    let report = bench(&state, BenchLength::Seconds(0.2), 1, 50, 2);
    assert!(report.playouts > 0);
    assert_eq!(report.ended_by_rule + report.ended_by_cap, report.playouts);
    assert!(report.plies <= report.playouts * 50);
}

#[test]
fn the_perft_command_prints_the_same_counts_on_one_thread_and_two() {
    let one = ok(&["perft", "gundru", "3", "--threads", "1"]);
    let two = ok(&["perft", "gundru", "3", "--threads", "2"]);
    assert_eq!(one, two);
    assert_eq!(one, "1 98\n2 8827\n3 829885\n");
}

#[test]
fn bench_all_covers_every_bundled_game_and_preset() {
    let out = ok(&[
        "bench",
        "--all",
        "--playouts",
        "2",
        "--max-plies",
        "20",
        "--threads",
        "2",
        "--json",
    ]);
    let rows: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let cases: Vec<String> = rows
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| {
            assert_eq!(r["playouts"], 2);
            format!("{} {}", r["game"].as_str().unwrap(), r["preset"])
        })
        .collect();
    // Every preset `rulebook list` names, and the plain game where no preset is the default.
    let expected = [
        "ayoayo null",
        "backgammon null",
        "backgammon \"winloss\"",
        "backgammon \"gammons\"",
        "brandubh null",
        "chess null",
        "chinese-checkers null",
        "chinese-checkers-3 null",
        "chinese-checkers-4 null",
        "chinese-checkers-6 null",
        "dai-hasami-shogi null",
        "dots-and-boxes \"standard\"",
        "dots-and-boxes \"large\"",
        "draughts null",
        "einstein-wurfelt-nicht null",
        "go \"9x9\"",
        "go \"13x13\"",
        "go \"19x19\"",
        "gundru null",
        "hasami-shogi null",
        "havannah \"standard\"",
        "havannah \"small\"",
        "hex \"standard\"",
        "hex \"small\"",
        "hyper-backgammon null",
        "international-draughts null",
        "kalah null",
        "konane null",
        "lines-of-action null",
        "mangala null",
        "mangala \"castle\"",
        "mensch-aergere-dich-nicht null",
        "migong null",
        "migong \"extent\"",
        "ming-mang \"traditional\"",
        "ming-mang \"8x8\"",
        "ming-mang \"go\"",
        "mu-torere null",
        "nine-mens-morris null",
        "othello null",
        "oware null",
        "pentago null",
        "quoridor \"standard\"",
        "quoridor \"small\"",
        "shogi null",
        "surakarta null",
        "toguz-kumalak null",
        "ur null",
        "xiangqi null",
        "y \"standard\"",
        "y \"small\"",
    ];
    assert_eq!(cases, expected);
    let list = ok(&["list"]);
    for preset in ["castle", "extent", "traditional (default)", "8x8", "go"] {
        assert!(list.contains(preset), "`list` names {preset}");
    }
}

#[test]
fn bad_thread_counts_and_times_are_refused() {
    for args in [
        &["perft", "gundru", "2", "--threads", "0"][..],
        &["bench", "gundru", "--threads", "0"],
        &["bench", "gundru", "--seconds", "0"],
        &["bench", "gundru", "--seconds", "soon"],
        &["bench", "--all", "gundru"],
        &["bench"],
    ] {
        let out = bin::run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("error:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
