//! The fuzz targets' invariants under `cargo test`: each target's check
//! function (tests/common/checks.rs, the same code the fuzz targets run)
//! on built-in inputs, then on every committed seed under
//! `fuzz/seeds/<target>/`. The published crate leaves `fuzz/` out: then
//! only the built-in inputs run (never a vacuous pass).

use crate::common::{checks, pgn_checks};

use std::path::Path;

/// Runs `check` on each built-in input and on each file of
/// `fuzz/seeds/<target>/` when that folder exists; returns how many inputs
/// ran.
fn replay(target: &str, check: fn(&[u8]), builtin: &[&[u8]]) -> usize {
    for input in builtin {
        check(input);
    }
    let mut ran = builtin.len();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut files: Vec<_> = entries.map(|e| e.expect("readable entry").path()).collect();
        files.sort();
        for file in files {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "seed {} fails", file.display());
            ran += 1;
        }
        assert!(ran > builtin.len(), "{} holds no seeds", dir.display());
    }
    ran
}

#[test]
fn fen_target_invariants_hold_on_builtin_inputs_and_seeds() {
    let ran = replay(
        "fen",
        checks::fen,
        &[
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            b"8/8/8/KPp4r/8/8/8/8 w - c6 0 1",
            b"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
            b"not a fen",
            b"",
        ],
    );
    assert!(ran >= 6);
}

#[test]
fn uci_target_invariants_hold_on_builtin_inputs_and_seeds() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for index in 0..checks::POSITIONS.len() as u8 {
        for text in [
            "e2e4", "e1g1", "e1h1", "a7a8q", "b7a8n", "e5f6", "0000", "zz",
        ] {
            let mut input = vec![index];
            input.extend_from_slice(text.as_bytes());
            inputs.push(input);
        }
    }
    let builtin: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    replay("uci", checks::uci, &builtin);
}

#[test]
fn play_target_invariants_hold_on_builtin_inputs_and_seeds() {
    let long: Vec<u8> = (0..=255).collect();
    replay(
        "play",
        checks::play,
        &[
            b"",
            b"\x00\x00\x01\x02\x03",
            b"\x01\x00\x07\x07\x07\x07",
            &long,
        ],
    );
}

#[test]
fn game_target_invariants_hold_on_builtin_inputs_and_seeds() {
    // Knight shuffles (op 4 plays the reverse of the side's last move).
    let shuffle: Vec<u8> = [0u8, 0, 0, 8, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 7, 6, 6, 1].to_vec();
    let long: Vec<u8> = (0..=255u8).map(|b| b.wrapping_mul(37)).collect();
    replay("game", checks::game, &[b"", &shuffle, &long]);
}

/// The `game` target's start cache numbers every start it can pick once:
/// one key, one start (so a cached game is the game of that start), and
/// a key for each of the table's starts, the standard one and the 960 of
/// Chess960 (the table's first is the standard start again).
#[test]
fn game_target_start_keys_name_one_start_each() {
    use std::collections::HashMap;
    let mut seen: HashMap<u16, String> = HashMap::new();
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let pos = checks::fuzz_start(a, b);
            let name = format!("{} {:?}", pos.fen(), pos.castling_mode());
            let key = checks::start_key(a, b);
            let first = seen.entry(key).or_insert_with(|| name.clone());
            assert_eq!(*first, name, "key {key} names two starts ({a}, {b})");
        }
    }
    assert_eq!(seen.len(), checks::POSITIONS.len() + 1 + 960);
    for (a, b) in [(0, 0), (1, 7), (3, 2), (255, 255), (5, 200)] {
        let fresh = chess_arbiter::Game::from_position(checks::fuzz_start(a, b));
        assert!(checks::start_game(a, b) == fresh);
        assert!(checks::start_game(a, b) == fresh, "cached ({a}, {b})");
    }
}

#[test]
fn every_position_of_the_targets_table_is_valid() {
    for byte in 0..checks::POSITIONS.len() as u8 {
        checks::check_position(&checks::table_position(byte), None, || "table".into());
    }
}

