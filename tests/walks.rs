//! Slides and steps are walks of the core (docs/architecture.md, "The core of a move:
//! walks"): the compiler lowers each onto a walk (`compile::slide_walk`) and picks the
//! slide routine for it by its shape (`compile::routine`). Here, every plain slide or step
//! rule of every bundled game and preset, run as its walk through the engine's walk
//! interpreter, gives the same moves as through the slide routine, at every ply of seeded
//! random games, and the same positions after them; so do the valid fixtures and a game
//! written here with the clauses no bundled game uses. The recogniser finds the slide in
//! each such walk, and in no walk of another shape. The same for single jumps, flights,
//! placements and removals (walks with an action, `compile::site_walk`), chains of jumps
//! to any landing (`compile::reach_walk`, a `Step::Reach`), flying jumps that do not
//! chain (`compile::flying_jump_walk`), chains of jumps recorded by their route
//! (`chained`, `chained at will`, `chained straight`: `compile::chain_walk`, a
//! `Step::Route`), steps that capture by approach or withdrawal
//! (`compile::line_capture_walk`) and chains recorded by the pieces they jump
//! (`compile::piece_chain_walk`, a `Step::Route` recorded by its pieces).

use std::sync::Arc;

use rulebook::analysis::{perft, Rng};
use rulebook::engine::{MoveList, State};
use rulebook::model::{
    Chain, Counted, Game, Landing, MoveKind, MoveRule, RouteRecord, RouteRules, SiteTest, Step,
    Walk, WalkAction,
};
use rulebook::{compile, notation, pipeline};

use crate::common::fixtures::{configurations_and_fixtures, plays_alike};
use crate::common::perft_file;

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
/// with diagonals on some), [`CLAUSES`], [`JUMPS`], [`SITES`], [`REACHES`], [`FLYING`],
/// [`CHAINS`], [`STRAIGHT`], [`LINES`] and [`PIECE_CHAINS`].
fn games() -> Vec<(String, Arc<Game>)> {
    let mut out = configurations_and_fixtures();
    let written = [
        ("clauses", CLAUSES),
        ("jumps", JUMPS),
        ("sites", SITES),
        ("reaches", REACHES),
        ("flying", FLYING),
        ("chains", CHAINS),
        ("straight", STRAIGHT),
        ("lines", LINES),
        ("piece chains", PIECE_CHAINS),
    ];
    for (name, text) in written {
        let game = pipeline::load_text(name, text, None, &[]);
        out.push((name.to_string(), game.expect("the game written here loads")));
    }
    out
}

/// The game with each rule that `lower` writes as a walk made that walk; `None` if `lower`
/// writes none of its rules.
fn as_walks(game: &Game, lower: fn(&MoveRule) -> Option<Walk>) -> Option<Arc<Game>> {
    let mut walked = game.clone();
    let mut any = false;
    for rule in &mut walked.moves {
        if let Some(walk) = lower(rule) {
            rule.kind = match walk.action {
                WalkAction::Move => MoveKind::Walk(walk),
                WalkAction::Place { .. } | WalkAction::Remove => MoveKind::SiteWalk(walk),
            };
            any = true;
        }
    }
    // As the compiler finds it: placements and removals are counted site by site, and
    // steps by shifts, only on their routines; nor are a walk's moves found by bit sets.
    if any {
        walked.facts.counted = Counted::ByRules;
    }
    walked.facts.bit_moves &= !any;
    any.then(|| Arc::new(walked))
}

/// A plain slide rule (no capture by approach or withdrawal, no second part, no `by
/// numbered`) as the compiler lowers it.
fn slide_as_walk(rule: &MoveRule) -> Option<Walk> {
    let plain = rule.kind.line_capture().is_none()
        && !rule.filter.has_second_part()
        && rule.numbered.is_none();
    match &rule.kind {
        MoveKind::Slide {
            directions,
            max_length,
            ..
        } if plain => Some(compile::slide_walk(directions, *max_length, &rule.filter)),
        _ => None,
    }
}

/// A single jump rule (not flying, not chained) as the compiler lowers it.
fn jump_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Jump {
            directions,
            flying: false,
            over,
            mode,
            chain: Chain::Single,
        } => Some(compile::jump_walk(directions, (*over, *mode), &rule.filter)),
        _ => None,
    }
}

/// A flying jump rule that does not chain as the compiler lowers it.
fn flying_jump_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Jump {
            directions,
            flying: true,
            over,
            mode,
            chain: Chain::Single,
        } => Some(compile::flying_jump_walk(
            directions,
            (*over, *mode),
            &rule.filter,
        )),
        _ => None,
    }
}

