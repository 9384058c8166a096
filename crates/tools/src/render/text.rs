//! Boards as text: a grid with file letters and rank numbers, and its inverse for
//! hand-built positions.

use std::fmt::Write as _;

use rulebook_engine::{Outcome, State};
use rulebook_model::{Cell, Drawing, Game, Layout, Player, Site, Tiles, EMPTY};
use rulebook_notation as notation;

/// The character shown for a cell: the piece's letter of the position text
/// ([`notation::piece_letter`]), `.` when empty.
pub fn glyph(game: &Game, cell: Cell) -> char {
    notation::piece_letter(game, cell)
}

/// What a site of a grid shows: its piece's letter, `.` when empty, or a space for a point
/// the board is `without`.
pub(super) fn point_glyph(state: &State, site: Site) -> char {
    match state.game().board.is_removed(site) {
        true => ' ',
        false => glyph(state.game(), state.cell(site)),
    }
}

/// The drawn lines (`with lines`) as segments between consecutive points: each as the
/// rank or file it runs along and the two ends' places on it, with whether it runs along
/// a rank. Diagonal segments are left out.
fn straight_segments(game: &Game) -> Vec<(bool, usize, usize, usize)> {
    let w = game.board.width as usize;
    let mut segments = Vec::new();
    for line in game.board.drawn_lines() {
        for pair in line.windows(2) {
            let (a, b) = (pair[0].index(), pair[1].index());
            let ((ra, fa), (rb, fb)) = ((a / w, a % w), (b / w, b % w));
            if ra == rb {
                segments.push((true, ra, fa.min(fb), fa.max(fb)));
            } else if fa == fb {
                segments.push((false, fa, ra.min(rb), ra.max(rb)));
            }
        }
    }
    segments
}

/// What a point the board is `without` shows in the play view: `-` where a drawn line runs across it along
/// its rank, `|` along its file, `+` where both do, a space where none does.
pub(super) fn drawn_across(game: &Game, site: Site) -> char {
    let w = game.board.width as usize;
    let (r, f) = (site.index() / w, site.index() % w);
    let segments = straight_segments(game);
    let across = |along_rank: bool, line: usize, at: usize| {
        (segments.iter()).any(|&(a, l, lo, hi)| a == along_rank && l == line && lo < at && at < hi)
    };
    match (across(true, r, f), across(false, f, r)) {
        (true, true) => '+',
        (true, false) => '-',
        (false, true) => '|',
        (false, false) => ' ',
    }
}

/// Whether a drawn line joins the site at `left` to the next one along its rank (`-`
/// between them on a drawn grid).
pub(super) fn joined_rightwards(game: &Game, left: Site) -> bool {
    let w = game.board.width as usize;
    let (r, f) = (left.index() / w, left.index() % w);
    (straight_segments(game).iter()).any(|&(a, l, lo, hi)| a && l == r && lo <= f && f < hi)
}

/// The letters of the kinds player `p` has on the board or in hand, in kind order (`S K`),
/// or of its first kind when it has none: what its pieces look like on the board.
pub(super) fn player_glyphs(state: &State, p: Player) -> String {
    let game = state.game();
    let kinds = game.about.piece_kinds.len();
    let hand = state.pieces_in_hand(p);
    let held = |k: usize| {
        let cell = game.cell(p, k);
        hand.get(k).is_some_and(|&n| n > 0)
            || Site::all(game.board.sites()).any(|s| state.cell(s) == cell)
    };
    let letters: Vec<String> = (0..kinds)
        .filter(|&k| held(k))
        .map(|k| glyph(game, game.cell(p, k)).to_string())
        .collect();
    match letters.is_empty() {
        true => glyph(game, game.cell(p, 0)).to_string(),
        false => letters.join(" "),
    }
}

