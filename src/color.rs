//! The two sides.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side: White or Black.
///
/// ```
/// use chess_arbiter::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert_eq!(Color::ALL.len(), 2);
    /// ```
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The FEN letter: `'w'` or `'b'`.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert_eq!(Color::Black.char(), 'b');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour for a FEN letter `'w'` or `'b'`.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert_eq!(Color::from_char('w'), Some(Color::White));
    /// assert_eq!(Color::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `true` for White.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert!(Color::White.is_white());
    /// ```
    #[must_use]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// Picks `white` or `black` by this colour.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert_eq!(Color::Black.fold(1, -1), -1);
    /// ```
    pub const fn fold<T: Copy>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The English name, `"white"` or `"black"`.
    ///
    /// ```
    /// use chess_arbiter::Color;
    /// assert_eq!(Color::White.name(), "white");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.fold("white", "black")
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not a colour.
///
/// ```
/// use chess_arbiter::Color;
/// assert!("green".parse::<Color>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("invalid colour: expected w, b, white or black")]
pub struct ParseColorError;

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

/// Written as its name, `"white"` or `"black"`.
#[cfg(feature = "serde")]
impl serde::Serialize for Color {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Read as its name (or `w`/`b`), like [`FromStr`].
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Color {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::text::de::text(
            d,
            "\"white\" or \"black\"",
            crate::text::de::from_str::<Color>,
        )
    }
}
