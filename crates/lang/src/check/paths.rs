//! The named paths of a grid (`path NAME: POINT, [loop,] POINT, ... [, closed]`), which
//! `move slide along PATH` follows: their points typed, their loops placed between points.

use super::{BoardKind, Checker, PathDecl, Type};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{self, PathItem, StatementKind as S};

impl Checker {
    /// Every `path` statement of the file, checked, in the order written (read before the
    /// moves, which name them); a path with an error keeps its name, without a value.
    pub(super) fn named_paths(&mut self, file: &ast::File) {
        for st in &file.statements {
            let S::Path {
                name,
                items,
                closed,
            } = &st.kind
            else {
                continue;
            };
            self.needs_board(BoardKind::Grid, "a path", st.span);
            let declared = self.declare(name, "path");
            let loops = self.path_loops(items, *closed, st.span);
            let points: Option<Vec<_>> = (items.iter())
                .filter_map(|item| match item {
                    PathItem::Point(e) => {
                        Some(self.static_expr(e, Type::Region, "a point of a path"))
                    }
                    PathItem::Loop(_) => None,
                })
                .collect();
            if !declared {
                continue;
            }
            let decl = loops.zip(points).map(|(loops, points)| PathDecl {
                name: name.text.clone(),
                points,
                loops,
                closed: *closed,
            });
            self.paths.push((name.text.clone(), decl));
        }
    }

    /// Per point of a path's `items`, whether a loop follows it; an error where the path
    /// has fewer than two points, or a `loop` stands anywhere but between two points.
    fn path_loops(&mut self, items: &[PathItem], closed: bool, span: Span) -> Option<Vec<bool>> {
        let points = items
            .iter()
            .filter(|i| matches!(i, PathItem::Point(_)))
            .count();
        if points < 2 {
            self.error(
                Diagnostic::error(Code::E0341, "a path has at least two points", span)
                    .with_label(format!("this path has {points}"))
                    .with_help("list its points in order: `path inner: b1, b2, b3`"),
            );
            return None;
        }
        let mut loops: Vec<bool> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            match item {
                PathItem::Point(_) => loops.push(false),
                PathItem::Loop(at) => {
                    let after_point = matches!(loops.last(), Some(false));
                    let before_point = matches!(items.get(i + 1), Some(PathItem::Point(_)));
                    if !after_point || !(before_point || closed && i + 1 == items.len()) {
                        self.misplaced_loop(*at, closed);
                        return None;
                    }
                    *loops.last_mut()? = true;
                }
            }
        }
        Some(loops)
    }

    /// The error for a `loop` that is not between two points of its path.
    fn misplaced_loop(&mut self, at: Span, closed: bool) {
        let help = match closed {
            true => {
                "write `loop` between the two points it joins; one between the last point \
                     and the first goes last, before `closed`"
            }
            false => {
                "write `loop` between the two points it joins; an open path has no loop \
                      at its ends (write `closed` last for one from the last point to the first)"
            }
        };
        self.error(
            Diagnostic::error(
                Code::E0342,
                "a `loop` stands between two points of a path",
                at,
            )
            .with_label("no point on one side of this loop")
            .with_help(help),
        );
    }
}
