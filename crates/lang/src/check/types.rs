//! The checked description: a rule file with every name resolved and every expression
//! typed, still independent of parameter values (those are applied by `compile`).

//!
//! The checked form has its own vocabulary and shares no type with the syntax tree, so that
//! `compile` never sees the syntax; operators, capture modes and end rules' conditions
//! and results are the model's own.

use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
pub use rulebook_model::{CaptureMode, EndResult, EndWhen};
use rulebook_model::{Drawing, Op};

/// A prefix operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unary {
    /// `not x`: the negation of a condition.
    Not,
    /// `-x`: the negation of a number.
    Neg,
}

/// The type of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// A whole number.
    Int,
    /// `on` or `off`, true or false.
    Bool,
    /// One of the choices of the option with this index.
    Choice(usize),
    /// A board direction.
    Direction,
    /// A player.
    Player,
    /// A set of sites.
    Region,
    /// One site (a pit or a store).
    Site,
    /// A set of tiles (wedge patterns).
    Tiles,
    /// A kind of piece.
    Kind,
}

impl Type {
    /// The type in words, for messages.
    pub fn describe(self, options: &[OptionDecl]) -> String {
        match self {
            Type::Int => "a number".into(),
            Type::Bool => "a condition (on/off)".into(),
            Type::Choice(o) => format!("a choice of option `{}`", options[o].name),
            Type::Direction => "a direction".into(),
            Type::Player => "a player".into(),
            Type::Region => "a region of the board".into(),
            Type::Site => "a site (a pit or a store)".into(),
            Type::Tiles => "a set of tiles".into(),
            Type::Kind => "a kind of piece".into(),
        }
    }
}

/// Region constants of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionConst {
    /// Every site.
    All,
    /// The corner sites.
    Corners,
    /// The sites on the board's edge.
    Perimeter,
    /// The middle site of a grid, or the middle two or four when a side is even.
    Centre,
    /// The squares of one colour of a checkerboard: `dark` (the colour of a1) or `light`.
    Colour {
        /// The colour of a1.
        dark: bool,
    },
    /// One point named by its file letter and rank number (`d4`), both from 0.
    Point {
        /// The file (0 for `a`).
        file: u16,
        /// The rank (0 for 1).
        rank: u16,
    },
}

/// Built-in functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `side(direction)`: the sites on the side of the board facing a direction.
    Side,
    /// `corner(direction)`: the corner site in a diagonal direction.
    Corner,
    /// `rank(n)`: the sites of rank n (1 at the bottom).
    Rank,
    /// `file(n)`: the sites of file n (1 at the left).
    File,
    /// `pieces(player)`: how many pieces a player has on the board (depends on the position).
    Pieces,
    /// `pieces(player, region)`: how many of them stand on the region's sites.
    PiecesIn,
    /// `line(player[, region])`: the length of the player's longest straight line of
    /// pieces (on the region's sites).
    Line,
    /// `lines(player, n[, region])`: how many of the player's straight lines of pieces (on
    /// the region's sites) are exactly n long.
    Lines,
    /// `store(player)`: a player's store (mancala boards).
    Store,
    /// `owner(site)`: the player whose row (or store) a site is.
    Owner,
    /// `count(site)`: how many stones a site holds.
    Count,
    /// `pit(site)`: a pit's number in its owner's row (1 from the owner's left); 0 for a store.
    Pit,
    /// `opposite(site)`: the pit across the board from a pit.
    Opposite,
    /// `marks(player)`: how many sites a player has marked.
    Marks,
    /// `neighbours(region)`: the sites one orthogonal step from the region, outside it.
    Neighbours,
    /// `marked(player)`: the site a player has marked (no site if none).
    Marked,
    /// `stones(player)`: the stones in a player's pits (their row, not their store).
    Stones,
    /// `next(site)`: the next site counterclockwise round the board.
    Next,
    /// `previous(site)`: the next site clockwise.
    Previous,
    /// `row(player)`: a player's pits.
    Row,
    /// `between(site, site)`: the sites strictly between two, counterclockwise.
    Between,
    /// `pit(player, number)`: a player's pit by number.
    PitOf,
    /// A site where a region is expected (`all - pit(mover, 1)`): the region of that site
    /// alone (not written by name).
    Alone,
    /// `connected(player, region, region, directions...)`: the player's pieces form a
    /// group, linked along the directions, that touches both regions.
    Connected,
    /// `path(player, kind, region, directions...)`: a piece of the player's of the kind
    /// has a way along the directions, through sites empty or holding that kind, to the
    /// region.
    Path,
    /// `groups(player, directions...)`: how many groups the player's pieces form, linked
    /// along the directions.
    Groups,
    /// `group(player, directions...)`: how many pieces the player's largest group has.
    Group,
    /// `touching(player, region..., directions...)`: the most of the regions that one
    /// group of the player's has a piece on.
    Touching,
    /// `ring(player, directions...)`: the player's pieces enclose a site, paths running
    /// along the directions.
    Ring,
    /// `hand(player[, kind])`: how many pieces (of a kind) a player still has in hand.
    Hand,
    /// `material(P)`: the worth of `P`'s pieces on the board and in hand.
    Material,
    /// `files(player[, kind])`: how many files hold a piece of the player's (of a kind).
    Files,
    /// `diagonal(n)`: the sites of the n-th diagonal running south-west to north-east.
    Diagonal,
    /// `antidiagonal(n)`: the sites of the n-th diagonal running south-east to north-west.
    Antidiagonal,
    /// `within(region, n)`: the sites at most n king steps from a site of the region.
    Within,
    /// `reach(player[, kind])`: how many empty sites a slide from one of the player's
    /// pieces (of a kind), in any direction, could end on.
    Reach,
    /// `attacked(player[, kind])`: whether a piece of the player's (of a kind) could be
    /// taken by another player's move landing on it.
    Attacked,
    /// `area(player)`: the player's pieces and the empty sites only they reach.
    Area,
    /// `territory(player)`: the empty sites only the player's pieces reach.
    Territory,
}

