//! Mating lines for endings of few pieces, built by descent: the mates of
//! the material on the board are listed (the loser's king on an edge, the
//! winner's king two squares away, a piece of the winner giving check, the
//! loser's pieces beside its king as blockers or where they stand, the
//! pawns where they stand), the nearest ones by a measure of moves, and
//! each is walked to by an iterative deepening search whose bound is that
//! measure: each side's pieces need at least their moves on an empty board
//! to stand where the mate has them. Pawns never move in the walk. Every move of the line is legal and the line ends in a
//! checkmate by the winner (any met on the way counts), which the caller
//! replays before it counts.
//!
//! This is what a known winnable ending (`super::verdict`) needs to show
//! its line: in K+B v K+N, K+N v K+N and the like the only mates have the
//! loser's own piece blocking its king in a corner, which a blind helpmate
//! search finds only after 10⁵ positions or more.

use super::super::Budget;
use super::super::helpmate::{Line, MAX_PLY};
use super::super::pattern::{distance, searched_before};
use crate::{Bitboard, Color, Move, MoveKind, Piece, Position, Role, Square, attacks};
use alloc::vec::Vec;
use arrayvec::ArrayVec;

/// The most pieces besides the kings of one side.
const MAX_PIECES: usize = 2;

/// Positions a descent may visit: enough for the endings it is for (a few
/// hundred at most in K+B v K+N and K+N v K+N).
pub(crate) const BUDGET: u64 = 20_000;

/// Mates walked to, nearest first.
const TARGETS: usize = 6;

/// Boards tested for a mate while the targets are listed.
const MAX_TESTS: usize = 4_000;

/// Plies the walk may take beyond the measure's bound.
const SLACK: u32 = 10;

/// A piece of a side: its role and square.
type Pieces = ArrayVec<(Role, Square), MAX_PIECES>;

/// A mating line for `winner` from the ending `pos` (its pawns standing
/// still), or `None`.
pub(crate) fn mate_line(pos: &Position, winner: Color, budget: &mut Budget) -> Option<Line> {
    if pos.castling_rights().any() {
        return None;
    }
    let ours = pieces(pos, winner)?;
    let theirs = pieces(pos, !winner)?;
    if ours.is_empty() {
        return None;
    }
    let targets = targets(pos, winner, &ours, &theirs);
    let mut table = alloc::vec![0u64; 1 << 14];
    for target in &targets {
        let share = budget.left / 2;
        let found = budget.part(share.max(1), |b| walk(pos, winner, target, b, &mut table));
        if found.is_some() {
            return found;
        }
        if budget.is_spent() {
            return None;
        }
    }
    None
}

/// The pieces of `color` besides its king and pawns, or `None` when there
/// are more than [`MAX_PIECES`].
fn pieces(pos: &Position, color: Color) -> Option<Pieces> {
    let mut list = Pieces::new();
    for sq in pos.by_color(color) & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn) {
        list.try_push((pos.role_at(sq)?, sq)).ok()?;
    }
    Some(list)
}

/// A mate to walk to: where each piece of each side stands.
#[derive(Clone)]
struct Target {
    king: [Square; 2],
    pieces: [Pieces; 2],
}

impl Target {
    /// Moves `color`'s men need to stand as the target has them (pieces of
    /// one role matched the cheaper way).
    fn distance(&self, pos: &Position, color: Color) -> u32 {
        let here = pieces(pos, color).unwrap_or_default();
        self.distance_from(pos.king(color), &here, color)
    }

    /// [`Target::distance`] from `color`'s king on `king` and its pieces
    /// `here`.
    fn distance_from(&self, king: Square, here: &Pieces, color: Color) -> u32 {
        let c = color as usize;
        let mut total = Square::king_distance(king, self.king[c]);
        let there = &self.pieces[c];
        match (here.len(), there.len()) {
            (1, 1) if here[0].0 == there[0].0 => {
                total += distance(here[0].0, here[0].1, there[0].1);
            }
            (2, 2) => {
                let d = |i: usize, j: usize| {
                    if here[i].0 == there[j].0 {
                        distance(here[i].0, here[i].1, there[j].1)
                    } else {
                        64
                    }
                };
                total += (d(0, 0) + d(1, 1)).min(d(0, 1) + d(1, 0));
            }
            (0, 0) => {}
            _ => total += 64, // material changed: not this target
        }
        total
    }
}

/// The fewest plies that can reach a target whose winner needs `winner`
/// moves and loser `loser`: the winner makes the last move.
fn plies_needed(winner: u32, loser: u32, winner_to_move: bool) -> u32 {
    if winner_to_move {
        (2 * winner).saturating_sub(1).max(2 * loser + 1)
    } else {
        (2 * winner).max(2 * loser).max(2)
    }
}

