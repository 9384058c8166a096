//! Leaps (`move leap (FILES, RANKS)`), the first shape compiled to a walk of the core and
//! run by the engine's one walk interpreter: hand-built positions with moves derived by
//! hand (a corner, the centre, pieces in the way that a leap ignores, captures onto an
//! enemy, `not landing on`, offsets whose turns coincide, a leg that must be empty), seeded
//! random positions and a perft compared with a reference written here from the language
//! reference alone, play and undo, and the refusals of leaps that cannot be.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::State;
use rulebook::model::{Cell, Game, Player, EMPTY};
use rulebook::{notation, pipeline};

use crate::common::move_texts::{legal, random_positions_agree};

/// Knights on a board of any size that leap onto empty squares or take an enemy knight;
/// with `camel` on, a second kind leaps (1, 3).
const KNIGHTS: &str = r#"
game "Knights"
players black, white
parameter size: 3..26 = 8
board grid size by size
piece knight
setup black knight on rank(1)
setup white knight on rank(size)
move leap (1, 2) onto empty or enemy
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

fn knights(size: i64) -> Arc<Game> {
    load(KNIGHTS, &[format!("size={size}")])
}

fn load(text: &str, sets: &[String]) -> Arc<Game> {
    match pipeline::load_text("leaps.game", text, None, sets) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

fn position(game: &Arc<Game>, diagram: &str, mover: Player) -> State {
    let cells = rulebook::render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, mover)
}

#[test]
fn a_knight_leaps_to_eight_squares_from_the_centre_and_two_from_a_corner() {
    let game = knights(5);
    let mut state = position(
        &game,
        ". . . . .
         . . . . .
         . . B . .
         . . . . .
         B . . . .",
        Player::FIRST,
    );
    let centre = [
        "c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4",
    ];
    let corner = ["a1-b3", "a1-c2"];
    let expected: Vec<&str> = centre.iter().chain(&corner).copied().collect();
    assert_eq!(legal(&mut state), set(&expected));
}

#[test]
fn a_leap_passes_over_pieces_takes_an_enemy_and_not_a_friend() {
    let game = knights(5);
    // The knight on c3 is walled in by its neighbours, which a leap ignores; d5 holds an
    // enemy (taken), b5 a friend (not a landing).
    let mut state = position(
        &game,
        ". B . W .
         . B B B .
         . B B B .
         . B B B .
         . . . . .",
        Player::FIRST,
    );
    let from_c3: BTreeSet<String> = legal(&mut state)
        .into_iter()
        .filter(|m| m.starts_with("c3-"))
        .collect();
    let expected = set(&[
        "c3-a2", "c3-a4", "c3-b1", "c3-d1", "c3-d5", "c3-e2", "c3-e4",
    ]);
    assert_eq!(from_c3, expected);
    let black_before = state.pieces(Player::SECOND);
    let m = notation::parse_move(&mut state, "c3-d5").expect("the capture is legal");
    let hash = state.hash();
    state.apply(m);
    assert_eq!(state.pieces(Player::SECOND), black_before - 1);
    assert_eq!(state.owner(site(&game, "d5")), Some(Player::FIRST));
    assert_eq!(state.cell(site(&game, "c3")), EMPTY);
    state.undo();
    assert_eq!(state.hash(), hash, "undo gives the hash back");
    assert_eq!(state.owner(site(&game, "d5")), Some(Player::SECOND));
}

fn site(game: &Game, name: &str) -> rulebook::model::Site {
    game.board.site_named(name).expect("a point of the board")
}

#[test]
fn onto_and_not_landing_on_narrow_the_landing() {
    let text = KNIGHTS
        .replace("onto empty or enemy", "not landing on b1")
        .replace("end when pieces(opponent) == 0: mover wins\n", "");
    let game = load(&text, &["size=5".into()]);
    let mut state = position(
        &game,
        ". . . W .
         . . . . .
         . . B . .
         . . . . .
         . . . . .",
        Player::FIRST,
    );
    // Onto an empty square only (d5 holds an enemy), and never onto b1.
    let expected = set(&["c3-a2", "c3-a4", "c3-b5", "c3-d1", "c3-e2", "c3-e4"]);
    assert_eq!(legal(&mut state), expected);
}

