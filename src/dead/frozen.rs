//! A static proof of unwinnability for locked pawn structures.
//!
//! When every pawn on the board has an enemy pawn ahead on its file, the
//! pawns can only leave their files by a capture. This module computes, for
//! every other piece, every square it could ever reach, and shows that no
//! capture involving a pawn can ever happen: then the pawns stay on their
//! files for ever, the regions stay valid, and `winner` mates only if one
//! of its pieces or pawns can attack a square the losing king can reach.

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
    // Every test below that fails the proof only grows with the regions
    // found: each is made as soon as it can fail (the loser's regions
    // first, then each piece of the winner's attacks against them), which
    // gives up on most positions after two or three regions, not all.
    for color in Color::ALL {
        if (path_attacks[color as usize] & path[!color as usize]).any() {
            return false;
        }
    }
    for color in [loser, winner] {
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
            if (attacked & takeable).any()
                || (path_attacks[!color as usize] & region).any()
                || (attack[winner as usize] & reach[loser as usize]).any()
            {
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
///
/// A flood over whole bitboards, a few shifts a step: a slider goes from
/// square to square along its lines over free squares, so its region is the
/// set of free squares joined to `sq` by steps of one square along its
/// lines (a knight's by its jumps, a king's by its steps), and what it
/// attacks from there is every square one such step from the region (the
/// square before the first wall of a line is in the region).
pub(super) fn region(
    role: Role,
    sq: Square,
    pawns: Bitboard,
    forbidden_for_king: Bitboard,
) -> (Bitboard, Bitboard) {
    let step: fn(u64) -> u64 = match role {
        Role::Pawn => return (Bitboard::from_square(sq), Bitboard::EMPTY),
        Role::Knight => knight_steps,
        Role::Bishop => diagonal_steps,
        Role::Rook => straight_steps,
        Role::Queen | Role::King => king_ring,
    };
    let mut free = !pawns.0;
    if role == Role::King {
        free &= !forbidden_for_king.0;
    }
    let mut region = Bitboard::from_square(sq).0;
    loop {
        let grown = region | (step(region) & free);
        if grown == region {
            break;
        }
        region = grown;
    }
    (Bitboard(region), Bitboard(step(region)))
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = !0x0303_0303_0303_0303;
const NOT_GH: u64 = !0xc0c0_c0c0_c0c0_c0c0;

/// The squares a king's step from those of `b`.
pub(super) fn king_ring(b: u64) -> u64 {
    straight_steps(b) | diagonal_steps(b)
}

/// The squares one step along a rank or file from those of `b`.
fn straight_steps(b: u64) -> u64 {
    b << 8 | b >> 8 | (b & NOT_H) << 1 | (b & NOT_A) >> 1
}

/// The squares one step along a diagonal from those of `b`.
fn diagonal_steps(b: u64) -> u64 {
    (b & NOT_H) << 9 | (b & NOT_A) << 7 | (b & NOT_H) >> 7 | (b & NOT_A) >> 9
}

/// The squares a knight's jump from those of `b`.
fn knight_steps(b: u64) -> u64 {
    (b & NOT_H) << 17
        | (b & NOT_A) << 15
        | (b & NOT_GH) << 10
        | (b & NOT_AB) << 6
        | (b & NOT_GH) >> 6
        | (b & NOT_AB) >> 10
        | (b & NOT_H) >> 15
        | (b & NOT_A) >> 17
}

/// Every square the pawns of `color` in `pawns` attack.
pub(crate) fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & NOT_A) << 7) | ((p & NOT_H) << 9),
        Color::Black => ((p & NOT_A) >> 9) | ((p & NOT_H) >> 7),
    })
}

#[cfg(test)]
mod tests {
    use super::region;
    use crate::{Bitboard, Role, Square, attacks};

    /// The region found square by square: each square reached, the
    /// attacks of the piece from it with the walls as blockers.
    fn region_by_squares(
        role: Role,
        sq: Square,
        pawns: Bitboard,
        forbidden_for_king: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let mut region = Bitboard::from_square(sq);
        let mut attacked = Bitboard::EMPTY;
        let mut frontier = region;
        while let Some(from) = frontier.first() {
            frontier = frontier.without(from);
            let targets = attacks::reach(role, from, pawns);
            attacked |= targets;
            let mut next = targets & !pawns & !region;
            if role == Role::King {
                next &= !forbidden_for_king;
            }
            region |= next;
            frontier |= next;
        }
        (region, attacked)
    }

    #[test]
    fn the_flood_is_the_region_square_by_square() {
        // Walls of every density from a fixed generator, every role from
        // every square (pawns included: they have no region of their own).
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..200 {
            let walls = match round % 4 {
                0 => next() & next() & next(),
                1 => next() & next(),
                2 => next(),
                _ => next() | next(),
            };
            let forbidden = next() & next();
            for role in Role::ALL {
                for sq in Square::ALL {
                    let (walls, forbidden) = (Bitboard(walls), Bitboard(forbidden));
                    assert_eq!(
                        region(role, sq, walls, forbidden),
                        region_by_squares(role, sq, walls, forbidden),
                        "{role:?} on {sq:?}, walls {walls:?}, forbidden {forbidden:?}"
                    );
                }
            }
        }
    }
}
