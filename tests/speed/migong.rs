//! A hand-written Migong (rules MI-1 .. MI-6 of `docs/games/migong.md`, score by wedges),
//! for speed comparisons. Cells are numbered as the engine numbers them (rank by rank from
//! the bottom, files ascending, the centre left out); a cell's constraint is a 12-bit mask
//! (which sides are fixed, and their colours), and a table gives the tiles that meet each
//! constraint, so a cell's placeable tiles are `hand & matching[constraint]`. Moves are
//! the placements by cell, then tile; then the swap; a pass only when nothing else is
//! legal. A random playout draws `rng.below(number of legal moves)` once a ply, as
//! `rulebook bench` does, and scores the groups of wedges when the game ends.

use rulebook::analysis::Rng;

const SIDE: i32 = 7;
const CELLS: usize = 126;
const NONE: u16 = u16::MAX;

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    Place { cell: u8, tile: u8 },
    Swap,
    Pass,
}

/// The board's tables, shared by every position.
pub struct Tables {
    /// Per cell and side (E, NE, NW, W, SW, SE), the neighbouring cell or [`NONE`].
    neighbours: [[u16; 6]; CELLS],
    /// The constraints of the board's edges alone.
    edges: [u16; CELLS],
    /// Per constraint, the tiles (as bits) that meet it.
    matching: Vec<u64>,
}

impl Tables {
    pub fn new() -> Tables {
        let w = 2 * SIDE - 1;
        let mut index = vec![NONE; (w * w) as usize];
        let mut coords = Vec::new();
        for r in 0..w {
            for f in 0..w {
                let (q, p) = (f - (SIDE - 1), r - (SIDE - 1));
                let inside = q.abs().max(p.abs()).max((q - p).abs()) < SIDE;
                if inside && (q, p) != (0, 0) {
                    index[(r * w + f) as usize] = coords.len() as u16;
                    coords.push((f, r));
                }
            }
        }
        assert_eq!(coords.len(), CELLS);
        let steps = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
        let mut neighbours = [[NONE; 6]; CELLS];
        let mut edges = [0u16; CELLS];
        for (c, &(f, r)) in coords.iter().enumerate() {
            for (side, (df, dr)) in steps.iter().enumerate() {
                let (nf, nr) = (f + df, r + dr);
                let n = if (0..w).contains(&nf) && (0..w).contains(&nr) {
                    index[(nr * w + nf) as usize]
                } else {
                    NONE
                };
                neighbours[c][side] = n;
                if n == NONE {
                    // Edges facing E, NW, SW are blue (0); W, NE, SE yellow (1).
                    edges[c] |= 1 << (6 + side) | ((side as u16 & 1) << side);
                }
            }
        }
        let matching = (0..4096usize)
            .map(|c| {
                let (care, want) = (c >> 6, c & 63);
                (0..64)
                    .filter(|k| (k ^ want) & care == 0)
                    .fold(0u64, |s, k| s | 1 << k)
            })
            .collect();
        Tables {
            neighbours,
            edges,
            matching,
        }
    }
}

/// A position.
#[derive(Clone)]
pub struct Migong {
    /// Per cell, the tile on it (0..63), or [`NONE`].
    tile: [u16; CELLS],
    /// Per cell, what its sides must be: `care << 6 | want`.
    constraint: [u16; CELLS],
    /// The empty cells as bits.
    empty: [u64; 2],
    hands: [u64; 2],
    placed: [u32; 2],
    to_move: usize,
    passes: u8,
    swapped: bool,
    last_placer: Option<usize>,
    over: bool,
}

impl Migong {
    /// The start position.
    pub fn new(t: &Tables) -> Migong {
        Migong {
            tile: [NONE; CELLS],
            constraint: t.edges,
            empty: [u64::MAX, (1u64 << (CELLS - 64)) - 1],
            hands: [!(1u64 << 63), !1u64],
            placed: [0; 2],
            to_move: 0,
            passes: 0,
            swapped: false,
            last_placer: None,
            over: false,
        }
    }

    fn swap_open(&self) -> bool {
        !self.swapped && self.to_move == 1 && self.placed == [1, 0]
    }

    fn placeable(&self, t: &Tables, cell: usize) -> u64 {
        self.hands[self.to_move] & t.matching[self.constraint[cell] as usize]
    }

    /// The legal moves in the engine's order.
    pub fn legal(&self, t: &Tables, out: &mut Vec<Mv>) {
        out.clear();
        if self.over {
            return;
        }
        for cell in 0..CELLS {
            if self.tile[cell] == NONE {
                let mut set = self.placeable(t, cell);
                while set != 0 {
                    let tile = set.trailing_zeros() as u8;
                    set &= set - 1;
                    out.push(Mv::Place {
                        cell: cell as u8,
                        tile,
                    });
                }
            }
        }
        if self.swap_open() {
            out.push(Mv::Swap);
        }
        if out.is_empty() {
            out.push(Mv::Pass);
        }
    }

