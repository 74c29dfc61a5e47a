//! A helpmate search: both sides cooperate to let `winner` checkmate.
//!
//! Iterative deepening depth-first search. A move that is the only legal
//! one does not count towards the depth (it costs no choice). A
//! transposition table remembers how deep each position was searched, so a
//! position is searched again only deeper. Moves are tried best first by
//! a heuristic: the losing king walks to the nearest corner (unless many
//! men are on the board), the winner's pieces come close to it, pawns run
//! to promote, captures open locked pawns. The search is incomplete by design (it only looks for a line;
//! proofs of unwinnability are elsewhere) and every line it returns is a
//! legal sequence ending in a checkmate by `winner`.

mod promote;

use super::Budget;
use crate::movegen::Sink;
use crate::{Bitboard, Color, Move, Position, Role, Square};
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
    /// The slots written, to be cleared at the end (`None` once more were
    /// written than it holds: then the whole table is cleared).
    written: Option<ArrayVec<u16, WRITTEN>>,
    line: Line,
    /// Where the losing king is sent.
    corner: Square,
    /// The order of a quick look (see [`Order::Quick`]).
    order: Order,
}

/// Which weights order the moves of a rich position (more than [`RICH`]
/// men; endings have one order).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Order {
    /// For a quick look: the winner's pawns run first and the losing king
    /// stays among its own men. Most ordinary positions have such a short
    /// line, and it is found in fewer nodes.
    Quick,
    /// For the searches that must not give up on hard positions (locked
    /// walls, chains): the losing king walks to its corner and the winner
    /// takes pieces first, which opens the walls. Those searches decide
    /// positions that the quick order leaves undecided.
    Thorough,
}

/// How many written slots a search remembers: more than most searches
/// write, so that clearing them costs less than clearing the table.
const WRITTEN: usize = 2048;

/// A line ending in a checkmate by `winner`, or `None` when none was found
/// within the budget. Limited discrepancy search: the heuristic's first
/// choice is free, the i-th best move costs i of the `discrepancies`
/// allowed on a line, tried with 0, 1, 2, ... up to the maximum; lines
/// have at most `depth` unforced moves. `table` (a power of two long, at
/// most 65,536 slots, the caller's memory, so that a short search needs no
/// heap) remembers the positions searched: it must be all zero, as a new
/// table is, and the search leaves it so (it clears the slots it wrote, or
/// the whole table when it wrote too many to remember).
pub(super) fn search(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    (depth, discrepancies): (u32, u32),
    corner: usize,
    table: &mut [u64],
    order: Order,
) -> Option<Line> {
    search_from(
        root,
        winner,
        budget,
        (depth, 0, discrepancies),
        corner,
        table,
        order,
    )
}

/// Positions a quick look's line that follows the heuristic alone may
/// visit, per corner: most such lines that mate do within it.
const QUICK_GREEDY: u64 = 60;

/// The quick look for a mating line (the [`Order::Quick`] search with a
/// budget of a few hundred positions, at most): first the line that
/// follows the heuristic alone towards each target corner in turn (at most
/// [`QUICK_GREEDY`] positions each), then one discrepancy towards the two
/// nearest corners with what is left. A line that the first choices find
/// towards a farther corner is cheaper than the wider search towards the
/// nearest one, which is where endings of five to twelve men spent most
/// of their quick look. `table` as for [`search`].
pub(super) fn quick(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    table: &mut [u64],
) -> Option<Line> {
    if !budget.is_spent() {
        if let Some((run, pos)) = promote::run(root, winner, budget.left) {
            budget.charge(run.len() as u64);
            let rest = budget.part(AFTER_RUN, |b| first_choices(&pos, winner, b, table));
            if let Some(rest) = rest {
                let mut line = run;
                if line.try_extend_from_slice(&rest).is_ok() {
                    debug_assert!(super::mates(root, winner, &line), "{root:?}");
                    return Some(line);
                }
            }
        }
    }
    quick_searched(root, winner, budget, table)
}

/// Positions the mate after a pawn run may visit ([`quick`]).
const AFTER_RUN: u64 = 60;

/// The lines that follow the heuristic alone from `root` towards each
/// target corner in turn, within `budget` in all.
fn first_choices(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    table: &mut [u64],
) -> Option<Line> {
    for corner in 0..target_corners(root, winner).len() {
        let line = budget.part(QUICK_GREEDY, |b| {
            search_from(root, winner, b, (60, 0, 0), corner, table, Order::Quick)
        });
        if line.is_some() || budget.is_spent() {
            return line;
        }
    }
    None
}

/// The quick look's searches from `root` (see [`quick`]).
fn quick_searched(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    table: &mut [u64],
) -> Option<Line> {
    let corners = target_corners(root, winner).len();
    for corner in 0..corners {
        let line = budget.part(QUICK_GREEDY, |b| {
            search_from(root, winner, b, (60, 0, 0), corner, table, Order::Quick)
        });
        if line.is_some() {
            return line;
        }
    }
    for corner in 0..corners.min(2) {
        let share = budget.left / (2 - corner as u64);
        let line = budget.part(share, |b| {
            search_from(root, winner, b, (60, 1, 1), corner, table, Order::Quick)
        });
        if line.is_some() {
            return line;
        }
    }
    None
}

