//! Arbitrary bytes to the FEN readers: an accepted position writes a FEN that
//! reads back to an equal position, and every legal move from it leads to a
//! position whose key, FEN and rulings are consistent.
//!
//! The checks live in tests/common/checks.rs, shared with `cargo test`
//! (tests/oracle/fuzz_corpus.rs replays fuzz/seeds/fen through them).
#![no_main]

#[path = "../../tests/common/checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::fen(data));
