//! The names a rule file declares: players, kinds of piece, regions, parameters, options
//! (and their choices), presets and paths, each with the place of its declaration.

use crate::diag::Span;
use crate::syntax::ast::{File, Name, StatementKind};

/// What a declared name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A player of `players`.
    Player,
    /// A kind of piece of `piece`.
    Piece,
    /// A `region`.
    Region,
    /// A `parameter`.
    Parameter,
    /// An `option`.
    Option,
    /// One of an option's choices.
    Choice,
    /// A `preset`.
    Preset,
    /// A `path`.
    Path,
}

impl SymbolKind {
    /// The kind in words: `kind of piece`, `region`, ...
    pub fn describe(self) -> &'static str {
        match self {
            SymbolKind::Player => "player",
            SymbolKind::Piece => "kind of piece",
            SymbolKind::Region => "region",
            SymbolKind::Parameter => "parameter",
            SymbolKind::Option => "option",
            SymbolKind::Choice => "choice of an option",
            SymbolKind::Preset => "preset",
            SymbolKind::Path => "path",
        }
    }
}

/// A declared name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// The name.
    pub name: String,
    /// What it stands for.
    pub kind: SymbolKind,
    /// Where the name stands in its declaration.
    pub span: Span,
    /// The whole declaring statement.
    pub statement: Span,
}

/// Every name the file declares, in source order.
pub fn declarations(file: &File) -> Vec<Symbol> {
    let mut out = Vec::new();
    for s in &file.statements {
        let mut add = |name: &Name, kind: SymbolKind| {
            out.push(Symbol {
                name: name.text.clone(),
                kind,
                span: name.span,
                statement: s.span,
            });
        };
        match &s.kind {
            StatementKind::Players(names) => names.iter().for_each(|n| add(n, SymbolKind::Player)),
            StatementKind::Pieces(kinds) => {
                (kinds.iter()).for_each(|k| add(&k.name, SymbolKind::Piece))
            }
            StatementKind::Region { name, .. } => add(name, SymbolKind::Region),
            StatementKind::Parameter { name, .. } => add(name, SymbolKind::Parameter),
            StatementKind::Preset { name, .. } => add(name, SymbolKind::Preset),
            StatementKind::Path { name, .. } => add(name, SymbolKind::Path),
            StatementKind::Option { name, choices, .. } => {
                add(name, SymbolKind::Option);
                for c in choices.iter().flatten() {
                    add(c, SymbolKind::Choice);
                }
            }
            _ => {}
        }
    }
    out
}
