//! The pawn run of a quick look, played without a search.
//!
//! Most lines the quick look finds promote the winner's pawns first
//! (nearly three quarters of their plies lead up to the last promotion),
//! and a search node costs a full generation of scored moves. Here the run
//! is played directly: the winner pushes its most advanced pawn whose way
//! to the last rank is empty, the loser answers with a move that keeps out
//! of the running pawn's way (its king's first, if it has one), until the
//! winner has two queens or no pawn can run; the search then looks for the
//! mate from there. Each push is checked legal, each answer is a legal
//! move, so the line is legal; the search ends it in a checkmate or
//! nothing is claimed.

use super::Line;
use crate::{Bitboard, Color, Move, Position, Role, Square};

/// The most plies the run plays: two pawns from their second rank.
const MOST_PLIES: usize = 24;

/// The run from `root` for `winner` (at most `most` plies, and at most
/// [`MOST_PLIES`]), and the position it leads to, or `None` when no pawn
/// can run or the run is stopped (a push made illegal, an answer that
/// cannot keep out of the way, a stalemate).
pub(super) fn run(root: &Position, winner: Color, most: u64) -> Option<(Line, Position)> {
    let most = MOST_PLIES.min(usize::try_from(most).unwrap_or(MOST_PLIES));
    let forward: i32 = if winner == Color::White { 8 } else { -8 };
    // The run's first failures, looked at before the position is copied:
    // no ply to play, no pawn to run.
    if most == 0 {
        return None;
    }
    let mut pawn = runner(root, winner)?;
    let mut pos = root.clone();
    let mut line = Line::new();
    while line.len() < most {
        if pos.turn() == winner {
            let (m, last) = step(pawn, winner)?;
            let to = m.to();
            if pos.occupied().contains(to) || !push_is_legal(&pos, m) {
                return None;
            }
            pos.play_unchecked(m);
            line.try_push(m).ok()?;
            if !last {
                pawn = to;
                continue;
            }
            if pos.pieces(winner, Role::Queen).len() >= 2 {
                break;
            }
            match runner(&pos, winner) {
                Some(next) => pawn = next,
                None => break,
            }
        } else {
            let m = answer(&pos, way(pawn, forward).with(pawn))?;
            pos.play_unchecked(m);
            line.try_push(m).ok()?;
            // An en passant capture takes the pawn without landing on its
            // square or its way: the run stops there.
            if !pos.pieces(winner, Role::Pawn).contains(pawn) {
                return None;
            }
        }
    }
    // The loser moves next: a run that ends on a push leaves the mate to
    // the search, which starts where the winner is to move or not alike.
    (!line.is_empty()).then_some((line, pos))
}

/// The push of the winner's [`runner`] in `pos` (the winner to move), a
/// promotion to a queen on the last rank, if it is legal: a search's
/// first choice played without a generation (see the node of a quick
/// look's line).
pub(super) fn push(pos: &Position, winner: Color) -> Option<Move> {
    let (m, _) = step(runner(pos, winner)?, winner)?;
    push_is_legal(pos, m).then_some(m)
}

/// The one-square push of `winner`'s pawn on `pawn` (a promotion to a
/// queen on the last rank), and whether it reaches the last rank.
fn step(pawn: Square, winner: Color) -> Option<(Move, bool)> {
    let forward: i32 = if winner == Color::White { 8 } else { -8 };
    let to = Square::from_index((pawn.index() as i32 + forward) as u32);
    let last = to.rank().index() == if winner == Color::White { 7 } else { 0 };
    let m = if last {
        Move::promotion(pawn, to, Role::Queen)?
    } else {
        Move::new(pawn, to)
    };
    Some((m, last))
}

