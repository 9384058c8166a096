//! The bundled Lines of Action (`games/lines-of-action.game`, rules LA-1 .. LA-6 of
//! `docs/games/lines-of-action.md`) and the constructs it proves, `move slide ... exactly
//! pieces(axis) over friend` and `end when repeated position ignoring turn`: the moves on
//! hand-built positions, every legal move of random positions against a move generator
//! written here from the rules' words, the wins by one group (the mover's first), the draw
//! on a board seen before whoever is to move, and random games that OpenSpiel played
//! (`tests/openspiel/lines-of-action-games.txt`, printed by
//! `tests/openspiel/lines-of-action.py`), each ending at the same ply with the same result.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::move_texts::{legal, play, play_to_end, random_positions_agree, set};
use rulebook::engine::{Outcome, State};
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::{notation, pipeline};

fn lines_of_action() -> Arc<Game> {
    pipeline::load("lines-of-action", None, &[]).expect("the bundled Lines of Action loads")
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn la3_a_checker_goes_as_many_sites_as_checkers_on_its_line_over_its_own_onto_an_enemy() {
    let g = lines_of_action();
    // Rank 4 holds b4, d4 (Black) and g4 (White): three checkers, so d4 goes three sites
    // along it, west over its own b4 to a4, east over the empty e4 and f4 onto g4, which
    // it takes. Alone on its file and its diagonals, it goes one site along them. (White's
    // a8 and h1, like Black's b4, keep each side in more than one group.)
    let mut s = at(&g, "W7/8/8/8/1B1B2W1/8/8/7W black");
    let d4 = [
        "d4-a4", "d4-g4", "d4-d5", "d4-d3", "d4-c3", "d4-e5", "d4-c5", "d4-e3",
    ];
    let mine: BTreeSet<String> = (legal(&mut s).into_iter())
        .filter(|m| m.starts_with("d4-"))
        .collect();
    assert_eq!(mine, set(&d4));
    play(&mut s, "d4-g4");
    assert_eq!(
        s.pieces(Player::SECOND),
        2,
        "the white checker on g4 is taken"
    );
    // An enemy checker in the way stops it: with White on f4, d4 cannot go east.
    let mut s = at(&g, "W7/8/8/8/1B1B1W2/8/8/7W black");
    let moves = legal(&mut s);
    assert!(
        moves.contains("d4-a4") && !moves.contains("d4-g4"),
        "f4 is an enemy's"
    );
    // Nor may it land on its own: with Black on g4, three sites east is its own checker.
    let mut s = at(&g, "W7/8/8/8/1B1B2B1/8/8/7W black");
    let moves = legal(&mut s);
    assert!(
        moves.contains("d4-a4") && !moves.contains("d4-g4"),
        "g4 is its own"
    );
}

#[test]
fn la4_the_mover_wins_by_one_group_and_else_the_opponent_does() {
    let g = lines_of_action();
    // Black's a1 steps to a2, next to b3: Black's checkers are one group, and Black wins,
    // though White's two are apart.
    let mut s = at(&g, "7W/8/8/8/8/1B6/8/B6W black");
    play(&mut s, "a1-a2");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    // Taking White's only checker apart from the others makes White one group: White
    // wins, on Black's move (Black's a3 and h1 are apart).
    let mut s = at(&g, "8/8/8/8/8/B7/WW6/5B1W black");
    play(&mut s, "f1-h1");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    // When the move joins both, the mover wins: e4 takes c4 and stands next to b3, and
    // White's a1 and a2 are left as one group.
    let mut s = at(&g, "8/8/8/8/2W1B3/1B6/W7/W7 black");
    play(&mut s, "e4-c4");
    assert_eq!(s.pieces(Player::SECOND), 2);
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn la5_a_board_seen_before_is_a_draw_whoever_is_to_move() {
    let g = lines_of_action();
    let start = "B7/8/8/4W3/8/8/2B5/7W black";
    // Black's a8 and White's h1 go and come back: after four moves the board is the
    // start's, Black to move as then.
    let mut s = at(&g, start);
    play(&mut s, "a8-b8 h1-h2 b8-a8");
    assert_eq!(s.outcome(), None);
    play(&mut s, "h2-h1");
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    // Black's checker goes round a triangle in three moves while White's goes and comes
    // back in two: after five the board is the start's with White to move, and that is a
    // draw too.
    let mut s = at(&g, start);
    play(&mut s, "a8-b8 h1-h2 b8-a7 h2-h1");
    assert_eq!(s.outcome(), None);
    play(&mut s, "a7-a8");
    assert_eq!(s.outcome(), Some(Outcome::Draw));
}

#[test]
fn la6_a_player_with_no_move_loses() {
    let g = lines_of_action();
    // Black's a1 and h8 are boxed in by White's checkers, each line's next site an
    // enemy's; White's pieces are in two groups, so the position is not yet decided by
    // LA-4.
    let s = at(&g, "6WB/6WW/8/8/8/8/WW6/BW6 black");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::SECOND)));
    assert_eq!(notation::legal_texts(&s), Vec::<String>::new());
}

