//! FEN reading's own tests.

use super::*;

/// The shortcut for `KQkq`-style fields gives the rights the full
/// reader gives, in every mode, whenever it answers at all.
#[test]
fn standard_castling_agrees_with_the_full_castling_reader() {
    let boards = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "r3k2r/8/8/8/8/8/8/R3K2R",
        "r3k1r1/8/8/8/8/8/8/1R2K2R",
        "rr2k2r/8/8/8/8/8/8/R3K1RR",
        "r2k3r/8/8/8/8/8/8/R2K3R",
        "4k3/8/8/8/8/8/8/4K2R",
        "rk5r/8/8/8/8/8/8/RK5R",
    ];
    let mut fields: alloc::vec::Vec<String> =
        ["-", "KQkq-", "QK", "kK", "qk", "KK", "KQkqK", "Ah", "Hh"]
            .map(String::from)
            .to_vec();
    for bits in 1..16 {
        let field: String = "KQkq"
            .chars()
            .enumerate()
            .filter(|&(i, _)| bits & (1 << i) != 0)
            .map(|(_, c)| c)
            .collect();
        fields.push(field);
    }
    let mut answered = 0;
    for board in boards {
        let pos = Position::from_fen(&alloc::format!("{board} w - - 0 1")).unwrap();
        for field in &fields {
            let Some(rooks) = standard_castling(field.as_bytes(), &pos) else {
                continue;
            };
            answered += 1;
            for mode in [
                None,
                Some(CastlingMode::Standard),
                Some(CastlingMode::Chess960),
            ] {
                let mut full = pos.clone();
                let rights = parse_castling(field).expect(field);
                full.set_castling(&rights, mode, false).expect(field);
                assert_eq!(full.castling, rooks, "{board} {field} {mode:?}");
                assert_eq!(full.mode, pos.mode, "{board} {field} {mode:?}");
            }
        }
    }
    assert!(answered > 20, "{answered}");
}

/// The one-pass board reader accepts exactly the boards the checking
/// reader accepts, and places the same pieces with the same key.
#[test]
fn place_board_accepts_exactly_what_parse_board_accepts() {
    let boards = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
        "8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/8/",
        "/8/8/8/8/8/8/8",
        "9/8/8/8/8/8/8/8",
        "71/8/8/8/8/8/8/8",
        "44/8/8/8/8/8/8/8",
        "7/8/8/8/8/8/8/8",
        "ppppppppp/8/8/8/8/8/8/8",
        "pppppppp1/8/8/8/8/8/8/8",
        "0pppppppp/8/8/8/8/8/8/8",
        "x7/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/7\u{e9}",
        "8/8/8/8/8/8/8/8\t",
        "",
    ];
    for board in boards {
        let mut fast = Position::empty(CastlingMode::Standard);
        let mut slow = Position::empty(CastlingMode::Standard);
        let placed = place_board(board.as_bytes(), &mut fast);
        let parsed = parse_board(board, &mut slow);
        assert_eq!(placed.is_some(), parsed.is_ok(), "{board:?}");
        if placed.is_some() {
            assert_eq!(placed, Some(board.len()), "{board:?}");
            assert_eq!(fast.by_role, slow.by_role, "{board:?}");
            assert_eq!(fast.by_color, slow.by_color, "{board:?}");
            assert_eq!(fast.key, slow.key, "{board:?}");
        } else {
            assert_eq!(fast.occupied(), Bitboard::EMPTY, "{board:?}");
        }
    }
    // The field ends at the first space.
    let mut pos = Position::empty(CastlingMode::Standard);
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    assert_eq!(place_board(fen.as_bytes(), &mut pos), Some(17));
}
