//! The move rules that libraries get wrong (castling, en passant, promotion, pins, checks), one
//! named test per rule: castling (FIDE 3.8.2, Chess960 too), en passant
//! (3.7.3.1), promotion (3.7.3.3), checks and pins, UCI, `play` and the clocks.

use crate::common::legal_uci;

use chess_arbiter::{CastlingMode, Color, Move, MoveKind, Piece, Position, Role, Square, UciError};
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos960(fen: &str) -> Position {
    Position::from_fen_with_mode(fen, CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn is_legal_uci(p: &Position, uci: &str) -> bool {
    legal_uci(p).iter().any(|m| m == uci)
}

/// Plays UCI moves, each of which must be legal.
fn play(p: &mut Position, moves: &[&str]) {
    for uci in moves {
        let m = p
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{uci} in {}: {e}", p.fen()));
        p.play(m).unwrap();
    }
}

fn after(fen: &str, moves: &[&str]) -> Position {
    let mut p = pos(fen);
    play(&mut p, moves);
    p
}

fn white(role: Role) -> Option<Piece> {
    Some(role.of(Color::White))
}

fn black(role: Role) -> Option<Piece> {
    Some(role.of(Color::Black))
}

// ---------------------------------------------------------------------------
// Castling (FIDE 3.8.2).

#[test]
fn castling_through_an_attacked_square_is_illegal() {
    // The bishop on c4 attacks f1: no O-O; O-O-O is fine.
    let p = pos("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1");
    assert!(!p.is_check());
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(is_legal_uci(&p, "e1c1"));
    // The knight on c3 attacks d1 (and b1, which only the rook crosses):
    // no O-O-O; O-O is fine.
    let p = pos("4k3/8/8/8/8/2n5/8/R3K2R w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1c1"));
    assert!(is_legal_uci(&p, "e1g1"));
    // Black likewise: the queen on d1 attacks d8.
    let p = pos("r3k2r/8/8/8/8/8/8/3QK3 b kq - 0 1");
    assert!(!is_legal_uci(&p, "e8c8"));
    assert!(is_legal_uci(&p, "e8g8"));
}

#[test]
fn castling_into_check_is_illegal() {
    // The bishop on h2 attacks g1.
    let p = pos("4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(is_legal_uci(&p, "e1c1"));
    // The knight on b3 attacks c1.
    let p = pos("4k3/8/8/8/8/1n6/8/R3K2R w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1c1"));
    assert!(is_legal_uci(&p, "e1g1"));
    // A black pawn on h2 attacks g1.
    let p = pos("4k3/8/8/8/8/8/7p/R3K2R w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(is_legal_uci(&p, "e1c1"));
}

#[test]
fn castling_out_of_check_is_illegal() {
    let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(p.is_check());
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(!is_legal_uci(&p, "e1c1"));
    let p = pos("r3k2r/8/8/8/8/8/8/4RK2 b kq - 0 1");
    assert!(!is_legal_uci(&p, "e8g8"));
    assert!(!is_legal_uci(&p, "e8c8"));
}

#[test]
fn castling_with_an_attacked_rook_is_legal() {
    // The rook on h8 attacks h1, the rook on a8 attacks a1.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal_uci(&p, "e1g1"));
    assert!(is_legal_uci(&p, "e1c1"));
}

#[test]
fn long_castling_with_b1_attacked_is_legal() {
    // The rook crosses b1, the king does not.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal_uci(&p, "e1c1"));
    let p = pos("r3k2r/8/8/8/8/8/8/1R2K3 b kq - 0 1");
    assert!(is_legal_uci(&p, "e8c8"));
}

#[test]
fn castling_needs_the_squares_between_king_and_rook_empty() {
    // A knight on b1: the rook cannot pass, no O-O-O.
    let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1c1"));
    assert!(is_legal_uci(&p, "e1g1"));
    // Even an enemy piece.
    let p = pos("4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1");
    assert!(!is_legal_uci(&p, "e1g1"));
}

#[test]
fn castling_moves_king_and_rook_and_ends_the_rights_of_that_side() {
    let p = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", &["e1g1"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10");
    let p = after("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 10", &["e8c8"]);
    assert_eq!(p.fen(), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 4 11");
}

#[test]
fn castling_rights_are_lost_for_good_when_the_king_moves() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(!is_legal_uci(&p, "e1c1"));
}

#[test]
fn castling_rights_are_lost_for_good_when_the_rook_moves() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["h1g1", "a8b8", "g1h1", "b8a8"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert!(!is_legal_uci(&p, "e1g1"));
    assert!(is_legal_uci(&p, "e1c1"));
}

#[test]
fn castling_rights_are_lost_for_good_when_the_rook_is_captured() {
    // Black's bishop takes the rook on h1.
    let mut p = pos("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(&mut p, &["g2h1"]);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
    // A rook that comes back to h1 brings no right back.
    let mut p = pos("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(&mut p, &["g2h1", "a1a2", "h1c6", "a2h2", "c6d5", "h2h1"]);
    assert_eq!(p.fen(), "r3k2r/8/8/3b4/8/8/8/4K2R b kq - 5 4");
    assert!(!is_legal_uci(&after(&p.fen(), &["e8e7"]), "e1g1"));
    // White takes the rook on a8 with a rook: both lose that side.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["a1a8"]);
    assert_eq!(p.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    assert!(!is_legal_uci(&p, "e8c8"));
}

#[test]
fn chess960_castling_with_the_king_already_on_its_target_square() {
    // King g1, rook h1: O-O moves only the rook, to f1.
    let mut p = pos960("6k1/8/8/8/8/8/8/1R4KR w KQ - 0 1");
    assert!(is_legal_uci(&p, "g1h1"));
    play(&mut p, &["g1h1"]);
    assert_eq!(p.fen(), "6k1/8/8/8/8/8/8/1R3RK1 b - - 1 1");
    // Queen side: king c1, rook a1: the rook goes to d1, over b1.
    let mut p = pos960("6k1/8/8/8/8/8/8/R1K4R w KQ - 0 1");
    play(&mut p, &["c1a1"]);
    assert_eq!(p.fen(), "6k1/8/8/8/8/8/8/2KR3R b - - 1 1");
    // Blocked when the rook's target square is taken.
    let p = pos960("6k1/8/8/8/8/8/8/1R3NKR w KQ - 0 1");
    assert!(!is_legal_uci(&p, "g1h1"));
}

#[test]
fn chess960_castling_with_the_rook_already_on_its_target_square() {
    // King e1, rook d1: O-O-O moves only the king, to c1.
    let mut p = pos960("6k1/8/8/8/8/8/8/3RK3 w Q - 0 1");
    assert!(is_legal_uci(&p, "e1d1"));
    play(&mut p, &["e1d1"]);
    assert_eq!(p.fen(), "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King e1, rook f1: O-O moves the king to g1.
    let mut p = pos960("6k1/8/8/8/8/8/8/4KR2 w K - 0 1");
    play(&mut p, &["e1f1"]);
    assert_eq!(p.fen(), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
    // The king's target square attacked: illegal.
    let p = pos960("6k1/8/8/8/8/8/2r5/3RK3 w Q - 0 1");
    assert!(!is_legal_uci(&p, "e1d1"));
}

#[test]
fn chess960_castling_with_king_and_rook_swapping_over_each_other() {
    // King f1, rook g1: the king goes to g1, the rook to f1.
    let mut p = pos960("k7/8/8/8/8/8/8/5KR1 w K - 0 1");
    assert!(is_legal_uci(&p, "f1g1"));
    play(&mut p, &["f1g1"]);
    assert_eq!(p.fen(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King d1, rook c1: the king goes to c1, the rook to d1.
    let mut p = pos960("k7/8/8/8/8/8/8/2RK4 w Q - 0 1");
    play(&mut p, &["d1c1"]);
    assert_eq!(p.fen(), "k7/8/8/8/8/8/8/2KR4 b - - 1 1");
    // Black: king d8, rook c8.
    let mut p = pos960("2rk4/8/8/8/8/8/8/7K b q - 0 1");
    play(&mut p, &["d8c8"]);
    assert_eq!(p.fen(), "2kr4/8/8/8/8/8/8/7K w - - 1 2");
}

#[test]
fn chess960_castling_is_blocked_by_a_piece_on_a_square_the_rook_crosses() {
    // King c1 stays; the rook a1 crosses b1 to d1: a knight on b1 blocks.
    let p = pos960("4k3/8/8/8/8/8/8/RNK5 w Q - 0 1");
    assert!(!is_legal_uci(&p, "c1a1"));
    let p = pos960("4k3/8/8/8/8/8/8/R1K5 w Q - 0 1");
    assert!(is_legal_uci(&p, "c1a1"));
    // King b1 to c1; the rook a1 lands on d1: a knight on d1 blocks.
    let p = pos960("4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1");
    assert!(!is_legal_uci(&p, "b1a1"));
    // King-side: king b1 to g1, rook c1 to f1, a bishop on h1 is beyond both: fine.
    let mut p = pos960("4k3/8/8/8/8/8/8/1KR4B w K - 0 1");
    assert!(is_legal_uci(&p, "b1c1"));
    play(&mut p, &["b1c1"]);
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/5RKB b - - 1 1");
    // ... and a knight on e1, which both would cross, blocks.
    let p = pos960("4k3/8/8/8/8/8/8/1KR1N2B w K - 0 1");
    assert!(!is_legal_uci(&p, "b1c1"));
}

#[test]
fn chess960_castling_may_not_leave_the_king_attacked_through_the_rooks_old_square() {
    // Queen a1, rook b1, king d1: after O-O-O the king on c1 would be seen by the queen.
    let p = pos960("k7/8/8/8/8/8/8/qR1K4 w B - 0 1");
    assert!(!p.is_check());
    assert!(!is_legal_uci(&p, "d1b1"));
}

#[test]
fn chess960_castling_may_not_unshield_a_king_that_stays_on_its_target_square() {
    // Found by the fen fuzz target: king c1 already on its target square,
    // rook b1 between it and a black rook on a1. O-O-O would move the rook
    // to d1 and leave the king on c1 in check from a1: illegal.
    let p = Position::from_fen("r3k2r/8/8/8/8/8/8/rRK2R2 w KQkq - 0 1").unwrap();
    assert!(!p.is_check());
    assert!(!is_legal_uci(&p, "c1b1"));
    assert!(!p.is_legal(Move::castle(Square::C1, Square::B1)));
    // King-side castling (king c1 to g1, rook f1 stays) is still legal:
    // the b1 rook keeps shielding the king's path from a1.
    assert!(is_legal_uci(&p, "c1f1"));
}

// ---------------------------------------------------------------------------
// En passant (FIDE 3.7.3.1).

#[test]
fn en_passant_illegal_when_both_pawns_leave_a_pinned_rank() {
    let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert!(!is_legal_uci(&p, "b5c6"));
    assert!(!p.is_legal(Move::en_passant(Square::B5, Square::C6)));
    assert_eq!(p.en_passant_square(), None);
    // Black likewise.
    let p = pos("7K/8/8/8/kpP4R/8/8/8 b - c3 0 1");
    assert!(!is_legal_uci(&p, "b4c3"));
}

#[test]
fn en_passant_illegal_when_the_capturing_pawn_is_pinned_on_a_diagonal() {
    // The bishop on a1 pins e5 to the king on h8.
    let p = pos("7K/8/8/3pP3/8/8/8/b3k3 w - d6 0 1");
    assert!(!is_legal_uci(&p, "e5d6"));
    assert_eq!(p.en_passant_square(), None);
    // Pinned along the very diagonal it captures on: legal.
    let p = pos("1b5k/8/8/3pP3/8/6K1/8/8 w - d6 0 1");
    assert!(is_legal_uci(&p, "e5d6"));
    assert_eq!(p.en_passant_square(), Some(Square::D6));
}

#[test]
fn en_passant_can_capture_the_double_stepped_pawn_that_gives_check() {
    // d2-d4 checked the king on c5; e4xd3 takes the checker.
    let p = pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(p.is_check());
    assert!(is_legal_uci(&p, "e4d3"));
    let mut q = p.clone();
    play(&mut q, &["e4d3"]);
    assert_eq!(q.fen(), "8/8/8/2k5/8/3p4/8/4K3 w - - 0 2");
    // But it does not answer a check the step discovered: the bishop on c1
    // sees h6 through d2 since the pawn left it.
    let p = pos("8/8/7k/8/3Pp3/8/8/2B1K3 b - d3 0 1");
    assert!(p.is_check());
    assert!(!is_legal_uci(&p, "e4d3"));
}

#[test]
fn en_passant_can_give_discovered_check() {
    // The pawn on e5 shielded e8 from the rook on e1.
    let mut p = pos("4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1");
    assert!(is_legal_uci(&p, "e5d6"));
    play(&mut p, &["e5d6"]);
    assert!(p.is_check());
    assert_eq!(p.fen(), "4k3/8/3P4/8/8/8/8/4RK2 b - - 0 1");
    // Both pawns leave the rank: the rook on a5 sees the king on h5.
    let mut p = pos("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1");
    play(&mut p, &["e5d6"]);
    assert!(p.is_check());
    assert_eq!(p.checkers().into_iter().collect::<Vec<_>>(), [Square::A5]);
    // The captured pawn was the one blocking (d7-d5 had parried the check):
    // the bishop on a2 sees g8 once d5 is empty.
    let mut p = pos("6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 1");
    play(&mut p, &["e5d6"]);
    assert_eq!(p.checkers().into_iter().collect::<Vec<_>>(), [Square::A2]);
}

#[test]
fn en_passant_only_immediately_after_the_double_step() {
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, &["d7d5"]);
    assert_eq!(p.en_passant_square(), Some(Square::D6));
    assert!(is_legal_uci(&p, "e5d6"));
    play(&mut p, &["e1e2", "e8e7"]);
    assert_eq!(p.en_passant_square(), None);
    assert!(!is_legal_uci(&p, "e5d6"));
    assert!(!p.is_legal(Move::en_passant(Square::E5, Square::D6)));
    // A single step twice is no double step.
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut p, &["d7d6", "e1d1", "d6d5"]);
    assert!(!is_legal_uci(&p, "e5d6"));
}

#[test]
fn en_passant_captures_the_pawn_and_resets_the_clock() {
    let p = after("4k3/8/8/3pP3/8/8/8/4K3 w - d6 7 30", &["e5d6"]);
    assert_eq!(p.piece_at(Square::D5), None);
    assert_eq!(p.piece_at(Square::D6), white(Role::Pawn));
    assert_eq!(p.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 30");
}

// ---------------------------------------------------------------------------
// Promotion (FIDE 3.7.3.3).

#[test]
fn promotion_to_queen_rook_bishop_or_knight_of_the_same_colour() {
    let p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promotions: Vec<String> = legal_uci(&p)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(
        promotions,
        [
            "a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"
        ]
    );
    for (letter, role) in [
        ('q', Role::Queen),
        ('r', Role::Rook),
        ('b', Role::Bishop),
        ('n', Role::Knight),
    ] {
        for to in ["a8", "b8"] {
            let q = after(
                "1r2k3/P7/8/8/8/8/8/4K3 w - - 5 9",
                &[&format!("a7{to}{letter}")],
            );
            assert_eq!(
                q.piece_at(to.parse().unwrap()),
                white(role),
                "a7{to}{letter}"
            );
            assert_eq!(q.piece_at(Square::A7), None);
            assert_eq!(q.halfmove_clock(), 0);
        }
    }
    // Black promotes to black pieces, also capturing.
    let q = after("4k3/8/8/8/8/8/p7/1N2K3 b - - 0 1", &["a2b1n"]);
    assert_eq!(q.piece_at(Square::B1), black(Role::Knight));
    let q = after("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", &["a2a1q"]);
    assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/q3K3 w - - 0 2");
}

#[test]
fn promotion_is_mandatory() {
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!p.is_legal(Move::new(Square::A7, Square::A8)));
    assert!(matches!(p.parse_uci("a7a8"), Err(UciError::Illegal { .. })));
    assert!(Move::promotion(Square::A7, Square::A8, Role::King).is_none());
    assert!(Move::promotion(Square::A7, Square::A8, Role::Pawn).is_none());
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        assert!(p.is_legal(Move::promotion(Square::A7, Square::A8, role).unwrap()));
    }
}

// ---------------------------------------------------------------------------
// Checks and pins.

#[test]
fn double_check_allows_king_moves_only() {
    // Rook e8 and knight d3 both check; the bishop on f1 could take the knight.
    let p = pos("4r1k1/8/8/8/8/3n4/8/4KB2 w - - 0 1");
    assert_eq!(p.checkers().len(), 2);
    let moves = p.legal_moves();
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| m.from() == Square::E1),
        "{:?}",
        legal_uci(&p)
    );
    assert!(!p.is_legal(Move::new(Square::F1, Square::D3)));
}

#[test]
fn single_check_is_answered_by_capture_block_or_king_move() {
    let p = pos("4r1k1/8/8/8/8/8/3B4/R3K3 w - - 0 1");
    let moves = legal_uci(&p);
    // The bishop blocks on e3 but may not go elsewhere; the king leaves the e-file.
    assert!(moves.contains(&"d2e3".to_string()));
    assert!(!moves.contains(&"d2c3".to_string()));
    assert!(moves.contains(&"e1f2".to_string()));
    assert!(!moves.contains(&"e1e2".to_string()));
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    // The rook on e4 is pinned on the e-file.
    let p = pos("4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1");
    let rook: Vec<String> = legal_uci(&p)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    assert_eq!(rook, ["e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]);
    // A bishop pinned on a file has no move; a knight pinned has none.
    let p = pos("4r1k1/8/8/8/4B3/8/8/4K3 w - - 0 1");
    assert!(legal_uci(&p).iter().all(|m| !m.starts_with("e4")));
    let p = pos("4r1k1/8/8/8/8/4N3/8/4K3 w - - 0 1");
    assert!(legal_uci(&p).iter().all(|m| !m.starts_with("e3")));
    // A pawn pinned on a diagonal may only take the pinner.
    let p = pos("6k1/8/8/8/2b5/3P4/4K3/8 w - - 0 1");
    let pawn: Vec<String> = legal_uci(&p)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(pawn, ["d3c4"]);
    // A pawn pinned on a file may push, not capture.
    let p = pos("4r1k1/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    let pawn: Vec<String> = legal_uci(&p)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    assert_eq!(pawn, ["e4e5"]);
}

#[test]
fn king_may_not_step_along_the_line_of_its_checker() {
    // The rook on a1 checks along the first rank: f1 stays attacked behind the king.
    let p = pos("6k1/8/8/8/8/8/8/r3K3 w - - 0 1");
    let moves = legal_uci(&p);
    assert!(!moves.contains(&"e1f1".to_string()));
    assert!(!moves.contains(&"e1d1".to_string()));
    assert!(moves.contains(&"e1e2".to_string()));
}

#[test]
fn no_legal_move_leaves_the_own_king_attacked() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        let p = pos(fen);
        for m in p.legal_moves() {
            let mut q = p.clone();
            q.play_unchecked(m);
            // Our king attacked after our move means the opponent could take it:
            // the position would not even be valid with the opponent to move.
            assert!(
                Position::from_fen(&q.fen()).is_ok(),
                "{fen}: {} leaves the king attacked",
                p.uci(m)
            );
        }
    }
}

// ---------------------------------------------------------------------------
// UCI.

#[test]
fn uci_castling_is_e1g1_or_e1h1_in_standard_chess() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (uci, rook) in [
        ("e1g1", Square::H1),
        ("e1h1", Square::H1),
        ("e1c1", Square::A1),
        ("e1a1", Square::A1),
    ] {
        let m = p.parse_uci(uci).unwrap();
        assert_eq!(m.kind(), MoveKind::Castle, "{uci}");
        assert_eq!(m.to(), rook);
    }
    assert_eq!(p.uci(Move::castle(Square::E1, Square::H1)).as_str(), "e1g1");
    assert_eq!(p.uci(Move::castle(Square::E1, Square::A1)).as_str(), "e1c1");
}

#[test]
fn uci_castling_is_king_takes_rook_only_in_chess960() {
    let p = pos960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.parse_uci("e1h1").unwrap().kind(), MoveKind::Castle);
    assert_eq!(p.parse_uci("e1a1").unwrap().kind(), MoveKind::Castle);
    assert!(matches!(p.parse_uci("e1g1"), Err(UciError::Illegal { .. })));
    assert!(matches!(p.parse_uci("e1c1"), Err(UciError::Illegal { .. })));
    assert_eq!(p.uci(Move::castle(Square::E1, Square::H1)).as_str(), "e1h1");
    // In Chess960 a king step to g1 is a king step, not castling.
    let p = pos960("6k1/8/8/8/8/8/8/1R3K1R w KQ - 0 1");
    assert_eq!(p.parse_uci("f1g1").unwrap().kind(), MoveKind::Normal);
    assert_eq!(p.parse_uci("f1h1").unwrap().kind(), MoveKind::Castle);
}

#[test]
fn uci_promotion_and_its_errors() {
    let p = pos("1r2k3/P7/8/8/8/8/4P3/4K3 w - - 0 1");
    let m = p.parse_uci("a7a8q").unwrap();
    assert_eq!(m.promotion_role(), Some(Role::Queen));
    assert_eq!(
        p.parse_uci("a7b8n").unwrap().promotion_role(),
        Some(Role::Knight)
    );
    // Well-formed but wrong: missing or needless promotion.
    for uci in ["a7a8", "e2e4q", "e2e3n", "a7b8"] {
        assert!(
            matches!(p.parse_uci(uci), Err(UciError::Illegal { .. })),
            "{uci}"
        );
    }
    // Not UCI at all.
    for uci in [
        "", "e2", "e2e", "e2e4e", "E2E4", "a7a8Q", "a7a8k", "a7a8p", "e9e4", "i2i4", "e2-e4",
        " e2e4", "e2e4 ", "0000", "e2e4qq", "é2e4",
    ] {
        assert!(
            matches!(p.parse_uci(uci), Err(UciError::Syntax { .. })),
            "{uci:?}"
        );
    }
}

#[test]
fn uci_illegal_moves_are_refused() {
    let p = Position::new();
    for uci in ["e2e5", "e7e5", "e1e2", "a1a3", "b1b3", "e3e4", "g1g3"] {
        assert!(
            matches!(p.parse_uci(uci), Err(UciError::Illegal { .. })),
            "{uci}"
        );
    }
    assert_eq!(
        p.parse_uci("g1f3").unwrap(),
        Move::new(Square::G1, Square::F3)
    );
    assert_eq!(
        p.parse_uci("e2e4").unwrap(),
        Move::double_push(Square::E2, Square::E4)
    );
}

// ---------------------------------------------------------------------------
// is_legal, play.

#[test]
fn is_legal_refuses_arbitrary_moves() {
    let p = pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    assert!(p.is_legal(Move::en_passant(Square::E5, Square::D6)));
    assert!(p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(p.is_legal(Move::new(Square::A1, Square::A8)));
    for m in [
        Move::new(Square::E5, Square::D6), // en passant written as a plain move
        Move::new(Square::E1, Square::G1), // castling written as a king move
        Move::castle(Square::E1, Square::G1), // castling onto an empty square
        Move::castle(Square::E1, Square::E1), // castling with itself
        Move::castle(Square::E8, Square::H8), // the opponent's castling
        Move::new(Square::D5, Square::D4), // the opponent's pawn
        Move::new(Square::E4, Square::E5), // from an empty square
        Move::double_push(Square::E5, Square::E7), // not from the second rank
        Move::double_push(Square::E1, Square::E3), // a king's double push
        Move::new(Square::A1, Square::B2), // not how a rook moves
        Move::new(Square::A1, Square::A1), // no move at all
    ] {
        assert!(!p.is_legal(m), "{m:?}");
    }
    let promo = Move::promotion(Square::E5, Square::E6, Role::Queen).unwrap();
    assert!(!p.is_legal(promo));
    assert!(!p.is_legal(Move::en_passant(Square::E5, Square::F6)));
    assert!(!p.is_legal(Move::new(Square::E1, Square::E1)));
}

#[test]
fn play_refuses_an_illegal_move_and_leaves_the_position_unchanged() {
    let mut p = pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    let before = p.clone();
    for m in [
        Move::new(Square::E5, Square::D6),
        Move::new(Square::E1, Square::G1),
        Move::castle(Square::E8, Square::H8),
        Move::new(Square::E4, Square::E5),
        Move::new(Square::E1, Square::E3),
    ] {
        let err = p.play(m).unwrap_err();
        assert_eq!(err.mv, m);
        assert_eq!(err.fen, before.fen());
        assert_eq!(p, before);
        assert_eq!(p.fen(), before.fen());
        assert_eq!(p.zobrist(), before.zobrist());
    }
}

// ---------------------------------------------------------------------------
// Clocks.

#[test]
fn halfmove_clock_is_reset_only_by_captures_and_pawn_moves() {
    let mut p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R w KQkq - 10 20");
    play(&mut p, &["b1c3"]);
    assert_eq!(p.halfmove_clock(), 11);
    play(&mut p, &["e8g8"]);
    assert_eq!(p.halfmove_clock(), 12, "castling is no reset");
    play(&mut p, &["c3d5"]);
    assert_eq!(p.halfmove_clock(), 13);
    play(&mut p, &["e7e6"]);
    assert_eq!(p.halfmove_clock(), 0, "a pawn move resets");
    play(&mut p, &["d5c7"]);
    assert_eq!(p.halfmove_clock(), 0, "a capture resets");
    play(&mut p, &["a8b8"]);
    assert_eq!(p.halfmove_clock(), 1);
}

#[test]
fn halfmove_clock_is_never_capped() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    play(&mut p, &["a1a2"]);
    assert_eq!(p.halfmove_clock(), 150);
    play(&mut p, &["e8d8", "a2b2"]);
    assert_eq!(p.halfmove_clock(), 152);
    // From u32::MAX it stays there, without a panic.
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 4294967295 4294967295");
    play(&mut p, &["a1a2", "e8d8"]);
    assert_eq!(p.halfmove_clock(), u32::MAX);
    assert_eq!(p.fullmove_number(), u32::MAX);
    assert_eq!(p.fen(), "3k4/8/8/8/8/8/R7/4K3 w - - 4294967295 4294967295");
}

#[test]
fn fullmove_number_increases_after_black_moves() {
    let mut p = Position::new();
    play(&mut p, &["e2e4"]);
    assert_eq!(p.fullmove_number(), 1);
    play(&mut p, &["e7e5"]);
    assert_eq!(p.fullmove_number(), 2);
    play(&mut p, &["g1f3"]);
    assert_eq!(p.fullmove_number(), 2);
    let mut p = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 7");
    play(&mut p, &["e8d8"]);
    assert_eq!(p.fullmove_number(), 8);
}

// ---------------------------------------------------------------------------
// play_unchecked with moves that are not legal: no panic (the crate docs: no input
// of any kind makes the library panic).

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

fn square() -> impl Strategy<Value = Square> {
    (0usize..64).prop_map(|i| Square::ALL[i])
}

fn any_move() -> impl Strategy<Value = Move> {
    (square(), square(), 0u8..9).prop_map(|(from, to, kind)| match kind {
        0 => Move::new(from, to),
        1 => Move::double_push(from, to),
        2 => Move::en_passant(from, to),
        3 => Move::castle(from, to),
        k => Move::promotion(
            from,
            to,
            [
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::Queen,
            ][k as usize - 4],
        )
        .unwrap_or(Move::new(from, to)),
    })
}

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn play_unchecked_never_panics_on_illegal_moves(
        start in proptest::sample::select(STARTS),
        walk in proptest::collection::vec(any::<u16>(), 0..40),
        wild in proptest::collection::vec(any_move(), 1..4),
    ) {
        let mut p = pos960(start);
        for choice in walk {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(moves[choice as usize % moves.len()]);
        }
        for m in wild {
            p.play_unchecked(m);
            // Whatever the position now is, asking about it must not panic.
            let _ = p.fen();
            let _ = p.legal_moves();
            let _ = p.is_check();
            let _ = p.en_passant_square();
            let _ = p.uci(m);
            let _ = format!("{p:?}");
            for sq in Square::ALL {
                let _ = p.piece_at(sq);
            }
        }
    }
}
