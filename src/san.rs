//! Standard Algebraic Notation (FIDE Laws of Chess, Appendix C): writing a
//! move as `Nf3`, `exd6`, `Rae1`, `O-O-O` or `e8=Q#`, and reading it back,
//! leniently (what players write) or strictly (only what [`Position::san`]
//! writes).
//!
//! Nothing here generates the full move list: writing tests the move and
//! its same-role twins that reach the target square one by one (pseudo-legal
//! by attack lookup, then safe for the own king), and finds check without
//! playing the move; only a move that gives check is played, on a copy, to
//! tell mate from check.

use crate::castling::CastlingSide;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::text::San;
use crate::{attacks, Bitboard, File, Rank, Role, Square};
use alloc::string::{String, ToString};

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
    #[error("illegal SAN {input:?} in {fen}: no legal move matches")]
    Illegal {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
    },
    /// Well formed, but more than one legal move matches it (FIDE
    /// Appendix C.10 asks for the from file or rank).
    #[error("ambiguous SAN {input:?} in {fen}: more than one legal move matches")]
    Ambiguous {
        /// The text as given.
        input: String,
        /// The position's FEN.
        fen: String,
    },
}

const EXPECTED: &str = "expected a piece letter (none for a pawn), an optional from file and/or \
                        rank, an optional x, a target square and an optional promotion, \
                        like Nf3, exd5, Rae1 or e8=Q, or O-O / O-O-O";
const NULL_MOVE: &str = "null moves are not supported";
const NOT_ASCII: &str = "contains a character that is not ASCII";
const EMPTY: &str = "empty";
const PROMOTION: &str = "= must be followed by N, B, R or Q";
const NOT_STRICT: &str = "not written as san() writes it (strict SAN)";
const WRONG_SUFFIX: &str = "wrong check or mate suffix (strict SAN)";

/// Move annotations a player may append (`!?` before `!`, so the longest wins).
const ANNOTATIONS: [&[u8]; 6] = [b"!!", b"??", b"!?", b"?!", b"!", b"?"];

/// What the text describes, before the position is consulted.
#[derive(Copy, Clone, Debug)]
enum Described {
    Castle(CastlingSide),
    Move {
        /// `None` for a pawn, or for long algebraic without a piece letter.
        role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        /// Any letter after the target square, `K` included (never legal).
        promotion: Option<Role>,
    },
}

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

/// Why a well-formed text matched no single legal move.
enum Mismatch {
    Illegal,
    Ambiguous,
}

/// Reads the text alone: strips an annotation, a check or mate suffix and
/// an `e.p.` mark, then reads castling or `[piece][file][rank][-x]square[[=]promotion]`.
/// Returns what it describes and whether `e.p.` was written.
fn read(input: &str) -> Result<(Described, bool), &'static str> {
    if input.is_empty() {
        return Err(EMPTY);
    }
    if !input.is_ascii() {
        return Err(NOT_ASCII);
    }
    let mut s = input.as_bytes();
    if let Some(rest) = ANNOTATIONS.iter().find_map(|a| s.strip_suffix(*a)) {
        s = rest;
    }
    // The check suffix may come before or after `e.p.`.
    let suffix = strip_check_suffix(&mut s);
    let mut en_passant = false;
    if let Some(rest) = s.strip_suffix(b"e.p.") {
        en_passant = true;
        s = rest.strip_suffix(b" ").unwrap_or(rest);
        if !suffix {
            strip_check_suffix(&mut s);
        }
    }
    let described = match s {
        b"O-O" | b"0-0" => Described::Castle(CastlingSide::KingSide),
        b"O-O-O" | b"0-0-0" => Described::Castle(CastlingSide::QueenSide),
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Err(NULL_MOVE),
        _ => read_move(s)?,
    };
    Ok((described, en_passant))
}

/// Strips one trailing `+` or `#`; `true` if there was one.
fn strip_check_suffix(s: &mut &[u8]) -> bool {
    match s.split_last() {
        Some((b'+' | b'#', rest)) => {
            *s = rest;
            true
        }
        _ => false,
    }
}

