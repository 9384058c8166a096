//! A placement's second part that mirrors a region (`then reflect`), that turns or mirrors
//! it (`then rotate or reflect`), and that may be left out (`at will`): every legal move of
//! random positions against the turn or mirror image worked out here from coordinates, the
//! placement alone beside them, the moves' text and its errors, the summary, undo, and the
//! refusals of the checker.

use std::sync::Arc;

use crate::common::xorshift::XorShift;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Player, Site};
use rulebook::{notation, pipeline};

/// Pentago's board and quarters, with `then rotate` replaced by `ways`.
fn quarters(ways: &str) -> Arc<Game> {
    let text = format!(
        "game \"Quarters\"\nplayers white, black\nboard grid 6 by 6\npiece marble\n\
         move place marble then {ways}\n\
         end when line(mover) >= 5: mover wins\nend when no legal move: draw\n"
    );
    pipeline::load_text("quarters.game", &text, None, &[])
        .unwrap_or_else(|e| panic!("{ways}: {}", e.render(false)))
}

const REGIONS: &str = "within(b5, 1), within(e5, 1), within(e2, 1), within(b2, 1)";

/// The marble (`W`, `B`) or `.` on each point, `a1` first, rank by rank.
fn points(state: &State) -> Vec<char> {
    (0..state.game().board.sites())
        .map(|i| match state.owner(Site::at(i)) {
            Some(Player::FIRST) => 'W',
            Some(_) => 'B',
            None => '.',
        })
        .collect()
}

/// The points after quarter `q` (1 north-west, 2 north-east, 3 south-east, 4 south-west)
/// is turned or mirrored as `way` says, worked out from file and rank.
fn transformed(before: &[char], q: usize, way: &str) -> Vec<char> {
    let (f0, r0) = [(0, 3), (3, 3), (3, 0), (0, 0)][q - 1];
    let mut after = before.to_vec();
    for y in 0..3 {
        for x in 0..3 {
            let (tx, ty) = match way {
                "cw" => (y, 2 - x),
                "ccw" => (2 - y, x),
                // East and west exchanged; north and south; the diagonal a1-c3 of the
                // quarter kept; the other diagonal kept.
                "h" => (2 - x, y),
                "v" => (x, 2 - y),
                "d" => (y, x),
                "a" => (2 - y, 2 - x),
                other => panic!("no way {other}"),
            };
            after[(r0 + ty) * 6 + f0 + tx] = before[(r0 + y) * 6 + f0 + x];
        }
    }
    after
}

/// A position `plies` random moves into a game of `game` (`None` if it ended).
fn random_position(game: &Arc<Game>, plies: usize, rng: &mut XorShift) -> Option<State> {
    let mut state = State::new(Arc::clone(game));
    let mut moves = MoveList::new();
    for _ in 0..plies {
        state.legal_moves(&mut moves);
        if state.outcome().is_some() {
            return None;
        }
        state.apply(moves[rng.below(moves.len())]);
    }
    state.outcome().is_none().then_some(state)
}

