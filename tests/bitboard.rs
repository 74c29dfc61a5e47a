//! Bitboard iteration in both directions.

use chess_arbiter::{Bitboard, Square};

#[test]
fn bitboard_iterates_forwards_and_backwards_over_each_square_once() {
    let set = Bitboard::EMPTY
        .with(Square::A1)
        .with(Square::E4)
        .with(Square::H8);
    assert_eq!(
        set.into_iter().collect::<Vec<_>>(),
        [Square::A1, Square::E4, Square::H8]
    );
    assert_eq!(
        set.into_iter().rev().collect::<Vec<_>>(),
        [Square::H8, Square::E4, Square::A1]
    );
    let mut both = set.into_iter();
    assert_eq!(both.next(), Some(Square::A1));
    assert_eq!(both.next_back(), Some(Square::H8));
    assert_eq!(both.next_back(), Some(Square::E4));
    assert_eq!(both.next(), None);
    assert_eq!(both.next_back(), None);
    assert_eq!(Bitboard::EMPTY.into_iter().next_back(), None);
}

#[test]
fn the_start_position_writes_its_castling_rights() {
    assert_eq!(
        chess_arbiter::Position::new().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}
