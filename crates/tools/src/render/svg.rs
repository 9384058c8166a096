//! Positions as SVG pictures, for every kind of board: grids of points with their pieces,
//! mancala boards with their stones, hex boards with each tile's wedges and the colours of
//! the board edges.

use std::fmt::Write as _;

use rulebook_engine::State;
use rulebook_model::{Board, Drawing, Game, Layout, Player, Site, EMPTY, NO_SITE};

/// Player names that are also colours a picture can use as they are.
const NAMED_COLOURS: [&str; 12] = [
    "black", "white", "blue", "yellow", "red", "green", "orange", "purple", "brown", "grey",
    "gray", "pink",
];

/// Colours for players whose names are not colours, in turn order (one for each of
/// [`rulebook_model::PLAYERS`]); the second is light, the others dark.
const PALETTE: [&str; rulebook_model::PLAYERS] = [
    "#1f3b73", "#f2d16b", "#2e7d4f", "#a83232", "#6c3483", "#b9770e",
];

/// The fill colour of a player: their name if it is a colour, else one of [`PALETTE`].
fn player_colour(game: &Game, p: Player) -> String {
    let name = game.player_name(p);
    if NAMED_COLOURS.contains(&name) {
        match name {
            // Pure blue and yellow are hard on the eyes; these read as the same colours.
            "blue" => "#2b5cb8".into(),
            "yellow" => "#f4c430".into(),
            other => other.into(),
        }
    } else {
        PALETTE[p.index() % PALETTE.len()].into()
    }
}

/// A colour that reads on top of a player's colour.
fn contrast(game: &Game, p: Player) -> &'static str {
    match game.player_name(p) {
        "white" | "yellow" => "black",
        _ if p == Player::SECOND && !NAMED_COLOURS.contains(&game.player_name(p)) => "black",
        _ => "white",
    }
}

