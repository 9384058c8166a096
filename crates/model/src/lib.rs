//! The compiled game: everything the engine needs, precomputed, with no names to look up
//! during play. The bottom of the workspace: this crate depends on nothing else of the
//! project (nor on any other crate).

pub mod board;
mod eval;
pub mod paths;
pub mod tiles;
pub mod walk;

pub use board::{
    Board, Drawing, Layout, LineMasks, NamedPath, Outline, RingShape, Shape, Site, NO_SITE,
};
pub use eval::{Env, GroupMeasure};
pub use paths::{FixedPaths, Hop};
pub use tiles::{GroupUnit, Tiles};
pub use walk::{
    Leap, LinePieces, RouteRecord, RouteRules, SiteTest, Step, Taking, Walk, WalkAction,
};

/// The most players a game may have (the checker holds every game to it), and the size of
/// the tables kept for every player; the one place that fixes it. A game's own number is
/// [`Game::seats`].
pub const PLAYERS: usize = 6;

/// A player, by turn order: the first named in the `players` statement moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The player who moves first.
    pub const FIRST: Player = Player(0);
    /// The player who moves second.
    pub const SECOND: Player = Player(1);

    /// The player at `index` in turn order, if a game may have that many players (whether
    /// this game has is [`Game::seats`]'s to say).
    pub fn new(index: usize) -> Option<Player> {
        (index < PLAYERS).then_some(Player(index as u8))
    }

    /// The player a player-valued expression's value names (the checker's types make
    /// every such value a player).
    #[inline]
    pub fn of_value(value: i64) -> Player {
        usize::try_from(value)
            .ok()
            .and_then(Player::new)
            .expect("a player-valued expression names a player")
    }

    /// Its code in a per-site table where 0 stands for no player (the marks on pits):
    /// 1 + its index.
    #[inline(always)]
    pub const fn code(self) -> u8 {
        self.0 + 1
    }

    /// The player a [`Player::code`] stands for: `None` for 0 or a code no player has.
    #[inline]
    pub fn of_code(code: u8) -> Option<Player> {
        Player::new(usize::from(code).checked_sub(1)?)
    }

    /// The first `seats` players (a game's [`Game::seats`]), in turn order.
    pub fn all(seats: usize) -> impl DoubleEndedIterator<Item = Player> + Clone {
        (0..seats.min(PLAYERS) as u8).map(Player)
    }

    /// Its place in turn order, from 0: the index of its entry in per-player tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player before this one in turn order of `seats` players (a game's
    /// [`Game::seats`]): who moved last when this one is to move.
    #[inline(always)]
    pub const fn previous(self, seats: usize) -> Player {
        if self.0 == 0 {
            Player(seats as u8 - 1)
        } else {
            Player(self.0 - 1)
        }
    }

    /// The other player of a game of two (this one being the first or the second): the
    /// player after this one, found without comparing.
    #[inline(always)]
    pub const fn other_of_two(self) -> Player {
        Player(self.0 ^ 1)
    }

    /// The player after this one in turn order of `seats` players (a game's
    /// [`Game::seats`]; the order of the `players` statement), the last followed by the
    /// first.
    #[inline(always)]
    pub const fn next(self, seats: usize) -> Player {
        if self.0 as usize + 1 >= seats {
            Player(0)
        } else {
            Player(self.0 + 1)
        }
    }
}

/// The content of a site: empty, or a piece of one player and one kind. Its index in
/// per-cell tables (hash keys, owners) is 0 when empty, otherwise `1 + player * kinds +
/// kind`; [`Game::cell`] makes one, [`Tables::owner`] and [`Game::kind_of`] read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The empty cell.
    pub const EMPTY: Cell = Cell(0);

    /// A value no site ever holds: in an undo log of `(site, cell)` changes, the note that
    /// the site's piece was unmoved before the change (`by unmoved`).
    pub const UNMOVED_NOTE: Cell = Cell(u8::MAX);

    /// Another value no site ever holds: in an undo log, the note that a piece went into a
    /// hand (`capture into hand`), the log's site being the hand's slot (player times kinds
    /// plus kind) rather than a site.
    pub const HAND_NOTE: Cell = Cell(u8::MAX - 1);

    /// In an undo log, the note that one piece was added to the stack on the log's site
    /// (a game whose kinds stack).
    pub const STACKED_NOTE: Cell = Cell(u8::MAX - 2);

    /// In an undo log, the note that one piece was taken off the stack on the log's site.
    pub const UNSTACKED_NOTE: Cell = Cell(u8::MAX - 3);

    /// The cell with this index in per-cell tables, if any game could have it (at most
    /// [`MAX_PIECE_KINDS`] kinds for each of [`PLAYERS`] players); whether this game has
    /// it is [`Game::cell_codes`]'s to say.
    pub fn new(index: usize) -> Option<Cell> {
        (index <= PLAYERS * MAX_PIECE_KINDS).then_some(Cell(index as u8))
    }

    /// A piece of `player` of kind `kind`, in a game of `kinds` kinds of piece.
    #[inline(always)]
    pub const fn piece(player: Player, kind: usize, kinds: usize) -> Cell {
        Cell((1 + player.index() * kinds + kind) as u8)
    }

    /// Its index in per-cell tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether it holds no piece.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Any kind of piece, in [`Expr::PiecesIn`].
pub const ANY_KIND: u8 = u8::MAX;

/// The empty cell ([`Cell::EMPTY`]).
pub const EMPTY: Cell = Cell::EMPTY;

/// The most pieces of one kind a player may have in hand at the start (`setup N PLAYER
/// KIND in hand`); the hash keys of hands cover counts up to this.
pub const MAX_HAND: u16 = 100;

/// The most pieces a setup stacks on one site (`setup N PLAYER KIND on SITE`).
pub const MAX_STACK: u16 = 255;

/// The most a kind of piece may be worth (`piece queen worth 9`), so that a player's
/// material (see [`Expr::Material`]) stays far from overflowing.
pub const MAX_WORTH: u16 = 1000;
/// The most move rules a game of steps counted without listing them may have
/// ([`Counted::Steps`]).
pub const MAX_COUNTED_STEP_RULES: usize = 16;
/// The most directions or offsets a rule of a game of steps counted without listing them
/// may have ([`WalkForms::word_shifts`]).
pub const MAX_WORD_SHIFTS: usize = 8;

/// The most sites whose stones [`EndCheck::Stones`] lists for one end condition.
pub const END_KEY_SITES: usize = 3;

/// The most kinds of piece a game may declare (a cell holds 1 + player * kinds + kind).
pub const MAX_PIECE_KINDS: usize = 32;

/// Convert captured pieces to the mover's, or remove them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CaptureMode {
    /// The piece becomes the mover's.
    Convert,
    /// The piece leaves the board.
    #[default]
    Remove,
}

/// A player named relative to the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    /// The player to move.
    Mover,
    /// The other player.
    Opponent,
    /// A fixed player.
    Fixed(Player),
}

