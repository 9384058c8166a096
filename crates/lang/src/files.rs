//! Files that the program reads and writes for its users. Every read and write of a
//! user's file goes through here (`tests/architecture.rs` fails on `std::fs::read`,
//! `std::fs::read_to_string`, `std::fs::write`, `File::create` or `OpenOptions` anywhere
//! else in `src/`):
//!
//! - reads are bounded, so a huge or endless file is refused rather than swallowed, and
//!   only regular files are read (a FIFO may block forever, a device never end);
//! - writes are atomic, so a crash or a full disk leaves the old file or the new one, never
//!   half of one; they replace only regular files (a symbolic link is followed and the file
//!   it leads to replaced, a device, FIFO or socket is refused), never a file the program
//!   has read as another kind of file (a picture over the rule file being played) unless
//!   the user insists, and the temporary file of a writer that was killed is removed by
//!   the next write to the same file.

use std::ffi::{OsStr, OsString};
use std::fs::{File, Metadata, OpenOptions, Permissions};
use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a file is to the program: the kind of a file read, or of a file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A rule file (`.game`), or a file one extends.
    RuleFile,
    /// A game record saved by the REPL (YAML).
    GameRecord,
    /// The record of a `rulebook match` (`--record`).
    MatchRecord,
    /// A scenario file of `rulebook test`.
    Scenario,
    /// A behaviour snapshot.
    Snapshot,
    /// An SVG picture or chart.
    Picture,
}

impl Kind {
    /// The kind in a sentence: `a rule file`.
    pub fn what(self) -> &'static str {
        match self {
            Kind::RuleFile => "a rule file",
            Kind::GameRecord => "a game record",
            Kind::MatchRecord => "a match record",
            Kind::Scenario => "a scenario file",
            Kind::Snapshot => "a behaviour snapshot",
            Kind::Picture => "a picture",
        }
    }
}

/// Whether an output may replace a file the program has read as another kind of file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replace {
    /// Never: the refusal asks for another file (the REPL, which has no `--force`).
    Never,
    /// Not unless `--force` is given; it was not, and the refusal says so.
    UnlessForced,
    /// Yes: `--force` was given.
    Forced,
}

impl Replace {
    /// [`Replace::Forced`] if `force` (a command's `--force`), else
    /// [`Replace::UnlessForced`].
    pub fn forced(force: bool) -> Replace {
        if force {
            Replace::Forced
        } else {
            Replace::UnlessForced
        }
    }
}

/// A file the program has read: its canonical path and (on Unix) its device and inode,
/// which name it also through another link, with the kind it was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Input {
    path: Option<PathBuf>,
    inode: Option<(u64, u64)>,
    kind: Kind,
}

impl Input {
    /// Whether `other` is this file read: at the same path, or another link to it (the
    /// same inode, while the file read is still at its path: an inode freed is reused).
    fn same_file(&self, other: &Input) -> bool {
        let Some(path) = &self.path else {
            return false;
        };
        let still_there = || std::fs::metadata(path).is_ok_and(|m| inode(&m) == self.inode);
        Some(path) == other.path.as_ref()
            || (self.inode.is_some() && self.inode == other.inode && still_there())
    }
}

/// Every file read so far by this process, each once per kind.
static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

/// The file at `path`, with its metadata, as an [`Input`] of `kind`.
fn input(path: &Path, metadata: &Metadata, kind: Kind) -> Input {
    Input {
        path: std::fs::canonicalize(path).ok(),
        inode: inode(metadata),
        kind,
    }
}

/// The device and inode of a file, which name it through any of its links.
#[cfg(unix)]
fn inode(metadata: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    Some((metadata.dev(), metadata.ino()))
}

/// Not known here: files read are known by their canonical paths alone.
#[cfg(not(unix))]
fn inode(_: &Metadata) -> Option<(u64, u64)> {
    None
}

/// Remembers that the file at `path` was read as `kind`.
fn note_read(path: &Path, metadata: &Metadata, kind: Kind) {
    let read = input(path, metadata, kind);
    let mut inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    if !inputs.iter().any(|i| i.kind == kind && i.same_file(&read)) {
        inputs.push(read);
    }
}

/// A kind other than `kind` that the file at `path` was read as, if any.
fn read_as_other(path: &Path, metadata: &Metadata, kind: Kind) -> Option<Kind> {
    let target = input(path, metadata, kind);
    let inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    inputs
        .iter()
        .find(|i| i.kind != kind && i.same_file(&target))
        .map(|i| i.kind)
}

