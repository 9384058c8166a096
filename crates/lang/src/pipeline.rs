//! Loading a game: source text -> parse -> check -> compile, the one path every face
//! (CLI, tests, later the REPL) uses.

use crate::diag::Code;
use std::sync::Arc;

use crate::catalog::{bundled, BUNDLED};
use crate::check::{check, Description};
use crate::compile::{compile, Settings};
use crate::diag::{Diagnostic, FileId, Source, SourceMap, Span};
use crate::syntax::MAX_SOURCE_BYTES;
use crate::variant::{resolve, Loader};
use rulebook_model::Game;

/// Why a game could not be loaded: diagnostics about a source (or about the command line).
#[derive(Debug)]
pub struct LoadError {
    /// The files the diagnostics point into, if any.
    pub sources: Option<SourceMap>,
    /// What went wrong.
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadError {
    fn plain(d: Diagnostic) -> LoadError {
        LoadError {
            sources: None,
            diagnostics: vec![d],
        }
    }

    /// The errors as text (rustc-style when they point into a source).
    pub fn render(&self, color: bool) -> String {
        match &self.sources {
            Some(s) => s.render(&self.diagnostics, color),
            None => SourceMap::new(Source {
                name: String::new(),
                text: String::new(),
            })
            .render(&self.diagnostics, color),
        }
    }
}

/// A checked rule file with its source and warnings.
#[derive(Debug)]
pub struct Described {
    /// The rule file (as the root) and the files it extends, for showing diagnostics.
    pub sources: SourceMap,
    /// The checked description.
    pub description: Description,
    /// Warnings (the file has no errors).
    pub warnings: Vec<Diagnostic>,
}

/// Whether `game` is read as a rule file's path rather than a bundled game's name: it
/// looks like a path (a `/`, a `\\`, or ending in `.game`), or it names no bundled game.
pub fn names_a_file(game: &str) -> bool {
    looks_like_path(game) || bundled(game).is_none()
}

fn looks_like_path(game: &str) -> bool {
    game.contains('/') || game.contains('\\') || game.ends_with(".game")
}

/// Reads a game's source: a bundled name, or a path to a `.game` file.
pub fn read_source(game: &str) -> Result<Source, LoadError> {
    if !looks_like_path(game) {
        if let Some(b) = bundled(game) {
            return Ok(Source {
                name: format!("<bundled>/{}.game", b.name),
                text: b.text.to_string(),
            });
        }
        if !std::path::Path::new(game).is_file() {
            let names: Vec<&str> = BUNDLED.iter().map(|b| b.name).collect();
            let mut d = Diagnostic::plain(Code::E0201, format!("unknown game `{game}`"))
                .with_note(format!("the bundled games are: {}", names.join(", ")));
            d = d.with_suggestion(game, names.iter().copied());
            if d.help.is_none() {
                d = d.with_help("to load a rule file, give its path (e.g. `./my-game.game`)");
            }
            return Err(LoadError::plain(d));
        }
    }
    read_file(std::path::Path::new(game))
}

/// Reads the rule file at `path` (never a bundled game), shown under the path as given:
/// refused if it is not UTF-8 text, and without the byte-order mark some editors write
/// first.
pub fn read_file(path: &std::path::Path) -> Result<Source, LoadError> {
    let fail = |msg: String| LoadError::plain(Diagnostic::plain(Code::E0202, msg));
    let bytes =
        crate::files::read_bounded(path, MAX_SOURCE_BYTES as u64, crate::files::Kind::RuleFile)
            .map_err(fail)?;
    let name = path.display().to_string();
    if let Some(i) = bytes.iter().position(|&b| b == 0) {
        let text = String::from_utf8_lossy(&bytes[..i]).into_owned();
        let at = text.len();
        let d = Diagnostic::error(
            Code::E0203,
            "this is not a text file (it holds a NUL byte)",
            Span::new(at, at),
        );
        return Err(LoadError {
            sources: Some(SourceMap::new(Source { name, text })),
            diagnostics: vec![d],
        });
    }
    match String::from_utf8(bytes) {
        // A byte-order mark some editors write first is not part of the rules.
        Ok(text) => Ok(Source {
            name,
            text: match text.strip_prefix('\u{feff}') {
                Some(rest) => rest.to_string(),
                None => text,
            },
        }),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(&e.into_bytes()[..valid]).into_owned();
            let source = Source { name, text };
            let d = Diagnostic::error(
                Code::E0204,
                "this file is not UTF-8 text (an invalid byte follows)",
                Span::new(valid, valid),
            );
            Err(LoadError {
                sources: Some(SourceMap::new(source)),
                diagnostics: vec![d],
            })
        }
    }
}

/// The files that variants extend: a bundled name, or a path from the extending file's
/// folder, read as [`read_source`] reads them.
struct Files;

impl Loader for Files {
    fn load(&self, naming: &str, target: &str) -> Result<Source, String> {
        read_source(&target_path(naming, target)).map_err(|e| {
            let why: Vec<String> = e.diagnostics.iter().map(|d| d.message.clone()).collect();
            why.join("; ")
        })
    }

