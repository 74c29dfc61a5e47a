//! UCI move notation: `e2e4`, `e7e8q`; castling `e1g1` in standard chess and
//! king-takes-rook `e1h1` in Chess960.

use crate::moves::Move;
use crate::position::Position;
use crate::text::Uci;
use crate::{Bitboard, MoveList, Role, Square};
use alloc::string::{String, ToString};

/// A UCI move that could not be read or is not legal here.
///
/// ```
/// use chess_arbiter::{Position, UciError};
/// let pos = Position::new();
/// assert!(matches!(pos.parse_uci("e2e5"), Err(UciError::Illegal { .. })));
/// assert!(matches!(pos.parse_uci("e2"), Err(UciError::Syntax { .. })));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`, like `e2e4` or `e7e8q`.
    #[error(
        "invalid UCI move {input:?}: expected a from square, a to square and an optional promotion letter, like e2e4 or e7e8q"
    )]
    Syntax {
        /// The text as given.
        input: String,
    },
    /// Well formed, but not a legal move in the position.
    #[error("illegal UCI move {input:?} in {fen}")]
    Illegal {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
    },
}

impl Position {
    /// Reads a UCI move and finds it among the legal moves. In standard chess
    /// castling is accepted as `e1g1` and as king-takes-rook `e1h1`; in
    /// Chess960 as king-takes-rook only.
    ///
    /// # Errors
    ///
    /// [`UciError::Syntax`] for malformed text, [`UciError::Illegal`] for a
    /// move that is not legal here.
    ///
    /// ```
    /// use chess_arbiter::{Position, MoveKind};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.parse_uci("e1g1").unwrap().kind(), MoveKind::Castle);
    /// assert_eq!(pos.parse_uci("e1h1").unwrap().kind(), MoveKind::Castle);
    /// ```
    pub fn parse_uci(&self, input: &str) -> Result<Move, UciError> {
        let syntax = || UciError::Syntax {
            input: input.to_string(),
        };
        let (from, to, promotion) = match input.as_bytes() {
            [f1, r1, f2, r2] => (
                Square::from_ascii(*f1, *r1),
                Square::from_ascii(*f2, *r2),
                None,
            ),
            [f1, r1, f2, r2, p] => {
                let role = match p {
                    b'n' => Role::Knight,
                    b'b' => Role::Bishop,
                    b'r' => Role::Rook,
                    b'q' => Role::Queen,
                    _ => return Err(syntax()),
                };
                (
                    Square::from_ascii(*f1, *r1),
                    Square::from_ascii(*f2, *r2),
                    Some(role),
                )
            }
            _ => return Err(syntax()),
        };
        let (Some(from), Some(to)) = (from, to) else {
            return Err(syntax());
        };
        let mut moves = MoveList::new();
        self.generate_from(Bitboard::from_square(from), &mut moves);
        moves
            .into_iter()
            .find(|m| {
                m.promotion_role() == promotion
                    && (m.to() == to
                        || (m.is_castle()
                            && !self.mode.is_chess960()
                            && m.king_destination() == to))
            })
            .ok_or_else(|| UciError::Illegal {
                input: input.to_string(),
                fen: self.fen(),
            })
    }

    /// Writes `m` in UCI notation: castling as `e1g1` in standard chess and
    /// as king-takes-rook (`e1h1`) in Chess960.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::chess960(518);
    /// assert_eq!(pos.uci(Move::castle(Square::E1, Square::H1)).as_str(), "e1h1");
    /// let pos = Position::new();
    /// assert_eq!(pos.uci(Move::castle(Square::E1, Square::H1)).as_str(), "e1g1");
    /// ```
    pub fn uci(&self, m: Move) -> Uci {
        let mut uci = Uci::empty();
        let to = if m.is_castle() && !self.mode.is_chess960() {
            m.king_destination()
        } else {
            m.to()
        };
        for sq in [m.from(), to] {
            uci.push(sq.file().char());
            uci.push(sq.rank().char());
        }
        if let Some(role) = m.promotion_role() {
            uci.push(role.char());
        }
        uci
    }
}
