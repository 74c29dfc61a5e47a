//! The Python module `chess_arbiter`: Arrow batches of games ruled by the
//! Laws of Chess (the crate's `arrow` feature), for Ray, Spark, Polars and
//! anything else that speaks the Arrow PyCapsule interface.

use std::fs::File;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::{Array, RecordBatch, RecordBatchOptions, StructArray};
use arrow_schema::{ArrowError, Field, FieldRef, Schema, SchemaRef};
use chess_arbiter::arrow::{MAX_BATCH_ROWS, PgnBatches, ruled_schema};
use pyo3::exceptions::{PyIOError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use pyo3_arrow::input::AnyRecordBatch;
use pyo3_arrow::{PyRecordBatch, PyTable};

fn value_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The names of the columns `rule_batch` reads, and the input columns it
/// keeps (indexes into the input schema).
struct Columns<'a> {
    movetext: &'a str,
    result: &'a str,
    termination: &'a str,
    keep: Vec<usize>,
    /// The kept fields, then the rulings'.
    output: SchemaRef,
}

impl<'a> Columns<'a> {
    fn new(
        input: &Schema,
        movetext: &'a str,
        result: &'a str,
        termination: &'a str,
        keep: Option<Vec<String>>,
    ) -> PyResult<Columns<'a>> {
        if input.index_of(movetext).is_err() {
            return Err(PyValueError::new_err(format!(
                "the batch has no {movetext:?} column (its columns: {:?})",
                input.fields().iter().map(|f| f.name()).collect::<Vec<_>>()
            )));
        }
        let ruled = ruled_schema();
        let is_ruling = |name: &str| ruled.fields().iter().any(|f| f.name() == name);
        let keep: Vec<usize> = match keep {
            None => (0..input.fields().len())
                .filter(|&i| !is_ruling(input.field(i).name()))
                .collect(),
            Some(names) => names
                .iter()
                .map(|name| {
                    if is_ruling(name) {
                        return Err(PyValueError::new_err(format!(
                            "keep names {name:?}, a column of the rulings"
                        )));
                    }
                    input.index_of(name).map_err(|_| {
                        PyValueError::new_err(format!(
                            "keep names {name:?}: the batch has no such column"
                        ))
                    })
                })
                .collect::<PyResult<_>>()?,
        };
        let fields: Vec<FieldRef> = keep
            .iter()
            .map(|&i| Arc::clone(&input.fields()[i]))
            .chain(ruled.fields().iter().cloned())
            .collect();
        Ok(Columns {
            movetext,
            result,
            termination,
            keep,
            output: Arc::new(Schema::new_with_metadata(fields, input.metadata().clone())),
        })
    }

    /// The columns the crate reads, under the names it reads them by.
    fn renamed(&self, batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
        let schema = batch.schema();
        let mut fields = Vec::new();
        let mut columns = Vec::new();
        let wanted = [
            (self.movetext, "movetext"),
            (self.result, "Result"),
            (self.termination, "Termination"),
            ("FEN", "FEN"),
            ("Variant", "Variant"),
        ];
        for (given, name) in wanted {
            if let Ok(i) = schema.index_of(given) {
                fields.push(Field::new(name, schema.field(i).data_type().clone(), true));
                columns.push(Arc::clone(batch.column(i)));
            }
        }
        let options = RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
        RecordBatch::try_new_with_options(Arc::new(Schema::new(fields)), columns, &options)
    }

    /// Checks `batch` against the input's schema and validates its data
    /// (offsets, UTF-8), then rules it and keeps the columns asked for.
    fn rule(&self, batch: &RecordBatch, input: &Schema) -> Result<RecordBatch, ArrowError> {
        check(batch, input)?;
        let ruled = chess_arbiter::arrow::rule_batch(&self.renamed(batch)?)?;
        let n = ruled.num_columns();
        let rulings = ruled_schema().fields().len();
        let columns = self
            .keep
            .iter()
            .map(|&i| Arc::clone(batch.column(i)))
            .chain(ruled.columns()[n - rulings..].iter().cloned())
            .collect();
        let options = RecordBatchOptions::new().with_row_count(Some(batch.num_rows()));
        RecordBatch::try_new_with_options(Arc::clone(&self.output), columns, &options)
    }
}

/// A batch imported through the C data interface is trusted by nothing:
/// its types must be the declared ones and its buffers must hold what
/// they say (offsets in bounds, UTF-8 text), or it is an error.
fn check(batch: &RecordBatch, declared: &Schema) -> Result<(), ArrowError> {
    let fields = batch.schema_ref().fields();
    if fields.len() != declared.fields().len()
        || fields
            .iter()
            .zip(declared.fields())
            .any(|(a, b)| a.name() != b.name() || a.data_type() != b.data_type())
    {
        return Err(ArrowError::SchemaError(format!(
            "a batch does not have the stream's schema: {} instead of {}",
            batch.schema_ref(),
            declared
        )));
    }
    StructArray::from(batch.clone())
        .to_data()
        .validate_full()
        .map_err(|e| {
            ArrowError::InvalidArgumentError(format!("a batch is not valid Arrow data: {e}"))
        })
}

/// Runs an import that the arrow crates may abort with a panic when the
/// producer's buffers do not match the declared types (a C stream cannot
/// tell); the panic becomes an error instead of taking the caller down.
fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, ArrowError>) -> Result<T, ArrowError> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| {
        Err(ArrowError::CDataInterface(format!(
            "{what}: the data does not match its declared schema"
        )))
    })
}

