//! Migong (`games/migong.game`, rules MI-1..MI-6 in `docs/games/migong.md`): the board
//! and its edges, hand-built positions for every rule, the scores, and bad move text.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::tiles::{Tiles, SIDES};
use rulebook::model::{Cell, Game, GroupUnit, MoveKind, Player, Site, EMPTY};
use rulebook::notation::{self, MoveError};
use rulebook::pipeline;

const BLUE: Player = Player::FIRST;
const YELLOW: Player = Player::SECOND;

fn game(preset: Option<&str>) -> Arc<Game> {
    pipeline::load("migong", preset, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn kind(game: &Game, pattern: &str) -> usize {
    game.tiles
        .as_ref()
        .and_then(|t| t.kind_named(pattern))
        .unwrap_or_else(|| panic!("{pattern} is not a pattern"))
}

fn site(game: &Game, name: &str) -> Site {
    game.board
        .site_named(name)
        .unwrap_or_else(|| panic!("{name} is not a cell"))
}

/// Cells with the given tiles (`(cell, pattern, owner)`) and nothing else.
fn cells(game: &Game, tiles: &[(&str, &str, Player)]) -> Vec<Cell> {
    let mut cells = vec![EMPTY; game.board.sites()];
    for &(name, pattern, owner) in tiles {
        cells[site(game, name).index()] = game.cell(owner, kind(game, pattern));
    }
    cells
}

/// A hand of the given patterns.
fn hand(game: &Game, patterns: &[&str]) -> u64 {
    patterns.iter().fold(0, |h, p| h | 1 << kind(game, p))
}

fn legal_texts(state: &mut State) -> Vec<String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|m| notation::move_text(state, *m))
        .collect()
}

fn refusal(state: &mut State, text: &str) -> String {
    match notation::parse_move(state, text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected a refusal, got {other:?}"),
    }
}

#[test]
fn mi1_the_board_has_126_cells_and_84_board_edges() {
    let g = game(None);
    let b = &g.board;
    assert_eq!(b.sites(), 126);
    assert_eq!(b.site_named("g7"), None, "the centre is removed");
    for name in ["a1", "g1", "a7", "m7", "g13", "m13", "f7", "h7"] {
        assert!(b.site_named(name).is_some(), "{name}");
    }
    assert_eq!(b.site_named("h1"), None, "the bottom row is a1..g1");
    assert_eq!(b.site_named("a8"), None, "the top-left edge runs a7..g13");
    // Per cell, the number of its sides that are board edges: 84 with none, 30 rim cells
    // with 2, 6 rim corners with 3, 6 cells around the centre with 1.
    let mut by_edges = [0; 7];
    for s in Site::all(b.sites()) {
        by_edges[(0..6).filter(|&d| b.is_edge(s, d)).count()] += 1;
    }
    assert_eq!(by_edges, [84, 6, 30, 6, 0, 0, 0]);
    // Neighbours by axial steps: NE = next file and rank, SE = same file, previous rank.
    let d4 = site(&g, "d4");
    let names: Vec<&str> = (0..6)
        .map(|d| b.site_names[b.step(d4, d).index()].as_str())
        .collect();
    assert_eq!(names, ["e4", "e5", "d5", "c4", "c3", "d3"]);
}

#[test]
fn mi2_edge_colours_follow_the_direction_they_face() {
    let g = game(None);
    let b = &g.board;
    // E, NW, SW blue (player 0); W, NE, SE yellow (player 1), on the rim and round the hole.
    let expected = [BLUE, YELLOW, BLUE, YELLOW, BLUE, YELLOW];
    let mut edges = 0;
    for s in Site::all(b.sites()) {
        for (d, &colour) in expected.iter().enumerate() {
            if b.is_edge(s, d) {
                assert_eq!(
                    b.edge_colour(s, d),
                    Some(colour),
                    "{} side {d}",
                    b.site_names[s.index()]
                );
                edges += 1;
            }
        }
    }
    assert_eq!(edges, 84);
    // The hole's six edges: h7 faces it westwards (yellow), f7 eastwards (blue).
    assert_eq!(b.edge_colour(site(&g, "h7"), 3), Some(YELLOW));
    assert_eq!(b.edge_colour(site(&g, "f7"), 0), Some(BLUE));
    assert_eq!(b.edge_colour(site(&g, "g6"), 2), Some(BLUE));
}

