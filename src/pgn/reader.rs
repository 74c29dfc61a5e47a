//! The streaming reader: reads the input game by game in one pass (a
//! buffer that holds at most the current game, or the caller's slice), and
//! builds a `PgnGame` from each.

use super::build::{Builder, Room, read_again};
use super::error::{PgnError, PgnErrorKind};
use super::game::Origin;
use super::game::{Buffers, PgnGame};
use super::parallel::Bin;
use super::scan;
use super::tokenizer::{
    Bound, Cursor, Driver, GameText, Sink, Step, indented_tag, is_blank_line, looks_like_tag,
    tokenize,
};
use alloc::vec::Vec;
use std::io::{self, Read};
use std::sync::Arc;

const CHUNK: usize = 1 << 16;

/// The buffer's first size: it doubles to [`CHUNK`] as the input asks, so
/// that a short input (a game in a string) does not pay for a whole chunk.
const FIRST_BUFFER: usize = 1 << 12;

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
/// A game dropped while the reader reads on (in a plain loop, each game
/// before the next is read) goes back to it, for the next game to be built
/// in its vectors and text: no block freed and allocated again. The reader
/// keeps at most 256 of them; once it is dropped, a game is freed where it
/// is dropped.
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
    pub(super) games: u64,
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
    pub(crate) room: Room,
    /// Set by [`Reader::chunk`]: the end of the slice is not the end of
    /// input, and the reader pauses there ([`Reader::paused`]).
    open_end: bool,
    /// Between [`Reader::find_game_start`] finding a game and the next
    /// call: a game is being read.
    in_game: bool,
    /// Where a reader over an open-ended chunk stopped for want of input.
    pub(crate) paused: Option<Resume>,
    /// Dropped games' buffers to build the next games in, one a game while
    /// they last ([`Builder::reusing`]): set by the parallel reader.
    pub(crate) spare: Vec<Buffers>,
    /// Where the games it builds go back to when dropped, for their
    /// buffers to build its next games in (a plain loop drops each game
    /// before it asks for the next): made with its second game (a reader
    /// of one game makes none), never for a chunk's reader (the parallel
    /// reader sends its games home itself).
    own: OwnBin,
    /// Whether its games go back to it ([`Reader::own`]).
    sends_home: bool,
}

