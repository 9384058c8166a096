//! Castling is a walk of the core (docs/architecture.md, "The core of a move: walks"): the
//! compiler writes `move castle` as a walk (`compile::castle_walk`: from the unmoved piece
//! over empty sites to the partner, passed over and taken `Behind`, back to the start, then
//! the start and two sites on not attacked, the second a destination) and gives the
//! castling routine back by its shape (`compile::routine`). Here every castling rule of
//! every bundled game, valid fixture and a game written here, run as its walk through the
//! engine's interpreter, makes the same moves as through the routine, with the same hashes,
//! reports and texts after them, at every ply of seeded random games and in positions where
//! castling is legal and where it is not (the interpreter lists a piece's moves in site
//! order, the routine in the order of its directions: the lists are compared sorted); the
//! perft counts of chess hold through the walk; the routine is given back by shape, and a
//! walk changed in one place stays a walk and runs on the interpreter.

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{Move, MoveList, MoveReport, State};
use rulebook::model::{Game, MoveKind, MoveRule, SiteTest, Step, Walk};
use rulebook::{compile, notation, pipeline};

use crate::common::fixtures::configurations_and_fixtures;
use crate::common::perft_file;

/// Kings that castle east and west with rooks four sites away, rooks that castle north and
/// south with bishops three sites away, and bishops and knights (a leap: a walk) that attack
/// the sites between: the clauses of a castling chess does not use.
const CASTLES: &str = r#"
game "Castles"
players white, black
board grid 9 by 9
piece king, rook, bishop, knight as N
setup white king on e1
setup white rook on a1 + i1
setup white bishop on a4 + i4 + d2
setup white knight on c3 + g3
setup black king on e9
setup black rook on a9 + i9
setup black bishop on a6 + i6 + f8
setup black knight on c7 + g7
move step all onto empty or enemy by king
move castle east, west with rook by king
move castle north, south with bishop by rook
move slide orthogonal onto empty or enemy by rook
move slide diagonal onto empty or enemy by bishop
move leap (1, 2) onto empty or enemy by knight
forbid leaving attacked(mover, king)
end when no legal move and attacked(mover, king): mover loses
end when no legal move: draw
"#;

/// A castling rule as the compiler lowers it.
fn castle_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Castle {
            directions,
            partner,
        } => Some(compile::castle_walk(directions, *partner)),
        _ => None,
    }
}

/// The game with each castling rule made its walk, or with `change` made to each such walk;
/// `None` if it has no castling rule.
fn walked_with(game: &Game, change: fn(Walk) -> Walk) -> Option<Arc<Game>> {
    let mut walked = game.clone();
    let mut any = false;
    for rule in &mut walked.moves {
        if let Some(walk) = castle_as_walk(rule) {
            rule.kind = MoveKind::Walk(change(walk));
            any = true;
        }
    }
    any.then(|| Arc::new(walked))
}

/// The game with each castling rule made its walk.
fn walked(game: &Game) -> Option<Arc<Game>> {
    walked_with(game, |walk| walk)
}

/// The bundled games and presets, the valid fixtures and [`CASTLES`] that have a castling
/// rule.
fn games() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations_and_fixtures();
    let castles = pipeline::load_text("castles", CASTLES, None, &[]);
    out.push((
        "castles".into(),
        castles.expect("the game written here loads"),
    ));
    let castles = |g: &Game| g.moves.iter().any(|r| castle_as_walk(r).is_some());
    out.retain(|(_, game)| castles(game));
    out
}

/// The legal moves of `state`, sorted.
fn sorted_moves(state: &State, list: &mut MoveList) -> Vec<Move> {
    state.legal_moves(list);
    let mut moves = list.to_vec();
    moves.sort();
    moves
}

/// Whether `m` is a move of a castling rule of `game` (as compiled, with its routine).
fn castles(game: &Game, m: Move) -> bool {
    matches!(game.moves[m.rule() as usize].kind, MoveKind::Castle { .. })
}