    /// A file's canonical path, or its bundled name.
    fn identity(&self, name: &str) -> String {
        std::fs::canonicalize(name).map_or_else(|_| name.to_string(), |p| p.display().to_string())
    }
}

/// Where the file named `target` is, for a file named `naming`: a bundled name as it is, a
/// path from the naming file's folder. A bundled file's folder is the bundled games, so its
/// `extends "other.game"` names the bundled `other`.
fn target_path(naming: &str, target: &str) -> String {
    let is_path = target.contains('/') || target.contains('\\') || target.ends_with(".game");
    if naming.starts_with("<bundled>") && is_path {
        let stem = std::path::Path::new(target)
            .file_stem()
            .map(|s| s.to_string_lossy());
        if let Some(b) = stem.and_then(|s| crate::catalog::bundled(&s)) {
            return b.name.to_string();
        }
    }
    if !is_path || std::path::Path::new(target).is_absolute() {
        return target.to_string();
    }
    let folder = std::path::Path::new(naming)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    folder.join(target).to_string_lossy().into_owned()
}

/// Parses a source and merges the files it extends into one syntax tree (not checked):
/// for an editor, which wants to know what names a variant inherits.
pub fn merged(source: Source) -> Result<crate::variant::Resolved, LoadError> {
    resolve(source, &Files).map_err(|u| LoadError {
        sources: Some(u.sources),
        diagnostics: u.diagnostics,
    })
}

/// Parses and checks a source (with the files it extends, if it is a variant).
pub fn describe(source: Source) -> Result<Described, LoadError> {
    describe_merged(merged(source)?)
}

/// Checks a rule file merged with the files it extends ([`merged`]), for a caller that
/// reads the merged file too (the language server, which parses a file once an edit).
pub fn describe_merged(resolved: crate::variant::Resolved) -> Result<Described, LoadError> {
    let checked = check(&resolved.file);
    let failed = !resolved.errors.is_empty();
    let mut diagnostics = resolved.errors;
    diagnostics.extend(checked.diagnostics);
    diagnostics.sort_by_key(Diagnostic::order);
    match checked.description.filter(|_| !failed) {
        Some(description) => Ok(Described {
            sources: resolved.sources,
            description,
            warnings: diagnostics,
        }),
        None => Err(LoadError {
            sources: Some(resolved.sources),
            diagnostics,
        }),
    }
}

/// The names of a game's presets (a bundled name or a path), read from its rule file; none
/// if it does not read.
pub fn preset_names(game: &str) -> Vec<String> {
    read_source(game)
        .and_then(describe)
        .map(|d| {
            d.description
                .settings
                .presets
                .iter()
                .map(|p| p.name.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// Compiles a described game with a preset and `key=value` settings.
pub fn build(
    described: &Described,
    preset: Option<&str>,
    sets: &[String],
) -> Result<Arc<Game>, LoadError> {
    let settings =
        Settings::resolve(&described.description, preset, sets).map_err(LoadError::plain)?;
    compile(&described.description, &settings)
        .map(|mut game| {
            name_rules(&mut game, &described.sources);
            Arc::new(game)
        })
        .map_err(|diagnostics| LoadError {
            sources: Some(described.sources.clone()),
            diagnostics,
        })
}

/// Gives every rule after a move or after sowing, every end condition and every `forbid
/// leaving`, its place (`FILE:LINE`) and its text on one line, from the files it was
/// written in.
fn name_rules(game: &mut Game, sources: &SourceMap) {
    let rules = (game.sources.effects.iter_mut())
        .chain(&mut game.sources.sowing)
        .chain(&mut game.sources.end_conditions)
        .chain(&mut game.sources.forbidden);
    for rule in rules {
        let span = Span {
            start: rule.start,
            end: rule.end,
            file: FileId(rule.file),
        };
        let Some(source) = sources.get(span.file) else {
            continue;
        };
        let file = source.name.rsplit(['/', '\\']).next().unwrap_or("");
        rule.place = format!("{file}:{}", sources.line_col(span).0);
        let text: Vec<&str> = (sources.text(span).lines())
            .map(|line| line.split("//").next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .collect();
        rule.text = text.join(" ");
    }
}

/// Loads a game by bundled name or path, with a preset and settings: the whole pipeline.
pub fn load(game: &str, preset: Option<&str>, sets: &[String]) -> Result<Arc<Game>, LoadError> {
    let described = describe(read_source(game)?)?;
    build(&described, preset, sets)
}

/// Loads a game from rule text (for tests and tools): the whole pipeline.
pub fn load_text(
    name: &str,
    text: &str,
    preset: Option<&str>,
    sets: &[String],
) -> Result<Arc<Game>, LoadError> {
    let described = describe(Source {
        name: name.to_string(),
        text: text.to_string(),
    })?;
    build(&described, preset, sets)
}
