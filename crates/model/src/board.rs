//! Board topology: sites, their names, neighbours per direction, and named paths.

use super::Player;
use std::ops::Range;

/// A site of the board (a point, cell or pit), indexed from 0 in the board's own order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Site(u16);

impl Site {
    /// No site: the neighbour of a site off the edge of the board, a move's missing part.
    pub const NONE: Site = Site(u16::MAX);

    /// The site at `index`, if a board could have it (boards are limited in size so every
    /// site's index is below [`Site::NONE`]'s).
    pub fn new(index: usize) -> Option<Site> {
        u16::try_from(index)
            .ok()
            .filter(|&i| i != u16::MAX)
            .map(Site)
    }

    /// The site at `index` of a board already built (below its number of sites, which the
    /// board's limits keep below [`Site::NONE`]'s index).
    #[inline(always)]
    pub const fn at(index: usize) -> Site {
        debug_assert!(index < u16::MAX as usize);
        Site(index as u16)
    }

    /// The site a site-valued expression's value names, or [`Site::NONE`] for a value
    /// that names none (-1, as `opposite` of a store gives, or one past any board).
    #[inline(always)]
    pub fn of_value(value: i64) -> Site {
        u16::try_from(value).map_or(Site::NONE, Site)
    }

    /// The sites `0..count` of a board of `count` sites, in order.
    pub fn all(count: usize) -> impl DoubleEndedIterator<Item = Site> + Clone {
        (0..count).map(Site::at)
    }

    /// Its index in per-site tables and bit sets.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The site `n` places after this one in the board's order (the `n`-th pit after a
    /// row's first).
    #[inline(always)]
    pub const fn plus(self, n: usize) -> Site {
        Site::at(self.index() + n)
    }

    /// Whether it is [`Site::NONE`].
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == u16::MAX
    }
}

/// No site until one is given.
impl Default for Site {
    fn default() -> Site {
        Site::NONE
    }
}

/// No site ([`Site::NONE`]).
pub const NO_SITE: Site = Site::NONE;

/// The directions of a grid board: name, file step, rank step (north is up).
pub const GRID_DIRECTIONS: [(&str, i32, i32); 8] = [
    ("north", 0, 1),
    ("east", 1, 0),
    ("south", 0, -1),
    ("west", -1, 0),
    ("north-east", 1, 1),
    ("south-east", 1, -1),
    ("south-west", -1, -1),
    ("north-west", -1, 1),
];

/// The direction opposite grid direction `dir` ([`GRID_DIRECTIONS`] lists each direction
/// two places from its opposite: north and south, north-east and south-west, ...).
#[inline]
pub const fn reverse_direction(dir: u8) -> u8 {
    dir ^ 2
}

/// The six directions of a hexagonal board of pointy-topped cells, in the order of a tile's
/// sides: name, file step, rank step. Going north-west keeps the file and takes the next
/// rank; going north-east takes the next file and the next rank.
pub const HEX_DIRECTIONS: [(&str, i32, i32); 6] = [
    ("east", 1, 0),
    ("north-east", 1, 1),
    ("north-west", 0, 1),
    ("west", -1, 0),
    ("south-west", -1, -1),
    ("south-east", 0, -1),
];

/// A grid of hexagonal cells (`of hexagons`): each grid direction's name (by its index in
/// [`GRID_DIRECTIONS`]) as a direction between hexagons, or `""` for the two grid
/// diagonals that join no hexagons. Each rank is drawn half a cell east of the one below,
/// so the grid's north is the hexagon's north-east and its south the south-west.
pub const HEXAGON_DIRECTIONS: [&str; 8] = [
    "north-east",
    "east",
    "south-west",
    "west",
    "",
    "south-east",
    "",
    "north-west",
];

/// The largest number of cells on a side of a hexagonal board (files are named a..z).
pub const MAX_HEX_SIDE: i64 = 13;

/// The named paths of a grid board.
pub const GRID_PATHS: [&str; 1] = ["perimeter"];

/// The largest width or height of a grid board (files are named a..z).
pub const MAX_GRID_SIDE: i64 = 26;

/// Directions named relative to the player who moves, for two players facing each other
/// across the ranks (the first player's forward is north, the second's south): name, then
/// the grid directions it means for the first and for the second player. A move rule that
/// names one is compiled once per player; its code is [`RELATIVE_BASE`] + its index.
pub const RELATIVE_DIRECTIONS: [(&str, &[u8], &[u8]); 4] = [
    ("forward", &[0], &[2]),
    ("backward", &[2], &[0]),
    ("forward-diagonal", &[4, 7], &[5, 6]),
    ("backward-diagonal", &[5, 6], &[4, 7]),
];

/// The code of the first relative direction (a grid's own are 0 to 7, a graph's fewer than
/// [`MAX_GRAPH_DIRECTIONS`]).
pub const RELATIVE_BASE: u8 = MAX_GRAPH_DIRECTIONS as u8;

/// The most directions a board given as a graph has room for at each site: eight, a grid's,
/// unless a site has more links, then the next power of two up to this.
pub const MAX_GRAPH_DIRECTIONS: usize = 32;

/// The directions that a direction group names, or `None` if it is not a group.
pub fn grid_direction_group(name: &str) -> Option<&'static [u8]> {
    match name {
        "orthogonal" => Some(&[0, 1, 2, 3]),
        "diagonal" => Some(&[4, 5, 6, 7]),
        "all" => Some(&[0, 1, 2, 3, 4, 5, 6, 7]),
        _ => None,
    }
}

/// A path of sites along the board (such as the perimeter), walked in both directions.
#[derive(Clone, Debug)]
pub struct Path {
    /// The path's name.
    pub name: String,
    /// The sites in order.
    pub sites: Vec<Site>,
    /// Whether the last site is followed by the first.
    pub closed: bool,
    /// For each site of the board, its position on the path (`u16::MAX` if not on it).
    pub position: Vec<u16>,
    /// For each position on the path, whether the path turns there.
    pub turns: Vec<bool>,
}

impl Path {
    /// The position after `i` walking forwards (`step` = 1) or backwards (`step` = -1).
    #[inline]
    pub fn advance(&self, i: usize, forwards: bool) -> Option<usize> {
        let n = self.sites.len();
        match (forwards, self.closed) {
            (true, true) => Some((i + 1) % n),
            (false, true) => Some((i + n - 1) % n),
            (true, false) => (i + 1 < n).then_some(i + 1),
            (false, false) => i.checked_sub(1),
        }
    }
}

/// A path a rule file names (`path NAME: POINT, POINT, ...`): its points in order, a point
/// perhaps more than once, with the loops between some of them, open or closed; walked
/// either way ([`crate::Step::Follow`]). Each site's places on it are laid out once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPath {
    /// The path's name.
    pub name: String,
    /// The points in order.
    pub sites: Vec<Site>,
    /// `loops[i]`: a loop joins point `i` and the next (on a closed path, the last point
    /// and the first).
    pub loops: Vec<bool>,
    /// Whether the last point is followed by the first.
    pub closed: bool,
    /// `places[starts[s]..starts[s + 1]]`: the positions of site `s` on the path.
    starts: Vec<u32>,
    /// The positions of every site in turn.
    places: Vec<u32>,
}

