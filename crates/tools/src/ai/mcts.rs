//! Monte Carlo tree search, for the games where a position's worth shows only at the end
//! of play ([`Policy::of`] says which): the placement games of two players whose captures
//! take groups left without liberties and that end when both players pass, where an
//! evaluation of the stones as they stand knows nothing of life and eyes; and those whose
//! every move adds a piece and takes none, won by a connection, where the count of pieces
//! never says who is ahead. There random games played to the end (playouts) judge a
//! position better than a deeper search of it.
//!
//! The tree grows by UCT (the child whose mean result plus an exploration bonus is
//! highest is followed) with RAVE: a child's mean is blended with its "all moves as first"
//! mean, the results of the playouts below its parent in which its mover placed a piece on
//! the same site at any later turn, which weighs most while the child has few visits of
//! its own. A leaf is expanded (its legal moves become children) once visited
//! [`EXPAND_AFTER`] times; a child whose placement captures a group (on the single
//! liberty of a group of the other player's) starts with [`PRIOR`] won visits. Each iteration
//! plays one playout on from the leaf it reached and adds its result (1 a win, ½ a draw, 0
//! a loss, for each node's mover) to the nodes above. The move played is the root's most
//! visited child.
//!
//! The playouts ([`Policy::choose`]) answer a placement that leaves a group with one
//! liberty by playing on that liberty: capturing the group placed on, or extending a group
//! of the mover's next to it where that site has two empty neighbours at least; otherwise
//! they pick uniformly among the legal moves the policy allows: not a placement into the
//! mover's own eye (an empty site whose every neighbour along the capture's directions
//! holds the mover's piece), and not a pass, unless no other move is left. Random players
//! that fill their own eyes kill their own groups, so without it the playouts would say
//! nothing about which groups live.
//!
//! A budget's positions ([`Budget::iterations`]) count the plies played, in the tree and
//! in the playouts, one position each: on a 9x9 board one ply of a playout costs about
//! what one position of the alpha-beta search costs in the same game (measured in
//! docs/analyze.md), so a level's budget takes about the same time with either, and
//! `medium`'s 500,000 buy about 4,500 playouts a move there.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::{Budget, Judgement, Ranked, Thought};
use crate::analysis::Rng;
use rulebook_engine::{Move, MoveList, Outcome, State};
use rulebook_model::{EffectKind, EndWhen, Game, MoveKind, Player, Site, NO_SITE};

/// Visits to a leaf before its moves are added to the tree as children.
pub const EXPAND_AFTER: u32 = 8;

/// The won visits a child starts with where its move places on the single liberty of a
/// group of the other player's (capturing it): prior knowledge of the tree, so that the
/// search looks at captures first and leaves them only when their playouts say so.
pub const PRIOR: u32 = 10;

/// The weight of the exploration bonus of UCT.
const EXPLORATION: f32 = 0.25;

/// RAVE's bias constant `b`: the smaller it is, the longer the "all moves as first" mean
/// weighs (its weight is `ñ / (n + ñ + 4 b² n ñ)`, `n` the visits and `ñ` the AMAF visits).
const RAVE_BIAS: f32 = 0.1;

/// Random picks a playout tries before it lists the legal moves to find one the policy
/// allows.
const TRIES: usize = 12;

/// What a playout may play: the directions of the game's capture of groups without
/// liberties, whose neighbours along them make a site an eye and a group's liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The capture's directions, a bit per direction of the board.
    directions: rulebook_model::DirectionBits,
}

/// A playout's work space: the moves listed, the marks of a group's flood fill, and the
/// urgent sites found.
#[derive(Debug, Default)]
pub struct Space {
    moves: MoveList,
    /// Per site, the fill that last reached it.
    seen: Vec<u32>,
    /// The current fill's number.
    fill: u32,
    stack: Vec<Site>,
    urgent: Vec<Site>,
}

