//! A semi-static proof of unwinnability: where can every unit ever go?
//!
//! Some units never move and are never taken: a pawn blocked by an enemy
//! pawn that nothing can ever attack, a bishop shut in by its own fixed
//! pawns, a king walled in by its own fixed units and squares that fixed
//! enemy pawns guard. They are found as the largest set that proves itself
//! (the greatest fixed point): assume every unit *fixed*, work out where the
//! others may ever stand and what they may ever attack with the fixed units
//! as walls, drop every fixed unit that could move or be taken, repeat.
//!
//! With the fixed units as walls, each other unit gets an
//! over-approximation of the squares it can ever stand on (pieces by flood
//! fill; kings kept off the squares fixed enemy units guard for ever; pawns
//! by pushes up to a fixed unit ahead and captures onto any square an enemy
//! may stand on; a pawn that may reach the last rank adds a queen and a
//! knight that may stand anywhere they can get to from there). A piece shut
//! in by fixed units but open to capture simply keeps the one square it has:
//! while it stands there it attacks and blocks, and once taken it is gone,
//! so it is no wall for the others. By induction on the moves played, no
//! move ever moves or takes a fixed unit, and every other unit stays in its
//! region.
//!
//! Pawns are never assumed blocked unless they are fixed: a pawn that is
//! stuck only for now (it may capture into freedom, an enemy may take the
//! pawn in front of it, it may promote) keeps every square it may reach.
//! An *untouchable* pawn (never captures, is never taken, never promotes)
//! stays on its file: no enemy pawn behind it there ever passes it.
//!
//! The question is one side's mate, so a move that ends the game first is
//! no move: a move of the loser that always checkmates the winner, a
//! capture by the losing king that always leaves the winner without a legal
//! move, or one by the winning king that always stalemates the loser. Pieces that never move though they may be taken ([`stuck`]) keep
//! their square. [`cover`] is the last step below, [`branches`] the look
//! along forced lines.
//!
//! Then `winner` cannot mate if no unit of it can ever attack a square the
//! losing king may stand on; or, failing that, if for every such square no
//! placement of the units in their regions covers it and every square around
//! it (each neighbour held by a unit of the loser or attacked by the winner,
//! the winner's king not beside the loser's): a mate needs all of that.
//! When nothing of the loser but its king ever moves, the loser's last move
//! before the mate was its king's, from a neighbour of the mating square:
//! that square must be covered too, and the winner's king, which did not
//! stand beside it then, covers it only by moving with a discovered check.

use super::frozen::pawn_attacks;
use crate::attacks;
use crate::{Bitboard, Color, Position, Rank, Role, Square};
use arrayvec::ArrayVec;

mod branches;
mod cover;
mod stuck;
#[cfg(test)]
mod tests;

pub(crate) use branches::every_branch_dies;

/// One unit on the board and what the analysis knows of it.
#[derive(Copy, Clone)]
struct Unit {
    color: Color,
    role: Role,
    square: Square,
    /// Assumed (then proved) never to move and never to be taken.
    fixed: bool,
    /// For a pawn: assumed (then proved) never to capture, never to be
    /// taken and never to promote, so that it stays on its file for ever and
    /// no enemy pawn behind it on that file ever passes it.
    untouchable: bool,
    /// The squares it may ever stand on (its own square when fixed).
    region: Bitboard,
    /// Squares it is known never to leave.
    cap: Bitboard,
    /// Squares that stay occupied as long as it stands (for a piece that
    /// never moves): they block its lines.
    blockers: Bitboard,
    /// For a pawn: the squares a queen or a knight it promotes to may ever
    /// stand on.
    queen: Bitboard,
    knight: Bitboard,
}

/// `true` if the argument proves that `winner` can never mate. `false`
/// means "not proved", never "winnable".
pub(crate) fn cannot_mate(pos: &Position, winner: Color) -> bool {
    match Analysis::settle(pos, winner) {
        Some(a) => {
            // Unless the winner mates at once, the loser moves before
            // any mate.
            let unmoved = (pos.turn() == winner && mates_at_once(pos)).then(|| pos.king(!winner));
            a.never_mates(winner, unmoved)
        }
        None => false,
    }
}

