//! A king boxed in by its own men, against a lone piece: a sound static
//! proof for positions where the loser's king is walled in on every side by
//! its own units that can never move, the winner has a king that can never
//! move and one piece, and that piece can touch the box only by taking a
//! man beside the king with check, which must be answered by taking it.
//!
//! The proof is an invariant kept by every legal move. Call *box* the
//! losing king, every square around it (each must hold a unit of the
//! loser) and, closed under blocking, every unit of the loser that stands
//! where a unit of the box would otherwise move. The invariant holds in a
//! position where the box units stand on their squares, the winning king
//! on its square and the winner's one piece (the *agent*) somewhere in the
//! region it may ever reach with the box and the winning king as walls.
//! While it holds:
//!
//! - no unit of the box moves: every move it has with only the box and
//!   the winning king on the board either takes the agent (then the winner
//!   has a bare king, which never mates) or checkmates the winner
//!   whatever else stands where (the game is over); the losing king has no
//!   square to go to;
//! - the winning king never moves: every square around it is guarded by a
//!   box unit along no line another unit could block, or holds a box unit
//!   so guarded;
//! - the agent never gives check without taking a box unit (from its
//!   region it attacks no square around the king's, nor the king), and
//!   every box unit it can take stands beside the king, so the capture
//!   gives check and the only answers take the agent (a square beside the
//!   king is too near to block, and every other square beside it holds a
//!   box unit), and one answer always exists (the king takes, or another
//!   box unit, along no line that can be blocked): it is no mate, and a
//!   bare king is left;
//! - the loser's other units move as they like, taking the agent at most.
//!
//! So the loser's king is never checkmated by the winner from here. The
//! argument needs no search: it is the fixed point of the mobility proof
//! (`mobility`) sharpened by the forced line of a capture with check.

use crate::attacks;
use crate::{Bitboard, Color, Position, Role, Square};

/// The most units a box may hold: beyond, the proof is not tried.
const MAX_BOX: u32 = 20;

/// `true` if the argument proves that `winner` can never mate from `pos`.
/// `false` means "not proved", never "winnable".
pub(crate) fn cannot_mate(pos: &Position, winner: Color) -> bool {
    let ours = pos.by_color(winner);
    if ours.len() != 2 || pos.castling_rights().any() || pos.ep.is_some() {
        return false;
    }
    let wk = pos.king(winner);
    let Some(agent) = ours.without(wk).first() else {
        return false;
    };
    let Some(agent_role) = pos.role_at(agent) else {
        return false;
    };
    if agent_role == Role::Pawn {
        return false;
    }
    let Some(lk) = pos.pieces(!winner, Role::King).first() else {
        return false;
    };
    let Some(boxed) = the_box(pos, !winner, lk, wk) else {
        return false;
    };
    let proof = Proof {
        pos,
        loser: !winner,
        lk,
        wk,
        boxed,
        agent_role,
        region: flood(agent_role, winner, agent, boxed.with(wk)),
    };
    proof.box_stays() && proof.king_stays() && proof.agent_only_takes_with_check()
}

/// The box of the losing king on `lk`: the king, every square around it
/// (each must hold a unit of the loser) and every unit of the loser that
/// blocks a move of a box unit, closed; `None` if a square around the king
/// is not the loser's or the box grows too big.
fn the_box(pos: &Position, loser: Color, lk: Square, wk: Square) -> Option<Bitboard> {
    let theirs = pos.by_color(loser);
    let around = attacks::king(lk);
    if (around & !theirs).any() {
        return None;
    }
    let mut boxed = around.with(lk);
    loop {
        let walls = boxed.with(wk);
        let mut blockers = Bitboard::EMPTY;
        for sq in boxed {
            let role = pos.role_at(sq)?;
            blockers |= moves(role, loser, sq, walls) & theirs & !boxed;
        }
        if blockers.is_empty() {
            return Some(boxed);
        }
        boxed |= blockers;
        if boxed.len() > MAX_BOX {
            return None;
        }
    }
}

