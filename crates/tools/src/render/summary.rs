//! The compiled summary of a game (`rulebook show`): what the compiler made of a rule file.

use std::fmt::Write as _;

use super::terminal_safe;
use super::text::glyph;
use rulebook_model::{
    Action, CaptureFilter, CaptureMode, Chain, Condition, Dice, Drawing, EffectKind, EndResult,
    EndWhen, Expr, Game, Jumped, Landing, Layout, LineCapture, LinePieces, MidChain, MoveFilter,
    MoveKind, Neighbour, NextTo, Op, PlayerRef, Quantifier, RouteRules, RuleSource, RunShape,
    SecondPart, Site, SiteTest, Sowing, Step, Taking, Track, TrackFrom, Walk, WalkAction,
    ALL_KINDS, ANY_KIND, UNLIMITED,
};

/// The summary: board, pieces, setup counts, moves, effects, constraints, end rules,
/// and the value of every parameter and option.
pub fn summary(game: &Game) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "game: {}", terminal_safe(&game.about.name));
    let _ = writeln!(
        o,
        "preset: {}",
        game.about.preset.as_deref().unwrap_or("(none)")
    );
    let _ = writeln!(o, "settings:");
    for s in &game.about.settings {
        let _ = writeln!(o, "  {} = {}  ({})", s.name, s.value, s.allowed);
    }
    let _ = writeln!(
        o,
        "players: {} (in turn order)",
        game.about.players.join(", ")
    );
    match &game.board.layout {
        Layout::Grid(_) => grid_summary(&mut o, game),
        Layout::Hex(hex) => hex_summary(&mut o, game, hex.side),
        Layout::Mancala(_) => mancala_summary(&mut o, game),
    }
    moves_summary(&mut o, game);
    effects_summary(&mut o, game);
    after_sow_summary(&mut o, game);
    for condition in &game.forbidden {
        let _ = writeln!(
            o,
            "no move may leave true: {} (mover: who moved)",
            expr(condition, game)
        );
    }
    let _ = writeln!(
        o,
        "repeated positions: {}",
        match (game.repetition.forbidden, game.repetition) {
            (false, _) => "allowed".to_string(),
            (true, r) => format!(
                "forbidden{}{}",
                if r.positional {
                    " (the sites alone, whoever is to move)"
                } else {
                    ""
                },
                match r.within {
                    0 => String::new(),
                    n => format!(" within the last {n} moves"),
                }
            ),
        }
    );
    end_summary(&mut o, game);
    if let Some(score) = &game.ends.score {
        let _ = writeln!(o, "score (per player, as mover): {}", expr(score, game));
    }
    o
}

/// A grid's line of the summary: its shape, size and count of sites.
fn board_line(o: &mut String, b: &rulebook_model::Board) {
    let (drawn, sites) = match b.drawing() {
        Drawing::Points => ("", "points"),
        Drawing::Squares { checkered: false } => (" of squares", "squares"),
        Drawing::Squares { checkered: true } => (" of checkered squares", "squares"),
        Drawing::Hexagons => (" of hexagons", "hexagons"),
        Drawing::Graph => return graph_line(o, b),
    };
    let count = b.sites() - b.removed_points().count();
    let _ = match b.outline() {
        Some(outline) => writeln!(
            o,
            "board: {} {}{drawn} ({count} {sites}, on a grid {} x {})",
            outline.shape.name(),
            outline.side,
            b.width,
            b.height,
        ),
        None => writeln!(
            o,
            "board: grid {} x {}{drawn} ({count} {sites})",
            b.width, b.height,
        ),
    };
}

/// A graph board's lines of the summary: the shape it is made from, if it is, its sites
/// and links, each run of links with the names of its directions.
fn graph_line(o: &mut String, b: &rulebook_model::Board) {
    let mut links = Vec::new();
    for s in Site::all(b.sites()) {
        for d in 0..b.directions() as u8 {
            let next = b.step(s, d);
            let name = &b.direction_names[d as usize];
            // A named link once, from the end it leaves by its pair's first name.
            let once = match name.is_empty() {
                true => next.index() > s.index(),
                false => d & 2 == 0,
            };
            if next != rulebook_model::NO_SITE && once {
                let (a, z) = (&b.site_names[s.index()], &b.site_names[next.index()]);
                links.push(match name.is_empty() {
                    true => format!("{a}-{z}"),
                    false => format!("{a}-{z} ({name})"),
                });
            }
        }
    }
    let shape = b.ring_shape().map_or(String::new(), |s| format!(" {s}"));
    let _ = writeln!(
        o,
        "board: graph{shape} ({} sites, {} links)",
        b.sites(),
        links.len()
    );
    let names: Vec<&str> = b.site_names.iter().map(String::as_str).collect();
    let _ = writeln!(o, "  sites: {}", names.join(" "));
    let _ = writeln!(o, "  links: {}", links.join(", "));
}

/// The board, paths, pieces and setup of a grid.
fn grid_summary(o: &mut String, game: &Game) {
    let b = &game.board;
    board_line(o, b);
    // The points taken off by the `without` written, not those outside the outline.
    let cut = |s: &Site| {
        let (w, i) = (b.width as usize, s.index());
        b.outline()
            .is_some_and(|o| o.cuts((i % w) as u16, (i / w) as u16))
    };
    let names = |sites: &mut dyn Iterator<Item = Site>| -> String {
        let names: Vec<&str> = sites.map(|s| b.site_names[s.index()].as_str()).collect();
        names.join(" ")
    };
    if !b.diagonal_points().is_empty() && b.drawn_lines().is_empty() {
        let through = names(&mut b.diagonal_points().iter().copied());
        let _ = writeln!(o, "  diagonal lines only through: {through}");
    }
    if !b.drawn_lines().is_empty() {
        let lines: Vec<String> = b
            .drawn_lines()
            .iter()
            .map(|l| names(&mut l.iter().copied()).replace(' ', "-"))
            .collect();
        let _ = writeln!(o, "  lines: {}", lines.join(", "));
    } else if b.removed_points().any(|s| !cut(&s)) {
        let taken = names(&mut b.removed_points().filter(|s| !cut(s)));
        let _ = writeln!(o, "  without: {taken}");
    }
    paths_summary(o, b);
    let _ = writeln!(o, "pieces: {}", piece_kinds(game));
    let _ = writeln!(o, "setup:");
    for (p, player) in game.players_named() {
        for (k, kind) in game.about.piece_kinds.iter().enumerate() {
            let cell = game.cell(p, k);
            // A stack is written with its height (`a1:3`), as in a position's text.
            let height = |s: Site| 1 + game.start.stacks.get(s.index()).map_or(0, |&n| n);
            let sites: Vec<String> = (game.start.setup.iter())
                .filter(|(_, c)| *c == cell)
                .map(|&(s, _)| match height(s) {
                    1 => b.site_names[s.index()].clone(),
                    h => format!("{}:{h}", b.site_names[s.index()]),
                })
                .collect();
            let count: u16 = (game.start.setup.iter())
                .filter(|(_, c)| *c == cell)
                .map(|&(s, _)| height(s))
                .sum();
            let hand = match game
                .start
                .stock
                .get(p.index() * game.about.piece_kinds.len() + k)
            {
                Some(n) if game.start.stocked.contains(&(k as u8)) => format!(" + {n} in hand"),
                _ => String::new(),
            };
            let on = match sites.is_empty() {
                true => String::new(),
                false => format!(": {}", sites.join(" ")),
            };
            let _ = writeln!(
                o,
                "  {player} {kind} ({}) x{}{hand}{on}",
                glyph(game, cell),
                count
            );
        }
    }
}