/// `true` if the side to move has a move that checkmates.
fn mates_at_once(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next.is_checkmate()
    })
}

/// What each colour's units may ever do, given the fixed units.
struct Analysis {
    /// The side whose mates are in question.
    winner: Color,
    units: ArrayVec<Unit, 32>,
    /// Per colour: the square of its king if it is fixed.
    fixed_king: [Option<Square>; 2],
    /// The squares of the fixed units: walls for every other unit.
    walls: Bitboard,
    /// Per colour: the squares of its fixed units.
    fixed: [Bitboard; 2],
    /// Per colour: the squares its fixed units attack whatever else moves.
    guard: [Bitboard; 2],
    /// Per colour: the squares its non-king units that are not fixed may
    /// ever stand on.
    stand: [Bitboard; 2],
    /// Per colour: the squares its units other than the king may ever
    /// attack (the fixed ones included).
    attack: [Bitboard; 2],
    /// Per colour: the squares its king may ever stand on, and attack.
    king: [Bitboard; 2],
    king_attack: [Bitboard; 2],
    /// Per colour: the squares its pawns that are not fixed may ever stand on.
    pawns: [Bitboard; 2],
}

/// `true` if a slider standing somewhere in `sliders` (per kind of line:
/// diagonal, straight) beyond `x`, seen from `k`, may attack `k` once `x`
/// is empty, the line clear of `walls`.
fn opens_a_line(k: Square, x: Square, walls: Bitboard, sliders: [Bitboard; 2]) -> bool {
    let kind = if attacks::bishop(k, Bitboard::EMPTY).contains(x) {
        0
    } else if attacks::rook(k, Bitboard::EMPTY).contains(x) {
        1
    } else {
        return false;
    };
    let walls = walls.without(x);
    let rays = if kind == 0 {
        attacks::bishop(k, walls)
    } else {
        attacks::rook(k, walls)
    };
    (rays & sliders[kind] & attacks::line(k, x))
        .into_iter()
        .any(|s| attacks::between(k, s).contains(x))
}

use crate::attacks::piece_attacks;

/// The last rank of a pawn of `color`.
fn last_rank(color: Color) -> Bitboard {
    Bitboard::from_rank(Rank::Eighth.relative_to(color))
}

/// The squares a pawn of `color` on `from` may push to, up to the first
/// square of `stops` ahead (fixed units, and untouchable enemy pawns: they
/// never leave the file and only come nearer), the last rank included.
fn pushes(from: Square, color: Color, stops: Bitboard) -> Bitboard {
    let step = if color == Color::White { 8 } else { -8 };
    let mut here = Bitboard::from_square(from);
    let mut region = here;
    while (here & last_rank(color)).is_empty() {
        here = here.shift(step);
        if here.is_empty() || (here & stops).any() {
            break;
        }
        region |= here;
    }
    region
}

