//! An independent, deliberately naive implementation of Brandubh (BR-1..BR-10 of the
//! project's rules, `docs/games/brandubh.md`), written from the rules page alone and not
//! from the engine: the board is a plain `Vec` of 49 points cloned on every move, points are
//! (file, rank) pairs counted from 0, moves are (from, to) pairs. Used to check the engine's
//! perft counts and the hand-built scenario positions.
//!
//! Players: 0 = black (the attackers, moving first), 1 = white (the defenders and the king).
//! Position text (docs/language/positions.md): ranks from the top joined by `/`,
//! digits for runs of empty points, `S` a black soldier, `s` a white soldier, `k` the king,
//! then a space and `black` or `white`.

/// The side of the board.
pub const N: i32 = 7;

/// Black, the attackers (moves first).
pub const BLACK: usize = 0;
/// White, the defenders.
pub const WHITE: usize = 1;

/// The names of the players, in order.
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// A point: (file, rank), both from 0 (`a1` is (0, 0)).
pub type Point = (i32, i32);

/// What stands on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A soldier of player 0 (black) or 1 (white).
    Soldier(usize),
    /// White's king.
    King,
}

impl Piece {
    /// The owner.
    pub fn owner(self) -> usize {
        match self {
            Piece::Soldier(p) => p,
            Piece::King => WHITE,
        }
    }

    /// The letter of the position text.
    pub fn letter(self) -> char {
        match self {
            Piece::Soldier(BLACK) => 'S',
            Piece::Soldier(_) => 's',
            Piece::King => 'k',
        }
    }
}

/// The throne, d4 (BR-1).
pub const THRONE: Point = (3, 3);

/// The four corners (BR-1).
pub const CORNERS: [Point; 4] = [(0, 0), (6, 0), (0, 6), (6, 6)];

