//! Games of chance: the `dice` thrown at the start of every turn and the players'
//! `track`s that moves along a track follow.

use super::{Checker, DiceDecl, MoveDecl, RuleDecls, TExpr, TrackDecl, Type};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{self, StatementKind as S};

/// The most dice one throw may hold.
pub const MAX_DICE: i64 = 8;

/// The most faces a die may have.
pub const MAX_FACES: i64 = 64;

/// The most different throws the dice may make.
pub const MAX_THROWS: usize = 250;

impl Checker {
    /// The error for `throw` read in a game without dice.
    pub(super) fn throw_needs_dice(&mut self, rules: &RuleDecls) {
        if let (Some(at), None) = (self.reads.throw_at, &rules.chance.dice) {
            self.error(
                Diagnostic::error(
                    Code::E0531,
                    "`throw` is the value of the dice, and the game has none",
                    at,
                )
                .with_help("add the dice the turns begin with: `dice 1 of 6 faces`"),
            );
        }
    }

    /// The error for `origin` read in a game on a board of pieces whose moves all start
    /// from no site (placements, passes, the swap): it would never be a site.
    pub(super) fn origin_needs_a_start(&mut self, rules: &RuleDecls) {
        let from_nowhere = |shape: &MoveDecl| {
            matches!(
                shape,
                MoveDecl::PlacePiece { .. }
                    | MoveDecl::Place { .. }
                    | MoveDecl::Pass { .. }
                    | MoveDecl::Swap
            )
        };
        let Some(at) = self.reads.origin_at else {
            return;
        };
        if rules.moves.is_empty() || !rules.moves.iter().all(|m| from_nowhere(&m.rule.shape)) {
            return;
        }
        self.error(
            Diagnostic::error(
                Code::E0534,
                "no move of this game starts from a site, so `origin` is never a site",
                at,
            )
            .with_help(
                "`origin` is where a moving piece started; a placement starts nowhere: \
                 read `last`, the site placed on",
            ),
        );
    }

    /// `dice ...` or `track ...`.
    pub(super) fn dice_or_track(&mut self, st: &ast::Statement, rules: &mut RuleDecls) {
        match &st.kind {
            S::Dice {
                count,
                faces,
                one_by_one,
                again,
            } => {
                let (values, faces_span) = match faces {
                    ast::DiceFaces::Values(v, span) => (v.clone(), *span),
                    ast::DiceFaces::Count(n, span) => {
                        ((1..=*n.min(&(MAX_FACES + 1))).collect(), *span)
                    }
                };
                let parts = one_by_one.map(|o| (o.doubles_twice, o.span));
                if let Some(problem) = parts_problem(count.0, &values, parts) {
                    self.error(problem);
                    return;
                }
                let throws =
                    (count.0 >= 1 && count.0 <= MAX_DICE && values.len() as i64 <= MAX_FACES)
                        .then(|| throws_of(count.0 as u32, &values, one_by_one.as_ref()).len());
                let problem = match faces {
                    _ if rules.chance.dice.is_some() => Some(("the dice are given twice", st.span)),
                    _ if count.0 < 1 || count.0 > MAX_DICE => {
                        Some(("a throw has 1 to 8 dice", count.1))
                    }
                    ast::DiceFaces::Count(n, _) if *n < 1 || *n > MAX_FACES => {
                        Some(("a die has 1 to 64 faces", faces_span))
                    }
                    ast::DiceFaces::Values(v, _) if v.len() as i64 > MAX_FACES => {
                        Some(("a die has 1 to 64 faces", faces_span))
                    }
                    _ if throws.is_some_and(|t| t > MAX_THROWS) => {
                        Some(("the dice make more than 250 different throws", st.span))
                    }
                    _ => None,
                };
                let never = (problem.is_none())
                    .then(|| throws_of(count.0 as u32, &values, one_by_one.as_ref()))
                    .and_then(|outcomes| {
                        (again.iter()).find(|&&a| !outcomes.iter().any(|&(v, _)| v == a))
                    });
                if let Some(&value) = never {
                    self.error(no_such_throw(value, st.span));
                    return;
                }
                match problem {
                    Some((message, span)) => self.error(dice_error(
                        message.to_string(),
                        span,
                        "`dice 4 with faces 0, 1` or `dice 2 of 6 faces`",
                    )),
                    None => {
                        let decl = DiceDecl {
                            count: count.0 as u32,
                            faces: values,
                            again: again.clone(),
                            one_by_one: *one_by_one,
                        };
                        rules.chance.dice = Some((decl, st.span));
                    }
                }
            }
            S::Track { player, sites } => {
                let p = self.lookup_in(player, &self.players.names.clone(), "player");
                let sites: Option<Vec<_>> = (sites.iter())
                    .map(|e| self.static_expr(e, Type::Region, "a site of a track"))
                    .collect();
                if let (Some(player), Some(sites)) = (p, sites) {
                    rules.chance.tracks.push(TrackDecl {
                        player,
                        sites,
                        span: st.span,
                    });
                }
            }
            _ => {}
        }
    }

