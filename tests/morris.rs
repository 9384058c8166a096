//! Nine Men's Morris and what it needs of the language: a board drawn by its lines
//! (`board grid 7 by 7 with lines ...`), a man that flies (`move fly`), and a move whose
//! second part removes an enemy piece after a mill (`then remove enemy if line 3 sparing
//! line 3`). Hand-built positions for each rule, the moves' text and refusals, undo, and
//! the pick of a playout; the perft counts, OpenSpiel's, are in
//! tests/perft/nine-mens-morris.perft.

use std::sync::Arc;

use crate::common::xorshift::XorShift;
use rulebook::analysis::Rng;
use rulebook::engine::{Move, MoveList, State};
use rulebook::model::board::AXES;
use rulebook::model::{Board, Game, Site, NO_SITE};
use rulebook::{notation, pipeline};

const MORRIS: &str = include_str!("../games/nine-mens-morris.game");

fn load(text: &str) -> Arc<Game> {
    pipeline::load_text("nine-mens-morris.game", text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn morris() -> Arc<Game> {
    load(MORRIS)
}

fn position(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The legal moves of `state` as text, in the engine's order.
fn moves(state: &State) -> Vec<String> {
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    list.iter()
        .map(|&m| notation::move_text(state, m))
        .collect()
}

/// White to move with four men, all placed: a1 and d1 wait for g1 to close their line,
/// b2 and g4 are free. Black's a7, d7 and g7 are a mill; b6 and d6 are not in one.
const MILL_TO_MAKE: &str = "B2B2B/1B1B3/7/6W/7/1W5/W2W3 white hand=white:0 hand=black:0";

#[test]
fn the_lines_join_the_points_they_name_and_nothing_else() {
    let state = position(&morris(), MILL_TO_MAKE);
    // a1 goes up its line to a4 (a2 and a3 are no points); b2 to b4 and d2 along the
    // middle square; d1 to d2 but not on to g1's neighbour; g4 down to g1 and in to f4,
    // and not up to g7, where a black man stands.
    assert_eq!(
        moves(&state),
        [
            "a1-a4",
            "d1-g1",
            "d1-d2",
            "b2-d2",
            "b2-b4",
            "g4-g1/xb6",
            "g4-g1/xd6",
            "g4-f4"
        ]
    );
    let board = &state.game().board;
    let site = |name: &str| board.site_named(name).unwrap();
    // c4 and e4 face each other across the centre, which is no point: no line joins them.
    assert_eq!(board.ray(site("c4"), 1), []);
    assert_eq!(board.ray(site("a4"), 1), [site("b4"), site("c4")]);
    assert_eq!(board.ray(site("a1"), 1), [site("d1"), site("g1")]);
    // The other points of the grid are not the board's.
    assert_eq!(board.site_named("d4"), None);
    assert_eq!(board.site_named("b1"), None);
}

#[test]
fn a_mill_removes_a_man_outside_the_enemy_s_mills() {
    let game = morris();
    let mut state = position(&game, MILL_TO_MAKE);
    notation::play_text(&mut state, "g4-g1/xb6").unwrap();
    assert_eq!(
        notation::position_text(&state),
        "B2B2B/3B3/7/7/7/1W5/W2W2W black hand=white:0 hand=black:0"
    );
    assert_eq!(state.pieces(rulebook::model::Player::SECOND), 4);
}

#[test]
fn when_every_enemy_man_is_in_a_mill_any_may_be_removed() {
    // Black's only men are the mill a7-d7-g7.
    let state = position(
        &morris(),
        "B2B2B/7/7/6W/7/1W5/W2W3 white hand=white:0 hand=black:0",
    );
    let removals: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("g4-g1"))
        .collect();
    assert_eq!(removals, ["g4-g1/xa7", "g4-g1/xd7", "g4-g1/xg7"]);
}

#[test]
fn without_sparing_a_man_in_a_mill_may_be_removed() {
    let game = load(&MORRIS.replace(" sparing line 3", ""));
    let state = position(&game, MILL_TO_MAKE);
    let removals: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("g4-g1"))
        .collect();
    assert_eq!(
        removals,
        [
            "g4-g1/xb6",
            "g4-g1/xd6",
            "g4-g1/xa7",
            "g4-g1/xd7",
            "g4-g1/xg7"
        ]
    );
}

#[test]
fn a_mill_opened_and_closed_again_removes_again() {
    let game = morris();
    // White's mill a1-d1-g1 stands; d1 steps out and back.
    let mut state = position(
        &game,
        "B2B2B/1B1B3/7/7/7/1W5/W2W2W white hand=white:0 hand=black:0",
    );
    notation::play_text(&mut state, "d1-d2").unwrap();
    notation::play_text(&mut state, "b6-b4").unwrap();
    let back: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("d2-d1"))
        .collect();
    assert_eq!(back, ["d2-d1/xb4", "d2-d1/xd6"]);
}

