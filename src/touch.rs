//! Touch-move (FIDE 4.3 to 4.5): the moves a player may still make after
//! touching pieces on the board.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::{Bitboard, Role, Square};

impl Position {
    /// The legal moves the player to move may still make after touching
    /// the pieces on `touched`, in that order, with the intention of moving
    /// or capturing (FIDE 4.3 to 4.5). Empty squares are ignored, and so is
    /// a square touched again.
    ///
    /// - Own pieces only (4.3.1): the moves of the first touched piece that
    ///   can be moved.
    /// - Opponent's pieces only (4.3.2): the captures of the first touched
    ///   piece that can be captured.
    /// - Pieces of both colours (4.3.3): the captures of the first touched
    ///   opponent's piece by the first touched own piece; if there is none,
    ///   as above, the first touched piece that can be moved or captured.
    /// - The king, then a rook (4.4.1, 4.4.3): castling with that rook if it
    ///   is legal; otherwise any other legal king move (castling with the
    ///   other rook included); if the king has none, any legal move.
    /// - A rook, then the king (4.4.2): no castling with that rook this
    ///   move; otherwise 4.3.1 applies (the rook first).
    /// - Nothing touched can be moved or captured (4.5): every legal move.
    ///
    /// Castling is a king move (FIDE 3.8.2): touching only the king allows
    /// it. Chess960 castling follows the same clauses.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// // King, then the h1 rook: castle king side, and nothing else.
    /// let moves = pos.touch_move(&[Square::E1, Square::H1]);
    /// assert_eq!(moves.as_slice(), &[Move::castle(Square::E1, Square::H1)]);
    /// // The rook, then the king: the rook must move.
    /// let moves = pos.touch_move(&[Square::H1, Square::E1]);
    /// assert!(moves.iter().all(|m| m.from() == Square::H1));
    /// // The opponent's a8 rook: the only piece that can take it must.
    /// let moves = pos.touch_move(&[Square::A8]);
    /// assert_eq!(moves.as_slice(), &[Move::new(Square::A1, Square::A8)]);
    /// // Nothing touched: every legal move.
    /// assert_eq!(pos.touch_move(&[]), pos.legal_moves());
    /// ```
    pub fn touch_move(&self, touched: &[Square]) -> MoveList {
        let us = self.turn();
        let mine = self.by_color(us);
        let theirs = self.by_color(!us);
        let king = self.king(us);

        // The touched pieces in order, each once; empty squares ignored.
        let mut seen = Bitboard::EMPTY;
        let mut order = [Square::A1; 64];
        let mut n = 0;
        for &sq in touched {
            if self.occupied().contains(sq) && !seen.contains(sq) {
                seen = seen.with(sq);
                order[n] = sq;
                n += 1;
            }
        }
        let order = &order[..n];

        // 4.4.2: a rook touched before the king forbids castling with it.
        let mut forbidden = Bitboard::EMPTY;
        if let Some(k) = order.iter().position(|&sq| sq == king) {
            for &sq in &order[..k] {
                if self.pieces(us, Role::Rook).contains(sq) {
                    forbidden = forbidden.with(sq);
                }
            }
        }
        let mut legal = self.legal_moves();
        legal.retain(|m| !(m.is_castle() && forbidden.contains(m.to())));

        let only = |keep: &dyn Fn(&Move) -> bool| {
            let mut moves = legal.clone();
            moves.retain(|m| keep(m));
            moves
        };

        // 4.4.1 and 4.4.3: the king, then a rook.
        if let [first, second, ..] = *order {
            if first == king && self.pieces(us, Role::Rook).contains(second) {
                let castle = only(&|m| m.is_castle() && m.to() == second);
                if !castle.is_empty() {
                    return castle;
                }
                let king_moves = only(&|m| m.from() == king);
                if !king_moves.is_empty() {
                    return king_moves;
                }
                return legal;
            }
        }

        // 4.3.3: the first own piece takes the first opponent's piece.
        let first_own = order.iter().copied().find(|&sq| mine.contains(sq));
        let first_theirs = order.iter().copied().find(|&sq| theirs.contains(sq));
        if let (Some(own), Some(target)) = (first_own, first_theirs) {
            let takes = only(&|m| m.from() == own && self.captured(*m) == Some(target));
            if !takes.is_empty() {
                return takes;
            }
        }

        // 4.3.1 to 4.3.3: the first touched piece that can be moved or
        // captured.
        for &sq in order {
            let moves = if mine.contains(sq) {
                only(&|m| m.from() == sq)
            } else {
                only(&|m| self.captured(*m) == Some(sq))
            };
            if !moves.is_empty() {
                return moves;
            }
        }

        // 4.5: any legal move.
        legal
    }

    /// The square of the piece the legal move `m` captures, if any: the
    /// passed pawn's square for en passant.
    fn captured(&self, m: Move) -> Option<Square> {
        if m.is_en_passant() {
            Some(Square::from_coords(m.to().file(), m.from().rank()))
        } else if !m.is_castle() && self.by_color(!self.turn()).contains(m.to()) {
            Some(m.to())
        } else {
            None
        }
    }
}
