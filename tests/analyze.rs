//! `rulebook analyze` and `rulebook match` end to end, through the binary: figures known by
//! hand on a game that always lasts four plies, every figure of seeded random games against
//! an independent replay of the same seeds through the library, the same results on one
//! thread and two, charts, Ctrl-C, and bad input refused with a message and nothing written.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::pipeline;
use serde_json::Value;

use crate::common::bin::{self, text};

/// Four placements on a 2x2 board: every game lasts 4 plies (4, 3, 2, 1 legal moves), then
/// black, to move with no move, loses.
const FOUR: &str = "// Four placements, then black cannot move and loses.\n\
    game \"Four\"\nplayers black, white\nboard grid 2 by 2\npiece stone\n\
    move place stone\nend when no legal move: mover loses\n";

/// Stones that step and jump orthogonally, removing what they jump: captures, and games
/// that end by a rule or run into the ply cap.
const JUMPS: &str = "// Steps and capturing jumps.\n\
    game \"Jumps\"\nplayers black, white\nboard grid 3 by 3\npiece stone\n\
    setup black stone on a1 + c1\nsetup white stone on a3 + c3\n\
    move step orthogonal\nmove jump orthogonal over enemy remove\n\
    end when pieces(opponent) < 1: mover wins\nend when no legal move: mover loses\n";

/// A folder of its own under the temporary directory, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulebook-analyze-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Writes a rule file into a scratch folder; returns its path.
fn rule_file(name: &str, text: &str) -> PathBuf {
    let path = scratch(name).join(format!("{name}.game"));
    std::fs::write(&path, text).expect("the rule file is written");
    path
}

/// Runs a command that must succeed; returns its standard output.
fn ok(args: &[&str]) -> String {
    let out = bin::run(args);
    assert!(
        out.status.success(),
        "{args:?} failed:\n{}",
        text(&out.stderr)
    );
    // Standard error is not a terminal here: no progress bar (at most a closing note).
    let err = text(&out.stderr);
    assert!(
        !err.contains('\r') && !err.contains("games,"),
        "{args:?} drew a progress bar:\n{err}"
    );
    text(&out.stdout)
}

/// Runs a command that must fail with a message and print nothing on standard output;
/// returns the message.
fn fails(args: &[&str]) -> String {
    let out = bin::run(args);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
    assert!(!err.trim().is_empty(), "{args:?} failed without a message");
    assert_eq!(text(&out.stdout), "", "{args:?} printed a report");
    err
}