/// The squares ahead of a pawn on `from` up to the last rank.
fn way(from: Square, forward: i32) -> Bitboard {
    let file = FILE_A << from.file().index();
    let ahead = if forward > 0 {
        // The squares above `from`: the file less `from` and what is below.
        file & (u64::MAX << from.index() << 1)
    } else {
        file & ((1u64 << from.index()) - 1)
    };
    Bitboard(ahead)
}

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The winner's pawn nearest to promotion whose way is empty (of the
/// nearest, the first from the a-file), by shifts: the squares below (for
/// White; above for Black) a man on their file are filled, and a pawn
/// outside them runs.
fn runner(pos: &Position, winner: Color) -> Option<Square> {
    let pawns = pos.pieces(winner, Role::Pawn).0;
    if pawns == 0 {
        return None;
    }
    let occupied = pos.occupied().0;
    let free = if winner == Color::White {
        let mut behind = occupied >> 8;
        behind |= behind >> 8;
        behind |= behind >> 16;
        behind |= behind >> 32;
        pawns & !behind
    } else {
        let mut behind = occupied << 8;
        behind |= behind << 8;
        behind |= behind << 16;
        behind |= behind << 32;
        pawns & !behind
    };
    let found = if winner == Color::White {
        // The highest rank's first pawn.
        let top = Bitboard(free).last()?;
        Bitboard(free & (0xff << (top.index() & !7))).first()
    } else {
        Bitboard(free).first()
    };
    debug_assert_eq!(found, runner_by_ways(pos, winner), "{pos:?}");
    found
}

/// [`runner`] pawn by pawn, to check it.
fn runner_by_ways(pos: &Position, winner: Color) -> Option<Square> {
    let forward: i32 = if winner == Color::White { 8 } else { -8 };
    let occupied = pos.occupied();
    pos.pieces(winner, Role::Pawn)
        .into_iter()
        .filter(|&from| (way(from, forward) & occupied).is_empty())
        .min_by_key(|&from| way(from, forward).len())
}

/// `true` if the push `m` onto an empty square is legal: without a
/// generation when the king is not in check. A pawn on no line through its
/// king but its file is not pinned off it; one on another line leaves
/// only that line open, looked at with the pawn moved.
fn push_is_legal(pos: &Position, m: Move) -> bool {
    if pos.is_check() {
        return pos.is_legal(m);
    }
    let king = pos.king(pos.turn());
    let line = crate::attacks::line(king, m.from());
    let legal = line.is_empty()
        || line.contains(m.to())
        || !pos.is_attacked(
            king,
            !pos.turn(),
            pos.occupied().without(m.from()).with(m.to()),
        );
    debug_assert_eq!(legal, pos.is_legal(m), "{m:?} in {pos:?}");
    legal
}

