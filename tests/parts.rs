//! A move's second part is a walk of the core too (docs/architecture.md, "A second part"):
//! `then shoot KIND along DIRECTIONS` is compiled to a walk that places a piece
//! (`compile::shot_walk`) and `then remove enemy [if line N] [sparing line N]` to one that
//! removes a piece (`compile::removal_walk`), each run from where the piece landed on the
//! board as the first part left it, and the routine is given back by the walk's shape
//! (`compile::part_routine`). Here, every rule that shoots and every rule that removes, in
//! every bundled game, valid fixture and a game written here of the clauses no bundled game
//! puts together, makes the same moves through its part walk as through the routine, at
//! every ply of seeded random games; the routine is given back by shape and a walk changed
//! in one place stays a walk; in a game that lays walls a shot runs as its walk, which walls
//! stop; and a removal is judged on the board without the piece the move took itself.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::model::{Game, MoveFilter, Removal, SecondPart, Shot, SiteTest, Step, Walk};
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

/// Every move rule of `games` of which `part` reads a second part, each with it (the
/// game's name, the rule's number, the part).
fn rules_with<T>(
    games: Vec<(String, Arc<Game>)>,
    part: impl Fn(&MoveFilter) -> Option<T>,
) -> Vec<(String, usize, T)> {
    let mut out = Vec::new();
    for (name, game) in games {
        for (i, rule) in game.moves.iter().enumerate() {
            if let Some(found) = part(&rule.filter) {
                out.push((name.clone(), i, found));
            }
        }
    }
    out
}

/// Every rule that shoots in the games compared above, each with its shot.
fn shots() -> Vec<(String, usize, Shot)> {
    rules_with(games_that_shoot(), MoveFilter::shot)
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

/// Removals after each kind of move that may remove, with lines no bundled game asks for: a
/// slide that takes (sparing only), a step (`if line 4`), jumps that remove, convert, keep
/// and take the mover's own piece, a flight and a placement, on a grid of 6 by 6.
const REMOVALS: &str = r#"
game "Removals"
players white, black
board grid 6 by 6
piece man, king, frog, toad, bird
setup white man on a1 + b1 + c1 + d1
setup white king on a2
setup white frog on b2
setup white toad on c2
setup white bird on d2
setup black man on a6 + b6 + c6 + d6
setup black king on a5
setup black frog on b5
setup black toad on c5
setup black bird on d5
setup 4 white man in hand
setup 4 black man in hand
move slide orthogonal onto empty or enemy by king then remove enemy sparing line 3
move step all by man then remove enemy if line 4
move jump diagonal over enemy remove by frog then remove enemy if line 2 sparing line 2
move jump orthogonal over enemy convert by toad then remove enemy if line 3
move jump orthogonal over any by frog then remove enemy sparing line 2
move jump orthogonal over friend remove by toad then remove enemy if line 2
move fly by bird then remove enemy if line 3 sparing line 4
move place man then remove enemy if line 4 sparing line 3 when hand(mover) > 0
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

/// The bundled games and presets, the valid fixtures, [`REMOVALS`] and the same on a grid
/// of 9 by 9 (more than 64 sites: no runs of sites as masks): those with a rule that
/// removes by the routine.
fn games_that_remove() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations_and_fixtures();
    let big = REMOVALS.replace("grid 6 by 6", "grid 9 by 9");
    for (name, text) in [("removals", REMOVALS), ("removals 9x9", &big)] {
        let game = pipeline::load_text(name, text, None, &[])
            .unwrap_or_else(|e| panic!("{}", e.render(false)));
        out.push((name.to_string(), game));
    }
    out.retain(|(_, game)| game.moves.iter().any(|r| r.filter.removal().is_some()));
    out
}

/// The game with every removal's second part made its part walk, as the compiler lowers it.
fn as_removing_walks(game: &Game) -> Arc<Game> {
    let mut walked = game.clone();
    for rule in &mut walked.moves {
        if let Some(removal) = rule.filter.removal() {
            walked.tables.parts.push(compile::removal_walk(removal));
            let walk = (walked.tables.parts.len() - 1) as u16;
            rule.filter.then = Some(SecondPart::Take { walk });
        }
    }
    Arc::new(walked)
}

