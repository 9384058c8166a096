//! The spanned syntax tree of a rule file: what was written, before any name is resolved.

use crate::diag::Span;
pub use rulebook_model::Shape;

/// A name as written, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text of the name.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// A kind of piece of a `piece` statement: `knight as N`.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceKind {
    /// Its name.
    pub name: Name,
    /// The letter of `as N`, in upper case, and where it stands; none: the name's initial.
    pub letter: Option<(char, Span)>,
    /// The number of `numbered N`, and where it stands; none: the kind has no number.
    pub number: Option<(i64, Span)>,
    /// The worth of `worth N`, and where it stands; none: the kind is worth 1.
    pub worth: Option<(i64, Span)>,
    /// Where `stacked` stands, if written: pieces of the kind may stand several on a site.
    pub stacked: Option<Span>,
}

/// A parsed rule file: its statements in order.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// The statements, in source order.
    pub statements: Vec<Statement>,
    /// `extends "..."`: the file this one is a variant of, with the place of the statement.
    pub extends: Option<(String, Span)>,
    /// `remove ...`: statements of the extended file to drop, in source order.
    pub removals: Vec<Statement>,
}

/// One statement with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// What the statement says.
    pub kind: StatementKind,
    /// The whole statement.
    pub span: Span,
}

/// The statements of the language.
#[derive(Clone, Debug, PartialEq)]
pub enum StatementKind {
    /// `game "Name"`.
    Game(String),
    /// `players a, b`.
    Players(Vec<Name>),
    /// `region name = expr`.
    Region {
        /// The region's name.
        name: Name,
        /// The region it stands for.
        value: Expr,
    },
    /// `parameter name: min..max = default`.
    Parameter {
        /// The parameter's name.
        name: Name,
        /// Smallest allowed value.
        min: Expr,
        /// Largest allowed value.
        max: Expr,
        /// Value when nothing else is set.
        default: Expr,
    },
    /// `option name = default` or `option name: a | b = a`.
    Option {
        /// The option's name.
        name: Name,
        /// The named choices; `None` for an on/off switch.
        choices: Option<Vec<Name>>,
        /// The default choice.
        default: Name,
    },
    /// `preset name [default] { settings }`.
    Preset {
        /// The preset's name.
        name: Name,
        /// Whether this preset is used when none is asked for.
        is_default: bool,
        /// The values it sets.
        settings: Vec<PresetEntry>,
    },
    /// `board ...`.
    Board(BoardShape),
    /// `piece a, b as C`.
    Pieces(Vec<PieceKind>),
    /// `setup [N] player piece on region`.
    Setup {
        /// How many pieces on each site (`setup 2 ...`: a stack), if given.
        count: Option<Expr>,
        /// Whose pieces.
        player: Name,
        /// Which kind.
        piece: Name,
        /// Where.
        region: Expr,
    },
    /// `setup N player piece in hand`.
    SetupHand {
        /// How many pieces.
        count: Expr,
        /// Whose hand.
        player: Name,
        /// Which kind.
        piece: Name,
    },
    /// `setup N stones in every pit`.
    SetupStones {
        /// How many stones per pit.
        count: Expr,
    },
    /// `after sow first of { ... }`.
    AfterSow {
        /// The rules, in order; the first whose condition holds applies.
        rules: Vec<SowRule>,
    },
    /// `move ... [clauses] [when cond]`.
    Move {
        /// The move primitive.
        kind: MoveKind,
        /// What narrows it.
        clauses: Box<MoveClauses>,
        /// When the move is available.
        condition: Option<Expr>,
    },
    /// `after move ... [when cond]`.
    After {
        /// The effect.
        effect: Effect,
        /// When the effect applies.
        condition: Option<Expr>,
        /// `called "corner"`: its short name.
        label: Option<String>,
    },
    /// `forbid repeated position [ignoring turn] [within N] [when cond]`.
    ForbidRepetition {
        /// `ignoring turn`: a position is the sites alone (positional).
        ignoring_turn: bool,
        /// `within N`: only the positions of the last N moves.
        within: Option<Expr>,
        /// When the ban applies.
        condition: Option<Expr>,
    },
    /// `forbid leaving CONDITION`: no move may leave the condition true for its mover.
    ForbidLeaving(Expr),
    /// `capture into hand`: a piece taken goes into its taker's hand, unpromoted.
    CaptureIntoHand,
    /// `edges DIR COLOUR, ...`: board-edge colours by facing direction.
    Edges(Vec<(Name, Name)>),
    /// `edge SITE DIR COLOUR`: one board edge's colour.
    Edge {
        /// The cell.
        site: Name,
        /// The side of the cell.
        direction: Name,
        /// The colour (a player).
        colour: Name,
    },
    /// `hand PLAYER: TILES`.
    Hand {
        /// Whose hand.
        player: Name,
        /// The tile set.
        tiles: Expr,
    },
    /// `dice N with faces A, B, ...` or `dice N of M faces`.
    Dice {
        /// How many dice, with where it is written.
        count: (i64, Span),
        /// Each die's faces, with where they are written.
        faces: DiceFaces,
        /// `used one by one`: each die a move of its own.
        one_by_one: Option<OneByOne>,
        /// `again on 6, ...`: the throws after whose move the same player throws again.
        again: Vec<i64>,
    },
    /// `track PLAYER: SITE, SITE, ...`.
    Track {
        /// Whose track.
        player: Name,
        /// Its sites, in order (each a region of one point).
        sites: Vec<Expr>,
    },
    /// `path NAME: POINT, [loop,] POINT, ... [, closed]`.
    Path {
        /// The path's name.
        name: Name,
        /// Its points and loops, in order.
        items: Vec<PathItem>,
        /// `closed`: the last point is followed by the first.
        closed: bool,
    },
    /// `score EXPR [when cond]`.
    Score {
        /// Each player's score, with that player as the mover.
        score: Expr,
        /// When this score counts.
        condition: Option<Expr>,
    },
    /// `end [called "NAME"] when condition: result`.
    End {
        /// When the game ends.
        condition: EndCondition,
        /// Who wins.
        result: EndResult,
        /// What a win by the rule is worth (`mover wins 2`), as written; 1 without it.
        points: Option<Expr>,
        /// The rule's short name (`called "escape"`), as written.
        label: Option<String>,
    },
}

