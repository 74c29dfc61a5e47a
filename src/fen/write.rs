//! FEN writing: the en passant square only when a capture is legal,
//! Chess960 castling rights in X-FEN (a file letter only for a rook that is
//! not the outermost one).

use crate::position::Position;
use crate::types::CastlingSide;
use crate::{Bitboard, Color, File, Rank, Role, Square};
use alloc::string::String;
use core::fmt::{self, Write};

impl Position {
    /// Writes the FEN of this position: the en passant square only when an
    /// en passant capture is legal, Chess960 rights in X-FEN.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    /// ```
    #[must_use]
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        let _ = self.write_fen(&mut s);
        s
    }

    fn write_fen<W: Write>(&self, w: &mut W) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(w, "{empty}")?;
                            empty = 0;
                        }
                        w.write_char(piece.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(w, "{empty}")?;
            }
            if rank != Rank::First {
                w.write_char('/')?;
            }
        }
        write!(w, " {} ", self.turn.char())?;
        self.write_castling(w)?;
        match self.en_passant_square() {
            Some(ep) => write!(w, " {ep}")?,
            None => w.write_str(" -")?,
        }
        write!(w, " {} {}", self.halfmove, self.fullmove)
    }

    fn write_castling<W: Write>(&self, w: &mut W) -> fmt::Result {
        if self.castling.is_empty() {
            return w.write_char('-');
        }
        for color in Color::ALL {
            let back = self.castling & Bitboard::from_rank(Rank::First.relative_to(color));
            let king = self.king(color);
            let rooks = self.pieces(color, Role::Rook)
                & Bitboard::from_rank(Rank::First.relative_to(color));
            // King side first (highest file), then queen side.
            for rook in back.into_iter().rev() {
                let side = CastlingSide::of(king, rook);
                let outermost = match side {
                    CastlingSide::KingSide => rooks.last() == Some(rook),
                    CastlingSide::QueenSide => rooks.first() == Some(rook),
                };
                let c = if outermost || !self.mode.is_chess960() {
                    match side {
                        CastlingSide::KingSide => 'k',
                        CastlingSide::QueenSide => 'q',
                    }
                } else {
                    rook.file().char()
                };
                w.write_char(if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                })?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The FEN; with `{:#}` a board picture instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            self.write_board(f)
        } else {
            self.write_fen(f)
        }
    }
}
