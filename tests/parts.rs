//! A move's second part is a walk of the core too (docs/architecture.md, "A second part"):
//! `then shoot KIND along DIRECTIONS` is compiled to a walk that places a piece
//! (`compile::shot_walk`), run from where the piece landed with the site it left read as
//! empty, and the shot routine is given back by the walk's shape (`compile::part_routine`).
//! Here, every rule that shoots, in every bundled game, valid fixture and a game written here
//! of shots after each kind of move that may shoot, makes the same moves through its part
//! walk as through the routine, at every ply of seeded random games; the routine is given
//! back by shape and a walk changed in one place stays a walk; and in a game that lays walls
//! a shot runs as its walk, which walls stop.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::model::{Game, SecondPart, Shot, Step, Walk};
use rulebook::{compile, notation, pipeline};

use crate::common::fixtures::{configurations_and_fixtures, plays_alike};

/// Shots after a slide that may take, a step, a leap, a hop and a flight, each along other
/// directions: every kind of move that may shoot.
const SHOTS: &str = r#"
game "Shots"
players white, black
board grid 6 by 6
piece queen, knight, cannon, bird, arrow
setup white queen on a1
setup white knight on b1
setup white cannon on c1
setup white bird on d1
setup black queen on f6
setup black knight on e6
setup black cannon on d6
setup black bird on c6
move slide orthogonal onto empty or enemy by queen then shoot arrow along all
move step diagonal by queen then shoot arrow along orthogonal
move leap (1, 2) onto empty or enemy by knight then shoot arrow along diagonal
move hop orthogonal by cannon then shoot arrow along north, south
move fly by bird then shoot arrow along east, west
end when no legal move: mover loses
"#;

/// The bundled games and presets, the valid fixtures and [`SHOTS`]: those with a rule that
/// shoots.
fn games_that_shoot() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations_and_fixtures();
    let shots = pipeline::load_text("shots", SHOTS, None, &[]).expect("the game loads");
    out.push(("shots".to_string(), shots));
    out.retain(|(_, game)| game.moves.iter().any(|r| r.filter.shot().is_some()));
    out
}

/// The directions of a shot, as a list.
fn directions(shot: Shot) -> Vec<u8> {
    (0..8).filter(|d| shot.directions >> d & 1 == 1).collect()
}

/// The game with every shot's second part made its part walk, as the compiler lowers it.
fn as_part_walks(game: &Game) -> Arc<Game> {
    let mut walked = game.clone();
    for rule in &mut walked.moves {
        if let Some(shot) = rule.filter.shot() {
            let walk = compile::shot_walk(shot.kind, &directions(shot));
            walked.tables.parts.push(walk);
            let walk = (walked.tables.parts.len() - 1) as u16;
            rule.filter.then = Some(SecondPart::Place {
                kind: shot.kind,
                walk,
            });
        }
    }
    Arc::new(walked)
}

#[test]
fn shots_written_as_part_walks_make_the_same_moves() {
    let mut rng = Rng::new(20261204);
    let games = games_that_shoot();
    let names: Vec<&str> = games.iter().map(|(name, _)| name.as_str()).collect();
    assert!(names.contains(&"shots"), "{names:?}");
    assert!(
        names.iter().any(|n| n.ends_with("amazons.game")),
        "{names:?}"
    );
    for (name, game) in &games {
        let walked = as_part_walks(game);
        plays_alike(name, (game, &walked), (6, 120), &mut rng);
    }
}

/// Every rule that shoots in the games compared above, each with its shot.
fn shots() -> Vec<(String, usize, Shot)> {
    let mut out = Vec::new();
    for (name, game) in games_that_shoot() {
        for (i, rule) in game.moves.iter().enumerate() {
            if let Some(shot) = rule.filter.shot() {
                out.push((name.clone(), i, shot));
            }
        }
    }
    out
}

#[test]
fn the_routine_of_a_part_walk_shaped_as_a_shot_is_the_shot() {
    let shots = shots();
    assert!(shots.len() >= 6, "{shots:?}");
    for (name, i, shot) in shots {
        let walk = compile::shot_walk(shot.kind, &directions(shot));
        let mut parts = Vec::new();
        let part = compile::part_routine(walk, &mut parts);
        assert_eq!(part, SecondPart::Shoot(shot), "{name}, rule {i}");
        assert!(parts.is_empty(), "{name}, rule {i}");
    }
}

/// `walk` (a shot's) changed in one place: a test added to its first direction's repeat,
/// that repeat's reach cut to 5, or a test added before its first destination.
fn changed(walk: &Walk, change: usize) -> Walk {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        panic!("a shot's walk is one branch a direction");
    };
    let mut branches = branches.clone();
    match (change, branches[0].first_mut()) {
        (0, Some(Step::Repeat { body, .. })) => {
            body.push(Step::Test(rulebook::model::SiteTest::Empty))
        }
        (1, Some(Step::Repeat { max, .. })) => *max = 5,
        (_, _) => {
            let emit = branches[0].len() - 1;
            branches[0].insert(emit, Step::Test(rulebook::model::SiteTest::Empty));
        }
    }
    Walk {
        steps: vec![Step::Branch(branches)],
        ..walk.clone()
    }
}

#[test]
fn part_walks_of_other_shapes_stay_walks() {
    for (name, i, shot) in shots() {
        let walk = compile::shot_walk(shot.kind, &directions(shot));
        for change in 0..3 {
            let other = changed(&walk, change);
            let mut parts = Vec::new();
            let part = compile::part_routine(other.clone(), &mut parts);
            let placed = SecondPart::Place {
                kind: shot.kind,
                walk: 0,
            };
            assert_eq!(part, placed, "{name}, rule {i}, change {change}");
            assert_eq!(parts, [other], "{name}, rule {i}, change {change}");
        }
    }
}

/// In a game that lays walls a shot runs as its part walk, whose shifts walls stop; the
/// walk reads the site the piece left as empty, so an arrow may fall where its queen stood.
#[test]
fn a_wall_stops_a_shot() {
    let text = "game \"Walled shots\"\nplayers white, black\nboard grid 6 by 6\n\
        piece queen, arrow, wall\nsetup white queen on a1\nsetup black queen on f6\n\
        setup (2) white wall in hand\nsetup (2) black wall in hand\n\
        move slide orthogonal by queen then shoot arrow along north, south\n\
        move place wall on grooves\nend when no legal move: mover loses\n";
    let game = pipeline::load_text("walled", text, None, &[]).expect("loads");
    let then = game.moves[0].filter.then;
    assert!(
        matches!(then, Some(SecondPart::Place { .. })),
        "a shot in a game of walls is a part walk: {then:?}"
    );
    let shots = |walls: &str| {
        let position = format!("5q/6/6/6/6/Q5 white {walls}");
        let state = notation::parse_position(&game, &position).expect("a position");
        let mut texts = notation::legal_texts(&state);
        texts.retain(|t| t.starts_with("a1-a2/"));
        texts.sort();
        texts
    };
    let open = ["a1-a2/a1", "a1-a2/a3", "a1-a2/a4", "a1-a2/a5", "a1-a2/a6"];
    assert_eq!(shots(""), open);
    // A wall between ranks 3 and 4 of files a and b: the arrow falls on a3 at the furthest.
    assert_eq!(shots("walls=a3h"), ["a1-a2/a1", "a1-a2/a3"]);
}
