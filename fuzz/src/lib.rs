//! The invariants checked by the fuzz targets (`fuzz_targets/`) and by the property test
//! (`tests/properties.rs`; the test suite includes this file as `common::invariants`):
//! whatever the input, nothing panics, and every game that compiles agrees with itself.
//!
//! - legal moves exist if and only if the game has no outcome;
//! - every legal move's text parses back to the same move;
//! - playing a move and taking it back restores the position's hash and its text;
//! - every position reached reads back from its position text (unless two pieces share a
//!   letter), so what position text refuses as forbidden by the rules never arises in play;
//! - perft, text and SVG rendering run;
//! - a rule file that parses is formatted (`rulebook fmt`), formatting it again changes
//!   nothing, and the formatted file parses to the same syntax tree; one that does not
//!   parse is refused;
//! - the protocols' sessions answer every line with one well-formed reply (a JSON object
//!   echoing the request's id; a GTP response with its id), and a refused request leaves
//!   the position as it was;
//! - what the language server (`rulebook lsp`) finds in a rule file holds to the text:
//!   every diagnostic's range lies inside it, places convert to lines and UTF-16 columns
//!   and back, and definitions and references are words of the text.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use rulebook::ai::Budget;
use rulebook::analysis::{perft, Rng};
use rulebook::catalog::BUNDLED;
use rulebook::diag::Source;
use rulebook::engine::{MoveList, State};
use rulebook::ide::{self, position};
use rulebook::lsp::analysis;
use rulebook::model::Game;
use rulebook::notation;
use rulebook::protocol::{gtp, json, Protocol};
use rulebook::record::{GameSpec, Record};
use rulebook::{pipeline, render, syntax, yaml};

/// Plies of the random game played on every game that compiles.
const RANDOM_PLIES: usize = 40;

/// The most legal moves at the start for which a depth-2 perft is run (it costs about the
/// square of the count).
const PERFT_MOVES: usize = 200;

/// The most legal moves whose text is round-tripped in one position (parsing a move checks
/// it against the legal moves, so this bounds the cost on boards with thousands).
const ROUND_TRIPS: usize = 64;

