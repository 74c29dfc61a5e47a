//! The tokenizer: one game's text in, events out to a [`Sink`] (the
//! reader's game builder, or a [`Visitor`](super::Visitor)). No allocation
//! unless a game is in error.

use super::error::{PgnError, PgnErrorKind};
use super::scan;
use alloc::borrow::Cow;
use alloc::string::String;

/// What the tokenizer sends its events to: a [`Visitor`](super::Visitor) (through
/// [`Visiting`](super::visit::Visiting)), or the reader's own game builder, which takes bytes.
pub(crate) trait Sink {
    /// Whether moves and comments are wanted as text ([`Sink::san_str`],
    /// [`Sink::comment_str`]) rather than as bytes: then the game's text
    /// is checked as UTF-8 in one call (far cheaper than one per token).
    const TEXT: bool = false;
    fn game_start(&mut self, _offset: u64, _line: u64) {}
    fn skip_movetext(&mut self) -> bool {
        false
    }
    fn begin_game(&mut self);
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind>;
    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind>;
    /// A move token: in the mainline, or (syntax checked) in a variation.
    fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind>;
    /// [`Sink::san`] when the game's text is UTF-8.
    fn san_str(&mut self, san: &str) -> Result<(), PgnErrorKind> {
        self.san(san.as_bytes())
    }
    /// [`Sink::comment`] when the game's text is UTF-8.
    fn comment_str(&mut self, text: &str) {
        self.comment(text.as_bytes());
    }
    fn nag(&mut self, nag: u8);
    fn comment(&mut self, text: &[u8]);
    /// A `(` opens; the reader's builder refuses nesting past its limit.
    fn begin_variation(&mut self) -> Result<(), PgnErrorKind>;
    fn end_variation(&mut self);
    fn result(&mut self, result: &'static str);
}

/// One game's text as the splitter found it.
pub(crate) struct GameText<'a> {
    pub text: &'a [u8],
    /// Where the movetext starts in `text` (after the tags).
    pub movetext: usize,
    /// The line number of `text[0]`.
    pub first_line: u64,
    pub game_number: u64,
    /// The byte offset of `text[0]` in the input.
    pub offset: u64,
}

/// Where a token stands, for error messages: its byte index in the game's
/// text (line and column are counted from it when an error happens).
type Place = usize;

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

pub(crate) fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// A name character of a tag (PGN standard 8.1.1 and what files use).
fn is_tag_name(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-')
}

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
    match value {
        Some(value) if value.contains(&b'\r') => Err(PgnErrorKind::MalformedTag),
        Some(value) => Ok((name, value)),
        None => Err(PgnErrorKind::UnterminatedTag),
    }
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

struct Driver<'a> {
    text: &'a [u8],
    /// The part of `text` checked as UTF-8 in one call, when it is: the
    /// tags for a sink that takes bytes, the whole game for one that takes
    /// text (tokens are then sliced out of it, not checked one by one).
    utf8: Option<&'a str>,
    game_number: u64,
    /// The line number of `text[0]`.
    first_line: u64,
}

impl<'a> Driver<'a> {
    /// `part` (a slice of the game's text) as text.
    fn text_of(&self, part: &'a [u8]) -> Cow<'a, str> {
        match self.str_of(part) {
            Some(s) => Cow::Borrowed(s),
            None => text_of(part),
        }
    }

    /// `part` (a slice of the game's text) as text, when that part of the
    /// game was checked as UTF-8.
    #[inline]
    fn str_of(&self, part: &[u8]) -> Option<&'a str> {
        let start = (part.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize)?;
        self.utf8?.get(start..start + part.len())
    }