/// Kings that jump enemies from afar diagonally, removing them, but not over two sites nor
/// into a corner, and their own side's pieces orthogonally, removing them too; men that
/// jump anyone's pieces from afar orthogonally and keep them: the flying jumps that do not
/// chain, which no bundled game has.
const FLYING: &str = r#"
game "Flying"
players black, white
board grid 8 by 8
piece man, king
setup black man on b2 + d2 + f2 + h2 + c3 + g3
setup white man on a7 + c7 + e7 + g7 + b6 + f6
setup black king on a1 + h1
setup white king on a8 + h8
move jump diagonal flying over enemy remove by king avoiding d4 + e5 not landing on corners
move jump orthogonal flying over friend remove by king
move jump orthogonal flying over any by man
move step all
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn flying_jumps_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(flying_jump_as_walk);
    assert_eq!(compared, ["flying"]);
    let rules = rules_as_walks(flying_jump_as_walk);
    assert_eq!(rules.len(), 3, "the three rules of the game written here");
    for (name, game, i, walk) in given_back(rules, 3, "flying jump rules") {
        let rule = &game.moves[i];
        // Landing only next to the piece jumped is a single jump's walk of another shape.
        let [Step::Branch(branches)] = &walk.steps[..] else {
            panic!("a flying jump's walk is one branch a direction");
        };
        let mut branches = branches.clone();
        if let Some(Step::Repeat { max, .. }) = branches[0]
            .iter_mut()
            .rev()
            .find(|s| matches!(s, Step::Repeat { .. }))
        {
            *max = 1;
        }
        let other = Walk {
            steps: vec![Step::Branch(branches)],
            ..walk.clone()
        };
        let kind = compile::routine(&game.board, other.clone(), &rule.filter);
        assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
    }
}

/// The names of the games of [`games`] with a rule that `lower` writes as a walk, after
/// checking that, at every ply of seeded random games, their legal moves are the same with
/// those rules run as walks through the interpreter, and so are the positions after them
/// and what the faces are told the moves did.
fn same_moves_as_walks(lower: fn(&MoveRule) -> Option<Walk>) -> Vec<String> {
    let mut rng = Rng::new(20261202);
    let mut compared = Vec::new();
    for (name, game) in games() {
        let Some(walked) = as_walks(&game, lower) else {
            continue;
        };
        let (games, max_plies) = if game.board.sites() > 200 {
            (2, 60)
        } else {
            (6, 150)
        };
        plays_alike(&name, (&game, &walked), (games, max_plies), &mut rng);
        compared.push(name);
    }
    compared
}

/// Asserts that each of `names` begins the name of a game among `compared`.
fn assert_among(compared: &[String], names: &[&str]) {
    for name in names {
        let found = compared.iter().any(|c| c.starts_with(name));
        assert!(found, "{name} is not among {compared:?}");
    }
}

#[test]
fn slides_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(slide_as_walk);
    // Ming Mang and its presets, Gundru, Hasami Shogi, Dai Hasami Shogi, Brandubh, the
    // draughts, fixtures on boards of other shapes and the clauses at least.
    assert!(compared.len() >= 15, "the games compared: {compared:?}");
    assert!(compared.contains(&"clauses".to_string()));
}

/// Men that jump any piece, removing enemies only, but not over two points nor into a
/// corner, and kings that convert the enemies they jump: the clauses of a single jump no
/// bundled game uses.
const JUMPS: &str = r#"
game "Jumps"
players black, white
board grid 6 by 6
piece man, king
setup black man on rank(2)
setup white man on rank(5)
setup black king on a1 + f1
setup white king on a6 + f6
move jump all over any remove by man avoiding c3 + d4 not landing on corners
move jump orthogonal over enemy convert by king
move step all
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn single_jumps_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(jump_as_walk);
    // Dai Hasami Shogi (capturing nothing), Gundru, the fixtures of peg solitaire (removing
    // the mover's own) and trio, and the jumps written here (converting) at least.
    let names = [
        "gundru",
        "dai-hasami-shogi",
        "jumps",
        "tests/fixtures/valid/peg-solitaire.game",
        "tests/fixtures/valid/trio.game",
    ];
    assert_among(&compared, &names);
}

/// The rules of every game compared above that `lower` writes as a walk (their directions
/// made absolute per player by the compiler), each with that walk.
fn rules_as_walks(lower: fn(&MoveRule) -> Option<Walk>) -> Vec<(String, Arc<Game>, usize, Walk)> {
    let mut out = Vec::new();
    for (name, game) in games() {
        for (i, rule) in game.moves.iter().enumerate() {
            if let Some(walk) = lower(rule) {
                out.push((name.clone(), Arc::clone(&game), i, walk));
            }
        }
    }
    out
}

/// `rules` (at least `at_least` of them, rules of `what`), each checked to be given back
/// its own routine by [`compile::routine`] from its walk's shape.
fn given_back(
    rules: Vec<(String, Arc<Game>, usize, Walk)>,
    at_least: usize,
    what: &str,
) -> Vec<(String, Arc<Game>, usize, Walk)> {
    assert!(rules.len() >= at_least, "{} {what}", rules.len());
    for (name, game, i, walk) in &rules {
        let rule = &game.moves[*i];
        let kind = compile::routine(&game.board, walk.clone(), &rule.filter);
        assert_eq!(kind, rule.kind, "{name}, rule {i}");
    }
    rules
}

