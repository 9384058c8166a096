//! Jumps chained by `chained` (the piece jumps on from every landing, in any of its rule's
//! directions, while it can; the whole sequence is one move): a small English draughts
//! written from the language reference alone, on hand-built positions worked out by hand,
//! with the published perft of the start position; the text of the moves and the refusal
//! of a sequence cut short; the ban on repetition and undo over seeded random games; the
//! compiler's refusal of a board where a sequence could hold more jumps than a move does;
//! a chain `chained straight` ended by a promotion.

use std::sync::Arc;

use rulebook::analysis::Rng;
use rulebook::engine::{Move, MoveList, Outcome, State};
use rulebook::model::Game;
use rulebook::model::Player;
use rulebook::notation::legal_texts;
use rulebook::notation::{self, MoveError};
use rulebook::pipeline;

/// English draughts: men move and capture diagonally forward, kings both ways; a capture
/// must be made when one can, and a piece that captures jumps on while it can; a man
/// reaching the far rank becomes a king, which ends its move. Black (uppercase in position
/// text: `M`, `K`) moves first, north.
const DRAUGHTS: &str = r#"
game "Draughts"
players black, white
board grid 8 by 8
piece man, king
setup black man on dark * (rank(1) + rank(2) + rank(3))
setup white man on dark * (rank(6) + rank(7) + rank(8))
move jump forward-diagonal over enemy remove chained by man compulsory
move jump diagonal over enemy remove chained by king compulsory
move step forward-diagonal by man
move step diagonal by king
after move promote man to king in rank(8) when mover == black
after move promote man to king in rank(1) when mover == white
end when no legal move: mover loses
"#;

/// The game of a rule text.
fn load(text: &str) -> Arc<Game> {
    match pipeline::load_text("draughts.game", text, None, &[]) {
        Ok(game) => game,
        Err(e) => panic!("the test game loads:\n{}", e.render(false)),
    }
}

/// The position a text describes.
fn at(game: &Arc<Game>, text: &str) -> State {
    notation::parse_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a move given as text.
fn play(state: &mut State, text: &str) -> Move {
    notation::play_text(state, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The reason a move text is refused.
fn refusal(state: &mut State, text: &str) -> String {
    match notation::parse_move(state, text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text} should be refused as illegal, not {other:?}"),
    }
}

#[test]
fn the_start_position_has_the_published_perft_counts() {
    // Aart Bik's perft for 8 x 8 checkers (http://www.aartbik.com/MISC/checkers.html).
    let mut s = State::new(load(DRAUGHTS));
    assert_eq!(
        rulebook::analysis::perft(&mut s, 6),
        [7, 49, 302, 1469, 7361, 36768]
    );
}

#[test]
fn a_king_jumps_on_in_another_direction() {
    let g = load(DRAUGHTS);
    // A black king on c3, white men on d4 and f4: over d4 to e5, then back down over f4
    // to g3; the move names both landings and takes both men when it ends.
    let mut s = at(&g, "8/8/8/8/3m1m2/2K5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5-g3"]);
    let m = play(&mut s, "c3-e5-g3");
    assert_eq!((m.legs(), s.pieces(Player::SECOND)), (2, 0));
    assert_eq!(notation::position_text(&s), "8/8/8/8/8/6K1/8/8 white");
    assert_eq!(s.outcome(), Some(Outcome::Win(Player::FIRST)));
    s.undo();
    assert_eq!(notation::position_text(&s), "8/8/8/8/3m1m2/2K5/8/8 black");
    // A man only jumps forward: its sequence ends on e5.
    let s = at(&g, "8/8/8/8/3m1m2/2M5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5"]);
}

#[test]
fn a_sequence_that_branches_makes_one_move_per_branch() {
    let g = load(DRAUGHTS);
    // From c3 over d4 to e5, then over d6 to c7 or over f6 to g7.
    let mut s = at(&g, "8/8/3m1m2/8/3m4/2M5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5-c7", "c3-e5-g7"]);
    // A sequence cut short is refused, naming the whole ones.
    assert_eq!(
        refusal(&mut s, "c3-e5"),
        "the piece can jump on from e5, and a chain of jumps is played to its end: \
         c3-e5-c7 or c3-e5-g7"
    );
    // Landings that no sequence makes, or the ends alone, are refused with the moves.
    let listed = "the piece on c3 cannot go to c7; it can go: c3-e5-c7 c3-e5-g7";
    assert_eq!(refusal(&mut s, "c3-a5-c7"), listed);
    assert_eq!(refusal(&mut s, "c3-c7"), listed);
    play(&mut s, "c3-e5-c7");
    assert_eq!(notation::position_text(&s), "8/2M5/5m2/8/8/8/8/8 white");
}