/// The legal moves of the position `cells` (a cell per site, a1 first, rank by rank),
/// `mover` to move, as the rules say them: along each of the eight directions, as many
/// sites as there are checkers on the whole line, over empty sites and the mover's own,
/// onto an empty site or an enemy's checker.
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let owner = |f: i32, r: i32| match cells[(r * 8 + f) as usize] {
        EMPTY => None,
        c => Some(game.tables.owner[c.index()]),
    };
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let on = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let ways = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, -1),
        (-1, 1),
    ];
    let mut moves = BTreeSet::new();
    for (f, r) in (0..64).map(|i| (i % 8, i / 8)) {
        if owner(f, r) != Some(mover) {
            continue;
        }
        for (df, dr) in ways {
            // The whole line: back to its start, then forward to its end.
            let (mut sf, mut sr) = (f, r);
            while on(sf - df, sr - dr) {
                (sf, sr) = (sf - df, sr - dr);
            }
            let mut count = 0;
            while on(sf, sr) {
                count += i32::from(owner(sf, sr).is_some());
                (sf, sr) = (sf + df, sr + dr);
            }
            let (tf, tr) = (f + count * df, r + count * dr);
            let enemy = |k: i32| owner(f + k * df, r + k * dr).is_some_and(|p| p != mover);
            let lands = on(tf, tr) && owner(tf, tr) != Some(mover);
            if lands && (1..count).all(|k| !enemy(k)) {
                moves.insert(format!("{}-{}", name(f, r), name(tf, tr)));
            }
        }
    }
    moves
}

#[test]
fn la3_every_legal_move_of_random_positions_is_the_rules_own() {
    let g = lines_of_action();
    let reference = |cells: &[Cell], mover| reference_moves(&g, cells, mover);
    // A site empty three times in five: lines of every length.
    let compared = random_positions_agree(&g, 0x10a5, 400, 3, reference);
    assert!(compared > 350, "{compared} positions compared");
}

#[test]
fn random_games_end_as_openspiels_at_the_same_ply_with_the_same_result() {
    let data =
        std::fs::read_to_string("tests/openspiel/lines-of-action-games.txt").expect("the games");
    let game = lines_of_action();
    // Black's wins, White's, draws by a board seen before.
    let mut results = [0; 3];
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let mut words = line.split_whitespace();
        let result = words.next();
        let plies: usize = words.next().and_then(|n| n.parse().ok()).expect("plies");
        let moves: Vec<&str> = words.collect();
        assert_eq!(moves.len(), plies, "{line}");
        let (expected, k) = match result {
            Some("black") => (Outcome::Win(Player::FIRST), 0),
            Some("white") => (Outcome::Win(Player::SECOND), 1),
            Some("draw") => (Outcome::Draw, 2),
            other => panic!("a result, not {other:?}"),
        };
        play_to_end(State::new(Arc::clone(&game)), &moves, expected, line);
        results[k] += 1;
    }
    assert_eq!(results, [40, 39, 21]);
}