/// An item of a `path` statement's list.
#[derive(Clone, Debug, PartialEq)]
pub enum PathItem {
    /// A point (a region of one point).
    Point(Expr),
    /// `loop`: a loop joins the points either side.
    Loop(Span),
}

/// Which pieces a move along a track moves (`from ...`).
#[derive(Clone, Debug, PartialEq)]
pub enum TrackFrom {
    /// `from hand`: only pieces coming in from the stock.
    Hand,
    /// `from hand first`: while the mover has pieces in the stock, only those.
    HandFirst,
    /// `from REGION`: only pieces standing on these sites.
    Sites(Expr),
}

/// `used one by one [, doubles twice] [, must use most dice] [, opening roll one die each]`
/// after the dice.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OneByOne {
    /// `doubles twice`: a throw of equal faces gives each die twice.
    pub doubles_twice: bool,
    /// `must use most dice`.
    pub most: bool,
    /// `opening roll one die each`, with where it is written: the game opens with each of
    /// two players throwing one die, the higher starting with the two dice.
    pub opening: Option<Span>,
    /// Where the clause is written.
    pub span: Span,
}

/// The faces of each die of a `dice` statement.
#[derive(Clone, Debug, PartialEq)]
pub enum DiceFaces {
    /// `with faces A, B, ...`: their values.
    Values(Vec<i64>, Span),
    /// `of M faces`: faces 1 to M.
    Count(i64, Span),
}

/// `name = value` inside a preset.
#[derive(Clone, Debug, PartialEq)]
pub struct PresetEntry {
    /// The parameter or option set.
    pub name: Name,
    /// The value as written.
    pub value: PresetValue,
}

/// A value in a preset.
#[derive(Clone, Debug, PartialEq)]
pub enum PresetValue {
    /// A whole number.
    Int(i64, Span),
    /// A name: `on`, `off` or a choice.
    Name(Name),
}

/// `of squares`, `of checkered squares` or `of hexagons` after a grid's size: the shape
/// of its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Drawn as squares; `checkered`: every other square shaded.
    Squares {
        /// Every other square shaded.
        checkered: bool,
    },
    /// Hexagons, each touching six: a rhombus of hexagonal cells.
    Hexagons,
}