/// What a file is when it is not a regular file (`a folder`), or `None` for a regular file.
fn not_regular(metadata: &Metadata) -> Option<&'static str> {
    let file_type = metadata.file_type();
    if file_type.is_file() {
        None
    } else if file_type.is_dir() {
        Some("a folder")
    } else {
        Some(special(file_type))
    }
}

/// What a file that is neither a regular file nor a folder is: `a FIFO (a named pipe)`.
#[cfg(unix)]
fn special(file_type: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if file_type.is_fifo() {
        "a FIFO (a named pipe)"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

/// What a file that is neither a regular file nor a folder is.
#[cfg(not(unix))]
fn special(_: std::fs::FileType) -> &'static str {
    "a special file"
}

/// Opens a file to read without waiting for a writer (a FIFO's `open` would block).
#[cfg(unix)]
fn open_to_read(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Opens a file to read.
#[cfg(not(unix))]
fn open_to_read(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// Reads the bytes of a file of at most `limit` bytes, read as `kind` (named in the message
/// when it is larger: `too large for a game record`). Only regular files are read: a FIFO,
/// a device or a folder is refused before it is opened, and again if one took the file's
/// place before it was opened. The file is remembered, so that no output replaces it
/// unless it is of the same kind (see [`write_atomic`]).
pub fn read_bounded(path: &Path, limit: u64, kind: Kind) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let cannot = |e: std::io::Error| format!("cannot read `{shown}`: {e}");
    let refuse = |what: &str| format!("cannot read `{shown}`: it is {what}, not a regular file");
    let metadata = std::fs::metadata(path).map_err(cannot)?;
    if let Some(what) = not_regular(&metadata) {
        return Err(refuse(what));
    }
    let file = open_to_read(path).map_err(cannot)?;
    let metadata = file.metadata().map_err(cannot)?;
    if let Some(what) = not_regular(&metadata) {
        return Err(refuse(what));
    }
    note_read(path, &metadata, kind);
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "`{shown}` is too large for {} (the limit is {limit} bytes)",
            kind.what()
        ));
    }
    Ok(bytes)
}

/// Reads a UTF-8 text file of at most `limit` bytes (see [`read_bounded`]).
pub fn read_text(path: &Path, limit: u64, kind: Kind) -> Result<String, String> {
    String::from_utf8(read_bounded(path, limit, kind)?).map_err(|e| {
        format!(
            "`{}` is not UTF-8 text (an invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// The most symbolic links followed from an output's path to the file it replaces.
const MAX_LINKS: usize = 40;

/// The file that `path` leads to through symbolic links: `path` itself when it is no link;
/// a file that does not exist yet is named as it is (a dangling link leads to the file it
/// would create).
fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut file = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&file) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&file)?;
                file = match file.parent() {
                    Some(folder) => folder.join(link),
                    None => link,
                };
            }
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => return Ok(file),
        }
    }
    Err(std::io::Error::other(format!(
        "it leads through more than {MAX_LINKS} symbolic links"
    )))
}

/// Checks that `path` may be written as a file of `kind`, and returns the file a write
/// replaces: `path`, or the file its symbolic links lead to. Refuses a path that names no
/// file, a folder, a device, a FIFO or a socket, and a file this program has read as
/// another kind of file (the rule file being played, under a picture) unless `replace` is
/// [`Replace::Forced`]. Commands that work long before they write call it first, so that
/// a refusal comes before the work.
pub fn check_output(path: &Path, kind: Kind, replace: Replace) -> Result<PathBuf, String> {
    let mut shown = format!("`{}`", path.display());
    let file = follow_links(path).map_err(|e| format!("cannot write {shown}: {e}"))?;
    if file != path {
        shown = format!("{shown} (a link to `{}`)", file.display());
    }
    let refuse = |why: String| format!("cannot write {shown}: {why}");
    if file.file_name().is_none() {
        return Err(refuse("the path names no file".into()));
    }
    let metadata = match std::fs::metadata(&file) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(file),
        Err(e) => return Err(refuse(e.to_string())),
    };
    if let Some(what) = not_regular(&metadata) {
        return Err(refuse(format!(
            "it is {what}, not a regular file, and only a regular file is replaced"
        )));
    }
    let read = match read_as_other(&file, &metadata, kind) {
        Some(read) if replace != Replace::Forced => read,
        _ => return Ok(file),
    };
    let why = format!(
        "it was read as {} and would be replaced by {}",
        read.what(),
        kind.what()
    );
    Err(refuse(match replace {
        Replace::UnlessForced => format!("{why} (--force replaces it)"),
        _ => format!("{why}; choose another file"),
    }))
}

