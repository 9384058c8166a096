//! Positions as text (`notation::position_text`, `notation::parse_position`): the text of
//! every position of seeded random games of every bundled game and preset reads back into
//! an equal state with the same text and the same legal moves; the examples of
//! docs/language/positions.md read and are written back unchanged; malformed texts are
//! refused with the part at fault named, and random or mutated texts never panic; the
//! engine's `Setup` refuses what does not fit the game; the pieces in hand of a counted
//! stock read back.

use std::sync::Arc;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, Setup, SetupError, State};
use rulebook::notation::{move_text, parse_position, position_text};
use rulebook::pipeline;

use crate::common::configurations;
use configurations::configurations;
use rulebook::model::Player;

/// The texts of a state's legal moves; under the ban on repetition, of its moves before
/// the ban (a position read from text has no history, so the ban starts afresh).
fn legal(state: &State) -> Vec<String> {
    let mut moves = MoveList::new();
    match state.game().repetition.forbidden {
        true => state.pseudo_legal_moves(&mut moves),
        false => state.legal_moves(&mut moves),
    }
    moves.iter().map(|&m| move_text(state, m)).collect()
}

/// Text, then parse, gives an equal state with the same text and the same legal moves
/// (and the same outcome, unless the position repeats an earlier one: an end on a
/// repeated position comes from the history, which the text does not describe).
fn round_trip(name: &str, state: &State) {
    round_trip_after(name, state, false);
}

/// [`round_trip`] for a position that may repeat an earlier one of its game.
fn round_trip_after(name: &str, state: &State, repeated: bool) {
    let text = position_text(state);
    let back = parse_position(state.game(), &text)
        .unwrap_or_else(|e| panic!("{name}: `{text}` does not read back: {e}"));
    assert!(
        back == *state,
        "{name}: `{text}` reads back as another position"
    );
    assert_eq!(position_text(&back), text, "{name}: the text changes");
    assert_eq!(
        back.hash(),
        state.rebuilt().hash(),
        "{name}: `{text}`: hash"
    );
    if !repeated {
        assert_eq!(back.outcome(), state.outcome(), "{name}: `{text}`: outcome");
    }
    if !state.has_ended() {
        assert_eq!(legal(&back), legal(state), "{name}: `{text}`: legal moves");
    }
}

/// What a repetition compares of a state: its hash, without the side to move where the
/// game reads a position as the sites alone (`ignoring turn`).
fn repetition_key(state: &State) -> u64 {
    let game = state.game();
    match game.repetition.positional {
        true => state.hash() ^ game.tables.zobrist.to_move[state.to_move().index()],
        false => state.hash(),
    }
}