/// Comparison and arithmetic operators of compiled expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `and`
    And,
    /// `or`
    Or,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`, rounded down
    Div,
    /// `%`
    Mod,
}

impl Op {
    /// The operator applied to two values: conditions give 0 or 1, arithmetic wraps, and
    /// `x % 0` is 0. The engine and the compiler's tables share this one definition.
    #[inline(always)]
    pub fn apply(self, x: i64, y: i64) -> i64 {
        match self {
            Op::And => (x != 0 && y != 0) as i64,
            Op::Or => (x != 0 || y != 0) as i64,
            Op::Eq => (x == y) as i64,
            Op::Ne => (x != y) as i64,
            Op::Lt => (x < y) as i64,
            Op::Le => (x <= y) as i64,
            Op::Gt => (x > y) as i64,
            Op::Ge => (x >= y) as i64,
            Op::Add => x.wrapping_add(y),
            Op::Sub => x.wrapping_sub(y),
            Op::Mul => x.wrapping_mul(y),
            Op::Mod => x.checked_rem_euclid(y).unwrap_or(0),
            Op::Div => x.checked_div_euclid(y).unwrap_or(0),
        }
    }

    /// [`Op::apply`] without wrapping, as the compiler folds: `None` when the arithmetic
    /// overflows or divides by zero.
    pub fn checked(self, x: i64, y: i64) -> Option<i64> {
        match self {
            Op::Add => x.checked_add(y),
            Op::Sub => x.checked_sub(y),
            Op::Mul => x.checked_mul(y),
            Op::Mod => x.checked_rem_euclid(y),
            Op::Div => x.checked_div_euclid(y),
            _ => Some(self.apply(x, y)),
        }
    }

    /// [`Op::apply`] to values that may be unknown (`None`): a known side that decides an
    /// `and` (false) or an `or` (true) decides it; otherwise an unknown side makes the
    /// result unknown.
    pub fn partial(self, x: Option<i64>, y: Option<i64>) -> Option<i64> {
        let decides = |v: Option<i64>| match self {
            Op::And => v == Some(0),
            Op::Or => v.is_some_and(|v| v != 0),
            _ => false,
        };
        if decides(x) || decides(y) {
            return Some((self == Op::Or) as i64);
        }
        Some(self.apply(x?, y?))
    }
}

/// An expression that depends on the position, compiled to a small tree over integers
/// (conditions are 0 or 1). Everything that could be computed from the parameters alone
/// has been folded away by the compiler.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(i64),
    /// A player (as an integer, for `==` between players).
    Player(PlayerRef),
    /// How many pieces a player has on the board.
    Pieces(PlayerRef),
    /// How many pieces a player has on the sites of [`Tables::regions`]`[k]`, of one kind
    /// or ([`ANY_KIND`]) of any.
    PiecesIn(PlayerRef, u16, u8),
    /// How many pieces a player has, of one kind or ([`ANY_KIND`]) of any, on a region
    /// around a site known only during play (`pieces(mover, neighbours(last))`): the
    /// region when the expression is no site is [`Tables::regions`]`[base]`, and that of
    /// site `s` is `[base + 1 + s]`, one laid out for every site of the board.
    PiecesAround {
        /// Whose pieces.
        player: PlayerRef,
        /// The site (`last`, `origin`).
        site: Box<Expr>,
        /// The index of the first site's region.
        base: u16,
        /// The kind, or [`ANY_KIND`].
        kind: u8,
    },
    /// The length of a player's longest straight line of pieces (orthogonal or diagonal)
    /// on the sites of [`Tables::regions`]`[k]`.
    Line(PlayerRef, u16),
    /// How many of a player's straight lines of pieces (as [`Expr::Line`] measures them,
    /// each from end to end) on the sites of [`Tables::regions`]`[k]` are exactly `n` long.
    Lines(PlayerRef, u16, u16),
    /// How many empty sites a slide from one of a player's pieces, of one kind or
    /// ([`ANY_KIND`]) of any, along any of the board's directions, could end on (each site
    /// counted once).
    Reach(PlayerRef, u8),
    /// 1 when a piece of a player's, of one kind or ([`ANY_KIND`]) of any, stands where
    /// another player could take it by landing on it with a move of theirs (a slide, a
    /// step, a leap or a hop whose `onto` lets it end on an enemy piece there), the rule's
    /// condition read with that player as the mover.
    Attacked(PlayerRef, u8),
    /// 1 when a player's pieces form a group, each linked to the next by a step in one of
    /// the directions of the bit mask (bit `d` for direction `d`), that has a piece on a
    /// site of [`Tables::regions`]`[a]` and one on a site of [`Tables::regions`]`[b]`.
    Connected(PlayerRef, u16, u16, DirectionBits),
    /// 1 when a piece of a player's of one kind stands on a site of
    /// [`Tables::regions`]`[r]`, or a walk of steps along the directions of the bit mask
    /// (bit `d` for direction `d`) leads from one to such a site through sites that are
    /// empty or hold a piece of that kind (anyone's): the pieces of other kinds block it.
    /// The numbers are the kind and the region.
    Path(PlayerRef, u8, u16, DirectionBits),
    /// How many groups a player's pieces form (0 with none), each group linked along the
    /// directions of the bit mask as in [`Expr::Connected`].
    Groups(PlayerRef, DirectionBits),
    /// How many pieces a player's largest group has (0 with none), the groups linked as in
    /// [`Expr::Groups`].
    Group(PlayerRef, DirectionBits),
    /// The most of the regions ([`Tables::regions`] indices, a region listed twice counted
    /// twice) that one group of a player's pieces, linked as in [`Expr::Groups`], has a
    /// piece on (0 with no piece on any). Where the last field, `enough`, is above 0, the
    /// expression stands in a comparison that asks only whether it reaches `enough`: its
    /// value is then any on the same side of `enough` as that most (see
    /// [`GroupMeasure::Touching`]).
    Touching(PlayerRef, DirectionBits, Box<[u16]>, u16),
    /// 1 when a player's pieces enclose a site: some site (empty, theirs or another
    /// player's) from which every path of steps along the directions of the bit mask (a
    /// mask that holds each direction's reverse too) to the board's edge passes through
    /// another site of theirs. The two numbers are [`Tables::regions`] indices: the edge,
    /// the sites with no neighbour along one of the directions, and every site of the
    /// board.
    Ring(PlayerRef, DirectionBits, u16, u16),
    /// How many pieces a player has in hand (see [`Start::stock`]), of one kind or
    /// ([`ANY_KIND`]) of any.
    Hand(PlayerRef, u8),
    /// A player's material: the worth of each of their pieces on the board and in hand
    /// summed, a kind's worth read from the table (indexed by kind; `piece queen worth 9`,
    /// 1 where the rules give none).
    Material(PlayerRef, Box<[i64]>),
    /// How many files of a grid hold a piece of a player's, of one kind or ([`ANY_KIND`])
    /// of any: fewer than the pieces when two share a file.
    Files(PlayerRef, u8),
    /// A player's area (the flag false): their pieces, and the empty sites of every region
    /// of empty sites (linked orthogonally) that borders their pieces and no other
    /// player's; or (true) their territory, those empty sites alone.
    Area(PlayerRef, bool),
    /// The first expression for the first player as the mover, the second for the second
    /// (a score whose statements differ by the player scored).
    PerMover(Box<[Expr; 2]>),
    /// The site the last stone was sown into; on a board of pieces, the site the latest
    /// move landed on (no site before the first move, or after a pass).
    Last,
    /// The value thrown this turn (`throw`): 0 before the dice are thrown.
    Throw,
    /// 1 when the player to move has no legal move (only in a condition judging a move:
    /// `forbid leaving`, [`MoveRule::forbidding`]).
    NoLegalMove,
    /// A player's store (the argument is a player).
    Store(Box<Expr>),
    /// The player whose row a site is in.
    Owner(Box<Expr>),
    /// The stones on a site (0 for no site).
    Count(Box<Expr>),
    /// A pit's number in its owner's row (0 for a store).
    PitNumber(Box<Expr>),
    /// The pit across from a pit.
    Opposite(Box<Expr>),
    /// How many sites a player has marked.
    Marks(Box<Expr>),
    /// The site a player has marked first (in site order), or no site.
    Marked(Box<Expr>),
    /// The stones in a player's pits.
    RowStones(Box<Expr>),
    /// The majority score of the player to move (in a score, the player scored): the
    /// largest group size at which they have more groups of their colour than the other
    /// player has of theirs; 0 if there is none.
    Majority(GroupUnit),
    /// `not x` (1 when x is 0).
    Not(Box<Expr>),
    /// `-x`.
    Neg(Box<Expr>),
    /// `x op y`.
    Binary(Op, Box<Expr>, Box<Expr>),
    /// A value the compiler computed for every mover and last site:
    /// `SowPlan::tables[k][mover * sites + last]` (only in a [`SowPlan`]).
    Tabled(u16),
    /// The pit the latest sowing started from (`origin`); on a board of pieces, the site
    /// the latest move's piece started from (no site for a placement or a pass).
    Origin,
    /// The next site counterclockwise along the board's ring of pits and stores.
    Next(Box<Expr>),
    /// The next site clockwise.
    Previous(Box<Expr>),
    /// A player's pit by number (the first operand is the player): no site if the number
    /// is not 1 to the number of pits.
    PitOf(Box<Expr>, Box<Expr>),
    /// How many steps counterclockwise from the first site to the second along the ring
    /// (0 to sites - 1); -1 if either is no site.
    Steps(Box<Expr>, Box<Expr>),
    /// The site bound by the quantifier `k` levels out from the outermost (0 is the
    /// outermost): the pit `p` of `any(p in R: C)`.
    Bound(u8),
    /// Every site of the board in turn, bound at level `depth`, with the body evaluated
    /// for each: whether it holds for some, whether for all, or the sum of its values.
    Over {
        /// Which of the three.
        quantifier: Quantifier,
        /// The level the site is bound at (see [`Expr::Bound`]).
        depth: u8,
        /// The body: for a region, its membership test joined to the condition.
        body: Box<Expr>,
    },
    /// How many pieces of other players the move just made took off the board or turned
    /// (`captured`; read after a move only). Last of the variants, so that adding it left
    /// the evaluator's dispatch on the others as it was.
    Captured,
    /// How many cells the move just made claimed ([`EffectKind::Claim`]; `claimed`, read
    /// after a move only).
    Claimed,
}

/// What [`Expr::Over`] makes of its body's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    /// 1 if the body holds for some site.
    Any,
    /// 1 if it holds for every site.
    Every,
    /// The sum of its values.
    Sum,
}

/// The deepest quantifiers nest (`any` inside `every` inside ...).
pub const MAX_BOUND: usize = 4;

impl Expr {
    /// The expression's operands, in order (none for a leaf).
    pub fn operands(&self) -> impl Iterator<Item = &Expr> {
        let (a, b): (Option<&Expr>, Option<&Expr>) = match self {
            Expr::Store(x)
            | Expr::Owner(x)
            | Expr::Count(x)
            | Expr::PitNumber(x)
            | Expr::Opposite(x)
            | Expr::Marks(x)
            | Expr::Marked(x)
            | Expr::RowStones(x)
            | Expr::Next(x)
            | Expr::Previous(x)
            | Expr::Over { body: x, .. }
            | Expr::PiecesAround { site: x, .. }
            | Expr::Not(x)
            | Expr::Neg(x) => (Some(x), None),
            Expr::Binary(_, a, b) | Expr::PitOf(a, b) | Expr::Steps(a, b) => (Some(a), Some(b)),
            Expr::PerMover(both) => (Some(&both[0]), Some(&both[1])),
            Expr::Const(_)
            | Expr::Player(_)
            | Expr::Pieces(_)
            | Expr::PiecesIn(..)
            | Expr::Line(..)
            | Expr::Lines(..)
            | Expr::Reach(..)
            | Expr::Attacked(..)
            | Expr::Connected(..)
            | Expr::Path(..)
            | Expr::Groups(..)
            | Expr::Group(..)
            | Expr::Touching(..)
            | Expr::Ring(..)
            | Expr::Hand(..)
            | Expr::Material(..)
            | Expr::Files(..)
            | Expr::Area(..)
            | Expr::Last
            | Expr::Throw
            | Expr::Captured
            | Expr::Claimed
            | Expr::NoLegalMove
            | Expr::Origin
            | Expr::Bound(_)
            | Expr::Tabled(_)
            | Expr::Majority(_) => (None, None),
        };
        a.into_iter().chain(b)
    }

    /// Whether `f` holds for the expression or any expression within it.
    pub fn any(&self, f: &dyn Fn(&Expr) -> bool) -> bool {
        f(self) || self.operands().any(|x| x.any(f))
    }
}

/// A condition: always true, or an expression evaluated against the position.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// No condition.
    Always,
    /// True when the expression is non-zero.
    When(Expr),
}

/// Which pieces a jump may pass over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jumped {
    /// The opponent's.
    Enemy,
    /// The mover's own.
    Friend,
    /// Anyone's.
    Any,
}

/// How a jump goes on from where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    /// One jump (no `chained`).
    Single,
    /// `chained straight`: on along the same line while it can (and until the piece changes
    /// kind); every landing is a move of its own, recorded by its number of jumps (each
    /// along the first's direction).
    Straight,
    /// `chained`: on from every landing, in any of the rule's directions, while it can (and
    /// until the piece changes kind); the move is the whole sequence, at most
    /// [`max_chain_legs`] jumps, recorded by the direction of each jump.
    Turning,
    /// `chained at will`: as [`Chain::Turning`], but the piece may stop at any landing, so
    /// every landing of a sequence ends a move of its own.
    TurningAtWill,
    /// `chained to any landing`: on from every landing, in any of the rule's directions,
    /// landing on no site twice (nor where the piece started); the move is from the
    /// piece's site to any landing, one move per site reached whatever the route, and
    /// takes nothing.
    Reach,
    /// `chained`, in a game where a chain may fly or a piece be promoted mid-chain (and
    /// jump on as its new kind): as [`Chain::Turning`], but the move is recorded by the
    /// pieces it jumps ([`PieceBits`]), so that the routes that jump the same pieces and
    /// end on the same site are one move.
    Pieces,
}

/// How a chain recorded by the pieces it jumps ([`Chain::Pieces`]) names them. The sites
/// such chains could jump over fall into groups (the sites joined by steps along the
/// chains' directions; on a grid along the diagonals, the two colours of square), each of
/// at most 64 sites; a move's pieces are bits over its starting site's group. The compiler
/// refuses a game whose groups are larger.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceBits {
    /// Per site, its group.
    pub group: Vec<u16>,
    /// Per site, its bit in its group (meaningful for a site a jump could pass over).
    pub bit: Vec<u8>,
    /// Per group, the sites a jump could pass over, in the order of their bits (the order
    /// of the sites).
    pub sites: Vec<Vec<Site>>,
}

impl PieceBits {
    /// The bit of the piece on `site` among those a chain from `from` may jump.
    #[inline]
    pub fn bit(&self, site: Site) -> u64 {
        1 << self.bit[site.index()]
    }

    /// The sites of the pieces `taken` (bits over the group of `from`), in site order.
    pub fn sites(&self, from: Site, taken: u64) -> impl Iterator<Item = Site> + '_ {
        let group = &self.sites[self.group[from.index()] as usize];
        let mut bits = taken;
        std::iter::from_fn(move || {
            let b = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            group.get(b).copied()
        })
    }
}

/// What a promotion does to a chain of jumps (`chained`) whose piece lands in its region
/// before the chain's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MidChain {
    /// The piece is promoted there and its move ends (a promotion without `at`).
    #[default]
    Stop,
    /// `at end`: nothing happens there, and the chain goes on; the piece is promoted only
    /// where its move ends.
    Pass,
    /// `at once`: the piece is promoted there and jumps on as its new kind, by the first
    /// `chained` jump rule that moves that kind.
    GoOn,
}

/// The bits a jump of a [`Chain::Turning`] move takes in the move: enough to tell apart the
/// rule's `directions` directions (0 for one, 1 for two, 2 for up to four, 3 for up to
/// eight).
#[inline]
pub const fn leg_bits(directions: usize) -> u32 {
    usize::BITS - directions.saturating_sub(1).leading_zeros()
}

/// The most jumps a move holds, whatever its rule's directions.
pub const MAX_CHAIN_LEGS: usize = 64;

/// The most jumps one move of a [`Chain::Turning`] rule with `directions` directions may
/// make: the jumps' directions share a 64-bit word, [`leg_bits`] bits each (64 with one or
/// two directions, 32 with up to four, 21 with up to eight). The compiler refuses a rule
/// whose chains could be longer on its board.
pub const fn max_chain_legs(directions: usize) -> usize {
    match leg_bits(directions) {
        0 => MAX_CHAIN_LEGS,
        bits => 64 / bits as usize,
    }
}

/// What a move may end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Landing {
    /// An empty site.
    #[default]
    Empty,
    /// An enemy piece, which it removes.
    Enemy,
    /// Either.
    EmptyOrEnemy,
    /// An empty site or any piece, the mover's own too, which it removes.
    EmptyOrPiece,
}

/// What a neighbouring site holds, for [`MoveFilter::next_to`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbour {
    /// Nothing.
    Empty,
    /// A piece of the mover's opponent.
    Enemy,
    /// A piece of the mover's.
    Friend,
    /// A piece of either player's.
    Piece,
    /// The site the latest move landed on (`last`; none before any move or after a pass).
    Last,
}

/// `next to`: a placement or removal only on a site with a neighbour that holds `what`
/// along one of `directions` (bit `d` for the board's direction `d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextTo {
    /// What the neighbour holds.
    pub what: Neighbour,
    /// The directions looked along, as bits.
    pub directions: DirectionBits,
}

/// `then shoot`: after a slide or step, a new piece of the mover's of kind `kind` onto an
/// empty site reached from the landing site along one of `directions` (bit `d` for the
/// board's direction `d`), the site the piece left counting as empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// The kind of the piece shot.
    pub kind: u8,
    /// The directions it may go, as bits.
    pub directions: DirectionBits,
}

/// A move's second part, made as the piece lands (or is placed), before the effects after
/// the move; a move has one at most. A part of the core ([`SecondPart::Place`],
/// [`SecondPart::Take`]) is a walk, `Tables::parts[walk]`, run for the mover from where the
/// piece landed (or was placed) on the board as the first part left it: the site the piece
/// left empty, the piece on its landing, and the site the move passed over, where its rule
/// takes the piece there, as the taking left it. Each site the walk reaches is a move of its
/// own, chosen with the first part; the walk's [`Walk::action`] is the part's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondPart {
    /// `then shoot`: a new piece onto a site reached from the landing site, the routine
    /// given back by its part walk's shape ([`SecondPart::Place`]).
    Shoot(Shot),
    /// A part of the core that places a piece: a new piece of the mover's, of kind `kind`
    /// (from an unlimited supply), onto a site the walk reaches ([`WalkAction::Place`]); a
    /// move whose walk reaches no site is not made. `then shoot` is written as one.
    Place {
        /// The kind of the piece placed.
        kind: u8,
        /// The part's walk, by index in [`Tables::parts`].
        walk: u16,
    },
    /// A part of the core that removes a piece: the piece on a site the walk reaches leaves
    /// the board ([`WalkAction::Remove`]); a move whose walk reaches no site is made without
    /// it. `then remove enemy` is written as one.
    Take {
        /// The part's walk, by index in [`Tables::parts`].
        walk: u16,
    },
    /// `then remove enemy`: an enemy piece of the mover's choice off the board, the routine
    /// given back by its part walk's shape ([`SecondPart::Take`]).
    Remove(Removal),
    /// `then rotate` or `then reflect`: a region turned or mirrored, the choices by their
    /// index in [`Tables::turns`].
    Rotate(u16),
}

/// `then rotate REGION, ...` (or `reflect`, or `rotate or reflect`, each `at will` or
/// not): after a placement, the mover turns one of the regions (each a square block of a
/// grid of squares) a quarter turn either way, or mirrors it in one of its axes, the
/// pieces on it with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turns {
    /// The choices offered, in the order the moves list them: with `at will`, first the
    /// placement alone (no cycle, no name); then per region, in the order written, its
    /// quarter turns (clockwise, anticlockwise) and its mirror images (`h`, `v`, `d`, `a`).
    pub choices: Vec<TurnChoice>,
    /// How many regions the choices turn.
    pub regions: usize,
}

/// One way of turning or mirroring one region, or ([`TurnChoice::way`] `None`) none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnChoice {
    /// How a move's text writes it after the `/`: the region's number from 1 and the
    /// way's [name](TurnWay::name) (`2cw`, `2h`); empty for the placement alone.
    pub name: String,
    /// The way the region turns; `None` for the placement alone.
    pub way: Option<TurnWay>,
    /// The cycles the pieces move round, each to the next site of its cycle: four sites
    /// for a quarter turn, two for a mirror image (the sites on the axis, and the centre
    /// of a block of odd side, stay).
    pub cycles: Vec<Vec<Site>>,
}

