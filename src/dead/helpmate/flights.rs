//! The look for a mate in one among the winner's moves: which moves may
//! take the losing king's last squares, and whether one mates.

use super::is_mated;
use crate::{Bitboard, Color, Move, Position, Role, Square};

/// The squares the losing king may step to (neither its own pieces' nor
/// attacked), or `None` when there are three or more: one move seldom
/// takes them all, so the look for a mate in one is left for later (a
/// heuristic: the line found is replayed anyway). With them, the squares
/// the winner's leapers (pawns, knights, king) attack: see [`leapers`].
#[inline(always)]
pub(super) fn free_flights(pos: &Position, winner: Color) -> Option<(Bitboard, Bitboard)> {
    let king = pos.king(!winner);
    let ring = crate::attacks::king(king) & !pos.by_color(!winner);
    let leap = leapers(pos, winner);
    let candidates = ring & !leap;
    if candidates.is_empty() {
        return Some((Bitboard::EMPTY, leap));
    }
    let free = candidates & !sliders_near(pos, winner, king);
    // At most two: without its lowest square, at most one (no population
    // count, in software on the baseline target).
    let rest = Bitboard(free.0 & free.0.wrapping_sub(1));
    (!rest.more_than_one()).then_some((free, leap))
}

/// The squares around the king on `king` (of `!color`) that the sliders of
/// `color` attack, that king off the board (some squares farther away
/// too): the leapers' squares are known at once ([`leapers`]), and only
/// the sliders that stand on a line through a square around the king
/// ([`NEAR`]) can add any.
#[inline(always)]
pub(super) fn sliders_near(pos: &Position, color: Color, king: Square) -> Bitboard {
    let (diagonals, straights) = NEAR[king as usize];
    let queens = pos.by_role(Role::Queen);
    let ours = pos.by_color(color);
    let diagonal = (pos.by_role(Role::Bishop) | queens) & ours & Bitboard(diagonals);
    let straight = (pos.by_role(Role::Rook) | queens) & ours & Bitboard(straights);
    let occupied = pos.occupied().without(king);
    let mut attacked = Bitboard::EMPTY;
    for slider in diagonal {
        attacked |= crate::attacks::bishop(slider, occupied);
    }
    for slider in straight {
        attacked |= crate::attacks::rook(slider, occupied);
    }
    debug_assert!(
        (crate::attacks::king(king) & !leapers(pos, color))
            .into_iter()
            .all(|sq| attacked.contains(sq) == pos.is_attacked(sq, color, occupied)),
        "{pos:?}"
    );
    attacked
}

/// For each square of the losing king, the squares on a diagonal and those
/// on a rank or file through some square around it (that square left
/// out): a slider elsewhere attacks none of them, whatever stands between.
pub(super) static NEAR: [(u64, u64); 64] = near_table();

/// [`NEAR`], square by square.
const fn near_table() -> [(u64, u64); 64] {
    let mut table = [(0, 0); 64];
    let mut king: usize = 0;
    while king < 64 {
        let (kf, kr) = ((king % 8) as i32, (king / 8) as i32);
        let mut target: usize = 0;
        while target < 64 {
            let (tf, tr) = ((target % 8) as i32, (target / 8) as i32);
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 1 {
                    let (f, r) = (kf + df, kr + dr);
                    let around = (df != 0 || dr != 0) && f >= 0 && f < 8 && r >= 0 && r < 8;
                    if around && (f != tf || r != tr) {
                        if (f - tf).abs() == (r - tr).abs() {
                            table[king].0 |= 1u64 << target;
                        }
                        if f == tf || r == tr {
                            table[king].1 |= 1u64 << target;
                        }
                    }
                    dr += 1;
                }
                df += 1;
            }
            target += 1;
        }
        king += 1;
    }
    table
}

/// The squares the pawns, knights and king of `color` attack: whatever
/// stands or moves on the board, they keep attacking them (but for the
/// squares of a leaper that moves).
pub(super) fn leapers(pos: &Position, color: Color) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let pawns = pos.pieces(color, Role::Pawn).0;
    let (west, east) = (pawns & !FILE_A, pawns & !FILE_H);
    let mut leap = Bitboard(match color {
        Color::White => west << 7 | east << 9,
        Color::Black => west >> 9 | east >> 7,
    }) | crate::attacks::king(pos.king(color));
    for knight in pos.pieces(color, Role::Knight) {
        leap |= crate::attacks::knight(knight);
    }
    leap
}

