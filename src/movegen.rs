//! Legal move generation from a check mask and pin rays, and perft.
//!
//! Moves are never made and tested: a piece pinned to its king may only move
//! along the pin line, every non-king move must land in the check mask (the
//! checker or a square between it and the king), and the king only steps to
//! squares that are not attacked once it has left its own square.

use crate::bitboard::square_at;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::{Bitboard, Color, Rank, Role, Square, attacks};

/// Receives generated moves, in bulk where the generator has them in bulk.
pub(crate) trait Sink {
    /// Whether the sink reads the role given to [`Sink::piece`]: if not, the
    /// generator does not tell a queen from a bishop or a rook (it gives a
    /// queen's moves along diagonals with the bishops', along lines with the
    /// rooks') and gives `Role::Bishop` or `Role::Rook` for it; a test a
    /// queen costs a list's generation even when the role goes unread.
    const ROLES: bool = false;
    /// Moves of the piece of `role` on `from` to each of `targets` (never
    /// pawns): the generator knows the role, so a sink need not look it up.
    /// The role is right for a queen only with [`Sink::ROLES`].
    fn piece(&mut self, from: Square, role: Role, targets: Bitboard);
    /// Pawn moves to each of `targets` from the square `delta` behind it; `kind` 0 or 1 (double push).
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool);
    /// Promotions (to all four roles) to each of `targets` from `delta` behind.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One move of a rare kind: en passant or castling.
    fn special(&mut self, m: Move);
    /// `true` once the sink wants no more moves: the generator may stop
    /// (between groups of moves; it may still give a few more).
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

