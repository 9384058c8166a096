//! Boards of rings round a centre (`board graph rings R of N [spokes every K] [with
//! centre]`, docs/language/board.md, "Rings round a centre"): each shape against the same
//! board written out site by site from the shape's definition here (the same sites, links
//! and named directions, and the same perft counts of a game of slides, steps and
//! custodian captures), slides along the rings and the spokes and a custodian capture
//! across a spoke in positions built by hand, `show`'s line, the text board and the
//! picture of `tests/fixtures/valid/rings.game`, and the refusals of bad sizes.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::bin::{run, text};
use crate::common::move_texts::legal;
use rulebook::analysis::perft;
use rulebook::engine::State;
use rulebook::model::{self, Site, NO_SITE};
use rulebook::{notation, pipeline};

const RINGS: &str = "tests/fixtures/valid/rings.game";

/// A game of slides along the named ways, steps along every link and custodian captures
/// along the named ways, on `board`, black's stones on `black` and white's on `white`.
fn source(board: &str, black: &str, white: &str) -> String {
    format!(
        "game \"T\"\nplayers black, white\n{board}\npiece stone\n\
         setup black stone on {black}\nsetup white stone on {white}\n\
         move slide clockwise, anticlockwise, outward, inward\nmove step all\n\
         after move capture custodian all remove\nend when no legal move: mover loses\n"
    )
}

fn load_text(source: &str) -> Result<Arc<model::Game>, String> {
    pipeline::load_text("t.game", source, None, &[]).map_err(|e| e.render(false))
}

/// The `k`-th site (from 1) of ring `r` (from 1, the innermost).
fn site(r: usize, k: usize) -> String {
    format!("ring{r}_{k}")
}

/// The board of `rings` rings of `n` sites with spokes every `every` places, and a centre
/// or not, written out as its definition says: the centre first, then each ring's sites
/// in order; each ring a run round to its first site, `clockwise`; a spoke through the
/// `k`-th site of each ring, innermost first, `outward`, at the places 1, 1 + every, ...;
/// the centre joined to the innermost ring's sites at those places, without a name.
fn written(rings: usize, n: usize, every: usize, centre: bool) -> String {
    let mut sites: Vec<String> = centre.then(|| "centre".to_string()).into_iter().collect();
    let mut links = Vec::new();
    for r in 1..=rings {
        let mut run: Vec<String> = (1..=n).map(|k| site(r, k)).collect();
        sites.extend(run.iter().cloned());
        run.push(site(r, 1));
        links.push(format!("{} as clockwise and anticlockwise", run.join("-")));
    }
    let places = (1..=n).step_by(every);
    for k in places.clone() {
        let spoke: Vec<String> = (1..=rings).map(|r| site(r, k)).collect();
        links.push(format!("{} as outward and inward", spoke.join("-")));
    }
    for k in places.filter(|_| centre) {
        links.push(format!("centre-{}", site(1, k)));
    }
    format!(
        "board graph {}\n  with links {}",
        sites.join(", "),
        links.join(",\n  ")
    )
}

/// The shapes compared: (rings, sites a ring, spokes every, centre).
const SHAPES: [(usize, usize, usize, bool); 6] = [
    (3, 8, 2, true),
    (3, 8, 2, false),
    (2, 5, 1, false),
    (4, 6, 3, true),
    (2, 12, 1, true),
    (2, 28, 1, true),
];

/// The words of a shape in a rule file.
fn shape_words((rings, n, every, centre): (usize, usize, usize, bool)) -> String {
    let spokes = match every {
        1 => String::new(),
        k => format!(" spokes every {k}"),
    };
    let with = if centre { " with centre" } else { "" };
    format!("board graph rings {rings} of {n}{spokes}{with}")
}

