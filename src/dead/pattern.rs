//! A mating pattern built, then reached: the proof of life for endings of
//! few pieces in which a mate exists only with the defender's own pieces as
//! blockers (K+N v K+N, K+B v K+N, K+2N v K, ...). A blind helpmate search
//! finds those lines after 10⁴–10⁵ positions; building the mate first and
//! walking the pieces to it takes a few hundred.
//!
//! 1. Build: the loser's king in a corner, the winner's king two squares
//!    from it, one of the winner's pieces giving check; each flight square
//!    left is covered by another of the winner's pieces or blocked by one of
//!    the loser's. Pawns and the pieces not needed stay where they stand.
//!    Every pattern kept is a checkmate (tested on the board).
//! 2. Reach: an iterative deepening search from the position to the
//!    pattern, each piece walking to its square; the distance of every
//!    piece to its square (its moves on an empty board) bounds the plies
//!    left, so only lines of near-least length are looked at. Any mate by
//!    the winner met on the way ends the line too.
//!
//! The line is a heuristic's answer: the caller replays it to mate before
//! it counts as evidence.

use super::Budget;
use super::helpmate::{Line, MAX_PLY};
use crate::{Bitboard, Color, Move, MoveKind, Piece, Position, Role, Square, attacks};
use arrayvec::ArrayVec;

/// The most non-pawn pieces besides the kings a pattern is built for: the
/// small endings where it pays.
const MAX_PIECES: u32 = 5;

/// Patterns tried per corner, and the corners tried.
const PATTERNS_PER_CORNER: usize = 3;
const CORNERS: usize = 4;

/// Boards tested for a mate while building the patterns of one corner.
const MAX_TESTS: u32 = 400;

/// Positions one walk to a pattern may visit.
const WALK_BUDGET: u64 = 1_500;

/// Positions one walk may visit when the winner's king is walled off from
/// the corner and stays where it stands.
const WALLED_WALK_BUDGET: u64 = 6_000;

/// How far from its square a piece is, in plies, beyond anything real.
const FAR: u32 = 64;

/// Moves a knight needs between two squares of an empty board.
static KNIGHT_DISTANCE: [[u8; 64]; 64] = knight_distances();

