//! Move generation, playing moves, SAN and UCI, legality tests and the
//! claim queries never allocate; `Game::play` allocates only when its
//! history grows (amortised). A counting global allocator proves it.
//!
//! The counting allocator here is the global allocator of the whole test
//! binary: `pgn_hostile` and `pgn_memory` read the bytes it counts.

use chess_arbiter::{Game, Position};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts, for the current thread (tests run in parallel, each on its own
/// thread), the allocations made and the bytes held with their peak; and
/// the bytes every thread holds with their peak.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

static HELD_ALL: AtomicUsize = AtomicUsize::new(0);
static PEAK_ALL: AtomicUsize = AtomicUsize::new(0);

fn add(bytes: usize) {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = HELD.try_with(|held| {
        let now = held.get() + bytes;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
    let now = HELD_ALL.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK_ALL.fetch_max(now, Ordering::Relaxed);
}

fn sub(bytes: usize) {
    let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(bytes)));
    HELD_ALL.fetch_sub(bytes, Ordering::Relaxed);
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        sub(layout.size());
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        sub(layout.size());
        add(new_size);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// The most memory `f` held at once on this thread, beyond what was held
/// before it ran.
pub(crate) fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = HELD.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = std::hint::black_box(f());
    (PEAK.with(Cell::get) - base, out)
}

/// The bytes all threads hold now.
pub(crate) fn held_by_all() -> usize {
    HELD_ALL.load(Ordering::Relaxed)
}

/// Starts a measurement of the peak of `held_by_all`: returns the bytes
/// held now, from which the peak counts.
pub(crate) fn reset_peak_of_all() -> usize {
    let base = held_by_all();
    PEAK_ALL.store(base, Ordering::Relaxed);
    base
}

/// The peak of `held_by_all` since `reset_peak_of_all`.
pub(crate) fn peak_of_all() -> usize {
    PEAK_ALL.load(Ordering::Relaxed)
}

/// The allocations `f` makes on this thread.
pub(crate) fn allocations_of<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = allocations();
    let out = std::hint::black_box(f());
    (allocations() - before, out)
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

#[test]
fn move_generation_play_and_notation_never_allocate() {
    for fen in FENS {
        let pos = Position::from_fen(fen).unwrap();
        let (n, moves) = allocations_of(|| pos.legal_moves());
        assert_eq!(n, 0, "legal_moves allocated in {fen}");
        for &m in &moves {
            let mut played = pos.clone();
            let (n, ()) = allocations_of(|| played.play_unchecked(m));
            assert_eq!(n, 0, "play_unchecked({m}) allocated in {fen}");
            let mut played = pos.clone();
            let (n, result) = allocations_of(|| played.play(m).is_ok());
            assert!(result);
            assert_eq!(n, 0, "play({m}) allocated in {fen}");
            let (n, legal) = allocations_of(|| pos.is_legal(m));
            assert!(legal);
            assert_eq!(n, 0, "is_legal({m}) allocated in {fen}");
            let (n, san) = allocations_of(|| pos.san(m));
            assert_eq!(n, 0, "san({m}) allocated in {fen}");
            let (n, back) = allocations_of(|| pos.parse_san(&san));
            assert_eq!(back, Ok(m));
            assert_eq!(n, 0, "parse_san({san}) allocated in {fen}");
            let (n, back) = allocations_of(|| pos.parse_san_strict(&san));
            assert_eq!(back, Ok(m));
            assert_eq!(n, 0, "parse_san_strict({san}) allocated in {fen}");
            let uci = pos.uci(m);
            let (n, back) = allocations_of(|| pos.parse_uci(&uci));
            assert_eq!(back, Ok(m));
            assert_eq!(n, 0, "parse_uci({uci}) allocated in {fen}");
        }
        let (n, _) = allocations_of(|| {
            (
                pos.perft(2),
                pos.is_checkmate(),
                pos.is_stalemate(),
                pos.outcome(),
            )
        });
        assert_eq!(n, 0, "perft or an outcome query allocated in {fen}");
    }
}

#[test]
fn game_play_allocates_only_to_grow_and_claim_queries_never() {
    // Seeded random games, played to their end or 300 plies.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for game_number in 0..20 {
        let mut game = Game::new();
        let mut growth = 0;
        for ply in 0..300 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let m = moves[(seed >> 33) as usize % moves.len()];
            // `Game::play` rules on the position it leads to (FIDE 5.2.2):
            // where a short look finds no mating line, the full proof's
            // search table is the only other allocation it makes.
            let (n, result) = allocations_of(|| game.play(m));
            result.unwrap_or_else(|e| panic!("game {game_number} ply {ply}: {e}"));
            let (dead_proof, _) = allocations_of(|| game.position().outcome());
            if dead_proof == 0 {
                growth += n;
            }
            let (n, _) = allocations_of(|| {
                (
                    game.repetitions(),
                    game.can_claim_threefold_repetition(),
                    game.can_claim_fifty_moves(),
                    game.claimable_draw(),
                    game.is_fivefold_repetition(),
                    game.is_seventy_five_moves(),
                    game.outcome(),
                )
            });
            // The game ruled on its position when the move was played:
            // asking again costs no proof, and no allocation.
            assert_eq!(
                n, 0,
                "a claim query allocated in game {game_number} at ply {ply}"
            );
        }
        // Each history doubles from its first capacity: a handful of
        // reallocations for 300 plies, not one per move.
        assert!(
            growth <= 12,
            "Game::play allocated {growth} times in game {game_number}"
        );
    }
}

#[test]
fn threefold_claim_by_an_announced_move_does_not_allocate() {
    let mut game = Game::new();
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play_uci(uci).unwrap();
    }
    let (n, claim) = allocations_of(|| game.can_claim_threefold_repetition());
    assert!(claim);
    assert_eq!(n, 0);
    let (n, reason) = allocations_of(|| game.claimable_draw());
    assert!(reason.is_some());
    assert_eq!(n, 0);
}

#[test]
fn touch_move_legal_moves_from_and_clock_presses_never_allocate() {
    use chess_arbiter::Square;
    use chess_arbiter::clock::{Clock, TimeControl};
    use core::time::Duration;
    for fen in FENS {
        let pos = Position::from_fen(fen).unwrap();
        for sq in Square::ALL {
            let (n, _) = allocations_of(|| pos.touch_move(&[sq, Square::E1, Square::H1]));
            assert_eq!(n, 0, "touch_move({sq}) allocated in {fen}");
            let (n, _) = allocations_of(|| pos.legal_moves_from(sq));
            assert_eq!(n, 0, "legal_moves_from({sq}) allocated in {fen}");
        }
    }
    for text in ["40/5400+30:1800+30", "*180", "-", "180+2"] {
        let mut clock = Clock::new(&text.parse::<TimeControl>().unwrap());
        for _ in 0..100 {
            let (n, _) = allocations_of(|| clock.press(Duration::from_secs(1)));
            assert_eq!(n, 0, "press allocated on {text}");
        }
    }
}
