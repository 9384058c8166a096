//! A walk laid out in advance: where a walk whose every move is a fixed path (shifts and
//! leaps, tests, destinations, in branches or repeated a few times) goes from each site,
//! as the sites it tests and the destinations it reaches. What does not depend on the
//! position is settled here: a step off the board ends the path, a test of a region is
//! passed or not once and for all. The engine then reads a site's hops rather than
//! running the walk's program (the move generator and the test of a site attacked).

use crate::board::Board;
use crate::walk::{SiteTest, Step, Walk, WalkAction};
use crate::{Site, NO_SITE};

/// The most repetitions of a repeated part laid out one by one (more, and the walk is
/// left to the interpreter).
const MAX_UNROLLED: u16 = 4;

/// The most hops from one site (more, and the walk is left to the interpreter).
const MAX_HOPS: usize = 256;

/// One site a path reads or reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hop {
    /// The site.
    pub site: Site,
    /// The test the site must pass for the path to go on; `None`: the path's destination,
    /// its last hop.
    pub test: Option<SiteTest>,
}

/// A walk's paths from every site: from site `s`, the hops `hops[starts[s]..starts[s +
/// 1]]`, each path its tests in the walk's order and then its destination.
#[derive(Clone, Debug, PartialEq)]
pub struct FixedPaths {
    starts: Vec<u32>,
    hops: Vec<Hop>,
}

impl FixedPaths {
    /// The paths of `walk` on `board`, `in_region(r, s)` telling whether site `s` is in
    /// region `r`; `None` for a walk that is not made of fixed paths (one that passes over
    /// a site, flies, chains legs, reads walls, tests sites unattacked, repeats a part more
    /// than a few times) or whose paths are too many.
    pub fn of(walk: &Walk, board: &Board, in_region: impl Fn(u16, Site) -> bool) -> Option<Self> {
        if walk.action != WalkAction::Move || walk.taking.is_some() {
            return None;
        }
        let layout = Layout {
            walk,
            board,
            in_region: &in_region,
        };
        let mut paths = FixedPaths {
            starts: vec![0],
            hops: Vec::new(),
        };
        for s in 0..board.sites() {
            let mut tests = Vec::new();
            layout.lay(&walk.steps, Site::at(s), &mut tests, &mut paths.hops)?;
            let start = *paths.starts.last().unwrap_or(&0) as usize;
            if paths.hops.len() - start > MAX_HOPS {
                return None;
            }
            paths.starts.push(paths.hops.len() as u32);
        }
        Some(paths)
    }

    /// The hops of the paths from `site`.
    #[inline]
    pub fn from(&self, site: Site) -> &[Hop] {
        let (a, b) = (self.starts[site.index()], self.starts[site.index() + 1]);
        &self.hops[a as usize..b as usize]
    }
}

/// What laying out a walk reads: the walk (its leaps), the board and the regions.
struct Layout<'a, F: Fn(u16, Site) -> bool> {
    walk: &'a Walk,
    board: &'a Board,
    in_region: &'a F,
}

impl<F: Fn(u16, Site) -> bool> Layout<'_, F> {
    /// Adds to `out` the paths of `steps` from `at`, each after the tests in `tests` (left
    /// as they were); `None` where a step is not of a fixed path.
    fn lay(
        &self,
        steps: &[Step],
        at: Site,
        tests: &mut Vec<Hop>,
        out: &mut Vec<Hop>,
    ) -> Option<()> {
        let depth = tests.len();
        let result = self.lay_on(steps, at, tests, out);
        tests.truncate(depth);
        result
    }

    /// [`Layout::lay`], leaving the tests it adds in `tests`.
    fn lay_on(
        &self,
        steps: &[Step],
        mut at: Site,
        tests: &mut Vec<Hop>,
        out: &mut Vec<Hop>,
    ) -> Option<()> {
        for (i, step) in steps.iter().enumerate() {
            match step {
                Step::Emit => {
                    out.extend_from_slice(tests);
                    out.push(Hop {
                        site: at,
                        test: None,
                    });
                }
                Step::Branch(walks) => {
                    for branch in walks {
                        self.lay(branch, at, tests, out)?;
                    }
                    return Some(());
                }
                Step::Repeat { body, min, max } if *max <= MAX_UNROLLED => {
                    return self.unroll(body, (*min, *max), &steps[i + 1..], at, (tests, out));
                }
                straight => match self.straight(straight, at, tests)? {
                    Some(next) => at = next,
                    None => return Some(()),
                },
            }
        }
        Some(())
    }

    /// Lays out `rest` after each number of repetitions of `body` from `min` to `max` that
    /// it can make from `at`.
    fn unroll(
        &self,
        body: &[Step],
        (min, max): (u16, u16),
        rest: &[Step],
        mut at: Site,
        (tests, out): (&mut Vec<Hop>, &mut Vec<Hop>),
    ) -> Option<()> {
        for done in 0..=max {
            if done >= min {
                self.lay(rest, at, tests, out)?;
            }
            if done == max {
                break;
            }
            for step in body {
                match self.straight(step, at, tests)? {
                    Some(next) => at = next,
                    None => return Some(()),
                }
            }
        }
        Some(())
    }

    /// Where a straight step leaves the cursor from `at` (`Some(None)`: the path ends
    /// there, off the board or out of a region), a test of the position added to `tests`;
    /// `None` for a step that is not of a fixed path.
    fn straight(&self, step: &Step, at: Site, tests: &mut Vec<Hop>) -> Option<Option<Site>> {
        let next = match *step {
            Step::Shift(dir) => self.board.step(at, dir),
            Step::Leap(k) => self.walk.leaps[k as usize].targets[at.index()],
            Step::Test(SiteTest::In(r)) => [NO_SITE, at][(self.in_region)(r, at) as usize],
            Step::Test(SiteTest::NotIn(r)) => [at, NO_SITE][(self.in_region)(r, at) as usize],
            Step::Test(SiteTest::Unattacked) => return None,
            Step::Test(test) => {
                tests.push(Hop {
                    site: at,
                    test: Some(test),
                });
                at
            }
            _ => return None,
        };
        Some((next != NO_SITE).then_some(next))
    }
}
