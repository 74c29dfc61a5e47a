//! The streaming reader: reads the input game by game in one pass (a
//! buffer that holds at most the current game, or the caller's slice), and
//! builds a `PgnGame` from each.

use super::build::{Builder, Room, read_again};
use super::error::{PgnError, PgnErrorKind};
use super::game::Origin;
use super::game::PgnGame;
use super::scan;
use super::tokenizer::{
    Bound, Cursor, Driver, GameText, Sink, Step, indented_tag, is_blank_line, looks_like_tag,
    tokenize,
};
use super::visit::{Visiting, Visitor};
use alloc::vec::Vec;
use std::io::{self, Read};

const CHUNK: usize = 1 << 16;

/// Reads games from any [`Read`], one [`PgnGame`] (or [`PgnError`]) per
/// game, validating every mainline move with the Laws of Chess. It streams
/// through a buffer that holds the current game, never the whole input,
/// and after an error goes on with the next game.
///
/// A `{` comment that is never closed is an error where it opened; so that
/// it does not swallow the rest of the file, an empty line followed by tag
/// lines and another empty line (or the end of input) ends it and starts
/// the next game, unless a `}` on those tag lines closes it.
///
/// As python-chess reads them: a line ends at `\n`, `\r\n` or a lone `\r`;
/// a byte-order mark may open any game; a tag line with other text after
/// its `"]` is skipped. As pgn-extract reads them (python-chess drops
/// them): a tag line with a comment after its `"]` (`[Event "x"] {c}`,
/// `[Site "y"] ; r`) is a tag, the comment dropped, and an indented tag
/// line is a tag line (starting the next game after movetext); a tag pair
/// inside a line of movetext is passed over.
///
/// ```
/// use chess_arbiter::pgn::Reader;
///
/// let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
/// for item in Reader::new(pgn.as_bytes()) {
///     let game = item.unwrap();
///     assert_eq!(game.tag("Event"), Some("Casual"));
///     assert!(game.game().position().is_checkmate());
/// }
/// ```
pub struct Reader<R> {
    src: R,
    buf: Vec<u8>,
    /// The next unread byte.
    pos: usize,
    /// The end of the bytes read so far.
    end: usize,
    /// The first byte that must stay in the buffer (the current game's).
    mark: usize,
    eof: bool,
    /// A lookahead position, kept valid when the buffer moves.
    look: usize,
    /// The line number of `buf[pos]`.
    line: u64,
    games: u64,
    failed: bool,
    /// Bytes dropped from the front of `buf` so far: `buf[0]`'s offset.
    dropped: u64,
    /// Where the last game found starts: byte offset and line.
    last_origin: Origin,
    /// Variations are read for their syntax only ([`Reader::mainline_only`]).
    pub(crate) mainline_only: bool,
    /// Set by [`Reader::from_slice`]: the input is `src` itself, read in
    /// place (`buf` stays empty).
    borrowed: Option<fn(&R) -> &[u8]>,
    /// The room the last game read needed: the next one gets as much.
    room: Room,
}

impl<R: Read> Reader<R> {
    /// A reader of the PGN games in `read` (buffered internally: a plain
    /// `File` needs no `BufReader`). Text is UTF-8 (a byte-order mark and
    /// CRLF line ends are fine).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let games: Vec<_> = Reader::new("\u{feff}1. d4 d5 *\r\n\r\n1. c4 *\r\n".as_bytes()).collect();
    /// assert_eq!(games.len(), 2);
    /// assert!(games.iter().all(|g| g.is_ok()));
    /// ```
    pub fn new(read: R) -> Reader<R> {
        Reader {
            src: read,
            buf: Vec::new(),
            pos: 0,
            end: 0,
            mark: 0,
            look: 0,
            eof: false,
            line: 1,
            games: 0,
            failed: false,
            dropped: 0,
            last_origin: Origin::default(),
            mainline_only: false,
            borrowed: None,
            room: Room::default(),
        }
    }

    /// The input read so far: `data()[..self.end]` holds it from byte
    /// offset `self.dropped`.
    #[inline]
    fn data(&self) -> &[u8] {
        match self.borrowed {
            Some(slice) => slice(&self.src),
            None => &self.buf,
        }
    }