fn bound(pos: &Position, winner: Color, target: &Target) -> u32 {
    plies_needed(
        target.distance(pos, winner),
        target.distance(pos, !winner),
        pos.turn() == winner,
    )
}

/// The mates of the material of `pos` with the loser's king on an edge,
/// nearest first: at most [`TARGETS`].
fn targets(pos: &Position, winner: Color, ours: &Pieces, theirs: &Pieces) -> Vec<Target> {
    let loser = !winner;
    let edge = Bitboard::from_rank(crate::Rank::First)
        | Bitboard::from_rank(crate::Rank::Eighth)
        | Bitboard::from_file(crate::File::A)
        | Bitboard::from_file(crate::File::H);
    let pawns = pos.by_role(Role::Pawn);
    let mut candidates = Listing::new();
    for k in edge & !pawns {
        let near = Bitboard::from_iter(
            Square::ALL
                .into_iter()
                .filter(|&s| Square::king_distance(s, k) <= 3),
        );
        for wk in near {
            if Square::king_distance(wk, k) != 2 || pawns.contains(wk) {
                continue;
            }
            // The winner's pieces near the corner or where they stand; the
            // loser's beside its king or where they stand.
            let mut our_options = ArrayVec::<ArrayVec<Square, 64>, MAX_PIECES>::new();
            for &(role, sq) in ours {
                let mut options: ArrayVec<Square, 64> = (near | Bitboard::from_square(sq))
                    .into_iter()
                    .filter(|&s| role != Role::Bishop || s.is_light() == sq.is_light())
                    .collect();
                options.retain(|s| *s != k && *s != wk && !pawns.contains(*s));
                our_options.push(options);
            }
            let mut their_options = ArrayVec::<ArrayVec<Square, 64>, MAX_PIECES>::new();
            for &(role, sq) in theirs {
                let options: ArrayVec<Square, 64> = (attacks::king(k) | Bitboard::from_square(sq))
                    .into_iter()
                    .filter(|&s| role != Role::Bishop || s.is_light() == sq.is_light())
                    .filter(|&s| s != wk && s != k && !pawns.contains(s))
                    .collect();
                their_options.push(options);
            }
            let mut choice = [[Square::A1; MAX_PIECES]; 2];
            place(
                &mut candidates,
                pos,
                winner,
                (k, wk),
                [ours, theirs],
                [&our_options, &their_options],
                &mut choice,
                0,
            );
        }
    }
    let mut found = Vec::new();
    for (tested, target) in candidates.buckets.into_iter().flatten().enumerate() {
        if tested >= MAX_TESTS || found.len() >= TARGETS {
            break;
        }
        if is_mate(pos, loser, &target) {
            found.push(target);
        }
    }
    found
}

/// The targets listed, by their cost: only those that may be among the
/// first [`MAX_TESTS`] in the order of cost (on a tie, the order listed)
/// are kept.
struct Listing {
    /// Per cost below `MAX_PLY / 2`, the targets in the order listed.
    buckets: Vec<Vec<Target>>,
    /// The targets kept of a cost up to `cutoff`.
    kept: usize,
    /// Targets that cost more are never tested: [`MAX_TESTS`] cost less.
    cutoff: usize,
}

impl Listing {
    fn new() -> Listing {
        let costs = MAX_PLY / 2;
        Listing {
            buckets: (0..costs).map(|_| Vec::new()).collect(),
            kept: 0,
            cutoff: costs - 1,
        }
    }

    /// `true` if a target of `cost` would be kept.
    fn wants(&self, cost: u32) -> bool {
        cost as usize <= self.cutoff
    }

    fn push(&mut self, cost: u32, target: Target) {
        let cost = cost as usize;
        if cost > self.cutoff || (cost == self.cutoff && self.kept >= MAX_TESTS) {
            return; // after MAX_TESTS kept ones
        }
        self.buckets[cost].push(target);
        self.kept += 1;
        while self.cutoff > 0 && self.kept - self.buckets[self.cutoff].len() >= MAX_TESTS {
            self.kept -= self.buckets[self.cutoff].len();
            self.buckets[self.cutoff] = Vec::new();
            self.cutoff -= 1;
        }
    }
}

