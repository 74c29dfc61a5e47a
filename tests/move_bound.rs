//! The move list bound and `play_unchecked` of any move: no position that
//! FEN validation accepts, and none that any sequence of moves (legal or
//! not) reaches, overflows a `MoveList`; an illegal move never creates a
//! piece and never panics; a FEN rank of millions of squares is an error.

use chess_arbiter::{Color, MAX_MOVES, Move, Position, Role, Square};

/// Fifteen queens and a king: FEN validation limits pieces to 16 a side but
/// not promoted pieces, so this position is accepted. It is the most moves
/// a hill-climbing search over such positions found (241, more than the
/// 218 of any reachable position); `MAX_MOVES` rests on a proof, not on it.
const FIFTEEN_QUEENS: &str = "K1QQ1Qnk/Q4Qpp/2Q4Q/4Q3/1Q4Q1/3Q4/Q4Q2/2Q4Q w - - 0 1";

#[test]
fn move_list_holds_every_move_of_fifteen_queens() {
    let pos = Position::from_fen(FIFTEEN_QUEENS).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 241);
    assert_eq!(moves.len() as u64, pos.count_legal_moves());
    assert!(moves.len() <= MAX_MOVES);
}

#[test]
fn max_moves_is_the_piece_by_piece_bound() {
    // Fifteen queens on centre squares of an empty board and a king that
    // steps and castles both ways: the proof in `MAX_MOVES`'s docs.
    let queen = chess_arbiter::attacks::queen(Square::D4, chess_arbiter::Bitboard::EMPTY).len();
    let king = chess_arbiter::attacks::king(Square::D4).len() + 2;
    assert_eq!(MAX_MOVES, 15 * queen as usize + king as usize);
}

fn pieces(pos: &Position, color: Color) -> u32 {
    pos.by_color(color).len()
}

/// Every move encoding from every square to every square, of every kind.
fn every_move(from: Square, to: Square) -> impl Iterator<Item = Move> {
    [
        Some(Move::new(from, to)),
        Some(Move::double_push(from, to)),
        Some(Move::en_passant(from, to)),
        Some(Move::castle(from, to)),
        Move::promotion(from, to, Role::Queen),
        Move::promotion(from, to, Role::Knight),
    ]
    .into_iter()
    .flatten()
}

#[test]
fn play_unchecked_of_any_move_never_creates_a_piece() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1",
        "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for from in Square::ALL {
            for to in Square::ALL {
                for m in every_move(from, to) {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    for color in [Color::White, Color::Black] {
                        assert!(
                            pieces(&after, color) <= pieces(&pos, color),
                            "{fen}: {m:?} gave {color:?} a piece: {}",
                            after.fen()
                        );
                        // Each piece keeps one role and one colour.
                        let roles: u32 = Role::ALL
                            .into_iter()
                            .map(|r| after.pieces(color, r).len())
                            .sum();
                        assert_eq!(roles, pieces(&after, color), "{fen}: {m:?}");
                        assert_eq!(after.pieces(color, Role::King).len(), 1, "{fen}: {m:?}");
                    }
                    assert!(
                        (after.by_color(Color::White) & after.by_color(Color::Black)).is_empty()
                    );
                    // The broken position still generates, within the bound.
                    assert!(after.legal_moves().len() <= MAX_MOVES);
                }
            }
        }
    }
}

#[test]
fn illegal_moves_in_a_row_keep_the_move_list_within_its_bound() {
    let mut pos = Position::from_fen(FIFTEEN_QUEENS).unwrap();
    let mut seed: u64 = 7;
    for _ in 0..20_000 {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1442695040888963407);
        let from = Square::ALL[(seed >> 58) as usize];
        let to = Square::ALL[(seed >> 52) as usize & 63];
        let m = every_move(from, to)
            .nth((seed >> 40) as usize % 6)
            .unwrap_or(Move::new(from, to));
        pos.play_unchecked(m);
        let moves = pos.legal_moves();
        assert!(moves.len() <= MAX_MOVES);
        assert_eq!(moves.len() as u64, pos.count_legal_moves(), "{}", pos.fen());
        assert!(pieces(&pos, Color::White) <= 16 && pieces(&pos, Color::Black) <= 4);
    }
}

#[test]
fn display_writes_chess960_castling_as_king_takes_rook() {
    assert_eq!(Move::castle(Square::E1, Square::H1).to_string(), "e1g1");
    assert_eq!(Move::castle(Square::E8, Square::A8).to_string(), "e8c8");
    // A king step and this castling read the same as king-to-destination.
    assert_eq!(Move::castle(Square::B1, Square::A1).to_string(), "b1a1");
    assert_eq!(Move::castle(Square::G1, Square::H1).to_string(), "g1h1");
    assert_eq!(Move::castle(Square::F8, Square::B8).to_string(), "f8b8");
}

#[test]
fn a_huge_rank_is_an_error_not_a_panic_or_a_phantom_piece() {
    // The square count saturates instead of wrapping round to a count that
    // looks like 8 (which once placed a pawn): 10 squares per "9p".
    let rank = "9p".repeat(1_000_000);
    let fen = format!("{rank}/8/8/8/8/8/8/K6k w - - 0 1");
    let err = Position::from_fen(&fen).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN: rank 8 describes 10000000 squares"
    );
}
