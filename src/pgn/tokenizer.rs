//! The tokenizer: a game's text in, events out to a [`Sink`] (the reader's
//! game builder, or a [`Visitor`](super::Visitor)). No allocation unless a
//! game is in error.
//!
//! It reads in one pass: where a game ends (a blank line outside a
//! comment, a tag line) is found on the way, as the line splitter of
//! [`Reader`](super::Reader) finds it ([`Bound::Open`]). Where that takes
//! more than the line at hand (a `{` comment over several lines with a `[`
//! in it, a tag pair inside movetext), the splitter finds the end and the
//! tokenizer goes on within it ([`Bound::Known`]); so does a reader that
//! cuts games for worker threads. Only text handed over as text is checked
//! as UTF-8: tag names and values, and (for a visitor) moves and comments.

mod movetext;
mod tags;
mod utf8;

pub(crate) use tags::{indented_tag, looks_like_tag};

use super::error::{PgnError, PgnErrorKind};
use super::scan;
use alloc::borrow::Cow;
use alloc::string::String;
use movetext::movetext;
use tags::{known_tags, open_tags};
use utf8::Utf8;

/// What the tokenizer sends its events to: a [`Visitor`](super::Visitor) (through
/// [`Visiting`](super::visit::Visiting)), or the reader's own game builder, which takes bytes.
pub(crate) trait Sink {
    /// Whether moves and comments are wanted as text ([`Sink::san_str`],
    /// [`Sink::comment_str`]) rather than as bytes: the tokenizer then
    /// checks the text as UTF-8 a stretch at a time (far cheaper than one
    /// token at a time).
    const TEXT: bool = false;
    fn game_start(&mut self, _offset: u64, _line: u64) {}
    fn skip_movetext(&mut self) -> bool {
        false
    }
    fn begin_game(&mut self);
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind>;
    /// [`Sink::tag`] when `value` is known to hold no `\\` (no escape).
    fn tag_without_escape(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.tag(name, value)
    }
    /// [`Sink::tag_without_escape`] of a plain tag line's pair: `pair` is
    /// the line's `name "value`, `name` and `value` its parts.
    fn tag_pair(&mut self, _pair: &str, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.tag_without_escape(name, value)
    }
    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind>;
    /// A move token: in the mainline, or (syntax checked) in a variation.
    fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind>;
    /// [`Sink::san`] when the move is UTF-8.
    fn san_str(&mut self, san: &str) -> Result<(), PgnErrorKind> {
        self.san(san.as_bytes())
    }
    /// [`Sink::comment`] when the comment is UTF-8.
    fn comment_str(&mut self, text: &str, at: usize) {
        self.comment(text.as_bytes(), at);
    }
    fn nag(&mut self, nag: u8);
    /// A `{}` comment's text, which starts at byte `at` of the game's text.
    fn comment(&mut self, text: &[u8], at: usize);
    /// A `(` opens; the reader's builder refuses nesting past its limit.
    fn begin_variation(&mut self) -> Result<(), PgnErrorKind>;
    fn end_variation(&mut self);
    fn result(&mut self, result: &'static str);
    /// Whether [`Sink::movetext_read`] is wanted.
    const CHECKED: bool = false;
    /// The movetext was read to the game's end (no error), the game's text
    /// `text` at hand: `checked` is `text[base..]` as far as the tokenizer
    /// checked it as UTF-8 (the stretch of [`Utf8`] read last, for tags
    /// or tokens), so that the sink need not check those bytes again; no
    /// line end (`\n` or `\r`) is in `text[one_line.0..one_line.1]`.
    fn movetext_read(
        &mut self,
        _text: &[u8],
        _base: usize,
        _checked: &str,
        _one_line: (usize, usize),
    ) {
    }
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

/// One game's text and where it stands in the input, for the tokenizer.
pub(crate) struct Driver<'a> {
    /// The game's text from its first byte: the whole game when its end is
    /// known ([`Bound::Known`]), else as much of the input as is at hand.
    pub(crate) text: &'a [u8],
    pub(crate) game_number: u64,
    /// The line number of `text[0]`.
    pub(crate) first_line: u64,
    /// The byte offset of `text[0]` in the input.
    pub(crate) offset: u64,
}

impl Driver<'_> {
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

/// What the tokenizer knows of where the game ends.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Bound {
    /// The text is the whole game (the line splitter found its end), its
    /// movetext starting at this index.
    Known { movetext: usize },
    /// The game's end is found while tokenizing, in the same pass; `eof`:
    /// the text runs to the end of the input.
    Open { eof: bool },
}

