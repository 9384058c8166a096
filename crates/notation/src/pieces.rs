//! Moves of pieces as text: two points joined by a dash (`a1-a4`), every landing of a
//! chained jump (`c3-c5-c7`, `c3-e5-c7`), a placement by its point alone (`d3`), or, in a
//! game that places pieces of several kinds, by the kind's letter, `*` and the point
//! (`P*e5`), and a
//! move's second part after a `/`: the point it shoots onto (`d1-d7/g7`) or `x` and the
//! point of the enemy piece it removes (`d3/xa4`) or the region it turns (`d3/2cw`); a promotion the mover chose after `=`
//! and the kind's letter (`e7-e8=Q`).

use super::{is_site_like, move_text, MoveError};
use rulebook_engine::{Move, MoveList, State};
use rulebook_model::{MoveKind, Neighbour, Site, TurnWay, WalkAction, NO_SITE};

/// The text of a piece's move: `from-to`, `from-landing-...-to` for a chained jump, or
/// the point of a placement; then its second part, if any (`/g7`, `/xa4`).
pub(super) fn text(state: &State, m: Move) -> String {
    let game = state.game();
    let names = &game.board.site_names;
    let mut text = first_part(state, m);
    if let Some(kind) = m.promoted_to() {
        text.push('=');
        text.push(super::kind_letter(game, kind));
    }
    let filter = &game.moves[m.rule() as usize].filter;
    if filter.placed_by_part().is_some() {
        text.push('/');
        text.push_str(&names[m.shot().index()]);
    }
    if filter.removes_by_part() && m.removal() != NO_SITE {
        text.push_str("/x");
        text.push_str(&names[m.removal().index()]);
    }
    if let Some(turns) = filter.turns() {
        let name = &game.tables.turns[turns as usize].choices[m.turn()].name;
        if !name.is_empty() {
            text.push('/');
            text.push_str(name);
        }
    }
    text
}

/// The point a move's second part names: where a piece is shot, or (after `x`) the piece
/// removed; none for a region turned (`/2cw`).
fn second_point(second: Option<&str>) -> Option<&str> {
    (second.filter(|s| !is_turn_like(s))).map(|s| s.strip_prefix('x').unwrap_or(s))
}

/// Whether a move's second part is written as a region turned or mirrored: the region's
/// number and a [way](TurnWay::name), as in `2cw`.
fn is_turn_like(part: &str) -> bool {
    let number = part.trim_end_matches(|c: char| c.is_ascii_lowercase());
    TurnWay::named(&part[number.len()..]).is_some()
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// What the ways of turning a region written in `seconds` (`1cw`, `2h` ...) mean, in
/// words: the region's number and the ways among them.
fn turn_ways(seconds: &[String]) -> String {
    let written = |way: TurnWay| {
        (seconds.iter()).any(|s| s.trim_start_matches(|c: char| c.is_ascii_digit()) == way.name())
    };
    let named: Vec<String> = (TurnWay::ALL.into_iter())
        .filter(|&w| written(w))
        .map(|w| format!("`{}` {}", w.name(), w.words()))
        .collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("the region's number, {} or {last}", rest.join(", "))
        }
        _ => format!("the region's number, {}", named.join("")),
    }
}

/// The text of a move along a track: the site entered from the stock (`d1`), `from-to`,
/// or the site borne off from (`g1-off`; by a die higher than the distance, with the die:
/// `g1-off:6`).
pub(super) fn track_text(state: &State, m: Move) -> String {
    let names = &state.game().board.site_names;
    match (m.from(), m.to()) {
        (NO_SITE, to) => names[to.index()].clone(),
        (from, NO_SITE) if m.die() > 0 && m.die() != steps_off(state, m) => {
            format!("{}-off:{}", names[from.index()], m.die())
        }
        (from, NO_SITE) => format!("{}-off", names[from.index()]),
        (from, to) => format!("{}-{}", names[from.index()], names[to.index()]),
    }
}

/// The sites a piece moved by `m` had to go to leave its player's track: one beyond the
/// track's last site (a die higher than that bears it off only by a clause that allows
/// it, and is then written after the move, `4-off:6`).
fn steps_off(state: &State, m: Move) -> u8 {
    let game = state.game();
    let rulebook_model::MoveKind::Track(track) = &game.moves[usize::from(m.rule())].kind else {
        return 0;
    };
    let p = state.to_move().index();
    let at = track.position[p * game.board.sites() + m.from().index()];
    (track.sites[p].len() + 1).saturating_sub(usize::from(at)) as u8
}

