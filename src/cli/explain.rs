//! `rulebook explain CODE`: the page of a diagnostic's code (what it means, an example that
//! draws it, the fix), taken from docs/diagnostics.md, which is built into the program.

use crate::diag::{closest, Code};

/// docs/diagnostics.md: a section `## CODE: title` for every code.
pub const PAGES: &str = include_str!("../../docs/diagnostics.md");

/// The page of a code: its section of docs/diagnostics.md, heading included, without the
/// blank lines around it; `None` if the file has no section for it.
pub fn page(code: Code) -> Option<&'static str> {
    let heading = format!("## {code}:");
    let start = PAGES.find(&format!("\n{heading}"))? + 1;
    let rest = &PAGES[start..];
    let end = rest[heading.len()..]
        .find("\n## ")
        .map_or(rest.len(), |i| i + heading.len());
    Some(rest[..end].trim())
}

/// Prints the page of `code`.
pub fn run(code: &str) -> Result<(), String> {
    let Some(found) = Code::parse(code) else {
        let known = Code::ALL.iter().map(|c| c.as_str());
        let hint = match closest(&code.to_ascii_uppercase(), known) {
            Some(near) => format!(" (did you mean `{near}`?)"),
            None => String::new(),
        };
        return Err(format!(
            "`{code}` is not a diagnostic code{hint}; docs/diagnostics.md lists them all"
        ));
    };
    let page = page(found).ok_or_else(|| format!("{found} has no page"))?;
    println!("{page}");
    Ok(())
}
