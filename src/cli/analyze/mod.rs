//! `rulebook analyze` and `rulebook match`: many seeded games played by random players or
//! the computer, on every core, and what they show about a rule set (results per seat
//! with their intervals, game length, branching, what each rule did) or about two players
//! (wins, draws, an Elo difference).
//!
//! Game `i` draws every random number from its own stream of the seed, so the figures are
//! the same on any number of threads. Ctrl-C stops the run and reports the games finished.

mod compare;
mod record;
mod report;
mod self_play;
pub mod served;
mod svg;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use clap::Args;

use super::common::{load, settings_line};
use super::{for_terminal, threads_or_all, GameArgs};
use crate::diag::plural;
use crate::engine::{Move, Outcome, State};
use crate::files::Replace;
use self_play::{Agent, GameResult, Plan, SelfPlayTotals};

/// The most games one run plays (each game's record is kept: 32 bytes a game).
const MAX_GAMES: u64 = 10_000_000;

/// The arguments of `rulebook analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Games to play (1 to 10,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Who plays every seat: random, the computer at a level (easy, medium, strong; by
    /// iterations only, so results do not depend on the machine), or baseline: a plain
    /// search to depth 2 judged by the game's evaluation (baseline3 to baseline9: deeper).
    #[arg(long, default_value = "random")]
    pub players: String,
    #[command(flatten)]
    pub run: RunArgs,
    /// Compare with another variant, played with the same seeds: the options of that
    /// variant as one argument (`--vs "--preset castle"`, `--vs "--set corner=off"`, or
    /// another rule file: `--vs "other.game --preset p"`); the game file is this one unless
    /// named, and this side's --preset and --set are not carried over.
    #[arg(long, value_name = "ARGS", allow_hyphen_values = true)]
    pub vs: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Write charts as SVG files into this folder (created if missing).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
}

/// The arguments of `rulebook match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The two players, comma-separated: `strong,medium` (random, easy, medium, strong, or
    /// baseline: a plain search to depth 2 judged by the game's evaluation; baseline3 for
    /// depth 3); in a game of more than two seats the second plays every seat but one.
    #[arg(long)]
    pub players: String,
    /// Games to play, 1 to 10,000,000 (the players change seats every game).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// Plies of random opening: each pair of games (each round, one game a seat, in a game
    /// of more) starts from the same seeded random opening of this many plies, once with
    /// each seating, drawn again while it moves a
    /// side's lead by the game's own measure by more than 2 (0: every game from the start).
    #[arg(long, default_value_t = DEFAULT_OPENING, value_name = "PLIES",
          value_parser = clap::value_parser!(u64).range(0..=100))]
    pub open: u64,
    #[command(flatten)]
    pub run: RunArgs,
    /// Score a game the cap stopped as a win for the side then ahead by at least MARGIN in
    /// the game's own measure (pieces, stones in store, points); capped games with a
    /// smaller lead still count as draws. Off by default.
    #[arg(long, value_name = "MARGIN",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub adjudicate: Option<u64>,
    /// Throw the same dice in every game of a pair (each round, one game a seat, in a game
    /// of more): the k-th throw after the opening is the same in each, whoever throws it,
    /// so the luck of the dice falls on each seating alike; the report adds the score over
    /// the pairs, whose interval leaves that luck out. A game with dice only.
    #[arg(long)]
    pub duplicate: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Write every game's moves to this file, one game per line, with its seats and
    /// result, again as each game ends (the file is replaced whole, never left half
    /// written), so that a run stopped or killed keeps the games it finished. A symbolic
    /// link is followed; a device, a FIFO or the rule file played is refused.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Continue a match stopped before its end (Ctrl-C, or killed), or play more games of a finished
    /// one (a larger --games): the games in the --record file, written by the same command,
    /// are replayed from their moves rather than played again, the others are played, and
    /// the report and the record are those of a run never stopped (no file yet: every
    /// game is played).
    #[arg(long, requires = "record")]
    pub resume: bool,
    /// Write the --record file even over a file this command read as the rule file.
    #[arg(long, requires = "record")]
    pub force: bool,
}

/// Plies of random opening a match plays before its players take over, unless told.
const DEFAULT_OPENING: u64 = 4;