/// The position as an SVG document.
pub fn position_svg(state: &State) -> String {
    let game = state.game();
    let (width, height, body) = match game.board.layout {
        Layout::Grid(_) if game.board.drawing() == Drawing::Graph => graph_svg(state),
        Layout::Grid(_) => grid_svg(state),
        Layout::Mancala(_) => mancala_svg(state),
        Layout::Hex(_) => hex_svg(state),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="sans-serif">"##
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&game.about.name));
    let _ = writeln!(
        out,
        r##"<rect width="{width:.0}" height="{height:.0}" fill="#f3ead8"/>"##
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A grid of points (lines between them), of squares or of hexagons, file letters and rank
/// numbers, pieces as discs (with the kind's initial when there are several kinds).
fn grid_svg(state: &State) -> (f64, f64, String) {
    let b = &state.game().board;
    let (w, h) = (b.width as f64, b.height as f64);
    const STEP: f64 = GRID_STEP;
    let (margin, label) = grid_margin(b);
    // A grid of hexagons: each rank half a cell east of the one below, ranks closer.
    let (shear, rise) = match b.drawing() {
        Drawing::Hexagons => (0.5, STEP * 3f64.sqrt() / 2.0),
        _ => (0.0, STEP),
    };
    let x = |f: f64| margin + f * STEP;
    let y = |r: f64| margin + (h - 1.0 - r) * rise;
    let at = |f: f64, r: f64| (x(f + shear * r), y(r));
    let mut o = String::new();
    match b.drawing() {
        Drawing::Points => grid_lines(&mut o, b, (&x, &y)),
        Drawing::Squares { checkered } => grid_squares(&mut o, b, (&x, &y), STEP, checkered),
        Drawing::Hexagons => grid_hexagons(&mut o, b, &at, STEP),
        Drawing::Graph => {}
    }
    for f in 0..b.width {
        let letter = (b'a' + f as u8) as char;
        let (lx, ly) = at(f as f64, 0.0);
        let _ = writeln!(
            o,
            r##"<text x="{lx}" y="{}" text-anchor="middle" font-size="13">{letter}</text>"##,
            ly + 26.0 + label
        );
    }
    for r in 0..b.height {
        let west = first_cell(b, (0..b.width).map(|f| (f, r))).map_or(0, |(f, _)| f);
        let (lx, ly) = at(west as f64, r as f64);
        let _ = writeln!(
            o,
            r##"<text x="{}" y="{}" text-anchor="end" font-size="13">{}</text>"##,
            lx - 18.0 - label,
            ly + 4.0,
            r + 1
        );
    }
    grid_walls(&mut o, state, &at);
    grid_sides(&mut o, state, &at);
    grid_pieces(&mut o, state, &at);
    (
        2.0 * margin + (w - 1.0 + shear * (h - 1.0)) * STEP,
        2.0 * margin + (h - 1.0) * rise,
        o,
    )
}

/// A board given as a graph: its links as lines, its sites as dots with their names, each
/// where the rule file places it (or round a circle, where it places none), and the pieces.
fn graph_svg(state: &State) -> (f64, f64, String) {
    let b = &state.game().board;
    let (points, (width, height)) = graph_frame(b);
    let at = |f: f64, _: f64| points[f as usize];
    let mut o = String::new();
    for s in Site::all(b.sites()) {
        for d in 0..b.directions() as u8 {
            let next = b.step(s, d);
            if next != NO_SITE && next.index() > s.index() {
                let ((x1, y1), (x2, y2)) =
                    (at(s.index() as f64, 0.0), at(next.index() as f64, 0.0));
                let _ = writeln!(
                    o,
                    r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a4a32"/>"##
                );
            }
        }
    }
    for s in Site::all(b.sites()) {
        let (x, y) = at(s.index() as f64, 0.0);
        let name = escape(&b.site_names[s.index()]);
        let _ = writeln!(
            o,
            r##"<circle cx="{x}" cy="{y}" r="4" fill="#5a4a32"/><text x="{}" y="{}" font-size="11" fill="#5a4a32">{name}</text>"##,
            x + 9.0,
            y - 9.0
        );
    }
    grid_pieces(&mut o, state, &at);
    (width, height, o)
}

/// Where a graph board's sites are drawn, in the picture's units (y downwards), and the
/// picture's width and height.
fn graph_frame(b: &Board) -> (Vec<(f64, f64)>, (f64, f64)) {
    const MARGIN: f64 = 40.0;
    let places = graph_places(b);
    let right = places.iter().map(|p| p.0).fold(0.0, f64::max);
    let top = places.iter().map(|p| p.1).fold(0.0, f64::max);
    let points = (places.iter())
        .map(|&(x, y)| (MARGIN + x * GRID_STEP, MARGIN + (top - y) * GRID_STEP))
        .collect();
    let size = |extent: f64| 2.0 * MARGIN + extent * GRID_STEP;
    // Room on the right for the names written beside the easternmost sites (11-point
    // letters, about 6.6 points wide, from 9 points east of the site).
    let longest = b.site_names.iter().map(|n| n.chars().count()).max();
    let label = 9.0 + 6.6 * longest.unwrap_or(0) as f64;
    (points, (size(right) + (label - MARGIN).max(0.0), size(top)))
}

/// Where a graph board's sites are drawn, in steps of the picture (x east, y north, from
/// 0): as the rule file places them, or evenly round a circle where it places none.
fn graph_places(b: &Board) -> Vec<(f64, f64)> {
    let given = b.places();
    if given.len() == b.sites() {
        let x0 = given.iter().map(|p| p.0).min().unwrap_or(0);
        let y0 = given.iter().map(|p| p.1).min().unwrap_or(0);
        return (given.iter())
            .map(|&(x, y)| (f64::from(x - x0), f64::from(y - y0)))
            .collect();
    }
    let n = b.sites() as f64;
    let r = (n / 3.0).max(1.0);
    (0..b.sites())
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n;
            (r + r * a.sin(), r + r * a.cos())
        })
        .collect()
}

/// On a grid of hexagons, the first of `cells` (file, rank) that is on the board: the
/// cell a rank's number is drawn beside, so that the numbers follow the west edge of a
/// shape cut from the rhombus (the letters stay under rank 1, each file running north-east
/// from its own). None on other grids, numbered along the frame.
fn first_cell(b: &Board, mut cells: impl Iterator<Item = (u16, u16)>) -> Option<(u16, u16)> {
    let on_board =
        |&(f, r): &(u16, u16)| !b.is_removed(Site::at(r as usize * b.width as usize + f as usize));
    match b.drawing() {
        Drawing::Hexagons => cells.find(on_board),
        _ => None,
    }
}