#[test]
fn offsets_whose_turns_coincide_are_leapt_once() {
    let cases = [
        ("leap (0, 2)", ["c3-a3", "c3-c1", "c3-c5", "c3-e3"]),
        ("leap (1, 1)", ["c3-b2", "c3-b4", "c3-d2", "c3-d4"]),
    ];
    for (shape, expected) in cases {
        let game = load(&KNIGHTS.replace("leap (1, 2)", shape), &["size=5".into()]);
        let mut state = position(
            &game,
            ". . . . .
             . . . . .
             . . B . .
             . . . . .
             . . . . .",
            Player::FIRST,
        );
        assert_eq!(legal(&mut state), set(&expected), "{shape}");
    }
}

/// The moves of `mover` by the reference: from each knight, each of the eight (file, rank)
/// offsets (1, 2) and (2, 1) with both signs, onto a square on the board that holds no
/// knight of the mover's.
fn reference_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let mut out = BTreeSet::new();
    for from in 0..w * h {
        if cells[from as usize] != game.cell(mover, 0) {
            continue;
        }
        let (f, r) = (from % w, from / w);
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            let (tf, tr) = (f + df, r + dr);
            let inside = (0..w).contains(&tf) && (0..h).contains(&tr);
            if inside && cells[(tr * w + tf) as usize] != game.cell(mover, 0) {
                out.insert(format!("{}-{}", name(f, r), name(tf, tr)));
            }
        }
    }
    out
}

#[test]
fn random_positions_agree_with_the_reference() {
    let mut compared = 0;
    for size in [3, 5, 8, 11] {
        let game = knights(size);
        let reference = |cells: &[Cell], mover| reference_moves(&game, cells, mover);
        compared += random_positions_agree(&game, 20261202 + size as u64, 150, 3, reference);
    }
    assert!(compared > 300, "{compared} positions compared");
}