/// A rule file formatted ([`layout`]), then through parse, check and compile (default
/// settings and every preset), each error rendered; every game that compiles is exercised
/// ([`exercise`]). A file that extends a path (not a bundled name) is not loaded: it would
/// read the file system.
pub fn rule_file(text: &str) {
    layout(text);
    if extends_a_path(text) {
        return;
    }
    let source = Source {
        name: "fuzz.game".to_string(),
        text: text.to_string(),
    };
    let described = match pipeline::describe(source) {
        Ok(d) => d,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    let _ = described.sources.render(&described.warnings, false);
    let mut presets: Vec<Option<&str>> = vec![None];
    presets.extend(
        described
            .description
            .settings
            .presets
            .iter()
            .map(|p| Some(p.name.as_str())),
    );
    for preset in presets {
        match pipeline::build(&described, preset, &[]) {
            Ok(game) => exercise(game, 1),
            Err(e) => {
                let _ = e.render(false);
            }
        }
    }
}

/// Whether a rule file may extend a path with a folder in it (which would read the file
/// system).
fn extends_a_path(text: &str) -> bool {
    text.lines()
        .any(|l| l.contains("extends") && (l.contains('/') || l.contains('\\')))
}

/// A rule file as the language server sees it: its diagnostics, each inside the text, and
/// the names it inherits;
/// at a few places, hover, completion, definition and references (words of the text), and
/// the place converted to a line and a UTF-16 column and back; its formatting. A file
/// that extends a path is only analysed, not loaded.
pub fn editor(text: &str) {
    if !extends_a_path(text) {
        for found in analysis::analyse("fuzz.game", text).found {
            assert!(
                found.start <= found.end && found.end <= text.len(),
                "a diagnostic outside the text: {found:?}"
            );
        }
    }
    let len = text.len();
    for offset in [0, len / 3, len / 2, len.saturating_sub(1), len] {
        let _ = ide::hover(text, offset);
        let _ = ide::complete(text, offset, &[]);
        let spans = ide::references(text, offset).into_iter();
        for span in spans.chain(ide::definition(text, offset)) {
            let word = text.get(span.start..span.end);
            assert!(
                word.is_some_and(|w| !w.is_empty()),
                "a name's place is no word of the text: {span:?}"
            );
        }
        let mut floor = offset;
        while !text.is_char_boundary(floor) {
            floor -= 1;
        }
        let (line, col) = position::line_col(text, offset);
        assert_eq!(
            position::offset(text, line, col),
            floor,
            "line {line}, column {col}"
        );
    }
    let _ = syntax::format(text);
}

/// The canonical layout of a rule file ([`syntax::format`]): a file that parses is
/// formatted, formatting the result again changes nothing, and it parses to the same
/// syntax tree but for the places; a file that does not parse is not formatted.
pub fn layout(text: &str) {
    let Ok(tree) = syntax::parse(text) else {
        assert!(
            syntax::format(text).is_err(),
            "a file that does not parse is formatted"
        );
        return;
    };
    let formatted = syntax::format(text).expect("a file that parses is formatted");
    assert_eq!(
        syntax::format(&formatted).as_deref(),
        Ok(formatted.as_str()),
        "formatting a formatted file changes it"
    );
    let again = syntax::parse(&formatted).expect("a formatted file parses");
    assert_eq!(
        without_places(&format!("{again:?}")),
        without_places(&format!("{tree:?}")),
        "formatting changed what the file says; formatted:\n{formatted}"
    );
}

/// The debug text of a syntax tree without its places (each `Span { .. }` cut to `Span`),
/// which formatting moves.
pub fn without_places(debug: &str) -> String {
    let mut out = String::new();
    let mut rest = debug;
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at + "Span".len()]);
        let end = rest[at..].find('}').map_or(rest.len(), |n| at + n + 1);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Checks the invariants on a game: at the start, a depth-2 perft when the start has few
/// moves, then along a seeded random game in which some moves are taken back and played
/// again; the position drawn as text and SVG at the end.
pub fn exercise(game: Arc<Game>, seed: u64) {
    let mut state = State::new(game);
    let mut moves = MoveList::new();
    check_position(&mut state, &mut moves);
    if moves.len() <= PERFT_MOVES {
        let counts = perft(&mut state.clone(), 2);
        assert_eq!(
            counts.first().copied(),
            Some(moves.len() as u64),
            "perft(1)"
        );
    }
    let mut rng = Rng::new(seed);
    for _ in 0..RANDOM_PLIES {
        if !check_position(&mut state, &mut moves) {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if rng.below(3) == 0 {
            let hash = state.hash();
            let text = render::position_text(&state);
            notation::play(&mut state, m).expect("a legal move plays");
            state.undo().expect("a move to take back");
            assert_eq!(state.hash(), hash, "undo restores the hash");
            assert_eq!(
                render::position_text(&state),
                text,
                "undo restores the text"
            );
        }
        notation::play(&mut state, m).expect("a legal move plays");
    }
    let _ = render::position_text(&state);
    let _ = render::position_svg(&state);
}

/// Lists the legal moves into `moves` and checks them against the outcome and their text,
/// and the position against its position text; returns whether the game goes on.
pub fn check_position(state: &mut State, moves: &mut MoveList) -> bool {
    text_reads_back(state);
    state.legal_moves(moves);
    let over = state.outcome().is_some();
    assert_eq!(
        moves.is_empty(),
        over,
        "legal moves exist iff there is no outcome"
    );
    for &m in moves.iter().take(ROUND_TRIPS) {
        let text = notation::move_text(state, m);
        assert_eq!(
            notation::parse_move(state, &text),
            Ok(m),
            "`{text}` parses back to its move"
        );
    }
    !over
}

/// The position's text reads back into a position of the game, in a game whose pieces it
/// can write (tiles, or a letter for each piece).
pub fn text_reads_back(state: &State) {
    let game = state.game();
    let letters: HashSet<char> = (game.piece_cells())
        .map(|c| notation::piece_letter(game, c))
        .collect();
    if game.tiles.is_none() && letters.len() < game.piece_cells().count() {
        return;
    }
    let text = notation::position_text(state);
    if let Err(e) = notation::parse_position(game, &text) {
        panic!("`{text}`, a position reached in play, does not read back: {e}");
    }
}

/// Every bundled game under its default settings and under each preset, compiled once.
pub fn bundled_games() -> &'static [Arc<Game>] {
    static GAMES: OnceLock<Vec<Arc<Game>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut out = Vec::new();
        for b in BUNDLED {
            let source = pipeline::read_source(b.name).expect("a bundled game reads");
            let described = pipeline::describe(source).expect("a bundled game checks");
            out.push(pipeline::build(&described, None, &[]).expect("it compiles"));
            for p in &described.description.settings.presets {
                out.push(pipeline::build(&described, Some(&p.name), &[]).expect("it compiles"));
            }
        }
        out
    })
}