/// Every placement of the pieces from the `index`-th on (the winner's
/// first, then the loser's), each with its cost, into `out`.
#[allow(clippy::too_many_arguments)]
fn place(
    out: &mut Listing,
    pos: &Position,
    winner: Color,
    kings: (Square, Square),
    pieces: [&Pieces; 2],
    options: [&ArrayVec<ArrayVec<Square, 64>, MAX_PIECES>; 2],
    choice: &mut [[Square; MAX_PIECES]; 2],
    index: usize,
) {
    let n_ours = pieces[0].len();
    let total = n_ours + pieces[1].len();
    if index == n_ours && index < total && !may_check(pos, kings, pieces[0], &choice[0]) {
        // The loser's men only block lines: no placement of them makes a
        // check of this one.
        return;
    }
    if index == n_ours && index < total {
        // The winner's moves are known now; the loser's king needs its own
        // at least.
        let mut partial = Target {
            king: [kings.1; 2],
            pieces: [Pieces::new(), Pieces::new()],
        };
        partial.king[!winner as usize] = kings.0;
        for (i, &(role, _)) in pieces[0].iter().enumerate() {
            partial.pieces[winner as usize].push((role, choice[0][i]));
        }
        let least = plies_needed(
            partial.distance_from(pos.king(winner), pieces[0], winner),
            Square::king_distance(pos.king(!winner), kings.0),
            pos.turn() == winner,
        );
        if !out.wants(least) {
            return;
        }
    }
    if index == total {
        let mut target = Target {
            king: [kings.1; 2],
            pieces: [Pieces::new(), Pieces::new()],
        };
        target.king[winner as usize] = kings.1;
        target.king[!winner as usize] = kings.0;
        let mut used = pos.by_role(Role::Pawn).with(kings.0).with(kings.1);
        for side in 0..2 {
            let color = if side == 0 { winner } else { !winner };
            for (i, &(role, _)) in pieces[side].iter().enumerate() {
                let sq = choice[side][i];
                if used.contains(sq) {
                    return;
                }
                used = used.with(sq);
                target.pieces[color as usize].push((role, sq));
            }
        }
        // A mate is a check: some piece of the winner attacks the king.
        let k = kings.0;
        let checks = target.pieces[winner as usize]
            .iter()
            .any(|&(role, sq)| role != Role::King && attacks::reach(role, sq, used).contains(k));
        if !checks {
            return;
        }
        // `bound`, with the pieces of `pos` already listed.
        let cost = plies_needed(
            target.distance_from(pos.king(winner), pieces[0], winner),
            target.distance_from(pos.king(!winner), pieces[1], !winner),
            pos.turn() == winner,
        );
        out.push(cost, target);
        return;
    }
    let (side, i) = if index < n_ours {
        (0, index)
    } else {
        (1, index - n_ours)
    };
    for &sq in &options[side][i] {
        choice[side][i] = sq;
        place(out, pos, winner, kings, pieces, options, choice, index + 1);
    }
}

/// `true` if one of the winner's `ours`, placed on `squares` with the
/// kings on `kings` (the loser's first) and the pawns standing, attacks
/// the loser's king, and no two of them share a square: the loser's men,
/// placed later, can only block such a check, never make one.
fn may_check(
    pos: &Position,
    kings: (Square, Square),
    ours: &Pieces,
    squares: &[Square; MAX_PIECES],
) -> bool {
    let mut used = pos.by_role(Role::Pawn).with(kings.0).with(kings.1);
    for &sq in &squares[..ours.len()] {
        if used.contains(sq) {
            return false;
        }
        used = used.with(sq);
    }
    ours.iter()
        .zip(squares)
        .any(|(&(role, _), &sq)| attacks::reach(role, sq, used).contains(kings.0))
}

/// `true` if the target's board is a legal checkmate of `loser`.
fn is_mate(pos: &Position, loser: Color, target: &Target) -> bool {
    let mut board = Position::empty(pos.castling_mode());
    for sq in pos.by_role(Role::Pawn) {
        if let Some(piece) = pos.piece_at(sq) {
            board.put(sq, piece);
        }
    }
    for color in Color::ALL {
        board.put(
            target.king[color as usize],
            Piece {
                color,
                role: Role::King,
            },
        );
        for &(role, sq) in &target.pieces[color as usize] {
            board.put(sq, Piece { color, role });
        }
    }
    board.turn = loser;
    let winner_king = target.king[!loser as usize];
    board.is_check()
        && !board.is_attacked(winner_king, loser, board.occupied())
        && !board.has_legal_moves()
}

