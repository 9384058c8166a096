//! The answers to the requests about open files, each from the transport-free functions
//! ([`crate::ide`], [`super::analysis`]), with the conversions between byte offsets and
//! the protocol's lines and UTF-16 columns.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{self as req, Request as _};
use lsp_types::*;

use super::analysis::{Found, Inherited};
use super::Documents;
use crate::diag::{Severity, Span};
use crate::ide::{self, position, CandidateKind, SymbolKind as Kind};

/// What the server offers, in its reply to `initialize`.
pub(super) fn initialize_result() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            position_encoding: Some(PositionEncodingKind::UTF16),
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            completion_provider: Some(CompletionOptions::default()),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            rename_provider: Some(OneOf::Left(true)),
            document_formatting_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo {
            name: "rulebook".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    }
}

/// The response to a request of an initialized server.
pub(super) fn answer(documents: &Documents, request: Request) -> Response {
    let d = documents;
    match request.method.as_str() {
        req::HoverRequest::METHOD => reply::<req::HoverRequest>(request, |p| hover(d, p)),
        req::Completion::METHOD => reply::<req::Completion>(request, |p| completion(d, p)),
        req::GotoDefinition::METHOD => reply::<req::GotoDefinition>(request, |p| definition(d, p)),
        req::References::METHOD => reply::<req::References>(request, |p| references(d, p)),
        req::Rename::METHOD => reply::<req::Rename>(request, |p| rename(d, p)),
        req::Formatting::METHOD => reply::<req::Formatting>(request, |p| formatting(d, p)),
        req::DocumentSymbolRequest::METHOD => {
            reply::<req::DocumentSymbolRequest>(request, |p| outline(d, p))
        }
        req::CodeActionRequest::METHOD => reply::<req::CodeActionRequest>(request, |p| fixes(d, p)),
        _ => Response::new_err(
            request.id,
            ErrorCode::MethodNotFound as i32,
            format!("unknown method `{}`", request.method),
        ),
    }
}

/// A request's response: its parameters read as `R`'s, then answered by `f`; an error
/// for parameters that are not `R`'s, or from `f`.
fn reply<R: req::Request>(
    request: Request,
    f: impl FnOnce(R::Params) -> Result<R::Result, String>,
) -> Response {
    let answer = serde_json::from_value::<R::Params>(request.params)
        .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
        .and_then(|p| f(p).map_err(|why| (ErrorCode::RequestFailed, why)));
    match answer {
        Ok(result) => Response::new_ok(request.id, result),
        Err((code, why)) => Response::new_err(request.id, code as i32, why),
    }
}

/// An open file's text and the byte offset of a position in it.
fn at<'a>(
    documents: &'a Documents,
    p: &TextDocumentPositionParams,
) -> Result<(&'a str, usize), String> {
    let text = text(documents, &p.text_document.uri)?;
    let offset = position::offset(text, p.position.line, p.position.character);
    Ok((text, offset))
}

/// The inherited name at a position of an open file, with the word's span: a word the file
/// does not declare itself but a file it extends does.
fn inherited_at<'a>(
    documents: &'a Documents,
    p: &TextDocumentPositionParams,
) -> Option<(&'a Inherited, Span)> {
    let (text, offset) = at(documents, p).ok()?;
    if ide::symbol_at(text, offset).is_some() {
        return None;
    }
    let (start, end) = ide::word_at(text, offset)?;
    let document = documents.get(p.text_document.uri.as_str())?;
    (document.inherited.iter())
        .find(|i| i.symbol.name == text[start..end])
        .map(|i| (i, Span::new(start, end)))
}

/// An open file's text.
fn text<'a>(documents: &'a Documents, uri: &Uri) -> Result<&'a str, String> {
    (documents.get(uri.as_str()))
        .map(|d| d.text.as_str())
        .ok_or_else(|| format!("`{}` is not open", uri.as_str()))
}

/// The range of a byte span of a text.
fn range(text: &str, start: usize, end: usize) -> Range {
    let (line, character) = position::line_col(text, start);
    let (end_line, end_character) = position::line_col(text, end);
    Range::new(
        Position::new(line, character),
        Position::new(end_line, end_character),
    )
}

/// The range of a span of a text.
fn span_range(text: &str, span: Span) -> Range {
    range(text, span.start, span.end)
}

/// A diagnostic in the protocol's terms.
pub(super) fn diagnostic(text: &str, found: &Found) -> Diagnostic {
    let severity = match found.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
    };
    Diagnostic {
        range: range(text, found.start, found.end),
        severity: Some(severity),
        code: Some(NumberOrString::String(found.code.to_string())),
        source: Some("rulebook".into()),
        message: found.message.clone(),
        ..Diagnostic::default()
    }
}