/// Asserts that `routine` and `walks` (the same position, castling by its routine and by
/// its walk) have the same legal moves, and that each castling among them has the same
/// text, hash, report and position after it, and the same hash once taken back; returns
/// the moves, sorted, and how many castle.
fn same_castlings(name: &str, routine: &mut State, walks: &mut State) -> (Vec<Move>, usize) {
    let (a, b) = (&mut MoveList::new(), &mut MoveList::new());
    let moves = sorted_moves(routine, a);
    assert_eq!(moves, sorted_moves(walks, b), "{name}");
    let game = Arc::clone(routine.game());
    let castlings: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| castles(&game, m))
        .collect();
    for &m in &castlings {
        let text = notation::move_text(routine, m);
        assert_eq!(text, notation::move_text(walks, m), "{name}");
        let before = walks.hash();
        let mut reports = (MoveReport::new(), MoveReport::new());
        routine.apply_reported(m, &mut reports.0);
        walks.apply_reported(m, &mut reports.1);
        assert_eq!(routine.hash(), walks.hash(), "{name}: {text}");
        let texts = (
            notation::position_text(routine),
            notation::position_text(walks),
        );
        assert_eq!(texts.0, texts.1, "{name}: {text}");
        let told = |r: &MoveReport| (r.jumps, r.jumped, r.replaced, r.changed.clone());
        assert_eq!(told(&reports.0), told(&reports.1), "{name}: {text}");
        assert_eq!(
            (reports.1.jumps, reports.1.jumped),
            (0, 0),
            "{name}: {text}"
        );
        routine.undo();
        walks.undo();
        assert_eq!(walks.hash(), before, "{name}: {text} taken back");
    }
    let count = castlings.len();
    (moves, count)
}

#[test]
fn castlings_written_as_walks_make_the_same_moves() {
    let mut rng = Rng::new(20261204);
    let mut compared = Vec::new();
    let mut castled = Vec::new();
    for (name, game) in games() {
        castled.push(0);
        let walked = walked(&game).expect("a game with castling");
        for _ in 0..20 {
            let mut routine = State::new(Arc::clone(&game));
            let mut walks = State::new(Arc::clone(&walked));
            for ply in 0..150 {
                let name = format!("{name}, ply {ply}");
                let (moves, castlings) = same_castlings(&name, &mut routine, &mut walks);
                if moves.is_empty() {
                    break;
                }
                // Castle when it may, half the time, so that the games go on from there.
                let pool: Vec<Move> = match castlings > 0 && rng.below(2) == 0 {
                    true => moves
                        .iter()
                        .copied()
                        .filter(|&m| castles(&game, m))
                        .collect(),
                    false => moves,
                };
                let m = pool[rng.below(pool.len())];
                *castled.last_mut().expect("this game's") += usize::from(castles(&game, m));
                let mut reports = (MoveReport::new(), MoveReport::new());
                routine.apply_reported(m, &mut reports.0);
                walks.apply_reported(m, &mut reports.1);
                assert_eq!(routine.hash(), walks.hash(), "{name}");
                let told = |r: &MoveReport| (r.jumps, r.jumped, r.replaced, r.changed.clone());
                assert_eq!(told(&reports.0), told(&reports.1), "{name}");
            }
        }
        compared.push(name);
    }
    assert!(compared.contains(&"chess".to_string()), "{compared:?}");
    assert!(compared.contains(&"castles".to_string()), "{compared:?}");
    assert!(castled.iter().all(|&c| c >= 8), "castled {castled:?} times");
}

/// The positions of chess (FEN, White to move unless it says otherwise) where castling is
/// legal or is not, each with its castlings.
const POSITIONS: [(&str, &[&str]); 11] = [
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1-c1", "e1-g1"]),
    ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", &["e8-c8", "e8-g8"]),
    // In check.
    ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &[]),
    // Through an attacked square, by a rook, a pawn, a knight.
    ("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1-c1"]),
    ("4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1", &["e1-c1"]),
    ("4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1", &[]),
    // Onto an attacked square; the rook's path attacked does not matter.
    ("2r3k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1-g1"]),
    ("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1-c1", "e1-g1"]),
    // A piece between, the king's or the enemy's.
    ("r3k2r/8/8/8/8/8/8/RN2K1bR w KQkq - 0 1", &[]),
    // The rook moved (no right), the king moved.
    ("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", &["e1-g1"]),
    ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", &[]),
];

/// A position of `game` given as FEN, and the same position of `walked`.
fn both(game: &Arc<Game>, walked: &Arc<Game>, fen: &str) -> (State, State) {
    let (state, _) = notation::parse_fen(game, fen).expect("the FEN reads");
    let text = notation::position_text(&state);
    let walks = notation::parse_position(walked, &text).expect("the position reads");
    (state, walks)
}

