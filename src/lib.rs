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
//! # Moves from a board, and why a move is illegal
//!
//! A board interface knows two squares: [`Position::find_move`] turns them
//! into the legal [`Move`] with its kind worked out (double push, en
//! passant, castling as the king's two-square step or king onto rook), or
//! says why there is none ([`IllegalMoveReason`]: no piece there, not the
//! mover's piece, pinned, leaves the king in check, castling not allowed
//! and why, a promotion piece needed). [`Position::play`] and
//! [`Game::play`] give the same reasons; a [`Move`] built by hand with the
//! wrong kind is refused with the legal move named.
//!
//! ```
//! use chess_arbiter::{IllegalMoveReason, Move, Position, Square};
//!
//! let mut pos = Position::new();
//! let err = pos.play(Move::new(Square::E2, Square::E4)).unwrap_err();
//! assert_eq!(err.reason, IllegalMoveReason::WrongKind { legal: Move::double_push(Square::E2, Square::E4) });
//! let m = pos.find_move(Square::E2, Square::E4, None).unwrap();
//! pos.play(m).unwrap();
//! let err = pos.find_move(Square::E1, Square::E2, None).unwrap_err();
//! assert_eq!(err.reason.to_string(), "the white king on e1 is not black's: black is to move");
//! ```
//!
//! # Endings a game records
//!
//! Besides the endings a position decides by itself, a [`Game`] records a
//! resignation ([`Game::resign`], FIDE 5.1.2), an agreed draw
//! ([`Game::agree_draw`], 5.2.3), an accepted draw claim
//! ([`Game::claim_draw`], [`Game::claim_draw_announcing`], 9.2 and 9.3)
//! and a flag fall as 6.9 rules it ([`Game::flag_fall`]);
//! [`Game::draw_claim`] says how a claim is made, now or by announcing
//! which move. [`Game::outcome`] returns recorded endings too, and a game
//! that is over takes no more moves.
//!
//! ```
//! use chess_arbiter::{Color, Game, Outcome, WinReason};
//!
//! let mut game = Game::new();
//! game.play_san("e4").unwrap();
//! game.resign(Color::Black).unwrap();
//! assert_eq!(game.outcome(), Some(Outcome::Decisive { winner: Color::White, reason: WinReason::Resignation }));
//! assert!(game.play_san("e5").is_err());
//! ```
//!
//! # The clock (FIDE 6) and touch-move (4)
//!
//! [`clock::Clock`] keeps both players' time on a [`clock::TimeControl`]
//! read from the PGN `TimeControl` tag (`"40/5400+30:1800+30"`, `"180+2"`,
//! `"*180"`); the caller measures each move and presses the clock with the
//! [`Duration`](core::time::Duration) it took, and a fallen flag is ruled
//! and recorded by [`Game::flag_fall`] (6.9). [`Position::touch_move`] says
//! which moves a player may still make after touching pieces (4.3 to 4.5).
//!
//! ```
//! use chess_arbiter::clock::{Clock, TimeControl};
//! use chess_arbiter::{Color, Game, Square};
//! use core::time::Duration;
//!
//! let mut game = Game::new();
//! let mut clock = Clock::new(&"180+2".parse::<TimeControl>().unwrap());
//! // White touched the knight on g1: it must move (4.3.1).
//! let allowed = game.position().touch_move(&[Square::G1]);
//! assert_eq!(allowed.len(), 2);
//! game.play(allowed[0]).unwrap();
//! clock.press(Duration::from_secs(4)).unwrap();
//! assert_eq!(clock.remaining(Color::White), Duration::from_secs(178));
//! // Black's flag falls: White can still mate, so White wins.
//! assert!(clock.press(Duration::from_secs(200)).is_err());
//! let ruling = game.flag_fall(clock.flag().unwrap()).unwrap();
//! assert_eq!(ruling.to_string(), "white wins by timeout");
//! ```
//!
//! # Setting up positions
//!
//! [`Setup`] is an editable board (put and remove pieces, side to move,
//! castling rights, en passant square, clocks) that [`Setup::position`]
//! checks by the rules FEN reading applies. [`Position::from_fen_with`]
//! with [`FenOptions::lenient`] reads a FEN with stale castling rights or
//! en passant square by dropping them. Queries answer what a program asks of a position:
//! [`Position::piece_map`], [`Position::attackers`],
//! [`Position::is_attacked_by`], [`Position::pinned`],
//! [`Position::gives_check`], [`Position::is_capture`],
//! [`Position::is_zeroing`]; and of a game: [`Game::positions`],
//! [`Game::san_moves`], [`Game::repetition_plies`].
//!
//! ```
//! use chess_arbiter::{Color, Role, Setup, Square};
//!
//! let mut setup = Setup::empty();
//! setup
//!     .put(Square::G6, Role::King.of(Color::White))
//!     .put(Square::A7, Role::Rook.of(Color::White))
//!     .put(Square::H8, Role::King.of(Color::Black));
//! let pos = setup.position().unwrap();
//! let mate = pos.parse_san("Ra8").unwrap();
//! assert!(pos.gives_check(mate));
//! assert_eq!(pos.san(mate).as_str(), "Ra8#");
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
//! | `std` | yes | links the standard library. Every API of this version works without it (the error types implement `core::error::Error`, which is `std::error::Error`); APIs built on `std::io`, such as reading PGN from a `Read`, need it. Turn it off only for `no_std` targets |
//! | `serde` | no | `Serialize`/`Deserialize` for every value type, validating on read |
//! | `engine` | no | the `engine` module: a UCI engine as a child process (start, options, search under a clock, `bestmove` and `info` as typed values, its process group killed when done); needs `std`, and `rustix` on Unix |
//!
//! With `serde`, each value is written as its usual text: a [`Square`] as
//! `"e4"`, a [`Position`] as its FEN, a [`Move`] as UCI (with the kind when
//! UCI alone cannot tell it: `"e2e4 double_push"`, `"e2e4 normal"`,
//! `"e5d6 en_passant"`, `"e1h1 castle"`; a bare `"e2e4"` is refused rather
//! than guessed), a [`Game`] as `{"start": FEN, "moves": [UCI, ...]}` (and
//! `"ending"` once it is resigned, agreed or claimed), an
//! [`Outcome`] as `{"result": "1-0", "winner": "white", "reason":
//! "checkmate"}`, a [`Bitboard`] as its `u64`. Reading checks everything:
//! an invalid FEN, an illegal move or an unknown square is an error naming
//! what was wrong. A Chess960 position whose castling rights look standard
//! reads back in standard mode (same legal moves).
//! An enum is written as its token, the one spelling its `name()` gives
//! (a [`DrawReason`] as `"seventyfive_moves"`, the Arrow `termination`
//! column's word); the spellings of 0.2 (`"seventy-five-moves"`,
//! `"double-push"`) still read.
//!
//! # Differences from python-chess
//!
//! python-chess is the reference most users know, and this crate agrees
//! with it on every rule but these, each deliberate:
//!
//! 1. **No claim once the game is over.** Threefold repetition and the
//!    fifty-move rule cannot be claimed after checkmate, stalemate, a dead
//!    position, fivefold repetition or seventy-five moves (FIDE 9: a claim
//!    needs a game in progress); python-chess still reports `can_claim_*`.
//! 2. **Stalemate before insufficient material.** [`Position::outcome`]
//!    names checkmate, stalemate, insufficient material, seventy-five moves,
//!    fivefold repetition, in that order; python-chess checks insufficient
//!    material before stalemate.
//! 3. **Threefold before fifty moves.** When both claims hold,
//!    [`Game::claimable_draw`] names threefold repetition; python-chess
//!    names the fifty-move rule.
//! 4. **No move after the end.** [`Game::play`] and its text forms refuse
//!    a move once [`Game::outcome`] is `Some`; python-chess pushes it.
//! 5. **FEN fields are separated by ASCII spaces.** A tab between fields
//!    is an error (blanks of any kind around the FEN are ignored);
//!    python-chess splits on any whitespace.
//! 6. **FEN needs its first four fields.** python-chess fills in missing
//!    turn, castling and en passant fields.
//! 7. **No crazyhouse marker in FEN.** `~` after a piece is an error;
//!    python-chess reads it as a promoted piece.
//! 8. **FEN clocks are ASCII decimal digits.** python-chess's `int()` also
//!    takes other scripts' digits, `_` and a sign.
//! 9. **Null moves are not moves.** `--`, `Z0`, `0000` and `@@@@` are
//!    [`SanError::Syntax`]: the Laws have no null move; python-chess reads
//!    them as null moves.
//! 10. **SAN annotations are ignored.** `Nf3!?` reads as `Nf3`; python-chess
//!     refuses a trailing `!` or `?`.
//! 11. **`e.p.` is read.** `exd6e.p.` reads as the en passant capture and
//!     makes any other move illegal; python-chess refuses the mark.
//! 12. **SAN of an illegal move is marked.** [`Position::san`] writes an
//!     illegal move as `(e2e4)`, which no parser reads as a move;
//!     python-chess raises an error.
//! 13. **A FEN is a legal position.** [`Position::from_fen`] refuses any
//!     position [`PositionError`] describes, where python-chess builds the
//!     board and reports its faults through `status()`;
//!     [`FenOptions::lenient`] repairs what python-chess's
//!     `clean_castling_rights` and en passant rules repair.
//! 14. **Dead positions beyond material.** python-chess ends a game by
//!     insufficient material only; [`Position::outcome`] and
//!     [`Game::outcome`] also report [`DrawReason::DeadPosition`] (FIDE
//!     5.2.2: locked pawns, a forced line into a dead ending), and
//!     [`Game::outcome_on_timeout`] draws whenever the opponent cannot mate
//!     ([`Position::winnability`]), where python-chess applies its material
//!     rule.
//!
//! The test suites cite these by number ("python-chess difference 4").
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

