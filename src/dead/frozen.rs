//! A static proof of unwinnability for locked pawn structures.
//!
//! When every pawn on the board has an enemy pawn ahead on its file, the
//! pawns can only leave their files by a capture. This module computes, for
//! every other piece, every square it could ever reach, and shows that no
//! capture involving a pawn can ever happen: then the pawns stay on their
//! files for ever, the regions stay valid, and `winner` mates only if one
//! of its pieces or pawns can attack a square the losing king can reach.

use crate::attacks;
use crate::{Bitboard, Color, Position, Role, Square};

/// `true` if this module proves that `winner` can never give check, so never
/// mate, by any series of legal moves. `false` means "not proved", never
/// "winnable".
///
/// Each pawn can at most push up to the first enemy pawn ahead on its file
/// (it cannot pass it without capturing): its *path*. A pawn with no enemy
/// pawn ahead might promote: no proof. Pawns whose path is their own square
/// are *fixed*: they stand there as long as no capture happens. With the
/// fixed pawns as the only walls, every other piece gets the region it can
/// ever reach; if no capture can ever involve a pawn (no pawn can ever see
/// an enemy unit on a square it attacks, no piece can ever attack a square
/// an enemy pawn can stand on), the hypothesis holds forever, by induction
/// on the moves played.
pub(crate) fn cannot_mate(pos: &Position, winner: Color) -> bool {
    if pos.castling_rights().any() || pos.ep.is_some() {
        return false;
    }
    let pawns = pos.by_role(Role::Pawn);
    let mut path = [Bitboard::EMPTY; 2];
    let mut path_attacks = [Bitboard::EMPTY; 2];
    let mut fixed = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let enemy_pawns = pos.pieces(!color, Role::Pawn);
        let step = if color == Color::White { 8 } else { -8 };
        for sq in pos.pieces(color, Role::Pawn) {
            let mut here = Bitboard::from_square(sq);
            let mut walk = here;
            loop {
                let next = here.shift(step);
                if next.is_empty() {
                    return false; // no enemy pawn ahead: it may promote
                }
                if (next & enemy_pawns).any() {
                    break;
                }
                walk |= next;
                here = next;
            }
            if walk == Bitboard::from_square(sq) {
                fixed[color as usize] |= walk;
            }
            path[color as usize] |= walk;
            path_attacks[color as usize] |= pawn_attacks(walk, color);
        }
    }
    let walls = fixed[0] | fixed[1];
    let loser = !winner;
    let mut reach = [Bitboard::EMPTY; 2];
    let mut attack = path_attacks;
    for color in Color::ALL {
        let fixed_enemy_attacks = pawn_attacks(fixed[!color as usize], !color);
        for sq in pos.by_color(color) & !pawns {
            let Some(role) = pos.role_at(sq) else {
                continue;
            };
            let (region, attacked) = region(role, sq, walls, fixed_enemy_attacks);
            reach[color as usize] |= region;
            let takeable = if role == Role::King {
                // The king never takes a pawn that a fixed pawn defends.
                path[!color as usize] & !fixed_enemy_attacks
            } else {
                attack[color as usize] |= attacked;
                path[!color as usize]
            };
            if (attacked & takeable).any() {
                return false;
            }
        }
    }
    // No pawn can ever capture: nothing of the enemy can stand on a square
    // it may attack.
    for color in Color::ALL {
        let enemy = path[!color as usize] | reach[!color as usize];
        if (path_attacks[color as usize] & enemy).any() {
            return false;
        }
    }
    (attack[winner as usize] & reach[loser as usize]).is_empty()
}

/// The squares a piece of `role` can ever stand on, starting from `sq`,
/// with `pawns` as walls, and the squares it can ever attack from them. A king
/// never stands where an enemy pawn attacks (`forbidden_for_king`).
pub(super) fn region(
    role: Role,
    sq: Square,
    pawns: Bitboard,
    forbidden_for_king: Bitboard,
) -> (Bitboard, Bitboard) {
    let free = !pawns;
    let mut region = Bitboard::from_square(sq);
    let mut attacked = Bitboard::EMPTY;
    let mut frontier = region;
    while let Some(from) = frontier.first() {
        frontier = frontier.without(from);
        let targets = attacks::reach(role, from, pawns);
        attacked |= targets;
        let mut next = targets & free & !region;
        if role == Role::King {
            next &= !forbidden_for_king;
        }
        region |= next;
        frontier |= next;
    }
    (region, attacked)
}

/// Every square the pawns of `color` in `pawns` attack.
pub(crate) fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}