#[test]
fn castling_as_a_walk_is_legal_where_the_routine_says() {
    let game = pipeline::load("chess", None, &[]).expect("chess loads");
    let walked = walked(&game).expect("chess castles");
    for (fen, expected) in POSITIONS {
        let (mut routine, mut walks) = both(&game, &walked, fen);
        let (moves, _) = same_castlings(fen, &mut routine, &mut walks);
        let mut texts: Vec<String> = (moves.iter())
            .filter(|&&m| castles(&game, m))
            .map(|&m| notation::move_text(&routine, m))
            .collect();
        texts.sort();
        assert_eq!(texts, expected, "{fen}");
    }
}

#[test]
fn castling_as_a_walk_keeps_the_perft_counts_of_chess() {
    let game = pipeline::load("chess", None, &[]).expect("chess loads");
    let walked = walked(&game).expect("chess castles");
    let cases = perft_file::read("tests/perft/chess.perft", Some("chess"));
    assert!(cases.len() >= 6);
    for case in cases {
        let text = case
            .position
            .as_deref()
            .expect("a chess case gives its position");
        let mut walks = notation::parse_position(&walked, text).expect("the position reads");
        let depth = case.depth_within(1_000_000);
        let leaves = perft(&mut walks, depth);
        assert!(
            case.assert_agrees(&leaves) > 0 || depth == 0,
            "{}",
            case.place
        );
    }
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_castling_is_the_castling() {
    let mut rules = 0;
    for (name, game) in games() {
        for (i, rule) in game.moves.iter().enumerate() {
            let Some(walk) = castle_as_walk(rule) else {
                continue;
            };
            rules += 1;
            assert!(
                !walk.attacks(),
                "{name}, rule {i}: a castling does not attack"
            );
            assert!(!game.tables.attackers[i], "{name}, rule {i}");
            let kind = compile::routine(&game.board, walk.clone(), &rule.filter);
            assert_eq!(kind, rule.kind, "{name}, rule {i}");
            for other in changed(&walk) {
                let kind = compile::routine(&game.board, other.clone(), &rule.filter);
                assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
            }
        }
    }
    assert!(rules >= 3, "{rules} castling rules");
}

/// Each branch of a castling's walk with its destination a site further on, empty and not
/// attacked.
fn farther(mut walk: Walk) -> Walk {
    let [Step::Branch(branches)] = &mut walk.steps[..] else {
        panic!("a castling's walk is one branch a direction");
    };
    for branch in branches {
        let shift = branch[branch.len() - 3].clone();
        let emit = branch.len() - 1;
        let tests = [
            Step::Test(SiteTest::Empty),
            Step::Test(SiteTest::Unattacked),
        ];
        branch.splice(emit..emit, std::iter::once(shift).chain(tests));
    }
    walk
}

/// A castling's walk without its tests of sites unattacked.
fn unguarded(mut walk: Walk) -> Walk {
    let [Step::Branch(branches)] = &mut walk.steps[..] else {
        panic!("a castling's walk is one branch a direction");
    };
    for branch in branches {
        branch.retain(|s| *s != Step::Test(SiteTest::Unattacked));
    }
    walk
}

/// `walk` changed in one place: the destination a site further on, no test of a site
/// attacked, the partner not tested unmoved.
fn changed(walk: &Walk) -> Vec<Walk> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        panic!("a castling's walk is one branch a direction");
    };
    let mut partner_moved = branches.clone();
    assert_eq!(partner_moved[0][5], Step::Test(SiteTest::Unmoved));
    partner_moved[0].remove(5);
    vec![
        farther(walk.clone()),
        unguarded(walk.clone()),
        Walk {
            steps: vec![Step::Branch(partner_moved)],
            ..walk.clone()
        },
    ]
}

#[test]
fn a_changed_castling_walk_runs_on_the_interpreter() {
    let game = pipeline::load("chess", None, &[]).expect("chess loads");
    let legal = |change: fn(Walk) -> Walk, fen: &str| {
        let walked = walked_with(&game, change).expect("chess castles");
        let (_, walks) = both(&game, &walked, fen);
        let mut texts: Vec<String> = notation::legal_texts(&walks);
        texts.retain(|t| t == "e1-c1" || t == "e1-g1" || t == "e1-b1" || t == "e1-h1");
        texts.sort();
        texts
    };
    // Through an attacked square: without its tests of sites attacked the king castles
    // there (it does not end attacked), as the walk says.
    let through = "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(legal(|w| w, through), ["e1-c1"]);
    assert_eq!(legal(unguarded, through), ["e1-c1", "e1-g1"]);
    // Three sites on: only the queen's side has room before its rook.
    let open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(legal(farther, open), ["e1-b1"]);
}
