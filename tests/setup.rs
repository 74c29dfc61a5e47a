//! Setting up positions by hand (`Setup`) and reading stale FENs leniently.

use Square::*;
use chess_arbiter::{
    Bitboard, CastlingMode, CastlingSide, Color, FenError, FenOptions, Position, PositionError,
    Role, Setup, Square,
};

/// Reads stale castling rights and en passant squares by dropping them.
const LENIENT: FenOptions = FenOptions::new().lenient();

fn white(role: Role) -> chess_arbiter::Piece {
    role.of(Color::White)
}

fn black(role: Role) -> chess_arbiter::Piece {
    role.of(Color::Black)
}

#[test]
fn a_setup_of_a_position_gives_the_same_position_back() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/k1K5 b - - 57 99",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(Setup::from(&pos).position(), Ok(pos.clone()), "{fen}");
        assert_eq!(Position::try_from(Setup::from(&pos)), Ok(pos), "{fen}");
    }
    let chess960 = Position::chess960(100);
    assert_eq!(Setup::from(&chess960).position(), Ok(chess960));
}

#[test]
fn a_setup_is_checked_with_the_position_errors() {
    let mut setup = Setup::empty();
    assert_eq!(
        setup.position(),
        Err(PositionError::MissingKing(Color::White))
    );
    setup.put(E1, white(Role::King)).put(E8, black(Role::King));
    assert!(setup.position().is_ok());
    setup.put(A8, white(Role::Pawn));
    assert_eq!(setup.position(), Err(PositionError::PawnOnBackRank(A8)));
    setup.remove(A8).put(E2, black(Role::Rook));
    setup.set_turn(Color::Black);
    assert_eq!(setup.position(), Err(PositionError::OppositeCheck));
    setup.set_turn(Color::White);
    assert!(setup.position().unwrap().is_check());
    setup.remove(E2).set_en_passant_square(Some(D6));
    assert_eq!(setup.position(), Err(PositionError::InvalidEnPassant(D6)));
    setup
        .set_en_passant_square(None)
        .set_castling_rights(Bitboard::from_square(H1));
    assert_eq!(
        setup.position(),
        Err(PositionError::CastlingRights {
            color: Color::White,
            right: 'H'
        })
    );
    setup.put(H1, white(Role::Rook));
    assert_eq!(
        setup.position().unwrap().fen(),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
}

#[test]
fn setup_castling_rights_by_side() {
    let mut setup = Setup::default();
    setup
        .set_castling(Color::White, CastlingSide::KingSide, false)
        .set_castling(Color::Black, CastlingSide::QueenSide, false);
    assert_eq!(
        setup.position().unwrap().fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qk - 0 1"
    );
    setup.set_castling(Color::White, CastlingSide::KingSide, true);
    assert_eq!(setup.castling_rights().len(), 3);
}

#[test]
fn chess960_rights_in_a_standard_setup_name_the_mode() {
    let mut setup = Setup::from(&Position::chess960(0));
    setup.set_castling_mode(CastlingMode::Standard);
    assert!(matches!(
        setup.position(),
        Err(PositionError::CastlingNeedsChess960 { .. })
    ));
}

#[test]
fn lenient_fen_drops_stale_castling_rights_and_en_passant_squares() {
    let cases = [
        // The white king left e1: both its rights go.
        (
            "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1",
        ),
        // The h8 rook is gone.
        (
            "r3k3/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "r3k3/8/8/8/8/8/8/R3K2R b KQq - 0 1",
        ),
        // No pawn can just have passed e3.
        (
            "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        ),
    ];
    for (stale, repaired) in cases {
        assert!(Position::from_fen(stale).is_err(), "{stale}");
        assert_eq!(
            Position::from_fen_with(stale, LENIENT).map(|p| p.fen()),
            Ok(repaired.to_string()),
            "{stale}"
        );
    }
}

#[test]
fn lenient_fen_reads_standard_chess_unless_told_chess960() {
    // King on f1, rook on h1: a stale right in standard chess, a real one in Chess960.
    let fen = "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1";
    assert_eq!(
        Position::from_fen_with(fen, LENIENT).unwrap().fen(),
        "r3k3/8/8/8/8/8/8/R4K1R w q - 0 1"
    );
    let pos = Position::from_fen_with(fen, LENIENT.with_mode(CastlingMode::Chess960)).unwrap();
    assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1");
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
}

#[test]
fn lenient_fen_still_refuses_what_it_cannot_repair() {
    assert_eq!(
        Position::from_fen_with("4k3/8/8/8/8/8/8/8 w - - 0 1", LENIENT),
        Err(FenError::Position(PositionError::MissingKing(Color::White)))
    );
    assert!(matches!(
        Position::from_fen_with("4k3/8/8/8 w - - 0 1", LENIENT),
        Err(FenError::RankCount { .. })
    ));
}