/// Writes `text` to `path` as a file of `kind`, atomically: to a temporary file beside the
/// file replaced (`.NAME.rulebook-tmp-PID`), flushed to disk, then renamed over it, with
/// the permissions of the file it replaces. `path` is checked first ([`check_output`]): a
/// symbolic link is followed, a device, a FIFO or a file read as another kind refused. On
/// failure the temporary file is removed and the file is as it was. The message names the
/// file and the reason.
pub fn write_atomic(path: &Path, kind: Kind, text: &str, replace: Replace) -> Result<(), String> {
    let file = check_output(path, kind, replace)?;
    replace_file(&file, text).map_err(|e| format!("cannot write `{}`: {e}", path.display()))
}

/// The writers of this process take turns, so that when a write begins, a temporary file
/// named with this process's id is one left by a killed process that had the same id.
static WRITING: Mutex<()> = Mutex::new(());

/// Replaces `file` (not a link) by `text` through a temporary file beside it.
fn replace_file(file: &Path, text: &str) -> std::io::Result<()> {
    let _turn = WRITING.lock().unwrap_or_else(|e| e.into_inner());
    let Some(name) = file.file_name() else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    };
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    remove_stale_temporaries(folder, name);
    let mut temp_name = temporary_prefix(name);
    temp_name.push(std::process::id().to_string());
    let temp = folder.join(temp_name);
    let permissions: Option<Permissions> = std::fs::metadata(file).ok().map(|m| m.permissions());
    let write = || -> std::io::Result<()> {
        let mut out = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        if let Some(p) = permissions {
            out.set_permissions(p)?;
        }
        out.write_all(text.as_bytes())?;
        out.sync_all()?;
        drop(out);
        std::fs::rename(&temp, file)
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

/// The name of a temporary file of a write to `name`, without the writer's process id:
/// `.NAME.rulebook-tmp-`.
fn temporary_prefix(name: &OsStr) -> OsString {
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(".rulebook-tmp-");
    prefix
}

/// Removes the temporary files that writers of `name` in `folder` left when they were
/// killed before their rename: those of a process that is no longer running, or of this
/// one (see [`WRITING`]).
fn remove_stale_temporaries(folder: &Path, name: &OsStr) {
    let prefix = temporary_prefix(name);
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let entry_name = entry.file_name();
        let pid = (entry_name.as_encoded_bytes())
            .strip_prefix(prefix.as_encoded_bytes())
            .and_then(|rest| std::str::from_utf8(rest).ok())
            .filter(|rest| rest.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|rest| rest.parse::<u32>().ok());
        match pid {
            Some(pid) if pid == std::process::id() || !running(pid) => {
                let _ = std::fs::remove_file(entry.path());
            }
            _ => {}
        }
    }
}

/// Whether a process `pid` is running (on this machine, in this process's namespace).
#[cfg(unix)]
fn running(pid: u32) -> bool {
    match libc::pid_t::try_from(pid) {
        // No writer had a process id of 0 or beyond the type's range.
        Ok(pid) if pid > 0 => {
            // SAFETY: signal 0 is not sent: `kill` only checks that the process exists.
            let found = unsafe { libc::kill(pid, 0) } == 0;
            found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
        }
        _ => false,
    }
}

/// Whether a process is running: not known here, so every other process's temporary
/// files are kept.
#[cfg(not(unix))]
fn running(_: u32) -> bool {
    true
}

