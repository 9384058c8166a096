//! What a game's rules allow a position beyond its form: numbers that no move can raise.
//! A position read from text ([`super::parse_position`]) is held to them, so that a
//! position the rules could never reach from the start is refused, naming what is wrong.
//!
//! Only what is an invariant of the compiled rules is checked, whatever the moves played:
//!
//! - **Pieces**, in a game whose pieces come into play from a supply it counts: a stock in
//!   hand (`setup N PLAYER KIND in hand`) or a tile game's hands. A set of pieces (one
//!   player's, or every player's; of one kind, or of every kind) whose number on the board
//!   and in hand no rule raises holds at most as many as the game starts with (its `setup`
//!   on the board and its stock or tiles in hand). What raises a number: a placement from
//!   an unlimited supply (`move place` without a stock) or a piece shot (`then shoot`), of
//!   that kind; a promotion into the kind from a kind outside the set; a capture that
//!   converts, for one player's pieces (every player's together stay as many), and so does
//!   `capture into hand`, which also turns a promoted kind back into the kind it was
//!   promoted from, like a promotion the other way. So a kind
//!   with an unlimited supply is not counted; with promotions a player's pieces of every
//!   kind are counted together, and alone each kind no promotion leads to; with conversion
//!   only every player's pieces together. Captures, removals and placements from the stock
//!   only lower a number or move a piece from hand to board.
//!
//!   A game without such a supply sets its pieces out with `setup` alone, and a position of
//!   it is taken as one set up by hand (a problem, a study of one rule, a test), with
//!   whatever pieces it has: there is no hand for the board to disagree with.
//! - **Marks.** A site is marked only by a rule after sowing (`mark SITE`), for the mover.
//!   Without such a rule no site is marked; where every such rule asks of the mover's marks
//!   `marks(mover) == N` (or `< N`, `<= N`, `not marks(mover)`), a player has at most the
//!   largest number that allows plus the marks the rule makes. A rule that asks nothing of
//!   them leaves the marks uncounted.

use rulebook_engine::{usual_stock, Setup};
use rulebook_model::{
    Action, CaptureMode, Cell, Condition, EffectKind, Expr, Game, MoveKind, Op, Player, PlayerRef,
    Taking, WalkAction, EMPTY,
};

use super::position::{bad, starting_hands, PositionError};

/// Refuses a setup read from text that has more of some pieces, or more marks, than the
/// game's rules can ever give (see the module's comment).
pub(crate) fn check(game: &Game, setup: &Setup) -> Result<(), PositionError> {
    check_pieces(game, setup)?;
    check_marks(game, setup)
}

/// The bit of kind `k` in a set of kinds.
fn kind_bit(k: usize) -> u64 {
    1u64.checked_shl(k as u32).unwrap_or(0)
}

/// Every kind of the game, as a set.
fn every_kind(game: &Game) -> u64 {
    u64::MAX >> (64 - game.about.piece_kinds.len().clamp(1, 64))
}

/// A set of pieces counted together: `player`'s (every player's for `None`) of the kinds
/// in `kinds`.
#[derive(Clone, Copy)]
struct Pieces {
    player: Option<Player>,
    kinds: u64,
}

/// What the rules do that may raise a number of pieces on the board and in hand.
#[derive(Default)]
struct Sources {
    /// The kinds placed from an unlimited supply or shot.
    unlimited: u64,
    /// Whether some capture converts pieces to the mover's.
    converts: bool,
    /// The promotions: the kinds promoted, and the kind they become.
    promotions: Vec<(u64, usize)>,
}

impl Sources {
    /// What raises pieces in `game`.
    fn of(game: &Game) -> Sources {
        let mut s = Sources::default();
        let converts = |m: Option<CaptureMode>| m == Some(CaptureMode::Convert);
        for rule in &game.moves {
            if let WalkAction::Place {
                kind,
                from_hand: false,
            } = rule.kind.action()
            {
                s.unlimited |= kind_bit(kind.into());
            }
            match rule.kind {
                MoveKind::Jump { mode, .. } => s.converts |= converts(mode),
                MoveKind::Walk(ref walk) | MoveKind::SiteWalk(ref walk) => {
                    s.converts |= walk.taking == Some(Taking::Capture(CaptureMode::Convert))
                }
                // Every kind of move is named, so that a new one is looked at here: these
                // move a piece, take one from the stock or a hand, remove or sow.
                MoveKind::PlacePiece { .. }
                | MoveKind::Slide { .. }
                | MoveKind::Remove { .. }
                | MoveKind::Sow { .. }
                | MoveKind::Place { .. }
                | MoveKind::Pass { .. }
                | MoveKind::Swap
                | MoveKind::Fly { .. }
                | MoveKind::Castle { .. }
                | MoveKind::Roll(_)
                | MoveKind::Track(_)
                | MoveKind::Wall(_)
                | MoveKind::Side(_) => {}
            }
            if let Some(kind) = rule.filter.placed_by_part() {
                s.unlimited |= kind_bit(kind.into());
            }
            s.converts |= converts(rule.kind.line_capture().map(|c| c.mode));
        }
        // `capture into hand`: a taken piece changes owner, and goes back to its kind.
        s.converts |= !game.tables.hand_kinds.is_empty();
        for (k, &back) in game.tables.hand_kinds.iter().enumerate() {
            if back as usize != k {
                s.promotions.push((kind_bit(k), back.into()));
            }
        }
        for effect in &game.effects {
            match effect.kind {
                EffectKind::Custodian { mode, .. }
                | EffectKind::Groups { mode, .. }
                | EffectKind::Enclosed { mode, .. } => s.converts |= converts(Some(mode)),
                EffectKind::Promote { to, .. } => {
                    let from = effect.filter.kinds & every_kind(game);
                    s.promotions.push((from, to.into()));
                }
                // Cells claimed get pieces from an unlimited supply.
                EffectKind::Claim { kind } => s.unlimited |= kind_bit(kind.into()),
                EffectKind::Again => {}
            }
        }
        s
    }

