//! The stable codes of diagnostics: every error and warning about a rule file carries one
//! ([`Code`]), shown rustc-style (`error[E0401]: ...`), sent to editors by the language
//! server, and explained by `rulebook explain CODE` from its page in docs/diagnostics.md.
//!
//! A code names one kind of diagnostic (one place in the checker or compiler that makes it)
//! and never changes meaning: a diagnostic that goes away retires its code, a new one takes
//! the next free number of its area. The first two digits are the area:
//!
//! - `E01xx`: syntax: the text does not parse;
//! - `E02xx`: loading: files, variants and what they extend;
//! - `E03xx`: declarations: board, pieces, players, regions, presets, types and limits;
//! - `E04xx`: moves and their effects;
//! - `E05xx`: expressions and end rules;
//! - `E06xx`: compiling: tables and routines built from a sound description;
//! - `E07xx`: settings: presets and `--set` values asked for;
//! - `W01xx`: warnings of the checker: rules and declarations that can never apply;
//! - `W02xx`: warnings of the start position.
//!
//! The suite (tests/codes.rs) checks that every code has a page and a fixture that draws
//! it (or a command, for what only the command line asks for): a new diagnostic needs a
//! new code here, a section in docs/diagnostics.md and a fixture in tests/fixtures/broken
//! (or tests/fixtures/warnings).

use std::fmt;

/// Defines [`Code`] with its list of every code and the text of each.
macro_rules! codes {
    ($($(#[$doc:meta])* $code:ident,)*) => {
        /// The stable code of a kind of diagnostic; its documentation is the message it
        /// goes with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[$doc])* $code,)*
        }

        impl Code {
            /// Every code, in order.
            pub const ALL: &'static [Code] = &[$(Code::$code,)*];

            /// The code as written: `E0401`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$code => stringify!($code),)*
                }
            }
        }
    };
}

