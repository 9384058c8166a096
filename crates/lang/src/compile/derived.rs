//! Facts derived from the compiled rules that play reads instead of working them out
//! again: which moves may be quiet or coincide, whether moves are narrowed, whether runs
//! walk back, who owns each cell.

use super::moves::moving_player;
use rulebook_model::{self as model, Condition};

/// [`Game::runs_walk_back`]: per effect, whether it takes straight runs on a board whose
/// links lead back.
pub(super) fn runs_walk_back(effects: &[model::Effect], board: &model::Board) -> Vec<bool> {
    let walk_back = board.links_lead_back();
    effects
        .iter()
        .map(|e| walk_back && e.takes_straight_runs())
        .collect()
}

/// [`Game::quiet_rules`]: per move rule, what it alone tells of whether its moves may be
/// quiet; none are where an effect promotes or gives another move.
pub(super) fn quiet_rules(
    moves: &[model::MoveRule],
    promotes: bool,
    moves_again: bool,
) -> Vec<model::QuietRule> {
    let quiet_rule = |rule: &model::MoveRule| match rule.kind {
        _ if promotes || moves_again || rule.filter.line_capture.is_some() => {
            model::QuietRule::Never
        }
        model::MoveKind::Slide { .. }
        | model::MoveKind::Jump { mode: None, .. }
        | model::MoveKind::Fly { .. } => model::QuietRule::Landing {
            removes: rule.filter.removal.is_some(),
            shoots: rule.filter.shot.is_some(),
        },
        _ => model::QuietRule::Never,
    };
    moves.iter().map(quiet_rule).collect()
}

/// Whether a move rule is narrowed by a clause, or a pass is a move at will (besides the
/// others, which only listing adds): the moves are then never picked without listing.
pub(super) fn moves_narrowed(moves: &[model::MoveRule]) -> bool {
    moves.iter().any(|r| {
        r.filter != model::MoveFilter::default()
            || matches!(r.kind, model::MoveKind::Pass { at_will: true })
    })
}

/// Whether two move rules of the same kind, for the same mover, share a direction (and so
/// can make the same move). A slide and a jump never coincide: a slide's first step is
/// onto an empty site, a jump's onto an enemy piece.
pub(super) fn moves_may_coincide(moves: &[model::MoveRule]) -> bool {
    let directions = |m: &model::MoveRule| match &m.kind {
        model::MoveKind::Slide { directions, .. } => (0, directions.clone()),
        // A fly may go where any slide goes.
        model::MoveKind::Fly { .. } => (0, (0..8).collect()),
        model::MoveKind::Jump { directions, .. } => (1, directions.clone()),
        // A placement has no origin: it never makes a slide's or a jump's move.
        model::MoveKind::PlacePiece { kind, .. } => (4 + *kind as usize, vec![0]),
        // A removal has no landing: it never makes any other rule's move.
        model::MoveKind::Remove { .. } => (3, vec![0]),
        // Every sowing rule sows from the same pits.
        model::MoveKind::Sow { .. } => (2, vec![0]),
        // Placements are told apart by rule; a second placement rule is listed apart.
        model::MoveKind::Place { .. } | model::MoveKind::Pass { .. } | model::MoveKind::Swap => {
            (3, Vec::new())
        }
    };
    moves.iter().enumerate().any(|(i, a)| {
        let (kind_a, dirs_a) = directions(a);
        moves[i + 1..].iter().any(|b| {
            let (kind_b, dirs_b) = directions(b);
            let players = (rule_mover(a), rule_mover(b));
            let one_mover = !matches!(players, (Some(x), Some(y)) if x != y);
            kind_a == kind_b && one_mover && dirs_a.iter().any(|d| dirs_b.contains(d))
        })
    })
}

/// The player a rule's condition names as the mover, if it names one.
fn rule_mover(rule: &model::MoveRule) -> Option<model::Player> {
    match &rule.condition {
        Condition::When(e) => moving_player(e),
        Condition::Always => None,
    }
}

/// `owner[cell]` for `cell_codes` cells of `kinds` kinds of piece: the player owning a
/// piece (0 for the empty cell).
pub(super) fn owners(cell_codes: usize, kinds: usize) -> Vec<model::Player> {
    let kinds = kinds.max(1);
    (0..cell_codes)
        .map(|c| match c {
            0 => model::Player::FIRST,
            c => model::Player::new((c - 1) / kinds).expect("a cell of one of the players"),
        })
        .collect()
}
