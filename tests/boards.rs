//! Grid boards whose diagonal lines join only some points (`board grid W by H with
//! diagonals on REGION`): the links the board keeps, moves on them from hand-built
//! positions, and the perft of Alquerque against a reference written from its rules alone.
//! Grid boards without some points (`board grid W by H without REGION`): the cross of Fox
//! and Geese, its links, regions, position text, pictures, and its perft against the same
//! game written with the points avoided instead.

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Site, NO_SITE};
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
        game.board.diagonal_points(),
        alquerque().board.diagonal_points()
    );
    assert_eq!(game.board.diagonal_points().len(), 13);
}

const FOX_AND_GEESE: &str = include_str!("fixtures/valid/fox-and-geese.game");

fn load(name: &str, text: &str) -> Arc<Game> {
    pipeline::load_text(name, text, None, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn fox_and_geese() -> Arc<Game> {
    load("fox-and-geese.game", FOX_AND_GEESE)
}

/// The names of the sites of a ray from `name` along direction `dir`.
fn ray_names(game: &Game, name: &str, dir: u8) -> Vec<String> {
    let b = &game.board;
    let ray = b.ray(b.site_named(name).expect("a point"), dir);
    ray.iter()
        .map(|s| b.site_names[s.index()].clone())
        .collect()
}

#[test]
fn the_points_a_grid_is_without_are_no_sites_and_no_line_runs_through_them() {
    let game = fox_and_geese();
    let b = &game.board;
    assert_eq!(b.removed_points().count(), 16);
    assert!(b.site_named("a1").is_none() && b.site_named("b6").is_none());
    assert!(b.site_named("c1").is_some() && b.site_named("a3").is_some());
    // North (0) from c1 runs up the whole file; west (3) from c1 and south (2) from a3
    // end at once, at the points taken off; west from c2 too.
    assert_eq!(
        ray_names(&game, "c1", 0),
        ["c2", "c3", "c4", "c5", "c6", "c7"]
    );
    assert!(ray_names(&game, "c1", 3).is_empty());
    assert!(ray_names(&game, "a3", 2).is_empty());
    assert!(ray_names(&game, "c2", 3).is_empty());
    assert_eq!(ray_names(&game, "c4", 3), ["b4", "a4"]);
}

#[test]
fn a_grid_without_points_plays_as_the_same_grid_with_those_points_avoided() {
    // The same game with the holes as a region no move may land on or pass over: the same
    // moves, so the same counts, to depth 7 (496,547 sequences).
    let avoided = FOX_AND_GEESE
        .replace("board grid 7 by 7 without holes", "board grid 7 by 7")
        .replace(
            "setup geese goose on rank(1) + rank(2) + rank(3)",
            "setup geese goose on rank(1) + rank(2) + rank(3) - holes",
        )
        .replace("by reynard\n", "by reynard not landing on holes\n")
        .replace("chained by reynard", "chained by reynard avoiding holes")
        .replace("by goose", "by goose not landing on holes");
    let avoided = load("avoided.game", &avoided);
    let counts = perft(&mut State::new(fox_and_geese()), 7);
    assert_eq!(counts, perft(&mut State::new(avoided), 7));
    assert_eq!(counts[..2], [7, 28]);
}

#[test]
fn regions_leave_out_the_points_the_board_is_without() {
    // `all` and an unnamed placement cover the 33 points; `perimeter` is the cross's
    // outline, 24 points (counted by hand: 3 + 2 + 6 + 2 + 6 + 2 + 3 by rank).
    let text = FOX_AND_GEESE
        .replace(
            "setup geese goose on rank(1) + rank(2) + rank(3)",
            "setup geese goose on perimeter",
        )
        .replace("move step north, east, west by goose", "move place goose")
        .replace("end when pieces(geese) < 4: fox wins\n", "");
    let game = load("regions.game", &text);
    let state = State::new(Arc::clone(&game));
    let geese = game.player_by_name("geese").unwrap();
    assert_eq!(state.pieces(geese), 24);
    let outline: Vec<&str> = Site::all(game.board.sites())
        .filter(|&s| state.owner(s) == Some(geese))
        .map(|s| game.board.site_names[s.index()].as_str())
        .collect();
    assert_eq!(
        outline.join(" "),
        "c1 d1 e1 c2 e2 a3 b3 c3 e3 f3 g3 a4 g4 a5 b5 c5 e5 f5 g5 c6 e6 c7 d7 e7"
    );
    let mut state = position(&game, "7/7/7/7/7/7/7 geese");
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    assert_eq!(list.len(), 33, "a placement anywhere is on the 33 points");
    notation::play_text(&mut state, "d4").unwrap();
    assert!(notation::play_text(&mut state, "a1").is_err());
}

fn position(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn a_position_may_not_put_a_piece_on_a_point_the_board_is_without() {
    let game = fox_and_geese();
    let error = notation::parse_position(&game, "G6/7/7/3r3/7/7/7 geese").unwrap_err();
    assert!(
        format!("{error:?}").contains("a7 is not a point of this board"),
        "{error:?}"
    );
    let start = State::new(Arc::clone(&game));
    let text = notation::position_text(&start);
    assert_eq!(text, "7/7/3r3/7/GGGGGGG/2GGG2/2GGG2 geese");
    assert_eq!(notation::position_text(&position(&game, &text)), text);
}

#[test]
fn the_pictures_leave_the_points_out() {
    let state = State::new(fox_and_geese());
    let board = rulebook::render::board_text(&state);
    let rank = |n: &str| {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap()
            .to_string()
    };
    assert_eq!(rank("7 "), "7      . . .      7");
    assert_eq!(rank("3 "), "3  G G G G G G G  3");
    let svg = rulebook::render::position_svg(&state);
    // A line per link: along the ranks, 2 on each of the four short ranks and 6 on each of
    // the three long ones (26), as many along the files; none from edge to edge.
    assert_eq!(svg.matches("<line").count(), 52, "{svg}");
    let summary = rulebook::render::summary(&fox_and_geese());
    assert!(
        summary.contains("board: grid 7 x 7 (33 points)"),
        "{summary}"
    );
    assert!(summary.contains("  without: a1 b1 f1 g1 a2 b2 f2 g2 a6 b6 f6 g6 a7 b7 f7 g7"));
    assert!(!summary.contains("path perimeter"), "{summary}");
}

/// The picture rings the last move's landing, and with a dashed line the site it left.
#[test]
fn the_picture_marks_the_last_move() {
    let game = fox_and_geese();
    let start = State::new(Arc::clone(&game));
    assert!(!rulebook::render::position_svg(&start).contains("r=\"17\""));
    let mut state = start.clone();
    notation::play_text(&mut state, "c3-c4").expect("a goose steps");
    let svg = rulebook::render::position_svg(&state);
    let rings: Vec<&str> = svg.lines().filter(|l| l.contains("r=\"17\"")).collect();
    // c4 is at x 40 + 2 * 36, y 40 + (7 - 1 - 3) * 36; c3 one rank lower.
    assert_eq!(rings.len(), 2, "{svg}");
    assert!(rings[0].contains("cx=\"112\" cy=\"148\"") && !rings[0].contains("dash"));
    assert!(rings[1].contains("cx=\"112\" cy=\"184\"") && rings[1].contains("dash"));
}

/// A game on a grid drawn as written after its size (`of squares`, `of checkered squares`,
/// or nothing: points), with a `without` clause if given.
fn drawn(drawing: &str, without: &str) -> Arc<Game> {
    let text = format!(
        "game \"Drawn\"\nplayers black, white\npiece man\nregion holes = a1 + d4\n\
         board grid 4 by 4 {drawing} {without}\nsetup black man on b2\nsetup white man on c3\n\
         move step orthogonal\nend when no legal move: mover loses\n"
    );
    pipeline::load_text("drawn.game", &text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

/// The `<rect` lines of a picture but its background (the first).
fn squares_of(svg: &str) -> Vec<&str> {
    svg.lines()
        .filter(|l| l.starts_with("<rect"))
        .skip(1)
        .collect()
}

#[test]
fn a_grid_of_squares_is_drawn_square_by_square() {
    let picture = |drawing: &str, without: &str| {
        rulebook::render::position_svg(&State::new(drawn(drawing, without)))
    };
    // Points: lines from edge to edge, no squares.
    let points = picture("", "");
    assert!(squares_of(&points).is_empty(), "{points}");
    assert_eq!(points.matches("<line").count(), 8, "{points}");
    // Squares: one a site, none shaded, no lines; b2's piece in the middle of its square.
    let plain = picture("of squares", "");
    let squares = squares_of(&plain);
    assert_eq!(squares.len(), 16, "{plain}");
    assert!(squares.iter().all(|l| l.contains("#f0d9b5")), "{plain}");
    assert_eq!(plain.matches("<line").count(), 0, "{plain}");
    // b2 is at x 44 + 36, y 44 + (4 - 1 - 1) * 36: its square 18 to each side.
    assert!(plain.contains(r#"<circle cx="80" cy="116""#), "{plain}");
    assert!(
        plain.contains(r#"<rect x="62" y="98" width="36" height="36""#),
        "{plain}"
    );
    // Checkered: the dark squares (a1's colour) shaded, 8 of 16; none where a point is off
    // the board.
    let checkered = picture("of checkered squares", "");
    let dark: Vec<&str> = squares_of(&checkered)
        .into_iter()
        .filter(|l| l.contains("#b58863"))
        .collect();
    assert_eq!(dark.len(), 8, "{checkered}");
    assert!(
        dark[0].contains(r#"x="26" y="134""#),
        "a1 first: {checkered}"
    );
    let holed = picture("of checkered squares", "without holes");
    assert_eq!(squares_of(&holed).len(), 14, "{holed}");
    // The summary says how the board is drawn; the game is the same.
    let summary = rulebook::render::summary(&drawn("of checkered squares", "without holes"));
    assert!(
        summary.contains("board: grid 4 x 4 of checkered squares (14 squares)"),
        "{summary}"
    );
    let start = |drawing| State::new(drawn(drawing, ""));
    assert_eq!(perft(&mut start("of squares"), 3), perft(&mut start(""), 3));
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
