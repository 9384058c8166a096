//! The tile tables of a game whose players hold tiles in hand: each player's hand, and per
//! cell the constraint its board edges set and its neighbours.

use super::exprs::Value;
use super::Compiler;
use rulebook_model::tiles::{Constraint, Tiles, SIDES};
use rulebook_model::Site;

impl Compiler<'_> {
    /// The tile tables, when players have hands.
    pub(super) fn tiles(&mut self) -> Option<Tiles> {
        let desc = self.desc;
        if desc.tiles.hands.is_empty() {
            return None;
        }
        let mut hands = vec![0u64; desc.about.players.len()];
        for (p, e) in &desc.tiles.hands {
            if let Some(Value::Tiles(set)) = self.fold(e) {
                hands[*p] = set;
            }
        }
        let b = self.board();
        let sites = b.sites();
        let edge_constraints = Site::all(sites)
            .map(|s| {
                (0..SIDES).fold(0 as Constraint, |c, side| match b.edge_colour(s, side) {
                    None => c,
                    Some(colour) => {
                        c | 1 << (side + SIDES) | (colour.index() as Constraint) << side
                    }
                })
            })
            .collect();
        let neighbours = Site::all(sites)
            .map(|s| std::array::from_fn(|side| b.step(s, side as u8)))
            .collect();
        Some(Tiles {
            letters: desc
                .about
                .players
                .iter()
                .map(|p| p.chars().next().unwrap_or('?').to_ascii_uppercase())
                .collect(),
            hands,
            matching: Tiles::matching_table(),
            edge_constraints,
            neighbours,
        })
    }
}
