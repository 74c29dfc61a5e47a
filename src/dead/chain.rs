//! Mating lines that need a plan of several stages, for a winner that can
//! only move pawns: its king walled in, it has no piece, and every pawn of
//! it is blocked by a pawn on its file.
//!
//! Such a winner can mate only after one of its pawns gets round its
//! blocker by taking a man of the loser on the next file, and the loser
//! has a man to give only after it promoted a pawn of its own, which needs
//! a file freed first. The plan, each stage a goal the next builds on:
//!
//! 1. the loser's king takes men until one of its pawns has no pawn ahead
//!    (a raid), the winner meanwhile moving its pawns;
//! 2. that pawn runs and promotes;
//! 3. the new piece goes where a pawn of the winner takes it, and that pawn
//!    has no pawn ahead;
//! 4. that pawn runs and promotes;
//! 5. the mating searches of the ending that is left.
//!
//! The blind searches miss these lines: they are 25 plies and more before
//! the mate, and a winner that can only push pawns runs out of moves (a
//! stalemate) unless its pushes are spent sparingly. Here one search, the
//! most advanced stage first (in a stage where a pawn runs, the most
//! advanced pawn first), otherwise breadth first, moves only the men its
//! stage needs (the loser's king and free pawns, then the running pawn with
//! the king only stepping out of its way, then the new piece, then the
//! winner's free pawn) while the other side plays any move it has, so the
//! shortest lines come first and the winner's pushes last longest. The
//! line found is a heuristic's answer: the caller replays it to mate. The
//! search is bounded by [`BUDGET`] positions: up to some 40 M instructions
//! (about 10 ms) where no plan is found, a few milliseconds where one is.

use super::{Budget, pattern, quick_line};
use crate::{Bitboard, Color, Move, Position, Role, Square};
use alloc::collections::{BTreeSet, BinaryHeap};
use alloc::vec::Vec;
use core::cmp::Reverse;

/// Positions the whole plan may visit, the mates after it included.
pub(super) const BUDGET: u64 = 20_000;

/// Positions the mating searches after the winner's promotion may visit,
/// per position tried.
const FINISH_BUDGET: u64 = 6_000;

/// Positions after the winner's promotion tried before giving up.
const FINISHES: usize = 4;

/// The stages of the plan, in order.
const STAGES: usize = 5;

/// `true` if `winner` can move nothing but pawns and those pawns are all
/// blocked (the plan's shape), and the loser has a pawn to promote: a
/// look at a few squares, for the caller to skip the search otherwise.
pub(super) fn applies(pos: &Position, winner: Color) -> bool {
    let loser = !winner;
    let own = pos.by_color(winner);
    if own != pos.pieces(winner, Role::King) | pos.pieces(winner, Role::Pawn)
        || pos.pieces(loser, Role::Pawn).is_empty()
        || free_pawns(pos, winner) > 0
        || pos.is_check()
    {
        return false;
    }
    let king = pos.king(winner);
    let occupied = pos.occupied().without(king);
    (crate::attacks::king(king) & !own)
        .into_iter()
        .all(|sq| pos.is_attacked(sq, loser, occupied))
}

/// The squares ahead of a pawn of `color` on `sq`, on its file.
fn ahead(sq: Square, color: Color) -> Bitboard {
    let file = Bitboard::from_file(sq.file());
    let i = sq.index();
    let beyond = if color == Color::White {
        if i >= 63 { 0 } else { !0u64 << (i + 1) }
    } else {
        (1u64 << i) - 1
    };
    file & Bitboard(beyond)
}

/// The pawns of `color` with no pawn ahead on their file.
fn free(pos: &Position, color: Color) -> Bitboard {
    let pawns = pos.by_role(Role::Pawn);
    pos.pieces(color, Role::Pawn)
        .into_iter()
        .filter(|&sq| (ahead(sq, color) & pawns).is_empty())
        .collect()
}

fn free_pawns(pos: &Position, color: Color) -> u32 {
    free(pos, color).len()
}

/// The pieces of `color` other than king and pawns.
fn pieces(pos: &Position, color: Color) -> u32 {
    (pos.by_color(color) & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn)).len()
}

/// What the root had, to tell how far a position is along the plan.
struct Start {
    winner: Color,
    pieces: [u32; 2],
    free: [u32; 2],
}

impl Start {
    fn of(pos: &Position, winner: Color) -> Start {
        let by = |f: fn(&Position, Color) -> u32| [f(pos, Color::White), f(pos, Color::Black)];
        Start {
            winner,
            pieces: by(pieces),
            free: by(free_pawns),
        }
    }

    /// The stage `pos` is in: 0 before the loser freed a pawn, 1 after, 2
    /// once the loser promoted, 3 once a pawn of the winner is free, 4 once
    /// the winner promoted.
    fn stage(&self, pos: &Position) -> usize {
        let (w, l) = (self.winner, !self.winner);
        if pieces(pos, w) > self.pieces[w as usize] {
            4
        } else if free_pawns(pos, w) > self.free[w as usize] {
            3
        } else if pieces(pos, l) > self.pieces[l as usize] {
            2
        } else if free_pawns(pos, l) > self.free[l as usize] {
            1
        } else {
            0
        }
    }

    /// How far the pawn that runs in `stage` is: its rank seen from its
    /// side, the most advanced one's (0 in the other stages).
    fn progress(&self, pos: &Position, stage: usize) -> u32 {
        let runner = match stage {
            9 => !self.winner,
            3 => self.winner,
            _ => return 0,
        };
        free(pos, runner)
            .into_iter()
            .map(|sq| sq.rank().relative_to(runner).index())
            .max()
            .unwrap_or(0)
    }

