//! An independent, deliberately naive implementation of Konane (KO-1..KO-6 of the
//! project's rules, `docs/games/konane.md`), written from the rules page and not from the
//! engine: the board is a plain `Vec` cloned for every move, points are (file, rank)
//! pairs counted from 0, a move is a list of points. Used to cross-check the engine's
//! legal moves, boards and perft counts.
//!
//! The phase of the game is read from the board alone (KO-2, KO-3): no empty point means
//! the first removal, exactly one empty point the second removal, two or more the jumping
//! game (KO-4, KO-5). So a position text says everything there is to know.

/// A point: (file, rank), both from 0; `a1` is (0, 0).
pub type Point = (i32, i32);

/// The players in the order of the `players` statement: Black moves first.
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// Position letters: Black's pieces are `B`, White's `W`.
const LETTERS: [char; 2] = ['B', 'W'];

/// The four orthogonal directions.
const DIRS: [Point; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A move: a removal (KO-2, KO-3) or a jump with its landing points in order (KO-4, KO-5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Remove(Point),
    Jump(Point, Vec<Point>),
}

/// A Konane position: the board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board is `n` x `n`.
    n: i32,
    /// `cells[rank * n + file]`: 0 empty, 1 Black, 2 White.
    cells: Vec<u8>,
    /// 0 Black, 1 White.
    to_move: usize,
}

/// The name of a point: file letter, rank number (`a1`, `p16`).
pub fn name(p: Point) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

/// The point a name stands for (no check against the board size).
pub fn point(text: &str) -> Option<Point> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let r: i32 = digits.parse().ok()?;
    Some((f as i32 - 'a' as i32, r - 1))
}

impl Game {
    /// The start position on a `size` x `size` board (KO-1): every point full, Black where
    /// file number + rank number (both from 1) is even, so `a1` is Black's; Black to move.
    pub fn new(size: i32) -> Game {
        assert!((4..=16).contains(&size), "size must be 4 to 16");
        let mut cells = Vec::new();
        for r in 0..size {
            for f in 0..size {
                // (f + 1) + (r + 1) even <=> f + r even.
                cells.push(if (f + r) % 2 == 0 { 1 } else { 2 });
            }
        }
        Game {
            n: size,
            cells,
            to_move: 0,
        }
    }