/// How far the tokenizer went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The game ends here: its text is `text[..end]`.
    Done(usize),
    /// More input is needed to go on (never at the end of input).
    More,
    /// Where the game ends is not for the tokenizer to tell: a `{` comment
    /// over several lines that may hold a tag section (or is not closed),
    /// a tag pair inside movetext, or movetext skipped by the sink. The
    /// line splitter finds the end; the tokenizer then goes on in bounds.
    Unsure,
}

/// Where the tokenizer stands in a game, so that it can stop (for more
/// input, or for the game's end to be found) and go on from there.
#[derive(Default)]
pub(crate) struct Cursor {
    /// The next byte to read, from the game's start.
    i: usize,
    started: bool,
    /// In the tag section (one pass): blank lines since the last tag.
    blanks: u32,
    /// Where the movetext starts, once known.
    pub(crate) movetext: Option<usize>,
    /// Where the game ends, when its tag section says so (one pass).
    end: Option<usize>,
    in_movetext: bool,
    skipped: bool,
    fen_place: Option<Place>,
    /// Open variations, and where the innermost opened.
    depth: u32,
    last_open: Place,
    /// Line ends passed (one pass): the next game's first line follows.
    pub(crate) lines: u64,
    /// A stretch of the game's last line with no line end in it, as the
    /// game ended (one pass; empty when not known).
    one_line: (usize, usize),
}

/// Sends one game's events to `visitor` (its text as the line splitter
/// cut it); the first error ends the game.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
pub(crate) fn visit_game<V: Sink + ?Sized>(
    game: &GameText<'_>,
    visitor: &mut V,
) -> Result<(), PgnError> {
    let d = Driver {
        text: game.text,
        game_number: game.game_number,
        first_line: game.first_line,
        offset: game.offset,
    };
    let bound = Bound::Known {
        movetext: game.movetext,
    };
    tokenize(&d, &mut Cursor::default(), bound, visitor).map(|_| ())
}

/// Sends a game's events to `visitor` from where `cur` stands; the first
/// error ends the game. With [`Bound::Known`] the answer is `Done` (the
/// text's length) or the error; with [`Bound::Open`] the game's end is
/// found on the way, as the line splitter finds it (an error then leaves
/// the end to the splitter).
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
pub(crate) fn tokenize<V: Sink + ?Sized>(
    d: &Driver<'_>,
    cur: &mut Cursor,
    bound: Bound,
    visitor: &mut V,
) -> Result<Step, PgnError> {
    if !cur.started {
        cur.started = true;
        visitor.game_start(d.offset, d.first_line);
        visitor.begin_game();
    }
    let mut utf8 = Utf8::new(d.text);
    if !cur.in_movetext {
        match bound {
            Bound::Known { movetext } => known_tags(d, cur, &mut utf8, movetext, visitor)?,
            Bound::Open { eof } => {
                if let Some(step) = open_tags(d, cur, &mut utf8, eof, visitor)? {
                    return Ok(step);
                }
            }
        }
        cur.in_movetext = true;
        let movetext = cur.movetext.unwrap_or(d.text.len());
        cur.i = movetext;
        cur.last_open = movetext;
        if visitor.skip_movetext() {
            cur.skipped = true;
        } else if let Err(kind) = visitor.begin_movetext() {
            let place = match kind {
                PgnErrorKind::Fen(_) => cur.fen_place.unwrap_or(movetext),
                _ => movetext,
            };
            return Err(d.error(place, kind));
        }
    }
    if cur.skipped {
        return Ok(match (bound, cur.end) {
            (Bound::Known { .. }, _) => Step::Done(d.text.len()),
            (Bound::Open { .. }, Some(end)) => Step::Done(end),
            (Bound::Open { .. }, None) => Step::Unsure,
        });
    }
    let step = movetext(d, cur, &mut utf8, bound, visitor)?;
    if V::CHECKED && matches!(step, Step::Done(_)) {
        let (base, checked) = utf8.checked();
        visitor.movetext_read(d.text, base, checked, cur.one_line);
    }
    Ok(step)
}

/// A line of nothing but blanks (its line end not included).
pub(crate) fn is_blank_line(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
}

/// The line ends in `bytes` (`\r\n` one, a lone `\r` one).
fn count_line_ends(bytes: &[u8]) -> u64 {
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(|&k| !(bytes[k] == b'\r' && bytes.get(k + 1) == Some(&b'\n')))
        .count() as u64
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

/// Where a `;` comment or `%` line that starts at `i` ends: at its line
/// end (`None`: not in the text at hand).
fn rest_of_line(text: &[u8], i: usize) -> Option<usize> {
    scan::find2(&text[i..], b'\n', b'\r').map(|k| i + k)
}

pub(crate) fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match core::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => lossy(bytes),
    }
}
