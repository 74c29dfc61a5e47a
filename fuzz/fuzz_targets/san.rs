//! A position from a built-in table, then arbitrary text to `parse_san` and
//! `parse_san_strict`: an accepted move is legal and its `san()` parses back
//! to it through both.
//!
//! The checks live in tests/common/checks.rs, shared with `cargo test`
//! (tests/oracle/fuzz_corpus.rs replays fuzz/seeds/san through them).
#![no_main]

#[path = "../../tests/common/checks.rs"]
mod checks;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| checks::san(data));
