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

mod flights;
mod promote;
mod score;

use super::Budget;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use arrayvec::ArrayVec;
use score::{RICH, closer, distance, generate_scored};

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
    /// Whether the winner's free pawn pushes without a generation in the
    /// lines of first choices (see [`Search::node`]): from a root of more
    /// men than the small endings have, whose lines a generation at every
    /// node of the winner made costly.
    pushes: bool,
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
    let corner = *target_corners(root, winner).get(corner)?;
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

/// How many times a line of first choices ([`Search::first_choice_line`])
/// takes back a winner's move that stalemates the loser and plays the
/// next-best instead.
const STALEMATE_RETRIES: u32 = 3;

/// Positions a quick look's line that follows the heuristic alone may
/// visit, per corner: most such lines that mate do within it.
const QUICK_GREEDY: u64 = 60;

/// The quick look for a mating line (the [`Order::Quick`] search with a
/// budget of a few hundred positions, at most): first the line that
/// follows the heuristic alone towards each target corner in turn (at most
/// [`QUICK_GREEDY`] positions each, the corners in [`quick_corners`]'s
/// order), then one discrepancy towards the first two corners with what
/// is left, if at least [`WIDER`]. A line that the first choices find
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

/// The fewest positions left for which the quick look tries its searches
/// with one discrepancy ([`quick`]). With less they seldom find a line:
/// in the rulings of the benches' slow positions (a quick look of 160
/// positions) they found 5 in 35 tries, and the rulings cost 4 % less
/// without them. The verdict's look of 600 positions keeps them.
const WIDER: u64 = 100;

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
    for corner in quick_corners(root, winner) {
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
    let corners = quick_corners(root, winner);
    for &corner in &corners {
        let line = budget.part(QUICK_GREEDY, |b| {
            search_from(root, winner, b, (60, 0, 0), corner, table, Order::Quick)
        });
        if line.is_some() {
            return line;
        }
    }
    if budget.left < WIDER {
        return None;
    }
    for (i, &corner) in corners.iter().take(2).enumerate() {
        let share = budget.left / (2 - i as u64);
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
    corner: Square,
    table: &mut [u64],
    order: Order,
) -> Option<Line> {
    debug_assert!(table.len() <= 1 << 16);
    let mut search = Search {
        winner,
        budget,
        table,
        written: Some(ArrayVec::new()),
        line: Line::new(),
        corner,
        order,
        pushes: root.occupied().len() > super::SMALL_MEN,
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

/// What a node of the search leads to ([`Search::node`]).
enum Node {
    /// Nothing more to try there: whether the line ends in a mate.
    Leaf(bool),
    /// The loser, to move, is stalemated: the winner's move into it was
    /// wasted, another may be tried instead.
    Stalemate,
    /// The moves to try are scored; their children are searched this deep.
    Expand(u32),
}

impl Search<'_> {
    fn dfs(&mut self, pos: &Position, depth: u32, discrepancies: u32) -> bool {
        if discrepancies == 0 {
            return self.first_choice_line(pos, depth);
        }
        let mut ordered = ArrayVec::<u64, 256>::new();
        let next = match self.node(pos, depth, discrepancies, &mut ordered) {
            Node::Leaf(found) => return found,
            Node::Stalemate => return false,
            Node::Expand(next) => next,
        };
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

    /// [`Search::dfs`] with no discrepancy left: the best move alone at
    /// every node, so the line is played on one board, without a copy of
    /// the position or a call per node. A winner's move that stalemates
    /// the loser is taken back and the winner's next-best move played
    /// instead ([`STALEMATE_RETRIES`] times a line at most). The moves
    /// pushed are taken back when no mate ends the line.
    fn first_choice_line(&mut self, root: &Position, mut depth: u32) -> bool {
        let start = self.line.len();
        let mut pos = root.clone();
        let mut ordered = ArrayVec::<u64, 256>::new();
        // After a stalemate: the moves of the winner's node not tried yet,
        // scored, and how long the line was at that node.
        let mut others = ArrayVec::<u64, 256>::new();
        let mut others_at = None;
        let mut retries = 0;
        let found = loop {
            ordered.clear();
            let m = match self.node(&pos, depth, 0, &mut ordered) {
                Node::Leaf(found) => break found,
                Node::Expand(next) => {
                    let Some(&best) = ordered.iter().max() else {
                        break false;
                    };
                    depth = next;
                    Move::from_bits(best as u16)
                }
                Node::Stalemate => {
                    // Back to the winner's node: the line replayed from
                    // the root (a stalemate is rare enough), its moves
                    // scored in full once (one more position).
                    if retries == STALEMATE_RETRIES {
                        break false;
                    }
                    retries += 1;
                    if self.line.len() <= start {
                        break false;
                    }
                    let Some(tried) = self.line.pop() else {
                        break false;
                    };
                    pos.clone_from(root);
                    for &m in &self.line[start..] {
                        pos.play_unchecked(m);
                    }
                    if others_at != Some(self.line.len()) {
                        if !self.budget.spend() {
                            break false;
                        }
                        others.clear();
                        let (_, mate) = generate_scored::<true>(
                            &pos,
                            self.winner,
                            self.corner,
                            (self.order, true),
                            &mut others,
                        );
                        if let Some(m) = mate {
                            break self.line.try_push(m).is_ok();
                        }
                        others_at = Some(self.line.len());
                    }
                    others.retain(|&mut key| key as u16 != tried.bits());
                    // The depth stays: the children of that node.
                    let Some(&best) = others.iter().max() else {
                        break false;
                    };
                    Move::from_bits(best as u16)
                }
            };
            pos.play_unchecked(m);
            if self.line.try_push(m).is_err() {
                break false;
            }
        };
        if !found {
            self.line.truncate(start);
        }
        found
    }

    /// The work of a node but its children: the budget spent, the leaves
    /// (no depth left, no mating material, already searched, no legal
    /// move, a mate in one, which is pushed on the line), the table
    /// written, and the moves to try scored into `ordered`.
    fn node(
        &mut self,
        pos: &Position,
        depth: u32,
        discrepancies: u32,
        ordered: &mut ArrayVec<u64, 256>,
    ) -> Node {
        if !self.budget.spend() {
            return Node::Leaf(false);
        }
        // Where no move would be tried, only a mate on the board counts.
        if depth == 0
            || self.line.len() >= MAX_PLY
            || (pos.halfmove_clock() == 0 && pos.has_insufficient_material(self.winner))
        {
            return Node::Leaf(pos.turn() != self.winner && is_mated(pos));
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
            return Node::Leaf(false);
        }

        // The moves are scored as the generator gives them, and a mate in
        // one is looked for among them at once. One move is tried when no
        // discrepancy is left (or only one move is legal): the best.
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
        // On the winner's turn of such a line from a rich root, the pawn
        // whose way is empty pushes without a generation (while one can):
        // the move the scored moves most often chose there, and pushes
        // lead to the queens that mate. The look for a mate in one at
        // such a node is given up (the lines run a few plies longer).
        // In the last positions of ten men or more of 13,832
        // lichess-style records, the winner's generations fall from
        // 37,608 to 23,386 (the loser's rise from 4,443 to 6,266), the
        // lines found stay (4,859 to 4,857 of 4,884), and their rulings
        // cost 11 % fewer instructions.
        let step = step.or_else(|| {
            if discrepancies == 0
                && self.order == Order::Quick
                && pos.turn() == self.winner
                && self.pushes
            {
                promote::push(pos, self.winner)
            } else {
                None
            }
        });
        // A winner's node of a line of first choices looks for a mate in
        // one before the generation, among the checking moves alone: a
        // mate found needs no generation.
        let looked =
            step.is_none() && discrepancies == 0 && pos.turn() == self.winner && !pos.is_check();
        if looked {
            if let Some(m) = flights::quick_mate(pos, self.winner) {
                return Node::Leaf(self.line.try_push(m).is_ok());
            }
        }
        // Past the look, a winner's node of such a line from a rich root
        // plays its best capture without a generation (as a rich position
        // scores it, however few men are left): the scored generation's
        // choice in two thirds of the rich ones. On the last positions of
        // ten men or more of 13,832 lichess-style records, their rulings
        // cost 8.7 % fewer instructions (5.4 % while still rich alone).
        let step = if looked && self.pushes && self.order == Order::Quick {
            let m = score::best_capture(pos, self.winner, self.corner);
            debug_assert!(m.is_none_or(|m| pos.is_legal(m)), "{m:?} in {pos:?}");
            m
        } else {
            step
        };
        let (count, mate) = if let Some(m) = step {
            ordered.push(u64::from(m.bits()));
            (2, None)
        } else if discrepancies == 0 {
            let how = (self.order, !looked);
            generate_scored::<false>(pos, self.winner, self.corner, how, ordered)
        } else {
            generate_scored::<true>(pos, self.winner, self.corner, (self.order, true), ordered)
        };
        if count == 0 {
            return match (pos.turn() != self.winner, pos.is_check()) {
                (true, true) => Node::Leaf(true),
                (true, false) => Node::Stalemate,
                (false, _) => Node::Leaf(false),
            };
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
            return Node::Leaf(self.line.try_push(m).is_ok());
        }
        let forced = count == 1;
        Node::Expand(if forced { depth } else { depth - 1 })
    }
}

/// A quiet step of the king of the side to move onto an empty square
/// nobody attacks (so legal without a generation): the nearest to
/// `target` (the first such on a tie); `None` if there is none, or if the
/// king stands on `target` and has men of its own: then one of them may
/// wait while the king stays (the scored moves choose), where a step
/// would take it out of its corner. On the benches' endings of 8 to 12
/// men where the quick look found no line, that finds one in 6 of 34.
fn king_step(pos: &Position, target: Square) -> Option<Move> {
    let us = pos.turn();
    let king = pos.king(us);
    let here = distance(king, target);
    if here == 0 && pos.by_color(us).more_than_one() {
        return None;
    }
    // The safe steps at once, as the look for a mate in one finds the
    // losing king's free squares: the leapers' squares, then the few
    // sliders near the king (no test of a step at a time, whose
    // branches cost more than their instructions).
    let steps = crate::attacks::king(king) & !pos.occupied() & !flights::leapers(pos, !us);
    if steps.is_empty() {
        return None;
    }
    let safe = steps & !flights::sliders_near(pos, !us, king);
    // A step changes the distance to `target` by one at most: the nearer
    // steps first, then those as near, then the farther, each group in
    // square order (the first on a tie). The groups are masks of the
    // squares nearer to `target` than a distance, read from a table.
    let nearer = safe & closer(target, here);
    let level = safe & closer(target, here + 1);
    let group = if nearer.any() {
        nearer
    } else if level.any() {
        level
    } else {
        safe
    };
    let to = group.first()?;
    let m = Move::new(king, to);
    debug_assert!(pos.is_legal(m), "{m:?} in {pos:?}");
    debug_assert!(
        {
            let occupied = pos.occupied().without(king);
            (crate::attacks::king(king) & !pos.occupied())
                .into_iter()
                .filter(|&s| !pos.is_attacked(s, !us, occupied))
                .min_by_key(|&s| distance(s, target))
        } == Some(to),
        "{m:?} in {pos:?}"
    );
    Some(m)
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
    #[inline(always)]
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
            if between.any() && !between.more_than_one() {
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

/// The target corners of a quick look ([`target_corners`]), in the order
/// it tries them. In endings (up to [`RICH`] men), when the winner has
/// neither a queen nor two rooks, nearest first to the winner's king (the losing
/// king's distance on a tie): such an ending is mated where the winner's
/// king helps, and on the benches' endings of 8 to 12 men the first
/// choices find their line in fewer positions than towards the losing
/// king's nearest corner first, and as many lines. A queen or two rooks
/// mate on any edge without their king; among more men the losing king
/// steps towards the winner's king anyway (and the winner's king's corner
/// first cost the benches' rich positions more): the order stays.
fn quick_corners(pos: &Position, winner: Color) -> arrayvec::ArrayVec<Square, 4> {
    let mut corners = target_corners(pos, winner);
    let ours = pos.by_color(winner);
    let heavy =
        (ours & pos.by_role(Role::Queen)).any() || (ours & pos.by_role(Role::Rook)).more_than_one();
    if pos.occupied().len() <= RICH && !heavy {
        let king = pos.king(winner);
        let mut keyed = arrayvec::ArrayVec::<(i32, usize, Square), 4>::new();
        for (i, &c) in corners.iter().enumerate() {
            keyed.push((distance(king, c), i, c));
        }
        keyed.sort_unstable();
        corners.clear();
        corners.extend(keyed.into_iter().map(|(_, _, c)| c));
    }
    corners
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
