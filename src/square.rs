//! Files, ranks and squares.

use crate::Color;
use core::fmt;
use core::str::FromStr;

/// A file (column), `a` to `h`.
///
/// ```
/// use chess_arbiter::File;
/// assert_eq!(File::from_char('c'), Some(File::C));
/// assert_eq!(File::C.char(), 'c');
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum File {
    /// The a-file.
    A = 0,
    /// The b-file.
    B = 1,
    /// The c-file.
    C = 2,
    /// The d-file.
    D = 3,
    /// The e-file.
    E = 4,
    /// The f-file.
    F = 5,
    /// The g-file.
    G = 6,
    /// The h-file.
    H = 7,
}

impl File {
    /// All files, `a` to `h`.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::ALL[7], File::H);
    /// ```
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `i` (0 = `a`), or `None` past `h`.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::new(4), Some(File::E));
    /// assert_eq!(File::new(8), None);
    /// ```
    #[must_use]
    pub const fn new(i: u32) -> Option<File> {
        if i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }

    /// The file for a lower-case letter `a`..`h`.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::from_char('h'), Some(File::H));
    /// assert_eq!(File::from_char('H'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            File::new(c as u32 - 'a' as u32)
        } else {
            None
        }
    }

    /// The lower-case letter.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::A.char(), 'a');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The upper-case letter, as Shredder-FEN writes White's castling rights.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::H.upper_char(), 'H');
    /// ```
    #[must_use]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The index, 0 for `a` to 7 for `h`.
    ///
    /// ```
    /// use chess_arbiter::File;
    /// assert_eq!(File::D.index(), 3);
    /// ```
    #[must_use]
    pub const fn index(self) -> u32 {
        self as u32
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

/// A rank (row), `1` to `8`.
///
/// ```
/// use chess_arbiter::{Color, Rank};
/// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
/// assert_eq!(Rank::First.relative_to(Color::Black), Rank::Eighth);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    /// The first rank.
    First = 0,
    /// The second rank.
    Second = 1,
    /// The third rank.
    Third = 2,
    /// The fourth rank.
    Fourth = 3,
    /// The fifth rank.
    Fifth = 4,
    /// The sixth rank.
    Sixth = 5,
    /// The seventh rank.
    Seventh = 6,
    /// The eighth rank.
    Eighth = 7,
}

impl Rank {
    /// All ranks, `1` to `8`.
    ///
    /// ```
    /// use chess_arbiter::Rank;
    /// assert_eq!(Rank::ALL[0], Rank::First);
    /// ```
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `i` (0 = rank 1), or `None` past rank 8.
    ///
    /// ```
    /// use chess_arbiter::Rank;
    /// assert_eq!(Rank::new(3), Some(Rank::Fourth));
    /// ```
    #[must_use]
    pub const fn new(i: u32) -> Option<Rank> {
        if i < 8 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The rank for a digit `1`..`8`.
    ///
    /// ```
    /// use chess_arbiter::Rank;
    /// assert_eq!(Rank::from_char('1'), Some(Rank::First));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Rank::new(c as u32 - '1' as u32)
        } else {
            None
        }
    }

    /// The digit.
    ///
    /// ```
    /// use chess_arbiter::Rank;
    /// assert_eq!(Rank::Fifth.char(), '5');
    /// ```
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The index, 0 for rank 1 to 7 for rank 8.
    ///
    /// ```
    /// use chess_arbiter::Rank;
    /// assert_eq!(Rank::Eighth.index(), 7);
    /// ```
    #[must_use]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// This rank seen from `color`'s side: rank 1 is Black's eighth.
    ///
    /// ```
    /// use chess_arbiter::{Color, Rank};
    /// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
    /// assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
    /// ```
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

