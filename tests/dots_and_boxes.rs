//! The bundled Dots and Boxes (`games/dots-and-boxes.game`, rules DB-1 .. DB-6 of
//! `docs/games/dots-and-boxes.md`) and what it is written with: lines on the sides of
//! cells (`move place KIND on sides`), the cells they close claimed (`after move claim
//! closed cells with KIND`) and `claimed` giving another move. Hand-built positions for
//! every rule; the position text and move text of lines; and random games that OpenSpiel
//! played (`tests/openspiel/dots-and-boxes-games.txt`, printed by
//! `tests/openspiel/dots-and-boxes.py`), the player to move and the legal moves compared
//! at every ply and each game ending at the same ply with the same result and boxes. The
//! perft counts are in `perft/dots-and-boxes.perft`.

use std::collections::BTreeSet;
use std::sync::Arc;

use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

fn boxes(rows: usize, columns: usize) -> Arc<Game> {
    let sets = [format!("rows={rows}"), format!("columns={columns}")];
    pipeline::load("dots-and-boxes", None, &sets).expect("the bundled Dots and Boxes loads")
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(state: &State) -> BTreeSet<String> {
    notation::legal_texts(state).into_iter().collect()
}

fn play(state: &mut State, moves: &str) {
    for m in moves.split_whitespace() {
        notation::play_text(state, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// How many pieces `player` has on the board.
fn held(state: &State, player: Player) -> usize {
    let game = state.game();
    (0..game.board.sites())
        .filter(|&s| {
            let cell = state.cell(rulebook::model::Site::at(s));
            !cell.is_empty() && game.tables.owner[cell.index()] == player
        })
        .count()
}

#[test]
fn db2_db3_every_side_of_every_box_is_a_line_to_draw() {
    let state = State::new(boxes(2, 2));
    assert_eq!(notation::position_text(&state), "2/2 first");
    let expected = "a1s b1s a2s b2s a2n b2n a1w b1w b1e a2w b2w b2e";
    assert_eq!(notation::legal_texts(&state).join(" "), expected);
    // 3 x 4 boxes: 4 * 4 lines across the ranks, 3 * 5 across the files.
    assert_eq!(legal(&State::new(boxes(3, 4))).len(), 31);
    assert_eq!(legal(&State::new(boxes(1, 1))).len(), 4);
}

#[test]
fn db3_a_side_has_a_name_for_each_box_it_borders_and_one_is_written() {
    let game = boxes(2, 2);
    let mut state = State::new(Arc::clone(&game));
    // `a1n` is the side `a2s` names: the name written is the south side of the box north.
    play(&mut state, "a1n");
    assert_eq!(notation::position_text(&state), "2/2 second sides=a2s");
    assert_eq!(
        notation::move_text(&state, state.last_move().unwrap().0),
        "a2s"
    );
    // A line drawn is drawn for good: under either name it is refused.
    for again in ["a2s", "a1n"] {
        assert!(
            notation::play_text(&mut state.clone(), again).is_err(),
            "{again}"
        );
    }
    // The east border: `b1e`, which no box east of it names.
    play(&mut state, "b1e");
    assert!(notation::position_text(&state).ends_with("sides=a2s,b1e"));
    assert!(notation::play_text(&mut state.clone(), "c1w").is_err());
}

#[test]
fn db4_db5_a_box_closed_is_the_movers_and_they_draw_again() {
    let game = boxes(2, 2);
    // Three sides of a1 drawn; first closes it with its north side.
    let mut state = at(&game, "2/2 first sides=a1s,a1w,b1w");
    play(&mut state, "a1n");
    assert_eq!(
        notation::position_text(&state),
        "2/B1 first sides=a1s,a2s,a1w,b1w"
    );
    assert_eq!(held(&state, Player::FIRST), 1);
    // A line that closes nothing passes the turn.
    play(&mut state, "b2n");
    assert_eq!(state.to_move(), Player::SECOND);
    assert_eq!(held(&state, Player::SECOND), 0);
}

#[test]
fn db4_db5_a_line_between_two_boxes_closes_both_and_gives_one_more_move() {
    let game = boxes(2, 2);
    // a1 and b1 each lack only the side between them, b1w.
    let mut state = at(&game, "2/2 second sides=a1s,b1s,a2s,b2s,a1w,b1e");
    play(&mut state, "b1w");
    assert_eq!(
        notation::position_text(&state).split(' ').next(),
        Some("2/bb")
    );
    assert_eq!(state.to_move(), Player::SECOND);
    assert_eq!(held(&state, Player::SECOND), 2);
    // The line between them cuts their link, as a wall does.
    assert!(state.wall_cuts(rulebook::model::Site::at(0), 1));
    assert!(state.wall_cuts(rulebook::model::Site::at(1), 3));
}

#[test]
fn db4_a_line_on_the_border_closes_the_one_box_it_borders() {
    let game = boxes(2, 2);
    let mut state = at(&game, "2/2 first sides=b1s,b2s,b1w");
    play(&mut state, "b1e");
    assert_eq!(
        notation::position_text(&state).split(' ').next(),
        Some("2/1B")
    );
    assert_eq!(state.to_move(), Player::FIRST);
    // Once its last side is drawn, a box holds its owner's piece for good.
    play(&mut state, "a1s a1w");
    assert_eq!(held(&state, Player::FIRST), 1);
}

#[test]
fn db6_when_every_line_is_drawn_more_boxes_win() {
    let game = boxes(1, 2);
    // a1 is second's; first closes b1 with the last line: one box each, a draw.
    let mut state = at(&game, "b1 first sides=a1s,b1s,a1n,b1n,a1w,b1w");
    assert_eq!(state.outcome(), None);
    play(&mut state, "b1e");
    assert_eq!(state.outcome(), Some(Outcome::Draw));
    // With a1 first's too, first wins; with both second's, second does.
    let mut state = at(&game, "B1 first sides=a1s,b1s,a1n,b1n,a1w,b1w");
    play(&mut state, "b1e");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    let mut state = at(&game, "b1 second sides=a1s,b1s,a1n,b1n,a1w,b1w");
    play(&mut state, "b1e");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
}

#[test]
fn db6_two_boxes_each_on_a_two_by_two_board_is_a_draw() {
    let game = boxes(2, 2);
    // Second holds the north boxes, first a1; first draws the last line, closing b1.
    let text = "bb/B1 first sides=a1s,b1s,a2s,b2s,a2n,b2n,a1w,b1w,a2w,b2w,b2e";
    let mut state = at(&game, text);
    assert_eq!(legal(&state), BTreeSet::from(["b1e".to_string()]));
    play(&mut state, "b1e");
    assert_eq!(
        notation::position_text(&state).split(' ').next(),
        Some("bb/BB")
    );
    assert_eq!(state.outcome(), Some(Outcome::Draw));
}

#[test]
fn lines_are_written_in_the_position_text_and_read_back() {
    let game = boxes(3, 3);
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "b2s b2w b2e b2n a1s");
    let text = notation::position_text(&state);
    // Second closed b2 with b2n, and drew again.
    assert_eq!(text, "3/1b1/3 first sides=a1s,b2s,b3s,b2w,c2w");
    let read = at(&game, &text);
    assert!(read == state, "the same position");
    assert_eq!(read.hash(), state.hash());
    assert_eq!(legal(&read), legal(&state));
    // A line named twice, or a side the boxes do not have, is refused.
    for bad in [
        "3/3/3 first sides=a1s,a1s",
        "3/3/3 first sides=a1s,b1n,b2s",
        "3/3/3 first sides=d1w",
    ] {
        assert!(notation::parse_position(&game, bad).is_err(), "{bad}");
    }
}

#[test]
fn lines_from_a_stock_run_out() {
    let game = pipeline::load("tests/fixtures/valid/dots-and-boxes.game", None, &[])
        .expect("the fixture loads");
    let mut state = State::new(game);
    assert_eq!(state.pieces_in_hand(Player::FIRST)[0], 11);
    play(&mut state, "a1s");
    assert_eq!(state.pieces_in_hand(Player::FIRST)[0], 10);
    state.undo();
    assert_eq!(state.pieces_in_hand(Player::FIRST)[0], 11);
}

#[test]
fn random_games_match_openspiels_move_by_move() {
    let data =
        std::fs::read_to_string("tests/openspiel/dots-and-boxes-games.txt").expect("the games");
    let mut lines = data.lines().filter(|l| !l.starts_with('#'));
    let mut games = 0;
    while let Some(header) = lines.next() {
        let words: Vec<&str> = header.split_whitespace().collect();
        let ["game", rows, columns] = words[..] else {
            panic!("a game's first line, not {header}");
        };
        let mut state = State::new(boxes(rows.parse().unwrap(), columns.parse().unwrap()));
        let mut ply = 0;
        for line in lines.by_ref() {
            if let Some(end) = line.strip_prefix("end ") {
                let words: Vec<&str> = end.split(' ').collect();
                let [result, first, second] = words[..] else {
                    panic!("end RESULT FIRST SECOND, not {line}");
                };
                let expected = match result {
                    "first" => Outcome::Win(Player::FIRST),
                    "second" => Outcome::Win(Player::SECOND),
                    _ => Outcome::Draw,
                };
                let place = format!("game {games}: after ply {ply}");
                assert_eq!(state.outcome(), Some(expected), "{place}");
                assert_eq!(held(&state, Player::FIRST).to_string(), first, "{place}");
                assert_eq!(held(&state, Player::SECOND).to_string(), second, "{place}");
                break;
            }
            let (listed, played) = line.split_once(" : ").expect("moves : move");
            let (mover, listed) = listed.split_once(' ').expect("the mover, then moves");
            ply += 1;
            let place = format!("game {games}, ply {ply}");
            assert_eq!(state.outcome(), None, "{place}: over before it");
            let to_move = state.game().about.players[state.to_move().index()].as_str();
            assert_eq!(to_move, mover, "{place}");
            let expected: BTreeSet<String> = listed.split(' ').map(str::to_string).collect();
            assert_eq!(legal(&state), expected, "{place}");
            notation::play_text(&mut state, played)
                .unwrap_or_else(|e| panic!("{place}: {played}: {e}"));
        }
        games += 1;
    }
    assert_eq!(games, 50);
}

#[test]
fn the_random_pick_gives_a_listed_move_and_undo_gives_the_start_back() {
    let start = State::new(boxes(3, 3));
    let mut state = start.clone();
    let (mut moves, mut work) = (MoveList::new(), MoveList::new());
    let mut rng = rulebook::analysis::Rng::new(7);
    while state.outcome().is_none() {
        state.legal_moves(&mut moves);
        let m = state
            .pick_legal_move(&mut work, |n| rng.below(n))
            .expect("a move");
        assert!(moves.contains(&m), "{}", notation::move_text(&state, m));
        state.apply(m);
    }
    assert_eq!(
        held(&state, Player::FIRST) + held(&state, Player::SECOND),
        9
    );
    while state.undo().is_some() {}
    assert!(state == start);
    assert_eq!(state.hash(), start.hash());
}

#[test]
fn a_line_between_two_cells_cuts_their_link_for_steps_and_floods() {
    // A pawn walks the cells while lines are drawn on their sides; it reaches rank 3 to
    // win, and no line may shut it off (`path` floods through the links left open).
    let rules = "game \"Fenced\"\nplayers white, black\nboard grid 3 by 3\npiece pawn, line\n\
        setup white pawn on a1\nmove step orthogonal by pawn when mover == white\n\
        move place line on sides\n  forbidding not path(white, pawn, rank(3), orthogonal)\n\
        when mover == black\nend when pieces(white, rank(3), pawn) > 0: white wins\n";
    let game = pipeline::load_text("fenced", rules, None, &[]).expect("the rules load");
    let mut state = State::new(Arc::clone(&game));
    play(&mut state, "a1-a2 a2s");
    // The line between a1 and a2 is drawn: the step back south is cut.
    let steps = BTreeSet::from(["a2-a3", "a2-b2"].map(String::from));
    assert_eq!(legal(&state), steps);
    // With a1's north side drawn, its east side would shut a pawn on a1 in: refused.
    let state = at(&game, "3/3/P2 black sides=a2s");
    let lines = legal(&state);
    assert!(!lines.contains("b1w"), "{lines:?}");
    assert!(lines.contains("c1w") && lines.contains("a1s"), "{lines:?}");
    assert_eq!(lines.len(), 24 - 2);
}
