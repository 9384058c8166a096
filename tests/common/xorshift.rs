//! A tiny xorshift64 generator, so that the random games and positions the tests make up
//! (in the references and in the engine) are the same on every run and every machine.

/// The generator: its state is the last number drawn (never 0).
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// The next number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `n` cells of a board of two players: each 1 (the first player's) with a chance of
    /// `first` in 100, the rest 2 (the second's) or 0 (empty), half each.
    pub fn cells(&mut self, n: usize, first: u64) -> Vec<u8> {
        (0..n)
            .map(|_| match self.next() % 100 {
                x if x < first => 1,
                x if x < first + (100 - first) / 2 => 2,
                _ => 0,
            })
            .collect()
    }
}
