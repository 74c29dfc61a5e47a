#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
//! chess-arbiter

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod bitboard;
mod castling;
mod color;
mod fen;
mod game;
mod movegen;
mod moves;
mod outcome;
mod picture;
mod position;
mod role;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
mod text;
mod uci;
mod validate;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastlingMode, CastlingSide};
pub use color::{Color, ParseColorError};
pub use fen::FenError;
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{IllegalMoveError, Position};
pub use role::{ParsePieceError, Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
pub use text::{San, Uci};
pub use uci::UciError;
pub use validate::PositionError;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
