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
}