/// The shape of the board.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardShape {
    /// `grid W by H [of [checkered] squares] [with diagonals on REGION] [without REGION]`,
    /// or `grid W by H with lines LINE, ...`.
    Grid {
        /// Number of files.
        width: Expr,
        /// Number of ranks.
        height: Expr,
        /// `of squares`, `of checkered squares` or `of hexagons` (not written: points).
        cells: Option<Cells>,
        /// `with diagonals on REGION`: the region whose points alone diagonals join.
        diagonals: Option<Box<Expr>>,
        /// `without REGION`: the points that are not part of the board.
        without: Option<Box<Expr>>,
        /// `with lines a1-d1-g1, ...`: the lines that draw the board, each its points in
        /// order (empty: a plain grid).
        lines: Vec<Vec<Name>>,
        /// `hexagon N of hexagons`, `triangle N ...`, `star N ...`: the shape the grid of
        /// hexagons is cut to, `width` and `height` then both its side as written.
        shape: Option<Shape>,
    },
    /// `mancala N pits with stores`.
    Mancala {
        /// Pits per player.
        pits: Expr,
    },
    /// `hex N [without CELL, ...]`.
    Hex {
        /// Cells on a side.
        side: Expr,
        /// Removed cells (`centre` or cell names).
        removed: Vec<Name>,
    },
    /// `graph SITE [at X,Y], ... with links A-B-..., ...`.
    Graph {
        /// The sites in order, each with where pictures draw it, if given.
        sites: Vec<GraphSite>,
        /// The runs of links as written.
        links: Vec<GraphLink>,
    },
    /// `graph ring N [with centre]`: a graph of a shape, `N` sites round a ring and perhaps
    /// a centre joined to each.
    GraphRing {
        /// How many sites the ring has, as written.
        sites: i64,
        /// Where the number is written.
        span: Span,
        /// `with centre`: a centre joined to every site of the ring.
        centre: bool,
    },
    /// `graph rings R of N [spokes every K] [with centre]`: a graph of a shape, `R` rings
    /// of `N` sites each joined by spokes, and perhaps a centre joined to the innermost.
    GraphRings {
        /// How many rings, as written, and where.
        rings: (i64, Span),
        /// How many sites each ring has, as written, and where.
        sites: (i64, Span),
        /// `spokes every K`: spokes at every `K`-th place alone, as written, and where.
        spokes: Option<(i64, Span)>,
        /// `with centre`: a centre joined by spokes to the innermost ring.
        centre: bool,
    },
}

/// `north at 2,4`: a site of a graph board.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphSite {
    /// Its name.
    pub name: Name,
    /// `at X,Y`: where pictures draw it (x east, y north), if given.
    pub at: Option<(i64, i64)>,
}

/// `a-b-c [as FORWARD and BACK]`: sites joined in turn by links.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphLink {
    /// The sites of the run in order, as written between the dashes.
    pub sites: Vec<Name>,
    /// The names of the way along the run and of the way back, if given.
    pub directions: Option<(Name, Name)>,
}

/// A list of direction names as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Directions {
    /// The names (single directions or groups like `orthogonal`).
    pub names: Vec<Name>,
}

/// The clauses that narrow a move on a grid.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveClauses {
    /// `by KIND, ...`: only pieces of these kinds make the move.
    pub by: Option<Vec<Name>>,
    /// `by [nearest] numbered VALUE`: only pieces whose kind is numbered the value (with
    /// `nearest`, or the next numbers either way that the mover has), and where it stands.
    pub numbered: Option<Box<Numbered>>,
    /// `by unmoved ...`: only pieces that have not moved; where `unmoved` stands.
    pub unmoved: Option<Span>,
    /// `from REGION`: the piece must start on one of these sites.
    pub from: Option<Box<Expr>>,
    /// Where the move may go and end.
    pub destination: DestinationClauses,
    /// `compulsory`, and whether `most` follows it (only the compulsory moves that capture
    /// the most pieces), with the span of both.
    pub compulsory: Option<(Span, bool)>,
    /// What its moves are judged by once made.
    pub legality: LegalityClauses,
    /// Its second part (`then ...`).
    pub then: SecondPartClauses,
    /// `capture by approach|withdrawal [or ...] [MODE] [chained]`: a step that captures
    /// the run it moves up to or away from.
    pub line_capture: Option<Box<LineCaptureClause>>,
    /// `with liberties [along DIRECTIONS]`: only moves after which the moved piece's group
    /// has an empty neighbour (orthogonal, or along the directions given).
    pub liberties: Option<Box<(Option<Directions>, Span)>>,
}

