//! Setting up a position by hand: [`Setup`], an editable board with the
//! side to move, castling rights, en passant square and clocks, checked into
//! a [`Position`] by the same rules FEN reading applies.

use crate::position::Position;
use crate::types::{CastlingMode, CastlingSide};
use crate::validate::PositionError;
use crate::{Bitboard, Color, File, Piece, Rank, Role, Square};
use core::fmt;

/// An editable position that need not follow the rules yet: put and remove
/// pieces, set the side to move, castling rights, en passant square and
/// clocks, then [`Setup::position`] checks it (with the rules of
/// [`PositionError`]) and returns the [`Position`].
///
/// Castling rights are given as the squares of the rooks that may still
/// castle, as [`Position::castling_rights`] returns them.
///
/// ```
/// use chess_arbiter::{Color, Position, Role, Setup, Square};
/// let mut setup = Setup::empty();
/// setup
///     .put(Square::E1, Role::King.of(Color::White))
///     .put(Square::H1, Role::Rook.of(Color::White))
///     .put(Square::E8, Role::King.of(Color::Black))
///     .set_castling_rights(Square::H1.into());
/// let pos: Position = setup.position().unwrap();
/// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
///
/// // Editing a position: take it apart, change it, check it again.
/// let mut setup = Setup::from(&pos);
/// setup.remove(Square::H1);
/// assert!(setup.position().is_err()); // the castling right has no rook now
/// setup.set_castling_rights(Default::default());
/// assert_eq!(setup.position().unwrap().fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    board: [Option<Piece>; 64],
    turn: Color,
    castling_rights: Bitboard,
    en_passant_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    mode: CastlingMode,
}

impl Default for Setup {
    /// The standard starting position.
    fn default() -> Setup {
        Setup::from(&Position::new())
    }
}

