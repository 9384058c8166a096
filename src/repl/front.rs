//! The faces of the REPL: a rustyline editor for people at a terminal (completion, hints,
//! history), and a line-by-line reader for scripts and pipes. Both feed [`Session`].

use std::borrow::Cow;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

use rustyline::completion::{Completer, FilenameCompleter};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

use super::session::Session;

/// The directory for the history file and the autosave: `$RULEBOOK_HOME`, else
/// `$XDG_STATE_HOME/rulebook`, else `~/.local/state/rulebook`.
pub fn data_dir() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("RULEBOOK_HOME")
        .or_else(|| var("XDG_STATE_HOME").map(|d| d.join("rulebook")))
        .or_else(|| var("HOME").map(|h| h.join(".local/state/rulebook")))
}

/// The folder of autosaves ([`super::autosave`]), in [`data_dir`]. The single autosave
/// file of earlier versions (`autosave.yaml`), if there is one, is moved into it first.
pub fn autosave_dir() -> Option<PathBuf> {
    let data = data_dir()?;
    let dir = data.join("autosaves");
    let old = data.join("autosave.yaml");
    if let Ok(record) = crate::record::load(&old) {
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::fs::rename(&old, super::autosave::new_slot(&dir, &record.game));
        }
    }
    Some(dir)
}

/// The commands whose argument is a file name (completed from the file system).
const FILE_COMMANDS: [&str; 3] = ["save", "load", "svg"];

/// Completion and hints from the words the session offers for the current position.
struct LineHelper {
    /// Words completing the first word of a line: legal moves and commands.
    first: Vec<String>,
    /// Per command, the words completing each argument (the last list serves every later
    /// argument).
    arguments: Vec<(String, Vec<Vec<String>>)>,
    files: FilenameCompleter,
    color: bool,
}

impl LineHelper {
    /// The candidates for the word ending at `pos`, and where it starts.
    fn candidates(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &before[start..];
        let command = super::command::spec(before.split_whitespace().next().unwrap_or(""))
            .map_or("", |s| s.name);
        if start > 0 && FILE_COMMANDS.contains(&command) {
            return self
                .files
                .complete_path(line, pos)
                .map_or((start, Vec::new()), |(at, found)| {
                    (at, found.into_iter().map(|p| p.replacement).collect())
                });
        }
        let pool: &[String] = if start == 0 {
            &self.first
        } else {
            // Which argument the word is: the words before it, less the command.
            let index = before[..start].split_whitespace().count() - 1;
            self.arguments
                .iter()
                .find(|(c, _)| c == command)
                .and_then(|(_, pools)| pools.get(index).or(pools.last()))
                .map_or(&[], |w| w.as_slice())
        };
        let mut found: Vec<String> = pool
            .iter()
            .filter(|w| w.starts_with(word))
            .cloned()
            .collect();
        found.dedup();
        (start, found)
    }
}

impl Completer for LineHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(self.candidates(line, pos))
    }
}

impl Hinter for LineHelper {
    type Hint = String;

    /// What every completion of the typed word shares beyond it, shown greyed (the rest
    /// of the word when only one completes it).
    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.trim().is_empty() {
            return None;
        }
        let (start, found) = self.candidates(line, pos);
        let first = found.first()?;
        let shared = found.iter().fold(first.len(), |n, w| {
            first
                .bytes()
                .zip(w.bytes())
                .take(n)
                .take_while(|(a, b)| a == b)
                .count()
        });
        let typed = pos - start;
        (shared > typed).then(|| first[typed..shared].to_string())
    }
}

impl Highlighter for LineHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

impl Validator for LineHelper {}

impl Helper for LineHelper {}

/// The terminal's width in columns: `COLUMNS` if set, else what the terminal on standard
/// output says; `None` when neither says.
pub fn terminal_width() -> Option<usize> {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok());
    columns.filter(|&n: &usize| n > 0).or_else(asked_width)
}

