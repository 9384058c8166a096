//! `State::play_forward` and `State::playout`, the way random playouts play (`rulebook
//! bench`), against `State::apply`: on every bundled game and preset (and on rule texts
//! naming `origin`), the same seeded random games give the same position, hash and outcome
//! at every ply, and the states that applied the moves still take every one of them back
//! to the start. The short path for plain landings plays as the general path does.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Site};
use rulebook::pipeline;

use crate::common::configurations;
use configurations::configurations;

/// Plays `playouts` seeded random games of at most `cap` plies from the start, each twice:
/// with `apply` on one state and with `play_forward` on another, comparing them at every
/// ply; then takes every applied move back.
fn forward_equals_apply(name: &str, game: &Arc<Game>, playouts: u64, cap: usize) {
    let start = State::new(Arc::clone(game));
    let (mut moves, mut other) = (MoveList::new(), MoveList::new());
    let mut forward = start.clone();
    for i in 0..playouts {
        let mut applied = start.clone();
        forward.clone_from(&start);
        let (mut rng, mut same) = (Rng::stream(7, i), Rng::stream(7, i));
        let (mut plies, mut ended) = (cap, false);
        for ply in 0..cap {
            let a = applied.pick_legal_move(&mut moves, |n| rng.below(n));
            let f = forward.pick_legal_move(&mut other, |n| same.below(n));
            assert_eq!(a, f, "{name}, playout {i}, ply {ply}: the move picked");
            let Some(m) = a else {
                (plies, ended) = (ply, true);
                break;
            };
            applied.apply(m);
            forward.play_forward(m);
            assert!(
                applied == forward,
                "{name}, playout {i}, ply {ply}: the position"
            );
            assert_eq!(
                applied.hash(),
                forward.hash(),
                "{name}, playout {i}, ply {ply}"
            );
            assert_eq!(
                applied.has_ended(),
                forward.has_ended(),
                "{name}, {i}, {ply}"
            );
            assert_eq!(applied.ply(), ply + 1);
            assert_eq!(forward.ply(), 0, "{name}: nothing recorded to take back");
        }
        assert_eq!(applied.outcome(), forward.outcome(), "{name}, playout {i}");
        // The whole playout in one call: the same game.
        let mut whole = start.clone();
        let mut again = Rng::stream(7, i);
        let played = whole.playout(cap, &mut other, |n| again.below(n));
        assert_eq!(played, (plies, ended), "{name}, playout {i}: plies and end");
        assert!(
            whole == forward,
            "{name}, playout {i}: the position after playout"
        );
        assert_eq!(whole.hash(), forward.hash(), "{name}, playout {i}");
        assert_eq!(whole.outcome(), forward.outcome(), "{name}, playout {i}");
        assert_eq!(
            applied.end_rule(),
            forward.end_rule(),
            "{name}, playout {i}"
        );
        assert_eq!(
            forward.undo(),
            None,
            "{name}: play_forward cannot be taken back"
        );
        while applied.undo().is_some() {}
        assert!(
            applied == start,
            "{name}, playout {i}: undo back to the start"
        );
        assert_eq!(applied.hash(), start.hash(), "{name}, playout {i}");
    }
}

#[test]
fn playing_forward_plays_the_same_games_as_apply_on_every_bundled_game() {
    for (name, game) in configurations() {
        forward_equals_apply(&name, &game, 12, 300);
    }
}

#[test]
fn placements_on_one_word_play_out_as_apply_plays_them() {
    // Games whose every move puts a piece down on a board of at most 64 sites run their
    // playouts in a loop of their own (`State::places_plainly_on_one_word`): the same games
    // as the moves picked and applied one by one.
    let fixtures = ["tic-tac-toe", "connect-four", "breakthrough"];
    let mut looped = Vec::new();
    let loaded = fixtures.iter().map(|name| {
        let path = format!("tests/fixtures/valid/{name}.game");
        let game = pipeline::load(&path, None, &[])
            .unwrap_or_else(|e| panic!("{path} loads:\n{}", e.render(false)));
        (name.to_string(), game)
    });
    for (name, game) in loaded.chain(configurations()) {
        if State::new(Arc::clone(&game)).places_plainly_on_one_word() {
            forward_equals_apply(&name, &game, 40, 300);
            looped.push(name);
        }
    }
    // A game of placements that reads the site just played keeps it move by move: not
    // that loop, and the same games.
    let text = "game \"Centre\"\nplayers x, o\nboard grid 3 by 3\npiece mark\n\
                move place mark\nend when last == b2 and pieces(o) > 1: mover wins\n\
                end when no legal move: draw\n";
    let game = pipeline::load_text("centre.game", text, None, &[])
        .unwrap_or_else(|e| panic!("the rule text loads:\n{}", e.render(false)));
    assert!(!State::new(Arc::clone(&game)).places_plainly_on_one_word());
    forward_equals_apply("centre", &game, 40, 300);
    // Breakthrough's moves are steps; the bundled games' boards of 64 sites or fewer.
    let expected = [
        "tic-tac-toe",
        "connect-four",
        "havannah --preset small",
        "hex --preset small",
        "y --preset small",
    ];
    assert_eq!(looped, expected);
}

