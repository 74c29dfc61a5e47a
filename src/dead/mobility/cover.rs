//! The last step of the proof: can the losing king be mated on any square
//! it may reach? A mate needs the king checked and each square around it
//! held by a unit of its own or attacked by the winner, with the winner's
//! king not beside it; which sets of those squares the units can cover at
//! once, each from somewhere in its region, is a small fixed point over the
//! 512 subsets of the king's square and its neighbours.

use super::{Analysis, last_rank, opens_a_line, piece_attacks};
use crate::attacks;
use crate::{Bitboard, Color, Role, Square};
use alloc::vec::Vec;

impl Analysis {
    /// `true` if `winner` can never mate: it never attacks a square the
    /// losing king may stand on, or no square of those can be covered with
    /// all its neighbours.
    ///
    /// `unmoved` is the losing king's square when the winner is to move: a
    /// mate there may come before the loser moves at all.
    pub(super) fn never_mates(&self, winner: Color, unmoved: Option<Square>) -> bool {
        let w = winner as usize;
        let checks = self.attack[w] & self.king[1 - w];
        let king_moves_last = self.only_the_king_moves(!winner);
        checks.into_iter().all(|k| {
            if !king_moves_last || unmoved == Some(k) {
                return !self.may_mate_on(winner, k, Bitboard::FULL);
            }
            // The loser's last move was its king's, from a neighbour `t`
            // of `k`, which the mate must then cover. The winner's king
            // did not stand beside `t` then: unless the mating move is
            // the king's (a discovered check), it is not beside `t` now.
            (attacks::king(k) & self.king[1 - w]).into_iter().all(|t| {
                let away = !(attacks::king(t).with(t));
                let discovering = self.discovering_king_squares(winner, k, t);
                !self.may_mate_on(winner, k, away)
                    && (discovering.is_empty() || !self.may_mate_on(winner, k, discovering))
            })
        })
    }

    /// `true` if no unit of `color` but its king ever moves (each stays on
    /// its square until it is taken, if ever), and its king may: its every
    /// move is then a king move.
    fn only_the_king_moves(&self, color: Color) -> bool {
        self.fixed_king[color as usize].is_none()
            && self.units.iter().all(|u| {
                u.color != color
                    || u.role == Role::King
                    || (u.region == Bitboard::from_square(u.square)
                        && u.queen.is_empty()
                        && u.knight.is_empty())
            })
    }

    /// The squares the winner's king may step to with a discovered check
    /// on the losing king on `k`, having stood where it did while that
    /// king stood on `t` (so not beside `t`, nor beside `k`): it leaves a
    /// square `x` between `k` and a slider of the winner that may stand
    /// beyond it, the line to `k` clear of fixed units.
    pub(super) fn discovering_king_squares(&self, winner: Color, k: Square, t: Square) -> Bitboard {
        let w = winner as usize;
        if self.fixed_king[w].is_some() {
            return Bitboard::EMPTY;
        }
        let walls = self.walls.without(k);
        let near = attacks::king(k).with(k) | attacks::king(t).with(t);
        let sliders = self.slider_regions(winner);
        let mut squares = Bitboard::EMPTY;
        for x in self.king[w] & !near {
            if opens_a_line(k, x, walls, sliders) {
                squares |= attacks::king(x) & self.king[w];
            }
        }
        squares
    }