/// The name a file is loaded under: its path for a `file:` URI (the files it extends are
/// found from its folder), else the URI itself.
pub(super) fn file_name(uri: &Uri) -> String {
    let Some(rest) = uri.as_str().strip_prefix("file://") else {
        return uri.as_str().to_string();
    };
    let path = &rest[rest.find('/').unwrap_or(rest.len())..];
    percent_decoded(path)
}

/// A URI's path with its `%XX` escapes decoded (an invalid escape kept as it is).
fn percent_decoded(path: &str) -> String {
    let b = path.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) if b[i] == b'%' => {
                out.push(byte);
                i += 3;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A file's text after the changes of a `didChange`: each a whole new text, or a range
/// replaced.
pub(super) fn apply_changes(text: &str, changes: Vec<TextDocumentContentChangeEvent>) -> String {
    let mut text = text.to_string();
    for change in changes {
        match change.range {
            None => text = change.text,
            Some(r) => {
                let start = position::offset(&text, r.start.line, r.start.character);
                let end = position::offset(&text, r.end.line, r.end.character).max(start);
                text.replace_range(start..end, &change.text);
            }
        }
    }
    text
}

fn hover(documents: &Documents, p: HoverParams) -> Result<Option<Hover>, String> {
    let (text, offset) = at(documents, &p.text_document_position_params)?;
    let inherited = inherited_at(documents, &p.text_document_position_params)
        .map(|(i, span)| (i.help.clone(), span));
    Ok(inherited
        .or_else(|| ide::hover(text, offset))
        .map(|(help, span)| Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: help,
            }),
            range: Some(span_range(text, span)),
        }))
}

fn completion(
    documents: &Documents,
    p: CompletionParams,
) -> Result<Option<CompletionResponse>, String> {
    let (text, offset) = at(documents, &p.text_document_position)?;
    let inherited: Vec<ide::Symbol> = (documents
        .get(p.text_document_position.text_document.uri.as_str()))
    .map(|d| d.inherited.iter().map(|i| i.symbol.clone()).collect())
    .unwrap_or_default();
    let items = (ide::complete(text, offset, &inherited).into_iter())
        .map(|c| CompletionItem {
            kind: Some(match c.kind {
                CandidateKind::Keyword => CompletionItemKind::KEYWORD,
                CandidateKind::Builtin => CompletionItemKind::FUNCTION,
                CandidateKind::Value => CompletionItemKind::CONSTANT,
                CandidateKind::Name(k) => completion_kind(k),
            }),
            label: c.label,
            detail: Some(c.detail),
            ..CompletionItem::default()
        })
        .collect();
    Ok(Some(CompletionResponse::Array(items)))
}

/// How a kind of name is shown in a completion list.
fn completion_kind(kind: Kind) -> CompletionItemKind {
    match kind {
        Kind::Player | Kind::Choice => CompletionItemKind::ENUM_MEMBER,
        Kind::Piece => CompletionItemKind::CLASS,
        Kind::Region | Kind::Path => CompletionItemKind::VARIABLE,
        Kind::Parameter | Kind::Option | Kind::Preset => CompletionItemKind::PROPERTY,
    }
}