const fn knight_distances() -> [[u8; 64]; 64] {
    const STEPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    let mut table = [[u8::MAX; 64]; 64];
    let mut from = 0;
    while from < 64 {
        table[from][from] = 0;
        let mut d = 0;
        let mut grew = true;
        while grew {
            grew = false;
            let mut sq = 0;
            while sq < 64 {
                if table[from][sq] == d {
                    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
                    let mut k = 0;
                    while k < 8 {
                        let (f, r) = (file + STEPS[k].0, rank + STEPS[k].1);
                        if f >= 0 && f < 8 && r >= 0 && r < 8 {
                            let next = (r * 8 + f) as usize;
                            if table[from][next] == u8::MAX {
                                table[from][next] = d + 1;
                                grew = true;
                            }
                        }
                        k += 1;
                    }
                }
                sq += 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
}

/// The moves a piece of `role` needs from `a` to `b` on an empty board: a
/// lower bound on any board.
pub(super) fn distance(role: Role, a: Square, b: Square) -> u32 {
    if a == b {
        return 0;
    }
    match role {
        Role::King => Square::king_distance(a, b),
        Role::Knight => u32::from(KNIGHT_DISTANCE[a.index() as usize][b.index() as usize]),
        Role::Bishop if a.is_light() != b.is_light() => FAR,
        Role::Bishop if attacks::bishop(a, Bitboard::EMPTY).contains(b) => 1,
        Role::Rook if attacks::rook(a, Bitboard::EMPTY).contains(b) => 1,
        Role::Queen if attacks::queen(a, Bitboard::EMPTY).contains(b) => 1,
        Role::Bishop | Role::Rook | Role::Queen => 2,
        Role::Pawn => FAR,
    }
}

/// Per square: the moves a piece of `role` needs from there to `target`
/// with the `pawns` standing (they never move in a walk), other pieces
/// left out: a bound that the pawns make tighter than [`distance`] on an
/// empty board ([`FAR`] where no way leads).
fn distances(role: Role, target: Square, pawns: Bitboard) -> [u8; 64] {
    let mut table = [FAR as u8; 64];
    if role == Role::Pawn {
        for sq in Square::ALL {
            table[sq.index() as usize] = distance(role, sq, target) as u8;
        }
        return table;
    }
    table[target.index() as usize] = 0;
    let mut reached = Bitboard::from_square(target);
    let mut frontier = reached;
    let mut step = 0;
    while frontier.any() {
        step += 1;
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::reach(role, sq, pawns);
        }
        frontier = next & !pawns & !reached;
        for sq in frontier {
            table[sq.index() as usize] = step;
        }
        reached |= frontier;
    }
    table
}

/// The least total distance that brings the pieces on `from` to the
/// squares `to` (as many of each), one piece a square.
fn group_distance(role: Role, from: Bitboard, to: Bitboard) -> u32 {
    let moved = from & !to;
    let free = to & !from;
    match (moved.single_square(), free.single_square()) {
        _ if moved.is_empty() => 0,
        (Some(a), Some(b)) => distance(role, a, b),
        _ => {
            let (mut a, mut b) = (moved.into_iter(), free.into_iter());
            match (a.next(), a.next(), b.next(), b.next()) {
                (Some(a1), Some(a2), Some(b1), Some(b2)) if moved.len() == 2 => {
                    let straight = distance(role, a1, b1) + distance(role, a2, b2);
                    let crossed = distance(role, a1, b2) + distance(role, a2, b1);
                    straight.min(crossed)
                }
                // More than two: each to its nearest free square, a bound.
                _ => moved
                    .into_iter()
                    .map(|a| {
                        free.into_iter()
                            .map(|b| distance(role, a, b))
                            .min()
                            .unwrap_or(FAR)
                    })
                    .sum(),
            }
        }
    }
}

/// A mate to reach: where every piece of each colour and role stands.
#[derive(Copy, Clone)]
struct Pattern {
    squares: [[Bitboard; 6]; 2],
    /// By colour and role: the moves from every square to the first and
    /// the last of the role's squares in the pattern (the walk looks its
    /// distances up).
    near: [[[[u8; 64]; 2]; 6]; 2],
}

impl Pattern {
    /// The pattern of the pieces on `board`.
    fn of(board: &Position) -> Pattern {
        let mut pattern = Pattern {
            squares: [[Bitboard::EMPTY; 6]; 2],
            near: [[[[0; 64]; 2]; 6]; 2],
        };
        for color in Color::ALL {
            for role in Role::ALL {
                let squares = board.pieces(color, role);
                pattern.squares[color as usize][role as usize] = squares;
                let near = &mut pattern.near[color as usize][role as usize];
                for (k, target) in [squares.first(), squares.last()].into_iter().enumerate() {
                    if let Some(target) = target {
                        near[k] = distances(role, target, board.by_role(Role::Pawn));
                    }
                }
            }
        }
        pattern
    }

    /// Moves the pieces of `color` and `role` on `from` need to stand on
    /// the pattern's squares of the role.
    #[inline(always)]
    fn group(&self, color: Color, role: Role, from: Bitboard) -> u32 {
        let to = self.squares[color as usize][role as usize];
        let near = &self.near[color as usize][role as usize];
        let at = |k: usize, sq: Square| u32::from(near[k][sq.index() as usize]);
        match (from.first(), from.last(), from.len(), to.len()) {
            (None, _, _, _) => 0,
            (Some(a), _, 1, 1) => at(0, a),
            (Some(a), Some(b), 2, 2) => (at(0, a) + at(1, b)).min(at(0, b) + at(1, a)),
            _ => group_distance(role, from, to),
        }
    }

    /// Moves `color`'s pieces need to stand as the pattern says.
    fn distance(&self, pos: &Position, color: Color) -> u32 {
        [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .into_iter()
        .map(|role| self.group(color, role, pos.pieces(color, role)))
        .sum()
    }
}

/// The fewest plies that can reach the pattern from a position whose
/// winner needs `winner` moves and loser `loser`: the winner makes the
/// last move.
fn plies_needed(winner: u32, loser: u32, winner_to_move: bool) -> u32 {
    if winner_to_move {
        (2 * winner).saturating_sub(1).max(2 * loser + 1)
    } else {
        (2 * winner).max(2 * loser).max(2)
    }
}

/// A mating line for `winner` found by building a mate near a corner and
/// walking the pieces to it, or `None`. Only for endings of at most
/// [`MAX_PIECES`] pieces besides kings and pawns, where the winner has a
/// piece to give check with.
pub(super) fn search(root: &Position, winner: Color, budget: &mut Budget) -> Option<Line> {
    // Forced moves first (a king that must take the checking queen): the
    // pattern is built for the position they lead to.
    let mut forced = Line::new();
    let mut pos = root.clone();
    loop {
        let moves = pos.legal_moves();
        if moves.len() != 1 || forced.len() >= 8 {
            break;
        }
        pos.play_unchecked(moves[0]);
        forced.push(moves[0]);
    }
    let pieces = pos.occupied() & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
    if pieces.len() > MAX_PIECES || (pieces & pos.by_color(winner)).is_empty() {
        return None;
    }
    let corners = super::helpmate::target_corners(&pos, winner);
    let mut table = [0u64; 1 << 11];
    for &corner in corners.iter().take(CORNERS) {
        let mut patterns = ArrayVec::<(u32, Pattern), PATTERNS_PER_CORNER>::new();
        build(&pos, winner, corner, &mut patterns);
        patterns.sort_unstable_by_key(|p| p.0);
        // A king walled off from the corner stays where it stands: the
        // loser's men have the longer walks, looked at more widely.
        let walk_budget = if king_gets_near(&pos, winner, corner) {
            WALK_BUDGET
        } else {
            WALLED_WALK_BUDGET
        };
        for &(_, pattern) in &patterns {
            let found = budget.part(walk_budget, |b| walk(&pos, winner, &pattern, b, &mut table));
            if let Some(line) = found {
                let mut whole = forced.clone();
                return whole.try_extend_from_slice(&line).is_ok().then_some(whole);
            }
            if budget.is_spent() {
                return None;
            }
        }
    }
    None
}

/// The pieces of one colour that a pattern places, besides the king.
type Pieces = ArrayVec<(Role, Square), { MAX_PIECES as usize }>;

fn pieces_of(pos: &Position, color: Color) -> Pieces {
    let mut pieces = Pieces::new();
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(color, role) {
            let _ = pieces.try_push((role, sq));
        }
    }
    pieces
}

/// A board being filled with a pattern.
struct Builder<'a> {
    pos: &'a Position,
    winner: Color,
    corner: Square,
    board: Position,
    /// The pieces still to place: the winner's first, then the loser's.
    rest: ArrayVec<(Color, Role, Square), { 2 * MAX_PIECES as usize }>,
    tests: u32,
    found: &'a mut ArrayVec<(u32, Pattern), PATTERNS_PER_CORNER>,
}

/// Fills `found` with mates of the loser's king on `corner`.
fn build(
    pos: &Position,
    winner: Color,
    corner: Square,
    found: &mut ArrayVec<(u32, Pattern), PATTERNS_PER_CORNER>,
) {
    let loser = !winner;
    let pawns = pos.by_role(Role::Pawn);
    if pawns.contains(corner) {
        return;
    }
    let mut board = Position::empty(pos.castling_mode());
    for sq in pawns {
        if let Some(piece) = pos.piece_at(sq) {
            board.put(sq, piece);
        }
    }
    board.put(
        corner,
        Piece {
            color: loser,
            role: Role::King,
        },
    );
    board.turn = loser;
    let ours = pieces_of(pos, winner);
    let mut b = Builder {
        pos,
        winner,
        corner,
        board,
        rest: ArrayVec::new(),
        tests: 0,
        found,
    };
    // The winner's king two squares away, nearest to where it stands
    // first; or, when it can never get there, where it stands: its pieces
    // then mate alone, the loser's own men boxing its king in.
    let home = pos.king(winner);
    let mut kings: ArrayVec<Square, 17> = Square::ALL
        .into_iter()
        .filter(|&sq| Square::king_distance(sq, corner) == 2 && !pawns.contains(sq))
        .collect();
    if Square::king_distance(home, corner) > 2 && !king_gets_near(pos, winner, corner) {
        kings.push(home);
    }
    kings.sort_unstable_by_key(|&sq| Square::king_distance(sq, pos.king(winner)));
    for king in kings {
        let mut seen_roles = 0u8;
        for (i, &(role, from)) in ours.iter().enumerate() {
            if seen_roles & (1 << role as u8) != 0 {
                continue; // a second piece of the role gives the same patterns
            }
            seen_roles |= 1 << role as u8;
            let blockers = b.board.occupied().with(king);
            let checks = attacks::reach(role, corner, blockers) & !blockers & near(corner, 3);
            for check in checks {
                if role == Role::Bishop && check.is_light() != from.is_light() {
                    continue;
                }
                b.rest.clear();
                for (j, &(r, sq)) in ours.iter().enumerate() {
                    if j != i {
                        b.rest.push((winner, r, sq));
                    }
                }
                for (r, sq) in pieces_of(pos, loser) {
                    b.rest.push((loser, r, sq));
                }
                let mut board = b.board.clone();
                board.put(
                    king,
                    Piece {
                        color: winner,
                        role: Role::King,
                    },
                );
                board.put(
                    check,
                    Piece {
                        color: winner,
                        role,
                    },
                );
                if b.fill(&board, 0) || b.tests > MAX_TESTS {
                    return;
                }
            }
        }
    }
}

/// `true` if `winner`'s king may walk to within two steps of `corner`:
/// over squares no pawn stands on or the loser's pawns attack now (a
/// rough look, with the pawns standing where they are), or when it can
/// step nowhere now (it then stays where it stands).
fn king_gets_near(pos: &Position, winner: Color, corner: Square) -> bool {
    let home = pos.king(winner);
    let without = pos.occupied().without(home);
    let stuck = (attacks::king(home) & !pos.by_color(winner))
        .into_iter()
        .all(|sq| pos.is_attacked(sq, !winner, without));
    if stuck {
        return false;
    }
    let mut barred = pos.by_role(Role::Pawn);
    for sq in pos.pieces(!winner, Role::Pawn) {
        barred |= attacks::pawn(!winner, sq);
    }
    let goal = near(corner, 2);
    let mut reached = Bitboard::from_square(home);
    let mut frontier = reached;
    while frontier.any() {
        if (reached & goal).any() {
            return true;
        }
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::king(sq);
        }
        frontier = next & !barred & !reached;
        reached |= frontier;
    }
    (reached & goal).any()
}