#[test]
fn mi2_an_edge_override_in_the_file_recolours_one_edge() {
    let source = pipeline::read_source("migong").unwrap();
    let text = source
        .text
        .replace("move swap", "edge h7 west blue\nmove swap");
    let g = pipeline::load_text("migong-override.game", &text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    assert_eq!(g.board.edge_colour(site(&g, "h7"), 3), Some(BLUE));
    assert_eq!(g.board.edge_colour(site(&g, "f7"), 0), Some(BLUE));
    let mut state = State::new(g);
    // h7's west wedge may now be blue, and no longer yellow.
    notation::parse_move(&mut state, "h7:BBBBBB").expect("blue against a blue edge");
    assert!(refusal(&mut state, "h7:BBBYBB").contains("board edge"));
}

#[test]
fn mi4_placements_are_refused_for_each_kind_of_mismatch() {
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    // The outer rim: a1's west edge is yellow.
    let r = refusal(&mut state, "a1:BBBBBB");
    assert!(
        r.contains("west wedge is B") && r.contains("board edge"),
        "{r}"
    );
    // The centre hole: h7's west side faces it, and that edge is yellow.
    let r = refusal(&mut state, "h7:BBBBBB");
    assert!(
        r.contains("west wedge is B") && r.contains("board edge"),
        "{r}"
    );
    let r = refusal(&mut state, "f7:YYYYYY");
    assert!(r.contains("not in blue's hand"), "{r}");
    let r = refusal(&mut state, "f7:YBBBBB");
    assert!(
        r.contains("east wedge is Y") && r.contains("board edge"),
        "{r}"
    );
    // A neighbour: d4's east wedge is B, so e4's west wedge must be B.
    notation::play_text(&mut state, "d4:BYYBBY").unwrap();
    let r = refusal(&mut state, "e4:YBYYBB");
    assert!(
        r.contains("west wedge is Y") && r.contains("tile on d4"),
        "{r}"
    );
    notation::parse_move(&mut state, "e4:YBYBBB").expect("a matching wedge is accepted");
    // None of the refused placements is among the legal moves.
    let legal = legal_texts(&mut state);
    assert!(legal.contains(&"e4:YBYBBB".to_string()));
    for bad in ["e4:YBYYBB", "a1:BBBBBB", "h7:BBBBBB", "d4:YYYBYY"] {
        assert!(!legal.contains(&bad.to_string()), "{bad}");
    }
}

#[test]
fn mi3_a_placed_piece_leaves_the_hand_and_undo_returns_it() {
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    let k = kind(&g, "BYYBBY");
    assert_eq!(state.hand(BLUE).count_ones(), 63);
    assert_ne!(state.hand(BLUE) & 1 << k, 0);
    let m = notation::play_text(&mut state, "d4:BYYBBY").unwrap();
    assert_eq!(state.hand(BLUE) & 1 << k, 0);
    assert_eq!(state.hand(BLUE).count_ones(), 62);
    assert_eq!(
        state.hand(YELLOW).count_ones(),
        63,
        "Yellow's set has its own BYYBBY"
    );
    notation::play_text(&mut state, "j10:BYYBBY").unwrap();
    let r = refusal(&mut state, "b5:BYYBBY");
    assert!(r.contains("not in blue's hand"), "{r}");
    assert!(!legal_texts(&mut state)
        .iter()
        .any(|t| t.ends_with(":BYYBBY")));
    state.undo();
    assert_eq!(state.undo(), Some(m));
    assert_eq!(state.hand(BLUE).count_ones(), 63);
    assert!(state == State::new(g));
}

#[test]
fn mi4_pass_only_when_no_placement_exists() {
    let g = game(None);
    // At the start Blue has 6009 placements and may not pass.
    let mut start = State::new(Arc::clone(&g));
    assert!(!legal_texts(&mut start).contains(&"pass".to_string()));
    let r = refusal(&mut start, "pass");
    assert!(r.contains("only when no other move"), "{r}");
    // Blue holds only BBBBBB, and the one empty cell is a1, whose west edge is yellow.
    let mut tiles: Vec<(String, Player)> = Vec::new();
    for s in 0..g.board.sites() {
        let name = g.board.site_names[s].clone();
        if name != "a1" {
            tiles.push((name, YELLOW));
        }
    }
    let filled: Vec<(&str, &str, Player)> = tiles
        .iter()
        .map(|(n, o)| (n.as_str(), "YBYBYB", *o))
        .collect();
    let mut state = State::with_hands(
        Arc::clone(&g),
        cells(&g, &filled),
        vec![hand(&g, &["BBBBBB"]), 0],
        BLUE,
    );
    assert_eq!(legal_texts(&mut state), ["pass"]);
    assert_eq!(state.legal_move_count(&mut MoveList::new()), 1);
    notation::play_text(&mut state, "pass").unwrap();
    assert_eq!(state.to_move(), YELLOW);
    assert_eq!(state.outcome(), None, "one pass does not end the game");
    // With a tile that fits a1 the pass is gone.
    let mut state = State::with_hands(
        Arc::clone(&g),
        cells(&g, &filled),
        vec![hand(&g, &["BBBBBB", "BYBYBY"]), 0],
        BLUE,
    );
    assert_eq!(legal_texts(&mut state), ["a1:BYBYBY"]);
}

#[test]
fn mi5_swap_only_as_yellows_first_move() {
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    assert!(
        !legal_texts(&mut state).contains(&"swap".to_string()),
        "not for Blue"
    );
    assert!(refusal(&mut state, "swap").contains("second player's first turn"));
    notation::play_text(&mut state, "d4:BYYBBY").unwrap();
    let legal = legal_texts(&mut state);
    assert_eq!(legal.iter().filter(|t| *t == "swap").count(), 1);
    assert_eq!(legal.len(), 5758);
    // After the swap Yellow is still to move, the board unchanged, and cannot swap again.
    let before = state.cells().to_vec();
    notation::play_text(&mut state, "swap").unwrap();
    assert_eq!(state.to_move(), YELLOW);
    assert!(state.swapped());
    assert_eq!(state.cells(), &before[..]);
    let legal = legal_texts(&mut state);
    assert!(!legal.contains(&"swap".to_string()));
    assert_eq!(legal.len(), 5757);
    // Placing instead of swapping closes the swap for good.
    state.undo();
    notation::play_text(&mut state, "e4:YBYBBB").unwrap();
    notation::play_text(&mut state, "a2:BYBYBY").unwrap();
    assert!(refusal(&mut state, "swap").contains("second player's first turn"));
    // Every one of Blue's 6009 openings gives Yellow exactly one swap: 6009 at depth 2.
    let mut start = State::new(Arc::clone(&g));
    let mut openings = MoveList::new();
    let mut replies = MoveList::new();
    start.legal_moves(&mut openings);
    let mut swaps = 0;
    for &m in openings.iter() {
        start.apply(m);
        start.legal_moves(&mut replies);
        swaps += replies
            .iter()
            .filter(|r| g.moves[r.rule() as usize].kind == MoveKind::Swap)
            .count();
        start.undo();
    }
    assert_eq!((openings.len(), swaps), (6009, 6009));
}

#[test]
fn mi6_the_game_ends_after_two_passes_in_a_row() {
    let g = game(None);
    // Both hands empty, a few tiles placed: each player must pass.
    let board = cells(&g, &[("d4", "BBBYYY", BLUE), ("j9", "BYBYBY", YELLOW)]);
    let mut state = State::with_hands(Arc::clone(&g), board.clone(), vec![0, 0], BLUE);
    notation::play_text(&mut state, "pass").unwrap();
    assert_eq!(state.outcome(), None);
    assert_eq!(legal_texts(&mut state), ["pass"]);
    notation::play_text(&mut state, "pass").unwrap();
    assert!(
        state.outcome().is_some(),
        "two passes in a row end the game"
    );
    assert!(legal_texts(&mut state).is_empty());
    assert_eq!(
        notation::parse_move(&mut state, "pass"),
        Err(MoveError::GameOver)
    );
    assert_eq!(
        notation::parse_move(&mut state, "a1:BYBYBY"),
        Err(MoveError::GameOver)
    );
    // Undo reopens the game.
    state.undo();
    assert_eq!(state.outcome(), None);
    // A placement between two passes: the passes are not in a row.
    let mut state = State::with_hands(Arc::clone(&g), board, vec![0, hand(&g, &["YYYYBB"])], BLUE);
    notation::play_text(&mut state, "pass").unwrap();
    notation::play_text(&mut state, "a5:YYYYBB").unwrap();
    notation::play_text(&mut state, "pass").unwrap();
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "pass").unwrap();
    assert!(state.outcome().is_some());
}

