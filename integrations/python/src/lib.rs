//! The Python module `chess_arbiter`: Arrow batches of games ruled by the
//! Laws of Chess (the crate's `arrow` feature), for Ray, Spark, Polars and
//! anything else that speaks the Arrow PyCapsule interface.

use std::fs::File;
use std::sync::Arc;

use arrow_array::{RecordBatch, RecordBatchOptions};
use arrow_schema::{ArrowError, Field, Schema};
use chess_arbiter::arrow::{PgnBatches, ruled_schema};
use pyo3::exceptions::{PyIOError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyRecordBatch;
use pyo3_arrow::{PyRecordBatch, PyTable};

fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The columns `rule_batch` reads, under the names the crate reads them by.
fn renamed(
    batch: &RecordBatch,
    movetext: &str,
    result: &str,
    termination: &str,
) -> Result<RecordBatch, ArrowError> {
    let schema = batch.schema();
    let mut fields = Vec::new();
    let mut columns = Vec::new();
    let wanted = [
        (movetext, "movetext"),
        (result, "Result"),
        (termination, "Termination"),
        ("FEN", "FEN"),
        ("Variant", "Variant"),
    ];
    for (given, name) in wanted {
        if let Ok(i) = schema.index_of(given) {
            fields.push(Field::new(name, schema.field(i).data_type().clone(), true));
            columns.push(Arc::clone(batch.column(i)));
        }
    }
    if !fields.iter().any(|f| f.name() == "movetext") {
        return Err(ArrowError::SchemaError(format!(
            "the batch has no {movetext:?} column"
        )));
    }
    let options = RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
    RecordBatch::try_new_with_options(Arc::new(Schema::new(fields)), columns, &options)
}

fn rule(
    batch: &RecordBatch,
    movetext: &str,
    result: &str,
    termination: &str,
) -> Result<RecordBatch, ArrowError> {
    chess_arbiter::arrow::rule_batch(&renamed(batch, movetext, result, termination)?)
}

/// rule_batch(batch, movetext="movetext", result="Result", termination="Termination")
/// --
///
/// Rules every game record of an Arrow batch (any object with
/// `__arrow_c_array__` or `__arrow_c_stream__`: pyarrow, polars, arro3):
/// one row per input row, in order, with the columns valid, error, plies,
/// end_ply, termination, ruled_result, final_fen and disagrees. The
/// movetext, result and termination columns are found by the names given;
/// "FEN" and "Variant" by theirs. Returns a pyarrow.RecordBatch, or a
/// pyarrow.Table when given a table or a stream. The GIL is released while
/// the games are ruled.
#[pyfunction]
#[pyo3(signature = (batch, movetext="movetext", result="Result", termination="Termination"))]
fn rule_batch<'py>(
    py: Python<'py>,
    batch: AnyRecordBatch,
    movetext: &str,
    result: &str,
    termination: &str,
) -> PyResult<Bound<'py, PyAny>> {
    match batch {
        AnyRecordBatch::RecordBatch(batch) => {
            let batch = batch.into_inner();
            let ruled = py
                .detach(|| rule(&batch, movetext, result, termination))
                .map_err(value_error)?;
            PyRecordBatch::new(ruled).into_pyarrow(py)
        }
        AnyRecordBatch::Stream(stream) => {
            let reader = stream.into_reader()?;
            let ruled = py
                .detach(|| {
                    reader
                        .map(|batch| rule(&batch?, movetext, result, termination))
                        .collect::<Result<Vec<_>, ArrowError>>()
                })
                .map_err(value_error)?;
            PyTable::try_new(ruled, ruled_schema())?.into_pyarrow(py)
        }
    }
}

/// The record batches of a PGN file, from `read_pgn`.
#[pyclass(module = "chess_arbiter")]
struct PgnReader {
    batches: PgnBatches<File>,
}

#[pymethods]
impl PgnReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let batches = &mut slf.batches;
        match py.detach(|| batches.next()) {
            None => Ok(None),
            Some(Ok(batch)) => PyRecordBatch::new(batch).into_pyarrow(py).map(Some),
            Some(Err(e)) => Err(PyIOError::new_err(e.to_string())),
        }
    }
}

/// read_pgn(path, rows=65536)
/// --
///
/// Reads a PGN file as pyarrow.RecordBatches of at most `rows` games: the
/// Seven Tag Roster, the other tags (a map), the movetext, the byte
/// offset, and the rulings of rule_batch. Every game is a row, one that
/// does not read too (valid is false).
#[pyfunction]
#[pyo3(signature = (path, rows=65536))]
fn read_pgn(path: std::path::PathBuf, rows: usize) -> PyResult<PgnReader> {
    let file = File::open(&path)
        .map_err(|e| PyIOError::new_err(format!("{}: {e}", path.display())))?;
    Ok(PgnReader {
        batches: PgnBatches::new(file, rows),
    })
}

/// Game databases ruled by the Laws of Chess: Arrow batches in and out.
#[pymodule]
#[pyo3(name = "chess_arbiter")]
fn chess_arbiter_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rule_batch, m)?)?;
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    m.add_class::<PgnReader>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
