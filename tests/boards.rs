//! Grid boards whose diagonal lines join only some points (`board grid W by H with
//! diagonals on REGION`): the links the board keeps, moves on them from hand-built
//! positions, and the perft of Alquerque against a reference written from its rules alone.

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, NO_SITE};
use rulebook::{notation, pipeline};

const ALQUERQUE: &str = include_str!("fixtures/valid/alquerque.game");

fn alquerque() -> Arc<Game> {
    pipeline::load_text("alquerque.game", ALQUERQUE, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The names of the sites next to `name` along the four diagonal directions.
fn diagonal_neighbours(game: &Game, name: &str) -> Vec<String> {
    let b = &game.board;
    let site = b.site_named(name).expect("a point");
    (4..8)
        .map(|d| b.step(site, d))
        .filter(|&s| s != NO_SITE)
        .map(|s| b.site_names[s.index()].clone())
        .collect()
}

/// The legal moves from `position`, sorted.
fn moves(game: &Arc<Game>, position: &str) -> Vec<String> {
    let state =
        notation::parse_position(game, position).unwrap_or_else(|e| panic!("{position}: {e:?}"));
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    let mut moves: Vec<String> = list
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    moves.sort();
    moves
}

#[test]
fn diagonals_join_only_the_points_of_the_region() {
    let game = alquerque();
    // c3 (file + rank even) keeps its four diagonal neighbours; b3 keeps none; a1 one.
    assert_eq!(diagonal_neighbours(&game, "c3"), ["d4", "d2", "b2", "b4"]);
    assert!(diagonal_neighbours(&game, "b3").is_empty());
    assert_eq!(diagonal_neighbours(&game, "a1"), ["b2"]);
    // Lines along ranks and files are whole: b3 still has its four neighbours there.
    let b = &game.board;
    let b3 = b.site_named("b3").unwrap();
    assert!((0..4).all(|d| b.step(b3, d) != NO_SITE));
    // A slide's ray stops where the diagonal line ends: from a1 north-east to e5.
    let a1 = b.site_named("a1").unwrap();
    let ray: Vec<&str> = b
        .ray(a1, 4)
        .iter()
        .map(|s| b.site_names[s.index()].as_str())
        .collect();
    assert_eq!(ray, ["b2", "c3", "d4", "e5"]);
}

#[test]
fn a_plain_grid_keeps_every_diagonal() {
    let text = ALQUERQUE.replace(" with diagonals on dark", "");
    let game = pipeline::load_text("full.game", &text, None, &[]).unwrap();
    assert_eq!(diagonal_neighbours(&game, "b3"), ["c4", "c2", "a2", "a4"]);
    // So a man on a light point may step and jump diagonally there, and not here.
    let position = "5/5/5/2B2/1W3 white";
    assert_eq!(moves(&game, position), ["b1-d3"]);
    assert_eq!(moves(&alquerque(), position), ["b1-a1", "b1-b2", "b1-c1"]);
}

#[test]
fn a_chain_of_jumps_turns_from_a_diagonal_line_to_a_file() {
    // c1 is dark: it jumps d2 along the diagonal to e3, then e4 up the file to e5.
    let game = alquerque();
    assert_eq!(moves(&game, "5/4B/5/3B1/2W2 white"), ["c1-e3-e5"]);
    // From the light point c2, only the lines along the rank and the file.
    assert_eq!(
        moves(&game, "5/5/2B2/1BWB1/5 white"),
        ["c2-a2", "c2-c4", "c2-e2"]
    );
}

#[test]
fn the_region_may_be_a_named_one_written_after_the_board() {
    let text = ALQUERQUE
        .replace("with diagonals on dark", "with diagonals on lines")
        .replace("piece man", "piece man\nregion lines = all - light");
    let game = pipeline::load_text("named.game", &text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    assert_eq!(
        game.board.diagonal_points,
        alquerque().board.diagonal_points
    );
    assert_eq!(game.board.diagonal_points.len(), 13);
}

/// Alquerque written from the rules in `fixtures/valid/alquerque.game` alone: points by
/// (file, rank), links listed by hand from the board's lines.
mod reference {
    /// A position: 'W', 'B' or '.' per point, rank 1 first; and whether White moves.
    #[derive(Clone)]
    pub struct Board {
        pub points: [[u8; 5]; 5],
        pub white: bool,
    }

    const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

    fn on(f: i32, r: i32) -> bool {
        (0..5).contains(&f) && (0..5).contains(&r)
    }

    /// The lines through (f, r): every orthogonal one, diagonals only from an even point.
    fn lines(f: i32, r: i32) -> Vec<(i32, i32)> {
        let mut l = ORTHOGONAL.to_vec();
        if (f + r) % 2 == 0 {
            l.extend(DIAGONAL);
        }
        l
    }

    impl Board {
        pub fn start() -> Board {
            let points = [
                [b'W'; 5],
                [b'W'; 5],
                [b'B', b'B', b'.', b'W', b'W'],
                [b'B'; 5],
                [b'B'; 5],
            ];
            Board {
                points,
                white: true,
            }
        }

        fn at(&self, f: i32, r: i32) -> u8 {
            self.points[r as usize][f as usize]
        }

        fn set(&mut self, f: i32, r: i32, c: u8) {
            self.points[r as usize][f as usize] = c;
        }

        /// Every maximal chain of jumps from (f, r), each as the boards it leaves.
        fn chains(&self, f: i32, r: i32, jumped: &mut Vec<(i32, i32)>, out: &mut Vec<Board>) {
            let (me, enemy) = if self.white {
                (b'W', b'B')
            } else {
                (b'B', b'W')
            };
            let mut went_on = false;
            for (df, dr) in lines(f, r) {
                let (of, or, lf, lr) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
                if !on(lf, lr) || self.at(of, or) != enemy || self.at(lf, lr) != b'.' {
                    continue;
                }
                if jumped.contains(&(of, or)) {
                    continue;
                }
                went_on = true;
                let mut next = self.clone();
                next.set(f, r, b'.');
                next.set(lf, lr, me);
                jumped.push((of, or));
                next.chains(lf, lr, jumped, out);
                jumped.pop();
            }
            if !went_on && !jumped.is_empty() {
                let mut done = self.clone();
                for &(jf, jr) in jumped.iter() {
                    done.set(jf, jr, b'.');
                }
                done.white = !self.white;
                out.push(done);
            }
        }

        /// The positions after each legal move.
        pub fn children(&self) -> Vec<Board> {
            let me = if self.white { b'W' } else { b'B' };
            let forward = if self.white { 1 } else { -1 };
            let mut jumps = Vec::new();
            let mut steps = Vec::new();
            for r in 0..5 {
                for f in 0..5 {
                    if self.at(f, r) != me {
                        continue;
                    }
                    self.chains(f, r, &mut Vec::new(), &mut jumps);
                    for (df, dr) in lines(f, r) {
                        let (tf, tr) = (f + df, r + dr);
                        if dr == -forward || !on(tf, tr) || self.at(tf, tr) != b'.' {
                            continue;
                        }
                        let mut next = self.clone();
                        next.set(f, r, b'.');
                        next.set(tf, tr, me);
                        next.white = !self.white;
                        steps.push(next);
                    }
                }
            }
            if jumps.is_empty() {
                steps
            } else {
                jumps
            }
        }

        pub fn perft(&self, depth: usize) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.children().iter().map(|c| c.perft(depth - 1)).sum()
        }
    }
}

#[test]
fn alquerque_perft_equals_the_reference() {
    let game = alquerque();
    let start = reference::Board::start();
    let counts = perft(&mut State::new(Arc::clone(&game)), 6);
    let expected: Vec<u64> = (1..=6).map(|d| start.perft(d)).collect();
    assert_eq!(counts, expected);
    assert_eq!(&counts[..2], [4, 5], "as counted by hand");
}

#[test]
fn the_pick_of_a_playout_is_the_listed_move_at_its_index() {
    // The random pick finds the k-th legal move without listing where it can: on a board
    // whose diagonals are cut it must agree with the list at every index.
    let game = alquerque();
    let (mut listed, mut work) = (MoveList::new(), MoveList::new());
    let mut positions = 0;
    for seed in 0..40 {
        let mut state = State::new(Arc::clone(&game));
        let mut rng = Rng::stream(seed, 0);
        // Men may step sideways for ever: 100 plies a game.
        for _ in 0..100 {
            if state.outcome().is_some() {
                break;
            }
            state.legal_moves(&mut listed);
            for k in 0..listed.len() {
                assert_eq!(state.pick_legal_move(&mut work, |_| k), Some(listed[k]));
            }
            positions += 1;
            state.apply(listed[rng.below(listed.len())]);
        }
    }
    assert!(positions > 400, "{positions} positions");
}
