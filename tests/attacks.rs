//! Attack and the moves it forbids: `attacked(P, K)` read from the move rules themselves
//! (slides whose `onto` takes, leaps with their legs, hops with their screens, rules of one
//! player or one direction), `forbid leaving` dropping the moves that leave a condition
//! true for the mover, and the two clauses the chess family needed for its walks: `from
//! REGION` (where a piece starts) and `onto enemy KIND` (what it may take). Hand-built
//! positions, each expectation derived by hand from the language reference.

use std::sync::Arc;

use rulebook::engine::State;
use rulebook::model::{Game, Player};
use rulebook::pipeline;

use crate::common::move_texts::{from, legal, set};

/// A king that steps, and one attacker of each shape; a guard that slides but takes
/// nothing. White's pawns take one step diagonally forward (north for white) and step
/// straight forward without taking.
const ATTACKS: &str = r#"
game "Attacks"
players white, black
board grid 9 by 10
piece king, rook, horse, cannon, pawn, guard
move step all onto empty or enemy by king
move slide orthogonal onto empty or enemy by rook
move leap (1, 2) through (0, 1) onto empty or enemy by horse
move slide orthogonal by cannon
move hop orthogonal by cannon
move step forward-diagonal onto enemy by pawn
move step forward by pawn
move slide orthogonal by guard
forbid leaving attacked(mover, king)
end when no legal move: mover loses
"#;

