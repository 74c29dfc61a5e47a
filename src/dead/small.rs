//! Small endings known, not searched: every pawnless position of at most
//! four men, king and pawn against king, the four-man endings with one
//! pawn (K+P v K+X and K+P+X v K, X a knight, bishop, rook or queen) and
//! king and two pawns against king.
//!
//! Over a whole signature the answer follows the material: a side that
//! has enough to mate ([`Position::has_insufficient_material`] says no)
//! can mate from every position but a few where the game is forced within
//! a couple of moves into a stalemate or a capture that leaves too little
//! (a king that must take the queen). So the verdict is the material rule
//! looked at a few plies ahead: every legal move tried, a capture answered
//! by the smaller signature, a checkmate or stalemate on the way read off
//! the board. The generator in `generate.rs` proves, over every placement
//! of every signature, that this agrees with the retrograde fixed point.
//!
//! Larger endings reach the known ones: a capture (or a man offered and
//! taken) that leads into a winnable known ending, or a king that walks to
//! an enemy man and takes it, shows a position of five to ten men alive
//! by a series of legal moves played on the board, without a search.

pub(super) mod descent;
mod exceptions;
#[cfg(test)]
mod generate;
mod handover;
pub(super) mod line;
mod tester;

use super::helpmate::Line;
use crate::{Color, Position, Role};
use exceptions::EXCEPTIONS;
pub(crate) use handover::{hands_over, hands_over_for};
use tester::FirstSuccess;

/// Plies looked ahead before the material rule is trusted.
const LOOKAHEAD: u32 = 2;

/// Whether `winner` can ever checkmate from `pos`, when `pos` is one of
/// the small endings known here; `None` otherwise.
pub(crate) fn verdict(pos: &Position, winner: Color) -> Option<bool> {
    if !is_known(pos) {
        return None;
    }
    if pos.has_insufficient_material(winner) {
        // A sound rule: no position where it holds is winnable, nor does
        // the rule below say so, so none is an exception either (the
        // generator's test proves the exceptions are exactly where the
        // rule is wrong): the key need not be worked out.
        return Some(false);
    }
    let exception =
        may_be_an_exception(pos, winner) && EXCEPTIONS.binary_search(&key(pos, winner)).is_ok();
    Some(rule(pos, winner) != exception)
}

/// `false` if `pos` has none of the materials of the [`EXCEPTIONS`] (four
/// men: one pawn, or a bishop and a knight and no pawn), or where no
/// exception of them for `winner` stands: the loser's king in a corner's
/// four squares, a pawn on its sixth or seventh rank. Then its key need
/// not be worked out (a test decodes every exception's men). Each
/// exception is a side forced into a stalemate or a bad capture in a
/// corner; the key (up to sixteen encodings, each sorted) took 4 M of the
/// 70 M instructions of the rulings of the small endings that end the
/// games of a lichess-style file, the known endings after their walks.
fn may_be_an_exception(pos: &Position, winner: Color) -> bool {
    let pawns = pos.by_role(Role::Pawn);
    pos.occupied().len() == 4
        && CORNER_BOXES.contains(pos.king(!winner))
        && match pawns.single_square() {
            Some(pawn) => pos
                .piece_at(pawn)
                .is_some_and(|piece| pawn.rank().relative_to(piece.color) >= crate::Rank::Sixth),
            None => {
                pawns.is_empty()
                    && pos.by_role(Role::Bishop).any()
                    && pos.by_role(Role::Knight).any()
            }
        }
}

/// The four squares of each corner (a1 b1 a2 b2 and their images under
/// the board's symmetries, which the keys are taken under): where a king
/// of every exception stands.
const CORNER_BOXES: crate::Bitboard = crate::Bitboard(0xc3c3_0000_0000_c3c3);

/// The material rule looked [`LOOKAHEAD`] plies ahead: right but for
/// the [`EXCEPTIONS`].
fn rule(pos: &Position, winner: Color) -> bool {
    known(pos, winner, LOOKAHEAD)
}

/// A number that names the position and the question up to the board's
/// symmetries and the swap of colours: the least of its encodings under
/// every transformation that keeps the rules (with a pawn, only the mirror
/// of files, and the colour swap with the mirror of ranks).
pub(crate) fn key(pos: &Position, winner: Color) -> u64 {
    let pawns = pos.by_role(Role::Pawn).any();
    // Each man's colour, role and square, read off the board once.
    let mut board = arrayvec::ArrayVec::<(u64, crate::Square), 32>::new();
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            let _ = board.try_push(((piece.color as u64) << 9 | (piece.role as u64) << 6, sq));
        }
    }
    let mut best = u64::MAX;
    for t in 0..8u32 {
        for swap in [false, true] {
            if pawns && t != u32::from(swap) * 2 && t != u32::from(swap) * 2 + 1 {
                continue;
            }
            let mut men = arrayvec::ArrayVec::<u64, 32>::new();
            for &(code, sq) in &board {
                let _ = men.try_push((code ^ u64::from(swap) << 9) | transform(t, sq));
            }
            men.sort_unstable();
            let mut k = men.iter().fold(0, |k, &m| k << 10 | m);
            k = k << 1 | u64::from((pos.turn() as u8) ^ u8::from(swap));
            k = k << 1 | u64::from((winner as u8) ^ u8::from(swap));
            best = best.min(k);
        }
    }
    best
}

/// The square `sq` under the `t`-th symmetry of the board: 0 none, 1 the
/// mirror of files, 2 of ranks, 3 both, 4 to 7 the same after the
/// mirror of the a1-h8 diagonal.
fn transform(t: u32, sq: crate::Square) -> u64 {
    let (mut x, mut y) = (sq.file().index(), sq.rank().index());
    if t >= 4 {
        core::mem::swap(&mut x, &mut y);
    }
    if t & 1 != 0 {
        x = 7 - x;
    }
    if t & 2 != 0 {
        y = 7 - y;
    }
    u64::from(y * 8 + x)
}

/// `true` for the endings [`verdict`] answers: pawnless with at most four
/// men; king and pawn against king; four men with one pawn (K+P v K+X and
/// K+P+X v K, X any piece); king and two pawns against king. No castling
/// rights (a castling is a move the tables do not make); an en passant
/// capture needs pawns of both colours, which these endings do not have.
pub(crate) fn is_known(pos: &Position) -> bool {
    let men = pos.occupied().len();
    let pawns = pos.by_role(Role::Pawn);
    pos.castling.is_empty()
        && match (men, pawns.len()) {
            (..=4, 0) | (3..=4, 1) => true,
            (4, 2) => (pawns & pos.by_color(Color::White)).len() != 1,
            _ => false,
        }
}