/// [`search`] with `first` to `discrepancies` allowed in turn (the lines
/// with fewer, when already searched, are searched again only as part of
/// the wider pass).
fn search_from(
    root: &Position,
    winner: Color,
    budget: &mut Budget,
    (depth, first, discrepancies): (u32, u32, u32),
    corner: usize,
    table: &mut [u64],
    order: Order,
) -> Option<Line> {
    let corners = target_corners(root, winner);
    let corner = *corners.get(corner)?;
    debug_assert!(table.len() <= 1 << 16);
    let mut search = Search {
        winner,
        budget,
        table,
        written: Some(ArrayVec::new()),
        line: Line::new(),
        corner,
        order,
    };
    let mut found = false;
    for k in first..=discrepancies {
        found = search.dfs(root, depth, k);
        if found || search.budget.is_spent() {
            break;
        }
    }
    match &search.written {
        Some(slots) => slots
            .iter()
            .for_each(|&slot| search.table[usize::from(slot)] = 0),
        None => search.table.fill(0),
    }
    found.then_some(search.line)
}

impl Search<'_> {
    fn dfs(&mut self, pos: &Position, depth: u32, discrepancies: u32) -> bool {
        if !self.budget.spend() {
            return false;
        }
        // Where no move would be tried, only a mate on the board counts.
        if depth == 0
            || self.line.len() >= MAX_PLY
            || (pos.halfmove_clock() == 0 && pos.has_insufficient_material(self.winner))
        {
            return pos.turn() != self.winner && is_mated(pos);
        }
        // Already searched at least this far: nothing there (a position is
        // remembered only with legal moves, so none on record is a mate).
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

        // The moves are scored as the generator gives them, and a mate in
        // one is looked for among them at once. One move is tried when no
        // discrepancy is left (or only one move is legal): the best.
        let mut ordered = ArrayVec::<u64, 256>::new();
        // On the loser's turn of a quick look's first choices, a safe step
        // of its king is played without a generation of the scored moves:
        // towards the corner in an ending; among many men towards the
        // winner's king, into the winner's men, where short helpmates
        // most often lie. Half the positions of such a line cost a few
        // attack lookups. It counts as a choice (the count is not asked
        // for).
        let step = if discrepancies == 0 && self.order == Order::Quick && pos.turn() != self.winner
        {
            let target = if pos.occupied().len() <= RICH {
                self.corner
            } else {
                pos.king(self.winner)
            };
            king_step(pos, target)
        } else {
            None
        };
        let (count, mate) = if let Some(m) = step {
            ordered.push(u64::from(m.bits()));
            (2, None)
        } else if discrepancies == 0 {
            generate_scored::<false>(pos, self.winner, self.corner, self.order, &mut ordered)
        } else {
            generate_scored::<true>(pos, self.winner, self.corner, self.order, &mut ordered)
        };
        if count == 0 {
            return pos.turn() != self.winner && pos.is_check();
        }
        if entry == 0 {
            if let Some(written) = &mut self.written {
                if written.try_push(slot as u16).is_err() {
                    self.written = None;
                }
            }
        }
        self.table[slot] = key | u64::from(depth.min(255)) << 8 | u64::from(discrepancies.min(255));
        if let Some(m) = mate {
            return self.line.try_push(m).is_ok();
        }
        let forced = count == 1;
        let next = if forced { depth } else { depth - 1 };
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
            let m = Move::from_bits(ordered[i] as u16);
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

/// A quiet step of the king of the side to move onto an empty square
/// nobody attacks (so legal without a generation): the nearest to
/// `target` (the first such on a tie); `None` if there is none.
fn king_step(pos: &Position, target: Square) -> Option<Move> {
    let us = pos.turn();
    let king = pos.king(us);
    let occupied = pos.occupied().without(king);
    // Nearest first, each tested until one is safe: most steps are. A
    // step changes the distance to `target` by one at most, so the steps
    // fall in three groups (nearer, as near, farther), each tried in
    // square order (the first on a tie).
    let row = row(target);
    let here = at(row, king);
    let (mut nearer, mut level) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let steps = crate::attacks::king(king) & !pos.occupied();
    for to in steps {
        let d = at(row, to);
        if d < here {
            nearer = nearer.with(to);
        } else if d == here {
            level = level.with(to);
        }
    }
    let farther = steps & !nearer & !level;
    for group in [nearer, level, farther] {
        for to in group {
            if !pos.is_attacked(to, !us, occupied) {
                let m = Move::new(king, to);
                debug_assert!(pos.is_legal(m), "{m:?} in {pos:?}");
                debug_assert!(
                    steps
                        .into_iter()
                        .filter(|&s| !pos.is_attacked(s, !us, occupied))
                        .min_by_key(|&s| distance(s, target))
                        == Some(to),
                    "{m:?} in {pos:?}"
                );
                return Some(m);
            }
        }
    }
    None
}

/// Scores the legal moves of `pos` for a helpmate by `winner` into `keys`
/// (with `ALL` every move's key, else the greatest only) and looks for a
/// mate in one: the number of legal moves and the first mate found.
#[inline(never)]
fn generate_scored<const ALL: bool>(
    pos: &Position,
    winner: Color,
    corner: Square,
    order: Order,
    keys: &mut ArrayVec<u64, 256>,
) -> (u32, Option<Move>) {
    let mut scorer = Scorer::<ALL>::new(pos, winner, corner, order, keys);
    pos.generate(Bitboard::FULL, &mut scorer);
    let count = ((FIRST_PLACE - scorer.place) >> 16) as u32;
    if !ALL && count > 0 {
        scorer.keys.push(scorer.best);
    }
    (count, scorer.mate)
}

/// The squares the losing king may step to (neither its own pieces' nor
/// attacked), or `None` when there are three or more: one move seldom
/// takes them all, so the look for a mate in one is left for later (a
/// heuristic: the line found is replayed anyway).
fn free_flights(pos: &Position, winner: Color) -> Option<Bitboard> {
    let king = pos.king(!winner);
    let occupied = pos.occupied().without(king);
    let mut free = Bitboard::EMPTY;
    for sq in crate::attacks::king(king) & !pos.by_color(!winner) {
        if !pos.is_attacked(sq, winner, occupied) {
            if free.len() >= 2 {
                return None;
            }
            free = free.with(sq);
        }
    }
    Some(free)
}

/// `false` if after `m` the losing king on `king` certainly still has one
/// of the `free` squares to step to: the moved piece does not reach it
/// from where it lands, and the square it leaves opens no line to it
/// (nothing else changes for a square nobody attacked). Castling, en
/// passant and promotions are not looked at.
#[inline]
fn may_take_flights(pos: &Position, m: Move, king: Square, free: Bitboard) -> bool {
    if free.is_empty() || m.code() >= 2 {
        return true;
    }
    match pos.role_at(m.from()) {
        Some(role) => may_take_flights_of(pos, m, role, king, free),
        None => true,
    }
}

/// [`may_take_flights`] for an ordinary move or double push `m` of a man
/// of `role`.
#[inline(always)]
fn may_take_flights_of(pos: &Position, m: Move, role: Role, king: Square, free: Bitboard) -> bool {
    if free.is_empty() {
        return true;
    }
    let (from, to) = (m.from(), m.to());
    let occupied = pos.occupied().without(from).without(king).with(to);
    let reach = match role {
        Role::Knight => crate::attacks::knight(to),
        Role::Bishop => crate::attacks::bishop(to, occupied),
        Role::Rook => crate::attacks::rook(to, occupied),
        Role::Queen => crate::attacks::queen(to, occupied),
        Role::Pawn => crate::attacks::pawn(pos.turn(), to),
        Role::King => crate::attacks::king(to),
    };
    free.into_iter()
        .all(|sq| sq == to || reach.contains(sq) || crate::attacks::line(from, sq).any())
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
    let mated = !has_evasion(pos, checkers);
    debug_assert_eq!(mated, !pos.has_legal_moves(), "{pos:?}");
    mated
}

/// `true` if a man other than the king can parry the check of `checkers`
/// (the king has no square to step to): capture the checker or step
/// between, when it checks alone. A man pinned to its king never can: it
/// may move only along its pin, a line from the king that the checker's is
/// not, and two lines from the king meet only there. So the moves of the
/// unpinned men onto the few squares that parry are all there is to look
/// at (and en passant, tested in full), not every legal move.
fn has_evasion(pos: &Position, checkers: Bitboard) -> bool {
    let Some(checker) = checkers.first() else {
        return true;
    };
    if checkers.more_than_one() {
        return false;
    }
    let us = pos.turn();
    let king = pos.king(us);
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let movers = ours & !pos.pinned_to_king(us, king) & !Bitboard::from_square(king);
    let queens = pos.by_role(Role::Queen);
    let knights = pos.by_role(Role::Knight) & movers;
    let diagonal = (pos.by_role(Role::Bishop) | queens) & movers;
    let straight = (pos.by_role(Role::Rook) | queens) & movers;
    let between = crate::attacks::between(king, checker);
    for sq in between.with(checker) {
        if (crate::attacks::knight(sq) & knights).any()
            || (crate::attacks::bishop(sq, occupied) & diagonal).any()
            || (crate::attacks::rook(sq, occupied) & straight).any()
        {
            return true;
        }
    }
    // Pawns take the checker, or step (one or two squares) between.
    let pawns = pos.by_role(Role::Pawn) & movers;
    if (crate::attacks::pawn(!us, checker) & pawns).any() {
        return true;
    }
    let forward = if us == Color::White { 8 } else { -8 };
    let third = Bitboard::from_rank(crate::Rank::Third.relative_to(us));
    let single = pawns.shift(forward) & !occupied;
    let double = (single & third).shift(forward) & !occupied;
    if ((single | double) & between).any() {
        return true;
    }
    pos.ep.is_some_and(|ep| {
        (crate::attacks::pawn(!us, ep) & ours & pos.by_role(Role::Pawn))
            .into_iter()
            .any(|from| pos.is_legal_en_passant(from, ep))
    })
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
/// losing king, and the pieces whose departure would uncover a check,
/// computed once for the look for a mate in one: then [`may_check`] costs
/// a lookup or two for every move but castling, en passant and promotions,
/// which take its full path.
pub(super) struct CheckSquares {
    king: Square,
    /// Indexed by `Role as usize`; the king's entry is empty.
    by_role: [Bitboard; 6],
    /// The mover's pieces that stand alone between the king and a slider
    /// of the mover on its line.
    uncovers: Bitboard,
}

impl CheckSquares {
    pub(super) fn new(pos: &Position, king: Square) -> CheckSquares {
        let occupied = pos.occupied();
        let bishop = crate::attacks::bishop(king, occupied);
        let rook = crate::attacks::rook(king, occupied);
        let ours = pos.by_color(pos.turn());
        let queens = pos.by_role(Role::Queen);
        let snipers = (crate::attacks::bishop(king, Bitboard::EMPTY)
            & (pos.by_role(Role::Bishop) | queens)
            | crate::attacks::rook(king, Bitboard::EMPTY) & (pos.by_role(Role::Rook) | queens))
            & ours;
        let mut uncovers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = crate::attacks::between(king, sniper) & occupied;
            if between.len() == 1 {
                uncovers |= between & ours;
            }
        }
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
            uncovers,
        }
    }

    /// `true` if `m` gives check to the king these squares were computed
    /// for (castling, en passant and promotions: if it may, as
    /// [`may_check`] says). A piece that leaves a line through the king
    /// uncovers a check only if it stood alone between the king and a
    /// slider of its side; otherwise the lines from the king stay as they
    /// were, but for its own: a slider that moves along a line through
    /// the king stays behind what blocked it (were nothing between, the
    /// king would stand in check with its opponent to move), so the
    /// squares computed before the move say whether it checks.
    #[inline(always)]
    pub(super) fn may_check(&self, pos: &Position, m: Move) -> bool {
        if m.code() >= 2 {
            return may_check(pos, m, self.king);
        }
        let (from, to) = (m.from(), m.to());
        let checks = (self.uncovers.contains(from)
            && !crate::attacks::line(self.king, from).contains(to))
            || pos
                .role_at(from)
                .is_some_and(|role| self.by_role[role as usize].contains(to));
        // The full path answers exactly for ordinary moves (a double push
        // it lets through unlooked).
        debug_assert!(
            m.code() != 0 || checks == may_check(pos, m, self.king),
            "{m:?} in {pos:?}"
        );
        checks
    }
}

