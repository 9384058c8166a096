//! The pest parser for `grammar/game.pest` and the lowering of its parse tree to the AST.
//!
//! Every `lower_*` function takes one grammar rule and returns a typed result; a parse tree
//! that does not have the expected shape (which would be a bug in this file after a grammar
//! edit) becomes an error diagnostic, never a panic.

use crate::diag::Code;
use std::sync::{Mutex, OnceLock, PoisonError};

use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;

use super::ast::*;
use crate::diag::{Diagnostic, FileId, Span};

#[derive(pest_derive::Parser)]
#[grammar = "../../../grammar/game.pest"]
struct GameParser;

/// The deepest nesting of parentheses a rule file may have.
pub const MAX_NESTING: usize = 32;

/// The most operands and operators one expression may hold (parentheses included), so that
/// no expression is deep enough to exhaust the stack of any later pass.
pub const MAX_EXPRESSION_TERMS: usize = 200;

/// The largest rule file accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// Parses a rule file into its syntax tree, or returns the syntax error.
pub fn parse(text: &str) -> Result<File, Diagnostic> {
    parse_in(text, FileId::ROOT)
}

/// Parses the text of one loaded file: every span of the tree (and of the error) says
/// that it lies in `file`.
pub fn parse_in(text: &str, file: FileId) -> Result<File, Diagnostic> {
    parse_text(text, file).map_err(|d| d.in_file(file))
}

fn parse_text(text: &str, file_id: FileId) -> Result<File, Diagnostic> {
    lower_file(tree(text)?, file_id)
}

/// The parse tree of a rule file that [`parse`] accepts, for the formatter
/// ([`super::format()`]), which lays out its tokens; the error [`parse`] gives otherwise.
pub(super) fn checked_tree(text: &str) -> Result<Pair<'_, Rule>, Diagnostic> {
    let file = tree(text)?;
    lower_file(file.clone(), FileId::ROOT)?;
    Ok(file)
}

/// The pest parse tree of a rule file (its `file` pair), within the limits of size and
/// nesting, or the syntax error.
fn tree(text: &str) -> Result<Pair<'_, Rule>, Diagnostic> {
    if text.len() > MAX_SOURCE_BYTES {
        return Err(Diagnostic::error(
            Code::E0101,
            format!(
                "the rule file is too large ({} bytes; the limit is {MAX_SOURCE_BYTES})",
                text.len()
            ),
            Span::new(0, 0),
        ));
    }
    check_nesting(text)?;
    let mut pairs = pest_parse(text).map_err(|e| syntax_error(text, e))?;
    pairs.next().ok_or_else(|| internal(Span::new(0, 0)))
}

/// pest's parse of a rule file, under the settings [`tree`] needs.
fn pest_parse(text: &str) -> Result<Pairs<'_, Rule>, pest::error::Error<Rule>> {
    let _settings = PEST_SETTINGS.lock().unwrap_or_else(PoisonError::into_inner);
    // A generous bound on the parser's work, so that no input can make it run away.
    pest::set_call_limit(std::num::NonZeroUsize::new(50_000_000));
    // The error details (literal tokens such as `:` and `)` in "expected ..." messages, and
    // the furthest position reached) cost more than half the parser's work, recording
    // every token tried: a text is parsed without them, and only one that fails is parsed
    // again with them.
    pest::set_error_detail(false);
    GameParser::parse(Rule::file, text).or_else(|_| {
        pest::set_error_detail(true);
        GameParser::parse(Rule::file, text)
    })
}

/// pest's error for `text` read as one statement (the rule `lone_statement`), with its
/// details (every token tried where the parser got furthest), or `None` if it parses.
pub(super) fn lone_statement_error(text: &str) -> Option<pest::error::Error<Rule>> {
    let _settings = PEST_SETTINGS.lock().unwrap_or_else(PoisonError::into_inner);
    pest::set_call_limit(std::num::NonZeroUsize::new(50_000_000));
    pest::set_error_detail(true);
    GameParser::parse(Rule::lone_statement, text).err()
}

/// pest's settings (the call limit, the error details) are global to the process: a parse
/// holds this lock from setting them to its end, so that another thread's parse cannot
/// change them under it.
static PEST_SETTINGS: Mutex<()> = Mutex::new(());

/// The most syntax errors reported in one file.
const MAX_SYNTAX_ERRORS: usize = 10;

/// The syntax errors of `text` after `first` (the error [`parse_in`] gave for it): each
/// statement that begins after it, on a line of its own that opens with a statement
/// keyword, is parsed by itself (the parser resynchronises there), and its error, if it
/// has one, is reported; at most `MAX_SYNTAX_ERRORS` (10) in all. Empty when `first` is no
/// syntax error.
pub fn later_syntax_errors(text: &str, first: &Diagnostic, file: FileId) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let Some(at) = first.span.map(|s| s.start) else {
        return errors;
    };
    if tree(text).is_ok() {
        return errors;
    }
    let starts = statement_starts(text);
    for (i, &start) in starts.iter().enumerate().filter(|&(_, &s)| s > at) {
        if errors.len() + 1 >= MAX_SYNTAX_ERRORS {
            break;
        }
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let statement = text[start..end].trim_end();
        if let Err(mut d) = tree(statement) {
            d.message = (d.message).replace(
                "found the end of the file",
                "found the end of the statement",
            );
            errors.push(shifted(d, start).in_file(file));
        }
    }
    errors
}

/// Where the lines that open a statement (with a statement keyword, not indented) begin.
pub(super) fn statement_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if opens_statement(line) {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

/// Whether a line opens a statement: it begins, not indented, with a statement keyword.
pub(super) fn opens_statement(line: &str) -> bool {
    let word = line.split(|c: char| !c.is_ascii_alphabetic()).next();
    word.is_some_and(|w| STATEMENT_KEYWORDS.contains(&w))
}

/// A diagnostic about a part of a text that begins at byte `by`, moved to the whole text.
fn shifted(mut d: Diagnostic, by: usize) -> Diagnostic {
    let shift = |s: Span| Span::new(s.start + by, s.end + by);
    d.span = d.span.map(shift);
    for note in &mut d.notes {
        note.span = note.span.map(shift);
    }
    d
}

/// The syntax tree of a parsed file: its statements, what it extends and what it removes.
fn lower_file(file: Pair<Rule>, file_id: FileId) -> Result<File, Diagnostic> {
    let mut statements = Vec::new();
    let mut extends = None;
    let mut removals = Vec::new();
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::EOI => break,
            Rule::extends_stmt => {
                let span = span_of(&pair, file_id);
                let target = parts(pair).next().ok_or_else(|| internal(span))?;
                extends = Some((lower_string(target, file_id)?, span));
            }
            Rule::remove_stmt => {
                let span = span_of(&pair, file_id);
                let removed = pair
                    .into_inner()
                    .find(|p| p.as_rule() != Rule::kw_remove)
                    .ok_or_else(|| internal(span))?;
                removals.push(lower_statement(removed, file_id)?);
            }
            _ => statements.push(lower_statement(pair, file_id)?),
        }
    }
    Ok(File {
        statements,
        extends,
        removals,
    })
}

/// Refuses parentheses nested deeper than [`MAX_NESTING`] before the parser sees them
/// (parentheses in comments and strings do not count).
fn check_nesting(text: &str) -> Result<(), Diagnostic> {
    let mut open: Vec<usize> = Vec::new();
    let (mut in_comment, mut in_string) = (false, false);
    let mut prev = '\0';
    for (i, c) in text.char_indices() {
        match c {
            '\n' => {
                in_comment = false;
                in_string = false;
            }
            '/' if prev == '/' && !in_string => in_comment = true,
            '"' if !in_comment => in_string = !in_string,
            '(' if !in_comment && !in_string => {
                open.push(i);
                if open.len() > MAX_NESTING {
                    return Err(Diagnostic::error(Code::E0102,
                        format!(
                            "parentheses are nested too deeply or left open (the limit is {MAX_NESTING} levels)"
                        ),
                        Span::new(i, i + 1),
                    )
                    .with_label("too deep")
                    .with_note_at(Span::new(open[0], open[0] + 1), "the outermost of these parentheses opens here"));
                }
            }
            ')' if !in_comment && !in_string => {
                open.pop();
            }
            _ => {}
        }
        prev = c;
    }
    Ok(())
}

fn internal(span: Span) -> Diagnostic {
    Diagnostic::error(
        Code::E0103,
        "internal error: the parse tree has an unexpected shape (please report this)",
        span,
    )
}

fn span_of(pair: &Pair<Rule>, file: FileId) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end()).in_file(file)
}

/// What a grammar rule means, in words, for "expected ..." messages: a keyword as its
/// word, a statement as the list of statements, any other rule from [`RULE_WORDS`].
fn describe(rule: Rule) -> &'static str {
    if let Some(shown) = keyword_table().get(&rule) {
        return &shown.1;
    }
    if STATEMENT_RULES.contains(&rule) {
        return statement_words();
    }
    RULE_WORDS
        .iter()
        .find(|(rules, _)| rules.contains(&rule))
        .map_or("something else", |(_, words)| words)
}

/// The rules of the statements that open anywhere in a file (all but `extends`).
const STATEMENT_RULES: [Rule; 23] = [
    Rule::game_stmt,
    Rule::players_stmt,
    Rule::parameter_stmt,
    Rule::option_stmt,
    Rule::preset_stmt,
    Rule::board_stmt,
    Rule::piece_stmt,
    Rule::region_stmt,
    Rule::setup_stmt,
    Rule::move_stmt,
    Rule::after_stmt,
    Rule::forbid_stmt,
    Rule::forbid_leaving_stmt,
    Rule::capture_into_hand_stmt,
    Rule::end_stmt,
    Rule::edges_stmt,
    Rule::edge_stmt,
    Rule::hand_stmt,
    Rule::score_stmt,
    Rule::dice_stmt,
    Rule::track_stmt,
    Rule::path_stmt,
    Rule::remove_stmt,
];