impl Space {
    /// An empty work space.
    pub fn new() -> Space {
        Space::default()
    }
}

impl Policy {
    /// The policy for `game` when the tree search plays it, `None` when the alpha-beta
    /// search does. Two kinds of game, told apart by the compiled rules alone, both of two
    /// players without dice or tiles whose moves are all placements (at least one rule of
    /// them) or passes:
    ///
    /// - an effect after moves captures groups without liberties, and an end rule ends the
    ///   game when both players pass: a game decided by which groups live at its end (area
    ///   or territory), which its playouts find and an evaluation of the stones as they
    ///   stand does not; the playouts keep out of the mover's eyes
    ///   ([`Policy::fills_own_eye`]) and answer ataris ([`Policy::choose`]);
    /// - placements and nothing else ([`rulebook_model::Facts::places_only`]: no second
    ///   part, no effect after moves, no stacking, the swap allowed besides), and the game's
    ///   estimate the pieces on the board: every move adds one piece of the mover's and none
    ///   ever leaves the board or changes hands, so
    ///   that estimate says nothing of who is ahead, and no end rule wins by a row of pieces
    ///   (which the alpha-beta search judges by [`rulebook_model::Rows`]): a connection
    ///   decides; the playouts are uniform.
    pub fn of(game: &Game) -> Option<Policy> {
        let places = |k: &MoveKind| matches!(k, MoveKind::PlacePiece { .. });
        let passes = |k: &MoveKind| matches!(k, MoveKind::Pass { .. });
        let kinds = || game.moves.iter().map(|r| &r.kind);
        let placing = game.seats() == 2
            && game.facts.roll_rule.is_none()
            && game.tiles.is_none()
            && kinds().any(places);
        if !placing {
            return None;
        }
        let groups = game.effects.iter().find_map(|e| match e.kind {
            EffectKind::Groups { directions, .. } => Some(directions),
            _ => None,
        });
        match groups {
            Some(directions) => (kinds().all(|k| places(k) || passes(k))
                && game.ends.rules.iter().any(|r| r.when == EndWhen::BothPass))
            .then_some(Policy { directions }),
            None => (game.facts.places_only
                && game.heuristics.rows.is_none()
                && matches!(game.heuristics.estimate, rulebook_model::Expr::Pieces(_)))
            .then_some(Policy { directions: 0 }),
        }
    }

    /// Whether the policy lets a playout play `m` in `state` while it has other moves: not
    /// a pass, and not a placement into an eye of the mover's ([`Policy::fills_own_eye`]).
    pub fn allows(self, state: &State, m: Move) -> bool {
        match state.game().moves[usize::from(m.rule())].kind {
            MoveKind::Pass { .. } => false,
            MoveKind::PlacePiece { .. } => !self.fills_own_eye(state, m.to()),
            _ => true,
        }
    }

