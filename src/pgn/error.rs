//! What can go wrong while reading PGN, and where.

use crate::{FenError, SanError};
use alloc::string::String;
use core::fmt;

/// A game that could not be read: what went wrong ([`PgnError::kind`]) and
/// where (game number, line, column, and for a move its ply).
///
/// The [`Reader`](super::Reader) goes on with the next game after an error.
///
/// ```
/// use chess_arbiter::pgn::{PgnErrorKind, Reader};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let err = reader.next().unwrap().unwrap_err();
/// assert_eq!((err.game_number(), err.line(), err.column(), err.ply()), (1, 3, 13, Some(2)));
/// assert!(matches!(err.kind(), PgnErrorKind::Move { .. }));
/// assert!(err.to_string().starts_with("game 1, line 3, column 13: move 2 \"Ke3\": illegal SAN"));
/// // The reader resynchronises at the next game.
/// assert_eq!(reader.next().unwrap().unwrap().tag("Event"), Some("b"));
/// ```
#[derive(Debug)]
pub struct PgnError {
    pub(crate) game_number: u64,
    pub(crate) line: u64,
    pub(crate) column: u64,
    pub(crate) kind: PgnErrorKind,
}

impl PgnError {
    /// The game's number in the input, from 1.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut games = Reader::new("1. e4 *\n\n1. e5 *\n".as_bytes());
    /// assert!(games.next().unwrap().is_ok());
    /// assert_eq!(games.next().unwrap().unwrap_err().game_number(), 2);
    /// ```
    pub fn game_number(&self) -> u64 {
        self.game_number
    }

    /// The line of the offending token, from 1 (where an unterminated tag
    /// or comment opened).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let err = Reader::new("\n1. e4 {never closed\n".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!((err.line(), err.column()), (2, 7));
    /// ```
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The column of the offending token, from 1, in characters.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let err = Reader::new("1. e4 Ke7 *\n".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!(err.column(), 7);
    /// ```
    pub fn column(&self) -> u64 {
        self.column
    }

    /// For a move that could not be played: its index into the mainline
    /// (0 for White's first move from the standard start); for a move of a
    /// variation, the index it would have there.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let err = Reader::new("1. e4 e5 2. Nf3 Ke6 *\n".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!(err.ply(), Some(3));
    /// let err = Reader::new("[Variant \"Atomic\"]\n\n1. e4 *\n".as_bytes()).next().unwrap().unwrap_err();
    /// assert_eq!(err.ply(), None);
    /// ```
    pub fn ply(&self) -> Option<usize> {
        match &self.kind {
            PgnErrorKind::Move { ply, .. }
            | PgnErrorKind::VariationMove { ply, .. }
            | PgnErrorKind::NullMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use chess_arbiter::pgn::{PgnErrorKind, Reader};
    /// let err = Reader::new("1. e4 -- *\n".as_bytes()).next().unwrap().unwrap_err();
    /// assert!(matches!(err.kind(), PgnErrorKind::NullMove { .. }));
    /// ```
    pub fn kind(&self) -> &PgnErrorKind {
        &self.kind
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game_number, self.line, self.column, self.kind
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

/// Why a game could not be read.
///
/// ```
/// use chess_arbiter::pgn::{PgnErrorKind, Reader};
/// let err = Reader::new("[Event \"x\n\n1. e4 *\n".as_bytes()).next().unwrap().unwrap_err();
/// assert!(matches!(err.kind(), PgnErrorKind::UnterminatedTag));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A mainline move that is not a move, not legal, or ambiguous (or
    /// one after checkmate or stalemate: the game is over).
    #[error("move {number} {}: {}", Quoted(.token), SanReason(.source))]
    Move {
        /// Index of the move into the mainline.
        ply: usize,
        /// Its move number (`17` for `17. Nf3` and `17... Nf6`).
        number: u32,
        /// The token as written (at most about 60 characters of it).
        token: String,
        /// Why the move could not be played.
        #[source]
        source: SanError,
    },
    /// A move of a variation that is not a move, not legal from the
    /// position before it, or ambiguous.
    #[error("move {number} {} in a variation: {}", Quoted(.token), SanReason(.source))]
    VariationMove {
        /// Its ply: the index it would have in the mainline (the plies
        /// before the variation, then its moves before it).
        ply: usize,
        /// Its move number.
        number: u32,
        /// The token as written (at most about 60 characters of it).
        token: String,
        /// Why the move could not be played.
        #[source]
        source: SanError,
    },
    /// A null move (`--`, `Z0`, `0000`, `@@@@`): the Laws of Chess have none.
    #[error("move {number} {}: a null move is not a move (the Laws of Chess have none)", Quoted(.token))]
    NullMove {
        /// Index of the move into the mainline.
        ply: usize,
        /// Its move number.
        number: u32,
        /// The token as written.
        token: String,
    },
    /// A `[Variant]` other than standard chess or Chess960.
    #[error("unsupported variant {} (only standard chess and Chess960 are read)", Quoted(.0))]
    Variant(String),
    /// A `[FEN]` tag that cannot be read or describes an illegal position.
    #[error("FEN tag: {0}")]
    Fen(#[source] FenError),
    /// A tag whose value never closes on its line.
    #[error("unterminated tag: the value's closing quote is missing")]
    UnterminatedTag,
    /// A tag line that is not `[Name "value"]`.
    #[error("malformed tag line, expected [Name \"value\"]")]
    MalformedTag,
    /// A `{` comment that is never closed.
    #[error("unterminated comment: no closing brace")]
    UnterminatedComment,
    /// A `(` without its `)`, or a `)` without its `(`.
    #[error("unbalanced parenthesis: {0}")]
    Parenthesis(&'static str),
    /// Variations nested deeper than [`MAX_NESTING`](super::MAX_NESTING)
    /// (255) levels: refused, so that a hostile file cannot make the
    /// reader spend memory beyond a small multiple of its size.
    #[error("variations nested deeper than {limit} levels")]
    TooDeep {
        /// The deepest nesting read ([`MAX_NESTING`](super::MAX_NESTING)).
        limit: usize,
    },
    /// A movetext token that is not a move, a number, a NAG or a result,
    /// or a malformed move inside a variation.
    #[error("unreadable token {}: {reason}", Quoted(.token))]
    Syntax {
        /// The token as written.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The input could not be read.
    #[cfg(feature = "std")]
    #[error("read error: {0}")]
    Io(#[source] std::io::Error),
}

/// What a [`SanError`] says, without the move's text (the PGN error has
/// quoted it already).
struct SanReason<'a>(&'a SanError);

impl fmt::Display for SanReason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SanError::Syntax { reason, .. } => write!(f, "invalid SAN: {reason}"),
            SanError::Illegal { fen, reason, .. } => write!(f, "illegal SAN in {fen}: {reason}"),
            SanError::Ambiguous {
                fen, candidates, ..
            } => {
                write!(f, "ambiguous SAN in {fen}: it could be ")?;
                let n = candidates.len();
                for (i, san) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == n { " or " } else { ", " })?;
                    }
                    f.write_str(san)?;
                }
                Ok(())
            }
            SanError::GameOver { outcome, .. } => write!(f, "the game is over: {outcome}"),
        }
    }
}

/// Input quoted in a message: at most about 60 characters of it, with `…`
/// when cut.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", crate::quote::bounded(self.0))
    }
}
