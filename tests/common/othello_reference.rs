//! An independent, deliberately simple implementation of Othello (OT-1..OT-6 of the
//! project's rules, `docs/games/othello.md`), written from the rules page and not from the
//! engine. Used to cross-check perft counts, scenario cases and boards.
//!
//! Board: `board[file][rank]`, both 0-based, rank 0 being rank 1 (the bottom, as in the
//! engine's coordinates: `a1` is the bottom-left point). A cell holds `Some(player)`
//! (0 black, 1 white) or `None`.
//!
//! Readings taken from the rules page:
//! - A placement must flip at least one enemy disc (OT-2); all closed rows in the eight
//!   directions are flipped at once, and flipped discs do not flip further (OT-3).
//! - A player without a placement has exactly one move, `pass` (OT-4).
//! - The game is over as soon as neither player has a placement, whoever is to move; a
//!   finished game has no moves, not even `pass` (OT-5).
//! - More discs wins; equal counts draw (OT-6).

/// Board size.
const N: usize = 8;

/// The player names, in the order of the `players` statement.
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// The position letters of the players' discs.
const LETTERS: [char; 2] = ['B', 'W'];

/// The eight directions as (file step, rank step).
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// An Othello position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: [[Option<usize>; N]; N],
    to_move: usize,
}

/// The name of the point at (file, rank), both 0-based: `a1` is (0, 0).
pub fn site_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The (file, rank) of a point's name; None if it is not a point of the board.
pub fn parse_site(text: &str) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !('a'..='h').contains(&f) {
        return None;
    }
    let rank: usize = chars.as_str().parse().ok()?;
    if !(1..=N).contains(&rank) {
        return None;
    }
    Some((f as usize - 'a' as usize, rank - 1))
}

impl Game {
    /// The start position (OT-1): Black on d4 and e5, White on e4 and d5, Black to move.
    pub fn new() -> Game {
        let mut board = [[None; N]; N];
        board[3][3] = Some(0); // d4
        board[4][4] = Some(0); // e5
        board[4][3] = Some(1); // e4
        board[3][4] = Some(1); // d5
        Game { board, to_move: 0 }
    }