#[cfg(unix)]
fn asked_width() -> Option<usize> {
    // SAFETY: `winsize` is plain data that all zeros initialises; TIOCGWINSZ writes at
    // most one `winsize` through the pointer, which lives for the call.
    let size = unsafe {
        let mut size: libc::winsize = std::mem::zeroed();
        (libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) == 0).then_some(size)
    };
    size.map(|s| usize::from(s.ws_col)).filter(|&n| n > 0)
}

#[cfg(not(unix))]
fn asked_width() -> Option<usize> {
    None
}

/// Runs the session at a terminal with rustyline until the user quits. Ctrl-C cancels the
/// line being typed (or, during the computer's think, stops it); Ctrl-D quits. The history
/// file is read and written in [`data_dir`]; failing to do so never stops play.
pub fn run_terminal(mut session: Session) -> Result<(), String> {
    let stop = session.stop_flag();
    // Outside line editing the terminal sends Ctrl-C as SIGINT: it stops a think.
    let _ = ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::Relaxed));
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .auto_add_history(false)
        .build();
    let mut editor: Editor<LineHelper, DefaultHistory> = Editor::with_config(config)
        .map_err(|e| format!("error: cannot set up the terminal: {e}"))?;
    let history = data_dir().map(|d| d.join("history"));
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    let color = session.color();
    let rest = session.greeting(&mut print_now);
    print_now(&rest);
    loop {
        let arguments = ["ai", "help", "set", "preset"]
            .iter()
            .map(|c| (c.to_string(), session.argument_completions(c)))
            .collect();
        editor.set_helper(Some(LineHelper {
            first: session.completions(),
            arguments,
            files: FilenameCompleter::new(),
            color,
        }));
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                // The width now: the terminal may have been resized at the prompt.
                session.set_width(terminal_width());
                let reply = session.handle_with(&line, &mut print_now);
                print_now(&reply.text);
                if reply.quit {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => println!("(cancelled; `quit` or Ctrl-D leaves)"),
            Err(ReadlineError::Eof) => {
                println!("quit");
                if let Some(note) = session.autosave() {
                    print!("{note}");
                }
                break;
            }
            Err(e) => return Err(format!("error: cannot read the terminal: {e}")),
        }
    }
    if let Some(h) = &history {
        if let Some(dir) = h.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(h);
    }
    Ok(())
}

/// Prints `text` on the terminal at once (the computer's moves as they are played).
fn print_now(text: &str) {
    write_now(&mut std::io::stdout(), text);
}

