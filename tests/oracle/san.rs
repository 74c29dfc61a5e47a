//! SAN (FIDE Appendix C): `Position::san`, `parse_san` and
//! `parse_san_strict`, checked against python-chess 1.11.2
//! (tests/data/san.jsonl), by named rules, and by a round trip over every
//! legal move of every position of tests/data/games.jsonl.

use crate::common;

use chess_arbiter::{Move, Position, Role, SanError, Square};
use serde_json::Value;
use std::collections::BTreeMap;

fn fen(fen: &str) -> Position {
    common::position_in(fen, false)
}

fn records(name: &str) -> Vec<Value> {
    common::load(name)
}

fn record_position(r: &Value) -> Position {
    common::position_in(
        r["fen"].as_str().unwrap(),
        r["chess960"].as_bool().unwrap_or(false),
    )
}

/// The python-chess exception name our result corresponds to.
fn kind(result: &Result<Move, SanError>) -> &'static str {
    match result {
        Ok(_) => "ok",
        Err(SanError::Syntax { .. }) => "InvalidMoveError",
        Err(SanError::Illegal { .. }) => "IllegalMoveError",
        Err(SanError::Ambiguous { .. }) => "AmbiguousMoveError",
        Err(e) => panic!("unexpected error variant {e:?}"),
    }
}

fn uci_move(pos: &Position, uci: &str) -> Move {
    pos.parse_uci(uci).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn san_matches_python_chess() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for r in records("san.jsonl").iter().filter(|r| r["type"] == "san") {
        let pos = record_position(r);
        let m = uci_move(&pos, r["uci"].as_str().unwrap());
        let want = r["san"].as_str().unwrap();
        let got = pos.san(m);
        if got != want {
            failures.push(format!("{} {}: got {got}, want {want}", r["fen"], r["uci"]));
        }
        checked += 1;
    }
    println!("san records checked: {checked}");
    assert!(checked > 100);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Annotations we accept and python-chess rejects.
const ANNOTATIONS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];
/// Null moves python-chess accepts and we reject.
const NULL_MOVES: [&str; 4] = ["--", "Z0", "0000", "@@@@"];

fn strip_annotation(input: &str) -> Option<&str> {
    ANNOTATIONS.iter().find_map(|a| input.strip_suffix(a))
}

fn strip_en_passant_mark(input: &str) -> Option<String> {
    let (before, after) = input.split_once("e.p.")?;
    Some(format!(
        "{}{after}",
        before.strip_suffix(' ').unwrap_or(before)
    ))
}

#[test]
fn parse_san_matches_python_chess_but_for_documented_differences() {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for r in records("san.jsonl").iter().filter(|r| r["type"] == "parse") {
        let pos = record_position(r);
        let input = r["input"].as_str().unwrap();
        let got = pos.parse_san(input);
        let oracle_ok = r["ok"].as_bool().unwrap();
        let oracle_kind = if oracle_ok {
            "ok"
        } else {
            r["error"].as_str().unwrap()
        };
        let context = format!("{:?} in {} (python-chess: {oracle_kind})", input, r["fen"]);

        // python-chess difference 9: null moves are not moves here (Syntax).
        if NULL_MOVES.contains(&input) || r["null"] == true {
            *counts
                .entry("difference: null move rejected (python-chess accepts)")
                .or_default() += 1;
            if kind(&got) != "InvalidMoveError" {
                failures.push(format!("{context}: null move gave {got:?}"));
            }
            continue;
        }
        // python-chess difference 10: trailing annotations are ignored (python-chess:
        // InvalidMoveError). We must read the text as if it had none.
        if let (Some(stripped), false) = (strip_annotation(input), oracle_ok) {
            let want = pos.parse_san(stripped);
            if kind(&got) != kind(&want) || got.as_ref().ok() != want.as_ref().ok() {
                failures.push(format!(
                    "{context}: {got:?} but without annotation {want:?}"
                ));
            }
            if kind(&got) != oracle_kind {
                *counts
                    .entry("difference: annotation accepted (python-chess rejects)")
                    .or_default() += 1;
                continue;
            }
        }
        // python-chess difference 11: `e.p.` after an en passant capture is accepted;
        // after any other move it makes the text illegal.
        if let (Some(stripped), false) = (strip_en_passant_mark(input), oracle_ok) {
            let want = match pos.parse_san(&stripped) {
                Ok(m) if m.is_en_passant() => "ok",
                Ok(_) => "IllegalMoveError",
                Err(e) => kind(&Err(e)),
            };
            if kind(&got) != want || got.as_ref().is_ok_and(|m| !m.is_en_passant()) {
                failures.push(format!("{context}: {got:?}, want {want}"));
            }
            if kind(&got) != oracle_kind {
                *counts
                    .entry("difference: e.p. mark read (python-chess rejects)")
                    .or_default() += 1;
                continue;
            }
        }
        // Everything else: exactly as python-chess.
        *counts
            .entry(if oracle_ok {
                "agree: ok"
            } else {
                "agree: error"
            })
            .or_default() += 1;
        if kind(&got) != oracle_kind {
            failures.push(format!("{context}: got {got:?}"));
        } else if let Ok(m) = got {
            let want = uci_move(&pos, r["uci"].as_str().unwrap());
            let san = r["san"].as_str().unwrap();
            if m != want || pos.san(m) != san {
                failures.push(format!(
                    "{context}: got {m:?} {}, want {want:?} {san}",
                    pos.san(m)
                ));
            }
        }
    }
    for (category, n) in &counts {
        println!("{category}: {n}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        counts["agree: ok"] > 1000 && counts["agree: error"] > 400,
        "{counts:?}"
    );
    for class in ["null move", "annotation", "e.p. mark"] {
        assert!(
            counts.keys().any(|k| k.contains(class)),
            "no {class} case in the data"
        );
    }
}

#[test]
fn disambiguation_by_file() {
    let pos = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::B1, Square::D2)), "Nbd2");
    assert_eq!(pos.san(Move::new(Square::F1, Square::D2)), "Nfd2");
    assert_eq!(pos.san(Move::new(Square::B1, Square::C3)), "Nc3");
}