/// The pits and stones of a mancala board.
fn mancala_summary(o: &mut String, game: &Game) {
    let b = &game.board;
    let _ = writeln!(
        o,
        "board: mancala, {} pits per player, each player's store on their right ({} sites)",
        b.pits(),
        b.sites()
    );
    let _ = writeln!(
        o,
        "setup: {} stones in every pit ({} in all)",
        game.start.stones,
        game.total_stones()
    );
}

/// A line per path of the board: the grid's own (with its turns), then those the rule file
/// names (with their loops).
fn paths_summary(o: &mut String, b: &rulebook_model::Board) {
    let open = |closed: bool| if closed { "closed" } else { "open" };
    for p in &b.paths {
        let turns = p.turns.iter().filter(|t| **t).count();
        let (name, points) = (&p.name, p.sites.len());
        let _ = writeln!(
            o,
            "  path {name}: {points} points, {}, {turns} turns",
            open(p.closed)
        );
    }
    for p in &b.named_paths {
        let (name, points, loops) = (&p.name, p.sites.len(), p.loop_count());
        let _ = writeln!(
            o,
            "  path {name}: {points} points, {}, {loops} loops",
            open(p.closed)
        );
    }
}

/// A direction's name, or for a graph's link without one, `along a link`.
fn dir_name(game: &Game, d: u8) -> &str {
    match game.board.direction_names[d as usize].as_str() {
        "" => "along a link",
        name => name,
    }
}

/// Direction names, joined with commas (a graph's links without a name once, as "along a
/// link", however many).
fn directions(game: &Game, d: &[u8]) -> String {
    let mut names: Vec<&str> = Vec::with_capacity(d.len());
    for name in d.iter().map(|&i| dir_name(game, i)) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join(", ")
}

/// The directions of a bit mask of links (bit `d` for direction `d`), as a rule file
/// lists them.
fn links_text(game: &Game, links: rulebook_model::DirectionBits) -> String {
    let links: Vec<u8> = (0..32).filter(|d| links >> d & 1 == 1).collect();
    directions(game, &links)
}

/// What `next to` asks of a site's neighbours, in words.
fn next_to_text(game: &Game, n: NextTo) -> String {
    let what = match n.what {
        Neighbour::Empty => "next to an empty site",
        Neighbour::Enemy => "next to an enemy piece",
        Neighbour::Friend => "next to a friendly piece",
        Neighbour::Piece => "next to a piece",
        Neighbour::Last => "next to the site the latest move landed on",
    };
    // Unsaid, `next to` looks along a grid's orthogonal directions and a graph's links.
    let unsaid = match game.board.drawing() {
        Drawing::Graph => ((1u64 << game.board.directions()) - 1) as rulebook_model::DirectionBits,
        _ => 0b1111,
    };
    match n.directions {
        dirs if dirs == unsaid => what.into(),
        dirs => format!("{what} ({})", links_text(game, dirs)),
    }
}

/// A walk's steps in words, the branches of a branch between brackets.
fn walk_text(game: &Game, walk: &Walk, steps: &[Step]) -> String {
    let step = |s: &Step| match s {
        Step::Shift(d) => format!("one site {}", dir_name(game, *d)),
        Step::Leap(k) => {
            let leap = &walk.leaps[*k as usize];
            format!("leap ({}, {})", leap.files, leap.ranks)
        }
        Step::Test(t) => match t {
            SiteTest::Empty => "if empty".into(),
            SiteTest::Enemy => "if an enemy piece".into(),
            SiteTest::Friend => "if a piece of the mover's".into(),
            SiteTest::EmptyOrEnemy => "if empty or an enemy piece".into(),
            SiteTest::EmptyOrFriend => "if empty or a piece of the mover's".into(),
            SiteTest::Occupied => "if a piece".into(),
            SiteTest::EmptyOrPiece => "if empty or a piece".into(),
            SiteTest::Unmoved => "if a piece that has not moved".into(),
            SiteTest::Passed(kinds) => format!(
                "if passed over by {} in the last move",
                kind_names(game, *kinds)
            ),
            SiteTest::EmptyOr(kinds) => format!("if empty or {}", kind_names(game, *kinds)),
            SiteTest::In(r) => format!("if in {}", region(game, *r)),
            SiteTest::NotIn(r) => format!("if not in {}", region(game, *r)),
            SiteTest::NextTo(n) => format!("if {}", next_to_text(game, *n)),
            SiteTest::Unattacked => "if the moving piece would not be attacked there".into(),
            SiteTest::InLine(n) => format!("if a piece in a line of {n} of its owner's"),
            SiteTest::OutOfLineFirst(n) => {
                format!("if a piece in no line of {n} of its owner's, unless all on its side are")
            }
        },
        // Every shift of a game with walls: one never crosses a wall, as the rules read.
        Step::ShiftOpen(d) => format!("one site {}", dir_name(game, *d)),
        Step::Closed(d) => format!(
            "if the way {} is closed (the edge or a wall)",
            dir_name(game, *d)
        ),
        Step::Anywhere => "any site".into(),
        Step::Emit => "a destination".into(),
        Step::Over if walk.taking == Some(Taking::Behind) => {
            "passing the piece there, which moves to the site before the destination".into()
        }
        Step::Over => "taking the piece there".into(),
        Step::Repeat { body, min, max } => {
            let body = walk_text(game, walk, body);
            // A slide of any length repeats up to the most a grid allows less one.
            match (*min, *max) {
                (0, 0) => String::new(),
                (1, 1) => format!("once ({body})"),
                (min, max) if max >= UNLIMITED - 1 => format!("{min} or more times ({body})"),
                (min, max) if min == max => format!("{min} times ({body})"),
                (min, max) => format!("{min} to {max} times ({body})"),
            }
        }
        Step::RepeatByLine { .. } => line_repeat_text(game, walk, s),
        Step::Branch(branches) => {
            let texts: Vec<String> = branches.iter().map(|b| walk_text(game, walk, b)).collect();
            format!("[{}]", texts.join(" | "))
        }
        Step::Reach(legs) => {
            let texts: Vec<String> = legs.iter().map(|b| walk_text(game, walk, b)).collect();
            format!(
                "legs on to any site not reached before [{}]",
                texts.join(" | ")
            )
        }
        Step::Route { legs, rules } => {
            let texts: Vec<String> = legs.iter().map(|b| walk_text(game, walk, b)).collect();
            format!("{} [{}]", route_rules_text(*rules), texts.join(" | "))
        }
        Step::OverRun(d) => format!(
            "taking the run of enemy pieces from the next site {}",
            dir_name(game, *d)
        ),
        Step::Follow { path, loops, body } => follow_text(game, walk, (*path, *loops, body)),
    };
    let texts = steps.iter().map(step).filter(|text| !text.is_empty());
    texts.collect::<Vec<_>>().join(", ")
}