    /// The move `rng.below(count)` of the legal moves, found without listing them.
    fn pick(&self, t: &Tables, rng: &mut Rng) -> Mv {
        let mut total = self.swap_open() as usize;
        for (w, &word) in self.empty.iter().enumerate() {
            let mut e = word;
            while e != 0 {
                let cell = w * 64 + e.trailing_zeros() as usize;
                e &= e - 1;
                total += self.placeable(t, cell).count_ones() as usize;
            }
        }
        if total == 0 {
            return Mv::Pass;
        }
        let mut k = rng.below(total);
        for (w, &word) in self.empty.iter().enumerate() {
            let mut e = word;
            while e != 0 {
                let cell = w * 64 + e.trailing_zeros() as usize;
                e &= e - 1;
                let mut set = self.placeable(t, cell);
                let n = set.count_ones() as usize;
                if k < n {
                    for _ in 0..k {
                        set &= set - 1;
                    }
                    let tile = set.trailing_zeros() as u8;
                    return Mv::Place {
                        cell: cell as u8,
                        tile,
                    };
                }
                k -= n;
            }
        }
        Mv::Swap
    }

    /// Plays a legal move.
    pub fn apply(&mut self, t: &Tables, m: Mv) {
        let me = self.to_move;
        match m {
            Mv::Place { cell, tile } => {
                let (cell, tile) = (cell as usize, tile as u16);
                self.tile[cell] = tile;
                self.empty[cell / 64] &= !(1 << (cell % 64));
                self.hands[me] &= !(1 << tile);
                self.placed[me] += 1;
                for (side, &n) in t.neighbours[cell].iter().enumerate() {
                    if n != NONE {
                        let facing = (side + 3) % 6;
                        let colour = (tile >> side) & 1;
                        self.constraint[n as usize] |= 1 << (6 + facing) | colour << facing;
                    }
                }
                self.passes = 0;
                self.last_placer = Some(me);
                self.to_move = 1 - me;
            }
            Mv::Swap => {
                self.swapped = true;
                self.passes = 0;
            }
            Mv::Pass => {
                self.passes += 1;
                self.to_move = 1 - me;
                if self.passes >= 2 {
                    self.over = true;
                }
            }
        }
    }

    /// The winner when the game is over: the higher score by wedges, at 0-0 the player
    /// who did not make the last placement. `parent` is work space.
    pub fn winner(&self, t: &Tables, parent: &mut [u16; CELLS * 6]) -> usize {
        let colour = |w: usize| (self.tile[w / 6] >> (w % 6)) & 1;
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        fn find(parent: &mut [u16], mut i: usize) -> usize {
            while parent[i] as usize != i {
                parent[i] = parent[parent[i] as usize];
                i = parent[i] as usize;
            }
            i
        }
        let union = |parent: &mut [u16; CELLS * 6], a: usize, b: usize| {
            let (a, b) = (find(parent, a), find(parent, b));
            if a != b {
                parent[a] = b as u16;
            }
        };
        for cell in 0..CELLS {
            if self.tile[cell] == NONE {
                continue;
            }
            for side in 0..6 {
                let (a, b) = (cell * 6 + side, cell * 6 + (side + 1) % 6);
                if colour(a) == colour(b) {
                    union(parent, a, b);
                }
                let n = t.neighbours[cell][side];
                if side < 3 && n != NONE && self.tile[n as usize] != NONE {
                    union(parent, a, n as usize * 6 + side + 3);
                }
            }
        }
        let mut size = [0u16; CELLS * 6];
        for cell in 0..CELLS {
            if self.tile[cell] != NONE {
                for side in 0..6 {
                    size[find(parent, cell * 6 + side)] += 1;
                }
            }
        }
        let mut groups = [[0u32; 2]; CELLS * 6 + 1];
        for (root, &s) in size.iter().enumerate() {
            if s > 0 {
                groups[s as usize][colour(root) as usize] += 1;
            }
        }
        let score = |p: usize| {
            (1..groups.len())
                .rev()
                .find(|&s| groups[s][p] > groups[s][1 - p])
                .unwrap_or(0)
        };
        let (a, b) = (score(0), score(1));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 1 - self.last_placer.unwrap_or(1),
        }
    }

    /// One uniformly random playout from `start`, at most `cap` plies, scored at its end;
    /// returns the plies (and adds the winner to `wins`).
    pub fn playout(
        &mut self,
        t: &Tables,
        start: &Migong,
        rng: &mut Rng,
        cap: usize,
        work: &mut Work,
    ) -> usize {
        self.clone_from(start);
        for ply in 0..cap {
            if self.over {
                work.wins[self.winner(t, &mut work.parent)] += 1;
                return ply;
            }
            let m = self.pick(t, rng);
            self.apply(t, m);
        }
        cap
    }

    /// Leaf counts for depths 1..=depth.
    pub fn perft(&self, t: &Tables, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.perft_into(t, 0, &mut counts);
        counts
    }

    fn perft_into(&self, t: &Tables, ply: usize, counts: &mut [u64]) {
        if ply == counts.len() {
            return;
        }
        let mut moves = Vec::new();
        self.legal(t, &mut moves);
        counts[ply] += moves.len() as u64;
        if ply + 1 == counts.len() {
            return;
        }
        for m in moves {
            let mut next = self.clone();
            next.apply(t, m);
            next.perft_into(t, ply + 1, counts);
        }
    }
}

/// Work space of playouts, kept between them, and the wins counted.
pub struct Work {
    parent: Box<[u16; CELLS * 6]>,
    /// Playouts won by blue and by yellow.
    pub wins: [u64; 2],
}

impl Work {
    pub fn new() -> Work {
        Work {
            parent: Box::new([0; CELLS * 6]),
            wins: [0; 2],
        }
    }
}