impl Builtin {
    /// All built-ins with their names, argument types and result type.
    pub const ALL: [(Builtin, &'static str, Type, Type); 36] = [
        (Builtin::Side, "side", Type::Direction, Type::Region),
        (Builtin::Corner, "corner", Type::Direction, Type::Region),
        (Builtin::Rank, "rank", Type::Int, Type::Region),
        (Builtin::File, "file", Type::Int, Type::Region),
        (Builtin::Pieces, "pieces", Type::Player, Type::Int),
        (Builtin::Store, "store", Type::Player, Type::Site),
        (Builtin::Owner, "owner", Type::Site, Type::Player),
        (Builtin::Count, "count", Type::Site, Type::Int),
        (Builtin::Pit, "pit", Type::Site, Type::Int),
        (Builtin::Opposite, "opposite", Type::Site, Type::Site),
        (Builtin::Marks, "marks", Type::Player, Type::Int),
        (Builtin::Line, "line", Type::Player, Type::Int),
        (Builtin::Lines, "lines", Type::Player, Type::Int),
        (
            Builtin::Neighbours,
            "neighbours",
            Type::Region,
            Type::Region,
        ),
        (Builtin::Marked, "marked", Type::Player, Type::Site),
        (Builtin::Stones, "stones", Type::Player, Type::Int),
        (Builtin::Next, "next", Type::Site, Type::Site),
        (Builtin::Previous, "previous", Type::Site, Type::Site),
        (Builtin::Row, "row", Type::Player, Type::Region),
        (Builtin::Between, "between", Type::Site, Type::Region),
        (Builtin::Connected, "connected", Type::Player, Type::Bool),
        (Builtin::Path, "path", Type::Player, Type::Bool),
        (Builtin::Groups, "groups", Type::Player, Type::Int),
        (Builtin::Group, "group", Type::Player, Type::Int),
        (Builtin::Touching, "touching", Type::Player, Type::Int),
        (Builtin::Ring, "ring", Type::Player, Type::Bool),
        (Builtin::Hand, "hand", Type::Player, Type::Int),
        (Builtin::Material, "material", Type::Player, Type::Int),
        (Builtin::Files, "files", Type::Player, Type::Int),
        (Builtin::Diagonal, "diagonal", Type::Int, Type::Region),
        (
            Builtin::Antidiagonal,
            "antidiagonal",
            Type::Int,
            Type::Region,
        ),
        (Builtin::Within, "within", Type::Region, Type::Region),
        (Builtin::Reach, "reach", Type::Player, Type::Int),
        (Builtin::Attacked, "attacked", Type::Player, Type::Bool),
        (Builtin::Area, "area", Type::Player, Type::Int),
        (Builtin::Territory, "territory", Type::Player, Type::Int),
    ];

    /// Whether the compiler builds the built-in's value, a region, from its argument when
    /// the game is compiled (so the argument must not depend on the position).
    pub fn builds_region(self) -> bool {
        matches!(
            self,
            Builtin::Side
                | Builtin::Corner
                | Builtin::Rank
                | Builtin::File
                | Builtin::Diagonal
                | Builtin::Antidiagonal
                | Builtin::Neighbours
        )
    }

    /// The kind of board a built-in needs, if it needs one.
    pub fn board(self) -> Option<BoardKind> {
        match self {
            Builtin::Side
            | Builtin::Corner
            | Builtin::Rank
            | Builtin::File
            | Builtin::Line
            | Builtin::Lines
            | Builtin::Connected
            | Builtin::Path
            | Builtin::Groups
            | Builtin::Group
            | Builtin::Touching
            | Builtin::Ring
            | Builtin::Hand
            | Builtin::Material
            | Builtin::Files
            | Builtin::Diagonal
            | Builtin::Antidiagonal
            | Builtin::Within
            | Builtin::Reach
            | Builtin::Attacked
            | Builtin::Area
            | Builtin::Territory
            | Builtin::Neighbours => Some(BoardKind::Grid),
            Builtin::Store
            | Builtin::Owner
            | Builtin::Count
            | Builtin::Pit
            | Builtin::Opposite
            | Builtin::Marks
            | Builtin::Marked
            | Builtin::Stones
            | Builtin::Next
            | Builtin::Previous
            | Builtin::Row
            | Builtin::Between
            | Builtin::PitOf
            | Builtin::Alone => Some(BoardKind::Mancala),
            Builtin::Pieces | Builtin::PiecesIn => None,
        }
    }
}

/// The kinds of board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKind {
    /// A grid of points.
    Grid,
    /// Rows of pits with stores.
    Mancala,
    /// A hexagon of hexagonal cells.
    Hex,
}