/// What the rules that are no keyword and no statement mean, in words.
const RULE_WORDS: &[(&[Rule], &str)] = &[
    (&[Rule::EOI], "end of file"),
    (&[Rule::extends_stmt], "`extends` (first in a variant)"),
    (&[Rule::name], "a name"),
    (&[Rule::preset_name], "a preset name"),
    (&[Rule::int, Rule::signed_int], "a whole number"),
    (&[Rule::string], "a quoted string"),
    (&[Rule::expr, Rule::call, Rule::op_not, Rule::op_neg], "an expression"),
    (
        &[
            Rule::op_or,
            Rule::op_and,
            Rule::op_eq,
            Rule::op_ne,
            Rule::op_le,
            Rule::op_ge,
            Rule::op_lt,
            Rule::op_gt,
            Rule::op_add,
            Rule::op_sub,
            Rule::op_mul,
            Rule::op_div,
        ],
        "an operator",
    ),
    (&[Rule::int_range], "a range like `1..10`"),
    (&[Rule::choices], "choices like `a | b`"),
    (&[Rule::settings, Rule::setting], "a setting like `size = 8`"),
    (&[Rule::grid_board], "a board shape (`grid W by H`)"),
    (&[Rule::slide_move, Rule::step_move, Rule::jump_move], "a move kind (`slide`, `step`, `jump`)"),
    (&[Rule::custodian_capture], "an effect (`capture custodian ...`)"),
    (&[Rule::line_run, Rule::directions], "directions (like `orthogonal`)"),
    (&[Rule::path_run], "`along PATH`"),
    (&[Rule::turning_once], "`turning once`"),
    (&[Rule::max_length], "`max N`"),
    (&[Rule::min_length], "`min N`"),
    (&[Rule::capture_mode], "`convert` or `remove`"),
    (&[Rule::condition], "`when CONDITION`"),
    (&[Rule::no_legal_move], "an end condition (`no legal move`)"),
    (&[Rule::mover_loses, Rule::mover_wins, Rule::draw_result], "a result (`mover loses`, `mover wins`, `draw`)"),
    (&[Rule::hex_board], "a board shape (`grid W by H`, `mancala N pits with stores`, `hex N`)"),
    (&[Rule::edge_colour], "an edge colour like `east blue`"),
    (&[Rule::place_move, Rule::pass_move, Rule::swap_move], "a move kind (`slide`, `jump`, `sow`, `place`, `pass`, `swap`)"),
    (&[Rule::both_pass], "an end condition (`no legal move`, `empty row`, `both pass`)"),
    (&[Rule::score_result, Rule::last_placer_loses], "`highest score wins[, tie: last placer loses]`"),
    (&[Rule::mancala_board], "a board shape (`grid W by H`, `mancala N pits with stores`)"),
    (&[Rule::sow_move], "a move kind (`slide`, `jump`, `sow`)"),
    (&[Rule::sow_direction], "`counterclockwise` or `clockwise`"),
    (
        &[
            Rule::origin_first,
            Rule::skip_opponent_store,
            Rule::skip_stores,
            Rule::skip_origin,
            Rule::marked_to_owner,
            Rule::relay,
            Rule::skip_region,
            Rule::start_at,
        ],
        "a sowing option (`first stone into origin`, `skip opponent store`, `skip stores`, `skip origin`, `skip REGION`, `start at SITE`, `marked pits feed owner store`, `relay while`)",
    ),
    (&[Rule::sow_rule], "a rule like `when CONDITION: ACTION`"),
    (&[Rule::again_action, Rule::take_action, Rule::mark_action, Rule::named_mark_action], "an action (`again`, `take SITE to SITE`, `mark SITE [as NAME]`)"),
    (&[Rule::empty_row], "an end condition (`no legal move`, `empty row`)"),
    (&[Rule::store_result, Rule::remaining_to], "`remaining to empty side|owners, most in store wins`"),
    (&[Rule::piece_setup, Rule::stones_setup, Rule::hand_setup], "a setup (`PLAYER PIECE on REGION`, `N stones in every pit`)"),
    (&[Rule::after_sow_stmt], "`after sow first of { ... }`"),
    (&[Rule::grid_lines, Rule::grid_line], "the lines of the board, like `a1-d1-g1, a1-a4-a7`"),
    (
        &[Rule::fly_move, Rule::leap_move, Rule::hop_move],
        "a move kind (`slide`, `step`, `jump`, `place`, `fly`, `leap`, `hop`)",
    ),
    (&[Rule::take_after, Rule::take_if, Rule::take_sparing], "`then remove enemy [if line N] [sparing line N]`"),
];

/// The furthest point the parser reached and what it tried there, in words: keywords and
/// operators by name (many of them summed up as "a statement" or "an operator"), and the
/// rules it was inside.
fn expected_words(error: &pest::error::Error<Rule>) -> Option<(usize, Vec<String>)> {
    let attempts = error.parse_attempts()?;
    let mut words: Vec<String> = Vec::new();
    let tokens: Vec<String> = attempts
        .expected_tokens()
        .iter()
        .map(ToString::to_string)
        .filter(|t| {
            !matches!(
                t.as_str(),
                "" | " " | "\t" | "\n" | "\r" | "//" | "_" | "-" | "BUILTIN_RULE"
            )
        })
        .filter(|t| !(t.len() == 4 && t.contains("..")))
        .collect();
    const OPERATORS: [&str; 13] = [
        "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "and", "or",
    ];
    let operators = tokens
        .iter()
        .filter(|t| OPERATORS.contains(&t.as_str()))
        .count();
    let keywords = tokens
        .iter()
        .filter(|t| STATEMENT_KEYWORDS.contains(&t.as_str()))
        .count();
    for t in &tokens {
        let is_operator = OPERATORS.contains(&t.as_str());
        if (operators >= 3 && is_operator)
            || (keywords > 6 && STATEMENT_KEYWORDS.contains(&t.as_str()))
        {
            continue;
        }
        if matches!(t.as_str(), "(" | "not") {
            continue; // these only start an expression, which is said below
        }
        words.push(format!("`{t}`"));
    }
    if operators >= 3 {
        words.push("an operator".into());
    }
    if keywords > 6 {
        words.push(describe(Rule::game_stmt).into());
    }
    for stack in attempts.call_stacks() {
        if let Some(rule) = stack.deepest.get_rule().or(stack.parent.as_ref()) {
            let word = describe(*rule);
            let statement = word == describe(Rule::game_stmt);
            if !matches!(rule, Rule::WHITESPACE | Rule::COMMENT | Rule::string) && !statement {
                words.push(word.to_string());
            }
        }
    }
    if words.iter().any(|w| w == "an expression") {
        words.retain(|w| w != "`-`");
    }
    Some((attempts.max_position, words))
}

/// Turns a pest error into a diagnostic that says, in words, what was expected at the
/// furthest point the parser reached, and what it found there.
fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> Diagnostic {
    let (pos, words) = furthest_expected(text, &error);
    let line_start = text[..pos.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..pos.min(text.len())];
    let before_code = before.split("//").next().unwrap_or("");
    if before_code.matches('"').count() % 2 == 1 {
        let quote = line_start + before_code.rfind('"').unwrap_or(0);
        return Diagnostic::error(
            Code::E0104,
            "this string is not closed before the end of the line",
            Span::new(quote, quote + 1),
        )
        .with_label("the string starts here")
        .with_help("close it with `\"`; strings cannot span lines");
    }
    if let Some(d) = super::slips::slip(text, pos, &words, &STATEMENT_KEYWORDS) {
        return d;
    }
    let found = describe_found(text, pos);
    let message = if words.is_empty() {
        format!("unexpected {found}")
    } else {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        format!("expected {}, found {found}", join_or(&words))
    };
    let width = found_width(text, pos);
    let d = Diagnostic::error(Code::E0105, message, Span::new(pos, pos + width));
    with_syntax_help(d, text, pos, line_start, &words)
}

/// Where a syntax error is (the furthest point the parser reached, or the start of the
/// word it is inside) and what was expected there, in words, sorted, each once.
fn furthest_expected(text: &str, error: &pest::error::Error<Rule>) -> (usize, Vec<String>) {
    use pest::error::{ErrorVariant, InputLocation};
    let mut pos = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut words: Vec<String> = Vec::new();
    if let Some((furthest, expected)) = expected_words(error) {
        pos = pos.max(furthest);
        words = expected;
    }
    // An error inside a word is about the whole word.
    let bytes = text.as_bytes();
    let word_byte = |b: u8| b.is_ascii_alphanumeric() || b == b'-';
    let inside_word = pos < bytes.len() && word_byte(bytes[pos]);
    while inside_word && pos > 0 && word_byte(bytes[pos - 1]) {
        pos -= 1;
        if words.is_empty() {
            words.push(describe(Rule::game_stmt).into());
        }
    }
    if words.is_empty() {
        if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
            words.extend(positives.iter().map(|r| describe(*r).to_string()));
        }
    }
    words.retain(|w| w != "something else");
    words.sort();
    words.dedup();
    (pos, words)
}

/// A syntax error with help for the word found at `pos` (on a line from `line_start`),
/// where it is a common slip: `extends` not first, a hand's count that is no number, a
/// condition that takes no other joined to one, a misspelt statement.
fn with_syntax_help(
    mut d: Diagnostic,
    text: &str,
    pos: usize,
    line_start: usize,
    words: &[String],
) -> Diagnostic {
    let Some(word) = text.get(pos..).and_then(|r| r.split_whitespace().next()) else {
        return d;
    };
    let before = &text[line_start..pos.min(text.len())];
    let before_code = before.split("//").next().unwrap_or("");
    let word: String = word
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    if word == "extends" {
        d = d.with_help("`extends` comes first in a file, before any other statement");
    }
    let line_end = text[pos.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| pos + i);
    let line = &text[line_start..line_end];
    if line.trim_start().starts_with("setup") && line.contains(" in hand") {
        d = d.with_help(
            "the count of a hand is a number, or an expression in parentheses: \
             `setup (men) black man in hand`",
        );
    }
    match condition_of_its_own(before_code, &word) {
        Some("no legal move") => {
            d = d.with_help(
                "`no legal move` can be narrowed by `and CONDITION`, not widened by `or`: \
                 write a second end rule",
            )
        }
        Some(condition) => {
            d = d.with_help(format!(
                "`{condition}` is a condition of its own: it cannot be joined to another \
                 with `{word}`"
            ))
        }
        None => {}
    }
    let statement_expected = before_code.trim().is_empty()
        || words
            .iter()
            .any(|w| w.as_str() == describe(Rule::game_stmt));
    if let Some(k) = crate::diag::closest(&word, STATEMENT_KEYWORDS.iter().copied()) {
        if k != word && statement_expected {
            return d.with_help(format!("did you mean `{k}`?"));
        }
    }
    if let Some(k) = closest_expected_word(&word, words) {
        d = d.with_help(format!("did you mean `{k}`?"));
    }
    d
}

/// The word of those expected (the keywords in their backquotes, `loses` in "a result
/// (`mover loses`, ...)") that `found` looks like a misspelling of, if one does.
fn closest_expected_word<'a>(found: &str, words: &'a [String]) -> Option<&'a str> {
    let known: Vec<&str> = (words.iter())
        .flat_map(|w| w.split('`').skip(1).step_by(2))
        .flat_map(str::split_whitespace)
        .filter(|k| k.len() >= 3 && k.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    if found.len() < 3 || known.contains(&found) {
        return None;
    }
    crate::diag::closest(found, known)
}