impl NamedPath {
    /// The path of `sites` on a board of `board_sites` sites, with a loop after each point
    /// where `loops` says so.
    pub fn new(
        name: String,
        (sites, loops): (Vec<Site>, Vec<bool>),
        closed: bool,
        board_sites: usize,
    ) -> NamedPath {
        let mut starts = vec![0u32; board_sites + 1];
        for s in &sites {
            starts[s.index() + 1] += 1;
        }
        for i in 0..board_sites {
            starts[i + 1] += starts[i];
        }
        let mut places = vec![0u32; sites.len()];
        let mut next = starts.clone();
        for (i, s) in sites.iter().enumerate() {
            places[next[s.index()] as usize] = i as u32;
            next[s.index()] += 1;
        }
        NamedPath {
            name,
            sites,
            loops,
            closed,
            starts,
            places,
        }
    }

    /// The positions of `site` on the path, in order (none where it is not on it).
    #[inline]
    pub fn places(&self, site: Site) -> &[u32] {
        let (a, b) = (self.starts[site.index()], self.starts[site.index() + 1]);
        &self.places[a as usize..b as usize]
    }

    /// The position after `i` going forwards (or backwards), and whether the way there
    /// passes a loop; `None` past an end of an open path.
    #[inline]
    pub fn advance(&self, i: usize, forwards: bool) -> Option<(usize, bool)> {
        let n = self.sites.len();
        let next = match (forwards, self.closed) {
            (true, true) => (i + 1) % n,
            (false, true) => (i + n - 1) % n,
            (true, false) if i + 1 < n => i + 1,
            (false, false) if i > 0 => i - 1,
            _ => return None,
        };
        let after = if forwards { i } else { next };
        Some((next, self.loops[after]))
    }

    /// The number of loops on the path.
    pub fn loop_count(&self) -> usize {
        self.loops.iter().filter(|&&l| l).count()
    }
}

/// How the sites of a board are laid out, with the tables that only that layout has.
///
/// (`repr(u8)`: a plain tag byte, read at once on the hot path, where the compiler would
/// otherwise hide the tag in a niche of the tables' vectors.)
#[derive(Clone, Debug)]
#[repr(u8)]
pub enum Layout {
    /// A grid of points, site = rank * width + file.
    Grid(Grid),
    /// Two rows of pits and a store each: player p's pit k (1-based, from the owner's
    /// left) is site `p * (pits + 1) + k - 1`, their store `p * (pits + 1) + pits`.
    /// Counterclockwise sowing visits sites in increasing order, round and round.
    Mancala(Pits),
    /// A hexagon of hexagonal cells (some may be removed), named by file and rank on axial
    /// coordinates (see [`HEX_DIRECTIONS`]); sites are numbered rank by rank from the
    /// bottom, file by file from the left.
    Hex(Hex),
}

/// What only a grid board has: the points taken off it or joined by lines, how it is
/// drawn.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    /// `with diagonals on` a region: the points diagonal lines may join, in site order
    /// (empty when diagonals join every point).
    diagonal_points: Vec<Site>,
    /// `without` a region: per site, whether its point is not part of the board (empty
    /// when every point is).
    removed: Vec<bool>,
    /// Drawn `with lines`: the lines as written, each its points in order (empty
    /// otherwise).
    drawn_lines: Vec<Vec<Site>>,
    /// How pictures draw its sites: points where lines cross, or squares.
    pub drawing: Drawing,
    /// The shape a grid of hexagons is cut to (a hexagon, a triangle, a star), if it is.
    outline: Option<Outline>,
    /// A board given as a graph ([`Drawing::Graph`]): where pictures draw each site (x
    /// east, y north), empty where the rule file places none.
    places: Vec<(i32, i32)>,
    /// A graph made from a shape (`board graph ring 12 with centre`), the shape.
    rings: Option<RingShape>,
}

/// The shape a board given as a graph is made from: rings of sites round a centre, joined
/// by spokes (`board graph ring N [with centre]`, `board graph rings R of N [spokes every K]
/// [with centre]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RingShape {
    /// How many rings: 1 for `ring N`.
    pub rings: u16,
    /// How many sites each ring has.
    pub sites: u16,
    /// Spokes at every so many places of the rings (1: at every place).
    pub spokes_every: u16,
    /// Whether a centre is joined to the innermost ring.
    pub centre: bool,
}

impl std::fmt::Display for RingShape {
    /// The words that make the shape in a rule file: `ring 12 with centre`, `rings 3 of 8
    /// spokes every 2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.rings {
            1 => write!(f, "ring {}", self.sites)?,
            r => write!(f, "rings {r} of {}", self.sites)?,
        }
        if self.spokes_every > 1 {
            write!(f, " spokes every {}", self.spokes_every)?;
        }
        match self.centre {
            true => write!(f, " with centre"),
            false => Ok(()),
        }
    }
}

/// A shape of hexagonal cells cut from a rhombus of them (a grid `of hexagons`): the cells
/// of the rhombus outside it are not part of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A hexagon: the rhombus `2N - 1` a side without the triangles of its two acute
    /// corners (south-west and north-east), `N - 1` cells a side.
    Hexagon,
    /// A triangle standing on rank 1: the rhombus `N` a side without the cells beyond the
    /// line from its north-west corner to its south-east one (file and rank from 1 adding
    /// up to more than `N + 1`).
    Triangle,
    /// A six-pointed star, two triangles of `3N + 1` cells a side across each other: the
    /// rhombus `4N + 1` a side cut to the cells of either; a hexagon of `N + 1` a side with
    /// a point of `N` rows on each of its sides.
    Star,
}

/// A grid of hexagons cut to a shape of so many cells a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The shape.
    pub shape: Shape,
    /// Cells on a side (for a star, rows of a point).
    pub side: u16,
}

impl Shape {
    /// The words that name the shape in a rule file (`hexagon`, `triangle`, `star`).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Hexagon => "hexagon",
            Shape::Triangle => "triangle",
            Shape::Star => "star",
        }
    }

    /// The largest side the shape may have, its rhombus at most [`MAX_GRID_SIDE`] a side.
    pub fn max_side(self) -> i64 {
        match self {
            Shape::Hexagon => (MAX_GRID_SIDE + 1) / 2,
            Shape::Triangle => MAX_GRID_SIDE,
            Shape::Star => (MAX_GRID_SIDE - 1) / 4,
        }
    }
}

impl Outline {
    /// Files (and ranks) of the rhombus the shape is cut from.
    pub fn grid_side(self) -> u16 {
        let n = self.side;
        match self.shape {
            Shape::Hexagon => 2 * n - 1,
            Shape::Triangle => n,
            Shape::Star => 4 * n + 1,
        }
    }

    /// Whether the cell at `file`, `rank` (from 0) of the rhombus lies outside the shape.
    pub fn cuts(self, file: u16, rank: u16) -> bool {
        let (n, f, r) = (self.side, file, rank);
        match self.shape {
            Shape::Hexagon => f + r + 1 < n || f + r > 3 * (n - 1),
            Shape::Triangle => f + r >= n,
            Shape::Star => {
                let outside_first = f < n || r < n || f + r > 5 * n;
                let outside_second = f > 3 * n || r > 3 * n || f + r < 3 * n;
                outside_first && outside_second
            }
        }
    }
}

/// What only a mancala board has: its pits, per site.
#[derive(Clone, Debug)]
pub struct Pits {
    /// Pits per player.
    pub count: u16,
    /// Per site, the player whose row or store it is.
    owner: Vec<Player>,
    /// Per site, its pit number (0 for a store).
    number: Vec<u16>,
    /// Per site, the pit across from it ([`NO_SITE`] for a store).
    opposite: Vec<Site>,
    /// Per site, its bit in a mask of the non-empty pits of both rows: bit `player * 32 +
    /// pit number - 1` (0 for a store).
    bits: Vec<u64>,
}

