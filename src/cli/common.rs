//! What several commands share: loading a game, the start position, the settings line.

use std::io::{BufRead, IsTerminal, Read, Write};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use super::{GameArgs, ProtocolArgs, StartArgs};
use crate::ai::{self, Budget};
use crate::engine::State;
use crate::model::Game;
use crate::notation;
use crate::pipeline::{self, LoadError};
use crate::protocol::{Protocol, MAX_LINE_BYTES};
use crate::render;

/// Whether to colour output on standard error.
pub(super) fn color_stderr() -> bool {
    color_allowed(std::io::stderr().is_terminal())
}

/// Whether to colour output to a stream (`terminal`: whether it is a terminal), by the
/// environment's conventions.
pub(super) fn color_allowed(terminal: bool) -> bool {
    let no_color = std::env::var_os("NO_COLOR");
    let term = std::env::var_os("TERM");
    color_wanted(no_color.as_deref(), term.as_deref(), terminal)
}

/// The colour rule: off when `NO_COLOR` is set to anything but the empty string
/// (no-color.org), off on a `dumb` terminal, otherwise on for a terminal only.
pub(super) fn color_wanted(
    no_color: Option<&std::ffi::OsStr>,
    term: Option<&std::ffi::OsStr>,
    terminal: bool,
) -> bool {
    let no_color = no_color.is_some_and(|v| !v.is_empty());
    let dumb = term.is_some_and(|t| t == "dumb");
    terminal && !no_color && !dumb
}

/// Loads the game the arguments name, with their preset and settings.
pub(super) fn load(args: &GameArgs) -> Result<Arc<Game>, String> {
    pipeline::load(&args.game, args.preset.as_deref(), &args.sets).map_err(|e| render_error(&e))
}

/// A load error as the text to print on standard error.
pub(super) fn render_error(e: &LoadError) -> String {
    e.render(color_stderr())
}

/// FEN's counters at the position `--position` gives: the FEN's own (an SFEN's move
/// number as the fullmove number), or a start's (`0 1`) for rulebook's text or none.
pub(super) fn start_clocks(
    game: &Arc<Game>,
    start: &StartArgs,
) -> Result<notation::Clocks, String> {
    match &start.position {
        Some(text) if notation::is_sfen(game, text) => notation::parse_sfen(game, text)
            .map(|(_, clocks)| clocks)
            .map_err(|e| format!("error: --position: {e}")),
        Some(text) if notation::is_fen(game, text) => notation::parse_fen(game, text)
            .map(|(_, clocks)| clocks)
            .map_err(|e| format!("error: --position: {e}")),
        _ => Ok(notation::Clocks::default()),
    }
}

/// The position of `--position` (or the game's start) after `--moves`.
pub(super) fn start_state(game: Arc<Game>, start: &StartArgs) -> Result<State, String> {
    let state = match &start.position {
        Some(text) => {
            notation::parse_position(&game, text).map_err(|e| format!("error: --position: {e}"))?
        }
        None => State::new(game),
    };
    play_start(state, start)
}

/// Plays `--moves` on a state.
pub(super) fn play_start(mut state: State, start: &StartArgs) -> Result<State, String> {
    for (i, text) in start.moves.split_whitespace().enumerate() {
        notation::play_text(&mut state, text).map_err(|e| {
            let ending = match (&e, state.outcome()) {
                (notation::MoveError::GameOver, Some(o)) => {
                    format!(
                        ": {} ({})",
                        render::result_words(state.game(), o, state.points()),
                        render::end_reason(&state)
                    )
                }
                _ => String::new(),
            };
            format!("error: move {} of --moves: {e}{ending}", i + 1)
        })?;
    }
    Ok(state)
}

/// The game's preset and settings as printed after its name: ` (preset p: a=1 b=2)`.
pub(super) fn settings_line(g: &Game) -> String {
    let s: Vec<String> = g
        .about
        .settings
        .iter()
        .map(|s| format!("{}={}", s.name, s.value))
        .collect();
    match &g.about.preset {
        Some(p) => format!(" (preset {p}: {})", s.join(" ")),
        None if s.is_empty() => String::new(),
        None => format!(" ({})", s.join(" ")),
    }
}

/// What the transport tells a protocol session as soon as it reads it, while the session
/// may still be answering an earlier line: a command of `commands` read, the input's end.
pub(super) struct Interrupt {
    /// The commands told at once.
    pub commands: &'static [&'static str],
    /// What to do when one of them is read.
    pub on_command: Box<dyn Fn() + Send>,
    /// What to do when the input ends.
    pub on_end: Box<dyn Fn() + Send>,
}

