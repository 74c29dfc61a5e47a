//! The tag section: tag lines read into names and values, the lines the
//! line splitter takes as tags, and the section read in bounds or in one
//! pass.

use super::super::error::{PgnError, PgnErrorKind};
use super::super::scan;
use super::utf8::Utf8;
use super::{Cursor, Driver, Place, Sink, Step, is_blank, is_blank_line, line_end, text_of};
use alloc::borrow::Cow;

/// A name character of a tag (PGN standard 8.1.1 and what files use).
#[inline(always)]
fn is_tag_name(b: u8) -> bool {
    TAG_NAME[b as usize]
}

/// [`is_tag_name`] as a table.
static TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] =
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        b += 1;
    }
    table
};

/// Reads `[Name "value"]` into the name and the raw value.
pub(crate) fn tag_line(line: &[u8]) -> Result<(&[u8], &[u8]), PgnErrorKind> {
    let Some(rest) = line.strip_prefix(b"[") else {
        return Err(PgnErrorKind::MalformedTag);
    };
    let name_len = rest.iter().take_while(|&&b| is_tag_name(b)).count();
    let (name, rest) = rest.split_at(name_len);
    let gap = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t'))
        .count();
    if name.is_empty() || gap == 0 {
        return Err(PgnErrorKind::MalformedTag);
    }
    let Some(body) = rest[gap..].strip_prefix(b"\"") else {
        return Err(PgnErrorKind::MalformedTag);
    };
    let mut end = body.len();
    while end > 0 && is_blank(body[end - 1]) {
        end -= 1;
    }
    // As readers in the wild do: the value runs to the last `"]` of the
    // line, or to the last one that only a comment follows (`{c}` or `; r`:
    // read as pgn-extract reads it, the comment dropped).
    let value = body[..end].strip_suffix(b"\"]").or_else(|| {
        let body = &body[..end];
        memchr::memmem::rfind_iter(body, b"\"]")
            .find(|&p| only_a_comment(&body[p + 2..]))
            .map(|p| &body[..p])
    });
    // (No CR can be inside: the line was cut at its first line end.)
    debug_assert!(!line.contains(&b'\r'));
    match value {
        Some(value) => Ok((name, value)),
        None => Err(PgnErrorKind::UnterminatedTag),
    }
}

/// A plain tag line, `[Name "value"]` with one space and nothing after
/// the `"]`, read as [`tag_line`] reads it: where the name ends and the
/// value starts (it ends two bytes before the line's end). `None` for any
/// other line ([`tag_line`] reads it).
#[inline]
fn plain_tag(line: &[u8]) -> Option<(usize, usize)> {
    if line.first() != Some(&b'[') {
        return None;
    }
    let mut n = 1;
    while line.get(n).is_some_and(|&b| is_tag_name(b)) {
        n += 1;
    }
    let plain = n > 1
        && line.get(n) == Some(&b' ')
        && line.get(n + 1) == Some(&b'"')
        && line.len() >= n + 4
        && line.ends_with(b"\"]");
    plain.then_some((n, n + 2))
}

/// Whether the rest of a tag line is a comment: `; ...`, or one `{...}`
/// closed on the line.
fn only_a_comment(rest: &[u8]) -> bool {
    let blanks = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t'))
        .count();
    let rest = &rest[blanks..];
    match rest.first() {
        Some(b';') => true,
        Some(b'{') => scan::find(rest, b'}') == Some(rest.len() - 1),
        _ => false,
    }
}

/// A tag line indented by spaces or tabs, without its indent (pgn-extract
/// reads it as a tag; python-chess as movetext).
pub(crate) fn indented_tag(line: &[u8]) -> Option<&[u8]> {
    let indent = line
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t'))
        .count();
    (indent > 0 && looks_like_tag(&line[indent..])).then(|| &line[indent..])
}

/// Whether a line opens with what can only be a tag pair: `[Name "`.
pub(crate) fn looks_like_tag(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else {
        return false;
    };
    let name_len = rest.iter().take_while(|&&b| is_tag_name(b)).count();
    let rest = &rest[name_len..];
    let gap = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t'))
        .count();
    name_len > 0 && gap > 0 && rest[gap..].starts_with(b"\"")
}

/// The tag section, its end known: every line before `movetext`.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(never)]
pub(super) fn known_tags<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    movetext: usize,
    visitor: &mut V,
) -> Result<(), PgnError> {
    let tags = &d.text[..movetext];
    let mut i = cur.i;
    while i < movetext {
        let end = scan::find2(&tags[i..], b'\n', b'\r').map_or(tags.len(), |p| i + p);
        tag_section_line(d, cur, utf8, i, &tags[i..end], visitor)?;
        i = line_end(d.text, end);
    }
    cur.i = i;
    cur.movetext = Some(movetext);
    Ok(())
}

