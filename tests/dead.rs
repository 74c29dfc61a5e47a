//! Dead positions (FIDE 5.2.2) and flag falls (6.9) by name: pawn walls,
//! boxed-in kings, a sacrifice that opens a chain, timeout rulings, and a
//! property: a side that mates in a random playout was never called
//! unwinnable. The sample of an independent solver is `tests/dead_sample.rs`.

use chess_arbiter::{Color, DrawReason, Game, Outcome, Position, WinReason, Winnability};

#[path = "common/mate.rs"]
mod mate;
use mate::assert_mates;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts `color` is Winnable here and that its helpmate is legal and mates.
fn assert_winnable(fen: &str, color: Color) {
    let p = pos(fen);
    assert_eq!(p.winnability(color), Winnability::Winnable, "{fen} {color}");
    let line = p.helpmate(color).expect("a helpmate");
    assert_mates(&p, color, &line, fen);
}

#[test]
fn pawn_wall_with_a_bishop_of_the_wrong_colour_is_dead() {
    let p = pos("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
    assert_eq!(p.winnability(Color::White), Winnability::Unwinnable);
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
    assert!(p.is_dead());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::DeadPosition
        })
    );
}

#[test]
fn pawn_wall_with_a_bishop_that_can_break_it_is_winnable() {
    let fen = "4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/3BK3 w - - 0 1";
    assert_winnable(fen, Color::White);
    assert!(!pos(fen).is_dead());
    assert_eq!(pos(fen).outcome(), None);
}

#[test]
fn lone_king_and_rook_boxed_in_by_their_own_pawns_cannot_mate() {
    let p = pos("2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1");
    assert_eq!(p.winnability(Color::White), Winnability::Unwinnable);
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
    assert!(p.is_dead());
}

#[test]
fn buchanan_2002_with_the_pawn_on_a4_is_dead() {
    let p = pos("Bb1k1b2/bKp1p1p1/1pP1P1P1/1P6/p5P1/P7/8/8 w - - 0 1");
    assert!(p.is_dead());
}

#[test]
fn a_chain_that_looks_dead_is_opened_by_a_knight_sacrifice() {
    let fen = "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/1N2K3 w - - 0 1";
    assert_winnable(fen, Color::White);
    assert_winnable(fen, Color::Black);
    assert_eq!(pos(fen).outcome(), None);
}

#[test]
fn a_side_that_has_mated_has_an_empty_helpmate() {
    let p = pos("7k/5KQ1/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.helpmate(Color::White), Some(Vec::new()));
    assert_eq!(p.winnability(Color::Black), Winnability::Unwinnable);
}

#[test]
fn flag_fall_against_a_locked_wall_is_a_draw() {
    // FIDE 6.9: White's flag falls, but Black can never mate.
    let game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    // The position is dead, so the game is already over: it keeps that outcome.
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Draw {
            reason: DrawReason::DeadPosition
        }
    );
    // Not dead, but White cannot mate: Black's flag falling is a draw; White's, a loss.
    let game = Game::from_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").unwrap();
    assert_eq!(
        game.outcome_on_timeout(Color::Black),
        Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        }
    );
    assert_eq!(
        game.outcome_on_timeout(Color::White),
        Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Timeout
        }
    );
}

mod playouts {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random playouts that end in mate never pass a position called
        /// unwinnable for the side that mates.
        #[test]
        fn a_mating_side_was_never_called_unwinnable(choices in proptest::collection::vec(any::<u16>(), 40..300)) {
            let mut p = Position::new();
            let mut history = vec![p.clone()];
            for c in choices {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(moves[usize::from(c) % moves.len()]);
                history.push(p.clone());
            }
            if p.is_checkmate() {
                let mater = !p.turn();
                for before in history.iter().rev().take(12) {
                    prop_assert_ne!(
                        before.winnability_with_budget(mater, 20_000),
                        Winnability::Unwinnable,
                        "{} for {}", before.fen(), mater
                    );
                }
            }
        }
    }
}
