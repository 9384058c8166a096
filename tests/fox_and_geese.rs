//! Fox and Geese with the fox's jumps `chained at will` (the fox may stop at any landing of
//! a chain): hand-built positions, and the perft counts of tests/perft/fox-and-geese-diagonals.perft
//! checked against an independent reference written from the rules alone (below).

use crate::common::perft_file;

use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::State;
use rulebook::model::Game;
use rulebook::notation::{self, legal_texts};
use rulebook::pipeline;

const FOX_AND_GEESE: &str = include_str!("fixtures/valid/fox-and-geese-diagonals.game");

fn game() -> Arc<Game> {
    pipeline::load_text("fox.game", FOX_AND_GEESE, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

#[test]
fn the_fox_may_stop_at_any_landing_of_a_chain() {
    let g = game();
    // The fox on a4, geese on b4 and d4 (and two far away, on c7 and e7): over b4 to c4,
    // then over d4 to e4. Both the first landing and the whole chain are moves.
    let mut s = notation::parse_position(&g, "2G1G2/7/7/rG1G3/7/7/7 fox").unwrap();
    let moves = legal_texts(&s);
    assert!(moves.contains(&"a4-c4".to_string()), "{moves:?}");
    assert!(moves.contains(&"a4-c4-e4".to_string()), "{moves:?}");
    // Stopping on c4 takes b4 alone; going on takes both.
    notation::play_text(&mut s, "a4-c4").unwrap();
    assert_eq!(notation::position_text(&s), "2G1G2/7/7/2rG3/7/7/7 geese");
    s.undo();
    notation::play_text(&mut s, "a4-c4-e4").unwrap();
    assert_eq!(notation::position_text(&s), "2G1G2/7/7/4r2/7/7/7 geese");
    // With `chained` alone, the chain is played to its end.
    let whole = FOX_AND_GEESE.replace("chained at will", "chained");
    let g = pipeline::load_text("fox.game", &whole, None, &[]).unwrap();
    let s = notation::parse_position(&g, "2G1G2/7/7/rG1G3/7/7/7 fox").unwrap();
    let moves = legal_texts(&s);
    assert!(!moves.contains(&"a4-c4".to_string()), "{moves:?}");
    assert!(moves.contains(&"a4-c4-e4".to_string()), "{moves:?}");
}

#[test]
fn perft_of_the_reference_and_the_engine_match_the_data_file() {
    let cases = perft_file::read("tests/perft/fox-and-geese-diagonals.perft", None);
    assert_eq!(cases.len(), 3);
    for case in cases {
        let mut state = State::new(game());
        let mut position = reference::Position::start();
        for m in case.moves.split_whitespace() {
            notation::play_text(&mut state, m).unwrap();
            position = position.play(m);
        }
        let depth = case.depth_within(100_000);
        let engine = perft(&mut state, depth);
        for (d, c) in case.counts_to(depth) {
            assert_eq!(
                position.perft(d),
                c,
                "the reference, {}: depth {d}",
                case.place
            );
            assert_eq!(engine[d - 1], c, "the engine, {}: depth {d}", case.place);
        }
    }
}

/// Fox and Geese from the rules alone: points `(file, rank)`, 1 to 7, on the cross; lines
/// along files and ranks everywhere, diagonal lines between points whose file and rank add
/// up to an even number. Geese step north, east, west, north-east or north-west onto an
/// empty point; the fox steps along any line, or jumps a goose next to it along a line onto
/// the empty point beyond (its own starting point counts as empty), taking it, and may jump
/// on, never over a goose twice, and may stop after any jump. Fewer than 4 geese: game over.
mod reference {
    use std::collections::BTreeMap;

    type Point = (i32, i32);

    const ALL: [Point; 8] = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    const GEESE: [Point; 5] = [(0, 1), (1, 0), (-1, 0), (1, 1), (-1, 1)];

    /// Whether a point is on the cross: the 7 x 7 grid but its four 2 x 2 corners.
    fn on_board((f, r): Point) -> bool {
        let inside = (1..=7).contains(&f) && (1..=7).contains(&r);
        inside && ((3..=5).contains(&f) || (3..=5).contains(&r))
    }

    /// The next point along `d`, if a line joins them.
    fn step(p: Point, d: Point) -> Option<Point> {
        let q = (p.0 + d.0, p.1 + d.1);
        let diagonal = d.0 != 0 && d.1 != 0;
        let even = |p: Point| (p.0 + p.1) % 2 == 0;
        (on_board(q) && (!diagonal || even(p) && even(q))).then_some(q)
    }

    /// A position: what stands on each point (`G` or `F`), and whether the fox moves.
    #[derive(Clone)]
    pub struct Position {
        board: BTreeMap<Point, char>,
        fox_to_move: bool,
    }

    /// A move: where it starts, its landings, the geese it takes.
    struct Move {
        from: Point,
        landings: Vec<Point>,
        taken: Vec<Point>,
    }

    fn name(p: Point) -> String {
        format!("{}{}", (b'a' + p.0 as u8 - 1) as char, p.1)
    }

    impl Position {
        pub fn start() -> Position {
            let mut board = BTreeMap::new();
            for f in 1..=7 {
                for r in 1..=3 {
                    if on_board((f, r)) {
                        board.insert((f, r), 'G');
                    }
                }
            }
            board.insert((4, 4), 'F');
            Position {
                board,
                fox_to_move: false,
            }
        }

        fn empty(&self, p: Point, from: Point) -> bool {
            p == from || !self.board.contains_key(&p)
        }

        /// The fox's chains from `at`, every prefix a move.
        fn chains(&self, from: Point, at: Point, mv: &mut Move, out: &mut Vec<Move>) {
            for d in ALL {
                let Some(over) = step(at, d) else { continue };
                if self.board.get(&over) != Some(&'G') || mv.taken.contains(&over) {
                    continue;
                }
                let Some(to) = step(over, d).filter(|&t| self.empty(t, from)) else {
                    continue;
                };
                mv.landings.push(to);
                mv.taken.push(over);
                out.push(Move {
                    from,
                    landings: mv.landings.clone(),
                    taken: mv.taken.clone(),
                });
                self.chains(from, to, mv, out);
                mv.landings.pop();
                mv.taken.pop();
            }
        }

        fn moves(&self) -> Vec<Move> {
            let mut out = Vec::new();
            let (piece, directions): (char, &[Point]) = match self.fox_to_move {
                true => ('F', &ALL),
                false => ('G', &GEESE),
            };
            for (&p, _) in self.board.iter().filter(|(_, &c)| c == piece) {
                for &d in directions {
                    if let Some(q) = step(p, d).filter(|&q| self.empty(q, (0, 0))) {
                        out.push(Move {
                            from: p,
                            landings: vec![q],
                            taken: vec![],
                        });
                    }
                }
                if self.fox_to_move {
                    let mut mv = Move {
                        from: p,
                        landings: vec![],
                        taken: vec![],
                    };
                    self.chains(p, p, &mut mv, &mut out);
                }
            }
            out
        }

        fn text(m: &Move) -> String {
            let mut t = name(m.from);
            for &l in &m.landings {
                t += &format!("-{}", name(l));
            }
            t
        }

        fn after(&self, m: &Move) -> Position {
            let mut next = self.clone();
            let piece = next.board.remove(&m.from).expect("a piece moves");
            for t in &m.taken {
                next.board.remove(t);
            }
            next.board
                .insert(*m.landings.last().expect("a landing"), piece);
            next.fox_to_move = !self.fox_to_move;
            next
        }

        fn over(&self) -> bool {
            self.board.values().filter(|&&c| c == 'G').count() < 4
        }

        /// The position after the move written `text`.
        pub fn play(&self, text: &str) -> Position {
            let moves = self.moves();
            let m = moves.iter().find(|m| Self::text(m) == text);
            self.after(m.unwrap_or_else(|| panic!("{text} is not legal here")))
        }

        /// The leaves of the move tree `depth` plies deep (a finished game is a leaf).
        pub fn perft(&self, depth: usize) -> u64 {
            if depth == 0 {
                return 1;
            }
            if self.over() {
                return 0;
            }
            self.moves()
                .iter()
                .map(|m| self.after(m).perft(depth - 1))
                .sum()
        }
    }
}
