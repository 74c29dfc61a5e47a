//! The movetext: moves, move numbers, comments, NAGs, variations and the
//! result, and (in one pass) where the game ends.

use super::super::error::{PgnError, PgnErrorKind};
use super::super::scan;
use super::tags::looks_like_tag;
use super::utf8::Utf8;
use super::{Bound, Cursor, Driver, Place, Sink, Step, count_line_ends, lossy, rest_of_line};

/// What the line starting at `i` says of the game (one pass, outside a
/// comment), as the line splitter reads it.
enum LineStart {
    /// The game goes on.
    Goes,
    /// The game ends at `end`, having passed `lines` more line ends: a
    /// blank line (the game's text takes it), or a tag line (the next
    /// game's first).
    Ends { end: usize, lines: u64 },
    /// More input is needed to tell.
    More,
}

/// The end of a blank line at the line end (`\n`, `\r\n` or a lone `\r`)
/// on `j`; a `\r` last in the input at hand waits for more.
fn blank_line_end(text: &[u8], j: usize, eof: bool) -> LineStart {
    let end = match (text.get(j), text.get(j + 1)) {
        (Some(b'\r'), Some(b'\n')) => j + 2,
        (Some(b'\r'), None) if !eof => return LineStart::More,
        (Some(b'\n' | b'\r'), _) => j + 1,
        _ => return LineStart::Goes,
    };
    LineStart::Ends { end, lines: 1 }
}

fn line_start(text: &[u8], i: usize, eof: bool) -> LineStart {
    let Some(&first) = text.get(i) else {
        return if eof {
            LineStart::Ends { end: i, lines: 0 }
        } else {
            LineStart::More
        };
    };
    match first {
        b'[' => LineStart::Ends { end: i, lines: 0 },
        b'\n' | b'\r' => blank_line_end(text, i, eof),
        b' ' | b'\t' | 0x0b | 0x0c => {
            let blanks = text[i..]
                .iter()
                .take_while(|&&b| matches!(b, b' ' | b'\t' | 0x0b | 0x0c))
                .count();
            let j = i + blanks;
            match text.get(j) {
                None if !eof => LineStart::More,
                None => LineStart::Ends { end: j, lines: 0 },
                Some(b'\n' | b'\r') => blank_line_end(text, j, eof),
                Some(b'[') => {
                    // An indented tag line (spaces and tabs only) ends the
                    // game; whether it is one may need the rest of its line.
                    let indent_ok = text[i..j].iter().all(|&b| matches!(b, b' ' | b'\t'));
                    let line_end = scan::find2(&text[j..], b'\n', b'\r').map(|k| j + k);
                    if !indent_ok {
                        LineStart::Goes
                    } else if looks_like_tag(&text[j..line_end.unwrap_or(text.len())]) {
                        LineStart::Ends { end: i, lines: 0 }
                    } else if line_end.is_none() && !eof {
                        LineStart::More
                    } else {
                        LineStart::Goes
                    }
                }
                Some(_) => LineStart::Goes,
            }
        }
        0xef => {
            if text[i..].starts_with(b"\xef\xbb\xbf[") {
                LineStart::Ends { end: i, lines: 0 }
            } else if text.len() - i < 4 && b"\xef\xbb\xbf[".starts_with(&text[i..]) && !eof {
                LineStart::More
            } else {
                LineStart::Goes
            }
        }
        _ => LineStart::Goes,
    }
}

/// A `{` comment's parts, as indices in the text after its `{`.
struct CommentParts {
    /// Where its `}` is.
    close: usize,
    /// Where its text starts and ends: without one space after `{` and
    /// one before `}`.
    start: usize,
    end: usize,
    /// Where the next token may start: after the `}` and the space that
    /// most often follows it (one trip round the loop fewer).
    next: usize,
}

/// Where the `{` comment whose text follows in `rest` closes, and its
/// parts (`None`: it is not closed in `rest`). A clock comment (its `}`
/// the seventeenth byte, none before) is read from 32 bytes at fixed
/// places, with no length test; any other as [`find_close`] finds it.
#[inline(always)]
fn comment_parts(rest: &[u8]) -> Option<CommentParts> {
    if let Some(head) = rest.first_chunk::<32>() {
        if head[16] == b'}' && no_close_in_16(head) {
            return Some(CommentParts {
                close: 16,
                start: usize::from(head[0] == b' '),
                // (The text is longer than the space at its start.)
                end: 16 - usize::from(head[15] == b' '),
                next: 17 + usize::from(head[17] == b' '),
            });
        }
    }
    let k = find_close(rest)?;
    let body = rest.get(..k).unwrap_or_default();
    let lead = usize::from(body.first() == Some(&b' '));
    let trail = usize::from(body.len() > lead && body.last() == Some(&b' '));
    Some(CommentParts {
        close: k,
        start: lead,
        end: k - trail,
        next: k + 1 + usize::from(rest.get(k + 1) == Some(&b' ')),
    })
}