/// The clauses of a move that say where it may go and end: the sites it may not land on
/// or cross, what it may land on, the neighbour its site needs, whether it must capture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DestinationClauses {
    /// `not landing on REGION`.
    pub not_landing: Option<Expr>,
    /// `avoiding REGION`: neither crossing nor landing on these sites.
    pub avoiding: Option<Expr>,
    /// `capturing`: only where the effects after the move capture something.
    pub capturing: Option<Span>,
    /// `next to empty|enemy|friend|piece [along DIRECTIONS]`: only on a site with such a
    /// neighbour (orthogonal, or along the directions given).
    pub next_to: Option<(Neighbour, Option<Box<Directions>>, Span)>,
    /// `onto enemy`, `onto empty or enemy` or `onto empty or piece`.
    pub onto: Option<(Onto, Span)>,
    /// `onto enemy KIND, ...`: the only kinds of enemy piece the move may land on.
    pub onto_kinds: Option<Vec<Name>>,
    /// `onto enemy ... in passing`: where it stands.
    pub in_passing: Option<Span>,
}

/// The clauses that judge a move in the position it leaves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegalityClauses {
    /// `so that CONDITION`.
    pub so_that: Option<Expr>,
    /// `forbidding CONDITION`: the moves after which it holds are not legal.
    pub forbidding: Option<Expr>,
}

/// The clauses of a move's second part, what follows it in the same turn (`then ...`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SecondPartClauses {
    /// `then shoot KIND along DIRECTIONS`: a new piece of that kind onto a site reached
    /// from the landing site.
    pub shoot: Option<Box<Shoot>>,
    /// `then remove enemy [if line N] [sparing line N]`: the mover removes an enemy piece
    /// after the move.
    pub take_after: Option<Box<TakeAfter>>,
    /// `then rotate REGION, ...` (or `reflect`): the mover turns one of the regions a
    /// quarter turn, or mirrors it, after the move.
    pub rotate: Option<Box<Rotate>>,
}

/// What `onto` lets a move end on besides an empty site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Onto {
    /// `onto enemy`: an enemy piece only.
    Enemy,
    /// `onto empty or enemy`.
    EmptyOrEnemy,
    /// `onto empty or piece`: an empty site or any piece, the mover's own too.
    EmptyOrPiece,
}

/// `by [nearest] numbered VALUE`.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbered {
    /// `nearest`: where the mover has no piece numbered the value on the board, the
    /// pieces of the next number above and of the next below that they have.
    pub nearest: bool,
    /// The value.
    pub value: Expr,
    /// The whole clause.
    pub span: Span,
}

/// `capture by approach or withdrawal remove chained`.
#[derive(Clone, Debug, PartialEq)]
pub struct LineCaptureClause {
    /// The ways named, as written (`true`: withdrawal, `false`: approach), with their spans.
    pub ways: Vec<(bool, Span)>,
    /// `convert` or `remove` (none: not written, an error).
    pub mode: Option<CaptureMode>,
    /// `chained`: the piece may go on capturing.
    pub chained: Option<Span>,
    /// `chained` written as a clause apart, not after a capture's mode (an error; a clause
    /// with only this has no ways).
    pub stray_chain: Option<Span>,
    /// The whole clause.
    pub span: Span,
}

/// `then remove enemy [if line N] [sparing line N]`.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeAfter {
    /// `if line N`: only when the piece that moved stands in a line of at least N.
    pub if_line: Option<Expr>,
    /// `sparing line N`: not an enemy piece in a line of at least N, unless all are.
    pub sparing_line: Option<Expr>,
    /// The whole clause.
    pub span: Span,
}

/// `then rotate REGION, ...`, `then reflect REGION, ...` or `then rotate or reflect
/// REGION, ...`, each with `at will` or not.
#[derive(Clone, Debug, PartialEq)]
pub struct Rotate {
    /// The regions the mover may turn, in order.
    pub regions: Vec<Expr>,
    /// What may be done to a region: turned a quarter turn, mirrored, or either.
    pub ways: Transforms,
    /// `at will`: the placement may also be made alone.
    pub at_will: bool,
    /// The whole clause.
    pub span: Span,
}

/// What `then rotate` and `then reflect` may do to a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transforms {
    /// A quarter turn, clockwise or anticlockwise (`rotate`).
    pub rotate: bool,
    /// A mirror image in one of the block's four axes (`reflect`).
    pub reflect: bool,
}

