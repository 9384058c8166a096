//! What an editor asks about a rule file, without any protocol: the names it declares and
//! where they are used, the help shown when hovering a word, the words offered for
//! completion. Places are byte offsets of the text ([`position`] converts them to an
//! editor's lines and columns). The language server (`rulebook lsp`) answers with these.
//!
//! A file being edited often does not parse; [`parse_lenient`] then parses it without the
//! line being typed, so that its names are still known.

pub mod position;
pub mod reference;
pub mod symbols;

mod complete;

pub use complete::{complete, Candidate, CandidateKind, MOVES, STATEMENT_STARTS};
pub use symbols::{declarations, Symbol, SymbolKind};

use crate::diag::Span;
use crate::syntax::ast::File;
use crate::syntax::parse;

/// The syntax tree of a text, or, when it does not parse, of the text with the line
/// holding `offset` blanked out (the line being typed); `None` if neither parses.
pub fn parse_lenient(text: &str, offset: usize) -> Option<File> {
    if let Ok(file) = parse(text) {
        return Some(file);
    }
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let mut blanked = text.as_bytes().to_vec();
    blanked[start..end].fill(b' ');
    parse(&String::from_utf8(blanked).ok()?).ok()
}

/// The words of a text that may be names or keywords (`[A-Za-z][A-Za-z0-9_-]*`, a `-`
/// only before a letter), outside comments and strings, as byte ranges.
pub fn words(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'"' => i = text[i + 1..].find('"').map_or(b.len(), |n| i + n + 2),
            c if c.is_ascii_alphabetic() => {
                let end = word_end(b, i);
                out.push((i, end));
                i = end;
            }
            c if c.is_ascii_alphanumeric() || c == b'_' => i = word_end(b, i),
            _ => i += 1,
        }
    }
    out
}

/// The end of the word starting at `i`.
fn word_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        let c = b[i];
        let hyphen = c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic);
        if !(c.is_ascii_alphanumeric() || c == b'_' || hyphen) {
            break;
        }
        i += 1;
    }
    i
}

/// The word at `offset` (touching it from either side), as a byte range.
pub fn word_at(text: &str, offset: usize) -> Option<(usize, usize)> {
    words(text)
        .into_iter()
        .find(|&(start, end)| start <= offset && offset <= end)
}

/// The declared name at `offset`, with its declaration.
pub fn symbol_at(text: &str, offset: usize) -> Option<Symbol> {
    let (start, end) = word_at(text, offset)?;
    let file = parse_lenient(text, offset)?;
    let word = &text[start..end];
    declarations(&file).into_iter().find(|s| s.name == word)
}

/// Where the name at `offset` is declared.
pub fn definition(text: &str, offset: usize) -> Option<Span> {
    symbol_at(text, offset).map(|s| s.span)
}

/// The file named by the `extends` statement, when `offset` lies in that statement.
pub fn extends_at(text: &str, offset: usize) -> Option<String> {
    let (target, span) = parse_lenient(text, offset)?.extends?;
    (span.start <= offset && offset <= span.end).then_some(target)
}

/// Every place the declared name at `offset` is written, its declaration included: the
/// words of the text that are the same name (a keyword spelt the same way counts too).
pub fn references(text: &str, offset: usize) -> Vec<Span> {
    let Some(symbol) = symbol_at(text, offset) else {
        return Vec::new();
    };
    (words(text).into_iter())
        .filter(|&(start, end)| text[start..end] == symbol.name)
        .map(|(start, end)| Span::new(start, end))
        .collect()
}

/// What a declared name is, in Markdown: its kind, where it is declared (the file, when
/// another, and the line, from 1) and the first line of its declaration.
pub fn describe(symbol: &Symbol, file: Option<&str>, line: u32, declaration: &str) -> String {
    let place = match file {
        Some(file) => format!("in `{file}`, line {line}"),
        None => format!("on line {line}"),
    };
    let first = declaration.lines().next().unwrap_or_default();
    format!(
        "{} `{}`, declared {place}:\n\n```game\n{first}\n```",
        symbol.kind.describe(),
        symbol.name
    )
}

/// What hovering the word at `offset` shows, in Markdown, with the word's place: for a
/// declared name, what it is and where it is declared; for a built-in function, its
/// signature and meaning; for a keyword, the reference's section on it.
pub fn hover(text: &str, offset: usize) -> Option<(String, Span)> {
    let (start, end) = word_at(text, offset)?;
    let word = &text[start..end];
    let span = Span::new(start, end);
    if let Some(symbol) = symbol_at(text, offset) {
        let (line, _) = position::line_col(text, symbol.statement.start);
        let declaration = text.get(symbol.statement.start..symbol.statement.end);
        let help = describe(&symbol, None, line + 1, declaration.unwrap_or_default());
        return Some((help, span));
    }
    let called = text[end..].trim_start().starts_with('(');
    let help = match called {
        true => reference::builtin(word).or_else(|| reference::keyword(word)),
        false => reference::keyword(word).or_else(|| reference::builtin(word)),
    };
    help.map(|h| (h, span))
}

#[cfg(test)]
mod tests;
