//! FEN reading: malformed text and illegal positions are refused with the
//! specific error; the forms the crate docs allow are read; every record of the
//! python-chess oracle (tests/data/fen_bad.jsonl) is answered as the crate docs
//! says; no input panics, and any accepted FEN round-trips through `fen()`.

use chess_arbiter::{CastlingMode, Color, FenError, Position, PositionError, Rank, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn start_with(tail: &str) -> String {
    format!("{START_BOARD} {tail}")
}

fn pos_err(e: PositionError) -> FenError {
    FenError::Position(e)
}

fn halfmove(field: &str) -> FenError {
    FenError::HalfmoveClock {
        field: field.to_string(),
    }
}

pub(super) fn fullmove(field: &str) -> FenError {
    FenError::FullmoveNumber {
        field: field.to_string(),
    }
}

fn turn(field: &str) -> FenError {
    FenError::Turn {
        field: field.to_string(),
    }
}

fn ep(field: &str) -> FenError {
    FenError::EnPassant {
        field: field.to_string(),
    }
}

/// The castling errors carry a free-text reason: compare the field only.
fn is_castling_syntax(err: &FenError, field: &str) -> bool {
    matches!(err, FenError::Castling { field: f, .. } if f == field)
}

#[test]
fn malformed_and_illegal_fens_are_refused_with_the_specific_error() {
    use PositionError::*;
    let table: Vec<(String, FenError)> = vec![
        // Fields.
        (String::new(), FenError::Empty),
        ("   ".into(), FenError::Empty),
        ("\n".into(), FenError::Empty),
        (START_BOARD.into(), FenError::FieldCount { found: 1 }),
        (start_with("w"), FenError::FieldCount { found: 2 }),
        (start_with("w KQkq"), FenError::FieldCount { found: 3 }),
        (
            start_with("w KQkq - 0 1 extra"),
            FenError::FieldCount { found: 7 },
        ),
        (
            start_with("w KQkq - 0 1 {comment}"),
            FenError::FieldCount { found: 7 },
        ),
        // python-chess difference 5: fields are separated by ASCII spaces only.
        (START.replace(' ', "\t"), FenError::FieldCount { found: 1 }),
        // A tab inside the board field is a board character.
        (
            format!("{START_BOARD}\tw KQkq - 0 1"),
            FenError::BoardCharacter {
                rank: Rank::First,
                found: '\t',
            },
        ),
        // Board.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankCount { found: 9 },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankCount { found: 7 },
        ),
        (
            start_with("w KQkq - 0 1").replace("RNBQKBNR ", "RNBQKBNR/ "),
            FenError::RankCount { found: 9 },
        ),
        (START.replace('/', "\\"), FenError::RankCount { found: 1 }),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankLength {
                rank: Rank::Seventh,
                squares: 9,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1".into(),
            FenError::RankLength {
                rank: Rank::First,
                squares: 7,
            },
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankLength {
                rank: Rank::Sixth,
                squares: 7,
            },
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::Sixth,
                found: '0',
            },
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::RankLength {
                rank: Rank::Sixth,
                squares: 9,
            },
        ),
        (
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::ConsecutiveDigits { rank: Rank::Sixth },
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::ConsecutiveDigits { rank: Rank::Sixth },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPXPPP/RNBQKBNR w KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::Second,
                found: 'X',
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNa w KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::First,
                found: 'a',
            },
        ),
        // python-chess difference 7: no promoted marker (python-chess reads `~` as crazyhouse's).
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::First,
                found: '~',
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::First,
                found: '♔',
            },
        ),
        // Turn.
        (start_with("x KQkq - 0 1"), turn("x")),
        (start_with("W KQkq - 0 1"), turn("W")),
        (start_with("B KQkq - 0 1"), turn("B")),
        (start_with("white KQkq - 0 1"), turn("white")),
        // A missing space glues the turn to the board (python-chess: a turn error).
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRw KQkq - 0 1".into(),
            FenError::BoardCharacter {
                rank: Rank::First,
                found: 'w',
            },
        ),
        // Castling rights against the board.
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1".into(),
            pos_err(CastlingRights {
                color: Color::White,
                right: 'K',
            }),
        ),
        (
            "r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1".into(),
            pos_err(CastlingRights {
                color: Color::White,
                right: 'K',
            }),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1".into(),
            pos_err(CastlingRights {
                color: Color::White,
                right: 'Q',
            }),
        ),
        (
            "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w KQkq - 2 3".into(),
            pos_err(CastlingRights {
                color: Color::White,
                right: 'K',
            }),
        ),
        (
            "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into(),
            pos_err(CastlingRights {
                color: Color::Black,
                right: 'k',
            }),
        ),
        // Two names of one right.
        (
            start_with("w KHkq - 0 1"),
            pos_err(CastlingRights {
                color: Color::White,
                right: 'H',
            }),
        ),
        // En passant field.
        (start_with("w KQkq e9 0 1"), ep("e9")),
        (start_with("w KQkq e 0 1"), ep("e")),
        (start_with("w KQkq E6 0 1"), ep("E6")),
        (start_with("w KQkq 0 1"), ep("0")),
        (
            start_with("w KQkq e4 0 1"),
            pos_err(InvalidEnPassant(Square::E4)),
        ),
        // Wrong rank for the side to move.
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1".into(),
            pos_err(InvalidEnPassant(Square::E3)),
        ),
        // No pushed pawn in front of it.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1".into(),
            pos_err(InvalidEnPassant(Square::D3)),
        ),
        // A piece on the square the pawn passed.
        (
            "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1".into(),
            pos_err(InvalidEnPassant(Square::E3)),
        ),
        // A piece on the square the pawn came from.
        (
            "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1".into(),
            pos_err(InvalidEnPassant(Square::E3)),
        ),
        // Halfmove clock: ASCII digits fitting in a u32 only.
        (start_with("w KQkq - -1 1"), halfmove("-1")),
        (start_with("w KQkq - +5 1"), halfmove("+5")),
        (start_with("w KQkq - 1_0 1"), halfmove("1_0")),
        (start_with("w KQkq - 1.5 1"), halfmove("1.5")),
        (start_with("w KQkq - 0x10 1"), halfmove("0x10")),
        (start_with("w KQkq - - 1"), halfmove("-")),
        (start_with("w KQkq - １０ 1"), halfmove("１０")),
        (start_with("w KQkq - ١ 1"), halfmove("١")),
        (start_with("w KQkq - 4294967296 1"), halfmove("4294967296")),
        (
            start_with("w KQkq - 99999999999999999999999 1"),
            halfmove("99999999999999999999999"),
        ),
        // Fullmove number, likewise.
        (start_with("w KQkq - 0 -1"), fullmove("-1")),
        (start_with("w KQkq - 0 +5"), fullmove("+5")),
        (start_with("w KQkq - 0 1_0"), fullmove("1_0")),
        (start_with("w KQkq - 0 1.5"), fullmove("1.5")),
        (start_with("w KQkq - 0 0x10"), fullmove("0x10")),
        (start_with("w KQkq - 0 １"), fullmove("１")),
        (start_with("w KQkq - 0 ١"), fullmove("١")),
        (start_with("w KQkq - 0 4294967296"), fullmove("4294967296")),
        (start_with("w KQkq - 0 1;"), fullmove("1;")),
        // Kings.
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1".into(),
            pos_err(MissingKing(Color::White)),
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(MissingKing(Color::Black)),
        ),
        (
            "8/8/8/8/8/8/8/8 b - - 0 1".into(),
            pos_err(MissingKing(Color::White)),
        ),
        (
            "3kk3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(TooManyKings(Color::Black)),
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1".into(),
            pos_err(TooManyKings(Color::White)),
        ),
        // Material.
        (
            "4k3/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            pos_err(TooManyPieces(Color::White)),
        ),
        (
            "rnbqkbnr/pppppppp/n7/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(TooManyPieces(Color::Black)),
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1".into(),
            pos_err(TooManyPawns(Color::White)),
        ),
        (
            "4k3/pppppppp/7p/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(TooManyPawns(Color::Black)),
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1".into(),
            pos_err(PawnOnBackRank(Square::A1)),
        ),
        (
            "p3k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(PawnOnBackRank(Square::A8)),
        ),
        (
            "4k2P/8/8/8/8/8/8/4K3 b - - 0 1".into(),
            pos_err(PawnOnBackRank(Square::H8)),
        ),
        // Checks.
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1".into(),
            pos_err(OppositeCheck),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2r b - - 0 1".into(),
            pos_err(OppositeCheck),
        ),
        // Three checkers.
        (
            "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1".into(),
            pos_err(ImpossibleCheck),
        ),
        // Two checkers on one line through the king.
        (
            "4k3/8/8/8/8/8/8/r3K2r w - - 0 1".into(),
            pos_err(ImpossibleCheck),
        ),
        // An en passant square while the check comes from elsewhere.
        (
            "r6k/8/8/3pP3/8/8/8/K7 w - d6 0 1".into(),
            pos_err(ImpossibleCheck),
        ),
        (
            "7k/8/8/3pP3/8/1n6/8/K7 w - d6 0 1".into(),
            pos_err(ImpossibleCheck),
        ),
        // Chess960 castling rights in standard mode need Chess960.
        // (from_fen picks Chess960 itself: see the mode tests below.)
    ];
    let mut failures = Vec::new();
    for (fen, want) in &table {
        match Position::from_fen(fen) {
            Ok(pos) => failures.push(format!("{fen:?}: accepted as {}, want {want:?}", pos.fen())),
            Err(got) if got != *want => {
                failures.push(format!("{fen:?}: got {got:?}, want {want:?}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(table.len() >= 40);
}

#[test]
fn malformed_castling_fields_are_refused() {
    for field in [
        "kqKQ", "qK", "KKkq", "KQkqK", "KQkx", "KQ-", "-K", "--", "HAhaB", "KQkq1", "Kä",
    ] {
        let fen = start_with(&format!("w {field} - 0 1"));
        match Position::from_fen(&fen) {
            Err(e) if is_castling_syntax(&e, field) => {}
            other => panic!("{fen:?}: {other:?}, want a castling field error"),
        }
    }
}

#[test]
fn chess960_rights_need_chess960_mode() {
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    assert_eq!(
        Position::from_fen_with_mode(fen, CastlingMode::Standard),
        Err(pos_err(PositionError::CastlingNeedsChess960 {
            color: Color::White,
            right: 'H'
        }))
    );
    assert_eq!(
        Position::from_fen_with_mode(fen, CastlingMode::Standard)
            .unwrap_err()
            .to_string(),
        "invalid FEN: illegal position: castling right 'H' of white needs Chess960 \
         (king or rook off its standard square), but the position is read in standard mode"
    );
    let xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    assert_eq!(
        Position::from_fen_with_mode(xfen, CastlingMode::Standard),
        Err(pos_err(PositionError::CastlingNeedsChess960 {
            color: Color::White,
            right: 'K'
        }))
    );
    // Without a mode, the castling field chooses Chess960.
    for (fen, written) in [
        (
            fen,
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        ),
        (xfen, xfen),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        assert_eq!(pos.fen(), written);
        let pos = Position::from_fen_with_mode(fen, CastlingMode::Chess960).unwrap();
        assert_eq!(pos.fen(), written);
    }
}

fn read(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"))
}

#[test]
fn epd_style_fen_without_clocks_reads_as_halfmove_0_fullmove_1() {
    let pos = read(&start_with("w KQkq -"));
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
    assert_eq!(pos.fen(), START);
    let pos = read("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq -");
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
}

#[test]
fn fen_with_five_fields_reads_fullmove_1() {
    let pos = read(&start_with("w KQkq - 7"));
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 1));
    assert_eq!(pos.fen(), start_with("w KQkq - 7 1"));
}

#[test]
fn fullmove_number_0_reads_as_1() {
    assert_eq!(read(&start_with("w KQkq - 0 0")).fullmove_number(), 1);
    assert_eq!(
        read(&start_with("w KQkq - 3 0")).fen(),
        start_with("w KQkq - 3 1")
    );
}

#[test]
fn clocks_read_up_to_u32_max_with_leading_zeros() {
    let pos = read(&start_with("w KQkq - 4294967295 4294967295"));
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    assert_eq!(pos.fullmove_number(), u32::MAX);
    assert_eq!(pos.fen(), start_with("w KQkq - 4294967295 4294967295"));
    let pos = read(&start_with("w KQkq - 007 010"));
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (7, 10));
}

#[test]
fn runs_of_spaces_and_leading_and_trailing_blanks_are_ignored() {
    for fen in [
        format!("{START_BOARD}   w  KQkq -    0 1"),
        format!("  {START}"),
        format!("{START}   "),
        format!("   {START_BOARD}  w KQkq  -  0  1   "),
        format!("{START}\n"),
        format!("{START}\r\n"),
    ] {
        assert_eq!(read(&fen).fen(), START, "{fen:?}");
    }
}

#[test]
fn chess960_reads_x_fen_and_shredder_fen_and_writes_x_fen() {
    let cases = [
        // X-FEN (outermost rooks) and Shredder-FEN name the same rights.
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
        ),
        (
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Hf - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Kq - 0 1",
        ),
        // An inner rook (b1 with another rook on a1) is named by its file.
        (
            "6k1/8/8/8/8/8/8/RR2K2R w BH - 0 1",
            "6k1/8/8/8/8/8/8/RR2K2R w KB - 0 1",
        ),
        (
            "6k1/8/8/8/8/8/8/RR2K2R w KB - 0 1",
            "6k1/8/8/8/8/8/8/RR2K2R w KB - 0 1",
        ),
        (
            "6k1/8/8/8/8/8/8/RR2K2R w KQ - 0 1",
            "6k1/8/8/8/8/8/8/RR2K2R w KQ - 0 1",
        ),
        (
            "6k1/8/8/8/8/8/8/RR2K2R w HA - 0 1",
            "6k1/8/8/8/8/8/8/RR2K2R w KQ - 0 1",
        ),
        // The standard setup in Chess960 mode writes KQkq too.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            START,
        ),
    ];
    for (fen, written) in cases {
        let pos = Position::from_fen_with_mode(fen, CastlingMode::Chess960)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), written, "{fen}");
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        let again = Position::from_fen_with_mode(&pos.fen(), CastlingMode::Chess960).unwrap();
        assert_eq!(again, pos, "{fen}");
    }
}