/// The board: a grid with file letters above and below and rank numbers on both sides, or
/// a mancala board with each row's pit numbers as its owner counts them.
pub fn board_text(state: &State) -> String {
    let game = state.game();
    if let Layout::Hex(_) = game.board.layout {
        return hex_text(state, false, false);
    }
    if !matches!(game.board.layout, Layout::Grid(_)) {
        return mancala_text(state);
    }
    if game.board.drawing() == Drawing::Graph {
        return graph_text(state, &|_, text| text);
    }
    let b = &game.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let label_width = h.to_string().len();
    let files = file_letters(w);
    // A grid of hexagons is sheared: each rank half a cell (a column) east of the one below.
    let shift = |r: usize| {
        if b.drawing() == Drawing::Hexagons {
            r
        } else {
            0
        }
    };
    let mut out = String::new();
    let _ = writeln!(out, "{:label_width$}  {:2$}{files}", "", "", shift(h - 1));
    let walls = state.standing_walls();
    let drawn = state.drawn_sides();
    let grooved = !walls.is_empty() || !drawn.is_empty();
    // Lines drawn on the board's border: `-` above the top rank and under rank 1, `|`
    // before the first file and after the last.
    let border = |site: Site, side: usize| border_drawn(state, &drawn, site, side);
    if !drawn.is_empty() {
        let line = border_line(state, &drawn, h - 1, 2, &|f| f);
        let _ = writeln!(out, "{:label_width$}  {line}", "");
    }
    for r in (0..h).rev() {
        if grooved && r + 1 < h {
            let line = format!("{:label_width$}  {}", "", groove_line(state, &walls, r));
            let _ = writeln!(out, "{}", line.trim_end());
        }
        let mut row = String::new();
        for f in 0..w {
            let site = Site::at(r * w + f);
            if f > 0 {
                // A wall across the files between this point and the last: `|`.
                row.push(if state.wall_cuts(site, 3) { '|' } else { ' ' });
            }
            row.push(point_glyph(state, site));
        }
        let pad = shift(r);
        let (west, east) = (
            border(Site::at(r * w), 1),
            border(Site::at(r * w + w - 1), 3),
        );
        let (west, east) = (if west { '|' } else { ' ' }, if east { '|' } else { ' ' });
        let _ = writeln!(
            out,
            "{:>label_width$} {west}{:pad$}{row}{east} {}",
            r + 1,
            "",
            r + 1
        );
    }
    if !drawn.is_empty() {
        let line = border_line(state, &drawn, 0, 0, &|f| f);
        let _ = writeln!(out, "{:label_width$}  {line}", "");
    }
    let _ = writeln!(out, "{:label_width$}  {files}", "");
    out
}

/// Whether a line (of `drawn`, by number) stands on side `side` (0 south, 1 west, 2 north,
/// 3 east) of the cell on `site`: where the border of the board has one.
pub(super) fn border_drawn(state: &State, drawn: &[usize], site: Site, side: usize) -> bool {
    let of_cell = |sides: &rulebook_model::Sides| sides.of_cell[site.index()][side] as usize;
    state
        .sides()
        .is_some_and(|sides| drawn.contains(&of_cell(sides)))
}

/// The lines (of `drawn`) on side `side` (0 south, 2 north) of the cells of rank `r`, files
/// in the order `file_at` gives: `-` under or over each cell with one, trimmed.
pub(super) fn border_line(
    state: &State,
    drawn: &[usize],
    r: usize,
    side: usize,
    file_at: &dyn Fn(usize) -> usize,
) -> String {
    let w = state.game().board.width as usize;
    let mark = |i: usize| border_drawn(state, drawn, Site::at(r * w + file_at(i)), side);
    let marks: String = (0..w).map(|i| if mark(i) { "- " } else { "  " }).collect();
    marks.trim_end().to_string()
}

/// The groove between rank `r` and the rank above on a board with walls standing (by
/// number, `walls`) or lines drawn on sides: `-` under a cell whose link north a wall or
/// a line cuts, and between two cells the middle of a wall across that slot, `-` along
/// the ranks or `|` across them.
fn groove_line(state: &State, walls: &[usize], r: usize) -> String {
    let w = state.game().board.width as usize;
    let mut line = String::new();
    for f in 0..w {
        if f > 0 {
            let wall = 2 * (r * (w - 1) + f - 1);
            line.push(match (walls.contains(&wall), walls.contains(&(wall + 1))) {
                (true, _) => '-',
                (_, true) => '|',
                _ => ' ',
            });
        }
        line.push(if state.wall_cuts(Site::at(r * w + f), 0) {
            '-'
        } else {
            ' '
        });
    }
    line.trim_end().to_string()
}