/// Whether no `}` is among the first sixteen bytes of `head`, told for
/// both words at once by a cheap test that flags every byte from `}`
/// (0x7d) up (a carry into a byte comes from one flagged below it): a
/// flag is checked again exactly.
#[inline(always)]
fn no_close_in_16(head: &[u8; 32]) -> bool {
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const SEVEN_D_UP: u64 = u64::from_le_bytes([0x80 - b'}'; 8]);
    let (first, second) = (word_at(head, 0), word_at(head, 1));
    let from_close = |x: u64| (x.wrapping_add(SEVEN_D_UP) | x) & HIGHS;
    (from_close(first) | from_close(second)) == 0
        || (close_in_word(first).is_none() && close_in_word(second).is_none())
}

/// The eight bytes of word `w` of `head`, as a number.
#[inline(always)]
fn word_at(head: &[u8; 32], w: usize) -> u64 {
    let mut eight = [0; 8];
    eight.copy_from_slice(&head[8 * w..8 * w + 8]);
    u64::from_le_bytes(eight)
}

/// The first `}` among the eight bytes `x`: a `}` is a zero byte of
/// `x ^ CLOSES`; the lowest byte flagged is the first zero byte (a borrow
/// only runs upwards, into later bytes).
#[inline(always)]
fn close_in_word(x: u64) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const CLOSES: u64 = u64::from_le_bytes([b'}'; 8]);
    let x = x ^ CLOSES;
    let flagged = x.wrapping_sub(ONES) & !x & HIGHS;
    (flagged != 0).then(|| (flagged.trailing_zeros() / 8) as usize)
}

/// The first `}` in `bytes`: the first 32 bytes (where a clock or an
/// evaluation comment ends) looked at eight at a time, cheaper than a
/// search's setup; the rest searched. (Inlined into its one caller: a
/// call per comment cost more than this saves.)
#[inline(always)]
fn find_close(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
    const CLOSES: u64 = u64::from_le_bytes([b'}'; 8]);
    /// Added to a byte, sets its high bit from `}` up.
    const SEVEN_D_UP: u64 = u64::from_le_bytes([0x80 - b'}'; 8]);
    // Most often 32 bytes are at hand: four words at fixed places, with no
    // test of the length between them (1.4 % of a validator's instructions).
    if let Some(head) = bytes.first_chunk::<32>() {
        let word = |w: usize| {
            let mut eight = [0; 8];
            eight.copy_from_slice(&head[8 * w..8 * w + 8]);
            u64::from_le_bytes(eight)
        };
        // As below.
        let close_in = |x: u64| {
            let x = x ^ CLOSES;
            let flagged = x.wrapping_sub(ONES) & !x & HIGHS;
            (flagged != 0).then(|| (flagged.trailing_zeros() / 8) as usize)
        };
        // Most often no `}` is among the first sixteen bytes (a clock
        // comment's is the seventeenth): told for both words at once by
        // a cheaper test, which flags every byte from `}` (0x7d) up. (A
        // carry into a byte comes from one flagged below it.)
        let (first, second) = (word(0), word(1));
        let from_close = |x: u64| (x.wrapping_add(SEVEN_D_UP) | x) & HIGHS;
        if (from_close(first) | from_close(second)) != 0 {
            if let Some(k) = close_in(first) {
                return Some(k);
            }
            if let Some(k) = close_in(second) {
                return Some(8 + k);
            }
        }
        if let Some(k) = close_in(word(2)) {
            return Some(16 + k);
        }
        if let Some(k) = close_in(word(3)) {
            return Some(24 + k);
        }
        return scan::find(&bytes[32..], b'}').map(|k| 32 + k);
    }
    let mut words = bytes.chunks_exact(8);
    for (w, word) in (&mut words).take(4).enumerate() {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        // A `}` is a zero byte of `x`; the lowest byte flagged here is the
        // first zero byte (a borrow only runs upwards, into later bytes).
        let x = u64::from_le_bytes(eight) ^ CLOSES;
        let flagged = x.wrapping_sub(ONES) & !x & HIGHS;
        if flagged != 0 {
            return Some(8 * w + (flagged.trailing_zeros() / 8) as usize);
        }
    }
    let done = (bytes.len() / 8).min(4) * 8;
    scan::find(&bytes[done..], b'}').map(|k| done + k)
}

/// A word's end: whitespace or a character that starts another token.
#[inline(always)]
fn ends_word(b: u8) -> bool {
    WORD_END[b as usize]
}

/// [`ends_word`] as a table: the tokenizer asks it for every byte.
static WORD_END: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\r\n\x0b\x0c{}();$!?";
    let mut k = 0;
    while k < ends.len() {
        table[ends[k] as usize] = true;
        k += 1;
    }
    table
};

