//! Mū tōrere on a board given as a graph (`games/mu-torere.game`, rules MT-1..MT-7 of
//! docs/games/mu-torere.md), against the independent reference
//! `tests/common/mu_torere_reference.rs`: the board's sites and links, a hand-built
//! position for every rule (the expected moves worked out by hand from the rules page),
//! the perft data file `tests/perft/mu-torere.perft`, random positions and random games
//! played move by move by both.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::common::move_texts::{self, legal, set};
use crate::common::mu_torere_reference::{Game, PLAYERS, SITES};
use crate::common::perft_file;
use crate::common::xorshift::XorShift;
use rulebook::engine::{Outcome, State};
use rulebook::model::{self, Player, Site, NO_SITE};
use rulebook::{notation, pipeline};

fn game() -> Arc<model::Game> {
    pipeline::load("mu-torere", None, &[]).unwrap_or_else(|e| panic!("{}", e.render(false)))
}

fn at(text: &str) -> State {
    notation::parse_position(&game(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position text without what follows the player to move (`played=...`).
fn text_of(state: &State) -> String {
    let text = notation::position_text(state);
    text.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// The engine's outcome as the reference gives it.
fn outcome_of(state: &State) -> Option<Option<usize>> {
    state.outcome().map(|o| match o {
        Outcome::Win(p) => Some(p.index()),
        Outcome::Draw => None,
    })
}

// MT-1: the board.

#[test]
fn mt1_nine_sites_each_kewai_joined_to_two_kewai_and_the_putahi() {
    let g = game();
    let b = &g.board;
    assert_eq!(b.site_names, SITES.map(String::from).to_vec());
    let linked = |s: usize| -> BTreeSet<&str> {
        (0..b.directions() as u8)
            .map(|d| b.step(Site::at(s), d))
            .filter(|&n| n != NO_SITE)
            .map(|n| SITES[n.index()])
            .collect()
    };
    assert_eq!(linked(0), SITES[1..].iter().copied().collect());
    assert_eq!(linked(1), ["putahi", "ne", "nw"].into_iter().collect());
    assert_eq!(linked(5), ["putahi", "se", "sw"].into_iter().collect());
    for (k, name) in SITES.iter().enumerate().skip(1) {
        assert_eq!(linked(k).len(), 3, "{name}");
    }
    assert_eq!(b.places().len(), 9);
}

// MT-2: the start.

#[test]
fn mt2_start_four_each_putahi_empty_black_first() {
    let s = State::new(game());
    assert_eq!(text_of(&s), "1BBBBWWWW black");
    let g = Game::new();
    assert_eq!(g.to_text(), "1BBBBWWWW black");
    assert_eq!(
        (g.cell("putahi"), g.cell("n"), g.cell("nw")),
        ('.', 'B', 'W')
    );
    assert_eq!(g.to_move(), 0);
    assert_eq!(s.to_move(), Player::FIRST);
    // Only the two black stones beside a white one may enter the pūtahi (MT-5).
    let mut s = s;
    assert_eq!(legal(&mut s), set(&["n-putahi", "se-putahi"]));
}

#[test]
fn mt2_the_text_board_places_the_sites_by_the_star() {
    let out = crate::common::bin::run(&["position", "games/mu-torere.game"]);
    let text = crate::common::bin::text(&out.stdout);
    assert!(
        text.starts_with(
            "nw W      n B       ne B\nw W       putahi .  e B\nsw W      s W       se B\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("legal moves (2): n-putahi se-putahi"),
        "{text}"
    );
}

// MT-3: along the ring to an empty kewai.

#[test]
fn mt3_a_stone_steps_to_an_empty_kewai_beside_it() {
    // Black on putahi, ne, e, se; White on n, s, sw, w; nw empty: White to move.
    let mut s = at("BWBBBWWW1 white");
    assert_eq!(legal(&mut s), set(&["n-nw", "w-nw"]));
    // Not across the star: a kewai two places on is no neighbour.
    let mut s = at("BW1BBWWWB white");
    assert_eq!(legal(&mut s), set(&["n-ne"]));
}

// MT-4: from the pūtahi to any empty kewai.

#[test]
fn mt4_from_the_putahi_to_the_empty_kewai_wherever_it_is() {
    let mut s = at("BWBBBWWW1 black");
    assert_eq!(legal(&mut s), set(&["putahi-nw"]));
    // White's stones stand beside no empty kewai but nw, whose neighbour n is empty.
    let mut s = at("B3BWWWW white");
    assert_eq!(legal(&mut s), set(&["nw-n"]));
    let mut s = at("B3BWWWW black");
    assert_eq!(
        legal(&mut s),
        set(&["putahi-e", "putahi-n", "putahi-ne", "se-e"])
    );
}

// MT-5: into the pūtahi only from beside an enemy stone.

#[test]
fn mt5_into_the_putahi_only_beside_an_enemy() {
    // Black's ne has e (black) and n (black) beside it: no; n has nw (white): yes.
    let mut s = at("1BBBBWWWW black");
    assert_eq!(legal(&mut s), set(&["n-putahi", "se-putahi"]));
    // White's s and nw are beside black stones; sw and w are not.
    let mut s = at("1BBBBWWWW white");
    assert_eq!(legal(&mut s), set(&["nw-putahi", "s-putahi"]));
    // Alternating stones: every stone is beside an enemy.
    let mut s = at("1BWBWBWBW black");
    assert_eq!(
        legal(&mut s),
        set(&["e-putahi", "n-putahi", "s-putahi", "w-putahi"])
    );
}

// MT-6: blocked, a player loses.

#[test]
fn mt6_a_player_who_cannot_move_loses() {
    // White on the pūtahi and on both kewai beside the empty n; Black's four stones have
    // no empty kewai beside them and cannot reach the pūtahi: Black loses.
    let text = "W1WBBBBWW black";
    let mut s = at(text);
    assert_eq!(outcome_of(&s), Some(Some(1)));
    assert!(legal(&mut s).is_empty());
    assert_eq!(Game::from_position(text).outcome(), Some(Some(1)));
    // With White to move in the same place, White has moves and the game goes on.
    let mut s = at("W1WBBBBWW white");
    assert_eq!(s.outcome(), None);
    assert_eq!(legal(&mut s), set(&["ne-n", "nw-n", "putahi-n"]));
}

// MT-7: a position met a third time draws.

#[test]
fn mt7_the_third_time_a_position_is_met_draws() {
    // Six plies that bring the start back, Black to move: the stones of n and nw change
    // places through the pūtahi and change back.
    let round = "n-putahi nw-n putahi-nw n-putahi nw-n putahi-nw";
    let mut s = State::new(game());
    let mut g = Game::new();
    for (i, m) in round.split(' ').cycle().take(12).enumerate() {
        assert_eq!(outcome_of(&s), None, "before ply {}", i + 1);
        assert_eq!(g.outcome(), None);
        notation::play_text(&mut s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g = g.play(m);
    }
    assert_eq!(text_of(&s), "1BBBBWWWW black");
    assert_eq!(outcome_of(&s), Some(None), "the start is met a third time");
    assert_eq!(g.outcome(), Some(None));
}

// The perft data file, against the reference.

#[test]
fn perft_data_file_agrees_with_the_reference() {
    let cases = perft_file::read("tests/perft/mu-torere.perft", Some("mu-torere"));
    assert!(cases.len() >= 3);
    let mut compared = 0;
    for case in &cases {
        let mut g = match &case.position {
            Some(p) => Game::from_position(p),
            None => Game::new(),
        };
        for m in case.moves.split_whitespace() {
            g = g.play(m);
        }
        let depth = case.depth_within(2_000_000);
        compared += case.assert_agrees(&g.perft(depth));
    }
    assert!(compared >= 30, "{compared}");
}

/// The tool that printed the data file's counts: `cargo test --release --test suite
/// mu_torere_reference::print_perft -- --ignored --nocapture`.
#[test]
#[ignore = "a tool: prints the reference's perft (with --nocapture)"]
fn print_perft() {
    println!("start: {:?}", Game::new().perft(20));
    for p in ["BWBBBWWW1 black", "1BWBWBWBW black", "W1WBBBBWW white"] {
        println!("{p}: {:?}", Game::from_position(p).perft(16));
    }
}

// Random positions and random games.

#[test]
fn random_positions_agree_with_the_reference() {
    let g = game();
    let compared = move_texts::random_positions_agree(&g, 46, 500, 1, |cells, mover| {
        let cells: Vec<u8> = cells
            .iter()
            .map(|&c| match c == model::EMPTY {
                true => 0,
                false => g.tables.owner[c.index()].index() as u8 + 1,
            })
            .collect();
        let r = Game::with(cells.try_into().expect("nine sites"), mover.index());
        r.moves().into_iter().collect()
    });
    assert!(compared >= 100, "{compared}");
}

#[test]
fn random_games_agree_move_by_move() {
    let mut rng = XorShift(0x6d75_746f_7265_7265);
    let (mut games, mut plies) = (0, 0);
    let mut results = [0usize; 3];
    for _ in 0..300 {
        let mut s = State::new(game());
        let mut g = Game::new();
        loop {
            assert_eq!(text_of(&s), g.to_text());
            assert_eq!(outcome_of(&s), g.outcome(), "{}", g.to_text());
            let expected: BTreeSet<String> = g.moves().into_iter().collect();
            assert_eq!(legal(&mut s), expected, "{}", g.to_text());
            if expected.is_empty() {
                break;
            }
            let moves: Vec<&String> = expected.iter().collect();
            let m = moves[rng.below(moves.len())].clone();
            notation::play_text(&mut s, &m).unwrap_or_else(|e| panic!("{m}: {e}"));
            g = g.play(&m);
            plies += 1;
        }
        results[match g.outcome() {
            Some(Some(p)) => p,
            _ => 2,
        }] += 1;
        games += 1;
    }
    assert_eq!(games, 300);
    assert!(plies > 3000, "{plies}");
    assert!(
        results.iter().all(|&n| n > 0),
        "{results:?} ({PLAYERS:?}, draw)"
    );
}
