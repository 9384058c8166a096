//! An independent reference implementation of Mū tōrere, written from the rules page
//! (docs/games/mu-torere.md, rules MT-1..MT-7) and not from `games/mu-torere.game` or the
//! engine: a plain array of nine sites, the moves found by hand-written loops, the history
//! of positions kept for the draw by repetition.

/// The sites in the order of the position text: the pūtahi, then the kewai round the
/// star clockwise from the north (MT-1).
pub const SITES: [&str; 9] = ["putahi", "n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// The players' names, the first moving first (MT-2).
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// A position: the nine sites (0 empty, 1 black, 2 white), the player to move (0 or 1),
/// and every position met since the game (or the position read) began, this one last.
#[derive(Clone, Debug)]
pub struct Game {
    cells: [u8; 9],
    mover: usize,
    history: Vec<([u8; 9], usize)>,
}

/// The two kewai beside kewai `k` (1..=8) round the ring.
fn beside(k: usize) -> [usize; 2] {
    [
        if k == 1 { 8 } else { k - 1 },
        if k == 8 { 1 } else { k + 1 },
    ]
}

impl Game {
    /// The start (MT-2): Black on n, ne, e, se; White on s, sw, w, nw; the pūtahi empty;
    /// Black to move.
    pub fn new() -> Game {
        Game::with([0, 1, 1, 1, 1, 2, 2, 2, 2], 0)
    }

    /// The position of these cells with `mover` to move, a history of its own.
    pub fn with(cells: [u8; 9], mover: usize) -> Game {
        Game {
            cells,
            mover,
            history: vec![(cells, mover)],
        }
    }

    /// A position text (`1BBBBWWWW black`): the sites in order, `B` and `W` for the
    /// pieces, a number for a run of empty sites, then the player to move.
    pub fn from_position(text: &str) -> Game {
        let (board, mover) = text.split_once(' ').expect("board and mover");
        let mut cells = Vec::new();
        for c in board.chars() {
            match c {
                'B' => cells.push(1),
                'W' => cells.push(2),
                '.' => cells.push(0),
                d => cells.extend(std::iter::repeat_n(
                    0,
                    d.to_digit(10).expect("a digit") as usize,
                )),
            }
        }
        let mover = PLAYERS.iter().position(|p| *p == mover).expect("a player");
        Game::with(cells.try_into().expect("nine sites"), mover)
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut empty = 0;
        for &c in &self.cells {
            if c == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(if c == 1 { 'B' } else { 'W' });
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        format!("{out} {}", PLAYERS[self.mover])
    }

    /// What stands on the site named `name`: `B`, `W` or `.`.
    pub fn cell(&self, name: &str) -> char {
        let i = SITES.iter().position(|s| *s == name).expect("a site");
        ['.', 'B', 'W'][self.cells[i] as usize]
    }

    /// The player to move (0 Black, 1 White).
    pub fn to_move(&self) -> usize {
        self.mover
    }

    /// The moves the rules allow, whether or not the game is over, as `FROM-TO`, sorted.
    fn moves_allowed(&self) -> Vec<String> {
        let own = self.mover as u8 + 1;
        let enemy = 3 - own;
        let mut out = Vec::new();
        let mut add = |from: usize, to: usize| out.push(format!("{}-{}", SITES[from], SITES[to]));
        for from in (0..9).filter(|&s| self.cells[s] == own) {
            if from == 0 {
                // MT-4: from the pūtahi to any empty kewai.
                for to in (1..9).filter(|&k| self.cells[k] == 0) {
                    add(0, to);
                }
                continue;
            }
            // MT-3: to an empty kewai beside it.
            for to in beside(from) {
                if self.cells[to] == 0 {
                    add(from, to);
                }
            }
            // MT-5: to the empty pūtahi only from beside an enemy piece.
            let by_enemy = beside(from).iter().any(|&k| self.cells[k] == enemy);
            if self.cells[0] == 0 && by_enemy {
                add(from, 0);
            }
        }
        out.sort();
        out
    }

    /// How the game stands: `None` while it goes on, else the winner (`Some(Some(p))`) or
    /// a draw (`Some(None)`). MT-6: a player to move without a move loses; MT-7: a
    /// position (sites and player to move) met for the third time draws.
    pub fn outcome(&self) -> Option<Option<usize>> {
        if self.moves_allowed().is_empty() {
            return Some(Some(1 - self.mover));
        }
        let now = (self.cells, self.mover);
        let met = self.history.iter().filter(|&&h| h == now).count();
        (met >= 3).then_some(None)
    }

    /// The legal moves: none once the game is over.
    pub fn moves(&self) -> Vec<String> {
        match self.outcome() {
            Some(_) => Vec::new(),
            None => self.moves_allowed(),
        }
    }

    /// The position after a legal move.
    pub fn play(&self, mv: &str) -> Game {
        assert!(
            self.moves().iter().any(|m| m == mv),
            "{mv} is not legal in {}",
            self.to_text()
        );
        let (from, to) = mv.split_once('-').expect("FROM-TO");
        let at = |name: &str| SITES.iter().position(|s| *s == name).expect("a site");
        let mut next = self.clone();
        next.cells[at(to)] = next.cells[at(from)];
        next.cells[at(from)] = 0;
        next.mover = 1 - self.mover;
        next.history.push((next.cells, next.mover));
        next
    }

    /// Leaf counts at depths 1..=depth (a finished game has no leaves below it).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.count(depth, 0, &mut counts);
        counts
    }

    fn count(&self, depth: usize, at: usize, counts: &mut [u64]) {
        if at == depth {
            return;
        }
        for m in self.moves() {
            counts[at] += 1;
            self.play(&m).count(depth, at + 1, counts);
        }
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}