/// The movetext from where `cur` stands. With [`Bound::Open`], each line
/// is first asked whether it ends the game (a blank line, a tag line), and
/// a token that reaches the end of the input at hand waits for more.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(never)]
pub(super) fn movetext<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    cur: &mut Cursor,
    utf8: &mut Utf8<'a>,
    bound: Bound,
    visitor: &mut V,
) -> Result<Step, PgnError> {
    let (text, open, eof) = match (bound, cur.end) {
        (Bound::Known { .. }, _) => (d.text, false, true),
        (Bound::Open { .. }, Some(end)) => (&d.text[..end], false, true),
        (Bound::Open { eof }, None) => (d.text, true, eof),
    };
    let start = cur.movetext.unwrap_or(text.len());
    let short = open && !eof;
    let mut i = cur.i;
    let mut lines = cur.lines;
    // Open variations, and where the innermost opened.
    let mut depth = cur.depth;
    let mut last_open = cur.last_open;
    macro_rules! stop {
        ($step:expr) => {{
            cur.i = i;
            cur.lines = lines;
            cur.depth = depth;
            cur.last_open = last_open;
            return Ok($step);
        }};
    }
    if open && i == start {
        match line_start(text, i, eof) {
            LineStart::Goes => {}
            LineStart::Ends { end, lines: more } => {
                cur.lines = lines + more;
                return Ok(Step::Done(end));
            }
            LineStart::More => stop!(Step::More),
        }
    }
    // In one pass, where the line at hand ends: a comment that runs past
    // it spans lines (one search a line, not a look at every comment).
    let line_end_from =
        |from: usize| scan::find2(&text[from..], b'\n', b'\r').map_or(text.len(), |k| from + k);
    let mut eol = if open { line_end_from(i) } else { usize::MAX };
    // No line end in `text[line_from..eol]` (one pass).
    let mut line_from = i;
    // A stretch checked as UTF-8 ends with the line at hand (most often
    // the game's last): not checked on into the next game, which checks
    // it again.
    utf8.limit = eol;
    // With more input to come (one pass), tokens are read up to the end of
    // the line at hand, and on to the next line's once its end is at hand
    // too: none can run on past a line end (a comment may, and is searched
    // for in all the text at hand). Nothing when the line's end is not at
    // hand. (No search back from the end of the text at hand: the line's
    // end is known.)
    let reach = |eol: usize| if eol < text.len() { eol + 1 } else { 0 };
    let mut at_hand = if short { &text[..reach(eol)] } else { text };
    while let Some(&b) = at_hand.get(i) {
        // The common tokens first, by tests the branch predictor follows
        // well (a jump table's one indirect jump it mispredicts more often):
        // a space, a move or a move number, a comment.
        if b == b' ' {
            i += 1;
            continue;
        }
        let mut b = b;
        if b.is_ascii_alphanumeric() {
            i = word(d, depth, utf8, text, at_hand, i, Some(eol), visitor)?;
            // A comment most often follows a move: read here, as the loop
            // would read it (one trip round it fewer).
            match at_hand.get(i) {
                Some(&b'{') => b = b'{',
                _ => continue,
            }
        }
        if b == b'{' {
            // One search for the `}` (comments do not nest).
            let rest = &text[i + 1..];
            let Some(parts) = comment_parts(rest) else {
                if open {
                    stop!(Step::Unsure);
                }
                return Err(d.error(i, PgnErrorKind::UnterminatedComment));
            };
            let close = i + 1 + parts.close;
            if close > eol {
                // Over several lines: a line that opens with `[` may
                // start a tag section that cuts it off.
                if scan::find(&text[eol..close], b'[').is_some() {
                    stop!(Step::Unsure);
                }
                lines += count_line_ends(&text[i + 1..=close]);
                eol = line_end_from(close);
                line_from = close;
                utf8.limit = eol;
                if short {
                    at_hand = &text[..reach(eol)];
                }
            }
            let (at, end) = (i + 1 + parts.start, i + 1 + parts.end);
            // (A sink that takes bytes has its comments checked as
            // UTF-8 once per game, not here.)
            match V::TEXT.then(|| utf8.get(at, end)).flatten() {
                Some(body) => visitor.comment_str(body, at),
                None => visitor.comment(&text[at..end], at),
            }
            i = i + 1 + parts.next;
            continue;
        }
        match b {
            // Lines are not counted here: an error counts them.
            b' ' | b'\t' | 0x0b | 0x0c => i += 1,
            b'\n' | b'\r' => {
                if !open {
                    i += 1;
                    continue;
                }
                let next = match (b, text.get(i + 1)) {
                    (b'\r', Some(b'\n')) => i + 2,
                    (b'\r', None) if !eof => stop!(Step::More),
                    _ => i + 1,
                };
                match line_start(text, next, eof) {
                    LineStart::Goes => {
                        lines += 1;
                        i = next;
                        eol = line_end_from(i);
                        line_from = i;
                        utf8.limit = eol;
                        if short {
                            at_hand = &text[..reach(eol)];
                        }
                    }
                    LineStart::Ends { end, lines: more } => {
                        if depth > 0 {
                            let kind = PgnErrorKind::Parenthesis("a ( is never closed");
                            return Err(d.error(last_open, kind));
                        }
                        cur.lines = lines + 1 + more;
                        cur.one_line = (line_from, eol);
                        return Ok(Step::Done(end));
                    }
                    LineStart::More => stop!(Step::More),
                }
            }
            // An escape line (PGN standard 6): `%` in the first column
            // (after `\n`, or a lone `\r`, which ends a line too).
            b'%' if i == start || matches!(text[i - 1], b'\n' | b'\r') => {
                i = rest_of_line(text, i).unwrap_or(text.len());
            }
            // A tag pair in movetext (an indented tag line): skipped, as
            // python-chess skips it.
            b'[' => {
                let line_end = rest_of_line(text, i).unwrap_or(text.len());
                let line = &text[i..line_end];
                if looks_like_tag(line) {
                    if open {
                        stop!(Step::Unsure);
                    }
                    i += memchr::memmem::rfind(line, b"\"]").map_or(line.len(), |k| k + 2);
                } else {
                    i = word(d, depth, utf8, text, at_hand, i, None, visitor)?;
                }
            }
            b';' => i = rest_of_line(text, i).unwrap_or(text.len()),
            b'(' => {
                depth += 1;
                last_open = i;
                visitor
                    .begin_variation()
                    .map_err(|k| d.error(last_open, k))?;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    let kind = PgnErrorKind::Parenthesis("a ) closes no variation");
                    return Err(d.error(i, kind));
                }
                depth -= 1;
                visitor.end_variation();
                i += 1;
            }
            b'$' => {
                let word_end = i + 1 + text[i + 1..].iter().take_while(|&&b| !ends_word(b)).count();
                let digits = text[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let nag = core::str::from_utf8(&text[i + 1..i + 1 + digits])
                    .ok()
                    .and_then(|s| s.parse::<u8>().ok());
                match nag {
                    Some(nag) if word_end == i + 1 + digits => visitor.nag(nag),
                    _ => {
                        let kind = PgnErrorKind::Syntax {
                            token: lossy(&text[i..word_end.max(i + 1)]).into_owned(),
                            reason: "a NAG is $ and a number from 0 to 255",
                        };
                        return Err(d.error(i, kind));
                    }
                }
                i = word_end.max(i + 1 + digits);
            }
            b'!' | b'?' => {
                let len = text[i..]
                    .iter()
                    .take_while(|&&b| b == b'!' || b == b'?')
                    .count();
                let nag = match &text[i..i + len] {
                    b"!" => 1,
                    b"?" => 2,
                    b"!!" => 3,
                    b"??" => 4,
                    b"!?" => 5,
                    b"?!" => 6,
                    other => {
                        let kind = PgnErrorKind::Syntax {
                            token: lossy(other).into_owned(),
                            reason: "not a move annotation (!, ?, !!, ??, !? or ?!)",
                        };
                        return Err(d.error(i, kind));
                    }
                };
                visitor.nag(nag);
                i += len;
            }
            _ => i = word(d, depth, utf8, text, at_hand, i, None, visitor)?,
        }
    }
    if short {
        stop!(Step::More);
    }
    if depth > 0 {
        let kind = PgnErrorKind::Parenthesis("a ( is never closed");
        return Err(d.error(last_open, kind));
    }
    cur.i = i;
    cur.lines = lines;
    Ok(Step::Done(i))
}