/// A hex board drawn cell by cell, three lines a rank (top rank first), each rank shifted
/// half a cell from the next as on the board, six columns a cell (the middle rank of a
/// 7-a-side board fits 80 columns). A placed tile shows its six wedge colours around its
/// cell name, each where its side is:
///
/// ```text
///  Y B      north-west  north-east
/// Bd4 Y     west        east
///  B Y      south-west  south-east
/// ```
///
/// An empty cell shows its name; a removed cell is blank; a rank's first or third line is
/// left out when it holds no wedge. With `color` each wedge letter is in its player's
/// colour (the colour a player is named after, else the player's colour of the play view)
/// and an empty cell's name is dimmed.
pub(super) fn hex_text(state: &State, color: bool, turned: bool) -> String {
    let Some(view) = HexView::new(state, color, turned) else {
        return String::new();
    };
    let game = state.game();
    let mut out = String::new();
    let ranks: Vec<u16> = match turned {
        false => (0..game.board.height).rev().collect(),
        true => (0..game.board.height).collect(),
    };
    for r in ranks {
        view.write_rank(&mut out, r);
    }
    let blocks: Vec<String> = Player::all(game.seats())
        .map(|p| format!("{} {}", game.player_name(p), state.hand(p).count_ones()))
        .collect();
    let _ = writeln!(out, "in hand: {}", blocks.join(", "));
    if state.swapped() {
        let _ = writeln!(out, "the players have swapped sides");
    }
    out
}

/// How [`hex_text`] draws the cells of a board, rank by rank.
struct HexView<'a> {
    /// The position.
    state: &'a State,
    /// Its game.
    game: &'a Game,
    /// The game's tiles.
    tiles: &'a Tiles,
    /// Whether each wedge letter is in its player's colour and an empty cell's name dimmed.
    color: bool,
    /// Whether the board is seen from the other side: columns mirrored, ranks bottom first,
    /// and each tile's wedges half a turn round.
    turned: bool,
    /// The least half-cell column of a cell ([`HexView::x2`]).
    min: i32,
    /// The most.
    max: i32,
}

impl<'a> HexView<'a> {
    /// Columns a cell takes.
    const CELL: usize = 6;

    /// Where each wedge of a tile is drawn, as (line, column in the cell, side): NW, NE, W,
    /// E, SW, SE.
    const WEDGES: [(usize, usize, usize); 6] = [
        (0, 1, 2),
        (0, 3, 1),
        (1, 0, 3),
        (1, 4, 0),
        (2, 1, 4),
        (2, 3, 5),
    ];

