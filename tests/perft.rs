//! Perft: leaf counts of the move tree, kept as data files per game and preset in
//! `tests/perft/*.perft`, and cross-checked against an independent reference implementation.

use crate::common::perft_file::{self, PerftCase};
use crate::common::reference::{self, Corner, Rules};
use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::{notation, pipeline};

/// Counts above this many leaves are left to the deep tests (`tests/deep.sh`) and `rulebook
/// perft`.
const QUICK_LIMIT: u64 = 1_000_000;

/// How much cheaper a leaf is when the last ply is counted in bulk.
const BULK_FACTOR: u64 = 1000;

/// Every case of every `tests/perft/*.perft` file.
fn cases() -> Vec<PerftCase> {
    let mut files: Vec<_> = std::fs::read_dir("tests/perft")
        .expect("tests/perft exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no perft data files found");
    files
        .iter()
        .flat_map(|path| perft_file::read(&path.display().to_string(), None))
        .collect()
}

fn run_cases(limit: u64) -> usize {
    let mut checked = 0;
    for case in cases() {
        let place = &case.place;
        let game = pipeline::load(&case.game, case.preset.as_deref(), &case.sets)
            .unwrap_or_else(|e| panic!("{place}: {}", e.render(false)));
        let mut state = match &case.position {
            Some(text) => notation::parse_position(&game, text)
                .unwrap_or_else(|e| panic!("{place}: position `{text}`: {e}")),
            None => State::new(game),
        };
        for m in case.moves.split_whitespace() {
            notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{place}: move {m}: {e}"));
        }
        let limit = match case.bulk {
            true => limit.saturating_mul(BULK_FACTOR),
            false => limit,
        };
        let depth = match case.quick {
            Some(quick) if limit != u64::MAX => case.depth_within(limit).min(quick),
            _ => case.depth_within(limit),
        };
        let got = perft(&mut state, depth);
        for (d, expected) in case.counts_to(depth) {
            assert_eq!(
                got[d - 1],
                expected,
                "{place}: {} {:?} {:?} after `{}`: depth {d}",
                case.game,
                case.preset,
                case.sets,
                case.moves
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_data_files_up_to_a_million_leaves() {
    let checked = run_cases(QUICK_LIMIT);
    assert!(checked >= 20, "only {checked} counts were checked");
}

#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn perft_data_files_all_depths() {
    run_cases(u64::MAX);
}

fn engine_for(rules: &Rules) -> State {
    let corner = match rules.corner {
        Corner::Off => "off",
        Corner::Board => "board",
        Corner::Anywhere => "anywhere",
    };
    let onoff = |b: bool| if b { "on" } else { "off" };
    let sets = vec![
        format!("size={}", rules.n),
        format!("repetition={}", onoff(rules.repetition)),
        format!("corner={corner}"),
        format!("lone-jump={}", onoff(rules.lone_jump)),
    ];
    let name = if rules.gundru_setup {
        "gundru"
    } else {
        "ming-mang"
    };
    State::new(pipeline::load(name, None, &sets).expect("bundled game loads"))
}

fn all_rules(sizes: &[i32]) -> Vec<Rules> {
    let mut out = Vec::new();
    for &n in sizes {
        for repetition in [false, true] {
            for corner in [Corner::Off, Corner::Board, Corner::Anywhere] {
                for lone_jump in [false, true] {
                    for gundru_setup in [false, true] {
                        out.push(Rules {
                            n,
                            repetition,
                            corner,
                            lone_jump,
                            gundru_setup,
                        });
                    }
                }
            }
        }
    }
    out
}

#[test]
fn perft_matches_the_reference_implementation_for_every_option() {
    for rules in all_rules(&[4, 5]) {
        let mut engine = engine_for(&rules);
        let reference = reference::Game::new(rules);
        assert_eq!(perft(&mut engine, 3), reference.perft(3), "{rules:?}");
    }
}

/// Plays seeded random games in both implementations at once and compares, at every ply,
/// the sorted list of legal moves and the board.
#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = Rng::new(20261122);
    let mut moves = MoveList::new();
    let mut plies = 0;
    let mut captures_seen = 0;
    let mut jumps_seen = 0;
    for rules in all_rules(&[4, 5, 6, 7]) {
        for _ in 0..3 {
            let mut engine = engine_for(&rules);
            let mut reference = reference::Game::new(rules);
            for _ in 0..150 {
                engine.legal_moves(&mut moves);
                let mut texts: Vec<String> = moves
                    .iter()
                    .map(|m| notation::move_text(&engine, *m))
                    .collect();
                texts.sort();
                assert_eq!(
                    texts,
                    reference.moves(),
                    "{rules:?} at ply {}",
                    engine.ply()
                );
                if moves.is_empty() {
                    assert!(engine.outcome().is_some());
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let before = engine.cells().to_vec();
                if m.over() != rulebook::model::NO_SITE {
                    jumps_seen += 1;
                }
                let text = notation::move_text(&engine, m);
                engine.apply(m);
                reference = reference.play(&text);
                let changed = before
                    .iter()
                    .zip(engine.cells())
                    .filter(|(a, b)| a != b)
                    .count();
                if changed > 2 {
                    captures_seen += 1;
                }
                let board: Vec<u8> = engine
                    .cells()
                    .iter()
                    .map(|&c| {
                        if c.is_empty() {
                            0
                        } else {
                            engine.game().tables.owner[c.index()].code()
                        }
                    })
                    .collect();
                assert_eq!(board, reference.position.cells, "{rules:?} after {text}");
                plies += 1;
            }
        }
    }
    assert!(plies > 10_000, "only {plies} plies were compared");
    assert!(
        captures_seen > 100,
        "only {captures_seen} captures were seen"
    );
    assert!(jumps_seen > 0, "no lone-piece jump was played");
}
