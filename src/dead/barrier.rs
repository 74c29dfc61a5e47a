//! A static proof of unwinnability behind pawns that nothing can ever touch:
//! the stronger sibling of [`frozen`](super::frozen).
//!
//! A pawn is *untouchable* when it can never capture and never be captured.
//! Such a pawn stays on its file for ever, so no pawn behind it on that file
//! ever passes it; one that cannot even push (an untouchable enemy pawn
//! right ahead) is *permanent*, a wall. The set of untouchable pawns is found
//! as the largest one that proves itself: assume every pawn untouchable,
//! drop those that fail, repeat.
//!
//! With the permanent pawns as walls, every other unit gets an
//! over-approximation of the squares it can ever reach: pieces by flood
//! fill, kings kept off the squares that enemy permanent pawns attack,
//! pawns by pushes up to the first untouchable enemy pawn ahead (and, for a
//! touchable pawn, by captures onto any square an enemy piece or pawn may
//! reach). A pawn is untouchable when no enemy piece or pawn can ever stand
//! where it could capture, nothing of the enemy can ever attack a square it
//! may stand on (a king may not take a pawn that a permanent pawn defends),
//! and no en passant capture can involve it. If no pawn can ever promote and
//! no unit of the winner can ever attack a square the losing king can reach,
//! the winner never gives check, so never mates. The argument is an
//! induction on the moves played: while the untouchable pawns stay so, every
//! unit stays in its region, so no first move can touch one of them.

use super::frozen::{pawn_attacks, region};
use crate::{Bitboard, Color, Position, Rank, Role, Square};
use arrayvec::ArrayVec;

/// One pawn and the squares it may ever stand on.
#[derive(Copy, Clone)]
struct Pawn {
    color: Color,
    square: Square,
    region: Bitboard,
    untouchable: bool,
}

/// `true` if the argument proves that `winner` can never mate. `false`
/// means "not proved".
pub(crate) fn cannot_mate(pos: &Position, winner: Color) -> bool {
    if pos.castling_rights().any() || pos.ep.is_some() {
        return false;
    }
    let mut pawns = ArrayVec::<Pawn, 16>::new();
    for color in Color::ALL {
        for square in pos.pieces(color, Role::Pawn) {
            if pawns
                .try_push(Pawn {
                    color,
                    square,
                    region: Bitboard::from_square(square),
                    untouchable: true,
                })
                .is_err()
            {
                return false;
            }
        }
    }
    if pawns.is_empty() {
        return false;
    }
    // Each round either keeps every untouchable pawn (done) or drops one:
    // at most as many rounds as pawns.
    for _ in 0..=pawns.len() {
        let Some(units) = Units::new(pos, &mut pawns) else {
            return false; // a pawn may promote
        };
        let mut dropped = false;
        for i in 0..pawns.len() {
            if pawns[i].untouchable && !units.untouchable(&pawns[i]) {
                pawns[i].untouchable = false;
                dropped = true;
            }
        }
        if !dropped {
            return units.never_checks(winner);
        }
    }
    false
}

/// What each side's units can ever reach and attack, given the pawns.
struct Units {
    /// Squares the non-king pieces of each colour may ever stand on.
    pieces: [Bitboard; 2],
    /// Squares the non-king pieces of each colour may ever attack.
    piece_attacks: [Bitboard; 2],
    /// Squares each king may ever stand on, and attack.
    king: [Bitboard; 2],
    king_attacks: [Bitboard; 2],
    /// Squares the pawns of each colour may ever stand on.
    pawns: [Bitboard; 2],
    /// Squares the permanent pawns of each colour attack, for ever.
    permanent_attacks: [Bitboard; 2],
    /// Squares en passant may ever take a pawn of each colour on (where a
    /// double step may land).
    passable: [Bitboard; 2],
}

