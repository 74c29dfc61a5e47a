//! The `arrow` feature: `rule_batch` rules every record as the PGN reader
//! reads it, `PgnBatches` cuts and reads files as `pgn::Reader` does (the
//! sample under tests/data/pgn/), and each ending of the Laws has its test.

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, UInt32Type, UInt64Type};
use arrow_array::{
    Array, ArrayRef, DictionaryArray, Int32Array, Int64Array, LargeStringArray, NullArray,
    RecordBatch, StringArray, StringViewArray,
};
use chess_arbiter::arrow::{MAX_BATCH_ROWS, PgnBatches, arrow_array, rule_batch, ruled_schema};
use chess_arbiter::pgn::Reader;
use std::path::PathBuf;
use std::sync::Arc;

/// One row of rulings, as plain values.
#[derive(Debug, PartialEq, Eq, Clone)]
struct Row {
    valid: bool,
    error: Option<String>,
    plies: Option<u32>,
    end_ply: Option<u32>,
    termination: Option<String>,
    ruled_result: Option<String>,
    final_fen: Option<String>,
    disagrees: bool,
}

fn text(batch: &RecordBatch, name: &str, row: usize) -> Option<String> {
    let c = batch.column_by_name(name).unwrap().as_string::<i32>();
    c.is_valid(row).then(|| c.value(row).to_string())
}

fn number(batch: &RecordBatch, name: &str, row: usize) -> Option<u32> {
    let c = batch
        .column_by_name(name)
        .unwrap()
        .as_primitive::<UInt32Type>();
    c.is_valid(row).then(|| c.value(row))
}

fn flag(batch: &RecordBatch, name: &str, row: usize) -> bool {
    batch.column_by_name(name).unwrap().as_boolean().value(row)
}

fn rows(batch: &RecordBatch) -> Vec<Row> {
    (0..batch.num_rows())
        .map(|i| Row {
            valid: flag(batch, "valid", i),
            error: text(batch, "error", i),
            plies: number(batch, "plies", i),
            end_ply: number(batch, "end_ply", i),
            termination: text(batch, "termination", i),
            ruled_result: text(batch, "ruled_result", i),
            final_fen: text(batch, "final_fen", i),
            disagrees: flag(batch, "disagrees", i),
        })
        .collect()
}

fn strings(values: &[Option<&str>]) -> ArrayRef {
    Arc::new(StringArray::from(values.to_vec()))
}

type Record<'a> = (&'a str, Option<&'a str>, Option<&'a str>, Option<&'a str>);

