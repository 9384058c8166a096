//! `path(PLAYER, KIND, REGION, DIRECTIONS)`: a way for a player's piece of a kind to a
//! region, through sites empty or holding that kind (docs/language/functions.md, "Built-in
//! functions"), and Blockade written with it (`tests/fixtures/valid/blockade.game`: a block
//! may not cut either pawn off from its goal rank): hand-built positions, seeded random
//! boards against a breadth-first search written here, and Blockade's first plies counted
//! by hand.

use std::collections::VecDeque;
use std::sync::Arc;

use rulebook::analysis::perft;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

use crate::common::rows::position_text;
use crate::common::xorshift::XorShift;

/// Blockade from its test file, with `blocks` blocks in each hand.
fn blockade(blocks: usize) -> Arc<Game> {
    let set = format!("blocks={blocks}");
    match pipeline::load("tests/fixtures/valid/blockade.game", None, &[set]) {
        Ok(game) => game,
        Err(e) => panic!("Blockade loads:\n{}", e.render(false)),
    }
}

/// A game on a `w` x `h` grid of stones and walls whose one end rule is
/// `end when CONDITION: red wins`.
fn walled(w: usize, h: usize, condition: &str) -> Arc<Game> {
    let text = format!(
        "game \"Walled\"\nplayers red, blue\nboard grid {w} by {h}\npiece stone, wall\n\
         move place stone\nend when {condition}: red wins\n"
    );
    match pipeline::load_text("walled.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether red has won in the position drawn by `rows` (blue to move).
fn red_wins(game: &Arc<Game>, rows: &[&str]) -> bool {
    at(game, &position_text(rows, "blue")).outcome() == Some(Outcome::Win(Player::FIRST))
}

/// The texts of the legal moves.
fn moves(state: &mut State) -> Vec<String> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    list.iter()
        .map(|&m| notation::move_text(state, m))
        .collect()
}

#[test]
fn walls_block_a_way_and_stones_of_either_player_do_not() {
    let game = walled(3, 3, "path(red, stone, side(north), orthogonal)");
    // A wall across the middle rank with one gap: the way goes through the gap.
    assert!(red_wins(&game, &["...", "WW.", "S.."]));
    // The gap closed by a wall of either player: no way.
    assert!(!red_wins(&game, &["...", "WWW", "S.."]));
    assert!(!red_wins(&game, &["...", "WWw", "S.."]));
    // The gap holding a stone, red's or blue's: stones let the way through.
    assert!(red_wins(&game, &["...", "WWs", "S.."]));
    assert!(red_wins(&game, &["...", "WWS", "S.."]));
    // Blue's stones are not red's starts, and red's walls are not stones.
    assert!(!red_wins(&game, &["...", "...", "s.."]));
    assert!(!red_wins(&game, &["...", "...", "W.."]));
    // A stone on the region itself: a way of no steps.
    assert!(red_wins(&game, &["S..", "WWW", "..."]));
}

#[test]
fn the_directions_decide_the_steps() {
    let diagonal = ["...", "W..", "SW."];
    let orthogonal = walled(3, 3, "path(red, stone, side(north), orthogonal)");
    assert!(!red_wins(&orthogonal, &diagonal));
    let all = walled(3, 3, "path(red, stone, side(north), all)");
    assert!(red_wins(&all, &diagonal));
    // Only north: a way that must turn back south is none.
    let north = walled(3, 3, "path(red, stone, side(north), north)");
    assert!(red_wins(&north, &["...", "...", "S.."]));
    assert!(!red_wins(&north, &["W..", "...", "S.."]));
    let both = walled(3, 3, "path(red, stone, side(north), north, east)");
    assert!(red_wins(&both, &["W..", "...", "S.."]));
    // `opponent` read after red's move is blue.
    let opponent = walled(3, 3, "path(opponent, stone, side(south), orthogonal)");
    assert!(red_wins(&opponent, &["s..", "W..", "..."]));
    assert!(!red_wins(&opponent, &["s..", "WWW", "..."]));
}

#[test]
fn on_a_grid_of_hexagons_a_way_runs_along_the_six_neighbours() {
    let text = "game \"Hex walls\"\nplayers red, blue\nboard grid 3 by 3 of hexagons\n\
                piece stone, wall\nmove place wall\n\
                end when path(red, stone, side(north), all): red wins\n";
    let game = match pipeline::load_text("hex-walls.game", text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    };
    // a1 touches b1 and a2 alone (its north-west is off the board); b1 touches a2 and b2.
    assert!(red_wins(&game, &["...", ".ww", "S.."]));
    assert!(red_wins(&game, &["...", "ww.", "S.."]));
    assert!(!red_wins(&game, &["...", "ww.", "SW."]));
    assert!(!red_wins(&game, &["...", "ww.", "S.W"]));
}

/// Whether a stone of red's (1) has a way along `dirs` (file and rank steps) to a site of
/// `goal` through sites empty (0) or holding a stone (1, 2): a breadth-first search over
/// the cells (3 and 4 are walls).
fn naive_path(cells: &[u8], w: usize, dirs: &[(i32, i32)], goal: &[usize]) -> bool {
    let h = cells.len() / w;
    let mut seen: Vec<bool> = cells.iter().map(|&c| c == 1).collect();
    let mut todo: VecDeque<usize> = (0..cells.len()).filter(|&s| seen[s]).collect();
    while let Some(s) = todo.pop_front() {
        if goal.contains(&s) {
            return true;
        }
        let (f, r) = ((s % w) as i32, (s / w) as i32);
        for &(df, dr) in dirs {
            let (nf, nr) = (f + df, r + dr);
            if nf < 0 || nr < 0 || nf >= w as i32 || nr >= h as i32 {
                continue;
            }
            let n = nr as usize * w + nf as usize;
            if cells[n] <= 2 && !seen[n] {
                seen[n] = true;
                todo.push_back(n);
            }
        }
    }
    false
}

/// The position text of `cells` (rank 1 first, a rank `w` sites long; 0 empty, 1 and 2
/// red's and blue's stones, 3 and 4 their walls), blue to move.
fn board_text(cells: &[u8], w: usize) -> String {
    let rows: Vec<String> = (cells.chunks(w).rev())
        .map(|rank| {
            (rank.iter())
                .map(|&c| ['.', 'S', 's', 'W', 'w'][c as usize])
                .collect()
        })
        .collect();
    position_text(&rows, "blue")
}

#[test]
fn random_boards_agree_with_a_breadth_first_search() {
    let mut rng = XorShift(0x005e_ed0f_da7a_2026);
    let orthogonal = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let king = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    // 26 x 26 spans eleven words of sites; 9 x 5 one; 11 x 11 two.
    for (w, h) in [(26, 26), (9, 5), (11, 11), (7, 7)] {
        let rooks = walled(w, h, "path(red, stone, side(north), orthogonal)");
        let kings = walled(w, h, "path(red, stone, side(east), all)");
        let north: Vec<usize> = (0..w).map(|f| (h - 1) * w + f).collect();
        let east: Vec<usize> = (0..h).map(|r| r * w + w - 1).collect();
        let (mut yes_rook, mut yes_king) = (0, 0);
        for round in 0..300 {
            // Walls from 30% to 75%, a few stones of each (red's 4 in 1000 sites, at
            // least one), the rest empty.
            let walls = 300 + round % 46 * 10;
            let mut cells: Vec<u8> = (0..w * h)
                .map(|_| match rng.below(1000) {
                    x if x < walls => 3 + rng.below(2) as u8,
                    x if x < walls + 4 => 1,
                    x if x < walls + 40 => 2,
                    _ => 0,
                })
                .collect();
            cells[rng.below(w * h)] = 1;
            let text = board_text(&cells, w);
            let expected = naive_path(&cells, w, &orthogonal, &north);
            let found = at(&rooks, &text).outcome() == Some(Outcome::Win(Player::FIRST));
            assert_eq!(found, expected, "orthogonal, {w} x {h}: {text}");
            yes_rook += expected as usize;
            let expected = naive_path(&cells, w, &king, &east);
            let found = at(&kings, &text).outcome() == Some(Outcome::Win(Player::FIRST));
            assert_eq!(found, expected, "all, {w} x {h}: {text}");
            yes_king += expected as usize;
        }
        assert!(
            yes_rook > 30 && yes_rook < 270,
            "{w} x {h}: both answers are tried ({yes_rook})"
        );
        assert!(
            yes_king > 30 && yes_king < 270,
            "{w} x {h}: both answers are tried ({yes_king})"
        );
    }
}

#[test]
fn a_block_may_not_close_the_last_way_of_either_pawn() {
    let game = blockade(6);
    // White's pawn on c1 behind a row of blocks with one gap, c2; black to move.
    let mut state = at(
        &game,
        &position_text(&["..p..", ".....", ".....", "BB.bb", "..P.."], "black"),
    );
    let listed = moves(&mut state);
    assert!(!listed.contains(&"c2".to_string()), "{listed:?}");
    // c3 too: the pawn would reach c2 and no further.
    assert!(!listed.contains(&"c3".to_string()), "{listed:?}");
    assert!(listed.contains(&"b3".to_string()), "{listed:?}");
    assert!(listed.contains(&"a1".to_string()), "{listed:?}");
    // The same for the mover's own pawn: white may not close its own way either.
    let mut state = at(
        &game,
        &position_text(&["..p..", ".....", ".....", "BB.bb", "..P.."], "white"),
    );
    let listed = moves(&mut state);
    assert!(!listed.contains(&"c2".to_string()), "{listed:?}");
    assert!(listed.contains(&"c1-c2".to_string()), "{listed:?}");
    // Black's pawn behind the wall on rank 4: no block closes its gap, e4.
    let mut state = at(
        &game,
        &position_text(&["..p..", "bbBB.", ".....", ".....", "..P.."], "white"),
    );
    let listed = moves(&mut state);
    // Nor e3 (the way would end at e4) nor e5 (the way to e4).
    for closing in ["e4", "e3", "e5"] {
        assert!(!listed.contains(&closing.to_string()), "{listed:?}");
    }
    assert!(listed.contains(&"a3".to_string()), "{listed:?}");
}

#[test]
fn a_pawn_in_the_gap_does_not_close_the_way() {
    let game = blockade(6);
    // Black's pawn stands in white's one gap, c2: it leaves, so the way is open, and a block
    // on e2 (the only other place that matters) is allowed.
    let mut state = at(
        &game,
        &position_text(&[".....", ".....", ".....", "BBpB.", "..P.."], "black"),
    );
    let listed = moves(&mut state);
    assert!(listed.contains(&"e2".to_string()), "{listed:?}");
    // A block next to it on rank 2's last gap would close it, were the pawn a block.
    let mut state = at(
        &game,
        &position_text(&[".....", ".....", ".....", "BBbB.", "..P.."], "black"),
    );
    let listed = moves(&mut state);
    assert!(!listed.contains(&"e2".to_string()), "{listed:?}");
}

#[test]
fn blockade_counts_its_first_plies_by_hand_and_ends_at_the_far_rank() {
    // From the start: 3 pawn steps and 23 blocks. After a pawn step, black has 3 steps and
    // 23 blocks; after a block, 22 blocks and 3 steps, less one where the block stands on
    // b5, d5 or c4: 3 * 26 + 20 * 25 + 3 * 24 = 650.
    let game = blockade(4);
    let mut state = State::new(game.clone());
    assert_eq!(perft(&mut state, 2), vec![26, 650]);
    // White's pawn reaching rank 5 wins.
    let state = at(
        &game,
        &position_text(&["..P..", ".....", "..p..", ".....", "....."], "black"),
    );
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

/// Blockade on 5 x 5 written from its rules alone: `cells` (rank 1 first; 0 empty, 1 and
/// 2 white's and black's pawns, 3 a block), the blocks in each hand, the mover (0 white).
struct Naive {
    cells: [u8; 25],
    hands: [usize; 2],
}

impl Naive {
    /// Whether the pawn `pawn` (1 or 2) has a way of orthogonal steps to its goal rank
    /// (5 for white, 1 for black) through sites that hold no block.
    fn way(&self, pawn: u8) -> bool {
        let goal = if pawn == 1 { 4 } else { 0 };
        let start = self.cells.iter().position(|&c| c == pawn).expect("a pawn");
        let mut seen = [false; 25];
        let mut todo = vec![start];
        seen[start] = true;
        while let Some(s) = todo.pop() {
            if s / 5 == goal {
                return true;
            }
            for n in neighbours(s) {
                if self.cells[n] != 3 && !seen[n] {
                    seen[n] = true;
                    todo.push(n);
                }
            }
        }
        false
    }

    /// The leaves `depth` plies down, a game ending when a pawn reaches its goal rank.
    fn perft(&mut self, mover: usize, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let pawn = mover as u8 + 1;
        let goal = if mover == 0 { 4 } else { 0 };
        let from = self.cells.iter().position(|&c| c == pawn).expect("a pawn");
        let mut total = 0;
        for to in neighbours(from) {
            if self.cells[to] != 0 {
                continue;
            }
            self.cells.swap(from, to);
            total += match to / 5 == goal || depth == 1 {
                true => 1,
                false => self.perft(1 - mover, depth - 1),
            };
            self.cells.swap(from, to);
        }
        if self.hands[mover] == 0 {
            return total;
        }
        for s in 0..25 {
            if self.cells[s] != 0 {
                continue;
            }
            self.cells[s] = 3;
            if self.way(1) && self.way(2) {
                self.hands[mover] -= 1;
                total += self.perft(1 - mover, depth - 1);
                self.hands[mover] += 1;
            }
            self.cells[s] = 0;
        }
        total
    }
}

/// The sites a step from `s` reaches on 5 x 5.
fn neighbours(s: usize) -> Vec<usize> {
    let (f, r) = (s % 5, s / 5);
    let mut out = Vec::new();
    if f > 0 {
        out.push(s - 1);
    }
    if f < 4 {
        out.push(s + 1);
    }
    if r > 0 {
        out.push(s - 5);
    }
    if r < 4 {
        out.push(s + 5);
    }
    out
}

#[test]
fn blockade_perft_agrees_with_a_reference_written_from_its_rules() {
    // Two blocks a hand, so that hands run out within the depth; then four.
    for (blocks, depth) in [(2, 4), (4, 3)] {
        let mut state = State::new(blockade(blocks));
        let counts = perft(&mut state, depth);
        let mut naive = Naive {
            cells: [0; 25],
            hands: [blocks; 2],
        };
        naive.cells[2] = 1;
        naive.cells[22] = 2;
        let expected: Vec<u64> = (1..=depth).map(|d| naive.perft(0, d)).collect();
        assert_eq!(counts, expected, "{blocks} blocks a hand");
    }
}
