//! How long a chained jump that may turn (`chained`) can be on a board, whatever the
//! pieces: the compiler refuses a rule whose chains could hold more jumps than a move does
//! ([`max_chain_legs`]); and how a chain recorded by the pieces it jumps names them
//! ([`PieceBits`]).

use rulebook_model::board::reverse_direction;
use rulebook_model::{max_chain_legs, Board, PieceBits, Site, NO_SITE};

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
pub(super) fn fits(board: &Board, directions: &[u8]) -> Result<(), usize> {
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
pub(super) fn piece_bits(board: &Board, directions: &[u8]) -> PieceBits {
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
