//! `rulebook analyze --vs`: two variants played with the same seeds, side by side, with
//! the difference of each figure and whether it is significant at the 5% level.

use std::fmt::Write as _;

use super::report::{EffectCount, Report};
use crate::analysis::stats::{mean_variance, means_differ, proportions_differ, wilson, Proportion};
use crate::cli::GameArgs;

/// The game of `--vs TEXT`: the rule file it names (or this side's), with the preset and
/// settings it gives (this side's are not carried over).
pub(super) fn vs_game(this: &GameArgs, text: &str) -> Result<GameArgs, String> {
    let mut other = GameArgs {
        game: String::new(),
        preset: None,
        sets: Vec::new(),
    };
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        let mut value = |flag: &str| {
            words.next().map(str::to_string).ok_or_else(|| {
                format!("error: --vs: `{flag}` needs a value (`--vs \"--preset NAME\"`)")
            })
        };
        if word == "--preset" {
            other.preset = Some(value("--preset")?);
        } else if let Some(p) = word.strip_prefix("--preset=") {
            other.preset = Some(p.to_string());
        } else if word == "--set" {
            other.sets.push(value("--set")?);
        } else if let Some(s) = word.strip_prefix("--set=") {
            other.sets.push(s.to_string());
        } else if !word.starts_with('-') && other.game.is_empty() {
            other.game = word.to_string();
        } else {
            return Err(format!(
                "error: --vs: unexpected `{}`: expected a rule file, --preset NAME or --set KEY=VALUE",
                crate::render::terminal_safe(word)
            ));
        }
    }
    if other.game.is_empty() {
        other.game.clone_from(&this.game);
    }
    Ok(other)
}

/// One figure of both variants.
#[derive(Debug, serde::Serialize)]
pub(super) struct Row {
    /// What is measured.
    pub figure: String,
    /// Its value with this side's options (A).
    pub a: f64,
    /// Its value with the options of `--vs` (B).
    pub b: f64,
    /// `b - a`.
    pub difference: f64,
    /// The test statistic (z), where the figure is tested.
    pub z: Option<f64>,
    /// Whether the difference is significant at the 5% level (two-sided).
    pub significant: Option<bool>,
    /// Whether the figure is a share of games (shown as a percentage).
    #[serde(skip)]
    pub share: bool,
}

/// Both reports and the rows that compare them.
#[derive(Debug, serde::Serialize)]
pub(super) struct Comparison<'a> {
    /// The report of this side's options.
    pub a: &'a Report,
    /// The report of the options of `--vs`.
    pub b: &'a Report,
    /// The figures side by side.
    pub rows: Vec<Row>,
}

fn proportion_row(figure: String, a: &Proportion, b: &Proportion) -> Row {
    let (z, sig) = proportions_differ((a.count, a.of), (b.count, b.of));
    Row {
        figure,
        a: a.rate,
        b: b.rate,
        difference: b.rate - a.rate,
        z: Some(z),
        significant: Some(sig),
        share: true,
    }
}

fn mean_row(figure: &str, a: &[f64], b: &[f64]) -> Row {
    let (ma, va) = mean_variance(a.iter().copied());
    let (mb, vb) = mean_variance(b.iter().copied());
    let (z, sig) = means_differ((ma, va, a.len() as u64), (mb, vb, b.len() as u64));
    Row {
        figure: figure.to_string(),
        a: ma,
        b: mb,
        difference: mb - ma,
        z: Some(z),
        significant: Some(sig),
        share: false,
    }
}

/// The comparison of two reports (games played with the same seeds).
pub(super) fn compare<'a>(a: &'a Report, b: &'a Report) -> Comparison<'a> {
    let mut rows = Vec::new();
    let (ra, rb) = (&a.results, &b.results);
    for (i, (sa, sb)) in ra.seats.iter().zip(&rb.seats).enumerate() {
        let name = format!("seat {} ({}) wins", i + 1, sa.player);
        rows.push(proportion_row(name, &sa.wins, &sb.wins));
    }
    // Games of one player: their losses; they have no first player or leader to compare.
    if let (Some(la), Some(lb), Some(sa)) = (&ra.losses, &rb.losses, ra.seats.first()) {
        rows.push(proportion_row(
            format!("seat 1 ({}) loses", sa.player),
            la,
            lb,
        ));
    }
    rows.push(proportion_row("draws".into(), &ra.draws, &rb.draws));
    rows.push(proportion_row(
        "unfinished (cap)".into(),
        &ra.unfinished,
        &rb.unfinished,
    ));
    rows.extend(ending_rows(a, b));
    if ra.losses.is_none() && rb.losses.is_none() {
        rows.push(proportion_row(
            "first player's share of won games".into(),
            &ra.first_player,
            &rb.first_player,
        ));
        rows.push(proportion_row(
            "winner led for good by half of the game".into(),
            &a.decisiveness.leads_by_half,
            &b.decisiveness.leads_by_half,
        ));
    }
    let floats = |v: &[u32]| v.iter().map(|&x| f64::from(x)).collect::<Vec<_>>();
    rows.push(mean_row(
        "game length (plies, mean)",
        &floats(&a.length.all),
        &floats(&b.length.all),
    ));
    rows.push(mean_row(
        "legal moves per ply (mean of games)",
        &a.branching.per_game,
        &b.branching.per_game,
    ));
    rows.push(mean_row(
        "capturing moves per game",
        &floats(&a.rules.captures_per_game),
        &floats(&b.rules.captures_per_game),
    ));
    let per_game = |n: u64, r: &Report| n as f64 / r.run.games.max(1) as f64;
    let untested = |figure: String, x: f64, y: f64| Row {
        figure,
        a: x,
        b: y,
        difference: y - x,
        z: None,
        significant: None,
        share: false,
    };
    rows.push(untested(
        "extra turns per game".into(),
        per_game(a.rules.extra_turns, a),
        per_game(b.rules.extra_turns, b),
    ));
    rows.push(untested(
        "pieces or stones taken per game".into(),
        per_game(a.rules.taken, a),
        per_game(b.rules.taken, b),
    ));
    rows.push(untested(
        "sites marked per game".into(),
        per_game(a.rules.marks, a),
        per_game(b.rules.marks, b),
    ));
    Comparison { a, b, rows }
}

