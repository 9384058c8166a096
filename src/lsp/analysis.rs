//! The analysis of an open rule file ([`analyse`]): its diagnostics, as `rulebook check`
//! finds them (parse, check, and compile under the default settings and every preset),
//! placed in the file's own text, and the names a variant inherits from the files it
//! extends: without any protocol, so that tests and the fuzz target call it directly.

use crate::authoring::check;
use crate::diag::{Code, Diagnostic, FileId, Severity, Source, SourceMap};
use crate::ide::{self, position, Symbol};
use crate::pipeline;
use crate::variant::Resolved;

/// One diagnostic of the open file, ready to show in an editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Error or warning.
    pub severity: Severity,
    /// Its stable code (`rulebook explain CODE`).
    pub code: Code,
    /// What is wrong, with its label, notes and help on lines of their own.
    pub message: String,
    /// Where, as a byte range of the open text.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// The name a did-you-mean help suggests in place of the text at the range.
    pub suggestion: Option<String>,
}

/// What an editor shows of an open rule file: its diagnostics and the names it inherits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Its errors and warnings.
    pub found: Vec<Found>,
    /// The names it inherits from the files it extends.
    pub inherited: Vec<Inherited>,
}

/// The analysis of `text`, the file named `name` (its path, from which the files it
/// `extends` are found, or any name for a file with no path), parsed once. Its diagnostics
/// are the errors and warnings of `rulebook check`; one that lies in an extended file is
/// placed on the `extends` statement, its message naming the file, line and column. Its
/// inherited names are none if it extends no file, or if they do not load; a name the
/// file declares itself is its own.
pub fn analyse(name: &str, text: &str) -> Analysis {
    let source = Source {
        name: name.to_string(),
        text: text.to_string(),
    };
    let resolved = match pipeline::merged(source) {
        Ok(resolved) => resolved,
        Err(e) => {
            let found = place_all(&e.diagnostics, e.sources.as_ref(), text);
            return Analysis {
                found,
                inherited: Vec::new(),
            };
        }
    };
    let inherited = inherited(&resolved);
    let (sources, found) = match pipeline::describe_merged(resolved) {
        Err(e) => (e.sources, e.diagnostics),
        Ok(d) => {
            let compiled = check::compile_all(&d, None, &[]);
            let mut all = d.warnings;
            all.extend(compiled.warnings);
            all.extend(compiled.errors);
            all.sort_by_key(Diagnostic::order);
            (Some(d.sources), all)
        }
    };
    let found = place_all(&found, sources.as_ref(), text);
    Analysis { found, inherited }
}

/// Diagnostics placed in the open text; the `extends` statement is found (parsing the text
/// again) only for a diagnostic that lies in another file.
fn place_all(found: &[Diagnostic], sources: Option<&SourceMap>, text: &str) -> Vec<Found> {
    let elsewhere = |d: &Diagnostic| d.span.is_some_and(|s| s.file != FileId::ROOT);
    let extends = match found.iter().any(elsewhere) {
        true => extends_span(text),
        false => (0, 0),
    };
    (found.iter())
        .map(|d| place(d, sources, text, extends))
        .collect()
}

/// The byte range of the `extends` statement's first line, if the text has one.
fn extends_span(text: &str) -> (usize, usize) {
    let Ok(file) = crate::syntax::parse(text) else {
        return (0, 0);
    };
    file.extends.map_or((0, 0), |(_, s)| {
        let line = text.get(s.start..s.end).and_then(|t| t.lines().next());
        (s.start, s.start + line.map_or(0, str::len))
    })
}

/// A diagnostic placed in the open text, its message with its label, notes and help.
fn place(
    d: &Diagnostic,
    sources: Option<&SourceMap>,
    text: &str,
    extends: (usize, usize),
) -> Found {
    let mut message = d.message.clone();
    let (mut start, mut end) = (0, 0);
    match (d.span, sources) {
        (Some(s), _) if s.file == FileId::ROOT => (start, end) = (s.start, s.end),
        (Some(s), Some(map)) => {
            let (line, col) = map.line_col(s);
            let file = map.get(s.file).map_or("", |f| f.name.as_str());
            message = format!("{file}:{line}:{col}: {message}");
            (start, end) = extends;
        }
        _ => {}
    }
    let mut lines = vec![message];
    lines.extend(d.label.iter().cloned());
    lines.extend(d.notes.iter().map(|n| format!("note: {}", n.message)));
    lines.extend(d.help.iter().map(|h| format!("help: {h}")));
    let end = end.min(text.len());
    Found {
        severity: d.severity,
        code: d.code,
        message: lines.join("\n"),
        start: start.min(end),
        end,
        suggestion: d.help.as_deref().and_then(suggested),
    }
}

/// The name in a did-you-mean help: `x` in "did you mean `x`?".
fn suggested(help: &str) -> Option<String> {
    let name = help.strip_prefix("did you mean `")?.strip_suffix("`?")?;
    Some(name.to_string())
}

/// A name a variant inherits: declared in a file it extends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inherited {
    /// The name, its kind and its places (in its own file).
    pub symbol: Symbol,
    /// The file it is declared in: its path, or `<bundled>/NAME.game`.
    pub file: String,
    /// The line of the name in that file (from 0).
    pub line: u32,
    /// The UTF-16 columns of the name's start and end on that line.
    pub columns: (u32, u32),
    /// What hovering it shows.
    pub help: String,
}

/// The names a merged rule file inherits: declared in the files it extends.
fn inherited(merged: &Resolved) -> Vec<Inherited> {
    (ide::declarations(&merged.file).into_iter())
        .filter(|symbol| symbol.span.file != FileId::ROOT)
        .filter_map(|symbol| {
            let source = merged.sources.get(symbol.span.file)?;
            let (line, start) = position::line_col(&source.text, symbol.span.start);
            let (_, end) = position::line_col(&source.text, symbol.span.end);
            let statement = source
                .text
                .get(symbol.statement.start..symbol.statement.end);
            let help = ide::describe(&symbol, Some(&source.name), line + 1, statement?);
            Some(Inherited {
                file: source.name.clone(),
                line,
                columns: (start, end),
                help,
                symbol,
            })
        })
        .collect()
}
