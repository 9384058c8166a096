//! The report of `rulebook analyze`: the tally of self-play turned into figures with their
//! intervals, printed as text or JSON.

use std::fmt::Write as _;

use super::self_play::{Plan, SelfPlayTotals};
use crate::analysis::stats::{self, median, percentile, wilson, Proportion};
use crate::engine::Outcome;
use crate::model::{Game, MoveKind, RuleSource};

/// The figures of one analysis.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Report {
    /// The game's name and settings.
    pub game: String,
    /// The games asked for and played, the seed and the cap.
    #[serde(flatten)]
    pub run: Run,
    /// Who won, with the draws and the games the cap stopped.
    #[serde(flatten)]
    pub results: Results,
    /// How the finished games ended: per end rule, the games it ended.
    pub endings: Vec<Ending>,
    /// Game length in plies.
    pub length: Length,
    /// Legal moves per ply.
    pub branching: Branching,
    /// What the rules did.
    pub rules: RuleUse,
    /// How early the eventual winner leads.
    pub decisiveness: Decisiveness,
}

/// What `analyze` and `match` say of the games they played: how many were asked for and
/// played, whether Ctrl-C stopped them, the seed and the ply cap.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Run {
    /// Games asked for.
    pub games_asked: u64,
    /// Games played to their end or to the cap (fewer than asked after Ctrl-C).
    pub games: u64,
    /// Whether Ctrl-C stopped the run.
    pub interrupted: bool,
    /// The seed.
    pub seed: u64,
    /// The ply cap.
    pub max_plies: u64,
}

impl Run {
    /// The run of a plan whose finished games a tally holds.
    pub fn of(plan: &Plan, tally: &SelfPlayTotals) -> Run {
        let games = tally.games.len() as u64;
        Run {
            games_asked: plan.games,
            games,
            interrupted: games < plan.games,
            seed: plan.seed,
            max_plies: plan.max_plies as u64,
        }
    }
}

/// The results of an analysis, each a share of the games with its interval.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Results {
    /// Per seat, in turn order: the player, who played it, and its wins.
    pub seats: Vec<Seat>,
    /// In a game of one player, the games the player lost (a game of two has none of
    /// its own: one seat's loss is the other's win).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losses: Option<Proportion>,
    /// Drawn games.
    pub draws: Proportion,
    /// Games stopped by the ply cap.
    pub unfinished: Proportion,
    /// Of the games somebody won, those the first player won (fair: 1 / players).
    pub first_player: Proportion,
}

/// How early the eventual winner leads, by the game's own measure of an unfinished game
/// (its score, else what its end rule compares, such as stones in store, else pieces).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Decisiveness {
    /// Of the won games, those whose winner leads by the measure after the last move.
    pub winner_leads_at_end: Proportion,
    /// Over those games, the mean share of the game played before the winner took the
    /// lead for good (0: from the first move; 1: only at the last).
    pub lead_taken_at: f64,
    /// Of the won games, those whose winner led for good by half of the game.
    pub leads_by_half: Proportion,
}

/// A seat's results.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Seat {
    /// The player's name in the rule file.
    pub player: String,
    /// Who played it (`random`, a level).
    pub agent: String,
    /// Games won.
    pub wins: Proportion,
    /// In a game whose wins may be worth more than 1 (an end rule says so, `mover wins
    /// 2`): the points the wins were worth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<SeatPoints>,
}

/// The points a seat's wins were worth ([`Seat::points`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct SeatPoints {
    /// Over every game.
    pub total: u64,
    /// A game, over every game played (the unfinished too).
    pub mean: f64,
}

/// Game lengths, in plies.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Length {
    /// Mean.
    pub mean: f64,
    /// Sample variance.
    pub variance: f64,
    /// Median.
    pub median: f64,
    /// Shortest.
    pub min: u32,
    /// 10th, 25th, 75th and 90th percentiles (nearest rank).
    pub p10: u32,
    /// 25th percentile.
    pub p25: u32,
    /// 75th percentile.
    pub p75: u32,
    /// 90th percentile.
    pub p90: u32,
    /// Longest.
    pub max: u32,
    /// Every game's length, by game number (for the charts and comparisons).
    #[serde(skip)]
    pub all: Vec<u32>,
}

