//! Bytes choose moves, undos and queries on a `Game`: claims and outcomes
//! never panic, and (every 64th step and at the end) agree with the
//! position's rulings and the replayed history.
//!
//! The checks live in tests/common/checks.rs, shared with `cargo test`
//! (tests/oracle/fuzz_corpus.rs replays fuzz/seeds/game through them).
#![no_main]

#[path = "../../tests/common/checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::game(data));