/// What only a hex board has: its cells' coordinates and coloured edges.
#[derive(Clone, Debug)]
pub struct Hex {
    /// Cells on a side of the hexagon.
    pub side: u16,
    /// `(file, rank)` of each site, from 0.
    coords: Vec<(u16, u16)>,
    /// The site at `rank * width + file`, or [`NO_SITE`].
    index: Vec<Site>,
    /// `edge_colours[site * 6 + side]`, the colour (a player) of that side's board edge,
    /// or `None` for a side shared with a neighbour or left uncoloured.
    edge_colours: Vec<Option<Player>>,
}

/// The four axes of a grid along which lines are counted, each as a direction and its
/// opposite (by index in [`GRID_DIRECTIONS`]): north-south, east-west and the diagonals.
pub const AXES: [(u8, u8); 4] = [(0, 2), (1, 3), (4, 6), (5, 7)];

/// The links of a board ([`Board::neighbours`]).
#[derive(Clone, Copy, Debug)]
pub struct Neighbours<'a>(&'a [Site], u32);

impl Neighbours<'_> {
    /// The next site from `site` in direction `dir`, or [`NO_SITE`] ([`Board::step`]).
    #[inline]
    pub fn step(self, site: Site, dir: u8) -> Site {
        self.0[(site.index() << self.1) + dir as usize]
    }
}

/// A compiled board: sites, names, and precomputed neighbour tables.
#[derive(Clone, Debug)]
pub struct Board {
    /// How the sites are laid out, with that layout's own tables.
    pub layout: Layout,
    /// Number of files.
    pub width: u16,
    /// Number of ranks.
    pub height: u16,
    /// The name of each site (`a1`, ...).
    pub site_names: Vec<String>,
    /// Direction names, by index.
    pub direction_names: Vec<String>,
    /// The links between sites, and the rays and lines they make.
    links: Links,
    /// Named paths.
    pub paths: Vec<Path>,
    /// The paths a rule file names (`path NAME: ...`), which moves may follow.
    pub named_paths: Vec<NamedPath>,
}

/// The links between a board's sites, and on a grid the rays and lines they make.
#[derive(Clone, Debug)]
struct Links {
    /// `neighbours[(site << shift) + dir]`: the next site that way, or [`NO_SITE`].
    neighbours: Vec<Site>,
    /// How many directions each site has room for, as a power of two: 3 (eight, a grid's)
    /// on every board but a graph whose sites have more links ([`MAX_GRAPH_DIRECTIONS`]).
    shift: u32,
    /// For each direction, the directions at right angles to it.
    perpendicular: Vec<Vec<u8>>,
    /// For each of a grid's directions, whether site numbers grow along it.
    ascending: [bool; GRID_DIRECTIONS.len()],
    /// `ray_bounds[(site << shift) + dir]..[.. + 1]`: where in `ray_sites` the sites from
    /// `site` towards `dir` (nearest first, to the board's edge) are stored.
    ray_bounds: Vec<u32>,
    /// All rays, one after another.
    ray_sites: Vec<Site>,
    /// On boards of at most 64 sites, `ray_masks[site][dir]`: the ray as a bit set
    /// (bit = site); empty on larger boards.
    ray_masks: Vec<[u64; 8]>,
    /// The largest number of sites on all rays of one site together.
    max_rays_length: usize,
    /// Grid boards: the lines of sites as bit masks (empty on other boards, and once a
    /// grid's links are cut).
    lines: GridLines,
    /// Grid boards whose orthogonal links join next points only: per word of a set of
    /// sites (bit `site % 64` of word `site / 64`), the sites linked to the next point
    /// north, east, south and west (`site + width`, `+ 1`, `- width`, `- 1`); empty on
    /// other boards (see [`Board::orthogonal_links`]).
    orthogonal_links: Vec<[u64; 4]>,
    /// Grid boards whose links along each axis join sites a fixed number apart: the axes
    /// as shifts of a set of sites (see [`Board::axis_shifts`]); `None` on other boards.
    axis_shifts: Option<AxisShifts>,
}

/// The straight runs of a fixed number of sites along the four axes ([`AXES`]) of a board of
/// at most 64 sites, each as a set of sites (bit = site), listed under every site on it: a
/// site stands in a line of at least that many pieces of a player's exactly when one of
/// the runs under it holds only their pieces ([`Board::line_masks`]).
#[derive(Clone, Debug, Default)]
pub struct LineMasks {
    /// How many sites each run has.
    pub length: u8,
    /// `bounds[site]..bounds[site + 1]`: where in `masks` the runs through `site` are.
    bounds: Vec<u32>,
    /// The runs, site after site.
    masks: Vec<u64>,
    /// Every run once.
    runs: Vec<u64>,
}

impl LineMasks {
    /// Every run of the board, once each.
    #[inline]
    pub fn runs(&self) -> &[u64] {
        &self.runs
    }

    /// The runs through `site`, each a set of sites (bit = site).
    #[inline]
    pub fn through(&self, site: Site) -> &[u64] {
        let i = site.index();
        &self.masks[self.bounds[i] as usize..self.bounds[i + 1] as usize]
    }
}

/// The four axes of a grid ([`AXES`]) as shifts of a set of sites (bit `site % 64` of word
/// `site / 64`), for measuring straight lines of pieces with bit arithmetic: along each
/// axis every link joins a site to the one `shift` sites on, and leads back.
#[derive(Clone, Debug, Default)]
pub struct AxisShifts {
    /// Per axis (by index in [`AXES`]): how many sites on the next site up it is, 1 to 63.
    pub shift: [u32; 4],
    /// Per word of a set of sites, per axis: the sites linked to the site `shift` on.
    pub linked: Vec<[u64; 4]>,
    /// Per axis: whether its first direction (`AXES[axis].0`) leads up it, to the site
    /// `shift` on (its second direction then leads down).
    pub forward_up: [bool; 4],
}

impl AxisShifts {
    /// The axis of grid direction `dir` (by index in [`AXES`]) and whether `dir` leads up
    /// it; `None` for a direction on no axis.
    #[inline]
    pub fn toward(&self, dir: u8) -> Option<(usize, bool)> {
        let axis = AXES.iter().position(|&(f, b)| f == dir || b == dir)?;
        Some((axis, self.forward_up[axis] == (AXES[axis].0 == dir)))
    }
}

impl Links {
    /// Links without rays: `neighbours`, and every ray empty.
    fn without_rays(sites: usize, neighbours: Vec<Site>) -> Links {
        Links {
            shift: GRID_DIRECTIONS.len().trailing_zeros(),
            neighbours,
            perpendicular: Vec::new(),
            ascending: [false; GRID_DIRECTIONS.len()],
            ray_bounds: vec![0; sites * GRID_DIRECTIONS.len() + 1],
            ray_sites: Vec::new(),
            ray_masks: Vec::new(),
            max_rays_length: 0,
            lines: GridLines::default(),
            orthogonal_links: Vec::new(),
            axis_shifts: None,
        }
    }
}

/// The tables of a board that is not a grid, read as a grid's: no point taken off.
static NO_GRID: Grid = Grid {
    diagonal_points: Vec::new(),
    removed: Vec::new(),
    drawn_lines: Vec::new(),
    drawing: Drawing::Points,
    outline: None,
    places: Vec::new(),
    rings: None,
};

