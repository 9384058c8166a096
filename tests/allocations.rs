//! The engine allocates nothing per move: random playouts of every bundled game and preset,
//! counted by a global allocator that counts. The buffers of a state and a move list grow
//! while they play their first playouts; the same playouts played again with them must not
//! allocate at all (one allocation in any move would show), and N playouts and 2N
//! playouts from fresh buffers allocate the same number of times.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use rulebook::analysis::Rng;
use rulebook::engine::{MoveList, State};

// A test binary of its own (see Cargo.toml), outside the suite: of the suite's helpers it
// takes the one it needs, by path (from this crate root the path is plain), rather than
// compile the whole `common` tree to use one function of it.
#[path = "common/configurations.rs"]
mod configurations;
use configurations::configurations;

/// The system allocator, counting allocations and reallocations.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations of `n` random playouts (at most `cap` plies each) from `start`: the
/// state copied from the start for each, the moves picked by `State::pick_legal_move` and
/// applied (`forward` false), or played for good by `State::playout` as `rulebook bench`
/// plays them (`forward` true), and the outcome asked for at the end. Returns the
/// allocations and the plies.
fn playouts(
    (state, moves): (&mut State, &mut MoveList),
    start: &State,
    (n, cap): (u64, usize),
    forward: bool,
) -> (u64, u64) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut plies = 0;
    for i in 0..n {
        state.clone_from(start);
        let mut rng = Rng::stream(1, i);
        if forward {
            plies += state.playout(cap, moves, |count| rng.below(count)).0 as u64;
        } else {
            for _ in 0..cap {
                match state.pick_legal_move(moves, |count| rng.below(count)) {
                    Some(m) => state.apply(m),
                    None => break,
                }
                plies += 1;
            }
        }
        std::hint::black_box(state.outcome_with(moves));
    }
    (ALLOCATIONS.load(Ordering::Relaxed) - before, plies)
}

#[test]
fn random_playouts_allocate_nothing_per_move() {
    // One test in this binary, so that no other thread allocates while counting.
    let cap = 200;
    let n = 20;
    // Games the tests play from fixtures, whose moves or ends no bundled game makes:
    // Fanorona's captures by approach and withdrawal, Russian draughts' men crowned in a
    // capture, ends on the groups of a player's pieces (forks, gather), and a ban on
    // closing a pawn's way (blockade's `path`), and a race with blocks, a bar and a home
    // (blocking-race).
    let fixtures = [
        "tests/fixtures/valid/fanorona.game",
        "tests/fixtures/valid/russian-draughts.game",
        "tests/fixtures/valid/forks.game",
        "tests/fixtures/valid/gather.game",
        "tests/fixtures/valid/blockade.game",
        "tests/fixtures/valid/blocking-race.game",
    ]
    .map(|path| {
        let text = std::fs::read_to_string(path).expect("the fixture");
        let game = rulebook::pipeline::load_text(path, &text, None, &[]).expect("it loads");
        (path.to_string(), game)
    });
    for ((name, game), forward) in configurations()
        .into_iter()
        .chain(fixtures)
        .flat_map(|c| [(c.clone(), false), (c, true)])
    {
        let name = format!("{name}{}", if forward { ", played forward" } else { "" });
        let start = State::new(game);
        let (mut state, mut moves) = (start.clone(), MoveList::new());
        let (grown, plies) = playouts((&mut state, &mut moves), &start, (n, cap), forward);
        let (again, same) = playouts((&mut state, &mut moves), &start, (n, cap), forward);
        assert_eq!(same, plies, "{name}: the same playouts");
        assert_eq!(
            again, 0,
            "{name}: {n} playouts ({plies} plies) allocate {again} times on grown buffers"
        );
        let (mut state, mut moves) = (start.clone(), MoveList::new());
        let (double, more) = playouts((&mut state, &mut moves), &start, (2 * n, cap), forward);
        assert!(more > plies, "{name}: twice the playouts play more moves");
        assert!(
            double <= grown + 8,
            "{name}: {} playouts ({more} plies) allocate {double} times, {n} ({plies}) {grown}",
            2 * n
        );
        println!("{name}: {grown} allocations in {n} playouts ({plies} plies), {double} in {}, 0 when played again", 2 * n);
    }
}