/// A way of turning a square block of a grid, or of mirroring it in one of its axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnWay {
    /// A quarter turn clockwise (`cw`).
    Clockwise,
    /// A quarter turn anticlockwise (`ccw`).
    Anticlockwise,
    /// East and west exchanged, the axis running north-south (`h`).
    EastWest,
    /// North and south exchanged (`v`).
    NorthSouth,
    /// Mirrored in the diagonal from the block's south-west corner (`d`).
    Diagonal,
    /// Mirrored in the other diagonal (`a`).
    AntiDiagonal,
}

impl TurnWay {
    /// Every way, in the order a region's choices list them: the quarter turns, then the
    /// mirror images.
    pub const ALL: [TurnWay; 6] = [
        TurnWay::Clockwise,
        TurnWay::Anticlockwise,
        TurnWay::EastWest,
        TurnWay::NorthSouth,
        TurnWay::Diagonal,
        TurnWay::AntiDiagonal,
    ];

    /// How a move's text writes the way after the region's number.
    pub fn name(self) -> &'static str {
        match self {
            TurnWay::Clockwise => "cw",
            TurnWay::Anticlockwise => "ccw",
            TurnWay::EastWest => "h",
            TurnWay::NorthSouth => "v",
            TurnWay::Diagonal => "d",
            TurnWay::AntiDiagonal => "a",
        }
    }

    /// What the way does, in words, for a message that lists the ways.
    pub fn words(self) -> &'static str {
        match self {
            TurnWay::Clockwise => "clockwise",
            TurnWay::Anticlockwise => "anticlockwise",
            TurnWay::EastWest => "mirrored east to west",
            TurnWay::NorthSouth => "north to south",
            TurnWay::Diagonal => "in the diagonal from south-west to north-east",
            TurnWay::AntiDiagonal => "in the other diagonal",
        }
    }

    /// Whether the way is a quarter turn (not a mirror image).
    pub fn is_quarter_turn(self) -> bool {
        matches!(self, TurnWay::Clockwise | TurnWay::Anticlockwise)
    }

    /// The way a move's text names `name` (`cw`, `h` ...), if any.
    pub fn named(name: &str) -> Option<TurnWay> {
        TurnWay::ALL.into_iter().find(|w| w.name() == name)
    }
}

/// `then remove enemy`: after the move, the mover removes one enemy piece of their choice
/// (its site is the move's second part: the engine's `Move::removal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    /// `if line N`: only when the piece that moved then stands in a line of at least this
    /// many of the mover's pieces (0: after every move of the rule).
    pub if_line: u8,
    /// `sparing line N`: not an enemy piece standing in a line of at least this many of
    /// its owner's, unless every enemy piece does (0: any enemy piece).
    pub sparing_line: u8,
}

/// `capture by approach or withdrawal MODE [chained]` (the default, which no rule has: by
/// neither way): a step that captures the enemy piece
/// on the next site on along its line (approach) or on the site behind where it started
/// (withdrawal), with the unbroken run of enemy pieces beyond it on that line; every such
/// step captures (one that could take both ways is two moves). Pieces are taken as each
/// step is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LineCapture {
    /// By approach.
    pub approach: bool,
    /// By withdrawal.
    pub withdrawal: bool,
    /// What becomes of the pieces taken.
    pub mode: CaptureMode,
    /// `chained`: after a capture the same piece may capture again, from where it landed,
    /// not along the direction of its last step nor onto a site it has stood on this turn;
    /// each step of the sequence ends a move of its own (the player may stop).
    pub chained: bool,
}

impl LineCapture {
    /// The bits one step of a move takes in the move's path: its direction's index in the
    /// rule's `directions` directions ([`leg_bits`]), then one bit for the way (set:
    /// withdrawal) when the rule has both.
    pub const fn step_bits(&self, directions: usize) -> u32 {
        leg_bits(directions) + (self.approach && self.withdrawal) as u32
    }

    /// The most steps one move of the rule holds: as many as the path has room for (at
    /// most [`MAX_CHAIN_LEGS`]); one without `chained`.
    pub const fn most_steps(&self, directions: usize) -> usize {
        match (self.chained, self.step_bits(directions)) {
            (false, _) => 1,
            (true, 0) => MAX_CHAIN_LEGS,
            (true, bits) => 64 / bits as usize,
        }
    }
}

/// Every kind of piece, as a set ([`MoveFilter::kinds`], [`CaptureFilter::kinds`]).
pub const ALL_KINDS: u64 = u64::MAX;

/// What narrows a move on a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFilter {
    /// The kinds of piece that make the move: bit `k` for kind `k`.
    pub kinds: u64,
    /// `in passing`: the move lands where the last move's piece passed, and takes that
    /// piece ([`SiteTest::Passed`]).
    pub in_passing: bool,
    /// A region ([`Tables::regions`]) the move may not end on.
    pub not_landing: Option<u16>,
    /// A region the move may neither cross nor end on (a slide stops before it, a jump
    /// may not pass over it).
    pub avoiding: Option<u16>,
    /// The move is legal only where the effects after it capture something.
    pub capturing: bool,
    /// A placement or removal only on a site with such a neighbour.
    pub next_to: Option<NextTo>,
    /// What a slide or step may end on.
    pub landing: Landing,
    /// While a move of a compulsory rule is legal, no move of another rule is.
    pub compulsory: bool,
    /// `compulsory most`: of the compulsory moves, only those that jump the most pieces are
    /// legal (every compulsory rule of the game says so, when one does).
    pub most: bool,
    /// What the move does once the piece has landed, if anything: a piece shot, an enemy
    /// piece removed or a region turned.
    pub then: Option<SecondPart>,
    /// `with liberties`: the move is legal only where, once its captures are made, the
    /// moved piece's group (the mover's pieces linked along these directions, bit `d` for
    /// the board's direction `d`) has an empty site next to it along them.
    pub liberties: Option<DirectionBits>,
}

impl MoveFilter {
    /// Whether the move has a second part (a piece shot, an enemy piece removed or a region
    /// turned), which changes a site besides those the piece leaves and lands on.
    pub fn has_second_part(&self) -> bool {
        self.then.is_some()
    }

    /// `then shoot`'s piece, if the move shoots one by the routine.
    pub fn shot(&self) -> Option<Shot> {
        match self.then {
            Some(SecondPart::Shoot(shot)) => Some(shot),
            _ => None,
        }
    }

    /// The kind of piece the move's second part places, if it places one: a shot, by the
    /// routine or by a part walk ([`SecondPart::Place`]).
    pub fn placed_by_part(&self) -> Option<u8> {
        match self.then {
            Some(SecondPart::Shoot(Shot { kind, .. }) | SecondPart::Place { kind, .. }) => {
                Some(kind)
            }
            _ => None,
        }
    }

    /// Whether the move's second part removes a piece: `then remove enemy`, by the routine
    /// or by a part walk ([`SecondPart::Take`]).
    pub fn removes_by_part(&self) -> bool {
        matches!(
            self.then,
            Some(SecondPart::Remove(_) | SecondPart::Take { .. })
        )
    }

    /// `then remove enemy`'s removal, if the move removes an enemy piece by the routine.
    pub fn removal(&self) -> Option<Removal> {
        match self.then {
            Some(SecondPart::Remove(removal)) => Some(removal),
            _ => None,
        }
    }

    /// `then rotate`'s turns (by index in [`Tables::turns`]), if the move turns a region.
    pub fn turns(&self) -> Option<u16> {
        match self.then {
            Some(SecondPart::Rotate(turns)) => Some(turns),
            _ => None,
        }
    }
}

impl Default for MoveFilter {
    fn default() -> MoveFilter {
        MoveFilter {
            kinds: ALL_KINDS,
            in_passing: false,
            not_landing: None,
            avoiding: None,
            capturing: false,
            next_to: None,
            landing: Landing::Empty,
            compulsory: false,
            most: false,
            then: None,
            liberties: None,
        }
    }
}

/// What narrows a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureFilter {
    /// The kinds captured: bit `k` for kind `k`.
    pub kinds: u64,
    /// A region ([`Tables::regions`]) captured pieces must stand on (none: anywhere).
    pub standing: Option<u16>,
    /// A region whose empty sites close a capture as the mover's pieces do.
    pub hostile: Option<u16>,
}

impl Default for CaptureFilter {
    fn default() -> CaptureFilter {
        CaptureFilter {
            kinds: ALL_KINDS,
            standing: None,
            hostile: None,
        }
    }
}

/// A set of a board's directions, bit `d` for direction `d` (a grid has eight, a graph up
/// to [`board::MAX_GRAPH_DIRECTIONS`]).
pub type DirectionBits = u32;

/// The length of a slide or run with no limit.
pub const UNLIMITED: u16 = u16::MAX;

/// A kind of move.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveKind {
    /// Empty sites along one direction, one or more, at most `max_length`.
    Slide {
        /// The directions.
        directions: Vec<u8>,
        /// Those of `directions` along which site numbers grow.
        rising: Vec<u8>,
        /// Those of `directions` along which site numbers shrink.
        falling: Vec<u8>,
        /// The most sites crossed ([`UNLIMITED`]: as many as are empty).
        max_length: u16,
        /// A step that captures by approach or withdrawal (`max_length` 1): its moves are
        /// its captures alone.
        line_capture: Option<LineCapture>,
    },
    /// Over one adjacent piece to the empty site beyond (flying: over a piece any distance
    /// away, the sites before it empty, onto any empty site beyond it) and, chained, on
    /// from there.
    Jump {
        /// The directions.
        directions: Vec<u8>,
        /// `flying`: the piece jumped may be any distance away, and the landing any empty
        /// site beyond it.
        flying: bool,
        /// Which pieces may be jumped over.
        over: Jumped,
        /// What happens to an enemy piece jumped over (none: nothing).
        mode: Option<CaptureMode>,
        /// Further jumps from the landing site.
        chain: Chain,
    },
    /// One of the mover's pieces off the board (a move from its site to no site).
    Remove {
        /// A region ([`Tables::regions`]) it must be removed from (none: anywhere).
        region: Option<u16>,
    },
    /// A new piece of the mover's onto an empty site of a grid.
    PlacePiece {
        /// Its kind.
        kind: u8,
        /// A region ([`Tables::regions`]) it must be placed in (none: anywhere).
        region: Option<u16>,
        /// The piece comes from the mover's counted stock ([`Start::stock`]): the placement
        /// needs one there and takes it; otherwise the supply is unlimited.
        from_hand: bool,
    },
    /// A wall from the mover's supply laid in the grooves between the cells of a grid
    /// across two links ([`Grooves`]): legal where neither link is cut yet and no wall
    /// crosses it at its middle.
    Wall(Grooves),
    /// A line of the mover's drawn on a side of a cell of a grid ([`Sides`]): legal where
    /// none is drawn yet.
    Side(Sides),
    /// All stones of one of the mover's pits, sown one by one along the track.
    Sow {
        /// How.
        sowing: Sowing,
        /// `track[mover * sites + site]`: the site after `site` where `mover` sows the next
        /// stone, the stores and the region this rule skips passed over.
        track: Vec<Site>,
        /// `relay while`: after a lap, while this holds with `last` the pit the lap's last
        /// stone fell into, that pit's stones are lifted and sown on (at most
        /// [`MAX_RELAY_LIFTS`] times a move).
        relay: Option<Expr>,
        /// `start at`: the site the first stone goes into (worked out as the move begins;
        /// no site: the next site of the track, as without it).
        start: Option<Expr>,
    },
    /// A tile from the mover's hand onto an empty cell.
    Place {
        /// Every wedge must match the facing wedge of a neighbouring tile and the colour of
        /// a board edge.
        matching: bool,
    },
    /// Passing: legal only when no other move is, or (`at will`) always.
    Pass {
        /// `at will`: a move whatever else is legal.
        at_will: bool,
    },
    /// The pie rule: on the second player's first turn (the first player has one piece on
    /// the board, the second none), once per game, the players exchange sides; the side to
    /// move does not change.
    Swap,
    /// One of the mover's unmoved pieces, not attacked, two sites along one of the
    /// directions (its move's `from` and `to`) towards an unmoved piece of its own of kind
    /// `partner`, the first piece that way (its site the move's `over`), over sites not
    /// attacked; the partner lands on the site crossed (`castle east, west with rook`). The
    /// routine given back from its walk's shape (a walk passing over the partner, taken
    /// [`Taking::Behind`]).
    Castle {
        /// The board's directions it may go along.
        directions: Vec<u8>,
        /// The partner's kind.
        partner: u8,
    },
    /// One of the mover's pieces to any empty site of a grid (a move from its site to
    /// another, like a step).
    Fly {
        /// A region ([`Tables::regions`]) of the sites it may go to (none: anywhere).
        region: Option<u16>,
    },
    /// One of the mover's pieces to each destination a [`Walk`] from its site reaches (a
    /// move from its site to another, like a step; the walk's action is
    /// [`WalkAction::Move`]): the core that surface shapes are compiled to, those that keep
    /// a routine of their own given it back by their walk's shape.
    Walk(Walk),
    /// A new piece placed on each destination a [`Walk`] run from no site reaches, or the
    /// piece there removed, as the walk's action says ([`WalkAction::Place`],
    /// [`WalkAction::Remove`]): a placement or a removal of the core, which plain ones
    /// ([`MoveKind::PlacePiece`], [`MoveKind::Remove`]) are given back from by their shape.
    SiteWalk(Walk),
    /// The throw of the dice that opens every turn of a game of chance: a chance event,
    /// not a choice. Each outcome is a move of its own (its index in `outcomes` is the
    /// move's `path` in the engine), legal exactly when the player to move has not thrown
    /// yet this turn, and no other move is legal then.
    Roll(Dice),
    /// One of the mover's pieces (or one of `kind` from their stock) goes as many sites
    /// along the mover's track as the throw of this turn shows: from the stock onto the
    /// track's site number `throw` (its first site is number 1), from a site of the track
    /// `throw` sites on, or off the board from exactly one site beyond the track's last.
    /// It may not land on a piece of the mover's; it lands on an enemy piece by capturing
    /// it (the piece goes back to its owner's stock), except on a site of `safe`, where it
    /// may not land. A throw of 0 moves nothing.
    Track(Track),
}