#[test]
fn each_shape_is_the_board_written_out_site_by_site() {
    for shape in SHAPES {
        let (rings, n, every, centre) = shape;
        let (black, white) = (
            format!("{} + {}", site(1, 1), site(rings, 2)),
            format!("{} + {}", site(2, 1), site(rings, n)),
        );
        let made = load_text(&source(&shape_words(shape), &black, &white)).unwrap();
        let text = source(&written(rings, n, every, centre), &black, &white);
        let out = load_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let (a, b) = (&made.board, &out.board);
        assert_eq!(a.site_names, b.site_names, "{shape:?}");
        assert_eq!(a.direction_names, b.direction_names, "{shape:?}");
        assert_eq!(a.directions(), b.directions(), "{shape:?}");
        for s in Site::all(a.sites()) {
            for d in 0..a.directions() as u8 {
                assert_eq!(a.step(s, d), b.step(s, d), "{shape:?}: site {s:?}, way {d}");
            }
        }
        let sites = rings * n + usize::from(centre);
        assert_eq!(a.sites(), sites, "{shape:?}");
        let depth = if n > 8 { 3 } else { 4 };
        let counts = perft(&mut State::new(made.clone()), depth);
        assert_eq!(counts, perft(&mut State::new(out), depth), "{shape:?}");
        assert!(counts.iter().all(|&c| c > 0), "{shape:?}: {counts:?}");
    }
}

/// The way named `name` on the board.
fn way(g: &model::Game, name: &str) -> u8 {
    let names = &g.board.direction_names;
    names.iter().position(|n| n == name).unwrap() as u8
}

fn at(g: &model::Game, name: &str) -> Site {
    Site::at(g.board.site_names.iter().position(|n| n == name).unwrap())
}

#[test]
fn the_ways_go_round_the_rings_and_along_the_spokes() {
    let g = pipeline::load(RINGS, None, &[]).unwrap();
    let b = &g.board;
    let step = |from: &str, w: &str| b.step(at(&g, from), way(&g, w));
    let name = |s: Site| (s != NO_SITE).then(|| b.site_names[s.index()].clone());
    assert_eq!(
        name(step("ring1_1", "clockwise")).as_deref(),
        Some("ring1_2")
    );
    assert_eq!(
        name(step("ring1_8", "clockwise")).as_deref(),
        Some("ring1_1")
    );
    assert_eq!(
        name(step("ring3_1", "anticlockwise")).as_deref(),
        Some("ring3_8")
    );
    assert_eq!(name(step("ring1_3", "outward")).as_deref(), Some("ring2_3"));
    assert_eq!(name(step("ring3_3", "inward")).as_deref(), Some("ring2_3"));
    // No spoke at a corner (spokes every 2: places 1, 3, 5, 7), none out of the outer ring,
    // and none named into the centre.
    assert_eq!(name(step("ring2_2", "outward")), None);
    assert_eq!(name(step("ring3_1", "outward")), None);
    assert_eq!(name(step("ring1_1", "inward")), None);
    assert_eq!(name(step("centre", "outward")), None);
    assert_eq!(b.sites(), 25);
}

