//! The architecture as tests, for what Cargo cannot say. The crates of the workspace are
//! the layers, and Cargo lets each use only the crates its `Cargo.toml` names; these tests
//! hold those names to [`CRATES`] (so that a change of layering is a change of this table,
//! where a reviewer sees it), the order of the modules inside a crate ([`LAYERS`]), no
//! bundled game named in the sources, no words for players in the engine, no function
//! over [`MAX_FUNCTION_LINES`] lines, no struct of more than [`MAX_STRUCT_FIELDS`] fields
//! (issue 44), no file read or written whole except through [`FILE_ACCESS`] (issue 52),
//! and every engine file that adds to `impl State` named in docs/architecture.md.
//!
//! The source is read as text: comments, string and character literals are blanked first
//! (keeping line numbers), so a `crate::` inside a doc comment or a `{` inside a string
//! counts for nothing.

use std::path::{Path, PathBuf};

/// Every crate of the workspace (its folder) with the crates of the project it depends on.
/// Two stacks stand on the model and know nothing of each other: the engine (then the
/// notation: the hot loop knows no text) and the language front end (text to a compiled
/// game); the tools stand on both, and the top crate (`.`: the command line and the REPL)
/// on everything.
const CRATES: &[(&str, &[&str])] = &[
    ("crates/model", &[]),
    ("crates/engine", &["rulebook-model"]),
    ("crates/notation", &["rulebook-model", "rulebook-engine"]),
    ("crates/lang", &["rulebook-model"]),
    (
        "crates/tools",
        &[
            "rulebook-model",
            "rulebook-engine",
            "rulebook-notation",
            "rulebook-lang",
        ],
    ),
    (
        ".",
        &[
            "rulebook-model",
            "rulebook-engine",
            "rulebook-notation",
            "rulebook-lang",
            "rulebook-tools",
        ],
    ),
];

/// The top-level modules of a crate, each with the modules of the same crate it may use.
type Layers = &'static [(&'static str, &'static [&'static str])];

/// The crates whose modules stand in layers, each with every top-level module of its `src/`
/// and the modules of the same crate that it may use besides itself. In the other crates
/// (the model, the engine, the notation) the modules are parts of one layer.
const LAYERS: &[(&str, Layers)] = &[
    (
        "crates/lang/src",
        &[
            ("diag", &[]),
            ("files", &[]),
            ("catalog", &[]),
            ("syntax", &["diag"]),
            ("check", &["syntax", "diag"]),
            ("compile", &["check", "diag"]),
            ("variant", &["syntax", "diag"]),
            // What an editor asks: names, hover and completion, from the syntax tree.
            ("ide", &["syntax", "check", "diag"]),
            (
                "pipeline",
                &[
                    "variant", "catalog", "compile", "check", "syntax", "diag", "files",
                ],
            ),
        ],
    ),
    (
        "crates/tools/src",
        &[
            ("analysis", &[]),
            ("render", &[]),
            ("yaml", &[]),
            // The computer's search plays random playouts with the analysis' generator.
            ("ai", &["analysis"]),
            // Scenario files and snapshots: perft counts, positions drawn, YAML read.
            ("authoring", &["analysis", "render", "yaml"]),
            // A record is YAML, and names its moves as the text view does.
            ("record", &["render", "yaml"]),
            // The protocols play games through the computer, load them by a game spec and
            // draw positions.
            ("protocol", &["ai", "record", "render"]),
        ],
    ),
    // The command line runs the REPL; the REPL knows nothing of the command line.
    // The language server knows nothing of the command line, which runs it. The web
    // server keeps its games as the REPL autosaves them.
    (
        "src",
        &[
            ("repl", &[]),
            ("lsp", &[]),
            ("serve", &["repl"]),
            ("cli", &["repl", "lsp", "serve"]),
        ],
    ),
];

/// The longest function allowed in the sources, in lines from `fn` to its closing brace.
const MAX_FUNCTION_LINES: usize = 80;

/// Functions over the limit today, each with the issue that splits it: (file, name). Empty:
/// none is known.
/// An entry that is no longer over the limit fails the test, so the list only shrinks.
const ALLOWED_LONG: &[(&str, &str)] = &[];

/// The most fields a struct may name: past it, a struct is split into named parts, each a
/// group of fields that belong together, that a reader can hold in mind (issue 44). Every
/// struct with named fields of the crates' sources counts, in their test modules too (the
/// integration tests of `tests/` are not read).
const MAX_STRUCT_FIELDS: usize = 15;