const NOT_A_BATCH: &str = "rule_batch takes a record batch, a table or a stream of record \
    batches (an Arrow object with named columns: pyarrow.RecordBatch, pyarrow.Table, a polars \
    DataFrame), not an array; make one with pyarrow.record_batch({'movetext': array})";

fn not_a_batch(obj: &Bound<'_, PyAny>, why: Option<&PyErr>) -> PyErr {
    let type_name = obj
        .get_type()
        .name()
        .map_or_else(|_| String::from("?"), |n| n.to_string());
    match why {
        Some(e) => PyTypeError::new_err(format!("{NOT_A_BATCH}; got {type_name}: {e}")),
        None => PyTypeError::new_err(format!("{NOT_A_BATCH}; got {type_name}")),
    }
}

/// rule_batch(batch, movetext="movetext", result="Result", termination="Termination", keep=None)
/// --
///
/// Rules every game record of an Arrow batch (any object with
/// `__arrow_c_array__` or `__arrow_c_stream__`: pyarrow, polars, arro3):
/// one row per input row, in order, with the input's columns (or those
/// named in `keep`, in that order; `keep=[]` for none) followed by valid,
/// error, plies, end_ply, termination, ruled_result, final_fen and
/// disagrees. The movetext, result and termination columns are found by
/// the names given; "FEN" and "Variant" by theirs. Each may be a string
/// column of any kind, dictionary-encoded or not, or all-null. Every batch
/// is validated before use (ValueError when it does not hold what its
/// schema says). Returns a pyarrow.RecordBatch, or a pyarrow.Table when
/// given a table or a stream. The GIL is released while the games are
/// ruled.
#[pyfunction]
#[pyo3(signature = (batch, movetext="movetext", result="Result", termination="Termination", keep=None))]
fn rule_batch<'py>(
    py: Python<'py>,
    batch: &Bound<'py, PyAny>,
    movetext: &str,
    result: &str,
    termination: &str,
    keep: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyAny>> {
    let has = |name: &str| batch.hasattr(name).unwrap_or(false);
    if !has("__arrow_c_array__") && !has("__arrow_c_stream__") {
        return Err(not_a_batch(batch, None));
    }
    let imported = guarded("importing the batch", || {
        Ok(batch.extract::<AnyRecordBatch>())
    })
    .map_err(value_error)?
    .map_err(|e| not_a_batch(batch, Some(&e)))?;
    match imported {
        AnyRecordBatch::RecordBatch(batch) => {
            let batch = batch.into_inner();
            let input = batch.schema();
            let columns = Columns::new(&input, movetext, result, termination, keep)?;
            let ruled = py
                .detach(|| columns.rule(&batch, &input))
                .map_err(value_error)?;
            PyRecordBatch::new(ruled).into_pyarrow(py)
        }
        AnyRecordBatch::Stream(stream) => {
            let mut reader = stream.into_reader()?;
            let input = reader.schema();
            let columns = Columns::new(&input, movetext, result, termination, keep)?;
            let ruled = py
                .detach(|| {
                    let mut ruled = Vec::new();
                    while let Some(batch) = guarded("reading a batch of the stream", || {
                        reader.next().transpose()
                    })? {
                        ruled.push(columns.rule(&batch, &input)?);
                    }
                    Ok(ruled)
                })
                .map_err(value_error)?;
            PyTable::try_new(ruled, Arc::clone(&columns.output))?.into_pyarrow(py)
        }
    }
}

/// Games a batch of `read_pgn` holds when not told.
const DEFAULT_ROWS: usize = 65536;

/// `rows` of `read_pgn`: an int from 1 to MAX_BATCH_ROWS, checked before
/// anything is allocated.
fn batch_rows(rows: &Bound<'_, PyAny>) -> PyResult<usize> {
    if !rows.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "rows must be an int, not {}",
            rows.get_type().name()?
        )));
    }
    rows.extract::<u64>()
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| (1..=MAX_BATCH_ROWS).contains(n))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "rows must be from 1 to {MAX_BATCH_ROWS} (MAX_BATCH_ROWS), not {rows}"
            ))
        })
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
/// Reads a PGN file (a str, bytes or os.PathLike path) as
/// pyarrow.RecordBatches of at most `rows` games (1 to MAX_BATCH_ROWS,
/// else ValueError): the Seven Tag Roster, the other tags (a map), the
/// movetext, the byte offset, and the rulings of rule_batch. Every game is
/// a row, one that does not read too (valid is false). The file is opened
/// and read with the GIL released.
#[pyfunction]
#[pyo3(signature = (path, rows=None))]
fn read_pgn(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    rows: Option<&Bound<'_, PyAny>>,
) -> PyResult<PgnReader> {
    let rows = match rows {
        None => DEFAULT_ROWS,
        Some(rows) => batch_rows(rows)?,
    };
    // str, bytes (undecodable bytes kept) or os.PathLike, as open() takes.
    let path: PathBuf = py
        .import("os")?
        .call_method1("fsdecode", (path,))?
        .extract()?;
    // A FIFO without a writer blocks here: other threads go on.
    let file = py
        .detach(|| File::open(&path))
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
    m.add("MAX_BATCH_ROWS", MAX_BATCH_ROWS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