/// The end rule's condition that takes no other (`no legal move`, ...) when the text
/// before `word`, an `and` or an `or`, ends with it.
fn condition_of_its_own(before: &str, word: &str) -> Option<&'static str> {
    const ALONE: [&str; 5] = [
        "no legal move",
        "no player can move",
        "empty row",
        "both pass",
        "repeated position",
    ];
    let before: Vec<&str> = before.split_whitespace().collect();
    let before = before.join(" ");
    let condition = ALONE.into_iter().find(|c| before.ends_with(c))?;
    // `no legal move and CONDITION` is an end condition of its own.
    (word == "or" || (word == "and" && condition != "no legal move")).then_some(condition)
}

/// "a statement (game, players, ...)": the keywords that open a statement anywhere in a
/// file (all but `extends`, which comes first).
fn statement_words() -> &'static str {
    static WORDS: OnceLock<String> = OnceLock::new();
    WORDS.get_or_init(|| {
        let words: Vec<&str> = STATEMENT_KEYWORDS
            .iter()
            .copied()
            .filter(|&k| k != "extends")
            .collect();
        format!("a statement ({})", words.join(", "))
    })
}

/// The keywords that open statements.
const STATEMENT_KEYWORDS: [&str; 23] = [
    "game",
    "players",
    "parameter",
    "option",
    "preset",
    "board",
    "edges",
    "edge",
    "piece",
    "region",
    "hand",
    "dice",
    "track",
    "path",
    "score",
    "setup",
    "move",
    "after",
    "forbid",
    "capture",
    "end",
    "remove",
    "extends",
];

fn join_or(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn found_width(text: &str, pos: usize) -> usize {
    let rest = &text[pos.min(text.len())..];
    let word: usize = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        .map(char::len_utf8)
        .sum();
    if word > 0 {
        word
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    }
}

fn describe_found(text: &str, pos: usize) -> String {
    let rest = &text[pos.min(text.len())..];
    match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some(c) if c.is_alphanumeric() || c == '_' => {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
                .take(40)
                .collect();
            format!("`{word}`")
        }
        Some(c) if !c.is_ascii() && !c.is_control() => {
            format!("`{c}` (names use ASCII letters only)")
        }
        Some('\n') | Some('\r') => "the end of the line".to_string(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("`{c}`"),
    }
}

type Lowered<T> = Result<T, Diagnostic>;

/// Takes the next child of a pair, which the grammar guarantees.
fn next<'a>(inner: &mut pest::iterators::Pairs<'a, Rule>, parent: Span) -> Lowered<Pair<'a, Rule>> {
    inner.next().ok_or_else(|| internal(parent))
}

/// A statement of the file, lowered by its rule.
fn lower_statement(pair: Pair<Rule>, file: FileId) -> Lowered<Statement> {
    let span = span_of(&pair, file);
    let rule = pair.as_rule();
    // Keywords are children too; skip them and keep the meaningful parts.
    let mut inner = parts(pair);
    let mut take = || inner.next().ok_or_else(|| internal(span));
    let kind = match rule {
        Rule::game_stmt => StatementKind::Game(lower_string(take()?, file)?),
        Rule::region_stmt => StatementKind::Region {
            name: lower_name(take()?, file),
            value: lower_expr(take()?, file)?,
        },
        Rule::players_stmt => StatementKind::Players(lower_rest_names(&mut take, file)),
        Rule::parameter_stmt => lower_parameter(&mut take, file)?,
        Rule::option_stmt => lower_option(&mut take, file)?,
        Rule::preset_stmt => lower_preset(&mut take, file)?,
        Rule::board_stmt => lower_board(take()?, file)?,
        Rule::edges_stmt => lower_edges(&mut take, file)?,
        Rule::edge_stmt => StatementKind::Edge {
            site: lower_name(take()?, file),
            direction: lower_name(take()?, file),
            colour: lower_name(take()?, file),
        },
        Rule::hand_stmt => StatementKind::Hand {
            player: lower_name(take()?, file),
            tiles: lower_expr(take()?, file)?,
        },
        Rule::score_stmt => StatementKind::Score {
            score: lower_expr(take()?, file)?,
            condition: take().ok().map(|p| lower_condition(p, file)).transpose()?,
        },
        Rule::piece_stmt => StatementKind::Pieces(
            std::iter::from_fn(|| take().ok())
                .map(|p| lower_piece_kind(p, file))
                .collect::<Lowered<_>>()?,
        ),
        Rule::setup_stmt => lower_setup(take()?, file)?,
        Rule::dice_stmt => lower_dice(&mut take, file)?,
        Rule::track_stmt => StatementKind::Track {
            player: lower_name(take()?, file),
            sites: std::iter::from_fn(|| take().ok())
                .map(|p| lower_expr(p, file))
                .collect::<Lowered<_>>()?,
        },
        Rule::path_stmt => lower_path(&mut take, file)?,
        Rule::after_sow_stmt => {
            let mut rules = Vec::new();
            while let Ok(rule) = take() {
                rules.push(lower_sow_rule(rule, file)?);
            }
            StatementKind::AfterSow { rules }
        }
        Rule::move_stmt => lower_move(&mut take, file)?,
        Rule::after_stmt => lower_after(&mut take, file)?,
        Rule::forbid_stmt => lower_forbid(&mut take, file)?,
        Rule::forbid_leaving_stmt => StatementKind::ForbidLeaving(lower_expr(take()?, file)?),
        Rule::capture_into_hand_stmt => StatementKind::CaptureIntoHand,
        Rule::end_stmt => lower_end(&mut take, span, file)?,
        _ => return Err(internal(span)),
    };
    Ok(Statement { kind, span })
}

/// `dice N (with faces ...|of M faces) [used one by one ...] [again on ...]`.
fn lower_dice<'a>(
    mut take: impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let count = take()?;
    let count = (lower_int(&count, file)?, span_of(&count, file));
    let faces = lower_dice_faces(take()?, file)?;
    let (mut one_by_one, mut again) = (None, Vec::new());
    while let Ok(p) = take() {
        match p.as_rule() {
            Rule::dice_one_by_one => {
                let span = span_of(&p, file);
                let words: Vec<Pair<'a, Rule>> = parts(p).collect();
                let has = |rule| words.iter().find(|p| p.as_rule() == rule);
                one_by_one = Some(OneByOne {
                    doubles_twice: has(Rule::dice_doubles).is_some(),
                    most: has(Rule::dice_most).is_some(),
                    opening: has(Rule::dice_opening).map(|p| span_of(p, file)),
                    span,
                });
            }
            _ => {
                again = parts(p)
                    .map(|p| lower_int(&p, file))
                    .collect::<Lowered<Vec<i64>>>()?
            }
        }
    }
    Ok(StatementKind::Dice {
        count,
        faces,
        one_by_one,
        again,
    })
}

/// `path NAME: POINT, [loop,] POINT, ... [, closed]`.
fn lower_path<'a>(
    mut take: impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let name = lower_name(take()?, file);
    let (mut items, mut closed) = (Vec::new(), false);
    while let Ok(p) = take() {
        match p.as_rule() {
            Rule::path_loop => items.push(PathItem::Loop(span_of(&p, file))),
            Rule::path_closed => closed = true,
            _ => items.push(PathItem::Point(lower_expr(p, file)?)),
        }
    }
    Ok(StatementKind::Path {
        name,
        items,
        closed,
    })
}

/// `along track by roll` (or `by die`) and its clauses.
fn lower_track_move<'a>(
    mut take: impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<MoveKind> {
    let (mut from, mut enter, mut blocked, mut kept) = (None, None, None, None);
    let (mut safe, mut again, mut home, mut by_die) = (None, None, None, false);
    while let Ok(p) = take() {
        let which = p.as_rule();
        let span = span_of(&p, file);
        if which == Rule::track_kept || which == Rule::track_die {
            if which == Rule::track_kept {
                kept = Some(span);
            }
            by_die |= which == Rule::track_die;
            continue;
        }
        let e = parts(p).next().ok_or_else(|| internal(span))?;
        match which {
            Rule::track_from if e.as_rule() == Rule::track_hand => {
                from = Some(Box::new(TrackFrom::Hand))
            }
            Rule::track_from if e.as_rule() == Rule::track_hand_first => {
                from = Some(Box::new(TrackFrom::HandFirst))
            }
            Rule::track_from => from = Some(Box::new(TrackFrom::Sites(lower_expr(e, file)?))),
            Rule::track_enter => enter = Some((lower_int(&e, file)?, span_of(&e, file))),
            Rule::track_blocked => blocked = Some((lower_int(&e, file)?, span_of(&e, file))),
            Rule::track_safe => safe = Some(lower_expr(e, file)?),
            Rule::track_home => home = Some(Box::new(lower_expr(e, file)?)),
            _ => again = Some(lower_expr(e, file)?),
        }
    }
    Ok(MoveKind::Track {
        by_die,
        from,
        enter,
        blocked,
        kept,
        safe,
        again,
        home,
    })
}

/// The faces of a `dice` statement's dice: `with faces 0, 1` or `of 6 faces`.
fn lower_dice_faces(pair: Pair<Rule>, file: FileId) -> Lowered<DiceFaces> {
    let span = span_of(&pair, file);
    let values = pair.as_rule() == Rule::dice_values;
    let ints = parts(pair)
        .map(|p| lower_int(&p, file))
        .collect::<Lowered<Vec<i64>>>()?;
    Ok(match values {
        true => DiceFaces::Values(ints, span),
        false => DiceFaces::Count(ints.first().copied().ok_or_else(|| internal(span))?, span),
    })
}

/// The names that are the rest of a statement (`players white, black`).
fn lower_rest_names<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Vec<Name> {
    std::iter::from_fn(|| take().ok())
        .map(|p| lower_name(p, file))
        .collect()
}

/// `parameter NAME: MIN..MAX = DEFAULT`.
fn lower_parameter<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let name = lower_name(take()?, file);
    let range = take()?;
    let rspan = span_of(&range, file);
    let mut r = range.into_inner();
    let min = lower_expr(next(&mut r, rspan)?, file)?;
    let max = lower_expr(next(&mut r, rspan)?, file)?;
    let default = lower_expr(take()?, file)?;
    Ok(StatementKind::Parameter {
        name,
        min,
        max,
        default,
    })
}

