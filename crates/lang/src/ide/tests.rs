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
    assert_eq!(names, ["black", "white", "man", "king", "home", "queen"]);
}
