//! A board given as a graph: `board graph SITE [at X,Y], ... with links A-B-..., ...`, its
//! sites, its links and the names of their directions, checked.

use super::{BoardDecl, Checker, GraphDecl};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{self, Name};
use rulebook_model::board::GRID_DIRECTIONS;

/// The codes of the pairs of named directions, in the order they are first named: each
/// direction's way back two codes on, as on a grid (north and south, east and west, ...).
const PAIRS: [(u8, u8); 4] = [(0, 2), (1, 3), (4, 6), (5, 7)];

impl Checker {
    /// `graph SITE [at X,Y], ... with links ...`: the sites, each named once, all placed
    /// or none; the links between sites of the graph; their directions; and the room each
    /// site has for its links.
    pub(super) fn graph_board(
        &mut self,
        sites: &[ast::GraphSite],
        links: &[ast::GraphLink],
    ) -> Option<BoardDecl> {
        let (names, named_once) = self.graph_sites(sites);
        let directions = self.graph_directions(links);
        // The sites and directions are known to the rules whatever else is wrong.
        let known = directions
            .clone()
            .unwrap_or_else(|| vec![String::new(); GRID_DIRECTIONS.len()]);
        self.board.graph = Some((names.clone(), known));
        let directions = directions.filter(|_| named_once)?;
        let joined = self.graph_links(&names, links, &directions)?;
        self.graph_room(&names, &joined, &directions)?;
        let placed = sites.iter().filter_map(|s| s.at);
        let places = placed.map(|(x, y)| (x as i32, y as i32)).collect();
        Some(BoardDecl::Graph(GraphDecl {
            names,
            places,
            links: joined.iter().map(|&(a, b, d, _)| (a, b, d)).collect(),
            directions,
        }))
    }

    /// The sites' names in order, and whether none is named twice and places are given
    /// for all of them or none.
    fn graph_sites(&mut self, sites: &[ast::GraphSite]) -> (Vec<String>, bool) {
        let mut names: Vec<String> = Vec::with_capacity(sites.len());
        let mut ok = true;
        for (i, site) in sites.iter().enumerate() {
            if let Some(first) = names.iter().position(|n| *n == site.name.text) {
                let text = format!("the site `{}` is named twice", site.name.text);
                self.error(
                    Diagnostic::error(Code::E0346, text, site.name.span)
                        .with_note_at(sites[first].name.span, "first named here")
                        .with_help("give each site of the graph a name of its own"),
                );
                ok = false;
            }
            let unplaced = sites.iter().find(|s| s.at.is_none() != site.at.is_none());
            if let (Some(other), 0) = (unplaced, i) {
                self.graph_error(
                    "a graph's runs of links join two sites or more, and its sites are placed all or none",
                    other.name.span,
                    "give every site a place (`k1 at 2,4`), or none",
                );
                ok = false;
            }
            names.push(site.name.text.clone());
        }
        (names, ok)
    }

    /// The names of the directions by code: each pair (`as clockwise and anticlockwise`)
    /// the codes of [`PAIRS`] in the order first named; a name is never its own way back,
    /// has one way back, is no word of the grid's directions, and four pairs at most.
    fn graph_directions(&mut self, links: &[ast::GraphLink]) -> Option<Vec<String>> {
        let mut names = vec![String::new(); GRID_DIRECTIONS.len()];
        let mut pairs = 0;
        let mut ok = true;
        for (along, back) in links.iter().filter_map(|l| l.directions.as_ref()) {
            let code = |t: &str| names.iter().position(|n| n == t);
            let known = (code(&along.text), code(&back.text));
            let fine = match known {
                (Some(a), Some(b)) => a as u8 ^ 2 == b as u8,
                (None, None) => along.text != back.text && along.text != "all",
                _ => false,
            } && back.text != "all";
            if !fine {
                ok = false;
                self.direction_pair_error(along, back);
            } else if known.0.is_none() {
                if pairs == PAIRS.len() {
                    ok = false;
                    self.direction_pair_error(along, back);
                    continue;
                }
                let (a, b) = PAIRS[pairs];
                names[a as usize] = along.text.clone();
                names[b as usize] = back.text.clone();
                pairs += 1;
            }
        }
        ok.then_some(names)
    }