impl Analysis {
    /// The analysis with the largest set of fixed units that proves itself,
    /// or `None` when the position is out of its scope (castling rights, an
    /// en passant capture, too many units).
    fn settle(pos: &Position, winner: Color) -> Option<Analysis> {
        if pos.castling_rights().any() || pos.ep.is_some() {
            return None;
        }
        let mut units = ArrayVec::<Unit, 32>::new();
        for square in pos.occupied() {
            let (Some(role), Some(piece)) = (pos.role_at(square), pos.piece_at(square)) else {
                continue;
            };
            units
                .try_push(Unit {
                    color: piece.color,
                    role,
                    square,
                    fixed: may_stay(pos, winner, square, role, piece.color),
                    untouchable: role == Role::Pawn,
                    region: Bitboard::from_square(square),
                    cap: Bitboard::FULL,
                    blockers: Bitboard::EMPTY,
                    queen: Bitboard::EMPTY,
                    knight: Bitboard::EMPTY,
                })
                .ok()?;
        }
        // Each round keeps every assumption (done) or drops one: a fixed
        // unit becomes free (a pawn stays untouchable until shown not to
        // be), an untouchable pawn touchable.
        for _ in 0..=2 * units.len() {
            let a = Analysis::new(units.clone(), winner);
            let mut dropped = false;
            for i in 0..units.len() {
                let u = &a.units[i];
                if u.fixed && !a.stays(u) {
                    units[i].fixed = false;
                    dropped = true;
                } else if !u.fixed && u.untouchable && !a.untouched(u) {
                    units[i].untouchable = false;
                    dropped = true;
                }
            }
            if !dropped {
                return Some(a);
            }
        }
        None
    }

    /// The regions of every unit, given which are fixed; then again with
    /// the loser's pieces kept off the squares they could only reach by
    /// checkmating the winner (which ends the game first).
    fn new(units: ArrayVec<Unit, 32>, winner: Color) -> Analysis {
        let a = Analysis::build(units, winner);
        let mut capped = a.units.clone();
        let mut shrunk = false;
        for u in capped.iter_mut() {
            if !u.fixed
                && u.color != winner
                && matches!(
                    u.role,
                    Role::Knight | Role::Bishop | Role::Rook | Role::Queen
                )
            {
                let region = a.reach_without_mating(u);
                if region != u.region {
                    u.cap = region;
                    shrunk = true;
                }
            }
        }
        for (i, standing) in a.stuck() {
            capped[i].cap = Bitboard::from_square(capped[i].square);
            capped[i].blockers = standing;
            shrunk = true;
        }
        if shrunk {
            Analysis::build(capped, winner)
        } else {
            a
        }
    }

    /// The squares the loser's piece `u` may reach without checkmating
    /// the winner on the way.
    fn reach_without_mating(&self, u: &Unit) -> Bitboard {
        let mut region = Bitboard::from_square(u.square);
        let mut frontier = region;
        while let Some(from) = frontier.first() {
            frontier = frontier.without(from);
            let targets = piece_attacks(u.role, u.color, from, self.walls) & !self.walls & !region;
            for t in targets {
                if !self.surely_mates(u, from, t) {
                    region = region.with(t);
                    frontier = frontier.with(t);
                }
            }
        }
        region
    }