/// `true` if a capture or a promotion leads from `pos` (four or five men,
/// not itself known here) to a known ending that some side can win, at
/// once or after one move of the side to move that the opponent answers
/// with the capture (a man offered): then that side can win from `pos`
/// too, by that very series of legal moves.
pub(crate) fn leads_to_a_winnable_ending(pos: &Position) -> bool {
    let men = pos.occupied().len();
    if !(4..=5).contains(&men) || is_known(pos) {
        return false;
    }
    let moves = pos.legal_moves();
    if moves.iter().any(|&m| reduces_to_a_winnable_ending(pos, m)) {
        return true;
    }
    let they_promote = on_the_seventh(pos, !pos.turn());
    moves.iter().any(|&m| {
        if !they_promote && !may_offer(pos, m) {
            return false; // nothing to take after it: not played
        }
        let mut next = pos.clone();
        next.play_unchecked(m);
        next.occupied().len() == men
            && m.promotion_role().is_none()
            && may_take_or_promote(&next)
            && {
                // Only captures and promotions reduce: the others are not
                // listed (nor tested: `reduces_to_a_winnable_ending` says
                // `false` to them).
                let mut reducing = FirstSuccess::new(next.by_color(!next.turn()), |m| {
                    reduces_to_a_winnable_ending(&next, m)
                });
                next.generate(crate::Bitboard::FULL, &mut reducing);
                reducing.found
            }
    })
}

/// `false` if, after `m` (a legal move of the side to move), the opponent
/// certainly has no capture: `m` is a quiet move (no capture, castling,
/// promotion or pawn's double step, which may open an en passant capture)
/// after which no man of the mover is attacked, worked out on the board
/// as it stands, the moved man counted on its new square. `true`
/// otherwise: [`may_take_or_promote`] after `m`, without playing it, where
/// (as its caller knows) the opponent has no pawn on its seventh rank.
fn may_offer(pos: &Position, m: crate::Move) -> bool {
    let (from, to) = (m.from(), m.to());
    let us = pos.turn();
    let quiet = m.kind() == crate::MoveKind::Normal
        && m.promotion_role().is_none()
        && !pos.occupied().contains(to)
        && !(pos.pieces(us, Role::Pawn).contains(from) && from.index().abs_diff(to.index()) == 16);
    if !quiet {
        return true;
    }
    let occupied = pos.occupied().without(from).with(to);
    let offered = (pos.by_color(us).without(from).with(to))
        .into_iter()
        .any(|sq| pos.is_attacked(sq, !us, occupied));
    // Exact where the opponent has no pawn on its seventh rank (a quiet
    // move leaves its pawns where they are): then no promotion either.
    debug_assert!(
        offered || {
            let mut next = pos.clone();
            next.play_unchecked(m);
            !may_take_or_promote(&next)
        },
        "{m:?} in {pos:?}"
    );
    offered
}

/// `false` if the side to move certainly has neither a capture nor a
/// promotion: no man of the opponent attacked, no en passant square, no
/// pawn on its seventh rank. A cheap test before the moves are generated.
fn may_take_or_promote(pos: &Position) -> bool {
    let us = pos.turn();
    pos.ep.is_some()
        || on_the_seventh(pos, us)
        || pos
            .by_color(!us)
            .into_iter()
            .any(|sq| pos.is_attacked(sq, us, pos.occupied()))
}

/// `true` if `color` has a pawn on its seventh rank: a promotion one move
/// away.
fn on_the_seventh(pos: &Position, color: Color) -> bool {
    let seventh = crate::Bitboard::from_rank(crate::Rank::Seventh.relative_to(color));
    (pos.pieces(color, Role::Pawn) & seventh).any()
}

/// The most plies a king walks to take a man in
/// [`walks_to_a_winnable_ending`].
const WALK_PLIES: u32 = 24;

/// The most men of a position whose kings walk to take men in
/// [`walks_to_a_winnable_ending`]: endings of eight to ten men whose
/// quick look finds no line are mostly shown alive by a walk or two
/// (king and pawn endings), for less than the searches that follow.
const WALK_MEN: u32 = 10;

/// The most plies all the walks of one [`walks_to_a_winnable_ending`]
/// may take together: a bound on its cost where every walk fails.
const WALKS_PLIES: u32 = 400;

/// `true` if, in a position of four to [`WALK_MEN`] men (not known here), a king
/// can walk to an enemy man and take it, the other side meanwhile making
/// quiet moves that leave the man unguarded and give no check, into an
/// ending some
/// side can win: a known one, or one that [`leads_to_a_winnable_ending`]
/// or this walk again shows alive. The walk is played move by move from
/// the legal moves, so it is a series of legal moves to a position from
/// which a mate exists: `pos` is alive.
pub(crate) fn walks_to_a_winnable_ending(pos: &Position) -> bool {
    walks_within(pos, WALKS_PLIES)
}

/// [`walks_to_a_winnable_ending`] with at most `plies` plies walked: a
/// cheap first look.
pub(crate) fn walks_within(pos: &Position, mut plies: u32) -> bool {
    walks(pos, &mut plies, None)
}

/// [`walks_within`] for one side: `true` if the walks (at most `plies`
/// plies) lead into a known ending that `winner` can win, so that
/// `winner` can mate from `pos` by that series of legal moves and a mate
/// from there.
pub(crate) fn walks_within_for(pos: &Position, winner: Color, mut plies: u32) -> bool {
    walks(pos, &mut plies, Some(winner))
}

/// The walks of [`walks_within`] (`winner` `None`: into an ending some
/// side can win) or of [`walks_within_for`] (one that `winner` can).
fn walks(pos: &Position, plies: &mut u32, winner: Option<Color>) -> bool {
    let men = pos.occupied().len();
    if !(4..=WALK_MEN).contains(&men) || pos.castling.any() || is_known(pos) {
        return false;
    }
    for taker in [pos.turn(), !pos.turn()] {
        let king = pos.king(taker);
        let mut targets = arrayvec::ArrayVec::<(u32, crate::Square), 8>::new();
        for sq in pos.by_color(!taker) & !pos.by_role(Role::King) {
            let _ = targets.try_push((king.king_distance(sq), sq));
        }
        targets.sort_unstable();
        for &(_, target) in &targets {
            if *plies == 0 {
                return false;
            }
            if winner.is_some_and(|winner| taking_leaves_too_little(pos, target, winner)) {
                continue;
            }
            if walk_and_take(pos, taker, target, plies, winner) {
                return true;
            }
        }
    }
    false
}

/// `true` if taking the man on `target` leaves `winner` too little to
/// mate: the walks' other moves are quiet, so the capture at the end of
/// the walk to `target` leaves exactly the material on the board without
/// that man, and [`after_the_capture`] would find no win for `winner`
/// there (nor its verdict where the ending is known): the walk is not
/// tried. Only where no pawn, rook or queen of `winner` stays is the board
/// without that man tested. (Walks into an ending either side can win
/// skip nothing: both sides rarely lack the material, and the test cost
/// more there than the walks it saved.)
fn taking_leaves_too_little(pos: &Position, target: crate::Square, winner: Color) -> bool {
    let heavy_or_pawn =
        pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if (pos.by_color(winner) & heavy_or_pawn).without(target).any() {
        return false;
    }
    without_too_little(pos, target, winner)
}