/// The squares within `d` king steps of `sq`.
fn near(sq: Square, d: u32) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&s| Square::king_distance(s, sq) <= d)
        .collect()
}

impl Builder<'_> {
    /// Places the pieces from `rest[index]` on, trying for each its own
    /// square or one that covers (winner) or blocks (loser) a flight square;
    /// `true` when enough patterns are found or the tests are spent.
    fn fill(&mut self, board: &Position, index: usize) -> bool {
        if self.tests > MAX_TESTS {
            return true;
        }
        let Some(&(color, role, from)) = self.rest.get(index) else {
            return self.test(board);
        };
        let occupied = board.occupied();
        let flights = attacks::king(self.corner) & !occupied;
        let mut options = ArrayVec::<Square, 12>::new();
        if color == self.winner {
            if !occupied.contains(from) {
                options.push(from);
            }
            for sq in near(self.corner, 3) & !occupied & !Bitboard::from_square(from) {
                let colour_ok = role != Role::Bishop || sq.is_light() == from.is_light();
                if colour_ok && (attacks::reach(role, sq, occupied) & flights).any() {
                    let _ = options.try_push(sq);
                }
            }
        } else {
            for sq in flights {
                if role != Role::Bishop || sq.is_light() == from.is_light() {
                    options.push(sq);
                }
            }
            if !occupied.contains(from) {
                options.push(from);
            }
        }
        for sq in options {
            let mut next = board.clone();
            next.put(sq, Piece { color, role });
            if self.fill(&next, index + 1) {
                return true;
            }
        }
        false
    }

    /// Keeps `board` if it is a checkmate of the loser, the winner's king
    /// not attacked; `true` when enough patterns are found.
    fn test(&mut self, board: &Position) -> bool {
        self.tests += 1;
        let occupied = board.occupied();
        let mates = board.is_check()
            && !board.is_attacked(board.king(self.winner), !self.winner, occupied)
            && !board.has_legal_moves();
        if mates {
            let pattern = Pattern::of(board);
            if self.found.iter().any(|f| f.1.squares == pattern.squares) {
                return false; // the same mate, built another way
            }
            let cost =
                pattern.distance(self.pos, Color::White) + pattern.distance(self.pos, Color::Black);
            if cost >= FAR {
                return false; // a piece that can never get there past the pawns
            }
            if self.found.try_push((cost, pattern)).is_err() {
                return true;
            }
        }
        false
    }
}

