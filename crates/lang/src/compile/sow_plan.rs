//! The rules after sowing, prepared for play: the parts of each condition and action that
//! depend only on the mover and the last site are computed here for every mover and site.
//!
//! A condition is split at its `and`s. A part that reads no stones, marks or pieces is
//! decided by the mover and the last site alone: it becomes one bit of a per-(mover, site)
//! mask of candidate rules. The other parts stay expressions, but any sub-expression of
//! them that reads only the mover and the last site (`opposite(last)`, `store(mover)`) is
//! replaced by a table lookup. A part whose only other input is the number of stones on
//! one such site (`count(last) % 2 == 0`, `count(opposite(last)) > 0`) is tabulated over
//! that number too. After a sowing the engine then looks at the candidates only, and
//! evaluates only what none of the tables decides.

use rulebook_model::{
    Action, Board, Env, Expr, GroupMeasure, GroupUnit, Player, Site, SowCheck, SowPlan, SowRule,
};

/// The largest [`SowCheck::Stones`] table built; a part that would need more stays an
/// expression.
const MAX_STONES_TABLE: usize = 1 << 20;

/// Prepares `rules` for a board with `players` players and `total` stones in play.
pub(super) fn sow_plan(rules: &[SowRule], board: &Board, players: usize, total: usize) -> SowPlan {
    let sites = board.sites();
    let words = rules.len().div_ceil(64);
    let mut tables = Tables {
        board,
        players,
        keys: Vec::new(),
        values: Vec::new(),
    };
    let mut candidates = vec![0u64; players * sites * words];
    let mut checks = Vec::with_capacity(rules.len());
    let mut actions = Vec::with_capacity(rules.len());
    let mut cancels = Vec::with_capacity(rules.len());
    for (r, rule) in rules.iter().enumerate() {
        let mut parts = Vec::new();
        if let rulebook_model::Condition::When(e) = &rule.condition {
            conjuncts(e, &mut parts);
        }
        let (fixed, rest): (Vec<&Expr>, Vec<&Expr>) = parts.into_iter().partition(|e| is_static(e));
        for mover in Player::all(players) {
            for last in 0..sites {
                if fixed
                    .iter()
                    .all(|e| tables.value(e, mover, Site::at(last)) != 0)
                {
                    candidates[(mover.index() * sites + last) * words + r / 64] |= 1 << (r % 64);
                }
            }
        }
        checks.push(
            rest.into_iter()
                .map(|e| tables.check(e, total + 1))
                .collect(),
        );
        cancels.push(rule.cancel.as_ref().map(|e| tables.tabled(e)));
        actions.push(
            rule.actions
                .iter()
                .map(|a| match a {
                    Action::Again => Action::Again,
                    Action::Take { from, to } => Action::Take {
                        from: tables.tabled(from),
                        to: tables.tabled(to),
                    },
                    Action::Mark(site) => Action::Mark(tables.tabled(site)),
                    Action::TakeRun {
                        from,
                        counterclockwise,
                        condition,
                        to,
                    } => Action::TakeRun {
                        from: tables.tabled(from),
                        counterclockwise: *counterclockwise,
                        condition: tables.tabled(condition),
                        to: tables.tabled(to),
                    },
                })
                .collect(),
        );
    }
    SowPlan {
        cancels,
        words,
        candidates,
        checks,
        stones: total + 1,
        actions,
        tables: tables.values,
    }
}

/// The value of `e` for `mover` if it reads nothing of the position but the mover (no
/// last site, stones, marks or pieces).
pub(super) fn mover_value(board: &Board, e: &Expr, mover: Player) -> Option<i64> {
    if !is_static(e) || e.any(&|x| matches!(x, Expr::Last)) {
        return None;
    }
    let at = At {
        board,
        mover,
        last: rulebook_model::NO_SITE,
        count: None,
    };
    Some(at.eval(e))
}

/// The parts of `e` joined by `and`, in source order.
fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary(rulebook_model::Op::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(e),
    }
}

/// Whether `e` is decided by the mover and the last site alone (it reads no stones, marks
/// or pieces).
fn is_static(e: &Expr) -> bool {
    !e.any(&|x| matches!(x, Expr::Count(_)) || reads_more_than_counts(x))
}

