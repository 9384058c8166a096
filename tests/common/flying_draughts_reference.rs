//! An independent, deliberately naive implementation of two draughts games with flying
//! kings, written from their rules pages and not from the engine: International draughts
//! (ID-1..ID-10 of `docs/games/international-draughts.md`) and Russian draughts (the rules in
//! the comments of `tests/fixtures/valid/russian-draughts.game`). The board is a plain `Vec`
//! cloned for every move, squares are (file, rank) pairs counted from 0, a capture is found
//! by a depth-first search that keeps the list of pieces jumped so far (they stay on the
//! board until the move ends), and the history is a list of whole positions.
//!
//! The rules the two share: men step one square diagonally forward and capture by jumping
//! an adjacent enemy piece diagonally forward or backward; kings move any distance along a
//! diagonal over empty squares and capture an enemy piece any distance away on a diagonal
//! (the squares before it empty), landing on any empty square beyond it; a capture goes on
//! while it can, and of the squares beyond a piece the capturing piece must take one from
//! which it can go on, when there is one; no piece is jumped twice; capturing is
//! compulsory; captures that start and end on the same squares and take the same pieces
//! (the piece ending as the same kind) are one move, written along the first route found
//! (directions north-east, south-east, south-west, north-west, the nearest landing first).
//! International: 10 x 10, 20 men each, the capture that takes the most pieces must be
//! chosen, and a man is crowned only where its move ends. Russian: 8 x 8, 12 men each, any
//! capture may be chosen, and a man that reaches the far rank during a capture is crowned
//! there and goes on capturing as a king. White moves first; a player who cannot move
//! loses; a position repeated (same squares, same player to move) is a draw.

/// A square: (file, rank), both from 0; `a1` is (0, 0).
pub type Point = (i32, i32);

/// The players in the order of the `players` statement: White moves first, up the board.
pub const PLAYERS: [&str; 2] = ["white", "black"];

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// 10 x 10, majority capture, crowned only at the end of a move.
    International,
    /// 8 x 8, free choice of captures, crowned during a capture.
    Russian,
}

impl Variant {
    /// The side of the board.
    pub fn size(self) -> i32 {
        match self {
            Variant::International => 10,
            Variant::Russian => 8,
        }
    }

    /// The ranks each side's men fill at the start.
    fn home_ranks(self) -> i32 {
        match self {
            Variant::International => 4,
            Variant::Russian => 3,
        }
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    Empty,
    Man(usize),
    King(usize),
}

impl Piece {
    fn owner(self) -> Option<usize> {
        match self {
            Piece::Empty => None,
            Piece::Man(p) | Piece::King(p) => Some(p),
        }
    }

    /// The letter of the position text: `M`/`K` White's, `m`/`k` Black's, `.` empty.
    pub fn letter(self) -> char {
        match self {
            Piece::Empty => '.',
            Piece::Man(0) => 'M',
            Piece::King(0) => 'K',
            Piece::Man(_) => 'm',
            Piece::King(_) => 'k',
        }
    }

    fn from_letter(c: char) -> Option<Piece> {
        Some(match c {
            '.' => Piece::Empty,
            'M' => Piece::Man(0),
            'K' => Piece::King(0),
            'm' => Piece::Man(1),
            'k' => Piece::King(1),
            _ => return None,
        })
    }
}

/// A move: the square left, every square landed on in order (one for a step), the squares
/// of the pieces jumped (empty for a step), and what the piece is when the move ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Point,
    pub landings: Vec<Point>,
    pub jumped: Vec<Point>,
    pub ends_as: Piece,
}

impl Move {
    /// What makes two routes the same move: start, end, the pieces taken, the final piece.
    fn key(&self) -> (Point, Point, Vec<Point>, Piece) {
        let mut jumped = self.jumped.clone();
        jumped.sort();
        let to = *self.landings.last().expect("a move lands");
        (self.from, to, jumped, self.ends_as)
    }
}

/// A position: the board and the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Position {
    /// `cells[rank * size + file]`.
    cells: Vec<Piece>,
    /// 0 White, 1 Black.
    to_move: usize,
}

/// A game: the position, the positions before it (each by a fingerprint of its board and
/// player to move), and whether the last move repeated one.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    pos: Position,
    history: Vec<u64>,
    repeated: bool,
}

/// A position's fingerprint, for the history.
fn fingerprint(pos: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pos.hash(&mut h);
    h.finish()
}