/// Appends to the list one move at a time: `push` compiles to a compare
/// and a store, the length kept in a register through a loop.
impl Sink for MoveList {
    // Raw bit loops: turning each index into a `Square` and back costs a
    // table load per move, which showed in the profile.
    #[inline(always)]
    fn piece(&mut self, from: Square, _: Role, targets: Bitboard) {
        let from = from as u16;
        let mut bits = targets.0;
        while bits != 0 {
            let to = bits.trailing_zeros() as u16;
            bits &= bits - 1;
            self.push(Move::from_bits(from | to << 6));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        let kind = u16::from(double) << 12;
        let mut bits = targets.0;
        while bits != 0 {
            let to = bits.trailing_zeros();
            bits &= bits - 1;
            let from = (to as i32 - delta) as u16 & 63;
            self.push(Move::from_bits(from | (to as u16) << 6 | kind));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = square_at((to.index() as i32 - delta) as u32);
            for role in Role::PROMOTIONS {
                if let Some(m) = Move::promotion(from, to, role) {
                    self.push(m);
                }
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without listing them (perft's last ply).
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Square, _: Role, targets: Bitboard) {
        self.0 += targets.len() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32, _: bool) {
        self.0 += targets.len() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * targets.len() as u64;
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Looks for any legal move and stops at the first group that has one.
struct Any(bool);

impl Sink for Any {
    #[inline(always)]
    fn piece(&mut self, _: Square, _: Role, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i32, _: bool) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 |= targets.any();
    }
    #[inline(always)]
    fn special(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.0
    }
}

/// `true` if `bb` has three squares or more (no population count: the
/// baseline x86-64 target has no instruction for it).
#[inline(always)]
fn more_than_two(bb: Bitboard) -> bool {
    let rest = bb.0 & bb.0.wrapping_sub(1);
    rest & rest.wrapping_sub(1) != 0
}

/// Looks for one move among the generated ones, without listing them.
struct Seek {
    wanted: Move,
    found: bool,
}

impl Seek {
    /// `true` if the wanted move, of a kind that `fits`, goes to one of
    /// `targets` from `delta` behind its target.
    #[inline(always)]
    fn pawn_move(&self, targets: Bitboard, delta: i32, fits: bool) -> bool {
        let to = self.wanted.to();
        fits && targets.contains(to) && self.wanted.from() as i32 == (to as i32 - delta) & 63
    }
}

impl Sink for Seek {
    #[inline(always)]
    fn piece(&mut self, from: Square, _: Role, targets: Bitboard) {
        let m = self.wanted;
        self.found |= m.code() == 0 && m.from() == from && targets.contains(m.to());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, delta: i32, double: bool) {
        self.found |= self.pawn_move(targets, delta, self.wanted.code() == u16::from(double));
    }
    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        // Kind codes 4 to 7 only: the raw bits of a move may hold more.
        let fits = self.wanted.promotion_role().is_some();
        self.found |= self.pawn_move(targets, delta, fits);
    }
    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.found
    }
}

const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

impl Position {
    /// All legal moves (FIDE 3): never allocates.
    ///
    /// In an optimised build the list is filled where the caller keeps it,
    /// not copied on return, so a search loop can call it at every node: copy the position (a plain copy of about 100
    /// bytes), [`play_unchecked`](Position::play_unchecked) a move, recurse.
    /// Where only the number of moves matters,
    /// [`count_legal_moves`](Position::count_legal_moves) counts them
    /// without listing them.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// let kiwipete = Position::from_fen(
    ///     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(kiwipete.legal_moves().len(), 48);
    ///
    /// // A search loop on the public API: copy, play, recurse.
    /// fn leaves(pos: &Position, depth: u32) -> u64 {
    ///     if depth == 1 {
    ///         return pos.count_legal_moves();
    ///     }
    ///     let mut nodes = 0;
    ///     for m in &pos.legal_moves() {
    ///         let mut child = pos.clone();
    ///         child.play_unchecked(*m);
    ///         nodes += leaves(&child, depth - 1);
    ///     }
    ///     nodes
    /// }
    /// assert_eq!(leaves(&kiwipete, 2), 2_039);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.new_list()
    }

    /// The legal moves, in a list made here and filled by one call: the
    /// optimiser then has that call fill the returned list in place.
    #[inline(never)]
    fn new_list(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.fill_new_list(&mut moves);
        moves
    }

    /// Empties `moves` and lists the legal moves in it.
    ///
    /// Emptying the list here, before anything reads it, lets the optimiser
    /// see that the caller's own emptying is overwritten, and then have this
    /// one call write straight into the list
    /// [`legal_moves`](Position::legal_moves) returns: a list built in the
    /// generator's frame and returned was copied whole (all
    /// [`MAX_MOVES`](crate::MAX_MOVES) slots, 836 bytes) on every call.
    /// That takes a generator that cannot unwind (else the caller's list
    /// must stay readable for its drop): no panic may be reachable from
    /// here, hence the magic lookups' `get` (`attacks::magic_lookup`).
    #[inline(never)]
    fn fill_new_list(&self, moves: &mut MoveList) {
        *moves = MoveList::new();
        match self.turn {
            Color::White => self.generate_for::<true, _>(Bitboard::FULL, moves),
            Color::Black => self.generate_for::<false, _>(Bitboard::FULL, moves),
        }
    }

    /// Appends the legal moves of the pieces on `from_mask` to `moves`.
    #[inline(always)]
    fn fill_legal_moves(&self, from_mask: Bitboard, moves: &mut MoveList) {
        match self.turn {
            Color::White => self.fill_legal_moves_for::<true>(from_mask, moves),
            Color::Black => self.fill_legal_moves_for::<false>(from_mask, moves),
        }
    }

    #[inline(never)]
    fn fill_legal_moves_for<const WHITE: bool>(&self, from_mask: Bitboard, moves: &mut MoveList) {
        self.generate_for::<WHITE, _>(from_mask, moves);
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().count_legal_moves(), 20);
    /// ```
    #[inline]
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(Bitboard::FULL, &mut counter);
        counter.0
    }

    /// `true` if there is a legal move: generation stops at the first
    /// piece that has one (most often the king, whose moves come first).
    pub(crate) fn has_legal_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate(Bitboard::FULL, &mut any);
        any.0
    }

    /// `true` if `m` is among the legal moves: generated for its piece
    /// alone and looked for, never listed.
    pub(crate) fn has_move(&self, m: Move) -> bool {
        let mut seek = Seek {
            wanted: m,
            found: false,
        };
        self.generate(Bitboard::from_square(m.from()), &mut seek);
        seek.found
    }