/// Legal moves per ply.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Branching {
    /// Mean over every position a move was chosen in.
    pub mean: f64,
    /// Mean by ply number (ply 1 first), over the games that reached that ply.
    pub by_ply: Vec<f64>,
    /// Each game's mean, by game number (for comparisons).
    #[serde(skip)]
    pub per_game: Vec<f64>,
}

/// What the rules did over all games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct RuleUse {
    /// Per move rule, in the rule file's order.
    pub moves: Vec<RuleCount>,
    /// Moves that took pieces or stones.
    pub captures: u64,
    /// Pieces or stones taken in all.
    pub taken: u64,
    /// Capture sizes: `[size, moves]`, smallest first.
    pub capture_sizes: Vec<(u64, u64)>,
    /// Each game's capturing moves, by game number (for comparisons).
    #[serde(skip)]
    pub captures_per_game: Vec<u32>,
    /// Turns in which the player who had just moved moved again.
    pub extra_turns: u64,
    /// Passes (moves of pass rules).
    pub passes: u64,
    /// Swaps of sides (moves of swap rules).
    pub swaps: u64,
    /// Sites a move marked (a castle in a sowing game, say).
    pub marks: u64,
    /// Per rule after a move and after sowing, in the rule file's order: what it did.
    pub effects: Vec<EffectCount>,
    /// Pieces taken by the jumps of moves (their move rule's own capture).
    pub jumped: u64,
    /// Moves that jumped, by the number of jumps: `[jumps, moves]`, fewest first.
    pub jump_lengths: Vec<(u64, u64)>,
    /// Moves the move rules allowed that the ban on repeated positions refused, summed over
    /// the positions a move was chosen in.
    pub refused_by_repetition: u64,
    /// Positions where the ban refused at least one move.
    pub refusing_positions: u64,
}

/// One rule after a move (`after move ...`) or after sowing (a rule of `after sow first of`):
/// what it did, as the engine reports it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct EffectCount {
    /// `after move` or `after sow`.
    pub kind: &'static str,
    /// Its short name: its label (`called "corner"`), else its text up to its condition.
    pub name: String,
    /// Where it is written, `FILE:LINE`.
    pub place: String,
    /// Its text, on one line.
    pub text: String,
    /// Moves in which it took something, promoted a piece, or (after sowing) applied.
    pub fired: u64,
    /// Those per game.
    pub per_game: f64,
    /// Pieces or stones it took.
    pub taken: u64,
    /// Pieces it promoted.
    pub promoted: u64,
    /// Times its `unless` held, so that its stones went back (after sowing).
    pub cancelled: u64,
}

/// The games one end rule ended.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct Ending {
    /// Its number among the end rules (from 1, as `rulebook show` lists them); `None` for
    /// the draw of a player without a move that no end rule judges.
    pub rule: Option<usize>,
    /// Its short name (`called "escape"`), else its condition.
    pub name: String,
    /// The games it ended, of all the games.
    pub games: Proportion,
}

/// One move rule's count.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(super) struct RuleCount {
    /// Its number in `rulebook show` (from 1).
    pub rule: usize,
    /// Its summary, as `rulebook show` prints it.
    pub text: String,
    /// Moves it made.
    pub fired: u64,
    /// Moves of it per game.
    pub per_game: f64,
    /// Of those, moves that took something.
    pub captures: u64,
    /// Pieces or stones its moves took.
    pub taken: u64,
}

/// The report of a tally of the games of a plan, played on `game` (by the plan's lineup in
/// seat order).
pub(super) fn report(game: &Game, plan: &Plan, tally: &SelfPlayTotals) -> Report {
    let n = tally.games.len() as u64;
    let players = game.about.players.len();
    let (wins, draws, unfinished) = outcomes(tally, players);
    let points = seat_points(game, tally);
    let decisive: u64 = wins.iter().sum();
    Report {
        game: format!(
            "{}{}",
            crate::render::terminal_safe(&game.about.name),
            super::super::common::settings_line(game)
        ),
        run: Run::of(plan, tally),
        results: Results {
            seats: (0..players)
                .map(|p| Seat {
                    player: game.about.players[p].clone(),
                    agent: plan.lineup.get(p).map_or("random".into(), |a| a.name()),
                    wins: wilson(wins[p], n),
                    points: points.as_ref().map(|points| SeatPoints {
                        total: points[p],
                        mean: points[p] as f64 / n.max(1) as f64,
                    }),
                })
                .collect(),
            losses: game.solo().then(|| wilson(wins[1], n)),
            draws: wilson(draws, n),
            unfinished: wilson(unfinished, n),
            first_player: wilson(wins.first().copied().unwrap_or(0), decisive),
        },
        endings: endings(game, tally),
        length: length(tally),
        branching: branching(tally),
        rules: rule_use(game, tally, n),
        decisiveness: decisiveness(tally, decisive),
    }
}