/// A square of the board, `a1` = 0 to `h8` = 63.
///
/// ```
/// use chess_arbiter::{File, Rank, Square};
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.file(), File::E);
/// assert_eq!(e4.rank(), Rank::Fourth);
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
pub enum Square {
    /// The square a1.
    A1 = 0,
    /// The square b1.
    B1 = 1,
    /// The square c1.
    C1 = 2,
    /// The square d1.
    D1 = 3,
    /// The square e1.
    E1 = 4,
    /// The square f1.
    F1 = 5,
    /// The square g1.
    G1 = 6,
    /// The square h1.
    H1 = 7,
    /// The square a2.
    A2 = 8,
    /// The square b2.
    B2 = 9,
    /// The square c2.
    C2 = 10,
    /// The square d2.
    D2 = 11,
    /// The square e2.
    E2 = 12,
    /// The square f2.
    F2 = 13,
    /// The square g2.
    G2 = 14,
    /// The square h2.
    H2 = 15,
    /// The square a3.
    A3 = 16,
    /// The square b3.
    B3 = 17,
    /// The square c3.
    C3 = 18,
    /// The square d3.
    D3 = 19,
    /// The square e3.
    E3 = 20,
    /// The square f3.
    F3 = 21,
    /// The square g3.
    G3 = 22,
    /// The square h3.
    H3 = 23,
    /// The square a4.
    A4 = 24,
    /// The square b4.
    B4 = 25,
    /// The square c4.
    C4 = 26,
    /// The square d4.
    D4 = 27,
    /// The square e4.
    E4 = 28,
    /// The square f4.
    F4 = 29,
    /// The square g4.
    G4 = 30,
    /// The square h4.
    H4 = 31,
    /// The square a5.
    A5 = 32,
    /// The square b5.
    B5 = 33,
    /// The square c5.
    C5 = 34,
    /// The square d5.
    D5 = 35,
    /// The square e5.
    E5 = 36,
    /// The square f5.
    F5 = 37,
    /// The square g5.
    G5 = 38,
    /// The square h5.
    H5 = 39,
    /// The square a6.
    A6 = 40,
    /// The square b6.
    B6 = 41,
    /// The square c6.
    C6 = 42,
    /// The square d6.
    D6 = 43,
    /// The square e6.
    E6 = 44,
    /// The square f6.
    F6 = 45,
    /// The square g6.
    G6 = 46,
    /// The square h6.
    H6 = 47,
    /// The square a7.
    A7 = 48,
    /// The square b7.
    B7 = 49,
    /// The square c7.
    C7 = 50,
    /// The square d7.
    D7 = 51,
    /// The square e7.
    E7 = 52,
    /// The square f7.
    F7 = 53,
    /// The square g7.
    G7 = 54,
    /// The square h7.
    H7 = 55,
    /// The square a8.
    A8 = 56,
    /// The square b8.
    B8 = 57,
    /// The square c8.
    C8 = 58,
    /// The square d8.
    D8 = 59,
    /// The square e8.
    E8 = 60,
    /// The square f8.
    F8 = 61,
    /// The square g8.
    G8 = 62,
    /// The square h8.
    H8 = 63,
}

impl Square {
    /// All 64 squares, `a1`, `b1`, ... `h8`.
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert_eq!(Square::ALL[63], Square::H8);
    /// ```
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = [Square::A1, Square::B1, Square::C1, Square::D1, Square::E1, Square::F1, Square::G1, Square::H1, Square::A2, Square::B2, Square::C2, Square::D2, Square::E2, Square::F2, Square::G2, Square::H2, Square::A3, Square::B3, Square::C3, Square::D3, Square::E3, Square::F3, Square::G3, Square::H3, Square::A4, Square::B4, Square::C4, Square::D4, Square::E4, Square::F4, Square::G4, Square::H4, Square::A5, Square::B5, Square::C5, Square::D5, Square::E5, Square::F5, Square::G5, Square::H5, Square::A6, Square::B6, Square::C6, Square::D6, Square::E6, Square::F6, Square::G6, Square::H6, Square::A7, Square::B7, Square::C7, Square::D7, Square::E7, Square::F7, Square::G7, Square::H7, Square::A8, Square::B8, Square::C8, Square::D8, Square::E8, Square::F8, Square::G8, Square::H8];

    /// The square with index `i` (0 = `a1`, 63 = `h8`), or `None` past 63.
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert_eq!(Square::new(28), Some(Square::E4));
    /// assert_eq!(Square::new(64), None);
    /// ```
    #[must_use]
    pub const fn new(i: u32) -> Option<Square> {
        if i < 64 {
            Some(Square::ALL[i as usize])
        } else {
            None
        }
    }