fn json(args: &[&str]) -> Value {
    let out = ok(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{out}"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

/// End rules called alike are one line, under the first: in Four, a full board ends the
/// game as a draw when black's stones are both on the first rank, else by black having no
/// move, and both rules are called "full".
#[test]
fn end_rules_of_one_name_are_counted_together() {
    let two = FOUR.replace(
        "end when no legal move: mover loses",
        "end called \"full\" when pieces(black, rank(1)) == 2 and pieces(white) == 2: draw\n\
         end called \"full\" when no legal move: mover loses",
    );
    let file = rule_file("four-named", &two);
    let r = json(&["analyze", file.to_str().unwrap(), "--games", "40", "--json"]);
    let endings = r["endings"].as_array().unwrap();
    assert_eq!(endings.len(), 1, "{endings:?}");
    assert_eq!(endings[0]["rule"], 1);
    assert_eq!(endings[0]["name"], "full");
    assert_eq!(endings[0]["games"]["count"], 40);
    // Both rules ended some of the games.
    let draws = r["draws"]["count"].as_u64().unwrap();
    assert!(draws > 0 && draws < 40, "{draws}");
}

#[test]
fn a_game_of_four_placements_gives_the_figures_counted_by_hand() {
    let file = rule_file("four", FOUR);
    let r = json(&["analyze", file.to_str().unwrap(), "--games", "40", "--json"]);
    assert_eq!(r["games"], 40);
    assert_eq!(r["interrupted"], false);
    assert_eq!(r["seats"][0]["wins"]["count"], 0);
    assert_eq!(r["seats"][1]["wins"]["count"], 40);
    assert_eq!(r["seats"][1]["wins"]["rate"], 1.0);
    // Wilson at 40 of 40: from 40 / (40 + z^2) to 1.
    let z2 = 1.959_963_984_540_054f64.powi(2);
    assert!((num(&r["seats"][1]["wins"]["low"]) - 40.0 / (40.0 + z2)).abs() < 1e-12);
    assert_eq!(r["seats"][1]["wins"]["high"], 1.0);
    assert_eq!(r["draws"]["count"], 0);
    assert_eq!(r["unfinished"]["count"], 0);
    assert_eq!(r["first_player"]["count"], 0);
    assert_eq!(r["first_player"]["of"], 40);
    // Every game ended by its one end rule.
    let endings = r["endings"].as_array().unwrap();
    assert_eq!(endings.len(), 1, "{endings:?}");
    assert_eq!(endings[0]["rule"], 1);
    assert_eq!(endings[0]["name"], "no legal move");
    assert_eq!(endings[0]["games"]["count"], 40);
    let l = &r["length"];
    for key in ["mean", "median", "min", "p10", "p25", "p75", "p90", "max"] {
        assert_eq!(num(&l[key]), 4.0, "length {key}");
    }
    assert_eq!(num(&l["variance"]), 0.0);
    assert_eq!(num(&r["branching"]["mean"]), 2.5);
    let by_ply: Vec<f64> = (r["branching"]["by_ply"].as_array().unwrap().iter())
        .map(num)
        .collect();
    assert_eq!(by_ply, [4.0, 3.0, 2.0, 1.0]);
    let rule = &r["rules"]["moves"][0];
    assert_eq!(rule["fired"], 160);
    assert_eq!(num(&rule["per_game"]), 4.0);
    assert_eq!(rule["text"], "place stone on any empty site");
    assert_eq!(r["rules"]["captures"], 0);
    assert_eq!(r["rules"]["extra_turns"], 0);
    assert_eq!(r["rules"]["passes"], 0);
    // Two stones each at the end: the measure (pieces) never shows the winner ahead.
    assert_eq!(r["decisiveness"]["winner_leads_at_end"]["count"], 0);
    assert_eq!(r["decisiveness"]["winner_leads_at_end"]["of"], 40);
}

/// What an independent replay of the seeded games through the library finds: game `i`
/// takes move `rng.below(n)` of the `n` legal moves at every ply, `rng` being
/// `Rng::stream(seed, i)`. Captures are counted by the other players' piece counts (the
/// command compares the board site by site), or on boards of pits by the stones pits other
/// than the one sown from lost.
#[derive(Debug, Default, PartialEq)]
struct Expected {
    wins: Vec<u64>,
    draws: u64,
    unfinished: u64,
    lengths: Vec<u64>,
    legal: u64,
    fired: Vec<u64>,
    captures: u64,
    taken: u64,
    extra_turns: u64,
    /// Per end rule, the games it ended.
    endings: Vec<u64>,
    /// Won games whose winner leads by the game's estimate after the last move, and of
    /// those, the ones whose winner led for good by half of the game.
    lead_at_end: u64,
    lead_by_half: u64,
}

fn replay(game: &Arc<Game>, games: u64, seed: u64, cap: usize) -> Expected {
    let mut e = Expected {
        wins: vec![0; game.about.players.len()],
        fired: vec![0; game.moves.len()],
        endings: vec![0; game.ends.rules.len()],
        ..Expected::default()
    };
    let mut moves = MoveList::new();
    for i in 0..games {
        let mut state = State::new(Arc::clone(game));
        let mut rng = Rng::stream(seed, i);
        let mut last = None;
        let mut plies = 0;
        // After each ply, who is strictly ahead by the game's estimate.
        let mut leaders = Vec::new();
        let outcome = loop {
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break state.outcome();
            }
            if plies == cap {
                break None;
            }
            let mover = state.to_move();
            e.extra_turns += u64::from(last == Some(mover));
            e.legal += moves.len() as u64;
            let m = moves[rng.below(moves.len())];
            let taken = taken_by(&mut state, m);
            e.fired[m.rule() as usize] += 1;
            e.captures += u64::from(taken > 0);
            e.taken += taken;
            let values: Vec<i64> = Player::all(2)
                .map(|p| state.value(p, &game.heuristics.estimate))
                .collect();
            let top = *values.iter().max().unwrap();
            let ahead: Vec<Player> = Player::all(2)
                .filter(|p| values[p.index()] == top)
                .collect();
            leaders.push((ahead.len() == 1).then(|| ahead[0]));
            last = Some(mover);
            plies += 1;
        };
        e.lengths.push(plies as u64);
        if let Some(rule) = outcome.and_then(|_| state.end_rule()) {
            e.endings[rule] += 1;
        }
        if let Some(Outcome::Win(w)) = outcome {
            if leaders.last() == Some(&Some(w)) {
                e.lead_at_end += 1;
                // Plies after which the winner did not lead, counted from the end.
                let behind = leaders
                    .iter()
                    .rposition(|l| *l != Some(w))
                    .map_or(0, |k| k + 1);
                e.lead_by_half += u64::from(2 * behind <= plies);
            }
        }
        match outcome {
            Some(Outcome::Win(p)) => e.wins[p.index()] += 1,
            Some(Outcome::Draw) => e.draws += 1,
            None => e.unfinished += 1,
        }
    }
    e
}

/// Plays `m` and returns what it took, as the engine reports it (`State::apply_reported`:
/// each rule's captures, stones sown into a pit and taken with it included; checked
/// against the board over a whole tree and on hand-built positions in `rule_counts.rs`).
fn taken_by(state: &mut State, m: rulebook::engine::Move) -> u64 {
    let mut report = rulebook::engine::MoveReport::new();
    state.apply_reported(m, &mut report);
    u64::from(report.taken())
}

/// The command's figures in the shape of [`Expected`].
fn found(r: &Value) -> Expected {
    let seats = r["seats"].as_array().unwrap();
    let rules = r["rules"]["moves"].as_array().unwrap();
    let n = r["games"].as_u64().unwrap();
    Expected {
        wins: seats
            .iter()
            .map(|s| s["wins"]["count"].as_u64().unwrap())
            .collect(),
        draws: r["draws"]["count"].as_u64().unwrap(),
        unfinished: r["unfinished"]["count"].as_u64().unwrap(),
        lengths: Vec::new(),
        legal: (num(&r["branching"]["mean"]) * num(&r["length"]["mean"]) * n as f64).round() as u64,
        fired: rules.iter().map(|m| m["fired"].as_u64().unwrap()).collect(),
        captures: r["rules"]["captures"].as_u64().unwrap(),
        taken: r["rules"]["taken"].as_u64().unwrap(),
        extra_turns: r["rules"]["extra_turns"].as_u64().unwrap(),
        endings: (r["endings"].as_array().unwrap().iter())
            .filter(|e| !e["rule"].is_null())
            .map(|e| e["games"]["count"].as_u64().unwrap())
            .collect(),
        lead_at_end: r["decisiveness"]["winner_leads_at_end"]["count"]
            .as_u64()
            .unwrap(),
        lead_by_half: r["decisiveness"]["leads_by_half"]["count"]
            .as_u64()
            .unwrap(),
    }
}

/// The command against the replay: every count equal, and the length figures those of the
/// replay's lengths.
fn check_against_replay(name: &str, game: &Arc<Game>, args: &[&str], games: u64, cap: usize) {
    let r = json(args);
    let mut expected = replay(game, games, 5, cap);
    let mut lengths = std::mem::take(&mut expected.lengths);
    assert_eq!(found(&r), expected, "{name}");
    lengths.sort_unstable();
    let mean = lengths.iter().sum::<u64>() as f64 / games as f64;
    assert!((num(&r["length"]["mean"]) - mean).abs() < 1e-9, "{name}");
    assert_eq!(num(&r["length"]["min"]), lengths[0] as f64, "{name}");
    assert_eq!(num(&r["length"]["max"]), *lengths.last().unwrap() as f64);
    let rank = |q: f64| lengths[((q * games as f64).ceil() as usize).max(1) - 1] as f64;
    assert_eq!(num(&r["length"]["p10"]), rank(0.1), "{name}");
    assert_eq!(num(&r["length"]["p90"]), rank(0.9), "{name}");
    let capped = lengths.iter().filter(|&&l| l == cap as u64).count() as u64;
    assert!(capped >= expected.unfinished, "{name}");
}

#[test]
fn every_count_matches_a_replay_of_the_same_seeds_through_the_library() {
    let file = rule_file("jumps", JUMPS);
    let path = file.to_str().unwrap();
    let game = pipeline::load_text("jumps.game", JUMPS, None, &[]).expect("the game loads");
    let args = [
        "analyze",
        path,
        "--games",
        "300",
        "--seed",
        "5",
        "--max-plies",
        "40",
        "--json",
    ];
    check_against_replay("jumps", &game, &args, 300, 40);
    let r = json(&args);
    assert!(
        r["unfinished"]["count"].as_u64().unwrap() > 0,
        "some hit the cap"
    );
    assert!(
        r["rules"]["captures"].as_u64().unwrap() > 0,
        "some jumps took"
    );
    // A jump takes one piece: every capture is of size 1, and only the jump captures.
    assert_eq!(r["rules"]["capture_sizes"].as_array().unwrap().len(), 1);
    assert_eq!(r["rules"]["moves"][0]["captures"], 0);
    assert_eq!(r["rules"]["jumped"], r["rules"]["taken"]);
    assert_eq!(r["rules"]["jump_lengths"][0][0], 1);
    // Taking the last piece ended games, named by its condition; with the capped games,
    // every game is counted once.
    let endings = r["endings"].as_array().unwrap();
    assert_eq!(endings[0]["name"], "pieces(opponent) < 1");
    assert!(endings[0]["games"]["count"].as_u64() > Some(0));
    let ended: u64 = endings
        .iter()
        .map(|e| e["games"]["count"].as_u64().unwrap())
        .sum();
    assert_eq!(ended + r["unfinished"]["count"].as_u64().unwrap(), 300);

    // Mangala: extra turns, captures from pits, every game to its end.
    let mangala = pipeline::load("mangala", None, &[]).expect("mangala loads");
    let args = [
        "analyze", "mangala", "--games", "300", "--seed", "5", "--json",
    ];
    check_against_replay("mangala", &mangala, &args, 300, 1000);
    let r = json(&args);
    assert!(r["rules"]["extra_turns"].as_u64().unwrap() > 0);
    // Each rule after sowing by its name and place, with what it took: together all that
    // the moves took (no rule after a move in a sowing game; the end rule moves no stones
    // in Mangala until the last move, whose sweep is no rule's capture).
    let effects = r["rules"]["effects"].as_array().unwrap();
    let names: Vec<&str> = effects
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["store", "even", "opposite"]);
    assert!(effects.iter().all(|e| e["kind"] == "after sow"));
    assert!(effects[0]["place"]
        .as_str()
        .unwrap()
        .starts_with("mangala.game:"));
    assert_eq!(effects[0]["taken"], 0);
    assert!(effects[0]["fired"].as_u64().unwrap() > 0);
    let by_rules: u64 = effects.iter().map(|e| e["taken"].as_u64().unwrap()).sum();
    assert_eq!(by_rules, r["rules"]["taken"].as_u64().unwrap());
    // The measure (stones in store) names the winner at the end of every won game.
    assert_eq!(
        r["decisiveness"]["winner_leads_at_end"]["count"],
        r["decisiveness"]["winner_leads_at_end"]["of"]
    );

    // Draughts' crowning, one statement read by each player (`side(forward)`), is one row
    // counting both players' promotions.
    let r = json(&["analyze", "draughts", "--games", "40", "--json"]);
    let effects = r["rules"]["effects"].as_array().unwrap();
    assert_eq!(effects.len(), 1, "{effects:?}");
    assert_eq!(effects[0]["name"], "crown");
    assert!(effects[0]["promoted"].as_u64().unwrap() > 0);
    assert_eq!(effects[0]["fired"], effects[0]["promoted"]);
}