/// How a diagnostic names what a clause does to a region: the verb as written, its past
/// participle and its third person (`rotate`, `rotated`, `rotates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransformWords {
    /// `rotate`, `reflect`, `rotate or reflect`.
    pub verb: &'static str,
    /// `rotated`, `reflected`, `rotated or reflected`.
    pub past: &'static str,
    /// `rotates`, `reflects`, `rotates or reflects`.
    pub third: &'static str,
}

impl Transforms {
    /// The words a diagnostic names these ways with.
    pub fn words(self) -> TransformWords {
        let (verb, past, third) = match (self.rotate, self.reflect) {
            (true, true) => (
                "rotate or reflect",
                "rotated or reflected",
                "rotates or reflects",
            ),
            (false, true) => ("reflect", "reflected", "reflects"),
            _ => ("rotate", "rotated", "rotates"),
        };
        TransformWords { verb, past, third }
    }
}

/// `then shoot KIND along DIRECTIONS`.
#[derive(Clone, Debug, PartialEq)]
pub struct Shoot {
    /// The kind of the piece shot.
    pub kind: Name,
    /// The directions it may go.
    pub directions: Directions,
    /// The whole clause.
    pub span: Span,
}

/// What a neighbouring site holds, in `next to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbour {
    /// `empty`
    Empty,
    /// `enemy`
    Enemy,
    /// `friend`
    Friend,
    /// `piece`: a piece of either player's
    Piece,
    /// `last`: the site the latest move landed on
    Last,
}

/// Which pieces a jump may pass over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jumped {
    /// `enemy`
    Enemy,
    /// `friend`
    Friend,
    /// `any`
    Any,
}

/// How a jump goes on from where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    /// One jump.
    Single,
    /// `chained straight`: on in the same direction, every landing a move of its own.
    Straight,
    /// `chained`: on in any of the directions while it can, the sequence one move.
    Turning,
    /// `chained at will`: on in any of the directions, stopping at any landing; every
    /// landing ends a move of its own.
    TurningAtWill,
    /// `chained to any landing`: on in any of the directions, landing on no site twice;
    /// the move is to any landing, whatever the route.
    Reach,
}

/// What a promotion does to a chain of jumps that lands in its region before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidChain {
    /// `at once`: the piece is promoted there and jumps on as its new kind.
    AtOnce,
    /// `at end`: the piece is promoted only where its move ends.
    AtEnd,
}

