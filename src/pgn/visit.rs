//! The [`Visitor`]: a game's parts as borrowed text, for tools that need no
//! [`Game`](crate::Game), and the adapter that feeds it from the tokenizer.

use super::error::{PgnError, PgnErrorKind};
use super::reader::Reader;
use super::tokenizer::{Sink, lossy, text_of};
use alloc::borrow::Cow;
use alloc::string::String;
use std::io::{self, Read};

/// Receives the parts of each game as borrowed text, in the order written:
/// the tags, then the movetext (SAN tokens, NAGs, comments, variations and
/// the result). Every method has a default that does nothing, so a
/// visitor implements only what it needs; [`visit`](fn@super::visit) drives
/// one over a whole input. Returning an error from a method ends the game
/// with that error (its location is filled in).
///
/// ```
/// use chess_arbiter::pgn::{visit, PgnError, Visitor};
///
/// /// Counts mainline moves and comments without building any game.
/// #[derive(Default)]
/// struct Counter { depth: u32, moves: u32, comments: u32, games: u32 }
///
/// impl Visitor for Counter {
///     fn san(&mut self, _san: &str) -> Result<(), chess_arbiter::pgn::PgnErrorKind> {
///         if self.depth == 0 { self.moves += 1; }
///         Ok(())
///     }
///     fn comment(&mut self, _text: &str) { self.comments += 1; }
///     fn begin_variation(&mut self) { self.depth += 1; }
///     fn end_variation(&mut self) { self.depth -= 1; }
///     fn end_game(&mut self, _error: Option<&PgnError>) { self.games += 1; }
/// }
///
/// let pgn = "[Event \"x\"]\n\n1. e4 {ok} e5 (1... c5 2. Nf3) 2. Nf3 *\n\n1. d4 *\n";
/// let mut counter = Counter::default();
/// visit(pgn.as_bytes(), &mut counter).unwrap();
/// assert_eq!((counter.games, counter.moves, counter.comments), (2, 4, 1));
/// ```
pub trait Visitor {
    /// A game starts.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct Games(u32);
    /// impl Visitor for Games { fn begin_game(&mut self) { self.0 += 1; } }
    /// let mut games = Games(0);
    /// visit("1. e4 *\n\n1. d4 *\n".as_bytes(), &mut games).unwrap();
    /// assert_eq!(games.0, 2);
    /// ```
    fn begin_game(&mut self) {}

    /// Where the game about to begin starts in the input: the byte offset
    /// of its first line (after a byte-order mark) and that line's number,
    /// from 1. Called just before [`Visitor::begin_game`]; a tool can index
    /// a file with it and seek back to a game.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct Index(Vec<(u64, u64)>);
    /// impl Visitor for Index {
    ///     fn game_start(&mut self, offset: u64, line: u64) { self.0.push((offset, line)); }
    /// }
    /// let mut index = Index(Vec::new());
    /// visit("1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n".as_bytes(), &mut index).unwrap();
    /// assert_eq!(index.0, [(0, 1), (9, 3)]);
    /// ```
    fn game_start(&mut self, offset: u64, line: u64) {
        let _ = (offset, line);
    }

