//! Boards given as a graph of a shape (`board graph ring N [with centre]`) and graphs whose
//! sites have more than a grid point's eight links: the wheel of twelve of
//! `tests/fixtures/valid/wheel.game` (its centre has twelve links), its sites, links and
//! directions, its moves against a reference written here from the shape's definition
//! (a ring of twelve, each site joined to the next, and a centre joined to each), its
//! `show` and text board, the bounds of a ring, and a hub of ten links written out.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::bin::{run, text};
use crate::common::move_texts::legal;
use rulebook::engine::State;
use rulebook::model::{self, Site, NO_SITE};
use rulebook::{notation, pipeline};

const WHEEL: &str = "tests/fixtures/valid/wheel.game";

fn load(path: &str) -> Arc<model::Game> {
    pipeline::load(path, None, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn load_text(source: &str) -> Result<Arc<model::Game>, String> {
    pipeline::load_text("t.game", source, None, &[]).map_err(|e| e.render(false))
}

/// The names of the sites linked to `site`, along any direction.
fn linked(g: &model::Game, site: &str) -> BTreeSet<String> {
    let b = &g.board;
    let s = Site::at(b.site_names.iter().position(|n| n == site).unwrap());
    (0..b.directions() as u8)
        .map(|d| b.step(s, d))
        .filter(|&n| n != NO_SITE)
        .map(|n| b.site_names[n.index()].clone())
        .collect()
}

/// The reference: the wheel of twelve as its definition says, site 0 the centre and site
/// `k` (from 1 to 12) `ringk`, each ring site joined to the next and the one before (the
/// twelfth to the first) and to the centre. Black moves first; a stone steps to an empty
/// linked site, or from a ring site jumps over an enemy stone next to it along the ring to
/// the empty ring site beyond, removing it; a player with no move loses (no child).
#[derive(Clone)]
struct Wheel {
    /// 0 empty, 1 black, 2 white, by site.
    cells: [u8; 13],
    /// 1 or 2.
    mover: u8,
}

fn name(site: usize) -> String {
    match site {
        0 => "centre".to_string(),
        k => format!("ring{k}"),
    }
}

/// The ring site `steps` on from ring site `k` (1 to 12), either way round.
fn round(k: usize, steps: isize) -> usize {
    ((k as isize - 1 + steps).rem_euclid(12) + 1) as usize
}

impl Wheel {
    fn start() -> Wheel {
        let mut cells = [0; 13];
        for k in [1, 2, 3] {
            cells[k] = 1;
        }
        for k in [7, 8, 9] {
            cells[k] = 2;
        }
        Wheel { cells, mover: 1 }
    }

    fn neighbours(site: usize) -> Vec<usize> {
        match site {
            0 => (1..=12).collect(),
            k => vec![round(k, 1), round(k, -1), 0],
        }
    }

    /// Each move: its text, the site left, the site reached, the site taken (0: none,
    /// as the centre is never jumped).
    fn moves(&self) -> Vec<(String, usize, usize, Option<usize>)> {
        let mut out = Vec::new();
        let enemy = 3 - self.mover;
        for from in (0..13).filter(|&s| self.cells[s] == self.mover) {
            for to in Wheel::neighbours(from) {
                if self.cells[to] == 0 {
                    out.push((format!("{}-{}", name(from), name(to)), from, to, None));
                }
            }
            if from == 0 {
                continue;
            }
            for way in [1, -1] {
                let (over, to) = (round(from, way), round(from, 2 * way));
                if self.cells[over] == enemy && self.cells[to] == 0 {
                    out.push((format!("{}-{}", name(from), name(to)), from, to, Some(over)));
                }
            }
        }
        out
    }

    fn play(&self, (from, to, over): (usize, usize, Option<usize>)) -> Wheel {
        let mut next = self.clone();
        next.cells[to] = next.cells[from];
        next.cells[from] = 0;
        if let Some(o) = over {
            next.cells[o] = 0;
        }
        next.mover = 3 - self.mover;
        next
    }
}

/// The leaves `depth` plies on from both, the engine's moves checked against the
/// reference's at every node on the way.
fn perft_both(state: &State, wheel: &Wheel, depth: usize) -> u64 {
    let moves = wheel.moves();
    let expected: BTreeSet<String> = moves.iter().map(|m| m.0.clone()).collect();
    assert_eq!(
        expected.len(),
        moves.len(),
        "the reference lists a move twice"
    );
    let mut s = state.clone();
    assert_eq!(
        legal(&mut s),
        expected,
        "{}",
        notation::position_text(state)
    );
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut leaves = 0;
    for (text, from, to, over) in &moves {
        let mut next = state.clone();
        notation::play_text(&mut next, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        leaves += perft_both(&next, &wheel.play((*from, *to, *over)), depth - 1);
    }
    leaves
}

#[test]
fn a_ring_of_twelve_with_its_centre_has_thirteen_sites_and_twelve_links_at_the_centre() {
    let g = load(WHEEL);
    let names: Vec<String> = (0..13).map(name).collect();
    assert_eq!(g.board.site_names, names);
    assert_eq!(linked(&g, "centre"), (1..=12).map(name).collect());
    for k in 1..=12 {
        let expected = [name(round(k, 1)), name(round(k, -1)), name(0)];
        assert_eq!(
            linked(&g, &name(k)),
            expected.into_iter().collect(),
            "ring{k}"
        );
    }
    // The ring's two ways are named, clockwise from ring1 to ring2 and round from ring12.
    let b = &g.board;
    let clockwise = b
        .direction_names
        .iter()
        .position(|d| d == "clockwise")
        .unwrap() as u8;
    let anti = b
        .direction_names
        .iter()
        .position(|d| d == "anticlockwise")
        .unwrap() as u8;
    assert_eq!(b.step(Site::at(1), clockwise), Site::at(2));
    assert_eq!(b.step(Site::at(12), clockwise), Site::at(1));
    assert_eq!(b.step(Site::at(1), anti), Site::at(12));
    assert_eq!(b.step(Site::at(0), clockwise), NO_SITE);
}

#[test]
fn the_wheels_moves_agree_with_the_reference_to_depth_five() {
    let g = load(WHEEL);
    let state = State::new(g);
    let counts: Vec<u64> = (1..=5)
        .map(|d| perft_both(&state, &Wheel::start(), d))
        .collect();
    assert_eq!(counts, [5, 16, 110, 738, 4680]);
}

#[test]
fn the_wheel_jumps_round_the_ring_and_takes() {
    let g = load(WHEEL);
    let mut state = State::new(g);
    let mut wheel = Wheel::start();
    for m in ["ring3-ring4", "ring7-ring6", "ring4-ring5", "ring9-ring10"] {
        notation::play_text(&mut state, m).unwrap();
        let found = wheel.moves().into_iter().find(|x| x.0 == m).unwrap();
        wheel = wheel.play((found.1, found.2, found.3));
    }
    assert!(legal(&mut state).contains("ring5-ring7"));
    notation::play_text(&mut state, "ring5-ring7").unwrap();
    assert_eq!(
        notation::position_text(&state).split(' ').next(),
        Some("1BB4BW1W2")
    );
    // The moves after the jump agree with the reference's, three plies on.
    assert!(perft_both(&state, &wheel.play((5, 7, Some(6))), 3) > 0);
}

#[test]
fn show_names_the_shape_and_the_text_board_draws_the_ring_round_its_centre() {
    let out = run(&["show", WHEEL]);
    assert!(out.status.success());
    let shown = text(&out.stdout);
    assert!(
        shown.contains("board: graph ring 12 with centre (13 sites, 24 links)"),
        "{shown}"
    );
    assert!(shown.contains("centre-ring12"), "{shown}");
    assert!(shown.contains("ring12-ring1 (clockwise)"), "{shown}");
    let out = run(&["position", WHEEL]);
    let board = text(&out.stdout);
    let lines: Vec<&str> = board.lines().take(7).map(str::trim).collect();
    assert_eq!(lines[0], "ring1 B");
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["ring12", ".", "ring2", "B"]
    );
    let middle: Vec<&str> = lines[3].split_whitespace().collect();
    assert_eq!(middle, ["ring10", ".", "centre", ".", "ring4", "."]);
    assert_eq!(lines[6], "ring7 W");
}

#[test]
fn a_ring_without_centre_and_the_largest_ring_with_one() {
    let source = |shape: &str| {
        format!(
            "game \"T\"\nplayers black, white\nboard graph {shape}\npiece stone\n\
             setup black stone on ring1\nsetup white stone on ring2\nmove step all\n\
             move slide clockwise\nend when no legal move: mover loses\n"
        )
    };
    let g = load_text(&source("ring 3")).unwrap();
    assert_eq!(g.board.site_names, ["ring1", "ring2", "ring3"]);
    let mut s = State::new(g);
    assert_eq!(legal(&mut s), ["ring1-ring3"].map(String::from).into());
    let g = load_text(&source("ring 30 with centre")).unwrap();
    assert_eq!(g.board.sites(), 31);
    assert_eq!(linked(&g, "centre").len(), 30);
    let mut s = State::new(g);
    let moves = legal(&mut s);
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert!(moves.contains("ring1-centre") && moves.contains("ring1-ring30"));
    for (shape, n) in [("ring 2", 2), ("ring 31 with centre", 31)] {
        let e = load_text(&source(shape)).unwrap_err();
        assert!(
            e.contains("E0356") && e.contains(&format!("not {n}")),
            "{e}"
        );
    }
}

#[test]
fn a_hub_of_ten_links_written_out_steps_to_each() {
    let source = "game \"T\"\nplayers black, white\n\
        board graph hub, a, b, c, d, e, f, g, h, i, j\n\
        with links a-b-c-d-e-f-g-h-i-j-a as clockwise and anticlockwise,\n\
        hub-a, hub-b, hub-c, hub-d, hub-e, hub-f, hub-g, hub-h, hub-i, hub-j\n\
        piece stone\nsetup black stone on hub\nsetup white stone on a\n\
        move step all\nmove slide clockwise\nend when no legal move: mover loses\n";
    let g = load_text(source).unwrap();
    assert_eq!(linked(&g, "hub").len(), 10);
    let mut s = State::new(g);
    let expected: BTreeSet<String> = "bcdefghij".chars().map(|c| format!("hub-{c}")).collect();
    assert_eq!(legal(&mut s), expected);
}