/// The slide rules of every game compared above (not capturing by approach or
/// withdrawal), each as the compiler lowers it.
fn slide_rules() -> Vec<(String, Arc<Game>, usize, Walk)> {
    rules_as_walks(|rule| match &rule.kind {
        MoveKind::Slide {
            directions,
            max_length,
            line_capture: None,
            ..
        } => Some(compile::slide_walk(directions, *max_length, &rule.filter)),
        _ => None,
    })
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_slide_is_the_slide() {
    given_back(slide_rules(), 30, "slide rules");
}

/// `walk` changed in one place: a test added after the first shift, its first repetition's
/// reach cut by one, or a test added before its first destination (one that the walk has
/// made already: the same moves, in a shape that is not a slide's, since the routine is
/// picked by shape, not by meaning).
fn changed(walk: &Walk, change: usize) -> Option<Walk> {
    let [Step::Branch(branches)] = &walk.steps[..] else {
        panic!("a slide's walk is one branch a direction");
    };
    let mut branches = branches.clone();
    match change {
        0 => match branches[0].first_mut() {
            Some(Step::Repeat { body, .. }) => body.insert(1, Step::Test(SiteTest::Occupied)),
            other => panic!("a slide's branch starts with a repeat: {other:?}"),
        },
        1 => match branches[0].first_mut() {
            Some(Step::Repeat { max, .. }) if *max > 1 => *max -= 1,
            _ => return None,
        },
        _ => {
            let emit = branches[0].len() - 1;
            branches[0].insert(emit, Step::Test(SiteTest::Empty));
        }
    }
    Some(Walk {
        action: WalkAction::Move,
        steps: vec![Step::Branch(branches)],
        leaps: Vec::new(),
        taking: None,
    })
}

#[test]
fn walks_of_other_shapes_stay_walks() {
    let mut changes = 0;
    for (name, game, i, walk) in slide_rules() {
        let rule = &game.moves[i];
        for change in 0..3 {
            if let Some(other) = changed(&walk, change) {
                let kind = compile::routine(&game.board, other.clone(), &rule.filter);
                assert_eq!(
                    kind,
                    MoveKind::Walk(other),
                    "{name}, rule {i}, change {change}"
                );
                changes += 1;
            }
        }
    }
    assert!(changes >= 80, "{changes} walks changed");
    // A slide's walk read under another rule's clauses is not that rule's slide.
    let (_, game, i, walk) = slide_rules()
        .into_iter()
        .find(|(_, game, i, _)| game.moves[*i].filter.landing == Landing::Empty)
        .expect("a slide onto empty sites");
    let mut filter = game.moves[i].filter;
    filter.landing = Landing::EmptyOrEnemy;
    let kind = compile::routine(&game.board, walk.clone(), &filter);
    assert_eq!(kind, MoveKind::Walk(walk));
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_jump_is_the_jump() {
    let rules = rules_as_walks(jump_as_walk);
    for (name, game, i, walk) in given_back(rules, 6, "jump rules") {
        let rule = &game.moves[i];
        // The same jump, less the record of the site jumped, or testing it twice, is a
        // walk of another shape.
        let [Step::Branch(branches)] = &walk.steps[..] else {
            panic!("a jump's walk is one branch a direction");
        };
        for change in 0..2 {
            let mut branches = branches.clone();
            match change {
                0 => branches[0].retain(|s| *s != Step::Over),
                _ => branches[0].insert(1, Step::Test(SiteTest::Occupied)),
            }
            let other = Walk {
                steps: vec![Step::Branch(branches)],
                ..walk.clone()
            };
            let kind = compile::routine(&game.board, other.clone(), &rule.filter);
            assert_eq!(
                kind,
                MoveKind::Walk(other),
                "{name}, rule {i}, change {change}"
            );
        }
    }
}

/// A chain of jumps to any landing as the compiler lowers it.
fn reach_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Jump {
            directions,
            flying: false,
            over,
            mode: None,
            chain: Chain::Reach,
        } => Some(compile::reach_walk(directions, *over, &rule.filter)),
        _ => None,
    }
}

/// Men that hop over enemies to any landing but not through the centre nor onto the
/// corners, and kings that hop over their own side's pieces, on a small board where chains
/// loop round (a piece may come back beside the site it left, which it may not jump): the
/// clauses of a chain to any landing no bundled game uses.
const REACHES: &str = r#"
game "Reaches"
players black, white
board grid 5 by 5
piece man, king
setup black man on a1 + c1 + e1 + b2 + d2
setup white man on a5 + c5 + e5 + b4 + d4
setup black king on a3
setup white king on e3
move jump all over enemy chained to any landing by man avoiding c3 not landing on corners
move jump orthogonal over friend chained to any landing by king
move step all
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn chains_to_any_landing_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(reach_as_walk);
    // Chinese checkers on its boards of two to six players, and the chains written here.
    assert_among(
        &compared,
        &["chinese-checkers", "chinese-checkers-6", "reaches"],
    );
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_chain_to_any_landing_is_the_chain() {
    let rules = rules_as_walks(reach_as_walk);
    for (name, game, i, walk) in given_back(rules, 6, "chains to any landing") {
        let rule = &game.moves[i];
        // The same chain with a leg that also tests its landing twice, or whose sites
        // reached are not all destinations, is a walk of another shape.
        let [Step::Reach(legs), Step::Emit] = &walk.steps[..] else {
            panic!("a chain to any landing is a reach and a destination");
        };
        let mut doubled = legs.clone();
        doubled[0].push(Step::Test(SiteTest::Empty));
        let in_region = Step::Test(SiteTest::NotIn(0));
        for steps in [
            vec![Step::Reach(doubled), Step::Emit],
            vec![Step::Reach(legs.clone()), in_region, Step::Emit],
        ] {
            let other = Walk {
                steps,
                ..walk.clone()
            };
            let kind = compile::routine(&game.board, other.clone(), &rule.filter);
            assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
        }
    }
}

