//! Diagnostics: errors and warnings about a rule file, rendered rustc-style with the file
//! name, line and column, the source line and a caret under the offending span. A span says
//! which loaded file it lies in; a [`SourceMap`] holds every file loaded for a game (a
//! variant and the files it extends) and shows each diagnostic in its own file.

use std::fmt::Write as _;

mod codes;

pub use codes::Code;

/// Which loaded file a span lies in: its place in the [`SourceMap`] of the game being
/// loaded. [`FileId::ROOT`] is the file that was asked for; the files it extends follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    /// The file that was asked for (a variant's own file).
    pub const ROOT: FileId = FileId(0);
}

/// A byte range in one source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte of the range.
    pub start: usize,
    /// One past the last byte of the range.
    pub end: usize,
    /// The file the offsets are in.
    pub file: FileId,
}

impl Span {
    /// The range `start..end` of the root file.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end,
            file: FileId::ROOT,
        }
    }

    /// The same range in another file.
    pub fn in_file(self, file: FileId) -> Span {
        Span { file, ..self }
    }

    /// The smallest span covering both (in the first one's file).
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
            file: self.file,
        }
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// The file can be used, but something in it is probably a mistake.
    Warning,
}

/// A secondary place in the source related to a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The place, if the note points at the source.
    pub span: Option<Span>,
    /// What the note says.
    pub message: String,
}

/// One error or warning, with its place in the source when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Which kind of diagnostic it is: its stable code, explained by `rulebook explain`.
    pub code: Code,
    /// What is wrong, in words.
    pub message: String,
    /// Where it is, if it comes from a source text.
    pub span: Option<Span>,
    /// A short label printed under the caret.
    pub label: Option<String>,
    /// Related places and explanations.
    pub notes: Vec<Note>,
    /// A suggestion for fixing it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at a place in the source.
    pub fn error(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: Some(span),
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    /// An error that has no place in a source text (a command-line value, say).
    pub fn plain(code: Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            help: None,
        }
    }

    /// A warning at a place in the source.
    pub fn warning(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, span)
        }
    }

    /// Adds a label under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// Adds a note pointing at a related place.
    pub fn with_note_at(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            span: Some(span),
            message: message.into(),
        });
        self
    }

    /// Adds a note without a place.
    pub fn with_note(mut self, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            span: None,
            message: message.into(),
        });
        self
    }

    /// Adds a suggestion.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds the help "did you mean `x`?" when a known name `x` is close to `unknown`.
    pub fn with_suggestion<'a>(
        mut self,
        unknown: &str,
        known: impl IntoIterator<Item = &'a str>,
    ) -> Diagnostic {
        if let Some(s) = closest(unknown, known) {
            self.help = Some(format!("did you mean `{s}`?"));
        }
        self
    }

    /// True for errors, false for warnings.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The same diagnostic with its places moved into another file (for a diagnostic made
    /// while reading that file alone).
    pub fn in_file(mut self, file: FileId) -> Diagnostic {
        self.span = self.span.map(|s| s.in_file(file));
        for note in &mut self.notes {
            note.span = note.span.map(|s| s.in_file(file));
        }
        self
    }

    /// The order diagnostics are reported in: by file, then by place; those without a
    /// place first.
    pub fn order(&self) -> (FileId, usize) {
        self.span.map_or((FileId::ROOT, 0), |s| (s.file, s.start))
    }
}

/// A source text with the name it is shown under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The name shown in diagnostics: a path, or `<bundled>/name.game`.
    pub name: String,
    /// The text.
    pub text: String,
}

/// At most this many diagnostics are shown in full; the rest are counted.
pub const MAX_SHOWN: usize = 100;

/// Every source file loaded for a game, by [`FileId`], each with an index of where its
/// lines start (so that finding a line and column is a binary search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceMap {
    files: Vec<(Source, Vec<usize>)>,
}

impl SourceMap {
    /// A map holding the file that was asked for, as [`FileId::ROOT`].
    pub fn new(root: Source) -> SourceMap {
        let mut map = SourceMap { files: Vec::new() };
        map.add(root);
        map
    }

    /// Adds a file (one that the others extend) and returns its id.
    pub fn add(&mut self, source: Source) -> FileId {
        let mut lines = vec![0];
        lines.extend(source.text.match_indices('\n').map(|(i, _)| i + 1));
        self.files.push((source, lines));
        FileId(self.files.len() as u32 - 1)
    }

    /// The file that was asked for.
    pub fn root(&self) -> &Source {
        &self.files[0].0
    }

    /// A file by id.
    pub fn get(&self, file: FileId) -> Option<&Source> {
        self.files.get(file.0 as usize).map(|(s, _)| s)
    }

    /// The text a span covers ("" if it lies outside its file).
    pub fn text(&self, span: Span) -> &str {
        self.get(span.file)
            .and_then(|s| s.text.get(span.start..span.end))
            .unwrap_or("")
    }

    /// The file of a span (the root for an unknown id) with its line index.
    fn file(&self, file: FileId) -> &(Source, Vec<usize>) {
        self.files.get(file.0 as usize).unwrap_or(&self.files[0])
    }