/// How the games of a tally came out: the wins per seat, the draws, and the games the cap
/// stopped. A game of one player has two seats too: its loss is the second seat's win.
fn outcomes(tally: &SelfPlayTotals, players: usize) -> (Vec<u64>, u64, u64) {
    let mut wins = vec![0u64; players.max(crate::model::PLAYERS)];
    let (mut draws, mut unfinished) = (0, 0);
    for g in &tally.games {
        match g.outcome {
            Some(Outcome::Win(p)) => wins[p.index()] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => unfinished += 1,
        }
    }
    (wins, draws, unfinished)
}

/// In a game whose wins may be worth more than 1, the points won per seat over the games
/// of a tally; `None` in other games.
fn seat_points(game: &Game, tally: &SelfPlayTotals) -> Option<Vec<u64>> {
    if !game.ends.scored() {
        return None;
    }
    let mut points = vec![0u64; crate::model::PLAYERS];
    for g in &tally.games {
        if let Some(Outcome::Win(p)) = g.outcome {
            points[p.index()] += u64::from(game.ends.win_points(g.ended_by.map(usize::from)));
        }
    }
    Some(points)
}

/// The lengths of the games of a tally: their mean, spread and percentiles, and each
/// game's by number.
fn length(tally: &SelfPlayTotals) -> Length {
    let all: Vec<u32> = tally.games.iter().map(|g| g.plies).collect();
    let mut lengths = all.clone();
    lengths.sort_unstable();
    let (mean, variance) = stats::mean_variance(lengths.iter().map(|&l| f64::from(l)));
    Length {
        mean,
        variance,
        median: median(&lengths),
        min: lengths.first().copied().unwrap_or(0),
        p10: percentile(&lengths, 0.10),
        p25: percentile(&lengths, 0.25),
        p75: percentile(&lengths, 0.75),
        p90: percentile(&lengths, 0.90),
        max: lengths.last().copied().unwrap_or(0),
        all,
    }
}

/// The legal moves per ply of a tally: over every position, by ply number, and per game.
fn branching(tally: &SelfPlayTotals) -> Branching {
    Branching {
        mean: ratio(tally.positions.legal, tally.positions.plies),
        by_ply: tally
            .positions
            .legal_by_ply
            .iter()
            .map(|&(s, c)| ratio(s, c))
            .collect(),
        per_game: (tally.games.iter())
            .map(|g| ratio(g.legal, u64::from(g.plies)))
            .collect(),
    }
}

/// What the rules of `game` did over the `games` games of a tally: per move rule, the
/// captures, the passes and swaps (moves of those rules), per effect, the jumps, the
/// moves the ban on repetition refused.
fn rule_use(game: &Game, tally: &SelfPlayTotals, games: u64) -> RuleUse {
    let kind_count = |f: &dyn Fn(&MoveKind) -> bool| -> u64 {
        (game.moves.iter().zip(&tally.move_rules.fired))
            .filter(|(r, _)| f(&r.kind))
            .map(|(_, n)| n)
            .sum()
    };
    RuleUse {
        moves: rule_counts(game, tally, games),
        captures: tally.move_rules.capturing.iter().sum(),
        taken: tally.move_rules.taken.iter().sum(),
        capture_sizes: pairs(&tally.sizes),
        captures_per_game: tally.games.iter().map(|g| g.captures).collect(),
        extra_turns: tally.extra_turns,
        passes: kind_count(&|k| matches!(k, MoveKind::Pass { .. })),
        swaps: kind_count(&|k| matches!(k, MoveKind::Swap)),
        marks: tally.marks,
        effects: effect_counts(game, tally, games),
        jumped: tally.jumped,
        jump_lengths: pairs(&tally.jumps),
        refused_by_repetition: tally.positions.refused,
        refusing_positions: tally.positions.refusing_positions,
    }
}