impl MoveRule {
    /// Whether the rule's moves are a step onto an empty site (a slide of one site,
    /// capturing nothing in line) or a chain of jumps that turns: those that the engine
    /// finds by bit sets on a board of at most 64 sites ([`Facts::bit_moves`]).
    pub fn found_by_bits(&self) -> bool {
        match &self.kind {
            MoveKind::Slide {
                max_length: 1,
                line_capture: None,
                ..
            } => self.filter.landing == Landing::Empty,
            MoveKind::Jump {
                chain: Chain::Turning | Chain::TurningAtWill,
                flying,
                ..
            } => !flying,
            _ => false,
        }
    }
}

impl MoveKind {
    /// Whether the rule's moves capture by the steps they make, by approach or withdrawal:
    /// a step with a [`LineCapture`], or a walk whose route passes over runs
    /// ([`Walk::passes_runs`]).
    pub fn captures_in_line(&self) -> bool {
        match self {
            MoveKind::Slide { line_capture, .. } => line_capture.is_some(),
            MoveKind::Walk(walk) => walk.passes_runs(),
            _ => false,
        }
    }

    /// How the rule's steps capture by approach or withdrawal, if they do.
    #[inline]
    pub fn line_capture(&self) -> Option<LineCapture> {
        match self {
            MoveKind::Slide { line_capture, .. } => *line_capture,
            _ => None,
        }
    }

    /// Whether the rule's moves are chains recorded by the pieces they pass over: a jump
    /// [`Chain::Pieces`], or a walk whose route is so recorded ([`Walk::records_pieces`]).
    pub fn records_pieces(&self) -> bool {
        match self {
            MoveKind::Jump { chain, .. } => *chain == Chain::Pieces,
            MoveKind::Walk(walk) => walk.records_pieces(),
            _ => false,
        }
    }

    /// Whether the rule's moves take what they pass over: a jump that captures or removes
    /// the pieces it jumps, a walk that takes the site it passes over ([`Walk::taking`]).
    #[inline]
    pub fn takes_passed(&self) -> bool {
        match self {
            MoveKind::Jump { mode, .. } => mode.is_some(),
            MoveKind::Walk(walk) => walk.taking.is_some_and(Taking::takes),
            _ => false,
        }
    }

    /// What the rule's moves do to the piece on the site they pass over, where they take it
    /// ([`MoveKind::takes_passed`]): a jump's capture (a jump over the mover's own pieces
    /// removes them), a walk's [`Walk::taking`].
    pub fn passed_taking(&self) -> Option<Taking> {
        match *self {
            MoveKind::Jump {
                mode: Some(_),
                over: Jumped::Friend,
                ..
            } => Some(Taking::Remove),
            MoveKind::Jump {
                mode: Some(mode), ..
            } => Some(Taking::Capture(mode)),
            MoveKind::Walk(ref walk) => walk.taking.filter(|t| t.takes()),
            _ => None,
        }
    }

    /// The kind of piece this rule places on the board from no site, if it is a placement
    /// ([`MoveKind::PlacePiece`], or a walk that places).
    #[inline]
    pub fn placed_kind(&self) -> Option<u8> {
        match *self {
            MoveKind::PlacePiece { kind, .. } => Some(kind),
            MoveKind::SiteWalk(ref walk) => walk.placed_kind(),
            _ => None,
        }
    }

    /// What the rule's moves do on a site, where they are placements or removals of pieces
    /// ([`MoveKind::PlacePiece`], [`MoveKind::Remove`], [`MoveKind::SiteWalk`]);
    /// [`WalkAction::Move`] for every other rule.
    #[inline]
    pub fn action(&self) -> WalkAction {
        match *self {
            MoveKind::PlacePiece {
                kind, from_hand, ..
            } => WalkAction::Place { kind, from_hand },
            MoveKind::Remove { .. } => WalkAction::Remove,
            MoveKind::SiteWalk(ref walk) => walk.action,
            _ => WalkAction::Move,
        }
    }
}

/// The sides of a grid's cells, where lines are drawn (`move place KIND on sides`): every
/// side of every cell of a grid of squares `width` files by `height` ranks, one cell long,
/// those of the board's border too. The sides across the ranks come first, rank by rank
/// from the south border, each file from the west: number `r * width + f` is the south
/// side of the cell at file `f`, rank `r` (`r == height`: the north side of the last
/// rank's). The sides across the files follow, from `(height + 1) * width` on: that plus
/// `r * (width + 1) + f` is the west side of the cell at file `f`, rank `r` (`f ==
/// width`: the east side of the last file's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    /// The kind of piece a line is (taken from the mover's stock where the game counts
    /// one).
    pub kind: u8,
    /// The line comes from the mover's counted stock ([`Start::stock`]): the move needs
    /// one there and takes it; otherwise the supply is unlimited.
    pub from_hand: bool,
    /// The grid's files.
    pub width: u16,
    /// The grid's ranks.
    pub height: u16,
    /// `cells[side]`: the cells the side borders, south or west one first; [`NO_SITE`]
    /// for the one off the board on the border.
    pub cells: Vec<[Site; 2]>,
    /// `of_cell[site]`: the four sides of the cell on `site`, south, west, north, east.
    pub of_cell: Vec<[u32; 4]>,
}

impl Sides {
    /// The sides of a grid `width` files by `height` ranks whose site at file `f`, rank
    /// `r` is `r * width + f`, for lines of kind `kind`.
    pub fn new(width: u16, height: u16, kind: u8, from_hand: bool) -> Sides {
        let (w, h) = (usize::from(width), usize::from(height));
        let cell = |f: usize, r: usize| match f < w && r < h {
            true => Site::at(r * w + f),
            false => NO_SITE,
        };
        // Off the board below rank 0 or west of file 0: a number past the grid's.
        let below = |i: usize| i.checked_sub(1).unwrap_or(usize::MAX);
        let mut cells = Vec::with_capacity((h + 1) * w + h * (w + 1));
        for r in 0..=h {
            for f in 0..w {
                cells.push([cell(f, below(r)), cell(f, r)]);
            }
        }
        for r in 0..h {
            for f in 0..=w {
                cells.push([cell(below(f), r), cell(f, r)]);
            }
        }
        let across = (h + 1) * w;
        let of_cell = (0..w * h)
            .map(|s| {
                let (f, r) = (s % w, s / w);
                let south = r * w + f;
                let west = across + r * (w + 1) + f;
                [south, west, south + w, west + 1].map(|n| n as u32)
            })
            .collect();
        Sides {
            kind,
            from_hand,
            width,
            height,
            cells,
            of_cell,
        }
    }

    /// The number of sides.
    #[inline]
    pub fn count(&self) -> usize {
        self.cells.len()
    }

    /// The side of the cell at `site` that faces grid direction `dir` (0 north, 1 east, 2
    /// south, 3 west, [`board::GRID_DIRECTIONS`]); `None` for a site off the grid or
    /// another direction.
    pub fn side_of(&self, site: Site, dir: u8) -> Option<usize> {
        let sides = self.of_cell.get(site.index())?;
        let at = match dir {
            0 => 2,
            1 => 3,
            2 => 0,
            3 => 1,
            _ => return None,
        };
        Some(sides[at] as usize)
    }

    /// Side `side` as a cell it borders and the grid direction from that cell: the cell
    /// north or east of it (its south or west side), or on the north or east border the
    /// cell south or west of it (its north or east side).
    pub fn named_by(&self, side: usize) -> (Site, u8) {
        let across_ranks = side < (usize::from(self.height) + 1) * usize::from(self.width);
        match (self.cells[side], across_ranks) {
            ([_, c], true) if c != NO_SITE => (c, 2),
            ([c, _], true) => (c, 0),
            ([_, c], false) if c != NO_SITE => (c, 3),
            ([c, _], false) => (c, 1),
        }
    }

    /// The link side `side` lies across, as a cell and the grid direction from it to the
    /// other cell: `None` on the border.
    #[inline]
    pub fn link(&self, side: usize) -> Option<(Site, u8)> {
        let across_ranks = side < (usize::from(self.height) + 1) * usize::from(self.width);
        match self.cells[side] {
            [a, b] if a != NO_SITE && b != NO_SITE => Some((a, if across_ranks { 0 } else { 1 })),
            _ => None,
        }
    }
}

/// The walls a grid's grooves hold (`move place KIND on grooves`). A groove's slot is a
/// point where four cells meet: the cell south-west of it is at file `f`, rank `r` (each
/// below the grid's last), the slot's number `f + r * (width - 1)`. A wall lies across
/// it along a groove, two cells long: *across the ranks* (`h`: between ranks `r` and
/// `r + 1`, cutting the north-south links of files `f` and `f + 1`) or *across the files*
/// (`v`: between files `f` and `f + 1`, cutting the east-west links of ranks `r` and
/// `r + 1`). A wall's number is `slot * 2`, plus 1 across the files; the two walls of a
/// slot cross.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grooves {
    /// The kind of piece a wall is (taken from the mover's stock where the game counts
    /// one).
    pub kind: u8,
    /// The wall comes from the mover's counted stock ([`Start::stock`]): the move needs one
    /// there and takes it; otherwise the supply is unlimited.
    pub from_hand: bool,
    /// Slots a rank (the grid's width less one).
    pub across: u16,
    /// `cuts[wall]`: the four links the wall cuts, each as a site and a grid direction
    /// from it ([`board::GRID_DIRECTIONS`]), both ways of each link.
    pub cuts: Vec<[(Site, u8); 4]>,
}

impl Grooves {
    /// The grooves of a grid `width` files by `height` ranks whose site at file `f`, rank
    /// `r` is `r * width + f`, for walls of kind `kind`.
    pub fn new(width: u16, height: u16, kind: u8, from_hand: bool) -> Grooves {
        let (w, h) = (usize::from(width), usize::from(height));
        let site = |f: usize, r: usize| Site::at(r * w + f);
        let mut cuts = Vec::with_capacity(2 * w.saturating_sub(1) * h.saturating_sub(1));
        for r in 0..h.saturating_sub(1) {
            for f in 0..w - 1 {
                // Across the ranks: north from rank r, south from rank r + 1.
                cuts.push([
                    (site(f, r), 0),
                    (site(f + 1, r), 0),
                    (site(f, r + 1), 2),
                    (site(f + 1, r + 1), 2),
                ]);
                // Across the files: east from file f, west from file f + 1.
                cuts.push([
                    (site(f, r), 1),
                    (site(f, r + 1), 1),
                    (site(f + 1, r), 3),
                    (site(f + 1, r + 1), 3),
                ]);
            }
        }
        Grooves {
            kind,
            from_hand,
            across: width.saturating_sub(1),
            cuts,
        }
    }

    /// The number of walls the grooves can hold (two a slot).
    #[inline]
    pub fn walls(&self) -> usize {
        self.cuts.len()
    }

    /// The wall across the slot whose south-west cell is `site` on a grid `width` files
    /// wide, across the files if `vertical`; `None` where no slot has that cell.
    pub fn wall_at(&self, site: Site, width: u16, vertical: bool) -> Option<usize> {
        let (f, r) = (
            site.index() % usize::from(width),
            site.index() / usize::from(width),
        );
        let slot = r * usize::from(self.across) + f;
        let wall = slot * 2 + usize::from(vertical);
        (f < usize::from(self.across) && wall < self.cuts.len()).then_some(wall)
    }

    /// The south-west cell of wall `wall`'s slot, and whether it lies across the files.
    #[inline]
    pub fn cell_of(&self, wall: usize) -> (Site, bool) {
        (self.cuts[wall][0].0, wall % 2 == 1)
    }
}

/// The dice thrown at the start of every turn: `count` dice whose faces are equally
/// likely, the throw being the sum of the faces up, or (`used one by one`) the dice read
/// one by one, a move per die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice {
    /// Each possible throw, lowest first, with its weight: the number of ways the dice make
    /// it (out of [`Dice::total`]). Dice used one by one: each ordered throw of the dice
    /// (the dice told apart), its faces' sum with weight 1, in the order of
    /// [`Dice::parts`].
    pub outcomes: Vec<(i64, u64)>,
    /// Per outcome (as [`Dice::outcomes`]), whether the player who threw it throws again
    /// once the turn's move (or pass) is made (`again on 6`); empty: never.
    pub again: Vec<bool>,
    /// Dice used one by one: per outcome, the dice it gives to use, as thrown (a double
    /// listed twice over with `doubles twice`); empty when the throw is the sum.
    pub parts: Vec<Vec<u8>>,
    /// `must use most dice`: of the moves by a die, only those that begin a way of
    /// using as many of the dice left as can be used (and, when only one can be, the
    /// larger die's).
    pub most: bool,
    /// `opening roll one die each`: the throws of the opening (each player throwing one
    /// die, the first die the first player's), before any turn; `None` in other games.
    pub opening: Option<Box<Dice>>,
}

impl Dice {
    /// The throws of `count` dice with these faces (each face of a die equally likely).
    pub fn new(count: u32, faces: &[i64]) -> Dice {
        let mut ways: Vec<(i64, u64)> = vec![(0, 1)];
        for _ in 0..count {
            let mut next: Vec<(i64, u64)> = Vec::new();
            for &(sum, n) in &ways {
                for &face in faces {
                    match next.iter_mut().find(|(s, _)| *s == sum + face) {
                        Some(entry) => entry.1 += n,
                        None => next.push((sum + face, n)),
                    }
                }
            }
            ways = next;
        }
        ways.sort_unstable();
        Dice {
            outcomes: ways,
            again: Vec::new(),
            parts: Vec::new(),
            most: false,
            opening: None,
        }
    }

