//! The bundled backgammon and hyper-backgammon (`games/backgammon.game`,
//! `games/hyper-backgammon.game`, rules BG-1 .. BG-9 of `docs/games/backgammon.md`) against
//! OpenSpiel 2.0.2's data that `tests/openspiel/backgammon.py` printed: its perft counts
//! (`openspiel/backgammon.perft`, `openspiel/hyper-backgammon.perft`, chance nodes counted)
//! and its random games replayed ply by ply, with the legal moves after every ply and the
//! outcome with its points (`openspiel/backgammon-games.txt`,
//! `openspiel/hyper-backgammon-games.txt`). The same data checks the reference written from
//! the rules alone (`backgammon_reference.rs`).
//!
//! rulebook plays a die's move as a ply; OpenSpiel's action is two of them (a double two
//! actions of two). The walk here counts rulebook's tree by OpenSpiel's plies: at a
//! player's turn, a die's move and, while the same player goes on, the next one, as one
//! ply; a throw and a pass as they are. Moves are written as the data writes them
//! (`4:24/20,3:13/10`: the die, then the points from the mover's side, 24 the farthest).

use std::sync::Arc;

use rulebook::engine::{Move, MoveList, Outcome, State};
use rulebook::model::{Game, MoveKind, Player, Site, NO_SITE};
use rulebook::{notation, pipeline};

use crate::common::perft_file;
use crate::common::records::{self, Entry};

/// The players as the data names them: OpenSpiel's `x` (rulebook's white) and `o` (black).
const PLAYERS: [&str; 2] = ["x", "o"];

/// Counts above this many leaves are left to the deep tests (`tests/deep.sh`).
const QUICK_LIMIT: u64 = 1_000_000;

fn game(name: &str) -> Arc<Game> {
    pipeline::load(name, None, &[]).unwrap_or_else(|e| panic!("{name}: {}", e.render(false)))
}

/// The sites of `player`'s track, in order (the 24-point first).
fn track(game: &Game, player: Player) -> Vec<Site> {
    let along = game.moves.iter().find_map(|rule| match &rule.kind {
        MoveKind::Track(track) => Some(track),
        _ => None,
    });
    along.expect("a move along the tracks").sites[player.index()].clone()
}

/// A die's move of the engine as the data writes it: `D:FROM/TO`, the points numbered from
/// the mover's side (`bar`, `off`).
fn part_text(state: &State, m: Move) -> String {
    let sites = track(state.game(), state.to_move());
    let point = |site: Site, none: &str| match site {
        NO_SITE => none.to_string(),
        site => {
            let at = sites.iter().position(|&s| s == site).expect("on the track");
            (24 - at).to_string()
        }
    };
    format!(
        "{}:{}/{}",
        m.die(),
        point(m.from(), "bar"),
        point(m.to(), "off")
    )
}

/// Whether the player who moved, `mover`, moves on in the same turn.
fn goes_on(state: &State, mover: Player) -> bool {
    state.outcome().is_none() && state.chance().is_none() && state.to_move() == mover
}

/// rulebook's state, walked by OpenSpiel's plies. One thing is OpenSpiel's alone: after the
/// first half of a double that used both its dice, when no die left can be used, its
/// player passes the second half, a ply of its own (`pass_due`), where rulebook's turn
/// simply ends.
struct Plies {
    state: State,
    pass_due: bool,
}

impl Plies {
    /// The start, the opening roll to come (BG-2).
    fn start(game: &Arc<Game>) -> Plies {
        Plies {
            state: State::new(Arc::clone(game)),
            pass_due: false,
        }
    }

