//! Hand-built positions for every rule of Mangala (MG-1 .. MG-5).
//!
//! Sites: South's pits 1..6 are sites 0..5, South's store 6, North's pits 1..6 sites 7..12
//! (each player numbers their pits from their own left), North's store 13.

use std::sync::Arc;

use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player, Site};
use rulebook::notation::{self, MoveError};
use rulebook::pipeline;

use crate::common::mangala_reference;

const SOUTH: Player = Player::FIRST;
const NORTH: Player = Player::SECOND;

fn game(castle: bool) -> Arc<Game> {
    let preset = castle.then_some("castle");
    pipeline::load("mangala", preset, &[]).expect("the bundled game loads")
}

/// A position: each row in its owner's numbering (pit 1 first), the stores, marks
/// (site, player), and the player to move.
fn position(
    game: &Arc<Game>,
    south: [u16; 6],
    south_store: u16,
    north: [u16; 6],
    north_store: u16,
    marks: &[(u16, Player)],
    to_move: Player,
) -> State {
    let mut counts: Vec<u16> = south.to_vec();
    counts.push(south_store);
    counts.extend(north);
    counts.push(north_store);
    let mut mark = vec![0u8; 14];
    for &(site, player) in marks {
        mark[site as usize] = player.code();
    }
    State::with_stones(Arc::clone(game), counts, mark, to_move)
}

/// (south row, south store, north row, north store).
fn rows(s: &State) -> ([u16; 6], u16, [u16; 6], u16) {
    let c: Vec<u16> = Site::all(14).map(|site| s.count(site)).collect();
    (
        c[0..6].try_into().unwrap(),
        c[6],
        c[7..13].try_into().unwrap(),
        c[13],
    )
}

fn total(s: &State) -> u32 {
    Site::all(14).map(|site| s.count(site) as u32).sum()
}

#[test]
fn mg1_the_start_has_four_stones_in_every_pit_and_six_moves() {
    let s = State::new(game(false));
    assert_eq!(rows(&s), ([4; 6], 0, [4; 6], 0));
    assert_eq!(s.to_move(), SOUTH);
    let mut moves = rulebook::engine::MoveList::new();
    s.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|m| notation::move_text(&s, *m)).collect();
    assert_eq!(texts, ["1", "2", "3", "4", "5", "6"]);
}

#[test]
fn mg2_the_first_stone_goes_back_into_the_origin() {
    let mut s = State::new(game(false));
    notation::play_text(&mut s, "1").unwrap();
    assert_eq!(rows(&s), ([1, 5, 5, 5, 4, 4], 0, [4; 6], 0));
    assert_eq!(s.to_move(), NORTH);
}

#[test]
fn mg2_a_single_stone_moves_on() {
    let g = game(false);
    let mut s = position(&g, [0, 1, 0, 0, 0, 2], 0, [4; 6], 0, &[], SOUTH);
    notation::play_text(&mut s, "2").unwrap();
    // Pit 3 was empty and its opposite (North's pit 4) holds 4: an empty-pit capture.
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 2], 5, [4, 4, 4, 0, 4, 4], 0));
}

#[test]
fn mg2_sowing_passes_the_own_store_and_skips_the_opponents() {
    let g = game(false);
    let mut s = position(&g, [1, 1, 0, 0, 0, 10], 0, [1; 6], 0, &[], SOUTH);
    notation::play_text(&mut s, "6").unwrap();
    // 1 back into pit 6, 1 into South's store, 6 into North's pits, North's store skipped,
    // then South's pits 1 and 2 (pit 2 was not empty: no capture).
    assert_eq!(rows(&s), ([2, 2, 0, 0, 0, 1], 1, [2; 6], 0));
    assert_eq!(total(&s), 18);
}

#[test]
fn mg3_the_last_stone_in_the_own_store_gives_another_move() {
    let mut s = State::new(game(false));
    notation::play_text(&mut s, "4").unwrap();
    assert_eq!(rows(&s), ([4, 4, 4, 1, 5, 5], 1, [4; 6], 0));
    assert_eq!(s.to_move(), SOUTH, "South moves again");
    notation::play_text(&mut s, "1").unwrap();
    assert_eq!(s.to_move(), NORTH);
}

#[test]
fn mg3_making_an_opponents_pit_even_captures_it() {
    let g = game(false);
    let mut s = position(&g, [0, 0, 0, 0, 0, 3], 0, [1, 1, 1, 1, 1, 1], 0, &[], SOUTH);
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 3, [0, 1, 1, 1, 1, 1], 0));
    assert_eq!(s.to_move(), NORTH, "a capture ends the move");
    // An odd count captures nothing.
    let mut s = position(&g, [0, 0, 0, 0, 0, 3], 0, [2, 1, 1, 1, 1, 1], 0, &[], SOUTH);
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 1, [3, 1, 1, 1, 1, 1], 0));
}