#[test]
fn the_same_seed_gives_the_same_figures_on_one_thread_and_on_two() {
    for (game, players, games) in [("mangala", "random", "2000"), ("mangala", "easy", "6")] {
        let run = |threads: &str| {
            ok(&[
                "analyze",
                game,
                "--games",
                games,
                "--players",
                players,
                "--seed",
                "9",
                "--threads",
                threads,
                "--json",
            ])
        };
        assert_eq!(run("1"), run("2"), "{game} {players}");
    }
    let run = |threads: &str| {
        ok(&[
            "match",
            "mangala",
            "--players",
            "easy,random",
            "--games",
            "6",
            "--threads",
            threads,
        ])
    };
    assert_eq!(run("1"), run("2"));
    let other = ok(&[
        "analyze", "mangala", "--games", "2000", "--seed", "10", "--json",
    ]);
    assert_ne!(
        other,
        ok(&["analyze", "mangala", "--games", "2000", "--seed", "9", "--json"])
    );
}

/// A random player, and a random opening, throw the dice as they fall: in Ur, whose four
/// lots are summed, a 0 and a 4 come one time in sixteen each and a 2 six times, not each
/// of the five throws a fifth of the time (as a pick among the legal throws would make
/// them). Read from the throws of a recorded match of two random players.
#[test]
fn random_players_throw_the_dice_as_they_fall() {
    let record = scratch("lots").join("lots.rec");
    let _ = std::fs::remove_file(&record);
    let path = record.to_str().unwrap();
    let args = ["match", "ur", "--players", "random,random", "--games", "10"];
    ok(&[&args[..], &["--threads", "1", "--record", path, "--force"]].concat());
    let text = std::fs::read_to_string(&record).unwrap();
    let mut thrown = [0u32; 5];
    for word in text.split_whitespace() {
        if let Some(n) = word
            .strip_prefix("roll:")
            .and_then(|n| n.parse::<usize>().ok())
        {
            thrown[n] += 1;
        }
    }
    let all: u32 = thrown.iter().sum();
    let share = |n: usize| f64::from(thrown[n]) / f64::from(all);
    assert!(all > 1000, "{thrown:?}");
    assert!(
        (share(0) + share(4) - 2.0 / 16.0).abs() < 0.04,
        "{thrown:?}"
    );
    assert!((share(2) - 6.0 / 16.0).abs() < 0.05, "{thrown:?}");
}

/// `--duplicate` throws the same dice in both games of a pair: the k-th throw of one is
/// the k-th of the other (after the shared opening), though the players, and so the games,
/// differ; without it the throws differ. The report scores the pairs; a game without dice
/// is refused.
#[test]
fn duplicate_dice_throw_each_pair_alike() {
    let throws = |duplicate: bool| {
        let record = scratch("duplicate").join(format!("pair-{duplicate}.rec"));
        let _ = std::fs::remove_file(&record);
        let path = record.to_str().unwrap();
        let mut args = vec!["match", "hyper-backgammon", "--players", "random,easy"];
        args.extend(["--games", "4", "--threads", "1", "--json", "--record", path]);
        if duplicate {
            args.push("--duplicate");
        }
        let report: Value = serde_json::from_str(&ok(&args)).unwrap();
        let text = std::fs::read_to_string(&record).unwrap();
        let rolls = |l: &str| -> Vec<String> {
            let words = l.split_whitespace().filter(|w| w.starts_with("roll:"));
            words.map(str::to_string).collect()
        };
        let games: Vec<Vec<String>> = (text.lines())
            .filter(|l| l.starts_with("game "))
            .map(rolls)
            .collect();
        (report, games)
    };
    let (report, games) = throws(true);
    assert_eq!(games.len(), 4);
    for pair in games.chunks(2) {
        let n = pair[0].len().min(pair[1].len());
        assert!(n > 10, "{pair:?}");
        assert_eq!(pair[0][..n], pair[1][..n]);
    }
    assert_eq!(report["rounds"]["rounds"], 2, "{report}");
    assert!(report["rounds"]["score"].as_f64().is_some(), "{report}");
    let (report, games) = throws(false);
    assert_ne!(games[0][..10], games[1][..10]);
    assert!(report["rounds"].is_null(), "{report}");
    let chess = [
        "match",
        "chess",
        "--players",
        "random,random",
        "--games",
        "2",
    ];
    let out = bin::run(&[&chess[..], &["--duplicate"]].concat());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--duplicate: Chess throws no dice"));
}

