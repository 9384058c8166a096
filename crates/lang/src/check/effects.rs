//! Effects: what happens after a move (`after move: capture ...`) and after sowing (`after
//! sow first of { ... }`).

use super::{
    ActionDecl, BoardKind, CaptureFilterDecl, Checker, Conditional, EffectDecl, PlaceOn, RuleDecls,
    RunDecl, SowRuleDecl, Type,
};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};
use rulebook_model::board::GRID_PATHS;
use rulebook_model::MidChain;

/// The longest name a rule may be `called` (characters).
pub const MAX_LABEL: usize = 24;

impl Checker {
    /// An `after sow` block or an `after` statement.
    pub(super) fn after(&mut self, st: &ast::Statement, rules: &mut RuleDecls) {
        let RuleDecls {
            after_sow,
            effects,
            effect_labels,
            ..
        } = rules;
        match &st.kind {
            S::AfterSow { rules } => {
                self.needs_board(BoardKind::Mancala, "rules after sowing", st.span);
                if let Some((_, first)) = &after_sow {
                    let first = *first;
                    self.error(
                        Diagnostic::error(Code::E0401, "there are two `after sow` blocks", st.span)
                            .with_note_at(first, "the first one")
                            .with_help("put every rule after sowing in one block, in the order they are tried"),
                    );
                    return;
                }
                let checked: Vec<SowRuleDecl> =
                    rules.iter().filter_map(|r| self.sow_rule(r)).collect();
                *after_sow = Some((checked, st.span));
            }
            S::After {
                effect,
                condition,
                label,
            } => {
                self.needs_board(BoardKind::Grid, "custodian capture", st.span);
                if let (ast::Effect::Again(span), None) = (effect, condition) {
                    self.error(
                        Diagnostic::error(Code::E0402, "`again` after every move would never pass the turn", *span)
                            .with_help("say when the player moves again: `after move again when hand(mover) % 2 == 1`"),
                    );
                    return;
                }
                let rule = self.effect(effect);
                // `again` is decided once the move and its captures are made.
                self.context.after_move = matches!(effect, ast::Effect::Again(_));
                let condition = self.condition(condition.as_ref());
                self.context.after_move = false;
                let label = self.label(label.as_ref(), st.span);
                if let (Some(rule), Some(condition)) = (rule, condition) {
                    effects.push(Conditional {
                        rule,
                        condition,
                        span: st.span,
                    });
                    effect_labels.push(label);
                }
            }
            _ => {}
        }
    }

    /// A rule after sowing: a condition and actions on sites.
    pub(super) fn sow_rule(&mut self, rule: &ast::SowRule) -> Option<SowRuleDecl> {
        let condition = self
            .condition(Some(&rule.condition))?
            .expect("a condition was given");
        let mut actions = Vec::new();
        let mut ok = true;
        for a in &rule.actions {
            let action = match a {
                ast::Action::Again(_) => Some(ActionDecl::Again),
                ast::Action::Take { from, to } => {
                    let f = self.typed(from, Type::Site, "where `take` takes stones from");
                    let t = self.typed(to, Type::Site, "where `take` puts them");
                    f.zip(t).map(|(from, to)| ActionDecl::Take { from, to })
                }
                ast::Action::Mark(site) => self
                    .typed(site, Type::Site, "what `mark` marks")
                    .map(ActionDecl::Mark),
                ast::Action::NamedMark { site, name } => {
                    self.mark_name(name);
                    self.typed(site, Type::Site, "what `mark` marks")
                        .map(ActionDecl::Mark)
                }
                ast::Action::TakeRun {
                    from,
                    counterclockwise,
                    condition,
                    to,
                } => {
                    let f = self.typed(from, Type::Site, "where `take` starts its walk");
                    let c = self.typed(condition, Type::Bool, "the condition of `while`");
                    let t = self.typed(to, Type::Site, "where `take` puts the stones");
                    match (f, c, t) {
                        (Some(from), Some(condition), Some(to)) => Some(ActionDecl::TakeRun {
                            from,
                            counterclockwise: *counterclockwise,
                            condition,
                            to,
                        }),
                        _ => None,
                    }
                }
            };
            match action {
                Some(a) => actions.push(a),
                None => ok = false,
            }
        }
        let cancel = match &rule.cancel {
            None => None,
            Some(e) => {
                if actions.iter().any(|a| matches!(a, ActionDecl::Mark(_))) {
                    self.error(
                        Diagnostic::error(Code::E0403, "a rule that marks a site cannot be taken back", e.span)
                            .with_help("`unless` takes back the stones a rule moved; put the mark in a rule of its own"),
                    );
                    return None;
                }
                Some(self.typed(e, Type::Bool, "the condition of `unless`")?)
            }
        };
        let label = self.label(rule.label.as_ref(), rule.span);
        ok.then_some(SowRuleDecl {
            condition,
            actions,
            cancel,
            label,
            span: rule.span,
        })
    }

