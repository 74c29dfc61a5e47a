//! A constructive proof of life for rich positions, before any search: the
//! loser's king stays where it stands, boxed in by its own men, and one
//! piece of the winner is brought to a square from which it checks along
//! a line (or by a knight's jump) while the men that stand on that line
//! step off it and the other side waits.
//!
//! For every queen, rook, bishop and knight of the winner and every square
//! from which it would check the loser's king, a *plan* counts the moves it
//! needs: the men standing on the line of the check that must step off it
//! (at most two), and the one or two moves of the piece, at most one man on
//! its way stepping aside. The cheapest plans are played: each side plays
//! its planned moves, the winner's check last, and waits with a harmless
//! move when it has none left. When the check is no mate, the defences are
//! *repaired*: a man that would block the check or take the checker steps
//! away beforehand, a square the king would flee to is filled by one of its
//! own men; then the plan is played again. Fool's mate, Scholar's mate and
//! smothered mates are such plans.
//!
//! A line is only returned when it was played and ended in checkmate, and
//! the caller replays it again: the plans are a guess of where a line lies,
//! never a proof by themselves.

use crate::attacks;
use crate::{Bitboard, Color, Move, MoveKind, Position, Role, Square};
use arrayvec::ArrayVec;

/// The longest line built, in plies.
const MAX_PLIES: usize = 13;

/// A mating line built by a plan.
pub(super) type Line = ArrayVec<Move, MAX_PLIES>;

/// The moves one side plans: clearing moves, the checker's, repairs.
type Planned = ArrayVec<Move, 8>;

/// The most squares around the loser's king that its own men do not hold.
/// On the 29-32-man positions of the replay's slowest plies, a king boxed
/// in on every side was mated in 154 of 168 cases, one with a single free
/// square in 74 of 129 at a higher cost per failure: there only the checks
/// along that square's line (Fool's mate) are tried, the cheapest alone.
const MAX_FLIGHTS: u32 = 1;

/// The most moves a plan may need, both sides counted.
const MAX_COST: u32 = 5;

/// The plans played per winner, cheapest first.
const MAX_TRIES: usize = 3;

/// The rounds of repairs one plan gets.
const MAX_REPAIRS: usize = 2;

/// A piece of the winner brought to a square from which it checks.
#[derive(Copy, Clone)]
struct Plan {
    /// Where the checker stands.
    from: Square,
    /// Its stop on the way, if it needs two moves.
    via: Option<Square>,
    /// The square from which it checks.
    target: Square,
    /// The moves the plan needs, both sides counted.
    cost: u32,
}

/// A line by which `winner` checkmates the loser's king where it stands,
/// found by the plans of this module and played; `None` when none of the
/// cheapest plans mates. Costs a few hundred instructions where no plan
/// applies (the loser's king with open squares around it).
#[inline(never)]
pub(super) fn mate_line(pos: &Position, winner: Color) -> Option<Line> {
    let loser = !winner;
    let king = pos.king(loser);
    let flights = attacks::king(king) & !pos.by_color(loser);
    if flights.len() > MAX_FLIGHTS {
        return None;
    }
    // A free square is covered by a check along its own line only.
    let along = match flights.first() {
        Some(flight) => attacks::line(king, flight)
            .into_iter()
            .filter(|&sq| sq == flight || attacks::between(king, sq).contains(flight))
            .collect(),
        None => Bitboard::FULL,
    };
    let mut plans = plans(pos, winner, king, along);
    plans.sort_unstable_by_key(|p| p.cost);
    plans
        .iter()
        .take(if flights.is_empty() { MAX_TRIES } else { 1 })
        .find_map(|plan| play_plan(pos, winner, king, plan))
}