/// `false` if after `m` the losing king on `king` certainly still has one
/// of the `free` squares to step to: the moved piece does not reach it
/// from where it lands, and the square it leaves opens no line to it
/// (nothing else changes for a square nobody attacked). Castling, en
/// passant and promotions are not looked at.
#[inline]
pub(super) fn may_take_flights(pos: &Position, m: Move, king: Square, free: Bitboard) -> bool {
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
pub(super) fn may_take_flights_of(
    pos: &Position,
    m: Move,
    role: Role,
    king: Square,
    free: Bitboard,
) -> bool {
    if free.is_empty() {
        return true;
    }
    let (from, to) = (m.from(), m.to());
    let occupied = pos.occupied().without(from).without(king).with(to);
    // Whether the piece reaches a free square is asked of the square
    // alone (two at most): on its empty-board reach, nothing between (the
    // squares between two squares: empty unless they share a line, so a
    // leaper's test is its table's alone). No lookup of a slider's attack
    // table, whose reads for ever new squares and men miss the cache: the
    // rook's lookup here was a quarter of the time of the look for a mate
    // in one.
    let near = match role {
        Role::Pawn => crate::attacks::pawn(pos.turn(), to),
        _ => crate::attacks::empty_reach(role, to),
    };
    let reaches =
        |sq: Square| near.contains(sq) && (crate::attacks::between(to, sq) & occupied).is_empty();
    let taken = free
        .into_iter()
        .all(|sq| sq == to || reaches(sq) || crate::attacks::line(from, sq).any());
    debug_assert_eq!(
        taken,
        free.into_iter().all(|sq| sq == to
            || crate::attacks::piece_attacks(role, pos.turn(), to, occupied).contains(sq)
            || crate::attacks::line(from, sq).any()),
        "{m:?} in {pos:?}"
    );
    taken
}

/// `true` if `m` checkmates. Most moves looked at leave the king a square
/// to step to, which [`king_flees_after`] finds without playing them; the
/// rest are played and tested in full.
#[inline(never)]
pub(super) fn mates_in_one(pos: &Position, m: Move) -> bool {
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
    if m.code() < 2 {
        cornered_mates(pos, m)
    } else {
        played_mates(pos, m)
    }
}

/// [`mates_in_one`] for an ordinary move `m` of a man of `role`, with
/// `leap` the squares the mover's leapers attack ([`leapers`]): when a
/// slider moves they stay attacked, and only the sliders' lines need a
/// look on the other squares around the king.
#[inline(always)]
pub(super) fn mates_in_one_of(pos: &Position, m: Move, role: Role, leap: Bitboard) -> bool {
    if !matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
        return mates_in_one(pos, m);
    }
    if slider_leaves_a_flight(pos, m, role, leap) {
        debug_assert!(king_flees_after(pos, m), "{m:?} in {pos:?}");
        return false;
    }
    debug_assert!(!king_flees_after(pos, m), "{m:?} in {pos:?}");
    cornered_mates(pos, m)
}

/// [`king_flees_after`] for an ordinary move `m` of a slider of `role`:
/// the squares around the king that `leap` (the mover's leapers' squares,
/// which no slider's move changes) leaves are looked at along the lines
/// alone, the slider on its new square.
fn slider_leaves_a_flight(pos: &Position, m: Move, role: Role, leap: Bitboard) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let king = pos.king(!us);
    let theirs = pos.by_color(!us).without(to);
    let candidates = crate::attacks::king(king) & !theirs & !leap;
    if candidates.is_empty() {
        return false;
    }
    let rest = pos.by_color(us).without(from);
    let occupied = (rest | theirs).with(to).without(king);
    let queens = pos.by_role(Role::Queen) & rest;
    let mut diagonal = (pos.by_role(Role::Bishop) & rest) | queens;
    let mut straight = (pos.by_role(Role::Rook) & rest) | queens;
    if role != Role::Rook {
        diagonal = diagonal.with(to);
    }
    if role != Role::Bishop {
        straight = straight.with(to);
    }
    candidates.into_iter().any(|sq| {
        ((crate::attacks::bishop_rays(sq) & diagonal).is_empty()
            || (crate::attacks::bishop(sq, occupied) & diagonal).is_empty())
            && ((crate::attacks::rook_rays(sq) & straight).is_empty()
                || (crate::attacks::rook(sq, occupied) & straight).is_empty())
    })
}

/// `true` if `m`, played, mates.
fn played_mates(pos: &Position, m: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    is_mated(&child)
}

/// [`played_mates`] for a move `m` known to leave the king no square to
/// step to ([`king_flees_after`] said so): it mates if it checks and
/// nothing parries, the king's squares not looked at again.
fn cornered_mates(pos: &Position, m: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    let checkers = child.checkers();
    let mated = checkers.any() && !super::has_evasion(&child, checkers);
    debug_assert_eq!(mated, is_mated(&child), "{m:?} in {pos:?}");
    mated
}