/// The text of a piece's move without its second part.
fn first_part(state: &State, m: Move) -> String {
    let game = state.game();
    let names = &game.board.site_names;
    if m.from() == NO_SITE {
        let name = &names[m.to().index()];
        return match game.moves[m.rule() as usize].kind.placed_kind() {
            Some(kind) if places_several_kinds(game) => {
                format!("{}*{name}", super::kind_letter(game, kind as usize))
            }
            _ => name.clone(),
        };
    }
    if m.to() == NO_SITE {
        return format!("x{}", names[m.from().index()]);
    }
    let mut text = names[m.from().index()].clone();
    if game.moves[m.rule() as usize].kind.line_capture().is_some() {
        line_steps_text(state, m, &mut text);
        return text;
    }
    if game.moves[m.rule() as usize].kind.records_pieces() {
        for landing in piece_chain_landings(state, m).into_iter().skip(1) {
            text.push('-');
            text.push_str(&names[landing.index()]);
        }
        return text;
    }
    if m.legs() > 0 {
        for (_, landing) in m.jumps(game) {
            text.push('-');
            text.push_str(&names[landing.index()]);
        }
        return text;
    }
    text.push('-');
    text.push_str(&names[m.to().index()]);
    text
}

/// Whether the game's placements place pieces of more than one kind, so that a
/// placement's text names its kind.
fn places_several_kinds(game: &rulebook_model::Game) -> bool {
    let mut kinds = game.moves.iter().filter_map(|r| r.kind.placed_kind());
    let first = kinds.next();
    kinds.any(|k| Some(k) != first)
}

/// The landings of a chain recorded by the pieces it jumps (its start first), along the
/// first route that makes it in the position before it: `state`, or, when the move is the
/// last one played there, that position taken back on a copy; in any other position its
/// start and end alone.
fn piece_chain_landings(state: &State, m: Move) -> Vec<Site> {
    state
        .chain_landings(m)
        .or_else(|| {
            let (last, _) = state.last_move().filter(|(last, _)| *last == m)?;
            let mut before = state.clone();
            before.undo();
            before.chain_landings(last)
        })
        .unwrap_or_else(|| vec![m.from(), m.to()])
}

/// The suffix of a step that captures by approach (`a`) or withdrawal (`w`), written where
/// the step could have taken either way.
const WAY_SUFFIXES: [char; 2] = ['a', 'w'];

/// Appends the landings of a move that captures by approach or withdrawal to `text`, each
/// after a dash, with the way it took (`a`, `w`) where the step could take either: where
/// another legal move makes the same steps up to it and then the same step the other way.
/// The move is read in the position before it: `state`, or, when the move is the last one
/// played there, that position taken back on a copy; in any other position the way is
/// written after every step of a rule with both (a text that still reads as the move).
fn line_steps_text(state: &State, m: Move, text: &mut String) {
    let game = state.game();
    let names = &game.board.site_names;
    let rule = &game.moves[m.rule() as usize];
    let both = (rule.kind.line_capture()).is_some_and(|c| c.approach && c.withdrawal);
    let mut moves = MoveList::new();
    if both {
        state.legal_moves(&mut moves);
        if !moves.contains(&m) && state.last_move().is_some_and(|(last, _)| last == m) {
            let mut before = state.clone();
            before.undo();
            before.legal_moves(&mut moves);
        }
    }
    let known = moves.contains(&m);
    for (k, step) in m.steps(game).enumerate() {
        text.push('-');
        text.push_str(&names[step.to.index()]);
        let other_way = |o: &Move| {
            o.rule() == m.rule()
                && o.from() == m.from()
                && usize::from(o.legs()) == k + 1
                && o.steps(game)
                    .zip(m.steps(game))
                    .enumerate()
                    .all(|(i, (a, b))| a.to == b.to && (a.withdrawal == b.withdrawal) == (i < k))
        };
        if both && (!known || moves.iter().any(other_way)) {
            text.push(WAY_SUFFIXES[usize::from(step.withdrawal)]);
        }
    }
}

