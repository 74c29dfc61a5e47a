//! UCI move notation: `e2e4`, `e7e8q`; castling `e1g1` in standard chess and
//! king-takes-rook `e1h1` in Chess960.

use crate::moves::Move;
use crate::position::Position;
use crate::{Bitboard, IllegalMoveReason, MoveList, Outcome, Role, Square};
use alloc::string::String;

crate::text::inline_text!(
    /// A move in UCI notation (`e2e4`, `e7e8q`; castling `e1g1`, or `e1h1` in
    /// Chess960), stored inline (no heap).
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::new();
    /// let uci = pos.uci(Move::new(Square::G1, Square::F3));
    /// assert_eq!(uci.as_str(), "g1f3");
    /// assert_eq!(uci.len(), 4);
    /// ```
    Uci,
    5
);

/// A UCI move that could not be read or is not legal here.
///
/// ```
/// use chess_arbiter::{Position, UciError};
/// let pos = Position::new();
/// assert!(matches!(pos.parse_uci("e2e5"), Err(UciError::Illegal { .. })));
/// assert!(matches!(pos.parse_uci("e2"), Err(UciError::Syntax { .. })));
/// assert_eq!(
///     pos.parse_uci("E2E4").unwrap_err().to_string(),
///     "invalid UCI move \"E2E4\": UCI is written in lower case, like e2e4 or e7e8q",
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`, like `e2e4` or `e7e8q`, in
    /// lower case.
    #[error("invalid UCI move {input:?}: {reason}")]
    Syntax {
        /// The text as given.
        input: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Well formed, but not a legal move in the position.
    #[error("illegal UCI move {input:?} in {fen}: {reason}")]
    Illegal {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
        /// Why it is not legal (e.g. a promotion piece is needed: `e7e8q`).
        reason: IllegalMoveReason,
    },
    /// The game is already over ([`Game::play_uci`](crate::Game::play_uci)).
    #[error("UCI move {input:?} after the end of the game: {outcome}")]
    GameOver {
        /// The text as given.
        input: String,
        /// How the game ended.
        outcome: Outcome,
    },
}

const EXPECTED: &str =
    "expected a from square, a to square and an optional promotion letter, like e2e4 or e7e8q";
const LOWER_CASE: &str = "UCI is written in lower case, like e2e4 or e7e8q";

impl Position {
    /// Reads a UCI move and finds it among the legal moves. In standard chess
    /// castling is accepted as `e1g1` and as king-takes-rook `e1h1`; in
    /// Chess960 as king-takes-rook only.
    ///
    /// # Errors
    ///
    /// [`UciError::Syntax`] for malformed text (also upper case: `E2E4`,
    /// `e7e8Q`), [`UciError::Illegal`] with the [`IllegalMoveReason`] for a
    /// move that is not legal here (`e7e8` without the promotion letter:
    /// [`IllegalMoveReason::PromotionNeeded`]).
    ///
    /// ```
    /// use chess_arbiter::{Position, MoveKind};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.parse_uci("e1g1").unwrap().kind(), MoveKind::Castle);
    /// assert_eq!(pos.parse_uci("e1h1").unwrap().kind(), MoveKind::Castle);
    /// ```
    pub fn parse_uci(&self, input: &str) -> Result<Move, UciError> {
        let syntax = || UciError::Syntax {
            input: crate::quote::bounded(input),
            reason: if input.bytes().any(|b| b.is_ascii_uppercase()) {
                LOWER_CASE
            } else {
                EXPECTED
            },
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
                input: crate::quote::bounded(input),
                fen: self.fen(),
                reason: match self.locate(from, to, promotion) {
                    Err(reason) => reason,
                    // Only a Chess960 castling written as the king's two
                    // steps: UCI writes it king-takes-rook there.
                    Ok(_) => IllegalMoveReason::CannotMoveThere {
                        piece: self.piece_at(from).unwrap_or(Role::King.of(self.turn)),
                        from,
                        to,
                    },
                },
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
    #[must_use]
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

/// serde: two squares and an optional promotion letter (no position to
/// check the move against), e.g. `"e7e8q"`.
#[cfg(feature = "serde")]
fn is_uci_shape(s: &str) -> bool {
    let square = |t: Option<&str>| t.is_some_and(|t| t.parse::<Square>().is_ok());
    square(s.get(0..2))
        && square(s.get(2..4))
        && matches!(s.get(4..), Some("" | "q" | "r" | "b" | "n"))
}

#[cfg(feature = "serde")]
crate::text::serde_inline_text!(Uci, is_uci_shape, "UCI move text");