/// The walk from `root` to `pattern`: a limited discrepancy search (the
/// move that brings the mover's pieces nearest is free, the i-th costs i)
/// within the plies the pieces' distances leave, deepened two plies at a
/// time; last, every move within those plies.
fn walk(
    root: &Position,
    winner: Color,
    pattern: &Pattern,
    budget: &mut Budget,
    table: &mut [u64],
) -> Option<Line> {
    let least = plies_needed(
        pattern.distance(root, winner),
        pattern.distance(root, !winner),
        root.turn() == winner,
    );
    if least > 60 {
        return None;
    }
    table.fill(0);
    let mut walk = Walk {
        winner,
        pattern,
        budget,
        table,
        line: Line::new(),
    };
    for discrepancies in [0, 1, 2, 3, 64] {
        for slack in [0, 2, 4, 6] {
            let depth = least + slack;
            if (depth as usize) >= MAX_PLY {
                break;
            }
            if walk.dfs(root, depth, discrepancies) {
                return Some(walk.line);
            }
            if walk.budget.is_spent() {
                return None;
            }
        }
    }
    None
}

/// `true` if `table` shows the position of `key` searched already with at
/// least `depth` plies and `discrepancies`; otherwise records this search
/// and returns `false`. A slot holds the key's high bits, the depth and the
/// discrepancies (the low two bytes); `table` is a power of two long.
pub(super) fn searched_before(table: &mut [u64], key: u64, depth: u32, discrepancies: u32) -> bool {
    let slot = (key >> 40) as usize & (table.len() - 1);
    let entry = table[slot];
    if entry & !0xffff == key & !0xffff
        && (entry >> 8) & 0xff >= u64::from(depth)
        && entry & 0xff >= u64::from(discrepancies)
    {
        return true;
    }
    table[slot] =
        (key & !0xffff) | u64::from(depth.min(255)) << 8 | u64::from(discrepancies.min(255));
    false
}

