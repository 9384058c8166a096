//! Chained jumps. How long a chain that may turn (`chained`) can be on a board, whatever
//! the pieces: the compiler refuses a rule whose chains could hold more jumps than a move
//! does ([`max_chain_legs`]). Whether the game's chains are recorded by their directions or
//! by the pieces they jump (when one flies, or a promotion `at once` hands a chain on), and
//! how a chain recorded by its pieces names them ([`PieceBits`]).

use super::moves::absolute_directions;
use super::Compiler;
use crate::check::{EffectDecl, MoveDecl};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::board::reverse_direction;
use rulebook_model::{self as model, max_chain_legs, Board, PieceBits, Site, NO_SITE};

/// The most legs one chain along `directions` could make on `board`.
///
/// A chain jumps no site twice, and every site it jumps is the middle of a leg between two
/// landings that the piece can reach from where it starts, leg by leg over an empty board.
/// So for each start site, the number of such middles bounds its chains; the answer is the
/// largest. (On 8 x 8 with the four diagonals it is 9: the middles all lie on one of two
/// sets of nine inner dark points; 16 on 10 x 10, 25 on 12 x 12; with the four orthogonal
/// directions, 24 on 7 x 7 and 32 on 8 x 8.)
pub(super) fn most_legs(board: &Board, directions: &[u8]) -> usize {
    let sites = board.sites();
    let mut landed = vec![false; sites];
    let mut jumped = vec![false; sites];
    let mut stack: Vec<Site> = Vec::with_capacity(sites);
    let mut most = 0;
    for start in Site::all(sites) {
        landed.iter_mut().for_each(|l| *l = false);
        jumped.iter_mut().for_each(|j| *j = false);
        landed[start.index()] = true;
        stack.push(start);
        let mut middles = 0;
        while let Some(at) = stack.pop() {
            for &dir in directions {
                let over = board.step(at, dir);
                if over == NO_SITE {
                    continue;
                }
                let to = board.step(over, dir);
                if to == NO_SITE {
                    continue;
                }
                if !jumped[over.index()] {
                    jumped[over.index()] = true;
                    middles += 1;
                }
                if !landed[to.index()] {
                    landed[to.index()] = true;
                    stack.push(to);
                }
            }
        }
        most = most.max(middles);
    }
    most
}

/// Whether chains along `directions` fit in a move on `board`: `Err(legs)` with the most
/// jumps they could make when that is more than a move holds ([`max_chain_legs`]).
fn fits(board: &Board, directions: &[u8]) -> Result<(), usize> {
    match most_legs(board, directions) {
        legs if legs > max_chain_legs(directions.len()) => Err(legs),
        _ => Ok(()),
    }
}

/// The groups of sites that chains along `directions` could jump over on `board`, with each
/// site's bit in its group ([`PieceBits`]). The sites joined by steps along the directions
/// (either way) are one group, since a chain goes by such steps; a site can be jumped over
/// when it has a neighbour on both sides along one of the directions. A group may hold more
/// than 64 such sites; the compiler refuses it then.
fn piece_bits(board: &Board, directions: &[u8]) -> PieceBits {
    let sites = board.sites();
    let mut group = vec![u16::MAX; sites];
    let mut bit = vec![0u8; sites];
    let mut groups: Vec<Vec<Site>> = Vec::new();
    let mut stack: Vec<Site> = Vec::new();
    for start in Site::all(sites) {
        if group[start.index()] != u16::MAX {
            continue;
        }
        let g = groups.len() as u16;
        group[start.index()] = g;
        stack.push(start);
        let mut members = vec![start];
        while let Some(at) = stack.pop() {
            for &dir in directions {
                for next in [board.step(at, dir), board.step(at, reverse_direction(dir))] {
                    if next != NO_SITE && group[next.index()] == u16::MAX {
                        group[next.index()] = g;
                        members.push(next);
                        stack.push(next);
                    }
                }
            }
        }
        members.sort_unstable();
        let jumpable: Vec<Site> = members
            .into_iter()
            .filter(|&s| {
                directions.iter().any(|&d| {
                    board.step(s, d) != NO_SITE && board.step(s, reverse_direction(d)) != NO_SITE
                })
            })
            .collect();
        for (i, &s) in jumpable.iter().enumerate() {
            bit[s.index()] = i.min(63) as u8;
        }
        groups.push(jumpable);
    }
    PieceBits {
        group,
        bit,
        sites: groups,
    }
}

