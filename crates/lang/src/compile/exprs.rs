//! Expressions folded under the configuration: what the parameters and options decide is
//! computed ([`Value`]), and what depends on the position is left as a compiled [`Expr`]
//! for play time, with the errors only a configuration reveals (an overflow, a division
//! by zero, conditions nested too deep).

use super::{Compiler, MAX_QUANTIFIED_SITES};
use crate::check::{BoardDecl, Builtin, Description, RegionConst, TExpr, TExprKind, Type, Unary};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::board::reverse_direction;
use rulebook_model::{self as model, Expr, Op, PlayerRef, Site};

/// The directions among a group function's arguments, as a bit mask (bit `d` for
/// direction `d`).
fn links(args: &[TExpr]) -> model::DirectionBits {
    args.iter().fold(0, |m, d| match d.kind {
        TExprKind::Direction(d) => m | 1 << d,
        _ => m,
    })
}

/// A value computed from the configuration, or an expression left for play time.
#[derive(Clone, Debug)]
pub(super) enum Value {
    Int(i64),
    Bool(bool),
    Choice(usize),
    Direction(u8),
    Player(model::Player),
    Region(Vec<Site>),
    Tiles(u64),
    Runtime(Expr),
}

impl Compiler<'_> {
    /// Computes an expression from the configuration; what depends on the position is
    /// left as a compiled [`Expr`].
    pub(super) fn fold(&mut self, e: &TExpr) -> Option<Value> {
        let v = match &e.kind {
            TExprKind::Int(v) => Value::Int(*v),
            TExprKind::Bool(b) => Value::Bool(*b),
            TExprKind::Param(i) => Value::Int(self.settings.params[*i]),
            TExprKind::Option(i) => {
                let c = self.settings.options[*i];
                if self.desc.settings.options[*i].is_switch {
                    Value::Bool(c == 1)
                } else {
                    Value::Choice(c)
                }
            }
            TExprKind::Choice { index, .. } => Value::Choice(*index),
            TExprKind::Direction(d) => Value::Direction(*d),
            TExprKind::Player(p) => Value::Player(model::Player::new(*p)?),
            TExprKind::Mover => match self.scored {
                Some(p) => Value::Player(p),
                None => Value::Runtime(Expr::Player(PlayerRef::Mover)),
            },
            TExprKind::Last => Value::Runtime(Expr::Last),
            TExprKind::Throw => Value::Runtime(Expr::Throw),
            TExprKind::Captured => Value::Runtime(Expr::Captured),
            TExprKind::Claimed => Value::Runtime(Expr::Claimed),
            TExprKind::NoLegalMove => Value::Runtime(Expr::NoLegalMove),
            TExprKind::Opponent => match self.scored {
                // `opponent` is refused but in a game of two players.
                Some(p) => Value::Player(p.next(2)),
                None => Value::Runtime(Expr::Player(PlayerRef::Opponent)),
            },
            // A point compared with a site (`last == d4`) is its site's number.
            TExprKind::Region(RegionConst::Point { file, rank }) if e.ty == Type::Site => {
                Value::Int(self.point(*file, *rank, e.span)?.index() as i64)
            }
            TExprKind::Region(RegionConst::Point { file, rank }) => {
                Value::Region(vec![self.point(*file, *rank, e.span)?])
            }
            TExprKind::Region(r) => Value::Region(self.region_const(*r)),
            TExprKind::Tiles(set) => Value::Tiles(*set),
            TExprKind::Kind(k) => Value::Int(*k as i64),
            TExprKind::Majority(unit) => Value::Runtime(Expr::Majority(*unit)),
            TExprKind::Call(f, args) => return self.fold_call(*f, args, e.span),
            TExprKind::Origin => Value::Runtime(Expr::Origin),
            TExprKind::Bound(k) => Value::Runtime(Expr::Bound(*k as u8)),
            TExprKind::Quantified {
                quantifier,
                depth,
                region,
                body,
            } => return self.quantified(*quantifier, *depth, region, body, e.span),
            TExprKind::Unary(op, x) => match (op, self.fold(x)?) {
                (Unary::Not, Value::Bool(b)) => Value::Bool(!b),
                (Unary::Neg, Value::Int(v)) => match v.checked_neg() {
                    Some(n) => Value::Int(n),
                    None => return self.overflow(e.span),
                },
                (Unary::Not, Value::Runtime(x)) => Value::Runtime(Expr::Not(Box::new(x))),
                (Unary::Neg, Value::Runtime(x)) => Value::Runtime(Expr::Neg(Box::new(x))),
                _ => return None,
            },
            TExprKind::Binary(op, a, b) => {
                let (a, b) = (self.fold(a)?, self.fold(b)?);
                return self.binary(*op, a, b, e.span);
            }
        };
        Some(v)
    }

    /// A call of a built-in function: each of those with several arguments by its own
    /// rule, any other on its one argument, folded ([`Compiler::call`]).
    fn fold_call(&mut self, f: Builtin, args: &[TExpr], span: Span) -> Option<Value> {
        match f {
            Builtin::PiecesIn | Builtin::Line => self.pieces_in(f, args),
            Builtin::PitOf | Builtin::Row | Builtin::Between | Builtin::Alone => {
                self.pit_set_call(f, args, span)
            }
            Builtin::Connected => self.connected(args),
            Builtin::Path => {
                let player = self.player_ref(&args[0])?;
                let goal = self.region_index(&args[2])?;
                let kind = kind_arg(args.get(1));
                Some(Value::Runtime(Expr::Path(player, kind, goal, links(args))))
            }
            Builtin::Groups | Builtin::Group | Builtin::Touching => self.groups(f, args),
            Builtin::Ring => self.ring(args),
            Builtin::Lines => self.lines(args, span),
            Builtin::Within => {
                let (region, distance) = (self.fold(&args[0]), self.fold(&args[1]));
                self.within(region?, distance?, args[1].span)
            }
            Builtin::Area | Builtin::Territory => {
                let player = self.player_ref(&args[0])?;
                Some(Value::Runtime(Expr::Area(player, f == Builtin::Territory)))
            }
            Builtin::Material => {
                let player = self.player_ref(&args[0])?;
                Some(Value::Runtime(Expr::Material(player, self.worths())))
            }
            Builtin::Hand | Builtin::Files | Builtin::Reach | Builtin::Attacked => {
                let player = self.player_ref(&args[0])?;
                let kind = kind_arg(args.get(1));
                Some(Value::Runtime(match f {
                    Builtin::Hand => Expr::Hand(player, kind),
                    Builtin::Files => Expr::Files(player, kind),
                    Builtin::Reach => Expr::Reach(player, kind),
                    _ => Expr::Attacked(player, kind),
                }))
            }
            _ => {
                let arg = self.fold(&args[0])?;
                self.call(f, arg, span)
            }
        }
    }

    /// `pieces(PLAYER, REGION, KIND)` (a player's pieces counted on a region, of a kind or
    /// any) and `line(PLAYER, REGION)`, their region as the index of its mask (the whole
    /// board when none is given).
    fn pieces_in(&mut self, f: Builtin, args: &[TExpr]) -> Option<Value> {
        let player = self.player_ref(&args[0])?;
        let on_grid = matches!(
            self.desc.board,
            BoardDecl::Grid { .. } | BoardDecl::Graph(_)
        );
        if let Some(around) = args.get(1).filter(|r| on_grid && r.depends_on_position()) {
            return self.pieces_around(player, around, kind_arg(args.get(2)));
        }
        let sites = match args.get(1).map(|r| self.fold(r)) {
            None => Site::all(self.board().sites()).collect(),
            Some(Some(Value::Region(sites))) => sites,
            Some(_) => return None,
        };
        let region = self.region_mask(&sites);
        let kind = kind_arg(args.get(2));
        Some(Value::Runtime(match f {
            Builtin::Line => Expr::Line(player, region),
            _ => Expr::PiecesIn(player, region, kind),
        }))
    }

    /// Each kind's worth (`piece queen worth 9`), 1 where the rules give none.
    fn worths(&self) -> Box<[i64]> {
        worths(self.desc)
    }

    /// A player argument: one known now, or `mover` or `opponent` left for play time.
    fn player_ref(&mut self, e: &TExpr) -> Option<PlayerRef> {
        match self.fold(e)? {
            Value::Player(p) => Some(PlayerRef::Fixed(p)),
            Value::Runtime(Expr::Player(r)) => Some(r),
            _ => None,
        }
    }

    /// `any`, `every` or `stones(REGION)`: the body for each site, bound at level `depth`,
    /// joined to the region's membership test; an error if nesting at this depth would
    /// look at too many sites.
    fn quantified(
        &mut self,
        quantifier: model::Quantifier,
        depth: usize,
        region: &TExpr,
        body: &TExpr,
        span: Span,
    ) -> Option<Value> {
        let sites = self.board().sites() as u64;
        if sites.saturating_pow(depth as u32 + 1) > MAX_QUANTIFIED_SITES {
            let d = Diagnostic::error(Code::E0613,
                format!(
                    "conditions over regions nested {} deep look at {sites}^{} sites on this board; at most {MAX_QUANTIFIED_SITES} are allowed",
                    depth + 1,
                    depth + 1
                ),
                span,
            )
            .with_help("nest fewer conditions, or write them as separate rules");
            self.errors.push(self.with_config(d));
            return None;
        }
        let site = Expr::Bound(depth as u8);
        let member = self.membership(region, &site)?;
        let body = to_runtime(self.fold(body)?)?;
        let both = |op, a, b| Expr::Binary(op, Box::new(a), Box::new(b));
        let body = match quantifier {
            model::Quantifier::Any => both(Op::And, member, body),
            model::Quantifier::Every => both(Op::Or, Expr::Not(Box::new(member)), body),
            model::Quantifier::Sum => both(Op::Mul, member, body),
        };
        Some(Value::Runtime(Expr::Over {
            quantifier,
            depth: depth as u8,
            body: Box::new(body),
        }))
    }

    /// `connected(PLAYER, REGION, REGION, DIRECTION, ...)`: the two regions as masks and
    /// the directions as a bit mask, for the flood fill of
    /// [`Env::connected`](model::Env::connected).
    fn connected(&mut self, args: &[TExpr]) -> Option<Value> {
        let player = self.player_ref(&args[0])?;
        let (from, to) = (self.region_index(&args[1]), self.region_index(&args[2]));
        Some(Value::Runtime(Expr::Connected(
            player,
            from?,
            to?,
            links(args),
        )))
    }

    /// `groups(PLAYER, DIRECTION, ...)`, `group(...)` and `touching(PLAYER, REGION, ...,
    /// DIRECTION, ...)`: the directions as a bit mask and `touching`'s regions as the
    /// indices of their masks, for [`Env::groups`](model::Env::groups).
    fn groups(&mut self, f: Builtin, args: &[TExpr]) -> Option<Value> {
        let player = self.player_ref(&args[0])?;
        let links = links(args);
        Some(Value::Runtime(match f {
            Builtin::Groups => Expr::Groups(player, links),
            Builtin::Group => Expr::Group(player, links),
            _ => {
                let regions = (args[1..].iter())
                    .filter(|a| a.ty == Type::Region)
                    .map(|r| self.region_index(r))
                    .collect::<Option<Box<[u16]>>>()?;
                Expr::Touching(player, links, regions, 0)
            }
        }))
    }

    /// `ring(PLAYER, DIRECTION, ...)`: the directions as a bit mask with each one's reverse,
    /// and the board's edge along them (the sites with no neighbour along one) and all its
    /// sites as masks, for [`Env::ring`](model::Env::ring).
    fn ring(&mut self, args: &[TExpr]) -> Option<Value> {
        let player = self.player_ref(&args[0])?;
        let named = links(args);
        let board = self.board();
        let both = (0..board.directions() as u8)
            .filter(|d| named >> d & 1 == 1)
            .fold(named, |m, d| m | 1 << reverse_direction(d));
        let sites: Vec<Site> = Site::all(board.sites())
            .filter(|&s| !board.is_removed(s))
            .collect();
        let edge: Vec<Site> = (sites.iter().copied())
            .filter(|&s| {
                (0..board.directions() as u8)
                    .any(|d| both >> d & 1 == 1 && board.step(s, d).is_none())
            })
            .collect();
        let (edge, sites) = (self.region_mask(&edge), self.region_mask(&sites));
        Some(Value::Runtime(Expr::Ring(player, both, edge, sites)))
    }

    /// `lines(PLAYER, N[, REGION])`, or an error unless `N` is from 2 to the board's longer
    /// side.
    fn lines(&mut self, args: &[TExpr], span: Span) -> Option<Value> {
        let player = self.player_ref(&args[0])?;
        let Value::Int(length) = self.fold(&args[1])? else {
            return None;
        };
        let region = match args.get(2) {
            Some(r) => self.region_index(r)?,
            None => self.region_mask(&Site::all(self.board().sites()).collect::<Vec<_>>()),
        };
        let longest = i64::from(self.board().width.max(self.board().height));
        if !(2..=longest).contains(&length) {
            let help = match length < 2 {
                true => "count single pieces with `pieces(PLAYER)`".to_string(),
                false => format!("no line on this board is longer than {longest}"),
            };
            let d = Diagnostic::error(
                Code::E0614,
                format!(
                    "`lines` counts lines of 2 to {longest} pieces on this board; {length} given"
                ),
                span,
            )
            .with_help(help);
            self.errors.push(self.with_config(d));
            return None;
        }
        Some(Value::Runtime(Expr::Lines(player, region, length as u16)))
    }

    /// `a op b` on two folded sides: computed where both are known (sets of tiles and
    /// regions joined, numbers compared or counted), decided where a known side of `and`
    /// or `or` decides it, or left for play time; an error on an overflow or `% 0`.
    fn binary(&mut self, op: Op, a: Value, b: Value, span: Span) -> Option<Value> {
        use Op as B;
        // A known side of `and`/`or` decides or drops out, so that a rule switched off by an
        // option costs nothing during play.
        if matches!(op, B::And | B::Or) {
            let known = |v: &Value| match v {
                Value::Bool(b) => Some(*b as i64),
                _ => None,
            };
            match (op.partial(known(&a), known(&b)), known(&a), known(&b)) {
                (Some(v), _, _) => return Some(Value::Bool(v != 0)),
                (None, Some(_), _) => return Some(b),
                (None, _, Some(_)) => return Some(a),
                _ => {}
            }
        }
        let v = match (a, b) {
            (Value::Tiles(x), Value::Tiles(y)) => Value::Tiles(match op {
                B::Add => x | y,
                _ => x & !y,
            }),
            (Value::Region(x), Value::Region(y)) => Value::Region(match op {
                B::Add => {
                    let mut u = x;
                    u.extend(y);
                    u.sort_unstable();
                    u.dedup();
                    u
                }
                B::Mul => x.into_iter().filter(|s| y.contains(s)).collect(),
                _ => x.into_iter().filter(|s| !y.contains(s)).collect(),
            }),
            (Value::Runtime(x), other) => Value::Runtime(runtime_binary(op, x, to_runtime(other)?)),
            (other, Value::Runtime(y)) => Value::Runtime(runtime_binary(op, to_runtime(other)?, y)),
            (a, b) => {
                let (x, y) = (scalar(&a)?, scalar(&b)?);
                if matches!(op, B::Mod | B::Div) && y == 0 {
                    let why = match op {
                        B::Mod => "this divides by zero (`% 0`)",
                        _ => "this divides by zero (`/ 0`)",
                    };
                    let d = self.with_config(Diagnostic::error(Code::E0615, why, span));
                    self.errors.push(d);
                    return None;
                }
                let Some(r) = op.checked(x, y) else {
                    return self.overflow(span);
                };
                match op {
                    B::Add | B::Sub | B::Mul | B::Div | B::Mod => Value::Int(r),
                    _ => Value::Bool(r != 0),
                }
            }
        };
        Some(v)
    }

    /// Reports an arithmetic overflow.
    fn overflow(&mut self, span: Span) -> Option<Value> {
        self.errors.push(self.with_config(Diagnostic::error(
            Code::E0616,
            "this arithmetic overflows",
            span,
        )));
        None
    }

    /// A built-in function of one argument, applied to its folded value: a count of
    /// pieces, a function read in the position ([`position_function`]), or a region of the
    /// board; an error where the argument must be known and is not.
    fn call(&mut self, f: Builtin, arg: Value, span: Span) -> Option<Value> {
        if let Some(read) = position_function(f) {
            return Some(Value::Runtime(read(Box::new(to_runtime(arg)?))));
        }
        let v = match (f, arg) {
            (Builtin::Pieces, Value::Player(p)) => {
                Value::Runtime(Expr::Pieces(PlayerRef::Fixed(p)))
            }
            (Builtin::Pieces, Value::Runtime(Expr::Player(p))) => Value::Runtime(Expr::Pieces(p)),
            (Builtin::Side, Value::Direction(d)) => Value::Region(self.side_region(d, span)?),
            (Builtin::Corner, Value::Direction(d)) => Value::Region(self.corner(d, span)?),
            (Builtin::Rank | Builtin::File, Value::Int(n)) => {
                Value::Region(self.rank_or_file(f == Builtin::Rank, n, span)?)
            }
            (Builtin::Diagonal | Builtin::Antidiagonal, Value::Int(n)) => {
                Value::Region(self.diagonal(f == Builtin::Diagonal, n, span)?)
            }
            (Builtin::Neighbours, Value::Region(region)) => Value::Region(self.neighbours(&region)),
            _ => {
                let d = Diagnostic::error(
                    Code::E0617,
                    "this function cannot be applied to this value",
                    span,
                )
                .with_help("its argument must be known when the game is compiled");
                self.errors.push(self.with_config(d));
                return None;
            }
        };
        Some(v)
    }
}

