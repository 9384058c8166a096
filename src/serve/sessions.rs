//! The games being played, each under an id the page keeps (two tabs, two ids), and
//! their autosaves: after every change a session's record is written (atomically, by
//! [`record::save`]) to `ID.yaml` in the autosave folder, and the games there are taken
//! up again when the server starts. As the REPL's autosaves ([`autosave`]), only the
//! [`autosave::MAX_SLOTS`] written last are kept.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::{Move, State};
use crate::record::{self, GameSpec, Record};
use crate::repl::autosave;

/// The most sessions held at once: a new one past it is refused.
pub const MAX_SESSIONS: usize = 1000;

/// A game being played: what was asked for, the position, and the moves taken back.
#[derive(Debug)]
pub struct Play {
    /// The game, preset and settings.
    pub spec: GameSpec,
    /// The position.
    pub state: State,
    /// The moves taken back, the last taken back last.
    pub redo: Vec<Move>,
    /// The stop flags of the computer's searches under way on this game.
    pub searches: Vec<Arc<AtomicBool>>,
}

impl Play {
    /// A game at the position given.
    pub fn new(spec: GameSpec, state: State) -> Play {
        Play {
            spec,
            state,
            redo: Vec::new(),
            searches: Vec::new(),
        }
    }
}

/// A session shared between requests.
pub type Shared = Arc<Mutex<Play>>;

/// A search under way on a session: its stop flag, listed in the session (where `stop`
/// finds it) while it lives. Dropped, it sets the flag (a request given up on stops its
/// search) and leaves the list.
#[derive(Debug)]
pub struct Searching {
    shared: Shared,
    /// Set to stop the search.
    pub flag: Arc<AtomicBool>,
}

impl Searching {
    /// A search of a session begun: its flag listed.
    pub fn new(shared: &Shared) -> Searching {
        let flag = Arc::new(AtomicBool::new(false));
        lock(shared).searches.push(Arc::clone(&flag));
        Searching {
            shared: Arc::clone(shared),
            flag,
        }
    }

    /// Whether the search was asked to stop.
    pub fn stopped(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        self.flag.store(true, Ordering::Relaxed);
        lock(&self.shared)
            .searches
            .retain(|f| !Arc::ptr_eq(f, &self.flag));
    }
}

/// Every session, by id, and where they are autosaved.
#[derive(Debug)]
pub struct Sessions {
    map: Mutex<HashMap<String, Shared>>,
    folder: Option<PathBuf>,
    made: AtomicU64,
}

/// Locks a mutex; a lock whose holder panicked is taken as it is (every change to a
/// session is whole before it is stored).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Sessions {
    /// The sessions autosaved in `folder` (none without one), taken up again.
    pub fn restore(folder: Option<PathBuf>) -> Sessions {
        let mut map = HashMap::new();
        for slot in folder.as_deref().map(autosave::list).unwrap_or_default() {
            let id = slot
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned());
            let Some(id) = id.filter(|id| valid_id(id)) else {
                continue;
            };
            if let Ok(state) = slot.record.replay() {
                let play = Play::new(slot.record.setup(), state);
                map.insert(id, Arc::new(Mutex::new(play)));
            }
        }
        Sessions {
            map: Mutex::new(map),
            folder,
            made: AtomicU64::new(0),
        }
    }

    /// Holds a new session under a new id, autosaved at once.
    pub fn add(&self, play: Play) -> Result<String, String> {
        let mut map = lock(&self.map);
        if map.len() >= MAX_SESSIONS {
            return Err(format!("too many games open (at most {MAX_SESSIONS})"));
        }
        let id = self.new_id();
        self.save(&id, &play);
        map.insert(id.clone(), Arc::new(Mutex::new(play)));
        Ok(id)
    }

    /// The session of an id.
    pub fn get(&self, id: &str) -> Option<Shared> {
        lock(&self.map).get(id).cloned()
    }

    /// Writes a session's record to its autosave file; a write that fails is let go (the
    /// game goes on; only a restart would lose it).
    pub fn save(&self, id: &str, play: &Play) {
        let Some(folder) = &self.folder else { return };
        if std::fs::create_dir_all(folder).is_err() {
            return;
        }
        let path = autosave_path(folder, id);
        if record::save(&path, &Record::of(&play.spec, &play.state)).is_ok() {
            autosave::prune(folder, &path);
        }
    }

    /// A fresh id: 16 hexadecimal digits, from the process's random hash keys and a count.
    fn new_id(&self) -> String {
        let n = self.made.fetch_add(1, Ordering::Relaxed);
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(n);
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        format!("{:016x}", hasher.finish())
    }
}

/// The autosave file of a session.
fn autosave_path(folder: &Path, id: &str) -> PathBuf {
    folder.join(format!("{id}.yaml"))
}

/// Whether a text is an id as [`Sessions`] makes them: 1 to 32 hexadecimal digits.
pub fn valid_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit())
}