impl From<&Position> for Setup {
    /// The setup of a position: reading it back gives an equal position.
    fn from(pos: &Position) -> Setup {
        let mut board = [None; 64];
        for (sq, piece) in pos.piece_map() {
            board[sq as usize] = Some(piece);
        }
        Setup {
            board,
            turn: pos.turn(),
            castling_rights: pos.castling_rights(),
            en_passant_square: pos.en_passant_square(),
            halfmove_clock: pos.halfmove_clock(),
            fullmove_number: pos.fullmove_number(),
            mode: pos.castling_mode(),
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// [`Setup::position`].
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        setup.position()
    }
}

impl Setup {
    /// An empty board, White to move, no castling rights, no en passant
    /// square, clocks 0 and 1, standard castling mode.
    ///
    /// ```
    /// use chess_arbiter::{Setup, Square};
    /// assert_eq!(Setup::empty().piece_at(Square::E1), None);
    /// ```
    #[must_use]
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            en_passant_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use chess_arbiter::{Color, Role, Setup, Square};
    /// assert_eq!(Setup::default().piece_at(Square::D1), Some(Role::Queen.of(Color::White)));
    /// ```
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square as usize]
    }

    /// Puts `piece` on `square`, replacing what stood there.
    ///
    /// ```
    /// use chess_arbiter::{Color, Role, Setup, Square};
    /// let mut setup = Setup::default();
    /// setup.put(Square::D1, Role::Knight.of(Color::White));
    /// assert_eq!(setup.piece_at(Square::D1), Some(Role::Knight.of(Color::White)));
    /// ```
    pub fn put(&mut self, square: Square, piece: Piece) -> &mut Setup {
        self.board[square as usize] = Some(piece);
        self
    }

    /// Removes the piece on `square`, if any.
    ///
    /// ```
    /// use chess_arbiter::{Setup, Square};
    /// let mut setup = Setup::default();
    /// setup.remove(Square::D1);
    /// assert_eq!(setup.piece_at(Square::D1), None);
    /// ```
    pub fn remove(&mut self, square: Square) -> &mut Setup {
        self.board[square as usize] = None;
        self
    }

    /// The side to move.
    ///
    /// ```
    /// use chess_arbiter::{Color, Setup};
    /// assert_eq!(Setup::empty().turn(), Color::White);
    /// ```
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Sets the side to move.
    ///
    /// ```
    /// use chess_arbiter::{Color, Setup};
    /// let mut setup = Setup::default();
    /// setup.set_turn(Color::Black);
    /// assert_eq!(setup.position().unwrap().turn(), Color::Black);
    /// ```
    pub fn set_turn(&mut self, turn: Color) -> &mut Setup {
        self.turn = turn;
        self
    }

    /// The squares of the rooks that may still castle.
    ///
    /// ```
    /// use chess_arbiter::Setup;
    /// assert_eq!(Setup::default().castling_rights().len(), 4);
    /// ```
    #[must_use]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling_rights
    }

    /// Sets the castling rights: the squares of the rooks that may still
    /// castle (FIDE 3.8.2.1).
    ///
    /// ```
    /// use chess_arbiter::{Bitboard, Setup, Square};
    /// let mut setup = Setup::default();
    /// setup.set_castling_rights(Bitboard::from_square(Square::H1) | Bitboard::from_square(Square::A8));
    /// assert_eq!(setup.position().unwrap().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1");
    /// ```
    pub fn set_castling_rights(&mut self, rooks: Bitboard) -> &mut Setup {
        self.castling_rights = rooks;
        self
    }

    /// Gives or takes `color`'s right to castle on `side` with its
    /// outermost rook on that side of the king (the rook on the a- or
    /// h-file in standard chess). Without such a rook or king on the back
    /// rank, giving the right does nothing: set the pieces first.
    ///
    /// ```
    /// use chess_arbiter::{CastlingSide, Color, Setup};
    /// let mut setup = Setup::default();
    /// setup.set_castling(Color::White, CastlingSide::QueenSide, false);
    /// assert_eq!(setup.position().unwrap().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1");
    /// ```
    pub fn set_castling(&mut self, color: Color, side: CastlingSide, allowed: bool) -> &mut Setup {
        let back = Rank::First.relative_to(color);
        let board = self.board;
        let on_back = move |role: Role| {
            File::ALL
                .into_iter()
                .map(move |f| Square::from_coords(f, back))
                .filter(move |&sq| board[sq as usize] == Some(role.of(color)))
        };
        let Some(king) = on_back(Role::King).next() else {
            return self;
        };
        let mut rooks = on_back(Role::Rook).filter(|&r| CastlingSide::of(king, r) == side);
        let rook = match side {
            CastlingSide::KingSide => rooks.next_back(),
            CastlingSide::QueenSide => rooks.next(),
        };
        // Clear this side's right, then give it again if asked.
        let this_side = self
            .castling_rights
            .into_iter()
            .filter(|&r| r.rank() == back && CastlingSide::of(king, r) == side);
        let mut rights = self.castling_rights;
        for r in this_side {
            rights = rights.without(r);
        }
        if let (true, Some(rook)) = (allowed, rook) {
            rights = rights.with(rook);
        }
        self.castling_rights = rights;
        self
    }

    /// The en passant square as set.
    ///
    /// ```
    /// use chess_arbiter::Setup;
    /// assert_eq!(Setup::default().en_passant_square(), None);
    /// ```
    #[must_use]
    pub fn en_passant_square(&self) -> Option<Square> {
        self.en_passant_square
    }

    /// Sets the square a pawn just passed with its double step, or none.
    ///
    /// ```
    /// use chess_arbiter::{Setup, Square};
    /// let mut setup = Setup::empty();
    /// setup.set_en_passant_square(Some(Square::E3));
    /// assert_eq!(setup.en_passant_square(), Some(Square::E3));
    /// ```
    pub fn set_en_passant_square(&mut self, square: Option<Square>) -> &mut Setup {
        self.en_passant_square = square;
        self
    }

    /// Sets the half-move clock (FIDE 9.3) and the fullmove number (0 reads as 1).
    ///
    /// ```
    /// use chess_arbiter::Setup;
    /// let mut setup = Setup::default();
    /// setup.set_clocks(12, 40);
    /// assert_eq!(setup.position().unwrap().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12 40");
    /// ```
    pub fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) -> &mut Setup {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number.max(1);
        self
    }

    /// The castling mode.
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, Setup};
    /// assert_eq!(Setup::empty().castling_mode(), CastlingMode::Standard);
    /// ```
    #[must_use]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets the castling mode. Castling rights that need Chess960 (king off
    /// the e-file, rook off the corner) need [`CastlingMode::Chess960`].
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, Position, Setup};
    /// let mut setup = Setup::from(&Position::chess960(0));
    /// setup.set_castling_mode(CastlingMode::Standard);
    /// assert!(setup.position().is_err());
    /// ```
    pub fn set_castling_mode(&mut self, mode: CastlingMode) -> &mut Setup {
        self.mode = mode;
        self
    }

    /// Checks the setup by the rules a FEN is checked by and returns the
    /// position. An en passant square is kept only when a capture is
    /// possible, as [`Position::en_passant_square`] says.
    ///
    /// # Errors
    ///
    /// The first [`PositionError`] found: kings, piece and pawn counts,
    /// pawns on the back ranks, castling rights without their king and
    /// rook (or needing Chess960 in standard mode), the en passant square,
    /// the side not to move in check, an impossible check.
    ///
    /// ```
    /// use chess_arbiter::{Color, PositionError, Role, Setup, Square};
    /// let mut setup = Setup::empty();
    /// setup.put(Square::E1, Role::King.of(Color::White));
    /// assert_eq!(setup.position(), Err(PositionError::MissingKing(Color::Black)));
    /// ```
    pub fn position(&self) -> Result<Position, PositionError> {
        let mut pos = Position::empty(self.mode);
        for sq in Square::ALL {
            if let Some(piece) = self.board[sq as usize] {
                pos.put(sq, piece);
            }
        }
        pos.turn = self.turn;
        pos.halfmove = self.halfmove_clock;
        pos.fullmove = self.fullmove_number.max(1);
        pos.validate_material()?;
        pos.set_castling_squares(self.castling_rights)?;
        pos.set_en_passant(self.en_passant_square)?;
        pos.validate_checks(self.en_passant_square)?;
        pos.key ^= pos.state_key();
        Ok(pos)
    }
}

