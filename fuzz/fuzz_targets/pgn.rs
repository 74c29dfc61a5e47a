//! Arbitrary bytes as a PGN file: reading never panics, every game read is
//! written in export format and read back to the same tags, start, moves,
//! comments, NAGs and result, and `Reader::with_threads(_, 2)` yields the
//! same items as reading on one thread. A fuzzing build (`--cfg fuzzing`)
//! cuts its input into chunks of 256 bytes instead of 32 KiB, so that inputs
//! are read in many chunks, each cut confirmed or read again; an input of a
//! dozen chunks or fewer is read on the calling thread alone (no thread to
//! start per input), a longer one by the calling thread and a worker.
//!
//! The round-trip checks live in tests/common/pgn_checks.rs, shared with
//! `cargo test` (tests/oracle/fuzz_corpus.rs replays fuzz/seeds/pgn through
//! them; tests/pgn_parallel.rs replays them through the threads check).
#![no_main]

#[path = "../../tests/common/pgn_checks.rs"]
mod pgn_checks;

use chess_arbiter::pgn::Reader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The items checked (round trips) are the ones compared: one reading,
    // each error written once (the other reading's errors are compared as
    // they are written, with no copy).
    let one = pgn_checks::checked_items(data);
    pgn_checks::same_items(
        &one,
        Reader::with_threads(data, 2).take(1000),
        "with_threads(_, 2) differs from the sequential reader",
    );
});