/// Writes `text` to `out` at once (the computer's moves as they are played).
fn write_now(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// The longest line a script or piped input may hold, in bytes (without its line end).
pub const MAX_LINE_BYTES: usize = 4096;

/// Runs the session over lines of input (a script or a pipe): each line is echoed after the
/// prompt, then its reply printed. Returns whether any line was refused; a refused line
/// does not stop the script. At the end of input unsaved moves go to the autosave folder
/// if the session has one (a script's has none).
/// The input is read a line at a time; a line over [`MAX_LINE_BYTES`] or not in UTF-8 stops
/// the run with an error naming its line number.
pub fn run_lines(
    session: &mut Session,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> Result<bool, String> {
    let mut refused = false;
    let rest = session.greeting(&mut |t: &str| write_now(out, t));
    let _ = write!(out, "{rest}");
    let mut buffer = Vec::with_capacity(MAX_LINE_BYTES);
    for number in 1.. {
        let Some(line) = next_line(&mut input, &mut buffer, number)? else {
            break;
        };
        let _ = writeln!(out, "{}{}", session.prompt(), line);
        let reply = session.handle_with(line, &mut |t: &str| write_now(out, t));
        refused |= reply.error;
        let _ = write!(out, "{}", reply.text);
        if reply.quit {
            return Ok(refused);
        }
    }
    let _ = writeln!(out, "(end of input)");
    if let Some(note) = session.autosave() {
        let _ = write!(out, "{note}");
    }
    Ok(refused)
}

/// Reads line `number` of the input into `buffer`, without its line end (`\n` or `\r\n`);
/// `None` at the end of input. Reads at most [`MAX_LINE_BYTES`] and a line end, so an
/// endless line (`/dev/zero`) is refused at once instead of filling the memory.
fn next_line<'b>(
    input: &mut impl BufRead,
    buffer: &'b mut Vec<u8>,
    number: usize,
) -> Result<Option<&'b str>, String> {
    buffer.clear();
    let limit = MAX_LINE_BYTES as u64 + 2;
    input
        .by_ref()
        .take(limit)
        .read_until(b'\n', buffer)
        .map_err(|e| format!("error: cannot read line {number} of the input: {e}"))?;
    if buffer.is_empty() {
        return Ok(None);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
    }
    if buffer.len() > MAX_LINE_BYTES {
        return Err(format!(
            "error: line {number} of the input is longer than {MAX_LINE_BYTES} bytes"
        ));
    }
    std::str::from_utf8(buffer)
        .map(Some)
        .map_err(|e| format!("error: line {number} of the input is not UTF-8 text: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper() -> LineHelper {
        LineHelper {
            first: ["h2-c2", "h2-d2", "h3-c3", "help", "hint", "history"]
                .map(String::from)
                .to_vec(),
            arguments: vec![
                (
                    "ai".to_string(),
                    vec![
                        ["black", "white", "both"].map(String::from).to_vec(),
                        ["easy", "medium", "strong"].map(String::from).to_vec(),
                    ],
                ),
                (
                    "set".to_string(),
                    vec![["size=", "size=4", "size=5", "corner=", "corner=on"]
                        .map(String::from)
                        .to_vec()],
                ),
                (
                    "preset".to_string(),
                    vec![["8x8", "9x9"].map(String::from).to_vec()],
                ),
            ],
            files: FilenameCompleter::new(),
            color: false,
        }
    }

    #[test]
    fn completion_of_moves_commands_and_arguments() {
        let h = helper();
        assert_eq!(
            h.candidates("h2", 2),
            (0, vec!["h2-c2".into(), "h2-d2".into()])
        );
        assert_eq!(
            h.candidates("hi", 2),
            (0, vec!["hint".into(), "history".into()])
        );
        assert_eq!(h.candidates("ai w", 4), (3, vec!["white".into()]));
        assert_eq!(h.candidates("computer w", 10), (9, vec!["white".into()]));
    }

    #[test]
    fn completion_of_levels_settings_presets_and_files() {
        let h = helper();
        // After the side come the levels only.
        assert_eq!(
            h.candidates("ai white ", 9),
            (9, ["easy", "medium", "strong"].map(String::from).to_vec())
        );
        assert_eq!(h.candidates("ai white s", 10), (9, vec!["strong".into()]));
        assert_eq!(
            h.candidates("set size=", 9),
            (4, ["size=", "size=4", "size=5"].map(String::from).to_vec())
        );
        assert_eq!(
            h.candidates("set size=4 cor", 14).1,
            ["corner=", "corner=on"]
        );
        assert_eq!(h.candidates("preset 9", 8), (7, vec!["9x9".into()]));
        // File names, from the file system.
        let dir = std::env::temp_dir().join(format!("rulebook-complete-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game-one.yaml");
        let (kind, replace) = (crate::files::Kind::GameRecord, crate::files::Replace::Never);
        crate::files::write_atomic(&file, kind, "", replace).unwrap();
        let whole = format!("{}/game-one.yaml", dir.display());
        let line = format!("load {}/game-o", dir.display());
        assert_eq!(h.candidates(&line, line.len()), (5, vec![whole.clone()]));
        let line = format!("svg {}/g", dir.display());
        assert_eq!(h.candidates(&line, line.len()), (4, vec![whole]));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn hints_show_the_rest_of_the_only_completion() {
        let h = helper();
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        assert_eq!(h.hint("h3", 2, &ctx), Some("-c3".into()));
        assert_eq!(h.hint("h2", 2, &ctx), Some("-".into()));
        assert_eq!(h.hint("h2-", 3, &ctx), None);
        assert_eq!(h.hint("his", 3, &ctx), Some("tory".into()));
        assert_eq!(h.hint("ai wh", 5, &ctx), Some("ite".into()));
        assert_eq!(h.hint("", 0, &ctx), None);
    }
}