/// A walk along a named path ([`Step::Follow`]) in words.
fn follow_text(game: &Game, walk: &Walk, (path, loops, body): (u16, u8, &[Step])) -> String {
    let name = &game.board.named_paths[path as usize].name;
    let loops = match loops {
        0 => String::new(),
        1 => ", past a loop at least,".into(),
        n => format!(", past {n} loops at least,"),
    };
    let body = walk_text(game, walk, body);
    format!("along path {name} either way{loops} to any point, on past each ({body})")
}

/// A repetition counted along a line ([`Step::RepeatByLine`]) in words.
fn line_repeat_text(game: &Game, walk: &Walk, step: &Step) -> String {
    let Step::RepeatByLine {
        body,
        axis,
        counted,
        add,
    } = step
    else {
        return String::new();
    };
    let whose = match counted {
        LinePieces::Any => "pieces",
        LinePieces::Friend => "pieces of the mover's",
        LinePieces::Enemy => "enemy pieces",
    };
    let axis = &dir_name(game, *axis);
    let add = match add {
        0 => String::new(),
        n if *n < 0 => format!(", less {}", -i32::from(*n)),
        n => format!(", plus {n}"),
    };
    let body = walk_text(game, walk, body);
    format!("as many times as {whose} on the line {axis} and back{add} ({body})")
}

/// How a route goes on and ends ([`RouteRules`]), in words.
fn route_rules_text(rules: RouteRules) -> String {
    let again = match rules.straight {
        true => "one of the legs again and again",
        false => "legs on",
    };
    let mut words = vec![again, "passing no site twice"];
    if rules.turning {
        words.push("never along the leg before");
    }
    if rules.fresh_landings {
        words.push("never landing where the piece has stood");
    }
    if rules.taken_at_once {
        words.push("taking as each leg lands");
    }
    words.push(match rules.at_will {
        true => "ending at any landing",
        false => "until none goes on",
    });
    let most = (rules.most).map(|n| match n.get() {
        1 => "at most 1 leg".to_string(),
        n => format!("at most {n} legs"),
    });
    words.extend(most.as_deref());
    if rules.by_pieces() {
        words.push("a move for each set of sites passed over and end");
    }
    if rules.lands_to_go_on() {
        words.push("landing where a leg goes on if one can");
    }
    words.join(", ")
}

/// The kinds of a bit set of kinds, as `a king or a general`.
fn kind_names(game: &Game, kinds: u64) -> String {
    let names = game.about.piece_kinds.iter().enumerate();
    let of = names
        .filter(|(k, _)| kinds >> k & 1 == 1)
        .map(|(_, n)| format!("a {n}"));
    of.collect::<Vec<_>>().join(" or ")
}

/// The word of a capture mode.
fn mode(m: CaptureMode) -> &'static str {
    match m {
        CaptureMode::Convert => "convert",
        CaptureMode::Remove => "remove",
    }
}

/// The kinds of piece, each with its number where the rules give it one, its worth
/// where they give kinds one (the estimate the computer plays by is then their material),
/// and whether it stacks.
fn piece_kinds(game: &Game) -> String {
    let worths = match &game.heuristics.estimate {
        Expr::Material(_, worths) => Some(worths),
        _ => None,
    };
    let kinds = game.about.piece_kinds.iter().enumerate().map(|(k, name)| {
        let number = game.about.piece_numbers.get(k).copied().flatten();
        let notes: Vec<String> = (number.map(|n| format!("numbered {n}")).into_iter())
            .chain(worths.map(|w| format!("worth {}", w[k])))
            .chain((game.start.stacking >> k & 1 == 1).then(|| "stacked".to_string()))
            .collect();
        match notes.is_empty() {
            true => name.clone(),
            false => format!("{name} ({})", notes.join(", ")),
        }
    });
    kinds.collect::<Vec<_>>().join(", ")
}

/// The kinds of move, numbered, with their conditions.
fn moves_summary(o: &mut String, game: &Game) {
    let _ = writeln!(o, "moves:");
    for (i, m) in game.moves.iter().enumerate() {
        let what = move_kind_text(game, &m.kind);
        let mut filter = move_filter(game, &m.filter, m.kind.line_capture());
        if let Some(n) = &m.numbered {
            let nearest = if n.nearest {
                " (or the nearest numbers each way)"
            } else {
                ""
            };
            filter += &format!(", by the kind numbered {}{nearest}", expr(&n.value, game));
        }
        if let Some(goal) = &m.so_that {
            filter += &format!(", so that {}", expr(goal, game));
        }
        if let Some(ban) = &m.forbidding {
            filter += &format!(", not leaving {} (mover: who moved)", expr(ban, game));
        }
        let _ = writeln!(
            o,
            "  {}. {what}{filter}{}",
            i + 1,
            condition(&m.condition, game)
        );
    }
}

/// A wall laid in the grooves or (`sides`) a line drawn on a side of a cell in words: the
/// piece's kind and whether it comes from hand.
fn between_cells(game: &Game, (kind, from_hand): (u8, bool), sides: bool) -> String {
    let kind = &game.about.piece_kinds[usize::from(kind)];
    let hand = if from_hand { " from hand" } else { "" };
    match sides {
        true => format!("place a {kind}{hand} on a side of a cell where none is"),
        false => format!("place a {kind}{hand} on the grooves, across two links between cells"),
    }
}

