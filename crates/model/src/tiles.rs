//! Tiles: hexagonal pieces cut into six wedges, one per side, each wedge of a player's
//! colour; never rotated. Every wedge pattern is a kind of piece: kind `k` has the colour of
//! player `(k >> side) & 1` on side `side` (sides in the order of [`HEX_DIRECTIONS`]).
//!
//! [`HEX_DIRECTIONS`]: super::board::HEX_DIRECTIONS

use super::Player;

/// Sides of a tile.
pub const SIDES: usize = 6;

/// Number of wedge patterns of two colours (2^6).
pub const PATTERNS: usize = 1 << SIDES;

/// A side's constraint on a cell, packed as `care << 6 | want`: `care` has a bit per side
/// whose wedge colour is fixed, `want` the colour bit that side must have.
pub type Constraint = u16;

/// The tile data of a compiled game: hands, and the tables that make legality a mask test.
#[derive(Clone, Debug)]
pub struct Tiles {
    /// The letter of each colour (player) in pattern names (`B`, `Y`).
    pub letters: Vec<char>,
    /// Each player's starting hand: bit `k` set when the hand holds the tile of kind `k`.
    pub hands: Vec<u64>,
    /// `matching[constraint]`: the set of kinds (as bits) whose wedges meet the constraint.
    pub matching: Vec<u64>,
    /// Per site, the constraint of its board edges alone (empty neighbours fix nothing).
    pub edge_constraints: Vec<Constraint>,
    /// Per site and side, the neighbouring site or [`super::NO_SITE`].
    pub neighbours: Vec<[super::Site; SIDES]>,
}

impl Tiles {
    /// The table of [`Tiles::matching`]: for every `care`/`want` pair, the kinds that agree
    /// with `want` on every side of `care`.
    pub fn matching_table() -> Vec<u64> {
        (0..PATTERNS * PATTERNS)
            .map(|c| {
                let (care, want) = (c >> SIDES, c & (PATTERNS - 1));
                (0..PATTERNS)
                    .filter(|k| (k ^ want) & care == 0)
                    .fold(0u64, |set, k| set | 1 << k)
            })
            .collect()
    }

    /// The name of a kind: its wedge colours' letters in side order (`BYYBBY`).
    pub fn pattern_name(&self, kind: usize) -> String {
        (0..SIDES)
            .map(|side| self.letters[(kind >> side) & 1])
            .collect()
    }

    /// The kind named by a pattern (`BYYBBY`), if every letter is a colour's.
    pub fn kind_named(&self, name: &str) -> Option<usize> {
        if name.chars().count() != SIDES {
            return None;
        }
        name.chars()
            .enumerate()
            .try_fold(0usize, |kind, (side, c)| {
                let colour = self.letters.iter().position(|&l| l == c)?;
                Some(kind | colour << side)
            })
    }

    /// The colour (player) of a kind's wedge on `side`.
    #[inline]
    pub fn colour(kind: usize, side: usize) -> Player {
        if (kind >> side) & 1 == 0 {
            Player::FIRST
        } else {
            Player::SECOND
        }
    }
}

/// How the size of a group of like-coloured wedges is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupUnit {
    /// The number of wedges.
    Wedges = 0,
    /// The number of distinct pieces that contribute wedges ("extent").
    Pieces = 1,
}