/// The position on the board of `rings.game` with black's stones on `black`, white's on
/// `white` and `mover` to move, written as position text.
fn position(black: &[&str], white: &[&str], mover: &str) -> State {
    let g = pipeline::load(RINGS, None, &[]).unwrap();
    let (mut text, mut empty) = (String::new(), 0);
    for name in &g.board.site_names {
        let letter = match (
            black.contains(&name.as_str()),
            white.contains(&name.as_str()),
        ) {
            (true, _) => 'B',
            (_, true) => 'W',
            _ => {
                empty += 1;
                continue;
            }
        };
        if empty > 0 {
            text.push_str(&empty.to_string());
            empty = 0;
        }
        text.push(letter);
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    notation::parse_position(&g, &format!("{text} {mover}")).unwrap()
}

fn moves_from(state: &mut State, from: &str) -> BTreeSet<String> {
    let prefix = format!("{from}-");
    let all = legal(state);
    let from: BTreeSet<String> = all
        .iter()
        .filter_map(|m| m.strip_prefix(&prefix))
        .map(String::from)
        .collect();
    from
}

fn set(sites: &[&str]) -> BTreeSet<String> {
    sites.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_stone_slides_round_its_ring_up_to_a_stone() {
    // A corner of the middle ring: no spoke there; round the ring both ways up to white.
    let mut state = position(&["ring2_2"], &["ring2_5"], "black");
    let expected = set(&[
        "ring2_3", "ring2_4", "ring2_1", "ring2_8", "ring2_7", "ring2_6",
    ]);
    assert_eq!(moves_from(&mut state, "ring2_2"), expected);
}

#[test]
fn a_stone_slides_out_along_a_spoke_and_steps_into_the_centre() {
    let mut state = position(&["ring1_3"], &["ring3_6"], "black");
    let mut expected = set(&["ring2_3", "ring3_3", "centre"]);
    // Round the innermost ring, every other site of it, stopping before the start.
    expected.extend(set(&[
        "ring1_4", "ring1_5", "ring1_6", "ring1_7", "ring1_8", "ring1_1", "ring1_2",
    ]));
    assert_eq!(moves_from(&mut state, "ring1_3"), expected);
    // From the centre, a step to each site a spoke reaches, no further.
    let mut state = position(&["centre"], &["ring3_6"], "black");
    let expected = set(&["ring1_1", "ring1_3", "ring1_5", "ring1_7"]);
    assert_eq!(moves_from(&mut state, "centre"), expected);
}

#[test]
fn a_stone_closed_along_a_spoke_is_taken_but_not_through_the_centre() {
    // Black closes white's ring2_3 between ring1_3 and ring3_3 along the spoke.
    let mut state = position(&["ring1_3", "ring3_2"], &["ring2_3", "ring3_6"], "black");
    notation::play_text(&mut state, "ring3_2-ring3_3").unwrap();
    let text = notation::position_text(&state);
    let after = position(&["ring1_3", "ring3_3"], &["ring3_6"], "white");
    assert_eq!(text, notation::position_text(&after));
    // A white stone on the centre between two black stones is not taken: the centre's
    // links have no name, and no line runs through it.
    let mut state = position(&["ring1_1", "ring1_4"], &["centre", "ring3_6"], "black");
    notation::play_text(&mut state, "ring1_4-ring1_5").unwrap();
    let after = position(&["ring1_1", "ring1_5"], &["centre", "ring3_6"], "white");
    assert_eq!(
        notation::position_text(&state),
        notation::position_text(&after)
    );
}

#[test]
fn show_names_the_rings_and_the_text_board_draws_them_as_in_the_docs() {
    let out = run(&["show", RINGS]);
    assert!(out.status.success());
    let shown = text(&out.stdout);
    let line = "board: graph rings 3 of 8 spokes every 2 with centre (25 sites, 36 links)";
    assert!(shown.contains(line), "{shown}");
    assert!(shown.contains("ring1_1-ring2_1 (outward)"), "{shown}");
    assert!(shown.contains("ring1_8-ring1_1 (clockwise)"), "{shown}");
    let out = run(&["position", RINGS]);
    let board: Vec<String> = text(&out.stdout)
        .lines()
        .take(7)
        .map(String::from)
        .collect();
    assert_eq!(
        board[0].split_whitespace().collect::<Vec<_>>(),
        ["ring3_8", "B", "ring3_1", "B", "ring3_2", "B"]
    );
    assert_eq!(
        board[3].split_whitespace().collect::<Vec<_>>(),
        [
            "ring3_7", ".", "ring2_7", ".", "ring1_7", ".", "centre", ".", "ring1_3", ".",
            "ring2_3", ".", "ring3_3", "."
        ]
    );
    let docs = std::fs::read_to_string("docs/language/board.md").unwrap();
    assert!(
        docs.contains(&format!("```text\n{}\n```", board.join("\n"))),
        "{}",
        board.join("\n")
    );
}

#[test]
fn the_picture_draws_every_link_and_names_every_site() {
    let path = std::env::temp_dir().join(format!("rings-{}.svg", std::process::id()));
    let path = path.to_str().unwrap().to_string();
    let out = run(&["render", RINGS, "--svg", &path]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(svg.matches("<line").count(), 36);
    for name in ["centre", "ring1_1", "ring2_5", "ring3_8"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
}

#[test]
fn bad_sizes_are_refused() {
    for (shape, says) in [
        ("rings 1 of 8", "from 2 to 10 rings, not 1"),
        ("rings 11 of 8", "from 2 to 10 rings, not 11"),
        ("rings 2 of 2", "from 3 to 28 sites, not 2"),
        ("rings 2 of 29 with centre", "from 3 to 28 sites, not 29"),
        (
            "rings 3 of 8 spokes every 3",
            "spokes every 3 do not share out a ring of 8",
        ),
        (
            "rings 3 of 8 spokes every 0",
            "spokes every 0 do not share out",
        ),
        (
            "rings 3 of 8 spokes every 16",
            "spokes every 16 do not share out",
        ),
    ] {
        let e = load_text(&source(
            &format!("board graph {shape}"),
            "ring1_1",
            "ring1_2",
        ))
        .unwrap_err();
        assert!(e.contains("E0356") && e.contains(says), "{shape}: {e}");
        assert_eq!(e.matches("error[").count(), 1, "{shape}: {e}");
    }
}
