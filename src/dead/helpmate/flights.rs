//! The look for a mate in one among the winner's moves: which moves may
//! take the losing king's last squares, and whether one mates.

use super::is_mated;
use crate::{Bitboard, Color, Move, Position, Role, Square};

/// The squares the losing king may step to (neither its own pieces' nor
/// attacked), or `None` when there are three or more: one move seldom
/// takes them all, so the look for a mate in one is left for later (a
/// heuristic: the line found is replayed anyway).
pub(super) fn free_flights(pos: &Position, winner: Color) -> Option<Bitboard> {
    let king = pos.king(!winner);
    let occupied = pos.occupied().without(king);
    let mut free = Bitboard::EMPTY;
    for sq in crate::attacks::king(king) & !pos.by_color(!winner) {
        if !pos.is_attacked(sq, winner, occupied) {
            if free.len() >= 2 {
                return None;
            }
            free = free.with(sq);
        }
    }
    Some(free)
}

/// `false` if after `m` the losing king on `king` certainly still has one
/// of the `free` squares to step to: the moved piece does not reach it
/// from where it lands, and the square it leaves opens no line to it
/// (nothing else changes for a square nobody attacked). Castling, en
/// passant and promotions are not looked at.
#[inline]
pub(super) fn may_take_flights(pos: &Position, m: Move, king: Square, free: Bitboard) -> bool {
    if free.is_empty() || m.code() >= 2 {
        return true;
    }
    match pos.role_at(m.from()) {
        Some(role) => may_take_flights_of(pos, m, role, king, free),
        None => true,
    }
}

/// [`may_take_flights`] for an ordinary move or double push `m` of a man
/// of `role`.
#[inline(always)]
pub(super) fn may_take_flights_of(
    pos: &Position,
    m: Move,
    role: Role,
    king: Square,
    free: Bitboard,
) -> bool {
    if free.is_empty() {
        return true;
    }
    let (from, to) = (m.from(), m.to());
    let occupied = pos.occupied().without(from).without(king).with(to);
    let reach = match role {
        Role::Knight => crate::attacks::knight(to),
        Role::Bishop => crate::attacks::bishop(to, occupied),
        Role::Rook => crate::attacks::rook(to, occupied),
        Role::Queen => crate::attacks::queen(to, occupied),
        Role::Pawn => crate::attacks::pawn(pos.turn(), to),
        Role::King => crate::attacks::king(to),
    };
    free.into_iter()
        .all(|sq| sq == to || reach.contains(sq) || crate::attacks::line(from, sq).any())
}

/// `true` if `m` checkmates. Most moves looked at leave the king a square
/// to step to, which [`king_flees_after`] finds without playing them; the
/// rest are played and tested in full.
#[inline(never)]
pub(super) fn mates_in_one(pos: &Position, m: Move) -> bool {
    if m.code() < 2 && king_flees_after(pos, m) {
        debug_assert!(
            {
                let mut child = pos.clone();
                child.play_unchecked(m);
                !is_mated(&child)
            },
            "{m:?} in {pos:?}"
        );
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    is_mated(&child)
}

/// `true` if after the ordinary move or double push `m` (not castling, en
/// passant nor a promotion) the king of the side not moving has a square
/// to step to, so that `m` does not mate: a square around it that none of
/// its own men holds and none of the mover's men attacks once `m` is
/// played (the mover's men where they stand then, the king gone from its
/// square, a man taken on the target gone). Answered on the position
/// before the move, without playing it.
pub(super) fn king_flees_after(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let king = pos.king(!us);
    // The mover's men that stay, by role; the moved one joins on `to`.
    let rest = pos.by_color(us).without(from);
    let moved = Bitboard::from_square(from);
    let mine = |r: Role| {
        let men = pos.by_role(r);
        (men & rest) | Bitboard(((men & moved).0 >> (from as u32)) << (to as u32))
    };
    let theirs = pos.by_color(!us).without(to);
    let occupied = (rest | theirs).with(to).without(king);
    let queens = mine(Role::Queen);
    let diagonal = mine(Role::Bishop) | queens;
    let straight = mine(Role::Rook) | queens;
    let (knights, pawns, kings) = (mine(Role::Knight), mine(Role::Pawn), mine(Role::King));
    (crate::attacks::king(king) & !theirs)
        .into_iter()
        .any(|sq| {
            (crate::attacks::knight(sq) & knights).is_empty()
                && (crate::attacks::pawn(!us, sq) & pawns).is_empty()
                && (crate::attacks::king(sq) & kings).is_empty()
                && ((crate::attacks::bishop_rays(sq) & diagonal).is_empty()
                    || (crate::attacks::bishop(sq, occupied) & diagonal).is_empty())
                && ((crate::attacks::rook_rays(sq) & straight).is_empty()
                    || (crate::attacks::rook(sq, occupied) & straight).is_empty())
        })
}