/// Every bundled game under its default settings and under each preset, with the spec
/// that names it, compiled once (in the order of [`bundled_games`]).
pub fn bundled_specs() -> &'static [(GameSpec, Arc<Game>)] {
    static SPECS: OnceLock<Vec<(GameSpec, Arc<Game>)>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let mut out = Vec::new();
        for b in BUNDLED {
            let presets =
                std::iter::once(None).chain(pipeline::preset_names(b.name).into_iter().map(Some));
            for preset in presets {
                let spec = GameSpec {
                    game: b.name.to_string(),
                    preset,
                    sets: Vec::new(),
                };
                let game = spec.load().expect("a bundled game compiles");
                out.push((spec, game));
            }
        }
        out
    })
}

/// The most a fuzzed `think` may search: a few thousand positions, a hundredth of a second.
const FUZZ_LIMITS: json::Limits = json::Limits {
    iterations: 2_000,
    seconds: 0.01,
};

/// Lines to a protocol's session: `pick` chooses the protocol (even: JSON, odd: GTP) and
/// the game (a bundled game and preset; for GTP, among those it fits); each of the first
/// lines of `text` is answered as [`json_line`] and [`gtp_line`] check.
pub fn protocol(pick: u8, text: &str) {
    let specs = bundled_specs();
    let lines = text.lines().take(RANDOM_PLIES);
    let choice = usize::from(pick / 2);
    if pick.is_multiple_of(2) {
        let (spec, game) = &specs[choice % specs.len()];
        let mut session = json::Session::with_game(spec.clone(), Arc::clone(game), FUZZ_LIMITS);
        for line in lines {
            if json_line(&mut session, line) {
                break;
            }
        }
    } else {
        let fits: Vec<&(GameSpec, Arc<Game>)> =
            specs.iter().filter(|(_, g)| gtp::fits(g).is_ok()).collect();
        let (spec, game) = fits[choice % fits.len()];
        let options = gtp::Options {
            budget: Budget::iterations(200),
            seed: 1,
        };
        let mut session = gtp::Session::with_game(spec.clone(), Arc::clone(game), options)
            .expect("GTP fits the game");
        for line in lines {
            if gtp_line(&mut session, line) {
                break;
            }
        }
    }
}

/// What of a position a refused request must leave as it was.
fn fingerprint(state: &State) -> (u64, usize, String) {
    (state.hash(), state.ply(), render::position_text(state))
}