/// The look for a mate in one: the losing king, its check squares and the
/// squares it may flee to.
struct MateLook {
    king: Square,
    checks: CheckSquares,
    free: Bitboard,
}

/// A sink for the legal move generator that scores the moves for a helpmate
/// by `winner` as they come (no list is built) and looks among them for a
/// mate in one when the winner moves and the losing king has at most two
/// free squares.
///
/// Each move becomes a key: its score (see [`winner_score`] and
/// [`loser_score`]) in the high 32 bits, then its place in the generator's
/// order counted down (on a tie the earlier move comes first), then the
/// move itself in the low 16 bits, so that the greatest key is the best
/// move. What depends on the piece is worked out once for all its moves (the
/// generator gives them together), and a move adds only what its target
/// square brings, a few table reads. Castling, en passant and promotions
/// take the whole functions.
struct Scorer<'a, const ALL: bool> {
    pos: &'a Position,
    /// Every key (with `ALL`; at most 256 moves, as the search tries).
    keys: &'a mut ArrayVec<u64, 256>,
    rows: Rows,
    winner_moves: bool,
    theirs: Bitboard,
    their_pawns: Bitboard,
    /// The part of each role's moves (see [`Terms::template`]), indexed
    /// by `Role as usize`.
    terms: [Terms; 6],
    /// What a capture of a pawn or of a piece adds.
    take_pawn: i32,
    take_piece: i32,
    /// The ranks counted from the mover's side.
    flip: i32,
    /// The place of the next move, counted down from `0xffff` and shifted
    /// to its bits of the key.
    place: u64,
    /// The greatest key seen (without `ALL`).
    best: u64,
    look: Option<MateLook>,
    /// The first mate in one found.
    mate: Option<Move>,
    /// Without `ALL`: a score that a pawn's push, generated after every
    /// piece, is known to reach (`i32::MIN` if none is known). A piece
    /// whose moves all score less need not be scored (see
    /// [`Scorer::piece`]).
    floor: i32,
}

