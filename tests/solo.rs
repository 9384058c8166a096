//! Games of one player, proven by peg solitaire on the English board
//! (`tests/fixtures/valid/peg-solitaire.game`): the move tree against a reference written
//! from the rules alone, hand-built positions with their exact moves and outcomes, the
//! computer solving the puzzle, and the REPL.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rulebook::ai::{Budget, Judgement, Searcher};
use rulebook::analysis::perft;
use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::notation::legal_texts;
use rulebook::notation::{self, parse_position, position_text};
use rulebook::pipeline;
use rulebook::record::GameSpec;
use rulebook::repl::{Options, Session};

const PEG: &str = "tests/fixtures/valid/peg-solitaire.game";

fn game(preset: Option<&str>) -> Arc<Game> {
    pipeline::load(PEG, preset, &[]).expect("the fixture loads")
}

/// The English board from the rules alone: 7 x 7 holes (file, rank) from (0, 0) at a1,
/// without the four 2 x 2 corners; a move jumps a peg over an orthogonal neighbour peg
/// into an empty hole, removing the peg jumped.
mod reference {
    pub type Board = [[bool; 7]; 7];

    pub fn hole(f: i32, r: i32) -> bool {
        (0..7).contains(&f) && (0..7).contains(&r) && ((2..5).contains(&f) || (2..5).contains(&r))
    }

    /// Every hole filled but the centre (d4).
    pub fn start() -> Board {
        let mut b = [[false; 7]; 7];
        for (f, column) in b.iter_mut().enumerate() {
            for (r, peg) in column.iter_mut().enumerate() {
                *peg = hole(f as i32, r as i32) && (f, r) != (3, 3);
            }
        }
        b
    }

    /// The moves as (from, over, to).
    pub fn moves(b: &Board) -> Vec<[(usize, usize); 3]> {
        let mut out = Vec::new();
        for f in 0..7i32 {
            for r in 0..7i32 {
                if !b[f as usize][r as usize] {
                    continue;
                }
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (of, or, tf, tr) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
                    if hole(tf, tr) && b[of as usize][or as usize] && !b[tf as usize][tr as usize] {
                        let at = |f: i32, r: i32| (f as usize, r as usize);
                        out.push([at(f, r), at(of, or), at(tf, tr)]);
                    }
                }
            }
        }
        out
    }

    /// Leaves at each depth 1..=depth.
    pub fn perft(b: &mut Board, depth: usize, counts: &mut [u64]) {
        for [from, over, to] in moves(b) {
            counts[0] += 1;
            if depth > 1 {
                b[from.0][from.1] = false;
                b[over.0][over.1] = false;
                b[to.0][to.1] = true;
                perft(b, depth - 1, &mut counts[1..]);
                b[from.0][from.1] = true;
                b[over.0][over.1] = true;
                b[to.0][to.1] = false;
            }
        }
    }
}

#[test]
fn perft_matches_the_reference_and_the_known_counts() {
    let mut expected = vec![0; 6];
    reference::perft(&mut reference::start(), 6, &mut expected);
    assert_eq!(expected[..3], [4, 12, 60], "the reference's first counts");
    let mut state = State::new(game(None));
    assert_eq!(perft(&mut state, 6), expected);
    assert_eq!(state.pieces(Player::FIRST), 32);
    assert_eq!(state.to_move(), Player::FIRST);
}

#[test]
fn the_player_moves_every_turn_and_each_jump_removes_a_peg() {
    let mut state = State::new(game(None));
    assert_eq!(legal_texts(&state), ["d2-d4", "b4-d4", "f4-d4", "d6-d4"]);
    notation::play_text(&mut state, "d2-d4").unwrap();
    assert_eq!(state.to_move(), Player::FIRST);
    assert_eq!(state.pieces(Player::FIRST), 31);
    assert_eq!(
        position_text(&state),
        "2SSS2/2SSS2/SSSSSSS/SSSSSSS/SSS1SSS/2S1S2/2SSS2 solver"
    );
    assert_eq!(legal_texts(&state), ["b3-d3", "f3-d3", "d5-d3"]);
    state.undo();
    assert_eq!(state.pieces(Player::FIRST), 32);
    assert_eq!(state.hash(), State::new(game(None)).hash());
}

#[test]
fn one_peg_left_wins_and_no_jump_left_loses() {
    let g = game(None);
    // Two pegs side by side on rank 4: either jumps the other and is left alone.
    let mut state = parse_position(&g, "7/7/7/2SS3/7/7/7 solver").unwrap();
    assert_eq!(legal_texts(&state), ["c4-e4", "d4-b4"]);
    assert_eq!(state.outcome(), None);
    notation::play_text(&mut state, "c4-e4").unwrap();
    assert_eq!(position_text(&state), "7/7/7/4S2/7/7/7 solver");
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
    assert_eq!(
        rulebook::render::outcome_text(&g, state.outcome().unwrap()),
        "solver wins"
    );
    // Two pegs apart: no jump, and the player loses.
    let stuck = parse_position(&g, "7/7/7/S5S/7/7/7 solver").unwrap();
    assert!(legal_texts(&stuck).is_empty());
    let lost = stuck.outcome().unwrap();
    assert_eq!(lost, Outcome::Win(Player::SECOND));
    assert_eq!(rulebook::render::outcome_text(&g, lost), "solver loses");
}

