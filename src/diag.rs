//! Diagnostics: errors and warnings about a rule file, rendered rustc-style with the file
//! name, line and column, the source line and a caret under the offending span.

use std::fmt::Write as _;

/// A byte range in a source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte of the range.
    pub start: usize,
    /// One past the last byte of the range.
    pub end: usize,
}

impl Span {
    /// The range `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
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
    /// The source `span` points into when it is not the file being reported (a file that
    /// the reported one extends); `None` for the reported file itself.
    pub elsewhere: Option<Box<Source>>,
}

impl Diagnostic {
    /// An error at a place in the source.
    pub fn error(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            label: None,
            notes: Vec::new(),
            help: None,
            elsewhere: None,
        }
    }

    /// An error that has no place in a source text (a command-line value, say).
    pub fn plain(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            help: None,
            elsewhere: None,
        }
    }

    /// A warning at a place in the source.
    pub fn warning(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message, span)
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
}

/// A source text with the name it is shown under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The name shown in diagnostics: a path, or `<bundled>/name.game`.
    pub name: String,
    /// The text.
    pub text: String,
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The text of the line holding a byte offset, without its line break.
    fn line_text(&self, offset: usize) -> &str {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i);
        self.text[start..end].trim_end_matches('\r')
    }

    /// Renders diagnostics as text, rustc-style; `color` adds ANSI colours.
    pub fn render(&self, diagnostics: &[Diagnostic], color: bool) -> String {
        let mut out = String::new();
        for d in diagnostics {
            self.render_one(&mut out, d, color);
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
        let _ = writeln!(out, "{}: {}", paint(code, word), paint("1", &d.message));
        // The main place may lie in another file (one this file extends).
        let home = d.elsewhere.as_deref().unwrap_or(self);
        let gutter = d
            .span
            .iter()
            .map(|s| home.line_col(s.start).0.to_string().len())
            .chain(
                d.notes
                    .iter()
                    .filter_map(|n| n.span.as_ref())
                    .map(|s| self.line_col(s.start).0.to_string().len()),
            )
            .max()
            .unwrap_or(0);
        match d.span {
            Some(span) => home.render_snippet(out, span, d.label.as_deref(), code, color, gutter),
            None if !self.name.is_empty() => {
                let _ = writeln!(out, "{:gutter$}--> {}", "", self.name);
            }
            None => {}
        }
        // Notes without a place first, rustc-style, under the main snippet; then notes that
        // point elsewhere, each with its own snippet.
        let pad = " ".repeat(gutter + 1);
        for note in d.notes.iter().filter(|n| n.span.is_none()) {
            let _ = writeln!(out, "{pad}= note: {}", note.message);
        }
        if let Some(help) = &d.help {
            let _ = writeln!(out, "{pad}= help: {help}");
        }
        for note in &d.notes {
            if let Some(span) = note.span {
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
        let (line, col) = self.line_col(span.start);
        let text = self.line_text(span.start);
        let gutter = " ".repeat(gutter_width.max(line.to_string().len()));
        let line_label = format!("{line:>width$}", width = gutter.len());
        let _ = writeln!(out, "{gutter}--> {}:{line}:{col}", self.name);
        let _ = writeln!(out, "{gutter} |");
        // Very long lines are cut around the span, so that the caret stays on screen.
        let (text, col) = window(text, col);
        let shown: String = text.chars().map(printable).collect();
        let _ = writeln!(out, "{line_label} | {shown}");
        let line_chars = text.chars().count();
        let span_chars = {
            let end = floor_char_boundary(&self.text, span.end.min(self.text.len()));
            let start = floor_char_boundary(&self.text, span.start.min(self.text.len()));
            self.text[start..end.max(start)]
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
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(unknown, k), k))
        .filter(|(d, k)| *d <= (k.len().max(unknown.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}
