//! An independent, deliberately naive implementation of Ayoayo, the Yoruba relay-sowing
//! mancala (rules AY-1..AY-8 of `docs/games/ayoayo.md`), written from that rules page and
//! not from the engine. Used to prove the perft and scenario files before the rule file
//! exists, and to compare random games move by move with the engine.
//!
//! The twelve pits are one Vec walked counterclockwise: index `0..6` South's pits 1..6,
//! index `6..12` North's pits 1..6; after South's pit 6 comes North's pit 1, after North's
//! pit 6 South's pit 1. The pit facing index `i` is index `11 - i` (South's pit k faces
//! North's pit 7 - k). The stores (captured seeds) are kept apart: sowing never reaches
//! them. The game keeps every position it has been through, for the repetition rule.

/// The players' names, in turn order.
pub const PLAYERS: [&str; 2] = ["south", "north"];

/// Pits a side.
const PITS: usize = 6;

/// Pits on the board.
const ALL: usize = 2 * PITS;

/// AY-8: the lifts a move may make (the first lift and every relay lift count).
pub const MAX_LIFTS: u32 = 1000;

/// Index of player `p`'s pit `k` (1..=6).
fn pit(p: usize, k: usize) -> usize {
    PITS * p + k - 1
}

/// Owner of a pit index.
fn owner(i: usize) -> usize {
    i / PITS
}

/// The pit across from pit index `i` (AY-4).
fn opposite(i: usize) -> usize {
    ALL - 1 - i
}

/// A position: the pits, the stores, the player to move.
type Key = (Vec<u32>, [u32; 2], usize);

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// AY-6: the player to move had no legal move.
    NoMove,
    /// AY-7: a position came back.
    Repetition,
}

/// What the last move did, for the statistics of the random games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Lifts made (1 for a move without relay; AY-8 stops it at [`MAX_LIFTS`]).
    pub lifts: u32,
    /// Laps of 12 seeds or more (AY-2: the lap passed over its own pit).
    pub long_laps: u32,
    /// Seeds captured (AY-4).
    pub captured: u32,
    /// Whether the opponent's row was empty before the move (AY-5).
    pub feeding: bool,
    /// Whether AY-5 ruled out at least one pit that held seeds.
    pub feeding_refused: bool,
}