#[test]
fn disambiguation_by_rank() {
    let pos = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::A1, Square::A3)), "R1a3");
    assert_eq!(pos.san(Move::new(Square::A5, Square::A3)), "R5a3");
    assert_eq!(pos.san(Move::new(Square::A5, Square::B5)), "Rb5");
}

#[test]
fn disambiguation_by_square() {
    let pos = fen("7k/8/8/3Q4/8/3Q1Q2/8/K7 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::D3, Square::E4)), "Qd3e4");
    assert_eq!(pos.san(Move::new(Square::D5, Square::E4)), "Q5e4");
    assert_eq!(pos.san(Move::new(Square::F3, Square::E4)), "Qfe4");
    assert_eq!(
        pos.parse_san("Qd3e4"),
        Ok(Move::new(Square::D3, Square::E4))
    );
    assert!(matches!(
        pos.parse_san("Qde4"),
        Err(SanError::Ambiguous { .. })
    ));
    assert!(matches!(
        pos.parse_san("Q3e4"),
        Err(SanError::Ambiguous { .. })
    ));
}

#[test]
fn pinned_twin_needs_no_disambiguation() {
    // The e2 knight is pinned by the e8 rook: only the h5 knight can go to g3.
    let pos = fen("4r1k1/8/8/7N/8/8/4N3/4K3 w - - 0 1");
    let m = Move::new(Square::H5, Square::G3);
    assert_eq!(pos.san(m), "Ng3");
    assert_eq!(pos.parse_san("Ng3"), Ok(m));
    assert_eq!(pos.parse_san_strict("Ng3"), Ok(m));
    assert!(matches!(
        pos.parse_san_strict("Nhg3"),
        Err(SanError::Syntax { .. })
    ));
}

#[test]
fn en_passant_is_written_as_a_pawn_capture() {
    let pos = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = Move::en_passant(Square::E5, Square::D6);
    assert_eq!(pos.san(m), "exd6");
    for text in [
        "exd6",
        "ed6",
        "exd6 e.p.",
        "exd6e.p.",
        "e5d6",
        "exd6+ e.p.",
        "exd6 e.p.!",
    ] {
        assert_eq!(pos.parse_san(text), Ok(m), "{text}");
    }
    assert_eq!(pos.parse_san_strict("exd6"), Ok(m));
    assert!(matches!(
        pos.parse_san_strict("exd6 e.p."),
        Err(SanError::Syntax { .. })
    ));
    // `e.p.` after a move that is not en passant describes no legal move.
    assert!(matches!(
        pos.parse_san("Kd2 e.p."),
        Err(SanError::Illegal { .. })
    ));
}

#[test]
fn promotions_to_all_four_roles() {
    let pos = fen("8/3P4/8/8/8/8/k7/4K3 w - - 0 1");
    for (role, san) in [
        (Role::Queen, "d8=Q"),
        (Role::Rook, "d8=R"),
        (Role::Bishop, "d8=B"),
        (Role::Knight, "d8=N"),
    ] {
        let m = Move::promotion(Square::D7, Square::D8, role).unwrap();
        assert_eq!(pos.san(m), san);
        assert_eq!(pos.parse_san_strict(san), Ok(m));
    }
    // A promotion must say to what.
    assert!(matches!(pos.parse_san("d8"), Err(SanError::Illegal { .. })));
    assert!(matches!(
        pos.parse_san("d7d8"),
        Err(SanError::Illegal { .. })
    ));
    assert!(matches!(
        pos.parse_san("d8=K"),
        Err(SanError::Illegal { .. })
    ));
    assert!(matches!(
        pos.parse_san("d8=P"),
        Err(SanError::Syntax { .. })
    ));
    // Capturing promotion with check.
    let pos = fen("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let m = Move::promotion(Square::B7, Square::C8, Role::Queen).unwrap();
    assert_eq!(pos.san(m), "bxc8=Q+");
}

#[test]
fn castling_is_o_o_and_o_o_o_in_chess960_too() {
    let pos = common::position_in("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", true);
    let short = Move::castle(Square::B1, Square::H1);
    let long = Move::castle(Square::B1, Square::A1);
    assert_eq!(pos.san(short), "O-O");
    assert_eq!(pos.san(long), "O-O-O");
    assert_eq!(pos.parse_san("O-O"), Ok(short));
    assert_eq!(pos.parse_san("0-0-0"), Ok(long));
    assert_eq!(pos.parse_san("b1h1"), Ok(short));
    assert!(matches!(
        pos.parse_san("b1g1"),
        Err(SanError::Illegal { .. })
    ));
    // Standard chess.
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::H1)), "O-O");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::A1)), "O-O-O");
    // A castling that gives check.
    let pos = fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::H1)), "O-O+");
}

