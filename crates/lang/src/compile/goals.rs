//! The goals the end rules set a piece, for the computer's judgement of an unfinished game:
//! an end rule `end when pieces(P, REGION, KIND) > 0: P wins` (or `>= 1`) makes P's pieces of
//! that kind want to reach the region, and the compiler gives every site its distance to it
//! once, so the search reads a table.

use rulebook_model::board::{grid_direction_group, Board, Drawing, Layout};
use rulebook_model::{
    EndResult, EndRule, EndWhen, Expr, Goal, Op, Player, PlayerRef, Site, NO_SITE,
};

/// The goals of `end_rules` (whose position conditions are `end_conditions`), with the
/// regions of [`rulebook_model::Tables::regions`].
pub(super) fn goals(
    end_rules: &[EndRule],
    end_conditions: &[Expr],
    regions: &[Vec<u64>],
    board: &Board,
) -> Vec<Goal> {
    end_rules
        .iter()
        .filter_map(|rule| {
            let EndWhen::Position(i) = rule.when else {
                return None;
            };
            let winner = match rule.result {
                EndResult::PlayerWins(p) => Winner::Fixed(p),
                EndResult::MoverWins => Winner::Mover,
                _ => return None,
            };
            let (player, region, kind) = reached(end_conditions.get(i as usize)?, winner)?;
            let region = regions.get(usize::from(region))?;
            Some(Goal {
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

/// Who an end rule's result makes the winner.
#[derive(Clone, Copy)]
enum Winner {
    Fixed(Player),
    Mover,
}

/// `(player, region, kind)` of a condition that a piece of the winner's has reached a
/// region: `pieces(P, R, K) > 0` or `pieces(P, R, K) >= 1` with P the winner, a fixed
/// player; or, with `mover == P` beside it (`mover == P and ...`, as a rule reading
/// `side(forward)` is compiled for each player), P or `mover`, and the winner P or `mover`.
fn reached(condition: &Expr, winner: Winner) -> Option<(Player, u16, u8)> {
    let (mover, condition) = match condition {
        Expr::Binary(Op::And, a, b) => match (mover_test(a), mover_test(b)) {
            (Some(p), _) => (Some(p), b.as_ref()),
            (_, Some(p)) => (Some(p), a.as_ref()),
            _ => return None,
        },
        c => (None, c),
    };
    let Expr::Binary(op, a, b) = condition else {
        return None;
    };
    let (player, region, kind) = match (op, a.as_ref(), b.as_ref()) {
        (Op::Gt, Expr::PiecesIn(p, r, k), Expr::Const(0))
        | (Op::Ge, Expr::PiecesIn(p, r, k), Expr::Const(1)) => (*p, *r, *k),
        _ => return None,
    };
    let player = match player {
        PlayerRef::Fixed(p) => p,
        PlayerRef::Mover => mover?,
        PlayerRef::Opponent => return None,
    };
    let winner = match winner {
        Winner::Fixed(p) => p,
        Winner::Mover => mover?,
    };
    (winner == player).then_some((player, region, kind))
}

/// The player a test `mover == P` (either way round) names.
fn mover_test(e: &Expr) -> Option<Player> {
    match e {
        Expr::Binary(Op::Eq, ..) => super::moves::moving_player(e),
        _ => None,
    }
}

/// Per site, the fewest steps to a site of `region` (a breadth-first search from the
/// region along the grid's orthogonal directions, or every direction of a grid of hexagons
/// or of another board).
fn distances(region: &[u64], board: &Board) -> Vec<u8> {
    let n = board.sites();
    let directions: Vec<u8> = match board.layout {
        Layout::Grid(_) if !matches!(board.drawing(), Drawing::Hexagons | Drawing::Graph) => {
            grid_direction_group("orthogonal").unwrap_or(&[]).to_vec()
        }
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
