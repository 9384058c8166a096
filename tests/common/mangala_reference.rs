//! An independent, deliberately simple implementation of Mangala (MG-1..MG-5 of the
//! project's rules, `docs/games/mangala.md`), written from the rules text and not from
//! the engine. Used only to cross-check perft counts.
//!
//! Board layout: one array of 14 slots walked counterclockwise.
//!
//! ```text
//!   slot  0..=5   South's pits 1..6 (South's numbering, pit 6 next to South's store)
//!   slot  6       South's store
//!   slot  7..=12  North's pits 1..6 (North's numbering, pit 6 next to North's store)
//!   slot 13       North's store
//! ```
//!
//! Going one slot forward (`i + 1` mod 14) is one step counterclockwise: South's row towards
//! South's store, South's store, North's row from North's pit 1 (North's left, which is at
//! South's right) to North's pit 6, North's store, and back to South's pit 1. South's pit `k`
//! (slot `k - 1`) faces North's pit `7 - k` (slot `13 - k`), so slot `i` faces slot `12 - i`.
//!
//! Choices where the rules text leaves room (see also the test file):
//! - Laps of 13 or more stones (12 or more in the castle variant) go on around the board and
//!   pass the origin pit like any other pit (it is not skipped).
//! - Castle variant: a castle stays a slot on the sowing path; a stone sown into it is
//!   counted as sown and is put into the castle owner's store. If the *last* stone is
//!   redirected that way, none of the MG-3 / MG-5 checks apply to it (no extra turn, no
//!   capture, no castle), whoever owns the castle.
//! - Castle variant: both stores are skipped when sowing, so the extra-turn case never
//!   happens.
//! - The empty-pit capture needs the last stone's pit to hold exactly 1 stone after sowing
//!   (it was empty just before the last stone). A pit opposite a castle is always empty, so
//!   such a capture takes nothing.
//! - MG-4 is checked after every ply, before the extra turn is granted.
//!
//! Of these, two change perft from the start in the castle variant from depth 6 on (depths
//! 1..5 agree): counting a redirected last stone as "now 1 in an own pit that was empty"
//! (empty-pit capture) gives 34330 instead of 34342 at depth 6, and skipping castles on
//! the sowing path gives 34332. Skipping the origin pit on long laps changes nothing up to
//! depth 9 in either variant.

/// Number of slots on the board (12 pits and 2 stores).
const SLOTS: usize = 14;

/// Slot of player `p`'s store.
fn store(p: usize) -> usize {
    6 + 7 * p
}

/// Slot of player `p`'s pit `k` (1..=6).
fn pit(p: usize, k: usize) -> usize {
    7 * p + k - 1
}

/// Owner of a pit slot (never call with a store).
fn owner(slot: usize) -> usize {
    if slot < 6 {
        0
    } else {
        1
    }
}

/// Slot facing pit slot `slot`.
fn opposite(slot: usize) -> usize {
    12 - slot
}

/// A Mangala position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    castle_variant: bool,
    board: [u32; SLOTS],
    to_move: usize,
    /// `castles[p]` is the slot of player `p`'s castle (in the opponent's row), if made.
    castles: [Option<usize>; 2],
    over: bool,
}

/// Start position; `castle` turns the MG-5 castle variant on.
pub fn new(castle: bool) -> Game {
    let mut board = [4; SLOTS];
    board[store(0)] = 0;
    board[store(1)] = 0;
    Game {
        castle_variant: castle,
        board,
        to_move: 0,
        castles: [None, None],
        over: false,
    }
}

impl Game {
    /// Start position (same as the free function [`new`]).
    pub fn new(castle: bool) -> Game {
        new(castle)
    }

    /// Legal moves: the mover's non-empty pits, as "1".."6" ascending. Empty when over.
    pub fn moves(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        (1..=6)
            .filter(|&k| self.board[pit(self.to_move, k)] > 0)
            .map(|k| k.to_string())
            .collect()
    }

    /// The slot after `slot` on the sowing path of `mover`.
    fn next(&self, slot: usize, mover: usize) -> usize {
        let mut s = (slot + 1) % SLOTS;
        loop {
            let skip = if self.castle_variant {
                s == store(0) || s == store(1)
            } else {
                s == store(1 - mover)
            };
            if !skip {
                return s;
            }
            s = (s + 1) % SLOTS;
        }
    }

    /// The owner of the castle at `slot`, if `slot` is a castle.
    fn castle_owner(&self, slot: usize) -> Option<usize> {
        (0..2).find(|&p| self.castles[p] == Some(slot))
    }

