//! A bare king against pieces: the side with the pieces hands one of them
//! to the lone king (the loser helps: a helpmate), into an ending with one
//! man fewer. Where that ending is known and the pieces still win it, or
//! where another piece is handed over in turn until it is, the position is
//! alive, by the series of legal moves found and replayed here. Where the
//! side with fewer men has more than its king, its men stand still and a
//! piece of the other side may also take one of them on the way.
//!
//! The search is narrow: only the piece handed over moves on its side, the
//! other men stand still, and the lone king walks to meet it; a
//! breadth-first search over the piece's square, the king's square and the
//! side to move (at most [`STATES`] of its 8,192, a few dozen as a rule)
//! finds the shortest such meeting, and the line is then played on the
//! board move by move, each move checked legal, before the ending it leads
//! to is asked.

use super::{is_known, verdict};
use crate::attacks;
use crate::{Bitboard, Color, Move, Position, Role, Square};
use arrayvec::ArrayVec;

/// The most states all the searches of one [`hands_over`] may visit: a
/// bound on its cost where no piece can be handed over.
const STATES: u32 = 400;

/// The most states one piece's search may visit: where it cannot be
/// handed over, the next piece is tried with what is left of [`STATES`].
const PER_PIECE: u32 = 200;

/// The most men of a position looked at: a bare king against up to five
/// pieces and pawns.
const MAX_MEN: u32 = 7;

/// The longest line a search may build.
const MAX_LINE: usize = 96;

/// `true` if, in a position of five to [`MAX_MEN`] men where one side has
/// fewer men (mostly a bare king), the other side can hand its pieces one
/// by one to that king, or take that side's men (or mates the king on the
/// way), into a known ending it wins: then it can mate from `pos`, by the
/// moves found, each checked legal as it is played. `false` when no such
/// line is found within the bound of [`STATES`].
pub(crate) fn hands_over(pos: &Position) -> bool {
    let mut states = STATES;
    alive(pos, &mut states)
}

/// [`hands_over`] where `winner` is the side with more men: the line it
/// finds is `winner`'s (the side with fewer men never gains one, and a
/// known ending is asked for `winner`), so `winner` can mate.
pub(crate) fn hands_over_for(pos: &Position, winner: Color) -> bool {
    receiver(pos) == Some(!winner) && hands_over(pos)
}

/// The side that receives: the one with fewer men (a bare king, mostly);
/// `None` on a tie.
fn receiver(pos: &Position) -> Option<Color> {
    let others = |c: Color| pos.by_color(c).without(pos.king(c)).len();
    match others(Color::White).cmp(&others(Color::Black)) {
        core::cmp::Ordering::Less => Some(Color::White),
        core::cmp::Ordering::Greater => Some(Color::Black),
        core::cmp::Ordering::Equal => None,
    }
}

fn alive(pos: &Position, states: &mut u32) -> bool {
    let men = pos.occupied().len();
    if !(5..=MAX_MEN).contains(&men) {
        return false;
    }
    // The side that receives: a bare king, or else the side with fewer
    // men, whose men stand still while its king walks.
    let Some(weak) = receiver(pos) else {
        return false;
    };
    let strong = !weak;
    let bare = pos.by_color(weak) == Bitboard::from_square(pos.king(weak));
    if pos.has_insufficient_material(strong) {
        return false;
    }
    let king = pos.king(weak);
    // The pieces (not the king, not a pawn) that may go, nearest the lone
    // king first: to be taken where their loss leaves enough to mate a
    // bare king with, or an ending of four men (known: the tables decide,
    // the receiving side's men included, as with bishops of opposite
    // colours), to take a man of the other side otherwise. Never to be
    // taken into four men the tables do not know (a pawn of each colour):
    // such a piece takes a man, if it can.
    let mut candidates = ArrayVec::<(u32, Square, bool), 8>::new();
    let movers = pos.by_color(strong) & !pos.by_role(Role::King) & !pos.by_role(Role::Pawn);
    let theirs = pos.by_color(weak).without(king);
    for sq in movers {
        let given = (!bare && men <= 5 || enough_without(pos, strong, sq))
            && (men > 5 || known_pawns(pos.by_role(Role::Pawn), pos));
        // A bishop that is not to be taken must take: a man on its colour.
        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        let takes = pos.role_at(sq) != Some(Role::Bishop) || (theirs & colour).any();
        if given || !bare && takes {
            let _ = candidates.try_push((king.king_distance(sq), sq, given));
        }
    }
    candidates.sort_unstable();
    for &(_, piece, given) in &candidates {
        if *states == 0 {
            return false;
        }
        let mut line = ArrayVec::<Move, MAX_LINE>::new();
        let share = (*states).min(PER_PIECE);
        let mut left = share;
        let found = meet(pos, strong, piece, given, &mut left, &mut line);
        *states -= share - left;
        if !found {
            continue;
        }
        // The line played on the board: every move checked legal (the
        // search does not see the pins and checks of the receiving side's
        // men, which stand still: where it has some, a line may fail here).
        let mut end = pos.clone();
        let legal = line.iter().all(|&m| {
            let ok = end.is_legal(m);
            if ok {
                end.play_unchecked(m);
            }
            ok
        });
        debug_assert!(legal || !bare, "{line:?} from {pos:?}");
        if !legal {
            continue;
        }
        if end.turn() == weak && end.is_checkmate() {
            return true;
        }
        // The tables are asked without castling rights, which is sound: a
        // right only adds a move (never one out of check), so a line
        // legal without it is legal with it and mates as well. The rights
        // stay on the board the search goes on from.
        let cleared;
        let plain = if end.castling.any() {
            cleared = without_castling(&end);
            &cleared
        } else {
            &end
        };
        if is_known(plain) {
            if verdict(plain, strong) == Some(true) {
                return true;
            }
        } else if end.occupied().len() < men && alive(&end, states) {
            return true;
        }
    }
    false
}

