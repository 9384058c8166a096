//! Work that must end within a time: a test whose code under test might never stop (a
//! search that ignores its time budget, a replay gone quadratic) runs it here, and fails
//! with a message instead of hanging the suite.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Runs `work` on a thread of its own and returns its result, or `Err(limit)` if it has
/// not ended within `limit`. The thread is then left running: the caller stops it if it
/// can (a stop flag) and fails the test. A panic in `work` is the caller's panic.
pub fn finishes_within<T, F>(limit: Duration, work: F) -> Result<T, Duration>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let (done, result) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = done.send(work());
    });
    match result.recv_timeout(limit) {
        Ok(value) => Ok(value),
        Err(RecvTimeoutError::Timeout) => Err(limit),
        Err(RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the worker sends its result before it ends"),
        },
    }
}