/// How pictures draw the sites of a grid (the game is the same either way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Drawing {
    /// Points where lines cross: the default.
    #[default]
    Points,
    /// The squares of a board (`of squares`); `checkered`: the `dark` ones shaded.
    Squares {
        /// Every other square shaded (`of checkered squares`).
        checkered: bool,
    },
    /// Hexagonal cells (`of hexagons`), linked as [`Board::link_hexagons`] says, each rank
    /// drawn half a cell east of the one below (a rhombus).
    Hexagons,
    /// A board given as a graph ([`Board::graph`]): named sites joined by links, drawn at
    /// the places the rule file gives them, if it does.
    Graph,
}

/// The lines of a grid (ranks, files, diagonals, anti-diagonals: the four families), for
/// counting slides with bit arithmetic: a line's mask has bit `place + 1` for each of its
/// sites, and every bit that is no site of the line set, so that the board's edges block
/// like pieces.
#[derive(Clone, Debug, Default)]
pub struct GridLines {
    /// Per site, per family: the line it is on and its place along it.
    pub place: Vec<[(u8, u8); 4]>,
    /// Per family, per line: the mask of an empty line (the bits of its sites clear).
    pub empty: [Vec<u64>; 4],
}

/// Per grid direction (in the order of [`GRID_DIRECTIONS`]): the family of lines it runs
/// along, and whether it goes up the places of that family's lines. Ranks are placed by
/// file, files by rank, diagonals (file - rank fixed) and anti-diagonals (file + rank
/// fixed) by file.
pub const LINE_OF_DIRECTION: [(usize, bool); 8] = [
    (1, true),
    (0, true),
    (1, false),
    (0, false),
    (2, true),
    (3, true),
    (2, false),
    (3, false),
];

impl GridLines {
    /// The lines of a grid of `w` x `h` points (at most 62 a side).
    fn new(w: usize, h: usize) -> GridLines {
        let mut place = Vec::with_capacity(w * h);
        let mut empty = [
            vec![!0u64; h],
            vec![!0u64; w],
            vec![!0u64; w + h - 1],
            vec![!0u64; w + h - 1],
        ];
        for r in 0..h {
            for f in 0..w {
                let at = [(r, f), (f, r), (f + h - 1 - r, f), (f + r, f)];
                for (family, &(line, pos)) in at.iter().enumerate() {
                    empty[family][line] &= !(1 << (pos + 1));
                }
                place.push(at.map(|(line, pos)| (line as u8, pos as u8)));
            }
        }
        GridLines { place, empty }
    }
}

impl Board {
    /// A grid of `width` x `height` points with the eight grid directions.
    pub fn grid(width: u16, height: u16) -> Board {
        let (w, h) = (width as i32, height as i32);
        let dirs = GRID_DIRECTIONS.len();
        let mut neighbours = Vec::with_capacity((w * h) as usize * dirs);
        let mut site_names = Vec::with_capacity((w * h) as usize);
        for r in 0..h {
            for f in 0..w {
                site_names.push(format!("{}{}", (b'a' + f as u8) as char, r + 1));
                for &(_, df, dr) in &GRID_DIRECTIONS {
                    let (nf, nr) = (f + df, r + dr);
                    neighbours.push(if nf >= 0 && nf < w && nr >= 0 && nr < h {
                        Site::at((nr * w + nf) as usize)
                    } else {
                        NO_SITE
                    });
                }
            }
        }
        let perpendicular = GRID_DIRECTIONS
            .iter()
            .map(|&(_, a, b)| {
                GRID_DIRECTIONS
                    .iter()
                    .enumerate()
                    .filter(|(_, &(_, c, d))| a * c + b * d == 0)
                    .map(|(i, _)| i as u8)
                    .collect()
            })
            .collect();
        let mut board = Board {
            layout: Layout::Grid(Grid::default()),
            width,
            height,
            site_names,
            direction_names: GRID_DIRECTIONS.iter().map(|d| d.0.to_string()).collect(),
            links: Links {
                perpendicular,
                ascending: GRID_DIRECTIONS.map(|(_, df, dr)| dr * w + df > 0),
                lines: GridLines::new(w as usize, h as usize),
                ..Links::without_rays(0, neighbours)
            },
            paths: Vec::new(),
            named_paths: Vec::new(),
        };
        board.build_rays();
        let perimeter = board.perimeter_path();
        board.paths.push(perimeter);
        board
    }

    /// A board given as a graph: the sites `names` in order (drawn at `places`, one a
    /// site, or nowhere in particular when it is empty), a grid of one rank whose links
    /// are `links` alone. A link `(a, b, Some(d))` goes from `a` to `b` in direction `d`
    /// (one of `directions`, the names by direction, `""` for none) and back in
    /// [`reverse_direction`] of it; a link `(a, b, None)` fills a free direction at each
    /// end, one no name is given, and a slide along it stops at the next site. The
    /// compiler has checked that each site has room for its links. Rays are not kept as
    /// masks, since site numbers need not grow along a direction.
    pub fn graph(
        names: Vec<String>,
        places: Vec<(i32, i32)>,
        links: &[(Site, Site, Option<u8>)],
        directions: Vec<String>,
    ) -> Board {
        let dirs = directions.len();
        let n = names.len();
        let mut neighbours = vec![NO_SITE; n * dirs];
        for &(a, b, dir) in links.iter().filter(|l| l.2.is_some()) {
            let d = dir.unwrap_or(0) as usize;
            neighbours[a.index() * dirs + d] = b;
            neighbours[b.index() * dirs + reverse_direction(d as u8) as usize] = a;
        }
        let free: Vec<usize> = (0..dirs).filter(|&d| directions[d].is_empty()).collect();
        for &(a, b, _) in links.iter().filter(|l| l.2.is_none()) {
            for (from, to) in [(a, b), (b, a)] {
                let slots = &mut neighbours[from.index() * dirs..][..dirs];
                if let Some(&d) = free.iter().find(|&&d| slots[d] == NO_SITE) {
                    slots[d] = to;
                }
            }
        }
        let mut board = Board {
            layout: Layout::Grid(Grid {
                drawing: Drawing::Graph,
                places,
                ..Grid::default()
            }),
            width: n as u16,
            height: 1,
            site_names: names,
            direction_names: directions,
            links: Links {
                shift: dirs.trailing_zeros(),
                perpendicular: vec![Vec::new(); dirs],
                ..Links::without_rays(n, neighbours)
            },
            paths: Vec::new(),
            named_paths: Vec::new(),
        };
        board.build_rays();
        board.links.ray_masks = Vec::new();
        board.links.orthogonal_links = Vec::new();
        board.links.axis_shifts = None;
        board
    }

    /// Where pictures draw each site of a graph board (x east, y north); empty on another
    /// board, or where the rule file places no site.
    pub fn places(&self) -> &[(i32, i32)] {
        &self.grid_tables().places
    }

    /// The shape a graph board is made from (`board graph ring 12 with centre`), if it is.
    pub fn ring_shape(&self) -> Option<RingShape> {
        self.grid_tables().rings
    }

    /// Records the shape a graph board is made from (ignored on other boards).
    pub fn set_ring_shape(&mut self, shape: RingShape) {
        if let Layout::Grid(grid) = &mut self.layout {
            grid.rings = Some(shape);
        }
    }

    /// Keeps the diagonal links of a grid only between two sites of `region` (an Alquerque
    /// board's diagonals join the dark points alone), and builds the rays again. The
    /// lines kept for counting slides are dropped, since a diagonal line of the grid may
    /// now be cut: games on such a board list their moves.
    pub fn keep_diagonals_within(&mut self, region: &[Site]) {
        let inside = self.marked(region);
        self.cut_links(4..GRID_DIRECTIONS.len(), |a, b| !(inside[a] && inside[b]));
        let points = Site::all(self.sites()).filter(|s| inside[s.index()]);
        if let Layout::Grid(grid) = &mut self.layout {
            grid.diagonal_points = points.collect();
        }
    }

