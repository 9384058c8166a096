//! What a game starts with: the pieces on the board (`setup`), sorted by site, the pieces
//! in hand (`setup ... in hand`) and the stones in each pit (`stones`).

use super::exprs::Value;
use super::{Compiler, Seat, MAX_STONES_PER_PIT};
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};
use rulebook_model::{self as model, Site, MAX_HAND, MAX_STACK};

impl Compiler<'_> {
    /// The starting pieces, sorted by site, and in a game with stacks the pieces on each
    /// site beyond the first (else empty); a site filled twice is an error.
    pub(super) fn setup(&mut self) -> (Vec<(Site, model::Cell)>, Vec<u16>) {
        let piece_kinds = self.desc.about.pieces.len();
        let mut setup = Vec::new();
        let mut stacks = match self.desc.about.piece_stacked.contains(&true) {
            true => vec![0u16; self.board().sites()],
            false => Vec::new(),
        };
        let (w, h) = (self.board().width as usize, self.board().height as usize);
        let mut placed_by: Vec<Option<Span>> = vec![None; w * h];
        for s in &self.desc.start.setup {
            let player = model::Player::new(s.player).expect("the checker names a player");
            self.seat = Seat::Of(player);
            let region = self.fold(&s.region);
            self.seat = Seat::Nobody;
            let Some(Value::Region(sites)) = region else {
                continue;
            };
            let cell = model::Cell::piece(player, s.piece, piece_kinds);
            let what = "the number of pieces on a site";
            let count = match &s.count {
                Some(c) => self.bounded(c, 1, i64::from(MAX_STACK), what),
                None => Some(1),
            };
            let Some(count) = count else {
                continue;
            };
            for site in self.on_board(sites) {
                if let Some(first) = placed_by[site.index()] {
                    let name = self.board().site_names[site.index()].clone();
                    self.errors.push(
                        Diagnostic::error(
                            Code::E0627,
                            format!("the setup puts two pieces on {name}"),
                            s.span,
                        )
                        .with_note_at(first, format!("{name} was already filled here")),
                    );
                    continue;
                }
                placed_by[site.index()] = Some(s.span);
                setup.push((site, cell));
                if let Some(extra) = stacks.get_mut(site.index()) {
                    *extra = count as u16 - 1;
                }
            }
        }
        setup.sort_unstable();
        (setup, stacks)
    }

    /// The counted stocks: pieces in hand at the start by player and kind (empty when no
    /// `setup ... in hand` and no `capture into hand` is written), and the kinds they stock,
    /// in `piece` order: those set up in hand, and with `capture into hand` every kind a
    /// taken piece goes into hand as; in a race along tracks, which sends a piece landed on
    /// back to its owner's stock, every kind.
    pub(super) fn stock(&mut self) -> (Vec<u16>, Vec<u8>) {
        let desc = self.desc;
        let race = !desc.chance.tracks.is_empty();
        if desc.start.stock.is_empty() && desc.capture_into_hand.kinds.is_empty() && !race {
            return (Vec::new(), Vec::new());
        }
        let kinds = desc.about.pieces.len();
        let mut stock = vec![0u16; desc.about.players.len() * kinds];
        for s in &desc.start.stock {
            let what = "the number of pieces in hand";
            if let Some(n) = self.bounded(&s.count, 1, MAX_HAND as i64, what) {
                stock[s.player * kinds + s.piece] = n as u16;
            }
        }
        let stocked = (0..kinds)
            .filter(|&k| {
                race || desc.start.stock.iter().any(|s| s.piece == k)
                    || desc.capture_into_hand.kinds.get(k) == Some(&k)
            })
            .map(|k| k as u8)
            .collect();
        (stock, stocked)
    }

    /// With `capture into hand`, an error where a hand could come to hold more pieces of a
    /// kind than its count can say ([`MAX_HAND`]): every piece of the game, on the board at
    /// the start or in hand, could be taken into one hand.
    pub(super) fn hands_hold_every_piece(&mut self, pieces: usize, stock: &[u16]) {
        let total = pieces + stock.iter().map(|&n| n as usize).sum::<usize>();
        let Some(span) = self.desc.capture_into_hand.at else {
            return;
        };
        if total <= MAX_HAND as usize {
            return;
        }
        self.errors.push(
            Diagnostic::error(
                Code::E0633,
                format!("the game has {total} pieces, and a hand holds at most {MAX_HAND}"),
                span,
            )
            .with_note("with `capture into hand` every piece could end in one player's hand")
            .with_help("set up fewer pieces"),
        );
    }

    /// The stones in each pit at the start (`stones N`, 1 to [`MAX_STONES_PER_PIT`]); 0
    /// where the game sows none.
    pub(super) fn stones_per_pit(&mut self) -> Option<u16> {
        match &self.desc.start.stones {
            Some(e) => {
                let what = "the number of stones per pit";
                Some(self.bounded(e, 1, MAX_STONES_PER_PIT, what)? as u16)
            }
            None => Some(0),
        }
    }
}