#[test]
fn mi6_group_sizes_in_wedges_and_in_pieces() {
    let g = game(None);
    // d4 all blue; e4's west wedge is blue and joins d4's east wedge; e4's other wedges are
    // yellow and connected round the tile (SE touches E).
    let state = State::with_hands(
        Arc::clone(&g),
        cells(&g, &[("d4", "BBBBBB", BLUE), ("e4", "YYYBYY", YELLOW)]),
        vec![0, 0],
        BLUE,
    );
    assert_eq!(
        state.group_sizes(GroupUnit::Wedges),
        [(BLUE, 7), (YELLOW, 5)]
    );
    assert_eq!(
        state.group_sizes(GroupUnit::Pieces),
        [(BLUE, 2), (YELLOW, 1)]
    );
    // Alternating wedges make six groups of one; groups belong to the colour, not the placer.
    let state = State::with_hands(
        Arc::clone(&g),
        cells(&g, &[("h5", "BYBYBY", YELLOW)]),
        vec![0, 0],
        BLUE,
    );
    assert_eq!(
        state.group_sizes(GroupUnit::Wedges),
        [
            (BLUE, 1),
            (BLUE, 1),
            (BLUE, 1),
            (YELLOW, 1),
            (YELLOW, 1),
            (YELLOW, 1)
        ]
    );
    // A blue chain across three tiles: 4 + 4 + 1 wedges, 3 pieces.
    let state = State::with_hands(
        Arc::clone(&g),
        cells(
            &g,
            &[
                ("c4", "BBBBYY", BLUE),
                ("d4", "BBBBYY", BLUE),
                ("e4", "YYYBYY", BLUE),
            ],
        ),
        vec![0, 0],
        BLUE,
    );
    let blue: Vec<(Player, u32)> = state
        .group_sizes(GroupUnit::Wedges)
        .into_iter()
        .filter(|g| g.0 == BLUE)
        .collect();
    assert_eq!(blue, [(BLUE, 9)]);
    let blue: Vec<(Player, u32)> = state
        .group_sizes(GroupUnit::Pieces)
        .into_iter()
        .filter(|g| g.0 == BLUE)
        .collect();
    assert_eq!(blue, [(BLUE, 3)]);
}

