//! Expressions: names resolved, types inferred and checked.

use super::{BoardKind, Builtin, Checker, RegionConst, TExpr, TExprKind, Type, Unary};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, BinaryOp, ExprKind, Name, UnaryOp};
use rulebook_model::board::{
    grid_direction_group, GRID_DIRECTIONS, RELATIVE_BASE, RELATIVE_DIRECTIONS,
};
use rulebook_model::{GroupUnit, Op, Quantifier, MAX_BOUND};

/// A word of the language that names a value in an expression (`mover`, `on`, `corners`,
/// ...): what the checker reads it as (`Checker::word`), and what completion says of it.
#[derive(Clone, Copy, Debug)]
pub struct ValueWord {
    /// The word.
    pub word: &'static str,
    /// The type of its value.
    pub ty: Type,
    /// The kind of board it needs, if any.
    pub board: Option<BoardKind>,
    /// What it names, in a few words.
    pub about: &'static str,
}

/// Every word that names a value in an expression.
pub const VALUE_WORDS: [ValueWord; 15] = {
    const fn w(
        word: &'static str,
        ty: Type,
        board: Option<BoardKind>,
        about: &'static str,
    ) -> ValueWord {
        ValueWord {
            word,
            ty,
            board,
            about,
        }
    }
    use BoardKind::Grid;
    [
        w("mover", Type::Player, None, "the player to move"),
        w("opponent", Type::Player, None, "the other of two"),
        w("throw", Type::Int, None, "the throw of the dice"),
        w("on", Type::Bool, None, "switched on"),
        w("off", Type::Bool, None, "switched off"),
        w("all", Type::Region, None, "every site"),
        w("corners", Type::Region, None, "the board's corners"),
        w(
            "perimeter",
            Type::Region,
            None,
            "the sites on the board's edge",
        ),
        w(
            "centre",
            Type::Region,
            Some(Grid),
            "the grid's middle site or sites",
        ),
        w("dark", Type::Region, Some(Grid), "the dark squares"),
        w("light", Type::Region, Some(Grid), "the light squares"),
        w(
            "last",
            Type::Site,
            None,
            "the site the latest move landed on (a pit: its last stone)",
        ),
        w(
            "origin",
            Type::Site,
            None,
            "the site the latest move started from",
        ),
        w(
            "captured",
            Type::Int,
            Some(Grid),
            "the pieces the move just made captured",
        ),
        w(
            "claimed",
            Type::Int,
            Some(Grid),
            "the cells the move just made claimed",
        ),
    ]
};

impl Checker {
    /// An expression that must have a type (it may depend on the position).
    pub(super) fn typed(&mut self, e: &ast::Expr, ty: Type, what: &str) -> Option<TExpr> {
        let t = self.expr(e)?;
        self.of_type(t, e, ty, what)
    }

    /// `t`, the checked `e`, if it is of type `ty`; else an error saying that `what` must be.
    fn of_type(&mut self, t: TExpr, e: &ast::Expr, ty: Type, what: &str) -> Option<TExpr> {
        if ty == Type::Region && self.around_latest_move(&t) {
            self.fixed_or(
                &t,
                what,
                "a region around `last` or `origin` may only be counted: `pieces(PLAYER, REGION)`",
            )?;
        }
        if t.ty != ty {
            self.error(
                Diagnostic::error(
                    Code::E0509,
                    format!("{what} must be {}", ty.describe(&self.options)),
                    e.span,
                )
                .with_label(format!("this is {}", t.ty.describe(&self.options))),
            );
            return None;
        }
        Some(t)
    }

    /// A `when` condition: `Some(None)` when absent, `None` after an error.
    pub(super) fn condition(&mut self, condition: Option<&ast::Expr>) -> Option<Option<TExpr>> {
        match condition {
            None => Some(None),
            Some(e) => {
                let t = self.expr(e)?;
                if t.ty != Type::Bool {
                    self.error(
                        Diagnostic::error(Code::E0510, "a condition must be true or false", e.span)
                            .with_label(format!("this is {}", t.ty.describe(&self.options))),
                    );
                    return None;
                }
                self.never_holds(&t, e.span);
                Some(Some(t))
            }
        }
    }

    /// An expression that must have a type and must not depend on the position.
    pub(super) fn static_expr(&mut self, e: &ast::Expr, ty: Type, what: &str) -> Option<TExpr> {
        let t = self.typed(e, ty, what)?;
        self.fixed(&t, what)?;
        Some(t)
    }

    /// `Some(())` if `t` does not depend on the position; else an error saying that `what`
    /// cannot.
    fn fixed(&mut self, t: &TExpr, what: &str) -> Option<()> {
        self.fixed_or(t, what, "use only numbers, parameters and options here")
    }

    /// [`Checker::fixed`] with its own help: what else may be written there.
    pub(super) fn fixed_or(&mut self, t: &TExpr, what: &str, help: &str) -> Option<()> {
        if t.depends_on_position() {
            self.error(
                Diagnostic::error(
                    Code::E0511,
                    format!("{what} cannot depend on the position"),
                    t.span,
                )
                .with_help(help),
            );
            return None;
        }
        Some(())
    }

    /// A number that must be known without any parameter (a range bound or default).
    pub(super) fn const_int(&mut self, e: &ast::Expr) -> Option<i64> {
        let t = self.expr(e)?;
        match fold_const_int(&t) {
            Some(v) => Some(v),
            None => {
                self.error(
                    Diagnostic::error(Code::E0512, "expected a whole number here", e.span)
                        .with_help("ranges and defaults of parameters are plain numbers"),
                );
                None
            }
        }
    }