    /// The capture's directions from `site`: the neighbours on the board.
    fn neighbours(self, state: &State, site: Site) -> impl Iterator<Item = Site> + '_ {
        let board = &state.game().board;
        (0..board.directions() as u8)
            .filter(move |d| self.directions & (1 << d) != 0)
            .map(move |d| board.step(site, d))
            .filter(|&n| n != NO_SITE)
    }

    /// Whether `site` is an eye of the player to move: empty, with at least one neighbour
    /// along the capture's directions, and each of them a piece of the mover's.
    pub fn fills_own_eye(self, state: &State, site: Site) -> bool {
        let me = Some(state.to_move());
        let mut any = false;
        for next in self.neighbours(state, site) {
            if state.owner(next) != me {
                return false;
            }
            any = true;
        }
        any && state.owner(site).is_none()
    }

    /// A playout's move in `state`, `last` the site of the last move's placement: first an
    /// urgent move where there is one (where that placement left its group, or a group of
    /// the mover's beside it, with one liberty: a legal placement there, capturing, or
    /// extending onto a site with two empty neighbours at least); else a legal move the policy
    /// allows, uniformly at random (random picks tried first, the list of legal moves
    /// searched when they fail); where the policy allows none, a pass if one is legal, else
    /// any legal move; `None` when the game is over.
    pub fn choose(
        self,
        state: &State,
        last: Option<Site>,
        space: &mut Space,
        rng: &mut Rng,
    ) -> Option<Move> {
        if let Some(m) = last.and_then(|s| self.urgent(state, s, space, rng)) {
            return Some(m);
        }
        for _ in 0..TRIES {
            let m = state.pick_legal_move(&mut space.moves, |n| rng.below(n))?;
            if self.allows(state, m) {
                return Some(m);
            }
        }
        let moves = &mut space.moves;
        state.legal_moves(moves);
        let allowed = moves.iter().filter(|&&m| self.allows(state, m)).count();
        if allowed > 0 {
            let k = rng.below(allowed);
            return moves
                .iter()
                .filter(|&&m| self.allows(state, m))
                .nth(k)
                .copied();
        }
        let game = state.game();
        let pass = moves.iter().find(|m| {
            matches!(
                game.moves[usize::from(m.rule())].kind,
                MoveKind::Pass { .. }
            )
        });
        pass.copied()
            .or_else(|| (!moves.is_empty()).then(|| moves[rng.below(moves.len())]))
    }

    /// An urgent move after a placement on `last`: where the group of that piece, or a
    /// group of the mover's beside it, has one liberty left, a legal placement there (the
    /// capture of the other's group, or the extension of the mover's own where the site has
    /// two empty neighbours at least), one of them at random; `None` where there is none.
    fn urgent(self, state: &State, last: Site, space: &mut Space, rng: &mut Rng) -> Option<Move> {
        let me = state.to_move();
        space.urgent.clear();
        state.owner(last)?;
        let mut groups = [NO_SITE; 9];
        groups[0] = last;
        for (i, n) in self.neighbours(state, last).take(8).enumerate() {
            if state.owner(n) == Some(me) {
                groups[i + 1] = n;
            }
        }
        for g in groups.into_iter().filter(|&g| g != NO_SITE) {
            let Some(liberty) = self.single_liberty(state, g, space) else {
                continue;
            };
            // The mover's own group is extended only where the site has room: two empty
            // neighbours at least (running along a ladder saves nothing).
            let roomy = || {
                let empty = self.neighbours(state, liberty);
                empty.filter(|&n| state.owner(n).is_none()).count() >= 2
            };
            let capture = state.owner(g) != Some(me);
            if !space.urgent.contains(&liberty)
                && !self.fills_own_eye(state, liberty)
                && (capture || roomy())
            {
                space.urgent.push(liberty);
            }
        }
        if space.urgent.is_empty() {
            return None;
        }
        state.legal_moves(&mut space.moves);
        let urgent = &space.urgent;
        let legal = |m: &&Move| m.to() != NO_SITE && urgent.contains(&m.to());
        let count = space.moves.iter().filter(legal).count();
        if count == 0 {
            return None;
        }
        let k = rng.below(count);
        space.moves.iter().filter(legal).nth(k).copied()
    }

    /// Gathers in `space.urgent` the single liberties of every group of the player not to
    /// move that has one left (the sites where a placement captures a group).
    fn capturing_sites(self, state: &State, space: &mut Space) {
        space.urgent.clear();
        let me = Some(state.to_move());
        for site in Site::all(state.game().board.sites()) {
            if state.owner(site).is_none() || state.owner(site) == me {
                continue;
            }
            if let Some(liberty) = self.single_liberty(state, site, space) {
                if !space.urgent.contains(&liberty) {
                    space.urgent.push(liberty);
                }
            }
        }
    }

    /// The one liberty of the group of the piece on `site` (its pieces linked along the
    /// capture's directions), or `None` where it has none or more than one.
    fn single_liberty(self, state: &State, site: Site, space: &mut Space) -> Option<Site> {
        let owner = state.owner(site)?;
        let sites = state.game().board.sites();
        if space.seen.len() != sites || space.fill == u32::MAX {
            space.seen = vec![0; sites];
            space.fill = 0;
        }
        space.fill += 1;
        let fill = space.fill;
        space.stack.clear();
        space.stack.push(site);
        space.seen[site.index()] = fill;
        let mut liberty = None;
        while let Some(s) = space.stack.pop() {
            for n in self.neighbours(state, s) {
                if space.seen[n.index()] == fill {
                    continue;
                }
                space.seen[n.index()] = fill;
                match state.owner(n) {
                    None if liberty.is_some() => return None,
                    None => liberty = Some(n),
                    Some(p) if p == owner => space.stack.push(n),
                    Some(_) => {}
                }
            }
        }
        liberty
    }
}

