//! An exhaustive search of every position reachable from a start: if none
//! is a checkmate delivered by `winner`, `winner` can never mate.
//!
//! Positions are told apart by their pieces, side to move, castling rights
//! and en passant square, never by their clocks: the Laws' "any series of
//! legal moves" ignores the 50- and 75-move rules and repetitions. Branches
//! that reach a position where `winner` can provably never mate (the
//! material rule, or a locked pawn structure) are not followed further.

use super::{Budget, frozen};
use crate::{Color, Move, Position};
use alloc::vec;
use alloc::vec::Vec;

/// What the exhaustive search found.
pub(super) enum Reach {
    /// A checkmate by the winner, and the moves that lead to it.
    Mate(Vec<Move>),
    /// Every reachable position was visited: none is a checkmate by the winner.
    Exhausted,
    /// The budget ran out first.
    GaveUp,
}

struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
    /// A position the winner provably cannot mate from: never expanded.
    leaf: bool,
}

/// An open-addressing set of node indices, compared by the full position.
struct Seen {
    slots: Vec<u32>,
    len: usize,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            slots: vec![0; 1 << 12],
            len: 0,
        }
    }

    /// Inserts node `index` unless an equal position is already in; `true`
    /// if it was new.
    fn insert(&mut self, nodes: &[Node], index: usize) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow(nodes);
        }
        let pos = &nodes[index].pos;
        let mask = self.slots.len() - 1;
        let mut i = (pos.zobrist() as usize) & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = index as u32 + 1;
                    self.len += 1;
                    return true;
                }
                n if same(&nodes[n as usize - 1].pos, pos) => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self, nodes: &[Node]) {
        let bigger = vec![0; self.slots.len() * 2];
        let old = core::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for n in old.into_iter().filter(|&n| n != 0) {
            let mut i = (nodes[n as usize - 1].pos.zobrist() as usize) & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = n;
        }
    }
}

/// The same position for the search: clocks ignored.
pub(super) fn same(a: &Position, b: &Position) -> bool {
    a.by_role == b.by_role
        && a.by_color == b.by_color
        && a.turn == b.turn
        && a.castling == b.castling
        && a.ep == b.ep
}

/// Visits every position reachable from `root`, breadth first, until a mate
/// by `winner` turns up, everything is visited, the budget is spent or more
/// than `limit` positions are stored.
pub(super) fn explore(root: &Position, winner: Color, budget: &mut Budget, limit: usize) -> Reach {
    let mut nodes = Vec::with_capacity(1024);
    nodes.push(Node {
        pos: root.clone(),
        parent: u32::MAX,
        mv: Move::from_bits(0),
        leaf: false,
    });
    let mut seen = Seen::new();
    seen.insert(&nodes, 0);
    let mut head = 0;
    while head < nodes.len() {
        if !budget.spend() || nodes.len() > limit {
            return Reach::GaveUp;
        }
        let pos = nodes[head].pos.clone();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if pos.turn() != winner && pos.is_check() {
                return Reach::Mate(line(&nodes, head));
            }
            head += 1;
            continue;
        }
        for &m in &moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let structural = child.halfmove_clock() == 0 || child.castling != pos.castling;
            nodes.push(Node {
                pos: child,
                parent: head as u32,
                mv: m,
                leaf: false,
            });
            let index = nodes.len() - 1;
            if !seen.insert(&nodes, index) {
                nodes.pop();
                continue;
            }
            if structural {
                let child = &nodes[index].pos;
                // Stays in the set (so it is not judged again) but is never
                // expanded when the winner cannot mate from it.
                nodes[index].leaf =
                    child.has_insufficient_material(winner) || frozen::cannot_mate(child, winner);
            }
        }
        head += 1;
        while head < nodes.len() && nodes[head].leaf {
            head += 1;
        }
    }
    Reach::Exhausted
}

/// The moves from the root to node `index`.
fn line(nodes: &[Node], index: usize) -> Vec<Move> {
    line_to(nodes, index, |node| (node.parent, node.mv))
}

/// The moves from the root to node `index` of a search tree kept in one
/// vector, given each node's `link`: its parent's index (`u32::MAX` at the
/// root) and the move that led to it.
pub(super) fn line_to<N>(
    nodes: &[N],
    mut index: usize,
    link: impl Fn(&N) -> (u32, Move),
) -> Vec<Move> {
    let mut moves = Vec::new();
    loop {
        let (parent, mv) = link(&nodes[index]);
        if parent == u32::MAX {
            break;
        }
        moves.push(mv);
        index = parent as usize;
    }
    moves.reverse();
    moves
}