/// The majority score of `player` counted from the group sizes: the largest size at which
/// the player has more groups than the other.
fn majority_from_sizes(state: &State, unit: GroupUnit, player: Player) -> i64 {
    let sizes = state.group_sizes(unit);
    let count = |p: Player, size: u32| sizes.iter().filter(|g| *g == &(p, size)).count();
    let other = if player == BLUE { YELLOW } else { BLUE };
    sizes
        .iter()
        .map(|g| g.1)
        .filter(|&size| count(player, size) > count(other, size))
        .max()
        .map_or(0, i64::from)
}

/// MI-6: the scores read while the moves of a position are judged one after another (the
/// search's way: each is measured from the grouping of the position before it) are the
/// scores counted anew from every group's size, along random games in both units.
#[test]
fn mi6_the_scores_after_each_move_are_the_scores_counted_anew() {
    for (preset, unit) in [
        (None, GroupUnit::Wedges),
        (Some("extent"), GroupUnit::Pieces),
    ] {
        let g = game(preset);
        for seed in 1..=3 {
            let mut state = State::new(Arc::clone(&g));
            let (played, _) = rulebook::analysis::random_game(&mut state, seed, 1000);
            let mut state = State::new(Arc::clone(&g));
            let mut moves = MoveList::new();
            for &next in &played {
                state.legal_moves(&mut moves);
                let step = (moves.len() / 40).max(1);
                let sample: Vec<_> = moves.iter().copied().step_by(step).collect();
                let read: Vec<[i64; 2]> = sample
                    .iter()
                    .map(|&m| {
                        state.apply(m);
                        let scores = [state.score(BLUE), state.score(YELLOW)];
                        state.undo();
                        scores
                    })
                    .collect();
                for (&m, scores) in sample.iter().zip(&read) {
                    let text = notation::move_text(&state, m);
                    state.apply(m);
                    let counted = [BLUE, YELLOW].map(|p| majority_from_sizes(&state, unit, p));
                    assert_eq!(*scores, counted, "seed {seed}, after {text}");
                    state.undo();
                }
                state.apply(next);
            }
        }
    }
}