fn definition(
    documents: &Documents,
    p: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>, String> {
    let place = p.text_document_position_params;
    let (text, offset) = at(documents, &place)?;
    let uri = &place.text_document.uri;
    if let Some(target) = ide::extends_at(text, offset) {
        let start = Range::default();
        return Ok(extended_uri(uri, &target)
            .map(|file| GotoDefinitionResponse::Scalar(Location::new(file, start))));
    }
    if let Some((i, _)) = inherited_at(documents, &place) {
        let (line, (start, end)) = (i.line, i.columns);
        let range = Range::new(Position::new(line, start), Position::new(line, end));
        return Ok(
            file_uri(&i.file).map(|f| GotoDefinitionResponse::Scalar(Location::new(f, range)))
        );
    }
    let here = |span| Location::new(uri.clone(), span_range(text, span));
    Ok(ide::definition(text, offset).map(|span| GotoDefinitionResponse::Scalar(here(span))))
}

/// The URI of the file an `extends` names, from the folder of a `file:` URI (a path, not a
/// bundled game's name, which is no file of the user's).
fn extended_uri(uri: &Uri, target: &str) -> Option<Uri> {
    if !(target.contains('/') || target.ends_with(".game")) {
        return None;
    }
    let folder = file_name(uri);
    let folder = folder.rsplit_once('/')?.0;
    match target.starts_with('/') {
        true => file_uri(target),
        false => file_uri(&format!("{folder}/{target}")),
    }
}

/// The `file:` URI of an absolute path (none for a relative one, or a bundled game).
fn file_uri(path: &str) -> Option<Uri> {
    if !path.starts_with('/') {
        return None;
    }
    let escaped: String = (path.chars())
        .map(|c| match c {
            ' ' | '%' | '#' | '?' => format!("%{:02X}", c as u32),
            c => c.to_string(),
        })
        .collect();
    format!("file://{escaped}").parse().ok()
}

fn references(documents: &Documents, p: ReferenceParams) -> Result<Option<Vec<Location>>, String> {
    let (text, offset) = at(documents, &p.text_document_position)?;
    let uri = p.text_document_position.text_document.uri;
    let declared = ide::definition(text, offset);
    let places = (ide::references(text, offset).into_iter())
        .filter(|s| p.context.include_declaration || Some(*s) != declared)
        .map(|s| Location::new(uri.clone(), span_range(text, s)))
        .collect();
    Ok(Some(places))
}

fn rename(documents: &Documents, p: RenameParams) -> Result<Option<WorkspaceEdit>, String> {
    let (text, offset) = at(documents, &p.text_document_position)?;
    let new = p.new_name;
    if ide::words(&new) != [(0, new.len())] {
        return Err(format!("`{new}` is not a name"));
    }
    let edits: Vec<TextEdit> = (ide::references(text, offset).into_iter())
        .map(|s| TextEdit::new(span_range(text, s), new.clone()))
        .collect();
    if edits.is_empty() {
        return Err("there is no declared name here".into());
    }
    let uri = p.text_document_position.text_document.uri;
    Ok(Some(WorkspaceEdit::new(HashMap::from([(uri, edits)]))))
}

/// The file in the canonical layout, as one edit; no edit for a file in it already, or one
/// that does not parse (its error is among its diagnostics).
fn formatting(
    documents: &Documents,
    p: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>, String> {
    let text = text(documents, &p.text_document.uri)?;
    Ok(Some(match crate::syntax::format(text) {
        Ok(formatted) if formatted != text => {
            vec![TextEdit::new(range(text, 0, text.len()), formatted)]
        }
        _ => Vec::new(),
    }))
}

/// The declared names, as the file's outline.
fn outline(
    documents: &Documents,
    p: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>, String> {
    let text = text(documents, &p.text_document.uri)?;
    let Some(file) = ide::parse_lenient(text, 0) else {
        return Ok(None);
    };
    #[allow(deprecated)] // `deprecated` is a field every DocumentSymbol must give.
    let symbols = (ide::declarations(&file).into_iter())
        .map(|s| DocumentSymbol {
            detail: Some(s.kind.describe().into()),
            kind: match s.kind {
                Kind::Player | Kind::Choice => lsp_types::SymbolKind::ENUM_MEMBER,
                Kind::Piece => lsp_types::SymbolKind::CLASS,
                Kind::Region | Kind::Path => lsp_types::SymbolKind::VARIABLE,
                Kind::Parameter | Kind::Option | Kind::Preset => lsp_types::SymbolKind::PROPERTY,
            },
            name: s.name,
            tags: None,
            deprecated: None,
            range: span_range(text, s.statement),
            selection_range: span_range(text, s.span),
            children: None,
        })
        .collect();
    Ok(Some(DocumentSymbolResponse::Nested(symbols)))
}

/// The did-you-mean fixes of the diagnostics in the range asked about whose place is one
/// word: each replaces the unknown name with the name suggested.
fn fixes(documents: &Documents, p: CodeActionParams) -> Result<Option<CodeActionResponse>, String> {
    let uri = p.text_document.uri;
    let doc = documents
        .get(uri.as_str())
        .ok_or_else(|| format!("`{}` is not open", uri.as_str()))?;
    let text = doc.text.as_str();
    let start = position::offset(text, p.range.start.line, p.range.start.character);
    let end = position::offset(text, p.range.end.line, p.range.end.character);
    let actions = (doc.found.iter())
        .filter(|f| f.start <= end && start <= f.end)
        .filter(|f| {
            let word = text.get(f.start..f.end).unwrap_or_default();
            !word.is_empty() && ide::words(word) == [(0, word.len())]
        })
        .filter_map(|f| {
            let name = f.suggestion.clone()?;
            let edit = TextEdit::new(range(text, f.start, f.end), name.clone());
            Some(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Replace with `{name}`"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(text, f)]),
                edit: Some(WorkspaceEdit::new(HashMap::from([(
                    uri.clone(),
                    vec![edit],
                )]))),
                is_preferred: Some(true),
                ..CodeAction::default()
            }))
        })
        .collect();
    Ok(Some(actions))
}
