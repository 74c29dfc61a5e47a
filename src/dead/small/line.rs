//! Mating lines for small endings with pawns: promote a pawn first, then
//! mate in the ending it leads to.
//!
//! In endings of few men the mate often needs a pawn to become a piece:
//! the winner's own pawn a queen (a king and pawn can only mate after the
//! promotion), or the loser's pawn a piece that blocks its own king (a
//! knight or bishop mates only a king boxed in by its own men, and a
//! pawn that must move is a poor box). A blind helpmate search finds such
//! lines after 10⁴–10⁵ positions; walking the pawn up its file while the
//! other men step aside costs a few dozen moves generated, and the ending
//! after the promotion is one the mating pattern ([`super::super::pattern`])
//! or the quick look solves.
//!
//! The walk is greedy and deterministic: the pawn's side pushes it (or
//! moves its own man off the pawn's file); the other side moves a man that
//! stands in the way, offers a man for capture when its own pawn blocks
//! the file, or otherwise makes a quiet move near where its king stood.
//! Whatever the walk finds is a heuristic's answer: the caller replays the
//! whole line to mate before it counts.

use super::super::helpmate::Line;
use super::super::{Budget, pattern, quick_line};
use crate::{Bitboard, Color, Move, MoveKind, Position, Role, Square};
use arrayvec::ArrayVec;

/// The most men an ending may have for the walk to be tried.
const MAX_MEN: usize = 10;

/// The pawns walked to promotion, nearest first (the winner's before the
/// loser's).
const MAX_WALKS: usize = 4;

/// The longest walk of one pawn to its promotion, in plies.
const WALK_PLIES: usize = 40;

/// Positions the mate after a promotion may search, per promotion tried.
const FINISH_BUDGET: u64 = 4_000;

/// Positions the mating pattern after a promotion may search: the
/// patterns that mate there mostly do within it, and a pattern that fails
/// would otherwise spend the promotion's whole share before the next
/// blocker is tried.
const LAST_PATTERN: u64 = 2_500;

/// Promotions that may follow one another in a line (the loser's two
/// pawns, say).
const DEPTH: u32 = 2;

