//! Moves from squares, as a board interface gets them
//! ([`Position::find_move`]), and why a move is illegal
//! ([`IllegalMoveReason`]).

use crate::moves::{Move, RawMove};
use crate::outcome::Outcome;
use crate::position::{IllegalMoveError, Position};
use crate::types::CastlingSide;

use crate::{Bitboard, Color, File, Piece, Rank, Role, Square, attacks};
use alloc::string::String;

/// Why a move is not legal: the answer a player gets from an arbiter.
///
/// ```
/// use chess_arbiter::{IllegalMoveReason, Position, Square};
/// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3R4/4K3 w - - 0 1").unwrap();
/// let err = pos.find_move(Square::D2, Square::D5, None).unwrap_err();
/// assert_eq!(err.reason.to_string(), "the white rook on d2 is pinned to its king");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// No piece stands on the from square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the from square belongs to the side not to move.
    #[error("the {} {} on {square} is not {}'s: {} is to move", .piece.color, .piece.role, !.piece.color, !.piece.color)]
    NotYourPiece {
        /// The square.
        square: Square,
        /// The piece on it.
        piece: Piece,
    },
    /// The piece cannot go there by the way it moves, or its own piece
    /// stands there (FIDE 3.1 to 3.7).
    #[error("the {} {} on {from} cannot move to {to}", .piece.color, .piece.role)]
    CannotMoveThere {
        /// The moving piece.
        piece: Piece,
        /// Its square.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
    /// No piece of the kind a SAN text names can go to its target square.
    #[error("no {} {} can move to {to}", .piece.color, .piece.role)]
    NoPieceCanReach {
        /// The kind of piece the text names.
        piece: Piece,
        /// The target square.
        to: Square,
    },
    /// The piece is pinned: moving it off the line would expose its king
    /// (FIDE 3.9).
    #[error("the {} {} on {square} is pinned to its king", .piece.color, .piece.role)]
    Pinned {
        /// The pinned piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// The king would stand attacked on its target square (FIDE 3.9).
    #[error("the {color} king would be in check on {square}")]
    KingIntoCheck {
        /// The king's colour.
        color: Color,
        /// The square it would go to.
        square: Square,
    },
    /// The move leaves the own king in check: it does not answer a check,
    /// or an en passant capture exposes the king (FIDE 3.9).
    #[error("it would leave the {color} king in check")]
    LeavesKingInCheck {
        /// The king's colour.
        color: Color,
    },
    /// The castling right on that side is gone or never existed (FIDE 3.8.2.1).
    #[error("{color} has no right to castle {side}")]
    NoCastlingRight {
        /// The side that wanted to castle.
        color: Color,
        /// Which side.
        side: CastlingSide,
    },
    /// Castling while in check (FIDE 3.8.2.2).
    #[error("castling is not allowed while the king is in check")]
    CastlingInCheck,
    /// A piece stands between king and rook, or on a square they go to (FIDE 3.8.2.2).
    #[error("castling is blocked: a piece stands between king and rook or on their target squares")]
    CastlingBlocked,
    /// The king would pass through or land on an attacked square (FIDE 3.8.2.2).
    #[error("castling is not allowed: the king would cross or land on an attacked square")]
    CastlingThroughCheck,
    /// A pawn reaching the last rank must promote (FIDE 3.7.3.3).
    #[error("a pawn reaching the last rank must promote: name a queen, rook, bishop or knight")]
    PromotionNeeded,
    /// The piece named for a promotion is a king or a pawn: a pawn promotes
    /// to a queen, rook, bishop or knight of its colour (FIDE 3.7.3.3).
    #[error("a {0} is not a promotion piece: a pawn promotes to a queen, rook, bishop or knight")]
    NotAPromotionPiece(Role),
    /// Only a pawn reaching the last rank promotes, to a queen, rook, bishop
    /// or knight (FIDE 3.7.3.3).
    #[error(
        "no promotion here: only a pawn reaching the last rank promotes, to a queen, rook, bishop or knight"
    )]
    PromotionNotPossible,
    /// A move with these squares is legal, but of another kind than the
    /// one given: a hand-built [`Move`] with the wrong [`MoveKind`](crate::MoveKind).
    #[error(
        "the legal move on these squares is {} ({}): build moves with Position::find_move, parse_uci or legal_moves",
        RawMove(*.legal), .legal.kind()
    )]
    WrongKind {
        /// The legal move on the same squares.
        legal: Move,
    },
    /// A SAN text marked `e.p.` names a move that is not an en passant capture.
    #[error("the move is not an en passant capture")]
    NotEnPassant,
    /// The game is already over.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
}