impl BoardKind {
    /// The kind in words.
    pub fn describe(self) -> &'static str {
        match self {
            BoardKind::Grid => "a grid board",
            BoardKind::Mancala => "a mancala board",
            BoardKind::Hex => "a hexagonal board",
        }
    }
}

/// A typed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct TExpr {
    /// What it is.
    pub kind: TExprKind,
    /// Its type.
    pub ty: Type,
    /// Where it was written.
    pub span: Span,
}

/// The resolved forms of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum TExprKind {
    /// A whole number.
    Int(i64),
    /// `on` / `off`.
    Bool(bool),
    /// The value of parameter i.
    Param(usize),
    /// The value of option i.
    Option(usize),
    /// Choice `index` of option `option`.
    Choice {
        /// The option.
        option: usize,
        /// The choice.
        index: usize,
    },
    /// A board direction by index.
    Direction(u8),
    /// A player by index.
    Player(usize),
    /// The player to move.
    Mover,
    /// The player not to move.
    Opponent,
    /// `last`: the site the last stone was sown into, or the latest move landed on.
    Last,
    /// `throw`: the value thrown this turn.
    Throw,
    /// `captured`: the pieces the move just made captured.
    Captured,
    /// `claimed`: the cells the move just made claimed.
    Claimed,
    /// `no legal move`: the player to move has none (in a condition judging a move).
    NoLegalMove,
    /// A region constant.
    Region(RegionConst),
    /// A constant set of tiles: bit `k` for the tile of kind `k`.
    Tiles(u64),
    /// A kind of piece by index.
    Kind(usize),
    /// `majority(wedges)` or `majority(pieces)` (in a score).
    Majority(rulebook_model::GroupUnit),
    /// A built-in applied to arguments.
    Call(Builtin, Vec<TExpr>),
    /// The pit the latest sowing started from.
    Origin,
    /// The site bound by the quantifier at this level (0: the outermost).
    Bound(usize),
    /// `any`, `every` or, for `stones(REGION)`, the sum: the body for each site of the
    /// region, bound at level `depth`.
    Quantified {
        /// Which.
        quantifier: rulebook_model::Quantifier,
        /// The level the site is bound at.
        depth: usize,
        /// The sites.
        region: Box<TExpr>,
        /// The condition (or, for a sum, the number).
        body: Box<TExpr>,
    },
    /// `not x`, `-x`.
    Unary(Unary, Box<TExpr>),
    /// `x op y`.
    Binary(Op, Box<TExpr>, Box<TExpr>),
}

impl TExpr {
    /// Whether the value `leaf` (`last`, `origin`) is read anywhere within the expression
    /// (its operators and arguments).
    pub fn reads(&self, leaf: &TExprKind) -> bool {
        match &self.kind {
            TExprKind::Call(_, args) => args.iter().any(|a| a.reads(leaf)),
            TExprKind::Unary(_, x) => x.reads(leaf),
            TExprKind::Binary(_, a, b) => a.reads(leaf) || b.reads(leaf),
            kind => kind == leaf,
        }
    }

    /// True if the value depends on the position (and so is computed during play).
    pub fn depends_on_position(&self) -> bool {
        self.reads_position(true)
    }

    /// True if the value depends on the position besides the players `mover` and
    /// `opponent` name (a score's condition may read them: the player scored and the other).
    pub fn depends_on_more_than_players(&self) -> bool {
        self.reads_position(false)
    }

    /// Whether the value depends on the position; with `players` false, `mover` and
    /// `opponent` do not count.
    fn reads_position(&self, players: bool) -> bool {
        match &self.kind {
            TExprKind::Mover | TExprKind::Opponent => players,
            TExprKind::Last
            | TExprKind::Throw
            | TExprKind::Captured
            | TExprKind::Claimed
            | TExprKind::NoLegalMove
            | TExprKind::Majority(_)
            | TExprKind::Origin
            | TExprKind::Bound(_)
            | TExprKind::Quantified { .. } => true,
            TExprKind::Call(
                Builtin::Pieces
                | Builtin::PiecesIn
                | Builtin::Line
                | Builtin::Lines
                | Builtin::Reach
                | Builtin::Attacked
                | Builtin::Connected
                | Builtin::Path
                | Builtin::Groups
                | Builtin::Group
                | Builtin::Touching
                | Builtin::Ring
                | Builtin::Hand
                | Builtin::Material
                | Builtin::Files
                | Builtin::Count
                | Builtin::Marks
                | Builtin::Marked
                | Builtin::Stones
                | Builtin::Area
                | Builtin::Territory,
                _,
            ) => true,
            TExprKind::Call(_, args) => args.iter().any(|a| a.reads_position(players)),
            TExprKind::Unary(_, e) => e.reads_position(players),
            TExprKind::Binary(_, a, b) => a.reads_position(players) || b.reads_position(players),
            _ => false,
        }
    }
}

/// An integer parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl {
    /// Its name.
    pub name: String,
    /// Where it was declared.
    pub span: Span,
    /// Smallest value.
    pub min: i64,
    /// Largest value.
    pub max: i64,
    /// Default value.
    pub default: i64,
}

/// An option: a switch (`off`/`on`) or one of named choices.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionDecl {
    /// Its name.
    pub name: String,
    /// Where it was declared.
    pub span: Span,
    /// The choices; a switch has `off` and `on`.
    pub choices: Vec<String>,
    /// True for an on/off switch (its type is Bool).
    pub is_switch: bool,
    /// Index of the default choice.
    pub default: usize,
}

