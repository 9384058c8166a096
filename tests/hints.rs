//! Honest hints (issue 51): every claim a hint makes (`ai::explain` on the moves
//! `Searcher::rank` judges, as the REPL's `hint` and the server's hints print them) is
//! replayed against a deeper search of the position after the move, and a claim the deeper
//! search refutes fails the test, naming the reply that refutes it.
//!
//! The claims a hint can make, and what refutes each:
//! - `wins: a won game within N plies, whatever the reply`: the deeper search finds the
//!   game not won after the move;
//! - `loses: the game is lost within N plies with best replies`: the deeper search finds
//!   a line that is not lost;
//! - `gains N UNIT`: the deeper search finds the mover no better off than before the move
//!   (the gain gone, or the game lost). Where the count swings by far more than a move is
//!   worth (`ai::claims_gains`: Go's area, Othello's discs) no gain is claimed, only the
//!   standing "by the count as the pieces would stand", which is not checked.
//!
//! "Keeps the balance" and "loses N" promise nothing a deeper search could refute but a
//! pleasant surprise, and are not checked.
//!
//! The quick test hints at the easiest level and checks at a few plies more; the test of
//! the default level (`medium`, the hints a player gets) against a search four times its
//! size and two plies deeper takes minutes, and is `--ignored` (run it with `cargo test
//! --test suite hints:: -- --ignored`).

use std::sync::atomic::AtomicBool;

use rulebook::ai::{self, level, Budget, Judgement, Searcher};
use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Outcome, State};
use rulebook::{notation, pipeline};

/// A position to hint in: a game, its preset, the moves that lead there (move texts), and
/// as many random plies after them drawn from `seed` (0 for none).
struct Case {
    game: &'static str,
    preset: Option<&'static str>,
    moves: &'static str,
    random: (u64, usize),
}

/// The tactical set: the positions of issue 51 (Brandubh after `b4-b6 c4-b4 a4-a5 b4-b3`)
/// and positions a few random plies into Brandubh, Ming Mang, Hasami Shogi, draughts and
/// Othello, where pieces can be taken at once.
const CASES: &[Case] = &[
    Case {
        game: "brandubh",
        preset: None,
        moves: "b4-b6 c4-b4 a4-a5 b4-b3",
        random: (0, 0),
    },
    Case {
        game: "brandubh",
        preset: None,
        moves: "",
        random: (3, 10),
    },
    Case {
        game: "ming-mang",
        preset: None,
        moves: "",
        random: (1, 8),
    },
    Case {
        game: "ming-mang",
        preset: None,
        moves: "",
        random: (2, 14),
    },
    Case {
        game: "hasami-shogi",
        preset: None,
        moves: "",
        random: (1, 12),
    },
    Case {
        game: "draughts",
        preset: None,
        moves: "",
        random: (1, 10),
    },
    Case {
        game: "othello",
        preset: None,
        moves: "",
        random: (1, 12),
    },
];

/// The position of a case.
fn position(case: &Case) -> State {
    let game = pipeline::load(case.game, case.preset, &[]).expect("the game loads");
    let mut state = State::new(game);
    for text in case.moves.split_whitespace() {
        notation::play_text(&mut state, text)
            .unwrap_or_else(|e| panic!("{}: {text}: {e:?}", case.game));
    }
    let (seed, plies) = case.random;
    let mut rng = Rng::new(seed);
    let mut list = MoveList::new();
    for _ in 0..plies {
        if state.outcome().is_some() {
            break;
        }
        let Some(m) = state.pick_legal_move(&mut list, |n| rng.below(n)) else {
            break;
        };
        state.apply(m);
    }
    assert!(
        state.outcome().is_none(),
        "{}: the case's game is over",
        case.game
    );
    state
}

/// A judgement turned to the other side of a two-player game: one more ply.
fn turned(j: Judgement) -> Judgement {
    match j {
        Judgement::Wins(p) => Judgement::Loses(p + 1),
        Judgement::Loses(p) => Judgement::Wins(p + 1),
        Judgement::Lead(v) => Judgement::Lead(-v),
        Judgement::Sampled(s) => Judgement::Sampled(1000 - s),
    }
}