    /// 1-based line and column (in characters) of a span's start.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        let (source, lines) = self.file(span.file);
        let offset = floor_char_boundary(&source.text, span.start.min(source.text.len()));
        let line = lines.partition_point(|&start| start <= offset);
        let col = source.text[lines[line - 1]..offset].chars().count() + 1;
        (line, col)
    }

    /// The text of the line holding a span's start, without its line break.
    fn line_text(&self, span: Span) -> &str {
        let (source, lines) = self.file(span.file);
        let offset = floor_char_boundary(&source.text, span.start.min(source.text.len()));
        let line = lines.partition_point(|&start| start <= offset);
        let end = lines.get(line).map_or(source.text.len(), |&next| next - 1);
        source.text[lines[line - 1]..end].trim_end_matches('\r')
    }

    /// Renders diagnostics as text, rustc-style; `color` adds ANSI colours. After
    /// [`MAX_SHOWN`] diagnostics the rest are only counted.
    pub fn render(&self, diagnostics: &[Diagnostic], color: bool) -> String {
        let mut out = String::new();
        for d in diagnostics.iter().take(MAX_SHOWN) {
            self.render_one(&mut out, d, color);
        }
        let rest = diagnostics.get(MAX_SHOWN..).unwrap_or_default();
        if !rest.is_empty() {
            let errors = rest.iter().filter(|d| d.is_error()).count();
            let warnings = rest.len() - errors;
            let mut parts = Vec::new();
            for (n, word) in [(errors, "error"), (warnings, "warning")] {
                if n > 0 {
                    parts.push(format!("{} more {word}{}", thousands(n), plural(n)));
                }
            }
            let _ = writeln!(out, "... and {}\n", parts.join(" and "));
        }
        out
    }

    fn render_one(&self, out: &mut String, d: &Diagnostic, color: bool) {
        let paint = |code: &str, text: &str| {
            if color {
                format!("\x1b[{code}m{text}\x1b[0m")
            } else {
                text.to_string()
            }
        };
        let (word, code) = match d.severity {
            Severity::Error => ("error", "1;31"),
            Severity::Warning => ("warning", "1;33"),
        };
        let head = format!("{word}[{}]", d.code);
        let _ = writeln!(out, "{}: {}", paint(code, &head), paint("1", &d.message));
        // Notes in the root file are shown with their line; the others are named by file,
        // line and column. The main place is shown in whichever file it lies in.
        let at_home = |s: &Span| s.file == FileId::ROOT;
        let gutter = d
            .span
            .iter()
            .chain(
                d.notes
                    .iter()
                    .filter_map(|n| n.span.as_ref())
                    .filter(|s| at_home(s)),
            )
            .map(|s| self.line_col(*s).0.to_string().len())
            .max()
            .unwrap_or(0);
        match d.span {
            Some(span) => self.render_snippet(out, span, d.label.as_deref(), code, color, gutter),
            None if !self.root().name.is_empty() => {
                let _ = writeln!(out, "{:gutter$}--> {}", "", self.root().name);
            }
            None => {}
        }
        // Notes without a place first, rustc-style, under the main snippet; then notes that
        // point elsewhere, each with its own snippet.
        let pad = " ".repeat(gutter + 1);
        if d.span.is_some_and(|s| !at_home(&s)) {
            let _ = writeln!(
                out,
                "{pad}= note: this is in a file that the variant extends"
            );
        }
        for note in &d.notes {
            match note.span {
                None => {
                    let _ = writeln!(out, "{pad}= note: {}", note.message);
                }
                Some(span) if !at_home(&span) => {
                    let (line, col) = self.line_col(span);
                    let name = &self.file(span.file).0.name;
                    let _ = writeln!(
                        out,
                        "{pad}= note: {} (at {name}:{line}:{col})",
                        note.message
                    );
                }
                Some(_) => {}
            }
        }
        if let Some(help) = &d.help {
            let _ = writeln!(out, "{pad}= help: {help}");
        }
        for note in &d.notes {
            if let Some(span) = note.span.filter(at_home) {
                let _ = writeln!(out, "{}: {}", paint("1;34", "note"), note.message);
                self.render_snippet(out, span, None, "1;34", color, gutter);
            }
        }
        out.push('\n');
    }

    fn render_snippet(
        &self,
        out: &mut String,
        span: Span,
        label: Option<&str>,
        code: &str,
        color: bool,
        gutter_width: usize,
    ) {
        let source = &self.file(span.file).0;
        let (line, col) = self.line_col(span);
        let text = self.line_text(span);
        let gutter = " ".repeat(gutter_width.max(line.to_string().len()));
        let line_label = format!("{line:>width$}", width = gutter.len());
        let _ = writeln!(out, "{gutter}--> {}:{line}:{col}", source.name);
        let _ = writeln!(out, "{gutter} |");
        // Very long lines are cut around the span, so that the caret stays on screen.
        let (text, col) = window(text, col);
        let shown: String = text.chars().map(printable).collect();
        let _ = writeln!(out, "{line_label} | {shown}");
        let line_chars = text.chars().count();
        let span_chars = {
            let end = floor_char_boundary(&source.text, span.end.min(source.text.len()));
            let start = floor_char_boundary(&source.text, span.start.min(source.text.len()));
            source.text[start..end.max(start)]
                .split('\n')
                .next()
                .map_or(0, |s| s.chars().count())
        };
        let width = span_chars.clamp(1, (line_chars + 1).saturating_sub(col - 1).max(1));
        let carets = "^".repeat(width);
        let carets = if color {
            format!("\x1b[{code}m{carets}\x1b[0m")
        } else {
            carets
        };
        let pad = " ".repeat(col - 1);
        match label {
            Some(l) => {
                let _ = writeln!(out, "{gutter} | {pad}{carets} {l}");
            }
            None => {
                let _ = writeln!(out, "{gutter} | {pad}{carets}");
            }
        }
    }
}