/// Structs over [`MAX_STRUCT_FIELDS`], each a data table with why: (file, name, reason). An
/// entry that is no longer over the limit (split, or gone) fails the test, so the list only
/// shrinks, and a new struct over the limit is split or listed here with its reason.
const ALLOWED_WIDE: &[(&str, &str, &str)] = &[
    (
        "crates/model/src/lib.rs",
        "Facts",
        "a data table: one flag per fact the compiler derives from the rules, each read alone on the hot path (grouped, every read would go a level deeper)",
    ),
];

/// The one file of `src/` that reads and writes users' files itself; every other file reads
/// and writes them through it (bounded reads of regular files only; atomic writes that
/// replace only regular files, and not a file read as another kind unless forced). No
/// file is exempt, tests included: a test module writes its fixtures through it too.
const FILE_ACCESS: &str = "crates/lang/src/files.rs";

/// Files allowed to name the bundled games: the catalog embeds `games/*.game` by name.
const MAY_NAME_GAMES: &[&str] = &["crates/lang/src/catalog.rs"];

/// The engine's sources, where no text for players may stand.
const ENGINE: &str = "crates/engine/src/";

/// The source folders of every crate: `src` and `crates/*/src`.
fn source_folders() -> Vec<PathBuf> {
    CRATES
        .iter()
        .map(|(c, _)| Path::new(c).join("src"))
        .map(|p| p.strip_prefix(".").map(Path::to_path_buf).unwrap_or(p))
        .collect()
}

/// Every `.rs` file of every crate, sorted, as paths relative to the workspace root.
fn sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/ is readable") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for folder in source_folders() {
        walk(&folder, &mut out);
    }
    out.sort();
    out
}

fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// The source with comments and the contents of string and character literals replaced by
/// spaces; line ends are kept, so line numbers stay true.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if let Some(end) = raw_string_end(b, i) {
            blank(&mut out, i + 1, end - 1);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j.min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            i = match char_literal_end(b, i) {
                Some(end) => {
                    blank(&mut out, i + 1, end - 1);
                    end
                }
                None => i + 1, // a lifetime
            };
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8 (whole literals are blanked)")
}

/// Where a raw string (`r"..."`, `r#"..."#`, `br"..."`) starting at `i` ends, if one does.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    if ident_before || b[i] != b'r' {
        return None;
    }
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    if b.get(i + 1 + hashes) != Some(&b'"') {
        return None;
    }
    let mut closing = vec![b'"'];
    closing.extend(std::iter::repeat_n(b'#', hashes));
    let body = i + 2 + hashes;
    b[body..]
        .windows(closing.len())
        .position(|w| w == closing.as_slice())
        .map(|n| body + n + closing.len())
}

/// Where a character literal starting at `i` ends, or `None` for a lifetime.
fn char_literal_end(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i + 1) == Some(&b'\\') {
        let close = b[i + 2..].iter().position(|&c| c == b'\'')?;
        return Some(i + 2 + close + 1);
    }
    // One character (of up to four UTF-8 bytes), then the closing quote.
    let width = match b.get(i + 1)? {
        c if *c < 0x80 => 1,
        c if *c >= 0xF0 => 4,
        c if *c >= 0xE0 => 3,
        _ => 2,
    };
    (b.get(i + 1 + width) == Some(&b'\'')).then_some(i + 2 + width)
}

/// A file's place: the source folder of its crate (`crates/engine/src`), its top-level
/// module there (`movegen`) and its module path (`["movegen"]`); `None` for a crate root.
struct Place {
    folder: String,
    top: String,
    path: Vec<String>,
}

/// Where a source file stands, or `None` for a crate root (`lib.rs`, `main.rs`).
fn place_of(path: &Path) -> Option<Place> {
    let folder = source_folders()
        .into_iter()
        .find(|f| path.starts_with(f))
        .expect("a file of a crate's source folder");
    let rel = path.strip_prefix(&folder).ok()?;
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        return None;
    }
    Some(Place {
        folder: display(&folder),
        top: parts[0].clone(),
        path: parts,
    })
}

/// The layers of the crate with this source folder, if its modules stand in layers.
fn layers_of(folder: &str) -> Option<Layers> {
    LAYERS.iter().find(|(f, _)| *f == folder).map(|(_, l)| *l)
}