/// `edges DIRECTION COLOUR, ...`: each facing direction with its colour.
fn lower_edges<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let mut rules = Vec::new();
    while let Ok(p) = take() {
        let pspan = span_of(&p, file);
        let mut names = p.into_inner().map(|p| lower_name(p, file));
        let dir = names.next().ok_or_else(|| internal(pspan))?;
        let colour = names.next().ok_or_else(|| internal(pspan))?;
        rules.push((dir, colour));
    }
    Ok(StatementKind::Edges(rules))
}

/// A `move` statement: the move's shape, its clauses and its condition.
fn lower_move<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let kind = lower_move_kind(take()?, file)?;
    let mut clauses = MoveClauses::default();
    let mut condition = None;
    while let Ok(part) = take() {
        match part.as_rule() {
            Rule::by_kinds => {
                let unmoved = part
                    .clone()
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::unmoved);
                clauses.unmoved = unmoved.map(|p| span_of(&p, file));
                let names = parts(part).filter(|p| p.as_rule() == Rule::name);
                clauses.by = Some(names.map(|p| lower_name(p, file)).collect());
            }
            Rule::by_numbered => clauses.numbered = Some(Box::new(lower_numbered(part, file)?)),
            Rule::not_landing => clauses.destination.not_landing = Some(lower_max(part, file)?),
            Rule::avoiding => clauses.destination.avoiding = Some(lower_max(part, file)?),
            Rule::capturing => clauses.destination.capturing = Some(span_of(&part, file)),
            Rule::compulsory => {
                let span = span_of(&part, file);
                clauses.compulsory = Some((span, part.into_inner().nth(1).is_some()));
            }
            Rule::so_that => clauses.legality.so_that = Some(lower_max(part, file)?),
            Rule::forbidding => clauses.legality.forbidding = Some(lower_max(part, file)?),
            Rule::onto => {
                let span = span_of(&part, file);
                let onto = match part.into_inner().last().map(|p| p.as_rule()) {
                    Some(Rule::onto_both) => Onto::EmptyOrEnemy,
                    Some(Rule::onto_any) => Onto::EmptyOrPiece,
                    _ => Onto::Enemy,
                };
                clauses.destination.onto = Some((onto, span));
            }
            Rule::onto_kinds => clauses.destination.onto_kinds = Some(lower_names(part, file)),
            Rule::in_passing => clauses.destination.in_passing = Some(span_of(&part, file)),
            Rule::from_region => clauses.from = Some(Box::new(lower_max(part, file)?)),
            Rule::next_to => clauses.destination.next_to = Some(lower_next_to(part, file)),
            Rule::with_liberties => clauses.liberties = Some(Box::new(lower_liberties(part, file))),
            Rule::shoot => clauses.then.shoot = Some(Box::new(lower_shoot(part, file)?)),
            Rule::rotate => clauses.then.rotate = Some(Box::new(lower_rotate(part, file)?)),
            Rule::take_after => {
                clauses.then.take_after = Some(Box::new(lower_take_after(part, file)?))
            }
            Rule::step_chain | Rule::line_capture => add_line_capture(&mut clauses, part, file)?,
            _ => condition = Some(lower_condition(part, file)?),
        }
    }
    Ok(StatementKind::Move {
        kind,
        clauses: Box::new(clauses),
        condition,
    })
}

/// `by [nearest] numbered VALUE`.
fn lower_numbered(pair: Pair<Rule>, file: FileId) -> Lowered<Numbered> {
    let span = span_of(&pair, file);
    let nearest = pair
        .clone()
        .into_inner()
        .any(|p| p.as_rule() == Rule::nearest);
    let value = pair.into_inner().find(|p| p.as_rule() == Rule::expr);
    let value = lower_expr(value.ok_or_else(|| internal(span))?, file)?;
    Ok(Numbered {
        nearest,
        value,
        span,
    })
}

/// A `forbid repeated position` statement: its reading, its reach and its condition.
fn lower_forbid<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let (mut ignoring_turn, mut within, mut condition) = (false, None, None);
    while let Ok(part) = take() {
        match part.as_rule() {
            Rule::ignoring_turn => ignoring_turn = true,
            Rule::forbid_within => within = Some(lower_max(part, file)?),
            _ => condition = Some(lower_condition(part, file)?),
        }
    }
    Ok(StatementKind::ForbidRepetition {
        ignoring_turn,
        within,
        condition,
    })
}

/// An `after move` statement: the effect, its label and its condition.
fn lower_after<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let effect = lower_effect(take()?, file)?;
    let (mut condition, mut label) = (None, None);
    while let Ok(part) = take() {
        match part.as_rule() {
            Rule::rule_label => label = Some(lower_label(part)),
            _ => condition = Some(lower_condition(part, file)?),
        }
    }
    Ok(StatementKind::After {
        effect,
        condition,
        label,
    })
}

/// An `option` statement: a switch, or named choices.
fn lower_option<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let name = lower_name(take()?, file);
    let second = take()?;
    let (choices, default) = if second.as_rule() == Rule::choices {
        let choices = second.into_inner().map(|p| lower_name(p, file)).collect();
        (Some(choices), lower_name(take()?, file))
    } else {
        (None, lower_name(second, file))
    };
    Ok(StatementKind::Option {
        name,
        choices,
        default,
    })
}

/// A `preset` statement: its name, whether it is the default, and its settings.
fn lower_preset<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<StatementKind> {
    let name = lower_name(take()?, file);
    let mut is_default = false;
    let mut settings = Vec::new();
    while let Ok(part) = take() {
        match part.as_rule() {
            Rule::kw_default => is_default = true,
            Rule::settings => {
                for setting in part.into_inner() {
                    settings.push(lower_setting(setting, file)?);
                }
            }
            _ => return Err(internal(span_of(&part, file))),
        }
    }
    Ok(StatementKind::Preset {
        name,
        is_default,
        settings,
    })
}

/// `hexagon N of hexagons [without REGION]` (or `triangle`, `star`): a grid of hexagons
/// cut to the shape, `N` its width and height as written.
fn lower_shaped_board(shape: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let sspan = span_of(&shape, file);
    let mut parts = parts(shape);
    let outline = parts.next().and_then(|p| p.into_inner().next());
    let shape = match outline.map(|p| p.as_rule()) {
        Some(Rule::kw_hexagon) => Shape::Hexagon,
        Some(Rule::kw_triangle) => Shape::Triangle,
        Some(Rule::kw_star) => Shape::Star,
        _ => return Err(internal(sspan)),
    };
    let side = lower_expr(parts.next().ok_or_else(|| internal(sspan))?, file)?;
    let without = match parts.find(|p| p.as_rule() == Rule::grid_without) {
        Some(w) => {
            let region = self::parts(w).next().ok_or_else(|| internal(sspan))?;
            Some(Box::new(lower_expr(region, file)?))
        }
        None => None,
    };
    Ok(StatementKind::Board(BoardShape::Grid {
        width: side.clone(),
        height: side,
        cells: Some(Cells::Hexagons),
        diagonals: None,
        without,
        lines: Vec::new(),
        shape: Some(shape),
    }))
}

/// `graph SITE [at X,Y], ... with links A-B-... [as FORWARD and BACK], ...`.
fn lower_graph_board(shape: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let (mut sites, mut links) = (Vec::new(), Vec::new());
    for part in parts(shape) {
        let rule = part.as_rule();
        let mut inner = parts(part).filter(|p| p.as_rule() != Rule::op_and);
        let Some(first) = inner.next() else { continue };
        if rule == Rule::graph_site {
            let name = lower_name(first, file);
            let at = match (inner.next(), inner.next()) {
                (Some(x), Some(y)) => Some((lower_int(&x, file)?, lower_int(&y, file)?)),
                _ => None,
            };
            sites.push(GraphSite { name, at });
        } else {
            let run = lower_line(first, file);
            let directions = match (inner.next(), inner.next()) {
                (Some(a), Some(b)) => Some((lower_name(a, file), lower_name(b, file))),
                _ => None,
            };
            links.push(GraphLink {
                sites: run,
                directions,
            });
        }
    }
    Ok(StatementKind::Board(BoardShape::Graph { sites, links }))
}

/// `graph ring N [with centre]`.
fn lower_graph_ring(shape: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let sspan = span_of(&shape, file);
    let mut parts = shape.into_inner();
    let number = parts.find(|p| p.as_rule() == Rule::int);
    let number = number.ok_or_else(|| internal(sspan))?;
    Ok(StatementKind::Board(BoardShape::GraphRing {
        sites: lower_int(&number, file)?,
        span: span_of(&number, file),
        centre: parts.any(|p| p.as_rule() == Rule::kw_centre),
    }))
}

/// `graph rings R of N [spokes every K] [with centre]`.
fn lower_graph_rings(shape: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let sspan = span_of(&shape, file);
    let (mut numbers, mut spokes, mut centre) = (Vec::new(), None, false);
    for part in shape.into_inner() {
        match part.as_rule() {
            Rule::int => numbers.push((lower_int(&part, file)?, span_of(&part, file))),
            Rule::rings_spokes => {
                let every = part.into_inner().find(|p| p.as_rule() == Rule::int);
                let every = every.ok_or_else(|| internal(sspan))?;
                spokes = Some((lower_int(&every, file)?, span_of(&every, file)));
            }
            Rule::kw_centre => centre = true,
            _ => {}
        }
    }
    let [rings, sites] = numbers[..] else {
        return Err(internal(sspan));
    };
    Ok(StatementKind::Board(BoardShape::GraphRings {
        rings,
        sites,
        spokes,
        centre,
    }))
}

/// The shape of a `board` statement.
fn lower_board(shape: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let sspan = span_of(&shape, file);
    match shape.as_rule() {
        Rule::mancala_board => {
            let mut parts = parts(shape);
            let pits = lower_expr(parts.next().ok_or_else(|| internal(sspan))?, file)?;
            Ok(StatementKind::Board(BoardShape::Mancala { pits }))
        }
        Rule::hex_board => {
            let mut parts = parts(shape);
            let side = lower_expr(parts.next().ok_or_else(|| internal(sspan))?, file)?;
            let removed = parts.map(|p| lower_name(p, file)).collect();
            Ok(StatementKind::Board(BoardShape::Hex { side, removed }))
        }
        Rule::shaped_board => lower_shaped_board(shape, file),
        Rule::graph_board => lower_graph_board(shape, file),
        Rule::graph_ring => lower_graph_ring(shape, file),
        Rule::graph_rings => lower_graph_rings(shape, file),
        Rule::grid_board => {
            let mut parts = parts(shape);
            let width = lower_expr(parts.next().ok_or_else(|| internal(sspan))?, file)?;
            let height = lower_expr(parts.next().ok_or_else(|| internal(sspan))?, file)?;
            let (mut diagonals, mut without, mut lines) = (None, None, Vec::new());
            let mut cells = None;
            for part in parts {
                let rule = part.as_rule();
                if rule == Rule::grid_lines {
                    lines = self::parts(part).map(|p| lower_line(p, file)).collect();
                    continue;
                }
                if rule == Rule::grid_squares {
                    let mut inner = self::parts(part).map(|p| p.as_rule());
                    cells = Some(match inner.next() {
                        Some(Rule::grid_hexagons) => Cells::Hexagons,
                        first => Cells::Squares {
                            checkered: first == Some(Rule::grid_checkered),
                        },
                    });
                    continue;
                }
                let region = self::parts(part).next().ok_or_else(|| internal(sspan))?;
                let region = lower_expr(region, file)?;
                match rule {
                    Rule::grid_diagonals => diagonals = Some(Box::new(region)),
                    _ => without = Some(Box::new(region)),
                }
            }
            Ok(StatementKind::Board(BoardShape::Grid {
                width,
                height,
                cells,
                diagonals,
                without,
                lines,
                shape: None,
            }))
        }
        _ => Err(internal(sspan)),
    }
}