/// One line to a JSON session: no reply to a blank line, else one line of a JSON object
/// with `ok` and the request's `id` (null if the line is no object or has none), and an
/// `error` that left the position as it was when `ok` is false. Returns whether the
/// session quit.
pub fn json_line(session: &mut json::Session, line: &str) -> bool {
    let before = fingerprint(session.state());
    let answer = session.handle(line);
    if line.trim().is_empty() {
        assert_eq!(answer.text, "", "no reply to a blank line");
        return false;
    }
    let (reply, end) = answer.text.split_at(answer.text.len().saturating_sub(1));
    assert!(
        end == "\n" && !reply.contains('\n'),
        "one line: {:?}",
        answer.text
    );
    let reply: serde_json::Value = serde_json::from_str(reply).expect("a reply is JSON");
    let asked = serde_json::from_str::<serde_json::Value>(line).ok();
    let id = asked
        .as_ref()
        .and_then(|v| v.as_object())
        .and_then(|o| o.get("id"));
    assert_eq!(
        reply["id"],
        id.cloned().unwrap_or_default(),
        "the id echoed"
    );
    match reply["ok"].as_bool() {
        Some(true) => {}
        Some(false) => {
            assert!(reply["error"].is_string(), "an error says why: {reply}");
            assert_eq!(
                fingerprint(session.state()),
                before,
                "a refusal changes nothing"
            );
        }
        None => panic!("a reply says whether it was carried out: {reply}"),
    }
    answer.quit
}

/// One line to a GTP session: no response to a line without a command, else one response
/// (`=` or `?`, the command's id, no empty line but the one that ends it), a failure
/// leaving the position as it was. Returns whether the session quit.
pub fn gtp_line(session: &mut gtp::Session, line: &str) -> bool {
    let before = fingerprint(session.state());
    let answer = session.handle(line);
    let text = &answer.text;
    if !text.is_empty() {
        let body = text
            .strip_suffix("\n\n")
            .expect("a response ends with an empty line");
        assert!(!body.contains("\n\n"), "no empty line inside: {text:?}");
        assert!(body.starts_with('=') || body.starts_with('?'), "{text:?}");
        if body.starts_with('?') {
            assert_eq!(
                fingerprint(session.state()),
                before,
                "a failure changes nothing"
            );
        }
    }
    // On a plain line (no control character, no comment) the words say what is answered.
    if !line.contains(|c: char| c.is_control() || c == '#') {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            text.is_empty(),
            words.is_empty(),
            "a response iff a command: {line:?}"
        );
        if let Some(id) = words
            .first()
            .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
        {
            assert_eq!(text.get(1..=id.len()), Some(*id), "the id echoed: {text:?}");
        }
    }
    answer.quit
}

/// Move text on a bundled game (`pick` chooses it): each word parsed, and played while the
/// words are legal; every move parsed prints as text that parses back to it, and the
/// position's invariants hold after every move.
pub fn move_text(pick: u8, text: &str) {
    let games = bundled_games();
    let mut state = State::new(Arc::clone(&games[pick as usize % games.len()]));
    let mut moves = MoveList::new();
    for word in text.split_whitespace().take(RANDOM_PLIES) {
        let Ok(m) = notation::parse_move(&mut state, word) else {
            let _ = notation::play_text(&mut state, word);
            continue;
        };
        let canonical = notation::move_text(&state, m);
        assert_eq!(
            notation::parse_move(&mut state, &canonical),
            Ok(m),
            "`{word}` -> `{canonical}`"
        );
        notation::play(&mut state, m).expect("a parsed move is legal");
        if !check_position(&mut state, &mut moves) {
            break;
        }
    }
}

/// A YAML game record: read; when it names a bundled game, replayed, written back and read
/// again to the same record.
pub fn record(text: &str) {
    let Ok(r) = yaml::from_str::<Record>(text) else {
        return;
    };
    let bundled = BUNDLED.iter().any(|b| b.name == r.game);
    if !bundled || r.moves.len() > 2 * RANDOM_PLIES {
        return;
    }
    let Ok(state) = r.replay() else {
        return;
    };
    let again = Record::of(&r.setup(), &state);
    let written = yaml::to_string(&again).expect("a record is written");
    let back: Record = yaml::from_str(&written).expect("a written record reads");
    assert_eq!(back, again, "a record round-trips through YAML");
    assert!(back.replay().is_ok(), "a written record replays");
}
