//! The integration tests, one binary (`cargo test --test suite`): each
//! module below was a test crate of its own; linked together, they build
//! once. A module's tests run alone with its name as the filter, e.g.
//! `cargo test --test suite perft::` (`-- --ignored` for the slow ones).
//!
//! The binary's global allocator is the counting one in `alloc`: the
//! allocation and memory tests read it.

mod common;
/// The suites that replay data (`tests/data/`, the fuzz seeds).
mod oracle;

mod alloc;
#[cfg(feature = "arrow")]
mod arrow;
mod bitboard;
mod clock;
mod dead;
mod dead_chain;
mod dead_proofs;
mod endings;
mod errors;
mod find_move;
mod game;
mod move_bound;
#[cfg(feature = "arrow")]
mod pgn_arrow;
mod pgn_files;
mod pgn_hostile;
mod pgn_memory;
mod pgn_parallel;
mod pgn_reading;
mod pgn_writing;
mod properties;
mod queries;
mod rules;
mod serde;
mod setup;
mod touch_move;