/// The move primitives.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveKind {
    /// `slide DIRS [max N | exactly N] [over friend]`, and `step DIRS` (a slide of at most
    /// one site).
    Slide {
        /// Written `step`.
        step: bool,
        /// Along which directions.
        directions: Directions,
        /// `max N`: the most sites it may cross (none: any number).
        max_length: Option<Expr>,
        /// `exactly N`: the sites it crosses, every one (none: any number up to `max`).
        exactly: Option<Expr>,
        /// `over friend`: it passes over the mover's own pieces as over empty sites.
        over_friend: bool,
    },
    /// `jump DIRS [flying] over enemy|friend|any [MODE] [chained [straight]]`.
    Jump {
        /// Along which directions.
        directions: Directions,
        /// `flying`: over a piece any distance away, onto any empty site beyond it.
        flying: bool,
        /// Which pieces may be jumped over.
        over: Jumped,
        /// What happens to an enemy piece jumped over (none: nothing).
        mode: Option<(CaptureMode, Span)>,
        /// `chained straight` or `chained`: further jumps from the landing site.
        chain: Chain,
        /// `turning aside` (where written): where the way on beyond the piece jumped is
        /// closed, the piece lands beside it.
        aside: Option<Span>,
    },
    /// `sow DIRECTION with OPTIONS`.
    Sow {
        /// Counterclockwise (true) or clockwise.
        counterclockwise: bool,
        /// The options, as written.
        options: Vec<(SowOption, Span)>,
        /// `relay while CONDITION`: the condition under which the stones of the pit the
        /// last stone fell into are lifted and sown on.
        relay: Option<Box<Expr>>,
        /// `skip REGION`: sites no stone goes into.
        skip: Option<Box<Expr>>,
        /// `start at SITE`: where the first stone goes.
        start: Option<Box<Expr>>,
    },
    /// `place from hand [matching]`.
    Place {
        /// Whether wedges must match neighbours and board edges.
        matching: bool,
    },
    /// `remove [in REGION]`: one of the mover's pieces off the board.
    Remove {
        /// From where (none: anywhere).
        region: Option<Expr>,
    },
    /// `place KIND [in REGION]`: a new piece onto an empty site of a grid; `place KIND on
    /// grooves`: a wall between cells; `place KIND on sides`: a line on a side of a cell.
    PlacePiece {
        /// The kind of piece.
        kind: Name,
        /// Where (none: any empty site).
        region: Option<Expr>,
        /// What the piece goes on: a site, or (`on grooves`, `on sides`) between cells.
        on: PlaceOn,
    },
    /// `pass`, or with `at will` (true) a pass whatever else is legal.
    Pass {
        /// `at will`.
        at_will: bool,
    },
    /// `swap`.
    Swap,
    /// `fly`: a piece of the mover's to any empty point.
    Fly,
    /// `along track by roll|die [from hand [first]|REGION] [enter on N] [blocked by N] [safe on
    /// REGION] [again on REGION] [without bearing off] [bearing off when all in REGION]`.
    Track {
        /// `by die` (rather than `by roll`): a move per die of dice used one by one.
        by_die: bool,
        /// `from hand`, `from hand first` or `from REGION`: which pieces move (boxed: a
        /// rare clause).
        from: Option<Box<TrackFrom>>,
        /// `enter on N`: the only throw that brings a piece in, onto the first site.
        enter: Option<(i64, Span)>,
        /// `blocked by N`: how many enemy pieces on a site keep it from being landed on.
        blocked: Option<(i64, Span)>,
        /// `without bearing off`, with where it is written.
        kept: Option<Span>,
        /// `bearing off when all in REGION`: the sites all the mover's pieces must stand
        /// on before one leaves the board (boxed: a rare clause).
        home: Option<Box<Expr>>,
        /// The sites whose enemy pieces may not be landed on.
        safe: Option<Expr>,
        /// The sites landing on which gives another turn.
        again: Option<Expr>,
    },
    /// `castle DIRS with KIND`: a piece and an unmoved partner of its own move together.
    Castle {
        /// The directions the piece goes along.
        directions: Directions,
        /// The kind of its partner.
        partner: Name,
    },
    /// A walk of the core (docs/architecture.md, "The core of a move: walks"): what the
    /// parser writes a shape such as `leap (1, 2)` as, so that the checker and the compiler
    /// treat every such shape once.
    Walk(Vec<WalkStep>),
}

/// A step of a walk, as the parser writes a surface shape ([`MoveKind::Walk`]).
#[derive(Clone, Debug, PartialEq)]
pub enum WalkStep {
    /// The cursor goes `files` files east and `ranks` ranks north (west and south when
    /// negative); `span` is the shape that asked for it.
    Leap {
        /// Files east.
        files: i64,
        /// Ranks north.
        ranks: i64,
        /// `forward`: the ranks go forward as the mover faces (north for the first player,
        /// south for the second), turned by the compiler.
        forward: bool,
        /// Where the shape was written.
        span: Span,
    },
    /// For each of the directions, the body with its shifts along that direction (a
    /// branch per direction, once the checker knows them).
    Along {
        /// The directions, as written.
        directions: Directions,
        /// What is walked along each of them.
        body: Vec<WalkStep>,
    },
    /// The cursor goes along the named path, either way from each of its places on it, a
    /// point at a time; the rest of the walk goes on from each point reached once `loops`
    /// loops of the path have been passed, and the path goes on past a point that passes
    /// the body (tests).
    Follow {
        /// The path's name.
        path: Name,
        /// The fewest loops passed before the rest goes on (`through loop`: 1).
        loops: u8,
        /// What each point passed over must pass.
        body: Vec<WalkStep>,
    },
    /// The cursor goes one site along the direction of the [`WalkStep::Along`] around it.
    Shift,
    /// The body, straight, repeated from `min` to `max` times; after each count the rest
    /// of the walk goes on.
    Repeat {
        /// What is repeated.
        body: Vec<WalkStep>,
        /// The fewest repetitions.
        min: u16,
        /// The most.
        max: u16,
    },
    /// The walk goes on only where the site passes the test.
    Test(WalkTest),
    /// The walk goes on only where the rule's clauses let the move land (`onto`, `not
    /// landing on`).
    Landing,
    /// The walk goes on only where the rule's `not landing on` lets the move land (for a
    /// walk whose shape says what it lands on).
    NotForbidden,
    /// The site is a destination.
    Emit,
    /// Each walk goes on from here in turn; always a walk's last step.
    Branch(Vec<Vec<WalkStep>>),
}

