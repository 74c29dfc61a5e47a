//! A known ending a few captures ahead: in an ending of at most seven
//! men, a capture (or a promotion), or a quiet move that the other side
//! answers with one, leads into a smaller ending; where a chain of them
//! reaches an ending the small tables know ([`super::small`]) and the
//! winner can win it, the winner can win here too, by that series of legal
//! moves.
//!
//! This is what a flag fall in a small ending mostly needs: the side
//! still on time often has less (a bishop against a rook and a pawn) and
//! mates only a king boxed in by its own men, which a helpmate search
//! finds after 10⁵ positions, while one capture (the bishop takes the
//! rook) leaves an ending the tables answer at once.

use super::helpmate::Line;
use super::{Budget, small};
use crate::{Color, Move, MoveKind, Position, Role};

/// The most men an ending may have for the chains to be looked for.
const MAX_MEN: usize = 7;

/// Captures (or promotions) a chain may hold.
const CAPTURES: u32 = 3;

/// The most quiet moves before each capture of a chain.
const QUIET: u32 = 2;

/// Positions a look ahead may visit: a few hundred microseconds where
/// nothing is found.
pub(super) const BUDGET: u64 = 1_500;

/// A series of legal moves from `pos` to a known ending that `winner` can
/// win (the moves, and the ending), or `None`.
pub(super) fn known_win(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<(Line, Position)> {
    let men = pos.occupied().len() as usize;
    if men > MAX_MEN || pos.castling.any() || small::is_known(pos) {
        return None;
    }
    // The chains with one quiet move before a capture first (a man
    // taken or offered at once), then those with two (a man brought
    // where it can take or be taken).
    for quiet in 1..=QUIET {
        let mut line = Line::new();
        if let Some(ending) = chain(pos, winner, CAPTURES, (quiet, quiet), budget, &mut line) {
            return Some((line, ending));
        }
        if budget.is_spent() {
            break;
        }
    }
    None
}

/// The position after a chain from `pos` of at most `captures` captures
/// or promotions, each preceded by at most `quiet.0` quiet moves (`quiet.1`
/// of them still allowed before the next), that ends in a known ending
/// `winner` can win; its moves are pushed onto `line`.
fn chain(
    pos: &Position,
    winner: Color,
    captures: u32,
    quiet: (u32, u32),
    budget: &mut Budget,
    line: &mut Line,
) -> Option<Position> {
    if captures == 0 || pos.has_insufficient_material(winner) || !budget.spend() {
        return None;
    }
    let moves = pos.legal_moves();
    let enemies = pos.by_color(!pos.turn());
    let reduces = |m: &Move| {
        enemies.contains(m.to()) || m.kind() == MoveKind::EnPassant || m.promotion_role().is_some()
    };
    // Captures and promotions first; a quiet move only to set one up.
    for &m in moves.iter().filter(|m| reduces(m)) {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if line.try_push(m).is_err() {
            return None;
        }
        if small::is_known(&next) {
            if small::verdict(&next, winner) == Some(true) {
                return Some(next);
            }
        } else if let Some(end) = chain(
            &next,
            winner,
            captures - 1,
            (quiet.0, quiet.0),
            budget,
            line,
        ) {
            return Some(end);
        }
        line.pop();
        if budget.is_spent() {
            return None;
        }
    }
    if quiet.1 == 0 {
        return None;
    }
    for &m in moves.iter().filter(|m| !reduces(m)) {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if line.try_push(m).is_err() {
            return None;
        }
        if let Some(end) = chain(
            &next,
            winner,
            captures,
            (quiet.0, quiet.1 - 1),
            budget,
            line,
        ) {
            return Some(end);
        }
        line.pop();
        if budget.is_spent() {
            return None;
        }
    }
    None
}

/// A mating line for `winner` from `pos` through [`known_win`]: the chain,
/// then the mate in the known ending by descent (after a promotion first
/// when there are pawns). `None` when either is not found.
pub(super) fn mate_line(pos: &Position, winner: Color, budget: &mut Budget) -> Option<Line> {
    let (mut line, ending) = budget.part(BUDGET, |b| known_win(pos, winner, b))?;
    let rest = known_mate(&ending, winner, budget)?;
    line.try_extend_from_slice(&rest).ok()?;
    Some(line)
}

/// The mate in a known ending that `winner` can win.
fn known_mate(pos: &Position, winner: Color, budget: &mut Budget) -> Option<Line> {
    if !pos.has_legal_moves() {
        return (pos.is_check() && pos.turn() != winner).then(Line::new);
    }
    let descent = |b: &mut Budget| {
        b.part(small::descent::BUDGET, |b| {
            small::descent::mate_line(pos, winner, b)
        })
    };
    if pos.by_role(Role::Pawn).is_empty() {
        descent(budget)
    } else {
        budget
            .part(super::PROMOTE_BUDGET, |b| {
                small::line::promote_then_descend(pos, winner, b)
            })
            .or_else(|| descent(budget))
    }
}

#[cfg(test)]
mod tests {
    use super::{BUDGET, known_win, mate_line};
    use crate::dead::{Budget, small};
    use crate::{Color, Position};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    /// The chain found for `winner`, checked: legal moves that end in the
    /// ending returned, which the tables know and `winner` wins.
    fn chain(fen: &str, winner: Color) -> Option<usize> {
        let start = pos(fen);
        let (line, ending) = known_win(&start, winner, &mut Budget::new(BUDGET))?;
        let mut now = start.clone();
        for &m in &line {
            assert!(now.is_legal(m), "{fen}: {m} is not legal");
            now.play_unchecked(m);
        }
        assert!(now == ending, "{fen}: the line does not lead to the ending");
        assert_eq!(small::verdict(&ending, winner), Some(true), "{fen}");
        Some(line.len())
    }

    #[test]
    fn a_bishop_that_takes_the_rook_leaves_a_known_win_against_the_pawn() {
        // K+B v K+R+P: Bxa7 at once, then the pawn becomes the man that
        // blocks its own king.
        assert_eq!(
            chain("1B1K4/r7/8/2p5/8/8/4k3/8 w - - 11 13", Color::White),
            Some(1)
        );
        // Two quiet moves first: the rook is brought where the bishop
        // takes it.
        assert!(chain("8/8/8/1Kp5/8/5r2/8/6Bk w - - 19 13", Color::White).is_some());
        // And the line to the mate, through the known ending.
        let start = pos("1B1K4/r7/8/2p5/8/8/4k3/8 w - - 11 13");
        let line = mate_line(&start, Color::White, &mut Budget::new(100_000));
        let line = line.expect("a mating line");
        let mut now = start;
        for m in line {
            now.play(m).expect("a legal move");
        }
        assert!(now.is_checkmate() && now.turn() == Color::Black);
    }

    #[test]
    fn a_flag_fall_needs_no_line_where_a_known_win_is_ahead() {
        use crate::dead::{Ask, Verdict, solve_as};
        // The quick look finds no line for the bishop; the verdict, which
        // needs none, takes the chain (Bxa7) within a small budget.
        let start = pos("1B1K4/r7/8/2p5/8/8/4k3/8 w - - 11 13");
        assert!(matches!(
            solve_as(&start, Color::White, 2_000, Ask::Verdict),
            Verdict::Proved
        ));
        assert!(crate::dead::can_mate(&start, Color::White));
        assert!(!crate::dead::cannot_mate(&start, Color::White));
        // Black, with rook and pawn, can mate too; a bare king cannot.
        assert!(crate::dead::can_mate(&start, Color::Black));
        let bare = pos("1B1K4/8/8/8/8/8/4k3/8 w - - 0 13");
        assert!(crate::dead::cannot_mate(&bare, Color::Black));
    }

    #[test]
    fn no_chain_is_claimed_where_the_winner_has_too_little() {
        // A lone bishop against king and rook can never mate.
        assert_eq!(chain("7k/8/8/8/8/8/r7/4K1B1 w - - 0 1", Color::White), None);
        // Bishops on one colour whatever is taken.
        assert_eq!(
            chain("K7/8/8/1b6/8/3b4/3k4/5B2 b - - 0 1", Color::White),
            None
        );
        // Known endings and those of more than seven men are not looked at.
        assert_eq!(chain("k7/p7/8/8/8/8/8/K6N w - - 0 1", Color::White), None);
        assert_eq!(
            chain("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", Color::White),
            None
        );
    }
}