/// The squares a unit of `color` and `role` on `sq` may move to without
/// taking, with `walls` as the only units on the board (pawn captures
/// left out: a box pawn can only take the agent).
fn moves(role: Role, color: Color, sq: Square, walls: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => {
            let step = if color == Color::White { 8 } else { -8 };
            let one = Bitboard::from_square(sq).shift(step) & !walls;
            let start = Bitboard::from_rank(crate::Rank::Second.relative_to(color));
            let two = if start.contains(sq) {
                one.shift(step) & !walls
            } else {
                Bitboard::EMPTY
            };
            one | two
        }
        role => piece_attacks(role, color, sq, walls) & !walls,
    }
}

use crate::attacks::piece_attacks;

/// The squares a piece of `role` may ever stand on from `start`, with
/// `walls` as obstacles (what stands elsewhere may be taken or move away).
fn flood(role: Role, color: Color, start: Square, walls: Bitboard) -> Bitboard {
    let mut region = Bitboard::from_square(start);
    let mut frontier = region;
    while let Some(from) = frontier.first() {
        frontier = frontier.without(from);
        let next = piece_attacks(role, color, from, walls) & !walls & !region;
        region |= next;
        frontier |= next;
    }
    region
}

struct Proof<'a> {
    pos: &'a Position,
    loser: Color,
    lk: Square,
    wk: Square,
    /// The squares of the box units (the losing king's included).
    boxed: Bitboard,
    agent_role: Role,
    /// The squares the agent may ever stand on.
    region: Bitboard,
}