/// A node of the tree: a move, who made it, and the results below it (the tree search with
/// chance nodes, `chance_tree.rs`, grows the same nodes, without RAVE's).
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The move from the parent.
    pub(super) mv: Move,
    /// The player who made it.
    pub(super) mover: Player,
    /// The site it places a piece on, for RAVE (`None`: not a placement).
    pub(super) site: Option<u16>,
    /// The index of the first child; the children are `first .. first + count`.
    pub(super) first: u32,
    /// How many children (0 until expanded, and at the end of the game).
    pub(super) count: u32,
    /// Whether the children have been added.
    pub(super) expanded: bool,
    /// Playouts through this node.
    pub(super) visits: u32,
    /// The mover's results summed over them.
    pub(super) wins: f32,
    /// Playouts below the parent in which the mover placed on this site later.
    pub(super) amaf_visits: u32,
    /// The mover's results summed over those.
    pub(super) amaf_wins: f32,
}

impl Node {
    /// A node not yet visited, with no children.
    pub(super) fn new(mv: Move, mover: Player, site: Option<u16>) -> Node {
        Node {
            mv,
            mover,
            site,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
        }
    }

    /// The indices of its children in the tree.
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.count) as usize
    }

    /// The mean result of the mover here, 0 ..= 1 (½ before any visit).
    fn mean(&self) -> f32 {
        match self.visits {
            0 => 0.5,
            n => self.wins / n as f32,
        }
    }

    /// The value UCT-RAVE follows: the mean blended with the AMAF mean (the plain mean
    /// where a child has no AMAF visits), plus the exploration bonus weighing
    /// `exploration`; a child neither visited nor seen in a playout comes first.
    fn urgency(&self, log_parent: f32, exploration: f32) -> f32 {
        let (n, an) = (self.visits as f32, self.amaf_visits as f32);
        if self.visits == 0 && self.amaf_visits == 0 {
            return f32::MAX;
        }
        let beta = an / (n + an + 4.0 * RAVE_BIAS * RAVE_BIAS * n * an);
        let amaf = if self.amaf_visits > 0 {
            self.amaf_wins / an
        } else {
            0.5
        };
        let blended = (1.0 - beta) * self.mean() + beta * amaf;
        blended + exploration * (log_parent / (n + 1.0)).sqrt()
    }
}

/// What one root child's statistics came to (summed over the threads).
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    /// The root's move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u64,
    /// Its mover's results summed over them.
    pub wins: f64,
    /// The plies of its most visited line in the tree.
    pub depth: u32,
}

/// The findings of one search: the root's children, most visited first, and the positions
/// it counted.
pub(super) struct Findings {
    /// The root's children, most visited first.
    pub children: Vec<Child>,
    /// The positions counted, in the tree and in the playouts.
    pub positions: u64,
    /// Whether the search was stopped from outside.
    pub interrupted: bool,
}

