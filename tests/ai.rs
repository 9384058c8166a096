//! The computer opponent: against a uniformly random player in the first four bundled
//! games (Ming Mang, Gundru, Migong, Mangala) and their variants, against the depth-2
//! baseline in every bundled game, and the search's own rules (seeds, budgets, stops).
//!
//! Each strength test plays 20 seeded games searching 1,000 positions a move (far below
//! the default level's, `medium`'s, 500,000) and no time limit, so that the result is the
//! same on every machine, the AI taking the first player's side in even games and the
//! second's in odd ones. A game that reaches the ply cap unfinished counts as not won. The
//! strength tests take minutes, so they run with the deep tests (`tests/deep.sh`); the
//! quick suite keeps
//! `a_few_cheap_searches_beat_random_by_a_clear_margin`, which fails as well if the
//! computer stops playing sensibly.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rulebook::ai::{level, think_times, Budget, Judgement, Level, Searcher, DEFAULT_LEVEL};
use rulebook::analysis::Rng;
use rulebook::engine::{Move, MoveList, Outcome, QuietMemo, State};
use rulebook::model::{Player, Site};
use rulebook::{notation, pipeline};

use crate::common::bin;
use crate::common::deadline::finishes_within;

const GAMES: u64 = 20;

/// The quick check's games, iterations a move and the wins it needs.
const QUICK_GAMES: u64 = 10;
const QUICK_ITERATIONS: u64 = 100;
const QUICK_WINS: u64 = 9;

/// Plays [`GAMES`] games; returns how many the AI won.
fn wins_against_random(
    game: &str,
    preset: Option<&str>,
    sets: &[&str],
    iterations: u64,
    max_plies: usize,
) -> u64 {
    wins_in_games(game, preset, sets, iterations, max_plies, GAMES)
}

