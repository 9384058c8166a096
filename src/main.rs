//! The `rulebook` command.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    rulebook::cli::run(rulebook::cli::Cli::parse())
}