impl Units {
    /// The regions of every unit, or `None` when a pawn might promote. Sets
    /// each pawn's region.
    fn new(pos: &Position, pawns: &mut [Pawn]) -> Option<Units> {
        // Pushes of every pawn up to the first untouchable enemy pawn ahead.
        let untouchable = |color: Color| {
            pawns
                .iter()
                .filter(|p| p.untouchable && p.color == color)
                .fold(Bitboard::EMPTY, |b, p| b.with(p.square))
        };
        let stoppers = [untouchable(Color::White), untouchable(Color::Black)];
        for p in pawns.iter_mut() {
            p.region = push_region(p.square, p.color, stoppers[!p.color as usize])?;
        }
        let permanent = pawns
            .iter()
            .filter(|p| p.untouchable && p.region == Bitboard::from_square(p.square))
            .fold(Bitboard::EMPTY, |b, p| b.with(p.square));
        let mut u = Units {
            pieces: [Bitboard::EMPTY; 2],
            piece_attacks: [Bitboard::EMPTY; 2],
            king: [Bitboard::EMPTY; 2],
            king_attacks: [Bitboard::EMPTY; 2],
            pawns: [Bitboard::EMPTY; 2],
            permanent_attacks: [Bitboard::EMPTY; 2],
            passable: [Bitboard::EMPTY; 2],
        };
        for color in Color::ALL {
            u.permanent_attacks[color as usize] =
                pawn_attacks(permanent & pos.by_color(color), color);
        }
        for color in Color::ALL {
            let c = color as usize;
            let forbidden = u.permanent_attacks[1 - c];
            for sq in pos.by_color(color) & !pos.by_role(Role::Pawn) {
                let Some(role) = pos.role_at(sq) else {
                    continue;
                };
                let (region, attacked) = region(role, sq, permanent, forbidden);
                if role == Role::King {
                    u.king[c] |= region;
                    u.king_attacks[c] |= attacked;
                } else {
                    u.pieces[c] |= region;
                    u.piece_attacks[c] |= attacked;
                }
            }
        }
        // Touchable pawns may also capture onto any square an enemy piece
        // or pawn may reach, and go on from there: grow until stable.
        loop {
            for color in Color::ALL {
                u.pawns[color as usize] = pawns
                    .iter()
                    .filter(|p| p.color == color)
                    .fold(Bitboard::EMPTY, |b, p| b | p.region);
            }
            let mut grown = false;
            for p in pawns.iter_mut().filter(|p| !p.untouchable) {
                let e = 1 - p.color as usize;
                let targets = (u.pieces[e] | u.pawns[e]) & !permanent;
                let captures = pawn_attacks(p.region, p.color) & targets & !p.region;
                for to in captures {
                    p.region |= push_region(to, p.color, stoppers[e])?;
                    grown = true;
                }
            }
            if !grown {
                break;
            }
        }
        for color in Color::ALL {
            // A double step from the start rank lands on the fourth rank.
            let start = Bitboard::from_rank(Rank::Second.relative_to(color));
            let fourth = Bitboard::from_rank(Rank::Fourth.relative_to(color));
            let c = color as usize;
            if (u.pawns[c] & start).any() {
                u.passable[c] = u.pawns[c] & fourth;
            }
        }
        Some(u)
    }

    /// `true` if `p` can never capture nor be captured, given the regions.
    fn untouchable(&self, p: &Pawn) -> bool {
        let c = p.color as usize;
        let e = 1 - c;
        let attacks = pawn_attacks(p.region, p.color);
        let targets = self.pieces[e] | self.pawns[e];
        let takers = self.piece_attacks[e]
            | (self.king_attacks[e] & !self.permanent_attacks[c])
            | pawn_attacks(self.pawns[e], !p.color);
        // En passant: this pawn beside a square an enemy double step may
        // land on, or such a square of its own beside an enemy pawn.
        let beside = |squares: Bitboard| {
            let west = Bitboard(squares.0 >> 1 & !0x8080_8080_8080_8080);
            let east = Bitboard(squares.0 << 1 & !0x0101_0101_0101_0101);
            west | east
        };
        let en_passant = (beside(self.passable[e]) & p.region).any()
            || (beside(self.pawns[e]) & p.region & self.passable[c]).any();
        (attacks & targets).is_empty() && (takers & p.region).is_empty() && !en_passant
    }

    /// `true` if no unit of `winner` can ever attack a square the losing
    /// king can reach.
    fn never_checks(&self, winner: Color) -> bool {
        let w = winner as usize;
        let checks = self.piece_attacks[w] | pawn_attacks(self.pawns[w], winner);
        (checks & self.king[1 - w]).is_empty()
    }
}

/// The squares a pawn of `color` on `from` may push to, up to the first
/// square below a pawn of `stoppers` ahead on its file; `None` if nothing
/// stops it before the last rank (it might promote).
fn push_region(from: Square, color: Color, stoppers: Bitboard) -> Option<Bitboard> {
    let step = if color == Color::White { 8 } else { -8 };
    let mut here = Bitboard::from_square(from);
    let mut region = here;
    loop {
        let next = here.shift(step);
        if next.is_empty() {
            return None;
        }
        if (next & stoppers).any() {
            return Some(region);
        }
        region |= next;
        here = next;
    }
}