fn load(name: &str, text: &str) -> Arc<Game> {
    match pipeline::load_text(name, text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The state of `game` drawn in `diagram` (upper case: white's), `to_move` to move.
fn state(game: &Arc<Game>, diagram: &str, to_move: Player) -> State {
    let cells = rulebook::render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, to_move)
}

/// Whether black's king is attacked in `diagram` (the expression of the game's `forbid
/// leaving`, read with black as the mover).
fn black_king_attacked(game: &Arc<Game>, diagram: &str) -> bool {
    let state = state(game, diagram, Player::SECOND);
    state.value(Player::SECOND, &game.forbidden[0]) != 0
}

/// A board of 9 x 10 with the black king on e5 and the rest of `rows` (rank 10 first)
/// drawn around it: each of `rows` is a rank of nine sites.
fn board(rows: [&str; 10]) -> String {
    rows.join("\n")
}

#[test]
fn attack_is_read_from_the_move_rules() {
    let game = load("attacks.game", ATTACKS);
    let empty = ". . . . . . . . .";
    let with = |rank5: &str, others: &[(usize, &str)]| {
        let mut rows = [empty; 10];
        rows[5] = rank5; // rank 5 (rows run from rank 10 down)
        for &(rank, row) in others {
            rows[10 - rank] = row;
        }
        board(rows)
    };
    let king_alone = ". . . . k . . . .";
    let cases: [(&str, String, bool); 14] = [
        ("nothing", with(king_alone, &[]), false),
        // A rook on e9, the file open: it slides down onto the king.
        (
            "rook, open file",
            with(king_alone, &[(9, ". . . . R . . . .")]),
            true,
        ),
        // The same rook with a piece of black's on e7 in the way.
        (
            "rook, blocked",
            with(
                king_alone,
                &[(9, ". . . . R . . . ."), (7, ". . . . p . . . .")],
            ),
            false,
        ),
        // A horse on d3: (1, 2) away, its leg d4 empty.
        (
            "horse, leg open",
            with(king_alone, &[(3, ". . . H . . . . .")]),
            true,
        ),
        // The same horse with its leg d4 taken.
        (
            "horse, leg blocked",
            with(
                king_alone,
                &[(3, ". . . H . . . . ."), (4, ". . . p . . . . .")],
            ),
            false,
        ),
        // A cannon on e1 with nothing between: it slides onto empty sites only.
        (
            "cannon, no screen",
            with(king_alone, &[(1, ". . . . C . . . .")]),
            false,
        ),
        // With one screen on e3: it hops onto the king.
        (
            "cannon, one screen",
            with(
                king_alone,
                &[(1, ". . . . C . . . ."), (3, ". . . . p . . . .")],
            ),
            true,
        ),
        // With two screens, e2 and e3: no hop reaches the king.
        (
            "cannon, two screens",
            with(
                king_alone,
                &[
                    (1, ". . . . C . . . ."),
                    (2, ". . . . P . . . ."),
                    (3, ". . . . p . . . ."),
                ],
            ),
            false,
        ),
        // White's pawn on d4 takes diagonally forward (north-east): e5.
        (
            "pawn below",
            with(king_alone, &[(4, ". . . P . . . . .")]),
            true,
        ),
        // On d6 its forward diagonals go north, away from the king.
        (
            "pawn above",
            with(king_alone, &[(6, ". . . P . . . . .")]),
            false,
        ),
        // On e4 it steps straight forward, onto empty sites only.
        (
            "pawn straight below",
            with(king_alone, &[(4, ". . . . P . . . .")]),
            false,
        ),
        // A guard slides onto empty sites only.
        (
            "guard",
            with(king_alone, &[(9, ". . . . G . . . .")]),
            false,
        ),
        // Black's own rook attacks nothing of black's.
        (
            "own rook",
            with(king_alone, &[(9, ". . . . r . . . .")]),
            false,
        ),
        // The white king next to it steps onto it.
        ("king", with(". . . . k K . . .", &[]), true),
    ];
    for (what, diagram, expected) in cases {
        assert_eq!(
            black_king_attacked(&game, &diagram),
            expected,
            "{what}:\n{diagram}"
        );
    }
}

#[test]
fn forbid_leaving_drops_the_moves_that_leave_the_king_attacked() {
    let game = load("attacks.game", ATTACKS);
    // White's king on e1, a white rook on e2 pinned by black's rook on e9, black's rook on
    // d10 guarding the d-file. The king may go to f1 or f2 (not d1, d2: the d-file; not
    // e2: its own rook); the pinned rook only along the e-file, up to e9 taking.
    let mut white = state(
        &game,
        ". . . r . . . . .
         . . . . r . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . R . . . .
         . . . . K . . . .",
        Player::FIRST,
    );
    let listed = legal(&mut white);
    assert_eq!(from(&listed, "e1"), set(&["e1-f1", "e1-f2"]));
    let along: Vec<String> = (3..=9).map(|r| format!("e2-e{r}")).collect();
    let along: Vec<&str> = along.iter().map(String::as_str).collect();
    assert_eq!(from(&listed, "e2"), set(&along));
}

#[test]
fn a_player_left_no_move_by_the_ban_loses() {
    let game = load("attacks.game", ATTACKS);
    // Black's king on a10, white rooks on i10 (checking along rank 10) and h9 (holding
    // rank 9): every step of the king is attacked. Mate.
    let mut black = state(
        &game,
        "k . . . . . . . R
         . . . . . . . R .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . K",
        Player::SECOND,
    );
    assert!(legal(&mut black).is_empty());
    let outcome = black.outcome().expect("the game is over");
    assert_eq!(outcome, rulebook::engine::Outcome::Win(Player::FIRST));
}

/// Soldiers that step sideways only from the far half, and a general that slides along
/// its file to take only the other general.
const CLAUSES: &str = r#"
game "Clauses"
players red, black
board grid 5 by 6
piece general, soldier
region far = rank(4) + rank(5) + rank(6)
move step forward onto empty or enemy by soldier
move step east, west onto empty or enemy by soldier from far when mover == red
move slide north, south onto enemy general by general
end when no legal move: mover loses
"#;

#[test]
fn from_and_onto_enemy_kind_narrow_a_walk() {
    let game = load("clauses.game", CLAUSES);
    // Red soldiers on b2 (near half: forward only) and d4 (far half: forward and
    // sideways, taking black's soldier on e4). Red's general on c1, black's on c6 with a
    // black soldier on c3 between: blocked.
    let mut red = state(
        &game,
        ". . g . .
         . . . . .
         . . . S s
         . . s . .
         . S . . .
         . . G . .",
        Player::FIRST,
    );
    let listed = legal(&mut red);
    assert_eq!(from(&listed, "b2"), set(&["b2-b3"]));
    assert_eq!(from(&listed, "d4"), set(&["d4-d5", "d4-c4", "d4-e4"]));
    assert_eq!(from(&listed, "c1"), set(&[]));
    // c3 empty but a soldier on c4: still blocked, and a soldier is not the general's to
    // take. With the file open, the general takes the general.
    let mut open = state(
        &game,
        ". . g . .
         . . . . .
         . . s . .
         . . . . .
         . . . . .
         . . G . .",
        Player::FIRST,
    );
    assert_eq!(from(&legal(&mut open), "c1"), set(&[]));
    let mut facing = state(
        &game,
        ". . g . .
         . . . . .
         . . . . .
         . . . . .
         . . . . .
         . . G . .",
        Player::FIRST,
    );
    assert_eq!(from(&legal(&mut facing), "c1"), set(&["c1-c6"]));
}

#[test]
fn the_clauses_are_refused_where_no_walk_makes_the_move() {
    let text = CLAUSES.replace(
        "move slide north, south onto enemy general by general",
        "move jump orthogonal over enemy remove by general from far",
    );
    let Err(e) = pipeline::load_text("clauses.game", &text, None, &[]) else {
        panic!("`from` on a jump is refused");
    };
    let message = e.render(false);
    assert!(
        message.contains("`from` narrows where a piece starts"),
        "{message}"
    );
    assert!(message.contains("clauses.game:9:56"), "{message}");
    let text = CLAUSES.replace("onto enemy general", "onto enemy emperor");
    let Err(e) = pipeline::load_text("clauses.game", &text, None, &[]) else {
        panic!("an unknown kind is refused");
    };
    assert!(e.render(false).contains("emperor"), "{}", e.render(false));
}

#[test]
fn no_legal_move_with_a_condition_tells_mate_from_stalemate() {
    let text = ATTACKS.replace(
        "end when no legal move: mover loses",
        "end when no legal move and attacked(mover, king): mover loses\nend when no legal move: draw",
    );
    let game = load("chesslike.game", &text);
    let rest = "\n         . . . . . . . . .".repeat(7);
    // Black's king on a10 with white rooks on i10 and h9: attacked, and every step too.
    let mate = format!("k . . . . . . . R\n . . . . . . . R .{rest}\n . . . . . . . . K");
    let mut black = state(&game, &mate, Player::SECOND);
    assert!(legal(&mut black).is_empty());
    assert_eq!(
        black.outcome(),
        Some(rulebook::engine::Outcome::Win(Player::FIRST))
    );
    let reason = rulebook::render::end_reason(&black);
    assert_eq!(reason, "no legal move for black, and attacked(mover, king)");
    // Rooks on b1 and h9: a9, b9 and b10 attacked, a10 itself not. Stalemate: a draw.
    let mut rows = ["k . . . . . . . .", ". . . . . . . R ."].join("\n");
    rows += &"\n. . . . . . . . .".repeat(7);
    rows += "\n. R . . . . . . K";
    let mut black = state(&game, &rows, Player::SECOND);
    assert!(legal(&mut black).is_empty());
    assert_eq!(black.outcome(), Some(rulebook::engine::Outcome::Draw));
    let summary = rulebook::render::summary(&game);
    assert!(
        summary.contains("no legal move and attacked(mover, king)"),
        "{summary}"
    );
    let forbidden = "no move may leave true: attacked(mover, king) (mover: who moved)";
    assert!(summary.contains(forbidden), "{summary}");
}

/// The game with every attack looked for forwards, from each piece that could make it,
/// as it is on a board whose links do not lead back.
fn attacks_forward(game: &Game) -> Arc<Game> {
    let mut forward = game.clone();
    forward.tables.links_lead_back = false;
    forward.tables.walks.iter_mut().for_each(|w| {
        w.reversed = None;
        w.reversed_paths = None;
    });
    Arc::new(forward)
}

/// The test of a site attacked looks backwards from the site (slides along their reversed
/// directions, walks reversed): at every ply of seeded random games of every bundled game
/// and fixture that asks whether a piece is attacked, the legal moves are those found
/// looking forwards from every attacker's piece.
#[test]
fn attacks_found_backwards_are_those_found_forwards() {
    let mut games: Vec<(String, Arc<Game>)> = crate::common::configurations::configurations();
    games.push(("attacks".into(), load("attacks.game", ATTACKS)));
    let mut rng = rulebook::analysis::Rng::new(20261203);
    let mut checked = 0;
    for (name, game) in games.iter().filter(|(_, g)| g.facts.forbids) {
        let forward = attacks_forward(game);
        let (mut moves, mut expected) = (Default::default(), Default::default());
        for _ in 0..6 {
            let mut state = State::new(Arc::clone(game));
            let mut other = State::new(Arc::clone(&forward));
            for ply in 0..160 {
                state.legal_moves(&mut moves);
                other.legal_moves(&mut expected);
                assert_eq!(&moves[..], &expected[..], "{name}, ply {ply}");
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                state.apply(m);
                other.apply(m);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} positions compared");
}

/// In a game with a ban (`forbid leaving`), a random pick draws from the moves before the
/// ban until one it allows, rather than judging every move: in check from an adjacent rook
/// with a rook that cannot help, 3 of the 15 moves are legal (the king to d1 or f1, or
/// taking e2), and 30,000 seeded picks give each of them a third of the time and never
/// another move.
#[test]
fn a_pick_under_a_ban_is_a_legal_move_each_as_likely() {
    let chess = pipeline::load("chess", None, &[]).expect("chess loads");
    let (state, _) = rulebook::notation::parse_fen(&chess, "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1")
        .expect("the position reads");
    let mut legal = rulebook::engine::MoveList::new();
    state.legal_moves(&mut legal);
    let texts: Vec<String> = legal
        .iter()
        .map(|&m| rulebook::notation::move_text(&state, m))
        .collect();
    assert_eq!(texts, ["e1-d1", "e1-f1", "e1-e2"]);
    let mut rng = rulebook::analysis::Rng::new(7);
    let mut counts = [0; 3];
    let mut work = rulebook::engine::MoveList::new();
    for _ in 0..30_000 {
        let picked = state.pick_legal_move(&mut work, |n| rng.below(n));
        let at = legal.iter().position(|&m| Some(m) == picked);
        counts[at.expect("the pick is a legal move")] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_400..10_600).contains(&c)),
        "{counts:?}"
    );
}