    /// The word of `mark SITE as NAME`: the marks of a game share one name.
    fn mark_name(&mut self, name: &ast::Name) {
        match &self.mark_name {
            None => self.mark_name = Some(name.clone()),
            Some(first) if first.text == name.text => {}
            Some(first) => {
                let first = first.clone();
                self.error(
                    Diagnostic::error(
                        Code::E0404,
                        format!(
                            "marks are called `{}` here and `{}` before",
                            name.text, first.text
                        ),
                        name.span,
                    )
                    .with_note_at(first.span, "the first name given to a mark")
                    .with_help("a game's marks are one kind of thing: give them one name"),
                );
            }
        }
    }

    /// A rule's short name (`called "corner"`): one line of words a person reads beside a
    /// move, so neither empty nor long.
    pub(super) fn label(
        &mut self,
        label: Option<&String>,
        span: crate::diag::Span,
    ) -> Option<String> {
        let label = label?;
        let words = label.split_whitespace().collect::<Vec<_>>().join(" ");
        if words.is_empty()
            || words.chars().count() > MAX_LABEL
            || words.chars().any(char::is_control)
        {
            self.error(
                Diagnostic::error(
                    Code::E0405,
                    format!("a rule's name must be 1 to {MAX_LABEL} characters of text"),
                    span,
                )
                .with_help("name the rule in a word or two: `called \"corner\"`"),
            );
            return None;
        }
        Some(words)
    }

    /// An effect after a move: another move, a promotion, or a capture.
    pub(super) fn effect(&mut self, effect: &ast::Effect) -> Option<EffectDecl> {
        match effect {
            ast::Effect::Again(_) => Some(EffectDecl::Again),
            ast::Effect::Claim { kind, .. } => {
                let pieces = self.pieces.names.clone();
                let kind = self.lookup_in(kind, &pieces, "piece")?;
                Some(EffectDecl::Claim { kind })
            }
            ast::Effect::Promote {
                from,
                to,
                region,
                leaving,
                mid_chain,
                ..
            } => self.promotion(from.as_deref(), to, (region, *leaving), *mid_chain),
            ast::Effect::Groups {
                directions, mode, ..
            } => Some(EffectDecl::Groups {
                directions: self.directions(directions)?,
                mode: super::capture_mode(*mode),
            }),
            ast::Effect::Enclosed {
                directions,
                mode,
                clauses,
                ..
            } => {
                let directions = self.directions(directions);
                let filter = self.capture_filter(clauses)?;
                Some(EffectDecl::Enclosed {
                    directions: directions?,
                    mode: super::capture_mode(*mode),
                    filter,
                })
            }
            ast::Effect::Custodian {
                shape,
                turning_once,
                min_length,
                max_length,
                mode,
                clauses,
                ..
            } => {
                let run = self.run_shape(shape)?;
                let mut length = |e: Option<&ast::Expr>, what| match e {
                    Some(e) => self.static_expr(e, Type::Int, what).map(Some),
                    None => Some(None),
                };
                let min_length = length(min_length.as_deref(), "the shortest run")?;
                let max_length = length(max_length.as_ref(), "the longest run")?;
                Some(EffectDecl::Custodian {
                    run,
                    turning_once: *turning_once,
                    min_length,
                    max_length,
                    mode: super::capture_mode(*mode),
                    filter: self.capture_filter(clauses)?,
                })
            }
        }
    }

    /// Lines on sides and walls on grooves are not both drawn in one game (both would cut
    /// the links between cells), and cells are claimed only where lines close them: an
    /// error for a game with both, and for `claim closed cells` without lines on sides.
    pub(super) fn sides_and_claims(&mut self, rules: &RuleDecls) {
        let placing_on = |on: PlaceOn| {
            let placing = |m: &&Conditional<super::MoveRuleDecl>| matches!(m.rule.shape, super::MoveDecl::PlacePiece { on: o, .. } if o == on);
            rules.moves.iter().find(placing).map(|m| m.span)
        };
        let (sides, grooves) = (placing_on(PlaceOn::Sides), placing_on(PlaceOn::Grooves));
        if let (Some(sides), Some(grooves)) = (sides, grooves) {
            self.error(
                Diagnostic::error(
                    Code::E0448,
                    "a game draws lines on sides or lays walls on grooves, not both",
                    sides,
                )
                .with_note_at(grooves, "walls are laid here")
                .with_help("keep one of the two rules"),
            );
        }
        let claim = rules
            .effects
            .iter()
            .find(|e| matches!(e.rule, EffectDecl::Claim { .. }));
        if let (Some(claim), None) = (claim, sides) {
            self.error(
                Diagnostic::error(
                    Code::E0449,
                    "`claim closed cells` needs lines drawn on the sides of cells",
                    claim.span,
                )
                .with_help(
                    "a cell is closed when its four sides are drawn: add a rule \
                     `move place KIND on sides`",
                ),
            );
        }
    }