    /// The same reader, reading each game's variations for their syntax
    /// only: their moves are not played (an illegal one is no error) and
    /// nothing of them is kept ([`PgnGame::variations`] is empty), which
    /// spares a caller who reads the mainline alone the cost of building
    /// them. A variation that is not well formed (an unreadable move, a `)`
    /// that closes nothing) is still an error.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// // The variation's second move is illegal: an error unless only the
    /// // mainline is read.
    /// let pgn = "1. f3 e5 2. g4 (2. Nc3 Bxh1) Qh4# 0-1\n";
    /// assert!(Reader::new(pgn.as_bytes()).next().unwrap().is_err());
    /// let game = Reader::new(pgn.as_bytes()).mainline_only().next().unwrap()?;
    /// assert!(game.game().position().is_checkmate());
    /// assert!(game.variations(2).is_empty());
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    #[must_use]
    pub fn mainline_only(mut self) -> Reader<R> {
        self.mainline_only = true;
        self
    }

    /// Reads more input, keeping `buf[mark..]`. False at the end of input.
    fn refill(&mut self) -> io::Result<bool> {
        if self.eof || self.borrowed.is_some() {
            self.eof = true;
            return Ok(false);
        }
        if self.end == self.buf.len() {
            if self.mark > 0 {
                self.dropped += self.mark as u64;
                self.buf.copy_within(self.mark..self.end, 0);
                self.pos -= self.mark;
                self.look = self.look.saturating_sub(self.mark);
                self.end -= self.mark;
                self.mark = 0;
            }
            if self.end + CHUNK / 2 > self.buf.len() {
                let grown = (self.buf.len() * 2).max(CHUNK);
                self.buf.resize(grown, 0);
            }
        }
        loop {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The line at `pos`: where its text ends (before its line end: `\n`,
    /// `\r\n` or a lone `\r`) and where the next line starts; `None` at
    /// the end of input.
    fn find_line(&mut self) -> io::Result<Option<(usize, usize)>> {
        self.look = self.pos;
        self.find_line_at_look()
    }

    /// The line at `look` (see [`Reader::find_line`]).
    fn find_line_at_look(&mut self) -> io::Result<Option<(usize, usize)>> {
        let mut scanned = self.look;
        loop {
            match scan::find2(&self.data()[scanned..self.end], b'\n', b'\r') {
                Some(k) => {
                    let at = scanned + k;
                    if self.data()[at] == b'\n' {
                        return Ok(Some((at, at + 1)));
                    }
                    // A CR: with a LF after it one line end, alone another
                    // (old Mac files); the byte after it must be read first.
                    if at + 1 < self.end {
                        let lf = self.data()[at + 1] == b'\n';
                        return Ok(Some((at, at + 1 + usize::from(lf))));
                    }
                    if self.eof {
                        return Ok(Some((at, at + 1)));
                    }
                    scanned = at;
                }
                None => scanned = self.end,
            }
            let before = self.look;
            let more = self.refill()?;
            scanned -= before - self.look;
            if !more && scanned >= self.end {
                return Ok((self.look < self.end).then_some((self.end, self.end)));
            }
        }
    }

    /// Whether the lines after `pos` are a tag section: tag lines, then an
    /// empty line or the end of input, and no `}` that would close the
    /// comment.
    fn tag_section_follows(&mut self) -> io::Result<bool> {
        self.look = self.pos;
        let mut tags = 0;
        while let Some((cend, next)) = self.find_line_at_look()? {
            let line = &self.data()[self.look..cend];
            if line.contains(&b'}') {
                // The comment closes here after all.
                return Ok(false);
            }
            if looks_like_tag(line) {
                tags += 1;
            } else {
                return Ok(tags > 0 && is_blank_line(line));
            }
            self.look = next;
        }
        Ok(tags > 0)
    }

    fn consume(&mut self, next: usize) {
        self.pos = next;
        self.line += 1;
    }

    /// Gives a huge game's memory back once it is over.
    fn shrink(&mut self) {
        if self.buf.len() > 16 * CHUNK && self.end - self.pos < CHUNK {
            self.dropped += self.pos as u64;
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
            self.mark = 0;
            self.buf.truncate(2 * CHUNK);
            self.buf.shrink_to_fit();
        }
    }

    /// Passes over what comes between games (empty lines, escape lines,
    /// `;` lines, a byte-order mark) to the next game's first byte, where
    /// `mark` and `pos` then stand; `false` at the end of input. The game
    /// is counted and its origin noted.
    fn find_game_start(&mut self) -> io::Result<bool> {
        self.shrink();
        loop {
            self.mark = self.pos;
            let Some((cend, next)) = self.find_line()? else {
                return Ok(false);
            };
            self.mark = self.pos;
            let line = &self.data()[self.pos..cend];
            if line.starts_with(BOM) {
                // A byte-order mark opens any game (files joined by `cat`).
                self.pos += BOM.len();
                continue;
            }
            if !(is_blank_line(line) || line.starts_with(b"%") || line.starts_with(b";")) {
                break;
            }
            self.consume(next);
        }
        self.games += 1;
        self.last_origin = Origin {
            offset: self.dropped + self.pos as u64,
            line: self.line,
        };
        Ok(true)
    }

    /// From a game's first byte (`pos`), finds where it ends (game
    /// splitting as readers in the wild do it: tags, then movetext up to
    /// an empty line outside a comment) and goes there; where its movetext
    /// starts, from the game's first byte.
    fn find_game_end(&mut self) -> io::Result<usize> {
        // Tags.
        let mut blanks = 0;
        let mut movetext = None;
        while let Some((cend, next)) = self.find_line()? {
            let line = &self.data()[self.pos..cend];
            if line.starts_with(b"[") || indented_tag(line).is_some() {
                if blanks >= 2 {
                    movetext = Some(self.pos);
                    break;
                }
                blanks = 0;
            } else if is_blank_line(line) {
                blanks += 1;
                if blanks > 2 {
                    self.consume(next);
                    movetext = Some(self.pos);
                    break;
                }
            } else if !(line.starts_with(b"%") || line.starts_with(b";")) {
                break;
            }
            self.consume(next);
        }
        let movetext_start = self.pos - self.mark;
        if movetext.is_none() {
            // Movetext, to an empty line outside a comment.
            let mut in_comment = false;
            let mut prev_blank = false;
            while let Some((mut cend, mut next)) = self.find_line()? {
                // A comment never closed: a tag section after an empty
                // line is the next game (the error is the comment's).
                if in_comment && prev_blank && looks_like_tag(&self.data()[self.pos..cend]) {
                    if self.tag_section_follows()? {
                        break;
                    }
                    // The lookahead may have moved the buffer.
                    let Some(again) = self.find_line()? else {
                        break;
                    };
                    (cend, next) = again;
                }
                let line = &self.data()[self.pos..cend];
                let blank = is_blank_line(line);
                if !in_comment && blank {
                    self.consume(next);
                    break;
                }
                if !in_comment
                    && (line.starts_with(b"[")
                        || line.starts_with(b"\xef\xbb\xbf[")
                        || indented_tag(line).is_some())
                {
                    break;
                }
                if in_comment || !line.starts_with(b"%") {
                    in_comment = scan_comments(line, in_comment);
                }
                prev_blank = blank;
                self.consume(next);
            }
        }
        Ok(movetext_start)
    }

    /// Finds the next game's text with the line splitter alone: for the
    /// worker threads of [`Reader::with_threads`], which tokenize it.
    pub(crate) fn next_text(&mut self) -> io::Result<Option<GameText<'_>>> {
        if !self.find_game_start()? {
            return Ok(None);
        }
        let movetext = self.find_game_end()?;
        Ok(Some(self.game_text(movetext)))
    }

    /// The game just read: `data()[mark..pos]`.
    fn game_text(&self, movetext: usize) -> GameText<'_> {
        GameText {
            text: &self.data()[self.mark..self.pos],
            movetext,
            first_line: self.last_origin.line,
            game_number: self.games,
            offset: self.last_origin.offset,
        }
    }

    /// Reads the next game in one pass, its events sent to `sink`: the
    /// game's end is found while it is tokenized. The game's text is then
    /// [`Reader::game_text`].
    fn read_game<V: Sink + ?Sized>(&mut self, sink: &mut V) -> Next {
        if self.failed {
            return Next::End;
        }
        match self.read_game_io(sink) {
            Ok(next) => next,
            Err(e) => Next::Failed(self.io_error(e)),
        }
    }

    fn read_game_io<V: Sink + ?Sized>(&mut self, sink: &mut V) -> io::Result<Next> {
        if !self.find_game_start()? {
            return Ok(Next::End);
        }
        let first_line = self.line;
        let mut cur = Cursor::default();
        loop {
            let d = Driver {
                text: &self.data()[self.mark..self.end],
                game_number: self.games,
                first_line,
                offset: self.last_origin.offset,
            };
            let step = tokenize(&d, &mut cur, Bound::Open { eof: self.eof }, sink);
            match step {
                Ok(Step::Done(end)) => {
                    self.pos = self.mark + end;
                    self.line += cur.lines;
                    let movetext = cur.movetext.unwrap_or(end);
                    return Ok(Next::Game(Ok(()), movetext));
                }
                Ok(Step::More) => {
                    self.pos = self.mark;
                    self.refill()?;
                }
                Ok(Step::Unsure) | Err(_) => {
                    // The line splitter finds the end.
                    self.pos = self.mark;
                    self.line = first_line;
                    let movetext = self.find_game_end()?;
                    if let Err(e) = step {
                        return Ok(Next::Game(Err(e), movetext));
                    }
                    let d = Driver {
                        text: &self.data()[self.mark..self.pos],
                        game_number: self.games,
                        first_line,
                        offset: self.last_origin.offset,
                    };
                    let done = tokenize(&d, &mut cur, Bound::Known { movetext }, sink);
                    return Ok(Next::Game(done.map(|_| ()), movetext));
                }
            }
        }
    }

    /// Sends the next game to `visitor`: `None` at the end of input, else
    /// whether the game was read without error.
    fn visit_next<V: Sink + ?Sized>(&mut self, visitor: &mut V) -> Option<Result<(), PgnError>> {
        match self.read_game(visitor) {
            Next::End => None,
            Next::Failed(e) => Some(Err(e)),
            Next::Game(read, _) => Some(read),
        }
    }

    /// An error reading the input, where it happened; the reader stops.
    pub(crate) fn io_error(&mut self, e: io::Error) -> PgnError {
        self.failed = true;
        PgnError {
            game_number: self.games + 1,
            line: self.line,
            column: 1,
            kind: PgnErrorKind::Io(e),
        }
    }
}

const BOM: &[u8] = b"\xef\xbb\xbf";

impl<'a> Reader<&'a [u8]> {
    /// A reader of the PGN games in `bytes`, read in place: no copy of the
    /// input is made (a [`Read`] is copied through a buffer), so a file
    /// already in memory reads faster this way. The items are those of
    /// [`Reader::new`] over the same bytes.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let pgn = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let games: Vec<_> = Reader::from_slice(pgn).collect::<Result<_, _>>()?;
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[1].tag("Event"), Some("b"));
    /// assert_eq!(games, Reader::new(&pgn[..]).collect::<Result<Vec<_>, _>>()?);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn from_slice(bytes: &'a [u8]) -> Reader<&'a [u8]> {
        /// The whole input, borrowed from the reader's source.
        fn whole<'r>(src: &'r &[u8]) -> &'r [u8] {
            src
        }
        let mut reader = Reader::new(bytes);
        reader.borrowed = Some(whole);
        reader.end = bytes.len();
        reader.eof = true;
        reader
    }
}