    /// The square for index `i`, taken modulo 64 (for indices known to be valid).
    #[inline(always)]
    pub(crate) const fn from_index(i: u32) -> Square {
        Square::ALL[(i & 63) as usize]
    }

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use chess_arbiter::{File, Rank, Square};
    /// assert_eq!(Square::from_coords(File::G, Rank::First), Square::G1);
    /// ```
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[(rank as usize) * 8 + file as usize]
    }

    /// The file of this square.
    ///
    /// ```
    /// use chess_arbiter::{File, Square};
    /// assert_eq!(Square::B7.file(), File::B);
    /// ```
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[(self as usize) & 7]
    }

    /// The rank of this square.
    ///
    /// ```
    /// use chess_arbiter::{Rank, Square};
    /// assert_eq!(Square::B7.rank(), Rank::Seventh);
    /// ```
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self as usize) >> 3]
    }

    /// The index, 0 for `a1` to 63 for `h8`.
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert_eq!(Square::H8.index(), 63);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The king's steps between two squares of an empty board (the
    /// Chebyshev distance).
    #[inline]
    pub(crate) const fn king_distance(self, other: Square) -> u32 {
        let (a, b) = (self as u32, other as u32);
        let files = (a & 7).abs_diff(b & 7);
        let ranks = (a >> 3).abs_diff(b >> 3);
        if files > ranks { files } else { ranks }
    }

    /// This square mirrored top to bottom (`a1` ↔ `a8`).
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert_eq!(Square::E2.flip_vertical(), Square::E7);
    /// ```
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index(self as u32 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, or `None` off the board.
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
    /// assert_eq!(Square::H4.offset(1, 0), None);
    /// ```
    #[must_use]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        let f = (self as i32 & 7) + df;
        let r = (self as i32 >> 3) + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square::from_index((r * 8 + f) as u32))
        } else {
            None
        }
    }

    /// `true` for the light squares (`h1`, `a2`, ...), as 5.2.2 dead positions need.
    ///
    /// ```
    /// use chess_arbiter::Square;
    /// assert!(Square::H1.is_light());
    /// assert!(!Square::A1.is_light());
    /// ```
    #[must_use]
    pub const fn is_light(self) -> bool {
        ((self as u32 >> 3) + (self as u32 & 7)) % 2 == 1
    }

    /// Parses `"e4"` from the first two bytes; `None` unless they are a square.
    pub(crate) const fn from_ascii(file: u8, rank: u8) -> Option<Square> {
        if file >= b'a' && file <= b'h' && rank >= b'1' && rank <= b'8' {
            Some(Square::from_index(
                ((rank - b'1') * 8 + (file - b'a')) as u32,
            ))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.file().char())?;
        f.write_char(self.rank().char())
    }
}

/// The text was not a square name like `e4`.
///
/// ```
/// use chess_arbiter::Square;
/// assert!("i9".parse::<Square>().is_err());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("invalid square: expected a file a-h and a rank 1-8, like e4")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f, r] => Square::from_ascii(*f, *r).ok_or(ParseSquareError),
            _ => Err(ParseSquareError),
        }
    }
}

/// serde: a file as its letter (`"e"`), a rank as its digit (`"4"`), a
/// square as its name (`"e4"`).
#[cfg(feature = "serde")]
mod serde_impls {
    use super::{File, Rank, Square};
    use crate::quote::bounded;
    use crate::text::de::text;
    use alloc::format;
    use alloc::string::String;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    crate::text::serde_via_text!(Square, "a square like \"e4\"");

    /// Reads a one-character coordinate with `from_char`.
    fn one_char<T>(s: &str, from_char: fn(char) -> Option<T>, what: &str) -> Result<T, String> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => from_char(c),
            _ => None,
        }
        .ok_or_else(|| format!("invalid {what}, got {:?}", bounded(s)))
    }

    impl Serialize for File {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for File {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            text(d, "a file \"a\" to \"h\"", |s| {
                one_char(s, File::from_char, "file: expected a to h")
            })
        }
    }

    impl Serialize for Rank {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Rank {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            text(d, "a rank \"1\" to \"8\"", |s| {
                one_char(s, Rank::from_char, "rank: expected 1 to 8")
            })
        }
    }
}
