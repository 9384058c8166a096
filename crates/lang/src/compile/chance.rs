//! Games of chance: the players' tracks, read as sites of the board.

use super::Compiler;
use crate::check::{MoveDecl, TExpr};
use crate::diag::{Code, Diagnostic};
use rulebook_model as model;

impl Compiler<'_> {
    /// The tracks of a move along them: every player's sites in order, with its safe
    /// sites and those that give another turn.
    pub(super) fn track(&mut self, decl: &MoveDecl) -> Option<model::Track> {
        let MoveDecl::Track {
            by_die,
            from,
            first,
            enter,
            blocked,
            kept,
            safe,
            again,
            home,
        } = decl
        else {
            return None;
        };
        let (enter, kept) = (enter.map(|(v, _)| v), *kept);
        let desc = self.desc;
        let players = desc.about.players.len();
        let board_sites = self.board().sites();
        let mut sites = vec![Vec::new(); players];
        let mut position = vec![0u8; players * board_sites];
        for decl in &desc.chance.tracks {
            for e in &decl.sites {
                let region = self.region_value(e)?;
                let region = self.on_board(region);
                let site = match region[..] {
                    [s] if !sites[decl.player].contains(&s) => s,
                    _ => return self.not_a_track_site(e, region.len()),
                };
                sites[decl.player].push(site);
                let at = sites[decl.player].len().min(u8::MAX.into()) as u8;
                position[decl.player * board_sites + site.index()] = at;
            }
        }
        let kind = desc.start.stock.first().map_or(0, |s| s.piece as u8);
        let home = match home {
            Some(region) => self.homes(region, &sites)?,
            None => Vec::new(),
        };
        let from = match from {
            None if *first => model::TrackFrom::HandFirst,
            None => model::TrackFrom::Anywhere,
            Some(None) => model::TrackFrom::Hand,
            Some(Some(r)) => model::TrackFrom::Sites(self.region_index(r)?),
        };
        Some(model::Track {
            by_die: *by_die,
            sites,
            position,
            kind,
            safe: match safe {
                Some(r) => Some(self.region_index(r)?),
                None => None,
            },
            again: match again {
                Some(r) => Some(self.region_index(r)?),
                None => None,
            },
            from,
            enter,
            bears_off: !kept,
            blocked: *blocked,
            home,
        })
    }

    /// Per player, the number on their track of the first site of their home: the track's
    /// last sites that stand in `region`, back to the first that does not. An error when
    /// the region does not hold some track's last site.
    fn homes(&mut self, region: &TExpr, tracks: &[Vec<model::Site>]) -> Option<Vec<u8>> {
        let inside = self.region_value(region)?;
        let mut homes = Vec::with_capacity(tracks.len());
        for (p, track) in tracks.iter().enumerate() {
            let outside = track.iter().rposition(|s| !inside.contains(s));
            if track.is_empty() || outside == Some(track.len() - 1) {
                let name = &self.desc.about.players[p];
                let d = Diagnostic::error(
                    Code::E0636,
                    "the sites of `bearing off when all in` must hold the last site of every player's track",
                    region.span,
                )
                .with_label(format!("this region does not hold the last site of `{name}`'s track"))
                .with_help("name the sites at the end of the tracks, where the pieces gather before they leave the board");
                let d = self.with_config(d);
                self.errors.push(d);
                return None;
            }
            homes.push(outside.map_or(1, |i| i + 2).min(u8::MAX.into()) as u8);
        }
        Some(homes)
    }

    /// The error for a site of a track that is not one point of the board, or that the
    /// track has already passed.
    fn not_a_track_site(&mut self, e: &TExpr, points: usize) -> Option<model::Track> {
        let what = match points {
            0 => "no point of the board".to_string(),
            1 => "a point the track has already passed".to_string(),
            n => format!("{n} points"),
        };
        let d = Diagnostic::error(
            Code::E0632,
            "a site of a track must be one point of the board, once",
            e.span,
        )
        .with_label(format!("this is {what}"))
        .with_help(
            "list the track's points one by one, in the order pieces go: `track south: d1, c1, b1`",
        );
        let d = self.with_config(d);
        self.errors.push(d);
        None
    }
}