#[test]
fn a_man_promoted_on_the_far_rank_ends_its_move_there() {
    let g = load(DRAUGHTS);
    // The man on c6 jumps d7 onto e8 and becomes a king; a king on e8 could go on over
    // f7, but the move is over.
    let mut s = at(&g, "8/3m1m2/2M5/8/8/8/8/8 black");
    assert_eq!(legal_texts(&s), ["c6-e8"]);
    assert_eq!(
        refusal(&mut s, "c6-e8-g6"),
        "the piece is promoted on e8, which ends its move: c6-e8"
    );
    play(&mut s, "c6-e8");
    assert_eq!(notation::position_text(&s), "4K3/5m2/8/8/8/8/8/8 white");
    // A king on c6 is not promoted and goes on.
    let s = at(&g, "8/3m1m2/2K5/8/8/8/8/8 black");
    assert_eq!(legal_texts(&s), ["c6-e8-g6"]);
}

#[test]
fn a_straight_chain_ends_where_the_piece_is_promoted() {
    // Men jump along files and ranks, straight on; a man landing on rank 4 becomes a king
    // there, which ends its chain as it ends any chain.
    let text = "game \"Straight\"\nplayers black, white\nboard grid 7 by 7\n\
        piece man, king\nsetup black man on a1\nsetup white man on a7\n\
        move jump orthogonal over enemy remove chained straight by man\n\
        move jump orthogonal over enemy remove chained straight by king\n\
        after move promote man to king in rank(4)\nend when no legal move: mover loses\n";
    let g = load(text);
    // Black's man on c2 and white men on c3, c5: over c3 to c4, where it is promoted and
    // stops; a king on c2 goes on over c5 to c6.
    let mut s = at(&g, "7/7/2m4/7/2m4/2M4/7 black");
    assert_eq!(legal_texts(&s), ["c2-c4"]);
    assert_eq!(
        refusal(&mut s, "c2-c4-c6"),
        "the piece is promoted on c4, which ends its move: c2-c4"
    );
    let m = play(&mut s, "c2-c4");
    assert_eq!(m.legs(), 1);
    assert_eq!(notation::position_text(&s), "7/7/2m4/2K4/7/7/7 white");
    let s = at(&g, "7/7/2m4/7/2m4/2K4/7 black");
    assert_eq!(legal_texts(&s), ["c2-c4", "c2-c4-c6"]);
    // A man that jumps over rank 4 is not promoted and goes on.
    let mut s = at(&g, "7/2m4/7/2m4/2M4/7/7 black");
    assert_eq!(legal_texts(&s), ["c3-c5", "c3-c5-c7"]);
    assert_eq!(
        refusal(&mut s, "c3-c5-c7-e7"),
        "the piece goes no further than c7: c3-c5-c7"
    );
    let m = play(&mut s, "c3-c5-c7");
    assert_eq!((m.legs(), s.pieces(Player::SECOND)), (2, 0));
}

#[test]
fn a_king_circling_four_men_jumps_each_once() {
    let g = load(DRAUGHTS);
    // Men on c3, c5, e3, e5 around d4: the king on b4 goes round them either way and ends
    // where it started; it never jumps a man a second time (they stand until the move ends).
    let mut s = at(&g, "8/8/8/2m1m3/1K6/2m1m3/8/8 black");
    assert_eq!(legal_texts(&s), ["b4-d6-f4-d2-b4", "b4-d2-f4-d6-b4"]);
    let m = play(&mut s, "b4-d2-f4-d6-b4");
    assert_eq!((m.from(), m.to(), m.legs()), (m.to(), m.from(), 4));
    assert_eq!(notation::position_text(&s), "8/8/8/8/1K6/8/8/8 white");
    s.undo();
    assert_eq!(
        notation::position_text(&s),
        "8/8/8/2m1m3/1K6/2m1m3/8/8 black"
    );
}

#[test]
fn a_capture_by_either_rule_forbids_every_move_that_captures_nothing() {
    let g = load(DRAUGHTS);
    // Only the king on g1 can capture (over f2): the man's step is not legal.
    let s = at(&g, "8/8/8/8/8/M7/5m2/6K1 black");
    assert_eq!(legal_texts(&s), ["g1-e3"]);
    // Only the man on c3 can capture (over d4): the king's steps are not legal.
    let s = at(&g, "8/8/8/8/3m4/2M5/8/7K black");
    assert_eq!(legal_texts(&s), ["c3-e5"]);
    // Nothing to capture: every step is legal.
    let s = at(&g, "8/8/8/8/8/2M5/8/7K black");
    assert_eq!(legal_texts(&s), ["c3-b4", "c3-d4", "h1-g2"]);
}

