//! Backgammon and hyper-backgammon (issue 48): a reference written in this file from the
//! rules of `docs/games/backgammon.md` (BG-1 .. BG-9) alone, checked
//! against OpenSpiel 2.0.2's data that `tests/openspiel/backgammon.py` printed: its perft
//! counts (`openspiel/backgammon.perft`, `openspiel/hyper-backgammon.perft`, chance nodes
//! counted) and its random games replayed ply by ply with the legal moves after every ply
//! and the outcome (`openspiel/backgammon-games.txt`, `openspiel/hyper-backgammon-games.txt`).
//! The reference plays OpenSpiel's plies (two dice's moves at a time, a double in two
//! halves) so that its counts are OpenSpiel's; its moves are written as the data writes
//! them (`4:24/20,3:13/10`, `roll:2-6`, `start:x:3-4`, `pass`). `backgammon.rs` checks the
//! bundled game against the same data.

use crate::common::perft_file;
use crate::common::records::{self, Entry};

/// The players as the data names them: OpenSpiel's `x` (its player 0) and `o`.
const PLAYERS: [&str; 2] = ["x", "o"];

/// The bar, as a point of the player's own numbering (BG-5: entering from it, a die `d`
/// lands on point 25 - d).
const BAR: usize = 25;

/// Counts above this many leaves are left to the deep tests (`tests/deep.sh`).
const QUICK_LIMIT: u64 = 1_000_000;

/// One die's move: the point moved from (in the mover's numbering, `BAR` for the bar) and
/// the die.
type Part = (usize, u8);

/// A position of the reference.
#[derive(Clone, Debug)]
struct Bg {
    /// Per player, the checkers on each point of their own numbering (BG-1): index 1 to 24,
    /// 24 the farthest from home, 1 to 6 the home board; index 25 the bar; index 0 unused.
    points: [[u8; 26]; 2],
    /// Per player, the checkers borne off.
    off: [u8; 2],
    /// The checkers each player has (15, or 3 in hyper-backgammon).
    checkers: u8,
    /// The player to move (once the first throw is made).
    to_move: usize,
    /// The dice left to play this turn; empty before the throw.
    dice: Vec<u8>,
    /// Whether this is the second half of a double (OpenSpiel's second action of it).
    second_half: bool,
    /// Whether the first throw, which says who starts, is made.
    started: bool,
}

impl Bg {
    /// The start (BG-1, BG-9): 2, 5, 3 and 5 checkers on each player's 24-, 13-, 8- and
    /// 6-points, or in hyper-backgammon one on each of their 24-, 23- and 22-points.
    fn new(hyper: bool) -> Bg {
        let mut side = [0u8; 26];
        let checkers = if hyper {
            side[24] = 1;
            side[23] = 1;
            side[22] = 1;
            3
        } else {
            side[24] = 2;
            side[13] = 5;
            side[8] = 3;
            side[6] = 5;
            15
        };
        Bg {
            points: [side, side],
            off: [0, 0],
            checkers,
            to_move: 0,
            dice: Vec::new(),
            second_half: false,
            started: false,
        }
    }

    /// The winner, once a player has borne off all their checkers (BG-8).
    fn winner(&self) -> Option<usize> {
        (0..2).find(|&p| self.off[p] == self.checkers)
    }

    /// The winner's points (BG-8): 1; 2 if the loser has borne off none; 3 if besides the
    /// loser has a checker on the bar or in the winner's home board (the loser's points 19
    /// to 24). Hyper-backgammon scores 1 (BG-9).
    fn score(&self, winner: usize) -> u8 {
        let loser = 1 - winner;
        if self.checkers != 15 || self.off[loser] > 0 {
            return 1;
        }
        let stuck = self.points[loser][BAR] > 0 || (19..=24).any(|i| self.points[loser][i] > 0);
        if stuck {
            3
        } else {
            2
        }
    }

    /// The enemy checkers on the mover's point `to` (their point 25 - to).
    fn enemies(&self, to: usize) -> u8 {
        self.points[1 - self.to_move][25 - to]
    }

    /// Whether all the mover's checkers are in their home board (BG-7).
    fn all_home(&self) -> bool {
        let mine = &self.points[self.to_move];
        (7..=25).all(|i| mine[i] == 0)
    }

