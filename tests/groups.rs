//! `groups(P, DIRECTIONS)`, `group(P, DIRECTIONS)` and `touching(P, R, ..., DIRECTIONS)`:
//! the groups of a player's pieces (docs/language/functions.md). Hand-built
//! positions counted by hand on a square grid (orthogonal and all directions) and on a grid
//! `of hexagons`; seeded random boards up to 26 x 26 against a union-find written here
//! from the boards' geometry, `touching` measured and compared with numbers; and two games that end on them, played at random against
//! the same reference: forks on hexagons (`tests/fixtures/valid/forks.game`) and one
//! group of kings (`tests/fixtures/valid/gather.game`).

use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::xorshift::XorShift;

/// How two cells touch: the steps (files, ranks) from a cell to its neighbours.
#[derive(Clone, Copy, Debug)]
enum Links {
    /// A square grid, `orthogonal`.
    Orthogonal,
    /// A square grid, `all`: the eight king steps.
    King,
    /// A grid `of hexagons`, `all`: the six touching cells.
    Hexagons,
}

impl Links {
    fn steps(self) -> &'static [(i64, i64)] {
        match self {
            Links::Orthogonal => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Links::King => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (-1, -1),
                (1, -1),
                (-1, 1),
            ],
            // East, west, north-east and south-west (along the file), north-west (file one
            // less, rank one more), south-east (file one more, rank one less).
            Links::Hexagons => &[(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)],
        }
    }

    /// How the game's board is written, and the directions its rules link along.
    fn board_and_directions(self) -> (&'static str, &'static str) {
        match self {
            Links::Orthogonal => ("", "orthogonal"),
            Links::King => ("", "all"),
            Links::Hexagons => (" of hexagons", "all"),
        }
    }
}

/// The four sides' regions in the order the test games list them: south, north, west, east.
const SIDES: &str = "side(south), side(north), side(west), side(east)";

