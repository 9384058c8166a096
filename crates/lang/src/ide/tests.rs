use super::*;

const GAME: &str = "game \"Test\"
players black, white
board grid 8 by 8 of checkered squares
piece man, king
region home = rank(1)
setup black man on home
move step forward-diagonal by man
after move promote man to king in side(forward)
end when no legal move: mover loses
";

/// The offset of the `n`-th (from 0) occurrence of `needle` in [`GAME`].
fn at(needle: &str, n: usize) -> usize {
    GAME.match_indices(needle).nth(n).expect("in the game").0
}

#[test]
fn every_declared_name_is_found_with_its_kind() {
    let file = parse(GAME).expect("the game parses");
    let found: Vec<(String, SymbolKind)> = (declarations(&file).into_iter())
        .map(|s| (s.name, s.kind))
        .collect();
    let expected = [
        ("black", SymbolKind::Player),
        ("white", SymbolKind::Player),
        ("man", SymbolKind::Piece),
        ("king", SymbolKind::Piece),
        ("home", SymbolKind::Region),
    ];
    assert_eq!(found, expected.map(|(n, k)| (n.to_string(), k)));
}

#[test]
fn a_name_goes_to_its_declaration_and_its_uses() {
    let declared = at("man", 0);
    assert_eq!(
        definition(GAME, at("man", 2) + 1),
        Some(Span::new(declared, declared + 3))
    );
    let uses: Vec<usize> = references(GAME, at("man", 1))
        .iter()
        .map(|s| s.start)
        .collect();
    assert_eq!(uses, (0..4).map(|n| at("man", n)).collect::<Vec<_>>());
    assert_eq!(
        definition(GAME, at("step", 0)),
        None,
        "a keyword is declared nowhere"
    );
}

#[test]
fn hover_tells_a_name_a_keyword_and_a_builtin() {
    let (text, span) = hover(GAME, at("home", 1)).expect("help for home");
    assert!(
        text.starts_with("region `home`, declared on line 5"),
        "{text}"
    );
    assert_eq!(span, Span::new(at("home", 1), at("home", 1) + 4));
    let (text, _) = hover(GAME, at("promote", 0)).expect("help for promote");
    assert!(text.contains("promote"), "{text}");
    let (text, _) = hover(GAME, at("side", 0)).expect("help for side");
    assert!(text.starts_with("`side(D)`"), "{text}");
    assert_eq!(hover(GAME, at("\"Test\"", 0) + 2), None, "inside a string");
}

#[test]
fn completion_offers_what_may_stand_there() {
    let labels = |text: &str| -> Vec<String> {
        complete(text, text.len(), &[])
            .into_iter()
            .map(|c| c.label)
            .collect()
    };
    assert_eq!(labels(&format!("{GAME}pie")), ["piece"]);
    assert_eq!(
        labels(&format!("{GAME}move s")),
        ["slide", "sow", "step", "swap"]
    );
    let names = complete(&format!("{GAME}move step north by k"), usize::MAX, &[]);
    assert!(names
        .iter()
        .any(|c| c.label == "king" && c.kind == CandidateKind::Name(SymbolKind::Piece)));
    let builtins = complete(&format!("{GAME}end when pie"), usize::MAX, &[]);
    let pieces = builtins
        .iter()
        .find(|c| c.label == "pieces")
        .expect("pieces offered");
    assert_eq!(pieces.kind, CandidateKind::Builtin);
    assert!(pieces.detail.starts_with("pieces(P)"), "{}", pieces.detail);
    let side = complete(GAME, at("side", 0) + 2, &[]);
    assert_eq!(
        side.len(),
        1,
        "a built-in is not offered again as a keyword: {side:?}"
    );
}

#[test]
fn the_statement_words_are_keywords() {
    let all = crate::syntax::keywords();
    for word in complete::STATEMENT_STARTS
        .iter()
        .chain(complete::MOVES)
        .chain(complete::EFFECTS)
    {
        assert!(all.contains(word), "{word} is no keyword");
    }
}

#[test]
fn the_fallback_lists_are_what_the_grammar_allows() {
    for (before, list) in [
        ("", complete::STATEMENT_STARTS),
        ("move ", complete::MOVES),
        ("after move ", complete::EFFECTS),
    ] {
        let crate::syntax::Expectation::Expected(e) = crate::syntax::expected(before) else {
            panic!("`{before}` parses");
        };
        let mut list = list.to_vec();
        list.sort_unstable();
        assert_eq!(e.words, list, "after `{before}`");
    }
}

#[test]
fn words_skip_comments_and_strings() {
    let text = "game \"a b\" // c d\nplayers x-y, z_1 -w";
    let found: Vec<&str> = words(text).iter().map(|&(s, e)| &text[s..e]).collect();
    assert_eq!(found, ["game", "players", "x-y", "z_1", "w"]);
}

