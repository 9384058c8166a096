//! Syntax errors for common slips, said in the language's own terms instead of as the
//! words the parser expected: a comment begun with `#` (comments begin with `//`), and a
//! rule's short name (`called "NAME"`) written after its condition.

use crate::diag::Code;
use crate::diag::{Diagnostic, Span};

/// How many lines back the statement a misplaced `called` belongs to is looked for.
const LINES_BACK: usize = 64;

/// The error for a slip at `pos` of `text`, where the parser stopped, if it is one;
/// `words` is what the parser expected there, and `statements` the keywords that open a
/// statement.
pub(super) fn slip(
    text: &str,
    pos: usize,
    words: &[String],
    statements: &[&str],
) -> Option<Diagnostic> {
    let rest = text.get(pos..)?;
    if rest.starts_with('#') {
        return Some(
            Diagnostic::error(
                Code::E0110,
                "comments start with `//`, not `#`",
                Span::new(pos, pos + 1),
            )
            .with_label("not a comment")
            .with_help("write `//`: a comment runs from `//` to the end of the line"),
        );
    }
    let called = rest.strip_prefix("called").is_some_and(|after| {
        !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    });
    if !called || words.iter().any(|w| w == "`called`") {
        return None;
    }
    misplaced_called(text, pos, statements)
}

/// The error for `called` at `pos`, where no rule's name may stand, after a `when` of an
/// `after move` or `end` statement or of a rule after sowing, or in a move rule (which has
/// no name): where the name goes instead.
fn misplaced_called(text: &str, pos: usize, statements: &[&str]) -> Option<Diagnostic> {
    let (start, opening) = statement_start(text, pos, statements)?;
    let code: String = (text[start..pos].lines())
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    let after_when = code.split_whitespace().any(|w| w == "when");
    let span = Span::new(pos, pos + "called".len());
    let (message, help) = match opening {
        "when" => (
            "in a rule after sowing, `called \"NAME\"` comes last, after the actions",
            "write `when CONDITION: ACTION, ... called \"NAME\"`",
        ),
        "after" if after_when => (
            "`called \"NAME\"` goes before `when`",
            "write `after move EFFECT called \"NAME\" when CONDITION`",
        ),
        "end" if after_when => (
            "`called \"NAME\"` goes before `when`, right after `end`",
            "write `end called \"NAME\" when CONDITION: RESULT`",
        ),
        "move" => (
            "a move rule has no short name",
            "`called \"NAME\"` names the rules after a move or after sowing, and the end rules; \
             remove it here",
        ),
        _ => return None,
    };
    Some(
        Diagnostic::error(Code::E0111, message, span)
            .with_label("a rule's short name cannot stand here")
            .with_help(help),
    )
}

/// Where the statement that `pos` lies in starts, and the word it opens with: the nearest
/// line before `pos` (or its own) whose first word opens a statement, or `when` inside the
/// braces of `after sow first of` (a rule after sowing).
fn statement_start<'a>(text: &'a str, pos: usize, statements: &[&str]) -> Option<(usize, &'a str)> {
    let before = &text[..pos];
    let in_braces = before.matches('{').count() > before.matches('}').count();
    let mut end = pos;
    for _ in 0..LINES_BACK {
        let start = before[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &before[start..end];
        let first = line
            .split("//")
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next();
        if let Some(word) = first {
            if statements.contains(&word) || (in_braces && word == "when") {
                let offset = start + line.find(word).unwrap_or(0);
                return Some((offset, &text[offset..offset + word.len()]));
            }
        }
        if start == 0 {
            break;
        }
        end = start - 1;
    }
    None
}