    /// `false` if no placement of the units in their regions checks the
    /// losing king on `k` and covers every square around it, the winner's
    /// king standing on a square of `kings`.
    fn may_mate_on(&self, winner: Color, k: Square, kings: Bitboard) -> bool {
        let w = winner as usize;
        let around = attacks::king(k);
        // Bit 0 is the king's square (checked), then its neighbours.
        let mut index = [0u8; 64];
        let mut bit = 1;
        for sq in around {
            index[sq as usize] = bit;
            bit += 1;
        }
        let full: u16 = (1 << bit) - 1;
        let zone = around.with(k);
        let mask = |b: Bitboard| -> u16 {
            let mut m = 0;
            for sq in b & zone {
                m |= 1 << index[sq as usize];
            }
            m
        };
        // The king itself is no wall for the attacks on its neighbours.
        let walls = self.walls.without(k);
        let mut start = mask(self.fixed[1 - w] & around);
        for u in self.units.iter().filter(|u| u.fixed && u.color == winner) {
            if u.role == Role::King
                && (attacks::king(u.square).with(u.square).contains(k) || !kings.contains(u.square))
            {
                return false; // side by side, or not where it must stand
            }
            start |= mask(piece_attacks(u.role, u.color, u.square, walls));
        }
        // Per unit that is not fixed: the sets of the zone's squares it may
        // cover at once, one bit per set (nothing at all among them, as a
        // unit may be taken or stand elsewhere).
        // Only squares from which a unit attacks the zone matter: attacks
        // are symmetric, so those are the zone's attacks (for pawns, a
        // pawn of the other colour's).
        let near = |role: Role| -> Bitboard {
            zone.into_iter().fold(Bitboard::EMPTY, |b, z| {
                b | piece_attacks(role, !winner, z, walls)
            })
        };
        let near_by = [
            near(Role::Pawn),
            near(Role::Knight),
            near(Role::Bishop),
            near(Role::Rook),
            near(Role::Queen),
        ];
        let near_to = |role: Role| match role {
            Role::Pawn => near_by[0],
            Role::Knight => near_by[1],
            Role::Bishop => near_by[2],
            Role::Rook => near_by[3],
            _ => near_by[4],
        };
        // What a promoted piece of the winner may cover: the same for every
        // pawn that may promote.
        let mut promoted = [0u64; 8];
        if let Some(u) = self
            .units
            .iter()
            .find(|u| !u.fixed && u.color == winner && u.queen.any())
        {
            for sq in u.queen & near_to(Role::Queen) {
                let m = mask(attacks::queen(sq, walls)) as usize;
                promoted[m / 64] |= 1 << (m % 64);
            }
            for sq in u.knight & near_to(Role::Knight) {
                let m = mask(attacks::knight(sq)) as usize;
                promoted[m / 64] |= 1 << (m % 64);
            }
        }
        let mut options: Vec<[u64; 8]> = Vec::new();
        for u in self.units.iter().filter(|u| !u.fixed) {
            let mut set = [0u64; 8];
            let mut add = |b: Bitboard| {
                let m = mask(b) as usize;
                set[m / 64] |= 1 << (m % 64);
            };
            if u.color != winner {
                add(Bitboard::EMPTY);
                if u.role != Role::King {
                    for sq in (u.region | u.queen | u.knight) & around {
                        add(Bitboard::from_square(sq));
                    }
                }
            } else if u.role == Role::King {
                // Never beside the losing king.
                let far = u.region & kings & !attacks::king(k) & !Bitboard::from_square(k);
                if far.is_empty() {
                    return false;
                }
                for sq in far & near_by[4] {
                    add(attacks::king(sq));
                }
                add(Bitboard::EMPTY);
            } else {
                add(Bitboard::EMPTY);
                let squares = if u.role == Role::Pawn {
                    u.region & !last_rank(u.color)
                } else {
                    u.region
                };
                for sq in squares & near_to(u.role) {
                    add(piece_attacks(u.role, u.color, sq, walls | u.blockers));
                }
                if u.queen.any() {
                    for (word, extra) in set.iter_mut().zip(promoted) {
                        *word |= extra;
                    }
                }
            }
            if set != [1, 0, 0, 0, 0, 0, 0, 0] {
                options.push(set);
            }
        }
        // Which sets of the zone's squares can be covered at once: at most
        // 512 of them, one bit each.
        let mut states = [0u64; 8];
        states[start as usize / 64] |= 1 << (start % 64);
        let mut list = [0u16; 512];
        for set in &options {
            let mut n = 0;
            for_each_bit(set, |o| {
                list[n] = o;
                n += 1;
            });
            let mut next = [0u64; 8];
            for_each_bit(&states, |m| {
                for &o in &list[..n] {
                    let x = (m | o) as usize;
                    next[x / 64] |= 1 << (x % 64);
                }
            });
            states = next;
        }
        states[full as usize / 64] >> (full % 64) & 1 == 1
    }
}

/// Calls `f` with the index of every bit set in a 512-bit set.
fn for_each_bit(set: &[u64; 8], mut f: impl FnMut(u16)) {
    for (w, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f((w * 64) as u16 + bits.trailing_zeros() as u16);
            bits &= bits - 1;
        }
    }
}