/// Arrow record batches of games in, rulings out (feature `arrow`, or
/// `arrow-57` to `arrow-60` for one arrow major).
#[cfg(any(
    feature = "arrow-57",
    feature = "arrow-58",
    feature = "arrow-59",
    feature = "arrow-60"
))]
pub mod arrow;
pub mod attacks;
mod bitboard;
mod castling;
pub mod clock;
mod color;
mod dead;
mod ending;
#[cfg(feature = "engine")]
pub mod engine;
mod fen;
mod game;
mod illegal;
mod movegen;
mod moves;
mod outcome;
#[cfg(feature = "std")]
pub mod pgn;
mod picture;
mod position;
mod query;
mod quote;
mod role;
mod san;
mod setup;
mod square;
mod text;
mod touch;
mod types;
mod uci;
mod validate;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::{Color, ParseColorError};
pub use dead::{Winnability, WinnabilityOptions};
pub use ending::{ClaimError, DrawClaim, GameOverError};
pub use fen::{FenError, FenOptions};
pub use game::Game;
pub use illegal::{FindMoveError, IllegalMoveReason};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, MoveListIntoIter};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{IllegalMoveError, Position};
pub use query::PieceMap;
pub use role::{ParsePieceError, Piece, Role};
pub use san::{San, SanError};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};

pub use types::{CastlingMode, CastlingSide};
pub use uci::{Uci, UciError};
pub use validate::PositionError;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[doc = include_str!("../docs/guide.md")]
pub mod guide {}