    /// Whether the die `d` may move the mover's checker from `from` (BG-3 .. BG-7).
    fn may(&self, from: usize, d: u8) -> bool {
        let mine = &self.points[self.to_move];
        if mine[from] == 0 || (mine[BAR] > 0 && from != BAR) {
            return false;
        }
        let d = usize::from(d);
        if from > d {
            return self.enemies(from - d) <= 1;
        }
        // Bearing off: all home, and the exact die or none higher (BG-7).
        self.all_home() && (from == d || (from + 1..=6).all(|i| mine[i] == 0))
    }

    /// The moves of one die each that can be played now, one per point and die value.
    fn parts(&self) -> Vec<Part> {
        let mut values = self.dice.clone();
        values.sort_unstable();
        values.dedup();
        let mut out = Vec::new();
        for from in (1..=BAR).rev() {
            for &d in &values {
                if self.may(from, d) {
                    out.push((from, d));
                }
            }
        }
        out
    }

    /// Plays one die's move (the die is used up): a checker landing on a lone enemy hits it
    /// to the bar (BG-4), one going past point 1 is borne off.
    fn play_part(&mut self, (from, d): Part) {
        let p = self.to_move;
        let used = self.dice.iter().position(|&x| x == d).expect("a die left");
        self.dice.remove(used);
        self.points[p][from] -= 1;
        let d = usize::from(d);
        if from <= d {
            self.off[p] += 1;
            return;
        }
        let to = from - d;
        if self.enemies(to) == 1 {
            self.points[1 - p][25 - to] = 0;
            self.points[1 - p][BAR] += 1;
        }
        self.points[p][to] += 1;
    }

    /// The most dice that can still be played this turn, no more than `cap`.
    fn longest(&self, cap: usize) -> usize {
        if cap == 0 {
            return 0;
        }
        let mut best = 0;
        for part in self.parts() {
            let mut next = self.clone();
            next.play_part(part);
            best = best.max(1 + next.longest(cap - 1));
            if best == cap {
                break;
            }
        }
        best
    }

    /// The legal plies of the player to move, as OpenSpiel's actions are (two dice's moves
    /// at a time): every sequence of `min(2, most)` moves that begins a way of playing the
    /// most dice that can be played (BG-6, over all four dice of a double), and when only
    /// one die can be played, of the larger die if it can; a pass (no part) when none can.
    fn plies(&self) -> Vec<Vec<Part>> {
        let most = self.longest(self.dice.len());
        if most == 0 {
            return vec![Vec::new()];
        }
        let take = most.min(2);
        let mut out = Vec::new();
        self.collect(take, most, &mut Vec::new(), &mut out);
        if most == 1 {
            let larger = out.iter().map(|ply| ply[0].1).max().unwrap_or(0);
            out.retain(|ply| ply[0].1 == larger);
        }
        out
    }

    /// Appends to `out` the sequences of `take` moves after `done` from which `most` dice
    /// in all can be played.
    fn collect(&self, take: usize, most: usize, done: &mut Vec<Part>, out: &mut Vec<Vec<Part>>) {
        if done.len() == take {
            if self.longest(most - take) == most - take {
                out.push(done.clone());
            }
            return;
        }
        for part in self.parts() {
            let mut next = self.clone();
            next.play_part(part);
            done.push(part);
            next.collect(take, most, done, out);
            done.pop();
        }
    }

    /// Plays a ply of the mover's (its parts in order); the turn passes unless it was the
    /// first half of a double that used both its dice.
    fn play(&mut self, ply: &[Part]) {
        for &part in ply {
            self.play_part(part);
        }
        let double_half = !self.second_half && self.dice.len() == 2 && ply.len() == 2;
        if double_half {
            self.second_half = true;
        } else {
            self.dice.clear();
            self.second_half = false;
            self.to_move = 1 - self.to_move;
        }
    }

    /// Whether the next ply is a throw of the dice.
    fn chance(&self) -> bool {
        self.dice.is_empty() && self.winner().is_none()
    }