/// Where a reader over an open-ended chunk ([`Reader::chunk`]) stopped for
/// want of input: a reader started afresh there reads on exactly as this
/// one would with more input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resume {
    /// Its byte index in the chunk: between games, or where the game in
    /// progress started.
    pub(crate) at: usize,
    /// The line number there, counted from 1 at the chunk's start.
    pub(crate) line: u64,
    /// The games before it.
    pub(crate) games: u64,
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
            open_end: false,
            in_game: false,
            paused: None,
            spare: Vec::new(),
            own: OwnBin::default(),
            sends_home: true,
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
        if self.open_end {
            // Not the end of input: the reader pauses ([`Reader::read_game`]).
            return Err(io::ErrorKind::WouldBlock.into());
        }
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
                let grown = (self.buf.len() * 2).max(FIRST_BUFFER);
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
        self.in_game = false;
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
        self.in_game = true;
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

    /// Finds the next game's text with the line splitter alone: the
    /// tests' oracle of the one-pass cut.
    #[cfg(test)]
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
        match self.start_game() {
            Some(next) => next,
            None => self.read_started_game(sink),
        }
    }

    /// Finds where the next game starts: `None` when one does (to be read
    /// by [`Reader::read_started_game`]), else what the reader gives.
    fn start_game(&mut self) -> Option<Next> {
        if self.failed {
            return Some(Next::End);
        }
        match self.find_game_start() {
            Ok(true) => None,
            Ok(false) => Some(Next::End),
            Err(e) => Some(self.stopped(e)),
        }
    }

    /// [`Reader::read_game`] once the game's start is found.
    fn read_started_game<V: Sink + ?Sized>(&mut self, sink: &mut V) -> Next {
        match self.read_game_io(sink) {
            Ok(next) => next,
            Err(e) => self.stopped(e),
        }
    }

    /// Whether the game just started can only be read with more input than
    /// a chunk's reader has: its first line goes on past the chunk's end
    /// (where a cut leaves the next game's first byte). The game's reading
    /// would stop there (no game ends without a line end after its text),
    /// so no sink need be made for it.
    fn ends_in_first_line(&self) -> bool {
        self.open_end && scan::find2(&self.data()[self.mark..self.end], b'\n', b'\r').is_none()
    }

    /// What a failed read gives.
    fn stopped(&mut self, e: io::Error) -> Next {
        if self.open_end {
            // The end of the chunk: the reader stops where a reader
            // with more input would go on from.
            self.failed = true;
            self.paused = Some(self.resume_point());
            return Next::End;
        }
        Next::Failed(self.io_error(e))
    }

    /// Where a reader started afresh reads on as this one does: between
    /// games where this one stands, or at the start of the game in
    /// progress. (A reader's state between games is its place alone.)
    fn resume_point(&self) -> Resume {
        if self.in_game {
            Resume {
                at: self.mark,
                line: self.last_origin.line,
                games: self.games - 1,
            }
        } else {
            Resume {
                at: self.pos,
                line: self.line,
                games: self.games,
            }
        }
    }

    fn read_game_io<V: Sink + ?Sized>(&mut self, sink: &mut V) -> io::Result<Next> {
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
    pub(super) fn visit_next<V: Sink + ?Sized>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<(), PgnError>> {
        match self.read_game(visitor) {
            Next::End => None,
            Next::Failed(e) => Some(Err(e)),
            Next::Game(read, _) => Some(read),
        }
    }

    /// An error reading the input; the reader stops. It is the error of
    /// the game being read (at its first line), or between games of the
    /// next one (where the reader stands). Either place depends on the
    /// input alone, not on how much of it each read handed over.
    pub(crate) fn io_error(&mut self, e: io::Error) -> PgnError {
        self.failed = true;
        let (game_number, line) = if self.in_game {
            (self.games, self.last_origin.line)
        } else {
            (self.games + 1, self.line)
        };
        PgnError {
            game_number,
            line,
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

    /// A reader of `bytes`, a chunk of a larger input cut anywhere: with
    /// `open_end`, its end is not the end of input, and the reader stops
    /// where it would need what follows, noting in [`Reader::paused`] where
    /// a reader started afresh would go on. Game numbers, lines and offsets
    /// are counted from the chunk's start.
    pub(crate) fn chunk(bytes: &'a [u8], open_end: bool) -> Reader<&'a [u8]> {
        let mut reader = Reader::from_slice(bytes);
        reader.sends_home = false;
        reader.open_end = open_end;
        reader.eof = !open_end;
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
        if let Some(next) = self.start_game() {
            return match next {
                Next::Failed(e) => Some(Err(e)),
                _ => None,
            };
        }
        if self.ends_in_first_line() {
            // The end of a chunk: no builder (its vectors) made for nothing.
            self.stopped(io::ErrorKind::WouldBlock.into());
            return None;
        }
        // One constructor, built in place (a builder is large).
        let buffers = self.spare_buffers().unwrap_or_default();
        let mut builder = Builder::reusing(self.mainline_only, self.room, buffers);
        let (read, movetext) = match self.read_started_game(&mut builder) {
            Next::End => return None,
            Next::Failed(e) => return Some(Err(e)),
            Next::Game(read, movetext) => (read, movetext),
        };
        if let Err(e) = read_again(&mut builder, read, &self.game_text(movetext)) {
            // No game: its buffers build the next one.
            self.spare.push(builder.take_buffers());
            return Some(Err(e));
        }
        // All set before the game is moved out (the room it needed, where
        // it goes back to): it is moved once, straight into the item.
        self.room = self.room.after(builder.record());
        if self.sends_home && self.games > 1 {
            builder.send_home_to(self.own.0.get_or_insert_with(Bin::new));
        }
        builder.end(self.last_origin);
        Some(Ok(builder.record))
    }
}

impl<R> Reader<R> {
    /// The buffers of a game dropped, to build the next game in: the
    /// parallel reader's ([`Reader::spare`]), or one of this reader's games
    /// that came back ([`Reader::own`]).
    #[inline]
    fn spare_buffers(&mut self) -> Option<Buffers> {
        if let Some(buffers) = self.spare.pop() {
            return Some(buffers);
        }
        self.own.0.as_ref()?.take(&mut self.spare);
        self.spare.pop()
    }
}

/// The bin a reader's own games go back to ([`Reader::own`]), closed when
/// the reader is dropped: the games still kept are then freed where they
/// are dropped. A field that closes it rather than a `Drop` of the reader:
/// the reader's source may still end before the reader does (a slice
/// dropped first, as before this bin).
#[derive(Default)]
struct OwnBin(Option<Arc<Bin>>);

impl Drop for OwnBin {
    fn drop(&mut self) {
        if let Some(bin) = &self.0 {
            bin.close();
        }
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
        let game = read_again(&mut builder, read, &self.game_text(movetext)).map(|()| {
            builder.end(origin);
            builder.record
        });
        if let Ok(game) = &game {
            self.room = self.room.after(game);
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

#[cfg(test)]
mod tests;