    /// Legal moves of the pieces standing on `from`.
    pub(crate) fn generate_from(&self, from: Bitboard, moves: &mut MoveList) {
        self.fill_legal_moves(from, moves);
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep
    /// (perft(1) is the number of legal moves). The standard test of a move
    /// generator against published counts.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// assert_eq!(Position::new().perft(3), 8_902);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => {
                let mut nodes = 0;
                for &m in self.legal_moves().iter() {
                    let mut child = self.clone();
                    child.play_unchecked(m);
                    nodes += child.perft(depth - 1);
                }
                nodes
            }
        }
    }

    /// `true` if the en passant capture of the pawn on `from` to `ep` leaves
    /// the own king safe (FIDE 3.7.3.1 with 3.9): both pawns leave their
    /// squares, so a rank pin through both, or a diagonal through one, matters.
    pub(crate) fn is_legal_en_passant(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let captured = Square::from_coords(ep.file(), from.rank());
        let occupied =
            (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
        let attackers =
            self.attackers_under(king, them, occupied) & !Bitboard::from_square(captured);
        attackers.is_empty()
    }

    /// Pieces of `us` (the side to move) pinned to their king.
    #[inline(always)]
    pub(crate) fn pinned_to_king(&self, us: Color, king: Square) -> Bitboard {
        self.checkers_and_pinned(us, king).1
    }

    /// Every square the side not to move (Black when `WHITE`) attacks,
    /// with `occupied` as the blockers.
    #[inline(always)]
    fn attacked_by<const WHITE: bool>(&self, occupied: Bitboard) -> Bitboard {
        let them = if WHITE { Color::Black } else { Color::White };
        let theirs = self.by_color(them);
        let pawns = self.pieces(them, Role::Pawn);
        let forward = if WHITE { -8 } else { 8 };
        let mut attacked =
            (pawns.shift(forward - 1) & !FILE_H) | (pawns.shift(forward + 1) & !FILE_A);
        if let Some(king) = self.pieces(them, Role::King).first() {
            attacked |= attacks::king(king);
        }
        for sq in self.by_role(Role::Knight) & theirs {
            attacked |= attacks::knight(sq);
        }
        let queens = self.by_role(Role::Queen);
        for sq in (self.by_role(Role::Bishop) | queens) & theirs {
            attacked |= attacks::bishop(sq, occupied);
        }
        for sq in (self.by_role(Role::Rook) | queens) & theirs {
            attacked |= attacks::rook(sq, occupied);
        }
        attacked
    }

    /// The enemy pieces giving check to `us` (whose king is on `king`), and
    /// the pieces of `us` pinned to that king.
    #[inline(always)]
    fn checkers_and_pinned(&self, us: Color, king: Square) -> (Bitboard, Bitboard) {
        let them = !us;
        let occupied = self.occupied();
        let theirs = self.by_color(them);
        let queens = self.by_role(Role::Queen);
        // Every enemy line piece on a line through the king (empty-board
        // rays: no magic lookup); one with another enemy piece between
        // neither checks nor pins, as the count of blockers tells.
        let snipers = ((attacks::rook_rays(king) & (self.by_role(Role::Rook) | queens))
            | (attacks::bishop_rays(king) & (self.by_role(Role::Bishop) | queens)))
            & theirs;
        // (A king beside the king is no check a valid position has, but
        // after an illegal `play_unchecked` it counts as before.)
        let mut checkers = (attacks::knight(king) & self.by_role(Role::Knight)
            | attacks::pawn(us, king) & self.by_role(Role::Pawn)
            | attacks::king(king) & self.by_role(Role::King))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        (checkers, pinned & self.by_color(us))
    }

    /// Generates the legal moves of the pieces on `from_mask` into `sink`,
    /// in the order [`legal_moves`](Position::legal_moves) lists them.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, from_mask: Bitboard, sink: &mut S) {
        // One copy of the generator per colour: the side to move, pawn
        // directions and relative ranks become constants.
        match self.turn {
            Color::White => self.generate_for::<true, S>(from_mask, sink),
            Color::Black => self.generate_for::<false, S>(from_mask, sink),
        }
    }

    #[inline(always)]
    fn generate_for<const WHITE: bool, S: Sink>(&self, from_mask: Bitboard, sink: &mut S) {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let king = self.king(us);
        // Checkers and pins from one look along the lines out of the king
        // through the enemy's pieces only: a line piece there checks when
        // nothing stands between, and pins a piece of ours when it alone does.
        let (checkers, pinned) = self.checkers_and_pinned(us, king);

        if from_mask.contains(king) {
            let without_king = occupied ^ Bitboard::from_square(king);
            let mut targets = attacks::king(king) & !ours;
            let officers = theirs & !self.by_role(Role::Pawn) & !self.by_role(Role::King);
            if targets.more_than_one() && !more_than_two(officers) {
                // An open king against few pieces (an ending): every
                // square the enemy attacks, in one pass over its pieces,
                // is cheaper than a test per square.
                targets &= !self.attacked_by::<WHITE>(without_king);
            } else {
                for to in targets {
                    if self.is_attacked(to, them, without_king) {
                        targets ^= Bitboard::from_square(to);
                    }
                }
            }
            sink.piece(king, Role::King, targets);
        }
        if checkers.more_than_one() || sink.done() {
            return;
        }
        let target_mask = match checkers.first() {
            Some(checker) => attacks::between(king, checker) | checkers,
            None => !ours,
        };
        let movable = ours & from_mask;

        for from in self.by_role(Role::Knight) & movable & !pinned {
            sink.piece(from, Role::Knight, attacks::knight(from) & target_mask);
        }
        if sink.done() {
            return;
        }
        let queens = self.by_role(Role::Queen);
        for from in (self.by_role(Role::Bishop) | queens) & movable {
            let mut targets = attacks::bishop(from, occupied) & target_mask;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            let role = if S::ROLES && queens.contains(from) {
                Role::Queen
            } else {
                Role::Bishop
            };
            sink.piece(from, role, targets);
        }
        for from in (self.by_role(Role::Rook) | queens) & movable {
            let mut targets = attacks::rook(from, occupied) & target_mask;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            let role = if S::ROLES && queens.contains(from) {
                Role::Queen
            } else {
                Role::Rook
            };
            sink.piece(from, role, targets);
        }
        if sink.done() {
            return;
        }

        self.pawn_moves::<WHITE, S>(king, pinned, target_mask, from_mask, sink);

        if checkers.is_empty() && from_mask.contains(king) {
            self.castling_moves(us, sink);
        }
    }

    #[inline(always)]
    fn pawn_moves<const WHITE: bool, S: Sink>(
        &self,
        king: Square,
        pinned: Bitboard,
        target_mask: Bitboard,
        from_mask: Bitboard,
        sink: &mut S,
    ) {
        let us = if WHITE { Color::White } else { Color::Black };
        let theirs = self.by_color(!us);
        let empty = !self.occupied();
        let pawns = self.pieces(us, Role::Pawn) & from_mask;
        let forward = us.fold(8, -8);
        let last_rank = Bitboard::from_rank(Rank::Eighth.relative_to(us));
        let third_rank = Bitboard::from_rank(Rank::Third.relative_to(us));

        // Pinned pawns keep to their pin line; handle them one by one.
        let free = pawns & !pinned;
        let captures = target_mask & theirs;
        let single = free.shift(forward) & empty;
        let double = (single & third_rank).shift(forward) & empty & target_mask;
        let single = single & target_mask;
        sink.pawns(single & !last_rank, forward, false);
        sink.promotions(single & last_rank, forward);
        sink.pawns(double, 2 * forward, true);
        for (delta, edge) in [(forward - 1, FILE_H), (forward + 1, FILE_A)] {
            let hits = (free.shift(delta) & !edge) & captures;
            sink.pawns(hits & !last_rank, delta, false);
            sink.promotions(hits & last_rank, delta);
        }
        for from in pawns & pinned {
            let line = attacks::line(king, from);
            let one = Bitboard::from_square(from).shift(forward) & empty;
            let two = (one & third_rank).shift(forward) & empty & target_mask & line;
            let one = one & target_mask & line;
            let hits = attacks::pawn(us, from) & captures & line;
            sink.pawns(one & !last_rank, forward, false);
            sink.promotions(one & last_rank, forward);
            sink.pawns(two, 2 * forward, true);
            for to in hits {
                let delta = to.index() as i32 - from.index() as i32;
                let to = Bitboard::from_square(to);
                sink.pawns(to & !last_rank, delta, false);
                sink.promotions(to & last_rank, delta);
            }
        }

        if let Some(ep) = self.ep {
            for from in attacks::pawn(!us, ep) & pawns {
                if self.is_legal_en_passant(from, ep) {
                    sink.special(Move::en_passant(from, ep));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Sink;
    use crate::{Bitboard, Color, Move, Position, Role, Square, attacks};
    use alloc::vec::Vec;

    /// Positions with checks, double checks, pins of every kind, en passant,
    /// promotions, castling, mates and stalemates.
    const FENS: [&str; 10] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
        "4k3/4r3/8/8/8/8/3n4/4K3 w - - 0 1",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    ];

    /// Every position of the trees `depth` plies deep from `FENS`.
    fn walk(pos: &Position, depth: u32, visit: &mut impl FnMut(&Position)) {
        visit(pos);
        if depth == 0 {
            return;
        }
        for &m in &pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            walk(&child, depth - 1, visit);
        }
    }

    fn each_position(visit: &mut impl FnMut(&Position)) {
        for fen in FENS {
            walk(&Position::from_fen(fen).unwrap(), 2, visit);
        }
    }

    /// Records each group of piece moves the generator gives: with
    /// `ROLES` the role it reads, else the role it may not rely on.
    struct Roles<const ROLES: bool>(Vec<(Square, Role, Bitboard)>);

    impl<const ROLES: bool> Sink for Roles<ROLES> {
        const ROLES: bool = ROLES;
        fn piece(&mut self, from: Square, role: Role, targets: Bitboard) {
            self.0.push((from, role, targets));
        }
        fn pawns(&mut self, _: Bitboard, _: i32, _: bool) {}
        fn promotions(&mut self, _: Bitboard, _: i32) {}
        fn special(&mut self, _: Move) {}
    }

    #[test]
    fn the_generator_gives_each_piece_its_role() {
        let mut queens = 0;
        each_position(&mut |pos| {
            let mut read = Roles::<true>(Vec::new());
            let mut blind = Roles::<false>(Vec::new());
            pos.generate(Bitboard::FULL, &mut read);
            pos.generate(Bitboard::FULL, &mut blind);
            assert_eq!(read.0.len(), blind.0.len(), "{pos:?}");
            for (&(from, role, targets), &(blind_from, blind_role, blind_targets)) in
                read.0.iter().zip(&blind.0)
            {
                assert_eq!(Some(role), pos.role_at(from), "{pos:?} {from}");
                // The same groups in the same order; a queen's role is
                // told only to a sink that reads it.
                assert_eq!((from, targets), (blind_from, blind_targets), "{pos:?}");
                if role == Role::Queen {
                    assert!(matches!(blind_role, Role::Bishop | Role::Rook), "{pos:?}");
                    queens += 1;
                } else {
                    assert_eq!(role, blind_role, "{pos:?} {from}");
                }
            }
        });
        // The walk saw queens move, or the test would prove little.
        assert!(queens > 100, "{queens} queen groups");
    }

    #[test]
    fn checkers_and_pins_from_one_look_are_the_attackers_and_the_pinned() {
        let mut checks = 0;
        let mut pins = 0;
        each_position(&mut |pos| {
            let us = pos.turn();
            let king = pos.king(us);
            let (checkers, pinned) = pos.checkers_and_pinned(us, king);
            assert_eq!(
                checkers,
                pos.attackers_under(king, !us, pos.occupied()),
                "{pos:?}"
            );
            assert_eq!(checkers, pos.checkers(), "{pos:?}");
            assert_eq!(checkers.any(), pos.is_check(), "{pos:?}");
            assert_eq!(pinned, pos.pinned_to_king(us, king), "{pos:?}");
            assert_eq!(pinned, pos.pinned(us), "{pos:?}");
            checks += usize::from(checkers.any());
            pins += usize::from(pinned.any());
        });
        // The walk saw both, or the test would prove nothing.
        assert!(checks > 100 && pins > 100, "{checks} checks, {pins} pins");
    }

    #[test]
    fn a_line_piece_behind_a_piece_of_its_own_neither_checks_nor_pins() {
        // Rook behind its own bishop, behind a knight of ours, behind its
        // own pawn; and a queen with our knight alone between (a pin), a
        // bishop with nothing between (a check).
        for (fen, checkers, pinned) in [
            ("4k3/8/8/8/4r3/4b3/4N3/4K3 w - - 0 1", 0, 0),
            ("4k3/8/8/8/4r3/4N3/4b3/4K3 w - - 0 1", 0, 0),
            ("4k3/8/8/q7/1p6/8/3N4/4K3 w - - 0 1", 0, 0),
            ("4k3/8/8/q7/8/8/3N4/4K3 w - - 0 1", 0, 1),
            ("4k3/8/8/8/7b/8/8/4K3 w - - 0 1", 1, 0),
            ("4k3/8/8/8/4r2b/8/4N3/4K3 w - - 0 1", 1, 1),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let us = pos.turn();
            let found = pos.checkers_and_pinned(us, pos.king(us));
            assert_eq!((found.0.len(), found.1.len()), (checkers, pinned), "{fen}");
            assert_eq!(found, (pos.checkers(), pos.pinned(us)), "{fen}");
        }
    }

    #[test]
    fn the_attacked_squares_in_one_pass_are_those_attacked_one_by_one() {
        each_position(&mut |pos| {
            let us = pos.turn();
            let them = !us;
            let king = Bitboard::from_square(pos.king(us));
            for occupied in [pos.occupied(), pos.occupied() ^ king] {
                let attacked = match us {
                    Color::White => pos.attacked_by::<true>(occupied),
                    Color::Black => pos.attacked_by::<false>(occupied),
                };
                for sq in Square::ALL {
                    assert_eq!(
                        attacked.contains(sq),
                        pos.is_attacked(sq, them, occupied),
                        "{pos:?} {sq}"
                    );
                }
            }
        });
        // Few pieces, kings in the open: the one-pass path of the king's moves.
        for fen in [
            "8/8/3k4/8/8/4K3/8/8 w - - 0 1",
            "8/8/3k4/8/2p5/4K3/8/6r1 w - - 0 1",
            "8/8/3k4/8/2P5/4K3/1B6/6R1 b - - 0 1",
            "8/1q6/3k4/8/8/4K3/8/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for m in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(*m);
                // Legal: the mover's king is not left attacked.
                assert!(!child.is_attacked(
                    child.king(!child.turn()),
                    child.turn(),
                    child.occupied()
                ));
            }
            // Every king step to an unattacked square is listed.
            let king = pos.king(pos.turn());
            let free = (attacks::king(king) & !pos.by_color(pos.turn()))
                .into_iter()
                .filter(|&to| {
                    !pos.is_attacked(
                        to,
                        !pos.turn(),
                        pos.occupied() ^ Bitboard::from_square(king),
                    )
                })
                .count();
            let listed = pos
                .legal_moves()
                .iter()
                .filter(|m| m.from() == king)
                .count();
            assert_eq!(listed, free, "{fen}");
        }
    }

    #[test]
    fn a_move_looked_for_is_found_exactly_when_listed() {
        let mut found = 0;
        // The positions up to one ply deep: every move of every own piece,
        // every target and kind code, legal or not.
        let mut visit = |pos: &Position| {
            let legal = pos.legal_moves();
            for from in pos.by_color(pos.turn()) {
                for bits in 0..(1u16 << 10) {
                    let m = Move::from_bits(from as u16 | bits << 6);
                    assert_eq!(pos.has_move(m), legal.contains(&m), "{pos:?} {m:?}");
                    found += usize::from(pos.has_move(m));
                }
            }
        };
        for fen in FENS {
            walk(&Position::from_fen(fen).unwrap(), 1, &mut visit);
        }
        assert!(found > 1_000, "{found}");
    }

    #[test]
    fn the_early_stopping_look_for_a_move_agrees_with_the_count() {
        let mut without = 0;
        each_position(&mut |pos| {
            let has = pos.has_legal_moves();
            assert_eq!(has, pos.count_legal_moves() > 0, "{pos:?}");
            assert_eq!(has, !pos.legal_moves().is_empty(), "{pos:?}");
            without += usize::from(!has);
        });
        assert!(without > 0, "no position without moves was seen");
        // The king stuck: only a promotion, only a knight; stalemates.
        for (fen, has) in [
            ("k7/P7/1K6/8/8/8/7p/8 b - - 0 1", true),
            ("k7/2Q5/1K6/8/8/8/8/7n b - - 0 1", true),
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            ("k7/8/1Q6/8/8/8/8/7K b - - 0 1", false),
            // Stalemates whose one pawn or knight is pinned: its push
            // square empty, its jumps free, and still no move.
            ("k7/1p1N4/8/1N1B4/8/8/8/7K b - - 0 1", false),
            ("k7/1n1N4/8/1N1B4/8/8/8/7K b - - 0 1", false),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(pos.has_legal_moves(), has, "{fen}");
            assert_eq!(pos.count_legal_moves() > 0, has, "{fen}");
        }
    }
}
