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
use crate::{Bitboard, Color, Move, MoveList, Position, Role, Square};
use arrayvec::ArrayVec;

/// The longest line searched, in plies, forced moves included.
pub(crate) const MAX_PLY: usize = 160;

/// A mating line: at most [`MAX_PLY`] moves, without heap.
pub(crate) type Line = ArrayVec<Move, MAX_PLY>;

struct Search<'a> {
    winner: Color,
    budget: &'a mut Budget,
    /// Per slot: the key's high bits, and the depth and discrepancies the
    /// position was searched with (low two bytes). A power of two long.
    table: &'a mut [u64],
    line: Line,
    /// Where the losing king is sent.
    corner: Square,
}

/// A line ending in a checkmate by `winner`, or `None` when none was found
/// within the budget. Limited discrepancy search: the heuristic's first
/// choice is free, the i-th best move costs i of the `discrepancies`
/// allowed on a line, tried with 0, 1, 2, ... up to the maximum; lines
/// have at most `depth` unforced moves. `table` (a power of two long, the
/// caller's memory, so that a short search needs no heap) remembers the
/// positions searched.
pub(super) fn search(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    (depth, discrepancies): (u32, u32),
    corner: usize,
    table: &mut [u64],
) -> Option<Line> {
    let corners = target_corners(root, winner);
    let corner = *corners.get(corner)?;
    table.fill(0);
    let mut search = Search {
        winner,
        budget,
        table,
        line: Line::new(),
        corner,
    };
    for k in 0..=discrepancies {
        if search.dfs(root, depth, k) {
            return Some(search.line);
        }
        if search.budget.is_spent() {
            return None;
        }
    }
    None
}

