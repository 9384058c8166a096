//! The position as a player sees it between moves: the board with the last move marked,
//! material (pieces, stores, or tiles and scores), whose turn it is or how the game ended;
//! coloured on demand.

use std::fmt::Write as _;

use super::ending::ending_text;
use super::text::{
    border_drawn, border_line, drawn_across, file_letters, graph_text, hex_text, joined_rightwards,
    mancala_turned, player_glyphs, point_glyph,
};
use rulebook_engine::{MoveReport, State};
use rulebook_model::{
    Drawing, Game, Layout, MoveKind, Player, RuleSource, SecondPart, Site, SiteTest, Step, EMPTY,
    NO_SITE,
};
use rulebook_notation as notation;

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const UNDERLINE: &str = "\x1b[4m";
const REVERSE: &str = "\x1b[7m";
/// The background of the sites the last move's rules changed (its captures).
const CHANGED: &str = "\x1b[43m";
/// A colour per player, repeated when there are more players.
const PLAYER_COLORS: [&str; 4] = ["\x1b[36m", "\x1b[35m", "\x1b[33m", "\x1b[32m"];

/// The board, material, the last move and whose turn it is (or the outcome). On a grid the
/// last move's destination is bracketed (`[B]`), on a mancala board the pit sown from is
/// `< n>`; with `color` pieces and names are coloured by player, the mark is in reverse
/// video and a grid move's origin underlined.
pub fn play_view(state: &State, color: bool) -> String {
    play_view_with(state, color, false, &[])
}

/// [`play_view`], with the board `turned` round (the view from the other side of the
/// table: a grid's ranks and files reversed, a mancala board's rows and stores exchanged,
/// a hex board's ranks and files reversed and its tiles half a turn round) and the sites the last move's rules changed (what it
/// took) marked: on a grid `*` before the piece where the brackets leave room, on a
/// mancala board the pit as `( n)`; with `color` on a yellow background.
pub fn play_view_with(state: &State, color: bool, turned: bool, changed: &[Site]) -> String {
    let game = std::sync::Arc::clone(state.game());
    let mut out = match game.board.layout {
        Layout::Grid(_) if game.board.drawing() == Drawing::Graph => {
            graph_text(state, &|s, text| {
                graph_site_view(state, color, changed, s, text)
            })
        }
        Layout::Grid(_) => grid_text(state, color, turned, changed),
        Layout::Mancala(_) => mancala_text(state, color, turned, changed),
        Layout::Hex(_) => hex_text(state, color, turned),
    };
    let paint = |p: Player, s: String| {
        if color {
            format!("{}{s}{RESET}", player_style(&game, p))
        } else {
            s
        }
    };
    let mut material = Vec::with_capacity(game.about.players.len());
    for (p, name) in game.players_named() {
        let (name, n) = (paint(p, name.to_string()), state.pieces(p));
        let plural = if n == 1 { "" } else { "s" };
        material.push(if game.board.pits() > 0 {
            format!("{name} store {}", state.count(game.board.store(p)))
        } else if game.tiles.is_some() {
            format!("{name} score {} ({n} tile{plural} placed)", state.score(p))
        } else {
            let g = player_glyphs(state, p);
            match state
                .pieces_in_hand(p)
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>()
            {
                0 => format!("{name} ({g}) {n} piece{plural}"),
                held => format!("{name} ({g}) {n} piece{plural} ({held} in hand)"),
            }
        });
    }
    let _ = writeln!(out, "{}", material.join(", "));
    let lines = [
        super::text::stacks_line(state),
        super::text::dice_line(state),
    ];
    for line in lines.into_iter().flatten() {
        let _ = writeln!(out, "{line}");
    }
    // (A board of tiles says it under its drawing.)
    if state.swapped() && game.tiles.is_none() {
        let _ = writeln!(out, "the players have swapped sides");
    }
    if let Some((m, by)) = state.last_move() {
        let _ = writeln!(
            out,
            "last move: {} by {}",
            notation::move_text(state, m),
            paint(by, game.player_name(by).to_string())
        );
    }
    match state.outcome() {
        Some(o) => {
            let _ = writeln!(out, "game over: {}", ending_text(state, o));
        }
        None => {
            let p = state.to_move();
            let _ = writeln!(
                out,
                "to move: {}",
                paint(p, game.player_name(p).to_string())
            );
        }
    }
    out
}

