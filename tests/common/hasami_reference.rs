//! An independent, deliberately naive implementation of Hasami Shogi (HS-1..HS-6 of
//! `docs/games/hasami-shogi.md`) and Dai Hasami Shogi (DH-1..DH-8 of
//! `docs/games/dai-hasami-shogi.md`), written from those rules pages and not from the
//! engine: the board is a plain `Vec` cloned on every move, points are (file, rank) pairs
//! counted from 0 (`a1` is `(0, 0)`), moves are found by walking the four directions, and a
//! line of five is looked for over the whole board after every move. Used to cross-check
//! the engine's perft counts and scenario positions.
//!
//! Choices of this implementation where the pages leave room (none of them is reached from
//! the start position):
//! - A position read from text in Dai Hasami Shogi is already over if the player who is not
//!   to move (the one who moved last) has five in a row outside their home ranks (DH-7).
//!   A five of the player to move is not looked at until after that player's next move.
//! - A position read from text in Hasami Shogi played to an aim (HS-6) is already over if
//!   the player to move has fewer pieces than the aim allows.

/// Which of the two games is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Hasami Shogi: 9 pieces each, rook moves, custodian capture (HS-1..HS-6).
    Hasami,
    /// Dai Hasami Shogi: 18 pieces each, rook moves and jumps, five in a row (DH-1..DH-8).
    Dai,
}

/// Which aim of HS-6 is played in Hasami Shogi (`option aim`): the game ends when the player
/// to move has fewer pieces than the aim leaves them, won by the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Play on until a player cannot move (the default).
    All,
    /// The player reduced to one piece has lost.
    AllButOne,
    /// The first to take five pieces wins: a player left with four has lost.
    Five,
}

impl Aim {
    /// The fewest pieces a player may keep and play on.
    fn fewest(self) -> usize {
        match self {
            Aim::All => 0,
            Aim::AllButOne => 2,
            Aim::Five => 5,
        }
    }
}

/// The board is N x N.
pub const N: i32 = 9;

/// 0 = empty, 1 = black, 2 = white.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

type Point = (i32, i32);

const ORTHOGONAL: [Point; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A position of either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub variant: Variant,
    /// `cells[rank * N + file]`.
    cells: Vec<u8>,
    /// BLACK or WHITE.
    to_move: u8,
    /// Dai Hasami Shogi: the player (BLACK or WHITE) who made five in a row.
    five: Option<u8>,
    /// Hasami Shogi: the aim played (HS-6).
    aim: Aim,
}

fn idx(p: Point) -> usize {
    (p.1 * N + p.0) as usize
}

fn on(p: Point) -> bool {
    p.0 >= 0 && p.1 >= 0 && p.0 < N && p.1 < N
}

fn name(p: Point) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

fn parse_point(s: &str) -> Point {
    let b = s.as_bytes();
    assert!(b.len() >= 2, "bad point `{s}`");
    let f = b[0] as i32 - b'a' as i32;
    let r: i32 = s[1..].parse().unwrap_or_else(|_| panic!("bad point `{s}`"));
    let p = (f, r - 1);
    assert!(on(p), "point `{s}` is off the board");
    p
}

fn other(player: u8) -> u8 {
    3 - player
}

fn player_name(player: u8) -> &'static str {
    if player == BLACK {
        "black"
    } else {
        "white"
    }
}

impl Game {
    /// The start position (HS-1 / DH-1): Black on rank 1 (and 2 in Dai Hasami Shogi),
    /// White on rank 9 (and 8), Black to move.
    pub fn new(variant: Variant) -> Game {
        let mut cells = vec![EMPTY; (N * N) as usize];
        for f in 0..N {
            cells[idx((f, 0))] = BLACK;
            cells[idx((f, N - 1))] = WHITE;
            if variant == Variant::Dai {
                cells[idx((f, 1))] = BLACK;
                cells[idx((f, N - 2))] = WHITE;
            }
        }
        Game {
            variant,
            cells,
            to_move: BLACK,
            five: None,
            aim: Aim::All,
        }
    }

    /// The same position, played to `aim` (HS-6, Hasami Shogi only).
    pub fn with_aim(self, aim: Aim) -> Game {
        assert_eq!(self.variant, Variant::Hasami, "the aims are Hasami Shogi's");
        Game { aim, ..self }
    }

    /// HS-6: the player to move has fewer pieces than the aim leaves them.
    fn aim_reached(&self) -> bool {
        self.count(self.to_move()) < self.aim.fewest()
    }

