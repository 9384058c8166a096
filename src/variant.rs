//! Variants: a rule file that begins with `extends "NAME"` (a bundled name, or a path from
//! its own folder) is the extended file with changes. Its statements are laid over the
//! extended file's: `game`, `players`, `board` and `edges` replace the extended file's, and
//! so does a `hand` of the same player; a `parameter`, `option` or `preset` replaces the one
//! of the same name (or adds one); every other statement is added; `remove STATEMENT` drops the extended file's statement written
//! the same way (comments and spacing aside). Files may extend variants in turn.
//!
//! The extended files are parsed at byte offsets past the variant's own text, so every
//! span in the merged syntax tree says which file it belongs to; [`Inherited::localize`]
//! moves a diagnostic about an extended file into that file (`Diagnostic::elsewhere`), so
//! that it is shown there with its line, column and caret.

use std::path::Path;

use crate::diag::{Diagnostic, Source, Span};
use crate::pipeline::{read_source, LoadError};
use crate::syntax::ast::{File, Statement, StatementKind};
use crate::syntax::{parse, MAX_SOURCE_BYTES};

/// The most files in a chain of `extends` (the variant included).
pub const MAX_CHAIN: usize = 16;

/// The extended files of a variant, for placing diagnostics.
#[derive(Clone, Debug, Default)]
pub struct Inherited {
    /// Where the extended files begin: offsets at or past this belong to one of them.
    own_len: usize,
    /// Each extended file with the offset its text was parsed at, nearest first.
    files: Vec<(usize, Source)>,
}

impl Inherited {
    /// The extended file a merged-tree offset lies in, with the offset its text starts
    /// at; `None` when the offset lies in the variant's own text.
    fn file_of(&self, offset: usize) -> Option<&(usize, Source)> {
        if offset < self.own_len {
            return None;
        }
        self.files.iter().rev().find(|(start, _)| offset >= *start)
    }

    /// Rewrites diagnostics whose places lie in an extended file: the main place is shown
    /// in that file (with its name, line, column and a caret), and a note that points
    /// there names the file, line and column; places in the variant itself are kept.
    pub fn localize(&self, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        if self.files.is_empty() {
            return diagnostics;
        }
        diagnostics
            .into_iter()
            .map(|mut d| {
                if let Some(span) = d.span {
                    if let Some((start, source)) = self.file_of(span.start) {
                        d.span = Some(Span::new(span.start - start, span.end - start));
                        d.elsewhere = Some(Box::new(source.clone()));
                        d.notes.insert(
                            0,
                            crate::diag::Note {
                                span: None,
                                message: "this is in a file that the variant extends".into(),
                            },
                        );
                    }
                }
                for n in &mut d.notes {
                    let Some(span) = n.span else { continue };
                    if let Some((start, source)) = self.file_of(span.start) {
                        let (line, col) = source.line_col(span.start - start);
                        n.span = None;
                        n.message = format!("{} (at {}:{line}:{col})", n.message, source.name);
                    }
                }
                d
            })
            .collect()
    }
}

/// What [`resolve`] gives: the merged syntax tree, the extended files, and the errors found
/// while merging (`remove` statements that match nothing), to be reported with the
/// checker's.
pub type Resolved = (File, Inherited, Vec<Diagnostic>);

