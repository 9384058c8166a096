//! The Royal Game of Ur (`games/ur.game`, UR-1..UR-8 of `docs/games/ur.md`) against a
//! reference written in this file from the rules page alone: each player's pieces as the
//! numbers of their squares along their own track (1 to 14, 5 to 12 the shared middle row),
//! the throw a chance node whose children are its five outcomes. Perft (each throw a ply,
//! as OpenSpiel counts chance nodes) against `perft/ur.perft`, random games compared move
//! by move, undo, and the weights of the throws.

use crate::common::perft_file;
use rulebook::analysis::perft;
use rulebook::engine::{MoveList, State};
use rulebook::{notation, pipeline};

/// Each player's squares along their track (UR-3), as the board names them.
const TRACKS: [[&str; 14]; 2] = [
    [
        "d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h1", "g1",
    ],
    [
        "d3", "c3", "b3", "a3", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h3", "g3",
    ],
];

/// The ways four binary dice fall, by the number of marked tips up (UR-2).
const WAYS: [u64; 5] = [1, 4, 6, 4, 1];

/// A position of the reference.
#[derive(Clone, Debug, PartialEq)]
struct Ur {
    /// Per player, bit `n` set when a piece stands on square `n` (1..=14) of their track.
    on: [u16; 2],
    /// Per player, pieces not yet entered.
    waiting: [u8; 2],
    /// Per player, pieces borne off.
    off: [u8; 2],
    to_move: usize,
    /// The throw of this turn, once thrown.
    throw: Option<u8>,
}

/// A move of the reference: a throw, a pass, or a piece from square `from` (0: waiting)
/// to square `to` (15: off the board).
#[derive(Clone, Copy, Debug, PartialEq)]
enum UrMove {
    Throw(u8),
    Pass,
    Go(u8, u8),
}

impl Ur {
    fn new() -> Ur {
        Ur {
            on: [0, 0],
            waiting: [7, 7],
            off: [0, 0],
            to_move: 0,
            throw: None,
        }
    }

    fn over(&self) -> bool {
        self.off.contains(&7)
    }

    fn moves(&self) -> Vec<UrMove> {
        if self.over() {
            return Vec::new();
        }
        let Some(t) = self.throw else {
            return (0..5).map(UrMove::Throw).collect();
        };
        let (me, them) = (self.to_move, 1 - self.to_move);
        let mut out = Vec::new();
        let froms = (self.waiting[me] > 0)
            .then_some(0)
            .into_iter()
            .chain((1..=14).filter(|&n| self.on[me] >> n & 1 == 1));
        for from in froms {
            let to = from + t;
            if t == 0 || to > 15 {
                continue;
            }
            let own = to < 15 && self.on[me] >> to & 1 == 1;
            // UR-6: the central rosette (square 8, shared) shelters a piece.
            let sheltered = to == 8 && self.on[them] >> 8 & 1 == 1;
            if !own && !sheltered {
                out.push(UrMove::Go(from, to));
            }
        }
        if out.is_empty() {
            out.push(UrMove::Pass);
        }
        out
    }

    fn play(&self, m: UrMove) -> Ur {
        let mut g = self.clone();
        let (me, them) = (self.to_move, 1 - self.to_move);
        match m {
            UrMove::Throw(t) => {
                g.throw = Some(t);
                return g;
            }
            UrMove::Pass => {}
            UrMove::Go(from, to) => {
                match from {
                    0 => g.waiting[me] -= 1,
                    n => g.on[me] &= !(1 << n),
                }
                match to {
                    15 => g.off[me] += 1,
                    n => {
                        g.on[me] |= 1 << n;
                        // UR-4: an enemy piece on a shared square goes back to start.
                        if (5..=12).contains(&n) && g.on[them] >> n & 1 == 1 {
                            g.on[them] &= !(1 << n);
                            g.waiting[them] += 1;
                        }
                    }
                }
            }
        }
        g.throw = None;
        // UR-5: a rosette gives another throw.
        let again = matches!(m, UrMove::Go(_, 4 | 8 | 14));
        if !again {
            g.to_move = them;
        }
        g
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }

    /// The engine's text of a move.
    fn text(&self, m: UrMove) -> String {
        let track = TRACKS[self.to_move];
        match m {
            UrMove::Throw(t) => format!("roll:{t}"),
            UrMove::Pass => "pass".into(),
            UrMove::Go(0, to) => track[to as usize - 1].into(),
            UrMove::Go(from, 15) => format!("{}-off", track[from as usize - 1]),
            UrMove::Go(from, to) => {
                format!("{}-{}", track[from as usize - 1], track[to as usize - 1])
            }
        }
    }
}

fn engine() -> State {
    State::new(pipeline::load("ur", None, &[]).expect("ur loads"))
}

#[test]
fn perft_file_agrees_with_the_reference() {
    let mut compared = 0;
    for case in perft_file::read("tests/perft/ur.perft", Some("ur")) {
        let mut g = Ur::new();
        for text in case.moves.split_whitespace() {
            let m = (g.moves().into_iter())
                .find(|&m| g.text(m) == text)
                .unwrap_or_else(|| panic!("{}: no move {text}", case.place));
            g = g.play(m);
        }
        let depth = case.depth_within(2_000_000);
        let leaves: Vec<u64> = (1..=depth).map(|d| g.perft(d)).collect();
        compared += case.assert_agrees(&leaves);
    }
    assert!(compared >= 10, "{compared} counts compared");
}

#[test]
fn perft_from_the_start_agrees_with_the_engine() {
    let mut state = engine();
    let leaves = perft(&mut state, 9);
    let reference: Vec<u64> = (1..=9).map(|d| Ur::new().perft(d)).collect();
    assert_eq!(leaves, reference);
    assert_eq!(&reference[..4], &[5, 5, 25, 28]);
}

#[test]
fn random_games_agree_move_by_move_and_undo_back_to_the_start() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut below = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut list = MoveList::new();
    for _ in 0..40 {
        let (mut g, mut state) = (Ur::new(), engine());
        let start = state.clone();
        let mut plies = 0;
        loop {
            let mut expected: Vec<String> = g.moves().iter().map(|&m| g.text(m)).collect();
            let mut got = notation::legal_texts(&state);
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "after {plies} plies: {g:?}");
            state.legal_moves(&mut list);
            assert_eq!(state.outcome().is_some(), g.over());
            if g.over() {
                break;
            }
            let moves = g.moves();
            let m = moves[below(moves.len())];
            notation::play_text(&mut state, &g.text(m)).expect("a legal move");
            g = g.play(m);
            plies += 1;
        }
        while state.undo().is_some() {}
        assert!(state == start && state.hash() == start.hash());
    }
}

#[test]
fn throws_are_weighted_as_four_binary_dice() {
    let state = engine();
    let dice = state.chance().expect("the first turn opens with a throw");
    let weights: Vec<u64> = dice.outcomes.iter().map(|&(_, w)| w).collect();
    assert_eq!(weights, WAYS);
    assert_eq!(dice.total(), 16);
    // Every way the dice fall picks the throw it makes.
    let mut counts = [0u64; 5];
    for way in 0..16 {
        let m = state.pick_throw(|n| {
            assert_eq!(n, 16);
            way
        });
        counts[m.expect("a throw").outcome()] += 1;
    }
    assert_eq!(counts, WAYS);
    let mut state = engine();
    notation::play_text(&mut state, "roll:3").expect("a throw");
    assert_eq!(state.thrown(), Some(3));
    assert!(state.chance().is_none());
    assert_eq!(notation::legal_texts(&state), ["b1"]);
}