#[test]
fn a_placement_that_makes_a_mill_removes_too() {
    let game = morris();
    let mut state = State::new(Arc::clone(&game));
    for m in ["a1", "b2", "d1", "f2"] {
        notation::play_text(&mut state, m).unwrap();
    }
    let g1: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(g1, ["g1/xb2", "g1/xf2"]);
}

#[test]
fn three_men_fly_while_the_other_side_steps() {
    // Black has three men left (a mill, so no flight can make another): each flies to
    // any of the 17 empty points. White, with four, steps.
    let game = morris();
    let mut state = position(
        &game,
        "B2B2B/7/7/6W/7/1W5/W2W3 black hand=white:0 hand=black:0",
    );
    let flights = moves(&state);
    assert_eq!(flights.len(), 3 * 17);
    assert!(flights.contains(&"a7-g1".to_string()));
    notation::play_text(&mut state, "a7-f4").unwrap();
    // a1-a4, d1-g1, d1-d2, b2-d2, b2-b4, and g4-g1 with any of black's three (the mill
    // a7-d7-g7 is broken), f4 being taken.
    assert_eq!(moves(&state).len(), 8);
}

#[test]
fn a_flight_that_makes_a_mill_removes() {
    // Black's d7 and g7 need a7: the man on c3 flies there.
    let state = position(
        &morris(),
        "3B2B/7/7/6W/2B4/1W5/W2W3 black hand=white:0 hand=black:0",
    );
    let to_a7: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("c3-a7"))
        .collect();
    assert_eq!(to_a7, ["c3-a7/xa1", "c3-a7/xd1", "c3-a7/xb2", "c3-a7/xg4"]);
}

#[test]
fn undo_puts_the_removed_man_back() {
    let game = morris();
    let mut state = position(&game, MILL_TO_MAKE);
    let hash = state.hash();
    notation::play_text(&mut state, "g4-g1/xd6").unwrap();
    state.undo();
    assert_eq!(notation::position_text(&state), MILL_TO_MAKE);
    assert_eq!(state.hash(), hash);
}

#[test]
fn a_removal_missing_wrong_or_not_due_is_refused_in_words() {
    let game = morris();
    let refusal = |text: &str| {
        let mut state = position(&game, MILL_TO_MAKE);
        notation::play_text(&mut state, text)
            .unwrap_err()
            .to_string()
    };
    let missing = refusal("g4-g1");
    assert!(
        missing.contains("makes a line: say which enemy piece it removes after `/`")
            && missing.contains("it may remove: b6 d6"),
        "{missing}"
    );
    let spared = refusal("g4-g1/xa7");
    assert!(
        spared.contains("the piece on a7 is spared: it stands in a line"),
        "{spared}"
    );
    let nothing = refusal("g4-g1/xb2");
    assert!(
        nothing.contains("there is no enemy piece on b2"),
        "{nothing}"
    );
    let not_due = refusal("g4-f4/xb6");
    assert!(
        not_due.contains("`g4-f4` makes no line and removes nothing"),
        "{not_due}"
    );
}

