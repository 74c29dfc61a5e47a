//! The order of a helpmate search's moves: each legal move scored as the
//! generator gives it (see [`generate_scored`]), and the look for a mate
//! in one among them.

use super::flights::{
    free_flights, mates_in_one, mates_in_one_of, may_take_flights, may_take_flights_of,
};
use super::{CheckSquares, Order};
use crate::movegen::Sink;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use arrayvec::ArrayVec;

/// Scores the legal moves of `pos` for a helpmate by `winner` into `keys`
/// (with `ALL` every move's key, else the greatest only) and looks for a
/// mate in one: how many legal moves there are (0, 1, or 2 for two or
/// more: the search asks no more) and the first mate found (once one is
/// found the generation stops: the count is then of the moves generated
/// so far, at least one). Without `look` no mate is looked for (the
/// caller looked already).
#[inline(never)]
pub(super) fn generate_scored<const ALL: bool>(
    pos: &Position,
    winner: Color,
    corner: Square,
    (order, look): (Order, bool),
    keys: &mut ArrayVec<u64, 256>,
) -> (u32, Option<Move>) {
    let mut scorer = Scorer::<ALL>::new(pos, winner, corner, (order, look), keys);
    pos.generate(Bitboard::FULL, &mut scorer);
    let count = scorer.count.min(2);
    if !ALL && count > 0 {
        scorer.keys.push(scorer.best);
    }
    (count, scorer.mate)
}