    /// With `capture into hand`, per kind, the kind a taken piece of it goes into hand as:
    /// the one kind promotions make it from, or itself; an error where they make it from
    /// several (or from any kind). Empty without `capture into hand`.
    pub(super) fn hand_kinds(&mut self, rules: &RuleDecls) -> Vec<usize> {
        let Some(span) = rules.capture_into_hand else {
            return Vec::new();
        };
        let kinds = self.pieces.names.len();
        let mut made_from: Vec<Vec<Option<usize>>> = vec![Vec::new(); kinds];
        for effect in &rules.effects {
            let EffectDecl::Promote {
                from, to, choices, ..
            } = &effect.rule
            else {
                continue;
            };
            for &made in std::iter::once(to).chain(choices) {
                let sources: Vec<Option<usize>> = match from {
                    Some(from) => from
                        .iter()
                        .filter(|&&k| k != made)
                        .map(|&k| Some(k))
                        .collect(),
                    None => vec![None],
                };
                for source in sources {
                    if !made_from[made].contains(&source) {
                        made_from[made].push(source);
                    }
                }
            }
        }
        (0..kinds)
            .map(|k| match made_from[k][..] {
                [] => k,
                [Some(one)] => one,
                _ => {
                    let sources = match made_from[k].contains(&None) {
                        true => "any kind",
                        false => "several kinds",
                    };
                    let message = format!(
                        "a taken {} goes into hand as the kind it is promoted from, and promotions make it from {sources}",
                        self.pieces.names[k]
                    );
                    self.error(Diagnostic::error(Code::E0438, message, span).with_help(
                        "promote to it from one kind only (`promote pawn to tokin in ...`)",
                    ));
                    k
                }
            })
            .collect()
    }

    /// `promote [KIND, ...] to KIND[, KIND ...] in REGION [at once|at end]`.
    fn promotion(
        &mut self,
        from: Option<&[ast::Name]>,
        to: &[ast::Name],
        (region, leaving): (&ast::Expr, bool),
        mid_chain: Option<(ast::MidChain, Span)>,
    ) -> Option<EffectDecl> {
        let from = from.map(|names| self.kinds(names));
        let to = self.kinds(to);
        let region = self.static_expr(region, Type::Region, "where pieces are promoted");
        if let (Some(kinds), Some((_, at))) = (&to, mid_chain) {
            if kinds.len() > 1 {
                self.error(
                    Diagnostic::error(Code::E0406, "a promotion with a choice is made where a move ends, so it cannot say what a chain does on the way", at)
                        .with_help("leave out `at once` or `at end`, or promote to one kind"),
                );
            }
        }
        let to = to?;
        Some(EffectDecl::Promote {
            from: match from {
                Some(kinds) => Some(kinds?),
                None => None,
            },
            to: to[0],
            choices: match to.len() {
                1 => Vec::new(),
                _ => to,
            },
            region: region?,
            leaving,
            mid_chain: match mid_chain {
                None => MidChain::Stop,
                Some((ast::MidChain::AtEnd, _)) => MidChain::Pass,
                Some((ast::MidChain::AtOnce, _)) => MidChain::GoOn,
            },
        })
    }

    /// Where a custodian capture's runs go: along directions, or along a path of the grid
    /// (an error for a path it has not).
    fn run_shape(&mut self, shape: &ast::RunShape) -> Option<RunDecl> {
        Some(match shape {
            ast::RunShape::Lines(d) => {
                let directions = self.directions(d)?;
                RunDecl::Lines(self.straight_directions(directions))
            }
            ast::RunShape::Path(name) => {
                if !GRID_PATHS.contains(&name.text.as_str()) {
                    let mut d = Diagnostic::error(
                        Code::E0407,
                        format!("unknown path `{}`", name.text),
                        name.span,
                    )
                    .with_note(format!(
                        "the paths of a grid board are: {}",
                        GRID_PATHS.join(", ")
                    ));
                    d = d.with_suggestion(&name.text, GRID_PATHS.iter().copied());
                    self.error(d);
                    return None;
                }
                RunDecl::Path(name.text.clone())
            }
        })
    }

    /// The clauses that narrow a capture: kinds, where captured pieces stand, hostile sites.
    fn capture_filter(&mut self, clauses: &ast::CaptureClauses) -> Option<CaptureFilterDecl> {
        let of = clauses.of.as_ref().map(|names| self.kinds(names));
        let standing = match &clauses.standing {
            Some((inside, e)) => {
                let what = "where captured pieces stand";
                Some(
                    self.static_expr(e, Type::Region, what)
                        .map(|r| (*inside, r)),
                )
            }
            None => None,
        };
        let against = clauses
            .against
            .as_ref()
            .map(|e| self.static_expr(e, Type::Region, "the hostile sites"));
        // `Some(None)`: the clause was written and had an error (already reported).
        fn given<T>(clause: Option<Option<T>>) -> Option<Option<T>> {
            match clause {
                Some(None) => None,
                Some(Some(v)) => Some(Some(v)),
                None => Some(None),
            }
        }
        let (of, standing, against) = (given(of), given(standing), given(against));
        Some(CaptureFilterDecl {
            of: of?,
            standing: standing?,
            against: against?,
        })
    }
}