/// A value known at compile time as a number (a truth value, a choice, a player, a
/// direction by its index); `None` for a region, tiles or an expression.
fn scalar(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        Value::Choice(c) => Some(*c as i64),
        Value::Player(p) => Some(p.index() as i64),
        Value::Direction(d) => Some(*d as i64),
        _ => None,
    }
}

/// A value as an expression for play time; `None` for a region or tiles, which have none.
pub(super) fn to_runtime(v: Value) -> Option<Expr> {
    match v {
        Value::Runtime(e) => Some(e),
        Value::Player(p) => Some(Expr::Player(PlayerRef::Fixed(p))),
        other => scalar(&other).map(Expr::Const),
    }
}

/// The number a `touching(...)` must reach to make a comparison true, as
/// [`Expr::Touching`] keeps it: 0 for none (a comparison every value makes true or false),
/// a number beyond the most regions a group could touch kept as the largest it holds.
fn enough_for(threshold: Option<i64>) -> u16 {
    threshold.map_or(0, |t| t.clamp(0, i64::from(u16::MAX)) as u16)
}

/// `a op b` left for play time. A `touching(...)` compared with a number (or found equal
/// or unequal to the count of its regions) learns the number it must reach to make the
/// comparison true ([`Expr::Touching`]'s `enough`), so that the search for the group
/// touching the most regions may stop there.
fn runtime_binary(op: Op, mut a: Expr, mut b: Expr) -> Expr {
    // `x and false` / `false and x` etc. are already folded when both sides are known;
    // a runtime side keeps the whole operation. No group touches more regions than are
    // listed, so `== all of them` asks what `>=` does.
    let threshold = |op: Op, k: i64, listed: usize| match op {
        Op::Ge | Op::Lt => Some(k),
        Op::Gt | Op::Le => k.checked_add(1),
        Op::Eq | Op::Ne => (k == listed as i64).then_some(k),
        _ => None,
    };
    let mirrored = |op: Op| match op {
        Op::Lt => Op::Gt,
        Op::Le => Op::Ge,
        Op::Gt => Op::Lt,
        Op::Ge => Op::Le,
        other => other,
    };
    match (&mut a, &mut b) {
        (Expr::Touching(_, _, listed, enough), Expr::Const(k)) => {
            *enough = enough_for(threshold(op, *k, listed.len()))
        }
        (Expr::Const(k), Expr::Touching(_, _, listed, enough)) => {
            *enough = enough_for(threshold(mirrored(op), *k, listed.len()))
        }
        _ => {}
    }
    Expr::Binary(op, Box::new(a), Box::new(b))
}