    /// The legal plies, each with its text and the engine's moves that make it: a throw, a
    /// pass, or one or two dice's moves; sorted by text.
    fn legal(&mut self) -> Vec<(String, Vec<Move>)> {
        if self.pass_due {
            return vec![("pass".to_string(), Vec::new())];
        }
        let state = &mut self.state;
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let firsts: Vec<Move> = moves.iter().copied().collect();
        let mut out = Vec::new();
        for first in firsts {
            let text = notation::move_text(state, first);
            if text == "pass" || text.starts_with("roll:") {
                out.push((text, vec![first]));
                continue;
            }
            let (head, mover) = (part_text(state, first), state.to_move());
            state.apply(first);
            if goes_on(state, mover) {
                let mut seconds = MoveList::new();
                state.legal_moves(&mut seconds);
                for &second in seconds.iter() {
                    let ply = format!("{head},{}", part_text(state, second));
                    out.push((ply, vec![first, second]));
                }
            } else {
                out.push((head, vec![first]));
            }
            state.undo();
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Plays a ply (its moves); returns whether a pass was due before it, for [`Plies::undo`].
    fn play(&mut self, moves: &[Move]) -> bool {
        let was = self.pass_due;
        let (double, mover) = (self.state.dice_left().len() == 4, self.state.to_move());
        for &m in moves {
            self.state.apply(m);
        }
        let over = self.state.outcome().is_some();
        self.pass_due = double && moves.len() == 2 && !over && !goes_on(&self.state, mover);
        was
    }

    /// Takes back the ply `moves`, played when a pass was due or not (`was`).
    fn undo(&mut self, moves: &[Move], was: bool) {
        for _ in moves {
            self.state.undo();
        }
        self.pass_due = was;
    }

    /// Plays the ply written `text` (the data's notation), which must be legal:
    /// `start:P:A-B` is OpenSpiel's first chance node, P starting with the dice A and B
    /// (x with the lower first, o with the higher), which is the engine's opening roll
    /// `roll:B-A` (white's die B, black's A).
    fn play_text(&mut self, text: &str, place: &str) {
        let (ply, starter) = match text.strip_prefix("start:") {
            Some(start) => {
                let (player, dice) = start.split_once(':').expect("start:P:A-B");
                let (a, b) = dice.split_once('-').expect("start:P:A-B");
                (format!("roll:{b}-{a}"), Some(player))
            }
            None => (text.to_string(), None),
        };
        assert_eq!(
            self.state.opening(),
            starter.is_some(),
            "{place}: `{text}` at the opening"
        );
        let all = self.legal();
        let Some((_, moves)) = all.iter().find(|(t, _)| *t == ply) else {
            let texts: Vec<&String> = all.iter().map(|(t, _)| t).collect();
            panic!("{place}: `{text}` is not legal here: {texts:?}");
        };
        self.play(moves);
        if let Some(starter) = starter {
            let to_move = PLAYERS[self.state.to_move().index()];
            assert_eq!(to_move, starter, "{place}: who starts after `{text}`");
        }
    }

    /// Adds the plies below this position (at depth `d`) to `counts`.
    fn walk(&mut self, d: usize, counts: &mut [u64]) {
        if d == counts.len() || self.state.outcome().is_some() {
            return;
        }
        let all = self.legal();
        counts[d] += all.len() as u64;
        if d + 1 == counts.len() {
            return;
        }
        for (_, moves) in all {
            let was = self.play(&moves);
            self.walk(d + 1, counts);
            self.undo(&moves, was);
        }
    }
}

/// The leaf counts below `plies` at depths 1 to `depth` in OpenSpiel's plies (a finished
/// game has none); from the start, the opening roll's 30 outcomes lead, as OpenSpiel's
/// first chance node.
fn perft(plies: &mut Plies, depth: usize) -> Vec<u64> {
    let mut counts = vec![0; depth];
    plies.walk(0, &mut counts);
    counts
}

/// Checks every case of the perft file `path` to the depths whose counts stay within
/// `limit`; returns the number of counts checked.
fn check_perft_file(path: &str, name: &str, limit: u64) -> usize {
    let g = game(name);
    let mut checked = 0;
    for case in perft_file::read(path, Some(name)) {
        let mut plies = Plies::start(&g);
        let moves: Vec<&str> = case.moves.split_whitespace().collect();
        for (i, m) in moves.iter().enumerate() {
            plies.play_text(m, &format!("{}: move {}", case.place, i + 1));
        }
        let depth = case.depth_within(limit);
        let got = perft(&mut plies, depth);
        checked += case.assert_agrees(&got);
    }
    checked
}

/// The outcome as the data writes it: `none`, or `P wins N` (N the points; 0 for
/// hyper-backgammon, whose wins OpenSpiel scores 0, BG-9).
fn outcome(state: &State, hyper: bool) -> String {
    match state.outcome() {
        None => "none".to_string(),
        Some(Outcome::Win(p)) => {
            let points = if hyper { 0 } else { state.points() };
            format!("{} wins {points}", PLAYERS[p.index()])
        }
        Some(other) => panic!("{other:?}: backgammon has no draw"),
    }
}

/// Replays the games of the file `path` ply by ply: each move legal, the legal moves after
/// it the same (sorted), the outcome the same. Returns the games and plies replayed.
fn replay(path: &str, name: &str) -> (usize, usize) {
    let g = game(name);
    let mut plies = Plies::start(&g);
    let (mut games, mut plies_played) = (0, 0);
    for entry in records::read(path) {
        let ply = match entry {
            Entry::Ply(ply) => ply,
            Entry::Game => {
                assert!(
                    games == 0 || plies.state.outcome().is_some(),
                    "{path}: unfinished"
                );
                (plies, games) = (Plies::start(&g), games + 1);
                continue;
            }
            Entry::Position(_) => panic!("{path}: a game here begins at the start"),
        };
        plies.play_text(&ply.played, &ply.place);
        let legal: Vec<String> = plies.legal().into_iter().map(|(t, _)| t).collect();
        let after = format!("{}: after `{}`", ply.place, ply.played);
        assert_eq!(legal, ply.legal, "{after}: the legal moves");
        let hyper = name.starts_with("hyper");
        assert_eq!(outcome(&plies.state, hyper), ply.outcome, "{after}");
        plies_played += 1;
    }
    (games, plies_played)
}

#[test]
fn backgammon_perft_is_openspiel_s() {
    let checked = check_perft_file(
        "tests/openspiel/backgammon.perft",
        "backgammon",
        QUICK_LIMIT,
    );
    assert!(checked >= 40, "only {checked} counts");
}

#[test]
fn hyper_backgammon_perft_is_openspiel_s() {
    let path = "tests/openspiel/hyper-backgammon.perft";
    let checked = check_perft_file(path, "hyper-backgammon", QUICK_LIMIT);
    assert!(checked >= 40, "only {checked} counts");
}

#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn backgammon_perft_all_depths_is_openspiel_s() {
    check_perft_file("tests/openspiel/backgammon.perft", "backgammon", u64::MAX);
    let path = "tests/openspiel/hyper-backgammon.perft";
    check_perft_file(path, "hyper-backgammon", u64::MAX);
}

#[test]
fn openspiels_backgammon_games_replay_ply_by_ply() {
    let (games, plies) = replay("tests/openspiel/backgammon-games.txt", "backgammon");
    assert_eq!(games, 10);
    assert!(plies > 1000, "only {plies} plies");
}

#[test]
fn openspiels_hyper_backgammon_games_replay_ply_by_ply() {
    let path = "tests/openspiel/hyper-backgammon-games.txt";
    let (games, plies) = replay(path, "hyper-backgammon");
    assert_eq!(games, 20);
    assert!(plies > 500, "only {plies} plies");
}