impl Compiler<'_> {
    /// Whether the game's `chained` jumps are recorded by the pieces they jump
    /// ([`model::Chain::Pieces`]): when one of them flies, or a promotion hands a chain on
    /// to the new kind (`at once`).
    pub(super) fn chains_by_pieces(&self) -> bool {
        let desc = self.desc;
        desc.moves.iter().any(|m| {
            matches!(
                m.rule.shape,
                MoveDecl::Jump {
                    flying: true,
                    chain: model::Chain::Turning,
                    ..
                }
            )
        }) || desc.effects.iter().any(|e| {
            matches!(
                e.rule,
                EffectDecl::Promote {
                    mid_chain: model::MidChain::GoOn,
                    ..
                }
            )
        })
    }

    /// How the game's chains recorded by their pieces name them (nothing when it has
    /// none).
    pub(super) fn piece_bits(&self, moves: &[model::MoveRule]) -> model::PieceBits {
        let by_pieces = |r: &model::MoveRule| match &r.kind {
            model::MoveKind::Jump { chain, .. } => *chain == model::Chain::Pieces,
            model::MoveKind::Walk(walk) => walk.records_pieces(),
            _ => false,
        };
        match moves.iter().any(by_pieces) {
            true => piece_bits(self.board(), &self.chained_directions()),
            false => model::PieceBits::default(),
        }
    }

    /// The absolute directions of every `chained` jump of the game, for both players.
    fn chained_directions(&self) -> Vec<u8> {
        let mut all: Vec<u8> = Vec::new();
        for m in &self.desc.moves {
            if let MoveDecl::Jump {
                directions,
                chain: model::Chain::Turning,
                ..
            } = &m.rule.shape
            {
                for player in model::Player::all(self.desc.seats()) {
                    all.extend(absolute_directions(directions, player));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        all
    }

    /// How a jump goes on: a `chained` jump's sequences are recorded by their directions, or
    /// (`by_pieces`) by the pieces they jump; either must fit in a move on this board (an
    /// error if not).
    pub(super) fn jump_chain(
        &mut self,
        chain: model::Chain,
        directions: &[u8],
        by_pieces: bool,
        span: Span,
    ) -> Option<model::Chain> {
        match (chain, by_pieces) {
            (model::Chain::Turning, true) => {
                let bits = piece_bits(self.board(), &self.chained_directions());
                let most = bits.sites.iter().map(Vec::len).max().unwrap_or(0);
                if most <= 64 {
                    return Some(model::Chain::Pieces);
                }
                let d = Diagnostic::error(Code::E0606,
                    format!(
                        "a chain of these jumps could jump any of {most} pieces on this board; a move records at most 64"
                    ),
                    span,
                )
                .with_note("where a chain flies or a piece is promoted `at once`, a move records the pieces its jumps pass over, among the sites a chain from its start could jump")
                .with_help("use a smaller board, or fewer directions");
                self.errors.push(self.with_config(d));
                None
            }
            (model::Chain::TurningAtWill, true) => {
                let d = Diagnostic::error(Code::E0607,
                    "a chain that may stop at will cannot go on in a game where chains are recorded by their pieces",
                    span,
                )
                .with_note("a chain flies or a piece is promoted `at once` in this game, so its chains are recorded by the pieces they jump")
                .with_help("write `chained` (played to its end), or leave out `flying` and `at once`");
                self.errors.push(self.with_config(d));
                None
            }
            (model::Chain::Turning | model::Chain::TurningAtWill, false) => {
                self.chains_fit(directions, span)?;
                Some(chain)
            }
            _ => Some(chain),
        }
    }

    /// Whether the chains of a `chained` jump along `directions` (for each player, when
    /// some are relative to the mover) fit in a move on this board; an error if not.
    fn chains_fit(&mut self, directions: &[u8], span: Span) -> Option<()> {
        let too_long = model::Player::all(self.desc.seats()).find_map(|player| {
            let absolute = absolute_directions(directions, player);
            fits(self.board(), &absolute)
                .err()
                .map(|legs| (legs, absolute.len()))
        });
        let Some((legs, count)) = too_long else {
            return Some(());
        };
        let d = Diagnostic::error(Code::E0608,
            format!(
                "a chain of these jumps could make {legs} jumps on this board; a move along {count} directions holds at most {}",
                model::max_chain_legs(count)
            ),
            span,
        )
        .with_help("use a smaller board, or fewer directions, or `chained straight`");
        self.errors.push(self.with_config(d));
        None
    }
}