struct Walk<'a> {
    winner: Color,
    pattern: &'a Pattern,
    budget: &'a mut Budget,
    /// Per slot: the key's high bits, the depth and the discrepancies
    /// searched (low two bytes).
    table: &'a mut [u64],
    line: Line,
}

impl Walk<'_> {
    /// `true` if a mate by the winner is reached within `depth` plies;
    /// the line is then in `self.line`.
    fn dfs(&mut self, pos: &Position, depth: u32, discrepancies: u32) -> bool {
        if !self.budget.spend() || depth == 0 {
            return false;
        }
        if searched_before(self.table, pos.zobrist(), depth, discrepancies) {
            return false; // already searched at least this far: nothing
        }
        let mover = pos.turn();
        let winner_moves = mover == self.winner;
        let own = self.pattern.distance(pos, mover);
        let other = self.pattern.distance(pos, !mover);
        let occupied = pos.occupied();
        let king = pos.king(!mover);
        let moves = pos.legal_moves();
        let mut children = ArrayVec::<(u32, Move), 64>::new();
        // The mover's distance of each role as it stands, looked up once.
        let mut standing = [u32::MAX; 6];
        for &m in &moves {
            let (from, to) = (m.from(), m.to());
            if winner_moves && super::helpmate::may_check(pos, m, king) {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if super::helpmate::is_mated(&child) {
                    return self.line.try_push(m).is_ok();
                }
            }
            let Some(role) = pos.role_at(from) else {
                continue;
            };
            if depth == 1
                || m.kind() != MoveKind::Normal
                || m.promotion_role().is_some()
                || role == Role::Pawn
                || occupied.contains(to)
            {
                continue; // pawns, castling and material stay as the pattern has them
            }
            let group = pos.pieces(mover, role);
            let before = &mut standing[role as usize];
            if *before == u32::MAX {
                *before = self.pattern.group(mover, role, group);
            }
            let after = own - *before
                + self
                    .pattern
                    .group(mover, role, group.without(from).with(to));
            let (w, l) = if winner_moves {
                (after, other)
            } else {
                (other, after)
            };
            if plies_needed(w, l, !winner_moves) < depth {
                let _ = children.try_push((after, m));
            }
        }
        // Nearest first; on a tie, the earlier move (a stable order). Only
        // the first `tried` are ever looked at: with few discrepancies
        // left they are picked out one at a time, not the whole list sorted.
        let tried = (discrepancies as usize + 1).min(children.len());
        if 2 * tried >= children.len() {
            children.sort_by_key(|c| c.0);
        }
        for i in 0..tried {
            if 2 * tried < children.len() {
                pick_nearest(&mut children[i..]);
            }
            let m = children[i].1;
            let mut child = pos.clone();
            child.play_unchecked(m);
            if self.line.try_push(m).is_err() {
                return false;
            }
            if self.dfs(&child, depth - 1, discrepancies - i as u32) {
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

/// Moves the nearest child (the earliest of the nearest) to the front of
/// `children`, the others keeping their order: the first step of a stable
/// sort by distance.
fn pick_nearest(children: &mut [(u32, Move)]) {
    let mut best = 0;
    for (i, c) in children.iter().enumerate().skip(1) {
        if c.0 < children[best].0 {
            best = i;
        }
    }
    children[..=best].rotate_right(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_distances_are_those_of_the_board() {
        let d = |a: Square, b: Square| distance(Role::Knight, a, b);
        assert_eq!(d(Square::A1, Square::A1), 0);
        assert_eq!(d(Square::A1, Square::B3), 1);
        assert_eq!(d(Square::A1, Square::B2), 4);
        assert_eq!(d(Square::A1, Square::H8), 6);
        assert_eq!(d(Square::E4, Square::E5), 3);
    }

    #[test]
    fn a_mate_with_the_defenders_knight_as_blocker_is_built_and_reached() {
        for fen in [
            "8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151",
            "8/8/7n/3K1N2/8/3k4/8/8 b - - 0 129",
            "8/8/2K5/4kn2/8/8/6N1/8 w - - 35 132",
            "8/8/8/2k3K1/8/4N3/8/6n1 b - - 0 112",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for winner in [Color::White, Color::Black] {
                let mut budget = Budget::new(20_000);
                let line = search(&pos, winner, &mut budget)
                    .unwrap_or_else(|| panic!("{fen}: no line for {winner:?}"));
                assert!(super::super::mates(&pos, winner, &line), "{fen}");
            }
        }
    }

    #[test]
    fn a_king_walled_off_by_pawns_mates_where_it_stands() {
        // White's king cannot pass the pawns to the corner: its bishop
        // mates alone, the black king boxed in by its own bishops on a7
        // and b8; the pattern weighs each piece's walk round the pawns.
        for fen in [
            "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 1",
            "8/1k4bB/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let mut budget = Budget::new(super::super::PATTERN_BUDGET);
            let line = search(&pos, Color::White, &mut budget).expect("a line");
            assert!(super::super::mates(&pos, Color::White, &line), "{fen}");
        }
    }

    #[test]
    fn the_nearest_children_are_picked_in_the_order_of_a_stable_sort() {
        let m = |i: u32| Move::new(Square::new(i).unwrap(), Square::new(i + 1).unwrap());
        let keys = [5, 3, 7, 3, 1, 5, 1, 9, 3];
        let children: ArrayVec<(u32, Move), 64> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, m(i as u32)))
            .collect();
        let mut sorted = children.clone();
        sorted.sort_by_key(|c| c.0);
        for tried in 1..=children.len() {
            let mut picked = children.clone();
            for i in 0..tried {
                pick_nearest(&mut picked[i..]);
            }
            assert_eq!(picked[..tried], sorted[..tried], "{tried} picked");
        }
    }

    #[test]
    fn a_king_that_cannot_move_mates_where_it_stands() {
        // White's king is shut in on h1; its bishop alone mates the black
        // king walked to a8, boxed in by its own bishops on a7 and b8.
        let fen = "1b5k/b7/8/3B4/8/6p1/6Pp/7K w - - 0 1";
        let pos = Position::from_fen(fen).unwrap();
        let mut budget = Budget::new(super::super::PATTERN_BUDGET);
        let line = search(&pos, Color::White, &mut budget).expect("a line");
        assert!(super::super::mates(&pos, Color::White, &line), "{fen}");
    }
}