impl Position {
    /// Sets castling rights given as rook squares, checking each: the king
    /// and that rook on one back rank, at most one right per side, and in
    /// standard mode only the king on e and the rook in a corner.
    fn set_castling_squares(&mut self, rooks: Bitboard) -> Result<(), PositionError> {
        for rook in rooks {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let letter = if color.is_white() {
                rook.file().upper_char()
            } else {
                rook.file().char()
            };
            let bad = PositionError::CastlingRights {
                color,
                right: letter,
            };
            let back = Bitboard::from_rank(Rank::First.relative_to(color));
            let Some(king) = (self.pieces(color, Role::King) & back).single_square() else {
                return Err(bad);
            };
            if !back.contains(rook) || !self.pieces(color, Role::Rook).contains(rook) {
                return Err(bad);
            }
            let side = CastlingSide::of(king, rook);
            if Iterator::any(&mut (self.castling & back).into_iter(), |r| {
                CastlingSide::of(king, r) == side
            }) {
                return Err(bad);
            }
            let standard = king.file() == File::E && matches!(rook.file(), File::A | File::H);
            if !standard && !self.mode.is_chess960() {
                return Err(PositionError::CastlingNeedsChess960 {
                    color,
                    right: letter,
                });
            }
            self.castling = self.castling.with(rook);
        }
        Ok(())
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = alloc::string::String::new();
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                board.push(
                    self.board[Square::from_coords(file, rank) as usize].map_or('.', |p| p.char()),
                );
            }
            if rank != Rank::First {
                board.push('/');
            }
        }
        f.debug_struct("Setup")
            .field("board", &board)
            .field("turn", &self.turn)
            .field("castling_rights", &self.castling_rights)
            .field("en_passant_square", &self.en_passant_square)
            .field("halfmove_clock", &self.halfmove_clock)
            .field("fullmove_number", &self.fullmove_number)
            .field("mode", &self.mode)
            .finish()
    }
}