#[test]
fn positions_of_random_games_read_back_unchanged() {
    let mut rng = Rng::new(7);
    let mut moves = MoveList::new();
    for (name, game) in configurations() {
        let (games, max_plies) = if game.board.sites() > 200 {
            (2, 60)
        } else {
            (4, 200)
        };
        for _ in 0..games {
            let mut state = State::new(Arc::clone(&game));
            let mut seen = std::collections::HashSet::new();
            for _ in 0..max_plies {
                round_trip_after(&name, &state, !seen.insert(repetition_key(&state)));
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
}

/// The examples of docs/language/positions.md: lines `GAME [--preset P]: TEXT` in its
/// ```position blocks.
fn doc_examples() -> Vec<(String, Option<String>, String)> {
    let doc = std::fs::read_to_string("docs/language/positions.md").unwrap();
    let mut out = Vec::new();
    let mut inside = false;
    for line in doc.lines() {
        match line.trim() {
            "```position" => inside = true,
            "```" => inside = false,
            l if inside && !l.is_empty() => {
                let (head, text) = l.split_once(": ").expect("GAME: TEXT");
                let mut words = head.split_whitespace();
                let game = words.next().unwrap().to_string();
                let preset = match (words.next(), words.next()) {
                    (Some("--preset"), Some(p)) => Some(p.to_string()),
                    (None, _) => None,
                    _ => panic!("bad example head `{head}`"),
                };
                out.push((game, preset, text.to_string()));
            }
            _ => {}
        }
    }
    out
}

#[test]
fn the_examples_of_the_language_reference_read_and_are_written_back() {
    let examples = doc_examples();
    assert!(examples.len() >= 6, "the examples are found");
    for (name, preset, text) in examples {
        let game = pipeline::load(&name, preset.as_deref(), &[]).unwrap();
        let state = parse_position(&game, &text)
            .unwrap_or_else(|e| panic!("{name}: `{text}` does not read: {e}"));
        assert_eq!(position_text(&state), text, "{name}: written back");
    }
}

#[test]
fn the_start_positions_read_as_the_games_start() {
    for (name, game) in configurations() {
        let start = State::new(Arc::clone(&game));
        let back = parse_position(&game, &position_text(&start)).unwrap();
        assert!(back == start, "{name}");
        assert_eq!(back.hash(), start.hash(), "{name}: hash");
    }
}

/// The error of a text that must be refused: `at: reason`.
fn refusal(game: &str, preset: Option<&str>, text: &str) -> String {
    let game = pipeline::load(game, preset, &[]).unwrap();
    match parse_position(&game, text) {
        Ok(_) => panic!("`{text}` should be refused"),
        Err(e) => format!("{}: {}", e.at, e.reason),
    }
}

#[test]
fn malformed_texts_are_refused_with_the_part_at_fault() {
    let mm = |t| refusal("ming-mang", Some("8x8"), t);
    assert_eq!(
        mm("8/8/8/8/8/8/8/BBBBWWWWB black"),
        "rank 1: it has 9 points; the board is 8 wide"
    );
    assert_eq!(
        mm("8/8/8/8/8/8/9/8 black"),
        "rank 2: it has 9 points; the board is 8 wide"
    );
    assert_eq!(
        mm("8/8/8/8/8/8/8/7 black"),
        "rank 1: it has 7 points; the board is 8 wide"
    );
    assert_eq!(
        mm("8/8/8/8/8/8/8 black"),
        "the board: it has 7 ranks (joined by `/`); the board has 8"
    );
    assert!(mm("8/8/8/X7/8/8/8/8 black").starts_with("rank 5: `X` is not a piece of this game"));
    assert!(mm("8/8/8/8/8/8/8/8 red").starts_with("the player to move: `red` is not a player"));
    assert!(mm("8/8/8/8/8/8/8/8").starts_with("the player to move: it is missing"));
    assert!(mm("").starts_with("the text: it is empty"));
    assert!(mm("8/8/8/8/8/8/8/8 black swapped").contains("nothing may follow"));
    assert!(mm("99999999999999999999999/8/8/8/8/8/8/8 black").starts_with("rank 8:"));
    assert!(mm("0/8/8/8/8/8/8/8 black").contains("`0` is not a run of empty points"));

    let mg = |t| refusal("mangala", None, t);
    assert!(mg("4,4,4,4,4,-1|0/4,4,4,4,4,4|0 south")
        .starts_with("south 6: `-1` is not a number of stones"));
    assert!(mg("4,4,4,4,4,70000|0/4,4,4,4,4,4|0 south")
        .starts_with("south 6: `70000` is not a number of stones"));
    assert_eq!(
        mg("4,4,4,4,4,4|60/4,4,4,4,4,4|0 south"),
        "the board: it holds 108 stones; this game has 48 in play"
    );
    assert_eq!(
        mg("4,4,4,4,4|0/4,4,4,4,4,4|0 south"),
        "south's row: it has 5 pits; the board has 6 a row"
    );
    assert!(mg("4,4,4,4,4,4/4,4,4,4,4,4|0 south").starts_with("south's row: expected"));
    assert!(mg("4,4,4,4,4,4|0/4,4,4,4,4,4@west|0 south").starts_with("north 6: `west`"));

    let mi = |t| refusal("migong", None, t);
    assert!(mi("z9:BYYBBY blue").contains("`z9` is not a cell of this board"));
    assert!(mi("d4:BYYBB blue").contains("`BYYBB` is not a tile"));
    assert!(mi("d4:ByYBBY blue").contains("mixes cases"));
    assert!(mi("d4:BYYBBY,d4:BBBBBB blue").contains("d4 is given twice"));
    assert!(mi("- blue passes=3").starts_with("`passes=3`: at most 2 passes"));
    assert!(mi("- blue hand=blue:QQQQQQ").contains("`QQQQQQ` is not a tile"));
    assert!(mi("- blue colour=red").contains("expected `passes=N`"));
}

#[test]
fn hands_and_the_tile_state_read_back() {
    let game = pipeline::load("migong", None, &[]).unwrap();
    for text in [
        "- blue",
        "d4:BYYBBY yellow last=blue",
        "d4:BYYBBY,e4:yybbyy blue swapped last=yellow",
        "d4:BYYBBY blue passes=1 last=blue hand=blue:- hand=yellow:YYYYYB,BBBBBY",
    ] {
        let state = parse_position(&game, text).unwrap();
        assert_eq!(position_text(&state), text);
    }
    let state = parse_position(&game, "- blue hand=blue:BBBBBY").unwrap();
    assert_eq!(state.hand(Player::FIRST), 1 << 32);
    assert_eq!(
        state.hand(Player::SECOND),
        game.tiles.as_ref().unwrap().hands[1]
    );
    // A hand up to the last bit: every tile of Yellow's but BBBBBB and YBBBBB, YYYYYY
    // (bit 63) among them.
    let tiles = game.tiles.as_ref().unwrap();
    let names = |kinds: std::ops::Range<usize>| -> Vec<String> {
        kinds.map(|k| tiles.pattern_name(k)).collect()
    };
    let text = format!("- blue hand=yellow:{}", names(2..64).join(","));
    let state = parse_position(&game, &text).unwrap();
    assert_eq!(state.hand(Player::SECOND), u64::MAX << 2);
    assert_eq!(position_text(&state), text);
    // Every tile in Blue's hand is one more than Blue ever has: YYYYYY is Yellow's alone.
    let text = format!("- blue hand=blue:{}", names(0..64).join(","));
    assert_eq!(
        parse_position(&game, &text).unwrap_err().to_string(),
        "bad position text: blue's `YYYYYY` tiles: 0 on the board and 1 in hand, more \
         than the 0 blue starts with (no rule of this game adds any)"
    );
}

/// Issue 52: a text the grammar reads but the game's rules forbid is refused, naming what
/// is wrong: more marks than a player can make, a word after the player to move given
/// twice, more tiles or pieces than a player has.
#[test]
fn texts_the_rules_forbid_are_refused() {
    // Toguz Kumalak: a tuzdyk is made only while the mover has none, so one a player.
    let game = pipeline::load("toguz-kumalak", None, &[]).unwrap();
    let both = "20,0,0,0@north,0,0,0,0,5|60/0@south,1,1,2,1,1,1,1,5|63 south";
    assert_eq!(position_text(&parse_position(&game, both).unwrap()), both);
    assert_eq!(
        refusal(
            "toguz-kumalak",
            None,
            "0,0,0,0,0,0,0,0,4|70/0@south,4,2,5,0@south,5,5,5,5|52 south"
        ),
        "the sites marked by south: south has marked 2 (north 1, north 5); the rules after \
         sowing let a player mark at most 1"
    );
    // Mangala: one castle a player with castles; none without.
    let castle = "4,4,4,4,4,4|0/4@south,4,4,4,4,4|0 north";
    assert!(refusal(
        "mangala",
        Some("castle"),
        "4,4,4,4,4,4|0/4@south,4@south,4,4,4,4|0 north"
    )
    .ends_with(
        "south has marked 2 (north 1, north 2); the rules after sowing let a \
                    player mark at most 1"
    ));
    let game = pipeline::load("mangala", Some("castle"), &[]).unwrap();
    assert!(parse_position(&game, castle).is_ok());
    assert_eq!(
        refusal("mangala", None, castle),
        "the sites marked by south: south has marked 1 (north 1); no rule of this game marks \
         a site"
    );
    // Migong: each word after the player to move once; each tile of a hand once.
    let mi = |t| refusal("migong", None, t);
    assert_eq!(
        mi("- blue passes=1 swapped swapped"),
        "`swapped`: it is given twice; each word after the player to move may be given once"
    );
    assert!(mi("d4:BYYBBY blue last=blue last=yellow")
        .starts_with("`last=yellow`: it follows `last=blue`, which sets the same"));
    assert!(mi("- blue passes=1 passes=1").starts_with("`passes=1`: it is given twice"));
    assert!(mi("- blue hand=blue:- hand=blue:BBBBBY")
        .starts_with("`hand=blue:BBBBBY`: it follows `hand=blue:-`"));
    assert_eq!(
        mi("d4:BYYBBY,e5:BYYBBY yellow"),
        "blue's `BYYBBY` tiles: 2 on the board and 0 in hand, more than the 1 blue starts \
         with (no rule of this game adds any)"
    );
    assert!(mi("d4:BYYBBY yellow hand=blue:BYYBBY")
        .starts_with("blue's `BYYBBY` tiles: 1 on the board and 1 in hand, more than the 1"));
    assert!(mi("d4:yyyyyy,e5:YYYYYY yellow").starts_with("blue's `YYYYYY` tiles: 1 on the board"));
    // Nine Men's Morris: nine men a player, on the board and in hand together.
    let nm = |t| refusal("nine-mens-morris", None, t);
    assert_eq!(
        nm("7/7/7/W6/2WWW2/1W1W1W1/W2W2W black"),
        "white's pieces: 10 on the board and 0 in hand, more than the 9 white starts with \
         (no rule of this game adds any)"
    );
    assert!(nm("7/7/7/7/7/7/W6 black hand=white:9")
        .starts_with("white's pieces: 1 on the board and 9 in hand, more than the 9"));
}

/// A stock game of men that are crowned kings on rank 4 (`promote`).
const CROWNING: &str = "game \"Crowning\"\nplayers black, white\nboard grid 4 by 4\n\
    piece man, king\nsetup 3 black man in hand\nsetup 3 white man in hand\nmove place man\n\
    move step orthogonal when hand(mover) == 0\n\
    after move promote man to king in a4 + b4 + c4 + d4\nend when no legal move: mover loses\n";

/// A stock game whose captures turn the pieces taken (`convert`).
const TURNING: &str = "game \"Turning\"\nplayers black, white\nboard grid 4 by 4\n\
    piece stone\nsetup 3 black stone in hand\nsetup 3 white stone in hand\nmove place stone\n\
    move step orthogonal when hand(mover) == 0\nafter move capture custodian orthogonal convert\n\
    end when no legal move: mover loses\n";

/// A stock game of stones, with walls placed from an unlimited supply.
const WALLS: &str = "game \"Walls\"\nplayers black, white\nboard grid 4 by 4\n\
    piece stone, wall\nsetup 2 black stone in hand\nsetup 2 white stone in hand\n\
    move place stone\nmove place wall when hand(mover) == 0\n\
    end when no legal move: mover loses\n";

/// Issue 52: pieces are counted against the start only as far as no rule adds any: a
/// promotion leaves a player's pieces counted together (and the kinds it does not lead
/// to alone), conversion every player's together, an unlimited supply none of its kind;
/// a game without a stock is not counted (its positions may be set up by hand).
#[test]
fn pieces_are_counted_only_as_far_as_no_rule_adds_any() {
    let reads = |game: &Arc<rulebook::model::Game>, text: &str| match parse_position(game, text) {
        Ok(state) => assert_eq!(position_text(&state), text),
        Err(e) => panic!("`{text}` is refused: {e}"),
    };
    let refused = |game: &Arc<rulebook::model::Game>, text: &str| match parse_position(game, text) {
        Ok(_) => panic!("`{text}` is read"),
        Err(e) => format!("{}: {}", e.at, e.reason),
    };
    let crowning = pipeline::load_text("crowning.game", CROWNING, None, &[]).unwrap();
    // Three kings from three men; more kings than the men they came from is refused.
    reads(&crowning, "KKK1/4/4/4 white hand=black:0");
    reads(&crowning, "1K2/4/4/M3 white hand=black:1");
    assert!(refused(&crowning, "KKK1/4/4/4 white")
        .starts_with("black's pieces: 3 on the board and 3 in hand, more than the 3 black"));
    assert!(refused(&crowning, "4/4/4/MMMM white")
        .starts_with("black's `man` pieces: 4 on the board and 0 in hand, more than the 3"));
    let turning = pipeline::load_text("turning.game", TURNING, None, &[]).unwrap();
    // Four black stones: one turned from white's; but not more stones than both had.
    reads(&turning, "BBBB/4/4/4 white hand=white:2");
    assert_eq!(
        refused(&turning, "BBBB/WW2/4/4 white hand=black:1"),
        "the players' pieces: 6 on the board and 2 in hand, more than the 6 the players \
         start with (no rule of this game adds any)"
    );
    let walls = pipeline::load_text("walls.game", WALLS, None, &[]).unwrap();
    // Walls without number; two stones a player.
    reads(&walls, "WWWW/WWWW/4/4 white");
    assert!(refused(&walls, "SSS1/4/4/4 white")
        .starts_with("black's `stone` pieces: 3 on the board and 0 in hand, more than the 2"));
    // Brandubh has no stock: a problem with a second king is read.
    let brandubh = pipeline::load("brandubh", None, &[]).unwrap();
    reads(&brandubh, "3S3/3S3/3s3/SSsksSS/3s3/3S3/2kS3 black");
}

/// A sowing game's marks are counted as its rules bound them: a rule that asks nothing of
/// the mover's marks leaves them uncounted, `marks(mover) < 2` allows two.
#[test]
fn marks_are_counted_as_the_rules_bound_them() {
    let mangala = include_str!("../games/mangala.game");
    let two = "4,4,4,4,4,4|0/4@south,4@south,4,4,4,4|0 north";
    let three = "4,4,4,4,4,4|0/4@south,4@south,4@south,4,4,4|0 north";
    let unbounded = mangala.replace("\n      and marks(mover) == 0:", ":");
    assert_ne!(unbounded, mangala, "the castle rule is found");
    let game = pipeline::load_text("m.game", &unbounded, Some("castle"), &[]).unwrap();
    assert!(parse_position(&game, three).is_ok());
    let below_two = mangala.replace("marks(mover) == 0", "2 > marks(mover)");
    let game = pipeline::load_text("m.game", &below_two, Some("castle"), &[]).unwrap();
    assert!(parse_position(&game, two).is_ok());
    let e = parse_position(&game, three).unwrap_err().to_string();
    assert!(e.ends_with("let a player mark at most 2"), "{e}");
}

/// A grid game whose stones come from a counted stock of 6 and capture by custodian, so
/// that hands other than the usual ones arise (and are written).
const STOCK_GAME: &str = "game \"Stock\"\nplayers black, white\nboard grid 4 by 4\n\
    piece stone, king\nsetup black stone on a1\nsetup 6 black stone in hand\n\
    setup 6 white stone in hand\nsetup 1 white king in hand\nmove place stone\n\
    move place king when hand(mover, stone) < 3\nmove step orthogonal when hand(mover) == 0\n\
    after move capture custodian orthogonal remove\nend when no legal move: mover loses\n";

#[test]
fn hands_of_a_counted_stock_read_back() {
    let morris = pipeline::load("tests/fixtures/valid/three-mens-morris.game", None, &[]).unwrap();
    let stock = pipeline::load_text("stock.game", STOCK_GAME, None, &[]).unwrap();
    // And the games whose pieces are counted only in part: every position they reach reads.
    let partly = [
        ("crowning", CROWNING),
        ("turning", TURNING),
        ("walls", WALLS),
    ]
    .map(|(name, text)| pipeline::load_text(name, text, None, &[]).unwrap());
    let mut rng = Rng::new(5);
    let mut moves = MoveList::new();
    let mut written = 0;
    for game in [morris, stock].into_iter().chain(partly) {
        for _ in 0..30 {
            let mut state = State::new(Arc::clone(&game));
            for _ in 0..80 {
                round_trip(&game.about.name, &state);
                written += position_text(&state).contains("hand=") as usize;
                state.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]);
            }
        }
    }
    assert!(written > 20, "hands were written ({written})");
    // Two kinds in hand: a count for each, in `piece` order.
    let game = pipeline::load_text("stock.game", STOCK_GAME, None, &[]).unwrap();
    let text = "4/4/4/S3 white hand=black:2,0 hand=white:6,0";
    assert_eq!(position_text(&parse_position(&game, text).unwrap()), text);
    let e = parse_position(&game, "4/4/4/S3 white hand=white:6")
        .err()
        .unwrap();
    assert!(e.to_string().contains("with 2 counts"), "{e}");
    // The engine refuses hands that do not fit: a count of a kind in no stock, too many.
    let mut setup = State::new(Arc::clone(&game)).setup();
    setup.stock = Some(vec![0, 0, 0, 0, 0, 0]);
    assert!(matches!(
        State::from_setup(Arc::clone(&game), setup.clone()),
        Err(SetupError::Stock { player: 2 })
    ));
    setup.stock = Some(vec![101, 0, 0, 0]);
    assert!(matches!(
        State::from_setup(Arc::clone(&game), setup),
        Err(SetupError::Stock { player: 0 })
    ));
    let othello = pipeline::load("othello", None, &[]).unwrap();
    let mut setup = State::new(Arc::clone(&othello)).setup();
    setup.stock = Some(vec![1, 1]);
    assert!(matches!(
        State::from_setup(othello, setup),
        Err(SetupError::NotInGame { .. })
    ));
}

#[test]
fn the_engine_refuses_setups_that_do_not_fit_the_game() {
    let game = pipeline::load("mangala", None, &[]).unwrap();
    let check = |change: &dyn Fn(&mut Setup)| {
        let mut setup = State::new(Arc::clone(&game)).setup();
        change(&mut setup);
        State::from_setup(Arc::clone(&game), setup).err()
    };
    assert_eq!(check(&|_| {}), None);
    assert!(matches!(
        check(&|s| {
            s.cells.pop();
        }),
        Some(SetupError::Sites {
            found: 13,
            sites: 14,
            ..
        })
    ));
    assert!(matches!(
        check(&|s| s.cells[0] = rulebook::model::Cell::new(9).unwrap()),
        Some(SetupError::Cell { site, .. }) if site.index() == 0
    ));
    assert_eq!(
        check(&|s| s.counts[0] = 1000),
        Some(SetupError::Stones {
            total: 1044,
            max: 48
        })
    );
    // A player the game does not have is refused as the side to move.
    let third = rulebook::model::Player::new(2).unwrap();
    assert_eq!(
        check(&|s| s.to_move = third),
        Some(SetupError::ToMove { player: third })
    );
    assert!(matches!(
        check(&|s| s.marks = vec![3; 14]),
        Some(SetupError::Mark { site, mark: 3 }) if site.index() == 0
    ));
    assert!(matches!(
        check(&|s| s.swapped = true),
        Some(SetupError::NotInGame { .. })
    ));
    let grid = pipeline::load("ming-mang", None, &[]).unwrap();
    let mut setup = State::new(Arc::clone(&grid)).setup();
    setup.counts = vec![1; grid.board.sites()];
    assert!(matches!(
        State::from_setup(grid, setup),
        Err(SetupError::NotInGame { .. })
    ));
}

/// A valid text of each kind of board, to mutate.
const SEEDS: [(&str, &str); 4] = [
    (
        "ming-mang",
        "WBBBBBBB/W6B/W6B/W6B/W6B/W6B/W6B/WWWWWWWB black",
    ),
    ("mangala", "4,4,1,5,5,5|0/4,4,4,1,5,5|1 north"),
    (
        "toguz-kumalak",
        "20,0,0,0@north,0,0,0,0,5|60/0@south,1,1,2,1,1,1,1,5|63 south",
    ),
    (
        "migong",
        "d4:BYYBBY,e4:yybbyy blue swapped last=yellow hand=blue:-",
    ),
];

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(11),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn random_texts_never_panic(which in 0..4usize, text in "[ -~]{0,60}") {
        let game = pipeline::load(SEEDS[which].0, None, &[]).unwrap();
        if let Ok(state) = parse_position(&game, &text) {
            round_trip(&text, &state);
        }
    }

    #[test]
    fn mutated_texts_never_panic(
        which in 0..4usize,
        at in any::<usize>(),
        cut in any::<usize>(),
        insert in "[ -~]{0,4}",
    ) {
        let (name, seed) = SEEDS[which];
        let game = pipeline::load(name, None, &[]).unwrap();
        let (at, cut) = (at % (seed.len() + 1), cut % 4);
        let end = (at + cut).min(seed.len());
        let text = format!("{}{insert}{}", &seed[..at], &seed[end..]);
        if let Ok(state) = parse_position(&game, &text) {
            let again = position_text(&state);
            let back = parse_position(&game, &again).unwrap();
            prop_assert!(back == state);
        }
    }
}
