//! Mating lines that need a plan of stages: a winner that can only push
//! blocked pawns mates after the loser's king frees a pawn, that pawn
//! promotes, the new piece is taken by a pawn of the winner, and that pawn
//! promotes in turn. Positions one pawn short of such a plan stay
//! unwinnable: the winner runs out of moves first.

use chess_arbiter::{Color, Game, Position, Winnability};

use crate::common::mate::assert_mates;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Black's king is walled in on b8 (a7 and c7 by b6, a8 and c8 by b7) and
/// White's bishop on a6 can never move: White's king is the only free man.
const WALLED: &str = "1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1";

#[test]
fn a_walled_in_king_mates_after_a_raid_two_promotions_and_a_sacrifice() {
    let p = pos(WALLED);
    assert_eq!(p.winnability(Color::Black), Winnability::Winnable);
    let line = p.helpmate(Color::Black).expect("a mating line for Black");
    assert_mates(&p, Color::Black, &line, WALLED);
    // The same plan with Black to move, with White's king elsewhere, with
    // the board turned left to right, and with the colours swapped.
    for (fen, winner) in [
        ("1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 b - - 0 1", Color::Black),
        (
            "1k6/1P1p1p1p/BP5p/1P6/8/8/3P1P1P/7K w - - 0 1",
            Color::Black,
        ),
        ("6k1/p1p1p1P1/p5PB/6P1/8/8/PKP1P3/8 w - - 0 1", Color::Black),
        ("8/3p1pkp/8/8/1p6/bp5P/1p1P1P1P/1K6 b - - 0 1", Color::White),
    ] {
        let p = pos(fen);
        assert_eq!(p.winnability(winner), Winnability::Winnable, "{fen}");
        let line = p.helpmate(winner).expect("a mating line");
        assert_mates(&p, winner, &line, fen);
    }
}

#[test]
fn a_flag_fall_in_the_walled_position_is_a_loss_not_a_draw() {
    // FIDE 6.9: Black can still mate, so White's flag fall loses.
    let game = Game::from_fen(WALLED).expect("a legal position");
    let outcome = game.outcome_on_timeout(Color::White);
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert!(!pos(WALLED).is_dead());
}

#[test]
fn one_black_pawn_short_of_the_plan_black_cannot_mate() {
    // Without the pawn on h7 Black runs out of moves (a stalemate) before
    // anything of White's can be taken; the plan must claim nothing.
    for fen in [
        "1k6/1P1p1p2/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1",
        "1k6/1P1p4/BP6/1P6/8/8/3P2K1/8 w - - 0 1",
    ] {
        assert_eq!(
            pos(fen).winnability(Color::Black),
            Winnability::Unwinnable,
            "{fen}"
        );
        assert_eq!(pos(fen).helpmate(Color::Black), None, "{fen}");
    }
}
