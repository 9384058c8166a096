//! `rulebook fmt` and the layout it gives (`rulebook::syntax::format`,
//! docs/language/syntax.md, "Layout"): the bundled games are in it; a bundled game laid
//! out badly formats back to itself; broken over more lines, it formats to a file that
//! says the same, checks, and compiles to the same game (`rulebook show`) under every
//! preset. The command rewrites files and folders in place, `--check` shows what would
//! change and fails, `-` formats standard input, and a file that does not parse is left
//! as it is, with its error.

use rulebook::catalog::BUNDLED;
use rulebook::diag::Source;
use rulebook::syntax::{format, parse};
use rulebook::{pipeline, render};

use crate::common::bin::{self, text};
use crate::common::invariants::{layout, without_places};
use crate::common::xorshift::XorShift;

/// The tokens of a line of a rule file, for laying it out anew: a comment, a string, a
/// punctuation mark (but `=`, which may be part of an operator), or a run of other
/// characters between those and white space.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while let Some(c) = rest.chars().next() {
        let len = if rest.starts_with("//") {
            rest.len()
        } else if c == '"' {
            rest[1..].find('"').map_or(rest.len(), |n| n + 2)
        } else if rest.starts_with("..") {
            2
        } else if "(),:{}|".contains(c) {
            1
        } else {
            let end = |(i, ch): &(usize, char)| {
                ch.is_whitespace() || "(),:{}|\"".contains(*ch) || rest[*i..].starts_with("..")
            };
            rest.char_indices().find(end).map_or(rest.len(), |(i, _)| i)
        };
        out.push(&rest[..len]);
        rest = rest[len..].trim_start();
    }
    out
}

/// White space of one to three spaces or tabs.
fn space(rng: &mut XorShift) -> &'static str {
    [" ", "  ", "\t", " \t "][rng.below(4)]
}

/// `text` laid out badly: every token spaced and indented at random, white space at the
/// ends of lines, more blank lines where there was one, and, with `breaks`, a line break
/// between two tokens one time in four. The lines of the text stay lines.
fn scrambled(text: &str, breaks: bool, seed: u64) -> String {
    let mut rng = XorShift(seed);
    let mut out = String::from("\n\n");
    for line in text.lines() {
        if line.trim().is_empty() {
            out.push_str(&"\n".repeat(1 + rng.below(3)));
            continue;
        }
        out.push_str(&" ".repeat(rng.below(5)));
        for (i, token) in tokens(line).into_iter().enumerate() {
            if i > 0 && breaks && rng.below(4) == 0 {
                out.push('\n');
            }
            if i > 0 {
                out.push_str(space(&mut rng));
            }
            out.push_str(token);
        }
        out.push_str(&" ".repeat(rng.below(3)));
        out.push('\n');
    }
    out.push_str("\n\n");
    out
}

#[test]
fn the_bundled_games_are_in_the_canonical_layout() {
    for game in BUNDLED {
        let formatted = format(game.text).expect("a bundled game formats");
        assert!(
            formatted == game.text,
            "games/{}.game is not in the canonical layout (`rulebook fmt games/` puts it so):\n{}",
            game.name,
            rulebook::authoring::diff(game.text, &formatted, ("as written", "formatted"))
        );
    }
    let out = bin::run(&["fmt", "--check", "games", "docs/tutorial"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "", "nothing would change");
}

#[test]
fn a_bundled_game_laid_out_badly_formats_back_to_itself() {
    for (k, game) in BUNDLED.iter().enumerate() {
        let messy = scrambled(game.text, false, 7 + k as u64);
        assert_ne!(messy, game.text);
        let formatted = format(&messy).unwrap_or_else(|d| panic!("{}: {}", game.name, d.message));
        assert!(
            formatted == game.text,
            "{} laid out badly does not format back:\n{}",
            game.name,
            rulebook::authoring::diff(game.text, &formatted, ("bundled", "formatted"))
        );
    }
}

/// The summary (`rulebook show`) of a rule text as the bundled game `name`, under the
/// default settings and each preset.
fn summaries(name: &str, text: &str) -> Vec<String> {
    let described = pipeline::describe(Source {
        name: format!("<bundled>/{name}.game"),
        text: text.to_string(),
    })
    .unwrap_or_else(|e| panic!("{name} does not check:\n{}", e.render(false)));
    let mut presets = vec![None];
    presets.extend(
        described
            .description
            .settings
            .presets
            .iter()
            .map(|p| Some(&*p.name)),
    );
    (presets.into_iter())
        .map(|preset| {
            let game = pipeline::build(&described, preset, &[]).expect("it compiles");
            render::summary(&game)
        })
        .collect()
}

#[test]
fn a_bundled_game_broken_over_more_lines_formats_to_the_same_game() {
    for (k, game) in BUNDLED.iter().enumerate() {
        let broken = scrambled(game.text, true, 100 + k as u64);
        layout(&broken);
        let formatted = format(&broken).expect("it formats");
        assert!(formatted.lines().count() > game.text.lines().count());
        let tree = |text: &str| without_places(&format!("{:?}", parse(text).expect("parses")));
        assert_eq!(tree(&formatted), tree(game.text), "{}", game.name);
        assert_eq!(
            summaries(game.name, &formatted),
            summaries(game.name, game.text),
            "{}",
            game.name
        );
    }
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-fmt-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("more")).expect("a temporary folder");
    dir
}

