//! `PgnBatches` rows are `pgn::Reader`'s games: the same cutting, the same
//! tags, the same reading of each game. One test per way the two once
//! drifted apart; `rule_batch` reads a record's movetext as the reader does.

use arrow_array::cast::AsArray;
use arrow_array::types::{UInt32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use chess_arbiter::SanError;
use chess_arbiter::arrow::{PgnBatches, arrow_array, rule_batch};
use chess_arbiter::pgn::{PgnErrorKind, Reader};
use std::io::Read;
use std::sync::Arc;

/// What a row and a game of the reader have in common.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    tags: Vec<(String, String)>,
    offset: u64,
    valid: bool,
    plies: Option<u32>,
}

fn text(batch: &RecordBatch, name: &str, row: usize) -> Option<String> {
    let c = batch.column_by_name(name).unwrap().as_string::<i32>();
    c.is_valid(row).then(|| c.value(row).to_string())
}

fn plies(batch: &RecordBatch, row: usize) -> Option<u32> {
    let c = batch
        .column_by_name("plies")
        .unwrap()
        .as_primitive::<UInt32Type>();
    c.is_valid(row).then(|| c.value(row))
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Every row of `batch`: the roster columns, then the map's tags.
fn rows(batch: &RecordBatch) -> Vec<Seen> {
    let map = batch.column_by_name("tags").unwrap().as_map();
    let offsets = batch
        .column_by_name("byte_offset")
        .unwrap()
        .as_primitive::<UInt64Type>();
    let valid = batch.column_by_name("valid").unwrap().as_boolean();
    (0..batch.num_rows())
        .map(|row| {
            let mut tags: Vec<(String, String)> = ROSTER
                .iter()
                .filter_map(|&name| text(batch, name, row).map(|v| (name.to_string(), v)))
                .collect();
            let entries = map.value(row);
            let keys = entries.column(0).as_string::<i32>();
            let values = entries.column(1).as_string::<i32>();
            for k in 0..entries.len() {
                tags.push((keys.value(k).to_string(), values.value(k).to_string()));
            }
            tags.sort();
            Seen {
                tags,
                offset: offsets.value(row),
                valid: valid.value(row),
                plies: if valid.value(row) {
                    plies(batch, row)
                } else {
                    None
                },
            }
        })
        .collect()
}

/// The reader's games, seen as rows are.
fn games(pgn: &[u8]) -> Vec<Seen> {
    Reader::new(pgn)
        .map(|g| match g {
            Ok(g) => {
                let mut tags: Vec<(String, String)> = g
                    .tags()
                    .map(|(n, v)| (n.to_string(), v.to_string()))
                    .collect();
                tags.sort();
                Seen {
                    tags,
                    offset: g.byte_offset(),
                    valid: true,
                    plies: Some(g.mainline_len() as u32),
                }
            }
            Err(e) => panic!("the reader fails on a game of the test: {e}"),
        })
        .collect()
}

fn batches(pgn: &[u8], rows: usize) -> Vec<RecordBatch> {
    PgnBatches::new(pgn, rows)
        .collect::<Result<_, _>>()
        .unwrap()
}

fn all_rows(pgn: &[u8]) -> Vec<Seen> {
    batches(pgn, 1024).iter().flat_map(rows).collect()
}

#[test]
fn rows_are_the_readers_games_with_indented_tag_lines() {
    let pgn = b"[Event \"a\"]\n  [White \"X\"]\n\t[Black \"Y\"]\n\n1. e4 e5 *\n\n  [Event \"b\"]\n\t[White \"Z\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"c\"]\n\n1. c4 *\n   [Event \"d\"]\n\n1. Nf3 *\n";
    let rows = all_rows(pgn);
    assert_eq!(rows, games(pgn));
    assert_eq!(rows.len(), 4);
    assert!(rows[0].tags.contains(&("White".into(), "X".into())));
    assert_eq!(rows[1].plies, Some(3));
}

#[test]
fn moves_after_checkmate_keep_the_checkmate_ruling_beside_bytes_that_are_not_utf8() {
    let pgn =
        b"[Event \"Fool's mate\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4#\n3. a3 {caf\xe9} 1-0\n";
    let read: Vec<_> = Reader::new(&pgn[..]).collect();
    assert_eq!(read.len(), 1);
    let Err(e) = &read[0] else {
        panic!("a move after checkmate is an error")
    };
    assert!(matches!(
        e.kind(),
        PgnErrorKind::Move {
            source: SanError::GameOver { .. },
            ..
        }
    ));
    let batch = &batches(pgn, 10)[0];
    assert_eq!(batch.num_rows(), 1);
    assert!(!batch.column_by_name("valid").unwrap().as_boolean().value(0));
    assert_eq!(text(batch, "termination", 0).as_deref(), Some("checkmate"));
    assert_eq!(text(batch, "ruled_result", 0).as_deref(), Some("0-1"));
    let end = batch
        .column_by_name("end_ply")
        .unwrap()
        .as_primitive::<UInt32Type>();
    assert_eq!(end.value(0), 4);
    assert!(
        batch
            .column_by_name("disagrees")
            .unwrap()
            .as_boolean()
            .value(0)
    );
    assert_eq!(text(batch, "Event", 0).as_deref(), Some("Fool's mate"));
}

/// Serves its bytes, then fails.
struct FailsAfter<'a>(&'a [u8]);