#[test]
fn removals_written_as_part_walks_make_the_same_moves() {
    let mut rng = Rng::new(20261205);
    let games = games_that_remove();
    let names: Vec<&str> = games.iter().map(|(name, _)| name.as_str()).collect();
    assert!(names.contains(&"removals 9x9"), "{names:?}");
    assert!(names.contains(&"nine-mens-morris"), "{names:?}");
    for (name, game) in &games {
        let walked = as_removing_walks(game);
        plays_alike(name, (game, &walked), (8, 150), &mut rng);
    }
}

/// Every rule that removes in the games compared above, each with its removal.
fn removals() -> Vec<(String, usize, Removal)> {
    rules_with(games_that_remove(), MoveFilter::removal)
}

#[test]
fn the_routine_of_a_part_walk_shaped_as_a_removal_is_the_removal() {
    let removals = removals();
    assert!(removals.len() >= 19, "{removals:?}");
    for (name, i, removal) in removals {
        let mut parts = Vec::new();
        let part = compile::part_routine(compile::removal_walk(removal), &mut parts);
        assert_eq!(part, SecondPart::Remove(removal), "{name}, rule {i}");
        assert!(parts.is_empty(), "{name}, rule {i}");
    }
}

/// `walk` (a removal's) changed in one place: a test added before its destination, its test
/// of an enemy piece made one of any piece, or a test of lines added after it goes to every
/// site.
fn removal_changed(walk: &Walk, change: usize) -> Walk {
    let mut steps = walk.steps.clone();
    let anywhere = steps
        .iter()
        .position(|s| *s == Step::Anywhere)
        .expect("a site");
    match change {
        0 => steps.insert(steps.len() - 1, Step::Test(SiteTest::Occupied)),
        1 => steps[anywhere + 1] = Step::Test(SiteTest::Occupied),
        _ => steps.insert(anywhere + 1, Step::Test(SiteTest::InLine(2))),
    }
    Walk {
        steps,
        ..walk.clone()
    }
}

#[test]
fn removing_part_walks_of_other_shapes_stay_walks() {
    for (name, i, removal) in removals() {
        let walk = compile::removal_walk(removal);
        for change in 0..3 {
            let other = removal_changed(&walk, change);
            let mut parts = Vec::new();
            let part = compile::part_routine(other.clone(), &mut parts);
            let removing = SecondPart::Take { walk: 0 };
            assert_eq!(part, removing, "{name}, rule {i}, change {change}");
            assert_eq!(parts, [other], "{name}, rule {i}, change {change}");
        }
    }
}

/// A removal is judged on the board as the move's first part left it: a king that lands on
/// the one black man out of a line takes it, so every black man left, all in a line, may be
/// removed after (judged before the move, none could); and a man stepped into a line is
/// counted where it landed. The same through the routine and the part walk.
#[test]
fn a_removal_is_judged_on_the_board_the_first_part_left() {
    let text = "game \"Taken first\"\nplayers white, black\nboard grid 5 by 5\n\
        piece man, king\nsetup white king on a1\nsetup white man on c1 + d1 + b2\n\
        setup black man on a3 + c5 + d5 + e5\n\
        move slide north onto empty or enemy by king then remove enemy sparing line 3\n\
        move step south by man then remove enemy if line 3\n\
        end when no legal move: mover loses\n";
    let game = pipeline::load_text("taken first", text, None, &[]).expect("loads");
    assert!(matches!(
        game.moves[0].filter.then,
        Some(SecondPart::Remove(_))
    ));
    for game in [Arc::clone(&game), as_removing_walks(&game)] {
        let state = rulebook::engine::State::new(game);
        let mut texts = notation::legal_texts(&state);
        texts.sort();
        let expected = [
            "a1-a2/xa3",
            "a1-a3/xc5",
            "a1-a3/xd5",
            "a1-a3/xe5",
            "b2-b1/xa3",
            "b2-b1/xc5",
            "b2-b1/xd5",
            "b2-b1/xe5",
        ];
        assert_eq!(texts, expected);
    }
}