#[test]
fn san_target_invariants_hold_on_builtin_inputs_and_seeds() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for index in 0..checks::POSITIONS.len() as u8 {
        for text in [
            "e4",
            "Nf3",
            "O-O",
            "0-0-0",
            "exf6",
            "exf6 e.p.",
            "bxa8=Q",
            "b8=N+",
            "Rxb1",
            "Kf1",
            "Nbd7",
            "e2e4",
            "Qh4#",
            "Kg7",
            "zz",
            "",
        ] {
            let mut input = vec![index];
            input.extend_from_slice(text.as_bytes());
            inputs.push(input);
        }
    }
    let builtin: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    replay("san", checks::san, &builtin);
}

/// The round trip's stability check compares an export as it is written:
/// the same text passes, a text that differs anywhere, or is longer or
/// shorter, does not.
#[test]
fn writes_as_is_equality_of_the_written_text() {
    let game = pgn_checks::one("[Event \"e\"]\n\n1. e4 {c} e5 $1 (1... c5) 2. Nf3 *\n");
    let text = game.to_string();
    assert!(pgn_checks::writes_as(&game, &text));
    assert!(!pgn_checks::writes_as(&game, &text[..text.len() - 1]));
    assert!(!pgn_checks::writes_as(&game, &format!("{text}\n")));
    assert!(!pgn_checks::writes_as(
        &game,
        &text.replacen("Nf3", "Nf4", 1)
    ));
    assert!(!pgn_checks::writes_as(&game, ""));
    assert!(pgn_checks::writes_as(&"", ""));
}

/// The round trip compares comments in place: `same_comment` is equality
/// of `comment_text` (runs of white space as one, `}` left out) on every
/// pair of a set of awkward comments.
#[test]
fn same_comment_is_equality_of_the_comment_texts() {
    let comments = [
        "",
        " ",
        "}",
        " } ",
        "a",
        "a b",
        "a  b",
        " a\tb\n",
        "a}b",
        "ab",
        "a }b",
        "a } b",
        "a}",
        "}a",
        "a\r\nb",
        "ab c",
        "a bc",
        "é",
        "é }",
        "a\u{a0}b",
        "a\u{3000}b",
        "a b }}",
    ];
    for a in comments {
        for b in comments {
            assert_eq!(
                pgn_checks::same_comment(a, b),
                pgn_checks::comment_text(a) == pgn_checks::comment_text(b),
                "{a:?} {b:?}"
            );
        }
        assert!(pgn_checks::same_comments(Some(a), Some(a)));
        assert!(!pgn_checks::same_comments(Some(a), None));
        assert!(!pgn_checks::same_comments(None, Some(a)));
    }
    assert!(pgn_checks::same_comments(None, None));
}

/// The tags a round trip compares borrow what they can: a name written
/// as read is borrowed, one with other characters spelt with `_`.
#[test]
fn standard_names_are_borrowed_when_written_as_read() {
    use std::borrow::Cow;
    assert!(matches!(
        pgn_checks::standard_name("White"),
        Cow::Borrowed("White")
    ));
    assert!(matches!(
        pgn_checks::standard_name("a_+#=:-9"),
        Cow::Borrowed("a_+#=:-9")
    ));
    assert_eq!(pgn_checks::standard_name(""), "_");
    assert_eq!(pgn_checks::standard_name("a b\u{e9}"), "a_b_");
}

#[test]
fn pgn_target_invariants_hold_on_builtin_inputs_and_seeds() {
    let ran = replay(
        "pgn",
        pgn_checks::pgn,
        &[
            b"[Event \"e\"]\n\n1. e4 {c} e5 $1 (1... c5) 2. Nf3 *\n",
            b"1. e4 e5 2. Ke3 *\n\n1. d4 *\n",
            b"{ never closed",
            b"[Event \"never closed",
            b"((((((((",
            b")))",
            b"",
            b"\xef\xbb\xbf",
            b"1. -- Z0 0000 @@@@",
        ],
    );
    assert!(ran >= 9);
}
