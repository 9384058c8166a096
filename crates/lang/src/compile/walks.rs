//! Surface shapes written as walks of the core ([`rulebook_model::walk`]): each lowering
//! builds the program and the tables it reads, so the engine runs it with its one
//! interpreter.

use rulebook_model::{Board, Landing, Leap, Site, SiteTest, Step, Walk, NO_SITE};

/// `leap (files, ranks)`: every distinct offset the two numbers make, turned either way
/// round and mirrored either way, each a branch that leaps, tests the landing (what
/// `onto` allows, and not a site of `not_landing`) and offers the site reached.
pub(super) fn leap(
    board: &Board,
    (files, ranks): (u16, u16),
    landing: Landing,
    not_landing: Option<u16>,
) -> Walk {
    let mut offsets = Vec::new();
    for (f, r) in [(files, ranks), (ranks, files)] {
        for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let offset = (sf * f as i16, sr * r as i16);
            if !offsets.contains(&offset) {
                offsets.push(offset);
            }
        }
    }
    let landing = match landing {
        Landing::Empty => SiteTest::Empty,
        Landing::Enemy => SiteTest::Enemy,
        Landing::EmptyOrEnemy => SiteTest::EmptyOrEnemy,
    };
    let branch = |k: usize| {
        let mut steps = vec![Step::Leap(k as u16), Step::Test(landing)];
        steps.extend(not_landing.map(|r| Step::Test(SiteTest::NotIn(r))));
        steps.push(Step::Emit);
        steps
    };
    Walk {
        steps: vec![Step::Branch((0..offsets.len()).map(branch).collect())],
        leaps: offsets
            .iter()
            .map(|&(files, ranks)| Leap {
                files,
                ranks,
                targets: offset_table(board, (files, ranks)),
            })
            .collect(),
    }
}

/// Per site of a grid, the site `files` and `ranks` away, or [`NO_SITE`] off the board (or
/// on a point the board leaves out).
fn offset_table(board: &Board, (files, ranks): (i16, i16)) -> Vec<Site> {
    let (width, height) = (i32::from(board.width), i32::from(board.height));
    let to = |site: usize| {
        let file = site as i32 % width + i32::from(files);
        let rank = site as i32 / width + i32::from(ranks);
        let on_board = (0..width).contains(&file) && (0..height).contains(&rank);
        let target = on_board.then(|| Site::at((rank * width + file) as usize));
        target.filter(|&t| !board.is_removed(t)).unwrap_or(NO_SITE)
    };
    (0..board.sites()).map(to).collect()
}
