//! The REPL's commands: names, aliases, help text, and parsing a line into a command.

/// A command of the REPL, or a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Help on every command, or on one.
    Help(Option<String>),
    /// List the legal moves: all of them (`all`), those from one site, or, where they
    /// are too many for a screen, how many start at each site.
    Moves(Option<String>),
    /// Take back moves (back to a human player's turn against the computer).
    Undo(usize),
    /// Replay moves taken back.
    Redo(usize),
    /// Start the same game again.
    New,
    /// Start again with another preset.
    Preset(String),
    /// Start again with settings changed (`key=value` each).
    Set(Vec<String>),
    /// Show who the computer plays.
    AiShow,
    /// The computer stops playing.
    AiOff,
    /// The computer plays a side (a player's name, or `both`) at a level.
    Ai {
        /// A player's name or `both`.
        side: String,
        /// A level's name, if given.
        level: Option<String>,
    },
    /// Ask the computer for its best moves, at a level if one is named.
    Hint(Option<String>),
    /// The moves played so far.
    History,
    /// Save the game to a file.
    Save(String),
    /// Load a game from a file.
    Load(String),
    /// The rules summary of the game.
    Show,
    /// Print the board again.
    Board,
    /// The position as text (and as FEN or SFEN where the game has one).
    Text,
    /// The side to move gives up: the other side wins.
    Resign,
    /// Turn the board round (and back).
    Flip,
    /// Return to the position after move N of the history (0: the start).
    Goto(usize),
    /// Draw the position as an SVG picture in a file.
    Svg(String),
    /// Leave.
    Quit,
    /// Not a command: a move to play.
    Move(String),
}

/// A command's name, aliases, usage and help text, and what it takes after its name.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The name.
    pub name: &'static str,
    /// Other names that work the same.
    pub aliases: &'static [&'static str],
    /// How it is typed.
    pub usage: &'static str,
    /// What it does.
    pub help: &'static str,
    /// What it takes after its name, and the command it makes of that.
    takes: Takes,
}

/// What a command takes after its name, and the command it makes of that.
#[derive(Clone, Debug)]
enum Takes {
    /// Nothing.
    Nothing(Command),
    /// A positive count, 1 when none is given.
    Count(fn(usize) -> Command),
    /// One word.
    Word(fn(String) -> Command),
    /// A file name (a leading `~` read as the home folder).
    File(fn(String) -> Command),
    /// One word or none.
    MaybeWord(fn(Option<String>) -> Command),
    /// Words read by a function of its own, which says why when they do not fit.
    Own(fn(&Spec, &[&str]) -> Result<Command, String>),
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "help",
        aliases: &["h", "?"],
        usage: "help [COMMAND]",
        help: "list the commands, or explain one",
        takes: Takes::MaybeWord(Command::Help),
    },
    Spec {
        name: "moves",
        aliases: &["m", "legal"],
        usage: "moves [all|SITE]",
        help: "list the legal moves of the position (if more than a screen, counted by \
               where they start: `moves SITE` lists those, `moves all` every one)",
        takes: Takes::MaybeWord(Command::Moves),
    },
    Spec {
        name: "undo",
        aliases: &["u", "back"],
        usage: "undo [N]",
        help: "take back a move (N moves); against the computer, back to your turn",
        takes: Takes::Count(Command::Undo),
    },
    Spec {
        name: "redo",
        aliases: &["r"],
        usage: "redo [N]",
        help: "play again a move taken back (N moves)",
        takes: Takes::Count(Command::Redo),
    },
    Spec {
        name: "new",
        aliases: &["restart"],
        usage: "new",
        help: "start the same game again (unsaved moves go to the autosave file)",
        takes: Takes::Nothing(Command::New),
    },
    Spec {
        name: "preset",
        aliases: &[],
        usage: "preset NAME",
        help: "start again with a preset of the game",
        takes: Takes::Word(Command::Preset),
    },
    Spec {
        name: "set",
        aliases: &["option"],
        usage: "set KEY=VALUE...",
        help: "start again with settings changed, e.g. `set size=9`",
        takes: Takes::Own(settings),
    },
    Spec {
        name: "ai",
        aliases: &["computer"],
        usage: "ai [SIDE|both [LEVEL]] | ai off",
        help: "the computer plays a side (easy, medium or strong); `ai off` stops it",
        takes: Takes::Own(ai_seat),
    },
    Spec {
        name: "hint",
        aliases: &["suggest"],
        usage: "hint [LEVEL]",
        help: "the computer's best moves for the side to move, with what each gains or loses",
        takes: Takes::MaybeWord(Command::Hint),
    },
    Spec {
        name: "history",
        aliases: &["hist", "record"],
        usage: "history",
        help: "list the moves played, numbered, with who played them",
        takes: Takes::Nothing(Command::History),
    },
    Spec {
        name: "save",
        aliases: &["write"],
        usage: "save FILE",
        help: "save the game record (YAML) to FILE",
        takes: Takes::File(Command::Save),
    },
    Spec {
        name: "load",
        aliases: &["open"],
        usage: "load FILE",
        help: "load a game record and go on from its last move",
        takes: Takes::File(Command::Load),
    },
    Spec {
        name: "show",
        aliases: &["rules"],
        usage: "show",
        help: "the rules summary of the game being played",
        takes: Takes::Nothing(Command::Show),
    },
    Spec {
        name: "board",
        aliases: &["b", "position"],
        usage: "board",
        help: "print the board again",
        takes: Takes::Nothing(Command::Board),
    },
    Spec {
        name: "text",
        aliases: &["fen"],
        usage: "text",
        help: "the position as text, which `--position` reads (and as FEN or SFEN where the game has one)",
        takes: Takes::Nothing(Command::Text),
    },
    Spec {
        name: "goto",
        aliases: &["jump"],
        usage: "goto N",
        help: "go to the position after move N of the history (0: the start); `redo` and `goto` go forward again",
        takes: Takes::Own(move_number),
    },
    Spec {
        name: "resign",
        aliases: &["concede"],
        usage: "resign",
        help: "the side to move gives up (`undo` takes it back)",
        takes: Takes::Nothing(Command::Resign),
    },
    Spec {
        name: "flip",
        aliases: &["turn"],
        usage: "flip",
        help: "turn the board round, to see it from the other side (again: back)",
        takes: Takes::Nothing(Command::Flip),
    },
    Spec {
        name: "svg",
        aliases: &["picture"],
        usage: "svg FILE",
        help: "draw the position as an SVG picture in FILE",
        takes: Takes::File(Command::Svg),
    },
    Spec {
        name: "quit",
        aliases: &["q", "exit"],
        usage: "quit",
        help: "leave (unsaved moves go to the autosave file)",
        takes: Takes::Nothing(Command::Quit),
    },
];

