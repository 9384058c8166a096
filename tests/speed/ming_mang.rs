//! A hand-written Ming Mang (and Gundru), for speed comparisons: rules MM-1 .. MM-7 of
//! `docs/games/ming-mang.md` and `docs/games/gundru.md`, written directly for the game
//! rather than interpreted. A mailbox board with a border of off-board cells, bit sets of
//! each side's stones (for moving them in site order), an incremental Zobrist hash, and an
//! open-addressing set of the positions seen for the ban on repetition (MM-5).
//!
//! Moves come in the engine's order (by site moved from, then site moved to; slides before
//! jumps), so that the same random numbers pick the same moves: a random playout draws
//! `rng.below(number of legal moves)` once a ply, as `rulebook bench` does; under the ban,
//! it samples a move before testing it, again as the engine does: a slide drawn among all
//! the slides, counted without listing them, and tested alone, drawn again when the ban
//! refuses it, and after 8 refusals a draw from the list of moves before the ban, without
//! putting back, until one it allows.

use rulebook::analysis::Rng;

/// The most slides a pick under the ban draws and tests alone before it lists the moves
/// (the engine's `UNLISTED_DRAWS`).
const DRAWS: usize = 8;

/// Empty, black, white, off the board.
const EMPTY: u8 = 0;
const OFF: u8 = 3;

/// The rules in force.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Board size n (n x n points).
    pub n: usize,
    /// MM-5: the ban on repetition.
    pub ban: bool,
    /// MM-6, first reading: runs along the perimeter bending at one corner.
    pub corner: bool,
    /// MM-7: the lone stone's jump.
    pub lone_jump: bool,
    /// Gundru's setup instead of Ming Mang's.
    pub gundru: bool,
}

/// A move: the cell left and the cell reached, as mailbox indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub from: u16,
    pub to: u16,
}

/// A position with its tables.
#[derive(Clone)]
pub struct MingMang {
    rules: Rules,
    /// Mailbox width: n + 2.
    w: usize,
    cells: Vec<u8>,
    /// Per colour (index 1, 2), stones as bits of the site `rank * n + file`.
    bits: [[u64; 7]; 3],
    count: [u32; 3],
    to_move: u8,
    hash: u64,
    keys: Vec<[u64; 3]>,
    side_key: u64,
    /// Site (rank * n + file) to mailbox index.
    cell_of: Vec<u16>,
    /// Mailbox index to its place on the perimeter loop (or u16::MAX), and the loop.
    ring_pos: Vec<u16>,
    ring: Vec<u16>,
    is_corner: Vec<bool>,
    seen: Seen,
}