    /// `move along track by roll|die [from hand [first]|REGION] [enter on N] [blocked by N]
    /// [safe on REGION] [again on REGION] [without bearing off] [bearing off when all in
    /// REGION]`.
    pub(super) fn track_shape(&mut self, kind: &ast::MoveKind) -> Option<MoveDecl> {
        let ast::MoveKind::Track {
            by_die,
            from,
            enter,
            blocked,
            kept,
            safe,
            again,
            home,
        } = kind
        else {
            return None;
        };
        let mut region = |e: Option<&ast::Expr>, what| match e {
            Some(e) => self.static_expr(e, Type::Region, what).map(Some),
            None => Some(None),
        };
        let from_sites = match from.as_deref() {
            Some(ast::TrackFrom::Sites(e)) => {
                region(Some(e), "the sites a piece moves from").map(Some)
            }
            Some(ast::TrackFrom::Hand | ast::TrackFrom::HandFirst) => Some(Some(None)),
            None => Some(None),
        };
        let safe = region(safe.as_ref(), "the safe sites of a track");
        let again = region(again.as_ref(), "the sites that give another turn");
        let home = region(home.as_deref(), "the sites all pieces stand on to bear off");
        let first = matches!(from.as_deref(), Some(ast::TrackFrom::HandFirst));
        let blocked = self.blocking_count(*blocked);
        self.bearing_off_once(*kept, home.as_ref().and_then(Option::as_ref));
        Some(MoveDecl::Track {
            by_die: *by_die,
            // `from hand first` moves pieces from the board too, when the stock is empty.
            from: if first { None } else { from_sites? },
            first,
            enter: *enter,
            blocked,
            kept: kept.is_some(),
            safe: safe?,
            again: again?,
            home: home?,
        })
    }

    /// The count of `blocked by N`: 2 to 255, in a game with a `stacked` kind; an error
    /// otherwise (and `None`, the move's shape kept).
    fn blocking_count(&mut self, blocked: Option<(i64, Span)>) -> Option<u8> {
        let (n, span) = blocked?;
        if !(2..=255).contains(&n) {
            self.error(
                Diagnostic::error(Code::E0452, "a site is blocked by 2 to 255 enemy pieces", span)
                    .with_label(format!("{n} is not from 2 to 255"))
                    .with_help("a single enemy piece is taken by landing: write `blocked by 2` for a site of two or more"),
            );
            return None;
        }
        if self.pieces.stacked.iter().all(Option::is_none) {
            self.error(
                Diagnostic::error(
                    Code::E0454,
                    "`blocked by` counts the pieces of a stack, and no kind is stacked",
                    span,
                )
                .with_help("write `piece KIND stacked` for several pieces on a site"),
            );
            return None;
        }
        Some(n as u8)
    }

    /// `without bearing off` and `bearing off when all in REGION` together: an error.
    fn bearing_off_once(&mut self, kept: Option<Span>, home: Option<&TExpr>) {
        if let (Some(kept), Some(home)) = (kept, home) {
            self.error(
                Diagnostic::error(
                    Code::E0453,
                    "a move that bears no piece off cannot bear off when all are home",
                    kept,
                )
                .with_note_at(home.span, "bearing off is allowed here")
                .with_help(
                    "keep `without bearing off` or `bearing off when all in REGION`, not both",
                ),
            );
        }
    }

    /// A move along a track needs dice and one track for every player; a track or dice
    /// need such a move.
    pub(super) fn tracks_of_every_player(&mut self, rules: &RuleDecls) {
        let moves = rules.moves.iter();
        let along = moves
            .clone()
            .find(|m| matches!(m.rule.shape, MoveDecl::Track { .. }));
        let players = self.players.names.len();
        let problem = match along {
            Some(m) if rules.chance.dice.is_none() && !self.has_errors() => Some((
                "a move along a track goes by the dice, and the game has none".to_string(),
                m.span,
            )),
            Some(m) => (0..players).find_map(|p| {
                let count = rules.chance.tracks.iter().filter(|t| t.player == p).count();
                let twice = rules.chance.tracks.iter().filter(|t| t.player == p).nth(1);
                match (count, twice) {
                    (0, _) => Some((format!("`{}` has no track", self.players.names[p]), m.span)),
                    (_, Some(t)) => Some((
                        format!("`{}` has two tracks", self.players.names[p]),
                        t.span,
                    )),
                    _ => None,
                }
            }),
            // A move along a track whose clauses were refused is not among the rules: the
            // tracks are then followed after all, and the refusal is the error to show.
            None if self.has_errors() => None,
            None => rules.chance.tracks.first().map(|t| {
                (
                    "a track is followed only by `move along track`".to_string(),
                    t.span,
                )
            }),
        };
        if let Some((message, span)) = problem {
            self.error(
                Diagnostic::error(Code::E0437, message, span)
                    .with_help("every player has one `track PLAYER: SITE, ...`, and `move along track by roll` follows them by the `dice`"),
            );
        }
        self.entering_throws(rules);
        self.opening_roll(rules);
    }