/// `true` if after the ordinary move or double push `m` (not castling, en
/// passant nor a promotion) the king of the side not moving has a square
/// to step to, so that `m` does not mate: a square around it that none of
/// its own men holds and none of the mover's men attacks once `m` is
/// played (the mover's men where they stand then, the king gone from its
/// square, a man taken on the target gone). Answered on the position
/// before the move, without playing it.
pub(super) fn king_flees_after(pos: &Position, m: Move) -> bool {
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

/// A mate in one of the winner (to move, not in check: the caller
/// knows) found without a
/// generation of the legal moves, when the losing king has at most two
/// free squares ([`free_flights`]; otherwise none is looked for): only the
/// checking moves are made from the men's attacks (their check squares, or
/// a step off the line of a check they uncover), each looked at as the
/// scored generation's look does, and tested for legality alone (a man
/// pinned to its king keeps to its line, the king steps to a square nobody
/// attacks). Castling and en passant are not looked at: `None` says only
/// that no mate was found.
pub(super) fn quick_mate(pos: &Position, winner: Color) -> Option<Move> {
    debug_assert!(pos.turn() == winner && !pos.is_check(), "{pos:?}");
    let (free, leap) = free_flights(pos, winner)?;
    let king = pos.king(!winner);
    let checks = super::CheckSquares::new(pos, king);
    let ours = pos.by_color(winner);
    let occupied = pos.occupied();
    let own_king = pos.king(winner);
    // Computed when a candidate needs it: most looks have none.
    let mut pinned = None;
    let mut legal = |m: Move| {
        let pins = *pinned.get_or_insert_with(|| pos.pinned_to_king(winner, own_king));
        !pins.contains(m.from()) || crate::attacks::line(own_king, m.from()).contains(m.to())
    };
    let uncovering = |from: Square, targets: Bitboard| {
        if checks.uncovers.contains(from) {
            targets & !crate::attacks::line(king, from)
        } else {
            Bitboard::EMPTY
        }
    };
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let spots = checks.by_role[role as usize] & !ours;
        for from in pos.pieces(winner, role) {
            // A slider whose empty-board rays meet no check square and
            // that uncovers none needs no attack lookup.
            let rays = match role {
                Role::Knight => crate::attacks::knight(from),
                Role::Bishop => crate::attacks::bishop_rays(from),
                Role::Rook => crate::attacks::rook_rays(from),
                _ => crate::attacks::bishop_rays(from) | crate::attacks::rook_rays(from),
            };
            if (rays & spots).is_empty() && !checks.uncovers.contains(from) {
                continue;
            }
            let reach = match role {
                Role::Knight => rays,
                Role::Bishop => crate::attacks::bishop(from, occupied),
                Role::Rook => crate::attacks::rook(from, occupied),
                _ => crate::attacks::queen(from, occupied),
            } & !ours;
            let checking = (reach & spots) | uncovering(from, reach);
            for to in checking {
                let m = Move::new(from, to);
                if may_take_flights_of(pos, m, role, king, free)
                    && legal(m)
                    && mates_in_one_of(pos, m, role, leap)
                {
                    return Some(m);
                }
            }
        }
    }
    // The king gives check only by uncovering one.
    let steps = uncovering(own_king, crate::attacks::king(own_king) & !ours);
    for to in steps {
        let m = Move::new(own_king, to);
        if !pos.is_attacked(to, !winner, occupied.without(own_king))
            && may_take_flights_of(pos, m, Role::King, king, free)
            && mates_in_one(pos, m)
        {
            return Some(m);
        }
    }
    // The pawns: those that may promote or uncover a check one by one,
    // the others by their checking squares alone (a pawn checks from two
    // squares at most).
    let pawns = pos.pieces(winner, Role::Pawn);
    let forward: i32 = if winner == Color::White { 8 } else { -8 };
    let seventh = Bitboard::from_rank(crate::Rank::Seventh.relative_to(winner));
    let third = Bitboard::from_rank(crate::Rank::Third.relative_to(winner));
    let theirs = pos.by_color(!winner);
    let mut pawn_mates = |m: Move| {
        checks.may_check(pos, m)
            && (m.code() >= 2 || may_take_flights_of(pos, m, Role::Pawn, king, free))
            && legal(m)
            && mates_in_one(pos, m)
    };
    for from in pawns & (seventh | checks.uncovers) {
        let ahead = Square::from_index((from.index() as i32 + forward) as u32);
        let mut targets = crate::attacks::pawn(winner, from) & theirs;
        if !occupied.contains(ahead) {
            targets = targets.with(ahead);
        }
        for to in targets {
            if seventh.contains(from) {
                for role in [Role::Queen, Role::Knight] {
                    if let Some(m) = Move::promotion(from, to, role) {
                        if pawn_mates(m) {
                            return Some(m);
                        }
                    }
                }
            } else if pawn_mates(Move::new(from, to)) {
                return Some(Move::new(from, to));
            }
        }
        let beyond = Square::from_index((ahead.index() as i32 + forward) as u32);
        if third.contains(ahead) && !occupied.contains(ahead) && !occupied.contains(beyond) {
            let m = Move::double_push(from, beyond);
            if pawn_mates(m) {
                return Some(m);
            }
        }
    }
    let others = pawns & !(seventh | checks.uncovers);
    let spots = checks.by_role[Role::Pawn as usize];
    let single = others.shift(forward) & !occupied;
    for to in single & spots {
        let m = Move::new(Square::from_index((to.index() as i32 - forward) as u32), to);
        if pawn_mates(m) {
            return Some(m);
        }
    }
    for to in (single & third).shift(forward) & !occupied & spots {
        let m = Move::double_push(
            Square::from_index((to.index() as i32 - 2 * forward) as u32),
            to,
        );
        if pawn_mates(m) {
            return Some(m);
        }
    }
    for to in spots & theirs {
        for from in crate::attacks::pawn(!winner, to) & others {
            let m = Move::new(from, to);
            if pawn_mates(m) {
                return Some(m);
            }
        }
    }
    None
}