impl OptionDecl {
    /// The index of the choice named `value`, or the error that there is none (at `span`,
    /// if any), with the choices and the nearest one.
    pub fn choice(&self, value: &str, span: Option<Span>) -> Result<usize, Diagnostic> {
        if let Some(c) = self.choices.iter().position(|c| c == value) {
            return Ok(c);
        }
        let message = format!("`{value}` is not a choice of option `{}`", self.name);
        let d = match span {
            Some(span) => Diagnostic::error(Code::E0333, message, span),
            None => Diagnostic::plain(Code::E0334, message),
        };
        Err(d
            .with_note(format!("the choices are: {}", self.choices.join(", ")))
            .with_suggestion(value, self.choices.iter().map(String::as_str)))
    }
}

/// The names of the parameters, then of the options, for suggestions.
pub fn setting_names<'a>(params: &'a [ParamDecl], options: &'a [OptionDecl]) -> Vec<&'a str> {
    params
        .iter()
        .map(|p| p.name.as_str())
        .chain(options.iter().map(|o| o.name.as_str()))
        .collect()
}

/// A value of a parameter or option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingValue {
    /// A parameter's value.
    Int(i64),
    /// An option's choice index.
    Choice(usize),
}

/// A parameter or an option, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingId {
    /// Parameter i.
    Param(usize),
    /// Option i.
    Option(usize),
}

/// A named preset.
#[derive(Clone, Debug, PartialEq)]
pub struct PresetDecl {
    /// Its name.
    pub name: String,
    /// Where it was declared.
    pub span: Span,
    /// The values it sets.
    pub settings: Vec<(SettingId, SettingValue)>,
}

/// A setup line.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupDecl {
    /// How many pieces on each site (`setup 2 ...`, a stacked kind), if given.
    pub count: Option<TExpr>,
    /// Whose pieces.
    pub player: usize,
    /// Which kind.
    pub piece: usize,
    /// Where (a region).
    pub region: TExpr,
    /// The statement.
    pub span: Span,
}

/// `setup N PLAYER KIND in hand`: a counted stock of pieces to place.
#[derive(Clone, Debug, PartialEq)]
pub struct StockDecl {
    /// Whose hand.
    pub player: usize,
    /// Which kind.
    pub piece: usize,
    /// How many (a number of the settings).
    pub count: TExpr,
    /// The statement.
    pub span: Span,
}

/// `dice N with faces ...`: the dice thrown at the start of every turn.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceDecl {
    /// How many dice.
    pub count: u32,
    /// Each die's faces.
    pub faces: Vec<i64>,
    /// `again on`: the throws after whose move the thrower throws again.
    pub again: Vec<i64>,
    /// `used one by one`: each die a move of its own (`doubles twice`, `must use most
    /// dice` in it).
    pub one_by_one: Option<crate::syntax::ast::OneByOne>,
}

/// `track PLAYER: SITE, ...`: the sites a player's pieces race along.
#[derive(Clone, Debug, PartialEq)]
pub struct TrackDecl {
    /// Whose track.
    pub player: usize,
    /// Its sites in order, each a region of one point, with where it is written.
    pub sites: Vec<TExpr>,
    /// The statement.
    pub span: Span,
}

/// `path NAME: POINT, [loop,] POINT, ... [, closed]`: a named path of a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct PathDecl {
    /// The path's name.
    pub name: String,
    /// Its points in order, each a region of one point, with where it is written.
    pub points: Vec<TExpr>,
    /// `loops[i]`: a loop joins point `i` and the next (on a closed path, the last point
    /// and the first).
    pub loops: Vec<bool>,
    /// `closed`: the last point is followed by the first.
    pub closed: bool,
}

/// How many sites a slide `exactly` so long crosses.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactLength {
    /// A number known before play.
    Fixed(TExpr),
    /// As many as pieces counted so stand on the line the slide runs along (`axis`).
    Line(rulebook_model::LinePieces),
}

