//! End rules whose condition is an expression on the position (`end when CONDITION:
//! RESULT`), checked after every move with the player who moved as the mover; and the draw
//! when the player to move cannot move and no end rule decides.

use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::{notation, pipeline, render};

use crate::common::xorshift::XorShift;

/// Stones that step and jump orthogonally, removing what they jump; `ends` are the end
/// statements.
fn game(ends: &str) -> Arc<Game> {
    let text = format!(
        "game \"Ends\"\nplayers black, white\nboard grid 4 by 4\npiece stone\n\
         setup black stone on a1\nsetup white stone on d4\nmove step orthogonal\n\
         move jump orthogonal over enemy remove\n{ends}\n"
    );
    match pipeline::load_text("ends.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// A position from a diagram (top rank first), black to move.
fn position(game: &Arc<Game>, diagram: &str) -> State {
    let cells = render::parse_diagram(game, diagram).expect("a valid diagram");
    State::with_cells(Arc::clone(game), cells, Player::FIRST)
}

/// White on a2 and d4; black on a1 can jump a2 (landing on a3) or step to b1.
const TWO_WHITE: &str = ". . . W
                         . . . .
                         W . . .
                         B . . .";

#[test]
fn the_condition_ends_the_game_after_the_move_that_makes_it_true() {
    let game =
        game("end when pieces(opponent) < 2: mover wins\nend when no legal move: mover loses");
    let mut state = position(&game, TWO_WHITE);
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "a1-b1").expect("a step");
    assert_eq!(
        state.outcome(),
        None,
        "a step captures nothing: the game goes on"
    );
    state.undo();
    notation::play_text(&mut state, "a1-a3").expect("the jump over a2");
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win(Player::FIRST)),
        "black, who moved, wins"
    );
    let mut moves = rulebook::engine::MoveList::new();
    state.legal_moves(&mut moves);
    assert!(moves.is_empty(), "a finished game has no moves");
    state.undo();
    assert_eq!(state.outcome(), None, "undo takes the end back");
}

#[test]
fn mover_in_the_result_is_the_player_who_moved() {
    let game =
        game("end when pieces(opponent) < 2: mover loses\nend when no legal move: mover loses");
    let mut state = position(&game, TWO_WHITE);
    notation::play_text(&mut state, "a1-a3").expect("the jump over a2");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
    let game = self::game("end when pieces(mover) == 1 and pieces(opponent) == 1: draw");
    let mut state = position(&game, TWO_WHITE);
    notation::play_text(&mut state, "a1-a3").expect("the jump over a2");
    assert_eq!(state.outcome(), Some(Outcome::Draw));
}

/// `opponent wins` is the other player than the condition's `mover` winning, as
/// `opponent` is in the condition: after a move, the player who did not move; when the
/// player to move cannot, the other one. It is `mover loses`, as `show` prints it.
#[test]
fn opponent_in_the_result_is_the_other_player_than_the_mover() {
    let game =
        game("end when pieces(opponent) < 2: opponent wins\nend when no legal move: opponent wins");
    let mut state = position(&game, TWO_WHITE);
    notation::play_text(&mut state, "a1-a3").expect("the jump over a2");
    assert_eq!(
        state.outcome(),
        Some(Outcome::Win(Player::SECOND)),
        "black moved, so white, black's opponent, wins"
    );
    // White's two pieces on a4 and c4, every step blocked and every jump landing on a
    // piece: white, to move, cannot, and black, white's opponent, wins.
    let stuck = notation::parse_position(&game, "WBWB/B1B1/B1B1/4 white").expect("reads");
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Player::FIRST)));
    let summary = render::summary(&game);
    assert!(!summary.contains("opponent wins"), "{summary}");
    assert!(summary.contains("mover loses"), "{summary}");
    // A player named `opponent` is that player, as in expressions.
    let text = "game \"T\"\nplayers opponent, friend\nboard grid 4 by 4\npiece stone\n\
                setup opponent stone on a1\nsetup friend stone on d4\nmove step orthogonal\n\
                end when no legal move: opponent wins\n";
    let named = pipeline::load_text("named.game", text, None, &[]).expect("the game loads");
    assert!(render::summary(&named).contains("opponent wins"));
}