    /// `opening roll one die each` needs two players and two dice used one by one, of two
    /// different faces at least (so that one of them can be the higher).
    fn opening_roll(&mut self, rules: &RuleDecls) {
        let Some((dice, _)) = &rules.chance.dice else {
            return;
        };
        let Some(span) = dice.one_by_one.and_then(|o| o.opening) else {
            return;
        };
        let players = self.players.names.len();
        let mut faces = dice.faces.clone();
        faces.sort_unstable();
        faces.dedup();
        let message = match () {
            _ if players != 2 => format!("the game has {players} players"),
            _ if dice.count != 2 => format!("the game throws {} dice", dice.count),
            _ if faces.len() < 2 => "the dice have one face, so they always tie".to_string(),
            _ => return,
        };
        self.error(
            Diagnostic::error(
                Code::E0354,
                "an opening roll of one die each needs two players and two dice",
                span,
            )
            .with_label(message)
            .with_help(
                "each of the two players throws one of the two dice, the higher starting: \
                 `dice 2 of 6 faces used one by one, opening roll one die each`",
            ),
        );
    }

    /// `enter on N` names a throw the dice make (by a die: one of its faces); a move
    /// `by die` goes with dice `used one by one`, and a move `by roll` with dice summed.
    fn entering_throws(&mut self, rules: &RuleDecls) {
        let Some((dice, dice_span)) = &rules.chance.dice else {
            return;
        };
        let throws = throws_of(dice.count, &dice.faces, dice.one_by_one.as_ref());
        for m in &rules.moves {
            let MoveDecl::Track { by_die, enter, .. } = m.rule.shape else {
                continue;
            };
            if by_die != dice.one_by_one.is_some() {
                self.error(die_or_sum(by_die, m.span, *dice_span));
                continue;
            }
            let Some((value, span)) = enter else {
                continue;
            };
            let named = match by_die {
                true => dice.faces.contains(&value),
                false => throws.iter().any(|&(v, _)| v == value),
            };
            if !named {
                self.error(no_such_throw(value, span));
            }
        }
    }
}

/// The throws of these dice: their sums, or (`used one by one`) each ordered throw.
fn throws_of(count: u32, faces: &[i64], one_by_one: Option<&ast::OneByOne>) -> Vec<(i64, u64)> {
    match one_by_one {
        Some(o) => rulebook_model::Dice::one_by_one(count, faces, o.doubles_twice).outcomes,
        None => rulebook_model::Dice::new(count, faces).outcomes,
    }
}

/// The most dice used one by one.
pub const MAX_DICE_ONE_BY_ONE: i64 = 4;

/// The error for dice used one by one that cannot be: more than four, or a face below 1
/// (a die moves a piece as many sites as it shows).
fn parts_problem(count: i64, faces: &[i64], parts: Option<(bool, Span)>) -> Option<Diagnostic> {
    let (_, span) = parts?;
    let message = match () {
        _ if count > MAX_DICE_ONE_BY_ONE => "at most 4 dice are used one by one".to_string(),
        _ => match faces.iter().find(|&&f| !(1..=MAX_FACES).contains(&f)) {
            Some(f) => format!("a die used one by one shows 1 to 64, not {f}"),
            None => return None,
        },
    };
    Some(Diagnostic::error(Code::E0345, message, span).with_help(
        "each die moves a piece as many sites as it shows: `dice 2 of 6 faces used one by one`",
    ))
}

/// The error for a move `by die` with dice summed, or `by roll` with dice used one by one.
fn die_or_sum(by_die: bool, span: Span, dice: Span) -> Diagnostic {
    match by_die {
        true => Diagnostic::error(
            Code::E0350,
            "a move `by die` needs dice used one by one",
            span,
        )
        .with_note_at(dice, "these dice are summed")
        .with_help("write the dice `dice 2 of 6 faces used one by one`, or move `by roll`"),
        false => Diagnostic::error(
            Code::E0351,
            "a move `by roll` goes by the sum of the dice, and these are used one by one",
            span,
        )
        .with_note_at(dice, "each die is used alone")
        .with_help("move `by die` (a move per die), or drop `used one by one` from the dice"),
    }
}

/// The error for a throw, named by `enter on` or `again on`, that the dice never make.
fn no_such_throw(value: i64, span: Span) -> Diagnostic {
    dice_error(
        format!("the dice never throw {value}"),
        span,
        "name a throw the dice make: `dice 1 of 6 faces` throws 1 to 6",
    )
}

/// The error for dice that cannot be thrown as written, or for a throw named by `enter on`
/// or `again on` that they never make.
fn dice_error(message: String, span: Span, help: &str) -> Diagnostic {
    Diagnostic::error(Code::E0336, message, span).with_help(help)
}