    /// The error at byte `at`: its line and column are counted here, from
    /// the game's start (a line ends at `\n`, `\r\n` or a lone `\r`; the
    /// column counts characters, as bytes that do not continue a UTF-8
    /// sequence).
    #[cold]
    #[inline(never)]
    fn error(&self, at: Place, kind: PgnErrorKind) -> PgnError {
        let before = &self.text[..at.min(self.text.len())];
        let mut line = self.first_line;
        let mut line_start = 0;
        for k in memchr::memchr2_iter(b'\n', b'\r', before) {
            if before[k] == b'\r' && self.text.get(k + 1) == Some(&b'\n') {
                continue;
            }
            line += 1;
            line_start = k + 1;
        }
        let chars = before[line_start..]
            .iter()
            .filter(|&&b| b & 0xc0 != 0x80)
            .count();
        PgnError {
            game_number: self.game_number,
            line,
            column: chars as u64 + 1,
            kind,
        }
    }
}

/// Sends one game's events to `visitor`; the first error ends the game.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
pub(crate) fn visit_game<V: Sink + ?Sized>(
    game: &GameText<'_>,
    visitor: &mut V,
) -> Result<(), PgnError> {
    let text = game.text;
    let checked = if V::TEXT {
        text
    } else {
        &text[..game.movetext]
    };
    let d = Driver {
        text,
        utf8: core::str::from_utf8(checked).ok(),
        game_number: game.game_number,
        first_line: game.first_line,
    };
    visitor.game_start(game.offset, game.first_line);
    visitor.begin_game();
    // Tags, one per line.
    let mut fen_place = None;
    let mut i = 0;
    while i < game.movetext {
        let tags = &text[..game.movetext];
        let end = scan::find2(&tags[i..], b'\n', b'\r').map_or(tags.len(), |p| i + p);
        let mut line = &text[i..end];
        let mut at = i;
        if let Some(tag) = indented_tag(line) {
            at += line.len() - tag.len();
            line = tag;
        }
        let first = line.first().copied().unwrap_or(b'\n');
        if !(line.iter().all(|&b| is_blank(b)) || first == b'%' || first == b';') {
            let place = at;
            let (name, value) = match tag_line(line) {
                Ok(tag) => tag,
                // A tag with a comment or other text after it on its line:
                // skipped, as python-chess skips it.
                Err(PgnErrorKind::UnterminatedTag)
                    if memchr::memmem::find(line, b"\"]").is_some() =>
                {
                    i = line_end(text, end);
                    continue;
                }
                Err(k) => return Err(d.error(place, k)),
            };
            let name = d.text_of(name);
            if name == "FEN" {
                fen_place = Some(place);
            }
            visitor
                .tag(&name, &d.text_of(value))
                .map_err(|k| d.error(place, k))?;
        }
        i = line_end(text, end);
    }
    if visitor.skip_movetext() {
        return Ok(());
    }
    let movetext_place = game.movetext;
    if let Err(kind) = visitor.begin_movetext() {
        let place = match kind {
            PgnErrorKind::Fen(_) => fen_place.unwrap_or(movetext_place),
            _ => movetext_place,
        };
        return Err(d.error(place, kind));
    }
    movetext(&d, game.movetext, visitor)
}

/// Where the next line starts, for a line that ends at `end` (on `\n`,
/// `\r\n`, a lone `\r`, or the end of the text).
fn line_end(text: &[u8], end: usize) -> usize {
    match text.get(end) {
        Some(b'\r') if text.get(end + 1) == Some(&b'\n') => end + 2,
        Some(_) => end + 1,
        None => end,
    }
}

/// Where a `;` comment or `%` line that starts at `i` ends: at its line end.
fn rest_of_line(text: &[u8], i: usize) -> usize {
    scan::find2(&text[i..], b'\n', b'\r').map_or(text.len(), |k| i + k)
}

pub(crate) fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => lossy(bytes),
    }
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