impl<'a, const ALL: bool> Scorer<'a, ALL> {
    fn new(
        pos: &'a Position,
        winner: Color,
        corner: Square,
        order: Order,
        keys: &'a mut ArrayVec<u64, 256>,
    ) -> Scorer<'a, ALL> {
        let king = pos.king(!winner);
        let rich = pos.occupied().len() > RICH;
        let quick = rich && order == Order::Quick;
        // A second queen (one promoted, most often) mates sooner than more
        // promotions would.
        let queens = pos.pieces(winner, Role::Queen).len() >= 2;
        let rows = Rows {
            king: row(king),
            corner: row(corner),
            target: king_target(pos, winner).map(row),
            king_square: king,
            corner_square: corner,
            pawn_base: match (rich, quick) {
                (_, true) if queens => QUEENS_PAWN_BASE,
                (_, true) => QUICK_PAWN_BASE,
                (true, false) => RICH_PAWN_BASE,
                (false, _) => 60,
            },
            queen_weight: if rich { RICH_QUEEN_WEIGHT } else { 40 },
            king_corner: if quick { QUICK_KING_CORNER } else { 60 },
            take_piece: if rich && !quick { RICH_TAKE_PIECE } else { 150 },
        };
        let us = pos.turn();
        let winner_moves = us == winner;
        let theirs = pos.by_color(!us);
        let (take_pawn, take_piece) = if winner_moves {
            (250, rows.take_piece)
        } else {
            (-50, -300)
        };
        let look = if winner_moves {
            free_flights(pos, winner).map(|free| MateLook {
                king,
                checks: CheckSquares::new(pos, king),
                free,
            })
        } else {
            None
        };
        let floor = if !ALL && winner_moves {
            pawn_floor(pos, rows.pawn_base)
        } else {
            i32::MIN
        };
        let terms = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .map(|role| Terms::template(role, winner_moves, &rows));
        Scorer {
            pos,
            terms,
            rows,
            winner_moves,
            theirs,
            their_pawns: theirs & pos.by_role(Role::Pawn),
            take_pawn,
            take_piece,
            flip: if us == Color::White { 0 } else { 7 },
            place: FIRST_PLACE,
            best: 0,
            keys,
            look,
            mate: None,
            floor,
        }
    }

    /// Takes the score of the next move `m`.
    #[inline(always)]
    fn emit(&mut self, m: Move, score: i32) {
        // The score's sign bit flipped: shifted by 2^31, never negative.
        let key = u64::from(score as u32 ^ 0x8000_0000) << 32 | self.place | u64::from(m.bits());
        self.place -= 1 << 16;
        if ALL {
            let _ = self.keys.try_push(key);
        } else {
            self.best = self.best.max(key);
        }
    }

    /// What a move to the square of index `to` captures.
    #[inline(always)]
    fn capture(&self, to: usize) -> i32 {
        // Bit tests, not branches: most moves capture nothing.
        let bit = |b: Bitboard| ((b.0 >> (to & 63)) & 1) as i32;
        self.take_piece * bit(self.theirs)
            + (self.take_pawn - self.take_piece) * bit(self.their_pawns)
    }

    /// The score of an ordinary move to the square of index `to` of a
    /// piece (not a pawn: no rank counts) whose part is `terms`.
    #[inline(always)]
    fn ordinary(&self, terms: &Terms, to: u32) -> i32 {
        let to = to as usize & 63;
        debug_assert_eq!(terms.rank, 0);
        terms.base
            - terms.near * i32::from(terms.row[to])
            - terms.corner * i32::from(terms.corner_row[to])
            + self.capture(to)
    }

    /// The score of an ordinary pawn move (or double push) to the square
    /// of index `to`, whose part is `terms` (only the rank counts).
    #[inline(always)]
    fn push(&self, terms: &Terms, to: u32) -> i32 {
        debug_assert!(terms.near == 0 && terms.corner == 0);
        terms.base + terms.rank * ((to as i32 >> 3) ^ self.flip) + self.capture(to as usize)
    }

    /// The score of `m` of a piece of `role` in full.
    fn full(&self, m: Move, role: Role) -> i32 {
        if self.winner_moves {
            winner_score(self.pos, m, role, &self.rows)
        } else {
            loser_score(self.pos, m, role, &self.rows)
        }
    }

    /// Keeps the best of the pawn pushes (none a capture) to `targets`
    /// from `delta` behind, with their places as if each were taken: the
    /// push to the farthest rank for the mover (its score grows with the
    /// rank alone), the first generated of that rank (the lowest square).
    #[inline(always)]
    fn best_push(&mut self, targets: Bitboard, delta: i32, kind: u16, terms: &Terms) {
        let to = if self.flip == 0 {
            let top = 63 - targets.0.leading_zeros();
            let rank = Bitboard(0xff << (top & 56));
            (targets & rank).0.trailing_zeros()
        } else {
            targets.0.trailing_zeros()
        };
        let first = self.place;
        let before = targets.0 & ((1 << (to & 63)) - 1);
        self.place = first - (u64::from(before.count_ones()) << 16);
        let from = (to as i32 - delta) as u16 & 63;
        let m = Move::from_bits(from | (to as u16 & 63) << 6 | kind);
        let score = self.push(terms, to & 63);
        debug_assert_eq!(
            score,
            self.full(m, Role::Pawn),
            "the score of {m:?} taken apart"
        );
        debug_assert!(
            targets
                .into_iter()
                .all(|sq| self.push(terms, sq as u32) < score
                    || (self.push(terms, sq as u32) == score && sq as u32 >= to)),
            "{m:?} not the best push in {:?}",
            self.pos
        );
        self.emit(m, score);
        self.place = first - (u64::from(targets.len()) << 16);
    }

    /// Plays `m` if it may mate, and keeps it if it does.
    #[inline(always)]
    fn try_mate(&mut self, m: Move) {
        if let Some(look) = &self.look {
            if self.mate.is_none()
                && look.checks.may_check(self.pos, m)
                && may_take_flights(self.pos, m, look.king, look.free)
                && mates_in_one(self.pos, m)
            {
                self.mate = Some(m);
            }
        }
    }
}

