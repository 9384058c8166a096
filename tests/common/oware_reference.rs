//! An independent, deliberately naive implementation of Oware (abapa) as OpenSpiel's
//! `oware` plays it (rules OW-1..OW-7 of `docs/games/oware.md`), written from that rules
//! page and not from the engine. Used to prove the perft and scenario files before the
//! rule file exists, and to compare random games move by move with the engine.
//!
//! The twelve pits are one Vec walked counterclockwise: index `0..6` South's pits 1..6,
//! index `6..12` North's pits 1..6; after South's pit 6 comes North's pit 1, after North's
//! pit 6 South's pit 1. The stores (captured seeds) are kept apart: sowing never reaches
//! them. The game keeps every position it has been through, for the repetition rule.

/// The players' names, in turn order.
pub const PLAYERS: [&str; 2] = ["south", "north"];

/// Pits a side.
const PITS: usize = 6;

/// Index of player `p`'s pit `k` (1..=6).
fn pit(p: usize, k: usize) -> usize {
    PITS * p + k - 1
}

/// Owner of a pit index.
fn owner(i: usize) -> usize {
    i / PITS
}

/// A position: the pits, the stores, the player to move.
type Key = (Vec<u32>, [u32; 2], usize);

/// An Oware game: the position and the positions it went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pits: Vec<u32>,
    stores: [u32; 2],
    to_move: usize,
    over: bool,
    /// Every position of the game so far, the current one included (OW-7).
    seen: Vec<Key>,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// OW-1: four seeds in each of the twelve pits, the stores empty, South to move.
    pub fn new() -> Game {
        Game::with(vec![4; 2 * PITS], [0, 0], 0)
    }

    fn with(pits: Vec<u32>, stores: [u32; 2], to_move: usize) -> Game {
        let mut g = Game {
            pits,
            stores,
            to_move,
            over: false,
            seen: Vec::new(),
        };
        g.seen.push(g.key());
        g.check_end();
        g
    }

    fn key(&self) -> Key {
        (self.pits.clone(), self.stores, self.to_move)
    }

    /// Reads a position text (`4,4,4,4,4,4|0/4,4,4,4,4,4|0 south`). The ends of OW-6 are
    /// checked at once, as after a move; the repetition history starts afresh (OW-7).
    pub fn from_position(text: &str) -> Game {
        let (rows, player) = text.trim().split_once(' ').expect("board and player");
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .expect("a player's name");
        let mut pits = vec![0; 2 * PITS];
        let mut stores = [0; 2];
        let rows: Vec<&str> = rows.split('/').collect();
        assert_eq!(rows.len(), 2, "two rows");
        for (p, row) in rows.iter().enumerate() {
            let (row, st) = row.split_once('|').expect("pits|store");
            let row: Vec<u32> = row.split(',').map(|s| s.parse().unwrap()).collect();
            assert_eq!(row.len(), PITS, "six pits a row");
            for (k, v) in row.iter().enumerate() {
                pits[pit(p, k + 1)] = *v;
            }
            stores[p] = st.parse().unwrap();
        }
        Game::with(pits, stores, to_move)
    }

    /// The position text: each row from pit 1, `|` and the store, South's then North's.
    pub fn to_text(&self) -> String {
        let row = |p: usize| {
            let v: Vec<String> = (1..=PITS)
                .map(|k| self.pits[pit(p, k)].to_string())
                .collect();
            format!("{}|{}", v.join(","), self.stores[p])
        };
        format!("{}/{} {}", row(0), row(1), PLAYERS[self.to_move])
    }

    /// Seeds in player `p`'s row.
    fn row_sum(&self, p: usize) -> u32 {
        (1..=PITS).map(|k| self.pits[pit(p, k)]).sum()
    }

    /// The legal moves (OW-5): the mover's pits holding seeds; if the opponent's row is
    /// empty, only those whose sowing reaches it (more seeds than pits between it and the
    /// end of the mover's row). None once over.
    pub fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let me = self.to_move;
        let starving = self.row_sum(1 - me) == 0;
        let mut out: Vec<String> = (1..=PITS)
            .filter(|&k| {
                let n = self.pits[pit(me, k)] as usize;
                n > 0 && (!starving || n > PITS - k)
            })
            .map(|k| k.to_string())
            .collect();
        out.sort();
        out
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
        // OW-2: sow counterclockwise into the pits, never back into the origin.
        let origin = pit(me, k);
        let mut seeds = g.pits[origin];
        g.pits[origin] = 0;
        let mut last = origin;
        while seeds > 0 {
            last = (last + 1) % (2 * PITS);
            if last == origin {
                continue;
            }
            g.pits[last] += 1;
            seeds -= 1;
        }
        // OW-3: from the last pit, if it is the opponent's, walk back while 2 or 3.
        if owner(last) == them {
            let mut taken = Vec::new();
            let mut i = last;
            loop {
                let n = g.pits[i];
                if n != 2 && n != 3 {
                    break;
                }
                taken.push(i);
                if i == pit(them, 1) {
                    break;
                }
                i -= 1;
            }
            // OW-4: a capture that would leave the opponent no seed takes nothing.
            let left: u32 = (1..=PITS)
                .map(|j| pit(them, j))
                .filter(|i| !taken.contains(i))
                .map(|i| g.pits[i])
                .sum();
            if left > 0 {
                for i in taken {
                    g.stores[me] += g.pits[i];
                    g.pits[i] = 0;
                }
            }
        }
        g.to_move = them;
        // OW-7: a position seen before ends the game.
        let key = g.key();
        let repeated = g.seen.contains(&key);
        g.seen.push(key);
        if repeated {
            g.collect();
        }
        g.check_end();
        g
    }

    /// OW-6: a store over half the seeds (or both at half), or no legal move for the
    /// player to move, ends the game; the seeds left go to their row's owner.
    fn check_end(&mut self) {
        if self.over {
            return;
        }
        let half = (self.stores[0] + self.stores[1] + self.row_sum(0) + self.row_sum(1)) / 2;
        let decided = self.stores[0] > half
            || self.stores[1] > half
            || (self.stores[0] == half && self.stores[1] == half);
        if decided || self.moves().is_empty() {
            self.collect();
        }
    }

    /// Ends the game: every pit's seeds to its owner's store.
    fn collect(&mut self) {
        for i in 0..2 * PITS {
            self.stores[owner(i)] += self.pits[i];
            self.pits[i] = 0;
        }
        self.over = true;
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
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

    /// Seeds in each store: [south, north].
    pub fn stores(&self) -> [u32; 2] {
        self.stores
    }

    /// Each player's pits from pit 1: [south, north].
    pub fn rows(&self) -> [Vec<u32>; 2] {
        [0, 1].map(|p| (1..=PITS).map(|k| self.pits[pit(p, k)]).collect())
    }

    /// Seeds in all, pits and stores: 48 in a game from the start.
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