/// A walk with legs no jump makes, a step east and a jump west: on a row, from the piece's
/// site, the step east reaches the next site, from which the jump west would pass over the
/// site the piece left, which reads as empty ([`Step::Reach`]).
#[test]
fn a_chain_of_legs_reads_the_site_it_left_as_empty() {
    let text = "game \"Lift\"\nplayers black, white\nboard grid 5 by 2\npiece man\n\
        setup black man on c1\nsetup white man on e2\nmove step all\n\
        end when no legal move: mover loses\n";
    let mut game = (*pipeline::load_text("lift", text, None, &[]).expect("loads")).clone();
    let (east, west) = (1, 3);
    let step_east = vec![Step::Shift(east), Step::Test(SiteTest::Empty)];
    let jump_west = vec![
        Step::Shift(west),
        Step::Test(SiteTest::Occupied),
        Step::Shift(west),
        Step::Test(SiteTest::Empty),
    ];
    game.moves[0].kind = MoveKind::Walk(Walk {
        action: WalkAction::Move,
        steps: vec![Step::Reach(vec![step_east, jump_west]), Step::Emit],
        leaps: Vec::new(),
        taking: None,
    });
    // As the compiler finds it: a walk's moves are not found by bit sets.
    game.facts.bit_moves = false;
    let state = State::new(Arc::new(game));
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let board = &state.game().board;
    let site = |name: &str| board.site_named(name).expect("a site");
    let ends: Vec<_> = moves.iter().map(|m| (m.from(), m.to())).collect();
    // Not b1: the jump from d1 over c1 finds no piece there.
    assert_eq!(ends, [(site("c1"), site("d1")), (site("c1"), site("e1"))]);
}

/// A flight rule as the compiler lowers it.
fn fly_as_walk(rule: &MoveRule) -> Option<Walk> {
    match rule.kind {
        MoveKind::Fly { region } => Some(compile::fly_walk(region, &rule.filter)),
        _ => None,
    }
}

/// Pieces that fly, but not onto the last rank, and guards that fly from their first two
/// ranks only while unmoved: flights narrowed as no bundled game narrows them, the second
/// rule a walk the interpreter runs (its origin tested before the cursor goes anywhere).
const FLIGHTS: &str = r#"
game "Flights"
players black, white
board grid 5 by 5
piece man, guard
setup black man on a1 + b1
setup white man on a5 + b5
setup black guard on c1 + d2
setup white guard on c5 + d4
move fly by man not landing on rank(5) + rank(1)
move fly by unmoved guard from rank(1) + rank(2) + rank(4) + rank(5)
move step orthogonal by guard
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn flights_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(fly_as_walk);
    // Nine Men's Morris (on points, flying with three men) and the flights written here.
    assert!(
        compared.iter().any(|c| c.starts_with("nine-mens-morris")),
        "{compared:?}"
    );
    let rules = rules_as_walks(fly_as_walk);
    for (name, game, i, walk) in given_back(rules, 2, "flight rules") {
        let rule = &game.moves[i];
        // The same flight landing on any piece too is a walk of another shape.
        let mut other = walk.clone();
        other.steps[1] = Step::Test(SiteTest::EmptyOrPiece);
        let kind = compile::routine(&game.board, other.clone(), &rule.filter);
        assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
    }
}

#[test]
fn a_flight_narrowed_by_its_origin_runs_on_the_interpreter() {
    let game = pipeline::load_text("flights", FLIGHTS, None, &[]).expect("the game loads");
    let [_, guards, _] = &game.moves[..] else {
        panic!("three rules: {:?}", game.moves);
    };
    let MoveKind::Walk(walk) = &guards.kind else {
        panic!("a walk: {:?}", guards.kind);
    };
    let origin_tested = matches!(
        walk.steps[..3],
        [
            Step::Test(SiteTest::Unmoved),
            Step::Test(SiteTest::In(_)),
            Step::Anywhere
        ]
    );
    assert!(origin_tested, "{walk:?}");
    let mut state = State::new(Arc::clone(&game));
    let texts = |state: &State| -> Vec<String> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| rulebook::notation::move_text(state, m))
            .collect()
    };
    // Black's men fly to the 13 empty squares of ranks 2 to 4; each guard flies to any of
    // the 25 - 8 empty squares (its steps among them, listed once).
    let start = texts(&state);
    let from = |site: &str| {
        start
            .iter()
            .filter(|t| t.starts_with(&format!("{site}-")))
            .count()
    };
    assert_eq!((from("a1"), from("b1")), (13, 13), "{start:?}");
    assert_eq!((from("c1"), from("d2")), (17, 17), "{start:?}");
    assert!(start.contains(&"c1-e5".to_string()) && !start.contains(&"c1-c5".to_string()));
    // Once moved, a guard flies no more; one that stepped off the first two ranks neither.
    let m = rulebook::notation::parse_move(&mut state, "c1-c3").expect("a flight");
    state.apply(m);
    let m = rulebook::notation::parse_move(&mut state, "a5-a4").expect("a flight");
    state.apply(m);
    let after = texts(&state);
    let mut guard: Vec<&str> = (after.iter())
        .filter(|t| t.starts_with("c3-"))
        .map(String::as_str)
        .collect();
    guard.sort();
    assert_eq!(guard, ["c3-b3", "c3-c2", "c3-c4", "c3-d3"]);
    assert_eq!(
        after.iter().filter(|t| t.starts_with("d2-")).count(),
        17,
        "{after:?}"
    );
}