/// What `analyze` and `match` share: the seed, the cap, the threads.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Seed: game i draws from its own stream of it, on whichever thread it is played.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many plies (counted as unfinished).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_plies: u64,
    /// Threads to play on: all cores by default.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
}

/// The agent a user names, or a clear refusal.
fn agent(name: &str) -> Result<Agent, String> {
    Agent::named(name.trim()).ok_or_else(|| {
        format!(
            "error: unknown player `{}`: expected random, baseline, easy, medium or strong",
            crate::render::terminal_safe(name.trim())
        )
    })
}

/// Runs `rulebook analyze`.
pub(super) fn run_analyze(args: &AnalyzeArgs) -> Result<(), String> {
    let who = agent(&args.players)?;
    let game = load(&args.game)?;
    let other = match &args.vs {
        Some(text) => Some(load(&compare::vs_game(&args.game, text)?).map_err(|e| {
            format!(
                "{}\n = note: in the variant of --vs \"{}\"",
                e.trim_end(),
                crate::render::terminal_safe(text)
            )
        })?),
        None => None,
    };
    let svg_dir = match &args.svg {
        Some(dir) => Some(svg::prepare(dir)?),
        None => None,
    };
    let stop = stop_on_ctrl_c();
    let lineup = vec![who; game.about.players.len()];
    let first = analyse(&game, &lineup, args, &stop);
    if first.run.games == 0 && first.run.interrupted {
        return Err(NOTHING_FINISHED.into());
    }
    let second = match &other {
        Some(g) if !stop.load(Ordering::Relaxed) => {
            Some(analyse(g, &vec![who; g.about.players.len()], args, &stop))
        }
        _ => None,
    };
    if let Some(dir) = &svg_dir {
        svg::write_all(dir, &first, second.as_ref())?;
    }
    match (&second, args.json) {
        (None, true) => println!("{}", json(&first)?),
        (None, false) => print!("{}", for_terminal(&report::text(&first))),
        (Some(b), true) => println!("{}", json(&compare::compare(&first, b))?),
        (Some(b), false) => print!("{}", for_terminal(&compare::text(&first, b))),
    }
    if let Some(dir) = &svg_dir {
        eprintln!("charts written to {}", dir.display());
    }
    if other.is_some() && second.is_none() {
        eprintln!("interrupted before the variant of --vs was played: no comparison");
    }
    Ok(())
}

/// Plays the games of one analysis and makes its report.
fn analyse(
    game: &Arc<crate::model::Game>,
    lineup: &[Agent],
    args: &AnalyzeArgs,
    stop: &AtomicBool,
) -> report::Report {
    let start = State::new(Arc::clone(game));
    let plan = Plan {
        start: &start,
        lineup: lineup.to_vec(),
        rotate: false,
        open: 0,
        games: args.games,
        seed: args.run.seed,
        max_plies: args.run.max_plies as usize,
        threads: threads_or_all(args.run.threads),
        record: false,
        replays: None,
        duplicate: false,
    };
    let tally = run_with_progress(&plan, stop, None);
    report::report(game, &plan, &tally)
}

/// What an interrupted run says instead of a report of no games.
const NOTHING_FINISHED: &str = "error: interrupted before any game finished: nothing to report";

/// A flag that Ctrl-C sets (if the handler can be installed; otherwise one never set).
fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    stop
}

/// A line to print for a game as it ends, from its result and moves.
type Log<'a> = dyn Fn(&GameResult, &[Move]) -> String + Sync + 'a;

/// Plays a plan with a progress bar on standard error (only when it is a terminal). `log`
/// gives a line to print for each game as it ends (on standard error, above the bar).
fn run_with_progress(plan: &Plan, stop: &AtomicBool, log: Option<&Log>) -> SelfPlayTotals {
    if !std::io::stderr().is_terminal() {
        return self_play::play(plan, stop, &|g, moves| {
            if let Some(line) = log.map(|f| f(g, moves)) {
                eprintln!("{line}");
            }
        });
    }
    let bar = indicatif::ProgressBar::new(plan.games);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} {wide_bar} {pos}/{len} games, {elapsed} so far{msg} (Ctrl-C stops)",
    ) {
        bar.set_style(style);
    }
    // Drawn from the start and redrawn as time passes, so that a run whose games are long
    // (computer players) shows it is working before the first game ends.
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let tally = self_play::play(plan, stop, &|g, moves| {
        if let Some(line) = log.map(|f| f(g, moves)) {
            bar.println(line);
        }
        bar.inc(1);
        // The time left is guessed from the games finished: none before the first.
        bar.set_message(format!(", {} left", indicatif::HumanDuration(bar.eta())));
    });
    bar.finish_and_clear();
    tally
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value).map_err(|e| format!("error: {e}"))
}