#[test]
fn plain_landings_play_as_the_general_path_plays_them() {
    // A move of a rule in `plain_landings` is played by a short path (a piece from one
    // site to another, or from the supply); with the set emptied, the same moves go the
    // general way. Both must give the same positions and hashes at every ply.
    let mut games_with_plain_landings = 0;
    for (name, game) in configurations() {
        if game.facts.plain_landings == 0 {
            continue;
        }
        games_with_plain_landings += 1;
        let mut general = (*game).clone();
        general.facts.plain_landings = 0;
        let (start, general_start) = (State::new(game), State::new(Arc::new(general)));
        let mut moves = MoveList::new();
        for i in 0..6 {
            let (mut plain, mut other) = (start.clone(), general_start.clone());
            let mut rng = Rng::stream(11, i);
            for ply in 0..200 {
                let Some(m) = plain.pick_legal_move(&mut moves, |n| rng.below(n)) else {
                    break;
                };
                plain.apply(m);
                other.apply(m);
                assert!(plain == other, "{name}, playout {i}, ply {ply}: {m:?}");
                assert_eq!(plain.hash(), other.hash(), "{name}, playout {i}, ply {ply}");
            }
        }
    }
    assert!(
        games_with_plain_landings >= 10,
        "{games_with_plain_landings}"
    );
}

#[test]
fn walks_laid_out_in_paths_play_as_the_interpreter_plays_them() {
    // A walk made of fixed paths is read from its paths laid out per site, for its moves
    // and for the test of a site attacked; with the paths dropped, the interpreter runs
    // the same walks. Both must list the same legal moves at every ply.
    let mut games_with_paths = 0;
    for (name, game) in configurations() {
        let laid_out =
            |w: &rulebook::model::WalkForms| w.paths.is_some() || w.reversed_paths.is_some();
        if !game.tables.walks.iter().any(laid_out) {
            continue;
        }
        games_with_paths += 1;
        let mut interpreted = (*game).clone();
        interpreted.tables.walks.iter_mut().for_each(|w| {
            w.paths = None;
            w.reversed_paths = None;
        });
        let (start, other_start) = (State::new(game), State::new(Arc::new(interpreted)));
        let (mut moves, mut others) = (MoveList::new(), MoveList::new());
        for i in 0..4 {
            let (mut laid, mut other) = (start.clone(), other_start.clone());
            let mut rng = Rng::stream(17, i);
            for ply in 0..150 {
                laid.legal_moves(&mut moves);
                other.legal_moves(&mut others);
                assert!(moves[..] == others[..], "{name}, playout {i}, ply {ply}");
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                laid.apply(m);
                other.apply(m);
            }
        }
    }
    assert!(games_with_paths >= 3, "{games_with_paths}");
}

#[test]
fn playing_forward_keeps_origin_for_the_rules_after_sowing() {
    let rules = [
        "move sow counterclockwise with skip stores, first stone into origin\n\
         after sow first of {\n  when count(origin) > 0: take origin to store(opponent)\n}",
        "move sow counterclockwise with skip stores\nafter sow first of {\n  \
         when stones(between(origin, last)) >= 5: take last to store(mover)\n  \
         when owner(last) == mover: again\n}",
        "move sow counterclockwise with skip stores, start at opposite(origin), \
         relay while count(last) > 1\n\
         after sow first of {\n  when last == next(origin): take last to store(mover)\n}",
    ];
    for (i, rule) in rules.iter().enumerate() {
        let text = format!(
            "game \"Origin\"\nplayers south, north\nboard mancala 5 pits with stores\n\
             setup 3 stones in every pit\n{rule}\n\
             end when no legal move: mover loses\n"
        );
        let game = pipeline::load_text("origin.game", &text, None, &[])
            .unwrap_or_else(|e| panic!("rule text {i} loads:\n{}", e.render(false)));
        forward_equals_apply(&format!("rule text {i}"), &game, 30, 200);
    }
}