#[test]
fn check_and_mate_suffixes() {
    let pos = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::A1, Square::A8)), "Ra8#");
    let pos = fen("6k1/6pp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::A1, Square::A8)), "Ra8+");
    // Discovered check by moving the blocker away.
    let pos = fen("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1");
    assert_eq!(pos.san(Move::new(Square::E2, Square::C3)), "Nc3+");
    // Fool's mate.
    let pos = fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(pos.san(Move::new(Square::D8, Square::H4)), "Qh4#");
    // En passant that uncovers a check along the file.
    let pos = fen("4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1");
    assert_eq!(pos.san(Move::en_passant(Square::E5, Square::D6)), "exd6+");
    // Castling whose rook gives check, also through the square the king left.
    let pos = fen("7k/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::A1)), "O-O-O");
    let pos = fen("8/8/8/8/8/8/8/R3K2k w Q - 0 1");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::A1)), "O-O-O+");
    let pos = fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(pos.san(Move::castle(Square::E1, Square::A1)), "O-O-O+");
}

// ---- lenient reading ----

#[test]
fn lenient_castling_forms() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(Square::E1, Square::H1);
    let long = Move::castle(Square::E1, Square::A1);
    for (text, m) in [
        ("O-O", short),
        ("0-0", short),
        ("O-O+", short),
        ("e1g1", short),
        ("e1h1", short),
        ("O-O-O", long),
        ("0-0-0", long),
        ("e1c1", long),
        ("e1a1", long),
    ] {
        assert_eq!(pos.parse_san(text), Ok(m), "{text}");
    }
    // As in python-chess, the king's two-step with a piece letter is no castling.
    assert!(matches!(
        pos.parse_san("Kg1"),
        Err(SanError::Illegal { .. })
    ));
    for text in ["O-0", "o-o", "OO", "0-O-0"] {
        assert!(
            matches!(pos.parse_san(text), Err(SanError::Syntax { .. })),
            "{text}"
        );
    }
}

#[test]
fn lenient_capture_mark_missing_or_needless() {
    let pos = fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let exd5 = Move::new(Square::E4, Square::D5);
    assert_eq!(pos.parse_san("exd5"), Ok(exd5));
    assert_eq!(pos.parse_san("ed5"), Ok(exd5));
    assert_eq!(pos.parse_san("Nxf3"), Ok(Move::new(Square::G1, Square::F3)));
    assert!(matches!(
        pos.parse_san_strict("ed5"),
        Err(SanError::Syntax { .. })
    ));
    assert!(matches!(
        pos.parse_san_strict("Nxf3"),
        Err(SanError::Syntax { .. })
    ));
}