    /// The throws of `count` dice with these faces (each from 1 to 255) used one by one:
    /// every ordered throw an outcome of its own, the dice told apart (in the order of
    /// their faces, the first die first), weighted by the ways it falls (1 each when no
    /// face is written twice); with `doubles_twice`, a throw of equal faces gives each die
    /// twice.
    pub fn one_by_one(count: u32, faces: &[i64], doubles_twice: bool) -> Dice {
        let faces: Vec<u8> = faces.iter().map(|&f| f.clamp(1, 255) as u8).collect();
        let mut ways: Vec<(Vec<u8>, u64)> = vec![(Vec::new(), 1)];
        for _ in 0..count {
            let mut next: Vec<(Vec<u8>, u64)> = Vec::new();
            for (part, n) in &ways {
                for &face in &faces {
                    let longer = [&part[..], &[face]].concat();
                    match next.iter_mut().find(|(p, _)| *p == longer) {
                        Some(entry) => entry.1 += n,
                        None => next.push((longer, *n)),
                    }
                }
            }
            ways = next;
        }
        ways.sort_unstable();
        let sum = |p: &[u8]| p.iter().map(|&f| i64::from(f)).sum();
        let outcomes = ways.iter().map(|(p, n)| (sum(p), *n)).collect();
        let parts = (ways.into_iter())
            .map(|(mut part, _)| {
                if doubles_twice && part.len() > 1 && part.iter().all(|&f| f == part[0]) {
                    part.extend(part.clone());
                }
                part
            })
            .collect();
        Dice {
            outcomes,
            again: Vec::new(),
            parts,
            most: false,
            opening: None,
        }
    }

    /// The same dice (two, used one by one), with the opening roll: each player throws one
    /// die, the first die the first player's; the throws of two equal dice are thrown again,
    /// so the opening's outcomes are the throws of two different dice, each weighted as
    /// among the dice's throws. The higher die's owner starts, with both dice to use.
    pub fn with_opening(mut self) -> Dice {
        let differ = |part: &Vec<u8>| part.len() == 2 && part[0] != part[1];
        let kept: Vec<usize> = (0..self.parts.len())
            .filter(|&i| differ(&self.parts[i]))
            .collect();
        self.opening = Some(Box::new(Dice {
            outcomes: kept.iter().map(|&i| self.outcomes[i]).collect(),
            again: Vec::new(),
            parts: kept.iter().map(|&i| self.parts[i].clone()).collect(),
            most: self.most,
            opening: None,
        }));
        self
    }

    /// For outcome number `outcome` of the opening roll, the outcome of the dice that
    /// gives the same two dice to use, and which player starts: 0 (the first) when the
    /// first die is the higher, 1 otherwise; `None` for no such outcome.
    pub fn opened_by(&self, outcome: usize) -> Option<(usize, usize)> {
        let part = self.opening.as_ref()?.parts.get(outcome)?;
        let same = self.parts.iter().position(|p| p == part)?;
        Some((same, usize::from(part.first() < part.get(1))))
    }

    /// Whether outcome number `outcome` of dice used one by one is a double given twice
    /// (it holds more dice than were thrown).
    pub fn doubled(&self, outcome: usize) -> bool {
        let thrown = self.parts.iter().map(Vec::len).min().unwrap_or(0);
        self.parts.get(outcome).is_some_and(|p| p.len() > thrown)
    }

    /// Whether the dice are used one by one ([`Dice::parts`]).
    #[inline]
    pub fn one_by_one_used(&self) -> bool {
        !self.parts.is_empty()
    }

    /// The same dice, after whose throws of these values the thrower throws again.
    pub fn again_on(mut self, values: &[i64]) -> Dice {
        self.again = self
            .outcomes
            .iter()
            .map(|(v, _)| values.contains(v))
            .collect();
        self
    }

    /// Whether outcome number `outcome` gives its thrower another throw.
    #[inline]
    pub fn throws_again(&self, outcome: usize) -> bool {
        self.again.get(outcome).copied().unwrap_or(false)
    }

    /// The number of equally likely ways the dice fall.
    pub fn total(&self) -> u64 {
        self.outcomes.iter().map(|&(_, n)| n).sum()
    }
}

/// The tracks of a race ([`MoveKind::Track`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// `by die`: a move per die of dice used one by one, each die left giving its moves
    /// (rather than one move by the sum).
    pub by_die: bool,
    /// Per player (by index), the sites of their track in order.
    pub sites: Vec<Vec<Site>>,
    /// `position[player * board sites + site]`: the site's number on the player's track
    /// (1 for its first site), or 0 for a site off it.
    pub position: Vec<u8>,
    /// The kind of the pieces that enter from the stock.
    pub kind: u8,
    /// A region ([`Tables::regions`]) whose enemy pieces may not be landed on.
    pub safe: Option<u16>,
    /// A region ([`Tables::regions`]) landing on which gives the mover another turn.
    pub again: Option<u16>,
    /// Which pieces move: those in the stock, on the board, or both.
    pub from: TrackFrom,
    /// `enter on N`: a piece comes in from the stock only on a throw of `N`, onto the
    /// track's first site; `None`: on any throw, onto the site of that number.
    pub enter: Option<i64>,
    /// Whether a piece one step beyond the track's last site leaves the board (`false`
    /// after `without bearing off`).
    pub bears_off: bool,
    /// `blocked by N`: a site holding `N` or more enemy pieces may not be landed on.
    pub blocked: Option<u8>,
    /// `bearing off when all in REGION`: per player (by index), the number on their track
    /// of the first site of their home, the track's last sites that stand in the region;
    /// a piece leaves the board only when all the mover's pieces of [`Track::kind`] are
    /// there and none is in the stock. Empty without the clause.
    pub home: Vec<u8>,
}

/// Which pieces a move along a track moves ([`Track::from`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackFrom {
    /// Pieces in the stock and on the board.
    Anywhere,
    /// `from hand`: only pieces coming in from the stock.
    Hand,
    /// `from hand first`: while the mover has a piece in the stock, only such pieces;
    /// else pieces on the board.
    HandFirst,
    /// `from REGION`: only pieces standing on a site of this region
    /// ([`Tables::regions`]).
    Sites(u16),
}

/// Where a piece comes to along a track ([`Track::after`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Along {
    /// A site of the track.
    Site(Site),
    /// Exactly one beyond the track's last site: off the board.
    Off,
    /// Further still: nowhere.
    Beyond,
}

impl Track {
    /// Where a piece on site number `from` (0: the stock) of `player`'s track comes to
    /// `steps` sites on.
    #[inline]
    pub fn after(&self, player: usize, from: usize, steps: usize) -> Along {
        let track = &self.sites[player];
        let at = from + steps;
        match at.cmp(&(track.len() + 1)) {
            std::cmp::Ordering::Less => Along::Site(track[at - 1]),
            std::cmp::Ordering::Equal => Along::Off,
            std::cmp::Ordering::Greater => Along::Beyond,
        }
    }
}

/// The most times one sowing move lifts stones (its first lift included); a relay still
/// going after that many lifts stops where its last stone fell.
pub const MAX_RELAY_LIFTS: u32 = 1000;

/// How stones are sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sowing {
    /// Counterclockwise (increasing sites) or clockwise.
    pub counterclockwise: bool,
    /// With more than one stone, the first goes back into the origin (a single stone moves on).
    pub origin_first: bool,
    /// No stone into the opponent's store.
    pub skip_opponent_store: bool,
    /// No stone into any store.
    pub skip_stores: bool,
    /// No stone back into the origin pit on later laps.
    pub skip_origin: bool,
    /// A stone sown into a marked pit goes to its marker's store.
    pub marked_to_owner: bool,
}

/// What a rule after sowing does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The mover moves again.
    Again,
    /// All stones of one site go to another.
    Take {
        /// From this site.
        from: Expr,
        /// To this site.
        to: Expr,
    },
    /// The site becomes the mover's.
    Mark(Expr),
    /// From the site `from`, pit by pit in a direction, the stones of every pit go to the
    /// site `to` while `condition` holds with `last` standing for the pit reached; the walk
    /// stops at a store.
    TakeRun {
        /// Where the walk starts.
        from: Expr,
        /// Which way it goes (counterclockwise: along increasing sites).
        counterclockwise: bool,
        /// While this holds.
        condition: Expr,
        /// Where the stones go.
        to: Expr,
    },
}

/// A rule after sowing: when its condition holds (and no earlier rule's did), its actions.
#[derive(Clone, Debug, PartialEq)]
pub struct SowRule {
    /// When.
    pub condition: Condition,
    /// What, in order.
    pub actions: Vec<Action>,
    /// When this holds after the actions, the stones they moved go back.
    pub cancel: Option<Expr>,
}

/// The rules after sowing, prepared for play. Every part of a condition or an action that
/// depends only on the mover and the last site is computed by the compiler for every mover
/// and site, so that after a sowing only what depends on the stones is evaluated.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SowPlan {
    /// Words of `candidates` per entry: one bit per rule.
    pub words: usize,
    /// `candidates[(mover * sites + last) * words + w]`: the rules whose conditions hold as
    /// far as the mover and the last site decide them.
    pub candidates: Vec<u64>,
    /// Per rule, the rest of its condition: parts that must all hold, in source order.
    pub checks: Vec<Vec<SowCheck>>,
    /// Entries per (mover, last site) in [`SowCheck::Stones`] tables: one per possible
    /// number of stones on a site, from 0 to all the stones of the game.
    pub stones: usize,
    /// Per rule, its actions (with tabled parts).
    pub actions: Vec<Vec<Action>>,
    /// Per rule, the condition that takes its actions back (with tabled parts).
    pub cancels: Vec<Option<Expr>>,
    /// `tables[k][mover * sites + last]`: the values of [`Expr::Tabled`]`(k)`.
    pub tables: Vec<Vec<i64>>,
}

/// A part of a rule's condition after sowing that the mover and the last site do not decide
/// alone.
#[derive(Clone, Debug, PartialEq)]
pub enum SowCheck {
    /// Decided by the stones on one site, a site that the mover and the last site decide:
    /// with `i = mover * sites + last`, the site is `SowPlan::tables[site][i]` and the part
    /// holds when `holds[i * SowPlan::stones + its stones]` (or, beyond the table, when
    /// `expr` is non-zero).
    Stones {
        /// The table giving the site.
        site: u16,
        /// Whether the part holds, for every mover, last site and number of stones.
        holds: Vec<bool>,
        /// The part itself.
        expr: Expr,
    },
    /// Holds when the expression is non-zero.
    Expr(Expr),
}

/// A move rule: a kind of move and when it is available.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRule {
    /// What the move does.
    pub kind: MoveKind,
    /// What narrows it.
    pub filter: MoveFilter,
    /// When this does not hold (for the mover), only moves after which it holds are legal.
    pub so_that: Option<Expr>,
    /// `forbidding`: the moves after which this holds (for their mover) are not legal.
    pub forbidding: Option<Expr>,
    /// When it is available.
    pub condition: Condition,
    /// `by [nearest] numbered VALUE`: only the mover's pieces whose kind is numbered so.
    pub numbered: Option<Numbered>,
}

/// `by [nearest] numbered VALUE` on a move rule: of the mover's pieces, only those whose
/// kind is numbered the value; with `nearest`, where the mover has no such piece on the
/// board, those of the next number above the value and of the next below that the mover
/// has on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbered {
    /// The value, read when the moves are made (it may be the throw).
    pub value: Expr,
    /// `nearest`.
    pub nearest: bool,
    /// The kinds that have a number (`piece one numbered 1`), with it: (number, kind).
    pub kinds: Box<[(i64, u8)]>,
}

/// What a move rule alone tells of whether its moves may be quiet (move nothing but their
/// own piece, take, convert and promote nothing): read once per rule when the game is
/// compiled, for the computer's quiet-move test ([`Tables::quiet_rules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietRule {
    /// Its moves are never told quiet: they place, remove, sow, capture by themselves
    /// (jumps that take, approach and withdrawal, line captures), or the game promotes
    /// or gives another move.
    Never,
    /// A slide, a jump that takes nothing by itself or a flight: quiet if it lands on an
    /// empty site and the effects take nothing there.
    Landing {
        /// Its moves may remove a piece besides (`then remove`): those that do are not quiet.
        removes: bool,
        /// It shoots a piece (`then shoot`), which stands when the effects are looked for.
        shoots: bool,
    },
}

/// Where the runs of a custodian capture go.
#[derive(Clone, Debug, PartialEq)]
pub enum RunShape {
    /// Straight along directions (with `turning_once`: one right-angle turn).
    Lines(Vec<u8>),
    /// Along the board path with this index.
    Path(usize),
}

/// An effect made by the moved piece from where it lands.
#[derive(Clone, Debug, PartialEq)]
pub enum EffectKind {
    /// The player who moved moves again (while the effect's condition holds after the
    /// move).
    Again,
    /// After a line drawn on a side ([`MoveKind::Side`]), every empty cell it borders whose
    /// four sides are now drawn gets a piece of kind `kind` of the mover's.
    Claim {
        /// The kind.
        kind: u8,
    },
    /// Custodian capture: runs of enemy pieces closed by a piece of the mover's.
    Custodian {
        /// Where runs go.
        shape: RunShape,
        /// The run must turn exactly once, at a piece strictly inside it.
        turning_once: bool,
        /// The shortest run captured (1 unless `min` says more).
        min_length: u16,
        /// The longest run captured.
        max_length: u16,
        /// Convert or remove.
        mode: CaptureMode,
    },
    /// The moved piece (of the kinds of [`Effect::filter`]) becomes a piece of kind `to` when
    /// it lands on a site of region `region` ([`Tables::regions`]).
    Promote {
        /// The new kind.
        to: u8,
        /// Where.
        region: u16,
        /// `in or from`: a move of one piece from a site of the region to another site
        /// promotes its piece wherever it lands (false: only where it lands counts).
        leaving: bool,
        /// What it does to a chain of jumps that lands there on the way.
        mid_chain: MidChain,
        /// With a choice (`promote pawn to queen, knight`), a bit per kind the mover may
        /// choose, each a move of its own; 0 without one.
        choices: u64,
    },
    /// Every group of enemy pieces (linked along the directions) with a piece next to the
    /// landing site along them and no empty site next to any of its pieces along them (no
    /// liberty).
    Groups {
        /// The directions, as bits (bit `d` for the board's direction `d`).
        directions: DirectionBits,
        /// Convert or remove.
        mode: CaptureMode,
    },
    /// An enemy piece next to the landing site whose every neighbour along the directions
    /// holds a piece of the mover's (or is a hostile empty site); a side off the board
    /// does not enclose.
    Enclosed {
        /// The directions.
        directions: Vec<u8>,
        /// Convert or remove.
        mode: CaptureMode,
    },
}