/// Isolated tiles: BBBYYY twice (groups 3 and 3 of each colour), BYBYBY (three 1s each).
const EVEN: [(&str, &str, Player); 3] = [
    ("c3", "BBBYYY", BLUE),
    ("h5", "BBBYYY", YELLOW),
    ("k9", "BYBYBY", BLUE),
];

#[test]
fn mi6_majority_score() {
    let g = game(None);
    // Add BBBBBY: blue 5 + yellow 1. Blue: 3,3,1,1,1,5; Yellow: 3,3,1,1,1,1.
    let mut tiles = EVEN.to_vec();
    tiles.push(("e9", "BBBBBY", YELLOW));
    let mut state = State::with_hands(Arc::clone(&g), cells(&g, &tiles), vec![0, 0], BLUE);
    // Blue: the largest size where Blue has more groups is 5 (one against none);
    // Yellow: at size 1 Yellow has four against three.
    assert_eq!((state.score(BLUE), state.score(YELLOW)), (5, 1));
    notation::play_text(&mut state, "pass").unwrap();
    notation::play_text(&mut state, "pass").unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Win(BLUE)));
    // In pieces ("extent"): every group is one piece: Blue has 6 groups of 1 against
    // Yellow's 6: no majority at all, 0-0.
    let ge = game(Some("extent"));
    let state = State::with_hands(Arc::clone(&ge), cells(&ge, &tiles), vec![0, 0], BLUE);
    assert_eq!((state.score(BLUE), state.score(YELLOW)), (0, 0));
    // Joined tiles in pieces: d4 BBBBBB + e4 YYYBYY: blue one group of 2 pieces, yellow one of 1.
    let state = State::with_hands(
        Arc::clone(&ge),
        cells(&ge, &[("d4", "BBBBBB", BLUE), ("e4", "YYYBYY", YELLOW)]),
        vec![0, 0],
        BLUE,
    );
    assert_eq!((state.score(BLUE), state.score(YELLOW)), (2, 1));
}

