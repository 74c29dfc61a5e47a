//! A helpmate line checked move by move: legal, and ending in a checkmate
//! delivered by the side it is for.

use chess_arbiter::{Color, Move, Position};

/// `line` is legal from `pos` and ends in a checkmate delivered by `winner`.
pub fn assert_mates(pos: &Position, winner: Color, line: &[Move], what: &str) {
    let mut after = pos.clone();
    for &m in line {
        after
            .play(m)
            .unwrap_or_else(|e| panic!("{what}: {} from {}: {e}", m, pos.fen()));
    }
    assert!(
        after.is_checkmate() && after.turn() != winner,
        "{what}: the line from {} ends in {}, no mate by {winner}",
        pos.fen(),
        after.fen()
    );
}