/// `true` if four men with these pawns make an ending the tables know
/// (pawns of one colour only where there are two).
fn known_pawns(pawns: Bitboard, pos: &Position) -> bool {
    pawns.len() < 2 || pawns.len() == 2 && (pawns & pos.by_color(Color::White)).len() != 1
}

/// A copy of `pos` without its castling rights.
fn without_castling(pos: &Position) -> Position {
    let mut plain = pos.clone();
    plain.castling = Bitboard::EMPTY;
    plain.key = plain.compute_key();
    plain
}

/// `true` if `strong`'s men but the one on `sq` (and its king) have enough
/// to mate a bare king: a queen, rook or pawn; a knight with another minor
/// piece; bishops on both colours.
fn enough_without(pos: &Position, strong: Color, sq: Square) -> bool {
    let rest = pos.by_color(strong).without(sq);
    if (rest & (pos.by_role(Role::Queen) | pos.by_role(Role::Rook) | pos.by_role(Role::Pawn))).any()
    {
        return true;
    }
    let knights = (rest & pos.by_role(Role::Knight)).len();
    let bishops = rest & pos.by_role(Role::Bishop);
    let light = (bishops & Bitboard::LIGHT_SQUARES).any();
    let dark = (bishops & !Bitboard::LIGHT_SQUARES).any();
    knights >= 1 && knights + bishops.len() >= 2 || light && dark
}

/// A state of the search: the handed piece's square, the lone king's, and
/// whether the lone king is to move.
fn state(piece: u32, king: u32, weak_to_move: bool) -> u32 {
    piece << 7 | king << 1 | u32::from(weak_to_move)
}