    /// The regions of every unit, given which are fixed.
    fn build(mut units: ArrayVec<Unit, 32>, winner: Color) -> Analysis {
        let mut fixed = [Bitboard::EMPTY; 2];
        for u in units.iter().filter(|u| u.fixed) {
            fixed[u.color as usize] |= Bitboard::from_square(u.square);
        }
        let walls = fixed[0] | fixed[1];
        let mut guard = [Bitboard::EMPTY; 2];
        let mut attack = [Bitboard::EMPTY; 2];
        for u in units.iter().filter(|u| u.fixed) {
            let reach = piece_attacks(u.role, u.color, u.square, walls);
            guard[u.color as usize] |= unblockable(u.role, u.square, reach);
            if u.role != Role::King {
                attack[u.color as usize] |= reach;
            }
        }
        let mut a = Analysis {
            winner,
            units: ArrayVec::new(),
            fixed_king: [None; 2],
            walls,
            fixed,
            guard,
            stand: [Bitboard::EMPTY; 2],
            attack,
            king: [Bitboard::EMPTY; 2],
            king_attack: [Bitboard::EMPTY; 2],
            pawns: [Bitboard::EMPTY; 2],
        };
        // Pieces: flood fill, kings off the squares fixed enemies guard.
        for u in units
            .iter_mut()
            .filter(|u| !u.fixed && u.role != Role::Pawn)
        {
            let c = u.color as usize;
            let start = Bitboard::from_square(u.square);
            let (reg, att) = flood(u.role, start, walls | u.blockers, guard[1 - c], u.cap);
            u.region = reg;
            if u.role == Role::King {
                a.king[c] = reg;
                a.king_attack[c] = att;
            } else {
                a.stand[c] |= reg;
                a.attack[c] |= att;
            }
        }
        for u in units.iter().filter(|u| u.fixed && u.role == Role::King) {
            a.fixed_king[u.color as usize] = Some(u.square);
            a.king[u.color as usize] = Bitboard::from_square(u.square);
            a.king_attack[u.color as usize] = attacks::king(u.square);
        }
        // Pawns: pushes, then captures onto any square an enemy non-king
        // unit may stand on, until nothing grows.
        let mut untouchable = [Bitboard::EMPTY; 2];
        for u in units
            .iter()
            .filter(|u| u.role == Role::Pawn && u.untouchable)
        {
            untouchable[u.color as usize] |= Bitboard::from_square(u.square);
        }
        let stops = [walls | untouchable[1], walls | untouchable[0]];
        for u in units
            .iter_mut()
            .filter(|u| !u.fixed && u.role == Role::Pawn)
        {
            u.region = pushes(u.square, u.color, stops[u.color as usize]);
        }
        // Promotions: a queen and a knight from every last-rank square a
        // pawn of the colour may reach (rooks and bishops do less).
        let mut promotions = [Bitboard::EMPTY; 2];
        let mut queen = [(Bitboard::EMPTY, Bitboard::EMPTY); 2];
        let mut knight = [(Bitboard::EMPTY, Bitboard::EMPTY); 2];
        loop {
            let mut grown = false;
            for c in Color::ALL {
                a.pawns[c as usize] = units
                    .iter()
                    .filter(|u| !u.fixed && u.role == Role::Pawn && u.color == c)
                    .fold(Bitboard::EMPTY, |b, u| b | u.region);
            }
            let targets = [
                a.stand[0] | a.pawns[0] | queen[0].0 | knight[0].0,
                a.stand[1] | a.pawns[1] | queen[1].0 | knight[1].0,
            ];
            for u in units
                .iter_mut()
                .filter(|u| !u.fixed && u.role == Role::Pawn)
            {
                let e = 1 - u.color as usize;
                let from = u.region & !last_rank(u.color);
                let captures = pawn_attacks(from, u.color) & targets[e] & !walls & !u.region;
                for to in captures {
                    u.region |= pushes(to, u.color, stops[u.color as usize]);
                    grown = true;
                }
            }
            for c in Color::ALL {
                let reached = units
                    .iter()
                    .filter(|u| !u.fixed && u.role == Role::Pawn && u.color == c)
                    .fold(Bitboard::EMPTY, |b, u| b | (u.region & last_rank(c)));
                let c = c as usize;
                if reached != promotions[c] {
                    promotions[c] = reached;
                    queen[c] = flood(Role::Queen, reached, walls, Bitboard::EMPTY, Bitboard::FULL);
                    knight[c] = flood(
                        Role::Knight,
                        reached,
                        walls,
                        Bitboard::EMPTY,
                        Bitboard::FULL,
                    );
                    grown = true;
                }
            }
            if !grown {
                break;
            }
        }
        for u in units
            .iter_mut()
            .filter(|u| !u.fixed && u.role == Role::Pawn)
        {
            let c = u.color as usize;
            a.attack[c] |= pawn_attacks(u.region & !last_rank(u.color), u.color);
            if (u.region & last_rank(u.color)).any() {
                u.queen = queen[c].0;
                u.knight = knight[c].0;
            }
        }
        for c in 0..2 {
            a.attack[c] |= queen[c].1 | knight[c].1;
            a.stand[c] |= queen[c].0 | knight[c].0;
        }
        a.units = units;
        a
    }