#[test]
fn mi6_at_0_0_the_last_placer_loses() {
    let g = game(None);
    for (last, winner) in [(BLUE, YELLOW), (YELLOW, BLUE)] {
        // Two of the three even tiles on the board; the last placer puts the third.
        let (cell, pattern, _) = EVEN[2];
        let mut hands = vec![0, 0];
        hands[last.index()] = hand(&g, &[pattern]);
        let mut state = State::with_hands(Arc::clone(&g), cells(&g, &EVEN[..2]), hands, last);
        notation::play_text(&mut state, &format!("{cell}:{pattern}")).unwrap();
        assert_eq!(state.last_placer(), Some(last));
        assert_eq!((state.score(BLUE), state.score(YELLOW)), (0, 0));
        notation::play_text(&mut state, "pass").unwrap();
        notation::play_text(&mut state, "pass").unwrap();
        assert_eq!(
            state.outcome(),
            Some(Outcome::Win(winner)),
            "{last:?} placed last"
        );
    }
}

#[test]
fn malformed_or_illegal_move_text_is_refused_without_a_panic() {
    let g = game(None);
    let mut state = State::new(g);
    for text in [
        "d4:BYYBB",
        "d4:BYYBBX",
        "d4",
        "d4-e4",
        "",
        "4d:BYYBBY",
        "d4:",
        ":BYYBBY",
        "🙂",
        "d4:BYYBBYB",
    ] {
        assert!(
            matches!(
                notation::parse_move(&mut state, text),
                Err(MoveError::Malformed { .. })
            ),
            "{text}: {:?}",
            notation::parse_move(&mut state, text)
        );
    }
    for (text, reason) in [
        ("z9:BYYBBY", "not a cell"),
        ("g7:BYYBBY", "not a cell"),
        ("a13:BYYBBY", "not a cell"),
        ("d4:YYYYYY", "not in blue's hand"),
    ] {
        let r = refusal(&mut state, text);
        assert!(r.contains(reason), "{text}: {r}");
    }
    notation::play_text(&mut state, "d4:BYYBBY").unwrap();
    assert!(refusal(&mut state, "d4:BYYBBY").contains("not empty"));
    assert_eq!(state.ply(), 1);
}

/// A whole seeded random game to its end (MI-6): the moves, the final board, each colour's
/// groups and score, and the outcome. The shorter golden games of `tests/snapshots.rs` stop
/// at 60 plies, before Migong ends.
#[test]
fn golden_game_to_the_end() {
    use std::fmt::Write as _;
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    let (moves, outcome) = rulebook::analysis::random_game(&mut state, 11, 1000);
    let outcome = outcome.expect("a Migong game always ends");
    let mut replay = State::new(Arc::clone(&g));
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        let _ = write!(
            out,
            "{}{}",
            notation::move_text(&replay, *m),
            if i % 8 == 7 { "\n" } else { " " }
        );
        notation::play(&mut replay, *m).unwrap();
    }
    let _ = writeln!(out, "\n\n{}", rulebook::render::board_text(&state));
    for unit in [GroupUnit::Wedges, GroupUnit::Pieces] {
        for p in [BLUE, YELLOW] {
            let sizes: Vec<String> = state
                .group_sizes(unit)
                .into_iter()
                .filter(|g| g.0 == p)
                .map(|g| g.1.to_string())
                .collect();
            let _ = writeln!(
                out,
                "{} groups in {unit:?}: {}",
                g.player_name(p),
                sizes.join(" ")
            );
        }
    }
    let _ = writeln!(
        out,
        "scores (wedges): blue {}, yellow {}; last placer: {:?}",
        state.score(BLUE),
        state.score(YELLOW),
        state.last_placer().map(Player::index)
    );
    let _ = writeln!(
        out,
        "outcome: {}",
        rulebook::render::outcome_text(&g, outcome)
    );
    // The finished position names the scores with the outcome and the rule that ended it.
    let scores = format!(
        "scores: blue {}, yellow {}\ngame over: {} (both players passed in a row)\n",
        state.score(BLUE),
        state.score(YELLOW),
        rulebook::render::outcome_words(&g, outcome)
    );
    assert!(rulebook::render::position_text(&state).ends_with(&scores));
    // The two last moves are the passes that ended the game.
    assert_eq!(
        moves[moves.len() - 2..]
            .iter()
            .map(|m| notation::move_text(&state, *m))
            .collect::<Vec<_>>(),
        ["pass", "pass"]
    );
    insta::assert_snapshot!(out);
}