/// An Ayoayo game: the position and the positions it went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pits: Vec<u32>,
    stores: [u32; 2],
    to_move: usize,
    end: Option<End>,
    /// Every position of the game so far, the current one included (AY-7).
    seen: Vec<Key>,
    /// What the move that led here did.
    trace: Trace,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// AY-1: four seeds in each of the twelve pits, the stores empty, South to move.
    pub fn new() -> Game {
        Game::with(vec![4; ALL], [0, 0], 0)
    }

    fn with(pits: Vec<u32>, stores: [u32; 2], to_move: usize) -> Game {
        let mut g = Game {
            pits,
            stores,
            to_move,
            end: None,
            seen: Vec::new(),
            trace: Trace::default(),
        };
        g.seen.push(g.key());
        g.check_end();
        g
    }

    fn key(&self) -> Key {
        (self.pits.clone(), self.stores, self.to_move)
    }

    /// Reads a position text (`4,4,4,4,4,4|0/4,4,4,4,4,4|0 south`). The end of AY-6 is
    /// checked at once, as after a move; the position is the first of the game (AY-7).
    pub fn from_position(text: &str) -> Game {
        let (rows, player) = text.trim().split_once(' ').expect("board and player");
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .expect("a player's name");
        let mut pits = vec![0; ALL];
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
    fn row_sum_of(pits: &[u32], p: usize) -> u32 {
        (1..=PITS).map(|k| pits[pit(p, k)]).sum()
    }

    /// AY-2, AY-3, AY-4, AY-8: the pits and stores after player `me` sows pit `k`, and
    /// what the move did.
    fn sow(&self, me: usize, k: usize) -> (Vec<u32>, [u32; 2], Trace) {
        let mut pits = self.pits.clone();
        let mut stores = self.stores;
        let mut trace = Trace::default();
        let mut from = pit(me, k);
        let last = loop {
            // AY-2: lift every seed of the pit, sow one a pit, passing over the pit lifted.
            let mut seeds = pits[from];
            assert!(seeds > 0, "a lap lifts seeds");
            pits[from] = 0;
            trace.lifts += 1;
            if seeds >= ALL as u32 {
                trace.long_laps += 1;
            }
            let mut at = from;
            while seeds > 0 {
                at = (at + 1) % ALL;
                if at == from {
                    continue;
                }
                pits[at] += 1;
                seeds -= 1;
            }
            // AY-3: a last seed in an empty pit ends the move; otherwise lift that pit,
            // unless AY-8's limit is reached.
            if pits[at] == 1 || trace.lifts == MAX_LIFTS {
                break at;
            }
            from = at;
        };
        // AY-4: ended in an empty pit of the mover's row: the seeds across are taken.
        if pits[last] == 1 && owner(last) == me {
            let across = opposite(last);
            trace.captured = pits[across];
            stores[me] += pits[across];
            pits[across] = 0;
        }
        (pits, stores, trace)
    }

    /// The pits of the mover's that may be played (AY-5), with whether the opponent's
    /// row is empty and whether that ruled out a pit.
    fn legal_pits(&self) -> (Vec<usize>, bool, bool) {
        if self.end.is_some() {
            return (Vec::new(), false, false);
        }
        let me = self.to_move;
        let them = 1 - me;
        let feeding = Game::row_sum_of(&self.pits, them) == 0;
        let filled: Vec<usize> = (1..=PITS).filter(|&k| self.pits[pit(me, k)] > 0).collect();
        if !feeding {
            return (filled, false, false);
        }
        let fed: Vec<usize> = filled
            .iter()
            .copied()
            .filter(|&k| Game::row_sum_of(&self.sow(me, k).0, them) > 0)
            .collect();
        let refused = fed.len() < filled.len();
        (fed, true, refused)
    }

    /// The legal moves, sorted: the numbers of the pits that may be played. None once
    /// the game is over.
    pub fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self.legal_pits().0.iter().map(|k| k.to_string()).collect();
        out.sort();
        out
    }

    /// Plays a move given as text. Panics if it is not legal.
    pub fn play(&self, text: &str) -> Game {
        let (legal, feeding, refused) = self.legal_pits();
        let k: usize = text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{text} is not a pit number"));
        assert!(
            legal.contains(&k),
            "{text} is not legal in {}",
            self.to_text()
        );
        let me = self.to_move;
        let (pits, stores, mut trace) = self.sow(me, k);
        trace.feeding = feeding;
        trace.feeding_refused = refused;
        let mut g = self.clone();
        g.pits = pits;
        g.stores = stores;
        g.trace = trace;
        g.to_move = 1 - me;
        // AY-7: a position seen before ends the game.
        let key = g.key();
        let repeated = g.seen.contains(&key);
        g.seen.push(key);
        if repeated {
            g.collect(End::Repetition);
        }
        g.check_end();
        g
    }

    /// AY-6: no legal move for the player to move ends the game.
    fn check_end(&mut self) {
        if self.end.is_none() && self.legal_pits().0.is_empty() {
            self.collect(End::NoMove);
        }
    }

    /// Ends the game: every pit's seeds to its owner's store.
    fn collect(&mut self, why: End) {
        for i in 0..ALL {
            self.stores[owner(i)] += self.pits[i];
            self.pits[i] = 0;
        }
        self.end = Some(why);
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Why the game ended, if it did.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// What the move that led here did (default for a position read from text).
    pub fn trace(&self) -> Trace {
        self.trace
    }

    /// The player to move (0 South, 1 North).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// None while the game goes on; Some(None) a draw; Some(Some(p)) player p won.
    pub fn outcome(&self) -> Option<Option<usize>> {
        self.end?;
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