/// The points of a move's text without the way suffixes of its steps, and those suffixes
/// (`None` where a point has none); a point that is no site with a suffix is left as it is.
fn strip_ways<'a>(points: &[&'a str]) -> (Vec<&'a str>, Vec<Option<bool>>) {
    points
        .iter()
        .map(|p| match p.strip_suffix(WAY_SUFFIXES) {
            Some(site) if is_site_like(site) => (site, Some(p.ends_with(WAY_SUFFIXES[1]))),
            _ => (*p, None),
        })
        .unzip()
}

/// The legal move of a game with captures by approach and withdrawal whose landings are
/// `points` (suffixes stripped) and whose ways agree with the suffixes written, when there
/// is one; or why the text names none (it leaves out the way where a step could take
/// either). `None`: no legal move of that kind has those landings.
fn parse_line_steps(
    state: &State,
    moves: &MoveList,
    points: &[&str],
    ways: &[Option<bool>],
    text: &str,
) -> Option<Result<Move, MoveError>> {
    let game = state.game();
    let names = &game.board.site_names;
    let landings = |m: &Move| {
        std::iter::once(m.from())
            .chain(m.steps(game).map(|s| s.to))
            .map(|s| names[s.index()].as_str())
            .eq(points.iter().copied())
    };
    let same: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| game.moves[m.rule() as usize].kind.line_capture().is_some() && landings(m))
        .collect();
    let agrees = |m: &Move| {
        m.steps(game)
            .zip(&ways[1..])
            .all(|(s, w)| w.is_none_or(|w| w == s.withdrawal))
    };
    let fitting: Vec<Move> = same.iter().copied().filter(agrees).collect();
    match (same.as_slice(), fitting.as_slice()) {
        ([], _) => None,
        (_, [one]) => Some(Ok(*one)),
        _ => {
            let choices: Vec<String> = same.iter().map(|&m| move_text(state, m)).collect();
            Some(Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "a step of this move can capture by approach (`a`) or by withdrawal (`w`): say which, {}",
                    choices.join(" or ")
                ),
            }))
        }
    }
}