impl Proof<'_> {
    /// `true` if the box unit of `role` on `from` attacks `to` whatever
    /// stands off the box, with `units` the box units' squares: every
    /// square between is one of `vacant` (squares known to be empty).
    fn surely_attacks(
        &self,
        role: Role,
        from: Square,
        to: Square,
        units: Bitboard,
        vacant: Bitboard,
    ) -> bool {
        let occupied = (units | Bitboard::from_square(self.wk)) & !vacant;
        piece_attacks(role, self.loser, from, occupied).contains(to)
            && (attacks::between(from, to) & !vacant).is_empty()
    }

    /// `true` if some box unit other than the one on `except` surely
    /// attacks `to` (see [`Proof::surely_attacks`]), the units on `units`
    /// with `roles` giving each one's role.
    fn guarded(
        &self,
        to: Square,
        units: Bitboard,
        vacant: Bitboard,
        except: Bitboard,
        role_at: impl Fn(Square) -> Option<Role>,
    ) -> bool {
        (units & !except).into_iter().any(|sq| {
            role_at(sq).is_some_and(|role| self.surely_attacks(role, sq, to, units, vacant))
        })
    }

    /// No unit of the box ever moves: each move it could make with only the
    /// box and the winning king on the board checkmates the winner.
    fn box_stays(&self) -> bool {
        let walls = self.boxed.with(self.wk);
        for from in self.boxed {
            let Some(role) = self.pos.role_at(from) else {
                return false;
            };
            for to in moves(role, self.loser, from, walls) {
                if role == Role::King || !self.surely_mates(role, from, to) {
                    return false;
                }
            }
        }
        true
    }

    /// `true` if the box unit of `role` moving from `from` to the empty
    /// square `to` checkmates the winner wherever the agent stands in its
    /// region and whatever else stands off the box.
    fn surely_mates(&self, role: Role, from: Square, to: Square) -> bool {
        let last = Bitboard::from_rank(crate::Rank::Eighth.relative_to(self.loser));
        if role == Role::Pawn && last.contains(to) {
            return false; // a promotion: which piece is the player's choice
        }
        let units = self.boxed.without(from).with(to);
        let role_at = |sq: Square| {
            if sq == to {
                Some(role)
            } else {
                self.pos.role_at(sq)
            }
        };
        let vacant = Bitboard::from_square(from);
        let checkers: Bitboard = units
            .into_iter()
            .filter(|&sq| {
                role_at(sq).is_some_and(|r| self.surely_attacks(r, sq, self.wk, units, vacant))
            })
            .collect();
        if checkers.is_empty() {
            return false;
        }
        // The winning king has no square: each is guarded (the king gone
        // from its square, lines through it are open).
        let moved = vacant.with(self.wk);
        for n in attacks::king(self.wk) {
            let except = Bitboard::from_square(n);
            if !self.guarded(n, units, moved, except, role_at) {
                return false;
            }
        }
        // In double check only the king may move; else the agent can
        // neither take the checker nor step between.
        if checkers.len() > 1 {
            return true;
        }
        let occupied = units.with(self.wk);
        for c in checkers {
            for target in attacks::between(c, self.wk).with(c) {
                let from_where = piece_attacks(self.agent_role, !self.loser, target, occupied);
                if (from_where & self.region).any() {
                    return false;
                }
            }
        }
        true
    }

    /// The winning king never moves: every square around it is guarded by
    /// a box unit along no line that can be blocked.
    fn king_stays(&self) -> bool {
        let vacant = Bitboard::from_square(self.wk);
        attacks::king(self.wk).into_iter().all(|n| {
            self.guarded(n, self.boxed, vacant, Bitboard::from_square(n), |sq| {
                self.pos.role_at(sq)
            })
        })
    }

    /// The agent never checks the king from its region, and every box unit
    /// it may take stands beside the king, where the capture is a check
    /// that some box unit (or the king) can always answer by taking.
    fn agent_only_takes_with_check(&self) -> bool {
        let walls = self.boxed.with(self.wk);
        let winner = !self.loser;
        let mut reach = Bitboard::EMPTY;
        for sq in self.region {
            reach |= piece_attacks(self.agent_role, winner, sq, walls);
        }
        if reach.contains(self.lk) {
            return false;
        }
        let around = attacks::king(self.lk);
        for s in reach & self.boxed {
            if !around.contains(s) {
                return false;
            }
            if !piece_attacks(self.agent_role, winner, s, walls).contains(self.lk) {
                return false;
            }
            let king_takes = !attacks::king(self.wk).contains(s);
            let except = Bitboard::from_square(s).with(self.lk);
            let other_takes = self.guarded(s, self.boxed, Bitboard::EMPTY, except, |sq| {
                self.pos.role_at(sq)
            });
            if !king_takes && !other_takes {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::cannot_mate;
    use crate::{Color, Position};

    fn proved(fen: &str, winner: Color) -> bool {
        cannot_mate(&Position::from_fen(fen).expect("a valid FEN"), winner)
    }

    #[test]
    fn a_king_boxed_in_by_its_own_men_against_a_queen() {
        assert!(proved(
            "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1",
            Color::White
        ));
        assert!(proved(
            "8/5ppp/8/8/ppp5/bkp4Q/qnp5/n1K5 b - - 0 1",
            Color::White
        ));
        // White to move: the same.
        assert!(proved(
            "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 w - - 0 1",
            Color::White
        ));
    }

    #[test]
    fn a_capture_beside_the_king_that_nothing_takes_back_is_a_mate() {
        // The a1 knight that takes back on c2 is a bishop: Qxc2 mates.
        assert!(!proved(
            "6Q1/8/4b3/8/ppp5/qkp3b1/rnp5/b1K5 b - - 0 1",
            Color::White
        ));
        // A knight as the agent checks over the box.
        assert!(!proved(
            "6N1/8/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1",
            Color::White
        ));
        // The c2 pawn gone: the winning king walks out.
        assert!(!proved(
            "6Q1/8/4b3/8/ppp5/qkp3b1/rn6/n1K5 b - - 0 1",
            Color::White
        ));
        // A second piece of the winner: not this proof's.
        assert!(!proved(
            "6Q1/7R/4b3/8/ppp5/qkp3b1/rnp5/n1K5 b - - 0 1",
            Color::White
        ));
    }
}