    /// Reads a position in the notation of docs/language/positions.md: the
    /// ranks from rank 9 down to rank 1 joined by `/`, each from file `a`: `B`, `W`, a digit
    /// for a run of empty points or `.` for one; then a space and `black` or `white`.
    pub fn from_position(variant: Variant, text: &str) -> Game {
        let (grid, player) = text
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("no player to move in `{text}`"));
        let to_move = match player.trim() {
            "black" => BLACK,
            "white" => WHITE,
            other => panic!("unknown player `{other}`"),
        };
        let ranks: Vec<&str> = grid.split('/').collect();
        assert_eq!(ranks.len(), N as usize, "expected {N} ranks in `{grid}`");
        let mut cells = vec![EMPTY; (N * N) as usize];
        for (i, rank_text) in ranks.iter().enumerate() {
            let r = N - 1 - i as i32;
            let mut f = 0;
            let mut run = String::new();
            let flush = |run: &mut String, f: &mut i32| {
                if !run.is_empty() {
                    *f += run.parse::<i32>().expect("a run length");
                    run.clear();
                }
            };
            for c in rank_text.chars() {
                if c.is_ascii_digit() {
                    run.push(c);
                    continue;
                }
                flush(&mut run, &mut f);
                let v = match c {
                    'B' => BLACK,
                    'W' => WHITE,
                    '.' => EMPTY,
                    other => panic!("unknown letter `{other}` in `{rank_text}`"),
                };
                assert!(f < N, "rank `{rank_text}` is too long");
                cells[idx((f, r))] = v;
                f += 1;
            }
            flush(&mut run, &mut f);
            assert_eq!(f, N, "rank `{rank_text}` has {f} points, not {N}");
        }
        let mut g = Game {
            variant,
            cells,
            to_move,
            five: None,
            aim: Aim::All,
        };
        if variant == Variant::Dai && g.has_five(other(to_move)) {
            g.five = Some(other(to_move));
        }
        g
    }

    fn at(&self, p: Point) -> u8 {
        self.cells[idx(p)]
    }

    /// The player to move: 0 = black, 1 = white.
    pub fn to_move(&self) -> usize {
        (self.to_move - 1) as usize
    }

    /// The player to move by name.
    pub fn to_move_name(&self) -> &'static str {
        player_name(self.to_move)
    }

    /// Number of pieces of player 0 (black) or 1 (white).
    pub fn count(&self, player: usize) -> usize {
        let v = player as u8 + 1;
        self.cells.iter().filter(|&&c| c == v).count()
    }

    /// The board as letters, rank 9 first, each rank from file a: 'B', 'W' or '.'.
    pub fn cells(&self) -> Vec<String> {
        (0..N)
            .rev()
            .map(|r| {
                (0..N)
                    .map(|f| match self.at((f, r)) {
                        BLACK => 'B',
                        WHITE => 'W',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The position in the notation of "Positions as text" (board field, space, player).
    pub fn to_text(&self) -> String {
        let ranks: Vec<String> = self
            .cells()
            .iter()
            .map(|row| {
                let mut out = String::new();
                let mut empty = 0;
                for c in row.chars() {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        format!("{} {}", ranks.join("/"), self.to_move_name())
    }

    /// The board drawn as `rulebook position` draws a grid (the `board:` of a scenario).
    pub fn board_text(&self) -> String {
        let files = "a b c d e f g h i";
        let mut out = format!("   {files}\n");
        for (i, row) in self.cells().iter().enumerate() {
            let r = N - i as i32;
            let dots: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            out.push_str(&format!("{r}  {}  {r}\n", dots.join(" ")));
        }
        out.push_str(&format!("   {files}\n"));
        out
    }

    /// The moves as (from, to) pairs, unsorted: slides (HS-2 / DH-2) and, in Dai Hasami
    /// Shogi, jumps (DH-3). Nothing when the game is over by five in a row or by the aim.
    fn pairs(&self) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        if self.five.is_some() || self.aim_reached() {
            return out;
        }
        let me = self.to_move;
        for r in 0..N {
            for f in 0..N {
                let from = (f, r);
                if self.at(from) != me {
                    continue;
                }
                for d in ORTHOGONAL {
                    let mut q = (from.0 + d.0, from.1 + d.1);
                    while on(q) && self.at(q) == EMPTY {
                        out.push((from, q));
                        q = (q.0 + d.0, q.1 + d.1);
                    }
                    if self.variant == Variant::Dai {
                        let over = (from.0 + d.0, from.1 + d.1);
                        let land = (from.0 + 2 * d.0, from.1 + 2 * d.1);
                        if on(land) && self.at(over) != EMPTY && self.at(land) == EMPTY {
                            out.push((from, land));
                        }
                    }
                }
            }
        }
        out
    }

    /// The legal moves as `from-to` text, sorted as strings.
    pub fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .pairs()
            .into_iter()
            .map(|(a, b)| format!("{}-{}", name(a), name(b)))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Plays a legal move given as `from-to`; panics on an illegal one.
    pub fn play(&self, text: &str) -> Game {
        let (a, b) = text
            .split_once('-')
            .unwrap_or_else(|| panic!("`{text}` is not FROM-TO"));
        let (from, to) = (parse_point(a), parse_point(b));
        assert!(
            self.pairs().contains(&(from, to)),
            "`{text}` is not legal in {}",
            self.to_text()
        );
        self.apply(from, to)
    }

    /// The position after the move from `from` to `to` (not checked).
    fn apply(&self, from: Point, to: Point) -> Game {
        let me = self.to_move;
        let enemy = other(me);
        let mut g = self.clone();
        g.cells[idx(from)] = EMPTY;
        g.cells[idx(to)] = me;
        // HS-3 / DH-4: runs of enemy pieces next to the arrival point, closed by a piece of
        // the mover's, in each of the four directions; all found first, then removed.
        let mut captured = Vec::new();
        for d in ORTHOGONAL {
            let mut run = Vec::new();
            let mut q = (to.0 + d.0, to.1 + d.1);
            while on(q) && g.at(q) == enemy {
                run.push(q);
                q = (q.0 + d.0, q.1 + d.1);
            }
            if !run.is_empty() && on(q) && g.at(q) == me {
                captured.extend(run);
            }
        }
        for p in captured {
            g.cells[idx(p)] = EMPTY;
        }
        // DH-7: five in a row outside the mover's home ranks wins.
        if g.variant == Variant::Dai && g.has_five(me) {
            g.five = Some(me);
        }
        g.to_move = enemy;
        g
    }

    /// Plays moves given as one string separated by spaces.
    pub fn play_all(&self, moves: &str) -> Game {
        moves
            .split_whitespace()
            .fold(self.clone(), |g, m| g.play(m))
    }

    /// Is `p` on `player`'s own two home ranks (Dai Hasami Shogi)?
    fn home(player: u8, p: Point) -> bool {
        if player == BLACK {
            p.1 <= 1
        } else {
            p.1 >= N - 2
        }
    }

    /// DH-7: five points in a straight line of adjacent points (orthogonal or diagonal),
    /// all holding `player`'s pieces, none of them on `player`'s home ranks.
    fn has_five(&self, player: u8) -> bool {
        let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for r in 0..N {
            for f in 0..N {
                for d in dirs {
                    let line: Vec<Point> = (0..5).map(|k| (f + k * d.0, r + k * d.1)).collect();
                    if line
                        .iter()
                        .all(|&p| on(p) && self.at(p) == player && !Game::home(player, p))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// None: the game goes on; Some(None): a draw (never happens); Some(Some(p)): player p
    /// (0 = black, 1 = white) has won. HS-6 / DH-8: the player to move with no legal move
    /// loses, and so does one left with fewer pieces than the aim allows; DH-7: five in a
    /// row wins.
    pub fn outcome(&self) -> Option<Option<usize>> {
        if let Some(p) = self.five {
            return Some(Some((p - 1) as usize));
        }
        // A player the aim has beaten has no moves (see `pairs`).
        if self.pairs().is_empty() {
            return Some(Some((other(self.to_move) - 1) as usize));
        }
        None
    }

    /// The outcome in the words of a scenario file: `none`, `draw`, `PLAYER wins`.
    pub fn outcome_text(&self) -> String {
        match self.outcome() {
            None => "none".to_string(),
            Some(None) => "draw".to_string(),
            Some(Some(p)) => format!("{} wins", player_name(p as u8 + 1)),
        }
    }

    /// Leaf counts for depths 1..=depth (a finished game has no moves), in one walk of
    /// the tree.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.walk(0, &mut counts);
        counts
    }

    fn walk(&self, ply: usize, counts: &mut [u64]) {
        if ply == counts.len() {
            return;
        }
        let pairs = self.pairs();
        counts[ply] += pairs.len() as u64;
        if ply + 1 < counts.len() {
            for (from, to) in pairs {
                self.apply(from, to).walk(ply + 1, counts);
            }
        }
    }
}
