//! Rules games held in Arrow record batches, the way a Spark, Ray or
//! DataFusion job does: a PGN file read as batches, and a batch built by
//! hand (as a Parquet export gives it) ruled with `rule_batch`.
//!
//! ```text
//! cargo run --release --features arrow --example arrow_batch -- FILE.pgn
//! ```

use arrow_array::{Array, BooleanArray, RecordBatch, StringArray};
use chess_arbiter::arrow::{PgnBatches, rule_batch, ruled_schema};
use std::process::ExitCode;
use std::sync::Arc;

/// The rows whose recorded result the Laws contradict, with their ruling.
fn disagreements(batch: &RecordBatch) -> Vec<String> {
    let column = |name: &str| {
        batch
            .column_by_name(name)
            .expect("a column of ruled_schema()")
    };
    let disagrees = column("disagrees").as_any().downcast_ref::<BooleanArray>();
    let termination = column("termination").as_any().downcast_ref::<StringArray>();
    let ruled = column("ruled_result")
        .as_any()
        .downcast_ref::<StringArray>();
    let (Some(disagrees), Some(termination), Some(ruled)) = (disagrees, termination, ruled) else {
        return Vec::new();
    };
    (0..batch.num_rows())
        .filter(|&row| disagrees.is_valid(row) && disagrees.value(row))
        .map(|row| {
            format!(
                "row {row}: {} gives {}",
                termination.value(row),
                ruled.value(row)
            )
        })
        .collect()
}

fn main() -> ExitCode {
    // A batch as a Parquet export holds it: the movetext and the Result tag.
    let movetext = StringArray::from(vec!["1. f3 e5 2. g4 Qh4# 0-1", "1. f3 e5 2. g4 Qh4# 1-0"]);
    let result = StringArray::from(vec!["0-1", "1-0"]);
    let batch = RecordBatch::try_from_iter([
        ("movetext", Arc::new(movetext) as Arc<dyn Array>),
        ("Result", Arc::new(result) as Arc<dyn Array>),
    ])
    .expect("two columns of one length");
    match rule_batch(&batch) {
        Ok(ruled) => {
            println!("rule_batch: {} rows ruled", ruled.num_rows());
            for line in disagreements(&ruled) {
                println!("  {line}");
            }
        }
        Err(e) => eprintln!("arrow_batch: {e}"),
    }
    let Some(path) = std::env::args().nth(1) else {
        let schema = ruled_schema();
        let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
        println!("(name a PGN file to read it as batches with the columns {names:?})");
        return ExitCode::SUCCESS;
    };
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("arrow_batch: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut rows, mut found) = (0, 0);
    for batch in PgnBatches::new(std::io::BufReader::new(file), 4096) {
        let batch = match batch {
            Ok(batch) => batch,
            Err(e) => {
                eprintln!("arrow_batch: {path}: {e}");
                return ExitCode::from(1);
            }
        };
        for line in disagreements(&batch) {
            println!("{path}: {line}");
            found += 1;
        }
        rows += batch.num_rows();
    }
    println!("{path}: {rows} games in batches, {found} with a result the Laws contradict");
    ExitCode::SUCCESS
}
