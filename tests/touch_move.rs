//! Touch-move (FIDE 4.3 to 4.5): `Position::touch_move`, clause by clause,
//! each test named in the clause's words.

use Square::*;
use chess_arbiter::{CastlingMode, Move, MoveList, Position, Square};
use proptest::prelude::*;

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn chess960(text: &str) -> Position {
    Position::from_fen_with_mode(text, CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted(moves: MoveList) -> Vec<Move> {
    let mut moves: Vec<Move> = moves.into_iter().collect();
    moves.sort_by_key(|m| format!("{m:?}"));
    moves
}

fn from(pos: &Position, sq: Square) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.retain(|m| m.from() == sq);
    sorted(moves)
}

fn san(pos: &Position, moves: &MoveList) -> Vec<String> {
    let mut sans: Vec<String> = moves.iter().map(|&m| pos.san(m).to_string()).collect();
    sans.sort();
    sans
}

// ---- 4.3.1 ----

#[test]
fn touching_own_pieces_the_first_touched_that_can_be_moved_must_be_moved() {
    // FIDE 4.3.1.
    let pos = Position::new();
    assert_eq!(san(&pos, &pos.touch_move(&[E2])), ["e3", "e4"]);
    assert_eq!(san(&pos, &pos.touch_move(&[G1, E2])), ["Nf3", "Nh3"]);
    // The a1 rook cannot move: the b1 knight, touched next, must.
    assert_eq!(san(&pos, &pos.touch_move(&[A1, B1, E2])), ["Na3", "Nc3"]);
}

#[test]
fn touching_a_pinned_piece_that_cannot_move_passes_to_the_next_touched_piece() {
    // FIDE 4.3.1: the pinned knight cannot be moved; the king, touched
    // after it, can.
    let pos = fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(sorted(pos.touch_move(&[E2, E1])), from(&pos, E1));
}

// ---- 4.3.2 ----

#[test]
fn touching_opponents_pieces_the_first_touched_that_can_be_captured_must_be_captured() {
    // FIDE 4.3.2: by any piece that can take it.
    let pos = fen("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    assert_eq!(san(&pos, &pos.touch_move(&[D5])), ["Nxd5", "exd5"]);
    // The black king cannot be captured: the pawn touched after it must be.
    assert_eq!(san(&pos, &pos.touch_move(&[E8, D5])), ["Nxd5", "exd5"]);
}

#[test]
fn touching_a_pawn_that_can_be_taken_en_passant_means_taking_it_en_passant() {
    // FIDE 4.3.2 with 3.7.3.1: the d5 pawn is captured on d6.
    let pos = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        pos.touch_move(&[D5]).as_slice(),
        &[Move::en_passant(E5, D6)]
    );
}

// ---- 4.3.3 ----

#[test]
fn touching_pieces_of_each_colour_the_first_own_piece_must_capture_the_first_opponents_piece() {
    // FIDE 4.3.3, in either order of touching.
    let pos = fen("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    assert_eq!(san(&pos, &pos.touch_move(&[C3, D5])), ["Nxd5"]);
    assert_eq!(san(&pos, &pos.touch_move(&[D5, C3])), ["Nxd5"]);
    assert_eq!(san(&pos, &pos.touch_move(&[E4, D5, C3])), ["exd5"]);
}

#[test]
fn touching_pieces_of_each_colour_if_that_capture_is_illegal_the_first_piece_that_can_be_moved_or_captured()
 {
    // FIDE 4.3.3: the king cannot take d5. Touched first, it must move;
    // touched after the pawn, the pawn must be taken.
    let pos = fen("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    assert_eq!(sorted(pos.touch_move(&[E1, D5])), from(&pos, E1));
    assert_eq!(san(&pos, &pos.touch_move(&[D5, E1])), ["Nxd5", "exd5"]);
}

// ---- 4.4 ----

#[test]
fn touching_the_king_and_then_a_rook_the_player_must_castle_on_that_side_if_it_is_legal() {
    // FIDE 4.4.1.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        pos.touch_move(&[E1, H1]).as_slice(),
        &[Move::castle(E1, H1)]
    );
    assert_eq!(
        pos.touch_move(&[E1, A1]).as_slice(),
        &[Move::castle(E1, A1)]
    );
    let black = fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        black.touch_move(&[E8, H8]).as_slice(),
        &[Move::castle(E8, H8)]
    );
}

#[test]
fn touching_the_king_and_then_a_rook_when_castling_is_illegal_another_king_move_castling_with_the_other_rook_included()
 {
    // FIDE 4.4.3: f1 is attacked, so no castling king side; the king must
    // make another move, and castling queen side is one.
    let pos = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    let moves = pos.touch_move(&[E1, H1]);
    assert_eq!(sorted(moves.clone()), from(&pos, E1));
    assert!(moves.contains(&Move::castle(E1, A1)));
    assert!(!moves.contains(&Move::castle(E1, H1)));
    // A rook without a castling right counts the same way.
    let pos = fen("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    assert_eq!(sorted(pos.touch_move(&[E1, D1])), from(&pos, E1));
}

#[test]
fn touching_the_king_and_then_a_rook_when_the_king_has_no_legal_move_any_legal_move() {
    // FIDE 4.4.3, last sentence: the king is boxed in, castling blocked.
    let pos = fen("4k3/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1");
    assert_eq!(pos.touch_move(&[E1, H1]), pos.legal_moves());
}

#[test]
fn touching_a_rook_and_then_the_king_forbids_castling_on_that_side_and_the_rook_must_move() {
    // FIDE 4.4.2, then 4.3.1: the rook was touched first.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = pos.touch_move(&[H1, E1]);
    assert_eq!(sorted(moves), from(&pos, H1));
    assert_eq!(sorted(pos.touch_move(&[A1, E1])), from(&pos, A1));
}

#[test]
fn touching_a_rook_that_cannot_move_and_then_the_king_the_king_moves_but_not_castling_on_that_side()
{
    // FIDE 4.4.2 in Chess960: the a1 rook is hemmed in by its pawn and
    // king, yet castling with it is legal. Touched first, it forbids that
    // castling; the king, touched next, must move, and may castle with h1.
    let pos = chess960("6k1/8/8/8/8/8/P7/RK5R w HA - 0 1");
    assert!(pos.legal_moves().contains(&Move::castle(B1, A1)));
    let moves = pos.touch_move(&[A1, B1]);
    assert!(!moves.contains(&Move::castle(B1, A1)));
    assert!(moves.contains(&Move::castle(B1, H1)));
    assert!(moves.iter().all(|m| m.from() == B1));
    assert_eq!(moves.len(), from(&pos, B1).len() - 1);
}

#[test]
fn chess960_touching_the_king_and_then_a_rook_the_player_must_castle_on_that_side() {
    // FIDE 4.4.1 with the Chess960 castling rules (king onto its rook).
    let pos = chess960("6k1/8/8/8/8/8/P7/RK5R w HA - 0 1");
    assert_eq!(
        pos.touch_move(&[B1, A1]).as_slice(),
        &[Move::castle(B1, A1)]
    );
    assert_eq!(
        pos.touch_move(&[B1, H1]).as_slice(),
        &[Move::castle(B1, H1)]
    );
    // A king already on g1: castling moves only the rook.
    let pos = chess960("6k1/8/8/8/8/8/8/4R1KR w H - 0 1");
    assert_eq!(
        pos.touch_move(&[G1, H1]).as_slice(),
        &[Move::castle(G1, H1)]
    );
}

#[test]
fn touching_only_the_king_allows_castling_a_king_move() {
    // FIDE 3.8.2 and 4.3.1: castling is a move of the king.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = pos.touch_move(&[E1]);
    assert!(moves.contains(&Move::castle(E1, H1)));
    assert!(moves.contains(&Move::castle(E1, A1)));
    assert_eq!(sorted(moves), from(&pos, E1));
}

// ---- 4.5 ----

#[test]
fn if_none_of_the_touched_pieces_can_be_moved_or_captured_any_legal_move() {
    // FIDE 4.5.
    let pos = Position::new();
    assert_eq!(pos.touch_move(&[A1, H1, A8, E8]), pos.legal_moves());
    let pos = fen("4k3/8/8/3p4/4P3/2N5/8/4K3 w - - 0 1");
    assert_eq!(pos.touch_move(&[E8]), pos.legal_moves());
    assert_eq!(pos.touch_move(&[]), pos.legal_moves());
}

#[test]
fn touching_empty_squares_is_ignored() {
    let pos = Position::new();
    assert_eq!(san(&pos, &pos.touch_move(&[E4, D5, E2])), ["e3", "e4"]);
    assert_eq!(pos.touch_move(&[E4, E5]), pos.legal_moves());
    // An empty square between king and rook does not break 4.4.1.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        pos.touch_move(&[E1, F1, H1]).as_slice(),
        &[Move::castle(E1, H1)]
    );
}

#[test]
fn a_piece_touched_twice_counts_once() {
    let pos = Position::new();
    assert_eq!(san(&pos, &pos.touch_move(&[A1, A1, B1])), ["Na3", "Nc3"]);
}

#[test]
fn checkmate_and_stalemate_leave_nothing_to_touch() {
    let mate = fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(mate.touch_move(&[G8, F7, A8]).is_empty());
}

// ---- Invariants ----

fn random_position(seed: u64, plies: usize) -> Position {
    let mut pos = Position::new();
    let mut state = seed | 1;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pos.play_unchecked(moves[(state % moves.len() as u64) as usize]);
    }
    pos
}

proptest! {
    #[test]
    fn touch_move_gives_legal_moves_and_some_whenever_a_legal_move_exists(
        seed in any::<u64>(),
        plies in 0usize..80,
        touched in proptest::collection::vec(0u32..64, 0..5),
    ) {
        let pos = random_position(seed, plies);
        let squares: Vec<Square> = touched.iter().filter_map(|&i| Square::new(i)).collect();
        let moves = pos.touch_move(&squares);
        let legal = pos.legal_moves();
        for m in &moves {
            prop_assert!(legal.contains(m), "{} {:?}: {:?}", pos.fen(), squares, m);
        }
        prop_assert_eq!(moves.is_empty(), legal.is_empty(), "{} {:?}", pos.fen(), squares);
    }
}
