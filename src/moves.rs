//! Moves: a compact 16-bit encoding and the move list type.

use crate::text::{Name, check_names};
use crate::{File, Role, Square};
use arrayvec::ArrayVec;
use core::fmt;

#[cfg(feature = "serde")]
mod serde;

/// What kind of move a [`Move`] is.
///
/// ```
/// use chess_arbiter::{Move, MoveKind, Square};
/// assert_eq!(Move::en_passant(Square::E5, Square::D6).kind(), MoveKind::EnPassant);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A piece moves, capturing whatever stands on the target square.
    Normal,
    /// A pawn advances two squares from its start rank.
    DoublePush,
    /// A pawn captures the pawn that just double-stepped past it (FIDE 3.7.3.1).
    EnPassant,
    /// The king castles with a rook (FIDE 3.8.2).
    Castle,
    /// A pawn reaches the last rank and becomes another piece (FIDE 3.7.3.3).
    Promotion,
}

impl MoveKind {
    /// Each kind's token and words.
    const NAMES: [Name<MoveKind>; 5] = [
        (MoveKind::Normal, "normal", "normal move"),
        (MoveKind::DoublePush, "double_push", "double push"),
        (MoveKind::EnPassant, "en_passant", "en passant capture"),
        (MoveKind::Castle, "castle", "castling"),
        (MoveKind::Promotion, "promotion", "promotion"),
    ];

    /// The kind's token: `"normal"`, `"double_push"`, `"en_passant"`,
    /// `"castle"` or `"promotion"`, what serde writes. `Display` writes
    /// words (`"en passant capture"`).
    ///
    /// ```
    /// use chess_arbiter::MoveKind;
    /// assert_eq!(MoveKind::DoublePush.name(), "double_push");
    /// assert_eq!(MoveKind::EnPassant.to_string(), "en passant capture");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize].1
    }
}

check_names!(MoveKind::NAMES);

impl fmt::Display for MoveKind {
    /// `"normal move"`, `"double push"`, `"en passant capture"`,
    /// `"castling"`, `"promotion"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAMES[*self as usize].2)
    }
}

const NORMAL: u16 = 0;
const DOUBLE_PUSH: u16 = 1;
const EN_PASSANT: u16 = 2;
const CASTLE: u16 = 3;
// Kinds 4..=7 are promotions to knight, bishop, rook and queen.
const PROMOTION: u16 = 4;