/// An effect and when it applies.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// What narrows it.
    pub filter: CaptureFilter,
    /// When it applies.
    pub condition: Condition,
}

impl Effect {
    /// Whether it takes straight runs of any enemy piece, closed by a piece of the
    /// mover's and by nothing else: the runs that a walk back from the mover's pieces finds.
    pub fn takes_straight_runs(&self) -> bool {
        matches!(
            self.kind,
            EffectKind::Custodian {
                shape: RunShape::Lines(_),
                turning_once: false,
                ..
            }
        ) && self.filter == CaptureFilter::default()
    }
}

/// How the engine judges one of [`Ends::conditions`], checked after every move. (A tag of
/// its own, a byte, rather than one folded into the vector's: the engine tells the kinds
/// apart after every move.)
#[derive(Clone, Debug, PartialEq)]
#[repr(u8)]
pub enum EndCheck {
    /// By evaluating it.
    Evaluated,
    /// A condition that reads nothing of the position but the stones of at most
    /// [`END_KEY_SITES`] sites fixed by the mover: those sites, per mover (unused places
    /// [`NO_SITE`]). The engine evaluates it again only when the mover or those stones
    /// differ from the last time it did.
    Stones(Vec<[Site; END_KEY_SITES]>),
    /// A condition that compares a line with a number (`line(mover) >= 4`, `line(P, R) >
    /// N`, or the same the other way round): whether the player has a straight line of at
    /// least `length` pieces on the sites of [`Tables::regions`]`[region]`, found without
    /// measuring the longest.
    Line {
        /// The player whose line it is.
        player: PlayerRef,
        /// The region, an index into [`Tables::regions`].
        region: u16,
        /// The length the line must reach.
        length: i64,
    },
    /// A condition on groups in a game whose stones are never taken, moved or turned (every
    /// move rule places a piece and does nothing else, passes, or is the swap): its group
    /// rules `ring(...)` and `touching(...)` compared with a number are
    /// monotone in a player's stones, and only the group that holds the stone just placed
    /// can make one true that was false. Where the engine knows that none of them held
    /// for any player before a move, it looks for them from the stone placed alone, and
    /// judges the condition by `rest`.
    Placed {
        /// Those group rules of the condition (each read for the players its player may
        /// be: a fixed one, or any).
        rules: Box<[Expr]>,
        /// The condition with each of them false (a `touching(...)` 0): its value where
        /// none holds.
        rest: Expr,
    },
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndWhen {
    /// The player to move has no legal move.
    NoLegalMove,
    /// The player to move has no legal move, and the condition [`Ends::stuck`]`[i]` holds
    /// (evaluated with them as the mover): `end when no legal move and attacked(mover,
    /// king)`.
    StuckAnd(u8),
    /// No player has a legal move other than passing: the player to move would have to
    /// pass, and so would every other player after them.
    NoPlayerCanMove,
    /// A move recreated a position (sites and side to move) that occurred before, for the
    /// [`Ends::repetitions`]th time.
    RepeatedPosition,
    /// A move recreated a position for the [`Kept::repetitions`]th time, and one player
    /// kept [`Kept::condition`] true after each of their moves since its first occurrence
    /// ([`Ends::kept`]); that player is the rule's mover.
    RepeatedKeeping,
    /// [`Clock::moves`] moves in a row have made no [`Progress`] ([`Ends::clock`]).
    MovesWithout,
    /// After a move, one player's pits are all empty.
    EmptyRow,
    /// Every player has passed, one after the other.
    BothPass,
    /// After a move, the condition [`Ends::conditions`]`[i]` holds (evaluated with the
    /// player who moved as the mover).
    Position(u8),
}

/// Who wins when an end rule fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndResult {
    /// This player wins.
    PlayerWins(Player),
    /// The player with more pieces on the board wins; equal is a draw.
    MostPieces,
    /// The player to move loses.
    MoverLoses,
    /// The player to move wins.
    MoverWins,
    /// Nobody wins.
    Draw,
    /// Stones left in pits go to a store (the empty side's, or each row's owner's); then the
    /// fuller store wins, and equal stores draw.
    StoreMajority {
        /// To the player whose row is empty (else each row to its owner).
        to_empty_side: bool,
    },
    /// The higher score (the game's score expression, per player) wins; equal scores draw,
    /// or the player who made the last placement loses.
    HighestScore {
        /// On equal scores, the last player to place a piece loses.
        last_placer_loses: bool,
    },
}

/// An end rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRule {
    /// When.
    pub when: EndWhen,
    /// Who wins.
    pub result: EndResult,
    /// What a win by this rule is worth: 1 unless the rule says more (`mover wins 2`).
    pub points: u8,
}

/// Random keys for position hashing (Zobrist), fixed per compiled game.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// `cells[site * cell_codes + cell]`.
    cells: Vec<u64>,
    cell_codes: usize,
    /// One key per player to move.
    pub to_move: Vec<u64>,
    /// `hands[(player * kinds + kind) * (MAX_HAND + 1) + count]` (empty in games without
    /// a stock; 0 for a count of 0).
    hands: Vec<u64>,
    /// `counts[site * (max_count + 1) + count]` (only zeros on boards without stones).
    counts: Vec<u64>,
    /// `count_steps[site * (max_count + 1) + count]`: the keys of `count` and `count + 1`
    /// stones on `site` together, for sowing one stone.
    count_steps: Vec<u64>,
    max_count: usize,
    /// `marks[site * (players + 1) + mark]`.
    marks: Vec<u64>,
    players: usize,
    /// The key of the players having swapped sides (the pie rule).
    pub swapped: u64,
    /// Per site, the key of its piece standing unmoved (empty in games without `by
    /// unmoved`).
    unmoved: Vec<u64>,
}

impl Zobrist {
    /// Keys for `sites` sites with `cell_codes` possible cell values and `players` players,
    /// from a fixed seed, so hashes are the same from run to run.
    pub fn new(sites: usize, cell_codes: usize, players: usize, max_count: usize) -> Zobrist {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            // SplitMix64.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let cells = (0..sites * cell_codes)
            .map(|i| if i % cell_codes == 0 { 0 } else { next() })
            .collect();
        let to_move = (0..players).map(|_| next()).collect();
        // With no stones at all the table holds only the zero keys of empty sites, so a
        // board of pits set up with 0 stones hashes like any other.
        let stride = max_count + 1;
        let counts: Vec<u64> = (0..sites * stride)
            .map(|i| if i % stride == 0 { 0 } else { next() })
            .collect();
        let count_steps = (0..counts.len())
            .map(|i| match i % stride == max_count {
                true => 0,
                false => counts[i] ^ counts[i + 1],
            })
            .collect();
        let marks = (0..sites * (players + 1))
            .map(|i| if i % (players + 1) == 0 { 0 } else { next() })
            .collect();
        Zobrist {
            cells,
            cell_codes,
            to_move,
            hands: Vec::new(),
            counts,
            count_steps,
            max_count,
            marks,
            players,
            // A constant of its own (SplitMix64's output for seed 1), so that the other
            // keys stay as they are.
            swapped: 0x910a_2dec_8902_5cc1,
            unmoved: Vec::new(),
        }
    }

    /// The keys with keys for `slots` counts in hand (players times kinds), drawn from a
    /// seed of their own so that the other keys stay as they are.
    pub fn with_hands(mut self, slots: usize) -> Zobrist {
        let mut state = 0x6a09_e667_f3bc_c908_u64;
        let stride = MAX_HAND as usize + 1;
        self.hands = (0..slots * stride)
            .map(|i| {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                if i % stride == 0 {
                    0
                } else {
                    z ^ (z >> 31)
                }
            })
            .collect();
        self
    }

    /// The key of `count` pieces in hand in slot `slot` (player times kinds plus kind).
    #[inline]
    pub fn hand(&self, slot: usize, count: u16) -> u64 {
        self.hands[slot * (MAX_HAND as usize + 1) + count as usize]
    }

    /// The most stones the count keys cover on one site (the stones in play).
    pub fn max_count(&self) -> usize {
        self.max_count
    }

    /// The key of `count` stones on `site` (0 for none).
    #[inline]
    pub fn count(&self, site: Site, count: u16) -> u64 {
        self.counts[site.index() * (self.max_count + 1) + count as usize]
    }

    /// The change of key when a stone is added to `count` stones on `site`.
    #[inline]
    pub fn count_step(&self, site: Site, count: u16) -> u64 {
        self.count_steps[site.index() * (self.max_count + 1) + count as usize]
    }

    /// Keys for the pieces of `sites` sites standing unmoved (games with `by unmoved`), for
    /// the piece that passed in the last move (games with `in passing`), and for the sites
    /// of the latest move (games that keep them, [`Facts::keeps_last`]).
    pub fn with_unmoved(mut self, sites: usize) -> Zobrist {
        let mut state = 0xbb67_ae85_84ca_a73b_u64;
        self.unmoved = (0..sites)
            .map(|_| {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^ (z >> 31)
            })
            .collect();
        self
    }

    /// The key of the last move's piece, now on `site`, having passed over sites that a
    /// piece may take it on `in passing` (the same table as [`Zobrist::unmoved`]'s, turned).
    #[inline]
    pub fn passing(&self, site: Site) -> u64 {
        self.unmoved[site.index()].rotate_left(17)
    }

    /// The key of the latest move having landed on `site` (`origin` false) or started
    /// from it (`origin` true), in a game that keeps them ([`Facts::keeps_last`]): the
    /// same table as [`Zobrist::unmoved`]'s, turned by amounts of their own; 0 for no site.
    #[inline]
    pub fn played(&self, site: Site, origin: bool) -> u64 {
        match self.unmoved.get(site.index()) {
            Some(key) => key.rotate_left(if origin { 41 } else { 29 }),
            None => 0,
        }
    }

    /// The key of the piece on `site` standing unmoved.
    #[inline]
    pub fn unmoved(&self, site: Site) -> u64 {
        self.unmoved[site.index()]
    }

