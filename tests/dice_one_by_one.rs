//! Dice used one by one (`dice ... used one by one[, doubles twice][, must use most
//! dice]`, `move along track by die`; docs/language/dice.md): the race of
//! `tests/fixtures/valid/dice-race.game` against a reference written in the test from the
//! language reference's rules (the ordered throws, a move per die, the turn going on while
//! a die left can be used, the most dice and else the larger die), its perft counts and
//! its every legal move in random games; hand-built positions for each rule; the throw's
//! dice left in the hash, undo and the position text; the refusals.

use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::bin;
use crate::common::move_texts::{play, sorted_legal};
use crate::common::xorshift::XorShift;

fn race() -> Arc<Game> {
    match pipeline::load("tests/fixtures/valid/dice-race.game", None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the race loads:\n{}", e.render(false)),
    }
}

/// The race with other clauses (the fixture's text, one line replaced).
fn race_with(from: &str, to: &str) -> Arc<Game> {
    let text = std::fs::read_to_string("tests/fixtures/valid/dice-race.game").expect("reads");
    assert!(text.contains(from), "{from}");
    let text = text.replace(from, to);
    match pipeline::load_text("race.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the race loads:\n{}", e.render(false)),
    }
}

// The reference, from the rules of the fixture as docs/language/dice.md words them.

/// The board's sites, by index.
const SITES: [&str; 8] = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"];
/// Each player's track, as indices into `SITES`.
const TRACKS: [[usize; 6]; 2] = [[0, 1, 2, 3, 7, 6], [4, 5, 6, 7, 3, 2]];
/// The safe sites, d1 and d2.
const SAFE: [usize; 2] = [3, 7];

#[derive(Clone, Debug, PartialEq)]
struct Ref {
    /// Per site, the owner of the man on it.
    cells: [Option<usize>; 8],
    hand: [u32; 2],
    to_move: usize,
    /// The dice left; `None` before the throw.
    dice: Option<Vec<u8>>,
    over: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum RefMove {
    Throw(u8, u8),
    /// A man from `from` (`None`: from hand) to `to` (`None`: off) by `die`.
    Die {
        from: Option<usize>,
        to: Option<usize>,
        die: u8,
    },
    Pass,
}

impl Ref {
    fn start() -> Ref {
        Ref {
            cells: [None; 8],
            hand: [2, 2],
            to_move: 0,
            dice: None,
            over: false,
        }
    }

    /// A man of the mover's moving `die` sites: from hand onto the site of that number,
    /// from a site that far on, off exactly one beyond the last site; not onto a man of
    /// its own, nor an enemy's on a safe site.
    fn die_moves(&self, out: &mut Vec<RefMove>) {
        let p = self.to_move;
        let mut dice = self.dice.clone().unwrap_or_default();
        dice.sort_unstable();
        dice.dedup();
        for die in dice {
            let lands = |to: usize| match self.cells[to] {
                None => true,
                Some(owner) => owner != p && !SAFE.contains(&to),
            };
            let d = usize::from(die);
            if self.hand[p] > 0 && lands(TRACKS[p][d - 1]) {
                out.push(RefMove::Die {
                    from: None,
                    to: Some(TRACKS[p][d - 1]),
                    die,
                });
            }
            for (i, &site) in TRACKS[p].iter().enumerate() {
                if self.cells[site] != Some(p) {
                    continue;
                }
                match i + d {
                    at if at < 6 && lands(TRACKS[p][at]) => out.push(RefMove::Die {
                        from: Some(site),
                        to: Some(TRACKS[p][at]),
                        die,
                    }),
                    6 => out.push(RefMove::Die {
                        from: Some(site),
                        to: None,
                        die,
                    }),
                    _ => {}
                }
            }
        }
    }

