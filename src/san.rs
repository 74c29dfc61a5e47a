//! Standard Algebraic Notation (FIDE Laws of Chess, Appendix C): writing a
//! move as `Nf3`, `exd6`, `Rae1`, `O-O-O` or `e8=Q#`, and reading it back,
//! leniently (what players write) or strictly (only what [`Position::san`]
//! writes).
//!
//! `read` reads the text, `legal` finds legal moves by from and to square,
//! `write` writes a move. Nothing here generates the full move list: writing tests the move and
//! its same-role twins that reach the target square one by one (pseudo-legal
//! by attack lookup, then safe for the own king), and finds check without
//! playing the move; only a move that gives check is played, on a copy, to
//! tell mate from check.

mod legal;
mod read;
mod why;
mod write;

use crate::moves::Move;
use crate::position::Position;
use crate::{IllegalMoveReason, Outcome};
use alloc::string::String;
use alloc::vec::Vec;
use read::{Described, Mismatch, read, read_common};

crate::text::inline_text!(
    /// A move in Standard Algebraic Notation (`Nf3`, `exd6`, `O-O-O`, `e8=Q#`),
    /// stored inline (no heap).
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::new();
    /// let san = pos.san(Move::new(Square::G1, Square::F3));
    /// assert_eq!(san.as_str(), "Nf3");
    /// assert_eq!(&*san, "Nf3");
    /// assert_eq!(san.to_string(), "Nf3");
    /// ```
    San,
    8
);

impl San {
    /// The SAN whose ASCII bytes are packed into `packed`, first byte
    /// lowest, `len` of them: the SAN writer builds its text in a register,
    /// since byte-by-byte stores read back as one word stall the CPU.
    #[inline(always)]
    pub(crate) const fn from_packed(packed: u64, len: u8) -> San {
        San {
            bytes: packed.to_le_bytes(),
            len: if len > 8 { 8 } else { len },
        }
    }
}

/// A SAN move that could not be read, is not legal here, or could be more
/// than one legal move.
///
/// ```
/// use chess_arbiter::{Position, SanError};
/// let pos = Position::new();
/// let err = pos.parse_san("Nx").unwrap_err();
/// assert!(matches!(err, SanError::Syntax { .. }));
/// assert!(err.to_string().starts_with("invalid SAN \"Nx\": "));
/// assert!(matches!(pos.parse_san("Ke2"), Err(SanError::Illegal { .. })));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// Not a move in algebraic notation (or, for
    /// [`Position::parse_san_strict`], not in the exact form
    /// [`Position::san`] writes).
    #[error("invalid SAN {input:?}: {reason}")]
    Syntax {
        /// The text as given.
        input: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Well formed, but no legal move of the position matches it.
    #[error("illegal SAN {input:?} in {fen}: {reason}")]
    Illegal {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
        /// Why: no such piece can reach the square, it is pinned, the move
        /// would leave the king in check, ...
        reason: IllegalMoveReason,
    },
    /// Well formed, but more than one legal move matches it (FIDE
    /// Appendix C.10 asks for the from file or rank).
    #[error("ambiguous SAN {input:?} in {fen}: it could be {}", Candidates(.candidates))]
    Ambiguous {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
        /// The legal moves it could be, in SAN.
        candidates: Vec<San>,
    },
    /// The game is already over ([`Game::play_san`](crate::Game::play_san)).
    #[error("SAN move {input:?} after the end of the game: {outcome}")]
    GameOver {
        /// The text as given.
        input: String,
        /// How the game ended.
        outcome: Outcome,
    },
}

/// `"Nbd2 or Nfd2"`, `"Ra1, Rb1 or Rc1"`.
struct Candidates<'a>(&'a [San]);

impl core::fmt::Display for Candidates<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let n = self.0.len();
        for (i, san) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " or " } else { ", " })?;
            }
            f.write_str(san)?;
        }
        Ok(())
    }
}

const NOT_STRICT: &str = "not written as san() writes it (strict SAN)";
const WRONG_SUFFIX: &str = "wrong check or mate suffix (strict SAN)";

/// SAN under construction, packed into a word (first byte lowest) so that
/// it lives in a register: up to 8 ASCII bytes.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Written {
    packed: u64,
    len: u32,
}