#[test]
fn a_move_played_forward_forgets_the_moves_before_it_and_later_moves_undo() {
    let (_, game) = configurations()
        .into_iter()
        .find(|(name, _)| name == "kalah")
        .expect("kalah is bundled");
    let start = State::new(game);
    let mut moves = MoveList::new();
    let mut state = start.clone();
    start.legal_moves(&mut moves);
    state.apply(moves[0]);
    state.legal_moves(&mut moves);
    let second = moves[moves.len() - 1];
    state.play_forward(second);
    assert_eq!(state.ply(), 0);
    assert_eq!(state.undo(), None);
    let after_forward = state.clone();
    state.legal_moves(&mut moves);
    let third = moves[0];
    state.apply(third);
    assert_eq!(state.ply(), 1);
    assert_eq!(state.undo(), Some(third));
    assert!(state == after_forward);
    assert_eq!(state.hash(), after_forward.hash());
}

/// Loads a sowing game of `pits` pits a player, `stones` stones in every pit, with these
/// rules (a move rule, rules after sowing, an end).
fn sowing_game(name: &str, pits: usize, stones: usize, rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"{name}\"\nplayers south, north\nboard mancala {pits} pits with stores\n\
         setup {stones} stones in every pit\n{rules}\n"
    );
    pipeline::load_text("lanes.game", &text, None, &[])
        .unwrap_or_else(|e| panic!("{name} loads:\n{}", e.render(false)))
}

#[test]
fn playouts_by_tables_and_by_the_general_path_play_the_same_games() {
    // Rules that a playout reads from fixed tables (one plain sowing, a board of fewer
    // than 64 sites) and rules that only partly fit them: more than two parts of a
    // condition decided by stones, more than two takes, `unless`, stones beyond 64.
    let mangala = "move sow counterclockwise with first stone into origin, skip opponent store\n\
        after sow first of {\n  when last == store(mover): again\n  \
        when owner(last) == opponent and pit(last) > 0 and count(last) % 2 == 0:\n    \
        take last to store(mover)\n  \
        when owner(last) == mover and pit(last) > 0 and count(last) == 1\n       \
        and count(opposite(last)) > 0:\n    \
        take opposite(last) to store(mover), take last to store(mover)\n}\n\
        end when empty row: remaining to empty side, most in store wins";
    let wide = "move sow counterclockwise with skip origin\n\
        after sow first of {\n  \
        when owner(last) == opponent and pit(last) > 0 and count(last) % 2 == 0\n       \
        and count(opposite(last)) > 0 and count(next(last)) < 3:\n    \
        take last to store(mover), take opposite(last) to store(mover),\n    \
        take next(last) to store(mover)\n  \
        when owner(last) == opponent and count(last) == 3:\n    \
        take last to store(mover) unless stones(opponent) == 0\n  \
        when last == store(mover): again\n}\n\
        end when empty row: remaining to owners, most in store wins";
    let heavy = "move sow counterclockwise with skip opponent store\n\
        after sow first of {\n  \
        when owner(last) == mover and count(store(mover)) >= 70 and count(last) == 1:\n    \
        take last to store(opponent)\n  \
        when owner(last) == opponent and count(last) % 2 == 0: take last to store(mover)\n}\n\
        end when empty row: remaining to owners, most in store wins";
    // Outside the tables: a board of 66 sites, a relay.
    let relay = "move sow counterclockwise with skip stores, relay while count(last) > 1\n\
        after sow first of {\n  when owner(last) == opponent and count(last) % 2 == 0:\n    \
        take last to store(mover)\n}\n\
        end when empty row: remaining to owners, most in store wins";
    let games = [
        ("tabled", 6, 4, mangala),
        ("wide", 6, 4, wide),
        ("heavy", 6, 15, heavy),
        ("large board", 32, 3, mangala),
        ("relay", 6, 4, relay),
    ];
    sowing_games_play_forward_as_applied(&games, 30);
}