/// Plays `games` seeded games of the AI against a random player; returns the AI's wins.
fn wins_in_games(
    game: &str,
    preset: Option<&str>,
    sets: &[&str],
    iterations: u64,
    max_plies: usize,
    games: u64,
) -> u64 {
    let game = pipeline::load(
        game,
        preset,
        &sets.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .expect("the game loads");
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new();
    let mut wins = 0;
    let mut moves = MoveList::new();
    for seed in 0..games {
        let ai_side = Player::new((seed % 2) as usize).unwrap();
        let mut state = State::new(game.clone());
        let mut rng = Rng::new(1000 + seed);
        for ply in 0..max_plies {
            let m = if state.to_move() == ai_side {
                match searcher.think(
                    &state,
                    Budget::iterations(iterations),
                    seed * 7919 + ply as u64,
                    &stop,
                ) {
                    Some(t) => t.best,
                    None => break,
                }
            } else {
                match state.pick_legal_move(&mut moves, |n| rng.below(n)) {
                    Some(m) => m,
                    None => break,
                }
            };
            notation::play(&mut state, m).expect("every move played is legal");
        }
        if state.outcome() == Some(Outcome::Win(ai_side)) {
            wins += 1;
        }
    }
    eprintln!("{}: the AI won {wins} of {games}", game.about.name);
    wins
}

fn default_iterations() -> u64 {
    level(DEFAULT_LEVEL)
        .expect("the default level exists")
        .iterations
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_mangala_games() {
    assert_eq!(default_iterations(), 500_000);
    let wins = wins_against_random("mangala", None, &[], 1000, 500);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_mangala_castle_games() {
    let wins = wins_against_random("mangala", Some("castle"), &[], 1000, 500);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_gundru_games() {
    let wins = wins_against_random("gundru", None, &[], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

/// Ming Mang's default preset is 17x17 with over 300 moves a position: 20 games take
/// about three minutes of one core.
#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_ming_mang_17x17_games() {
    let wins = wins_against_random("ming-mang", None, &[], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_ming_mang_9x9_games() {
    let wins = wins_against_random("ming-mang", None, &["size=9"], 1000, 600);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_migong_games() {
    let wins = wins_against_random("migong", None, &[], 1000, 300);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

#[test]
#[ignore = "minutes of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_1000_iterations_beats_random_in_18_of_20_migong_extent_games() {
    let wins = wins_against_random("migong", Some("extent"), &[], 1000, 300);
    assert!(wins >= 18, "the AI won {wins} of {GAMES}");
}

/// The quick check kept in `cargo test`: at a small iteration count the computer still
/// wins nearly every game against a random player (a random player in its place would win
/// about half), on a small game that ends quickly.
#[test]
fn a_few_cheap_searches_beat_random_by_a_clear_margin() {
    let wins = wins_in_games("mangala", None, &[], QUICK_ITERATIONS, 500, QUICK_GAMES);
    assert!(
        wins >= QUICK_WINS,
        "the AI won {wins} of {QUICK_GAMES} at {QUICK_ITERATIONS} iterations"
    );
}

/// How long a search with a time budget of milliseconds may take before its test gives up
/// on it: far beyond any budget, for a loaded machine.
const BUDGET_OVERRUN: Duration = Duration::from_secs(20);

fn start(game: &str, sets: &[&str]) -> State {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    State::new(pipeline::load(game, None, &sets).expect("the game loads"))
}
#[test]
fn the_same_seed_gives_the_same_move_and_the_move_is_legal() {
    let state = start("gundru", &[]);
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new();
    let a = s.think(&state, Budget::iterations(300), 5, &stop).unwrap();
    let b = Searcher::new()
        .think(&state, Budget::iterations(300), 5, &stop)
        .unwrap();
    assert_eq!(a.best, b.best);
    assert_eq!(a.iterations, b.iterations);
    // The limit is looked at every 256 positions, after the first depth.
    assert!(a.iterations >= 300 && a.iterations < 300 + 256, "{a:?}");
    assert!(!a.interrupted);
    let mut check = state.clone();
    assert!(notation::play(&mut check, a.best).is_ok());
}

#[test]
fn a_stop_request_ends_the_search_after_the_first_depth() {
    let state = start("gundru", &[]);
    let stop = AtomicBool::new(true);
    let t = Searcher::new()
        .think(&state, Budget::iterations(1_000_000), 1, &stop)
        .unwrap();
    assert_eq!(t.depth, 1);
    assert!(t.iterations < 1000, "{t:?}");
    assert!(t.interrupted);
}

/// The search runs on a thread of its own, waited for at most [`BUDGET_OVERRUN`]: a
/// budget that does not stop it fails the test (after the stop flag is set) instead of
/// hanging it.
#[test]
fn a_time_budget_stops_a_huge_iteration_budget() {
    let state = start("gundru", &[]);
    for threads in [1, 2] {
        let budget = Budget {
            iterations: u64::MAX,
            time: Some(Duration::from_millis(50)),
            depth: 64,
            threads,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let (searched, flag) = (state.clone(), Arc::clone(&stop));
        let thought = finishes_within(BUDGET_OVERRUN, move || {
            Searcher::new().think(&searched, budget, 1, &flag)
        });
        let t = thought
            .unwrap_or_else(|limit| {
                stop.store(true, Ordering::Relaxed);
                panic!("a 50 ms budget on {threads} thread(s) did not stop the search in {limit:?}")
            })
            .unwrap();
        assert!(t.iterations > 1 && t.iterations < u64::MAX);
        assert!(t.depth >= 1 && t.depth < 64, "{t:?}");
        assert!(!t.interrupted);
        let mut check = state.clone();
        assert!(notation::play(&mut check, t.best).is_ok());
    }
}

/// Medium looks no further than its depth where its positions would carry it further: in
/// Ayoayo, whose moves are few.
#[test]
fn medium_stops_at_its_depth_where_its_positions_reach_further() {
    let state = start("ayoayo", &[]);
    let stop = AtomicBool::new(false);
    let medium = level("medium").unwrap();
    let think = |budget| Searcher::new().think(&state, budget, 1, &stop).unwrap();
    let capped = think(Budget::reproducible(&medium));
    assert_eq!(capped.depth, medium.depth, "{capped:?}");
    assert!(capped.iterations < medium.iterations, "{capped:?}");
    let uncapped = think(Budget::iterations(medium.iterations));
    assert!(uncapped.depth > medium.depth, "{uncapped:?}");
}

#[test]
fn no_move_when_the_game_is_over_and_the_only_move_at_once() {
    let mut state = start("mangala", &[]);
    let (_, outcome) = rulebook::analysis::random_game(&mut state, 3, 10_000);
    assert!(outcome.is_some());
    let stop = AtomicBool::new(false);
    assert!(Searcher::new()
        .think(&state, Budget::iterations(10), 1, &stop)
        .is_none());
}

#[test]
fn it_takes_a_free_capture() {
    // Ming Mang on 4x4: c4-c2 takes the white piece on b2 between a2 and c2.
    let game: Arc<_> = pipeline::load("ming-mang", None, &["size=4".to_string()]).unwrap();
    let diagram = ". . B .\n. . . .\nB W . .\n. . . W\n";
    let cells = rulebook::render::parse_diagram(&game, diagram).unwrap();
    let state = State::with_cells(game, cells, Player::FIRST);
    let stop = AtomicBool::new(false);
    let t = Searcher::new()
        .think(&state, Budget::iterations(2000), 9, &stop)
        .unwrap();
    assert_eq!(notation::move_text(&state, t.best), "c4-c2");
    assert!(t.value > 0.5, "{t:?}");
}

#[test]
fn it_counts_every_move_thought_about() {
    let game = pipeline::load("mangala", None, &[]).unwrap();
    let level = Level {
        name: "test",
        iterations: 20,
        seconds: 0.05,
        depth: 2,
    };
    let r = think_times(&State::new(game), &level, 5, 1);
    assert_eq!(r.moves, 5);
    assert!(r.max_seconds >= r.mean_seconds && r.mean_seconds > 0.0);
    assert!(r.mean_depth >= 1.0 && r.mean_depth <= 2.0, "{r:?}");
}

/// In a game of chance the computer throws the dice without thinking: a throw is passed
/// over, and only the moves are counted (before, the opening roll counted as a move
/// searched to depth 0).
#[test]
fn it_counts_no_throw_as_a_move_thought_about() {
    let game = pipeline::load("backgammon", None, &[]).unwrap();
    let level = Level {
        name: "test",
        iterations: 2_000,
        seconds: 5.0,
        depth: 1,
    };
    let r = think_times(&State::new(game), &level, 4, 1);
    assert_eq!(r.moves, 4, "{r:?}");
    assert_eq!(r.mean_depth, 1.0, "every move searched one turn: {r:?}");
    assert_eq!(r.stopped_by_time, 0, "{r:?}");
}

/// The computer judges an unfinished game by the game's own estimate, derived from its
/// rules and not from the kind of board: pieces where the end rule counts no store or score,
/// the store where `most in store wins`, the score where the game has one.
#[test]
fn the_estimate_of_an_unfinished_game_follows_the_rules() {
    use rulebook::model::{Expr, PlayerRef};
    let load = |name: &str| pipeline::load(name, None, &[]).expect("a bundled game");
    let ming_mang = load("ming-mang");
    assert_eq!(
        ming_mang.heuristics.estimate,
        Expr::Pieces(PlayerRef::Mover)
    );
    let migong = load("migong");
    assert_eq!(
        Some(&migong.heuristics.estimate),
        migong.ends.score.as_ref()
    );

    let mangala = load("mangala");
    let mut state = State::new(Arc::clone(&mangala));
    notation::play_text(&mut state, "4").expect("pit 4 sows into the store");
    let store = |p: Player| i64::from(state.count(mangala.board.store(p)));
    assert_eq!(store(Player::FIRST), 1);
    for p in Player::all(2) {
        assert_eq!(state.value(p, &mangala.heuristics.estimate), store(p));
    }
}

/// Who plays a seat in [`play_match`].
#[derive(Clone, Copy, Debug)]
enum Who {
    /// The computer at a level, by its reproducible budget.
    Level(&'static str),
    /// The plain search to depth 2 ([`Searcher::baseline`]).
    Baseline,
}

/// Plays `games` seeded games of `a` against `b`, seats alternated (`a` moves first in even
/// games), each pair of games from the same random opening of `open` plies; returns `a`'s
/// wins, draws (with games unfinished after `max_plies`) and losses.
fn play_match(
    game: &str,
    preset: Option<&str>,
    (a, b): (Who, Who),
    (games, open): (u64, usize),
    max_plies: usize,
) -> (u64, u64, u64) {
    let game = pipeline::load(game, preset, &[]).expect("the game loads");
    let stop = AtomicBool::new(false);
    let mut searchers = [Searcher::new(), Searcher::new()];
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut list = MoveList::new();
    for i in 0..games {
        let a_seat = Player::new((i % 2) as usize).unwrap();
        let mut state = State::new(game.clone());
        let mut opening = Rng::stream(7, i / 2);
        for _ in 0..open {
            if let Some(m) = state.pick_legal_move(&mut list, |n| opening.below(n)) {
                state.apply(m);
            }
        }
        for ply in 0..max_plies.saturating_sub(open) {
            let mover = state.to_move();
            let who = if mover == a_seat { a } else { b };
            let seed = i * 7919 + ply as u64;
            let searcher = &mut searchers[usize::from(mover == a_seat)];
            let thought = match who {
                Who::Level(name) => {
                    let budget = Budget::reproducible(&level(name).expect("a level"));
                    searcher.think(&state, budget, seed, &stop)
                }
                Who::Baseline => searcher.baseline(&state, 2, seed, &stop),
            };
            match thought {
                Some(t) => notation::play(&mut state, t.best).expect("a legal move"),
                None => break,
            }
        }
        match state.outcome() {
            Some(Outcome::Win(p)) if p == a_seat => wins += 1,
            Some(Outcome::Win(_)) => losses += 1,
            _ => draws += 1,
        }
    }
    eprintln!(
        "{}: {a:?} against {b:?}: {wins} wins, {draws} draws, {losses} losses",
        game.about.name
    );
    (wins, draws, losses)
}

/// The quick check of strength against the depth-2 baseline: on two small games that end
/// quickly, `medium` loses no game of a few (seats alternated) and scores at least the
/// strength table's 60% (a draw counts half).
#[test]
fn medium_beats_the_depth_2_baseline_in_quick_games() {
    for (game, games) in [("mangala", 4), ("konane", 2)] {
        let (wins, draws, losses) = play_match(
            game,
            None,
            (Who::Level("medium"), Who::Baseline),
            (games, 0),
            400,
        );
        assert_eq!(losses, 0, "{game}");
        assert!(
            wins as f64 + draws as f64 / 2.0 >= 0.6 * games as f64,
            "{game}"
        );
    }
}

/// The strength table's rows: every bundled game at its default, and Ming Mang's 8x8 preset
/// (whose ban on repetition plays unlike the 17x17 default).
fn table_rows() -> Vec<(&'static str, Option<&'static str>)> {
    let bundled = rulebook::catalog::BUNDLED.iter().map(|b| (b.name, None));
    bundled.chain([("ming-mang", Some("8x8"))]).collect()
}

/// What one pair of the strength table scored: the first player's score (a draw or an
/// unfinished game counts half, an adjudicated one as a win or a loss), the low end of
/// its 95% Elo interval, and the report's counts in words.
struct TableScore {
    score: f64,
    elo_low: f64,
    counts: String,
}

/// Plays one pair of the strength table as the table is made (docs/analyze.md, "The
/// computer's strength"): `rulebook match GAME --players PLAYERS --games 16 --max-plies
/// 400 --threads 2 --seed 1 --open 4 --adjudicate 2`; where that does not pass `passes`,
/// 64 games with `--seed 2` decide instead.
fn table_match(
    (game, preset): (&str, Option<&str>),
    players: &str,
    passes: impl Fn(&TableScore) -> bool,
) -> TableScore {
    let first = run_table_match(game, preset, players, 16, 1);
    if passes(&first) {
        return first;
    }
    run_table_match(game, preset, players, 64, 2)
}

/// `rulebook match` with the strength table's options, `games` games from `seed`.
fn run_table_match(
    game: &str,
    preset: Option<&str>,
    players: &str,
    games: u64,
    seed: u64,
) -> TableScore {
    let (games, seed) = (games.to_string(), seed.to_string());
    let mut args = vec!["match", game, "--players", players, "--games", &games];
    args.extend(["--max-plies", "400", "--threads", "2", "--seed", &seed]);
    args.extend(["--open", "4", "--adjudicate", "2", "--json"]);
    if let Some(p) = preset {
        args.extend(["--preset", p]);
    }
    let out = bin::run(&args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let count = |key: &str| r[key].as_u64().expect("a count");
    let counts = format!(
        "{game} {} {players}, {games} games from seed {seed}: {}-{}-{}, {} unfinished ({} won \
         and {} lost at the cap)",
        preset.unwrap_or(""),
        count("wins"),
        count("draws"),
        count("losses"),
        count("unfinished"),
        count("adjudicated_wins"),
        count("adjudicated_losses"),
    );
    eprintln!("{counts}");
    TableScore {
        score: r["elo"]["score"].as_f64().expect("a score"),
        elo_low: r["elo"]["low"].as_f64().unwrap_or(f64::NEG_INFINITY),
        counts,
    }
}

/// The strength table (docs/analyze.md, "The computer's strength"), against the depth-2
/// baseline on every row ([`table_rows`]): `strong` scores at least 80%, `medium` at
/// least 60%. Hours of play: run alone, with the deep tests.
#[test]
#[ignore = "hours of play: run with the deep tests (`tests/deep.sh`)"]
fn every_level_against_the_baseline_on_every_bundled_game() {
    let mut failures = Vec::new();
    for row in table_rows() {
        for (level, needed) in [("medium", 0.6), ("strong", 0.8)] {
            let players = format!("{level},baseline");
            let t = table_match(row, &players, |t| t.score >= needed);
            if t.score < needed {
                failures.push(t.counts);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

/// The baseline is a plain search to a fixed depth: it takes the free capture, the same
/// seed gives the same move, and equal moves are chosen between by the seed.
#[test]
fn the_baseline_takes_a_free_capture_and_follows_its_seed() {
    let game: Arc<_> = pipeline::load("ming-mang", Some("8x8"), &[]).unwrap();
    let mut state = State::new(game);
    notation::play_text(&mut state, "h3-b3").unwrap();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new();
    let t = s.baseline(&state, 2, 1, &stop).unwrap();
    assert_eq!(notation::move_text(&state, t.best), "c1-c3");
    assert_eq!(t.depth, 2);
    assert_eq!(t.judgement, rulebook::ai::Judgement::Lead(2));
    // From the start every move keeps the balance at depth 2: the seed picks one.
    let start = State::new(state.game().clone());
    let picks: std::collections::BTreeSet<_> = (0..8)
        .map(|seed| s.baseline(&start, 2, seed, &stop).unwrap().best)
        .collect();
    assert!(picks.len() > 1, "{picks:?}");
    assert_eq!(
        s.baseline(&start, 2, 5, &stop).unwrap().best,
        Searcher::new().baseline(&start, 2, 5, &stop).unwrap().best
    );
}

/// Ranking gives every legal move its exact value, best first.
#[test]
fn ranking_judges_every_move() {
    let game: Arc<_> = pipeline::load("ming-mang", None, &["size=4".to_string()]).unwrap();
    let diagram = ". . B .\n. . . .\nB W . .\n. . . W\n";
    let cells = rulebook::render::parse_diagram(&game, diagram).unwrap();
    let state = State::with_cells(game, cells, Player::FIRST);
    let stop = AtomicBool::new(false);
    let (t, ranked) = Searcher::new()
        .rank(&state, Budget::iterations(5000), 1, &stop)
        .unwrap();
    let mut legal = MoveList::new();
    state.legal_moves(&mut legal);
    assert_eq!(ranked.len(), legal.len());
    assert_eq!(ranked[0].mv, t.best);
    assert_eq!(notation::move_text(&state, t.best), "c4-c2");
    let value = |j: rulebook::ai::Judgement| match j {
        rulebook::ai::Judgement::Wins(p) => 1_000_000 - i64::from(p),
        rulebook::ai::Judgement::Loses(p) => -1_000_000 + i64::from(p),
        rulebook::ai::Judgement::Lead(v) => v,
        rulebook::ai::Judgement::Sampled(_) => panic!("Ming Mang is searched by alpha-beta"),
    };
    assert!(ranked
        .windows(2)
        .all(|w| value(w[0].judgement) >= value(w[1].judgement)));
}

/// The end rule `end when pieces(white, corners, king) > 0: white wins` gives the king a
/// goal: every site's steps to the nearest corner (BR-6). Einstein würfelt nicht's corner
/// wins (EW-6) give each side a goal of any kind: the far corner. Quoridor's wins (QU-8)
/// give each side's pawn the far rank (its steps counted without the walls, which come and
/// go). No other bundled game has one.
#[test]
fn the_kings_escape_is_a_goal_with_each_sites_distance() {
    let game = pipeline::load("brandubh", None, &[]).unwrap();
    assert_eq!(game.heuristics.goals.len(), 1);
    let goal = &game.heuristics.goals[0];
    assert_eq!(goal.player, Player::SECOND);
    assert_eq!(goal.kind, 1, "the king");
    let at = |name: &str| goal.distance[game.board.site_named(name).unwrap().index()];
    assert_eq!(
        ["a1", "g7", "b1", "a2", "b2", "d1", "d4", "c5"].map(at),
        [0, 0, 1, 1, 2, 3, 6, 4]
    );
    let game = pipeline::load("einstein-wurfelt-nicht", None, &[]).unwrap();
    let goals: Vec<_> = (game.heuristics.goals.iter())
        .map(|g| {
            let at = |name: &str| g.distance[game.board.site_named(name).unwrap().index()];
            (g.player, g.kind, ["a5", "e1", "c3", "a1"].map(at))
        })
        .collect();
    assert_eq!(
        goals,
        [
            (Player::FIRST, rulebook::model::ANY_KIND, [0, 8, 4, 4]),
            (Player::SECOND, rulebook::model::ANY_KIND, [8, 0, 4, 4])
        ]
    );
    let game = pipeline::load("quoridor", None, &[]).unwrap();
    let goals: Vec<_> = (game.heuristics.goals.iter())
        .map(|g| {
            let at = |name: &str| g.distance[game.board.site_named(name).unwrap().index()];
            (g.player, g.kind, ["e1", "e9", "a5"].map(at))
        })
        .collect();
    assert_eq!(
        goals,
        [
            (Player::FIRST, 0, [8, 0, 4]),
            (Player::SECOND, 0, [0, 8, 4])
        ]
    );
    for b in rulebook::catalog::BUNDLED
        .iter()
        .filter(|b| !["brandubh", "einstein-wurfelt-nicht", "quoridor"].contains(&b.name))
    {
        let game = pipeline::load(b.name, None, &[]).unwrap();
        assert!(game.heuristics.goals.is_empty(), "{}", b.name);
    }
}

/// With every corner guarded and nothing to take, a material count finds every move equal;
/// the levels see the king's goal, so even the easy level (one ply) takes the king to an
/// edge, three steps from a corner, whatever the seed.
#[test]
fn the_levels_bring_the_king_nearer_its_goal() {
    let game = pipeline::load("brandubh", None, &[]).unwrap();
    let state =
        notation::parse_position(&game, "1S3S1/S5S/7/3k3/7/S5S/1S3S1 white").expect("a position");
    easy_plays_one_of(&state, &["d4-a4", "d4-g4", "d4-d1", "d4-d7"]);
}

/// The easy level plays one of `moves` from `state` with each of 8 seeds.
fn easy_plays_one_of(state: &State, moves: &[&str]) {
    let stop = AtomicBool::new(false);
    let easy = level("easy").unwrap();
    for seed in 0..8 {
        let t = Searcher::new()
            .think(state, Budget::reproducible(&easy), seed, &stop)
            .unwrap();
        let text = notation::move_text(state, t.best);
        assert!(moves.contains(&text.as_str()), "seed {seed}: {text}");
    }
}

/// The search tells a quiet move (one that takes, converts and promotes nothing) without
/// playing it: in Hasami Shogi only `a6-e6` takes (the white stone at e5, closed by e4);
/// `f1-f5` lands next to it without closing a run and is quiet. Sowings and the moves of a
/// game that promotes are never told quiet.
#[test]
fn quiet_moves_are_told_without_playing_them() {
    let game = pipeline::load("hasami-shogi", None, &[]).unwrap();
    let state = notation::parse_position(&game, "9/9/9/B8/4W4/4B4/9/9/5B3 black").unwrap();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    assert_eq!(moves.len(), 43);
    let loud: Vec<String> = moves
        .iter()
        .filter(|&&m| !state.is_quiet(m))
        .map(|&m| notation::move_text(&state, m))
        .collect();
    assert_eq!(loud, ["a6-e6"]);
    for name in ["mangala", "draughts"] {
        let start = State::new(pipeline::load(name, None, &[]).unwrap());
        start.legal_moves(&mut moves);
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|&m| !start.is_quiet(m)), "{name}");
    }
}

/// What a landing site's captures are is found once for all the moves of a position that
/// land there (`State::is_quiet_with`, which on grids finds the runs a landing closes
/// walking back from the mover's pieces), with the same answers as `State::is_quiet` move
/// by move, over seeded random games of every bundled game and of Ming Mang on small boards
/// (where runs are taken often) with each corner rule; and a move told quiet changes
/// nothing on the board when played but its own piece's two sites.
#[test]
fn quiet_moves_told_by_landing_site_are_told_move_by_move() {
    let (mut moves, mut memo) = (MoveList::new(), QuietMemo::default());
    let (mut quiet, mut loud) = (0, 0);
    let bundled = rulebook::catalog::BUNDLED.iter().map(|b| (b.name, "", 40));
    let small =
        ["corner=off", "corner=board", "corner=anywhere"].map(|corner| ("ming-mang", corner, 300));
    for (name, setting, plies) in bundled.chain(small) {
        let settings: Vec<String> = match setting {
            "" => Vec::new(),
            s => vec!["size=6".to_string(), s.to_string()],
        };
        let game = pipeline::load(name, None, &settings).unwrap();
        let sites = game.board.sites();
        let mut rng = Rng::new(7);
        let mut state = State::new(game);
        for _ in 0..plies {
            if state.outcome_with(&mut moves).is_some() {
                break;
            }
            state.legal_moves(&mut moves);
            memo.forget();
            for &m in moves.iter() {
                let told = state.is_quiet_with(m, &mut memo);
                let text = notation::move_text(&state, m);
                assert_eq!(told, state.is_quiet(m), "{name} {setting}: {text}");
                if !told {
                    loud += 1;
                    continue;
                }
                quiet += 1;
                let mut after = state.clone();
                after.apply(m);
                let changed = (0..sites)
                    .map(Site::at)
                    .filter(|&s| after.cell(s) != state.cell(s))
                    .count();
                assert!(
                    changed <= 2,
                    "{name} {setting}: {text} changes {changed} sites"
                );
            }
            state.apply(moves[rng.below(moves.len())]);
        }
    }
    assert!(quiet > 1000 && loud > 1000, "{quiet} quiet, {loud} not");
}

/// A game on 5 by 5 points whose stones fly anywhere, with the capture `capture` after
/// every move (`after move capture CAPTURE`).
fn flying_game(capture: &str) -> Arc<rulebook::model::Game> {
    let text = format!(
        "game \"Flying sandwich\"\nplayers black, white\nboard grid 5 by 5\npiece stone\n\
         setup black stone on rank(1)\nsetup white stone on rank(5)\nmove fly\n\
         after move capture {capture}\nend when no legal move: mover loses\n"
    );
    pipeline::load_text("fly.game", &text, None, &[]).unwrap()
}

/// A game where a piece may fly anywhere and takes by closing runs: landing beside a
/// white stone on c1 takes it when a black stone stays on a1 to close the run, so it is
/// not quiet from e5; from a1 the flying stone leaves the run open, and the move is
/// quiet. Both landings on c1 are told alike whichever is asked first.
#[test]
fn a_piece_that_leaves_the_run_it_closed_takes_nothing() {
    let game = flying_game("custodian orthogonal remove");
    let state = notation::parse_position(&game, "4B/5/5/5/BW3 black").unwrap();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let on_c1: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&m| notation::move_text(&state, m).ends_with("c1"))
        .collect();
    let mut memo = QuietMemo::default();
    for order in [on_c1.clone(), on_c1.iter().rev().copied().collect()] {
        memo.forget();
        let loud: Vec<String> = order
            .iter()
            .filter(|&&m| !state.is_quiet_with(m, &mut memo))
            .map(|&m| notation::move_text(&state, m))
            .collect();
        assert_eq!(loud, ["e5-c1"]);
    }
    let loud: Vec<_> = moves.iter().filter(|&&m| !state.is_quiet(m)).collect();
    assert_eq!(loud.len(), 1);
}

/// Runs taken in one direction only are told from the landing's side: with runs going
/// north from the landing site, landing on c2 below the white stone on c3 takes it (closed
/// by c4), and landing anywhere else takes nothing; so is it told both ways.
#[test]
fn runs_in_one_direction_are_told_from_the_landing_s_side() {
    let game = flying_game("custodian north remove");
    let state = notation::parse_position(&game, "5/2B2/2W2/5/4B black").unwrap();
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut memo = QuietMemo::default();
    let loud = |quiet: &mut dyn FnMut(Move) -> bool| -> Vec<String> {
        let moves = moves.iter().copied().filter(|&m| !quiet(m));
        moves.map(|m| notation::move_text(&state, m)).collect()
    };
    assert_eq!(loud(&mut |m| state.is_quiet_with(m, &mut memo)), ["e1-c2"]);
    assert_eq!(loud(&mut |m| state.is_quiet(m)), ["e1-c2"]);
}

/// Where pieces are won by moving against the other side's, the levels break ties between
/// equal moves by how closely the mover's pieces then engage the others': from a position
/// where no move takes anything for plies to come, even the easy level (one ply) moves a
/// stone next to a white one (5 of the 22 moves), whatever the seed.
#[test]
fn equal_moves_go_to_meet_the_other_side() {
    let game = pipeline::load("ming-mang", None, &["size=6".to_string()]).unwrap();
    let state = notation::parse_position(&game, "BBBBB1/6/6/6/6/1WWWWW black").unwrap();
    easy_plays_one_of(&state, &["a6-a1", "b6-b2", "c6-c2", "d6-d2", "e6-e2"]);
}

/// A side ahead drives the game to its end: from Hasami Shogi's start, medium against the
/// depth-2 baseline wins every game of four well within the 400-ply cap (the last pieces
/// are hemmed in rather than chased round the board, and a repetition is judged a draw).
#[test]
#[ignore = "a minute of play: run with the deep tests (`tests/deep.sh`)"]
fn medium_ends_hasami_shogi_games_it_wins() {
    let (w, d, l) = play_match(
        "hasami-shogi",
        None,
        (Who::Level("medium"), Who::Baseline),
        (4, 0),
        400,
    );
    assert_eq!((w, d, l), (4, 0, 0));
}

/// Each level beats the one below it on every row of the strength table ([`table_rows`])
/// by a clear margin: the low end of the 95% Elo interval `rulebook match` reports is
/// above 0. Hours of play: run alone, with the deep tests.
#[test]
#[ignore = "hours of play: run with the deep tests (`tests/deep.sh`)"]
fn every_level_beats_the_one_below_on_every_bundled_game() {
    let mut failures = Vec::new();
    for row in table_rows() {
        for players in ["medium,easy", "strong,medium"] {
            let t = table_match(row, players, |t| t.elo_low > 0.0);
            if t.elo_low <= 0.0 {
                failures.push(t.counts);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

/// Where hundreds of placements each change the score, the levels search only the best few
/// of them deeper: below the root, the best by the evaluation after each; at the root, the
/// best by their exact values two plies deep. In a Migong game 50 random plies in (337
/// placements), 1,000,000 positions take the search through its sixth ply, where
/// searching every root move deeper finished the fourth, and every placement at every ply
/// only the third. The budget is kept to within a look at the clock (every 256 positions)
/// and the ordering of one position's moves. The plain baseline still searches every line.
#[test]
fn only_the_best_placements_are_searched_deeper() {
    let mut state = start("migong", &[]);
    let mut rng = Rng::new(5);
    let mut moves = MoveList::new();
    for _ in 0..50 {
        let m = state.pick_legal_move(&mut moves, |n| rng.below(n));
        state.apply(m.expect("Migong's first 50 plies have a legal move"));
    }
    state.legal_moves(&mut moves);
    assert_eq!(moves.len(), 337);
    let stop = AtomicBool::new(false);
    let t = Searcher::new()
        .think(&state, Budget::iterations(1_000_000), 1, &stop)
        .unwrap();
    assert!(t.depth >= 6, "{t:?}");
    assert!(t.iterations < 1_000_000 + 256 + 337, "{t:?}");
    let mut check = state.clone();
    assert!(notation::play(&mut check, t.best).is_ok());
    let b = Searcher::new().baseline(&state, 2, 1, &stop).unwrap();
    assert_eq!(b.depth, 2);
}

/// Where nearly every move raises the mover's lead (a stone on any point of a 9x9 board
/// scored by area adds to its owner's area), the horizon is not extended along such moves:
/// the budget goes to the full search, which looks several plies ahead rather than one.
/// The board is Go's without its capture, which the alpha-beta search plays (Go itself is
/// the tree search's, `tests/mcts.rs`).
#[test]
fn where_every_placement_gains_the_search_goes_deeper_instead() {
    let without = crate::common::go_without_capture();
    let game = pipeline::load_text("area.game", &without, None, &[]).unwrap();
    assert!(rulebook::ai::Policy::of(&game).is_none());
    let state = State::new(game);
    let stop = AtomicBool::new(false);
    let t = Searcher::new()
        .think(&state, Budget::iterations(20_000), 1, &stop)
        .unwrap();
    assert!(t.depth >= 3, "{t:?}");
    let mut check = state.clone();
    assert!(notation::play(&mut check, t.best).is_ok());
}

/// Where a player with no legal move loses, a side far ahead goes into the room the other
/// side is about to wall off, since it could never follow there to block them: on Ming
/// Mang's 6x6 board, white (4 stones against 9) would close b1 in with `c2-c1`, so medium
/// takes c1 first (`f1-b1` would be taken by `c2-c1`), whatever the seed.
#[test]
fn a_side_far_ahead_goes_into_the_room_the_other_would_wall_off() {
    let game = pipeline::load("ming-mang", None, &["size=6".to_string()]).unwrap();
    let state = notation::parse_position(&game, "BBBBBB/5B/5B/6/WWW3/W4B black").unwrap();
    let stop = AtomicBool::new(false);
    for seed in 1..=4 {
        let t = Searcher::new()
            .think(&state, Budget::iterations(20_000), seed, &stop)
            .unwrap();
        assert_eq!(notation::move_text(&state, t.best), "f1-c1", "seed {seed}");
    }
}

/// In a game of chance the levels below strong sample random games after each move, and
/// strong grows a tree with chance nodes: at every level and seed each takes a win in one
/// move (Einstein würfelt nicht: White's one on b4, thrown a 1, steps onto the far corner
/// a5 rather than to a4 or b5), and it takes the piece that would win at the next throw
/// whatever the die shows (Black's one on d2, beside the corner e1, and six on a5: any
/// throw lets Black move the one; White's one on e2, thrown a 1, takes it rather than
/// stepping to e3 or d3).
#[test]
fn in_a_game_of_chance_the_computer_takes_the_win_and_leaves_none() {
    let game = pipeline::load("einstein-wurfelt-nicht", None, &[]).unwrap();
    let stop = AtomicBool::new(false);
    let best = |text: &str, budget: Budget, seed: u64| {
        let mut state = notation::parse_position(&game, text).unwrap();
        let throw = notation::parse_move(&mut state, "roll:1").unwrap();
        state.apply(throw);
        let t = Searcher::new()
            .think(&state, budget, seed, &stop)
            .expect("a move");
        notation::move_text(&state, t.best)
    };
    // The levels below strong sample after each move; a budget of positions alone (strong's)
    // grows the tree with chance nodes.
    let tree = Budget::iterations(20_000);
    let budgets = ["easy", "medium"].map(|l| (l, Budget::reproducible(&level_of(l))));
    for (name, budget) in budgets.into_iter().chain([("tree", tree)]) {
        for seed in 1..=4 {
            assert_eq!(
                best("2a2/1A3/5/5/4F white", budget, seed),
                "b4-a5",
                "{name}, seed {seed}"
            );
        }
    }
    let medium = Budget::reproducible(&level_of("medium"));
    for (name, budget) in [("medium", medium), ("tree", tree)] {
        for seed in 1..=4 {
            assert_eq!(
                best("f4/5/5/3aA/4F white", budget, seed),
                "e2-d2",
                "{name}, seed {seed}"
            );
        }
    }
}

/// A hint in a game of chance with a budget that grows the tree (strong's) ranks every legal
/// move by the share of its playouts won: in Einstein würfelt nicht, White's one on b4
/// thrown a 1 has three moves, and the step onto the far corner wins every playout.
#[test]
fn a_hint_in_a_game_of_chance_ranks_every_move_by_its_playouts() {
    let game = pipeline::load("einstein-wurfelt-nicht", None, &[]).unwrap();
    let mut state = notation::parse_position(&game, "2a2/1A3/5/5/4F white").unwrap();
    let throw = notation::parse_move(&mut state, "roll:1").unwrap();
    state.apply(throw);
    let stop = AtomicBool::new(false);
    let (t, ranked) = Searcher::new()
        .rank(&state, Budget::iterations(20_000), 1, &stop)
        .expect("moves");
    let mut listed: Vec<String> = ranked
        .iter()
        .map(|r| notation::move_text(&state, r.mv))
        .collect();
    assert_eq!(listed[0], "b4-a5");
    assert_eq!(ranked[0].judgement, Judgement::Sampled(1000));
    assert_eq!(notation::move_text(&state, t.best), "b4-a5");
    listed.sort();
    assert_eq!(listed, ["b4-a4", "b4-a5", "b4-b5"]);
    assert!(ranked[1..]
        .iter()
        .all(|r| matches!(r.judgement, Judgement::Sampled(s) if s < 1000)));
}

fn level_of(name: &str) -> Level {
    level(name).expect("a level")
}

/// A race's search plays for points: thrown a 2, south may land on g1, a win of one point,
/// or on h1, a win of two (`mover wins 2`); both end the game, and `medium` takes the two.
#[test]
fn in_a_race_medium_takes_the_win_worth_more_points() {
    let source = "game \"Points race\"\nplayers south, north\nboard grid 8 by 1 of squares\n\
        piece man\nregion near = g1\nregion far = h1\nsetup south man on e1 + f1\n\
        setup north man on a1\ndice 1 of 4 faces\n\
        track south: a1, b1, c1, d1, e1, f1, g1, h1\n\
        track north: h1, g1, f1, e1, d1, c1, b1, a1\nmove along track by roll\nmove pass\n\
        end when pieces(south, far) > 0: south wins 2\n\
        end when pieces(south, near) > 0: south wins\n\
        end when pieces(north, b1) > 0: north wins\n";
    let game = pipeline::load_text("points-race.game", source, None, &[]).unwrap();
    let mut state = State::new(game);
    let roll = notation::parse_move(&mut state, "roll:2").unwrap();
    state.apply(roll);
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let listed: Vec<String> = (moves.iter())
        .map(|&m| notation::move_text(&state, m))
        .collect();
    assert_eq!(
        listed,
        ["e1-g1", "f1-h1"],
        "the win of one point is listed first"
    );
    let stop = AtomicBool::new(false);
    let medium = Budget::reproducible(&level_of("medium"));
    let t = Searcher::new().think(&state, medium, 1, &stop).unwrap();
    assert_eq!(notation::move_text(&state, t.best), "f1-h1");
    state.apply(t.best);
    assert_eq!(state.points(), 2);
}

/// In a race whose dice are used one by one, `medium` searches the rest of the turn whole
/// (no throw between a die's move and the next die's), within a quarter of its positions:
/// at backgammon's opening, White thrown 3-1 makes its 5-point with the checkers from its
/// 8- and 6-points (e1-h1, g1-h1), thrown 4-2 its 4-point (e1-i1, g1-i1), leaving no lone
/// checker the enemy's back checkers could hit.
#[test]
fn in_backgammon_medium_plays_the_whole_turn_within_its_positions() {
    let game = pipeline::load("backgammon", None, &[]).unwrap();
    let stop = AtomicBool::new(false);
    let medium = Budget::reproducible(&level_of("medium"));
    for (throw, point) in [("roll:3-1", "h1"), ("roll:4-2", "i1")] {
        let mut state = State::new(game.clone());
        let roll = notation::parse_move(&mut state, throw).unwrap();
        state.apply(roll);
        let mut played = Vec::new();
        while state.chance().is_none() && state.to_move() == Player::FIRST {
            let t = Searcher::new().think(&state, medium, 1, &stop).unwrap();
            assert!(
                t.depth >= 1 && t.iterations <= medium.iterations / 4 + 1,
                "{t:?}"
            );
            played.push(notation::move_text(&state, t.best));
            state.apply(t.best);
        }
        played.sort();
        assert_eq!(
            played,
            [format!("e1-{point}"), format!("g1-{point}")],
            "{throw}"
        );
    }
}

/// An end rule that wins by a row of pieces (`end when line(mover) >= N: mover wins`) is
/// laid out as every run of N sites in a straight line, for the levels' judgement: 572 runs
/// of 5 on Gomoku's 15 x 15 (165 across, 165 up, 121 along each diagonal), 8 of 3 in
/// tic-tac-toe, 69 of 4 in Connect Four's 7 x 6, 32 of 5 in Pentago; Yavalath's row is the
/// 4 that wins, not the 3 that loses. No other bundled game has one.
#[test]
fn a_row_that_wins_is_laid_out_as_runs() {
    let rows = |path: &str| {
        let game = pipeline::load(path, None, &[]).unwrap();
        let rows = game.heuristics.rows.clone().expect("a row");
        let through_a_site = (0..game.board.sites())
            .map(|s| rows.first[s + 1] - rows.first[s])
            .max();
        (rows.length, rows.runs.len(), through_a_site)
    };
    let fixture = |name: &str| format!("tests/fixtures/valid/{name}.game");
    assert_eq!(rows(&fixture("gomoku")), (5, 572, Some(20)));
    assert_eq!(rows(&fixture("tic-tac-toe")), (3, 8, Some(4)));
    assert_eq!(rows(&fixture("connect-four")), (4, 69, Some(13)));
    assert_eq!(rows(&fixture("yavalath")).0, 4);
    assert_eq!(rows("pentago"), (5, 32, Some(7)));
    for b in (rulebook::catalog::BUNDLED.iter()).filter(|b| b.name != "pentago") {
        let game = pipeline::load(b.name, None, &[]).unwrap();
        assert!(game.heuristics.rows.is_none(), "{}", b.name);
    }
}

/// Judged by the rows it could still make, the computer opens Gomoku near the centre
/// (judged by the stones alone, every first move was equal and it played on the second
/// line, b12): on the empty board its first move, for any seed, is within the middle 7 x 7.
#[test]
fn the_computer_opens_a_game_of_rows_near_the_centre() {
    let game = pipeline::load("tests/fixtures/valid/gomoku.game", None, &[]).unwrap();
    let state = State::new(game);
    let stop = AtomicBool::new(false);
    for seed in 1..=3 {
        let t = Searcher::new()
            .think(&state, Budget::iterations(20_000), seed, &stop)
            .unwrap();
        let text = notation::move_text(&state, t.best);
        let (file, rank) = (
            text.as_bytes()[0] - b'a',
            text[1..].parse::<u8>().unwrap() - 1,
        );
        assert!(
            (4..=10).contains(&file) && (4..=10).contains(&rank),
            "seed {seed}: {text}"
        );
    }
}

/// In a race `strong` searches by expectimax as `medium` does (not by the tree of chance
/// nodes), within a quarter of its four times larger budget of positions, and so looks a
/// turn further ahead: in the Royal Game of Ur after `c1 d3 c1-a1`, thrown a 2, `medium`
/// looks 5 turns ahead and `strong` 6.
#[test]
fn in_a_race_strong_looks_a_turn_further_ahead_than_medium() {
    let game = pipeline::load("ur", None, &[]).unwrap();
    let mut state = State::new(game);
    for text in ["roll:2", "c1", "roll:1", "d3", "roll:2", "c1-a1", "roll:2"] {
        let m = notation::parse_move(&mut state, text).unwrap();
        state.apply(m);
    }
    let stop = AtomicBool::new(false);
    let think = |name: &str| {
        let budget = Budget::reproducible(&level_of(name));
        let t = Searcher::new().think(&state, budget, 1, &stop).unwrap();
        assert!(t.iterations <= budget.iterations / 4 + 1, "{name}: {t:?}");
        t.depth
    };
    assert_eq!((think("medium"), think("strong")), (5, 6));
}