/// The rest of [`taking_leaves_too_little`], seldom reached: kept out of
/// the walks' loop.
#[cold]
#[inline(never)]
fn without_too_little(pos: &Position, target: crate::Square, winner: Color) -> bool {
    // The board alone (the key, the clocks and the rights aside) is what
    // the material's test looks at.
    let mut after = pos.clone();
    for men in after.by_role.iter_mut().chain(after.by_color.iter_mut()) {
        *men = men.without(target);
    }
    after.has_insufficient_material(winner)
}

/// The walk of [`walks_to_a_winnable_ending`]: `taker`'s king steps
/// nearer to `target` (or takes it) on its turns; the other side plays its
/// first quiet move, not with the target, that leaves the target unguarded
/// and gives no check.
fn walk_and_take(
    pos: &Position,
    taker: Color,
    target: crate::Square,
    plies: &mut u32,
    winner: Option<Color>,
) -> bool {
    let mut line = Line::new();
    walk_to_take(pos, taker, target, plies, STALLED_TURNS, &mut line)
        .is_some_and(|p| after_the_capture(&p, plies, winner))
}

/// The turns a walking king may make without coming nearer to its
/// target (over the squares safe at the time) before the walk of
/// [`walks_to_a_winnable_ending`] is given up.
const STALLED_TURNS: u32 = 2;

/// The walk of [`walk_and_take`] played on a board: the position just
/// after the capture, its moves pushed onto `line`; `None` when the walk
/// gets stuck, runs out of plies, or makes `stall` turns in a row that
/// bring the king no nearer.
fn walk_to_take(
    pos: &Position,
    taker: Color,
    target: crate::Square,
    plies: &mut u32,
    stall: u32,
    line: &mut Line,
) -> Option<Position> {
    let mut walked = pos.clone();
    // The king's fewest steps to the target so far, and the turns since
    // it last came nearer: a walk that stops coming nearer has failed.
    let (mut nearest, mut stalled) = (u8::MAX, 0);
    for _ in 0..WALK_PLIES {
        if *plies == 0 {
            return None;
        }
        *plies -= 1;
        let pos = &walked;
        let king = pos.king(taker);
        let occupied = pos.occupied();
        let chosen = if pos.turn() == taker {
            // Only the king moves: its steps alone are looked at. One map
            // of the enemy's attacks serves both the king's moves and its
            // paths (they differ only behind a king in check).
            let attacked = attacked_by(pos, !taker);
            let steps_to = if attacked.contains(king) {
                king_moves(pos)
            } else {
                king_moves_under(pos, attacked)
            };
            if steps_to.contains(target) {
                let m = crate::Move::new(king, target);
                walked.play_known(m, Role::King);
                line.try_push(m).ok()?;
                return Some(walked);
            }
            let (steps, to) = nearest_step(pos, taker, target, steps_to & !occupied, attacked)?;
            if steps == u8::MAX {
                // No way to the target over the squares safe now: the
                // walk is given up at once (waiting for one to open cost
                // more than the few walks it saved).
                return None;
            }
            if steps < nearest {
                (nearest, stalled) = (steps, 0);
            } else {
                stalled += 1;
                if stalled >= stall {
                    return None;
                }
            }
            Some(crate::Move::new(king, to))
        } else {
            let wanted = |m: &crate::Move| {
                m.from() != target
                    && !occupied.contains(m.to())
                    && m.kind() == crate::MoveKind::Normal
                    && m.promotion_role().is_none()
                    && leaves_unguarded(pos, *m, king, target)
            };
            // The first such move in the generator's order, whose king's
            // moves come first: they are tried before every move is made.
            let other = pos.king(!taker);
            // Where no other man of the side guards the target or checks
            // the walking king with its own king off the board, none does
            // after a step of that king (which only blocks lines): a step
            // is wanted unless it lands beside the target (a king never
            // gives check), and no step need be tested one by one; the
            // squares are tested for attack in turn, up to the first safe
            // one, without the map of every attack.
            // Nothing of the side to move attacks the walking king: with
            // its own king off the board, only a line piece behind that
            // king's square can.
            let off = occupied.without(other);
            let behind = (crate::attacks::bishop_rays(king) | crate::attacks::rook_rays(king))
                .contains(other);
            let checks = if behind {
                pos.attackers_under(king, !taker, off)
            } else {
                crate::Bitboard::EMPTY
            };
            debug_assert_eq!(
                checks.without(other),
                pos.attackers_under(king, !taker, off).without(other),
                "{pos:?}"
            );
            let guards = (pos.attackers_under(target, !taker, off) | checks).without(other);
            // A knight or a pawn that guards the target (none checks: the
            // walking king has just moved) guards it after any step: no
            // step is wanted.
            let leapers = pos.by_role(Role::Knight) | pos.by_role(Role::Pawn);
            let first_step = if guards.is_empty() {
                (crate::attacks::king(other) & !occupied & !crate::attacks::king(target))
                    .into_iter()
                    .find(|&to| !pos.is_attacked(to, taker, off))
                    .map(|to| crate::Move::new(other, to))
            } else if (guards & leapers).any() {
                None
            } else {
                king_moves(pos)
                    .into_iter()
                    .map(|to| crate::Move::new(other, to))
                    .find(wanted)
            };
            debug_assert_eq!(
                first_step,
                king_moves(pos)
                    .into_iter()
                    .map(|to| crate::Move::new(other, to))
                    .find(wanted),
                "{pos:?}"
            );
            first_step.or_else(|| {
                // The other men's moves, generated up to the first wanted
                // (no list of every move). A man that guards the target by
                // a leap (a knight, a pawn, the king) still guards it
                // after any move of another: only its own moves may be
                // wanted, and none where two such men, or the king, guard.
                let leaping = pos.attackers_under(target, !taker, occupied)
                    & (leapers | crate::Bitboard::from_square(other));
                let movers = if leaping.contains(other) || leaping.more_than_one() {
                    return None;
                } else if leaping.any() {
                    leaping
                } else {
                    pos.by_color(!taker).without(other).without(target)
                };
                let mut found = None;
                let mut first = FirstSuccess::new(!occupied, |m| {
                    let ok = wanted(&m);
                    if ok {
                        found = Some(m);
                    }
                    ok
                });
                pos.generate(movers, &mut first);
                debug_assert_eq!(
                    found,
                    pos.legal_moves()
                        .iter()
                        .filter(|m| m.from() != other)
                        .find(|m| wanted(m))
                        .copied(),
                    "{pos:?}"
                );
                found
            })
        };
        let m = chosen?;
        let role = if m.from() == walked.king(walked.turn()) {
            Role::King
        } else {
            walked.role_at(m.from())?
        };
        // With the mover's role known, no look-up of it (a king's, the last
        // of the roles, took six tests on each ply).
        walked.play_known(m, role);
        line.try_push(m).ok()?;
    }
    None
}