/// Checks that files can be written into `folder`, by creating and removing a probe file
/// whose name no other process or thread uses at the same time (so runs started together
/// into one folder do not remove each other's probe).
pub fn check_writable_folder(folder: &Path) -> std::io::Result<()> {
    static PROBES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = PROBES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let probe = folder.join(format!(".rulebook-probe.{}.{n}", std::process::id()));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rulebook-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn write(path: &Path, text: &str) -> Result<(), String> {
        write_atomic(path, Kind::Picture, text, Replace::Never)
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = temp_dir("write");
        let path = dir.join("x.txt");
        write(&path, "one\n").unwrap();
        write(&path, "two\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two\n");
        assert_eq!(
            names_in(&dir),
            ["x.txt"],
            "a temporary file was left behind"
        );
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
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file() {
        let dir = temp_dir("fail");
        // A folder stands where the file would go: refused, left as it was.
        let path = dir.join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), "kept").unwrap();
        let e = write(&path, "new").unwrap_err();
        assert!(e.contains("it is a folder, not a regular file"), "{e}");
        assert_eq!(
            std::fs::read_to_string(path.join("inside")).unwrap(),
            "kept"
        );
        assert_eq!(names_in(&dir), ["taken"]);
        // The folder of the file does not exist: no temporary file either.
        let e = write(&dir.join("missing/x.svg"), "new").unwrap_err();
        assert!(e.starts_with("cannot write `"), "{e}");
        assert_eq!(names_in(&dir), ["taken"]);
        let e = write(Path::new("/"), "x").unwrap_err();
        assert!(e.ends_with("the path names no file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_are_bounded_and_text_must_be_utf8() {
        let dir = temp_dir("read");
        let path = dir.join("f");
        std::fs::write(&path, "12345").unwrap();
        assert_eq!(read_text(&path, 5, Kind::Scenario).unwrap(), "12345");
        let e = read_text(&path, 4, Kind::Scenario).unwrap_err();
        assert!(
            e.contains("too large for a scenario file (the limit is 4 bytes)"),
            "{e}"
        );
        std::fs::write(&path, [b'a', 0xff]).unwrap();
        let e = read_text(&path, 5, Kind::Scenario).unwrap_err();
        assert!(
            e.contains("not UTF-8 text (an invalid byte at offset 1)"),
            "{e}"
        );
        let e = read_bounded(&dir.join("missing"), 5, Kind::Scenario).unwrap_err();
        assert!(e.starts_with("cannot read `"), "{e}");
        let e = read_bounded(&dir, 5, Kind::Scenario).unwrap_err();
        assert!(e.ends_with("it is a folder, not a regular file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Runs `f` on a thread with a time limit, so that a regression that blocks (opening a
    /// FIFO without a reader or a writer) fails instead of hanging the test run.
    #[cfg(unix)]
    fn within_5_s<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(f());
        });
        receive
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("the call blocked")
    }

    /// A FIFO made in `dir`, or `None` where `mkfifo` is missing.
    #[cfg(unix)]
    fn fifo(dir: &Path) -> Option<PathBuf> {
        let fifo = dir.join("pipe.game");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            Some(fifo)
        } else {
            eprintln!("mkfifo is not available; skipped");
            None
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_neither_read_nor_replaced_and_nothing_blocks() {
        let dir = temp_dir("fifo");
        let Some(fifo) = fifo(&dir) else { return };
        let path = fifo.clone();
        let e = within_5_s(move || read_bounded(&path, 100, Kind::RuleFile)).unwrap_err();
        assert!(
            e.ends_with("it is a FIFO (a named pipe), not a regular file"),
            "{e}"
        );
        let path = fifo.clone();
        let e = within_5_s(move || write(&path, "<svg/>")).unwrap_err();
        assert!(
            e.contains("it is a FIFO (a named pipe), not a regular file"),
            "{e}"
        );
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        assert_eq!(names_in(&dir), ["pipe.game"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt as _;

    /// A null device to write over: as root one of the test's own, made in `dir` (a
    /// regression would otherwise replace the system's `/dev/null`); else `/dev/null`,
    /// which only root could replace. `None` where `mknod` is not allowed.
    #[cfg(unix)]
    fn null_device(dir: &Path) -> Option<PathBuf> {
        // SAFETY: `geteuid` has no preconditions and cannot fail.
        if unsafe { libc::geteuid() } != 0 {
            return Some(PathBuf::from("/dev/null"));
        }
        let path = dir.join("null");
        let made = std::process::Command::new("mknod")
            .arg(&path)
            .args(["c", "1", "3"])
            .status();
        made.is_ok_and(|s| s.success()).then_some(path)
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_not_replaced() {
        let dir = temp_dir("device");
        let Some(device) = null_device(&dir) else {
            eprintln!("mknod is not allowed here; skipped");
            return;
        };
        let e = check_output(&device, Kind::GameRecord, Replace::Forced).unwrap_err();
        assert_eq!(
            e,
            format!(
                "cannot write `{}`: it is a device, not a regular file, and only a regular \
                 file is replaced",
                device.display()
            )
        );
        let e = write(&device, "x").unwrap_err();
        assert!(e.contains("it is a device"), "{e}");
        let kept = std::fs::symlink_metadata(&device).unwrap().file_type();
        assert!(kept.is_char_device());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A link is followed: the file it leads to is replaced (from its own folder), the link
    /// stays a link; a dangling link creates the file it leads to.
    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_followed_and_kept() {
        let dir = temp_dir("link");
        let (here, there) = (dir.join("here"), dir.join("there"));
        std::fs::create_dir_all(&here).unwrap();
        std::fs::create_dir_all(&there).unwrap();
        std::fs::write(there.join("real.svg"), "old").unwrap();
        std::os::unix::fs::symlink("../there/real.svg", here.join("link.svg")).unwrap();
        write(&here.join("link.svg"), "new").unwrap();
        assert_eq!(
            std::fs::read_to_string(there.join("real.svg")).unwrap(),
            "new"
        );
        assert!(std::fs::symlink_metadata(here.join("link.svg"))
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(names_in(&here), ["link.svg"]);
        assert_eq!(names_in(&there), ["real.svg"]);
        std::os::unix::fs::symlink("../there/new.svg", here.join("dangling.svg")).unwrap();
        write(&here.join("dangling.svg"), "made").unwrap();
        assert_eq!(
            std::fs::read_to_string(there.join("new.svg")).unwrap(),
            "made"
        );
        std::os::unix::fs::symlink("loop", here.join("loop")).unwrap();
        let e = write(&here.join("loop"), "x").unwrap_err();
        assert!(e.contains("more than 40 symbolic links"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file read as a rule file is not replaced by another kind of file, unless forced,
    /// also through a link; a file read as a record is replaced by a record.
    #[test]
    fn a_file_read_is_replaced_only_by_its_own_kind_unless_forced() {
        let dir = temp_dir("inputs");
        let rules = dir.join("my.game");
        std::fs::write(&rules, "game \"Mine\"\n").unwrap();
        read_text(&rules, 100, Kind::RuleFile).unwrap();
        let e = write(&rules, "<svg/>").unwrap_err();
        assert!(
            e.ends_with(
                "my.game`: it was read as a rule file and would be replaced by a picture; \
                 choose another file"
            ),
            "{e}"
        );
        let e = write_atomic(&rules, Kind::MatchRecord, "x", Replace::UnlessForced).unwrap_err();
        assert!(
            e.ends_with("by a match record (--force replaces it)"),
            "{e}"
        );
        assert_eq!(std::fs::read_to_string(&rules).unwrap(), "game \"Mine\"\n");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("my.game", dir.join("link.svg")).unwrap();
            let e = write(&dir.join("link.svg"), "<svg/>").unwrap_err();
            assert!(e.contains("(a link to `"), "{e}");
            assert_eq!(std::fs::read_to_string(&rules).unwrap(), "game \"Mine\"\n");
        }
        write_atomic(&rules, Kind::Picture, "<svg/>", Replace::Forced).unwrap();
        assert_eq!(std::fs::read_to_string(&rules).unwrap(), "<svg/>");
        let record = dir.join("game.yaml");
        std::fs::write(&record, "moves: []\n").unwrap();
        read_text(&record, 100, Kind::GameRecord).unwrap();
        write_atomic(&record, Kind::GameRecord, "moves: [a1]\n", Replace::Never).unwrap();
        assert_eq!(std::fs::read_to_string(&record).unwrap(), "moves: [a1]\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The temporary file of a writer killed before its rename is removed by the next
    /// write to the same file, unless its process still runs.
    #[cfg(unix)]
    #[test]
    fn stale_temporary_files_are_removed_and_live_ones_kept() {
        let dir = temp_dir("stale");
        let mut ended = std::process::Command::new("true").spawn().unwrap();
        ended.wait().unwrap();
        let mut alive = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let stale = format!(".games.txt.rulebook-tmp-{}", ended.id());
        let live = format!(".games.txt.rulebook-tmp-{}", alive.id());
        let other = format!(".other.txt.rulebook-tmp-{}", ended.id());
        let own = format!(".games.txt.rulebook-tmp-{}", std::process::id());
        for name in [&stale, &live, &other, &own] {
            std::fs::write(dir.join(name), "half").unwrap();
        }
        write(&dir.join("games.txt"), "whole").unwrap();
        let left = names_in(&dir);
        let _ = alive.kill();
        let _ = alive.wait();
        let mut expected = vec![live, other, "games.txt".to_string()];
        expected.sort();
        assert_eq!(left, expected);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_permissions_of_the_file_replaced_are_kept() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = temp_dir("mode");
        let path = dir.join("x.yaml");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
        write(&path, "new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