    /// The key of wall number `wall` standing in the grooves ([`Grooves`]): SplitMix64's
    /// output for a seed of its own plus the wall's number, so no table is kept.
    #[inline]
    pub fn wall(&self, wall: usize) -> u64 {
        let mut z = 0x3c6e_f372_fe94_f82b_u64
            .wrapping_add((wall as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The key of `mark` (0 none, else 1 + player) on `site`.
    #[inline]
    pub fn mark(&self, site: Site, mark: u8) -> u64 {
        self.marks[site.index() * (self.players + 1) + mark as usize]
    }

    /// The key of `cell` standing on `site` (0 for an empty site).
    #[inline]
    pub fn cell(&self, site: Site, cell: Cell) -> u64 {
        self.cells[site.index() * self.cell_codes + cell.index()]
    }
}

/// A parameter's or option's value in this compiled game, for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The parameter or option.
    pub name: String,
    /// Its value as text.
    pub value: String,
    /// What it could have been (a range or the list of choices).
    pub allowed: String,
}

/// Where a rule after a move or after sowing was written, to name it to a person: the
/// REPL and `rulebook analyze` say what each rule did by it. Nothing in play reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleSource {
    /// The short name the rule file gives it (`called "corner"`), if any.
    pub label: Option<String>,
    /// The file it is written in, as its number among the game's files (0 the rule file,
    /// then the files it extends), and the byte range of its text there.
    pub file: u32,
    /// The first byte of its text.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// Where it is written, `FILE:LINE` (filled in by the pipeline, which has the files;
    /// empty otherwise).
    pub place: String,
    /// Its text on one line, comments left out (filled in by the pipeline; empty
    /// otherwise).
    pub text: String,
}

impl RuleSource {
    /// The rule's short name: its label, else its text up to its condition (for a rule
    /// after sowing, its actions), else its place.
    pub fn name(&self) -> &str {
        if let Some(label) = &self.label {
            return label;
        }
        let text = match self.text.strip_prefix("when ") {
            Some(rule) => rule.split_once(": ").map_or(rule, |(_, actions)| actions),
            None => self.text.split(" when ").next().unwrap_or(""),
        };
        let text = text.split(" unless ").next().unwrap_or("");
        let text = text.split(" called ").next().unwrap_or("");
        if text.is_empty() {
            &self.place
        } else {
            text
        }
    }
}

/// A compiled game, ready to play: its rules, the tables compiled from them, and what the
/// faces need to name things to a person.
#[derive(Clone, Debug)]
pub struct Game {
    /// Its names: the game's, the players', the pieces', the settings it was compiled with.
    pub about: About,
    /// The board.
    pub board: Board,
    /// The position at the start.
    pub start: Start,
    /// Move rules, in the order their moves are listed.
    pub moves: Vec<MoveRule>,
    /// Effects after every move, in order.
    pub effects: Vec<Effect>,
    /// Rules after sowing (mancala boards).
    pub after_sowing: AfterSowing,
    /// End rules and the score.
    pub ends: Ends,
    /// The ban on repetition, and what a repeated position is.
    pub repetition: Repetition,
    /// The conditions no move may leave true (`forbid leaving`), each read on the position
    /// the move leaves with the player who moved as the mover.
    pub forbidden: Vec<Expr>,
    /// Tile games: hands and the edge-matching tables.
    pub tiles: Option<Tiles>,
    /// What the compiler derives from the rules for the engine to read on its hot path.
    pub facts: Facts,
    /// Tables compiled from the rules and the board for play to look up.
    pub tables: Tables,
    /// What the computer reads to judge an unfinished game.
    pub heuristics: Heuristics,
    /// Where the rules were written and what they are called.
    pub sources: Sources,
}

/// A game's names, for the faces (nothing in play reads them but the number of players).
#[derive(Clone, Debug)]
pub struct About {
    /// The display name.
    pub name: String,
    /// The preset it was compiled with, if any.
    pub preset: Option<String>,
    /// Parameter and option values.
    pub settings: Vec<Setting>,
    /// Player names, in turn order.
    pub players: Vec<String>,
    /// Piece kind names.
    pub piece_kinds: Vec<String>,
    /// Per kind of piece, the letter the rules give it (`piece knight as N`), if they do;
    /// otherwise it is drawn by its initial (`rulebook_notation::piece_letter`).
    pub piece_letters: Vec<Option<char>>,
    /// Per kind of piece, its number (`piece one numbered 1`), if the rules give it one
    /// (the move rules that read it keep their own table, [`Numbered::kinds`]).
    pub piece_numbers: Vec<Option<i64>>,
    /// What a mark is called where the game is shown (`mark SITE as castle`), if the
    /// rules name it.
    pub mark_name: Option<String>,
}

/// The position a game starts from.
#[derive(Clone, Debug)]
pub struct Start {
    /// Pieces on the board.
    pub setup: Vec<(Site, Cell)>,
    /// Pieces in hand, `stock[player * kinds + kind]`, for the kinds placed from a counted
    /// stock (`setup N PLAYER KIND in hand`); empty when there are none.
    pub stock: Vec<u16>,
    /// The kinds placed from a counted stock, in the order of the `piece` statement.
    pub stocked: Vec<u8>,
    /// Stones in every pit (mancala boards; 0 elsewhere).
    pub stones: u16,
    /// The kinds that stack, a bit per kind (`piece KIND stacked`): several pieces of one
    /// player may stand on a site; 0 in a game without stacks.
    pub stacking: u64,
    /// In a game with stacks, per site, the pieces on it beyond the one of
    /// [`Start::setup`] (`setup 3 PLAYER KIND on SITE`: 2); empty in other games.
    pub stacks: Vec<u16>,
}

/// The rules after sowing, as written and as prepared for play.
#[derive(Clone, Debug)]
pub struct AfterSowing {
    /// In order: the first whose condition holds applies.
    pub rules: Vec<SowRule>,
    /// The same rules, prepared for play.
    pub plan: SowPlan,
}

/// How a game ends, and the score.
#[derive(Clone, Debug)]
pub struct Ends {
    /// End rules.
    pub rules: Vec<EndRule>,
    /// The conditions of the end rules checked after every move ([`EndWhen::Position`]).
    pub conditions: Vec<Expr>,
    /// For each of [`Ends::conditions`], how the engine judges it: evaluated, or by a way
    /// the compiler found that answers the same sooner.
    pub checks: Vec<EndCheck>,
    /// The conditions of the end rules [`EndWhen::StuckAnd`], in the order of its index.
    pub stuck: Vec<Expr>,
    /// The `end when empty row` rule, if the game has one (looked at after every sowing).
    pub empty_row: Option<EndRule>,
    /// Each player's score, evaluated with that player as the mover.
    pub score: Option<Expr>,
    /// The occurrence of a position that ends the game by [`EndWhen::RepeatedPosition`]
    /// (2, the first repetition, unless the rule says `N times`).
    pub repetitions: u32,
    /// The count of moves without progress of [`EndWhen::MovesWithout`], if a rule has it.
    pub clock: Option<Clock>,
    /// What [`EndWhen::RepeatedKeeping`] asks of a repetition, if a rule has it.
    pub kept: Option<Kept>,
}

impl Ends {
    /// Whether a win may be worth more than 1 point: an end rule says so (`mover wins 2`).
    pub fn scored(&self) -> bool {
        self.rules.iter().any(|r| r.points > 1)
    }

    /// What a win by end rule `rule` (an index in [`Ends::rules`]) is worth: its points;
    /// 1 for a win no rule of the list decided.
    pub fn win_points(&self, rule: Option<usize>) -> u32 {
        rule.and_then(|r| self.rules.get(r))
            .map_or(1, |r| u32::from(r.points))
    }
}

/// `end when repeated position N times keeping CONDITION`: the occurrence of a position
/// that ends the game, and what one player must have kept true since its first.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The occurrence (2 and up).
    pub repetitions: u32,
    /// Read after each move of the repetition, with the player who moved as the mover
    /// (the moves are replayed when a position has occurred often enough).
    pub condition: Expr,
}

/// `end when N moves without capture or move by KIND`: the moves in a row without
/// progress that end the game, and what progress is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// How many moves in a row (of every player).
    pub moves: u32,
    /// What starts the count again.
    pub progress: Progress,
}

/// What counts as progress for [`Clock`]: a move after which it starts again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// A move that takes a piece (fewer pieces on the board after it than before).
    pub capture: bool,
    /// A move of a piece of one of these kinds (a bit each).
    pub kinds: u64,
}

/// A move of a piece by a fixed offset on a board of at most 64 sites (a step along one
/// direction, or a leap), as a shift of the word of the sites: from every site it can
/// leave, its landing is the same number of sites on ([`Counted::Steps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordShift {
    /// The sites the move can leave (a bit each): those from which it lands on the board.
    pub from: u64,
    /// The landing as a rotation of the word: site `s` lands on `(s + rotate) % 64` (a move
    /// to a lower site rotates by 64 less the distance; no bit of `from` goes round).
    pub rotate: u32,
}

impl WordShift {
    /// The landings of the move from the sites `sites` (a bit each).
    #[inline(always)]
    pub fn landings(self, sites: u64) -> u64 {
        (sites & self.from).rotate_left(self.rotate)
    }
}

/// A move rule on one site ([`Counted::Sites`]: a placement or a removal) on a board of at
/// most 64 sites, in the form the engine finds its sites in: bit sets of one word.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WordSites {
    /// The sites the rule may act on whatever the position (a bit each): the board's,
    /// within the rule's region and outside its `not landing on`.
    pub allowed: u64,
    /// With `next to`, what the neighbour holds and the step from a site along each
    /// direction it looks along, as a shift of the word: a site is kept when one of these
    /// steps from it lands on a site that holds that.
    pub next_to: Option<(Neighbour, Vec<WordShift>)>,
}

/// A move rule's walk in the forms the engine reads besides its program (and a placement's
/// or a removal's sites as bit sets).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WalkForms {
    /// The walk's paths from every site, where it is made of fixed paths: the move
    /// generator reads them rather than running the walk.
    pub paths: Option<FixedPaths>,
    /// On a board whose links lead back, the walk [reversed](Walk::reversed) (where it
    /// [attacks](Walk::attacks)): the test of a site attacked runs it from the site to find
    /// the pieces that could land there.
    pub reversed: Option<Walk>,
    /// The paths of the reversed walk, where it is made of fixed paths, which the test of a
    /// site attacked reads rather than running it.
    pub reversed_paths: Option<FixedPaths>,
    /// Where the game's steps are counted ([`Counted::Steps`]), the rule's moves as shifts
    /// of one word, in the rule's order: a step's per direction, a leap's per offset.
    /// Empty in any other game (and for a rule of any other kind).
    pub word_shifts: Vec<WordShift>,
    /// Where every move rule acts on one site ([`Counted::Sites`]) on a board of at most 64
    /// sites whose `next to` directions are each one shift of the word, the rule's sites
    /// as bit sets find them; `None` in any other game.
    pub word_sites: Option<WordSites>,
}

/// Tables the compiler derives from the rules and the board for play to look up.
#[derive(Clone, Debug)]
pub struct Tables {
    /// `owner[cell]`: the player owning a piece cell (unused for [`EMPTY`]).
    pub owner: Vec<Player>,
    /// `kind[cell]`: the kind of a piece cell, its index in [`About::piece_kinds`]
    /// (unused for [`EMPTY`]): read where [`Game::kind_of`] would divide.
    pub kind: Vec<u8>,
    /// Hash keys.
    pub zobrist: Zobrist,
    /// Regions that expressions count pieces in ([`Expr::PiecesIn`]), each as a bit mask
    /// over the sites (64 a word).
    pub regions: Vec<Vec<u64>>,
    /// The turns of the move rules with `then rotate` ([`SecondPart::Rotate`]).
    pub turns: Vec<Turns>,
    /// The walks of the move rules' second parts that are walks ([`SecondPart::Place`],
    /// [`SecondPart::Take`]).
    pub parts: Vec<Walk>,
    /// Per move rule: what the rule alone tells of whether its moves may be quiet.
    pub quiet_rules: Vec<QuietRule>,
    /// Per effect: whether it [takes straight runs](Effect::takes_straight_runs) on a board
    /// whose [links lead back](Board::links_lead_back), so that what a landing on every
    /// site takes is found at once walking back from the mover's pieces.
    pub runs_walk_back: Vec<bool>,
    /// Whether the board's [links lead back](Board::links_lead_back), so that the test of a
    /// site attacked looks back from the site along each slide's reversed directions.
    pub links_lead_back: bool,
    /// Per move rule: its walk laid out in paths and reversed (each part `None` for any
    /// other rule, or where the walk or the board does not allow it).
    pub walks: Vec<WalkForms>,
    /// Per move rule: whether its moves may take a piece by landing on it, so that the
    /// test of a site attacked reads the rule: a slide whose `onto` lets it land on a
    /// piece, or a walk that [attacks](Walk::attacks) (its own tests say what it lands on).
    pub attackers: Vec<bool>,
    /// How the moves of chains recorded by their pieces ([`Chain::Pieces`]) name them
    /// (empty in a game without such chains).
    pub piece_bits: PieceBits,
    /// With `capture into hand`, per kind of piece, the kind a piece of it taken goes into
    /// its taker's hand as (itself, or the kind it was promoted from); empty without.
    pub hand_kinds: Vec<u8>,
    /// On a board of at most 64 sites, the runs of sites ([`LineMasks`]) of each length
    /// that a removal's `if line` or `sparing line` asks for, one entry a length; empty
    /// otherwise.
    pub line_masks: Vec<LineMasks>,
    /// Under a ban whose every condition is `attacked(mover, KIND)`, what lets the list of
    /// legal moves judge most moves without playing them ([`Guard`]); `None` in any other
    /// game, whose moves are all played to be judged.
    pub guard: Option<Guard>,
}

/// What the compiler proves of a game whose `forbid leaving` conditions are all
/// `attacked(mover, KIND)`, so that a move need not be played to be judged: the test of a
/// site attacked looks backwards from the guarded pieces (every rule that may take is a
/// slide or a reversed walk, on a board whose links lead back, under a condition that
/// reads nothing but who moves), no effect takes, converts or makes a guarded piece, and
/// a [plain](Guard::plain) move changes the board only where its piece leaves and lands.
/// Such a move, when no guarded piece is attacked before it, leaves none attacked unless
/// it touches a site the search read or a guarded piece (the engine's `guard.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    /// The kinds guarded (bit `k` for kind `k`; every bit for `attacked(mover, any)`): a
    /// move after which a piece of the mover's of one of them is attacked is forbidden.
    pub kinds: u64,
    /// Per move rule: whether its moves are plain: a piece of the mover's leaves its site
    /// and lands on another (or a new one, of a kind not guarded, is placed), taking at
    /// most what stood there, with no second part, capture in passing or `forbidding`.
    pub plain: Vec<bool>,
    /// Per move rule: the directions of a hop (`hop DIRECTIONS`: along one, over empty
    /// sites to a piece, over empty sites again to an enemy piece, landing there), whose
    /// attacks are watched by the pieces along its lines rather than by every site its
    /// reversed walk reads; `None` for any other rule.
    pub hops: Vec<Option<Vec<u8>>>,
}

impl Tables {
    /// The runs of `length` sites, if kept ([`Tables::line_masks`]).
    #[inline]
    pub fn line_masks(&self, length: u8) -> Option<&LineMasks> {
        self.line_masks.iter().find(|lines| lines.length == length)
    }
}

/// What the computer reads to judge a position it cannot play to the end.
#[derive(Clone, Debug)]
pub struct Heuristics {
    /// Each player's standing in an unfinished game (evaluated with that player as the
    /// mover): the score where the game has one, else what its end rule compares (stones
    /// in the player's store), else the player's pieces on the board.
    pub estimate: Expr,
    /// The goals the end rules set a piece (`end when pieces(white, corners, king) > 0:
    /// white wins`), with each site's distance to the goal; empty in most games.
    pub goals: Vec<Goal>,
    /// The row of pieces an end rule wins the game by (`end when line(mover) >= 5: mover
    /// wins`), if one does.
    pub rows: Option<Rows>,
}

/// The row of pieces an end rule wins the game by, for the computer's judgement of an
/// unfinished game: every run of [`Rows::length`] sites in a straight line (along the axes
/// `line()` measures) within the rule's region.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    /// The pieces in a row that win.
    pub length: u8,
    /// The runs.
    pub runs: Vec<Run>,
    /// Per site, the runs through it (indices into [`Rows::runs`]): those of site `s` are
    /// `through[first[s] .. first[s + 1]]`.
    pub through: Vec<u16>,
    /// Where each site's runs begin in [`Rows::through`], and one more for the end.
    pub first: Vec<u32>,
}

/// A run of sites in a straight line ([`Rows`]) as a bit mask over two words of the sites
/// (64 a word): a run of the lengths a row may have spans two at most where the board's
/// rows are at most 64 sites apart, as on every board that has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The first of the two words.
    pub word: u32,
    /// The sites of that word and of the next.
    pub bits: [u64; 2],
}

