//! Files that the program reads and writes for its users: reads are bounded, so a huge or
//! endless file is refused rather than swallowed, and writes are atomic, so a crash or a
//! full disk leaves the old file or the new one, never half of one.

use std::io::{Read as _, Write as _};
use std::path::Path;

/// Reads the bytes of a file of at most `limit` bytes; `what` names the kind of file in the
/// message when it is larger (`a game record`). Only regular files are opened: a FIFO, a
/// device or a folder is refused before it is opened, since reading one may block forever
/// or never end.
pub fn read_bounded(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    if !metadata.is_file() {
        let kind = if metadata.is_dir() {
            "a folder"
        } else {
            "a pipe, a socket or a device"
        };
        return Err(format!(
            "cannot read `{shown}`: it is {kind}, not a regular file"
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "`{shown}` is too large for {what} (the limit is {limit} bytes)"
        ));
    }
    Ok(bytes)
}

/// Reads a UTF-8 text file of at most `limit` bytes (see [`read_bounded`]).
pub fn read_text(path: &Path, limit: u64, what: &str) -> Result<String, String> {
    String::from_utf8(read_bounded(path, limit, what)?).map_err(|e| {
        format!(
            "`{}` is not UTF-8 text (an invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Writes a file atomically: the text goes to a temporary file in the same folder, flushed
/// to disk, which then replaces the target by a rename. On failure the temporary file is
/// removed and the target is as it was.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let Some(name) = path.file_name() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    };
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let write = || -> std::io::Result<()> {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

/// Checks that files can be written into `folder`, by creating and removing a probe file
/// whose name no other process or thread uses at the same time (so runs started together
/// into one folder do not remove each other's probe).
pub fn check_writable_folder(folder: &Path) -> std::io::Result<()> {
    static PROBES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = PROBES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let probe = folder.join(format!(".rulebook-probe.{}.{n}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rulebook-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = temp_dir("write");
        let path = dir.join("x.txt");
        write_atomic(&path, "one\n").unwrap();
        write_atomic(&path, "two\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two\n");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "a temporary file was left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn probes_of_one_folder_at_the_same_time_do_not_collide() {
        let dir = temp_dir("probe");
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..200 {
                        check_writable_folder(&dir).expect("the folder is writable");
                    }
                });
            }
        });
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "a probe was left"
        );
        assert!(check_writable_folder(&dir.join("missing")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = temp_dir("fail");
        // A folder stands where the file would go: the rename fails.
        let path = dir.join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), "kept").unwrap();
        assert!(write_atomic(&path, "new").is_err());
        assert_eq!(
            std::fs::read_to_string(path.join("inside")).unwrap(),
            "kept"
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "the temporary file was removed");
        assert!(write_atomic(Path::new("/"), "x").is_err(), "no file name");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_are_bounded_and_text_must_be_utf8() {
        let dir = temp_dir("read");
        let path = dir.join("f");
        std::fs::write(&path, "12345").unwrap();
        assert_eq!(read_text(&path, 5, "a test file").unwrap(), "12345");
        let e = read_text(&path, 4, "a test file").unwrap_err();
        assert!(
            e.contains("too large for a test file (the limit is 4 bytes)"),
            "{e}"
        );
        std::fs::write(&path, [b'a', 0xff]).unwrap();
        let e = read_text(&path, 5, "a test file").unwrap_err();
        assert!(
            e.contains("not UTF-8 text (an invalid byte at offset 1)"),
            "{e}"
        );
        let e = read_bounded(&dir.join("missing"), 5, "a test file").unwrap_err();
        assert!(e.starts_with("cannot read `"), "{e}");
        let e = read_bounded(&dir, 5, "a test file").unwrap_err();
        assert!(e.ends_with("it is a folder, not a regular file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO with no writer would block `open` forever: it is refused before it is opened.
    /// The read runs on a thread with a time limit, so that a regression fails instead of
    /// hanging the test run.
    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let dir = temp_dir("fifo");
        let fifo = dir.join("pipe.game");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo is not available; skipped");
            return;
        }
        let (send, receive) = std::sync::mpsc::channel();
        let path = fifo.clone();
        std::thread::spawn(move || {
            let _ = send.send(read_bounded(&path, 100, "a rule file"));
        });
        let result = receive
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("reading a FIFO blocked");
        let e = result.unwrap_err();
        assert!(
            e.ends_with("it is a pipe, a socket or a device, not a regular file"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