/// Every legal move of random positions of `game` changes the board as placing the marble
/// and then turning or mirroring its quarter by coordinates does (the placement alone where
/// the move's text has no `/`); each position offers `per_point` moves per empty point,
/// and undoing a move gives the position back. Returns the moves checked.
fn check_against_coordinates(game: &Arc<Game>, per_point: usize, seed: u64) -> usize {
    let mut rng = XorShift(seed);
    let mut moves = MoveList::new();
    let mut checked = 0;
    for _ in 0..30 {
        let plies = rng.below(24);
        let Some(mut state) = random_position(game, plies, &mut rng) else {
            continue;
        };
        let text = notation::position_text(&state);
        let before = points(&state);
        state.legal_moves(&mut moves);
        let empties = before.iter().filter(|&&c| c == '.').count();
        assert_eq!(moves.len(), empties * per_point, "{text}");
        for &m in moves.iter() {
            let written = notation::move_text(&state, m);
            let (site, second) = written.split_once('/').unwrap_or((&written, ""));
            let mut expected = before.clone();
            let s = game.board.site_named(site).expect("a point");
            expected[s.index()] = ['W', 'B'][state.to_move().index()];
            if !second.is_empty() {
                let q: usize = second[..1].parse().expect("a quarter");
                expected = transformed(&expected, q, &second[1..]);
            }
            state.apply(m);
            assert_eq!(points(&state), expected, "{text}: {written}");
            state.undo();
            assert_eq!(notation::position_text(&state), text, "undone {written}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_mirror_image_of_every_quarter_is_the_one_worked_out_from_coordinates() {
    let game = quarters(&format!("reflect {REGIONS}"));
    // Four mirror images of each of the four quarters.
    let checked = check_against_coordinates(&game, 16, 0x5eed_0001);
    assert!(checked > 5000, "{checked} moves checked");
}

#[test]
fn rotate_or_reflect_at_will_offers_the_placement_alone_every_turn_and_every_mirror() {
    let game = quarters(&format!("rotate or reflect {REGIONS} at will"));
    // The placement alone, then per quarter two turns and four mirror images.
    let checked = check_against_coordinates(&game, 1 + 4 * 6, 0x5eed_0002);
    assert!(checked > 8000, "{checked} moves checked");
    // `rotate` alone at will: the placement and eight turns.
    let game = quarters(&format!("rotate {REGIONS} at will"));
    let checked = check_against_coordinates(&game, 9, 0x5eed_0003);
    assert!(checked > 2500, "{checked} moves checked");
}

#[test]
fn moves_are_written_by_quarter_and_way_and_the_placement_alone_by_its_point() {
    let game = quarters(&format!("rotate or reflect {REGIONS} at will"));
    let state = State::new(Arc::clone(&game));
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| notation::move_text(&state, m))
        .collect();
    let first: Vec<&str> = texts.iter().take(8).map(String::as_str).collect();
    assert_eq!(
        first,
        ["a1", "a1/1cw", "a1/1ccw", "a1/1h", "a1/1v", "a1/1d", "a1/1a", "a1/2cw"]
    );
    // In the north-west quarter (a4..c6) a marble on a6 goes to c6 mirrored east to west,
    // to a4 north to south, to c4 in the diagonal a4-c6, and stays on the other, a6-c4.
    for (text, position, lands) in [
        ("a6", "W5/6/6/6/6/6 black", "a6"),
        ("a6/1h", "2W3/6/6/6/6/6 black", "c6"),
        ("a6/1v", "6/6/W5/6/6/6 black", "a4"),
        ("a6/1d", "6/6/2W3/6/6/6 black", "c4"),
        ("a6/1a", "W5/6/6/6/6/6 black", "a6"),
    ] {
        let mut copy = state.clone();
        notation::play_text(&mut copy, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation::position_text(&copy), position, "{text}");
        let (m, _) = copy.last_move().expect("a move");
        assert_eq!(
            game.board.site_names[m.lands_at(&game).index()],
            lands,
            "{text}"
        );
        assert_eq!(notation::move_text(&state, m), text);
    }
}

#[test]
fn a_mirror_left_out_or_not_offered_is_refused_with_the_ways_in_words() {
    let game = quarters(&format!("reflect {REGIONS}"));
    let mut state = State::new(Arc::clone(&game));
    let missing = notation::parse_move(&mut state, "d3").expect_err("no mirror");
    let text = missing.to_string();
    assert!(
        text.contains("like `d3/1h`")
            && text.contains("`h` mirrored east to west")
            && text.contains("`a` in the other diagonal")
            && !text.contains("clockwise"),
        "{text}"
    );
    let wrong = notation::parse_move(&mut state, "d3/1cw").expect_err("no turn offered");
    assert!(
        wrong.to_string().contains("no region turns as `1cw`"),
        "{wrong}"
    );
    assert!(notation::parse_move(&mut state, "d3/3v").is_ok());
    // Where the turns are written, the words are those of turns alone.
    let game = quarters(&format!("rotate {REGIONS}"));
    let mut state = State::new(Arc::clone(&game));
    let text = notation::parse_move(&mut state, "d3")
        .expect_err("no turn")
        .to_string();
    assert!(
        text.contains("(the region's number, `cw` clockwise or `ccw` anticlockwise)"),
        "{text}"
    );
}

#[test]
fn the_summary_says_what_the_second_part_does_and_that_it_may_be_left_out() {
    let summary = |ways: &str| rulebook::render::summary(&quarters(ways));
    let both = summary(&format!("rotate or reflect {REGIONS} at will"));
    assert!(
        both.contains("then turns one of 4 square regions a quarter turn either way or mirrors it in one of its axes (`/1cw` .. `/4a`), or not (the placement alone)"),
        "{both}"
    );
    let mirror = summary("reflect within(b5, 1)");
    assert!(
        mirror.contains("then mirrors a square region in one of its axes (`/1h` .. `/1a`)")
            && !mirror.contains("or not"),
        "{mirror}"
    );
}

#[test]
fn reflect_is_refused_where_rotate_is_in_words_that_say_reflect() {
    let refused = |rule: &str| {
        let text = format!(
            "game \"Refused\"\nplayers white, black\nboard grid 6 by 6\npiece marble\n{rule}\n\
             end when no legal move: draw\n"
        );
        pipeline::load_text("refused.game", &text, None, &[])
            .expect_err("refused")
            .render(false)
    };
    let after_a_slide = refused("move slide orthogonal then reflect within(b5, 1)");
    assert!(
        after_a_slide.contains("E0440")
            && after_a_slide.contains("only a placement may reflect a region after it"),
        "{after_a_slide}"
    );
    let capturing = refused("move place marble capturing then reflect within(b5, 1)");
    assert!(
        capturing.contains("E0440")
            && capturing.contains("which moving the region's pieces may carry away")
            && capturing.contains("leave them out of a rule with `then reflect`"),
        "{capturing}"
    );
    let oblong = refused("move place marble then rotate or reflect rank(1)");
    assert!(
        oblong.contains("E0441")
            && oblong.contains("a region rotated or reflected must be a square block"),
        "{oblong}"
    );
}
