//! Errors that say why: the exact text of every error a user meets when a
//! move, a SAN or UCI text or a FEN is refused.

use chess_arbiter::{
    CastlingMode, Color, FenError, Game, IllegalMoveReason, Move, Piece, Position, Role, SanError,
    Square, UciError,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

// ---- hand-built moves ----

#[test]
fn a_hand_built_move_of_the_wrong_kind_names_the_legal_one() {
    let err = Position::new()
        .play(Move::new(Square::E2, Square::E4))
        .unwrap_err();
    assert_eq!(
        err.reason,
        IllegalMoveReason::WrongKind {
            legal: Move::double_push(Square::E2, Square::E4)
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "illegal move e2e4 (normal move) in {START}: the legal move on these squares is \
             e2e4 (double push): build moves with Position::find_move, \
             parse_uci or legal_moves"
        )
    );
}

#[test]
fn a_castling_typed_as_the_kings_two_squares_shows_its_kind() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let err = pos
        .clone()
        .play(Move::new(Square::E1, Square::G1))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move e1g1 (normal move) in r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1: the legal \
         move on these squares is e1h1 (castling): build moves with \
         Position::find_move, parse_uci or legal_moves"
    );
    // Castling is stored king-takes-rook: a castle with the wrong rook square says so.
    let err = pos
        .clone()
        .play(Move::castle(Square::E1, Square::G1))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move e1g1 (castling) in r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1: the legal \
         move on these squares is e1h1 (castling): build moves with \
         Position::find_move, parse_uci or legal_moves"
    );
}

#[test]
fn debug_of_a_move_shows_the_stored_squares_so_castles_differ() {
    assert_eq!(
        format!("{:?}", Move::castle(Square::E1, Square::H1)),
        "Move(e1h1, Castle)"
    );
    assert_eq!(
        format!("{:?}", Move::castle(Square::E1, Square::G1)),
        "Move(e1g1, Castle)"
    );
    assert_eq!(
        format!("{:?}", Move::new(Square::E1, Square::G1)),
        "Move(e1g1, Normal)"
    );
}

#[test]
fn no_move_is_played_after_the_end_of_the_game() {
    let mut game = Game::new();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(uci).unwrap();
    }
    let err = game.play(Move::new(Square::A2, Square::A3)).unwrap_err();
    assert!(matches!(err.reason, IllegalMoveReason::GameOver(_)));
    assert_eq!(
        err.to_string(),
        "illegal move a2a3 (normal move) in rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w \
         KQkq - 1 3: the game is over: black wins by checkmate"
    );
    assert_eq!(
        game.play_san("a3").unwrap_err().to_string(),
        "SAN move \"a3\" after the end of the game: black wins by checkmate"
    );
    assert_eq!(
        game.play_uci("a2a3").unwrap_err().to_string(),
        "UCI move \"a2a3\" after the end of the game: black wins by checkmate"
    );
}

// ---- find_move ----

#[test]
fn find_move_says_why_there_is_no_such_move() {
    let start = Position::new();
    let cases = [
        (
            start.find_move(Square::E3, Square::E4, None),
            format!("no legal move from e3 to e4 in {START}: there is no piece on e3"),
        ),
        (
            start.find_move(Square::E7, Square::E5, None),
            format!(
                "no legal move from e7 to e5 in {START}: the black pawn on e7 is not white's: \
                 white is to move"
            ),
        ),
        (
            start.find_move(Square::G1, Square::G3, None),
            format!(
                "no legal move from g1 to g3 in {START}: the white knight on g1 cannot move to g3"
            ),
        ),
        (
            start.find_move(Square::E1, Square::G1, None),
            format!(
                "no legal move from e1 to g1 in {START}: castling is blocked: a piece stands \
                 between king and rook or on their target squares"
            ),
        ),
        (
            fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").find_move(Square::D2, Square::F3, None),
            "no legal move from d2 to f3 in 4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1: the white knight \
             on d2 is pinned to its king"
                .to_string(),
        ),
        (
            fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").find_move(
                Square::E1,
                Square::E2,
                Some(Role::Queen),
            ),
            "no legal move from e1 to e2 promoting to a queen in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: \
             no promotion here: only a pawn reaching the last rank promotes, to a queen, rook, \
             bishop or knight"
                .to_string(),
        ),
        (
            fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1").find_move(Square::B5, Square::C6, None),
            "no legal move from b5 to c6 in 8/8/8/KPp4r/8/8/8/4k3 w - - 0 1: it would leave the \
             white king in check"
                .to_string(),
        ),
    ];
    for (result, want) in cases {
        assert_eq!(result.unwrap_err().to_string(), want);
    }
}

