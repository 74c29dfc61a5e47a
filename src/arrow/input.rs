//! The input columns [`rule_batch`](super::rule_batch) reads (text of any
//! of Arrow's string types, read row by row) and the tags it makes of them.

use super::arrow_array::cast::AsArray;
use super::arrow_array::{Array, LargeStringArray, RecordBatch, StringArray, StringViewArray};
use super::arrow_schema::{ArrowError, DataType};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

/// A text column of any of Arrow's string types, dictionary-encoded or
/// not, or a column of the Null type (all null).
pub(super) enum Texts<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
    Null,
    Dictionary {
        keys: &'a dyn Array,
        /// The keys as indexes into `values` (any value for a null key).
        index: Vec<usize>,
        values: Box<Texts<'a>>,
        len: usize,
    },
}

impl<'a> Texts<'a> {
    pub(super) fn of(batch: &'a RecordBatch, name: &str) -> Result<Option<Texts<'a>>, ArrowError> {
        match batch.column_by_name(name) {
            None => Ok(None),
            Some(column) => Texts::of_array(column.as_ref(), name).map(Some),
        }
    }

    fn of_array(column: &'a dyn Array, name: &str) -> Result<Texts<'a>, ArrowError> {
        let any = column.as_any();
        let texts = if let Some(a) = any.downcast_ref::<StringArray>() {
            Texts::Utf8(a)
        } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
            Texts::Large(a)
        } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
            Texts::View(a)
        } else if *column.data_type() == DataType::Null {
            Texts::Null
        } else if let Some(dictionary) = column
            .as_any_dictionary_opt()
            .filter(|d| is_string_type(d.values().data_type()))
        {
            let values = dictionary.values();
            Texts::Dictionary {
                keys: dictionary.keys(),
                index: dictionary.normalized_keys(),
                values: Box::new(Texts::of_array(values.as_ref(), name)?),
                len: values.len(),
            }
        } else {
            return Err(ArrowError::InvalidArgumentError(alloc::format!(
                "column {name:?} is {}, not a string type (Utf8, LargeUtf8 or Utf8View, \
                 dictionary-encoded or not, or Null)",
                column.data_type()
            )));
        };
        Ok(texts)
    }

    pub(super) fn get(&self, row: usize) -> Option<&'a str> {
        match self {
            Texts::Utf8(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::Large(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::View(a) => a.is_valid(row).then(|| a.value(row)),
            Texts::Null => None,
            Texts::Dictionary {
                keys,
                index,
                values,
                len,
            } => {
                let k = *index.get(row)?;
                if keys.is_null(row) || k >= *len {
                    return None;
                }
                values.get(k)
            }
        }
    }
}

fn is_string_type(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View)
}

pub(super) fn text_at<'a>(texts: &Option<Texts<'a>>, row: usize) -> Option<&'a str> {
    texts.as_ref().and_then(|t| t.get(row))
}

/// Appends `[name "value"]` and a line end, escaping the value (a line
/// break in it becomes a blank).
pub(super) fn push_tag(text: &mut String, name: &str, value: &str) {
    text.push('[');
    text.push_str(name);
    text.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                text.push('\\');
                text.push(c);
            }
            '\n' | '\r' => text.push(' '),
            _ => text.push(c),
        }
    }
    text.push_str("\"]\n");
}