    /// Puts one stone into `slot` (or into the castle owner's store); returns whether it
    /// was redirected from a castle.
    fn drop_stone(&mut self, slot: usize) -> bool {
        match self.castle_owner(slot) {
            Some(p) => {
                self.board[store(p)] += 1;
                true
            }
            None => {
                self.board[slot] += 1;
                false
            }
        }
    }

    /// Plays move `mv` ("1".."6", the mover's pit). Panics on an illegal move.
    pub fn play(&self, mv: &str) -> Game {
        let k: usize = mv.trim().parse().expect("move must be a pit number 1..6");
        assert!((1..=6).contains(&k), "pit number out of range: {mv}");
        assert!(!self.over, "game is over");
        let me = self.to_move;
        let them = 1 - me;
        let origin = pit(me, k);
        let stones = self.board[origin];
        assert!(stones > 0, "pit {k} is empty");
        let mut g = self.clone();

        // MG-2 sowing.
        g.board[origin] = 0;
        let mut last;
        let mut redirected;
        if stones == 1 {
            last = g.next(origin, me);
            redirected = g.drop_stone(last);
        } else {
            last = origin;
            redirected = g.drop_stone(origin);
            for _ in 1..stones {
                last = g.next(last, me);
                redirected = g.drop_stone(last);
            }
        }

        // MG-3 (and MG-5) after sowing: at most one applies.
        let mut extra_turn = false;
        if redirected {
            // A last stone redirected from a castle to a store does nothing more.
        } else if last == store(me) {
            extra_turn = true;
        } else if last != store(them) && owner(last) == them {
            let n = g.board[last];
            if g.castle_variant && g.castles[me].is_none() && n == 3 && last != pit(them, 6) {
                g.castles[me] = Some(last);
                g.board[store(me)] += n;
                g.board[last] = 0;
            } else if n.is_multiple_of(2) {
                g.board[store(me)] += n;
                g.board[last] = 0;
            }
        } else if last != store(them) && owner(last) == me && g.board[last] == 1 {
            let opp = opposite(last);
            if g.board[opp] > 0 {
                g.board[store(me)] += 1 + g.board[opp];
                g.board[last] = 0;
                g.board[opp] = 0;
            }
        }

        // MG-4 end of the game, checked after every ply.
        let row_empty = |g: &Game, p: usize| (1..=6).all(|j| g.board[pit(p, j)] == 0);
        let empty = [row_empty(&g, 0), row_empty(&g, 1)];
        if empty[0] || empty[1] {
            g.over = true;
            if empty[0] != empty[1] {
                let (e, other) = if empty[0] { (0, 1) } else { (1, 0) };
                for j in 1..=6 {
                    g.board[store(e)] += g.board[pit(other, j)];
                    g.board[pit(other, j)] = 0;
                }
            }
        } else if !extra_turn {
            g.to_move = them;
        }
        g
    }

    /// Leaf counts for depths 1..=depth (plies; a finished game has no moves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0u64; depth];
        self.perft_into(0, &mut counts);
        counts
    }

    fn perft_into(&self, ply: usize, counts: &mut [u64]) {
        if ply >= counts.len() {
            return;
        }
        for mv in self.moves() {
            counts[ply] += 1;
            self.play(&mv).perft_into(ply + 1, counts);
        }
    }

    /// Stores: [south, north].
    pub fn stores(&self) -> [u32; 2] {
        [self.board[store(0)], self.board[store(1)]]
    }

    /// Each player's pits in that player's numbering 1..6: [south, north].
    pub fn pits(&self) -> [[u32; 6]; 2] {
        let mut out = [[0; 6]; 2];
        for (p, row) in out.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                *v = self.board[pit(p, j + 1)];
            }
        }
        out
    }

    /// Player to move: 0 South, 1 North (after the end: the player who made the last ply).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Whether the game has ended (MG-4).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// None while playing; Some(None) for a draw; Some(Some(p)) if player p won.
    pub fn winner(&self) -> Option<Option<usize>> {
        if !self.over {
            return None;
        }
        let [s, n] = self.stores();
        Some(match s.cmp(&n) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The castles: `castles()[p]` is player p's castle as (owner of the pit, pit number
    /// in that owner's numbering), if player p has made one.
    pub fn castles(&self) -> [Option<(usize, usize)>; 2] {
        self.castles
            .map(|c| c.map(|slot| (owner(slot), slot - 7 * owner(slot) + 1)))
    }
}