/// What a `setup` statement puts on the board.
fn lower_setup(what: Pair<Rule>, file: FileId) -> Lowered<StatementKind> {
    let wspan = span_of(&what, file);
    let rule = what.as_rule();
    let mut parts = parts(what);
    let mut part = || parts.next().ok_or_else(|| internal(wspan));
    match rule {
        Rule::piece_setup => {
            let mut first = part()?;
            let count = match first.as_rule() {
                Rule::hand_count => {
                    let count = lower_hand_count(first, file)?;
                    first = part()?;
                    Some(count)
                }
                _ => None,
            };
            Ok(StatementKind::Setup {
                count,
                player: lower_name(first, file),
                piece: lower_name(part()?, file),
                region: lower_expr(part()?, file)?,
            })
        }
        Rule::stones_setup => Ok(StatementKind::SetupStones {
            count: lower_expr(part()?, file)?,
        }),
        Rule::hand_setup => Ok(StatementKind::SetupHand {
            count: lower_hand_count(part()?, file)?,
            player: lower_name(part()?, file),
            piece: lower_name(part()?, file),
        }),
        _ => Err(internal(wspan)),
    }
}

/// The count of `setup N PLAYER KIND in hand`: a number, or the expression in parentheses.
fn lower_hand_count(count: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    let span = span_of(&count, file);
    let inner = count.into_inner().next().ok_or_else(|| internal(span))?;
    match inner.as_rule() {
        Rule::int => Ok(Expr {
            kind: ExprKind::Int(lower_int(&inner, file)?),
            span,
        }),
        _ => lower_expr(inner, file),
    }
}

/// `N moves without capture or move by KIND, ...`.
fn lower_moves_without(cond: Pair<'_, Rule>, file: FileId) -> Lowered<EndCondition> {
    let span = span_of(&cond, file);
    let mut inner = parts(cond);
    let count = lower_expr(inner.next().ok_or_else(|| internal(span))?, file)?;
    let (mut capture, mut kinds) = (false, Vec::new());
    for progress in inner {
        let names = parts(progress.clone()).filter(|p| p.as_rule() == Rule::name);
        let before = kinds.len();
        kinds.extend(names.map(|p| lower_name(p, file)));
        capture |= kinds.len() == before;
    }
    Ok(EndCondition::MovesWithout {
        span,
        count,
        capture,
        kinds,
    })
}

/// An `end` statement: its short name if it has one, its condition and its result.
fn lower_end<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    span: Span,
    file: FileId,
) -> Lowered<StatementKind> {
    let mut cond = take()?;
    let mut label = None;
    if cond.as_rule() == Rule::rule_label {
        label = Some(lower_label(cond));
        cond = take()?;
    }
    let res = take()?;
    let condition = match cond.as_rule() {
        Rule::no_legal_move => {
            let span = span_of(&cond, file);
            let and = cond.into_inner().find(|p| p.as_rule() == Rule::expr);
            EndCondition::NoLegalMove(span, and.map(|e| lower_expr(e, file)).transpose()?)
        }
        Rule::no_player_can_move => EndCondition::NoPlayerCanMove(span_of(&cond, file)),
        Rule::repeated_position => {
            let span = span_of(&cond, file);
            let part = |rule| {
                let part = cond.clone().into_inner().find(|p| p.as_rule() == rule);
                let e = part.and_then(|t| t.into_inner().find(|p| p.as_rule() == Rule::expr));
                e.map(|e| lower_expr(e, file)).transpose()
            };
            let ignoring_turn =
                (cond.clone().into_inner()).any(|p| p.as_rule() == Rule::ignoring_turn);
            EndCondition::RepeatedPosition {
                span,
                ignoring_turn,
                count: part(Rule::repeat_times)?,
                keeping: part(Rule::repeat_keeping)?,
            }
        }
        Rule::moves_without => lower_moves_without(cond, file)?,
        Rule::empty_row => EndCondition::EmptyRow(span_of(&cond, file)),
        Rule::both_pass => EndCondition::BothPass(span_of(&cond, file)),
        Rule::position_condition => {
            let span = span_of(&cond, file);
            let e = cond.into_inner().next().ok_or_else(|| internal(span))?;
            EndCondition::Position(lower_expr(e, file)?)
        }
        _ => return Err(internal(span_of(&cond, file))),
    };
    let points = lower_points(&res, file)?;
    let result = match res.as_rule() {
        Rule::mover_loses => EndResult::MoverLoses,
        Rule::mover_wins => EndResult::MoverWins,
        Rule::most_pieces_result => EndResult::MostPieces,
        Rule::player_wins => {
            let name = parts(res).next().ok_or_else(|| internal(span))?;
            EndResult::PlayerWins(lower_name(name, file))
        }
        Rule::draw_result => EndResult::Draw,
        Rule::store_result => {
            let to = parts(res)
                .find(|p| p.as_rule() == Rule::remaining_to)
                .ok_or_else(|| internal(span))?;
            // `parts` would drop the keywords that tell the two forms apart.
            let owners = to.into_inner().any(|p| p.as_rule() == Rule::kw_owners);
            EndResult::StoreMajority {
                to_empty_side: !owners,
            }
        }
        Rule::score_result => EndResult::HighestScore {
            last_placer_loses: parts(res).any(|p| p.as_rule() == Rule::last_placer_loses),
        },
        _ => return Err(internal(span_of(&res, file))),
    };
    Ok(StatementKind::End {
        condition,
        result,
        points,
        label,
    })
}

/// The points after an end rule's result (`mover wins 2`), if any.
fn lower_points(result: &Pair<Rule>, file: FileId) -> Lowered<Option<Expr>> {
    (result.clone().into_inner())
        .find(|p| p.as_rule() == Rule::points)
        .and_then(|p| p.into_inner().find(|e| e.as_rule() == Rule::expr))
        .map(|e| lower_expr(e, file))
        .transpose()
}

fn lower_sow_rule(pair: Pair<Rule>, file: FileId) -> Lowered<SowRule> {
    let span = span_of(&pair, file);
    let mut inner = parts(pair);
    let condition = lower_expr(inner.next().ok_or_else(|| internal(span))?, file)?;
    let mut actions = Vec::new();
    let (mut cancel, mut label) = (None, None);
    for action in inner {
        let aspan = span_of(&action, file);
        let rule = action.as_rule();
        if rule == Rule::unless_clause {
            cancel = Some(lower_max(action, file)?);
            continue;
        }
        if rule == Rule::rule_label {
            label = Some(lower_label(action));
            continue;
        }
        let mut p = parts(action);
        let mut part = || p.next().ok_or_else(|| internal(aspan));
        actions.push(match rule {
            Rule::again_action => Action::Again(aspan),
            Rule::take_action => Action::Take {
                from: lower_expr(part()?, file)?,
                to: lower_expr(part()?, file)?,
            },
            Rule::mark_action => Action::Mark(lower_expr(part()?, file)?),
            Rule::named_mark_action => Action::NamedMark {
                site: lower_expr(part()?, file)?,
                name: lower_name(part()?, file),
            },
            Rule::take_run_action => {
                let from = lower_expr(part()?, file)?;
                let direction = part()?;
                let counterclockwise = direction
                    .into_inner()
                    .next()
                    .is_some_and(|p| p.as_rule() == Rule::kw_counterclockwise);
                Action::TakeRun {
                    from,
                    counterclockwise,
                    condition: lower_expr(part()?, file)?,
                    to: lower_expr(part()?, file)?,
                }
            }
            _ => return Err(internal(aspan)),
        });
    }
    Ok(SowRule {
        condition,
        actions,
        cancel,
        label,
        span,
    })
}

/// `called "corner"`: the text of the label's string.
fn lower_label(pair: Pair<Rule>) -> String {
    let text = pair.into_inner().last().map_or("", |s| s.as_str());
    text.trim_matches('"').to_string()
}

fn lower_setting(pair: Pair<Rule>, file: FileId) -> Lowered<PresetEntry> {
    let span = span_of(&pair, file);
    let mut inner = pair.into_inner();
    let name = lower_name(next(&mut inner, span)?, file);
    let value = next(&mut inner, span)?;
    let value = match value.as_rule() {
        Rule::signed_int => PresetValue::Int(lower_int(&value, file)?, span_of(&value, file)),
        _ => PresetValue::Name(lower_name(value, file)),
    };
    Ok(PresetEntry { name, value })
}

/// The children of a pair that carry meaning: keywords are left out.
fn parts(pair: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pair.into_inner().filter(|p| !is_keyword(p.as_rule()))
}

fn is_keyword(rule: Rule) -> bool {
    keyword_table().contains_key(&rule) && !MEANINGFUL_KEYWORDS.contains(&rule)
}

/// Keywords whose presence the lowering reads (a sowing direction, `convert` or `remove`,
/// a `default` preset), which [`parts`] therefore keeps.
const MEANINGFUL_KEYWORDS: [Rule; 5] = [
    Rule::kw_clockwise,
    Rule::kw_counterclockwise,
    Rule::kw_convert,
    Rule::kw_default,
    Rule::kw_remove,
];

/// The keywords of the grammar, derived from its `kw_*` rules (`kw_skip` is the word
/// `skip`): by rule, the word and the word as shown in "expected ..." messages. This is the
/// one table of keywords; a test checks it against the grammar's text and the docs.
fn keyword_table() -> &'static std::collections::HashMap<Rule, (String, String)> {
    static TABLE: OnceLock<std::collections::HashMap<Rule, (String, String)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        Rule::all_rules()
            .iter()
            .filter_map(|&rule| {
                let name = format!("{rule:?}");
                let word = name.strip_prefix("kw_")?.replace('_', "-");
                let shown = format!("`{word}`");
                Some((rule, (word, shown)))
            })
            .collect()
    })
}

