//!
//! Game databases as [Arrow](https://arrow.apache.org) record batches, for
//! the engines that run them on many machines (Spark, Ray, DataFusion,
//! Dask, Polars): [`rule_batch`](crate::arrow::rule_batch) rules a batch of
//! game records (the lichess Parquet export's columns),
//! [`PgnBatches`](crate::arrow::PgnBatches) reads a PGN file as batches.
//! Each call is single-threaded: the engines parallelise.
//!
//! Every row gets the ruling of the Laws of Chess (the columns of
//! [`ruled_schema`](crate::arrow::ruled_schema)): whether the record reads
//! (`valid`, `error`), its plies, where and how the Laws ended the game
//! (`end_ply`, `termination`: checkmate, stalemate, insufficient material,
//! a dead position, fivefold repetition, the 75-move rule, or a flag fall
//! ruled by FIDE 6.9), the result the Laws give (`ruled_result`), the final
//! position and whether the recorded result disagrees with the Laws
//! (`disagrees`).
//!
//! ```
//! # use chess_arbiter::arrow::{arrow_array, arrow_schema};
//! use std::sync::Arc;
//! use arrow_array::{Array, ArrayRef, BooleanArray, RecordBatch, StringArray, UInt32Array};
//! use chess_arbiter::arrow::rule_batch;
//!
//! let movetext = StringArray::from(vec![
//!     Some("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
//!     Some("1. f3 e5 2. g4 Qh4# 1-0"),
//!     Some("1. e4 Ke7 *"),
//!     None,
//! ]);
//! let batch = RecordBatch::try_from_iter([("movetext", Arc::new(movetext) as ArrayRef)])?;
//! let ruled = rule_batch(&batch)?;
//! assert_eq!(ruled.num_rows(), 4);
//! let valid = ruled.column_by_name("valid").unwrap().as_any().downcast_ref::<BooleanArray>().unwrap();
//! let disagrees = ruled.column_by_name("disagrees").unwrap().as_any().downcast_ref::<BooleanArray>().unwrap();
//! let result = ruled.column_by_name("ruled_result").unwrap().as_any().downcast_ref::<StringArray>().unwrap();
//! let end = ruled.column_by_name("end_ply").unwrap().as_any().downcast_ref::<UInt32Array>().unwrap();
//! assert_eq!((valid.value(0), result.value(0), end.value(0), disagrees.value(0)), (true, "1-0", 7, false));
//! // Black mated, the record says White won.
//! assert_eq!((result.value(1), disagrees.value(1)), ("0-1", true));
//! // An illegal move, and no movetext at all: rows with `valid = false`.
//! assert!(!valid.value(2) && !valid.value(3));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! # Which arrow
//!
//! Each arrow major has its feature: `arrow-57`, `arrow-58`, `arrow-59`,
//! `arrow-60`, and `arrow` is the newest (`arrow-60`). A program whose build
//! has `arrow-array = "59"` (directly or through another crate) takes the
//! crate with `features = ["arrow-59"]` and gets its batches in that same
//! arrow, with no change to its `Cargo.lock`. When several of these
//! features are enabled (`--all-features`), the newest major is the one
//! used. The arrow crates in use are re-exported as
//! [`arrow_array`](crate::arrow::arrow_array) and
//! [`arrow_schema`](crate::arrow::arrow_schema). arrow 57 to 59 build with
//! the crate's minimum Rust (1.85); arrow 60 needs Rust 1.88.

#[cfg(all(
    feature = "arrow-57",
    not(any(feature = "arrow-58", feature = "arrow-59", feature = "arrow-60"))
))]
pub use {arrow_array_57 as arrow_array, arrow_schema_57 as arrow_schema};
#[cfg(all(
    feature = "arrow-58",
    not(any(feature = "arrow-59", feature = "arrow-60"))
))]
pub use {arrow_array_58 as arrow_array, arrow_schema_58 as arrow_schema};
#[cfg(all(feature = "arrow-59", not(feature = "arrow-60")))]
pub use {arrow_array_59 as arrow_array, arrow_schema_59 as arrow_schema};
#[cfg(feature = "arrow-60")]
pub use {arrow_array_60 as arrow_array, arrow_schema_60 as arrow_schema};

