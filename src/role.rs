//! Piece kinds (roles) and pieces (a role of a colour).

use crate::Color;
use core::fmt;
use core::str::FromStr;

/// The kind of a piece, regardless of colour.
///
/// ```
/// use chess_arbiter::Role;
/// assert_eq!(Role::Knight.upper_char(), 'N');
/// assert_eq!(Role::from_char('q'), Some(Role::Queen));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// All six roles, pawn first.
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::ALL[5], Role::King);
    /// ```
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to (FIDE 3.7.3.3), queen first.
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::PROMOTIONS, [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
    /// ```
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lower-case letter (`p n b r q k`).
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::Pawn.char(), 'p');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter (`P N B R Q K`), as SAN writes pieces.
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::Bishop.upper_char(), 'B');
    /// ```
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role for a letter of either case.
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::from_char('R'), Some(Role::Rook));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name, e.g. `"knight"`.
    ///
    /// ```
    /// use chess_arbiter::Role;
    /// assert_eq!(Role::Queen.name(), "queen");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// This role as a piece of `color`.
    ///
    /// ```
    /// use chess_arbiter::{Color, Piece, Role};
    /// assert_eq!(Role::King.of(Color::Black), Piece { color: Color::Black, role: Role::King });
    /// ```
    #[must_use]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a role or piece letter.
///
/// ```
/// use chess_arbiter::Role;
/// assert!("x".parse::<Role>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("invalid piece: expected one of p n b r q k (either case)")]
pub struct ParsePieceError;

impl FromStr for Role {
    type Err = ParsePieceError;
    /// Parses a letter (`n`, `N`) or an English name (`knight`).
    fn from_str(s: &str) -> Result<Role, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_char(c).ok_or(ParsePieceError),
            _ => Role::ALL
                .into_iter()
                .find(|r| r.name() == s)
                .ok_or(ParsePieceError),
        }
    }
}

/// A piece: a role of a colour.
///
/// ```
/// use chess_arbiter::{Color, Piece, Role};
/// let p: Piece = "N".parse().unwrap();
/// assert_eq!(p, Piece { color: Color::White, role: Role::Knight });
/// assert_eq!(p.to_string(), "N");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use chess_arbiter::{Color, Role};
    /// assert_eq!(Role::Queen.of(Color::Black).char(), 'q');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter.
    ///
    /// ```
    /// use chess_arbiter::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('k'), Some(Role::King.of(Color::Black)));
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The Unicode chess figurine, e.g. `'♘'` for a white knight.
    ///
    /// ```
    /// use chess_arbiter::{Color, Role};
    /// assert_eq!(Role::Knight.of(Color::White).figurine(), '♘');
    /// ```
    #[must_use]
    pub const fn figurine(self) -> char {
        const WHITE: [char; 6] = ['♙', '♘', '♗', '♖', '♕', '♔'];
        const BLACK: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.color {
            Color::White => WHITE[self.role as usize],
            Color::Black => BLACK[self.role as usize],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_char(c).ok_or(ParsePieceError),
            _ => Err(ParsePieceError),
        }
    }
}

/// Written as its name, e.g. `"knight"`.
#[cfg(feature = "serde")]
impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Read like [`FromStr`]: a name or a letter.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Role {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::text::de::text(
            d,
            "a role like \"knight\"",
            crate::text::de::from_str::<Role>,
        )
    }
}

// A piece is its FEN letter: `"N"`, `"q"`.
#[cfg(feature = "serde")]
crate::text::serde_via_text!(Piece, "a FEN piece letter like \"N\" or \"q\"");
