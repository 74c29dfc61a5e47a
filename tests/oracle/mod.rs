//! The data-driven suites: each replays data under `tests/data/` (the
//! python-chess oracle's games and positions, perft counts, FEN, SAN, PGN
//! and dead-position samples) or the fuzz targets' committed seeds. They
//! and their data stay in the repository; the published package leaves
//! them out.

mod dead_sample;
mod draws;
mod fen;
mod fen_python;
mod fuzz_corpus;
mod oracle_games;
mod oracle_positions;
mod perft;
mod pgn;
mod san;
mod zobrist;
