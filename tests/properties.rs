//! Property tests (proptest, a fixed seed, a few seconds): random rule-file mutations of the
//! bundled games, random games and random move text on them, random records, and random
//! lines to the protocols' sessions, all held to the invariants the fuzz targets check
//! (`fuzz/src/lib.rs`, included here); the seeds of the `rules` target held to the
//! formatter's.

use crate::common::invariants;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rulebook::catalog::BUNDLED;

/// Few cases each, from a fixed seed, with no regression files written.
fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(15),
        failure_persistence: None,
        ..Config::default()
    }
}

/// One edit of a rule file's lines.
#[derive(Clone, Debug)]
enum Edit {
    /// Remove the line.
    Delete(usize),
    /// Write the line twice.
    Duplicate(usize),
    /// Swap the line with another.
    Swap(usize, usize),
    /// Replace the line's first number.
    Number(usize, u32),
    /// Cut the line at a character.
    Truncate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Duplicate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
        (any::<usize>(), prop_oneof![0..40u32, any::<u32>()]).prop_map(|(a, n)| Edit::Number(a, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, k)| Edit::Truncate(a, k)),
    ]
}

/// The text with the edits applied (line indexes taken modulo the line count).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    for e in edits {
        if lines.is_empty() {
            break;
        }
        let n = lines.len();
        match *e {
            Edit::Delete(i) => {
                lines.remove(i % n);
            }
            Edit::Duplicate(i) => lines.insert(i % n, lines[i % n].clone()),
            Edit::Swap(a, b) => lines.swap(a % n, b % n),
            Edit::Number(i, value) => {
                let line = &lines[i % n];
                if let Some(start) = line.find(|c: char| c.is_ascii_digit()) {
                    let end = line[start..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(line.len(), |k| start + k);
                    lines[i % n] = format!("{}{value}{}", &line[..start], &line[end..]);
                }
            }
            Edit::Truncate(i, k) => {
                let line = &mut lines[i % n];
                let cut = line
                    .char_indices()
                    .nth(k % (line.len() + 1))
                    .map_or(line.len(), |(c, _)| c);
                line.truncate(cut);
            }
        }
    }
    lines.join("\n") + "\n"
}

proptest! {
    #![proptest_config(config(16))]

    #[test]
    fn mutated_rule_files_never_panic(
        game in 0..BUNDLED.len(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let text = mutate(BUNDLED[game].text, &edits);
        invariants::rule_file(&text);
        invariants::editor(&text);
    }
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn random_games_keep_the_invariants(game in any::<u8>(), seed in any::<u64>()) {
        let games = invariants::bundled_games();
        invariants::exercise(games[game as usize % games.len()].clone(), seed);
    }

    #[test]
    fn random_move_text_never_panics(
        game in any::<u8>(),
        words in prop::collection::vec("[a-z]{0,2}[0-9]{0,2}[-x*+ ]?[a-z]{0,2}[0-9]{0,3}", 0..12),
    ) {
        invariants::move_text(game, &words.join(" "));
    }

    #[test]
    fn random_records_never_panic(
        game in 0..BUNDLED.len(),
        moves in prop::collection::vec("[a-i][1-9]-[a-i][1-9]|[a-f][1-6]|pass|swap", 0..6),
        result in prop_oneof![Just("unfinished"), Just("draw"), Just("black wins")],
    ) {
        let record = format!(
            "game: {}\nmoves: [{}]\nresult: {result}\n",
            BUNDLED[game].name,
            moves.join(", ")
        );
        invariants::record(&record);
    }
}

/// Every seed of the `rules` fuzz target (`fuzz/seeds/rules/`: the bundled games, the
/// fixtures, the docs' examples) keeps to the layout's invariants
/// ([`invariants::layout`]): formatted once, it formats to itself and says the same.
#[test]
fn the_rule_seeds_format_to_themselves_and_say_the_same() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/rules");
    let (mut seeds, mut parsed) = (0, 0);
    for entry in std::fs::read_dir(&root).expect("fuzz/seeds/rules is readable") {
        let bytes = std::fs::read(entry.expect("a folder entry").path()).expect("readable");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            invariants::layout(text);
            parsed += usize::from(rulebook::syntax::parse(text).is_ok());
        }
        seeds += 1;
    }
    assert!(
        seeds >= 400 && parsed >= 200,
        "{parsed} of {seeds} seeds parse"
    );
}