    /// Reads a position in the grid notation: ranks from rank 8 down to rank 1 joined by
    /// `/`, `B`/`W` for discs, digits (or `.`) for empty points, then a space and the player
    /// to move. Panics on a malformed text.
    pub fn from_position(text: &str) -> Game {
        let (grid, player) = text
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("no player to move in `{text}`"));
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .unwrap_or_else(|| panic!("unknown player `{player}`"));
        let rows: Vec<&str> = grid.split('/').collect();
        assert_eq!(rows.len(), N, "`{text}` must have {N} ranks");
        let mut board = [[None; N]; N];
        for (i, row) in rows.iter().enumerate() {
            let rank = N - 1 - i;
            let mut file = 0;
            for c in row.chars() {
                match c {
                    '1'..='8' => file += c as usize - '0' as usize,
                    '.' => file += 1,
                    'B' | 'W' => {
                        assert!(file < N, "rank {} too long in `{text}`", rank + 1);
                        board[file][rank] = Some(if c == 'B' { 0 } else { 1 });
                        file += 1;
                    }
                    _ => panic!("bad character `{c}` in `{text}`"),
                }
            }
            assert_eq!(file, N, "rank {} has {file} points in `{text}`", rank + 1);
        }
        Game { board, to_move }
    }

    /// The position in the grid notation (the inverse of [`Game::from_position`]).
    pub fn to_text(&self) -> String {
        let ranks: Vec<String> = (0..N)
            .rev()
            .map(|rank| {
                let mut out = String::new();
                let mut run = 0;
                for file in 0..N {
                    match self.board[file][rank] {
                        None => run += 1,
                        Some(p) => {
                            if run > 0 {
                                out.push_str(&run.to_string());
                                run = 0;
                            }
                            out.push(LETTERS[p]);
                        }
                    }
                }
                if run > 0 {
                    out.push_str(&run.to_string());
                }
                out
            })
            .collect();
        format!("{} {}", ranks.join("/"), PLAYERS[self.to_move])
    }

    /// The board as rows of letters (`B`, `W`, `.`), rank 8 first, files a..h.
    pub fn cells(&self) -> Vec<Vec<char>> {
        (0..N)
            .rev()
            .map(|rank| {
                (0..N)
                    .map(|file| match self.board[file][rank] {
                        None => '.',
                        Some(p) => LETTERS[p],
                    })
                    .collect()
            })
            .collect()
    }

    /// The disc on a point (`Some(0)` black, `Some(1)` white), by name.
    pub fn at(&self, site: &str) -> Option<usize> {
        let (f, r) = parse_site(site).unwrap_or_else(|| panic!("not a point: {site}"));
        self.board[f][r]
    }

    /// The player to move (0 black, 1 white).
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// The number of discs of each player.
    pub fn counts(&self) -> [usize; 2] {
        let mut c = [0, 0];
        for column in &self.board {
            for p in column.iter().flatten() {
                c[*p] += 1;
            }
        }
        c
    }

    /// The discs that `player` would flip by placing on (file, rank), in the eight
    /// directions (OT-3); empty if the point is taken or nothing would be flipped.
    fn flips(&self, player: usize, file: usize, rank: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if self.board[file][rank].is_some() {
            return out;
        }
        for (df, dr) in DIRECTIONS {
            let mut row = Vec::new();
            let mut f = file as i32 + df;
            let mut r = rank as i32 + dr;
            let mut closed = false;
            while (0..N as i32).contains(&f) && (0..N as i32).contains(&r) {
                match self.board[f as usize][r as usize] {
                    None => break,
                    Some(p) if p == player => {
                        closed = true;
                        break;
                    }
                    Some(_) => row.push((f as usize, r as usize)),
                }
                f += df;
                r += dr;
            }
            if closed {
                out.extend(row);
            }
        }
        out
    }

    /// The placements of `player` as point names, sorted (OT-2).
    fn placements(&self, player: usize) -> Vec<String> {
        let mut out = Vec::new();
        for file in 0..N {
            for rank in 0..N {
                if !self.flips(player, file, rank).is_empty() {
                    out.push(site_name(file, rank));
                }
            }
        }
        out.sort();
        out
    }

    /// Whether the game is over: neither player has a placement (OT-5).
    pub fn is_over(&self) -> bool {
        self.placements(0).is_empty() && self.placements(1).is_empty()
    }

    /// The legal moves, sorted: the mover's placements, or `pass` alone when there are
    /// none (OT-4); nothing when the game is over (OT-5).
    pub fn moves(&self) -> Vec<String> {
        let mine = self.placements(self.to_move);
        if !mine.is_empty() {
            return mine;
        }
        if self.placements(1 - self.to_move).is_empty() {
            return Vec::new();
        }
        vec!["pass".to_string()]
    }

    /// Plays a move (a point's name or `pass`). Panics on an illegal move.
    pub fn play(&self, text: &str) -> Game {
        let legal = self.moves();
        assert!(
            legal.iter().any(|m| m == text),
            "{text} is not legal in {} (legal: {legal:?})",
            self.to_text()
        );
        self.apply(text)
    }

    /// Plays a move known to be legal (no check).
    fn apply(&self, text: &str) -> Game {
        let mut next = self.clone();
        next.to_move = 1 - self.to_move;
        if text == "pass" {
            return next;
        }
        let (file, rank) = parse_site(text).expect("a legal move is a point");
        next.board[file][rank] = Some(self.to_move);
        for (f, r) in self.flips(self.to_move, file, rank) {
            next.board[f][r] = Some(self.to_move);
        }
        next
    }

    /// Plays moves separated by spaces.
    pub fn play_all(&self, moves: &str) -> Game {
        moves
            .split_whitespace()
            .fold(self.clone(), |g, m| g.play(m))
    }

    /// None while the game goes on; `Some(None)` a draw; `Some(Some(p))` player `p` wins
    /// (OT-6).
    pub fn outcome(&self) -> Option<Option<usize>> {
        if !self.is_over() {
            return None;
        }
        let [b, w] = self.counts();
        Some(match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The outcome in the words of a scenario file: `black wins`, `draw`, or `none`.
    pub fn outcome_text(&self) -> String {
        match self.outcome() {
            None => "none".to_string(),
            Some(None) => "draw".to_string(),
            Some(Some(p)) => format!("{} wins", PLAYERS[p]),
        }
    }

    /// Leaf counts at depths 1..=depth (passes are moves; a finished game has none).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0; depth];
        self.perft_into(0, &mut counts);
        counts
    }

    fn perft_into(&self, level: usize, counts: &mut [u64]) {
        let moves = self.moves();
        counts[level] += moves.len() as u64;
        if level + 1 == counts.len() {
            return;
        }
        for m in moves {
            self.apply(&m).perft_into(level + 1, counts);
        }
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}