#[test]
fn lenient_promotion_forms() {
    let pos = fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let queen = Move::promotion(Square::E7, Square::E8, Role::Queen).unwrap();
    let knight = Move::promotion(Square::E7, Square::E8, Role::Knight).unwrap();
    for text in [
        "e8=Q", "e8Q", "e8=q", "e8q", "e7e8Q", "e7e8q", "e7-e8=Q", "e8=Q+",
    ] {
        assert_eq!(pos.parse_san(text), Ok(queen), "{text}");
    }
    assert_eq!(pos.parse_san("e8N"), Ok(knight));
    assert_eq!(pos.parse_san("e8=n"), Ok(knight));
    for text in ["e8=", "e8==Q", "e8=Q=Q", "Pe8=Q"] {
        assert!(
            matches!(pos.parse_san(text), Err(SanError::Syntax { .. })),
            "{text}"
        );
    }
}

#[test]
fn lenient_over_disambiguation_and_long_algebraic() {
    let pos = Position::new();
    let nf3 = Move::new(Square::G1, Square::F3);
    let e4 = Move::double_push(Square::E2, Square::E4);
    for text in [
        "Nf3", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "Ng1xf3", "g1f3", "g1-f3",
    ] {
        assert_eq!(pos.parse_san(text), Ok(nf3), "{text}");
    }
    for text in ["e4", "e2e4", "e2-e4", "2e4"] {
        assert_eq!(pos.parse_san(text), Ok(e4), "{text}");
    }
    let pos = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(pos.parse_san("Nbd2"), Ok(Move::new(Square::B1, Square::D2)));
    assert_eq!(
        pos.parse_san("Nb1d2"),
        Ok(Move::new(Square::B1, Square::D2))
    );
    assert!(matches!(
        pos.parse_san("Nd2"),
        Err(SanError::Ambiguous { .. })
    ));
    assert!(matches!(
        pos.parse_san("Nad2"),
        Err(SanError::Illegal { .. })
    ));
}

#[test]
fn lenient_check_suffix_is_ignored_when_wrong_or_missing() {
    let pos = Position::new();
    let nf3 = Move::new(Square::G1, Square::F3);
    assert_eq!(pos.parse_san("Nf3+"), Ok(nf3));
    assert_eq!(pos.parse_san("Nf3#"), Ok(nf3));
    let pos = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(pos.parse_san("Ra8"), Ok(Move::new(Square::A1, Square::A8)));
    assert_eq!(pos.parse_san("Ra8+"), Ok(Move::new(Square::A1, Square::A8)));
    let pos = Position::new();
    for text in ["e4++", "e4+#"] {
        assert!(
            matches!(pos.parse_san(text), Err(SanError::Syntax { .. })),
            "{text}"
        );
    }
}

#[test]
fn lenient_annotations_are_ignored() {
    let pos = Position::new();
    let nf3 = Move::new(Square::G1, Square::F3);
    for a in ["!", "?", "!!", "??", "!?", "?!"] {
        assert_eq!(pos.parse_san(&format!("Nf3{a}")), Ok(nf3), "{a}");
        assert_eq!(pos.parse_san(&format!("Nf3+{a}")), Ok(nf3), "{a}");
        assert!(matches!(
            pos.parse_san_strict(&format!("Nf3{a}")),
            Err(SanError::Syntax { .. })
        ));
    }
    for text in ["Nf3!!!", "Nf3 !", "Nf3!+"] {
        assert!(
            matches!(pos.parse_san(text), Err(SanError::Syntax { .. })),
            "{text}"
        );
    }
}

#[test]
fn null_moves_are_not_supported() {
    let pos = Position::new();
    for text in ["--", "Z0", "0000", "@@@@"] {
        let err = pos.parse_san(text).unwrap_err();
        assert!(matches!(err, SanError::Syntax { .. }), "{text}");
        assert!(err.to_string().contains("null move"), "{err}");
    }
}

