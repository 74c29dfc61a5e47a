//! Portable Game Notation: reading and writing game records, every move
//! validated by the Laws of Chess.
//!
//! [`Reader`] streams the games of any [`std::io::Read`] as [`PgnGame`]s:
//! tags, the mainline as a [`Game`](crate::Game), NAGs and comments per
//! move (with `[%clk]` and `[%eval]` as values), and the result token. An
//! illegal, ambiguous or unreadable move, a null move, an unsupported
//! variant, a bad FEN, or an unterminated tag or comment is a [`PgnError`]
//! naming game, line, column and ply; the reader then goes on with the next
//! game. `Display` of a [`PgnGame`] writes the PGN export format. A
//! [`Visitor`] and [`visit`] serve tools that need the text alone.
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
//! (checked for syntax, kept out of the game), move numbers with `.` or
//! `...` (or none), `0-0`, a missing result, escaped tag values, games
//! without tags, `[FEN]` with or without `[SetUp]`, and `[Variant]`
//! `Chess960` (also `Chess 960`, `Fischerandom`, `Fischer Random`, any
//! case) or a FEN whose castling rights need Chess960.
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

mod build;
mod error;
mod game;
mod parallel;
mod reader;
mod scan;
mod visit;
mod write;

pub use error::{PgnError, PgnErrorKind};
pub use game::{Eval, PgnGame};
pub use reader::{Reader, visit};
pub use visit::{Visitor, unescape};