/// One thread's tree search, as [`grow`] runs it: iterations until told to stop, then the
/// root's children.
pub(super) trait Grower {
    /// One iteration: down the tree, a playout, its result backed up; the positions it
    /// counted.
    fn iterate(&mut self) -> u64;

    /// The root's children with their statistics.
    fn children(&self) -> Vec<Child>;

    /// Runs iterations until `more(positions)` says no (one at least, so that the root's
    /// children are there); returns the positions counted.
    fn run(&mut self, more: impl Fn(u64) -> bool) -> u64 {
        let mut positions = 0;
        loop {
            positions += self.iterate();
            if !more(positions) {
                return positions;
            }
        }
    }
}

/// One thread's search: the tree and the buffers of its iterations.
struct Runner<'a> {
    root: &'a State,
    policy: Policy,
    rng: Rng,
    tree: Vec<Node>,
    work: State,
    space: Space,
    path: Vec<u32>,
    /// The placements of the current playout: site and mover.
    played: Vec<(u16, Player)>,
    /// Per site and player (`site * 2 + player`), whether that player placed there below
    /// the node being backed up.
    marks: Vec<bool>,
    /// The longest a playout runs, in plies.
    cap: usize,
}

impl<'a> Runner<'a> {
    fn new(root: &'a State, policy: Policy, seed: u64) -> Runner<'a> {
        let sites = root.game().board.sites();
        let mover = root.last_mover();
        // The root's move is never read: it stands for the move that led here.
        let tree = vec![Node::new(Move::pass(0), mover, None)];
        Runner {
            root,
            policy,
            rng: Rng::new(seed),
            tree,
            work: root.clone(),
            space: Space::new(),
            path: Vec::new(),
            played: Vec::new(),
            marks: vec![false; sites * 2],
            cap: 4 * sites + 100,
        }
    }

    /// Adds the legal moves of the position at `node` (in `work`) as its children, in an
    /// order shuffled by the seed (which breaks ties between equal children).
    fn expand(&mut self, node: usize) {
        self.work.legal_moves(&mut self.space.moves);
        let mover = self.work.to_move();
        let first = self.tree.len();
        let game = self.work.game();
        for &m in self.space.moves.iter() {
            let site = match game.moves[usize::from(m.rule())].kind {
                MoveKind::PlacePiece { .. } => Some(m.to().index() as u16),
                _ => None,
            };
            self.tree.push(Node::new(m, mover, site));
        }
        let count = self.tree.len() - first;
        self.policy.capturing_sites(&self.work, &mut self.space);
        for c in &mut self.tree[first..] {
            if c.site.is_some() && self.space.urgent.contains(&c.mv.to()) {
                (c.visits, c.wins) = (PRIOR, PRIOR as f32);
            }
        }
        shuffle(&mut self.tree[first..], &mut self.rng);
        let n = &mut self.tree[node];
        (n.first, n.count, n.expanded) = (first as u32, count as u32, true);
    }

    /// Plays a playout on from `work` by the policy, noting its placements; the plies.
    fn playout(&mut self) -> usize {
        self.played.clear();
        let game = std::sync::Arc::clone(self.work.game());
        let placed = |m: Move| {
            let kind = &game.moves[usize::from(m.rule())].kind;
            matches!(kind, MoveKind::PlacePiece { .. }).then(|| m.to())
        };
        let mut last = self.work.last_move().and_then(|(m, _)| placed(m));
        for n in 0..self.cap {
            let (policy, space) = (self.policy, &mut self.space);
            let Some(m) = policy.choose(&self.work, last, space, &mut self.rng) else {
                return n;
            };
            last = placed(m);
            if let Some(site) = last {
                self.played.push((site.index() as u16, self.work.to_move()));
            }
            self.work.play_forward(m);
        }
        self.cap
    }

    /// Who won the playout (`None`: a draw); a playout stopped at its cap is judged by
    /// the game's own measure as the pieces stand.
    fn winner(&mut self) -> Option<Player> {
        match self.work.outcome_with(&mut self.space.moves) {
            Some(Outcome::Win(p)) => Some(p),
            Some(Outcome::Draw) => None,
            None => {
                let first = Player::all(2).next().expect("two players");
                match super::lead(&self.work, first) {
                    0 => None,
                    l if l > 0 => Some(first),
                    _ => Some(first.other_of_two()),
                }
            }
        }
    }

    /// Adds the result to every node of the path and, for RAVE, to the children of each
    /// whose mover placed on the child's site later in the iteration.
    fn back_up(&mut self, winner: Option<Player>) {
        let score = |p: Player| match winner {
            Some(w) if w == p => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        self.marks.fill(false);
        for &(site, p) in &self.played {
            self.marks[usize::from(site) * 2 + p.index()] = true;
        }
        for k in (0..self.path.len()).rev() {
            let node = self.path[k] as usize;
            let (first, count) = (
                self.tree[node].first as usize,
                self.tree[node].count as usize,
            );
            for c in &mut self.tree[first..first + count] {
                let Some(site) = c.site else { continue };
                if self.marks[usize::from(site) * 2 + c.mover.index()] {
                    c.amaf_visits += 1;
                    c.amaf_wins += score(c.mover);
                }
            }
            let n = &mut self.tree[node];
            n.visits += 1;
            n.wins += score(n.mover);
            if let Some(site) = n.site {
                self.marks[usize::from(site) * 2 + n.mover.index()] = true;
            }
        }
    }
}

impl Grower for Runner<'_> {
    fn iterate(&mut self) -> u64 {
        self.work.clone_from(self.root);
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            if !self.tree[node].expanded && (node == 0 || self.tree[node].visits >= EXPAND_AFTER) {
                self.expand(node);
            }
            if self.tree[node].count == 0 {
                break;
            }
            node = select(&self.tree, node, EXPLORATION);
            self.work.apply(self.tree[node].mv);
            self.path.push(node as u32);
            if self.tree[node].visits == 0 {
                break;
            }
        }
        let plies = self.playout();
        let winner = self.winner();
        self.back_up(winner);
        (self.path.len() - 1 + plies) as u64
    }

