//! Questions about a position (its pieces, attacks, pins, what a move does)
//! and about a game (its positions, its moves in SAN, where a position
//! occurred before).

use crate::game::{Game, is_zeroing, same_position};
use crate::position::Position;
use crate::san::San;
use crate::{Bitboard, Color, Move, Piece, Role, Square, attacks};
use alloc::vec::Vec;

/// The pieces on the board with their squares, from a1 to h8 (rank by
/// rank): what [`Position::piece_map`] returns.
///
/// ```
/// use chess_arbiter::{PieceMap, Position};
/// let pos = Position::new();
/// let pieces: PieceMap<'_> = pos.piece_map();
/// assert_eq!(pieces.count(), 32);
/// ```
#[derive(Clone, Debug)]
pub struct PieceMap<'a> {
    pos: &'a Position,
    squares: Bitboard,
}

impl Iterator for PieceMap<'_> {
    type Item = (Square, Piece);

    fn next(&mut self) -> Option<(Square, Piece)> {
        let sq = self.squares.first()?;
        self.squares = self.squares.without(sq);
        self.pos.piece_at(sq).map(|piece| (sq, piece))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.squares.len() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMap<'_> {}

impl Position {
    /// Every piece on the board with its square, from a1 to h8.
    ///
    /// ```
    /// use chess_arbiter::{Color, Piece, Position, Role, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// let pieces: Vec<(Square, Piece)> = pos.piece_map().collect();
    /// assert_eq!(pieces, vec![
    ///     (Square::A1, Role::Rook.of(Color::White)),
    ///     (Square::E1, Role::King.of(Color::White)),
    ///     (Square::E8, Role::King.of(Color::Black)),
    /// ]);
    /// ```
    #[must_use]
    pub fn piece_map(&self) -> PieceMap<'_> {
        PieceMap {
            pos: self,
            squares: self.occupied(),
        }
    }

    /// The pieces of `color` that attack `square`: that could capture a
    /// piece of the other colour standing there, pins ignored (a pinned
    /// piece still gives check, FIDE 3.9).
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Square};
    /// let pos = Position::new();
    /// let attackers: Vec<Square> = pos.attackers(Square::F3, Color::White).into_iter().collect();
    /// assert_eq!(attackers, vec![Square::G1, Square::E2, Square::G2]);
    /// ```
    #[must_use]
    pub fn attackers(&self, square: Square, color: Color) -> Bitboard {
        self.attackers_under(square, color, self.occupied())
    }

    /// `true` if a piece of `color` attacks `square` (see
    /// [`Position::attackers`]).
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Square};
    /// let pos = Position::new();
    /// assert!(pos.is_attacked_by(Square::F3, Color::White));
    /// assert!(!pos.is_attacked_by(Square::E4, Color::White));
    /// ```
    #[must_use]
    pub fn is_attacked_by(&self, square: Square, color: Color) -> bool {
        self.is_attacked(square, color, self.occupied())
    }

    /// The pieces of `color` pinned to their own king: each stands alone
    /// between its king and an enemy bishop, rook or queen on a line, and
    /// may move only along that line (FIDE 3.9).
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap();
    /// assert_eq!(pos.pinned(Color::White).into_iter().collect::<Vec<_>>(), vec![Square::D2]);
    /// assert!(pos.pinned(Color::Black).is_empty());
    /// ```
    #[must_use]
    pub fn pinned(&self, color: Color) -> Bitboard {
        let king = self.king(color);
        let queens = self.by_role(Role::Queen);
        let snipers = ((attacks::bishop(king, Bitboard::EMPTY)
            & (self.by_role(Role::Bishop) | queens))
            | (attacks::rook(king, Bitboard::EMPTY) & (self.by_role(Role::Rook) | queens)))
            & self.by_color(!color);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & self.occupied();
            if let Some(sq) = blockers.single_square() {
                if self.by_color(color).contains(sq) {
                    pinned = pinned.with(sq);
                }
            }
        }
        pinned
    }

    /// The legal moves of the piece on `from`: what a board interface
    /// highlights when a player picks a piece up. Empty for an empty square,
    /// an opponent's piece, or a piece that cannot move. Castling is among
    /// the king's moves, stored as the king taking its own rook
    /// ([`Move::to`] is the rook's square, [`Move::king_destination`] the
    /// king's).
    ///
    /// ```
    /// use chess_arbiter::{Position, Square};
    /// let pos = Position::new();
    /// let targets: Vec<Square> = pos.legal_moves_from(Square::G1).iter().map(|m| m.to()).collect();
    /// assert_eq!(targets, vec![Square::F3, Square::H3]);
    /// assert!(pos.legal_moves_from(Square::E4).is_empty());
    /// assert!(pos.legal_moves_from(Square::E7).is_empty()); // black's pawn, white to move
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = pos.legal_moves_from(Square::E1).into_iter().find(|m| m.is_castle()).unwrap();
    /// assert_eq!((castle.to(), castle.king_destination()), (Square::H1, Square::G1));
    /// ```
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> crate::MoveList {
        // Generated for that one piece (none for an empty square or the
        // other side's piece), straight into the list returned: no list of
        // every move filtered down.
        let mut moves = crate::MoveList::new();
        self.generate_from(
            Bitboard::from_square(from) & self.by_color(self.turn),
            &mut moves,
        );
        moves
    }

    /// `true` if the legal move `m` gives check; `false` for an illegal move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    /// assert!(pos.gives_check(pos.parse_san("Ra8").unwrap()));
    /// assert!(!pos.gives_check(pos.parse_san("Ra7").unwrap()));
    /// ```
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        if !self.is_legal(m) {
            return false;
        }
        let mut child = self.clone();
        child.play_unchecked(m);
        child.is_check()
    }

    /// `true` if `m` captures a piece (en passant too). Castling, which
    /// this crate stores as the king taking its own rook, is no capture.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1").unwrap();
    /// assert!(pos.is_capture(pos.parse_san("exd6").unwrap()));
    /// assert!(!pos.is_capture(pos.parse_san("O-O").unwrap()));
    /// assert!(!pos.is_capture(pos.parse_san("e6").unwrap()));
    /// ```
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.by_color(!self.turn).contains(m.to()))
    }

    /// `true` if `m` moves a pawn or captures: it resets the half-move
    /// clock (FIDE 9.3), and no position before it can occur again.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let pos = Position::new();
    /// assert!(pos.is_zeroing(pos.parse_san("e4").unwrap()));
    /// assert!(!pos.is_zeroing(pos.parse_san("Nf3").unwrap()));
    /// ```
    #[must_use]
    pub fn is_zeroing(&self, m: Move) -> bool {
        is_zeroing(self, m)
    }
}