/// Per way of ending (an end rule's name, its rules summed where several share it, in the
/// order A then B gives them), the games that ended so on each side (none where a side's
/// rules have no such end).
fn ending_rows(a: &Report, b: &Report) -> Vec<Row> {
    let mut names: Vec<&str> = Vec::new();
    for e in a.endings.iter().chain(&b.endings) {
        if !names.contains(&e.name.as_str()) {
            names.push(&e.name);
        }
    }
    let ended = |r: &Report, name: &str| {
        let same = r.endings.iter().filter(|e| e.name == name);
        wilson(same.map(|e| e.games.count).sum(), r.run.games)
    };
    (names.into_iter())
        .map(|name| {
            let figure = format!("games ended by {name}");
            proportion_row(figure, &ended(a, name), &ended(b, name))
        })
        .collect()
}

/// The comparison as text: both reports' headings, then the table.
pub(super) fn text(a: &Report, b: &Report) -> String {
    let c = compare(a, b);
    let mut o = String::new();
    let _ = writeln!(o, "A: {}", a.game);
    let _ = writeln!(o, "B: {}", b.game);
    let _ = writeln!(
        o,
        "{} and {} games, the same seeds (seed {}, cap {} plies){}",
        a.run.games,
        b.run.games,
        a.run.seed,
        a.run.max_plies,
        if a.run.interrupted || b.run.interrupted {
            ": interrupted"
        } else {
            ""
        }
    );
    let _ = writeln!(
        o,
        "\n{:<38} {:>10} {:>10} {:>10}  significant (5%)",
        "figure", "A", "B", "B - A"
    );
    for r in &c.rows {
        let v = |x: f64| match r.share {
            true => format!("{:.1}%", 100.0 * x),
            false => format!("{x:.2}"),
        };
        let verdict = match (r.significant, r.z) {
            (Some(true), Some(z)) => format!("yes (z = {z:.1})"),
            (Some(false), Some(z)) => format!("no (z = {z:.1})"),
            _ => "not tested".into(),
        };
        let _ = writeln!(
            o,
            "{:<38} {:>10} {:>10} {:>10}  {verdict}",
            r.figure,
            v(r.a),
            v(r.b),
            v(r.difference)
        );
    }
    let _ = writeln!(o, "\nmove rules (moves per game):");
    for (ra, rb) in a.rules.moves.iter().zip(&b.rules.moves) {
        let _ = writeln!(
            o,
            "  rule {}: A {:.2}, B {:.2}   A: {}{}",
            ra.rule,
            ra.per_game,
            rb.per_game,
            ra.text,
            match ra.text == rb.text {
                true => String::new(),
                false => format!("; B: {}", rb.text),
            }
        );
    }
    effects_text(&mut o, a, b);
    o
}

/// The rules after a move or after sowing of either variant, matched by their text: times
/// per game and what they took per game, `-` where a variant has no such rule.
fn effects_text(o: &mut String, a: &Report, b: &Report) {
    let mut rules: Vec<&EffectCount> = a.rules.effects.iter().collect();
    for e in &b.rules.effects {
        if !rules.iter().any(|r| r.text == e.text) {
            rules.push(e);
        }
    }
    if rules.is_empty() {
        return;
    }
    let _ = writeln!(
        o,
        "\nrules after a move or after sowing (times per game, taken per game):"
    );
    let side = |r: &Report, text: &str| {
        let games = r.run.games.max(1) as f64;
        (r.rules.effects.iter().find(|e| e.text == text)).map_or("-".to_string(), |e| {
            format!("{:.2} ({:.2})", e.per_game, e.taken as f64 / games)
        })
    };
    for r in rules {
        let (sa, sb) = (side(a, &r.text), side(b, &r.text));
        let _ = writeln!(o, "  {} ({}): A {sa}, B {sb}", r.place, r.name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn this() -> GameArgs {
        GameArgs {
            game: "a.game".into(),
            preset: Some("x".into()),
            sets: vec!["k=1".into()],
        }
    }

    #[test]
    fn the_options_of_vs_are_read_and_this_side_s_not_carried_over() {
        let o = vs_game(&this(), "--preset castle --set a=1 --set=b=2").unwrap();
        assert_eq!(o.game, "a.game");
        assert_eq!(o.preset.as_deref(), Some("castle"));
        assert_eq!(o.sets, ["a=1", "b=2"]);
        let o = vs_game(&this(), "").unwrap();
        assert_eq!((o.preset, o.sets.len()), (None, 0));
        let o = vs_game(&this(), "b.game --preset=p").unwrap();
        assert_eq!(
            (o.game.as_str(), o.preset.as_deref()),
            ("b.game", Some("p"))
        );
        assert!(vs_game(&this(), "--preset")
            .unwrap_err()
            .contains("needs a value"));
        assert!(vs_game(&this(), "b.game c.game").is_err());
        assert!(vs_game(&this(), "-x").is_err());
    }
}
