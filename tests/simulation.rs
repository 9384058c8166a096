//! Random simulation over every bundled game and preset (as OpenSpiel does for its games):
//! at every ply of seeded random games, the state API must agree with itself.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};
use rulebook::model::{CaptureMode, EffectKind, Game, Landing, MoveKind, Player, Site};
use rulebook::{notation, pipeline};

use crate::common::configurations;
use configurations::configurations;

/// True if no rule of the game ever removes a piece (captures only convert) or places one.
fn conserves_pieces(game: &Game) -> bool {
    game.effects.iter().all(|e| match &e.kind {
        EffectKind::Custodian { mode, .. }
        | EffectKind::Enclosed { mode, .. }
        | EffectKind::Groups { mode, .. } => *mode == CaptureMode::Convert,
        EffectKind::Promote { .. } | EffectKind::Again => true,
        // A cell claimed gets a new piece.
        EffectKind::Claim { .. } => false,
    }) && game.moves.iter().all(|m| match &m.kind {
        _ if m.filter.landing != Landing::Empty || m.filter.has_second_part() => false,
        _ if m.filter.in_passing => false,
        MoveKind::Jump { mode, .. } => mode.is_none_or(|m| m == CaptureMode::Convert),
        MoveKind::Slide { .. } | MoveKind::Fly { .. } | MoveKind::Walk(_) => true,
        MoveKind::Castle { .. } => true,
        MoveKind::Sow { .. } => true,
        MoveKind::Pass { .. } | MoveKind::Swap | MoveKind::Roll(_) => true,
        MoveKind::Place { .. } | MoveKind::PlacePiece { .. } | MoveKind::Remove { .. } => false,
        MoveKind::SiteWalk(_) => false,
        MoveKind::Track(_) => false,
        // A wall lies in the grooves, a line on a side of a cell: on no site.
        MoveKind::Wall(_) | MoveKind::Side(_) => true,
    })
}

#[test]
fn random_games_keep_the_state_api_consistent() {
    let mut rng = Rng::new(42);
    let (mut moves, mut other) = (MoveList::new(), MoveList::new());
    let mut finished = 0;
    for (name, game) in configurations() {
        let sites = game.board.sites();
        let (games, max_plies) = if sites > 200 { (2, 120) } else { (8, 400) };
        let conserve = conserves_pieces(&game);
        for _ in 0..games {
            let mut state = State::new(Arc::clone(&game));
            let total: u32 = Player::all(2).map(|p| state.pieces(p)).sum();
            for _ in 0..max_plies {
                state.legal_moves(&mut moves);
                let outcome = state.outcome();
                assert_eq!(
                    moves.is_empty(),
                    outcome.is_some(),
                    "{name}: moves only while the game goes on"
                );
                if moves.is_empty() {
                    // Nothing to pick from, except under a ban, where the moves before it are
                    // drawn from until none is left.
                    let (mut never, mut first) = (|_| unreachable!(), |_| 0);
                    let pick: &mut dyn FnMut(usize) -> usize = match game.facts.forbids {
                        true => &mut first,
                        false => &mut never,
                    };
                    assert_eq!(state.pick_legal_move(&mut MoveList::new(), pick), None);
                    finished += 1;
                    break;
                }
                // The hash kept move by move equals the hash of the same position built anew.
                let fresh = state.rebuilt();
                assert_eq!(fresh.hash(), state.hash(), "{name}: incremental hash");
                let before = state.clone();
                for (i, &m) in moves.iter().enumerate() {
                    // Every legal move's text parses back to it.
                    let text = notation::move_text(&state, m);
                    assert_eq!(
                        notation::parse_move(&mut state, &text),
                        Ok(m),
                        "{name}: {text} round trip"
                    );
                    // Playing and taking back restores the position and its hash.
                    if i % 3 == 0 {
                        state.apply(m);
                        assert_eq!(state.undo(), Some(m));
                        assert_eq!(
                            state.hash(),
                            before.hash(),
                            "{name}: undo {text} restores the hash"
                        );
                        assert!(state == before, "{name}: undo {text} restores the position");
                    }
                }
                // At a throw of the dice, the pick is over the ways the dice fall, each throw
                // as many times as its weight.
                if let Some(dice) = state.chance() {
                    let mut way = 0;
                    for (outcome, &(_, weight)) in dice.outcomes.iter().enumerate() {
                        for _ in 0..weight {
                            let picked = state.pick_legal_move(&mut other, |n| {
                                assert_eq!(n as u64, dice.total(), "{name}: the ways dice fall");
                                way
                            });
                            assert_eq!(picked, Some(moves[outcome]), "{name}: way {way}");
                            way += 1;
                        }
                    }
                }
                // Picking a move without listing gives the same count and the same k-th move;
                // where the pick judges the moves it draws alone (a ban on leaving a
                // condition or on repetition, `with liberties`), a legal move whatever is
                // drawn.
                let judged = game.facts.forbids
                    || game.repetition.forbidden
                    || game.facts.picks_judge_liberties;
                for k in [0, moves.len() / 2, moves.len() - 1] {
                    if state.chance().is_some() {
                        break;
                    }
                    if judged {
                        let picked = state.pick_legal_move(&mut other, |n| k.min(n - 1));
                        let legal = picked.is_some_and(|m| moves.contains(&m));
                        assert!(legal, "{name}: {picked:?} picked, not legal");
                        continue;
                    }
                    let picked = state.pick_legal_move(&mut other, |n| {
                        assert_eq!(n, moves.len(), "{name}: pick_legal_move counts the moves");
                        k
                    });
                    assert_eq!(
                        picked,
                        Some(moves[k]),
                        "{name}: move {k} of {}",
                        moves.len()
                    );
                }
                let m = moves[rng.below(moves.len())];
                notation::play(&mut state, m)
                    .unwrap_or_else(|e| panic!("{name}: a legal move is refused: {e}"));
                if game.board.pits() > 0 {
                    let stones: u32 = Site::all(sites).map(|site| state.count(site) as u32).sum();
                    assert_eq!(stones, game.total_stones(), "{name}: stones are conserved");
                }
                if conserve {
                    let now: u32 = Player::all(2).map(|p| state.pieces(p)).sum();
                    assert_eq!(now, total, "{name}: pieces are never created or destroyed");
                }
                if let Some(tiles) = &game.tiles {
                    // A tile on the board is no longer in hand: board plus hands is constant.
                    for p in Player::all(2) {
                        let start = tiles.hands[p.index()];
                        assert_eq!(
                            state.hand(p).count_ones() + state.pieces(p),
                            start.count_ones(),
                            "{name}: tiles leave the hand for the board"
                        );
                    }
                }
            }
        }
    }
    assert!(finished > 0, "no random game reached its end");
}

#[test]
fn clones_play_on_independently() {
    let game = pipeline::load("ming-mang", Some("8x8"), &[]).unwrap();
    let mut a = State::new(game);
    let b = a.clone();
    notation::play_text(&mut a, "h2-c2").unwrap();
    assert!(a != b);
    assert_eq!(b.ply(), 0);
    let mut c = b.clone();
    notation::play_text(&mut c, "h2-c2").unwrap();
    assert!(a == c);
    assert_eq!(a.hash(), c.hash());
}
