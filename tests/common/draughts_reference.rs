//! An independent, deliberately naive implementation of English draughts (DR-1..DR-7 of
//! the project's rules, `docs/games/draughts.md`), written from the rules page and not
//! from the engine: the board is a plain `Vec` cloned for every move, squares are
//! (file, rank) pairs counted from 0, a capture is found by a depth-first search that
//! keeps the list of pieces jumped so far, and the history is a list of whole positions.
//! Used to cross-check the engine's legal moves, boards and perft counts.

/// A square: (file, rank), both from 0; `a1` is (0, 0).
pub type Point = (i32, i32);

/// The players in the order of the `players` statement: Black moves first (DR-1).
pub const PLAYERS: [&str; 2] = ["black", "white"];

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Empty,
    Man(usize),
    King(usize),
}

impl Piece {
    fn owner(self) -> Option<usize> {
        match self {
            Piece::Empty => None,
            Piece::Man(p) | Piece::King(p) => Some(p),
        }
    }

    /// The letter of the position text: `M`/`K` Black's, `m`/`k` White's, `.` empty.
    pub fn letter(self) -> char {
        match self {
            Piece::Empty => '.',
            Piece::Man(0) => 'M',
            Piece::King(0) => 'K',
            Piece::Man(_) => 'm',
            Piece::King(_) => 'k',
        }
    }

    fn from_letter(c: char) -> Option<Piece> {
        Some(match c {
            '.' => Piece::Empty,
            'M' => Piece::Man(0),
            'K' => Piece::King(0),
            'm' => Piece::Man(1),
            'k' => Piece::King(1),
            _ => return None,
        })
    }
}

/// A move: the square left and every square landed on in order (one for a step or a
/// single jump), and the squares of the pieces jumped (empty for a step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Point,
    pub landings: Vec<Point>,
    pub jumped: Vec<Point>,
}

/// A position (the board and the player to move); the unit of the history (DR-7).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    /// `cells[rank * 8 + file]`.
    cells: Vec<Piece>,
    /// 0 Black, 1 White.
    to_move: usize,
}

/// A game of English draughts: the position, the positions before it, and whether the
/// last move repeated one of them (DR-7).
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// Every position of the game so far, the current one included (the start, or the
    /// position read from text, first).
    history: Vec<Position>,
    /// The last move recreated a position of the history: the game is drawn (DR-7).
    repeated: bool,
    /// DR-7 in force (true unless switched off by `without_repetition`, to compare with
    /// an engine that has no such rule).
    repetition: bool,
}

/// Two games are equal when their positions are (the history is not compared).
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.pos == other.pos
    }
}

/// The name of a square: file letter, rank number (`a1`, `h8`).
pub fn name(p: Point) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

/// The square a name stands for.
pub fn point(text: &str) -> Option<Point> {
    let mut chars = text.chars();
    let f = chars.next()?;
    if !('a'..='h').contains(&f) {
        return None;
    }
    let r: i32 = chars.as_str().parse().ok()?;
    if !(1..=8).contains(&r) {
        return None;
    }
    Some((f as i32 - 'a' as i32, r - 1))
}

/// A dark square (DR-1): `a1` is dark, so file + rank (from 0) even.
pub fn dark(p: Point) -> bool {
    (p.0 + p.1) % 2 == 0
}

fn on(p: Point) -> bool {
    (0..8).contains(&p.0) && (0..8).contains(&p.1)
}

/// The forward rank step of a player's men: Black up the board, White down (DR-1, DR-2).
fn forward(player: usize) -> i32 {
    if player == 0 {
        1
    } else {
        -1
    }
}

/// The far rank of a player, where its men become kings (DR-5): rank 8 for Black, 1 for
/// White (index 7 and 0).
fn far_rank(player: usize) -> i32 {
    if player == 0 {
        7
    } else {
        0
    }
}