/// The result of a match, from the first player's side.
#[derive(Debug, serde::Serialize)]
struct MatchReport {
    game: String,
    players: [String; 2],
    /// The game's seats: the first player named plays one, the second every other.
    seats: u64,
    /// The games asked for and played, the seed and the cap.
    #[serde(flatten)]
    run: report::Run,
    /// Plies of the random opening each round of games (one per seat) shares.
    open: u64,
    /// How the finished games came out for the first player named.
    #[serde(flatten)]
    results: MatchResults,
    /// The games the cap stopped, and those `--adjudicate` scored.
    #[serde(flatten)]
    capped: CappedGames,
    /// The first player named's wins by the seat they played (the first mover's first).
    wins_by_seat: Vec<u64>,
    /// The points the wins were worth.
    #[serde(flatten)]
    points: MatchPoints,
    /// How much stronger the first player named is than the second.
    #[serde(flatten)]
    strength: Strength,
}

/// The finished games of a match, from the first player's side.
#[derive(Debug, Default, serde::Serialize)]
struct MatchResults {
    /// Wins of the first player named, draws, wins of the second (in any seat).
    wins: u64,
    draws: u64,
    losses: u64,
}

/// The points of a match's finished games, from the first player's side: a win is worth
/// 1, or more where an end rule says so (`mover wins 2`); a draw, nothing.
#[derive(Debug, Default, serde::Serialize)]
struct MatchPoints {
    /// The points won by the first player named, and by the second (in any seat).
    points: u64,
    points_against: u64,
    /// The same a game: over every game played, the unfinished too.
    mean_points: f64,
    mean_points_against: f64,
    /// Whether a win of the game may be worth more than 1 (the text then gives the points).
    #[serde(skip)]
    scored: bool,
}

/// The games of a match that the cap stopped, and those `--adjudicate` scored.
#[derive(Debug, Default, serde::Serialize)]
struct CappedGames {
    /// Games stopped by the cap (counted as draws in the score).
    unfinished: u64,
    /// Unfinished games in which the first player named led by the game's own measure at
    /// the cap, and those in which the second did.
    unfinished_ahead: u64,
    unfinished_behind: u64,
    /// With `--adjudicate`: the lead at the cap that wins an unfinished game.
    adjudicate: Option<u64>,
    /// Unfinished games scored as wins of the first player named, and of the second, by
    /// `--adjudicate` (counted in neither `wins` nor `losses`).
    adjudicated_wins: u64,
    adjudicated_losses: u64,
}

/// How strong the first player named is against the second, from a match's score.
#[derive(Debug, serde::Serialize)]
struct Strength {
    /// The first player named's wins (adjudicated ones too) as a share of the games.
    win_share: crate::analysis::stats::Proportion,
    /// The share of wins a player as strong as the others would have: one in `seats`.
    even_share: f64,
    /// Two seats: the Elo difference of the first player named over the second (none
    /// with more seats, where the second plays several at once).
    elo: Option<crate::analysis::stats::EloEstimate>,
    /// With `--duplicate`: the score over the rounds, each thrown the same dice.
    rounds: Option<RoundScore>,
}

/// The first player named's score over a match's rounds of games (one game a seat, the
/// same dice in each: `--duplicate`), each round's score its games' mean, with a 95%
/// interval from the spread of the rounds' scores (normal; every score for a single
/// round): where the dice favour a seat,
/// they do in every game of the round, so that luck leaves the round's score.
#[derive(Debug, serde::Serialize)]
struct RoundScore {
    /// The rounds whose every game finished or was stopped by the cap (others left out).
    rounds: u64,
    /// The mean of the rounds' scores, and the ends of its interval.
    score: f64,
    low: f64,
    high: f64,
    /// The Elo difference of those three (two seats; none with more).
    elo: Option<[f64; 3]>,
}