/// A move primitive with its resolved directions.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveDecl {
    /// Slide along directions.
    Slide {
        /// Direction indices.
        directions: Vec<u8>,
        /// The most sites crossed (none: any number).
        max_length: Option<TExpr>,
        /// `exactly`: how many sites it crosses, every one.
        exactly: Option<ExactLength>,
        /// `over friend`: it passes over the mover's own pieces.
        over_friend: bool,
    },
    /// Jump over an adjacent piece.
    Jump {
        /// Direction indices.
        directions: Vec<u8>,
        /// `flying`: over a piece any distance away, onto any empty site beyond it.
        flying: bool,
        /// Which pieces may be jumped over.
        over: rulebook_model::Jumped,
        /// What happens to an enemy piece jumped over (none: nothing).
        mode: Option<CaptureMode>,
        /// Further jumps from the landing site.
        chain: rulebook_model::Chain,
        /// `turning aside`: where the way on beyond the piece jumped is closed, the piece
        /// lands beside it.
        aside: bool,
    },
    /// One of the mover's pieces off the board.
    Remove {
        /// From where (none: anywhere).
        region: Option<TExpr>,
    },
    /// A new piece of a kind onto an empty site of a grid, or (`on grooves`) a wall
    /// between cells, or (`on sides`) a line on a side of a cell.
    PlacePiece {
        /// The kind.
        kind: usize,
        /// Where (none: anywhere).
        region: Option<TExpr>,
        /// What it goes on: a site, or between cells.
        on: PlaceOn,
    },
    /// Sow the stones of one of the mover's pits.
    Sow {
        /// How the stones go.
        sowing: rulebook_model::Sowing,
        /// `relay while CONDITION`: when the stones of the last pit are sown on.
        relay: Option<TExpr>,
        /// `skip REGION`: the sites no stone goes into.
        skip: Option<TExpr>,
        /// `start at SITE`: where the first stone goes.
        start: Option<TExpr>,
    },
    /// `place from hand [matching]`.
    Place {
        /// Whether wedges must match.
        matching: bool,
    },
    /// `pass` (only when no other move is legal; with `at will`, always).
    Pass {
        /// `at will`.
        at_will: bool,
    },
    /// `swap` (the pie rule).
    Swap,
    /// `fly`: a piece of the mover's to any empty site.
    Fly,
    /// `castle DIRS with KIND`: a piece and an unmoved partner of its own move together.
    Castle {
        /// Direction indices.
        directions: Vec<u8>,
        /// The partner's kind.
        partner: usize,
    },
    /// A walk of the core: a piece of the mover's to each destination it reaches.
    Walk(Vec<WalkDecl>),
    /// `along track by roll`: a piece along the mover's track by the dice thrown.
    Track {
        /// `by die`: a move per die of dice used one by one.
        by_die: bool,
        /// `from hand` (`Some(None)`) or `from REGION`: which pieces move.
        from: Option<Option<TExpr>>,
        /// `from hand first`: while the mover has pieces in the stock, only those.
        first: bool,
        /// `enter on N`: the only throw that brings a piece in, with where it is written.
        enter: Option<(i64, Span)>,
        /// `blocked by N`: a site with this many enemy pieces (2 to 255) is not landed on.
        blocked: Option<u8>,
        /// `without bearing off`.
        kept: bool,
        /// `bearing off when all in REGION`: where all the mover's pieces must stand.
        home: Option<TExpr>,
        /// `safe on`: enemy pieces there may not be landed on.
        safe: Option<TExpr>,
        /// `again on`: landing there gives another turn.
        again: Option<TExpr>,
    },
}

/// A step of a checked walk (see `rulebook_model::Step` for what each does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WalkDecl {
    /// The cursor goes by a fixed offset on a grid, files east and ranks north, each
    /// shorter than the longest grid.
    Leap {
        /// Files east (west when negative).
        files: i16,
        /// Ranks north (south when negative).
        ranks: i16,
        /// The ranks go forward as the mover faces: north as written for the first
        /// player, south for the second.
        forward: bool,
    },
    /// The cursor goes along the named path with this index, the rest going on from each
    /// point reached once `loops` loops are passed, on past the points that pass `body`.
    Follow {
        /// The path, by index in [`Description::paths`].
        path: usize,
        /// The fewest loops passed before a point is a landing.
        loops: u8,
        /// What each point passed over must pass.
        body: Vec<WalkDecl>,
    },
    /// The cursor goes one site along the direction with this index (a relative direction
    /// of a move, `RELATIVE_BASE` and up, until the compiler turns it for each player).
    Shift(u8),
    /// The body repeated from `min` to `max` times, the rest going on after each count.
    Repeat {
        /// What is repeated.
        body: Vec<WalkDecl>,
        /// The fewest repetitions.
        min: u16,
        /// The most.
        max: u16,
    },
    /// The walk goes on only where the site passes the test.
    Test(rulebook_model::SiteTest),
    /// The walk goes on only where the rule's clauses let the move land.
    Landing,
    /// The walk goes on only where `not landing on` lets the move land.
    NotForbidden,
    /// The site is a destination.
    Emit,
    /// Each walk goes on from here in turn.
    Branch(Vec<Vec<WalkDecl>>),
}

/// `then remove enemy [if line N] [sparing line N]`, its numbers as written.
#[derive(Clone, Debug, PartialEq)]
pub struct RemovalDecl {
    /// `if line N`.
    pub if_line: Option<TExpr>,
    /// `sparing line N`.
    pub sparing_line: Option<TExpr>,
    /// The clause.
    pub span: Span,
}

/// A move rule: its primitive and what narrows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRuleDecl {
    /// The primitive.
    pub shape: MoveDecl,
    /// `by KIND, ...`: the kinds that make it (none: every kind).
    pub by: Option<Vec<usize>>,
    /// `by [nearest] numbered VALUE`: whether `nearest`, and the value.
    pub numbered: Option<(bool, TExpr)>,
    /// Where its moves may go and end.
    pub destination: DestinationDecl,
    /// While a compulsory move is legal, no other move is.
    pub compulsory: bool,
    /// `compulsory most`: only the compulsory moves that jump the most pieces.
    pub most: bool,
    /// `so that` and `forbidding`: what its moves are judged by once made.
    pub legality: LegalityDecl,
    /// Its second part (`then ...`), if it has one.
    pub then: SecondPartDecl,
    /// `capture by approach or withdrawal`: a step that captures.
    pub line_capture: Option<rulebook_model::LineCapture>,
    /// `with liberties`: the directions (bit per board direction) along which the moved
    /// piece's group must keep an empty neighbour.
    pub liberties: Option<rulebook_model::DirectionBits>,
    /// What the move's walk tests besides its landing.
    pub walk_tests: WalkTests,
}