/// The look for a mate in one: the losing king, its check squares and the
/// squares it may flee to.
struct MateLook {
    king: Square,
    checks: CheckSquares,
    free: Bitboard,
    /// The squares the winner's leapers attack (see [`super::flights::leapers`]).
    leap: Bitboard,
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
/// move. The place is not a count of the moves before (a count costs a
/// population count a piece, in software on the baseline target) but the
/// generator's order itself: the group (one call of the generator, one
/// piece's moves or a set of pawn moves of one kind) counted down, then
/// the target square counted down (a group gives its moves from the
/// lowest square up), then the promotion's role. What depends on the
/// piece is worked out once for all its moves (the generator gives them
/// together), and a move adds only what its target square brings, a few
/// table reads. Castling, en passant and promotions
/// take the whole functions.
struct Scorer<'a, const ALL: bool> {
    pos: &'a Position,
    /// Every key (with `ALL`; at most 256 moves, as the search tries).
    keys: &'a mut ArrayVec<u64, 256>,
    rows: Rows,
    winner_moves: bool,
    theirs: Bitboard,
    their_pawns: Bitboard,
    /// The part of each role's moves (see [`Terms::templates`]), indexed
    /// by `Role as usize`.
    terms: [Terms; 6],
    /// What a capture of a pawn or of a piece adds.
    take_pawn: i32,
    take_piece: i32,
    /// The ranks counted from the mover's side.
    flip: i32,
    /// The place of the generator's next group of moves, counted down
    /// from [`FIRST_GROUP`] and shifted to its bits of the key (see
    /// [`Scorer::place`]).
    place: u64,
    /// How many legal moves were generated: each group adds 1 for one
    /// move, 2 for more, so that the sum tells none, one and more apart.
    count: u32,
    /// The greatest key seen (without `ALL`).
    best: u64,
    look: Option<MateLook>,
    /// The first mate in one found.
    mate: Option<Move>,
    /// The squares nearer than so many steps to the losing king (see
    /// [`closer`]), from which the rows of every piece but the king count.
    closer: &'static [u64; 16],
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
        (order, look): (Order, bool),
        keys: &'a mut ArrayVec<u64, 256>,
    ) -> Scorer<'a, ALL> {
        let king = pos.king(!winner);
        let rich = pos.occupied().len() > RICH;
        let quick = rich && order == Order::Quick;
        // A second queen (one promoted, most often) mates sooner than more
        // promotions would.
        let queens = pos.pieces(winner, Role::Queen).more_than_one();
        let rows = Rows::new(
            king_target(pos, winner),
            king,
            corner,
            (rich, quick, queens),
        );
        let us = pos.turn();
        let winner_moves = us == winner;
        let theirs = pos.by_color(!us);
        let (take_pawn, take_piece) = if winner_moves {
            (rows.take(true), rows.take(false))
        } else {
            (-50, -300)
        };
        let look = if winner_moves && look {
            free_flights(pos, winner).map(|(free, leap)| MateLook {
                king,
                checks: CheckSquares::new(pos, king),
                free,
                leap,
            })
        } else {
            None
        };
        let floor = if !ALL && winner_moves {
            pawn_floor(pos, &rows)
        } else {
            i32::MIN
        };
        let terms = Terms::templates(winner_moves, &rows);
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
            place: FIRST_GROUP,
            count: 0,
            best: 0,
            keys,
            look,
            mate: None,
            floor,
            closer: &CLOSER[king.index() as usize & 63],
        }
    }

    /// The key bits of the place of a move of the current group to the
    /// square of index `to`, the `sub`-th of the moves to it (promotions).
    #[inline(always)]
    fn place(&self, to: u32, sub: u32) -> u64 {
        self.place | u64::from(63 - (to & 63)) << 19 | u64::from(3 - (sub & 3)) << 17
    }

    /// Ends a group of moves (see [`Scorer::place`]), one to each of
    /// `targets`, counted.
    #[inline(always)]
    fn next_group(&mut self, targets: Bitboard) {
        self.end_group(u32::from(targets.any()) + u32::from(targets.more_than_one()));
    }

    /// Ends a group of moves, `moves` of them (2 for two or more).
    #[inline(always)]
    fn end_group(&mut self, moves: u32) {
        self.count += moves;
        // No saturation (a dependency on every group's count): a valid
        // position never has that many groups (see [`FIRST_GROUP`]).
        debug_assert!(self.place >= 1 << 25, "{:?}", self.pos);
        self.place = self.place.wrapping_sub(1 << 25);
    }

    /// Takes the score of `m`, of the current group.
    #[inline(always)]
    fn emit(&mut self, m: Move, score: i32) {
        self.emit_at(m, score, 0);
    }

    /// Takes the score of `m`, the `sub`-th move of the current group to
    /// its target square.
    #[inline(always)]
    fn emit_at(&mut self, m: Move, score: i32, sub: u32) {
        let to = u32::from(m.bits() >> 6) & 63;
        // The score's sign bit flipped: shifted by 2^31, never negative.
        let key =
            u64::from(score as u32 ^ 0x8000_0000) << 32 | self.place(to, sub) | u64::from(m.bits());
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
    }

    /// Without `ALL`: takes the best of the ordinary moves of the piece
    /// on `from` (of `role`, whose part is `terms`) to `considered`, some
    /// of its `targets`, at its place among them; the first on a tie,
    /// which its key prefers. One key is made, not one a move.
    #[inline(always)]
    fn best_of(
        &mut self,
        from: Square,
        role: Role,
        terms: &Terms,
        considered: Bitboard,
        targets: Bitboard,
    ) {
        let _ = role; // Read by the debug check alone.
        let _ = targets; // Read by the debug check alone.
        let mut bits = considered.0;
        if bits == 0 {
            return;
        }
        // The quiet moves without the capture's term (it adds nothing
        // there), then the captures; the first of the best on a tie.
        let (mut score, mut to) = (i32::MIN, 64);
        bits &= !self.theirs.0;
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            let i = sq as usize & 63;
            let s = terms.base
                - terms.near * i32::from(terms.row[i])
                - terms.corner * i32::from(terms.corner_row[i]);
            debug_assert_eq!(s, self.ordinary(terms, sq));
            if s > score {
                (score, to) = (s, sq);
            }
        }
        let mut bits = (considered & self.theirs).0;
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            let s = self.ordinary(terms, sq);
            if s > score || (s == score && sq < to) {
                (score, to) = (s, sq);
            }
        }
        debug_assert!(
            considered.into_iter().all(|sq| {
                let m = Move::from_bits(from as u16 | (sq as u16) << 6);
                let s = self.ordinary(terms, sq as u32);
                s == self.full(m, role) && (s < score || (s == score && sq as u32 >= to))
            }),
            "the best of {considered:?} taken apart in {:?}",
            self.pos
        );
        debug_assert!((considered & !targets).is_empty());
        self.emit(Move::from_bits(from as u16 | (to as u16 & 63) << 6), score);
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
/// winner (as [`Rows::push`] says, a promotion to a queen [`PROMOTE_QUEEN`] more),
/// among the pushes known legal without generating them: the king not in
/// check, the square ahead empty, the pawn on no line through its king
/// but its file (so not pinned off it). `i32::MIN` if none.
fn pawn_floor(pos: &Position, rows: &Rows) -> i32 {
    let us = pos.turn();
    if pos.is_check() {
        return i32::MIN;
    }
    let king = pos.king(us);
    let forward = if us == Color::White { 8 } else { -8 };
    let pawns = pos.pieces(us, Role::Pawn);
    let open = (!pos.occupied()).shift(-forward);
    // The pawns off the king's lines, or on its file, which they keep to.
    let lines = Bitboard::from_rank(king.rank()) | crate::attacks::bishop_rays(king);
    let free = pawns & open & !lines;
    // The push to the farthest rank scores the most (a promotion too).
    let to = match us {
        Color::White => free.last().map(|from| from.index() + 8),
        Color::Black => free.first().map(|from| from.index() - 8),
    };
    let floor = to.map_or(i32::MIN, |to| {
        let rank = relative_rank(Square::from_index(to), us);
        rows.push(rank) + if rank == 7 { PROMOTE_QUEEN } else { 0 }
    });
    debug_assert_eq!(
        floor,
        (pawns & open)
            .into_iter()
            .filter_map(|from| {
                let to = Square::from_index((from.index() as i32 + forward) as u32);
                let line = crate::attacks::line(king, from);
                let rank = relative_rank(to, us);
                (!line.any() || line.contains(to))
                    .then_some(rows.push(rank) + if rank == 7 { PROMOTE_QUEEN } else { 0 })
            })
            .max()
            .unwrap_or(i32::MIN),
        "{pos:?}"
    );
    floor
}

