//! The perft data files (`tests/perft/*.perft`), read the same way by every test that
//! checks them: the engine's (tests/perft.rs) and each independent reference's.
//!
//! The format: `#` comments; a case is `game NAME`, optional `preset NAME`, `set
//! KEY=VALUE`, `bulk` and `quick DEPTH` lines, a `moves ...` line (the moves to play from the start,
//! possibly none) or a `position TEXT` line (a position text to start from instead), then
//! `DEPTH COUNT` lines; a blank line or the next `game` line ends a case.

/// One case of a perft file: a game, its configuration, a start, and expected counts.
#[derive(Debug, Default)]
pub struct PerftCase {
    /// The file and line the case starts on, for messages (`tests/perft/x.perft:12`).
    pub place: String,
    /// The game's name.
    pub game: String,
    /// The preset, if one is named.
    pub preset: Option<String>,
    /// `KEY=VALUE` settings.
    pub sets: Vec<String>,
    /// The moves played from the start, separated by spaces.
    pub moves: String,
    /// The position text the case starts from, instead of the start (`position TEXT`).
    pub position: Option<String>,
    /// (depth, leaves) pairs, shallowest first.
    pub counts: Vec<(usize, u64)>,
    /// The game counts its last ply without listing it (`bulk`).
    pub bulk: bool,
    /// The deepest depth the quick suite checks (`quick DEPTH`), whatever the leaf count;
    /// deeper counts are left to the deep tests.
    pub quick: Option<usize>,
}

impl PerftCase {
    /// The deepest depth whose count is at most `limit` leaves (0 if none is).
    pub fn depth_within(&self, limit: u64) -> usize {
        self.counts
            .iter()
            .filter(|&&(_, c)| c <= limit)
            .map(|&(d, _)| d)
            .max()
            .unwrap_or(0)
    }

    /// Panics unless `leaves` (the counts at depths 1, 2, ...) agree with this case's
    /// counts at every depth both have; returns how many depths that is.
    pub fn assert_agrees(&self, leaves: &[u64]) -> usize {
        let mut compared = 0;
        for &(d, c) in &self.counts {
            if let Some(&got) = leaves.get(d - 1) {
                assert_eq!(got, c, "{}: depth {d}", self.place);
                compared += 1;
            }
        }
        compared
    }

    /// The counts down to `depth`.
    pub fn counts_to(&self, depth: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.counts
            .iter()
            .copied()
            .filter(move |&(d, _)| d <= depth)
    }
}

/// The cases of the perft file at `path` (relative to the package's folder); every case
/// must be of the game `game` when one is given. Panics with the file and line on a line
/// it cannot read.
pub fn read(path: &str, game: Option<&str>) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    let mut current: Option<PerftCase> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let place = format!("{path}:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if line.is_empty()
            || (key == "game" && current.as_ref().is_some_and(|c| !c.game.is_empty()))
        {
            out.extend(current.take());
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let case = current.get_or_insert_with(|| PerftCase {
            place: place.clone(),
            ..PerftCase::default()
        });
        match key {
            "game" => {
                assert!(game.is_none_or(|g| g == rest), "{place}: game `{rest}`");
                case.game = rest.to_string();
            }
            "preset" => case.preset = Some(rest.to_string()),
            "set" => case.sets.push(rest.to_string()),
            "moves" => case.moves = rest.to_string(),
            "position" => case.position = Some(rest.to_string()),
            "bulk" => case.bulk = true,
            "quick" => {
                case.quick = Some(
                    rest.parse()
                        .unwrap_or_else(|_| panic!("{place}: bad depth `{rest}`")),
                )
            }
            depth => case.counts.push((
                depth
                    .parse()
                    .unwrap_or_else(|_| panic!("{place}: bad line `{line}`")),
                rest.parse()
                    .unwrap_or_else(|_| panic!("{place}: bad count")),
            )),
        }
    }
    out.extend(current.take());
    assert!(!out.is_empty(), "{path}: no cases");
    out
}