/// A move given by its squares that is not legal here: what
/// [`Position::find_move`] returns.
///
/// ```
/// use chess_arbiter::{IllegalMoveReason, Position, Square};
/// let pos = Position::new();
/// let err = pos.find_move(Square::E3, Square::E4, None).unwrap_err();
/// assert_eq!(err.reason, IllegalMoveReason::NoPiece(Square::E3));
/// assert_eq!(
///     err.to_string(),
///     "no legal move from e3 to e4 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: there is no piece on e3",
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("no legal move from {from} to {to}{} in {fen}: {reason}", crate::moves::Promotion(*.promotion))]
#[non_exhaustive]
pub struct FindMoveError {
    /// The from square as given.
    pub from: Square,
    /// The to square as given.
    pub to: Square,
    /// The promotion as given.
    pub promotion: Option<Role>,
    /// The FEN of the position.
    pub fen: String,
    /// Why there is no such legal move.
    pub reason: IllegalMoveReason,
}

impl IllegalMoveError {
    pub(crate) fn new(mv: Move, pos: &Position, reason: IllegalMoveReason) -> IllegalMoveError {
        IllegalMoveError {
            mv,
            fen: pos.fen(),
            reason,
        }
    }
}

impl Position {
    /// The legal move from `from` to `to` (with `promotion` for a pawn
    /// reaching the last rank): what a board interface gets when a player
    /// drags a piece. The move comes with its kind worked out (double push,
    /// en passant, castling), ready for [`Position::play`].
    ///
    /// Castling is the king moving to its castling square (`e1`→`g1`) or
    /// onto its own rook (`e1`→`h1`, the only form that always works in
    /// Chess960). In Chess960 the king's target square reading counts only
    /// when the king moves two or more files: a one-file step is always a
    /// plain king move, so castling in which the king moves one file or not
    /// at all is given as king onto rook. No square pair means two legal
    /// moves.
    ///
    /// # Errors
    ///
    /// [`FindMoveError`] with the [`IllegalMoveReason`]: no piece on `from`,
    /// not the mover's piece, the piece cannot go there, it is pinned, the
    /// move leaves the king in check, castling is not allowed and why, a
    /// promotion piece is needed (asked only when naming one makes the move
    /// legal: a pinned pawn is refused as pinned) or not possible, the piece
    /// named is no promotion piece (a king or a pawn).
    ///
    /// ```
    /// use chess_arbiter::{IllegalMoveReason, MoveKind, Position, Role, Square};
    /// let pos = Position::new();
    /// let m = pos.find_move(Square::E2, Square::E4, None).unwrap();
    /// assert_eq!(m.kind(), MoveKind::DoublePush);
    ///
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.find_move(Square::E1, Square::G1, None).unwrap();
    /// assert_eq!(pos.find_move(Square::E1, Square::H1, None), Ok(castle));
    /// assert_eq!(castle.kind(), MoveKind::Castle);
    ///
    /// let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// let err = pos.find_move(Square::A7, Square::A8, None).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::PromotionNeeded);
    /// assert!(pos.find_move(Square::A7, Square::A8, Some(Role::Queen)).is_ok());
    /// ```
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, FindMoveError> {
        self.locate(from, to, promotion)
            .map_err(|reason| FindMoveError {
                from,
                to,
                promotion,
                fen: self.fen(),
                reason,
            })
    }

    pub(crate) fn locate(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, IllegalMoveReason> {
        let us = self.turn;
        let Some(piece) = self.piece_at(from) else {
            return Err(IllegalMoveReason::NoPiece(from));
        };
        if piece.color != us {
            return Err(IllegalMoveReason::NotYourPiece {
                square: from,
                piece,
            });
        }
        if let Some(role) = promotion {
            if !matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
                return Err(IllegalMoveReason::NotAPromotionPiece(role));
            }
            if piece.role != Role::Pawn || to.rank() != Rank::Eighth.relative_to(us) {
                return Err(IllegalMoveReason::PromotionNotPossible);
            }
        }
        if piece.role == Role::King {
            if let Some(castle) = self.castling_reading(from, to) {
                return castle;
            }
        }
        if let Some(m) = self.legal_move(from, to, promotion) {
            return Ok(m);
        }
        Err(self.why_not(piece, from, to, promotion))
    }