    fn children(&self) -> Vec<Child> {
        root_children(&self.tree)
    }
}

/// The children of `tree`'s root (its first node) with their statistics.
pub(super) fn root_children(tree: &[Node]) -> Vec<Child> {
    (tree[0].children())
        .map(|c| Child {
            mv: tree[c].mv,
            visits: u64::from(tree[c].visits),
            wins: f64::from(tree[c].wins),
            depth: 1 + line_depth(tree, c),
        })
        .collect()
}

/// The child of `tree`'s `node` that UCT(-RAVE) follows, its bonus weighing `exploration`
/// (the first of equals).
pub(super) fn select(tree: &[Node], node: usize, exploration: f32) -> usize {
    let n = &tree[node];
    let log_parent = (n.visits.max(1) as f32).ln();
    let mut best = (n.first as usize, f32::MIN);
    for c in n.children() {
        let u = tree[c].urgency(log_parent, exploration);
        if u > best.1 {
            best = (c, u);
        }
    }
    best.0
}

/// Shuffles `children` by `rng` (which breaks ties between equal children).
pub(super) fn shuffle(children: &mut [Node], rng: &mut Rng) {
    for i in (1..children.len()).rev() {
        let j = rng.below(i + 1);
        children.swap(i, j);
    }
}

/// The plies of the most visited line below `node` of `tree`.
fn line_depth(tree: &[Node], mut node: usize) -> u32 {
    let mut depth = 0;
    loop {
        let best = tree[node].children().max_by_key(|&c| tree[c].visits);
        match best {
            Some(c) if tree[c].visits > 0 => {
                depth += 1;
                node = c;
            }
            _ => return depth,
        }
    }
}