mod columns;
mod input;
mod rule;

use crate::pgn::{PgnErrorKind, Reader};
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use arrow_array::builder::{MapBuilder, MapFieldNames, StringBuilder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch, RecordBatchOptions};
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema, SchemaRef};
use columns::{Ruling, RulingColumns, ruled_fields};
use input::{Texts, push_tag, text_at};
use rule::{error_text, rule_error, rule_game, rule_record};
use std::io::Read;

/// The schema of the rulings: one row per game record.
///
/// | column | type | |
/// |---|---|---|
/// | `valid` | Boolean | the record reads: every mainline move is legal |
/// | `error` | Utf8 | why it does not (null when valid) |
/// | `plies` | UInt32 | moves of the record's main line (with moves after the game's end); for a record that does not read, the moves read before the error (null when none could be) |
/// | `end_ply` | UInt32 | the ply after which the Laws ended the game (0: before any move), or null |
/// | `termination` | Utf8 | how: `checkmate`, `stalemate`, `insufficient_material`, `dead_position`, `fivefold_repetition`, `seventyfive_moves`, `timeout`, `timeout_draw`, or null |
/// | `ruled_result` | Utf8 | `1-0`, `0-1` or `1/2-1/2` as the Laws give it; null when they leave it to the record (resignation, agreement, an unfinished game) |
/// | `final_fen` | Utf8 | the position after the record's last mainline move (for a record ending in moves after checkmate or stalemate: that position) |
/// | `disagrees` | Boolean | the record disagrees with the Laws: its result is not the ruled one, or it goes on after the game's end |
///
/// A `Termination` of `Time forfeit` is a flag fall (FIDE 6.9) of the side
/// the result names as loser (of the side to move when the result is a
/// draw or unknown): `timeout` when the opponent can still checkmate,
/// `timeout_draw` when it cannot
/// ([`Position::winnability`](crate::Position::winnability)). A recorded
/// result `*` disagrees with nothing.
///
/// ```
/// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
/// use chess_arbiter::arrow::ruled_schema;
/// let schema = ruled_schema();
/// let names: Vec<_> = schema.fields().iter().map(|f| f.name().as_str()).collect();
/// assert_eq!(names, ["valid", "error", "plies", "end_ply", "termination", "ruled_result", "final_fen", "disagrees"]);
/// ```
pub fn ruled_schema() -> SchemaRef {
    Arc::new(Schema::new(ruled_fields()))
}