/// The command with this name or alias.
pub fn spec(word: &str) -> Option<&'static Spec> {
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|s| s.name == word || s.aliases.contains(&word.as_str()))
}

/// Every name and alias, for completion.
pub fn names() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .flat_map(|s| std::iter::once(s.name).chain(s.aliases.iter().copied()))
}

/// Parses a line: a command by name or alias with its arguments, or else a move.
pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Err("empty line".into());
    };
    let Some(s) = spec(first) else {
        return Ok(Command::Move(line.to_string()));
    };
    let args: Vec<&str> = words.collect();
    match (&s.takes, args.as_slice()) {
        (Takes::Nothing(c), []) => Ok(c.clone()),
        (Takes::Nothing(_), _) => Err(format!("`{}` takes no argument; {}", s.name, usage(s))),
        (Takes::Count(make), []) => Ok(make(1)),
        (Takes::Count(make), [n]) => (n.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .map(make)
            .ok_or_else(|| format!("`{n}` is not a positive number; {}", usage(s))),
        (Takes::Word(make), [a]) => Ok(make(a.to_string())),
        (Takes::File(make), [f]) => Ok(make(home_expanded(f))),
        (Takes::MaybeWord(make), []) => Ok(make(None)),
        (Takes::MaybeWord(make), [a]) => Ok(make(Some(a.to_string()))),
        (Takes::Own(read), args) => read(s, args),
        _ => Err(usage(s)),
    }
}

/// How a command is typed, as an error says it: `usage: undo [N]`.
fn usage(s: &Spec) -> String {
    format!("usage: {}", s.usage)
}

/// `set`'s words: one `KEY=VALUE` or more.
fn settings(s: &Spec, args: &[&str]) -> Result<Command, String> {
    if args.is_empty() || args.iter().any(|a| !a.contains('=')) {
        Err(usage(s))
    } else {
        Ok(Command::Set(args.iter().map(|a| a.to_string()).collect()))
    }
}

/// `ai`'s words: none (who the computer plays), `off`, or a side and maybe a level.
fn ai_seat(s: &Spec, args: &[&str]) -> Result<Command, String> {
    match args {
        [] => Ok(Command::AiShow),
        [off] if off.eq_ignore_ascii_case("off") => Ok(Command::AiOff),
        [side] => Ok(Command::Ai {
            side: side.to_string(),
            level: None,
        }),
        [side, level] => Ok(Command::Ai {
            side: side.to_string(),
            level: Some(level.to_string()),
        }),
        _ => Err(usage(s)),
    }
}

/// `goto`'s word: a move number of the history (0: the start).
fn move_number(s: &Spec, args: &[&str]) -> Result<Command, String> {
    match args {
        [n] => n
            .parse::<usize>()
            .map(Command::Goto)
            .map_err(|_| format!("`{n}` is not a move number; {}", usage(s))),
        _ => Err(usage(s)),
    }
}