/// The one site whose stones `e` reads, if `e` is otherwise static and that site is: then
/// `e` is decided by the mover, the last site and the stones there.
fn counted_site(e: &Expr) -> Option<&Expr> {
    let mut site = None;
    let mut sole = true;
    visit_counts(e, &mut |x| match site {
        None if is_static(x) => site = Some(x),
        Some(s) if s == x => {}
        _ => sole = false,
    });
    site.filter(|_| sole && !e.any(&reads_more_than_counts))
}

/// Calls `f` with the argument of every `count(..)` in `e`.
fn visit_counts<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    match e {
        Expr::Count(x) => f(x),
        _ => e.operands().for_each(|x| visit_counts(x, f)),
    }
}

/// Whether `e` itself (not its operands) reads something of the position other than
/// stones: marks, pieces or tables.
fn reads_more_than_counts(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Pieces(_)
            | Expr::PiecesIn(..)
            | Expr::PiecesAround { .. }
            | Expr::Line(..)
            | Expr::Lines(..)
            | Expr::Reach(..)
            | Expr::Attacked(..)
            | Expr::Connected(..)
            | Expr::Path(..)
            | Expr::Groups(..)
            | Expr::Group(..)
            | Expr::Touching(..)
            | Expr::Ring(..)
            | Expr::Hand(..)
            | Expr::Material(..)
            | Expr::Files(..)
            | Expr::NoLegalMove
            | Expr::Throw
            | Expr::Captured
            | Expr::Claimed
            | Expr::Area(..)
            | Expr::PerMover(_)
            | Expr::Marks(_)
            | Expr::Marked(_)
            | Expr::RowStones(_)
            | Expr::Tabled(_)
            | Expr::Majority(_)
            | Expr::Origin
            | Expr::Bound(_)
            | Expr::Over { .. }
    )
}

/// A mover and a last site, as an environment of the model's evaluator: an expression
/// evaluated here reads no pieces, marks or tables, and stones only when `count` is given.
struct At<'b> {
    board: &'b Board,
    mover: Player,
    last: Site,
    count: Option<i64>,
}

impl Env for At<'_> {
    fn board(&self) -> &Board {
        self.board
    }

    fn mover(&self) -> Player {
        self.mover
    }

    fn last(&self) -> Site {
        self.last
    }

    fn stones(&self, _: Site) -> i64 {
        self.count
            .expect("stones are given wherever a part reads them")
    }

    fn no_legal_move(&self) -> bool {
        unreachable!("only static expressions have a value here")
    }

    fn files(&self, _: Player, _: u8) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn pieces(&self, _: Player) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn pieces_in(&self, _: Player, _: u16, _: u8) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn line(&self, _: Player, _: u16) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn lines(&self, _: Player, _: u16, _: u16) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn connected(&self, _: Player, _: u16, _: u16, _: rulebook_model::DirectionBits) -> bool {
        unreachable!("only static expressions have a value here")
    }

    fn path(&self, _: Player, _: u8, _: u16, _: rulebook_model::DirectionBits) -> bool {
        unreachable!("only static expressions have a value here")
    }

    fn groups(&self, _: Player, _: rulebook_model::DirectionBits, _: GroupMeasure<'_>) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn ring(&self, _: Player, _: rulebook_model::DirectionBits, _: u16, _: u16) -> bool {
        unreachable!("only static expressions have a value here")
    }

    fn reach(&self, _: Player, _: u8) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn attacked(&self, _: Player, _: u8) -> bool {
        unreachable!("only static expressions have a value here")
    }

    fn area(&self, _: Player, _: bool) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn hand(&self, _: Player, _: u8) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn material(&self, _: Player, _: &[i64]) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn marks(&self, _: Player) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn marked(&self, _: Player) -> Site {
        unreachable!("only static expressions have a value here")
    }

    fn majority(&self, _: GroupUnit) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn tabled(&self, _: u16) -> i64 {
        unreachable!("only static expressions have a value here")
    }

    fn origin(&self) -> Site {
        unreachable!("only static expressions have a value here")
    }
}

/// The tables built so far.
struct Tables<'b> {
    board: &'b Board,
    players: usize,
    /// The expression behind each table, to share a table between equal expressions.
    keys: Vec<Expr>,
    values: Vec<Vec<i64>>,
}

