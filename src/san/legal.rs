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
        let rights = self.castling & back_rank;
        if rights.is_empty() {
            return None;
        }
        // Only the rooks on that side of the king (the other side's path
        // is not looked at): above its square for the king side, below it
        // for the queen side.
        let king = self.king(self.turn) as u32;
        let king_side = side == CastlingSide::KingSide;
        let beyond = if king_side {
            u64::MAX.checked_shl(king + 1).unwrap_or(0)
        } else {
            (1u64 << king) - 1
        };
        let rights = rights & Bitboard(beyond);
        if rights.is_empty() || self.is_check() {
            return None;
        }
        // The first legal castle to that side, with no move list to fill.
        let mut sink = OneCastle {
            king_side,
            found: None,
        };
        self.castling_moves_with(self.turn, rights, &mut sink);
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

    /// The legal push of a pawn of the side to move to `to` that is not a
    /// promotion: from the square behind `to`, or a double push from two
    /// behind across an empty square (FIDE 3.7.1, 3.7.2); what
    /// [`Position::legal_pawn_move`] allows from those two squares.
    #[inline(always)]
    pub(super) fn pawn_push(&self, to: Square) -> Option<Move> {
        let us = self.turn;
        let occupied = self.occupied();
        if to.rank() == Rank::Eighth.relative_to(us) || occupied.contains(to) {
            return None;
        }
        let forward = us.fold(8, -8);
        let pawns = self.pieces(us, Role::Pawn);
        let behind = Bitboard::from_square(to).shift(-forward);
        let m = if let Some(from) = (pawns & behind).first() {
            Move::new(from, to)
        } else if (occupied & behind).is_empty() && to.rank() == Rank::Fourth.relative_to(us) {
            Move::double_push((pawns & behind.shift(-forward)).first()?, to)
        } else {
            return None;
        };
        self.keeps_king_safe(m.from(), to).then_some(m)
    }

    /// The role of the piece on `square`, which the caller knows to hold a
    /// piece (of either colour): computed without a loop, whose exit branch
    /// the CPU mispredicts when the roles of consecutive moves differ.
    #[inline(always)]
    pub(crate) fn role_of_occupied(&self, square: Square) -> Role {
        let has = |role: Role| ((self.by_role[role as usize].0 >> square as u32) & 1) as usize;
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

    /// `true` if `guarded` (the own king's square, or its destination when
    /// the king is the piece that moves) is not attacked once the piece on
    /// `from` stands on `to`, capturing what is there: [`Position::keeps_king_safe`]
    /// and [`Position::king_may_go`] in one, for a caller that picks
    /// `guarded` without a branch.
    #[inline(always)]
    pub(super) fn safe_after(&self, from: Square, to: Square, guarded: Square) -> bool {
        let target = Bitboard::from_square(to);
        // (`to` among the blockers changes nothing for a king that goes
        // there: no square is strictly between it and itself.)
        let occupied = (self.occupied() ^ Bitboard::from_square(from)) | target;
        self.is_safe(guarded, occupied, target)
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
    fn piece(&mut self, _from: Square, _role: Role, _targets: Bitboard) {}
    fn pawns(&mut self, _targets: Bitboard, _delta: i32, _double: bool) {}
    fn promotions(&mut self, _targets: Bitboard, _delta: i32) {}
    #[inline(always)]
    fn special(&mut self, m: Move) {
        if self.found.is_none() && m.is_king_side_castle() == self.king_side {
            self.found = Some(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Role, Square};

    /// The direct push finder gives exactly the legal straight pawn moves
    /// that are not promotions, to every square, pins and checks included.
    #[test]
    fn pawn_push_is_the_legal_straight_pawn_move() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/3P4/2K4r w - - 0 1",
            "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/3P4/K2r4 w - - 0 1",
            "4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/4p3/8/8/8/8/8/4K2R b - - 0 1",
            "4k3/3pp3/3P4/8/8/8/8/4K3 b - - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            for to in Square::ALL {
                let expected: alloc::vec::Vec<_> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.to() == to
                            && m.from().file() == to.file()
                            && !m.is_promotion()
                            && pos.piece_at(m.from()).map(|p| p.role) == Some(Role::Pawn)
                    })
                    .collect();
                assert!(expected.len() <= 1, "{fen} {to:?}");
                assert_eq!(pos.pawn_push(to), expected.first().copied(), "{fen} {to:?}");
            }
        }
    }
}