    /// `true` if the fixed unit `u` can neither move nor be taken, given the
    /// regions.
    fn stays(&self, u: &Unit) -> bool {
        let c = u.color as usize;
        let e = 1 - c;
        // A move that always checkmates the winner is never part of a
        // line to the winner's mate: it ends the game first.
        let leaves = |t: Square| !self.surely_mates(u, u.square, t);
        let moves = match u.role {
            Role::Pawn => {
                let step = if u.color == Color::White { 8 } else { -8 };
                let ahead = Bitboard::from_square(u.square).shift(step);
                let enemies = self.stand[e] | self.pawns[e] | self.fixed[e];
                let second = Bitboard::from_rank(Rank::Second.relative_to(u.color));
                let double =
                    second.contains(u.square) && (ahead.shift(step) & self.walls).is_empty();
                // En passant: an enemy pawn may stand beside it on its
                // fifth rank (after a double step).
                let fifth = Bitboard::from_rank(Rank::Fifth.relative_to(u.color));
                let beside = attacks::king(u.square) & fifth;
                ((ahead & self.walls).is_empty() && (double || ahead.into_iter().any(leaves)))
                    || (attacks::pawn(u.color, u.square) & enemies)
                        .into_iter()
                        .any(leaves)
                    || (fifth.contains(u.square) && (beside & self.pawns[e]).any())
            }
            Role::King => (attacks::king(u.square) & !self.fixed[c] & !self.guard[e]).any(),
            role => (piece_attacks(role, u.color, u.square, self.walls) & !self.fixed[c])
                .into_iter()
                .any(leaves),
        };
        if moves {
            return false;
        }
        if u.role == Role::King {
            return true;
        }
        let taken = self.attack[e].contains(u.square)
            || (self.king_attack[e].contains(u.square)
                && !self.guard[c].contains(u.square)
                && !self.taking_ends_the_game(u));
        !taken
    }

    /// `true` if the losing king taking the winner's fixed unit `u` always
    /// ends the game: wherever the winner's king stands, either it guards
    /// `u` (the capture is illegal) or the winner is left without a legal
    /// move (every other unit of its is fixed, and every square around its
    /// king is its own, guarded for ever, or beside the capturing king).
    /// Such a capture is never on the way to the winner's mate.
    fn taking_ends_the_game(&self, u: &Unit) -> bool {
        let w = self.winner as usize;
        if u.color != self.winner {
            return self.taking_stalemates(u);
        }
        if self
            .units
            .iter()
            .any(|v| v.color == self.winner && v.role != Role::King && !v.fixed)
        {
            return false;
        }
        let after = attacks::king(u.square);
        let held = self.fixed[w].without(u.square) | self.guard[1 - w] | after;
        self.king[w]
            .into_iter()
            .all(|s| after.contains(s) || (attacks::king(s) & !held).is_empty())
    }

    /// `true` if the winning king taking the loser's fixed unit `u` always
    /// stalemates the loser: wherever the losing king stands, either it
    /// guards `u` (the capture is illegal), or it is out of the reach of
    /// every unit of the winner (so not in check) and has no move, and
    /// every other unit of the loser is fixed and has no move either once
    /// `u` is gone. Such a capture is never on the way to the winner's
    /// mate.
    fn taking_stalemates(&self, u: &Unit) -> bool {
        let w = self.winner as usize;
        let l = 1 - w;
        let others_stay = self.units.iter().all(|v| {
            if v.color == self.winner || v.role == Role::King || v.square == u.square {
                return true;
            }
            if !v.fixed {
                return false;
            }
            // The square `u` leaves holds the winning king: still no room.
            let enemies = self.stand[w] | self.pawns[w] | self.fixed[w];
            match v.role {
                Role::Pawn => {
                    let step = if v.color == Color::White { 8 } else { -8 };
                    let ahead = Bitboard::from_square(v.square).shift(step);
                    let fifth = Bitboard::from_rank(Rank::Fifth.relative_to(v.color));
                    (ahead & !self.walls).is_empty()
                        && (attacks::pawn(v.color, v.square) & enemies).is_empty()
                        && !(fifth.contains(v.square)
                            && (attacks::king(v.square) & fifth & self.pawns[w]).any())
                }
                role => {
                    let walls = self.walls.without(u.square);
                    (piece_attacks(role, v.color, v.square, walls)
                        & !self.fixed[l].without(u.square))
                    .is_empty()
                }
            }
        });
        if !others_stay || self.fixed_king[w].is_some() {
            return false;
        }
        let after = attacks::king(u.square);
        let held = self.fixed[l].without(u.square) | self.guard[w] | after;
        // The losing king was not in check before the capture (it is the
        // winner's move): only a line opened by the capture may check it,
        // through `u`'s square or the square the winning king left.
        let walls = self.walls.without(u.square);
        let sliders = self.slider_regions(self.winner);
        let origins = after & self.king[w];
        self.king[l].into_iter().all(|s| {
            after.contains(s)
                || ((attacks::king(s) & !held).is_empty()
                    && !origins
                        .with(u.square)
                        .into_iter()
                        .any(|x| opens_a_line(s, x, walls, sliders)))
        })
    }