    fn direction_pair_error(&mut self, along: &Name, back: &Name) {
        let span = Span {
            end: back.span.end,
            ..along.span
        };
        self.error(
            Diagnostic::error(
                Code::E0337,
                format!(
                    "the directions `{}` and `{}` cannot be a pair: a direction has one way back, \
                     not itself, `all` names every link, and a graph has four pairs at most",
                    along.text, back.text
                ),
                span,
            )
            .with_help(
                "name each pair the same way wherever it is used: `as clockwise and anticlockwise`",
            ),
        );
    }

    /// The links of each run, as two sites, the direction from the first to the second
    /// and where it was written: between sites of the graph, two or more a run, never a
    /// site to itself or two sites joined before.
    #[allow(clippy::type_complexity)]
    fn graph_links(
        &mut self,
        names: &[String],
        links: &[ast::GraphLink],
        directions: &[String],
    ) -> Option<Vec<(u16, u16, Option<u8>, Span)>> {
        let mut joined: Vec<(u16, u16, Option<u8>, Span)> = Vec::new();
        let mut ok = true;
        for link in links {
            if link.sites.len() < 2 {
                self.graph_error(
                    "a graph's runs of links join two sites or more, and its sites are placed all or none",
                    link.sites[0].span,
                    "join the sites by dashes: `k1-k2-k3`",
                );
                ok = false;
                continue;
            }
            let dir = link.directions.as_ref().and_then(|(along, _)| {
                let code = directions.iter().position(|n| *n == along.text);
                code.map(|c| c as u8)
            });
            let mut sites = Vec::with_capacity(link.sites.len());
            for name in &link.sites {
                match names.iter().position(|n| *n == name.text) {
                    Some(i) => sites.push((i as u16, name.span)),
                    None => {
                        ok = false;
                        let text = format!("`{}` is not a site of this graph", name.text);
                        let d = Diagnostic::error(Code::E0347, text, name.span)
                            .with_label("not a site named in `board graph`")
                            .with_suggestion(&name.text, names.iter().map(String::as_str));
                        self.error(d);
                    }
                }
            }
            for pair in sites.windows(2) {
                let ((a, sa), (b, sb)) = (pair[0], pair[1]);
                let span = Span { end: sb.end, ..sa };
                let again = joined
                    .iter()
                    .any(|l| (l.0, l.1) == (a, b) || (l.0, l.1) == (b, a));
                if a == b || again {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            Code::E0348,
                            "a link joins a site to itself, or two sites joined before",
                            span,
                        )
                        .with_help("join each two sites once, and a site only to others"),
                    );
                    continue;
                }
                joined.push((a, b, dir, span));
            }
        }
        ok.then_some(joined)
    }

    /// That each site has room for its links: one a direction at most, and the links
    /// without a name no more than the codes no name is given.
    fn graph_room(
        &mut self,
        names: &[String],
        joined: &[(u16, u16, Option<u8>, Span)],
        directions: &[String],
    ) -> Option<()> {
        let free = directions.iter().filter(|n| n.is_empty()).count();
        let mut ok = true;
        for (site, name) in names.iter().enumerate() {
            let site = site as u16;
            let mut used = [false; 8];
            let mut unnamed = 0;
            let mut crowded = None;
            for &(a, _, dir, span) in joined.iter().filter(|l| l.0 == site || l.1 == site) {
                let Some(d) = dir else {
                    unnamed += 1;
                    crowded = crowded.or((unnamed > free).then_some(span));
                    continue;
                };
                let d = if a == site { d } else { d ^ 2 } as usize;
                crowded = crowded.or(used[d].then_some(span));
                used[d] = true;
            }
            if let Some(span) = crowded {
                ok = false;
                self.error(
                    Diagnostic::error(
                        Code::E0349,
                        format!("the site `{name}` has more links than it has room for, or two the same way"),
                        span,
                    )
                    .with_note(format!(
                        "a site has one link a named direction, and {free} links without a name at most"
                    ))
                    .with_help("name fewer pairs of directions, or give a site fewer links"),
                );
            }
        }
        ok.then_some(())
    }

    fn graph_error(&mut self, message: &str, span: Span, help: &str) {
        self.error(Diagnostic::error(Code::E0338, message, span).with_help(help));
    }
}
