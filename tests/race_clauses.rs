//! The clauses of a race that a game of blocks, a bar and a home needs, on the fixture
//! `tests/fixtures/valid/blocking-race.game` (a strip of eight squares, stacks, a die of
//! four faces): `blocked by 2` (a site of two enemy pieces or more is not landed on, a
//! lone one is hit back to its owner's stock), `from hand first` (a piece in the stock
//! comes in before any other moves) and `bearing off when all in REGION` (a piece leaves
//! the board only when all of its player's are home, by the exact throw or, from the
//! farthest back, a greater one). Hand-built positions for each rule, undo, and the move
//! tree against a reference written here from the rules.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Player, Site};
use rulebook::{analysis, notation, pipeline};

use crate::common::move_texts::{legal, play, set};
use crate::common::xorshift::XorShift;

const PATH: &str = "tests/fixtures/valid/blocking-race.game";

fn game() -> Arc<Game> {
    let text = std::fs::read_to_string(PATH).expect("the fixture");
    pipeline::load_text(PATH, &text, None, &[]).expect("the race loads")
}

/// The position of `text` (as `rulebook position` writes it).
fn position(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of the position of `text`.
fn moves_of(text: &str) -> BTreeSet<String> {
    legal(&mut position(&game(), text))
}

fn heights(state: &State) -> Vec<u32> {
    let sites = state.game().board.sites();
    Site::all(sites).map(|s| state.stack_height(s)).collect()
}

#[test]
fn a_site_of_two_enemy_pieces_is_blocked() {
    // North's two on c1 keep South's a1 from landing there with a 2: South passes.
    assert_eq!(
        moves_of("S1N1N3 south stacks=c1:2 thrown=2"),
        set(&["pass"])
    );
    // North's three on c1, the same.
    assert_eq!(moves_of("S1N5 south stacks=c1:3 thrown=2"), set(&["pass"]));
}

#[test]
fn a_lone_enemy_piece_is_hit_back_to_its_stock_and_undo_restores_it() {
    let game = game();
    let mut state = position(&game, "S1N1N3 south stacks=c1:2 thrown=4");
    assert_eq!(legal(&mut state), set(&["a1-e1"]));
    let before = (heights(&state), state.hash());
    play(&mut state, "a1-e1");
    assert_eq!(heights(&state), [0, 0, 2, 0, 1, 0, 0, 0]);
    assert_eq!(state.pieces_in_hand(Player::SECOND), [1]);
    assert_eq!(state.pieces(Player::SECOND), 2);
    state.undo().expect("a move to undo");
    assert_eq!((heights(&state), state.hash()), before);
    assert_eq!(state.pieces_in_hand(Player::SECOND), [0]);
    assert_eq!(state.pieces(Player::SECOND), 3);
    // A piece coming in hits a lone piece too.
    assert_eq!(moves_of("N4S1S south hand=south:1 thrown=1"), set(&["a1"]));
}

#[test]
fn a_piece_in_the_stock_comes_in_before_any_other_moves() {
    // South's piece on a1 could go to c1 with a 2; the one waiting comes in on b1 instead.
    assert_eq!(
        moves_of("S1N1N3 south hand=south:1 stacks=c1:2 thrown=2"),
        set(&["b1"])
    );
    // It cannot come in on c1 (two of North's): nothing of South's moves.
    assert_eq!(
        moves_of("S1N1N3 south hand=south:1 stacks=c1:2 thrown=3"),
        set(&["pass"])
    );
    // Once it is in, the others move again.
    let game = game();
    let mut state = position(&game, "S1N1N3 south hand=south:1 stacks=c1:2 thrown=2");
    play(&mut state, "b1 roll:1 e1-d1 roll:4");
    assert_eq!(legal(&mut state), set(&["a1-e1", "b1-f1"]));
}

#[test]
fn a_piece_bears_off_by_the_exact_throw_once_all_are_home() {
    // South's home is f1, g1 and h1: a 3 takes f1's top piece off, a 2 g1's.
    assert_eq!(
        moves_of("N4SS1 south stacks=f1:2 thrown=3"),
        set(&["f1-off"])
    );
    assert_eq!(
        moves_of("N4SS1 south stacks=f1:2 thrown=2"),
        set(&["f1-h1", "g1-off"])
    );
    let game = game();
    let mut state = position(&game, "N4SS1 south stacks=f1:2 thrown=3");
    let before = (heights(&state), state.hash());
    play(&mut state, "f1-off");
    assert_eq!(heights(&state), [1, 0, 0, 0, 0, 1, 1, 0]);
    assert_eq!(state.pieces(Player::FIRST), 2);
    state.undo().expect("a move to undo");
    assert_eq!((heights(&state), state.hash()), before);
}

#[test]
fn a_greater_throw_bears_off_the_piece_farthest_back_only() {
    // A 4 is more than either piece needs: only f1's, the farthest back, leaves.
    assert_eq!(
        moves_of("N4SS1 south stacks=f1:2 thrown=4"),
        set(&["f1-off"])
    );
    // With f1 empty, g1 is the farthest back: a 4 takes it off, and h1 stays.
    assert_eq!(moves_of("N5SS south thrown=4"), set(&["g1-off"]));
    // North bears off toward a1: c1 is its farthest back.
    assert_eq!(moves_of("NNN4S north thrown=4"), set(&["c1-off"]));
}

#[test]
fn no_piece_bears_off_while_one_is_outside_home_or_in_the_stock() {
    // South's e1 is outside home: f1's 3 does not bear off; e1 and f1 move on.
    assert_eq!(moves_of("N3SS1S south thrown=3"), set(&["e1-h1"]));
    assert_eq!(moves_of("N3SS1S south thrown=1"), set(&["e1-f1", "f1-g1"]));
    // A piece of South's in the stock: it must come in, and nothing bears off.
    assert_eq!(moves_of("N4S1S south hand=south:1 thrown=4"), set(&["d1"]));
    // South's piece on a1 stands in the region (North's home) but not in South's home:
    // f1's 3 does not bear off.
    assert_eq!(moves_of("S4SNN south thrown=3"), set(&["a1-d1"]));
}

#[test]
fn random_games_read_back_from_their_text_and_undo_to_the_start() {
    let game = game();
    let mut rng = XorShift(0xb10c_4ed5);
    let mut moves = MoveList::new();
    for _ in 0..60 {
        let start = State::new(Arc::clone(&game));
        let mut state = start.clone();
        let mut played = 0;
        while state.outcome().is_none() && played < 300 {
            state.legal_moves(&mut moves);
            state.apply(moves[rng.below(moves.len())]);
            played += 1;
            let text = notation::position_text(&state);
            let read = position(&game, &text);
            assert_eq!(read.setup(), state.setup(), "{text}");
            assert_eq!(read.hash(), state.hash(), "{text}");
        }
        for _ in 0..played {
            state.undo().expect("a move to undo");
        }
        assert_eq!(state.setup(), start.setup());
        assert_eq!(state.hash(), start.hash());
    }
}

/// The race of the fixture, written from its rules: per site (a1 = 0 .. h1 = 7) a count,
/// positive for South's pieces and negative for North's; each player's stock; whose turn;
/// the throw of the turn, if made; the winner, once there is one.
#[derive(Clone, Debug)]
struct Race {
    sites: [i8; 8],
    stock: [u8; 2],
    to_move: usize,
    thrown: Option<usize>,
    winner: Option<usize>,
}

/// A move of the reference: its text, and what it does (the throw, or the site a piece
/// leaves, `None` from the stock, and the site it lands on, `None` off the board).
type RaceMove = (String, Option<usize>, Option<Option<usize>>, Option<usize>);

const NAMES: [&str; 8] = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"];

impl Race {
    /// The start: South's two on a1 and one on c1, North's two on h1 and one on f1.
    fn start() -> Race {
        Race {
            sites: [2, 0, 1, 0, 0, -1, 0, -2],
            stock: [0, 0],
            to_move: 0,
            thrown: None,
            winner: None,
        }
    }

    /// The site number `i` (0 the first) of `player`'s track.
    fn track(player: usize, i: usize) -> usize {
        if player == 0 {
            i
        } else {
            7 - i
        }
    }

    /// The pieces of `player` on `site`.
    fn mine(&self, player: usize, site: usize) -> u8 {
        let n = if player == 0 {
            self.sites[site]
        } else {
            -self.sites[site]
        };
        n.max(0) as u8
    }

    /// A piece of the mover's may land on `site`: not on two enemy pieces or more.
    fn may_land(&self, site: usize) -> bool {
        self.mine(1 - self.to_move, site) < 2
    }

    /// The legal moves, as texts with what they do.
    fn moves(&self) -> Vec<RaceMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let Some(n) = self.thrown else {
            return (1..=4)
                .map(|v| (format!("roll:{v}"), Some(v), None, None))
                .collect();
        };
        let p = self.to_move;
        let mut out = Vec::new();
        if self.stock[p] > 0 {
            let to = Race::track(p, n - 1);
            if self.may_land(to) {
                out.push((NAMES[to].to_string(), None, Some(None), Some(to)));
            }
        } else {
            // All home: every piece on the track's last three sites.
            let ats: Vec<usize> = (0..8)
                .filter(|&i| self.mine(p, Race::track(p, i)) > 0)
                .collect();
            let home = ats.iter().all(|&i| i >= 5);
            for &i in &ats {
                let from = Race::track(p, i);
                let to = i + n;
                if to < 8 && self.may_land(Race::track(p, to)) {
                    let to = Race::track(p, to);
                    let text = format!("{}-{}", NAMES[from], NAMES[to]);
                    out.push((text, None, Some(Some(from)), Some(to)));
                } else if home && (to == 8 || to > 8 && i == ats[0]) {
                    let text = format!("{}-off", NAMES[from]);
                    out.push((text, None, Some(Some(from)), None));
                }
            }
        }
        if out.is_empty() {
            out.push(("pass".to_string(), None, None, None));
        }
        out
    }

    fn add(&mut self, player: usize, site: usize, n: i8) {
        self.sites[site] += if player == 0 { n } else { -n };
    }

    fn apply(&mut self, (_, throw, from, to): &RaceMove) {
        if let Some(v) = throw {
            self.thrown = Some(*v);
            return;
        }
        let p = self.to_move;
        match from {
            Some(None) => self.stock[p] -= 1,
            Some(Some(site)) => self.add(p, *site, -1),
            None => {}
        }
        if let Some(to) = *to {
            if self.mine(1 - p, to) == 1 {
                self.add(1 - p, to, -1);
                self.stock[1 - p] += 1;
            }
            self.add(p, to, 1);
        }
        if self.stock[p] == 0 && (0..8).all(|s| self.mine(p, s) == 0) {
            self.winner = Some(p);
        }
        self.thrown = None;
        self.to_move = 1 - p;
    }
}