/// A move, in two bytes: from-square, to-square and kind.
///
/// Castling is stored as *king takes own rook* (`from` is the king's
/// square, `to` the rook's), so Chess960 needs no special case; the UCI
/// and SAN writers turn it into `e1g1` / `O-O` as each notation wants.
/// `Display` writes the UCI form, castling as standard chess writes it
/// when standard chess has that castling, else as king takes rook.
///
/// ```
/// use chess_arbiter::{Move, Role, Square};
/// let m = Move::new(Square::G1, Square::F3);
/// assert_eq!(m.from(), Square::G1);
/// assert_eq!(m.to(), Square::F3);
/// assert_eq!(m.to_string(), "g1f3");
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// let castle = Move::castle(Square::E1, Square::H1);
/// assert_eq!(castle.to_string(), "e1g1");
/// // A Chess960 castling is written king takes rook.
/// assert_eq!(Move::castle(Square::B1, Square::A1).to_string(), "b1a1");
/// let promo = Move::promotion(Square::A7, Square::A8, Role::Knight).unwrap();
/// assert_eq!(promo.to_string(), "a7a8n");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    #[inline(always)]
    pub(crate) const fn encode(from: Square, to: Square, kind: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12)
    }

    /// The move with these raw bits (from, to << 6, kind << 12).
    #[inline(always)]
    pub(crate) const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The raw bits (from, to << 6, kind << 12).
    #[inline(always)]
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// A normal move (or capture) from `from` to `to`.
    ///
    /// ```
    /// use chess_arbiter::{Move, MoveKind, Square};
    /// assert_eq!(Move::new(Square::E2, Square::E3).kind(), MoveKind::Normal);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::encode(from, to, NORMAL)
    }

    /// A pawn's two-square advance.
    ///
    /// ```
    /// use chess_arbiter::{Move, MoveKind, Square};
    /// assert_eq!(Move::double_push(Square::E2, Square::E4).kind(), MoveKind::DoublePush);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn double_push(from: Square, to: Square) -> Move {
        Move::encode(from, to, DOUBLE_PUSH)
    }

    /// An en passant capture: the pawn on `from` moves to `to`, the square the enemy pawn passed.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert!(Move::en_passant(Square::E5, Square::D6).is_en_passant());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::encode(from, to, EN_PASSANT)
    }

    /// Castling, written as the king on `king` taking its own rook on `rook`.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// let m = Move::castle(Square::E8, Square::A8);
    /// assert!(m.is_castle());
    /// assert_eq!(m.king_destination(), Square::C8);
    /// assert_eq!(m.rook_destination(), Some(Square::D8));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::encode(king, rook, CASTLE)
    }

    /// A promotion to `role`; `None` unless `role` is a knight, bishop, rook or queen.
    ///
    /// ```
    /// use chess_arbiter::{Move, Role, Square};
    /// assert!(Move::promotion(Square::B7, Square::B8, Role::Queen).is_some());
    /// assert!(Move::promotion(Square::B7, Square::B8, Role::King).is_none());
    /// ```
    #[inline]
    #[must_use]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Option<Move> {
        match role {
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen => Some(Move::encode(
                from,
                to,
                PROMOTION + role as u16 - Role::Knight as u16,
            )),
            Role::Pawn | Role::King => None,
        }
    }

    /// The square the moving piece leaves (the king's, for castling).
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert_eq!(Move::new(Square::B1, Square::C3).from(), Square::B1);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u32)
    }

    /// The target square; for castling, the square of the rook the king castles with.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert_eq!(Move::castle(Square::E1, Square::H1).to(), Square::H1);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 6) & 63) as u32)
    }

    #[inline(always)]
    pub(crate) const fn code(self) -> u16 {
        self.0 >> 12
    }

    /// The kind of move.
    ///
    /// ```
    /// use chess_arbiter::{Move, MoveKind, Role, Square};
    /// let m = Move::promotion(Square::B7, Square::B8, Role::Rook).unwrap();
    /// assert_eq!(m.kind(), MoveKind::Promotion);
    /// ```
    #[inline]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        match self.code() {
            NORMAL => MoveKind::Normal,
            DOUBLE_PUSH => MoveKind::DoublePush,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            _ => MoveKind::Promotion,
        }
    }

    /// The role a pawn promotes to, for promotions.
    ///
    /// ```
    /// use chess_arbiter::{Move, Role, Square};
    /// let m = Move::promotion(Square::B2, Square::B1, Role::Bishop).unwrap();
    /// assert_eq!(m.promotion_role(), Some(Role::Bishop));
    /// assert_eq!(Move::new(Square::B2, Square::B1).promotion_role(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.code() {
            4 => Some(Role::Knight),
            5 => Some(Role::Bishop),
            6 => Some(Role::Rook),
            7 => Some(Role::Queen),
            _ => None,
        }
    }

    /// `true` for castling.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert!(!Move::new(Square::E1, Square::G1).is_castle());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_castle(self) -> bool {
        self.code() == CASTLE
    }

    /// `true` for an en passant capture.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert!(!Move::new(Square::E5, Square::D6).is_en_passant());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        self.code() == EN_PASSANT
    }

    /// `true` for a promotion.
    ///
    /// ```
    /// use chess_arbiter::{Move, Role, Square};
    /// assert!(Move::promotion(Square::H7, Square::H8, Role::Queen).unwrap().is_promotion());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        self.code() >= PROMOTION
    }

    /// Where the king ends: for castling the g- or c-file square of its rank
    /// (FIDE 3.8.2, Chess960 too); otherwise [`Move::to`].
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert_eq!(Move::castle(Square::B1, Square::A1).king_destination(), Square::C1);
    /// assert_eq!(Move::new(Square::E1, Square::E2).king_destination(), Square::E2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn king_destination(self) -> Square {
        if self.is_castle() {
            let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) {
                File::G
            } else {
                File::C
            };
            Square::from_coords(file, self.from().rank())
        } else {
            self.to()
        }
    }

    /// Where the castling rook ends (the f- or d-file square), for castling only.
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert_eq!(Move::castle(Square::E1, Square::H1).rook_destination(), Some(Square::F1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn rook_destination(self) -> Option<Square> {
        if self.is_castle() {
            let file = if (self.to() as u8 & 7) > (self.from() as u8 & 7) {
                File::F
            } else {
                File::D
            };
            Some(Square::from_coords(file, self.from().rank()))
        } else {
            None
        }
    }

    /// For castling, whether it is king side (the rook stands beyond the king's h-side).
    ///
    /// ```
    /// use chess_arbiter::{Move, Square};
    /// assert_eq!(Move::castle(Square::E1, Square::H1).is_king_side_castle(), true);
    /// assert_eq!(Move::castle(Square::E1, Square::A1).is_king_side_castle(), false);
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_king_side_castle(self) -> bool {
        self.is_castle() && (self.to() as u8 & 7) > (self.from() as u8 & 7)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The squares as stored (castling: king and rook), so that castles
        // with different rooks never look alike.
        write!(f, "Move({}, {:?})", RawMove(*self), self.kind())
    }
}

impl Move {
    /// `true` for a castling that standard chess has: king on the e-file,
    /// rook in the a- or h-file corner of the same rank.
    const fn is_standard_castle(self) -> bool {
        let (from, to) = (self.from() as u8, self.to() as u8);
        self.is_castle()
            && from & 7 == File::E as u8
            && (from == 4 || from == 60)
            && (to == from - 4 || to == from + 3)
    }
}

impl fmt::Display for Move {
    /// The UCI form: `e2e4`, `e7e8q`; a castling standard chess has as the
    /// king's two-square step (`e1g1`), any other (Chess960) castling as
    /// king takes rook (`b1a1`), which no king step could be mistaken for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = if self.is_castle() && !self.is_standard_castle() {
            self.to()
        } else {
            self.king_destination()
        };
        write!(f, "{}{}", self.from(), to)?;
        match self.promotion_role() {
            Some(role) => write!(f, "{}", role.char()),
            None => Ok(()),
        }
    }
}