impl Written {
    const EMPTY: Written = Written { packed: 0, len: 0 };

    #[inline(always)]
    fn push(&mut self, c: char) {
        if self.len < 8 && c.is_ascii() {
            self.packed |= (c as u64) << (8 * self.len);
            self.len += 1;
        }
    }

    /// Appends a character the writer produces: ASCII, and never more than
    /// 7 in one SAN (`Qh4xe1#`, `exd8=Q#`), so neither is checked (a ninth
    /// would overwrite the first, and the length is capped when read).
    #[inline(always)]
    fn push_ascii(&mut self, c: char) {
        self.packed |= (c as u64 & 0x7f) << (8 * (self.len & 7));
        self.len += 1;
    }

    /// `s` packed, if it is ASCII and fits.
    fn from_bytes(s: &[u8]) -> Option<Written> {
        let mut written = Written::EMPTY;
        if s.len() > 8 {
            return None;
        }
        for &c in s {
            written.push(char::from(c));
        }
        (written.len as usize == s.len()).then_some(written)
    }

    /// The text without a trailing `+` or `#`.
    fn without_suffix(self) -> Written {
        let last = self.len.wrapping_sub(1);
        match (self.packed >> (8 * last.min(7))) as u8 {
            b'+' | b'#' if self.len > 0 => Written {
                packed: self.packed & !(0xff << (8 * last)),
                len: last,
            },
            _ => self,
        }
    }

    #[inline(always)]
    fn san(self) -> San {
        San::from_packed(self.packed, self.len as u8)
    }
}

/// Why `input` cannot be a move in any position, if it cannot (the syntax
/// check of moves in PGN variations, which are not played).
#[cfg(feature = "std")]
pub(crate) fn syntax_error(input: &[u8]) -> Option<&'static str> {
    read(input).err()
}

impl Position {
    /// Writes `m` in Standard Algebraic Notation (FIDE Appendix C), with a
    /// `+` suffix for check and `#` for checkmate: the piece letter (none
    /// for a pawn), the from file, rank or square when another legal move of
    /// a piece of the same kind reaches the same square (C.10; a pinned twin
    /// needs none), `x` for a capture (en passant too, written `exd6`), the
    /// target square, `=Q` for a promotion; castling is `O-O` or `O-O-O`, in
    /// Chess960 too. Never allocates.
    ///
    /// An illegal `m` (not one of [`Position::legal_moves`], such as a
    /// hand-built move of the wrong kind) is written as its squares in
    /// parentheses instead, `(e2e5)`: no SAN looks like that, and
    /// [`Position::parse_san`] refuses it as a syntax error, so the text can
    /// never read back as some other, legal move.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// assert_eq!(pos.san(Move::new(Square::B1, Square::D2)).as_str(), "Nbd2");
    /// assert_eq!(pos.san(Move::new(Square::F1, Square::G3)).as_str(), "Ng3");
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// assert_eq!(pos.san(Move::new(Square::A1, Square::A8)).as_str(), "Ra8#");
    /// // Not legal: its squares in parentheses, which parse_san refuses.
    /// assert_eq!(pos.san(Move::new(Square::A1, Square::B2)).as_str(), "(a1b2)");
    /// let start = Position::new();
    /// let wrong_kind = Move::new(Square::E2, Square::E4); // the double push has its own kind
    /// assert_eq!(start.san(wrong_kind).as_str(), "(e2e4)");
    /// assert!(start.parse_san("(e2e4)").is_err());
    /// ```
    #[must_use]
    pub fn san(&self, m: Move) -> San {
        match self.write_san(m, true) {
            Some(san) => san.san(),
            None => self.uci_as_san(m),
        }
    }

    #[cold]
    fn uci_as_san(&self, m: Move) -> San {
        let mut text = San::empty();
        text.push('(');
        for sq in [m.from(), m.to()] {
            text.push(sq.file().char());
            text.push(sq.rank().char());
        }
        if let Some(role) = m.promotion_role() {
            text.push(role.char());
        }
        text.push(')');
        text
    }