    /// Per kind of line (diagonal, straight): the squares a unit of
    /// `color` that moves along it may ever stand on.
    pub(super) fn slider_regions(&self, color: Color) -> [Bitboard; 2] {
        let mut sliders = [Bitboard::EMPTY; 2];
        for u in self.units.iter().filter(|u| u.color == color) {
            let region = if u.fixed {
                Bitboard::from_square(u.square)
            } else {
                u.region
            };
            match u.role {
                Role::Bishop => sliders[0] |= region,
                Role::Rook => sliders[1] |= region,
                Role::Queen => {
                    sliders[0] |= region;
                    sliders[1] |= region;
                }
                _ => {}
            }
            sliders[0] |= u.queen;
            sliders[1] |= u.queen;
        }
        sliders
    }

    /// `true` if the loser's unit `u` moving from `from` to `t` checkmates the winner
    /// whatever else stands where: the winner's king is fixed, the check
    /// cannot be blocked, nothing can take the checker, and every square
    /// around the king is held by a fixed unit of the winner or guarded for
    /// ever by the loser's other fixed units or the checker.
    fn surely_mates(&self, u: &Unit, from: Square, t: Square) -> bool {
        if u.color == self.winner
            || u.role == Role::King
            || (u.role == Role::Pawn && last_rank(u.color).contains(t))
        {
            return false;
        }
        let w = self.winner as usize;
        let Some(king) = self.fixed_king[w] else {
            return false;
        };
        let hit = piece_attacks(u.role, u.color, t, self.walls);
        let checker = unblockable(u.role, t, hit);
        if !checker.contains(king) || self.may_take(t, from) {
            return false;
        }
        let mut guard = checker;
        for v in self.units.iter() {
            if v.fixed && v.color == u.color && v.square != u.square {
                let reach = piece_attacks(v.role, v.color, v.square, self.walls);
                guard |= unblockable(v.role, v.square, reach);
            }
        }
        let around = attacks::king(king);
        if around.contains(t) && !guard.contains(t) {
            return false; // the king may take the checker
        }
        (around.without(t) & !self.fixed[w] & !guard).is_empty()
    }

    /// `true` if a unit of the winner other than its king may ever take on
    /// `t` once the unit on `vacated` has left it.
    fn may_take(&self, t: Square, vacated: Square) -> bool {
        let occupied = self.walls.without(vacated);
        self.units.iter().any(|v| {
            if v.color != self.winner || v.role == Role::King {
                return false;
            }
            let from = |role: Role| match role {
                Role::Pawn => attacks::pawn(!v.color, t),
                role => piece_attacks(role, v.color, t, occupied),
            };
            if v.fixed {
                return from(v.role).contains(v.square);
            }
            let squares = if v.role == Role::Pawn {
                v.region & !last_rank(v.color)
            } else {
                v.region
            };
            (from(v.role) & squares).any()
                || (from(Role::Queen) & v.queen).any()
                || (from(Role::Knight) & v.knight).any()
        })
    }