/// Rules every game record of `batch`: one row per input row, in order,
/// with the input's columns (any type, untouched: a game's id stays beside
/// its ruling) followed by the columns of [`ruled_schema`]. An input column
/// named like one of those is left out: the new ruling replaces it.
/// `ruled.project(&(n - 8..n).collect::<Vec<_>>())`, `n` being the output's
/// number of columns, keeps the rulings alone.
///
/// Columns read by name: `movetext` (required: the PGN movetext, as the
/// lichess Parquet export has it, without tags; a null is a row with
/// `valid = false`) and, when present, `Result` (the recorded result; else
/// the movetext's result token), `Termination` (`Time forfeit`: a flag
/// fall, FIDE 6.9), `FEN` (the start position) and `Variant`
/// (`Chess960`). Each may be Utf8, LargeUtf8 or Utf8View, or a dictionary
/// of one of those; a column of the Null type (what an all-null column
/// often is) is a column of nulls. Each record is
/// read as [`Reader`] reads a game made of those tags and the movetext.
/// No record makes it panic, and no row is lost.
///
/// # Errors
///
/// The batch has no `movetext` column, or one of the columns above is not
/// of a string type (nor Null).
///
/// ```
/// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
/// use std::sync::Arc;
/// use arrow_array::{ArrayRef, RecordBatch, StringArray};
/// use arrow_array::cast::AsArray;
/// use chess_arbiter::arrow::rule_batch;
///
/// // Black's flag fell, but White has a lone king: a draw (FIDE 6.9).
/// let batch = RecordBatch::try_from_iter([
///     ("movetext", Arc::new(StringArray::from(vec!["1. Kb1 Kb4 1-0"])) as ArrayRef),
///     ("Result", Arc::new(StringArray::from(vec!["1-0"])) as ArrayRef),
///     ("Termination", Arc::new(StringArray::from(vec!["Time forfeit"])) as ArrayRef),
///     ("FEN", Arc::new(StringArray::from(vec!["8/8/8/2k5/8/8/7q/K7 w - - 0 1"])) as ArrayRef),
/// ])?;
/// let ruled = rule_batch(&batch)?;
/// let column = |name| ruled.column_by_name(name).unwrap().as_string::<i32>().value(0).to_string();
/// assert_eq!(column("termination"), "timeout_draw");
/// assert_eq!(column("ruled_result"), "1/2-1/2");
/// assert!(ruled.column_by_name("disagrees").unwrap().as_boolean().value(0));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub fn rule_batch(batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
    let Some(movetext) = Texts::of(batch, "movetext")? else {
        return Err(ArrowError::SchemaError(String::from(
            "the batch has no \"movetext\" column",
        )));
    };
    let result = Texts::of(batch, "Result")?;
    let termination = Texts::of(batch, "Termination")?;
    let fen = Texts::of(batch, "FEN")?;
    let variant = Texts::of(batch, "Variant")?;
    let rows = batch.num_rows();
    let mut out = RulingColumns::with_capacity(rows);
    let mut text = String::new();
    for row in 0..rows {
        let ruling = match movetext.get(row) {
            None => Ruling {
                error: Some(String::from("no movetext (null)")),
                ..Ruling::default()
            },
            Some(movetext) => {
                let fen = text_at(&fen, row).filter(|f| !f.trim().is_empty());
                let variant = text_at(&variant, row).filter(|v| !v.trim().is_empty());
                let record: &str =
                    if fen.is_none() && variant.is_none() {
                        movetext
                    } else {
                        text.clear();
                        if let Some(variant) = variant {
                            push_tag(&mut text, "Variant", variant);
                        }
                        if let Some(fen) = fen {
                            push_tag(&mut text, "SetUp", "1");
                            push_tag(&mut text, "FEN", fen);
                        }
                        text.push('\n');
                        // Blank lines or a byte-order mark before the moves
                        // would end the tags' game: the movetext starts after them.
                        text.push_str(movetext.trim_start_matches(|c: char| {
                            c == '\u{feff}' || c.is_ascii_whitespace()
                        }));
                        &text
                    };
                rule_record(
                    record.as_bytes(),
                    text_at(&result, row),
                    text_at(&termination, row),
                )
            }
        };
        out.push(&ruling);
    }
    // The input's columns first (those named like a ruling column are
    // replaced by it), then the rulings.
    let ruled = ruled_fields();
    let mut fields = Vec::new();
    let mut columns = Vec::new();
    let schema = batch.schema_ref();
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        if !ruled.iter().any(|f| f.name() == field.name()) {
            fields.push(Arc::clone(field));
            columns.push(Arc::clone(column));
        }
    }
    fields.extend(ruled.into_iter().map(Arc::new));
    columns.extend(out.finish());
    let schema = Schema::new_with_metadata(fields, schema.metadata().clone());
    let options = RecordBatchOptions::new().with_row_count(Some(rows));
    RecordBatch::try_new_with_options(Arc::new(schema), columns, &options)
}

/// The tags of a game that does not read, as [`crate::pgn::visit`] finds
/// them.
#[derive(Default)]
struct Tags(Vec<(String, String)>);

impl Tags {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl crate::pgn::Visitor for Tags {
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.0
            .push((String::from(name), crate::pgn::unescape(value).into_owned()));
        Ok(())
    }

    fn skip_movetext(&mut self) -> bool {
        true
    }
}

