//! The random pick against the list: on random positions of a game, the pick of index `k`
//! ([`State::pick_legal_move`]) must be the `k`-th listed move, the count it is given the
//! list's length, and whether the mover can move what the list says.

use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::{Cell, Game, Player, EMPTY};

use crate::common::xorshift::XorShift;

/// Checks every pick against the list on `positions` random positions of `game` (each
/// with its own share of occupied sites, every piece of every player as likely), with a
/// random player to move; `label` names the game in a failure.
pub fn picks_are_the_listed_moves(
    game: &Arc<Game>,
    positions: usize,
    rng: &mut XorShift,
    label: &str,
) {
    let pieces: Vec<Cell> = game.piece_cells().collect();
    let (mut listed, mut work) = (MoveList::new(), MoveList::new());
    for i in 0..positions {
        let filled = rng.below(101) as u64;
        let cells: Vec<Cell> = (0..game.board.sites())
            .map(|_| match rng.next() % 100 < filled {
                true => pieces[rng.below(pieces.len())],
                false => EMPTY,
            })
            .collect();
        let mover = Player::new(rng.below(2)).expect("two players");
        let state = State::with_cells(Arc::clone(game), cells, mover);
        state.legal_moves(&mut listed);
        let at = || format!("{label}, position {i}");
        for k in 0..listed.len() {
            let picked = state.pick_legal_move(&mut work, |n| {
                assert_eq!(n, listed.len(), "{}: the moves counted", at());
                k
            });
            assert_eq!(picked, Some(listed[k]), "{}: move {k}", at());
        }
        if listed.is_empty() {
            let picked = state.pick_legal_move(&mut work, |_| panic!("no move to pick"));
            assert_eq!(picked, None, "{}", at());
        }
        let can_move = state.has_legal_move(&mut work);
        assert_eq!(can_move, !listed.is_empty(), "{}: a move", at());
    }
}