/// A line to a protocol session: JSON requests, GTP commands (both to either protocol),
/// and printable noise.
fn protocol_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(r#"{"id": 1, "cmd": "moves"}"#.to_string()),
        "[a-i][1-9]|pass|[1-6]"
            .prop_map(|m| format!(r#"{{"id": "p", "cmd": "play", "move": "{m}"}}"#)),
        Just(r#"{"cmd": "think", "iterations": 40, "play": true}"#.to_string()),
        Just(r#"{"cmd": "undo", "id": [null]}"#.to_string()),
        Just(r#"{"cmd": "evaluate"}"#.to_string()),
        Just(r#"{"cmd": "new", "preset": "13x13"}"#.to_string()),
        "[0-9]{0,2} ?(play|genmove) (b|w|black|x) ([A-Ta-t][0-9]{1,2}|pass)",
        "(undo|showboard|final_score|clear_board|boardsize [0-9]{1,2}|komi -?[0-9]{1,2}(\\.5)?)",
        "[ -~]{0,24}",
    ]
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn random_protocol_lines_keep_the_invariants(
        pick in any::<u8>(),
        lines in prop::collection::vec(protocol_line(), 0..16),
    ) {
        invariants::protocol(pick, &lines.join("\n"));
    }
}

/// A fuzz target's input, as the target reads it (`fuzz/fuzz_targets/`), through its
/// invariants.
type Check = fn(&[u8]);

/// Each fuzz target: the folder of its findings in `fuzz/regressions/`, and its check.
const TARGETS: [(&str, Check); 5] = [
    ("rules", |data| {
        if let Ok(text) = std::str::from_utf8(data) {
            invariants::rule_file(text);
        }
    }),
    ("move_text", |data| {
        if let Some((&pick, rest)) = data.split_first() {
            if let Ok(text) = std::str::from_utf8(rest) {
                invariants::move_text(pick, text);
            }
        }
    }),
    ("records", |data| {
        if let Ok(text) = std::str::from_utf8(data) {
            invariants::record(text);
        }
    }),
    ("protocol", |data| {
        if let Some((&pick, rest)) = data.split_first() {
            if let Ok(text) = std::str::from_utf8(rest) {
                invariants::protocol(pick, text);
            }
        }
    }),
    ("lsp", |data| {
        if let Ok(text) = std::str::from_utf8(data) {
            invariants::editor(text);
        }
    }),
];

/// Every seed of the `lsp` fuzz target (`fuzz/seeds/lsp/`: bundled games, one with a
/// misspelt name, one cut short) keeps to the language server's invariants
/// ([`invariants::editor`]).
#[test]
fn the_lsp_seeds_hold_to_the_editor_invariants() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/lsp");
    let mut seeds = 0;
    for entry in std::fs::read_dir(&root).expect("fuzz/seeds/lsp is readable") {
        let text = std::fs::read_to_string(entry.expect("a folder entry").path());
        invariants::editor(&text.expect("a seed is text"));
        seeds += 1;
    }
    assert!(seeds >= 8, "{seeds} seeds");
}

/// The inputs the fuzzers once crashed on (`fuzz/regressions/TARGET/`, each minimised by
/// hand or kept as found) hold to their target's invariants now; every folder there is a
/// target's.
#[test]
fn fuzzer_findings_stay_fixed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&root).expect("fuzz/regressions is readable") {
        let dir = entry.expect("a folder entry").path();
        let name = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let Some(&(_, check)) = TARGETS.iter().find(|(target, _)| *target == name) else {
            panic!("fuzz/regressions/{name} is no fuzz target's");
        };
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("a folder of findings is readable")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        files.sort();
        for file in files {
            eprintln!("{}", file.display());
            check(&std::fs::read(&file).expect("readable"));
            replayed += 1;
        }
    }
    assert!(replayed > 0, "the findings are found");
}