    /// The throws of a chance node (BG-2): at the first, who starts and with which dice,
    /// never a double (`x` with the lower die first, `o` with the higher, as OpenSpiel
    /// writes them); after, the 36 ordered pairs.
    fn throws(&self) -> Vec<(usize, u8, u8)> {
        let mut out = Vec::new();
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                match self.started {
                    false if a < b => out.push((0, a, b)),
                    false if a > b => out.push((1, a, b)),
                    false => {}
                    true => out.push((self.to_move, a, b)),
                }
            }
        }
        out
    }

    /// Plays a throw: its player moves with its dice, four of a double.
    fn throw(&mut self, (player, a, b): (usize, u8, u8)) {
        self.started = true;
        self.to_move = player;
        self.dice = if a == b { vec![a; 4] } else { vec![a, b] };
    }

    /// The text of a throw, as the data writes it.
    fn throw_text(&self, (player, a, b): (usize, u8, u8)) -> String {
        match self.started {
            false => format!("start:{}:{a}-{b}", PLAYERS[player]),
            true => format!("roll:{a}-{b}"),
        }
    }

    /// The legal moves (throws or plies) with their texts, sorted by text.
    fn moves(&self) -> Vec<(String, Move)> {
        let mut out: Vec<(String, Move)> = if self.winner().is_some() {
            Vec::new()
        } else if self.chance() {
            self.throws()
                .into_iter()
                .map(|t| (self.throw_text(t), Move::Throw(t)))
                .collect()
        } else {
            self.plies()
                .into_iter()
                .map(|ply| (ply_text(&ply), Move::Ply(ply)))
                .collect()
        };
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn apply(&mut self, m: &Move) {
        match m {
            Move::Throw(t) => self.throw(*t),
            Move::Ply(ply) => self.play(ply),
        }
    }

    /// The outcome as the data writes it: `none`, or `P wins N`.
    fn outcome(&self) -> String {
        match self.winner() {
            None => "none".to_string(),
            Some(w) => format!("{} wins {}", PLAYERS[w], self.score(w)),
        }
    }

    /// Plays the move written `text`, which must be legal.
    fn play_text(&mut self, text: &str, place: &str) {
        let moves = self.moves();
        let m = moves
            .iter()
            .find(|(t, _)| t == text)
            .unwrap_or_else(|| panic!("{place}: `{text}` is not legal here: {moves:?}"));
        self.apply(&m.1.clone());
    }
}

/// A move of the reference: a throw (its player and dice) or a ply of the mover's.
#[derive(Clone, Debug)]
enum Move {
    Throw((usize, u8, u8)),
    Ply(Vec<Part>),
}

/// A ply's text: its parts in order, each `D:FROM/TO` from the mover's side, joined by `,`;
/// `pass` for none.
fn ply_text(ply: &[Part]) -> String {
    if ply.is_empty() {
        return "pass".to_string();
    }
    let part = |&(from, d): &Part| {
        let from_text = if from == BAR {
            "bar".to_string()
        } else {
            from.to_string()
        };
        let to = from as i64 - i64::from(d);
        let to_text = if to <= 0 {
            "off".to_string()
        } else {
            to.to_string()
        };
        format!("{d}:{from_text}/{to_text}")
    };
    ply.iter().map(part).collect::<Vec<_>>().join(",")
}

/// Leaf counts of the reference's tree below `state` at depths 1 to `depth`, as OpenSpiel's
/// (`tests/openspiel/common.py`): each node's moves counted at its depth, a finished game
/// with none.
fn perft(state: &Bg, depth: usize) -> Vec<u64> {
    fn walk(s: &Bg, d: usize, depth: usize, counts: &mut [u64]) {
        let moves = s.moves();
        counts[d] += moves.len() as u64;
        if d + 1 == depth {
            return;
        }
        for (_, m) in &moves {
            let mut next = s.clone();
            next.apply(m);
            walk(&next, d + 1, depth, counts);
        }
    }
    let mut counts = vec![0; depth];
    walk(state, 0, depth, &mut counts);
    counts
}

/// Checks every case of the perft file `path` to the depths whose counts stay within
/// `limit`; returns the number of counts checked.
fn check_perft_file(path: &str, hyper: bool, limit: u64) -> usize {
    let game = if hyper {
        "hyper-backgammon"
    } else {
        "backgammon"
    };
    let mut checked = 0;
    for case in perft_file::read(path, Some(game)) {
        let mut state = Bg::new(hyper);
        for (i, m) in case.moves.split_whitespace().enumerate() {
            state.play_text(m, &format!("{}: move {}", case.place, i + 1));
        }
        let depth = case.depth_within(limit);
        let got = perft(&state, depth);
        checked += case.assert_agrees(&got);
    }
    checked
}