impl Read for FailsAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("the input broke off"));
        }
        let n = self.0.read(buf)?;
        Ok(n)
    }
}

#[test]
fn games_read_before_the_input_fails_are_rows() {
    let mut pgn = Vec::new();
    for k in 0..10 {
        pgn.extend_from_slice(format!("[Round \"{k}\"]\n\n1. e4 e5 *\n\n").as_bytes());
    }
    let read: Vec<_> = Reader::new(FailsAfter(&pgn)).collect();
    assert_eq!(read.len(), 11);
    assert!(read[..10].iter().all(|g| g.is_ok()));
    assert!(matches!(
        read[10].as_ref().unwrap_err().kind(),
        PgnErrorKind::Io(_)
    ));
    let mut items = PgnBatches::new(FailsAfter(&pgn), 100);
    let first = items.next().unwrap().unwrap();
    assert_eq!(first.num_rows(), 10);
    assert_eq!(rows(&first), games(&pgn));
    assert!(items.next().unwrap().is_err());
    assert!(items.next().is_none());
}

#[test]
fn an_illegal_move_in_a_variation_leaves_the_mainline_ruled() {
    // The mainline ends in Black's mate, recorded 1-0; the variation's
    // second move is illegal.
    let movetext = "1. f3 e5 2. g4 (2. Nc3 Bxh1) Qh4# 1-0";
    let pgn = format!("[Result \"1-0\"]\n\n{movetext}\n");
    let read: Vec<_> = Reader::new(pgn.as_bytes()).collect();
    assert!(matches!(
        read[0].as_ref().unwrap_err().kind(),
        PgnErrorKind::VariationMove { .. }
    ));
    let batch = &batches(pgn.as_bytes(), 10)[0];
    let ruled = rule_batch(
        &RecordBatch::try_from_iter([(
            "movetext",
            Arc::new(StringArray::from(vec![movetext])) as ArrayRef,
        )])
        .unwrap(),
    )
    .unwrap();
    for b in [batch, &ruled] {
        assert!(b.column_by_name("valid").unwrap().as_boolean().value(0));
        assert_eq!(plies(b, 0), Some(4));
        assert_eq!(text(b, "termination", 0).as_deref(), Some("checkmate"));
        assert_eq!(text(b, "ruled_result", 0).as_deref(), Some("0-1"));
        assert!(b.column_by_name("disagrees").unwrap().as_boolean().value(0));
    }
}

#[test]
fn a_roster_tag_given_twice_keeps_both_values() {
    let pgn = b"[White \"First\"]\n[White \"Second\"]\n[Event \"e\"]\n\n1. e4 *\n";
    let batch = &batches(pgn, 10)[0];
    assert_eq!(text(batch, "White", 0).as_deref(), Some("First"));
    let rows = rows(batch);
    assert!(rows[0].tags.contains(&("White".into(), "Second".into())));
    assert_eq!(rows, games(pgn));
}

#[test]
fn movetext_after_blank_lines_or_a_byte_order_mark_reads_with_and_without_tags() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for movetext in [
        "\n\n1. e4 e5 *",
        "\n\n\n\n1. e4 e5 *",
        "\u{feff}1. e4 e5 *",
        "\r\n\u{feff}1. e4 e5 *",
    ] {
        for fen in [None, Some(start)] {
            let mut columns = vec![(
                "movetext",
                Arc::new(StringArray::from(vec![movetext])) as ArrayRef,
            )];
            if let Some(fen) = fen {
                columns.push(("FEN", Arc::new(StringArray::from(vec![fen])) as ArrayRef));
            }
            let ruled = rule_batch(&RecordBatch::try_from_iter(columns).unwrap()).unwrap();
            assert!(
                ruled.column_by_name("valid").unwrap().as_boolean().value(0),
                "{movetext:?} with FEN {fen:?}: {:?}",
                text(&ruled, "error", 0)
            );
            assert_eq!(plies(&ruled, 0), Some(2), "{movetext:?} with FEN {fen:?}");
        }
    }
    let pgn = b"[Event \"x\"]\n\n\n\n1. e4 e5 *\n\n\xef\xbb\xbf[Event \"y\"]\n\n1. d4 *\n";
    assert_eq!(all_rows(pgn), games(pgn));
}