#[test]
fn en_passant_square_without_a_legal_capture_is_read_but_not_written() {
    // After 1. e4: no black pawn can take.
    let pos = read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(pos.en_passant_square(), None);
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A capturer that is pinned: read, not written.
    let pos = read("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert_eq!(pos.en_passant_square(), None);
    assert_eq!(pos.fen(), "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    // A legal capture: written.
    let fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(read(fen).en_passant_square(), Some(Square::D6));
    assert_eq!(read(fen).fen(), fen);
}

#[test]
fn en_passant_square_is_valid_with_a_check_from_the_pushed_pawn_or_a_line_it_opened() {
    // The pawn that just double-stepped gives check.
    let pos = read("7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1");
    assert_eq!(pos.en_passant_square(), Some(Square::D6));
    // The step opened the bishop's diagonal c8-h3.
    let pos = read("2b4k/8/8/3pP3/8/7K/8/8 w - d6 0 1");
    assert!(pos.is_check());
}

#[test]
fn error_messages_name_the_field_and_the_fault() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            "invalid FEN: rank 6 describes 9 squares",
        ),
        (
            "rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            "invalid FEN: rank 6: two digits in a row",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPXPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            "invalid FEN: rank 2: 'X' is not a piece letter or a digit 1-8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1".to_string(),
            "invalid FEN: board has 7 ranks, expected 8",
        ),
        (
            start_with("x KQkq - 0 1"),
            "invalid FEN: turn field \"x\": expected w or b",
        ),
        (
            start_with("w KQkx - 0 1"),
            "invalid FEN: castling field \"KQkx\": 'x' is not a castling right",
        ),
        (
            start_with("w KQkq e9 0 1"),
            "invalid FEN: en passant field \"e9\": expected - or a square like e3",
        ),
        (
            start_with("w KQkq - +5 1"),
            "invalid FEN: halfmove clock \"+5\": expected a whole number from 0 to 4294967295",
        ),
        (
            start_with("w KQkq - 0 1.5"),
            "invalid FEN: fullmove number \"1.5\": expected a whole number from 0 to 4294967295",
        ),
        (String::new(), "invalid FEN: empty"),
        (
            start_with("w"),
            "invalid FEN: found 2 fields, expected 4 to 6 separated by spaces: board, turn, \
             castling, en passant[, halfmove clock, fullmove number], like \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1".to_string(),
            "invalid FEN: illegal position: white has no king",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1".to_string(),
            "invalid FEN: illegal position: castling right 'K' of white without the king and that rook on their squares",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1".to_string(),
            "invalid FEN: illegal position: no pawn can just have passed the en passant square e3",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1".to_string(),
            "invalid FEN: illegal position: pawn on a1, on the first or last rank",
        ),
    ];
    for (fen, message) in cases {
        assert_eq!(
            Position::from_fen(&fen).unwrap_err().to_string(),
            message,
            "{fen:?}"
        );
    }
}
