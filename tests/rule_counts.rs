//! What a move did, rule by rule (`State::apply_reported`): every move of a small tree
//! enumerated to depth 3, its captures attributed to their rules from the board alone and
//! compared with the engine's report; sowing captures counted with the stones sown into the
//! pit taken (hand-built Mangala and Kalah positions); the corner rule of Gundru; moves
//! refused by the ban on repetition; the jumps of a flying jump; and the position after the
//! move equal to `apply`'s.

use std::sync::Arc;

use rulebook::engine::{MoveList, MoveReport, State};
use rulebook::model::Player;
use rulebook::model::{Game, Site};
use rulebook::notation;
use rulebook::pipeline::{load, load_text};

/// Slides and steps, a capturing jump, a diagonal step that takes by landing, and two
/// custodian captures that a board diff tells apart: runs along the files and ranks, and
/// runs along the diagonals.
const TWO_CAPTURES: &str = "// Two custodian captures and a jump.\n\
    game \"Two captures\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
    setup black stone on a1 + b1 + c1 + d2\nsetup white stone on a4 + b4 + c4 + d3 + b2\n\
    move slide orthogonal max 2\nmove jump diagonal over enemy remove\n\
    move step diagonal onto enemy\n\
    after move capture custodian orthogonal remove called \"line\"\n\
    after move capture custodian diagonal remove\n\
    end when no legal move: mover loses\n";

/// Per rule as the board shows it: pieces taken by jumps, by orthogonal runs, by
/// diagonal runs, by landing; and moves that took by each.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    taken: [u64; 4],
    moves: [u64; 4],
}

/// The direction from `a` to `b` on a grid `w` wide: orthogonal (0) or diagonal (1), if
/// they lie on one line.
fn line_kind(w: usize, a: Site, b: Site) -> Option<usize> {
    let (ax, ay) = ((a.index() % w) as i64, (a.index() / w) as i64);
    let (bx, by) = ((b.index() % w) as i64, (b.index() / w) as i64);
    let (dx, dy) = (bx - ax, by - ay);
    if (dx == 0) != (dy == 0) {
        Some(0)
    } else if dx.abs() == dy.abs() && dx != 0 {
        Some(1)
    } else {
        None
    }
}

/// Every move sequence to `depth` plies: the captures of each move read from the board
/// (a piece of the other side gone, and where it stood relative to the move) and from the
/// engine's report, summed.
fn walk(state: &mut State, depth: usize, board: &mut Counts, engine: &mut Counts) {
    if depth == 0 {
        return;
    }
    let game = Arc::clone(state.game());
    let w = game.board.width as usize;
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut report = MoveReport::new();
    for &m in moves.iter() {
        let mover = state.to_move();
        let before: Vec<Option<Player>> = Site::all(game.board.sites())
            .map(|s| state.owner(s))
            .collect();
        let mut plain = state.clone();
        plain.apply(m);
        state.apply_reported(m, &mut report);
        assert!(plain == *state, "apply and apply_reported agree");
        // From the board: a piece of the opponent's gone or landed on; the jumped site is
        // the jump's, the landing site the step's, others belong to the run whose line
        // from the landing site they lie on.
        let mut by_board = [0u64; 4];
        for s in Site::all(game.board.sites()) {
            let was = before[s.index()];
            let lost = was.is_some_and(|p| p != mover) && state.owner(s) != was;
            if !lost {
                continue;
            }
            let rule = if s == m.to() {
                3
            } else if s == m.over() {
                0
            } else {
                1 + line_kind(w, m.to(), s).expect("a capture lies on a line from the landing")
            };
            by_board[rule] += 1;
        }
        for (r, &n) in by_board.iter().enumerate() {
            board.taken[r] += n;
            board.moves[r] += u64::from(n > 0);
        }
        engine.taken[0] += u64::from(report.jumped);
        engine.moves[0] += u64::from(report.jumped > 0);
        engine.taken[3] += u64::from(report.replaced);
        engine.moves[3] += u64::from(report.replaced > 0);
        for c in &report.captures {
            engine.taken[1 + c.effect as usize] += u64::from(c.taken);
            engine.moves[1 + c.effect as usize] += 1;
        }
        assert_eq!(
            u64::from(report.taken()),
            by_board.iter().sum::<u64>(),
            "the move's total"
        );
        walk(state, depth - 1, board, engine);
        state.undo();
    }
}