/// A placement or a removal rule as the compiler lowers it.
fn site_as_walk(rule: &MoveRule) -> Option<Walk> {
    let (action, region) = match rule.kind {
        MoveKind::PlacePiece {
            kind,
            region,
            from_hand,
        } => (WalkAction::Place { kind, from_hand }, region),
        MoveKind::Remove { region } => (WalkAction::Remove, region),
        _ => return None,
    };
    Some(compile::site_walk(action, region, &rule.filter))
}

/// Men placed from a counted hand, but not on the edge and only diagonally next to an
/// enemy once the first two are down, guards placed from an unlimited supply in the
/// middle ranks, and men removed from the last ranks or next to an empty square: the
/// clauses of placements and removals no bundled game puts together.
const SITES: &str = r#"
game "Sites"
players black, white
board grid 6 by 6
piece man, guard
setup 6 black man in hand
setup 6 white man in hand
move place man not landing on perimeter when hand(mover) > 4
move place man next to enemy along diagonal when hand(mover) <= 4
move place guard in rank(3) + rank(4) when hand(mover) == 0
move remove in rank(1) + rank(6) when hand(mover) == 0
move remove next to empty along north, east when hand(mover) == 0
end when pieces(opponent) == 0 and hand(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn placements_and_removals_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(site_as_walk);
    // Go, Othello and Hex (placements), Konane (removals next to an empty point), Nine
    // Men's Morris (placements from the hand, then a removal), shogi (drops from the
    // hand), connect four (`next to piece along south`) and the rules written here.
    let names = [
        "go",
        "othello",
        "hex",
        "konane",
        "nine-mens-morris",
        "shogi",
        "tests/fixtures/valid/connect-four.game",
        "sites",
    ];
    assert_among(&compared, &names);
    let rules = rules_as_walks(site_as_walk);
    for (name, game, i, walk) in given_back(rules, 20, "placement and removal rules") {
        let rule = &game.moves[i];
        // The same walk onto any site, or with its action changed, is a walk of another
        // shape, or another routine's.
        let mut other = walk.clone();
        other.steps[1] = Step::Test(SiteTest::EmptyOrPiece);
        let kind = compile::routine(&game.board, other.clone(), &rule.filter);
        assert_eq!(kind, MoveKind::SiteWalk(other), "{name}, rule {i}");
        let mut moved = walk.clone();
        moved.action = WalkAction::Move;
        let kind = compile::routine(&game.board, moved.clone(), &rule.filter);
        assert_ne!(kind, rule.kind, "{name}, rule {i}");
    }
}

/// A chain of jumps recorded by its route (`chained`, `chained at will`, `chained
/// straight`, not flying) as the compiler lowers it.
fn chain_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Jump {
            directions,
            flying: false,
            over,
            mode,
            chain: chain @ (Chain::Turning | Chain::TurningAtWill | Chain::Straight),
        } => Some(compile::chain_walk(
            directions,
            (*over, *mode),
            *chain,
            &rule.filter,
        )),
        _ => None,
    }
}

/// Men that jump enemies diagonally and may stop at any landing, not through c3 nor onto
/// the corners, and that jump their own side's pieces orthogonally, removing them, to the
/// end; kings that jump anyone's pieces orthogonally to the end, converting the enemies; a
/// man that reaches the far rank stops there as a king: the clauses of a chain recorded by
/// its route no bundled game uses.
const CHAINS: &str = r#"
game "Chains"
players black, white
board grid 6 by 6
piece man, king
setup black man on a1 + c1 + e1 + b2 + d2 + f2
setup white man on b5 + d5 + f5 + a6 + c6 + e6
setup black king on a3
setup white king on f4
move jump diagonal over enemy remove chained at will by man avoiding c3 not landing on corners
move jump orthogonal over friend remove chained by man
move jump orthogonal over any convert chained by king
move step all
after move promote man to king in side(forward)
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

