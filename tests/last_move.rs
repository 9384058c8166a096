//! `last`, `origin` and `captured` on a board of pieces (docs/language/expressions.md,
//! "Built-in names"): what they are after each kind of move, before any move and after a
//! pass; undo and the position text keeping them; and the fixture Raid
//! (`tests/fixtures/valid/raid.game`, a capture gives another move and reaching c3 wins),
//! whose perft from random positions is checked against a move generator written here
//! from its rules alone.

use std::sync::Arc;

use crate::common::move_texts::{legal, play, set};
use crate::common::xorshift::XorShift;
use rulebook::analysis::perft;
use rulebook::engine::{Outcome, State};
use rulebook::model::{Game, Player, Site, NO_SITE};
use rulebook::{notation, pipeline};

/// A game of two players on 5 x 5 with `rules` after its board and piece.
fn game(rules: &str) -> Arc<Game> {
    let text = format!(
        "game \"Test\"\nplayers white, black\nboard grid 5 by 5\npiece man\n{rules}\n\
         end when no legal move: mover loses\n"
    );
    pipeline::load_text("test.game", &text, None, &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

fn raid() -> Arc<Game> {
    pipeline::load("tests/fixtures/valid/raid.game", None, &[]).expect("Raid loads")
}

fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The site named `name`.
fn site(game: &Game, name: &str) -> Site {
    game.board.site_named(name).expect("a point of the board")
}

/// `(origin, last)` by their names, `-` for no site.
fn played(state: &State) -> (String, String) {
    let (origin, last) = state.played().unwrap_or((NO_SITE, NO_SITE));
    let names = &state.game().board.site_names;
    let name = |s: Site| names.get(s.index()).cloned().unwrap_or_else(|| "-".into());
    (name(origin), name(last))
}

fn pair(origin: &str, last: &str) -> (String, String) {
    (origin.to_string(), last.to_string())
}

#[test]
fn a_placement_has_a_last_site_and_no_origin_and_a_pass_has_neither() {
    let g = game("move place man\nmove remove when last == c3\nmove pass");
    let mut s = State::new(Arc::clone(&g));
    assert_eq!(played(&s), pair("-", "-"), "no site before any move");
    play(&mut s, "c3");
    assert_eq!(played(&s), pair("-", "c3"));
    assert!(
        !legal(&mut s).iter().any(|m| m.starts_with('x')),
        "Black has nothing to remove"
    );
    play(&mut s, "b2");
    assert_eq!(played(&s), pair("-", "b2"));
    assert!(
        !legal(&mut s).contains("xc3"),
        "`last == c3` is false after b2"
    );
    play(&mut s, "d4");
    // A removal starts from the site emptied and lands nowhere.
    let mut r = at(&g, "5/5/2W2/1B3/5 black played=-c3");
    assert!(
        legal(&mut r).contains("xb2"),
        "Black may remove after White's c3"
    );
    play(&mut r, "xb2");
    assert_eq!(played(&r), pair("b2", "-"));
}

#[test]
fn a_step_has_its_origin_and_its_landing() {
    let g = game("setup white man on a1\nsetup black man on e5\nmove step orthogonal\nend when origin == a1 and last == b1: mover wins");
    let mut s = State::new(Arc::clone(&g));
    play(&mut s, "a1-a2");
    assert_eq!(played(&s), pair("a1", "a2"));
    assert_eq!(s.outcome(), None, "a2 is not b1");
    play(&mut s, "e5-e4");
    assert_eq!(played(&s), pair("e5", "e4"));
    let mut s = State::new(Arc::clone(&g));
    play(&mut s, "a1-b1");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn a_chain_of_jumps_lands_on_its_last_landing() {
    let g = game("move jump orthogonal over enemy remove chained\nafter move again when captured > 1\nend when last == e5: mover wins");
    // White's a1 jumps a2 to a3, then b3 to c3: two pieces taken, and White moves again.
    let mut s = at(&g, "5/5/1B3/B4/W3W white");
    let moves = legal(&mut s);
    let chain = moves
        .iter()
        .find(|m| m.starts_with("a1") && m.ends_with("c3"));
    let chain = chain.expect("the chain a1 over a2 and b3 to c3").clone();
    play(&mut s, &chain);
    assert_eq!(played(&s), pair("a1", "c3"));
    assert_eq!(s.to_move(), Player::FIRST, "two taken: White moves again");
    assert_eq!(s.pieces(Player::SECOND), 0);
}

#[test]
fn captured_counts_the_pieces_the_move_took_and_gives_the_raid_its_second_move() {
    let g = raid();
    // c2 takes c3 by jumping to c4: White moves again; a step does not capture.
    let mut s = at(&g, "5/5/2B2/2W2/B4 white");
    assert_eq!(legal(&mut s), set(&["c2-c1", "c2-b2", "c2-d2", "c2-c4"]));
    play(&mut s, "c2-c4");
    assert_eq!(s.to_move(), Player::FIRST, "the raid: another move");
    play(&mut s, "c4-b4");
    assert_eq!(s.to_move(), Player::SECOND, "a step takes nothing");
    // Landing on c3 wins, whatever the move took.
    let mut s = at(&g, "5/5/5/2W2/B4 white");
    play(&mut s, "c2-c3");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn undo_restores_the_sites_of_the_move_before_and_the_hash() {
    let g = raid();
    let mut s = State::new(Arc::clone(&g));
    let (hash0, text0) = (s.hash(), notation::position_text(&s));
    play(&mut s, "a1-a2");
    let (hash1, played1) = (s.hash(), played(&s));
    play(&mut s, "e5-e4");
    assert_ne!(s.hash(), hash1);
    s.undo();
    assert_eq!((s.hash(), played(&s)), (hash1, played1));
    s.undo();
    assert_eq!((s.hash(), played(&s)), (hash0, pair("-", "-")));
    assert_eq!(notation::position_text(&s), text0);
}

#[test]
fn the_sites_of_the_latest_move_are_part_of_the_position_where_a_rule_reads_them() {
    let g = raid();
    // The same men, reached by two different last moves: two positions, two hashes.
    let mut a = State::new(Arc::clone(&g));
    play(&mut a, "a1-a2 d5-d4 b1-b2 e5-e4");
    let mut b = State::new(Arc::clone(&g));
    play(&mut b, "b1-b2 d5-d4 a1-a2 e5-e4");
    let mut c = State::new(Arc::clone(&g));
    play(&mut c, "a1-a2 e5-e4 b1-b2 d5-d4");
    assert_ne!(a.hash(), c.hash());
    assert_eq!(b.hash(), a.hash(), "the same board, the same last move");
    assert!(a == b && a != c);
    // The position text says them, and reads them back into an equal state.
    let text = notation::position_text(&a);
    assert!(text.ends_with("white played=e5-e4"), "{text}");
    let read = at(&g, &text);
    assert!(read == a);
    assert_eq!(read.hash(), a.hash());
    assert_eq!(notation::position_text(&read), text);
    // A placement's word has no origin.
    let p = game("move place man\nend when last == c3: mover wins");
    let mut s = State::new(Arc::clone(&p));
    play(&mut s, "b2");
    let text = notation::position_text(&s);
    assert!(text.ends_with("played=-b2"), "{text}");
    assert_eq!(played(&at(&p, &text)), pair("-", "b2"));
    // Read with `last` on c3, the end rule judges the position as after that move.
    let s = at(&p, "5/5/2W2/5/5 black played=-c3");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
}

#[test]
fn a_game_that_reads_none_of_them_keeps_none() {
    let g = game("setup white man on a1\nsetup black man on e5\nmove step orthogonal");
    assert!(!g.facts.keeps_last && !g.facts.reads_captured);
    let mut s = State::new(Arc::clone(&g));
    let hash = s.hash();
    play(&mut s, "a1-a2 e5-e4 a2-a1 e4-e5");
    assert_eq!(s.played(), None);
    assert_eq!(s.hash(), hash, "the same position, the same hash");
    assert!(!notation::position_text(&s).contains("played="));
    assert_eq!(site(&g, "a1").index(), 0);
}

/// A position of Raid for the reference: a cell per site (a1 first, rank by rank; 0
/// empty, 1 White, 2 Black), the player to move (1 or 2), whether the game is over.
#[derive(Clone)]
struct Raid {
    cells: [u8; 25],
    mover: u8,
    over: bool,
}

impl Raid {
    /// The moves, as `(from, to, jumped)`, by the rules' words: a man steps to an empty
    /// orthogonal neighbour, or jumps an enemy orthogonal neighbour onto the empty site
    /// beyond; none once the game is over.
    fn moves(&self) -> Vec<(usize, usize, Option<usize>)> {
        let mut out = Vec::new();
        if self.over {
            return out;
        }
        let at = |f: i32, r: i32| {
            ((0..5).contains(&f) && (0..5).contains(&r)).then(|| (r * 5 + f) as usize)
        };
        for i in (0..25).filter(|&i| self.cells[i] == self.mover) {
            let (f, r) = ((i % 5) as i32, (i / 5) as i32);
            for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let Some(n) = at(f + df, r + dr) else {
                    continue;
                };
                if self.cells[n] == 0 {
                    out.push((i, n, None));
                } else if self.cells[n] != self.mover {
                    if let Some(b) = at(f + 2 * df, r + 2 * dr).filter(|&b| self.cells[b] == 0) {
                        out.push((i, b, Some(n)));
                    }
                }
            }
        }
        out
    }

    /// The position after a move: a capture gives the mover another move, landing on c3
    /// wins, and a player left without a move has lost.
    fn play(&self, (from, to, jumped): (usize, usize, Option<usize>)) -> Raid {
        let mut next = self.clone();
        next.cells[to] = next.cells[from];
        next.cells[from] = 0;
        if let Some(j) = jumped {
            next.cells[j] = 0;
        }
        if jumped.is_none() {
            next.mover = 3 - self.mover;
        }
        next.over = to == 12 || next.moves().is_empty();
        next
    }

    fn perft(&self, depth: usize) -> u64 {
        match depth {
            0 => 1,
            _ => self
                .moves()
                .into_iter()
                .map(|m| self.play(m).perft(depth - 1))
                .sum(),
        }
    }
}

#[test]
fn raid_perft_from_the_start_and_random_positions_is_the_rules_own() {
    let g = raid();
    let mut start = Raid {
        cells: [0; 25],
        mover: 1,
        over: false,
    };
    start.cells[..5].fill(1);
    start.cells[20..].fill(2);
    let counts = perft(&mut State::new(Arc::clone(&g)), 5);
    let expected: Vec<u64> = (1..=5).map(|d| start.perft(d)).collect();
    assert_eq!(counts, expected);
    let mut rng = XorShift(0x1a57);
    let mut compared = 0;
    for _ in 0..120 {
        let cells: Vec<u8> = rng.cells(25, 25);
        let mut r = Raid {
            cells: [0; 25],
            mover: 1 + rng.below(2) as u8,
            over: false,
        };
        r.cells.copy_from_slice(&cells);
        // The latest move landed on c3 in one position in ten: the game is over there.
        let on_c3 = rng.below(10) == 0;
        let text = rows_text(&r, on_c3);
        let mut state = at(&g, &text);
        r.over = on_c3 || r.moves().is_empty();
        if r.cells[12] == 0 && on_c3 {
            continue; // no man stands where it landed
        }
        assert_eq!(
            perft(&mut state, 3),
            (1..=3).map(|d| r.perft(d)).collect::<Vec<_>>(),
            "{text}"
        );
        compared += 1;
    }
    assert!(compared > 100, "{compared} positions compared");
}

/// The position text of a reference position, with `played=c2-c3` where the latest move
/// landed on c3 (by the player before the one to move).
fn rows_text(r: &Raid, on_c3: bool) -> String {
    let rows: Vec<String> = (0..5)
        .rev()
        .map(|rank| {
            (0..5)
                .map(|f| match r.cells[rank * 5 + f] {
                    1 => 'W',
                    2 => 'B',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let mover = if r.mover == 1 { "white" } else { "black" };
    let played = if on_c3 { " played=c2-c3" } else { "" };
    format!("{} {mover}{played}", rows.join("/"))
}

/// The sites of the 5 x 5 board at most `reach` king steps from `centre` (0: the site
/// itself), or with `reach` `None` its orthogonal neighbours, worked out by file and rank.
fn around(centre: Site, reach: Option<i64>) -> Vec<Site> {
    let (cf, cr) = (centre.index() as i64 % 5, centre.index() as i64 / 5);
    (0..25)
        .filter(|s: &i64| {
            let (df, dr) = ((s % 5 - cf).abs(), (s / 5 - cr).abs());
            match reach {
                Some(n) => df.max(dr) <= n,
                None => df + dr == 1,
            }
        })
        .map(|s| Site::at(s as usize))
        .collect()
}

/// How many of `sites` hold a piece of `player`'s.
fn held(state: &State, player: Player, sites: &[Site]) -> usize {
    sites
        .iter()
        .filter(|&&s| state.owner(s) == Some(player))
        .count()
}

/// A condition on a region around the latest move, and the same worked out from the
/// position: the player to move, the other player, and the sites `(origin, last)`.
type AroundCase = (
    &'static str,
    fn(&State, Player, Player, (Site, Site)) -> bool,
);

#[test]
fn regions_around_the_latest_move_count_the_pieces_on_them() {
    let cases: [AroundCase; 4] = [
        (
            "pieces(opponent, neighbours(last)) > 0",
            |s, _, them, (_, last)| last != NO_SITE && held(s, them, &around(last, None)) > 0,
        ),
        (
            "pieces(mover, within(last, 1), man) >= 2",
            |s, me, _, (_, last)| last != NO_SITE && held(s, me, &around(last, Some(1))) >= 2,
        ),
        (
            "pieces(mover, neighbours(origin)) > 0",
            |s, me, _, (origin, _)| origin != NO_SITE && held(s, me, &around(origin, None)) > 0,
        ),
        (
            "pieces(opponent, all - last) > 2",
            |s, _, them, (_, last)| {
                let all: Vec<Site> = (0..25).map(Site::at).filter(|&x| x != last).collect();
                held(s, them, &all) > 2
            },
        ),
    ];
    let mut rng = XorShift(46);
    for (condition, expected) in cases {
        let g = game(&format!(
            "move place man\nmove step orthogonal\nmove pass at will when {condition}"
        ));
        let (mut seen_true, mut seen_false) = (0, 0);
        for _ in 0..30 {
            let mut s = State::new(Arc::clone(&g));
            for _ in 0..40 {
                let moves = legal(&mut s);
                if s.outcome().is_some() || moves.is_empty() {
                    break;
                }
                let me = s.to_move();
                let them = Player::new(1 - me.index()).expect("two players");
                let sites = s.played().unwrap_or((NO_SITE, NO_SITE));
                let want = expected(&s, me, them, sites);
                let here = notation::position_text(&s);
                assert_eq!(moves.contains("pass"), want, "{condition} at {here}");
                (seen_true, seen_false) = (seen_true + want as usize, seen_false + !want as usize);
                let pick = moves.iter().nth(rng.below(moves.len())).expect("a move");
                play(&mut s, &pick.clone());
            }
        }
        assert!(
            seen_true > 20 && seen_false > 20,
            "{condition}: both ways ({seen_true}, {seen_false})"
        );
    }
}

#[test]
fn next_to_last_places_only_beside_the_site_the_latest_move_landed_on() {
    // With a pass, the moves are listed; with placements alone, picked from bit sets.
    let cases = [
        ("", None, "\nmove pass at will when last == a1"),
        (" along all", Some(1), "\nmove pass at will when last == a1"),
        ("", None, ""),
        (" along all", Some(1), ""),
    ];
    for (along, reach, pass) in cases {
        let g = game(&format!(
            "move place man in centre when pieces(white) + pieces(black) == 0\n\
             move place man next to last{along}{pass}"
        ));
        assert!(g.facts.keeps_last, "`next to last` keeps the site");
        let mut rng = XorShift(4600 + along.len() as u64 + pass.len() as u64);
        let (mut listed, mut work) = (
            rulebook::engine::MoveList::new(),
            rulebook::engine::MoveList::new(),
        );
        for _ in 0..40 {
            let mut s = State::new(Arc::clone(&g));
            loop {
                let moves = legal(&mut s);
                let last = s.played().map_or(NO_SITE, |(_, last)| last);
                let names = &g.board.site_names;
                let mut beside: Vec<String> = match last {
                    NO_SITE if s.pieces(Player::new(0).expect("white")) == 0 => {
                        vec!["c3".to_string()]
                    }
                    NO_SITE => Vec::new(),
                    _ => around(last, reach)
                        .into_iter()
                        .filter(|&x| x != last && s.owner(x).is_none())
                        .map(|x| names[x.index()].clone())
                        .collect(),
                };
                if last == site(&g, "a1") && !pass.is_empty() {
                    beside.push("pass".into());
                }
                let here = notation::position_text(&s);
                assert_eq!(moves, beside.into_iter().collect(), "{along} at {here}");
                s.legal_moves(&mut listed);
                for k in 0..listed.len() {
                    let picked = s.pick_legal_move(&mut work, |n| {
                        assert_eq!(n, listed.len(), "{along} at {here}: the moves counted");
                        k
                    });
                    assert_eq!(picked, Some(listed[k]), "{along} at {here}: pick {k}");
                }
                if moves.is_empty() {
                    assert!(s.outcome().is_some(), "no move ends the game");
                    break;
                }
                let pick = moves.iter().nth(rng.below(moves.len())).expect("a move");
                play(&mut s, &pick.clone());
            }
        }
    }
}