/// What [`Reader::read_game`] found.
enum Next {
    /// The end of input.
    End,
    /// An error reading the input: the reader stops.
    Failed(PgnError),
    /// A game, as the sink read it, and where its movetext starts.
    Game(Result<(), PgnError>, usize),
}

/// Whether a `{` comment is still open at the end of `line`.
fn scan_comments(line: &[u8], in_comment: bool) -> bool {
    if scan::find(line, b';').is_none() {
        // Without `;`, whatever came before the last `}` is closed (it
        // closed a comment, or stood outside one): a comment is open at
        // the end when a `{` follows it, or when there is no `}` and a
        // comment was open or opens.
        return match scan::rfind(line, b'}') {
            Some(close) => scan::find(&line[close..], b'{').is_some(),
            None => in_comment || scan::find(line, b'{').is_some(),
        };
    }
    scan_comments_slowly(line, in_comment)
}

/// [`scan_comments`] comment by comment, for lines with a `;`.
fn scan_comments_slowly(line: &[u8], mut in_comment: bool) -> bool {
    let mut rest = line;
    loop {
        if in_comment {
            match scan::find(rest, b'}') {
                Some(k) => {
                    in_comment = false;
                    rest = &rest[k + 1..];
                }
                None => return true,
            }
        } else {
            match scan::find2(rest, b'{', b';') {
                Some(k) if rest[k] == b'{' => {
                    in_comment = true;
                    rest = &rest[k + 1..];
                }
                _ => return false,
            }
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut builder = Builder::new(self.mainline_only, self.room);
        let (read, movetext) = match self.read_game(&mut builder) {
            Next::End => return None,
            Next::Failed(e) => return Some(Err(e)),
            Next::Game(read, movetext) => (read, movetext),
        };
        let built = read_again(builder, read, &self.game_text(movetext));
        let game = built.map(|builder| finish(builder, self.last_origin));
        if let Ok(game) = &game {
            self.room = Room::of(game);
        }
        Some(game)
    }
}

/// One game as cut from the input, and as read: for the Arrow batches,
/// whose rows are the reader's games.
#[cfg(any(
    feature = "arrow-57",
    feature = "arrow-58",
    feature = "arrow-59",
    feature = "arrow-60"
))]
pub(crate) struct Record<'a> {
    /// The game's text, from its first line (after a byte-order mark).
    pub(crate) text: &'a [u8],
    /// Where the movetext starts in `text`.
    pub(crate) movetext: usize,
    /// The byte offset of `text` in the input.
    pub(crate) offset: u64,
    pub(crate) game: Result<PgnGame, PgnError>,
}

