//! Writing SAN: the text of a legal move, its disambiguation and its
//! check or mate suffix.

use super::{Position, Written};
use crate::attacks::reach;
use crate::castling::CastlingSide;
use crate::moves::Move;
use crate::{Bitboard, Role, Square, attacks};

impl Position {
    /// The SAN of `m`, with its `+` / `#` suffix if `suffix`; `None` if `m`
    /// is not legal. One attack lookup serves legality and disambiguation:
    /// the squares from which a piece of the mover's role attacks the
    /// target hold the mover (else the move is not even pseudo-legal) and
    /// its twins. Whether the moved piece itself gives check is found in
    /// the same branch on its role.
    #[inline(always)]
    pub(super) fn write_san(&self, m: Move, suffix: bool) -> Option<Written> {
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
            text.chars().for_each(|c| san.push_ascii(c));
            if suffix && self.special_gives_check(m) {
                san.push_ascii(self.check_or_mate(m));
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
        let role = self.role_of_occupied(from);
        let capture = occupied.contains(to) || m.is_en_passant();
        let direct_check = match role {
            Role::Pawn => {
                if self.legal_pawn_move(from, to, m.promotion_role()) != Some(m) {
                    return None;
                }
                if capture {
                    san.push_ascii(file_char(from));
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
                san.push_ascii('K');
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
                san.push_ascii(role.upper_char());
                let twins = reach & self.pieces(us, role) & !Bitboard::from_square(from);
                if twins.any() {
                    self.disambiguate(from, to, twins, &mut san);
                }
                piece_checks(role, to, their_king, after)
            }
        };
        if capture {
            san.push_ascii('x');
        }
        san.push_ascii(file_char(to));
        san.push_ascii(rank_char(to));
        if let Some(promotion) = m.promotion_role() {
            san.push_ascii('=');
            san.push_ascii(promotion.upper_char());
        }
        if suffix {
            let check = if m.is_en_passant() {
                self.special_gives_check(m)
            } else {
                direct_check || self.uncovers_check(from, to, their_king, after)
            };
            if check {
                san.push_ascii(self.check_or_mate(m));
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
        let file = Bitboard(0x0101_0101_0101_0101 << (from as u32 & 7));
        let rank = Bitboard(0xff << (from as u32 & 56));
        let same_file = (others & file).any();
        let same_rank = (others & rank).any();
        if !same_file || same_rank {
            san.push_ascii(file_char(from));
        }
        if same_file {
            san.push_ascii(rank_char(from));
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
        let steps = attacks::king(king) & !after.by_color(after.turn);
        if steps.into_iter().any(|to| after.king_may_go(king, to)) || after.has_legal_moves() {
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
        // Most moves leave a square off the king's lines: two small
        // tables tell, before any arithmetic on the squares.
        let straight = attacks::rook_rays(king).contains(from);
        if !straight && !attacks::bishop_rays(king).contains(from) {
            return false;
        }
        let (files, ranks) = offsets(from, king);
        let (to_files, to_ranks) = offsets(to, king);
        if files * to_ranks == ranks * to_files {
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
    let straight = attacks::rook_rays(king).contains(to) & matches!(role, Role::Rook | Role::Queen);
    let diagonal =
        attacks::bishop_rays(king).contains(to) & matches!(role, Role::Bishop | Role::Queen);
    let knight = (role == Role::Knight) & attacks::knight(to).contains(king);
    knight || ((straight | diagonal) && (attacks::between(to, king) & occupied).is_empty())
}

/// File and rank differences from `b` to `a`, from the square indices
/// (`Square::file` and `Square::rank` read a table each).
#[inline(always)]
fn offsets(a: Square, b: Square) -> (i32, i32) {
    let (a, b) = (a as i32, b as i32);
    ((a & 7) - (b & 7), (a >> 3) - (b >> 3))
}

/// The file letter of `sq`, `a` to `h`, from its index.
#[inline(always)]
fn file_char(sq: Square) -> char {
    char::from(b'a' + (sq as u8 & 7))
}

/// The rank digit of `sq`, `1` to `8`, from its index.
#[inline(always)]
fn rank_char(sq: Square) -> char {
    char::from(b'1' + (sq as u8 >> 3))
}