/// A placement game on a `w` x `h` grid whose score packs red's three measures into one
/// number: `groups * 1000000 + group * 1000 + touching` (with the four sides).
fn measured(w: usize, h: usize, links: Links) -> Arc<Game> {
    let (board, dirs) = links.board_and_directions();
    let text = format!(
        "game \"Measured\"\nplayers red, blue\nboard grid {w} by {h}{board}\npiece stone\n\
         move place stone\nscore groups(red, {dirs}) * 1000000 + group(red, {dirs}) * 1000 \
         + touching(red, {SIDES}, {dirs})\nend when no legal move: draw\n"
    );
    match pipeline::load_text("measured.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// Red's (groups, largest group, most sides touched) in the position `text`, as the game's
/// score gives them.
fn measures(game: &Arc<Game>, text: &str) -> (i64, i64, i64) {
    let state = notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let score = state.game().ends.score.as_ref().expect("a score");
    let v = state.value(Player::SECOND, score);
    (v / 1_000_000, v / 1000 % 1000, v % 1000)
}

#[test]
fn hand_built_positions_on_a_square_grid() {
    let orthogonal = measured(4, 3, Links::Orthogonal);
    let king = measured(4, 3, Links::King);
    // Red on a3, c3, b2, a1, d1:
    //   3  R . R .
    //   2  . R . .
    //   1  R . . R
    // Orthogonally no two touch: five groups of one; a3 touches north and west, a1 south
    // and west, d1 south and east. As kings, b2 links a3, c3 and a1 (four pieces, on the
    // north, west and south sides); d1 is alone.
    let x = "R1R1/1R2/R2R blue";
    assert_eq!(measures(&orthogonal, x), (5, 1, 2));
    assert_eq!(measures(&king, x), (2, 4, 3));
    // Rank 2 whole, with a1 under a2, d1 under d2 and c3 over c2: one group of seven
    // touching all four sides, orthogonally as for kings (blue's b3 links nothing).
    //   3  . B R .
    //   2  R R R R
    //   1  R . . R
    let y = "1BR1/RRRR/R2R blue";
    assert_eq!(measures(&orthogonal, y), (1, 7, 4));
    assert_eq!(measures(&king, y), (1, 7, 4));
    // Two columns apart: a1-a3 and c1-c3 (north, south, west; north, south), and d2
    // touching c2 as well (east).
    //   3  R . R .
    //   2  R . R R
    //   1  R . R .
    let z = "R1R1/R1RR/R1R1 blue";
    assert_eq!(measures(&orthogonal, z), (2, 4, 3));
    assert_eq!(measures(&king, z), (2, 4, 3));
    // Diagonal steps alone: a1, b2, c3 and d2 are one group as kings, four orthogonally.
    //   3  . . R .
    //   2  . R . R
    //   1  R . . .
    let d = "2R1/1R1R/R3 blue";
    assert_eq!(measures(&orthogonal, d), (4, 1, 2));
    assert_eq!(measures(&king, d), (1, 4, 4));
    // No red piece: nothing at all; blue's pieces are not red's.
    assert_eq!(measures(&orthogonal, "4/4/4 blue"), (0, 0, 0));
    assert_eq!(measures(&king, "BBBB/BBBB/BBBB red"), (0, 0, 0));
    // A full board of red: one group touching every side.
    assert_eq!(measures(&king, "RRRR/RRRR/RRRR blue"), (1, 12, 4));
}

#[test]
fn hand_built_positions_on_a_grid_of_hexagons() {
    let hexagons = measured(4, 3, Links::Hexagons);
    // The same cells as the first square position: a3, c3, b2, a1, d1. A cell touches
    // east, west, north-east (file kept, rank one more), south-west, north-west (file one
    // less, rank one more) and south-east: b2 touches a3 (its north-west) but not c3 (its
    // north-east is b3) nor a1 (its south-west is b1). Groups: {a3, b2} (north, west),
    // {c3}, {a1} (south, west), {d1} (south, east).
    assert_eq!(measures(&hexagons, "R1R1/1R2/R2R blue"), (4, 2, 2));
    // The other diagonal: a1, b2, c3 are three groups on hexagons (a1-b2 is no link).
    assert_eq!(measures(&hexagons, "2R1/1R2/R3 blue"), (3, 1, 2));
    // Along the north-west diagonal: c1, b2, a3 are one group touching south, north, west.
    assert_eq!(measures(&hexagons, "R3/1R2/2R1 blue"), (1, 3, 3));
    // Rank 2 whole joins west and east; a1 and d3 hang on it (a1 is the south-west of a2,
    // d3 the north-east of d2): one group of six touching all four sides.
    assert_eq!(measures(&hexagons, "3R/RRRR/R3 blue"), (1, 6, 4));
}

#[test]
fn touching_counts_each_region_listed_and_reads_its_directions_from_the_end() {
    // With one region: 1 when a piece stands on it. With the same region twice: 2.
    let text = "game \"T\"\nplayers red, blue\nboard grid 5 by 5\npiece stone\nmove place stone\n\
                score touching(red, side(east), orthogonal) * 10 \
                + touching(red, corners, corners, north, south)\n\
                end when no legal move: draw\n";
    let game = pipeline::load_text("t.game", text, None, &[]).expect("loads");
    let score = game.ends.score.clone().expect("a score");
    let value = |position: &str| {
        let state = notation::parse_position(&game, position).expect("a position");
        state.value(Player::FIRST, &score)
    };
    assert_eq!(value("5/5/5/5/5 red"), 0);
    assert_eq!(value("5/5/4R/5/5 red"), 10);
    assert_eq!(value("5/5/5/5/R4 red"), 2);
    assert_eq!(value("R4/5/5/5/R4 red"), 2);
    assert_eq!(value("5/5/5/5/1R3 red"), 0);
}

/// Red's groups (the cells of `who` linked by `links`) by a union-find over the cells:
/// their number, the size of the largest, and the most of the four sides one touches.
fn reference(cells: &[u8], w: usize, who: u8, links: Links) -> (i64, i64, i64) {
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let h = cells.len() / w;
    let mut parent: Vec<usize> = (0..cells.len()).collect();
    for s in (0..cells.len()).filter(|&s| cells[s] == who) {
        let (f, r) = ((s % w) as i64, (s / w) as i64);
        for &(df, dr) in links.steps() {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= w as i64 || nr >= h as i64 {
                continue;
            }
            let n = nr as usize * w + nf as usize;
            if cells[n] == who {
                let (a, b) = (find(&mut parent, s), find(&mut parent, n));
                parent[a] = b;
            }
        }
    }
    // Per root: its size and the sides (bits south, north, west, east) it touches.
    let mut size = vec![0i64; cells.len()];
    let mut sides = vec![0u8; cells.len()];
    for s in (0..cells.len()).filter(|&s| cells[s] == who) {
        let root = find(&mut parent, s);
        let (f, r) = (s % w, s / w);
        size[root] += 1;
        sides[root] |= u8::from(r == 0)
            | u8::from(r == h - 1) << 1
            | u8::from(f == 0) << 2
            | u8::from(f == w - 1) << 3;
    }
    let groups = size.iter().filter(|&&n| n > 0).count() as i64;
    let largest = size.iter().copied().max().unwrap_or(0);
    let touching = sides.iter().map(|s| s.count_ones()).max().unwrap_or(0);
    (groups, largest, i64::from(touching))
}

/// A position text of a grid from cells (0 empty, 1 the first player's, 2 the second's;
/// site `rank * w + file`), with the letters of the two players' pieces.
fn board_text(cells: &[u8], w: usize, letters: [char; 2]) -> String {
    let h = cells.len() / w;
    let ranks: Vec<String> = (0..h)
        .rev()
        .map(|r| {
            (0..w)
                .map(|f| match cells[r * w + f] {
                    1 => letters[0],
                    2 => letters[1],
                    _ => '.',
                })
                .collect()
        })
        .collect();
    ranks.join("/")
}

/// The cells of a grid position's text (the board field), as [`board_text`] writes them.
fn cells_of(text: &str, letters: [char; 2]) -> (Vec<u8>, usize) {
    let board = text.split(' ').next().expect("a board field");
    let mut ranks: Vec<Vec<u8>> = Vec::new();
    for rank in board.split('/') {
        let mut row = Vec::new();
        let mut run = 0;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            row.extend(std::iter::repeat_n(0, run));
            run = 0;
            row.push(match c {
                _ if c == letters[0] => 1,
                _ if c == letters[1] => 2,
                _ => 0,
            });
        }
        row.extend(std::iter::repeat_n(0, run));
        ranks.push(row);
    }
    let w = ranks[0].len();
    (ranks.into_iter().rev().flatten().collect(), w)
}

#[test]
fn random_boards_agree_with_a_union_find() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    // 26 x 26 spans eleven words of sites, 13 x 7 two, the others one or two.
    for (w, h) in [(26, 26), (9, 5), (11, 11), (13, 7), (8, 8), (3, 2), (2, 7)] {
        for links in [Links::Orthogonal, Links::King, Links::Hexagons] {
            let game = measured(w, h, links);
            let mut seen_many = false;
            for round in 0..200 {
                // Red from 5% to 80% of the cells, the rest blue or empty.
                let red = 5 + round % 76;
                let cells = rng.cells(w * h, red);
                let text = format!("{} blue", board_text(&cells, w, ['R', 'B']));
                let expected = reference(&cells, w, 1, links);
                assert_eq!(
                    measures(&game, &text),
                    expected,
                    "{links:?}, {w} x {h}: {text}"
                );
                seen_many |= expected.0 > 3;
                positions += 1;
            }
            assert!(
                seen_many || w * h < 10,
                "{links:?}, {w} x {h}: many groups tried"
            );
        }
    }
    assert!(positions >= 4000, "{positions} positions");
}