#[cfg(any(
    feature = "arrow-57",
    feature = "arrow-58",
    feature = "arrow-59",
    feature = "arrow-60"
))]
impl<R: Read> Reader<R> {
    /// The next game with its text, cut and read as [`Iterator::next`]
    /// reads it, with the variations read for syntax only when
    /// `mainline_only`; `None` at the end of input. After an error reading
    /// the input, the caller stops.
    pub(crate) fn next_record(&mut self, mainline_only: bool) -> Option<io::Result<Record<'_>>> {
        let mut builder = Builder::new(mainline_only, self.room);
        let (read, movetext) = match self.read_game(&mut builder) {
            Next::End => return None,
            Next::Failed(PgnError {
                kind: PgnErrorKind::Io(e),
                ..
            }) => return Some(Err(e)),
            Next::Failed(e) => return Some(Err(io::Error::other(alloc::format!("{e}")))),
            Next::Game(read, movetext) => (read, movetext),
        };
        let origin = self.last_origin;
        let game = read_again(builder, read, &self.game_text(movetext)).map(|b| finish(b, origin));
        if let Ok(game) = &game {
            self.room = Room::of(game);
        }
        let text = self.game_text(movetext);
        Some(Ok(Record {
            text: text.text,
            movetext,
            offset: text.offset,
            game,
        }))
    }
}