/// A set of position hashes (open addressing, never shrinks; cleared per game).
#[derive(Clone)]
struct Seen {
    slots: Vec<u64>,
    used: Vec<u32>,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            slots: vec![0; 4096],
            used: Vec::with_capacity(4096),
        }
    }

    fn clear(&mut self) {
        for &i in &self.used {
            self.slots[i as usize] = 0;
        }
        self.used.clear();
    }

    fn contains(&self, h: u64) -> bool {
        let h = h | 1;
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                x if x == h => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn insert(&mut self, h: u64) {
        let h = h | 1;
        let mask = self.slots.len() - 1;
        if self.used.len() * 2 >= self.slots.len() {
            // Grow (rare: only for games longer than 2,048 plies).
            let old: Vec<u64> = self.used.iter().map(|&i| self.slots[i as usize]).collect();
            self.slots = vec![0; self.slots.len() * 2];
            self.used.clear();
            for x in old {
                self.insert(x);
            }
            return self.insert(h);
        }
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = h;
                    self.used.push(i as u32);
                    return;
                }
                x if x == h => return,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

impl MingMang {
    /// The start position.
    pub fn new(rules: Rules) -> MingMang {
        let n = rules.n;
        let w = n + 2;
        let cells = vec![OFF; w * w];
        let mut cell_of = vec![0u16; n * n];
        let mut rng = Rng::new(0x5eed);
        let keys = (0..w * w)
            .map(|_| [0, rng.next_u64(), rng.next_u64()])
            .collect();
        for r in 0..n {
            for f in 0..n {
                cell_of[r * n + f] = ((r + 1) * w + f + 1) as u16;
            }
        }
        let mut ring = Vec::new();
        ring.extend((0..n).map(|f| (0, f)));
        ring.extend((1..n).map(|r| (r, n - 1)));
        ring.extend((0..n - 1).rev().map(|f| (n - 1, f)));
        ring.extend((1..n - 1).rev().map(|r| (r, 0)));
        let ring: Vec<u16> = ring.iter().map(|&(r, f)| cell_of[r * n + f]).collect();
        let mut ring_pos = vec![u16::MAX; w * w];
        for (i, &c) in ring.iter().enumerate() {
            ring_pos[c as usize] = i as u16;
        }
        let mut is_corner = vec![false; w * w];
        for (r, f) in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)] {
            is_corner[cell_of[r * n + f] as usize] = true;
        }
        let mut g = MingMang {
            rules,
            w,
            cells,
            bits: [[0; 7]; 3],
            count: [0; 3],
            to_move: 1,
            hash: 0,
            keys,
            side_key: rng.next_u64(),
            cell_of,
            ring_pos,
            ring,
            is_corner,
            seen: Seen::new(),
        };
        for r in 0..n {
            for f in 0..n {
                let (left, right, bottom, top) = (f == 0, f == n - 1, r == 0, r == n - 1);
                let owner = if rules.gundru {
                    if top || (right && !bottom) {
                        1
                    } else if bottom || (left && !top) {
                        2
                    } else {
                        EMPTY
                    }
                } else if right || (top && !left) {
                    1
                } else if left || (bottom && !right) {
                    2
                } else {
                    EMPTY
                };
                let c = g.cell_of[r * n + f] as usize;
                g.cells[c] = EMPTY;
                if owner != EMPTY {
                    g.put(r * n + f, owner);
                }
            }
        }
        g.seen.insert(g.hash);
        g
    }

    /// Copies `start` into this position, reusing its buffers.
    pub fn reset(&mut self, start: &MingMang) {
        self.cells.copy_from_slice(&start.cells);
        self.bits = start.bits;
        self.count = start.count;
        self.to_move = start.to_move;
        self.hash = start.hash;
        self.seen.clear();
        self.seen.insert(self.hash);
    }

    fn site(&self, cell: usize) -> usize {
        let (r, f) = (cell / self.w - 1, cell % self.w - 1);
        r * self.rules.n + f
    }

    /// Puts a stone of `colour` on an empty site (rank * n + file).
    fn put(&mut self, site: usize, colour: u8) {
        let c = self.cell_of[site] as usize;
        self.cells[c] = colour;
        self.bits[colour as usize][site / 64] |= 1 << (site % 64);
        self.count[colour as usize] += 1;
        self.hash ^= self.keys[c][colour as usize];
    }

    fn lift(&mut self, cell: usize) {
        let colour = self.cells[cell];
        let site = self.site(cell);
        self.cells[cell] = EMPTY;
        self.bits[colour as usize][site / 64] &= !(1 << (site % 64));
        self.count[colour as usize] -= 1;
        self.hash ^= self.keys[cell][colour as usize];
    }

    /// The mailbox steps north, east, south, west.
    fn dirs(&self) -> [isize; 4] {
        let w = self.w as isize;
        [w, 1, -w, -1]
    }

    /// Whether the lone stone's jump is in force for the mover.
    fn jumping(&self) -> bool {
        self.rules.lone_jump && self.count[self.to_move as usize] == 1
    }

    /// Appends the pseudo-legal moves in the engine's order.
    fn pseudo(&self, out: &mut Vec<Mv>) {
        let me = self.to_move as usize;
        let w = self.w;
        for (word, &b) in self.bits[me].iter().enumerate() {
            let mut b = b;
            while b != 0 {
                let site = word * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let from = self.cell_of[site] as usize;
                // South and west far to near, then east and north near to far: site order.
                for step in [w, 1] {
                    let mut to = from - step;
                    while self.cells[to] == EMPTY {
                        to -= step;
                    }
                    let mut t = to + step;
                    while t < from {
                        out.push(Mv {
                            from: from as u16,
                            to: t as u16,
                        });
                        t += step;
                    }
                }
                for step in [1, w] {
                    let mut to = from + step;
                    while self.cells[to] == EMPTY {
                        out.push(Mv {
                            from: from as u16,
                            to: to as u16,
                        });
                        to += step;
                    }
                }
            }
        }
        if self.jumping() {
            let from = (0..self.cells.len())
                .find(|&c| self.cells[c] == me as u8)
                .expect("the lone stone");
            let enemy = 3 - me as u8;
            // Landing sites in site order: south, west, east, north.
            for d in [-(w as isize), -1, 1, w as isize] {
                let over = (from as isize + d) as usize;
                let land = (over as isize + d) as usize;
                if self.cells[over] == enemy && land < self.cells.len() && self.cells[land] == EMPTY
                {
                    out.push(Mv {
                        from: from as u16,
                        to: land as u16,
                    });
                }
            }
        }
    }

    /// The legal moves in the engine's order.
    pub fn legal(&self, out: &mut Vec<Mv>, caps: &mut Vec<u16>) {
        out.clear();
        self.pseudo(out);
        if self.rules.ban {
            out.retain(|&m| !self.seen.contains(self.hash_after(m, caps)));
        }
    }

    /// The stones a move captures (converts), found on the board as the move leaves it.
    fn captures(&self, m: Mv, caps: &mut Vec<u16>) {
        caps.clear();
        let me = self.to_move;
        let enemy = 3 - me;
        let (from, to) = (m.from as usize, m.to as usize);
        let mid = self.jump_over(m);
        let cell = |c: usize| {
            if c == from {
                EMPTY
            } else if c == to || Some(c) == mid {
                me
            } else {
                self.cells[c]
            }
        };
        for d in self.dirs() {
            let start = caps.len();
            let mut c = (to as isize + d) as usize;
            while cell(c) == enemy {
                caps.push(c as u16);
                c = (c as isize + d) as usize;
            }
            if cell(c) != me {
                caps.truncate(start);
            }
        }
        if !self.rules.corner || self.ring_pos[to] == u16::MAX {
            return;
        }
        let len = self.ring.len();
        let at = self.ring_pos[to] as usize;
        for step in [1, len - 1] {
            let start = caps.len();
            let mut k = (at + step) % len;
            let mut corners_inside = 0;
            let mut last_corner = false;
            while k != at && cell(self.ring[k] as usize) == enemy {
                let c = self.ring[k] as usize;
                caps.push(c as u16);
                // A corner counts when a stone of the run follows it.
                corners_inside += last_corner as u32;
                last_corner = self.is_corner[c] && caps.len() > start + 1;
                k = (k + step) % len;
            }
            let closed = k != at && cell(self.ring[k] as usize) == me && caps.len() > start;
            if !(closed && corners_inside == 1) {
                caps.truncate(start);
            }
        }
    }

    /// The enemy stone a move jumps over, if it is a jump.
    fn jump_over(&self, m: Mv) -> Option<usize> {
        let (from, to) = (m.from as usize, m.to as usize);
        let d = to.abs_diff(from);
        if d == 2 || d == 2 * self.w {
            let mid = (from + to) / 2;
            (self.cells[mid] == 3 - self.to_move).then_some(mid)
        } else {
            None
        }
    }

    /// The hash of the position a move leaves.
    fn hash_after(&self, m: Mv, caps: &mut Vec<u16>) -> u64 {
        self.captures(m, caps);
        let me = self.to_move as usize;
        let enemy = 3 - me;
        let mut h = self.hash ^ self.side_key;
        h ^= self.keys[m.from as usize][me] ^ self.keys[m.to as usize][me];
        let flip = |h: u64, c: usize| h ^ self.keys[c][me] ^ self.keys[c][enemy];
        if let Some(mid) = self.jump_over(m) {
            h = flip(h, mid);
        }
        caps.iter().fold(h, |h, &c| flip(h, c as usize))
    }

    /// Plays a legal move.
    pub fn apply(&mut self, m: Mv, caps: &mut Vec<u16>) {
        self.captures(m, caps);
        let me = self.to_move;
        let mid = self.jump_over(m);
        self.lift(m.from as usize);
        let to = self.site(m.to as usize);
        self.put(to, me);
        for c in mid.into_iter().chain(caps.iter().map(|&c| c as usize)) {
            self.lift(c);
            let s = self.site(c);
            self.put(s, me);
        }
        self.to_move = 3 - me;
        self.hash ^= self.side_key;
        if self.rules.ban {
            self.seen.insert(self.hash);
        }
    }

    /// A slide drawn among all the stone's slides (`rng.below(count)`), found without
    /// listing them; the ban is not judged (no jump: the lone stone's is not in force).
    fn pick_slide(&self, rng: &mut Rng) -> Option<Mv> {
        let me = self.to_move as usize;
        let w = self.w;
        let mut counts = [0u8; 128];
        let mut pieces = 0;
        let mut total = 0;
        for (word, &b) in self.bits[me].iter().enumerate() {
            let mut b = b;
            while b != 0 {
                let site = word * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let from = self.cell_of[site] as usize;
                let mut n = 0;
                for step in [w, 1] {
                    let mut to = from + step;
                    while self.cells[to] == EMPTY {
                        to += step;
                    }
                    n += (to - from) / step - 1;
                    let mut to = from - step;
                    while self.cells[to] == EMPTY {
                        to -= step;
                    }
                    n += (from - to) / step - 1;
                }
                counts[pieces] = n as u8;
                pieces += 1;
                total += n;
            }
        }
        if total == 0 {
            return None;
        }
        let mut k = rng.below(total);
        let mut piece = 0;
        while k >= counts[piece] as usize {
            k -= counts[piece] as usize;
            piece += 1;
        }
        let mut seen = 0;
        for (word, &b) in self.bits[me].iter().enumerate() {
            let ones = b.count_ones() as usize;
            if piece < seen + ones {
                let mut b = b;
                for _ in 0..piece - seen {
                    b &= b - 1;
                }
                let from = self.cell_of[word * 64 + b.trailing_zeros() as usize] as usize;
                return Some(self.kth_slide(from, k));
            }
            seen += ones;
        }
        unreachable!("the piece exists")
    }

    /// The `k`-th slide of the stone on `from`, in site order.
    fn kth_slide(&self, from: usize, mut k: usize) -> Mv {
        let w = self.w;
        let mv = |to: usize| Mv {
            from: from as u16,
            to: to as u16,
        };
        for step in [w, 1] {
            let mut to = from - step;
            while self.cells[to] == EMPTY {
                to -= step;
            }
            let n = (from - to) / step - 1;
            if k < n {
                return mv(to + step * (k + 1));
            }
            k -= n;
        }
        for step in [1, w] {
            let n = self.ray_len(from, step);
            if k < n {
                return mv(from + step * (k + 1));
            }
            k -= n;
        }
        unreachable!("k is below the stone's slides")
    }

    fn ray_len(&self, from: usize, step: usize) -> usize {
        let mut to = from + step;
        while self.cells[to] == EMPTY {
            to += step;
        }
        (to - from) / step - 1
    }

    /// Under the ban, a legal move drawn as the engine draws it: where the lone stone's jump
    /// is not in force, a slide drawn among all the slides counted without listing them
    /// ([`MingMang::pick_slide`]) and tested alone, drawn again (putting back) when it
    /// repeats a position, at most [`DRAWS`] times; after that many refusals, or with the
    /// jump in force, from the listed moves before the ban ([`MingMang::pick_listed`]).
    fn pick_unrepeated(&self, rng: &mut Rng, work: &mut Work) -> Option<Mv> {
        if !self.jumping() {
            for _ in 0..DRAWS {
                let m = self.pick_slide(rng)?;
                if !self.seen.contains(self.hash_after(m, &mut work.caps)) {
                    return Some(m);
                }
            }
        }
        self.pick_listed(rng, work)
    }

    /// Under the ban, a legal move drawn from the listed moves before the ban, in the
    /// engine's order, one after another without putting back (the last put in the place
    /// of the one drawn), until one that repeats no position.
    fn pick_listed(&self, rng: &mut Rng, work: &mut Work) -> Option<Mv> {
        work.moves.clear();
        self.pseudo(&mut work.moves);
        while !work.moves.is_empty() {
            let k = rng.below(work.moves.len());
            let m = work.moves[k];
            if !self.seen.contains(self.hash_after(m, &mut work.caps)) {
                return Some(m);
            }
            work.moves.swap_remove(k);
        }
        None
    }

    /// One uniformly random playout from `start`, at most `cap` plies; returns the plies.
    pub fn playout(
        &mut self,
        start: &MingMang,
        rng: &mut Rng,
        cap: usize,
        work: &mut Work,
    ) -> usize {
        self.reset(start);
        for ply in 0..cap {
            let m = if self.rules.ban {
                match self.pick_unrepeated(rng, work) {
                    Some(m) => m,
                    None => return ply,
                }
            } else if self.jumping() {
                self.legal(&mut work.moves, &mut work.caps);
                if work.moves.is_empty() {
                    return ply;
                }
                work.moves[rng.below(work.moves.len())]
            } else {
                match self.pick_slide(rng) {
                    Some(m) => m,
                    None => return ply,
                }
            };
            self.apply(m, &mut work.caps);
        }
        cap
    }

    /// Leaf counts for depths 1..=depth.
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.perft_into(0, &mut counts, &mut Work::new());
        counts
    }

    fn perft_into(&self, ply: usize, counts: &mut [u64], work: &mut Work) {
        if ply == counts.len() {
            return;
        }
        let mut moves = Vec::new();
        self.legal(&mut moves, &mut work.caps);
        counts[ply] += moves.len() as u64;
        for m in moves {
            let mut next = self.clone();
            next.apply(m, &mut work.caps);
            next.perft_into(ply + 1, counts, work);
        }
    }
}

/// Work space of playouts, kept between them.
pub struct Work {
    moves: Vec<Mv>,
    caps: Vec<u16>,
}

impl Work {
    /// Empty work space.
    pub fn new() -> Work {
        Work {
            moves: Vec::with_capacity(1024),
            caps: Vec::with_capacity(512),
        }
    }
}