/// The tag section in one pass: lines as the line splitter takes them (tag
/// lines, blank lines, `%` and `;` lines) up to the movetext's first line;
/// the game ends here when two blank lines come before a tag line, or
/// three in a row. `Some(More)` when the input at hand runs out.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(never)]
pub(super) fn open_tags<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    eof: bool,
    visitor: &mut V,
) -> Result<Option<Step>, PgnError> {
    let text = d.text;
    let mut i = cur.i;
    loop {
        if i >= text.len() {
            if !eof {
                cur.i = i;
                return Ok(Some(Step::More));
            }
            cur.end = Some(i);
            break;
        }
        // Most lines are plain tag pairs: read with no search for the line's
        // end first (the value's closing quote ends it), told by their first
        // byte before any other line.
        if text[i] == b'[' && cur.blanks < 2 {
            if let Some(plain) = plain_tag_line(text, i) {
                cur.blanks = 0;
                plain_tag_pair(
                    d,
                    cur,
                    utf8,
                    i,
                    plain.name_end,
                    plain.value_end,
                    true,
                    visitor,
                )?;
                cur.lines += 1;
                i = plain.next;
                continue;
            }
        }
        // A line that cannot be a tag, blank, `%` or `;` line starts the
        // movetext, told by its first byte: its end is not searched for (the
        // movetext's first line is often the whole movetext).
        if !matches!(
            text[i],
            b'[' | b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c | b'%' | b';'
        ) {
            break;
        }
        let (end, next) = match scan::find2(&text[i..], b'\n', b'\r') {
            Some(k) if text[i + k] == b'\n' => (i + k, i + k + 1),
            Some(k) if i + k + 1 < text.len() => {
                let lf = text[i + k + 1] == b'\n';
                (i + k, i + k + 1 + usize::from(lf))
            }
            Some(k) if eof => (i + k, i + k + 1),
            None if eof => (text.len(), text.len()),
            _ => {
                cur.i = i;
                return Ok(Some(Step::More));
            }
        };
        let line = &text[i..end];
        if line.first() == Some(&b'[') || indented_tag(line).is_some() {
            if cur.blanks >= 2 {
                cur.end = Some(i);
                break;
            }
            cur.blanks = 0;
            tag_section_line(d, cur, utf8, i, line, visitor)?;
        } else if is_blank_line(line) {
            cur.blanks += 1;
            if cur.blanks > 2 {
                cur.lines += u64::from(next > end);
                i = next;
                cur.end = Some(i);
                break;
            }
        } else if !matches!(line.first(), Some(b'%' | b';')) {
            break;
        }
        cur.lines += u64::from(next > end);
        i = next;
    }
    cur.i = i;
    cur.movetext = Some(i);
    Ok(None)
}

/// A line of the tag section (at `at` in the game's text): a tag pair, or
/// a blank, `%` or `;` line passed over. A plain tag pair, most lines, is
/// read in place (no call per line: that was a tenth of a tag's cost).
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(always)]
fn tag_section_line<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    at: Place,
    line: &'a [u8],
    visitor: &mut V,
) -> Result<(), PgnError> {
    if let Some((name_end, _)) = plain_tag(line) {
        let value_end = at + line.len() - 2;
        return plain_tag_pair(d, cur, utf8, at, at + name_end, value_end, false, visitor);
    }
    other_tag_section_line(d, cur, utf8, at, line, visitor)
}

/// A plain tag pair (as [`plain_tag`] reads it) at `at` in the game's
/// text: its name ends at `name_end` (the value starts two bytes after)
/// and its value at `value_end`. Sent to `visitor` when it is UTF-8
/// ([`Sink::tag_without_escape`] when `no_escape`: the value is known to
/// hold no `\\`), else read as any other line.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(always)]
#[allow(clippy::too_many_arguments)] // inlined into its two callers
fn plain_tag_pair<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    at: Place,
    name_end: usize,
    value_end: usize,
    no_escape: bool,
    visitor: &mut V,
) -> Result<(), PgnError> {
    let (name_len, value_start) = (name_end - at - 1, name_end - at + 1);
    let both = utf8
        .get(at + 1, value_end)
        .and_then(|pair| Some((pair, pair.get(..name_len)?, pair.get(value_start..)?)));
    if let Some((pair, name, value)) = both {
        if name == "FEN" {
            cur.fen_place = Some(at);
        }
        let told = if no_escape {
            visitor.tag_pair(pair, name, value)
        } else {
            visitor.tag(name, value)
        };
        return told.map_err(|k| d.error(at, k));
    }
    let line_end = value_end + 2;
    other_tag_section_line(d, cur, utf8, at, &d.text[at..line_end], visitor)
}