/// The plans of `winner` against the king on `king`, at most
/// [`MAX_COST`] moves each.
fn plans(pos: &Position, winner: Color, king: Square, along: Bitboard) -> ArrayVec<Plan, 32> {
    let occupied = pos.occupied();
    let ours = pos.by_color(winner);
    let knights = pos.pieces(winner, Role::Knight);
    let queens = pos.pieces(winner, Role::Queen);
    let diagonal = queens | pos.pieces(winner, Role::Bishop);
    let straight = queens | pos.pieces(winner, Role::Rook);
    let jumps = attacks::knight(king);
    let mut plans = ArrayVec::new();
    let targets = ((attacks::empty_reach(Role::Queen, king) | jumps) & !ours) & along;
    for target in targets {
        let pieces = if jumps.contains(target) {
            knights
        } else if attacks::bishop_rays(king).contains(target) {
            diagonal
        } else {
            straight
        };
        if pieces.is_empty() {
            continue;
        }
        let line = attacks::between(king, target);
        let blockers = (line & occupied).len();
        if blockers > 2 {
            continue;
        }
        let guards = if attacks::king(king).contains(target) {
            pos.attackers_under(target, winner, occupied)
        } else {
            Bitboard::FULL
        };
        // Every plan from here needs these moves, and one of the checker.
        let base = blockers + defenders(pos, !winner, king, target);
        if base >= MAX_COST {
            continue;
        }
        for from in pieces {
            let Some(role) = pos.role_at(from) else {
                continue;
            };
            if guards.without(from).is_empty() {
                continue; // a contact check the king takes
            }
            let without = occupied.without(from);
            let now = attacks::reach(role, from, occupied);
            let Some((via, moves)) = route(role, from, target, now, without) else {
                continue;
            };
            if base + moves > MAX_COST {
                continue;
            }
            let Some(fills) = fills(pos, winner, king, role, from, target) else {
                continue;
            };
            let cost = base + moves + fills;
            if cost <= MAX_COST && !plans.is_full() {
                plans.push(Plan {
                    from,
                    via,
                    target,
                    cost,
                });
            }
        }
    }
    plans
}

/// How many squares around the king a check from `target` by the piece of
/// `role` now on `from` leaves free, each to be filled by one of the
/// loser's men; `None` when one cannot be (the winner's man stands there
/// unguarded, or no man of the loser can step there). A guess from the
/// position as it stands: the played line decides.
fn fills(
    pos: &Position,
    winner: Color,
    king: Square,
    role: Role,
    from: Square,
    target: Square,
) -> Option<u32> {
    let loser = !winner;
    let line = attacks::between(king, target);
    let after = (pos.occupied() & !line).without(from).with(target);
    let guarded = attacks::reach(role, target, after.without(king));
    let stay = pos.by_color(loser) & !line;
    let mut fills = 0;
    for flight in attacks::king(king) & !stay & !guarded {
        if (pos.attackers_under(flight, winner, after.without(king)))
            .without(from)
            .any()
        {
            continue;
        }
        if pos.occupied().contains(flight) && !line.contains(flight) {
            return None; // the winner's man, unguarded: the king takes it
        }
        fill(pos, loser, flight, king, line.with(target))?;
        fills += 1;
    }
    Some(fills)
}

/// How many men of `loser` (not its king, nor men on the line) could block
/// a check from `target` or take the checker: each must step away first.
fn defenders(pos: &Position, loser: Color, king: Square, target: Square) -> u32 {
    let line = attacks::between(king, target);
    let after = pos.occupied() & !line;
    let pawns = pos.pieces(loser, Role::Pawn) & !line;
    let back = loser.fold(-1, 1);
    let start = loser.fold(1, 6);
    let mut men = pos.attackers_under(target, loser, after);
    for sq in line {
        men |= pos.attackers_under(sq, loser, after) & !pawns;
        if let Some(one) = sq.offset(0, back) {
            men |= pawns & Bitboard::from_square(one);
            if let Some(two) = one.offset(0, back) {
                if two.rank().index() == start && !after.contains(one) {
                    men |= pawns & Bitboard::from_square(two);
                }
            }
        }
    }
    (men & !line).without(king).len()
}