/// An iterative deepening walk from `root` to `target` (or any mate by the
/// winner on the way), or `None`: a limited discrepancy search (the move
/// that brings the mover's men nearest is free, the next ones cost more),
/// deepened two plies at a time up to [`SLACK`] beyond the bound.
fn walk(
    root: &Position,
    winner: Color,
    target: &Target,
    budget: &mut Budget,
    table: &mut [u64],
) -> Option<Line> {
    let least = bound(root, winner, target);
    table.fill(0);
    let mut walk = Walk {
        winner,
        target,
        budget,
        table,
        line: Line::new(),
    };
    // First the few best moves at each ply (a quarter of the budget),
    // then every move within the bound.
    let quarter = walk.budget.left / 4;
    for (discrepancies, share) in [(0, quarter), (2, quarter), (64, u64::MAX)] {
        let mut depth = least.max(1);
        let start = walk.budget.left;
        while depth <= least + SLACK && (depth as usize) < MAX_PLY {
            if walk.dfs(root, depth, discrepancies) {
                return Some(walk.line);
            }
            if walk.budget.is_spent() {
                return None;
            }
            if start - walk.budget.left > share {
                break;
            }
            depth += 2;
        }
    }
    None
}

struct Walk<'a> {
    winner: Color,
    target: &'a Target,
    budget: &'a mut Budget,
    /// Per slot: the key's high bits, the plies and the discrepancies
    /// searched (the low two bytes).
    table: &'a mut [u64],
    line: Line,
}

impl Walk<'_> {
    /// `true` if a mate by the winner is reached within `depth` plies, the
    /// `i`-th best move costing `i` of the `discrepancies`; the line is then
    /// in `self.line`.
    fn dfs(&mut self, pos: &Position, depth: u32, discrepancies: u32) -> bool {
        if depth == 0 || !self.budget.spend() {
            return false;
        }
        if searched_before(self.table, pos.zobrist(), depth, discrepancies) {
            return false; // already searched at least this far: nothing
        }
        let occupied = pos.occupied();
        let pawns = pos.by_role(Role::Pawn);
        let mut children = ArrayVec::<(u32, Move, Position), 128>::new();
        for &m in &pos.legal_moves() {
            if m.kind() != MoveKind::Normal || occupied.contains(m.to()) || pawns.contains(m.from())
            {
                continue; // the material and the pawns stay as the target has them
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            if pos.turn() == self.winner && child.is_check() && !child.has_legal_moves() {
                return self.line.try_push(m).is_ok();
            }
            let need = bound(&child, self.winner, self.target);
            if need < depth {
                let _ = children.try_push((need, m, child));
            }
        }
        // Nearest first; on a tie, the earlier move (a stable order).
        children.sort_by_key(|c| c.0);
        let tried = (discrepancies as usize + 1).min(children.len());
        for (i, (_, m, child)) in children.iter().take(tried).enumerate() {
            if self.line.try_push(*m).is_err() {
                return false;
            }
            if self.dfs(child, depth - 1, discrepancies - i as u32) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn line(fen: &str, winner: Color, nodes: u64) -> Option<Line> {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let mut budget = Budget::new(nodes);
        let line = mate_line(&pos, winner, &mut budget)?;
        assert!(super::super::super::mates(&pos, winner, &line), "{fen}");
        Some(line)
    }

    #[test]
    fn the_listing_keeps_the_first_targets_by_cost_in_the_order_listed() {
        // Each a different target.
        let target = |i: usize| {
            let mut pieces = Pieces::new();
            pieces.push((Role::Knight, Square::ALL[i / 4096]));
            Target {
                king: [Square::ALL[i % 64], Square::ALL[i / 64 % 64]],
                pieces: [pieces, Pieces::new()],
            }
        };
        let mut listing = Listing::new();
        let mut all = Vec::new();
        for i in 0..3 * MAX_TESTS {
            let cost = (i * 7919 % 83) as u32; // some above the limit
            listing.push(cost, target(i));
            if cost < MAX_PLY as u32 / 2 {
                all.push((cost, i));
            }
        }
        all.sort_by_key(|c| c.0);
        let kept: Vec<_> = listing.buckets.into_iter().flatten().collect();
        assert!(kept.len() >= MAX_TESTS && kept.len() < all.len());
        for (t, &(_, i)) in kept.iter().zip(&all).take(MAX_TESTS) {
            assert_eq!(
                (t.king, &t.pieces[0]),
                (target(i).king, &target(i).pieces[0])
            );
        }
    }

    #[test]
    fn a_minor_piece_mates_a_king_its_own_piece_blocks_in_a_corner() {
        for (fen, winner) in [
            ("N7/8/b2k4/8/1K6/8/8/8 b - - 0 148", Color::Black),
            ("8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151", Color::White),
            ("8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151", Color::Black),
            ("8/8/8/8/1k6/8/8/1b2K2N b - - 0 1", Color::Black),
            ("8/8/8/8/1k6/8/8/1b2K2N w - - 0 1", Color::White),
        ] {
            assert!(
                line(fen, winner, 40_000).is_some(),
                "{fen}: no line for {winner:?}"
            );
        }
    }
}