/// Issue 51: at 80 columns the terminal broke report words (`unfi`/`nished` in `match`,
/// `medi`/`um` in `analyze`, `hasami-sho`/`gi` in the list of games). Reports, `list` and
/// errors are wrapped at word ends to `COLUMNS`; every word stays whole.
#[test]
fn reports_are_wrapped_at_word_ends_to_the_terminal_width() {
    let width = 40;
    let run = |args: &[&str]| {
        let out = bin::command(args)
            .env("COLUMNS", width.to_string())
            .output()
            .expect("the binary runs");
        (text(&out.stdout), text(&out.stderr))
    };
    let (matched, _) = run(&[
        "match",
        "mangala",
        "--players",
        "easy,random",
        "--games",
        "2",
    ]);
    let (analysed, _) = run(&["analyze", "mangala", "--players", "medium", "--games", "1"]);
    let (listed, _) = run(&["list"]);
    let (_, unknown) = run(&["show", "hasami-shgi"]);
    for (out, words) in [
        (&matched, &["unfinished", "easy", "random"][..]),
        (&analysed, &["medium"][..]),
        (&listed, &["hasami-shogi", "dai-hasami-shogi"][..]),
        (&unknown, &["hasami-shogi", "international-draughts"][..]),
    ] {
        assert!(out.lines().count() > 1, "{out}");
        for line in out.lines() {
            let longest = line
                .split(' ')
                .map(|w| w.chars().count())
                .max()
                .unwrap_or(0);
            assert!(
                line.chars().count() <= width.max(longest + 4),
                "{line:?} in\n{out}"
            );
        }
        let text_words: Vec<&str> = out
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '`' | ':'))
            .collect();
        for w in words {
            assert!(text_words.contains(w), "`{w}` is not whole in\n{out}");
        }
    }
}

#[test]
fn a_match_alternates_the_seats() {
    // White (the second mover) wins every game of Four: each player wins exactly the games
    // in which it moves second, half of them, for a score of 50% and an Elo difference of 0.
    let file = rule_file("four-match", FOUR);
    let out = ok(&[
        "match",
        file.to_str().unwrap(),
        "--players",
        "random,easy",
        "--games",
        "10",
    ]);
    assert!(
        out.contains("random wins 5 (0 moving first, 5 moving second), draws 0, easy wins 5"),
        "{out}"
    );
    assert!(
        out.contains("score of random: 50.0%; Elo difference random - easy: +0"),
        "{out}"
    );
    assert!(
        out.contains("each pair from the same random opening of 4 plies"),
        "{out}"
    );
    let r = json(&[
        "match",
        file.to_str().unwrap(),
        "--players",
        "random,easy",
        "--games",
        "10",
        "--json",
    ]);
    assert_eq!(num(&r["elo"]["elo"]), 0.0);
    assert_eq!(r["wins"], 5);
    assert_eq!(r["losses"], 5);
}

/// Five placements among three players: the third to move then has none, and wins.
const FIVE: &str = "// Five placements, then the third player cannot move and wins.\n\
    game \"Five\"\nplayers red, green, blue\nboard grid 1 by 5\npiece stone\n\
    move place stone\nend when no legal move: mover wins\n";