/// The squares the king of the side to move may step to (castling aside:
/// the walks start without castling rights), as the legal move generator
/// finds them and in its order.
fn king_moves(pos: &Position) -> crate::Bitboard {
    let us = pos.turn();
    let king = pos.king(us);
    // The few men of the other side attack in one pass (the king off the
    // board: a line piece sees through its square).
    let occupied = pos.occupied().without(king);
    king_moves_under(pos, attacked_under(pos, !us, occupied))
}

/// [`king_moves`] with `attacked`, the squares the other side attacks
/// with the king of the side to move off the board: the same as with it
/// on the board when that king is not in check (a line piece that would
/// see through its square would attack it).
fn king_moves_under(pos: &Position, attacked: crate::Bitboard) -> crate::Bitboard {
    let us = pos.turn();
    let king = pos.king(us);
    let targets = crate::attacks::king(king) & !pos.by_color(us) & !attacked;
    debug_assert!(pos.castling.is_empty());
    debug_assert_eq!(
        targets,
        pos.legal_moves()
            .iter()
            .filter(|m| m.from() == king)
            .fold(crate::Bitboard::EMPTY, |b, m| b.with(m.to())),
        "{pos:?}"
    );
    targets
}

/// `true` if the quiet move `m` (neither a capture nor a pawn's double
/// step, castling, en passant or a promotion) of the side to move gives no
/// check to the king on `king` and leaves nothing of the mover guarding
/// `target`: the attackers after the move, worked out on the board as it
/// stands (the mover's man counted from its new square), not played.
/// The king of the side not to move is not in check: after the move only
/// the moved man, or a line piece uncovered on a line from `king` through
/// the square left, can attack it (a man that lands on a line only blocks
/// it), so no other man's attack on `king` is looked up off those lines.
fn leaves_unguarded(
    pos: &Position,
    m: crate::Move,
    king: crate::Square,
    target: crate::Square,
) -> bool {
    use crate::attacks;
    let mover = pos.turn();
    let (from, to) = (m.from(), m.to());
    let Some(role) = pos.role_at(from) else {
        return false;
    };
    let occupied = pos.occupied().without(from).with(to);
    let reach = attacks::piece_attacks(role, mover, to, occupied);
    let unguarded = !reach.contains(king)
        && !reach.contains(target)
        && {
            let others = pos.by_color(mover).without(from);
            let queens = pos.by_role(Role::Queen);
            let diagonal = others & (pos.by_role(Role::Bishop) | queens);
            let straight = others & (pos.by_role(Role::Rook) | queens);
            !(attacks::bishop_rays(king).contains(from)
                && (attacks::bishop(king, occupied) & diagonal).any()
                || attacks::rook_rays(king).contains(from)
                    && (attacks::rook(king, occupied) & straight).any())
        }
        && !pos
            .attackers_under(target, mover, occupied)
            .without(from)
            .any();
    debug_assert!(
        !pos.is_attacked(king, mover, pos.occupied()),
        "{m:?} in {pos:?}"
    );
    debug_assert_eq!(
        unguarded,
        {
            let mut next = pos.clone();
            next.play_unchecked(m);
            !next.is_check() && !next.is_attacked_by(target, mover)
        },
        "{m:?} in {pos:?}"
    );
    unguarded
}

/// The walking king's step: of the squares `wanted` (those it may step
/// to), the one fewest king steps from `target` over empty squares the
/// enemy of `taker` does not attack now (`attacked`, as [`attacked_by`]
/// gives it), the nearer to `target` as the crow flies on a tie, then the
/// first; with those steps (`u8::MAX` where no way leads from any, and the
/// nearest as the crow flies is taken). The rings around `target` grow a
/// whole bitboard a step, only until one holds a wanted square: the
/// nearest layer alone is looked at. `None` if nothing is wanted.
fn nearest_step(
    pos: &Position,
    taker: Color,
    target: crate::Square,
    wanted: crate::Bitboard,
    attacked: crate::Bitboard,
) -> Option<(u8, crate::Square)> {
    debug_assert_eq!(attacked, attacked_by(pos, !taker));
    if wanted.is_empty() {
        return None;
    }
    let safe = (!pos.occupied() & !attacked).0;
    let mut frontier = crate::Bitboard::from_square(target).0;
    let mut reached = frontier;
    let mut d = 0;
    let (steps, layer) = loop {
        let hit = frontier & wanted.0;
        if hit != 0 {
            break (d, crate::Bitboard(hit));
        }
        if frontier == 0 {
            break (u8::MAX, wanted);
        }
        frontier = super::frozen::king_ring(frontier) & safe & !reached;
        reached |= frontier;
        d += 1;
    };
    let to = layer
        .into_iter()
        .min_by_key(|&to| to.king_distance(target))?;
    debug_assert_eq!(
        Some((steps, to)),
        {
            let all = king_steps_by_squares(pos, taker, target);
            wanted
                .into_iter()
                .min_by_key(|&to| (all[to as usize], to.king_distance(target)))
                .map(|to| (all[to as usize], to))
        },
        "{pos:?}"
    );
    Some((steps, to))
}

/// The king steps from every square to `target`, square by square over
/// the whole board, for the debug check of [`nearest_step`].
fn king_steps_by_squares(pos: &Position, taker: Color, target: crate::Square) -> [u8; 64] {
    let mut steps = [u8::MAX; 64];
    let safe = !pos.occupied() & !attacked_by(pos, !taker);
    let mut reached = crate::Bitboard::from_square(target);
    let mut frontier = reached;
    let mut d = 0;
    while frontier.any() {
        let mut next = crate::Bitboard::EMPTY;
        for sq in frontier {
            steps[sq as usize] = d;
            next |= crate::attacks::king(sq);
        }
        frontier = next & safe & !reached;
        reached |= frontier;
        d += 1;
    }
    steps
}

/// The squares the men of `color` attack on the board as it stands: the
/// squares where [`Position::is_attacked_by`] says so, from one pass over
/// the few men instead of a test per square.
fn attacked_by(pos: &Position, color: Color) -> crate::Bitboard {
    attacked_under(pos, color, pos.occupied())
}

/// [`attacked_by`] with `occupied` as the blockers: one pass over each
/// role's men (no look-up of the role on every square).
fn attacked_under(pos: &Position, color: Color, occupied: crate::Bitboard) -> crate::Bitboard {
    let mut attacked = men_attacks(pos, color, occupied);
    for sq in pos.pieces(color, Role::King) {
        attacked |= crate::attacks::king(sq);
    }
    attacked
}