/// Reads `[NBRQK][a-h][1-8][-x]<square>[[=]<promotion>]`.
fn read_move(s: &[u8]) -> Result<Described, &'static str> {
    let (role, s) = match s.split_first() {
        Some((&c @ (b'N' | b'B' | b'R' | b'Q' | b'K'), rest)) => (Role::from_char(c as char), rest),
        _ => (None, s),
    };
    let (promotion, s) = match s.split_last() {
        Some((
            &c @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'n' | b'b' | b'r' | b'q' | b'k'),
            rest,
        )) => (
            Role::from_char(c as char),
            rest.strip_suffix(b"=").unwrap_or(rest),
        ),
        Some((b'=', _)) => return Err(PROMOTION),
        _ => (None, s),
    };
    let [prefix @ .., file, rank] = s else {
        return Err(EXPECTED);
    };
    let to = Square::from_ascii(*file, *rank).ok_or(EXPECTED)?;
    let mut prefix = prefix;
    let mut from_file = None;
    let mut from_rank = None;
    if let Some((&c @ b'a'..=b'h', rest)) = prefix.split_first() {
        from_file = File::new(u32::from(c - b'a'));
        prefix = rest;
    }
    if let Some((&c @ b'1'..=b'8', rest)) = prefix.split_first() {
        from_rank = Rank::new(u32::from(c - b'1'));
        prefix = rest;
    }
    if let Some((b'-' | b'x', rest)) = prefix.split_first() {
        prefix = rest;
    }
    if !prefix.is_empty() {
        return Err(EXPECTED);
    }
    Ok(Described::Move {
        role,
        file: from_file,
        rank: from_rank,
        to,
        promotion,
    })
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
    /// An illegal `m` is written in UCI notation instead (`e2e5`), which no
    /// SAN move looks like and which [`Position::parse_san`] rejects.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// assert_eq!(pos.san(Move::new(Square::B1, Square::D2)).as_str(), "Nbd2");
    /// assert_eq!(pos.san(Move::new(Square::F1, Square::G3)).as_str(), "Ng3");
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    /// assert_eq!(pos.san(Move::new(Square::A1, Square::A8)).as_str(), "Ra8#");
    /// // Not legal: its UCI text.
    /// assert_eq!(pos.san(Move::new(Square::A1, Square::B2)).as_str(), "a1b2");
    /// ```
    pub fn san(&self, m: Move) -> San {
        match self.write_san(m, true) {
            Some(san) => san.san(),
            None => self.uci_as_san(m),
        }
    }

    #[cold]
    fn uci_as_san(&self, m: Move) -> San {
        let mut san = Written::EMPTY;
        self.uci(m).chars().for_each(|c| san.push(c));
        san.san()
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
    pub fn parse_san(&self, input: &str) -> Result<Move, SanError> {
        let (described, en_passant) = read(input).map_err(|reason| SanError::Syntax {
            input: input.to_string(),
            reason,
        })?;
        match self.find(described) {
            Ok(m) if en_passant && !m.is_en_passant() => Err(self.illegal(input)),
            Ok(m) => Ok(m),
            Err(Mismatch::Illegal) => Err(self.illegal(input)),
            Err(Mismatch::Ambiguous) => Err(SanError::Ambiguous {
                input: input.to_string(),
                fen: self.fen(),
            }),
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
                input: input.to_string(),
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

    fn illegal(&self, input: &str) -> SanError {
        SanError::Illegal {
            input: input.to_string(),
            fen: self.fen(),
        }
    }

    /// The legal move the text describes.
    fn find(&self, described: Described) -> Result<Move, Mismatch> {
        let (role, file, rank, to, promotion) = match described {
            Described::Castle(side) => return self.castle(side).ok_or(Mismatch::Illegal),
            Described::Move {
                role,
                file,
                rank,
                to,
                promotion,
            } => (role, file, rank, to, promotion),
        };
        if let (None, Some(file), Some(rank)) = (role, file, rank) {
            // Long algebraic or UCI without a piece letter: any piece.
            return self.long_move(Square::from_coords(file, rank), to, promotion);
        }
        let us = self.turn;
        let role = role.unwrap_or(Role::Pawn);
        let occupied = self.occupied();
        let reach = if role == Role::Pawn {
            let forward = us.fold(8, -8);
            let target = Bitboard::from_square(to);
            attacks::pawn(!us, to) | target.shift(-forward) | target.shift(-2 * forward)
        } else if promotion.is_some() || self.by_color(us).contains(to) {
            return Err(Mismatch::Illegal);
        } else {
            reach(role, to, occupied)
        };
        let mut from_mask = self.pieces(us, role) & reach;
        // Without a from file a pawn moves straight (python-chess: `xd6` is d5-d6).
        match (file, role) {
            (Some(file), _) => from_mask &= Bitboard::from_file(file),
            (None, Role::Pawn) => from_mask &= Bitboard::from_file(to.file()),
            (None, _) => {}
        }
        if let Some(rank) = rank {
            from_mask &= Bitboard::from_rank(rank);
        }
        let mut found = None;
        for from in from_mask {
            // Pieces in `reach` attack `to`: only their king's safety is left to test.
            let legal = match role {
                Role::Pawn => self.legal_pawn_move(from, to, promotion),
                Role::King => self.king_may_go(from, to).then(|| Move::new(from, to)),
                _ => self.keeps_king_safe(from, to).then(|| Move::new(from, to)),
            };
            if let Some(m) = legal {
                if found.is_some() {
                    return Err(Mismatch::Ambiguous);
                }
                found = Some(m);
            }
        }
        found.ok_or(Mismatch::Illegal)
    }

    /// A move given by its from and to squares, as UCI gives it: castling
    /// as king-takes-rook, or in standard chess also as the king's two-step.
    fn long_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, Mismatch> {
        if from == self.king(self.turn) && promotion.is_none() {
            let chess960 = self.mode.is_chess960();
            let castle = self
                .castles()
                .into_iter()
                .find(|m| m.to() == to || (!chess960 && m.king_destination() == to));
            if let Some(m) = castle {
                return Ok(m);
            }
        }
        self.legal_move(from, to, promotion)
            .ok_or(Mismatch::Illegal)
    }

    /// The legal castling moves (none in check).
    fn castles(&self) -> MoveList {
        let mut moves = MoveList::new();
        let back_rank = Bitboard::from_rank(Rank::First.relative_to(self.turn));
        if (self.castling & back_rank).any() && !self.is_check() {
            self.castling_moves(&mut moves);
        }
        moves
    }

    /// Legal castling to `side`, if any (FIDE 3.8.2).
    fn castle(&self, side: CastlingSide) -> Option<Move> {
        let king_side = side == CastlingSide::KingSide;
        self.castles()
            .into_iter()
            .find(|m| m.is_king_side_castle() == king_side)
    }

    /// The legal move of the side to move's piece on `from` to `to` (not
    /// castling) with that promotion, with its kind (double push, en passant)
    /// worked out; `None` if there is none.
    fn legal_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let us = self.turn;
        let ours = self.by_color(us);
        if !ours.contains(from) || ours.contains(to) {
            return None;
        }
        let occupied = self.occupied();
        let legal = match self.role_at(from)? {
            Role::Pawn => return self.legal_pawn_move(from, to, promotion),
            _ if promotion.is_some() => return None,
            Role::King => attacks::king(from).contains(to) && self.king_may_go(from, to),
            role => reach(role, to, occupied).contains(from) && self.keeps_king_safe(from, to),
        };
        legal.then(|| Move::new(from, to))
    }

    /// [`Position::legal_move`] for a pawn: push, double push, capture, en
    /// passant; promotion exactly when it reaches the last rank (FIDE 3.7).
    fn legal_pawn_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let us = self.turn;
        let occupied = self.occupied();
        if (to.rank() == Rank::Eighth.relative_to(us)) != promotion.is_some() {
            return None;
        }
        let forward = us.fold(8, -8);
        let delta = to.index() as i32 - from.index() as i32;
        let m = if from.file() == to.file() {
            if occupied.contains(to) {
                return None;
            }
            let passed = Bitboard::from_square(from).shift(forward);
            if delta == forward {
                Move::new(from, to)
            } else if delta == 2 * forward
                && from.rank() == Rank::Second.relative_to(us)
                && !(occupied & passed).any()
            {
                Move::double_push(from, to)
            } else {
                return None;
            }
        } else if attacks::pawn(us, from).contains(to) {
            if self.by_color(!us).contains(to) {
                Move::new(from, to)
            } else if self.ep == Some(to) {
                return self
                    .is_legal_en_passant(from, to)
                    .then(|| Move::en_passant(from, to));
            } else {
                return None;
            }
        } else {
            return None;
        };
        let m = match promotion {
            Some(role) => Move::promotion(from, to, role)?,
            None => m,
        };
        self.keeps_king_safe(from, to).then_some(m)
    }

    /// The role of the piece on `from`, which the caller knows to hold a
    /// piece: computed without a loop, whose exit branch the CPU mispredicts
    /// when the roles of consecutive moves differ.
    #[inline(always)]
    fn role_of_ours(&self, from: Square) -> Role {
        let has = |role: Role| ((self.by_role[role as usize].0 >> from as u32) & 1) as usize;
        let index = has(Role::Knight)
            + 2 * has(Role::Bishop)
            + 3 * has(Role::Rook)
            + 4 * has(Role::Queen)
            + 5 * has(Role::King);
        Role::ALL.get(index).copied().unwrap_or(Role::Pawn)
    }

    /// `true` if the own king is not attacked once the (non-king) piece on
    /// `from` stands on `to`, capturing what is there: the test of pins and
    /// of check evasion in one.
    #[inline]
    fn keeps_king_safe(&self, from: Square, to: Square) -> bool {
        let target = Bitboard::from_square(to);
        let occupied = (self.occupied() ^ Bitboard::from_square(from)) | target;
        self.is_safe(self.king(self.turn), occupied, target)
    }

    /// `true` if the own king may step from `from` to `to` (not castling).
    #[inline]
    fn king_may_go(&self, from: Square, to: Square) -> bool {
        let occupied = self.occupied() ^ Bitboard::from_square(from);
        self.is_safe(to, occupied, Bitboard::from_square(to))
    }

    /// `true` if no opponent piece but those on `captured` attacks `sq`
    /// with `occupied` as the blockers. Line pieces are found by their
    /// empty-board rays and then tested for a blocker in between: cheaper
    /// than two magic lookups with a changed occupancy, whose table entries
    /// are scattered over the whole table.
    #[inline(always)]
    fn is_safe(&self, sq: Square, occupied: Bitboard, captured: Bitboard) -> bool {
        let theirs = self.by_color(!self.turn) & !captured;
        let leapers = (attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::pawn(self.turn, sq) & self.by_role(Role::Pawn))
            | (attacks::king(sq) & self.by_role(Role::King));
        if (leapers & theirs).any() {
            return false;
        }
        let queens = self.by_role(Role::Queen);
        let snipers = ((attacks::bishop(sq, Bitboard::EMPTY)
            & (self.by_role(Role::Bishop) | queens))
            | (attacks::rook(sq, Bitboard::EMPTY) & (self.by_role(Role::Rook) | queens)))
            & theirs;
        snipers
            .into_iter()
            .all(|sniper| (attacks::between(sq, sniper) & occupied).any())
    }

    /// The SAN of `m`, with its `+` / `#` suffix if `suffix`; `None` if `m`
    /// is not legal. One attack lookup serves legality and disambiguation:
    /// the squares from which a piece of the mover's role attacks the
    /// target hold the mover (else the move is not even pseudo-legal) and
    /// its twins. Whether the moved piece itself gives check is found in
    /// the same branch on its role.
    #[inline(always)]
    fn write_san(&self, m: Move, suffix: bool) -> Option<Written> {
        let mut san = Written::EMPTY;
        if m.is_castle() {
            let king_side = m.is_king_side_castle();
            let side = if king_side {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if self.castle(side) != Some(m) {
                return None;
            }
            let text = if king_side { "O-O" } else { "O-O-O" };
            text.chars().for_each(|c| san.push(c));
            if suffix && self.special_gives_check(m) {
                san.push(self.check_or_mate(m));
            }
            return Some(san);
        }
        let (from, to) = (m.from(), m.to());
        let us = self.turn;
        let ours = self.by_color(us);
        if !ours.contains(from) || ours.contains(to) {
            return None;
        }
        let occupied = self.occupied();
        let after = (occupied ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        let their_king = self.king(!us);
        let role = self.role_of_ours(from);
        let capture = occupied.contains(to) || m.is_en_passant();
        let direct_check = match role {
            Role::Pawn => {
                if self.legal_pawn_move(from, to, m.promotion_role()) != Some(m) {
                    return None;
                }
                if capture {
                    san.push(from.file().char());
                }
                match m.promotion_role() {
                    Some(role) => piece_checks(role, to, their_king, after),
                    None => attacks::pawn(us, to).contains(their_king),
                }
            }
            Role::King => {
                if m != Move::new(from, to)
                    || !attacks::king(from).contains(to)
                    || !self.king_may_go(from, to)
                {
                    return None;
                }
                san.push('K');
                false
            }
            _ => {
                let reach = reach(role, to, occupied);
                if m != Move::new(from, to)
                    || !reach.contains(from)
                    || !self.keeps_king_safe(from, to)
                {
                    return None;
                }
                san.push(role.upper_char());
                let twins = reach & self.pieces(us, role) & !Bitboard::from_square(from);
                if twins.any() {
                    self.disambiguate(from, to, twins, &mut san);
                }
                piece_checks(role, to, their_king, after)
            }
        };
        if capture {
            san.push('x');
        }
        san.push(to.file().char());
        san.push(to.rank().char());
        if let Some(promotion) = m.promotion_role() {
            san.push('=');
            san.push(promotion.upper_char());
        }
        if suffix {
            let check = if m.is_en_passant() {
                self.special_gives_check(m)
            } else {
                direct_check || self.uncovers_check(from, to, their_king, after)
            };
            if check {
                san.push(self.check_or_mate(m));
            }
        }
        Some(san)
    }

    /// Appends the from file, rank or square that tells the move from
    /// `from` to `to` apart from those of its `twins` (pieces of the same
    /// role that attack `to`) that may legally go there (FIDE Appendix
    /// C.10): the file if that suffices, else the rank, else both. A pinned
    /// twin does not count.
    fn disambiguate(&self, from: Square, to: Square, twins: Bitboard, san: &mut Written) {
        let mut others = Bitboard::EMPTY;
        for twin in twins {
            if self.keeps_king_safe(twin, to) {
                others |= Bitboard::from_square(twin);
            }
        }
        if others.is_empty() {
            return;
        }
        let same_file = (others & Bitboard::from_file(from.file())).any();
        let same_rank = (others & Bitboard::from_rank(from.rank())).any();
        if !same_file || same_rank {
            san.push(from.file().char());
        }
        if same_file {
            san.push(from.rank().char());
        }
    }

    /// `+` or `#` for the legal move `m`, which gives check: played on a
    /// copy, since only the position after it tells. Rare, so out of line.
    #[cold]
    #[inline(never)]
    fn check_or_mate(&self, m: Move) -> char {
        let mut after = self.clone();
        after.play_unchecked(m);
        // Most checks are escaped by a king step: try those before the rest.
        let king = after.king(after.turn);
        let mut steps = attacks::king(king) & !after.by_color(after.turn);
        if Iterator::any(&mut steps, |to| after.king_may_go(king, to)) || after.has_legal_moves() {
            '+'
        } else {
            '#'
        }
    }

    /// `true` if the piece leaving `from` for `to` (not castling, not en
    /// passant) uncovers a line piece of ours on the opponent's `king`:
    /// only when `from` is on a line through the king that `to` is not on.
    /// The opponent is not in check now, so that is the only check a move
    /// can give besides the moved piece's own.
    #[inline(always)]
    fn uncovers_check(&self, from: Square, to: Square, king: Square, after: Bitboard) -> bool {
        let (files, ranks) = offsets(from, king);
        let (to_files, to_ranks) = offsets(to, king);
        let straight = files == 0 || ranks == 0;
        if !(straight || files.abs() == ranks.abs()) || files * to_ranks == ranks * to_files {
            return false;
        }
        let ours = self.by_color(self.turn) & !Bitboard::from_square(from);
        let queens = self.by_role(Role::Queen);
        if straight {
            (attacks::rook(king, after) & (self.by_role(Role::Rook) | queens) & ours).any()
        } else {
            (attacks::bishop(king, after) & (self.by_role(Role::Bishop) | queens) & ours).any()
        }
    }

    /// Whether castling or en passant `m` (which empty two squares) gives
    /// check: played on a copy. Rare, so out of line.
    #[cold]
    #[inline(never)]
    fn special_gives_check(&self, m: Move) -> bool {
        let mut after = self.clone();
        after.play_unchecked(m);
        after.is_check()
    }
}

/// `true` if a piece of `role` (not a pawn or king) on `to` attacks `king`
/// with `occupied` as the blockers; computed without branching on the
/// role, which the caller has just branched on.
#[inline(always)]
fn piece_checks(role: Role, to: Square, king: Square, occupied: Bitboard) -> bool {
    let (files, ranks) = offsets(to, king);
    let straight = (files == 0 || ranks == 0) & matches!(role, Role::Rook | Role::Queen);
    let diagonal = (files.abs() == ranks.abs()) & matches!(role, Role::Bishop | Role::Queen);
    let knight = (role == Role::Knight) & attacks::knight(to).contains(king);
    knight || ((straight | diagonal) && (attacks::between(to, king) & occupied).is_empty())
}

/// File and rank differences from `b` to `a`.
#[inline(always)]
fn offsets(a: Square, b: Square) -> (i32, i32) {
    (
        a.file() as i32 - b.file() as i32,
        a.rank() as i32 - b.rank() as i32,
    )
}

/// The squares from which a piece of `role` (not a pawn) attacks `to`:
/// every such attack is symmetric.
#[inline(always)]
fn reach(role: Role, to: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => attacks::knight(to),
        Role::Bishop => attacks::bishop(to, occupied),
        Role::Rook => attacks::rook(to, occupied),
        Role::Queen => attacks::queen(to, occupied),
        Role::King => attacks::king(to),
        Role::Pawn => Bitboard::EMPTY,
    }
}