/// What a walk's site test asks ([`WalkStep::Test`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkTest {
    /// Nothing stands there.
    Empty,
    /// A piece stands there, anyone's.
    Occupied,
    /// A piece of the mover's opponent stands there.
    Enemy,
}

/// The ways sowing varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SowOption {
    /// `first stone into origin`.
    OriginFirst,
    /// `skip opponent store`.
    SkipOpponentStore,
    /// `skip stores`.
    SkipStores,
    /// `skip origin`.
    SkipOrigin,
    /// `marked pits feed owner store`.
    MarkedToOwner,
    /// `relay while CONDITION` (the condition is kept beside the options, as are the
    /// next two's expressions).
    Relay,
    /// `skip REGION`.
    SkipRegion,
    /// `start at SITE`.
    StartAt,
}

/// `when COND: ACTION, ...` inside `after sow first of { }`.
#[derive(Clone, Debug, PartialEq)]
pub struct SowRule {
    /// When it applies.
    pub condition: Expr,
    /// What it does, in order.
    pub actions: Vec<Action>,
    /// `unless CONDITION`: when it holds after the actions, they are taken back.
    pub cancel: Option<Expr>,
    /// `called "capture"`: its short name.
    pub label: Option<String>,
    /// The whole rule.
    pub span: Span,
}

/// What a rule after sowing does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// `again`: the mover moves again.
    Again(Span),
    /// `take SITE to SITE`.
    Take {
        /// Where the stones come from.
        from: Expr,
        /// Where they go.
        to: Expr,
    },
    /// `mark SITE`.
    Mark(Expr),
    /// `mark SITE as NAME`: a mark with the word that names marks when the game is shown.
    NamedMark {
        /// The site marked.
        site: Expr,
        /// What a mark is called (`castle`).
        name: Name,
    },
    /// `take from SITE DIRECTION while CONDITION to SITE`.
    TakeRun {
        /// Where the walk starts.
        from: Expr,
        /// Which way it goes (counterclockwise: along increasing sites).
        counterclockwise: bool,
        /// While this holds, with `last` the pit reached.
        condition: Expr,
        /// Where the stones go.
        to: Expr,
    },
}

/// Convert captured pieces to the mover's, or remove them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMode {
    /// The captured piece becomes the mover's.
    Convert,
    /// The captured piece leaves the board.
    Remove,
}

/// Where the runs of a custodian capture go.
#[derive(Clone, Debug, PartialEq)]
pub enum RunShape {
    /// Straight along directions.
    Lines(Directions),
    /// Along a named path of the board.
    Path(Name),
}

/// The clauses that narrow a capture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CaptureClauses {
    /// `of KIND, ...`: only pieces of these kinds are captured.
    pub of: Option<Vec<Name>>,
    /// `in REGION` (true) or `outside REGION` (false): where captured pieces stand.
    pub standing: Option<(bool, Expr)>,
    /// `against REGION`: empty sites that close a capture as the mover's pieces do.
    pub against: Option<Expr>,
}

/// What `move place KIND` puts its piece on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlaceOn {
    /// An empty site (of the region, where one is given).
    #[default]
    Sites,
    /// `on grooves`: a wall across two links between the cells of a grid, on no site.
    Grooves,
    /// `on sides`: a line on one side of a cell of a grid (the board's border too), on no
    /// site.
    Sides,
}

/// The effect primitives.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// `again`: the player who moved moves again.
    Again(Span),
    /// `claim closed cells with KIND`: every cell whose last open side the move drew gets
    /// a piece of this kind of the mover's.
    Claim {
        /// The kind of the piece put on a cell claimed.
        kind: Name,
        /// Where the effect was written.
        span: Span,
    },
    /// `promote [KIND, ...] to KIND[, KIND ...] in REGION [at once|at end]`.
    Promote {
        /// The kinds promoted (none: every kind).
        from: Option<Vec<Name>>,
        /// The kinds they may become (with several, the mover chooses).
        to: Vec<Name>,
        /// Where.
        region: Expr,
        /// `in or from REGION`: a move that starts in the region promotes its piece too.
        leaving: bool,
        /// `at once` or `at end`: what it does to a chain of jumps that lands in the
        /// region on the way (none: the chain ends there).
        mid_chain: Option<(MidChain, Span)>,
        /// Where the effect was written.
        span: Span,
    },
    /// `capture enclosed DIRS MODE`.
    Enclosed {
        /// The neighbours that must all be the mover's.
        directions: Directions,
        /// What happens to captured pieces.
        mode: CaptureMode,
        /// What narrows it.
        clauses: CaptureClauses,
        /// Where the effect was written.
        span: Span,
    },
    /// `capture groups without liberties DIRS MODE`.
    Groups {
        /// The links that join a group, and along which its liberties are looked for.
        directions: Directions,
        /// What happens to captured pieces.
        mode: CaptureMode,
        /// Where the effect was written.
        span: Span,
    },
    /// `capture custodian SHAPE [turning once] [min N] [max N] MODE`.
    Custodian {
        /// Where runs go.
        shape: RunShape,
        /// Whether the run must turn exactly once.
        turning_once: bool,
        /// The shortest run captured.
        min_length: Option<Box<Expr>>,
        /// The longest run captured.
        max_length: Option<Expr>,
        /// What happens to captured pieces.
        mode: CaptureMode,
        /// What narrows it.
        clauses: CaptureClauses,
        /// Where the effect was written.
        span: Span,
    },
}

