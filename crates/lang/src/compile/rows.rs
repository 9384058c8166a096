//! The row of pieces an end rule wins the game by (`end when line(mover) >= 5: mover
//! wins`), for the computer's judgement of an unfinished game: every run of that many
//! sites in a straight line, laid out once as bit masks so that the search counts the
//! pieces in each.

use rulebook_model::board::{Board, AXES};
use rulebook_model::{EndResult, EndRule, EndWhen, Expr, Op, PlayerRef, Rows, Run, Site, NO_SITE};

/// The row the first end rule of `end_rules` that wins by one asks for (its position
/// condition among `end_conditions`, its region among `regions`), or `None`.
pub(super) fn rows(
    end_rules: &[EndRule],
    end_conditions: &[Expr],
    regions: &[Vec<u64>],
    board: &Board,
) -> Option<Rows> {
    end_rules.iter().find_map(|rule| {
        let EndWhen::Position(i) = rule.when else {
            return None;
        };
        let (length, region) = row_won(end_conditions.get(i as usize)?, rule.result)?;
        let region = regions.get(usize::from(region))?;
        let length = u8::try_from(length).ok().filter(|&n| n >= 2)?;
        runs(length, region, board)
    })
}

/// `(length, region)` of a condition `line(P, REGION) >= N` (or `> N - 1`) whose result
/// makes P the winner: P the mover and the mover wins, or P a player named who wins.
fn row_won(condition: &Expr, result: EndResult) -> Option<(i64, u16)> {
    let Expr::Binary(op, a, b) = condition else {
        return None;
    };
    let (player, region, length) = match (op, a.as_ref(), b.as_ref()) {
        (Op::Ge, Expr::Line(p, r), Expr::Const(n)) => (*p, *r, *n),
        (Op::Gt, Expr::Line(p, r), Expr::Const(n)) => (*p, *r, n + 1),
        _ => return None,
    };
    let wins = match (player, result) {
        (PlayerRef::Mover, EndResult::MoverWins) => true,
        (PlayerRef::Fixed(p), EndResult::PlayerWins(q)) => p == q,
        _ => false,
    };
    wins.then_some((length, region))
}

/// Every run of `length` sites of `region` in a straight line along the board's axes, and
/// the runs through each site; `None` where a run spans more than two words of 64 sites.
fn runs(length: u8, region: &[u64], board: &Board) -> Option<Rows> {
    let inside = |s: Site| {
        s != NO_SITE
            && region
                .get(s.index() / 64)
                .is_some_and(|w| w >> (s.index() % 64) & 1 == 1)
    };
    let mut runs = Vec::new();
    let mut by_site: Vec<Vec<u16>> = vec![Vec::new(); board.sites()];
    for start in Site::all(board.sites()).filter(|&s| inside(s)) {
        for (forward, _) in AXES {
            let mut sites = vec![start];
            while sites.len() < usize::from(length) {
                let next = board.step(*sites.last()?, forward);
                if !inside(next) {
                    break;
                }
                sites.push(next);
            }
            if sites.len() == usize::from(length) {
                let index = u16::try_from(runs.len()).ok()?;
                sites.iter().for_each(|s| by_site[s.index()].push(index));
                runs.push(run(&sites)?);
            }
        }
    }
    let mut first = vec![0u32];
    for site in &by_site {
        first.push(*first.last()? + u32::try_from(site.len()).ok()?);
    }
    Some(Rows {
        length,
        runs,
        through: by_site.concat(),
        first,
    })
}

/// The sites as a [`Run`], if they lie within two words.
fn run(sites: &[Site]) -> Option<Run> {
    let word = sites.iter().map(|s| s.index() / 64).min()?;
    let mut bits = [0u64; 2];
    for s in sites {
        *bits.get_mut(s.index() / 64 - word)? |= 1 << (s.index() % 64);
    }
    Some(Run {
        word: u32::try_from(word).ok()?,
        bits,
    })
}
