//! An independent, deliberately naive implementation of Ming Mang (MM-1..MM-7 of the
//! project's rules), written from the rules text and not from the engine: boards are
//! cloned, points are (file, rank) pairs, the perimeter is walked clockwise from the top
//! left corner, the history is a list of whole boards. Used only to cross-check perft.

/// Which reading of MM-6 is in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// No corner-turning capture.
    Off,
    /// Runs bending at one board corner, along the perimeter.
    Board,
    /// Also runs with one turn anywhere.
    Anywhere,
}

/// The rules in force.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Board size n.
    pub n: i32,
    /// MM-5.
    pub repetition: bool,
    /// MM-6.
    pub corner: Corner,
    /// MM-7.
    pub lone_jump: bool,
    /// Gundru's setup instead of Ming Mang's.
    pub gundru_setup: bool,
}

/// 0 = empty, 1 = black, 2 = white.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub cells: Vec<u8>,
    pub to_move: u8,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Rules,
    pub position: Position,
    pub history: Vec<Position>,
}

type Point = (i32, i32);

impl Game {
    pub fn new(rules: Rules) -> Game {
        let n = rules.n;
        let mut cells = vec![0u8; (n * n) as usize];
        for f in 0..n {
            for r in 0..n {
                let (left, right, bottom, top) = (f == 0, f == n - 1, r == 0, r == n - 1);
                let owner = if rules.gundru_setup {
                    // Black: whole top rank + right file without its bottom corner.
                    if top || (right && !bottom) {
                        1
                    } else if bottom || (left && !top) {
                        2
                    } else {
                        0
                    }
                } else if right || (top && !left) {
                    // Black: whole right file + top rank without its left corner.
                    1
                } else if left || (bottom && !right) {
                    2
                } else {
                    0
                };
                cells[(r * n + f) as usize] = owner;
            }
        }
        let position = Position { cells, to_move: 1 };
        Game {
            rules,
            history: vec![position.clone()],
            position,
        }
    }

    fn at(&self, p: Point) -> u8 {
        self.position.cells[(p.1 * self.rules.n + p.0) as usize]
    }

    fn on(&self, p: Point) -> bool {
        p.0 >= 0 && p.1 >= 0 && p.0 < self.rules.n && p.1 < self.rules.n
    }

    fn name(&self, p: Point) -> String {
        format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
    }

