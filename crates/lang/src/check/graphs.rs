//! A board given as a graph: `board graph SITE [at X,Y], ... with links A-B-..., ...`, its
//! sites, its links and the names of their directions, checked.

use super::{BoardDecl, Checker, GraphDecl};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{self, Name};
use rulebook_model::board::{GRID_DIRECTIONS, MAX_GRAPH_DIRECTIONS};

/// The most sites of a ring (`board graph ring N`): with its centre, the centre's links
/// and a pair of named directions fill a site's [`MAX_GRAPH_DIRECTIONS`] places.
pub const MAX_RING: i64 = MAX_GRAPH_DIRECTIONS as i64 - 2;

/// The most sites of a ring refused for its size whose names are still known to the rules
/// (so that a ring of 31 is one error, not one a site named).
const MAX_NAMED_RING: i64 = 1000;

/// The name of the sites of a ring, before their numbers (`ring1`): two letters or more, so
/// that no site's name reads as a grid's point.
const RING_SITE: &str = "ring";

/// The name of a ring's centre.
const CENTRE_SITE: &str = "centre";

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
        let mut directions = directions.filter(|_| named_once)?;
        let joined = self.graph_links(&names, links, &directions)?;
        let room = self.graph_room(&names, &joined, &directions)?;
        // `all` follows the links in the room a site has beyond the grid's eight too.
        directions.resize(room, String::new());
        self.board.graph = Some((names.clone(), directions.clone()));
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

    /// The room each site has for its links: eight directions, a grid's, or where a site
    /// has more links without a name than the eight leave free, the next power of two that
    /// holds them, up to [`MAX_GRAPH_DIRECTIONS`]; `None` (and an error) where a site has
    /// two links one named way, or more than that most.
    fn graph_room(
        &mut self,
        names: &[String],
        joined: &[(u16, u16, Option<u8>, Span)],
        directions: &[String],
    ) -> Option<usize> {
        let named = directions.iter().filter(|n| !n.is_empty()).count();
        let most_unnamed = (0..names.len() as u16)
            .map(|s| {
                (joined.iter())
                    .filter(|l| l.2.is_none() && (l.0 == s || l.1 == s))
                    .count()
            })
            .max()
            .unwrap_or(0);
        let room = (named + most_unnamed)
            .max(GRID_DIRECTIONS.len())
            .next_power_of_two()
            .min(MAX_GRAPH_DIRECTIONS);
        let free = room - named;
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
                        "a site has one link a named direction, and {} links without a name at most",
                        MAX_GRAPH_DIRECTIONS - named
                    ))
                    .with_help("name fewer pairs of directions, or give a site fewer links"),
                );
            }
        }
        ok.then_some(room)
    }

    /// `graph ring N [with centre]`: the graph of `N` sites round a ring (`ring1` at the
    /// top, then clockwise), each joined to the next `clockwise` (and back
    /// `anticlockwise`), with perhaps a centre (`centre`) joined to each by a link without
    /// a name; placed round a circle for the pictures. `N` is from 3 to [`MAX_RING`].
    pub(super) fn graph_ring(&mut self, n: i64, span: Span, centre: bool) -> Option<BoardDecl> {
        let name = |text: String| Name { text, span };
        let ring_names = (1..=n.clamp(0, MAX_NAMED_RING)).map(|k| format!("{RING_SITE}{k}"));
        let mut known: Vec<String> = centre
            .then(|| CENTRE_SITE.to_string())
            .into_iter()
            .collect();
        known.extend(ring_names);
        let mut ways = vec![String::new(); GRID_DIRECTIONS.len()];
        (ways[0], ways[2]) = ("clockwise".into(), "anticlockwise".into());
        // The sites and directions are known to the rules even where the ring is refused.
        self.board.graph = Some((known, ways));
        if !(3..=MAX_RING).contains(&n) {
            self.error(
                Diagnostic::error(
                    Code::E0356,
                    format!("a ring has from 3 to {MAX_RING} sites, not {n}"),
                    span,
                )
                .with_help("give the ring more sites, or fewer"),
            );
            return None;
        }
        let radius = (n as f64 / 2.0).ceil().max(2.0);
        let mut sites: Vec<ast::GraphSite> = (1..=n)
            .map(|k| {
                let a = std::f64::consts::TAU * (k - 1) as f64 / n as f64;
                let at = (radius * (1.0 + a.sin()), radius * (1.0 + a.cos()));
                let at = (at.0.round() as i64, at.1.round() as i64);
                let name = name(format!("{RING_SITE}{k}"));
                ast::GraphSite { name, at: Some(at) }
            })
            .collect();
        let mut run: Vec<Name> = sites.iter().map(|s| s.name.clone()).collect();
        run.push(run[0].clone());
        let ways = (name("clockwise".into()), name("anticlockwise".into()));
        let mut links = vec![ast::GraphLink {
            sites: run,
            directions: Some(ways),
        }];
        if centre {
            let hub = name(CENTRE_SITE.to_string());
            for site in &sites {
                links.push(ast::GraphLink {
                    sites: vec![hub.clone(), site.name.clone()],
                    directions: None,
                });
            }
            let middle = radius as i64;
            sites.insert(
                0,
                ast::GraphSite {
                    name: hub,
                    at: Some((middle, middle)),
                },
            );
        }
        self.graph_board(&sites, &links)
    }

    fn graph_error(&mut self, message: &str, span: Span, help: &str) {
        self.error(Diagnostic::error(Code::E0338, message, span).with_help(help));
    }
}