impl Search<'_> {
    fn dfs(&mut self, pos: &Position, depth: u32, discrepancies: u32) -> bool {
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
        // Already searched at least this far: nothing there.
        let key = pos.zobrist() & !0xffff;
        let slot = (pos.zobrist() >> 24) as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let (seen_depth, seen_k) = ((entry >> 8) & 0xff, entry & 0xff);
        if entry & !0xffff == key
            && seen_depth >= u64::from(depth)
            && seen_k >= u64::from(discrepancies)
        {
            return false;
        }
        self.table[slot] = key | u64::from(depth.min(255)) << 8 | u64::from(discrepancies.min(255));

        if pos.turn() == self.winner && is_boxed(pos, self.winner) {
            // A mate in one ends the line at once.
            let checks = CheckSquares::new(pos, pos.king(!self.winner));
            for &m in moves.iter().filter(|&&m| checks.may_check(pos, m)) {
                let mut child = pos.clone();
                child.play_unchecked(m);
                if is_mated(&child) {
                    return self.line.try_push(m).is_ok();
                }
            }
        }
        let forced = moves.len() == 1;
        let next = if forced { depth } else { depth - 1 };
        let mut ordered = ArrayVec::new();
        order(pos, &moves, self.winner, self.corner, &mut ordered);
        let wanted = (discrepancies as usize + 1).min(ordered.len());
        if wanted > 8 {
            ordered.sort_unstable_by(|a, b| b.cmp(a));
        }
        for i in 0..wanted {
            if wanted <= 8 {
                // Only the best few are tried: select them, no full sort.
                let best = (i..ordered.len()).max_by_key(|&j| ordered[j]).unwrap_or(i);
                ordered.swap(i, best);
            }
            let m = moves[0xffff - (ordered[i] & 0xffff) as usize];
            let cost = i as u32;
            let mut child = pos.clone();
            child.play_unchecked(m);
            if self.line.try_push(m).is_err() {
                return false;
            }
            if self.dfs(&child, next, discrepancies - cost) {
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

/// `false` if the losing king has three or more squares to step to that
/// are neither its own pieces' nor attacked: one move seldom takes them
/// all, so the look for a mate in one is left for later (a heuristic: the
/// line found is replayed anyway).
fn is_boxed(pos: &Position, winner: Color) -> bool {
    let king = pos.king(!winner);
    let occupied = pos.occupied().without(king);
    let mut free = 0;
    for sq in crate::attacks::king(king) & !pos.by_color(!winner) {
        if !pos.is_attacked(sq, winner, occupied) {
            free += 1;
            if free >= 3 {
                return false;
            }
        }
    }
    true
}

/// `true` if the side to move is checkmated; cheaper than a count of the
/// legal moves when the king can step out of check, as it most often can.
pub(super) fn is_mated(pos: &Position) -> bool {
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return false;
    }
    let us = pos.turn();
    let king = pos.king(us);
    let occupied = pos.occupied().without(king);
    let escapes = crate::attacks::king(king) & !pos.by_color(us);
    if escapes
        .into_iter()
        .any(|sq| !pos.is_attacked(sq, !us, occupied))
    {
        return false;
    }
    !pos.has_legal_moves()
}

/// `false` if `m` certainly gives no check to the king on `king`: the piece
/// does not attack it from its new square and did not stand on a line
/// through it (no discovered check). Saves playing most moves in the look
/// for a mate in one.
pub(super) fn may_check(pos: &Position, m: Move, king: Square) -> bool {
    if m.kind() != crate::MoveKind::Normal || m.promotion_role().is_some() {
        return true;
    }
    let (from, to) = (m.from(), m.to());
    let occupied = pos.occupied().without(from);
    if crate::attacks::line(from, king).any() {
        // A discovered check needs a slider of the mover behind `from`.
        let after = occupied.with(to);
        let ours = pos.by_color(pos.turn());
        let queens = pos.by_role(Role::Queen);
        let rooks = (pos.by_role(Role::Rook) | queens) & ours;
        let bishops = (pos.by_role(Role::Bishop) | queens) & ours;
        if (crate::attacks::rook(king, after) & rooks).any()
            || (crate::attacks::bishop(king, after) & bishops).any()
        {
            return true;
        }
    }
    let attacks = match pos.role_at(from) {
        Some(Role::Knight) => crate::attacks::knight(to),
        Some(Role::Bishop) => crate::attacks::bishop(to, occupied),
        Some(Role::Rook) => crate::attacks::rook(to, occupied),
        Some(Role::Queen) => crate::attacks::queen(to, occupied),
        Some(Role::Pawn) => crate::attacks::pawn(pos.turn(), to),
        _ => Bitboard::EMPTY,
    };
    attacks.contains(king)
}

/// The squares from which each piece of the side to move would attack the
/// losing king, computed once for the look for a mate in one: then
/// [`may_check`] costs a lookup for every move but those of pieces on a
/// line through the king (which may uncover a check, or open their own
/// line), which take its full path.
pub(super) struct CheckSquares {
    king: Square,
    /// Indexed by `Role as usize`; the king's entry is empty.
    by_role: [Bitboard; 6],
}

impl CheckSquares {
    pub(super) fn new(pos: &Position, king: Square) -> CheckSquares {
        let occupied = pos.occupied();
        let bishop = crate::attacks::bishop(king, occupied);
        let rook = crate::attacks::rook(king, occupied);
        CheckSquares {
            king,
            by_role: [
                crate::attacks::pawn(!pos.turn(), king),
                crate::attacks::knight(king),
                bishop,
                rook,
                bishop | rook,
                Bitboard::EMPTY,
            ],
        }
    }

    /// [`may_check`] for the king these squares were computed for. A piece
    /// that does not stand on a line through the king leaves every line
    /// from the king as it was, so the squares computed before the move
    /// say whether it attacks the king from where it lands, and it uncovers
    /// no check.
    #[inline(always)]
    pub(super) fn may_check(&self, pos: &Position, m: Move) -> bool {
        if m.kind() != crate::MoveKind::Normal
            || m.promotion_role().is_some()
            || crate::attacks::line(m.from(), self.king).any()
        {
            return may_check(pos, m, self.king);
        }
        match pos.role_at(m.from()) {
            Some(role) => self.by_role[role as usize].contains(m.to()),
            None => false,
        }
    }
}

/// The moves with their scores for a helpmate by `winner`, unsorted, into
/// `scored` (the caller's, so that no list is copied on return): each a
/// key with the score in the high bits and the move's index in the low
/// 16, so that the greatest key is the best move. Past 256 moves the rest
/// are left out: the search is a heuristic anyway.
fn order(
    pos: &Position,
    moves: &MoveList,
    winner: Color,
    corner: Square,
    scored: &mut ArrayVec<u64, 256>,
) {
    scored.clear();
    let rows = Rows {
        king: row(pos.king(!winner)),
        corner: row(corner),
        target: king_target(pos, winner).map(row),
    };
    let winner_moves = pos.turn() == winner;
    // The generator lists each piece's moves together: its role is looked
    // up once.
    let mut last = None;
    for (i, &m) in moves.iter().enumerate() {
        let role = match last {
            Some((from, role)) if from == m.from() => role,
            _ => {
                let Some(role) = pos.role_at(m.from()) else {
                    continue;
                };
                last = Some((m.from(), role));
                role
            }
        };
        let score = if winner_moves {
            winner_score(pos, m, role, &rows)
        } else {
            loser_score(pos, m, role, &rows)
        };
        // The score, shifted to be non-negative, above the move's index
        // (counted down, so that on a tie the earlier move comes first).
        let key = ((i64::from(score) + (1 << 31)) as u64) << 16 | (0xffff - i as u64);
        if scored.try_push(key).is_err() {
            break;
        }
    }
}

/// The king-step distances a node's scores read, each a row of
/// [`DISTANCE`] looked up once per node: to the losing king, to the corner
/// it is sent to, and to the winner's king's target, if any.
struct Rows {
    king: &'static [u8; 64],
    corner: &'static [u8; 64],
    target: Option<&'static [u8; 64]>,
}

/// The distances from `sq` to every square.
fn row(sq: Square) -> &'static [u8; 64] {
    &DISTANCE[sq.index() as usize & 63]
}

/// The distance on `row` to `sq` (the mask proves the index in range).
#[inline(always)]
fn at(row: &[u8; 64], sq: Square) -> i32 {
    i32::from(row[sq.index() as usize & 63])
}

/// The role `m` captures, if any.
#[inline(always)]
fn captured(pos: &Position, m: Move) -> Option<Role> {
    if m.is_castle() {
        None
    } else if m.is_en_passant() {
        Some(Role::Pawn)
    } else {
        pos.role_at(m.to())
    }
}

/// The score of a move of the winner (greater is tried first): promote,
/// capture, run pawns, and bring the pieces near the losing king, or the
/// king to its target.
#[inline(always)]
fn winner_score(pos: &Position, m: Move, role: Role, rows: &Rows) -> i32 {
    let (from, to) = (m.from(), m.to());
    let mut s = 0;
    if let Some(promoted) = m.promotion_role() {
        s += match promoted {
            Role::Queen => 900,
            Role::Knight => 300,
            Role::Rook => 200,
            _ => 100,
        };
    }
    if let Some(captured) = captured(pos, m) {
        s += if captured == Role::Pawn { 250 } else { 150 };
    }
    let weight = match role {
        Role::Queen => 40,
        Role::Rook => 30,
        Role::Knight | Role::Bishop => 20,
        Role::King => 30,
        Role::Pawn => 0,
    };
    if role == Role::Pawn {
        s += 60 + 10 * relative_rank(to, pos.turn());
    } else if let (Role::King, Some(target)) = (role, rows.target) {
        s += 60 * (at(target, from) - at(target, to));
    } else {
        // Close in, but a piece already near the king has done its part.
        let reach = role_reach(role);
        let approach = at(rows.king, from).max(reach) - at(rows.king, to).max(reach);
        s += weight * approach + weight / 2 * (at(rows.corner, from) - at(rows.corner, to));
    }
    s
}

/// The score of a move of the losing side: its king walks to the corner,
/// its pieces block the king's flight squares, its pawns advance; it
/// captures little.
#[inline(always)]
fn loser_score(pos: &Position, m: Move, role: Role, rows: &Rows) -> i32 {
    let (from, to) = (m.from(), m.to());
    let mut s = match role {
        Role::King => 100 + 60 * (at(rows.corner, from) - at(rows.corner, to)),
        Role::Pawn => 40 + 5 * relative_rank(to, pos.turn()),
        _ => {
            // Into the corner beside its own king: blocks its flight squares.
            10 * (at(rows.king, from).max(1) - at(rows.king, to).max(1))
                + 120 * (at(rows.corner, from).max(1) - at(rows.corner, to).max(1))
        }
    };
    if let Some(promoted) = m.promotion_role() {
        s += if promoted == Role::Queen { 50 } else { 80 };
    }
    if let Some(captured) = captured(pos, m) {
        s -= if captured == Role::Pawn { 50 } else { 300 };
    }
    s
}

/// Where the winner's king goes when it has nothing but pawns and none of
/// them can run: to the nearest enemy pawn, to take it and free a file.
fn king_target(pos: &Position, winner: Color) -> Option<Square> {
    let ours = pos.by_color(winner);
    let pawns = pos.by_role(Role::Pawn);
    if (ours & !pawns & !pos.by_role(Role::King)).any() {
        return None;
    }
    let theirs = pos.pieces(!winner, Role::Pawn);
    let king = pos.king(winner);
    theirs.into_iter().min_by_key(|&sq| distance(king, sq))
}

/// How near to the losing king a piece needs to come to do its work.
fn role_reach(role: Role) -> i32 {
    match role {
        Role::King => 1,
        Role::Knight => 2,
        _ => 3,
    }
}

/// King steps between two squares.
#[inline(always)]
fn distance(a: Square, b: Square) -> i32 {
    i32::from(DISTANCE[a.index() as usize][b.index() as usize])
}

static DISTANCE: [[u8; 64]; 64] = {
    let mut table = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let df = (a % 8_i32 - b % 8).abs();
            let dr = (a / 8_i32 - b / 8).abs();
            table[a as usize][b as usize] = if df > dr { df } else { dr } as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

fn relative_rank(sq: Square, color: Color) -> i32 {
    let r = sq.rank().index() as i32;
    if color == Color::White { r } else { 7 - r }
}

/// Where the losing king may be sent, nearest first: the corners, or, when
/// the winner's only mating pieces are bishops of one colour, the corners
/// of that colour (a bishop checks only on its own colour).
pub(super) fn target_corners(pos: &Position, winner: Color) -> arrayvec::ArrayVec<Square, 4> {
    let ours = pos.by_color(winner);
    let others = ours & !(pos.by_role(Role::King) | pos.by_role(Role::Bishop));
    let bishops = ours & pos.by_role(Role::Bishop);
    let light_only = (bishops & Bitboard::DARK_SQUARES).is_empty();
    let dark_only = (bishops & Bitboard::LIGHT_SQUARES).is_empty();
    let mut corners = arrayvec::ArrayVec::<Square, 4>::new();
    for c in [Square::A1, Square::H1, Square::A8, Square::H8] {
        let light = c.is_light();
        if others.is_empty() && bishops.any() && ((light_only && !light) || (dark_only && light)) {
            continue;
        }
        corners.push(c);
    }
    let king = pos.king(!winner);
    corners.sort_unstable_by_key(|&c| distance(king, c));
    corners
}