    /// The castling move the king's move from `from` to `to` reads as, if it
    /// reads as one: onto its own rook, or two or more files along the back
    /// rank to the g- or c-file.
    fn castling_reading(
        &self,
        from: Square,
        to: Square,
    ) -> Option<Result<Move, IllegalMoveReason>> {
        let us = self.turn;
        let back = Rank::First.relative_to(us);
        if from.rank() != back || to.rank() != back || from == to {
            return None;
        }
        let onto_rook = self.pieces(us, Role::Rook).contains(to);
        let distance = (to.file() as i32 - from.file() as i32).abs();
        let two_squares = distance >= 2 && matches!(to.file(), File::C | File::G);
        if !onto_rook && !two_squares {
            return None;
        }
        let side = if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let rights = self.castling & Bitboard::from_rank(back);
        let rook = if onto_rook {
            rights.contains(to).then_some(to)
        } else {
            rights
                .into_iter()
                .find(|&r| CastlingSide::of(from, r) == side)
        };
        let Some(rook) = rook else {
            return Some(Err(IllegalMoveReason::NoCastlingRight { color: us, side }));
        };
        let m = Move::castle(from, rook);
        if self.castles().contains(&m) {
            return Some(Ok(m));
        }
        Some(Err(self.why_no_castling(from, rook)))
    }

    pub(crate) fn why_no_castling(&self, king: Square, rook: Square) -> IllegalMoveReason {
        if self.is_check() {
            return IllegalMoveReason::CastlingInCheck;
        }
        let m = Move::castle(king, rook);
        let king_to = m.king_destination();
        let rook_to = m.rook_destination().unwrap_or(rook);
        let both = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let path = attacks::between(king, king_to)
            | attacks::between(rook, rook_to)
            | Bitboard::from_square(king_to)
            | Bitboard::from_square(rook_to);
        if (self.occupied() & !both & path).any() {
            IllegalMoveReason::CastlingBlocked
        } else {
            IllegalMoveReason::CastlingThroughCheck
        }
    }

    /// Why the mover's `piece` on `from` has no legal move to `to` with
    /// `promotion` (a valid promotion piece, or none).
    fn why_not(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> IllegalMoveReason {
        let us = self.turn;
        let cannot = IllegalMoveReason::CannotMoveThere { piece, from, to };
        if self.by_color(us).contains(to) {
            return cannot;
        }
        let reaches = self.pseudo_reaches(piece, from, to);
        if !reaches {
            return cannot;
        }
        if piece.role == Role::Pawn {
            let last = to.rank() == Rank::Eighth.relative_to(us);
            // A promotion piece is asked for only when naming one would make
            // the move legal; a pinned pawn is refused as pinned first.
            if last && promotion.is_none() && self.legal_move(from, to, Some(Role::Queen)).is_some()
            {
                return IllegalMoveReason::PromotionNeeded;
            }
        }
        if piece.role == Role::King {
            return IllegalMoveReason::KingIntoCheck {
                color: us,
                square: to,
            };
        }
        let king = self.king(us);
        if self.pinned(us).contains(from) && !attacks::aligned(king, from, to) {
            return IllegalMoveReason::Pinned {
                piece,
                square: from,
            };
        }
        IllegalMoveReason::LeavesKingInCheck { color: us }
    }

    /// `true` if the mover's `piece` on `from` could go to `to` by the way
    /// it moves, ignoring its own king's safety and promotion (not castling).
    pub(crate) fn pseudo_reaches(&self, piece: Piece, from: Square, to: Square) -> bool {
        let us = self.turn;
        if self.by_color(us).contains(to) {
            return false;
        }
        let occupied = self.occupied();
        match piece.role {
            Role::Pawn => {
                let forward = us.fold(8, -8);
                let one = from.index() as i32 + forward;
                let two = from.index() as i32 + 2 * forward;
                let to_index = to.index() as i32;
                if from.file() == to.file() {
                    !occupied.contains(to)
                        && (to_index == one
                            || (to_index == two
                                && from.rank() == Rank::Second.relative_to(us)
                                && Square::new(one as u32)
                                    .is_some_and(|sq| !occupied.contains(sq))))
                } else {
                    attacks::pawn(us, from).contains(to)
                        && (self.by_color(!us).contains(to) || self.ep == Some(to))
                }
            }
            Role::King => attacks::king(from).contains(to),
            role => attacks::reach(role, to, occupied).contains(from),
        }
    }

    /// Why `m` is not legal here; `m` is known to be illegal.
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalMoveReason {
        let target = m.to();
        match self.locate(m.from(), target, m.promotion_role()) {
            Ok(legal) if legal != m => IllegalMoveReason::WrongKind { legal },
            Ok(_) => {
                self.piece_at(m.from())
                    .map_or(IllegalMoveReason::NoPiece(m.from()), |piece| {
                        IllegalMoveReason::CannotMoveThere {
                            piece,
                            from: m.from(),
                            to: m.to(),
                        }
                    })
            }
            Err(reason) => reason,
        }
    }
}