#[test]
fn the_pick_of_a_playout_is_the_listed_move_at_its_index() {
    let game = morris();
    let (mut listed, mut work) = (MoveList::new(), MoveList::new());
    let (mut positions, mut removals) = (0, 0);
    for seed in 0..12 {
        let mut state = State::new(Arc::clone(&game));
        let mut rng = Rng::stream(seed, 0);
        while state.outcome().is_none() && state.ply() < 200 {
            state.legal_moves(&mut listed);
            for k in 0..listed.len() {
                assert_eq!(state.pick_legal_move(&mut work, |_| k), Some(listed[k]));
            }
            positions += 1;
            let m = listed[rng.below(listed.len())];
            removals += notation::move_text(&state, m).contains("/x") as usize;
            state.apply(m);
        }
    }
    assert!(positions > 300 && removals > 20, "{positions} {removals}");
}

#[test]
fn a_line_counts_along_the_board_s_lines() {
    // Three in a line wins, placing only: a1, d1 and g1 are three points apart on the
    // grid, yet one line; b4, c4 and e4 are not, with the centre between c4 and e4.
    let text = MORRIS
        .replace(" then remove enemy if line 3 sparing line 3", "")
        .replace(
            "end called \"two men left\"",
            "end when line(mover) >= 3: mover wins\nend called \"two men left\"",
        );
    assert!(text.contains("line(mover) >= 3"), "the end rule is added");
    let game = load(&text);
    let placed = |position_text: &str, m: &str| {
        let mut state = position(&game, position_text);
        notation::play_text(&mut state, m).unwrap();
        state.outcome()
    };
    let white = rulebook::model::Player::FIRST;
    assert_eq!(
        placed("7/7/7/7/7/1B3B1/W2W3 white", "g1"),
        Some(rulebook::engine::Outcome::Win(white))
    );
    assert_eq!(placed("7/7/7/2W1W2/7/1B3B1/7 white", "b4"), None);
}

#[test]
fn the_removal_is_reported_under_its_line() {
    use rulebook::engine::MoveReport;
    let game = morris();
    let mut state = position(&game, MILL_TO_MAKE);
    let mut report = MoveReport::new();
    let mut list = MoveList::new();
    state.legal_moves(&mut list);
    let text_of = |state: &State, k: usize| notation::move_text(state, list[k]);
    let k = (0..list.len())
        .find(|&k| text_of(&state, k) == "g4-g1/xd6")
        .unwrap();
    state.apply_reported(list[k], &mut report);
    assert_eq!((report.removed, report.taken()), (1, 1));
    assert_eq!(
        rulebook::render::move_effects(&state, &report),
        "takes 1 (line of 3)"
    );
    let d6 = game.board.site_named("d6").unwrap();
    assert!(report.changed.contains(&d6) && report.taken_sites.contains(&d6));
}

#[test]
fn a_jump_that_takes_removes_another_piece_not_the_one_it_jumped() {
    // As in Yoté: a jump over an enemy piece takes it, and the mover then removes another
    // enemy piece of their choice. White's a1 jumps a2 to a3; black's a2 goes with the
    // jump, so the removal is of c3 or e5.
    let text = r#"
game "Jump and remove"
players white, black
board grid 5 by 5
piece man
setup white man on a1
setup black man on a2 + c3 + e5
move jump orthogonal over enemy remove then remove enemy
move step orthogonal
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;
    let game = load(text);
    let mut state = State::new(Arc::clone(&game));
    let jumps: Vec<String> = moves(&state)
        .into_iter()
        .filter(|m| m.starts_with("a1-a3"))
        .collect();
    assert_eq!(jumps, ["a1-a3/xc3", "a1-a3/xe5"]);
    notation::play_text(&mut state, "a1-a3/xe5").unwrap();
    assert_eq!(notation::position_text(&state), "5/5/W1B2/5/5 black");
    // Jumping over without taking leaves the jumped piece to be removed.
    let game = load(&text.replace("over enemy remove then", "over enemy then"));
    let jumps: Vec<String> = moves(&State::new(game))
        .into_iter()
        .filter(|m| m.starts_with("a1-a3"))
        .collect();
    assert_eq!(jumps, ["a1-a3/xa2", "a1-a3/xc3", "a1-a3/xe5"]);
}

