//! A helpmate search: both sides cooperate to let `winner` checkmate.
//!
//! Iterative deepening depth-first search. A move that is the only legal
//! one does not count towards the depth (it costs no choice). A
//! transposition table remembers how deep each position was searched, so a
//! position is searched again only deeper. Moves are tried best first by
//! a heuristic: the losing king walks to the nearest corner, the winner's
//! pieces come close to it, pawns run to promote, captures open locked
//! pawns. The search is incomplete by design (it only looks for a line;
//! proofs of unwinnability are elsewhere) and every line it returns is a
//! legal sequence ending in a checkmate by `winner`.

use super::Budget;
use crate::{Color, Move, MoveList, Position, Role, Square};
use alloc::vec;
use alloc::vec::Vec;

/// The longest line searched, in plies, forced moves included.
const MAX_PLY: usize = 160;

struct Search<'a> {
    winner: Color,
    budget: &'a mut Budget,
    /// Keys and the depth each was searched to (key ^ depth packs both:
    /// the low byte of the stored word is the depth).
    table: Vec<u64>,
    line: Vec<Move>,
    /// At most this many of each side's moves are tried at a node.
    width: [usize; 2],
}

/// A line of at most `max_depth` chosen moves ending in a checkmate by
/// `winner`, or `None` when none was found within the budget.
pub(super) fn search(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    max_depth: u32,
    width: [usize; 2],
) -> Option<Vec<Move>> {
    let mut search = Search {
        winner,
        budget,
        table: vec![0; 1 << 14],
        line: Vec::with_capacity(MAX_PLY),
        width,
    };
    for depth in 1..=max_depth {
        if search.dfs(root, depth) {
            return Some(search.line);
        }
        if search.budget.is_spent() {
            return None;
        }
    }
    None
}

impl Search<'_> {
    fn dfs(&mut self, pos: &Position, depth: u32) -> bool {
        if !self.budget.spend() {
            return false;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return pos.turn() != self.winner && pos.is_check();
        }
        if depth == 0 || self.line.len() >= MAX_PLY {
            return false;
        }
        if pos.halfmove_clock() == 0 && pos.has_insufficient_material(self.winner) {
            return false;
        }
        // Already searched at least this deep: nothing there.
        let key = pos.zobrist() & !0xff;
        let slot = (pos.zobrist() >> 20) as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        if entry & !0xff == key && (entry & 0xff) as u32 >= depth {
            return false;
        }
        self.table[slot] = key | u64::from(depth.min(255));

        let forced = moves.len() == 1;
        let next = if forced { depth } else { depth - 1 };
        let mut ordered = order(pos, &moves, self.winner);
        let side = usize::from(pos.turn() != self.winner);
        ordered.truncate(self.width[side].max(1));
        for &(_, m) in &ordered {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.line.push(m);
            if self.dfs(&child, next) {
                return true;
            }
            self.line.pop();
            if self.budget.is_spent() {
                return false;
            }
        }
        false
    }
}

/// The moves sorted best first for a helpmate by `winner`.
fn order(pos: &Position, moves: &MoveList, winner: Color) -> arrayvec::ArrayVec<(i32, Move), 256> {
    let mut scored = arrayvec::ArrayVec::<(i32, Move), 256>::new();
    let loser_king = pos.king(!winner);
    let corner = nearest_corner(loser_king);
    for &m in moves {
        scored.push((score(pos, m, winner, loser_king, corner), m));
    }
    scored.sort_unstable_by(|a, b| b.0.cmp(&a.0));
    scored
}

fn score(pos: &Position, m: Move, winner: Color, loser_king: Square, corner: Square) -> i32 {
    let from = m.from();
    let to = m.to();
    let Some(role) = pos.role_at(from) else {
        return 0;
    };
    let captured = if m.is_castle() {
        None
    } else if m.is_en_passant() {
        Some(Role::Pawn)
    } else {
        pos.role_at(to)
    };
    let mut s = 0;
    if pos.turn() == winner {
        if let Some(promoted) = m.promotion_role() {
            s += match promoted {
                Role::Queen => 900,
                Role::Knight => 300,
                Role::Rook => 200,
                _ => 100,
            };
        }
        if let Some(captured) = captured {
            s += if captured == Role::Pawn { 250 } else { 150 };
        }
        let weight = match role {
            Role::Queen => 40,
            Role::Rook => 30,
            Role::Knight | Role::Bishop => 20,
            Role::King => 10,
            Role::Pawn => 0,
        };
        if role == Role::Pawn {
            s += 60 + 10 * relative_rank(to, winner);
        } else {
            s += weight * (distance(from, loser_king) - distance(to, loser_king));
        }
    } else {
        match role {
            Role::King => {
                s += 100 + 60 * (distance(from, corner) - distance(to, corner));
            }
            Role::Pawn => s += 40 + 5 * relative_rank(to, !winner),
            _ => {
                // Out of the way of the winner, near its own king to hem it in.
                s += 10 * (distance(from, loser_king) - distance(to, loser_king));
            }
        }
        if let Some(promoted) = m.promotion_role() {
            s += if promoted == Role::Queen { 50 } else { 80 };
        }
        if let Some(captured) = captured {
            s -= if captured == Role::Pawn { 50 } else { 300 };
        }
    }
    s
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

fn relative_rank(sq: Square, color: Color) -> i32 {
    let r = sq.rank().index() as i32;
    if color == Color::White { r } else { 7 - r }
}

fn nearest_corner(sq: Square) -> Square {
    let file = if sq.file().index() < 4 { 0 } else { 7 };
    let rank = if sq.rank().index() < 4 { 0 } else { 7 };
    Square::from_index(rank * 8 + file)
}
