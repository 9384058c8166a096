//! Move generation: the pseudo-legal moves of every move rule, in a fixed order.

use super::{Move, State};
use crate::model::{MoveKind, EMPTY, NO_SITE};

impl State {
    /// Appends the moves allowed by the move rules, before the ban on repetition.
    pub(super) fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let game = &*self.game;
        let board = &game.board;
        let mover = self.to_move;
        let own = &self.occupancy[mover as usize * self.words..(mover as usize + 1) * self.words];
        for (rule_index, rule) in game.moves.iter().enumerate() {
            if !self.holds(&rule.condition) {
                continue;
            }
            let rule_index = rule_index as u8;
            for (w, &word) in own.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let from = (w * 64 + bits.trailing_zeros() as usize) as u16;
                    bits &= bits - 1;
                    match &rule.kind {
                        MoveKind::Slide { directions } => {
                            for &dir in directions {
                                let mut to = board.step(from, dir);
                                while to != NO_SITE && self.cells[to as usize] == EMPTY {
                                    out.push(Move { rule: rule_index, dir, from, to });
                                    to = board.step(to, dir);
                                }
                            }
                        }
                        MoveKind::Jump { directions, .. } => {
                            for &dir in directions {
                                let over = board.step(from, dir);
                                if over == NO_SITE {
                                    continue;
                                }
                                let jumped = self.cells[over as usize];
                                if jumped == EMPTY || game.owner[jumped as usize] == mover {
                                    continue;
                                }
                                let to = board.step(over, dir);
                                if to != NO_SITE && self.cells[to as usize] == EMPTY {
                                    out.push(Move { rule: rule_index, dir, from, to });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