/// Rules records given as (movetext, Result, Termination, FEN).
fn rule(records: &[Record<'_>]) -> Vec<Row> {
    let batch = RecordBatch::try_from_iter([
        (
            "movetext",
            strings(&records.iter().map(|r| Some(r.0)).collect::<Vec<_>>()),
        ),
        (
            "Result",
            strings(&records.iter().map(|r| r.1).collect::<Vec<_>>()),
        ),
        (
            "Termination",
            strings(&records.iter().map(|r| r.2).collect::<Vec<_>>()),
        ),
        (
            "FEN",
            strings(&records.iter().map(|r| r.3).collect::<Vec<_>>()),
        ),
    ])
    .unwrap();
    let ruled = rule_batch(&batch).unwrap();
    // The input's columns, then ruled_schema's.
    let mut fields = batch.schema().fields().to_vec();
    fields.extend(ruled_schema().fields().iter().cloned());
    assert_eq!(ruled.schema().fields().to_vec(), fields);
    rows(&ruled)
}

fn one(movetext: &str, result: Option<&str>, termination: Option<&str>, fen: Option<&str>) -> Row {
    rule(&[(movetext, result, termination, fen)]).remove(0)
}

#[test]
fn checkmate_ends_the_game_and_a_wrong_result_disagrees() {
    let r = one("1. f3 e5 2. g4 Qh4# 1-0", Some("1-0"), None, None);
    assert!(r.valid);
    assert_eq!(r.plies, Some(4));
    assert_eq!(r.end_ply, Some(4));
    assert_eq!(r.termination.as_deref(), Some("checkmate"));
    assert_eq!(r.ruled_result.as_deref(), Some("0-1"));
    assert!(r.disagrees);
    let r = one("1. f3 e5 2. g4 Qh4# 0-1", Some("0-1"), None, None);
    assert!(!r.disagrees);
}

#[test]
fn result_column_wins_over_the_movetext_token_and_star_disagrees_with_nothing() {
    let r = one("1. f3 e5 2. g4 Qh4# 0-1", Some("1-0"), None, None);
    assert!(r.disagrees);
    let r = one("1. f3 e5 2. g4 Qh4# *", None, None, None);
    assert!(!r.disagrees);
    let r = one("1. f3 e5 2. g4 Qh4# 1-0", None, None, None);
    assert!(
        r.disagrees,
        "no Result column: the movetext's token is the record"
    );
}

#[test]
fn moves_after_checkmate_are_a_record_that_disagrees() {
    let r = one("1. f3 e5 2. g4 Qh4# 3. a3 0-1", Some("0-1"), None, None);
    assert!(!r.valid);
    assert!(r.error.as_deref().unwrap().contains("a3"), "{r:?}");
    assert_eq!(r.end_ply, Some(4));
    assert_eq!(r.termination.as_deref(), Some("checkmate"));
    assert_eq!(r.ruled_result.as_deref(), Some("0-1"));
    assert!(r.disagrees);
    assert_eq!(
        r.final_fen.as_deref(),
        Some("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    );
}

#[test]
fn stalemate_contradicting_a_win_disagrees() {
    // Black to move is stalemated after Qc7.
    let fen = "k7/8/8/2Q5/8/8/8/7K w - - 0 1";
    let r = one("1. Qc7 1-0", Some("1-0"), None, Some(fen));
    assert_eq!(r.termination.as_deref(), Some("stalemate"));
    assert_eq!(r.ruled_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(r.end_ply, Some(1));
    assert!(r.disagrees);
}

#[test]
fn insufficient_material_ends_the_game_and_later_moves_disagree() {
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    let r = one("1. Kxe2 Kd7 1/2-1/2", Some("1/2-1/2"), None, Some(fen));
    assert!(r.valid, "{r:?}");
    assert_eq!(r.termination.as_deref(), Some("insufficient_material"));
    assert_eq!((r.end_ply, r.plies), (Some(1), Some(2)));
    assert!(r.disagrees, "the record goes on after the game's end");
    assert_eq!(
        r.final_fen.as_deref(),
        Some("8/3k4/8/8/8/8/4K3/8 w - - 1 2")
    );
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let movetext = format!("{}1/2-1/2", "Nf3 Nf6 Ng1 Ng8 ".repeat(4));
    let r = one(&movetext, Some("1/2-1/2"), None, None);
    assert_eq!(r.termination.as_deref(), Some("fivefold_repetition"));
    assert_eq!(r.end_ply, Some(16));
    assert!(!r.disagrees);
}

#[test]
fn seventy_five_moves_end_the_game() {
    let fen = "4k3/8/8/8/8/8/R7/4K3 w - - 149 80";
    let r = one("80. Ra3 1-0", Some("1-0"), None, Some(fen));
    assert_eq!(r.termination.as_deref(), Some("seventyfive_moves"));
    assert_eq!(r.ruled_result.as_deref(), Some("1/2-1/2"));
    assert!(r.disagrees);
}

#[test]
fn time_forfeit_against_a_side_that_cannot_mate_is_a_draw() {
    // FIDE 6.9: Black's flag falls; White has a lone king.
    let fen = "8/8/8/2k5/8/8/7q/K7 w - - 0 1";
    let r = one(
        "1. Kb1 Kb4 1-0",
        Some("1-0"),
        Some("Time forfeit"),
        Some(fen),
    );
    assert_eq!(r.termination.as_deref(), Some("timeout_draw"));
    assert_eq!(r.ruled_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(r.end_ply, Some(2));
    assert!(r.disagrees);
    // White's flag falls: Black can mate, the loss stands.
    let r = one(
        "1. Kb1 Kb4 0-1",
        Some("0-1"),
        Some("time forfeit"),
        Some(fen),
    );
    assert_eq!(r.termination.as_deref(), Some("timeout"));
    assert_eq!(r.ruled_result.as_deref(), Some("0-1"));
    assert!(!r.disagrees);
}

#[test]
fn a_resignation_is_left_to_the_record() {
    let r = one("1. e4 e5 2. Nf3 1-0", Some("1-0"), Some("Normal"), None);
    assert!(r.valid);
    assert_eq!(
        (r.end_ply, r.termination, r.ruled_result),
        (None, None, None)
    );
    assert!(!r.disagrees);
}

#[test]
fn null_and_unreadable_movetexts_are_rows_not_errors() {
    let batch = RecordBatch::try_from_iter([(
        "movetext",
        strings(&[None, Some("1. e4 {open"), Some("1. Ke2 *"), Some("")]),
    )])
    .unwrap();
    let r = rows(&rule_batch(&batch).unwrap());
    assert_eq!(r.len(), 4);
    assert!(
        r[..3].iter().all(|r| !r.valid && r.error.is_some()),
        "{r:?}"
    );
    assert_eq!(r[2].plies, Some(0));
    // An empty movetext is a game without moves.
    assert!(r[3].valid && r[3].plies == Some(0), "{:?}", r[3]);
}

#[test]
fn every_string_type_reads_the_same() {
    let games = ["1. f3 e5 2. g4 Qh4# 0-1", "1. e4 *"];
    let plain = rule_batch(
        &RecordBatch::try_from_iter([("movetext", strings(&[Some(games[0]), Some(games[1])]))])
            .unwrap(),
    )
    .unwrap();
    let large: ArrayRef = Arc::new(LargeStringArray::from(games.to_vec()));
    let view: ArrayRef = Arc::new(StringViewArray::from(games.to_vec()));
    for column in [large, view] {
        let batch = RecordBatch::try_from_iter([("movetext", column)]).unwrap();
        assert_eq!(rows(&rule_batch(&batch).unwrap()), rows(&plain));
    }
}

#[test]
fn a_batch_without_a_movetext_column_or_with_a_number_column_is_an_error() {
    let batch = RecordBatch::try_from_iter([("moves", strings(&[Some("1. e4 *")]))]).unwrap();
    assert!(rule_batch(&batch).is_err());
    let numbers: ArrayRef = Arc::new(Int32Array::from(vec![1]));
    let batch = RecordBatch::try_from_iter([("movetext", numbers)]).unwrap();
    assert!(rule_batch(&batch).is_err());
}

#[test]
fn an_empty_batch_rules_to_an_empty_batch() {
    let empty: Vec<Option<&str>> = Vec::new();
    let batch = RecordBatch::try_from_iter([("movetext", strings(&empty))]).unwrap();
    assert_eq!(rule_batch(&batch).unwrap().num_rows(), 0);
}

#[test]
fn garbage_never_panics_and_keeps_every_row() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let alphabet: Vec<char> = "abcdefghNBRQKOx+#=12345678-. {}()[]$!?;%\"\\\n\r*/0"
        .chars()
        .collect();
    let mut records = Vec::new();
    for _ in 0..2000 {
        let len = (seed % 40) as usize;
        let mut s = String::new();
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
        }
        records.push(Some(s));
    }
    let column: ArrayRef = Arc::new(StringArray::from(records.clone()));
    let fen = strings(&records.iter().map(|r| r.as_deref()).collect::<Vec<_>>());
    let batch = RecordBatch::try_from_iter([("movetext", column.clone()), ("FEN", fen)]).unwrap();
    assert_eq!(rule_batch(&batch).unwrap().num_rows(), records.len());
    let batch = RecordBatch::try_from_iter([("movetext", column)]).unwrap();
    assert_eq!(rule_batch(&batch).unwrap().num_rows(), records.len());
}

fn sample() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// The tag `name` of row `row`: a roster column or the map of the others.
fn tag(batch: &RecordBatch, name: &str, row: usize) -> Option<String> {
    if let Some(c) = batch.column_by_name(name) {
        let c = c.as_string::<i32>();
        return c.is_valid(row).then(|| c.value(row).to_string());
    }
    let map = batch.column_by_name("tags").unwrap().as_map();
    let entries = map.value(row);
    let keys = entries.column(0).as_string::<i32>();
    let values = entries.column(1).as_string::<i32>();
    (0..keys.len())
        .find(|&i| keys.value(i) == name)
        .map(|i| values.value(i).to_string())
}

#[test]
fn pgn_batches_cut_and_read_every_sample_file_as_the_reader_does() {
    for path in sample() {
        let bytes = std::fs::read(&path).unwrap();
        let items: Vec<_> = Reader::new(&bytes[..]).collect();
        let batches: Vec<RecordBatch> = PgnBatches::new(&bytes[..], 37)
            .collect::<Result<_, _>>()
            .unwrap();
        let total: usize = batches.iter().map(RecordBatch::num_rows).sum();
        assert_eq!(total, items.len(), "{}", path.display());
        let mut k = 0;
        for batch in &batches {
            let ruled = rows(batch);
            let offsets = batch
                .column_by_name("byte_offset")
                .unwrap()
                .as_primitive::<UInt64Type>();
            for (row, r) in ruled.iter().enumerate() {
                let name = format!("{} game {}", path.display(), k + 1);
                match &items[k] {
                    Ok(game) => {
                        assert!(r.valid, "{name}: {r:?}");
                        assert_eq!(r.plies, Some(game.mainline_len() as u32), "{name}");
                        assert_eq!(offsets.value(row), game.byte_offset(), "{name}");
                        for (t, v) in game.tags() {
                            assert_eq!(tag(batch, t, row).as_deref(), Some(v), "{name}: tag {t}");
                        }
                    }
                    Err(e) => {
                        assert!(!r.valid, "{name}: {e}");
                        assert_eq!(r.error, Some(e.kind().to_string()), "{name}");
                    }
                }
                k += 1;
            }
        }
    }
}

#[test]
fn rule_batch_over_the_columns_of_pgn_batches_rules_as_they_do() {
    let mut compared = 0;
    for path in sample() {
        let bytes = std::fs::read(&path).unwrap();
        for batch in PgnBatches::new(&bytes[..], 1000) {
            let batch = batch.unwrap();
            let n = batch.num_rows();
            let column = |name: &str| -> ArrayRef {
                let values: Vec<Option<String>> = (0..n).map(|i| tag(&batch, name, i)).collect();
                Arc::new(StringArray::from(values))
            };
            let input = RecordBatch::try_from_iter([
                (
                    "movetext",
                    Arc::clone(batch.column_by_name("movetext").unwrap()),
                ),
                ("Result", column("Result")),
                ("Termination", column("Termination")),
                ("FEN", column("FEN")),
                ("Variant", column("Variant")),
            ])
            .unwrap();
            let again = rows(&rule_batch(&input).unwrap());
            for (i, (a, b)) in rows(&batch).iter().zip(&again).enumerate() {
                // A record whose tags do not read is another record
                // without them: compare the games that read, and those
                // whose error is a move's.
                if a.valid || a.plies.is_some() {
                    assert_eq!(a, b, "{} row {i}", path.display());
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 250, "{compared}");
}

#[test]
fn pgn_batches_bound_their_size_and_allocate_nothing_for_it_up_front() {
    // Row counts that the columns could never hold: clamped to MAX_BATCH_ROWS (0
    // to 1), and nothing is allocated for them before a game is read.
    let pgn = "1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
    for rows in [
        usize::MAX,
        1 << 62,
        100_000_000,
        MAX_BATCH_ROWS + 1,
        MAX_BATCH_ROWS,
    ] {
        let batches: Vec<RecordBatch> = PgnBatches::new(pgn.as_bytes(), rows)
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(batches.len(), 1);
        assert_eq!(batches[0].num_rows(), 3);
    }
    let sizes: Vec<usize> = PgnBatches::new(pgn.as_bytes(), 0)
        .map(|b| b.unwrap().num_rows())
        .collect();
    assert_eq!(sizes, [1, 1, 1]);
}

#[test]
fn null_typed_and_dictionary_columns_read() {
    let games = [
        "1. f3 e5 2. g4 Qh4# 0-1",
        "1. e4 *",
        "1. f3 e5 2. g4 Qh4# 0-1",
    ];
    let plain = rows(
        &rule_batch(
            &RecordBatch::try_from_iter([(
                "movetext",
                strings(&games.iter().map(|g| Some(*g)).collect::<Vec<_>>()),
            )])
            .unwrap(),
        )
        .unwrap(),
    );
    // An all-null column as pyarrow types it (Null): as if absent.
    let nulls: ArrayRef = Arc::new(NullArray::new(3));
    let batch = RecordBatch::try_from_iter([
        (
            "movetext",
            strings(&games.iter().map(|g| Some(*g)).collect::<Vec<_>>()),
        ),
        ("Result", Arc::clone(&nulls)),
        ("FEN", Arc::clone(&nulls)),
    ])
    .unwrap();
    assert_eq!(rows(&rule_batch(&batch).unwrap()), plain);
    // A Null movetext: every row without movetext.
    let batch = RecordBatch::try_from_iter([("movetext", Arc::clone(&nulls))]).unwrap();
    let r = rows(&rule_batch(&batch).unwrap());
    assert!(
        r.iter()
            .all(|r| !r.valid && r.error.as_deref() == Some("no movetext (null)"))
    );
    // Dictionary-encoded strings (keys of any integer type), nulls among
    // the keys too.
    let dict: DictionaryArray<Int32Type> = games.iter().copied().collect();
    let batch = RecordBatch::try_from_iter([("movetext", Arc::new(dict) as ArrayRef)]).unwrap();
    assert_eq!(rows(&rule_batch(&batch).unwrap()), plain);
    let dict: DictionaryArray<Int32Type> =
        vec![Some("1-0"), None, Some("1-0")].into_iter().collect();
    let batch = RecordBatch::try_from_iter([
        (
            "movetext",
            strings(&games.iter().map(|g| Some(*g)).collect::<Vec<_>>()),
        ),
        ("Result", Arc::new(dict) as ArrayRef),
    ])
    .unwrap();
    let r = rows(&rule_batch(&batch).unwrap());
    assert!(r[0].disagrees && !r[1].disagrees && r[2].disagrees);
    // A dictionary of numbers is not text.
    let keys = Int32Array::from(vec![0]);
    let values: ArrayRef = Arc::new(Int64Array::from(vec![7]));
    let dict = DictionaryArray::<Int32Type>::try_new(keys, values).unwrap();
    let batch = RecordBatch::try_from_iter([("movetext", Arc::new(dict) as ArrayRef)]).unwrap();
    let err = rule_batch(&batch).unwrap_err().to_string();
    assert!(err.contains("not a string type"), "{err}");
}

#[test]
fn rule_batch_keeps_the_other_columns_beside_the_rulings_in_order() {
    let ids: ArrayRef = Arc::new(Int64Array::from(vec![17, 4]));
    let batch = RecordBatch::try_from_iter([
        ("Site", strings(&[Some("a"), Some("b")])),
        (
            "movetext",
            strings(&[Some("1. f3 e5 2. g4 Qh4# 1-0"), Some("1. e4 *")]),
        ),
        ("id", Arc::clone(&ids)),
        // A ruling column of the input is replaced by the new ruling.
        ("valid", strings(&[Some("x"), Some("y")])),
    ])
    .unwrap();
    let ruled = rule_batch(&batch).unwrap();
    let names: Vec<&str> = ruled
        .schema_ref()
        .fields()
        .iter()
        .map(|f| f.name().as_str())
        .collect();
    let mut expected = vec!["Site", "movetext", "id"];
    let ruled_fields = ruled_schema();
    expected.extend(ruled_fields.fields().iter().map(|f| f.name().as_str()));
    assert_eq!(names, expected);
    assert_eq!(ruled.column_by_name("id").unwrap(), &ids);
    assert_eq!(text(&ruled, "Site", 1).as_deref(), Some("b"));
    assert!(flag(&ruled, "disagrees", 0) && flag(&ruled, "valid", 1));
    // Projected to the rulings, the output is ruled_schema's.
    let n = ruled.num_columns();
    let only = ruled.project(&((n - 8)..n).collect::<Vec<_>>()).unwrap();
    assert_eq!(only.schema(), ruled_schema());
}