    /// The squares whose men move in `stage` from `pos`: the side that
    /// works in a stage moves only the men of the plan, the other side
    /// anything.
    fn movers(&self, pos: &Position, stage: usize) -> Bitboard {
        let us = pos.turn();
        let mine = pos.by_color(us);
        if us == self.winner {
            // The winner's free pawn runs alone; before, any push helps.
            if stage == 3 { free(pos, us) } else { mine }
        } else {
            match stage {
                0 => pos.pieces(us, Role::King) | free(pos, us),
                1 => {
                    // The pawns run; the king only steps out of their way.
                    let runners = free(pos, us);
                    let king = pos.king(us);
                    if runners.into_iter().any(|sq| ahead(sq, us).contains(king)) {
                        runners.with(king)
                    } else {
                        runners
                    }
                }
                2 => mine & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn),
                _ => mine,
            }
        }
    }
}

struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
}

/// A mating line for `winner` along the plan of the module, or `None`.
/// Call only where [`applies`].
pub(super) fn mate_line(root: &Position, winner: Color, budget: &mut Budget) -> Option<Vec<Move>> {
    let start = Start::of(root, winner);
    let mut nodes = Vec::with_capacity(1024);
    let mut seen = BTreeSet::new();
    // The most advanced stage first, in it the most advanced pawn, then
    // the shortest line.
    let mut queue = BinaryHeap::new();
    nodes.push(Node {
        pos: root.clone(),
        parent: u32::MAX,
        mv: Move::from_bits(0),
    });
    seen.insert(key(root));
    let first = start.stage(root);
    queue.push((first, start.progress(root, first), Reverse(0u32)));
    let mut finishes = 0;
    while let Some((stage, _, Reverse(index))) = queue.pop() {
        let index = index as usize;
        if stage == STAGES - 1 {
            let pos = nodes[index].pos.clone();
            if let Some(rest) = budget.part(FINISH_BUDGET, |b| finish(&pos, winner, b)) {
                let mut line = path(&nodes, index);
                line.extend_from_slice(&rest);
                return Some(line);
            }
            finishes += 1;
            if finishes == FINISHES {
                return None;
            }
            continue;
        }
        let pos = nodes[index].pos.clone();
        let movers = start.movers(&pos, stage);
        for m in pos.legal_moves() {
            if !movers.contains(m.from()) {
                continue;
            }
            if !budget.spend() {
                return None;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if !child.has_legal_moves() {
                if child.is_check() && child.turn() != winner {
                    let mut line = path(&nodes, index);
                    line.push(m);
                    return Some(line);
                }
                continue;
            }
            let next = start.stage(&child);
            if next < stage || !seen.insert(key(&child)) {
                continue;
            }
            let progress = start.progress(&child, next);
            queue.push((next, progress, Reverse(nodes.len() as u32)));
            nodes.push(Node {
                pos: child,
                parent: index as u32,
                mv: m,
            });
        }
    }
    None
}

/// A position's key for the search: clocks ignored.
fn key(pos: &Position) -> u64 {
    pos.zobrist()
}

/// The moves from the root to node `index`.
fn path(nodes: &[Node], index: usize) -> Vec<Move> {
    super::reach::line_to(nodes, index, |node| (node.parent, node.mv))
}

/// The mate after the winner's promotion: the quick look, a narrow
/// helpmate search, then the mating pattern.
fn finish(pos: &Position, winner: Color, budget: &mut Budget) -> Option<Vec<Move>> {
    let quick = super::QUICK_BUDGET;
    if let Some(line) = budget.part(quick, |b| quick_line(pos, winner, b)) {
        return Some(line.to_vec());
    }
    if let Some(super::Verdict::Winnable(line)) = super::narrow(pos, winner, budget, 1_000) {
        return Some(line);
    }
    pattern::search(pos, winner, budget).map(|line| line.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a legal test position")
    }

    #[test]
    fn a_walled_in_king_mates_after_a_raid_two_promotions_and_a_sacrifice() {
        // Black's king is walled in by b6 and b7, White's bishop by its
        // own pawns: White's king takes a black pawn, its pawn runs and
        // promotes, the new piece is taken by a black pawn that runs to a
        // queen, and the queen mates.
        let root = pos("1k6/1P1p1p1p/BP5p/1P6/8/8/3P1PKP/8 w - - 0 1");
        assert!(applies(&root, Color::Black));
        let mut budget = Budget::new(BUDGET);
        let line = mate_line(&root, Color::Black, &mut budget).expect("a plan that mates");
        assert!(super::super::mates(&root, Color::Black, &line));
    }

    #[test]
    fn no_plan_without_the_pushes_that_keep_the_winner_from_stalemate() {
        // One black pawn only: it runs out of moves before anything of
        // White's can be taken, and a stalemate ends the game.
        let root = pos("1k6/1P1p4/BP6/1P6/8/8/3P2K1/8 w - - 0 1");
        assert!(applies(&root, Color::Black));
        let mut budget = Budget::new(BUDGET);
        assert_eq!(mate_line(&root, Color::Black, &mut budget), None);
    }

    #[test]
    fn a_winner_with_a_free_king_or_a_free_pawn_is_not_this_plan() {
        // Free king.
        assert!(!applies(
            &pos("8/1P1p1p1p/BP3k1p/1P6/8/8/3P1PKP/8 w - - 0 1"),
            Color::Black
        ));
        // A free pawn on the a-file.
        assert!(!applies(
            &pos("1k6/pP1p1p1p/1P5p/1P6/8/8/3P1PKP/8 w - - 0 1"),
            Color::Black
        ));
    }
}
