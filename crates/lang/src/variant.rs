//! Variants: a rule file that begins with `extends "NAME"` (a bundled name, or a path from
//! its own folder) is the extended file with changes. Its statements are laid over the
//! extended file's: `game`, `players`, `board` and `edges` replace the extended file's, and
//! so does a `hand` of the same player; a `parameter`, `option` or `preset` replaces the one
//! of the same name (or adds one); every other statement is added; `remove STATEMENT` drops the extended file's statement written
//! the same way (comments and spacing aside). Files may extend variants in turn.
//!
//! Each file is parsed on its own, with its own [`FileId`], so every span of the merged
//! syntax tree says which file it lies in and diagnostics are shown in that file. The files
//! come from a [`Loader`] that the caller passes in (the pipeline reads files and the
//! bundled catalogue); this module only parses and merges.

use crate::diag::Code;
use crate::diag::{Diagnostic, FileId, Source, SourceMap, Span};
use crate::syntax::ast::{File, Statement, StatementKind};
use crate::syntax::{later_syntax_errors, parse_in, MAX_SOURCE_BYTES};

/// The most files in a chain of `extends` (the variant included).
pub const MAX_CHAIN: usize = 16;

/// Where the files that variants extend come from.
pub trait Loader {
    /// The file named `target` in an `extends` of the file named `naming` (a bundled name,
    /// or a path from the naming file's folder), or why it cannot be read, in words.
    fn load(&self, naming: &str, target: &str) -> Result<Source, String>;

    /// What makes two names the same file (to find cycles): a canonical path, say.
    fn identity(&self, name: &str) -> String;
}

/// A rule file with the files it extends merged into one syntax tree.
#[derive(Debug)]
pub struct Resolved {
    /// The merged syntax tree.
    pub file: File,
    /// Every file loaded: the variant as [`FileId::ROOT`], then the files it extends,
    /// nearest first.
    pub sources: SourceMap,
    /// Errors found while merging (`remove` statements that match nothing), to be
    /// reported with the checker's.
    pub errors: Vec<Diagnostic>,
}

/// Why a rule file could not be resolved: the files loaded so far, and the errors.
#[derive(Debug)]
pub struct Unresolved {
    /// The files loaded before the error.
    pub sources: SourceMap,
    /// What went wrong.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses a rule file and, if it extends another, loads the chain through `loader` and
/// merges it into one syntax tree. An extended file that cannot be loaded or parsed, or a
/// cycle, is an error here.
pub fn resolve(source: Source, loader: &dyn Loader) -> Result<Resolved, Unresolved> {
    let own = parse_in(&source.text, FileId::ROOT);
    let mut total = source.text.len() + 1;
    let mut sources = SourceMap::new(source);
    let own = match own {
        Ok(own) => own,
        Err(d) => return Err(unparsed(sources, d)),
    };
    if own.extends.is_none() {
        return Ok(Resolved {
            file: own,
            sources,
            errors: Vec::new(),
        });
    }
    let own_extends = own.extends.as_ref().map_or(Span::default(), |(_, s)| *s);
    // The chain, nearest first: each file's tree and identity (for cycles).
    let mut chain: Vec<File> = vec![own];
    let mut seen: Vec<String> = vec![loader.identity(&sources.root().name)];
    while let Some((target, span)) = chain.last().and_then(|f| f.extends.clone()) {
        let naming = sources
            .get(span.file)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let parent = match loader.load(&naming, &target) {
            Ok(s) => s,
            Err(why) => {
                let d = Diagnostic::error(
                    Code::E0205,
                    format!("cannot load `{target}`, the file this one extends"),
                    span,
                )
                .with_label("extended here")
                .with_note(why);
                return Err(unresolved(sources, d));
            }
        };
        let id = loader.identity(&parent.name);
        if let Some(i) = seen.iter().position(|s| *s == id) {
            let mut cycle: Vec<&str> = (i..chain.len())
                .filter_map(|f| sources.get(FileId(f as u32)))
                .map(|s| s.name.as_str())
                .collect();
            cycle.push(&parent.name);
            let why = "these files extend each other in a cycle";
            let d = Diagnostic::error(Code::E0206, why, own_extends)
                .with_label("extended here")
                .with_note(cycle.join(" extends "));
            return Err(unresolved(sources, d));
        }
        if chain.len() >= MAX_CHAIN || total + parent.text.len() > MAX_SOURCE_BYTES {
            let d = Diagnostic::error(Code::E0207,
                format!(
                    "the chain of extended files is too long (at most {MAX_CHAIN} files, {MAX_SOURCE_BYTES} bytes in all)"
                ),
                span,
            );
            return Err(unresolved(sources, d));
        }
        total += parent.text.len() + 1;
        let parsed = parse_in(&parent.text, FileId(chain.len() as u32));
        sources.add(parent);
        match parsed {
            Ok(file) => chain.push(file),
            Err(d) => return Err(unresolved(sources, d)),
        }
        seen.push(id);
    }
    let (merged, errors) = merge(chain, &sources);
    Ok(Resolved {
        file: File {
            statements: merged,
            extends: None,
            removals: Vec::new(),
        },
        sources,
        errors,
    })
}

/// The file that failed to parse with `d`, and the syntax errors after it.
fn unparsed(sources: SourceMap, d: Diagnostic) -> Unresolved {
    let later = later_syntax_errors(&sources.root().text, &d, FileId::ROOT);
    let mut failed = unresolved(sources, d);
    failed.diagnostics.extend(later);
    failed
}

fn unresolved(sources: SourceMap, d: Diagnostic) -> Unresolved {
    Unresolved {
        sources,
        diagnostics: vec![d],
    }
}

/// Lays each file of a chain (nearest first) over the one it extends, from the farthest
/// down to the variant; returns the statements and the `remove`s that matched nothing.
fn merge(chain: Vec<File>, sources: &SourceMap) -> (Vec<Statement>, Vec<Diagnostic>) {
    // Lay each file over the one it extends, from the farthest down to the variant.
    let mut merged: Vec<Statement> = Vec::new();
    let mut errors = Vec::new();
    for file in chain.into_iter().rev() {
        for r in &file.removals {
            let wanted = normalize(sources.text(r.span));
            match merged
                .iter()
                .position(|s| normalize(sources.text(s.span)) == wanted)
            {
                Some(i) => {
                    merged.remove(i);
                }
                None => {
                    let keyword = wanted.split(' ').next().unwrap_or("");
                    let candidates: Vec<String> = merged
                        .iter()
                        .map(|s| sources.text(s.span))
                        .filter(|t| normalize(t).split(' ').next() == Some(keyword))
                        .map(shown)
                        .collect();
                    let mut d = Diagnostic::error(
                        Code::E0208,
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
    (merged, errors)
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
        (K::Preset { name: a, .. }, K::Preset { name: b, .. })
        | (K::Path { name: a, .. }, K::Path { name: b, .. }) => a.text == b.text,
        _ => false,
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