/// How the finished games of a tally ended: every end rule, with the games it ended (the
/// rules of one name, `called` alike, on one line, under the first), and the draws no end
/// rule judged if there were any.
fn endings(game: &Game, tally: &SelfPlayTotals) -> Vec<Ending> {
    let n = tally.games.len() as u64;
    let ended = |rule: Option<u8>| {
        let finished = tally.games.iter().filter(|g| g.outcome.is_some());
        finished.filter(|g| g.ended_by == rule).count() as u64
    };
    let mut named: Vec<(usize, String, u64)> = Vec::new();
    for r in 0..game.ends.rules.len() {
        let name = crate::render::end_rule_name(game, r);
        let games = ended(Some(r as u8));
        match named.iter_mut().find(|(_, n, _)| *n == name) {
            Some((_, _, count)) => *count += games,
            None => named.push((r + 1, name, games)),
        }
    }
    let mut endings: Vec<Ending> = (named.into_iter())
        .map(|(rule, name, games)| Ending {
            rule: Some(rule),
            name,
            games: wilson(games, n),
        })
        .collect();
    let unjudged = ended(None);
    if unjudged > 0 {
        endings.push(Ending {
            rule: None,
            name: "no legal move, no end rule: draw".into(),
            games: wilson(unjudged, n),
        });
    }
    endings
}

/// The decisiveness of the won games of a tally (`won` of them).
fn decisiveness(tally: &SelfPlayTotals, won: u64) -> Decisiveness {
    // Plies played before the winner led for good, over the game's plies.
    let shares: Vec<f64> = (tally.games.iter())
        .filter(|g| g.lead_from > 0)
        .map(|g| f64::from(g.lead_from - 1) / f64::from(g.plies.max(1)))
        .collect();
    let by_half = (tally.games.iter())
        .filter(|g| g.lead_from > 0 && 2 * (g.lead_from - 1) <= g.plies)
        .count() as u64;
    Decisiveness {
        winner_leads_at_end: wilson(shares.len() as u64, won),
        lead_taken_at: match shares.len() {
            0 => 0.0,
            n => shares.iter().sum::<f64>() / n as f64,
        },
        leads_by_half: wilson(by_half, won),
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// The non-zero entries of a histogram, as `[value, count]`.
fn pairs(histogram: &[u64]) -> Vec<(u64, u64)> {
    (histogram.iter().enumerate())
        .filter(|(_, &c)| c > 0)
        .map(|(s, &c)| (s as u64, c))
        .collect()
}

/// Per rule after a move, then per rule after sowing: where it is written and what it did
/// (one row for the rules compiled from one statement).
fn effect_counts(game: &Game, tally: &SelfPlayTotals, games: u64) -> Vec<EffectCount> {
    let count = |kind, source: &RuleSource, fired: u64, taken, promoted, cancelled| EffectCount {
        kind,
        name: crate::render::terminal_safe(source.name()).into_owned(),
        place: crate::render::terminal_safe(&source.place).into_owned(),
        text: crate::render::terminal_safe(&source.text).into_owned(),
        fired,
        per_game: ratio(fired, games),
        taken,
        promoted,
        cancelled,
    };
    let after_move = (game.sources.effects.iter().enumerate()).map(|(e, source)| {
        let (fired, promoted) = (tally.effects.fired[e], tally.effects.promoted[e]);
        count(
            "after move",
            source,
            fired + promoted,
            tally.effects.taken[e],
            promoted,
            0,
        )
    });
    let after_sow = (game.sources.sowing.iter().enumerate()).map(|(r, source)| {
        let (fired, taken, cancelled) = (
            tally.after_sowing.fired[r],
            tally.after_sowing.taken[r],
            tally.after_sowing.cancelled[r],
        );
        count("after sow", source, fired, taken, 0, cancelled)
    });
    // A statement compiled once per player (`side(forward)`) is one row.
    let mut rows: Vec<EffectCount> = Vec::new();
    for row in after_move.chain(after_sow) {
        match rows.last_mut() {
            Some(last)
                if (last.kind, &last.place, &last.text) == (row.kind, &row.place, &row.text) =>
            {
                last.fired += row.fired;
                last.per_game = ratio(last.fired, games);
                last.taken += row.taken;
                last.promoted += row.promoted;
                last.cancelled += row.cancelled;
            }
            _ => rows.push(row),
        }
    }
    rows
}

/// Per move rule: its summary text and what it did.
fn rule_counts(game: &Game, tally: &SelfPlayTotals, games: u64) -> Vec<RuleCount> {
    let texts = rule_texts(game);
    (0..game.moves.len())
        .map(|r| RuleCount {
            rule: r + 1,
            text: texts
                .get(r)
                .cloned()
                .unwrap_or_else(|| format!("move rule {}", r + 1)),
            fired: tally.move_rules.fired[r],
            per_game: ratio(tally.move_rules.fired[r], games),
            captures: tally.move_rules.capturing[r],
            taken: tally.move_rules.taken[r],
        })
        .collect()
}

/// The move rules as `rulebook show` lists them (`  1. slide north, east`), numbers cut.
fn rule_texts(game: &Game) -> Vec<String> {
    let summary = crate::render::summary(game);
    let mut lines = summary.lines().skip_while(|l| *l != "moves:").skip(1);
    let mut out = Vec::new();
    for (i, line) in (1..).zip(lines.by_ref()) {
        match line.trim_start().strip_prefix(&format!("{i}. ")) {
            Some(text) if line.starts_with("  ") => out.push(text.to_string()),
            _ => break,
        }
    }
    out
}

/// A proportion as `41.2% [40.3, 42.2]`.
fn pct(p: &Proportion) -> String {
    format!(
        "{:5.1}% [{:.1}, {:.1}]",
        100.0 * p.rate,
        100.0 * p.low,
        100.0 * p.high
    )
}

/// The report as text for people.
pub(super) fn text(r: &Report) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "game: {}", r.game);
    let agents: Vec<String> = r.results.seats.iter().map(|s| s.agent.clone()).collect();
    let _ = writeln!(
        o,
        "{} games{} (seed {}, cap {} plies), players: {}",
        r.run.games,
        match r.run.interrupted {
            true => format!(" of {} asked: interrupted", r.run.games_asked),
            false => String::new(),
        },
        r.run.seed,
        r.run.max_plies,
        agents.join(", ")
    );
    results_text(&mut o, r);
    endings_text(&mut o, r);
    length_text(&mut o, r);
    rules_text(&mut o, r);
    if r.results.losses.is_some() {
        // One player: no rival to lead.
        return o;
    }
    decisiveness_text(&mut o, &r.decisiveness);
    o
}