#[test]
fn a_player_who_cannot_move_with_no_rule_for_it_draws() {
    // Black on a1 is hemmed in: a2 and b1 are white, and so are the landings a3 and c1.
    let game = game("end when pieces(opponent) == 0: mover wins");
    let state = position(
        &game,
        ". . . .
         W . . .
         W . . .
         B W W .",
    );
    assert_eq!(state.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_position_read_as_text_is_judged_as_after_the_move_that_led_to_it() {
    let game =
        game("end when pieces(opponent) < 2: mover wins\nend when no legal move: mover loses");
    // White to move with one white stone: black, who moved last, has won.
    let over = rulebook::notation::parse_position(&game, "3W/4/4/B3 white").expect("reads");
    assert_eq!(over.outcome(), Some(Outcome::Win(Player::FIRST)));
    let going = rulebook::notation::parse_position(&game, "3W/4/W3/BB2 black").expect("reads");
    assert_eq!(going.outcome(), None);
}

/// How a game ended names a region as the rule file does, not by its sites.
#[test]
fn the_reason_for_the_end_names_regions_as_written() {
    let game = pipeline::load_text("race.game", RACE, None, &[]).expect("the race loads");
    let mut state =
        rulebook::notation::parse_position(&game, "1WWW/B3/4/1BBB black").expect("reads");
    notation::play_text(&mut state, "a3-a4").expect("the step to the far rank");
    assert_eq!(
        render::end_reason(&state),
        "after black moved, pieces(mover, rank(4)) > 0 and mover == black"
    );
}

/// An end rule's short name (`end called "NAME" when ...`) is the reason given for the end,
/// for a condition on the position and for a fixed condition alike, and `show` lists it;
/// a rule without a name keeps its own words.
#[test]
fn an_end_rule_s_name_is_the_reason_given_for_the_end() {
    let game = game(
        "end called \"one left\" when pieces(opponent) < 2: mover wins\n\
         end called \"stuck\" when no legal move: mover loses",
    );
    let over = notation::parse_position(&game, "3W/4/4/B3 white").expect("reads");
    assert_eq!(over.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(render::end_reason(&over), "one left");
    // White's two pieces on a4 and c4, every step blocked and every jump landing on a
    // piece: white cannot move.
    let stuck = notation::parse_position(&game, "WBWB/B1B1/B1B1/4 white").expect("reads");
    assert_eq!(stuck.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(render::end_reason(&stuck), "stuck");
    let summary = render::summary(&game);
    assert!(
        summary.contains("mover wins called \"one left\""),
        "{summary}"
    );
    assert!(
        summary.contains("mover loses called \"stuck\""),
        "{summary}"
    );
    let plain = self::game("end when pieces(opponent) < 2: mover wins");
    let over = notation::parse_position(&plain, "3W/4/4/B3 white").expect("reads");
    assert_eq!(
        render::end_reason(&over),
        "after black moved, pieces(opponent) < 2"
    );
}

/// How a game ended reads right whatever the players are called: no verb agrees with a
/// name (`tigers won`, `no legal move for goats`, `after tigers moved`), on the game-over
/// line and in the reason.
#[test]
fn how_a_game_ended_reads_right_for_plural_names() {
    let text = "game \"Plural\"\nplayers tigers, goats\nboard grid 4 by 4\npiece stone\n\
                setup tigers stone on a1\nsetup goats stone on d4\nmove step orthogonal\n\
                move jump orthogonal over enemy remove\n\
                end when pieces(opponent) == 0: mover wins\nend when no legal move: mover loses\n";
    let game = pipeline::load_text("plural.game", text, None, &[]).expect("the game loads");
    // The goats on a4 and c4, every step blocked and every jump landing on a piece.
    let stuck = notation::parse_position(&game, "GTGT/T1T1/T1T1/4 goats").expect("reads");
    let shown = render::position_text(&stuck);
    assert!(
        shown.contains("game over: tigers won (no legal move for goats)\n"),
        "{shown}"
    );
    let mut taken = notation::parse_position(&game, "4/4/G3/T3 tigers").expect("reads");
    notation::play_text(&mut taken, "a1-a3").expect("the jump over a2");
    let outcome = taken.outcome().expect("the goats are all taken");
    assert_eq!(
        render::ending_text(&taken, outcome).lines().next(),
        Some("tigers won (after tigers moved, pieces(opponent) == 0)")
    );
    for words in [shown, render::ending_text(&taken, outcome)] {
        assert!(
            !words.contains(" wins") && !words.contains(" has "),
            "{words}"
        );
    }
}

/// In a game of one player, a position read as text is judged as after that player's
/// own move: the mover of the end conditions is the one player.
#[test]
fn a_position_of_a_game_of_one_player_is_judged_after_the_player_s_move() {
    let text = "game \"Solo\"\nplayers solver\nboard grid 3 by 3\npiece peg\n\
                setup solver peg on a1 + b1\nmove jump orthogonal over friend remove\n\
                end when pieces(mover) == 1: mover wins\nend when no legal move: mover loses\n";
    let game = pipeline::load_text("solo.game", text, None, &[]).expect("the game loads");
    let state = rulebook::notation::parse_position(&game, "3/3/S2 solver").expect("reads");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(
        render::end_reason(&state),
        "after solver moved, pieces(mover) == 1"
    );
}

/// A race to the far rank: each side steps forward; reaching the far rank wins at once
/// (`pieces(PLAYER, REGION)` counts a player's pieces on a region's sites).
const RACE: &str = r#"
game "Race"
players black, white
board grid 4 by 4
piece stone
setup black stone on rank(1)
setup white stone on rank(4)
move step north when mover == black
move step south when mover == white
end when pieces(mover, rank(4)) > 0 and mover == black: mover wins
end when pieces(mover, rank(1)) > 0 and mover == white: mover wins
end when no legal move: mover loses
"#;

#[test]
fn reaching_a_region_ends_the_game() {
    let game = pipeline::load_text("race.game", RACE, None, &[]).expect("the race loads");
    // Counted by hand: 4 first moves each; black then has 3 moves where white came down
    // the same file (blocked), else 4: 12 * 4 + 4 * 3 = 60.
    let counts = rulebook::analysis::perft(&mut State::new(Arc::clone(&game)), 3);
    assert_eq!(counts, [4, 16, 60]);
    let mut state =
        rulebook::notation::parse_position(&game, "1WWW/B3/4/1BBB black").expect("reads");
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "a3-a4").expect("the step to the far rank");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

/// Lines: four in a row wins; three in a row on the first two ranks loses.
const LINES: &str = r#"
game "Lines"
players black, white
board grid 5 by 5
piece stone
setup black stone on a1
setup white stone on e5
move step orthogonal
end when line(mover) >= 4: mover wins
end when line(mover, rank(1) + rank(2)) >= 3: mover loses
end when no legal move: mover loses
"#;

/// Gomoku's five: a line of exactly five wins, an overline of six or more does not.
const EXACTLY_FIVE: &str = r#"
game "Gomoku"
players black, white
board grid 9 by 9
piece stone
move place stone
end when lines(mover, 5) > 0: mover wins
end when no legal move: draw
"#;

#[test]
fn lines_counts_the_lines_of_exactly_a_length() {
    let game = pipeline::load_text("five.game", EXACTLY_FIVE, None, &[]).expect("loads");
    let after = |text: &str, mv: &str| {
        let mut state = rulebook::notation::parse_position(&game, text).expect("reads");
        assert_eq!(state.outcome(), None, "{text}");
        notation::play_text(&mut state, mv).expect("a legal placement");
        state.outcome()
    };
    let black_wins = Some(Outcome::Win(Player::FIRST));
    // a1 b1 c1 d1 and f1 g1: e1 makes a line of seven, not five; nor does f1 after e1 is
    // taken away from a line of six a1..f1.
    assert_eq!(after("9/9/9/9/9/9/9/WWWW5/BBBB1BB2 black", "e1"), None);
    assert_eq!(after("9/9/9/9/9/9/9/WWWW5/BBBB1B3 black", "e1"), None);
    // Five exactly, along a file and along a diagonal, wins.
    assert_eq!(after("9/9/9/9/9/9/9/WWWW5/BBBB5 black", "e1"), black_wins);
    assert_eq!(
        after("9/9/9/9/3B5/2B6/1B7/B8/WWWW5 black", "e6"),
        black_wins
    );
    // A six elsewhere does not hide a five: six on rank 9, five made on rank 5.
    assert_eq!(
        after("BBBBBB3/9/9/9/BBBB5/9/9/9/WWWWWW3 black", "e5"),
        black_wins
    );
}

#[test]
fn a_line_of_pieces_ends_the_game_in_any_direction_and_within_a_region() {
    let game = pipeline::load_text("lines.game", LINES, None, &[]).expect("the game loads");
    let play = |text: &str, mv: &str| {
        let mut state = rulebook::notation::parse_position(&game, text).expect("reads");
        assert_eq!(state.outcome(), None, "{text}");
        notation::play_text(&mut state, mv).expect("a legal step");
        state.outcome()
    };
    // d3-d4 completes a1 b2 c3 d4 (north-east); d3-d2 makes nothing.
    assert_eq!(
        play("WWW2/5/2BB1/1B3/B4 black", "d3-d4"),
        Some(Outcome::Win(Player::FIRST))
    );
    assert_eq!(play("WWW2/5/2BB1/1B3/B4 black", "d3-e3"), None);
    // A vertical four: e2 e3 e4 then e1.
    assert_eq!(
        play("WW3/4B/4B/4B/3B1 black", "d1-e1"),
        Some(Outcome::Win(Player::FIRST))
    );
    // Three on the first two ranks, black moving: black loses; on ranks 2 and 3: nothing.
    assert_eq!(
        play("WW3/5/5/5/BB1B1 black", "d1-c1"),
        Some(Outcome::Win(Player::SECOND))
    );
    assert_eq!(play("WW3/5/BB1B1/5/5 black", "d3-c3"), None);
}

/// Black places on the first rank only; White can only pass. `rules` are the end rules.
fn placing_game(rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Passes\"\nplayers black, white\nboard grid 3 by 3\npiece stone\n\
         move place stone in rank(1) when mover == black\nmove pass\n{rules}\n"
    );
    match pipeline::load_text("passes.game", &text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

#[test]
fn on_a_grid_only_passes_in_a_row_end_the_game() {
    let game = placing_game("end when both pass: most pieces wins");
    let mut state = State::new(game);
    for m in ["a1", "pass", "b1", "pass", "c1", "pass"] {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(
            state.outcome(),
            None,
            "after {m}: a placement broke the passes"
        );
    }
    // Black has no empty point of rank 1 left: its pass is the second in a row.
    notation::play_text(&mut state, "pass").unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(notation::position_text(&state), "3/3/BBB white passes=2");
    // Undo gives back the passes before each move.
    state.undo();
    assert_eq!(notation::position_text(&state), "3/3/BBB black passes=1");
    state.undo();
    assert_eq!(notation::position_text(&state), "3/3/BBB white");
    state.undo();
    assert_eq!(notation::position_text(&state), "3/3/BB1 black passes=1");
}

#[test]
fn no_player_can_move_ends_the_game_instead_of_a_pass() {
    let game = placing_game("end when no player can move: most pieces wins");
    let mut state = State::new(game);
    for m in ["a1", "pass", "b1", "pass"] {
        notation::play_text(&mut state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "c1").unwrap();
    // White would pass, and Black could not place after it: the game is over, with no
    // pass offered, and Black has the most pieces.
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    let mut moves = rulebook::engine::MoveList::new();
    state.legal_moves(&mut moves);
    assert!(moves.is_empty());
    let err = notation::play_text(&mut state, "pass").unwrap_err();
    assert_eq!(err, notation::MoveError::GameOver);
}

#[test]
fn no_player_can_move_ends_a_tile_game_in_random_playouts_too() {
    // A tile game's random pick finds its move without listing the moves; it must not
    // offer the pass that `no player can move` withholds, or playouts would pass forever.
    let text = "game \"Little tiles\"\nplayers blue, yellow\nboard hex 2\n\
                edges east blue, north-east blue, north-west blue, west blue, south-west blue, south-east blue\n\
                hand blue: tiles\nhand yellow: tiles\nmove place from hand matching\nmove pass\n\
                score majority(wedges)\nend when no player can move: draw\n";
    let game = pipeline::load_text("tiles.game", text, None, &[]).expect("the game loads");
    let mut moves = rulebook::engine::MoveList::new();
    for seed in 0..20u64 {
        let mut state = State::new(Arc::clone(&game));
        let mut rng = XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut plies = 0;
        while let Some(m) = state.pick_legal_move(&mut moves, |n| rng.below(n)) {
            let mut legal = rulebook::engine::MoveList::new();
            state.legal_moves(&mut legal);
            assert!(legal.contains(&m), "seed {seed}: the picked move is legal");
            state.apply(m);
            plies += 1;
            assert!(plies < 100, "seed {seed}: the game ends");
        }
        assert_eq!(state.outcome(), Some(Outcome::Draw), "seed {seed}");
    }
}

/// `outcome_knowing`, told whether the list of legal moves just made is empty, says what
/// `outcome_with` finds by looking for a legal move itself, in every position of random
/// games of bundled games with different end rules (checkmate and stalemate, a position
/// repeated with checks, no player able to move, an empty row, no legal move, a race),
/// those where the player to move has no legal move among them.
#[test]
fn the_outcome_known_from_the_list_is_the_outcome_found() {
    let games = [
        "chess",
        "xiangqi",
        "shogi",
        "othello",
        "konane",
        "mangala",
        "backgammon",
    ];
    let (mut moves, mut work) = (MoveList::new(), MoveList::new());
    let mut stuck = 0;
    for (g, name) in games.iter().enumerate() {
        let game = pipeline::load(name, None, &[]).expect("a bundled game loads");
        for seed in 0..3u64 {
            let mut state = State::new(Arc::clone(&game));
            let mut rng = XorShift((seed + 10 * g as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
            for _ in 0..300 {
                state.legal_moves(&mut moves);
                let known = state.outcome_knowing(!moves.is_empty());
                assert_eq!(known, state.outcome_with(&mut work), "{name}, seed {seed}");
                stuck += usize::from(moves.is_empty() && !state.has_ended());
                if moves.is_empty() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(stuck > 0, "some player to move had no legal move");
}