    /// The condition of `forbid leaving` or `forbidding` (named by `clause`), which judges
    /// a move on the position it leaves, and may ask whether the player to move then has
    /// a legal move.
    pub(super) fn judging(&mut self, e: &ast::Expr, clause: &str) -> Option<TExpr> {
        self.context.judging_move = true;
        let what = format!("the condition of {clause}");
        let t = self.typed(e, Type::Bool, &what);
        self.context.judging_move = false;
        t
    }

    /// A condition read just after a move and its captures (`end when`, `after move
    /// again when`), where `captured` may be used; `what` names it in errors.
    pub(super) fn after_move(&mut self, e: &ast::Expr, what: &str) -> Option<TExpr> {
        self.context.after_move = true;
        let t = self.typed(e, Type::Bool, what);
        self.context.after_move = false;
        t
    }

    pub(super) fn expr(&mut self, e: &ast::Expr) -> Option<TExpr> {
        let span = e.span;
        let (kind, ty) = match &e.kind {
            ExprKind::Int(v) => (TExprKind::Int(*v), Type::Int),
            ExprKind::NoLegalMove if !self.context.judging_move => {
                self.error(
                    Diagnostic::error(
                        Code::E0529,
                        "`no legal move` is known only where a move is judged",
                        span,
                    )
                    .with_help(
                        "use it in `forbid leaving` or a move's `forbidding`; an end rule \
                         says `end when no legal move ...`",
                    ),
                );
                return None;
            }
            ExprKind::NoLegalMove => (TExprKind::NoLegalMove, Type::Bool),
            ExprKind::Name(n) => self.resolve_name(n)?,
            ExprKind::Call { function, args } if function.text == "majority" => {
                self.majority(function, args, span)?
            }
            ExprKind::Call { function, args } => self.call(function, args, span)?,
            ExprKind::Unary(op, inner) => {
                let t = self.expr(inner)?;
                let want = match op {
                    UnaryOp::Not => Type::Bool,
                    UnaryOp::Neg => Type::Int,
                };
                if t.ty != want {
                    self.error(
                        Diagnostic::error(
                            Code::E0513,
                            format!(
                                "`{}` needs {}",
                                if *op == UnaryOp::Not { "not" } else { "-" },
                                want.describe(&self.options)
                            ),
                            t.span,
                        )
                        .with_label(format!("this is {}", t.ty.describe(&self.options))),
                    );
                    return None;
                }
                (
                    TExprKind::Unary(
                        match op {
                            UnaryOp::Not => Unary::Not,
                            UnaryOp::Neg => Unary::Neg,
                        },
                        Box::new(t),
                    ),
                    want,
                )
            }
            ExprKind::Binary(op, a, b) => return self.binary(*op, a, b, span),
            ExprKind::Quantified {
                every,
                name,
                region,
                body,
            } => {
                let quantifier = match every {
                    true => Quantifier::Every,
                    false => Quantifier::Any,
                };
                self.quantified(quantifier, Some(name), region, Some(body), span)?
            }
        };
        Some(TExpr { kind, ty, span })
    }

    /// `majority(wedges)` or `majority(pieces)`, in a score.
    fn majority(
        &mut self,
        function: &Name,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        self.needs_board(BoardKind::Hex, "`majority`", function.span);
        if !self.context.in_score {
            self.error(
                Diagnostic::error(
                    Code::E0514,
                    "`majority` can only be used in a `score`",
                    span,
                )
                .with_help("write it as `score majority(wedges)`"),
            );
            return None;
        }
        let unit = match args {
            [a] => match &a.kind {
                ExprKind::Name(n) if n.text == "wedges" => Some(GroupUnit::Wedges),
                ExprKind::Name(n) if n.text == "pieces" => Some(GroupUnit::Pieces),
                _ => None,
            },
            _ => None,
        };
        let Some(unit) = unit else {
            self.error(
                Diagnostic::error(
                    Code::E0515,
                    "`majority` takes how group sizes are counted: `wedges` or `pieces`",
                    span,
                )
                .with_help("write `majority(wedges)` or `majority(pieces)`"),
            );
            return None;
        };
        Some((TExprKind::Majority(unit), Type::Int))
    }

    /// A built-in function applied to its arguments: those that take several by the rule
    /// of each, any other on its one argument ([`Checker::call_of_one`]).
    fn call(
        &mut self,
        function: &Name,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        let &(builtin, name, arg_ty, result) = self.builtin(function)?;
        if GEOMETRY_FUNCTIONS.contains(&name) {
            self.needs_geometry(&format!("`{name}`"), function.span);
        }
        match (builtin, args.len()) {
            (Builtin::Pieces, 3) => self.pieces_of_kind(args),
            (Builtin::Pit, 2) => {
                let player = self.typed(&args[0], Type::Player, "the first argument of `pit`");
                let number = self.typed(&args[1], Type::Int, "the second argument of `pit`");
                let args = vec![player?, number?];
                Some((TExprKind::Call(Builtin::PitOf, args), Type::Site))
            }
            (Builtin::Between, 2) => {
                let from = self.typed(&args[0], Type::Site, "the first argument of `between`");
                let to = self.typed(&args[1], Type::Site, "the second argument of `between`");
                Some((TExprKind::Call(builtin, vec![from?, to?]), Type::Region))
            }
            (Builtin::Connected, _) => self.connected(args, span),
            (Builtin::Path, _) => self.path(args, span),
            (Builtin::Groups | Builtin::Group | Builtin::Touching | Builtin::Ring, _) => {
                self.group_measure(builtin, name, args, span)
            }
            (Builtin::Within, _) => self.within(args, span),
            (Builtin::Lines, _) => self.lines(args, span),
            (Builtin::Hand | Builtin::Files | Builtin::Reach | Builtin::Attacked, 2) => {
                let first = format!("the first argument of `{name}`");
                let second = format!("the second argument of `{name}`");
                let player = self.typed(&args[0], Type::Player, &first);
                let kind = self.typed(&args[1], Type::Kind, &second);
                Some((TExprKind::Call(builtin, vec![player?, kind?]), result))
            }
            (Builtin::Pieces | Builtin::Line, 2) => self.on_region(builtin, name, args),
            (_, 1) => self.call_of_one(builtin, name, (arg_ty, result), &args[0], span),
            (_, given) => {
                self.error(Diagnostic::error(
                    Code::E0516,
                    format!("`{name}` takes one argument; {given} given"),
                    span,
                ));
                None
            }
        }
    }