#[test]
fn the_extends_statement_names_its_file() {
    let text = "extends \"base.game\"\nregion home = rank(1)\n";
    assert_eq!(extends_at(text, 10).as_deref(), Some("base.game"));
    assert_eq!(extends_at(text, 25), None, "outside the statement");
    assert_eq!(extends_at(GAME, 0), None, "no extends");
}

#[test]
fn inherited_names_are_offered_after_the_file_s_own() {
    let queen = Symbol {
        name: "queen".into(),
        kind: SymbolKind::Piece,
        span: Span::default(),
        statement: Span::default(),
    };
    let text = format!("{GAME}move step north by ");
    let offered = complete(&text, text.len(), &[queen]);
    let names: Vec<&str> = (offered.iter())
        .filter(|c| matches!(c.kind, CandidateKind::Name(_)))
        .map(|c| c.label.as_str())
        .collect();
    assert_eq!(
        names,
        ["man", "king", "queen"],
        "the kinds of piece, after `by`"
    );
}

#[test]
fn a_variant_is_offered_the_names_it_may_replace() {
    let symbol = |name: &str, kind| Symbol {
        name: name.into(),
        kind,
        span: Span::default(),
        statement: Span::default(),
    };
    let inherited = [
        symbol("8x8", SymbolKind::Preset),
        symbol("small", SymbolKind::Preset),
        symbol("size", SymbolKind::Parameter),
        symbol("repetition", SymbolKind::Option),
        symbol("man", SymbolKind::Piece),
    ];
    let variant = "extends \"base\"\npreset small { size = 5 }\n";
    let labels = |more: &str| -> Vec<String> {
        let text = format!("{variant}{more}");
        let offered = complete(&text, text.len(), &inherited).into_iter();
        offered.map(|c| c.label).collect()
    };
    assert_eq!(labels("preset "), ["8x8"], "a preset not yet replaced");
    assert_eq!(labels("parameter "), ["size", "repetition"]);
    assert_eq!(labels("option re"), ["repetition"]);
    assert_eq!(labels("preset 8x8 { "), ["size", "repetition"]);
}

#[test]
fn a_grid_of_hexagons_is_offered_its_own_directions() {
    let text =
        "game \"h\"\nplayers red, blue\nboard hexagon 4 of hexagons\npiece stone\nmove step ";
    let offered = offered_values(text);
    let six = [
        "north-east",
        "east",
        "south-west",
        "west",
        "south-east",
        "north-west",
    ];
    assert_eq!(
        offered,
        [&six[..], &["all"]].concat(),
        "the hexagon's directions"
    );
    let squares = offered_values(&format!("{GAME}move step "));
    assert!(squares.contains(&"north".to_string()) && squares.contains(&"forward".to_string()));
}

/// The values offered at the end of `text`.
fn offered_values(text: &str) -> Vec<String> {
    let offered = complete(text, text.len(), &[]).into_iter();
    let values = offered.filter(|c| c.kind == CandidateKind::Value);
    values.map(|c| c.label).collect()
}

/// The labels offered at the end of [`GAME`] followed by `more`.
fn offered(more: &str) -> Vec<String> {
    let text = format!("{GAME}{more}");
    let labels = complete(&text, text.len(), &[])
        .into_iter()
        .map(|c| c.label);
    labels.collect()
}

/// Whether `offered` holds every word of `wanted` and none of `unwanted`.
fn holds(offered: &[String], wanted: &[&str], unwanted: &[&str]) -> bool {
    wanted.iter().all(|w| offered.iter().any(|o| o == w))
        && !unwanted.iter().any(|w| offered.iter().any(|o| o == w))
}

#[test]
fn after_a_slide_s_directions_the_clauses_of_a_move() {
    let offered = offered("move slide orthogonal ");
    let clauses = [
        "by",
        "onto",
        "avoiding",
        "max",
        "exactly",
        "over",
        "when",
        "flying",
        "not",
        "compulsory",
    ];
    let not_here = ["sow", "slide", "game", "board", "king", "side"];
    assert!(holds(&offered, &clauses, &not_here), "{offered:?}");
}

#[test]
fn after_a_move_along_a_track_its_clauses() {
    let offered_here = offered("move along track by roll ");
    let clauses = [
        "from", "enter", "blocked", "safe", "again", "without", "bearing",
    ];
    assert!(
        holds(&offered_here, &clauses, &["slide", "board"]),
        "{offered_here:?}"
    );
    let after_hand = offered("move along track by roll from hand ");
    assert!(
        holds(&after_hand, &["first", "blocked"], &["slide"]),
        "{after_hand:?}"
    );
}

#[test]
fn after_board_the_kinds_of_board_only() {
    let offered = offered("board ");
    assert_eq!(
        offered,
        ["graph", "grid", "hex", "hexagon", "mancala", "star", "triangle"]
    );
}