/// The game a builder built, with where it was read.
pub(crate) fn finish(builder: Builder, origin: Origin) -> PgnGame {
    let mut game = builder.finish();
    game.origin = origin;
    game
}

/// Reads every game of `read` and sends its parts to `visitor`, without
/// building a [`Game`](crate::Game); a game with an error ends early, with
/// [`Visitor::end_game`] told why. Returns the number of games.
///
/// # Errors
///
/// An error reading the input.
///
/// ```
/// use chess_arbiter::pgn::{visit, Visitor};
/// struct Nothing;
/// impl Visitor for Nothing {}
/// assert_eq!(visit("1. e4 *\n\n1. d4 *\n\n1. c4 *\n".as_bytes(), &mut Nothing).unwrap(), 3);
/// ```
pub fn visit<R: Read, V: Visitor + ?Sized>(read: R, visitor: &mut V) -> io::Result<u64> {
    visit_all(&mut Reader::new(read), visitor)
}

/// [`visit`] over bytes in memory, read in place (no copy, as
/// [`Reader::from_slice`] reads them). Returns the number of games.
///
/// ```
/// use chess_arbiter::pgn::{visit_slice, Visitor};
/// struct Moves(usize);
/// impl Visitor for Moves {
///     fn san(&mut self, _: &str) -> Result<(), chess_arbiter::pgn::PgnErrorKind> {
///         self.0 += 1;
///         Ok(())
///     }
/// }
/// let mut moves = Moves(0);
/// assert_eq!(visit_slice(b"1. e4 e5 *\n\n1. d4 *\n", &mut moves), 2);
/// assert_eq!(moves.0, 3);
/// ```
pub fn visit_slice<V: Visitor + ?Sized>(bytes: &[u8], visitor: &mut V) -> u64 {
    let mut reader = Reader::from_slice(bytes);
    // Bytes in memory cannot fail to read.
    visit_all(&mut reader, visitor).unwrap_or(reader.games)
}