    /// The built-in function a name calls (its name, argument type and result type), or an
    /// error when there is none or it needs another kind of board.
    fn builtin(&mut self, function: &Name) -> Option<&'static (Builtin, &'static str, Type, Type)> {
        let Some(entry) = Builtin::ALL.iter().find(|b| b.1 == function.text) else {
            let mut d = Diagnostic::error(
                Code::E0517,
                format!("unknown function `{}`", function.text),
                function.span,
            );
            d = d.with_suggestion(&function.text, Builtin::ALL.iter().map(|b| b.1));
            if d.help.is_none() {
                d = d.with_note(format!(
                    "the functions are: {}",
                    Builtin::ALL
                        .iter()
                        .map(|b| b.1)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            self.error(d);
            return None;
        };
        if let (Some(needed), Some(actual)) = (entry.0.board(), self.board.kind) {
            if needed != actual {
                self.error(
                    Diagnostic::error(
                        Code::E0518,
                        format!("`{}` needs {}", entry.1, needed.describe()),
                        function.span,
                    )
                    .with_note(format!("this game has {}", actual.describe())),
                );
                return None;
            }
        }
        Some(entry)
    }

    /// A built-in function of one argument of type `arg_ty`, whose value is a `result`,
    /// applied to `arg`; `stones(REGION)` is the sum over the region's pits.
    fn call_of_one(
        &mut self,
        builtin: Builtin,
        name: &str,
        (arg_ty, result): (Type, Type),
        arg: &ast::Expr,
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        let arg = self.expr(arg)?;
        if builtin == Builtin::Stones && arg.ty == Type::Region {
            return self.quantified_over(Quantifier::Sum, arg, None, span);
        }
        if builtin == Builtin::Neighbours && arg.ty == Type::Site {
            let around = self.site_region(arg);
            return Some((TExprKind::Call(builtin, vec![around]), result));
        }
        if builtin == Builtin::Neighbours && self.around_latest_move(&arg) {
            return Some((TExprKind::Call(builtin, vec![arg]), result));
        }
        if arg.ty != arg_ty {
            let wanted = match builtin {
                Builtin::Stones => "a player or a region of pits".to_string(),
                _ => arg_ty.describe(&self.options),
            };
            self.error(
                Diagnostic::error(Code::E0519, format!("`{name}` takes {wanted}"), arg.span)
                    .with_label(format!("this is {}", arg.ty.describe(&self.options))),
            );
            return None;
        }
        if builtin.builds_region() {
            self.fixed(&arg, &format!("the argument of `{name}`"))?;
        }
        Some((TExprKind::Call(builtin, vec![arg]), result))
    }

    /// `pieces(PLAYER, REGION)` and `line(PLAYER, REGION)`: a player's pieces counted on a
    /// region's sites only.
    fn on_region(
        &mut self,
        builtin: Builtin,
        name: &str,
        args: &[ast::Expr],
    ) -> Option<(TExprKind, Type)> {
        let first = format!("the first argument of `{name}`");
        let second = format!("the second argument of `{name}`");
        let player = self.typed(&args[0], Type::Player, &first);
        let arg = self.expr(&args[1])?;
        if builtin == Builtin::Pieces && arg.ty == Type::Kind {
            let all = TExpr {
                kind: TExprKind::Region(RegionConst::All),
                ty: Type::Region,
                span: arg.span,
            };
            return Some((
                TExprKind::Call(Builtin::PiecesIn, vec![player?, all, arg]),
                Type::Int,
            ));
        }
        let region = match builtin {
            Builtin::Pieces => self.counted_region(arg, &args[1], &second),
            _ => self.of_type(arg, &args[1], Type::Region, &second),
        };
        let builtin = match builtin {
            Builtin::Pieces => Builtin::PiecesIn,
            other => other,
        };
        Some((TExprKind::Call(builtin, vec![player?, region?]), Type::Int))
    }

    /// `connected(PLAYER, REGION, REGION, DIRECTION, ...)`: the player, the two regions
    /// to join, and the directions along which pieces are linked, written as a move's
    /// direction list is (`orthogonal, north-east, south-west`).
    fn connected(&mut self, args: &[ast::Expr], span: Span) -> Option<(TExprKind, Type)> {
        if args.len() < 4 {
            self.error(
                Diagnostic::error(
                    Code::E0520,
                    format!(
                        "`connected` takes a player, two regions and the directions that link \
                         pieces; {} given",
                        args.len()
                    ),
                    span,
                )
                .with_help("write `connected(mover, side(west), side(east), orthogonal)`"),
            );
            return None;
        }
        let player = self.typed(&args[0], Type::Player, "the first argument of `connected`");
        let from = self.typed(&args[1], Type::Region, "the second argument of `connected`");
        let to = self.typed(&args[2], Type::Region, "the third argument of `connected`");
        let links = self.links("connected", "the two regions", &args[3..], span)?;
        let mut args = vec![player?, from?, to?];
        args.extend(links);
        Some((TExprKind::Call(Builtin::Connected, args), Type::Bool))
    }

    /// `path(PLAYER, KIND, REGION, DIRECTION, ...)`: the player, the kind of piece whose
    /// way is asked for, the region it leads to, and the directions of its steps, written
    /// as `connected`'s are.
    fn path(&mut self, args: &[ast::Expr], span: Span) -> Option<(TExprKind, Type)> {
        if args.len() < 4 {
            self.error(
                Diagnostic::error(
                    Code::E0532,
                    format!(
                        "`path` takes a player, a kind of piece, a region and the directions \
                         of its steps; {} given",
                        args.len()
                    ),
                    span,
                )
                .with_help("write `path(mover, pawn, rank(9), orthogonal)`"),
            );
            return None;
        }
        let player = self.typed(&args[0], Type::Player, "the first argument of `path`");
        let kind = self.typed(&args[1], Type::Kind, "the second argument of `path`");
        let goal = self.typed(&args[2], Type::Region, "the third argument of `path`");
        let links = self.links("path", "the region", &args[3..], span)?;
        let mut args = vec![player?, kind?, goal?];
        args.extend(links);
        Some((TExprKind::Call(Builtin::Path, args), Type::Bool))
    }

    /// `groups(PLAYER, DIRECTION, ...)`, `group(PLAYER, DIRECTION, ...)`, `ring(PLAYER,
    /// DIRECTION, ...)` and `touching(PLAYER, REGION, ..., DIRECTION, ...)`: the player, for `touching` the
    /// regions, and the directions along which pieces are linked, as `connected` takes
    /// them. The directions are the names of directions at the end (so the region `all`
    /// is not one of `touching`'s: it is the direction group there).
    fn group_measure(
        &mut self,
        builtin: Builtin,
        name: &str,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        let touching = builtin == Builtin::Touching;
        let first_link = match touching {
            true => (args.iter().rposition(|a| !names_direction(a))).map_or(1, |i| i + 1),
            false => 1,
        };
        if args.len() <= first_link || first_link < 1 + usize::from(touching) {
            let (takes, example) = match touching {
                true => (
                    "a player, the regions and the directions that link pieces",
                    "touching(mover, side(north), side(south), side(east), all)".to_string(),
                ),
                false => (
                    "a player and the directions that link pieces",
                    format!("{name}(mover, orthogonal)"),
                ),
            };
            let message = format!("`{name}` takes {takes}; {} given", args.len());
            let help = format!("write `{example}`");
            self.error(Diagnostic::error(Code::E0530, message, span).with_help(help));
            return None;
        }
        let player = self.typed(
            &args[0],
            Type::Player,
            &format!("the first argument of `{name}`"),
        );
        let regions: Vec<Option<TExpr>> = (args[1..first_link].iter())
            .map(|r| {
                self.typed(
                    r,
                    Type::Region,
                    "an argument of `touching` before its directions",
                )
            })
            .collect();
        let after = match touching {
            true => "the regions",
            false => "the player",
        };
        let links = self.links(name, after, &args[first_link..], span)?;
        let mut args = vec![player?];
        args.extend(regions.into_iter().collect::<Option<Vec<_>>>()?);
        args.extend(links);
        let result = match builtin {
            Builtin::Ring => Type::Bool,
            _ => Type::Int,
        };
        Some((TExprKind::Call(builtin, args), result))
    }

    /// The directions that link pieces in a group, written after a group function's other
    /// arguments (`after`) as a move's direction list is (`orthogonal, north-east,
    /// south-west`), each as a typed direction; an error for anything else.
    fn links(
        &mut self,
        function: &str,
        after: &str,
        args: &[ast::Expr],
        span: Span,
    ) -> Option<Vec<TExpr>> {
        let mut names = Vec::new();
        for a in args {
            match &a.kind {
                ExprKind::Name(n) if RELATIVE_DIRECTIONS.iter().all(|d| d.0 != n.text) => {
                    names.push(n.clone())
                }
                _ => {
                    self.error(
                        Diagnostic::error(
                            Code::E0521,
                            format!("the links of `{function}` are directions of the board"),
                            a.span,
                        )
                        .with_help(format!(
                            "after {after}, name directions or groups: `orthogonal, \
                             north-east, south-west`"
                        )),
                    );
                    return None;
                }
            }
        }
        let directions = self.directions(&ast::Directions { names })?;
        Some(
            (directions.into_iter())
                .map(|d| TExpr {
                    kind: TExprKind::Direction(d),
                    ty: Type::Direction,
                    span,
                })
                .collect(),
        )
    }

    /// `within(REGION, DISTANCE)`: a region and a number known before play.
    fn within(&mut self, args: &[ast::Expr], span: Span) -> Option<(TExprKind, Type)> {
        let [region, distance] = args else {
            self.error(
                Diagnostic::error(
                    Code::E0522,
                    format!(
                        "`within` takes a region and a distance; {} given",
                        args.len()
                    ),
                    span,
                )
                .with_help("write `within(d4, 2)`: the sites at most 2 king steps from d4"),
            );
            return None;
        };
        let region = self.expr(region).and_then(|t| match t.ty {
            Type::Site => Some(self.site_region(t)),
            _ if self.around_latest_move(&t) => Some(t),
            _ => self.of_type(t, region, Type::Region, "the first argument of `within`"),
        });
        let distance = self.static_expr(distance, Type::Int, "the distance of `within`");
        Some((
            TExprKind::Call(Builtin::Within, vec![region?, distance?]),
            Type::Region,
        ))
    }

    /// `lines(PLAYER, LENGTH[, REGION])`: how many of a player's lines (on a region's
    /// sites) are exactly LENGTH long, a number known before play.
    fn lines(&mut self, args: &[ast::Expr], span: Span) -> Option<(TExprKind, Type)> {
        if !(2..=3).contains(&args.len()) {
            self.error(
                Diagnostic::error(
                    Code::E0523,
                    format!(
                        "`lines` takes a player, a length and optionally a region; {} given",
                        args.len()
                    ),
                    span,
                )
                .with_help(
                    "write `lines(mover, 5)`: how many of the mover's lines are exactly 5 long",
                ),
            );
            return None;
        }
        let player = self.typed(&args[0], Type::Player, "the first argument of `lines`");
        let length = self.static_expr(&args[1], Type::Int, "the length of `lines`");
        let mut typed = vec![player?, length?];
        if let Some(region) = args.get(2) {
            typed.push(self.typed(region, Type::Region, "the third argument of `lines`")?);
        }
        Some((TExprKind::Call(Builtin::Lines, typed), Type::Int))
    }

    /// `pieces(PLAYER, REGION, KIND)`: a player's pieces of one kind on a region's sites.
    fn pieces_of_kind(&mut self, args: &[ast::Expr]) -> Option<(TExprKind, Type)> {
        let player = self.typed(&args[0], Type::Player, "the first argument of `pieces`");
        let what = "the second argument of `pieces`";
        let region = self
            .expr(&args[1])
            .and_then(|t| self.counted_region(t, &args[1], what));
        let kind = self.typed(&args[2], Type::Kind, "the third argument of `pieces`");
        let args = vec![player?, region?, kind?];
        Some((TExprKind::Call(Builtin::PiecesIn, args), Type::Int))
    }

    /// The region counted by `pieces(PLAYER, REGION[, KIND])`: any region, and on a grid
    /// also one around the latest move (`last`, `neighbours(origin)`), laid out when the
    /// game is compiled for every site the move could be.
    fn counted_region(&mut self, t: TExpr, e: &ast::Expr, what: &str) -> Option<TExpr> {
        if self.board.kind == Some(BoardKind::Grid) && t.ty == Type::Site {
            return Some(self.site_region(t));
        }
        if !self.around_latest_move(&t) {
            return self.of_type(t, e, Type::Region, what);
        }
        if t.reads(&TExprKind::Last) && t.reads(&TExprKind::Origin) {
            let help = "a region may be around `last` or around `origin`, not both: count each \
                        apart, `pieces(P, neighbours(last)) + pieces(P, neighbours(origin))`";
            self.fixed_or(&t, what, help)?;
        }
        Some(t)
    }

    /// The region of one site (`all - pit(mover, 1)`, `within(last, 2)`): on a grid, where
    /// a site is `last` or `origin`, `within(SITE, 0)`; on a mancala board, the pit alone.
    fn site_region(&self, site: TExpr) -> TExpr {
        let span = site.span;
        let kind = match self.board.kind {
            Some(BoardKind::Grid) => {
                let zero = TExpr {
                    kind: TExprKind::Int(0),
                    ty: Type::Int,
                    span,
                };
                TExprKind::Call(Builtin::Within, vec![site, zero])
            }
            _ => TExprKind::Call(Builtin::Alone, vec![site]),
        };
        TExpr {
            kind,
            ty: Type::Region,
            span,
        }
    }

    /// Whether `t` is a region of a grid that depends on the position: one around the
    /// latest move's site, the only such region the language has.
    fn around_latest_move(&self, t: &TExpr) -> bool {
        self.board.kind == Some(BoardKind::Grid) && t.ty == Type::Region && t.depends_on_position()
    }

    /// `a op b`, typed: both sides, then the type the operator gives them, or an error
    /// saying what it needs.
    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Option<TExpr> {
        let (ta, tb) = self.operands(op, a, b)?;
        let ty = match binary_type(op, ta.ty, tb.ty) {
            Ok(ty) => ty,
            Err(expected) => {
                let opts = &self.options;
                let d = Diagnostic::error(
                    Code::E0524,
                    format!("`{}` needs {expected}", op.symbol()),
                    span,
                )
                .with_note_at(
                    ta.span,
                    format!("the left side is {}", ta.ty.describe(opts)),
                )
                .with_note_at(
                    tb.span,
                    format!("the right side is {}", tb.ty.describe(opts)),
                );
                self.error(d);
                return None;
            }
        };
        Some(TExpr {
            kind: TExprKind::Binary(super::op(op), Box::new(ta), Box::new(tb)),
            ty,
            span,
        })
    }

    /// The two sides of `a op b`, typed: a bare name beside `==` or `!=` may be a choice
    /// of the option on the other side, and a site beside a region is the region of that
    /// site.
    fn operands(&mut self, op: BinaryOp, a: &ast::Expr, b: &ast::Expr) -> Option<(TExpr, TExpr)> {
        use BinaryOp as B;
        // A choice name is resolved against the option on the other side of `==`/`!=`.
        let (ta, tb) = if matches!(op, B::Eq | B::Ne) {
            let ta = self.expr_or_choice(a, b)?;
            let tb = self.expr_or_choice(b, a)?;
            (ta, tb)
        } else {
            let ta = self.expr(a);
            let tb = self.expr(b);
            (ta?, tb?)
        };
        // A site next to a region is the region of that one site: `all - pit(mover, 1)`;
        // a site compared with a point of a grid, with the point's site: `last == d4`.
        Some(match (ta.ty, tb.ty, op) {
            (Type::Site, Type::Region, B::Eq | B::Ne) if is_point(&tb) => (ta, point_site(tb)),
            (Type::Region, Type::Site, B::Eq | B::Ne) if is_point(&ta) => (point_site(ta), tb),
            (Type::Region, Type::Site, B::Add | B::Sub | B::Mul) => (ta, self.site_region(tb)),
            (Type::Site, Type::Region, B::Add | B::Sub | B::Mul) => (self.site_region(ta), tb),
            _ => (ta, tb),
        })
    }

    /// Resolves `e`, reading a bare name as a choice of the option that `other` names.
    pub(super) fn expr_or_choice(&mut self, e: &ast::Expr, other: &ast::Expr) -> Option<TExpr> {
        if let (ExprKind::Name(n), ExprKind::Name(o)) = (&e.kind, &other.kind) {
            if let Some(oi) = self.options.iter().position(|x| x.name == o.text) {
                let opt = &self.options[oi];
                if !opt.is_switch && self.options.iter().all(|x| x.name != n.text) {
                    return match opt.choice(&n.text, Some(n.span)) {
                        Ok(index) => Some(TExpr {
                            kind: TExprKind::Choice { option: oi, index },
                            ty: Type::Choice(oi),
                            span: e.span,
                        }),
                        Err(d) => {
                            self.error(d);
                            None
                        }
                    };
                }
            }
        }
        self.expr(e)
    }

    /// `any(NAME in REGION: BODY)`, `every(...)`: the body checked with the name bound to a
    /// site.
    fn quantified(
        &mut self,
        quantifier: Quantifier,
        name: Option<&Name>,
        region: &ast::Expr,
        body: Option<&ast::Expr>,
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        let region = self.typed(region, Type::Region, "the sites after `in`")?;
        self.context
            .bound
            .push(name.map_or(String::new(), |n| n.text.clone()));
        let body = body.map(|b| self.typed(b, Type::Bool, "the condition after `:`"));
        self.context.bound.pop();
        match body {
            Some(None) => None,
            Some(body) => self.quantified_over(quantifier, region, body, span),
            None => self.quantified_over(quantifier, region, None, span),
        }
    }

    /// A quantifier over the sites of a checked region: with `body`, a condition on each
    /// (`any`, `every`); without, the stones on them (`stones(REGION)`).
    fn quantified_over(
        &mut self,
        quantifier: Quantifier,
        region: TExpr,
        body: Option<TExpr>,
        span: Span,
    ) -> Option<(TExprKind, Type)> {
        self.needs_board(
            BoardKind::Mancala,
            "a condition over the sites of a region",
            span,
        );
        let depth = self.context.bound.len();
        if depth >= MAX_BOUND {
            self.error(
                Diagnostic::error(
                    Code::E0525,
                    format!("conditions over regions nest at most {MAX_BOUND} deep"),
                    span,
                )
                .with_help("write the inner condition as a separate rule"),
            );
            return None;
        }
        let (body, ty) = match body {
            Some(body) => (body, Type::Bool),
            None => {
                let site = TExpr {
                    kind: TExprKind::Bound(depth),
                    ty: Type::Site,
                    span,
                };
                let count = TExprKind::Call(Builtin::Count, vec![site]);
                let body = TExpr {
                    kind: count,
                    ty: Type::Int,
                    span,
                };
                (body, Type::Int)
            }
        };
        let kind = TExprKind::Quantified {
            quantifier,
            depth,
            region: Box::new(region),
            body: Box::new(body),
        };
        Some((kind, ty))
    }

    /// A named region where it is used: what it stands for, or an error when it is defined
    /// below (at `defined`).
    fn named_region(&mut self, n: &Name, defined: Span) -> Option<(TExprKind, Type)> {
        if let Some((_, region)) = self.regions.iter().find(|(r, _)| *r == n.text) {
            return region.as_ref().map(|r| (r.kind.clone(), Type::Region));
        }
        self.error(
            Diagnostic::error(
                Code::E0526,
                format!("the region `{}` is used before it is defined", n.text),
                n.span,
            )
            .with_note_at(
                defined,
                "it is defined here: a region may use only the regions above it",
            ),
        );
        None
    }

    /// What a name stands for, looked up in order: a site bound by a condition over a
    /// region, a parameter, an option, a player, a region, a site of a graph board, a word
    /// of the language, a direction, a point, tiles, a kind of piece; an error if none.
    pub(super) fn resolve_name(&mut self, n: &Name) -> Option<(TExprKind, Type)> {
        let t = n.text.as_str();
        if let Some(depth) = self.context.bound.iter().rposition(|b| b == t) {
            return Some((TExprKind::Bound(depth), Type::Site));
        }
        if let Some(i) = self.params.iter().position(|p| p.name == t) {
            return Some((TExprKind::Param(i), Type::Int));
        }
        if let Some(i) = self.options.iter().position(|o| o.name == t) {
            self.reads.options[i] = true;
            let ty = if self.options[i].is_switch {
                Type::Bool
            } else {
                Type::Choice(i)
            };
            return Some((TExprKind::Option(i), ty));
        }
        if let Some(i) = self.players.names.iter().position(|p| p == t) {
            return Some((TExprKind::Player(i), Type::Player));
        }
        if let Some(&(first, "region")) = self.declared.get(t) {
            return self.named_region(n, first);
        }
        // A graph's site before the words: the generated `centre` of `board graph ring N
        // with centre` is a site, where the grid's word would be an error.
        if let Some(site) = self.board.graph_site(t) {
            return Some((TExprKind::Region(site), Type::Region));
        }
        if let Some(word) = self.word(n) {
            return Some(word);
        }
        if let Some(d) = direction_named(t) {
            return Some((TExprKind::Direction(d), Type::Direction));
        }
        let graph = self.board.graph.is_some();
        if let (Some(point), Some(BoardKind::Grid), false) =
            (point_named(t), self.board.kind, graph)
        {
            return Some((TExprKind::Region(point), Type::Region));
        }
        if t == "tiles" && self.board.kind == Some(BoardKind::Hex) {
            return Some((TExprKind::Tiles(u64::MAX), Type::Tiles));
        }
        if let Some(set) = self.tile_pattern(t) {
            return Some((TExprKind::Tiles(set), Type::Tiles));
        }
        if let Some(k) = self.pieces.names.iter().position(|p| p == t) {
            return Some((TExprKind::Kind(k), Type::Kind));
        }
        self.unknown_name(n);
        None
    }

    /// A word of the language that names a value (`on`, `mover`, `all`, `last`, ...), or
    /// `None` for any other name; an error where the game has no such value (`opponent`
    /// in a game of one player, `last` off a mancala board), but the value still.
    fn word(&mut self, n: &Name) -> Option<(TExprKind, Type)> {
        let t = n.text.as_str();
        Some(match t {
            "on" => (TExprKind::Bool(true), Type::Bool),
            "off" => (TExprKind::Bool(false), Type::Bool),
            "mover" => (TExprKind::Mover, Type::Player),
            "throw" => {
                self.reads.throw_at.get_or_insert(n.span);
                (TExprKind::Throw, Type::Int)
            }
            "opponent" => {
                if let Some(players) = self.players.solo {
                    self.error(
                        Diagnostic::error(
                            Code::E0527,
                            "a game of one player has no opponent",
                            n.span,
                        )
                        .with_note_at(players, "the game has one player")
                        .with_help("name the player, or say `mover`"),
                    );
                }
                self.needs_exactly_two(
                    "`opponent` names the other of two players",
                    "name the player",
                    n.span,
                );
                (TExprKind::Opponent, Type::Player)
            }
            "all" => (TExprKind::Region(RegionConst::All), Type::Region),
            "corners" | "perimeter" | "centre" | "dark" | "light" => self.geometry_word(t, n.span),
            "last" | "origin" => {
                if self.board.kind == Some(BoardKind::Hex) {
                    self.needs_board(BoardKind::Grid, &format!("`{t}`"), n.span);
                }
                match t {
                    "last" => (TExprKind::Last, Type::Site),
                    _ => {
                        self.reads.origin_at.get_or_insert(n.span);
                        (TExprKind::Origin, Type::Site)
                    }
                }
            }
            "captured" | "claimed" => {
                self.needs_board(BoardKind::Grid, &format!("`{t}`"), n.span);
                if !self.context.after_move {
                    self.error(
                        Diagnostic::error(
                            Code::E0533,
                            format!("`{t}` is known only just after a move"),
                            n.span,
                        )
                        .with_help(
                            "read it in `after move again when` or `end when`, which are \
                             judged once the move and its captures are made",
                        ),
                    );
                }
                match t {
                    "captured" => (TExprKind::Captured, Type::Int),
                    _ => (TExprKind::Claimed, Type::Int),
                }
            }
            _ => return None,
        })
    }

    /// A region of a grid's geometry by its word (`corners`, `perimeter`, `centre`, `dark`,
    /// `light`), with an error where the board has no such geometry.
    fn geometry_word(&mut self, t: &str, span: Span) -> (TExprKind, Type) {
        if !matches!(t, "corners" | "perimeter") {
            self.needs_board(BoardKind::Grid, &format!("`{t}`"), span);
        }
        self.needs_geometry(&format!("`{t}`"), span);
        let region = match t {
            "corners" => RegionConst::Corners,
            "perimeter" => RegionConst::Perimeter,
            "centre" => RegionConst::Centre,
            _ => RegionConst::Colour { dark: t == "dark" },
        };
        (TExprKind::Region(region), Type::Region)
    }

    /// The error for a name that names nothing: a name it may be a misspelling of, or a
    /// subtraction written without spaces (`size-1`).
    fn unknown_name(&mut self, n: &Name) {
        let t = n.text.as_str();
        let known: Vec<&str> = self
            .params
            .iter()
            .map(|p| p.name.as_str())
            .chain(self.options.iter().map(|o| o.name.as_str()))
            .chain(self.players.names.iter().map(String::as_str))
            .chain(self.regions.iter().map(|(r, _)| r.as_str()))
            .chain(self.pieces.names.iter().map(String::as_str))
            .chain(
                (VALUE_WORDS.iter())
                    .filter(|w| {
                        w.board
                            .is_none_or(|b| self.board.kind.is_none_or(|k| k == b))
                    })
                    .map(|w| w.word),
            )
            .chain(GRID_DIRECTIONS.iter().map(|d| d.0))
            .chain(RELATIVE_DIRECTIONS.iter().map(|d| d.0))
            .collect();
        let mut d = Diagnostic::error(Code::E0528, format!("unknown name `{t}`"), n.span)
            .with_label("not a parameter, option, player, piece, direction, region or site");
        let parts: Vec<&str> = t.split('-').collect();
        if t == "axis" {
            d = d.with_help(
                "`axis` is the line a slide moves along, only in its length: `move slide all \
                 exactly pieces(axis)`",
            );
        } else if parts.len() > 1 && parts.iter().all(|p| known.contains(p)) {
            d = d.with_help(format!(
                "names may contain `-`; to subtract, put spaces around it: `{}`",
                parts.join(" - ")
            ));
        } else {
            d = d.with_suggestion(t, known.iter().copied());
        }
        self.error(d);
    }
}

/// The type of `a op b` for sides of types `a` and `b`, or what the operator needs.
fn binary_type(op: BinaryOp, a: Type, b: Type) -> Result<Type, &'static str> {
    use BinaryOp as B;
    let (fits, ty, needed) = match op {
        B::Or | B::And => (
            a == Type::Bool && b == Type::Bool,
            Type::Bool,
            "conditions on both sides",
        ),
        B::Eq | B::Ne => (
            a == b && !matches!(a, Type::Region | Type::Tiles),
            Type::Bool,
            "two values of the same kind (numbers, switches, choices, players)",
        ),
        B::Lt | B::Le | B::Gt | B::Ge => (
            a == Type::Int && b == Type::Int,
            Type::Bool,
            "numbers on both sides",
        ),
        B::Add | B::Sub => (
            a == b && matches!(a, Type::Int | Type::Region | Type::Tiles),
            a,
            "two numbers, two regions or two sets of tiles",
        ),
        B::Mul => (
            a == b && matches!(a, Type::Int | Type::Region),
            a,
            "two numbers, or two regions (the sites in both)",
        ),
        B::Mod | B::Div => (
            a == Type::Int && b == Type::Int,
            Type::Int,
            "numbers on both sides",
        ),
    };
    if fits {
        Ok(ty)
    } else {
        Err(needed)
    }
}

/// Whether a checked expression is a grid point's name (`d4`).
fn is_point(e: &TExpr) -> bool {
    matches!(e.kind, TExprKind::Region(RegionConst::Point { .. }))
}

/// A grid point's name read as its site, to be compared with a site (`last == d4`): the
/// compiler gives its one site's number.
fn point_site(point: TExpr) -> TExpr {
    TExpr {
        ty: Type::Site,
        ..point
    }
}

/// A grid point by name: a file letter `a` to `z`, then a rank number from 1 (`d4`).
/// The functions that read a grid's files, ranks and king steps, which a board given as a
/// graph has not.
const GEOMETRY_FUNCTIONS: [&str; 10] = [
    "side",
    "corner",
    "rank",
    "file",
    "diagonal",
    "antidiagonal",
    "within",
    "files",
    "area",
    "territory",
];

pub(super) fn point_named(name: &str) -> Option<RegionConst> {
    let (letter, digits) = name.split_at_checked(1)?;
    let file = letter.chars().next().filter(char::is_ascii_lowercase)? as u16 - 'a' as u16;
    let digits_only = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let rank: u16 = digits.parse().ok().filter(|&r| digits_only && r >= 1)?;
    Some(RegionConst::Point {
        file,
        rank: rank - 1,
    })
}

/// The value of a typed integer expression made of numbers alone.
fn fold_const_int(e: &TExpr) -> Option<i64> {
    match &e.kind {
        TExprKind::Int(v) => Some(*v),
        TExprKind::Unary(Unary::Neg, x) => fold_const_int(x)?.checked_neg(),
        TExprKind::Binary(op, a, b) => {
            let (a, b) = (fold_const_int(a)?, fold_const_int(b)?);
            match op {
                Op::Add => a.checked_add(b),
                Op::Sub => a.checked_sub(b),
                Op::Mul => a.checked_mul(b),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether an argument is the name of a direction or a group of them (of the grid, of a
/// grid of hexagons, or relative to the mover), as a group function's links are written.
fn names_direction(e: &ast::Expr) -> bool {
    let ExprKind::Name(n) = &e.kind else {
        return false;
    };
    let name = n.text.as_str();
    grid_direction_group(name).is_some()
        || GRID_DIRECTIONS.iter().any(|d| d.0 == name)
        || RELATIVE_DIRECTIONS.iter().any(|d| d.0 == name)
}

/// The code of a direction by name: the grid's, or one relative to the mover (`forward`,
/// coded from [`RELATIVE_BASE`] and read as the player whose rule it is when the game is
/// compiled).
fn direction_named(name: &str) -> Option<u8> {
    let grid = GRID_DIRECTIONS.iter().position(|d| d.0 == name);
    let relative = RELATIVE_DIRECTIONS.iter().position(|d| d.0 == name);
    grid.map(|d| d as u8)
        .or(relative.map(|d| RELATIVE_BASE + d as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{BoardFacts, Players};

    #[test]
    fn every_value_word_is_read_as_its_type() {
        for w in VALUE_WORDS {
            let mut checker = Checker {
                board: BoardFacts {
                    kind: w.board,
                    ..BoardFacts::default()
                },
                players: Players {
                    names: vec!["black".into(), "white".into()],
                    ..Players::default()
                },
                ..Checker::default()
            };
            // Just after a move, where every word may be read (`captured` only there).
            checker.context.after_move = true;
            let name = Name {
                text: w.word.into(),
                span: Span::new(0, w.word.len()),
            };
            let read = checker.word(&name).map(|(_, ty)| ty);
            assert_eq!(read, Some(w.ty), "`{}`", w.word);
            assert!(checker.diagnostics.is_empty(), "`{}` on its board", w.word);
            let other = match w.board {
                Some(BoardKind::Mancala) => Some(BoardKind::Grid),
                _ => Some(BoardKind::Mancala),
            };
            let mut elsewhere = checker;
            elsewhere.board.kind = other;
            elsewhere.diagnostics.clear();
            elsewhere.word(&name);
            let refused = !elsewhere.diagnostics.is_empty();
            assert_eq!(refused, w.board.is_some(), "`{}` off its board", w.word);
        }
    }
}