/// The style (bold and a colour) of player `p`'s pieces and name: the colour the player
/// is named after (`blue`, `yellow`, ...) if there is one, else one of [`PLAYER_COLORS`].
pub(super) fn player_style(game: &rulebook_model::Game, p: Player) -> String {
    const NAMED: [(&str, &str); 6] = [
        ("red", "\x1b[31m"),
        ("green", "\x1b[32m"),
        ("yellow", "\x1b[33m"),
        ("blue", "\x1b[34m"),
        ("magenta", "\x1b[35m"),
        ("cyan", "\x1b[36m"),
    ];
    let name = game.player_name(p).to_ascii_lowercase();
    let colour = NAMED
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(PLAYER_COLORS[p.index() % PLAYER_COLORS.len()], |(_, c)| c);
    format!("{BOLD}{colour}")
}

/// Whether a drawn line joins two sites next to each other along a rank.
fn joined_between(game: &rulebook_model::Game, a: Site, b: Site) -> bool {
    joined_rightwards(game, a.min(b))
}

/// A grid as in [`board_text`](super::text::board_text) (or turned round), with the last move marked and optional
/// colours, and the lines of a board drawn `with lines` drawn between
/// its points with `-` and `|`, as are lines drawn on the sides of its cells (on the border
/// too: turned round, the view's top is rank 1's south side and its left the east).
fn grid_text(state: &State, color: bool, turned: bool, changed: &[Site]) -> String {
    let game = state.game();
    let b = &game.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let (from, to) = state
        .last_move()
        .map_or((NO_SITE, NO_SITE), |(m, _)| (m.from(), m.lands_at(game)));
    let label_width = h.to_string().len();
    let mut files = file_letters(w);
    // Turned round, the files run right to left and the ranks bottom to top.
    let file_at = |i: usize| if turned { w - 1 - i } else { i };
    if turned {
        files = files.split(' ').rev().collect::<Vec<_>>().join(" ");
    }
    let ranks: Vec<usize> = if turned {
        (0..h).collect()
    } else {
        (0..h).rev().collect()
    };
    // A grid of hexagons is sheared: each rank half a cell (a column) east of the one below.
    let shift = |r: usize| match (b.drawing() == Drawing::Hexagons, turned) {
        (false, _) => 0,
        (true, false) => r,
        (true, true) => h - 1 - r,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:label_width$}  {:2$}{files}",
        "",
        "",
        shift(ranks[0])
    );
    let drawn = state.drawn_sides();
    let (top, bottom, left, right) = if turned { (0, 2, 3, 1) } else { (2, 0, 1, 3) };
    let border = |out: &mut String, r: usize, side: usize| {
        if !drawn.is_empty() {
            let line = border_line(state, &drawn, r, side, &file_at);
            let _ = writeln!(out, "{:label_width$}  {line}", "");
        }
    };
    border(&mut out, ranks[0], top);
    for &r in &ranks {
        let _ = write!(out, "{:>label_width$} {:2$}", r + 1, "", shift(r));
        let marked = (0..w).find(|&i| Site::at(r * w + file_at(i)) == to && to != NO_SITE);
        for i in 0..w {
            let site = Site::at(r * w + file_at(i));
            let sep = match marked {
                Some(m) if m == i => '[',
                Some(m) if m + 1 == i => ']',
                _ if changed.contains(&site) => '*',
                _ if i == 0 && border_drawn(state, &drawn, site, left) => '|',
                _ if i > 0 && joined_between(game, site, Site::at(r * w + file_at(i - 1))) => '-',
                // A wall between this point and the last drawn: `|`.
                _ if i > 0 && state.wall_cuts(site, if turned { 1 } else { 3 }) => '|',
                _ => ' ',
            };
            out.push(sep);
            let g = match b.is_removed(site) {
                true => drawn_across(game, site),
                false => point_glyph(state, site),
            };
            match color {
                true => out.push_str(&styled(state, site, g, (from, to, changed))),
                false => out.push(g),
            }
        }
        let east = border_drawn(state, &drawn, Site::at(r * w + file_at(w - 1)), right);
        let end = [[' ', '|'], [']', ']']][(marked == Some(w - 1)) as usize][east as usize];
        let _ = writeln!(out, "{end} {}", r + 1);
        if let Some(line) = groove_view(state, r, turned) {
            let line = format!("{:label_width$} {line}", "");
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    border(&mut out, ranks[h - 1], bottom);
    let last = shift(ranks[h - 1]);
    let _ = writeln!(out, "{:label_width$}  {:last$}{files}", "", "");
    out
}

/// A site of a graph board as the view shows it: its text (`n B`) as it is, or with
/// `color` its piece's letter styled as on a grid ([`styled`]).
fn graph_site_view(
    state: &State,
    color: bool,
    changed: &[Site],
    site: Site,
    text: String,
) -> String {
    if !color {
        return text;
    }
    let game = state.game();
    let (from, to) = state
        .last_move()
        .map_or((NO_SITE, NO_SITE), |(m, _)| (m.from(), m.lands_at(game)));
    let name = &game.board.site_names[site.index()];
    let g = point_glyph(state, site);
    format!("{name} {}", styled(state, site, g, (from, to, changed)))
}

/// The glyph `g` of `site` in colour: its owner's (dimmed where empty), in reverse video on
/// the last move's landing, underlined where it left, marked where the move changed it.
fn styled(
    state: &State,
    site: Site,
    g: char,
    (from, to, changed): (Site, Site, &[Site]),
) -> String {
    let game = state.game();
    let cell = state.cell(site);
    let mut style = String::new();
    if cell == EMPTY {
        style.push_str(DIM);
    } else {
        style.push_str(&player_style(game, game.tables.owner[cell.index()]));
    }
    if site == to {
        style.push_str(REVERSE);
    } else if site == from {
        style.push_str(UNDERLINE);
    } else if changed.contains(&site) {
        style.push_str(CHANGED);
    }
    format!("{style}{g}{RESET}")
}

/// In a game with walls standing or lines drawn on sides, the groove drawn below rank `r`
/// (above it, turned round): `-` under a point whose link that way a wall or line cuts, and between two points the middle of
/// a wall across that slot (`-` along the ranks, `|` across them); `None` at the last rank
/// drawn or without walls.
fn groove_view(state: &State, r: usize, turned: bool) -> Option<String> {
    let b = &state.game().board;
    let (w, h) = (b.width as usize, b.height as usize);
    let walls = state.standing_walls();
    let low = match turned {
        true if r + 1 < h => r,
        false if r > 0 => r - 1,
        _ => return None,
    };
    if walls.is_empty() && state.drawn_sides().is_empty() {
        return None;
    }
    let file_at = |i: usize| if turned { w - 1 - i } else { i };
    let mut line = String::new();
    for i in 0..w {
        if i > 0 {
            let wall = 2 * (low * (w - 1) + file_at(i).min(file_at(i - 1)));
            line.push(match (walls.contains(&wall), walls.contains(&(wall + 1))) {
                (true, _) => '-',
                (_, true) => '|',
                _ => ' ',
            });
        } else {
            line.push(' ');
        }
        let cut = state.wall_cuts(Site::at(low * w + file_at(i)), 0);
        line.push(if cut { '-' } else { ' ' });
    }
    Some(line.trim_end().to_string())
}

/// A mancala board as in [`board_text`](super::text::board_text) (or turned round), with the pit of the last move
/// (where its sowing began) shown as `<n>` instead of `[n]`, or in reverse video with
/// `color`, and the pits in `changed` as `(n)` (or on a yellow background).
fn mancala_text(state: &State, color: bool, turned: bool, changed: &[Site]) -> String {
    let text = mancala_turned(state, turned);
    let Some((m, _)) = state.last_move() else {
        return text;
    };
    let b = &state.game().board;
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Changed pits first, so that the pit sown from keeps its own mark.
    for &site in changed.iter().filter(|&&s| s != m.pit()) {
        let (open, close) = match color {
            true => (format!("{CHANGED}["), format!("]{RESET}")),
            false => ("(".to_string(), ")".to_string()),
        };
        mark_pit(&mut lines, b, site, (&open, &close), turned);
    }
    let marks = match color {
        true => (format!("{REVERSE}["), format!("]{RESET}")),
        false => ("<".to_string(), ">".to_string()),
    };
    mark_pit(&mut lines, b, m.pit(), (&marks.0, &marks.1), turned);
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Puts a pit of the mancala board drawn in `lines` (as [`board_text`](super::text::board_text) draws it) between
/// `open` and `close` instead of its brackets (the board `turned` round or not). Stores
/// are left as they are.
fn mark_pit(
    lines: &mut [String],
    b: &rulebook_model::Board,
    site: Site,
    marks: (&str, &str),
    turned: bool,
) {
    let (owner, k, n) = (b.row_owner(site), b.pit_number(site), b.pits());
    if k == 0 {
        return;
    }
    // The second player's pits are on the third line (pit n first), the first player's
    // on the fifth (pit 1 first); the other way round when turned.
    let (line, index) = match (owner, turned) {
        (Player::SECOND, false) | (Player::FIRST, true) => (2, (n - k) as usize),
        _ => (4, (k - 1) as usize),
    };
    let Some(row) = lines.get_mut(line) else {
        return;
    };
    // Pits are found by their digits' runs, whatever marks they already wear.
    let mut pits = Vec::new();
    let mut i = 0;
    let bytes = row.as_bytes();
    while i < bytes.len() {
        if bytes[i] == 0x1b {
            // An escape sequence (`ESC [ 43 m`): not a pit.
            i += row[i..].find('m').unwrap_or(0) + 1;
            continue;
        }
        if matches!(bytes[i], b'[' | b'<' | b'(') {
            if let Some(len) = row[i..].find([']', '>', ')']) {
                pits.push((i, len));
                i += len;
            }
        }
        i += 1;
    }
    if let Some(&(open, len)) = pits.get(index) {
        let inner = row[open + 1..open + len].to_string();
        row.replace_range(open..=open + len, &format!("{}{inner}{}", marks.0, marks.1));
    }
}

/// The words for what a move took by its own rule: `jump`, or for steps that capture
/// `approach`, `withdrawal`, or `approach and withdrawal` when its steps took both ways.
fn own_capture(game: &rulebook_model::Game, m: rulebook_engine::Move) -> String {
    let (mut approach, mut withdrawal) = (false, false);
    for step in m.steps(game) {
        approach |= !step.withdrawal;
        withdrawal |= step.withdrawal;
    }
    match (approach, withdrawal) {
        (true, true) => "approach and withdrawal",
        (true, false) => "approach",
        (false, true) => "withdrawal",
        (false, false) => "jump",
    }
    .to_string()
}

/// The line that lets move rule `rule`'s second part remove a piece (`if line N`): the
/// routine's, or the length its part walk's first test asks of the landing; 0 for none.
fn removal_line(game: &Game, rule: u8) -> u8 {
    match game.moves[rule as usize].filter.then {
        Some(SecondPart::Remove(removal)) => removal.if_line,
        Some(SecondPart::Take { walk }) => match game.tables.parts[walk as usize].steps[..] {
            [Step::Test(SiteTest::InLine(n)), ..] => n,
            _ => 0,
        },
        _ => 0,
    }
}

/// What a move's rules did, in words, by the names the rule file gives them (a rule's
/// `called` label, else its text): `takes 15 (corner)`, `takes 4 (12 corner, 3 custodian)`,
/// `takes 1 (replacement)` for a piece landed on (`sends 1 back to hand` in a race),
/// `marks c3 (castle)`, `promotes (crown)`, `moves again (store)`; empty for a move that
/// did none of these. `state` is the position after the move.
pub fn move_effects(state: &State, report: &MoveReport) -> String {
    let game = state.game();
    let name = |source: &RuleSource| super::terminal_safe(source.name()).into_owned();
    let mut takes: Vec<(u32, String)> = Vec::new();
    if report.jumped > 0 {
        takes.push((report.jumped, own_capture(game, report.mv)));
    }
    // A race's piece landed on goes back to its owner's hand, told apart from a take.
    let sent_back = match game.moves[report.mv.rule() as usize].kind {
        MoveKind::Track(_) => report.replaced,
        _ => 0,
    };
    if report.replaced > sent_back {
        takes.push((report.replaced, "replacement".to_string()));
    }
    if report.removed > 0 {
        let reason = match removal_line(game, report.mv.rule()) {
            0 => "removal".to_string(),
            n => format!("line of {n}"),
        };
        takes.push((report.removed, reason));
    }
    for c in &report.captures {
        takes.push((c.taken, name(&game.sources.effects[c.effect as usize])));
    }
    let sown = report
        .sow_rule
        .map(|s| (s, name(&game.sources.sowing[s.rule as usize])));
    if let Some((s, rule)) = &sown {
        if s.taken > 0 && !s.cancelled {
            takes.push((s.taken, rule.clone()));
        }
    }
    let mut parts = Vec::new();
    let marked: Vec<&str> = (report.changed.iter())
        .filter(|_| report.sow_rule.is_some_and(|s| s.marked > 0))
        .filter(|&&site| state.mark(site) == Some(report.mover))
        .map(|&site| game.board.site_names[site.index()].as_str())
        .collect();
    match takes.as_slice() {
        [] => {}
        // A rule that takes and marks (a castle): both under its name.
        [(n, rule)] if !marked.is_empty() && sown.as_ref().is_some_and(|(_, r)| r == rule) => {
            parts.push(format!("takes {n} and marks {} ({rule})", marked.join(" ")))
        }
        [(n, rule)] => parts.push(format!("takes {n} ({rule})")),
        all => {
            let each: Vec<String> = all.iter().map(|(n, r)| format!("{n} {r}")).collect();
            let total: u32 = all.iter().map(|(n, _)| n).sum();
            parts.push(format!("takes {total} ({})", each.join(", ")));
        }
    }
    if sent_back > 0 {
        parts.push(format!("sends {sent_back} back to hand"));
    }
    if let Some((s, rule)) = &sown {
        if s.cancelled {
            parts.push(format!("takes nothing ({rule}: its stones go back)"));
        }
        if !marked.is_empty() && (s.taken == 0 || s.cancelled) {
            parts.push(format!("marks {} ({rule})", marked.join(" ")));
        }
    }
    if let Some(e) = report.promoted {
        parts.push(format!(
            "promotes ({})",
            name(&game.sources.effects[e as usize])
        ));
    }
    if report.extra_turn {
        match &sown {
            Some((s, rule)) if s.again => parts.push(format!("moves again ({rule})")),
            _ => match state.again_rule() {
                Some(e) => parts.push(format!("moves again ({})", name(&game.sources.effects[e]))),
                None => parts.push("moves again".to_string()),
            },
        }
    }
    parts.join(", ")
}