/// How a piece of `role` on `from` reaches `target`: its stop on the way
/// (if any) and the moves needed, one man on the way stepping aside
/// counted. `now` is what it attacks, `without` the men but itself.
fn route(
    role: Role,
    from: Square,
    target: Square,
    now: Bitboard,
    without: Bitboard,
) -> Option<(Option<Square>, u32)> {
    if now.contains(target) {
        return Some((None, 1));
    }
    let slider = role != Role::Knight;
    if slider
        && attacks::empty_reach(role, from).contains(target)
        && (attacks::between(from, target) & without).len() == 1
    {
        return Some((None, 2));
    }
    let empty = !without.with(from);
    let back = attacks::reach(role, target, without);
    if let Some(via) = (now & back & empty).first() {
        return Some((Some(via), 2));
    }
    if !slider {
        return None;
    }
    // One man on the way steps aside first.
    let one = |a: Square, b: Square| (attacks::between(a, b) & without).len() == 1;
    let far = attacks::empty_reach(role, target);
    if let Some(via) = (now & far & empty).into_iter().find(|&v| one(v, target)) {
        return Some((Some(via), 3));
    }
    let near = attacks::empty_reach(role, from);
    (near & back & empty)
        .into_iter()
        .find(|&v| one(from, v))
        .map(|via| (Some(via), 3))
}

/// The squares a plan needs free or untouched: the line of the check, the
/// target and the checker's way.
fn hot(plan: &Plan, king: Square) -> Bitboard {
    let mut hot = attacks::between(king, plan.target).with(plan.target);
    match plan.via {
        Some(via) => {
            hot |= attacks::between(plan.from, via).with(via) | attacks::between(via, plan.target);
        }
        None => hot |= attacks::between(plan.from, plan.target),
    }
    hot
}

/// A move of the man on `sq` off the squares `hot`, from which it attacks
/// none of them if it can: a pawn's step or double step, or a piece's move
/// to an empty square, the farthest from `king`. `None` for a king, or a
/// man with no such move.
fn away(pos: &Position, sq: Square, hot: Bitboard, king: Square) -> Option<Move> {
    let piece = pos.piece_at(sq)?;
    let occupied = pos.occupied();
    match piece.role {
        Role::King => None,
        Role::Pawn => {
            let dir = piece.color.fold(1, -1);
            let one = sq.offset(0, dir)?;
            if occupied.contains(one) || matches!(one.rank().index(), 0 | 7) {
                return None;
            }
            if !hot.contains(one) {
                return Some(Move::new(sq, one));
            }
            let start = piece.color.fold(1, 6);
            let two = sq.offset(0, 2 * dir)?;
            (sq.rank().index() == start && !occupied.contains(two) && !hot.contains(two))
                .then(|| Move::double_push(sq, two))
        }
        role => {
            let to = attacks::reach(role, sq, occupied) & !occupied & !hot;
            let quiet = |d: &Square| {
                (attacks::piece_attacks(role, piece.color, *d, occupied.without(sq)) & hot)
                    .is_empty()
            };
            let best =
                |set: &mut dyn Iterator<Item = Square>| set.max_by_key(|d| d.king_distance(king));
            best(&mut to.into_iter().filter(quiet))
                .or_else(|| best(&mut to.into_iter()))
                .map(|d| Move::new(sq, d))
        }
    }
}

/// The line of `plan`, played and checked to mate, with repairs; `None`
/// when it does not mate.
fn play_plan(pos: &Position, winner: Color, king: Square, plan: &Plan) -> Option<Line> {
    let hot = hot(plan, king);
    let occupied = pos.occupied();
    let mut ours = Planned::new();
    let mut theirs = Planned::new();
    // At most three men stand in the way (two on the line, one on the
    // checker's way): the lists never fill, and a full one gives up.
    for sq in (hot & occupied).without(plan.from).without(plan.target) {
        let m = away(pos, sq, hot, king)?;
        if pos.by_color(winner).contains(sq) {
            ours.try_push(m).ok()?;
        } else {
            theirs.try_push(m).ok()?;
        }
    }
    match plan.via {
        Some(via) => {
            ours.try_push(Move::new(plan.from, via)).ok()?;
            ours.try_push(Move::new(via, plan.target)).ok()?;
        }
        None => ours.try_push(Move::new(plan.from, plan.target)).ok()?,
    }
    for _ in 0..=MAX_REPAIRS {
        match play_line(pos, winner, king, hot, &ours, &theirs) {
            Played::Mate(line) => return Some(line),
            Played::Failed => return None,
            Played::Check(end) => {
                if !repair(pos, &end, king, hot, &mut theirs) {
                    return None;
                }
            }
        }
    }
    None
}