/// Every keyword of the language, sorted.
pub fn keywords() -> Vec<&'static str> {
    let mut words: Vec<&str> = keyword_table().values().map(|(w, _)| w.as_str()).collect();
    words.sort_unstable();
    words
}

/// `knight as N`.
fn lower_piece_kind(pair: Pair<Rule>, file: FileId) -> Lowered<PieceKind> {
    let span = span_of(&pair, file);
    let mut inner = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_as);
    let name = lower_name(inner.next().ok_or_else(|| internal(span))?, file);
    let (mut letter, mut number, mut worth, mut stacked) = (None, None, None, None);
    for p in inner {
        let rule = p.as_rule();
        if rule == Rule::piece_stacked {
            stacked = Some(span_of(&p, file));
        } else if matches!(rule, Rule::piece_number | Rule::piece_worth) {
            let int = p.into_inner().nth(1).ok_or_else(|| internal(span))?;
            let value = Some((lower_int(&int, file)?, span_of(&int, file)));
            match rule {
                Rule::piece_number => number = value,
                _ => worth = value,
            }
        } else {
            let c = p.as_str().chars().next().unwrap_or('?');
            letter = Some((c.to_ascii_uppercase(), span_of(&p, file)));
        }
    }
    Ok(PieceKind {
        name,
        letter,
        number,
        worth,
        stacked,
    })
}

fn lower_name(pair: Pair<Rule>, file: FileId) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: span_of(&pair, file),
    }
}

fn lower_string(pair: Pair<Rule>, file: FileId) -> Lowered<String> {
    let span = span_of(&pair, file);
    let text = pair.into_inner().next().ok_or_else(|| internal(span))?;
    Ok(text.as_str().to_string())
}

fn lower_int(pair: &Pair<Rule>, file: FileId) -> Lowered<i64> {
    pair.as_str().parse::<i64>().map_err(|_| {
        Diagnostic::error(Code::E0106, "this number is too large", span_of(pair, file))
            .with_help(format!("numbers must be at most {}", i64::MAX))
    })
}

fn lower_condition(pair: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    let span = span_of(&pair, file);
    let mut inner = parts(pair);
    lower_expr(inner.next().ok_or_else(|| internal(span))?, file)
}

/// `with liberties [along DIRECTIONS]`: the directions, if given, and the clause.
fn lower_liberties(pair: Pair<Rule>, file: FileId) -> (Option<Directions>, Span) {
    let span = span_of(&pair, file);
    let directions = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::directions)
        .map(|p| lower_directions(p, file));
    (directions, span)
}

/// `next to WHAT [along DIRECTIONS]`.
fn lower_next_to(pair: Pair<Rule>, file: FileId) -> (Neighbour, Option<Box<Directions>>, Span) {
    let span = span_of(&pair, file);
    let (mut what, mut directions) = (Neighbour::Friend, None);
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_empty => what = Neighbour::Empty,
            Rule::kw_enemy => what = Neighbour::Enemy,
            Rule::kw_piece => what = Neighbour::Piece,
            Rule::kw_last => what = Neighbour::Last,
            Rule::directions => directions = Some(Box::new(lower_directions(p, file))),
            _ => {}
        }
    }
    (what, directions, span)
}

/// `a1-d1-g1`, one name as read: its points, each with its own place in the file.
fn lower_line(pair: Pair<Rule>, file: FileId) -> Vec<Name> {
    let span = span_of(&pair, file);
    let mut start = span.start;
    pair.as_str()
        .split('-')
        .map(|text| {
            let name = Name {
                text: text.to_string(),
                span: Span::new(start, start + text.len()).in_file(file),
            };
            start += text.len() + 1;
            name
        })
        .collect()
}

/// `then remove enemy [if line N] [sparing line N]`.
fn lower_take_after(pair: Pair<Rule>, file: FileId) -> Lowered<TakeAfter> {
    let span = span_of(&pair, file);
    let mut take = TakeAfter {
        if_line: None,
        sparing_line: None,
        span,
    };
    let clauses = pair.into_inner();
    for part in clauses.filter(|p| matches!(p.as_rule(), Rule::take_if | Rule::take_sparing)) {
        let rule = part.as_rule();
        let n = part.into_inner().last().ok_or_else(|| internal(span))?;
        let n = Some(lower_expr(n, file)?);
        match rule {
            Rule::take_if => take.if_line = n,
            _ => take.sparing_line = n,
        }
    }
    Ok(take)
}

/// `then rotate REGION, ...`, `then reflect ...`, `then rotate or reflect ...`, each
/// with `at will` or not.
fn lower_rotate(pair: Pair<Rule>, file: FileId) -> Lowered<Rotate> {
    let span = span_of(&pair, file);
    let mut ways = Transforms {
        rotate: false,
        reflect: false,
    };
    let (mut regions, mut at_will) = (Vec::new(), false);
    for part in parts(pair) {
        match part.as_rule() {
            Rule::transforms => {
                for word in part.into_inner() {
                    ways.rotate |= word.as_rule() == Rule::kw_rotate;
                    ways.reflect |= word.as_rule() == Rule::kw_reflect;
                }
            }
            Rule::transform_at_will => at_will = true,
            _ => regions.push(lower_expr(part, file)?),
        }
    }
    Ok(Rotate {
        regions,
        ways,
        at_will,
        span,
    })
}

/// `then shoot KIND along DIRECTIONS`.
fn lower_shoot(pair: Pair<Rule>, file: FileId) -> Lowered<Shoot> {
    let span = span_of(&pair, file);
    let mut inner = parts(pair);
    let kind = lower_name(inner.next().ok_or_else(|| internal(span))?, file);
    let directions = lower_directions(inner.next().ok_or_else(|| internal(span))?, file);
    Ok(Shoot {
        kind,
        directions,
        span,
    })
}

fn lower_directions(pair: Pair<Rule>, file: FileId) -> Directions {
    Directions {
        names: pair.into_inner().map(|p| lower_name(p, file)).collect(),
    }
}

fn lower_mode(pair: Pair<Rule>, file: FileId) -> Lowered<CaptureMode> {
    let span = span_of(&pair, file);
    match pair.into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::kw_convert) => Ok(CaptureMode::Convert),
        Some(Rule::kw_remove) => Ok(CaptureMode::Remove),
        _ => Err(internal(span)),
    }
}

/// A capture by approach or withdrawal into a move's clauses, or a `chained` written as a
/// clause of its own (kept in the same place, for the checker to refuse).
fn add_line_capture(clauses: &mut MoveClauses, part: Pair<Rule>, file: FileId) -> Lowered<()> {
    let stray = clauses.line_capture.as_ref().and_then(|c| c.stray_chain);
    if part.as_rule() == Rule::line_capture {
        let mut clause = lower_line_capture(part, file)?;
        clause.stray_chain = stray;
        clauses.line_capture = Some(Box::new(clause));
        return Ok(());
    }
    let span = span_of(&part, file);
    let clause = clauses.line_capture.get_or_insert_with(|| {
        Box::new(LineCaptureClause {
            ways: Vec::new(),
            mode: None,
            chained: None,
            stray_chain: None,
            span,
        })
    });
    clause.stray_chain = Some(span);
    Ok(())
}

/// `capture by approach or withdrawal remove chained`.
fn lower_line_capture(pair: Pair<Rule>, file: FileId) -> Lowered<LineCaptureClause> {
    let span = span_of(&pair, file);
    let mut clause = LineCaptureClause {
        ways: Vec::new(),
        mode: None,
        chained: None,
        stray_chain: None,
        span,
    };
    for part in parts(pair) {
        match part.as_rule() {
            Rule::capture_way => {
                let withdrawal = part
                    .clone()
                    .into_inner()
                    .next()
                    .is_some_and(|p| p.as_rule() == Rule::kw_withdrawal);
                clause.ways.push((withdrawal, span_of(&part, file)));
            }
            Rule::step_chain => clause.chained = Some(span_of(&part, file)),
            _ => clause.mode = Some(lower_mode(part, file)?),
        }
    }
    Ok(clause)
}

/// `jump DIRECTIONS [flying] over WHAT [MODE] [chained [straight]]`, from its parts.
fn lower_jump<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<MoveKind> {
    let directions = lower_directions(take()?, file);
    let mut next = take()?;
    let flying = match next.as_rule() {
        Rule::flying => {
            let span = span_of(&next, file);
            next = take()?;
            Some(span)
        }
        _ => None,
    };
    let chain_word = |p: &Pair<Rule>| {
        (p.as_rule() == Rule::chained)
            .then(|| p.clone().into_inner().nth(1).map(|w| w.as_rule()))
            .flatten()
    };
    let over = match next.into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::kw_enemy) => Jumped::Enemy,
        Some(Rule::kw_friend) => Jumped::Friend,
        _ => Jumped::Any,
    };
    let mut mode = None;
    let mut chain = Chain::Single;
    let mut aside = None;
    while let Ok(part) = take() {
        if let (Some(at), Some(word)) = (flying, chain_word(&part)) {
            let chain = match word {
                Rule::kw_straight => "chained straight",
                Rule::chain_to_any_landing => "chained to any landing",
                _ => "chained at will",
            };
            return Err(
                Diagnostic::error(Code::E0107, format!("a flying jump cannot go on `{chain}`"), at).with_help(
                    "write `chained` (the piece jumps on in any of the directions), or leave the jump single",
                ),
            );
        }
        match part.as_rule() {
            Rule::chained => {
                chain = match part.into_inner().nth(1).map(|w| w.as_rule()) {
                    Some(Rule::kw_straight) => Chain::Straight,
                    Some(Rule::chain_to_any_landing) => Chain::Reach,
                    Some(_) => Chain::TurningAtWill,
                    None => Chain::Turning,
                }
            }
            Rule::turning_aside => aside = Some(span_of(&part, file)),
            _ => mode = Some((lower_mode(part.clone(), file)?, span_of(&part, file))),
        }
    }
    if let (Chain::Reach, Some((_, at))) = (chain, mode) {
        return Err(Diagnostic::error(
            Code::E0112,
            "a chain to any landing takes nothing",
            at,
        )
        .with_label("a jump chained `to any landing` cannot capture")
        .with_help(
            "its move is its start and its end, whatever the route, so it cannot say which pieces it jumped: leave out the capture, or write `chained at will`",
        ));
    }
    Ok(MoveKind::Jump {
        directions,
        flying: flying.is_some(),
        over,
        mode,
        chain,
        aside,
    })
}

