//! The `rulebook` command.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    quit_quietly_on_closed_pipe();
    rulebook::cli::run(rulebook::cli::Cli::parse())
}

/// Rust ignores SIGPIPE, so printing to a reader that has gone (`rulebook perft ... | head`)
/// would panic; with the default action restored the program ends quietly instead, as other
/// command-line tools do.
#[cfg(unix)]
fn quit_quietly_on_closed_pipe() {
    // SAFETY: called first thing in main, before any other thread exists; it only sets the
    // signal's disposition back to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quit_quietly_on_closed_pipe() {}
