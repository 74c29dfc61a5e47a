//! `Position::find_move`: the move a board interface gets from two squares.

use Square::*;
use chess_arbiter::{CastlingMode, IllegalMoveReason, Move, MoveKind, Position, Role, Square};

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn find_move_works_out_the_kind() {
    let pos = Position::new();
    assert_eq!(pos.find_move(E2, E4, None), Ok(Move::double_push(E2, E4)));
    assert_eq!(pos.find_move(E2, E3, None), Ok(Move::new(E2, E3)));
    assert_eq!(pos.find_move(G1, F3, None), Ok(Move::new(G1, F3)));
    let ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(ep.find_move(E5, D6, None), Ok(Move::en_passant(E5, D6)));
    let promo = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        promo.find_move(A7, B8, Some(Role::Knight)),
        Move::promotion(A7, B8, Role::Knight).ok_or_else(|| unreachable!())
    );
    assert_eq!(
        promo.find_move(A7, A8, None).unwrap_err().reason,
        IllegalMoveReason::PromotionNeeded
    );
    assert_eq!(
        promo
            .find_move(A7, A8, Some(Role::King))
            .unwrap_err()
            .reason,
        IllegalMoveReason::PromotionNotPossible
    );
}

#[test]
fn every_legal_move_is_found_from_its_squares() {
    for text in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let pos = fen(text);
        for m in pos.legal_moves() {
            let to = if m.is_castle() {
                m.king_destination()
            } else {
                m.to()
            };
            assert_eq!(
                pos.find_move(m.from(), m.to(), m.promotion_role()),
                Ok(m),
                "{text} {m:?}"
            );
            assert_eq!(
                pos.find_move(m.from(), to, m.promotion_role()),
                Ok(m),
                "{text} {m:?}"
            );
        }
    }
}

#[test]
fn castling_is_the_kings_two_squares_or_king_onto_rook() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(E1, H1);
    let long = Move::castle(E1, A1);
    assert_eq!(pos.find_move(E1, G1, None), Ok(short));
    assert_eq!(pos.find_move(E1, H1, None), Ok(short));
    assert_eq!(pos.find_move(E1, C1, None), Ok(long));
    assert_eq!(pos.find_move(E1, A1, None), Ok(long));
    assert_eq!(pos.find_move(E1, F1, None), Ok(Move::new(E1, F1)));
    assert_eq!(
        pos.find_move(E1, G1, None).unwrap().kind(),
        MoveKind::Castle
    );
}

#[test]
fn chess960_a_one_file_king_step_is_a_king_move_and_king_onto_rook_castles() {
    // King b1 and rooks a1 and h1: castling queen side puts the king on c1,
    // one file away, where the king can also simply step.
    let pos = Position::from_fen_with_mode(
        "r1k4r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        CastlingMode::Chess960,
    )
    .unwrap();
    assert_eq!(pos.find_move(B1, C1, None), Ok(Move::new(B1, C1)));
    assert_eq!(pos.find_move(B1, A1, None), Ok(Move::castle(B1, A1)));
    // Five files to g1: no king step goes there, so it is castling king side.
    assert_eq!(pos.find_move(B1, G1, None), Ok(Move::castle(B1, H1)));
    assert_eq!(pos.find_move(B1, H1, None), Ok(Move::castle(B1, H1)));
}

#[test]
fn chess960_a_king_already_on_its_castling_square_castles_onto_its_rook() {
    let pos =
        Position::from_fen_with_mode("6kr/8/8/8/8/8/8/6KR w Kk - 0 1", CastlingMode::Chess960)
            .unwrap();
    assert_eq!(pos.find_move(G1, H1, None), Ok(Move::castle(G1, H1)));
}

#[test]
fn find_move_never_returns_an_illegal_move() {
    for text in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
    ] {
        let pos = fen(text);
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [
                    None,
                    Some(Role::Queen),
                    Some(Role::Knight),
                    Some(Role::King),
                ] {
                    if let Ok(m) = pos.find_move(from, to, promotion) {
                        assert!(pos.is_legal(m), "{text}: {from}{to} gave {m:?}");
                    }
                }
            }
        }
    }
}
