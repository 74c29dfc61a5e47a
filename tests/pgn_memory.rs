//! The memory `Reader::with_threads` holds is bounded by the batches in
//! flight and the largest game, whatever the number of threads (issue 26
//! items 10 and 15). The binary's global allocator counts the bytes held by
//! every thread; the measurements run one after the other in a single test,
//! in a process of its own, so that nothing else allocates meanwhile.

use crate::alloc::{allocations_of, held_by_all, peak_of_all, reset_peak_of_all};
use chess_arbiter::pgn::{PgnGame, Reader};
use chess_arbiter::{Game, Position};
use std::process::Command;

/// The most memory held at once while every item of `text` is read with
/// `threads` workers and dropped, beyond what was held before.
fn peak_reading(text: &[u8], threads: usize) -> usize {
    let base = reset_peak_of_all();
    let mut games = 0;
    for item in Reader::with_threads(text, threads) {
        games += usize::from(item.is_ok());
    }
    assert!(games > 0);
    peak_of_all() - base
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

/// Set in the process that measures alone.
const ALONE: &str = "CHESS_ARBITER_TEST_ALONE";

#[test]
fn with_threads_holds_the_batches_in_flight_and_the_largest_game_whatever_the_threads() {
    // The allocator counts the bytes of every thread, and the other tests
    // of this binary run in parallel: the measurement runs in a process of
    // its own, this test binary run again with this test alone.
    if std::env::var_os(ALONE).is_none() {
        let name = concat!(
            "pgn_memory::",
            "with_threads_holds_the_batches_in_flight_and_the_largest_game_whatever_the_threads"
        );
        let status = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", name, "--test-threads=1", "--nocapture"])
            .env(ALONE, "1")
            .status()
            .unwrap();
        assert!(status.success(), "the measurement alone: {status}");
        return;
    }
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
    let base = held_by_all();
    let games: Vec<PgnGame> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
    let per_game = (held_by_all() - base) / games.len();
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

/// Allocations per game when `games` random records of up to 90 plies,
/// with 12 tags (and a clock comment after every move when `clocks`; from
/// a position set up by a `FEN` tag when `fen`), are read on this thread.
fn allocations_a_game(games: u64, clocks: bool, fen: bool) -> f64 {
    let mut text = String::new();
    let start = if fen {
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap()
    } else {
        Position::new()
    };
    for seed in 0..games {
        let mut game = Game::from_position(start.clone());
        let mut state = seed + 1;
        for _ in 0..90 {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            game.play(moves[(state % moves.len() as u64) as usize])
                .unwrap();
        }
        let plies = game.moves().len();
        let mut pgn = PgnGame::new(game);
        for tag in ["WhiteElo", "BlackElo", "TimeControl", "ECO", "Opening"] {
            pgn.set_tag(tag, "1500");
        }
        for ply in (0..plies).filter(|_| clocks) {
            pgn.set_comment(ply, Some(&format!("[%clk 0:0{}:00]", ply % 10)));
        }
        text.push_str(&pgn.to_string());
        text.push('\n');
    }
    let (allocations, read) = allocations_of(|| {
        Reader::new(text.as_bytes())
            .map(Result::unwrap)
            .collect::<Vec<PgnGame>>()
    });
    assert_eq!(read.len(), games as usize);
    assert!(read.iter().all(|g| (g.comments().count() > 0) == clocks));
    assert!(read.iter().all(|g| g.tag("FEN").is_some() == fen));
    allocations as f64 / games as f64
}

#[test]
fn a_game_read_costs_eight_allocations_at_most() {
    // The game's four vectors of history, its tags' text and places, and
    // with comments their text and places: eight, or six, none grown once
    // the reader knows the room games of the file take (the reader's
    // buffer and the list of games aside: half an allocation a game).
    let with_clocks = allocations_a_game(60, true, false);
    assert!(with_clocks <= 8.5, "{with_clocks} allocations a game");
    let without = allocations_a_game(60, false, false);
    assert!(
        without <= 6.5,
        "{without} allocations a game without comments"
    );
    // A `FEN` tag: the game started again where the tag says, in the
    // vectors made for it.
    let set_up = allocations_a_game(60, false, true);
    assert!(set_up <= 6.5, "{set_up} allocations a game set up by FEN");
}