/// A kind of move in words, without what narrows it.
fn move_kind_text(game: &Game, kind: &MoveKind) -> String {
    match kind {
        MoveKind::Slide {
            directions: d,
            max_length: UNLIMITED,
            ..
        } => format!("slide {}", directions(game, d)),
        MoveKind::Slide {
            directions: d,
            max_length: 1,
            ..
        } => format!("step {} (slide at most 1)", directions(game, d)),
        MoveKind::Slide {
            directions: d,
            max_length: n,
            ..
        } => format!("slide {} at most {n}", directions(game, d)),
        MoveKind::Jump {
            directions: d,
            flying,
            over,
            mode: md,
            chain,
        } => jump_text(game, d, *flying, *over, *md, *chain),
        MoveKind::Remove { region: Some(r) } => {
            format!("remove one of the mover's pieces from {}", region(game, *r))
        }
        MoveKind::Remove { region: None } => "remove one of the mover's pieces".into(),
        MoveKind::Fly { .. } => "fly to any empty point".into(),
        MoveKind::Castle {
            directions: d,
            partner,
        } => format!(
            "castle {} with an unmoved {}",
            directions(game, d),
            game.about.piece_kinds[*partner as usize]
        ),
        MoveKind::Walk(w) | MoveKind::SiteWalk(w) => {
            let action = match w.action {
                WalkAction::Move => String::new(),
                WalkAction::Place { kind, from_hand } => {
                    let kind = &game.about.piece_kinds[kind as usize];
                    format!(
                        "place {kind}{} by ",
                        if from_hand { " from hand" } else { "" }
                    )
                }
                WalkAction::Remove => "remove a piece by ".into(),
            };
            format!("{action}walk: {}", walk_text(game, w, &w.steps))
        }
        MoveKind::Roll(dice) => dice_text(dice),
        MoveKind::Track(t) => track_text(game, t),
        MoveKind::Wall(g) => between_cells(game, (g.kind, g.from_hand), false),
        MoveKind::Side(s) => between_cells(game, (s.kind, s.from_hand), true),
        MoveKind::PlacePiece {
            kind,
            region: r,
            from_hand,
        } => {
            let kind = &game.about.piece_kinds[*kind as usize];
            let hand = if *from_hand { " from hand" } else { "" };
            match r {
                Some(r) => format!("place {kind}{hand} in {}", region(game, *r)),
                None => format!("place {kind}{hand} on any empty site"),
            }
        }
        MoveKind::Place { matching: true } => "place a tile from hand, matching".into(),
        MoveKind::Place { matching: false } => "place a tile from hand".into(),
        MoveKind::Pass { at_will: false } => "pass (only when no other move is legal)".into(),
        MoveKind::Pass { at_will: true } => "pass (at will)".into(),
        MoveKind::Swap => "swap sides (second player's first turn)".into(),
        MoveKind::Sow {
            sowing: s, relay, ..
        } => sow_text(game, s, relay.as_ref()),
    }
}

/// The summary of the throw of the dice.
fn dice_text(dice: &Dice) -> String {
    let throws: Vec<String> = match dice.one_by_one_used() {
        true => vec![format!(
            "{} ordered throws, each die used one by one{}{}{}",
            dice.outcomes.len(),
            match (0..dice.outcomes.len()).any(|i| dice.doubled(i)) {
                true => ", a double twice",
                false => "",
            },
            match dice.most {
                true => ", the most dice used (else the larger die)",
                false => "",
            },
            match &dice.opening {
                Some(opening) => format!(
                    "; to open, one die each ({} throws of two different dice), the higher starting",
                    opening.outcomes.len()
                ),
                None => String::new(),
            }
        )],
        false => (dice.outcomes.iter())
            .map(|(v, n)| format!("{v} ({n}/{})", dice.total()))
            .collect(),
    };
    let again: Vec<String> = (dice.outcomes.iter().enumerate())
        .filter(|&(i, _)| dice.throws_again(i))
        .map(|(_, (v, _))| v.to_string())
        .collect();
    match again.is_empty() {
        true => format!("throw the dice first: {}", throws.join(", ")),
        false => format!(
            "throw the dice first: {}; after a throw of {} the same player throws again",
            throws.join(", "),
            again.join(" or ")
        ),
    }
}

/// The summary of a move along the tracks.
fn track_text(game: &Game, t: &Track) -> String {
    let kind = &game.about.piece_kinds[t.kind as usize];
    let mut text = match t.from {
        TrackFrom::Anywhere => format!("a {kind} (from hand) along the mover's track"),
        TrackFrom::Hand => format!("a {kind} from hand onto the mover's track"),
        TrackFrom::HandFirst => {
            format!("a {kind} from hand first (while one waits there) along the mover's track")
        }
        TrackFrom::Sites(r) => format!("a {kind} on {} along the mover's track", region(game, r)),
    };
    text += if t.by_die {
        " by a die"
    } else {
        " by the throw"
    };
    if let Some(n) = t.blocked {
        text += &format!(", blocked by {n} enemy pieces on a site");
    }
    if let Some(r) = t.safe {
        text += &format!(", safe on {}", region(game, r));
    }
    if let Some(r) = t.again {
        text += &format!(", again on {}", region(game, r));
    }
    if let Some(n) = t.enter {
        text += &format!(", coming in on a throw of {n} only, onto the track's first site");
    }
    if !t.bears_off {
        text += ", without bearing off";
    }
    if !t.home.is_empty() {
        text += ", bearing off only when all the mover's pieces are home";
    }
    text
}

/// A jump in `d` in words: flying or not, over whose pieces, how it takes and chains.
fn jump_text(
    game: &Game,
    d: &[u8],
    flying: bool,
    over: Jumped,
    md: Option<CaptureMode>,
    chain: Chain,
) -> String {
    let over = match over {
        Jumped::Enemy => "enemy",
        Jumped::Friend => "friend",
        Jumped::Any => "any piece",
    };
    let md = md.map(|m| format!(", {}", mode(m))).unwrap_or_default();
    let chain = match chain {
        Chain::Single => "",
        Chain::Straight => ", chained straight",
        Chain::Turning => ", chained",
        Chain::TurningAtWill => ", chained at will",
        Chain::Reach => ", chained to any landing",
        Chain::Pieces => ", chained (a move is the pieces it jumps)",
    };
    let flying = if flying { " flying" } else { "" };
    format!(
        "jump {}{flying} over {over}{md}{chain}",
        directions(game, d)
    )
}