impl Tables<'_> {
    /// A part of a condition, tabulated over the stones of a site where it can be.
    fn check(&mut self, e: &Expr, stones: usize) -> SowCheck {
        let sites = self.board.sites();
        let Some(site) =
            counted_site(e).filter(|_| self.players * sites * stones <= MAX_STONES_TABLE)
        else {
            return SowCheck::Expr(self.tabled(e));
        };
        let holds = (0..self.players * sites * stones)
            .map(|i| {
                let (entry, count) = (i / stones, (i % stones) as i64);
                let mover = Player::new(entry / sites).expect("an entry per player and site");
                let last = Site::at(entry % sites);
                self.value_with(e, mover, last, Some(count)) != 0
            })
            .collect();
        SowCheck::Stones {
            site: self.table(site),
            holds,
            expr: self.tabled(e),
        }
    }

    /// The value of a static expression (see [`is_static`]) for this mover and last site,
    /// exactly as the engine computes it.
    fn value(&self, e: &Expr, mover: Player, last: Site) -> i64 {
        self.value_with(e, mover, last, None)
    }

    /// [`Tables::value`], where every `count(..)` (all of one site) is `count`.
    fn value_with(&self, e: &Expr, mover: Player, last: Site, count: Option<i64>) -> i64 {
        let at = At {
            board: self.board,
            mover,
            last,
            count,
        };
        at.eval(e)
    }

    /// `e` with every static sub-expression above a leaf replaced by a table.
    fn tabled(&mut self, e: &Expr) -> Expr {
        let boxed = |t: &mut Self, x: &Expr| Box::new(t.tabled(x));
        match e {
            Expr::Const(_)
            | Expr::Player(_)
            | Expr::Last
            | Expr::Pieces(_)
            | Expr::PiecesIn(..)
            | Expr::PiecesAround { .. }
            | Expr::Line(..)
            | Expr::Lines(..)
            | Expr::Reach(..)
            | Expr::Attacked(..)
            | Expr::Connected(..)
            | Expr::Path(..)
            | Expr::Groups(..)
            | Expr::Group(..)
            | Expr::Touching(..)
            | Expr::Ring(..)
            | Expr::Hand(..)
            | Expr::Material(..)
            | Expr::Files(..)
            | Expr::NoLegalMove
            | Expr::Throw
            | Expr::Captured
            | Expr::Claimed
            | Expr::Area(..)
            | Expr::PerMover(_)
            | Expr::Tabled(_)
            | Expr::Majority(_)
            | Expr::Origin
            | Expr::Bound(_) => e.clone(),
            _ if is_static(e) => Expr::Tabled(self.table(e)),
            Expr::Store(x) => Expr::Store(boxed(self, x)),
            Expr::Owner(x) => Expr::Owner(boxed(self, x)),
            Expr::Count(x) => Expr::Count(boxed(self, x)),
            Expr::PitNumber(x) => Expr::PitNumber(boxed(self, x)),
            Expr::Opposite(x) => Expr::Opposite(boxed(self, x)),
            Expr::Marks(x) => Expr::Marks(boxed(self, x)),
            Expr::Marked(x) => Expr::Marked(boxed(self, x)),
            Expr::RowStones(x) => Expr::RowStones(boxed(self, x)),
            Expr::Not(x) => Expr::Not(boxed(self, x)),
            Expr::Neg(x) => Expr::Neg(boxed(self, x)),
            Expr::Binary(op, a, b) => Expr::Binary(*op, boxed(self, a), boxed(self, b)),
            Expr::Next(x) => Expr::Next(boxed(self, x)),
            Expr::Previous(x) => Expr::Previous(boxed(self, x)),
            Expr::PitOf(a, b) => Expr::PitOf(boxed(self, a), boxed(self, b)),
            Expr::Steps(a, b) => Expr::Steps(boxed(self, a), boxed(self, b)),
            Expr::Over {
                quantifier,
                depth,
                body,
            } => Expr::Over {
                quantifier: *quantifier,
                depth: *depth,
                body: boxed(self, body),
            },
        }
    }

    /// The index of the table of a static expression, built on first use.
    fn table(&mut self, e: &Expr) -> u16 {
        if let Some(k) = self.keys.iter().position(|k| k == e) {
            return k as u16;
        }
        let sites = self.board.sites();
        let values = (0..self.players * sites)
            .map(|i| {
                let mover = Player::new(i / sites).expect("an entry per player and site");
                self.value(e, mover, Site::at(i % sites))
            })
            .collect();
        self.keys.push(e.clone());
        self.values.push(values);
        (self.keys.len() - 1) as u16
    }
}