    /// Legal moves as `from-to` text, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (from, to) in self.pseudo_moves() {
            let next = self.after(from, to);
            if self.rules.repetition && self.history.contains(&next.position) {
                continue;
            }
            out.push(format!("{}-{}", self.name(from), self.name(to)));
        }
        out.sort();
        out
    }

    fn pseudo_moves(&self) -> Vec<(Point, Point)> {
        let me = self.position.to_move;
        let n = self.rules.n;
        let dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let mine: Vec<Point> = (0..n)
            .flat_map(|r| (0..n).map(move |f| (f, r)))
            .filter(|&p| self.at(p) == me)
            .collect();
        let mut out = Vec::new();
        for &p in &mine {
            for d in dirs {
                let mut q = (p.0 + d.0, p.1 + d.1);
                while self.on(q) && self.at(q) == 0 {
                    out.push((p, q));
                    q = (q.0 + d.0, q.1 + d.1);
                }
                if self.rules.lone_jump && mine.len() == 1 {
                    let over = (p.0 + d.0, p.1 + d.1);
                    let land = (p.0 + 2 * d.0, p.1 + 2 * d.1);
                    if self.on(land) && self.at(over) == 3 - me && self.at(land) == 0 {
                        out.push((p, land));
                    }
                }
            }
        }
        out
    }

    /// The game after moving from `from` to `to` (a slide, or a jump when two apart with an
    /// enemy between).
    pub fn after(&self, from: Point, to: Point) -> Game {
        let me = self.position.to_move;
        let enemy = 3 - me;
        let n = self.rules.n;
        let mut g = self.clone();
        let idx = |p: Point| (p.1 * n + p.0) as usize;
        g.position.cells[idx(from)] = 0;
        g.position.cells[idx(to)] = me;
        let dist = (to.0 - from.0).abs() + (to.1 - from.1).abs();
        if dist == 2 {
            let mid = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
            if self.at(mid) == enemy {
                g.position.cells[idx(mid)] = me;
            }
        }
        // Find every captured point on the board as it is now, then convert them all.
        let mut captured: Vec<Point> = Vec::new();
        let dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let cell = |p: Point| g.position.cells[idx(p)];
        let on = |p: Point| p.0 >= 0 && p.1 >= 0 && p.0 < n && p.1 < n;
        // MM-3.
        for d in dirs {
            let mut run = Vec::new();
            let mut q = (to.0 + d.0, to.1 + d.1);
            while on(q) && cell(q) == enemy {
                run.push(q);
                q = (q.0 + d.0, q.1 + d.1);
            }
            if !run.is_empty() && on(q) && cell(q) == me {
                captured.extend(run);
            }
        }
        // MM-6, both readings: runs along the perimeter with one corner strictly inside.
        if self.rules.corner != Corner::Off {
            let ring = perimeter(n);
            if let Some(start) = ring.iter().position(|&p| p == to) {
                let len = ring.len() as i32;
                for step in [1i32, -1] {
                    let mut run: Vec<Point> = Vec::new();
                    let mut k = start as i32;
                    let closed = loop {
                        k = (k + step).rem_euclid(len);
                        if k as usize == start {
                            break false;
                        }
                        let p = ring[k as usize];
                        if cell(p) == enemy {
                            run.push(p);
                        } else {
                            break cell(p) == me && !run.is_empty();
                        }
                    };
                    let is_corner =
                        |p: &Point| (p.0 == 0 || p.0 == n - 1) && (p.1 == 0 || p.1 == n - 1);
                    let inside_corners = if run.len() > 2 {
                        run[1..run.len() - 1]
                            .iter()
                            .filter(|p| is_corner(p))
                            .count()
                    } else {
                        0
                    };
                    if closed && inside_corners == 1 {
                        captured.extend(run);
                    }
                }
            }
        }
        // MM-6, second reading: one turn anywhere at a piece strictly inside the run.
        if self.rules.corner == Corner::Anywhere {
            for d in dirs {
                let mut leg = Vec::new();
                let mut q = (to.0 + d.0, to.1 + d.1);
                while on(q) && cell(q) == enemy {
                    leg.push(q);
                    q = (q.0 + d.0, q.1 + d.1);
                }
                for i in 1..leg.len() {
                    let pivot = leg[i];
                    for t in [(d.1, d.0), (-d.1, -d.0)] {
                        let mut second = Vec::new();
                        let mut r = (pivot.0 + t.0, pivot.1 + t.1);
                        while on(r) && cell(r) == enemy {
                            second.push(r);
                            r = (r.0 + t.0, r.1 + t.1);
                        }
                        if !second.is_empty() && on(r) && cell(r) == me {
                            captured.extend(leg[..=i].iter().copied());
                            captured.extend(second);
                        }
                    }
                }
            }
        }
        for p in captured {
            g.position.cells[idx(p)] = me;
        }
        g.position.to_move = enemy;
        g.history.push(g.position.clone());
        g
    }

    /// Plays a move given as `from-to`.
    pub fn play(&self, text: &str) -> Game {
        let (a, b) = text.split_once('-').expect("from-to");
        let parse = |s: &str| {
            let f = s.as_bytes()[0] as i32 - b'a' as i32;
            let r: i32 = s[1..].parse().expect("rank");
            (f, r - 1)
        };
        self.after(parse(a), parse(b))
    }

    /// Leaf counts for depths 1..=depth.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        (1..=depth).map(|d| self.count(d)).collect()
    }

    fn count(&self, depth: usize) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).count(depth - 1)).sum()
    }
}

/// The perimeter points clockwise from the top-left corner.
fn perimeter(n: i32) -> Vec<Point> {
    let mut ring = Vec::new();
    for f in 0..n {
        ring.push((f, n - 1));
    }
    for r in (0..n - 1).rev() {
        ring.push((n - 1, r));
    }
    for f in (0..n - 1).rev() {
        ring.push((f, 0));
    }
    for r in 1..n - 1 {
        ring.push((0, r));
    }
    ring
}
