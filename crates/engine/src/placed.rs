//! The end conditions on groups judged from the stone just placed
//! ([`EndCheck::Placed`]). In a game whose stones stay where they are placed, a player's
//! `ring(...)` or `touching(...) >= N` that is false stays false until that player places
//! a stone, and then only the group holding that stone can make it true: a ring newly
//! closed passes through it, and a group newly touching N regions is the one it joined.
//! [`Traces::groups_clear`](super::Traces) says that no such rule holds for any player;
//! while it does, the stone placed is all the end check looks from, and a condition is
//! judged by its rest with those rules false.

use super::expr::{spread, Flood, FLOOD_WORDS};
use super::State;
use rulebook_model::{
    DirectionBits, EndCheck, Expr, GroupMeasure, Player, PlayerRef, Site, NO_SITE,
};

/// Whether `rule`, a group rule of an [`EndCheck::Placed`], may be read for `player`: a
/// rule of a fixed player only for them, any other for every player.
fn reads_for(rule: &Expr, player: Player) -> bool {
    let whose = match rule {
        Expr::Ring(p, ..) | Expr::Touching(p, ..) => p,
        _ => return false,
    };
    match whose {
        PlayerRef::Fixed(q) => *q == player,
        _ => true,
    }
}

/// Whether `site` is one of the sites of `set`.
#[inline]
fn holds(set: &[u64], site: Site) -> bool {
    set[site.index() / 64] >> (site.index() % 64) & 1 == 1
}

/// How many of `regions` (each counted as often as listed) have a site in `group`.
fn regions_met(state: &State, group: &[u64], regions: &[u16]) -> i64 {
    let masks = &state.game.tables.regions;
    let meets = |r: u16| (group.iter().zip(&masks[r as usize])).any(|(g, m)| g & m != 0);
    regions.iter().filter(|&&r| meets(r)).count() as i64
}

impl State {
    /// The group rules of the game's [`EndCheck::Placed`] conditions, each with the
    /// players it may be read for.
    fn placed_rules(&self) -> impl Iterator<Item = &Expr> {
        (self.game.ends.checks.iter()).flat_map(|check| match check {
            EndCheck::Placed { rules, .. } => &rules[..],
            _ => &[],
        })
    }

    /// Whether no group rule of the game's [`EndCheck::Placed`] conditions holds for any
    /// player it may be read for, each read over the whole board: false in a game without
    /// them, or whose walls cut links.
    pub(super) fn no_group_rule_holds(&self) -> bool {
        let mut rules = self.placed_rules().peekable();
        if rules.peek().is_none() || !self.position.walls.cut.is_empty() {
            return false;
        }
        let seats = self.game.seats();
        !rules.any(|rule| {
            Player::all(seats).any(|p| reads_for(rule, p) && self.group_rule_holds(rule, p))
        })
    }

    /// Whether group rule `rule` holds for `player`, read over the whole board.
    fn group_rule_holds(&self, rule: &Expr, player: Player) -> bool {
        use rulebook_model::Env;
        match *rule {
            Expr::Ring(_, links, edge, all) => self.ring(player, links, edge, all),
            Expr::Touching(_, links, ref regions, enough) => {
                let most = self.groups(player, links, GroupMeasure::Touching(regions, enough));
                most >= i64::from(enough)
            }
            _ => false,
        }
    }

    /// Whether a group rule of the game's [`EndCheck::Placed`] conditions holds for
    /// `player` now that they have placed a stone on `site` ([`NO_SITE`]: no stone), where
    /// none held before for them: looked for from that stone alone.
    pub(super) fn placed_rule_holds(&self, player: Player, site: Site) -> bool {
        if site == NO_SITE {
            return false;
        }
        // The group of the stone placed, filled once for the links of the rules read.
        let mut group: Option<(DirectionBits, Flood)> = None;
        let mut group_of = |links: DirectionBits| -> Flood {
            match group {
                Some((l, set)) if l == links => set,
                _ => {
                    let set = self.group_at(player, site, links);
                    group = Some((links, set));
                    set
                }
            }
        };
        let words = self.position.words;
        self.placed_rules()
            .filter(|rule| reads_for(rule, player))
            .any(|rule| match *rule {
                Expr::Ring(_, links, edge, all) => {
                    self.ring_through(player, site, links, (edge, all))
                }
                // Fewer regions with a piece of theirs than asked: no group reaches it.
                Expr::Touching(_, links, ref regions, enough) => {
                    let own = &self.position.occupied_by(player)[..words];
                    regions_met(self, own, regions) >= i64::from(enough)
                        && regions_met(self, &group_of(links)[..words], regions)
                            >= i64::from(enough)
                }
                _ => false,
            })
    }

