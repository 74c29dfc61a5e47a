//! The memory `Reader::with_threads` holds is bounded by the batches in
//! flight and the largest game, whatever the number of threads (issue 26
//! items 10 and 15). A global allocator counts the bytes held by every
//! thread; the measurements run one after the other in a single test, so
//! that nothing else allocates meanwhile.

use chess_arbiter::pgn::{PgnGame, Reader};
use chess_arbiter::{Game, Position};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn add(bytes: usize) {
    let now = HELD.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed on unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        add(new_size);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most memory held at once while every item of `text` is read with
/// `threads` workers and dropped, beyond what was held before.
fn peak_reading(text: &[u8], threads: usize) -> usize {
    let base = HELD.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let mut games = 0;
    for item in Reader::with_threads(text, threads) {
        games += usize::from(item.is_ok());
    }
    assert!(games > 0);
    PEAK.load(Ordering::Relaxed) - base
}

/// A game of pseudo-random legal moves, up to `plies` long.
fn random_game(seed: u64, plies: usize) -> String {
    let mut game = Game::from_position(Position::new());
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(state >> 33) as usize % moves.len()];
        game.play(m).unwrap();
    }
    PgnGame::new(game).to_string()
}

#[test]
fn with_threads_holds_the_batches_in_flight_and_the_largest_game_whatever_the_threads() {
    // Item 10: a few huge games (a long comment each): built on the calling
    // thread, they cost what they cost on one.
    let huge = 4 << 20;
    let mut text = String::new();
    for k in 0..8 {
        text.push_str(&format!(
            "[Round \"{k}\"]\n\n1. e4 {{{}}} e5 *\n\n",
            "x".repeat(huge)
        ));
    }
    let one = peak_reading(text.as_bytes(), 1);
    for threads in [2, 8] {
        let peak = peak_reading(text.as_bytes(), threads);
        assert!(
            peak <= one + huge / 2,
            "{threads} threads held {peak} bytes, one thread {one}, games of {huge}"
        );
    }
    assert!(
        one <= 6 * huge,
        "one thread held {one} bytes for games of {huge}"
    );

    // Item 15: long games (about 256 plies).
    let mut text = String::new();
    for seed in 0..300 {
        text.push_str(&random_game(seed, 256));
        text.push('\n');
    }
    let one = peak_reading(text.as_bytes(), 1);
    let two = peak_reading(text.as_bytes(), 2);
    // Per game built: measured on one.
    let base = HELD.load(Ordering::Relaxed);
    let games: Vec<PgnGame> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    let per_game = (HELD.load(Ordering::Relaxed) - base) / games.len();
    let per_text = text.len() / games.len();
    drop(games);
    // Six batches of 128 KiB of text at the workers, each with the games
    // built from it, and the batch the caller is taking.
    let in_flight = 7 * (128 << 10) * (per_game + per_text) / per_text;
    assert!(
        two <= one + in_flight,
        "two threads held {two} bytes, one thread {one}; {per_game} bytes a game of \
         {per_text} bytes of text; {in_flight} in flight"
    );
    eprintln!(
        "huge games: one thread {one}; long games: one thread {one} two {two}, {per_game} \
         bytes a game of {per_text} bytes"
    );
}
