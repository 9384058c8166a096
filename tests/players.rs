//! Games of three to six players (`players red, green, blue`): turn order over every
//! player, the moves of `tests/fixtures/valid/trio.game` counted against a naive reference
//! written from its rules alone, a win for each of the three, the computer (the player to
//! move against all the others) taking a win, six players, and what needs exactly two
//! players refused in a game of three.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rulebook::ai::{Budget, Searcher};
use rulebook::analysis::{perft, random_game};
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

const TRIO: &str = "tests/fixtures/valid/trio.game";

fn trio() -> Arc<Game> {
    pipeline::load(TRIO, None, &[]).expect("the trio loads")
}

#[test]
fn the_turn_passes_to_each_player_in_the_order_listed() {
    let game = trio();
    assert_eq!(game.seats(), 3);
    let mut state = State::new(Arc::clone(&game));
    let mut moves = MoveList::new();
    for ply in 0..9 {
        assert_eq!(state.to_move(), Player::new(ply % 3).unwrap(), "ply {ply}");
        state.legal_moves(&mut moves);
        state.apply(moves[0]);
    }
    for ply in (0..9).rev() {
        state.undo();
        assert_eq!(
            state.to_move(),
            Player::new(ply % 3).unwrap(),
            "undo to ply {ply}"
        );
    }
}

/// The trio from its rules alone: a 5 x 5 board of cells (0 empty, 1 + player), steps and
/// jumps along the four orthogonal directions, the mover's reaching their goal side wins.
#[derive(Clone)]
struct Naive {
    cells: [u8; 25],
    to_move: u8,
}

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Naive {
    fn start() -> Naive {
        let mut cells = [0; 25];
        for f in 0..5 {
            cells[f] = 1; // red on rank 1
            cells[20 + f] = 2; // green on rank 5
        }
        for r in 1..4 {
            cells[r * 5] = 3; // blue on file a
        }
        Naive { cells, to_move: 0 }
    }

    fn at(f: i32, r: i32) -> Option<usize> {
        ((0..5).contains(&f) && (0..5).contains(&r)).then(|| (r * 5 + f) as usize)
    }

    /// Each move as the cells after it.
    fn moves(&self) -> Vec<Naive> {
        let me = self.to_move + 1;
        let mut out = Vec::new();
        for s in (0..25).filter(|&s| self.cells[s] == me) {
            let (f, r) = ((s % 5) as i32, (s / 5) as i32);
            for (df, dr) in DIRS {
                let mut next = self.clone();
                next.to_move = (self.to_move + 1) % 3;
                match Naive::at(f + df, r + dr) {
                    Some(t) if self.cells[t] == 0 => {
                        next.cells.swap(s, t);
                        out.push(next);
                    }
                    Some(over) if self.cells[over] != me => {
                        if let Some(t) = Naive::at(f + 2 * df, r + 2 * dr) {
                            if self.cells[t] == 0 {
                                next.cells.swap(s, t);
                                next.cells[over] = 0;
                                out.push(next);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// Whether the player who has just moved reached their goal (red rank 5, green rank 1,
    /// blue file e).
    fn won(&self) -> bool {
        let p = (self.to_move + 2) % 3 + 1;
        let goal = |s: usize| match p {
            1 => s / 5 == 4,
            2 => s / 5 == 0,
            _ => s % 5 == 4,
        };
        (0..25).any(|s| self.cells[s] == p && goal(s))
    }

    fn perft(&self, depth: usize, counts: &mut [u64]) {
        if depth == counts.len() {
            return;
        }
        for next in self.moves() {
            counts[depth] += 1;
            if !next.won() {
                next.perft(depth + 1, counts);
            }
        }
    }
}

#[test]
fn trio_perft_matches_a_naive_reference() {
    let mut state = State::new(trio());
    let ours = perft(&mut state, 6);
    let mut theirs = vec![0; 6];
    Naive::start().perft(0, &mut theirs);
    assert_eq!(ours, theirs);
    assert_eq!(ours[..4], [4, 16, 48, 415]);
}

#[test]
fn each_of_three_players_wins_some_random_games_and_the_winner_moved_last() {
    let game = trio();
    let mut wins = [0; 3];
    for seed in 0..200 {
        let mut state = State::new(Arc::clone(&game));
        let (moves, outcome) = random_game(&mut state, seed, 1000);
        if let Some(Outcome::Win(p)) = outcome {
            wins[p.index()] += 1;
            // The end rules are checked after every move: who reached a goal moved last.
            assert_eq!(state.last_mover(), p, "seed {seed}: {} moves", moves.len());
        }
    }
    assert!(wins.iter().all(|&w| w > 10), "{wins:?}");
}

#[test]
fn the_computer_takes_a_win_in_a_game_of_three() {
    let game = trio();
    for (text, best) in [
        ("GG3/2R2/5/B4/5 red", "c4-c5"),
        ("5/R4/3B1/2G2/R4 blue", "d3-e3"),
    ] {
        let state = notation::parse_position(&game, text).unwrap_or_else(|e| panic!("{e}"));
        let stop = AtomicBool::new(false);
        let thought = Searcher::new()
            .think(&state, Budget::iterations(2000), 1, &stop)
            .expect("a move");
        let mut after = state.clone();
        after.apply(thought.best);
        assert_eq!(notation::move_text(&state, thought.best), best, "{text}");
        assert_eq!(
            after.outcome(),
            Some(Outcome::Win(state.to_move())),
            "{text}"
        );
    }
}

#[test]
fn six_players_move_in_turn_and_a_seventh_is_refused() {
    let six = "game \"Six\"\nplayers a, b, c, d, e, f\nboard grid 6 by 6\npiece man\n\
               setup a man on a1\nsetup b man on b1\nsetup c man on c1\nsetup d man on d1\n\
               setup e man on e1\nsetup f man on f1\nmove step orthogonal\n\
               end when pieces(f, side(north)) > 0: f wins\nend when no legal move: draw\n";
    let game = pipeline::load_text("six.game", six, None, &[]).expect("six players load");
    assert_eq!(game.seats(), 6);
    let mut state = State::new(game);
    let mut moves = MoveList::new();
    for ply in 0..12 {
        assert_eq!(state.to_move().index(), ply % 6);
        state.legal_moves(&mut moves);
        state.apply(moves[moves.len() - 1]);
    }
    let seven = six.replace("players a, b, c, d, e, f", "players a, b, c, d, e, f, g");
    let err = pipeline::load_text("seven.game", &seven, None, &[]).unwrap_err();
    let text = err.render(false);
    assert!(
        text.contains("error[E0310]: a game has one to 6 players; 7 are listed")
            && text.contains("seven.game:2:1"),
        "{text}"
    );
}

#[test]
fn what_needs_exactly_two_players_is_refused_in_a_game_of_three() {
    let base = std::fs::read_to_string(TRIO).unwrap();
    for (line, message) in [
        (
            "end when pieces(red) == 0: mover loses",
            "`mover loses` makes the other",
        ),
        (
            "end when pieces(red) == 0: opponent wins",
            "`opponent` names the other",
        ),
        (
            "end when pieces(opponent) == 0: red wins",
            "`opponent` names the other",
        ),
        ("move step forward", "a direction relative to the mover"),
        ("move swap", "the pie rule swaps the sides of two players"),
    ] {
        let text = format!("{base}{line}\n");
        let err = pipeline::load_text("t.game", &text, None, &[]).unwrap_err();
        let rendered = err.render(false);
        assert!(
            rendered.contains("error[E0339]: ")
                && rendered.contains(message)
                && rendered.contains("the game has 3 players"),
            "{line}: {rendered}"
        );
    }
}