/// The key bits of the first group's place (see [`Scorer::place`]): 127
/// groups counted down on seven bits, more than the generator gives (a
/// group a piece, queens twice, seven of the pawns and five a pinned
/// pawn, castling and en passant: 70 at most with 16 men, the most a
/// valid position has); were there more, the count would wrap into the
/// score's bits (a worse order of the moves, never a wrong move).
const FIRST_GROUP: u64 = 127 << 25;

impl<const ALL: bool> Sink for Scorer<'_, ALL> {
    const ROLES: bool = true;

    #[inline(always)]
    fn piece(&mut self, from: Square, role: Role, targets: Bitboard) {
        // A piece without a move is no group (an empty group's place
        // needs no count: the places of the others keep their order).
        if targets.is_empty() {
            return;
        }
        debug_assert_eq!(Some(role), self.pos.role_at(from), "{:?}", self.pos);
        self.piece_moves(from, role, targets);
        self.next_group(targets);
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        if targets.is_empty() {
            return;
        }
        self.pawn_moves(targets, delta, double);
        self.next_group(targets);
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        if targets.is_empty() {
            return;
        }
        for to in targets {
            let from = Square::from_index((to.index() as i32 - delta) as u32);
            for (sub, role) in Role::PROMOTIONS.into_iter().enumerate() {
                if let Some(m) = Move::promotion(from, to, role) {
                    self.try_mate(m);
                    let score = self.full(m, Role::Pawn);
                    self.emit_at(m, score, sub as u32);
                }
            }
        }
        // Four moves a target.
        self.end_group(2 * u32::from(targets.any()));
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        if let Some(role) = self.pos.role_at(m.from()) {
            self.try_mate(m);
            let score = self.full(m, role);
            self.emit(m, score);
            self.end_group(1);
        }
    }

    /// Once a mate in one is found the rest of the moves need not be
    /// generated: the search plays the mate (the count of the moves then
    /// falls short, but is at least one, which is all it asks).
    #[inline(always)]
    fn done(&self) -> bool {
        self.mate.is_some()
    }
}