#[test]
fn castling_errors_name_the_castling_rule_that_forbids_it() {
    let no_right = fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_eq!(
        no_right
            .find_move(Square::E1, Square::G1, None)
            .unwrap_err()
            .reason,
        IllegalMoveReason::NoCastlingRight {
            color: Color::White,
            side: chess_arbiter::CastlingSide::KingSide
        }
    );
    assert_eq!(
        no_right.parse_san("O-O").unwrap_err().to_string(),
        "illegal SAN \"O-O\" in r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1: white has no right to \
         castle king side"
    );
    let through = fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert_eq!(
        through.parse_san("O-O").unwrap_err().to_string(),
        "illegal SAN \"O-O\" in r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1: castling is not \
         allowed: the king would cross or land on an attacked square"
    );
    let in_check = fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert_eq!(
        in_check
            .find_move(Square::E1, Square::C1, None)
            .unwrap_err()
            .reason,
        IllegalMoveReason::CastlingInCheck
    );
    assert_eq!(
        IllegalMoveReason::CastlingInCheck.to_string(),
        "castling is not allowed while the king is in check"
    );
}

// ---- SAN ----

#[test]
fn illegal_san_says_why() {
    let cases = [
        (START, "Nf6", "no white knight can move to f6"),
        (
            "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
            "Nf3",
            "the white knight on d2 is pinned to its king",
        ),
        (
            "4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1",
            "Nf3",
            "it would leave the white king in check",
        ),
        (
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "Kf1",
            "the white king would be in check on f1",
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "a8",
            "a pawn reaching the last rank must promote: name a queen, rook, bishop or knight",
        ),
        (
            "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
            "bxc6",
            "it would leave the white king in check",
        ),
    ];
    for (position, san, why) in cases {
        let pos = fen(position);
        let err = pos.parse_san(san).unwrap_err();
        assert!(matches!(err, SanError::Illegal { .. }), "{san}: {err:?}");
        assert_eq!(
            err.to_string(),
            format!("illegal SAN {san:?} in {}: {why}", pos.fen())
        );
    }
}

#[test]
fn ambiguous_san_lists_the_candidates() {
    let pos = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let err = pos.parse_san("Nd2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "ambiguous SAN \"Nd2\" in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1: it could be Nbd2 or Nfd2"
    );
    let pos = fen("4k3/8/8/8/8/R7/8/RK5R w - - 0 1");
    let err = pos.parse_san("Ra2").unwrap_err();
    let SanError::Ambiguous { candidates, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        candidates.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
        ["R1a2", "R3a2"]
    );
    assert_eq!(
        err.to_string(),
        "ambiguous SAN \"Ra2\" in 4k3/8/8/8/8/R7/8/RK5R w - - 0 1: it could be R1a2 or R3a2"
    );
}

#[test]
fn san_case_errors_say_that_case_matters() {
    let pos = Position::new();
    assert_eq!(
        pos.parse_san("E4").unwrap_err().to_string(),
        "invalid SAN \"E4\": files are lower case (a to h), piece letters upper case (N, B, R, Q, K)"
    );
    assert_eq!(
        pos.parse_san("nf3").unwrap_err().to_string(),
        "invalid SAN \"nf3\": piece letters are upper case (N, B, R, Q, K); b is the b-file"
    );
}

#[test]
fn san_of_an_illegal_move_never_reads_back_as_another_move() {
    let pos = Position::new();
    let san = pos.san(Move::new(Square::E2, Square::E4));
    assert_eq!(san.as_str(), "(e2e4)");
    assert_eq!(
        pos.parse_san(&san).unwrap_err().to_string(),
        "invalid SAN \"(e2e4)\": a move in parentheses is how san() writes an illegal move"
    );
}