/// A sowing in words: its direction, the options it takes, and its relay.
fn sow_text(game: &Game, s: &Sowing, relay: Option<&Expr>) -> String {
    let mut words = vec![if s.counterclockwise {
        "sow counterclockwise".to_string()
    } else {
        "sow clockwise".to_string()
    }];
    let options = [
        (s.origin_first, "first stone into origin"),
        (s.skip_opponent_store, "skip opponent store"),
        (s.skip_stores, "skip stores"),
        (s.skip_origin, "skip origin"),
        (s.marked_to_owner, "marked pits feed owner store"),
    ];
    for (taken, option) in options {
        if taken {
            words.push(option.into());
        }
    }
    if let Some(condition) = relay {
        words.push(format!("relay while {}", expr(condition, game)));
    }
    words.join(", ")
}

/// The effects after each move, numbered, with their conditions.
fn effects_summary(o: &mut String, game: &Game) {
    let _ = writeln!(o, "after each move:");
    if game.effects.is_empty() {
        let _ = writeln!(o, "  (nothing)");
    }
    for (i, e) in game.effects.iter().enumerate() {
        let _ = writeln!(
            o,
            "  {}. {}{}{}",
            i + 1,
            effect_kind_text(game, &e.kind, &e.filter),
            condition(&e.condition, game),
            called(game.sources.effects.get(i))
        );
    }
}

