//! Surakarta (games/surakarta.game, SK-1 .. SK-6 of docs/games/surakarta.md), the game of the named paths (`path
//! NAME: ...` with loops, `move slide along PATH through loop onto enemy`): hand-built
//! positions for each rule of its capture (a loop needed, a piece on the way blocks, no
//! taking of one's own, its own start passed over, both ways round), seeded random
//! positions and perft from the start compared with a reference written here from the
//! rules text alone (the circuits drawn from the board's geometry, not read from the
//! file), and play and undo of a capture.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::State;
use rulebook::model::{Cell, Game, Player, Site, EMPTY};
use rulebook::{notation, pipeline};

use crate::common::move_texts::{from, legal, random_positions_agree, set};

const SURAKARTA: &str = include_str!("../games/surakarta.game");

fn game() -> Arc<Game> {
    pipeline::load_text("surakarta.game", SURAKARTA, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The position of `diagram` (rank 6 first; `B` black, `W` white) with `mover` to move.
fn position(game: &Arc<Game>, diagram: &str, mover: Player) -> State {
    let cells = rulebook::render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, mover)
}

/// The legal moves of the piece on `site`.
fn moves_from(game: &Arc<Game>, diagram: &str, site: &str) -> BTreeSet<String> {
    from(&legal(&mut position(game, diagram, Player::FIRST)), site)
}

#[test]
fn a_capture_needs_a_loop_and_a_piece_on_the_way_blocks_it() {
    let g = game();
    // b1 and b4 on file b, the inner circuit: straight up the file there is no loop, and
    // the other way round (a2, b2, c2, ...) the black piece on c2 blocks.
    let blocked = "
        . . . . . .
        . . . . . .
        . W . . . .
        . . . . . .
        . . B . . .
        . B . . . .";
    let steps = ["b1-a1", "b1-c1", "b1-a2", "b1-b2"];
    assert_eq!(moves_from(&g, blocked, "b1"), set(&steps));
    // Without c2 the other way is open: a2, loop, ..., four loops and the whole circuit
    // round (b2, e2, e5 and b5 twice) to b4, which it takes.
    let open = blocked.replacen('B', ".", 1);
    let mut expected = set(&steps);
    expected.extend(set(&["b1-c2", "b1-b4"]));
    assert_eq!(moves_from(&g, &open, "b1"), expected);
}

#[test]
fn a_capture_takes_no_piece_of_the_mover_s() {
    let g = game();
    // a2 on the inner circuit: through the loop to b1, then up file b to b3, black's own;
    // the other way c2 blocks. Nothing to take.
    let own = "
        . . . . . .
        . . . . . .
        . W . . . .
        . B . . . .
        B . B . . .
        . . . . . .";
    assert_eq!(
        moves_from(&g, own, "a2"),
        set(&["a2-a1", "a2-b1", "a2-b2", "a2-a3"])
    );
    // With b3 empty the first piece met is white's b4, taken.
    let enemy = own.replacen('B', ".", 1);
    assert!(moves_from(&g, &enemy, "a2").contains("a2-b4"));
}

#[test]
fn a_capture_may_pass_over_its_own_start() {
    let g = game();
    // b2 stands twice on the inner circuit (file b, rank 2). From its place on rank 2:
    // a2, loop, b1, b2 (its own start, empty once it has left), b3, b4: taken. Every other
    // way is cut by c2 or reaches b4 without a loop.
    let diagram = "
        . . . . . .
        . . . . . .
        . W . . . .
        . . . . . .
        . B B . . .
        . . . . . .";
    assert!(moves_from(&g, diagram, "b2").contains("b2-b4"));
    // A piece on b1 stops it before its start.
    let stopped = "
        . . . . . .
        . . . . . .
        . W . . . .
        . . . . . .
        . B B . . .
        . B . . . .";
    assert!(!moves_from(&g, stopped, "b2").contains("b2-b4"));
}

#[test]
fn a_capture_goes_either_way_round() {
    let g = game();
    // c1 on the outer circuit: up file c, the loop, then a4, taken; the other way, the
    // loop at once, a3, then b3, taken.
    let diagram = "
        . . . . . .
        . . . . . .
        W . . . . .
        . W . . . .
        . . . . . .
        . . B . . .";
    let moves = moves_from(&g, diagram, "c1");
    assert!(
        moves.contains("c1-a4") && moves.contains("c1-b3"),
        "{moves:?}"
    );
}

#[test]
fn a_capture_is_played_and_undone() {
    let g = game();
    let mut state = position(
        &g,
        "
        . . . . . .
        . . . . . .
        W . . . . .
        . W . . . .
        . . . . . .
        . . B . . .",
        Player::FIRST,
    );
    let before = notation::position_text(&state);
    notation::play_text(&mut state, "c1-a4").unwrap();
    assert_eq!(state.cell(site(&g, "a4")), g.cell(Player::FIRST, 0));
    assert_eq!(state.cell(site(&g, "c1")), EMPTY);
    assert_eq!(
        state.cell(site(&g, "b3")),
        g.cell(Player::new(1).unwrap(), 0)
    );
    state.undo();
    assert_eq!(notation::position_text(&state), before);
}

fn site(game: &Game, name: &str) -> Site {
    let i = game.board.site_names.iter().position(|n| n == name);
    Site::at(i.expect("a point of the board"))
}

/// The reference, from the rules text alone.
mod reference {
    /// The side of the board.
    pub const N: i32 = 6;

    /// A point, file and rank from 0.
    pub type Point = (i32, i32);

    /// The circuit whose lines are `k` points in from the edges (1: files b and e, ranks 2
    /// and 5; 2: files c and d, ranks 3 and 4), as its points in order with, per point,
    /// whether a loop follows it: up file `k`, over the north-west corner's loop onto
    /// rank `N - 1 - k` heading east, over the north-east loop down file `N - 1 - k`, over
    /// the south-east loop west along rank `k`, and over the south-west loop back to the
    /// start of file `k`.
    pub fn circuit(k: i32) -> Vec<(Point, bool)> {
        let far = N - 1 - k;
        let mut out = Vec::new();
        let mut line = |points: Vec<Point>| {
            let last = points.len() - 1;
            out.extend(points.into_iter().enumerate().map(|(i, p)| (p, i == last)));
        };
        line((0..N).map(|r| (k, r)).collect());
        line((0..N).map(|f| (f, far)).collect());
        line((0..N).rev().map(|r| (far, r)).collect());
        line((0..N).rev().map(|f| (f, k)).collect());
        out
    }

    /// The name of a point.
    pub fn name((f, r): Point) -> String {
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    /// The moves of `mover` (1 or 2) on `cells` (0 empty, 1 black, 2 white; index rank *
    /// N + file), as texts `FROM-TO`: a step to an empty neighbour in any of 8 directions;
    /// along each circuit, from each place of the piece on it, each way, over empty
    /// points (its own start counting as empty) to the first piece met, taken if it is an
    /// enemy's and the way there passed a loop.
    pub fn moves(cells: &[u8], mover: u8) -> Vec<(String, usize, usize)> {
        let at = |(f, r): Point| (r * N + f) as usize;
        let mut out = Vec::new();
        let circuits = [circuit(1), circuit(2)];
        for f in 0..N {
            for r in 0..N {
                if cells[at((f, r))] != mover {
                    continue;
                }
                for (df, dr) in [
                    (0, 1),
                    (1, 1),
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                ] {
                    let to = (f + df, r + dr);
                    if (0..N).contains(&to.0) && (0..N).contains(&to.1) && cells[at(to)] == 0 {
                        out.push((format!("{}-{}", name((f, r)), name(to)), at((f, r)), at(to)));
                    }
                }
                for c in &circuits {
                    let len = c.len() as i32;
                    for start in (0..len).filter(|&i| c[i as usize].0 == (f, r)) {
                        for way in [1, -1] {
                            let (mut i, mut loops) = (start, 0);
                            for _ in 0..len {
                                let next = (i + way).rem_euclid(len);
                                let crossed = if way == 1 {
                                    c[i as usize].1
                                } else {
                                    c[next as usize].1
                                };
                                loops += crossed as i32;
                                i = next;
                                let p = c[i as usize].0;
                                if p == (f, r) || cells[at(p)] == 0 {
                                    continue;
                                }
                                if cells[at(p)] != mover && loops > 0 {
                                    out.push((
                                        format!("{}-{}", name((f, r)), name(p)),
                                        at((f, r)),
                                        at(p),
                                    ));
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The leaves at each depth up to `out.len()`, the game over where a side has no piece.
    pub fn perft(cells: &mut Vec<u8>, mover: u8, out: &mut [u64]) {
        if out.is_empty() || !cells.contains(&1) || !cells.contains(&2) {
            return;
        }
        for (_, from, to) in moves(cells, mover) {
            let taken = cells[to];
            cells[to] = mover;
            cells[from] = 0;
            out[0] += 1;
            perft(cells, 3 - mover, &mut out[1..]);
            cells[from] = mover;
            cells[to] = taken;
        }
    }

    /// The start: black on ranks 1 and 2, white on ranks 5 and 6.
    pub fn start() -> Vec<u8> {
        (0..N * N)
            .map(|i| match i / N {
                0 | 1 => 1,
                4 | 5 => 2,
                _ => 0,
            })
            .collect()
    }
}

/// The reference's moves on the engine's cells.
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let owners: Vec<u8> = cells
        .iter()
        .map(|&c| match c {
            EMPTY => 0,
            c if c == game.cell(Player::FIRST, 0) => 1,
            _ => 2,
        })
        .collect();
    let mover = mover.index() as u8 + 1;
    reference::moves(&owners, mover)
        .into_iter()
        .map(|(t, _, _)| t)
        .collect()
}

#[test]
fn the_reference_draws_the_circuits_of_the_file() {
    let g = game();
    for (k, name) in [(1, "inner"), (2, "outer")] {
        let path = g.board.named_paths.iter().find(|p| p.name == name).unwrap();
        let drawn: Vec<(String, bool)> = reference::circuit(k)
            .into_iter()
            .map(|(p, l)| (reference::name(p), l))
            .collect();
        let compiled: Vec<(String, bool)> = (path.sites.iter().zip(&path.loops))
            .map(|(s, &l)| (g.board.site_names[s.index()].clone(), l))
            .collect();
        assert_eq!(compiled, drawn, "{name}");
        assert!(path.closed);
    }
}

#[test]
fn random_positions_agree_with_the_reference() {
    let g = game();
    let reference = |cells: &[Cell], mover| reference_moves(&g, cells, mover);
    let compared = random_positions_agree(&g, 20261205, 600, 3, reference);
    assert!(compared > 500, "{compared} positions compared");
    // Sparser boards, where captures go far round.
    let compared = random_positions_agree(&g, 20261206, 600, 12, reference);
    assert!(compared > 400, "{compared} positions compared");
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let depth = 4;
    let mut expected = vec![0; depth];
    reference::perft(&mut reference::start(), 1, &mut expected);
    assert_eq!(expected, [16, 256, 5382, 111122]);
    assert_eq!(perft(&mut State::new(game()), depth), expected);
}

#[test]
fn random_games_agree_with_the_reference_at_every_ply() {
    let g = game();
    let mut plies = 0;
    for seed in 1..=12 {
        let mut state = State::new(Arc::clone(&g));
        let (moves, _) = rulebook::analysis::random_game(&mut state, seed, 300);
        let mut replay = State::new(Arc::clone(&g));
        for m in moves {
            let cells = replay.cells().to_vec();
            let mover = replay.to_move();
            assert_eq!(legal(&mut replay), reference_moves(&g, &cells, mover));
            replay.apply(m);
            plies += 1;
        }
    }
    assert!(plies > 1000, "{plies} plies compared");
}