/// A plain tag line found without its line end at hand: where the name
/// ends and the value ends (indices in the text), and where the next line
/// starts.
struct PlainLine {
    name_end: usize,
    value_end: usize,
    next: usize,
}

/// The tag line at `i` when it is plain (`[Name "value"]`, one space, no
/// `"` or `\\` in the value) and ends right after its `"]` with `\n` or `\r\n`:
/// the value's end is its first `"`, found with no search for the line's
/// end first (none can come before it: a line end stops the search).
/// `None` for any other line (read as before).
#[inline(always)]
fn plain_tag_line(text: &[u8], i: usize) -> Option<PlainLine> {
    let line = &text[i..];
    if line.first() != Some(&b'[') {
        return None;
    }
    let mut n = 1 + leading_letters(line.get(1..).unwrap_or_default());
    while line.get(n).is_some_and(|&b| is_tag_name(b)) {
        n += 1;
    }
    if n == 1 || line.get(n..n + 2) != Some(&b" \""[..]) {
        return None;
    }
    let value = n + 2;
    let k = value + quote_or_line_end(&line[value..])?;
    let next = match line.get(k..k + 3)? {
        b"\"]\n" => k + 3,
        b"\"]\r" if line.get(k + 3) == Some(&b'\n') => k + 4,
        _ => return None,
    };
    Some(PlainLine {
        name_end: i + n,
        value_end: i + k,
        next: i + next,
    })
}

/// How many of the first eight bytes of `bytes` are ASCII letters, before
/// any other byte (a name's most often are); 0 when fewer than eight are
/// at hand.
#[inline(always)]
fn leading_letters(bytes: &[u8]) -> usize {
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const LOW_SEVEN: u64 = u64::from_le_bytes([0x7f; 8]);
    const CASE: u64 = u64::from_le_bytes([0x20; 8]);
    const TO_A: u64 = u64::from_le_bytes([0x80 - b'a'; 8]);
    const PAST_Z: u64 = u64::from_le_bytes([0x80 - b'z' - 1; 8]);
    let Some(word) = bytes.first_chunk::<8>() else {
        return 0;
    };
    let x = u64::from_le_bytes(*word);
    // In lower case, a letter is from `a` to `z`, and ASCII: no carry
    // crosses a byte (each sum stays below 256).
    let low = (x | CASE) & LOW_SEVEN;
    let letters = (low + TO_A) & !(low + PAST_Z) & !x & HIGHS;
    ((!letters & HIGHS).trailing_zeros() / 8) as usize
}

/// The first `"`, `\n` or `\r` in `bytes`, or a byte below `\r` (a tab)
/// or a `\\` (an escape: the caller then reads the line as any other, so
/// that a plain value holds no escape), eight bytes at a time.
#[inline(always)]
fn quote_or_line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const QUOTES: u64 = u64::from_le_bytes([b'"'; 8]);
    const BACKSLASHES: u64 = u64::from_le_bytes([b'\\'; 8]);
    let mut k = 0;
    while let Some(word) = bytes.get(k..).and_then(<[u8]>::first_chunk::<8>) {
        let x = u64::from_le_bytes(*word);
        // The lowest flagged byte of each is the first that matches (a
        // borrow only runs upwards); bytes of 0x80 and above flag none.
        let q = x ^ QUOTES;
        let quote = q.wrapping_sub(ONES) & !q & HIGHS;
        let e = x ^ BACKSLASHES;
        let escape = e.wrapping_sub(ONES) & !e & HIGHS;
        let low = x.wrapping_sub(ONES * u64::from(b'\r' + 1)) & !x & HIGHS;
        let flagged = quote | escape | low;
        if flagged != 0 {
            return Some(k + (flagged.trailing_zeros() / 8) as usize);
        }
        k += 8;
    }
    bytes[k..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b <= b'\r')
        .map(|p| k + p)
}

/// [`tag_section_line`] of a line that is not a plain tag pair.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(never)]
fn other_tag_section_line<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    at: Place,
    line: &'a [u8],
    visitor: &mut V,
) -> Result<(), PgnError> {
    let mut line = line;
    let mut at = at;
    if let Some(tag) = indented_tag(line) {
        at += line.len() - tag.len();
        line = tag;
    }
    let first = line.first().copied().unwrap_or(b'\n');
    if line.iter().all(|&b| is_blank(b)) || first == b'%' || first == b';' {
        return Ok(());
    }
    let (name, value) = match tag_line(line) {
        Ok(tag) => tag,
        // A tag with a comment or other text after it on its line:
        // skipped, as python-chess skips it.
        Err(PgnErrorKind::UnterminatedTag) if memchr::memmem::find(line, b"\"]").is_some() => {
            return Ok(());
        }
        Err(k) => return Err(d.error(at, k)),
    };
    // The line checked as UTF-8 once, the name and value sliced out of it.
    let place = |part: &[u8]| part.as_ptr() as usize - d.text.as_ptr() as usize;
    let (n, v) = (place(name) - at, place(value) - at);
    let both = utf8
        .get(at, at + line.len())
        .and_then(|line| Some((line.get(n..n + name.len())?, line.get(v..v + value.len())?)));
    let (name, value) = match both {
        Some((name, value)) => (Cow::Borrowed(name), Cow::Borrowed(value)),
        None => (text_of(name), text_of(value)),
    };
    if name == "FEN" {
        cur.fen_place = Some(at);
    }
    visitor.tag(&name, &value).map_err(|k| d.error(at, k))
}

