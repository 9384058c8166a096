//! Files that are not regular files, for the tests that name one as an output (issue 52):
//! a FIFO, and a device that a regression could not destroy.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A FIFO made at `dir/name` with `mkfifo`.
pub fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let made = Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
    path
}

/// A null device to name as an output. A program that wrongly replaced its output would,
/// run as root, replace the system's `/dev/null`: as root the device is one of the test's
/// own, made at `dir/name` with `mknod` (`None` where that is not allowed: the case is
/// skipped). Otherwise it is `/dev/null`, which only root could replace.
pub fn null_device(dir: &Path, name: &str) -> Option<PathBuf> {
    // SAFETY: `geteuid` has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return Some(PathBuf::from("/dev/null"));
    }
    let path = dir.join(name);
    let made = Command::new("mknod")
        .arg(&path)
        .args(["c", "1", "3"])
        .status();
    if made.is_ok_and(|s| s.success()) {
        Some(path)
    } else {
        eprintln!("mknod is not allowed here: the case of a device is skipped");
        None
    }
}

/// The names in a folder, sorted: what a refused write must have left there.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