/// What playing a plan's moves gave.
enum Played {
    Mate(Line),
    /// The check was given, but it is no mate: the position after it.
    Check(Position),
    Failed,
}

/// Plays the planned moves, the winner's last move last (after all of the
/// loser's), each side waiting with a harmless move when its next planned
/// move must wait.
fn play_line(
    pos: &Position,
    winner: Color,
    king: Square,
    hot: Bitboard,
    ours: &[Move],
    theirs: &[Move],
) -> Played {
    let mut planned = Bitboard::EMPTY;
    for m in ours.iter().chain(theirs) {
        planned = planned.with(m.from()).with(m.to());
    }
    let mut cur = pos.clone();
    let mut line = Line::new();
    let mut next = 0;
    let mut done = [false; 8];
    loop {
        let pending = theirs.iter().zip(done).any(|(_, d)| !d);
        let m = if cur.turn() == winner {
            let last = next + 1 == ours.len();
            match ours.get(next) {
                Some(&m) if !(last && pending) && cur.is_legal(m) => {
                    next += 1;
                    m
                }
                Some(_) if pending => match wait(&cur, king, hot | planned) {
                    Some(m) => m,
                    None => return Played::Failed,
                },
                _ => return Played::Failed,
            }
        } else {
            let mine = (0..theirs.len()).find(|&i| !done[i] && cur.is_legal(theirs[i]));
            match mine {
                Some(i) => {
                    done[i] = true;
                    theirs[i]
                }
                None => match wait(&cur, king, hot | planned) {
                    Some(m) => m,
                    None => return Played::Failed,
                },
            }
        };
        if line.try_push(m).is_err() {
            return Played::Failed;
        }
        cur.play_unchecked(m);
        if next == ours.len() && cur.turn() != winner {
            break;
        }
    }
    if cur.is_checkmate() {
        Played::Mate(line)
    } else if cur.is_check() {
        Played::Check(cur)
    } else {
        Played::Failed
    }
}

/// A harmless move of the side to move: no capture, no check, nothing
/// that touches `hot` (nor attacks it, for the loser), not the loser's
/// king nor its men around it. The one farthest from `king`.
fn wait(pos: &Position, king: Square, hot: Bitboard) -> Option<Move> {
    let occupied = pos.occupied();
    let loser = pos.king(pos.turn()) == king;
    let mut keep = hot.with(king);
    if loser {
        keep |= attacks::king(king);
    }
    let us = pos.turn();
    let them = pos.king(!us);
    let mut moves = crate::MoveList::new();
    pos.generate_from(pos.by_color(us) & !keep, &mut moves);
    let mut best: Option<(u32, Move)> = None;
    for &m in moves.iter() {
        if m.kind() != MoveKind::Normal || occupied.contains(m.to()) || hot.contains(m.to()) {
            continue;
        }
        let Some(role) = pos.role_at(m.from()) else {
            continue;
        };
        let after = occupied.without(m.from()).with(m.to());
        let reach = attacks::piece_attacks(role, us, m.to(), after);
        if loser && (reach & hot).any() {
            continue;
        }
        let far = m.from().king_distance(king) + m.to().king_distance(king);
        if best.is_some_and(|(d, _)| d >= far) {
            continue;
        }
        // No check, direct or discovered.
        let discovered = pos.attackers_under(them, us, after).without(m.from());
        if !reach.contains(them) && discovered.is_empty() {
            best = Some((far, m));
        }
    }
    best.map(|(_, m)| m)
}

