//! Unit tests of the proof: proved both ways.

use super::cannot_mate;
use crate::{Color, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

#[test]
fn a_wall_with_a_bishop_on_each_side_that_cannot_mate_alone_is_proved() {
    // Black's bishop may check White's king below the wall, but a lone
    // bishop cannot cover the corner squares White's bishop leaves.
    let p = pos("8/1k6/8/1p1p1p1p/1P1P1P1P/8/6K1/3bB3 w - - 0 1");
    assert!(cannot_mate(&p, Color::Black));
    assert!(cannot_mate(&p, Color::White));
}

#[test]
fn bishops_and_pawns_that_defend_each_other_are_fixed() {
    let p = pos("B7/1k6/1p6/bP6/Bp6/1P6/8/K7 b - - 0 1");
    assert!(cannot_mate(&p, Color::White));
    assert!(cannot_mate(&p, Color::Black));
    // Without the black bishop, White's king takes b6 and the pawn
    // behind it runs through.
    let p = pos("B7/1k6/1p6/1P6/Bp6/1P6/8/K7 b - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn a_king_walled_in_by_pawns_is_never_checked() {
    let p = pos("1b5k/b7/8/3B4/8/6p1/6Pp/7K w - - 0 1");
    assert!(cannot_mate(&p, Color::Black));
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn pawns_facing_each_other_on_a_file_never_pass() {
    let p = pos("2k5/p1p1p1p1/P1P1P1P1/2p1p2K/8/8/2P1P1P1/8 w - - 0 1");
    assert!(cannot_mate(&p, Color::Black));
}

#[test]
fn a_pawn_stuck_for_now_may_still_capture_into_freedom() {
    // Every pawn is blocked and has nothing to take, but the knight may
    // step onto c5 or e5: a pawn takes it and runs to promote. A
    // shortcut that walls in pawns which cannot move now would call
    // this unwinnable for White.
    let p = pos("4k3/8/2n5/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
    // The same with a bishop that may take a pawn of the wall.
    let p = pos("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn a_piece_that_can_only_move_by_mating_stays_where_it_is() {
    // Black's knight moves only to f2, which mates White's walled-in
    // king: for White's mate it never moves, and the black bishop alone
    // cannot shield the black king's corner from both bishops.
    let p = pos("8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K3n b - - 0 1");
    assert!(cannot_mate(&p, Color::White));
    assert!(!cannot_mate(&p, Color::Black));
    // b3-b2 mates White: the pawn stays.
    let p = pos("7B/1b6/3k4/Bp1p4/1P1Pp1p1/1pppP1P1/2p5/2K5 b - - 0 1");
    assert!(cannot_mate(&p, Color::White));
    // The knight may be taken, but until then it only moves by mating.
    let p = pos("6b1/8/1k6/3p1p2/3PpP1B/3pKp2/3P1P1n/B7 w - - 0 1");
    assert!(cannot_mate(&p, Color::White));
}

#[test]
fn a_mate_that_the_winner_can_answer_is_no_mate() {
    // A white knight may take on f2: the black knight is free, and with
    // it and the bishop beside its king Black can be mated in a corner.
    let p = pos("8/2b4B/4k3/8/8/2p1p1p1/2PpP1P1/1B1K2Nn b - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn own_pieces_that_may_shield_the_king_are_counted() {
    // King and bishop against king and knight: the knight may block its
    // own king in a corner.
    let p = pos("8/8/8/8/3k4/8/2n5/K4B2 w - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
    assert!(!cannot_mate(&p, Color::Black));
    // The opening position: everything is possible.
    assert!(!cannot_mate(&Position::new(), Color::White));
}

#[test]
fn every_branch_of_a_forced_line_dies_in_a_proved_position() {
    use super::every_branch_dies;
    // Black is in check and must take on a6 with the queen; whatever
    // follows, a static proof settles it.
    let p = pos("1bB5/k7/Q5q1/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1");
    for color in Color::ALL {
        assert!(!cannot_mate(&p, color));
        assert!(every_branch_dies(&p, color, &mut 60));
    }
    // A rook mates at once: no proof, and none for a side out of nodes.
    let p = pos("4k3/8/4K3/8/8/8/8/7R w - - 0 1");
    assert!(!every_branch_dies(&p, Color::White, &mut 10_000));
    assert!(every_branch_dies(&p, Color::Black, &mut 1));
    let p = pos("1bB5/k7/Q5q1/8/1pBp1p1p/1PpP1P1P/K1P5/NB2b3 b - - 0 1");
    assert!(!every_branch_dies(&p, Color::White, &mut 1));
}

#[test]
fn a_piece_that_can_only_be_taken_where_it_stands_never_moves() {
    // The rook on a1 moves only once the king on a2 or the bishop on b1
    // has; they move only once it is gone. It may be taken, never moves,
    // and the king stands in its way up the a-file.
    let p = pos("B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/RB6 b - - 0 1");
    assert!(cannot_mate(&p, Color::White));
    assert!(cannot_mate(&p, Color::Black));
    // Without the bishop on b1 the rook is free along the first rank.
    let p = pos("B2b4/8/8/4k3/1p6/1Pp1p1pB/K1P1P1Pb/R7 b - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn a_capture_that_leaves_the_winner_no_move_is_never_made() {
    // Black's king takes g2 only while White's king stands on h4, and then
    // White has no move: stalemate ends the game. So g2 stays, guards h3,
    // and White's pawns never check.
    for fen in [
        "8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1",
        "8/8/3b3p/2b2p1P/1b1b1p1K/5Pp1/1b1b2P1/4bkb1 b - - 0 1",
    ] {
        assert!(cannot_mate(&pos(fen), Color::White), "{fen}");
    }
    // With a white knight free to move, taking g2 no longer ends the game.
    let p = pos("N7/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn a_king_that_can_only_step_into_the_mating_square_is_never_mated_there() {
    // White moves only its king, between h3 and h4. Black's bishops (all
    // on dark squares) may check it on h4, but h3 is then covered only by
    // Black's king on h2, which stood beside h3 when White's king left
    // it: the mate needs a discovered check by Black's king, and none
    // exists. A mate on h4 with Black's king already on h2 is no mate.
    let p = pos("8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1");
    assert!(cannot_mate(&p, Color::Black));
    let p = pos("8/8/3b3p/2b2p1P/1b1b1p1K/5Pp1/1b1b2P1/4bkb1 b - - 0 1");
    assert!(cannot_mate(&p, Color::Black));
}

#[test]
fn a_lone_king_among_fixed_pawns_is_still_mated_by_king_and_rook() {
    // Black moves only its king (its pawn is blocked for ever): the last
    // move before a mate is the king's, and the mates are still found.
    let p = pos("7k/7p/7P/8/8/8/8/R5K1 w - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
    let p = pos("7k/7p/7P/8/8/8/8/R5K1 b - - 0 1");
    assert!(!cannot_mate(&p, Color::White));
}

#[test]
fn a_king_step_off_a_bishop_line_may_discover_the_mate() {
    // White's king on h4, last come from h3: Black's king may mate by
    // stepping off the d8-h4 diagonal (from f6 or e7, with a bishop that
    // may stand behind it), never from beside h3 or h4, nor off the e1-h4
    // diagonal, which the fixed pawn on g3 closes.
    use super::Analysis;
    use crate::Square;
    let p = pos("8/8/3b3p/2b2p1P/1b1b1p2/2b2PpK/1b4P1/4bkb1 b - - 0 1");
    let a = Analysis::settle(&p, Color::Black).expect("in scope");
    let squares = a.discovering_king_squares(Color::Black, Square::H4, Square::H3);
    assert!(squares.contains(Square::F7) && squares.contains(Square::D8));
    assert!(!squares.contains(Square::H2) && !squares.contains(Square::F2));
    assert!(!squares.contains(Square::G3));
}