    /// Asked once the tags are read: `true` skips the game's movetext (no
    /// movetext events; the reader only finds where the game ends, much
    /// faster than reading it), and [`Visitor::end_game`] follows. For
    /// filters on tags (Elo, event, opening).
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, PgnErrorKind, Visitor};
    /// #[derive(Default)]
    /// struct Rapid { rapid: bool, moves: u32 }
    /// impl Visitor for Rapid {
    ///     fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
    ///         if name == "Event" { self.rapid = value.contains("Rapid"); }
    ///         Ok(())
    ///     }
    ///     fn skip_movetext(&mut self) -> bool { !self.rapid }
    ///     fn san(&mut self, _: &str) -> Result<(), PgnErrorKind> { self.moves += 1; Ok(()) }
    ///     fn end_game(&mut self, _: Option<&chess_arbiter::pgn::PgnError>) { self.rapid = false; }
    /// }
    /// let pgn = "[Event \"Blitz\"]\n\n1. e4 e5 *\n\n[Event \"Rapid\"]\n\n1. d4 *\n";
    /// let mut v = Rapid::default();
    /// visit(pgn.as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.moves, 1);
    /// ```
    fn skip_movetext(&mut self) -> bool {
        false
    }

    /// A tag pair; `value` is as written (escaped: see
    /// [`unescape`]).
    ///
    /// # Errors
    ///
    /// Whatever the visitor refuses ends the game with that error.
    ///
    /// ```
    /// use chess_arbiter::pgn::{unescape, visit, PgnErrorKind, Visitor};
    /// struct White(String);
    /// impl Visitor for White {
    ///     fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
    ///         if name == "White" { self.0 = unescape(value).into_owned(); }
    ///         Ok(())
    ///     }
    /// }
    /// let mut w = White(String::new());
    /// visit("[White \"\\\"Tal\\\"\"]\n\n*".as_bytes(), &mut w).unwrap();
    /// assert_eq!(w.0, "\"Tal\"");
    /// ```
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        let _ = (name, value);
        Ok(())
    }

    /// The tags are over; the movetext follows.
    ///
    /// # Errors
    ///
    /// Whatever the visitor refuses ends the game with that error.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, PgnErrorKind, Visitor};
    /// struct V(u32);
    /// impl Visitor for V {
    ///     fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> { self.0 += 1; Ok(()) }
    /// }
    /// let mut v = V(0);
    /// visit("[A \"b\"]\n\n1. e4 *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, 1);
    /// ```
    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> {
        Ok(())
    }

    /// A move as written, without its move number or trailing `!`/`?`
    /// annotation (which come as [`Visitor::nag`]), in the mainline or in a
    /// variation. Null moves (`--`, `Z0`, `0000`, `@@@@`) come here too.
    /// Moves inside variations have been checked for syntax.
    ///
    /// # Errors
    ///
    /// Whatever the visitor refuses ends the game with that error.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, PgnErrorKind, Visitor};
    /// struct Sans(Vec<String>);
    /// impl Visitor for Sans {
    ///     fn san(&mut self, san: &str) -> Result<(), PgnErrorKind> {
    ///         self.0.push(san.to_string());
    ///         Ok(())
    ///     }
    /// }
    /// let mut v = Sans(Vec::new());
    /// visit("1.e4 e5!? 2. Nf3+ *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, ["e4", "e5", "Nf3+"]);
    /// ```
    fn san(&mut self, san: &str) -> Result<(), PgnErrorKind> {
        let _ = san;
        Ok(())
    }

    /// A NAG: `$n`, or `!` (1), `?` (2), `!!` (3), `??` (4), `!?` (5), `?!` (6).
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct Nags(Vec<u8>);
    /// impl Visitor for Nags { fn nag(&mut self, nag: u8) { self.0.push(nag); } }
    /// let mut v = Nags(Vec::new());
    /// visit("1. e4!! $14 *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, [3, 14]);
    /// ```
    fn nag(&mut self, nag: u8) {
        let _ = nag;
    }

    /// A `{}` comment's text (one space after `{` and one before `}`
    /// removed). `;` comments and `%` lines are skipped.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct C(Vec<String>);
    /// impl Visitor for C { fn comment(&mut self, t: &str) { self.0.push(t.to_string()); } }
    /// let mut v = C(Vec::new());
    /// visit("1. e4 { [%clk 0:03:00] } ; rest of line\n*".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, ["[%clk 0:03:00]"]);
    /// ```
    fn comment(&mut self, text: &str) {
        let _ = text;
    }

    /// A `(` variation opens.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct D(u32);
    /// impl Visitor for D { fn begin_variation(&mut self) { self.0 += 1; } }
    /// let mut v = D(0);
    /// visit("1. e4 (1. d4 (1. c4)) *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, 2);
    /// ```
    fn begin_variation(&mut self) {}

    /// A `)` closes the innermost variation.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct D(u32);
    /// impl Visitor for D { fn end_variation(&mut self) { self.0 += 1; } }
    /// let mut v = D(0);
    /// visit("1. e4 (1. d4) *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, 1);
    /// ```
    fn end_variation(&mut self) {}

    /// A result token of the mainline: `1-0`, `0-1`, `1/2-1/2` or `*`.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, Visitor};
    /// struct R(String);
    /// impl Visitor for R { fn result(&mut self, r: &str) { self.0 = r.to_string(); } }
    /// let mut v = R(String::new());
    /// visit("1. e4 (1. d4 *) 1-0".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, "1-0");
    /// ```
    fn result(&mut self, result: &str) {
        let _ = result;
    }

    /// The game is over, read to its end or stopped by `error`.
    ///
    /// ```
    /// use chess_arbiter::pgn::{visit, PgnError, Visitor};
    /// struct E(Vec<u64>);
    /// impl Visitor for E {
    ///     fn end_game(&mut self, error: Option<&PgnError>) {
    ///         if let Some(e) = error { self.0.push(e.line()); }
    ///     }
    /// }
    /// let mut v = E(Vec::new());
    /// visit("1. e4 )\n\n1. d4 *".as_bytes(), &mut v).unwrap();
    /// assert_eq!(v.0, [1]);
    /// ```
    fn end_game(&mut self, error: Option<&PgnError>) {
        let _ = error;
    }
}

/// A tag value with its escapes (`\"` and `\\`) resolved; borrowed when it
/// has none.
///
/// ```
/// use chess_arbiter::pgn::unescape;
/// assert_eq!(unescape(r#"say \"hi\" \\o/"#), r#"say "hi" \o/"#);
/// assert!(matches!(unescape("plain"), std::borrow::Cow::Borrowed("plain")));
/// ```
pub fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains('\\') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.clone().next() {
                Some(n @ ('"' | '\\')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A [`Visitor`] as a [`Sink`]: bytes become text.
pub(crate) struct Visiting<'a, V: ?Sized>(pub &'a mut V);

impl<V: Visitor + ?Sized> Sink for Visiting<'_, V> {
    const TEXT: bool = true;
    fn game_start(&mut self, offset: u64, line: u64) {
        self.0.game_start(offset, line);
    }
    fn skip_movetext(&mut self) -> bool {
        self.0.skip_movetext()
    }
    fn begin_game(&mut self) {
        self.0.begin_game();
    }
    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.0.tag(name, value)
    }
    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> {
        self.0.begin_movetext()
    }
    fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        match core::str::from_utf8(san) {
            Ok(text) => self.0.san(text),
            Err(_) => Err(PgnErrorKind::Syntax {
                token: lossy(san).into_owned(),
                reason: "not a move (not ASCII)",
            }),
        }
    }
    fn san_str(&mut self, san: &str) -> Result<(), PgnErrorKind> {
        self.0.san(san)
    }
    fn comment_str(&mut self, text: &str, _at: usize) {
        self.0.comment(text);
    }
    fn nag(&mut self, nag: u8) {
        self.0.nag(nag);
    }
    fn comment(&mut self, text: &[u8], _at: usize) {
        self.0.comment(&text_of(text));
    }
    fn begin_variation(&mut self) -> Result<(), PgnErrorKind> {
        self.0.begin_variation();
        Ok(())
    }
    fn end_variation(&mut self) {
        self.0.end_variation();
    }
    fn result(&mut self, result: &'static str) {
        self.0.result(result);
    }
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