/// The expression of a function of one value that is read in the position
/// (`count(SITE)`, `store(PLAYER)`, ...); `None` for any other function.
fn position_function(f: Builtin) -> Option<fn(Box<Expr>) -> Expr> {
    Some(match f {
        Builtin::Store => Expr::Store,
        Builtin::Owner => Expr::Owner,
        Builtin::Count => Expr::Count,
        Builtin::Pit => Expr::PitNumber,
        Builtin::Opposite => Expr::Opposite,
        Builtin::Marks => Expr::Marks,
        Builtin::Marked => Expr::Marked,
        Builtin::Stones => Expr::RowStones,
        Builtin::Next => Expr::Next,
        Builtin::Previous => Expr::Previous,
        _ => return None,
    })
}

/// A kind of piece given as an argument, or any kind where none is.
fn kind_arg(arg: Option<&TExpr>) -> u8 {
    match arg.map(|k| &k.kind) {
        Some(TExprKind::Kind(k)) => *k as u8,
        _ => model::ANY_KIND,
    }
}

/// Each kind's worth (`piece queen worth 9`), 1 where the rules give none.
pub(super) fn worths(desc: &Description) -> Box<[i64]> {
    (desc.about.piece_worths.iter())
        .map(|w| w.unwrap_or(1))
        .collect()
}