/// The search for a meeting: the moves from `pos` (the piece on `piece`
/// alone moving on `strong`'s side) after which the lone king takes the
/// piece, or is checkmated, pushed onto `line`; `false` if none is found
/// within `states`.
fn meet(
    pos: &Position,
    strong: Color,
    piece: Square,
    given: bool,
    states: &mut u32,
    line: &mut ArrayVec<Move, MAX_LINE>,
) -> bool {
    let Some(role) = pos.role_at(piece) else {
        return false;
    };
    let weak = !strong;
    // The men that stand still, with their roles: the piece's side's,
    // and the receiving side's but its king (blockers, and men to take).
    let rest = pos.by_color(strong).without(piece);
    let theirs = pos.by_color(weak).without(pos.king(weak));
    let mut still = ArrayVec::<(Square, Role), 8>::new();
    for sq in rest {
        if let Some(r) = pos.role_at(sq) {
            let _ = still.try_push((sq, r));
        }
    }
    // Per square of the piece: what the men standing still attack, the
    // lone king off the board (so that a line piece sees through its
    // square), worked out once.
    let mut guarded = [Bitboard::EMPTY; 64];
    let mut known = Bitboard::EMPTY;
    let mut guard = |p: Square| -> Bitboard {
        if !known.contains(p) {
            let occupied = rest.with(p) | theirs;
            let mut attacked = Bitboard::EMPTY;
            for &(sq, r) in &still {
                attacked |= attacks::piece_attacks(r, strong, sq, occupied);
            }
            guarded[p as usize] = attacked;
            known = known.with(p);
        }
        guarded[p as usize]
    };
    let mut seen = [0u64; 128];
    // The queue, each entry with the index of the one it came from.
    let mut queue = ArrayVec::<(u32, u16), { STATES as usize }>::new();
    let start = state(piece as u32, pos.king(weak) as u32, pos.turn() == weak);
    seen[(start >> 6) as usize] |= 1 << (start & 63);
    let _ = queue.try_push((start, u16::MAX));
    let mut next = 0;
    while next < queue.len() {
        if *states == 0 {
            return false;
        }
        *states -= 1;
        let (s, _) = queue[next];
        let (p, k) = (Square::from_index(s >> 7), Square::from_index(s >> 1 & 63));
        let mut push = |to: u32, queue: &mut ArrayVec<(u32, u16), { STATES as usize }>| {
            if seen[(to >> 6) as usize] & 1 << (to & 63) == 0 {
                seen[(to >> 6) as usize] |= 1 << (to & 63);
                let _ = queue.try_push((to, next as u16));
            }
        };
        if s & 1 != 0 {
            // The lone king's turn: its moves are its steps to squares
            // nothing attacks (a man not guarded can be taken).
            let occupied = rest.with(p) | theirs;
            let danger = guard(p) | attacks::piece_attacks(role, strong, p, occupied);
            let legal = attacks::king(k) & !danger & !theirs;
            let takes = given && legal.contains(p);
            if takes || legal.is_empty() && danger.contains(k) {
                // The piece taken, or the king checkmated: the line found.
                if takes {
                    let _ = line.try_push(Move::new(k, p));
                }
                return unwind(&queue, next, line);
            }
            for to in legal & !rest.with(p) {
                push(state(p as u32, to as u32, false), &mut queue);
            }
        } else {
            // The piece's turn: any of its moves but onto its own men; one
            // that takes a man of the other side ends the search, and so
            // does one beside the king where nothing guards it (the king
            // takes it next).
            let occupied = rest.with(p).with(k) | theirs;
            let targets = attacks::piece_attacks(role, strong, p, occupied) & !rest.with(k);
            for to in targets {
                let before = queue.len();
                push(state(to as u32, k as u32, true), &mut queue);
                if queue.len() == before {
                    continue;
                }
                if theirs.contains(to) {
                    return unwind(&queue, before, line);
                }
                if given && attacks::king(k).contains(to) && !guard(to).contains(to) {
                    let _ = line.try_push(Move::new(k, to));
                    return unwind(&queue, before, line);
                }
            }
        }
        next += 1;
    }
    false
}

