//! Polyglot keys: the published test sequence of the Polyglot book format,
//! keys python-chess computes for positions of the oracle games, and the
//! incremental key of `play_unchecked` against the key from scratch.
//!
//! About en passant: the Polyglot key counts the en passant file whenever a
//! pawn of the side to move stands ready to capture (legal or not), while
//! `fen()` writes the square only when a capture is legal. So the key from
//! scratch is compared with `from_fen` of a FEN that carries the passed square
//! after *every* double step (as Polyglot and python-chess's `en_passant="fen"`
//! do): the reader then keeps it by the Polyglot rule alone, whatever the
//! legality. That the reader's rule is Polyglot's is proven by the published
//! keys and by python-chess's keys, 7 of them for a capture that is possible
//! but illegal.

use crate::common;

use chess_arbiter::{Move, Position};
use common::checks::{POSITIONS, fen_with_polyglot_en_passant};
use proptest::prelude::*;

fn play(pos: &mut Position, uci: &str) -> Move {
    let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    pos.play(m).unwrap();
    m
}

#[test]
fn polyglot_key_of_the_start_position() {
    assert_eq!(Position::new().zobrist(), 0x463b96181691fc9c);
    assert_eq!(Position::chess960(518).zobrist(), 0x463b96181691fc9c);
}

/// The test positions of the Polyglot book format documentation: the moves
/// from the start, the FEN reached, and its key.
const PUBLISHED: &[(&[&str], &str, u64)] = &[
    (
        &[],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0x463b96181691fc9c,
    ),
    (
        &["e2e4"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        0x823c9b50fd114196,
    ),
    (
        &["e2e4", "d7d5"],
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        0x0756b94461c50fb0,
    ),
    (
        &["e2e4", "d7d5", "e4e5"],
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        0x662fafb965db29d4,
    ),
    (
        &["e2e4", "d7d5", "e4e5", "f7f5"],
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        0x22a48b5a8e47ff78,
    ),
    (
        &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3",
        0x652a607ca3f242c1,
    ),
    (
        &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
        "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4",
        0x00fdd303c946bdd9,
    ),
    (
        &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
        "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
        0x3c8123ea7b067637,
    ),
    (
        &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
        "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4",
        0x5c3f9b829b279560,
    ),
];

#[test]
fn polyglot_keys_of_the_published_test_sequence_by_moves_and_by_fen() {
    for &(moves, fen, key) in PUBLISHED {
        let mut pos = Position::new();
        for uci in moves {
            play(&mut pos, uci);
        }
        assert_eq!(
            pos.zobrist(),
            key,
            "after {moves:?}: {:016x}, want {key:016x}",
            pos.zobrist()
        );
        let read = Position::from_fen(fen).unwrap();
        assert_eq!(
            read.zobrist(),
            key,
            "{fen}: {:016x}, want {key:016x}",
            read.zobrist()
        );
    }
}

#[test]
fn polyglot_keys_equal_python_chess_keys() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/polyglot_keys.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (fen, hex) = line
            .split_once(';')
            .unwrap_or_else(|| panic!("no ';' in {line:?}"));
        let want = u64::from_str_radix(hex.trim(), 16).unwrap_or_else(|e| panic!("{hex:?}: {e}"));
        let got = Position::from_fen(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .zobrist();
        if got != want {
            failures.push(format!("{fen}: {got:016x}, want {want:016x}"));
        }
        count += 1;
    }
    assert!(count >= 300, "only {count} keys");
    assert!(
        failures.is_empty(),
        "{} of {count} keys differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_en_passant_part_counts_a_ready_pawn_even_when_the_capture_is_illegal() {
    // After f7-f5 the pawn on g5 stands ready, but taking would expose its
    // king on h5 to the queen on a5 (both pawns leave the rank).
    let mut pos = Position::from_fen("1n2k3/5p2/8/q5PK/8/8/8/1N6 b - - 0 1").unwrap();
    play(&mut pos, "f7f5");
    assert_eq!(pos.en_passant_square(), None);
    assert!(pos.fen().contains(" - 0 2"));
    // python-chess: chess.polyglot.zobrist_hash after 1... f5.
    assert_eq!(pos.zobrist(), 0xce347e10d8dc8556);
    // Its FEN without the square is another Polyglot position.
    assert_ne!(
        Position::from_fen(&pos.fen()).unwrap().zobrist(),
        pos.zobrist()
    );
}

/// The key from scratch of the position `pos` reached by `last`.
fn key_from_scratch(pos: &Position, last: Option<Move>) -> Result<u64, String> {
    let fen = fen_with_polyglot_en_passant(pos, last);
    Position::from_fen_with_mode(&fen, pos.castling_mode())
        .map(|p| p.zobrist())
        .map_err(|e| format!("{fen}: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn incremental_key_equals_key_from_scratch_on_random_walks(
        start in proptest::sample::select(POSITIONS),
        walk in proptest::collection::vec(any::<u16>(), 1..120),
    ) {
        let (fen, mode) = start;
        let mut pos = Position::from_fen_with_mode(fen, mode).unwrap();
        for choice in walk {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[choice as usize % moves.len()];
            let before = pos.fen();
            pos.play_unchecked(m);
            let scratch = key_from_scratch(&pos, Some(m)).map_err(TestCaseError::fail)?;
            prop_assert_eq!(pos.zobrist(), scratch, "{} then {}: {}", before, m, pos.fen());
        }
    }
}
