//! The rules a position must obey to be reachable in a game: kings, piece
//! counts, pawns, castling rights, the en passant square and checks.

use crate::position::Position;
use crate::{Bitboard, Color, Rank, Role, Square, attacks};

/// A well-formed position that breaks the rules of chess.
///
/// ```
/// use chess_arbiter::{FenError, Position, PositionError};
/// let err = Position::from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Position(PositionError::OppositeCheck));
/// assert_eq!(err.to_string(), "invalid FEN: illegal position: the side not to move is in check");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king.
    #[error("illegal position: {0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("illegal position: {0} has more than one king")]
    TooManyKings(Color),
    /// A side has more than 16 pieces.
    #[error("illegal position: {0} has more than 16 pieces")]
    TooManyPieces(Color),
    /// A side has more than 8 pawns.
    #[error("illegal position: {0} has more than 8 pawns")]
    TooManyPawns(Color),
    /// A pawn stands on the first or last rank.
    #[error("illegal position: pawn on {0}, on the first or last rank")]
    PawnOnBackRank(Square),
    /// The side that is not to move is in check.
    #[error("illegal position: the side not to move is in check")]
    OppositeCheck,
    /// The checks on the king cannot have come from one move.
    #[error("illegal position: impossible check")]
    ImpossibleCheck,
    /// No pawn can just have double-stepped past this en passant square.
    #[error("illegal position: no pawn can just have passed the en passant square {0}")]
    InvalidEnPassant(Square),
    /// A castling right without the king and that rook on their start squares.
    #[error(
        "illegal position: castling right {right:?} of {color} without the king and that rook on their squares"
    )]
    CastlingRights {
        /// Whose right.
        color: Color,
        /// The right as FEN writes it (`K`, `q`, `H`, ...).
        right: char,
    },
    /// A castling right that only Chess960 has (the king off the e-file or
    /// the rook off the corner), in a position read in standard mode.
    #[error(
        "illegal position: castling right {right:?} of {color} needs Chess960 (king or rook off its standard square), but the position is read in standard mode"
    )]
    CastlingNeedsChess960 {
        /// Whose right.
        color: Color,
        /// The right as FEN writes it.
        right: char,
    },
}

impl Position {
    pub(crate) fn validate_material(&self) -> Result<(), PositionError> {
        for color in Color::ALL {
            let kings = self.pieces(color, Role::King).len();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color));
            }
        }
        for color in Color::ALL {
            if self.by_color(color).len() > 16 {
                return Err(PositionError::TooManyPieces(color));
            }
            if self.pieces(color, Role::Pawn).len() > 8 {
                return Err(PositionError::TooManyPawns(color));
            }
        }
        let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
        if let Some(sq) = (self.by_role(Role::Pawn) & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        Ok(())
    }

    /// Accepts an en passant square that a pawn can just have passed; keeps
    /// it only when a pawn of the side to move stands ready to capture.
    pub(crate) fn set_en_passant(&mut self, ep: Option<Square>) -> Result<(), PositionError> {
        let Some(ep) = ep else { return Ok(()) };
        let us = self.turn;
        let them = !us;
        let bad = PositionError::InvalidEnPassant(ep);
        if ep.rank() != Rank::Sixth.relative_to(us) {
            return Err(bad);
        }
        let forward = us.fold(8, -8);
        let pushed = Square::from_index((ep.index() as i32 - forward) as u32);
        let origin = Square::from_index((ep.index() as i32 + forward) as u32);
        if !self.pieces(them, Role::Pawn).contains(pushed)
            || self.occupied().contains(ep)
            || self.occupied().contains(origin)
        {
            return Err(bad);
        }
        if (attacks::pawn(them, ep) & self.pieces(us, Role::Pawn)).any() {
            self.ep = Some(ep);
        }
        Ok(())
    }

    /// The side not to move may not be in check, and the checks on the side
    /// to move must be ones a single last move can give.
    pub(crate) fn validate_checks(&self, ep: Option<Square>) -> Result<(), PositionError> {
        let us = self.turn;
        let them = !us;
        if self.is_attacked(self.king(them), us, self.occupied()) {
            return Err(PositionError::OppositeCheck);
        }
        let king = self.king(us);
        let checkers = self.checkers();
        if checkers.is_empty() {
            return Ok(());
        }
        if let Some(ep) = ep {
            // The last move was the double step to `pushed`: the check comes
            // from that pawn, or from a line the step opened.
            let forward = us.fold(8, -8);
            let pushed = Square::from_index((ep.index() as i32 - forward) as u32);
            let origin = Square::from_index((ep.index() as i32 + forward) as u32);
            let before =
                (self.occupied() ^ Bitboard::from_square(pushed)) | Bitboard::from_square(origin);
            let was_attacked =
                (self.attackers_under(king, them, before) & !Bitboard::from_square(pushed)).any();
            if checkers.more_than_one() || (checkers.first() != Some(pushed) && was_attacked) {
                return Err(PositionError::ImpossibleCheck);
            }
            return Ok(());
        }
        if checkers.len() > 2 {
            return Err(PositionError::ImpossibleCheck);
        }
        if let (Some(a), Some(b)) = (checkers.first(), checkers.last()) {
            if a != b && attacks::aligned(a, b, king) {
                return Err(PositionError::ImpossibleCheck);
            }
        }
        Ok(())
    }
}