/// What the best single push of a pawn of the side to move scores for the
/// winner (`pawn_base` and ten a rank, a promotion to a queen 900 more),
/// among the pushes known legal without generating them: the king not in
/// check, the square ahead empty, the pawn on no line through its king
/// but its file (so not pinned off it). `i32::MIN` if none.
fn pawn_floor(pos: &Position, pawn_base: i32) -> i32 {
    let us = pos.turn();
    if pos.is_check() {
        return i32::MIN;
    }
    let king = pos.king(us);
    let forward = if us == Color::White { 8 } else { -8 };
    let pawns = pos.pieces(us, Role::Pawn);
    let open = (!pos.occupied()).shift(-forward);
    let mut floor = i32::MIN;
    for from in pawns & open {
        let to = Square::from_index((from.index() as i32 + forward) as u32);
        let line = crate::attacks::line(king, from);
        if line.any() && !line.contains(to) {
            continue;
        }
        let rank = relative_rank(to, us);
        let promotion = if rank == 7 { 900 } else { 0 };
        floor = floor.max(pawn_base + 10 * rank + promotion);
    }
    floor
}

/// The key bits of the first move's place (see [`Scorer`]).
const FIRST_PLACE: u64 = 0xffff << 16;

/// `true` if `m` checkmates. Most moves looked at leave the king a square
/// to step to, which [`king_flees_after`] finds without playing them; the
/// rest are played and tested in full.
#[inline(never)]
fn mates_in_one(pos: &Position, m: Move) -> bool {
    if m.code() < 2 && king_flees_after(pos, m) {
        debug_assert!(
            {
                let mut child = pos.clone();
                child.play_unchecked(m);
                !is_mated(&child)
            },
            "{m:?} in {pos:?}"
        );
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    is_mated(&child)
}

/// `true` if after the ordinary move or double push `m` (not castling, en
/// passant nor a promotion) the king of the side not moving has a square
/// to step to, so that `m` does not mate: a square around it that none of
/// its own men holds and none of the mover's men attacks once `m` is
/// played (the mover's men where they stand then, the king gone from its
/// square, a man taken on the target gone). Answered on the position
/// before the move, without playing it.
fn king_flees_after(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let king = pos.king(!us);
    // The mover's men that stay, by role; the moved one joins on `to`.
    let rest = pos.by_color(us).without(from);
    let moved = Bitboard::from_square(from);
    let mine = |r: Role| {
        let men = pos.by_role(r);
        (men & rest) | Bitboard(((men & moved).0 >> (from as u32)) << (to as u32))
    };
    let theirs = pos.by_color(!us).without(to);
    let occupied = (rest | theirs).with(to).without(king);
    let queens = mine(Role::Queen);
    let diagonal = mine(Role::Bishop) | queens;
    let straight = mine(Role::Rook) | queens;
    let (knights, pawns, kings) = (mine(Role::Knight), mine(Role::Pawn), mine(Role::King));
    (crate::attacks::king(king) & !theirs)
        .into_iter()
        .any(|sq| {
            (crate::attacks::knight(sq) & knights).is_empty()
                && (crate::attacks::pawn(!us, sq) & pawns).is_empty()
                && (crate::attacks::king(sq) & kings).is_empty()
                && ((crate::attacks::bishop_rays(sq) & diagonal).is_empty()
                    || (crate::attacks::bishop(sq, occupied) & diagonal).is_empty())
                && ((crate::attacks::rook_rays(sq) & straight).is_empty()
                    || (crate::attacks::rook(sq, occupied) & straight).is_empty())
        })
}

impl<const ALL: bool> Sink for Scorer<'_, ALL> {
    #[inline(always)]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        let Some(role) = self.pos.role_at(from) else {
            return;
        };
        if let Some(look) = &self.look {
            // The checking moves, found for the piece at once.
            let mut checking = targets & look.checks.by_role[role as usize];
            if look.checks.uncovers.contains(from) {
                checking |= targets & !crate::attacks::line(look.king, from);
            }
            if checking.any() && self.mate.is_none() {
                for to in checking {
                    let m = Move::new(from, to);
                    debug_assert!(look.checks.may_check(self.pos, m));
                    if may_take_flights_of(self.pos, m, role, look.king, look.free)
                        && mates_in_one(self.pos, m)
                    {
                        self.mate = Some(m);
                        break;
                    }
                }
            }
        }
        let terms = self.terms[role as usize].at(from);
        if !ALL {
            // Only the best move is kept: a piece whose moves cannot beat
            // the best one so far (which wins a tie, being generated
            // first) nor reach the floor of a pawn's push (which loses a
            // tie to it) is not scored, only counted. Nor is any once a
            // mate is found: the search plays the mate.
            let best = ((self.best >> 32) as u32 ^ 0x8000_0000) as i32;
            let bound = terms.bound(targets, self.theirs, self.take_pawn.max(self.take_piece));
            if self.mate.is_some() || bound <= best || bound < self.floor {
                debug_assert!(
                    self.mate.is_some()
                        || targets.into_iter().all(|to| {
                            let score = self.ordinary(&terms, to as u32);
                            score <= best || score < self.floor
                        }),
                    "a bound of {bound} too low in {:?}",
                    self.pos
                );
                self.place -= u64::from(targets.len()) << 16;
                return;
            }
            // Nor are its quiet moves when they cannot: its captures
            // alone, each at its place among the piece's moves.
            let quiet = terms.bound(targets, self.theirs, 0);
            if quiet <= best || quiet < self.floor {
                let first = self.place;
                let from_bits = from as u16;
                let mut bits = (targets & self.theirs).0;
                while bits != 0 {
                    let to = bits.trailing_zeros();
                    bits &= bits - 1;
                    let before = targets.0 & ((1 << to) - 1);
                    self.place = first - (u64::from(before.count_ones()) << 16);
                    let m = Move::from_bits(from_bits | (to as u16) << 6);
                    let score = self.ordinary(&terms, to);
                    debug_assert_eq!(score, self.full(m, role), "the score of {m:?} taken apart");
                    self.emit(m, score);
                }
                self.place = first - (u64::from(targets.len()) << 16);
                return;
            }
        }
        let from_bits = from as u16;
        // Raw bit loops: a `Square` per move would cost a table load.
        let mut bits = targets.0;
        while bits != 0 {
            let to = bits.trailing_zeros();
            bits &= bits - 1;
            let m = Move::from_bits(from_bits | (to as u16) << 6);
            let score = self.ordinary(&terms, to);
            debug_assert_eq!(score, self.full(m, role), "the score of {m:?} taken apart");
            self.emit(m, score);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let kind = u16::from(double) << 12;
        // A pawn's part does not depend on where it stands.
        let terms = self.terms[Role::Pawn as usize];
        if !ALL && (targets & self.theirs).is_empty() && targets.more_than_one() {
            // Pushes, of which only the best is kept: the mate looked for
            // among those that may check (in order), and the best found at
            // once (see [`Scorer::best_push`]).
            if let Some(look) = &self.look {
                let uncovered = look.checks.uncovers.shift(delta);
                let mut bits = (targets & (look.checks.by_role[Role::Pawn as usize] | uncovered)).0;
                while bits != 0 {
                    let to = bits.trailing_zeros();
                    bits &= bits - 1;
                    let from = (to as i32 - delta) as u16 & 63;
                    self.try_mate(Move::from_bits(from | (to as u16) << 6 | kind));
                }
            }
            self.best_push(targets, delta, kind, &terms);
            return;
        }
        let mut bits = targets.0;
        while bits != 0 {
            let to = bits.trailing_zeros();
            bits &= bits - 1;
            let from = (to as i32 - delta) as u16 & 63;
            let m = Move::from_bits(from | (to as u16) << 6 | kind);
            self.try_mate(m);
            let score = self.push(&terms, to);
            debug_assert_eq!(
                score,
                self.full(m, Role::Pawn),
                "the score of {m:?} taken apart"
            );
            self.emit(m, score);
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::from_index((to.index() as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                if let Some(m) = Move::promotion(from, to, role) {
                    self.try_mate(m);
                    let score = self.full(m, Role::Pawn);
                    self.emit(m, score);
                }
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        let Some(role) = self.pos.role_at(m.from()) else {
            return;
        };
        self.try_mate(m);
        let score = self.full(m, role);
        self.emit(m, score);
    }
}

/// A piece's part of the score of each of its ordinary moves (see
/// [`winner_score`] and [`loser_score`]): `base`, less `near` times the
/// move's target square in `row` and `corner` times it in `corner_row`,
/// plus `rank` times its relative rank; the capture is added apart. The
/// rows are distances with their floors (a piece near enough has done its
/// part) already taken, so that a move costs only lookups.
#[derive(Copy, Clone)]
struct Terms {
    base: i32,
    row: &'static [u8; 64],
    /// The least distance on `row` (its floor).
    row_min: i32,
    near: i32,
    corner_row: &'static [u8; 64],
    /// The least distance on `corner_row`.
    corner_min: i32,
    corner: i32,
    rank: i32,
}

impl Terms {
    /// A bound from above on the score of every ordinary move of the piece
    /// whose part this is, to one of `targets`: its part at the least
    /// distances its rows hold, and the greatest capture when it may
    /// capture and a capture adds (the winner's).
    #[inline(always)]
    fn bound(&self, targets: Bitboard, theirs: Bitboard, best_capture: i32) -> i32 {
        let quiet = self.base - self.near * self.row_min - self.corner * self.corner_min;
        if best_capture > 0 && (targets & theirs).any() {
            quiet + best_capture
        } else {
            quiet
        }
    }

    const NONE: Terms = Terms {
        base: 0,
        row: &FLOORED[0][0],
        row_min: 0,
        near: 0,
        corner_row: &FLOORED[0][0],
        corner_min: 0,
        corner: 0,
        rank: 0,
    };

    /// The part of a piece of `role` on `from`: its template's (see
    /// [`Terms::template`]) with what `from` adds.
    #[inline(always)]
    fn at(&self, from: Square) -> Terms {
        let from = from.index() as usize & 63;
        Terms {
            base: self.base
                + self.near * i32::from(self.row[from])
                + self.corner * i32::from(self.corner_row[from]),
            ..*self
        }
    }

    /// The part of a piece of `role` that does not depend on where it
    /// stands, computed once a node: `base` is what a move scores before
    /// the distances of its squares count, from its origin (added by
    /// [`Terms::at`], the same rows and weights as its target's, with the
    /// opposite sign) and to its target.
    fn template(role: Role, winner_moves: bool, rows: &Rows) -> Terms {
        let t = Terms {
            corner_row: floored(0, rows.corner_square),
            ..Terms::NONE
        };
        if winner_moves {
            let weight = match role {
                Role::Queen => rows.queen_weight,
                Role::Rook | Role::King => 30,
                Role::Knight | Role::Bishop => 20,
                Role::Pawn => 0,
            };
            match (role, rows.target) {
                (Role::Pawn, _) => Terms {
                    base: rows.pawn_base,
                    rank: 10,
                    ..t
                },
                (Role::King, Some(target)) => Terms {
                    row: target,
                    near: 60,
                    ..t
                },
                _ => {
                    let reach = role_reach(role);
                    Terms {
                        row: floored(reach, rows.king_square),
                        row_min: reach,
                        near: weight,
                        corner: weight / 2,
                        ..t
                    }
                }
            }
        } else {
            match role {
                Role::King => Terms {
                    base: 100,
                    corner: rows.king_corner,
                    ..t
                },
                Role::Pawn => Terms {
                    base: 40,
                    rank: 5,
                    ..t
                },
                _ => Terms {
                    row: floored(1, rows.king_square),
                    row_min: 1,
                    near: 10,
                    corner_row: floored(1, rows.corner_square),
                    corner_min: 1,
                    corner: 120,
                    ..t
                },
            }
        }
    }
}

/// Past this many men a position is rich: its pawns run first, for they
/// promote sooner than the many men let the pieces close in on the king.
const RICH: u32 = 12;

/// What a pawn's push of the winner scores in a rich position.
const RICH_PAWN_BASE: i32 = 200;

/// What a pawn's push of the winner scores in a rich position, in the
/// quick order: pawns run first.
const QUICK_PAWN_BASE: i32 = 300;

/// What a pawn's push of the winner scores in a rich position, in the
/// quick order, once the winner has two queens: the queens close in first.
const QUEENS_PAWN_BASE: i32 = 60;

/// What a capture of a piece by the winner scores in a rich position, in
/// the thorough order: there the line runs through the loser's material.
const RICH_TAKE_PIECE: i32 = 400;

/// What a step of the winner's queen towards the king scores in a rich
/// position.
const RICH_QUEEN_WEIGHT: i32 = 60;

/// How much a step of the losing king towards its corner scores in a rich
/// position, in the quick order: nothing, for there its own men crowd around it and it is mated
/// where it stands sooner than in a corner it must walk to (any king move
/// still scores as a waiting move).
const QUICK_KING_CORNER: i32 = 0;

/// The king-step distances a node's scores read, each a row of
/// [`DISTANCE`] looked up once per node: to the losing king, to the corner
/// it is sent to, and to the winner's king's target, if any.
struct Rows {
    king: &'static [u8; 64],
    corner: &'static [u8; 64],
    target: Option<&'static [u8; 64]>,
    king_square: Square,
    corner_square: Square,
    /// What any push of the winner's pawns scores before its rank counts.
    pawn_base: i32,
    /// How much a step of the winner's queen towards the king scores.
    queen_weight: i32,
    /// How much a step of the losing king towards the corner scores.
    king_corner: i32,
    /// What a capture of a piece by the winner scores.
    take_piece: i32,
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
        s += if captured == Role::Pawn {
            250
        } else {
            rows.take_piece
        };
    }
    let weight = match role {
        Role::Queen => rows.queen_weight,
        Role::Rook => 30,
        Role::Knight | Role::Bishop => 20,
        Role::King => 30,
        Role::Pawn => 0,
    };
    if role == Role::Pawn {
        s += rows.pawn_base + 10 * relative_rank(to, pos.turn());
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
        Role::King => 100 + rows.king_corner * (at(rows.corner, from) - at(rows.corner, to)),
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

/// `FLOORED[f][a][b]`: the king steps from `a` to `b`, or `f` if more.
static FLOORED: [[[u8; 64]; 64]; 4] = {
    let mut table = [[[0; 64]; 64]; 4];
    let mut f = 0;
    while f < 4 {
        let mut a = 0;
        while a < 64 {
            let mut b = 0;
            while b < 64 {
                let d = DISTANCE[a][b];
                table[f][a][b] = if d > f as u8 { d } else { f as u8 };
                b += 1;
            }
            a += 1;
        }
        f += 1;
    }
    table
};

/// The row of [`FLOORED`] with floor `floor` (at most 3) from `sq`.
fn floored(floor: i32, sq: Square) -> &'static [u8; 64] {
    &FLOORED[floor as usize & 3][sq.index() as usize & 63]
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

#[cfg(test)]
mod tests;
