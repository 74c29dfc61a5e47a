//! `Position`: one position of a game, with no history.

use crate::attacks;
use crate::bitboard::square_at;
use crate::moves::Move;
use crate::types::CastlingMode;
use crate::{Bitboard, Color, Piece, Rank, Role, Square, zobrist};
use core::fmt;
use core::hash::{Hash, Hasher};

/// A chess position: the pieces, the side to move, castling rights, the en
/// passant square, the two clocks and the castling mode. It has no history:
/// repetitions are [`Game`](crate::Game)'s business.
///
/// Positions are cheap to copy (about 100 bytes); [`Position::play_unchecked`]
/// updates one in place, and search code clones before playing (copy-make).
///
/// ```
/// use chess_arbiter::{Position, Square, Move};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play(Move::double_push(Square::E2, Square::E4)).unwrap();
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    /// The squares of the rooks that may still castle.
    pub(crate) castling: Bitboard,
    /// Set only when a pawn of the side to move stands beside the pawn that
    /// just double-stepped (the Polyglot rule); legality is checked on use.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) key: u64,
    pub(crate) mode: CastlingMode,
}

/// An illegal move was given to [`Position::play`] or [`Game::play`](crate::Game::play):
/// the move as given (its squares as stored and its kind), the position, and why.
///
/// ```
/// use chess_arbiter::{IllegalMoveReason, Move, Position, Square};
/// let err = Position::new().play(Move::new(Square::E2, Square::E5)).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "illegal move e2e5 (normal move) in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: \
///      the white pawn on e2 cannot move to e5",
/// );
/// // A hand-built move of the wrong kind says so.
/// let err = Position::new().play(Move::new(Square::E2, Square::E4)).unwrap_err();
/// assert_eq!(err.reason, IllegalMoveReason::WrongKind { legal: Move::double_push(Square::E2, Square::E4) });
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("illegal move {} ({}) in {fen}: {reason}", crate::moves::RawMove(*.mv), .mv.kind())]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
    /// The FEN of the position it was refused in.
    pub fen: alloc::string::String,
    /// Why it was refused.
    pub reason: crate::IllegalMoveReason,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn new() -> Position {
        Position::START
    }

    /// The standard starting position, written out (a copy of it is far
    /// cheaper than setting it up piece by piece; test
    /// `the_written_start_is_the_one_set_up` holds it to
    /// `chess960_setup(518)` and its key to a fresh computation).
    const START: Position = Position {
        by_role: [
            Bitboard(0x00ff_0000_0000_ff00),
            Bitboard(0x4200_0000_0000_0042),
            Bitboard(0x2400_0000_0000_0024),
            Bitboard(0x8100_0000_0000_0081),
            Bitboard(0x0800_0000_0000_0008),
            Bitboard(0x1000_0000_0000_0010),
        ],
        by_color: [
            Bitboard(0x0000_0000_0000_ffff),
            Bitboard(0xffff_0000_0000_0000),
        ],
        turn: Color::White,
        castling: Bitboard(0x8100_0000_0000_0081),
        ep: None,
        halfmove: 0,
        fullmove: 1,
        // The Polyglot key of the start.
        key: 0x463b_9618_1691_fc9c,
        mode: CastlingMode::Standard,
    };

    /// An empty board with White to move: the start of building a position.
    pub(crate) fn empty(mode: CastlingMode) -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            mode,
        }
    }

    /// The side to move.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position};
    /// assert_eq!(Position::new().turn(), Color::White);
    /// ```
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Role, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.piece_at(Square::D8), Some(Role::Queen.of(Color::Black)));
    /// assert_eq!(pos.piece_at(Square::D4), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    #[inline(always)]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        // A legal position gives every occupied square one role; after
        // play_unchecked of an illegal move a square may have a colour and
        // no role, so look without running off the end.
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize].contains(sq))
    }

    /// Whether castling is written and played as in standard chess or Chess960.
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, Position};
    /// assert_eq!(Position::new().castling_mode(), CastlingMode::Standard);
    /// assert_eq!(Position::chess960(0).castling_mode(), CastlingMode::Chess960);
    /// ```
    #[inline]
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Half-moves since the last capture or pawn move (FIDE 9.3); never capped.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 150 200").unwrap();
    /// assert_eq!(pos.halfmove_clock(), 150);
    /// ```
    #[inline]
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increased after each Black move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().fullmove_number(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The square an en passant capture would land on, only when such a
    /// capture is legal now (FIDE 3.7.3.1).
    ///
    /// ```
    /// use chess_arbiter::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    /// assert_eq!(pos.en_passant_square(), Some(Square::D6));
    /// // After 1. e4 no black pawn can take: no square.
    /// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    /// assert_eq!(pos.en_passant_square(), None);
    /// ```
    #[must_use]
    pub fn en_passant_square(&self) -> Option<Square> {
        let ep = self.ep?;
        let capturers = attacks::pawn(!self.turn, ep) & self.pieces(self.turn, Role::Pawn);
        capturers
            .into_iter()
            .any(|from| self.is_legal_en_passant(from, ep))
            .then_some(ep)
    }

    /// The castling rights: the squares of the rooks that may still castle (FIDE 3.8.2).
    ///
    /// ```
    /// use chess_arbiter::{Position, Square};
    /// let rights = Position::new().castling_rights();
    /// assert_eq!(rights.len(), 4);
    /// assert!(rights.contains(Square::H8));
    /// ```
    #[inline]
    #[must_use]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// All occupied squares.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().occupied().len(), 32);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position};
    /// assert_eq!(Position::new().by_color(Color::Black).len(), 16);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of every piece of `role`, both colours.
    ///
    /// ```
    /// use chess_arbiter::{Position, Role};
    /// assert_eq!(Position::new().by_role(Role::Knight).len(), 4);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// The squares of `color`'s pieces of `role`.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Role};
    /// assert_eq!(Position::new().pieces(Color::White, Role::Pawn).len(), 8);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color as usize] & self.by_role[role as usize]
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Square};
    /// assert_eq!(Position::new().king(Color::Black), Square::E8);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        // Every Position is validated to hold exactly one king of each colour.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    #[inline(always)]
    fn sliders(&self, color: Color) -> (Bitboard, Bitboard) {
        let queens = self.by_role[Role::Queen as usize];
        let ours = self.by_color[color as usize];
        (
            (self.by_role[Role::Bishop as usize] | queens) & ours,
            (self.by_role[Role::Rook as usize] | queens) & ours,
        )
    }

    /// The pieces of `by` that attack `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn attackers_under(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let (diagonal, straight) = self.sliders(by);
        let mut attackers = (attacks::knight(sq) & self.pieces(by, Role::Knight))
            | (attacks::king(sq) & self.pieces(by, Role::King))
            | (attacks::pawn(!by, sq) & self.pieces(by, Role::Pawn));
        // A line piece's magic lookup only where one stands on the
        // square's lines (as in `is_attacked`).
        if (attacks::bishop_rays(sq) & diagonal).any() {
            attackers |= attacks::bishop(sq, occupied) & diagonal;
        }
        if (attacks::rook_rays(sq) & straight).any() {
            attackers |= attacks::rook(sq, occupied) & straight;
        }
        attackers
    }

    /// `true` if a piece of `by` attacks `sq`, with `occupied` as the blockers.
    #[inline(always)]
    pub(crate) fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let (diagonal, straight) = self.sliders(by);
        // A line piece attacks only from its lines on an empty board: one
        // small table's load spares the magic lookup when none stands there.
        (attacks::knight(sq) & self.pieces(by, Role::Knight)).any()
            || (attacks::pawn(!by, sq) & self.pieces(by, Role::Pawn)).any()
            || (attacks::king(sq) & self.pieces(by, Role::King)).any()
            || ((attacks::bishop_rays(sq) & diagonal).any()
                && (attacks::bishop(sq, occupied) & diagonal).any())
            || ((attacks::rook_rays(sq) & straight).any()
                && (attacks::rook(sq, occupied) & straight).any())
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use chess_arbiter::{Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/5n2/8/R3K3 w Q - 0 1").unwrap();
    /// assert_eq!(pos.checkers().into_iter().collect::<Vec<_>>(), vec![Square::F3]);
    /// ```
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_under(self.king(self.turn), !self.turn, self.occupied())
    }

    /// `true` if the side to move is in check: its king is attacked by an
    /// enemy piece (FIDE 3.9).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert!(!Position::new().is_check());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        // Any attacker will do: the tests stop at the first, and a line
        // piece's lookup is skipped when none stands on the king's lines.
        self.is_attacked(self.king(self.turn), !self.turn, self.occupied())
    }

    /// `true` if the side to move is checkmated (FIDE 5.1.1): in check with no legal move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    /// assert!(mate.is_checkmate());
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move is stalemated (FIDE 5.2.1): not in check, no legal move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    /// assert!(pos.is_stalemate());
    /// ```
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// The Polyglot key of this position, bit for bit as the Polyglot
    /// opening-book format defines it (its en passant part counts whenever a
    /// pawn stands ready to capture, legal or not). Updated incrementally by
    /// [`Position::play_unchecked`]. In Chess960 a castling right counts as
    /// king side or queen side by where its rook stands.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().zobrist(), 0x463b96181691fc9c);
    /// ```
    #[inline]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (what `key` must always equal).
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = self.state_key();
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    key ^= zobrist::piece_square(role.of(color), sq);
                }
            }
        }
        key
    }

    /// The part of the key that is not the pieces: castling, en passant, turn.
    pub(crate) fn state_key(&self) -> u64 {
        let mut key = zobrist::castling_rights(
            self.castling,
            self.king(Color::White),
            self.king(Color::Black),
        );
        if let Some(ep) = self.ep {
            key ^= zobrist::en_passant(ep);
        }
        if self.turn == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        key
    }

    /// The key by which FIDE 9.2 tells positions apart: the Polyglot key,
    /// but with the en passant part only when the capture is legal.
    pub(crate) fn repetition_key(&self) -> u64 {
        let mut key = self.key;
        if let Some(ep) = self.ep {
            if self.en_passant_square().is_none() {
                key ^= zobrist::en_passant(ep);
            }
        }
        key
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] |= bb;
        self.by_color[piece.color as usize] |= bb;
        self.key ^= zobrist::piece_square(piece, sq);
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        let bb = Bitboard::from_square(sq);
        self.by_role[piece.role as usize] ^= bb;
        self.by_color[piece.color as usize] ^= bb;
        self.key ^= zobrist::piece_square(piece, sq);
    }

    /// Moves `piece` from `from` to `to` with one update of each board:
    /// `to` must hold no piece (a captured one already taken off), so that
    /// the XOR sets it.
    #[inline(always)]
    fn step(&mut self, piece: Piece, from: Square, to: Square) {
        let step = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[piece.role as usize] ^= step;
        self.by_color[piece.color as usize] ^= step;
        self.key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
    }

    /// Plays `m` if it is legal here.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if `m` is not among [`Position::legal_moves`],
    /// with the reason; the position is then unchanged. A move built by hand
    /// with the wrong [`MoveKind`](crate::MoveKind) (`Move::new(E2, E4)` for
    /// the double push) is refused with
    /// [`IllegalMoveReason::WrongKind`](crate::IllegalMoveReason::WrongKind)
    /// naming the legal move: build moves with [`Position::find_move`].
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let mut pos = Position::new();
    /// assert!(pos.play(Move::new(Square::G1, Square::F3)).is_ok());
    /// assert!(pos.play(Move::new(Square::G1, Square::F3)).is_err());
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError::new(m, self, self.why_illegal(m)))
        }
    }

    /// Plays `m`, trusting the caller that it is legal (one of
    /// [`Position::legal_moves`]). Never allocates.
    ///
    /// An illegal move never panics and never creates a piece: a move from
    /// a square without a piece of the side to move, onto a piece of its
    /// own or onto a king, or a castling without that king and rook and
    /// free destination squares, leaves the position as it is; a promotion
    /// of anything but a pawn moves the piece unchanged. Other illegal moves
    /// leave a position that breaks the rules (but still holds at most the
    /// pieces it held, so [`MAX_MOVES`](crate::MAX_MOVES) still bounds its
    /// move list).
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let mut pos = Position::new();
    /// let m = pos.legal_moves()[0];
    /// pos.play_unchecked(m);
    /// assert_eq!(pos.fullmove_number(), 1);
    /// // Castling without a free path, or taking an own piece: nothing happens.
    /// let before = pos.clone();
    /// pos.play_unchecked(Move::castle(Square::E8, Square::H8));
    /// pos.play_unchecked(Move::new(Square::D8, Square::E8));
    /// assert_eq!(pos, before);
    /// ```
    // Inlined into every caller (castling and the castling key stay out of
    // line): a PGN validator's call saved and restored six registers a move
    // (2.5 % of its instructions), and the crate's searches gain too.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        if m.is_castle() {
            self.play_castle(m);
            return;
        }
        let us = self.turn;
        let from = m.from();
        let to = m.to();
        let ours = self.by_color(us);
        if !ours.contains(from) || ours.contains(to) {
            return;
        }
        // `from` holds a piece of ours: its role without a second look at
        // the occupied squares.
        let Some(role) = Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize].contains(from))
        else {
            return;
        };
        let captured = self.role_at(to);
        if captured == Some(Role::King) {
            return;
        }
        self.play_role(m, role, captured);
    }

    /// [`Position::play_unchecked`] of a legal move `m` whose moving piece
    /// has `role`, as the SAN search found it: the role is not searched
    /// again. The PGN reader's mainline move, and the small endings' walks.
    #[inline(always)]
    pub(crate) fn play_known(&mut self, m: Move, role: Role) {
        debug_assert!(self.is_legal(m), "a legal move");
        debug_assert_eq!(self.role_at(m.from()), Some(role), "the mover's role");
        if m.is_castle() {
            self.play_castle(m);
            return;
        }
        // The captured piece's role without a loop (a legal move takes no
        // king), whose exit the CPU mispredicts from capture to capture.
        let to = m.to();
        let captured = self
            .occupied()
            .contains(to)
            .then(|| self.role_of_occupied(to));
        self.play_role(m, role, captured);
    }

    /// The rest of [`Position::play_unchecked`] (not a castling): `m`
    /// moves a piece of the side to move of `role`, taking `captured` (not
    /// a king) if any.
    #[inline(always)]
    fn play_role(&mut self, m: Move, role: Role, captured: Option<Role>) {
        let us = self.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        self.begin_ply(us);
        // The castling rights this move takes: of a rook on `from` or `to`,
        // and all of its side's when the king moves.
        let mut lost = Bitboard::from_square(from) | Bitboard::from_square(to);
        if let Some(captured) = captured {
            self.remove(to, captured.of(them));
            self.halfmove = 0;
        }
        if role == Role::Pawn {
            match m.promotion_role() {
                Some(promoted) => {
                    self.remove(from, role.of(us));
                    self.put(to, promoted.of(us));
                }
                None => self.step(role.of(us), from, to),
            }
            self.halfmove = 0;
            if m.is_en_passant() {
                let passed = Square::from_coords(to.file(), from.rank());
                // `remove` toggles: take only a pawn that is there.
                if self.pieces(them, Role::Pawn).contains(passed) {
                    self.remove(passed, Role::Pawn.of(them));
                }
            } else if m.kind() == crate::MoveKind::DoublePush {
                let passed = square_at((from.index() + to.index()) / 2);
                if (attacks::pawn(us, passed) & self.pieces(them, Role::Pawn)).any() {
                    self.ep = Some(passed);
                    self.key ^= zobrist::en_passant(passed);
                }
            }
        } else {
            self.step(role.of(us), from, to);
            if role == Role::King {
                lost |= Bitboard::from_rank(Rank::First.relative_to(us));
            }
        }
        // Most moves take none: the rights are then neither written nor
        // compared again.
        let old_rights = self.castling;
        if (old_rights & lost).any() {
            self.castling = old_rights & !lost;
            self.castling_key_after(old_rights, us, role == Role::King, from);
        }
        self.turn = them;
        self.key ^= zobrist::WHITE_TO_MOVE;
    }

    /// What every ply does first: the en passant square goes, the clocks run.
    #[inline(always)]
    fn begin_ply(&mut self, us: Color) {
        if let Some(ep) = self.ep.take() {
            self.key ^= zobrist::en_passant(ep);
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
    }

    /// [`Position::play_unchecked`] of a castling, out of line: the
    /// common moves' path keeps fewer registers busy without it.
    #[inline(never)]
    fn play_castle(&mut self, m: Move) {
        let us = self.turn;
        let from = m.from();
        let to = m.to();
        if !self.by_color(us).contains(from) || self.role_at(from) != Some(Role::King) {
            return;
        }
        // Only the king may castle, with a rook of its own, onto squares
        // that nothing but those two occupies.
        let others = self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
        let king_to = m.king_destination();
        let rook_to = m.rook_destination().unwrap_or(to);
        if !self.pieces(us, Role::Rook).contains(to)
            || others.contains(king_to)
            || others.contains(rook_to)
        {
            return;
        }
        self.begin_ply(us);
        let old_rights = self.castling;
        self.remove(from, Role::King.of(us));
        self.remove(to, Role::Rook.of(us));
        self.put(king_to, Role::King.of(us));
        self.put(rook_to, Role::Rook.of(us));
        self.castling &= !Bitboard::from_rank(Rank::First.relative_to(us));
        if self.castling != old_rights {
            self.castling_key_after(old_rights, us, true, from);
        }
        self.turn = !us;
        self.key ^= zobrist::WHITE_TO_MOVE;
    }

    /// Updates the key for the castling rights lost since `old_rights` by
    /// a move of `us` from `from` (`king_moved`: of its king).
    #[inline(never)]
    fn castling_key_after(
        &mut self,
        old_rights: Bitboard,
        us: Color,
        king_moved: bool,
        from: Square,
    ) {
        // The key of the rights is the XOR of each right's key, which the
        // right's king's file decides: the rights kept keep their king (a
        // king that moved loses all of its side's), so only the rights
        // lost change the key, each with the king it had.
        let wk = self.king(Color::White);
        let bk = self.king(Color::Black);
        let (old_wk, old_bk) = match (us, king_moved) {
            (Color::White, true) => (from, bk),
            (Color::Black, true) => (wk, from),
            _ => (wk, bk),
        };
        self.key ^= zobrist::castling_rights(old_rights ^ self.castling, old_wk, old_bk);
    }

    /// `true` if `m` is a legal move here.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// let pos = Position::new();
    /// assert!(pos.is_legal(Move::double_push(Square::E2, Square::E4)));
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E4)));
    /// ```
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.has_move(m)
    }
}

