//! FEN against the python-chess oracle (tests/data/fen_bad.jsonl), random FENs
//! given python-chess's verdicts, and properties: every valid sample FEN and its
//! mutations are read every way without a panic and round-trip.

use super::fen::fullmove;
use chess_arbiter::{CastlingMode, Color, FenError, Position, PositionError, Rank};
use proptest::prelude::*;
use serde_json::Value;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---------------------------------------------------------------------------
// The python-chess oracle: tests/data/fen_bad.jsonl.

/// Records where the crate is deliberately stricter than python-chess (crate
/// docs, "Differences from python-chess"): it
/// accepts them, we refuse them, with this error.
fn deliberately_stricter(id: &str) -> Option<FenError> {
    match id {
        // python-chess difference 6: the first four fields may not be omitted.
        "two-fields" => Some(FenError::FieldCount { found: 2 }),
        // python-chess difference 5: fields are separated by ASCII spaces only.
        "tabs" => Some(FenError::FieldCount { found: 1 }),
        // python-chess difference 7: no crazyhouse promoted marker.
        "promoted-marker-after-piece" => Some(FenError::BoardCharacter {
            rank: Rank::First,
            found: '~',
        }),
        // python-chess difference 8: clocks are ASCII decimal digits only.
        "fullmove-arabic-indic-digit" => Some(fullmove("١")),
        _ => None,
    }
}