/// Parses a rule file and, if it extends another, loads the chain and merges it into one
/// syntax tree. Errors about the variant point into it; errors in an extended file are
/// placed by [`Inherited::localize`]. An extended file that cannot be loaded, or a cycle,
/// is an error here.
pub fn resolve(source: &Source) -> Result<Resolved, LoadError> {
    let fail = |diagnostics: Vec<Diagnostic>, inherited: &Inherited| LoadError {
        source: Some(source.clone()),
        diagnostics: inherited.localize(diagnostics),
    };
    let own = parse(&source.text).map_err(|d| fail(vec![d], &Inherited::default()))?;
    if own.extends.is_none() {
        return Ok((own, Inherited::default(), Vec::new()));
    }
    let mut inherited = Inherited {
        own_len: source.text.len() + 1,
        files: Vec::new(),
    };
    // The chain, nearest first: each file's tree, name and identity (for cycles).
    let mut chain: Vec<File> = vec![own];
    let mut seen: Vec<String> = vec![identity(&source.name)];
    let mut names: Vec<String> = vec![source.name.clone()];
    let mut offset = inherited.own_len;
    let own_extends = own_span(&chain);
    while let Some((target, span)) = chain.last().and_then(|f| f.extends.clone()) {
        let naming = names.last().cloned().unwrap_or_default();
        let path = target_path(&naming, &target);
        let parent = match read_source(&path) {
            Ok(s) => s,
            Err(e) => {
                let why: Vec<String> = e.diagnostics.iter().map(|d| d.message.clone()).collect();
                let d = Diagnostic::error(
                    format!("cannot load `{target}`, the file this one extends"),
                    span,
                )
                .with_label("extended here")
                .with_note(why.join("; "));
                return Err(fail(vec![d], &inherited));
            }
        };
        let id = identity(&parent.name);
        if let Some(i) = seen.iter().position(|s| *s == id) {
            let mut cycle: Vec<&str> = names[i..].iter().map(String::as_str).collect();
            cycle.push(&parent.name);
            let d = Diagnostic::error("these files extend each other in a cycle", own_extends)
                .with_label("extended here")
                .with_note(cycle.join(" extends "));
            return Err(fail(vec![d], &inherited));
        }
        if chain.len() >= MAX_CHAIN || offset + parent.text.len() > MAX_SOURCE_BYTES {
            let d = Diagnostic::error(
                format!(
                    "the chain of extended files is too long (at most {MAX_CHAIN} files, {MAX_SOURCE_BYTES} bytes in all)"
                ),
                span,
            );
            return Err(fail(vec![d], &inherited));
        }
        // Parsed past the texts before it, so that its spans are its own.
        let padded = format!("{}{}", " ".repeat(offset), parent.text);
        inherited.files.push((offset, parent.clone()));
        offset += parent.text.len() + 1;
        let file = parse(&padded).map_err(|d| fail(vec![d], &inherited))?;
        seen.push(id);
        names.push(parent.name);
        chain.push(file);
    }
    // Lay each file over the one it extends, from the farthest down to the variant.
    let texts = Texts {
        own: &source.text,
        inherited: &inherited,
    };
    let mut merged: Vec<Statement> = Vec::new();
    let mut errors = Vec::new();
    for file in chain.into_iter().rev() {
        for r in &file.removals {
            let wanted = normalize(texts.of(r.span));
            match merged
                .iter()
                .position(|s| normalize(texts.of(s.span)) == wanted)
            {
                Some(i) => {
                    merged.remove(i);
                }
                None => {
                    let keyword = wanted.split(' ').next().unwrap_or("");
                    let candidates: Vec<String> = merged
                        .iter()
                        .map(|s| texts.of(s.span))
                        .filter(|t| normalize(t).split(' ').next() == Some(keyword))
                        .map(shown)
                        .collect();
                    let mut d = Diagnostic::error(
                        "the extended file has no statement written like this",
                        r.span,
                    )
                    .with_label("nothing to remove");
                    d = match candidates.is_empty() {
                        true => d.with_note(format!("it has no `{keyword}` statement")),
                        false => d.with_note(format!(
                            "its `{keyword}` statements read: {}",
                            candidates.join(" | ")
                        )),
                    };
                    errors.push(d);
                }
            }
        }
        // A statement replaces one of the files it extends, never one of its own file
        // (two of those are a duplicate, for the checker to report).
        let mut own = vec![false; merged.len()];
        for s in file.statements {
            let replaced = merged
                .iter()
                .zip(&own)
                .position(|(m, own)| !own && replaces(&s.kind, &m.kind));
            if let StatementKind::Preset {
                is_default: true, ..
            } = s.kind
            {
                for m in &mut merged {
                    if let StatementKind::Preset { is_default, .. } = &mut m.kind {
                        *is_default = false;
                    }
                }
            }
            match replaced {
                Some(i) => {
                    merged[i] = s;
                    own[i] = true;
                }
                None => {
                    merged.push(s);
                    own.push(true);
                }
            }
        }
    }
    Ok((
        File {
            statements: merged,
            extends: None,
            removals: Vec::new(),
        },
        inherited,
        errors,
    ))
}