#[test]
fn converted_pieces_change_sides_when_the_move_ends() {
    let g = load(&DRAUGHTS.replace("remove chained", "convert chained"));
    let mut s = at(&g, "8/8/8/8/3m1m2/2K5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5-g3"]);
    play(&mut s, "c3-e5-g3");
    assert_eq!(notation::position_text(&s), "8/8/8/8/3M1M2/6K1/8/8 white");
}

#[test]
fn random_games_undo_read_back_and_keep_the_ban_on_repetition() {
    let banned = load(&format!("{DRAUGHTS}forbid repeated position\n"));
    let free = load(DRAUGHTS);
    let (mut moves, mut chains) = (MoveList::new(), 0);
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let mut state = State::new(Arc::clone(&banned));
        let mut plain = State::new(Arc::clone(&free));
        for ply in 0..200 {
            state.legal_moves(&mut moves);
            // The ban by brute force: every move of the game without it, played, and its
            // position looked for in the whole history.
            let mut seen = vec![plain.hash()];
            let mut back = plain.clone();
            while back.undo().is_some() {
                seen.push(back.hash());
            }
            let mut all = MoveList::new();
            plain.legal_moves(&mut all);
            let allowed: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| {
                    plain.apply(m);
                    let new = !seen.contains(&plain.hash());
                    plain.undo();
                    new
                })
                .collect();
            assert_eq!(&moves[..], &allowed[..], "seed {seed}, ply {ply}");
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let text = notation::move_text(&state, m);
                let before = notation::position_text(&state);
                let mut copy = state.clone();
                assert_eq!(notation::parse_move(&mut copy, &text), Ok(m), "{text}");
                state.apply(m);
                let after = notation::position_text(&state);
                let read = notation::parse_position(&free, &after).expect("reads back");
                assert_eq!(notation::position_text(&read), after);
                chains += usize::from(m.legs() > 1);
                state.undo();
                assert_eq!(notation::position_text(&state), before, "{text}");
            }
            let m = moves[rng.below(moves.len())];
            state.apply(m);
            plain.apply(m);
        }
    }
    // The games reach sequences of more than one jump.
    assert!(chains > 20, "{chains}");
}

#[test]
fn a_board_where_a_sequence_could_outgrow_a_move_is_refused() {
    // Konane's jumps turning: along four directions a move holds 32 jumps, which an 8 x 8
    // board can just use (the most sites a sequence could jump from one start), and a
    // 10 x 10 board could exceed (40).
    let text = std::fs::read_to_string("games/konane.game")
        .expect("the bundled Konane")
        .replace("chained straight", "chained");
    let load = |size: &str| pipeline::load_text("konane.game", &text, None, &[size.into()]);
    assert!(load("size=8").is_ok());
    let refused = match load("size=10") {
        Ok(_) => panic!("a 10 x 10 board is refused"),
        Err(e) => e.render(false),
    };
    assert!(
        refused.contains(
            "a chain of these jumps could make 40 jumps on this board; \
             a move along 4 directions holds at most 32"
        ),
        "{refused}"
    );
    // On 12 x 12, draughts' kings could make 25 jumps, within the 32 a move holds along
    // four directions (its men, along two, hold 64).
    let big = DRAUGHTS
        .replace("grid 8 by 8", "grid 12 by 12")
        .replace("rank(8)", "rank(12)");
    assert!(pipeline::load_text("draughts.game", &big, None, &[]).is_ok());
}

#[test]
fn a_kind_that_only_promotion_makes_draws_no_warning() {
    // No setup places a king, but promotion makes them: the lint about a kind never on the
    // board stays quiet.
    let source = rulebook::diag::Source {
        name: "draughts.game".into(),
        text: DRAUGHTS.into(),
    };
    let described = match pipeline::describe(source) {
        Ok(d) => d,
        Err(e) => panic!("{}", e.render(false)),
    };
    assert!(described.warnings.is_empty(), "{:?}", described.warnings);
}

/// A single jump beside a chained one (a piece may take one piece, or jump on to the end):
/// where the chain is one jump long the two rules make the same move, listed once.
#[test]
fn a_chain_of_one_jump_and_the_single_jump_are_one_move() {
    let single_or_whole = DRAUGHTS.replace(
        "move jump diagonal over enemy remove chained by king compulsory",
        "move jump diagonal over enemy remove chained by king compulsory\n\
         move jump diagonal over enemy remove by king compulsory",
    );
    let g = load(&single_or_whole);
    // One man to take: one move, whichever rule makes it.
    let s = at(&g, "8/8/8/8/3m4/2K5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5"]);
    // Two in a row to take: the whole chain, or the first jump alone.
    let s = at(&g, "8/8/3m4/8/3m4/2K5/8/8 black");
    assert_eq!(legal_texts(&s), ["c3-e5-c7", "c3-e5"]);
}