/// The Seven Tag Roster: Utf8 columns of [`PgnBatches`].
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Reads PGN games as Arrow record batches of at most `rows` games each:
/// an [`Iterator`] of `Result<RecordBatch, ArrowError>`.
///
/// Columns: the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`,
/// `White`, `Black`, `Result`) as Utf8 (null when the tag is missing),
/// `tags`: Map<Utf8, Utf8> with the other tags in order, `movetext`: Utf8
/// (the text after the tags, as written), `byte_offset`: UInt64 (where
/// the game's text starts in the input; seeking a [`Reader`] there reads it
/// first), then the columns of [`ruled_schema`]. Every game is a row, one
/// that does not read too (`valid = false`). Games are cut as [`Reader`]
/// cuts them and each is read and ruled as [`rule_batch`] rules a record
/// with its `Result`, `Termination`, `FEN` and `Variant`; memory holds one
/// batch.
///
/// ```
/// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
/// use arrow_array::cast::AsArray;
/// use arrow_array::types::UInt64Type;
/// use chess_arbiter::arrow::PgnBatches;
///
/// let pgn = "[White \"A\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 Ke7 *\n";
/// let batches: Vec<_> = PgnBatches::new(pgn.as_bytes(), 1024).collect::<Result<_, _>>()?;
/// let batch = &batches[0];
/// assert_eq!(batch.num_rows(), 2);
/// assert_eq!(batch.column_by_name("White").unwrap().as_string::<i32>().value(0), "A");
/// assert_eq!(batch.column_by_name("byte_offset").unwrap().as_primitive::<UInt64Type>().value(1), 53);
/// assert_eq!(batch.column_by_name("termination").unwrap().as_string::<i32>().value(0), "checkmate");
/// assert!(!batch.column_by_name("valid").unwrap().as_boolean().value(1));
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
pub struct PgnBatches<R> {
    reader: Reader<R>,
    rows: usize,
    schema: SchemaRef,
    done: bool,
    /// An error reading the input, reported after the games read before it.
    failed: Option<std::io::Error>,
}

/// The most games a batch of [`PgnBatches`] holds: a larger `rows` is
/// taken as this one.
///
/// ```
/// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
/// assert_eq!(chess_arbiter::arrow::MAX_BATCH_ROWS, 1 << 20);
/// ```
pub const MAX_BATCH_ROWS: usize = 1 << 20;

/// Rows allocated before a batch's first game: a batch grows as games
/// come, so a large `rows` costs nothing for a short input.
const FIRST_ROWS: usize = 1024;

impl<R: Read> PgnBatches<R> {
    /// Batches of at most `rows` games read from `read` (buffered
    /// internally). `rows` is clamped to 1 ..= [`MAX_BATCH_ROWS`]: 0 is
    /// taken as 1 and any larger count as [`MAX_BATCH_ROWS`]; nothing is
    /// allocated for the rows before games are read.
    ///
    /// ```
    /// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
    /// use chess_arbiter::arrow::PgnBatches;
    /// let pgn = "1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
    /// let sizes: Vec<usize> = PgnBatches::new(pgn.as_bytes(), 2).map(|b| b.unwrap().num_rows()).collect();
    /// assert_eq!(sizes, [2, 1]);
    /// ```
    pub fn new(read: R, rows: usize) -> PgnBatches<R> {
        PgnBatches {
            reader: Reader::new(read),
            rows: rows.clamp(1, MAX_BATCH_ROWS),
            schema: pgn_schema(),
            done: false,
            failed: None,
        }
    }