    /// Makes a grid's cells hexagons, each rank drawn half a cell east of the one below:
    /// the grid's north-east and south-west links are cut, so that each cell touches six
    /// (see [`HEXAGON_DIRECTIONS`], which names the directions from then on). The lines
    /// kept for counting slides are dropped.
    pub fn link_hexagons(&mut self) {
        self.cut_links(4..5, |_, _| true);
        self.cut_links(6..7, |_, _| true);
        self.direction_names = HEXAGON_DIRECTIONS.map(str::to_string).to_vec();
        self.set_drawing(Drawing::Hexagons);
    }

    /// Takes the points of `region` off a grid (the corners of a cross-shaped board), with
    /// those taken off before: their links are cut, so no line runs through them, and the
    /// board has no perimeter path. The lines kept for counting slides are dropped, as a
    /// line of the grid may now be cut.
    pub fn remove_points(&mut self, region: &[Site]) {
        let mut removed = self.marked(region);
        for s in self.removed_points() {
            removed[s.index()] = true;
        }
        self.cut_links(0..GRID_DIRECTIONS.len(), |a, b| removed[a] || removed[b]);
        // The perimeter path would run through the points taken off.
        self.paths.clear();
        if let Layout::Grid(grid) = &mut self.layout {
            grid.diagonal_points.retain(|s| !removed[s.index()]);
            grid.removed = removed;
        }
    }

    /// Draws a grid by its lines (a morris board): the points the lines name are the
    /// board's, the others are taken off, and each two neighbours on a line are joined in
    /// the direction from one to the other (along a rank, file or diagonal, as the
    /// compiler has checked); nothing else is joined. The board has no perimeter path.
    pub fn join_lines(&mut self, lines: Vec<Vec<Site>>) {
        let dirs = GRID_DIRECTIONS.len();
        let w = self.width as i32;
        let on_line = self.marked(&lines.concat());
        self.links.neighbours.fill(NO_SITE);
        for (a, b) in lines
            .iter()
            .flat_map(|l| l.windows(2).map(|p| (p[0], p[1])))
        {
            let (a, b) = (a.index() as i32, b.index() as i32);
            let (df, dr) = ((b % w - a % w).signum(), (b / w - a / w).signum());
            let dir = |df: i32, dr: i32| {
                GRID_DIRECTIONS
                    .iter()
                    .position(|&(_, f, r)| (f, r) == (df, dr))
                    .expect("a line runs along a grid direction")
            };
            self.links.neighbours[a as usize * dirs + dir(df, dr)] = Site::at(b as usize);
            self.links.neighbours[b as usize * dirs + dir(-df, -dr)] = Site::at(a as usize);
        }
        self.cut_links(0..0, |_, _| false);
        self.paths.clear();
        let points = Site::all(self.sites())
            .filter(|&s| (4..dirs as u8).any(|d| self.step(s, d) != NO_SITE))
            .collect();
        if let Layout::Grid(grid) = &mut self.layout {
            grid.diagonal_points = points;
            grid.removed = on_line.iter().map(|on| !on).collect();
            grid.drawn_lines = lines;
        }
    }

    /// Per site of the board, whether it is one of `region`'s.
    fn marked(&self, region: &[Site]) -> Vec<bool> {
        let mut marked = vec![false; self.sites()];
        region.iter().for_each(|s| marked[s.index()] = true);
        marked
    }

    /// Cuts each link along `directions` between two sites (by index) for which `cut`
    /// holds, drops the lines kept for counting slides, and builds the rays again.
    fn cut_links(&mut self, directions: Range<usize>, cut: impl Fn(usize, usize) -> bool) {
        let dirs = GRID_DIRECTIONS.len();
        for site in 0..self.sites() {
            for dir in directions.clone() {
                let next = &mut self.links.neighbours[site * dirs + dir];
                if *next != NO_SITE && cut(site, next.index()) {
                    *next = NO_SITE;
                }
            }
        }
        self.links.lines = GridLines::default();
        self.build_rays();
    }

    /// The runs of `length` sites (at least 1) along the four axes ([`AXES`]), each from
    /// some steps back from a site to the rest of the way forward from it, following the
    /// links; `None` on a board of more than 64 sites.
    pub fn line_masks(&self, length: u8) -> Option<LineMasks> {
        if self.sites() > 64 || length == 0 {
            return None;
        }
        let mut lines = LineMasks {
            length,
            bounds: vec![0],
            masks: Vec::new(),
            runs: Vec::new(),
        };
        for site in Site::all(self.sites()) {
            let first = lines.masks.len();
            // A graph's links without names make no lines.
            let graph = self.drawing() == Drawing::Graph;
            let named = |d: u8| !graph || !self.direction_names[d as usize].is_empty();
            for (forward, back) in AXES.into_iter().filter(|&(f, b)| named(f) && named(b)) {
                for behind in 0..length {
                    let run = self.run_mask(site, back, behind);
                    let run = run.zip(self.run_mask(site, forward, length - 1 - behind));
                    match run.map(|(b, f)| b | f) {
                        Some(mask) if !lines.masks[first..].contains(&mask) => {
                            lines.masks.push(mask)
                        }
                        _ => {}
                    }
                }
            }
            lines.bounds.push(lines.masks.len() as u32);
        }
        lines.runs = lines.masks.clone();
        lines.runs.sort_unstable();
        lines.runs.dedup();
        Some(lines)
    }

    /// `site` and the `steps` sites on from it towards `dir`, as a set of sites (bit =
    /// site), or `None` where the links end before.
    fn run_mask(&self, site: Site, dir: u8, steps: u8) -> Option<u64> {
        let (mut at, mut mask) = (site, 1u64 << site.index());
        for _ in 0..steps {
            at = self.step(at, dir);
            if at == NO_SITE {
                return None;
            }
            mask |= 1 << at.index();
        }
        Some(mask)
    }

    /// Whether every link leads back the opposite way: where `dir` goes from one site to
    /// another, [`reverse_direction`] of it goes from that one to the first (true of grids
    /// however cut or drawn, and of boards without links; not of hex boards, whose
    /// directions are not numbered so).
    pub fn links_lead_back(&self) -> bool {
        let dirs = 1 << self.links.shift;
        self.links.neighbours.iter().enumerate().all(|(i, &next)| {
            let (site, dir) = (Site::at(i / dirs), (i % dirs) as u8);
            next == NO_SITE || self.step(next, reverse_direction(dir)) == site
        })
    }

    /// Whether a grid's site is `dark`: its file and rank (from 0) add up to an even
    /// number, so a1 is dark.
    pub fn is_dark(&self, site: Site) -> bool {
        let w = self.width as usize;
        (site.index() % w + site.index() / w).is_multiple_of(2)
    }

    /// Whether a site's point is not part of the board (`without`).
    #[inline]
    pub fn is_removed(&self, site: Site) -> bool {
        let removed = &self.grid_tables().removed;
        removed.get(site.index()).copied().unwrap_or(false)
    }