/// Where the rules after a move, after sowing and at the end were written and what they
/// are called, to name them to a person: the REPL and `rulebook analyze` say what each
/// rule did by it. Nothing in play reads it.
#[derive(Clone, Debug, Default)]
pub struct Sources {
    /// Per effect ([`Game::effects`]).
    pub effects: Vec<RuleSource>,
    /// Per rule after sowing ([`AfterSowing::rules`]).
    pub sowing: Vec<RuleSource>,
    /// The end rules' short names (`end called "escape" when ...`), by their index in
    /// [`Ends::rules`].
    pub end_labels: Vec<Option<String>>,
    /// Per condition of [`Ends::conditions`], with its text as written (a region by its
    /// name, not its sites).
    pub end_conditions: Vec<RuleSource>,
    /// Per condition of [`Game::forbidden`], its `forbid leaving` statement.
    pub forbidden: Vec<RuleSource>,
}

/// How every move rule of a game is counted without listing its moves ([`Facts::counted`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Counted {
    /// Rule by rule: the one rule in force may be, or the moves are listed.
    #[default]
    ByRules,
    /// Every move rule acts on one site: places a piece (every one of the same kind) or
    /// removes one of the mover's, narrowed by no clause but `next to` and `not landing
    /// on`. The moves are counted site by site, though two rules may place on one site
    /// ([`Facts::moves_may_coincide`]) or `next to` narrows them
    /// ([`Facts::moves_narrowed`]).
    Sites,
    /// Every move rule (of at most [`MAX_COUNTED_STEP_RULES`]) steps one of the mover's
    /// pieces, of any kind, to the next site along one of its directions, or leaps with it
    /// by fixed offsets (`move leap`, without a leg to pass), onto what its landing allows
    /// and narrowed by no clause but `not landing on` and (a step's) `avoiding`, on a board
    /// of at most 64 sites where each of these directions and offsets goes the same number
    /// of sites on from every site it leaves ([`WordShift`], [`WalkForms::word_shifts`]);
    /// no two rules make one move and no promotion offers a choice. The moves are counted
    /// by shifts of the pieces' sites.
    Steps,
}

/// What the compiler derives from a game's rules for the engine to read on its hot path, a
/// flag each: nothing here is a rule of its own (each follows from the move, effect and end
/// rules), so a reader of the rules can leave it aside.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Whether two move rules can make the same move (same origin and destination); the
    /// engine then lists such a move once.
    pub moves_may_coincide: bool,
    /// Whether a random pick may judge `with liberties` on the move it draws alone, rather
    /// than on every move: a rule has the clause, and nothing else decides on the moves
    /// left once it has dropped some (no compulsory rule, no pass only when nothing else
    /// is legal, no two rules making one move, no capture in line, no `forbid leaving`).
    pub picks_judge_liberties: bool,
    /// Whether a random pick judges the move it draws from a list that some judging has
    /// not narrowed yet: under a ban on repetition, or where it judges `with liberties`
    /// ([`Facts::picks_judge_liberties`]).
    pub picks_judge: bool,
    /// Whether a random pick may draw from the moves counted without listing them and
    /// judge the ban on repetition on the move drawn alone: the ban is what alone keeps
    /// the moves listed ([`Facts::always_listed`]), nothing else narrowing them.
    pub picks_unlisted_under_ban: bool,
    /// Whether a move rule captures by the steps it makes ([`MoveKind::captures_in_line`]):
    /// a plain step to where such a step goes is then listed as the capture alone.
    pub captures_in_line: bool,
    /// Whether a move may be forbidden by what it leaves: a `forbid leaving` or a move
    /// rule's `forbidding`.
    pub forbids: bool,
    /// Whether every move rule's moves are counted by one routine without listing them,
    /// and which: one fact, so that the games counted neither way pay one test for both.
    pub counted: Counted,
    /// Whether a move rule is narrowed by a filter (`by`, `onto`, `capturing` ...), so that
    /// its moves cannot be picked without listing them (a `so that` narrows them only
    /// where its goal does not hold already, which the engine tests), or a pass is a move
    /// at will (besides the others). A slide then a shot narrowed by nothing but `by` is
    /// counted without listing, and narrows nothing.
    pub moves_narrowed: bool,
    /// Whether a move rule has a `so that` (whose goal, where it does not hold, narrows
    /// its moves).
    pub move_goals: bool,
    /// Whether any end rule is checked after every move (a condition on the position, a
    /// repeated position, a stuck player whose stones are moved): one test on the hot path.
    pub ends_after_moves: bool,
    /// Whether the end rule for a player with no legal move gives the stones left to their
    /// owners (the engine then ends such a game at once, moving them).
    pub stuck_moves_stones: bool,
    /// Whether an effect promotes pieces ([`EffectKind::Promote`]).
    pub promotes: bool,
    /// The kinds (a bit each) a move rule takes `in passing` ([`SiteTest::Passed`]); 0 in
    /// games without: the position then keeps the last move of such a piece that passed
    /// over a site.
    pub passing_kinds: u64,
    /// The kinds (a bit each) whose pieces a move rule asks to be unmoved
    /// ([`SiteTest::Unmoved`], the mover and partner of [`MoveKind::Castle`]); 0 in games
    /// without: the position then keeps which pieces of those kinds have not moved (of
    /// those kinds alone, so that a knight gone and back repeats the position).
    pub unmoved_kinds: u64,
    /// The kinds of piece (a bit each) that a promotion letting the mover choose the kind
    /// ([`EffectKind::Promote`]'s `choices`) applies to: their moves that it applies to are
    /// listed once per kind offered; 0 without such a promotion.
    pub promotion_choice_kinds: u64,
    /// Whether an effect may give the player who moved another move
    /// ([`EffectKind::Again`]).
    pub moves_again: bool,
    /// Whether a rule reads `last` or `origin` on a board of pieces: the position then
    /// keeps the sites the latest move started from and landed on (in its hash, and its
    /// text), [`Expr::Last`] and [`Expr::Origin`]; otherwise they stay no site.
    pub keeps_last: bool,
    /// Whether a rule reads `captured` ([`Expr::Captured`]): the position then keeps how
    /// many enemy pieces there were before the latest move.
    pub reads_captured: bool,
    /// Whether a rule reads `claimed` ([`Expr::Claimed`]): the position then keeps how
    /// many cells the latest move claimed.
    pub reads_claimed: bool,
    /// [`Facts::keeps_last`], [`Facts::reads_captured`] or [`Facts::reads_claimed`]: one
    /// test on the hot path, before every move, for them all.
    pub notes_played: bool,
    /// Whether the compulsory moves are narrowed to those that jump the most pieces
    /// ([`MoveFilter::most`]).
    pub majority: bool,
    /// Whether the hashes of earlier positions are kept for a look-up: to forbid a
    /// repetition, or to end the game on one ([`EndWhen::RepeatedPosition`]).
    pub tracks_repetition: bool,
    /// Whether an end rule ends the game when no player can move ([`EndWhen::NoPlayerCanMove`]):
    /// a player who would pass then has no move at all.
    pub ends_when_no_player_can_move: bool,
    /// Whether an end rule makes the player to move lose when they have no legal move
    /// (`end when no legal move: mover loses`).
    pub stalemate_loses: bool,
    /// The index of the move rule that throws the dice ([`MoveKind::Roll`]), in a game of
    /// chance: every turn then opens with a throw.
    pub roll_rule: Option<u8>,
    /// Whether a piece taken goes into its taker's hand (`capture into hand`:
    /// [`Tables::hand_kinds`] is not empty).
    pub captures_into_hand: bool,
    /// Whether the moves must always be listed to pick one or to know there is one: a ban
    /// on repetition, a `forbid`, rules whose moves may coincide or are narrowed (unless
    /// counted site by site), a pass that depends on the others' moves, a throw of dice.
    pub always_listed: bool,
    /// The move rules (a bit each, of the first 64) whose moves are played as a piece
    /// going from its site to another, or a new one from the supply to a site, and nothing
    /// else before the effects: a slide, a jump or a fly that takes nothing itself, a walk
    /// without a route or taking, a placement not from the hand, with no second part and
    /// no capture in passing, in a game without capture into hand.
    pub plain_landings: u64,
    /// Whether the board has at most 64 sites ([`Board::has_ray_masks`]) and every move
    /// rule is a step onto an empty site or a chain of jumps that turns
    /// ([`MoveRule::found_by_bits`]), with no second part, `capturing`, `with liberties` or
    /// `so that`: the engine then finds the moves by bit sets, in a move generator of their
    /// own.
    pub bit_moves: bool,
    /// Whether no piece ever leaves the board, moves or changes owner, nor does a link
    /// change: every move rule places a piece on an empty site and does nothing else (no
    /// second part, no effect after moves), passes, or is the swap (which exchanges the
    /// players' seats, not their pieces), and pieces do not stack.
    pub places_only: bool,
    /// Whether move rules that move pieces (not placements or removals) name two kinds or
    /// more by `by`, or a rule moves pieces `by numbered`: the position then keeps a set of
    /// sites per player and kind, from which such a rule's pieces are read at once.
    pub cell_sets: bool,
}

impl Facts {
    /// Whether the position keeps which pieces are unmoved ([`Facts::unmoved_kinds`]).
    #[inline]
    pub fn tracks_unmoved(&self) -> bool {
        self.unmoved_kinds != 0
    }

    /// Whether move rule `rule`'s moves are played as a piece going from one site to
    /// another, or from the supply to a site, and nothing else ([`Facts::plain_landings`]).
    #[inline]
    pub fn lands_plainly(&self, rule: u8) -> bool {
        rule < 64 && self.plain_landings >> rule & 1 == 1
    }
}

/// The ban on repetition: whether there is one, what it compares, and how far back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Repetition {
    /// Whether a move may not recreate an earlier position.
    pub forbidden: bool,
    /// A position is the sites alone, whoever is to move (positional); otherwise the sites
    /// and the side to move (situational).
    pub positional: bool,
    /// Only the positions of the last this many moves (0: every position of the game).
    pub within: u32,
}

/// A goal an end rule sets: a player wins when a piece of theirs (of one kind, or of any)
/// stands on a site of a region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The player who wins by it.
    pub player: Player,
    /// The kind of piece that must reach the region, or [`ANY_KIND`].
    pub kind: u8,
    /// Per site: the fewest steps from it to a site of the region (along the board's
    /// orthogonal directions on a grid, any direction elsewhere), ignoring the pieces in
    /// the way; [`Goal::FAR`] where the region cannot be reached.
    pub distance: Vec<u8>,
    /// The region's sites, as a bit mask over the sites (64 a word).
    pub region: Vec<u64>,
}

impl Goal {
    /// [`Goal::distance`] of a site the region cannot be reached from.
    pub const FAR: u8 = u8::MAX;
}

impl Game {
    /// Whether `site` lies in region `region` (an index into [`Tables::regions`]).
    #[inline(always)]
    pub fn in_region(&self, region: usize, site: Site) -> bool {
        self.tables.regions[region][site.index() / 64] >> (site.index() % 64) & 1 == 1
    }

    /// Whether a promotion (`effect`, an [`EffectKind::Promote`]) applies where a piece
    /// moves from `from` to `to`: it lands in the promotion's region, or (`in or from`)
    /// starts there. False for any other effect, and for a piece placed or removed (either
    /// site [`NO_SITE`]).
    #[inline]
    pub fn promotes_on(&self, effect: &EffectKind, (from, to): (Site, Site)) -> bool {
        let EffectKind::Promote {
            region, leaving, ..
        } = *effect
        else {
            return false;
        };
        let region = region as usize;
        from != NO_SITE
            && to != NO_SITE
            && (self.in_region(region, to) || leaving && self.in_region(region, from))
    }

    /// The cell for a piece of `player` of kind `kind`.
    pub fn cell(&self, player: Player, kind: usize) -> Cell {
        Cell::piece(player, kind, self.about.piece_kinds.len())
    }

    /// The stones in play (mancala boards).
    pub fn total_stones(&self) -> u32 {
        self.start.stones as u32 * self.board.pits() as u32 * self.about.players.len() as u32
    }

    /// The kind of piece in a non-empty cell.
    pub fn kind_of(&self, cell: Cell) -> usize {
        self.tables.kind[cell.index()] as usize
    }

    /// Every piece of the game (each player's each kind), as cells in index order.
    pub fn piece_cells(&self) -> impl Iterator<Item = Cell> {
        (1..self.cell_codes()).map(|i| Cell(i as u8))
    }

    /// Number of distinct cell values (empty plus every player's every kind).
    pub fn cell_codes(&self) -> usize {
        1 + self.about.players.len() * self.about.piece_kinds.len()
    }

    /// The seats in turn order: the number of players, and two for a game of one player
    /// (see [`Game::solo`]); the turn passes from each to the next, the last to the first.
    #[inline(always)]
    pub fn seats(&self) -> usize {
        self.about.players.len().max(2)
    }

    /// Whether the game has one player, who makes every move. Its engine still keeps two
    /// seats: the second ([`Player::SECOND`]) never moves and has no pieces, and a result
    /// that makes it the winner (`mover loses`) is the player's loss.
    #[inline(always)]
    pub fn solo(&self) -> bool {
        self.about.players.len() == 1
    }

    /// A player's name, as the `players` statement gives it.
    pub fn player_name(&self, player: Player) -> &str {
        &self.about.players[player.index()]
    }

    /// The players in turn order, with their names.
    pub fn players_named(&self) -> impl Iterator<Item = (Player, &str)> + '_ {
        Player::all(self.seats()).zip(self.about.players.iter().map(String::as_str))
    }

    /// The player with this name, if any.
    pub fn player_by_name(&self, name: &str) -> Option<Player> {
        self.players_named()
            .find(|&(_, n)| n == name)
            .map(|(p, _)| p)
    }

    /// Whether a move rule is the swap (the pie rule).
    pub fn has_swap(&self) -> bool {
        self.moves.iter().any(|r| matches!(r.kind, MoveKind::Swap))
    }

    /// The value of a setting by name.
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.about
            .settings
            .iter()
            .find(|s| s.name == name)
            .map(|s| s.value.as_str())
    }
}