#[cfg(test)]
mod tests {
    use super::{plain_tag, plain_tag_line, tag_line};

    /// Whatever `plain_tag` reads, `tag_line` reads the same way.
    #[test]
    fn a_plain_tag_reads_as_tag_line_reads_it() {
        let lines: [&[u8]; 16] = [
            b"[Event \"Rated Bullet game\"]",
            b"[A \"\"]",
            b"[A \"]",
            b"[A \"\"]\"]",
            b"[A \"x\"] \"]",
            b"[A \"x\"] ",
            b"[A  \"x\"]",
            b"[A\t\"x\"]",
            b"[ \"x\"]",
            b"[A \"x\\\"y\"]",
            b"[A \"x\"]{c}",
            b"[A \"x\" ]",
            b"[A\"x\"]",
            b"[White_+#=:- \"\xc3\xa9\"]",
            b"[",
            b"[A \"x",
        ];
        let mut plain = 0;
        for line in lines {
            if let Some((name_end, value_start)) = plain_tag(line) {
                plain += 1;
                let want = tag_line(line).expect("tag_line reads a plain tag");
                let got = (&line[1..name_end], &line[value_start..line.len() - 2]);
                assert_eq!(got, want, "{line:?}");
            }
        }
        assert_eq!(plain, 6);
    }

    /// The leading letters are those a byte-by-byte count finds.
    #[test]
    fn leading_letters_are_counted_as_byte_by_byte() {
        for b in 0..=255u8 {
            for at in 0..9 {
                let mut bytes = *b"WhiteElo";
                if at < 8 {
                    bytes[at] = b;
                }
                let want = bytes.iter().take_while(|b| b.is_ascii_alphabetic()).count();
                assert_eq!(super::leading_letters(&bytes), want, "{bytes:?}");
                assert_eq!(super::leading_letters(&bytes[..7]), 0);
            }
        }
    }

    /// Whatever `plain_tag_line` reads (with no search for the line end),
    /// `tag_line` reads the same way from the line cut at its end.
    #[test]
    fn a_plain_tag_line_reads_as_tag_line_reads_it() {
        let lines: [&[u8]; 14] = [
            b"[Event \"Rated Bullet game\"]",
            b"[Site \"https://lichess.org/rEsJ4tH4\"]",
            b"[A \"\"]",
            b"[A \"]",
            b"[A \"x\\\"]",
            b"[A \"x\"y\"]",
            b"[A \"x\"] \"]",
            b"[A \"x\ty\"]",
            b"[A \"\xc3\xa9t\xc3\xa9 \xe2\x99\x9e\"]",
            b"[A  \"x\"]",
            b"[A \"x\" ]",
            b"[A \"0123456789abcdef0123456789\"]",
            b"[A \"x",
            b"[ \"x\"]",
        ];
        let ends: [&[u8]; 6] = [
            b"\n",
            b"\r\n",
            b"\r",
            b"",
            b"\n[B \"y\"]\n",
            b"\r\n\r\n1. e4",
        ];
        let mut read = 0;
        for line in lines {
            for end in ends {
                for pad in 0..9 {
                    let mut text = alloc::vec![b' '; pad];
                    text.extend_from_slice(line);
                    text.extend_from_slice(end);
                    let Some(plain) = plain_tag_line(&text, pad) else {
                        continue;
                    };
                    read += 1;
                    let line_end = plain.value_end + 2;
                    assert_eq!(&text[pad..line_end], line);
                    assert!(end.starts_with(b"\n") || end.starts_with(b"\r\n"));
                    assert_eq!(plain.next, line_end + if end[0] == b'\r' { 2 } else { 1 });
                    let want = tag_line(line).expect("tag_line reads it");
                    let got = (
                        &text[pad + 1..plain.name_end],
                        &text[plain.name_end + 2..plain.value_end],
                    );
                    assert_eq!(got, want, "{line:?}");
                    assert!(!got.1.contains(&b'\\'), "{line:?}");
                }
            }
        }
        // (`[A "x\"]` is read as any other line: its value holds a `\`.)
        assert_eq!(read, 5 * 4 * 9);
    }
}