/// The leading identifier of `s`.
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules a line of code reaches through `crate::` (also `crate::{a, b::c}`)
/// and through `super::` chains that climb to the crate root from a file at `module_path`.
fn reached(line: &str, module_path: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let boundary = at == 0 || !line.as_bytes()[at - 1].is_ascii_alphanumeric();
        if !boundary {
            continue;
        }
        let rest = &line[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start => {
                        out.push(ident(&group[i..]).to_string());
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.push(ident(rest).to_string());
        }
    }
    let mut search = 0;
    while let Some(at) = line[search..].find("super::") {
        let at = search + at;
        let boundary = at == 0 || !line.as_bytes()[at - 1].is_ascii_alphanumeric();
        let mut rest = &line[at..];
        let mut climbs = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            climbs += 1;
            rest = r;
        }
        if boundary && climbs >= module_path.len() {
            out.push(ident(rest).to_string());
        }
        search = line.len() - rest.len();
    }
    out.retain(|m| !m.is_empty() && m != "self");
    out
}

/// Why `user` may not use `used` (two names reached from a module of the crate whose source
/// folder is `folder`), if it may not. A name that is not a module of the crate (an item of
/// its root, or another crate re-exported there) is Cargo's to judge.
fn breaks_the_rule(folder: &str, user: &str, used: &str) -> Option<String> {
    let layers = layers_of(folder)?;
    let uses = |module: &str| layers.iter().find(|(m, _)| *m == module).map(|(_, u)| *u);
    match (uses(user), uses(used)) {
        _ if user == used => None,
        (None, _) => Some(format!("`{user}` is not placed in LAYERS")),
        (Some(allowed), Some(_)) if !allowed.contains(&used) => Some(format!(
            "`{user}` may use only {allowed:?} of {folder}, not `{used}`"
        )),
        _ => None,
    }
}