/// An effect in words, with what narrows its captures (`filter`), without its condition.
fn effect_kind_text(game: &Game, kind: &EffectKind, filter: &CaptureFilter) -> String {
    let filter = capture_filter(game, filter);
    match kind {
        EffectKind::Again => "the mover moves again".into(),
        EffectKind::Claim { kind } => format!(
            "every cell the move closed (its four sides drawn) gets a {} of the mover's",
            game.about.piece_kinds[usize::from(*kind)]
        ),
        EffectKind::Promote {
            to,
            region: r,
            leaving,
            mid_chain,
            choices,
        } => {
            let leaving = if *leaving {
                " or a move from there"
            } else {
                ""
            };
            let mid_chain = match mid_chain {
                MidChain::Stop => "",
                MidChain::Pass => " (only where its move ends)",
                MidChain::GoOn => " (at once: a chain goes on as the new kind)",
            };
            let kinds = game.about.piece_kinds.iter().enumerate();
            let to = match choices {
                0 => game.about.piece_kinds[*to as usize].clone(),
                _ => (kinds.filter(|(k, _)| choices >> k & 1 == 1))
                    .map(|(_, name)| name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
            };
            let on = region(game, *r);
            format!("promote{filter} to {to} on {on}{leaving}{mid_chain}")
        }
        EffectKind::Custodian {
            shape,
            turning_once,
            min_length,
            max_length,
            mode: md,
        } => {
            let run = run_text(game, shape, *turning_once, (*min_length, *max_length));
            format!("capture custodian {run}, {}{filter}", mode(*md))
        }
        EffectKind::Groups {
            directions: links,
            mode: md,
        } => format!(
            "capture groups without liberties along {}, {}",
            links_text(game, *links),
            mode(*md)
        ),
        EffectKind::Enclosed {
            directions: d,
            mode: md,
        } => format!(
            "capture enclosed {}, {}{filter}",
            directions(game, d),
            mode(*md)
        ),
    }
}

/// The runs a custodian capture takes in words: their shape, whether they turn, and the
/// least and most pieces in one (`lengths`) where they are not 1 and any.
fn run_text(game: &Game, shape: &RunShape, turning_once: bool, lengths: (u16, u16)) -> String {
    let (min_length, max_length) = lengths;
    let shape = match shape {
        RunShape::Lines(d) => directions(game, d),
        RunShape::Path(p) => format!("along {}", game.board.paths[*p].name),
    };
    let turning = if turning_once { ", turning once" } else { "" };
    let min = match min_length {
        1 => String::new(),
        n => format!(", at least {n}"),
    };
    let max = if max_length == u16::MAX {
        String::new()
    } else {
        format!(", at most {max_length}")
    };
    format!("{shape}{turning}{min}{max}")
}

/// ` called "NAME"` for a rule the file names, else nothing.
fn called(source: Option<&RuleSource>) -> String {
    named(source.and_then(|s| s.label.as_deref()))
}

/// ` called "NAME"` for a rule with a short name; nothing for one without.
fn named(label: Option<&str>) -> String {
    match label {
        Some(label) => format!(" called \"{}\"", terminal_safe(label)),
        None => String::new(),
    }
}

/// The kinds of a set (bit `k` for kind `k`), joined with commas.
fn kinds(game: &Game, set: u64) -> String {
    let names: Vec<&str> = (0..game.about.piece_kinds.len())
        .filter(|&k| set >> k & 1 == 1)
        .map(|k| game.about.piece_kinds[k].as_str())
        .collect();
    names.join(", ")
}

/// The clauses that narrow a move, as words after it.
fn move_filter(game: &Game, f: &MoveFilter, line_capture: Option<LineCapture>) -> String {
    let mut words = String::new();
    if let Some(c) = line_capture {
        let ways = match (c.approach, c.withdrawal) {
            (true, true) => "approach or withdrawal",
            (true, false) => "approach",
            _ => "withdrawal",
        };
        let chained = if c.chained { ", chained" } else { "" };
        words += &format!(", capturing by {ways}, {}{chained}", mode(c.mode));
    }
    if f.kinds != ALL_KINDS {
        words += &format!(", by {}", kinds(game, f.kinds));
    }
    words += match f.landing {
        Landing::Empty => "",
        Landing::Enemy => ", onto an enemy piece (taking it)",
        Landing::EmptyOrEnemy => ", onto an empty site or an enemy piece (taking it)",
        Landing::EmptyOrPiece => ", onto an empty site or any piece (taking it)",
    };
    if let Some(r) = f.avoiding {
        words += &format!(", avoiding {}", region(game, r));
    }
    if let Some(r) = f.not_landing {
        words += &format!(", not landing on {}", region(game, r));
    }
    if f.capturing {
        words += ", only where it captures";
    }
    if f.compulsory {
        words += ", compulsory";
    }
    if f.most {
        words += " (only the captures that take the most pieces)";
    }
    if let Some(links) = f.liberties {
        words += &format!(
            ", with liberties (no suicide) along {}",
            links_text(game, links)
        );
    }
    if let Some(n) = f.next_to {
        words += ", ";
        words += &next_to_text(game, n);
    }
    words += &second_part_text(game, f);
    words
}

/// The words of a move's second part, each after a comma: a shot, a part walk, a turn, a
/// removal; empty for none.
fn second_part_text(game: &Game, f: &MoveFilter) -> String {
    let mut words = String::new();
    if let Some(shot) = f.shot() {
        words += &format!(
            ", then shoots {} along {}",
            game.about.piece_kinds[shot.kind as usize],
            links_text(game, shot.directions)
        );
    }
    if let Some(SecondPart::Place { kind, walk }) = f.then {
        let part = &game.tables.parts[walk as usize];
        words += &format!(
            ", then places {} where a walk from the landing reaches, walk: {}",
            game.about.piece_kinds[kind as usize],
            walk_text(game, part, &part.steps)
        );
    }
    if let Some(SecondPart::Take { walk }) = f.then {
        let part = &game.tables.parts[walk as usize];
        words += &format!(
            ", then removes the piece where a walk from the landing reaches, walk: {}",
            walk_text(game, part, &part.steps)
        );
    }
    if let Some(turns) = f.turns() {
        words += &turns_text(&game.tables.turns[turns as usize]);
    }
    if let Some(r) = f.removal() {
        words += ", then removes an enemy piece";
        if r.if_line > 0 {
            words += &format!(" if it makes a line of {}", r.if_line);
        }
        if r.sparing_line > 0 {
            words += &format!(
                ", sparing those in a line of {} unless all are",
                r.sparing_line
            );
        }
    }
    words
}

/// The clauses that narrow a capture, as words after it.
fn capture_filter(game: &Game, f: &CaptureFilter) -> String {
    let mut words = String::new();
    if f.kinds != ALL_KINDS {
        words += &format!(", of {}", kinds(game, f.kinds));
    }
    if let Some(r) = f.standing {
        words += &format!(", standing on {}", region(game, r));
    }
    if let Some(r) = f.hostile {
        words += &format!(", against empty {}", region(game, r));
    }
    words
}

/// The rules after sowing, numbered, the first that applies.
fn after_sow_summary(o: &mut String, game: &Game) {
    if !game.after_sowing.rules.is_empty() {
        let _ = writeln!(o, "after sowing, the first that applies:");
    }
    for (i, r) in game.after_sowing.rules.iter().enumerate() {
        let actions: Vec<String> = r
            .actions
            .iter()
            .map(|a| match a {
                Action::Again => "again".to_string(),
                Action::Take { from, to } => {
                    format!("take {} to {}", expr(from, game), expr(to, game))
                }
                Action::Mark(site) => match &game.about.mark_name {
                    Some(name) => format!("mark {} as {name}", expr(site, game)),
                    None => format!("mark {}", expr(site, game)),
                },
                Action::TakeRun {
                    from,
                    counterclockwise,
                    condition,
                    to,
                } => format!(
                    "take from {} {} while {} to {}",
                    expr(from, game),
                    if *counterclockwise {
                        "counterclockwise"
                    } else {
                        "clockwise"
                    },
                    expr(condition, game),
                    expr(to, game)
                ),
            })
            .collect();
        let when = match &r.condition {
            Condition::Always => "always".to_string(),
            Condition::When(e) => expr(e, game),
        };
        let unless = match &r.cancel {
            Some(e) => format!(", unless {}", expr(e, game)),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "  {}. when {when}: {}{unless}{}",
            i + 1,
            actions.join(", "),
            called(game.sources.sowing.get(i))
        );
    }
}

/// The condition of end rule [`EndWhen::StuckAnd`]`(i)`, as written.
pub(super) fn stuck_condition_text(game: &Game, i: u8) -> String {
    expr(&game.ends.stuck[i as usize], game)
}

/// The condition of [`EndWhen::RepeatedKeeping`].
pub(super) fn kept_condition_text(game: &Game) -> String {
    game.ends
        .kept
        .as_ref()
        .map_or(String::new(), |k| expr(&k.condition, game))
}

/// The count of [`EndWhen::MovesWithout`] as written: `100 moves without capture or move
/// by pawn`.
pub(super) fn clock_text(game: &Game) -> String {
    let Some(clock) = game.ends.clock else {
        return "moves without progress".to_string();
    };
    let mut progress = Vec::new();
    if clock.progress.capture {
        progress.push("capture".to_string());
    }
    let kinds: Vec<&str> = (game.about.piece_kinds.iter().enumerate())
        .filter(|(k, _)| clock.progress.kinds >> k & 1 == 1)
        .map(|(_, name)| name.as_str())
        .collect();
    if !kinds.is_empty() {
        progress.push(format!("move by {}", kinds.join(", ")));
    }
    format!("{} moves without {}", clock.moves, progress.join(" or "))
}

/// The end rules: when, and the result.
fn end_summary(o: &mut String, game: &Game) {
    let _ = writeln!(o, "end:");
    for (i, e) in game.ends.rules.iter().enumerate() {
        let when = match e.when {
            EndWhen::NoLegalMove => "no legal move".to_string(),
            EndWhen::StuckAnd(i) => format!("no legal move and {}", stuck_condition_text(game, i)),
            EndWhen::NoPlayerCanMove => "no player has a move other than passing".to_string(),
            EndWhen::RepeatedPosition => {
                let what = match game.repetition.positional {
                    true => " (the sites alone, whoever is to move)",
                    false => "",
                };
                match game.ends.repetitions {
                    2 => format!(
                        "a move repeats an earlier position{what} (checked after every move)"
                    ),
                    n => format!("a position{what} occurs {n} times (checked after every move)"),
                }
            }
            EndWhen::RepeatedKeeping => format!(
                "a position occurs {} times, one player having kept {} after each of their \
                 moves since its first occurrence (checked after every move; mover: that player)",
                game.ends.kept.as_ref().map_or(2, |k| k.repetitions),
                kept_condition_text(game)
            ),
            EndWhen::MovesWithout => format!(
                "{} (checked after every move, unless the player to move has no legal move)",
                clock_text(game)
            ),
            EndWhen::EmptyRow => "a row is empty (checked after every move)".to_string(),
            EndWhen::BothPass => "both players pass in a row".to_string(),
            EndWhen::Position(i) => format!(
                "{} (checked after every move; mover: who moved)",
                expr(&game.ends.conditions[i as usize], game)
            ),
        };
        let winner;
        let result = match e.result {
            EndResult::PlayerWins(p) => {
                winner = format!("{} wins", game.player_name(p));
                winner.as_str()
            }
            EndResult::MostPieces => "most pieces wins; equal is a draw",
            EndResult::MoverLoses => "mover loses",
            EndResult::MoverWins => "mover wins",
            EndResult::Draw => "draw",
            EndResult::StoreMajority {
                to_empty_side: true,
            } => "remaining stones to the empty row's player, most in store wins",
            EndResult::StoreMajority {
                to_empty_side: false,
            } => "remaining stones to each row's owner, most in store wins",
            EndResult::HighestScore {
                last_placer_loses: true,
            } => "highest score wins; on equal scores the last placer loses",
            EndResult::HighestScore {
                last_placer_loses: false,
            } => "highest score wins; equal scores draw",
        };
        let called = named(game.sources.end_labels.get(i).and_then(Option::as_deref));
        let worth = match e.points {
            1 => String::new(),
            n => format!(", a win worth {n} points"),
        };
        let _ = writeln!(o, "  when {when}: {result}{worth}{called}");
    }
}

/// End condition `i` of a game as rule text (`pieces(opponent) < 2`): as written in the
/// rule file where the pipeline has given it, else as compiled.
pub(super) fn end_condition_text(game: &Game, i: usize) -> String {
    match game.sources.end_conditions.get(i) {
        Some(source) if !source.text.is_empty() => source.text.clone(),
        _ => expr(&game.ends.conditions[i], game),
    }
}

/// The board, edges, tiles and hands of a hex board.
fn hex_summary(o: &mut String, game: &Game, side: u16) {
    let b = &game.board;
    let removed: Vec<String> = rulebook_model::Board::hex_cells(side)
        .filter(|&(f, r)| {
            b.site_named(&format!("{}{}", (b'a' + f as u8) as char, r + 1))
                .is_none()
        })
        .map(|(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
        .collect();
    let _ = writeln!(
        o,
        "board: hex, {side} cells a side, {} cells (removed: {})",
        b.sites(),
        if removed.is_empty() {
            "none".to_string()
        } else {
            removed.join(" ")
        }
    );
    let mut edges = vec![0usize; game.about.players.len() + 1];
    for s in Site::all(b.sites()) {
        for d in 0..6 {
            if b.is_edge(s, d) {
                let c = b.edge_colour(s, d);
                edges[c.map_or(game.about.players.len(), |p| p.index())] += 1;
            }
        }
    }
    let counts: Vec<String> = game
        .players_named()
        .map(|(p, n)| format!("{} {n}", edges[p.index()]))
        .chain(
            (edges[game.about.players.len()] > 0)
                .then(|| format!("{} uncoloured", edges[game.about.players.len()])),
        )
        .collect();
    let _ = writeln!(
        o,
        "  board edges: {} ({})",
        edges.iter().sum::<usize>(),
        counts.join(", ")
    );
    if let Some(t) = &game.tiles {
        let letters: Vec<String> = game
            .about
            .players
            .iter()
            .zip(&t.letters)
            .map(|(p, l)| format!("{l} = {p}"))
            .collect();
        let _ = writeln!(
            o,
            "tiles: wedges in side order E, NE, NW, W, SW, SE; {}",
            letters.join(", ")
        );
        for (p, name) in game.players_named() {
            let hand = t.hands[p.index()];
            let missing: Vec<String> = (0..64)
                .filter(|k| hand & (1u64 << k) == 0)
                .map(|k| t.pattern_name(k))
                .collect();
            let _ = writeln!(
                o,
                "  {name}'s hand: {} tiles{}",
                hand.count_ones(),
                if missing.is_empty() {
                    String::new()
                } else {
                    format!(", all but {}", missing.join(" "))
                }
            );
        }
    }
}

fn condition(c: &Condition, game: &Game) -> String {
    match c {
        Condition::Always => String::new(),
        Condition::When(e) => format!(" when {}", expr(e, game)),
    }
}

/// A region of [`Tables::regions`](rulebook_model::Tables::regions) as its sites' names in braces (`all` for every site).
fn region(game: &Game, k: u16) -> String {
    let names = &game.board.site_names;
    let sites: Vec<&str> = (0..names.len())
        .filter(|&s| game.tables.regions[k as usize][s / 64] >> (s % 64) & 1 == 1)
        .map(|s| names[s].as_str())
        .collect();
    match sites.len() == names.len() {
        true => "all".into(),
        false => format!("{{{}}}", sites.join(" ")),
    }
}

/// A question about the groups of a player's pieces (`connected`, `groups`, `group`,
/// `touching`, `ring`) or a way of one (`path`) as a rule file would write it: the player,
/// (for `path` the kind,) the regions, the directions.
fn group_expr(e: &Expr, game: &Game) -> String {
    if let Expr::Path(r, of, goal, links) = e {
        let kind = &game.about.piece_kinds[*of as usize];
        let (player, goal) = (player_text(game, r), region(game, *goal));
        return format!(
            "path({player}, {kind}, {goal}, {})",
            links_text(game, *links)
        );
    }
    let (name, r, regions, links) = match e {
        Expr::Connected(r, a, b, links) => ("connected", r, vec![*a, *b], *links),
        Expr::Groups(r, links) => ("groups", r, Vec::new(), *links),
        Expr::Group(r, links) => ("group", r, Vec::new(), *links),
        Expr::Touching(r, links, regions, _) => ("touching", r, regions.to_vec(), *links),
        Expr::Ring(r, links, ..) => ("ring", r, Vec::new(), *links),
        _ => return expr(e, game),
    };
    let mut args = vec![player_text(game, r)];
    args.extend(regions.iter().map(|&k| region(game, k)));
    args.push(links_text(game, links));
    format!("{name}({})", args.join(", "))
}

/// `pieces(P, REGION[, KIND])` as a rule file would write it; a region around the latest
/// move, known only by its layout, is named by the site it is around.
fn pieces_on_region(e: &Expr, game: &Game) -> String {
    let (r, region, of) = match e {
        Expr::PiecesIn(r, k, of) => (r, region(game, *k), of),
        Expr::PiecesAround {
            player, site, kind, ..
        } => (
            player,
            format!("a region around {}", expr(site, game)),
            kind,
        ),
        _ => return expr(e, game),
    };
    let kind = (*of != ANY_KIND).then(|| format!(", {}", game.about.piece_kinds[*of as usize]));
    format!(
        "pieces({}, {region}{})",
        player_text(game, r),
        kind.unwrap_or_default()
    )
}

/// An expression as a rule file would write it.
fn expr(e: &Expr, game: &Game) -> String {
    let player = |r: &PlayerRef| player_text(game, r);
    let kind = |k: &u8| &game.about.piece_kinds[*k as usize];
    match e {
        Expr::Const(v) => v.to_string(),
        Expr::Player(r) => player(r),
        Expr::Pieces(r) => format!("pieces({})", player(r)),
        Expr::PiecesIn(..) | Expr::PiecesAround { .. } => pieces_on_region(e, game),
        Expr::Line(r, k) => format!("line({}, {})", player(r), region(game, *k)),
        Expr::Lines(r, k, n) => format!("lines({}, {n}, {})", player(r), region(game, *k)),
        Expr::Reach(r, ANY_KIND) => format!("reach({})", player(r)),
        Expr::Reach(r, of) => format!("reach({}, {})", player(r), kind(of)),
        Expr::Attacked(r, ANY_KIND) => format!("attacked({})", player(r)),
        Expr::Attacked(r, of) => format!("attacked({}, {})", player(r), kind(of)),
        Expr::Connected(..)
        | Expr::Path(..)
        | Expr::Groups(..)
        | Expr::Group(..)
        | Expr::Touching(..)
        | Expr::Ring(..) => group_expr(e, game),
        Expr::Hand(r, ANY_KIND) => format!("hand({})", player(r)),
        Expr::Hand(r, of) => format!("hand({}, {})", player(r), kind(of)),
        Expr::Material(r, _) => format!("material({})", player(r)),
        Expr::Files(r, ANY_KIND) => format!("files({})", player(r)),
        Expr::Files(r, of) => format!("files({}, {})", player(r), kind(of)),
        Expr::NoLegalMove => "no legal move".into(),
        Expr::Area(r, false) => format!("area({})", player(r)),
        Expr::Area(r, true) => format!("territory({})", player(r)),
        Expr::PerMover(both) => format!(
            "{} for {}, {} for {}",
            expr(&both[0], game),
            game.about.players[0],
            expr(&both[1], game),
            game.about.players.get(1).map_or("", String::as_str)
        ),
        Expr::Last => "last".into(),
        Expr::Throw => "throw".into(),
        Expr::Captured => "captured".into(),
        Expr::Claimed => "claimed".into(),
        Expr::Store(x) => format!("store({})", expr(x, game)),
        Expr::Owner(x) => format!("owner({})", expr(x, game)),
        Expr::Count(x) => format!("count({})", expr(x, game)),
        Expr::PitNumber(x) => format!("pit({})", expr(x, game)),
        Expr::Opposite(x) => format!("opposite({})", expr(x, game)),
        Expr::Marks(x) => format!("marks({})", expr(x, game)),
        Expr::Marked(x) => format!("marked({})", expr(x, game)),
        Expr::RowStones(x) => format!("stones({})", expr(x, game)),
        Expr::Tabled(k) => format!("table {k}"),
        Expr::Majority(rulebook_model::GroupUnit::Wedges) => "majority(wedges)".into(),
        Expr::Majority(rulebook_model::GroupUnit::Pieces) => "majority(pieces)".into(),
        Expr::Not(x) => format!("not {}", expr(x, game)),
        Expr::Neg(x) => format!("-{}", expr(x, game)),
        Expr::Origin => "origin".into(),
        Expr::Next(x) => format!("next({})", expr(x, game)),
        Expr::Previous(x) => format!("previous({})", expr(x, game)),
        Expr::PitOf(p, k) => format!("pit({}, {})", expr(p, game), expr(k, game)),
        Expr::Steps(a, b) => format!("steps({}, {})", expr(a, game), expr(b, game)),
        // Bound sites are named by their level; a region's membership test is part of the
        // body.
        Expr::Bound(k) => format!("x{}", k + 1),
        Expr::Over {
            quantifier,
            depth,
            body,
        } => format!(
            "{}(x{} in all: {})",
            quantifier_word(*quantifier),
            depth + 1,
            expr(body, game)
        ),
        Expr::Binary(op, a, b) => {
            format!("({} {} {})", expr(a, game), op_symbol(*op), expr(b, game))
        }
    }
}

/// A player as an expression names it: `mover`, `opponent`, or the player's name.
fn player_text(game: &Game, r: &PlayerRef) -> String {
    match r {
        PlayerRef::Mover => "mover".to_string(),
        PlayerRef::Opponent => "opponent".to_string(),
        PlayerRef::Fixed(p) => game.about.players[(*p).index()].clone(),
    }
}

/// The word of a quantifier over sites.
fn quantifier_word(quantifier: Quantifier) -> &'static str {
    match quantifier {
        Quantifier::Any => "any",
        Quantifier::Every => "every",
        Quantifier::Sum => "sum",
    }
}

/// The symbol of a binary operator.
fn op_symbol(op: Op) -> &'static str {
    match op {
        Op::And => "and",
        Op::Or => "or",
        Op::Eq => "==",
        Op::Ne => "!=",
        Op::Lt => "<",
        Op::Le => "<=",
        Op::Gt => ">",
        Op::Ge => ">=",
        Op::Add => "+",
        Op::Sub => "-",
        Op::Mul => "*",
        Op::Mod => "%",
        Op::Div => "/",
    }
}

/// How a placement's `then rotate` or `then reflect` reads in the summary: what it does to
/// which regions, its first and last choices as written, and whether it may be left out.
fn turns_text(turns: &rulebook_model::Turns) -> String {
    let named: Vec<&str> = (turns.choices.iter())
        .map(|c| c.name.as_str())
        .filter(|n| !n.is_empty())
        .collect();
    let ways = || turns.choices.iter().filter_map(|c| c.way);
    let rotates = ways().any(|w| w.is_quarter_turn());
    let mirrors = ways().any(|w| !w.is_quarter_turn());
    let regions = match turns.regions {
        1 => "a square region".to_string(),
        n => format!("one of {n} square regions"),
    };
    let what = match (rotates, mirrors) {
        (true, true) => {
            format!("turns {regions} a quarter turn either way or mirrors it in one of its axes")
        }
        (false, true) => format!("mirrors {regions} in one of its axes"),
        _ => format!("turns {regions} a quarter turn either way"),
    };
    let (first, last) = (named.first().unwrap_or(&""), named.last().unwrap_or(&""));
    let alone = match named.len() < turns.choices.len() {
        true => ", or not (the placement alone)",
        false => "",
    };
    format!(", then {what} (`/{first}` .. `/{last}`){alone}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::num::NonZeroU8;

    /// A route's cap on its legs is counted in words: one leg, two legs.
    #[test]
    fn a_route_of_one_leg_says_leg() {
        let rules = |most| RouteRules {
            most: NonZeroU8::new(most),
            ..RouteRules::default()
        };
        assert!(route_rules_text(rules(1)).ends_with("at most 1 leg"));
        assert!(route_rules_text(rules(2)).ends_with("at most 2 legs"));
        assert!(!route_rules_text(rules(0)).contains("at most"));
    }
}