/// Parses the text of a piece's move into a legal move of this position, or says why it is
/// not one.
pub(super) fn parse(state: &mut State, text: &str) -> Result<Move, MoveError> {
    let game = std::sync::Arc::clone(state.game());
    let board = &game.board;
    let malformed = || MoveError::Malformed {
        text: text.to_string(),
        expected: expected_form(&game.moves),
    };
    let (body, promotion, second) = split_parts(text);
    let (placed, body) = placed_kind_letter(body);
    let second_point = second_point(second);
    let removal = body.strip_prefix('x').filter(|rest| is_site_like(rest));
    let written: Vec<&str> = removal.map_or_else(
        || body.split('-').map(str::trim).collect(),
        |site| vec![site],
    );
    let line_captures = game.moves.iter().any(|r| r.kind.line_capture().is_some());
    let (points, ways) = match line_captures && second.is_none() {
        true => strip_ways(&written),
        false => (written.clone(), vec![None; written.len()]),
    };
    // A graph board's sites are named as the rule file names them.
    let site_like = |p: &str| is_site_like(p) || board.site_named(p).is_some();
    if points.iter().chain(&second_point).any(|p| !site_like(p)) {
        return Err(malformed());
    }
    if let Some(bad) = (points.iter().chain(&second_point)).find(|p| board.site_named(p).is_none())
    {
        let reason = format!("`{bad}` is not a point of this board");
        return Err(MoveError::Illegal {
            text: text.to_string(),
            reason,
        });
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let canonical = match (removal, &placed) {
        (Some(site), _) => format!("x{site}"),
        (None, Some(letter)) => format!("{letter}*{}", written.join("-")),
        (None, None) => written.join("-"),
    };
    if let Some(m) = written_move(state, &moves, &canonical, promotion.as_deref(), second) {
        return Ok(m);
    }
    if let (None, [site]) = (&placed, &points[..]) {
        if let Some(found) = placement_by_site(state, &moves, site, text) {
            return found;
        }
    }
    if let Some(reason) = promotion_refusal(state, &moves, &canonical, promotion.is_some()) {
        return Err(MoveError::Illegal {
            text: text.to_string(),
            reason,
        });
    }
    if line_captures && removal.is_none() && second.is_none() {
        if let Some(found) = parse_line_steps(state, &moves, &points, &ways, text) {
            return found;
        }
    }
    // A chain recorded by its pieces, written along another of its routes.
    let sites: Vec<Site> = points.iter().filter_map(|p| board.site_named(p)).collect();
    if let Some(m) = state
        .chain_by_landings(&sites)
        .filter(|m| second.is_none() && moves.contains(m))
    {
        return Ok(m);
    }
    if moves.is_empty() {
        return Err(MoveError::GameOver);
    }
    let reason = match second_part_refusal(state, &moves, &canonical, second) {
        Some(reason) => reason,
        None => piece_refusal(state, &moves, &canonical, removal.is_some(), &points)
            .ok_or_else(malformed)?,
    };
    Err(MoveError::Illegal {
        text: text.to_string(),
        reason,
    })
}

/// The legal move whose text is `canonical` (its points) with the promotion and the
/// second part written, if there is one.
fn written_move(
    state: &State,
    moves: &MoveList,
    canonical: &str,
    promotion: Option<&str>,
    second: Option<&str>,
) -> Option<Move> {
    let chosen = promotion.map(|k| format!("={k}"));
    let full: String = [
        Some(canonical.to_string()),
        chosen,
        second.map(|p| format!("/{p}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    moves.iter().copied().find(|&m| move_text(state, m) == full)
}

/// The one legal placement onto `site` where a placement is written by its point alone in
/// a game that names the kind placed (`e5` for `P*e5`), or why the point is not enough
/// (several kinds may be placed there); `None` when no placement goes there.
fn placement_by_site(
    state: &State,
    moves: &MoveList,
    site: &str,
    text: &str,
) -> Option<Result<Move, MoveError>> {
    let suffix = format!("*{site}");
    let placements: Vec<Move> = (moves.iter().copied())
        .filter(|&m| m.from() == NO_SITE && move_text(state, m).ends_with(&suffix))
        .collect();
    match placements[..] {
        [] => None,
        [one] => Some(Ok(one)),
        _ => {
            let texts: Vec<String> = placements.iter().map(|&m| move_text(state, m)).collect();
            Some(Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "several kinds may be placed there: write {}",
                    texts.join(" or ")
                ),
            }))
        }
    }
}

/// A placement's text that names its kind (`P*e5`) cut into the kind's letter, upper
/// case, and the point; any other text as it is, with no letter.
fn placed_kind_letter(body: &str) -> (Option<String>, &str) {
    match body.split_once('*') {
        Some((letter, site)) if letter.chars().count() == 1 => {
            (Some(letter.to_ascii_uppercase()), site.trim())
        }
        _ => (None, body),
    }
}

/// A piece's move text cut into its points, the kind after `=` (upper case) and its
/// second part after `/`.
fn split_parts(text: &str) -> (&str, Option<String>, Option<&str>) {
    let (body, second) = match text.split_once('/') {
        Some((body, second)) => (body, Some(second.trim())),
        None => (text, None),
    };
    match body.split_once('=') {
        Some((body, kind)) => (body.trim(), Some(kind.trim().to_ascii_uppercase()), second),
        None => (body, None, second),
    }
}

/// Why a move whose points (`canonical`) are those of legal moves that promote by the
/// mover's choice is not legal as written (`chose`: with a kind after `=`), listing the
/// choices; `None` when no legal move with those points promotes.
fn promotion_refusal(
    state: &State,
    moves: &MoveList,
    canonical: &str,
    chose: bool,
) -> Option<String> {
    let prefix = format!("{canonical}=");
    let choices: Vec<String> = (moves.iter())
        .map(|&m| move_text(state, m))
        .filter(|t| t.starts_with(&prefix))
        .collect();
    match (choices.is_empty(), chose) {
        (true, _) => None,
        (false, false) => Some(format!(
            "the piece is promoted there: say to what, as in {}",
            choices.join(", ")
        )),
        (false, true) => Some(format!(
            "it cannot be promoted to that; the choices are {}",
            choices.join(", ")
        )),
    }
}

/// Why a move whose points (`canonical`, without its second part) are those of legal
/// moves is not legal with the second part written (`second`: a shot's point, or `x` and
/// a removed piece's), in words; `None` if no legal move has those points (with a second
/// part, or without one when one is written).
fn second_part_refusal(
    state: &State,
    moves: &MoveList,
    canonical: &str,
    second: Option<&str>,
) -> Option<String> {
    let seconds: Vec<String> = moves
        .iter()
        .filter_map(|&m| {
            let text = move_text(state, m);
            let (points, part) = text.split_once('/')?;
            (points == canonical).then(|| part.to_string())
        })
        .collect();
    let removes = seconds.first().is_some_and(|s| s.starts_with('x'));
    let turns = seconds.first().is_some_and(|s| is_turn_like(s));
    let listed = seconds.iter().map(|s| s.trim_start_matches('x'));
    let listed = listed.collect::<Vec<_>>().join(" ");
    Some(match (seconds.first(), second) {
        (Some(example), None) if turns => format!(
            "this placement turns a region: say which and which way after `/`, like `{canonical}/{example}` ({}); it may turn: {listed}",
            turn_ways(&seconds)
        ),
        (Some(_), Some(part)) if turns => {
            format!("after `{canonical}` no region turns as `{part}`; it may turn: {listed}")
        }
        (Some(example), None) if removes => format!(
            "this move makes a line: say which enemy piece it removes after `/`, like `{canonical}/{example}`; it may remove: {listed}"
        ),
        (Some(example), None) => format!(
            "this move shoots a piece: say where after a `/`, like `{canonical}/{example}`; it may go to: {listed}"
        ),
        (Some(_), Some(part)) if removes => {
            let site = part.trim_start_matches('x');
            let board = &state.game().board;
            let enemy = board
                .site_named(site)
                .and_then(|s| state.owner(s))
                .is_some_and(|p| p != state.to_move());
            let why = match enemy {
                true => format!("the piece on {site} is spared: it stands in a line"),
                false => format!("there is no enemy piece on {site}"),
            };
            format!("after `{canonical}` {why}; it may remove: {listed}")
        }
        (Some(_), Some(site)) => {
            format!("after `{canonical}` no piece may be shot onto {site}; it may go to: {listed}")
        }
        (None, Some(part)) if moves.iter().any(|&m| move_text(state, m) == canonical) => {
            match part.starts_with('x') {
                true => format!("`{canonical}` makes no line and removes nothing: write it without the `/`"),
                false => format!("`{canonical}` shoots nothing: write it without the `/`"),
            }
        }
        (None, _) => return None,
    })
}

/// Why no legal move has the points written, in words (`None`: the points are not a move of
/// this game's form, as a lone point where nothing is placed).
fn piece_refusal(
    state: &State,
    moves: &MoveList,
    canonical: &str,
    removal: bool,
    points: &[&str],
) -> Option<String> {
    let board = &state.game().board;
    let site = |p: &str| board.site_named(p).expect("checked above");
    Some(match points {
        [one] if removal => removal_refusal(state, site(one)),
        [one] => placement_refusal(state, site(one))?,
        [first, .., last] => {
            let (from, to) = (site(first), site(last));
            let mut from_here: Vec<String> = moves
                .iter()
                .filter(|m| m.from() == from)
                .map(|m| move_text(state, *m))
                .map(|t| t.split('/').next().unwrap_or_default().to_string())
                .collect();
            from_here.dedup();
            let longer: Vec<&String> = from_here
                .iter()
                .filter(|t| {
                    t.strip_prefix(canonical)
                        .is_some_and(|r| r.starts_with('-'))
                })
                .collect();
            let extends = |t: &&String| {
                canonical
                    .strip_prefix(t.as_str())
                    .is_some_and(|r| r.starts_with('-'))
            };
            let shorter = from_here.iter().filter(extends).max_by_key(|t| t.len());
            match (longer.as_slice(), shorter) {
                ([], Some(stop)) => chain_end_refusal(state, moves, stop),
                ([], None) => refusal(state, (from, to), canonical, &from_here),
                _ => format!(
                    "the piece can jump on from {last}, and a chain of jumps is played to its end: {}",
                    longer.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(" or ")
                ),
            }
        }
        [] => return None,
    })
}

/// Why a move goes no further than the legal move written `stop`, whose landings begin the
/// text typed (a chain of jumps, or of steps that capture): the piece is promoted where it
/// ends, or nothing goes on from there.
fn chain_end_refusal(state: &State, moves: &MoveList, stop: &str) -> String {
    let board = &state.game().board;
    let Some(&m) = moves.iter().find(|&&m| move_text(state, m) == stop) else {
        return format!("the move ends sooner: {stop}");
    };
    let landing = &board.site_names[m.to().index()];
    let mut after = state.clone();
    after.apply(m);
    match after.cell(m.to()) == state.cell(m.from()) {
        true => format!("the piece goes no further than {landing}: {stop}"),
        false => format!("the piece is promoted on {landing}, which ends its move: {stop}"),
    }
}

/// The forms of move text this game's rules make, in words.
fn expected_form(rules: &[rulebook_model::MoveRule]) -> String {
    let has = |f: fn(&MoveKind) -> bool| rules.iter().any(|r| f(&r.kind));
    let mut forms = Vec::new();
    if has(|k| {
        matches!(
            k,
            MoveKind::Slide { .. } | MoveKind::Jump { .. } | MoveKind::Walk(_)
        )
    }) {
        forms.push("two points joined by a dash, like `a1-a4`");
    }
    if rules.iter().any(|r| r.filter.placed_by_part().is_some()) {
        forms.push("a move and where it shoots, like `a1-a4/c4`");
    }
    if rules.iter().any(|r| r.filter.removes_by_part()) {
        forms.push("a move and the enemy piece it removes, like `d3/xa4`");
    }
    if rules.iter().any(|r| r.filter.turns().is_some()) {
        forms.push("a point and the region turned after, like `d3/2cw`");
    }
    if has(|k| k.placed_kind().is_some()) {
        forms.push("a point to place a piece on, like `d3`");
    }
    if has(|k| k.action() == WalkAction::Remove) {
        forms.push("`x` and a point to remove a piece from, like `xd4`");
    }
    match forms.as_slice() {
        [] => "a move of this game".into(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{}, or {last}", rest.join(", ")),
    }
}

/// Why the piece on `site` may not be removed, in words.
fn removal_refusal(state: &State, site: Site) -> String {
    let game = state.game();
    let name = &game.board.site_names[site.index()];
    if !game
        .moves
        .iter()
        .any(|r| r.kind.action() == WalkAction::Remove)
    {
        return "this game has no removals".into();
    }
    match state.owner(site) {
        None => format!("there is no piece on {name}"),
        Some(p) if p != state.to_move() => format!("the piece on {name} is not the mover's"),
        Some(_) => format!("the piece on {name} may not be removed now"),
    }
}

/// Why no piece may be placed on `site`, in words (`None` in a game where nothing is placed).
fn placement_refusal(state: &State, site: Site) -> Option<String> {
    let game = state.game();
    let name = &game.board.site_names[site.index()];
    if !game.moves.iter().any(|r| r.kind.placed_kind().is_some()) {
        return None;
    }
    if state.owner(site).is_some() {
        return Some(format!("{name} is not empty"));
    }
    let mut pseudo = MoveList::new();
    state.pseudo_legal_moves(&mut pseudo);
    let must_capture = game
        .moves
        .iter()
        .any(|r| r.kind.placed_kind().is_some() && r.filter.capturing);
    let keeps_liberties = game
        .moves
        .iter()
        .any(|r| r.kind.placed_kind().is_some() && r.filter.liberties.is_some());
    let placement = pseudo
        .iter()
        .copied()
        .find(|m| m.from() == NO_SITE && m.to() == site);
    Some(if let Some(m) = placement {
        allowed_refusal(state, m)
    } else if must_capture {
        format!("a piece placed on {name} would capture nothing")
    } else if keeps_liberties {
        format!(
            "a piece placed on {name} would leave its group without a liberty (an empty \
             point next to it), taking nothing"
        )
    } else {
        placement_clause(state, site)
            .unwrap_or_else(|| format!("no piece may be placed on {name} now"))
    })
}

/// Why move `m`, which the move rules allow here, is not legal: it would leave a
/// condition of `forbid leaving` true, or else it would repeat an earlier position.
fn allowed_refusal(state: &State, m: Move) -> String {
    let game = state.game();
    let Some(k) = state.forbidding(m) else {
        return "it would repeat an earlier position".into();
    };
    let mover = game.player_name(state.to_move());
    let Some(source) = game.sources.forbidden.get(k).filter(|s| !s.text.is_empty()) else {
        return format!("it would leave a condition of `forbid leaving` true for {mover}");
    };
    let condition = source
        .text
        .strip_prefix("forbid leaving ")
        .unwrap_or(&source.text);
    format!(
        "it would leave `{condition}` true for {mover} (`forbid leaving`, {})",
        source.place
    )
}

/// What the placement rules ask of `site` that it lacks: to lie in a rule's region, or to
/// have a neighbour of the rule's kind (`next to piece along south`); `None` when neither
/// tells why.
fn placement_clause(state: &State, site: Site) -> Option<String> {
    let game = state.game();
    let name = &game.board.site_names[site.index()];
    let reaching: Vec<_> = (game.moves.iter())
        .filter_map(|r| match r.kind {
            MoveKind::PlacePiece { region, .. } => Some((region, r.filter.next_to)),
            _ => None,
        })
        .filter(|(region, _)| region.is_none_or(|g| game.in_region(usize::from(g), site)))
        .collect();
    let Some(&(_, Some(next_to))) = reaching.first() else {
        return reaching
            .is_empty()
            .then(|| format!("no placement rule places a piece on {name}: each has its region"));
    };
    if reaching.iter().any(|(_, n)| n.is_none()) {
        return None;
    }
    let what = match next_to.what {
        Neighbour::Empty => "an empty site",
        Neighbour::Enemy => "an enemy piece",
        Neighbour::Friend => "a friendly piece",
        Neighbour::Piece => "a piece",
        Neighbour::Last => "the site of the latest move",
    };
    let along: Vec<&str> = (0..game.board.directions())
        .filter(|d| next_to.directions & 1 << d != 0)
        .map(|d| game.board.direction_names[d].as_str())
        .collect();
    Some(format!(
        "a piece placed on {name} needs {what} next to it (along {})",
        along.join(", ")
    ))
}

/// Why the move written `text` is not legal when the rules would allow it but for a
/// compulsory rule: capturing is compulsory, or (`compulsory most`) the capture takes
/// fewer pieces than another; `None` when that is not why.
fn compulsion_refusal(state: &State, text: &str) -> Option<String> {
    let game = state.game();
    let mut every = MoveList::new();
    state.moves_before_compulsion(&mut every);
    let sites: Vec<Site> = text
        .split('-')
        .filter_map(|p| game.board.site_named(p))
        .collect();
    let written = every
        .iter()
        .copied()
        .find(|&m| move_text(state, m) == text)
        .or_else(|| state.chain_by_landings(&sites))?;
    let mut legal = MoveList::new();
    state.legal_moves(&mut legal);
    let first = *legal.first()?;
    if !game.moves[first.rule() as usize].filter.compulsory || legal.contains(&written) {
        return None;
    }
    let texts: Vec<String> = legal.iter().map(|&m| move_text(state, m)).collect();
    let captures = texts.join(" ");
    Some(
        match game.moves[written.rule() as usize].filter.compulsory {
            true => {
                let (most, took) = (state.pieces_jumped(first), state.pieces_jumped(written));
                let pieces = |n: u32| {
                    if n == 1 {
                        "1 piece".to_string()
                    } else {
                        format!("{n} pieces")
                    }
                };
                format!(
                "a capture must take the most pieces it can: this one takes {}, and {captures} {} {}",
                pieces(took),
                if texts.len() == 1 { "takes" } else { "take" },
                pieces(most)
            )
            }
            false if legal.iter().all(|&m| !state.is_quiet(m)) => {
                format!("a capture is compulsory: {captures}")
            }
            false => format!("a move of a compulsory rule must be made: {captures}"),
        },
    )
}

/// Why no legal move goes from `from` to `to` (by the landings of `text`), in words;
/// `from_here` are the texts of the legal moves from `from`.
fn refusal(state: &State, (from, to): (Site, Site), text: &str, from_here: &[String]) -> String {
    let game = state.game();
    let mover = game.player_name(state.to_move());
    let name = |s: Site| game.board.site_names[s.index()].clone();
    match state.owner(from) {
        None => format!("there is no piece on {}", name(from)),
        Some(p) if p != state.to_move() => {
            format!("the piece on {} is not {mover}'s", name(from))
        }
        Some(_) => {
            let mut pseudo = MoveList::new();
            state.pseudo_legal_moves(&mut pseudo);
            if let Some(m) = pseudo
                .iter()
                .copied()
                .find(|&m| move_text(state, m) == text)
            {
                allowed_refusal(state, m)
            } else if let Some(why) = compulsion_refusal(state, text) {
                why
            } else if from_here.is_empty() {
                format!("the piece on {} cannot move", name(from))
            } else {
                format!(
                    "the piece on {} cannot go to {}; it can go: {}",
                    name(from),
                    name(to),
                    from_here.join(" ")
                )
            }
        }
    }
}