#[test]
fn mg3_the_last_stone_in_an_own_empty_pit_takes_the_opposite_pit() {
    let g = game(false);
    // South's pit 2 faces North's pit 5.
    let mut s = position(&g, [1, 0, 0, 0, 0, 1], 0, [1, 1, 1, 1, 3, 1], 0, &[], SOUTH);
    notation::play_text(&mut s, "1").unwrap();
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 4, [1, 1, 1, 1, 0, 1], 0));
    // With the opposite pit empty nothing is captured and the stone stays.
    let mut s = position(&g, [1, 0, 0, 0, 0, 1], 0, [1, 1, 1, 1, 0, 1], 0, &[], SOUTH);
    notation::play_text(&mut s, "1").unwrap();
    assert_eq!(rows(&s), ([0, 1, 0, 0, 0, 1], 0, [1, 1, 1, 1, 0, 1], 0));
    assert_eq!(s.to_move(), NORTH);
}

#[test]
fn mg4_an_empty_row_ends_the_game_and_the_rest_goes_to_its_player() {
    let g = game(false);
    // South's last stone goes into South's store, which would be another move, but South's
    // row is now empty: the game ends at once and North's stones go to South.
    let mut s = position(
        &g,
        [0, 0, 0, 0, 0, 1],
        20,
        [2, 2, 2, 2, 2, 2],
        15,
        &[],
        SOUTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0; 6], 33, [0; 6], 15));
    assert_eq!(s.outcome(), Some(Outcome::Win(SOUTH)));
    assert_eq!(notation::play_text(&mut s, "1"), Err(MoveError::GameOver));
    assert!(s
        .pick_legal_move(&mut rulebook::engine::MoveList::new(), |_| 0)
        .is_none());
}

#[test]
fn mg4_emptying_the_opponents_row_gives_them_the_rest() {
    let g = game(false);
    // South captures North's last stones (even capture); North's row is empty, so the
    // 3 + 1 stones left in South's row go to North.
    let mut s = position(
        &g,
        [3, 0, 0, 0, 0, 3],
        10,
        [1, 0, 0, 0, 0, 0],
        30,
        &[],
        SOUTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0; 6], 13, [0; 6], 34));
    assert_eq!(s.outcome(), Some(Outcome::Win(NORTH)));
}

#[test]
fn mg4_twenty_four_each_is_a_draw() {
    let g = game(false);
    let mut s = position(&g, [0, 0, 0, 0, 0, 1], 23, [0; 6], 24, &[], SOUTH);
    // (North's row is already empty, but the game ends only after a move.)
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0; 6], 24, [0; 6], 24));
    assert_eq!(s.outcome(), Some(Outcome::Draw));
}

#[test]
fn mg5_making_three_in_an_opponents_pit_makes_a_castle() {
    let g = game(true);
    let mut s = position(&g, [0, 0, 0, 0, 0, 2], 0, [2, 1, 1, 1, 1, 1], 0, &[], SOUTH);
    notation::play_text(&mut s, "6").unwrap();
    // No store sowing: 1 back into pit 6, 1 into North's pit 1 (now 3): a castle.
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 3, [0, 1, 1, 1, 1, 1], 0));
    assert_eq!(s.mark(Site::at(7)), Some(SOUTH));
}

#[test]
fn mg5_the_opponents_pit_6_never_becomes_a_castle() {
    let g = game(true);
    let mut s = position(&g, [0, 0, 0, 0, 0, 7], 0, [1, 1, 1, 1, 1, 2], 0, &[], SOUTH);
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 0, [2, 2, 2, 2, 2, 3], 0));
    assert_eq!(s.mark(Site::at(12)), None);
}

#[test]
fn mg5_a_player_makes_one_castle_only() {
    let g = game(true);
    // South already holds a castle on North's pit 3 (site 9).
    let mut s = position(
        &g,
        [0, 0, 0, 0, 0, 2],
        5,
        [2, 1, 0, 1, 1, 1],
        0,
        &[(9, SOUTH)],
        SOUTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0, 0, 0, 0, 0, 1], 5, [3, 1, 0, 1, 1, 1], 0));
    assert_eq!(s.mark(Site::at(7)), None);
}

