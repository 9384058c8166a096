//! The canonical layout of a rule file (`rulebook fmt`, and the formatting a language
//! server gives): the file's tokens and comments as written, only the white space between
//! them changed, so that the text formatted parses to the same syntax tree.
//!
//! - Every statement begins a line at the left margin; every rule of `after sow first of
//!   { }` begins a line, two spaces in, and the block's braces end and begin lines.
//! - A line break written inside a statement is kept (nothing is re-wrapped or joined); a
//!   continued line is indented two spaces for each construct still open from an earlier
//!   line: the statement or rule, an action after sowing, an expression (each expression
//!   in parentheses or in a call's arguments counts). A line that begins with a closing
//!   bracket is indented one step less.
//! - One space between tokens; none after `(`, before `)`, `,` and `:`, around `..`, after
//!   a minus sign that negates, and between a function's name (or `any`, `every`) and its
//!   `(`.
//! - At most one blank line, and only before a statement, a rule or a comment on a line of
//!   its own; none at the start or the end of the file, none just inside a block's braces.
//! - Comments are kept word for word (white space at their end dropped). A comment on a
//!   line of its own stays so, indented as the line after it; comments after code on
//!   consecutive lines are aligned, two spaces after the longest line of code among them.

use pest::iterators::Pair;

use super::parser::{checked_tree, Rule};
use crate::diag::Diagnostic;

/// The indentation of one construct still open from an earlier line.
const INDENT: usize = 2;

/// The least room between the code of a line and the comment after it.
const COMMENT_GAP: usize = 2;

/// The constructs besides statements and rules after sowing that indent the lines that
/// continue them.
const INDENTING: [Rule; 5] = [
    Rule::expr,
    Rule::take_run_action,
    Rule::take_action,
    Rule::mark_action,
    Rule::named_mark_action,
];

/// The rule file `text` in the canonical layout (see the module's documentation), or the
/// parser's diagnostic when it does not parse: a file that does not parse is not
/// formatted. Formatting a formatted text changes nothing.
pub fn format(text: &str) -> Result<String, Diagnostic> {
    let file = checked_tree(text)?;
    let mut reader = Reader {
        text,
        pos: 0,
        breaks: 0,
        opens_next: false,
        open: Vec::new(),
        tokens: Vec::new(),
    };
    for statement in file.into_inner() {
        reader.node(statement, Rule::file);
    }
    reader.gap(text.len(), Rule::file);
    let tokens = reader.tokens;
    let lines = break_lines(&tokens);
    Ok(render(&tokens, &lines))
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A keyword, name, number, string or operator: a leaf of the parse tree.
    Word,
    /// Punctuation the grammar writes as a literal: `(`, `)`, `,`, `:`, `=`, `{`, `}`,
    /// `|`, `..`.
    Punct,
    /// A comment, `//` to the end of its line.
    Comment,
}

/// A token of the file, with what the layout needs to know of its place in the tree.
#[derive(Clone, Debug)]
struct Token<'a> {
    /// The text as written (a comment without the white space at its end).
    text: &'a str,
    /// What it is.
    kind: Kind,
    /// A word's grammar rule; for punctuation and comments, the rule around them.
    rule: Rule,
    /// The rule around a word (`call` for a function's name).
    parent: Rule,
    /// Line breaks in the source between the token before and this one.
    breaks: usize,
    /// Whether it is the first token of a statement or of a rule after sowing.
    opens: bool,
    /// The first tokens (their indexes) of the indenting constructs it is inside.
    open: Vec<usize>,
}

impl Token<'_> {
    /// Whether it is this punctuation.
    fn is(&self, punct: &str) -> bool {
        self.kind == Kind::Punct && self.text == punct
    }

    /// Whether it is a brace of the block of `after sow first of { }`.
    fn is_block_brace(&self, brace: &str) -> bool {
        self.is(brace) && self.rule == Rule::after_sow_stmt
    }
}

/// Reads the tokens of a file off its parse tree: the leaves are words; what lies between
/// them (white space, comments, literal punctuation) is read from the text.
struct Reader<'a> {
    /// The whole source.
    text: &'a str,
    /// How far the source has been read.
    pos: usize,
    /// Line breaks read since the last token.
    breaks: usize,
    /// Whether the next word or punctuation opens a statement or a rule.
    opens_next: bool,
    /// The first tokens of the indenting constructs being read.
    open: Vec<usize>,
    /// The tokens read.
    tokens: Vec<Token<'a>>,
}

