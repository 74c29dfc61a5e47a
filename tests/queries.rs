//! Questions about positions and games: pieces, attacks, pins, what a move
//! does, a game's positions and SAN, where a position occurred.

use Square::*;
use chess_arbiter::{Color, Game, Piece, Position, Role, Square};

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn squares(bb: chess_arbiter::Bitboard) -> Vec<Square> {
    bb.into_iter().collect()
}

#[test]
fn piece_map_lists_every_piece_with_its_square() {
    let pos = Position::new();
    let map: Vec<(Square, Piece)> = pos.piece_map().collect();
    assert_eq!(map.len(), 32);
    assert_eq!(map[0], (A1, Role::Rook.of(Color::White)));
    assert_eq!(map[31], (H8, Role::Rook.of(Color::Black)));
    for (sq, piece) in map {
        assert_eq!(pos.piece_at(sq), Some(piece));
    }
    assert_eq!(squares(pos.pieces(Color::White, Role::Knight)), [B1, G1]);
}

#[test]
fn attackers_and_is_attacked_by() {
    let pos = fen("4k3/8/8/3p4/4N3/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        squares(pos.attackers(D5, Color::White)),
        Vec::<Square>::new()
    );
    assert_eq!(squares(pos.attackers(F6, Color::White)), [E4]);
    assert_eq!(squares(pos.attackers(E4, Color::Black)), [D5]);
    assert_eq!(squares(pos.attackers(A8, Color::White)), [A1]);
    assert!(pos.is_attacked_by(D8, Color::Black));
    assert!(!pos.is_attacked_by(D8, Color::White));
}

#[test]
fn pinned_pieces_are_those_alone_between_king_and_slider() {
    let pos = fen("4k3/4r3/8/8/1b6/8/3NB3/4K3 w - - 0 1");
    assert_eq!(squares(pos.pinned(Color::White)), [D2, E2]);
    let two_between = fen("4k3/4r3/8/8/8/4N3/4B3/4K3 w - - 0 1");
    assert!(two_between.pinned(Color::White).is_empty());
}

#[test]
fn gives_check_is_capture_and_is_zeroing() {
    let pos = fen("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1");
    let ra8 = pos.parse_san("Ra8").unwrap();
    let exd6 = pos.parse_san("exd6").unwrap();
    let castle = pos.parse_san("O-O-O").unwrap();
    assert!(pos.gives_check(ra8));
    assert!(!pos.gives_check(exd6));
    assert!(pos.is_capture(exd6) && pos.is_zeroing(exd6));
    assert!(!pos.is_capture(castle) && !pos.is_zeroing(castle));
    assert!(!pos.is_capture(ra8) && !pos.is_zeroing(ra8));
    // Castling gives check by its rook.
    let pos = fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(pos.gives_check(pos.parse_san("O-O-O").unwrap()));
    // An illegal move gives no check.
    assert!(!pos.gives_check(chess_arbiter::Move::new(A1, B2)));
}

#[test]
fn a_game_lists_its_positions_and_san_moves() {
    let mut game = Game::new();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"] {
        game.play_uci(uci).unwrap();
    }
    let sans: Vec<String> = game.san_moves().iter().map(|s| s.to_string()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    let positions: Vec<Position> = game.positions().collect();
    assert_eq!(positions.len(), 8);
    for (i, &m) in game.moves().iter().enumerate() {
        let mut pos = positions[i].clone();
        pos.play(m).unwrap();
        assert_eq!(pos, positions[i + 1]);
    }
}

#[test]
fn a_long_game_gives_every_position_from_either_end_and_by_ply() {
    // Past several kept positions (one every sixteen moves): each position
    // given from the front, from the back and by ply is the replayed one,
    // and so is the position each move taken back returns to.
    let mut game = Game::new();
    let mut replayed = vec![Position::new()];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    while game.moves().len() < 70 && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let m = moves[(state % moves.len() as u64) as usize];
        game.play(m).unwrap();
        let mut pos = replayed.last().unwrap().clone();
        pos.play(m).unwrap();
        replayed.push(pos);
    }
    assert!(game.moves().len() > 40, "{} plies", game.moves().len());
    assert_eq!(game.positions().len(), replayed.len());
    assert!(game.positions().eq(replayed.iter().cloned()));
    assert!(game.positions().rev().eq(replayed.iter().rev().cloned()));
    for (ply, pos) in replayed.iter().enumerate() {
        assert_eq!(game.position_at(ply).as_ref(), Some(pos), "ply {ply}");
    }
    assert_eq!(game.position_at(replayed.len()), None);
    // Both ends at once, meeting in the middle.
    let mut both = game.positions();
    let (mut front, mut back) = (0, replayed.len());
    while let Some(pos) = both.next() {
        assert_eq!(pos, replayed[front]);
        front += 1;
        if let Some(pos) = both.next_back() {
            back -= 1;
            assert_eq!(pos, replayed[back]);
        }
        assert_eq!(both.len(), back - front);
    }
    assert_eq!(front, back);
    drop(both);
    while let Some(m) = game.undo() {
        replayed.pop();
        assert_eq!(game.position(), replayed.last().unwrap());
        assert_eq!(game.moves().len() + 1, replayed.len(), "{m}");
    }
}

#[test]
fn repetition_plies_name_where_the_position_occurred() {
    let mut game = Game::new();
    assert_eq!(game.repetition_plies(), [0]);
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"] {
        game.play_san(san).unwrap();
    }
    assert_eq!(game.repetition_plies(), [0, 4, 8]);
    assert_eq!(game.repetition_plies().len() as u32, game.repetitions());
    game.play_san("Nf3").unwrap();
    assert_eq!(game.repetition_plies(), [1, 9]);
}