/// The walls standing in the grooves of a grid of squares, each a thick bar two cells
/// long along its groove, through the point where its four cells meet.
fn grid_walls(o: &mut String, state: &State, at: &dyn Fn(f64, f64) -> (f64, f64)) {
    let across = f64::from(state.game().board.width.saturating_sub(1));
    for wall in state.standing_walls() {
        let slot = (wall / 2) as f64;
        let (f, r) = (slot % across, (slot / across).floor());
        let (cx, cy) = (f + 0.5, r + 0.5);
        let ((x1, y1), (x2, y2)) = match wall % 2 == 1 {
            true => (at(cx, cy - 1.0), at(cx, cy + 1.0)),
            false => (at(cx - 1.0, cy), at(cx + 1.0, cy)),
        };
        let _ = writeln!(
            o,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a14" stroke-width="7" stroke-linecap="round"/>"##
        );
    }
}

/// The lines drawn on the sides of a grid's cells, each a bar one cell long along the side,
/// between the corners it joins.
fn grid_sides(o: &mut String, state: &State, at: &dyn Fn(f64, f64) -> (f64, f64)) {
    let Some(sides) = state.sides() else {
        return;
    };
    for side in state.drawn_sides() {
        let (cell, dir) = sides.named_by(side);
        let w = usize::from(sides.width);
        let (f, r) = ((cell.index() % w) as f64, (cell.index() / w) as f64);
        // The side's two corners, from the cell's centre: north 0, east 1, south 2, west 3.
        let (dx, dy): (f64, f64) =
            [(0.0, 0.5), (0.5, 0.0), (0.0, -0.5), (-0.5, 0.0)][usize::from(dir)];
        let (ax, ay) = (dy.abs(), dx.abs());
        let (x1, y1) = at(f + dx - ax, r + dy - ay);
        let (x2, y2) = at(f + dx + ax, r + dy + ay);
        let _ = writeln!(
            o,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#3b2a14" stroke-width="5" stroke-linecap="round"/>"##
        );
    }
}

