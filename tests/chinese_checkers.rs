//! The bundled Chinese checkers (`games/chinese-checkers.game` and its variants of three,
//! four and six players; rules CC-1 .. CC-9 of `docs/games/chinese-checkers.md`) and the
//! jump it needs, `chained to any landing`: the star board, each rule on hand-built
//! positions (a step, a hop over anyone's piece taking nothing, a chain with a choice of
//! stops that never lands twice, no hop onto a piece, the win and a goal blocked by a piece
//! left at home, the pass, the limit of moves), and games played in OpenSpiel
//! (`tests/openspiel/chinese-checkers-games.txt`, printed by
//! `tests/openspiel/chinese-checkers.py`) replayed turn by turn, the legal moves compared
//! at every turn and the result at the end.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::rows::position_text;
use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player};
use rulebook::{notation, pipeline};

fn game(name: &str) -> Arc<Game> {
    pipeline::load(name, None, &[]).unwrap_or_else(|e| panic!("{name}: {}", e.render(false)))
}

/// The position of the game of two with these pieces (`R` red, `G` green: `"R e9"`) and
/// `to_move` to move.
fn at(game: &Arc<Game>, pieces: &[&str], to_move: &str) -> State {
    let mut rows = vec![vec!['.'; 17]; 17];
    for p in pieces {
        let (letter, site) = p.split_once(' ').expect("LETTER SITE");
        let file = (site.as_bytes()[0] - b'a') as usize;
        let rank: usize = site[1..].parse().expect("a rank");
        rows[17 - rank][file] = letter.chars().next().expect("a letter");
    }
    let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    let text = position_text(&rows, to_move);
    notation::parse_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(state: &State) -> BTreeSet<String> {
    notation::legal_texts(state).into_iter().collect()
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

/// The moves of the piece on `from` alone.
fn moves_from(state: &State, from: &str) -> BTreeSet<String> {
    let prefix = format!("{from}-");
    moves(state)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

#[test]
fn cc1_the_star_has_121_cells_and_six_points_of_ten() {
    let g = game("chinese-checkers");
    let start = State::new(Arc::clone(&g));
    let text = notation::position_text(&start);
    assert_eq!(
        text,
        "4R12/4RR11/4RRR10/4RRRR9/17/17/17/17/17/17/17/17/17/9GGGG4/10GGG4/11GG4/12G4 red"
    );
    // The rhombus has 289 cells; the star 121 of them, the rest refused.
    let six = game("chinese-checkers-6");
    let full = notation::position_text(&State::new(six));
    let pieces = full.chars().filter(|c| c.is_ascii_uppercase()).count();
    assert_eq!(pieces, 60, "{full}");
    assert!(
        notation::parse_position(&g, &position_text(&["R................"; 17], "red")).is_err()
    );
    // The tips and the ends of the long rows touch two cells, the centre six.
    let lone = |site: &str| moves_from(&at(&g, &[&format!("R {site}")], "red"), site).len();
    assert_eq!(lone("e17"), 2);
    assert_eq!(lone("m1"), 2);
    assert_eq!(lone("a13"), 2);
    assert_eq!(lone("q5"), 2);
    assert_eq!(lone("i9"), 6);
    // A cell next to an inner corner of the star: five of its six neighbours are cells.
    assert_eq!(lone("e13"), 5);
}

#[test]
fn cc2_the_seats_of_two_three_four_and_six_players() {
    let seats = |name: &str| {
        let g = game(name);
        let text = notation::position_text(&State::new(Arc::clone(&g)));
        (g.about.players.join(" "), text)
    };
    assert_eq!(seats("chinese-checkers").0, "red green");
    let (three, text) = seats("chinese-checkers-3");
    assert_eq!(three, "red yellow blue");
    assert_eq!(
        text,
        "4R12/4RR11/4RRR10/4RRRR9/17/17/17/17/17/4B8Y3/4BB7YY2/4BBB6YYY1/4BBBB5YYYY/17/17/17/17 red"
    );
    assert_eq!(seats("chinese-checkers-4").0, "red orange green blue");
    assert_eq!(
        seats("chinese-checkers-6").0,
        "red orange yellow green blue purple"
    );
}

#[test]
fn cc3_a_piece_steps_to_any_touching_empty_cell() {
    let g = game("chinese-checkers");
    let s = at(&g, &["R i9", "G m1"], "red");
    assert_eq!(
        moves_from(&s, "i9"),
        set(&["i9-h9", "i9-j9", "i9-i10", "i9-h10", "i9-i8", "i9-j8"])
    );
}

#[test]
fn cc4_a_hop_goes_over_anyones_piece_takes_nothing_and_never_lands_on_a_piece() {
    let g = game("chinese-checkers");
    // Red's own piece east, Green's north-east, and a piece behind Green's on i11 so no hop
    // lands there; west a piece with an empty cell two on.
    let mut s = at(
        &g,
        &["R i9", "R j9", "G i10", "G i11", "G h9", "G m1"],
        "red",
    );
    let from_i9 = moves_from(&s, "i9");
    assert!(from_i9.contains("i9-k9"), "{from_i9:?}");
    assert!(from_i9.contains("i9-g9"), "{from_i9:?}");
    assert!(!from_i9.iter().any(|m| m.ends_with("-i11")), "{from_i9:?}");
    assert!(!from_i9.contains("i9-i10") && !from_i9.contains("i9-j9"));
    notation::play_text(&mut s, "i9-k9").expect("a hop over one's own piece");
    notation::play_text(&mut s, "h9-g9").expect("green steps");
    notation::play_text(&mut s, "k9-i9").expect("and back over it");
    let mut s2 = at(&g, &["R i9", "G h9", "G m1"], "red");
    notation::play_text(&mut s2, "i9-g9").expect("a hop over an enemy piece");
    let after = notation::position_text(&s2);
    assert_eq!(after.matches('G').count(), 2, "nothing is taken: {after}");
}

#[test]
fn cc5_a_chain_stops_where_the_player_likes_and_never_lands_twice() {
    let g = game("chinese-checkers");
    // From i9 over j9 to k9, then over k10 to k11 or over l9 to m9; from m9 over m10 to m11.
    let s = at(
        &g,
        &["R i9", "G j9", "G k10", "G l9", "G m10", "G m1"],
        "red",
    );
    let hops: BTreeSet<String> = moves_from(&s, "i9")
        .into_iter()
        .filter(|m| !["i9-h9", "i9-i10", "i9-h10", "i9-i8", "i9-j8"].contains(&m.as_str()))
        .collect();
    assert_eq!(hops, set(&["i9-k9", "i9-k11", "i9-m9", "i9-m11"]));
    // A ring of three pieces: i9 over j9 to k9, over j10 to i11 (north-west), over i10 back
    // to i9, or the other way round: the start is never landed on again, and k9 and i11,
    // each reached two ways, are one move each.
    let s = at(&g, &["R i9", "G j9", "G j10", "G i10", "G m1"], "red");
    let hops: BTreeSet<String> = moves_from(&s, "i9")
        .into_iter()
        .filter(|m| !["i9-h9", "i9-h10", "i9-i8", "i9-j8"].contains(&m.as_str()))
        .collect();
    assert_eq!(hops, set(&["i9-k9", "i9-i11"]));
    let listed = notation::legal_texts(&s);
    let distinct: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(listed.len(), distinct.len(), "{listed:?}");
}

#[test]
fn cc5_a_step_and_a_chain_to_the_same_cell_are_one_move() {
    let g = game("chinese-checkers");
    // i9 steps to j9, or hops over i10 to i11, over j10 to k9... and over k9's neighbours
    // back to j9? j9 is reached by a step; a chain i9-i11-k9... cannot land on j9 (it is
    // one cell from k9), but i9 over h10 to g11 and on: every landing listed once.
    let s = at(
        &g,
        &["R i9", "G i10", "G j10", "G h10", "G h9", "G j8", "G m1"],
        "red",
    );
    let listed = notation::legal_texts(&s);
    let distinct: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(listed.len(), distinct.len(), "{listed:?}");
    // i9 over h9 to g9; over i10 to i11; i11 over j10 to k9; k9 over j8 to i7 ... and
    // i9 over j8 to k7; the step to j9 stays.
    let from_i9 = moves_from(&s, "i9");
    for to in [
        "i9-j9", "i9-i8", "i9-g9", "i9-i11", "i9-k9", "i9-k7", "i9-g11",
    ] {
        assert!(from_i9.contains(to), "{to} in {from_i9:?}");
    }
}

#[test]
fn cc6_all_ten_in_the_far_point_win_and_a_piece_left_there_blocks_it() {
    let g = game("chinese-checkers");
    let south = ["m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4"];
    let mut pieces: Vec<String> = south.iter().map(|s| format!("R {s}")).collect();
    pieces.push("R l5".into());
    pieces.push("G e17".into());
    let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
    let mut s = at(&g, &refs, "red");
    assert_eq!(s.outcome(), None);
    notation::play_text(&mut s, "l5-m4").expect("the tenth piece home");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    // CC-7: Green's piece left at home on m4 keeps Red's tenth piece out.
    let mut blocked = refs.clone();
    blocked.push("G m4");
    let mut s = at(&g, &blocked, "red");
    notation::play_text(&mut s, "l5-l6").expect("a step");
    assert_eq!(s.outcome(), None);
    assert!(!moves(&s).is_empty());
}

#[test]
fn cc8_a_player_with_no_step_and_no_hop_passes() {
    let g = game("chinese-checkers");
    // Red's one piece on the north tip, both neighbours taken and both hops' landings too.
    let mut s = at(
        &g,
        &["R e17", "G e16", "G f16", "G e15", "G g15", "G m1"],
        "red",
    );
    assert_eq!(moves(&s), set(&["pass"]));
    notation::play_text(&mut s, "pass").expect("the pass");
    assert_eq!(s.outcome(), None);
    assert!(!moves(&s).contains("pass"), "green can move");
}

#[test]
fn cc9_the_thousandth_move_draws_unless_it_wins() {
    let g = game("chinese-checkers");
    let base = at(&g, &["R i9", "G m1"], "red");
    let text = notation::position_text(&base).replace(" red", " red clock=999");
    let mut s = notation::parse_position(&g, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    notation::play_text(&mut s, "i9-i8").expect("a step");
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    let mut s =
        notation::parse_position(&g, &text.replace("clock=999", "clock=998")).expect("a position");
    notation::play_text(&mut s, "i9-i8").expect("a step");
    assert_eq!(s.outcome(), None);
}

#[test]
fn a_jump_to_any_landing_on_a_square_grid_and_its_refusals() {
    // The construct is general: a grid of squares, orthogonal jumps over friends only.
    let text = "game \"T\"\nplayers white, black\nboard grid 5 by 5\npiece man\n\
        setup white man on a1 + b1 + c2 + b3\nsetup black man on e5\n\
        move jump orthogonal over friend chained to any landing\n\
        end when no legal move: mover loses\n";
    let g = pipeline::load_text("t.game", text, None, &[]).expect("the game loads");
    let s = State::new(g);
    // a1 over b1 to c1, over c2 to c3, over b3 to a3; a1 never lands on itself again.
    assert_eq!(moves_from(&s, "a1"), set(&["a1-a3", "a1-c1", "a1-c3"]));
    for (rule, code) in [
        (
            "move jump orthogonal over enemy remove chained to any landing",
            "E0112",
        ),
        (
            "move jump orthogonal flying over any chained to any landing",
            "E0107",
        ),
    ] {
        let bad = text.replace(
            "move jump orthogonal over friend chained to any landing",
            rule,
        );
        let errors = match pipeline::load_text("t.game", &bad, None, &[]) {
            Ok(_) => panic!("{rule} loads"),
            Err(e) => e.render(false),
        };
        assert!(errors.contains(code), "{rule}: {errors}");
    }
}

/// FNV-1a 64 of the texts sorted and joined by spaces, as the script hashes OpenSpiel's.
fn fnv(texts: &[String]) -> String {
    let mut sorted = texts.to_vec();
    sorted.sort();
    let mut h: u64 = 0xcbf29ce484222325;
    for b in sorted.join(" ").bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

#[test]
fn openspiel_games_replay_with_the_same_moves_at_every_turn_and_the_same_result() {
    let data =
        std::fs::read_to_string("tests/openspiel/chinese-checkers-games.txt").expect("the games");
    let mut games = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "game" {
            games.push((words[1].to_string(), words[2].to_string(), Vec::new()));
        } else {
            let (_, _, turns) = games.last_mut().expect("a game line first");
            turns.push(words.iter().map(|w| w.to_string()).collect::<Vec<_>>());
        }
    }
    let mut results = BTreeSet::new();
    for (players, result, turns) in &games {
        let name = match players.as_str() {
            "2" => "chinese-checkers".to_string(),
            n => format!("chinese-checkers-{n}"),
        };
        let mut state = State::new(game(&name));
        for (ply, turn) in turns.iter().enumerate() {
            let legal = notation::legal_texts(&state);
            let here = format!("{name}, turn {}", ply + 1);
            assert_eq!(legal.len().to_string(), turn[1], "{here}: {legal:?}");
            assert_eq!(fnv(&legal), turn[2], "{here}: {legal:?}");
            notation::play_text(&mut state, &turn[0]).unwrap_or_else(|e| panic!("{here}: {e}"));
        }
        let expected = match result.as_str() {
            "draw" => Outcome::Draw,
            n => Outcome::Win(Player::new(n.parse().expect("a player")).expect("a player")),
        };
        assert_eq!(state.outcome(), Some(expected), "{name}");
        results.insert((players.clone(), result == "draw"));
    }
    // Games of every number of players, won and drawn.
    for players in ["2", "3", "4", "6"] {
        assert!(
            results.contains(&(players.to_string(), false)),
            "{results:?}"
        );
    }
}