/// The word at `i`: a move number (`12.`, `12...`, `12`) eaten in place,
/// or a word read by [`word_token`] (a word that only starts with digits,
/// `0-1`, `1/2-1/2`, `0-0`, the null move `0000`, is a word too), and a
/// move right after a move number (when it starts in `at_hand`, the text
/// the loop reads); with `eol` (the end of the line at hand), a `{`
/// comment on that line right after a move too. Where the next token
/// starts.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn word<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    depth: u32,
    utf8: &mut Utf8<'a>,
    text: &'a [u8],
    at_hand: &[u8],
    i: usize,
    eol: Option<usize>,
    visitor: &mut V,
) -> Result<usize, PgnError> {
    let mut i = i;
    if text[i].is_ascii_digit() {
        let number = number_and_space(text, i);
        if number > 0 {
            let end = i + number;
            // A move most often follows its number: read here, as the
            // loop would read it (one trip round it fewer).
            match at_hand.get(end) {
                Some(b) if b.is_ascii_alphabetic() => i = end,
                _ => return Ok(end),
            }
        }
    }
    // At least one byte (a stray `}` is a word of its own), then to the
    // word's end.
    let end = word_end(text, i + 1);
    // The space that most often follows a word, passed over here: one trip
    // round the tokenizer's loop fewer.
    let next = end + usize::from(text.get(end) == Some(&b' '));
    let Some((place, san)) = word_token(d, i, &text[i..end], depth, visitor)? else {
        return Ok(next);
    };
    if let Some(eol) = eol.filter(|_| V::TEXT) {
        if let Some(next) = san_and_comment(d, utf8, text, at_hand, place, san, next, eol, visitor)?
        {
            return Ok(next);
        }
    }
    send_san(d, utf8, place, san, visitor)?;
    Ok(next)
}

/// For a sink that takes text: the move `san` (at `place`) and the `{`
/// comment at `next` that follows it on the same line (the line at hand
/// ends at `eol`), checked as UTF-8 at once and sent; where the next token
/// starts. `None` when no such comment follows (or the two are not UTF-8):
/// nothing was sent, the caller sends the move and the loop reads on.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn san_and_comment<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    utf8: &mut Utf8<'a>,
    text: &'a [u8],
    at_hand: &[u8],
    place: Place,
    san: &[u8],
    next: usize,
    eol: usize,
    visitor: &mut V,
) -> Result<Option<usize>, PgnError> {
    if at_hand.get(next) != Some(&b'{') {
        return Ok(None);
    }
    let open = next + 1;
    let Some(parts) = comment_parts(&text[open..]) else {
        return Ok(None);
    };
    // (Over several lines, the loop reads it.)
    if open + parts.close > eol {
        return Ok(None);
    }
    let (at, end) = (open + parts.start, open + parts.end);
    let Some(both) = utf8.get(place, end) else {
        return Ok(None);
    };
    let (Some(san), Some(comment)) = (both.get(..san.len()), both.get(at - place..)) else {
        return Ok(None);
    };
    visitor.san_str(san).map_err(|k| d.error(place, k))?;
    visitor.comment_str(comment, at);
    Ok(Some(open + parts.next))
}