/// Checks every hinted move's claim in `state` (the first `moves` of the ranking) against
/// a search of the position after it within `deeper`; returns what was refuted, in words.
fn refuted_claims(state: &State, hint: Budget, deeper: Budget, moves: usize) -> Vec<String> {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new();
    let (_, ranked) = searcher
        .rank(state, hint, 1, &stop)
        .expect("the side to move has a move");
    let mover = state.to_move();
    let now = ai::standing(state, mover);
    let measure = ai::measure(state.game());
    let name = &state.game().about.name;
    let mut refuted = Vec::new();
    for r in ranked.iter().take(moves) {
        let text = notation::move_text(state, r.mv);
        let claim = ai::explain(r.judgement, now, measure, None);
        let mut after = state.clone();
        after.apply(r.mv);
        // What the deeper search says of the move, for the mover, and the reply it expects.
        let (truth, reply) = match after.outcome() {
            Some(Outcome::Win(p)) if p == mover => (Judgement::Wins(1), None),
            Some(Outcome::Win(_)) => (Judgement::Loses(1), None),
            Some(Outcome::Draw) => (Judgement::Lead(0), None),
            None => {
                let t = Searcher::new()
                    .think(&after, deeper, 1, &stop)
                    .expect("a move after a move that does not end the game");
                let j = match after.to_move() == mover {
                    true => t.judgement,
                    false => turned(t.judgement),
                };
                (j, Some(notation::move_text(&after, t.best)))
            }
        };
        let wrong = match r.judgement {
            Judgement::Wins(_) => !matches!(truth, Judgement::Wins(_)),
            Judgement::Loses(_) => !matches!(truth, Judgement::Loses(_)),
            Judgement::Lead(v) if measure.gains && v > now => match truth {
                Judgement::Wins(_) => false,
                Judgement::Loses(_) => true,
                Judgement::Lead(w) => w <= now,
                // An estimate from playouts refutes nothing.
                Judgement::Sampled(_) => false,
            },
            // A share of playouts won claims nothing proved.
            Judgement::Lead(_) | Judgement::Sampled(_) => false,
        };
        if wrong {
            refuted.push(format!(
                "{name}: `{text} {claim}` (lead now {now}), but the deeper search says {truth:?}{}",
                reply.map_or(String::new(), |r| format!(" after the reply {r}"))
            ));
        }
    }
    refuted
}

/// A level's reproducible budget, as `match` and scripts search.
fn level_budget(name: &str) -> Budget {
    Budget::reproducible(&level(name).expect("a level"))
}

#[test]
fn the_easiest_levels_hints_stand_against_a_deeper_search() {
    let hint = level_budget("easy");
    let deeper = Budget {
        depth: hint.depth + 3,
        ..Budget::iterations(100_000)
    };
    let refuted: Vec<String> = CASES
        .iter()
        .flat_map(|c| refuted_claims(&position(c), hint, deeper, 3))
        .collect();
    assert!(refuted.is_empty(), "refuted hints:\n{}", refuted.join("\n"));
}

#[test]
#[ignore = "minutes: medium's hints against a search four times its size"]
fn the_default_levels_hints_stand_against_a_deeper_search() {
    let hint = level_budget("medium");
    let deeper = Budget {
        depth: hint.depth + 2,
        ..Budget::iterations(hint.iterations * 4)
    };
    let refuted: Vec<String> = CASES
        .iter()
        .flat_map(|c| refuted_claims(&position(c), hint, deeper, 3))
        .collect();
    assert!(refuted.is_empty(), "refuted hints:\n{}", refuted.join("\n"));
}

/// Gains are claimed where pieces are taken, moved or counted in a store, not where the
/// count swings by far more than a move is worth: Go's area, Othello's discs (every move
/// places one and turns runs over); there the words give the standing alone.
#[test]
fn a_gain_is_claimed_except_where_the_count_swings_from_ply_to_ply() {
    for (name, gains) in [
        ("ming-mang", true),
        ("brandubh", true),
        ("draughts", true),
        ("chess", true),
        ("mangala", true),
        ("othello", false),
        ("go", false),
    ] {
        let game = pipeline::load(name, None, &[]).expect("a bundled game");
        assert_eq!(ai::claims_gains(&game), gains, "{name}");
        let words = ai::explain(Judgement::Lead(7), 4, ai::measure(&game), None);
        assert_eq!(words.starts_with("gains 3 "), gains, "{name}: {words}");
    }
    let othello = pipeline::load("othello", None, &[]).expect("Othello");
    assert_eq!(
        ai::explain(Judgement::Lead(7), 4, ai::measure(&othello), None),
        "ahead by 7 pieces with best replies, by the count as the pieces would stand"
    );
}