/// The plural ending of a count: "" for one, "s" otherwise.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A count with commas between thousands: `54,900`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// At most this many characters of a source line are shown.
const SHOWN_LINE: usize = 120;

/// A part of a long line around column `col` (1-based), with the column within that part.
fn window(text: &str, col: usize) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= SHOWN_LINE {
        return (text.to_string(), col);
    }
    let start = col
        .saturating_sub(SHOWN_LINE / 2)
        .min(chars.len().saturating_sub(SHOWN_LINE));
    let end = (start + SHOWN_LINE).min(chars.len());
    let mut shown = String::new();
    let mut offset = 0;
    if start > 0 {
        shown.push_str("...");
        offset = 3;
    }
    shown.extend(&chars[start..end]);
    if end < chars.len() {
        shown.push_str("...");
    }
    (shown, col - start + offset)
}

/// Control characters are shown as spaces so that the caret stays under its column.
fn printable(c: char) -> char {
    if c.is_control() {
        ' '
    } else {
        c
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The known name closest to `unknown`, if any is close enough to be a likely typo.
pub fn closest<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let known: Vec<&str> = known.into_iter().collect();
    // A name begun (`sow` for `sowing-rule`) is the one meant, when only one begins so.
    let begun: Vec<&str> = known
        .iter()
        .copied()
        .filter(|k| unknown.len() >= 2 && k.len() > unknown.len() && k.starts_with(unknown))
        .collect();
    if let [only] = begun[..] {
        return Some(only);
    }
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(unknown, k), k))
        // A third of the letters may differ (one in a short word), but not all of them.
        .filter(|(d, k)| {
            let longer = k.len().max(unknown.len());
            *d <= (longer / 3).max(1) && *d < longer
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_shares_a_letter_with_the_one_it_suggests() {
        assert_eq!(closest("d", ["h", "q"]), None);
        assert_eq!(closest("hlep", ["help", "hint"]), Some("help"));
        assert_eq!(closest("mvoes", ["moves", "mover"]), Some("moves"));
    }

    #[test]
    fn lines_and_columns_come_from_the_line_index() {
        let mut map = SourceMap::new(Source {
            name: "a".into(),
            text: "one\ntwo é\n\nfour".into(),
        });
        let b = map.add(Source {
            name: "b".into(),
            text: "x\ny".into(),
        });
        assert_eq!(map.line_col(Span::new(0, 1)), (1, 1));
        assert_eq!(map.line_col(Span::new(3, 4)), (1, 4));
        assert_eq!(map.line_col(Span::new(4, 5)), (2, 1));
        // "é" is two bytes and one character.
        assert_eq!(map.line_col(Span::new(10, 11)), (2, 6));
        assert_eq!(map.line_col(Span::new(11, 11)), (3, 1));
        assert_eq!(map.line_col(Span::new(12, 12)), (4, 1));
        assert_eq!(
            map.line_col(Span::new(99, 99)),
            (4, 5),
            "clamped to the end"
        );
        assert_eq!(map.line_col(Span::new(2, 3).in_file(b)), (2, 1));
        assert_eq!(map.line_text(Span::new(5, 5)), "two é");
        assert_eq!(map.text(Span::new(0, 1).in_file(b)), "x");
    }

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(54_900), "54,900");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn only_the_first_diagnostics_are_shown_in_full() {
        let map = SourceMap::new(Source {
            name: "f".into(),
            text: "x\n".into(),
        });
        let mut many: Vec<Diagnostic> = (0..MAX_SHOWN + 1200)
            .map(|_| Diagnostic::error(Code::E0101, "bad", Span::new(0, 1)))
            .collect();
        many.push(Diagnostic::warning(Code::W0101, "odd", Span::new(0, 1)));
        let text = map.render(&many, false);
        assert_eq!(text.matches("error[E0101]: bad").count(), MAX_SHOWN);
        assert!(
            text.ends_with("... and 1,200 more errors and 1 more warning\n\n"),
            "{text}"
        );
    }

    #[test]
    fn a_name_begun_is_suggested_before_a_near_one() {
        let names = ["corner", "slide", "sow", "sowing-rule"];
        assert_eq!(closest("sowing", names), Some("sowing-rule"));
        assert_eq!(closest("sl", names), Some("slide"));
        assert_eq!(closest("cornr", names), Some("corner"));
        assert_eq!(closest("s", names), None);
    }
}