impl RoundScore {
    /// The score of the first player named over the complete rounds of `tally`'s games,
    /// an unfinished game counting half unless `adjudicate` scores it (as in the match's
    /// score); `None` when no round is complete.
    fn of(tally: &SelfPlayTotals, seats: usize, adjudicate: Option<u64>) -> Option<RoundScore> {
        let mut rounds: std::collections::BTreeMap<u64, (usize, f64)> = Default::default();
        for g in &tally.games {
            let round = rounds.entry(g.index / seats as u64).or_default();
            round.0 += 1;
            round.1 += first_named_score(g, adjudicate);
        }
        let scores = (rounds.values())
            .filter(|&&(games, _)| games == seats)
            .map(|&(_, points)| points / seats as f64);
        let n = scores.clone().count();
        if n == 0 {
            return None;
        }
        let (score, variance) = crate::analysis::stats::mean_variance(scores);
        // One round shows no spread: its interval is every score.
        let half = match n {
            1 => 1.0,
            _ => 1.96 * (variance / n as f64).sqrt(),
        };
        let (low, high) = ((score - half).max(0.0), (score + half).min(1.0));
        let elo = crate::analysis::stats::elo;
        Some(RoundScore {
            rounds: n as u64,
            score,
            low,
            high,
            elo: (seats == 2).then(|| [elo(score), elo(low), elo(high)]),
        })
    }
}

/// The first player named's score in game `g`: 1 won, 0 lost, a half drawn or stopped by
/// the cap, unless `adjudicate` gives it to the side ahead.
fn first_named_score(g: &GameResult, adjudicate: Option<u64>) -> f64 {
    let seat = usize::from(g.rotation);
    let decides = decided_at_cap(g, adjudicate);
    match (g.outcome, g.leader) {
        (Some(Outcome::Win(p)), _) => f64::from(u8::from(p.index() == seat)),
        (None, Some(p)) if decides => f64::from(u8::from(p.index() == seat)),
        _ => 0.5,
    }
}

/// Whether game `g`, if the cap stopped it, goes to the side ahead: its lead is at least
/// `adjudicate`.
fn decided_at_cap(g: &GameResult, adjudicate: Option<u64>) -> bool {
    adjudicate.is_some_and(|m| u64::from(g.margin) >= m)
}

/// Runs `rulebook match`: two players, seats turned round every game (in a game of more
/// than two, the second player named in every seat but the first's), wins, draws and an
/// Elo difference (more than two seats: the first player's share of wins).
pub(super) fn run_match(args: &MatchArgs) -> Result<(), String> {
    let names: Vec<&str> = args.players.split(',').collect();
    let [a, b] = names[..] else {
        return Err(
            "error: --players: expected two players, comma-separated: strong,medium".into(),
        );
    };
    let game = load(&args.game)?;
    let seats = game.about.players.len();
    if seats < 2 {
        return Err(format!(
            "error: a match needs a game of two players or more; this one has {seats}"
        ));
    }
    if args.duplicate && game.facts.roll_rule.is_none() {
        return Err(format!(
            "error: --duplicate: {} throws no dice: its games have no luck to share",
            crate::render::terminal_safe(&game.about.name)
        ));
    }
    let lineup = match_lineup(agent(a)?, agent(b)?, seats);
    let stop = stop_on_ctrl_c();
    let start = State::new(Arc::clone(&game));
    let replays;
    let mut plan = Plan {
        start: &start,
        lineup: lineup.clone(),
        rotate: true,
        open: args.open as usize,
        games: args.games,
        seed: args.run.seed,
        max_plies: args.run.max_plies as usize,
        threads: threads_or_all(args.run.threads),
        record: args.record.is_some(),
        replays: None,
        duplicate: args.duplicate,
    };
    let replace = Replace::forced(args.force);
    if let Some(path) = &args.record {
        record::check_writable(path, replace)?;
        if args.resume {
            replays = record::read(path, &plan)?;
            eprintln!(
                "resuming: {} of {} games from {} (replayed, not played again)",
                replays.len(),
                plan.games,
                path.display()
            );
            plan.replays = Some(&replays);
        }
    }
    let finished = AtomicU64::new(0);
    let kept = args
        .record
        .as_deref()
        .map(|path| record::Kept::new(path, &plan, replace));
    let log = |g: &GameResult, moves: &[Move]| {
        let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
        let line = format!("[{n}/{}] {}", plan.games, record::game_line(&plan, g));
        match kept.as_ref().map(|k| k.add(g, moves)) {
            Some(Err(e)) => format!("{line}\n{e}"),
            _ => line,
        }
    };
    let tally = run_with_progress(&plan, &stop, Some(&log));
    if tally.games.is_empty() && args.games > 0 {
        return Err(NOTHING_FINISHED.into());
    }
    if let Some(path) = &args.record {
        record::write(path, &plan, &tally, replace)?;
    }
    let m = match_report(&tally, &plan, &game, &lineup, args);
    if args.json {
        println!("{}", json(&m)?);
    } else {
        print!("{}", for_terminal(&match_text(&m)));
    }
    Ok(())
}