impl<'a> Reader<'a> {
    /// Reads the tokens of `pair` (a child of a `parent` pair), and what lies before it.
    fn node(&mut self, pair: Pair<'a, Rule>, parent: Rule) {
        let rule = pair.as_rule();
        let span = pair.as_span();
        if rule == Rule::EOI {
            return;
        }
        self.gap(span.start(), parent);
        let mut children = pair.into_inner().peekable();
        // A string's quotes are part of it: it is one word, not its text between quotes.
        if rule == Rule::string || children.peek().is_none() {
            if !span.as_str().is_empty() {
                self.push(span.as_str(), Kind::Word, rule, parent);
            }
            self.pos = span.end();
            return;
        }
        let statement = parent == Rule::file || rule == Rule::sow_rule;
        let indents = statement || INDENTING.contains(&rule);
        if statement {
            self.opens_next = true;
        }
        if indents {
            self.open.push(self.tokens.len());
        }
        for child in children {
            self.node(child, rule);
        }
        self.gap(span.end(), rule);
        if indents {
            self.open.pop();
        }
    }

    /// Reads the source from where reading stopped to `end`: white space (its line
    /// breaks counted), comments and punctuation, inside a `within` pair.
    fn gap(&mut self, end: usize, within: Rule) {
        let text = self.text;
        while self.pos < end {
            let rest = &text[self.pos..end];
            let Some(c) = rest.chars().next() else {
                break;
            };
            if c.is_whitespace() {
                self.breaks += usize::from(c == '\n');
                self.pos += c.len_utf8();
                continue;
            }
            let (len, kind) = if rest.starts_with("//") {
                (rest.find('\n').unwrap_or(rest.len()), Kind::Comment)
            } else if rest.starts_with("..") {
                (2, Kind::Punct)
            } else {
                (c.len_utf8(), Kind::Punct)
            };
            let token = &rest[..len];
            let token = if kind == Kind::Comment {
                token.trim_end()
            } else {
                token
            };
            self.push(token, kind, within, within);
            self.pos += len;
        }
    }

    /// Adds a token, with the line breaks before it and the constructs it is inside.
    fn push(&mut self, text: &'a str, kind: Kind, rule: Rule, parent: Rule) {
        let opens = kind != Kind::Comment && std::mem::take(&mut self.opens_next);
        self.tokens.push(Token {
            text,
            kind,
            rule,
            parent,
            breaks: std::mem::take(&mut self.breaks),
            opens,
            open: self.open.clone(),
        });
    }
}

/// A line of the layout: its tokens (a range of indexes) and whether a blank line comes
/// before it.
#[derive(Clone, Copy, Debug)]
struct Line {
    /// The index of its first token.
    first: usize,
    /// One past the index of its last token.
    end: usize,
    /// Whether a blank line comes before it.
    blank_before: bool,
}

/// The tokens shared out into lines: a statement, a rule, a comment of its own line and
/// what follows a comment or a block's `{` begin a line, as do a block's `}` and every
/// token the source put on a new line; the other tokens stay on the line before.
fn break_lines(tokens: &[Token]) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let before = i.checked_sub(1).map(|p| &tokens[p]);
        let new_line = match before {
            None => true,
            Some(_) if token.kind == Kind::Comment => token.breaks > 0,
            Some(prev) => {
                token.opens
                    || token.breaks > 0
                    || prev.kind == Kind::Comment
                    || prev.is_block_brace("{")
                    || token.is_block_brace("}")
            }
        };
        match lines.last_mut() {
            Some(line) if !new_line => line.end = i + 1,
            _ => lines.push(Line {
                first: i,
                end: i + 1,
                blank_before: before.is_some_and(|prev| {
                    token.breaks > 1
                        && (token.opens || token.kind == Kind::Comment)
                        && !prev.is_block_brace("{")
                }),
            }),
        }
    }
    lines
}

/// The lines as text: indented, their tokens spaced, the comments after code aligned.
fn render(tokens: &[Token], lines: &[Line]) -> String {
    let mut line_of = vec![0; tokens.len()];
    for (l, line) in lines.iter().enumerate() {
        line_of[line.first..line.end].fill(l);
    }
    // How many constructs around a token are open from a line before `l`.
    let open_before =
        |token: &Token, l: usize| token.open.iter().filter(|&&o| line_of[o] < l).count();
    // From the end, so that a comment of its own line is indented as the next line of
    // code, were that line to open with no closing bracket.
    let mut levels = vec![0; lines.len()];
    let mut next_code = 0;
    for (l, line) in lines.iter().enumerate().rev() {
        let first = &tokens[line.first];
        levels[l] = match first.kind {
            Kind::Comment => next_code,
            _ => {
                next_code = open_before(first, l);
                let closes = first.is(")") || first.is("}");
                next_code.saturating_sub(usize::from(closes))
            }
        };
    }
    let laid: Vec<Laid> = (lines.iter().zip(levels))
        .map(|(line, level)| {
            let line_tokens = &tokens[line.first..line.end];
            let (code, comment) = match line_tokens.split_last() {
                Some((last, code)) if last.kind == Kind::Comment && !code.is_empty() => {
                    (code, Some(last.text))
                }
                _ => (line_tokens, None),
            };
            Laid {
                blank_before: line.blank_before,
                indent: level * INDENT,
                code: spaced(code),
                comment,
            }
        })
        .collect();
    align_comments(&laid)
}