fn visit_all<R: Read, V: Visitor + ?Sized>(
    reader: &mut Reader<R>,
    visitor: &mut V,
) -> io::Result<u64> {
    while let Some(result) = reader.visit_next(&mut Visiting(visitor)) {
        match result {
            Ok(()) => visitor.end_game(None),
            Err(PgnError {
                kind: PgnErrorKind::Io(e),
                ..
            }) => return Err(e),
            Err(e) => visitor.end_game(Some(&e)),
        }
    }
    Ok(reader.games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::build::build_with;
    use alloc::string::String;

    /// A game as compared: the game and where it starts, or the error.
    type Seen = Result<(PgnGame, u64, u64), alloc::string::String>;

    fn seen(item: Result<PgnGame, PgnError>) -> Seen {
        item.map(|g| {
            let (offset, line) = (g.byte_offset(), g.first_line());
            (g, offset, line)
        })
        .map_err(|e| alloc::format!("{e} {:?}", e.ply()))
    }

    /// A `Read` that hands over a few bytes at a time.
    struct Trickle<'a>(&'a [u8], u64);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = self.1.wrapping_mul(6364136223846793005).wrapping_add(1);
            let n = (1 + (self.1 >> 61) as usize)
                .min(buf.len())
                .min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn one_pass_cuts_and_reads_every_game_as_the_line_splitter_does() {
        const PARTS: [&[u8]; 40] = [
            b"[Event \"x\"]",
            b"[Site \"{y\"]",
            b"\n",
            b"\n",
            b"\r\n",
            b"\r",
            b" ",
            b"\t",
            b"{",
            b"}",
            b";",
            b"%",
            b"(",
            b")",
            b"1.",
            b"...",
            b"e4",
            b"e5",
            b"Nf3",
            b"*",
            b"1-0",
            b"\xef\xbb\xbf",
            b"  [Site \"y\"]",
            b"[",
            b"\"]",
            b"$1",
            b"!?",
            b"\n\n",
            b"{c\n\n[A \"b\"]\n\n}",
            b"f3",
            b"g4",
            b"Qh4#",
            b"0-1",
            b"\x0b",
            b"\xff",
            b"{ [%clk 0:01:00] }",
            b"\n \n",
            b"\t[W \"z\"]",
            b"{\n}",
            b"[%x]",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3000 {
            let mut text = Vec::new();
            for _ in 0..1 + next() % 40 {
                text.extend_from_slice(PARTS[(next() % PARTS.len() as u64) as usize]);
            }
            let mut by_lines = Vec::new();
            let mut reader = Reader::new(&text[..]);
            while let Some(game) = reader.next_text().unwrap() {
                let origin = Origin {
                    offset: game.offset,
                    line: game.first_line,
                };
                by_lines.push(seen(
                    build_with(&game, false, Room::default()).map(|b| finish(b, origin)),
                ));
            }
            let one_pass: Vec<Seen> = Reader::new(Trickle(&text, next())).map(seen).collect();
            let name = String::from_utf8_lossy(&text);
            assert_eq!(one_pass, by_lines, "{name:?}");
            let in_place: Vec<Seen> = Reader::from_slice(&text).map(seen).collect();
            assert_eq!(in_place, by_lines, "{name:?}");
        }
    }

    /// A game as the reader gives it, with what its ruling says.
    fn ruled(item: Result<PgnGame, PgnError>) -> Result<(PgnGame, String), String> {
        item.map(|g| {
            let outcome = alloc::format!("{:?}", g.game().outcome());
            (g, outcome)
        })
        .map_err(|e| alloc::format!("{e} {:?}", e.ply()))
    }

    #[test]
    fn games_ruled_in_place_equal_games_ruled_move_by_move() {
        use crate::pgn::build::build_ruled;
        use crate::{Move, Position};
        use core::fmt::Write;
        // Starts from which random play reaches dead positions: by
        // insufficient material, behind a locked pawn chain, or at the start.
        const STARTS: [&str; 8] = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/pp6/8/8/8/8/6PP/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K1n1 w Q - 0 1",
            "7k/8/8/p1p1p1p1/P1P1P1P1/8/8/K6r w - - 0 1",
            "7k/8/8/p1p1p1p1/P1P1P1P1/3n4/8/K6R b - - 0 1",
            "8/8/1k6/p1p1p1p1/P1P1P1P1/8/8/3K4 w - - 0 1",
            "4k3/8/8/8/8/5b2/8/2B1K3 w - - 0 1",
            "4k3/2b5/8/8/8/8/4P3/4K1N1 w - - 0 1",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut text = String::new();
        for n in 0..600 {
            let fen = STARTS[n % STARTS.len()];
            let mut pos: Position = fen.parse().unwrap();
            // Losses on time (FIDE 6.9 rules some of them draws) and
            // other endings recorded.
            let result = ["1-0", "0-1", "1/2-1/2", "*"][(next() % 4) as usize];
            let termination = ["Time forfeit", "time forfeit ", "Normal", "Abandoned"];
            let termination = termination[(next() % 4) as usize];
            let _ = write!(
                text,
                "[Result \"{result}\"]\n[Termination \"{termination}\"]\n[FEN \"{fen}\"]\n\n"
            );
            let plies = next() % 90;
            for ply in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m: Move = moves[(next() % moves.len() as u64) as usize];
                let _ = write!(text, "{} ", pos.san(m));
                match next() % 16 {
                    0 => text.push_str("{ c } "),
                    1 => text.push_str("$1 "),
                    2 if moves.len() > 1 => {
                        let other = moves[(next() % moves.len() as u64) as usize];
                        let _ = write!(text, "( {} ) ", pos.san(other));
                    }
                    // An illegal move now and then: the record is in error.
                    3 if ply > 20 && n % 7 == 0 => text.push_str("Ke9 "),
                    _ => {}
                }
                pos.play_unchecked(m);
            }
            let _ = write!(text, "{result}\n\n");
        }
        let mut ruled_by_move = Vec::new();
        let mut reader = Reader::new(text.as_bytes());
        while let Some(game) = reader.next_text().unwrap() {
            let origin = Origin {
                offset: game.offset,
                line: game.first_line,
            };
            ruled_by_move.push(ruled(build_ruled(&game, false).map(|b| finish(b, origin))));
        }
        let in_place: Vec<_> = Reader::from_slice(text.as_bytes()).map(ruled).collect();
        assert_eq!(in_place.len(), 600);
        let dead = in_place
            .iter()
            .filter(|g| matches!(g, Ok((g, _)) if !g.moves_after_end().is_empty()))
            .count();
        assert!(dead > 80, "{dead} games end early");
        let on_time = in_place
            .iter()
            .filter(|g| matches!(g, Ok((_, o)) if o.contains("Timeout")))
            .count();
        assert!(on_time > 50, "{on_time} losses on time");
        for (k, (a, b)) in in_place.iter().zip(&ruled_by_move).enumerate() {
            assert_eq!(a, b, "game {k}");
        }
    }

    #[test]
    fn comment_state_at_line_end_is_the_same_by_both_scans() {
        let parts: [&[u8]; 6] = [b"{", b"}", b";", b"e4 ", b"{a}", b"}{"];
        let mut line = alloc::vec::Vec::new();
        for n in 0..6u32.pow(5) {
            line.clear();
            let mut k = n;
            for _ in 0..5 {
                line.extend_from_slice(parts[(k % 6) as usize]);
                k /= 6;
            }
            for open in [false, true] {
                assert_eq!(
                    scan_comments(&line, open),
                    scan_comments_slowly(&line, open),
                    "{:?} {open}",
                    alloc::string::String::from_utf8_lossy(&line)
                );
            }
        }
    }
}
