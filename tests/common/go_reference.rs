//! An independent, deliberately simple implementation of Go as `games/go.game` plays it
//! (GO-1..GO-9 of `docs/games/go.md`), written from the rules page and not from the
//! engine: no bit sets, no hashes, whole boards copied and compared.
//!
//! Board: `board[rank * size + file]`, both 0-based, rank 0 being rank 1 (the bottom), so
//! that points are in the engine's order (`a1`, `b1`, ..., `a2`, ...). A point holds
//! `Some(player)` (0 black, 1 white) or `None`.
//!
//! Readings taken from the rules page:
//! - A stone goes on any empty point; then every enemy group next to it without a liberty
//!   is taken off (GO-2, GO-3).
//! - A placement after which the placed stone's group has no liberty is illegal (GO-4).
//! - A placement may not bring back the stones of any earlier board of the game, whoever
//!   was to move (GO-5, positional superko); a pass is always legal (GO-6).
//! - Two passes in a row end the game (GO-6); each player's area is their stones and the
//!   empty regions that touch their stones only (GO-7); White adds the komi (GO-8); the
//!   higher total wins, equal totals draw (GO-9).

/// A Go position with the boards of its history.
#[derive(Clone, Debug)]
pub struct Game {
    size: usize,
    komi: i64,
    board: Vec<Option<usize>>,
    to_move: usize,
    passes: usize,
    /// Every board of the game so far, the current one included.
    seen: Vec<Vec<Option<usize>>>,
}

impl Game {
    /// The empty board of `size` x `size` points, Black to move.
    pub fn new(size: usize, komi: i64) -> Game {
        let board = vec![None; size * size];
        Game {
            size,
            komi,
            seen: vec![board.clone()],
            board,
            to_move: 0,
            passes: 0,
        }
    }

    /// Whether two passes in a row have ended the game.
    pub fn over(&self) -> bool {
        self.passes >= 2
    }

    /// The name of point `p`.
    pub fn name(&self, p: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (p % self.size) as u8) as char,
            p / self.size + 1
        )
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (f, r, n) = (p % self.size, p / self.size, self.size);
        let mut out = Vec::new();
        if r + 1 < n {
            out.push(p + n);
        }
        if f + 1 < n {
            out.push(p + 1);
        }
        if r > 0 {
            out.push(p - n);
        }
        if f > 0 {
            out.push(p - 1);
        }
        out
    }

    /// The points joined to `p` through points of the same content as `p` (a group of
    /// stones, or a region of empty points), and whether an empty point that is not of
    /// them touches them (a liberty, for a group).
    fn group(&self, board: &[Option<usize>], p: usize) -> (Vec<usize>, bool) {
        let colour = board[p];
        let mut group = vec![p];
        let mut free = false;
        let mut i = 0;
        while i < group.len() {
            for n in self.neighbours(group[i]) {
                if board[n] == colour {
                    if !group.contains(&n) {
                        group.push(n);
                    }
                } else if board[n].is_none() {
                    free = true;
                }
            }
            i += 1;
        }
        (group, free)
    }

    /// The board after the mover places on `p`, if that placement is legal.
    fn after(&self, p: usize) -> Option<Vec<Option<usize>>> {
        if self.board[p].is_some() {
            return None;
        }
        let mut board = self.board.clone();
        board[p] = Some(self.to_move);
        for n in self.neighbours(p) {
            if board[n] == Some(1 - self.to_move) {
                let (group, free) = self.group(&board, n);
                if !free {
                    group.iter().for_each(|&s| board[s] = None);
                }
            }
        }
        if !self.group(&board, p).1 || self.seen.contains(&board) {
            return None;
        }
        Some(board)
    }

    /// The legal moves in the engine's order: placements by point, then `pass`; none once
    /// the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.over() {
            return Vec::new();
        }
        let mut out: Vec<String> = (0..self.board.len())
            .filter(|&p| self.after(p).is_some())
            .map(|p| self.name(p))
            .collect();
        out.push("pass".into());
        out
    }

    /// Plays a legal move given as text.
    pub fn play(&mut self, text: &str) {
        if text == "pass" {
            self.passes += 1;
        } else {
            let p = (0..self.board.len())
                .find(|&p| self.name(p) == text)
                .expect("a point of the board");
            self.board = self.after(p).expect("a legal placement");
            self.seen.push(self.board.clone());
            self.passes = 0;
        }
        self.to_move = 1 - self.to_move;
    }

    /// A player's area: their stones and the empty regions that touch only their stones.
    pub fn area(&self, player: usize) -> i64 {
        let mut total = self.board.iter().filter(|&&c| c == Some(player)).count() as i64;
        let mut done = vec![false; self.board.len()];
        for p in 0..self.board.len() {
            if self.board[p].is_some() || done[p] {
                continue;
            }
            let (region, _) = self.group(&self.board, p);
            let mut touches = [false; 2];
            for &s in &region {
                done[s] = true;
                for n in self.neighbours(s) {
                    if let Some(c) = self.board[n] {
                        touches[c] = true;
                    }
                }
            }
            if touches[player] && !touches[1 - player] {
                total += region.len() as i64;
            }
        }
        total
    }

    /// The players' scores: Black's area, White's area and the komi.
    pub fn scores(&self) -> [i64; 2] {
        [self.area(0), self.area(1) + self.komi]
    }

    /// The winner of a finished game (`None`: a draw).
    pub fn winner(&self) -> Option<usize> {
        let [b, w] = self.scores();
        match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The leaf counts of the move tree to `depth`.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.count(depth, 0, &mut counts);
        counts
    }

    fn count(&self, depth: usize, level: usize, counts: &mut [u64]) {
        let moves = self.legal_moves();
        counts[level] += moves.len() as u64;
        if level + 1 < depth {
            for m in moves {
                let mut next = self.clone();
                next.play(&m);
                next.count(depth, level + 1, counts);
            }
        }
    }
}