/// When the game ends.
#[derive(Clone, Debug, PartialEq)]
pub enum EndCondition {
    /// The player to move has no legal move (and, with a condition, it holds for them).
    NoLegalMove(Span, Option<Expr>),
    /// No player has a legal move other than passing.
    NoPlayerCanMove(Span),
    /// A move recreated an earlier position (`N times`: for the Nth time; `keeping
    /// CONDITION`: and one player's every move since its first occurrence left the
    /// condition true).
    RepeatedPosition {
        /// The condition as written.
        span: Span,
        /// `ignoring turn`: a position is the sites alone (positional).
        ignoring_turn: bool,
        /// How many times (`N times`).
        count: Option<Expr>,
        /// What a player kept true (`keeping CONDITION`).
        keeping: Option<Expr>,
    },
    /// So many moves in a row made no progress: `100 moves without capture or move by
    /// pawn`.
    MovesWithout {
        /// The condition as written.
        span: Span,
        /// How many moves.
        count: Expr,
        /// Whether a capture is progress.
        capture: bool,
        /// The kinds whose moves are progress.
        kinds: Vec<Name>,
    },
    /// After a move, one player's pits are all empty.
    EmptyRow(Span),
    /// The players have passed one after the other.
    BothPass(Span),
    /// A condition on the position, checked after every move.
    Position(Expr),
}

impl EndCondition {
    /// Whether it is `repeated position ignoring turn`: a position is the sites alone.
    pub fn ignores_turn(&self) -> bool {
        matches!(
            self,
            EndCondition::RepeatedPosition {
                ignoring_turn: true,
                ..
            }
        )
    }
}

/// Who wins when the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndResult {
    /// A named player wins.
    PlayerWins(Name),
    /// The player with more pieces on the board wins; equal is a draw.
    MostPieces,
    /// The player to move loses.
    MoverLoses,
    /// The player to move wins.
    MoverWins,
    /// Nobody wins.
    Draw,
    /// Stones left in pits go to a store, then the fuller store wins.
    StoreMajority {
        /// To the player whose row is empty (true), or each row to its owner.
        to_empty_side: bool,
    },
    /// The higher score wins; equal scores draw, or the last placer loses.
    HighestScore {
        /// On equal scores, the last player to place a piece loses.
        last_placer_loses: bool,
    },
}

/// An expression with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it stands.
    pub span: Span,
}

/// The forms of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A whole number.
    Int(i64),
    /// A name: a parameter, option, choice, direction, player, region ...
    Name(Name),
    /// `f(args)`.
    Call {
        /// The function.
        function: Name,
        /// Its arguments.
        args: Vec<Expr>,
    },
    /// `not x`, `-x`.
    Unary(UnaryOp, Box<Expr>),
    /// `x op y`.
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `no legal move`: the player to move has none (in a condition judging a move).
    NoLegalMove,
    /// `any(NAME in REGION: CONDITION)` or `every(...)`.
    Quantified {
        /// `every` (true) or `any`.
        every: bool,
        /// The name that stands for each site in turn.
        name: Name,
        /// The sites.
        region: Box<Expr>,
        /// The condition.
        body: Box<Expr>,
    },
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `not`
    Not,
    /// `-`
    Neg,
}

/// Infix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `or`
    Or,
    /// `and`
    And,
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

impl BinaryOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Mod => "%",
            BinaryOp::Div => "/",
        }
    }
}
