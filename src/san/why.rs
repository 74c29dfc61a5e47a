//! Why a SAN text matched no legal move, or which moves it could be.

use super::Position;
use super::read::Described;
use crate::types::CastlingSide;
use crate::{Bitboard, IllegalMoveReason, MoveList, Rank, Role, Square};

impl Position {
    /// The legal moves a well-formed text could be.
    pub(super) fn candidates(&self, described: Described) -> MoveList {
        let mut moves = self.legal_moves();
        match described {
            Described::Castle(side) => {
                moves.retain(|m| {
                    m.is_castle() && m.is_king_side_castle() == (side == CastlingSide::KingSide)
                });
            }
            Described::Move {
                role,
                file,
                rank,
                to,
                promotion,
            } => moves.retain(|m| {
                !m.is_castle()
                    && m.to() == to
                    && m.promotion_role() == promotion
                    && file.is_none_or(|f| m.from().file() == f)
                    && rank.is_none_or(|r| m.from().rank() == r)
                    && (role.is_none() && file.is_some() && rank.is_some()
                        || self.role_at(m.from()) == Some(role.unwrap_or(Role::Pawn)))
            }),
        }
        moves
    }

    /// Why no legal move matches a well-formed text.
    pub(super) fn why_no_match(&self, described: Described) -> IllegalMoveReason {
        let us = self.turn;
        let (role, file, rank, to, promotion) = match described {
            Described::Castle(side) => {
                let back = Bitboard::from_rank(Rank::First.relative_to(us));
                let king = self.king(us);
                return match (self.castling & back)
                    .into_iter()
                    .find(|&rook| CastlingSide::of(king, rook) == side)
                {
                    Some(rook) => self.why_no_castling(king, rook),
                    None => IllegalMoveReason::NoCastlingRight { color: us, side },
                };
            }
            Described::Move {
                role,
                file,
                rank,
                to,
                promotion,
            } => (role, file, rank, to, promotion),
        };
        if let (None, Some(file), Some(rank)) = (role, file, rank) {
            let from = Square::from_coords(file, rank);
            return self.reason_for(from, to, promotion);
        }
        let role = role.unwrap_or(Role::Pawn);
        let piece = role.of(us);
        if promotion.is_some() && role != Role::Pawn {
            return IllegalMoveReason::PromotionNotPossible;
        }
        let mut froms = self.pieces(us, role);
        match (file, role) {
            (Some(file), _) => froms &= Bitboard::from_file(file),
            (None, Role::Pawn) => froms &= Bitboard::from_file(to.file()),
            (None, _) => {}
        }
        if let Some(rank) = rank {
            froms &= Bitboard::from_rank(rank);
        }
        match froms
            .into_iter()
            .find(|&from| self.pseudo_reaches(piece, from, to))
        {
            Some(from) => self.reason_for(from, to, promotion),
            None => IllegalMoveReason::NoPieceCanReach { piece, to },
        }
    }

    /// Why the move from `from` to `to` is not legal, as
    /// [`Position::find_move`] sees it.
    fn reason_for(&self, from: Square, to: Square, promotion: Option<Role>) -> IllegalMoveReason {
        match self.locate(from, to, promotion) {
            Err(reason) => reason,
            // Only a Chess960 castling written as the king's two steps,
            // which SAN writes O-O or O-O-O.
            Ok(_) => IllegalMoveReason::CannotMoveThere {
                piece: self.piece_at(from).unwrap_or(Role::King.of(self.turn)),
                from,
                to,
            },
        }
    }
}
