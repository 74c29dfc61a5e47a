//! Leaf types that the layers above share: the castling mode and the
//! castling side. They import nothing but the board's coordinates, so that
//! `position`, `movegen` and `castling` can all use them without importing
//! one another in a circle.

use crate::text::{Name, check_names};
use crate::{File, Square};
use core::fmt;

/// How castling is written and where the pieces may start.
///
/// In both modes castling is encoded as king-takes-own-rook inside a
/// [`Move`](crate::Move); the mode decides the UCI form (`e1g1` in standard
/// chess, `e1h1` in Chess960) and how FEN writes castling rights.
///
/// ```
/// use chess_arbiter::{CastlingMode, Position};
/// let pos = Position::from_fen("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1").unwrap();
/// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum CastlingMode {
    /// Standard chess: king on the e-file, rooks on a and h.
    #[default]
    Standard,
    /// Chess960 (Fischer random): king between its rooks anywhere on the back rank.
    Chess960,
}

impl CastlingMode {
    /// `true` for Chess960.
    ///
    /// ```
    /// use chess_arbiter::CastlingMode;
    /// assert!(CastlingMode::Chess960.is_chess960());
    /// ```
    #[must_use]
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }

    /// Each mode's token and words.
    const NAMES: [Name<CastlingMode>; 2] = [
        (CastlingMode::Standard, "standard", "standard chess"),
        (CastlingMode::Chess960, "chess960", "Chess960"),
    ];

    /// The mode's token, `"standard"` or `"chess960"`: what serde writes.
    /// `Display` writes words (`"standard chess"`, `"Chess960"`).
    ///
    /// ```
    /// use chess_arbiter::CastlingMode;
    /// assert_eq!(CastlingMode::Chess960.name(), "chess960");
    /// assert_eq!(CastlingMode::Standard.to_string(), "standard chess");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }
}

check_names!(CastlingMode::NAMES);

impl fmt::Display for CastlingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[*self as usize].2)
    }
}

#[cfg(feature = "serde")]
crate::text::serde_names!(CastlingMode, "castling mode", CastlingMode::NAMES, []);

/// Which side of the king a castling rook stands on.
///
/// ```
/// use chess_arbiter::{CastlingSide, File};
/// assert_eq!(CastlingSide::KingSide.king_file(), File::G);
/// assert_eq!(CastlingSide::QueenSide.rook_file(), File::D);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

impl CastlingSide {
    /// The file the king ends on (g or c).
    ///
    /// ```
    /// use chess_arbiter::{CastlingSide, File};
    /// assert_eq!(CastlingSide::QueenSide.king_file(), File::C);
    /// ```
    #[must_use]
    pub const fn king_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on (f or d).
    ///
    /// ```
    /// use chess_arbiter::{CastlingSide, File};
    /// assert_eq!(CastlingSide::KingSide.rook_file(), File::F);
    /// ```
    #[must_use]
    pub const fn rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// Each side's token and words.
    const NAMES: [Name<CastlingSide>; 2] = [
        (CastlingSide::KingSide, "king_side", "king side"),
        (CastlingSide::QueenSide, "queen_side", "queen side"),
    ];

    /// The side's token, `"king_side"` or `"queen_side"`: what serde
    /// writes. `Display` writes words (`"king side"`).
    ///
    /// ```
    /// use chess_arbiter::CastlingSide;
    /// assert_eq!(CastlingSide::KingSide.name(), "king_side");
    /// assert_eq!(CastlingSide::QueenSide.to_string(), "queen side");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }

    /// The side of `king` on which `rook` stands.
    pub(crate) fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

check_names!(CastlingSide::NAMES);

impl fmt::Display for CastlingSide {
    /// `"king side"` or `"queen side"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[*self as usize].2)
    }
}

#[cfg(feature = "serde")]
crate::text::serde_names!(CastlingSide, "castling side", CastlingSide::NAMES, []);