codes! {
    // E01xx: syntax: the text does not parse.
    /// the rule file is too large ({} bytes; the limit is {MAX_SOURCE_BYTES})
    E0101,
    /// parentheses are nested too deeply or left open (the limit is {MAX_NESTING} levels)
    E0102,
    /// internal error: the parse tree has an unexpected shape (please report this)
    E0103,
    /// this string is not closed before the end of the line
    E0104,
    /// (a message made at run time)
    E0105,
    /// this number is too large
    E0106,
    /// a flying jump cannot go on `{chain}`
    E0107,
    /// only a jump flies
    E0108,
    /// this expression is too long ({terms} terms; the limit is {MAX_EXPRESSION_TERMS})
    E0109,
    /// comments start with `//`, not `#`
    E0110,
    /// (a message made at run time)
    E0111,
    /// a chain to any landing takes nothing
    E0112,

    // E02xx: loading: files, variants and what they extend.
    /// unknown game `{game}`
    E0201,
    /// (a message made at run time)
    E0202,
    /// this is not a text file (it holds a NUL byte)
    E0203,
    /// this file is not UTF-8 text (an invalid byte follows)
    E0204,
    /// cannot load `{target}`, the file this one extends
    E0205,
    /// these files extend each other in a cycle
    E0206,
    /// the chain of extended files is too long (at most {MAX_CHAIN} files, {MAX_SOURCE_BYTES} bytes in all)
    E0207,
    /// the extended file has no statement written like this
    E0208,

    // E03xx: declarations: board, pieces, players, regions, presets, types and limits.
    /// a line joins two points or more
    E0301,
    /// `{}` is not the name of a point
    E0302,
    /// the colour of edges facing {} is given twice
    E0303,
    /// {} is given a hand twice
    E0304,
    /// tile patterns name colours by the players' initials, and these are the same
    E0305,
    /// unknown direction `{}`
    E0306,
    /// the game's name is given twice
    E0307,
    /// the board is described twice
    E0308,
    /// the players are listed twice
    E0309,
    /// a game has one to {PLAYERS} players; {n} are listed
    E0310,
    /// the range {lo}..{hi} is empty
    E0311,
    /// the default {d} is outside the range {lo}..{hi}
    E0312,
    /// the choice `{}` is listed twice
    E0313,
    /// `{}` is not one of the choices of option `{}`
    E0314,
    /// the pieces are listed twice
    E0315,
    /// the rule file has no {what}
    E0316,
    /// a game may have at most {limit} {what}
    E0317,
    /// a game may have at most {MAX_STATEMENTS} `{keyword}` statements
    E0318,
    /// the game has no moves
    E0319,
    /// the game has no end rule
    E0320,
    /// the pits start empty, so no stone could ever be sown
    E0321,
    /// `extends` and `remove` belong in a variant
    E0322,
    /// `{}` is declared twice
    E0323,
    /// {what} needs {}
    E0324,
    /// unknown {what} `{}`
    E0325,
    /// preset `{}` is declared twice
    E0326,
    /// two presets are marked `default`
    E0327,
    /// {v} is outside the range of `{}` ({}..{})
    E0328,
    /// parameter `{}` takes a number, not `{}`
    E0329,
    /// option `{}` takes a name, not a number
    E0330,
    /// unknown parameter or option `{}`
    E0331,
    /// (a message made at run time)
    E0332,
    /// `{value}` is not a choice of option `{}` (in the rule file)
    E0333,
    /// `{value}` is not a choice of option `{}` (asked for by `--set`)
    E0334,
    /// a grid of hexagons has no diagonals to keep
    E0335,
    /// a throw has 1 to 8 dice of 1 to 64 faces, given once
    E0336,
    /// a graph's direction is named with two ways back, or as its own way back, or more than four pairs of directions are named
    E0337,
    /// a graph's run of links joins two sites or more, and its sites are all placed or none
    E0338,
    /// (a message made at run time: what a game of three players or more cannot have)
    E0339,
    /// a kind of piece is worth at most {MAX_WORTH}; this one is worth {worth}
    E0340,
    /// a path has at least two points
    E0341,
    /// a `loop` stands between two points of a path
    E0342,
    /// only a `stacked` kind stands several on a site: `setup N PLAYER KIND on REGION`
    E0343,
    /// pieces of a `stacked` kind move only along tracks
    E0344,
    /// at most 4 dice are used one by one, each showing 1 to 64
    E0345,
    /// a site of a graph is named twice
    E0346,
    /// a graph's link names a site the graph does not have
    E0347,
    /// a graph's link joins a site to itself, or two sites already joined
    E0348,
    /// a site of a graph has more links than it has room for, or two the same way
    E0349,
    /// a move `by die` needs dice used one by one
    E0350,
    /// a move `by roll` goes by the sum of the dice, and these are used one by one
    E0351,
    /// an opening roll of one die each needs two players and two dice used one by one
    E0354,
    /// a graph of a shape has too few or too many rings or sites
    E0356,

    // E04xx: moves and their effects.
    /// there are two `after sow` blocks
    E0401,
    /// `again` after every move would never pass the turn
    E0402,
    /// a rule that marks a site cannot be taken back
    E0403,
    /// marks are called `{}` here and `{}` before
    E0404,
    /// a rule's name must be 1 to {MAX_LABEL} characters of text
    E0405,
    /// a promotion with a choice is made where a move ends, so it cannot say what a chain does on the way
    E0406,
    /// unknown path `{}`
    E0407,
    /// the hand of {} is set up twice with {}
    E0408,
    /// the stones are set up twice
    E0409,
    /// {what}: only {moves}
    E0410,
    /// `most` counts the enemy pieces a move jumps and captures, and this move captures none
    E0411,
    /// this compulsory rule does not say `most`, and another one does
    E0412,
    /// no `chained` jump moves a {}, so a piece promoted `at once` could not jump on
    E0413,
    /// a hop lands on an enemy piece: `onto` says nothing
    E0414,
    /// only a slide, a step or a leap may land on an enemy piece
    E0415,
    /// only a move that lands a piece can be narrowed by where it lands
    E0416,
    /// only a piece that moves along a line can avoid sites
    E0417,
    /// only a piece that moves is made by a kind
    E0418,
    /// `next to` narrows where a piece is placed, removed or starts from
    E0419,
    /// the swap needs a board of pieces
    E0420,
    /// tiles are placed from hands, and no player has one
    E0421,
    /// (a message made at run time)
    E0422,
    /// (a message made at run time)
    E0423,
    /// a friend jumped over is the mover's already
    E0424,
    /// {clause} looks along the board's directions
    E0425,
    /// `with liberties` narrows a move that puts a piece on a site
    E0426,
    /// (a message made at run time)
    E0427,
    /// only a piece that goes from one site to another may shoot a piece
    E0428,
    /// a shot goes along the board's directions
    E0429,
    /// (a message made at run time)
    E0430,
    /// `{}` is a direction of a move, not of a capture
    E0431,
    /// unknown direction `{}`
    E0432,
    /// this sowing option is given twice
    E0433,
    /// `start at` and `first stone into origin` both say where the first stone goes
    E0434,
    /// a move `in passing` takes an enemy piece: it cannot also land on an empty site as a plain move
    E0435,
    /// unknown direction `{}` (on a grid of hexagons)
    E0436,
    /// every player needs one track, and a move along a track needs dice
    E0437,
    /// a taken {kind} goes into hand as the kind it is promoted from, and promotions make it from {sources}
    E0438,
    /// `capture into hand` needs a grid board
    E0439,
    /// `then rotate` or `then reflect` follows a placement, as its one second part
    E0440,
    /// a region rotated or reflected is not a square block of a grid of squares
    E0441,
    /// `then rotate` or `then reflect` in a game with captures or promotions after a move
    E0442,
    /// `by numbered` picks pieces by their kind's number, and no kind has one
    E0443,
    /// walls on grooves need a grid of squares with all its points
    E0444,
    /// `turning aside` turns a single jump along a square grid's own directions
    E0445,
    /// the path `{}` has no loop to pass
    E0446,
    /// lines on sides need a grid of squares with all its points
    E0447,
    /// a game draws lines on sides or lays walls on grooves, not both
    E0448,
    /// `claim closed cells` needs lines drawn on the sides of cells
    E0449,
    /// a site is blocked by 2 to 255 enemy pieces
    E0452,
    /// a move that bears no piece off cannot bear off when all are home
    E0453,
    /// `blocked by` counts the pieces of a stack, and no kind is stacked
    E0454,
    /// unknown direction `{}` (on a graph board)
    E0455,

    // E05xx: expressions and end rules.
    /// repetition is forbidden twice
    E0501,
    /// the condition of `score` cannot depend on the position
    E0502,
    /// this end condition is given twice
    E0503,
    /// a game of one player has no opponent
    E0504,
    /// `highest score wins` goes with `both pass`
    E0505,
    /// the game has no score
    E0506,
    /// `remaining to empty side` goes with `empty row`: only then is one side empty
    E0507,
    /// a result by stores does not go with `both pass`
    E0508,
    /// {what} must be {}
    E0509,
    /// a condition must be true or false
    E0510,
    /// {what} cannot depend on the position
    E0511,
    /// expected a whole number here
    E0512,
    /// `{}` needs {}
    E0513,
    /// `majority` can only be used in a `score`
    E0514,
    /// `majority` takes how group sizes are counted: `wedges` or `pieces`
    E0515,
    /// `{name}` takes one argument; {given} given
    E0516,
    /// unknown function `{}`
    E0517,
    /// `{}` needs {}
    E0518,
    /// `{name}` takes {wanted}
    E0519,
    /// `connected` takes a player, two regions and the directions that link pieces; {} given
    E0520,
    /// the links of `{function}` are directions of the board
    E0521,
    /// `within` takes a region and a distance; {} given
    E0522,
    /// `lines` takes a player, a length and optionally a region; {} given
    E0523,
    /// `{}` needs {expected}
    E0524,
    /// conditions over regions nest at most {MAX_BOUND} deep
    E0525,
    /// the region `{}` is used before it is defined
    E0526,
    /// a game of one player has no opponent
    E0527,
    /// unknown name `{t}`
    E0528,
    /// `no legal move` is known only where a move is judged
    E0529,
    /// `{name}` takes {takes}; {} given
    E0530,
    /// `throw` is the value of the dice, and the game has none
    E0531,
    /// `path` takes a player, a kind of piece, a region and the directions of its steps; {} given
    E0532,
    /// `captured` is known only just after a move
    E0533,
    /// no move of this game starts from a site, so `origin` is never a site
    E0534,
    /// a draw is worth no points
    E0537,
    /// {what} reads a grid's files and ranks, which a graph board has not
    E0538,

    // E06xx: compiling: tables and routines built from a sound description.
    /// {a} and {b} are not on one rank, file or diagonal
    E0601,
    /// the line from {a} to {b} passes {p}, a point of the board
    E0602,
    /// `{name}` is not a cell of this board
    E0603,
    /// `{}` is not a cell of this board
    E0604,
    /// the {} side of {} is not a board edge: a cell lies beyond it
    E0605,
    /// a chain of these jumps could jump any of {most} pieces on this board; a move records at most 64
    E0606,
    /// a chain that may stop at will cannot go on in a game where chains are recorded by their pieces
    E0607,
    /// a chain of these jumps could make {legs} jumps on this board; a move along {count} directions holds at most {}
    E0608,
    /// a board without some of its points has no path `{name}`
    E0609,
    /// the shortest run captured, {min_length}, is longer than the longest, {max_length}
    E0610,
    /// the {which} run must be at least 1, not {v}
    E0611,
    /// this can never hold: {what} {max} {unit}, not {needed}
    E0612,
    /// conditions over regions nested {} deep look at {sites}^{} sites on this board; at most {MAX_QUANTIFIED_SITES} are allowed
    E0613,
    /// `lines` counts lines of 2 to {longest} pieces on this board; {length} given
    E0614,
    /// this divides by zero (`% 0`)
    E0615,
    /// this arithmetic overflows
    E0616,
    /// this function cannot be applied to this value
    E0617,
    /// {what} would be {v}; it must be between {min} and {max}
    E0618,
    /// {what}: this region has no sites
    E0619,
    /// {name} is not a point of the board, which is {w} by {h}
    E0620,
    /// (a message made at run time)
    E0621,
    /// `{}` is the mover's direction, and nobody moves here
    E0622,
    /// `corner` takes north-east, south-east, south-west or north-west
    E0623,
    /// {what} {n} is off the board (1..{limit})
    E0624,
    /// {what} {n} is off the board (1..{limit})
    E0625,
    /// the distance of `within` would be {n}; it must be at least 0
    E0626,
    /// the setup puts two pieces on {name}
    E0627,
    /// the sites `skip` passes over can depend on the mover only
    E0628,
    /// `skip` leaves fewer than two sites to sow into
    E0629,
    /// a region of a mancala board can only be used after `in` or in `stones(...)`
    E0630,
    /// on a mancala board, a region is `all`, `row(PLAYER)` or `between(SITE, SITE)`, or these joined by `+`, `-` and `*`
    E0631,
    /// a site of a track must be one point of the board, once
    E0632,
    /// the game has {total} pieces, and a hand holds at most {MAX_HAND}
    E0633,
    /// a point of a path must be one point of the board, not the one before it
    E0634,
    /// the sites of `bearing off when all in` must hold the last site of every player's track
    E0636,

    // E07xx: settings: presets and `--set` values asked for.
    /// {} has no preset `{name}`
    E0701,
    /// `{s}` is not a setting
    E0702,
    /// `{key}` takes a whole number, not `{value}`
    E0703,
    /// {key}={v} is out of range: `{key}` ranges over {}..{}
    E0704,
    /// {} has no parameter or option `{key}`
    E0705,

    // W01xx: warnings of the checker: rules and declarations that can never apply.
    /// this promotion can never apply: an earlier one promotes the same pieces there first
    W0101,
    /// the setup puts no piece on the board
    W0102,
    /// option `{}` is never read by any rule
    W0103,
    /// piece `{piece}` is never placed by any setup, so no rule can ever move it
    W0104,
    /// the {what} `{a}` and `{b}` are both drawn `{letter}`, so the game's positions cannot be written as text
    W0105,
    /// this condition is false for every setting of the options it reads, so the rule can never apply
    W0106,

    // W02xx: warnings of the start position.
    /// the game is over before it starts: the first player, {first}, has no legal move
    W0201,
}

impl Code {
    /// The code written `text` (any case), if there is one.
    pub fn parse(text: &str) -> Option<Code> {
        let text = text.trim();
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().eq_ignore_ascii_case(text))
    }

    /// True for the codes of warnings (`W...`).
    pub fn is_warning(self) -> bool {
        self.as_str().starts_with('W')
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
