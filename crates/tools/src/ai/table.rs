//! The transposition table: what the search learnt of a position, shared by its threads
//! without locks (an entry is two words, the key stored xor-ed with the data, so a torn
//! write reads as a miss).

use std::sync::atomic::{AtomicU64, Ordering};

/// How an entry's value bounds the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the value (the search failed high).
    Lower,
    /// The true value is at most the value (the search failed low).
    Upper,
}

/// What the table holds for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// The value, from the searching player's side.
    pub value: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// How the value bounds the true value.
    pub bound: Bound,
    /// The best move found, as its index in the position's legal moves ([`NO_MOVE`] if
    /// none).
    pub best: u16,
}

/// [`Entry::best`] when no move is known.
pub(super) const NO_MOVE: u16 = u16::MAX;

impl Entry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.value as u32)
            | u64::from(self.depth) << 32
            | bound << 40
            | u64::from(self.best) << 48
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (data >> 48) as u16,
        }
    }
}

/// A fixed-size table of entries, indexed by the low bits of the key.
#[derive(Debug)]
pub(super) struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 1,
        }
    }

    /// The entry stored under `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        (slot[0].load(Ordering::Relaxed) ^ data == key && data != 0).then(|| Entry::unpack(data))
    }

    /// Stores `entry` under `key` (replacing whatever shared its slot).
    #[inline]
    pub fn put(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let data = entry.pack();
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_other_keys_miss() {
        let t = Table::new(4);
        let e = Entry {
            value: -123_456,
            depth: 7,
            bound: Bound::Lower,
            best: 3,
        };
        t.put(0xdead_beef, e);
        assert_eq!(t.get(0xdead_beef), Some(e));
        assert_eq!(t.get(0xdead_beef + 16), None);
        assert_eq!(t.get(5), None);
    }
}