/// The lineup of a match in a game of `seats`: `a` in the first seat, `b` in every other.
fn match_lineup(a: Agent, b: Agent, seats: usize) -> Vec<Agent> {
    let mut lineup = vec![b; seats];
    lineup[0] = a;
    lineup
}

fn match_report(
    tally: &SelfPlayTotals,
    plan: &Plan,
    game: &crate::model::Game,
    lineup: &[Agent],
    args: &MatchArgs,
) -> MatchReport {
    let seats = lineup.len();
    let (results, capped, wins_by_seat) = match_counts(tally, seats, args.adjudicate);
    let run = report::Run::of(plan, tally);
    let wins = results.wins + capped.adjudicated_wins;
    let strength = Strength {
        win_share: crate::analysis::stats::wilson(wins, run.games),
        even_share: 1.0 / seats as f64,
        elo: (seats == 2).then(|| {
            crate::analysis::stats::elo_estimate(
                wins,
                results.draws + capped.unfinished
                    - capped.adjudicated_wins
                    - capped.adjudicated_losses,
                results.losses + capped.adjudicated_losses,
            )
        }),
        rounds: (args.duplicate)
            .then(|| RoundScore::of(tally, seats, args.adjudicate))
            .flatten(),
    };
    MatchReport {
        game: format!(
            "{}{}",
            crate::render::terminal_safe(&game.about.name),
            settings_line(game)
        ),
        players: [lineup[0].name(), lineup[1].name()],
        seats: seats as u64,
        run,
        open: plan.open as u64,
        results,
        capped,
        wins_by_seat,
        points: match_points(tally, game),
        strength,
    }
}

/// The points of the finished games of a match, from the first player's side.
fn match_points(tally: &SelfPlayTotals, game: &crate::model::Game) -> MatchPoints {
    let mut m = MatchPoints {
        scored: game.ends.scored(),
        ..MatchPoints::default()
    };
    for g in &tally.games {
        if let Some(Outcome::Win(p)) = g.outcome {
            let points = u64::from(game.ends.win_points(g.ended_by.map(usize::from)));
            match p.index() == usize::from(g.rotation) {
                true => m.points += points,
                false => m.points_against += points,
            }
        }
    }
    let games = tally.games.len().max(1) as f64;
    m.mean_points = m.points as f64 / games;
    m.mean_points_against = m.points_against as f64 / games;
    m
}

/// The games of a match in a game of `seats`, from the first player's side: how the
/// finished ones came out, the unfinished ones (scored as wins when a lead of `adjudicate`
/// or more decides them), and the first player's wins by seat.
fn match_counts(
    tally: &SelfPlayTotals,
    seats: usize,
    adjudicate: Option<u64>,
) -> (MatchResults, CappedGames, Vec<u64>) {
    let mut results = MatchResults::default();
    let mut capped = CappedGames {
        adjudicate,
        ..CappedGames::default()
    };
    let mut by_seat = vec![0; seats];
    for g in &tally.games {
        // The seat of the first player named in this game.
        let seat = usize::from(g.rotation);
        match g.outcome {
            Some(Outcome::Win(p)) if p.index() == seat => {
                results.wins += 1;
                by_seat[seat] += 1;
            }
            Some(Outcome::Win(_)) => results.losses += 1,
            Some(Outcome::Draw) => results.draws += 1,
            None => {
                capped.unfinished += 1;
                let decides = decided_at_cap(g, adjudicate);
                match g.leader {
                    Some(p) if p.index() == seat => {
                        capped.unfinished_ahead += 1;
                        capped.adjudicated_wins += u64::from(decides);
                    }
                    Some(_) => {
                        capped.unfinished_behind += 1;
                        capped.adjudicated_losses += u64::from(decides);
                    }
                    None => {}
                }
            }
        }
    }
    (results, capped, by_seat)
}