    /// Whether no rule raises the number of these pieces on the board and in hand.
    fn bounds(&self, set: Pieces) -> bool {
        self.unlimited & set.kinds == 0
            && !(self.converts && set.player.is_some())
            && (self.promotions.iter())
                .all(|&(from, to)| set.kinds & kind_bit(to) == 0 || from & !set.kinds == 0)
    }
}

/// The sets of pieces counted, narrowest first: each player's of each kind, each player's,
/// every player's of each kind, every player's.
fn counted_sets(game: &Game) -> Vec<Pieces> {
    let kinds = game.about.piece_kinds.len();
    let singles = (0..kinds).filter(|_| kinds > 1).map(kind_bit);
    let mut sets = Vec::new();
    let players = Player::all(game.about.players.len()).map(Some);
    for player in players.chain([None]) {
        sets.extend(singles.clone().map(|kinds| Pieces { player, kinds }));
        let kinds = every_kind(game);
        sets.push(Pieces { player, kinds });
    }
    sets
}

/// Pieces by player and kind (`player * kinds + kind`), on the board and in hand.
struct Held {
    kinds: usize,
    board: Vec<u64>,
    hand: Vec<u64>,
}

impl Held {
    /// The pieces of `cells` on the board (each with how many stand on its site), and in
    /// hand the counts of `stock` and the tiles of `hands` (by player).
    fn new(
        game: &Game,
        cells: impl Iterator<Item = (Cell, u64)>,
        stock: &[u16],
        hands: &[u64],
    ) -> Held {
        let kinds = game.about.piece_kinds.len();
        let slots = game.about.players.len() * kinds;
        let mut board = vec![0u64; slots];
        for (cell, count) in cells.filter(|&(c, _)| c != EMPTY) {
            let slot = game.tables.owner[cell.index()].index() * kinds + game.kind_of(cell);
            if let Some(n) = board.get_mut(slot) {
                *n += count;
            }
        }
        let hand = (0..slots)
            .map(|slot| {
                let tiles = hands.get(slot / kinds).copied().unwrap_or(0);
                let tile = u64::from(tiles & kind_bit(slot % kinds) != 0);
                u64::from(stock.get(slot).copied().unwrap_or(0)) + tile
            })
            .collect();
        Held { kinds, board, hand }
    }

    /// How many pieces of `set` there are on the board, and how many in hand.
    fn of(&self, set: Pieces) -> (u64, u64) {
        let kinds = self.kinds;
        let sum = |counts: &[u64]| -> u64 {
            (counts.iter().enumerate())
                .filter(|&(slot, _)| set.player.is_none_or(|p| p.index() == slot / kinds))
                .filter(|&(slot, _)| set.kinds & kind_bit(slot % kinds) != 0)
                .map(|(_, &n)| n)
                .sum()
        };
        (sum(&self.board), sum(&self.hand))
    }
}

