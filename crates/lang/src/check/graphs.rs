//! A board given as a graph: `board graph SITE [at X,Y], ... with links A-B-..., ...`, its
//! sites, its links and the names of their directions, checked.

use super::{BoardDecl, Checker, GraphDecl};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{self, Name};
use rulebook_model::board::{GRID_DIRECTIONS, MAX_GRAPH_DIRECTIONS};
use rulebook_model::RingShape;

/// The most sites of a ring (`board graph ring N`): with its centre, the centre's links
/// and a pair of named directions fill a site's [`MAX_GRAPH_DIRECTIONS`] places.
pub const MAX_RING: i64 = MAX_GRAPH_DIRECTIONS as i64 - 2;

/// The most sites of a ring refused for its size whose names are still known to the rules
/// (so that a ring of 31 is one error, not one a site named).
const MAX_NAMED_RING: i64 = 1000;

/// The most rings of `board graph rings R of N`.
pub const MAX_RINGS: i64 = 10;

/// The most sites of each ring of `board graph rings R of N`: with its centre, the centre's
/// links and two pairs of named directions fill a site's [`MAX_GRAPH_DIRECTIONS`] places.
pub const MAX_RINGS_SITES: i64 = MAX_GRAPH_DIRECTIONS as i64 - 4;

/// The most rings, and sites a ring, refused for their size whose names are still known
/// to the rules.
const MAX_NAMED_RINGS: i64 = 100;

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
            shape: None,
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
            self.shape_size_error(
                format!("a ring has from 3 to {MAX_RING} sites, not {n}"),
                span,
                "give the ring more sites, or fewer",
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
        let shape = RingShape {
            rings: 1,
            sites: n as u16,
            spokes_every: 1,
            centre,
        };
        self.shaped_graph(&sites, &links, shape)
    }

    /// The graph of `sites` and `links`, made from `shape`.
    fn shaped_graph(
        &mut self,
        sites: &[ast::GraphSite],
        links: &[ast::GraphLink],
        shape: RingShape,
    ) -> Option<BoardDecl> {
        match self.graph_board(sites, links)? {
            BoardDecl::Graph(graph) => Some(BoardDecl::Graph(GraphDecl {
                shape: Some(shape),
                ..graph
            })),
            other => Some(other),
        }
    }

    /// `graph rings R of N [spokes every K] [with centre]`: `R` rings of `N` sites each,
    /// innermost first (`ring1_1` .. `ring1_N`, then `ring2_1` ..), each as a ring of
    /// `graph ring N` (its first site at the top, on round `clockwise`), the `k`-th site
    /// of each ring joined `outward` to the `k`-th of the next ring out (and back `inward`)
    /// at every `K`-th place from the first, and perhaps a centre (`centre`, first of all)
    /// joined to the innermost ring's sites at those places by links without a name.
    /// Pictures draw each ring as a square round the centre, as a mill board's.
    pub(super) fn graph_rings(
        &mut self,
        (r, r_span): (i64, Span),
        (n, n_span): (i64, Span),
        spokes: Option<(i64, Span)>,
        centre: bool,
    ) -> Option<BoardDecl> {
        let site = |ring: i64, k: i64| format!("{RING_SITE}{ring}_{k}");
        let mut known: Vec<String> = centre
            .then(|| CENTRE_SITE.to_string())
            .into_iter()
            .collect();
        let named = |x: i64| 1..=x.clamp(0, MAX_NAMED_RINGS);
        known.extend(named(r).flat_map(|ring| named(n).map(move |k| site(ring, k))));
        let mut ways = vec![String::new(); GRID_DIRECTIONS.len()];
        (ways[0], ways[2]) = ("clockwise".into(), "anticlockwise".into());
        (ways[1], ways[3]) = ("outward".into(), "inward".into());
        // The sites and directions are known to the rules even where the rings are refused.
        self.board.graph = Some((known, ways));
        let every = spokes.map_or(1, |s| s.0);
        if !self.rings_sizes((r, r_span), (n, n_span), spokes) {
            return None;
        }
        // Two steps apart at least, so that pictures have room for the sites' names.
        let unit = 2 * ((n + 7) / 8);
        let middle = r * unit;
        let name = |text: String| Name { text, span: n_span };
        let mut sites: Vec<ast::GraphSite> = Vec::new();
        let mut links: Vec<ast::GraphLink> = Vec::new();
        let pair = |a: &str, b: &str| Some((name(a.into()), name(b.into())));
        for ring in 1..=r {
            let mut run = Vec::new();
            for k in 1..=n {
                let (x, y) = on_square(ring * unit, n, k - 1);
                let at = Some((middle + x, middle + y));
                sites.push(ast::GraphSite {
                    name: name(site(ring, k)),
                    at,
                });
                run.push(name(site(ring, k)));
            }
            run.push(run[0].clone());
            let directions = pair("clockwise", "anticlockwise");
            links.push(ast::GraphLink {
                sites: run,
                directions,
            });
        }
        for k in (1..=n).step_by(every as usize) {
            let sites = (1..=r).map(|ring| name(site(ring, k))).collect();
            let directions = pair("outward", "inward");
            links.push(ast::GraphLink { sites, directions });
            if centre {
                let sites = vec![name(CENTRE_SITE.into()), name(site(1, k))];
                links.push(ast::GraphLink {
                    sites,
                    directions: None,
                });
            }
        }
        if centre {
            let at = Some((middle, middle));
            sites.insert(
                0,
                ast::GraphSite {
                    name: name(CENTRE_SITE.into()),
                    at,
                },
            );
        }
        let shape = RingShape {
            rings: r as u16,
            sites: n as u16,
            spokes_every: every as u16,
            centre,
        };
        self.shaped_graph(&sites, &links, shape)
    }

    /// Whether the sizes of `graph rings R of N [spokes every K]` are good: `R` from 2 to
    /// [`MAX_RINGS`], `N` from 3 to [`MAX_RINGS_SITES`], `K` one that divides `N`; an
    /// error for each that is not.
    fn rings_sizes(
        &mut self,
        (r, r_span): (i64, Span),
        (n, n_span): (i64, Span),
        spokes: Option<(i64, Span)>,
    ) -> bool {
        let mut ok = true;
        if !(2..=MAX_RINGS).contains(&r) {
            ok = false;
            self.shape_size_error(
                format!("a board of rings has from 2 to {MAX_RINGS} rings, not {r}"),
                r_span,
                "give the board more rings, or fewer: a single ring is `board graph ring N`",
            );
        }
        if !(3..=MAX_RINGS_SITES).contains(&n) {
            ok = false;
            self.shape_size_error(
                format!("each of a board's rings has from 3 to {MAX_RINGS_SITES} sites, not {n}"),
                n_span,
                "give the rings more sites, or fewer",
            );
        }
        if let Some((k, span)) = spokes {
            let even = k >= 1 && n % k == 0;
            // Spokes are weighed against a ring of a size the board allows alone.
            if ok && !even {
                let divisors: Vec<String> = (1..=n)
                    .filter(|d| n % d == 0)
                    .map(|d| d.to_string())
                    .collect();
                self.shape_size_error(
                    format!("spokes every {k} do not share out a ring of {n} sites evenly"),
                    span,
                    &format!(
                        "space the spokes by a number that divides {n}: {}",
                        divisors.join(", ")
                    ),
                );
            }
            ok &= even;
        }
        ok
    }

    /// A board of a shape whose size is out of bounds (`ring 2`, `rings 1 of 8`, spokes
    /// that do not divide a ring evenly).
    fn shape_size_error(&mut self, message: String, span: Span, help: &str) {
        self.error(Diagnostic::error(Code::E0356, message, span).with_help(help));
    }

    fn graph_error(&mut self, message: &str, span: Span, help: &str) {
        self.error(Diagnostic::error(Code::E0338, message, span).with_help(help));
    }
}

/// Where the `k`-th site (from 0) of a ring of `n` is drawn, from the centre (x east, y
/// north): on the square `h` from the centre each way, evenly along its sides, the first
/// at the top middle and on round clockwise (a ring of eight: the corners and the middles
/// of the sides, as on a mill board).
fn on_square(h: i64, n: i64, k: i64) -> (i64, i64) {
    let side = h as f64;
    // How far along the square from the top middle, clockwise.
    let t = (8 * h * k) as f64 / n as f64;
    let (x, y) = if t <= side {
        (t, side)
    } else if t <= 3.0 * side {
        (side, 2.0 * side - t)
    } else if t <= 5.0 * side {
        (4.0 * side - t, -side)
    } else if t <= 7.0 * side {
        (-side, t - 6.0 * side)
    } else {
        (t - 8.0 * side, side)
    };
    (x.round() as i64, y.round() as i64)
}
