//! The move rules of DESIGN.md ("The rules that libraries get wrong"), one
//! named test per rule: castling (FIDE 3.8.2, Chess960 too), en passant
//! (3.7.3.1), promotion (3.7.3.3), checks and pins, UCI, `play` and the clocks.

use chess_arbiter::{Move, Position, Square};

#[test]
fn play_unchecked_of_an_illegal_move_does_not_panic() {
    // Castling onto the opponent's rook: a8 is left with a colour but no role.
    let mut p = Position::new();
    p.play_unchecked(Move::castle(Square::E1, Square::A8));
    for sq in Square::ALL {
        let _ = p.piece_at(sq);
    }
    let _ = p.fen();
    let _ = p.legal_moves();
}