#[test]
fn piece_letters_are_upper_case_and_b_is_a_file() {
    let pos = fen("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    assert_eq!(pos.parse_san("bxc3"), Ok(Move::new(Square::B2, Square::C3)));
    assert_eq!(pos.parse_san("Bxc3"), Ok(Move::new(Square::D2, Square::C3)));
    assert_eq!(pos.parse_san("bc3"), Ok(Move::new(Square::B2, Square::C3)));
    for text in ["nf3", "ke2", "qd3", "rd1", "E4", "Pb3"] {
        assert!(
            matches!(pos.parse_san(text), Err(SanError::Syntax { .. })),
            "{text}"
        );
    }
}

// ---- strict reading ----

#[test]
fn strict_parser_takes_only_what_san_writes() {
    let pos = Position::new();
    let nf3 = Move::new(Square::G1, Square::F3);
    assert_eq!(pos.parse_san_strict("Nf3"), Ok(nf3));
    for text in [
        "Ngf3", "N1f3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3+", "Nf3#", "Nf3!",
    ] {
        let err = pos.parse_san_strict(text).unwrap_err();
        assert!(matches!(err, SanError::Syntax { .. }), "{text}: {err}");
    }
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        pos.parse_san_strict("O-O"),
        Ok(Move::castle(Square::E1, Square::H1))
    );
    for text in ["0-0", "0-0-0", "e1g1", "Kg1"] {
        assert!(pos.parse_san_strict(text).is_err(), "{text}");
    }
    // The suffix is optional, but must be right when given.
    let pos = fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let ra8 = Move::new(Square::A1, Square::A8);
    assert_eq!(pos.parse_san_strict("Ra8#"), Ok(ra8));
    assert_eq!(pos.parse_san_strict("Ra8"), Ok(ra8));
    let err = pos.parse_san_strict("Ra8+").unwrap_err();
    assert!(matches!(err, SanError::Syntax { .. }), "{err}");
    assert!(err.to_string().contains("suffix"), "{err}");
    // Errors of the lenient reading come through.
    assert!(matches!(
        pos.parse_san_strict("Rb8"),
        Err(SanError::Illegal { .. })
    ));
    assert!(matches!(
        pos.parse_san_strict("R"),
        Err(SanError::Syntax { .. })
    ));
}

// ---- errors and robustness ----

#[test]
fn error_messages_name_the_input() {
    let pos = Position::new();
    let err = pos.parse_san("Nx").unwrap_err();
    assert!(err.to_string().starts_with("invalid SAN \"Nx\": "), "{err}");
    let err = pos.parse_san("Nf6").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal SAN \"Nf6\" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: \
         no white knight can move to f6"
    );
    let pos = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let err = pos.parse_san("Nd2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "ambiguous SAN \"Nd2\" in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1: it could be Nbd2 or Nfd2"
    );
    for e in [err, Position::new().parse_san("").unwrap_err()] {
        let text = e.to_string();
        assert!(
            !text.ends_with('.') && text.starts_with(char::is_lowercase),
            "{text}"
        );
    }
}

#[test]
fn parse_san_never_panics() {
    let long = "N".repeat(100_000);
    let long_square = format!("{}e4", "a".repeat(10_000));
    let inputs = [
        "",
        " ",
        "x",
        "=",
        "+",
        "#",
        "!",
        "e.p.",
        " e.p.",
        "e4 ",
        " e4",
        "e4\n",
        "é4",
        "e４",
        "Nf3\u{0}",
        "\u{feff}e4",
        "♘f3",
        "O-O-O-O",
        "O-",
        "-",
        "e2-",
        "xx",
        "Qa1xb2=Q+!?",
        "e9",
        "i4",
        "e0",
        "Ka",
        "K1",
        "a",
        "1",
        "a1a1a1",
        &long,
        &long_square,
    ];
    for pos in [Position::new(), fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")] {
        for text in inputs {
            let lenient = pos.parse_san(text);
            let strict = pos.parse_san_strict(text);
            assert!(lenient.is_err() || text == "e4", "{text:?}: {lenient:?}");
            assert!(strict.is_err(), "{text:?}: {strict:?}");
        }
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn parse_san_never_panics_on_any_string(text in "\\PC{0,12}") {
            let pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
            let _ = pos.parse_san(&text);
            let _ = pos.parse_san_strict(&text);
        }

        #[test]
        fn parse_san_never_panics_on_san_like_strings(text in "[NBRQKOo0a-hx1-9=+#!?. -]{0,10}") {
            let pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
            if let Ok(m) = pos.parse_san(&text) {
                prop_assert!(pos.is_legal(m));
            }
            if let Ok(m) = pos.parse_san_strict(&text) {
                let san = pos.san(m);
                prop_assert_eq!(san.trim_end_matches(['+', '#']), text.trim_end_matches(['+', '#']));
            }
        }
    }
}