    /// `true` if the untouchable pawn `u` (not fixed) can never capture, be
    /// taken or promote, given the regions.
    fn untouched(&self, u: &Unit) -> bool {
        let c = u.color as usize;
        let e = 1 - c;
        if (u.region & last_rank(u.color)).any() {
            return false;
        }
        let enemies = self.stand[e] | self.pawns[e] | self.fixed[e];
        if (pawn_attacks(u.region, u.color) & enemies).any() {
            return false;
        }
        // En passant, either way: it on its fifth rank beside a square an
        // enemy pawn may stand on, or its double step landing beside one.
        let fifth = u.region & Bitboard::from_rank(Rank::Fifth.relative_to(u.color));
        let second = Bitboard::from_rank(Rank::Second.relative_to(u.color));
        let fourth = if (u.region & second).any() {
            u.region & Bitboard::from_rank(Rank::Fourth.relative_to(u.color))
        } else {
            Bitboard::EMPTY
        };
        if (beside(fifth | fourth) & self.pawns[e]).any() {
            return false;
        }
        (u.region & self.attack[e]).is_empty()
            && (u.region & self.king_attack[e] & !self.guard[c]).is_empty()
    }
}

/// `false` if the unit on `sq` may move at once (a move that checks the
/// winner aside, as it may mate): it is not fixed. Only a quick first cut;
/// the fixed point decides.
fn may_stay(pos: &Position, winner: Color, sq: Square, role: Role, color: Color) -> bool {
    let occupied = pos.occupied();
    let king = pos.pieces(winner, Role::King).first();
    let checks = |t: Square| {
        color != winner
            && king.is_some_and(|k| piece_attacks(role, color, t, occupied.without(sq)).contains(k))
    };
    let them = pos.by_color(!color);
    match role {
        Role::Pawn => {
            let step = if color == Color::White { 8 } else { -8 };
            let ahead = Bitboard::from_square(sq).shift(step) & !occupied;
            (ahead | (attacks::pawn(color, sq) & them))
                .into_iter()
                .all(checks)
        }
        Role::King => (attacks::king(sq) & !pos.by_color(color))
            .into_iter()
            .all(|t| pos.is_attacked(t, !color, occupied.without(sq))),
        _ => (piece_attacks(role, color, sq, occupied) & !pos.by_color(color))
            .into_iter()
            .all(checks),
    }
}

/// The squares beside (same rank, next file) the squares of `squares`.
fn beside(squares: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    Bitboard(((squares.0 & NOT_A) >> 1) | ((squares.0 & NOT_H) << 1))
}

/// Of the squares `reach` a unit of `role` on `sq` attacks, those no unit
/// can ever shield: all of them for a pawn, knight or king; the neighbouring
/// ones for a slider.
fn unblockable(role: Role, sq: Square, reach: Bitboard) -> Bitboard {
    match role {
        Role::Bishop | Role::Rook | Role::Queen => reach & attacks::king(sq),
        _ => reach,
    }
}

/// The squares a piece of `role` can ever stand on, starting from any of
/// `starts`, with `walls` as obstacles and never leaving `cap`, and the
/// squares it can ever attack from them. A king never stands on
/// `forbidden_for_king`.
fn flood(
    role: Role,
    starts: Bitboard,
    walls: Bitboard,
    forbidden_for_king: Bitboard,
    cap: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut region = starts;
    let mut attacked = Bitboard::EMPTY;
    let mut frontier = region;
    while let Some(from) = frontier.first() {
        frontier = frontier.without(from);
        let targets = piece_attacks(role, Color::White, from, walls);
        attacked |= targets;
        let mut next = targets & !walls & !region & cap;
        if role == Role::King {
            next &= !forbidden_for_king;
        }
        region |= next;
        frontier |= next;
    }
    (region, attacked)
}