/// The four diagonal directions, in the order the rule files list them.
const DIAGONALS: [Point; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The name of a square: `a1` ... `j10`.
pub fn name((f, r): Point) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Game {
    /// The start: each side's men on the dark squares (file + rank even, from 0) of its
    /// home ranks; White to move.
    pub fn new(variant: Variant) -> Game {
        let n = variant.size();
        let mut cells = vec![Piece::Empty; (n * n) as usize];
        for r in 0..n {
            for f in 0..n {
                if (f + r) % 2 != 0 {
                    continue;
                }
                if r < variant.home_ranks() {
                    cells[(r * n + f) as usize] = Piece::Man(0);
                } else if r >= n - variant.home_ranks() {
                    cells[(r * n + f) as usize] = Piece::Man(1);
                }
            }
        }
        Game::at(variant, Position { cells, to_move: 0 })
    }

    fn at(variant: Variant, pos: Position) -> Game {
        Game {
            variant,
            history: vec![fingerprint(&pos)],
            pos,
            repeated: false,
        }
    }

    /// A position from its text: ranks from the top joined by `/`, letters and runs of
    /// empty squares, a space, the player to move.
    pub fn from_position(variant: Variant, text: &str) -> Game {
        let n = variant.size();
        let (board, player) = text.split_once(' ').expect("board and player");
        let to_move = PLAYERS.iter().position(|p| *p == player).expect("a player");
        let mut cells = vec![Piece::Empty; (n * n) as usize];
        for (i, row) in board.split('/').enumerate() {
            let r = n - 1 - i as i32;
            let mut f = 0;
            let mut digits = String::new();
            for c in row.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    f += digits.parse::<i32>().expect("a run");
                    digits.clear();
                }
                if c != ' ' {
                    cells[(r * n + f) as usize] = Piece::from_letter(c).expect("a letter");
                    f += 1;
                }
            }
            assert_eq!(f, n, "rank {} of {text}", r + 1);
        }
        Game::at(variant, Position { cells, to_move })
    }

    /// The position as text.
    pub fn to_text(&self) -> String {
        let n = self.variant.size();
        let mut ranks = Vec::new();
        for r in (0..n).rev() {
            let mut row = String::new();
            let mut run = 0;
            for f in 0..n {
                match self.piece((f, r)) {
                    Piece::Empty => run += 1,
                    p => {
                        if run > 0 {
                            row += &run.to_string();
                            run = 0;
                        }
                        row.push(p.letter());
                    }
                }
            }
            if run > 0 {
                row += &run.to_string();
            }
            ranks.push(row);
        }
        format!("{} {}", ranks.join("/"), PLAYERS[self.pos.to_move])
    }

    fn on_board(&self, (f, r): Point) -> bool {
        let n = self.variant.size();
        (0..n).contains(&f) && (0..n).contains(&r)
    }

    /// The piece on a square.
    pub fn piece(&self, (f, r): Point) -> Piece {
        self.pos.cells[(r * self.variant.size() + f) as usize]
    }

    /// The rank a player's men are crowned on.
    fn far_rank(&self, player: usize) -> i32 {
        match player {
            0 => self.variant.size() - 1,
            _ => 0,
        }
    }

    /// The capture routes of the piece on `from`, each to its end.
    fn captures_from(&self, from: Point) -> Vec<Move> {
        let piece = self.piece(from);
        let mut out = Vec::new();
        let mut route = Move {
            from,
            landings: Vec::new(),
            jumped: Vec::new(),
            ends_as: piece,
        };
        self.extend(&mut route, from, piece, &mut out);
        out
    }

    /// Whether a square holds nothing for the capturing piece (the square it left is empty).
    fn clear(&self, at: Point, from: Point) -> bool {
        self.on_board(at) && (at == from || self.piece(at) == Piece::Empty)
    }

    /// The routes on from `at`, where the piece (now `piece`) has landed after the jumps of
    /// `route`; returns whether it could jump on from there.
    fn extend(&self, route: &mut Move, at: Point, piece: Piece, out: &mut Vec<Move>) -> bool {
        let me = piece.owner().expect("a piece captures");
        let king = matches!(piece, Piece::King(_));
        let mut any = false;
        for (df, dr) in DIAGONALS {
            let mut over = (at.0 + df, at.1 + dr);
            while king && self.clear(over, route.from) {
                over = (over.0 + df, over.1 + dr);
            }
            let enemy = self.on_board(over)
                && over != route.from
                && self.piece(over).owner().is_some_and(|p| p != me);
            if !enemy || route.jumped.contains(&over) {
                continue;
            }
            let mut landings = Vec::new();
            let mut land = (over.0 + df, over.1 + dr);
            while self.clear(land, route.from) {
                landings.push(land);
                if !king {
                    break;
                }
                land = (land.0 + df, land.1 + dr);
            }
            if landings.is_empty() {
                continue;
            }
            any = true;
            route.jumped.push(over);
            let mut went_on = false;
            let mut ends = Vec::new();
            for &land in &landings {
                route.landings.push(land);
                // Russian: a man reaching the far rank is crowned there and goes on as a king.
                let now = match piece {
                    Piece::Man(p)
                        if self.variant == Variant::Russian && land.1 == self.far_rank(p) =>
                    {
                        Piece::King(p)
                    }
                    p => p,
                };
                if self.extend(route, land, now, out) {
                    went_on = true;
                } else {
                    ends.push((land, now));
                }
                route.landings.pop();
            }
            if !went_on {
                for (land, now) in ends {
                    route.landings.push(land);
                    let mut done = route.clone();
                    done.ends_as = match now {
                        Piece::Man(p) if land.1 == self.far_rank(p) => Piece::King(p),
                        p => p,
                    };
                    out.push(done);
                    route.landings.pop();
                }
            }
            route.jumped.pop();
        }
        any
    }

    /// The legal moves (one route of each), in no particular order; none once the game
    /// is over.
    pub fn legal(&self) -> Vec<Move> {
        match self.outcome() {
            Some(_) => Vec::new(),
            None => self.candidates(),
        }
    }

    /// The moves the rules allow, whether or not the game is over.
    fn candidates(&self) -> Vec<Move> {
        let n = self.variant.size();
        let me = self.pos.to_move;
        let mine: Vec<Point> = (0..n)
            .flat_map(|r| (0..n).map(move |f| (f, r)))
            .filter(|&p| self.piece(p).owner() == Some(me))
            .collect();
        let mut captures: Vec<Move> = Vec::new();
        for &from in &mine {
            for m in self.captures_from(from) {
                if !captures.iter().any(|c| c.key() == m.key()) {
                    captures.push(m);
                }
            }
        }
        if !captures.is_empty() {
            if self.variant == Variant::International {
                let most = captures.iter().map(|c| c.jumped.len()).max().unwrap_or(0);
                captures.retain(|c| c.jumped.len() == most);
            }
            return captures;
        }
        let forward = if me == 0 { 1 } else { -1 };
        let mut steps = Vec::new();
        for &from in &mine {
            let piece = self.piece(from);
            for (df, dr) in DIAGONALS {
                let king = matches!(piece, Piece::King(_));
                if !king && dr != forward {
                    continue;
                }
                let mut to = (from.0 + df, from.1 + dr);
                while self.on_board(to) && self.piece(to) == Piece::Empty {
                    let ends_as = match piece {
                        Piece::Man(p) if to.1 == self.far_rank(p) => Piece::King(p),
                        p => p,
                    };
                    steps.push(Move {
                        from,
                        landings: vec![to],
                        jumped: Vec::new(),
                        ends_as,
                    });
                    if !king {
                        break;
                    }
                    to = (to.0 + df, to.1 + dr);
                }
            }
        }
        steps
    }

    /// The text of a move: the square left and every landing, joined by hyphens.
    pub fn text(m: &Move) -> String {
        std::iter::once(m.from)
            .chain(m.landings.iter().copied())
            .map(name)
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The legal moves as text.
    pub fn moves(&self) -> Vec<String> {
        self.legal().iter().map(Game::text).collect()
    }

    /// Every capture route of the position (not only the first of each move), as text,
    /// with the text of the move it makes.
    pub fn routes(&self) -> Vec<(String, String)> {
        let legal = self.legal();
        let n = self.variant.size();
        let me = self.pos.to_move;
        let mut out = Vec::new();
        for r in 0..n {
            for f in 0..n {
                if self.piece((f, r)).owner() != Some(me) {
                    continue;
                }
                for route in self.captures_from((f, r)) {
                    if let Some(m) = legal.iter().find(|m| m.key() == route.key()) {
                        out.push((Game::text(&route), Game::text(m)));
                    }
                }
            }
        }
        out
    }

    /// The position after a legal move given by its text (any route of it).
    pub fn play(&self, text: &str) -> Game {
        let legal = self.legal();
        let m = legal
            .iter()
            .find(|m| Game::text(m) == text)
            .cloned()
            .or_else(|| {
                self.routes()
                    .into_iter()
                    .find(|(route, _)| route == text)
                    .and_then(|(_, m)| legal.into_iter().find(|l| Game::text(l) == m))
            })
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.to_text()));
        self.after(&m)
    }

    /// The position after a move.
    pub fn after(&self, m: &Move) -> Game {
        let n = self.variant.size();
        let mut pos = self.pos.clone();
        let to = *m.landings.last().expect("a move lands");
        pos.cells[(m.from.1 * n + m.from.0) as usize] = Piece::Empty;
        for &(f, r) in &m.jumped {
            pos.cells[(r * n + f) as usize] = Piece::Empty;
        }
        pos.cells[(to.1 * n + to.0) as usize] = m.ends_as;
        pos.to_move = 1 - pos.to_move;
        let print = fingerprint(&pos);
        let repeated = self.history.contains(&print);
        let mut history = self.history.clone();
        history.push(print);
        Game {
            variant: self.variant,
            pos,
            history,
            repeated,
        }
    }

    /// `None` while the game goes on; `Some(None)` a draw (a repeated position);
    /// `Some(Some(p))` player `p` won (the other cannot move).
    pub fn outcome(&self) -> Option<Option<usize>> {
        if self.repeated {
            return Some(None);
        }
        self.candidates()
            .is_empty()
            .then_some(Some(1 - self.pos.to_move))
    }

    /// The number of move sequences of each length from 1 to `depth`.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.count(depth, 0, &mut counts);
        counts
    }

    fn count(&self, depth: usize, ply: usize, counts: &mut [u64]) {
        if ply == depth {
            return;
        }
        let moves = match self.repeated {
            true => Vec::new(),
            false => self.candidates(),
        };
        for m in moves {
            counts[ply] += 1;
            self.after(&m).count(depth, ply + 1, counts);
        }
    }
}
