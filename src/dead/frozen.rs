//! A static proof of unwinnability for locked pawn structures.
//!
//! When every pawn on the board is blocked by a pawn straight in front of
//! it, the pawns can only ever change by a capture. This module computes,
//! for every other piece, every square it could ever reach with the pawns
//! standing where they are, and shows that no capture involving a pawn can
//! ever happen: then the pawns never change (by induction on the moves
//! played), the regions stay valid forever, and `winner` mates only if one
//! of its pieces can attack a square the losing king can reach.

use crate::attacks;
use crate::{Bitboard, Color, Position, Role, Square};

/// `true` if this module proves that `winner` can never give check, so never
/// mate, by any series of legal moves. `false` means "not proved", never
/// "winnable".
pub(crate) fn cannot_mate(pos: &Position, winner: Color) -> bool {
    if pos.castling_rights().any() || pos.ep.is_some() {
        return false;
    }
    let pawns = pos.by_role(Role::Pawn);
    let white_pawns = pos.pieces(Color::White, Role::Pawn);
    let black_pawns = pos.pieces(Color::Black, Role::Pawn);
    // Every pawn has a pawn straight in front of it: no pawn can ever push.
    if (white_pawns.shift(8) & !pawns).any() || (black_pawns.shift(-8) & !pawns).any() {
        return false;
    }
    let loser = !winner;
    let mut reach = [Bitboard::EMPTY; 2];
    let mut attack = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let enemy_pawn_attacks = pawn_attacks(pos.pieces(!color, Role::Pawn), !color);
        for sq in pos.by_color(color) & !pawns {
            let Some(role) = pos.role_at(sq) else {
                continue;
            };
            let (region, attacked) = region(role, sq, pawns, enemy_pawn_attacks);
            reach[color as usize] |= region;
            if role == Role::King {
                // The king takes only the pawns that no pawn defends.
                let takeable = pos.pieces(!color, Role::Pawn) & !enemy_pawn_attacks;
                if (attacked & takeable).any() {
                    return false;
                }
            } else {
                if (attacked & pos.pieces(!color, Role::Pawn)).any() {
                    return false;
                }
                if color == winner {
                    attack[color as usize] |= attacked;
                }
            }
        }
    }
    // No pawn can ever capture: nothing of the enemy stands or can come on
    // the squares it attacks.
    for color in Color::ALL {
        let ours = pawn_attacks(pos.pieces(color, Role::Pawn), color);
        if (ours & (pos.pieces(!color, Role::Pawn) | reach[!color as usize])).any() {
            return false;
        }
    }
    // The losing king in check by a pawn now would be a pawn capture threat
    // already excluded above (its square is in its own region); so only the
    // winner's pieces can ever check it.
    (attack[winner as usize] & reach[loser as usize]).is_empty()
}

/// The squares a piece of `role` can ever stand on, starting from `sq`,
/// with `pawns` fixed, and the squares it can ever attack from them. A king
/// never stands where an enemy pawn attacks (`forbidden_for_king`).
fn region(
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
        let targets = match role {
            Role::Knight => attacks::knight(from),
            Role::Bishop => attacks::bishop(from, pawns),
            Role::Rook => attacks::rook(from, pawns),
            Role::Queen => attacks::queen(from, pawns),
            Role::King => attacks::king(from),
            Role::Pawn => Bitboard::EMPTY,
        };
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
