//! The compiled summary of a game (`rulebook show`): what the compiler made of a rule file.

use std::fmt::Write as _;

use super::text::glyph;
use crate::model::{
    Action, CaptureMode, Condition, EffectKind, EndResult, EndWhen, Expr, Game, Layout, MoveKind,
    Op, PlayerRef, RunShape,
};

/// The summary: board, pieces, setup counts, moves, effects, constraints, end rules,
/// and the value of every parameter and option.
pub fn summary(game: &Game) -> String {
    let mut o = String::new();
    let b = &game.board;
    let _ = writeln!(o, "game: {}", game.name);
    let _ = writeln!(o, "preset: {}", game.preset.as_deref().unwrap_or("(none)"));
    let _ = writeln!(o, "settings:");
    for s in &game.settings {
        let _ = writeln!(o, "  {} = {}  ({})", s.name, s.value, s.allowed);
    }
    let _ = writeln!(o, "players: {} (in turn order)", game.players.join(", "));
    if b.layout == Layout::Grid {
        let _ = writeln!(
            o,
            "board: grid {} x {} ({} points)",
            b.width,
            b.height,
            b.sites()
        );
        for p in &b.paths {
            let turns = p.turns.iter().filter(|t| **t).count();
            let _ = writeln!(
                o,
                "  path {}: {} points, {}, {turns} turns",
                p.name,
                p.sites.len(),
                if p.closed { "closed" } else { "open" }
            );
        }
        let _ = writeln!(o, "pieces: {}", game.piece_kinds.join(", "));
        let _ = writeln!(o, "setup:");
        for (p, player) in game.players.iter().enumerate() {
            for (k, kind) in game.piece_kinds.iter().enumerate() {
                let cell = game.cell(p as u8, k);
                let sites: Vec<&str> = game
                    .setup
                    .iter()
                    .filter(|(_, c)| *c == cell)
                    .map(|(s, _)| b.site_names[*s as usize].as_str())
                    .collect();
                let _ = writeln!(
                    o,
                    "  {player} {kind} ({}) x{}: {}",
                    glyph(game, cell),
                    sites.len(),
                    sites.join(" ")
                );
            }
        }
    } else {
        let _ = writeln!(
            o,
            "board: mancala, {} pits per player, each player's store on their right ({} sites)",
            b.pits(),
            b.sites()
        );
        let _ = writeln!(
            o,
            "setup: {} stones in every pit ({} in all)",
            game.stones,
            game.total_stones()
        );
    }
    let dirs = |d: &[u8]| {
        d.iter()
            .map(|&i| b.direction_names[i as usize])
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mode = |m: CaptureMode| match m {
        CaptureMode::Convert => "convert",
        CaptureMode::Remove => "remove",
    };
    let _ = writeln!(o, "moves:");
    for (i, m) in game.moves.iter().enumerate() {
        let what = match &m.kind {
            MoveKind::Slide { directions, .. } => format!("slide {}", dirs(directions)),
            MoveKind::Jump {
                directions,
                mode: md,
            } => {
                format!("jump {} over enemy, {}", dirs(directions), mode(*md))
            }
            MoveKind::Sow { sowing: s, .. } => {
                let mut words = vec![if s.counterclockwise {
                    "sow counterclockwise"
                } else {
                    "sow clockwise"
                }];
                if s.origin_first {
                    words.push("first stone into origin");
                }
                if s.skip_opponent_store {
                    words.push("skip opponent store");
                }
                if s.skip_stores {
                    words.push("skip stores");
                }
                if s.skip_origin {
                    words.push("skip origin");
                }
                if s.marked_to_owner {
                    words.push("marked pits feed owner store");
                }
                words.join(", ")
            }
        };
        let _ = writeln!(o, "  {}. {what}{}", i + 1, condition(&m.condition, game));
    }
    let _ = writeln!(o, "after each move:");
    if game.effects.is_empty() {
        let _ = writeln!(o, "  (nothing)");
    }
    for (i, e) in game.effects.iter().enumerate() {
        let EffectKind::Custodian {
            shape,
            turning_once,
            max_length,
            mode: md,
        } = &e.kind;
        let shape = match shape {
            RunShape::Lines(d) => dirs(d),
            RunShape::Path(p) => format!("along {}", b.paths[*p].name),
        };
        let turning = if *turning_once { ", turning once" } else { "" };
        let max = if *max_length == u16::MAX {
            String::new()
        } else {
            format!(", at most {max_length}")
        };
        let _ = writeln!(
            o,
            "  {}. capture custodian {shape}{turning}{max}, {}{}",
            i + 1,
            mode(*md),
            condition(&e.condition, game)
        );
    }
    if !game.after_sow.is_empty() {
        let _ = writeln!(o, "after sowing, the first that applies:");
    }
    for (i, r) in game.after_sow.iter().enumerate() {
        let actions: Vec<String> = r
            .actions
            .iter()
            .map(|a| match a {
                Action::Again => "again".to_string(),
                Action::Take { from, to } => {
                    format!("take {} to {}", expr(from, game), expr(to, game))
                }
                Action::Mark(site) => format!("mark {}", expr(site, game)),
            })
            .collect();
        let when = match &r.condition {
            Condition::Always => "always".to_string(),
            Condition::When(e) => expr(e, game),
        };
        let _ = writeln!(o, "  {}. when {when}: {}", i + 1, actions.join(", "));
    }
    let _ = writeln!(
        o,
        "repeated positions: {}",
        if game.forbid_repetition {
            "forbidden"
        } else {
            "allowed"
        }
    );
    let _ = writeln!(o, "end:");
    for e in &game.end_rules {
        let when = match e.when {
            EndWhen::NoLegalMove => "no legal move",
            EndWhen::EmptyRow => "a row is empty (checked after every move)",
        };
        let result = match e.result {
            EndResult::MoverLoses => "mover loses",
            EndResult::MoverWins => "mover wins",
            EndResult::Draw => "draw",
            EndResult::StoreMajority {
                to_empty_side: true,
            } => "remaining stones to the empty row's player, most in store wins",
            EndResult::StoreMajority {
                to_empty_side: false,
            } => "remaining stones to each row's owner, most in store wins",
        };
        let _ = writeln!(o, "  when {when}: {result}");
    }
    o
}

fn condition(c: &Condition, game: &Game) -> String {
    match c {
        Condition::Always => String::new(),
        Condition::When(e) => format!(" when {}", expr(e, game)),
    }
}

fn expr(e: &Expr, game: &Game) -> String {
    let player = |r: &PlayerRef| match r {
        PlayerRef::Mover => "mover".to_string(),
        PlayerRef::Opponent => "opponent".to_string(),
        PlayerRef::Fixed(p) => game.players[*p as usize].clone(),
    };
    match e {
        Expr::Const(v) => v.to_string(),
        Expr::Player(r) => player(r),
        Expr::Pieces(r) => format!("pieces({})", player(r)),
        Expr::Last => "last".into(),
        Expr::Store(x) => format!("store({})", expr(x, game)),
        Expr::Owner(x) => format!("owner({})", expr(x, game)),
        Expr::Count(x) => format!("count({})", expr(x, game)),
        Expr::PitNumber(x) => format!("pit({})", expr(x, game)),
        Expr::Opposite(x) => format!("opposite({})", expr(x, game)),
        Expr::Marks(x) => format!("marks({})", expr(x, game)),
        Expr::Tabled(k) => format!("table {k}"),
        Expr::Not(x) => format!("not {}", expr(x, game)),
        Expr::Neg(x) => format!("-{}", expr(x, game)),
        Expr::Binary(op, a, b) => {
            let sym = match op {
                Op::And => "and",
                Op::Or => "or",
                Op::Eq => "==",
                Op::Ne => "!=",
                Op::Lt => "<",
                Op::Le => "<=",
                Op::Gt => ">",
                Op::Ge => ">=",
                Op::Add => "+",
                Op::Sub => "-",
                Op::Mul => "*",
                Op::Mod => "%",
            };
            format!("({} {sym} {})", expr(a, game), expr(b, game))
        }
    }
}