impl<const ALL: bool> Scorer<'_, ALL> {
    /// The moves of the piece of `role` on `from` to `targets` (a group).
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, role: Role, targets: Bitboard) {
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
                        && mates_in_one_of(self.pos, m, role, look.leap)
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
                return;
            }
            // Nor are its quiet moves when they cannot: its captures
            // alone, each at its place among the piece's moves.
            let quiet = terms.bound(targets, self.theirs, 0);
            let considered = if quiet <= best || quiet < self.floor {
                targets & self.theirs
            } else {
                // The quiet moves near enough to beat it alone: the row
                // counts from the losing king but for a king sent to a
                // target (whose few moves are all looked at).
                let near = if role == Role::King && self.rows.target.is_some() {
                    Bitboard::FULL
                } else {
                    terms.within(best, self.floor, self.closer)
                };
                targets & (self.theirs | near)
            };
            debug_assert!(
                (targets & !considered).into_iter().all(|to| {
                    let score = self.ordinary(&terms, to as u32);
                    score <= best || score < self.floor
                }),
                "a move left out that may be the best in {:?}",
                self.pos
            );
            self.best_of(from, role, &terms, considered, targets);
            return;
        }
        let from_bits = from as u16;
        // Raw bit loops: a `Square` per move would cost a table load.
        let mut bits = targets.0;
        if (targets & self.theirs).is_empty() {
            // No capture: the capture's term is left out.
            while bits != 0 {
                let to = bits.trailing_zeros();
                bits &= bits - 1;
                let m = Move::from_bits(from_bits | (to as u16) << 6);
                let i = to as usize & 63;
                let score = terms.base
                    - terms.near * i32::from(terms.row[i])
                    - terms.corner * i32::from(terms.corner_row[i]);
                debug_assert_eq!(score, self.full(m, role), "the score of {m:?} taken apart");
                self.emit(m, score);
            }
            return;
        }
        while bits != 0 {
            let to = bits.trailing_zeros();
            bits &= bits - 1;
            let m = Move::from_bits(from_bits | (to as u16) << 6);
            let score = self.ordinary(&terms, to);
            debug_assert_eq!(score, self.full(m, role), "the score of {m:?} taken apart");
            self.emit(m, score);
        }
    }

    /// The pawn moves to `targets` from `delta` behind (a group).
    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32, double: bool) {
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

    /// The squares to which an ordinary move of the piece whose part this
    /// is may score more than `best` and at least `floor` but for what a
    /// capture adds: those near enough on `row` (the distance on
    /// `corner_row` taken at its least), `closer` the squares nearer than
    /// so many steps to the square `row` counts from (see [`closer`]).
    /// Every square when `row` does not count, or no score is yet to beat.
    #[inline(always)]
    fn within(&self, best: i32, floor: i32, closer: &[u64; 16]) -> Bitboard {
        let least = i64::from(best) + 1;
        let least = least.max(i64::from(floor));
        if self.near <= 0 || least <= i64::from(i32::MIN) + 1 {
            return Bitboard::FULL;
        }
        // A move to a square `d` steps away on `row` scores at most
        // `base - near * d - corner * corner_min`.
        let limit = i64::from(self.base) - i64::from(self.corner * self.corner_min) - least;
        if limit < 0 {
            return Bitboard::EMPTY;
        }
        let steps = limit / i64::from(self.near);
        Bitboard(closer[(steps + 1).min(8) as usize & 15])
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
    /// [`Terms::templates`]) with what `from` adds.
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

    /// The part of each role's moves that does not depend on where the
    /// piece stands (indexed by `Role as usize`), computed once a node:
    /// `base` is what a move scores before the distances of its squares
    /// count, from its origin (added by [`Terms::at`], the same rows and
    /// weights as its target's, with the opposite sign) and to its target.
    /// Written out role by role: the rows shared by several roles are
    /// looked up once (a map over the roles cost a tenth of the node).
    #[inline(always)]
    fn templates(winner_moves: bool, rows: &Rows) -> [Terms; 6] {
        let t = Terms {
            corner_row: floored(0, rows.corner_square),
            ..Terms::NONE
        };
        if winner_moves {
            let toward = |reach: i32, weight: i32| Terms {
                row: floored(reach, rows.king_square),
                row_min: reach,
                near: weight,
                corner: weight / 2,
                ..t
            };
            let king = match rows.target {
                Some(target) => Terms {
                    row: row(target),
                    near: 60,
                    ..t
                },
                None => toward(role_reach(Role::King), rows.weight(Role::King)),
            };
            [
                Terms {
                    base: rows.pawn_base,
                    rank: PAWN_RANK,
                    ..t
                },
                toward(role_reach(Role::Knight), rows.weight(Role::Knight)),
                toward(role_reach(Role::Bishop), rows.weight(Role::Bishop)),
                toward(role_reach(Role::Rook), rows.weight(Role::Rook)),
                toward(role_reach(Role::Queen), rows.weight(Role::Queen)),
                king,
            ]
        } else {
            let piece = Terms {
                row: floored(1, rows.king_square),
                row_min: 1,
                near: 10,
                corner_row: floored(1, rows.corner_square),
                corner_min: 1,
                corner: 120,
                ..t
            };
            [
                Terms {
                    base: 40,
                    rank: 5,
                    ..t
                },
                piece,
                piece,
                piece,
                piece,
                Terms {
                    base: 100,
                    corner: rows.king_corner,
                    ..t
                },
            ]
        }
    }
}

/// Past this many men a position is rich: its pawns run first, for they
/// promote sooner than the many men let the pieces close in on the king.
pub(super) const RICH: u32 = 12;

/// What a pawn's push of the winner scores in a rich position.
const RICH_PAWN_BASE: i32 = 200;

/// What a pawn's push of the winner scores in a rich position, in the
/// quick order: pawns run first, but a piece that closes in on the king
/// from afar, or takes, comes before them (at 300 the pawns ran on to a
/// third queen before the mate: the lines were longer).
const QUICK_PAWN_BASE: i32 = 200;

/// What a pawn's push of the winner scores in a rich position, in the
/// quick order, once the winner has two queens: the queens close in first.
const QUEENS_PAWN_BASE: i32 = 60;

/// What a capture of a piece by the winner scores in a rich position:
/// there the line runs through the loser's material (in the quick order
/// too, where it comes before the pawns' pushes: shorter lines than at
/// 150).
const RICH_TAKE_PIECE: i32 = 400;

/// What a step of the winner's queen towards the king scores in a rich
/// position.
const RICH_QUEEN_WEIGHT: i32 = 60;

/// What a step of the winner's queen towards the king scores in a rich
/// position, in the quick order: a queen that closes in from afar comes
/// before the pawns' pushes ([`QUICK_PAWN_BASE`]), and the mate it helps
/// give comes sooner than a promotion's.
const QUICK_QUEEN_WEIGHT: i32 = 90;

/// How much a step of the losing king towards its corner scores in a rich
/// position, in the quick order: nothing, for there its own men crowd around it and it is mated
/// where it stands sooner than in a corner it must walk to (any king move
/// still scores as a waiting move).
const QUICK_KING_CORNER: i32 = 0;

/// What a node's scores count from: the losing king, the corner it is
/// sent to and the winner's king's target, if any (their rows of
/// [`DISTANCE`] looked up when a move is scored in full, the rare ones:
/// the others read their roles' [`Terms`]), and the weights of the node.
struct Rows {
    /// The square the winner's king goes to (see [`king_target`]).
    target: Option<Square>,
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

/// What a capture of a pawn by the winner scores.
const TAKE_PAWN: i32 = 250;

/// What each rank a winner's pawn's push reaches adds.
const PAWN_RANK: i32 = 10;

/// What a promotion of the winner to a queen adds.
const PROMOTE_QUEEN: i32 = 900;

impl Rows {
    /// The rows of a node of `rich` or fewer men, in the `quick` order or
    /// not (see [`Order`]), the winner with two `queens` or more or not:
    /// the losing king on `king`, sent to `corner`, the winner's king to
    /// `target`, if any.
    fn new(
        target: Option<Square>,
        king: Square,
        corner: Square,
        (rich, quick, queens): (bool, bool, bool),
    ) -> Rows {
        Rows {
            target,
            king_square: king,
            corner_square: corner,
            pawn_base: match (rich, quick) {
                (_, true) if queens => QUEENS_PAWN_BASE,
                (_, true) => QUICK_PAWN_BASE,
                (true, false) => RICH_PAWN_BASE,
                (false, _) => 60,
            },
            queen_weight: if quick {
                QUICK_QUEEN_WEIGHT
            } else if rich {
                RICH_QUEEN_WEIGHT
            } else {
                40
            },
            king_corner: if quick { QUICK_KING_CORNER } else { 60 },
            take_piece: if rich { RICH_TAKE_PIECE } else { 150 },
        }
    }

    /// What the winner's capture of a pawn (`pawn`) or of a piece scores.
    #[inline(always)]
    fn take(&self, pawn: bool) -> i32 {
        if pawn { TAKE_PAWN } else { self.take_piece }
    }

    /// How much a step of the winner's piece of `role` towards the losing
    /// king scores (half as much a step towards the corner).
    #[inline(always)]
    fn weight(&self, role: Role) -> i32 {
        match role {
            Role::Queen => self.queen_weight,
            Role::Rook | Role::King => 30,
            Role::Knight | Role::Bishop => 20,
            Role::Pawn => 0,
        }
    }

    /// What the winner's pawn's push to the relative `rank` scores, but
    /// for a promotion and a capture.
    #[inline(always)]
    fn push(&self, rank: i32) -> i32 {
        self.pawn_base + PAWN_RANK * rank
    }

    /// What the winner's piece of `role` (not a pawn) gains by its move
    /// from `from` to `to` towards the losing king and its corner (a piece
    /// already near the king has done its part).
    #[inline(always)]
    fn closing_in(&self, role: Role, from: Square, to: Square) -> i32 {
        let (weight, reach) = (self.weight(role), role_reach(role));
        let (king, corner) = (row(self.king_square), row(self.corner_square));
        let approach = at(king, from).max(reach) - at(king, to).max(reach);
        weight * approach + weight / 2 * (at(corner, from) - at(corner, to))
    }
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
            Role::Queen => PROMOTE_QUEEN,
            Role::Knight => 300,
            Role::Rook => 200,
            _ => 100,
        };
    }
    if let Some(captured) = captured(pos, m) {
        s += rows.take(captured == Role::Pawn);
    }
    if role == Role::Pawn {
        s += rows.push(relative_rank(to, pos.turn()));
    } else if let (Role::King, Some(target)) = (role, rows.target) {
        let target = row(target);
        s += 60 * (at(target, from) - at(target, to));
    } else {
        s += rows.closing_in(role, from, to);
    }
    s
}