/// Where a move rule's moves may go and end: the sites they may not land on or cross, what
/// they may end on, the neighbour their site needs, whether they must capture.
#[derive(Clone, Debug, PartialEq)]
pub struct DestinationDecl {
    /// `not landing on REGION`.
    pub not_landing: Option<TExpr>,
    /// `avoiding REGION`.
    pub avoiding: Option<TExpr>,
    /// Only where the effects capture something.
    pub capturing: bool,
    /// Only on a site with an orthogonal neighbour holding this.
    pub next_to: Option<rulebook_model::NextTo>,
    /// What the move may end on.
    pub landing: rulebook_model::Landing,
}

/// A move rule's second part (`then ...`): what follows each of its moves in the same turn;
/// the checker lets a rule have one at most.
#[derive(Clone, Debug, PartialEq)]
pub struct SecondPartDecl {
    /// `then shoot`: a piece shot after the move.
    pub shot: Option<rulebook_model::Shot>,
    /// `then remove enemy`: an enemy piece removed after the move.
    pub removal: Option<RemovalDecl>,
    /// `then rotate` or `then reflect`: the regions one of which is turned or mirrored
    /// after the move.
    pub turns: Option<TurnsDecl>,
}

/// `then rotate REGION, ...`, `then reflect ...` or `then rotate or reflect ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnsDecl {
    /// The regions, in the order written.
    pub regions: Vec<TExpr>,
    /// What may be done to a region.
    pub ways: crate::syntax::ast::Transforms,
    /// `at will`: the placement may also be made alone.
    pub at_will: bool,
    /// Where the clause was written.
    pub span: Span,
}

/// The two legality conditions of a move rule, judged in the position each move leaves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegalityDecl {
    /// `so that CONDITION`: when this does not hold, only moves after which it holds are
    /// legal.
    pub so_that: Option<TExpr>,
    /// `forbidding CONDITION`: the moves after which it holds are not legal.
    pub forbidding: Option<TExpr>,
}

/// The tests of a move's walk that clauses add (slides, steps, leaps and hops only).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WalkTests {
    /// `from REGION`: the piece must start on one of these sites.
    pub from: Option<TExpr>,
    /// `onto enemy KIND, ...`: the kinds of enemy piece the move may take by landing.
    pub taking: Option<Vec<usize>>,
    /// `by unmoved`: the piece must not have moved since the start.
    pub unmoved: bool,
    /// `onto enemy ... in passing`: the move lands on a site the enemy piece (of the kinds
    /// of `taking`, or any) passed over in the last move, and takes it.
    pub in_passing: bool,
    /// `next to ...` on a piece that moves: the site it starts from must have such a
    /// neighbour.
    pub next_to: Option<rulebook_model::NextTo>,
}

/// What narrows a capture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaptureFilterDecl {
    /// `of KIND, ...`: the kinds captured (none: every kind).
    pub of: Option<Vec<usize>>,
    /// `in REGION` (true) or `outside REGION` (false).
    pub standing: Option<(bool, TExpr)>,
    /// `against REGION`: hostile empty sites.
    pub against: Option<TExpr>,
}

/// What a rule after sowing does.
#[derive(Clone, Debug, PartialEq)]
pub enum ActionDecl {
    /// The mover moves again.
    Again,
    /// All stones of `from` go to `to`.
    Take {
        /// A site.
        from: TExpr,
        /// A site.
        to: TExpr,
    },
    /// The site becomes the mover's.
    Mark(TExpr),
    /// From `from`, pit by pit, every pit's stones go to `to` while `condition` holds.
    TakeRun {
        /// A site.
        from: TExpr,
        /// The way of the walk.
        counterclockwise: bool,
        /// A condition, with `last` the pit reached.
        condition: TExpr,
        /// A site.
        to: TExpr,
    },
}

/// A rule after sowing.
#[derive(Clone, Debug, PartialEq)]
pub struct SowRuleDecl {
    /// When it applies.
    pub condition: TExpr,
    /// What it does.
    pub actions: Vec<ActionDecl>,
    /// When it holds after the actions, they are taken back.
    pub cancel: Option<TExpr>,
    /// Its short name (`called "capture"`), if it has one.
    pub label: Option<String>,
    /// Where it was written.
    pub span: Span,
}

/// Where the runs of a custodian capture go.
#[derive(Clone, Debug, PartialEq)]
pub enum RunDecl {
    /// Straight along these directions.
    Lines(Vec<u8>),
    /// Along the named board path.
    Path(String),
}

/// What a placement puts its piece on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceOn {
    /// An empty site.
    Sites,
    /// A wall across two links between the cells of a grid of squares.
    Grooves,
    /// A line on one side of a cell of a grid of squares.
    Sides,
}

