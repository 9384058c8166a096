//! The goals the end rules set a piece, for the computer's judgement of an unfinished game:
//! an end rule `end when pieces(P, REGION, KIND) > 0: P wins` (or `>= 1`) makes P's pieces of
//! that kind want to reach the region, and the compiler gives every site its distance to it
//! once, so the search reads a table.

use crate::model::board::{grid_direction_group, Board, Layout};
use crate::model::{EndResult, EndRule, EndWhen, Expr, Goal, Op, Player, PlayerRef, Site, NO_SITE};

/// The goals of `end_rules` (whose position conditions are `end_conditions`), with the
/// regions of [`crate::model::Game::regions`].
pub(super) fn goals(
    end_rules: &[EndRule],
    end_conditions: &[Expr],
    regions: &[Vec<u64>],
    board: &Board,
) -> Vec<Goal> {
    end_rules
        .iter()
        .filter_map(|rule| {
            let (EndWhen::Position(i), EndResult::PlayerWins(winner)) = (rule.when, rule.result)
            else {
                return None;
            };
            let (player, region, kind) = reached(end_conditions.get(i as usize)?)?;
            let region = regions.get(usize::from(region))?;
            (player == winner).then(|| Goal {
                player,
                kind,
                distance: distances(region, board),
                region: region.clone(),
            })
        })
        .collect()
}

/// Whether an end rule makes the player to move lose when they have no legal move.
pub(super) fn stalemate_loses(end_rules: &[EndRule]) -> bool {
    end_rules
        .iter()
        .any(|r| r.when == EndWhen::NoLegalMove && r.result == EndResult::MoverLoses)
}

/// `(player, region, kind)` of a condition that a piece has reached a region:
/// `pieces(P, R, K) > 0` or `pieces(P, R, K) >= 1` with P a fixed player.
fn reached(condition: &Expr) -> Option<(Player, u16, u8)> {
    let Expr::Binary(op, a, b) = condition else {
        return None;
    };
    match (op, a.as_ref(), b.as_ref()) {
        (Op::Gt, Expr::PiecesIn(PlayerRef::Fixed(p), r, k), Expr::Const(0))
        | (Op::Ge, Expr::PiecesIn(PlayerRef::Fixed(p), r, k), Expr::Const(1)) => Some((*p, *r, *k)),
        _ => None,
    }
}

/// Per site, the fewest steps to a site of `region` (a breadth-first search from the
/// region along the grid's orthogonal directions, or every direction of another board).
fn distances(region: &[u64], board: &Board) -> Vec<u8> {
    let n = board.sites();
    let directions: Vec<u8> = match board.layout {
        Layout::Grid => grid_direction_group("orthogonal").unwrap_or(&[]).to_vec(),
        _ => (0..board.directions() as u8).collect(),
    };
    let mut distance = vec![Goal::FAR; n];
    let mut frontier: Vec<Site> = (0..n)
        .filter(|&s| region.get(s / 64).is_some_and(|w| w >> (s % 64) & 1 == 1))
        .map(Site::at)
        .collect();
    for &s in &frontier {
        distance[s.index()] = 0;
    }
    let mut steps = 0u8;
    while !frontier.is_empty() && steps < Goal::FAR - 1 {
        steps += 1;
        let mut next = Vec::new();
        for &s in &frontier {
            for &d in &directions {
                let t = board.step(s, d);
                if t != NO_SITE && distance[t.index()] == Goal::FAR {
                    distance[t.index()] = steps;
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    distance
}