/// Where the word that goes on at `from` ends: the first byte from `from`
/// that [ends a word](ends_word), or the end of the text. Most words (a
/// move) end within the next eight bytes: those are looked at one by one
/// with one length test for all eight (a byte-by-byte loop tests the
/// length at every byte).
#[inline(always)]
fn word_end(text: &[u8], from: usize) -> usize {
    // (One test of the place: `from` is never past the text's end.)
    if let Some(eight) = text
        .get(from..from + 8)
        .and_then(|s| <&[u8; 8]>::try_from(s).ok())
    {
        for (k, &b) in eight.iter().enumerate() {
            if ends_word(b) {
                return from + k;
            }
        }
        return long_word_end(text, from + 8);
    }
    long_word_end(text, from)
}

/// [`word_end`] read byte by byte.
#[inline(always)]
fn long_word_end(text: &[u8], from: usize) -> usize {
    let mut end = from;
    while let Some(&b) = text.get(end) {
        if ends_word(b) {
            break;
        }
        end += 1;
    }
    end
}

/// The first bytes of a result, a null move or a move number: `0` to `9`,
/// `.`, `*`, `-`, `Z` and `@`.
static NOT_A_MOVE: [bool; 256] = {
    let mut table = [false; 256];
    let firsts = b"0123456789.*-Z@";
    let mut k = 0;
    while k < firsts.len() {
        table[firsts[k] as usize] = true;
        k += 1;
    }
    table
};

const NULL_MOVES: [&[u8]; 4] = [b"--", b"Z0", b"0000", b"@@@@"];

/// The length of the move number at `i` (digits, then dots; or digits
/// alone ending the word), or 0 when the word there is something else.
#[inline(always)]
fn move_number(text: &[u8], i: usize) -> usize {
    // Most often the number, its dots and the byte after them are in the
    // next eight bytes: read there at once, byte by byte otherwise.
    if let Some(len) = text
        .get(i..)
        .and_then(<[u8]>::first_chunk::<8>)
        .and_then(short_move_number)
    {
        return len;
    }
    long_move_number(text, i)
}

/// The length of the move number at `i` (its first byte a digit) and of
/// the space that most often follows it, as after a word; 0 when the word
/// there is something else. The most common shapes, up to four digits
/// then `. `, `... ` or `.` and a letter, are told from the next eight
/// bytes at once (no loop over the dots), and so are digits then `-` or
/// `/` (a result); any other is read out of line as [`move_number`] reads
/// it.
#[inline(always)]
fn number_and_space(text: &[u8], i: usize) -> usize {
    let fast = text
        .get(i..)
        .and_then(<[u8]>::first_chunk::<8>)
        .and_then(|eight| {
            let mut d = 1;
            while d < 4 && eight[d].is_ascii_digit() {
                d += 1;
            }
            // The four bytes after the digits, shifted out of the eight
            // read as one number (not put together byte by byte).
            let after = (u64::from_le_bytes(*eight) >> (8 * d)) as u32;
            if after & 0xffff == u32::from(u16::from_le_bytes(*b". ")) {
                Some(d + 2)
            } else if after == u32::from_le_bytes(*b"... ") {
                Some(d + 4)
            } else if after as u8 == b'.' && ((after >> 8) as u8).is_ascii_alphabetic() {
                Some(d + 1)
            } else if matches!(after as u8, b'-' | b'/') {
                // A result (`1-0`, `1/2-1/2`): not a number.
                Some(0)
            } else {
                None
            }
        });
    match fast {
        Some(len) => len,
        None => other_number_and_space(text, i),
    }
}

/// [`number_and_space`] of any other shape.
#[inline(never)]
fn other_number_and_space(text: &[u8], i: usize) -> usize {
    let number = move_number(text, i);
    if number == 0 {
        return 0;
    }
    number + usize::from(text.get(i + number) == Some(&b' '))
}

/// [`move_number`] read byte by byte.
#[inline(always)]
fn long_move_number(text: &[u8], i: usize) -> usize {
    let mut end = i;
    while text.get(end).is_some_and(u8::is_ascii_digit) {
        end += 1;
    }
    let digits = end - i;
    while text.get(end) == Some(&b'.') {
        end += 1;
    }
    let (dots, len) = (end - i - digits, end - i);
    match text.get(i + len) {
        // What follows is read as before: a tag pair or escape after
        // a number is a word of its own.
        Some(b'[' | b'%') => 0,
        _ if dots > 0 => len,
        Some(&b) if !ends_word(b) => 0,
        _ if &text[i..i + len] == b"0000" => 0,
        _ => len,
    }
}