/// A placement game on a `w` x `h` grid that red wins when `condition` holds.
fn ended_when(w: usize, h: usize, links: Links, condition: &str) -> Arc<Game> {
    let (board, _) = links.board_and_directions();
    let text = format!(
        "game \"Compared\"\nplayers red, blue\nboard grid {w} by {h}{board}\npiece stone\n\
         move place stone\nend when {condition}: red wins\n"
    );
    match pipeline::load_text("compared.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("{condition}:\n{}", e.render(false)),
    }
}

/// A `touching(...)` compared with a number is searched only as far as the comparison
/// needs (it stops at a group that reaches the number, or fills none when fewer regions
/// hold a piece; `==` and `!=` only with the count of the regions listed): each way of
/// writing the comparison, either way round, still gives the union-find's answer.
#[test]
fn touching_compared_with_a_number_agrees_with_a_union_find() {
    type Holds = fn(i64, i64) -> bool;
    let forms: [(&str, Holds); 8] = [
        // With K 4, the count of the regions listed, `==` and `!=` stop early too.
        ("T == K", |t, k| t == k),
        ("K != T", |t, k| k != t),
        ("T >= K", |t, k| t >= k),
        ("T > K", |t, k| t > k),
        ("T < K", |t, k| t < k),
        ("T <= K", |t, k| t <= k),
        ("K <= T", |t, k| k <= t),
        ("K > T", |t, k| k > t),
    ];
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut held = [0; 2];
    for (w, h) in [(11, 11), (26, 26), (5, 3)] {
        for links in [Links::Orthogonal, Links::King, Links::Hexagons] {
            let dirs = links.board_and_directions().1;
            for k in 0..=4 {
                for (form, holds) in forms {
                    let touching = format!("touching(red, {SIDES}, {dirs})");
                    let condition = form.replace('T', &touching).replace('K', &k.to_string());
                    let game = ended_when(w, h, links, &condition);
                    for round in 0..12 {
                        let cells = rng.cells(w * h, 2 + round * 4);
                        let text = format!("{} blue", board_text(&cells, w, ['R', 'B']));
                        let state = notation::parse_position(&game, &text)
                            .unwrap_or_else(|e| panic!("{text}: {e}"));
                        let expected = holds(reference(&cells, w, 1, links).2, k);
                        let won = state.outcome() == Some(Outcome::Win(Player::FIRST));
                        assert_eq!(won, expected, "{condition}, {w} x {h}: {text}");
                        held[expected as usize] += 1;
                    }
                }
            }
        }
    }
    assert!(held[0] > 500 && held[1] > 500, "{held:?}");
}