/// The moves from the search's start to the queue's entry `at`, put in
/// front of what `line` holds (the last move); `false` if they do not fit.
fn unwind(queue: &[(u32, u16)], mut at: usize, line: &mut ArrayVec<Move, MAX_LINE>) -> bool {
    let mut moves = ArrayVec::<Move, MAX_LINE>::new();
    // Walked back from `at`: each state's move is the step from its parent.
    while let Some(&(s, parent)) = queue.get(at) {
        let Some(&(from, _)) = queue.get(parent as usize) else {
            break; // the start
        };
        let (p0, k0) = (from >> 7, from >> 1 & 63);
        let (p1, k1) = (s >> 7, s >> 1 & 63);
        let m = if p0 == p1 {
            Move::new(Square::from_index(k0), Square::from_index(k1))
        } else {
            Move::new(Square::from_index(p0), Square::from_index(p1))
        };
        if moves.try_push(m).is_err() {
            return false;
        }
        at = parent as usize;
    }
    let last = line.pop();
    line.clear();
    for &m in moves.iter().rev() {
        if line.try_push(m).is_err() {
            return false;
        }
    }
    if let Some(m) = last {
        if line.try_push(m).is_err() {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::hands_over;
    use crate::Position;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn a_piece_handed_to_a_bare_king_leaves_a_known_win() {
        for fen in [
            // Bishops of both colours and a knight: the knight (or a
            // bishop) goes to White's king, which takes it.
            "4k3/2b5/n7/5b2/8/8/8/5K2 b - - 0 1",
            "8/7k/8/8/3K3b/6r1/8/1b5n b - - 0 1",
            "2b5/k7/8/6rn/8/K7/8/8 b - - 0 1",
            "6n1/6r1/2k5/8/1nb5/8/7K/8 b - - 0 1",
            "7b/3k4/5b2/8/r7/3K4/8/8 b - - 0 1",
            "8/K7/8/8/8/8/3k2n1/1r1b1n2 w - - 0 1",
            "4k1n1/5nr1/8/8/8/8/8/4K3 b - - 0 1",
            // The other side has men too: one of them is taken first (the
            // bishop takes the knight on c8), then pieces are handed over.
            "1Bn5/3k4/8/8/8/5B2/8/1N2K3 b - - 0 1",
            "1n2k3/8/4B3/8/1B6/2N1b3/8/4K3 b - - 0 1",
            "4k3/2b5/n7/5b2/8/8/8/4NK2 b - - 0 1",
            // The rook and a knight handed over, then the bishop on a6
            // (which can never take the bishop on c3) is passed over for
            // the knight that can.
            "3NR2k/8/B7/8/8/2b3K1/8/1N6 b - - 51 1",
        ] {
            assert!(hands_over(&pos(fen)), "{fen}");
        }
    }

    #[test]
    fn a_side_with_men_receives_into_a_four_man_ending_the_tables_know() {
        // A knight takes a knight, the king takes back; then a bishop is
        // handed over: king and knight against king and bishop, which the
        // knight's side wins (the tables say so). Before, the last knight
        // had to take the bishop, and the search spent every state.
        // Then, a bishop takes a bishop and is handed over; the knight
        // is handed over too: bishops of opposite colours, a win.
        for fen in [
            "6K1/5N1B/n2n1b2/8/8/8/k7/8 b - - 0 1",
            "2kb1B2/8/8/8/1b6/1N6/2K1B3/8 b - - 0 1",
            // Five men: the knight handed over into opposite bishops.
            "3b4/8/3k4/8/8/1N6/2K1B3/8 w - - 0 1",
        ] {
            let mut states = super::STATES;
            assert!(super::alive(&pos(fen), &mut states), "{fen}");
            assert!(super::STATES - states <= 10, "{fen}: {states} left");
        }
    }

    #[test]
    fn castling_rights_do_not_keep_the_hand_over_away() {
        // The knights and the bishop handed over one by one, the king and
        // the rook on h1 unmoved: king, rook and knight against king with
        // the right to castle kept, which the tables (asked without it:
        // a right only adds a move) say White wins. Then the same with
        // colours and ranks swapped.
        for fen in [
            "7N/8/6k1/8/8/8/4B3/4K1NR b K - 0 1",
            "4k1nr/4b3/8/8/8/6K1/8/7n w k - 0 1",
        ] {
            let mut states = super::STATES;
            assert!(super::alive(&pos(fen), &mut states), "{fen}");
            assert!(super::STATES - states <= 30, "{fen}: {states} left");
        }
    }

    #[test]
    fn a_piece_that_cannot_be_handed_over_leaves_states_to_the_next() {
        // The queen's search (two dozen moves a state) finds no meeting
        // within its share of the states; the rook, tried next with what
        // is left, is handed over (king, queen and pawn against king).
        // With one bound for both, the queen's search spent it all.
        let fen = "8/5k2/8/1P6/3K4/2Q5/8/3R4 b - - 0 60";
        let mut states = super::STATES;
        assert!(super::alive(&pos(fen), &mut states), "{fen}");
        assert!(super::STATES - states <= 2 * super::PER_PIECE, "{fen}");
    }

    #[test]
    fn no_piece_is_handed_over_into_four_men_the_tables_do_not_know() {
        // The bishop handed over would leave a pawn of each colour (not
        // known here): it takes the pawn on g4 instead, into king and pawn
        // against king.
        let fen = "8/8/7P/1k6/6p1/8/2B2K2/8 w - - 0 135";
        let mut states = super::STATES;
        assert!(super::alive(&pos(fen), &mut states), "{fen}");
        assert!(super::STATES - states <= 30, "{fen}: {states} left");
    }

    #[test]
    fn the_line_found_is_for_the_side_with_more_men() {
        use crate::Color;
        // Black hands a piece over (or takes White's knight): Black can
        // mate, which a flag fall of White's asks; White, with fewer men,
        // is never the one shown able to.
        for fen in [
            "4k3/2b5/n7/5b2/8/8/8/5K2 b - - 0 1",
            "4k3/2b5/n7/5b2/8/8/8/4NK2 b - - 0 1",
        ] {
            assert!(super::hands_over_for(&pos(fen), Color::Black), "{fen}");
            assert!(!super::hands_over_for(&pos(fen), Color::White), "{fen}");
        }
    }

    #[test]
    fn nothing_is_claimed_where_every_hand_over_leaves_too_little() {
        // Three bishops on light squares: whatever is handed over, the
        // rest cannot mate.
        assert!(!hands_over(&pos("K7/8/8/1b6/8/3b3b/3k4/8 b - - 0 1")));
        // As many men on each side: not this search's.
        assert!(!hands_over(&pos("4k3/2b5/8/5b2/8/8/8/3NNK2 b - - 0 1")));
        // Known endings are not looked at.
        assert!(!hands_over(&pos("4k3/2b5/8/5b2/8/8/8/5K2 b - - 0 1")));
    }
}