/// The crates of the project that a crate's `Cargo.toml` names as dependencies (of any
/// kind: build, dev or normal), read line by line; the `[workspace...]` tables of the top
/// manifest, which list every crate for the workspace, are left out.
fn project_dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_workspace_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_workspace_table = line.starts_with("[workspace");
        } else if let Some(rest) = line.strip_prefix("rulebook-") {
            if !in_workspace_table {
                let name = ident(&rest.replace('-', "_")).replace('_', "-");
                names.push(format!("rulebook-{name}"));
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn each_crate_depends_only_on_the_crates_of_its_layer() {
    let mut problems = Vec::new();
    for (folder, allowed) in CRATES {
        let manifest = Path::new(folder).join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).expect("a crate's manifest");
        let mut expected: Vec<String> = allowed.iter().map(|c| c.to_string()).collect();
        expected.sort();
        let found = project_dependencies(&text);
        if found != expected {
            problems.push(format!(
                "{folder}: depends on {found:?}, CRATES says {expected:?}"
            ));
        }
    }
    let mut folders: Vec<String> = std::fs::read_dir("crates")
        .expect("crates/ is readable")
        .map(|e| display(&e.expect("a folder entry").path()))
        .collect();
    folders.retain(|f| !CRATES.iter().any(|(c, _)| c == f));
    if !folders.is_empty() {
        problems.push(format!("crates not in CRATES: {folders:?}"));
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn every_top_level_module_has_a_layer() {
    let mut missing = Vec::new();
    for place in sources().iter().filter_map(|p| place_of(p)) {
        let Some(layers) = layers_of(&place.folder) else {
            continue;
        };
        let module = format!("{}/{}", place.folder, place.top);
        if !layers.iter().any(|(m, _)| *m == place.top) && !missing.contains(&module) {
            missing.push(module);
        }
    }
    assert!(
        missing.is_empty(),
        "modules not placed in LAYERS (tests/architecture.rs): {missing:?}"
    );
}

#[test]
fn layers_only_call_down() {
    let mut problems = Vec::new();
    for path in sources() {
        let Some(place) = place_of(&path) else {
            continue;
        };
        let file = display(&path);
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in code_only(&text).lines().enumerate() {
            for used in reached(line, &place.path) {
                if let Some(why) = breaks_the_rule(&place.folder, &place.top, &used) {
                    let import = text.lines().nth(n).unwrap_or("").trim();
                    problems.push(format!("{file}:{}: `{import}`: {why}", n + 1));
                }
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The bundled games' names: each `game "NAME"` line of `games/*.game`, and the file stems.
fn game_names() -> Vec<String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir("games").expect("games/ is readable") {
        let path = entry.expect("a folder entry").path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let stem = path.file_stem().expect("a stem").to_string_lossy();
        names.push(stem.to_lowercase());
        let text = std::fs::read_to_string(&path).expect("a rule file");
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("game \"") {
                if let Some(name) = rest.split('"').next() {
                    names.push(name.to_lowercase());
                }
            }
        }
    }
    names.sort();
    names.dedup();
    assert!(names.len() >= 2, "the bundled games are found: {names:?}");
    names
}

/// Bundled games' names that are also common English words (`go`): `src/` may use the
/// word, and names the game only as its title (`Go`) or a quoted name (`"go"`).
const COMMON_WORDS: [&str; 1] = ["go"];

/// Files where a common word quoted is a protocol's word, not the game: (file, word).
/// UCI's command to search is `go`.
const PROTOCOL_WORDS: &[(&str, &str)] = &[("crates/tools/src/protocol/uci.rs", "go")];

/// Bundled games' names that are also words of the language (`board hex`, and `Hex`, its
/// layout, in the code): `src/` may use the word in any case, and names the game only as
/// its quoted title (`"Hex"`).
const LANGUAGE_WORDS: [&str; 1] = ["hex"];

/// Bundled games' names of one letter (`y`), which the code uses as a variable, a
/// coordinate, a JSON key or a colour's letter in either case: named only by the quoted
/// title (`"Y"`), as the words of the language are.
const LETTER_NAMES: [&str; 1] = ["y"];

/// `name` with its first letter in upper case.
fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Whether `name` occurs in `line` (both lower case) as a whole word.
fn has_word(line: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    line.match_indices(name).any(|(at, _)| {
        !word(line[..at].chars().next_back()) && !word(line[at + name.len()..].chars().next())
    })
}

#[test]
fn no_bundled_game_is_named_in_the_sources() {
    let names = game_names();
    let mut problems = Vec::new();
    for path in sources() {
        let file = display(&path);
        if MAY_NAME_GAMES.contains(&file.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let named = |name: &&String| {
                if LANGUAGE_WORDS.contains(&name.as_str()) || LETTER_NAMES.contains(&name.as_str())
                {
                    // A keyword and a layout too: named only by its quoted title.
                    return line.contains(&format!("\"{}\"", capitalised(name)));
                }
                match COMMON_WORDS.contains(&name.as_str()) {
                    // An English word too ("go on"): named only as the game is, "Go" or "go".
                    true => {
                        let protocol_word =
                            PROTOCOL_WORDS.contains(&(file.as_str(), name.as_str()));
                        has_word(line, &capitalised(name))
                            || (!protocol_word && line.contains(&format!("\"{name}\"")))
                    }
                    false => has_word(&lower, name),
                }
            };
            for name in names.iter().filter(named) {
                problems.push(format!("{file}:{}: names the game `{name}`", n + 1));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// What may carry a string literal in the engine: the message of a broken invariant, for
/// programmers. The words players read (move text, refusals) are the notation's.
const INVARIANT_MESSAGES: &[&str] = &[".expect(", "unreachable!(", "panic!(", "assert"];

#[test]
fn the_engine_holds_no_words() {
    let mut problems = Vec::new();
    for path in sources() {
        let file = display(&path);
        if !file.starts_with(ENGINE) {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (n, line) in code_only(&text).lines().enumerate() {
            let Some(quote) = line.find('"') else {
                continue;
            };
            if !INVARIANT_MESSAGES.iter().any(|m| line[..quote].contains(m)) {
                let words = text.lines().nth(n).unwrap_or("").trim();
                problems.push(format!(
                    "{file}:{}: `{words}`: text for players belongs in crates/notation/",
                    n + 1
                ));
            }
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Where the block opened by the `{` at `open` closes, if it does.
fn block_end(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    (open..b.len()).find(|&i| {
        match b[i] {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            _ => {}
        }
        depth == 0
    })
}

/// Every function of a file: (name, first line, lines from `fn` to its closing brace).
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let b = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        let boundary = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let name = ident(&code[at + 3..]);
        if !boundary || name.is_empty() {
            continue;
        }
        // The body begins at the first `{` before any `;` (a declaration without a body).
        let Some(open) = code[at..].find(['{', ';']).map(|n| at + n) else {
            continue;
        };
        if b[open] == b';' {
            continue;
        }
        if let Some(close) = block_end(b, open) {
            let first = line_of(at);
            out.push((name.to_string(), first, line_of(close) - first + 1));
        }
    }
    out
}

/// What a limit finds wrong: each item over it, `(file, name, what is wrong)`, that
/// `allowed` (`(file, name)`, the list named `list`) does not excuse, then each entry of
/// `allowed` that excused nothing (no longer over the limit: to be removed). `item` is
/// the item's keyword, `fn` or `struct`.
fn limit_problems(
    over: Vec<(String, String, String)>,
    allowed: &[(&str, &str)],
    list: &str,
    item: &str,
) -> Vec<String> {
    let mut used = vec![false; allowed.len()];
    let mut problems = Vec::new();
    for (file, name, wrong) in over {
        match allowed.iter().position(|&(f, n)| f == file && n == name) {
            Some(k) => used[k] = true,
            None => problems.push(wrong),
        }
    }
    for ((file, name), used) in allowed.iter().zip(used) {
        if !used {
            problems.push(format!(
                "{file}: `{item} {name}` is allowed in {list} but is no longer over the limit: remove it"
            ));
        }
    }
    problems
}

#[test]
fn no_function_is_over_the_limit() {
    let mut over = Vec::new();
    for path in sources() {
        let file = display(&path);
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (name, line, lines) in functions(&code_only(&text)) {
            if lines > MAX_FUNCTION_LINES {
                let wrong = format!(
                    "{file}:{line}: `fn {name}` has {lines} lines (the limit is {MAX_FUNCTION_LINES})"
                );
                over.push((file.clone(), name, wrong));
            }
        }
    }
    let problems = limit_problems(over, ALLOWED_LONG, "ALLOWED_LONG", "fn");
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Every struct with named fields of a file (comments and literals blanked): (name, line
/// of `struct`, fields). Tuple and unit structs are left out.
fn structs(code: &str) -> Vec<(String, usize, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("struct") {
        let after = at + "struct".len();
        let keyword = (at == 0 || !is_ident_byte(b[at - 1]))
            && b.get(after).is_some_and(u8::is_ascii_whitespace);
        let name = ident(code[after..].trim_start());
        if !keyword || name.is_empty() {
            continue;
        }
        let header = after + code[after..].find(name).expect("the name follows") + name.len();
        let Some(open) = fields_open(code, header) else {
            continue;
        };
        if let Some(close) = block_end(b, open) {
            let line = code[..at].matches('\n').count() + 1;
            out.push((name.to_string(), line, field_count(&code[open + 1..close])));
        }
    }
    out
}

/// Where the braces of a struct's fields open, reading its header from `from` (after its
/// name: generics, a `where` clause); `None` for a tuple or a unit struct.
fn fields_open(code: &str, from: usize) -> Option<usize> {
    let b = code.as_bytes();
    let (mut angles, mut after_where) = (0usize, false);
    for i in from..b.len() {
        match b[i] {
            b'<' => angles += 1,
            b'>' if b[i - 1] != b'-' => angles = angles.saturating_sub(1),
            b'{' if angles == 0 => return Some(i),
            b';' if angles == 0 => return None,
            // A tuple struct's fields; in a `where` clause, the arguments of `Fn(..)`.
            b'(' if angles == 0 && !after_where => return None,
            _ if angles == 0 && !is_ident_byte(b[i - 1]) && ident(&code[i..]) == "where" => {
                after_where = true;
            }
            _ => {}
        }
    }
    None
}

/// How many fields a struct's body (what its braces hold, comments and literals blanked)
/// names: its parts between commas outside every bracket, `<...>` of generics included
/// (the `>` of an arrow, `fn(u8) -> u8`, closes nothing), attributes and visibility
/// (`pub(super)`) part of the field they stand before.
fn field_count(body: &str) -> usize {
    let b = body.as_bytes();
    let mut open: Vec<u8> = Vec::new();
    let (mut count, mut filled) = (0, false);
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'[' | b'{' | b'<' => open.push(c),
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' if open.last() == Some(&b'<') => {
                open.pop();
            }
            // A closing bracket closes the `<` left open inside it (a comparison).
            b')' | b']' | b'}' => while open.pop().is_some_and(|o| o == b'<') {},
            b',' if open.is_empty() => {
                count += usize::from(filled);
                filled = false;
                continue;
            }
            _ => {}
        }
        filled |= !c.is_ascii_whitespace();
    }
    count + usize::from(filled)
}

#[test]
fn no_struct_is_over_the_limit() {
    let mut over = Vec::new();
    for path in sources() {
        let file = display(&path);
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (name, line, fields) in structs(&code_only(&text)) {
            if fields > MAX_STRUCT_FIELDS {
                let wrong = format!(
                    "{file}:{line}: `struct {name}` has {fields} fields (the limit is \
                     {MAX_STRUCT_FIELDS}): split it into named parts, or list it in \
                     ALLOWED_WIDE with why"
                );
                over.push((file.clone(), name, wrong));
            }
        }
    }
    let allowed: Vec<(&str, &str)> = ALLOWED_WIDE.iter().map(|&(f, n, _)| (f, n)).collect();
    let problems = limit_problems(over, &allowed, "ALLOWED_WIDE", "struct");
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// Whether `b` may be part of an identifier.
fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The calls in `code` (comments and literals blanked) that read or write a whole file, or
/// open one to write, without [`FILE_ACCESS`]: `std::fs::read`, `read_to_string` and
/// `write` (also imported: `use std::fs::{read, write}`), `File::create` (and
/// `create_new`) and `OpenOptions`; each with its line, in order.
fn file_access(code: &str) -> Vec<(usize, String)> {
    let starts = |at: usize| at == 0 || !is_ident_byte(code.as_bytes()[at - 1]);
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fs::").filter(|(at, _)| starts(*at)) {
        let rest = &code[at + "fs::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
            None => vec![rest],
        };
        for name in names.into_iter().map(|n| ident(n.trim_start())) {
            if ["read", "read_to_string", "write"].contains(&name) {
                found.push((at, format!("fs::{name}")));
            }
        }
    }
    for call in ["File::create", "OpenOptions"] {
        for (at, _) in code.match_indices(call).filter(|(at, _)| starts(*at)) {
            found.push((at, call.to_string()));
        }
    }
    found.sort();
    found
        .into_iter()
        .map(|(at, call)| (code[..at].matches('\n').count() + 1, call))
        .collect()
}

#[test]
fn users_files_are_read_and_written_only_through_files_rs() {
    let mut problems = Vec::new();
    for path in sources() {
        let file = display(&path);
        if file == FILE_ACCESS {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        for (line, call) in file_access(&code_only(&text)) {
            problems.push(format!(
                "{file}:{line}: `{call}`: read and write files through {FILE_ACCESS} \
                 (bounded reads of regular files; checked, atomic writes)"
            ));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The checks of the checks: the scanner finds what it must and nothing else.
#[test]
fn the_scanner_reads_imports_functions_and_literals() {
    let code = code_only(
        "use crate::{model::Game, engine};\n// crate::cli in a comment\nlet s = \"crate::ai {\";\nlet c = '{'; fn f<'a>(x: &'a str) {\n    super::super::repl::x();\n}\n",
    );
    let lines: Vec<&str> = code.lines().collect();
    let path = ["render".to_string(), "text".to_string()];
    assert_eq!(reached(lines[0], &path), ["model", "engine"]);
    assert!(reached(lines[1], &path).is_empty());
    assert!(reached(lines[2], &path).is_empty());
    assert_eq!(reached(lines[4], &path), ["repl"]);
    assert_eq!(functions(&code), [("f".to_string(), 4, 3)]);
    assert!(has_word("the game mangala.", "mangala"));
    assert!(!has_word("mangalas", "mangala"));
    let (lang, tools) = ("crates/lang/src", "crates/tools/src");
    assert_eq!(
        breaks_the_rule(lang, "syntax", "check").as_deref(),
        Some("`syntax` may use only [\"diag\"] of crates/lang/src, not `check`")
    );
    assert!(breaks_the_rule(lang, "compile", "check").is_none());
    // A name that is no module of the crate is Cargo's to judge.
    assert!(breaks_the_rule(lang, "check", "rulebook_model").is_none());
    assert!(breaks_the_rule(tools, "render", "record").is_some());
    assert!(breaks_the_rule(tools, "newcomer", "render").is_some());
    assert!(breaks_the_rule("crates/engine/src", "movegen", "capture").is_none());
    assert!(breaks_the_rule("src", "cli", "repl").is_none());
    assert!(breaks_the_rule("src", "repl", "cli").is_some());
    let manifest = "[dependencies]\nrulebook-model.workspace = true\nrulebook-lang = { path = \"x\" }\n[workspace.dependencies]\nrulebook-tools = { path = \"y\" }\n";
    assert_eq!(
        project_dependencies(manifest),
        ["rulebook-lang", "rulebook-model"]
    );
    let code = code_only(
        "let a = std::fs::read_to_string(p);\n// std::fs::write in a comment\nuse std::fs::{\n    read_dir,\n    write,\n};\nlet f = File::create(p); let d = std::fs::read_dir(p); fs::read(p);\nlet o = OpenOptions::new(); let n = \"fs::write\"; let m = OtherFile::create(p);\n",
    );
    let calls = file_access(&code);
    let expected = [
        (1, "fs::read_to_string"),
        (3, "fs::write"),
        (7, "File::create"),
        (7, "fs::read"),
        (8, "OpenOptions"),
    ];
    assert_eq!(calls.len(), expected.len(), "{calls:?}");
    for ((line, call), (l, c)) in calls.iter().zip(expected) {
        assert_eq!((*line, call.as_str()), (l, c));
    }
}

#[test]
fn the_architecture_names_every_file_that_adds_to_the_state() {
    let holding: Vec<String> = (sources().iter())
        .filter(|p| display(p).starts_with(ENGINE))
        .filter(|p| {
            let code = code_only(&std::fs::read_to_string(p).expect("a source reads"));
            code.lines().any(|l| l.starts_with("impl State"))
        })
        .map(|p| display(p)[ENGINE.len()..].to_string())
        .collect();
    let doc = std::fs::read_to_string("docs/architecture.md").expect("the doc reads");
    let said = format!("by concern ({} files)", holding.len());
    assert!(
        doc.contains(&said),
        "docs/architecture.md should say `{said}`"
    );
    for file in holding {
        assert!(doc.contains(&format!("`{file}`")), "{file} is not named");
    }
}

#[test]
fn the_scanner_counts_the_fields_of_structs() {
    let code = code_only(concat!(
        "/// A doc, with commas, and `struct InDoc { a: u8 }`.\n",
        "#[derive(Debug, Clone)]\n",
        "pub struct Wide<'a, T: Fn(u8) -> u8> where T: Clone {\n",
        "    /// Its names, comma, separated: `Vec<(u8, u8)>`.\n",
        "    #[serde(skip_serializing_if = \"Option::is_none\", rename = \"a,b\")]\n",
        "    pub(super) declared: HashMap<String, (Span, &'static str)>,\n",
        "    pub(crate) call: fn(u8, u16) -> Result<u8, String>,\n",
        "    bits: [u8; 1 << 3],\n",
        "    nested: Vec<Vec<(u8, Option<BTreeMap<u8, u8>>)>>,\n",
        "    last: &'a T\n",
        "}\n",
        "struct Pair(u8, u16);\nstruct Unit;\nstruct Bounded<T>(T) where T: Fn(u8);\n",
        "enum E { A { x: u8, y: u8 } }\n// struct Commented { a: u8 }\n",
        "let s = \"struct InText { a: u8, b: u8 }\"; let destructure = |Pair(a, b)| a;\n",
        "struct Empty {}\n",
        "struct Generic<T> where T: Fn(u8) -> u8 { f: T, g: u8, }\n",
    ));
    let found = structs(&code);
    let expected = [("Wide", 3, 5), ("Empty", 18, 0), ("Generic", 19, 2)];
    assert_eq!(found.len(), expected.len(), "{found:?}");
    for ((name, line, fields), (n, l, f)) in found.iter().zip(expected) {
        assert_eq!((name.as_str(), *line, *fields), (n, l, f));
    }
    // An item over a limit that the list does not excuse, and an entry that excuses none.
    let over = vec![
        (
            "a.rs".to_string(),
            "Big".to_string(),
            "a.rs: Big".to_string(),
        ),
        (
            "b.rs".to_string(),
            "New".to_string(),
            "b.rs: New".to_string(),
        ),
    ];
    let allowed = [("a.rs", "Big"), ("c.rs", "Split")];
    assert_eq!(
        limit_problems(over, &allowed, "LIST", "struct"),
        [
            "b.rs: New",
            "c.rs: `struct Split` is allowed in LIST but is no longer over the limit: remove it"
        ]
    );
}