    /// The view of `state`'s board (`color` and `turned` as for [`hex_text`]); `None` for
    /// a game without tiles.
    fn new(state: &'a State, color: bool, turned: bool) -> Option<HexView<'a>> {
        let game = state.game();
        let mut view = HexView {
            state,
            game,
            tiles: game.tiles.as_ref()?,
            color,
            turned,
            min: 0,
            max: 0,
        };
        let sites = Site::all(game.board.sites());
        view.min = sites.clone().map(|s| view.x2(s)).min().unwrap_or(0);
        view.max = sites.map(|s| view.x2(s)).max().unwrap_or(0);
        Some(view)
    }

    /// The half-cell column of site `s`: 2 * file - rank.
    fn x2(&self, s: Site) -> i32 {
        let (f, r) = self.game.board.hex_coords(s);
        2 * f as i32 - r as i32
    }

    /// The first column of site `s`'s cell.
    fn column(&self, s: Site) -> usize {
        match self.turned {
            false => (self.x2(s) - self.min) as usize * Self::CELL / 2,
            true => (self.max - self.x2(s)) as usize * Self::CELL / 2,
        }
    }

    /// A wedge of `colour`'s: its letter, in the player's colour with [`HexView::color`].
    fn wedge(&self, colour: Player) -> String {
        let letter = self.tiles.letters[colour.index()];
        match self.color {
            true => format!(
                "{}{letter}{}",
                super::play_view::player_style(self.game, colour),
                "\x1b[0m"
            ),
            false => letter.to_string(),
        }
    }

    /// Writes the three lines of rank `r` (its first or third left out when it holds no
    /// wedge), the rank's number before the middle one.
    fn write_rank(&self, out: &mut String, r: u16) {
        let b = &self.game.board;
        let width = (self.max - self.min) as usize * Self::CELL / 2 + Self::CELL;
        let mut lines = vec![vec![String::from(" "); width]; 3];
        for s in Site::all(b.sites()) {
            if b.hex_coords(s).1 == r {
                self.draw_cell(&mut lines, s);
            }
        }
        for (i, line) in lines.iter().enumerate() {
            let text = line.concat();
            let text = text.trim_end();
            if i != 1 && text.is_empty() {
                continue;
            }
            let label = if i == 1 {
                format!("{:>2}", r + 1)
            } else {
                "  ".into()
            };
            let _ = writeln!(out, "{}", format!("{label} {text}").trim_end());
        }
    }

    /// Draws the cell of site `s` into the three `lines` of its rank: its name, and a placed
    /// tile's wedges around it.
    fn draw_cell(&self, lines: &mut [Vec<String>], s: Site) {
        let x = self.column(s);
        let name = &self.game.board.site_names[s.index()];
        let cell = self.state.cell(s);
        if cell == EMPTY {
            for (i, c) in name.chars().enumerate() {
                lines[1][x + 1 + i] = match self.color {
                    true => format!("\x1b[2m{c}\x1b[0m"),
                    false => c.to_string(),
                };
            }
            return;
        }
        let kind = self.game.kind_of(cell);
        for (line, at, side) in Self::WEDGES {
            let side = if self.turned { (side + 3) % 6 } else { side };
            lines[line][x + at] = self.wedge(Tiles::colour(kind, side));
        }
        for (i, c) in name.chars().enumerate() {
            lines[1][x + 1 + i] = c.to_string();
        }
    }
}

/// The file letters of a grid `width` wide, spaced for one character per point: `a b c`.
pub(super) fn file_letters(width: usize) -> String {
    (0..width)
        .map(|f| ((b'a' + f as u8) as char).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A mancala board: the second player's row on top (their pit 1 on the right, as they see
/// it), the first player's row below, the second player's store on the left and the first
/// player's on the right.
fn mancala_text(state: &State) -> String {
    mancala_turned(state, false)
}

/// [`mancala_text`], or with `turned` the board seen from the other side: the first
/// player's row on top, the second's below (from their pit 1), the stores exchanged.
pub(super) fn mancala_turned(state: &State, turned: bool) -> String {
    let (top, bottom) = match turned {
        true => (Player::FIRST, Player::SECOND),
        false => (Player::SECOND, Player::FIRST),
    };
    let game = state.game();
    let b = &game.board;
    let n = b.pits();
    let width = Site::all(b.sites())
        .map(|s| state.count(s).to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    let pit = |p: Player, k: u16| format!("[{:>width$}]", state.count(b.pit(p, k)));
    let cell = width + 2;
    let numbers = |ks: Vec<u16>| {
        ks.iter()
            .map(|k| format!("{:^cell$}", k))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let indent = " ".repeat(cell + 1);
    let mut out = String::new();
    let _ = writeln!(out, "{indent}{}", game.player_name(top));
    let _ = writeln!(out, "{indent}{}", numbers((1..=n).rev().collect()));
    let upper: Vec<String> = (1..=n).rev().map(|k| pit(top, k)).collect();
    let _ = writeln!(out, "{indent}{}", upper.join(" "));
    let row_width = n as usize * (cell + 1) - 1;
    let _ = writeln!(
        out,
        "[{:>width$}]{:row_width$}  [{:>width$}]",
        state.count(b.store(top)),
        "",
        state.count(b.store(bottom))
    );
    let lower: Vec<String> = (1..=n).map(|k| pit(bottom, k)).collect();
    let _ = writeln!(out, "{indent}{}", lower.join(" "));
    let _ = writeln!(out, "{indent}{}", numbers((1..=n).collect()));
    let _ = writeln!(out, "{indent}{}", game.player_name(bottom));
    for s in Site::all(b.sites()) {
        let Some(p) = state.mark(s) else { continue };
        let (site, player) = (&b.site_names[s.index()], game.player_name(p));
        let _ = match &game.about.mark_name {
            Some(name) => writeln!(out, "{site}: {name} ({player})"),
            None => writeln!(out, "{site} is marked by {player}"),
        };
    }
    out
}

/// The stacks of two pieces or more, by site with their heights (`stacks: a1 3, f1 2`), in
/// a position that has some.
pub(super) fn stacks_line(state: &State) -> Option<String> {
    let game = state.game();
    let stacks: Vec<String> = (Site::all(game.board.sites()))
        .filter(|&s| state.stack_height(s) > 1)
        .map(|s| {
            format!(
                "{} {}",
                game.board.site_names[s.index()],
                state.stack_height(s)
            )
        })
        .collect();
    (!stacks.is_empty()).then(|| format!("stacks: {}", stacks.join(", ")))
}

/// The dice left to use this turn, in a game whose dice are used one by one, once thrown
/// (`dice left: 3, 5`); before the opening roll, that it is to come.
pub(super) fn dice_line(state: &State) -> Option<String> {
    if state.opening() {
        return Some("opening roll to come: one die each, the higher starts".to_string());
    }
    let dice: Vec<String> = state.dice_left().iter().map(u8::to_string).collect();
    (!dice.is_empty()).then(|| format!("dice left: {}", dice.join(", ")))
}

/// The position: board, side to move or outcome, and the legal moves.
pub fn position_text(state: &State) -> String {
    let mut out = board_text(state);
    let game = std::sync::Arc::clone(state.game());
    if let Layout::Mancala(_) = game.board.layout {
        let stores: Vec<String> = game
            .players_named()
            .map(|(p, name)| format!("{name} {}", state.count(game.board.store(p))))
            .collect();
        let _ = writeln!(out, "stores: {}", stores.join(", "));
    }
    for (p, name) in game
        .players_named()
        .filter(|_| matches!(game.board.layout, Layout::Grid(_)))
    {
        let in_hand: u32 = state.pieces_in_hand(p).iter().map(|&n| n as u32).sum();
        let _ = writeln!(
            out,
            "{name} ({}): {} piece{}{}",
            player_glyphs(state, p),
            state.pieces(p),
            if state.pieces(p) == 1 { "" } else { "s" },
            match game.start.stock.is_empty() {
                true => String::new(),
                false => format!(", {in_hand} in hand"),
            }
        );
    }
    for line in [stacks_line(state), dice_line(state)].into_iter().flatten() {
        let _ = writeln!(out, "{line}");
    }
    match state.outcome() {
        Some(o) => {
            if game.ends.score.is_some() {
                let scores: Vec<String> = Player::all(game.seats())
                    .map(|p| format!("{} {}", game.player_name(p), state.score(p)))
                    .collect();
                let _ = writeln!(out, "scores: {}", scores.join(", "));
            }
            let (outcome, why) = (
                result_words(&game, o, state.points()),
                super::end_reason(state),
            );
            let _ = writeln!(out, "game over: {outcome} ({why})");
        }
        None => {
            if let Some((m, by)) = state.last_move() {
                let by = game.player_name(by);
                let _ = writeln!(out, "last move: {} by {by}", notation::move_text(state, m));
            }
            let mut moves = rulebook_engine::MoveList::new();
            state.legal_moves(&mut moves);
            let _ = writeln!(out, "to move: {}", game.player_name(state.to_move()));
            // Long lists (a tile game's opening has thousands) show their first moves only.
            const SHOWN: usize = 1000;
            let mut texts: Vec<String> = moves
                .iter()
                .take(SHOWN)
                .map(|m| notation::move_text(state, *m))
                .collect();
            if moves.len() > SHOWN {
                texts.push(format!("... and {} more", moves.len() - SHOWN));
            }
            let _ = writeln!(out, "legal moves ({}): {}", moves.len(), texts.join(" "));
        }
    }
    out
}

/// An outcome as data, in the words of the rule language's results: `black wins`, `draw`
/// (`solver loses` in a game of one player): the result of a game record, a scenario's
/// `outcome`, a behaviour snapshot's. What a person reads at the end of a game is
/// [`outcome_words`].
pub fn outcome_text(game: &Game, o: Outcome) -> String {
    match o {
        // In a game of one player, the second seat's win is the player's loss.
        Outcome::Win(p) if game.solo() && p != Player::FIRST => {
            format!("{} loses", game.player_name(Player::FIRST))
        }
        Outcome::Win(p) => format!("{} wins", game.player_name(p)),
        Outcome::Draw => "draw".into(),
    }
}

/// An outcome in words for a person, whatever the players are called (no verb agrees
/// with a name: `tigers won`, `white won`, `draw`, in a game of one player `solver lost`):
/// the game-over line.
pub fn outcome_words(game: &Game, o: Outcome) -> String {
    match o {
        Outcome::Win(p) if game.solo() && p != Player::FIRST => {
            format!("{} lost", game.player_name(Player::FIRST))
        }
        Outcome::Win(p) => format!("{} won", game.player_name(p)),
        Outcome::Draw => "draw".into(),
    }
}

/// [`outcome_text`] with what a win is worth when more than 1 point (`points`, as
/// [`State::points`] gives it), as an end rule's result says it (`white wins 2`): a
/// record's result, a scenario's and a snapshot's outcome.
pub fn result_text(game: &Game, o: Outcome, points: u32) -> String {
    match (o, points) {
        (Outcome::Win(_), n) if n > 1 => format!("{} {n}", outcome_text(game, o)),
        _ => outcome_text(game, o),
    }
}

/// [`outcome_words`] with what a win is worth when more than 1 point (`white won 2
/// points`): the game-over line.
pub fn result_words(game: &Game, o: Outcome, points: u32) -> String {
    match (o, points) {
        (Outcome::Win(_), n) if n > 1 => format!("{} {n} points", outcome_words(game, o)),
        _ => outcome_words(game, o),
    }
}

/// Reads a board drawn as in [`board_text`] (top rank first; rank numbers and file-letter
/// lines may be left out) into cells by site.
pub fn parse_diagram(game: &Game, text: &str) -> Result<Vec<Cell>, String> {
    let b = &game.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let codes: Vec<(char, Cell)> = (game.piece_cells()).map(|c| (glyph(game, c), c)).collect();
    let mut rows = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line
            .split_whitespace()
            .filter(|t| !t.chars().all(|c| c.is_ascii_digit()))
            .collect();
        if tokens.is_empty() {
            continue;
        }
        let is_file_header = tokens
            .iter()
            .enumerate()
            .all(|(i, t)| *t == ((b'a' + i as u8) as char).to_string());
        if is_file_header && tokens.len() == w {
            continue;
        }
        rows.push(tokens);
    }
    if rows.len() != h {
        return Err(format!(
            "the diagram has {} ranks; the board has {h}",
            rows.len()
        ));
    }
    let mut cells = vec![EMPTY; w * h];
    for (i, row) in rows.iter().enumerate() {
        let rank = h - 1 - i;
        if row.len() != w {
            return Err(format!(
                "rank {} has {} points; the board has {w} files",
                rank + 1,
                row.len()
            ));
        }
        for (f, t) in row.iter().enumerate() {
            let c = t.chars().next().unwrap_or('.');
            cells[rank * w + f] = if c == '.' {
                EMPTY
            } else {
                codes
                    .iter()
                    .find(|(g, _)| *g == c)
                    .map(|(_, code)| *code)
                    .ok_or_else(|| format!("`{t}` is not a piece of this game"))?
            };
        }
    }
    Ok(cells)
}

/// A board given as a graph: each site as its name and what stands on it (`n B`), laid out
/// in rows and columns by the places the rule file gives (the sites of one height on one
/// line, west to east), or eight to a line in order where it gives none. `paint` dresses
/// a site's text (colours, marks) and keeps its width.
pub(super) fn graph_text(state: &State, paint: &dyn Fn(Site, String) -> String) -> String {
    let b = &state.game().board;
    let text = |s: Site| format!("{} {}", b.site_names[s.index()], point_glyph(state, s));
    let width = Site::all(b.sites())
        .map(|s| text(s).chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let places = b.places();
    let rows: Vec<Vec<Option<Site>>> = if places.len() == b.sites() {
        let mut xs: Vec<i32> = places.iter().map(|p| p.0).collect();
        let mut ys: Vec<i32> = places.iter().map(|p| p.1).collect();
        xs.sort_unstable();
        xs.dedup();
        ys.sort_unstable_by(|a, b| b.cmp(a));
        ys.dedup();
        (ys.iter())
            .map(|&y| {
                let at = |x: i32| places.iter().position(|&p| p == (x, y)).map(Site::at);
                xs.iter().map(|&x| at(x)).collect()
            })
            .collect()
    } else {
        let sites: Vec<Option<Site>> = Site::all(b.sites()).map(Some).collect();
        sites.chunks(8).map(<[Option<Site>]>::to_vec).collect()
    };
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for site in row {
            let shown = site.map_or(String::new(), text);
            let pad = " ".repeat(width - shown.chars().count());
            line.push_str(&match site {
                Some(s) => paint(s, shown),
                None => shown,
            });
            line.push_str(&pad);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}