/// [`forward_equals_apply`] on each sowing game (name, pits, stones, rules) for `playouts`
/// playouts of at most 200 plies; returns the games.
fn sowing_games_play_forward_as_applied(
    games: &[(&str, usize, usize, &str)],
    playouts: u64,
) -> Vec<Arc<Game>> {
    games
        .iter()
        .map(|&(name, pits, stones, rules)| {
            let game = sowing_game(name, pits, stones, rules);
            forward_equals_apply(name, &game, playouts, 200);
            game
        })
        .collect()
}

#[test]
fn playouts_with_marks_and_long_rows_by_tables_and_by_the_general_path_play_the_same_games() {
    // Rules after sowing that the tables decide and carry out whole: a part `marks(PLAYER)
    // OP N`, a `mark` with up to two takes, marked pits that feed their owners' stores
    // (with the first stone into the origin, and with `skip origin`).
    let castle = "move sow counterclockwise with first stone into origin, skip stores, \
        marked pits feed owner store\n\
        after sow first of {\n  \
        when owner(last) == opponent and pit(last) != 6 and count(last) == 3\n       \
        and marks(mover) == 0:\n    mark last, take last to store(mover)\n  \
        when owner(last) == opponent and pit(last) > 0 and count(last) % 2 == 0:\n    \
        take last to store(mover)\n  \
        when owner(last) == mover and pit(last) > 0 and count(last) == 1\n       \
        and count(opposite(last)) > 0:\n    \
        take opposite(last) to store(mover), take last to store(mover)\n}\n\
        end when empty row: remaining to empty side, most in store wins";
    let skipping = "move sow counterclockwise with skip origin, marked pits feed owner store\n\
        after sow first of {\n  \
        when owner(last) == opponent and count(last) == 2 and marks(opponent) < 2:\n    \
        mark last, take last to store(mover)\n  \
        when owner(last) == opponent and count(last) % 2 == 0: take last to store(mover)\n}\n\
        end when empty row: remaining to owners, most in store wins";
    // Just outside them: a part on marks of another shape, a mark with three takes, two
    // marks (the general path checks the part, or carries out the actions).
    let outside = "move sow counterclockwise with first stone into origin, skip stores, \
        marked pits feed owner store\n\
        after sow first of {\n  \
        when owner(last) == opponent and count(last) == 3 and marks(mover) * 2 < 1:\n    \
        mark last, take last to store(mover), take next(last) to store(mover),\n    \
        take opposite(last) to store(mover)\n  \
        when owner(last) == opponent and count(last) == 2 and 1 > marks(opponent):\n    \
        mark last, mark next(last), take last to store(mover)\n  \
        when owner(last) == opponent and count(last) % 2 == 0: take last to store(mover)\n}\n\
        end when empty row: remaining to empty side, most in store wins";
    // Rows of 9 and of 20 pits: a move picked a byte of the row at a time, or bit by bit.
    let plain = "move sow counterclockwise with skip opponent store\n\
        after sow first of {\n  when last == store(mover): again\n  \
        when owner(last) == opponent and count(last) % 2 == 0: take last to store(mover)\n}\n\
        end when empty row: remaining to owners, most in store wins";
    let games = [
        ("castle", 6, 4, castle),
        ("skipping", 6, 4, skipping),
        ("outside", 6, 4, outside),
        ("nine pits", 9, 9, castle),
        ("twenty pits", 20, 2, plain),
    ];
    let loaded = sowing_games_play_forward_as_applied(&games, 40);
    for ((name, ..), game) in games.iter().zip(&loaded) {
        if *name != "twenty pits" {
            assert!(
                marks_in_playouts(game, 40),
                "{name}: some playout marks a pit"
            );
        }
    }
}

/// Whether some of `n` seeded random playouts from the start of `game` end with a marked
/// site.
fn marks_in_playouts(game: &Arc<Game>, n: u64) -> bool {
    let start = State::new(Arc::clone(game));
    let mut moves = MoveList::new();
    (0..n).any(|i| {
        let mut state = start.clone();
        let mut rng = Rng::stream(7, i);
        state.playout(200, &mut moves, |count| rng.below(count));
        (0..game.board.sites()).any(|s| state.mark(Site::at(s)).is_some())
    })
}
