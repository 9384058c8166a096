//! A move that shoots a piece after it (`move slide ... then shoot KIND along DIRECTIONS`):
//! the moves from hand-built positions, their text and refusals, undo, and the perft of
//! the Game of the Amazons against a reference written from its rules alone.

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::model::Game;
use rulebook::{notation, pipeline};

const AMAZONS: &str = include_str!("fixtures/valid/amazons.game");

/// The Amazons fixture's text with its board and set-up replaced.
fn amazons_text((size, white, black): (&str, &str, &str)) -> String {
    AMAZONS
        .replace("grid 10 by 10", size)
        .replace("a4 + d1 + g1 + j4", white)
        .replace("a7 + d10 + g10 + j7", black)
}

fn load(text: &str) -> Arc<Game> {
    pipeline::load_text("amazons.game", text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The Amazons fixture with its board and set-up replaced (`None`: as it is).
fn amazons(board: Option<(&str, &str, &str)>) -> Arc<Game> {
    load(&board.map_or_else(|| AMAZONS.to_string(), amazons_text))
}

/// A 4 x 4 board with one amazon each, on a1 and d4.
const SMALL: (&str, &str, &str) = ("grid 4 by 4", "a1", "d4");

fn small() -> Arc<Game> {
    amazons(Some(SMALL))
}

fn position(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The legal moves of `state` as text, sorted.
fn moves(state: &State) -> Vec<String> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    let mut moves: Vec<String> = list
        .iter()
        .map(|&m| notation::move_text(state, m))
        .collect();
    moves.sort();
    moves
}

#[test]
fn the_arrow_flies_from_the_landing_point_through_the_point_left() {
    // White's amazon on a1 is hemmed in by arrows on a2 and b2 and the black amazon on c1:
    // it can only go to b1. From b1 its arrow may fall back on a1 (empty once it has
    // left), or go north-east to c2 and d3; b2, a2 and c1 block every other line.
    let game = small();
    let state = position(&game, "4/4/aa2/Q1q1 white");
    assert_eq!(moves(&state), ["a1-b1/a1", "a1-b1/c2", "a1-b1/d3"]);
}

#[test]
fn the_shot_piece_is_the_mover_s_and_undo_takes_it_back() {
    let game = small();
    let mut state = position(&game, "4/4/aa2/Q1q1 white");
    let start = notation::position_text(&state);
    notation::play_text(&mut state, "a1-b1/c2").unwrap();
    assert_eq!(notation::position_text(&state), "4/4/aaA1/1Qq1 black");
    state.undo();
    assert_eq!(notation::position_text(&state), start);
}

#[test]
fn a_move_with_nowhere_to_shoot_is_no_move() {
    // Shooting north only: from b1 the arrow on b2 is in the way, so the move goes, and
    // with it white's only move.
    let game = load(&amazons_text(SMALL).replace("along all", "along north"));
    let state = position(&game, "4/4/aa2/Q1q1 white");
    assert!(moves(&state).is_empty());
    assert_eq!(
        state.outcome(),
        Some(rulebook::engine::Outcome::Win(
            game.player_by_name("black").unwrap()
        ))
    );
}

#[test]
fn a_move_without_its_shot_or_with_a_blocked_one_is_refused_with_the_reason() {
    let game = small();
    let mut state = position(&game, "4/4/aa2/Q1q1 white");
    let refusal = |state: &mut State, text: &str| match notation::parse_move(state, text) {
        Err(e) => e.to_string(),
        Ok(m) => panic!("{text} was taken as {m:?}"),
    };
    let missing = refusal(&mut state, "a1-b1");
    assert!(
        missing.contains("say where after a `/`, like `a1-b1/a1`; it may go to: a1 c2 d3"),
        "{missing}"
    );
    let blocked = refusal(&mut state, "a1-b1/b2");
    assert!(
        blocked.contains("after `a1-b1` no piece may be shot onto b2; it may go to: a1 c2 d3"),
        "{blocked}"
    );
    let plain = load(&amazons_text(SMALL).replace(" then shoot arrow along all", ""));
    let mut unshot = position(&plain, "4/4/aa2/Q1q1 white");
    let needless = refusal(&mut unshot, "a1-b1/c2");
    assert!(needless.contains("`a1-b1` shoots nothing"), "{needless}");
    let off = refusal(&mut state, "a1-b1/e9");
    assert!(off.contains("`e9` is not a point of this board"), "{off}");
    let elsewhere = refusal(&mut state, "a1-a2/a3");
    assert!(
        elsewhere.contains("the piece on a1 cannot go to a2; it can go: a1-b1"),
        "{elsewhere}"
    );
}

#[test]
fn the_shot_piece_counts_for_the_captures_after_the_move() {
    // Black's man on c3 has white men on c4 and b3; a2-c2 brings a third beside it, and
    // only the shot onto d3 closes the fourth side: the one move that captures.
    let text = r#"
game "Shot enclosure"
players white, black
board grid 5 by 5
piece man, stone
move slide orthogonal by man then shoot stone along all capturing
after move capture enclosed orthogonal remove
end when no legal move: mover loses
"#;
    let game = load(text);
    let mut state = position(&game, "5/2M2/1Mm2/M4/5 white");
    assert_eq!(moves(&state), ["a2-c2/d3"]);
    notation::play_text(&mut state, "a2-c2/d3").unwrap();
    assert_eq!(notation::position_text(&state), "5/2M2/1M1S1/2M2/5 black");
}

/// Checks, at every `every`-th ply of `games` seeded random games, that the random pick
/// (counted without listing where it can) finds the listed move at every index, and as
/// many moves as the list; returns the positions checked.
fn picks_are_the_listed_moves(game: &Arc<Game>, games: u64, every: usize) -> usize {
    let (mut listed, mut work) = (MoveList::new(), MoveList::new());
    let mut positions = 0;
    for seed in 0..games {
        let mut state = State::new(Arc::clone(game));
        let mut rng = Rng::stream(seed, 0);
        for ply in 0.. {
            state.legal_moves(&mut listed);
            if ply % every == 0 {
                for k in 0..listed.len() {
                    let picked = state.pick_legal_move(&mut work, |n| {
                        assert_eq!(n, listed.len(), "the count of moves");
                        k
                    });
                    assert_eq!(picked, Some(listed[k]), "ply {ply}, index {k}");
                }
                positions += 1;
            }
            if listed.is_empty() {
                assert_eq!(state.pick_legal_move(&mut work, |_| 0), None);
                break;
            }
            state.apply(listed[rng.below(listed.len())]);
        }
    }
    positions
}

#[test]
fn the_pick_of_a_playout_is_the_listed_move_at_its_index() {
    // A board with masks of rays (25 points), then one without (100 points).
    let game = amazons(Some(("grid 5 by 5", "a2 + e1", "a4 + e5")));
    // Every turn fills two points of 25: a game lasts at most 21 plies.
    let positions = picks_are_the_listed_moves(&game, 10, 1);
    assert!(positions > 50, "{positions} positions");
    let positions = picks_are_the_listed_moves(&amazons(None), 2, 12);
    assert!(positions >= 8, "{positions} positions");
}

#[test]
fn the_pick_of_a_slide_whose_shots_may_be_none_is_the_listed_move() {
    // Short orthogonal slides, diagonal shots: a slide with nowhere to shoot is no move,
    // and an arrow may not fall back where the amazon stood.
    let text = amazons_text(("grid 6 by 6", "a2 + f1", "a5 + f6"))
        .replace("slide all by queen", "slide orthogonal max 2 by queen")
        .replace("along all", "along diagonal");
    let positions = picks_are_the_listed_moves(&load(&text), 10, 1);
    assert!(positions > 100, "{positions} positions");
}

#[test]
fn amazons_perft_equals_the_reference() {
    let boards = [
        (SMALL, 3),
        (("grid 5 by 5", "a2 + e1", "a4 + e5"), 2),
        (
            ("grid 10 by 10", "a4 + d1 + g1 + j4", "a7 + d10 + g10 + j7"),
            1,
        ),
    ];
    for ((size, white, black), depth) in boards {
        let game = amazons(Some((size, white, black)));
        let counts = perft(&mut State::new(Arc::clone(&game)), depth);
        let start = reference::Board::new(size, white, black);
        let expected: Vec<u64> = (1..=depth).map(|d| start.perft(d)).collect();
        assert_eq!(counts, expected, "{size}");
    }
    // On 4 x 4, white's amazon on a1 has 8 points to go to and from them 72 shots, as
    // counted by hand.
    assert_eq!(perft(&mut State::new(small()), 1), [72]);
}

#[test]
fn amazons_perft_equals_the_published_counts() {
    // The 2,176 opening moves and 4,307,152 replies of the Game of the Amazons, as
    // counted by its programmers (and by the reference below at depth 1).
    let counts = perft(&mut State::new(amazons(None)), 2);
    assert_eq!(counts, [2176, 4_307_152]);
}

#[test]
fn reach_counts_the_empty_points_a_slide_could_end_on() {
    use rulebook::model::Env;
    // White's amazon on a1 can reach b1 alone; black's on c1 reaches b1, d1, c2, c3, c4
    // and d2 (b2 holds an arrow): 6. The score is each side's reach by its queens; with
    // black's arrows on a2 and b2 counted too, a3, a4, b3, b4, c3 (again) and d4 are added.
    let game = small();
    let white = position(&game, "4/4/aa2/Q1q1 white");
    let black = position(&game, "4/4/aa2/Q1q1 black");
    assert_eq!(white.eval(&game.heuristics.estimate), 1);
    assert_eq!(black.eval(&game.heuristics.estimate), 6);
    let any_kind = load(&amazons_text(SMALL).replace("reach(mover, queen)", "reach(mover)"));
    let black = position(&any_kind, "4/4/aa2/Q1q1 black");
    assert_eq!(black.eval(&any_kind.heuristics.estimate), 11);
}

#[test]
fn show_says_what_is_shot() {
    let summary = rulebook::render::summary(&amazons(None));
    assert!(
        summary.contains("by queen, then shoots arrow along north, east, south, west"),
        "{summary}"
    );
    assert!(
        summary.contains("score (per player, as mover): reach(mover, queen)"),
        "{summary}"
    );
}

/// The Game of the Amazons from its rules alone: amazons move like chess queens, then
/// shoot an arrow the same way from where they land; whoever cannot move loses.
mod reference {
    /// A point's contents: nothing, an amazon or an arrow.
    #[derive(Clone, Copy, PartialEq)]
    enum Point {
        Empty,
        Amazon(usize),
        Arrow,
    }

    const LINES: [(i32, i32); 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];

    /// A position: the points by (file, rank) from 0, and the player to move.
    #[derive(Clone)]
    pub struct Board {
        size: i32,
        points: Vec<Point>,
        to_move: usize,
    }

    impl Board {
        /// `size` is `grid N by N`; `white` and `black` list points joined by ` + `.
        pub fn new(size: &str, white: &str, black: &str) -> Board {
            let n: i32 = size.split(' ').nth(1).unwrap().parse().unwrap();
            let mut board = Board {
                size: n,
                points: vec![Point::Empty; (n * n) as usize],
                to_move: 0,
            };
            for (player, list) in [white, black].iter().enumerate() {
                for name in list.split(" + ") {
                    let file = name.as_bytes()[0] as i32 - 'a' as i32;
                    let rank: i32 = name[1..].parse::<i32>().unwrap() - 1;
                    board.points[(rank * n + file) as usize] = Point::Amazon(player);
                }
            }
            board
        }

        fn at(&self, f: i32, r: i32) -> Option<Point> {
            let inside = (0..self.size).contains(&f) && (0..self.size).contains(&r);
            inside.then(|| self.points[(r * self.size + f) as usize])
        }

        /// The empty points along each line from (f, r), nearest first.
        fn reach(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
            let mut out = Vec::new();
            for (df, dr) in LINES {
                let (mut x, mut y) = (f + df, r + dr);
                while self.at(x, y) == Some(Point::Empty) {
                    out.push((x, y));
                    x += df;
                    y += dr;
                }
            }
            out
        }

        /// Every move: the positions after it.
        fn children(&self) -> Vec<Board> {
            let mut out = Vec::new();
            for i in 0..self.points.len() as i32 {
                if self.points[i as usize] != Point::Amazon(self.to_move) {
                    continue;
                }
                let (f, r) = (i % self.size, i / self.size);
                for (tf, tr) in self.reach(f, r) {
                    let mut moved = self.clone();
                    moved.points[i as usize] = Point::Empty;
                    moved.points[(tr * self.size + tf) as usize] = Point::Amazon(self.to_move);
                    for (af, ar) in moved.reach(tf, tr) {
                        let mut shot = moved.clone();
                        shot.points[(ar * self.size + af) as usize] = Point::Arrow;
                        shot.to_move = 1 - self.to_move;
                        out.push(shot);
                    }
                }
            }
            out
        }

        /// The number of move sequences of `depth` moves (a player who cannot move has
        /// lost: the game stops there).
        pub fn perft(&self, depth: usize) -> u64 {
            let children = self.children();
            match depth {
                1 => children.len() as u64,
                _ => children.iter().map(|c| c.perft(depth - 1)).sum(),
            }
        }
    }
}