    /// The schema of every batch.
    ///
    /// ```
    /// # use chess_arbiter::arrow::{arrow_array, arrow_schema};
    /// use chess_arbiter::arrow::PgnBatches;
    /// let batches = PgnBatches::new(&b""[..], 10);
    /// assert_eq!(batches.schema().field(0).name(), "Event");
    /// assert!(batches.schema().field_with_name("disagrees").is_ok());
    /// ```
    pub fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }

    fn batch(&mut self) -> Result<Option<RecordBatch>, ArrowError> {
        let mut roster: [StringBuilder; 7] = core::array::from_fn(|_| StringBuilder::new());
        let mut tags = MapBuilder::new(
            Some(map_names()),
            StringBuilder::new(),
            StringBuilder::new(),
        );
        let mut movetext = StringBuilder::new();
        let mut offsets = UInt64Builder::new();
        let mut ruled = RulingColumns::with_capacity(self.rows.min(FIRST_ROWS));
        let mut count = 0;
        if let Some(e) = self.failed.take() {
            return Err(ArrowError::from(e));
        }
        while count < self.rows {
            // Games are cut and read by the reader itself: the rows are its games.
            let record = match self.reader.next_record(true) {
                None => break,
                Some(Ok(record)) => record,
                // The games read before the failure are kept: this batch
                // ends with them, the next reports the error.
                Some(Err(e)) if count > 0 => {
                    self.failed = Some(e);
                    break;
                }
                Some(Err(e)) => return Err(ArrowError::from(e)),
            };
            count += 1;
            let text = record.text;
            let mut found = Tags::default();
            let ruling = match &record.game {
                Ok(game) => rule_game(game, game.tag("Result"), game.tag("Termination")),
                Err(e) => {
                    // The tags alone, read without the rest.
                    let _ = crate::pgn::visit(&text[..record.movetext], &mut found);
                    rule_error(text, &error_text(e), found.get("Result"))
                }
            };
            let all: Vec<(&str, &str)> = match &record.game {
                Ok(game) => game.tags().collect(),
                Err(_) => found
                    .0
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect(),
            };
            // A roster tag's column holds its first value; any other value
            // (a tag given twice) goes with the other tags.
            let mut in_column = [false; 7];
            for (name, column) in ROSTER.iter().zip(roster.iter_mut()) {
                column.append_option(all.iter().find(|(n, _)| n == name).map(|(_, v)| *v));
            }
            for (name, value) in &all {
                if let Some(k) = ROSTER.iter().position(|r| r == name) {
                    if !in_column[k] {
                        in_column[k] = true;
                        continue;
                    }
                }
                tags.keys().append_value(name);
                tags.values().append_value(value);
            }
            tags.append(true)?;
            let body = String::from_utf8_lossy(&text[record.movetext..]);
            movetext.append_value(body.trim());
            offsets.append_value(record.offset);
            ruled.push(&ruling);
        }
        if count == 0 {
            return Ok(None);
        }
        let mut columns: Vec<ArrayRef> = roster
            .iter_mut()
            .map(|c| Arc::new(c.finish()) as ArrayRef)
            .collect();
        columns.push(Arc::new(tags.finish()));
        columns.push(Arc::new(movetext.finish()));
        columns.push(Arc::new(offsets.finish()));
        columns.extend(ruled.finish());
        RecordBatch::try_new(Arc::clone(&self.schema), columns).map(Some)
    }
}

impl<R: Read> Iterator for PgnBatches<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let batch = self.batch().transpose();
        if !matches!(batch, Some(Ok(_))) && self.failed.is_none() {
            self.done = true;
        }
        batch
    }
}

fn map_names() -> MapFieldNames {
    MapFieldNames {
        entry: String::from("entries"),
        key: String::from("keys"),
        value: String::from("values"),
    }
}

fn pgn_schema() -> SchemaRef {
    let mut fields: Vec<Field> = ROSTER
        .iter()
        .map(|name| Field::new(*name, DataType::Utf8, true))
        .collect();
    let names = map_names();
    let entries = Field::new(
        names.entry,
        DataType::Struct(Fields::from(alloc::vec![
            Field::new(names.key, DataType::Utf8, false),
            Field::new(names.value, DataType::Utf8, true),
        ])),
        false,
    );
    fields.push(Field::new(
        "tags",
        DataType::Map(Arc::new(entries), false),
        false,
    ));
    fields.push(Field::new("movetext", DataType::Utf8, false));
    fields.push(Field::new("byte_offset", DataType::UInt64, false));
    fields.extend(ruled_fields());
    Arc::new(Schema::new(fields))
}
