//! Checks shared by the tests of the sowing games' independent references
//! (tests/kalah_reference.rs, tests/oware_reference.rs, tests/toguz_kumalak_reference.rs):
//! the perft data file, the scenario file of hand-built positions, and OpenSpiel's random
//! games (tests/openspiel/*-games.txt), each read and checked against a reference.
//! Nothing here knows a game's rules.

use serde_yaml::Value;

use super::perft_file;
use super::xorshift::XorShift;

/// What the checks need of a reference implementation.
pub trait Reference: Sized + Clone {
    /// The players' names in turn order.
    const PLAYERS: [&'static str; 2];
    /// The start position.
    fn start() -> Self;
    /// A position read from its text.
    fn read(text: &str) -> Self;
    /// The position as text.
    fn text(&self) -> String;
    /// The legal moves, sorted.
    fn legal(&self) -> Vec<String>;
    /// The position after a legal move.
    fn after(&self, mv: &str) -> Self;
    /// `None` while the game goes on; `Some(None)` a draw; `Some(Some(p))` player p won.
    fn result(&self) -> Option<Option<usize>>;
    /// The player to move.
    fn mover(&self) -> usize;
    /// The board as `rulebook position` draws it.
    fn drawing(&self) -> String;
    /// Leaf counts at depths 1..=depth.
    fn leaves(&self, depth: usize) -> Vec<u64>;
}

/// Implements [`Reference`] for a reference module's `Game`, whose API is the same in
/// every sowing reference (`new`, `from_position`, `to_text`, `moves`, `play`, `outcome`,
/// `to_move`, `rows`, `stores`, `perft`); `marks` gives the marks to draw.
macro_rules! sowing_reference {
    ($module:ident, |$game:ident| $marks:expr) => {
        impl $crate::common::sowing_checks::Reference for $module::Game {
            const PLAYERS: [&'static str; 2] = $module::PLAYERS;
            fn start() -> Self {
                $module::Game::new()
            }
            fn read(text: &str) -> Self {
                $module::Game::from_position(text)
            }
            fn text(&self) -> String {
                self.to_text()
            }
            fn legal(&self) -> Vec<String> {
                self.moves()
            }
            fn after(&self, mv: &str) -> Self {
                self.play(mv)
            }
            fn result(&self) -> Option<Option<usize>> {
                self.outcome()
            }
            fn mover(&self) -> usize {
                self.to_move()
            }
            fn drawing(&self) -> String {
                #[allow(unused_variables)]
                let $game = self;
                $crate::common::sowing_checks::diagram(
                    Self::PLAYERS,
                    &self.rows(),
                    self.stores(),
                    &$marks,
                )
            }
            fn leaves(&self, depth: usize) -> Vec<u64> {
                self.perft(depth)
            }
        }
    };
}
pub(crate) use sowing_reference;

/// `PLAYER wins`, `draw` or `none`.
pub fn outcome_text<R: Reference>(o: Option<Option<usize>>) -> String {
    match o {
        None => "none".to_string(),
        Some(None) => "draw".to_string(),
        Some(Some(p)) => format!("{} wins", R::PLAYERS[p]),
    }
}

/// Checks every block of a perft file whose counts stay under `max_leaves` leaves; returns
/// how many counts were compared.
pub fn check_perft_file<R: Reference>(path: &str, game: &str, max_leaves: u64) -> usize {
    let mut compared = 0;
    for case in perft_file::read(path, Some(game)) {
        let mut g = R::start();
        for m in case.moves.split_whitespace() {
            g = g.after(m);
        }
        let depths: Vec<usize> = case.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(
            depths,
            (1..=depths.len()).collect::<Vec<_>>(),
            "{}",
            case.place
        );
        let depth = case.depth_within(max_leaves);
        assert!(
            depth >= 3,
            "{}: fewer than 3 depths under {max_leaves} leaves",
            case.place
        );
        let counts: Vec<u64> = case.counts_to(depth).map(|(_, c)| c).collect();
        assert_eq!(g.leaves(depth), counts, "{}", case.place);
        compared += depth;
    }
    compared
}

fn move_list(v: &Value) -> Vec<String> {
    match v {
        Value::Null => Vec::new(),
        Value::String(s) => s.split_whitespace().map(String::from).collect(),
        Value::Number(n) => vec![n.to_string()],
        Value::Sequence(items) => items.iter().flat_map(move_list).collect(),
        other => panic!("moves are a list or a string, not {other:?}"),
    }
}

/// A drawing without the spaces at the ends of its lines and the blank lines around it.
fn normalize(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// Checks every case of a scenario file against the reference; every rule id
/// `PREFIX-1..=PREFIX-rules` must have a case. Returns the number of cases.
pub fn check_scenarios<R: Reference>(path: &str, game: &str, prefix: &str, rules: usize) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: Value = serde_yaml::from_str(&text).expect("valid YAML");
    assert_eq!(
        file["game"].as_str(),
        Some(format!("../../games/{game}.game").as_str())
    );
    let cases = file["cases"].as_sequence().expect("cases");
    for id in 1..=rules {
        let tag = format!("{prefix}-{id}:");
        let tag_and = format!("{prefix}-{id} and");
        assert!(
            cases.iter().any(|c| {
                let n = c["name"].as_str().unwrap();
                n.contains(&tag) || n.contains(&tag_and)
            }),
            "{path}: no case for {prefix}-{id}"
        );
    }
    let known = [
        "name",
        "position",
        "moves",
        "to_move",
        "legal_moves",
        "legal_count",
        "legal",
        "illegal",
        "outcome",
        "board",
    ];
    for case in cases {
        let name = case["name"].as_str().expect("a name");
        assert!(name.starts_with(prefix), "{name}: name the rule id first");
        for key in case.as_mapping().unwrap().keys() {
            let key = key.as_str().unwrap();
            assert!(known.contains(&key), "{name}: unknown key {key}");
        }
        let mut g = match case["position"].as_str() {
            Some(p) => {
                let g = R::read(p);
                if g.result().is_none() {
                    assert_eq!(g.text(), p, "{name}: the position is written canonically");
                }
                g
            }
            None => R::start(),
        };
        for m in move_list(&case["moves"]) {
            assert!(g.legal().contains(&m), "{name}: {m} is not legal");
            g = g.after(&m);
        }
        if let Some(p) = case["to_move"].as_str() {
            assert_eq!(R::PLAYERS[g.mover()], p, "{name}: to_move");
        }
        let legal = g.legal();
        if !case["legal_moves"].is_null() {
            let mut want = move_list(&case["legal_moves"]);
            want.sort();
            assert_eq!(legal, want, "{name}: legal_moves");
        }
        if let Some(n) = case["legal_count"].as_u64() {
            assert_eq!(legal.len() as u64, n, "{name}: legal_count");
        }
        for m in move_list(&case["legal"]) {
            assert!(legal.contains(&m), "{name}: {m} should be legal");
        }
        for m in move_list(&case["illegal"]) {
            assert!(!legal.contains(&m), "{name}: {m} should not be legal");
        }
        if let Some(o) = case["outcome"].as_str() {
            assert_eq!(outcome_text::<R>(g.result()), o, "{name}: outcome");
        }
        if let Some(b) = case["board"].as_str() {
            assert_eq!(normalize(&g.drawing()), normalize(b), "{name}: board");
        }
    }
    cases.len()
}

/// Replays OpenSpiel's random games (`perft.py GAME --random-games N`): at every ply the
/// position text, the sorted legal moves and the outcome must be the reference's. Returns
/// the plies compared.
pub fn check_openspiel_games<R: Reference>(path: &str) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut g = R::start();
    let mut plies = 0;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{path}:{}", n + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with("game ") {
            g = R::start();
            continue;
        }
        let parts: Vec<&str> = line.split(" ; ").map(str::trim).collect();
        assert_eq!(parts.len(), 4, "{at}: MOVE ; TEXT ; LEGAL ; OUTCOME");
        assert!(g.legal().iter().any(|m| m == parts[0]), "{at}: not legal");
        g = g.after(parts[0]);
        assert_eq!(g.text(), parts[1], "{at}: position");
        let want: Vec<String> = parts[2].split_whitespace().map(String::from).collect();
        assert_eq!(g.legal(), want, "{at}: legal moves");
        assert_eq!(outcome_text::<R>(g.result()), parts[3], "{at}: outcome");
        plies += 1;
    }
    plies
}

