//! Portable Game Notation: reading and writing game records, every move
//! validated by the Laws of Chess.
//!
//! [`Reader`] streams the games of any [`std::io::Read`] as [`PgnGame`]s:
//! tags, the mainline as a [`Game`](crate::Game), NAGs and comments per
//! move (with `[%clk]` and `[%eval]` as values), the variations as a tree
//! of [`Variation`]s, and the result token. An illegal, ambiguous or
//! unreadable move (in the mainline or a variation), a null move, an
//! unsupported variant, a bad FEN, or an unterminated tag or comment is a
//! [`PgnError`] naming game, line, column and ply; the reader then goes on
//! with the next game. When a record goes on after the game ended by
//! itself (insufficient material, a dead position, seventy-five moves,
//! fivefold repetition), the [`Game`](crate::Game) stops at that ending and
//! the moves after it are kept ([`PgnGame::moves_after_end`]). `Display` of
//! a [`PgnGame`] writes the PGN export format. A [`Visitor`] and [`visit`](fn@visit)
//! serve tools that need the text alone.
//!
//! [`Reader::with_threads`] yields the same items with the moves played on
//! worker threads, for databases; [`PgnGame::byte_offset`] and
//! [`PgnGame::first_line`] (and [`Visitor::game_start`]) say where each
//! game starts, and [`Visitor::skip_movetext`] passes over the movetext of
//! games a tool filters out by their tags.
//!
//! What is read: a byte-order mark (before any game: files joined with
//! `cat`), CRLF, lone CR (old Mac) and mixed line ends, `%` escape lines, `;` and `{}`
//! comments, NAGs (`$n` and `! ? !! ?? !? ?!`), nested `( )` variations
//! (each move played from its own position, kept out of the game; one
//! with no move before it to replace is read for syntax only), move numbers with `.` or
//! `...` (or none), `0-0`, a missing result, escaped tag values, games
//! without tags, `[FEN]` with or without `[SetUp]`, and `[Variant]`
//! `Chess960` (also `Chess 960`, `Fischerandom`, `Fischer Random`, any
//! case) or a FEN whose castling rights need Chess960. As pgn-extract reads
//! them (python-chess drops them): indented tag lines, and tags followed
//! by a comment on their line.
//!
//! Where python-chess reads nothing into the game, the `Termination` tag
//! (PGN standard 9.8.1) is read into it: `time forfeit` with a win is the
//! loser's [`Game::flag_fall`](crate::Game::flag_fall) (FIDE 6.9 may rule it
//! a draw), `normal` with a win at a position that is not mate is the
//! loser's resignation, with a draw a valid claim or else an agreement; so
//! [`PgnGame::game`]'s `outcome()` reports the time forfeits and resignations
//! of a database. The writer writes these endings back the same way.
//!
//! Limits, so that no input aborts the process or takes memory beyond a
//! small multiple of its size: variations nest at most [`MAX_NESTING`]
//! (255) levels ([`PgnErrorKind::TooDeep`] past that); a tree of
//! variations of any depth, built through the API, is dropped, cloned,
//! compared, walked ([`PgnGame::walk`]) and written without recursion.
//!
//! What a round trip (write, then read) keeps: the tags (names as read, a
//! tag given twice; `SetUp`, `FEN` and `Variant` are written from the
//! game's start), the start, every mainline move (those after an ending
//! reached on the board as [`PgnGame::moves_after_end`]), NAGs, comments
//! (their words: where the writer breaks a long comment to keep lines
//! within 79 characters, the comment reads back with a line break there),
//! the tree of variations, the result as [`PgnGame::game_result`], and an
//! ending recorded in the game. A second export gives the same bytes as the
//! first.
//!
//! ```
//! use chess_arbiter::pgn::{PgnGame, Reader};
//!
//! let pgn = r#"[Event "Casual game"]
//! [White "Anderssen"]
//! [Black "Kieseritzky"]
//! [Result "1-0"]
//!
//! 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ {Black gives up castling} 4. Kf1 b5?! 1-0
//! "#;
//! let game: PgnGame = Reader::new(pgn.as_bytes()).next().unwrap()?;
//! assert_eq!(game.tag("White"), Some("Anderssen"));
//! assert_eq!(game.game().moves().len(), 8);
//! assert_eq!(game.comment(5), Some("Black gives up castling"));
//! assert_eq!(game.nags(7).collect::<Vec<_>>(), [6]);
//! assert_eq!(game.result(), "1-0");
//! // Written back in export format, then read back to the same game.
//! let again = Reader::new(game.to_string().as_bytes()).next().unwrap()?;
//! assert_eq!(again.game(), game.game());
//! # Ok::<(), chess_arbiter::pgn::PgnError>(())
//! ```

mod annotations;
mod build;
mod edit;
mod error;
mod game;
mod parallel;
mod reader;
mod result;
mod scan;
mod tags;
mod tokenizer;
mod tree;
mod visit;
mod walk;
mod write;

pub use annotations::Eval;
pub use error::{PgnError, PgnErrorKind};
pub use game::PgnGame;
pub use parallel::ParallelReader;
pub use reader::Reader;
pub use result::{GameResult, InvalidResult, ResultError};
pub use tags::TagError;
pub use tree::{AddVariationError, AddVariationReason, MAX_NESTING, PromoteError, Variation};
pub use visit::{Visitor, unescape, visit, visit_slice};
pub use walk::{TreeMove, Walk};