/// A game from its test file.
fn fixture(name: &str, sets: &[&str]) -> Arc<Game> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let path = format!("tests/fixtures/valid/{name}.game");
    match pipeline::load(&path, None, &sets) {
        Ok(game) => game,
        Err(e) => panic!("{path} loads:\n{}", e.render(false)),
    }
}

/// Plays `games` seeded random games of `game`, checking after every move that the
/// outcome is `judge`'s for the position (the board's cells, its width, and the player
/// who just moved as 1 or 2); returns how many ended in a win.
fn play_against(
    game: &Arc<Game>,
    (games, seed): (usize, u64),
    letters: [char; 2],
    judge: impl Fn(&[u8], usize, u8) -> Option<Outcome>,
) -> usize {
    let mut rng = XorShift(seed);
    let mut moves = MoveList::new();
    let mut wins = 0;
    for _ in 0..games {
        let mut state = State::new(Arc::clone(game));
        while state.outcome().is_none() {
            state.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "a game not over has a move");
            let mover = state.to_move();
            state.apply(moves[rng.below(moves.len())]);
            let text = notation::position_text(&state);
            let (cells, w) = cells_of(&text, letters);
            let who = if mover == Player::FIRST { 1 } else { 2 };
            let expected = judge(&cells, w, who);
            if let Some(e) = expected.filter(|e| *e != Outcome::Draw) {
                assert_eq!(state.outcome(), Some(e), "{text}");
            } else {
                assert!(
                    !matches!(state.outcome(), Some(Outcome::Win(_))),
                    "won without a reason: {text}"
                );
            }
        }
        wins += matches!(state.outcome(), Some(Outcome::Win(_))) as usize;
    }
    wins
}