/// The capacity of a [`MoveList`]: more legal moves than any position
/// [`Position`](crate::Position) accepts can have.
///
/// The bound is proved piece by piece, not taken from the best known
/// position (218 moves): a valid position has at most 16 pieces a side, one
/// of them the king, and FEN validation does not limit promoted pieces, so
/// all 15 others may be queens. A queen reaches at most 27 squares (on one
/// of the four centre squares of an empty board), more than a rook (14), a
/// bishop (13), a knight (8) or a pawn (3 target squares times 4 promotion
/// pieces: 12, en passant included), and the king has at most 8 steps and
/// 2 castlings. So no side to move has more than 15 × 27 + 10 = 415 moves.
///
/// ```
/// use chess_arbiter::{MAX_MOVES, Position};
/// let pos = Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
/// assert_eq!(pos.legal_moves().len(), 218);
/// assert!(pos.legal_moves().len() <= MAX_MOVES);
/// ```
pub const MAX_MOVES: usize = 15 * 27 + 10;

/// A list of moves that lives on the stack: move generation never allocates.
///
/// It dereferences to a slice of [`Move`]s (`len`, `is_empty`, `contains`,
/// `iter`, indexing, sorting) and iterates by value or by reference. Only
/// move generation fills it; its capacity [`MAX_MOVES`] is more than any
/// valid position has moves.
///
/// ```
/// use chess_arbiter::{Move, MoveList, Position, Square};
/// let pos = Position::new();
/// let moves: MoveList = pos.legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.contains(&Move::double_push(Square::E2, Square::E4)));
/// for m in &moves {
///     assert!(pos.is_legal(*m));
/// }
/// let by_value: Vec<Move> = moves.into_iter().collect();
/// assert_eq!(by_value.len(), 20);
/// ```
#[derive(Clone)]
pub struct MoveList {
    // Slots beyond the length stay uninitialised: a new list writes only
    // its length, not all MAX_MOVES slots.
    pub(crate) moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use chess_arbiter::MoveList;
    /// assert!(MoveList::new().is_empty());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new_const(),
        }
    }

    /// Appends `m`. Generation never produces more than [`MAX_MOVES`]
    /// moves (see its proof); a push beyond it is dropped, never a panic.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        let _ = self.moves.try_push(m);
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use chess_arbiter::{Position, Square};
    /// let mut moves = Position::new().legal_moves();
    /// moves.retain(|m| m.from() == Square::G1);
    /// assert_eq!(moves.len(), 2);
    /// ```
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.moves.retain(|m| keep(m));
    }

    /// The moves as a slice (also what `Deref` gives).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().legal_moves().as_slice().len(), 20);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.as_slice()
    }

    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Move] {
        self.moves.as_mut_slice()
    }
}