/// [`move_number`] of a number with dots that ends within the eight bytes
/// `word` (the first of them a digit), `None` for any other (then read byte
/// by byte). Byte by byte within the eight, with no length test: fewer
/// instructions than the eight as one number (whose masks take a constant
/// each to load).
#[inline(always)]
fn short_move_number(word: &[u8; 8]) -> Option<usize> {
    let mut digits = 0;
    while digits < 8 && word[digits].is_ascii_digit() {
        digits += 1;
    }
    let mut len = digits;
    while len < 8 && word[len] == b'.' {
        len += 1;
    }
    // (Eight digits, or the dots run to the eighth byte: read byte by byte.)
    if len == digits || len >= 8 {
        return None;
    }
    // Dots, then a byte that is not a dot within the eight: not `[` or `%`
    // (a number with dots is one whatever follows, as [`move_number`] reads it).
    let next = word[len];
    (next != b'[' && next != b'%').then_some(len)
}

/// A word of movetext: a result, a move number, a move, or several of these
/// run together (`1.e4`). The move to send, and where it stands (`None`:
/// nothing to send).
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(always)]
fn word_token<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    place: Place,
    word: &'a [u8],
    depth: u32,
    visitor: &mut V,
) -> Result<Option<(Place, &'a [u8])>, PgnError> {
    let mut place = place;
    let mut san = word;
    // Most words are moves: a result, a null move or a move number starts
    // with a digit, `.`, `*`, `-`, `Z` or `@` (a table, where a range test
    // takes a branch that pawn and piece moves send different ways).
    if NOT_A_MOVE[usize::from(word[0])] {
        match number_or_result(word, depth, visitor) {
            Some(rest) => {
                place += word.len() - rest.len();
                san = rest;
            }
            None => return Ok(None),
        }
    }
    if depth > 0 && !NULL_MOVES.contains(&san) {
        if let Some(reason) = crate::san::syntax_error(san) {
            let kind = PgnErrorKind::Syntax {
                token: lossy(san).into_owned(),
                reason,
            };
            return Err(d.error(place, kind));
        }
    }
    Ok(Some((place, san)))
}

/// Sends the move `san` (at `place`) to `visitor`: as text when the sink
/// takes text and it is UTF-8.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
#[inline(always)]
fn send_san<'a, V: Sink + ?Sized>(
    d: &Driver<'a>,
    utf8: &mut Utf8<'a>,
    place: Place,
    san: &[u8],
    visitor: &mut V,
) -> Result<(), PgnError> {
    let text = if V::TEXT {
        utf8.get(place, place + san.len())
    } else {
        None
    };
    match text {
        Some(san) => visitor.san_str(san),
        None => visitor.san(san),
    }
    .map_err(|k| d.error(place, k))
}

/// A word that may be a result (sent to `visitor`), a null move, or start
/// with a move number: what is left to read as a move (`None`: nothing).
fn number_or_result<'a, V: Sink + ?Sized>(
    word: &'a [u8],
    depth: u32,
    visitor: &mut V,
) -> Option<&'a [u8]> {
    let result = match word {
        b"1-0" => Some("1-0"),
        b"0-1" => Some("0-1"),
        b"1/2-1/2" => Some("1/2-1/2"),
        b"*" => Some("*"),
        _ => None,
    };
    if let Some(result) = result {
        if depth == 0 {
            visitor.result(result);
        }
        return None;
    }
    let mut san = word;
    if !NULL_MOVES.contains(&word) {
        // A move number: digits, then dots (or nothing but digits).
        let digits = san.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = san[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits == san.len() || dots > 0 {
            san = &san[digits + dots..];
        }
        if san.is_empty() {
            return None;
        }
    }
    Some(san)
}

#[cfg(test)]
mod tests {
    use super::super::super::error::PgnErrorKind;
    use super::super::{Bound, Cursor, Driver, Sink, Step, tokenize};
    use super::{
        comment_parts, find_close, long_move_number, long_word_end, move_number, number_and_space,
        word_end,
    };
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// What a sink was sent: bytes, and whether they came as text.
    #[derive(Debug, PartialEq)]
    enum Event {
        Tag(String, String),
        San(Vec<u8>, bool),
        Comment(Vec<u8>, usize, bool),
        Nag(u8),
        Open,
        Close,
        Result(&'static str),
    }

    /// A sink that records its events, taking moves and comments as text
    /// (`TEXT`) or as bytes; it refuses the move `Kz9`.
    struct Record<const TEXT: bool>(Vec<Event>);

    impl<const TEXT: bool> Record<TEXT> {
        fn move_sent(&mut self, san: &[u8], as_text: bool) -> Result<(), PgnErrorKind> {
            self.0.push(Event::San(san.to_vec(), as_text));
            if san == b"Kz9" {
                return Err(PgnErrorKind::Syntax {
                    token: String::from("Kz9"),
                    reason: "refused",
                });
            }
            Ok(())
        }
    }

