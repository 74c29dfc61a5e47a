//! The PGN export format (PGN standard, section 8): what `PgnGame`'s
//! `Display` writes.

use super::game::PgnGame;
use super::result::termination_of;
use super::tags::{DERIVED, SEVEN_TAG_ROSTER, is_tag_name_char, setup_tags, variant};
use super::tree::{Event, Events, Variation};
use crate::Color;
use crate::Position;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// Movetext lines are at most this long (PGN standard 8.2.2.2 asks for
/// fewer than 80 columns), unless one token is longer by itself.
const MAX_LINE: usize = 79;

impl fmt::Display for PgnGame {
    /// Writes the game in PGN export format: the Seven Tag Roster in its
    /// order, always (`?`, or `????.??.??` for the date, when missing; the
    /// `Result` tag equal to the result token, both
    /// [`PgnGame::game_result`]), `Variant`/`SetUp`/`FEN` when the game
    /// needs them, `Termination` when the game's ending was recorded (a
    /// resignation, a flag fall, an agreement, a claim) and no such tag is
    /// set, the other tags in order (a second tag of a roster name among
    /// them, as read; a second `Result` is not written), an empty line,
    /// then the movetext in lines of at most 79 characters (a comment
    /// breaks at its spaces; only a word longer than a line stands alone)
    /// ending with the result token and a line break:
    /// the mainline with its NAGs and comments, each variation in `( )`
    /// after the move it replaces, nested, and the moves kept after the
    /// game's end. Separate games by an empty line.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let text = "[White \"A\"]\n[Event \"E\"]\n[Annotator \"X\"]\n\n1. e4 {ok} e5 $1 2. Nf3 *";
    /// let g = Reader::new(text.as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(
    ///     g.to_string(),
    ///     "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n\
    ///      [Black \"?\"]\n[Result \"*\"]\n[Annotator \"X\"]\n\n1. e4 { ok } 1... e5 $1 2. Nf3 *\n"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = setup_tags(&self.game);
        let result = self.export_result();
        for str_name in SEVEN_TAG_ROSTER {
            let value = match str_name {
                "Result" => Some(result),
                _ => self.tag(str_name),
            };
            let value = value.unwrap_or(if str_name == "Date" {
                "????.??.??"
            } else {
                "?"
            });
            write_tag(f, str_name, value)?;
        }
        if let Some((chess960, fen)) = &setup {
            if *chess960 {
                write_tag(f, "Variant", "Chess960")?;
            }
            write_tag(f, "SetUp", "1")?;
            write_tag(f, "FEN", fen)?;
        }
        if self.tag("Termination").is_none() {
            if let Some(termination) = termination_of(&self.game) {
                write_tag(f, "Termination", termination)?;
            }
        }
        // The other tags in order, and a second tag of a roster name too
        // (its first is written above); the result and the start position
        // are written once, from the record and the game.
        let mut seen = [false; SEVEN_TAG_ROSTER.len()];
        for (name, value) in self.tags() {
            if let Some(k) = SEVEN_TAG_ROSTER.iter().position(|&r| r == name) {
                if !core::mem::replace(&mut seen[k], true) || name == "Result" {
                    continue;
                }
            }
            // A `Variant` that says what the game is ("Standard", "From
            // Position") is kept; SetUp and FEN come from the game.
            let same_variant = || {
                name == "Variant"
                    && setup.as_ref().is_none_or(|s| !s.0)
                    && variant(value) == Some(false)
            };
            if !DERIVED.contains(&name) || same_variant() {
                write_tag(f, name, value)?;
            }
        }
        f.write_char('\n')?;
        let mut line = Line { f, width: 0 };
        if let Some(text) = self.game_comment() {
            line.comment(text)?;
        }
        let mut comments = self.comments().peekable();
        while comments.peek().is_some_and(|&(node, _)| node == 0) {
            comments.next();
        }
        let mut nags = self.nags.iter().peekable();
        // NAGs before the first move (of the game as a whole).
        while let Some(&(_, nag)) = nags.next_if(|&&(node, _)| node == 0) {
            line.nag(nag)?;
        }
        let mut variations = self.variations.iter().peekable();
        let mut interrupted = true;
        // The mainline's positions, each made from the one before.
        let mut pos = self.game.start().clone();
        for (ply, m) in self.mainline().enumerate() {
            line.number(&pos, interrupted)?;
            line.token(pos.san(m).as_str())?;
            pos.play_unchecked(m);
            interrupted = false;
            let node = ply + 1;
            while let Some(&(_, nag)) = nags.next_if(|&&(n, _)| n as usize == node) {
                line.nag(nag)?;
            }
            if let Some((_, text)) = comments.next_if(|&(n, _)| n == node) {
                line.comment(text)?;
                interrupted = true;
            }
            if let Some((_, list)) = variations.next_if(|(p, _)| *p as usize == ply) {
                for variation in list {
                    line.variation(variation)?;
                }
                interrupted = true;
            }
        }
        line.token(result)?;
        line.f.write_char('\n')
    }
}

