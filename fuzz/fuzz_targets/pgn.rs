//! Arbitrary bytes as a PGN file: reading never panics, and every game read
//! is written in export format and read back to the same tags, start,
//! moves, comments, NAGs and result.
//!
//! The checks live in tests/common/pgn_checks.rs, shared with `cargo test`
//! (tests/fuzz_corpus.rs replays fuzz/seeds/pgn through them).
#![no_main]

#[path = "../../tests/common/pgn_checks.rs"]
mod pgn_checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| pgn_checks::pgn(data));