#[test]
fn a_match_of_three_seats_turns_the_first_player_round_every_seat() {
    // Blue (the third mover) wins every game: the first player named wins exactly the
    // games in which it sits third, game 2, 5, 8..., a third of them, as an even player.
    let file = rule_file("five-match", FIVE);
    let args = [
        "match",
        file.to_str().unwrap(),
        "--players",
        "easy,random",
        "--games",
        "9",
    ];
    let out = bin::run(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (report, log) = (text(&out.stdout), text(&out.stderr));
    assert!(
        report.contains("easy against 2 random, easy in seat k + 1 in game k modulo 3"),
        "{report}"
    );
    assert!(
        report.contains("easy wins 3 (by seat 0, 0, 3), draws 0, random wins 6, unfinished 0"),
        "{report}"
    );
    assert!(
        report.contains("easy won 33.3% of the games [12.1%, 64.6%] (95%), where a player as strong as the others would win 33.3%"),
        "{report}"
    );
    for (i, seats) in [
        (0, "red easy, green random, blue random"),
        (4, "red random, green easy, blue random"),
        (8, "red random, green random, blue easy"),
    ] {
        assert!(log.contains(&format!("game {i}: {seats}; ")), "{log}");
    }
    let r = json(&[&args[..], &["--json"]].concat());
    assert_eq!(r["seats"], 3);
    assert_eq!(r["wins_by_seat"], serde_json::json!([0, 0, 3]));
    assert_eq!(
        (r["wins"].clone(), r["losses"].clone()),
        (3.into(), 6.into())
    );
    assert!(r["elo"].is_null(), "{r}");
    assert!((num(&r["even_share"]) - 1.0 / 3.0).abs() < 1e-12);
    // A game of one seat is refused, as before any game is played.
    let solo = rule_file("solo-match", "game \"Solo\"\nplayers one\nboard grid 1 by 2\npiece stone\nmove place stone\nend when no legal move: mover wins\n");
    let err = fails(&[
        "match",
        solo.to_str().unwrap(),
        "--players",
        "easy,random",
        "--games",
        "2",
    ]);
    assert!(
        err.contains("a match needs a game of two players or more; this one has 1"),
        "{err}"
    );
}

#[test]
fn a_match_record_replays_to_the_results_it_reports() {
    let dir = scratch("record");
    let file = rule_file("jumps-record", JUMPS);
    let record = dir.join("games.txt");
    let args = [
        "match",
        file.to_str().unwrap(),
        "--players",
        "random,easy",
        "--games",
        "6",
        "--max-plies",
        "12",
        "--record",
        record.to_str().unwrap(),
    ];
    ok(&args);
    let text = std::fs::read_to_string(&record).unwrap();
    let games: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(games.len(), 6, "{text}");
    let (mut won, mut unfinished) = (0, 0);
    for (i, line) in games.iter().enumerate() {
        let fields: Vec<&str> = line.split("; ").collect();
        let [seats, result, plies, moves] = fields[..] else {
            panic!("four fields: {line}");
        };
        let first = if i % 2 == 0 { "random" } else { "easy" };
        assert!(
            seats.starts_with(&format!("game {i}: black {first}, white ")),
            "{line}"
        );
        assert_eq!(
            plies,
            format!("{} plies", moves.split(' ').count()),
            "{line}"
        );
        let end = ok(&["position", file.to_str().unwrap(), "--moves", moves]);
        if result.starts_with("unfinished") {
            unfinished += 1;
            assert!(!end.contains("game over"), "{line}\n{end}");
        } else {
            won += 1;
            assert!(
                end.contains(&format!("game over: {result}")),
                "{line}\n{end}"
            );
        }
    }
    assert!(won > 0 && unfinished > 0, "both kinds of game: {text}");
    // Each game is logged on standard error as it ends, as the record gives it without
    // its moves, with how many games have ended: a run that is stopped leaves its games.
    let out = bin::run(&args);
    let log = self::text(&out.stderr);
    let mut logged: Vec<&str> = log.lines().collect();
    assert_eq!(logged.len(), 6, "{log}");
    for (k, line) in logged.iter().enumerate() {
        assert!(line.starts_with(&format!("[{}/6] game ", k + 1)), "{line}");
    }
    logged.sort_by_key(|l| l.split_once("] ").map(|(_, rest)| rest.to_string()));
    for (line, game) in logged.iter().zip(&games) {
        let (_, line) = line.split_once("] ").unwrap();
        let (without_moves, _) = game.rsplit_once("; ").unwrap();
        assert_eq!(line, without_moves);
    }
    // A record that cannot be written is refused before any game is played.
    let err = fails(&[&args[..9], &[dir.to_str().unwrap()]].concat());
    assert!(
        err.contains("--record: cannot write") && err.contains("is a folder"),
        "{err}"
    );
    let missing = dir.join("no-such-folder").join("games.txt");
    let err = fails(&[&args[..9], &[missing.to_str().unwrap()]].concat());
    assert!(err.contains("no folder"), "{err}");
}

/// `--resume` replays the games a record holds and plays the others: a match resumed from
/// the record of some of its games (as Ctrl-C leaves them, or a run of fewer games) reports
/// and records exactly what the whole run does; a record of another match, a move that is
/// not legal, or a game cut short is refused with its line, and nothing is played.
#[test]
fn a_match_resumed_from_its_record_reports_what_the_whole_run_does() {
    let dir = scratch("resume");
    let file = rule_file("jumps-resume", JUMPS);
    let record = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let run = |players: &str, games: &str, path: &str, resume: bool| {
        let mut args = vec!["match", file.to_str().unwrap(), "--players", players];
        args.extend(["--games", games, "--max-plies", "12", "--record", path]);
        if resume {
            args.push("--resume");
        }
        bin::run(&args)
    };
    let whole = run("random,easy", "6", &record("whole.txt"), false);
    let whole_record = std::fs::read_to_string(record("whole.txt")).unwrap();
    let lines: Vec<&str> = whole_record.lines().collect();
    assert_eq!(lines.len(), 8, "{whole_record}");
    // Games 0, 3 and 4 finished, the others not: what Ctrl-C on two threads may leave.
    let header = lines[0].replace(": 6 games of", ": 3 games of");
    let some = [header.as_str(), lines[1], lines[2], lines[5], lines[6]].join("\n") + "\n";
    std::fs::write(record("some.txt"), &some).unwrap();
    let resumed = run("random,easy", "6", &record("some.txt"), true);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).starts_with("resuming: 3 of 6 games from "));
    assert_eq!(text(&resumed.stdout), text(&whole.stdout));
    assert_eq!(
        std::fs::read_to_string(record("some.txt")).unwrap(),
        whole_record
    );
    // A finished match of 2 games, made 6.
    assert!(run("random,easy", "2", &record("two.txt"), false)
        .status
        .success());
    let more = run("random,easy", "6", &record("two.txt"), true);
    assert_eq!(text(&more.stdout), text(&whole.stdout));
    assert_eq!(
        std::fs::read_to_string(record("two.txt")).unwrap(),
        whole_record
    );
    // Refused, the record left as it was.
    let refused = |players: &str, text: &str| {
        std::fs::write(record("bad.txt"), text).unwrap();
        let out = run(players, "6", &record("bad.txt"), true);
        assert!(!out.status.success());
        assert_eq!(std::fs::read_to_string(record("bad.txt")).unwrap(), text);
        self::text(&out.stderr)
    };
    let err = refused("easy,random", &some);
    assert!(
        err.contains("bad.txt:1: not the record of this match"),
        "{err}"
    );
    let (line, moves) = lines[3].rsplit_once("; ").unwrap();
    let first_move = moves.split(' ').next().unwrap();
    let illegal = whole_record.replace(lines[3], &format!("{line}; a1-c3 {moves}"));
    let err = refused("random,easy", &illegal);
    assert!(
        err.contains("bad.txt:4: game 1, move 1: a1-c3 is not legal"),
        "{err}"
    );
    let cut = whole_record.replace(lines[3], &format!("{line}; {first_move}"));
    let err = refused("random,easy", &cut);
    assert!(
        err.contains("bad.txt:4: game 1 stops after 1 ply,"),
        "{err}"
    );
}