    /// The group of `player`'s pieces linked along `links` that holds `site`, filled from
    /// it.
    fn group_at(&self, player: Player, site: Site, links: DirectionBits) -> Flood {
        let own = self.position.occupied_by(player);
        let mut reached: Flood = [0; FLOOD_WORDS];
        reached[site.index() / 64] |= 1 << (site.index() % 64);
        let mut todo = reached;
        let never = |_: usize, _: u32| false;
        spread(
            (&self.game.board, &self.position.walls.cut),
            (own, links),
            (&mut reached, &mut todo),
            never,
        );
        reached
    }

    /// Whether `player`'s pieces enclose a site now that one is placed on `site`, where
    /// they enclosed none before ([`Env::ring`](rulebook_model::Env::ring), the edge and
    /// the board's sites as the regions `edge` and `all`). Before, every site not theirs
    /// was linked to the edge through such sites and no piece of theirs off the edge had
    /// only their pieces round it. A piece walled in now is the one placed or one next to
    /// it. A site cut off from the edge now was linked to it through `site` alone: unless
    /// the sites next to `site` that are not theirs (with the outside of the board, when
    /// `site` is on the edge) hang together without it, the board is read whole.
    fn ring_through(
        &self,
        player: Player,
        site: Site,
        links: DirectionBits,
        (edge, all): (u16, u16),
    ) -> bool {
        let own = self.position.occupied_by(player);
        let (board, masks) = (&self.game.board, &self.game.tables.regions);
        let (edge_set, sites) = (&masks[edge as usize], &masks[all as usize]);
        let mine = |s: Site| s != NO_SITE && holds(own, s);
        let steps = |s: Site| {
            let mut dirs = links;
            std::iter::from_fn(move || {
                let d = (dirs != 0).then(|| dirs.trailing_zeros() as u8)?;
                dirs &= dirs - 1;
                Some(board.step(s, d))
            })
        };
        let walled = |s: Site| !holds(edge_set, s) && steps(s).all(mine);
        if walled(site) {
            return true;
        }
        // The sites next to `site` not theirs, and a last node for the outside.
        let (mut free, mut n) = ([NO_SITE; 33], 0);
        for next in steps(site) {
            if next == NO_SITE || !holds(sites, next) {
                continue;
            }
            if mine(next) {
                if walled(next) {
                    return true;
                }
            } else {
                // At most 32 directions: `free` has room for every one.
                free[n] = next;
                n += 1;
            }
        }
        let outside = holds(edge_set, site);
        let nodes = n + outside as usize;
        // Which of them hang together, as a set of node bits grown from the first.
        let mut joined: u64 = (nodes > 0) as u64;
        loop {
            let before = joined;
            for i in 0..n {
                let linked = |j: usize| joined >> j & 1 == 1;
                let on_edge = outside && holds(edge_set, free[i]);
                if !linked(i) {
                    let near = |t: Site| (0..n).any(|j| linked(j) && free[j] == t);
                    if steps(free[i]).any(near) || on_edge && linked(n) {
                        joined |= 1 << i;
                    }
                }
                if on_edge && joined >> i & 1 == 1 {
                    joined |= 1 << n;
                }
            }
            if joined == before {
                break;
            }
        }
        if joined.count_ones() as usize == nodes {
            return false;
        }
        use rulebook_model::Env;
        self.ring(player, links, edge, all)
    }
}