/// Refuses more pieces of a counted set ([`counted_sets`] that [`Sources::bounds`]) on the
/// board and in hand than the game starts with, in a game with a stock or tiles in hand.
fn check_pieces(game: &Game, setup: &Setup) -> Result<(), PositionError> {
    if game.start.stock.is_empty() && game.tiles.is_none() {
        return Ok(());
    }
    let sources = Sources::of(game);
    let start_hands = game.tiles.as_ref().map_or(&[][..], |t| &t.hands[..]);
    let height = |heights: &[u16], s: usize| heights.get(s).map_or(1, |&h| u64::from(h.max(1)));
    let start_heights: Vec<u16> = game.start.stacks.iter().map(|&n| n + 1).collect();
    let start_cells =
        (game.start.setup.iter()).map(|&(s, c)| (c, height(&start_heights, s.index())));
    let start = Held::new(game, start_cells, &game.start.stock, start_hands);
    let stock = (setup.stock.clone()).unwrap_or_else(|| usual_stock(game, &setup.cells));
    let hands = (setup.hands.clone()).unwrap_or_else(|| starting_hands(game, &setup.cells));
    let stacked = game.start.stacking != 0;
    let cells = (setup.cells.iter().enumerate()).map(|(s, &c)| match stacked {
        true => (c, height(&setup.counts, s)),
        false => (c, 1),
    });
    let held = Held::new(game, cells, &stock, &hands);
    for set in counted_sets(game)
        .into_iter()
        .filter(|&s| sources.bounds(s))
    {
        let ((board, hand), (b, h)) = (held.of(set), start.of(set));
        if board + hand > b + h {
            return Err(too_many(game, set, (board, hand), b + h));
        }
    }
    Ok(())
}

/// The refusal of `board` pieces of `set` on the board and `hand` in hand where the game
/// starts with `start`.
fn too_many(game: &Game, set: Pieces, (board, hand): (u64, u64), start: u64) -> PositionError {
    let noun = match game.tiles {
        Some(_) => "tiles",
        None => "pieces",
    };
    let kind = match set.kinds.count_ones() == 1 && game.about.piece_kinds.len() > 1 {
        true => format!(
            "`{}` ",
            game.about.piece_kinds[set.kinds.trailing_zeros() as usize]
        ),
        false => String::new(),
    };
    let (whose, starts) = match set.player {
        Some(p) => {
            let name = game.player_name(p);
            (format!("{name}'s"), format!("{name} starts"))
        }
        None => ("the players'".to_string(), "the players start".to_string()),
    };
    bad(
        format!("{whose} {kind}{noun}"),
        format!(
            "{board} on the board and {hand} in hand, more than the {start} {starts} with \
             (no rule of this game adds any)"
        ),
    )
}

/// Refuses more sites marked by a player than the rules after sowing let a player mark.
fn check_marks(game: &Game, setup: &Setup) -> Result<(), PositionError> {
    let Some(most) = most_marks(game) else {
        return Ok(());
    };
    for (p, name) in game.players_named() {
        let marked: Vec<&str> = (setup.marks.iter().enumerate())
            .filter(|&(_, &m)| m == p.code())
            .map(|(s, _)| game.board.site_names[s].as_str())
            .collect();
        if marked.len() <= most {
            continue;
        }
        let why = match most {
            0 => "no rule of this game marks a site".to_string(),
            n => format!("the rules after sowing let a player mark at most {n}"),
        };
        return Err(bad(
            format!("the sites marked by {name}"),
            format!(
                "{name} has marked {} ({}); {why}",
                marked.len(),
                marked.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The most sites one player can have marked, by the rules after sowing (see the
/// module's comment); `None` when a rule that marks asks nothing of the mover's marks.
fn most_marks(game: &Game) -> Option<usize> {
    let mut most = 0;
    for rule in &game.after_sowing.rules {
        let marks = rule.actions.iter().filter(|a| matches!(a, Action::Mark(_)));
        let made = marks.count() as i64;
        if made == 0 {
            continue;
        }
        let before = match &rule.condition {
            Condition::Always => None,
            Condition::When(x) => marks_before(x),
        }?;
        most = most.max(usize::try_from(before + made).unwrap_or(0));
    }
    Some(most)
}

/// Whether `x` is `marks(mover)`.
fn is_movers_marks(x: &Expr) -> bool {
    matches!(x, Expr::Marks(p) if **p == Expr::Player(PlayerRef::Mover))
}

/// The most marks the mover may have where condition `x` holds, as its conjuncts bound
/// `marks(mover)` (`-1`: it never holds); `None` when none bounds it.
fn marks_before(x: &Expr) -> Option<i64> {
    match x {
        Expr::Const(0) => Some(-1),
        Expr::Not(m) if is_movers_marks(m) => Some(0),
        Expr::Binary(Op::And, a, b) => match (marks_before(a), marks_before(b)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        Expr::Binary(op, a, b) => {
            let (op, n) = match (&**a, &**b) {
                (m, Expr::Const(n)) if is_movers_marks(m) => (*op, *n),
                (Expr::Const(n), m) if is_movers_marks(m) => (mirrored(*op)?, *n),
                _ => return None,
            };
            match op {
                Op::Eq | Op::Le => Some(n),
                Op::Lt => Some(n.saturating_sub(1)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The comparison with its sides exchanged (`a < b` is `b > a`); `None` for no comparison.
fn mirrored(op: Op) -> Option<Op> {
    Some(match op {
        Op::Eq | Op::Ne => op,
        Op::Lt => Op::Gt,
        Op::Le => Op::Ge,
        Op::Gt => Op::Lt,
        Op::Ge => Op::Le,
        _ => return None,
    })
}
