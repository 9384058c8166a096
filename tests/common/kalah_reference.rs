//! An independent, deliberately naive implementation of Kalah as OpenSpiel's `mancala`
//! plays it (rules KA-1..KA-5 of `docs/games/kalah.md`), written from that rules page and
//! not from the engine. Used to prove the perft and scenario files before the rule file
//! exists, and to compare random games move by move with the engine.
//!
//! Board layout: one array of 14 slots walked counterclockwise.
//!
//! ```text
//!   slot  0..=5   South's pits 1..6 (pit 6 next to South's store)
//!   slot  6       South's store
//!   slot  7..=12  North's pits 1..6 (pit 6 next to North's store)
//!   slot 13       North's store
//! ```
//!
//! South's pit `k` (slot `k - 1`) faces North's pit `7 - k` (slot `13 - k`): slot `i`
//! faces slot `12 - i`.

/// The players' names, in turn order.
pub const PLAYERS: [&str; 2] = ["south", "north"];

/// Pits a side.
const PITS: usize = 6;
/// Slots on the board: 12 pits and 2 stores.
const SLOTS: usize = 2 * PITS + 2;

/// Slot of player `p`'s store.
fn store(p: usize) -> usize {
    PITS + (PITS + 1) * p
}

/// Slot of player `p`'s pit `k` (1..=6).
fn pit(p: usize, k: usize) -> usize {
    (PITS + 1) * p + k - 1
}

/// Owner of a slot (a pit or a store).
fn owner(slot: usize) -> usize {
    slot / (PITS + 1)
}

/// Whether a slot is a store.
fn is_store(slot: usize) -> bool {
    slot == store(0) || slot == store(1)
}

/// The pit facing pit slot `slot`.
fn opposite(slot: usize) -> usize {
    2 * PITS - slot
}

/// A Kalah position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: [u32; SLOTS],
    to_move: usize,
    over: bool,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// KA-1: four stones in each of the twelve pits, the stores empty, South to move.
    pub fn new() -> Game {
        let mut board = [4; SLOTS];
        board[store(0)] = 0;
        board[store(1)] = 0;
        Game {
            board,
            to_move: 0,
            over: false,
        }
    }

    /// Reads a position text (`4,4,4,4,4,4|0/4,4,4,4,4,4|0 south`). A position with an
    /// empty row is over at once (KA-5), as after the move that led to it.
    pub fn from_position(text: &str) -> Game {
        let (rows, player) = text.trim().split_once(' ').expect("board and player");
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .expect("a player's name");
        let mut board = [0; SLOTS];
        let rows: Vec<&str> = rows.split('/').collect();
        assert_eq!(rows.len(), 2, "two rows");
        for (p, row) in rows.iter().enumerate() {
            let (pits, st) = row.split_once('|').expect("pits|store");
            let pits: Vec<u32> = pits.split(',').map(|s| s.parse().unwrap()).collect();
            assert_eq!(pits.len(), PITS, "six pits a row");
            for (k, v) in pits.iter().enumerate() {
                board[pit(p, k + 1)] = *v;
            }
            board[store(p)] = st.parse().unwrap();
        }
        let mut g = Game {
            board,
            to_move,
            over: false,
        };
        g.check_end();
        g
    }

    /// The position text: each row from pit 1, `|` and the store, South's then North's.
    pub fn to_text(&self) -> String {
        let row = |p: usize| {
            let pits: Vec<String> = (1..=PITS)
                .map(|k| self.board[pit(p, k)].to_string())
                .collect();
            format!("{}|{}", pits.join(","), self.board[store(p)])
        };
        format!("{}/{} {}", row(0), row(1), PLAYERS[self.to_move])
    }

    /// The legal moves: the mover's pits holding stones, "1".."6". None once over.
    pub fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut out: Vec<String> = (1..=PITS)
            .filter(|&k| self.board[pit(self.to_move, k)] > 0)
            .map(|k| k.to_string())
            .collect();
        out.sort();
        out
    }

    /// The slot after `slot` for a sowing by `mover` (KA-2: the opponent's store is
    /// passed over; the pit sown from is not).
    fn next(slot: usize, mover: usize) -> usize {
        let mut s = (slot + 1) % SLOTS;
        if s == store(1 - mover) {
            s = (s + 1) % SLOTS;
        }
        s
    }

    /// Plays a move given as text. Panics if it is not legal.
    pub fn play(&self, text: &str) -> Game {
        assert!(
            self.moves().iter().any(|m| m == text.trim()),
            "{text} is not legal in {}",
            self.to_text()
        );
        let k: usize = text.trim().parse().unwrap();
        let me = self.to_move;
        let mut g = self.clone();
        // KA-2: take every stone of the pit, sow one by one into the slots that follow.
        let origin = pit(me, k);
        let stones = g.board[origin];
        g.board[origin] = 0;
        let mut last = origin;
        for _ in 0..stones {
            last = Game::next(last, me);
            g.board[last] += 1;
        }
        // KA-3: the last stone in the mover's store: another move.
        let again = last == store(me);
        // KA-4: the last stone in an own pit that was empty, with stones opposite.
        if !is_store(last) && owner(last) == me && g.board[last] == 1 {
            let across = opposite(last);
            if g.board[across] > 0 {
                g.board[store(me)] += g.board[across] + 1;
                g.board[across] = 0;
                g.board[last] = 0;
            }
        }
        // KA-5: a row empty ends the game (checked before the extra turn).
        g.check_end();
        if g.over || !again {
            g.to_move = 1 - me;
        }
        g
    }

    /// KA-5: if either row is empty, the game is over and every player puts the stones
    /// left in their own row into their own store.
    fn check_end(&mut self) {
        let empty = |p: usize| (1..=PITS).all(|k| self.board[pit(p, k)] == 0);
        if empty(0) || empty(1) {
            self.over = true;
            for p in 0..2 {
                for k in 1..=PITS {
                    self.board[store(p)] += self.board[pit(p, k)];
                    self.board[pit(p, k)] = 0;
                }
            }
        }
    }

    /// The player to move (0 South, 1 North).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// None while the game goes on; Some(None) a draw; Some(Some(p)) player p won.
    pub fn outcome(&self) -> Option<Option<usize>> {
        if !self.over {
            return None;
        }
        let (s, n) = (self.board[store(0)], self.board[store(1)]);
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// Stones in each store: [south, north].
    pub fn stores(&self) -> [u32; 2] {
        [self.board[store(0)], self.board[store(1)]]
    }

    /// Stones on the board in all: 48 in any position reached from the start.
    pub fn total(&self) -> u32 {
        self.board.iter().sum()
    }

    /// Leaf counts at depths 1..=depth (a finished game has no moves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.perft_into(0, &mut counts);
        counts
    }

    fn perft_into(&self, ply: usize, counts: &mut [u64]) {
        if ply == counts.len() {
            return;
        }
        let moves = self.moves();
        counts[ply] += moves.len() as u64;
        if ply + 1 < counts.len() {
            for m in moves {
                self.play(&m).perft_into(ply + 1, counts);
            }
        }
    }

    /// Each player's pits from pit 1: [south, north].
    pub fn rows(&self) -> [Vec<u32>; 2] {
        [0, 1].map(|p| (1..=PITS).map(|k| self.board[pit(p, k)]).collect())
    }
}