/// A move's shape: `slide`, `step`, `jump`, `sow`, `place`, `remove`, `pass`, `swap`,
/// `fly`.
fn lower_move_kind(pair: Pair<Rule>, file: FileId) -> Lowered<MoveKind> {
    let span = span_of(&pair, file);
    let rule = pair.as_rule();
    if matches!(rule, Rule::slide_move | Rule::step_move) {
        return lower_slide(pair, file);
    }
    let mut inner = parts(pair);
    let mut take = || inner.next().ok_or_else(|| internal(span));
    match rule {
        Rule::jump_move => lower_jump(&mut take, file),
        Rule::sow_move => lower_sow(&mut take, file),
        Rule::place_move => {
            let how = take()?;
            if how.as_rule() == Rule::place_tile {
                let matching = how.into_inner().any(|p| p.as_rule() == Rule::kw_matching);
                return Ok(MoveKind::Place { matching });
            }
            let mut p = parts(how);
            let kind = lower_name(p.next().ok_or_else(|| internal(span))?, file);
            let next = p.next();
            let on = match next.as_ref().map(|e| e.as_rule()) {
                Some(Rule::on_grooves) => PlaceOn::Grooves,
                Some(Rule::on_sides) => PlaceOn::Sides,
                _ => PlaceOn::Sites,
            };
            let region = next.filter(|_| on == PlaceOn::Sites);
            let region = region.map(|e| lower_expr(e, file)).transpose()?;
            Ok(MoveKind::PlacePiece { kind, region, on })
        }
        Rule::remove_move => {
            // `parts` keeps the word `remove` (it is also a capture's mode).
            let region = std::iter::from_fn(|| take().ok()).find(|p| p.as_rule() == Rule::expr);
            Ok(MoveKind::Remove {
                region: region.map(|e| lower_expr(e, file)).transpose()?,
            })
        }
        Rule::pass_move => Ok(MoveKind::Pass {
            at_will: take().is_ok_and(|p| p.as_rule() == Rule::pass_at_will),
        }),
        Rule::swap_move => Ok(MoveKind::Swap),
        Rule::track_move => lower_track_move(take, file),
        Rule::fly_move => Ok(MoveKind::Fly),
        Rule::castle_move => Ok(MoveKind::Castle {
            directions: lower_directions(take()?, file),
            partner: lower_name(take()?, file),
        }),
        Rule::hop_move => Ok(lower_hop(lower_directions(take()?, file))),
        Rule::path_move => {
            let path = lower_name(take()?, file);
            let loops = u8::from(take().is_ok());
            Ok(lower_path_slide(path, loops))
        }
        Rule::leap_move => {
            let files = lower_int(&take()?, file)?;
            let ranks = lower_int(&take()?, file)?;
            let mut next = take();
            let forward = matches!(&next, Ok(p) if p.as_rule() == Rule::leap_forward);
            if forward {
                next = take();
            }
            let through = match next {
                Ok(leg) => {
                    let leg_span = span_of(&leg, file);
                    let mut numbers = leg.into_inner().filter(|p| p.as_rule() == Rule::int);
                    let mut number = || numbers.next().ok_or_else(|| internal(leg_span));
                    let f = lower_int(&number()?, file)?;
                    Some((f, lower_int(&number()?, file)?, leg_span))
                }
                Err(_) => None,
            };
            Ok(lower_leap((files, ranks), forward, through, span))
        }
        _ => Err(internal(span)),
    }
}

/// `slide DIRECTIONS [max N | exactly N] [over friend]` and `step DIRECTIONS`, which is
/// `slide DIRECTIONS max 1`; an error for a slide written `flying`.
fn lower_slide(pair: Pair<Rule>, file: FileId) -> Lowered<MoveKind> {
    let span = span_of(&pair, file);
    let rule = pair.as_rule();
    let mut inner = parts(pair);
    let directions = lower_directions(inner.next().ok_or_else(|| internal(span))?, file);
    let (mut max_length, mut exactly, mut over_friend) = (None, None, false);
    for part in inner {
        match part.as_rule() {
            Rule::flying => {
                return Err(Diagnostic::error(Code::E0108, "only a jump flies", span_of(&part, file))
                    .with_help("a slide already goes as far as the sites are empty; to jump a piece any distance away, write `move jump DIRECTIONS flying over enemy`"))
            }
            Rule::exact_length => exactly = Some(lower_max(part, file)?),
            Rule::over_friend => over_friend = true,
            _ => max_length = Some(lower_max(part, file)?),
        }
    }
    // `step DIRS` is `slide DIRS max 1`.
    if rule == Rule::step_move {
        max_length = Some(Expr {
            kind: ExprKind::Int(1),
            span,
        });
    }
    Ok(MoveKind::Slide {
        step: rule == Rule::step_move,
        directions,
        max_length,
        exactly,
        over_friend,
    })
}

/// `sow DIRECTION [with OPTIONS]`: the direction, and each option in the order written,
/// with the expressions of `relay while`, `skip REGION` and `start at SITE`.
fn lower_sow<'a>(
    take: &mut impl FnMut() -> Lowered<Pair<'a, Rule>>,
    file: FileId,
) -> Lowered<MoveKind> {
    let direction = take()?;
    let counterclockwise = direction
        .into_inner()
        .next()
        .is_some_and(|p| p.as_rule() == Rule::kw_counterclockwise);
    let mut options = Vec::new();
    let (mut relay, mut skip, mut start) = (None, None, None);
    while let Ok(option) = take() {
        let span = span_of(&option, file);
        let (o, slot) = match option.as_rule() {
            Rule::relay => (SowOption::Relay, &mut relay),
            Rule::skip_region => (SowOption::SkipRegion, &mut skip),
            Rule::start_at => (SowOption::StartAt, &mut start),
            _ => {
                options.push((sow_option(&option, span)?, span));
                continue;
            }
        };
        *slot = Some(Box::new(option_expr(option, span, file)?));
        options.push((o, span));
    }
    Ok(MoveKind::Sow {
        counterclockwise,
        options,
        relay,
        skip,
        start,
    })
}

/// `leap (FILES, RANKS) [through (FILES, RANKS)]` as a walk: a branch per distinct way of
/// turning the offset (either number along the files, each either way), which leaps, tests
/// the landing and offers the site reached; with `through`, it first leaps to the leg (the
/// leg turned the same way), goes on only if that site is empty, and leaps the rest.
fn lower_leap(
    (files, ranks): (i64, i64),
    forward: bool,
    through: Option<(i64, i64, Span)>,
    span: Span,
) -> MoveKind {
    let (leg_files, leg_ranks) = through.map_or((0, 0), |(f, r, _)| (f, r));
    // Each way of turning and mirroring, applied to the offset and to its leg alike; a
    // leap `forward` keeps its ranks as written (the compiler turns them for the mover).
    let (swaps, rank_signs): (&[bool], &[i64]) = match forward {
        false => (&[false, true], &[1, -1]),
        true => (&[false], &[1]),
    };
    let turns = [1, -1]
        .iter()
        .flat_map(|&sf| rank_signs.iter().map(move |&sr| (sf, sr)));
    let mut ways = Vec::new();
    for &swap in swaps {
        for (sf, sr) in turns.clone() {
            let turn = |(f, r): (i64, i64)| match swap {
                false => (sf * f, sr * r),
                true => (sf * r, sr * f),
            };
            let way = (turn((files, ranks)), turn((leg_files, leg_ranks)));
            if !ways.contains(&way) {
                ways.push(way);
            }
        }
    }
    let branch = |((mut files, mut ranks), (leg_files, leg_ranks)): ((i64, i64), (i64, i64))| {
        let mut steps = Vec::new();
        if let Some((_, _, leg_span)) = through {
            steps.push(WalkStep::Leap {
                files: leg_files,
                ranks: leg_ranks,
                forward,
                span: leg_span,
            });
            steps.push(WalkStep::Test(WalkTest::Empty));
            (files, ranks) = (files - leg_files, ranks - leg_ranks);
        }
        steps.extend([
            WalkStep::Leap {
                files,
                ranks,
                forward,
                span,
            },
            WalkStep::Landing,
            WalkStep::Emit,
        ]);
        steps
    };
    MoveKind::Walk(vec![WalkStep::Branch(
        ways.into_iter().map(branch).collect(),
    )])
}

/// `hop DIRECTIONS` as a walk: along each direction, over empty sites to a piece (the
/// screen), over empty sites again to a piece, which must be an enemy's, and land there.
fn lower_hop(directions: Directions) -> MoveKind {
    let empties = || WalkStep::Repeat {
        body: vec![WalkStep::Shift, WalkStep::Test(WalkTest::Empty)],
        min: 0,
        max: MAX_WALK_REPEATS,
    };
    let body = vec![
        empties(),
        WalkStep::Shift,
        WalkStep::Test(WalkTest::Occupied),
        empties(),
        WalkStep::Shift,
        WalkStep::Test(WalkTest::Enemy),
        WalkStep::NotForbidden,
        WalkStep::Emit,
    ];
    MoveKind::Walk(vec![WalkStep::Along { directions, body }])
}

/// `slide along PATH [through loop]` as a walk: along the path, over empty points, to
/// each point the rule's `onto` lets it land on once `loops` loops are passed.
fn lower_path_slide(path: Name, loops: u8) -> MoveKind {
    MoveKind::Walk(vec![
        WalkStep::Follow {
            path,
            loops,
            body: vec![WalkStep::Test(WalkTest::Empty)],
        },
        WalkStep::Landing,
        WalkStep::Emit,
    ])
}

/// The most times a walk repeats a step along a line: the longest line of the largest
/// grid.
const MAX_WALK_REPEATS: u16 = 26;

/// `a, b, c`: the names of a list.
fn lower_names(pair: Pair<Rule>, file: FileId) -> Vec<Name> {
    parts(pair).map(|p| lower_name(p, file)).collect()
}

/// A clause that narrows a capture, read into `clauses`; false if `part` is none.
fn lower_capture_clause(
    part: Pair<Rule>,
    clauses: &mut CaptureClauses,
    file: FileId,
) -> Lowered<bool> {
    match part.as_rule() {
        Rule::of_kinds => clauses.of = Some(lower_names(part, file)),
        Rule::captured_in => clauses.standing = Some((true, lower_max(part, file)?)),
        Rule::captured_outside => clauses.standing = Some((false, lower_max(part, file)?)),
        Rule::against => clauses.against = Some(lower_max(part, file)?),
        _ => return Ok(false),
    }
    Ok(true)
}