#[test]
fn forks_are_won_by_a_group_touching_three_sides() {
    for size in [2, 5, 7] {
        let game = fixture("forks", &[&format!("size={size}")]);
        let wins = play_against(
            &game,
            (60, 0x1234_5678 + size),
            ['R', 'B'],
            |cells, w, who| {
                let (_, _, sides) = reference(cells, w, who, Links::Hexagons);
                let winner = Player::new(who as usize - 1).expect("a player");
                (sides >= 3).then_some(Outcome::Win(winner))
            },
        );
        assert!(wins > 0, "size {size}: some game is won");
    }
    // By hand on 3 x 3: red's a1, a2 and b2 are one group (a2 is a1's north-east, b2 a2's
    // east) touching south and west only. Red on a3, b2, c1 (each the north-west of the
    // next) touches all four sides; on c3, b2, a1 (the other diagonal) nothing is linked.
    let game = fixture("forks", &["size=3"]);
    let at = |text: &str| notation::parse_position(&game, text).expect("a position");
    assert_eq!(at("3/RR1/R2 blue").outcome(), None);
    assert_eq!(
        at("R2/1R1/2R blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(at("2R/1R1/R2 blue").outcome(), None);
}

#[test]
fn gather_is_won_by_gathering_all_ones_pieces_into_one_group() {
    let game = fixture("gather", &[]);
    let wins = play_against(&game, (40, 0xdead_beef), ['B', 'W'], |cells, w, who| {
        let mover = Player::new(who as usize - 1).expect("a player");
        if reference(cells, w, who, Links::King).0 == 1 {
            Some(Outcome::Win(mover))
        } else if reference(cells, w, 3 - who, Links::King).0 == 1 {
            Some(Outcome::Win(mover.next(2)))
        } else {
            None
        }
    });
    assert!(wins > 0, "some game is won");
    // The start: eight pieces each, four on each of two opposite sides, so two groups of
    // four; the score is the largest group less the number of groups.
    let state = State::new(Arc::clone(&game));
    let score = game.ends.score.as_ref().expect("a score");
    assert_eq!(state.value(Player::FIRST, score), 4 - 2);
    // Black on b6..e6 and c5 alone (white's e1 and f3 apart): black, who just moved, wins.
    let at = |text: &str| notation::parse_position(&game, text).expect("a position");
    assert_eq!(
        at("1BBBB1/2B3/6/5W/6/4W1 white").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    // White left with one piece: white wins, though black moved.
    assert_eq!(
        at("1BB3/6/3B2/6/6/4W1 white").outcome(),
        Some(Outcome::Win(Player::SECOND))
    );
}

#[test]
fn a_count_no_position_reaches_is_refused() {
    for condition in ["groups(mover, all) >= 26", "group(mover, orthogonal) > 25"] {
        let text = format!(
            "game \"T\"\nplayers red, blue\nboard grid 5 by 5\npiece stone\n\
             move place stone\nend when {condition}: mover wins\n"
        );
        let Err(e) = pipeline::load_text("t.game", &text, None, &[]) else {
            panic!("`{condition}` is accepted on 5 x 5");
        };
        let said = e.render(false);
        assert!(
            said.contains("E0612") && said.contains("at most 25 pieces"),
            "{said}"
        );
    }
}