/// The most sites for which `counted` holds in a line through `site` (counting itself),
/// walking the board's links along each axis: the reference for the engine's runs of sites
/// as bit masks.
fn line_through(board: &Board, site: Site, counted: impl Fn(Site) -> bool) -> usize {
    let run = |dir: u8| {
        let mut n = 0;
        let mut s = board.step(site, dir);
        while s != NO_SITE && counted(s) {
            n += 1;
            s = board.step(s, dir);
        }
        n
    };
    let axes = AXES
        .iter()
        .map(|&(forward, back)| 1 + run(forward) + run(back));
    axes.max().unwrap_or(1)
}

/// The legal moves of `state` as the engine should list them for a game whose removals
/// all ask `if line if_line sparing line sparing`: each move the engine lists with its
/// removal left out, then with each enemy piece it may remove (in site order) where the
/// piece that moved lands in a line, found by walking the links.
fn removals_by_walking(
    state: &State,
    listed: &[Move],
    (if_line, sparing): (usize, usize),
) -> Vec<(Site, Site, Site)> {
    let board = &state.game().board;
    let mover = state.to_move();
    let enemies: Vec<Site> = Site::all(board.sites())
        .filter(|&s| state.owner(s).is_some_and(|p| p != mover))
        .collect();
    let spared = |s: Site| line_through(board, s, |t| state.owner(t) == state.owner(s)) >= sparing;
    let all_spared = enemies.iter().all(|&s| spared(s));
    let removable: Vec<Site> = (enemies.iter().copied())
        .filter(|&s| all_spared || !spared(s))
        .collect();
    let mut expected = Vec::new();
    let mut last = None;
    for m in listed {
        let (from, to) = (m.from(), m.to());
        if last == Some((from, to)) {
            continue;
        }
        last = Some((from, to));
        let own = |s: Site| s == to || (s != from && state.owner(s) == Some(mover));
        let choices: Vec<Site> = match line_through(board, to, own) >= if_line {
            true => removable.iter().copied().filter(|&s| s != to).collect(),
            false => Vec::new(),
        };
        match choices.is_empty() {
            true => expected.push((from, to, NO_SITE)),
            false => expected.extend(choices.into_iter().map(|s| (from, to, s))),
        }
    }
    expected
}

#[test]
fn the_removals_after_a_line_agree_with_walking_the_links_in_random_games() {
    let grid = |board: &str, n: usize| {
        format!(
            "game \"Lines\"\nplayers white, black\nboard {board}\npiece man\n\
             setup 12 white man in hand\nsetup 12 black man in hand\n\
             move place man then remove enemy if line {n} sparing line 2 when hand(mover) > 0\n\
             move step orthogonal then remove enemy if line {n} sparing line 2 when hand(mover) == 0\n\
             end when no legal move: mover loses\nend when repeated position: draw\n"
        )
    };
    let games = [
        (MORRIS.to_string(), (3, 3)),
        (MORRIS.replace("line 3", "line 2"), (2, 2)),
        (grid("grid 6 by 5", 4), (4, 2)),
        // More than 64 sites: the links are walked.
        (grid("grid 9 by 9", 3), (3, 2)),
    ];
    let mut rng = XorShift(0x5eed_4c1e);
    let mut list = MoveList::new();
    for (text, lines) in games {
        let game = load(&text);
        let mut checked = 0;
        while checked < 400 {
            let mut state = State::new(Arc::clone(&game));
            for _ in 0..120 {
                state.legal_moves(&mut list);
                if list.is_empty() || state.outcome().is_some() {
                    break;
                }
                let moves: Vec<Move> = list.iter().copied().collect();
                let listed: Vec<(Site, Site, Site)> = moves
                    .iter()
                    .map(|m| (m.from(), m.to(), m.removal()))
                    .collect();
                assert_eq!(listed, removals_by_walking(&state, &moves, lines));
                checked += 1;
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
}