/// Men that jump enemies along a line, removing them, not through d4 nor onto the corners,
/// and any piece diagonally, converting the enemies; kings that jump their own side's
/// pieces in every direction, keeping them; a man that lands on the middle rank is a king
/// there and goes no further: the clauses of a chain `chained straight` no bundled game
/// uses.
const STRAIGHT: &str = r#"
game "Straight chains"
players black, white
board grid 7 by 7
piece man, king
setup black man on rank(1) + b2 + d2 + f2
setup white man on rank(7) + b6 + d6 + f6
move jump orthogonal over enemy remove chained straight by man avoiding d4 not landing on corners
move jump diagonal over any convert chained straight by man
move jump all over friend chained straight by king
move step all
after move promote man to king in rank(4)
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn chains_recorded_by_their_route_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(chain_as_walk);
    // English draughts, Konane (`chained straight`) and the chains written here.
    assert_among(&compared, &["draughts", "konane", "chains", "straight"]);
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_chain_by_its_route_is_the_chain() {
    let rules = rules_as_walks(chain_as_walk);
    for (name, game, i, walk) in given_back(rules, 9, "chains recorded by their route") {
        let rule = &game.moves[i];
        // The same chain with a leg that also tests its landing twice is a walk of another
        // shape; with the other way of ending (or turning), the other chain.
        let [Step::Route { legs, rules }, Step::Emit] = &walk.steps[..] else {
            panic!("a chain by its route is a route and a destination");
        };
        let (at_will, straight) = (&rules.at_will, &rules.straight);
        let route = |legs: Vec<Vec<Step>>, (at_will, straight)| {
            let rules = RouteRules {
                at_will,
                straight,
                ..*rules
            };
            Walk {
                steps: vec![Step::Route { legs, rules }, Step::Emit],
                ..walk.clone()
            }
        };
        let mut doubled = legs.clone();
        doubled[0].push(Step::Test(SiteTest::Empty));
        let other = route(doubled, (*at_will, *straight));
        let kind = compile::routine(&game.board, other.clone(), &rule.filter);
        assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
        // A straight chain that must go on to its end has no routine.
        if *straight {
            let to_the_end = route(legs.clone(), (false, true));
            let kind = compile::routine(&game.board, to_the_end.clone(), &rule.filter);
            assert_eq!(kind, MoveKind::Walk(to_the_end), "{name}, rule {i}");
        }
        let flipped = match straight {
            true => route(legs.clone(), (true, false)),
            false => route(legs.clone(), (!at_will, false)),
        };
        let MoveKind::Jump { chain, .. } = compile::routine(&game.board, flipped, &rule.filter)
        else {
            panic!("{name}, rule {i}: the other way of ending is the other chain");
        };
        assert_ne!(Some(chain), rule_chain(&rule.kind), "{name}, rule {i}");
    }
}

/// The chain of a jump rule.
fn rule_chain(kind: &MoveKind) -> Option<Chain> {
    match kind {
        MoveKind::Jump { chain, .. } => Some(*chain),
        _ => None,
    }
}

/// A chain of jumps in a game that lays walls runs as its walk, whose shifts walls stop: a
/// wall between two sites cuts a chain there, as it cuts a step.
#[test]
fn a_wall_cuts_a_chain_of_jumps() {
    let text = "game \"Walled chains\"\nplayers white, black\nboard grid 6 by 6\n\
        piece man, wall\nsetup white man on a1\nsetup black man on a2 + a4 + b3\n\
        setup (2) white wall in hand\nmove jump orthogonal over enemy remove chained by man\n\
        move place wall on grooves\nend when no legal move: mover loses\n";
    let jumps = walled_jumps(text);
    // Open: over a2 then on over a4, or over a2 then turning over b3.
    assert_eq!(jumps(""), ["a1-a3-a5", "a1-a3-c3"]);
    // A wall between a3 and a4 (along files a and b): the chain turns east or stops.
    assert_eq!(jumps("walls=a3h"), ["a1-a3-c3"]);
    // And one between a3 and b3 (along ranks 2 and 3): it stops on a3.
    assert_eq!(jumps("walls=a3h,a2v"), ["a1-a3"]);
    // Chained straight, every landing a move: the wall between a3 and a4 cuts the line.
    let jumps = walled_jumps(&text.replace("chained by man", "chained straight by man"));
    assert_eq!(jumps(""), ["a1-a3", "a1-a3-a5"]);
    assert_eq!(jumps("walls=a3h"), ["a1-a3"]);
    // Flying, recorded by its pieces: from a3 on over a4 to a5 or a6, or over b3 to any
    // site of rank 3 beyond; the walls cut the legs as before.
    let jumps = walled_jumps(&text.replace("orthogonal over", "orthogonal flying over"));
    let east = ["a1-a3-c3", "a1-a3-d3", "a1-a3-e3", "a1-a3-f3"];
    let mut open = vec!["a1-a3-a5", "a1-a3-a6"];
    open.extend(east);
    assert_eq!(jumps(""), open);
    assert_eq!(jumps("walls=a3h"), east);
    assert_eq!(jumps("walls=a3h,a2v"), ["a1-a3"]);
}