/// The results with their intervals: each seat's wins, the single player's losses, the
/// draws, the games the cap stopped, and (two players or more) the first player's share.
fn results_text(o: &mut String, r: &Report) {
    let _ = writeln!(o, "\nresults (95% intervals):");
    for s in &r.results.seats {
        let points = s.points.as_ref().map_or(String::new(), |p| {
            format!("  points {} ({:.2} a game)", p.total, p.mean)
        });
        let _ = writeln!(
            o,
            "  {:<12} wins {:>7}  {}{points}",
            s.player,
            s.wins.count,
            pct(&s.wins)
        );
    }
    if let Some(losses) = &r.results.losses {
        let _ = writeln!(
            o,
            "  {:<12} loses {:>6}  {}",
            r.results.seats.first().map_or("", |s| s.player.as_str()),
            losses.count,
            pct(losses)
        );
    }
    let _ = writeln!(
        o,
        "  {:<12} {:>12}  {}",
        "draws",
        r.results.draws.count,
        pct(&r.results.draws)
    );
    let _ = writeln!(
        o,
        "  {:<12} {:>12}  {}",
        "unfinished",
        r.results.unfinished.count,
        pct(&r.results.unfinished)
    );
    if r.results.losses.is_none() {
        first_player_text(o, r);
    }
}

/// How early the winner leads, by the game's own measure.
fn decisiveness_text(o: &mut String, d: &Decisiveness) {
    let _ = writeln!(
        o,
        "\ndecisiveness (by the game's own measure: score, else what the end rule compares, else pieces):"
    );
    let _ = match d.winner_leads_at_end.count {
        0 => writeln!(
            o,
            "  the measure never shows the winner ahead at the end ({} won games)",
            d.winner_leads_at_end.of
        ),
        n => writeln!(
            o,
            "  the winner leads at the end in {n} of the {} won games; there, the winner took the lead for good after {:.0}% of the game on average",
            d.winner_leads_at_end.of,
            100.0 * d.lead_taken_at
        ),
    };
    let _ = writeln!(
        o,
        "  the winner led for good by half of the game in {} of the won games",
        pct(&d.leads_by_half).trim_start()
    );
}

