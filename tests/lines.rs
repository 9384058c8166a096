//! `line(P, R)` and `lines(P, N, R)` on thousands of seeded random positions of grids of
//! many shapes (square and not, one word of sites and several, up to the largest), of a
//! grid without points, with diagonals on the dark points only, of hexagons, and of one
//! drawn by lines that skip points (where the engine walks the links instead of shifting
//! bits), against a reference written here: plain loops over the sites, along the board's
//! geometry.

use std::sync::Arc;

use crate::common::rows::position_text;
use crate::common::xorshift::XorShift;
use rulebook::model::{Expr, Game, Player, PlayerRef};
use rulebook::{notation, pipeline};

/// Per axis (north, east, north-east, south-east, as the engine counts them): the file
/// and rank steps of a move up it.
const AXIS_STEPS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// How the points of a test board are joined, besides their place on the grid.
#[derive(Clone, Copy, PartialEq)]
enum Joins {
    /// Every point to its eight neighbours.
    All,
    /// Diagonally only two dark points (`with diagonals on dark`).
    DarkDiagonals,
    /// No point to its north-east or south-west neighbour (`of hexagons`).
    Hexagons,
    /// As the board's own links say (a board drawn by its lines).
    Drawn,
}

/// A test board: its `board` statement, its width and height, its regions, how its points
/// are joined, and whether the engine shifts bits on it.
struct Case {
    board: &'static str,
    size: (usize, usize),
    regions: &'static str,
    joins: Joins,
    shifts: bool,
}

/// A grid `w` by `h` with every point joined to its neighbours.
const fn plain(board: &'static str, w: usize, h: usize) -> Case {
    Case {
        board,
        size: (w, h),
        regions: "",
        joins: Joins::All,
        shifts: true,
    }
}

/// The boards tested.
const CASES: [Case; 13] = [
    plain("grid 3 by 3", 3, 3),
    plain("grid 7 by 6", 7, 6),
    plain("grid 6 by 7", 6, 7),
    plain("grid 8 by 8", 8, 8),
    plain("grid 9 by 9", 9, 9),
    plain("grid 11 by 4", 11, 4),
    plain("grid 15 by 15", 15, 15),
    plain("grid 19 by 19", 19, 19),
    plain("grid 26 by 26", 26, 26),
    Case {
        board: "grid 7 by 7 without holes",
        size: (7, 7),
        regions: "region holes = within(corner(south-west), 1) + within(corner(south-east), 1)\n\
                  + within(corner(north-west), 1) + within(corner(north-east), 1)\n",
        joins: Joins::All,
        shifts: true,
    },
    Case {
        board: "grid 9 by 5 with diagonals on dark",
        size: (9, 5),
        regions: "",
        joins: Joins::DarkDiagonals,
        shifts: true,
    },
    Case {
        board: "grid 6 by 5 of hexagons",
        size: (6, 5),
        regions: "",
        joins: Joins::Hexagons,
        shifts: true,
    },
    Case {
        board: "grid 7 by 7 with lines a1-d1-g1, b2-d2-f2, c3-d3-e3, a4-b4-c4, e4-f4-g4,\n\
                c5-d5-e5, b6-d6-f6, a7-d7-g7, a1-a4-a7, b2-b4-b6, c3-c4-c5, d1-d2-d3,\n\
                d5-d6-d7, e3-e4-e5, f2-f4-f6, g1-g4-g7, a1-b2-c3, e5-f6-g7",
        size: (7, 7),
        regions: "",
        joins: Joins::Drawn,
        shifts: false,
    },
];

/// The game of a case, with the regions its expressions are measured on: the whole board
/// and three of random sites.
fn game(case: &Case, rng: &mut XorShift) -> (Arc<Game>, Vec<u16>) {
    let text = format!(
        "game \"Lines\"\nplayers white, black\n{}board {}\npiece stone\nmove place stone\n\
         end when no legal move: draw\n",
        case.regions, case.board
    );
    let mut game = match pipeline::load_text("lines.game", &text, None, &[]) {
        Ok(game) => Game::clone(&game),
        Err(e) => panic!("{}: the test game loads:\n{}", case.board, e.render(false)),
    };
    let sites = game.board.sites();
    let mut regions = Vec::new();
    for random in [false, true, true, true] {
        let mut mask = vec![0u64; sites.div_ceil(64)];
        for s in (0..sites).filter(|_| !random || rng.below(4) > 0) {
            mask[s / 64] |= 1 << (s % 64);
        }
        regions.push(game.tables.regions.len() as u16);
        game.tables.regions.push(mask);
    }
    (Arc::new(game), regions)
}

/// The next site from `site` up axis `axis` (`up`) or down it, as the case's geometry
/// joins its points.
fn neighbour(case: &Case, game: &Game, site: usize, axis: usize, up: bool) -> Option<usize> {
    let (w, h) = (case.size.0 as i64, case.size.1 as i64);
    let (df, dr) = AXIS_STEPS[axis];
    let (df, dr) = if up { (df, dr) } else { (-df, -dr) };
    let (f, r) = (site as i64 % w + df, site as i64 / w + dr);
    let dark = (site as i64 % w + site as i64 / w) % 2 == 0;
    let joined = match case.joins {
        Joins::All => true,
        Joins::DarkDiagonals => axis < 2 || dark,
        Joins::Hexagons => axis != 2,
        Joins::Drawn => {
            let dirs = [(0, 2), (1, 3), (4, 6), (5, 7)][axis];
            let dir = if up { dirs.0 } else { dirs.1 };
            let next = game.board.step(rulebook::model::Site::at(site), dir);
            return (!next.is_none()).then(|| next.index());
        }
    };
    (joined && (0..w).contains(&f) && (0..h).contains(&r)).then(|| (r * w + f) as usize)
}