/// The game `text` (a chain of jumps in a game that lays walls), checked to run its chain
/// as a walk with a route, and the moves of its man on a1 in a position of men on a1, a2,
/// a4 and b3 with the walls `walls` (the word of a position's text), in text order.
fn walled_jumps(text: &str) -> impl Fn(&str) -> Vec<String> {
    let game = pipeline::load_text("walled", text, None, &[]).expect("loads");
    let kind = &game.moves[0].kind;
    let routed = matches!(kind, MoveKind::Walk(walk) if walk.route().is_some());
    assert!(
        routed,
        "a chain in a game of walls is a walk with a route: {kind:?}"
    );
    move |walls: &str| {
        let position = format!("6/6/m5/1m4/m5/M5 white {walls}");
        let state = notation::parse_position(&game, &position).expect("a position");
        let mut texts = notation::legal_texts(&state);
        texts.retain(|t| t.starts_with("a1-"));
        texts.sort();
        texts
    }
}

/// A step that captures by approach or withdrawal as the compiler lowers it.
fn line_capture_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Slide {
            directions,
            line_capture: Some(capture),
            ..
        } => Some(compile::line_capture_walk(
            directions,
            *capture,
            &rule.filter,
        )),
        _ => None,
    }
}

/// Men that capture by approach alone along the ranks and files, converting the run, once
/// a move, not onto c3 nor the corners; men that capture by withdrawal alone along their
/// forward diagonals, chained; kings that capture both ways in every direction, chained;
/// plain steps beside them, capture not compulsory: the clauses of a capture by approach
/// or withdrawal that Fanorona does not use.
const LINES: &str = r#"
game "Line captures"
players black, white
board grid 7 by 6
piece man, king
setup black man on rank(1) + rank(2) + b3 + f3
setup white man on rank(5) + rank(6) + c4 + e4
setup black king on d3
setup white king on d4
move step orthogonal capture by approach convert by man avoiding c3 not landing on corners
move step forward-diagonal capture by withdrawal remove chained by man
move step all capture by approach or withdrawal remove chained by king
move step forward by man
move step all by king
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn line_captures_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(line_capture_as_walk);
    assert_among(&compared, &["tests/fixtures/valid/fanorona.game", "lines"]);
}