/// Searches `root` within `budget` by the tree search of this module; `None` when there is
/// no legal move.
fn search(
    root: &State,
    policy: Policy,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Findings> {
    grow(root, budget, seed, stop, |seed| {
        Runner::new(root, policy, seed)
    })
}

/// Grows trees from `root` within `budget` on the budget's threads (more than one only
/// with a time limit: each grows a tree of its own, made by `runner` from its own seed,
/// and their root children's statistics are summed); `None` when there is no legal move.
pub(super) fn grow<G: Grower>(
    root: &State,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
    runner: impl Fn(u64) -> G + Sync,
) -> Option<Findings> {
    let began = Instant::now();
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    if moves.is_empty() {
        return None;
    }
    let threads = match budget.time {
        Some(_) => budget.threads.max(1),
        None => 1,
    };
    let end = budget.time.map(|t| began + t.mul_f64(0.9));
    let more = |positions: u64| {
        positions < budget.iterations
            && !stop.load(Ordering::Relaxed)
            && end.is_none_or(|e| Instant::now() < e)
    };
    let results: Vec<(Vec<Child>, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let (more, runner) = (&more, &runner);
                scope.spawn(move || {
                    let thread_seed = seed.wrapping_add((i as u64).wrapping_mul(0x9e37_79b9));
                    let mut runner = runner(thread_seed);
                    let positions = runner.run(more);
                    (runner.children(), positions)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut children: Vec<Child> = Vec::new();
    let mut positions = 0;
    for (found, spent) in results {
        positions += spent;
        for c in found {
            match children.iter_mut().find(|k| k.mv == c.mv) {
                Some(k) => {
                    k.visits += c.visits;
                    k.wins += c.wins;
                    k.depth = k.depth.max(c.depth);
                }
                None => children.push(c),
            }
        }
    }
    // Most visited first; equal visits by the better mean.
    children.sort_by(|a, b| {
        (b.visits, b.wins)
            .partial_cmp(&(a.visits, a.wins))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let interrupted = stop.load(Ordering::Relaxed);
    Some(Findings {
        children,
        positions,
        interrupted,
    })
}

/// A root child's judgement: the share of its playouts its mover won, an estimate.
fn judgement(c: &Child) -> Judgement {
    let share = match c.visits {
        0 => 0.5,
        n => c.wins / n as f64,
    };
    Judgement::Sampled((share * 1000.0).round() as u32)
}

/// The tree search's move for `root` ([`super::Searcher::think`]): the most visited child
/// of the root.
pub(super) fn think(
    root: &State,
    policy: Policy,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Thought> {
    rank(root, policy, budget, seed, stop).map(|(t, _)| t)
}

/// The tree search's moves for `root` ([`super::Searcher::rank`]): every legal move, most
/// visited first, judged by the share of its playouts won.
pub(super) fn rank(
    root: &State,
    policy: Policy,
    budget: Budget,
    seed: u64,
    stop: &AtomicBool,
) -> Option<(Thought, Vec<Ranked>)> {
    let began = Instant::now();
    ranked(search(root, policy, budget, seed, stop)?, began)
}

/// What a tree search `began` then `found`: the thought of its most visited root child,
/// and every root child ranked, most visited first, judged by the share of its playouts
/// its mover won.
pub(super) fn ranked(found: Findings, began: Instant) -> Option<(Thought, Vec<Ranked>)> {
    let best = found.children.first()?;
    let judgement = judgement(best);
    let thought = Thought {
        best: best.mv,
        iterations: found.positions,
        elapsed: began.elapsed(),
        value: judgement.expected(),
        judgement,
        depth: best.depth,
        interrupted: found.interrupted,
        hundredths: 0,
    };
    let ranked = (found.children.iter())
        .map(|c| Ranked {
            mv: c.mv,
            judgement: self::judgement(c),
            depth: c.depth,
            reply: None,
        })
        .collect();
    Some((thought, ranked))
}