/// A line read for a session: `None` at the end of the input, `Some(Err(why))` for a line
/// that cannot be read as text.
type LineRead = Result<Option<Result<String, String>>, String>;

/// Runs a protocol session over standard input and output: each line read is answered
/// (a line too long or not UTF-8 refused in the protocol's words), until the session
/// quits or the input ends. The input is read on a thread of its own, which tells the
/// `interrupt` what it reads as it reads it.
pub(super) fn serve(
    session: &mut impl Protocol,
    interrupt: Option<Interrupt>,
) -> Result<(), String> {
    let (send, lines) = mpsc::channel::<LineRead>();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buffer = Vec::new();
        loop {
            let read: LineRead =
                read_line(&mut input, &mut buffer).map(|line| line.map(|l| l.map(str::to_string)));
            let ended = !matches!(read, Ok(Some(_)));
            if let Some(i) = &interrupt {
                let first = |l: &String| l.split_whitespace().next().map(str::to_string);
                let word = match &read {
                    Ok(Some(Ok(line))) => first(line),
                    _ => None,
                };
                if word.is_some_and(|w| i.commands.contains(&w.as_str())) {
                    (i.on_command)();
                }
                if ended {
                    (i.on_end)();
                }
            }
            if send.send(read).is_err() || ended {
                return;
            }
        }
    });
    let mut out = std::io::stdout().lock();
    for read in lines {
        let answer = match read? {
            None => return Ok(()),
            Some(Ok(line)) => session.handle(&line),
            Some(Err(why)) => session.refuse(&why),
        };
        (out.write_all(answer.text.as_bytes()))
            .and_then(|()| out.flush())
            .map_err(|e| format!("error: cannot write a reply: {e}"))?;
        if answer.quit {
            return Ok(());
        }
    }
    Ok(())
}

/// The computer's budget per move that a protocol's arguments give: their level's
/// iterations, or theirs, with their time limit.
pub(super) fn budget(args: &ProtocolArgs) -> Result<Budget, String> {
    let level = ai::level(&args.level).ok_or_else(|| {
        let names: Vec<&str> = ai::LEVELS.iter().map(|l| l.name).collect();
        format!(
            "error: no level `{}`; the levels are {}",
            args.level,
            names.join(", ")
        )
    })?;
    let mut budget = Budget::reproducible(&level);
    if let Some(n) = args.iterations {
        budget.iterations = n;
    }
    if let Some(seconds) = args.think {
        budget.time = Some(Duration::from_secs_f64(seconds));
    }
    Ok(budget)
}

/// The next line of `input` (read into `buffer`), without its line end: `None` at the end
/// of the input, `Some(Err(why))` for a line over [`MAX_LINE_BYTES`] (read to its end and
/// dropped, so memory stays bounded) or not in UTF-8.
fn read_line<'b>(
    input: &mut impl BufRead,
    buffer: &'b mut Vec<u8>,
) -> Result<Option<Result<&'b str, String>>, String> {
    let failed = |e: std::io::Error| format!("error: cannot read the input: {e}");
    buffer.clear();
    let limit = MAX_LINE_BYTES as u64 + 1;
    let n = (input.by_ref().take(limit))
        .read_until(b'\n', buffer)
        .map_err(failed)?;
    if n == 0 {
        return Ok(None);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
    } else if buffer.len() > MAX_LINE_BYTES {
        input.skip_until(b'\n').map_err(failed)?;
        let why = format!("the line is longer than {MAX_LINE_BYTES} bytes");
        return Ok(Some(Err(why)));
    }
    let line = std::str::from_utf8(buffer).map_err(|e| format!("the line is not UTF-8 text: {e}"));
    Ok(Some(line))
}

#[cfg(test)]
mod tests {
    use super::color_wanted;
    use std::ffi::OsStr;

    #[test]
    fn colour_follows_no_color_and_a_dumb_terminal() {
        let s = |v: &'static str| Some(OsStr::new(v));
        assert!(color_wanted(None, s("xterm"), true));
        assert!(!color_wanted(None, s("xterm"), false), "not a terminal");
        assert!(!color_wanted(s("1"), s("xterm"), true), "NO_COLOR=1");
        assert!(
            color_wanted(s(""), s("xterm"), true),
            "an empty NO_COLOR is ignored"
        );
        assert!(!color_wanted(None, s("dumb"), true), "TERM=dumb");
        assert!(color_wanted(None, None, true));
    }
}
