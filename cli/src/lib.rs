//! The programs of `chess-arbiter`, as a library their binaries and tests
//! share:
//!
//! - [`referee`]: runs a match between two UCI engines and rules every game
//!   by the Laws of Chess (the `referee` binary);
//! - [`pgn`]: validates, exports and audits PGN files (the `pgn` binary).
//!
//! Install both with `cargo install --path cli` from the repository.

#![forbid(unsafe_code)]

pub mod pgn;
pub mod referee;