/// Perft by the reference: the leaf counts of every depth up to `depth`, the game ending
/// when the side to move has no knight or no move.
fn reference_perft(
    game: &Game,
    cells: &mut Vec<Cell>,
    mover: Player,
    depth: usize,
    out: &mut [u64],
) {
    if depth == 0 || !cells.contains(&game.cell(mover, 0)) {
        return;
    }
    let w = game.board.width as usize;
    let index = |name: &str| {
        let (f, r) = name.split_at(1);
        (r.parse::<usize>().unwrap() - 1) * w + (f.as_bytes()[0] - b'a') as usize
    };
    for m in reference_moves(game, cells, mover) {
        let (from, to) = m.split_once('-').unwrap();
        let (from, to) = (index(from), index(to));
        let taken = cells[to];
        cells[to] = cells[from];
        cells[from] = EMPTY;
        out[0] += 1;
        let next = Player::new(1 - mover.index()).unwrap();
        reference_perft(game, cells, next, depth - 1, &mut out[1..]);
        cells[from] = cells[to];
        cells[to] = taken;
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    for (size, depth) in [(5, 4), (6, 4)] {
        let game = knights(size);
        let mut state = State::new(Arc::clone(&game));
        let mut cells: Vec<Cell> = (0..game.board.sites())
            .map(|s| state.cell(rulebook::model::Site::at(s)))
            .collect();
        let mut expected = vec![0; depth];
        reference_perft(&game, &mut cells, Player::FIRST, depth, &mut expected);
        assert_eq!(perft(&mut state, depth), expected, "size {size}");
    }
}

#[test]
fn leaps_that_cannot_be_are_refused_with_their_place() {
    let cases = [
        (
            "leap (0, 0)",
            "a leap of no files and no ranks goes nowhere",
        ),
        ("leap (1, 30)", "a leap cannot be longer than a board"),
        (
            "leap (1, 2) avoiding a1",
            "only a piece that moves along a line can avoid sites",
        ),
    ];
    for (shape, message) in cases {
        let text = KNIGHTS.replace("leap (1, 2) onto empty or enemy", shape);
        let error = pipeline::load_text("leaps.game", &text, None, &[])
            .err()
            .unwrap_or_else(|| panic!("`{shape}` is refused"))
            .render(false);
        assert!(error.contains(message), "`{shape}`: {error}");
        assert!(
            error.contains("leaps.game:"),
            "`{shape}` has its place: {error}"
        );
    }
}

/// Xiangqi's horse and elephant: leaps whose leg (`through`) must be empty.
const HORSES: &str = r#"
game "Horses"
players red, black
board grid 9 by 10
piece horse, elephant
setup red horse on b1 + h1
setup red elephant on c1
setup black horse on b10 + h10
setup black elephant on c10
move leap (1, 2) through (0, 1) onto empty or enemy by horse
move leap (2, 2) through (1, 1) onto empty or enemy by elephant
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn a_leap_through_a_leg_is_stopped_by_a_piece_on_the_leg_and_by_nothing_else() {
    let game = load(HORSES, &[]);
    // The horse on d5: its legs d6 (black) and c5 (red) block four leaps; e5 and d4 are
    // empty, so e5 gives f6 and f4, d4 gives e3 and c3 (an enemy, taken). The elephant on
    // g3: its eyes h4, f4 and f2 are empty and give i5, e5 and e1; h2 (black) blocks i1.
    // The horse on e4, between d5 and f4, is no leg of theirs and does not matter.
    let mut state = position(
        &game,
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . h . . . . .
         . . H H . . . . .
         . . . . H . . . .
         . . h . . . E . .
         . . . . . . . h .
         . . . . . . . . .",
        Player::FIRST,
    );
    let listed = legal(&mut state);
    let from = |site: &str| -> BTreeSet<String> {
        let prefix = format!("{site}-");
        listed
            .iter()
            .filter(|m| m.starts_with(&prefix))
            .cloned()
            .collect()
    };
    assert_eq!(from("d5"), set(&["d5-c3", "d5-e3", "d5-f4", "d5-f6"]));
    assert_eq!(from("g3"), set(&["g3-e1", "g3-e5", "g3-i5"]));
}

/// A leap's offset and its leg, each (files, ranks).
type Way = ((i32, i32), (i32, i32));

/// The moves of `mover` by the reference: from each horse, the eight (1, 2) and (2, 1)
/// offsets whose leg, the site one step from the horse along the longer side, is empty;
/// from each elephant, the four (2, 2) offsets whose eye, the diagonal neighbour on the
/// way, is empty; onto a square that holds no piece of the mover's.
fn reference_leg_moves(game: &Game, cells: &[Cell], mover: Player) -> BTreeSet<String> {
    let (w, h) = (game.board.width as i32, game.board.height as i32);
    let name = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let inside = |f: i32, r: i32| (0..w).contains(&f) && (0..h).contains(&r);
    let at = |f: i32, r: i32| cells[(r * w + f) as usize];
    let own = |c: Cell| c == game.cell(mover, 0) || c == game.cell(mover, 1);
    let mut out = BTreeSet::new();
    for from in 0..w * h {
        let (f, r) = (from % w, from / w);
        let ways: &[Way] = match cells[from as usize] {
            c if c == game.cell(mover, 0) => &[
                ((1, 2), (0, 1)),
                ((-1, 2), (0, 1)),
                ((1, -2), (0, -1)),
                ((-1, -2), (0, -1)),
                ((2, 1), (1, 0)),
                ((2, -1), (1, 0)),
                ((-2, 1), (-1, 0)),
                ((-2, -1), (-1, 0)),
            ],
            c if c == game.cell(mover, 1) => &[
                ((2, 2), (1, 1)),
                ((2, -2), (1, -1)),
                ((-2, 2), (-1, 1)),
                ((-2, -2), (-1, -1)),
            ],
            _ => continue,
        };
        for &((df, dr), (lf, lr)) in ways {
            let (tf, tr) = (f + df, r + dr);
            if inside(tf, tr) && at(f + lf, r + lr) == EMPTY && !own(at(tf, tr)) {
                out.insert(format!("{}-{}", name(f, r), name(tf, tr)));
            }
        }
    }
    out
}

#[test]
fn random_positions_of_leaps_through_legs_agree_with_the_reference() {
    let game = load(HORSES, &[]);
    let reference = |cells: &[Cell], mover| reference_leg_moves(&game, cells, mover);
    let compared = random_positions_agree(&game, 20261203, 400, 4, reference);
    assert!(compared > 300, "{compared} positions compared");
}

#[test]
fn a_leg_that_is_no_step_on_the_way_is_refused_with_its_place() {
    for (through, message) in [
        ("(0, 0)", "a leap of no files and no ranks goes nowhere"),
        ("(1, 2)", "a leap of no files and no ranks goes nowhere"),
    ] {
        let text = HORSES.replace("through (0, 1)", &format!("through {through}"));
        let error = pipeline::load_text("legs.game", &text, None, &[])
            .err()
            .unwrap_or_else(|| panic!("`through {through}` is refused"))
            .render(false);
        assert!(error.contains(message), "`through {through}`: {error}");
        assert!(error.contains("legs.game:10:"), "its place: {error}");
    }
}
