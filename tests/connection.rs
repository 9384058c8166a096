//! `connected(PLAYER, REGION, REGION, DIRECTIONS)`: a player's pieces joining two regions
//! (docs/language/functions.md), and Hex written with it
//! (`tests/fixtures/valid/hex.game`): hand-built positions, seeded random boards against a
//! breadth-first search written here, and Hex's perft against a naive count of its
//! placement sequences cut at wins.

use std::collections::VecDeque;
use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::{notation, pipeline};

use crate::common::xorshift::XorShift;

/// Hex from its test file, `size` x `size`.
fn hex(size: usize) -> Arc<Game> {
    let set = format!("size={size}");
    match pipeline::load("tests/fixtures/valid/hex.game", None, &[set]) {
        Ok(game) => game,
        Err(e) => panic!("Hex loads:\n{}", e.render(false)),
    }
}

/// A placement game on a `w` x `h` grid whose one end rule is `end when CONDITION: red wins`.
fn joined(w: usize, h: usize, condition: &str) -> Arc<Game> {
    let text = format!(
        "game \"Joined\"\nplayers red, blue\nboard grid {w} by {h}\npiece stone\n\
         move place stone\nend when {condition}: red wins\n"
    );
    match pipeline::load_text("joined.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const HEX_LINKS: &str = "orthogonal, north-east, south-west";

#[test]
fn a_chain_along_the_hex_diagonal_joins_and_one_along_the_other_does_not() {
    let game = joined(
        3,
        3,
        &format!("connected(red, side(south), side(north), {HEX_LINKS})"),
    );
    // Red on a1, b2, c3 (north-east steps): joined. Blue to move, so red has just moved.
    assert_eq!(
        at(&game, "2R/1R1/R2 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    // Red on c1, b2, a3 (north-west steps): not linked on a hex board.
    assert_eq!(at(&game, "R2/1R1/2R blue").outcome(), None);
    // A straight file joins, a bent chain through orthogonal steps too.
    assert_eq!(
        at(&game, "1R1/1R1/1R1 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(
        at(&game, "2R/1RR/1R1 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    // Touching one side only, or both sides with two groups: no.
    assert_eq!(at(&game, "3/RRR/RRR blue").outcome(), None);
    assert_eq!(at(&game, "R2/3/R2 blue").outcome(), None);
    // Blue's pieces do not link red's.
    assert_eq!(at(&game, "R2/B2/R2 blue").outcome(), None);
}

#[test]
fn the_directions_decide_what_links() {
    let diagonal = "2R/1R1/R2 blue";
    let orthogonal = joined(3, 3, "connected(red, side(south), side(north), orthogonal)");
    assert_eq!(at(&orthogonal, diagonal).outcome(), None);
    let all = joined(3, 3, "connected(red, side(south), side(north), all)");
    assert_eq!(
        at(&all, diagonal).outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(
        at(&all, "R2/1R1/2R blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    // One direction: only a chain that goes north step by step (or back south) links.
    let north = joined(3, 3, "connected(red, a1, a3, north)");
    assert_eq!(
        at(&north, "R2/R2/R2 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(at(&north, "R2/RR1/1R1 blue").outcome(), None);
}

#[test]
fn a_piece_on_both_regions_joins_them_and_the_player_is_any_player() {
    // A corner piece touches both sides that meet there.
    let game = joined(3, 3, "connected(red, side(west), side(south), orthogonal)");
    assert_eq!(
        at(&game, "3/3/R2 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(at(&game, "3/3/2R blue").outcome(), None);
    // `opponent`, seen after red's move, is blue; `mover` is red.
    let game = joined(
        3,
        3,
        "connected(opponent, side(west), side(east), orthogonal)",
    );
    assert_eq!(
        at(&game, "3/BBB/3 blue").outcome(),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(at(&game, "3/RRR/3 blue").outcome(), None);
    // An empty board and a board with no piece on a region: no.
    assert_eq!(at(&game, "3/3/3 blue").outcome(), None);
}

/// The sites of `who`'s stones joined from `from` to `to` by a breadth-first search over
/// the six hex neighbours (`links` = 6) or the eight king's neighbours (`links` = 8).
fn naive_joined(
    cells: &[u8],
    w: usize,
    who: u8,
    links: usize,
    from: &[usize],
    to: &[usize],
) -> bool {
    let steps: [(i64, i64); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let h = cells.len() / w;
    let mut seen = vec![false; cells.len()];
    let mut queue: VecDeque<usize> = from.iter().copied().filter(|&s| cells[s] == who).collect();
    for &s in &queue {
        seen[s] = true;
    }
    while let Some(s) = queue.pop_front() {
        if to.contains(&s) {
            return true;
        }
        let (f, r) = ((s % w) as i64, (s / w) as i64);
        for &(df, dr) in &steps[..links] {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= w as i64 || nr >= h as i64 {
                continue;
            }
            let n = nr as usize * w + nf as usize;
            if cells[n] == who && !seen[n] {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    false
}

/// A position text of a grid from cells (0 empty, 1 red, 2 blue; site `rank * w + file`).
fn board_text(cells: &[u8], w: usize) -> String {
    let h = cells.len() / w;
    let ranks: Vec<String> = (0..h)
        .rev()
        .map(|r| {
            (0..w)
                .map(|f| match cells[r * w + f] {
                    1 => 'R',
                    2 => 'B',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    ranks.join("/")
}

#[test]
fn random_boards_agree_with_a_breadth_first_search() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    // 26 x 26 spans eleven words of sites; 9 x 5 one; 11 x 11 two.
    for (w, h) in [(26, 26), (9, 5), (11, 11), (7, 7)] {
        let hexes = joined(
            w,
            h,
            &format!("connected(red, side(south), side(north), {HEX_LINKS})"),
        );
        let kings = joined(w, h, "connected(red, side(west), side(east), all)");
        let south: Vec<usize> = (0..w).collect();
        let north: Vec<usize> = (0..w).map(|f| (h - 1) * w + f).collect();
        let west: Vec<usize> = (0..h).map(|r| r * w).collect();
        let east: Vec<usize> = (0..h).map(|r| r * w + w - 1).collect();
        let (mut yes_hex, mut yes_king) = (0, 0);
        for round in 0..300 {
            // Fill densities from 30% to 75% red, the rest blue or empty.
            let red = 30 + round % 46;
            let cells = rng.cells(w * h, red);
            let text = format!("{} blue", board_text(&cells, w));
            let expected = naive_joined(&cells, w, 1, 6, &south, &north);
            let found = at(&hexes, &text).outcome() == Some(Outcome::Win(Player::FIRST));
            assert_eq!(found, expected, "hex links, {w} x {h}: {text}");
            yes_hex += expected as usize;
            let expected = naive_joined(&cells, w, 1, 8, &west, &east);
            let found = at(&kings, &text).outcome() == Some(Outcome::Win(Player::FIRST));
            assert_eq!(found, expected, "king links, {w} x {h}: {text}");
            yes_king += expected as usize;
        }
        assert!(
            yes_hex > 30 && yes_hex < 270,
            "{w} x {h}: both answers are tried ({yes_hex})"
        );
        assert!(
            yes_king > 30 && yes_king < 270,
            "{w} x {h}: both answers are tried ({yes_king})"
        );
    }
}

/// The number of move sequences of `depth` plies in Hex on a `size` board, a game ending
/// at the placement that joins the mover's sides: a brute force over a board of cells, with
/// the win found by a breadth-first search after every placement. The pie rule: on blue's
/// first turn (red with one stone, blue with none), blue may swap instead, and blue's
/// colour moves again.
fn naive_hex_perft(
    cells: &mut Vec<u8>,
    size: usize,
    mover: u8,
    swapped: bool,
    depth: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let south: Vec<usize> = (0..size).collect();
    let north: Vec<usize> = (0..size).map(|f| (size - 1) * size + f).collect();
    let west: Vec<usize> = (0..size).map(|r| r * size).collect();
    let east: Vec<usize> = (0..size).map(|r| r * size + size - 1).collect();
    let mut total = 0;
    for s in 0..cells.len() {
        if cells[s] != 0 {
            continue;
        }
        cells[s] = mover;
        let won = match mover {
            1 => naive_joined(cells, size, 1, 6, &south, &north),
            _ => naive_joined(cells, size, 2, 6, &west, &east),
        };
        total += match (won, depth) {
            (_, 1) => 1,
            (true, _) => 0,
            (false, _) => naive_hex_perft(cells, size, 3 - mover, swapped, depth - 1),
        };
        cells[s] = 0;
    }
    let stones = |p: u8| cells.iter().filter(|&&c| c == p).count();
    if !swapped && mover == 2 && stones(1) == 1 && stones(2) == 0 {
        total += naive_hex_perft(cells, size, 2, true, depth - 1);
    }
    total
}

#[test]
fn hex_perft_matches_a_naive_count_of_placements_cut_at_wins() {
    for (size, depth) in [(2, 4), (3, 8), (4, 5)] {
        let game = hex(size);
        let mut state = State::new(Arc::clone(&game));
        let counts = perft(&mut state, depth);
        let mut cells = vec![0u8; size * size];
        let expected: Vec<u64> = (1..=depth)
            .map(|d| naive_hex_perft(&mut cells, size, 1, false, d))
            .collect();
        assert_eq!(counts, expected, "Hex {size} x {size}");
    }
    // 2 x 2 by hand. Red wins with its second stone when its two stones stand on both
    // ranks and are linked: a1-a2, b1-b2, a1-b2 (b1-a2 is not: north-west is no hex link),
    // so 6 of the 12 ordered pairs of cells. Blue's one stone never joins west and east.
    // - Ply 2: 4 openings, each answered by 3 placements or the swap: 16.
    // - Ply 3: after a placement, red's 2 cells (4 x 3 x 2 = 24); after the swap, blue's
    //   3 (12): 36.
    // - Ply 4: of the 24 three-stone lines, the 12 red wins end and 12 fill the last cell;
    //   after the swap, red places on 2 cells (4 x 3 x 2 = 24): 36.
    // - Ply 5: the board was full without the swap; with it, red won on 12 of the 24
    //   lines (its stones are an ordered pair of cells, the third cell blue's) and blue
    //   fills the last cell of the other 12.
    let mut state = State::new(hex(2));
    assert_eq!(perft(&mut state, 5), vec![4, 16, 36, 36, 12]);
}

#[test]
fn the_swap_is_offered_once_on_the_second_players_first_turn_and_taken_back_by_undo() {
    let game = hex(3);
    let mut state = State::new(Arc::clone(&game));
    let legal = |state: &State| {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| notation::move_text(state, m))
            .collect::<Vec<_>>()
    };
    assert!(
        !legal(&state).contains(&"swap".to_string()),
        "not before a stone"
    );
    notation::play_text(&mut state, "b2").expect("red's first stone");
    let before = state.hash();
    assert_eq!(legal(&state).last().map(String::as_str), Some("swap"));
    notation::play_text(&mut state, "swap").expect("blue takes red's side");
    assert_ne!(state.hash(), before, "a swap changes the position's hash");
    assert_eq!(state.to_move(), Player::SECOND, "blue's colour moves again");
    assert!(
        !legal(&state).contains(&"swap".to_string()),
        "once per game"
    );
    let text = notation::position_text(&state);
    assert_eq!(text, "3/1R1/3 blue swapped");
    let again = notation::parse_position(&game, &text).expect("the text reads back");
    assert_eq!(again.hash(), state.hash());
    notation::play_text(&mut state, "a1").expect("blue's stone");
    assert!(
        !legal(&state).contains(&"swap".to_string()),
        "not on red's turn"
    );
    state.undo();
    state.undo();
    assert_eq!(state.hash(), before);
    assert!(
        legal(&state).contains(&"swap".to_string()),
        "undo reopens it"
    );
}

#[test]
fn hex_is_won_by_the_player_who_joins_their_sides_and_never_drawn() {
    let game = hex(11);
    let mut state = State::new(Arc::clone(&game));
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    assert_eq!(moves.len(), 121, "every cell of the empty board");
    // Red builds the f-file from f1 to f11; blue plays along rank 1 from a1 and never
    // joins (a1..j1 do not reach the east side before red is done).
    for rank in 1..=11 {
        notation::play_text(&mut state, &format!("f{rank}")).expect("red's stone");
        if rank < 11 {
            assert_eq!(state.outcome(), None, "after f{rank}");
            let file = (b'a' + rank as u8 - 1) as char;
            let file = if file >= 'f' {
                (file as u8 + 1) as char
            } else {
                file
            };
            notation::play_text(&mut state, &format!("{file}2")).expect("blue's stone");
            assert_eq!(state.outcome(), None);
        }
    }
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win(Player::FIRST)),
        "red joined south and north"
    );
    state.undo();
    assert_eq!(state.outcome(), None, "undo takes the win back");
    // A full board always has a winner: seeded random games end before the board fills,
    // each at the placement that joins, with nobody joined before.
    let mut seed = 12345u64;
    for _ in 0..50 {
        let mut state = State::new(hex(5));
        let mut plies = 0;
        while state.outcome().is_none() {
            state.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "a board with an empty cell has a move");
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state.apply(moves[(seed >> 33) as usize % moves.len()]);
            plies += 1;
        }
        assert!(plies <= 25);
        assert!(
            matches!(state.outcome(), Some(Outcome::Win(_))),
            "no draws in Hex"
        );
    }
}