    /// The points that are not part of the board (`without`), in site order.
    pub fn removed_points(&self) -> impl Iterator<Item = Site> + '_ {
        let removed = &self.grid_tables().removed;
        Site::all(removed.len()).filter(|&s| removed[s.index()])
    }

    /// Grid boards `with diagonals on` a region or drawn `with lines`: the points diagonal
    /// lines may join, in site order (empty when diagonals join every point, and on other
    /// boards).
    pub fn diagonal_points(&self) -> &[Site] {
        &self.grid_tables().diagonal_points
    }

    /// Grid boards drawn `with lines`: the lines as written, each its points in order
    /// (empty for any other board).
    pub fn drawn_lines(&self) -> &[Vec<Site>] {
        &self.grid_tables().drawn_lines
    }

    /// How pictures draw the board's sites (points on any board but a grid of squares).
    pub fn drawing(&self) -> Drawing {
        self.grid_tables().drawing
    }

    /// The shape a grid of hexagons is cut to, if it is (`board hexagon 8 of hexagons`).
    pub fn outline(&self) -> Option<Outline> {
        self.grid_tables().outline
    }

    /// Cuts a grid of hexagons, `outline.grid_side()` a side, to its outline: the cells
    /// outside it are taken off ([`Board::remove_points`]).
    pub fn cut_to(&mut self, outline: Outline) {
        let w = self.width;
        let cut: Vec<Site> = (Site::all(self.sites()))
            .filter(|s| outline.cuts(s.index() as u16 % w, s.index() as u16 / w))
            .collect();
        self.remove_points(&cut);
        if let Layout::Grid(grid) = &mut self.layout {
            grid.outline = Some(outline);
        }
    }

    /// Draws a grid's sites as `drawing` says (ignored on other boards).
    pub fn set_drawing(&mut self, drawing: Drawing) {
        if let Layout::Grid(grid) = &mut self.layout {
            grid.drawing = drawing;
        }
    }

    /// A grid's own tables; on another board, those of a grid without lines or links.
    #[inline]
    fn grid_tables(&self) -> &Grid {
        match &self.layout {
            Layout::Grid(grid) => grid,
            Layout::Mancala(_) | Layout::Hex(_) => &NO_GRID,
        }
    }

    /// A grid's rays, walked from its neighbour table: the sites in every direction from
    /// every site, and as bit masks on a board of at most 64 sites.
    fn build_rays(&mut self) {
        let (dirs, sites) = (1 << self.links.shift, self.sites());
        let neighbours = &self.links.neighbours;
        let mut ray_bounds = vec![0u32];
        let mut ray_sites = Vec::new();
        for site in 0..sites {
            for dir in 0..dirs {
                // A graph's link without a name goes one site on: the slot it fills means
                // another link at the next site.
                let named = !self.direction_names.get(dir).is_none_or(String::is_empty);
                let mut s = neighbours[site * dirs + dir];
                // A graph's ring leads back to the site: the ray stops before it.
                while s != NO_SITE && s.index() != site {
                    ray_sites.push(s);
                    s = match named {
                        true => neighbours[s.index() * dirs + dir],
                        false => NO_SITE,
                    };
                }
                ray_bounds.push(ray_sites.len() as u32);
            }
        }
        self.links.ray_masks = if sites <= 64 {
            ray_bounds
                .windows(2)
                .map(|b| {
                    ray_sites[b[0] as usize..b[1] as usize]
                        .iter()
                        .fold(0u64, |m, &s| m | 1 << s.index())
                })
                .collect::<Vec<u64>>()
                .chunks(dirs)
                .map(|c| std::array::from_fn(|d| c.get(d).copied().unwrap_or(0)))
                .collect()
        } else {
            Vec::new()
        };
        self.links.max_rays_length = (0..sites)
            .map(|s| (ray_bounds[(s + 1) * dirs] - ray_bounds[s * dirs]) as usize)
            .max()
            .unwrap_or(0);
        self.links.ray_bounds = ray_bounds;
        self.links.ray_sites = ray_sites;
        self.links.orthogonal_links = self.plain_orthogonal_links().unwrap_or_default();
        self.links.axis_shifts = self.plain_axis_shifts();
    }

    /// The axes of a grid as shifts (see [`Board::axis_shifts`]), or `None` if along one
    /// of them the links do not all join sites the same number apart, the same way round.
    fn plain_axis_shifts(&self) -> Option<AxisShifts> {
        let mut shifts = AxisShifts {
            shift: [1; 4],
            linked: vec![[0; 4]; self.sites().div_ceil(64)],
            forward_up: [true; 4],
        };
        for (axis, &(forward, back)) in AXES.iter().enumerate() {
            let shift = self.axis_shift(forward, back, axis, &mut shifts.linked)?;
            shifts.shift[axis] = shift.unsigned_abs() as u32;
            shifts.forward_up[axis] = shift > 0;
        }
        Some(shifts)
    }

    /// How many sites apart the links along the axis of `forward` and `back` join sites
    /// (1 where it has none), negative where `forward` leads down, each link marked at its lower site in `linked[..][axis]`;
    /// `None` unless every link `forward` goes the same number of sites on (or every one
    /// back), 1 to 63, and each is met by a link `back` from where it leads.
    fn axis_shift(
        &self,
        forward: u8,
        back: u8,
        axis: usize,
        linked: &mut [[u64; 4]],
    ) -> Option<i64> {
        let offset = |s: Site, dir: u8| {
            let next = self.step(s, dir);
            (next != NO_SITE).then(|| next.index() as i64 - s.index() as i64)
        };
        let sites = || Site::all(self.sites());
        let Some(shift) = sites().find_map(|s| offset(s, forward).or(offset(s, back).map(|o| -o)))
        else {
            return Some(1);
        };
        if !(1..64).contains(&shift.unsigned_abs()) {
            return None;
        }
        for s in sites() {
            for (dir, reverse, want) in [(forward, back, shift), (back, forward, -shift)] {
                let next = self.step(s, dir);
                if next == NO_SITE {
                    continue;
                }
                if offset(s, dir) != Some(want) || self.step(next, reverse) != s {
                    return None;
                }
                let low = s.index().min(next.index());
                linked[low / 64][axis] |= 1 << (low % 64);
            }
        }
        Some(shift)
    }

    /// The orthogonal links of a grid as bit sets (see [`Board::orthogonal_links`]), or
    /// `None` if one of them joins two points that are not next to each other.
    fn plain_orthogonal_links(&self) -> Option<Vec<[u64; 4]>> {
        let (w, dirs) = (self.width as isize, GRID_DIRECTIONS.len());
        let mut links = vec![[0u64; 4]; self.sites().div_ceil(64)];
        for site in 0..self.sites() {
            for (dir, offset) in [w, 1, -w, -1].into_iter().enumerate() {
                let next = self.links.neighbours[site * dirs + dir];
                if next == NO_SITE {
                    continue;
                }
                if next.index() as isize != site as isize + offset {
                    return None;
                }
                links[site / 64][dir] |= 1 << (site % 64);
            }
        }
        Some(links)
    }

    /// A mancala board: two rows of `pits` pits and a store for each of two players, whose
    /// names give the sites theirs (`south 3`, `south store`).
    pub fn mancala(pits: u16, players: &[String]) -> Board {
        let mut site_names = Vec::new();
        for p in players {
            site_names.extend((1..=pits).map(|k| format!("{p} {k}")));
            site_names.push(format!("{p} store"));
        }
        let sites = 2 * (pits as usize + 1);
        let row = pits as usize + 1;
        let site_owner: Vec<Player> = (0..sites)
            .map(|s| Player::new(s / row).expect("a pit or store of one of the players"))
            .collect();
        let site_pit: Vec<u16> = (0..sites)
            .map(|s| {
                if s % row == pits as usize {
                    0
                } else {
                    (s % row + 1) as u16
                }
            })
            .collect();
        let site_opposite = (0..sites)
            .map(|s| match site_pit[s] {
                0 => NO_SITE,
                k => Site::at(site_owner[s].next(2).index() * row + (pits - k) as usize),
            })
            .collect();
        let pit_bits = (0..sites)
            .map(|s| match site_pit[s] {
                0 => 0,
                k => 1 << (site_owner[s].index() as u32 * 32 + k as u32 - 1),
            })
            .collect();
        Board {
            layout: Layout::Mancala(Pits {
                count: pits,
                owner: site_owner,
                number: site_pit,
                opposite: site_opposite,
                bits: pit_bits,
            }),
            width: pits,
            height: 2,
            site_names,
            direction_names: Vec::new(),
            links: Links::without_rays(0, Vec::new()),
            paths: Vec::new(),
            named_paths: Vec::new(),
        }
    }

    /// The `(file, rank)` cells, from 0, of a hexagon with `side` cells a side: those within
    /// `side - 1` steps of the centre.
    pub fn hex_cells(side: u16) -> impl Iterator<Item = (u16, u16)> {
        let n = side as i32;
        let w = 2 * n - 1;
        (0..w).flat_map(move |r| {
            (0..w).filter_map(move |f| {
                let (q, p) = (f - (n - 1), r - (n - 1));
                (q.abs().max(p.abs()).max((q - p).abs()) < n).then_some((f as u16, r as u16))
            })
        })
    }

    /// A hexagonal board with `side` cells a side, without the cells `removed` (as
    /// `(file, rank)` from 0); a removed cell's sides are board edges of its neighbours.
    pub fn hex(side: u16, removed: &[(u16, u16)]) -> Board {
        let w = 2 * side - 1;
        let dirs = GRID_DIRECTIONS.len();
        let hex_coords: Vec<(u16, u16)> = Board::hex_cells(side)
            .filter(|c| !removed.contains(c))
            .collect();
        let mut hex_index = vec![NO_SITE; w as usize * w as usize];
        for (s, &(f, r)) in hex_coords.iter().enumerate() {
            hex_index[(r * w + f) as usize] = Site::at(s);
        }
        let sites = hex_coords.len();
        let mut neighbours = vec![NO_SITE; sites * dirs];
        for (s, &(f, r)) in hex_coords.iter().enumerate() {
            for (d, &(_, df, dr)) in HEX_DIRECTIONS.iter().enumerate() {
                let (nf, nr) = (f as i32 + df, r as i32 + dr);
                if (0..w as i32).contains(&nf) && (0..w as i32).contains(&nr) {
                    neighbours[s * dirs + d] = hex_index[(nr * w as i32 + nf) as usize];
                }
            }
        }
        Board {
            layout: Layout::Hex(Hex {
                side,
                edge_colours: vec![None; sites * HEX_DIRECTIONS.len()],
                coords: hex_coords.clone(),
                index: hex_index,
            }),
            width: w,
            height: w,
            site_names: hex_coords
                .iter()
                .map(|&(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
                .collect(),
            direction_names: HEX_DIRECTIONS.iter().map(|d| d.0.to_string()).collect(),
            links: Links::without_rays(sites, neighbours),
            paths: Vec::new(),
            named_paths: Vec::new(),
        }
    }

    /// Hex boards: the `(file, rank)` of a site, from 0.
    pub fn hex_coords(&self, site: Site) -> (u16, u16) {
        match &self.layout {
            Layout::Hex(hex) => hex.coords[site.index()],
            Layout::Grid(_) | Layout::Mancala(_) => (0, 0),
        }
    }

    /// Hex boards: whether side `side` of `site` is a board edge (no cell beyond it).
    #[inline]
    pub fn is_edge(&self, site: Site, side: usize) -> bool {
        self.step(site, side as u8) == NO_SITE
    }

    /// Hex boards: the colour (a player) of the board edge on side `side` of `site`, if
    /// that side is an edge and has a colour.
    #[inline]
    pub fn edge_colour(&self, site: Site, side: usize) -> Option<Player> {
        match &self.layout {
            Layout::Hex(hex) => hex.edge_colours[site.index() * HEX_DIRECTIONS.len() + side],
            Layout::Grid(_) | Layout::Mancala(_) => None,
        }
    }

    /// Hex boards: colours a board edge (ignored if the side is shared with a neighbour).
    pub fn set_edge_colour(&mut self, site: Site, side: usize, colour: Player) {
        let edge = self.is_edge(site, side);
        if let (Layout::Hex(hex), true) = (&mut self.layout, edge) {
            hex.edge_colours[site.index() * HEX_DIRECTIONS.len() + side] = Some(colour);
        }
    }

    /// Pits per player on a mancala board (0 on other boards).
    #[inline]
    pub fn pits(&self) -> u16 {
        match &self.layout {
            Layout::Mancala(pits) => pits.count,
            Layout::Grid(_) | Layout::Hex(_) => 0,
        }
    }

    /// Player `p`'s pit number `k` (1-based from the owner's left).
    #[inline]
    pub fn pit(&self, player: Player, k: u16) -> Site {
        Site::at(player.index() * (usize::from(self.pits()) + 1) + usize::from(k) - 1)
    }

    /// Player `p`'s store.
    #[inline]
    pub fn store(&self, player: Player) -> Site {
        let pits = usize::from(self.pits());
        Site::at(player.index() * (pits + 1) + pits)
    }

    /// The player whose row (or store) a mancala site is (0 for no site).
    #[inline]
    pub fn row_owner(&self, site: Site) -> Player {
        let owner = self.pit_tables().map_or(&[][..], |p| &p.owner);
        owner.get(site.index()).copied().unwrap_or_default()
    }

    /// The bit of a site in a mask of the non-empty pits of both rows of a mancala board
    /// (bit `player * 32 + pit number - 1`; 0 for a store or no site).
    #[inline(always)]
    pub fn pit_bit(&self, site: Site) -> u64 {
        let bits = self.pit_tables().map_or(&[][..], |p| &p.bits);
        bits.get(site.index()).copied().unwrap_or(0)
    }

    /// A pit's number in its owner's row, 1-based; 0 for a store (or no site).
    #[inline]
    pub fn pit_number(&self, site: Site) -> u16 {
        let number = self.pit_tables().map_or(&[][..], |p| &p.number);
        number.get(site.index()).copied().unwrap_or(0)
    }

    /// The pit across the board from a pit (pit k faces the other player's pit n + 1 - k);
    /// [`NO_SITE`] for a store.
    #[inline]
    pub fn opposite(&self, site: Site) -> Site {
        let opposite = self.pit_tables().map_or(&[][..], |p| &p.opposite);
        opposite.get(site.index()).copied().unwrap_or(NO_SITE)
    }

    /// A mancala board's own tables (`None` on other boards).
    #[inline(always)]
    fn pit_tables(&self) -> Option<&Pits> {
        match &self.layout {
            Layout::Mancala(pits) => Some(pits),
            Layout::Grid(_) | Layout::Hex(_) => None,
        }
    }

    /// The next site along the ring of a mancala board's sites (pits and stores), either
    /// way; [`NO_SITE`] for no site.
    pub fn ring_step(&self, site: Site, counterclockwise: bool) -> Site {
        match site.index() < self.sites() {
            true => self.next_on_track(site, counterclockwise),
            false => NO_SITE,
        }
    }

    /// Player `player`'s pit number `k`, or [`NO_SITE`] when `k` is not 1 to the number of
    /// pits.
    pub fn pit_of(&self, player: Player, k: i64) -> Site {
        match (1..=self.pits() as i64).contains(&k) {
            true => self.pit(player, k as u16),
            false => NO_SITE,
        }
    }

    /// How many steps counterclockwise from `from` to `to` along the ring of a mancala
    /// board's sites; -1 if either is no site.
    pub fn steps(&self, from: Site, to: Site) -> i64 {
        let n = self.sites() as i64;
        match (from.index() as i64) < n && (to.index() as i64) < n {
            true => (to.index() as i64 - from.index() as i64).rem_euclid(n),
            false => -1,
        }
    }

    /// The next site along a mancala board's track.
    #[inline]
    pub fn next_on_track(&self, site: Site, counterclockwise: bool) -> Site {
        let (n, i) = (self.sites(), site.index());
        Site::at(match counterclockwise {
            true if i + 1 == n => 0,
            true => i + 1,
            false if i == 0 => n - 1,
            false => i - 1,
        })
    }

    /// The perimeter, counterclockwise from a1; closed when the board is at least 2 x 2.
    fn perimeter_path(&self) -> Path {
        let (w, h) = (self.width as usize, self.height as usize);
        let at = |f: usize, r: usize| Site::at(r * w + f);
        let mut sites = Vec::new();
        if w == 1 || h == 1 {
            sites.extend(Site::all(w * h));
        } else {
            sites.extend((0..w).map(|f| at(f, 0)));
            sites.extend((1..h).map(|r| at(w - 1, r)));
            sites.extend((0..w - 1).rev().map(|f| at(f, h - 1)));
            sites.extend((1..h - 1).rev().map(|r| at(0, r)));
        }
        let closed = w > 1 && h > 1;
        let mut position = vec![u16::MAX; w * h];
        for (i, s) in sites.iter().enumerate() {
            position[(*s).index()] = i as u16;
        }
        let corners = self.corner_sites();
        let turns = sites
            .iter()
            .map(|s| closed && corners.contains(s))
            .collect();
        Path {
            name: "perimeter".into(),
            sites,
            closed,
            position,
            turns,
        }
    }

    /// The points of a grid's outline, in site order: those next to (or diagonally next
    /// to) the edge of the grid or a point it is `without`.
    pub fn perimeter_points(&self) -> Vec<Site> {
        let (w, h) = (self.width as i32, self.height as i32);
        let inside = |f: i32, r: i32| {
            (0..w).contains(&f)
                && (0..h).contains(&r)
                && !self.is_removed(Site::at((r * w + f) as usize))
        };
        Site::all(self.sites())
            .filter(|&s| !self.is_removed(s))
            .filter(|s| {
                let (f, r) = ((s.index() as i32) % w, (s.index() as i32) / w);
                GRID_DIRECTIONS
                    .iter()
                    .any(|&(_, df, dr)| !inside(f + df, r + dr))
            })
            .collect()
    }

    /// The four corner sites (fewer on a board of one file or rank).
    pub fn corner_sites(&self) -> Vec<Site> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut c = vec![
            Site::at(0),
            Site::at(w - 1),
            Site::at((h - 1) * w),
            Site::at(h * w - 1),
        ];
        c.sort_unstable();
        c.dedup();
        c
    }

    /// Number of sites.
    #[inline]
    pub fn sites(&self) -> usize {
        self.site_names.len()
    }

    /// Number of directions.
    #[inline]
    pub fn directions(&self) -> usize {
        self.direction_names.len()
    }

    /// The next site from `site` in direction `dir`, or [`NO_SITE`].
    #[inline]
    pub fn step(&self, site: Site, dir: u8) -> Site {
        self.links.neighbours[(site.index() << self.links.shift) + dir as usize]
    }

    /// The board's links, to step from many sites in a loop: a copy of the table's place
    /// that the loop keeps at hand rather than reading it through the board at each step.
    #[inline]
    pub fn neighbours(&self) -> Neighbours<'_> {
        Neighbours(&self.links.neighbours, self.links.shift)
    }

    /// The sites from `site` towards `dir`, nearest first, up to the board's edge.
    #[inline]
    pub fn ray(&self, site: Site, dir: u8) -> &[Site] {
        let i = (site.index() << self.links.shift) + dir as usize;
        let bounds = &self.links.ray_bounds;
        &self.links.ray_sites[bounds[i] as usize..bounds[i + 1] as usize]
    }

    /// Grid boards: the lines of sites as bit masks (empty on other boards).
    #[inline]
    pub fn lines(&self) -> &GridLines {
        &self.links.lines
    }

    /// Whether rays are also kept as 64-bit masks (boards of at most 64 sites).
    #[inline]
    pub fn has_ray_masks(&self) -> bool {
        !self.links.ray_masks.is_empty()
    }

    /// The rays from `site` as bit sets, by direction (see [`Board::has_ray_masks`]).
    #[inline]
    pub fn ray_masks(&self, site: Site) -> &[u64; 8] {
        &self.links.ray_masks[site.index()]
    }

    /// Whether site numbers grow along direction `dir`.
    #[inline]
    pub fn ascends(&self, dir: u8) -> bool {
        self.links.ascending.get(dir as usize) == Some(&true)
    }

    /// The number of sites on all rays from `site` together (a bound on its moves).
    #[inline]
    pub fn rays_length(&self, site: Site) -> usize {
        let i = site.index() << self.links.shift;
        let bounds = &self.links.ray_bounds;
        (bounds[i + (1 << self.links.shift)] - bounds[i]) as usize
    }

    /// Grid boards whose orthogonal links join next points only (every grid but one drawn
    /// with lines): per word of a set of sites (bit `site % 64` of word `site / 64`), the
    /// sites with a link north, east, south and west, in that order, which goes to site
    /// `+ width`, `+ 1`, `- width` and `- 1`. Empty on any other board.
    #[inline]
    pub fn orthogonal_links(&self) -> &[[u64; 4]] {
        &self.links.orthogonal_links
    }

    /// Grid boards whose links along each of the four axes ([`AXES`]) all join sites the
    /// same number apart, the same way round, and lead back (every grid but one drawn with
    /// lines whose links skip points): those axes as shifts of a set of sites, so that a
    /// run of pieces along one is found with bit arithmetic. `None` on any other board.
    #[inline]
    pub fn axis_shifts(&self) -> Option<&AxisShifts> {
        self.links.axis_shifts.as_ref()
    }

    /// The largest [`Board::rays_length`] of any site.
    pub fn max_rays_length(&self) -> usize {
        self.links.max_rays_length
    }

    /// The directions at right angles to `dir`.
    #[inline]
    pub fn perpendicular(&self, dir: u8) -> &[u8] {
        &self.links.perpendicular[dir as usize]
    }

    /// The site with this name, if there is one.
    pub fn site_named(&self, name: &str) -> Option<Site> {
        if self.drawing() == Drawing::Graph {
            let at = self.site_names.iter().position(|n| n == name);
            return at.map(Site::at);
        }
        let mut chars = name.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let f = (file as u8 - b'a') as u16;
        let rank: String = chars.collect();
        if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) || rank.starts_with('0') {
            return None;
        }
        let r: u16 = rank.parse().ok()?;
        if let Layout::Hex(hex) = &self.layout {
            let i = (r as usize).checked_sub(1)? * self.width as usize + f as usize;
            return (f < self.width && r <= self.height)
                .then(|| hex.index[i])
                .filter(|&s| s != NO_SITE);
        }
        (f < self.width && r >= 1 && r <= self.height)
            .then(|| Site::at(usize::from((r - 1) * self.width + f)))
            .filter(|&s| !self.is_removed(s))
    }

    /// The path with this name.
    pub fn path(&self, name: &str) -> Option<usize> {
        self.paths.iter().position(|p| p.name == name)
    }
}