#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
fn movetext<V: Sink + ?Sized>(
    d: &Driver<'_>,
    start: usize,
    visitor: &mut V,
) -> Result<(), PgnError> {
    let text = d.text;
    let mut i = start;
    // Open variations, with where the innermost opened.
    let mut depth = 0u32;
    let mut last_open = start;
    while i < text.len() {
        let b = text[i];
        match b {
            // Lines are not counted here: an error counts them.
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => i += 1,
            // An escape line (PGN standard 6): `%` in the first column
            // (after `\n`, or a lone `\r`, which ends a line too).
            b'%' if i == start || matches!(text[i - 1], b'\n' | b'\r') => {
                i = rest_of_line(text, i);
            }
            // A tag pair in movetext (an indented tag line): skipped, as
            // python-chess skips it.
            b'[' if looks_like_tag(&text[i..rest_of_line(text, i)]) => {
                let line = &text[i..rest_of_line(text, i)];
                i += memchr::memmem::rfind(line, b"\"]").map_or(line.len(), |k| k + 2);
            }
            b'{' => {
                // One search for the `}` (comments do not nest).
                let Some(k) = scan::find(&text[i + 1..], b'}') else {
                    return Err(d.error(i, PgnErrorKind::UnterminatedComment));
                };
                let close = i + 1 + k;
                let body = strip_one_blank(&text[i + 1..close]);
                match d.str_of(body) {
                    Some(body) if V::TEXT => visitor.comment_str(body),
                    _ => visitor.comment(body),
                }
                i = close + 1;
            }
            b';' => i = rest_of_line(text, i),
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
                let digits = text[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let word_end = i + 1 + text[i + 1..].iter().take_while(|&&b| !ends_word(b)).count();
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
            // A move number (`12.`, `12...`, `12`) eaten in place; a word
            // that only starts with digits (`0-1`, `1/2-1/2`, `0-0`, the
            // null move `0000`) is read as a word below.
            _ => {
                if b.is_ascii_digit() {
                    let number = move_number(text, i);
                    if number > 0 {
                        i += number;
                        continue;
                    }
                }
                let len = text[i..]
                    .iter()
                    .take_while(|&&b| !ends_word(b))
                    .count()
                    .max(1);
                let place = i;
                let word = &text[i..i + len];
                i += len;
                word_token(d, place, word, depth, visitor)?;
            }
        }
    }
    if depth > 0 {
        let kind = PgnErrorKind::Parenthesis("a ( is never closed");
        return Err(d.error(last_open, kind));
    }
    Ok(())
}

/// A comment's text without one space after `{` and one before `}`.
fn strip_one_blank(body: &[u8]) -> &[u8] {
    let body = body.strip_prefix(b" ").unwrap_or(body);
    body.strip_suffix(b" ").unwrap_or(body)
}

const NULL_MOVES: [&[u8]; 4] = [b"--", b"Z0", b"0000", b"@@@@"];

/// The length of the move number at `i` (digits, then dots; or digits
/// alone ending the word), or 0 when the word there is something else.
#[inline]
fn move_number(text: &[u8], i: usize) -> usize {
    let digits = text[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = text[i + digits..]
        .iter()
        .take_while(|&&b| b == b'.')
        .count();
    let len = digits + dots;
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

/// A word of movetext: a result, a move number, a move, or several of these
/// run together (`1.e4`).
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
fn word_token<V: Sink + ?Sized>(
    d: &Driver<'_>,
    place: Place,
    word: &[u8],
    depth: u32,
    visitor: &mut V,
) -> Result<(), PgnError> {
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
        return Ok(());
    }
    let mut place = place;
    let mut san = word;
    if !NULL_MOVES.contains(&word) {
        // A move number: digits, then dots (or nothing but digits).
        let digits = san.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = san[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits == san.len() || dots > 0 {
            san = &san[digits + dots..];
            place += digits + dots;
        }
        if san.is_empty() {
            return Ok(());
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
    match d.str_of(san) {
        Some(san) if V::TEXT => visitor.san_str(san),
        _ => visitor.san(san),
    }
    .map_err(|k| d.error(place, k))
}
