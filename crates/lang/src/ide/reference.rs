//! The reference's words for keywords and built-in functions, read from the pages of
//! `docs/language/` (embedded): a keyword's section (its heading, its syntax and its first
//! paragraph) and a built-in's row of the table of built-in functions (`functions.md`).

use crate::check::Builtin;
use std::sync::OnceLock;

/// The pages of the language reference (`docs/language/`, by file name), in the order of
/// its index (`README.md`): where two sections quote a word, the earlier one answers.
const PAGES: [(&str, &str); 18] = [
    (
        "overview.md",
        include_str!("../../../../docs/language/overview.md"),
    ),
    (
        "families.md",
        include_str!("../../../../docs/language/families.md"),
    ),
    (
        "syntax.md",
        include_str!("../../../../docs/language/syntax.md"),
    ),
    (
        "declarations.md",
        include_str!("../../../../docs/language/declarations.md"),
    ),
    (
        "board.md",
        include_str!("../../../../docs/language/board.md"),
    ),
    (
        "pieces.md",
        include_str!("../../../../docs/language/pieces.md"),
    ),
    (
        "moves.md",
        include_str!("../../../../docs/language/moves.md"),
    ),
    ("dice.md", include_str!("../../../../docs/language/dice.md")),
    (
        "effects.md",
        include_str!("../../../../docs/language/effects.md"),
    ),
    (
        "sowing.md",
        include_str!("../../../../docs/language/sowing.md"),
    ),
    (
        "constraints.md",
        include_str!("../../../../docs/language/constraints.md"),
    ),
    ("ends.md", include_str!("../../../../docs/language/ends.md")),
    (
        "expressions.md",
        include_str!("../../../../docs/language/expressions.md"),
    ),
    (
        "functions.md",
        include_str!("../../../../docs/language/functions.md"),
    ),
    (
        "moves-as-text.md",
        include_str!("../../../../docs/language/moves-as-text.md"),
    ),
    (
        "positions.md",
        include_str!("../../../../docs/language/positions.md"),
    ),
    (
        "checking.md",
        include_str!("../../../../docs/language/checking.md"),
    ),
    (
        "tiles.md",
        include_str!("../../../../docs/language/tiles.md"),
    ),
];

/// The lines of every page of the reference, page after page.
fn reference() -> impl Iterator<Item = &'static str> {
    PAGES.iter().flat_map(|(_, page)| page.lines())
}

/// The help for a keyword, in Markdown: the first section of the reference whose heading
/// quotes the word (`## \`move slide\` and ...` for `slide`; a page's title is no section),
/// with its syntax, its first paragraph and its first example; `None` for a word no
/// heading quotes.
pub fn keyword(word: &str) -> Option<String> {
    let mut lines = reference();
    let heading = lines
        .by_ref()
        .find(|l| l.starts_with("##") && quotes(l, word))?;
    let section: Vec<&str> = lines.take_while(|l| !l.starts_with('#')).collect();
    let chunks = chunks(&section);
    let first = |pick: &dyn Fn(&&Chunk) -> bool| chunks.iter().find(pick).map(|c| c.text());
    let parts = [
        Some(format!("**{}**", heading.trim_start_matches('#').trim())),
        first(&|c| c.fence == Some("```text")),
        first(&|c| c.fence.is_none()),
        first(&|c| c.fence == Some("```game")),
    ];
    let text = parts.into_iter().flatten().collect::<Vec<_>>().join("\n\n");
    Some(unlinked(&text))
}

/// Markdown with each link written as its text alone: the reference's links
/// (`[move slide](moves.md#move-slide)`) are relative to its pages, and lead nowhere in an
/// editor.
fn unlinked(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after.find("](").and_then(|close| {
            let target = &after[close + 2..];
            let end = target.find(')')?;
            let text = &after[..close];
            let plain = !text.contains(['[', ']']) && !target[..end].contains(char::is_whitespace);
            plain.then_some((text, close + 2 + end + 1))
        });
        match link {
            Some((text, length)) => {
                out.push_str(&rest[..open]);
                out.push_str(text);
                rest = &after[length..];
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A paragraph of the reference, or a fenced block with its fence.
struct Chunk<'a> {
    /// The opening fence of a block (`` ```text ``), or `None` for a paragraph.
    fence: Option<&'a str>,
    /// The lines, fences included.
    lines: Vec<&'a str>,
}

impl Chunk<'_> {
    fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// A section's paragraphs and fenced blocks, in order.
fn chunks<'a>(section: &[&'a str]) -> Vec<Chunk<'a>> {
    let mut out: Vec<Chunk> = Vec::new();
    let mut open = false;
    for &line in section {
        let fence = line.starts_with("```");
        let blank = line.trim().is_empty();
        match out.last_mut() {
            Some(c) if open || (c.fence.is_none() && !blank && !fence) => {
                c.lines.push(line);
                open &= !fence;
            }
            _ if blank => {}
            _ => {
                open = fence;
                out.push(Chunk {
                    fence: fence.then_some(line.trim()),
                    lines: vec![line],
                });
            }
        }
    }
    out
}