    /// Reads a move in algebraic notation as players write it, leniently:
    /// SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`) and also `0-0` / `0-0-0`; a
    /// missing or needless `x` (`ed5`, `Nxf3` to an empty square);
    /// promotions as `e8Q`, `e8=q`; over-disambiguation (`Nbd2`, `Ng1f3`);
    /// long algebraic for any piece (`Ng1-f3`, `e2e4`, `e2-e4`, `e7e8Q`) and
    /// bare UCI (`g1f3`, and castling as `e1g1` or king-takes-rook `e1h1`
    /// in standard chess, king-takes-rook only in Chess960); a wrong or
    /// missing `+` / `#` (ignored); a trailing annotation `!`, `?`, `!!`,
    /// `??`, `!?` or `?!`; and `e.p.` or ` e.p.` after an en passant capture.
    /// Piece letters are upper case (`nf3` is not a move; `bxc3` is the
    /// b-pawn, `Bxc3` the bishop). It never chooses between two legal moves.
    /// Null moves (`--`, `Z0`, `0000`, `@@@@`) are not moves here. Never
    /// allocates unless it fails.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not algebraic notation (or a
    /// null move), [`SanError::Illegal`] when no legal move matches (also
    /// `e.p.` after a move that is not an en passant capture), and
    /// [`SanError::Ambiguous`] when more than one does.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, SanError, Square};
    /// let pos = Position::new();
    /// let nf3 = Move::new(Square::G1, Square::F3);
    /// for text in ["Nf3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3+", "Nf3!?"] {
    ///     assert_eq!(pos.parse_san(text), Ok(nf3));
    /// }
    /// assert!(matches!(pos.parse_san("nf3"), Err(SanError::Syntax { .. })));
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// assert!(matches!(pos.parse_san("Nd2"), Err(SanError::Ambiguous { .. })));
    /// ```
    #[inline]
    pub fn parse_san(&self, input: &str) -> Result<Move, SanError> {
        self.parse_san_bytes(input.as_bytes())
    }

    /// [`Position::parse_san`] on bytes (the PGN reader's tokens), so that
    /// no UTF-8 check is paid per move. Inlined into the caller, so that a
    /// found move comes back in a register: returned inside the large
    /// `Result`, it went through memory, and a caller reading it there
    /// wider than it was written waited for the store (a failed store
    /// forward: a few per cent of a PGN validator's time).
    #[inline]
    pub(crate) fn parse_san_bytes(&self, bytes: &[u8]) -> Result<Move, SanError> {
        match self.find_san_inline(bytes) {
            Some(m) => Ok(m),
            None => Err(self.san_failure(bytes)),
        }
    }

    /// The legal move `bytes` describe, if there is exactly one: a call of
    /// its own, for the reader's game, whose loop keeps more values in
    /// registers than this leaves it (inlined there, it cost the reader
    /// 0.6 to 1.2 % more instructions).
    #[cfg(feature = "std")]
    #[inline(never)]
    pub(crate) fn find_san(&self, bytes: &[u8]) -> Option<Move> {
        self.find_san_inline(bytes)
    }

    /// [`Position::find_san`], inlined into [`Position::parse_san`]'s
    /// caller: a call of its own saved and restored six registers a move
    /// (1.6 % of a PGN validator's instructions). The commonest shapes (a
    /// pawn's push or capture, a piece's move without a from square: 95 %
    /// of a lichess file's moves) are searched as they are read, with no
    /// description packed and unpacked (9 % of a validator's
    /// instructions); the other common shapes go from one description to
    /// the search; the rest go their own way.
    #[inline(always)]
    fn find_san_inline(&self, bytes: &[u8]) -> Option<Move> {
        if let Some(found) = self.find_plain(bytes) {
            return found;
        }
        match read_common(bytes) {
            Some(described) => self.find(described).ok(),
            None => self.find_san_uncommon(bytes),
        }
    }