/// An effect after every move.
#[derive(Clone, Debug, PartialEq)]
pub enum EffectDecl {
    /// The player who moved moves again.
    Again,
    /// Every cell whose last open side the move drew gets a piece of kind `kind` of the
    /// mover's.
    Claim {
        /// The kind.
        kind: usize,
    },
    /// Custodian capture.
    Custodian {
        /// Where runs go.
        run: RunDecl,
        /// Exactly one turn inside the run.
        turning_once: bool,
        /// The shortest run captured.
        min_length: Option<TExpr>,
        /// The longest run captured.
        max_length: Option<TExpr>,
        /// Convert or remove.
        mode: CaptureMode,
        /// What narrows it.
        filter: CaptureFilterDecl,
    },
    /// The moved piece becomes a piece of kind `to` on a site of `region`.
    Promote {
        /// The kinds promoted (none: every kind).
        from: Option<Vec<usize>>,
        /// The kind they become (the first of `choices`, when there is a choice).
        to: usize,
        /// With a choice, every kind the mover may choose; empty without one.
        choices: Vec<usize>,
        /// Where.
        region: TExpr,
        /// `in or from REGION`: a move that starts in the region promotes its piece too.
        leaving: bool,
        /// What it does to a chain of jumps that lands there on the way.
        mid_chain: rulebook_model::MidChain,
    },
    /// Every group of enemy pieces (linked along the directions) next to the landing site
    /// with no empty site next to it along the directions.
    Groups {
        /// Direction indices.
        directions: Vec<u8>,
        /// Convert or remove.
        mode: CaptureMode,
    },
    /// An enemy piece next to the landing site with the mover's pieces (or hostile
    /// sites) on every side along the directions.
    Enclosed {
        /// Direction indices.
        directions: Vec<u8>,
        /// Convert or remove.
        mode: CaptureMode,
        /// What narrows it.
        filter: CaptureFilterDecl,
    },
}

/// `forbid repeated position [ignoring turn] [within N]`: what a position is and how far
/// back the ban looks.
#[derive(Clone, Debug, PartialEq)]
pub struct ForbidDecl {
    /// `ignoring turn`: a position is the sites alone (positional), not the sites and the
    /// side to move (situational).
    pub ignoring_turn: bool,
    /// `within N`: only the positions of the last N moves (none: the whole game).
    pub within: Option<TExpr>,
}

/// A statement that applies while its condition holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Conditional<T> {
    /// The rule.
    pub rule: T,
    /// When it applies (`None`: always).
    pub condition: Option<TExpr>,
    /// The statement.
    pub span: Span,
}

/// An end rule.
#[derive(Clone, Debug, PartialEq)]
pub struct EndDecl {
    /// When.
    pub when: EndWhen,
    /// The condition on the position, for [`EndWhen::Position`], [`EndWhen::StuckAnd`]
    /// and [`EndWhen::RepeatedKeeping`].
    pub condition: Option<TExpr>,
    /// Who wins.
    pub result: EndResult,
    /// The statement.
    pub span: Span,
    /// The rule's short name (`called "escape"`).
    pub label: Option<String>,
    /// `repeated position N times`, `N moves without ...`: the number, known before play.
    pub count: Option<TExpr>,
    /// `moves without ...`: what starts the count again.
    pub progress: rulebook_model::Progress,
    /// What a win by the rule is worth (`mover wins 2`), known before play; 1 without it.
    pub points: Option<TExpr>,
}

/// The board, with its dimensions as expressions of the parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardDecl {
    /// A grid of points.
    Grid {
        /// Number of files.
        width: TExpr,
        /// Number of ranks.
        height: TExpr,
        /// How pictures draw the sites (`of squares`, `of checkered squares`).
        drawing: Drawing,
        /// The region whose points alone diagonals join (`with diagonals on`), if any.
        diagonals: Option<TExpr>,
        /// The points that are not part of the board (`without`), if any.
        without: Option<Box<TExpr>>,
        /// The lines that draw the board (`with lines`): each its points in order, as
        /// (file, rank) from 0 with where each was written; empty for a plain grid.
        lines: Vec<Vec<(u16, u16, Span)>>,
        /// The shape a grid of hexagons is cut to (`hexagon N of hexagons`), `width` and
        /// `height` then both its side.
        shape: Option<rulebook_model::Shape>,
    },
    /// Two rows of pits with stores.
    Mancala {
        /// Pits per player.
        pits: TExpr,
    },
    /// `hex N without ...`.
    Hex {
        /// Cells on a side.
        side: TExpr,
        /// Removed cells as written (`centre` or a cell name), with their places.
        removed: Vec<(String, Span)>,
    },
    /// `graph SITE [at X,Y], ... with links ...`: a board given as a graph.
    Graph(GraphDecl),
}

/// A board given as a graph, checked: its sites, links and directions.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphDecl {
    /// The sites' names in order.
    pub names: Vec<String>,
    /// Where pictures draw each site (x east, y north); empty when no site is placed.
    pub places: Vec<(i32, i32)>,
    /// The links: two sites by index, and the direction (its code) from the first to
    /// the second, if named.
    pub links: Vec<(u16, u16, Option<u8>)>,
    /// The directions' names by code, `""` where no name is given (eight codes, each
    /// named direction's way back two codes on, as a grid's).
    pub directions: Vec<String>,
    /// The shape the graph is made from (`graph ring 12 with centre`), if it is.
    pub shape: Option<rulebook_model::RingShape>,
}

/// `edge SITE DIR COLOUR`: one board edge's colour.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeOverride {
    /// The cell's name.
    pub site: String,
    /// Where it was written.
    pub span: Span,
    /// The side (index into the hex directions).
    pub side: u8,
    /// The colour (a player).
    pub colour: usize,
}