#[test]
fn effect_counts_equal_those_read_from_the_board_over_a_whole_tree() {
    let game = load_text("two.game", TWO_CAPTURES, None, &[]).expect("the test game loads");
    assert_eq!(game.sources.effects.len(), 2);
    assert_eq!(game.sources.effects[0].name(), "line");
    // Without a label, a rule is named by its text up to its condition.
    assert_eq!(
        game.sources.effects[1].name(),
        "after move capture custodian diagonal remove"
    );
    assert_eq!(game.sources.effects[1].place, "two.game:12");
    let mut state = State::new(Arc::clone(&game));
    let (mut board, mut engine) = (Counts::default(), Counts::default());
    walk(&mut state, 3, &mut board, &mut engine);
    assert_eq!(engine, board);
    // Every rule took something in this tree, so the comparison means something.
    assert!(board.taken.iter().all(|&n| n > 0), "{board:?}");
}

/// Plays text moves and returns the report of the last.
fn report_of(state: &mut State, moves: &[&str]) -> MoveReport {
    let mut report = MoveReport::new();
    for text in moves {
        let m = notation::parse_move(state, text).expect("a legal move");
        state.apply_reported(m, &mut report);
    }
    report
}

#[test]
fn gundru_corner_rule_turns_fifteen() {
    let game = load("gundru", None, &[]).expect("gundru loads");
    let mut state = State::new(Arc::clone(&game));
    let first = report_of(&mut state, &["i2-e2"]);
    assert_eq!(first.taken(), 0);
    assert!(first.captures.is_empty());
    let r = report_of(&mut state, &["i1-i2"]);
    assert_eq!(r.captures.len(), 1);
    let corner = &game.sources.effects[r.captures[0].effect as usize];
    assert_eq!(corner.name(), "corner");
    assert_eq!(corner.place, "ming-mang.game:32");
    assert_eq!(r.captures[0].taken, 15);
    assert_eq!(r.taken_sites.len(), 15);
    // The pieces moved and the pieces taken: i1 emptied, i2 filled, 15 turned.
    assert_eq!(r.changed.len(), 17);
}

#[test]
fn a_flying_jump_that_lands_far_beyond_the_piece_is_one_jump() {
    let text = "game \"Far\"\nplayers black, white\nboard grid 8 by 1\npiece man\n\
        setup black man on a1\nsetup white man on b1 + h1\n\
        move jump east flying over enemy remove\nmove step west\n\
        end when no legal move: mover loses\n";
    let game = load_text("far", text, None, &[]).expect("the game loads");
    for landing in ["c1", "d1", "e1", "f1", "g1"] {
        let mut state = State::new(Arc::clone(&game));
        // Over b1 next to it, to a landing an odd or even number of sites beyond.
        let r = report_of(&mut state, &[&format!("a1-{landing}")]);
        assert_eq!((r.jumps, r.jumped), (1, 1), "a1-{landing}");
    }
}

/// A Mangala position: stones per pit of each row (pit 1 first) and in each store.
fn mangala(
    game: &Arc<Game>,
    south: [u16; 6],
    north: [u16; 6],
    stores: [u16; 2],
    to_move: Player,
) -> State {
    let b = &game.board;
    let mut counts = vec![0u16; b.sites()];
    for k in 1..=6u16 {
        counts[b.pit(Player::FIRST, k).index()] = south[k as usize - 1];
        counts[b.pit(Player::SECOND, k).index()] = north[k as usize - 1];
    }
    counts[b.store(Player::FIRST).index()] = stores[0];
    counts[b.store(Player::SECOND).index()] = stores[1];
    State::with_stones(Arc::clone(game), counts, vec![0; b.sites()], to_move)
}

#[test]
fn sowing_captures_count_the_stone_that_made_them() {
    let game = load("mangala", None, &[]).expect("mangala loads");
    let name = |r: &MoveReport| game.sources.sowing[r.sow_rule.unwrap().rule as usize].name();
    // South sows pit 6 (3 stones): one back into pit 6, one into the store, the last into
    // North's pit 1, which had 3 and now has 4, even: all 4 are taken, the stone just sown
    // among them (a count of stones before and after would see 3).
    let mut s = mangala(
        &game,
        [1, 0, 0, 0, 0, 3],
        [3, 2, 2, 2, 2, 2],
        [0, 0],
        Player::FIRST,
    );
    let r = report_of(&mut s, &["6"]);
    assert_eq!(name(&r), "even");
    assert_eq!(r.taken(), 4);
    assert_eq!(s.count(game.board.store(Player::FIRST)), 5);
    assert_eq!(r.taken_sites, vec![game.board.pit(Player::SECOND, 1)]);
    // South sows pit 1's single stone into the empty pit 2: it and the 5 stones of North's
    // pit 5 opposite are taken, 6 in all (the pit sown into had none before and has none
    // after).
    let mut s = mangala(
        &game,
        [1, 0, 0, 0, 0, 3],
        [3, 2, 2, 2, 5, 2],
        [0, 0],
        Player::FIRST,
    );
    let r = report_of(&mut s, &["1"]);
    assert_eq!(name(&r), "opposite");
    assert_eq!(r.taken(), 6);
    assert!(!r.extra_turn);
    // The last stone in the store: the rule `again` applies, takes nothing, and South moves
    // again.
    let mut s = mangala(
        &game,
        [1, 0, 0, 0, 0, 2],
        [3, 2, 2, 2, 5, 2],
        [0, 0],
        Player::FIRST,
    );
    let r = report_of(&mut s, &["6"]);
    assert_eq!(name(&r), "store");
    assert_eq!((r.taken(), r.extra_turn), (0, true));
    assert!(r.sow_rule.unwrap().again);
}