#[test]
fn the_central_preset_wins_only_in_the_centre() {
    let g = game(Some("central"));
    let mut state = parse_position(&g, "7/7/7/2SS3/7/7/7 solver").unwrap();
    notation::play_text(&mut state, "c4-e4").unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::SECOND)));
    let mut state = parse_position(&g, "7/7/7/1SS4/7/7/7 solver").unwrap();
    notation::play_text(&mut state, "b4-d4").unwrap();
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn a_chain_over_friends_removes_every_one_jumped() {
    let g = pipeline::load_text(
        "chain.game",
        "game \"Chain\"\nplayers solver\nboard grid 7 by 7\npiece peg\n\
         setup solver peg on a1 + a2 + b3\n\
         move jump orthogonal over friend remove chained\n\
         end when no legal move: mover loses\n",
        None,
        &[],
    )
    .unwrap();
    let mut state = State::new(g);
    // a1 over a2 to a3, then over b3 to c3: both pegs jumped go.
    assert_eq!(legal_texts(&state), ["a1-a3-c3"]);
    notation::play_text(&mut state, "a1-a3-c3").unwrap();
    assert_eq!(position_text(&state), "7/7/7/7/2S4/7/7 solver");
    assert_eq!(state.pieces(Player::FIRST), 1);
    state.undo();
    assert_eq!(position_text(&state), "7/7/7/7/1S5/S6/S6 solver");
}

/// Four pegs, c5 d5 d6 and d3, won only by d6-d4 first (then c5 d4 d3 are left, and
/// two more jumps leave one peg); each of the other three first moves leaves pegs that
/// cannot all be cleared.
const FOUR: &str = "7/3S3/2SS3/7/3S3/7/7 solver";

#[test]
fn the_computer_solves_the_puzzle_by_a_line_that_wins() {
    let g = game(None);
    let mut state = parse_position(&g, FOUR).unwrap();
    assert_eq!(legal_texts(&state).len(), 4);
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new();
    let budget = Budget::iterations(100_000);
    let mut line = Vec::new();
    while let Some(t) = searcher.think(&state, budget, 1, &stop) {
        assert_eq!(t.judgement, Judgement::Wins(3 - line.len() as u32));
        line.push(notation::move_text(&state, t.best));
        state.apply(t.best);
    }
    assert_eq!(line[0], "d6-d4");
    assert_eq!(line.len(), 3);
    assert_eq!(state.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn a_hint_tells_the_winning_move_from_the_losing_ones() {
    let g = game(None);
    let state = parse_position(&g, FOUR).unwrap();
    let stop = AtomicBool::new(false);
    let (t, ranked) = Searcher::new()
        .rank(&state, Budget::iterations(100_000), 1, &stop)
        .unwrap();
    let mut words: Vec<(String, Judgement)> = ranked
        .iter()
        .map(|r| (notation::move_text(&state, r.mv), r.judgement))
        .collect();
    assert_eq!(t.judgement, Judgement::Wins(3));
    assert_eq!(words.remove(0), ("d6-d4".to_string(), Judgement::Wins(3)));
    words.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        words,
        [
            ("c5-e5".to_string(), Judgement::Loses(0)),
            ("d5-b5".to_string(), Judgement::Loses(0)),
            ("d5-d7".to_string(), Judgement::Loses(0)),
        ]
    );
}

/// The peg solitaire fixture's setup and the options its sessions play with.
fn setup_and_options() -> (GameSpec, Options) {
    let setup = GameSpec {
        game: PEG.into(),
        preset: None,
        sets: Vec::new(),
    };
    let options = Options {
        seed: 3,
        ..Options::default()
    };
    (setup, options)
}

fn session() -> Session {
    let (setup, options) = setup_and_options();
    Session::new(setup, options).unwrap()
}

fn ok(s: &mut Session, line: &str) -> String {
    let r = s.handle(line);
    assert!(!r.error, "`{line}` was refused: {}", r.text);
    r.text
}

#[test]
fn the_repl_plays_jumps_hints_undoes_and_ends_the_game() {
    let mut s = session();
    let out = ok(&mut s, "d2-d4");
    assert!(out.contains("d2-d4 takes 1 (jump)"), "{out}");
    assert!(out.contains("to move: solver"), "{out}");
    assert_eq!(ok(&mut s, "moves"), "3 legal moves: b3-d3 f3-d3 d5-d3\n");
    let out = ok(&mut s, "undo");
    assert!(out.contains("solver (S) 32 pieces"), "{out}");
    assert!(s.handle("ai nobody").error);
    let out = ok(&mut s, "ai");
    assert!(out.contains("plays no side"), "{out}");
}

#[test]
fn the_repl_computer_finishes_a_won_position() {
    let (setup, options) = setup_and_options();
    let state = parse_position(&game(None), FOUR).unwrap();
    let mut s = Session::with_state(setup, state, options);
    let hint = ok(&mut s, "hint strong");
    assert!(
        hint.contains("d6-d4      wins: a line of 3 moves wins the game"),
        "{hint}"
    );
    assert!(
        hint.contains("loses: no line of moves after it wins"),
        "{hint}"
    );
    let out = ok(&mut s, "ai solver strong");
    assert!(out.contains("game over: solver won"), "{out}");
    let out = ok(&mut s, "undo");
    assert!(out.contains("to move: solver"), "{out}");
}

#[test]
fn the_game_in_the_language_reference_is_the_fixture() {
    let rules = |text: &str| -> Vec<String> {
        text.lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .map(String::from)
            .collect()
    };
    let fixture = std::fs::read_to_string(PEG).unwrap();
    let docs = std::fs::read_to_string("docs/language/declarations.md").unwrap();
    let start = docs
        .find("```game\ngame \"Peg Solitaire\"")
        .expect("the example")
        + 8;
    let end = start + docs[start..].find("```").unwrap();
    assert_eq!(rules(&docs[start..end]), rules(&fixture));
}