    /// [`Position::find_san`] with the role of the piece that moves, for
    /// [`Position::play_known`]: the commonest shapes tell it as they are
    /// searched, the others look it up on the move's from square. Inlined
    /// into its caller, the PGN reader's game move.
    #[cfg(feature = "std")]
    #[inline(always)]
    pub(crate) fn find_san_with_role(&self, bytes: &[u8]) -> Option<(Move, crate::Role)> {
        if let Some(found) = self.find_plain_with_role(bytes) {
            return found;
        }
        let m = match read_common(bytes) {
            Some(described) => self.find(described).ok(),
            None => self.find_san_uncommon(bytes),
        }?;
        Some((m, self.role_of_occupied(m.from())))
    }

    /// [`Position::find_san`] for what [`read_common`] does not read:
    /// annotations, `e.p.`, `0-0`, a promotion without `=`, null moves,
    /// and every syntax error.
    #[inline(never)]
    fn find_san_uncommon(&self, bytes: &[u8]) -> Option<Move> {
        let (described, en_passant) = read(bytes).ok()?;
        match self.find(described) {
            Ok(m) if !en_passant || m.is_en_passant() => Some(m),
            _ => None,
        }
    }

    /// Why [`Position::find_san`] found no move in `bytes`: the text read
    /// again, the way it read it, on the rare path.
    #[cold]
    #[inline(never)]
    pub(crate) fn san_failure(&self, bytes: &[u8]) -> SanError {
        let described = match read_common(bytes) {
            Some(described) => described,
            None => match read(bytes) {
                Ok((described, _)) => described,
                Err(reason) => return self.san_error(bytes, Err(reason)),
            },
        };
        self.san_error(bytes, Ok((described, self.find_described(described))))
    }

    /// [`Position::find`] out of line, for the error path.
    #[inline(never)]
    fn find_described(&self, described: Described) -> Result<Move, Mismatch> {
        self.find(described)
    }

    /// The error [`Position::parse_san_bytes`] gives: the text's syntax
    /// error, or why the move it describes was not found (`Ok(m)`: `e.p.`
    /// written after a move that is not an en passant capture). Out of the
    /// way of the reading of legal moves, which then needs no room for it.
    #[cold]
    #[inline(never)]
    fn san_error(
        &self,
        bytes: &[u8],
        found: Result<(Described, Result<Move, Mismatch>), &'static str>,
    ) -> SanError {
        let input = || crate::quote::bounded_bytes(bytes);
        match found {
            Err(reason) => SanError::Syntax {
                input: input(),
                reason,
            },
            Ok((_, Ok(_))) => self.illegal(&input(), IllegalMoveReason::NotEnPassant),
            Ok((described, Err(Mismatch::Illegal))) => {
                self.illegal(&input(), self.why_no_match(described))
            }
            Ok((described, Err(Mismatch::Ambiguous))) => SanError::Ambiguous {
                input: input(),
                fen: self.fen(),
                candidates: self
                    .candidates(described)
                    .into_iter()
                    .map(|m| self.san(m))
                    .collect(),
            },
        }
    }

    /// Reads a move in exactly the SAN that [`Position::san`] writes, with
    /// the `+` / `#` suffix optional but, when present, right. Over- or
    /// under-disambiguation, `0-0`, a missing `x`, `e8Q`, long algebraic,
    /// annotations and a wrong suffix are refused. Never allocates unless it
    /// fails.
    ///
    /// # Errors
    ///
    /// [`SanError::Syntax`] for text that is not exactly SAN (including a
    /// wrong suffix), [`SanError::Illegal`] when no legal move matches, and
    /// [`SanError::Ambiguous`] when more than one does.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, SanError, Square};
    /// let pos = Position::new();
    /// let nf3 = Move::new(Square::G1, Square::F3);
    /// assert_eq!(pos.parse_san_strict("Nf3"), Ok(nf3));
    /// assert!(matches!(pos.parse_san_strict("Ng1f3"), Err(SanError::Syntax { .. })));
    /// assert!(matches!(pos.parse_san_strict("Nf3+"), Err(SanError::Syntax { .. })));
    /// ```
    pub fn parse_san_strict(&self, input: &str) -> Result<Move, SanError> {
        let m = self.parse_san(input)?;
        let syntax = |reason| {
            Err(SanError::Syntax {
                input: crate::quote::bounded(input),
                reason,
            })
        };
        let Some(text) = Written::from_bytes(input.as_bytes()) else {
            return syntax(NOT_STRICT);
        };
        // The suffix costs a check test: only when the text has one.
        let has_suffix = text.without_suffix() != text;
        let Some(san) = self.write_san(m, has_suffix) else {
            return syntax(NOT_STRICT);
        };
        if text == san {
            Ok(m)
        } else if has_suffix && text.without_suffix() == san.without_suffix() {
            syntax(WRONG_SUFFIX)
        } else {
            syntax(NOT_STRICT)
        }
    }

