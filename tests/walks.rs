//! Slides and steps are walks of the core (docs/architecture.md, "The core of a move:
//! walks"): every plain slide or step rule of every bundled game and preset, written here
//! as a walk from the language reference (repeat a shift onto an empty site, not into an
//! avoided one; land where `onto` allows and `not landing on` does not forbid), gives the
//! same moves through the engine's walk interpreter as through the slide routine, at every
//! ply of seeded random games, and the same positions after them; so do the valid fixtures
//! and a game written here with the clauses no bundled game uses.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::{Game, Landing, MoveFilter, MoveKind, SiteTest, Step, Walk};
use rulebook::pipeline;

use crate::common::configurations::configurations;

/// Rooks that take by landing and go round two points, and guards that step onto enemies
/// only or slide two diagonally but not into a corner: the clauses no bundled game uses.
const CLAUSES: &str = r#"
game "Clauses"
players black, white
board grid 6 by 6
piece rook, guard
setup black rook on rank(1)
setup white rook on rank(6)
setup black guard on b2 + e2
setup white guard on b5 + e5
move slide orthogonal onto empty or enemy by rook avoiding c3 + d4
move step all onto enemy by guard
move slide diagonal max 2 by guard not landing on corners
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

/// The bundled games and presets, the valid fixtures (boards with lines, without points,
/// with diagonals on some) and [`CLAUSES`].
fn games() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations();
    let mut fixtures: Vec<_> = std::fs::read_dir("tests/fixtures/valid")
        .expect("the fixtures are readable")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    fixtures.sort();
    for path in fixtures {
        let name = path.display().to_string();
        if let Ok(game) = pipeline::load(&name, None, &[]) {
            out.push((name, game));
        }
    }
    let clauses = pipeline::load_text("clauses.game", CLAUSES, None, &[]);
    out.push(("clauses".into(), clauses.expect("the clauses game loads")));
    out
}

/// A slide as a walk: along each direction, a shift onto an empty site that is not avoided,
/// repeated one to `max` times, each stop a destination (unless it lands only on enemies);
/// and, where `onto` allows an enemy, up to `max - 1` such shifts and one more onto an enemy
/// piece that is not avoided. `not landing on` is tested before each destination.
fn slide_walk(directions: &[u8], max: u16, filter: &MoveFilter) -> Walk {
    let avoided = filter.avoiding.map(|r| Step::Test(SiteTest::NotIn(r)));
    let forbidden = filter.not_landing.map(|r| Step::Test(SiteTest::NotIn(r)));
    let land = |mut steps: Vec<Step>| {
        steps.extend(forbidden.clone());
        steps.push(Step::Emit);
        steps
    };
    let mut branches = Vec::new();
    for &d in directions {
        let mut body = vec![Step::Shift(d), Step::Test(SiteTest::Empty)];
        body.extend(avoided.clone());
        if filter.landing != Landing::Enemy {
            let (body, min) = (body.clone(), 1);
            branches.push(land(vec![Step::Repeat { body, min, max }]));
        }
        if filter.landing != Landing::Empty {
            let (min, max) = (0, max - 1);
            let mut steps = vec![Step::Repeat { body, min, max }];
            steps.extend([Step::Shift(d), Step::Test(SiteTest::Enemy)]);
            steps.extend(avoided.clone());
            branches.push(land(steps));
        }
    }
    Walk {
        steps: vec![Step::Branch(branches)],
        leaps: Vec::new(),
    }
}

/// The game with each plain slide rule (no capture by approach or withdrawal, no second
/// part) made the same slide written as a walk; `None` if it has none.
fn as_walks(game: &Game) -> Option<Arc<Game>> {
    let mut walked = game.clone();
    let mut any = false;
    for rule in &mut walked.moves {
        let plain = rule.filter.line_capture.is_none() && !rule.filter.has_second_part();
        if let (
            MoveKind::Slide {
                directions,
                max_length,
                ..
            },
            true,
        ) = (&rule.kind, plain)
        {
            rule.kind = MoveKind::Walk(slide_walk(directions, *max_length, &rule.filter));
            any = true;
        }
    }
    any.then(|| Arc::new(walked))
}

#[test]
fn slides_written_as_walks_make_the_same_moves() {
    let mut rng = Rng::new(20261202);
    let mut compared = Vec::new();
    for (name, game) in games() {
        let Some(walked) = as_walks(&game) else {
            continue;
        };
        let (games, max_plies) = if game.board.sites() > 200 {
            (2, 60)
        } else {
            (6, 150)
        };
        for _ in 0..games {
            let mut slides = State::new(Arc::clone(&game));
            let mut walks = State::new(Arc::clone(&walked));
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            for ply in 0..max_plies {
                slides.legal_moves(&mut a);
                walks.legal_moves(&mut b);
                assert_eq!(&a[..], &b[..], "{name}, ply {ply}");
                if a.is_empty() {
                    break;
                }
                let m = a[rng.below(a.len())];
                slides.apply(m);
                walks.apply(m);
                assert_eq!(slides.hash(), walks.hash(), "{name}, ply {ply}");
            }
        }
        compared.push(name);
    }
    // Ming Mang and its presets, Gundru, Hasami Shogi, Dai Hasami Shogi, Brandubh, the
    // draughts, fixtures on boards of other shapes and the clauses at least.
    assert!(compared.len() >= 15, "the games compared: {compared:?}");
    assert!(compared.contains(&"clauses".to_string()));
}