/// The diagonal directions a piece moves and jumps in (DR-2, DR-3): a man's two forward
/// ones, a king's four.
fn directions(piece: Piece) -> Vec<Point> {
    match piece {
        Piece::Man(p) => vec![(-1, forward(p)), (1, forward(p))],
        Piece::King(_) => vec![(-1, 1), (1, 1), (-1, -1), (1, -1)],
        Piece::Empty => vec![],
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// The start position (DR-1): Black's 12 men on the dark squares of ranks 1-3,
    /// White's on those of ranks 6-8; Black to move.
    pub fn new() -> Game {
        let mut cells = vec![Piece::Empty; 64];
        for r in 0..8 {
            for f in 0..8 {
                if !dark((f, r)) {
                    continue;
                }
                if r <= 2 {
                    cells[(r * 8 + f) as usize] = Piece::Man(0);
                } else if r >= 5 {
                    cells[(r * 8 + f) as usize] = Piece::Man(1);
                }
            }
        }
        Game::starting_from(Position { cells, to_move: 0 })
    }

    fn starting_from(pos: Position) -> Game {
        Game {
            history: vec![pos.clone()],
            pos,
            repeated: false,
            repetition: true,
        }
    }

    /// The same game with DR-7 switched off: a repeated position does not end the game.
    /// (OpenSpiel's `checkers` has no such rule; used to compare counts with it.)
    pub fn without_repetition(&self) -> Game {
        Game {
            repetition: false,
            repeated: false,
            ..self.clone()
        }
    }

    /// Reads a position text: ranks from the top joined by `/`, `M`/`K` for Black's man
    /// and king, `m`/`k` for White's, a number for a run of empty squares (`.` for one),
    /// a space, the player to move by name. Pieces must stand on dark squares. The game
    /// read has a fresh history (DR-7).
    pub fn from_position(text: &str) -> Game {
        let (board, player) = text
            .trim()
            .split_once(' ')
            .unwrap_or_else(|| panic!("no player to move in {text:?}"));
        let to_move = PLAYERS
            .iter()
            .position(|p| *p == player.trim())
            .unwrap_or_else(|| panic!("unknown player {player:?}"));
        let ranks: Vec<&str> = board.split('/').collect();
        assert_eq!(ranks.len(), 8, "8 ranks in {text:?}");
        let mut cells = vec![Piece::Empty; 64];
        for (i, rank_text) in ranks.iter().enumerate() {
            let r = 7 - i as i32;
            let mut f = 0i32;
            let mut run = String::new();
            let mut put = |f: &mut i32, v: Piece| {
                assert!(*f < 8, "rank {} too long in {text:?}", r + 1);
                assert!(
                    v == Piece::Empty || dark((*f, r)),
                    "a piece on the light square {} in {text:?}",
                    name((*f, r))
                );
                cells[(r * 8 + *f) as usize] = v;
                *f += 1;
            };
            for c in rank_text.chars().chain(std::iter::once('|')) {
                if c.is_ascii_digit() {
                    run.push(c);
                    continue;
                }
                if !run.is_empty() {
                    let k: i32 = run.parse().unwrap();
                    assert!(k > 0, "a run of 0 in {text:?}");
                    for _ in 0..k {
                        put(&mut f, Piece::Empty);
                    }
                    run.clear();
                }
                if c == '|' {
                    continue;
                }
                let piece =
                    Piece::from_letter(c).unwrap_or_else(|| panic!("unexpected {c:?} in {text:?}"));
                put(&mut f, piece);
            }
            assert_eq!(f, 8, "rank {} has {f} squares in {text:?}", r + 1);
        }
        Game::starting_from(Position { cells, to_move })
    }

    /// The player to move: 0 Black, 1 White.
    pub fn to_move(&self) -> usize {
        self.pos.to_move
    }

    fn at(&self, p: Point) -> Piece {
        self.pos.cells[(p.1 * 8 + p.0) as usize]
    }

    /// What stands on a square, by name: `M`, `K`, `m`, `k` or `.`.
    pub fn cell(&self, site: &str) -> char {
        self.at(point(site).expect("a square name")).letter()
    }

    /// The board as rows of letters (`.` empty), top rank first.
    pub fn cells(&self) -> Vec<String> {
        (0..8)
            .rev()
            .map(|r| (0..8).map(|f| self.at((f, r)).letter()).collect())
            .collect()
    }

    /// The number of pieces (men and kings) of player `p`.
    pub fn count(&self, p: usize) -> usize {
        self.pos
            .cells
            .iter()
            .filter(|c| c.owner() == Some(p))
            .count()
    }

    /// The number of kings of player `p`.
    pub fn kings(&self, p: usize) -> usize {
        self.pos
            .cells
            .iter()
            .filter(|&&c| c == Piece::King(p))
            .count()
    }

    /// Every capture sequence of the piece on `from` (DR-3, DR-5), completed to the end
    /// (DR-4). `here` is where the piece stands now, `jumped` the pieces jumped so far,
    /// which stay on the board until the move ends; the square left (`from`) is empty.
    fn jumps_from(
        &self,
        from: Point,
        piece: Piece,
        here: Point,
        landings: &mut Vec<Point>,
        jumped: &mut Vec<Point>,
        out: &mut Vec<Move>,
    ) {
        let me = piece.owner().unwrap();
        let mut went_on = false;
        for d in directions(piece) {
            let over = (here.0 + d.0, here.1 + d.1);
            let land = (here.0 + 2 * d.0, here.1 + 2 * d.1);
            if !on(land) {
                continue;
            }
            let enemy = matches!(self.at(over).owner(), Some(o) if o != me);
            // The square left by the piece is empty; every other square is as before the
            // move (jumped pieces included).
            let empty = land == from || self.at(land) == Piece::Empty;
            if !enemy || jumped.contains(&over) || !empty {
                continue;
            }
            went_on = true;
            landings.push(land);
            jumped.push(over);
            if matches!(piece, Piece::Man(_)) && land.1 == far_rank(me) {
                // DR-5: a man that reaches the far rank is crowned and the move ends.
                out.push(Move {
                    from,
                    landings: landings.clone(),
                    jumped: jumped.clone(),
                });
            } else {
                self.jumps_from(from, piece, land, landings, jumped, out);
            }
            landings.pop();
            jumped.pop();
        }
        if !went_on && !landings.is_empty() {
            out.push(Move {
                from,
                landings: landings.clone(),
                jumped: jumped.clone(),
            });
        }
    }

    /// The legal moves in the reference's own form: the captures if there is one (DR-4),
    /// otherwise the steps (DR-2); none once the game is over (DR-6, DR-7).
    pub fn legal(&self) -> Vec<Move> {
        if self.repeated {
            return Vec::new();
        }
        let me = self.pos.to_move;
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let from = (f, r);
                let piece = self.at(from);
                if piece.owner() != Some(me) {
                    continue;
                }
                self.jumps_from(
                    from,
                    piece,
                    from,
                    &mut Vec::new(),
                    &mut Vec::new(),
                    &mut captures,
                );
                for d in directions(piece) {
                    let to = (f + d.0, r + d.1);
                    if on(to) && self.at(to) == Piece::Empty {
                        steps.push(Move {
                            from,
                            landings: vec![to],
                            jumped: vec![],
                        });
                    }
                }
            }
        }
        if captures.is_empty() {
            steps
        } else {
            captures
        }
    }

    /// A move as text: the square left and every landing, joined by hyphens
    /// (`c3-d4`, `c3-e5`, `c3-e5-c7`).
    pub fn text(mv: &Move) -> String {
        let mut s = name(mv.from);
        for l in &mv.landings {
            s.push('-');
            s.push_str(&name(*l));
        }
        s
    }

    /// The legal moves as text, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self.legal().iter().map(Game::text).collect();
        out.sort();
        out
    }

    /// The game after a move (in the reference's own form; not checked for legality).
    pub fn apply(&self, mv: &Move) -> Game {
        let mut cells = self.pos.cells.clone();
        let idx = |p: Point| (p.1 * 8 + p.0) as usize;
        let mut piece = cells[idx(mv.from)];
        cells[idx(mv.from)] = Piece::Empty;
        for &j in &mv.jumped {
            cells[idx(j)] = Piece::Empty;
        }
        let to = *mv.landings.last().unwrap();
        if let Piece::Man(p) = piece {
            if to.1 == far_rank(p) {
                piece = Piece::King(p);
            }
        }
        cells[idx(to)] = piece;
        let pos = Position {
            cells,
            to_move: 1 - self.pos.to_move,
        };
        let repeated = self.repetition && self.history.contains(&pos);
        let mut history = self.history.clone();
        history.push(pos.clone());
        Game {
            pos,
            history,
            repeated,
            repetition: self.repetition,
        }
    }

    /// The game after a move given as text; panics if it is not legal.
    pub fn play(&self, text: &str) -> Game {
        let mv = self
            .legal()
            .into_iter()
            .find(|m| Game::text(m) == text)
            .unwrap_or_else(|| {
                panic!(
                    "{text} is not legal in {}; legal: {}",
                    self.to_text(),
                    self.moves().join(" ")
                )
            });
        self.apply(&mv)
    }

    /// The game after several moves separated by spaces.
    pub fn play_all(&self, moves: &str) -> Game {
        moves
            .split_whitespace()
            .fold(self.clone(), |g, m| g.play(m))
    }

    /// None while the game goes on; `Some(None)` drawn by a repeated position (DR-7);
    /// `Some(Some(p))` won by player p, the player to move having no legal move (DR-6).
    pub fn outcome(&self) -> Option<Option<usize>> {
        if self.repeated {
            Some(None)
        } else if self.legal().is_empty() {
            Some(Some(1 - self.pos.to_move))
        } else {
            None
        }
    }

    /// The outcome in the scenario files' words: `black wins`, `white wins`, `draw` or
    /// `none`.
    pub fn outcome_text(&self) -> String {
        match self.outcome() {
            None => "none".to_string(),
            Some(None) => "draw".to_string(),
            Some(Some(p)) => format!("{} wins", PLAYERS[p]),
        }
    }

    /// The position as text (the notation `from_position` reads).
    pub fn to_text(&self) -> String {
        let ranks: Vec<String> = self
            .cells()
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut run = 0;
                for c in row.chars() {
                    if c == '.' {
                        run += 1;
                        continue;
                    }
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(c);
                }
                if run > 0 {
                    s.push_str(&run.to_string());
                }
                s
            })
            .collect();
        format!("{} {}", ranks.join("/"), PLAYERS[self.pos.to_move])
    }

    /// The board drawn as `rulebook position` draws a grid: file letters above and below,
    /// rank numbers on both sides, `.` for an empty square.
    pub fn board_text(&self) -> String {
        let files = "a b c d e f g h";
        let mut out = format!("   {files}\n");
        for (i, row) in self.cells().iter().enumerate() {
            let r = 8 - i;
            let row: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            out.push_str(&format!("{r}  {}  {r}\n", row.join(" ")));
        }
        out.push_str(&format!("   {files}\n"));
        out
    }

    /// Leaf counts at depths 1..=depth (a finished game has no moves).
    pub fn perft(&self, depth: usize) -> Vec<u64> {
        let mut counts = vec![0u64; depth];
        self.count_into(&mut counts, 0);
        counts
    }

    fn count_into(&self, counts: &mut [u64], ply: usize) {
        if ply == counts.len() {
            return;
        }
        let moves = self.legal();
        counts[ply] += moves.len() as u64;
        if ply + 1 == counts.len() {
            return;
        }
        for mv in &moves {
            self.apply(mv).count_into(counts, ply + 1);
        }
    }
}
