//! The built `rulebook` binary, run as a user runs it. Every test that starts the program
//! starts it here (cargo gives integration tests its path as `CARGO_BIN_EXE_rulebook`);
//! a test's own wrapper adds what that test needs (a folder, a home, a check of the exit
//! code). [`run_within`] and [`wait_within`] also bound any other child process.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The binary set to run `args` with `NO_COLOR=1`, from the package root (cargo runs
/// integration tests there). Add `.current_dir(...)`, `.env(...)`, or
/// `.env_remove("NO_COLOR")` where a test needs them.
pub fn command<I, S>(args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulebook"));
    // Reports are wrapped to `COLUMNS` when it is set: the tests that want it set it.
    command
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    command
}

/// Runs the binary on `args` with nothing on standard input; returns its status and what
/// it printed.
pub fn run(args: &[&str]) -> Output {
    command(args).output().expect("the binary runs")
}

/// Runs `command` with `input` written to its standard input (then closed); returns its
/// status and what it printed.
pub fn run_with_input(mut command: Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary finishes")
}

/// Runs `command` with `input` written to its standard input (then closed, from a thread
/// of its own, so that a large input cannot block on a full pipe) for at most `limit`:
/// `Err`, saying so, if it had to be killed then.
pub fn run_with_input_within(
    mut command: Command,
    input: Vec<u8>,
    limit: Duration,
) -> Result<Output, String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {command:?}: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A child that quits before reading all of it closes the pipe: not an error here.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = wait_within(child, limit).map_err(|e| format!("{command:?}: {e}"));
    let _ = writer.join();
    output
}

/// Runs `command` (nothing on standard input) for at most `limit`: `Err`, saying so, if
/// it had to be killed then.
pub fn run_within(mut command: Command, limit: Duration) -> Result<Output, String> {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {command:?}: {e}"))?;
    wait_within(child, limit).map_err(|e| format!("{command:?}: {e}"))
}

/// Waits at most `limit` for `child` to end, reading its piped output meanwhile (so that a
/// chatty child cannot block on a full pipe); kills it and returns `Err` if it is still
/// running then.
pub fn wait_within(mut child: Child, limit: Duration) -> Result<Output, String> {
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let status = wait_for_status(&mut child, limit);
    if status.is_err() {
        let _ = child.kill();
        let _ = child.wait();
    }
    Ok(Output {
        status: status?,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// The exit status of `child`, or `Err` if it has not ended within `limit`.
fn wait_for_status(child: &mut Child, limit: Duration) -> Result<ExitStatus, String> {
    let began = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if began.elapsed() > limit => {
                return Err(format!("did not end within {limit:?} and was killed"))
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("cannot be waited for: {e}")),
        }
    }
}

/// A thread reading `pipe` (if there is one) to its end.
fn drain(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Bytes a command printed, as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