    fn illegal(&self, input: &str, reason: IllegalMoveReason) -> SanError {
        SanError::Illegal {
            input: crate::quote::bounded(input),
            fen: self.fen(),
            reason,
        }
    }
}

/// serde: 2 to 8 characters of the SAN alphabet (no position to check the
/// move against), e.g. `"Nf3"`.
#[cfg(feature = "serde")]
fn is_san_shape(s: &str) -> bool {
    (2..=8).contains(&s.len()) && s.chars().all(|c| "abcdefgh12345678KQRBNxO-=+#".contains(c))
}

#[cfg(feature = "serde")]
crate::text::serde_inline_text!(San, is_san_shape, "SAN move text");

#[cfg(test)]
mod tests {
    use super::{Move, Position, SanError, read, read_common};
    use crate::IllegalMoveReason;
    use alloc::vec::Vec;

    /// The reading in one pass, the error built from what it met: the
    /// answer `parse_san` must give, which works the error out again.
    fn in_one_pass(pos: &Position, bytes: &[u8]) -> Result<Move, SanError> {
        let (described, en_passant) = match read_common(bytes) {
            Some(described) => (described, false),
            None => match read(bytes) {
                Ok(read) => read,
                Err(reason) => return Err(pos.san_error(bytes, Err(reason))),
            },
        };
        match pos.find(described) {
            Ok(m) if !en_passant || m.is_en_passant() => Ok(m),
            found => Err(pos.san_error(bytes, Ok((described, found)))),
        }
    }

    #[test]
    fn an_error_worked_out_again_is_the_one_the_reading_met() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // En passant (d5xe6), both castles, two knights to d2.
            "r3k2r/8/8/3Pp3/8/5N2/8/RN2K2R w KQkq e6 0 1",
            // Promotions, captures on the last rank, a pinned piece.
            "1n2k3/P1P5/8/8/1b6/8/3N4/4K3 w - - 0 1",
            // In check: castling and most moves refused.
            "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
        ];
        let alphabet = b"NBRQKabcdefgh12345678x=+#O-0 .p!?";
        let mut texts: Vec<Vec<u8>> = Vec::new();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..6_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let len = 1 + (state >> 61) as usize;
            let mut text = Vec::new();
            for _ in 0..len {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                text.push(alphabet[(state >> 33) as usize % alphabet.len()]);
            }
            texts.push(text);
        }
        for text in [
            &b"Nd2"[..],
            b"Nbd2",
            b"Nf3",
            b"dxe6",
            b"dxe6 e.p.",
            b"dxe6e.p.",
            b"Nbd2 e.p.",
            b"Rb1e.p.",
            b"Rb1",
            b"Rxb1",
            b"O-O",
            b"O-O-O",
            b"0-0",
            b"a8=Q",
            b"a8Q",
            b"axb8=N+",
            b"c8=K",
            b"Nb3",
            b"Kd1",
            b"Ke2",
            b"e4!",
            b"--",
            b"nf3",
            b"",
        ] {
            texts.push(text.to_vec());
        }
        // Syntax, illegal, ambiguous, `e.p.` after another move.
        let mut kinds = [0; 4];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            for text in &texts {
                let want = in_one_pass(&pos, text);
                match &want {
                    Ok(_) => {}
                    Err(SanError::Syntax { .. }) => kinds[0] += 1,
                    Err(SanError::Illegal {
                        reason: IllegalMoveReason::NotEnPassant,
                        ..
                    }) => kinds[3] += 1,
                    Err(SanError::Illegal { .. }) => kinds[1] += 1,
                    Err(_) => kinds[2] += 1,
                }
                assert_eq!(pos.parse_san_bytes(text), want, "{fen} {text:?}");
            }
        }
        assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
    }
}