/// The help text: every command, or one, wrapped at word ends to `width` columns.
pub fn help(topic: Option<&str>, width: usize) -> Result<String, String> {
    match topic {
        Some(t) => {
            let s = spec(t).ok_or_else(|| format!("no command `{t}`; `help` lists them"))?;
            let aliases = if s.aliases.is_empty() {
                String::new()
            } else {
                format!(" (also: {})", s.aliases.join(", "))
            };
            let mut out = wrapped(&format!("{}{aliases}", s.usage), "", width);
            out.push_str(&wrapped(s.help, "  ", width));
            Ok(out)
        }
        None => {
            let column = COMMANDS.iter().map(|s| s.usage.len()).max().unwrap_or(0);
            let mut out = wrapped(
                "Type a move in the game's notation (`moves` lists them), or a command:",
                "",
                width,
            );
            // Usage and help side by side when the help has room (30 columns), else the
            // help on the lines below its usage.
            let side_by_side = width >= column + 4 + 30;
            for s in COMMANDS {
                if side_by_side {
                    let indent = " ".repeat(column + 4);
                    let text = wrapped(s.help, &indent, width);
                    out.push_str(&format!("  {:column$}  {}", s.usage, &text[column + 4..]));
                } else {
                    out.push_str(&wrapped(s.usage, "  ", width));
                    out.push_str(&wrapped(s.help, "      ", width));
                }
            }
            out.push_str(&wrapped(
                "Tab completes commands, moves, settings, presets and file names; Ctrl-C \
                 cancels the line (or stops the computer's think); Ctrl-D quits.",
                "",
                width,
            ));
            Ok(out)
        }
    }
}

/// `text` in lines of at most `width` columns, each begun by `indent`, broken at spaces
/// only (a word longer than the line stands on a line of its own).
pub fn wrapped(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        let at_start = line.len() == indent.len();
        if !at_start && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A file name with a leading `~/` (or a lone `~`) read as the home folder, as a shell
/// would; left as it is when `HOME` is not set.
fn home_expanded(file: &str) -> String {
    let home = std::env::var("HOME").ok().filter(|h| !h.is_empty());
    match (file.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            format!("{home}{rest}")
        }
        _ => file.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_parse_to_the_same_command() {
        for s in COMMANDS {
            for a in s.aliases {
                let line = match s.name {
                    "preset" | "save" | "load" | "svg" => format!("{a} x"),
                    "goto" => format!("{a} 1"),
                    "set" => format!("{a} k=v"),
                    _ => a.to_string(),
                };
                let by_name = line.replacen(a, s.name, 1);
                assert_eq!(parse(&line), parse(&by_name), "{line}");
            }
        }
        assert_eq!(parse("Q"), Ok(Command::Quit));
    }

    #[test]
    fn arguments() {
        assert_eq!(parse("undo 3"), Ok(Command::Undo(3)));
        assert_eq!(parse("undo"), Ok(Command::Undo(1)));
        assert!(parse("undo 0")
            .unwrap_err()
            .contains("not a positive number"));
        assert!(parse("undo x y").unwrap_err().contains("usage: undo [N]"));
        assert_eq!(parse("ai off"), Ok(Command::AiOff));
        assert_eq!(parse("hint"), Ok(Command::Hint(None)));
        assert_eq!(
            parse("hint strong"),
            Ok(Command::Hint(Some("strong".into())))
        );
        assert!(parse("hint a b")
            .unwrap_err()
            .contains("usage: hint [LEVEL]"));
        assert_eq!(parse("ai"), Ok(Command::AiShow));
        assert_eq!(
            parse("ai white strong"),
            Ok(Command::Ai {
                side: "white".into(),
                level: Some("strong".into())
            })
        );
        assert_eq!(
            parse("set size=9 corner=board"),
            Ok(Command::Set(vec!["size=9".into(), "corner=board".into()]))
        );
        assert!(parse("set size").is_err());
        assert!(parse("save").unwrap_err().contains("usage: save FILE"));
        assert!(parse("board now")
            .unwrap_err()
            .contains("takes no argument"));
        assert_eq!(parse("moves"), Ok(Command::Moves(None)));
        assert_eq!(parse("m all"), Ok(Command::Moves(Some("all".into()))));
        assert_eq!(parse("  h2-c2 "), Ok(Command::Move("h2-c2".into())));
        assert_eq!(parse("d4:BYYBBY"), Ok(Command::Move("d4:BYYBBY".into())));
        assert!(parse("   ").is_err());
    }

    #[test]
    fn help_lists_every_command_and_explains_one() {
        let all = help(None, 100).unwrap();
        for s in COMMANDS {
            assert!(all.contains(s.usage), "{}", s.name);
        }
        assert!(help(Some("u"), 80).unwrap().contains("take back"));
        assert!(help(Some("fly"), 80).is_err());
    }

    #[test]
    fn a_leading_tilde_is_the_home_folder() {
        let home = std::env::var("HOME").unwrap_or_default();
        if home.is_empty() {
            return; // nothing to expand to
        }
        assert_eq!(
            parse("save ~/x.yaml"),
            Ok(Command::Save(format!("{home}/x.yaml")))
        );
        assert_eq!(parse("load ~"), Ok(Command::Load(home.clone())));
        assert_eq!(parse("save ~x.yaml"), Ok(Command::Save("~x.yaml".into())));
        assert_eq!(parse("save a/~/b"), Ok(Command::Save("a/~/b".into())));
    }
}