/// The span of the variant's own `extends` statement.
fn own_span(chain: &[File]) -> Span {
    chain
        .first()
        .and_then(|f| f.extends.as_ref())
        .map_or(Span::default(), |(_, s)| *s)
}

/// A statement's text as shown in a note: without comments, on one line.
fn shown(text: &str) -> String {
    let code: Vec<&str> = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    format!("`{}`", code.join(" "))
}

/// Whether a variant's statement takes the place of an extended file's.
fn replaces(new: &StatementKind, old: &StatementKind) -> bool {
    use StatementKind as K;
    match (new, old) {
        (K::Game(_), K::Game(_))
        | (K::Players(_), K::Players(_))
        | (K::Board(_), K::Board(_))
        | (K::Edges(_), K::Edges(_)) => true,
        (K::Hand { player: a, .. }, K::Hand { player: b, .. }) => a.text == b.text,
        (
            K::Parameter { name: a, .. } | K::Option { name: a, .. },
            K::Parameter { name: b, .. },
        )
        | (K::Parameter { name: a, .. } | K::Option { name: a, .. }, K::Option { name: b, .. }) => {
            a.text == b.text
        }
        (K::Preset { name: a, .. }, K::Preset { name: b, .. }) => a.text == b.text,
        _ => false,
    }
}

/// The texts of the merged tree's files, by span.
struct Texts<'a> {
    own: &'a str,
    inherited: &'a Inherited,
}

impl Texts<'_> {
    fn of(&self, span: Span) -> &str {
        if span.start < self.inherited.own_len {
            return self.own.get(span.start..span.end).unwrap_or("");
        }
        self.inherited
            .files
            .iter()
            .rev()
            .find(|(start, _)| span.start >= *start)
            .and_then(|(start, s)| s.text.get(span.start - start..span.end - start))
            .unwrap_or("")
    }
}

/// A statement's text without comments, as words and single punctuation marks separated by
/// one space, so that spacing and line breaks do not matter when matching `remove`.
fn normalize(text: &str) -> String {
    let mut tokens: Vec<String> = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut word = String::new();
        for c in code.chars() {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                word.push(c);
                continue;
            }
            if !word.is_empty() {
                tokens.push(std::mem::take(&mut word));
            }
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
        }
        if !word.is_empty() {
            tokens.push(word);
        }
    }
    tokens.join(" ")
}

/// Where the file named `target` is, for a file named `naming`: a bundled name as it is, a
/// path from the naming file's folder. A bundled file's folder is the bundled games, so its
/// `extends "other.game"` names the bundled `other`.
fn target_path(naming: &str, target: &str) -> String {
    let is_path = target.contains('/') || target.contains('\\') || target.ends_with(".game");
    if naming.starts_with("<bundled>") && is_path {
        let stem = Path::new(target).file_stem().map(|s| s.to_string_lossy());
        if let Some(b) = stem.and_then(|s| crate::catalog::bundled(&s)) {
            return b.name.to_string();
        }
    }
    if !is_path || Path::new(target).is_absolute() {
        return target.to_string();
    }
    let folder = Path::new(naming).parent().unwrap_or(Path::new(""));
    folder.join(target).to_string_lossy().into_owned()
}

/// A file's identity for finding cycles: its canonical path, or its bundled name.
fn identity(name: &str) -> String {
    std::fs::canonicalize(name).map_or_else(|_| name.to_string(), |p| p.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_ignores_spacing_and_comments() {
        assert_eq!(
            normalize("move jump  orthogonal // x\n  when a and pieces( mover )==1"),
            normalize("move jump orthogonal when a and pieces(mover) == 1")
        );
        assert_ne!(
            normalize("move slide orthogonal"),
            normalize("move slide diagonal")
        );
    }
}