/// [`attacked_under`] but for the king's attacks: the squares the other
/// men of `color` attack with `occupied` as the blockers.
fn men_attacks(pos: &Position, color: Color, occupied: crate::Bitboard) -> crate::Bitboard {
    use crate::attacks;
    let ours = pos.by_color(color);
    // The pawns' attacks at once, not pawn by pawn.
    let mut attacked = super::frozen::pawn_attacks(ours & pos.by_role(Role::Pawn), color);
    for sq in ours & pos.by_role(Role::Knight) {
        attacked |= attacks::knight(sq);
    }
    let queens = pos.by_role(Role::Queen);
    for sq in ours & (pos.by_role(Role::Bishop) | queens) {
        attacked |= attacks::bishop(sq, occupied);
    }
    for sq in ours & (pos.by_role(Role::Rook) | queens) {
        attacked |= attacks::rook(sq, occupied);
    }
    attacked
}

/// `true` if the position just after a capture is shown alive by the
/// small endings: known and winnable, or alive by one of the looks ahead
/// (the walks first: after a capture they mostly go on to a known
/// ending, for less than the look at every capture and man offered).
fn after_the_capture(pos: &Position, plies: &mut u32, winner: Option<Color>) -> bool {
    if is_known(pos) {
        return match winner {
            Some(winner) => verdict(pos, winner) == Some(true),
            None => Color::ALL
                .into_iter()
                .any(|c| verdict(pos, c) == Some(true)),
        };
    }
    // Too little to mate stays too little: where it holds there is no
    // pawn to promote (but against a bare king, which gains nothing), and
    // captures and quiet moves only keep or take material: no walk nor
    // capture from here can end in a win, and none is tried (on the
    // rulings of a lichess-style file, a quarter of the captures that end
    // in no win, whose walks went on for nothing).
    let hopeless = match winner {
        Some(winner) => pos.has_insufficient_material(winner),
        None => Color::ALL
            .into_iter()
            .all(|c| pos.has_insufficient_material(c)),
    };
    !hopeless && (walks(pos, plies, winner) || winner.is_none() && leads_to_a_winnable_ending(pos))
}