#[test]
fn a_line_capture_as_a_walk_keeps_the_perft_counts_of_fanorona() {
    let game =
        pipeline::load("tests/fixtures/valid/fanorona.game", None, &[]).expect("Fanorona loads");
    let walked = as_walks(&game, line_capture_as_walk).expect("Fanorona captures by its steps");
    keeps_perft((&game, &walked), "tests/perft/fanorona.perft");
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_line_capture_is_the_step() {
    let rules = rules_as_walks(line_capture_as_walk);
    for (name, game, i, walk) in given_back(rules, 4, "line captures") {
        // A leg that tests its landing twice, a route that may go on along the leg
        // before, one that may land where the piece stood, one of a leg more or taking
        // at the end: each is a walk of another shape.
        let others = changed_routes(&walk, |rules| {
            vec![
                RouteRules {
                    turning: false,
                    ..rules
                },
                RouteRules {
                    fresh_landings: false,
                    ..rules
                },
                RouteRules {
                    most: std::num::NonZeroU8::new(2),
                    ..rules
                },
                RouteRules {
                    taken_at_once: false,
                    ..rules
                },
            ]
        });
        stay_walks(&name, (&game, i), others);
    }
}

/// The walks of other shapes than `walk` (a route and a destination) that a test of the
/// recogniser tries: its first leg testing its landing twice, and its route under each of
/// the rules `changed` gives for its own.
fn changed_routes(walk: &Walk, changed: impl Fn(RouteRules) -> Vec<RouteRules>) -> Vec<Walk> {
    let [Step::Route { legs, rules }, Step::Emit] = &walk.steps[..] else {
        panic!("the walk is a route and a destination");
    };
    let route = |legs: Vec<Vec<Step>>, rules| Walk {
        steps: vec![Step::Route { legs, rules }, Step::Emit],
        ..walk.clone()
    };
    let mut doubled = legs.clone();
    doubled[0].push(Step::Test(SiteTest::Empty));
    let mut others = vec![route(doubled, *rules)];
    others.extend(changed(*rules).into_iter().map(|r| route(legs.clone(), r)));
    others
}

/// Asserts that the recogniser gives none of `others` a routine under the filter of rule
/// `i` of `game`.
fn stay_walks(name: &str, (game, i): (&Game, usize), others: Vec<Walk>) {
    for other in others {
        let kind = compile::routine(&game.board, other.clone(), &game.moves[i].filter);
        assert_eq!(kind, MoveKind::Walk(other), "{name}, rule {i}");
    }
}

/// Asserts that `walked`, `game` with some rules run as walks, keeps the perft counts of the
/// data file `file`, to 30,000 leaves (each case's moves read on `game`).
fn keeps_perft((game, walked): (&Arc<Game>, &Arc<Game>), file: &str) {
    let cases = perft_file::read(file, None);
    assert!(cases.len() >= 3, "{file}");
    for case in cases {
        let (mut state, mut walks) = (State::new(Arc::clone(game)), State::new(Arc::clone(walked)));
        for text in case.moves.split_whitespace() {
            let m = notation::parse_move(&mut state, text).expect("the case's moves are legal");
            state.apply(m);
            walks.apply(m);
        }
        let depth = case.depth_within(30_000);
        let leaves = perft(&mut walks, depth);
        for (d, count) in case.counts_to(depth) {
            assert_eq!(leaves[d - 1], count, "{}: depth {d}", case.place);
        }
    }
}

/// A chain recorded by the pieces it jumps (`chained` where a chain flies or a promotion is
/// `at once`, flying or not) as the compiler lowers it.
fn piece_chain_as_walk(rule: &MoveRule) -> Option<Walk> {
    match &rule.kind {
        MoveKind::Jump {
            directions,
            flying,
            over,
            mode,
            chain: Chain::Pieces,
        } => Some(compile::piece_chain_walk(
            directions,
            *flying,
            (*over, *mode),
            &rule.filter,
        )),
        _ => None,
    }
}

/// Men that jump enemies diagonally, converting them, not through d4 nor onto the corners,
/// made kings `at once` on the far rank (and jumping on as kings); kings that jump anyone's
/// pieces orthogonally from afar, removing them: the clauses of a chain recorded by its
/// pieces that the bundled draughts do not use.
const PIECE_CHAINS: &str = r#"
game "Piece chains"
players black, white
board grid 8 by 8
piece man, king
setup black man on a1 + c1 + e1 + g1 + b2 + d2 + f2 + h2 + c3 + f3
setup white man on b7 + d7 + f7 + h7 + a8 + c8 + e8 + g8 + c6 + f6
setup black king on a3
setup white king on h6
move jump diagonal over enemy convert chained by man avoiding d4 not landing on corners
move jump orthogonal flying over any remove chained by king
move step all
after move promote man to king in side(forward) at once
end when pieces(opponent) == 0: mover wins
end when no legal move: mover loses
"#;

#[test]
fn chains_recorded_by_their_pieces_written_as_walks_make_the_same_moves() {
    let compared = same_moves_as_walks(piece_chain_as_walk);
    let names = [
        "international-draughts",
        "tests/fixtures/valid/russian-draughts.game",
        "piece chains",
    ];
    assert_among(&compared, &names);
}

/// At every ply of seeded random games of `game` and `walked`, the legal moves are written
/// the same (a chain recorded by its pieces by its landings, found by its route).
fn same_texts(name: &str, (game, walked): (&Arc<Game>, &Arc<Game>), rng: &mut Rng) {
    for _ in 0..4 {
        let (mut routines, mut walks) =
            (State::new(Arc::clone(game)), State::new(Arc::clone(walked)));
        let mut moves = MoveList::new();
        for ply in 0..120 {
            routines.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves[..] {
                let text = notation::move_text(&routines, m);
                assert_eq!(text, notation::move_text(&walks, m), "{name}, ply {ply}");
                let parsed = notation::parse_move(&mut walks, &text);
                assert_eq!(parsed.ok(), Some(m), "{name}, ply {ply}: {text}");
            }
            let m = moves[rng.below(moves.len())];
            routines.apply(m);
            walks.apply(m);
        }
    }
}

#[test]
fn chains_recorded_by_their_pieces_as_walks_are_written_and_read_alike() {
    let mut rng = Rng::new(20261204);
    for (name, game) in games() {
        if let Some(walked) = as_walks(&game, piece_chain_as_walk) {
            same_texts(&name, (&game, &walked), &mut rng);
        }
    }
}

#[test]
fn chains_recorded_by_their_pieces_as_walks_keep_the_perft_counts() {
    let games = [
        (
            "international-draughts",
            "tests/perft/international-draughts.perft",
        ),
        (
            "tests/fixtures/valid/russian-draughts.game",
            "tests/perft/russian-draughts.perft",
        ),
    ];
    for (name, file) in games {
        let game = pipeline::load(name, None, &[]).expect("the game loads");
        let walked = as_walks(&game, piece_chain_as_walk).expect("its chains are by pieces");
        keeps_perft((&game, &walked), file);
    }
}

#[test]
fn the_routine_of_a_walk_shaped_as_a_chain_by_its_pieces_is_the_chain() {
    let rules = rules_as_walks(piece_chain_as_walk);
    for (name, game, i, walk) in given_back(rules, 5, "chains recorded by their pieces") {
        // A leg that tests its landing twice, a route that may end where it could go on,
        // one that stops at will: each is a walk of another shape.
        let others = changed_routes(&walk, |rules| {
            let may_end = RouteRecord::Pieces {
                lands_to_go_on: false,
            };
            vec![
                RouteRules {
                    record: may_end,
                    ..rules
                },
                RouteRules {
                    at_will: true,
                    ..rules
                },
            ]
        });
        stay_walks(&name, (&game, i), others);
        // By its legs, it is no chain by pieces.
        let [Step::Route { legs, rules }, Step::Emit] = &walk.steps[..] else {
            panic!("a chain by its pieces is a route and a destination");
        };
        let by_legs = Walk {
            steps: vec![
                Step::Route {
                    legs: legs.clone(),
                    rules: RouteRules {
                        record: RouteRecord::Legs,
                        ..*rules
                    },
                },
                Step::Emit,
            ],
            ..walk.clone()
        };
        let kind = compile::routine(&game.board, by_legs, &game.moves[i].filter);
        assert_ne!(rule_chain(&kind), Some(Chain::Pieces), "{name}, rule {i}");
    }
}