/// A small rule file in the canonical layout.
const TIDY: &str = "game \"G\"\nplayers a, b  // a first\n\nboard grid 3 by 3\npiece s\n\
                    setup a s on corner(north-east)\nmove slide orthogonal\n  when pieces(a) > 0\n\
                    end when no legal move: mover loses\n";

#[test]
fn fmt_rewrites_files_and_check_shows_what_would_change() {
    let dir = scratch("folder");
    let messy = scrambled(TIDY, false, 3);
    let (a, b, c) = (
        dir.join("a.game"),
        dir.join("b.game"),
        dir.join("more/c.game"),
    );
    for (file, content) in [(&a, messy.as_str()), (&b, TIDY), (&c, messy.as_str())] {
        std::fs::write(file, content).expect("written");
    }
    std::fs::write(dir.join("notes.txt"), "not a rule file").expect("written");
    let folder = dir.to_string_lossy().into_owned();
    let checked = bin::run(&["fmt", "--check", &folder]);
    assert_eq!(checked.status.code(), Some(1));
    let listed = text(&checked.stdout);
    for (file, shown) in [(&a, true), (&b, false), (&c, true)] {
        let line = format!("{}: not in the canonical layout", file.display());
        assert_eq!(listed.contains(&line), shown, "{line}:\n{listed}");
    }
    assert!(listed.contains("\n+players a, b  // a first\n"), "{listed}");
    assert!(text(&checked.stderr).contains("2 files not in the canonical layout"));
    assert_eq!(
        std::fs::read_to_string(&a).expect("a"),
        messy,
        "--check writes nothing"
    );
    let out = bin::run(&["fmt", &folder]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let formatted = text(&out.stdout);
    assert_eq!(formatted.lines().count(), 2, "{formatted}");
    for file in [&a, &b, &c] {
        assert_eq!(std::fs::read_to_string(file).expect("read"), TIDY);
    }
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names.len(), 4, "no temporary file is left: {names:?}");
    assert!(bin::run(&["fmt", "--check", &folder]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fmt_formats_standard_input_to_standard_output() {
    let messy = scrambled(TIDY, true, 5);
    let out = bin::run_with_input(bin::command(["fmt", "-"]), &messy);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let formatted = text(&out.stdout);
    assert_eq!(formatted, format(&messy).expect("formats"));
    let again = bin::run_with_input(bin::command(["fmt", "--check", "-"]), &formatted);
    assert!(again.status.success(), "{}", text(&again.stdout));
    let refused = bin::run_with_input(bin::command(["fmt", "--check", "-"]), &messy);
    assert_eq!(refused.status.code(), Some(1));
    assert!(text(&refused.stdout).starts_with("<stdin>: not in the canonical layout"));
}

#[test]
fn a_file_that_does_not_parse_is_left_as_it_is_with_its_error() {
    let dir = scratch("broken");
    let (bad, good) = (dir.join("bad.game"), dir.join("good.game"));
    let broken = "game  \"G\"\nplayers a, b\nboard grid 3 by 3 )\n";
    std::fs::write(&bad, broken).expect("written");
    std::fs::write(&good, scrambled(TIDY, false, 9)).expect("written");
    let out = bin::run(&["fmt", &bad.to_string_lossy(), &good.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.game:3:19"), "{err}");
    assert!(
        err.contains("3 | board grid 3 by 3 )\n  |                   ^"),
        "{err}"
    );
    assert!(err.contains("1 file could not be formatted"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(std::fs::read_to_string(&bad).expect("bad"), broken);
    assert_eq!(std::fs::read_to_string(&good).expect("good"), TIDY);
    let missing = bin::run(&["fmt", &dir.join("none.game").to_string_lossy()]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(text(&missing.stderr).contains("does not exist"));
    std::fs::remove_dir_all(&dir).ok();
}