// ---- UCI ----

#[test]
fn uci_without_a_promotion_piece_says_one_is_needed() {
    let pos = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let err = pos.parse_uci("a7a8").unwrap_err();
    assert!(matches!(
        err,
        UciError::Illegal {
            reason: IllegalMoveReason::PromotionNeeded,
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "illegal UCI move \"a7a8\" in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1: a pawn reaching the last \
         rank must promote: name a queen, rook, bishop or knight"
    );
}

#[test]
fn uci_in_upper_case_says_that_case_matters() {
    let pos = Position::new();
    for input in ["e7e8Q", "E2", "E2E4"] {
        assert_eq!(
            pos.parse_uci(input).unwrap_err().to_string(),
            format!("invalid UCI move {input:?}: UCI is written in lower case, like e2e4 or e7e8q")
        );
    }
    assert_eq!(
        pos.parse_uci("e2").unwrap_err().to_string(),
        "invalid UCI move \"e2\": expected a from square, a to square and an optional promotion \
         letter, like e2e4 or e7e8q"
    );
}

#[test]
fn illegal_uci_says_why() {
    let pos = fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(
        pos.parse_uci("e1f1").unwrap_err().to_string(),
        "illegal UCI move \"e1f1\" in 4k3/8/8/8/8/8/8/r3K3 w - - 0 1: the white king would be in \
         check on f1"
    );
    assert_eq!(
        Position::new().parse_uci("e2e5").unwrap_err().to_string(),
        format!("illegal UCI move \"e2e5\" in {START}: the white pawn on e2 cannot move to e5")
    );
}

// ---- FEN ----

#[test]
fn fen_field_count_is_grammatical_and_shows_a_fen() {
    assert_eq!(
        Position::from_fen("rnbqkbnr").unwrap_err().to_string(),
        "invalid FEN: found 1 field, expected 4 to 6 separated by spaces: board, turn, castling, \
         en passant[, halfmove clock, fullmove number], like \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        Position::from_fen(&format!("{START} 7")).unwrap_err(),
        FenError::FieldCount { found: 7 }
    );
}

#[test]
fn a_fifth_castling_right_is_too_many_not_given_twice() {
    let text = START.replace("KQkq", "KQkqq");
    assert_eq!(
        Position::from_fen(&text).unwrap_err().to_string(),
        "invalid FEN: castling field \"KQkqq\": more than four castling rights (two per side at most)"
    );
    let text = START.replace("KQkq", "KKkq");
    assert_eq!(
        Position::from_fen(&text).unwrap_err().to_string(),
        "invalid FEN: castling field \"KKkq\": 'K' is given twice"
    );
}

#[test]
fn a_chess960_fen_read_in_standard_mode_names_the_mode() {
    let text = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    assert_eq!(
        Position::from_fen_with_mode(text, CastlingMode::Standard)
            .unwrap_err()
            .to_string(),
        "invalid FEN: illegal position: castling right 'K' of white needs Chess960 (king or rook \
         off its standard square), but the position is read in standard mode"
    );
    assert!(Position::from_fen(text).is_ok());
}

#[test]
fn blanks_around_a_fen_are_ignored_newlines_and_tabs_too() {
    for text in [
        format!("{START}\n"),
        format!("{START}\t"),
        format!("{START}\n "),
        format!("\t {START} \r\n"),
        format!("\n{START}"),
    ] {
        assert_eq!(
            Position::from_fen(&text).map(|p| p.fen()),
            Ok(START.to_string()),
            "{text:?}"
        );
    }
}

#[test]
fn not_your_piece_names_the_piece_and_the_side_to_move() {
    let reason = IllegalMoveReason::NotYourPiece {
        square: Square::E7,
        piece: Piece {
            color: Color::Black,
            role: Role::Pawn,
        },
    };
    assert_eq!(
        reason.to_string(),
        "the black pawn on e7 is not white's: white is to move"
    );
}
