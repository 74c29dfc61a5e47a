//! serde round-trips through JSON and postcard, and malformed documents fed to
//! every `Deserialize`.
#![cfg(feature = "serde")]

use chess_arbiter::{
    Bitboard, CastlingMode, CastlingSide, Color, DrawReason, File, Game, Move, MoveKind, Outcome,
    Piece, Position, Rank, Role, San, Square, Uci, WinReason,
};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;

/// Round-trips `value` through JSON (checking the text) and postcard.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json, "JSON of {value:?}");
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value, "JSON round-trip of {value:?}");
    let bytes = postcard::to_allocvec(value).unwrap();
    let back: T = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(&back, value, "postcard round-trip of {value:?}");
}

/// Round-trips without checking the JSON text.
fn round_trip_any<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let text = serde_json::to_string(value).unwrap();
    round_trip(value, &text);
}

/// The JSON document is refused, and the message contains `needle`.
fn rejects<T: DeserializeOwned + Debug>(json: &str, needle: &str) {
    match serde_json::from_str::<T>(json) {
        Ok(v) => panic!("{json} was accepted as {v:?}"),
        Err(e) => assert!(
            e.to_string().contains(needle),
            "error for {json}: {e:?} does not mention {needle:?}"
        ),
    }
}

#[test]
fn colors_roles_and_pieces_round_trip_as_their_names() {
    round_trip(&Color::White, r#""white""#);
    round_trip(&Color::Black, r#""black""#);
    for role in Role::ALL {
        round_trip(&role, &format!("{:?}", role.name()));
        for color in [Color::White, Color::Black] {
            let piece = role.of(color);
            round_trip(&piece, &format!("\"{}\"", piece.char()));
        }
    }
    round_trip(&Role::Knight, r#""knight""#);
    round_trip(
        &Piece {
            color: Color::Black,
            role: Role::Queen,
        },
        r#""q""#,
    );
}

#[test]
fn every_square_file_and_rank_round_trips() {
    for i in 0..64 {
        let sq = Square::new(i).unwrap();
        round_trip(&sq, &format!("\"{sq}\""));
    }
    for i in 0..8 {
        let file = File::new(i).unwrap();
        round_trip(&file, &format!("\"{}\"", file.char()));
        let rank = Rank::new(i).unwrap();
        round_trip(&rank, &format!("\"{}\"", rank.char()));
    }
    round_trip(&Square::E4, r#""e4""#);
}

#[test]
fn bitboards_round_trip_as_u64() {
    round_trip(&Bitboard(0), "0");
    round_trip(&Bitboard(0xff00), "65280");
    round_trip(&Bitboard(u64::MAX), "18446744073709551615");
}

#[test]
fn castling_and_move_kinds_round_trip_as_names() {
    round_trip(&CastlingMode::Standard, r#""standard""#);
    round_trip(&CastlingMode::Chess960, r#""chess960""#);
    round_trip(&CastlingSide::KingSide, r#""king_side""#);
    round_trip(&CastlingSide::QueenSide, r#""queen_side""#);
    round_trip(&MoveKind::Normal, r#""normal""#);
    round_trip(&MoveKind::DoublePush, r#""double_push""#);
    round_trip(&MoveKind::EnPassant, r#""en_passant""#);
    round_trip(&MoveKind::Castle, r#""castle""#);
    round_trip(&MoveKind::Promotion, r#""promotion""#);
    // The spellings of 0.2 still read.
    let old: CastlingSide = serde_json::from_str(r#""queen-side""#).unwrap();
    assert_eq!(old, CastlingSide::QueenSide);
    let old: MoveKind = serde_json::from_str(r#""double-push""#).unwrap();
    assert_eq!(old, MoveKind::DoublePush);
}

#[test]
fn moves_round_trip_exactly_with_their_kind() {
    use Square::*;
    round_trip(&Move::new(G1, F3), r#""g1f3""#);
    // Normal moves whose squares another kind could have carry their kind.
    round_trip(&Move::new(E2, E4), r#""e2e4 normal""#);
    round_trip(&Move::new(E5, D6), r#""e5d6 normal""#);
    round_trip(&Move::new(E1, G1), r#""e1g1 normal""#);
    round_trip(&Move::new(E2, E3), r#""e2e3""#);
    round_trip(&Move::double_push(E2, E4), r#""e2e4 double_push""#);
    round_trip(&Move::double_push(D7, D5), r#""d7d5 double_push""#);
    round_trip(&Move::en_passant(E5, D6), r#""e5d6 en_passant""#);
    round_trip(&Move::en_passant(C4, B3), r#""c4b3 en_passant""#);
    // The spellings of 0.2 still read.
    let old: Move = serde_json::from_str(r#""e5d6 en-passant""#).unwrap();
    assert_eq!(old, Move::en_passant(E5, D6));
    round_trip(&Move::castle(E1, H1), r#""e1h1 castle""#);
    round_trip(&Move::castle(B8, A8), r#""b8a8 castle""#);
    round_trip(
        &Move::promotion(A7, B8, Role::Knight).unwrap(),
        r#""a7b8n""#,
    );
    round_trip(&Move::promotion(H2, H1, Role::Queen).unwrap(), r#""h2h1q""#);
}

#[test]
fn every_legal_move_of_many_positions_round_trips() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        round_trip(&pos, &format!("{:?}", pos.fen()));
        for m in pos.legal_moves() {
            round_trip_any(&m);
            round_trip(&pos.uci(m), &format!("\"{}\"", pos.uci(m)));
            round_trip(&pos.san(m), &format!("\"{}\"", pos.san(m)));
        }
    }
}

#[test]
fn positions_round_trip_as_fen() {
    round_trip(
        &Position::new(),
        r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#,
    );
    for index in [0, 1, 100, 959] {
        let pos = Position::chess960(index);
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        round_trip(&pos, &format!("{:?}", pos.fen()));
    }
}

#[test]
fn a_chess960_position_that_looks_standard_reads_back_in_standard_mode() {
    let pos = Position::chess960(518);
    let back: Position = serde_json::from_str(&serde_json::to_string(&pos).unwrap()).unwrap();
    assert_eq!(back.castling_mode(), CastlingMode::Standard);
    assert_eq!(back.fen(), pos.fen());
    assert_eq!(back.legal_moves(), pos.legal_moves());
}

#[test]
fn games_round_trip_as_start_and_uci_moves() {
    let mut game = Game::new();
    for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        game.play_uci(uci).unwrap();
    }
    round_trip(
        &game,
        r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","e7e5","g1f3","b8c6","f1c4","g8f6","e1g1"]}"#,
    );
    round_trip(
        &Game::new(),
        r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[]}"#,
    );
}

#[test]
fn chess960_games_write_x_fen_and_king_takes_rook() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let mut game = Game::from_fen(fen).unwrap();
    game.play_uci("e2e4").unwrap();
    round_trip(
        &game,
        r#"{"start":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9","moves":["e2e4"]}"#,
    );
    // Castling in Chess960 UCI is king-takes-rook.
    let mut game = Game::from_fen("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1").unwrap();
    game.play_uci("b1a1").unwrap();
    round_trip(
        &game,
        r#"{"start":"rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1","moves":["b1a1"]}"#,
    );
    let mut game = Game::from_position(Position::chess960(0));
    for uci in ["g2g3", "g7g6", "e1f3", "e8f6"] {
        game.play_uci(uci).unwrap();
    }
    round_trip_any(&game);
}

#[test]
fn outcomes_round_trip_with_result_winner_and_reason() {
    round_trip(
        &Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate,
        },
        r#"{"result":"1-0","winner":"white","reason":"checkmate"}"#,
    );
    round_trip(
        &Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Timeout,
        },
        r#"{"result":"0-1","winner":"black","reason":"timeout"}"#,
    );
    // The tokens are the Arrow `termination` column's; the spellings of
    // 0.2 still read.
    let draws = [
        (DrawReason::Stalemate, "stalemate", "stalemate"),
        (
            DrawReason::InsufficientMaterial,
            "insufficient_material",
            "insufficient-material",
        ),
        (DrawReason::DeadPosition, "dead_position", "dead-position"),
        (
            DrawReason::FivefoldRepetition,
            "fivefold_repetition",
            "fivefold-repetition",
        ),
        (
            DrawReason::SeventyFiveMoves,
            "seventyfive_moves",
            "seventy-five-moves",
        ),
        (
            DrawReason::ThreefoldRepetition,
            "threefold_repetition",
            "threefold-repetition",
        ),
        (DrawReason::FiftyMoves, "fifty_moves", "fifty-moves"),
        (
            DrawReason::TimeoutOpponentCannotMate,
            "timeout_draw",
            "timeout-vs-insufficient-material",
        ),
        (DrawReason::Agreement, "agreement", "agreement"),
    ];
    for (reason, name, old) in draws {
        assert_eq!(reason.name(), name);
        round_trip(&reason, &format!("{name:?}"));
        round_trip(
            &Outcome::Draw { reason },
            &format!(r#"{{"result":"1/2-1/2","winner":null,"reason":"{name}"}}"#),
        );
        assert_eq!(
            serde_json::from_str::<DrawReason>(&format!("{old:?}")).unwrap(),
            reason
        );
        let outcome = format!(r#"{{"result":"1/2-1/2","winner":null,"reason":"{old}"}}"#);
        assert_eq!(
            serde_json::from_str::<Outcome>(&outcome).unwrap(),
            Outcome::Draw { reason }
        );
    }
    round_trip(&WinReason::Checkmate, r#""checkmate""#);
    round_trip(&WinReason::Timeout, r#""timeout""#);
    round_trip(&WinReason::Resignation, r#""resignation""#);
    round_trip(
        &Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Resignation,
        },
        r#"{"result":"1-0","winner":"white","reason":"resignation"}"#,
    );
}

#[test]
fn malformed_values_are_refused_with_a_reason() {
    rejects::<Color>(r#""green""#, "colour");
    rejects::<Color>("1", "white");
    rejects::<Role>(r#""wizard""#, "piece");
    rejects::<Piece>(r#""X""#, "piece");
    rejects::<Piece>(r#""NN""#, "piece");
    rejects::<Square>(r#""i9""#, "square");
    rejects::<Square>(r#""e""#, "square");
    rejects::<Square>(r#""e44""#, "square");
    rejects::<Square>("12", "square");
    rejects::<File>(r#""i""#, "file");
    rejects::<File>(r#""ab""#, "file");
    rejects::<Rank>(r#""9""#, "rank");
    rejects::<Rank>(r#""""#, "rank");
    rejects::<Bitboard>("-1", "");
    rejects::<Bitboard>(r#""e4""#, "u64");
    rejects::<CastlingMode>(r#""960""#, "castling mode");
    rejects::<CastlingSide>(r#""long""#, "castling side");
    rejects::<MoveKind>(r#""capture""#, "move kind");
    rejects::<WinReason>(r#""forfeit""#, "win reason");
    rejects::<DrawReason>(r#""adjournment""#, "draw reason");
    rejects::<Uci>(r#""e2""#, "UCI");
    rejects::<Uci>(r#""e2e4qq""#, "UCI");
    rejects::<Uci>(r#""aaaa""#, "UCI");
    rejects::<Uci>(r#""e7e8k""#, "UCI");
    rejects::<San>(r#""Nf3?""#, "SAN");
    rejects::<San>(r#""N""#, "SAN");
}

#[test]
fn malformed_moves_are_refused_with_a_reason() {
    rejects::<Move>(r#""""#, "expected UCI");
    rejects::<Move>(r#""e2""#, "expected UCI");
    rejects::<Move>(r#""z2e4""#, "expected UCI");
    rejects::<Move>(r#""e2e2""#, "same square");
    rejects::<Move>(r#""a1b3x""#, "promotion letter");
    rejects::<Move>(r#""a7a8k""#, "queen, rook, bishop or knight");
    rejects::<Move>(r#""a6a8q""#, "seventh rank");
    rejects::<Move>(r#""a1b4""#, "no piece moves like that");
    rejects::<Move>(r#""e2e5 double-push""#, "double push");
    rejects::<Move>(r#""e4d5 en-passant""#, "en passant");
    rejects::<Move>(r#""e1e2 castle""#, "castling");
    rejects::<Move>(r#""e2e4 teleport""#, "kind after the space");
    rejects::<Move>(r#""a7a8q castle""#, "kind after the space");
    rejects::<Move>(r#""e2é4""#, "");
    rejects::<Move>("42", "a move like");
}

#[test]
fn a_bare_move_text_that_could_be_two_kinds_is_refused_never_guessed() {
    for (text, other) in [
        ("e2e4", "double_push"),
        ("d7d5", "double_push"),
        ("e5d6", "en_passant"),
        ("c4b3", "en_passant"),
        ("e1g1", "castle"),
        ("e8c8", "castle"),
        ("b1a1", "castle"),
    ] {
        let err = serde_json::from_str::<Move>(&format!("{text:?}")).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "invalid move {text:?}: without a position these squares could be a {other} or a \
                 normal move: write \"{text} {other}\" or \"{text} normal\" at line 1 column {}",
                text.len() + 2
            )
        );
    }
    // In a position, UCI text finds the move with its kind.
    let pos = chess_arbiter::Position::new();
    assert_eq!(
        pos.parse_uci("e2e4").unwrap(),
        Move::double_push(Square::E2, Square::E4)
    );
}

#[test]
fn invalid_fens_are_refused_naming_the_fault() {
    rejects::<Position>(r#""not a fen""#, "invalid FEN");
    rejects::<Position>(
        r#""rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#,
        "invalid FEN",
    );
    rejects::<Position>(r#""8/8/8/8/8/8/8/4K3 w - - 0 1""#, "king");
    rejects::<Position>("null", "FEN");
}

#[test]
fn games_keep_a_recorded_ending_and_check_it_on_reading() {
    let mut game = Game::new();
    game.play_uci("e2e4").unwrap();
    game.resign(Color::Black).unwrap();
    round_trip(
        &game,
        r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4"],"ending":{"result":"1-0","winner":"white","reason":"resignation"}}"#,
    );
    let mut drawn = Game::new();
    drawn.agree_draw().unwrap();
    round_trip_any(&drawn);
    let mut claimed = Game::new();
    for uci in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        claimed.play_uci(uci).unwrap();
    }
    assert_eq!(claimed.claim_draw(), Ok(DrawReason::ThreefoldRepetition));
    round_trip_any(&claimed);
    // A claim that does not hold is refused.
    let start = Position::new().fen();
    rejects::<Game>(
        &format!(
            r#"{{"start":"{start}","moves":["g1f3"],"ending":{{"result":"1/2-1/2","winner":null,"reason":"threefold-repetition"}}}}"#
        ),
        "ending \"draw by threefold repetition\": no such claim holds after these moves",
    );
    // Either claim may be recorded when both hold.
    let mut both = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    for uci in [
        "a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8",
    ] {
        both.play_uci(uci).unwrap();
    }
    let text = serde_json::to_string(&both).unwrap();
    let fifty = text.replace(
        r#"}"#,
        r#","ending":{"result":"1/2-1/2","winner":null,"reason":"fifty-moves"}}"#,
    );
    let back: Game = serde_json::from_str(&fifty).unwrap();
    assert_eq!(
        back.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves
        })
    );
    // An automatic ending is not recorded: the moves decide it.
    rejects::<Game>(
        &format!(
            r#"{{"start":"{start}","moves":[],"ending":{{"result":"0-1","winner":"black","reason":"checkmate"}}}}"#
        ),
        "only a resignation, an agreed draw, a draw claim or a flag fall is recorded",
    );
}

#[test]
fn games_with_illegal_moves_or_bad_starts_are_refused() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    rejects::<Game>(
        &format!(r#"{{"start":"{start}","moves":["e2e4","e7e5","e1e3"]}}"#),
        "move 3 (\"e1e3\")",
    );
    rejects::<Game>(
        &format!(r#"{{"start":"{start}","moves":["e2e4","zz"]}}"#),
        "move 2",
    );
    rejects::<Game>(r#"{"start":"8/8/8 w - - 0 1","moves":[]}"#, "invalid FEN");
    rejects::<Game>(r#"{"moves":[]}"#, "missing field `start`");
    rejects::<Game>(
        &format!(r#"{{"start":"{start}"}}"#),
        "missing field `moves`",
    );
    rejects::<Game>(
        &format!(r#"{{"start":"{start}","moves":[],"result":"1-0"}}"#),
        "unknown field `result`",
    );
    rejects::<Game>(
        &format!(r#"{{"start":"{start}","start":"{start}","moves":[]}}"#),
        "duplicate field",
    );
    rejects::<Game>(
        &format!(r#"{{"start":"{start}","moves":"e2e4"}}"#),
        "sequence",
    );
    rejects::<Game>(r#""e2e4""#, "a game");
    rejects::<Game>(&format!(r#"["{start}",["e2e4"],1]"#), "");
}

#[test]
fn contradictory_outcomes_are_refused() {
    rejects::<Outcome>(
        r#"{"result":"0-1","winner":"white","reason":"checkmate"}"#,
        "contradicts",
    );
    rejects::<Outcome>(
        r#"{"result":"1-0","winner":null,"reason":"checkmate"}"#,
        "needs a winner",
    );
    rejects::<Outcome>(
        r#"{"result":"1/2-1/2","winner":"white","reason":"stalemate"}"#,
        "no winner",
    );
    rejects::<Outcome>(
        r#"{"result":"1-0","winner":"white","reason":"resigned"}"#,
        "invalid outcome reason",
    );
    rejects::<Outcome>(
        r#"{"result":"1-0","winner":"white"}"#,
        "missing field `reason`",
    );
    rejects::<Outcome>(
        r#"{"result":"1-0","winner":"white","reason":"checkmate","extra":1}"#,
        "unknown field",
    );
    rejects::<Outcome>(r#""1-0""#, "an outcome");
}

#[test]
fn truncated_or_garbage_postcard_bytes_are_refused() {
    let mut game = Game::new();
    game.play_uci("e2e4").unwrap();
    let bytes = postcard::to_allocvec(&game).unwrap();
    for len in 0..bytes.len() {
        assert!(postcard::from_bytes::<Game>(&bytes[..len]).is_err());
    }
    let outcome = Outcome::Draw {
        reason: DrawReason::Stalemate,
    };
    let bytes = postcard::to_allocvec(&outcome).unwrap();
    for len in 0..bytes.len() {
        assert!(postcard::from_bytes::<Outcome>(&bytes[..len]).is_err());
    }
    for bytes in [&[0xff_u8; 8][..], &[3, b'z', b'z', b'z'], &[1, 0x80]] {
        assert!(postcard::from_bytes::<Game>(bytes).is_err());
        assert!(postcard::from_bytes::<Position>(bytes).is_err());
        assert!(postcard::from_bytes::<Move>(bytes).is_err());
        assert!(postcard::from_bytes::<Square>(bytes).is_err());
        assert!(postcard::from_bytes::<Outcome>(bytes).is_err());
    }
}

/// The message of the error reading `json` as a `T`.
fn error_text<T: DeserializeOwned + Debug>(json: &str) -> String {
    match serde_json::from_str::<T>(json) {
        Ok(v) => panic!("{} was accepted as {v:?}", &json[..80.min(json.len())]),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_huge_move_string_in_a_game_or_a_move_gives_a_bounded_error() {
    let huge = "e".repeat(1 << 20);
    let start = Position::new().fen();
    for json in [
        format!(r#"{{"start":"{start}","moves":["{huge}"]}}"#),
        format!(r#"{{"moves":["{huge}"],"start":"{start}"}}"#),
        format!(r#"{{"start":"{start}","moves":["e2e4","{huge}"]}}"#),
    ] {
        let message = error_text::<Game>(&json);
        assert!(message.len() < 400, "{} bytes", message.len());
        assert!(message.contains('…'), "{message}");
    }
    let json = format!(r#"{{"start":"{start}","moves":["e2e4","{huge}"]}}"#);
    assert!(error_text::<Game>(&json).starts_with("move 2 (\"eeee"));
    for json in [
        format!(r#""{huge}""#),
        format!(r#""e2e4 {huge}""#),
        format!(r#""e2e4{huge}""#),
    ] {
        let message = error_text::<Move>(&json);
        assert!(
            message.len() < 400,
            "{} bytes: {}",
            message.len(),
            &message[..400]
        );
    }
    // Every text-read type, and an unknown field name.
    let quoted = format!(r#""{huge}""#);
    for message in [
        error_text::<Square>(&quoted),
        error_text::<Color>(&quoted),
        error_text::<Role>(&quoted),
        error_text::<File>(&quoted),
        error_text::<MoveKind>(&quoted),
        error_text::<San>(&quoted),
        error_text::<Uci>(&quoted),
        error_text::<Position>(&quoted),
        error_text::<chess_arbiter::clock::TimeControl>(&quoted),
        error_text::<Game>(&format!(r#"{{{quoted}:1}}"#)),
        error_text::<Outcome>(&format!(r#"{{{quoted}:1}}"#)),
        error_text::<Outcome>(&format!(
            r#"{{"result":"1-0","winner":"white","reason":{quoted}}}"#
        )),
    ] {
        assert!(message.len() < 600, "{} bytes", message.len());
    }
}

#[test]
fn a_game_stops_reading_at_its_first_illegal_move_without_collecting_the_rest() {
    // The illegal move comes first; the rest of the array is never read:
    // serde_json stops at the first error, so the error is about move 1,
    // and the garbage after it (not even a string) is never looked at.
    let start = Position::new().fen();
    let json = format!(r#"{{"start":"{start}","moves":["e2e5",{{"not":"a move"}}]}}"#);
    assert!(error_text::<Game>(&json).starts_with("move 1 (\"e2e5\"): illegal UCI move"));
    // A long array: 100,000 plies of knight shuffling stop at the fivefold
    // repetition (the game is over), not at the end of the array.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<String> = (0..100_000)
        .map(|i| format!("\"{}\"", shuffle[i % 4]))
        .collect();
    let json = format!(r#"{{"start":"{start}","moves":[{}]}}"#, moves.join(","));
    let message = error_text::<Game>(&json);
    assert!(
        message.starts_with("move 17 (\"g1f3\"): UCI move \"g1f3\" after the end of the game"),
        "{message}"
    );
    // Moves written before the start are played once it is read, and are
    // refused beyond what any game can hold.
    let json = format!(r#"{{"moves":["e2e4","e7e5"],"start":"{start}"}}"#);
    let game: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(game.moves().len(), 2);
    let json = format!(r#"{{"moves":[{}],"start":"{start}"}}"#, moves.join(","));
    assert!(error_text::<Game>(&json).contains("more than 20000 moves"));
    let json = format!(
        r#"{{"moves":[{}],"start":"{start}"}}"#,
        moves[..20].join(",")
    );
    assert!(error_text::<Game>(&json).starts_with("move 17 (\"g1f3\")"));
}

#[test]
fn a_game_is_played_move_by_move_as_read_from_postcard_too() {
    let mut game = Game::new();
    for uci in ["e2e4", "e7e5", "g1f3"] {
        game.play_uci(uci).unwrap();
    }
    let bytes = postcard::to_allocvec(&game).unwrap();
    let back: Game = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, game);
}
