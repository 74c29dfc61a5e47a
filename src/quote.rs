//! Input quoted in error texts: at most [`MAX`] characters of it, so that a
//! huge token never makes a huge message.

use alloc::string::String;

/// How many characters of an input an error keeps.
pub(crate) const MAX: usize = 60;

/// `text`, or its first [`MAX`] characters and `…` when it is longer.
pub(crate) fn bounded(text: &str) -> String {
    match text.char_indices().nth(MAX) {
        None => String::from(text),
        Some((end, _)) => {
            let mut out = String::with_capacity(end + 3);
            out.push_str(&text[..end]);
            out.push('…');
            out
        }
    }
}

/// [`bounded`] for bytes that may not be UTF-8 (invalid parts read as
/// U+FFFD).
pub(crate) fn bounded_bytes(bytes: &[u8]) -> String {
    // Four bytes a character at most: cut before decoding a huge input.
    let cut = &bytes[..bytes.len().min(MAX * 4 + 4)];
    let text = String::from_utf8_lossy(cut);
    if cut.len() < bytes.len() && text.chars().count() <= MAX {
        let mut out = text.into_owned();
        out.push('…');
        return out;
    }
    bounded(&text)
}