fn match_text(m: &MatchReport) -> String {
    let [a, b] = &m.players;
    let mut o = format!("game: {}\n", m.game);
    let (seating, round) = match m.seats {
        2 => (
            format!("seats alternated ({a} moves first in even games)"),
            "pair",
        ),
        n => (
            format!(
                "{a} against {} {b}, {a} in seat k + 1 in game k modulo {n}",
                n - 1
            ),
            "round",
        ),
    };
    let opening = match m.open {
        0 => "from the start".to_string(),
        n => format!("each {round} from the same random opening of {n} plies"),
    };
    o += &format!(
        "{} game{}{} (seed {}, cap {} plies), {seating}, {opening}\n",
        m.run.games,
        plural(m.run.games as usize),
        if m.run.interrupted {
            format!(" of {} asked: interrupted", m.run.games_asked)
        } else {
            String::new()
        },
        m.run.seed,
        m.run.max_plies
    );
    let by_seat = match &m.wins_by_seat[..] {
        [first, second] => format!("{first} moving first, {second} moving second"),
        seats => format!("by seat {}", join_numbers(seats)),
    };
    o += &format!(
        "{a} wins {} ({by_seat}), draws {}, {b} wins {}, unfinished {}{}\n",
        m.results.wins,
        m.results.draws,
        m.results.losses,
        m.capped.unfinished,
        if m.capped.unfinished > 0 {
            format!(
                " ({a} ahead in {}, {b} in {}, by the game's own measure)",
                m.capped.unfinished_ahead, m.capped.unfinished_behind
            )
        } else {
            String::new()
        }
    );
    if m.points.scored {
        let p = &m.points;
        o += &format!(
            "points: {a} {} ({:.2} a game), {b} {} ({:.2} a game)\n",
            p.points, p.mean_points, p.points_against, p.mean_points_against
        );
    }
    o + &match_score(m)
}

/// Numbers separated by commas: `18, 17, 18`.
fn join_numbers(numbers: &[u64]) -> String {
    let texts: Vec<String> = numbers.iter().map(u64::to_string).collect();
    texts.join(", ")
}

/// A match's last lines: the games adjudicated, and the score of the first player named
/// with its Elo difference (two seats) or its share of wins beside an even player's.
fn match_score(m: &MatchReport) -> String {
    let [a, b] = &m.players;
    let mut o = String::new();
    let counted = match m.capped.adjudicate {
        None => "unfinished games count as draws".to_string(),
        Some(margin) => {
            o += &format!(
                "adjudicated at the cap (a lead of {margin} or more wins): {a} {}, {b} {}\n",
                m.capped.adjudicated_wins, m.capped.adjudicated_losses
            );
            "adjudicated games count as wins, the other unfinished ones as draws".to_string()
        }
    };
    let elo = |v: f64| match v {
        v if v == f64::INFINITY => "+inf".to_string(),
        v if v == f64::NEG_INFINITY => "-inf".to_string(),
        v => format!("{v:+.0}"),
    };
    let share = |v: f64| format!("{:.1}%", 100.0 * v);
    o += &match &m.strength.elo {
        Some(e) => format!(
            "score of {a}: {:.1}%; Elo difference {a} - {b}: {} [{}, {}] (95%; {counted})\n",
            100.0 * e.score,
            elo(e.elo),
            elo(e.low),
            elo(e.high)
        ),
        None => format!(
            "{a} won {} of the games [{}, {}] (95%), where a player as strong as the others would win {}\n",
            share(m.strength.win_share.rate),
            share(m.strength.win_share.low),
            share(m.strength.win_share.high),
            share(m.strength.even_share)
        ),
    };
    if let Some(r) = &m.strength.rounds {
        let round = if m.seats == 2 { "pair" } else { "round" };
        o += &format!(
            "the same dice in each {round}: over {} {round}s, score of {a}: {} [{}, {}]{} (95%, from the spread of the {round}s' scores)\n",
            r.rounds,
            share(r.score),
            share(r.low),
            share(r.high),
            r.elo.map_or(String::new(), |[e, low, high]| format!(
                "; Elo difference {a} - {b}: {} [{}, {}]",
                elo(e),
                elo(low),
                elo(high)
            )),
        );
    }
    o
}