impl PgnGame {
    /// The result the export writes as the `Result` tag and the result
    /// token: [`PgnGame::game_result`].
    pub(crate) fn export_result(&self) -> &'static str {
        self.game_result().as_str()
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    f.write_char('[')?;
    // Names are written as read: the standard's letters, digits and `_`
    // (8.1.1), and the `+ # = : -` files in the wild use (python-chess
    // keeps them too). Anything else (set through the API) becomes `_`.
    for c in name.chars() {
        f.write_char(if is_tag_name_char(c) { c } else { '_' })?;
    }
    if name.is_empty() {
        f.write_char('_')?;
    }
    f.write_str(" \"")?;
    for c in value.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' | '\r' => f.write_char(' ')?,
            c => f.write_char(c)?,
        }
    }
    f.write_str("\"]\n")
}

/// A comment's text as the writer reads it: no `}`, and a CR or CRLF is a
/// line break (as the reader reads it).
fn clean_comment(text: &str) -> String {
    let text: String = text.chars().filter(|&c| c != '}').collect();
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    }
}

/// The lines of a [`clean_comment`] the writer writes: those with a word
/// (split at ASCII blanks), and the blank lines between two of them unless
/// the next starts with `[` (a blank line then a tag line is where a reader
/// resumes after a comment left open).
///
/// Words, single blanks and kept line breaks are all the writer writes of a
/// comment, so what an export reads back as is laid out the same way again.
fn comment_lines(clean: &str) -> Vec<&str> {
    fn first_word(line: &str) -> Option<&str> {
        line.split_ascii_whitespace().next()
    }
    let all: Vec<&str> = clean.split('\n').collect();
    let mut kept = Vec::with_capacity(all.len());
    for (k, &line) in all.iter().enumerate() {
        if first_word(line).is_none() {
            let next = all[k + 1..].iter().find_map(|l| first_word(l));
            if kept.is_empty() || next.is_none_or(|w| w.starts_with('[')) {
                continue;
            }
        }
        kept.push(line);
    }
    kept
}

/// Movetext being laid out in lines of at most [`MAX_LINE`] characters.
struct Line<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    width: usize,
}

impl Line<'_, '_> {
    fn nag(&mut self, nag: u8) -> fmt::Result {
        let mut text = Short::new();
        text.push('$');
        text.push_str(&itoa(u32::from(nag)));
        self.token(&text)
    }

    fn token(&mut self, token: &str) -> fmt::Result {
        self.space_for(token.len())?;
        self.f.write_str(token)?;
        self.width += token.len();
        Ok(())
    }

    /// A move number: `N.` before White's move, `N...` before Black's when
    /// something came between it and White's move.
    fn number(&mut self, pos: &Position, interrupted: bool) -> fmt::Result {
        match number_of(pos, interrupted) {
            Some(number) => self.token(&number),
            None => Ok(()),
        }
    }