/// The SVG picture of a position: every cell drawn (an empty cell as one hexagon, a tile
/// as six wedges in its colours), the 84 board edges in their colours.
#[test]
fn svg_picture_of_a_position() {
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    for m in ["d4:BYYBBY", "swap", "e4:YBYBBB", "a1:BYBYBY"] {
        notation::play_text(&mut state, m).unwrap();
    }
    let svg = rulebook::render::position_svg(&state);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<polygon").count(), 123 + 3 * 6);
    assert_eq!(svg.matches("<line").count(), 84);
    // a1's west edge is yellow and its west wedge too; its east wedge is blue.
    assert_eq!(
        svg.matches(r##"stroke="#f4c430" stroke-width="5""##)
            .count(),
        42
    );
    assert_eq!(
        svg.matches(r##"stroke="#2b5cb8" stroke-width="5""##)
            .count(),
        42
    );
    insta::assert_snapshot!(svg);
}

/// Hex boards of any size with any cells removed: a removed cell's sides become board
/// edges of its neighbours, coloured by the `edges` rule like the rim.
#[test]
fn hex_boards_of_other_sizes_with_holes() {
    let text = "game \"T\"\nplayers blue, yellow\nboard hex 3 without b2\n\
                edges east blue, north-east blue, north-west blue, west blue, south-west blue, south-east blue\n\
                edge a1 west yellow\n\
                hand blue: tiles\nhand yellow: tiles\nmove place from hand matching\nmove pass\n\
                score majority(wedges)\nend when both pass: highest score wins\n";
    let g = pipeline::load_text("hex3.game", text, None, &[])
        .unwrap_or_else(|e| panic!("{}", e.render(false)));
    let b = &g.board;
    assert_eq!(b.sites(), 18);
    assert_eq!(b.site_named("b2"), None);
    let edges: usize = Site::all(b.sites())
        .map(|s| (0..6).filter(|&d| b.is_edge(s, d)).count())
        .sum();
    assert_eq!(edges, 30 + 6, "the rim and the six sides round the hole");
    // c3's south-west side faces the hole: it must be blue, like every edge but a1's west.
    let mut state = State::new(Arc::clone(&g));
    let r = refusal(&mut state, "c3:BBBBYB");
    assert!(
        r.contains("south-west wedge is Y") && r.contains("board edge"),
        "{r}"
    );
    notation::parse_move(&mut state, "c3:YYYYBY").expect("only the south-west wedge is fixed");
    // a1 has four board edges (its north-east neighbour is the hole), the west one
    // overridden to yellow: two free wedges, four tiles.
    assert_eq!(
        legal_texts(&mut state)
            .iter()
            .filter(|t| t.starts_with("a1:"))
            .count(),
        4
    );
    notation::parse_move(&mut state, "a1:BBBYBB")
        .expect("west yellow, south-west and south-east blue");
}

/// The random pick (which reads each empty cell's number of placements from a table that
/// `apply` and `undo` keep up to date) finds the move at every index of the listed moves,
/// along random games played forward and partly taken back; and every placement says what
/// it is: a tile from the mover's hand on an empty cell, moved from nowhere.
#[test]
fn a_pick_finds_the_listed_move_at_every_index_after_moves_and_undos() {
    let g = game(None);
    let mut state = State::new(Arc::clone(&g));
    let (mut moves, mut work) = (MoveList::new(), MoveList::new());
    let mut rng = rulebook::analysis::Rng::new(7);
    assert_eq!(std::mem::size_of::<rulebook::engine::Move>(), 16);
    let mut checked = 0;
    for ply in 0..400 {
        if state.outcome().is_some() {
            for _ in 0..40 {
                state.undo();
            }
        }
        state.legal_moves(&mut moves);
        for k in 0..moves.len() {
            let picked = state.pick_legal_move(&mut work, |n| {
                assert_eq!(n, moves.len(), "the number of moves at ply {ply}");
                k
            });
            assert_eq!(picked, Some(moves[k]), "move {k} at ply {ply}");
            let m = moves[k];
            if let MoveKind::Place { .. } = g.moves[m.rule() as usize].kind {
                assert_eq!(
                    (m.from(), m.over()),
                    (rulebook::model::NO_SITE, rulebook::model::NO_SITE)
                );
                assert_ne!(state.hand(state.to_move()) & 1 << m.tile_kind(), 0);
                assert_eq!(state.cell(m.to()), EMPTY);
            }
            checked += 1;
        }
        let m = moves[rng.below(moves.len())];
        state.apply(m);
        if ply % 7 == 3 {
            state.undo();
            state.undo();
        }
    }
    assert!(checked > 100_000, "{checked} moves checked");
}

/// The root of `i` in a union-find of wedges.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// MI-6's score, grouped wedge by wedge: wedges of one colour joined round a tile and
/// across the sides of placed tiles; per group its colour, wedges and tiles.
fn score_wedge_by_wedge(state: &State, player: Player, unit: GroupUnit) -> i64 {
    let game = state.game();
    let neighbours = &game.tiles.as_ref().expect("a tile game").neighbours;
    let colour = |site: usize, side: usize| Tiles::colour(game.kind_of(state.cells()[site]), side);
    let placed: Vec<usize> = (0..state.cells().len())
        .filter(|&s| state.cells()[s] != EMPTY)
        .collect();
    let mut parent: Vec<usize> = (0..state.cells().len() * SIDES).collect();
    for &site in &placed {
        for (side, &nb) in neighbours[site].iter().enumerate() {
            let (next, facing) = ((side + 1) % SIDES, (side + SIDES / 2) % SIDES);
            let mut join = |a: usize, b: usize| {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            };
            if colour(site, side) == colour(site, next) {
                join(site * SIDES + side, site * SIDES + next);
            }
            let placed_nb = nb != rulebook::model::NO_SITE && state.cells()[nb.index()] != EMPTY;
            if placed_nb && colour(site, side) == colour(nb.index(), facing) {
                join(site * SIDES + side, nb.index() * SIDES + facing);
            }
        }
    }
    let mut groups: BTreeMap<usize, (Player, i64, BTreeSet<usize>)> = BTreeMap::new();
    for &site in &placed {
        for side in 0..SIDES {
            let g = groups.entry(root(&mut parent, site * SIDES + side));
            let g = g.or_insert((colour(site, side), 0, BTreeSet::new()));
            g.1 += 1;
            g.2.insert(site);
        }
    }
    let size = |g: &(Player, i64, BTreeSet<usize>)| match unit {
        GroupUnit::Wedges => g.1,
        GroupUnit::Pieces => g.2.len() as i64,
    };
    let count = |p: Player, s: i64| groups.values().filter(|g| g.0 == p && size(g) == s).count();
    let largest = groups.values().map(size).max().unwrap_or(0);
    (1..=largest)
        .rev()
        .find(|&s| count(player, s) > count(player.next(2), s))
        .unwrap_or(0)
}

/// MI-6: the scores the engine reads (grouping runs of wedges) are the scores grouped
/// wedge by wedge, in every position of seeded random games, counted in wedges and in
/// pieces.
#[test]
fn mi6_scores_are_the_scores_grouped_wedge_by_wedge() {
    for (preset, unit) in [
        (None, GroupUnit::Wedges),
        (Some("extent"), GroupUnit::Pieces),
    ] {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut moves = MoveList::new();
        for _ in 0..3 {
            let mut state = State::new(game(preset));
            while state.outcome().is_none() {
                for p in [BLUE, YELLOW] {
                    assert_eq!(state.score(p), score_wedge_by_wedge(&state, p, unit));
                }
                state.legal_moves(&mut moves);
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                state.apply(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}