/// The leaves of the reference's move tree at depths 1 to `depth`.
fn reference_perft(race: &Race, depth: usize) -> Vec<u64> {
    fn walk(race: &Race, d: usize, counts: &mut [u64]) {
        if d == counts.len() {
            return;
        }
        for m in race.moves() {
            counts[d] += 1;
            let mut next = race.clone();
            next.apply(&m);
            walk(&next, d + 1, counts);
        }
    }
    let mut counts = vec![0; depth];
    walk(race, 0, &mut counts);
    counts
}

#[test]
fn the_move_tree_is_the_reference_s() {
    let game = game();
    let mut state = State::new(Arc::clone(&game));
    let counts = analysis::perft(&mut state, 12);
    assert_eq!(counts, reference_perft(&Race::start(), 12));
}

#[test]
fn random_games_move_as_the_reference_says() {
    let game = game();
    let mut rng = XorShift(0x2ace_c1a5);
    for _ in 0..200 {
        let (mut state, mut race) = (State::new(Arc::clone(&game)), Race::start());
        while state.outcome().is_none() {
            let ours = race.moves();
            let texts: BTreeSet<String> = ours.iter().map(|m| m.0.clone()).collect();
            let text = notation::position_text(&state);
            assert_eq!(legal(&mut state), texts, "{text}");
            let m = &ours[rng.below(ours.len())];
            play(&mut state, &m.0);
            race.apply(m);
        }
        assert!(race.winner.is_some(), "{}", notation::position_text(&state));
    }
}

#[test]
fn the_summary_names_the_clauses() {
    let summary = rulebook::render::summary(&game());
    for words in [
        "from hand first",
        "blocked by 2 enemy pieces",
        "bearing off only when all the mover's pieces are home",
    ] {
        assert!(summary.contains(words), "{words}: {summary}");
    }
}