    /// Reads a position text: ranks from the top joined by `/`, `B`/`W` per piece, a number
    /// for a run of empty points (`.` for one), a space, the player to move by name. The
    /// board size is the number of ranks; every rank must have that many points.
    pub fn from_position(text: &str) -> Game {
        let (board, player) = text
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("no player to move in {text:?}"));
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .unwrap_or_else(|| panic!("unknown player {player:?}"));
        let ranks: Vec<&str> = board.split('/').collect();
        let n = ranks.len() as i32;
        assert!((4..=16).contains(&n), "a board of {n} ranks");
        let mut cells = vec![0u8; (n * n) as usize];
        for (i, rank_text) in ranks.iter().enumerate() {
            let r = n - 1 - i as i32;
            let mut f = 0i32;
            let mut run = String::new();
            let mut put = |f: &mut i32, v: u8| {
                assert!(*f < n, "rank {} too long in {text:?}", r + 1);
                cells[(r * n + *f) as usize] = v;
                *f += 1;
            };
            for c in rank_text.chars().chain(std::iter::once('|')) {
                if c.is_ascii_digit() {
                    run.push(c);
                    continue;
                }
                if !run.is_empty() {
                    let k: i32 = run.parse().unwrap();
                    assert!(k > 0, "a run of 0 in {text:?}");
                    for _ in 0..k {
                        put(&mut f, 0);
                    }
                    run.clear();
                }
                match c {
                    '|' => {}
                    '.' => put(&mut f, 0),
                    'B' => put(&mut f, 1),
                    'W' => put(&mut f, 2),
                    _ => panic!("unexpected {c:?} in {text:?}"),
                }
            }
            assert_eq!(f, n, "rank {} has {f} points in {text:?}", r + 1);
        }
        Game { n, cells, to_move }
    }

    /// The board size n.
    pub fn size(&self) -> i32 {
        self.n
    }

    /// The player to move: 0 Black, 1 White.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    fn on(&self, p: Point) -> bool {
        p.0 >= 0 && p.1 >= 0 && p.0 < self.n && p.1 < self.n
    }

    fn at(&self, p: Point) -> u8 {
        self.cells[(p.1 * self.n + p.0) as usize]
    }

    fn set(&mut self, p: Point, v: u8) {
        let n = self.n;
        self.cells[(p.1 * n + p.0) as usize] = v;
    }

    /// What stands on a point, by name: `B`, `W` or `.`.
    pub fn cell(&self, site: &str) -> char {
        let p = point(site).expect("a point name");
        assert!(self.on(p), "{site} is off the board");
        match self.at(p) {
            0 => '.',
            v => LETTERS[v as usize - 1],
        }
    }

    /// The board as rows of `B`, `W`, `.`, top rank first.
    pub fn cells(&self) -> Vec<String> {
        (0..self.n)
            .rev()
            .map(|r| {
                (0..self.n)
                    .map(|f| match self.at((f, r)) {
                        0 => '.',
                        v => LETTERS[v as usize - 1],
                    })
                    .collect()
            })
            .collect()
    }

    /// The number of pieces of player `p` (0 Black, 1 White).
    pub fn count(&self, p: usize) -> usize {
        self.cells.iter().filter(|&&v| v as usize == p + 1).count()
    }

    fn empties(&self) -> usize {
        self.cells.iter().filter(|&&v| v == 0).count()
    }

    /// The corner points and the centre points (2 x 2 when n is even, 1 when odd).
    fn corners_and_centre(&self) -> Vec<Point> {
        let m = self.n - 1;
        let mut out = vec![(0, 0), (m, 0), (0, m), (m, m)];
        if self.n % 2 == 0 {
            let h = self.n / 2;
            out.extend([(h - 1, h - 1), (h, h - 1), (h - 1, h), (h, h)]);
        } else {
            out.push((m / 2, m / 2));
        }
        out
    }

    /// The legal moves in the reference's own form.
    pub fn legal(&self) -> Vec<Move> {
        let me = self.to_move as u8 + 1;
        let enemy = 3 - me;
        let mut out = Vec::new();
        match self.empties() {
            0 => {
                // KO-2: one of the mover's own pieces from a corner or the centre.
                for p in self.corners_and_centre() {
                    if self.at(p) == me {
                        out.push(Move::Remove(p));
                    }
                }
            }
            1 => {
                // KO-3: one of the mover's own pieces orthogonally next to the empty point.
                let i = self.cells.iter().position(|&v| v == 0).unwrap() as i32;
                let hole = (i % self.n, i / self.n);
                for d in DIRS {
                    let p = (hole.0 + d.0, hole.1 + d.1);
                    if self.on(p) && self.at(p) == me {
                        out.push(Move::Remove(p));
                    }
                }
            }
            _ => {
                // KO-4, KO-5: jumps over an adjacent enemy piece onto the empty point just
                // beyond, going on in the same direction while that is possible.
                for r in 0..self.n {
                    for f in 0..self.n {
                        let from = (f, r);
                        if self.at(from) != me {
                            continue;
                        }
                        for d in DIRS {
                            let mut landings = Vec::new();
                            let mut here = from;
                            loop {
                                let over = (here.0 + d.0, here.1 + d.1);
                                let land = (here.0 + 2 * d.0, here.1 + 2 * d.1);
                                if !self.on(land) || self.at(over) != enemy || self.at(land) != 0 {
                                    break;
                                }
                                landings.push(land);
                                out.push(Move::Jump(from, landings.clone()));
                                here = land;
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// A move as text: `xd4` for a removal, every landing named for a jump (`c3-c5-c7`).
    pub fn text(mv: &Move) -> String {
        match mv {
            Move::Remove(p) => format!("x{}", name(*p)),
            Move::Jump(from, landings) => {
                let mut s = name(*from);
                for l in landings {
                    s.push('-');
                    s.push_str(&name(*l));
                }
                s
            }
        }
    }

    /// The legal moves as text, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self.legal().iter().map(Game::text).collect();
        out.sort();
        out
    }

    /// The position after a move (in the reference's own form; not checked for legality).
    pub fn apply(&self, mv: &Move) -> Game {
        let mut g = self.clone();
        match mv {
            Move::Remove(p) => g.set(*p, 0),
            Move::Jump(from, landings) => {
                let me = self.at(*from);
                let mut here = *from;
                for &land in landings {
                    let over = ((here.0 + land.0) / 2, (here.1 + land.1) / 2);
                    g.set(over, 0);
                    g.set(here, 0);
                    g.set(land, me);
                    here = land;
                }
            }
        }
        g.to_move = 1 - self.to_move;
        g
    }

    /// The position after a move given as text; panics if it is not legal.
    pub fn play(&self, text: &str) -> Game {
        let mv = self
            .legal()
            .into_iter()
            .find(|m| Game::text(m) == text)
            .unwrap_or_else(|| {
                panic!(
                    "{text} is not legal in {}; legal: {}",
                    self.to_text(),
                    self.moves().join(" ")
                )
            });
        self.apply(&mv)
    }

    /// The position after several moves separated by spaces.
    pub fn play_all(&self, moves: &str) -> Game {
        moves
            .split_whitespace()
            .fold(self.clone(), |g, m| g.play(m))
    }

    /// KO-6: None while the player to move has a move; otherwise the other player has won
    /// (`Some(Some(p))`). Konane has no draw.
    pub fn outcome(&self) -> Option<Option<usize>> {
        if self.legal().is_empty() {
            Some(Some(1 - self.to_move))
        } else {
            None
        }
    }

    /// The outcome in the scenario files' words: `black wins`, `white wins` or `none`.
    pub fn outcome_text(&self) -> String {
        match self.outcome() {
            None => "none".to_string(),
            Some(None) => "draw".to_string(),
            Some(Some(p)) => format!("{} wins", PLAYERS[p]),
        }
    }

    /// The position as text (the notation `from_position` reads).
    pub fn to_text(&self) -> String {
        let ranks: Vec<String> = self
            .cells()
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut run = 0;
                for c in row.chars() {
                    if c == '.' {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(c);
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                s
            })
            .collect();
        format!("{} {}", ranks.join("/"), PLAYERS[self.to_move])
    }

    /// The board drawn as `rulebook position` draws a grid: file letters above and below,
    /// rank numbers on both sides, `.` for an empty point.
    pub fn board_text(&self) -> String {
        let w = self.n.to_string().len();
        let files: Vec<String> = (0..self.n)
            .map(|f| ((b'a' + f as u8) as char).to_string())
            .collect();
        let files = files.join(" ");
        let mut out = format!("{:w$}  {files}\n", "");
        for (i, row) in self.cells().iter().enumerate() {
            let r = self.n - i as i32;
            let row: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            out.push_str(&format!("{r:>w$}  {}  {r}\n", row.join(" ")));
        }
        out.push_str(&format!("{:w$}  {files}\n", ""));
        out
    }

    /// Leaf counts at depths 1..=depth (a finished game has no moves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0u64; depth];
        self.count_into(&mut counts, 0);
        counts
    }

    fn count_into(&self, counts: &mut [u64], ply: usize) {
        if ply == counts.len() {
            return;
        }
        let moves = self.legal();
        counts[ply] += moves.len() as u64;
        if ply + 1 == counts.len() {
            return;
        }
        for mv in &moves {
            self.apply(mv).count_into(counts, ply + 1);
        }
    }
}
