//! What the grammar allows at a place of a rule file, for completion: the statement
//! holding the place is parsed up to it, with a character no rule matches put there, and
//! pest says what it tried at that character (every token, and the rules it was about to
//! enter).

use pest::error::{Error, ErrorVariant, InputLocation};

use super::parser::{lone_statement_error, opens_statement, statement_starts, Rule};

/// What may stand where the beginning of a statement ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The words the grammar tries there (keywords, and `and`, `or`, `not`, `forward`,
    /// which are words of rules of their own), sorted.
    pub words: Vec<String>,
    /// Whether a name may begin there (a declared name, a direction, a word like `mover`).
    pub name: bool,
    /// Whether an expression may begin there.
    pub expression: bool,
}

/// What the grammar says of the place where the beginning of a statement ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// The beginning parses, and this may follow it.
    Expected(Expected),
    /// The beginning does not parse: the grammar cannot say what may follow.
    Broken,
    /// The place lies in a comment or a string.
    Quoted,
}

/// The character put at the place: no token of the grammar matches it, so the parse fails
/// there (or, in a comment or a string, after it).
const STOP: char = '\u{1}';

/// What the grammar allows after `statement`, the beginning of one statement (or of the
/// `extends` statement), up to a place: a statement that ends there is no error, the words
/// of another statement are not offered.
pub fn expected(statement: &str) -> Expectation {
    let text = format!("{statement}{STOP}");
    let Some(error) = lone_statement_error(&text) else {
        return Expectation::Quoted; // a comment ran over the stop to the end
    };
    let place = statement.len();
    let furthest = furthest(&error);
    if furthest < place {
        return Expectation::Broken;
    }
    if furthest > place {
        return Expectation::Quoted;
    }
    let tokens = error
        .parse_attempts()
        .map(|a| a.expected_tokens())
        .unwrap_or_default();
    let mut expected = Expected::default();
    for token in tokens.iter().map(ToString::to_string) {
        match token.as_str() {
            "a..z" => expected.name = true, // the first letter of a name
            word if is_word(word) => expected.words.push(word.to_string()),
            _ => {}
        }
    }
    if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
        expected.expression = positives.contains(&Rule::expr);
    }
    expected.words.sort();
    expected.words.dedup();
    Expectation::Expected(expected)
}

/// The furthest place the parser reached.
fn furthest(error: &Error<Rule>) -> usize {
    let at = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((start, _)) => start,
    };
    error
        .parse_attempts()
        .map_or(at, |a| a.max_position.max(at))
}

/// Whether a token is a word (a keyword's), not punctuation.
fn is_word(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_alphabetic())
        && token.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
}

/// Where the statement holding `offset` begins, as the lines show it: the start of the
/// line of `offset` when the line is not indented (or nothing stands before `offset` on
/// it), else the start of the last line before it that opens a statement (with a
/// statement keyword, not indented), else the start of the text.
pub fn statement_start(text: &str, offset: usize) -> usize {
    let line = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    if !text[line..offset].starts_with([' ', '\t']) {
        return line;
    }
    let mut end = line;
    while end > 0 {
        let start = text[..end - 1].rfind('\n').map_or(0, |i| i + 1);
        if opens_statement(&text[start..end]) {
            return start;
        }
        end = start;
    }
    0
}

/// The statements of a text as the lines show them, as byte ranges: each from a line that
/// opens a statement (with a statement keyword, not indented) to the next such line.
pub fn statements(text: &str) -> Vec<std::ops::Range<usize>> {
    let starts = statement_starts(text);
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().zip(ends).map(|(&s, e)| s..e).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(statement: &str) -> Vec<String> {
        match expected(statement) {
            Expectation::Expected(e) => e.words,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_words_that_may_follow_and_no_next_statement() {
        assert_eq!(
            words("board "),
            ["graph", "grid", "hex", "hexagon", "mancala", "star", "triangle"]
        );
        let after = words("move slide orthogonal ");
        assert!(after.contains(&"onto".to_string()), "{after:?}");
        assert!(!after.contains(&"game".to_string()), "{after:?}");
        assert!(words("").contains(&"extends".to_string()));
    }

    #[test]
    fn names_and_expressions_are_told() {
        let Expectation::Expected(e) = expected("move place ") else {
            panic!("parses")
        };
        assert!(e.name && !e.expression, "{e:?}");
        let Expectation::Expected(e) = expected("end when ") else {
            panic!("parses")
        };
        assert!(e.name && e.expression, "{e:?}");
    }

    #[test]
    fn a_broken_beginning_a_comment_and_a_string() {
        assert_eq!(expected("move ) "), Expectation::Broken);
        assert_eq!(expected("move // a"), Expectation::Quoted);
        assert_eq!(expected("game \"a b"), Expectation::Quoted);
        assert_eq!(expected("game \"a\" // b"), Expectation::Quoted);
    }

    #[test]
    fn a_statement_starts_on_a_line_not_indented() {
        let text = "move slide north\n  by man\n  when x\npiece a\n";
        assert_eq!(statement_start(text, text.find("when").unwrap()), 0);
        assert_eq!(statement_start(text, text.find("piece").unwrap() + 3), 35);
        assert_eq!(statement_start(text, text.len()), text.len());
        assert_eq!(statements(text), [0..35, 35..text.len()]);
    }
}