#[test]
fn mg5_stones_sown_into_a_castle_go_to_its_owner() {
    let g = game(true);
    // North holds a castle on South's pit 2 (site 1). North sows 3 from pit 6: 1 back, 1
    // into South's pit 1, and the last into the castle, which sends it to North's store.
    let mut s = position(
        &g,
        [1, 0, 1, 1, 1, 1],
        0,
        [1, 1, 1, 1, 1, 3],
        0,
        &[(1, NORTH)],
        NORTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([2, 0, 1, 1, 1, 1], 0, [1, 1, 1, 1, 1, 1], 1));
    assert_eq!(s.to_move(), SOUTH, "no extra turn in the castle variant");
}

#[test]
fn mg5_no_stone_is_sown_into_a_store() {
    let mut s = State::new(game(true));
    notation::play_text(&mut s, "4").unwrap();
    // 4 stones from pit 4: 1 back, pits 5 and 6, then North's pit 1 (South's store skipped).
    assert_eq!(rows(&s), ([4, 4, 4, 1, 5, 5], 0, [5, 4, 4, 4, 4, 4], 0));
    assert_eq!(s.to_move(), NORTH);
}

#[test]
fn move_text_is_a_pit_number_and_errors_say_why() {
    let g = game(false);
    let mut s = position(&g, [0, 3, 0, 0, 0, 0], 0, [4; 6], 0, &[], SOUTH);
    let err = |s: &mut State, t: &str| notation::play_text(s, t).unwrap_err().to_string();
    assert!(err(&mut s, "x").contains("a pit number from 1 to 6"));
    assert!(err(&mut s, "7").contains("there is no pit 7"));
    assert!(err(&mut s, "1").contains("pit 1 is empty"));
    assert_eq!(s.ply(), 0);
    notation::play_text(&mut s, "2").unwrap();
    assert_eq!(s.to_move(), NORTH);
}

/// Seeded random games played in the engine and in an independent reference
/// implementation at once: at every ply the same legal moves, side to move, pits and
/// stores, and at the end the same result.
#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = rulebook::analysis::Rng::new(2026);
    let mut moves = rulebook::engine::MoveList::new();
    let mut plies = 0;
    let mut finished = 0;
    for castle in [false, true] {
        let g = game(castle);
        for _ in 0..300 {
            let mut engine = State::new(Arc::clone(&g));
            let mut reference = mangala_reference::Game::new(castle);
            loop {
                engine.legal_moves(&mut moves);
                let texts: Vec<String> = moves
                    .iter()
                    .map(|m| notation::move_text(&engine, *m))
                    .collect();
                assert_eq!(
                    texts,
                    reference.moves(),
                    "castle={castle} at ply {}",
                    engine.ply()
                );
                let (south, south_store, north, north_store) = rows(&engine);
                let pits = reference.pits();
                let as_u16 = |row: [u32; 6]| row.map(|c| c as u16);
                assert_eq!(
                    (south, north),
                    (as_u16(pits[0]), as_u16(pits[1])),
                    "castle={castle}"
                );
                let stores = reference.stores();
                assert_eq!(
                    (south_store as u32, north_store as u32),
                    (stores[0], stores[1])
                );
                if moves.is_empty() {
                    let expected = match reference.winner() {
                        Some(Some(p)) => Some(Outcome::Win(Player::new(p).unwrap())),
                        Some(None) => Some(Outcome::Draw),
                        None => None,
                    };
                    assert_eq!(engine.outcome(), expected, "castle={castle}: the result");
                    finished += 1;
                    break;
                }
                assert_eq!(engine.to_move().index(), reference.to_move());
                let text = moves[rng.below(moves.len())];
                let text = notation::move_text(&engine, text);
                notation::play_text(&mut engine, &text).unwrap();
                reference = reference.play(&text);
                plies += 1;
            }
        }
    }
    assert_eq!(finished, 600, "every game ends");
    assert!(plies > 10_000, "only {plies} plies compared");
}

#[test]
fn another_sowing_game_gives_each_row_to_its_owner_at_the_end() {
    // The docs' Kalah (tests/fixtures/valid/kalah.game) ends with `remaining to owners`.
    let kalah = pipeline::load("tests/fixtures/valid/kalah.game", None, &[]).expect("Kalah loads");
    // South's last stone goes into South's store and empties South's row: the game ends
    // and North keeps the stones of North's row.
    let mut s = position(
        &kalah,
        [0, 0, 0, 0, 0, 1],
        20,
        [2, 2, 2, 2, 2, 2],
        15,
        &[],
        SOUTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([0; 6], 21, [0; 6], 27));
    assert_eq!(s.outcome(), Some(Outcome::Win(NORTH)));
}