/// Replays the games of the file `path` ply by ply: each move legal in the reference, the
/// legal moves after it the same (sorted), the outcome the same (for hyper-backgammon the
/// winner only: OpenSpiel scores it 0, BG-9). Returns the plies replayed.
fn replay(path: &str, hyper: bool) -> usize {
    let mut state = Bg::new(hyper);
    let (mut plies, mut games) = (0, 0);
    for entry in records::read(path) {
        let ply = match entry {
            Entry::Ply(ply) => ply,
            Entry::Game => {
                assert!(
                    games == 0 || state.winner().is_some(),
                    "{path}: a game left unfinished"
                );
                (state, games) = (Bg::new(hyper), games + 1);
                continue;
            }
            Entry::Position(_) => panic!("{path}: a game here begins at the start"),
        };
        state.play_text(&ply.played, &ply.place);
        let legal: Vec<String> = state.moves().into_iter().map(|(t, _)| t).collect();
        let after = format!("{}: after `{}`", ply.place, ply.played);
        assert_eq!(legal, ply.legal, "{after}: the legal moves");
        match (hyper, state.winner()) {
            (true, Some(w)) => assert_eq!(ply.outcome, format!("{} wins 0", PLAYERS[w]), "{after}"),
            _ => assert_eq!(state.outcome(), ply.outcome, "{after}: the outcome"),
        }
        plies += 1;
    }
    assert!(
        state.winner().is_some(),
        "{path}: the last game is unfinished"
    );
    assert!(games >= 10, "{path}: only {games} games");
    plies
}

#[test]
fn backgammon_perft_is_openspiel_s() {
    let checked = check_perft_file("tests/openspiel/backgammon.perft", false, QUICK_LIMIT);
    assert!(checked >= 40, "only {checked} counts");
}

#[test]
fn hyper_backgammon_perft_is_openspiel_s() {
    let checked = check_perft_file("tests/openspiel/hyper-backgammon.perft", true, QUICK_LIMIT);
    assert!(checked >= 40, "only {checked} counts");
}

#[test]
#[ignore = "deep perft: run with the deep tests (`tests/deep.sh`)"]
fn backgammon_perft_all_depths() {
    check_perft_file("tests/openspiel/backgammon.perft", false, u64::MAX);
    check_perft_file("tests/openspiel/hyper-backgammon.perft", true, u64::MAX);
}

#[test]
fn openspiel_backgammon_games_replay() {
    let plies = replay("tests/openspiel/backgammon-games.txt", false);
    assert!(plies > 1000, "only {plies} plies");
}

#[test]
fn openspiel_hyper_backgammon_games_replay() {
    let plies = replay("tests/openspiel/hyper-backgammon-games.txt", true);
    assert!(plies > 500, "only {plies} plies");
}

/// A hand-built position of the standard game: each player's checkers as (point of their
/// own numbering, count), 25 the bar, the rest borne off; `x` to move with `dice` thrown.
fn position(x: &[(usize, u8)], o: &[(usize, u8)], dice: &[u8]) -> Bg {
    let mut state = Bg::new(false);
    for (p, side) in [x, o].into_iter().enumerate() {
        state.points[p] = [0; 26];
        for &(point, n) in side {
            state.points[p][point] += n;
        }
        state.off[p] = 15 - state.points[p].iter().sum::<u8>();
    }
    state.started = true;
    state.to_move = 0;
    state.dice = dice.to_vec();
    state
}

/// The texts of the legal plies, sorted.
fn ply_texts(state: &Bg) -> Vec<String> {
    state.moves().into_iter().map(|(t, _)| t).collect()
}

#[test]
fn a_point_of_two_is_closed_and_one_checker_is_hit_to_the_bar() {
    // BG-4: o's two checkers on its point 18 close x's point 7; x's 6 from 13 cannot land.
    let closed = position(&[(13, 1), (1, 14)], &[(18, 2), (1, 13)], &[6, 5]);
    assert_eq!(ply_texts(&closed), ["5:13/8,6:8/2"]);
    // One o checker there is hit: it goes to o's bar.
    let mut open = position(&[(13, 1), (1, 14)], &[(18, 1), (1, 14)], &[6, 5]);
    assert!(ply_texts(&open).contains(&"6:13/7,5:7/2".to_string()));
    open.play_text("6:13/7,5:7/2", "hit");
    assert_eq!(open.points[1][18], 0);
    assert_eq!(open.points[1][BAR], 1);
    assert_eq!(open.to_move, 1);
}