/// How the games ended, a line per end rule (the games the cap stopped are `unfinished`
/// in the results).
fn endings_text(o: &mut String, r: &Report) {
    let _ = writeln!(o, "\nhow the games ended, by end rule (95% intervals):");
    for e in &r.endings {
        let rule = e.rule.map_or("  ".into(), |r| format!("{r}."));
        let _ = writeln!(
            o,
            "  {rule} {:<30} {:>7}  {}",
            e.name,
            e.games.count,
            pct(&e.games)
        );
    }
}

fn length_text(o: &mut String, r: &Report) {
    let l = &r.length;
    let _ = writeln!(o, "\ngame length (plies):");
    let _ = writeln!(
        o,
        "  mean {:.1}, median {}, min {}, p10 {}, p25 {}, p75 {}, p90 {}, max {}",
        l.mean, l.median, l.min, l.p10, l.p25, l.p75, l.p90, l.max
    );
    let _ = writeln!(
        o,
        "  games that reached the cap of {} plies: {}",
        r.run.max_plies, r.results.unfinished.count
    );
    let b = &r.branching;
    let at = |ply: usize| {
        b.by_ply
            .get(ply - 1)
            .map_or("-".into(), |v| format!("{v:.1}"))
    };
    let _ = writeln!(
        o,
        "branching (legal moves per ply): mean {:.2}; at ply 1: {}, 10: {}, 50: {}, 100: {}",
        b.mean,
        at(1),
        at(10),
        at(50),
        at(100)
    );
}

fn rules_text(o: &mut String, r: &Report) {
    let rules = &r.rules;
    let _ = writeln!(o, "\nwhat the rules did:");
    for m in &rules.moves {
        let _ = writeln!(
            o,
            "  move rule {}: {} moves ({:.1} a game), {} capturing, {} taken: {}",
            m.rule, m.fired, m.per_game, m.captures, m.taken, m.text
        );
    }
    let sizes: Vec<String> = rules
        .capture_sizes
        .iter()
        .map(|(s, n)| format!("{s}:{n}"))
        .collect();
    let _ = writeln!(
        o,
        "  captures: {} moves took {} pieces or stones{}",
        rules.captures,
        rules.taken,
        match sizes.is_empty() {
            true => String::new(),
            false => format!(" (size:moves {})", sizes.join(" ")),
        }
    );
    for e in &rules.effects {
        let mut did = format!("{} taken", e.taken);
        if e.promoted > 0 {
            did = format!("{} promoted", e.promoted);
        }
        if e.cancelled > 0 {
            did += &format!(", {} taken back by `unless`", e.cancelled);
        }
        let _ = writeln!(
            o,
            "  {} rule {} ({}): {} times ({:.2} a game), {did}: {}",
            e.kind, e.place, e.name, e.fired, e.per_game, e.text
        );
    }
    if !rules.jump_lengths.is_empty() {
        let lengths: Vec<String> = (rules.jump_lengths.iter())
            .map(|(s, n)| format!("{s}:{n}"))
            .collect();
        let _ = writeln!(
            o,
            "  jumps: {} pieces taken by jumping (jumps:moves {})",
            rules.jumped,
            lengths.join(" ")
        );
    }
    let _ = writeln!(
        o,
        "  extra turns: {}, passes: {}, swaps: {}, sites marked: {}",
        rules.extra_turns, rules.passes, rules.swaps, rules.marks
    );
    if rules.refused_by_repetition > 0 {
        let _ = writeln!(
            o,
            "  refused by the ban on repetition: {} moves in {} positions",
            rules.refused_by_repetition, rules.refusing_positions
        );
    }
}

/// Of the games somebody won, the first player's share, and what it says.
fn first_player_text(o: &mut String, r: &Report) {
    let fair = 1.0 / r.results.seats.len().max(1) as f64;
    let fp = &r.results.first_player;
    let verdict = if fp.of == 0 {
        "no game was won"
    } else if fp.low > fair {
        "the first player is favoured"
    } else if fp.high < fair {
        "the first player is at a disadvantage"
    } else {
        "no significant first-player advantage"
    };
    let _ = writeln!(
        o,
        "  first player wins {} of the {} won games (fair: {:.1}%): {verdict}",
        pct(fp).trim_start(),
        fp.of,
        100.0 * fair
    );
}
