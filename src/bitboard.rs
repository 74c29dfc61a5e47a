//! Sets of squares as 64-bit masks.

use crate::{File, Rank, Square};
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square (`a1` = bit 0, `h8` = bit 63).
///
/// `len()` is the number of squares. A `Bitboard` is a value, not an
/// iterator: `into_iter()` (or a `for` loop) yields its squares in
/// ascending order through a [`BitboardIter`].
///
/// ```
/// use chess_arbiter::{Bitboard, Square};
/// let set = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::A1);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.into_iter().collect::<Vec<_>>(), vec![Square::A1, Square::E4]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty());
    /// ```
    pub const EMPTY: Bitboard = Bitboard(0);

    /// All 64 squares.
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert_eq!(Bitboard::FULL.len(), 64);
    /// ```
    pub const FULL: Bitboard = Bitboard(!0);

    /// The 32 light squares.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
    /// ```
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

    /// The 32 dark squares.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
    /// ```
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding only `sq`.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::B1), Bitboard(2));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of `file`.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, File, Square};
    /// assert!(Bitboard::from_file(File::C).contains(Square::C7));
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// All squares of `rank`.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Rank, Square};
    /// assert!(Bitboard::from_rank(Rank::Second).contains(Square::H2));
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// `true` if `sq` is in the set.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert!(!Bitboard::EMPTY.contains(Square::E4));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// `true` if the set has no square.
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert!(Bitboard(0).is_empty());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the set has at least one square.
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert!(Bitboard(4).any());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` if the set has more than one square.
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert!(Bitboard(3).more_than_one());
    /// assert!(!Bitboard(2).more_than_one());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The number of squares in the set (its population count).
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// assert_eq!(Bitboard(0b1011).len(), 3);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The number of squares in the set: the old name of [`Bitboard::len`].
    ///
    /// ```
    /// use chess_arbiter::Bitboard;
    /// #[allow(deprecated)]
    /// let n = Bitboard(0b1011).count();
    /// assert_eq!(n, 3);
    /// ```
    #[deprecated(since = "0.2.0", note = "use `len`: the number of squares in the set")]
    #[inline(always)]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set, if any.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert_eq!(Bitboard(0b1100).first(), Some(Square::C1));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(square_at(self.0.trailing_zeros()))
        }
    }

    /// The highest square of the set, if any.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert_eq!(Bitboard(0b1100).last(), Some(Square::D1));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(square_at(63 - self.0.leading_zeros()))
        }
    }

    /// The only square of the set, or `None` if it has zero or several.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert_eq!(Bitboard::from_square(Square::G7).single_square(), Some(Square::G7));
    /// assert_eq!(Bitboard(3).single_square(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert!(Bitboard::EMPTY.with(Square::A8).contains(Square::A8));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Square};
    /// assert!(Bitboard::FULL.without(Square::A8).len() == 63);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Shifted by a signed number of squares (positive: towards `h8`).
    #[inline(always)]
    pub(crate) const fn shift(self, by: i32) -> Bitboard {
        if by >= 0 {
            Bitboard(self.0 << by)
        } else {
            Bitboard(self.0 >> -by)
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// The squares of a [`Bitboard`] in ascending order (from `into_iter`);
/// also double-ended and exact-size.
///
/// ```
/// use chess_arbiter::{Bitboard, Square};
/// let set = Bitboard::from_square(Square::C3) | Bitboard::from_square(Square::F6);
/// let mut squares = set.into_iter();
/// assert_eq!(squares.len(), 2);
/// assert_eq!(squares.next_back(), Some(Square::F6));
/// assert_eq!(squares.next(), Some(Square::C3));
/// assert_eq!(squares.next(), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let sq = Bitboard(self.0).first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        Bitboard(self.0).last()
    }
}

impl ExactSizeIterator for BitboardIter {}

impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let sq = Bitboard(self.0).last()?;
        self.0 ^= 1 << sq as u32;
        Some(sq)
    }
}

impl core::iter::FusedIterator for BitboardIter {}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline(always)]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Shows the set as a board, rank 8 first; `{:?}` alone gives the hex mask.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            for rank in (0..8).rev() {
                for file in 0..8 {
                    let c = if self.0 >> (rank * 8 + file) & 1 != 0 {
                        '1'
                    } else {
                        '.'
                    };
                    write!(f, "{c}")?;
                }
                writeln!(f)?;
            }
            Ok(())
        } else {
            write!(f, "Bitboard({:#018x})", self.0)
        }
    }
}

/// Written as its `u64` (bit `i` for square `i`, a1 = 0).
#[cfg(feature = "serde")]
impl serde::Serialize for Bitboard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

/// Read as a `u64`: every value is a set of squares.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Bitboard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(Bitboard)
    }
}

/// The square of index `i` modulo 64 (the indices of set bits, of a move's
/// squares). A `match`, not a read of `Square::ALL`: the compiler sees that
/// it maps each index to itself and emits no table load (one a square
/// showed in the move generator's, the SAN writer's and play's profiles).
#[inline(always)]
pub(crate) const fn square_at(i: u32) -> Square {
    match i & 63 {
        0 => Square::A1,
        1 => Square::B1,
        2 => Square::C1,
        3 => Square::D1,
        4 => Square::E1,
        5 => Square::F1,
        6 => Square::G1,
        7 => Square::H1,
        8 => Square::A2,
        9 => Square::B2,
        10 => Square::C2,
        11 => Square::D2,
        12 => Square::E2,
        13 => Square::F2,
        14 => Square::G2,
        15 => Square::H2,
        16 => Square::A3,
        17 => Square::B3,
        18 => Square::C3,
        19 => Square::D3,
        20 => Square::E3,
        21 => Square::F3,
        22 => Square::G3,
        23 => Square::H3,
        24 => Square::A4,
        25 => Square::B4,
        26 => Square::C4,
        27 => Square::D4,
        28 => Square::E4,
        29 => Square::F4,
        30 => Square::G4,
        31 => Square::H4,
        32 => Square::A5,
        33 => Square::B5,
        34 => Square::C5,
        35 => Square::D5,
        36 => Square::E5,
        37 => Square::F5,
        38 => Square::G5,
        39 => Square::H5,
        40 => Square::A6,
        41 => Square::B6,
        42 => Square::C6,
        43 => Square::D6,
        44 => Square::E6,
        45 => Square::F6,
        46 => Square::G6,
        47 => Square::H6,
        48 => Square::A7,
        49 => Square::B7,
        50 => Square::C7,
        51 => Square::D7,
        52 => Square::E7,
        53 => Square::F7,
        54 => Square::G7,
        55 => Square::H7,
        56 => Square::A8,
        57 => Square::B8,
        58 => Square::C8,
        59 => Square::D8,
        60 => Square::E8,
        61 => Square::F8,
        62 => Square::G8,
        63 => Square::H8,
        _ => Square::H8,
    }
}

#[cfg(test)]
mod tests {
    use super::{Bitboard, square_at};
    use crate::Square;

    #[test]
    fn the_square_of_an_index_is_the_square_with_that_index() {
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            assert_eq!(square_at(i as u32), sq);
            assert_eq!(square_at(i as u32 + 64), sq);
            let bb = Bitboard::from_square(sq);
            assert_eq!(bb.first(), Some(sq));
            assert_eq!(bb.last(), Some(sq));
            assert_eq!(bb.into_iter().collect::<alloc::vec::Vec<_>>(), [sq]);
        }
    }
}
