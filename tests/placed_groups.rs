//! End conditions on groups judged from the stone just placed (`EndCheck::Placed`,
//! docs/architecture.md): which conditions of which games are judged so, and, over many
//! seeded random games of the bundled games that have them (moves applied, taken back and
//! played by the playouts' loop), that each game ends exactly where every end condition read
//! over the whole board says it does, with the same winner; and positions read from text,
//! where the stone placed last is not known.

use std::sync::Arc;

use crate::common::rows::position_text;
use crate::common::xorshift::XorShift;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{EndCheck, EndResult, EndWhen, Game, Player};
use rulebook::{notation, pipeline};

fn load(name: &str, settings: &[&str]) -> Arc<Game> {
    let settings: Vec<String> = settings.iter().map(|s| s.to_string()).collect();
    pipeline::load(name, None, &settings).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// The outcome the end rules checked after moves give just after `mover` moved, each
/// condition read over the whole board (the first that holds decides).
fn reference(state: &State, mover: Player) -> Option<Outcome> {
    let ends = &state.game().ends;
    ends.rules.iter().find_map(|rule| {
        let EndWhen::Position(i) = rule.when else {
            return None;
        };
        (state.value(mover, &ends.conditions[i as usize]) != 0).then(|| match rule.result {
            EndResult::MoverWins => Outcome::Win(mover),
            EndResult::MoverLoses => Outcome::Win(mover.next(state.game().seats())),
            EndResult::PlayerWins(p) => Outcome::Win(p),
            EndResult::Draw => Outcome::Draw,
            other => panic!("a result these games do not have: {other:?}"),
        })
    })
}

/// Plays `games` seeded random games of `game` to their end, each move applied, or played
/// by a playout of one ply, sometimes after another move applied and taken back; after
/// every move, whether the game ended and how is as [`reference`] says.
fn random_games_end_as_read_over_the_board(game: Arc<Game>, games: usize, seed: u64) {
    let (mut rng, mut moves) = (XorShift(seed), MoveList::new());
    let mut ends = 0;
    for g in 0..games {
        let mut state = State::new(Arc::clone(&game));
        for ply in 0.. {
            state.legal_moves(&mut moves);
            if state.has_ended() || moves.is_empty() {
                break;
            }
            let mover = state.to_move();
            if rng.below(6) == 0 {
                state.apply(moves[rng.below(moves.len())]);
                state.undo().expect("the move just applied");
            }
            if rng.below(3) == 0 {
                let mut pick = |n: usize| rng.below(n);
                state.playout(1, &mut MoveList::new(), &mut pick);
            } else {
                state.apply(moves[rng.below(moves.len())]);
            }
            let expected = reference(&state, mover);
            let ended = state.has_ended().then(|| state.outcome()).flatten();
            assert_eq!(ended, expected, "game {g}, ply {ply}");
        }
        ends += state.has_ended() as usize;
    }
    assert!(ends > games / 2, "{ends} of {games} games ended by a rule");
}

/// Whether each of the game's end conditions checked after moves is judged from the stone
/// placed.
fn all_placed(game: &Game) -> bool {
    (game.ends.checks.iter()).all(|c| matches!(c, EndCheck::Placed { .. }))
}

#[test]
fn group_conditions_of_placement_games_are_judged_from_the_stone_placed() {
    for (name, settings) in [
        ("havannah", &[][..]),
        ("havannah", &["pie=on"][..]),
        ("y", &[][..]),
    ] {
        assert!(all_placed(&load(name, settings)), "{name} {settings:?}");
    }
    // `connected(...)` is read over the board (its flood stops early); so are the group
    // rules of a game whose stones are taken, or move.
    assert!(load("hex", &[])
        .ends
        .checks
        .iter()
        .all(|c| matches!(c, EndCheck::Evaluated)));
    let taking = "game \"T\"\nplayers white, black\nboard grid 5 by 5\npiece stone\n\
        move place stone\nafter move capture custodian orthogonal remove\n\
        end when ring(mover, orthogonal): mover wins\n";
    let moving = "game \"M\"\nplayers white, black\nboard grid 5 by 5\npiece stone\n\
        move place stone\nmove step orthogonal by stone\n\
        end when connected(mover, side(north), side(south), orthogonal): mover wins\n";
    for text in [taking, moving] {
        let game = pipeline::load_text("t.game", text, None, &[]);
        let game = game.unwrap_or_else(|e| panic!("{text}: {}", e.render(false)));
        assert!(
            (game.ends.checks.iter()).all(|c| matches!(c, EndCheck::Evaluated)),
            "{text}"
        );
    }
}

#[test]
fn random_havannah_games_end_as_read_over_the_board() {
    random_games_end_as_read_over_the_board(load("havannah", &["size=4"]), 300, 1);
    random_games_end_as_read_over_the_board(load("havannah", &["size=4", "pie=on"]), 200, 2);
    random_games_end_as_read_over_the_board(load("havannah", &[]), 60, 3);
}

#[test]
fn random_hex_and_y_games_end_as_read_over_the_board() {
    random_games_end_as_read_over_the_board(load("hex", &["size=5"]), 200, 4);
    random_games_end_as_read_over_the_board(load("hex", &[]), 40, 5);
    random_games_end_as_read_over_the_board(load("y", &["size=5"]), 200, 6);
    random_games_end_as_read_over_the_board(load("y", &["pie=on"]), 40, 7);
}

#[test]
fn a_position_read_from_text_is_judged_over_the_board() {
    // White's ring round d4, with White to move: Black, who moved last, is judged and has
    // none, so the game goes on; White's next stone, anywhere, finds the ring.
    let game = load("havannah", &["size=4"]);
    let ring = [
        ".......", ".......", "..WW...", "..W.W..", "...WW..", ".......", "......B",
    ];
    let text = position_text(&ring, "white");
    let read = notation::parse_position(&game, &text).expect("the position");
    assert_eq!(read.outcome(), None);
    // Read, cloned, and copied over a state of the empty board (where none holds).
    let mut copied = State::new(Arc::clone(&game));
    copied.clone_from(&read);
    for mut state in [read.clone(), copied] {
        notation::play_text(&mut state, "g4").expect("g4");
        assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
        state.undo().expect("g4 taken back");
        assert_eq!(state.outcome(), None);
    }
}
