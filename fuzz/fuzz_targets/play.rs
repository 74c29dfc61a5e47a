//! Bytes choose legal moves from the standard start, a Chess960 start or a
//! position of the table: after each the piece sets stay consistent; every
//! 64th position and the last one also read back from their FEN, and their
//! incremental key equals the key from scratch.
//!
//! The checks live in tests/common/checks.rs, shared with `cargo test`
//! (tests/oracle/fuzz_corpus.rs replays fuzz/seeds/play through them).
#![no_main]

#[path = "../../tests/common/checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::play(data));
