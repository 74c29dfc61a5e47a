//! Castling (FIDE 3.8.2): the castling mode, the rules for when castling is
//! legal, and the Chess960 start positions.

use crate::movegen::Sink;
use crate::moves::Move;
use crate::position::Position;
pub(crate) use crate::types::{CastlingMode, CastlingSide};
use crate::{Bitboard, Color, File, Rank, Role, Square};

/// The squares a castling touches, one rank's worth, by king file and rook
/// file: the king's path (the squares after its own up to its target, which
/// must not be attacked; its target even when it stands there) and every
/// square king or rook crosses or lands on (which must be empty but for the
/// two of them). FIDE 3.8.2; Chess960 king and rook end on the standard
/// squares.
static CASTLING_MASKS: [[(u8, u8); 8]; 8] = castling_masks();

/// The files after `from` up to and including `to`, as rank bits.
const fn span(from: usize, to: usize) -> u8 {
    let mut bits = 1u8 << to;
    let mut f = from;
    while f != to {
        f = if f < to { f + 1 } else { f - 1 };
        bits |= 1 << f;
    }
    bits
}

const fn castling_masks() -> [[(u8, u8); 8]; 8] {
    let mut table = [[(0, 0); 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            let king_path = span(king, king_to);
            let crossed = (king_path | span(rook, rook_to)) & !(1 << king) & !(1 << rook);
            table[king][rook] = (king_path, crossed);
            rook += 1;
        }
        king += 1;
    }
    table
}

impl Position {
    /// Emits the legal castling moves of the side to move, which is not in check.
    #[inline(always)]
    pub(crate) fn castling_moves<S: Sink>(&self, us: Color, sink: &mut S) {
        let rights = self.castling & Bitboard::from_rank(Rank::First.relative_to(us));
        self.castling_moves_with(us, rights, sink);
    }

    /// [`Position::castling_moves`] with the rooks of `rights` alone (a
    /// subset of the side's rights: those of one side of the king).
    #[inline(always)]
    pub(crate) fn castling_moves_with<S: Sink>(&self, us: Color, rights: Bitboard, sink: &mut S) {
        if rights.is_empty() {
            return;
        }
        let king = self.king(us);
        let occupied = self.occupied();
        for rook in rights {
            // King and rook share the back rank in any valid position; the
            // masks are per file pair, shifted onto that rank.
            if (king as u8 ^ rook as u8) >= 8 {
                continue;
            }
            let (path, crossed) = CASTLING_MASKS[king as usize & 7][rook as usize & 7];
            let shift = u32::from(king as u8 & !7);
            let king_path = Bitboard(u64::from(path) << shift);
            let crossed = Bitboard(u64::from(crossed) << shift);
            let others = occupied & !(Bitboard::from_square(king) | Bitboard::from_square(rook));
            if (others & crossed).is_empty() && self.king_path_is_safe(!us, king_path, others) {
                sink.special(Move::castle(king, rook));
            }
        }
    }

    /// `true` if no enemy piece attacks a square of the king's path, with
    /// `others` (the board without king and castling rook) as blockers.
    ///
    /// Attacks are seen without king and rook on the board: once the rook
    /// has moved, a piece behind it may attack along the rank (Chess960).
    /// The king's target is checked even when the king stands on it
    /// already, since the rook may have been what shielded it.
    fn king_path_is_safe(&self, them: Color, king_path: Bitboard, others: Bitboard) -> bool {
        king_path
            .into_iter()
            .all(|sq| !self.is_attacked(sq, them, others))
    }

    /// Chess960 start position number `index` (Scharnagl numbering).
    pub(crate) fn chess960_setup(index: u16, mode: super::CastlingMode) -> Position {
        let back = chess960_back_rank(index % 960);
        let mut pos = Position::empty(mode);
        for (file, role) in File::ALL.into_iter().zip(back) {
            pos.put(
                Square::from_coords(file, Rank::First),
                role.of(Color::White),
            );
            pos.put(
                Square::from_coords(file, Rank::Eighth),
                role.of(Color::Black),
            );
            pos.put(
                Square::from_coords(file, Rank::Second),
                Role::Pawn.of(Color::White),
            );
            pos.put(
                Square::from_coords(file, Rank::Seventh),
                Role::Pawn.of(Color::Black),
            );
            if role == Role::Rook {
                pos.castling |= Bitboard::from_square(Square::from_coords(file, Rank::First));
                pos.castling |= Bitboard::from_square(Square::from_coords(file, Rank::Eighth));
            }
        }
        pos.key = pos.compute_key();
        pos
    }

    /// Chess960 start position number `index` (Scharnagl numbering,
    /// 0 to 959; 518 is the standard start). Larger numbers wrap around
    /// modulo 960. The position is in [`CastlingMode::Chess960`].
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::chess960(0).fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(Position::chess960(518).fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn chess960(index: u16) -> Position {
        Position::chess960_setup(index, CastlingMode::Chess960)
    }
}

/// The back rank of Chess960 position `index` (< 960), a-file first.
fn chess960_back_rank(index: u16) -> [Role; 8] {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = index as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let queen = n % 6;
    n /= 6;
    let (k1, k2) = KNIGHTS[n % 10];
    // Place queen and knights among the empty files, counting only empty ones.
    let put_nth_empty = |rank: &mut [Option<Role>; 8], nth: usize, role: Role| {
        if let Some(file) = (0..8).filter(|&f| rank[f].is_none()).nth(nth) {
            rank[file] = Some(role);
        }
    };
    put_nth_empty(&mut rank, queen, Role::Queen);
    put_nth_empty(&mut rank, k2, Role::Knight);
    put_nth_empty(&mut rank, k1, Role::Knight);
    // The remaining three files take rook, king, rook in that order.
    let mut rest = [Role::Rook, Role::King, Role::Rook].into_iter();
    rank.map(|r| r.or_else(|| rest.next()).unwrap_or(Role::Rook))
}
