//! An independent, deliberately naive implementation of Toguz Kumalak (rules TK-1..TK-6
//! of `docs/games/toguz-kumalak.md`), written from that rules page and not from the
//! engine. Its perft counts are the data file's (`tests/perft/toguz-kumalak.perft`).
//!
//! The eighteen pits are one Vec walked counterclockwise: index `0..9` South's pits 1..9,
//! index `9..18` North's pits 1..9; after South's pit 9 comes North's pit 1, after North's
//! pit 9 South's pit 1. The kazans (stores) are kept apart: sowing never reaches them.
//! `tuzdyk[p]` is the index of player p's tuzdyk (a pit in the opponent's row), if made.

/// The players' names, in turn order.
pub const PLAYERS: [&str; 2] = ["south", "north"];

/// Pits a side.
const PITS: usize = 9;
/// Stones in play: 9 in each of 18 pits.
const TOTAL: u32 = 162;

/// Index of player `p`'s pit `k` (1..=9).
fn pit(p: usize, k: usize) -> usize {
    PITS * p + k - 1
}

/// Owner of a pit index.
fn owner(i: usize) -> usize {
    i / PITS
}

/// A pit's number in its owner's numbering (1..=9).
fn number(i: usize) -> usize {
    i % PITS + 1
}

/// A Toguz Kumalak position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pits: Vec<u32>,
    stores: [u32; 2],
    tuzdyk: [Option<usize>; 2],
    to_move: usize,
    over: bool,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// TK-1: nine stones in each of the eighteen pits, the kazans empty, South to move.
    pub fn new() -> Game {
        Game {
            pits: vec![9; 2 * PITS],
            stores: [0, 0],
            tuzdyk: [None, None],
            to_move: 0,
            over: false,
        }
    }

    /// Reads a position text (`9,...,9|0/9,...,9|0 south`; a tuzdyk is written
    /// `0@PLAYER` in the row it is in, PLAYER its owner). The ends of TK-6 are checked at
    /// once, as after a move.
    pub fn from_position(text: &str) -> Game {
        let (rows, player) = text.trim().split_once(' ').expect("board and player");
        let find = |name: &str| {
            PLAYERS
                .iter()
                .position(|p| *p == name.trim())
                .unwrap_or_else(|| panic!("not a player: {name}"))
        };
        let to_move = find(player);
        let mut g = Game::new();
        g.to_move = to_move;
        let rows: Vec<&str> = rows.split('/').collect();
        assert_eq!(rows.len(), 2, "two rows");
        for (p, row) in rows.iter().enumerate() {
            let (row, st) = row.split_once('|').expect("pits|store");
            let row: Vec<&str> = row.split(',').collect();
            assert_eq!(row.len(), PITS, "nine pits a row");
            for (k, v) in row.iter().enumerate() {
                let i = pit(p, k + 1);
                match v.split_once('@') {
                    Some((n, by)) => {
                        let by = find(by);
                        assert_ne!(by, p, "a tuzdyk is in the opponent's row");
                        assert!(g.tuzdyk[by].is_none(), "one tuzdyk a player");
                        g.tuzdyk[by] = Some(i);
                        g.pits[i] = n.parse().unwrap();
                        assert_eq!(g.pits[i], 0, "a tuzdyk is empty");
                    }
                    None => g.pits[i] = v.parse().unwrap(),
                }
            }
            g.stores[p] = st.parse().unwrap();
        }
        g.check_end();
        g
    }

    /// The owner of the tuzdyk at pit index `i`, if it is one.
    fn tuzdyk_owner(&self, i: usize) -> Option<usize> {
        (0..2).find(|&p| self.tuzdyk[p] == Some(i))
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        let row = |p: usize| {
            let v: Vec<String> = (1..=PITS)
                .map(|k| {
                    let i = pit(p, k);
                    match self.tuzdyk_owner(i) {
                        Some(o) => format!("{}@{}", self.pits[i], PLAYERS[o]),
                        None => self.pits[i].to_string(),
                    }
                })
                .collect();
            format!("{}|{}", v.join(","), self.stores[p])
        };
        format!("{}/{} {}", row(0), row(1), PLAYERS[self.to_move])
    }

    /// The legal moves: the mover's pits holding stones, "1".."9". None once over.
    pub fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut out: Vec<String> = (1..=PITS)
            .filter(|&k| self.pits[pit(self.to_move, k)] > 0)
            .map(|k| k.to_string())
            .collect();
        out.sort();
        out
    }

    /// Drops one stone at pit index `i`: into a tuzdyk's owner's kazan (TK-5), else the pit.
    fn drop_stone(&mut self, i: usize) {
        match self.tuzdyk_owner(i) {
            Some(o) => self.stores[o] += 1,
            None => self.pits[i] += 1,
        }
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
        let them = 1 - me;
        let mut g = self.clone();
        // TK-2: the first stone back into the origin (a single stone moves on).
        let origin = pit(me, k);
        let stones = g.pits[origin];
        g.pits[origin] = 0;
        let mut last = origin;
        if stones == 1 {
            last = (origin + 1) % (2 * PITS);
            g.drop_stone(last);
        } else {
            g.drop_stone(origin);
            for _ in 1..stones {
                last = (last + 1) % (2 * PITS);
                g.drop_stone(last);
            }
        }
        // A last stone into a tuzdyk went to a kazan: nothing more happens.
        if g.tuzdyk_owner(last).is_none() && owner(last) == them {
            let n = g.pits[last];
            let mirror = g.tuzdyk[them].map(number);
            // TK-4: three stones make a tuzdyk, if allowed.
            if n == 3
                && g.tuzdyk[me].is_none()
                && number(last) != PITS
                && mirror != Some(number(last))
            {
                g.tuzdyk[me] = Some(last);
                g.stores[me] += n;
                g.pits[last] = 0;
            } else if n.is_multiple_of(2) {
                // TK-3: an even count is captured.
                g.stores[me] += n;
                g.pits[last] = 0;
            }
        }
        g.to_move = them;
        g.check_end();
        g
    }

    /// TK-6: a kazan with more than 81 ends the game, and so does a player to move with
    /// no stone in their row; the stones left go to the kazan of their row's owner.
    fn check_end(&mut self) {
        let decided = self.stores[0] > TOTAL / 2 || self.stores[1] > TOTAL / 2;
        let stuck = (1..=PITS).all(|k| self.pits[pit(self.to_move, k)] == 0);
        if decided || stuck {
            for i in 0..2 * PITS {
                self.stores[owner(i)] += self.pits[i];
                self.pits[i] = 0;
            }
            self.over = true;
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
        Some(match self.stores[0].cmp(&self.stores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// Stones in each kazan: [south, north].
    pub fn stores(&self) -> [u32; 2] {
        self.stores
    }

    /// Each player's pits from pit 1: [south, north].
    pub fn rows(&self) -> [Vec<u32>; 2] {
        [0, 1].map(|p| (1..=PITS).map(|k| self.pits[pit(p, k)]).collect())
    }

    /// The tuzdyks as (row owner, pit number, tuzdyk owner).
    pub fn marks(&self) -> Vec<(usize, usize, usize)> {
        (0..2)
            .filter_map(|p| self.tuzdyk[p].map(|i| (owner(i), number(i), p)))
            .collect()
    }

    /// Stones in all, pits and kazans: 162 in a game from the start.
    pub fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>() + self.stores[0] + self.stores[1]
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
}
