//! Board topology: sites, their names, neighbours per direction, and named paths.

/// A site of the board (a point or cell), indexed from 0.
pub type Site = u16;

/// No site: the neighbour of a site off the edge of the board.
pub const NO_SITE: Site = Site::MAX;

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

/// The named paths of a grid board.
pub const GRID_PATHS: [&str; 1] = ["perimeter"];

/// The largest width or height of a grid board (files are named a..z).
pub const MAX_GRID_SIDE: i64 = 26;

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

/// A compiled board: sites, names, and precomputed neighbour tables.
#[derive(Clone, Debug)]
pub struct Board {
    /// Number of files.
    pub width: u16,
    /// Number of ranks.
    pub height: u16,
    /// The name of each site (`a1`, ...).
    pub site_names: Vec<String>,
    /// Direction names, by index.
    pub direction_names: Vec<&'static str>,
    /// `neighbours[site * directions + dir]`: the next site that way, or [`NO_SITE`].
    neighbours: Vec<Site>,
    /// For each direction, the directions at right angles to it.
    perpendicular: Vec<Vec<u8>>,
    /// Named paths.
    pub paths: Vec<Path>,
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
                        (nr * w + nf) as Site
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
            width,
            height,
            site_names,
            direction_names: GRID_DIRECTIONS.iter().map(|d| d.0).collect(),
            neighbours,
            perpendicular,
            paths: Vec::new(),
        };
        let perimeter = board.perimeter_path();
        board.paths.push(perimeter);
        board
    }

    /// The perimeter, counterclockwise from a1; closed when the board is at least 2 x 2.
    fn perimeter_path(&self) -> Path {
        let (w, h) = (self.width as usize, self.height as usize);
        let at = |f: usize, r: usize| (r * w + f) as Site;
        let mut sites = Vec::new();
        if w == 1 || h == 1 {
            sites.extend((0..w * h).map(|s| s as Site));
        } else {
            sites.extend((0..w).map(|f| at(f, 0)));
            sites.extend((1..h).map(|r| at(w - 1, r)));
            sites.extend((0..w - 1).rev().map(|f| at(f, h - 1)));
            sites.extend((1..h - 1).rev().map(|r| at(0, r)));
        }
        let closed = w > 1 && h > 1;
        let mut position = vec![u16::MAX; w * h];
        for (i, s) in sites.iter().enumerate() {
            position[*s as usize] = i as u16;
        }
        let corners = self.corner_sites();
        let turns = sites.iter().map(|s| closed && corners.contains(s)).collect();
        Path {
            name: "perimeter".into(),
            sites,
            closed,
            position,
            turns,
        }
    }

    /// The four corner sites (fewer on a board of one file or rank).
    pub fn corner_sites(&self) -> Vec<Site> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut c = vec![0, (w - 1) as Site, ((h - 1) * w) as Site, (h * w - 1) as Site];
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
        self.neighbours[site as usize * GRID_DIRECTIONS.len() + dir as usize]
    }

    /// The directions at right angles to `dir`.
    #[inline]
    pub fn perpendicular(&self, dir: u8) -> &[u8] {
        &self.perpendicular[dir as usize]
    }

    /// File (0-based) of a site.
    pub fn file_of(&self, site: Site) -> u16 {
        site % self.width
    }

    /// Rank (0-based) of a site.
    pub fn rank_of(&self, site: Site) -> u16 {
        site / self.width
    }

    /// The site with this name, if there is one.
    pub fn site_named(&self, name: &str) -> Option<Site> {
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
        (f < self.width && r >= 1 && r <= self.height).then(|| (r - 1) * self.width + f)
    }

    /// The path with this name.
    pub fn path(&self, name: &str) -> Option<usize> {
        self.paths.iter().position(|p| p.name == name)
    }
}
