//! An independent Fanorona, written from the rules text alone (docs/language/families.md,
//! family "Capture by approach and withdrawal", and the sources cited in
//! tests/fixtures/valid/fanorona.game), sharing no code with the engine: the 9 x 5 board
//! with its diagonal lines through the points whose file + rank is even, captures by
//! approach and by withdrawal of the unbroken enemy run, the player's choice where a step
//! could take both ways, compulsory capture, the same man capturing on (optionally), never
//! along its last step's direction nor onto a point it has stood on this turn, and the
//! loss of a player who cannot move. Slow and plain: whole boards are copied per step.

/// Files and ranks.
pub const WIDTH: i32 = 9;
/// Ranks.
pub const HEIGHT: i32 = 5;

/// The eight directions: file step, rank step.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// A point: (file, rank), both from 0.
pub type Point = (i32, i32);

/// The point's name: `a1`.
pub fn name(p: Point) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

/// The next point from `p` along direction `(df, dr)` when a line joins them.
fn next(p: Point, (df, dr): (i32, i32)) -> Option<Point> {
    let q = (p.0 + df, p.1 + dr);
    let on_board = (0..WIDTH).contains(&q.0) && (0..HEIGHT).contains(&q.1);
    // Diagonal lines run through the points whose file and rank (from 1) add up to an even
    // number: those of (0, 0), whose coordinates from 0 add up to an even number too.
    let line = df == 0 || dr == 0 || (p.0 + p.1) % 2 == 0;
    (on_board && line).then_some(q)
}

/// A position: the men (0 none, 1 white, 2 black), indexed by rank * WIDTH + file, and
/// the side to move (1 or 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub cells: Vec<u8>,
    pub to_move: u8,
}

/// One legal move: its text and the position it leaves.
#[derive(Clone, Debug)]
pub struct Turn {
    pub text: String,
    pub after: Game,
}

impl Game {
    /// The start: each side's two home ranks, and the middle rank alternating around the
    /// empty centre (black on a3, c3, f3, h3; white on b3, d3, g3, i3); white moves first.
    pub fn new() -> Game {
        let mut cells = vec![0; (WIDTH * HEIGHT) as usize];
        for f in 0..WIDTH {
            for r in 0..HEIGHT {
                cells[(r * WIDTH + f) as usize] = match r {
                    0 | 1 => 1,
                    3 | 4 => 2,
                    _ if f == 4 => 0,
                    _ if f < 4 => 2 - (f % 2) as u8,
                    _ => 1 + (f % 2) as u8,
                };
            }
        }
        Game { cells, to_move: 1 }
    }

    /// A position from rows of `W`, `B` and `.` (rank 5 first) and the side to move.
    pub fn from_rows(rows: &[&str], white_to_move: bool) -> Game {
        let mut cells = vec![0; (WIDTH * HEIGHT) as usize];
        for (i, row) in rows.iter().enumerate() {
            let r = HEIGHT - 1 - i as i32;
            for (f, c) in row.chars().enumerate() {
                cells[(r * WIDTH + f as i32) as usize] = match c {
                    'W' => 1,
                    'B' => 2,
                    _ => 0,
                };
            }
        }
        Game {
            cells,
            to_move: if white_to_move { 1 } else { 2 },
        }
    }

    /// What stands on `p`.
    pub fn at(&self, p: Point) -> u8 {
        self.cells[(p.1 * WIDTH + p.0) as usize]
    }

    fn put(&mut self, p: Point, v: u8) {
        self.cells[(p.1 * WIDTH + p.0) as usize] = v;
    }

    fn enemy(&self) -> u8 {
        3 - self.to_move
    }

    /// The board after the run of enemy men from `first` along `dir` is taken off, or
    /// `None` when `first` holds no enemy man.
    fn take_run(&self, first: Option<Point>, dir: (i32, i32)) -> Option<Game> {
        let mut p = first.filter(|&p| self.at(p) == self.enemy())?;
        let mut after = self.clone();
        loop {
            after.put(p, 0);
            match next(p, dir) {
                Some(q) if self.at(q) == self.enemy() => p = q,
                _ => return Some(after),
            }
        }
    }

    /// The capturing steps of the man on `at`: (direction index, landing, withdrawal,
    /// both ways possible, board after), skipping direction `last` and landings in
    /// `stood`.
    fn capture_steps(
        &self,
        at: Point,
        last: Option<usize>,
        stood: &[Point],
    ) -> Vec<(usize, Point, bool, bool, Game)> {
        let mut out = Vec::new();
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            if Some(d) == last {
                continue;
            }
            let Some(to) = next(at, (df, dr)) else {
                continue;
            };
            if self.at(to) != 0 || stood.contains(&to) {
                continue;
            }
            let mut moved = self.clone();
            moved.put(at, 0);
            moved.put(to, self.to_move);
            let approach = moved.take_run(next(to, (df, dr)), (df, dr));
            let withdrawal = moved.take_run(next(at, (-df, -dr)), (-df, -dr));
            let both = approach.is_some() && withdrawal.is_some();
            if let Some(g) = approach {
                out.push((d, to, false, both, g));
            }
            if let Some(g) = withdrawal {
                out.push((d, to, true, both, g));
            }
        }
        out
    }

    /// Every sequence of captures from `at` (text so far `text`), each prefix a move.
    fn sequences(
        &self,
        at: Point,
        last: Option<usize>,
        stood: &mut Vec<Point>,
        text: &str,
        out: &mut Vec<Turn>,
    ) {
        for (d, to, withdrawal, both, after) in self.capture_steps(at, last, stood) {
            let suffix = match (both, withdrawal) {
                (false, _) => "",
                (true, false) => "a",
                (true, true) => "w",
            };
            let text = format!("{text}-{}{suffix}", name(to));
            let mut done = after.clone();
            done.to_move = self.enemy();
            out.push(Turn {
                text: text.clone(),
                after: done,
            });
            stood.push(to);
            after.sequences(to, Some(d), stood, &text, out);
            stood.pop();
        }
    }

    /// The legal moves: the captures if there are any, else the plain steps (paika).
    pub fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        let mine: Vec<Point> = (0..HEIGHT)
            .flat_map(|r| (0..WIDTH).map(move |f| (f, r)))
            .filter(|&p| self.at(p) == self.to_move)
            .collect();
        for &p in &mine {
            self.sequences(p, None, &mut vec![p], &name(p), &mut out);
        }
        if !out.is_empty() {
            return out;
        }
        for &p in &mine {
            for &dir in &DIRECTIONS {
                if let Some(to) = next(p, dir).filter(|&q| self.at(q) == 0) {
                    let mut after = self.clone();
                    after.put(p, 0);
                    after.put(to, self.to_move);
                    after.to_move = self.enemy();
                    out.push(Turn {
                        text: format!("{}-{}", name(p), name(to)),
                        after,
                    });
                }
            }
        }
        out
    }

    /// The legal moves' texts, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.turns().into_iter().map(|t| t.text).collect();
        texts.sort();
        texts
    }

    /// The position after the move written `text`.
    pub fn play(&self, text: &str) -> Game {
        self.turns()
            .into_iter()
            .find(|t| t.text == text)
            .unwrap_or_else(|| panic!("{text} is not a move here"))
            .after
    }

    /// Leaf counts at depths 1..=depth (a player who cannot move has lost: no leaves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.count(depth, 0, &mut counts);
        counts
    }

    fn count(&self, depth: usize, ply: usize, counts: &mut [u64]) {
        if ply == depth {
            return;
        }
        for t in self.turns() {
            counts[ply] += 1;
            t.after.count(depth, ply + 1, counts);
        }
    }
}