impl Game {
    /// The moves played, in SAN as each position writes them (with `+` and
    /// `#`).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
    ///     game.play_uci(uci).unwrap();
    /// }
    /// let sans: Vec<String> = game.san_moves().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
    /// ```
    #[must_use]
    pub fn san_moves(&self) -> Vec<San> {
        self.moves()
            .iter()
            .zip(self.positions())
            .map(|(&m, pos)| pos.san(m))
            .collect()
    }

    /// The plies at which the current position occurred, oldest first and
    /// the current ply last (plies as [`Game::position_at`] takes them): the
    /// occurrences FIDE 9.2 counts. Its length is [`Game::repetitions`].
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// let mut game = Game::new();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// assert_eq!(game.repetition_plies(), vec![0, 4, 8]);
    /// ```
    #[must_use]
    pub fn repetition_plies(&self) -> Vec<usize> {
        let ply = self.moves().len();
        let pos = self.position();
        let key = self.key_at(ply);
        let reach = usize::try_from(pos.halfmove_clock())
            .unwrap_or(usize::MAX)
            .min(ply);
        let mut plies: Vec<usize> = (ply - reach..ply)
            .filter(|&i| (ply - i) % 2 == 0)
            .filter(|&i| self.key_at(i) == key && same_position(&self.replayed(i), pos))
            .collect();
        plies.push(ply);
        plies
    }
}