/// Adds to the loser's planned moves one that removes each defence of the
/// check in `end`: a man that blocks or takes steps away first, a square
/// the king flees to is filled. `false` when nothing new can be added.
fn repair(
    pos: &Position,
    end: &Position,
    king: Square,
    hot: Bitboard,
    theirs: &mut Planned,
) -> bool {
    let loser = end.turn();
    let occupied = pos.occupied();
    let mut added = false;
    let mut seen = Bitboard::EMPTY;
    for d in end.legal_moves() {
        let fix = if d.from() == king {
            let flight = d.to();
            if seen.contains(flight) || occupied.contains(flight) {
                return false;
            }
            seen = seen.with(flight);
            fill(pos, loser, flight, king, hot)
        } else {
            if seen.contains(d.from()) {
                continue;
            }
            seen = seen.with(d.from());
            away(pos, d.from(), hot, king)
        };
        let Some(fix) = fix else {
            return false;
        };
        if theirs.iter().any(|m| m.from() == fix.from()) || theirs.try_push(fix).is_err() {
            return false;
        }
        added = true;
    }
    added
}

/// A move of one of `color`'s men (not its king) to the empty square
/// `flight` beside its king, from where it attacks nothing of `hot`.
fn fill(pos: &Position, color: Color, flight: Square, king: Square, hot: Bitboard) -> Option<Move> {
    let occupied = pos.occupied();
    let dir = color.fold(-1, 1);
    let pawns = pos.pieces(color, Role::Pawn);
    if let Some(one) = flight.offset(0, dir) {
        if pawns.contains(one) {
            return Some(Move::new(one, flight));
        }
        if let Some(two) = one.offset(0, dir) {
            let start = color.fold(1, 6);
            if pawns.contains(two) && !occupied.contains(one) && two.rank().index() == start {
                return Some(Move::double_push(two, flight));
            }
        }
    }
    let after = occupied.with(flight);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in attacks::reach(role, flight, occupied) & pos.pieces(color, role) {
            if from.king_distance(king) > 1
                && (attacks::reach(role, flight, after.without(from)) & hot).is_empty()
            {
                return Some(Move::new(from, flight));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::mate_line;
    use crate::dead::mates;
    use crate::{Color, Position};

    fn line(fen: &str, winner: Color) -> Option<usize> {
        let pos = Position::from_fen(fen).unwrap();
        let line = mate_line(&pos, winner)?;
        assert!(mates(&pos, winner, &line), "{fen}: {line:?}");
        Some(line.len())
    }

    #[test]
    fn finds_fools_mate() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(line(start, Color::Black).is_some_and(|n| n <= 8));
        let f3 = "rnbqkbnr/ppppppp1/8/7p/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(line(f3, Color::Black), Some(4));
        let wrecked = "rnbqkbnr/2pppppp/8/pp6/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3";
        assert_eq!(line(wrecked, Color::Black), Some(4));
    }

    #[test]
    fn finds_the_mirrored_fools_mate_and_scholars_mate() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(line(start, Color::White).is_some_and(|n| n <= 9));
        let scholar = "r1bqkbnr/pppppppp/2n5/8/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1 2";
        assert!(line(scholar, Color::White).is_some_and(|n| n <= 5));
    }

    #[test]
    fn finds_a_smothered_mate() {
        let smothered = "6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1";
        assert!(line(smothered, Color::White).is_some_and(|n| n <= 3));
    }

    #[test]
    fn claims_nothing_without_a_mate() {
        // A bare king cannot be boxed in.
        let bare = "8/8/4k3/8/8/8/8/QQ2K3 w - - 0 1";
        assert_eq!(line(bare, Color::White), None);
        // The winner's check can always be blocked: no line.
        let blocked = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pos = Position::from_fen(blocked).unwrap();
        assert!(mate_line(&pos, Color::White).is_none_or(|l| l.len() > 3));
    }

    #[test]
    fn every_line_found_in_random_games_mates() {
        // Positions of random games from the start: every line a plan
        // gives is played again here and must end in checkmate.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut tried, mut found) = (0, 0);
        for _ in 0..150 {
            let mut pos = Position::new();
            for _ in 0..40 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos.play_unchecked(m);
                for winner in Color::ALL {
                    tried += 1;
                    if let Some(line) = mate_line(&pos, winner) {
                        assert!(mates(&pos, winner, &line), "{pos:?} {winner:?}: {line:?}");
                        found += 1;
                    }
                }
            }
        }
        assert!(found * 20 > tried, "{found} lines in {tried} tries");
    }
}