/// Plays seeded random games from the start and checks what must hold at every ply:
/// the stones are conserved, a game in progress has moves, a finished one has none and
/// its text reads back to the same position. Returns the plies played.
pub fn random_games<R: Reference>(games: usize, seed: u64, total: impl Fn(&R) -> u32) -> usize {
    let mut rng = XorShift(seed | 1);
    let stones = total(&R::start());
    let mut plies = 0;
    for _ in 0..games {
        let mut g = R::start();
        while g.result().is_none() {
            let moves = g.legal();
            assert!(
                !moves.is_empty(),
                "{}: a game in progress has moves",
                g.text()
            );
            g = g.after(&moves[rng.below(moves.len())]);
            assert_eq!(total(&g), stones, "{}: stones conserved", g.text());
            plies += 1;
            assert!(plies < 10_000_000, "games too long");
        }
        assert!(g.legal().is_empty(), "a finished game has no moves");
        let again = R::read(&g.text());
        assert_eq!(again.text(), g.text());
        assert_eq!(again.result(), g.result());
    }
    plies
}

/// The board drawn as `rulebook position` draws a mancala board: the second player's row
/// on top numbered from that player's left (so from the right of the drawing), the first
/// player's row below, the second player's store on the left and the first player's on
/// the right; then a line for each marked pit (`OWNER K is marked by PLAYER`), in the
/// order south 1.., north 1... `marks` lists (row owner, pit number, marking player).
pub fn diagram(
    players: [&str; 2],
    rows: &[Vec<u32>; 2],
    stores: [u32; 2],
    marks: &[(usize, usize, usize)],
) -> String {
    let n = rows[0].len();
    let width = rows
        .iter()
        .flatten()
        .chain(stores.iter())
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let cell = width + 2;
    let pit = |p: usize, k: usize| format!("[{:>width$}]", rows[p][k - 1]);
    let numbers = |ks: Vec<usize>| {
        ks.iter()
            .map(|k| format!("{k:^cell$}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let indent = " ".repeat(cell + 1);
    let mut out = String::new();
    out += &format!("{indent}{}\n", players[1]);
    out += &format!("{indent}{}\n", numbers((1..=n).rev().collect()));
    let top: Vec<String> = (1..=n).rev().map(|k| pit(1, k)).collect();
    out += &format!("{indent}{}\n", top.join(" "));
    let row_width = n * (cell + 1) - 1;
    out += &format!(
        "[{:>width$}]{:row_width$}  [{:>width$}]\n",
        stores[1], "", stores[0]
    );
    let bottom: Vec<String> = (1..=n).map(|k| pit(0, k)).collect();
    out += &format!("{indent}{}\n", bottom.join(" "));
    out += &format!("{indent}{}\n", numbers((1..=n).collect()));
    out += &format!("{indent}{}\n", players[0]);
    let mut marks = marks.to_vec();
    marks.sort();
    for (owner, k, by) in marks {
        out += &format!("{} {k} is marked by {}\n", players[owner], players[by]);
    }
    out
}