#[test]
fn after_board_graph_the_shape_ring_and_after_its_number_with_centre() {
    let offered_graph = offered("board graph ");
    assert!(
        offered_graph.iter().any(|w| w == "ring"),
        "{offered_graph:?}"
    );
    let after_number = offered("board graph ring 12 ");
    assert!(after_number.iter().any(|w| w == "with"), "{after_number:?}");
    let after_with = offered("board graph ring 12 with ");
    assert!(after_with.iter().any(|w| w == "centre"), "{after_with:?}");
}

#[test]
fn after_board_graph_the_shape_rings_and_after_its_sizes_spokes_and_centre() {
    let offered_graph = offered("board graph ");
    assert!(
        offered_graph.iter().any(|w| w == "rings"),
        "{offered_graph:?}"
    );
    let after_rings = offered("board graph rings 3 ");
    assert!(after_rings.iter().any(|w| w == "of"), "{after_rings:?}");
    let after_sizes = offered("board graph rings 3 of 8 ");
    for word in ["spokes", "with"] {
        assert!(after_sizes.iter().any(|w| w == word), "{after_sizes:?}");
    }
    let after_spokes = offered("board graph rings 3 of 8 spokes ");
    assert!(
        after_spokes.iter().any(|w| w == "every"),
        "{after_spokes:?}"
    );
}

#[test]
fn after_end_when_what_starts_a_condition() {
    let offered = offered("end when ");
    let starts = [
        "no", "repeated", "empty", "both", "not", "any", "every", "pieces",
    ];
    let names = ["home", "black", "man", "mover", "opponent"];
    let not_here = ["slide", "wins", "game", "draw", "when"];
    assert!(holds(&offered, &starts, &not_here), "{offered:?}");
    assert!(holds(&offered, &names, &[]), "{offered:?}");
}

#[test]
fn after_move_place_the_kinds_of_piece() {
    let text = format!("{GAME}move place ");
    let found = complete(&text, text.len(), &[]);
    let piece = CandidateKind::Name(SymbolKind::Piece);
    let labels: Vec<(&str, CandidateKind)> =
        (found.iter()).map(|c| (c.label.as_str(), c.kind)).collect();
    assert_eq!(
        labels,
        [
            ("man", piece),
            ("king", piece),
            ("from", CandidateKind::Keyword)
        ]
    );
}

#[test]
fn inside_a_setup_a_kind_of_piece_then_on() {
    let offered = offered("setup black ");
    assert!(
        holds(
            &offered,
            &["man", "king", "stones"],
            &["black", "white", "home", "on", "side"]
        ),
        "{offered:?}"
    );
    assert_eq!(self::offered("setup black man "), ["on"]);
    let offered = self::offered("setup ");
    assert!(
        holds(&offered, &["black", "white"], &["slide"]),
        "{offered:?}"
    );
}

#[test]
fn after_move_every_kind_of_move_and_after_slide_the_directions() {
    let offered = offered("move ");
    let moves = [
        "slide", "step", "jump", "sow", "place", "castle", "along", "leap",
    ];
    assert!(holds(&offered, &moves, &["by", "game"]), "{offered:?}");
    let offered = self::offered("move slide ");
    let directions = ["north", "north-east", "orthogonal", "diagonal", "forward"];
    assert!(
        holds(&offered, &directions, &["king", "by", "side"]),
        "{offered:?}"
    );
}

#[test]
fn a_new_statement_s_words_and_extends_only_first() {
    let first = complete("", 0, &[]);
    assert!(first.iter().any(|c| c.label == "extends"), "{first:?}");
    let offered = offered("");
    assert!(
        holds(
            &offered,
            &["game", "move", "piece", "end"],
            &["extends", "king", "by"]
        ),
        "{offered:?}"
    );
}

#[test]
fn in_a_preset_the_parameters_and_options_then_their_values() {
    let text = "parameter size: 4..25 = 8\noption corner: off | board = off\npreset big { ";
    let labels = |t: &str| -> Vec<String> {
        complete(t, t.len(), &[])
            .into_iter()
            .map(|c| c.label)
            .collect()
    };
    assert_eq!(labels(text), ["size", "corner"]);
    assert_eq!(labels(&format!("{text}corner = ")), ["off", "board"]);
    assert_eq!(labels(&format!("{text}size = ")), Vec::<String>::new());
    assert_eq!(labels("option repetition = "), ["on", "off"]);
    assert_eq!(labels("option corner: off | board = "), ["off", "board"]);
}

#[test]
fn after_an_end_condition_the_results_and_the_players() {
    let offered = offered("end when no legal move: ");
    let results = ["mover", "draw", "most", "highest", "black", "white"];
    assert!(
        holds(&offered, &results, &["man", "home", "pieces"]),
        "{offered:?}"
    );
}

#[test]
fn nothing_in_a_comment_or_a_string_and_everything_after_an_error() {
    assert_eq!(offered("// move s"), Vec::<String>::new());
    assert_eq!(offered("game \"mo"), Vec::<String>::new());
    // A statement broken before the cursor: the grammar cannot say, every word is offered.
    let offered = offered("move slide ) by k");
    assert!(holds(&offered, &["king"], &[]), "{offered:?}");
}
