//! The list of legal moves under `forbid leaving attacked(mover, KIND)` judges most moves
//! without playing them (the compiler's guard, `Tables::guard`): a plain move that
//! touches no site the attack search reads, when no guarded piece is attacked, is allowed
//! as it is; when one is, one that touches none of those, no attacker and no site of a
//! slide that attacks is refused as it is. Compared, at every ply of seeded random games
//! (checks among them) and in hand-built positions in check, with the list that plays and
//! judges every move (the same game with no guard), for the bundled games and two games of
//! the shapes they lack: slides of limited reach, `avoiding` and `not landing on`, two
//! kinds guarded, drops, promotion, three players; and the games the guard is refused.

use std::sync::Arc;

use rulebook::engine::{MoveList, State};
use rulebook::model::Game;
use rulebook::notation::{move_text, parse_position};
use rulebook::pipeline;

/// Every shape of attack the guard reads, and a guard on two kinds: a pinned lance seen
/// within its reach or not, a bishop that avoids the middle, a tower that reaches two
/// sites and never lands there, a horse with its leg, a cannon with its screen, and drops
/// of captured pieces.
const GUARDED: &str = r#"
game "Guarded"
players white, black
board grid 9 by 9
piece king, rook, bishop, lance, horse, cannon, pawn, tower
region middle = (file(4) + file(5) + file(6)) * (rank(4) + rank(5) + rank(6))
setup white king on e1
setup white rook on a1
setup white bishop on c1
setup white lance on i1 + d2
setup white horse on b1
setup white cannon on h1
setup white tower on g1
setup white pawn on rank(3)
setup black king on e9
setup black rook on i9
setup black bishop on g9
setup black lance on a9 + f8
setup black horse on h9
setup black cannon on b9
setup black tower on c9
setup black pawn on rank(7)
move step all onto empty or enemy by king
move slide orthogonal onto empty or enemy by rook
move slide diagonal onto empty or enemy avoiding middle by bishop
move slide forward max 3 onto empty or enemy by lance
move leap (1, 2) through (0, 1) onto empty or enemy by horse
move slide orthogonal by cannon
move hop orthogonal by cannon
move slide orthogonal max 2 onto empty or enemy not landing on middle by tower
move step forward onto empty or enemy by pawn
move place pawn in all - side(forward)
move place horse
after move promote pawn to rook in side(forward)
capture into hand
forbid leaving attacked(mover, king)
forbid leaving attacked(mover, tower)
end when no legal move: mover loses
"#;

/// Three players, each attacked by two.
const THREE_KINGS: &str = r#"
game "Three kings"
players red, green, blue
board grid 7 by 7
piece king, rook, knight
setup red king on d1
setup red rook on a1 + g1
setup red knight on c1 + e1
setup green king on d7
setup green rook on a7 + g7
setup green knight on c7 + e7
setup blue king on a4
setup blue rook on a3 + a5
setup blue knight on b2 + b6
move step all onto empty or enemy by king
move slide orthogonal onto empty or enemy by rook
move leap (1, 2) onto empty or enemy by knight
forbid leaving attacked(mover, king)
end when no legal move: draw
"#;