#[test]
fn a_castle_is_marked_and_its_stones_taken() {
    let game = load("mangala", Some("castle"), &[]).expect("mangala castle loads");
    // South's pit 5 (3 stones): pit 5, pit 6, North's pit 1 (2 + 1 = 3): a castle.
    let mut s = mangala(
        &game,
        [1, 0, 0, 0, 3, 0],
        [2, 2, 2, 2, 2, 2],
        [0, 0],
        Player::FIRST,
    );
    let r = report_of(&mut s, &["5"]);
    let fired = r.sow_rule.unwrap();
    assert_eq!(game.sources.sowing[fired.rule as usize].name(), "castle");
    assert_eq!((fired.taken, fired.marked), (3, 1));
    assert_eq!(
        s.mark(game.board.pit(Player::SECOND, 1)),
        Some(Player::FIRST)
    );
}

#[test]
fn a_rule_without_a_name_is_named_by_its_text() {
    // The docs' Kalah, whose rules have no `called`: a rule after sowing by its actions.
    let game = load("tests/fixtures/valid/kalah.game", None, &[]).expect("the docs' kalah loads");
    let names: Vec<&str> = game.sources.sowing.iter().map(|s| s.name()).collect();
    assert_eq!(
        names,
        [
            "again",
            "take opposite(last) to store(mover), take last to store(mover)"
        ]
    );
    assert!(game.sources.sowing[0].place.starts_with("kalah.game:"));
}

#[test]
fn kalah_capture_by_the_opposite_rule() {
    let game = load("kalah", None, &[]).expect("kalah loads");
    // South's pit 2 (1 stone) into the empty pit 3; North's pit 4 opposite holds 7.
    let mut s = mangala(
        &game,
        [0, 1, 0, 4, 4, 4],
        [4, 4, 4, 7, 4, 4],
        [0, 0],
        Player::FIRST,
    );
    let r = report_of(&mut s, &["2"]);
    assert_eq!(
        game.sources.sowing[r.sow_rule.unwrap().rule as usize].name(),
        "opposite"
    );
    assert_eq!(r.taken(), 8);
}

#[test]
fn moves_refused_by_the_ban_on_repetition() {
    let game = load("ming-mang", Some("8x8"), &[]).expect("ming mang loads");
    let mut state = State::new(Arc::clone(&game));
    let mut moves = MoveList::new();
    assert_eq!(state.refused_by_repetition(&mut moves), 0);
    let _ = report_of(&mut state, &["b8-b7", "b1-b2", "b7-b8"]);
    // White's b2-b1 would bring back the start position.
    assert_eq!(state.refused_by_repetition(&mut moves), 1);
    state.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    assert!(!texts.contains(&"b2-b1".to_string()));
    // Without the ban nothing is refused.
    let free = load("ming-mang", Some("8x8"), &["repetition=off".to_string()]).unwrap();
    let mut state = State::new(free);
    let _ = report_of(&mut state, &["b8-b7", "b1-b2", "b7-b8"]);
    assert_eq!(state.refused_by_repetition(&mut moves), 0);
}

#[test]
fn promotion_is_reported_by_its_rule() {
    let text = "// A man crowned on the far rank.\n\
        game \"Crown\"\nplayers black, white\nboard grid 3 by 3\npiece man, king\n\
        setup black man on a2\nsetup white man on c1\n\
        move step orthogonal\n\
        after move promote man to king in rank(3) called \"crown\" when mover == black\n\
        end when no legal move: mover loses\n";
    let game = load_text("crown.game", text, None, &[]).expect("the crown game loads");
    let mut state = State::new(Arc::clone(&game));
    let r = report_of(&mut state, &["a2-a3"]);
    assert_eq!(r.promoted, Some(0));
    assert_eq!(game.sources.effects[0].name(), "crown");
    assert_eq!(r.taken(), 0);
}