/// The record is written again after each game, not only at the end: as soon as a game is
/// logged the file holds it, a match killed outright (no Ctrl-C) keeps what it finished,
/// and `--resume` from that goes on to the report of a run never stopped.
#[test]
fn a_match_killed_mid_way_keeps_its_finished_games_in_its_record() {
    let dir = scratch("killed");
    let file = rule_file("jumps-killed", JUMPS);
    let record = dir.join("games.txt");
    let args = |resume: bool| {
        let mut args = vec!["match", file.to_str().unwrap(), "--players", "random,easy"];
        args.extend([
            "--games",
            "200",
            "--max-plies",
            "12",
            "--threads",
            "1",
            "--record",
        ]);
        args.push(record.to_str().unwrap());
        if resume {
            args.push("--resume");
        }
        args.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    let mut child = bin::command(args(false))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut log = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut log, &mut first).unwrap();
    assert!(first.starts_with("[1/200] game "), "{first}");
    let kept = std::fs::read_to_string(&record).expect("the record is written already");
    child.kill().unwrap();
    child.wait().unwrap();
    let games = |text: &str| text.lines().filter(|l| l.starts_with("game ")).count();
    assert!(games(&kept) >= 1, "{kept}");
    let after = std::fs::read_to_string(&record).unwrap();
    assert!(games(&after) < 200, "killed before its end: {after}");
    let header = after.lines().next().unwrap();
    assert!(
        header.contains(&format!(": {} games of", games(&after))),
        "{header}"
    );
    // A writer killed between writing its temporary file and renaming it leaves the file
    // (as this one may have): the next write to the record removes it.
    let mut ended = bin::command(["--version"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    ended.wait().unwrap();
    let stale = dir.join(format!(".games.txt.rulebook-tmp-{}", ended.id()));
    std::fs::write(&stale, "half a record").unwrap();
    // Resumed, the match ends as one never stopped.
    let resumed = bin::run(&args(true).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["games.txt"], "no temporary file is left");
    let resumed_record = std::fs::read_to_string(&record).unwrap();
    std::fs::remove_file(&record).unwrap();
    let whole = bin::run(&args(false).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(text(&resumed.stdout), text(&whole.stdout));
    assert_eq!(resumed_record, std::fs::read_to_string(&record).unwrap());
}

/// Runs the binary, killed if it has not ended within 10 seconds (a regression that blocks
/// on a FIFO fails instead of hanging the test run).
#[cfg(unix)]
fn rulebook_within_10_s(args: &[&str]) -> std::process::Output {
    let limit = std::time::Duration::from_secs(10);
    bin::run_within(bin::command(args), limit).unwrap_or_else(|e| panic!("{e}"))
}

/// The type of the file at `path`, its links not followed.
#[cfg(unix)]
fn file_type(path: &std::path::Path) -> std::fs::FileType {
    std::fs::symlink_metadata(path).unwrap().file_type()
}

/// The arguments of a match of two games of Jumps (the rule file `game`) recorded in
/// `record`, then `more`.
#[cfg(unix)]
fn two_games(game: &str, record: &std::path::Path, more: &[&str]) -> Vec<String> {
    let mut args = vec!["match", game, "--players", "random,easy", "--games", "2"];
    args.extend(["--max-plies", "12", "--threads", "1", "--record"]);
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(record.to_str().unwrap().to_string());
    args.extend(more.iter().map(|a| a.to_string()));
    args
}

/// Runs a match that must be refused before any game is played (within 10 s); returns
/// the message.
#[cfg(unix)]
fn refused_before_play(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = rulebook_within_10_s(&args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("] game "),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "", "no game is played");
    err
}

/// Issue 52: `--record` replaced a device or a FIFO by a regular file, and `--resume` hung
/// on a FIFO and read `/dev/zero` until the memory ran out. Both are refused before any
/// game is played, and left as they were (a device is refused for `--resume` without
/// being read: the null device stands for every device).
#[cfg(unix)]
#[test]
fn a_match_record_is_never_a_device_or_a_fifo() {
    use std::os::unix::fs::FileTypeExt as _;
    let dir = scratch("record-special");
    let file = rule_file("jumps-special", JUMPS);
    let game = file.to_str().unwrap();
    if let Some(device) = crate::common::special_files::null_device(&dir, "null") {
        for more in [&[][..], &["--resume"][..]] {
            let err = refused_before_play(&two_games(game, &device, more));
            assert!(
                err.contains(&format!(
                    "error: --record: cannot write `{}`: it is a device, not a regular file",
                    device.display()
                )),
                "{err}"
            );
            assert!(file_type(&device).is_char_device());
        }
    }
    let fifo = crate::common::special_files::fifo(&dir, "pipe.txt");
    for more in [&[][..], &["--resume"][..]] {
        let err = refused_before_play(&two_games(game, &fifo, more));
        assert!(
            err.contains("it is a FIFO (a named pipe), not a regular file"),
            "{err}"
        );
        assert!(file_type(&fifo).is_fifo());
    }
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 52: `--record` replaced a symbolic link by a regular file, and the rule file
/// being played by a record. A link is followed: the record is written to the file it
/// leads to, from that file's folder, and resumed from; the rule file is refused before
/// any game is played and left as it was, and written over with `--force` only.
#[cfg(unix)]
#[test]
fn a_match_record_follows_a_link_and_spares_the_rule_file() {
    let dir = scratch("record-link");
    let there = scratch("record-link-there");
    let file = rule_file("jumps-link", JUMPS);
    let game = file.to_str().unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(there.join("real.txt"), &link).unwrap();
    let run = |args: Vec<String>| bin::run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let out = run(two_games(game, &link, &[]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(file_type(&link).is_symlink());
    let record = std::fs::read_to_string(there.join("real.txt")).unwrap();
    assert!(
        record.starts_with("# Jumps: 2 games of random against easy"),
        "{record}"
    );
    let resumed = run(two_games(game, &link, &["--resume"]));
    let err = text(&resumed.stderr);
    assert!(err.starts_with("resuming: 2 of 2 games"), "{err}");
    let again = std::fs::read_to_string(there.join("real.txt")).unwrap();
    assert_eq!(again, record);
    assert_eq!(crate::common::special_files::names_in(&there), ["real.txt"]);
    assert_eq!(crate::common::special_files::names_in(&dir), ["link.txt"]);
    let rules = std::fs::read_to_string(&file).unwrap();
    let err = refused_before_play(&two_games(game, &file, &[]));
    assert!(
        err.contains(&format!(
            "error: --record: cannot write `{game}`: it was read as a rule file and would be \
             replaced by a match record (--force replaces it)"
        )),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), rules);
    let forced = run(two_games(game, &file, &["--force"]));
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("# Jumps: 2 games"), "{written}");
    for folder in [dir, there, file.parent().unwrap().to_path_buf()] {
        std::fs::remove_dir_all(folder).unwrap();
    }
}

/// Issue 52: the refusal of another match's record quoted the line this match writes with
/// the count of games of the file, not of `--games`. A first line that miscounts the
/// games of its file is refused on its own; either way the file is left as it was.
#[test]
fn another_matchs_record_is_refused_quoting_the_line_of_the_games_asked() {
    let dir = scratch("other-match");
    let file = rule_file("jumps-other-match", JUMPS);
    let record = dir.join("games.txt");
    let run = |players: &str, games: &str| {
        let mut args = vec!["match", file.to_str().unwrap(), "--players", players];
        args.extend(["--games", games, "--max-plies", "12", "--record"]);
        bin::run(&[&args[..], &[record.to_str().unwrap(), "--resume"]].concat())
    };
    assert!(run("random,easy", "2").status.success());
    let two = std::fs::read_to_string(&record).unwrap();
    let header = two.lines().next().unwrap();
    let ours = header.replace(
        ": 2 games of random against easy",
        ": 6 games of easy against random",
    );
    let err = text(&run("easy,random", "6").stderr);
    assert!(
        err.contains(&format!(
            "games.txt:1: not the record of this match: it begins\n  {header}\n\
             where this match writes\n  {ours}\n"
        )),
        "{err}"
    );
    let miscounted = two.replacen(": 2 games of", ": 3 games of", 1);
    std::fs::write(&record, &miscounted).unwrap();
    let out = run("random,easy", "6");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("games.txt:1: its first line counts 3 games, but it holds 2"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&record).unwrap(), miscounted);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(file.parent().unwrap()).unwrap();
}

/// Issue 52: `analyze --players baseline` worked but its help did not say so.
#[test]
fn the_help_of_players_names_every_player() {
    for command in ["analyze", "match"] {
        let help = ok(&[command, "--help"]);
        // The option's line, and the lines of its text if it is wrapped.
        let mut lines = help
            .lines()
            .skip_while(|l| !l.trim().starts_with("--players"));
        let first = lines.next().unwrap_or_else(|| panic!("{command}: {help}"));
        let rest = lines.take_while(|l| !l.trim().starts_with('-'));
        let players: String = std::iter::once(first).chain(rest).collect();
        for name in ["random", "easy", "medium", "strong", "baseline"] {
            assert!(
                players.contains(name),
                "{command} --players: no {name} in\n{players}"
            );
        }
    }
}

/// `--adjudicate MARGIN` scores a capped game for the side ahead by MARGIN or more (pieces,
/// here): the record's margins, checked against a replay of each game, give the counts.
#[test]
fn adjudication_counts_a_lead_at_the_cap_as_a_win() {
    let dir = scratch("adjudicate");
    let file = rule_file("jumps-adjudicate", JUMPS);
    let record = dir.join("games.txt");
    let base = [
        "match",
        file.to_str().unwrap(),
        "--players",
        "random,easy",
        "--games",
        "40",
        "--max-plies",
        "6",
        "--json",
    ];
    let plain = json(&[&base[..], &["--record", record.to_str().unwrap()]].concat());
    let (mut ahead, mut won_at_cap, mut lost_at_cap) = (0, 0, 0);
    for (i, line) in std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
    {
        let fields: Vec<&str> = line.split("; ").collect();
        let Some(lead) = fields[1].strip_prefix("unfinished, ") else {
            continue;
        };
        let end = json(&[
            "position",
            file.to_str().unwrap(),
            "--moves",
            fields[3],
            "--json",
        ]);
        let (black, white) = (num(&end["pieces"]["black"]), num(&end["pieces"]["white"]));
        let margin = (black - white).abs();
        let leader = if black > white { "black" } else { "white" };
        match margin as u32 {
            0 => assert_eq!(lead, "level", "{line}"),
            1 => assert_eq!(lead, format!("{leader} ahead by 1 piece"), "{line}"),
            m => assert_eq!(lead, format!("{leader} ahead by {m} pieces"), "{line}"),
        }
        if margin >= 1.0 {
            ahead += 1;
            // random sits on black in even games, on white in odd ones.
            let random_side = if i % 2 == 0 { "black" } else { "white" };
            *(if leader == random_side {
                &mut won_at_cap
            } else {
                &mut lost_at_cap
            }) += 1;
        }
    }
    assert!(ahead > 0, "a game capped with a lead");
    let judged = json(&[&base[..], &["--adjudicate", "1"]].concat());
    assert_eq!(judged["adjudicated_wins"], won_at_cap);
    assert_eq!(judged["adjudicated_losses"], lost_at_cap);
    assert_eq!(
        judged["wins"], plain["wins"],
        "finished games are unchanged"
    );
    let count = |r: &Value, k: &str| num(&r[k]);
    let score = (count(&plain, "wins")
        + f64::from(won_at_cap)
        + 0.5 * (count(&plain, "draws") + count(&plain, "unfinished") - f64::from(ahead)))
        / 40.0;
    assert!(
        (num(&judged["elo"]["score"]) - score).abs() < 1e-9,
        "{judged}"
    );
    // A capped game never leads by 2: that would leave a side with no piece, which ends it.
    let none = json(&[&base[..], &["--adjudicate", "2"]].concat());
    assert_eq!(none["adjudicated_wins"], 0);
    assert_eq!(none["elo"]["score"], plain["elo"]["score"]);
    let words = ok(&[&base[..8], &["--adjudicate", "1"]].concat());
    assert!(
        words.contains(&format!(
            "adjudicated at the cap (a lead of 1 or more wins): random {won_at_cap}, easy {lost_at_cap}"
        )),
        "{words}"
    );
    let err = fails(&[&base[..8], &["--adjudicate", "0"]].concat());
    assert!(err.contains("--adjudicate"), "{err}");
}

#[test]
fn a_stronger_level_wins_its_match() {
    let out = ok(&[
        "match",
        "mangala",
        "--players",
        "easy,random",
        "--games",
        "20",
        "--open",
        "0",
        "--json",
    ]);
    let r: Value = serde_json::from_str(&out).unwrap();
    assert!(r["wins"].as_u64().unwrap() >= 15, "{out}");
    assert!(num(&r["elo"]["low"]) > 0.0, "{out}");
}

#[test]
fn a_comparison_plays_both_variants_with_the_same_seeds() {
    let out = ok(&[
        "analyze",
        "mangala",
        "--games",
        "400",
        "--vs",
        "--preset castle",
    ]);
    assert!(out.contains("A: Mangala (castle=off)"), "{out}");
    assert!(
        out.contains("B: Mangala (preset castle: castle=on)"),
        "{out}"
    );
    // Without stores on the track, the Castle rule has no extra turns: a clear difference.
    let extra = out
        .lines()
        .find(|l| l.starts_with("extra turns per game"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(extra.contains(" 0.00 "), "{extra}");
    let capturing = out
        .lines()
        .find(|l| l.starts_with("capturing moves per game"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        capturing.ends_with(')') && capturing.contains("yes"),
        "{capturing}"
    );
    // Hasami Shogi's aim of five adds an end rule that ends most games, whose random
    // games otherwise nearly all reach the cap: a row per way of ending.
    let out = ok(&[
        "analyze",
        "hasami-shogi",
        "--games",
        "60",
        "--max-plies",
        "300",
        "--vs",
        "--set aim=five",
    ]);
    let row = |figure: &str| {
        let line = out.lines().find(|l| l.starts_with(figure));
        line.unwrap_or_else(|| panic!("{figure}:\n{out}"))
            .to_string()
    };
    let five = row("games ended by five taken");
    assert!(five.contains(" 0.0% ") && five.ends_with(')'), "{five}");
    assert!(five.contains("yes"), "{five}");
    assert!(row("games ended by no legal move").contains('%'));
    // The same seeds: comparing a variant with itself shows no difference at all.
    let same = json(&["analyze", "mangala", "--games", "200", "--vs", "", "--json"]);
    for row in same["rows"].as_array().unwrap() {
        assert_eq!(num(&row["difference"]), 0.0, "{row}");
    }
    assert_eq!(same["a"], same["b"]);
}

#[test]
fn charts_are_written_whole() {
    let dir = scratch("charts").join("new");
    let d = dir.to_str().unwrap();
    ok(&["analyze", "mangala", "--games", "300", "--svg", d, "--json"]);
    ok(&[
        "analyze",
        "mangala",
        "--games",
        "300",
        "--vs",
        "--preset castle",
        "--svg",
        d,
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["branching.svg", "length.svg", "wins.svg"]);
    for name in names {
        let svg = std::fs::read_to_string(dir.join(&name)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
            "{name}"
        );
        assert!(svg.contains("castle=on"), "{name}: both variants");
    }
}

#[test]
fn bad_input_is_refused_with_a_message_and_nothing_written() {
    let err = fails(&["analyze", "mangala", "--games", "10", "--players", "expert"]);
    assert!(err.contains("unknown player `expert`"), "{err}");
    let err = fails(&["analyze", "mangala", "--games", "0"]);
    assert!(err.contains("--games"), "{err}");
    let err = fails(&["match", "mangala", "--players", "strong", "--games", "2"]);
    assert!(err.contains("expected two players"), "{err}");
    let err = fails(&[
        "match",
        "mangala",
        "--players",
        "easy,grand",
        "--games",
        "2",
    ]);
    assert!(err.contains("unknown player `grand`"), "{err}");
    let err = fails(&[
        "analyze",
        "mangala",
        "--games",
        "10",
        "--vs",
        "--preset nope",
    ]);
    assert!(
        err.contains("nope") && err.contains("in the variant of --vs"),
        "{err}"
    );
    let err = fails(&["analyze", "mangala", "--games", "10", "--vs", "--bogus"]);
    assert!(err.contains("--vs: unexpected `--bogus`"), "{err}");
    let err = fails(&["analyze", "mangala", "--games", "10", "--vs", "--preset"]);
    assert!(err.contains("needs a value"), "{err}");
    // A folder that cannot be made (its parent is a file): refused before any game.
    let dir = scratch("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let target = file.join("charts");
    let err = fails(&[
        "analyze",
        "mangala",
        "--games",
        "10",
        "--svg",
        target.to_str().unwrap(),
    ]);
    assert!(err.contains("--svg: cannot write into the folder"), "{err}");
    assert!(!target.exists());
    let err = fails(&[
        "analyze",
        "mangala",
        "--games",
        "10",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(err.contains("is not a folder"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), b"");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing else written"
    );
}

/// What `command` printed and how it ended after SIGINT, sent once it has installed its
/// Ctrl-C handler and used [`PLAYING_TICKS`] of CPU time working (each waited for at most
/// 20 s, as is its stopping).
#[cfg(target_os = "linux")]
fn interrupted_once_busy(mut command: std::process::Command) -> std::process::Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    wait_until(&mut child, "install its Ctrl-C handler", || {
        catches_sigint(pid)
    });
    let ready = cpu_ticks(pid);
    wait_until(&mut child, "work", || {
        cpu_ticks(pid) >= ready + PLAYING_TICKS
    });
    let status = std::process::Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    bin::wait_within(child, std::time::Duration::from_secs(20))
        .unwrap_or_else(|e| panic!("the run did not stop: {e}"))
}

/// Ctrl-C is sent once the run has shown, through /proc, that it is ready for it: its
/// handler is installed (before that, SIGINT would kill it) and it has since used
/// [`PLAYING_TICKS`] of CPU time playing games. Both are signs from the child, not a guess
/// at how long it takes to start; each is waited for at most 20 s.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_the_run_and_reports_the_games_played() {
    let args = ["analyze", "mangala", "--games", "10000000", "--json"];
    let out = interrupted_once_busy(bin::command(args));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let r: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(r["interrupted"], true);
    let games = r["games"].as_u64().unwrap();
    assert!(games > 0 && games < 10_000_000, "{games}");
    assert_eq!(
        r["seats"][0]["wins"]["count"].as_u64().unwrap()
            + r["seats"][1]["wins"]["count"].as_u64().unwrap()
            + r["draws"]["count"].as_u64().unwrap()
            + r["unfinished"]["count"].as_u64().unwrap(),
        games
    );
}

/// Issue 51: Ctrl-C before any game has finished (computer players, long games) printed a
/// report of zeros; the run says it has nothing to report instead, and prints no report.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_before_any_game_finished_reports_nothing() {
    let args = [
        "analyze",
        "go",
        "--players",
        "strong",
        "--games",
        "2",
        "--json",
    ];
    let out = interrupted_once_busy(bin::command(args));
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("interrupted before any game finished: nothing to report"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

/// CPU time (in clock ticks, a tenth of a second at the usual 100 a second) that the run of
/// [`ctrl_c_stops_the_run_and_reports_the_games_played`] spends playing before Ctrl-C:
/// thousands of random Mangala games.
#[cfg(target_os = "linux")]
const PLAYING_TICKS: u64 = 10;

/// Polls `ready` until it holds; fails the test, killing `child`, if `child` ends first or
/// 20 s pass (`what` says what the child was to do).
#[cfg(target_os = "linux")]
fn wait_until(child: &mut std::process::Child, what: &str, mut ready: impl FnMut() -> bool) {
    let began = std::time::Instant::now();
    while !ready() {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            panic!("the run ended ({status}) before it could {what}");
        }
        if began.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the run did not {what} within 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Whether process `pid` catches SIGINT (the `SigCgt` mask of /proc/PID/status): its
/// Ctrl-C handler is installed.
#[cfg(target_os = "linux")]
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let caught = status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok());
    caught.is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
}

/// The CPU time process `pid` has used, all its threads together, in clock ticks: `utime`
/// and `stime`, fields 14 and 15 of /proc/PID/stat (counted after the command name, which
/// is in parentheses and may hold spaces).
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // `fields[0]` is field 3, the state.
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
    field(14).unwrap_or(0) + field(15).unwrap_or(0)
}