/// A grid's pieces as discs at the centres `at` gives (from file and rank), with the
/// kind's initial when there are several kinds, and the last move ringed.
fn grid_pieces(o: &mut String, state: &State, at: &dyn Fn(f64, f64) -> (f64, f64)) {
    let game = state.game();
    let b = &game.board;
    let centre = |s: Site| {
        let (file, rank) = (s.index() % b.width as usize, s.index() / b.width as usize);
        at(file as f64, rank as f64)
    };
    for s in Site::all(b.sites()) {
        let cell = state.cell(s);
        if cell == EMPTY {
            continue;
        }
        let p = game.tables.owner[cell.index()];
        let (cx, cy) = centre(s);
        let _ = writeln!(
            o,
            r##"<circle cx="{cx}" cy="{cy}" r="14" fill="{}" stroke="#222"/>"##,
            player_colour(game, p)
        );
        // A stack is drawn with its height, a piece of several kinds with its letter.
        let label = match state.stack_height(s) {
            1 if game.about.piece_kinds.len() > 1 => super::glyph(game, cell).to_string(),
            1 => String::new(),
            height => height.to_string(),
        };
        if !label.is_empty() {
            let _ = writeln!(
                o,
                r##"<text x="{cx}" y="{}" text-anchor="middle" font-size="13" fill="{}">{}</text>"##,
                cy + 4.5,
                contrast(game, p),
                escape(&label)
            );
        }
    }
    if let Some((m, _)) = state.last_move() {
        // The last move: its landing ringed, the site it left ringed with a dashed line.
        let to = m.lands_at(game);
        for (site, dash) in [(to, ""), (m.from(), r##" stroke-dasharray="4 3""##)] {
            if site != NO_SITE && site.index() < b.sites() && (dash.is_empty() || site != to) {
                let (cx, cy) = centre(site);
                let _ = writeln!(
                    o,
                    r##"<circle cx="{cx}" cy="{cy}" r="17" fill="none" stroke="#c0392b" stroke-width="2.5"{dash}/>"##
                );
            }
        }
    }
}

/// The cells of a grid of hexagons, pointy-topped, `step` wide, at the centres `at` gives
/// (none where a cell is taken off the board).
fn grid_hexagons(o: &mut String, b: &Board, at: &dyn Fn(f64, f64) -> (f64, f64), step: f64) {
    let w = b.width as usize;
    let radius = step / 3f64.sqrt();
    for s in Site::all(b.sites()).filter(|&s| !b.is_removed(s)) {
        let (cx, cy) = at((s.index() % w) as f64, (s.index() / w) as f64);
        let corners: Vec<String> = (0..6)
            .map(|k| {
                let angle = (30.0 + 60.0 * k as f64).to_radians();
                let (px, py) = (cx + radius * angle.cos(), cy + radius * angle.sin());
                format!("{px:.1},{py:.1}")
            })
            .collect();
        let _ = writeln!(
            o,
            r##"<polygon points="{}" fill="#f0d9b5" stroke="#5a4a32"/>"##,
            corners.join(" ")
        );
    }
}

/// The distance between two neighbouring points of a grid.
const GRID_STEP: f64 = 36.0;

/// A grid's margin around its outer points, and how much further out the letters and
/// numbers go: squares reach half a step beyond their centres.
fn grid_margin(b: &Board) -> (f64, f64) {
    match b.drawing() {
        Drawing::Points | Drawing::Graph => (40.0, 0.0),
        Drawing::Squares { .. } | Drawing::Hexagons => (44.0, 8.0),
    }
}

/// The lines of a grid of points: edge to edge along every rank and file of a whole grid,
/// else link by link (a grid `without` some points); and the diagonal links a grid `with
/// diagonals on` a region keeps.
fn grid_lines(o: &mut String, b: &Board, (x, y): (&dyn Fn(f64) -> f64, &dyn Fn(f64) -> f64)) {
    let (w, h) = (b.width as f64, b.height as f64);
    if b.removed_points().next().is_none() {
        for f in 0..b.width {
            let fx = x(f as f64);
            let (y1, y2) = (y(0.0), y(h - 1.0));
            let _ = writeln!(
                o,
                r##"<line x1="{fx}" y1="{y1}" x2="{fx}" y2="{y2}" stroke="#5a4a32"/>"##
            );
        }
        for r in 0..b.height {
            let ry = y(r as f64);
            let (x1, x2) = (x(0.0), x(w - 1.0));
            let _ = writeln!(
                o,
                r##"<line x1="{x1}" y1="{ry}" x2="{x2}" y2="{ry}" stroke="#5a4a32"/>"##
            );
        }
    } else {
        let all: Vec<Site> = Site::all(b.sites()).collect();
        // North and east.
        link_lines(o, b, (x, y), &all, [0, 1]);
    }
    // North-east and north-west.
    link_lines(o, b, (x, y), b.diagonal_points(), [4, 7]);
}

/// The squares of a grid drawn `of squares`, one a site (none where a point is taken off
/// the board); `checkered`: the `dark` ones (file and rank of the same parity, a1 among
/// them) shaded.
fn grid_squares(
    o: &mut String,
    b: &Board,
    (x, y): (&dyn Fn(f64) -> f64, &dyn Fn(f64) -> f64),
    step: f64,
    checkered: bool,
) {
    let w = b.width as usize;
    for s in Site::all(b.sites()).filter(|&s| !b.is_removed(s)) {
        let (file, rank) = (s.index() % w, s.index() / w);
        let fill = match checkered && b.is_dark(s) {
            true => "#b58863",
            false => "#f0d9b5",
        };
        let (left, top) = (x(file as f64) - step / 2.0, y(rank as f64) - step / 2.0);
        let _ = writeln!(
            o,
            r##"<rect x="{left}" y="{top}" width="{step}" height="{step}" fill="{fill}" stroke="#5a4a32"/>"##
        );
    }
}

/// A line for each link from the sites given to the next site along the two directions
/// given (upwards or rightwards, so that each is drawn once): on a grid `without` some
/// points, the links along ranks and files (a whole grid's lines run edge to edge
/// instead); on a grid `with diagonals on` a region, the diagonal links it keeps (a plain
/// grid, whose diagonals join every point, is drawn without them, as boards are).
fn link_lines(
    o: &mut String,
    b: &Board,
    (x, y): (&dyn Fn(f64) -> f64, &dyn Fn(f64) -> f64),
    sites: &[Site],
    directions: [u8; 2],
) {
    let w = b.width as usize;
    let at = |s: Site| (x((s.index() % w) as f64), y((s.index() / w) as f64));
    for &s in sites {
        for next in directions.map(|d| b.step(s, d)) {
            if next == NO_SITE {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (at(s), at(next));
            let _ = writeln!(
                o,
                r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a4a32"/>"##
            );
        }
    }
}

/// A mancala board as the text view draws it: the second player's row on top, stores at
/// the ends, each pit with its stone count; marked pits are ringed in the marker's colour.
fn mancala_svg(state: &State) -> (f64, f64, String) {
    let game = state.game();
    let b = &game.board;
    let n = b.pits() as f64;
    let width = (n + 2.0) * PIT_STEP + 20.0;
    let height = 2.0 * PIT_STEP + 80.0;
    let mut o = String::new();
    let _ = writeln!(
        o,
        r##"<rect x="10" y="30" width="{}" height="{}" rx="30" fill="#c89b5e" stroke="#5a4a32"/>"##,
        width - 20.0,
        2.0 * PIT_STEP + 20.0
    );
    for (site, k, centre) in pit_centres(b) {
        pit_svg(&mut o, state, centre, site, k.to_string());
    }
    for (p, cx) in [
        (Player::SECOND, 10.0 + PIT_STEP * 0.5),
        (Player::FIRST, 10.0 + PIT_STEP * (n + 1.5)),
    ] {
        let store = b.store(p);
        let _ = writeln!(
            o,
            r##"<rect x="{}" y="45" width="48" height="{}" rx="24" fill="#8a6236" stroke="#5a4a32"/>"##,
            cx - 24.0,
            2.0 * PIT_STEP - 10.0
        );
        let _ = writeln!(
            o,
            r##"<text x="{cx}" y="{}" text-anchor="middle" font-size="20" fill="white">{}</text>"##,
            45.0 + PIT_STEP,
            state.count(store)
        );
    }
    let _ = writeln!(
        o,
        r##"<text x="{}" y="20" text-anchor="middle" font-size="13">{}</text>"##,
        width / 2.0,
        escape(&game.about.players[1])
    );
    let _ = writeln!(
        o,
        r##"<text x="{}" y="{}" text-anchor="middle" font-size="13">{}</text>"##,
        width / 2.0,
        height - 8.0,
        escape(&game.about.players[0])
    );
    (width, height, o)
}

/// Each pit of a mancala board with its number and centre: the second player's row on top,
/// numbered from the right, the first player's below, from the left.
fn pit_centres(b: &Board) -> Vec<(Site, u16, (f64, f64))> {
    (1..=b.pits())
        .flat_map(|k| {
            let top = (10.0 + PIT_STEP * (1.5 + (b.pits() - k) as f64), 70.0);
            let bottom = (10.0 + PIT_STEP * (0.5 + k as f64), 80.0 + PIT_STEP);
            [
                (b.pit(Player::SECOND, k), k, top),
                (b.pit(Player::FIRST, k), k, bottom),
            ]
        })
        .collect()
}

/// The distance between the centres of two pits of a mancala board.
const PIT_STEP: f64 = 60.0;

/// A pit of a mancala board centred on (`cx`, `cy`): ringed in its marker's colour if
/// marked, its stone count inside, and `label` above (top row) or below, with whose mark
/// it is in words.
fn pit_svg(o: &mut String, state: &State, (cx, cy): (f64, f64), site: Site, label: String) {
    let game = state.game();
    let (ring, label) = match state.mark(site) {
        Some(p) => (
            format!(r##" stroke="{}" stroke-width="4""##, player_colour(game, p)),
            // Whose mark it is, in words: `1 castle (north)`.
            format!(
                "{label} {} ({})",
                escape(game.about.mark_name.as_deref().unwrap_or("mark")),
                escape(game.player_name(p))
            ),
        ),
        None => (r##" stroke="#5a4a32""##.to_string(), label),
    };
    let _ = writeln!(
        o,
        r##"<circle cx="{cx}" cy="{cy}" r="24" fill="#8a6236"{ring}/>"##
    );
    let _ = writeln!(
        o,
        r##"<text x="{cx}" y="{}" text-anchor="middle" font-size="18" fill="white">{}</text>"##,
        cy + 6.0,
        state.count(site)
    );
    let _ = writeln!(
        o,
        r##"<text x="{cx}" y="{}" text-anchor="middle" font-size="11">{label}</text>"##,
        if cy < 100.0 { cy - 30.0 } else { cy + 40.0 }
    );
}

/// A hex board of pointy-topped cells: each placed tile as six wedges in their colours,
/// empty cells with their names, and every board edge drawn in its colour.
fn hex_svg(state: &State) -> (f64, f64, String) {
    let game = state.game();
    let b = &game.board;
    const R: f64 = HEX_RADIUS;
    let (points, (min_x, min_y), (max_x, max_y)) = hex_frame(b);
    // The corner between sides `d - 1` and `d`, from a cell's centre (y down).
    let corner = |cx: f64, cy: f64, d: i32| {
        let a = (60.0 * d as f64 - 30.0).to_radians();
        (cx - min_x + R * a.cos(), cy - min_y - R * a.sin())
    };
    let mut o = String::new();
    for (s, &(cx, cy)) in points.iter().enumerate() {
        let s = Site::at(s);
        let cell = state.cell(s);
        let (x, y) = (cx - min_x, cy - min_y);
        if cell == EMPTY {
            let hex: Vec<String> = (0..6)
                .map(|d| {
                    let (px, py) = corner(cx, cy, d);
                    format!("{px:.1},{py:.1}")
                })
                .collect();
            let _ = writeln!(
                o,
                r##"<polygon points="{}" fill="#e4d5b7" stroke="#8a7a5a"/>"##,
                hex.join(" ")
            );
            let _ = writeln!(
                o,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#5a4a32">{}</text>"##,
                y + 3.5,
                b.site_names[s.index()]
            );
            continue;
        }
        let kind = game.kind_of(cell);
        for side in 0..6 {
            let (ax, ay) = corner(cx, cy, side);
            let (bx, by) = corner(cx, cy, side + 1);
            let colour = player_colour(game, rulebook_model::Tiles::colour(kind, side as usize));
            let _ = writeln!(
                o,
                r##"<polygon points="{x:.1},{y:.1} {ax:.1},{ay:.1} {bx:.1},{by:.1}" fill="{colour}" stroke="#333" stroke-width="0.5"/>"##
            );
        }
        let _ = writeln!(
            o,
            r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="9" fill="#222" stroke="white" stroke-width="2" paint-order="stroke">{}</text>"##,
            y + 3.0,
            b.site_names[s.index()]
        );
    }
    for (s, &(cx, cy)) in Site::all(b.sites()).zip(&points) {
        for side in 0..6 {
            if !b.is_edge(s, side) {
                continue;
            }
            let colour = match b.edge_colour(s, side) {
                None => "#5a4a32".to_string(),
                Some(c) => player_colour(game, c),
            };
            let (ax, ay) = corner(cx, cy, side as i32);
            let (bx, by) = corner(cx, cy, side as i32 + 1);
            let _ = writeln!(
                o,
                r##"<line x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>"##
            );
        }
    }
    (max_x - min_x, max_y - min_y, o)
}

/// The radius of a hex board's cell (centre to corner).
const HEX_RADIUS: f64 = 26.0;

/// A point of a picture: x, then y (downwards).
type Point = (f64, f64);

/// A hex board's cell centres (y down, before the shift into the picture) and the corners
/// of the box around the board, margin included.
fn hex_frame(b: &Board) -> (Vec<Point>, Point, Point) {
    const R: f64 = HEX_RADIUS;
    let root3 = 3f64.sqrt();
    let centre = |s: Site| {
        let (f, r) = b.hex_coords(s);
        (root3 * R * (f as f64 - r as f64 / 2.0), -1.5 * R * r as f64)
    };
    let points: Vec<(f64, f64)> = Site::all(b.sites()).map(centre).collect();
    let min_x = points.iter().map(|p| p.0).fold(f64::MAX, f64::min) - R - 10.0;
    let min_y = points.iter().map(|p| p.1).fold(f64::MAX, f64::min) - R - 10.0;
    let max_x = points.iter().map(|p| p.0).fold(f64::MIN, f64::max) + R + 10.0;
    let max_y = points.iter().map(|p| p.1).fold(f64::MIN, f64::max) + R + 10.0;
    (points, (min_x, min_y), (max_x, max_y))
}

/// Where a site is drawn in the picture of [`position_svg`]: its centre and the radius of
/// the round spot around it that stands for it (for a page that makes sites clickable).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// The site.
    pub site: Site,
    /// The centre's x, in the picture's units.
    pub x: f64,
    /// The centre's y, in the picture's units (downwards).
    pub y: f64,
    /// The radius.
    pub r: f64,
}

/// Where each site of the game's board is drawn by [`position_svg`] (a mancala board's
/// pits, not its stores; a grid's points left off the board are left out).
pub fn site_spots(game: &Game) -> Vec<Spot> {
    let b = &game.board;
    match b.layout {
        Layout::Grid(_) if b.drawing() == Drawing::Graph => {
            let (points, _) = graph_frame(b);
            (Site::all(b.sites()).zip(points))
                .map(|(site, (x, y))| Spot {
                    site,
                    x,
                    y,
                    r: GRID_STEP / 2.0,
                })
                .collect()
        }
        Layout::Grid(_) => {
            let (margin, _) = grid_margin(b);
            let h = b.height as f64;
            let w = b.width as usize;
            (Site::all(b.sites()).filter(|&s| !b.is_removed(s)))
                .map(|site| {
                    let (f, r) = ((site.index() % w) as f64, (site.index() / w) as f64);
                    Spot {
                        site,
                        x: margin + f * GRID_STEP,
                        y: margin + (h - 1.0 - r) * GRID_STEP,
                        r: GRID_STEP / 2.0,
                    }
                })
                .collect()
        }
        Layout::Mancala(_) => (pit_centres(b).into_iter())
            .map(|(site, _, (x, y))| Spot {
                site,
                x,
                y,
                r: 26.0,
            })
            .collect(),
        Layout::Hex(_) => {
            let (points, (min_x, min_y), _) = hex_frame(b);
            (Site::all(b.sites()).zip(points))
                .map(|(site, (x, y))| Spot {
                    site,
                    x: x - min_x,
                    y: y - min_y,
                    r: HEX_RADIUS * 0.85,
                })
                .collect()
        }
    }
}

/// A tile of a tile game by itself, as [`position_svg`] draws it on a cell: a hexagon of
/// six wedges in their players' colours (for a page to show a choice of tiles).
pub fn tile_svg(game: &Game, kind: usize) -> String {
    const R: f64 = HEX_RADIUS;
    let corner = |d: i32| {
        let a = (60.0 * d as f64 - 30.0).to_radians();
        (R + 2.0 + R * a.cos(), R + 2.0 - R * a.sin())
    };
    let size = 2.0 * R + 4.0;
    let mut o = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">"##
    );
    for side in 0..6 {
        let ((ax, ay), (bx, by)) = (corner(side), corner(side + 1));
        let colour = player_colour(game, rulebook_model::Tiles::colour(kind, side as usize));
        let c = R + 2.0;
        let _ = write!(
            o,
            r##"<polygon points="{c:.1},{c:.1} {ax:.1},{ay:.1} {bx:.1},{by:.1}" fill="{colour}" stroke="#333" stroke-width="0.5"/>"##
        );
    }
    o.push_str("</svg>");
    o
}