/// A mating line for `winner` that first promotes a pawn, or `None`.
pub(crate) fn promote_then_mate(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<Line> {
    promote(pos, winner, budget, DEPTH, Finish::Pattern)
}

/// [`promote_then_mate`] with only the cheap looks after each promotion
/// (the quick look, another promotion), not the mating pattern: a first
/// look that costs tens of microseconds at most, before a search finds
/// what the pattern would have found for more.
pub(crate) fn promote_then_mate_quickly(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<Line> {
    promote(pos, winner, budget, DEPTH, Finish::Quick)
}

/// [`promote_then_mate_quickly`] for a caller that needs only the
/// verdict: after each promotion, a known ending that `winner` wins, at
/// once or after its king has taken men of the loser
/// ([`takes_into_a_known_win`]), ends the line there, before the quick
/// look. The line ends in a checkmate by `winner` or in a position that
/// [`ends_in_a_known_win`] proves; the caller replays it.
pub(crate) fn promote_into_a_known_win_or_mate(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<Line> {
    promote(pos, winner, budget, DEPTH, Finish::Known)
}

/// `true` if `winner` wins the known ending `pos`, or takes into one
/// from it as a line of [`promote_into_a_known_win_or_mate`] found.
pub(crate) fn ends_in_a_known_win(pos: &Position, winner: Color) -> bool {
    super::verdict(pos, winner) == Some(true)
        || takes_within(pos, winner, &mut Budget::new(u64::MAX), KNOWN_TAKE_PLIES)
}

/// The most plies the king's walks after a promotion may take in
/// [`ends_in_a_known_win`], per promotion.
const KNOWN_TAKE_PLIES: u32 = 100;

/// How a line after a promotion is looked for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Finish {
    /// A known ending the winner wins, at once or by
    /// [`takes_into_a_known_win`] (the line stops there), then as
    /// [`Finish::Quick`].
    Known,
    /// The quick look, another promotion: [`finish`] without the pattern.
    Quick,
    /// The quick look, another promotion, the mating pattern ([`finish`]).
    Pattern,
    /// The mate by descent ([`descend_after`]).
    Descend,
}

/// A mating line for `winner` that first promotes a pawn, then walks to a
/// mate by descent ([`super::descent`]) with the other pawns left where
/// they stand, or `None`: the same walks as [`promote_then_mate`], for
/// the endings its searches after the promotion miss.
pub(crate) fn promote_then_descend(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<Line> {
    promote(pos, winner, budget, DEPTH, Finish::Descend)
}

/// Captures that may follow one another in [`take_then_descend`].
const TAKES: u32 = 3;

/// The turns a king of [`take`] may walk without coming nearer to its
/// target before the walk is given up.
const TAKE_STALL: u32 = 4;

/// A mating line for `winner` in an ending of at most seven men: its king
/// walks to a man of the loser and takes it (the loser meanwhile making
/// quiet moves that leave the man unguarded), once or more, until the
/// ending is a known one that `winner` can win; then the mate by descent,
/// after a promotion or with the pawns standing. `None` when no such walk
/// is found. Where a wall of men keeps the winner's piece from ever
/// checking (two rooks against a bishop that runs on the other colour),
/// the search finds nothing and the king must clear the board first.
pub(crate) fn take_then_descend(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
) -> Option<Line> {
    let mut plies = super::WALKS_PLIES;
    take(pos, winner, budget, &mut plies, TAKES, 5, &mut descend)
}

/// `true` if `winner` can win from `pos`, an ending of four to seven men,
/// by the walks of [`take_then_descend`]: its king takes men of the loser
/// until the ending is a known one that it wins. The walks are played on
/// a board, move by move from the legal moves, and the known ending's
/// verdict is proved by the tables' generator: a proof without a line.
pub(crate) fn takes_into_a_known_win(pos: &Position, winner: Color, budget: &mut Budget) -> bool {
    takes_within(pos, winner, budget, super::WALKS_PLIES)
}

/// [`takes_into_a_known_win`] with at most `plies` plies walked.
fn takes_within(pos: &Position, winner: Color, budget: &mut Budget, mut plies: u32) -> bool {
    let plies = &mut plies;
    let known = &mut |_: &Position, _: Color, _: &mut Budget| Some(Line::new());
    take(pos, winner, budget, plies, TAKES, 4, known).is_some()
}

/// The walks of [`take_then_descend`] in endings of `least` to seven men,
/// each known winnable ending they reach finished by `finish`.
fn take(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
    plies: &mut u32,
    depth: u32,
    least: u32,
    finish: &mut impl FnMut(&Position, Color, &mut Budget) -> Option<Line>,
) -> Option<Line> {
    let men = pos.occupied().len();
    if depth == 0 || !(least..=7).contains(&men) || pos.castling.any() || super::is_known(pos) {
        return None;
    }
    let king = pos.king(winner);
    let mut targets = ArrayVec::<(u32, Square), 8>::new();
    for sq in pos.by_color(!winner) & !pos.by_role(Role::King) {
        let _ = targets.try_push((king.king_distance(sq), sq));
    }
    targets.sort_unstable();
    for &(_, target) in &targets {
        if *plies == 0 || budget.is_spent() {
            return None;
        }
        let mut walk = Line::new();
        let before = *plies;
        let after = super::walk_to_take(pos, winner, target, plies, TAKE_STALL, &mut walk);
        budget.charge(u64::from(before - *plies));
        let Some(after) = after else {
            continue;
        };
        let rest = if super::is_known(&after) {
            if super::verdict(&after, winner) != Some(true) {
                continue;
            }
            finish(&after, winner, budget)
        } else {
            take(&after, winner, budget, plies, depth - 1, least, finish)
        };
        if let Some(rest) = rest {
            walk.try_extend_from_slice(&rest).ok()?;
            return Some(walk);
        }
    }
    None
}

/// The mate by descent in a known winnable ending: after a promotion
/// first when there are pawns.
fn descend(pos: &Position, winner: Color, budget: &mut Budget) -> Option<Line> {
    if !pos.has_legal_moves() {
        return (pos.is_check() && pos.turn() != winner).then(Line::new);
    }
    let direct = |b: &mut Budget| {
        let descent = super::descent::BUDGET;
        b.part(descent, |b| super::descent::mate_line(pos, winner, b))
    };
    if pos.by_role(Role::Pawn).is_empty() {
        direct(budget)
    } else {
        budget
            .part(FINISH_BUDGET * 2, |b| promote_then_descend(pos, winner, b))
            .or_else(|| direct(budget))
    }
}

fn promote(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
    depth: u32,
    how: Finish,
) -> Option<Line> {
    let pawns = pos.by_role(Role::Pawn);
    if depth == 0 || pawns.is_empty() || pos.occupied().len() as usize > MAX_MEN {
        return None;
    }
    // The winner's pawns first (a queen mates), nearest to promotion
    // first; then the loser's, each to a knight, then each to a bishop,
    // and so on: the first blocker that works is usually a minor piece.
    let mut walks = ArrayVec::<(u32, Square), 16>::new();
    for sq in pawns {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let steps = 7 - relative_rank(sq, piece.color);
        let _ = walks.try_push((u32::from(piece.color != winner) * 8 + steps, sq));
    }
    walks.sort_unstable_by_key(|w| w.0);
    let walked: ArrayVec<_, 16> = walks
        .iter()
        .take(MAX_WALKS)
        .map(|&(rank, from)| (rank < 8, walk_pawn(pos, from)))
        .collect();
    let tries = [
        Role::Queen,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    for (round, &role) in tries.iter().enumerate() {
        for (ours, walk) in &walked {
            let Some((walk, at, from, to)) = walk else {
                continue;
            };
            if *ours != (round == 0) {
                continue;
            }
            let Some(m) = Move::promotion(*from, *to, role) else {
                continue;
            };
            if !at.is_legal(m) {
                continue;
            }
            let mut after = at.clone();
            after.play_unchecked(m);
            if super::verdict(&after, winner) == Some(false) {
                continue;
            }
            let Some(rest) = budget.part(FINISH_BUDGET, |b| {
                if how == Finish::Descend {
                    descend_after(&after, winner, b, depth)
                } else {
                    finish(&after, winner, b, depth, how)
                }
            }) else {
                if budget.is_spent() {
                    return None;
                }
                continue;
            };
            let mut line = walk.clone();
            line.try_push(m).ok()?;
            line.try_extend_from_slice(&rest).ok()?;
            return Some(line);
        }
    }
    None
}

/// The mate after a promotion: the quick look, another promotion, then
/// the mating pattern (if `how` is [`Finish::Pattern`]).
fn finish(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
    depth: u32,
    how: Finish,
) -> Option<Line> {
    if !pos.has_legal_moves() {
        return (pos.is_check() && pos.turn() != winner).then(Line::new);
    }
    if pos.has_insufficient_material(winner) {
        return None;
    }
    if how == Finish::Known && ends_in_a_known_win(pos, winner) {
        return Some(Line::new());
    }
    let quick = super::super::QUICK_BUDGET;
    budget
        .part(quick, |b| quick_line(pos, winner, b))
        .or_else(|| promote(pos, winner, budget, depth - 1, how))
        .or_else(|| {
            (how == Finish::Pattern)
                .then(|| budget.part(LAST_PATTERN, |b| pattern::search(pos, winner, b)))
                .flatten()
        })
}

/// The mate after a promotion by descent, the pawns standing, or after
/// another promotion.
fn descend_after(pos: &Position, winner: Color, budget: &mut Budget, depth: u32) -> Option<Line> {
    if !pos.has_legal_moves() {
        return (pos.is_check() && pos.turn() != winner).then(Line::new);
    }
    if pos.has_insufficient_material(winner) {
        return None;
    }
    super::descent::mate_line(pos, winner, budget)
        .or_else(|| promote(pos, winner, budget, depth - 1, Finish::Descend))
}

/// The rank of `sq` counted from `color`'s side, 0 to 7.
fn relative_rank(sq: Square, color: Color) -> u32 {
    let rank = sq.rank().index();
    if color == Color::White {
        rank
    } else {
        7 - rank
    }
}

/// The squares ahead of a pawn of `color` on `sq`, to the last rank.
fn path(sq: Square, color: Color) -> Bitboard {
    let dr = if color == Color::White { 1 } else { -1 };
    let mut squares = Bitboard::EMPTY;
    let mut at = sq.offset(0, dr);
    while let Some(s) = at {
        squares = squares.with(s);
        at = s.offset(0, dr);
    }
    squares
}

/// Walks the pawn on `from` up its file until its next move promotes:
/// the line, the position then (the pawn's side to move), and the
/// promotion's squares. `None` when the walk gets stuck.
fn walk_pawn(root: &Position, from: Square) -> Option<(Line, Position, Square, Square)> {
    let color = root.piece_at(from)?.color;
    let dr = if color == Color::White { 1 } else { -1 };
    let homes = [root.king(Color::White), root.king(Color::Black)];
    let mut pos = root.clone();
    let mut line = Line::new();
    let mut sq = from;
    while line.len() < WALK_PLIES {
        let ahead = sq.offset(0, dr)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let ahead_free = !pos.occupied().contains(ahead);
        let on_path = path(sq, color);
        let m = if pos.turn() == color {
            if ahead_free && relative_rank(ahead, color) == 7 {
                let promotes = moves.iter().any(|m| m.from() == sq && m.to() == ahead);
                return promotes.then_some((line, pos, sq, ahead));
            }
            let push = moves.iter().copied().filter(|m| m.from() == sq);
            let step = push
                .clone()
                .filter(|m| m.to().file() == sq.file())
                .max_by_key(|m| m.kind() == MoveKind::DoublePush);
            let capture = push.clone().find(|m| m.to().file() != sq.file());
            let blocker = pos.piece_at(ahead).filter(|p| p.color != color);
            match (step, capture) {
                (Some(m), _) => m,
                // Blocked by a man of the other side: take the one offered.
                (None, Some(m)) if blocker.is_some() => m,
                // Blocked by a pawn of the other side: take it with a man.
                _ if blocker.is_some_and(|p| p.role == Role::Pawn) => {
                    let men = pos.by_color(color) & !pos.by_role(Role::Pawn);
                    toward(&pos, &moves, men, Bitboard::from_square(ahead))
                        .or_else(|| aside(&pos, &moves, sq, on_path, homes))?
                }
                _ => aside(&pos, &moves, sq, on_path, homes)?,
            }
        } else {
            let blocked_by_pawn = pos
                .piece_at(ahead)
                .is_some_and(|p| p.color != color && p.role == Role::Pawn);
            let offer = if blocked_by_pawn {
                // A man put where the pawn can take it opens the file.
                let targets: Bitboard = [sq.offset(-1, dr), sq.offset(1, dr)]
                    .into_iter()
                    .flatten()
                    .filter(|&t| !pos.occupied().contains(t))
                    .collect();
                let men =
                    pos.by_color(!color) & !pos.by_role(Role::Pawn) & !pos.by_role(Role::King);
                toward(&pos, &moves, men, targets)
            } else {
                None
            };
            match offer {
                Some(m) => m,
                None => aside(&pos, &moves, sq, on_path, homes)?,
            }
        };
        if m.from() == sq {
            sq = m.to();
        }
        pos.play_unchecked(m);
        line.try_push(m).ok()?;
    }
    None
}

/// The moves a man needs, at most [`APPROACH`], to stand on one of
/// `targets` (to take what stands there, or to be taken there).
const APPROACH: u32 = 4;

/// The first move of the shortest walk of one of `men` (the side to move's)
/// to one of `targets`, the other men standing still; `None` if none gets
/// there within [`APPROACH`] moves.
fn toward(
    pos: &Position,
    moves: &crate::MoveList,
    men: Bitboard,
    targets: Bitboard,
) -> Option<Move> {
    let own = pos.by_color(pos.turn());
    let mut best: Option<(u32, Move)> = None;
    // A king walks only where it is not attacked now (pawns' attacks stay
    // where they are), but to its target: the same squares for each of
    // its moves (the board without the king), worked out once.
    let mut king_forbidden = None;
    for &m in moves {
        if !men.contains(m.from()) || m.kind() != MoveKind::Normal {
            continue;
        }
        let Some(role) = pos.role_at(m.from()) else {
            continue;
        };
        let occupied = pos.occupied().without(m.from()).with(m.to());
        let forbidden = if role == Role::King {
            *king_forbidden.get_or_insert_with(|| {
                let them = !pos.turn();
                super::attacked_under(pos, them, pos.occupied().without(m.from())) & !targets
            })
        } else {
            Bitboard::EMPTY
        };
        let mut reached = Bitboard::from_square(m.to());
        let mut steps = 0;
        while (reached & targets).is_empty() && steps < APPROACH {
            let mut next = reached;
            for at in reached {
                next |= crate::attacks::reach(role, at, occupied) & !own & !forbidden;
            }
            if next == reached {
                break;
            }
            reached = next;
            steps += 1;
        }
        if (reached & targets).any() && best.is_none_or(|b| steps < b.0) {
            best = Some((steps, m));
        }
    }
    best.map(|b| b.1)
}

/// A quiet move of the side to move that keeps off the pawn's `path` (a
/// man standing on it leaves first), gives no check, takes nothing and
/// keeps the king near its first square (`homes`); `None` if there is
/// none.
fn aside(
    pos: &Position,
    moves: &crate::MoveList,
    pawn: Square,
    path: Bitboard,
    homes: [Square; 2],
) -> Option<Move> {
    let us = pos.turn();
    let blockers = path & pos.by_color(us) & !pos.by_role(Role::Pawn);
    let home = homes[us as usize];
    let mut candidates = ArrayVec::<(u32, Move), 256>::new();
    for &m in moves {
        let (from, to) = (m.from(), m.to());
        if from == pawn || path.contains(to) || pos.occupied().contains(to) {
            continue;
        }
        if m.kind() != MoveKind::Normal || m.promotion_role().is_some() {
            continue;
        }
        let role = pos.role_at(from)?;
        if role == Role::Pawn {
            continue;
        }
        // A blocker leaves first; else the king waits near its square.
        let score = if blockers.contains(from) {
            0
        } else if role == Role::King {
            1 + Square::king_distance(to, home)
        } else {
            16
        };
        let _ = candidates.try_push((score, m));
    }
    // Best first (the earlier move on a tie); the first that gives no
    // check is played, so most moves are never tried on a board.
    candidates.sort_by_key(|c| c.0);
    candidates.into_iter().map(|c| c.1).find(|&m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        !after.is_check()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(fen: &str, winner: Color) -> Option<Line> {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let mut budget = Budget::new(super::super::super::PROMOTE_BUDGET);
        let line = promote_then_mate(&pos, winner, &mut budget)?;
        assert!(
            super::super::super::mates(&pos, winner, &line),
            "{fen}: {line:?}"
        );
        Some(line)
    }

    #[test]
    fn a_pawn_is_promoted_then_the_mate_is_found() {
        for (fen, winner) in [
            // The defender's pawn becomes the blocker of its own king.
            ("k7/p7/8/8/8/8/8/K6N w - - 0 1", Color::White),
            ("8/2k3P1/4n3/8/8/4K3/8/8 b - - 0 44", Color::Black),
            ("8/6k1/8/2p4p/6N1/8/8/6K1 b - - 0 52", Color::White),
            ("1k6/8/6b1/5PK1/5P2/8/8/8 w - - 6 61", Color::Black),
            // The winner's pawn, blocked, takes a man offered to it.
            ("2q5/8/8/p6p/P4k2/8/8/5K2 b - - 19 59", Color::White),
            ("5k2/p5r1/p7/P3K3/8/7p/b5p1/8 w - - 0 56", Color::White),
            // The winner's knight takes the pawn that blocks its own.
            ("2k5/8/3N4/8/8/p7/P6K/8 b - - 15 57", Color::White),
            // The winner's king walks around the squares the blocker
            // attacks to take it.
            ("8/8/3B4/1p3k2/1P6/8/4K3/8 w - - 8 50", Color::White),
            // Two of the loser's pawns: the second one promoted first.
            ("8/1k2n3/6p1/4r3/8/6B1/2p2K2/8 w - - 0 46", Color::White),
        ] {
            assert!(line(fen, winner).is_some(), "{fen}: no line for {winner:?}");
        }
    }

    #[test]
    fn no_line_without_a_pawn_or_with_too_many_men() {
        assert_eq!(line("8/8/8/5N2/8/8/B7/k6K w - - 0 1", Color::White), None);
        assert_eq!(
            line(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                Color::White
            ),
            None
        );
    }

    fn takes(fen: &str, winner: Color) -> bool {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        takes_into_a_known_win(&pos, winner, &mut Budget::new(1_000))
    }

    #[test]
    fn a_king_that_takes_into_a_known_win_proves_the_verdict() {
        // Blocked pawns: the winner's king walks around and takes the
        // loser's pawn, leaving king and pawn against king.
        assert!(takes("8/3k4/8/p7/P7/8/1K6/8 b - - 17 52", Color::White));
        assert!(takes("8/8/k7/7p/7P/8/8/7K b - - 7 58", Color::White));
        // Either king may: the other side's too.
        assert!(takes("8/3k4/8/p7/P7/8/1K6/8 b - - 17 52", Color::Black));
        // Two takes: the knight, then the pawn.
        assert!(takes("8/8/8/3k4/p7/P1n5/8/K7 w - - 0 1", Color::White));
    }

    #[test]
    fn no_take_is_claimed_into_an_ending_the_winner_cannot_win() {
        // A lone king takes what it likes and still has nothing to mate
        // with: the endings reached are known, and lost for it.
        assert!(!takes("8/8/8/4k3/1p6/2p5/3r4/K7 w - - 0 1", Color::White));
        // Nothing of the loser but its king: no take at all.
        assert!(!takes("8/8/8/4k3/8/8/8/K1B5 w - - 0 1", Color::White));
        // Known endings are answered by the tables, not walked.
        assert!(!takes("8/8/8/4k3/8/2p5/8/K7 w - - 0 1", Color::White));
    }

    #[test]
    fn a_promotion_into_a_known_win_ends_the_verdicts_line() {
        // a8=Q leaves queen against pawn: known, and White wins it.
        let pos = Position::from_fen("8/P7/8/8/8/8/7p/K1k5 w - - 0 1").expect("a valid FEN");
        let line = promote_into_a_known_win_or_mate(&pos, Color::White, &mut Budget::new(8_000))
            .expect("a line");
        assert_eq!(line.len(), 1);
        let mut end = pos.clone();
        end.play(line[0]).expect("a legal move");
        assert!(ends_in_a_known_win(&end, Color::White));
        // A bishop alone is known and never wins; a lone king takes
        // into nothing it wins.
        let bishop = Position::from_fen("8/8/8/4k3/8/8/8/KB6 w - - 0 1").expect("a valid FEN");
        assert!(!ends_in_a_known_win(&bishop, Color::White));
        let bare = Position::from_fen("8/8/8/4k3/1p6/2p5/3r4/K7 w - - 0 1").expect("a valid FEN");
        assert!(!ends_in_a_known_win(&bare, Color::White));
        // Every line found ends in a mate or a known win, replayed.
        for (fen, winner) in [
            ("8/8/2p3k1/7p/4P2P/8/nK6/8 w - - 2 43", Color::Black),
            ("2q5/8/8/p6p/P4k2/8/8/5K2 b - - 19 59", Color::White),
            ("8/3P4/4k3/6p1/p7/P7/7N/1K6 w - - 0 50", Color::White),
            ("5k2/p5r1/p7/P3K3/8/7p/b5p1/8 w - - 0 56", Color::White),
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            let mut budget = Budget::new(8_000);
            let line = promote_into_a_known_win_or_mate(&pos, winner, &mut budget);
            let line = line.unwrap_or_else(|| panic!("{fen}: no line"));
            let mut end = pos.clone();
            for &m in &line {
                end.play(m).expect("a legal move");
            }
            let mated = end.turn() != winner && end.is_checkmate();
            assert!(mated || ends_in_a_known_win(&end, winner), "{fen}");
        }
    }
}