#[test]
fn skip_origin_passes_over_the_pit_sown_from_on_later_laps() {
    let text = |skip: &str| {
        format!(
            r#"
            game "Laps"
            players south, north
            board mancala 6 pits with stores
            setup 4 stones in every pit
            move sow counterclockwise with first stone into origin, skip opponent store{skip}
            end when empty row: remaining to owners, most in store wins
            "#
        )
    };
    // 14 stones from pit 1: one back into it, then pits 2..6, the store, North's six pits
    // (12 stones), North's store skipped, and the last one comes round.
    for (skip, expected_row) in [
        (", skip origin", [1, 2, 1, 1, 1, 1]),
        ("", [2, 1, 1, 1, 1, 1]),
    ] {
        let g = pipeline::load_text("laps.game", &text(skip), None, &[]).expect("loads");
        let mut s = position(&g, [14, 0, 0, 0, 0, 0], 0, [0; 6], 0, &[], SOUTH);
        notation::play_text(&mut s, "1").unwrap();
        assert_eq!(rows(&s), (expected_row, 1, [1; 6], 0), "with `{skip}`");
    }
}

/// The compiler splits each rule after sowing into what the mover and the last site decide
/// (tabulated as candidate bits) and what the stones decide (left to evaluate).
#[test]
fn after_sow_plan_tabulates_what_the_mover_and_last_site_decide() {
    use rulebook::model::SowCheck;
    let g = game(false);
    let plan = &g.after_sowing.plan;
    let sites = g.board.sites();
    let candidates =
        |mover: usize, last: usize| plan.candidates[(mover * sites + last) * plan.words];
    // Rules (castle off): 0 `again` in the own store, 1 even capture, 2 empty-pit capture.
    assert_eq!(plan.checks.len(), 3);
    assert_eq!(
        candidates(0, 6),
        0b001,
        "South's last stone in South's store"
    );
    assert_eq!(
        candidates(1, 13),
        0b001,
        "North's last stone in North's store"
    );
    assert_eq!(
        candidates(0, 13),
        0,
        "a stone in the opponent's store starts no rule"
    );
    assert_eq!(candidates(0, 9), 0b010, "South's last stone in a North pit");
    assert_eq!(candidates(0, 2), 0b100, "South's last stone in a South pit");
    // `again` needs nothing more; the captures still look at the stones, each part as a
    // table over (mover, last site, stones on the site it reads).
    assert!(plan.checks[0].is_empty());
    assert_eq!(plan.checks[1].len(), 1, "{:?}", plan.checks[1]);
    assert_eq!(plan.checks[2].len(), 2, "{:?}", plan.checks[2]);
    let stones = |check: &SowCheck, mover: usize, last: usize| -> (usize, Vec<bool>) {
        let SowCheck::Stones { site, holds, .. } = check else {
            panic!("{check:?}")
        };
        let entry = mover * sites + last;
        let site = plan.tables[*site as usize][entry] as usize;
        (site, holds[entry * plan.stones..][..6].to_vec())
    };
    // Even capture, South's last stone in North's pit 3 (site 9): count(last) % 2 == 0.
    let (site, holds) = stones(&plan.checks[1][0], 0, 9);
    assert_eq!(site, 9);
    assert_eq!(holds, [true, false, true, false, true, false]);
    // Empty-pit capture, South's last stone in South's pit 3 (site 2): count(last) == 1,
    // then count(opposite(last)) > 0, which reads North's pit 4 (site 10).
    let (site, holds) = stones(&plan.checks[2][0], 0, 2);
    assert_eq!(site, 2);
    assert_eq!(holds, [false, true, false, false, false, false]);
    let (site, holds) = stones(&plan.checks[2][1], 0, 2);
    assert_eq!(site, 10, "South's pit 3 faces North's pit 4");
    assert_eq!(holds, [false, true, true, true, true, true]);
}

/// A hand-built position may hold more stones on a site than the game has in play, beyond
/// the compiler's tables: the rules after sowing still apply (by evaluating the condition).
#[test]
fn rules_after_sowing_hold_beyond_the_tabulated_stones() {
    let g = game(false);
    // 64 stones in all: South's pit 6 sows into pit 6, the store, then North's pit 1,
    // which goes from 59 to 60 stones (even): captured.
    let mut s = position(
        &g,
        [1, 0, 0, 0, 0, 3],
        0,
        [59, 1, 0, 0, 0, 0],
        0,
        &[],
        SOUTH,
    );
    notation::play_text(&mut s, "6").unwrap();
    assert_eq!(rows(&s), ([1, 0, 0, 0, 0, 1], 61, [0, 1, 0, 0, 0, 0], 0));
    assert_eq!(s.to_move(), NORTH);
    assert_eq!(total(&s), 64);
}