    /// `( ... )`: a variation with its NAGs, comments and own variations,
    /// nested; walked on the heap, so a deep tree takes no stack.
    fn variation(&mut self, variation: &Variation) -> fmt::Result {
        // Per open variation: the position before its next move, and
        // whether something came between White's move and Black's.
        let mut open: Vec<(Position, bool)> = Vec::new();
        for event in Events::new(variation) {
            match event {
                Event::Open(line) => {
                    if let Some(parent) = open.last_mut() {
                        parent.1 = true;
                    }
                    self.token("(")?;
                    if let Some(text) = line.starting_comment() {
                        self.comment(text)?;
                    }
                    open.push((line.start().clone(), true));
                }
                Event::Move(line, i) => {
                    let Some((pos, interrupted)) = open.last_mut() else {
                        continue;
                    };
                    let Some(m) = line.node(i).map(|n| n.played) else {
                        continue;
                    };
                    let san = pos.san(m);
                    let number = number_of(pos, *interrupted);
                    pos.play_unchecked(m);
                    *interrupted = false;
                    if let Some(number) = number {
                        self.token(&number)?;
                    }
                    self.token(san.as_str())?;
                    for &nag in line.nags(i) {
                        self.nag(nag)?;
                    }
                    if let Some(text) = line.comment(i) {
                        self.comment(text)?;
                        if let Some(top) = open.last_mut() {
                            top.1 = true;
                        }
                    }
                }
                Event::Close => {
                    open.pop();
                    self.token(")")?;
                }
            }
        }
        Ok(())
    }

    /// Writes `{ text }` (one blank each side, which readers strip) as
    /// [`comment_lines`] lays it out: its words, one blank between two, its
    /// line breaks kept. The comment also breaks at a blank to keep lines
    /// within [`MAX_LINE`] (a break reads back as a line break); a single
    /// word longer than a line stands alone. No line starts with a blank.
    fn comment(&mut self, text: &str) -> fmt::Result {
        let clean = clean_comment(text);
        let lines = comment_lines(&clean);
        let words: usize = lines
            .iter()
            .map(|l| l.split_ascii_whitespace().count())
            .sum();
        let width = |word: &str| word.chars().count();
        let mut left = words;
        for (k, line) in lines.iter().enumerate() {
            if k > 0 {
                self.f.write_char('\n')?;
                self.width = 0;
            }
            for word in line.split_ascii_whitespace() {
                left -= 1;
                let need = width(word) + if left == 0 { 2 } else { 0 };
                if left + 1 == words {
                    self.space_for(2 + need)?;
                    self.f.write_str("{ ")?;
                    self.width += 2;
                } else if self.width == 0 {
                    // A line begins with its word.
                } else if self.width + 1 + need > MAX_LINE {
                    self.f.write_char('\n')?;
                    self.width = 0;
                } else {
                    self.f.write_char(' ')?;
                    self.width += 1;
                }
                self.f.write_str(word)?;
                self.width += width(word);
            }
        }
        if words == 0 {
            self.space_for(3)?;
            self.f.write_str("{ }")?;
            self.width += 3;
            return Ok(());
        }
        self.f.write_str(" }")?;
        self.width += 2;
        Ok(())
    }

    /// Starts a new line unless `len` more characters (and a space) fit.
    fn space_for(&mut self, len: usize) -> fmt::Result {
        if self.width == 0 {
            return Ok(());
        }
        if self.width + 1 + len > MAX_LINE {
            self.f.write_char('\n')?;
            self.width = 0;
        } else {
            self.f.write_char(' ')?;
            self.width += 1;
        }
        Ok(())
    }
}

/// The move number written before the move from `pos`, if any: `N.`
/// before White's move, `N...` before Black's when something came between.
fn number_of(pos: &Position, interrupted: bool) -> Option<Short> {
    let mut number = itoa(pos.fullmove_number());
    if pos.turn() == Color::White {
        number.push('.');
    } else if interrupted {
        number.push_str("...");
    } else {
        return None;
    }
    Some(number)
}

/// A short text on the stack (move numbers, NAGs).
type Short = arrayvec::ArrayString<16>;

fn itoa(n: u32) -> Short {
    let mut s = Short::new();
    let _ = write!(s, "{n}");
    s
}