/// A checked rule file, in parts a reader can hold apart (as [`rulebook_model::Game`] is):
/// its names, settings, board, start, the dice, the move rules, effects and rules after
/// sowing, the bans, captures into hand, end rules and score, and tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct Description {
    /// The names: the game's, the players', the pieces'.
    pub about: AboutDecl,
    /// The parameters, options and presets.
    pub settings: SettingDecls,
    /// The board.
    pub board: BoardDecl,
    /// What the game starts with.
    pub start: GameStart,
    /// The dice and the tracks.
    pub chance: Chance,
    /// The named paths of a grid (`path NAME: ...`), in the order written.
    pub paths: Vec<PathDecl>,
    /// Move rules.
    pub moves: Vec<Conditional<MoveRuleDecl>>,
    /// Effects after a move.
    pub effects: Vec<Conditional<EffectDecl>>,
    /// Per effect, in the same order, its short name (`called "corner"`), if it has one.
    pub effect_labels: Vec<Option<String>>,
    /// Rules after sowing, in order.
    pub after_sow: Vec<SowRuleDecl>,
    /// The bans: on repeated positions, on leaving a condition.
    pub bans: Bans,
    /// `capture into hand`, if written.
    pub capture_into_hand: CaptureIntoHand,
    /// End rules and the score.
    pub ends: EndDecls,
    /// The board edges' colours and the hands of tiles.
    pub tiles: TileRules,
}

/// A game's names, as its statements give them: the game's, the players', the pieces'
/// (with what each `piece` statement says of its kind), the marks'.
#[derive(Clone, Debug, PartialEq)]
pub struct AboutDecl {
    /// The game's display name.
    pub name: String,
    /// Players in turn order.
    pub players: Vec<String>,
    /// Piece kinds.
    pub pieces: Vec<String>,
    /// Per piece kind, the letter of its `as`, if it has one.
    pub piece_letters: Vec<Option<char>>,
    /// Per piece kind, its number (`numbered N`), if it has one.
    pub piece_numbers: Vec<Option<i64>>,
    /// Per piece kind, its worth (`worth N`), if it has one.
    pub piece_worths: Vec<Option<i64>>,
    /// Per piece kind, whether it is `stacked` (several pieces may stand on one site).
    pub piece_stacked: Vec<bool>,
    /// What a mark is called where the game is shown (`mark SITE as NAME`).
    pub mark_name: Option<String>,
}

/// The settings a game leaves open (parameters and options), and its presets.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingDecls {
    /// Integer parameters.
    pub params: Vec<ParamDecl>,
    /// Options.
    pub options: Vec<OptionDecl>,
    /// Presets.
    pub presets: Vec<PresetDecl>,
    /// The preset used when none is asked for.
    pub default_preset: Option<usize>,
}

/// What a game starts with: pieces on the board, pieces in hand, stones in the pits.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStart {
    /// Setup lines.
    pub setup: Vec<SetupDecl>,
    /// Stones in every pit at the start (mancala boards).
    pub stones: Option<TExpr>,
    /// Counted stocks of pieces in hand at the start (grid boards).
    pub stock: Vec<StockDecl>,
}

/// The dice thrown every turn and the tracks the players race along.
#[derive(Clone, Debug, PartialEq)]
pub struct Chance {
    /// The dice thrown at the start of every turn, if any.
    pub dice: Option<DiceDecl>,
    /// The players' tracks.
    pub tracks: Vec<TrackDecl>,
}

/// The bans on moves: on repeating a position, on leaving a condition true.
#[derive(Clone, Debug, PartialEq)]
pub struct Bans {
    /// The ban on repeated positions, if written.
    pub repetition: Option<Conditional<ForbidDecl>>,
    /// An end rule on repetition reads a position as the sites alone (`end when repeated
    /// position ignoring turn`): so does the ban, if there is one.
    pub ignoring_turn: bool,
    /// `forbid leaving CONDITION`: conditions no move may leave true for its mover, each
    /// with its statement's span.
    pub leaving: Vec<(TExpr, Span)>,
}

/// `capture into hand`: where it stands, and the kind each piece taken goes into hand as.
#[derive(Clone, Debug, PartialEq)]
pub struct CaptureIntoHand {
    /// Where the statement stands, if it is written.
    pub at: Option<Span>,
    /// With the statement, per kind of piece, the kind a piece of it taken goes into its
    /// taker's hand as (itself, or the one kind a promotion makes it from); empty without.
    pub kinds: Vec<usize>,
}

/// How a game ends, and the score.
#[derive(Clone, Debug, PartialEq)]
pub struct EndDecls {
    /// End rules.
    pub rules: Vec<EndDecl>,
    /// Score expressions with their conditions; the first that holds counts.
    pub scores: Vec<Conditional<TExpr>>,
}

/// What a tile game says of its tiles: the colours of the board's edges and the players'
/// starting hands.
#[derive(Clone, Debug, PartialEq)]
pub struct TileRules {
    /// Board-edge colours by facing direction: `(side, colour)`, later entries winning.
    pub edges: Vec<(u8, usize)>,
    /// Single board edges' colours.
    pub edge_overrides: Vec<EdgeOverride>,
    /// Starting hands: `(player, tile set)`.
    pub hands: Vec<(usize, TExpr)>,
}

impl Description {
    /// The seats in turn order, as the compiled game has them ([`rulebook_model::Game::seats`]):
    /// the players, and two for a game of one player.
    pub fn seats(&self) -> usize {
        self.about.players.len().max(2)
    }
}
