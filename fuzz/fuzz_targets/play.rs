//! Bytes choose legal moves from the standard or a Chess960 start: after each,
//! the mover's king is safe, the incremental key equals the key from scratch
//! and the FEN reads back to an equal position.
//!
//! The checks live in tests/common/checks.rs, shared with `cargo test`
//! (tests/fuzz_corpus.rs replays fuzz/seeds/play through them).
#![no_main]

#[path = "../../tests/common/checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::play(data));