#[test]
fn a_checker_on_the_bar_enters_first_or_the_turn_is_lost() {
    // BG-5: x's checker on the bar must enter (on 25 - die) before the one on 13 moves.
    let bar = position(&[(BAR, 1), (13, 1), (1, 13)], &[(1, 15)], &[3, 5]);
    for text in ply_texts(&bar) {
        assert!(
            text.starts_with("3:bar/22") || text.starts_with("5:bar/20"),
            "{text}"
        );
    }
    assert!(ply_texts(&bar).contains(&"3:bar/22,5:13/8".to_string()));
    // Both entry points closed (o's points 3 and 5): the turn is lost.
    let shut = position(
        &[(BAR, 1), (13, 1), (1, 13)],
        &[(3, 2), (5, 2), (1, 11)],
        &[3, 5],
    );
    assert_eq!(ply_texts(&shut), ["pass"]);
}

#[test]
fn a_double_is_four_moves_in_two_plies() {
    // BG-3: 2-2 moves four times; OpenSpiel's two actions of two dice each.
    let mut state = position(&[(24, 1), (1, 14)], &[(12, 15)], &[]);
    state.play_text("roll:2-2", "throw");
    assert_eq!(state.dice, [2, 2, 2, 2]);
    state.play_text("2:24/22,2:22/20", "first half");
    assert_eq!((state.to_move, state.dice.len()), (0, 2));
    state.play_text("2:20/18,2:18/16", "second half");
    assert_eq!((state.to_move, state.points[0][16]), (1, 1));
}

#[test]
fn both_dice_must_be_used_and_else_the_larger() {
    // BG-6: 6 from 24 is blocked (o holds x's 18), 1 then 6 is open: both dice, one way.
    let both = position(&[(24, 1), (1, 14)], &[(7, 2), (12, 13)], &[6, 1]);
    assert_eq!(ply_texts(&both), ["1:24/23,6:23/17"]);
    // Either die alone, never both (o holds x's 16, and with a checker on 24 none is borne
    // off): the larger, 6.
    let larger = position(&[(24, 1), (1, 14)], &[(9, 2), (12, 13)], &[6, 2]);
    assert_eq!(ply_texts(&larger), ["6:24/18"]);
}

#[test]
fn bearing_off_exact_higher_and_not_before_all_are_home() {
    // BG-7: all home: the exact dice bear off.
    let exact = position(&[(6, 1), (3, 1)], &[(1, 15)], &[6, 3]);
    assert!(ply_texts(&exact).contains(&"6:6/off,3:3/off".to_string()));
    // A 5 with checkers on 3 and 2 only: off from the highest point, 3, not from 2.
    let higher = position(&[(3, 1), (2, 1)], &[(1, 15)], &[5, 5, 5, 5]);
    assert_eq!(ply_texts(&higher), ["5:3/off,5:2/off"]);
    // A checker on 7: the 1 bears off from 1 only once the 3 has brought it home, and the
    // 3 bears off nothing while a checker stands on 6.
    let outside = position(&[(7, 1), (1, 1)], &[(1, 15)], &[1, 3]);
    assert_eq!(
        ply_texts(&outside),
        ["1:7/6,3:6/3", "3:7/4,1:1/off", "3:7/4,1:4/3"]
    );
}

#[test]
fn a_win_scores_one_a_gammon_two_a_backgammon_three() {
    // BG-8: x bears off its last checker.
    let single = position(&[(1, 1)], &[(1, 14)], &[1, 2]);
    let gammon = position(&[(1, 1)], &[(12, 15)], &[1, 2]);
    let in_home = position(&[(1, 1)], &[(20, 1), (12, 14)], &[1, 2]);
    let on_bar = position(&[(1, 1)], &[(BAR, 1), (12, 14)], &[1, 2]);
    for (mut state, points) in [(single, 1), (gammon, 2), (in_home, 3), (on_bar, 3)] {
        let ply = ply_texts(&state)[0].clone();
        state.play_text(&ply, "last checker off");
        assert_eq!(state.outcome(), format!("x wins {points}"));
    }
}