impl Default for MoveList {
    #[inline(always)]
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl core::hash::Hash for MoveList {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    #[inline(always)]
    fn into_iter(self) -> core::slice::Iter<'a, Move> {
        self.as_slice().iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    #[inline(always)]
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            moves: self.moves.into_iter(),
        }
    }
}

/// The moves of a [`MoveList`], by value (from `MoveList::into_iter`).
///
/// ```
/// use chess_arbiter::Position;
/// let mut it = Position::new().legal_moves().into_iter();
/// assert_eq!(it.len(), 20);
/// it.next();
/// assert_eq!(it.len(), 19);
/// ```
#[derive(Clone, Debug)]
pub struct MoveListIntoIter {
    moves: arrayvec::IntoIter<Move, MAX_MOVES>,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;
    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        self.moves.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl core::iter::FusedIterator for MoveListIntoIter {}

/// A move as stored: from, to (the rook's square for castling), promotion
/// letter; what error texts and `Debug` show.
pub(crate) struct RawMove(pub(crate) Move);

impl fmt::Display for RawMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0.from(), self.0.to())?;
        match self.0.promotion_role() {
            Some(role) => write!(f, "{}", role.char()),
            None => Ok(()),
        }
    }
}

/// A promotion as error texts write it: `" promoting to a queen"`, or
/// nothing.
pub(crate) struct Promotion(pub(crate) Option<Role>);

impl fmt::Display for Promotion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(role) => write!(f, " promoting to a {role}"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Move, Promotion, RawMove};
    use crate::{Role, Square};
    use alloc::string::ToString;

    #[test]
    fn stored_move_and_promotion_texts_are_written_by_the_moves_module() {
        let castle = Move::castle(Square::E1, Square::H1);
        assert_eq!(RawMove(castle).to_string(), "e1h1");
        let promotion = Move::promotion(Square::A7, Square::A8, Role::Knight).unwrap();
        assert_eq!(RawMove(promotion).to_string(), "a7a8n");
        assert_eq!(
            Promotion(Some(Role::Queen)).to_string(),
            " promoting to a queen"
        );
        assert_eq!(Promotion(None).to_string(), "");
        assert_eq!(alloc::format!("{castle:?}"), "Move(e1h1, Castle)");
    }
}