/// A legal move of the side to move that neither lands on nor captures on
/// `keep_out`: the first step of its king to a square nobody attacks (the
/// first such legal king move), else the first other legal move.
fn answer(pos: &Position, keep_out: Bitboard) -> Option<Move> {
    let us = pos.turn();
    let king = pos.king(us);
    let occupied = pos.occupied().without(king);
    let steps = crate::attacks::king(king) & !pos.by_color(us) & !keep_out;
    if let Some(to) = steps
        .into_iter()
        .find(|&to| !pos.is_attacked(to, !us, occupied))
    {
        let m = Move::new(king, to);
        debug_assert!(pos.is_legal(m), "{m:?} in {pos:?}");
        return Some(m);
    }
    let fits = |m: &&Move| !keep_out.contains(m.to());
    pos.legal_moves().iter().find(fits).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `line` from `pos` with the checked `play`.
    fn replay(pos: &Position, line: &[Move]) -> Position {
        let mut pos = pos.clone();
        for &m in line {
            pos.play(m).expect("a legal move");
        }
        pos
    }

    #[test]
    fn a_run_promotes_the_free_pawns_by_legal_moves() {
        for (fen, winner, queens) in [
            // Two free pawns: both promote, the loser's king keeps out of
            // the way of each.
            ("8/8/8/8/8/k7/4P1P1/4K3 w - - 0 1", Color::White, 2),
            // The loser to move first: it answers before the first push.
            ("4k3/4p1p1/8/K7/8/8/8/8 w - - 0 1", Color::Black, 2),
            // One pawn beside a queen: the run stops at two queens.
            ("4k3/8/8/8/8/8/P7/Q3K3 w - - 0 1", Color::White, 2),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let (line, end) = run(&pos, winner, 100).expect(fen);
            assert_eq!(replay(&pos, &line), end, "{fen}");
            assert!(end.pieces(winner, Role::Queen).len() >= queens, "{fen}");
        }
    }

    #[test]
    fn a_way_is_the_squares_ahead_up_to_the_last_rank() {
        for from in (0..64).map(Square::from_index) {
            for forward in [8, -8] {
                let mut steps = Bitboard::EMPTY;
                let mut sq = from.index() as i32 + forward;
                while (0..64).contains(&sq) {
                    steps = steps.with(Square::from_index(sq as u32));
                    sq += forward;
                }
                assert_eq!(way(from, forward), steps, "{from:?} {forward}");
            }
        }
    }

    #[test]
    fn the_runner_is_the_free_pawn_nearest_to_promotion() {
        for (fen, winner, pawn) in [
            // b7 and e6 are blocked by the knight and the king, g6 and c6
            // run: the first from the a-file.
            (
                "1n2k3/1P6/2P1P1P1/8/8/8/7P/4K3 w - - 0 1",
                Color::White,
                Some(Square::C6),
            ),
            (
                "4k3/p7/8/8/1p4p1/1P6/8/4K3 w - - 0 1",
                Color::Black,
                Some(Square::G4),
            ),
            // Every pawn blocked by a man ahead, however far.
            ("4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1", Color::White, None),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(runner(&pos, winner), pawn, "{fen}");
            assert_eq!(runner_by_ways(&pos, winner), pawn, "{fen}");
        }
    }

    #[test]
    fn a_push_off_its_kings_line_is_legal_unless_pinned() {
        for (fen, push, legal) in [
            // The pawn on the king's diagonal, nothing behind it.
            (
                "4k3/8/8/8/8/8/1P6/K7 w - - 0 1",
                Move::new(Square::B2, Square::B3),
                true,
            ),
            // A bishop behind it pins it.
            (
                "4k3/8/8/8/8/2b5/1P6/K7 w - - 0 1",
                Move::new(Square::B2, Square::B3),
                false,
            ),
            // A rook on the rank, a man between: not pinned.
            (
                "4k3/8/8/8/8/8/K1Pn3r/8 w - - 0 1",
                Move::new(Square::C2, Square::C3),
                true,
            ),
            (
                "4k3/8/8/8/8/8/K1P4r/8 w - - 0 1",
                Move::new(Square::C2, Square::C3),
                false,
            ),
            // Black: a queen on the diagonal behind the pawn.
            (
                "8/3k4/4p3/8/6Q1/8/8/4K3 b - - 0 1",
                Move::new(Square::E6, Square::E5),
                false,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(push_is_legal(&pos, push), legal, "{fen}");
            assert_eq!(pos.is_legal(push), legal, "{fen}");
        }
    }

    #[test]
    fn no_run_without_a_pawn_whose_way_is_empty() {
        for (fen, winner) in [
            // Locked pawns.
            ("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1", Color::White),
            // No pawn at all.
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Color::White),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert!(run(&pos, winner, 100).is_none(), "{fen}");
        }
    }

    #[test]
    fn the_answer_keeps_out_of_the_way_or_there_is_none() {
        // The black king may step only onto the pawn's way: no answer
        // from the king; the bishop answers instead.
        let pos = Position::from_fen("7k/5K2/8/7P/8/8/8/1b6 b - - 0 1").unwrap();
        let way = way(Square::H5, 8).with(Square::H5);
        let m = answer(&pos, way).expect("the bishop moves");
        assert_eq!(m.from(), Square::B1);
        assert!(!way.contains(m.to()));
        // A bare king with only steps onto the way: no answer at all.
        let pos = Position::from_fen("7k/5K2/8/7P/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(answer(&pos, way), None);
    }

    #[test]
    fn a_run_stops_when_the_answer_takes_the_pawn_en_passant() {
        // The white pawn has just come to e4 with check. Black's king has
        // no safe step off the pawn's way, so the answer is the capture en
        // passant, which lands on e3 and takes the pawn: nothing is left
        // to run.
        let pos = Position::from_fen("8/8/5Q2/3k4/3pP3/3N4/2Q4K/8 b - e3 0 1").unwrap();
        let way = way(Square::E4, 8).with(Square::E4);
        let m = answer(&pos, way).expect("the capture en passant");
        assert_eq!(m.kind(), crate::MoveKind::EnPassant);
        assert!(run(&pos, Color::White, 100).is_none());
    }
}