impl PartialEq for Position {
    /// Equal when the pieces, side to move, castling rights, *legal* en
    /// passant square, clocks and castling mode are.
    fn eq(&self, other: &Position) -> bool {
        self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.turn == other.turn
            && self.castling == other.castling
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.mode == other.mode
            && self.en_passant_square() == other.en_passant_square()
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.repetition_key().hash(state);
        self.halfmove.hash(state);
        self.fullmove.hash(state);
        self.mode.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.fen())
    }
}

#[cfg(test)]
mod start_tests {
    use super::*;

    /// Every position `depth` plies from `pos` keeps the key a fresh
    /// computation gives: castling rights lost by a king's or a rook's
    /// move, by a rook taken, by castling, in standard chess and Chess960.
    fn keys_hold(pos: &Position, depth: u32, rights_lost: &mut usize) {
        assert_eq!(pos.key, pos.compute_key(), "{pos:?}");
        if depth == 0 {
            return;
        }
        for &m in &pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            *rights_lost += usize::from(child.castling != pos.castling);
            keys_hold(&child, depth - 1, rights_lost);
        }
    }

    #[test]
    fn the_key_follows_every_castling_right_lost() {
        let mut rights_lost = 0;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "1r2k2r/8/8/8/8/8/6n1/R3K2R w KQk - 0 1",
        ] {
            keys_hold(&Position::from_fen(fen).unwrap(), 3, &mut rights_lost);
        }
        for index in [0, 191, 959] {
            let pos = Position::chess960_setup(index, CastlingMode::Chess960);
            keys_hold(&pos, 3, &mut rights_lost);
        }
        assert!(rights_lost > 1_000, "{rights_lost}");
    }

    #[test]
    fn the_written_start_is_the_one_set_up() {
        let written = Position::new();
        let set_up = Position::chess960_setup(518, CastlingMode::Standard);
        assert_eq!(written.by_role, set_up.by_role);
        assert_eq!(written.by_color, set_up.by_color);
        assert_eq!(written.castling, set_up.castling);
        assert_eq!(written.ep, set_up.ep);
        assert_eq!(written.key, set_up.key, "{:#x}", set_up.key);
        assert_eq!(written.key, written.compute_key());
        assert!(written == set_up);
        assert_eq!(
            written.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}