/// Whether a heading quotes `word` as one of the words of a `code` span.
fn quotes(heading: &str, word: &str) -> bool {
    heading
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|code| code.split_whitespace().any(|w| w == word))
}

/// A built-in function's signature and meaning, from the reference's table of built-in
/// functions, one paragraph a row, in Markdown; `None` for a name that is no built-in.
pub fn builtin(name: &str) -> Option<String> {
    let rows = rows(name)?;
    let text: Vec<String> = (rows.iter())
        .map(|[call, board, arguments, result, meaning]| {
            format!("{call} -> {result} ({board} board; {arguments})\n\n{meaning}")
        })
        .collect();
    (!text.is_empty()).then(|| unlinked(&text.join("\n\n")))
}

/// A built-in's signature in short: `side(D) -> region`, from the reference's table, or
/// from the checker's types when the table has no row for it.
pub fn signature(name: &str) -> Option<String> {
    // Read once: completion offers every built-in with its signature, and each is a search
    // of the whole reference.
    static SIGNATURES: OnceLock<Vec<(&str, Option<String>)>> = OnceLock::new();
    let all = SIGNATURES.get_or_init(|| {
        let names = Builtin::ALL.iter().map(|(_, name, _, _)| *name);
        names.map(|name| (name, read_signature(name))).collect()
    });
    all.iter().find(|(n, _)| *n == name)?.1.clone()
}

/// A built-in's signature, read from the reference (or the checker's types).
fn read_signature(name: &str) -> Option<String> {
    let (_, _, argument, result) = Builtin::ALL.iter().find(|(_, n, _, _)| *n == name)?;
    Some(match rows(name)?.first() {
        Some([call, _, _, result, _]) => format!("{} -> {result}", call.trim_matches('`')),
        None => format!(
            "{name}({}) -> {}",
            argument.describe(&[]),
            result.describe(&[])
        ),
    })
}

/// The cells of the rows of the table of built-in functions that call built-in `name`;
/// `None` for a name that is no built-in.
fn rows(name: &str) -> Option<Vec<[&'static str; 5]>> {
    Builtin::ALL.iter().find(|(_, n, _, _)| *n == name)?;
    let call = format!("`{name}(");
    let rows = reference()
        .filter(|l| l.starts_with("| "))
        .filter_map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            match cells.as_slice() {
                [_, call_cell, board, arguments, result, meaning, ..]
                    if call_cell.contains(&call) =>
                {
                    Some([*call_cell, *board, *arguments, *result, *meaning])
                }
                _ => None,
            }
        });
    Some(rows.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyword_has_its_section_and_a_builtin_its_rows() {
        let slide = keyword("slide").expect("a section for `slide`");
        assert!(
            slide.starts_with("**`move slide` and `move step`"),
            "{slide}"
        );
        let piece = keyword("piece").expect("a section for `piece`");
        assert!(
            piece.contains(
                "piece NAME [as LETTER] [numbered N] [worth N] [stacked], NAME [as LETTER] ..., ..."
            ),
            "{piece}"
        );
        assert!(
            piece.contains("Every player has pieces of every kind."),
            "{piece}"
        );
        assert_eq!(keyword("xyzzy"), None);
        let side = builtin("side").expect("a row for side");
        assert!(
            side.starts_with("`side(D)` -> region (grid board;"),
            "{side}"
        );
        assert_eq!(builtin("king"), None);
        assert!(signature("pieces").is_some_and(|s| s.starts_with("pieces(")));
    }

    /// The pages embedded are those the index lists, in its order.
    #[test]
    fn the_pages_are_the_index_s() {
        let index = include_str!("../../../../docs/language/README.md");
        let listed: Vec<&str> = (index.lines())
            .skip_while(|l| *l != "## Pages")
            .take_while(|l| !l.starts_with("## ") || *l == "## Pages")
            .filter_map(|l| l.strip_prefix("- [")?.split(']').next())
            .collect();
        let embedded: Vec<&str> = PAGES.iter().map(|(name, _)| *name).collect();
        assert_eq!(embedded, listed);
    }

    #[test]
    fn links_are_written_as_their_text() {
        let text = "see [`move slide`](moves.md#move-slide) and\n[walls\nbetween](#walls), \
                    `piece NAME [as LETTER]` [x] (y) [a](b c)";
        assert_eq!(
            unlinked(text),
            "see `move slide` and\nwalls\nbetween, `piece NAME [as LETTER]` [x] (y) [a](b c)"
        );
    }

    /// A link of the reference leads nowhere in an editor: hover shows its text.
    #[test]
    fn no_hover_text_holds_a_link() {
        let names = Builtin::ALL.iter().map(|(_, name, _, _)| *name);
        for word in crate::syntax::keywords().into_iter().chain(names) {
            for text in [keyword(word), builtin(word)].into_iter().flatten() {
                assert!(!text.contains("]("), "{word}: {text}");
            }
        }
    }
}
