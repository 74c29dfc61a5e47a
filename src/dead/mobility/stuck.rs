//! Pieces that never move, though they may be taken: the case split on a
//! piece that can only be captured while it stands still.
//!
//! A rook in the corner behind its own king and bishop, with the king
//! walled in and the bishop shut in by the king: none of the three can move
//! first while the others stand, and the king and bishop are never taken.
//! So the rook never moves (it may only be taken where it stands), and the
//! king and bishop move only once it is gone. While the rook stands, the
//! king and bishop stand too: they block its lines.

use super::{Analysis, piece_attacks};
use crate::{Bitboard, Role};
use arrayvec::ArrayVec;

impl Analysis {
    /// The units (by index) that never move, and for each the squares that
    /// stay occupied for as long as it stands.
    pub(super) fn stuck(&self) -> ArrayVec<(usize, Bitboard), 32> {
        let mut found = ArrayVec::new();
        // The candidates: pieces that are not fixed, every move of which
        // would go to a square held by a unit of their own side that is a
        // candidate too (or fixed). The largest such set.
        let mut group: u32 = 0;
        for (i, u) in self.units.iter().enumerate() {
            if !u.fixed && u.role != Role::Pawn {
                group |= 1 << i;
            }
        }
        let squares = |group: u32| {
            self.units
                .iter()
                .enumerate()
                .filter(|(i, _)| group >> i & 1 == 1)
                .fold(Bitboard::EMPTY, |b, (_, u)| b.with(u.square))
        };
        let targets = |i: usize, group: u32| -> Bitboard {
            let u = &self.units[i];
            let c = u.color as usize;
            let blockers = self.walls | squares(group);
            let reach = piece_attacks(u.role, u.color, u.square, blockers) & !self.fixed[c];
            if u.role == Role::King {
                reach & !self.guard[1 - c]
            } else {
                reach
            }
        };
        loop {
            let held = squares(group);
            let mut next = group;
            for i in 0..self.units.len() {
                if group >> i & 1 == 1 {
                    let own = self.units[i].color;
                    let t = targets(i, group);
                    let ok = t.into_iter().all(|sq| {
                        held.contains(sq)
                            && self.units.iter().any(|w| w.square == sq && w.color == own)
                    });
                    if !ok {
                        next &= !(1 << i);
                    }
                }
            }
            if next == group {
                break;
            }
            group = next;
        }
        if group == 0 {
            return found;
        }
        let holder = |sq| self.units.iter().position(|w| w.square == sq);
        let capturable = |w: usize| {
            let v = &self.units[w];
            let c = v.color as usize;
            v.role != Role::King
                && (self.attack[1 - c].contains(v.square)
                    || (self.king_attack[1 - c].contains(v.square)
                        && !self.guard[c].contains(v.square)))
        };
        for u in 0..self.units.len() {
            if group >> u & 1 == 0 {
                continue;
            }
            // The members that may move while `u` stands: one of their
            // moves is freed by a member that may move or be taken.
            let frees = |moving: u32, i: usize| {
                targets(i, group).into_iter().any(|sq| {
                    holder(sq).is_some_and(|w| {
                        w != u && group >> w & 1 == 1 && (moving >> w & 1 == 1 || capturable(w))
                    })
                })
            };
            let mut moving: u32 = 0;
            loop {
                let mut next = moving;
                for i in 0..self.units.len() {
                    if i != u && group >> i & 1 == 1 && frees(moving, i) {
                        next |= 1 << i;
                    }
                }
                if next == moving {
                    break;
                }
                moving = next;
            }
            if !frees(moving, u) {
                let standing = (0..self.units.len())
                    .filter(|&w| w != u && group >> w & 1 == 1)
                    .filter(|&w| moving >> w & 1 == 0 && !capturable(w))
                    .fold(Bitboard::EMPTY, |b, w| b.with(self.units[w].square));
                found.push((u, standing));
            }
        }
        found
    }
}
