//! The PGN export format (PGN standard, section 8): what `PgnGame`'s
//! `Display` writes.

use super::game::{PgnGame, SEVEN_TAG_ROSTER, setup_tags};
use crate::Color;
use core::fmt::{self, Write};

/// Movetext lines are at most this long (PGN standard 8.2.2.2 asks for
/// fewer than 80 columns), unless one token is longer by itself.
const MAX_LINE: usize = 79;

impl fmt::Display for PgnGame {
    /// Writes the game in PGN export format: the Seven Tag Roster in its
    /// order, `Variant`/`SetUp`/`FEN` when the game needs them, the other
    /// tags in order, an empty line, then the movetext in lines of at most
    /// 79 characters ending with the result token and a line break.
    /// Separate games by an empty line.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let text = "[White \"A\"]\n[Event \"E\"]\n[Annotator \"X\"]\n\n1. e4 {ok} e5 $1 2. Nf3 *";
    /// let g = Reader::new(text.as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(
    ///     g.to_string(),
    ///     "[Event \"E\"]\n[White \"A\"]\n[Annotator \"X\"]\n\n1. e4 { ok } 1... e5 $1 2. Nf3 *\n"
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = setup_tags(&self.game);
        let replaced = |name: &str| {
            setup.is_some()
                && (name == "SetUp"
                    || name == "FEN"
                    || (name == "Variant" && setup.as_ref().is_some_and(|s| s.0)))
        };
        let mut any_tag = false;
        for str_name in SEVEN_TAG_ROSTER {
            for (name, value) in self.tags().filter(|&(n, _)| n == str_name) {
                write_tag(f, name, value)?;
                any_tag = true;
            }
        }
        if let Some((chess960, fen)) = &setup {
            if *chess960 {
                write_tag(f, "Variant", "Chess960")?;
            }
            write_tag(f, "SetUp", "1")?;
            write_tag(f, "FEN", fen)?;
            any_tag = true;
        }
        for (name, value) in self.tags() {
            if !SEVEN_TAG_ROSTER.contains(&name) && !replaced(name) {
                write_tag(f, name, value)?;
                any_tag = true;
            }
        }
        if any_tag {
            f.write_char('\n')?;
        }
        let mut line = Line { f, width: 0 };
        if let Some(text) = self.game_comment() {
            line.comment(text)?;
        }
        let mut interrupted = true;
        let mut comments = self.comments().peekable();
        while comments.peek().is_some_and(|&(node, _)| node == 0) {
            comments.next();
        }
        let mut nags = self.nags.iter().peekable();
        // NAGs before the first move (of the game as a whole).
        while let Some(&(_, nag)) = nags.next_if(|&&(node, _)| node == 0) {
            line.nag(nag)?;
        }
        let moves = self.game.moves();
        for (ply, &m) in moves.iter().enumerate() {
            let pos = self.game.at(ply);
            let mut number = itoa(pos.fullmove_number());
            if pos.turn() == Color::White {
                number.push('.');
                line.token(&number)?;
            } else if interrupted {
                number.push_str("...");
                line.token(&number)?;
            }
            line.token(pos.san(m).as_str())?;
            interrupted = false;
            let node = ply as u32 + 1;
            while let Some(&(_, nag)) = nags.next_if(|&&(n, _)| n == node) {
                line.nag(nag)?;
            }
            if let Some((_, text)) = comments.next_if(|&(n, _)| n as u32 == node) {
                line.comment(text)?;
                interrupted = true;
            }
        }
        line.token(self.result)?;
        line.f.write_char('\n')
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    f.write_char('[')?;
    // The standard's tag names are letters, digits and `_` (8.1.1); files
    // in the wild also use `-`, `:`, `+`, which other readers refuse.
    for c in name.chars() {
        f.write_char(if c.is_ascii_alphanumeric() { c } else { '_' })?;
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

    /// Writes `{ text }` (one blank each side, which readers strip); a `}`
    /// in the text is dropped. Line breaks inside the comment are kept.
    fn comment(&mut self, text: &str) -> fmt::Result {
        let first_line = text.split('\n').next().unwrap_or("");
        let single = !text.contains('\n');
        self.space_for(first_line.len() + 2 + usize::from(single) * 2)?;
        self.f.write_str("{ ")?;
        self.width += 2;
        for c in text.chars().filter(|&c| c != '}') {
            self.f.write_char(c)?;
            if c == '\n' {
                self.width = 0;
            } else {
                self.width += c.len_utf8();
            }
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

/// A short text on the stack (move numbers, NAGs).
type Short = arrayvec::ArrayString<16>;

fn itoa(n: u32) -> Short {
    let mut s = Short::new();
    let _ = write!(s, "{n}");
    s
}
