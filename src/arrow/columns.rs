//! The ruling columns: their fields and the builders that fill them, one
//! row per game record.

use super::arrow_array::ArrayRef;
use super::arrow_array::builder::{BooleanBuilder, StringBuilder, UInt32Builder};
use super::arrow_schema::{DataType, Field};
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

/// The ruling of one game record: what [`rule_batch`](super::rule_batch)
/// and [`PgnBatches`](super::PgnBatches) write in the columns of
/// [`ruled_schema`](super::ruled_schema).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Ruling {
    pub(super) error: Option<String>,
    pub(super) plies: Option<u32>,
    pub(super) end_ply: Option<u32>,
    pub(super) termination: Option<&'static str>,
    pub(super) ruled_result: Option<&'static str>,
    pub(super) final_fen: Option<String>,
    pub(super) disagrees: bool,
}

pub(super) fn ruled_fields() -> Vec<Field> {
    alloc::vec![
        Field::new("valid", DataType::Boolean, false),
        Field::new("error", DataType::Utf8, true),
        Field::new("plies", DataType::UInt32, true),
        Field::new("end_ply", DataType::UInt32, true),
        Field::new("termination", DataType::Utf8, true),
        Field::new("ruled_result", DataType::Utf8, true),
        Field::new("final_fen", DataType::Utf8, true),
        Field::new("disagrees", DataType::Boolean, false),
    ]
}

/// The ruling columns being built.
pub(super) struct RulingColumns {
    valid: BooleanBuilder,
    pub(super) error: StringBuilder,
    pub(super) plies: UInt32Builder,
    pub(super) end_ply: UInt32Builder,
    pub(super) termination: StringBuilder,
    pub(super) ruled_result: StringBuilder,
    pub(super) final_fen: StringBuilder,
    pub(super) disagrees: BooleanBuilder,
}

impl RulingColumns {
    pub(super) fn with_capacity(rows: usize) -> RulingColumns {
        RulingColumns {
            valid: BooleanBuilder::with_capacity(rows),
            error: StringBuilder::with_capacity(rows, 0),
            plies: UInt32Builder::with_capacity(rows),
            end_ply: UInt32Builder::with_capacity(rows),
            termination: StringBuilder::with_capacity(rows, rows * 9),
            ruled_result: StringBuilder::with_capacity(rows, rows * 3),
            final_fen: StringBuilder::with_capacity(rows, rows * 48),
            disagrees: BooleanBuilder::with_capacity(rows),
        }
    }

    pub(super) fn push(&mut self, r: &Ruling) {
        self.valid.append_value(r.error.is_none());
        self.error.append_option(r.error.as_deref());
        self.plies.append_option(r.plies);
        self.end_ply.append_option(r.end_ply);
        self.termination.append_option(r.termination);
        self.ruled_result.append_option(r.ruled_result);
        self.final_fen.append_option(r.final_fen.as_deref());
        self.disagrees.append_value(r.disagrees);
    }

    pub(super) fn finish(mut self) -> Vec<ArrayRef> {
        alloc::vec![
            Arc::new(self.valid.finish()) as ArrayRef,
            Arc::new(self.error.finish()),
            Arc::new(self.plies.finish()),
            Arc::new(self.end_ply.finish()),
            Arc::new(self.termination.finish()),
            Arc::new(self.ruled_result.finish()),
            Arc::new(self.final_fen.finish()),
            Arc::new(self.disagrees.finish()),
        ]
    }
}