/// North, east, south, west.
const DIRS: [Point; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn on_board(p: Point) -> bool {
    p.0 >= 0 && p.1 >= 0 && p.0 < N && p.1 < N
}

fn index(p: Point) -> usize {
    (p.1 * N + p.0) as usize
}

fn add(p: Point, d: Point) -> Point {
    (p.0 + d.0, p.1 + d.1)
}

fn is_corner(p: Point) -> bool {
    CORNERS.contains(&p)
}

/// Next to the throne orthogonally (c4, e4, d3, d5).
fn beside_throne(p: Point) -> bool {
    DIRS.iter().any(|&d| add(THRONE, d) == p)
}

/// A point's name, `a1` .. `g7`.
pub fn name(p: Point) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

/// A point from its name.
pub fn point(text: &str) -> Point {
    let b = text.as_bytes();
    assert!(b.len() == 2, "bad point {text:?}");
    let p = ((b[0] as i32) - ('a' as i32), (b[1] as i32) - ('1' as i32));
    assert!(on_board(p), "bad point {text:?}");
    p
}

/// A Brandubh position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// 49 points, index rank * 7 + file.
    cells: Vec<Option<Piece>>,
    /// The player to move.
    to_move: usize,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// The start position (BR-1), Black to move (BR-2).
    pub fn new() -> Game {
        let mut cells = vec![None; (N * N) as usize];
        cells[index(point("d4"))] = Some(Piece::King);
        for p in ["c4", "e4", "d3", "d5"] {
            cells[index(point(p))] = Some(Piece::Soldier(WHITE));
        }
        for p in ["d1", "d2", "d6", "d7", "a4", "b4", "f4", "g4"] {
            cells[index(point(p))] = Some(Piece::Soldier(BLACK));
        }
        Game {
            cells,
            to_move: BLACK,
        }
    }

    /// A position from its text: `3S3/3S3/3s3/SSsksSS/3s3/3S3/3S3 black`.
    pub fn from_position(text: &str) -> Game {
        let (grid, player) = text
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("no player in {text:?}"));
        let to_move = PLAYERS
            .iter()
            .position(|&p| p == player.trim())
            .unwrap_or_else(|| panic!("unknown player {player:?}"));
        let ranks: Vec<&str> = grid.split('/').collect();
        assert_eq!(ranks.len(), N as usize, "need 7 ranks in {text:?}");
        let mut cells = vec![None; (N * N) as usize];
        for (i, row) in ranks.iter().enumerate() {
            let r = N - 1 - i as i32;
            let mut f = 0;
            let mut run = 0;
            let flush = |f: &mut i32, run: &mut i32| {
                *f += *run;
                *run = 0;
            };
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as i32;
                    continue;
                }
                flush(&mut f, &mut run);
                let piece = match c {
                    '.' => None,
                    'S' => Some(Piece::Soldier(BLACK)),
                    's' => Some(Piece::Soldier(WHITE)),
                    'k' => Some(Piece::King),
                    _ => panic!("unknown letter {c:?} in {text:?}"),
                };
                assert!(f < N, "rank {} too long in {text:?}", r + 1);
                cells[index((f, r))] = piece;
                f += 1;
            }
            flush(&mut f, &mut run);
            assert_eq!(f, N, "rank {} has {f} points in {text:?}", r + 1);
        }
        let kings = cells.iter().filter(|c| **c == Some(Piece::King)).count();
        assert!(kings <= 1, "two kings in {text:?}");
        for (i, c) in cells.iter().enumerate() {
            let p = (i as i32 % N, i as i32 / N);
            if matches!(c, Some(Piece::Soldier(_))) {
                assert!(
                    p != THRONE && !is_corner(p),
                    "a soldier on {} in {text:?}",
                    name(p)
                );
            }
        }
        Game { cells, to_move }
    }

    /// The position as text (the inverse of [`Game::from_position`]).
    pub fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..N).rev() {
            let mut row = String::new();
            let mut run = 0;
            for f in 0..N {
                match self.at((f, r)) {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(piece.letter());
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            ranks.push(row);
        }
        format!("{} {}", ranks.join("/"), PLAYERS[self.to_move])
    }

    /// The board drawn as `rulebook position` draws a grid: file letters above and below,
    /// rank numbers on both sides, `.` for an empty point.
    pub fn board_text(&self) -> String {
        let files = "a b c d e f g";
        let mut out = format!("   {files}\n");
        for r in (0..N).rev() {
            let row: Vec<String> = (0..N)
                .map(|f| self.at((f, r)).map_or('.', Piece::letter).to_string())
                .collect();
            out.push_str(&format!("{}  {}  {}\n", r + 1, row.join(" "), r + 1));
        }
        out.push_str(&format!("   {files}\n"));
        out
    }

    /// The points, index rank * 7 + file (`a1`, `b1`, ..., `g7`).
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells
    }

    /// What stands on a point.
    pub fn at(&self, p: Point) -> Option<Piece> {
        self.cells[index(p)]
    }

    /// The player to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    fn king(&self) -> Option<Point> {
        (0..N * N)
            .map(|i| (i % N, i / N))
            .find(|&p| self.at(p) == Some(Piece::King))
    }

    /// BR-8 and BR-9. `None` while the game goes on, `Some(Some(p))` when player `p` has
    /// won. There are no draws.
    pub fn outcome(&self) -> Option<Option<usize>> {
        if let Some(winner) = self.outcome_by_board() {
            return Some(Some(winner));
        }
        if self.pseudo_moves().is_empty() {
            return Some(Some(1 - self.to_move));
        }
        None
    }

    /// May `piece` stop on `p` (BR-4)?
    fn may_stop(piece: Piece, p: Point) -> bool {
        piece == Piece::King || (p != THRONE && !is_corner(p))
    }

    /// The moves of the player to move, ignoring whether the game is over.
    fn pseudo_moves(&self) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for i in 0..N * N {
            let from = (i % N, i / N);
            let Some(piece) = self.at(from) else { continue };
            if piece.owner() != self.to_move {
                continue;
            }
            for d in DIRS {
                let mut q = add(from, d);
                while on_board(q) && self.at(q).is_none() {
                    if Self::may_stop(piece, q) {
                        out.push((from, q));
                    }
                    q = add(q, d);
                }
            }
        }
        out
    }

    /// The legal moves as (from, to) pairs; none once the game is over.
    pub fn move_pairs(&self) -> Vec<(Point, Point)> {
        if self.outcome_by_board().is_some() {
            return Vec::new();
        }
        self.pseudo_moves()
    }

    /// The part of [`Game::outcome`] that does not need move generation.
    fn outcome_by_board(&self) -> Option<usize> {
        match self.king() {
            None => Some(BLACK),
            Some(k) if is_corner(k) => Some(WHITE),
            _ => None,
        }
    }

    /// The legal moves as `from-to` text, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .move_pairs()
            .into_iter()
            .map(|(a, b)| format!("{}-{}", name(a), name(b)))
            .collect();
        out.sort();
        out
    }

    /// Is `p` hostile (BR-6): a corner, or the throne while empty?
    fn hostile(&self, p: Point) -> bool {
        is_corner(p) || (p == THRONE && self.at(p).is_none())
    }

    /// Does `p` work against an enemy of `mover` as the far side of a sandwich: a piece of
    /// `mover`'s (the king too, BR-5) or a hostile point (BR-6)?
    fn anvil(&self, p: Point, mover: usize) -> bool {
        if !on_board(p) {
            return false;
        }
        match self.at(p) {
            Some(piece) => piece.owner() == mover,
            None => self.hostile(p),
        }
    }

    /// The game after the move from `from` to `to` (assumed legal).
    pub fn after(&self, from: Point, to: Point) -> Game {
        let mover = self.to_move;
        let mut g = self.clone();
        let piece = g.cells[index(from)].take().expect("a piece to move");
        g.cells[index(to)] = Some(piece);
        // Decide every capture on the board as it stands after the move, then remove.
        let mut taken = Vec::new();
        for d in DIRS {
            let next = add(to, d);
            if !on_board(next) {
                continue;
            }
            let Some(victim) = g.at(next) else { continue };
            if victim.owner() == mover {
                continue;
            }
            let captured = match victim {
                Piece::Soldier(_) => g.anvil(add(next, d), mover),
                Piece::King => {
                    if next == THRONE || beside_throne(next) {
                        // BR-7: surrounded on all four sides by attackers or the empty
                        // throne.
                        DIRS.iter().all(|&e| {
                            let q = add(next, e);
                            on_board(q)
                                && match g.at(q) {
                                    Some(Piece::Soldier(BLACK)) => true,
                                    None => q == THRONE,
                                    _ => false,
                                }
                        })
                    } else {
                        g.anvil(add(next, d), mover)
                    }
                }
            };
            if captured {
                taken.push(next);
            }
        }
        for p in taken {
            g.cells[index(p)] = None;
        }
        g.to_move = 1 - mover;
        g
    }

    /// The game after a move given as text; panics if it is not legal.
    pub fn play(&self, text: &str) -> Game {
        let (a, b) = text
            .split_once('-')
            .unwrap_or_else(|| panic!("bad move {text:?}"));
        let (from, to) = (point(a), point(b));
        assert!(
            self.move_pairs().contains(&(from, to)),
            "{text} is not legal in {}",
            self.to_text()
        );
        self.after(from, to)
    }

    /// Leaf counts at depths 1..=depth (a finished game has no moves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0u64; depth];
        self.perft_into(depth, 0, &mut counts);
        counts
    }

    fn perft_into(&self, depth: usize, ply: usize, counts: &mut [u64]) {
        if ply == depth {
            return;
        }
        let moves = self.move_pairs();
        counts[ply] += moves.len() as u64;
        if ply + 1 == depth {
            return;
        }
        for (a, b) in moves {
            self.after(a, b).perft_into(depth, ply + 1, counts);
        }
    }
}