/// `true` if `m`, a legal move in `pos`, captures or promotes into a known
/// ending that some side can win.
fn reduces_to_a_winnable_ending(pos: &Position, m: crate::Move) -> bool {
    let enemies = pos.by_color(!pos.turn());
    let capture = enemies.contains(m.to()) || m.kind() == crate::MoveKind::EnPassant;
    if !capture && m.promotion_role().is_none() {
        return false;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    is_known(&next)
        && Color::ALL
            .into_iter()
            .any(|c| verdict(&next, c) == Some(true))
}

fn known(pos: &Position, winner: Color, depth: u32) -> bool {
    if depth == 0 {
        // No move is tried: whether there is one is enough (and none
        // where there is too little to mate, which no mate on the board
        // contradicts).
        return if pos.has_insufficient_material(winner) {
            false
        } else if pos.has_legal_moves() {
            true
        } else {
            pos.is_check() && pos.turn() != winner
        };
    }
    // Too little to mate (a sound rule: then no mate is on the board
    // either): no move need be generated.
    if pos.has_insufficient_material(winner) {
        return false;
    }
    if depth == 2 && kings_step_twice(pos) {
        debug_assert!(known_by_moves(pos, winner, depth), "{pos:?}");
        return true;
    }
    known_by_moves(pos, winner, depth)
}

/// `true` if the side to move has a quiet king step, after which the
/// other side has one, after which the side to move has a king move: two
/// plies that keep the material (so enough to mate stays enough) and a
/// legal move after them, which is what [`known`] two plies deep finds
/// (over every move, mostly the first it tries, for some thousand
/// instructions) where the material suffices. Worked out on bitboards,
/// nothing played: the kings' squares alone change.
fn kings_step_twice(pos: &Position) -> bool {
    use crate::attacks;
    let us = pos.turn();
    let (ours, theirs) = (pos.king(us), pos.king(!us));
    let occupied = pos.occupied();
    let own = pos.by_color(us).without(ours);
    let first = attacks::king(ours) & !occupied & !attacked_under(pos, !us, occupied.without(ours));
    for a in first {
        let occupied = occupied.without(ours).with(a);
        let by_us = men_attacks(pos, us, occupied.without(theirs)) | attacks::king(a);
        for b in attacks::king(theirs) & !occupied & !by_us {
            let occupied = occupied.without(theirs).with(b);
            let by_them = men_attacks(pos, !us, occupied.without(a)) | attacks::king(b);
            if (attacks::king(a) & !own & !by_them).any() {
                return true;
            }
        }
    }
    false
}

/// [`known`] by the moves themselves: each tried, a capture or a
/// promotion answered by the smaller signature's verdict, any other move
/// by the rule a ply shallower; where the material suffices.
fn known_by_moves(pos: &Position, winner: Color, depth: u32) -> bool {
    // The moves are tried as the generator finds them, and it stops at the
    // first that shows the win: mostly the first of all, before the rest
    // are generated.
    let men = pos.occupied().len();
    let mut ahead = FirstSuccess::new(crate::Bitboard::FULL, |m: crate::Move| {
        // A capture or a promotion is answered by the smaller signature's
        // verdict, any other move by the rule a ply shallower.
        debug_assert!(pos.legal_moves().contains(&m), "{m:?} in {pos:?}");
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.occupied().len() < men || m.promotion_role().is_some() {
            verdict(&next, winner) == Some(true)
        } else {
            known(&next, winner, depth - 1)
        }
    });
    pos.generate(crate::Bitboard::FULL, &mut ahead);
    debug_assert_eq!(ahead.any_move, pos.has_legal_moves());
    if !ahead.any_move {
        return pos.is_check() && pos.turn() != winner;
    }
    ahead.found
}

#[cfg(test)]
mod tests {
    use super::{key, verdict};
    use crate::{Color, Position};

    #[test]
    fn every_exception_has_a_material_that_may_be_one() {
        // A key: the men's codes (colour, role, square in ten bits, least
        // first), then the side to move and the winner (a bit each).
        for &k in &super::EXCEPTIONS {
            let mut men = k >> 2;
            let mut roles = [0; 6];
            let mut count = 0;
            while men != 0 {
                roles[((men >> 6) & 7) as usize] += 1;
                count += 1;
                men >>= 10;
            }
            let (pawns, knights, bishops) = (roles[0], roles[1], roles[2]);
            assert_eq!(count, 4, "{k:#x}");
            assert!(
                pawns == 1 || pawns == 0 && bishops > 0 && knights > 0,
                "{k:#x}: {roles:?}"
            );
        }
    }

    #[test]
    fn every_exception_has_the_losers_king_cornered_and_a_far_pawn() {
        // A key: the men's codes (colour, role, square in ten bits), then
        // the side to move and the winner (a bit each).
        for &k in &super::EXCEPTIONS {
            let winner = k & 1;
            let mut men = k >> 2;
            let (mut cornered, mut far_pawn, mut pawns) = (false, false, 0);
            while men != 0 {
                let (color, role, sq) = (men >> 9 & 1, (men >> 6) & 7, (men & 63) as u32);
                let sq = crate::bitboard::square_at(sq);
                if role == crate::Role::King as u64 && color != winner {
                    cornered |= super::CORNER_BOXES.contains(sq);
                }
                if role == crate::Role::Pawn as u64 {
                    pawns += 1;
                    let rank = sq.rank().index();
                    far_pawn |= if color == 0 { rank >= 5 } else { rank <= 2 };
                }
                men >>= 10;
            }
            assert!(cornered, "{k:#x}");
            assert!(pawns == 0 || far_pawn, "{k:#x}");
        }
        // The mask is the four squares of each corner.
        assert_eq!(super::CORNER_BOXES.len(), 16);
        for sq in super::CORNER_BOXES {
            let (x, y) = (sq.file().index(), sq.rank().index());
            assert!(x.min(7 - x) <= 1 && y.min(7 - y) <= 1, "{sq:?}");
        }
    }

    #[test]
    fn no_exception_is_where_the_winner_has_too_little_to_mate() {
        // The verdict answers such a position by the material rule alone,
        // without looking for its key among the exceptions.
        let mut decoded = 0;
        for &k in &super::EXCEPTIONS {
            let winner = if k & 1 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut board = [['1'; 8]; 8];
            let mut men = k >> 2;
            while men != 0 {
                let (color, role, sq) = (men >> 9 & 1, men >> 6 & 7, men & 63);
                let c = char::from(b"pnbrqk"[role as usize]);
                board[(sq / 8) as usize][(sq % 8) as usize] = if color == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                men >>= 10;
            }
            let rows: std::vec::Vec<std::string::String> = board
                .iter()
                .rev()
                .map(|r| {
                    let mut row = std::string::String::new();
                    let mut empty = 0;
                    for &c in r {
                        if c == '1' {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                row.push(char::from(b'0' + empty));
                            }
                            empty = 0;
                            row.push(c);
                        }
                    }
                    if empty > 0 {
                        row.push(char::from(b'0' + empty));
                    }
                    row
                })
                .collect();
            // Either side to move: the material is what counts.
            let pos = ["w", "b"].into_iter().find_map(|turn| {
                Position::from_fen(&std::format!("{} {turn} - - 0 1", rows.join("/"))).ok()
            });
            if let Some(pos) = pos {
                decoded += 1;
                assert!(!pos.has_insufficient_material(winner), "{k:#x}");
            }
        }
        assert!(decoded * 10 >= super::EXCEPTIONS.len() * 9, "{decoded}");
    }

    #[test]
    fn kings_that_step_twice_show_what_the_moves_show() {
        // Every placement of the three or four men (the extra men on a
        // stride), either side to move: where the kings' steps say `true`,
        // the moves tried one by one say so too; and they spare most
        // looks.
        use crate::{Piece, Role, Square};
        let (mut asked, mut stepped) = (0, 0);
        for extra in [
            &[(Color::White, Role::Queen)][..],
            &[(Color::White, Role::Rook)],
            &[(Color::White, Role::Pawn)],
            &[(Color::Black, Role::Pawn)],
            &[(Color::White, Role::Bishop), (Color::White, Role::Knight)],
            &[(Color::White, Role::Rook), (Color::Black, Role::Bishop)],
            &[(Color::White, Role::Queen), (Color::Black, Role::Rook)],
        ] {
            for wk in 0..64u32 {
                for bk in 0..64u32 {
                    for a in (0..64u32).step_by(3) {
                        for b in (1..64u32).step_by(if extra.len() > 1 { 11 } else { 64 }) {
                            let mut pos = Position::empty(crate::CastlingMode::Standard);
                            let mut squares = std::vec![wk, bk, a];
                            let mut men = std::vec![
                                (Color::White, Role::King),
                                (Color::Black, Role::King),
                                extra[0],
                            ];
                            if extra.len() > 1 {
                                squares.push(b);
                                men.push(extra[1]);
                            }
                            let mut sorted = squares.clone();
                            sorted.sort_unstable();
                            sorted.dedup();
                            if sorted.len() != squares.len() {
                                continue;
                            }
                            for (&sq, &(color, role)) in squares.iter().zip(&men) {
                                pos.put(Square::from_index(sq), Piece { color, role });
                            }
                            for turn in Color::ALL {
                                pos.turn = turn;
                                let Ok(pos) = Position::from_fen(&pos.fen()) else {
                                    continue;
                                };
                                if !super::is_known(&pos)
                                    || pos.has_insufficient_material(Color::White)
                                {
                                    continue;
                                }
                                asked += 1;
                                let stepped_here = super::kings_step_twice(&pos);
                                assert_eq!(stepped_here, by_moves(&pos), "{}", pos.fen());
                                if stepped_here {
                                    stepped += 1;
                                    assert!(
                                        super::known_by_moves(&pos, Color::White, 2),
                                        "{}",
                                        pos.fen()
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(stepped * 10 >= asked * 9, "{stepped} of {asked}");
    }

    /// The kings' steps of `kings_step_twice` found among the legal
    /// moves, played.
    fn by_moves(pos: &Position) -> bool {
        let king_steps = |p: &Position| {
            let king = p.king(p.turn());
            p.legal_moves()
                .iter()
                .filter(|m| m.from() == king)
                .copied()
                .collect::<std::vec::Vec<_>>()
        };
        king_steps(pos)
            .into_iter()
            .filter(|m| !pos.occupied().contains(m.to()))
            .any(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                king_steps(&next)
                    .into_iter()
                    .filter(|m| !next.occupied().contains(m.to()))
                    .any(|m| {
                        let mut last = next.clone();
                        last.play_unchecked(m);
                        !king_steps(&last).is_empty()
                    })
            })
    }

    #[test]
    fn a_target_whose_capture_leaves_too_little_to_mate_is_not_walked_to() {
        use super::taking_leaves_too_little as too_little;
        let pos = |fen| Position::from_fen(fen).expect("a valid FEN");
        let sq = |name: &str| name.parse::<crate::Square>().expect("a square");
        // King and bishop against king and pawn: the pawn may block its own
        // king in, but once taken no mate is left for White; Black's own
        // pawn taken leaves Black nothing either.
        let bishop = pos("8/8/4k3/8/3p4/8/8/2B1K3 w - - 0 1");
        assert!(!bishop.has_insufficient_material(Color::White));
        assert!(too_little(&bishop, sq("d4"), Color::White));
        assert!(too_little(&bishop, sq("d4"), Color::Black));
        // Two knights against a knight: one taken, the other still boxes
        // the king in; a side with a pawn left always may mate.
        let knights = pos("8/8/4k3/3n4/8/8/3n4/2N1K3 w - - 0 1");
        assert!(!too_little(&knights, sq("d5"), Color::White));
        let pawns = pos("8/8/4k3/3p4/8/8/3P4/4K3 w - - 0 1");
        assert!(!too_little(&pawns, sq("d5"), Color::White));
        assert!(too_little(&pawns, sq("d2"), Color::White));
        assert!(!too_little(&pawns, sq("d2"), Color::Black));
    }

    #[test]
    fn a_king_that_walks_to_take_a_man_leaves_a_winnable_ending() {
        use super::walks_to_a_winnable_ending as walks;
        // White's king takes a light bishop: two bishops of both colours
        // against a king remain.
        let pos = |fen| Position::from_fen(fen).expect("a valid FEN");
        assert!(walks(&pos("K7/8/8/1b6/5b2/3b4/3k4/8 b - - 81 249")));
        // Blocked h-pawns: White's king takes the one on h6, and its own
        // runs to promote.
        assert!(walks(&pos("k7/8/8/8/1b5p/7P/5K2/8 w - - 0 164")));
        // Four men, pawns locked: a king takes the other's pawn.
        assert!(walks(&pos("8/8/p7/P7/8/8/8/3K2k1 w - - 0 45")));
        // White's king goes round the squares Black's men attack (e1, d1,
        // c2, c3, d4) to take the knight on e5.
        assert!(walks(&pos("1n6/3k4/8/4n1b1/8/8/5K2/1N6 w - - 0 42")));
        // Seven men: Black's king takes the bishop on e3, then more.
        assert!(walks(&pos("8/8/1B1n4/4K2b/8/4B3/4b1k1/8 b - - 75 197")));
        // Bishops all on light squares: whatever is taken, nobody can
        // mate, and the walk claims nothing.
        assert!(!walks(&pos("K7/8/8/1b6/8/3b4/3k4/5B2 b - - 0 1")));
        assert!(!walks(&pos("K7/8/8/1b6/8/3b4/3k4/3B4 b - - 0 1")));
    }

    #[test]
    fn a_walk_for_one_side_ends_where_that_side_wins() {
        use super::{walks_within, walks_within_for};
        let pos = |fen| Position::from_fen(fen).expect("a valid FEN");
        // White's king takes the light bishop: Black's two bishops of both
        // colours win, White's bare king never does.
        let two_bishops = pos("K7/8/8/1b6/5b2/3b4/3k4/8 b - - 81 249");
        assert!(walks_within_for(&two_bishops, Color::Black, 100));
        assert!(!walks_within_for(&two_bishops, Color::White, 100));
        assert!(walks_within(&two_bishops, 100));
        // Bishops all on light squares: nobody's walk claims anything.
        let light = pos("K7/8/8/1b6/8/3b4/3k4/5B2 b - - 0 1");
        for color in Color::ALL {
            assert!(!walks_within_for(&light, color, 100));
        }
        // Locked pawns: either king takes the other's pawn and promotes.
        let locked = pos("8/8/p7/P7/8/8/8/3K2k1 w - - 0 45");
        for color in Color::ALL {
            assert!(walks_within_for(&locked, color, 100), "{color:?}");
        }
        // And no further than the plies given.
        assert!(!walks_within_for(&locked, Color::White, 4));
    }

    #[test]
    fn the_attack_map_of_the_walk_is_the_attack_test_on_every_square() {
        for fen in [
            "1n6/3k4/8/4n1b1/8/8/5K2/1N6 w - - 0 42",
            "8/8/1B1n4/4K2b/8/4B3/4b1k1/8 b - - 75 197",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            for color in Color::ALL {
                let map = super::attacked_by(&pos, color);
                for sq in crate::Bitboard::FULL {
                    assert_eq!(
                        map.contains(sq),
                        pos.is_attacked_by(sq, color),
                        "{fen} {sq:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn endings_of_eight_to_ten_men_are_walked_too() {
        // King and pawn endings with locked pawns: a king takes a pawn,
        // and another, into a known ending.
        for fen in [
            "8/8/2k5/p6p/P4p1P/2K2P2/8/8 b - - 19 56",
            "8/6k1/p7/P1p4p/2P4P/2P1K2P/8/8 w - - 21 50",
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            assert!(super::walks_to_a_winnable_ending(&pos), "{fen}");
        }
    }

    #[test]
    fn a_walk_that_stops_coming_nearer_is_given_up_at_once() {
        // A locked wall: White's king can never reach the pawn on a5, and
        // the walk gives up after a few plies instead of its 24.
        let pos =
            Position::from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1").expect("a valid FEN");
        let mut plies = 100;
        let mut line = super::Line::new();
        let took = super::walk_to_take(
            &pos,
            Color::White,
            crate::Square::A5,
            &mut plies,
            super::STALLED_TURNS,
            &mut line,
        );
        assert!(took.is_none());
        assert!(
            100 - plies <= 2 * super::STALLED_TURNS,
            "{} plies",
            100 - plies
        );
        // No way leads past the pawns' guard (b4, d4, f4, h4) now: the
        // walk is given up on its first ply, before the other side moves.
        assert_eq!(100 - plies, 1);
    }

    #[test]
    fn a_first_short_walk_shows_most_slow_endings_alive() {
        // Endings where the quick look for a mating line fails: the walk's
        // first 40 plies (what the liveness tries before that look) find
        // the capture into a winnable known ending.
        let pos = |fen| Position::from_fen(fen).expect("a valid FEN");
        for fen in [
            "8/6k1/p7/P7/8/7n/8/7K w - - 0 141",
            "5Bk1/8/p4n2/P7/8/8/5K2/8 b - - 0 112",
            "8/5R2/k7/8/K4P2/8/r7/6r1 w - - 0 100",
        ] {
            assert!(super::walks_within(&pos(fen), 40), "{fen}");
        }
        // And it stops at its bound: the same walk needs more than 4 plies.
        assert!(!super::walks_within(
            &pos("8/6k1/p7/P7/8/7n/8/7K w - - 0 141"),
            4
        ));
    }

    fn ask(fen: &str, color: Color) -> Option<bool> {
        verdict(&Position::from_fen(fen).expect("a valid FEN"), color)
    }

    #[test]
    fn king_bishop_and_knight_can_mate_a_lone_king_which_cannot() {
        let fen = "8/8/8/5N2/8/8/B7/k6K w - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(false));
    }

    #[test]
    fn knight_against_knight_can_mate_both_ways() {
        let fen = "8/8/4N3/1k6/8/8/1n6/6K1 w - - 0 151";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(true));
    }

    #[test]
    fn a_king_that_must_take_the_queen_is_never_mated() {
        // Kxb7 is Black's only move, and king against king is dead.
        let fen = "k7/1Q6/8/8/8/8/8/7K b - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(false));
        assert_eq!(
            ask("k7/8/8/8/8/8/1Q6/7K b - - 0 1", Color::White),
            Some(true)
        );
    }

    #[test]
    fn a_stalemate_forced_three_plies_deep_is_known() {
        // Black's king must go to a1, and every White move then stalemates
        // it or gives up a piece: a position the rule alone gets wrong.
        let fen = "8/8/8/8/2N5/8/k1K5/1B6 b - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(false));
        // The same position mirrored and with the colours swapped.
        assert_eq!(
            ask("1b6/K1k5/8/2n5/8/8/8/8 w - - 0 1", Color::Black),
            Some(false)
        );
    }

    #[test]
    fn king_and_pawn_against_king_mates_only_with_the_pawn() {
        let fen = "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(false));
    }

    #[test]
    fn a_knight_or_bishop_mates_with_the_help_of_the_defenders_pawn() {
        // K+N v K+P: the pawn boxes its own king in (or promotes to a man
        // that does); the pawn's side mates after a promotion.
        let fen = "k7/p7/8/8/8/8/8/K6N w - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(true));
        let fen = "1k6/8/6b1/6K1/5P2/8/8/8 w - - 0 1";
        assert_eq!(ask(fen, Color::Black), Some(true));
        assert_eq!(ask(fen, Color::White), Some(true));
    }

    #[test]
    fn a_rook_mates_a_pawn_only_by_promotion_of_nothing_but_itself() {
        // K+R v K+P: both sides can mate in general ...
        let fen = "8/8/8/3k4/8/2p5/8/4K2R w - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(true));
        // ... but a cornered king whose rook must be taken or stalemate
        // its opponent cannot (an exception to the rule).
        assert_eq!(
            ask("K7/1rk5/P7/8/8/8/8/8 w - - 0 1", Color::Black),
            Some(false)
        );
        assert_eq!(
            ask("8/8/8/8/8/p7/1RK5/k7 b - - 0 1", Color::White),
            Some(false)
        );
    }

    #[test]
    fn a_pawn_against_a_bishop_or_queen_forced_into_a_draw_is_known() {
        assert_eq!(
            ask("Kbk5/8/1P6/8/8/8/8/8 w - - 0 1", Color::Black),
            Some(false)
        );
        assert_eq!(
            ask("1k6/8/K1P5/2q5/8/8/8/8 w - - 0 1", Color::White),
            Some(false)
        );
        assert_eq!(
            ask("1k6/8/K1P5/2q5/8/8/8/8 w - - 0 1", Color::Black),
            Some(true)
        );
    }

    #[test]
    fn king_pawn_and_piece_against_a_cornered_king_can_be_dead() {
        // The defender must take the pawn or is stalemated: the rule, which
        // sees a pawn and a piece, is wrong here.
        assert_eq!(
            ask("k7/1P6/1K6/1N6/8/8/8/8 b - - 0 1", Color::White),
            Some(false)
        );
        assert_eq!(
            ask("1k6/P7/B1K5/8/8/8/8/8 b - - 0 1", Color::White),
            Some(false)
        );
        assert_eq!(
            ask("8/8/8/8/1n6/1k6/1p6/K7 w - - 0 1", Color::Black),
            Some(false)
        );
        // With the knight elsewhere the pawn promotes and mates.
        assert_eq!(
            ask("k7/1P6/1K6/8/8/8/8/6N1 b - - 0 1", Color::White),
            Some(true)
        );
    }

    #[test]
    fn king_and_two_pawns_against_king() {
        let fen = "8/8/8/4k3/8/8/3PP3/4K3 w - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(true));
        assert_eq!(ask(fen, Color::Black), Some(false));
        // Stalemate on the board: nobody mates any more.
        let fen = "k7/P7/K7/8/8/8/7P/8 b - - 0 1";
        assert_eq!(ask(fen, Color::White), Some(false));
    }

    #[test]
    fn a_man_offered_for_capture_leads_to_a_known_win() {
        let alive = |fen: &str| {
            super::leads_to_a_winnable_ending(&Position::from_fen(fen).expect("a valid FEN"))
        };
        // Any move of White, then Bxf5: K+B v K+P, which the bishop wins.
        assert!(alive("1k6/8/6b1/5PK1/5P2/8/8/8 w - - 6 61"));
        // The one bishop that can be offered leaves two bishops on one
        // colour, which cannot mate: nothing is claimed.
        assert!(!alive("K7/8/8/1b6/5b2/3b4/3k4/8 b - - 81 249"));
        // Known endings and bigger ones are not this function's.
        assert!(!alive("k7/p7/8/8/8/8/8/K6N w - - 0 1"));
        assert!(!alive("8/8/4rb2/8/1k6/7B/R3B3/3K4 b - - 0 165"));
    }

    #[test]
    fn other_endings_are_not_known() {
        assert_eq!(
            ask("8/6k1/8/2p4p/6N1/8/8/6K1 b - - 0 1", Color::White),
            None
        );
        assert_eq!(ask("8/8/3k4/p7/P7/8/8/7K b - - 0 1", Color::White), None);
        assert_eq!(ask("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", Color::White), None);
        assert_eq!(ask("4k3/8/8/3nn3/8/8/8/R3K3 w - - 0 1", Color::White), None);
    }

    #[test]
    fn the_key_is_kept_by_the_symmetries_and_the_colour_swap() {
        let k = |fen: &str, c| key(&Position::from_fen(fen).expect("a valid FEN"), c);
        let base = k("8/8/8/8/2N5/8/k1K5/1B6 b - - 0 1", Color::White);
        assert_eq!(base, k("8/8/8/8/5N2/8/5K1k/6B1 b - - 0 1", Color::White));
        assert_eq!(base, k("1b6/K1k5/8/2n5/8/8/8/8 w - - 0 1", Color::Black));
        assert_ne!(base, k("8/8/8/8/2N5/8/k1K5/1B6 b - - 0 1", Color::Black));
        // With a pawn, only the mirror of files keeps the rules.
        let pawn = k("8/8/8/8/4k3/8/3P4/4K3 w - - 0 1", Color::White);
        assert_eq!(pawn, k("8/8/8/8/3k4/8/4P3/3K4 w - - 0 1", Color::White));
        assert_eq!(pawn, k("4k3/3p4/8/4K3/8/8/8/8 b - - 0 1", Color::Black));
        assert_ne!(pawn, k("4K3/3P4/8/4k3/8/8/8/8 w - - 0 1", Color::White));
    }
}
