#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
//! The Laws of Chess as an arbiter knows them: which moves are legal, how
//! positions and moves are written (FEN, SAN, UCI), and when a game is over
//! and why (FIDE Laws of Chess, articles 3, 5, 6.9 and 9).
//!
//! # A game to a draw claim
//!
//! Both knights go out and come back twice. After White's fourth move Black
//! may claim a draw by announcing `Ng8`, which would repeat the starting
//! position a third time (FIDE 9.2.1); the claim is never made for them.
//!
//! ```
//! use chess_arbiter::{Color, DrawReason, Game, Outcome, WinReason};
//!
//! let mut game = Game::new();
//! for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
//!     game.play_san(san).unwrap();
//! }
//! assert!(game.can_claim_threefold_repetition()); // by announcing Ng8
//! assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
//! assert_eq!(game.outcome(), None); // claims are never automatic
//!
//! // Had Black's flag fallen instead, White could still mate: White wins (FIDE 6.9).
//! let ruling = game.outcome_on_timeout(Color::Black);
//! assert_eq!(ruling, Outcome::Decisive { winner: Color::White, reason: WinReason::Timeout });
//! assert_eq!(ruling.result(), "1-0");
//! assert_eq!(ruling.to_string(), "white wins by timeout");
//! ```
//!
//! # Positions and FEN
//!
//! A [`Position`] is one position without history: the pieces, the side to
//! move, castling rights, the en passant square and the two clocks. It
//! reads and writes FEN; a FEN that cannot be read, or that describes a
//! position no game can reach in the ways [`PositionError`] lists, is a
//! [`FenError`] saying which field and what was wrong.
//!
//! ```
//! use chess_arbiter::{FenError, Position};
//!
//! let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
//! assert_eq!(pos.legal_moves().len(), 26);
//! assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
//! assert!(matches!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"), Err(FenError::Position(_))));
//! ```
//!
//! # Moves: SAN and UCI
//!
//! A [`Move`] is two bytes: from, to and kind ([`MoveKind`]); castling is
//! stored as the king taking its own rook, so Chess960 needs no special
//! case. [`Position::legal_moves`] generates every legal move into a
//! [`MoveList`] on the stack. Moves are written in UCI ([`Position::uci`],
//! [`Position::parse_uci`]: `e2e4`, `e7e8q`, castling `e1g1`, or `e1h1` in
//! Chess960) and in Standard Algebraic Notation (FIDE Appendix C:
//! [`Position::san`] writes it; [`Position::parse_san`] reads what players
//! write — `0-0`, `Ng1f3`, `e8Q`, `exd6e.p.`, a wrong `+` — and never
//! guesses between two moves; [`Position::parse_san_strict`] reads only
//! what `san` writes). Errors say what was wrong: [`UciError`],
//! [`SanError`].
//!
//! ```
//! use chess_arbiter::{MoveKind, Position, SanError};
//!
//! let pos = Position::new();
//! let m = pos.parse_uci("e2e4").unwrap();
//! assert_eq!(m.kind(), MoveKind::DoublePush);
//! assert_eq!(pos.san(m).as_str(), "e4");
//! assert_eq!(pos.parse_san("Ng1-f3").unwrap(), pos.parse_san("Nf3").unwrap());
//! assert!(pos.parse_san_strict("Ng1f3").is_err());
//! assert!(matches!(pos.parse_san("Nd2"), Err(SanError::Illegal { .. })));
//! ```
//!
//! # Games and the draw rules
//!
//! A [`Game`] is a start position and the moves played since, and decides
//! what the arbiter decides:
//!
//! - **Automatic endings** ([`Game::outcome`]): checkmate (FIDE 5.1.1),
//!   stalemate (5.2.1), a dead position by insufficient material or
//!   otherwise (5.2.2),
//!   fivefold repetition (9.6.1) and seventy-five moves without a pawn move
//!   or capture (9.6.2), unless the last move mated.
//! - **Claims** ([`Game::can_claim_threefold_repetition`],
//!   [`Game::can_claim_fifty_moves`], [`Game::claimable_draw`]): threefold
//!   repetition (9.2) and the fifty-move rule (9.3), now or by announcing a
//!   move; never once the game is over, never automatic.
//! - **Flag fall** ([`Game::outcome_on_timeout`]): the flagged side loses,
//!   unless the opponent could not mate by any series of legal moves; then
//!   it is a draw (6.9).
//!
//! Repetition follows FIDE 9.2: the same side to move, the same pieces on
//! the same squares, the same castling rights, and an en passant square only
//! when the capture is legal. Positions before the start are unknown.
//!
//! ```
//! use chess_arbiter::{DrawReason, Game, Outcome};
//!
//! // Seventy-five moves without a capture or pawn move end the game by themselves.
//! let mut game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 149 100").unwrap();
//! assert!(game.can_claim_fifty_moves());
//! game.play_uci("h1h2").unwrap();
//! assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::SeventyFiveMoves }));
//! assert!(!game.can_claim_fifty_moves()); // the game is over: nothing to claim
//! ```
//!
//! # Dead positions (FIDE 5.2.2) and flag falls (6.9)
//!
//! "The game is drawn when a position has arisen in which neither player
//! can checkmate the opponent's king with any series of legal moves"
//! (5.2.2), and a flag fall is a draw when "the opponent cannot checkmate
//! the player's king by any possible series of legal moves" (6.9). Beyond
//! insufficient material, locked pawn walls and boxed-in kings make
//! positions dead: [`Position::winnability`] decides whether a side can
//! still mate, the opponent helping, as [`Winnability::Winnable`] (with a
//! mating line, [`Position::helpmate`]), [`Winnability::Unwinnable`] (with
//! a proof) or, when its bounded search gives up,
//! [`Winnability::Unknown`]. [`Position::is_dead`] is unwinnable for both;
//! [`Game::outcome`] reports it as [`DrawReason::DeadPosition`] right after
//! insufficient material, and [`Game::outcome_on_timeout`] draws when the
//! flagged side's opponent is unwinnable.
//!
//! ```
//! use chess_arbiter::{Color, DrawReason, Game, Outcome, Winnability};
//!
//! // The pawns are locked; the bishop runs on the squares of its own pawns.
//! let game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
//! assert_eq!(game.position().winnability(Color::White), Winnability::Unwinnable);
//! assert!(game.position().is_dead());
//! assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::DeadPosition }));
//!
//! // The same wall with the bishop on the other colour: White can break in.
//! let game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1").unwrap();
//! assert_eq!(game.outcome(), None);
//! assert!(game.position().helpmate(Color::White).is_some());
//! ```
//!
//! # Chess960
//!
//! [`Position::chess960`] sets up any of the 960 starts (Scharnagl
//! numbering, 518 is the standard one). In [`CastlingMode::Chess960`] the
//! king castles by "taking" its rook, and ends on the g- or c-file as in
//! standard chess. FEN castling rights read as X-FEN (`KQkq`, with a file
//! letter when the rook is not the outermost) or Shredder-FEN (`HAha`) and
//! are written as X-FEN.
//!
//! ```
//! use chess_arbiter::{CastlingMode, Position};
//!
//! let pos = Position::chess960(0);
//! assert_eq!(pos.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
//! assert_eq!(pos.perft(2), 400);
//! ```
//!
//! # Features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `std` | yes | nothing yet but `std` itself: the crate is `no_std` + `alloc` underneath |
//! | `serde` | no | `Serialize`/`Deserialize` for every value type, validating on read |
//!
//! With `serde`, each value is written as its usual text: a [`Square`] as
//! `"e4"`, a [`Position`] as its FEN, a [`Move`] as UCI (with the kind when
//! UCI alone cannot tell it: `"e2e4 double-push"`, `"e5d6 en-passant"`,
//! `"e1h1 castle"`), a [`Game`] as `{"start": FEN, "moves": [UCI, ...]}`, an
//! [`Outcome`] as `{"result": "1-0", "winner": "white", "reason":
//! "checkmate"}`, a [`Bitboard`] as its `u64`. Reading checks everything:
//! an invalid FEN, an illegal move or an unknown square is an error naming
//! what was wrong. A Chess960 position whose castling rights look standard
//! reads back in standard mode (same legal moves).
//!
//! # `no_std`
//!
//! The crate is `#![no_std]` and needs only `alloc` (for FEN text, error
//! messages and a game's history); move generation and `play` never
//! allocate. Build it with `default-features = false` for wasm or embedded
//! targets. It contains no `unsafe` code (`#![forbid(unsafe_code)]`), and no
//! input of any kind makes it panic.

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod bitboard;
mod castling;
mod color;
mod dead;
mod fen;
mod game;
mod movegen;
mod moves;
mod outcome;
mod picture;
mod position;
mod role;
mod san;
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
pub use dead::Winnability;
pub use fen::FenError;
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{IllegalMoveError, Position};
pub use role::{ParsePieceError, Piece, Role};
pub use san::SanError;
pub use square::{File, ParseSquareError, Rank, Square};
pub use text::{San, Uci};
pub use uci::UciError;
pub use validate::PositionError;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