/// The length of every straight line of the sites `on`: each run along an axis, measured
/// from the end down the axis (a site with no neighbour of `on` along an axis is a line of
/// 1 along it).
fn reference_lines(case: &Case, game: &Game, on: &[bool]) -> Vec<i64> {
    let counted = |s: Option<usize>| s.is_some_and(|s| on[s]);
    let mut lengths = Vec::new();
    for site in (0..on.len()).filter(|&s| on[s]) {
        for axis in 0..AXIS_STEPS.len() {
            if counted(neighbour(case, game, site, axis, false)) {
                continue;
            }
            let (mut length, mut next) = (1, neighbour(case, game, site, axis, true));
            while let Some(s) = next.filter(|&s| on[s]) {
                length += 1;
                next = neighbour(case, game, s, axis, true);
            }
            lengths.push(length);
        }
    }
    lengths
}

/// A random position of the case: each point holds a stone with a chance drawn for the
/// position (up to all), White's more often than Black's in some; the owner of each site
/// (0 for none, else the player's index + 1) and the position's text.
fn random_position(case: &Case, game: &Game, rng: &mut XorShift) -> (Vec<u8>, String) {
    let (w, h) = case.size;
    let full = rng.below(5) as u64;
    let white = [2, 3, 4][rng.below(3)] as u64;
    let mut owners = vec![0u8; w * h];
    for (s, owner) in owners.iter_mut().enumerate() {
        let point = game.board.site_named(&game.board.site_names[s]).is_some();
        if point && rng.next() % 4 < full {
            *owner = if rng.next() % 5 < white { 1 } else { 2 };
        }
    }
    let rows: Vec<String> = (0..h)
        .rev()
        .map(|r| {
            (0..w)
                .map(|f| ['.', 'W', 'B'][owners[r * w + f] as usize])
                .collect()
        })
        .collect();
    (owners, position_text(&rows, "white"))
}

/// Checks `line` and `lines` of both players on every region of a case's game, on
/// `positions` random positions.
fn check_case(case: &Case, positions: usize, rng: &mut XorShift) {
    let (game, regions) = game(case, rng);
    assert_eq!(
        game.board.axis_shifts().is_some(),
        case.shifts,
        "{}: whether lines are found by shifting bits",
        case.board
    );
    let longest = case.size.0.max(case.size.1) as u16;
    for _ in 0..positions {
        let (owners, text) = random_position(case, &game, rng);
        let state = notation::parse_position(&game, &text).unwrap_or_else(|e| panic!("{e}"));
        for (player, &region) in [Player::FIRST, Player::SECOND]
            .iter()
            .flat_map(|p| regions.iter().map(move |r| (p, r)))
        {
            let mask = &game.tables.regions[region as usize];
            let on: Vec<bool> = (0..owners.len())
                .map(|s| owners[s] == player.index() as u8 + 1 && mask[s / 64] >> (s % 64) & 1 == 1)
                .collect();
            let lines = reference_lines(case, &game, &on);
            let at = || format!("{}: {text}, {player:?}, region {region}", case.board);
            let line = Expr::Line(PlayerRef::Mover, region);
            let expected = lines.iter().copied().max().unwrap_or(0);
            assert_eq!(state.value(*player, &line), expected, "line: {}", at());
            for n in 0..=longest + 1 {
                let count = Expr::Lines(PlayerRef::Mover, region, n);
                let expected = lines.iter().filter(|&&l| l == i64::from(n)).count() as i64;
                assert_eq!(
                    state.value(*player, &count),
                    expected,
                    "lines {n}: {}",
                    at()
                );
            }
        }
    }
}

#[test]
fn lines_match_a_reference_on_random_positions_of_every_shape_of_board() {
    let mut rng = XorShift(0x5eed_11e5);
    for case in &CASES {
        check_case(case, 300, &mut rng);
    }
}

#[test]
fn a_full_file_and_diagonal_and_a_broken_rank_are_measured_to_their_ends() {
    let case = plain("grid 9 by 9", 9, 9);
    let (game, regions) = game(&case, &mut XorShift(7));
    // White fills file a and the diagonal a1-i9; Black rank 5 from b5 to h5 but e5, which
    // is White's.
    // Rows from the top: row i is rank 9 - i.
    let mut rows = vec![vec!['.'; 9]; 9];
    for i in 0..9 {
        rows[i][0] = 'W';
        rows[8 - i][i] = 'W';
        if i < 8 && rows[4][i] == '.' {
            rows[4][i] = 'B';
        }
    }
    let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let state = notation::parse_position(&game, &position_text(&rows, "white")).unwrap();
    let all = regions[0];
    let value = |p: Player, e: Expr| state.value(p, &e);
    assert_eq!(value(Player::FIRST, Expr::Line(PlayerRef::Mover, all)), 9);
    assert_eq!(
        value(Player::FIRST, Expr::Lines(PlayerRef::Mover, all, 9)),
        2
    );
    // b5-d5 and f5-h5 along the rank; each of the six a line of 1 along the other axes.
    assert_eq!(value(Player::SECOND, Expr::Line(PlayerRef::Mover, all)), 3);
    assert_eq!(
        value(Player::SECOND, Expr::Lines(PlayerRef::Mover, all, 3)),
        2
    );
    assert_eq!(
        value(Player::SECOND, Expr::Lines(PlayerRef::Mover, all, 1)),
        18
    );
    assert_eq!(
        value(Player::SECOND, Expr::Lines(PlayerRef::Mover, all, 2)),
        0
    );
}