fn load(name: &str, text: &str) -> Arc<Game> {
    match pipeline::load_text(name, text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The game with no guard: every move played and judged.
fn unguarded(game: &Game) -> Arc<Game> {
    let mut every = game.clone();
    every.tables.guard = None;
    Arc::new(every)
}

/// Plays `games` seeded random games of `game` up to `plies` plies each, comparing the
/// legal moves at every ply with those of the game with no guard; returns the positions
/// compared.
fn compare(name: &str, game: &Arc<Game>, (games, plies): (usize, usize), seed: u64) -> usize {
    let every = unguarded(game);
    let mut rng = rulebook::analysis::Rng::new(seed);
    let (mut moves, mut expected) = (MoveList::new(), MoveList::new());
    let mut compared = 0;
    for _ in 0..games {
        let mut state = State::new(Arc::clone(game));
        let mut other = State::new(Arc::clone(&every));
        for ply in 0..plies {
            state.legal_moves(&mut moves);
            other.legal_moves(&mut expected);
            assert_eq!(&moves[..], &expected[..], "{name}, ply {ply}");
            compared += 1;
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            state.apply(m);
            other.apply(m);
        }
    }
    compared
}

/// The games of the chess family, and the two above, have a guard; at every ply of
/// seeded random games their legal moves are those found by playing every move.
#[test]
fn moves_allowed_unplayed_are_those_judged_played() {
    let mut games: Vec<(String, Arc<Game>)> = ["chess", "shogi", "xiangqi"]
        .iter()
        .map(|&n| (n.to_string(), pipeline::load(n, None, &[]).expect("loads")))
        .collect();
    games.push(("guarded".into(), load("guarded.game", GUARDED)));
    games.push(("three kings".into(), load("three-kings.game", THREE_KINGS)));
    for (i, (name, game)) in games.iter().enumerate() {
        assert!(game.tables.guard.is_some(), "{name} has a guard");
        let compared = compare(name, game, (8, 200), 20261204 + i as u64);
        assert!(compared > 400, "{name}: {compared} positions compared");
    }
}

/// A game where a proof fails gets no guard: a rule that may take under a condition that
/// reads the position, an effect that takes, a promotion to a guarded kind, a condition
/// of another form.
#[test]
fn no_guard_where_a_proof_fails() {
    let replace = |from: &str, to: &str| {
        assert!(GUARDED.contains(from), "{from}");
        GUARDED.replacen(from, to, 1)
    };
    let refused = [
        replace(
            "onto empty or enemy by rook",
            "onto empty or enemy by rook when pieces(mover) > 3",
        ),
        replace(
            "capture into hand",
            "capture into hand\nafter move capture custodian orthogonal remove",
        ),
        replace("promote pawn to rook", "promote pawn to tower"),
        replace(
            "forbid leaving attacked(mover, tower)",
            "forbid leaving attacked(opponent, tower)",
        ),
    ];
    for text in &refused {
        let game = load("refused.game", text);
        assert!(game.tables.guard.is_none(), "{text}");
        compare("refused", &game, (1, 40), 7);
    }
}

/// A pinned piece stays put and a piece beyond the pin moves freely: White's bishop on e2
/// stands between its king and Black's rook on e7; the knight on b1 is on no line.
#[test]
fn a_pinned_piece_is_judged_and_the_others_are_not_held() {
    let chess = pipeline::load("chess", None, &[]).expect("chess loads");
    let fen = "4k3/4r3/8/8/8/8/4B3/1N2K3 w - - 0 1";
    let (state, _) = rulebook::notation::parse_fen(&chess, fen).expect("the position reads");
    let mut legal = MoveList::new();
    state.legal_moves(&mut legal);
    let texts: Vec<String> = (legal.iter())
        .map(|&m| rulebook::notation::move_text(&state, m))
        .collect();
    let expected = [
        "b1-d2", "b1-a3", "b1-c3", "e1-d1", "e1-f1", "e1-d2", "e1-f2",
    ];
    let mut sorted = texts.clone();
    sorted.sort();
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(sorted, want);
}

/// A hop's attacks are watched along its lines: xiangqi's cannon (`hop orthogonal`) and
/// the test game's, not a slide nor a leap with its leg; the hop's lines are the four
/// orthogonal directions.
#[test]
fn hops_are_watched_along_their_lines() {
    for (name, game) in [
        (
            "xiangqi",
            pipeline::load("xiangqi", None, &[]).expect("loads"),
        ),
        ("guarded", load("guarded.game", GUARDED)),
    ] {
        let guard = game.tables.guard.as_ref().expect("a guard");
        let hops: Vec<usize> = (guard.hops.iter().enumerate())
            .filter_map(|(i, h)| h.as_ref().map(|lines| (i, lines.len())))
            .map(|(i, lines)| {
                assert_eq!(lines, 4, "{name}: rule {i}");
                i
            })
            .collect();
        assert_eq!(hops.len(), 1, "{name}: {hops:?}");
        let cannon = (game.about.piece_kinds.iter())
            .position(|k| k == "cannon")
            .expect("a cannon");
        assert_eq!(game.moves[hops[0]].filter.kinds, 1 << cannon, "{name}");
    }
}

/// In check, a plain move that touches nothing the attack reads is refused unplayed; the
/// moves that may end the check are played and judged. Positions in check by each shape
/// of attack: a slide (chess's fourth standard test position: the queen's diagonal,
/// blocked or taken), a cannon over its screen (the screen, a horse, moves off the file,
/// or a rook makes a second screen), a horse over its empty leg (a rook blocks the leg);
/// the legal moves are those the unguarded game finds by playing every move.
#[test]
fn in_check_moves_refused_unplayed_are_those_judged_played() {
    let cases = [
        (
            "chess",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            6,
        ),
        ("xiangqi", "4k4/9/9/4c4/9/9/4N4/R8/9/3AK4 w - - 0 1", 11),
        ("xiangqi", "4k4/9/9/9/9/9/4P4/3n5/R8/4K4 w - - 0 1", 4),
    ];
    for (name, text, count) in cases {
        let game = pipeline::load(name, None, &[]).expect("loads");
        let every = unguarded(&game);
        let state = parse_position(&game, text).expect("the position reads");
        let other = parse_position(&every, text).expect("the position reads");
        let (mut moves, mut expected) = (MoveList::new(), MoveList::new());
        state.legal_moves(&mut moves);
        other.legal_moves(&mut expected);
        assert_eq!(&moves[..], &expected[..], "{name}: {text}");
        let texts: Vec<String> = moves.iter().map(|&m| move_text(&state, m)).collect();
        assert_eq!(moves.len(), count, "{name}: {text}: {texts:?}");
    }
}