/// Whether our error is the one that python-chess's status flag names.
fn matches_status(err: &PositionError, status: &str) -> bool {
    use PositionError::*;
    match status {
        "NO_WHITE_KING" => *err == MissingKing(Color::White),
        "NO_BLACK_KING" => *err == MissingKing(Color::Black),
        "EMPTY" => matches!(err, MissingKing(_)),
        "TOO_MANY_KINGS" => matches!(err, TooManyKings(_)),
        "TOO_MANY_WHITE_PIECES" => *err == TooManyPieces(Color::White),
        "TOO_MANY_BLACK_PIECES" => *err == TooManyPieces(Color::Black),
        "TOO_MANY_WHITE_PAWNS" => *err == TooManyPawns(Color::White),
        "TOO_MANY_BLACK_PAWNS" => *err == TooManyPawns(Color::Black),
        "PAWNS_ON_BACKRANK" => matches!(err, PawnOnBackRank(_)),
        "OPPOSITE_CHECK" => *err == OppositeCheck,
        "IMPOSSIBLE_CHECK" | "TOO_MANY_CHECKERS" => *err == ImpossibleCheck,
        "BAD_CASTLING_RIGHTS" => {
            matches!(err, CastlingRights { .. } | CastlingNeedsChess960 { .. })
        }
        "INVALID_EP_SQUARE" => matches!(err, InvalidEnPassant(_)),
        _ => false,
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Checks one reading of an oracle record; `raises`, `status` are python-chess's answer.
fn check_oracle(
    record: &Value,
    mode: CastlingMode,
    raises: bool,
    status: &[String],
) -> Result<(), String> {
    let id = record["id"].as_str().unwrap_or("?");
    let fen = record["fen"].as_str().ok_or("no fen")?;
    let ours = Position::from_fen_with_mode(fen, mode);
    if let Some(want) = deliberately_stricter(id) {
        return match ours {
            Err(e) if e == want => Ok(()),
            other => Err(format!(
                "{id} ({mode:?}): {other:?}, want our deliberate {want:?}"
            )),
        };
    }
    if raises {
        return match ours {
            Err(_) => Ok(()),
            Ok(pos) => Err(format!(
                "{id} ({mode:?}): python-chess raises, we accept as {}",
                pos.fen()
            )),
        };
    }
    if !status.is_empty() {
        return match ours {
            Err(FenError::Position(e)) if status.iter().any(|s| matches_status(&e, s)) => Ok(()),
            other => Err(format!(
                "{id} ({mode:?}): {other:?}, want the PositionError of {status:?}"
            )),
        };
    }
    let pos = ours.map_err(|e| format!("{id} ({mode:?}): python-chess accepts, we say {e}"))?;
    if mode == CastlingMode::Standard {
        let normalized = record["normalized_fen"]
            .as_str()
            .ok_or("no normalized_fen")?;
        if pos.fen() != normalized {
            return Err(format!(
                "{id}: fen() {:?}, python-chess {normalized:?}",
                pos.fen()
            ));
        }
        if let Some(legal) = record.get("legal") {
            let ours = crate::common::legal_uci(&pos);
            if ours != strings(legal) {
                return Err(format!("{id}: legal moves {ours:?}, python-chess {legal}"));
            }
        }
        if let Some(h) = record["halfmove_clock"].as_u64() {
            if u64::from(pos.halfmove_clock()) != h {
                return Err(format!(
                    "{id}: halfmove clock {}, python-chess {h}",
                    pos.halfmove_clock()
                ));
            }
        }
        if let Some(f) = record["fullmove_number"].as_u64() {
            if u64::from(pos.fullmove_number()) != f {
                return Err(format!(
                    "{id}: fullmove number {}, python-chess {f}",
                    pos.fullmove_number()
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn every_fen_of_the_python_chess_oracle_is_answered_as_design_md_says() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fen_bad.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).expect("one JSON object per line");
        let raises = record["raises"].as_bool().expect("raises");
        let status = strings(&record["status"]);
        failures.extend(check_oracle(&record, CastlingMode::Standard, raises, &status).err());
        let raises_960 = record["chess960_raises"].as_bool().unwrap_or(raises);
        let status_960 = record
            .get("chess960_status")
            .map(strings)
            .unwrap_or_else(|| status.clone());
        failures
            .extend(check_oracle(&record, CastlingMode::Chess960, raises_960, &status_960).err());
        count += 1;
    }
    println!("checked {count} oracle FEN records in both castling modes");
    assert!(count >= 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn random_fens_get_python_chess_verdicts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fen_random.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).expect("one JSON object per line");
        let fen = record["fen"].as_str().expect("fen");
        let status = strings(&record["status"]);
        count += 1;
        match Position::from_fen_with_mode(fen, CastlingMode::Standard) {
            Err(FenError::Position(e)) if status.iter().any(|s| matches_status(&e, s)) => {}
            Err(e) => failures.push(format!("{fen}: {e:?}, python-chess {status:?}")),
            Ok(pos) if !status.is_empty() => failures.push(format!(
                "{fen}: accepted as {}, python-chess {status:?}",
                pos.fen()
            )),
            Ok(pos) => {
                let mut legal: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|m| pos.uci(m).to_string())
                    .collect();
                legal.sort();
                let key = format!("{:016x}", pos.zobrist());
                if pos.fen() != record["normalized_fen"].as_str().unwrap_or_default() {
                    failures.push(format!(
                        "{fen}: fen() {}, python-chess {}",
                        pos.fen(),
                        record["normalized_fen"]
                    ));
                } else if legal != strings(&record["legal"]) {
                    failures.push(format!(
                        "{fen}: legal moves {legal:?}, python-chess {}",
                        record["legal"]
                    ));
                } else if key != record["key"].as_str().unwrap_or_default() {
                    failures.push(format!("{fen}: key {key}, python-chess {}", record["key"]));
                }
            }
        }
    }
    assert!(count >= 500, "only {count} records");
    assert!(
        failures.is_empty(),
        "{} of {count}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Properties.

const VALID: &[&str] = &[
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    "6k1/8/8/8/8/8/8/RR2K2R w KB - 0 1",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 99 150",
];

/// Characters a mutation draws from: FEN's own alphabet, blanks and a few strangers.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6', '7',
    '8', '9', '0', '/', ' ', '-', 'w', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'H', 'A', 'x', '~', '\t',
    '+', '١', '♔', '\u{0}',
];

#[derive(Clone, Debug)]
enum Mutation {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    SwapFields(usize, usize),
}

fn mutate(fen: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for m in mutations {
        match *m {
            Mutation::Replace(i, c) if !chars.is_empty() => {
                let i = i % chars.len();
                chars[i] = c;
            }
            Mutation::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Mutation::Delete(i) if !chars.is_empty() => {
                chars.remove(i % chars.len());
            }
            Mutation::SwapFields(a, b) => {
                let text: String = chars.iter().collect();
                let mut fields: Vec<&str> = text.split(' ').collect();
                let n = fields.len();
                fields.swap(a % n, b % n);
                chars = fields.join(" ").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let c = proptest::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapFields(a, b)),
    ]
}

/// The Polyglot en passant keys of files a to h.
const POLYGLOT_EN_PASSANT: [u64; 8] = [
    0x70cc73d90bc26e24,
    0xe21a6b35df0c3ad7,
    0x003a93d8b2806962,
    0x1c99ded33cb890a1,
    0xcf3145de0add4289,
    0xd0e4427a5514fb72,
    0x77c621cc9fb3a483,
    0x67a34dac4356550b,
];

/// Reads `fen` in every way; whatever is accepted must round-trip and be playable.
fn read_every_way(fen: &str) -> Result<(), TestCaseError> {
    for result in [
        Position::from_fen(fen),
        Position::from_fen_with_mode(fen, CastlingMode::Standard),
        Position::from_fen_with_mode(fen, CastlingMode::Chess960),
    ] {
        let Ok(pos) = result else { continue };
        let written = pos.fen();
        let again = Position::from_fen_with_mode(&written, pos.castling_mode()).map_err(|e| {
            TestCaseError::fail(format!(
                "{fen:?} read, but its fen() {written:?} is refused: {e}"
            ))
        })?;
        prop_assert_eq!(
            again.fen(),
            written.clone(),
            "fen() of {:?} does not round-trip",
            fen
        );
        // The Polyglot key counts an en passant square whenever a pawn
        // stands ready to capture; FEN writes it only when the capture is
        // legal. So the keys may differ by one en passant file key, and only
        // when no en passant capture is legal.
        let diff = again.zobrist() ^ pos.zobrist();
        prop_assert!(
            diff == 0 || (pos.en_passant_square().is_none() && POLYGLOT_EN_PASSANT.contains(&diff)),
            "key of {:?} changes on round-trip through {:?}",
            fen,
            written
        );
        prop_assert_eq!(&again, &pos, "{:?} changes on round-trip", fen);
        // Accepted positions are playable without panics.
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let _ = child.fen();
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_reading_never_panics_on_arbitrary_text(text in "\\PC{0,100}") {
        read_every_way(&text)?;
    }

    #[test]
    fn fen_reading_never_panics_on_fen_like_text(text in "[pnbrqkPNBRQK1-9/ wbKQkqHAha-e3601 ]{0,90}") {
        read_every_way(&text)?;
    }

    #[test]
    fn mutated_valid_fens_never_panic_and_accepted_ones_round_trip(
        fen in proptest::sample::select(VALID),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        read_every_way(&mutate(fen, &mutations))?;
    }
}

#[test]
fn every_valid_sample_fen_round_trips() {
    for fen in VALID {
        read_every_way(fen).unwrap();
    }
}