/// The score of a move of the losing side: its king walks to the corner,
/// its pieces block the king's flight squares, its pawns advance; it
/// captures little.
#[inline(always)]
fn loser_score(pos: &Position, m: Move, role: Role, rows: &Rows) -> i32 {
    let (from, to) = (m.from(), m.to());
    let (king, corner) = (row(rows.king_square), row(rows.corner_square));
    let mut s = match role {
        Role::King => 100 + rows.king_corner * (at(corner, from) - at(corner, to)),
        Role::Pawn => 40 + 5 * relative_rank(to, pos.turn()),
        _ => {
            // Into the corner beside its own king: blocks its flight squares.
            10 * (at(king, from).max(1) - at(king, to).max(1))
                + 120 * (at(corner, from).max(1) - at(corner, to).max(1))
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
pub(super) fn distance(a: Square, b: Square) -> i32 {
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

/// The squares nearer than `d` king steps to `sq` (`d` at most 8).
#[inline(always)]
pub(super) fn closer(sq: Square, d: i32) -> Bitboard {
    Bitboard(CLOSER[sq.index() as usize & 63][d as usize & 15])
}

/// `CLOSER[a][d]`: the squares fewer than `d` king steps from `a` (all
/// of them from `d` = 8 on).
static CLOSER: [[u64; 16]; 64] = {
    let mut table = [[0; 16]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 16 {
            let mut b = 0;
            while b < 64 {
                if (DISTANCE[a][b] as usize) < d {
                    table[a][d] |= 1 << b;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
};

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

/// A quick look's cheap winner's choice in a line from a rich root (the
/// winner to move, not in check): the best capture, as the quick order
/// scores it in a rich position (more than [`RICH`] men: its [`Rows`], as
/// [`winner_score`] reads them), even when fewer
/// men are left, among those of the pieces but the king
/// and of the pawns (not onto the last rank), men pinned to their king
/// left out (so every move looked at is legal), without a generation of
/// the legal moves; `None` when there is none. The scored generation picks
/// a capture in two thirds of such nodes; a quiet move that it would
/// prefer (a long approach of the queen, a pawn's push) is not looked at.
pub(super) fn best_capture(pos: &Position, winner: Color, corner: Square) -> Option<Move> {
    let own_king = pos.king(winner);
    let ours = pos.by_color(winner);
    let pieces = ours & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
    let pins = pos.pinned_to_king(winner, own_king);
    let king = pos.king(!winner);
    let theirs = pos.by_color(!winner).without(king);
    let pawns = pos.by_role(Role::Pawn);
    let occupied = pos.occupied();
    // The rows of a rich node in the quick order, whatever the men (the
    // king's moves are not looked at: no target for it).
    let queens = pos.pieces(winner, Role::Queen).more_than_one();
    let rows = Rows::new(None, king, corner, (true, true, queens));
    let mut best: Option<(i32, Move)> = None;
    for from in pieces & !pins {
        let (role, attacks) = match pos.role_at(from) {
            Some(Role::Queen) => (Role::Queen, crate::attacks::queen(from, occupied)),
            Some(Role::Rook) => (Role::Rook, crate::attacks::rook(from, occupied)),
            Some(Role::Bishop) => (Role::Bishop, crate::attacks::bishop(from, occupied)),
            _ => (Role::Knight, crate::attacks::knight(from)),
        };
        for to in attacks & theirs {
            let s = rows.take(pawns.contains(to)) + rows.closing_in(role, from, to);
            debug_assert_eq!(s, winner_score(pos, Move::new(from, to), role, &rows));
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, Move::new(from, to)));
            }
        }
    }
    let last = Bitboard::from_rank(crate::Rank::Eighth.relative_to(winner));
    for from in pos.pieces(winner, Role::Pawn) & !pins {
        for to in crate::attacks::pawn(winner, from) & theirs & !last {
            let s = rows.take(pawns.contains(to)) + rows.push(relative_rank(to, winner));
            debug_assert_eq!(s, winner_score(pos, Move::new(from, to), Role::Pawn, &rows));
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, Move::new(from, to)));
            }
        }
    }
    best.map(|(_, m)| m)
}
