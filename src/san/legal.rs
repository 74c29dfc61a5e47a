//! Legal moves by from and to square, without generating the move list:
//! a pseudo-legal test by attack lookup, then the own king's safety.

use super::Position;
use crate::movegen::Sink;
use crate::moves::{Move, MoveList};
use crate::types::CastlingSide;
use crate::{Bitboard, Rank, Role, Square, attacks};

impl Position {
    /// The legal castling moves (none in check).
    pub(crate) fn castles(&self) -> MoveList {
        let mut moves = MoveList::new();
        let back_rank = Bitboard::from_rank(Rank::First.relative_to(self.turn));
        if (self.castling & back_rank).any() && !self.is_check() {
            self.castling_moves(self.turn, &mut moves);
        }
        moves
    }

    /// Legal castling to `side`, if any (FIDE 3.8.2).
    #[inline(never)]
    pub(super) fn castle(&self, side: CastlingSide) -> Option<Move> {
        let back_rank = Bitboard::from_rank(Rank::First.relative_to(self.turn));
        if (self.castling & back_rank).is_empty() || self.is_check() {
            return None;
        }
        // The first legal castle to that side, with no move list to fill.
        let mut sink = OneCastle {
            king_side: side == CastlingSide::KingSide,
            found: None,
        };
        self.castling_moves(self.turn, &mut sink);
        sink.found
    }

    /// The legal move of the side to move's piece on `from` to `to` (not
    /// castling) with that promotion, with its kind (double push, en passant)
    /// worked out; `None` if there is none.
    pub(crate) fn legal_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
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
            role => {
                attacks::reach(role, to, occupied).contains(from) && self.keeps_king_safe(from, to)
            }
        };
        legal.then(|| Move::new(from, to))
    }

    /// [`Position::legal_move`] for a pawn: push, double push, capture, en
    /// passant; promotion exactly when it reaches the last rank (FIDE 3.7).
    pub(super) fn legal_pawn_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
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
    pub(super) fn role_of_ours(&self, from: Square) -> Role {
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
    pub(super) fn keeps_king_safe(&self, from: Square, to: Square) -> bool {
        let target = Bitboard::from_square(to);
        let occupied = (self.occupied() ^ Bitboard::from_square(from)) | target;
        self.is_safe(self.king(self.turn), occupied, target)
    }

    /// `true` if the own king may step from `from` to `to` (not castling).
    #[inline]
    pub(super) fn king_may_go(&self, from: Square, to: Square) -> bool {
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
        let snipers = ((attacks::bishop_rays(sq) & (self.by_role(Role::Bishop) | queens))
            | (attacks::rook_rays(sq) & (self.by_role(Role::Rook) | queens)))
            & theirs;
        snipers
            .into_iter()
            .all(|sniper| (attacks::between(sq, sniper) & occupied).any())
    }
}

/// Keeps the first castling move to one side ([`Position::castle`]).
struct OneCastle {
    king_side: bool,
    found: Option<Move>,
}

impl Sink for OneCastle {
    fn piece(&mut self, _from: Square, _targets: Bitboard) {}
    fn pawns(&mut self, _targets: Bitboard, _delta: i32, _double: bool) {}
    fn promotions(&mut self, _targets: Bitboard, _delta: i32) {}
    #[inline(always)]
    fn special(&mut self, m: Move) {
        if self.found.is_none() && m.is_king_side_castle() == self.king_side {
            self.found = Some(m);
        }
    }
}
