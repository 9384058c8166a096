//! A hand-written Mangala (rules MG-1 .. MG-5 of `docs/games/mangala.md`, with the Castle
//! variant), for speed comparisons: one array of 14 slots walked counterclockwise (South's
//! pits 1..6 are slots 0..5, South's store 6, North's pits 7..12, North's store 13, as the
//! engine numbers the sites), the sowing path of each mover as a table of next slots, and
//! the castles as a table of owners. Moves are the mover's non-empty pits in slot order; a
//! random playout draws `rng.below(number of legal moves)` once a ply, as `rulebook bench`
//! does.

use rulebook::analysis::Rng;

const SLOTS: usize = 14;
const NOBODY: u8 = 2;

fn store(p: usize) -> usize {
    6 + 7 * p
}

/// A position.
#[derive(Clone)]
pub struct Mangala {
    castle_variant: bool,
    board: [u8; SLOTS],
    to_move: usize,
    /// Per player, whether they have made their castle.
    has_castle: [bool; 2],
    /// Per slot, the owner of the castle on it, or [`NOBODY`].
    castle_of: [u8; SLOTS],
    over: bool,
    /// Per mover, the slot after each slot on the sowing path.
    next: [[u8; SLOTS]; 2],
}

impl Mangala {
    /// The start position; `castle` turns the Castle variant (MG-5) on.
    pub fn new(castle: bool) -> Mangala {
        let mut board = [4; SLOTS];
        board[store(0)] = 0;
        board[store(1)] = 0;
        let mut next = [[0; SLOTS]; 2];
        for (mover, row) in next.iter_mut().enumerate() {
            for (slot, n) in row.iter_mut().enumerate() {
                let mut s = (slot + 1) % SLOTS;
                while (castle && (s == store(0) || s == store(1)))
                    || (!castle && s == store(1 - mover))
                {
                    s = (s + 1) % SLOTS;
                }
                *n = s as u8;
            }
        }
        Mangala {
            castle_variant: castle,
            board,
            to_move: 0,
            has_castle: [false; 2],
            castle_of: [NOBODY; SLOTS],
            over: false,
            next,
        }
    }

    /// The legal moves: the mover's non-empty pits (slots), ascending.
    pub fn legal(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.over {
            return;
        }
        let base = 7 * self.to_move;
        out.extend(
            (base..base + 6)
                .filter(|&s| self.board[s] > 0)
                .map(|s| s as u8),
        );
    }

    /// Plays the sowing from `origin`, one of the mover's non-empty pits.
    pub fn apply(&mut self, origin: usize) {
        let me = self.to_move;
        let them = 1 - me;
        let path = &self.next[me];
        let mut stones = self.board[origin];
        self.board[origin] = 0;
        let mut last = if stones == 1 {
            path[origin] as usize
        } else {
            origin
        };
        let mut redirected;
        loop {
            let owner = self.castle_of[last];
            redirected = owner != NOBODY;
            if redirected {
                self.board[store(owner as usize)] += 1;
            } else {
                self.board[last] += 1;
            }
            stones -= 1;
            if stones == 0 {
                break;
            }
            last = path[last] as usize;
        }
        let mut extra_turn = false;
        if redirected {
        } else if last == store(me) {
            extra_turn = true;
        } else if last != store(them) && last / 7 == them {
            let n = self.board[last];
            if self.castle_variant && !self.has_castle[me] && n == 3 && last != store(them) - 1 {
                self.has_castle[me] = true;
                self.castle_of[last] = me as u8;
                self.board[store(me)] += n;
                self.board[last] = 0;
            } else if n.is_multiple_of(2) {
                self.board[store(me)] += n;
                self.board[last] = 0;
            }
        } else if last != store(them) && last / 7 == me && self.board[last] == 1 {
            let opp = 12 - last;
            if self.board[opp] > 0 {
                self.board[store(me)] += 1 + self.board[opp];
                self.board[last] = 0;
                self.board[opp] = 0;
            }
        }
        let row = |b: &[u8; SLOTS], p: usize| b[7 * p..7 * p + 6].iter().all(|&x| x == 0);
        let empty = [row(&self.board, 0), row(&self.board, 1)];
        if empty[0] || empty[1] {
            self.over = true;
            if empty[0] != empty[1] {
                let (e, other) = if empty[0] { (0, 1) } else { (1, 0) };
                for j in 0..6 {
                    self.board[store(e)] += self.board[7 * other + j];
                    self.board[7 * other + j] = 0;
                }
            }
        } else if !extra_turn {
            self.to_move = them;
        }
    }

    /// The winner (0 South, 1 North), `Some(None)` for a draw, `None` while playing.
    pub fn winner(&self) -> Option<Option<usize>> {
        self.over
            .then(|| match self.board[store(0)].cmp(&self.board[store(1)]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            })
    }

    /// One uniformly random playout from `start`, at most `cap` plies; returns the plies.
    pub fn playout(&mut self, start: &Mangala, rng: &mut Rng, cap: usize) -> usize {
        self.clone_from(start);
        for ply in 0..cap {
            if self.over {
                std::hint::black_box(self.winner());
                return ply;
            }
            let base = 7 * self.to_move;
            let pits = &self.board[base..base + 6];
            let count = pits.iter().filter(|&&x| x > 0).count();
            let mut k = rng.below(count);
            let mut origin = base;
            loop {
                if self.board[origin] > 0 {
                    if k == 0 {
                        break;
                    }
                    k -= 1;
                }
                origin += 1;
            }
            self.apply(origin);
        }
        cap
    }

    /// Leaf counts for depths 1..=depth.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.perft_into(0, &mut counts);
        counts
    }

    fn perft_into(&self, ply: usize, counts: &mut [u64]) {
        if ply == counts.len() {
            return;
        }
        let mut moves = Vec::new();
        self.legal(&mut moves);
        counts[ply] += moves.len() as u64;
        for m in moves {
            let mut next = self.clone();
            next.apply(m as usize);
            next.perft_into(ply + 1, counts);
        }
    }
}