/// `capture enclosed DIRS MODE CLAUSES`.
fn lower_enclosed(pair: Pair<Rule>, file: FileId) -> Lowered<Effect> {
    let span = span_of(&pair, file);
    let mut directions = None;
    let mut mode = None;
    let mut clauses = CaptureClauses::default();
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::directions => directions = Some(lower_directions(part, file)),
            Rule::capture_mode => mode = Some(lower_mode(part, file)?),
            _ => {
                lower_capture_clause(part, &mut clauses, file)?;
            }
        }
    }
    Ok(Effect::Enclosed {
        directions: directions.ok_or_else(|| internal(span))?,
        mode: mode.ok_or_else(|| internal(span))?,
        clauses,
        span,
    })
}

/// An effect after a move: `again`, a promotion or a capture.
fn lower_effect(pair: Pair<Rule>, file: FileId) -> Lowered<Effect> {
    match pair.as_rule() {
        Rule::extra_turn => Ok(Effect::Again(span_of(&pair, file))),
        Rule::cell_claim => {
            let span = span_of(&pair, file);
            let kind = parts(pair).find(|p| p.as_rule() == Rule::name);
            let kind = lower_name(kind.ok_or_else(|| internal(span))?, file);
            Ok(Effect::Claim { kind, span })
        }
        Rule::promotion => lower_promotion(pair, file),
        Rule::enclosed_capture => lower_enclosed(pair, file),
        Rule::group_capture => lower_groups(pair, file),
        Rule::custodian_capture => lower_custodian(pair, file),
        _ => Err(internal(span_of(&pair, file))),
    }
}

/// `promote [KIND, ...] to KIND in REGION [at once|at end]`.
fn lower_promotion(pair: Pair<Rule>, file: FileId) -> Lowered<Effect> {
    let span = span_of(&pair, file);
    let (mut names, mut to): (Vec<Name>, Vec<Name>) = (Vec::new(), Vec::new());
    let (mut region, mut leaving, mut mid_chain) = (None, false, None);
    for part in parts(pair) {
        match part.as_rule() {
            Rule::name => names.push(lower_name(part, file)),
            Rule::promotion_leaving => leaving = true,
            Rule::promoted_kinds => to = part.into_inner().map(|p| lower_name(p, file)).collect(),
            Rule::mid_chain => {
                let at = span_of(&part, file);
                mid_chain = match part.into_inner().nth(1).map(|p| p.as_rule()) {
                    Some(Rule::kw_once) => Some((MidChain::AtOnce, at)),
                    _ => Some((MidChain::AtEnd, at)),
                };
            }
            _ => region = Some(lower_expr(part, file)?),
        }
    }
    if to.is_empty() {
        return Err(internal(span));
    }
    Ok(Effect::Promote {
        from: (!names.is_empty()).then_some(names),
        to,
        region: region.ok_or_else(|| internal(span))?,
        leaving,
        mid_chain,
        span,
    })
}

/// `capture groups without liberties DIRS MODE`.
fn lower_groups(pair: Pair<Rule>, file: FileId) -> Lowered<Effect> {
    let span = span_of(&pair, file);
    let (mut directions, mut mode) = (None, None);
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::directions => directions = Some(lower_directions(part, file)),
            Rule::capture_mode => mode = Some(lower_mode(part, file)?),
            _ => {}
        }
    }
    Ok(Effect::Groups {
        directions: directions.ok_or_else(|| internal(span))?,
        mode: mode.ok_or_else(|| internal(span))?,
        span,
    })
}

/// `capture custodian ...`: its runs (along lines or a path, `turning once`), their
/// shortest and longest, its mode and the clauses that narrow it.
fn lower_custodian(pair: Pair<Rule>, file: FileId) -> Lowered<Effect> {
    let span = span_of(&pair, file);
    let mut clauses = CaptureClauses::default();
    let mut shape = None;
    let mut turning_once = false;
    let (mut min_length, mut max_length) = (None, None);
    let mut mode = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::line_run | Rule::path_run => {
                let is_path = part.as_rule() == Rule::path_run;
                for p in part.into_inner() {
                    match p.as_rule() {
                        Rule::directions => {
                            shape = Some(RunShape::Lines(lower_directions(p, file)))
                        }
                        Rule::name if is_path => shape = Some(RunShape::Path(lower_name(p, file))),
                        Rule::turning_once => turning_once = true,
                        _ => {}
                    }
                }
            }
            Rule::max_length => max_length = Some(lower_max(part, file)?),
            Rule::min_length => min_length = Some(Box::new(lower_max(part, file)?)),
            Rule::capture_mode => mode = Some(lower_mode(part, file)?),
            _ => {
                lower_capture_clause(part, &mut clauses, file)?;
            }
        }
    }
    Ok(Effect::Custodian {
        shape: shape.ok_or_else(|| internal(span))?,
        turning_once,
        min_length,
        max_length,
        mode: mode.ok_or_else(|| internal(span))?,
        clauses,
        span,
    })
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left)
                | Op::infix(Rule::op_div, Assoc::Left)
                | Op::infix(Rule::op_mod, Assoc::Left))
            .op(Op::prefix(Rule::op_neg))
    })
}

/// `max N` (or `exactly N`): the expression N.
fn lower_max(pair: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    let span = span_of(&pair, file);
    let e = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::expr)
        .ok_or_else(|| internal(span))?;
    lower_expr(e, file)
}

/// A sowing option without an expression.
fn sow_option(option: &Pair<Rule>, span: Span) -> Lowered<SowOption> {
    Ok(match option.as_rule() {
        Rule::origin_first => SowOption::OriginFirst,
        Rule::skip_opponent_store => SowOption::SkipOpponentStore,
        Rule::skip_stores => SowOption::SkipStores,
        Rule::skip_origin => SowOption::SkipOrigin,
        Rule::marked_to_owner => SowOption::MarkedToOwner,
        _ => return Err(internal(span)),
    })
}

/// The expression of a sowing option (`relay while`, `skip`, `start at`).
fn option_expr(option: Pair<Rule>, span: Span, file: FileId) -> Lowered<Expr> {
    let e = option.into_inner().find(|p| p.as_rule() == Rule::expr);
    lower_expr(e.ok_or_else(|| internal(span))?, file)
}

/// Lowers a whole `expr` pair, refusing expressions larger than [`MAX_EXPRESSION_TERMS`].
fn lower_expr(pair: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    let terms = pair.clone().into_inner().flatten().count();
    if terms > MAX_EXPRESSION_TERMS {
        return Err(Diagnostic::error(
            Code::E0109,
            format!(
                "this expression is too long ({terms} terms; the limit is {MAX_EXPRESSION_TERMS})"
            ),
            span_of(&pair, file),
        )
        .with_help("rule files describe games; no rule needs an expression this large"));
    }
    lower_expr_tree(pair, file)
}

/// Lowers an `expr` pair with the Pratt parser (its size already checked).
fn lower_expr_tree(pair: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    pratt()
        .map_primary(|p| lower_primary(p, file))
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let span = span_of(&op, file).to(rhs.span);
            let op = match op.as_rule() {
                Rule::op_not => UnaryOp::Not,
                _ => UnaryOp::Neg,
            };
            Ok(Expr {
                kind: ExprKind::Unary(op, Box::new(rhs)),
                span,
            })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let op = match op.as_rule() {
                Rule::op_or => BinaryOp::Or,
                Rule::op_and => BinaryOp::And,
                Rule::op_eq => BinaryOp::Eq,
                Rule::op_ne => BinaryOp::Ne,
                Rule::op_lt => BinaryOp::Lt,
                Rule::op_le => BinaryOp::Le,
                Rule::op_gt => BinaryOp::Gt,
                Rule::op_ge => BinaryOp::Ge,
                Rule::op_add => BinaryOp::Add,
                Rule::op_sub => BinaryOp::Sub,
                Rule::op_mod => BinaryOp::Mod,
                Rule::op_div => BinaryOp::Div,
                _ => BinaryOp::Mul,
            };
            let span = lhs.span.to(rhs.span);
            Ok(Expr {
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                span,
            })
        })
        .parse(pair.into_inner())
}

fn lower_primary(pair: Pair<Rule>, file: FileId) -> Lowered<Expr> {
    let span = span_of(&pair, file);
    match pair.as_rule() {
        Rule::int => Ok(Expr {
            kind: ExprKind::Int(lower_int(&pair, file)?),
            span,
        }),
        Rule::name => Ok(Expr {
            kind: ExprKind::Name(lower_name(pair, file)),
            span,
        }),
        Rule::no_legal_move_now => Ok(Expr {
            kind: ExprKind::NoLegalMove,
            span,
        }),
        Rule::call => {
            let mut inner = pair.into_inner();
            let function = lower_name(next(&mut inner, span)?, file);
            let args = inner
                .map(|p| lower_expr(p, file))
                .collect::<Lowered<Vec<_>>>()?;
            Ok(Expr {
                kind: ExprKind::Call { function, args },
                span,
            })
        }
        Rule::expr => lower_expr_tree(pair, file),
        Rule::quantified => {
            let mut inner = pair.into_inner();
            let quantifier = next(&mut inner, span)?;
            let every = quantifier
                .into_inner()
                .next()
                .is_some_and(|p| p.as_rule() == Rule::kw_every);
            let name = lower_name(next(&mut inner, span)?, file);
            let mut exprs = inner.filter(|p| p.as_rule() == Rule::expr);
            let mut take = || exprs.next().ok_or_else(|| internal(span));
            let region = Box::new(lower_expr(take()?, file)?);
            let body = Box::new(lower_expr(take()?, file)?);
            Ok(Expr {
                kind: ExprKind::Quantified {
                    every,
                    name,
                    region,
                    body,
                },
                span,
            })
        }
        _ => Err(internal(span)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each `kw_*` rule of the grammar matches the word its name spells, so that the table
    /// derived from the rule names is the grammar's list of keywords.
    #[test]
    fn the_keyword_table_is_the_grammar_s() {
        let grammar = include_str!("../../../../grammar/game.pest");
        let mut written: Vec<String> = Vec::new();
        for line in grammar.lines().filter(|l| l.starts_with("kw_")) {
            let (name, rule) = line.split_once('=').expect("a rule");
            let word = name.trim().trim_start_matches("kw_").replace('_', "-");
            assert_eq!(
                rule.trim(),
                format!("@{{ \"{word}\" ~ !name_tail }}"),
                "the rule {name} should match the word `{word}`"
            );
            written.push(word);
        }
        written.sort_unstable();
        assert_eq!(keywords(), written);
        for k in STATEMENT_KEYWORDS {
            assert!(
                keywords().contains(&k),
                "`{k}` opens a statement but is no keyword"
            );
        }
        assert_eq!(describe(Rule::kw_extends), "`extends`");
    }
}