/// A line laid out, before the comments after code are aligned.
struct Laid<'a> {
    /// Whether a blank line comes before it.
    blank_before: bool,
    /// Its indentation, in spaces.
    indent: usize,
    /// Its tokens but a comment after them, spaced.
    code: String,
    /// The comment after its code, if any.
    comment: Option<&'a str>,
}

/// Tokens of one line joined by the spacing of the layout.
fn spaced(tokens: &[Token]) -> String {
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 && space_between(&tokens[i - 1], token) {
            out.push(' ');
        }
        out.push_str(token.text);
    }
    out
}

/// Whether a space separates two tokens on a line.
fn space_between(before: &Token, after: &Token) -> bool {
    let called = (before.rule == Rule::name && before.parent == Rule::call)
        || before.parent == Rule::quantifier;
    !(before.is("(")
        || after.is(")")
        || after.is(",")
        || after.is(":")
        || before.is("..")
        || after.is("..")
        || before.rule == Rule::op_neg
        || (called && after.is("("))
        // A graph site's place, `at 2,4`.
        || (before.is(",") && before.parent == Rule::graph_site))
}

/// The lines joined, each comment after code placed two spaces after the longest code of
/// the run of consecutive lines with such comments that holds it.
fn align_comments(laid: &[Laid]) -> String {
    let width = |l: &Laid| l.indent + l.code.chars().count();
    let mut out = String::new();
    let mut column = 0;
    for (i, line) in laid.iter().enumerate() {
        if line.blank_before {
            out.push('\n');
        }
        out.push_str(&" ".repeat(line.indent));
        out.push_str(&line.code);
        if let Some(comment) = line.comment {
            let run_starts = i == 0 || laid[i - 1].comment.is_none() || line.blank_before;
            if run_starts {
                let run = laid[i..]
                    .iter()
                    .enumerate()
                    .take_while(|(k, l)| l.comment.is_some() && (*k == 0 || !l.blank_before));
                column = run.map(|(_, l)| width(l)).max().unwrap_or(0) + COMMENT_GAP;
            }
            out.push_str(&" ".repeat(column - width(line)));
            out.push_str(comment);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text formatted, which must format to itself again.
    fn formatted(text: &str) -> String {
        let once = format(text).unwrap_or_else(|d| panic!("{}: {text}", d.message));
        assert_eq!(format(&once).as_deref(), Ok(once.as_str()), "idempotent");
        once
    }

    #[test]
    fn spaces_are_one_and_none_inside_brackets_and_before_commas() {
        assert_eq!(
            formatted("setup  black stone on side( east )+rank (1)-a1 \n"),
            "setup black stone on side(east) + rank(1) - a1\n"
        );
        assert_eq!(
            formatted("parameter size : 4 .. 25 = 17\nmove leap(1,2)through(0,1)\n"),
            "parameter size: 4..25 = 17\nmove leap (1, 2) through (0, 1)\n"
        );
        assert_eq!(
            formatted(
                "move slide orthogonal when - pieces(mover) < not x and any ( p in all : - 1 < 2 )"
            ),
            "move slide orthogonal when -pieces(mover) < not x and any(p in all: -1 < 2)\n"
        );
        assert_eq!(
            formatted("preset a default {size=8,x=-1,}\npreset b{}"),
            "preset a default { size = 8, x = -1, }\npreset b { }\n"
        );
    }

    #[test]
    fn statements_begin_lines_and_blank_lines_are_at_most_one() {
        assert_eq!(
            formatted("\n\n  game \"G\" players a, b\n\n\n\npiece  stone\n\n"),
            "game \"G\"\nplayers a, b\n\npiece stone\n"
        );
    }

    #[test]
    fn continued_lines_are_indented_by_what_is_open() {
        let text = "after sow first of { when a and\nb: take x\nto y, again\nunless z\n\n\n}\n\
                    end when a\nor (b and\nc):\n   mover wins\n";
        assert_eq!(
            formatted(text),
            "after sow first of {\n  when a and\n      b: take x\n      to y, again\n    unless z\n}\n\
             end when a\n    or (b and\n      c):\n  mover wins\n"
        );
    }

    #[test]
    fn comments_are_kept_and_those_after_code_aligned() {
        let text = "// head  \ngame \"G\" // the name\nplayers a, b     // who\n\n\
                    piece x // alone\nafter sow first of {\n// first\nwhen a: again\n  // last\n}\n";
        assert_eq!(
            formatted(text),
            "// head\ngame \"G\"      // the name\nplayers a, b  // who\n\n\
             piece x  // alone\nafter sow first of {\n  // first\n  when a: again\n  // last\n}\n"
        );
    }

    #[test]
    fn a_file_that_does_not_parse_is_not_formatted() {
        let d = format("game \"G\"\nplayers a,\n").expect_err("a name is missing");
        assert!(d.message.contains("expected"), "{}", d.message);
        assert_eq!(format("").as_deref(), Ok(""));
        assert_eq!(format("  // only\n\n").as_deref(), Ok("// only\n"));
    }
}
