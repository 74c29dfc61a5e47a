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
        IllegalMoveReason::NotAPromotionPiece(Role::King)
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

// ---- The paths a board interface takes ----

#[test]
fn a_king_is_not_a_promotion_piece() {
    // FIDE 3.7.3.3: a queen, rook, bishop or knight of the same colour.
    let pos = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let err = pos.find_move(A7, A8, Some(Role::King)).unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMoveReason::NotAPromotionPiece(Role::King)
    );
    assert_eq!(
        err.reason.to_string(),
        "a king is not a promotion piece: a pawn promotes to a queen, rook, bishop or knight"
    );
    assert_eq!(
        pos.find_move(A7, A8, Some(Role::Pawn)).unwrap_err().reason,
        IllegalMoveReason::NotAPromotionPiece(Role::Pawn)
    );
    // A SAN text naming a king gets the same answer.
    let san = pos.parse_san("a8=K").unwrap_err().to_string();
    assert!(san.contains("a king is not a promotion piece"), "{san}");
}

#[test]
fn a_promotion_piece_for_a_move_that_is_no_promotion_is_refused() {
    let pos = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        pos.find_move(E1, E2, Some(Role::Queen)).unwrap_err().reason,
        IllegalMoveReason::PromotionNotPossible
    );
    let pos = Position::new();
    assert_eq!(
        pos.find_move(E2, E4, Some(Role::Knight))
            .unwrap_err()
            .reason,
        IllegalMoveReason::PromotionNotPossible
    );
}

#[test]
fn a_pinned_pawn_stepping_onto_the_last_rank_is_refused_as_pinned_before_a_promotion_piece_is_asked_for()
 {
    // The b7 pawn is pinned along the seventh rank: b8 would expose its
    // king, whatever it promotes to (FIDE 3.9).
    let pos = fen("4k3/KP5r/8/8/8/8/8/8 w - - 0 1");
    let pinned = IllegalMoveReason::Pinned {
        piece: Role::Pawn.of(chess_arbiter::Color::White),
        square: B7,
    };
    assert_eq!(pos.find_move(B7, B8, None).unwrap_err().reason, pinned);
    assert_eq!(
        pos.find_move(B7, B8, Some(Role::Queen)).unwrap_err().reason,
        pinned
    );
    assert_eq!(
        pos.find_move(B7, B8, None).unwrap_err().reason.to_string(),
        "the white pawn on b7 is pinned to its king"
    );
}

#[test]
fn a_promotion_that_leaves_the_king_in_check_is_refused_before_a_promotion_piece_is_asked_for() {
    // The white king is in check from h1; b8 does not answer it.
    let pos = fen("r3k3/1P6/8/8/8/8/8/4K2r w - - 0 1");
    let check = IllegalMoveReason::LeavesKingInCheck {
        color: chess_arbiter::Color::White,
    };
    assert_eq!(pos.find_move(B7, B8, None).unwrap_err().reason, check);
    assert_eq!(pos.find_move(B7, A8, None).unwrap_err().reason, check);
    // A promotion that is legal still asks for its piece.
    let pos = fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        pos.find_move(B7, B8, None).unwrap_err().reason,
        IllegalMoveReason::PromotionNeeded
    );
}

#[test]
fn legal_moves_from_a_square_are_the_moves_of_that_piece_only() {
    let pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut total = 0;
    for sq in Square::ALL {
        let moves = pos.legal_moves_from(sq);
        assert!(moves.iter().all(|m| m.from() == sq && pos.is_legal(*m)));
        total += moves.len();
    }
    assert_eq!(total, pos.legal_moves().len());
    let king = pos.legal_moves_from(E1);
    assert!(king.contains(&Move::castle(E1, H1)));
    assert!(king.contains(&Move::castle(E1, A1)));
    assert!(pos.legal_moves_from(E8).is_empty(), "black's king");
    assert!(pos.legal_moves_from(D4).is_empty(), "an empty square");
}

#[test]
fn a_game_asked_for_a_move_after_checkmate_says_the_game_is_over() {
    let mut game = chess_arbiter::Game::new();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(uci).unwrap();
    }
    let mate = game.outcome().unwrap();
    // Not "there is no piece on e2", nor any other square's story.
    for (from, to) in [(E2, E4), (E3, E4), (E1, F2), (A2, A3)] {
        let err = game.find_move(from, to, None).unwrap_err();
        assert_eq!(err.reason, IllegalMoveReason::GameOver(mate), "{from}{to}");
        assert_eq!(
            game.play_squares(from, to, None).unwrap_err().reason,
            IllegalMoveReason::GameOver(mate)
        );
    }
    assert_eq!(
        game.find_move(E2, E4, None).unwrap_err().reason.to_string(),
        "the game is over: black wins by checkmate"
    );
    assert_eq!(game.moves().len(), 4);
}

#[test]
fn a_game_asked_for_a_move_after_a_recorded_ending_says_the_game_is_over() {
    use chess_arbiter::{Color, Game};
    let mut game = Game::new();
    game.play_squares(E2, E4, None).unwrap();
    game.resign(Color::Black).unwrap();
    // e7e5 is a legal move of the position, but the game is over.
    assert!(matches!(
        game.find_move(E7, E5, None).unwrap_err().reason,
        IllegalMoveReason::GameOver(_)
    ));
    game.undo();
    game.play_squares(E2, E4, None).unwrap();
    game.flag_fall(Color::Black).unwrap();
    assert!(matches!(
        game.play_squares(E7, E5, None).unwrap_err().reason,
        IllegalMoveReason::GameOver(_)
    ));
    // A stalemate too.
    let game = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(matches!(
        game.find_move(H8, H7, None).unwrap_err().reason,
        IllegalMoveReason::GameOver(_)
    ));
}

#[test]
fn a_game_plays_a_move_from_two_squares_as_the_position_finds_it() {
    let mut game = chess_arbiter::Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = game.play_squares(E1, G1, None).unwrap();
    assert_eq!(castle, Move::castle(E1, H1));
    assert_eq!(
        game.find_move(E8, A8, None),
        game.position().find_move(E8, A8, None)
    );
    let err = game.play_squares(E1, E2, None).unwrap_err();
    assert_eq!(err.reason, IllegalMoveReason::NoPiece(E1));
    assert_eq!(game.moves().len(), 1);
}