    impl<const TEXT: bool> Sink for Record<TEXT> {
        const TEXT: bool = TEXT;
        fn begin_game(&mut self) {}
        fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
            self.0.push(Event::Tag(name.into(), value.into()));
            Ok(())
        }
        fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> {
            Ok(())
        }
        fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
            self.move_sent(san, false)
        }
        fn san_str(&mut self, san: &str) -> Result<(), PgnErrorKind> {
            self.move_sent(san.as_bytes(), true)
        }
        fn nag(&mut self, nag: u8) {
            self.0.push(Event::Nag(nag));
        }
        fn comment(&mut self, text: &[u8], at: usize) {
            self.0.push(Event::Comment(text.to_vec(), at, false));
        }
        fn comment_str(&mut self, text: &str, at: usize) {
            self.0
                .push(Event::Comment(text.as_bytes().to_vec(), at, true));
        }
        fn begin_variation(&mut self) -> Result<(), PgnErrorKind> {
            self.0.push(Event::Open);
            Ok(())
        }
        fn end_variation(&mut self) {
            self.0.push(Event::Close);
        }
        fn result(&mut self, result: &'static str) {
            self.0.push(Event::Result(result));
        }
    }

    /// Tokenizes `text` as the reader does: in one pass, the input handed
    /// over `first` bytes then the rest (at its end, `first` = len: all at
    /// once), or in bounds (`movetext` known). The events, and how it ended.
    fn read<const TEXT: bool>(
        text: &[u8],
        first: Option<usize>,
        movetext: usize,
    ) -> (Vec<Event>, String) {
        let mut sink = Record::<TEXT>(Vec::new());
        let mut cur = Cursor::default();
        let driver = |len: usize| Driver {
            text: &text[..len],
            game_number: 7,
            first_line: 3,
            offset: 0,
        };
        let end = match first {
            None => tokenize(
                &driver(text.len()),
                &mut cur,
                Bound::Known { movetext },
                &mut sink,
            ),
            Some(first) => {
                let bound = Bound::Open {
                    eof: first == text.len(),
                };
                match tokenize(&driver(first), &mut cur, bound, &mut sink) {
                    Ok(Step::More) => {
                        let bound = Bound::Open { eof: true };
                        tokenize(&driver(text.len()), &mut cur, bound, &mut sink)
                    }
                    other => other,
                }
            }
        };
        let end = match end {
            Ok(step) => format!("{step:?} {}", cur.lines),
            Err(e) => format!("{} {} {} {}", e.game_number, e.line, e.column, e.kind),
        };
        (sink.0, end)
    }

    /// A move and the comment that follows it on its line, checked as
    /// UTF-8 at once for a sink that takes text: every event is what a
    /// sink that takes bytes gets, handed over as text exactly when it is
    /// UTF-8, and errors and ends are the same. Random movetexts of moves,
    /// numbers, clock comments, comments with `}` in odd places, split
    /// characters, bytes that are not UTF-8, line ends, tag lines, NAGs and
    /// variations; read in bounds and in one pass, handed over at once or in
    /// two parts.
    #[test]
    fn a_move_and_its_comment_read_as_text_as_bytes_read_them() {
        let pieces: [&[u8]; 30] = [
            b"1. ",
            b"12... ",
            b"e4",
            b"Nf3",
            b"O-O",
            b"exd8=Q+",
            b"Kz9",
            b" ",
            b" ",
            b" ",
            b"{ [%clk 0:01:00] }",
            b"{ [%eval 0.17] [%clk 0:00:59] }",
            b"{}",
            b"{ }",
            b"{",
            b"}",
            b"\xc3\xa9",
            b"\xe2\x99\x9e",
            b"\xff",
            b"\xe2\x99",
            b"\n",
            b"\r\n",
            b"\n[",
            b"\n\n",
            b"$1",
            b"!?",
            b"(",
            b")",
            b"1-0",
            b"{ a\nb }",
        ];
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut texts, mut combined) = (0, 0);
        for round in 0..20_000 {
            let head: &[u8] = if round % 3 == 0 {
                b"[A \"\xc3\xa9\"]\n\n"
            } else {
                b""
            };
            let mut text = head.to_vec();
            let len = 1 + next() % 24;
            for _ in 0..len {
                let r = next() as usize;
                // Mostly a move then a comment: the shape read at once.
                if r % 3 == 0 {
                    text.extend_from_slice(pieces[2 + r / 3 % 4]);
                    text.push(b' ');
                    text.extend_from_slice(pieces[10 + r / 12 % 2]);
                    text.push(b' ');
                } else {
                    text.extend_from_slice(pieces[r / 3 % pieces.len()]);
                }
            }
            let n = text.len();
            let cut = (next() as usize) % (n + 1);
            for first in [None, Some(n), Some(cut)] {
                let (bytes, end) = read::<false>(&text, first, head.len());
                let (as_text, text_end) = read::<true>(&text, first, head.len());
                let want: Vec<Event> = bytes
                    .into_iter()
                    .map(|e| match e {
                        Event::San(b, _) => {
                            let utf8 = core::str::from_utf8(&b).is_ok();
                            Event::San(b, utf8)
                        }
                        Event::Comment(b, at, _) => {
                            let utf8 = core::str::from_utf8(&b).is_ok();
                            combined += usize::from(utf8 && b.starts_with(b"[%"));
                            Event::Comment(b, at, utf8)
                        }
                        other => other,
                    })
                    .collect();
                assert_eq!(
                    as_text,
                    want,
                    "{:?} {first:?}",
                    String::from_utf8_lossy(&text)
                );
                assert_eq!(
                    text_end,
                    end,
                    "{:?} {first:?}",
                    String::from_utf8_lossy(&text)
                );
                texts += 1;
            }
        }
        assert!(texts == 60_000 && combined > 100_000, "{texts} {combined}");
    }

    /// A comment's parts read at fixed places (a clock comment's shape) are
    /// those read from the `}` found by [`find_close`], whatever the bytes
    /// around the seventeenth.
    #[test]
    fn a_comment_reads_the_same_at_fixed_places() {
        let alphabet = [b' ', b'}', b'a', b'{', 0xfd, b'\n'];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut fixed = 0;
        for _ in 0..50_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = 14 + (seed % 24) as usize;
            let mut bytes: alloc::vec::Vec<u8> = (0..len)
                .map(|k| alphabet[((seed >> (k % 50)) as usize + k) % alphabet.len()])
                .collect();
            // Most often a clock comment's shape: `}` seventeenth, none before.
            if len > 17 && seed % 4 != 0 {
                for b in &mut bytes[..16] {
                    if *b == b'}' {
                        *b = b'a';
                    }
                }
                bytes[16] = b'}';
                fixed += usize::from(len >= 32);
            }
            let got = comment_parts(&bytes).map(|p| (p.close, p.start, p.end, p.next));
            let want = find_close(&bytes).map(|k| {
                let body = &bytes[..k];
                let lead = usize::from(body.first() == Some(&b' '));
                let trail = usize::from(body.len() > lead && body.last() == Some(&b' '));
                let next = k + 1 + usize::from(bytes.get(k + 1) == Some(&b' '));
                (k, lead, k - trail, next)
            });
            assert_eq!(got, want, "{bytes:?}");
        }
        assert!(fixed > 10_000, "{fixed}");
    }

    /// Eight bytes at a time or byte by byte, a word ends at the same place.
    #[test]
    fn a_word_ends_where_a_byte_by_byte_scan_ends_it() {
        for len in 0..20 {
            for end_byte in [b' ', b'{', b')', b'!', b'\n', b'$', b'x', 0xc3] {
                for at in 0..=len {
                    let mut text = alloc::vec![b'a'; len];
                    if at < len {
                        text[at] = end_byte;
                    }
                    for from in 0..=len {
                        assert_eq!(
                            word_end(&text, from),
                            long_word_end(&text, from),
                            "{text:?} {from}"
                        );
                    }
                }
            }
        }
    }

    /// Read eight bytes at once or byte by byte, a move number is the same.
    #[test]
    fn a_move_number_reads_the_same_eight_bytes_at_a_time() {
        let alphabet = b"0129.[%- /eN\xc3";
        let mut texts: alloc::vec::Vec<alloc::vec::Vec<u8>> = alloc::vec![alloc::vec![b'1']];
        for _ in 0..7 {
            let longer: alloc::vec::Vec<_> = texts
                .iter()
                .filter(|t| t.len() < 9)
                .flat_map(|t| {
                    alphabet.iter().map(move |&c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            texts.extend(longer.into_iter().filter(|t| {
                // Keep the texts that can still be numbers, and a few others.
                t.iter()
                    .filter(|&&b| !b.is_ascii_digit() && b != b'.')
                    .count()
                    <= 1
            }));
            texts.dedup();
        }
        let mut checked = 0;
        for text in &texts {
            for pad in [b' ', b'x'] {
                let mut padded = text.clone();
                padded.resize(12, pad);
                for end in [text.len(), 12] {
                    let t = &padded[..end];
                    let number = long_move_number(t, 0);
                    assert_eq!(move_number(t, 0), number, "{t:?}");
                    let space = usize::from(number > 0 && t.get(number) == Some(&b' '));
                    assert_eq!(number_and_space(t, 0), number + space, "{t:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Bytes around `}` and the high bytes whose sum carries, mixed: the
    /// first `}` is where a byte-by-byte search finds it.
    #[test]
    fn the_first_close_brace_is_found_among_mixed_bytes() {
        let alphabet = [
            b'}', b'|', b'~', b'a', b' ', 0x7f, 0x80, 0xfc, 0xfd, 0xff, 0x00,
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 48) as usize;
            let bytes: alloc::vec::Vec<u8> = (0..len)
                .map(|k| {
                    let pick = (seed >> (k % 60)) as usize + k * 7;
                    // `}` seldom, so that it often comes late or not at all.
                    alphabet[1 + pick % (alphabet.len() - 1)]
                })
                .collect();
            let mut bytes = bytes;
            if len > 0 && seed % 3 == 0 {
                bytes[(seed >> 20) as usize % len] = b'}';
            }
            let want = bytes.iter().position(|&b| b == b'}');
            assert_eq!(find_close(&bytes), want, "{bytes:?}");
        }
    }

    #[test]
    fn the_first_close_brace_is_found_at_every_place_of_every_length() {
        for len in 0..80 {
            // Bytes one bit from `}` (0x7d), and high bytes, are not `}`.
            for b in [b'|', b'~', b'{', 0xfd, 0xff, 0x00] {
                let mut bytes = alloc::vec![b; len];
                assert_eq!(find_close(&bytes), None, "{len} {b}");
                for at in (0..len).rev() {
                    bytes[at] = b'}';
                    assert_eq!(find_close(&bytes), Some(at), "{len} {b} {at}");
                }
            }
        }
    }
}