    fn legal(&self) -> Vec<RefMove> {
        if self.over {
            return Vec::new();
        }
        if self.dice.is_none() {
            return (1..=3)
                .flat_map(|a| (1..=3).map(move |b| RefMove::Throw(a, b)))
                .collect();
        }
        let mut moves = Vec::new();
        self.die_moves(&mut moves);
        if moves.is_empty() {
            return vec![RefMove::Pass];
        }
        let used: Vec<usize> = moves.iter().map(|m| self.after(m).most_dice()).collect();
        let best = used.iter().copied().max().unwrap_or(0);
        let largest = (moves.iter())
            .map(|m| match m {
                RefMove::Die { die, .. } => *die,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        (moves.into_iter().zip(used))
            .filter(|(m, u)| match m {
                RefMove::Die { die, .. } => *u + 1 == best + 1 && (best > 0 || *die == largest),
                _ => true,
            })
            .map(|(m, _)| m)
            .collect()
    }

    /// The most dice the mover can still use this turn.
    fn most_dice(&self) -> usize {
        if self.over || self.dice.is_none() {
            return 0;
        }
        let mut moves = Vec::new();
        self.die_moves(&mut moves);
        let mover = self.to_move;
        (moves.iter())
            .map(|m| {
                let next = self.after(m);
                1 + match next.to_move == mover {
                    true => next.most_dice(),
                    false => 0,
                }
            })
            .max()
            .unwrap_or(0)
    }

    fn after(&self, m: &RefMove) -> Ref {
        let mut next = self.clone();
        let p = self.to_move;
        match *m {
            RefMove::Throw(a, b) => {
                next.dice = Some(match a == b {
                    true => vec![a; 4],
                    false => vec![a, b],
                })
            }
            RefMove::Pass => {
                next.dice = None;
                next.to_move = 1 - p;
            }
            RefMove::Die { from, to, die } => {
                match from {
                    None => next.hand[p] -= 1,
                    Some(s) => next.cells[s] = None,
                }
                if let Some(to) = to {
                    if let Some(owner) = next.cells[to] {
                        next.hand[owner] += 1;
                    }
                    next.cells[to] = Some(p);
                }
                let dice = next.dice.as_mut().expect("thrown");
                let i = dice.iter().position(|&d| d == die).expect("a die left");
                dice.remove(i);
                let mut more = Vec::new();
                if !next.dice.as_ref().is_some_and(Vec::is_empty) {
                    next.die_moves(&mut more);
                }
                if more.is_empty() {
                    next.dice = None;
                    next.to_move = 1 - p;
                }
                let on_board = next.cells.iter().filter(|&&c| c == Some(p)).count();
                next.over = on_board == 0 && next.hand[p] == 0;
            }
        }
        next
    }

    /// The move's text as the engine writes it.
    fn text(m: &RefMove) -> String {
        match *m {
            RefMove::Throw(a, b) => format!("roll:{a}-{b}"),
            RefMove::Pass => "pass".into(),
            RefMove::Die { from, to, .. } => match (from, to) {
                (None, Some(t)) => SITES[t].into(),
                (Some(f), None) => format!("{}-off", SITES[f]),
                (Some(f), Some(t)) => format!("{}-{}", SITES[f], SITES[t]),
                (None, None) => unreachable!("a move goes somewhere"),
            },
        }
    }

    fn perft(&self, depth: usize, counts: &mut [u64]) {
        if depth == counts.len() {
            return;
        }
        for m in self.legal() {
            counts[depth] += 1;
            self.after(&m).perft(depth + 1, counts);
        }
    }
}

#[test]
fn perft_agrees_with_the_reference() {
    let depth = 9;
    let mut expected = vec![0; depth];
    Ref::start().perft(0, &mut expected);
    let got = perft(&mut State::new(race()), depth);
    assert_eq!(got, expected);
    // The first throw: 9 ordered throws; then a move per die left of the throw's values.
    assert_eq!(&got[..2], [9, 15]);
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let game = race();
    let mut rng = XorShift(0xd1ce_0b1b);
    let mut moves = MoveList::new();
    for _ in 0..150 {
        let (mut state, mut reference) = (State::new(Arc::clone(&game)), Ref::start());
        let start = state.clone();
        let mut played = 0;
        while state.outcome().is_none() && played < 300 {
            let mut expected: Vec<String> = reference.legal().iter().map(Ref::text).collect();
            expected.sort();
            assert_eq!(sorted_legal(&state), expected, "{reference:?}");
            state.legal_moves(&mut moves);
            let m = moves[rng.below(moves.len())];
            let text = notation::move_text(&state, m);
            let r = (reference.legal().into_iter())
                .find(|r| Ref::text(r) == text)
                .expect("the same move");
            state.apply(m);
            reference = reference.after(&r);
            assert_eq!(state.to_move().index(), reference.to_move, "{text}");
            let left = reference.dice.clone().unwrap_or_default();
            let mut dice = state.dice_left().to_vec();
            dice.sort_unstable();
            let mut want = left.clone();
            want.sort_unstable();
            assert_eq!(dice, want, "{text}");
            played += 1;
            let position = notation::position_text(&state);
            let read = notation::parse_position(&game, &position).expect("reads back");
            assert_eq!(read.setup(), state.setup(), "{position}");
            assert_eq!(read.hash(), state.hash(), "{position}");
            assert!(read == state, "{position}");
        }
        assert!(reference.over, "the game ends");
        for _ in 0..played {
            state.undo().expect("a move to undo");
        }
        assert_eq!(state.setup(), start.setup());
        assert_eq!(state.hash(), start.hash());
    }
}

#[test]
fn a_throw_gives_its_dice_and_a_double_four() {
    let game = race();
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "roll:3-1");
    assert_eq!(state.dice_left(), [3, 1]);
    assert_eq!(sorted_legal(&state), ["a1", "c1"]);
    assert_eq!(state.thrown(), Some(4));
    state.undo();
    play(&mut state, "roll:2-2");
    assert_eq!(state.dice_left(), [2, 2, 2, 2]);
    assert_eq!(notation::position_text(&state), "4/4 south thrown=2-2");
    play(&mut state, "b1");
    // Three twos left: the man on b1 moves on, or another comes in on b1 once it has.
    assert_eq!(state.dice_left(), [2, 2, 2]);
    assert_eq!(state.to_move(), Player::FIRST);
    assert_eq!(sorted_legal(&state), ["b1-d1"]);
    let text = notation::position_text(&state);
    assert_eq!(text, "4/1S2 south thrown=2-2 dice=2,2,2");
    let read = notation::parse_position(&game, &text).expect("reads");
    assert_eq!(read.hash(), state.hash());
    assert_eq!(read.dice_left(), [2, 2, 2]);
}

#[test]
fn the_turn_ends_when_no_die_left_can_be_used() {
    let game = race();
    // South's man on c2, one step from off; a throw of 1-3 bears it off with the 1, and
    // South has nothing left to move: North throws.
    let mut state = notation::parse_position(&game, "2S1/4 south thrown=1-3").expect("reads");
    assert_eq!(state.pieces_in_hand(Player::FIRST), [1]);
    play(&mut state, "c2-off");
    assert_eq!(state.to_move(), Player::FIRST, "the 3 brings a man in");
    assert_eq!(sorted_legal(&state), ["c1"]);
    play(&mut state, "c1");
    assert_eq!(state.to_move(), Player::SECOND);
    assert!(state.dice_left().is_empty());
    assert!(state.chance().is_some());
}

#[test]
fn the_most_dice_then_the_larger_die() {
    let (game, free) = (race(), race_with(", must use most dice", ""));
    let legal = |game: &Arc<Game>, text: &str| {
        sorted_legal(&notation::parse_position(game, text).expect("reads"))
    };
    // South, 1 and 3 thrown, men on c1 and d2, North's on d1 (safe) and c2. The 1 from d2
    // hits on c2, and then the 3 has no move (c1 onto its own man on c2): one die. The 3
    // from c1 hits on c2, and then the 1 bears the man off: both dice.
    let text = "2NS/2SN south thrown=1-3";
    assert_eq!(legal(&free, text), ["c1-c2", "d2-c2"]);
    assert_eq!(legal(&game, text), ["c1-c2"]);
    // North's last man on d2, 3 and 2 thrown: the 3 bears it off, the 2 takes it to c1
    // where neither die is left to bear it off: one die either way, so the larger, 3.
    let text = "3N/3S north hand=south:0 hand=north:0 thrown=3-2";
    assert_eq!(legal(&free, text), ["d2-c1", "d2-off"]);
    assert_eq!(legal(&game, text), ["d2-off"]);
}

#[test]
fn moves_by_die_are_refused_with_summed_dice_and_by_roll_with_dice_one_by_one() {
    for (from, to, code) in [
        (
            ", doubles twice, must use most dice",
            ", doubles twice, must use most dice\nmove along track by roll",
            "E0351",
        ),
        (
            " used one by one, doubles twice, must use most dice",
            "",
            "E0350",
        ),
        ("dice 2 of 3 faces", "dice 5 of 3 faces", "E0345"),
        ("dice 2 of 3 faces", "dice 2 with faces 0, 1", "E0345"),
    ] {
        let text = std::fs::read_to_string("tests/fixtures/valid/dice-race.game").expect("reads");
        let text = text.replace(from, to);
        let error = match pipeline::load_text("race.game", &text, None, &[]) {
            Ok(_) => panic!("{to}: loads"),
            Err(e) => e.render(false),
        };
        assert!(error.contains(code), "{to}: {error}");
    }
}

#[test]
fn the_views_show_the_dice_left() {
    let game = race();
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "roll:2-2 b1");
    let board = rulebook::render::position_text(&state);
    assert!(board.contains("dice left: 2, 2, 2"), "{board}");
    let view = rulebook::render::play_view(&state, false);
    assert!(view.contains("dice left: 2, 2, 2"), "{view}");
    let summary = rulebook::render::summary(&game);
    assert!(
        summary.contains("9 ordered throws, each die used one by one, a double twice"),
        "{summary}"
    );
    assert!(
        summary.contains("along the mover's track by a die"),
        "{summary}"
    );
    // The REPL throws the dice and says them; a die's move with dice left is no extra turn.
    let script = "b1\nmoves\n";
    let command = bin::command(["play", "tests/fixtures/valid/dice-race.game", "--seed", "3"]);
    let out = bin::text(&bin::run_with_input(command, script).stdout);
    assert!(out.contains("south throws 1, 2 (roll:1-2)"), "{out}");
    assert!(!out.contains("moves again"), "{out}");
}

#[test]
fn landing_on_a_site_of_again_on_ends_the_turn_with_a_new_throw() {
    let game = race_with("safe on d1 + d2", "safe on d1 + d2 again on b1");
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "roll:2-2 b1");
    // Three twos are left unused: South throws again.
    assert_eq!(state.to_move(), Player::FIRST);
    assert!(state.dice_left().is_empty());
    assert!(state.chance().is_some());
    // With 1-2, the 2 onto b1 would use one die where a1 then b1 uses both.
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "roll:1-2");
    assert_eq!(sorted_legal(&state), ["a1"]);
    play(&mut state, "a1");
    assert_eq!(sorted_legal(&state), ["a1-c1", "b1"]);
}
