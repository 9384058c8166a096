//! The compiled summary of a game (`rulebook show`): what the compiler made of a rule file.

use std::fmt::Write as _;

use super::text::glyph;
use crate::model::{
    CaptureMode, Condition, EffectKind, EndResult, EndWhen, Expr, Game, MoveKind, Op, PlayerRef,
    RunShape,
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
        };
        let result = match e.result {
            EndResult::MoverLoses => "mover loses",
            EndResult::MoverWins => "mover wins",
            EndResult::Draw => "draw",
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
            };
            format!("({} {sym} {})", expr(a, game), expr(b, game))
        }
    }
}
